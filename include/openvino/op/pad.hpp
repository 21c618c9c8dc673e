// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/pad_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Pads a tensor with non-negative pads_begin / pads_end (1-D integer inputs, one entry per axis).
class Pad : public util::PadBase {
public:
    OPENVINO_OP("Pad", "opset1", util::PadBase);
    Pad() = default;
    Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
        const Output<Node>& arg_pad_value, PadMode pad_mode);
    Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode pad_mode);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v1

namespace v12 {

/// @brief Pad-1 that also accepts negative pads, which remove elements from that side.
class Pad : public util::PadBase {
public:
    OPENVINO_OP("Pad", "opset12", util::PadBase);
    Pad() = default;
    Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
        const Output<Node>& arg_pad_value, PadMode pad_mode);
    Pad(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode pad_mode);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

protected:
    bool negative_pads_supported() const override { return true; }
};

}  // namespace v12
}  // namespace op
}  // namespace ov
