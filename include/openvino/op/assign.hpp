// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/variable.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Stores its input in the variable variable_id (created by a ReadValue v3 of the same id that
/// this op depends on). Its output passes the input through.
class Assign : public util::AssignBase {
public:
    OPENVINO_OP("Assign", "opset3", util::AssignBase);
    Assign() = default;
    /// @param new_value Value to store
    /// @param variable_id Identifier of the variable; a ReadValue v3 with this id must be among the
    /// producers of new_value.
    Assign(const Output<Node>& new_value, const std::string& variable_id);

    void validate_and_infer_types() override;
    std::string get_variable_id() const override { return m_variable_id; }
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool visit_attributes(AttributeVisitor& visitor) override;

    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    bool constant_fold(OutputVector&, const OutputVector&) override { return false; }

private:
    std::string m_variable_id;
};

}  // namespace v3

namespace v6 {

/// @brief Stores its input in a Variable shared with ReadValue ops. Its output passes the input through.
///
/// The IR reader builds it default-constructed, reads variable_id, then binds the model's Variable of
/// that id with set_variable().
class Assign : public util::AssignBase {
public:
    OPENVINO_OP("Assign", "opset6", util::AssignBase);
    Assign() = default;
    /// @param new_value Value to store; its type and shape must match the variable's.
    /// @param variable The variable shared with the ReadValue ops.
    Assign(const Output<Node>& new_value, const std::shared_ptr<util::Variable>& variable);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    /// @brief Binds the variable and checks the input against it.
    void set_variable(const std::shared_ptr<util::Variable>& variable) override;
    /// @brief The bound variable's id, else the id read by visit_attributes.
    std::string get_variable_id() const override;

    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    bool constant_fold(OutputVector&, const OutputVector&) override { return false; }

private:
    std::string m_variable_id;  // the id read from IR while no Variable is bound
};

}  // namespace v6
}  // namespace op
}  // namespace ov
