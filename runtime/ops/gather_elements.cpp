// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/gather_elements.hpp"

#include <cstring>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v6 {

GatherElements::GatherElements(const Output<Node>& data, const Output<Node>& indices, const int64_t axis)
    : Op({data, indices}), m_axis(axis) {
    constructor_validate_and_infer_types();
}

bool GatherElements::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

void GatherElements::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, indices), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "indices");
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    const auto& indices = get_input_partial_shape(1);
    if (data.rank_is_static()) {
        DEVMUX_NODE_CHECK(*this, data.size() > 0, "data must have rank 1 or more, got a scalar");
        devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size()));
    }
    if (!data.rank_is_static() && !indices.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    if (!indices.rank_is_static()) {
        // Output dimensions off the axis are those of data; along the axis only indices would tell.
        std::vector<Dimension> dims(data.begin(), data.end());
        dims[static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size())))] =
            Dimension::dynamic();
        set_output_type(0, type, PartialShape(dims));
        return;
    }
    if (!data.rank_is_static()) {
        set_output_type(0, type, indices);
        return;
    }
    DEVMUX_NODE_CHECK(*this, data.size() == indices.size(), "data ", data, " and indices ", indices,
                      " must have the same rank");
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size())));
    std::vector<Dimension> dims(indices.begin(), indices.end());
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i == axis)
            continue;
        DEVMUX_NODE_CHECK(*this, Dimension::merge(dims[i], data[i], indices[i]), "dimension ", i, " of data ", data,
                          " and indices ", indices, " differ (they may differ only along axis ", axis, ")");
    }
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> GatherElements::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<GatherElements>(new_args[0], new_args[1], m_axis);
}

bool GatherElements::has_evaluate() const {
    return get_input_size() == 2 && get_input_element_type(0).is_static() &&
           get_input_element_type(1).is_integral_number();
}

bool GatherElements::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Shape& data_shape = inputs[0].get_shape();
    const Shape& indices_shape = inputs[1].get_shape();
    DEVMUX_NODE_CHECK(*this, !data_shape.empty(), "data must have rank 1 or more, got a scalar");
    DEVMUX_NODE_CHECK(*this, data_shape.size() == indices_shape.size(), "data ", data_shape, " and indices ",
                      indices_shape, " must have the same rank");
    DEVMUX_NODE_CHECK(*this, inputs[1].get_element_type().is_integral_number(),
                      "indices must be an integer tensor, got element type ", inputs[1].get_element_type());
    const auto axis =
        static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data_shape.size())));
    for (size_t i = 0; i < data_shape.size(); ++i)
        DEVMUX_NODE_CHECK(*this, i == axis || data_shape[i] == indices_shape[i], "dimension ", i, " of data ",
                          data_shape, " and indices ", indices_shape, " differ");
    const auto& type = inputs[0].get_element_type();
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, indices_shape);
    const auto indices = devmux::ref::tensor_to_i64(inputs[1]);
    // Both tensors viewed as [outer, axis, inner]; only the axis extent differs.
    const size_t outer = devmux::ref::product(data_shape, 0, axis);
    const size_t inner = devmux::ref::product(data_shape, axis + 1, data_shape.size());
    const auto data_axis = static_cast<int64_t>(data_shape[axis]);
    const size_t index_axis = indices_shape[axis];
    const size_t elem = type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    for (size_t o = 0; o < outer; ++o)
        for (size_t a = 0; a < index_axis; ++a)
            for (size_t in = 0; in < inner; ++in) {
                const size_t flat = (o * index_axis + a) * inner + in;
                int64_t index = indices[flat];
                DEVMUX_NODE_CHECK(*this, index >= -data_axis && index < data_axis, "index ", index,
                                  " is out of range [", -data_axis, ", ", data_axis, ") for axis ", axis);
                if (index < 0)
                    index += data_axis;
                std::memcpy(dst + flat * elem,
                            src + ((o * static_cast<size_t>(data_axis) + static_cast<size_t>(index)) * inner + in) * elem,
                            elem);
            }
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov
