// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/reverse_sequence.hpp"

#include "ops/data_movement_util.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v0 {

ReverseSequence::ReverseSequence(const Output<Node>& arg, const Output<Node>& seq_lengths, int64_t batch_axis,
                                 int64_t seq_axis)
    : Op({arg, seq_lengths}), m_batch_axis(batch_axis), m_seq_axis(seq_axis) {
    constructor_validate_and_infer_types();
}

bool ReverseSequence::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("batch_axis", m_batch_axis);
    visitor.on_attribute("seq_axis", m_seq_axis);
    return true;
}

void ReverseSequence::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, seq_lengths), got ", get_input_size());
    const auto& lengths_type = get_input_element_type(1);
    OPENVINO_ASSERT(lengths_type.is_dynamic() || lengths_type != element::boolean, name,
                    ": seq_lengths must be numeric, got ", lengths_type);
    devmux::ref::check_vector_input(*this, 1, "seq_lengths");
    const auto& data = get_input_partial_shape(0);
    if (data.rank_is_static()) {
        const auto rank = static_cast<int64_t>(data.size());
        OPENVINO_ASSERT(rank >= 2, name, ": data must have rank 2 or more, got ", data);
        m_normalized_batch_axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_batch_axis, rank, "batch_axis"));
        m_normalized_seq_axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_seq_axis, rank, "seq_axis"));
        OPENVINO_ASSERT(m_normalized_batch_axis != m_normalized_seq_axis, name,
                        ": batch_axis and seq_axis must differ, both are ", m_normalized_batch_axis);
        const auto& lengths = get_input_partial_shape(1);
        const auto& batch = data[m_normalized_batch_axis];
        if (lengths.rank_is_static() && lengths[0].is_static() && batch.is_static())
            OPENVINO_ASSERT(lengths[0].get_length() == batch.get_length(), name, ": seq_lengths has ",
                            lengths[0].get_length(), " entries but batch axis ", m_normalized_batch_axis, " of ", data,
                            " has extent ", batch.get_length());
    }
    set_output_type(0, get_input_element_type(0), data);
}

std::shared_ptr<Node> ReverseSequence::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<ReverseSequence>(new_args[0], new_args[1], m_batch_axis, m_seq_axis);
}

bool ReverseSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 2, name, ": evaluate() expects 2 inputs, got ", inputs.size());
    const Shape& shape = inputs[0].get_shape();
    const auto rank = static_cast<int64_t>(shape.size());
    OPENVINO_ASSERT(rank >= 2, name, ": data must have rank 2 or more, got ", shape);
    const auto batch_axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_batch_axis, rank, "batch_axis"));
    const auto seq_axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_seq_axis, rank, "seq_axis"));
    OPENVINO_ASSERT(inputs[1].get_size() == shape[batch_axis], name, ": seq_lengths has ", inputs[1].get_size(),
                    " entries for a batch of ", shape[batch_axis]);
    // Lengths may come as any numeric type; read them as integers.
    std::vector<int64_t> lengths(inputs[1].get_size());
    {
        devmux::ref::InputBuffer<double> read(inputs[1]);
        for (size_t i = 0; i < lengths.size(); ++i) {
            lengths[i] = static_cast<int64_t>(read.data()[i]);
            OPENVINO_ASSERT(lengths[i] >= 0 && lengths[i] <= static_cast<int64_t>(shape[seq_axis]), name,
                            ": seq_lengths entry ", i, " is ", lengths[i], ", outside [0, ", shape[seq_axis], "]");
        }
    }
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    const auto strides = row_major_strides(shape);
    const size_t elem = type.size();
    const void* src = inputs[0].data();
    void* dst = out.data();
    devmux::ref::for_each_coordinate(shape, [&](size_t flat, const std::vector<size_t>& coord) {
        const auto length = static_cast<size_t>(lengths[coord[batch_axis]]);
        size_t from = flat;
        if (coord[seq_axis] < length)  // swap the position along seq_axis for its mirror in [0, length)
            from = flat - coord[seq_axis] * strides[seq_axis] + (length - 1 - coord[seq_axis]) * strides[seq_axis];
        devmux::ref::copy_element(dst, flat, src, from, elem);
    });
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
