// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/op/util/read_value_base.hpp"
#include "openvino/op/util/variable.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Outputs the value of the variable variable_id; its input is the initial value. The reference
/// evaluate() outputs the initial value: the state itself lives in the plugins' infer requests.
class ReadValue : public util::ReadValueBase {
public:
    OPENVINO_OP("ReadValue", "opset3", util::ReadValueBase);
    ReadValue() = default;
    /// @param init_value Initial value of the variable
    /// @param variable_id Identifier of the variable (a Variable of that id is created)
    ReadValue(const Output<Node>& init_value, const std::string& variable_id);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::string get_variable_id() const override { return m_variable_id; }

    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    bool constant_fold(OutputVector&, const OutputVector&) override { return false; }

private:
    std::string m_variable_id;
};

}  // namespace v3

namespace v6 {

/// @brief Outputs the value of a Variable shared with the Assign ops that write it; its input, when
/// present, is the initial value (zeros without one). The reference evaluate() outputs the initial value.
///
/// The IR reader builds it default-constructed, reads variable_id, then binds the model's Variable of
/// that id with set_variable().
class ReadValue : public util::ReadValueBase {
public:
    OPENVINO_OP("ReadValue", "opset6", util::ReadValueBase);
    ReadValue() = default;
    /// @param init_value Initial value; a Variable without element type yet takes its type and shape.
    /// @param variable The variable shared with the Assign ops.
    ReadValue(const Output<Node>& init_value, const std::shared_ptr<util::Variable>& variable);
    /// @brief A ReadValue without initial value: the variable's type and shape must be static.
    explicit ReadValue(const std::shared_ptr<util::Variable>& variable);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    /// @brief Binds the variable and re-infers the output type from it.
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
