// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/unsqueeze.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

// Output shape of Unsqueeze; the axes are positions in the output. Shared by shape inference and evaluate().
PartialShape unsqueeze_output_shape(const Node& node, const PartialShape& in, const std::vector<int64_t>& axes) {
    if (!in.rank_is_static())
        return PartialShape::dynamic();
    const auto out_rank = static_cast<int64_t>(in.size() + axes.size());
    std::vector<bool> inserted(static_cast<size_t>(out_rank), false);
    for (const auto axis : axes) {
        const auto a = static_cast<size_t>(devmux::ref::normalize_axis(node, axis, out_rank));
        OPENVINO_ASSERT(!inserted[a], devmux::ref::describe(node), ": axis ", axis, " is listed twice");
        inserted[a] = true;
    }
    std::vector<Dimension> dims;
    size_t next_input = 0;
    for (int64_t i = 0; i < out_rank; ++i)
        dims.push_back(inserted[i] ? Dimension(1) : in[next_input++]);
    return PartialShape(dims);
}

}  // namespace

Unsqueeze::Unsqueeze(const Output<Node>& data, const Output<Node>& axes) : Op({data, axes}) {
    constructor_validate_and_infer_types();
}

void Unsqueeze::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, axes), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "axes");
    const auto& axes_shape = get_input_partial_shape(1);
    OPENVINO_ASSERT(!axes_shape.rank_is_static() || axes_shape.size() <= 1, name,
                    ": axes input must be 0-D or 1-D, got shape ", axes_shape);
    const auto& type = get_input_element_type(0);
    const auto& in = get_input_partial_shape(0);
    if (const auto axes = devmux::ref::constant_input(*this, 1)) {
        set_output_type(0, type, unsqueeze_output_shape(*this, in, axes->cast_vector<int64_t>()));
    } else if (in.rank_is_static() && axes_shape.is_static()) {
        // The rank is known, not where the new axes go.
        const size_t count = shape_size(axes_shape.to_shape());
        set_output_type(0, type, PartialShape(std::vector<Dimension>(in.size() + count)));
    } else {
        set_output_type(0, type, PartialShape::dynamic());
    }
}

std::shared_ptr<Node> Unsqueeze::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Unsqueeze>(new_args[0], new_args[1]);
}

bool Unsqueeze::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2, devmux::ref::describe(*this), ": evaluate() expects 2 inputs, got ",
                    inputs.size());
    const Shape out_shape =
        unsqueeze_output_shape(*this, PartialShape(inputs[0].get_shape()), devmux::ref::tensor_to_i64(inputs[1]))
            .to_shape();
    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    if (inputs[0].get_byte_size() != 0 && out.data() != inputs[0].data())
        std::memcpy(out.data(), inputs[0].data(), inputs[0].get_byte_size());
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov

