// SPDX-License-Identifier: Apache-2.0
// The normalisation family: MVN-1, MVN-6, NormalizeL2-1, LRN-1, GRN-1, BatchNormInference-1/-5 and
// GroupNormalization-12. Every kernel reads its inputs as double and writes back in the input's type, so one
// kernel serves f32, f16, bf16 and f64 and sums over many elements keep their precision.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "openvino/op/batch_norm.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/grn.hpp"
#include "openvino/op/group_normalization.hpp"
#include "openvino/op/lrn.hpp"
#include "openvino/op/mvn.hpp"
#include "openvino/op/normalize_l2.hpp"
#include "ops/enum_names.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

// ---------------------------------------------------------------------------------------------------------
// Enum texts.
namespace {
using devmux::ref::EnumName;
using devmux::ref::read_enum_name;
using devmux::ref::write_enum_name;

const EnumName<MVNEpsMode> mvn_eps_names[] = {{MVNEpsMode::INSIDE_SQRT, "inside_sqrt"},
                                              {MVNEpsMode::OUTSIDE_SQRT, "outside_sqrt"}};
const EnumName<EpsMode> eps_names[] = {{EpsMode::ADD, "add"}, {EpsMode::MAX, "max"}};
}  // namespace

std::ostream& operator<<(std::ostream& os, MVNEpsMode mode) { return write_enum_name(os, mode, mvn_eps_names); }
std::istream& operator>>(std::istream& is, MVNEpsMode& mode) {
    return read_enum_name(is, mode, mvn_eps_names, "MVN eps_mode");
}
std::ostream& operator<<(std::ostream& os, EpsMode mode) { return write_enum_name(os, mode, eps_names); }
std::istream& operator>>(std::istream& is, EpsMode& mode) { return read_enum_name(is, mode, eps_names, "eps_mode"); }

// ---------------------------------------------------------------------------------------------------------
// Shared helpers.
namespace {

using devmux::ref::describe;

void check_normalization_inputs(const Node& op, size_t count, const char* names) {
    DEVMUX_NODE_CHECK(op, op.get_input_size() == count, "expects ", count, " inputs (", names, "), got ",
                      op.get_input_size());
}

void check_real(const Node& op, size_t i, const char* what) {
    const auto& type = op.get_input_element_type(i);
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || type.is_real(), what, " must have a real element type, got ", type);
}

void check_evaluate_inputs(const Node& op, const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs.size() == op.get_input_size(), "evaluate expects ", op.get_input_size(),
                      " inputs, got ", inputs.size());
}

bool evaluates_normalization(const Node& op, size_t data_input) {
    return op.get_input_size() > data_input &&
           devmux::ref::dispatch_real(op.get_input_element_type(data_input), [](auto) {});
}

// Element types of several real inputs that must agree (data, gamma, beta, ...).
element::Type merge_real_types(const Node& op, const std::vector<size_t>& inputs) {
    element::Type merged = element::dynamic;
    for (size_t i : inputs) {
        const auto& type = op.get_input_element_type(i);
        DEVMUX_NODE_CHECK(op, element::Type::merge(merged, merged, type), "element types of the inputs differ: ",
                          merged, " and ", type, " (input ", i, ")");
    }
    DEVMUX_NODE_CHECK(op, merged.is_dynamic() || merged.is_real(), "inputs must have a real element type, got ",
                      merged);
    return merged;
}

// Normalised axes from an integer input's known value; throws naming the op for an out-of-range or repeated axis.
AxisSet axes_from(const Node& op, const std::vector<int64_t>& values, int64_t rank, const char* what) {
    AxisSet axes;
    for (int64_t v : values) {
        const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(op, v, rank, what));
        DEVMUX_NODE_CHECK(op, axes.insert(axis).second, what, " ", v, " is repeated");
    }
    return axes;
}

// Validates an axes input (integer, scalar or 1-D) and returns its normalised value when known.
bool known_axes(const Node& op, size_t i, const char* what, AxisSet& axes) {
    devmux::ref::check_integral_input(op, i, what);
    const PartialShape& shape = op.get_input_partial_shape(i);
    DEVMUX_NODE_CHECK(op, !shape.rank_is_static() || shape.size() <= 1, what,
                      " must be a scalar or a 1-D tensor, got shape ", shape);
    const PartialShape& data = op.get_input_partial_shape(0);
    auto value = devmux::ref::constant_input(op, i);
    if (!value || !data.rank_is_static())
        return false;
    axes = axes_from(op, value->cast_vector<int64_t>(), static_cast<int64_t>(data.size()), what);
    return true;
}

// For each element of a tensor of this shape, the index of its group: the elements that differ only along
// `axes` share a group. Groups are numbered in row-major order of the kept axes.
std::vector<size_t> group_index(const Shape& shape, const AxisSet& axes, size_t& groups) {
    const size_t rank = shape.size();
    std::vector<size_t> kept_stride(rank, 0);
    groups = 1;
    for (size_t i = rank; i-- > 0;)
        if (!axes.count(i)) {
            kept_stride[i] = groups;
            groups *= shape[i];
        }
    const size_t total = shape_size(shape);
    std::vector<size_t> group(total);
    std::vector<size_t> coord(rank, 0);
    size_t current = 0;
    for (size_t flat = 0; flat < total; ++flat) {
        group[flat] = current;
        // Odometer step over the coordinates, keeping the group index in step.
        for (size_t i = rank; i-- > 0;) {
            if (++coord[i] < shape[i]) {
                current += kept_stride[i];
                break;
            }
            current -= kept_stride[i] * (shape[i] - 1);
            coord[i] = 0;
        }
    }
    return group;
}

// Runs fn(const double* in, double* out) over the data tensor, writing output 0 in the data's element type
// and shape; false for a non-real type.
template <typename Fn>
bool evaluate_real(TensorVector& outputs, const Tensor& data, Fn&& fn) {
    if (!devmux::ref::dispatch_real(data.get_element_type(), [](auto) {}))
        return false;
    devmux::ref::InputBuffer<double> in(data);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, data.get_element_type(), data.get_shape());
    devmux::ref::OutputBuffer<double> o(out);
    fn(in.data(), o.data());
    o.commit();
    return true;
}

// Mean-variance normalisation over `axes`: (x - mean) / sqrt(var + eps) (eps inside) or
// (x - mean) / (sqrt(var) + eps) (outside), or just x - mean without variance normalisation.
void mvn(const double* x, double* y, const Shape& shape, const AxisSet& axes, bool normalize_variance, double eps,
         bool eps_inside) {
    size_t groups = 0;
    const auto group = group_index(shape, axes, groups);
    const size_t total = group.size();
    if (total == 0)
        return;
    const double count = static_cast<double>(total / groups);
    std::vector<double> mean(groups, 0.0), variance(groups, 0.0);
    for (size_t i = 0; i < total; ++i)
        mean[group[i]] += x[i];
    for (auto& m : mean)
        m /= count;
    for (size_t i = 0; i < total; ++i) {
        const double d = x[i] - mean[group[i]];
        variance[group[i]] += d * d;
    }
    std::vector<double> scale(groups, 1.0);
    if (normalize_variance)
        for (size_t g = 0; g < groups; ++g) {
            const double var = variance[g] / count;
            scale[g] = 1.0 / (eps_inside ? std::sqrt(var + eps) : std::sqrt(var) + eps);
        }
    for (size_t i = 0; i < total; ++i)
        y[i] = (x[i] - mean[group[i]]) * scale[group[i]];
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
namespace v0 {

MVN::MVN(const Output<Node>& data, bool across_channels, bool normalize_variance, double eps)
    : Op({data}), m_eps(eps), m_across_channels(across_channels), m_normalize_variance(normalize_variance) {
    constructor_validate_and_infer_types();
}

MVN::MVN(const Output<Node>& data, AxisSet reduction_axes, bool normalize_variance, double eps)
    : Op({data}),
      m_eps(eps),
      m_across_channels(reduction_axes.count(1) > 0),
      m_normalize_variance(normalize_variance),
      m_reduction_axes(std::move(reduction_axes)) {
    constructor_validate_and_infer_types();
}

void MVN::validate_and_infer_types() {
    check_normalization_inputs(*this, 1, "data");
    check_real(*this, 0, "data");
    DEVMUX_NODE_CHECK(*this, m_eps >= 0, "eps must not be negative, got ", m_eps);
    const PartialShape& shape = get_input_partial_shape(0);
    if (shape.rank_is_static()) {
        const size_t rank = shape.size();
        if (m_reduction_axes.empty()) {
            // The spatial axes, and the channel axis too when across_channels.
            DEVMUX_NODE_CHECK(*this, rank >= 2, "data must have rank 2 or more ([N, C, ...]), got shape ", shape);
            for (size_t axis = m_across_channels ? 1 : 2; axis < rank; ++axis)
                m_reduction_axes.insert(axis);
        }
        for (size_t axis : m_reduction_axes)
            DEVMUX_NODE_CHECK(*this, axis < rank, "reduction axis ", axis, " is out of range for rank ", rank);
    }
    set_output_type(0, get_input_element_type(0), shape);
}

bool MVN::visit_attributes(AttributeVisitor& visitor) {
    const bool across_before = m_across_channels;
    const std::vector<int64_t> axes_before(m_reduction_axes.begin(), m_reduction_axes.end());
    std::vector<int64_t> axes = axes_before;
    visitor.on_attribute("eps", m_eps);
    visitor.on_attribute("across_channels", m_across_channels);
    visitor.on_attribute("normalize_variance", m_normalize_variance);
    visitor.on_attribute("reduction_axes", axes);
    if (axes != axes_before) {
        // Axes given explicitly (as OpenVINO writes them) win over across_channels.
        m_reduction_axes.clear();
        for (int64_t axis : axes) {
            DEVMUX_NODE_CHECK(*this, axis >= 0, "reduction_axes must not be negative, got ", axis);
            m_reduction_axes.insert(static_cast<size_t>(axis));
        }
        m_across_channels = m_reduction_axes.count(1) > 0;
    } else if (m_across_channels != across_before) {
        // A changed across_channels means the axes derived from it must be derived again.
        m_reduction_axes.clear();
    }
    return true;
}

std::shared_ptr<Node> MVN::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    if (!m_reduction_axes.empty())
        return std::make_shared<MVN>(new_args[0], m_reduction_axes, m_normalize_variance, m_eps);
    return std::make_shared<MVN>(new_args[0], m_across_channels, m_normalize_variance, m_eps);
}

bool MVN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    AxisSet axes = m_reduction_axes;
    if (axes.empty())
        for (size_t axis = m_across_channels ? 1 : 2; axis < shape.size(); ++axis)
            axes.insert(axis);
    for (size_t axis : axes)
        DEVMUX_NODE_CHECK(*this, axis < shape.size(), "reduction axis ", axis, " is out of range for shape ", shape);
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        mvn(x, y, shape, axes, m_normalize_variance, m_eps, true);
    });
}

bool MVN::has_evaluate() const { return evaluates_normalization(*this, 0); }

}  // namespace v0

namespace v6 {

MVN::MVN(const Output<Node>& data, const Output<Node>& reduction_axes, bool normalize_variance, float eps,
         MVNEpsMode eps_mode)
    : Op({data, reduction_axes}), m_normalize_variance(normalize_variance), m_eps(eps), m_eps_mode(eps_mode) {
    constructor_validate_and_infer_types();
}

void MVN::validate_and_infer_types() {
    check_normalization_inputs(*this, 2, "data, axes");
    check_real(*this, 0, "data");
    DEVMUX_NODE_CHECK(*this, m_eps >= 0, "eps must not be negative, got ", m_eps);
    AxisSet axes;
    known_axes(*this, 1, "axes", axes);
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

bool MVN::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("eps", m_eps);
    visitor.on_attribute("normalize_variance", m_normalize_variance);
    visitor.on_attribute("eps_mode", m_eps_mode);
    return true;
}

std::shared_ptr<Node> MVN::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<MVN>(new_args[0], new_args[1], m_normalize_variance, m_eps, m_eps_mode);
}

bool MVN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    const AxisSet axes =
        axes_from(*this, devmux::ref::tensor_to_i64(inputs[1]), static_cast<int64_t>(shape.size()), "axes");
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        mvn(x, y, shape, axes, m_normalize_variance, m_eps, m_eps_mode == MVNEpsMode::INSIDE_SQRT);
    });
}

bool MVN::has_evaluate() const {
    return evaluates_normalization(*this, 0) && get_input_element_type(1).is_integral_number();
}

}  // namespace v6

// ---------------------------------------------------------------------------------------------------------
namespace v0 {

NormalizeL2::NormalizeL2(const Output<Node>& data, const Output<Node>& axes, float eps, EpsMode eps_mode)
    : Op({data, axes}), m_eps(eps), m_eps_mode(eps_mode) {
    constructor_validate_and_infer_types();
}

void NormalizeL2::validate_and_infer_types() {
    check_normalization_inputs(*this, 2, "data, axes");
    check_real(*this, 0, "data");
    AxisSet axes;
    known_axes(*this, 1, "axes", axes);
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

AxisSet NormalizeL2::get_reduction_axes() const {
    AxisSet axes;
    if (get_input_size() == 2) {
        auto value = devmux::ref::constant_input(*this, 1);
        const PartialShape& data = get_input_partial_shape(0);
        if (value && data.rank_is_static())
            axes = axes_from(*this, value->cast_vector<int64_t>(), static_cast<int64_t>(data.size()), "axes");
    }
    return axes;
}

bool NormalizeL2::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("eps", m_eps);
    visitor.on_attribute("eps_mode", m_eps_mode);
    return true;
}

std::shared_ptr<Node> NormalizeL2::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<NormalizeL2>(new_args[0], new_args[1], m_eps, m_eps_mode);
}

bool NormalizeL2::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    const AxisSet axes =
        axes_from(*this, devmux::ref::tensor_to_i64(inputs[1]), static_cast<int64_t>(shape.size()), "axes");
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        size_t groups = 0;
        const auto group = group_index(shape, axes, groups);
        std::vector<double> squares(groups, 0.0);
        for (size_t i = 0; i < group.size(); ++i)
            squares[group[i]] += x[i] * x[i];
        const double eps = m_eps;
        for (auto& s : squares)
            s = 1.0 / std::sqrt(m_eps_mode == EpsMode::ADD ? s + eps : std::max(s, eps));
        for (size_t i = 0; i < group.size(); ++i)
            y[i] = x[i] * squares[group[i]];
    });
}

bool NormalizeL2::has_evaluate() const {
    return evaluates_normalization(*this, 0) && get_input_element_type(1).is_integral_number();
}

// ---------------------------------------------------------------------------------------------------------
LRN::LRN(const Output<Node>& arg, double alpha, double beta, double bias, size_t size)
    : LRN(arg, v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{1}), alpha, beta, bias, size) {}

LRN::LRN(const Output<Node>& arg, const Output<Node>& axes, double alpha, double beta, double bias, size_t size)
    : Op({arg, axes}), m_alpha(alpha), m_beta(beta), m_bias(bias), m_size(size) {
    constructor_validate_and_infer_types();
}

void LRN::validate_and_infer_types() {
    check_normalization_inputs(*this, 2, "data, axes");
    check_real(*this, 0, "data");
    DEVMUX_NODE_CHECK(*this, m_size > 0, "size must be positive, got ", m_size);
    AxisSet axes;
    known_axes(*this, 1, "axes", axes);
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

AxisSet LRN::get_reduction_axes() const {
    AxisSet axes;
    if (get_input_size() == 2) {
        auto value = devmux::ref::constant_input(*this, 1);
        const PartialShape& data = get_input_partial_shape(0);
        if (value && data.rank_is_static())
            axes = axes_from(*this, value->cast_vector<int64_t>(), static_cast<int64_t>(data.size()), "axes");
    }
    return axes;
}

bool LRN::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("alpha", m_alpha);
    visitor.on_attribute("beta", m_beta);
    visitor.on_attribute("bias", m_bias);
    visitor.on_attribute("size", m_size);
    return true;
}

std::shared_ptr<Node> LRN::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<LRN>(new_args[0], new_args[1], m_alpha, m_beta, m_bias, m_size);
}

bool LRN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    const AxisSet axes_set =
        axes_from(*this, devmux::ref::tensor_to_i64(inputs[1]), static_cast<int64_t>(shape.size()), "axes");
    const std::vector<size_t> axes(axes_set.begin(), axes_set.end());
    const size_t rank = shape.size();
    std::vector<size_t> strides(rank, 1);
    for (size_t i = rank; i-- > 1;)
        strides[i - 1] = strides[i] * shape[i];
    const int64_t half = (static_cast<int64_t>(m_size) - 1) / 2;
    const double scale = m_alpha / std::pow(static_cast<double>(m_size), static_cast<double>(axes.size()));
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        const size_t total = shape_size(shape);
        std::vector<size_t> lo(axes.size()), hi(axes.size()), pos(axes.size());
        for (size_t flat = 0; flat < total; ++flat) {
            // The window around this element: [i - half, i + half] along each axis, clipped to the tensor.
            size_t start = flat;
            for (size_t a = 0; a < axes.size(); ++a) {
                const int64_t i = static_cast<int64_t>((flat / strides[axes[a]]) % shape[axes[a]]);
                lo[a] = static_cast<size_t>(std::max<int64_t>(0, i - half));
                hi[a] = static_cast<size_t>(std::min<int64_t>(static_cast<int64_t>(shape[axes[a]]), i + half + 1));
                start -= (static_cast<size_t>(i) - lo[a]) * strides[axes[a]];
                pos[a] = lo[a];
            }
            double sum = 0;
            for (bool done = false; !done;) {
                size_t index = start;
                for (size_t a = 0; a < axes.size(); ++a)
                    index += (pos[a] - lo[a]) * strides[axes[a]];
                sum += x[index] * x[index];
                // Next window position (odometer); done once every axis wrapped.
                done = true;
                for (size_t a = axes.size(); a-- > 0;) {
                    if (++pos[a] < hi[a]) {
                        done = false;
                        break;
                    }
                    pos[a] = lo[a];
                }
            }
            y[flat] = x[flat] / std::pow(m_bias + scale * sum, m_beta);
        }
    });
}

bool LRN::has_evaluate() const {
    return evaluates_normalization(*this, 0) && get_input_element_type(1).is_integral_number();
}

// ---------------------------------------------------------------------------------------------------------
GRN::GRN(const Output<Node>& data, float bias) : Op({data}), m_bias(bias) { constructor_validate_and_infer_types(); }

void GRN::validate_and_infer_types() {
    check_normalization_inputs(*this, 1, "data");
    check_real(*this, 0, "data");
    const PartialShape& shape = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, !shape.rank_is_static() || (shape.size() >= 2 && shape.size() <= 4),
                      "data must have rank 2 to 4 ([N, C, ...]), got shape ", shape);
    set_output_type(0, get_input_element_type(0), shape);
}

bool GRN::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("bias", m_bias);
    return true;
}

std::shared_ptr<Node> GRN::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<GRN>(new_args[0], m_bias);
}

bool GRN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, shape.size() >= 2 && shape.size() <= 4, "data must have rank 2 to 4, got shape ",
                      shape);
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        size_t groups = 0;
        const auto group = group_index(shape, AxisSet{1}, groups);
        std::vector<double> squares(groups, 0.0);
        for (size_t i = 0; i < group.size(); ++i)
            squares[group[i]] += x[i] * x[i];
        for (size_t i = 0; i < group.size(); ++i)
            y[i] = x[i] / std::sqrt(static_cast<double>(m_bias) + squares[group[i]]);
    });
}

bool GRN::has_evaluate() const { return evaluates_normalization(*this, 0); }

}  // namespace v0

// ---------------------------------------------------------------------------------------------------------
namespace {

// Input positions of the BatchNormInference versions.
struct BatchNormInputs {
    size_t data, gamma, beta, mean, variance;
};
constexpr BatchNormInputs batch_norm_v0{2, 0, 1, 3, 4};
constexpr BatchNormInputs batch_norm_v5{0, 1, 2, 3, 4};

void validate_batch_norm(Node& op, const BatchNormInputs& at, double epsilon) {
    check_normalization_inputs(
        op, 5, at.data == 0 ? "data, gamma, beta, mean, variance" : "gamma, beta, data, mean, variance");
    const auto type = merge_real_types(op, {at.data, at.gamma, at.beta, at.mean, at.variance});
    DEVMUX_NODE_CHECK(op, epsilon >= 0, "epsilon must not be negative, got ", epsilon);
    const PartialShape& data = op.get_input_partial_shape(at.data);
    DEVMUX_NODE_CHECK(op, !data.rank_is_static() || data.size() >= 2,
                      "data must have rank 2 or more ([N, C, ...]), got shape ", data);
    Dimension channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    const std::pair<size_t, const char*> params[] = {
        {at.gamma, "gamma"}, {at.beta, "beta"}, {at.mean, "mean"}, {at.variance, "variance"}};
    for (const auto& p : params) {
        const PartialShape& shape = op.get_input_partial_shape(p.first);
        DEVMUX_NODE_CHECK(op, shape.rank().compatible(1), p.second, " must be 1-D [C], got shape ", shape);
        if (shape.rank_is_static()) {
            Dimension merged;
            DEVMUX_NODE_CHECK(op, Dimension::merge(merged, channels, shape[0]), p.second, " shape ", shape,
                              " does not match the channel count ", channels, " of data ", data);
            channels = merged;
        }
    }
    PartialShape out = data;
    if (out.rank_is_static())
        out[1] = channels;
    op.set_output_type(0, type, out);
}

bool evaluate_batch_norm(const Node& op, const BatchNormInputs& at, double epsilon, TensorVector& outputs,
                         const TensorVector& inputs) {
    check_evaluate_inputs(op, inputs);
    const Tensor& data = inputs[at.data];
    const Shape& shape = data.get_shape();
    DEVMUX_NODE_CHECK(op, shape.size() >= 2, "data must have rank 2 or more, got shape ", shape);
    const size_t batch = shape[0], channels = shape[1], inner = devmux::ref::product(shape, 2, shape.size());
    for (size_t i : {at.gamma, at.beta, at.mean, at.variance})
        DEVMUX_NODE_CHECK(op, inputs[i].get_shape() == Shape{channels}, "input ", i, " has shape ",
                          inputs[i].get_shape(), ", expected [", channels, "]");
    devmux::ref::InputBuffer<double> gamma(inputs[at.gamma]), beta(inputs[at.beta]), mean(inputs[at.mean]),
        variance(inputs[at.variance]);
    return evaluate_real(outputs, data, [&](const double* x, double* y) {
        for (size_t c = 0; c < channels; ++c) {
            const double scale = gamma.data()[c] / std::sqrt(variance.data()[c] + epsilon);
            for (size_t n = 0; n < batch; ++n) {
                const size_t base = (n * channels + c) * inner;
                for (size_t i = 0; i < inner; ++i)
                    y[base + i] = (x[base + i] - mean.data()[c]) * scale + beta.data()[c];
            }
        }
    });
}

void check_clone_inputs(const Node& op, const OutputVector& new_args) {
    DEVMUX_NODE_CHECK(op, new_args.size() == 5, "clone expects 5 inputs, got ", new_args.size());
}

}  // namespace

namespace v0 {

BatchNormInference::BatchNormInference(const Output<Node>& input, const Output<Node>& gamma,
                                       const Output<Node>& beta, const Output<Node>& mean,
                                       const Output<Node>& variance, double epsilon)
    : Op({gamma, beta, input, mean, variance}), m_epsilon(epsilon) {
    constructor_validate_and_infer_types();
}

void BatchNormInference::validate_and_infer_types() { validate_batch_norm(*this, batch_norm_v0, m_epsilon); }

bool BatchNormInference::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("epsilon", m_epsilon);
    return true;
}

std::shared_ptr<Node> BatchNormInference::clone_with_new_inputs(const OutputVector& new_args) const {
    check_clone_inputs(*this, new_args);
    // new_args are in the op's input order (gamma, beta, data, mean, variance).
    return std::make_shared<BatchNormInference>(new_args[2], new_args[0], new_args[1], new_args[3], new_args[4],
                                                m_epsilon);
}

bool BatchNormInference::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_batch_norm(*this, batch_norm_v0, m_epsilon, outputs, inputs);
}

bool BatchNormInference::has_evaluate() const { return evaluates_normalization(*this, batch_norm_v0.data); }

}  // namespace v0

namespace v5 {

BatchNormInference::BatchNormInference(const Output<Node>& input, const Output<Node>& gamma,
                                       const Output<Node>& beta, const Output<Node>& mean,
                                       const Output<Node>& variance, double epsilon)
    : Op({input, gamma, beta, mean, variance}), m_epsilon(epsilon) {
    constructor_validate_and_infer_types();
}

void BatchNormInference::validate_and_infer_types() { validate_batch_norm(*this, batch_norm_v5, m_epsilon); }

bool BatchNormInference::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("epsilon", m_epsilon);
    return true;
}

std::shared_ptr<Node> BatchNormInference::clone_with_new_inputs(const OutputVector& new_args) const {
    check_clone_inputs(*this, new_args);
    return std::make_shared<BatchNormInference>(new_args[0], new_args[1], new_args[2], new_args[3], new_args[4],
                                                m_epsilon);
}

bool BatchNormInference::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_batch_norm(*this, batch_norm_v5, m_epsilon, outputs, inputs);
}

bool BatchNormInference::has_evaluate() const { return evaluates_normalization(*this, batch_norm_v5.data); }

}  // namespace v5

// ---------------------------------------------------------------------------------------------------------
namespace v12 {

GroupNormalization::GroupNormalization(const Output<Node>& data, const Output<Node>& scale, const Output<Node>& bias,
                                       int64_t num_groups, double epsilon)
    : Op({data, scale, bias}), m_num_groups(num_groups), m_epsilon(epsilon) {
    constructor_validate_and_infer_types();
}

void GroupNormalization::validate_and_infer_types() {
    check_normalization_inputs(*this, 3, "data, scale, bias");
    const auto type = merge_real_types(*this, {0, 1, 2});
    DEVMUX_NODE_CHECK(*this, m_num_groups > 0, "num_groups must be positive, got ", m_num_groups);
    DEVMUX_NODE_CHECK(*this, m_epsilon >= 0, "epsilon must not be negative, got ", m_epsilon);
    const PartialShape& data = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, !data.rank_is_static() || data.size() >= 2,
                      "data must have rank 2 or more ([N, C, ...]), got shape ", data);
    Dimension channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    for (size_t i : {size_t{1}, size_t{2}}) {
        const PartialShape& shape = get_input_partial_shape(i);
        const char* what = i == 1 ? "scale" : "bias";
        DEVMUX_NODE_CHECK(*this, shape.rank().compatible(1), what, " must be 1-D [C], got shape ", shape);
        if (shape.rank_is_static()) {
            Dimension merged;
            DEVMUX_NODE_CHECK(*this, Dimension::merge(merged, channels, shape[0]), what, " shape ", shape,
                              " does not match the channel count ", channels, " of data ", data);
            channels = merged;
        }
    }
    if (channels.is_static())
        DEVMUX_NODE_CHECK(*this, channels.get_length() % m_num_groups == 0, "the channel count ", channels,
                          " is not divisible by num_groups ", m_num_groups);
    PartialShape out = data;
    if (out.rank_is_static())
        out[1] = channels;
    set_output_type(0, type, out);
}

bool GroupNormalization::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("num_groups", m_num_groups);
    visitor.on_attribute("epsilon", m_epsilon);
    return true;
}

std::shared_ptr<Node> GroupNormalization::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "clone expects 3 inputs, got ", new_args.size());
    return std::make_shared<GroupNormalization>(new_args[0], new_args[1], new_args[2], m_num_groups, m_epsilon);
}

bool GroupNormalization::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_inputs(*this, inputs);
    const Shape& shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, shape.size() >= 2, "data must have rank 2 or more, got shape ", shape);
    const size_t batch = shape[0], channels = shape[1], inner = devmux::ref::product(shape, 2, shape.size());
    DEVMUX_NODE_CHECK(*this, m_num_groups > 0 && channels % static_cast<size_t>(m_num_groups) == 0,
                      "the channel count ", channels, " is not divisible by num_groups ", m_num_groups);
    for (size_t i : {size_t{1}, size_t{2}})
        DEVMUX_NODE_CHECK(*this, inputs[i].get_shape() == Shape{channels}, i == 1 ? "scale" : "bias", " has shape ",
                          inputs[i].get_shape(), ", expected [", channels, "]");
    devmux::ref::InputBuffer<double> scale(inputs[1]), bias(inputs[2]);
    const size_t groups = static_cast<size_t>(m_num_groups);
    const size_t group_size = channels / groups * inner;  // one group's elements are contiguous
    return evaluate_real(outputs, inputs[0], [&](const double* x, double* y) {
        if (group_size == 0)
            return;
        for (size_t block = 0; block < batch * groups; ++block) {
            const double* src = x + block * group_size;
            double* dst = y + block * group_size;
            double mean = 0;
            for (size_t i = 0; i < group_size; ++i)
                mean += src[i];
            mean /= static_cast<double>(group_size);
            double variance = 0;
            for (size_t i = 0; i < group_size; ++i)
                variance += (src[i] - mean) * (src[i] - mean);
            variance /= static_cast<double>(group_size);
            const double inv_std = 1.0 / std::sqrt(variance + m_epsilon);
            const size_t first_channel = (block % groups) * (channels / groups);
            for (size_t i = 0; i < group_size; ++i) {
                const size_t c = first_channel + i / inner;
                dst[i] = (src[i] - mean) * inv_std * scale.data()[c] + bias.data()[c];
            }
        }
    });
}

bool GroupNormalization::has_evaluate() const { return evaluates_normalization(*this, 0); }

}  // namespace v12
}  // namespace op
}  // namespace ov
