// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/shape.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Attributes shared by the MaxPool versions.
class MaxPoolBase : public Op {
public:
    OPENVINO_OP("MaxPoolBase", "util", Op);

    MaxPoolBase() = default;
    /// @param arg           Data `[N, C, D1, ... Df]`, f = 1, 2 or 3.
    /// @param strides       Window step along each spatial axis.
    /// @param pads_begin    Padding before each spatial axis (padded values never win the max).
    /// @param pads_end      Padding after each spatial axis.
    /// @param kernel        Window size along each spatial axis.
    /// @param rounding_mode Rounding of the output size when the windows do not tile the input exactly.
    /// @param auto_pad      How paddings are computed; SAME_UPPER/SAME_LOWER/VALID replace the paddings
    ///                      once the input shape is known.
    MaxPoolBase(const Output<Node>& arg, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                const Shape& kernel, const op::RoundingType rounding_mode = op::RoundingType::FLOOR,
                const PadType auto_pad = op::PadType::EXPLICIT);

    void validate_and_infer_types() override;

    const Shape& get_kernel() const { return m_kernel; }
    void set_kernel(const Shape& kernel) { m_kernel = kernel; }
    const Strides& get_strides() const { return m_strides; }
    void set_strides(const Strides& strides) { m_strides = strides; }
    const Shape& get_pads_begin() const { return m_pads_begin; }
    void set_pads_begin(const Shape& pads_begin) { m_pads_begin = pads_begin; }
    const Shape& get_pads_end() const { return m_pads_end; }
    void set_pads_end(Shape pads_end) { m_pads_end = std::move(pads_end); }
    PadType get_auto_pad() const { return m_auto_pad; }
    void set_auto_pad(const PadType auto_pad) { m_auto_pad = auto_pad; }
    op::RoundingType get_rounding_type() const { return m_rounding_type; }
    void set_rounding_type(op::RoundingType rounding_type) { m_rounding_type = rounding_type; }

protected:
    /// Checks the input and attributes, resolves auto paddings and returns the shape of the pooled
    /// output for these window dilations.
    PartialShape infer_pooled_shape(const Strides& dilations);

    Shape m_kernel;
    Strides m_strides;
    Shape m_pads_begin;
    Shape m_pads_end;
    PadType m_auto_pad = PadType::EXPLICIT;
    op::RoundingType m_rounding_type = op::RoundingType::FLOOR;
};

/// @brief The base of MaxPool-8 and MaxPool-14: MaxPoolBase with dilations and a second output, the indices of the
/// maxima (of element type index_element_type, counted from axis).
class MaxPoolV8Base : public MaxPoolBase {
public:
    OPENVINO_OP("MaxPoolV8Base", "util", MaxPoolBase);

    MaxPoolV8Base() = default;
    MaxPoolV8Base(const Output<Node>& arg, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                  const Shape& pads_end, const Shape& kernel,
                  const op::RoundingType rounding_type = op::RoundingType::FLOOR,
                  const PadType auto_pad = op::PadType::EXPLICIT,
                  const element::Type index_element_type = element::i64, const int64_t axis = 0);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;

    const Strides& get_dilations() const noexcept { return m_dilations; }
    void set_dilations(const Strides& dilations) { m_dilations = dilations; }
    element::Type get_index_element_type() const noexcept { return m_index_element_type; }
    void set_index_element_type(const element::Type index_element_type) { m_index_element_type = index_element_type; }
    int64_t get_axis() const { return m_axis; }
    void set_axis(const int64_t axis) { m_axis = axis; }

    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

protected:
    Strides m_dilations;
    element::Type m_index_element_type{element::i64};
    int64_t m_axis{0};
};

}  // namespace util
}  // namespace op
}  // namespace ov
