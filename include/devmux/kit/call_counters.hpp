// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "devmux/kit/property_table.hpp"

namespace devmux {
namespace kit {

/// @brief How often a plugin's query_model and compile_model ran in this process, published as its
/// read-only properties `<PREFIX>_QUERY_MODEL_CALLS` and `<PREFIX>_COMPILE_MODEL_CALLS` (uint64_t).
///
/// The proxy promises to ask a hardware plugin's query_model at most once per compile and HETERO to
/// compile each subgraph once; these counts let a test (or a curious user) see that on real backends,
/// as the mock plugin's counters do on mocks. The counts are process-wide, like the plugin's caches:
/// read them before and after the calls of interest.
class CallCounters {
public:
    void count_query_model() { m_query_model.fetch_add(1, std::memory_order_relaxed); }
    void count_compile_model() { m_compile_model.fetch_add(1, std::memory_order_relaxed); }

    /// @brief Adds the two read-only keys to @p table. The counters must outlive the table.
    void publish(PropertyTable& table, const std::string& prefix) const {
        table.add_read_only(prefix + "_QUERY_MODEL_CALLS", [this](const PropertyValues&, const std::string&) {
            return ov::Any(static_cast<uint64_t>(m_query_model.load(std::memory_order_relaxed)));
        });
        table.add_read_only(prefix + "_COMPILE_MODEL_CALLS", [this](const PropertyValues&, const std::string&) {
            return ov::Any(static_cast<uint64_t>(m_compile_model.load(std::memory_order_relaxed)));
        });
    }

private:
    std::atomic<uint64_t> m_query_model{0};
    std::atomic<uint64_t> m_compile_model{0};
};

}  // namespace kit
}  // namespace devmux
