// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/layout.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/variable.hpp"

namespace ov {

/// @brief A graph of operations from Parameters to Results (and Sinks, for stateful models).
class Model : public std::enable_shared_from_this<Model> {
public:
    Model(const ResultVector& results, const ParameterVector& parameters, const std::string& name = "");
    Model(const OutputVector& results, const ParameterVector& parameters, const std::string& name = "");
    Model(const NodeVector& results, const ParameterVector& parameters, const std::string& name = "");
    /// @brief A model whose outputs are every output of one node.
    Model(const std::shared_ptr<Node>& result, const ParameterVector& parameters, const std::string& name = "");
    Model(const ResultVector& results, const SinkVector& sinks, const ParameterVector& parameters,
          const std::string& name = "");
    Model(const OutputVector& results, const SinkVector& sinks, const ParameterVector& parameters,
          const std::string& name = "");
    Model(const ResultVector& results, const SinkVector& sinks, const ParameterVector& parameters,
          const op::util::VariableVector& variables, const std::string& name = "");
    Model(const OutputVector& results, const SinkVector& sinks, const ParameterVector& parameters,
          const op::util::VariableVector& variables, const std::string& name = "");

    const ParameterVector& get_parameters() const { return m_parameters; }
    const ResultVector& get_results() const { return m_results; }
    const SinkVector& get_sinks() const { return m_sinks; }
    const op::util::VariableVector& get_variables() const { return m_variables; }
    /// @brief The variable with this id, or null.
    std::shared_ptr<op::util::Variable> get_variable_by_id(const std::string& id) const;
    void add_sinks(const SinkVector& sinks);
    /// @brief Puts parameter in place of input parameter_index in the parameter list (the graph is not
    /// rewired: connect the new Parameter's consumers first).
    void replace_parameter(size_t parameter_index, const std::shared_ptr<op::v0::Parameter>& parameter);

    /// @brief Gives the only input a new shape and re-runs shape inference through the graph. On failure
    /// the model keeps its old shapes and ov::Exception says which op refused.
    void reshape(const PartialShape& partial_shape);
    /// @brief Reshapes inputs by index.
    void reshape(const std::map<size_t, PartialShape>& partial_shapes);
    /// @brief Reshapes inputs by tensor name.
    void reshape(const std::map<std::string, PartialShape>& partial_shapes);
    /// @brief Reshapes inputs by port.
    void reshape(const std::map<Output<Node>, PartialShape>& partial_shapes);
    void add_variables(const op::util::VariableVector& variables);

    std::vector<Output<Node>> inputs();
    std::vector<Output<const Node>> inputs() const;
    std::vector<Output<Node>> outputs();
    std::vector<Output<const Node>> outputs() const;
    /// @brief The only input; throws ov::Exception when there are several.
    Output<Node> input();
    Output<const Node> input() const;
    Output<Node> input(size_t i);
    Output<const Node> input(size_t i) const;
    /// @brief The input with this tensor name; throws ov::Exception naming it when absent.
    Output<Node> input(const std::string& tensor_name);
    Output<const Node> input(const std::string& tensor_name) const;
    Output<Node> output();
    Output<const Node> output() const;
    Output<Node> output(size_t i);
    Output<const Node> output(size_t i) const;
    Output<Node> output(const std::string& tensor_name);
    Output<const Node> output(const std::string& tensor_name) const;

    size_t get_output_size() const { return m_results.size(); }
    const element::Type& get_output_element_type(size_t i) const;
    Shape get_output_shape(size_t i) const;
    const PartialShape& get_output_partial_shape(size_t i) const;
    int64_t get_parameter_index(const std::shared_ptr<op::v0::Parameter>& parameter) const;
    int64_t get_result_index(const Output<const Node>& value) const;

    /// @brief Every op reachable from the Results and Sinks, producers before consumers.
    std::vector<std::shared_ptr<Node>> get_ordered_ops() const;
    std::vector<std::shared_ptr<Node>> get_ops() const { return get_ordered_ops(); }
    /// @brief Re-runs shape and type inference over the whole graph in order.
    void validate_nodes_and_infer_types() const;
    bool is_dynamic() const;

    /// @brief A unique name ("Model3") unless set.
    const std::string& get_name() const { return m_name; }
    const std::string& get_friendly_name() const { return m_friendly_name.empty() ? m_name : m_friendly_name; }
    void set_friendly_name(const std::string& name) { m_friendly_name = name; }

    RTMap& get_rt_info() { return m_rt_info; }
    const RTMap& get_rt_info() const { return m_rt_info; }

    /// @brief A deep copy of the graph (Constants share their data).
    std::shared_ptr<Model> clone() const;

private:
    void check_and_collect();

    ResultVector m_results;
    SinkVector m_sinks;
    ParameterVector m_parameters;
    op::util::VariableVector m_variables;
    std::string m_name;
    std::string m_friendly_name;
    RTMap m_rt_info;
};

/// @brief A deep copy of a model.
std::shared_ptr<Model> clone_model(const Model& model);

/// @brief The batch size of a model: dimension N of every input whose layout (ov::layout::set_layout or
/// PrePostProcessor) names one; they must agree. Throws ov::Exception when no input has a layout with N.
Dimension get_batch(const std::shared_ptr<const Model>& model);
/// @brief Reshapes every input whose layout names N to this batch size (see get_batch).
void set_batch(const std::shared_ptr<Model>& model, Dimension batch_size);

}  // namespace ov
