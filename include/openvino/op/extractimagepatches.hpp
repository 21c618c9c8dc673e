// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/core/shape.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Collects the patches a convolution window would see and stacks them in the channel axis:
/// [N, C, H, W] -> [N, size_rows * size_cols * C, out_rows, out_cols], the channel fastest within a patch
/// position (ExtractImagePatches-3).
class ExtractImagePatches : public Op {
public:
    OPENVINO_OP("ExtractImagePatches", "opset3", Op);

    ExtractImagePatches() = default;
    /// @param image    4-D input [N, C, H, W]
    /// @param sizes    [size_rows, size_cols]: the patch size
    /// @param strides  [stride_rows, stride_cols]: the distance between patch origins
    /// @param rates    [rate_rows, rate_cols]: the distance between samples within a patch (dilation)
    /// @param auto_pad valid, same_upper or same_lower: how many patches, with zero padding for "same"
    ExtractImagePatches(const Output<Node>& image, const Shape& sizes, const Strides& strides, const Shape& rates,
                        const PadType& auto_pad);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const Shape& get_sizes() const { return m_patch_sizes; }
    void set_sizes(const Shape& sizes) { m_patch_sizes = sizes; }
    const Strides& get_strides() const { return m_patch_movement_strides; }
    void set_strides(const Strides& strides) { m_patch_movement_strides = strides; }
    const Shape& get_rates() const { return m_patch_selection_rates; }
    void set_rates(const Shape& rates) { m_patch_selection_rates = rates; }
    const PadType& get_auto_pad() const { return m_padding; }
    void set_auto_pad(PadType& padding) { m_padding = padding; }

private:
    Shape m_patch_sizes;
    Strides m_patch_movement_strides;
    Shape m_patch_selection_rates;
    PadType m_padding = PadType::EXPLICIT;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
