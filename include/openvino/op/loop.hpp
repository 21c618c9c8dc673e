// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/sub_graph_base.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief Runs its body while the iteration count is below trip_count (input 0; negative: no limit) and the
/// condition (input 1 first, then the body's condition output) holds.
class Loop : public util::SubGraphOp {
public:
    OPENVINO_OP("Loop", "opset5", util::SubGraphOp);

    /// @brief Which body Parameter receives the iteration number and which body Result is the condition to
    /// go on (-1: none).
    struct SpecialBodyPorts {
        SpecialBodyPorts() = default;
        SpecialBodyPorts(int64_t current_iteration_input, int64_t body_condition_output)
            : current_iteration_input_idx(current_iteration_input), body_condition_output_idx(body_condition_output) {}
        int64_t current_iteration_input_idx = -1;
        int64_t body_condition_output_idx = -1;
    };

    Loop() = default;
    /// @param trip_count The most iterations (an integer scalar; negative for no limit).
    /// @param execution_condition Whether the first iteration runs (a boolean scalar).
    Loop(const Output<Node>& trip_count, const Output<Node>& execution_condition);

    void set_special_body_ports(const SpecialBodyPorts& special_body_ports) { m_special_body_ports = special_body_ports; }
    SpecialBodyPorts get_special_body_ports() const { return m_special_body_ports; }

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

private:
    SpecialBodyPorts m_special_body_ports;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
