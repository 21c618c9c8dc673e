// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "plugin.hpp"

namespace devmux {
namespace auto_plugin {

/// A model compiled for AUTO or MULTI: one device compiled model per device in use, and the scheduler
/// that hands each inference a request on one of them.
///
/// Two ways of using the devices (docs/auto.md):
///  - single (AUTO, LATENCY or THROUGHPUT hint): every inference goes to the first device, in candidate
///    order, that is compiled; the chosen device may still be compiling in the background while the CPU
///    helper serves (startup fallback), and later devices are compiled on demand for runtime fallback.
///  - spread (MULTI, AUTO with CUMULATIVE_THROUGHPUT): every device is compiled at once with its
///    optimal number of requests, and an inference goes to a device with a free request, by the schedule
///    policy.
class CompiledModel : public ICompiledModel {
public:
    static std::shared_ptr<CompiledModel> create(const std::shared_ptr<const ov::Model>& model,
                                                 const std::shared_ptr<const Plugin>& plugin, const Config& config);
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config, std::vector<Candidate> candidates, bool spread);
    /// Waits for a compile still running in the background (the plugin's code must outlive it).
    ~CompiledModel() override;

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// Throws ov::NotImplemented: the device behind AUTO changes over time.
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    /// Throws ov::NotImplemented: a compiled model's properties are fixed at compile time.
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;

    /// Runs one inference on some device's request, with runtime fallback; the tensors are the
    /// caller's (shared with the device request, outputs of dynamic shape copied back). With
    /// ov::enable_profiling, `profiling` gets the device request's records of this inference.
    void infer(std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs,
               std::vector<ov::ProfilingInfo>& profiling) const;

private:
    enum class State { pending, compiling, ready, failed, lost, released };
    struct Slot {
        std::string device;
        State state = State::pending;
        std::shared_ptr<ICompiledModel> compiled;
        std::vector<std::shared_ptr<IAsyncInferRequest>> idle;  // destroyed before `compiled`
        uint32_t busy = 0;
        uint32_t limit = 0;       // spread: the device's optimal number of requests; single: 0 (no limit)
        uint64_t generation = 0;  // bumped when `compiled` is dropped, so stale requests are not kept
    };
    /// A device request lent to one inference.
    struct Lease {
        size_t slot = 0;
        uint64_t generation = 0;
        std::shared_ptr<ICompiledModel> compiled;
        std::shared_ptr<IAsyncInferRequest> request;
    };

    /// Compiles `slot` through the Core (no lock held while compiling); records the outcome.
    bool compile_slot(size_t slot) const;
    /// Compiles the candidates before `end` (the CPU helper) in order until one succeeds.
    void compile_in_order(size_t end) const;
    void start(bool startup_fallback);
    Lease acquire(const std::set<size_t>& tried, std::vector<std::string>& errors) const;
    void give_back(const Lease& lease, bool healthy) const;
    /// After a failed inference: a device that can no longer make a request is lost.
    void check_lost(const Lease& lease, const std::string& error) const;
    /// Index of the slot single mode sends new inferences to; slots.size() when none is ready.
    size_t current_slot_locked() const;
    std::string errors_locked() const;

    std::shared_ptr<const Plugin> m_plugin;
    std::shared_ptr<ICore> m_core;
    std::shared_ptr<const ov::Model> m_model;
    Config m_config;
    const bool m_spread;
    mutable size_t m_helper = SIZE_MAX;  // the CPU slot compiled beside the chosen device (startup fallback)

    // m_mutex guards m_slots (states, compiled models, idle requests, counts), m_errors, m_next, m_helper and
    // m_background_busy; m_changed signals any change of them (a device ready, failed or lost, a request
    // given back).
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    mutable std::vector<Slot> m_slots;
    mutable std::vector<std::string> m_errors;  // every compile error and lost device, "DEVICE: message"
    mutable size_t m_next = 0;                  // round robin: the slot to try first
    bool m_background_busy = false;
    std::thread m_background;  // the chosen device's compile under startup fallback
};

/// The request applications get: its tensors are handed to a device request for each inference.
class SyncInferRequest : public ISyncInferRequest {
public:
    explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled)
        : ISyncInferRequest(compiled), m_compiled(compiled) {}
    void infer() override { m_compiled->infer(m_input_tensors, m_output_tensors, m_profiling); }
    std::vector<ov::ProfilingInfo> get_profiling_info() const override { return m_profiling; }

private:
    std::shared_ptr<const CompiledModel> m_compiled;
    std::vector<ov::ProfilingInfo> m_profiling;  // of the last inference, from the device that ran it
};

}  // namespace auto_plugin
}  // namespace devmux
