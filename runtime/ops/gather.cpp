// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/gather.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace util {

GatherBase::GatherBase(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
                       const int64_t batch_dims)
    : Op({data, indices, axis}), m_batch_dims(batch_dims) {}

void GatherBase::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3, name, ": expects 3 inputs (data, indices, axis), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "indices");
    devmux::ref::check_integral_input(*this, 2, "axis");
    const auto& axis_shape = get_input_partial_shape(2);
    OPENVINO_ASSERT(!axis_shape.rank_is_static() || axis_shape.size() == 0 ||
                        (axis_shape.size() == 1 && axis_shape.compatible(PartialShape{1})),
                    name, ": axis input must be a scalar, got shape ", axis_shape);

    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    const auto& indices = get_input_partial_shape(1);

    int64_t batch_dims = m_batch_dims;
    if (batch_dims < 0 && indices.rank_is_static())
        batch_dims += static_cast<int64_t>(indices.size());
    if (indices.rank_is_static())
        OPENVINO_ASSERT(batch_dims >= 0 && batch_dims <= static_cast<int64_t>(indices.size()), name, ": batch_dims ",
                        m_batch_dims, " is out of range for indices of rank ", indices.size());

    const auto axis_const = devmux::ref::constant_input(*this, 2);
    if (!data.rank_is_static() || !indices.rank_is_static() || batch_dims < 0) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto data_rank = static_cast<int64_t>(data.size());
    const auto out_rank = data_rank + static_cast<int64_t>(indices.size()) - 1 - batch_dims;
    if (!axis_const) {
        OPENVINO_ASSERT(out_rank >= 0, name, ": batch_dims ", batch_dims, " exceeds the rank of data ", data);
        set_output_type(0, type, PartialShape(std::vector<Dimension>(static_cast<size_t>(out_rank))));
        return;
    }
    const auto axis_values = axis_const->cast_vector<int64_t>();
    OPENVINO_ASSERT(axis_values.size() == 1, name, ": axis input must hold one value, got ", axis_values.size());
    const int64_t axis = devmux::ref::normalize_axis(*this, axis_values[0], data_rank);
    OPENVINO_ASSERT(batch_dims <= axis, name, ": batch_dims ", batch_dims, " must not exceed axis ", axis);

    std::vector<Dimension> dims;
    for (int64_t i = 0; i < axis; ++i) {
        Dimension d = data[i];
        if (i < batch_dims)
            OPENVINO_ASSERT(Dimension::merge(d, data[i], indices[i]), name, ": batch dimension ", i, " of data ",
                            data, " and indices ", indices, " differ");
        dims.push_back(d);
    }
    for (size_t i = static_cast<size_t>(batch_dims); i < indices.size(); ++i)
        dims.push_back(indices[i]);
    for (int64_t i = axis + 1; i < data_rank; ++i)
        dims.push_back(data[i]);
    set_output_type(0, type, PartialShape(dims));
}

int64_t GatherBase::get_axis() const {
    const auto axis_const = devmux::ref::constant_input(*this, 2);
    OPENVINO_ASSERT(axis_const, devmux::ref::describe(*this), ": the axis input is not a Constant");
    int64_t axis = axis_const->cast_vector<int64_t>().at(0);
    const auto& data = get_input_partial_shape(0);
    if (axis < 0 && data.rank_is_static())
        axis += static_cast<int64_t>(data.size());
    return axis;
}

bool GatherBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3, name, ": evaluate() expects 3 inputs, got ", inputs.size());
    const Shape& data_shape = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    const auto axis_values = devmux::ref::tensor_to_i64(inputs[2]);
    OPENVINO_ASSERT(axis_values.size() == 1, name, ": axis input must hold one value");
    const auto data_rank = static_cast<int64_t>(data_shape.size());
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, axis_values[0], data_rank));
    int64_t bd = m_batch_dims < 0 ? m_batch_dims + static_cast<int64_t>(indices_shape.size()) : m_batch_dims;
    OPENVINO_ASSERT(bd >= 0 && static_cast<size_t>(bd) <= indices_shape.size() && static_cast<size_t>(bd) <= axis,
                    name, ": batch_dims ", m_batch_dims, " is out of range");
    const auto batch_dims = static_cast<size_t>(bd);
    for (size_t i = 0; i < batch_dims; ++i)
        OPENVINO_ASSERT(data_shape[i] == indices_shape[i], name, ": batch dimension ", i, " of data ", data_shape,
                        " and indices ", indices_shape, " differ");

    Shape out_shape(data_shape.begin(), data_shape.begin() + axis);
    out_shape.insert(out_shape.end(), indices_shape.begin() + batch_dims, indices_shape.end());
    out_shape.insert(out_shape.end(), data_shape.begin() + axis + 1, data_shape.end());
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);

    // data viewed as [batch, outer, axis_dim, inner], indices as [batch, per_batch]; the output is
    // [batch, outer, per_batch, inner].
    const auto indices = devmux::ref::tensor_to_i64(inputs[1]);
    const size_t batch = devmux::ref::product(data_shape, 0, batch_dims);
    const size_t outer = devmux::ref::product(data_shape, batch_dims, axis);
    const auto axis_dim = static_cast<int64_t>(data_shape[axis]);
    const size_t inner_bytes = devmux::ref::product(data_shape, axis + 1, data_shape.size()) * type.size();
    const size_t per_batch = devmux::ref::product(indices_shape, batch_dims, indices_shape.size());
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    const bool negative_ok = negative_indices_supported();
    for (size_t b = 0; b < batch; ++b) {
        for (size_t o = 0; o < outer; ++o) {
            for (size_t j = 0; j < per_batch; ++j) {
                int64_t index = indices[b * per_batch + j];
                if (negative_ok && index < 0)
                    index += axis_dim;
                char* target = dst + ((b * outer + o) * per_batch + j) * inner_bytes;
                if (index < 0 || index >= axis_dim) {
                    OPENVINO_ASSERT(negative_ok, name, ": index ", indices[b * per_batch + j],
                                    " is out of range [0, ", axis_dim, ") for axis ", axis);
                    std::memset(target, 0, inner_bytes);
                    continue;
                }
                if (inner_bytes != 0)
                    std::memcpy(target, src + ((b * outer + o) * axis_dim + index) * inner_bytes, inner_bytes);
            }
        }
    }
    return true;
}

}  // namespace util

namespace v1 {

Gather::Gather(const Output<Node>& params, const Output<Node>& indices, const Output<Node>& axis)
    : GatherBase(params, indices, axis) {
    constructor_validate_and_infer_types();
}

int64_t Gather::get_axis() const {
    if (!devmux::ref::constant_input(*this, 2))
        return AXIS_NOT_SET_VALUE;
    return GatherBase::get_axis();
}

std::shared_ptr<Node> Gather::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Gather>(new_args[0], new_args[1], new_args[2]);
}

}  // namespace v1

namespace {
// batch_dims of Gather v7/v8, normalised when it counts from the end of a known indices rank.
int64_t normalized_batch_dims(const Node& node, int64_t batch_dims) {
    if (batch_dims < 0 && node.get_input_size() > 1 && node.get_input_partial_shape(1).rank_is_static())
        return batch_dims + static_cast<int64_t>(node.get_input_partial_shape(1).size());
    return batch_dims;
}
}  // namespace

namespace v7 {

Gather::Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
               const int64_t batch_dims)
    : GatherBase(data, indices, axis, batch_dims) {
    constructor_validate_and_infer_types();
}

bool Gather::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("batch_dims", m_batch_dims);
    return true;
}

void Gather::validate_and_infer_types() { GatherBase::validate_and_infer_types(); }

int64_t Gather::get_batch_dims() const { return normalized_batch_dims(*this, m_batch_dims); }

std::shared_ptr<Node> Gather::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Gather>(new_args[0], new_args[1], new_args[2], m_batch_dims);
}

}  // namespace v7

namespace v8 {

Gather::Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis,
               const int64_t batch_dims)
    : GatherBase(data, indices, axis, batch_dims) {
    constructor_validate_and_infer_types();
}

bool Gather::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("batch_dims", m_batch_dims);
    return true;
}

void Gather::validate_and_infer_types() { GatherBase::validate_and_infer_types(); }

int64_t Gather::get_batch_dims() const { return normalized_batch_dims(*this, m_batch_dims); }

std::shared_ptr<Node> Gather::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Gather>(new_args[0], new_args[1], new_args[2], m_batch_dims);
}

}  // namespace v8
}  // namespace op
}  // namespace ov

