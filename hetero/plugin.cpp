// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "compiled_model.hpp"
#include "devmux/plugin/hetero_properties.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/properties.hpp"
#include "subgraph_collector.hpp"

namespace devmux {
namespace hetero {

// ---- DeviceCatalog ----

DeviceCatalog::DeviceCatalog(std::shared_ptr<ICore> core, const Config& config)
    : m_core(std::move(core)), m_config(config) {
    m_config.check_devices();
    for (const auto& device : m_config.devices)
        supported(device);
    // A HETERO-level key that no listed device knows is a mistake, not something to drop silently.
    for (const auto& kv : m_config.shared) {
        bool known = false;
        for (const auto& device : m_config.devices) {
            const auto& names = supported(device);
            known = known || std::find(names.begin(), names.end(), kv.first) != names.end();
        }
        OPENVINO_ASSERT(known || kv.first == ov::enable_profiling.name(), "HETERO: property '", kv.first,
                        "' is supported by none of the devices ", m_config.priorities());
    }
}

const std::vector<std::string>& DeviceCatalog::supported(const std::string& device) {
    const auto found = m_supported.find(device);
    if (found != m_supported.end())
        return found->second;
    std::vector<std::string> names;
    try {
        const ov::Any value = m_core->get_property(device, ov::supported_properties.name(), {});
        for (const auto& name : value.as<std::vector<ov::PropertyName>>())
            names.push_back(name);
    } catch (const std::exception& e) {
        OPENVINO_THROW("HETERO: device '", device, "' of the device list '", m_config.priorities(),
                       "' is not available: ", e.what());
    }
    return m_supported.emplace(device, std::move(names)).first->second;
}

ov::AnyMap DeviceCatalog::properties_for(const std::string& device) {
    const auto& names = supported(device);
    ov::AnyMap properties;
    for (const auto& kv : m_config.shared)
        if (std::find(names.begin(), names.end(), kv.first) != names.end())
            properties[kv.first] = kv.second;
    if (!m_config.device_properties.empty())
        properties[ov::device::properties.name()] = m_config.device_properties;
    return properties;
}

// ---- assignment ----

std::map<std::string, std::string> assign_compute_ops(const std::shared_ptr<const ov::Model>& model,
                                                      DeviceCatalog& catalog) {
    std::map<std::string, std::shared_ptr<ov::Node>> unclaimed;
    const auto ordered = model->get_ordered_ops();
    for (const auto& node : ordered)
        if (!is_structural(*node))
            unclaimed.emplace(node->get_friendly_name(), node);

    const std::vector<VariableRegion> regions = variable_regions(*model);
    std::map<std::string, std::string> assigned;
    bool first = true;
    for (const auto& device : catalog.config().devices) {
        if (unclaimed.empty())
            break;
        std::shared_ptr<const ov::Model> asked = model;
        if (!first) {
            // The next device sees only what is left: the unclaimed ops cut out as one model whose
            // inputs from claimed ops are Parameters.
            std::vector<std::shared_ptr<ov::Node>> members;
            for (const auto& node : ordered) {
                const bool left = unclaimed.count(node->get_friendly_name()) && !is_structural(*node);
                const bool result_of_left = ov::is_type<ov::op::v0::Result>(node) &&
                                            unclaimed.count(node->get_input_node_ptr(0)->get_friendly_name()) &&
                                            !is_structural(*node->get_input_node_ptr(0));
                if (left || result_of_left)
                    members.push_back(node);
            }
            asked = extract_submodel(*model, members, model->get_friendly_name() + "_unassigned").model;
        }
        const std::optional<std::map<std::string, std::string>>& first_answer =
            first ? catalog.config().known_first_answer : std::optional<std::map<std::string, std::string>>();
        first = false;
        // The proxy already asked the first device about this model: its answer is reused, not asked again.
        const ov::SupportedOpsMap answer = first_answer
                                               ? *first_answer
                                               : catalog.core().query_model(asked, device, catalog.properties_for(device));
        std::map<std::string, std::string> taken;
        for (const auto& kv : answer) {
            const auto node = unclaimed.find(kv.first);
            if (node != unclaimed.end() && !is_structural(*node->second))
                taken[kv.first] = kv.second.empty() ? device : kv.second;
        }
        // A device takes a variable's ReadValue, Assign and the ops between them all or none of them,
        // as OpenVINO's get_supported_nodes keeps a ReadValue/Assign pair together: state lives in one
        // device's request, and a path through another device would be a cycle of subgraphs.
        for (const auto& region : regions) {
            size_t supported = 0;
            for (const auto& name : region.ops)
                supported += taken.count(name);
            if (supported != region.ops.size())
                for (const auto& name : region.ops)
                    taken.erase(name);
        }
        for (const auto& kv : taken) {
            assigned[kv.first] = kv.second;
            unclaimed.erase(kv.first);
        }
    }
    return assigned;
}

ov::SupportedOpsMap complete_assignment(const ov::Model& model, const std::map<std::string, std::string>& compute,
                                        const std::string& first_device) {
    ov::SupportedOpsMap answer(compute.begin(), compute.end());
    const auto ordered = model.get_ordered_ops();
    auto device_of = [&](const ov::Node* node) -> std::string {
        const auto found = answer.find(node->get_friendly_name());
        return found == answer.end() ? std::string() : found->second;
    };
    // Parameters and Constants: the device of their first assigned consumer (in model order).
    std::map<const ov::Node*, size_t> position;
    for (size_t i = 0; i < ordered.size(); ++i)
        position[ordered[i].get()] = i;
    for (const auto& node : ordered) {
        const bool is_parameter = ov::is_type<ov::op::v0::Parameter>(node);
        if (!is_parameter && !ov::is_type<ov::op::v0::Constant>(node))
            continue;
        std::string device;
        size_t best = ordered.size();
        bool has_consumers = false;
        for (size_t port = 0; port < node->get_output_size(); ++port) {
            for (const auto& target : node->get_output_target_inputs(port)) {
                has_consumers = true;
                const ov::Node* consumer = target.get_node();
                std::string candidate = device_of(consumer);
                if (candidate.empty() && ov::is_type<ov::op::v0::Result>(consumer))
                    candidate = first_device;  // passed straight to the output: any device can do it
                if (!candidate.empty() && position[consumer] < best) {
                    best = position[consumer];
                    device = candidate;
                }
            }
        }
        if (!has_consumers && is_parameter)
            device = first_device;
        if (!device.empty())
            answer[node->get_friendly_name()] = device;
    }
    for (const auto& node : ordered) {
        if (!ov::is_type<ov::op::v0::Result>(node))
            continue;
        const std::string device = device_of(node->get_input_node_ptr(0));
        if (!device.empty())
            answer[node->get_friendly_name()] = device;
    }
    return answer;
}

// ---- Plugin ----

Plugin::Plugin() {
    set_device_name("HETERO");
    set_version(ov::Version{"0.1.0", "devmux HETERO plugin"});
}

std::shared_ptr<ICore> Plugin::core() const {
    auto core = get_core();
    OPENVINO_ASSERT(core, "HETERO: the plugin was not loaded by a Core; it reaches devices only through one");
    return core;
}

Config Plugin::merged_config(const ov::AnyMap& properties) const {
    Config config;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        config = m_config;
    }
    config.set(properties);
    config.check_devices();
    return config;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "HETERO: compile_model needs a model, got null");
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, merged_config(properties));
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& model, const ov::AnyMap& properties) const {
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return CompiledModel::import(model, self, properties);
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "HETERO: query_model needs a model, got null");
    DeviceCatalog catalog(core(), merged_config(properties));
    const auto compute = assign_compute_ops(model, catalog);
    return complete_assignment(*model, compute, catalog.config().devices.front());
}

void Plugin::set_property(const ov::AnyMap& properties) {
    OPENVINO_ASSERT(properties.count(hetero_known_affinities_key) == 0, "HETERO: ", hetero_known_affinities_key,
                    " is a compile_model property of one model; it cannot be set on the plugin");
    // compile_model hands keys HETERO does not know on to its devices; set_property keeps nothing it
    // cannot name, so a misspelt or read-only key fails here rather than in every later compile.
    const std::string device_prefix = std::string(ov::device::properties.name()) + "_";
    for (const auto& [key, value] : properties) {
        if (Config::table()->find(key) || key.compare(0, device_prefix.size(), device_prefix) == 0)
            continue;
        const auto keys = Config::table()->settable_keys();
        std::string settable;
        for (const auto& name : keys)
            settable += (settable.empty() ? "" : ", ") + name;
        ov::Any copy = value;
        OPENVINO_THROW("HETERO: unsupported property '", key, "' (value '", copy.as<std::string>(),
                       "'); the settable properties are: ", settable, ", ", device_prefix, "<device>");
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    Config updated = m_config;
    updated.set(properties);
    m_config = updated;
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap&) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_config.get(name);
}

}  // namespace hetero
}  // namespace devmux
