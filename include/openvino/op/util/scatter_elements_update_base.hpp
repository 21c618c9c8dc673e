// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of ScatterElementsUpdate v3 and v12: a copy of data where each element of updates goes to
/// the position of its own coordinates, except along axis, where indices gives the position.
class ScatterElementsUpdateBase : public Op {
public:
    OPENVINO_OP("ScatterElementsUpdateBase", "util", Op);
    ScatterElementsUpdateBase() = default;
    /// @param data    The tensor to copy and update
    /// @param indices Integer tensor of data's rank and updates' shape: positions along axis
    /// @param updates The values written
    /// @param axis    Integer scalar: the axis (negative counts from the end)
    ScatterElementsUpdateBase(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                              const Output<Node>& axis);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    bool has_evaluate() const override;
};

}  // namespace util
}  // namespace op
}  // namespace ov
