// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v9 {

/// @brief Samples data at the normalised (x, y) positions of a grid (GridSample-9), as PyTorch's
/// grid_sample does.
///
/// Inputs: data `[N, C, H, W]`, grid `[N, H_out, W_out, 2]` (x then y in [-1, 1]). Output `[N, C, H_out, W_out]`.
class GridSample : public Op {
public:
    OPENVINO_OP("GridSample", "opset9", Op);

    enum class InterpolationMode { BILINEAR, BICUBIC, NEAREST };
    enum class PaddingMode { ZEROS, BORDER, REFLECTION };

    /// @brief The attributes of GridSample-9.
    struct Attributes {
        Attributes() = default;
        Attributes(bool align_corners, InterpolationMode mode, PaddingMode padding_mode)
            : align_corners(align_corners), mode(mode), padding_mode(padding_mode) {}

        /// @brief Whether -1 and 1 mean the centres (true) or the outer edges (false) of the corner pixels.
        bool align_corners = false;
        InterpolationMode mode = InterpolationMode::BILINEAR;
        /// @brief What points outside the input read: zeros, the border pixel, or the input mirrored.
        PaddingMode padding_mode = PaddingMode::ZEROS;
    };

    GridSample() = default;
    GridSample(const Output<Node>& data, const Output<Node>& grid, const Attributes& attributes);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const Attributes& get_attributes() const { return m_attributes; }
    void set_attributes(const Attributes& attributes) { m_attributes = attributes; }

private:
    Attributes m_attributes;
};

std::ostream& operator<<(std::ostream& os, GridSample::InterpolationMode mode);
std::istream& operator>>(std::istream& is, GridSample::InterpolationMode& mode);
std::ostream& operator<<(std::ostream& os, GridSample::PaddingMode mode);
std::istream& operator>>(std::istream& is, GridSample::PaddingMode& mode);

}  // namespace v9
}  // namespace op
}  // namespace ov
