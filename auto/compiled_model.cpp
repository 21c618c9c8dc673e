// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"

#include <algorithm>

#include "openvino/core/except.hpp"

namespace devmux {
namespace auto_plugin {

namespace {

std::string join(const std::vector<std::string>& items, const char* separator) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : separator) + item;
    return text;
}

bool is_cpu(const std::string& device) {
    return device.substr(0, device.find('.')) == "CPU";
}

uint32_t optimal_requests_of(const ICompiledModel& compiled) {
    try {
        return std::max<uint32_t>(1, compiled.get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>());
    } catch (const std::exception&) {
        return 1;  // a device that does not say runs one request at a time
    }
}

std::vector<std::string> execution_devices_of(const ICompiledModel& compiled, const std::string& device) {
    try {
        return compiled.get_property(ov::execution_devices.name()).as<std::vector<std::string>>();
    } catch (const std::exception&) {
        return {device};
    }
}

}  // namespace

std::shared_ptr<CompiledModel> CompiledModel::create(const std::shared_ptr<const ov::Model>& model,
                                                     const std::shared_ptr<const Plugin>& plugin,
                                                     const Config& config) {
    std::vector<std::string> refusals;
    std::vector<Candidate> candidates = plugin->candidates(model, config, refusals);
    if (candidates.empty())
        OPENVINO_THROW(plugin->get_device_name(), ": no device can run model '", model->get_friendly_name(), "'",
                       config.priorities.empty() ? "" : " among '" + config.priorities_text() + "'",
                       refusals.empty() ? std::string(" (no device available)") : ": " + join(refusals, "; "));
    const bool spread = plugin->is_multi() ||
                        config.performance_mode == ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT;
    auto compiled = std::make_shared<CompiledModel>(model, plugin, config, std::move(candidates), spread);
    // Started after construction: a throw here destroys the object, whose destructor joins the thread.
    compiled->start(config.startup_fallback);
    return compiled;
}

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config, std::vector<Candidate> candidates, bool spread)
    : ICompiledModel(model, plugin),
      m_plugin(plugin),
      m_core(plugin->core()),
      m_model(model),
      m_config(config),
      m_spread(spread) {
    for (const auto& candidate : candidates) {
        Slot slot;
        slot.device = candidate.device;
        m_slots.push_back(std::move(slot));
    }
}

CompiledModel::~CompiledModel() {
    if (m_background.joinable())
        m_background.join();
}

bool CompiledModel::compile_slot(size_t index) const {
    std::string device;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        // Claimed under the lock, so that the background compile and an on-demand compile (runtime
        // fallback) never compile one device twice; the one that finds it claimed leaves it to the other.
        // A device that failed or was lost is not tried again.
        if (m_slots[index].state != State::pending && m_slots[index].state != State::released)
            return m_slots[index].state == State::ready;
        m_slots[index].state = State::compiling;
        device = m_slots[index].device;
    }
    std::shared_ptr<ICompiledModel> compiled;
    try {
        compiled = m_core->compile_model(m_model, device, m_plugin->properties_for(device, m_config, m_spread));
    } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_slots[index].state = State::failed;
        m_errors.push_back(device + ": " + e.what());
        m_changed.notify_all();
        return false;
    }
    const uint32_t limit = m_spread ? optimal_requests_of(*compiled) : 0;
    std::vector<std::shared_ptr<IAsyncInferRequest>> dropped;
    std::shared_ptr<ICompiledModel> released;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        Slot& slot = m_slots[index];
        slot.compiled = compiled;
        slot.limit = limit;
        slot.state = State::ready;
        // Startup fallback ends once a device ranked before the CPU helper is ready: new inferences go
        // there, and the helper's compiled model goes when its inferences in flight are done (they hold it).
        if (m_helper < m_slots.size() && m_slots[m_helper].state == State::ready) {
            bool better_ready = false;
            for (size_t i = 0; i < m_helper; ++i)
                better_ready = better_ready || m_slots[i].state == State::ready;
            if (better_ready) {
                Slot& helper = m_slots[m_helper];
                dropped.swap(helper.idle);
                released = std::move(helper.compiled);
                helper.state = State::released;
                ++helper.generation;
                m_helper = SIZE_MAX;  // once: a later compile of the CPU (runtime fallback) is kept
            }
        }
        m_changed.notify_all();
    }
    return true;  // `dropped` and `released` go here, outside the lock
}

void CompiledModel::compile_in_order(size_t end) const {
    for (size_t i = 0; i < std::min(end, m_slots.size()); ++i)
        if (compile_slot(i))
            return;
}

void CompiledModel::start(bool startup_fallback) {
    const std::string name = m_plugin->get_device_name();
    if (m_spread) {
        // Every device at once; a device that fails to compile is left out, its error kept.
        std::vector<std::thread> compiles;
        for (size_t i = 0; i < m_slots.size(); ++i)
            compiles.emplace_back([this, i] { compile_slot(i); });
        for (auto& thread : compiles)
            thread.join();
        std::lock_guard<std::mutex> lock(m_mutex);
        const bool any = std::any_of(m_slots.begin(), m_slots.end(),
                                     [](const Slot& slot) { return slot.state == State::ready; });
        if (!any)
            OPENVINO_THROW(name, ": no device compiled model '", m_model->get_friendly_name(), "': ", errors_locked());
        return;
    }

    size_t cpu = SIZE_MAX;
    for (size_t i = 0; i < m_slots.size() && cpu == SIZE_MAX; ++i)
        if (is_cpu(m_slots[i].device))
            cpu = i;
    if (startup_fallback && cpu != SIZE_MAX && cpu > 0) {
        // The devices ranked before the CPU compile in the background, in order (compile failover);
        // the CPU compiles here and serves until one of them is ready.
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_helper = cpu;
            m_background_busy = true;
        }
        m_background = std::thread([this, cpu] {
            compile_in_order(cpu);
            std::lock_guard<std::mutex> lock(m_mutex);
            m_background_busy = false;
            m_changed.notify_all();
        });
        compile_slot(cpu);
        std::unique_lock<std::mutex> lock(m_mutex);
        // Without the helper, compile_model returns with the first device the background compiled.
        m_changed.wait(lock, [this] { return current_slot_locked() < m_slots.size() || !m_background_busy; });
        if (current_slot_locked() < m_slots.size())
            return;
        // Every device up to the CPU failed: the ones listed after it are next.
        lock.unlock();
        compile_in_order(SIZE_MAX);
        lock.lock();
        if (current_slot_locked() == m_slots.size())
            OPENVINO_THROW(name, ": every device failed to compile model '", m_model->get_friendly_name(),
                           "': ", errors_locked());
        return;
    }
    compile_in_order(SIZE_MAX);
    std::lock_guard<std::mutex> lock(m_mutex);
    if (current_slot_locked() == m_slots.size())
        OPENVINO_THROW(name, ": every device failed to compile model '", m_model->get_friendly_name(), "': ",
                       errors_locked());
}

size_t CompiledModel::current_slot_locked() const {
    for (size_t i = 0; i < m_slots.size(); ++i)
        if (m_slots[i].state == State::ready)
            return i;
    return m_slots.size();
}

std::string CompiledModel::errors_locked() const {
    return m_errors.empty() ? std::string("no error recorded") : join(m_errors, "; ");
}

CompiledModel::Lease CompiledModel::acquire(const std::set<size_t>& tried, std::vector<std::string>& errors) const {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        const auto usable = [&](size_t i) { return !tried.count(i) && m_slots[i].state == State::ready; };
        size_t chosen = m_slots.size();
        bool wait = false;
        if (m_spread) {
            bool any_usable = false;
            for (size_t step = 0; step < m_slots.size(); ++step) {
                const size_t i = m_config.schedule_policy == ov::intel_auto::SchedulePolicy::ROUND_ROBIN
                                     ? (m_next + step) % m_slots.size()
                                     : step;
                if (!usable(i))
                    continue;
                any_usable = true;
                if (m_slots[i].busy < m_slots[i].limit) {
                    chosen = i;
                    break;
                }
            }
            wait = any_usable && chosen == m_slots.size();  // every usable device has all its requests busy
            if (chosen < m_slots.size())
                m_next = (chosen + 1) % m_slots.size();
        } else {
            for (size_t i = 0; i < m_slots.size() && chosen == m_slots.size(); ++i)
                if (usable(i))
                    chosen = i;
            if (chosen == m_slots.size()) {
                // Nothing compiled is left to try: wait for a compile in progress, else compile the next
                // device on demand (runtime fallback after the CPU helper was released, or to a device
                // never compiled).
                size_t compile = m_slots.size();
                for (size_t i = 0; i < m_slots.size(); ++i) {
                    if (tried.count(i))
                        continue;
                    if (m_slots[i].state == State::compiling) {
                        wait = true;
                        break;
                    }
                    if (compile == m_slots.size() &&
                        (m_slots[i].state == State::pending || m_slots[i].state == State::released))
                        compile = i;
                }
                if (!wait && compile < m_slots.size()) {
                    // compile_slot claims the slot; an inference that finds it claimed waits for it.
                    lock.unlock();
                    compile_slot(compile);
                    lock.lock();
                    continue;
                }
            }
        }
        if (chosen == m_slots.size()) {
            if (wait) {
                m_changed.wait(lock);
                continue;
            }
            std::vector<std::string> all = m_errors;
            all.insert(all.end(), errors.begin(), errors.end());
            OPENVINO_THROW(m_plugin->get_device_name(), ": no device left to run the inference of model '",
                           m_model->get_friendly_name(), "': ", all.empty() ? "no device is ready" : join(all, "; "));
        }

        Slot& slot = m_slots[chosen];
        Lease lease;
        lease.slot = chosen;
        lease.generation = slot.generation;
        lease.compiled = slot.compiled;
        ++slot.busy;
        if (!slot.idle.empty()) {
            lease.request = std::move(slot.idle.back());
            slot.idle.pop_back();
            return lease;
        }
        lock.unlock();
        try {
            lease.request = lease.compiled->create_infer_request();
            return lease;
        } catch (const std::exception& e) {
            // A device that cannot make a request any more is lost: out of the rotation for good.
            lock.lock();
            --slot.busy;
            if (slot.generation == lease.generation) {
                slot.state = State::lost;
                slot.compiled.reset();
                ++slot.generation;
            }
            errors.push_back(slot.device + ": " + e.what());
            m_changed.notify_all();
        }
    }
}

void CompiledModel::give_back(const Lease& lease, bool healthy) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    Slot& slot = m_slots[lease.slot];
    --slot.busy;
    if (healthy && slot.generation == lease.generation && slot.state == State::ready)
        slot.idle.push_back(lease.request);
    m_changed.notify_all();
}

void CompiledModel::check_lost(const Lease& lease, const std::string& error) const {
    try {
        lease.compiled->create_infer_request();
        return;  // the device still works: this inference failed, the device stays in the rotation
    } catch (const std::exception&) {
    }
    std::vector<std::shared_ptr<IAsyncInferRequest>> dropped;
    std::lock_guard<std::mutex> lock(m_mutex);
    Slot& slot = m_slots[lease.slot];
    if (slot.generation != lease.generation)
        return;
    slot.state = State::lost;
    slot.compiled.reset();
    dropped.swap(slot.idle);
    ++slot.generation;
    m_errors.push_back(slot.device + ": lost (" + error + ")");
    m_changed.notify_all();
}

void CompiledModel::infer(std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs,
                          std::vector<ov::ProfilingInfo>& profiling) const {
    std::set<size_t> tried;
    std::vector<std::string> errors;  // this inference's failures, for the message if no device is left
    for (;;) {
        Lease lease = acquire(tried, errors);
        try {
            IAsyncInferRequest& request = *lease.request;
            const auto& in_ports = request.get_inputs();
            for (size_t i = 0; i < inputs.size() && i < in_ports.size(); ++i)
                if (inputs[i])
                    request.set_tensor(in_ports[i], inputs[i]);
            const auto& out_ports = request.get_outputs();
            for (size_t i = 0; i < outputs.size() && i < out_ports.size(); ++i)
                if (outputs[i] && this->outputs()[i].get_partial_shape().is_static())
                    request.set_tensor(out_ports[i], outputs[i]);
            request.infer();
            for (size_t i = 0; i < outputs.size() && i < out_ports.size(); ++i) {
                if (this->outputs()[i].get_partial_shape().is_static())
                    continue;
                // A dynamic output's shape is known only now: the device's tensor is copied out, since the
                // device request keeps (and reuses) its own.
                const ov::Tensor produced = request.get_tensor(out_ports[i]);
                ov::Tensor copy(produced.get_element_type(), produced.get_shape());
                produced.copy_to(copy);
                outputs[i] = copy;
            }
            if (m_config.profiling)
                profiling = request.get_profiling_info();
            give_back(lease, true);
            return;
        } catch (const std::exception& e) {
            std::string device;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                device = m_slots[lease.slot].device;
            }
            errors.push_back(device + ": " + e.what());
            give_back(lease, false);
            check_lost(lease, e.what());
            if (!m_config.runtime_fallback)
                throw;
            tried.insert(lease.slot);
        }
    }
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream&) const {
    OPENVINO_NOT_IMPLEMENTED(m_plugin->get_device_name(),
                                   ": a compiled model cannot be exported (its device changes over time); export the "
                                   "model compiled for the device itself");
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const {
    std::shared_ptr<ICompiledModel> current;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const size_t index = current_slot_locked();
        OPENVINO_ASSERT(index < m_slots.size(), m_plugin->get_device_name(), ": no device is ready");
        current = m_slots[index].compiled;
    }
    return current->get_runtime_model();
}

void CompiledModel::set_property(const ov::AnyMap&) {
    OPENVINO_NOT_IMPLEMENTED(m_plugin->get_device_name(),
                                   ": a compiled model's properties are fixed when it is compiled");
}

ov::Any CompiledModel::get_property(const std::string& name) const {
    if (name == ov::supported_properties.name())
        return std::vector<ov::PropertyName>{
            ov::PropertyName(ov::supported_properties),
            ov::PropertyName(ov::model_name),
            ov::PropertyName(ov::execution_devices),
            ov::PropertyName(ov::optimal_number_of_infer_requests),
            ov::PropertyName(ov::device::priorities.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::intel_auto::enable_startup_fallback.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::intel_auto::enable_runtime_fallback.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::intel_auto::schedule_policy.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::hint::performance_mode.name(), ov::PropertyMutability::RO),
        };
    if (name == ov::model_name.name())
        return m_model->get_friendly_name();
    if (name == ov::device::priorities.name()) {
        std::lock_guard<std::mutex> lock(m_mutex);
        std::vector<std::string> devices;
        for (const auto& slot : m_slots)
            devices.push_back(slot.device);
        return join(devices, ",");
    }
    if (name == ov::intel_auto::enable_startup_fallback.name())
        return m_config.startup_fallback;
    if (name == ov::intel_auto::enable_runtime_fallback.name())
        return m_config.runtime_fallback;
    if (name == ov::intel_auto::schedule_policy.name())
        return m_config.schedule_policy;
    if (name == ov::hint::performance_mode.name())
        return m_config.performance_mode.value_or(m_spread ? ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT
                                                           : ov::hint::PerformanceMode::LATENCY);
    if (name == ov::execution_devices.name() || name == ov::optimal_number_of_infer_requests.name()) {
        // The devices new inferences go to now: under AUTO this changes when startup fallback ends or a
        // device is lost.
        std::vector<std::pair<std::string, std::shared_ptr<ICompiledModel>>> serving;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            for (size_t i = 0; i < m_slots.size(); ++i) {
                if (m_slots[i].state != State::ready)
                    continue;
                serving.emplace_back(m_slots[i].device, m_slots[i].compiled);
                if (!m_spread)
                    break;
            }
        }
        if (name == ov::optimal_number_of_infer_requests.name()) {
            uint32_t sum = 0;
            for (const auto& [device, compiled] : serving)
                sum += optimal_requests_of(*compiled);
            return std::max<uint32_t>(sum, 1);
        }
        std::vector<std::string> devices;
        for (const auto& [device, compiled] : serving)
            for (const auto& name_used : execution_devices_of(*compiled, device))
                if (std::find(devices.begin(), devices.end(), name_used) == devices.end())
                    devices.push_back(name_used);
        return devices;
    }
    OPENVINO_THROW(m_plugin->get_device_name(), " compiled model: unsupported property '", name, "'");
}

}  // namespace auto_plugin
}  // namespace devmux
