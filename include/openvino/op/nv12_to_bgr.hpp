// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/convert_color_nv12_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Converts NV12 images to BGR (NV12toBGR-8); output `[N, H, W, 3]` in BGR order.
class NV12toBGR : public util::ConvertColorNV12Base {
public:
    OPENVINO_OP("NV12toBGR", "opset8", util::ConvertColorNV12Base);

    NV12toBGR() { m_format = ColorConversion::NV12_TO_BGR; }
    /// @brief One plane `[N, H * 3 / 2, W, 1]`.
    explicit NV12toBGR(const Output<Node>& arg);
    /// @brief Two planes: Y `[N, H, W, 1]` and interleaved UV `[N, H / 2, W / 2, 2]`.
    NV12toBGR(const Output<Node>& arg_y, const Output<Node>& arg_uv);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
