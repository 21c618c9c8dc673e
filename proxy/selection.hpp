// SPDX-License-Identifier: Apache-2.0
#pragma once

// Measured backend selection (PROXY_BACKEND_SELECTION=MEASURED, docs/proxy.md): when several members
// serve one physical device, the alias compiles the model with each as primary, times warm inferences
// on seeded inputs, keeps the fastest and remembers the decision (in memory per Core, and in
// ov::cache_dir across processes).

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "devmux/plugin/icompiled_model.hpp"
#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace proxy {

/// How long MEASURED may look at each candidate.
struct MeasurementSettings {
    unsigned warmup = 3;
    unsigned runs = 10;
    double budget_ms = 1000;
};

/// Reads PROXY_MEASUREMENT_* from @p properties over @p base; an ov::Exception names the key and value
/// that is not a count (or, for the budget, a duration in milliseconds).
MeasurementSettings measurement_settings(const ov::AnyMap& properties, MeasurementSettings base,
                                         const std::string& where);

/// One way to serve the device: a member's device as primary, the rest of the device's chain after it.
struct Candidate {
    std::string primary;             ///< the member's hardware device ("VB.0")
    std::vector<std::string> chain;  ///< primary first, then the fallbacks
};

/// What was measured of one candidate.
struct Measurement {
    std::string primary;
    std::string target;  ///< what the model compiled on: the primary, or "HETERO:<chain>" when it split
    std::optional<double> median_ms;  ///< nothing when it failed
    unsigned runs = 0;
    std::string error;
};

/// The decision for one model on one device.
struct Decision {
    std::string chosen;  ///< the chosen candidate's primary device
    std::vector<Measurement> measurements;
    std::string source;  ///< empty when measured by this compile; else where the decision was read from
};

/// The property value: one entry per candidate (proxy_config.hpp, backend_measurements_key).
std::vector<std::string> describe(const Decision& decision);

/// Median latency of @p compiled over warm inferences on inputs filled from a fixed seed (floating-point
/// inputs uniform in [-1, 1], the others ones). Throws what an inference throws, or an ov::Exception when
/// an input's shape is dynamic (nothing to fill).
double measure_latency(const ICompiledModel& compiled, const MeasurementSettings& settings, unsigned& runs);

/// A digest of the model (its IR text and weights), hex: the same model read twice gives the same one.
std::string model_digest(const ov::Model& model);

/// Decisions already taken. Thread-safe.
class DecisionCache {
public:
    /// How many decisions a Core keeps in memory: the key digests the model's IR text, generated names
    /// included, so an application that builds the same graph anew for every compile makes a new key each
    /// time; beyond this the oldest decision is forgotten (it costs a measurement, or a read of cache_dir).
    static constexpr size_t capacity = 64;

    std::optional<Decision> find(const std::string& key) const;
    void store(const std::string& key, const Decision& decision);
    void forget(const std::string& key);
    size_t size() const;

private:
    mutable std::mutex m_mutex;  // guards m_decisions and m_order
    std::map<std::string, Decision> m_decisions;
    std::deque<std::string> m_order;  // the keys of m_decisions, oldest stored first
};

/// The decision file under @p cache_dir for @p key, read back; nothing when absent or unreadable (a
/// broken file only costs a new measurement).
std::optional<Decision> read_decision(const std::string& cache_dir, const std::string& key);
/// Writes the decision (to a temporary file renamed into place, so a concurrent reader never sees half
/// of it); a failure to write is ignored for the same reason.
void write_decision(const std::string& cache_dir, const std::string& key, const Decision& decision);

/// The compiled model MEASURED returns: the chosen candidate's own compiled model, with the
/// measurements as a read-only property. Its infer requests are the chosen model's, behind a thin
/// layer that maps this model's ports onto the chosen model's.
std::shared_ptr<ICompiledModel> with_measurements(const std::shared_ptr<ICompiledModel>& chosen,
                                                  const std::shared_ptr<const ov::Model>& model,
                                                  std::vector<std::string> measurements);

}  // namespace proxy
}  // namespace devmux
