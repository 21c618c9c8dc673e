// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "devmux/kit/property_table.hpp"
#include "openvino/core/any.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace cpu {

/// The CPU plugin's properties: the plugin's defaults, and a copy per compiled model. The keys, types,
/// defaults and accepted values are the property table (table()); the fields are its typed values.
struct Config {
    bool enable_profiling = false;
    int32_t num_threads = 0;  // 0: one per hardware thread
    int32_t compilation_num_threads = 0;
    ov::streams::Num num_streams = ov::streams::AUTO;  // AUTO: from the performance hint (LATENCY: one)
    ov::hint::PerformanceMode performance_mode = ov::hint::PerformanceMode::LATENCY;
    ov::hint::ExecutionMode execution_mode = ov::hint::ExecutionMode::PERFORMANCE;
    uint32_t num_requests = 0;  // 0: no limit
    std::string cache_dir;
    ov::log::Level log_level = ov::log::Level::NO;

    Config();

    /// The CPU plugin's property table: settable keys and the device's read-only ones.
    static const std::shared_ptr<const kit::PropertyTable>& table();
    /// Applies every pair; throws ov::Exception naming the key (and value) that is unknown, read-only or
    /// invalid. Nothing is changed when one pair fails.
    void set(const ov::AnyMap& properties);
    /// Whether `name` is one of the keys set() accepts.
    static bool is_settable(const std::string& name);
    /// The value of any key of the table, read-only ones included; throws for an unknown key.
    ov::Any get(const std::string& name) const;
    /// The settable keys, as listed in supported_properties.
    static std::vector<ov::PropertyName> settable_properties();
    /// The settings that define a compiled model (exported with it).
    ov::AnyMap to_map() const;

    /// The threads inference uses: num_threads, or the hardware's.
    size_t threads() const;
    /// Streams in effect: the number set, or for AUTO/NUMA 1 under LATENCY and several under THROUGHPUT.
    uint32_t streams() const;
    /// The threads of one request: its stream's share, so that `streams` requests in flight use the cores once.
    size_t request_threads() const;
    /// What ov::optimal_number_of_infer_requests reports: the streams, capped by hint::num_requests.
    uint32_t optimal_requests() const;

private:
    kit::PropertyValues m_values;
};

}  // namespace cpu
}  // namespace devmux
