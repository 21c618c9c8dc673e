// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/roll.hpp"

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v7 {

namespace {

// The total shift of each axis (shifts of an axis named twice add up).
std::vector<int64_t> shifts_per_axis(const Node& node, size_t rank, const std::vector<int64_t>& shift,
                                     const std::vector<int64_t>& axes) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(shift.size() == 1 || shift.size() == axes.size(), name, ": shift has ", shift.size(),
                    " entries but axes has ", axes.size(), "; they must match unless shift is a single value");
    std::vector<int64_t> total(rank, 0);
    for (size_t i = 0; i < axes.size(); ++i) {
        const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(node, axes[i], static_cast<int64_t>(rank)));
        total[axis] += shift.size() == 1 ? shift[0] : shift[i];
    }
    return total;
}

}  // namespace

Roll::Roll(const Output<Node>& data, const Output<Node>& shift, const Output<Node>& axes) : Op({data, shift, axes}) {
    constructor_validate_and_infer_types();
}

bool Roll::visit_attributes(AttributeVisitor&) { return true; }

void Roll::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3, name, ": expects 3 inputs (data, shift, axes), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "shift");
    devmux::ref::check_integral_input(*this, 2, "axes");
    devmux::ref::check_vector_input(*this, 1, "shift", true);
    devmux::ref::check_vector_input(*this, 2, "axes", true);
    const auto& data = get_input_partial_shape(0);
    const auto shift = devmux::ref::known_i64(*this, 1);
    const auto axes = devmux::ref::known_i64(*this, 2);
    if (data.rank_is_static() && shift && axes)
        shifts_per_axis(*this, data.size(), *shift, *axes);
    set_output_type(0, get_input_element_type(0), data);
}

std::shared_ptr<Node> Roll::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Roll>(new_args[0], new_args[1], new_args[2]);
}

bool Roll::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3, name, ": evaluate() expects 3 inputs, got ", inputs.size());
    const Shape& shape = inputs[0].get_shape();
    auto shifts = shifts_per_axis(*this, shape.size(), devmux::ref::tensor_to_i64(inputs[1]),
                                  devmux::ref::tensor_to_i64(inputs[2]));
    // Output coordinate c reads input coordinate (c - shift) mod d; keep that offset in [0, d).
    for (size_t d = 0; d < shape.size(); ++d) {
        const auto extent = static_cast<int64_t>(shape[d]);
        shifts[d] = extent == 0 ? 0 : ((-shifts[d]) % extent + extent) % extent;
    }
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    devmux::ref::gather_by_axis(inputs[0], shape, out, [&](size_t d, size_t c) {
        return (c + static_cast<size_t>(shifts[d])) % shape[d];
    });
    return true;
}

}  // namespace v7
}  // namespace op
}  // namespace ov
