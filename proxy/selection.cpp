// SPDX-License-Identifier: Apache-2.0
#include "proxy/selection.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iomanip>
#include <random>
#include <sstream>

#include "devmux/kit/export_format.hpp"
#include "devmux/kit/model_io.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/runtime/properties.hpp"
#include "proxy/proxy_config.hpp"

namespace devmux {
namespace proxy {
namespace {

using Clock = std::chrono::steady_clock;

std::string text_of(const ov::Any& value) {
    ov::Any copy = value;
    return copy.as<std::string>();
}

unsigned count_of(const ov::AnyMap& properties, const char* key, unsigned base, unsigned minimum,
                  const std::string& where) {
    const auto it = properties.find(key);
    if (it == properties.end())
        return base;
    const std::string text = text_of(it->second);
    const bool digits = !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
    OPENVINO_ASSERT(digits && std::stoul(text) >= minimum, where, ": ", key, " '", text, "' is not an integer >= ",
                    minimum);
    return static_cast<unsigned>(std::stoul(text));
}

// Tabs and line ends would break the decision file's lines.
std::string one_line(std::string text) {
    std::replace(text.begin(), text.end(), '\t', ' ');
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

template <typename T>
void fill_floats(ov::Tensor& tensor, std::mt19937& random) {
    std::uniform_real_distribution<float> values(-1.f, 1.f);
    T* data = tensor.data<T>();
    for (size_t i = 0; i < tensor.get_size(); ++i)
        data[i] = T(values(random));
}

// Ones of the tensor's type: the same bytes as the value 1 for every integer width and for boolean.
void fill_ones(ov::Tensor& tensor) {
    const auto type = tensor.get_element_type();
    const size_t width = type.size();
    auto* bytes = static_cast<uint8_t*>(tensor.data());
    std::memset(bytes, 0, tensor.get_byte_size());
    if (width == 0)
        return;
    for (size_t i = 0; i < tensor.get_size(); ++i)
        bytes[i * width] = 1;  // little-endian
}

void fill_seeded(ov::Tensor tensor, unsigned seed) {
    std::mt19937 random(seed);
    const auto type = tensor.get_element_type();
    if (type == ov::element::f32)
        fill_floats<float>(tensor, random);
    else if (type == ov::element::f16)
        fill_floats<ov::float16>(tensor, random);
    else if (type == ov::element::bf16)
        fill_floats<ov::bfloat16>(tensor, random);
    else if (type == ov::element::f64)
        fill_floats<double>(tensor, random);
    else
        fill_ones(tensor);  // integer divisors stay non-zero; an index of 1 may still be out of range
}

std::string decision_path(const std::string& cache_dir, const std::string& key) {
    return cache_dir + "/devmux_backend_selection_" + key + ".txt";
}

// The chosen model with the measurements: everything is the chosen model's but that one property.
class MeasuredModel : public ICompiledModel {
public:
    MeasuredModel(std::shared_ptr<ICompiledModel> chosen, const std::shared_ptr<const ov::Model>& model,
                  std::vector<std::string> measurements)
        : ICompiledModel(model, chosen->get_plugin()),
          m_chosen(std::move(chosen)),
          m_measurements(std::move(measurements)) {}

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override {
        return m_chosen->create_sync_infer_request();
    }
    std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
    void export_model(std::ostream& model) const override { m_chosen->export_model(model); }
    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_chosen->get_runtime_model(); }
    void set_property(const ov::AnyMap& properties) override {
        OPENVINO_ASSERT(properties.count(backend_measurements_key) == 0, backend_measurements_key, " is read-only");
        m_chosen->set_property(properties);
    }
    ov::Any get_property(const std::string& name) const override {
        if (name == backend_measurements_key)
            return m_measurements;
        if (name == ov::supported_properties.name()) {
            ov::Any value = m_chosen->get_property(name);
            std::vector<ov::PropertyName> names;
            if (value.is<std::vector<ov::PropertyName>>()) {
                names = value.as<std::vector<ov::PropertyName>>();
            } else {
                for (const auto& key : value.as<std::vector<std::string>>())
                    names.emplace_back(key);
            }
            names.emplace_back(backend_measurements_key, ov::PropertyMutability::RO);
            return names;
        }
        return m_chosen->get_property(name);
    }
    std::shared_ptr<IRemoteContext> get_context() const override { return m_chosen->get_context(); }

    // The chosen model's port at the position @p port has here; any other port (the chosen model's own,
    // the user's model's) is passed on as it is, the chosen model's requests match those themselves.
    ov::Output<const ov::Node> chosen_port(const ov::Output<const ov::Node>& port) const {
        for (size_t i = 0; i < inputs().size(); ++i)
            if (inputs()[i] == port)
                return m_chosen->inputs()[i];
        for (size_t i = 0; i < outputs().size(); ++i)
            if (outputs()[i] == port)
                return m_chosen->outputs()[i];
        return port;
    }

private:
    std::shared_ptr<ICompiledModel> m_chosen;
    const std::vector<std::string> m_measurements;  // fixed at creation: no lock needed
};

// The chosen model's request; only the ports of MeasuredModel are translated. It never uses the base
// class's worker: every call goes to the chosen request, which keeps its own pipeline.
class MeasuredRequest : public IAsyncInferRequest {
public:
    MeasuredRequest(std::shared_ptr<IAsyncInferRequest> chosen, std::shared_ptr<const MeasuredModel> model)
        : IAsyncInferRequest(chosen->get_sync_request()),
          m_chosen(std::move(chosen)),
          m_model(std::move(model)) {}

    void infer() override { m_chosen->infer(); }
    void start_async() override { m_chosen->start_async(); }
    void wait() override { m_chosen->wait(); }
    bool wait_for(std::chrono::milliseconds timeout) override { return m_chosen->wait_for(timeout); }
    void cancel() override { m_chosen->cancel(); }
    void set_callback(std::function<void(std::exception_ptr)> callback) override {
        m_chosen->set_callback(std::move(callback));
    }
    ov::Tensor get_tensor(const ov::Output<const ov::Node>& port) const override {
        return m_chosen->get_tensor(m_model->chosen_port(port));
    }
    void set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor) override {
        m_chosen->set_tensor(m_model->chosen_port(port), tensor);
    }
    std::vector<ov::ProfilingInfo> get_profiling_info() const override { return m_chosen->get_profiling_info(); }
    std::vector<std::shared_ptr<IVariableState>> query_state() const override { return m_chosen->query_state(); }

private:
    std::shared_ptr<IAsyncInferRequest> m_chosen;
    std::shared_ptr<const MeasuredModel> m_model;
};

std::shared_ptr<IAsyncInferRequest> MeasuredModel::create_infer_request() const {
    return std::make_shared<MeasuredRequest>(m_chosen->create_infer_request(),
                                             std::static_pointer_cast<const MeasuredModel>(shared_from_this()));
}

}  // namespace

MeasurementSettings measurement_settings(const ov::AnyMap& properties, MeasurementSettings base,
                                         const std::string& where) {
    base.warmup = count_of(properties, measurement_warmup_key, base.warmup, 0, where);
    base.runs = count_of(properties, measurement_runs_key, base.runs, 1, where);
    const auto budget = properties.find(measurement_budget_ms_key);
    if (budget != properties.end()) {
        const std::string text = text_of(budget->second);
        size_t used = 0;
        double ms = -1;
        try {
            ms = std::stod(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        OPENVINO_ASSERT(used != 0 && used == text.size() && ms >= 0, where, ": ", measurement_budget_ms_key, " '",
                        text, "' is not a duration in milliseconds >= 0");
        base.budget_ms = ms;
    }
    return base;
}

std::vector<std::string> describe(const Decision& decision) {
    std::vector<std::string> entries;
    for (const auto& m : decision.measurements) {
        std::ostringstream entry;
        entry << m.primary;
        if (!m.target.empty() && m.target != m.primary)
            entry << " via " << m.target;
        if (m.median_ms) {
            entry << ": " << std::fixed << std::setprecision(3) << *m.median_ms << " ms (median of " << m.runs << ")";
        } else {
            entry << ": failed: " << m.error;
        }
        if (m.primary == decision.chosen) {
            entry << ", chosen";
            if (!decision.source.empty())
                entry << " (" << decision.source << ")";
        }
        entries.push_back(entry.str());
    }
    return entries;
}

double measure_latency(const ICompiledModel& compiled, const MeasurementSettings& settings, unsigned& runs) {
    for (const auto& input : compiled.inputs())
        OPENVINO_ASSERT(input.get_partial_shape().is_static(), "input '", input.get_node()->get_friendly_name(),
                        "' has the dynamic shape ", input.get_partial_shape(), ": there is nothing to time it on");
    auto request = compiled.create_infer_request();
    unsigned seed = 1;
    for (const auto& input : compiled.inputs())
        fill_seeded(request->get_tensor(input), seed++);
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double, std::milli>(settings.budget_ms));
    // The first inference pays for lazy allocations and kernel loads; warm-up keeps it out of the median.
    for (unsigned i = 0; i < settings.warmup && (i == 0 || Clock::now() < deadline); ++i)
        request->infer();
    std::vector<double> times;
    while (times.size() < settings.runs && (times.empty() || Clock::now() < deadline)) {
        const auto begin = Clock::now();
        request->infer();
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - begin).count());
    }
    runs = static_cast<unsigned>(times.size());
    std::sort(times.begin(), times.end());
    const size_t middle = times.size() / 2;
    return times.size() % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
}

std::string model_digest(const ov::Model& model) {
    std::ostringstream serialized;
    kit::write_model(model, serialized);
    const ov::device::UUID digest = uuid_from_name(serialized.str());
    std::ostringstream hex;
    for (const auto byte : digest.uuid)
        hex << std::hex << std::setw(2) << std::setfill('0') << static_cast<unsigned>(byte);
    return hex.str();
}

std::optional<Decision> DecisionCache::find(const std::string& key) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_decisions.find(key);
    if (it == m_decisions.end())
        return std::nullopt;
    return it->second;
}

void DecisionCache::store(const std::string& key, const Decision& decision) {
    std::lock_guard<std::mutex> lock(m_mutex);
    const bool added = m_decisions.insert_or_assign(key, decision).second;
    if (!added)
        return;
    m_order.push_back(key);
    if (m_order.size() > capacity) {
        m_decisions.erase(m_order.front());
        m_order.pop_front();
    }
}

void DecisionCache::forget(const std::string& key) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_decisions.erase(key) != 0)
        m_order.erase(std::find(m_order.begin(), m_order.end(), key));
}

size_t DecisionCache::size() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_decisions.size();
}

// The entry, behind kit::write_cache_file's size and CRC-32C (a corrupted or truncated file is measured again,
// never read as another decision): "devmux-backend-selection 1", "chosen\t<device>", then one line per candidate:
// "candidate\t<primary>\t<target>\t<median ms or ->\t<runs>\t<error>".
std::optional<Decision> read_decision(const std::string& cache_dir, const std::string& key) {
    const std::optional<std::string> entry = kit::read_cache_file(decision_path(cache_dir, key));
    if (!entry)
        return std::nullopt;
    std::istringstream in(*entry);
    std::string line;
    if (!std::getline(in, line) || line != "devmux-backend-selection 1")
        return std::nullopt;
    Decision decision;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, '\t');)
            fields.push_back(field);
        if (fields.size() == 2 && fields[0] == "chosen") {
            decision.chosen = fields[1];
        } else if (fields.size() >= 5 && fields[0] == "candidate") {
            Measurement m;
            m.primary = fields[1];
            m.target = fields[2];
            try {
                if (fields[3] != "-")
                    m.median_ms = std::stod(fields[3]);
                m.runs = static_cast<unsigned>(std::stoul(fields[4]));
            } catch (const std::exception&) {
                return std::nullopt;
            }
            m.error = fields.size() > 5 ? fields[5] : std::string();
            decision.measurements.push_back(m);
        } else {
            return std::nullopt;
        }
    }
    if (decision.chosen.empty())
        return std::nullopt;
    return decision;
}

void write_decision(const std::string& cache_dir, const std::string& key, const Decision& decision) {
    std::ostringstream out;
    out << "devmux-backend-selection 1\n" << "chosen\t" << one_line(decision.chosen) << "\n";
    for (const auto& m : decision.measurements) {
        out << "candidate\t" << one_line(m.primary) << "\t" << one_line(m.target) << "\t";
        if (m.median_ms)
            out << std::setprecision(9) << *m.median_ms;
        else
            out << "-";
        out << "\t" << m.runs << "\t" << one_line(m.error) << "\n";
    }
    try {
        kit::write_cache_file(decision_path(cache_dir, key), out.str(), "GPU alias backend selection");
    } catch (const std::exception&) {
        // A cache folder that cannot be written costs a measurement in the next process, nothing more.
    }
}

std::shared_ptr<ICompiledModel> with_measurements(const std::shared_ptr<ICompiledModel>& chosen,
                                                  const std::shared_ptr<const ov::Model>& model,
                                                  std::vector<std::string> measurements) {
    return std::make_shared<MeasuredModel>(chosen, model, std::move(measurements));
}

}  // namespace proxy
}  // namespace devmux
