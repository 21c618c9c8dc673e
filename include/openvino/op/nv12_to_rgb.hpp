// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/convert_color_nv12_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Converts NV12 images to RGB (NV12toRGB-8); output `[N, H, W, 3]` in RGB order.
class NV12toRGB : public util::ConvertColorNV12Base {
public:
    OPENVINO_OP("NV12toRGB", "opset8", util::ConvertColorNV12Base);

    NV12toRGB() = default;
    /// @brief One plane `[N, H * 3 / 2, W, 1]`.
    explicit NV12toRGB(const Output<Node>& arg);
    /// @brief Two planes: Y `[N, H, W, 1]` and interleaved UV `[N, H / 2, W / 2, 2]`.
    NV12toRGB(const Output<Node>& arg_y, const Output<Node>& arg_uv);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
