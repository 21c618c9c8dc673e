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
namespace v1 {

/// @brief Reverses the order of elements along some axes, given as indices (INDEX mode, 1-D integer) or
/// as one boolean flag per axis (MASK mode).
class Reverse : public Op {
public:
    OPENVINO_OP("Reverse", "opset1", Op);
    /// @brief IR text: "index", "mask".
    enum class Mode { INDEX, MASK };

    Reverse() = default;
    Reverse(const Output<Node>& data, const Output<Node>& reversed_axes, const std::string& mode);
    Reverse(const Output<Node>& data, const Output<Node>& reversed_axes, const Mode mode);

    Mode get_mode() const { return m_mode; }
    void set_mode(const Mode mode) { m_mode = mode; }

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

private:
    Mode m_mode = Mode::INDEX;
};

std::ostream& operator<<(std::ostream& os, Reverse::Mode mode);
std::istream& operator>>(std::istream& is, Reverse::Mode& mode);

}  // namespace v1
}  // namespace op
}  // namespace ov
