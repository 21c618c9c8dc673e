// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "config.hpp"
#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "exec_plan.hpp"
#include "stream_slots.hpp"

namespace devmux {
namespace cpu {

class Plugin;
class SpecialisedPlans;

/// A model compiled for the CPU: the prepared graph and its execution plan, shared read-only by its
/// requests (each request has its own arena and thread pool). A model whose prepared graph has dynamic
/// shapes gets a kit::DynamicReferencePlan instead (every op's evaluate() at each inference, see
/// dynamic_request.hpp), and no execution plan. Immutable after construction, so every method is safe
/// from several threads; the one thing that grows, its dynamic requests' per-shape plans, has its own lock.
class CompiledModel : public ICompiledModel {
public:
    /// Prepares and plans `model`; throws ov::Exception naming the op without a kernel (or evaluate()).
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// Writes the original model (as IR) and the compile properties; Plugin::import_model recompiles it.
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    /// Throws ov::NotImplemented: a compiled model's properties are fixed at compile time.
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;

    /// The static plan; only for a model without dynamic shapes (dynamic_plan() is null).
    const kit::ExecutionPlan& plan() const { return *m_plan; }
    const std::shared_ptr<const kit::ExecutionPlan>& plan_ptr() const { return m_plan; }
    /// The plan of a model with dynamic shapes, else null.
    const std::shared_ptr<const kit::DynamicReferencePlan>& dynamic_plan() const { return m_dynamic_plan; }
    /// The per-shape plans its requests share; only for a model with a dynamic plan.
    SpecialisedPlans& specialised_plans() const { return *m_specialised_plans; }
    const Config& config() const { return m_config; }
    /// The streams its requests take turns on (one per running inference).
    StreamSlots& streams() const { return m_streams; }

private:
    std::shared_ptr<const kit::ExecutionPlan> plan_model(const ov::Model& model) const;
    // Null for a model whose prepared graph has static shapes only (the static plan runs it).
    std::shared_ptr<const kit::DynamicReferencePlan> plan_dynamic(const ov::Model& model) const;
    std::shared_ptr<const kit::PropertyTable> make_property_table() const;
    uint64_t weights_bytes() const;  // the plan's Constants plus the kernels' repacked copies
    uint64_t scratch_bytes() const;  // the steps' scratch blocks, summed

    Config m_config;
    std::shared_ptr<const ov::Model> m_source;  // a clone of the user's model, for export
    std::string m_model_name;
    // Read-only after construction and shared by the requests without a lock; declared before m_plan,
    // which it rules out.
    std::shared_ptr<const kit::DynamicReferencePlan> m_dynamic_plan;
    std::shared_ptr<SpecialisedPlans> m_specialised_plans;  // with m_dynamic_plan; synchronised inside
    std::shared_ptr<const kit::ExecutionPlan> m_plan;  // declared before m_properties, which reports its sizes
    mutable StreamSlots m_streams;  // synchronised inside: requests of any thread take and return streams
    kit::PropertyValues m_properties;  // read-only, all fixed at compile time; declared last: built from the above
};

/// The plugin name in the header of the CPU plugin's exports (devmux/kit/export_format.hpp).
extern const char* const export_plugin_name;

}  // namespace cpu
}  // namespace devmux
