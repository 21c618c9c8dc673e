// SPDX-License-Identifier: Apache-2.0
// Shape inference shared by the convolution, pooling, MatMul and reduction ops. Each function is pure
// (shapes and attributes in, shape out) so validate_and_infer_types() runs it on the graph's partial
// shapes and evaluate() on the actual tensors' shapes, and both check the same rules.
#pragma once

#include <cstdint>
#include <vector>

#include "openvino/core/axis_set.hpp"
#include "openvino/core/node.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/op/util/attr_types.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace ops {

/// Throws ov::Exception "<Type> '<friendly name>': <message>" unless the condition holds.
#define DEVMUX_NODE_CHECK(node, cond, ...)                                          \
    do {                                                                            \
        if (!(cond))                                                                \
            OPENVINO_THROW(::devmux::ref::describe(node), ": ", __VA_ARGS__);       \
    } while (0)

/// A sliding window over the spatial axes (all vectors hold one entry per spatial axis).
struct WindowSpec {
    std::vector<int64_t> kernel;  ///< undilated window size; -1 when unknown (dynamic filter dims)
    std::vector<int64_t> strides;
    std::vector<int64_t> dilations;
    std::vector<int64_t> pads_begin;  ///< explicit paddings; used only with PadType::EXPLICIT
    std::vector<int64_t> pads_end;
    ov::op::PadType auto_pad = ov::op::PadType::EXPLICIT;
    ov::op::RoundingType rounding = ov::op::RoundingType::FLOOR;
};

struct WindowResult {
    std::vector<ov::Dimension> output;  ///< spatial output dimensions
    std::vector<int64_t> pads_begin;    ///< paddings in effect (auto paddings resolved)
    std::vector<int64_t> pads_end;
    bool pads_known = true;  ///< false when auto paddings depend on a dynamic dimension
};

/// Output spatial dimensions of a window sliding over `input` (the spatial dimensions only), per
/// OpenVINO's rules: out = round((in + pads - dilated_kernel) / stride) + 1, with SAME_UPPER/SAME_LOWER
/// paddings chosen so that out = ceil(in / stride) (the odd unit at the end / the beginning), VALID meaning
/// no padding, and CEIL_TORCH dropping a last window that would start in the end padding. Throws
/// ov::Exception naming the op for inconsistent attribute sizes, zero strides/dilations/kernels, or a
/// dilated kernel larger than the padded input.
WindowResult infer_window(const ov::Node& op, const std::vector<ov::Dimension>& input, const WindowSpec& spec);

/// Number of spatial axes of a conv/pool whose data input has this shape and whose attributes have these
/// sizes; -1 when nothing tells.
int64_t spatial_rank(const ov::PartialShape& data, size_t attr_size);

/// The floating-point types the convolution and pooling reference kernels evaluate (computing in float,
/// or double for f64).
inline bool is_float_type(const ov::element::Type& type) {
    return type == ov::element::f32 || type == ov::element::f16 || type == ov::element::bf16 ||
           type == ov::element::f64;
}

/// Checks a data input of rank 3, 4 or 5 (1 to 3 spatial axes).
void check_nn_data_rank(const ov::Node& op, const ov::PartialShape& data, const char* what);

/// MatMul output shape for these input shapes (see the MatMul-1 specification); throws ov::Exception
/// naming the op for scalars, mismatched inner dimensions or batch axes that do not broadcast.
ov::PartialShape infer_matmul_shape(const ov::Node& op, const ov::PartialShape& a, const ov::PartialShape& b,
                                    bool transpose_a, bool transpose_b);

/// Normalises reduction axes (negative counts from the end) against a rank; throws naming the op for an
/// axis outside [-rank, rank).
ov::AxisSet normalize_axes(const ov::Node& op, const std::vector<int64_t>& axes, int64_t rank);

}  // namespace ops
}  // namespace devmux
