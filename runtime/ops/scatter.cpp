// SPDX-License-Identifier: Apache-2.0
// ScatterUpdate-3, ScatterElementsUpdate-3/-12 and ScatterNDUpdate-3: each output starts as a copy of data,
// then the updates are written (or, for ScatterElementsUpdate-12, reduced) into it in input order, so with
// repeated indices the last update wins.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/scatter_elements_update.hpp"
#include "openvino/op/scatter_nd_update.hpp"
#include "openvino/op/scatter_update.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

void check_scalar_axis_input(const Node& op, size_t i) {
    devmux::ref::check_integral_input(op, i, "axis");
    const auto& shape = op.get_input_partial_shape(i);
    DEVMUX_NODE_CHECK(op, !shape.rank_is_static() || shape.size() == 0 || (shape.size() == 1 && shape.compatible(PartialShape{1})),
                      "axis input must be a scalar, got shape ", shape);
}

void check_updates_type(const Node& op, size_t updates_input) {
    const auto& data = op.get_input_element_type(0);
    const auto& updates = op.get_input_element_type(updates_input);
    DEVMUX_NODE_CHECK(op, data.is_dynamic() || updates.is_dynamic() || data == updates,
                      "updates element type ", updates, " differs from the data element type ", data);
}

// What every scatter op needs to evaluate, whatever its version: the input count, a known data type and
// integer indices.
bool scatter_has_evaluate(const Node& op, size_t input_count) {
    return op.get_input_size() == input_count && op.get_input_element_type(0).is_static() &&
           op.get_input_element_type(1).is_integral_number();
}

// Run-time inputs may differ from those validated, so the type rules are checked again on the tensors.
void check_runtime_scatter_types(const Node& op, const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs[1].get_element_type().is_integral_number(),
                      "indices must be an integer tensor, got element type ", inputs[1].get_element_type());
    DEVMUX_NODE_CHECK(op, inputs[2].get_element_type() == inputs[0].get_element_type(), "updates element type ",
                      inputs[2].get_element_type(), " differs from the data element type ", inputs[0].get_element_type());
}

// The axis input (a known value) normalised against rank, or -1 when it is not known before run time.
int64_t known_axis(const Node& op, size_t input, const PartialShape& data) {
    const auto axis_const = devmux::ref::constant_input(op, input);
    if (!axis_const || !data.rank_is_static())
        return -1;
    const auto values = axis_const->cast_vector<int64_t>();
    DEVMUX_NODE_CHECK(op, values.size() == 1, "axis input must hold one value, got ", values.size());
    return devmux::ref::normalize_axis(op, values[0], static_cast<int64_t>(data.size()));
}

int64_t runtime_axis(const Node& op, const Tensor& axis, size_t rank) {
    DEVMUX_NODE_CHECK(op, axis.get_element_type().is_integral_number(), "axis must be an integer tensor, got ",
                      axis.get_element_type());
    const auto values = devmux::ref::tensor_to_i64(axis);
    DEVMUX_NODE_CHECK(op, values.size() == 1, "axis input must hold one value, got ", values.size());
    return devmux::ref::normalize_axis(op, values[0], static_cast<int64_t>(rank));
}

// An index along an axis of size dim, negative counting from the end; throws naming the op when outside.
size_t checked_index(const Node& op, int64_t index, size_t dim, size_t axis) {
    const auto d = static_cast<int64_t>(dim);
    DEVMUX_NODE_CHECK(op, index >= -d && index < d, "index ", index, " is out of range [", -d, ", ", d,
                      ") for axis ", axis);
    return static_cast<size_t>(index < 0 ? index + d : index);
}

void check_expected_updates_shape(const Node& op, const PartialShape& updates, const std::vector<Dimension>& expected) {
    if (!updates.rank_is_static())
        return;
    DEVMUX_NODE_CHECK(op, updates.compatible(PartialShape(expected)), "updates shape ", updates, " must be ",
                      PartialShape(expected));
}

// For each element of an update-shaped tensor, the flat offset of its target in data: its own coordinates,
// with the axis coordinate taken from indices.
std::vector<size_t> scatter_elements_targets(const Node& op, const Shape& data, const Shape& updates,
                                             const std::vector<int64_t>& indices, size_t axis) {
    const size_t rank = data.size();
    for (size_t d = 0; d < rank; ++d)
        DEVMUX_NODE_CHECK(op, d == axis || updates[d] <= data[d], "updates ", updates, " exceed data ", data,
                          " along axis ", d);
    std::vector<size_t> targets(indices.size());
    std::vector<size_t> coord(rank, 0);
    for (size_t i = 0; i < indices.size(); ++i) {
        size_t flat = 0;
        for (size_t d = 0; d < rank; ++d)
            flat = flat * data[d] + (d == axis ? checked_index(op, indices[i], data[axis], axis) : coord[d]);
        targets[i] = flat;
        for (size_t d = rank; d-- > 0;) {
            if (++coord[d] < updates[d])
                break;
            coord[d] = 0;
        }
    }
    return targets;
}

using Reduction = v12::ScatterElementsUpdate::Reduction;

template <typename C>
void reduce_scatter_elements(Tensor& out, const Tensor& updates_tensor, const std::vector<size_t>& targets,
                             Reduction reduction, bool use_init_val) {
    devmux::ref::OutputBuffer<C> o(out);
    devmux::ref::InputBuffer<C> updates(updates_tensor);
    C* values = o.data();
    // OutputBuffer starts with the data already copied into out when the types match; otherwise it is a
    // scratch buffer: fill it from out.
    {
        devmux::ref::InputBuffer<C> current(out);
        if (current.data() != values)
            std::copy(current.data(), current.data() + out.get_size(), values);
    }
    std::vector<size_t> counts(out.get_size(), use_init_val ? 1 : 0);
    for (size_t i = 0; i < targets.size(); ++i) {
        C& target = values[targets[i]];
        const C u = updates.data()[i];
        if (counts[targets[i]]++ == 0) {
            target = u;  // the first contribution when data does not take part
            continue;
        }
        switch (reduction) {
        case Reduction::NONE: target = u; break;
        case Reduction::SUM:
        case Reduction::MEAN: target = devmux::ref::wrap_add(target, u); break;
        case Reduction::PROD: target = devmux::ref::wrap_mul(target, u); break;
        case Reduction::MIN: target = std::min(target, u); break;
        case Reduction::MAX: target = std::max(target, u); break;
        }
    }
    if (reduction == Reduction::MEAN) {
        for (size_t j = 0; j < counts.size(); ++j) {
            if (counts[j] <= 1)
                continue;
            if (std::is_integral<C>::value)  // integer means round towards negative infinity
                values[j] = static_cast<C>(std::floor(static_cast<double>(values[j]) / static_cast<double>(counts[j])));
            else
                values[j] = values[j] / static_cast<C>(counts[j]);
        }
    }
    o.commit();
}

}  // namespace

// ---------------------------------------------------------------------------------------------- ScatterUpdate
namespace util {

ScatterBase::ScatterBase(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates,
                         const Output<Node>& axis)
    : Op({inputs, indices, updates, axis}) {}

bool ScatterBase::visit_attributes(AttributeVisitor&) { return true; }

void ScatterBase::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4, "expects 4 inputs (data, indices, updates, axis), got ",
                      get_input_size());
    devmux::ref::check_integral_input(*this, 1, "indices");
    check_scalar_axis_input(*this, 3);
    check_updates_type(*this, 2);
    const auto& data = get_input_partial_shape(0);
    const auto& indices = get_input_partial_shape(1);
    const int64_t axis = known_axis(*this, 3, data);
    if (axis >= 0 && indices.rank_is_static()) {
        std::vector<Dimension> expected(data.begin(), data.begin() + axis);
        expected.insert(expected.end(), indices.begin(), indices.end());
        expected.insert(expected.end(), data.begin() + axis + 1, data.end());
        check_expected_updates_shape(*this, get_input_partial_shape(2), expected);
    }
    set_output_type(0, get_input_element_type(0), data);
}

}  // namespace util

namespace v3 {

ScatterUpdate::ScatterUpdate(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates,
                             const Output<Node>& axis)
    : ScatterBase(inputs, indices, updates, axis) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> ScatterUpdate::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "clone expects 4 inputs, got ", new_args.size());
    return std::make_shared<ScatterUpdate>(new_args[0], new_args[1], new_args[2], new_args[3]);
}

bool ScatterUpdate::has_evaluate() const {
    return scatter_has_evaluate(*this, 4);
}

bool ScatterUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 4);
    const Shape& data = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    const Shape& updates_shape = inputs[2].get_shape();
    check_runtime_scatter_types(*this, inputs);
    const auto axis = static_cast<size_t>(runtime_axis(*this, inputs[3], data.size()));
    Shape expected(data.begin(), data.begin() + axis);
    expected.insert(expected.end(), indices_shape.begin(), indices_shape.end());
    expected.insert(expected.end(), data.begin() + axis + 1, data.end());
    DEVMUX_NODE_CHECK(*this, updates_shape == expected, "updates shape ", updates_shape, " must be ", expected);
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    const auto indices = devmux::ref::tensor_to_i64(inputs[1]);
    // data as [outer, axis, inner], updates as [outer, indices, inner]
    const size_t elem = inputs[0].get_element_type().size();
    const size_t outer = devmux::ref::product(data, 0, axis);
    const size_t inner_bytes = devmux::ref::product(data, axis + 1, data.size()) * elem;
    const size_t count = indices.size();
    const auto* src = static_cast<const char*>(inputs[2].data());
    auto* dst = static_cast<char*>(outputs[0].data());
    std::vector<size_t> positions(count);
    for (size_t j = 0; j < count; ++j)
        positions[j] = checked_index(*this, indices[j], data[axis], axis);
    for (size_t o = 0; o < outer; ++o)
        for (size_t j = 0; j < count; ++j)
            if (inner_bytes != 0)
                std::memcpy(dst + (o * data[axis] + positions[j]) * inner_bytes, src + (o * count + j) * inner_bytes,
                            inner_bytes);
    return true;
}

}  // namespace v3

// ---------------------------------------------------------------------------------------- ScatterElementsUpdate
namespace util {

ScatterElementsUpdateBase::ScatterElementsUpdateBase(const Output<Node>& data, const Output<Node>& indices,
                                                     const Output<Node>& updates, const Output<Node>& axis)
    : Op({data, indices, updates, axis}) {}

bool ScatterElementsUpdateBase::visit_attributes(AttributeVisitor&) { return true; }

void ScatterElementsUpdateBase::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4, "expects 4 inputs (data, indices, updates, axis), got ",
                      get_input_size());
    devmux::ref::check_integral_input(*this, 1, "indices");
    check_scalar_axis_input(*this, 3);
    check_updates_type(*this, 2);
    const auto& data = get_input_partial_shape(0);
    const auto& indices = get_input_partial_shape(1);
    const auto& updates = get_input_partial_shape(2);
    DEVMUX_NODE_CHECK(*this, indices.compatible(updates), "indices ", indices, " and updates ", updates,
                      " must have the same shape");
    for (const auto* other : {&indices, &updates})
        DEVMUX_NODE_CHECK(*this, !data.rank_is_static() || !other->rank_is_static() || other->size() == data.size(),
                          "data ", data, ", indices ", indices, " and updates ", updates, " must have the same rank");
    known_axis(*this, 3, data);  // checks a known axis against the rank
    set_output_type(0, get_input_element_type(0), data);
}

bool ScatterElementsUpdateBase::has_evaluate() const {
    return scatter_has_evaluate(*this, 4);
}

}  // namespace util

namespace {
// Checks the run-time inputs of either version and returns each update's target offset.
std::vector<size_t> scatter_elements_prepare(const Node& op, TensorVector& outputs, const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 4);
    const Shape& data = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    check_runtime_scatter_types(op, inputs);
    DEVMUX_NODE_CHECK(op, indices_shape == inputs[2].get_shape(), "indices ", indices_shape, " and updates ",
                      inputs[2].get_shape(), " must have the same shape");
    DEVMUX_NODE_CHECK(op, indices_shape.size() == data.size() && !data.empty(), "data ", data, " and indices ",
                      indices_shape, " must have the same rank, at least 1");
    const auto axis = static_cast<size_t>(runtime_axis(op, inputs[3], data.size()));
    const auto targets =
        scatter_elements_targets(op, data, indices_shape, devmux::ref::tensor_to_i64(inputs[1]), axis);
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    return targets;
}
}  // namespace

namespace v3 {

ScatterElementsUpdate::ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices,
                                             const Output<Node>& updates, const Output<Node>& axis)
    : ScatterElementsUpdateBase(data, indices, updates, axis) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> ScatterElementsUpdate::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "clone expects 4 inputs, got ", new_args.size());
    return std::make_shared<ScatterElementsUpdate>(new_args[0], new_args[1], new_args[2], new_args[3]);
}

bool ScatterElementsUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto targets = scatter_elements_prepare(*this, outputs, inputs);
    const size_t elem = inputs[0].get_element_type().size();
    const auto* src = static_cast<const char*>(inputs[2].data());
    auto* dst = static_cast<char*>(outputs[0].data());
    for (size_t i = 0; i < targets.size(); ++i)
        std::memcpy(dst + targets[i] * elem, src + i * elem, elem);
    return true;
}

}  // namespace v3

namespace v12 {
namespace {
struct ReductionName {
    ScatterElementsUpdate::Reduction value;
    const char* name;
};
const ReductionName reduction_names[] = {{Reduction::NONE, "none"}, {Reduction::SUM, "sum"},
                                         {Reduction::PROD, "prod"}, {Reduction::MIN, "min"},
                                         {Reduction::MAX, "max"},   {Reduction::MEAN, "mean"}};
}  // namespace

std::ostream& operator<<(std::ostream& os, ScatterElementsUpdate::Reduction reduction) {
    for (const auto& n : reduction_names)
        if (n.value == reduction)
            return os << n.name;
    return os << static_cast<int>(reduction);
}

std::istream& operator>>(std::istream& is, ScatterElementsUpdate::Reduction& reduction) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& n : reduction_names)
        if (text == n.name) {
            reduction = n.value;
            return is;
        }
    OPENVINO_THROW("'", text, "' is not a valid ScatterElementsUpdate reduction (none, sum, prod, min, max, mean)");
}

ScatterElementsUpdate::ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices,
                                             const Output<Node>& updates, const Output<Node>& axis,
                                             const Reduction reduction, const bool use_init_val)
    : ScatterElementsUpdateBase(data, indices, updates, axis), m_reduction(reduction), m_use_init_val(use_init_val) {
    constructor_validate_and_infer_types();
}

bool ScatterElementsUpdate::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("reduction", m_reduction);
    visitor.on_attribute("use_init_val", m_use_init_val);
    return true;
}

void ScatterElementsUpdate::validate_and_infer_types() {
    const auto& type = get_input_size() > 0 ? get_input_element_type(0) : element::dynamic;
    DEVMUX_NODE_CHECK(*this, m_reduction == Reduction::NONE || type.is_dynamic() || type != element::boolean,
                      "reduction '", m_reduction, "' needs numeric data, got boolean");
    ScatterElementsUpdateBase::validate_and_infer_types();
}

std::shared_ptr<Node> ScatterElementsUpdate::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "clone expects 4 inputs, got ", new_args.size());
    return std::make_shared<ScatterElementsUpdate>(new_args[0], new_args[1], new_args[2], new_args[3], m_reduction,
                                                   m_use_init_val);
}

bool ScatterElementsUpdate::has_evaluate() const {
    if (!ScatterElementsUpdateBase::has_evaluate())
        return false;
    const auto& type = get_input_element_type(0);
    return m_reduction == Reduction::NONE || (type != element::boolean && type != element::u64);
}

bool ScatterElementsUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto targets = scatter_elements_prepare(*this, outputs, inputs);
    const auto& type = inputs[0].get_element_type();
    if (m_reduction == Reduction::NONE && m_use_init_val) {
        const size_t elem = type.size();
        const auto* src = static_cast<const char*>(inputs[2].data());
        auto* dst = static_cast<char*>(outputs[0].data());
        for (size_t i = 0; i < targets.size(); ++i)
            std::memcpy(dst + targets[i] * elem, src + i * elem, elem);
        return true;
    }
    DEVMUX_NODE_CHECK(*this, type != element::boolean && type != element::u64, "reduction '", m_reduction,
                      "' is not evaluated for element type ", type);
    if (type.is_real())
        reduce_scatter_elements<double>(outputs[0], inputs[2], targets, m_reduction, m_use_init_val);
    else
        reduce_scatter_elements<int64_t>(outputs[0], inputs[2], targets, m_reduction, m_use_init_val);
    return true;
}

}  // namespace v12

// --------------------------------------------------------------------------------------------- ScatterNDUpdate
namespace util {

ScatterNDBase::ScatterNDBase(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates)
    : Op({inputs, indices, updates}) {}

void ScatterNDBase::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3, "expects 3 inputs (data, indices, updates), got ",
                      get_input_size());
    devmux::ref::check_integral_input(*this, INDICES, "indices");
    check_updates_type(*this, UPDATES);
    const auto& data = get_input_partial_shape(INPUTS);
    const auto& indices = get_input_partial_shape(INDICES);
    if (indices.rank_is_static())
        DEVMUX_NODE_CHECK(*this, indices.size() >= 1, "indices must have rank 1 or more, got a scalar");
    if (data.rank_is_static() && indices.rank_is_static() && indices[indices.size() - 1].is_static()) {
        const auto tuple = static_cast<size_t>(indices[indices.size() - 1].get_length());
        DEVMUX_NODE_CHECK(*this, tuple <= data.size(), "the last dimension of indices ", indices,
                          " must not exceed the rank of data ", data);
        std::vector<Dimension> expected(indices.begin(), indices.end() - 1);
        expected.insert(expected.end(), data.begin() + tuple, data.end());
        check_expected_updates_shape(*this, get_input_partial_shape(UPDATES), expected);
    }
    set_output_type(0, get_input_element_type(INPUTS), data);
}

}  // namespace util

namespace v3 {

ScatterNDUpdate::ScatterNDUpdate(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates)
    : ScatterNDBase(inputs, indices, updates) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> ScatterNDUpdate::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "clone expects 3 inputs, got ", new_args.size());
    return std::make_shared<ScatterNDUpdate>(new_args[0], new_args[1], new_args[2]);
}

bool ScatterNDUpdate::has_evaluate() const {
    return scatter_has_evaluate(*this, 3);
}

bool ScatterNDUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 3);
    const Shape& data = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    check_runtime_scatter_types(*this, inputs);
    DEVMUX_NODE_CHECK(*this, !indices_shape.empty(), "indices must have rank 1 or more, got a scalar");
    const size_t tuple = indices_shape.back();
    DEVMUX_NODE_CHECK(*this, tuple <= data.size(), "the last dimension of indices ", indices_shape,
                      " must not exceed the rank of data ", data);
    Shape expected(indices_shape.begin(), indices_shape.end() - 1);
    expected.insert(expected.end(), data.begin() + tuple, data.end());
    DEVMUX_NODE_CHECK(*this, inputs[2].get_shape() == expected, "updates shape ", inputs[2].get_shape(), " must be ",
                      expected);
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    const auto indices = devmux::ref::tensor_to_i64(inputs[1]);
    const size_t slice_bytes = devmux::ref::product(data, tuple, data.size()) * inputs[0].get_element_type().size();
    const size_t tuples = devmux::ref::product(indices_shape, 0, indices_shape.size() - 1);
    const auto* src = static_cast<const char*>(inputs[2].data());
    auto* dst = static_cast<char*>(outputs[0].data());
    for (size_t t = 0; t < tuples; ++t) {
        size_t offset = 0;
        for (size_t k = 0; k < tuple; ++k)
            offset = offset * data[k] + checked_index(*this, indices[t * tuple + k], data[k], k);
        if (slice_bytes != 0)
            std::memcpy(dst + offset * slice_bytes, src + t * slice_bytes, slice_bytes);
    }
    return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ov
