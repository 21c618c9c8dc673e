// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/convert_color_i420_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Converts I420 images to RGB (I420toRGB-8); output `[N, H, W, 3]` in RGB order.
class I420toRGB : public util::ConvertColorI420Base {
public:
    OPENVINO_OP("I420toRGB", "opset8", util::ConvertColorI420Base);

    I420toRGB() = default;
    /// @brief One plane `[N, H * 3 / 2, W, 1]`.
    explicit I420toRGB(const Output<Node>& arg);
    /// @brief Three planes: Y `[N, H, W, 1]`, U and V `[N, H / 2, W / 2, 1]`.
    I420toRGB(const Output<Node>& arg_y, const Output<Node>& arg_u, const Output<Node>& arg_v);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
