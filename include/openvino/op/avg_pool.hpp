// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/avg_pool_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Batched average pooling (AvgPool-1).
class AvgPool : public util::AvgPoolBase {
public:
    OPENVINO_OP("AvgPool", "opset1", util::AvgPoolBase);

    AvgPool() = default;
    AvgPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
            const Shape& kernel, bool exclude_pad, RoundingType rounding_type = RoundingType::FLOOR,
            const PadType& auto_pad = PadType::EXPLICIT);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
namespace v14 {

/// @brief AvgPool-1 with one more rounding type: RoundingType::CEIL_TORCH, which rounds the output size up
/// like CEIL but drops a last window that would start in the end padding (AvgPool-14).
class AvgPool : public util::AvgPoolBase {
public:
    OPENVINO_OP("AvgPool", "opset14", util::AvgPoolBase);

    AvgPool() = default;
    AvgPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
            const Shape& kernel, bool exclude_pad, RoundingType rounding_type = RoundingType::FLOOR,
            const PadType& auto_pad = PadType::EXPLICIT);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v14
}  // namespace op
}  // namespace ov
