// SPDX-License-Identifier: Apache-2.0
// Layer normalisation, whole. The ONNX frontend (and exporters of opsets before 17) write it as ten ops:
// d = x - ReduceMean(x), ReduceMean(d * d) (or Power(d, 2)), + eps, Sqrt, then d * (1 / sqrt) or d / sqrt, each a
// pass over the activation (three per BERT layer). fuse_layer_norm puts one MVN-6 (normalize_variance, eps inside
// the square root, the same axes) in their place; the scale and shift after it stay Multiply and Add. The kernel
// below runs MVN-6 and MVN-1 over trailing axes (contiguous rows), f32, two passes per row.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "devmux/kit/passes.hpp"
#include "kernels/kernel.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/mvn.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/subtract.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

// ---- the kernel ----

struct MvnSpec {
    size_t rows = 0, row_len = 0;
    bool normalize_variance = true;
    bool eps_inside_sqrt = true;
    float eps = 0;
};

// y = (x - mean) / sqrt(var + eps) (or / (sqrt(var) + eps)) per row, mean and var over the row in float.
void mvn_rows(const MvnSpec& s, const float* in, float* out, size_t begin, size_t end) {
    const float inv_len = 1.0f / static_cast<float>(s.row_len);
    for (size_t row = begin; row < end; ++row) {
        const float* x = in + row * s.row_len;
        float* y = out + row * s.row_len;
        float sum = 0;
        for (size_t i = 0; i < s.row_len; ++i)
            sum += x[i];
        const float mean = sum * inv_len;
        if (!s.normalize_variance) {
            for (size_t i = 0; i < s.row_len; ++i)
                y[i] = x[i] - mean;
            continue;
        }
        float squares = 0;
        for (size_t i = 0; i < s.row_len; ++i)
            squares += (x[i] - mean) * (x[i] - mean);
        const float var = squares * inv_len;
        const float scale = s.eps_inside_sqrt ? 1.0f / std::sqrt(var + s.eps) : 1.0f / (std::sqrt(var) + s.eps);
        for (size_t i = 0; i < s.row_len; ++i)
            y[i] = (x[i] - mean) * scale;
    }
}

class MvnKernel final : public Kernel {
public:
    explicit MvnKernel(const MvnSpec& spec) : m_spec(spec) {}
    std::string name() const override { return "mvn_f32"; }
    // A row is read whole before it is written.
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t n = m_spec.rows * m_spec.row_len;
        for_row_ranges(ctx.pool, m_spec.rows, n, [&](size_t begin, size_t end) { mvn_rows(m_spec, in, out, begin, end); },
                       1u << 15);
    }

private:
    MvnSpec m_spec;
};

std::optional<MvnSpec> mvn_spec(const ov::Node& node, std::string* why) {
    MvnSpec spec;
    ov::AxisSet axes;
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_partial_shape(0).is_dynamic())
        return refuse(why, "has data other than f32 or of dynamic shape");
    const ov::Shape shape = node.get_input_shape(0);
    if (const auto* v6 = ov::as_type<const ov::op::v6::MVN>(&node)) {
        const auto axes_constant = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(1));
        if (!axes_constant)
            return refuse(why, "has axes that are not a Constant");
        for (int64_t axis : axes_constant->cast_vector<int64_t>()) {
            const int64_t a = axis < 0 ? axis + static_cast<int64_t>(shape.size()) : axis;
            if (a < 0 || a >= static_cast<int64_t>(shape.size()))
                return refuse(why, "has an axis outside its data's rank");
            axes.insert(static_cast<size_t>(a));
        }
        spec.normalize_variance = v6->get_normalize_variance();
        spec.eps_inside_sqrt = v6->get_eps_mode() == ov::op::MVNEpsMode::INSIDE_SQRT;
        spec.eps = v6->get_eps();
    } else if (const auto* v0 = ov::as_type<const ov::op::v0::MVN>(&node)) {
        // MVN-1: its axes, else every axis from the channels (across_channels) or from the spatial ones; eps
        // inside the square root, as the specification and the reference have it.
        axes = v0->get_reduction_axes();
        if (axes.empty())
            for (size_t axis = v0->get_across_channels() ? 1 : 2; axis < shape.size(); ++axis)
                axes.insert(axis);
        spec.normalize_variance = v0->get_normalize_variance();
        spec.eps_inside_sqrt = true;
        spec.eps = static_cast<float>(v0->get_eps());
    } else {
        return refuse(why, "is not an MVN-1 or MVN-6");
    }
    if (axes.empty() || *axes.rbegin() != shape.size() - 1 || *axes.rbegin() - *axes.begin() + 1 != axes.size())
        return refuse(why, "normalises over axes other than a run of trailing axes");
    spec.row_len = ov::shape_size(ov::Shape(shape.begin() + static_cast<std::ptrdiff_t>(*axes.begin()), shape.end()));
    spec.rows = ov::shape_size(ov::Shape(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(*axes.begin())));
    if (spec.row_len == 0)
        return refuse(why, "normalises over an empty run of axes");
    return spec;
}

// ---- the pattern ----

bool read_once(const ov::Output<ov::Node>& value) { return value.get_target_inputs().size() == 1; }

template <typename T>
std::shared_ptr<T> numpy_op(const ov::Output<ov::Node>& value) {
    auto op = ov::as_type_ptr<T>(value.get_node_shared_ptr());
    return op && op->get_autob().m_type == ov::op::AutoBroadcastType::NUMPY ? op : nullptr;
}

// The one f32 value of a Constant, or NaN.
float scalar_of(const ov::Output<ov::Node>& value) {
    const auto c = ov::as_type_ptr<ov::op::v0::Constant>(value.get_node_shared_ptr());
    if (!c || c->get_element_type() != ov::element::f32 || ov::shape_size(c->get_shape()) != 1)
        return NAN;
    return c->cast_vector<float>()[0];
}

// The data's axes (non-negative, sorted) that a ReduceMean with keep_dims and Constant axes reduces, or none.
std::optional<ov::AxisSet> mean_axes(const ov::Output<ov::Node>& value) {
    const auto mean = ov::as_type_ptr<ov::op::v1::ReduceMean>(value.get_node_shared_ptr());
    if (!mean || !mean->get_keep_dims() || !mean->reduction_axes_constant() ||
        mean->get_input_partial_shape(0).rank().is_dynamic())
        return std::nullopt;
    return mean->get_reduction_axes();
}

// The value d where `value` is the variance ReduceMean(d * d) (or ReduceMean(Power(d, 2))) over `axes`.
ov::Output<ov::Node> variance_input(const ov::Output<ov::Node>& value, const ov::AxisSet& axes) {
    const auto axes_here = mean_axes(value);
    if (!axes_here || *axes_here != axes || !read_once(value))
        return {};
    const ov::Output<ov::Node> square = value.get_node_shared_ptr()->input_value(0);
    if (!read_once(square))
        return {};
    if (const auto mul = numpy_op<ov::op::v1::Multiply>(square))
        return mul->input_value(0) == mul->input_value(1) ? mul->input_value(0) : ov::Output<ov::Node>{};
    if (const auto pow = numpy_op<ov::op::v1::Power>(square))
        return scalar_of(pow->input_value(1)) == 2.0f ? pow->input_value(0) : ov::Output<ov::Node>{};
    return {};
}

// Sqrt(var + eps) -> var and eps.
bool sqrt_of_sum(const ov::Output<ov::Node>& value, ov::Output<ov::Node>& variance, float& eps) {
    const auto sqrt = ov::as_type_ptr<ov::op::v0::Sqrt>(value.get_node_shared_ptr());
    if (!sqrt || !read_once(value) || !read_once(sqrt->input_value(0)))
        return false;
    const auto add = numpy_op<ov::op::v1::Add>(sqrt->input_value(0));
    if (!add)
        return false;
    for (size_t side = 0; side < 2; ++side) {
        const float e = scalar_of(add->input_value(side));
        if (e >= 0.0f) {  // NaN (no Constant) fails too
            variance = add->input_value(1 - side);
            eps = e;
            return true;
        }
    }
    return false;
}

struct LayerNormMatch {
    ov::Output<ov::Node> x;
    ov::AxisSet axes;
    float eps = 0;
};

// (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps), as d * (1 / sqrt(...)) or d / sqrt(...), rooted at `root`.
std::optional<LayerNormMatch> layer_norm_at(const std::shared_ptr<ov::Node>& root) {
    ov::Output<ov::Node> d, root_sqrt;
    if (const auto div = numpy_op<ov::op::v1::Divide>(root->output(0))) {
        d = div->input_value(0);
        root_sqrt = div->input_value(1);
    } else if (const auto mul = numpy_op<ov::op::v1::Multiply>(root->output(0))) {
        for (size_t side = 0; side < 2 && !root_sqrt.get_node(); ++side) {
            const auto reciprocal = numpy_op<ov::op::v1::Divide>(mul->input_value(side));
            if (reciprocal && read_once(mul->input_value(side)) && scalar_of(reciprocal->input_value(0)) == 1.0f) {
                d = mul->input_value(1 - side);
                root_sqrt = reciprocal->input_value(1);
            }
        }
    }
    if (!root_sqrt.get_node())
        return std::nullopt;
    ov::Output<ov::Node> variance;
    float eps = 0;
    if (!sqrt_of_sum(root_sqrt, variance, eps))
        return std::nullopt;
    const auto sub = numpy_op<ov::op::v1::Subtract>(d);
    if (!sub)
        return std::nullopt;
    const auto axes = mean_axes(sub->input_value(1));
    if (!axes || !read_once(sub->input_value(1)) ||
        sub->input_value(1).get_node_shared_ptr()->input_value(0) != sub->input_value(0))
        return std::nullopt;
    if (variance_input(variance, *axes) != d)
        return std::nullopt;
    // d feeds the square (once or twice) and the root only.
    for (const auto& consumer : d.get_target_inputs()) {
        const ov::Node* user = consumer.get_node();
        if (user != root.get() && user != variance.get_node()->get_input_node_ptr(0))
            return std::nullopt;
    }
    const ov::Output<ov::Node> x = sub->input_value(0);
    // Only over trailing axes, which the kernel below runs; elsewhere the ops as written are faster than MVN's
    // reference.
    const size_t rank = x.get_partial_shape().size();
    if (axes->empty() || *axes->rbegin() != rank - 1 || *axes->rbegin() - *axes->begin() + 1 != axes->size())
        return std::nullopt;
    if (x.get_element_type() != ov::element::f32 || x.get_partial_shape().is_dynamic() ||
        root->get_output_element_type(0) != ov::element::f32 ||
        root->get_output_partial_shape(0) != x.get_partial_shape())
        return std::nullopt;
    return LayerNormMatch{x, *axes, eps};
}

}  // namespace

size_t fuse_layer_norm(ov::Model& model) {
    size_t fused = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if ((!ov::is_type<ov::op::v1::Multiply>(node) && !ov::is_type<ov::op::v1::Divide>(node)) ||
            node->output(0).get_target_inputs().empty())
            continue;
        const auto match = layer_norm_at(node);
        if (!match)
            continue;
        const std::vector<int64_t> axes(match->axes.begin(), match->axes.end());
        const auto axes_constant = ov::op::v0::Constant::create(ov::element::i64, {axes.size()}, axes);
        kit::replace_keeping_identity(node, std::make_shared<ov::op::v6::MVN>(match->x, axes_constant, true, match->eps,
                                                                              ov::op::MVNEpsMode::INSIDE_SQRT));
        ++fused;
    }
    return fused;
}

CpuKernelEntry mvn_entry() {
    return {{"MVN"}, "", {}, refusal_of(mvn_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<MvnKernel>(*mvn_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
