// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/axis_set.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of the reductions: input 0 is the data, input 1 the axes to reduce (an integer scalar or
/// 1-D tensor; negative axes count from the end).
class ReductionBase : public Op {
protected:
    ReductionBase() = default;
    ReductionBase(const Output<Node>& arg, const Output<Node>& reduction_axes);

    /// @brief Output shape for this keep_dims; dynamic where the axes are not a Constant.
    PartialShape infer_reduction_output_shape(const bool keep_dims);

public:
    OPENVINO_OP("ReductionBase", "util", Op);

    /// @brief Whether input 1 is a Constant.
    bool reduction_axes_constant() const;
    /// @brief The reduction axes, normalised to [0, rank); throws ov::Exception when they are not a Constant.
    const AxisSet get_reduction_axes() const;
    /// @brief Replaces input 1 with an i64 Constant holding these axes.
    void set_reduction_axes(const AxisSet& reduction_axes);
    /// @brief Whether reduced axes stay as axes of size 1.
    virtual bool get_keep_dims() const { return false; }
};

}  // namespace util
}  // namespace op
}  // namespace ov
