// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base class of element-wise logical ops (LogicalAnd, LogicalOr, LogicalXor, Xor): two boolean inputs,
/// broadcast under the auto_broadcast attribute; the output is boolean.
///
/// Output shape: the numpy broadcast of both input shapes (auto_broadcast="numpy"), the common shape
/// (auto_broadcast="none", which requires equal shapes), or the first input's shape (auto_broadcast="pdpd").
class BinaryElementwiseLogical : public Op {
public:
    OPENVINO_OP("BinaryElementwiseLogical", "util", Op);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;

    /// @brief The broadcasting rule.
    const AutoBroadcastSpec& get_autob() const { return m_autob; }
    void set_autob(const AutoBroadcastSpec& autob) { m_autob = autob; }

protected:
    explicit BinaryElementwiseLogical(const AutoBroadcastSpec& autob);
    BinaryElementwiseLogical(const Output<Node>& arg0, const Output<Node>& arg1, const AutoBroadcastSpec& autob);

private:
    AutoBroadcastSpec m_autob;
};

}  // namespace util
}  // namespace op
}  // namespace ov
