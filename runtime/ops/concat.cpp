// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/concat.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

Concat::Concat(const OutputVector& args, int64_t axis) : Op(args), m_axis(axis) {
    constructor_validate_and_infer_types();
}

Concat::Concat(const NodeVector& args, int64_t axis) : Concat(OutputVector(args.begin(), args.end()), axis) {}

bool Concat::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

void Concat::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() >= 1, name, ": needs at least one input");

    element::Type type = element::dynamic;
    for (size_t i = 0; i < get_input_size(); ++i)
        OPENVINO_ASSERT(element::Type::merge(type, type, get_input_element_type(i)), name, ": input ", i,
                        " has element type ", get_input_element_type(i), ", expected ", type);

    // The rank comes from the first input that knows it; the others must agree.
    int64_t rank = -1;
    for (size_t i = 0; i < get_input_size(); ++i) {
        const auto& shape = get_input_partial_shape(i);
        if (!shape.rank_is_static())
            continue;
        const auto r = static_cast<int64_t>(shape.size());
        OPENVINO_ASSERT(r > 0, name, ": input ", i, " is a scalar; Concat needs inputs of rank 1 or more");
        OPENVINO_ASSERT(rank < 0 || r == rank, name, ": input ", i, " has shape ", shape,
                        ", whose rank differs from the rank ", rank, " of the inputs before it");
        rank = r;
    }
    if (rank < 0) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    m_concat_axis = devmux::ref::normalize_axis(*this, m_axis, rank);

    std::vector<Dimension> dims(static_cast<size_t>(rank));
    Dimension::value_type concat_length = 0;
    bool concat_static = true;
    bool first = true;
    for (size_t i = 0; i < get_input_size(); ++i) {
        const auto& shape = get_input_partial_shape(i);
        if (!shape.rank_is_static()) {
            concat_static = false;
            continue;
        }
        for (int64_t d = 0; d < rank; ++d) {
            if (d == m_concat_axis)
                continue;
            if (first) {
                dims[d] = shape[d];
            } else {
                OPENVINO_ASSERT(Dimension::merge(dims[d], dims[d], shape[d]), name, ": input ", i, " has shape ",
                                shape, ", which differs from input 0 ", get_input_partial_shape(0),
                                " outside the concatenation axis ", m_concat_axis);
            }
        }
        first = false;
        if (shape[m_concat_axis].is_static())
            concat_length += shape[m_concat_axis].get_length();
        else
            concat_static = false;
    }
    dims[m_concat_axis] = concat_static ? Dimension(concat_length) : Dimension::dynamic();
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> Concat::clone_with_new_inputs(const OutputVector& new_args) const {
    return std::make_shared<Concat>(new_args, m_axis);
}

bool Concat::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(!inputs.empty(), devmux::ref::describe(*this), ": evaluate() got no inputs");
    const Shape& first = inputs[0].get_shape();
    const auto rank = static_cast<int64_t>(first.size());
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, rank));
    size_t axis_total = 0;
    for (const auto& in : inputs) {
        const Shape& s = in.get_shape();
        OPENVINO_ASSERT(s.size() == first.size(), devmux::ref::describe(*this), ": inputs of shapes ", first, " and ",
                        s, " cannot be concatenated");
        for (size_t d = 0; d < s.size(); ++d)
            OPENVINO_ASSERT(d == axis || s[d] == first[d], devmux::ref::describe(*this), ": inputs of shapes ", first,
                            " and ", s, " differ outside axis ", axis);
        axis_total += s[axis];
    }
    const auto& type = inputs[0].get_element_type();
    // An output that already has the result's type and shape is used as it is, without building the
    // shape (an allocation) on every call.
    bool fits = !outputs.empty() && outputs[0] && outputs[0].get_element_type() == type &&
                outputs[0].get_shape().size() == first.size();
    for (size_t d = 0; fits && d < first.size(); ++d)
        fits = outputs[0].get_shape()[d] == (d == axis ? axis_total : first[d]);
    if (!fits) {
        Shape out_shape = first;
        out_shape[axis] = axis_total;
        devmux::ref::prepare_output(outputs, 0, type, out_shape);
    }
    auto& out = outputs[0];

    // Row-major: every input contributes one contiguous chunk per index of the axes before `axis`.
    const size_t outer = devmux::ref::product(first, 0, axis);
    auto* dst = static_cast<char*>(out.data());
    for (size_t o = 0; o < outer; ++o) {
        for (const auto& in : inputs) {
            const size_t chunk = devmux::ref::product(in.get_shape(), axis, in.get_shape().size()) * type.size();
            if (chunk != 0)
                std::memcpy(dst, static_cast<const char*>(in.data()) + o * chunk, chunk);
            dst += chunk;
        }
    }
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov

