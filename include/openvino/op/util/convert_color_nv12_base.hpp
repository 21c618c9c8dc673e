// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What NV12toRGB and NV12toBGR share: NV12 (YUV 4:2:0) images in one plane `[N, H * 3 / 2, W, 1]` (Y rows, then
/// interleaved UV rows) or two planes Y `[N, H, W, 1]` and UV `[N, H / 2, W / 2, 2]`, converted to `[N, H, W, 3]` with
/// the BT.601 formulas of the specification.
class ConvertColorNV12Base : public Op {
public:
    OPENVINO_OP("ConvertColorNV12Base", "util", Op);

    /// @brief The channel order of the output.
    enum class ColorConversion : int { NV12_TO_RGB = 0, NV12_TO_BGR = 1 };

    ConvertColorNV12Base() = default;

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

protected:
    ConvertColorNV12Base(const OutputVector& arguments, ColorConversion format);

    ColorConversion m_format = ColorConversion::NV12_TO_RGB;
};

}  // namespace util
}  // namespace op
}  // namespace ov
