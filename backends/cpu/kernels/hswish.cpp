// SPDX-License-Identifier: Apache-2.0
// HSwish, whole. ONNX exporters (paddle2onnx, older PyTorch opsets) write hard-swish as five ops,
// x * clip(x + 3, 0, 6) / 6: an Add, a Clamp (or a Maximum and a Minimum), a Multiply and a Divide, each a
// pass over the activation. fuse_hswish puts one HSwish-4 in their place (OpenVINO's op of exactly that
// formula, which the reference evaluates in the same order, so results stay bit-identical), and the kernel
// below computes it in one pass. PP-OCR's MobileNetV3 and PPLCNet backbones have one after most convolutions.
#include <algorithm>

#include "devmux/kit/passes.hpp"
#include "kernels/kernel.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/hsigmoid.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

// ---- the pattern ----

// Whether `value` is a Constant holding one f32 equal to `expected`.
bool is_scalar(const ov::Output<ov::Node>& value, float expected) {
    const auto c = ov::as_type_ptr<ov::op::v0::Constant>(value.get_node_shared_ptr());
    if (!c || c->get_element_type() != ov::element::f32 || ov::shape_size(c->get_shape()) != 1)
        return false;
    return c->cast_vector<float>()[0] == expected;
}

// The operand of a two-input node that is not the scalar `expected` (either side for commutative ops).
bool other_operand(const ov::Node& node, float expected, bool commutative, ov::Output<ov::Node>& other) {
    if (is_scalar(node.input_value(1), expected)) {
        other = node.input_value(0);
        return true;
    }
    if (commutative && is_scalar(node.input_value(0), expected)) {
        other = node.input_value(1);
        return true;
    }
    return false;
}

bool read_once(const ov::Output<ov::Node>& value) { return value.get_target_inputs().size() == 1; }

template <typename T>
bool numpy_broadcast(const ov::Node& node) {
    const auto* op = ov::as_type<const T>(&node);
    return op && op->get_autob().m_type == ov::op::AutoBroadcastType::NUMPY;
}

// The input of clip(v, 0, 6) written as a Clamp, Minimum(Maximum(v, 0), 6) or Maximum(Minimum(v, 6), 0).
bool clip_0_6_input(const ov::Output<ov::Node>& value, ov::Output<ov::Node>& input) {
    const auto node = value.get_node_shared_ptr();
    if (const auto clamp = ov::as_type_ptr<ov::op::v0::Clamp>(node)) {
        if (clamp->get_min() != 0.0 || clamp->get_max() != 6.0)
            return false;
        input = clamp->input_value(0);
        return true;
    }
    ov::Output<ov::Node> inner;
    if (numpy_broadcast<ov::op::v1::Minimum>(*node) && other_operand(*node, 6.0f, true, inner)) {
        const auto max = inner.get_node_shared_ptr();
        return read_once(inner) && numpy_broadcast<ov::op::v1::Maximum>(*max) && other_operand(*max, 0.0f, true, input);
    }
    if (numpy_broadcast<ov::op::v1::Maximum>(*node) && other_operand(*node, 0.0f, true, inner)) {
        const auto min = inner.get_node_shared_ptr();
        return read_once(inner) && numpy_broadcast<ov::op::v1::Minimum>(*min) && other_operand(*min, 6.0f, true, input);
    }
    return false;
}

// x for Divide(Multiply(x, clip(Add(x, 3), 0, 6)), 6) with every intermediate read only by the next op and
// every value of x's f32 static shape (so no broadcast changes a shape), else an empty output.
ov::Output<ov::Node> hswish_input(const std::shared_ptr<ov::Node>& divide) {
    ov::Output<ov::Node> product, x;
    if (!numpy_broadcast<ov::op::v1::Divide>(*divide) || !other_operand(*divide, 6.0f, false, product))
        return {};
    const auto multiply = product.get_node_shared_ptr();
    if (!read_once(product) || !numpy_broadcast<ov::op::v1::Multiply>(*multiply))
        return {};
    for (size_t side = 0; side < 2; ++side) {
        const ov::Output<ov::Node> clip = multiply->input_value(1 - side);
        ov::Output<ov::Node> sum, add_input;
        if (!read_once(clip) || !clip_0_6_input(clip, sum) || !read_once(sum))
            continue;
        const auto add = sum.get_node_shared_ptr();
        if (!numpy_broadcast<ov::op::v1::Add>(*add) || !other_operand(*add, 3.0f, true, add_input))
            continue;
        if (add_input != multiply->input_value(side))
            continue;
        x = add_input;
        break;
    }
    if (!x.get_node())
        return {};
    const auto& shape = x.get_partial_shape();
    for (const ov::Node* n : {divide.get(), multiply.get()})
        if (n->get_output_element_type(0) != ov::element::f32 || n->get_output_partial_shape(0) != shape)
            return {};
    if (x.get_element_type() != ov::element::f32 || shape.rank().is_dynamic())
        return {};
    return x;
}

// ---- the kernel ----

class HSwishKernel final : public Kernel {
public:
    explicit HSwishKernel(bool swish) : m_swish(swish) {}
    std::string name() const override { return "eltwise_f32"; }
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t n = inputs[0].get_size();
        // The reference's order of operations, so the results are the same bits.
        auto part = [&](size_t begin, size_t end) {
            if (m_swish)
                for (size_t i = begin; i < end; ++i)
                    out[i] = in[i] * std::min(std::max(in[i] + 3.0f, 0.0f), 6.0f) / 6.0f;
            else
                for (size_t i = begin; i < end; ++i)
                    out[i] = std::min(std::max(in[i] + 3.0f, 0.0f), 6.0f) / 6.0f;
        };
        for_row_ranges(ctx.pool, n, n, part, 1u << 16);
    }

private:
    bool m_swish;
};

std::string hswish_refusal(const ov::Node& node) {
    if (!ov::is_type<ov::op::v4::HSwish>(&node) && !ov::is_type<ov::op::v5::HSigmoid>(&node))
        return "is not an HSwish-4 or HSigmoid-5";
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_output_element_type(0) != ov::element::f32 ||
        node.get_input_partial_shape(0).is_dynamic())
        return "has data or result other than f32, or a dynamic shape";
    return {};
}

}  // namespace

size_t fuse_hswish(ov::Model& model) {
    size_t fused = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (!ov::is_type<ov::op::v1::Divide>(node))
            continue;
        const ov::Output<ov::Node> x = hswish_input(node);
        if (!x.get_node())
            continue;
        kit::replace_keeping_identity(node, std::make_shared<ov::op::v4::HSwish>(x));
        ++fused;
    }
    return fused;
}

CpuKernelEntry hswish_entry() {
    return {{"HSwish", "HSigmoid"}, "", {}, hswish_refusal,
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<HSwishKernel>(ov::is_type<ov::op::v4::HSwish>(node));
            }};
}

}  // namespace cpu
}  // namespace devmux
