// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/shape_of.hpp"

#include <cstdint>
#include <limits>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {

PartialShape shape_of_output_shape(const PartialShape& in) {
    return in.rank_is_static() ? PartialShape{Dimension(static_cast<int64_t>(in.size()))}
                               : PartialShape{Dimension::dynamic()};
}

bool write_shape(const Node& node, TensorVector& outputs, const TensorVector& inputs, const element::Type& type) {
    OPENVINO_ASSERT(inputs.size() == 1, devmux::ref::describe(node), ": evaluate() expects 1 input, got ",
                    inputs.size());
    const Shape& shape = inputs[0].get_shape();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, Shape{shape.size()});
    for (size_t i = 0; i < shape.size(); ++i) {
        if (type == element::i32) {
            OPENVINO_ASSERT(shape[i] <= static_cast<size_t>(std::numeric_limits<int32_t>::max()),
                            devmux::ref::describe(node), ": dimension ", shape[i], " does not fit in i32");
            out.data<int32_t>()[i] = static_cast<int32_t>(shape[i]);
        } else {
            out.data<int64_t>()[i] = static_cast<int64_t>(shape[i]);
        }
    }
    return true;
}

// The folded value: a Constant holding the static input shape.
bool fold_shape(const Node& node, OutputVector& output_values, const element::Type& type) {
    if (node.get_input_size() != 1 || !node.get_input_partial_shape(0).is_static())
        return false;
    const Shape shape = node.get_input_shape(0);
    const std::vector<int64_t> values(shape.begin(), shape.end());
    output_values = {std::make_shared<v0::Constant>(type, Shape{shape.size()}, values)};
    return true;
}

}  // namespace

namespace v3 {

ShapeOf::ShapeOf(const Output<Node>& arg, const element::Type output_type)
    : ShapeOfBase({arg}), m_output_type(output_type) {
    constructor_validate_and_infer_types();
}

bool ShapeOf::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    return true;
}

void ShapeOf::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 1, name, ": expects 1 input, got ", get_input_size());
    OPENVINO_ASSERT(m_output_type == element::i64 || m_output_type == element::i32, name,
                    ": output_type must be i64 or i32, got ", m_output_type);
    set_output_type(0, m_output_type, shape_of_output_shape(get_input_partial_shape(0)));
}

std::shared_ptr<Node> ShapeOf::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<ShapeOf>(new_args[0], m_output_type);
}

bool ShapeOf::evaluate(TensorVector& output_values, const TensorVector& input_values) const {
    return write_shape(*this, output_values, input_values, m_output_type);
}

bool ShapeOf::constant_fold(OutputVector& output_values, const OutputVector&) {
    return fold_shape(*this, output_values, m_output_type);
}

}  // namespace v3

namespace v0 {

ShapeOf::ShapeOf(const Output<Node>& arg) : ShapeOfBase({arg}) { constructor_validate_and_infer_types(); }

void ShapeOf::validate_and_infer_types() {
    OPENVINO_ASSERT(get_input_size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", get_input_size());
    set_output_type(0, element::i64, shape_of_output_shape(get_input_partial_shape(0)));
}

std::shared_ptr<Node> ShapeOf::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<ShapeOf>(new_args[0]);
}

bool ShapeOf::evaluate(TensorVector& output_values, const TensorVector& input_values) const {
    return write_shape(*this, output_values, input_values, element::i64);
}

bool ShapeOf::constant_fold(OutputVector& output_values, const OutputVector&) {
    return fold_shape(*this, output_values, element::i64);
}

}  // namespace v0
}  // namespace op
}  // namespace ov

