// SPDX-License-Identifier: Apache-2.0
// Cheap ops that run on every activation: f32 Relu / Sigmoid / Tanh / Exp / Sqrt / Clamp, and Concat of
// any element type (row copies). Their reference versions are correct but allocate per call; these
// keep an inference allocation-free and spread large tensors over the pool.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/kernel.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/exp.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/tanh.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

enum class UnaryOp { relu, sigmoid, tanh, exp, sqrt, clamp };

class UnaryKernel final : public Kernel {
public:
    UnaryKernel(UnaryOp op, float lo, float hi) : m_op(op), m_lo(lo), m_hi(hi) {}
    std::string name() const override { return "eltwise_f32"; }
    // Each element is read before the same element is written.
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t n = inputs[0].get_size();
        for_row_ranges(ctx.pool, n, n, [&](size_t begin, size_t end) { apply(in, out, begin, end); }, 1u << 16);
    }

private:
    void apply(const float* in, float* out, size_t begin, size_t end) const {
        switch (m_op) {
        case UnaryOp::relu:
            for (size_t i = begin; i < end; ++i)
                out[i] = in[i] > 0.0f ? in[i] : 0.0f;
            break;
        case UnaryOp::sigmoid:
            for (size_t i = begin; i < end; ++i)
                out[i] = 1.0f / (1.0f + std::exp(-in[i]));
            break;
        case UnaryOp::tanh:
            for (size_t i = begin; i < end; ++i)
                out[i] = std::tanh(in[i]);
            break;
        case UnaryOp::exp:
            for (size_t i = begin; i < end; ++i)
                out[i] = std::exp(in[i]);
            break;
        case UnaryOp::sqrt:
            for (size_t i = begin; i < end; ++i)
                out[i] = std::sqrt(in[i]);
            break;
        case UnaryOp::clamp:
            for (size_t i = begin; i < end; ++i)
                out[i] = std::min(std::max(in[i], m_lo), m_hi);
            break;
        }
    }

    UnaryOp m_op;
    float m_lo, m_hi;
};

// Output = the inputs' rows side by side: for every index of the axes before `axis`, each input
// contributes one contiguous run of bytes.
class ConcatKernel final : public Kernel {
public:
    ConcatKernel(size_t outer, std::vector<size_t> run_bytes) : m_outer(outer), m_run_bytes(std::move(run_bytes)) {
        for (size_t bytes : m_run_bytes)
            m_row_bytes += bytes;
    }
    std::string name() const override { return "concat"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        char* out = static_cast<char*>(outputs[0].data());
        auto rows = [&](size_t begin, size_t end) {
            for (size_t o = begin; o < end; ++o) {
                char* dst = out + o * m_row_bytes;
                for (size_t i = 0; i < inputs.size(); ++i) {
                    std::memcpy(dst, static_cast<const char*>(inputs[i].data()) + o * m_run_bytes[i], m_run_bytes[i]);
                    dst += m_run_bytes[i];
                }
            }
        };
        for_row_ranges(ctx.pool, m_outer, m_outer * m_row_bytes, rows, 1u << 20);
    }

private:
    size_t m_outer;
    std::vector<size_t> m_run_bytes;  // per input
    size_t m_row_bytes = 0;
};

struct UnarySpec {
    UnaryOp op;
    float lo = 0, hi = 0;  // Clamp's bounds
};

std::optional<UnarySpec> unary_spec(const ov::Node& node, std::string* why) {
    if (node.get_input_size() != 1 || node.get_input_element_type(0) != ov::element::f32 ||
        node.get_output_element_type(0) != ov::element::f32 || node.get_input_partial_shape(0).is_dynamic())
        return refuse(why, "has data or result other than f32, or a dynamic shape");
    UnarySpec spec{};
    if (ov::is_type<ov::op::v0::Relu>(&node)) {
        spec.op = UnaryOp::relu;
    } else if (ov::is_type<ov::op::v0::Sigmoid>(&node)) {
        spec.op = UnaryOp::sigmoid;
    } else if (ov::is_type<ov::op::v0::Tanh>(&node)) {
        spec.op = UnaryOp::tanh;
    } else if (ov::is_type<ov::op::v0::Exp>(&node)) {
        spec.op = UnaryOp::exp;
    } else if (ov::is_type<ov::op::v0::Sqrt>(&node)) {
        spec.op = UnaryOp::sqrt;
    } else if (const auto* clamp = ov::as_type<const ov::op::v0::Clamp>(&node)) {
        spec.op = UnaryOp::clamp;
        spec.lo = static_cast<float>(clamp->get_min());
        spec.hi = static_cast<float>(clamp->get_max());
    } else {
        return refuse(why, "is not a Relu, Sigmoid, Tanh, Exp, Sqrt or Clamp of opset1");
    }
    return spec;
}

struct ConcatSpec {
    size_t outer = 0;
    std::vector<size_t> run_bytes;  // per input: the bytes it adds to each of the `outer` rows
};

std::optional<ConcatSpec> concat_spec(const ov::Node& node, std::string* why) {
    const auto* concat = ov::as_type<const ov::op::v0::Concat>(&node);
    if (!concat)
        return refuse(why, "is not a Concat-1");
    if (node.get_output_partial_shape(0).is_dynamic() || !node.get_output_element_type(0).is_static())
        return refuse(why, "has a result of dynamic shape or element type");
    if (concat->get_concatenation_axis() < 0)
        return refuse(why, "has a negative axis left unresolved");
    const auto axis = static_cast<size_t>(concat->get_concatenation_axis());
    const ov::Shape out = node.get_output_shape(0);
    if (axis >= out.size())
        return refuse(why, "has an axis outside its result's rank");
    ConcatSpec spec;
    spec.outer = ov::shape_size(ov::Shape(out.begin(), out.begin() + axis));
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        if (node.get_input_partial_shape(i).is_dynamic() ||
            node.get_input_element_type(i) != node.get_output_element_type(0))
            return refuse(why, "has an input of dynamic shape or of another element type than its result");
        const ov::Shape in = node.get_input_shape(i);
        spec.run_bytes.push_back(ov::shape_size(ov::Shape(in.begin() + axis, in.end())) *
                                 node.get_output_element_type(0).size());
    }
    return spec;
}

}  // namespace

CpuKernelEntry eltwise_unary_entry() {
    return {{"Relu", "Sigmoid", "Tanh", "Exp", "Sqrt", "Clamp"}, "", {}, refusal_of(unary_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                const UnarySpec spec = *unary_spec(*node, nullptr);
                return std::make_shared<UnaryKernel>(spec.op, spec.lo, spec.hi);
            }};
}

CpuKernelEntry concat_entry() {
    return {{"Concat"}, "", {}, refusal_of(concat_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                ConcatSpec spec = *concat_spec(*node, nullptr);
                return std::make_shared<ConcatKernel>(spec.outer, std::move(spec.run_bytes));
            }};
}

}  // namespace cpu
}  // namespace devmux
