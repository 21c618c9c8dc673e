// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>

#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise linear quantization to `levels` values, output in the input's real type.
///
/// With il, ih, ol, oh the (broadcast) input_low, input_high, output_low, output_high:
/// x <= min(il, ih) gives ol; x > max(il, ih) gives oh; otherwise
/// nearbyint((x - il) / (ih - il) * (levels - 1)) / (levels - 1) * (oh - ol) + ol
/// (round half to even), computed in float for f16/bf16/f32 and in double for f64.
class FakeQuantize : public Op {
public:
    OPENVINO_OP("FakeQuantize", "opset1", Op);

    FakeQuantize() = default;
    /// @param data The input.
    /// @param input_low Lower bound of the input range.
    /// @param input_high Upper bound of the input range.
    /// @param output_low Lowest quantized value.
    /// @param output_high Highest quantized value.
    /// @param levels Number of quantization levels, at least 2 (IR attribute "levels").
    /// @param auto_broadcast Broadcasting rule of the five inputs (numpy by default).
    FakeQuantize(const Output<Node>& data, const Output<Node>& input_low, const Output<Node>& input_high,
                 const Output<Node>& output_low, const Output<Node>& output_high, std::size_t levels,
                 const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    std::size_t get_levels() const { return m_levels; }
    void set_levels(std::size_t levels) { m_levels = levels; }
    const AutoBroadcastSpec& get_auto_broadcast() const { return m_auto_broadcast; }
    void set_auto_broadcast(const AutoBroadcastSpec& auto_broadcast) { m_auto_broadcast = auto_broadcast; }

private:
    std::size_t m_levels = 0;
    AutoBroadcastSpec m_auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY);
};

}  // namespace v0
}  // namespace op
}  // namespace ov
