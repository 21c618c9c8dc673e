// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/op/util/max_pool_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Batched max pooling (MaxPool-1).
class MaxPool : public op::util::MaxPoolBase {
public:
    OPENVINO_OP("MaxPool", "opset1", op::util::MaxPoolBase);

    MaxPool() = default;
    MaxPool(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
            const Shape& kernel, const op::RoundingType rounding_type = op::RoundingType::FLOOR,
            const PadType auto_pad = op::PadType::EXPLICIT);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1

namespace v8 {

/// @brief Max pooling with window dilations and a second output holding the indices of the selected
/// values (MaxPool-8).
class MaxPool : public op::util::MaxPoolV8Base {
public:
    OPENVINO_OP("MaxPool", "opset8", op::util::MaxPoolV8Base);

    MaxPool() = default;
    MaxPool(const Output<Node>& arg, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
            const Shape& pads_end, const Shape& kernel,
            const op::RoundingType rounding_type = op::RoundingType::FLOOR,
            const PadType auto_pad = op::PadType::EXPLICIT, const element::Type index_element_type = element::i64,
            const int64_t axis = 0);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v8
namespace v14 {

/// @brief MaxPool-8 with one more rounding type: RoundingType::CEIL_TORCH, which rounds the output size up
/// like CEIL but drops a last window that would start in the end padding (MaxPool-14).
class MaxPool : public op::util::MaxPoolV8Base {
public:
    OPENVINO_OP("MaxPool", "opset14", op::util::MaxPoolV8Base);

    MaxPool() = default;
    MaxPool(const Output<Node>& arg, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
            const Shape& pads_end, const Shape& kernel,
            const op::RoundingType rounding_type = op::RoundingType::FLOOR,
            const PadType auto_pad = op::PadType::EXPLICIT, const element::Type index_element_type = element::i64,
            const int64_t axis = 0);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v14
}  // namespace op
}  // namespace ov
