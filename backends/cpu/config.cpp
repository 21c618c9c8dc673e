// SPDX-License-Identifier: Apache-2.0
#include "config.hpp"

#include <algorithm>
#include <thread>

namespace devmux {
namespace cpu {
namespace {

std::string text_of(const ov::Any& value) {
    try {
        return value.as<std::string>();
    } catch (const std::exception&) {
        return "<value of type " + ov::util::type_name(value.type_info()) + ">";
    }
}

template <typename T>
T value_as(const std::string& key, const ov::Any& value) {
    try {
        return value.as<T>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("CPU: invalid value '", text_of(value), "' for property ", key, ": ", e.what());
    }
}

[[noreturn]] void throw_invalid(const std::string& key, const ov::Any& value, const std::string& why) {
    OPENVINO_THROW("CPU: invalid value '", text_of(value), "' for property ", key, ": ", why);
}

}  // namespace

bool Config::is_settable(const std::string& name) {
    for (const auto& property : settable_properties())
        if (property == name)
            return true;
    return false;
}

std::vector<ov::PropertyName> Config::settable_properties() {
    return {ov::PropertyName(ov::enable_profiling.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::num_streams.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::inference_num_threads.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::compilation_num_threads.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::hint::performance_mode.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::hint::execution_mode.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::hint::inference_precision.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::hint::num_requests.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::cache_dir.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::log::level.name(), ov::PropertyMutability::RW),
            ov::PropertyName(ov::device::id.name(), ov::PropertyMutability::RW)};
}

void Config::set(const ov::AnyMap& properties) {
    Config next = *this;  // applied only once every pair is valid
    for (const auto& [key, value] : properties) {
        if (key == ov::enable_profiling.name()) {
            next.enable_profiling = value_as<bool>(key, value);
        } else if (key == ov::num_streams.name()) {
            const auto streams = value_as<ov::streams::Num>(key, value);
            if (streams.num < ov::streams::NUMA.num)
                throw_invalid(key, value, "expected AUTO, NUMA or a number of streams >= 0");
            next.num_streams = streams;
        } else if (key == ov::inference_num_threads.name()) {
            const auto threads = value_as<int32_t>(key, value);
            if (threads < 0)
                throw_invalid(key, value, "expected 0 (all cores) or a positive number of threads");
            next.num_threads = threads;
        } else if (key == ov::compilation_num_threads.name()) {
            const auto threads = value_as<int32_t>(key, value);
            if (threads < 0)
                throw_invalid(key, value, "expected 0 (all cores) or a positive number of threads");
            next.compilation_num_threads = threads;
        } else if (key == ov::hint::performance_mode.name()) {
            next.performance_mode = value_as<ov::hint::PerformanceMode>(key, value);
        } else if (key == ov::hint::execution_mode.name()) {
            next.execution_mode = value_as<ov::hint::ExecutionMode>(key, value);
        } else if (key == ov::hint::inference_precision.name()) {
            // Every kernel computes in f32. Lower precisions are accepted as hints, as OpenVINO's CPU plugin
            // does on processors without native f16/bf16 arithmetic, and run in f32.
            const auto precision = value_as<ov::element::Type>(key, value);
            if (precision != ov::element::f32 && precision != ov::element::f16 && precision != ov::element::bf16)
                throw_invalid(key, value, "the CPU plugin infers in f32 (f16 and bf16 are accepted and run in f32)");
        } else if (key == ov::hint::num_requests.name()) {
            next.num_requests = value_as<uint32_t>(key, value);
        } else if (key == ov::cache_dir.name()) {
            next.cache_dir = value_as<std::string>(key, value);
        } else if (key == ov::log::level.name()) {
            next.log_level = value_as<ov::log::Level>(key, value);
        } else if (key == ov::device::id.name()) {
            const auto id = value_as<std::string>(key, value);
            if (!id.empty() && id != "0")
                throw_invalid(key, value, "the CPU plugin has one device (id \"\" or \"0\")");
        } else {
            OPENVINO_THROW("CPU: unsupported property ", key, " (value '", text_of(value),
                           "'); see ov::supported_properties for the keys the CPU plugin accepts");
        }
    }
    *this = next;
}

ov::Any Config::get(const std::string& name) const {
    if (name == ov::enable_profiling.name())
        return enable_profiling;
    if (name == ov::num_streams.name())
        return num_streams;
    if (name == ov::inference_num_threads.name())
        return num_threads;
    if (name == ov::compilation_num_threads.name())
        return compilation_num_threads;
    if (name == ov::hint::performance_mode.name())
        return performance_mode;
    if (name == ov::hint::execution_mode.name())
        return execution_mode;
    if (name == ov::hint::inference_precision.name())
        return ov::element::Type(ov::element::f32);
    if (name == ov::hint::num_requests.name())
        return num_requests;
    if (name == ov::cache_dir.name())
        return cache_dir;
    if (name == ov::log::level.name())
        return log_level;
    if (name == ov::device::id.name())
        return std::string("");
    return {};
}

ov::AnyMap Config::to_map() const {
    ov::AnyMap map;
    for (const auto& property : settable_properties())
        if (property != ov::device::id.name())
            map[property] = get(property).as<std::string>();
    return map;
}

size_t Config::threads() const {
    if (num_threads > 0)
        return static_cast<size_t>(num_threads);
    return std::max(1u, std::thread::hardware_concurrency());
}

uint32_t Config::streams() const {
    if (num_streams.num > 0)
        return static_cast<uint32_t>(num_streams.num);
    if (num_streams.num == 0 || performance_mode != ov::hint::PerformanceMode::THROUGHPUT)
        return 1;
    // AUTO/NUMA under THROUGHPUT: enough requests in flight to keep the cores busy between kernels; with
    // two or more cores at least two, as OpenVINO's throughput samples expect to run requests in parallel.
    const size_t cores = threads();
    return cores < 2 ? 1u : std::max<uint32_t>(2, static_cast<uint32_t>(cores / 4));
}

uint32_t Config::optimal_requests() const {
    const uint32_t streams_in_effect = streams();
    return num_requests > 0 ? std::min(streams_in_effect, num_requests) : streams_in_effect;
}

}  // namespace cpu
}  // namespace devmux
