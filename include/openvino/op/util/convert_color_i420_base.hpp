// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What I420toRGB and I420toBGR share: I420 (YUV 4:2:0) images in one plane `[N, H * 3 / 2, W, 1]` (Y, then the
/// U plane, then the V plane) or three planes Y `[N, H, W, 1]`, U and V `[N, H / 2, W / 2, 1]`, converted to `[N, H, W,
/// 3]` with the BT.601 formulas of the specification.
class ConvertColorI420Base : public Op {
public:
    OPENVINO_OP("ConvertColorI420Base", "util", Op);

    /// @brief The channel order of the output.
    enum class ColorConversion : int { I420_TO_RGB = 0, I420_TO_BGR = 1 };

    ConvertColorI420Base() = default;

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

protected:
    ConvertColorI420Base(const OutputVector& arguments, ColorConversion format);

    ColorConversion m_format = ColorConversion::I420_TO_RGB;
};

}  // namespace util
}  // namespace op
}  // namespace ov
