// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/reduction_base.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of the logical reductions (ReduceLogicalAnd, ReduceLogicalOr): boolean data in, boolean out.
class LogicalReduction : public ReductionBase {
protected:
    LogicalReduction() = default;
    /// @param arg            The boolean data.
    /// @param reduction_axes The axes to reduce: integer scalar or 1-D tensor, negative values count from the end.
    LogicalReduction(const Output<Node>& arg, const Output<Node>& reduction_axes);

public:
    OPENVINO_OP("LogicalReduction", "util", ReductionBase);
    void validate_and_infer_types() override;
};

}  // namespace util
}  // namespace op
}  // namespace ov
