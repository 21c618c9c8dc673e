// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/reverse.hpp"

#include <algorithm>
#include <sstream>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

std::ostream& operator<<(std::ostream& os, Reverse::Mode mode) {
    return os << (mode == Reverse::Mode::INDEX ? "index" : "mask");
}

std::istream& operator>>(std::istream& is, Reverse::Mode& mode) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "index")
        mode = Reverse::Mode::INDEX;
    else if (text == "mask")
        mode = Reverse::Mode::MASK;
    else
        OPENVINO_THROW("'", text, "' is not a valid Reverse mode (index, mask)");
    return is;
}

namespace {

// One flag per axis: reversed or not.
std::vector<bool> reversed_axes(const Node& node, Reverse::Mode mode, size_t rank, const std::vector<int64_t>& values) {
    const auto name = devmux::ref::describe(node);
    std::vector<bool> flags(rank, false);
    if (mode == Reverse::Mode::MASK) {
        OPENVINO_ASSERT(values.size() == rank, name, ": the mask has ", values.size(), " entries but the data has rank ",
                        rank);
        for (size_t i = 0; i < rank; ++i)
            flags[i] = values[i] != 0;
        return flags;
    }
    for (auto v : values) {
        OPENVINO_ASSERT(v >= 0 && static_cast<size_t>(v) < rank, name, ": reversed axis ", v,
                        " is out of range for rank ", rank);
        flags[static_cast<size_t>(v)] = true;
    }
    return flags;
}

}  // namespace

Reverse::Reverse(const Output<Node>& data, const Output<Node>& reversed_axes, const std::string& mode)
    : Op({data, reversed_axes}) {
    std::istringstream is(mode);
    is >> m_mode;
    constructor_validate_and_infer_types();
}

Reverse::Reverse(const Output<Node>& data, const Output<Node>& reversed_axes, const Mode mode)
    : Op({data, reversed_axes}), m_mode(mode) {
    constructor_validate_and_infer_types();
}

bool Reverse::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("mode", m_mode);
    return true;
}

void Reverse::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, reversed_axes), got ", get_input_size());
    const auto& axes_type = get_input_element_type(1);
    if (m_mode == Mode::MASK)
        OPENVINO_ASSERT(axes_type.is_dynamic() || axes_type == element::boolean, name,
                        ": in mask mode reversed_axes must be boolean, got ", axes_type);
    else
        devmux::ref::check_integral_input(*this, 1, "reversed_axes");
    devmux::ref::check_vector_input(*this, 1, "reversed_axes");
    const auto& data = get_input_partial_shape(0);
    if (data.rank_is_static()) {
        const auto values = devmux::ref::known_i64(*this, 1);
        if (values)
            reversed_axes(*this, m_mode, data.size(), *values);
    }
    set_output_type(0, get_input_element_type(0), data);
}

std::shared_ptr<Node> Reverse::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Reverse>(new_args[0], new_args[1], m_mode);
}

bool Reverse::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 2, name, ": evaluate() expects 2 inputs, got ", inputs.size());
    const Shape& shape = inputs[0].get_shape();
    std::vector<int64_t> values;
    if (inputs[1].get_element_type() == element::boolean) {
        const auto* flags = static_cast<const char*>(inputs[1].data());
        values.assign(flags, flags + inputs[1].get_size());
    } else {
        values = devmux::ref::tensor_to_i64(inputs[1]);
    }
    const auto flags = reversed_axes(*this, m_mode, shape.size(), values);
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    devmux::ref::gather_by_axis(inputs[0], shape, out,
                                [&](size_t d, size_t c) { return flags[d] ? shape[d] - 1 - c : c; });
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
