// SPDX-License-Identifier: Apache-2.0
// ReduceMin-1, ReduceL1-4, ReduceL2-4 and the logical reductions (ReduceLogicalAnd-1, ReduceLogicalOr-1):
// the shape inference of util::ReductionBase (reduce.cpp) and the kernel of ops/reference/reduce.hpp.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/reduce_l1.hpp"
#include "openvino/op/reduce_l2.hpp"
#include "openvino/op/reduce_logical_and.hpp"
#include "openvino/op/reduce_logical_or.hpp"
#include "openvino/op/reduce_min.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/reduce.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

enum class ExtraReduceKind { Min, L1, L2 };

template <typename C>
C min_identity() {
    return std::numeric_limits<C>::has_infinity ? std::numeric_limits<C>::infinity() : std::numeric_limits<C>::max();
}

template <typename C>
void run_extra_reduction(ExtraReduceKind kind, const Tensor& data, const AxisSet& axes, Tensor& out) {
    const Shape& shape = data.get_shape();
    devmux::ref::InputBuffer<C> in(data);
    devmux::ref::OutputBuffer<C> o(out);
    switch (kind) {
    case ExtraReduceKind::Min:
        devmux::ref::reduce(in.data(), o.data(), shape, axes, min_identity<C>(), [](C a, C b) { return b < a ? b : a; });
        break;
    case ExtraReduceKind::L1:
        devmux::ref::reduce(in.data(), o.data(), shape, axes, C(0),
                            [](C acc, C x) { return devmux::ref::wrap_add(acc, x < 0 ? C(-x) : x); });
        break;
    case ExtraReduceKind::L2: {
        // Squares are summed in double for every type, so integer sums do not overflow before the root.
        const size_t n = ov::shape_size(shape);
        std::vector<double> squares(n);
        for (size_t i = 0; i < n; ++i)
            squares[i] = static_cast<double>(in.data()[i]) * static_cast<double>(in.data()[i]);
        std::vector<double> sums(out.get_size());
        devmux::ref::reduce(squares.data(), sums.data(), shape, axes, 0.0, [](double a, double b) { return a + b; });
        for (size_t i = 0; i < sums.size(); ++i)
            o.data()[i] = static_cast<C>(std::sqrt(sums[i]));
        break;
    }
    }
    o.commit();
}

bool numeric_reduction_has_evaluate(const Node& op) {
    if (op.get_input_size() != 2)
        return false;
    const auto& type = op.get_input_element_type(0);
    return type.is_static() && type != element::boolean && type != element::u64;
}

bool evaluate_extra_reduction(const util::ReductionBase& op, ExtraReduceKind kind, TensorVector& outputs,
                              const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 2);
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    if (!type.is_static() || type == element::boolean || type == element::u64)
        return false;
    DEVMUX_NODE_CHECK(op, inputs[1].get_element_type().is_integral_number(),
                      "axes must be an integer tensor, got element type ", inputs[1].get_element_type());
    const Shape& shape = data.get_shape();
    const AxisSet axes = devmux::ops::normalize_axes(op, devmux::ref::tensor_to_i64(inputs[1]),
                                                     static_cast<int64_t>(shape.size()));
    Tensor& out =
        devmux::ref::prepare_output(outputs, 0, type, devmux::ref::reduced_shape(shape, axes, op.get_keep_dims()));
    if (type.is_real())
        run_extra_reduction<double>(kind, data, axes, out);
    else
        run_extra_reduction<int64_t>(kind, data, axes, out);
    return true;
}

bool evaluate_logical_reduction(const util::ReductionBase& op, bool is_and, TensorVector& outputs,
                                const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 2);
    const Tensor& data = inputs[0];
    DEVMUX_NODE_CHECK(op, data.get_element_type() == element::boolean, "data must be boolean, got ",
                      data.get_element_type());
    DEVMUX_NODE_CHECK(op, inputs[1].get_element_type().is_integral_number(),
                      "axes must be an integer tensor, got element type ", inputs[1].get_element_type());
    const Shape& shape = data.get_shape();
    const AxisSet axes = devmux::ops::normalize_axes(op, devmux::ref::tensor_to_i64(inputs[1]),
                                                     static_cast<int64_t>(shape.size()));
    Tensor& out = devmux::ref::prepare_output(outputs, 0, element::boolean,
                                              devmux::ref::reduced_shape(shape, axes, op.get_keep_dims()));
    const auto* in = static_cast<const char*>(data.data());
    auto* o = static_cast<char*>(out.data());
    if (is_and)
        devmux::ref::reduce(in, o, shape, axes, char(1), [](char a, char b) { return char(a && b); });
    else
        devmux::ref::reduce(in, o, shape, axes, char(0), [](char a, char b) { return char(a || b); });
    return true;
}

bool logical_reduction_has_evaluate(const Node& op) {
    return op.get_input_size() == 2 && op.get_input_element_type(0) == element::boolean;
}

}  // namespace

namespace util {

LogicalReduction::LogicalReduction(const Output<Node>& arg, const Output<Node>& reduction_axes)
    : ReductionBase(arg, reduction_axes) {}

void LogicalReduction::validate_and_infer_types() {
    const PartialShape shape = infer_reduction_output_shape(false);
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type == element::boolean, "data must be boolean, got ", type);
    set_output_type(0, element::boolean, shape);
}

LogicalReductionKeepDims::LogicalReductionKeepDims(const Output<Node>& arg, const Output<Node>& reduction_axes,
                                                   const bool keep_dims)
    : LogicalReduction(arg, reduction_axes), m_keep_dims(keep_dims) {}

bool LogicalReductionKeepDims::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("keep_dims", m_keep_dims);
    return true;
}

void LogicalReductionKeepDims::validate_and_infer_types() {
    const PartialShape shape = infer_reduction_output_shape(m_keep_dims);
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type == element::boolean, "data must be boolean, got ", type);
    set_output_type(0, element::boolean, shape);
}

}  // namespace util

#define DEVMUX_DEFINE_EXTRA_REDUCTION(Class, Base, Evaluate, HasEvaluate)                                     \
    Class::Class(const Output<Node>& arg, const Output<Node>& reduction_axes, bool keep_dims)                 \
        : Base(arg, reduction_axes, keep_dims) {                                                              \
        constructor_validate_and_infer_types();                                                               \
    }                                                                                                         \
    std::shared_ptr<Node> Class::clone_with_new_inputs(const OutputVector& new_args) const {                  \
        DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());     \
        return std::make_shared<Class>(new_args[0], new_args[1], get_keep_dims());                            \
    }                                                                                                         \
    bool Class::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                           \
        return Evaluate;                                                                                      \
    }                                                                                                         \
    bool Class::has_evaluate() const { return HasEvaluate(*this); }

namespace v1 {
DEVMUX_DEFINE_EXTRA_REDUCTION(ReduceMin, ArithmeticReductionKeepDims,
                              evaluate_extra_reduction(*this, ExtraReduceKind::Min, outputs, inputs),
                              numeric_reduction_has_evaluate)
DEVMUX_DEFINE_EXTRA_REDUCTION(ReduceLogicalAnd, LogicalReductionKeepDims,
                              evaluate_logical_reduction(*this, true, outputs, inputs), logical_reduction_has_evaluate)
DEVMUX_DEFINE_EXTRA_REDUCTION(ReduceLogicalOr, LogicalReductionKeepDims,
                              evaluate_logical_reduction(*this, false, outputs, inputs), logical_reduction_has_evaluate)
}  // namespace v1

namespace v4 {
DEVMUX_DEFINE_EXTRA_REDUCTION(ReduceL1, ArithmeticReductionKeepDims,
                              evaluate_extra_reduction(*this, ExtraReduceKind::L1, outputs, inputs),
                              numeric_reduction_has_evaluate)
DEVMUX_DEFINE_EXTRA_REDUCTION(ReduceL2, ArithmeticReductionKeepDims,
                              evaluate_extra_reduction(*this, ExtraReduceKind::L2, outputs, inputs),
                              numeric_reduction_has_evaluate)
}  // namespace v4

#undef DEVMUX_DEFINE_EXTRA_REDUCTION

}  // namespace op
}  // namespace ov
