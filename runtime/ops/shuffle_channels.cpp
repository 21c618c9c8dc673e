// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/shuffle_channels.hpp"

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

ShuffleChannels::ShuffleChannels(const Output<Node>& data, const int64_t axis, const int64_t group)
    : Op({data}), m_axis(axis), m_group(group) {
    constructor_validate_and_infer_types();
}

bool ShuffleChannels::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    visitor.on_attribute("group", m_group);
    return true;
}

void ShuffleChannels::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 1, name, ": expects 1 input, got ", get_input_size());
    OPENVINO_ASSERT(m_group >= 1, name, ": group must be positive, got ", m_group);
    const auto& data = get_input_partial_shape(0);
    if (data.rank_is_static()) {
        OPENVINO_ASSERT(data.size() >= 1, name, ": data must not be a scalar");
        const auto axis =
            static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size())));
        if (data[axis].is_static())
            OPENVINO_ASSERT(data[axis].get_length() % m_group == 0, name, ": axis ", axis, " of shape ", data, " (",
                            data[axis].get_length(), ") is not divisible by group ", m_group);
    }
    set_output_type(0, get_input_element_type(0), data);
}

std::shared_ptr<Node> ShuffleChannels::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<ShuffleChannels>(new_args[0], m_axis, m_group);
}

bool ShuffleChannels::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 1, name, ": evaluate() expects 1 input, got ", inputs.size());
    const Shape& shape = inputs[0].get_shape();
    OPENVINO_ASSERT(!shape.empty(), name, ": data must not be a scalar");
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size())));
    const auto group = static_cast<size_t>(m_group);
    OPENVINO_ASSERT(shape[axis] % group == 0, name, ": axis ", axis, " of shape ", shape,
                    " is not divisible by group ", group);
    const size_t per_group = shape[axis] / group;
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t inner_bytes = devmux::ref::product(shape, axis + 1, shape.size()) * type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    // The axis read as [group, per_group] is written as [per_group, group].
    for (size_t o = 0; o < outer; ++o)
        for (size_t c_out = 0; c_out < shape[axis]; ++c_out) {
            const size_t c_in = (c_out % group) * per_group + c_out / group;
            std::memcpy(dst + (o * shape[axis] + c_out) * inner_bytes, src + (o * shape[axis] + c_in) * inner_bytes,
                        inner_bytes);
        }
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
