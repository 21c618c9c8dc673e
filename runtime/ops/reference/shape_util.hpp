// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the shape and data-movement ops (Concat, Split, Reshape, Gather, ...): naming an op
// in error messages, normalising axes, reading integer inputs and preparing output tensors.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace ref {

/// "Concat 'concat_1'": how every error message names the op at fault.
inline std::string describe(const ov::Node& node) {
    return std::string(node.get_type_name()) + " '" + node.get_friendly_name() + "'";
}

/// Maps axis in [-rank, rank) to [0, rank); throws naming the op otherwise.
inline int64_t normalize_axis(const ov::Node& node, int64_t axis, int64_t rank, const char* what = "axis") {
    OPENVINO_ASSERT(axis >= -rank && axis < rank, describe(node), ": ", what, " ", axis, " is out of range [", -rank,
                    ", ", rank - 1, "] for rank ", rank);
    return axis < 0 ? axis + rank : axis;
}

/// The value of `output` when it is known before run time: a Constant's, a ShapeOf's of a static shape, or
/// that of a small op all of whose inputs are known (evaluated here). Null otherwise. This is how a
/// PriorBox or Reshape fed by ShapeOf -> StridedSlice gets static shapes, as OpenVINO's value propagation
/// gives them.
std::shared_ptr<ov::op::v0::Constant> known_value(const ov::Output<ov::Node>& output);

/// The known value (see known_value) of input i, or null when that input is computed at run time.
inline std::shared_ptr<ov::op::v0::Constant> constant_input(const ov::Node& node, size_t i) {
    if (i >= node.get_input_size())
        return nullptr;
    return known_value(node.input_value(i));
}

/// Reads an integer tensor of any integral element type as int64 values.
inline std::vector<int64_t> tensor_to_i64(const ov::Tensor& tensor) {
    std::vector<int64_t> out(tensor.get_size());
    const void* data = tensor.data();
    for (size_t i = 0; i < out.size(); ++i) {
        switch (ov::element::Type_t(tensor.get_element_type())) {
        case ov::element::Type_t::i8: out[i] = static_cast<const int8_t*>(data)[i]; break;
        case ov::element::Type_t::i16: out[i] = static_cast<const int16_t*>(data)[i]; break;
        case ov::element::Type_t::i32: out[i] = static_cast<const int32_t*>(data)[i]; break;
        case ov::element::Type_t::i64: out[i] = static_cast<const int64_t*>(data)[i]; break;
        case ov::element::Type_t::u8: out[i] = static_cast<const uint8_t*>(data)[i]; break;
        case ov::element::Type_t::u16: out[i] = static_cast<const uint16_t*>(data)[i]; break;
        case ov::element::Type_t::u32: out[i] = static_cast<const uint32_t*>(data)[i]; break;
        case ov::element::Type_t::u64: out[i] = static_cast<int64_t>(static_cast<const uint64_t*>(data)[i]); break;
        default:
            OPENVINO_THROW("expected an integer tensor, got element type ", tensor.get_element_type());
        }
    }
    return out;
}

/// Checks that input i of node is an integer tensor (or of dynamic type, not yet known).
inline void check_integral_input(const ov::Node& node, size_t i, const char* what) {
    const auto& type = node.get_input_element_type(i);
    OPENVINO_ASSERT(type.is_dynamic() || type.is_integral_number(), describe(node), ": ", what,
                    " input must have an integer element type, got ", type);
}

/// Makes outputs[i] a tensor of this type and shape, allocating or reshaping it as needed.
inline ov::Tensor& prepare_output(ov::TensorVector& outputs, size_t i, const ov::element::Type& type,
                                  const ov::Shape& shape) {
    if (outputs.size() <= i)
        outputs.resize(i + 1);
    if (!outputs[i] || outputs[i].get_element_type() != type)
        outputs[i] = ov::Tensor(type, shape);
    else if (outputs[i].get_shape() != shape)
        outputs[i].set_shape(shape);
    return outputs[i];
}

/// Copies src into outputs[i], which takes src's type and shape (pass-through ops).
inline void copy_to_output(const ov::Tensor& src, ov::TensorVector& outputs, size_t i) {
    auto& dst = prepare_output(outputs, i, src.get_element_type(), src.get_shape());
    if (src.get_byte_size() != 0 && dst.data() != src.data())
        std::memcpy(dst.data(), src.data(), src.get_byte_size());
}

/// Product of shape[begin, end).
inline size_t product(const ov::Shape& shape, size_t begin, size_t end) {
    size_t n = 1;
    for (size_t i = begin; i < end && i < shape.size(); ++i)
        n *= shape[i];
    return n;
}

}  // namespace ref
}  // namespace devmux
