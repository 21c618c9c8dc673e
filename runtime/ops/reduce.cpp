// SPDX-License-Identifier: Apache-2.0
// The reduction base classes and ReduceSum/ReduceProd/ReduceMax/ReduceMean-1, sharing one shape inference
// and the reference kernel of ops/reference/reduce.hpp.
#include <type_traits>

#include "openvino/op/constant.hpp"
#include "openvino/op/reduce_max.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/reduce_prod.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/identity.hpp"
#include "ops/reference/reduce.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

enum class ReduceKind { Sum, Prod, Max, Mean };

template <typename C>
void run_reduction(ReduceKind kind, const Tensor& data, const AxisSet& axes, Tensor& out) {
    const Shape& shape = data.get_shape();
    devmux::ref::InputBuffer<C> in(data);
    devmux::ref::OutputBuffer<C> o(out);
    switch (kind) {
    case ReduceKind::Sum:
    case ReduceKind::Mean:
        devmux::ref::reduce(in.data(), o.data(), shape, axes, C(0), [](C x, C y) { return devmux::ref::wrap_add(x, y); });
        break;
    case ReduceKind::Prod:
        devmux::ref::reduce(in.data(), o.data(), shape, axes, C(1), [](C x, C y) { return devmux::ref::wrap_mul(x, y); });
        break;
    case ReduceKind::Max:
        devmux::ref::reduce(in.data(), o.data(), shape, axes, devmux::ref::max_identity<C>(),
                                  [](C a, C b) { return b > a ? b : a; });
        break;
    }
    if (kind == ReduceKind::Mean) {
        size_t count = 1;
        for (auto axis : axes)
            count *= shape[axis];
        const size_t n = out.get_size();
        C* values = o.data();
        for (size_t i = 0; i < n; ++i) {
            // An empty reduction has no mean: NaN for floating types, 0 for integers.
            if (std::is_integral<C>::value && count == 0)
                values[i] = 0;
            else
                values[i] = values[i] / static_cast<C>(count);
        }
    }
    o.commit();
}

bool evaluate_reduction(const util::ReductionBase& op, ReduceKind kind, TensorVector& outputs,
                        const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 2);
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    if (!type.is_static() || type == element::boolean || type == element::u64)
        return false;
    const Shape& shape = data.get_shape();
    DEVMUX_NODE_CHECK(op, inputs[1].get_element_type().is_integral_number(),
                      "axes must be an integer tensor, got element type ", inputs[1].get_element_type());
    const AxisSet axes = devmux::ops::normalize_axes(op, devmux::ref::tensor_to_i64(inputs[1]),
                                                     static_cast<int64_t>(shape.size()));
    const Shape out_shape = devmux::ref::reduced_shape(shape, axes, op.get_keep_dims());
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    if (type.is_real())
        run_reduction<double>(kind, data, axes, out);
    else
        run_reduction<int64_t>(kind, data, axes, out);
    return true;
}

bool reduction_has_evaluate(const Node& op) {
    if (op.get_input_size() != 2)
        return false;
    const auto& type = op.get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

}  // namespace

namespace util {

ReductionBase::ReductionBase(const Output<Node>& arg, const Output<Node>& reduction_axes)
    : Op({arg, reduction_axes}) {}

PartialShape ReductionBase::infer_reduction_output_shape(const bool keep_dims) {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, axes), got ", get_input_size());
    const PartialShape& data = get_input_partial_shape(0);
    const PartialShape& axes_shape = get_input_partial_shape(1);
    const element::Type& axes_type = get_input_element_type(1);
    DEVMUX_NODE_CHECK(*this, axes_type.is_dynamic() || axes_type.is_integral_number(),
                      "axes must be an integer tensor, got element type ", axes_type);
    DEVMUX_NODE_CHECK(*this, !axes_shape.rank_is_static() || axes_shape.size() <= 1,
                      "axes must be a scalar or a 1-D tensor, got shape ", axes_shape);

    if (!data.rank_is_static())
        return PartialShape::dynamic();
    const int64_t rank = static_cast<int64_t>(data.size());
    // Axes computed from shapes before run time (ShapeOf -> Squeeze -> Range, as real models reduce "every axis
    // but the batch") count as known, as a Constant does.
    if (const auto axes_constant = devmux::ref::constant_input(*this, 1)) {
        const AxisSet axes = devmux::ops::normalize_axes(*this, axes_constant->cast_vector<int64_t>(), rank);
        std::vector<Dimension> out;
        for (size_t i = 0; i < data.size(); ++i) {
            if (!axes.count(i))
                out.push_back(data[i]);
            else if (keep_dims)
                out.push_back(Dimension(1));
        }
        return PartialShape(out);
    }
    if (axes_shape.is_static() && shape_size(axes_shape.to_shape()) == 0)
        return data;  // no axes: nothing is reduced
    if (keep_dims)
        return PartialShape(std::vector<Dimension>(data.size(), Dimension::dynamic()));
    return PartialShape::dynamic();
}

bool ReductionBase::reduction_axes_constant() const {
    return get_input_size() == 2 && devmux::ref::constant_input(*this, 1) != nullptr;
}

const AxisSet ReductionBase::get_reduction_axes() const {
    DEVMUX_NODE_CHECK(*this, reduction_axes_constant(), "reduction axes are not a Constant");
    const PartialShape& data = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, data.rank_is_static(), "reduction axes cannot be normalised for a data input of dynamic rank");
    const auto axes_constant = devmux::ref::constant_input(*this, 1);
    return devmux::ops::normalize_axes(*this, axes_constant->cast_vector<int64_t>(), static_cast<int64_t>(data.size()));
}

void ReductionBase::set_reduction_axes(const AxisSet& reduction_axes) {
    const auto values = reduction_axes.to_vector();
    set_argument(1, v0::Constant::create(element::i64, Shape{values.size()}, values));
}

void ArithmeticReduction::validate_and_infer_types() {
    const PartialShape shape = infer_reduction_output_shape(false);
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type != element::boolean, "data must be numeric, got boolean");
    set_output_type(0, type, shape);
}

ArithmeticReductionKeepDims::ArithmeticReductionKeepDims(const Output<Node>& arg, const Output<Node>& reduction_axes,
                                                         bool keep_dims)
    : ArithmeticReduction(arg, reduction_axes), m_keep_dims(keep_dims) {}

bool ArithmeticReductionKeepDims::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("keep_dims", m_keep_dims);
    return true;
}

void ArithmeticReductionKeepDims::validate_and_infer_types() {
    const PartialShape shape = infer_reduction_output_shape(m_keep_dims);
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type != element::boolean, "data must be numeric, got boolean");
    set_output_type(0, type, shape);
}

}  // namespace util

namespace v1 {

#define DEVMUX_DEFINE_REDUCTION(Class, Kind)                                                                   \
    Class::Class(const Output<Node>& arg, const Output<Node>& reduction_axes, bool keep_dims)                 \
        : ArithmeticReductionKeepDims(arg, reduction_axes, keep_dims) {                                       \
        constructor_validate_and_infer_types();                                                               \
    }                                                                                                         \
    std::shared_ptr<Node> Class::clone_with_new_inputs(const OutputVector& new_args) const {                  \
        DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());     \
        return std::make_shared<Class>(new_args[0], new_args[1], get_keep_dims());                            \
    }                                                                                                         \
    bool Class::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                           \
        return evaluate_reduction(*this, Kind, outputs, inputs);                                              \
    }                                                                                                         \
    bool Class::has_evaluate() const { return reduction_has_evaluate(*this); }

DEVMUX_DEFINE_REDUCTION(ReduceSum, ReduceKind::Sum)
DEVMUX_DEFINE_REDUCTION(ReduceProd, ReduceKind::Prod)
DEVMUX_DEFINE_REDUCTION(ReduceMax, ReduceKind::Max)
DEVMUX_DEFINE_REDUCTION(ReduceMean, ReduceKind::Mean)

#undef DEVMUX_DEFINE_REDUCTION

}  // namespace v1
}  // namespace op
}  // namespace ov

