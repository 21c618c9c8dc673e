// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of ScatterUpdate: a copy of data with the slices along an axis at the given indices replaced.
class ScatterBase : public Op {
public:
    OPENVINO_OP("ScatterBase", "util", Op);
    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;

protected:
    ScatterBase() = default;
    /// @param inputs  The tensor to copy and update
    /// @param indices Integer tensor of positions along the axis
    /// @param updates The new slices: shape data[:axis] + indices + data[axis+1:]
    /// @param axis    Integer scalar: the axis (negative counts from the end)
    ScatterBase(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates,
                const Output<Node>& axis);
};

}  // namespace util
}  // namespace op
}  // namespace ov
