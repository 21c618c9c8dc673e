// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Reads axis as [group, C / group], transposes it to [C / group, group] (ShuffleNet's channel
/// shuffle).
class ShuffleChannels : public Op {
public:
    OPENVINO_OP("ShuffleChannels", "opset1", Op);
    ShuffleChannels() = default;
    /// @brief axis may be negative; the extent of axis must be divisible by group.
    explicit ShuffleChannels(const Output<Node>& data, const int64_t axis = 1, const int64_t group = 1);

    int64_t get_axis() const { return m_axis; }
    void set_axis(int64_t axis) { m_axis = axis; }
    int64_t get_group() const { return m_group; }
    void set_group(int64_t group) { m_group = group; }

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

private:
    int64_t m_axis = 1;
    int64_t m_group = 1;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
