// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of ScatterNDUpdate: a copy of data with the slices addressed by the tuples in the last axis
/// of indices replaced by updates.
class ScatterNDBase : public Op {
public:
    OPENVINO_OP("ScatterNDBase", "util", Op);
    static constexpr int INPUTS = 0;
    static constexpr int INDICES = 1;
    static constexpr int UPDATES = 2;

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor&) override { return true; }

protected:
    ScatterNDBase() = default;
    /// @param inputs  The tensor to copy and update
    /// @param indices Integer tensor whose last axis holds coordinates into inputs
    /// @param updates The new slices: shape indices[:-1] + inputs[indices.shape[-1]:]
    ScatterNDBase(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates);
};

}  // namespace util
}  // namespace op
}  // namespace ov
