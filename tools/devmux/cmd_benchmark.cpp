// SPDX-License-Identifier: Apache-2.0
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "commands.hpp"
#include "devmux/memory_properties.hpp"
#include "input_data.hpp"
#include "table.hpp"

namespace devmux::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
}

std::string fixed(double value, int digits = 3) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

// Shared between the main thread and the completion callbacks, which run on the plugin's threads.
struct RunState {
    std::mutex mutex;  // guards every member below
    std::condition_variable changed;
    std::deque<size_t> idle;                    // requests ready to start
    std::vector<Clock::time_point> started_at;  // per request, start of its current inference
    std::vector<double> latencies_ms;
    size_t in_flight = 0;
    std::exception_ptr error;  // the first failure; stops the run
};

// Per-op performance counters summed over many inferences.
struct Counters {
    struct Node {
        std::string type;
        std::string exec_type;
        std::chrono::microseconds real_time{0};
    };
    std::vector<std::string> order;  // node names in first-seen (execution) order
    std::map<std::string, Node> nodes;
    size_t inferences = 0;

    void add(const std::vector<ov::ProfilingInfo>& infos) {
        for (const auto& info : infos) {
            auto [it, inserted] = nodes.try_emplace(info.node_name);
            if (inserted) {
                order.push_back(info.node_name);
                it->second.type = info.node_type;
            }
            if (!info.exec_type.empty())
                it->second.exec_type = info.exec_type;
            it->second.real_time += info.real_time;
        }
        ++inferences;
    }
};

class ProgressBar {
public:
    explicit ProgressBar(bool enabled) : m_enabled(enabled) {}

    void update(double fraction) {
        if (!m_enabled)
            return;
        auto now = Clock::now();
        if (m_drawn && ms_between(m_last, now) < 100.0 && fraction < 1.0)
            return;
        m_last = now;
        m_drawn = true;
        const int width = 40;
        int filled = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * width));
        std::fprintf(stderr, "\r[%s%s] %3d%%", std::string(filled, '#').c_str(),
                     std::string(width - filled, ' ').c_str(), static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100));
        std::fflush(stderr);
    }

    void finish() {
        if (m_enabled && m_drawn) {
            std::fprintf(stderr, "\r%s\r", std::string(48, ' ').c_str());
            std::fflush(stderr);
        }
    }

private:
    bool m_enabled;
    bool m_drawn = false;
    Clock::time_point m_last;
};

bool input_has_name(const ov::Output<const ov::Node>& input, const std::string& name) {
    return input.get_names().count(name) > 0 || input.get_node()->get_friendly_name() == name;
}

std::vector<ov::Tensor> prepare_inputs(const Options& options, const ov::CompiledModel& compiled, std::ostream& out) {
    const auto& inputs = compiled.inputs();
    for (const auto& [name, file] : options.input_files) {
        // Captured by an init-capture: C++17 cannot capture a structured binding itself (clang refuses).
        bool found = std::any_of(inputs.begin(), inputs.end(), [&name = name](const ov::Output<const ov::Node>& in) {
            return input_has_name(in, name);
        });
        if (!found) {
            std::string known;
            for (const auto& in : inputs)
                known += (known.empty() ? "" : ", ") + input_name(in);
            OPENVINO_THROW("-i ", name, "=", file, ": the model has no input named '", name,
                           "'; its inputs are: ", known);
        }
    }
    std::mt19937 generator(options.seed);
    std::vector<ov::Tensor> tensors;
    out << "Inputs:\n";
    for (const auto& input : inputs) {
        std::string source;
        ov::Tensor tensor;
        for (const auto& [name, file] : options.input_files) {
            if (input_has_name(input, name)) {
                tensor = load_tensor_from_file(input, file);
                source = "file " + file;
            }
        }
        if (!tensor) {
            tensor = make_random_tensor(input, generator);
            source = "random (seed " + std::to_string(options.seed) + ")";
        }
        out << "  " << input_name(input) << "  " << input.get_element_type() << " " << tensor.get_shape() << "  "
            << source << "\n";
        tensors.push_back(tensor);
    }
    return tensors;
}

uint32_t choose_nireq(const Options& options, const ov::CompiledModel& compiled) {
    if (options.nireq)
        return *options.nireq;
    try {
        return std::max<uint32_t>(1, compiled.get_property(ov::optimal_number_of_infer_requests));
    } catch (const ov::Exception&) {
        // A device without the property gets one request in flight; that is still a valid benchmark.
        return 1;
    }
}

// HETERO prefixes each subgraph's records with "subgraph<i>: " and adds one "Transfer" record per
// boundary tensor and consumer ("subgraph<i> -> subgraph<j>: <tensor>"): sums per subgraph show
// where the time goes once a model is split.
void print_subgraph_counters(const Counters& counters, const std::map<size_t, std::string>& subgraph_devices,
                             std::ostream& out) {
    static const std::regex op_record(R"(^subgraph(\d+): .*)");
    static const std::regex transfer_record(R"(^subgraph(\d+) -> subgraph(\d+): .*)");
    struct Sums {
        size_t ops = 0;
        std::chrono::microseconds time{0};
    };
    std::map<size_t, Sums> subgraphs;
    Sums transfers;
    std::chrono::microseconds total{0};
    for (const auto& name : counters.order) {
        const auto& node = counters.nodes.at(name);
        std::smatch match;
        if (std::regex_match(name, match, transfer_record)) {
            ++transfers.ops;
            transfers.time += node.real_time;
        } else if (std::regex_match(name, match, op_record)) {
            Sums& sums = subgraphs[std::stoul(match[1].str())];
            ++sums.ops;
            sums.time += node.real_time;
        } else {
            continue;
        }
        total += node.real_time;
    }
    if (subgraphs.empty())
        return;
    const double n = static_cast<double>(counters.inferences);
    auto ms = [n](std::chrono::microseconds time) { return fixed(time.count() / 1000.0 / n); };
    auto share = [total](std::chrono::microseconds time) {
        return fixed(total.count() > 0 ? 100.0 * time.count() / total.count() : 0.0, 1) + "%";
    };
    out << "\nPer-subgraph counters (real time, average per inference):\n";
    Table table({"Subgraph", "Device", "Records", "Time (ms)", "Share"});
    for (const auto& [id, sums] : subgraphs) {
        const auto device = subgraph_devices.find(id);
        table.add_row({std::to_string(id), device == subgraph_devices.end() ? "-" : device->second,
                       std::to_string(sums.ops), ms(sums.time), share(sums.time)});
    }
    if (transfers.ops > 0)
        table.add_row({"transfers", "-", std::to_string(transfers.ops), ms(transfers.time), share(transfers.time)});
    table.print(out, "  ");
}

// Subgraph id -> device, from the rt_info HETERO writes on the ops of its runtime model; empty for
// other devices.
std::map<size_t, std::string> subgraph_devices_of(const ov::CompiledModel& compiled) {
    std::map<size_t, std::string> devices;
    try {
        const auto runtime = compiled.get_runtime_model();
        for (const auto& op : runtime->get_ordered_ops()) {
            const auto& rt_info = op->get_rt_info();
            const auto subgraph = rt_info.find("subgraph");
            const auto affinity = rt_info.find("affinity");
            if (subgraph == rt_info.end() || affinity == rt_info.end())
                continue;
            ov::Any id = subgraph->second, device = affinity->second;
            devices.emplace(id.as<size_t>(), device.as<std::string>());
        }
    } catch (const std::exception&) {
        // Devices without a runtime model (or another rt_info) simply get no device column.
    }
    return devices;
}

void print_counters(const Counters& counters, const std::map<size_t, std::string>& subgraph_devices,
                    std::ostream& out) {
    if (counters.inferences == 0)
        return;
    const double n = static_cast<double>(counters.inferences);
    auto per_inference_ms = [n](std::chrono::microseconds total) { return total.count() / 1000.0 / n; };

    out << "\nPer-op counters (real time, average of " << counters.inferences << " inferences):\n";
    Table nodes({"Op", "Type", "Exec type", "Time (ms)"});
    std::map<std::string, std::chrono::microseconds> per_type;
    std::chrono::microseconds total{0};
    for (const auto& name : counters.order) {
        const auto& node = counters.nodes.at(name);
        nodes.add_row({name, node.type, node.exec_type.empty() ? "-" : node.exec_type,
                       fixed(per_inference_ms(node.real_time))});
        per_type[node.type] += node.real_time;
        total += node.real_time;
    }
    nodes.print(out, "  ");

    std::vector<std::pair<std::string, std::chrono::microseconds>> types(per_type.begin(), per_type.end());
    std::stable_sort(types.begin(), types.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    out << "\nPer-op-type counters (real time, average per inference):\n";
    Table by_type({"Type", "Time (ms)", "Share"});
    for (const auto& [type, time] : types) {
        double share = total.count() > 0 ? 100.0 * time.count() / total.count() : 0.0;
        by_type.add_row({type, fixed(per_inference_ms(time)), fixed(share, 1) + "%"});
    }
    by_type.print(out, "  ");
    out << "  Total: " << fixed(per_inference_ms(total)) << " ms\n";
    print_subgraph_counters(counters, subgraph_devices, out);
}

// A compiled-model property, or nothing where the device does not report it.
template <typename T, ov::PropertyMutability M>
std::optional<T> property_or_none(const ov::CompiledModel& compiled, const ov::Property<T, M>& property) {
    try {
        return compiled.get_property(property);
    } catch (const ov::Exception&) {
        return std::nullopt;
    }
}

// Sets the batch: through the inputs' layouts (ov::set_batch) where one names N, else dimension 0 of every
// input of rank >= 1, as benchmark tools do for models without layouts. Returns how it was set.
std::string apply_batch(const std::shared_ptr<ov::Model>& model, uint32_t batch) {
    try {
        ov::set_batch(model, ov::Dimension(batch));
        return "ov::set_batch";
    } catch (const ov::Exception&) {
        // No input with a layout: fall back to the first dimension below.
    }
    std::map<size_t, ov::PartialShape> shapes;
    const auto& parameters = model->get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i) {
        ov::PartialShape shape = parameters[i]->get_partial_shape();
        if (shape.rank().is_static() && shape.rank().get_length() > 0) {
            shape[0] = ov::Dimension(batch);
            shapes[i] = shape;
        }
    }
    OPENVINO_ASSERT(!shapes.empty(), "-b ", batch, ": model '", model->get_friendly_name(),
                    "' has no input with a batch dimension (all are scalars)");
    model->reshape(shapes);
    return "dimension 0 of every input";
}

std::string json_string(const std::string& text) {
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
            quoted += escaped;
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

template <typename T>
std::string json_or_null(const std::optional<T>& value) {
    if (!value)
        return "null";
    std::ostringstream s;
    s << *value;
    return s.str();
}

// Every figure of one run and the configuration the device actually used.
struct Report {
    std::string model, device, hint, precision, batch_method;
    std::vector<std::string> execution_devices;
    std::vector<std::string> backend_measurements;  // an alias's PROXY_BACKEND_MEASUREMENTS, when it measured
    std::optional<int64_t> threads, streams;
    uint32_t requests = 0, batch = 1;
    std::optional<uint64_t> weights_bytes, arena_bytes, scratch_bytes;
    uint64_t peak_rss_bytes = 0;
    double compile_ms = 0, first_inference_ms = 0, duration_ms = 0, throughput_fps = 0;
    size_t count = 0;
    double min_ms = 0, median_ms = 0, p90_ms = 0, max_ms = 0;
};

void write_json(const Report& r, const std::string& file) {
    std::ofstream json(file);
    if (!json)
        OPENVINO_THROW("--json ", file, ": cannot open the file for writing");
    std::string devices;
    for (const auto& d : r.execution_devices)
        devices += (devices.empty() ? "" : ", ") + json_string(d);
    std::string measurements;
    for (const auto& m : r.backend_measurements)
        measurements += (measurements.empty() ? "" : ", ") + json_string(m);
    json << "{\n"
         << "  \"model\": " << json_string(r.model) << ",\n"
         << "  \"configuration\": {\n"
         << "    \"device\": " << json_string(r.device) << ",\n"
         << "    \"execution_devices\": [" << devices << "],\n"
         << "    \"backend_measurements\": [" << measurements << "],\n"
         << "    \"threads\": " << json_or_null(r.threads) << ",\n"
         << "    \"streams\": " << json_or_null(r.streams) << ",\n"
         << "    \"requests\": " << r.requests << ",\n"
         << "    \"hint\": " << (r.hint.empty() ? "null" : json_string(r.hint)) << ",\n"
         << "    \"inference_precision\": " << (r.precision.empty() ? "null" : json_string(r.precision)) << ",\n"
         << "    \"batch\": " << r.batch << ",\n"
         << "    \"batch_method\": " << (r.batch_method.empty() ? "null" : json_string(r.batch_method)) << "\n"
         << "  },\n"
         << "  \"compile_ms\": " << fixed(r.compile_ms) << ",\n"
         << "  \"first_inference_ms\": " << fixed(r.first_inference_ms) << ",\n"
         << "  \"count\": " << r.count << ",\n"
         << "  \"duration_ms\": " << fixed(r.duration_ms) << ",\n"
         << "  \"latency_ms\": {\"min\": " << fixed(r.min_ms) << ", \"median\": " << fixed(r.median_ms)
         << ", \"p90\": " << fixed(r.p90_ms) << ", \"max\": " << fixed(r.max_ms) << "},\n"
         << "  \"throughput_fps\": " << fixed(r.throughput_fps) << ",\n"
         << "  \"memory_bytes\": {\"weights\": " << json_or_null(r.weights_bytes)
         << ", \"request_arena\": " << json_or_null(r.arena_bytes)
         << ", \"request_scratch\": " << json_or_null(r.scratch_bytes) << ", \"peak_rss\": " << r.peak_rss_bytes
         << "}\n"
         << "}\n";
    if (!json.flush())
        OPENVINO_THROW("--json ", file, ": writing failed");
}

uint64_t peak_rss_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace

void run_benchmark(const Options& options, ov::Core& core, std::ostream& out) {
    Report report;
    report.model = options.model;
    report.device = options.device;
    auto model = core.read_model(options.model);
    if (options.batch) {
        report.batch = *options.batch;
        report.batch_method = apply_batch(model, *options.batch);
    }
    ov::AnyMap config;
    if (options.perf_counts)
        config.emplace(ov::enable_profiling(true));
    if (options.nthreads)
        config.emplace(ov::inference_num_threads(static_cast<int32_t>(*options.nthreads)));
    if (!options.infer_precision.empty())
        config.emplace(ov::hint::inference_precision(ov::element::Type(options.infer_precision)));
    if (options.nstreams)
        config.emplace(ov::num_streams(ov::streams::Num(static_cast<int32_t>(*options.nstreams))));
    if (options.hint == "latency")
        config.emplace(ov::hint::performance_mode(ov::hint::PerformanceMode::LATENCY));
    else if (options.hint == "throughput")
        config.emplace(ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT));
    auto compile_start = Clock::now();
    ov::CompiledModel compiled = core.compile_model(model, options.device, config);
    const double compile_ms = ms_between(compile_start, Clock::now());
    report.compile_ms = compile_ms;

    out << "Model: " << options.model << "\n";
    out << "Device: " << options.device << "\n";
    try {
        auto devices = compiled.get_property(ov::execution_devices);
        std::string joined;
        for (const auto& d : devices)
            joined += (joined.empty() ? "" : ", ") + d;
        report.execution_devices = devices;
        out << "Execution devices: " << joined << "\n";
    } catch (const ov::Exception&) {
        // Not every device reports it; the requested device is shown above.
    }
    try {
        // An alias that chose its backend by measuring says what it measured (compile_ms includes it).
        report.backend_measurements =
            compiled.get_property("PROXY_BACKEND_MEASUREMENTS").as<std::vector<std::string>>();
        out << "Backend selection (PROXY_BACKEND_SELECTION=MEASURED):\n";
        for (const auto& entry : report.backend_measurements)
            out << "  " << entry << "\n";
    } catch (const ov::Exception&) {
        // Any other device, or an alias that did not measure.
    }
    // What the device runs with, which may differ from what was asked; a device without a property (HETERO,
    // a GPU) shows nothing for it.
    if (auto threads = property_or_none(compiled, ov::inference_num_threads)) {
        out << "Inference threads: " << *threads << "\n";
        report.threads = *threads;
    }
    if (auto streams = property_or_none(compiled, ov::num_streams)) {
        out << "Streams: " << streams->num << "\n";
        report.streams = streams->num;
    }
    if (auto mode = property_or_none(compiled, ov::hint::performance_mode)) {
        std::ostringstream text;
        text << *mode;
        report.hint = text.str();
        out << "Performance hint: " << report.hint << (options.hint == "none" || options.hint.empty() ? " (device default)" : "")
            << "\n";
    }
    if (auto precision = property_or_none(compiled, ov::hint::inference_precision)) {
        report.precision = precision->get_type_name();
        out << "Inference precision: " << report.precision << "\n";
    }
    if (options.batch)
        out << "Batch: " << report.batch << " (" << report.batch_method << ")\n";
    out << "Compile time: " << fixed(compile_ms, 2) << " ms\n";

    const std::vector<ov::Tensor> inputs = prepare_inputs(options, compiled, out);
    const uint32_t nireq = choose_nireq(options, compiled);
    const bool by_count = options.iterations.has_value();
    const double seconds = options.seconds.value_or(10.0);
    const uint64_t iterations = options.iterations.value_or(0);

    std::vector<ov::InferRequest> requests;
    for (uint32_t k = 0; k < nireq; ++k) {
        requests.push_back(compiled.create_infer_request());
        for (size_t i = 0; i < inputs.size(); ++i)
            requests.back().set_tensor(compiled.inputs()[i], inputs[i]);
    }
    out << "Infer requests in flight: " << nireq << "\n";
    report.requests = nireq;
    out << (by_count ? "Limit: " + std::to_string(iterations) + " inferences\n"
                     : "Limit: " + fixed(seconds, 1) + " s\n");

    // The first inference often pays for lazy set-up; report it apart from the measured run.
    auto first_start = Clock::now();
    requests[0].infer();
    report.first_inference_ms = ms_between(first_start, Clock::now());
    out << "First inference: " << fixed(report.first_inference_ms) << " ms\n";

    // Callbacks hold the state by shared_ptr, so it outlives any callback still returning.
    auto state = std::make_shared<RunState>();
    state->started_at.resize(nireq);
    for (size_t k = 0; k < nireq; ++k) {
        state->idle.push_back(k);
        requests[k].set_callback([state, k](std::exception_ptr error) {
            auto finished = Clock::now();
            std::lock_guard<std::mutex> lock(state->mutex);
            if (error) {
                if (!state->error)
                    state->error = error;
            } else {
                state->latencies_ms.push_back(ms_between(state->started_at[k], finished));
            }
            state->idle.push_back(k);
            --state->in_flight;
            state->changed.notify_all();
        });
    }

    Counters counters;
    std::vector<bool> has_unread_profile(nireq, false);  // main thread only
    ProgressBar progress(isatty(STDERR_FILENO) == 1);
    uint64_t launched = 0;
    const auto run_start = Clock::now();
    const auto deadline = run_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));

    while (true) {
        std::unique_lock<std::mutex> lock(state->mutex);
        state->changed.wait(lock, [&] { return !state->idle.empty() || state->error; });
        const auto now = Clock::now();
        const size_t completed = state->latencies_ms.size();
        if (state->error)
            break;
        if (by_count ? launched >= iterations : now >= deadline)
            break;
        const size_t k = state->idle.front();
        state->idle.pop_front();
        lock.unlock();

        progress.update(by_count ? static_cast<double>(completed) / iterations
                                 : ms_between(run_start, now) / (seconds * 1000.0));
        // Read the counters of this request's previous inference before it is overwritten.
        if (has_unread_profile[k]) {
            counters.add(requests[k].get_profiling_info());
            has_unread_profile[k] = false;
        }
        lock.lock();
        state->started_at[k] = Clock::now();
        ++state->in_flight;
        lock.unlock();
        try {
            requests[k].start_async();
        } catch (...) {
            lock.lock();
            --state->in_flight;
            if (!state->error)
                state->error = std::current_exception();
            break;
        }
        has_unread_profile[k] = options.perf_counts;
        ++launched;
    }
    {
        std::unique_lock<std::mutex> lock(state->mutex);
        state->changed.wait(lock, [&] { return state->in_flight == 0; });
    }
    const auto run_end = Clock::now();
    progress.update(1.0);
    progress.finish();

    std::vector<double> latencies;
    std::exception_ptr error;
    {
        std::lock_guard<std::mutex> lock(state->mutex);
        latencies = state->latencies_ms;
        error = state->error;
    }
    if (error)
        std::rethrow_exception(error);
    for (size_t k = 0; k < nireq; ++k)
        if (has_unread_profile[k])
            counters.add(requests[k].get_profiling_info());

    OPENVINO_ASSERT(!latencies.empty(), "no inference completed on ", options.device);
    std::sort(latencies.begin(), latencies.end());
    const size_t n = latencies.size();
    const double median = n % 2 ? latencies[n / 2] : (latencies[n / 2 - 1] + latencies[n / 2]) / 2.0;
    // Nearest-rank percentile: the smallest latency that at least 90% of the inferences do not exceed.
    const size_t p90_rank = static_cast<size_t>(std::ceil(0.9 * static_cast<double>(n)));
    const double p90 = latencies[std::max<size_t>(p90_rank, 1) - 1];
    const double duration_ms = ms_between(run_start, run_end);

    out << "\nCount: " << n << " inferences\n";
    out << "Duration: " << fixed(duration_ms, 2) << " ms\n";
    out << "Latency (ms):\n";
    out << "  Min:     " << fixed(latencies.front()) << "\n";
    out << "  Median:  " << fixed(median) << "\n";
    out << "  P90:     " << fixed(p90) << "\n";
    out << "  Max:     " << fixed(latencies.back()) << "\n";
    // Each inference carries `batch` frames.
    report.throughput_fps = duration_ms > 0 ? 1000.0 * n * report.batch / duration_ms : 0.0;
    out << "Throughput: " << fixed(report.throughput_fps, 2) << " FPS\n";

    report.weights_bytes = property_or_none(compiled, memory::weights_bytes);
    report.arena_bytes = property_or_none(compiled, memory::request_arena_bytes);
    report.scratch_bytes = property_or_none(compiled, memory::request_scratch_bytes);
    report.peak_rss_bytes = peak_rss_bytes();
    out << "Memory (bytes):\n";
    if (report.weights_bytes)
        out << "  Weights (compiled model): " << *report.weights_bytes << "\n";
    if (report.arena_bytes)
        out << "  Arena per request:        " << *report.arena_bytes << " x " << nireq << " requests\n";
    if (report.scratch_bytes)
        out << "  Scratch per request:      " << *report.scratch_bytes << " (summed over steps; blocks share the arena)\n";
    out << "  Peak resident (process):  " << report.peak_rss_bytes << "\n";

    report.count = n;
    report.duration_ms = duration_ms;
    report.min_ms = latencies.front();
    report.median_ms = median;
    report.p90_ms = p90;
    report.max_ms = latencies.back();
    if (!options.json_file.empty())
        write_json(report, options.json_file);
    if (options.perf_counts)
        print_counters(counters, subgraph_devices_of(compiled), out);
}

}  // namespace devmux::cli
