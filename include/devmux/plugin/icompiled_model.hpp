// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"

namespace devmux {

class IPlugin;
class IRemoteContext;
class ISyncInferRequest;
class IAsyncInferRequest;

/// @brief A model compiled for one device: holds the execution plan and creates infer requests.
///
/// Used from many threads at once: create_infer_request and the getters must be thread-safe.
class ICompiledModel : public std::enable_shared_from_this<ICompiledModel> {
public:
    /// @brief `model` gives the input and output ports (copied here, so they outlive the user's model).
    ICompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const IPlugin>& plugin);
    virtual ~ICompiledModel() = default;

    const std::vector<ov::Output<const ov::Node>>& inputs() const { return m_inputs; }
    const std::vector<ov::Output<const ov::Node>>& outputs() const { return m_outputs; }
    std::shared_ptr<const IPlugin> get_plugin() const { return m_plugin; }

    virtual std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const = 0;
    /// @brief Default: an IAsyncInferRequest running create_sync_infer_request()'s request on its own thread.
    virtual std::shared_ptr<IAsyncInferRequest> create_infer_request() const;
    virtual void export_model(std::ostream& model) const = 0;
    virtual std::shared_ptr<const ov::Model> get_runtime_model() const = 0;
    virtual void set_property(const ov::AnyMap& properties) = 0;
    virtual ov::Any get_property(const std::string& name) const = 0;
    /// @brief The context the compiled model runs in: where its tensors live (HETERO asks the producing
    /// subgraph's compiled model for each boundary tensor). Default: the plugin's default context.
    virtual std::shared_ptr<IRemoteContext> get_context() const;

private:
    std::vector<ov::Output<const ov::Node>> m_inputs;
    std::vector<ov::Output<const ov::Node>> m_outputs;
    std::shared_ptr<const ov::Model> m_ports_model;  // keeps the port nodes alive
    std::shared_ptr<const IPlugin> m_plugin;
};

}  // namespace devmux
