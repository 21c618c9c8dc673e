// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/transpose.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {

// The permutation for a given rank: empty means reversed axes; negative entries count from the end.
std::vector<size_t> permutation(const Node& node, const std::vector<int64_t>& order, size_t rank) {
    std::vector<size_t> perm(rank);
    if (order.empty()) {
        for (size_t i = 0; i < rank; ++i)
            perm[i] = rank - 1 - i;
        return perm;
    }
    OPENVINO_ASSERT(order.size() == rank, devmux::ref::describe(node), ": order has ", order.size(),
                    " entries but the input has rank ", rank);
    std::vector<bool> seen(rank, false);
    for (size_t i = 0; i < rank; ++i) {
        const auto axis = static_cast<size_t>(
            devmux::ref::normalize_axis(node, order[i], static_cast<int64_t>(rank), "order entry"));
        OPENVINO_ASSERT(!seen[axis], devmux::ref::describe(node), ": order lists axis ", axis,
                        " twice; it must be a permutation");
        seen[axis] = true;
        perm[i] = axis;
    }
    return perm;
}

}  // namespace

Transpose::Transpose(const Output<Node>& arg, const Output<Node>& input_order) : Op({arg, input_order}) {
    constructor_validate_and_infer_types();
}

void Transpose::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, order), got ", get_input_size());
    devmux::ref::check_integral_input(*this, ORDER, "order");
    const auto& order_shape = get_input_partial_shape(ORDER);
    OPENVINO_ASSERT(!order_shape.rank_is_static() || order_shape.size() == 1, name,
                    ": order input must be 1-D, got shape ", order_shape);
    const auto& type = get_input_element_type(ARG);
    const auto& in = get_input_partial_shape(ARG);
    if (!in.rank_is_static()) {
        set_output_type(ARG_T, type, PartialShape::dynamic());
        return;
    }
    if (const auto order = devmux::ref::constant_input(*this, ORDER)) {
        const auto perm = permutation(*this, order->cast_vector<int64_t>(), in.size());
        std::vector<Dimension> dims(perm.size());
        for (size_t i = 0; i < perm.size(); ++i)
            dims[i] = in[perm[i]];
        set_output_type(ARG_T, type, PartialShape(dims));
    } else {
        set_output_type(ARG_T, type, PartialShape(std::vector<Dimension>(in.size())));
    }
}

std::shared_ptr<Node> Transpose::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Transpose>(new_args[ARG], new_args[ORDER]);
}

bool Transpose::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2, devmux::ref::describe(*this), ": evaluate() expects 2 inputs, got ",
                    inputs.size());
    const Shape& in_shape = inputs[ARG].get_shape();
    const size_t rank = in_shape.size();
    const auto perm = permutation(*this, devmux::ref::tensor_to_i64(inputs[ORDER]), rank);
    Shape out_shape(rank);
    for (size_t i = 0; i < rank; ++i)
        out_shape[i] = in_shape[perm[i]];
    const auto& type = inputs[ARG].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, ARG_T, type, out_shape);

    const size_t count = shape_size(out_shape);
    if (count == 0)
        return true;
    const auto in_strides = row_major_strides(in_shape);
    const size_t elem = type.size();
    const auto* src = static_cast<const char*>(inputs[ARG].data());
    auto* dst = static_cast<char*>(out.data());
    // Walk the output in row-major order, keeping its coordinate and the matching input offset.
    std::vector<size_t> coord(rank, 0);
    size_t in_offset = 0;
    for (size_t n = 0; n < count; ++n) {
        std::memcpy(dst + n * elem, src + in_offset * elem, elem);
        for (size_t d = rank; d-- > 0;) {
            in_offset += in_strides[perm[d]];
            if (++coord[d] < out_shape[d])
                break;
            in_offset -= coord[d] * in_strides[perm[d]];
            coord[d] = 0;
        }
    }
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov

