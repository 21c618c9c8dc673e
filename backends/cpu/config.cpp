// SPDX-License-Identifier: Apache-2.0
#include "config.hpp"

#include <algorithm>
#include <thread>

#include "devmux/plugin/device_identity.hpp"
#include "openvino/core/except.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

using kit::PropertyValues;

const char* architecture() {
#if defined(__x86_64__)
    return "intel64";  // OpenVINO's name for x86-64
#elif defined(__aarch64__)
    return "arm64";
#elif defined(__riscv)
    return "riscv";
#else
    return "unknown";
#endif
}

size_t hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

std::shared_ptr<const kit::PropertyTable> make_table() {
    auto table = std::make_shared<kit::PropertyTable>("CPU");
    const auto non_negative = [](const int32_t& threads) { return threads >= 0; };
    table->add(ov::enable_profiling, false, "true or false")
        .add(ov::num_streams, ov::streams::AUTO, "AUTO, NUMA or a number of streams >= 0",
             [](const ov::streams::Num& streams) { return streams.num >= ov::streams::NUMA.num; })
        .add(ov::inference_num_threads, int32_t{0}, "0 (all cores) or a positive number of threads", non_negative)
        .add(ov::compilation_num_threads, int32_t{0}, "0 (all cores) or a positive number of threads",
             non_negative)
        .add(ov::hint::performance_mode, ov::hint::PerformanceMode::LATENCY, "LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT")
        .add(ov::hint::execution_mode, ov::hint::ExecutionMode::PERFORMANCE, "PERFORMANCE or ACCURACY")
        // f16 is accepted and runs in f32, as OpenVINO's CPU plugin does on processors without native f16
        // arithmetic. bf16 runs the oneDNN convolutions in bf16 where the CPU has it natively; elsewhere it
        // is refused rather than silently run in f32, so a user asking for bf16 speed learns they cannot
        // have it here.
        .add(ov::hint::inference_precision.name(), ov::Any(ov::element::Type(ov::element::f32)),
             "f32, f16 (runs in f32) or bf16 (with native bf16: AVX512-BF16 or AMX)",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 const auto precision = copy.as<ov::element::Type>();
                 if (precision != ov::element::f32 && precision != ov::element::f16 && precision != ov::element::bf16)
                     throw std::invalid_argument("unsupported precision");
                 if (precision == ov::element::bf16) {
                     if (!has_native_bf16())
                         OPENVINO_THROW("bf16 needs native bf16 arithmetic (AVX512-BF16 or AMX), which this CPU (",
                                        host_cpu_name(), ") does not have; use f32");
                     return ov::Any(ov::element::Type(ov::element::bf16));
                 }
                 return ov::Any(ov::element::Type(ov::element::f32));
             })
        .add(ov::hint::num_requests, uint32_t{0}, "0 (no limit) or a number of requests")
        .add(ov::cache_dir, std::string(), "a directory path")
        .add(ov::log::level, ov::log::Level::NO, "NO, ERR, WARNING, INFO, DEBUG or TRACE")
        .device_ids([](const PropertyValues&) { return std::vector<std::string>{"0"}; })
        .add_read_only(ov::available_devices,
                       // one device, listed by the Core as plain "CPU" (as OpenVINO does)
                       [](const PropertyValues&, const std::string&) { return std::vector<std::string>{""}; })
        .add_read_only(ov::device::full_name, [](const PropertyValues&, const std::string&) {
            static const std::string name = host_cpu_name();
            return name;
        })
        .add_read_only(ov::device::type,
                       [](const PropertyValues&, const std::string&) { return ov::device::Type::INTEGRATED; })
        .add_read_only(ov::device::uuid, [](const PropertyValues&, const std::string&) { return host_cpu_uuid(); })
        .add_read_only(ov::device::architecture,
                       [](const PropertyValues&, const std::string&) { return std::string(architecture()); })
        // f16 and quantized models run, but in f32; bf16 only where the CPU has it natively.
        .add_read_only(ov::device::capabilities,
                       [](const PropertyValues&, const std::string&) {
                           auto listed = capabilities();
                           listed.push_back(ov::device::capability::EXPORT_IMPORT);
                           return listed;
                       })
        .add_read_only(ov::range_for_streams,
                       [](const PropertyValues& values, const std::string&) {
                           const int32_t threads = values.get(ov::inference_num_threads);
                           const size_t used = threads > 0 ? static_cast<size_t>(threads) : hardware_threads();
                           return std::tuple<unsigned int, unsigned int>{1u, static_cast<unsigned int>(used)};
                       })
        .add_read_only(ov::range_for_async_infer_requests,
                       [](const PropertyValues&, const std::string&) {
                           return std::tuple<unsigned int, unsigned int, unsigned int>{1u, 1u, 1u};
                       })
        .add_read_only(ov::caching_properties, [](const PropertyValues&, const std::string&) {
            return std::vector<ov::PropertyName>{
                ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO)};
        });
    return table;
}

}  // namespace

const std::shared_ptr<const kit::PropertyTable>& Config::table() {
    static const std::shared_ptr<const kit::PropertyTable> cpu_table = make_table();
    return cpu_table;
}

Config::Config() : m_values(table()) {}

bool Config::is_settable(const std::string& name) {
    const auto* entry = table()->find(name);
    return name == ov::device::id.name() || (entry && entry->mutability == ov::PropertyMutability::RW);
}

std::vector<ov::PropertyName> Config::settable_properties() {
    std::vector<ov::PropertyName> names;
    for (const auto& key : table()->settable_keys())
        names.emplace_back(key, ov::PropertyMutability::RW);
    names.emplace_back(ov::device::id.name(), ov::PropertyMutability::RW);
    return names;
}

void Config::set(const ov::AnyMap& properties) {
    m_values.set(properties);
    enable_profiling = m_values.get(ov::enable_profiling);
    num_streams = m_values.get(ov::num_streams);
    num_threads = m_values.get(ov::inference_num_threads);
    compilation_num_threads = m_values.get(ov::compilation_num_threads);
    performance_mode = m_values.get(ov::hint::performance_mode);
    execution_mode = m_values.get(ov::hint::execution_mode);
    num_requests = m_values.get(ov::hint::num_requests);
    cache_dir = m_values.get(ov::cache_dir);
    log_level = m_values.get(ov::log::level);
}

ov::Any Config::get(const std::string& name) const { return m_values.get(name); }

ov::AnyMap Config::to_map() const { return m_values.settable_values(); }

size_t Config::threads() const {
    if (num_threads > 0)
        return static_cast<size_t>(num_threads);
    return hardware_threads();
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

size_t Config::request_threads() const { return std::max<size_t>(1, threads() / std::max<uint32_t>(1, streams())); }

uint32_t Config::optimal_requests() const {
    const uint32_t streams_in_effect = streams();
    return num_requests > 0 ? std::min(streams_in_effect, num_requests) : streams_in_effect;
}

}  // namespace cpu
}  // namespace devmux
