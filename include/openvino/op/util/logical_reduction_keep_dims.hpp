// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/logical_reduction.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Logical reduction with the keep_dims attribute.
class LogicalReductionKeepDims : public util::LogicalReduction {
protected:
    LogicalReductionKeepDims() = default;
    /// @param arg            The boolean data.
    /// @param reduction_axes The axes to reduce.
    /// @param keep_dims      Keep each reduced axis as an axis of size 1.
    LogicalReductionKeepDims(const Output<Node>& arg, const Output<Node>& reduction_axes, const bool keep_dims = false);

public:
    OPENVINO_OP("LogicalReductionKeepDims", "util", util::LogicalReduction);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;

    bool get_keep_dims() const override { return m_keep_dims; }
    void set_keep_dims(bool keep_dims) { m_keep_dims = keep_dims; }

private:
    bool m_keep_dims = false;
};

}  // namespace util
}  // namespace op
}  // namespace ov
