// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/non_zero.hpp"

#include "ops/data_movement_util.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v3 {

NonZero::NonZero(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }

NonZero::NonZero(const Output<Node>& arg, const std::string& output_type)
    : Op({arg}), m_output_type(element::Type(output_type)) {
    constructor_validate_and_infer_types();
}

NonZero::NonZero(const Output<Node>& arg, const element::Type& output_type) : Op({arg}), m_output_type(output_type) {
    constructor_validate_and_infer_types();
}

bool NonZero::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    return true;
}

void NonZero::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 1, name, ": expects 1 input, got ", get_input_size());
    OPENVINO_ASSERT(m_output_type == element::i64 || m_output_type == element::i32, name,
                    ": output_type must be i64 or i32, got ", m_output_type);
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, m_output_type, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
        return;
    }
    // The count is known only at run time; it is at most the number of elements.
    Dimension count = Dimension::dynamic();
    if (data.is_static())
        count = Dimension(0, static_cast<int64_t>(shape_size(data.to_shape())));
    set_output_type(0, m_output_type, PartialShape{Dimension(static_cast<int64_t>(data.size())), count});
}

std::shared_ptr<Node> NonZero::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<NonZero>(new_args[0], m_output_type);
}

bool NonZero::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 1, name, ": evaluate() expects 1 input, got ", inputs.size());
    const auto& data = inputs[0];
    const Shape& shape = data.get_shape();
    std::vector<size_t> positions;
    const bool known = devmux::ref::dispatch_any(data.get_element_type(), [&](auto tag) {
        using S = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        const auto* src = static_cast<const S*>(data.data());
        for (size_t i = 0; i < data.get_size(); ++i)
            if (devmux::ref::convert_value<C>(src[i]) != C(0))
                positions.push_back(i);
    });
    OPENVINO_ASSERT(known, name, ": unsupported element type ", data.get_element_type());
    const size_t rank = shape.size();
    auto& out = devmux::ref::prepare_output(outputs, 0, m_output_type, Shape{rank, positions.size()});
    const auto strides = row_major_strides(shape);
    const size_t count = positions.size();
    auto write = [&](auto* dst) {
        using T = std::remove_pointer_t<decltype(dst)>;
        for (size_t k = 0; k < count; ++k) {
            size_t rest = positions[k];
            for (size_t d = 0; d < rank; ++d) {
                dst[d * count + k] = static_cast<T>(rest / strides[d]);
                rest %= strides[d];
            }
        }
    };
    if (m_output_type == element::i64)
        write(static_cast<int64_t*>(out.data()));
    else
        write(static_cast<int32_t*>(out.data()));
    return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ov
