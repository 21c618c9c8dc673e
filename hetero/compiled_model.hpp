// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "subgraph_collector.hpp"

namespace devmux {
namespace hetero {

class Plugin;
class DeviceCatalog;

/// A model split into subgraphs, each compiled on its device through the Core. Immutable after
/// construction, so every method is safe from several threads.
class CompiledModel : public ICompiledModel {
public:
    /// Assigns ops (rt_info "affinity" when the model has it, else the greedy query), splits, and
    /// compiles every subgraph.
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config);
    /// Reads what export_model wrote.
    static std::shared_ptr<CompiledModel> import(std::istream& stream, const std::shared_ptr<const Plugin>& plugin,
                                                 const ov::AnyMap& properties);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// A request that runs the subgraphs as a pipeline when started asynchronously.
    std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
    void export_model(std::ostream& model) const override;
    /// The original model with rt_info "affinity" and "subgraph" on every op that runs.
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    /// Throws ov::NotImplemented: a compiled model's properties are fixed at compile time.
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;

    const SubgraphPlan& plan() const { return m_plan; }
    const std::vector<std::shared_ptr<ICompiledModel>>& compiled_submodels() const { return m_compiled; }
    const Config& config() const { return m_config; }

private:
    struct Imported {};
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config, Imported);
    /// Splits the model by `affinities`. When a boundary would carry f16 or bf16 values (an f16 model split
    /// op by op), the model's ports are static and no low inference precision was asked for, the split runs
    /// on an f32 copy of the model,
    /// so devices that compute in f32 pass f32 values too and a split model computes as one device would;
    /// the request converts the user's low-precision tensors at the model's own inputs and outputs.
    void split(const std::map<std::string, std::string>& affinities);
    /// True when ov::hint::inference_precision (handed on to the devices) asks for f16 or bf16.
    bool low_precision_asked() const;
    void write_dumps(const std::map<std::string, std::string>& affinities) const;
    /// For a model without compute ops (an Identity, a Constant output): the first device of the list whose
    /// query takes all of it (a dynamic input needs one that runs dynamic shapes), else the first device.
    /// Empty for any other model, whose Parameters and Results go with its ops.
    std::string passthrough_device(DeviceCatalog& catalog) const;
    /// Compiles submodel `index`, or imports it from `blob` when given.
    void compile_submodel(size_t index, DeviceCatalog& catalog, const std::string* blob, const std::string* ir);
    std::shared_ptr<const kit::PropertyTable> make_property_table() const;
    std::vector<std::string> execution_devices() const;
    uint32_t optimal_requests() const;
    std::map<std::string, ov::AnyMap> per_device_properties() const;

    Config m_config;
    std::string m_model_name;
    std::shared_ptr<ov::Model> m_source;               // a clone of the user's model
    std::shared_ptr<ov::Model> m_split_source;         // what m_plan was cut from: m_source or its f32 copy
    std::map<std::string, std::string> m_affinities;  // compute op -> device, as compiled
    std::string m_passthrough_device;  // runs a model without compute ops (passthrough_device()); else empty
    SubgraphPlan m_plan;
    std::vector<std::shared_ptr<ICompiledModel>> m_compiled;  // one per submodel of m_plan
    bool m_loaded_from_cache = false;
    kit::PropertyValues m_properties;  // read-only keys; declared last: built from the members above
};

}  // namespace hetero
}  // namespace devmux
