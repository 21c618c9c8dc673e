// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/convert_color_i420_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Converts I420 images to BGR (I420toBGR-8); output `[N, H, W, 3]` in BGR order.
class I420toBGR : public util::ConvertColorI420Base {
public:
    OPENVINO_OP("I420toBGR", "opset8", util::ConvertColorI420Base);

    I420toBGR() { m_format = ColorConversion::I420_TO_BGR; }
    /// @brief One plane `[N, H * 3 / 2, W, 1]`.
    explicit I420toBGR(const Output<Node>& arg);
    /// @brief Three planes: Y `[N, H, W, 1]`, U and V `[N, H / 2, W / 2, 1]`.
    I420toBGR(const Output<Node>& arg_y, const Output<Node>& arg_u, const Output<Node>& arg_v);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
