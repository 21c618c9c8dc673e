// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "openvino/core/axis_set.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What Interpolate v4 and v11 share: the attributes and the resampling itself.
class InterpolateBase : public Op {
public:
    OPENVINO_OP("InterpolateBase", "util", Op);
    enum class InterpolateMode { NEAREST, LINEAR, LINEAR_ONNX, CUBIC, BILINEAR_PILLOW, BICUBIC_PILLOW };
    /// @brief Whether the output size comes from the sizes input or from the scales.
    enum class ShapeCalcMode { SIZES, SCALES };
    /// @brief How an output coordinate maps to an input coordinate.
    enum class CoordinateTransformMode { HALF_PIXEL, PYTORCH_HALF_PIXEL, ASYMMETRIC, TF_HALF_PIXEL_FOR_NN, ALIGN_CORNERS };
    /// @brief How NEAREST rounds an input coordinate.
    enum class NearestMode { ROUND_PREFER_FLOOR, ROUND_PREFER_CEIL, FLOOR, CEIL, SIMPLE };

    struct InterpolateAttrs {
        InterpolateMode mode = InterpolateMode::NEAREST;
        ShapeCalcMode shape_calculation_mode = ShapeCalcMode::SIZES;
        std::vector<size_t> pads_begin;
        std::vector<size_t> pads_end;
        CoordinateTransformMode coordinate_transformation_mode = CoordinateTransformMode::HALF_PIXEL;
        NearestMode nearest_mode = NearestMode::ROUND_PREFER_FLOOR;
        bool antialias = false;
        double cube_coeff = -0.75;

        InterpolateAttrs() = default;
        InterpolateAttrs(InterpolateMode mode, ShapeCalcMode shape_calculation_mode,
                         const std::vector<size_t>& pads_begin, const std::vector<size_t>& pads_end,
                         CoordinateTransformMode coordinate_transformation_mode = CoordinateTransformMode::HALF_PIXEL,
                         NearestMode nearest_mode = NearestMode::ROUND_PREFER_FLOOR, bool antialias = false,
                         double cube_coeff = -0.75)
            : mode(mode),
              shape_calculation_mode(shape_calculation_mode),
              pads_begin(pads_begin),
              pads_end(pads_end),
              coordinate_transformation_mode(coordinate_transformation_mode),
              nearest_mode(nearest_mode),
              antialias(antialias),
              cube_coeff(cube_coeff) {}
    };

    InterpolateBase() = default;
    bool visit_attributes(AttributeVisitor& visitor) override;
    const InterpolateAttrs& get_attrs() const { return m_attrs; }
    void set_attrs(const InterpolateAttrs& attrs) { m_attrs = attrs; }
    bool has_evaluate() const override { return true; }

protected:
    InterpolateBase(const OutputVector& args, const InterpolateAttrs& attrs);
    /// @brief Output shape from the data shape and, where known, the sizes or scales and axes.
    void infer_output(const std::vector<int64_t>* sizes, const std::vector<double>* scales,
                      const std::vector<int64_t>* axes);
    /// @brief Resamples data along axes to the output sizes, with scales used for the coordinate mapping
    /// in SCALES mode.
    bool evaluate_resize(TensorVector& outputs, const Tensor& data, const std::vector<int64_t>& sizes_or_empty,
                         const std::vector<double>& scales_or_empty, const std::vector<int64_t>& axes_or_empty) const;

    InterpolateAttrs m_attrs;
};

std::ostream& operator<<(std::ostream& os, InterpolateBase::InterpolateMode v);
std::istream& operator>>(std::istream& is, InterpolateBase::InterpolateMode& v);
std::ostream& operator<<(std::ostream& os, InterpolateBase::ShapeCalcMode v);
std::istream& operator>>(std::istream& is, InterpolateBase::ShapeCalcMode& v);
std::ostream& operator<<(std::ostream& os, InterpolateBase::CoordinateTransformMode v);
std::istream& operator>>(std::istream& is, InterpolateBase::CoordinateTransformMode& v);
std::ostream& operator<<(std::ostream& os, InterpolateBase::NearestMode v);
std::istream& operator>>(std::istream& is, InterpolateBase::NearestMode& v);

}  // namespace util

namespace v0 {
/// @brief Resizes the given axes of a tensor to target sizes (Interpolate-1). Inputs: data and
/// target_spatial_shape (integer, one size per entry of axes).
class Interpolate : public Op {
public:
    OPENVINO_OP("Interpolate", "opset1", Op);
    enum class InterpolateMode { NEAREST, LINEAR, CUBIC, AREA };

    /// @brief The attributes of Interpolate-1.
    struct Attributes {
        /// @brief The resized axes; target_spatial_shape gives their sizes in increasing axis order.
        AxisSet axes;
        /// @brief "nearest", "linear", "cubic" or "area".
        std::string mode;
        bool align_corners = true;
        bool antialias = false;
        /// @brief Zeros added before (after) each axis before resizing.
        std::vector<size_t> pads_begin;
        std::vector<size_t> pads_end;
    };
    using InterpolateAttrs = Attributes;

    Interpolate() = default;
    Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Attributes& attrs);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }

private:
    Attributes m_attrs;
};
}  // namespace v0

namespace v4 {
/// @brief Resizes a tensor along some axes. Inputs: data, sizes (integer), scales (float), optional axes.
class Interpolate : public util::InterpolateBase {
public:
    OPENVINO_OP("Interpolate", "opset4", util::InterpolateBase);
    using InterpolateMode = util::InterpolateBase::InterpolateMode;
    using ShapeCalcMode = util::InterpolateBase::ShapeCalcMode;
    using CoordinateTransformMode = util::InterpolateBase::CoordinateTransformMode;
    using NearestMode = util::InterpolateBase::NearestMode;
    using InterpolateAttrs = util::InterpolateBase::InterpolateAttrs;

    Interpolate() = default;
    Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Output<Node>& scales,
                const Output<Node>& axes, const InterpolateAttrs& attrs);
    /// @brief Every axis resized.
    Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Output<Node>& scales,
                const InterpolateAttrs& attrs);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};
}  // namespace v4

namespace v11 {
/// @brief Resizes a tensor along some axes. Inputs: data, sizes or scales (by shape_calculation_mode),
/// optional axes.
class Interpolate : public util::InterpolateBase {
public:
    OPENVINO_OP("Interpolate", "opset11", util::InterpolateBase);
    using InterpolateMode = util::InterpolateBase::InterpolateMode;
    using ShapeCalcMode = util::InterpolateBase::ShapeCalcMode;
    using CoordinateTransformMode = util::InterpolateBase::CoordinateTransformMode;
    using NearestMode = util::InterpolateBase::NearestMode;
    using InterpolateAttrs = util::InterpolateBase::InterpolateAttrs;

    Interpolate() = default;
    Interpolate(const Output<Node>& image, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
                const InterpolateAttrs& attrs);
    Interpolate(const Output<Node>& image, const Output<Node>& scales_or_sizes, const InterpolateAttrs& attrs);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};
}  // namespace v11
}  // namespace op
}  // namespace ov
