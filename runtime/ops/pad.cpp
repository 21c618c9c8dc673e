// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/pad.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

std::ostream& operator<<(std::ostream& os, PadMode mode) {
    switch (mode) {
    case PadMode::CONSTANT: return os << "constant";
    case PadMode::EDGE: return os << "edge";
    case PadMode::REFLECT: return os << "reflect";
    case PadMode::SYMMETRIC: return os << "symmetric";
    }
    return os << static_cast<int>(mode);
}

std::istream& operator>>(std::istream& is, PadMode& mode) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "constant")
        mode = PadMode::CONSTANT;
    else if (text == "edge")
        mode = PadMode::EDGE;
    else if (text == "reflect")
        mode = PadMode::REFLECT;
    else if (text == "symmetric")
        mode = PadMode::SYMMETRIC;
    else
        OPENVINO_THROW("'", text, "' is not a valid pad mode (constant, edge, reflect, symmetric)");
    return is;
}

namespace {

const char* pad_mode_name(PadMode mode) {
    switch (mode) {
    case PadMode::CONSTANT: return "constant";
    case PadMode::EDGE: return "edge";
    case PadMode::REFLECT: return "reflect";
    case PadMode::SYMMETRIC: return "symmetric";
    }
    return "?";
}

// Checks one axis's pads against its extent d (-1: unknown) and returns the padded extent (-1: unknown).
int64_t padded_extent(const Node& node, PadMode mode, bool negative_ok, size_t axis, int64_t begin, int64_t end,
                      int64_t d) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(negative_ok || (begin >= 0 && end >= 0), name, ": pads of axis ", axis, " are ", begin, " and ",
                    end, "; negative pads need Pad-12");
    if (d < 0)
        return -1;
    // Mirroring modes read the data from the border inwards, so a pad may not reach past the data.
    const int64_t limit = mode == PadMode::REFLECT ? d - 1 : mode == PadMode::SYMMETRIC ? d : -1;
    if (limit >= 0)
        OPENVINO_ASSERT(begin <= limit && end <= limit, name, ": ", pad_mode_name(mode), " pads of axis ", axis, " (",
                        begin, ", ", end, ") must not exceed ", limit, " for extent ", d);
    if (mode == PadMode::EDGE)
        OPENVINO_ASSERT(d > 0 || (begin <= 0 && end <= 0), name, ": edge padding of axis ", axis,
                        " needs a non-empty axis");
    const int64_t out = d + begin + end;
    OPENVINO_ASSERT(out >= 0, name, ": pads ", begin, " and ", end, " of axis ", axis, " remove more than its extent ",
                    d);
    return out;
}

// Where a coordinate i (possibly outside [0, d)) of the padded axis reads from; -1 for the pad value.
int64_t source_index(PadMode mode, int64_t i, int64_t d) {
    if (i >= 0 && i < d)
        return i;
    switch (mode) {
    case PadMode::CONSTANT: return -1;
    case PadMode::EDGE: return i < 0 ? 0 : d - 1;
    case PadMode::REFLECT: return i < 0 ? -i : 2 * (d - 1) - i;
    case PadMode::SYMMETRIC: return i < 0 ? -i - 1 : 2 * d - 1 - i;
    }
    return -1;
}

// Pad-1 and Pad-12 differ only in the pad values they accept, so they clone alike.
template <typename PadOp>
std::shared_ptr<Node> clone_pad(const PadOp& op, const OutputVector& new_args) {
    if (new_args.size() == 4)
        return std::make_shared<PadOp>(new_args[0], new_args[1], new_args[2], new_args[3], op.get_pad_mode());
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(op), ": expects 3 or 4 inputs, got ",
                    new_args.size());
    return std::make_shared<PadOp>(new_args[0], new_args[1], new_args[2], op.get_pad_mode());
}

}  // namespace

namespace util {

PadBase::PadBase(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
                 const Output<Node>& arg_pad_value, PadMode pad_mode)
    : Op({arg, pads_begin, pads_end, arg_pad_value}), m_pad_mode(pad_mode) {}

PadBase::PadBase(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
                 PadMode pad_mode)
    : Op({arg, pads_begin, pads_end}), m_pad_mode(pad_mode) {}

bool PadBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("pad_mode", m_pad_mode);
    return true;
}

void PadBase::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3 || get_input_size() == 4, name,
                    ": expects 3 or 4 inputs (data, pads_begin, pads_end[, pad_value]), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "pads_begin");
    devmux::ref::check_integral_input(*this, 2, "pads_end");
    devmux::ref::check_vector_input(*this, 1, "pads_begin");
    devmux::ref::check_vector_input(*this, 2, "pads_end");
    const auto& type = get_input_element_type(0);
    if (get_input_size() == 4) {
        devmux::ref::check_scalar_input(*this, 3, "pad_value");
        const auto& value_type = get_input_element_type(3);
        OPENVINO_ASSERT(type.is_dynamic() || value_type.is_dynamic() || value_type == type, name,
                        ": pad_value has element type ", value_type, " but data has ", type);
    }
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto begin = devmux::ref::known_i64(*this, 1);
    const auto end = devmux::ref::known_i64(*this, 2);
    for (const auto* pads : {&begin, &end})
        if (*pads)
            OPENVINO_ASSERT((*pads)->size() == data.size(), name, ": ", pads == &begin ? "pads_begin" : "pads_end",
                            " has ", (*pads)->size(), " entries but the data has rank ", data.size());
    std::vector<Dimension> dims(data.size(), Dimension::dynamic());
    for (size_t i = 0; i < data.size(); ++i) {
        if (!begin || !end)
            continue;
        const int64_t d = data[i].is_static() ? data[i].get_length() : -1;
        const int64_t out = padded_extent(*this, m_pad_mode, negative_pads_supported(), i, (*begin)[i], (*end)[i], d);
        if (out >= 0)
            dims[i] = Dimension(out);
    }
    set_output_type(0, type, PartialShape(dims));
}

bool PadBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3 || inputs.size() == 4, name, ": evaluate() expects 3 or 4 inputs, got ",
                    inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    const auto begin = devmux::ref::tensor_to_i64(inputs[1]);
    const auto end = devmux::ref::tensor_to_i64(inputs[2]);
    OPENVINO_ASSERT(begin.size() == in_shape.size() && end.size() == in_shape.size(), name, ": pads_begin has ",
                    begin.size(), " and pads_end ", end.size(), " entries but the data has rank ", in_shape.size());
    Shape out_shape(in_shape.size());
    for (size_t i = 0; i < in_shape.size(); ++i)
        out_shape[i] = static_cast<size_t>(padded_extent(*this, m_pad_mode, negative_pads_supported(), i, begin[i],
                                                         end[i], static_cast<int64_t>(in_shape[i])));
    const auto& type = inputs[0].get_element_type();
    const size_t elem = type.size();
    std::vector<char> fill(elem, 0);
    if (inputs.size() == 4 && m_pad_mode == PadMode::CONSTANT) {
        OPENVINO_ASSERT(inputs[3].get_element_type() == type && inputs[3].get_size() == 1, name,
                        ": pad_value must be one element of the data's type ", type);
        std::memcpy(fill.data(), inputs[3].data(), elem);
    }
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const auto in_strides = row_major_strides(in_shape);
    const void* src = inputs[0].data();
    auto* dst = static_cast<char*>(out.data());
    devmux::ref::for_each_coordinate(out_shape, [&](size_t flat, const std::vector<size_t>& coord) {
        size_t from = 0;
        for (size_t d = 0; d < coord.size(); ++d) {
            const int64_t i = source_index(m_pad_mode, static_cast<int64_t>(coord[d]) - begin[d],
                                           static_cast<int64_t>(in_shape[d]));
            if (i < 0) {
                std::memcpy(dst + flat * elem, fill.data(), elem);
                return;
            }
            from += static_cast<size_t>(i) * in_strides[d];
        }
        devmux::ref::copy_element(dst, flat, src, from, elem);
    });
    return true;
}

}  // namespace util

namespace v1 {

Pad::Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
         const Output<Node>& arg_pad_value, PadMode pad_mode)
    : PadBase(arg, pads_begin, pads_end, arg_pad_value, pad_mode) {
    constructor_validate_and_infer_types();
}

Pad::Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode pad_mode)
    : PadBase(arg, pads_begin, pads_end, pad_mode) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> Pad::clone_with_new_inputs(const OutputVector& new_args) const {
    return clone_pad(*this, new_args);
}

}  // namespace v1

namespace v12 {

Pad::Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
         const Output<Node>& arg_pad_value, PadMode pad_mode)
    : PadBase(arg, pads_begin, pads_end, arg_pad_value, pad_mode) {
    constructor_validate_and_infer_types();
}

Pad::Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode pad_mode)
    : PadBase(arg, pads_begin, pads_end, pad_mode) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> Pad::clone_with_new_inputs(const OutputVector& new_args) const {
    return clone_pad(*this, new_args);
}

}  // namespace v12
}  // namespace op
}  // namespace ov
