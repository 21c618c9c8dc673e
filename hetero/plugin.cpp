// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "compiled_model.hpp"
#include "devmux/plugin/hetero_properties.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
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

bool DeviceCatalog::runs_dynamic_shapes(const std::string& device) {
    const auto found = m_runs_dynamic.find(device);
    if (found != m_runs_dynamic.end())
        return found->second;
    // A device's answer about a dynamic op alone is not enough: one that needs static shapes still claims an op
    // its preparation removes (a Convert to the same type), and would then be handed a subgraph with an input
    // of dynamic shape, which it cannot compile. Whether it takes a dynamic input at all tells them apart.
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{ov::Dimension::dynamic()});
    input->set_friendly_name("hetero_dynamic_probe_input");
    auto output = std::make_shared<ov::op::v0::Result>(input);
    output->set_friendly_name("hetero_dynamic_probe_output");
    auto probe = std::make_shared<ov::Model>(ov::ResultVector{output}, ov::ParameterVector{input}, "hetero_dynamic_probe");
    bool runs = false;
    try {
        runs = m_core->query_model(probe, device, properties_for(device)).count(input->get_friendly_name()) != 0;
    } catch (const std::exception&) {
        runs = false;  // a device that cannot even answer about a dynamic input does not run one
    }
    return m_runs_dynamic.emplace(device, runs).first->second;
}

// ---- assignment ----

namespace {

bool has_dynamic_shape(const ov::Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_partial_shape(i).is_dynamic())
            return true;
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_partial_shape(i).is_dynamic())
            return true;
    return false;
}

}  // namespace

std::map<std::string, std::string> assign_compute_ops(const std::shared_ptr<const ov::Model>& model,
                                                      DeviceCatalog& catalog,
                                                      std::map<std::string, std::string>* refusal_notes) {
    std::map<std::string, std::shared_ptr<ov::Node>> unclaimed;
    std::map<std::string, std::shared_ptr<ov::Node>> by_name;
    const auto ordered = model->get_ordered_ops();
    for (const auto& node : ordered) {
        by_name.emplace(node->get_friendly_name(), node);
        if (!is_structural(*node))
            unclaimed.emplace(node->get_friendly_name(), node);
    }

    const std::vector<VariableRegion> regions = variable_regions(*model);
    std::set<std::string> in_region;  // placed with their variable's state; never moved alone
    for (const auto& region : regions)
        in_region.insert(region.ops.begin(), region.ops.end());
    // Shape computations (ShapeOf -> StridedSlice -> ... feeding Interpolate's sizes) go with the ops they
    // compute shapes for: on another device their values would reach those ops as run-time inputs.
    const std::map<std::string, std::set<std::string>> anchors = shape_computation_anchors(*model);
    // Devices that could run a shape computation but did not take its anchors, in priority order.
    std::map<std::string, std::vector<std::string>> left_with_support;
    std::map<std::string, std::string> assigned;
    bool first = true;
    for (const auto& device : catalog.config().devices) {
        if (unclaimed.empty())
            break;
        std::shared_ptr<const ov::Model> asked = model;
        // Converts already placed on an earlier device that only convert the output of an op still
        // unclaimed for a model output or for other unclaimed ops (as the Convert the legacy v10
        // conventions add after an f16 DetectionOutput): the device that takes their producer takes them
        // too when it can, rather than a boundary and a step on another device for a conversion.
        std::set<std::string> followers;
        if (!first) {
            for (const auto& node : ordered) {
                if (!ov::is_type<ov::op::v0::Convert>(node) || !assigned.count(node->get_friendly_name()) ||
                    in_region.count(node->get_friendly_name()))
                    continue;
                if (!unclaimed.count(node->get_input_node_ptr(0)->get_friendly_name()))
                    continue;
                bool local = true;
                for (const auto& target : node->output(0).get_target_inputs()) {
                    const ov::Node* consumer = target.get_node();
                    local = local && (ov::is_type<ov::op::v0::Result>(consumer) ||
                                      unclaimed.count(consumer->get_friendly_name()));
                }
                if (local)
                    followers.insert(node->get_friendly_name());
            }
            // The next device sees only what is left: the unclaimed ops cut out as one model whose
            // inputs from claimed ops are Parameters.
            std::vector<std::shared_ptr<ov::Node>> members;
            auto left = [&](const ov::Node* node) {
                const std::string& name = node->get_friendly_name();
                return !is_structural(*node) && (unclaimed.count(name) || followers.count(name));
            };
            for (const auto& node : ordered) {
                const bool result_of_left =
                    ov::is_type<ov::op::v0::Result>(node) && left(node->get_input_node_ptr(0));
                if (left(node.get()) || result_of_left)
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
            if (node == unclaimed.end() || is_structural(*node->second))
                continue;
            // An op whose shapes are known only at run time (TopK with a K input, NonMaxSuppression, and every
            // op downstream of one that reads such a shape) goes to a device that runs dynamic shapes: the
            // request hands its tensors over with their actual shapes after each run.
            if (has_dynamic_shape(*node->second) && !catalog.runs_dynamic_shapes(device))
                continue;
            taken[kv.first] = kv.second.empty() ? device : kv.second;
        }
        // A shape computation stays only with a device that takes every op it computes shapes for.
        auto keep_shape_computations_with_anchors = [&]() {
            for (auto it = taken.begin(); it != taken.end();) {
                const auto found = anchors.find(it->first);
                bool with_anchors = true;
                if (found != anchors.end())
                    for (const auto& anchor : found->second)
                        with_anchors = with_anchors && taken.count(anchor);
                if (with_anchors) {
                    ++it;
                    continue;
                }
                left_with_support[it->first].push_back(it->second);
                it = taken.erase(it);
            }
        };
        keep_shape_computations_with_anchors();
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
        keep_shape_computations_with_anchors();
        for (const auto& name : followers) {
            const auto supported = answer.find(name);
            const std::string producer = by_name.at(name)->get_input_node_ptr(0)->get_friendly_name();
            const auto with_producer = taken.find(producer);
            if (supported != answer.end() && with_producer != taken.end())
                assigned[name] = with_producer->second;
        }
        if (refusal_notes && asked != model) {
            // A later device sees boundary inputs as Parameters; an op whose shapes that leaves unknown
            // (static in the model) is refused for its shapes, not for what it computes.
            for (const auto& node : asked->get_ordered_ops()) {
                const std::string& name = node->get_friendly_name();
                const auto original = unclaimed.find(name);
                if (original == unclaimed.end() || taken.count(name) || answer.count(name) ||
                    !has_dynamic_shape(*node) || has_dynamic_shape(*original->second))
                    continue;
                refusal_notes->emplace(name, device + " was asked about it with inputs computed on " +
                                                 "other devices, which leaves its shapes unknown until run time");
            }
        }
        for (const auto& kv : taken) {
            assigned[kv.first] = kv.second;
            unclaimed.erase(kv.first);
        }
    }
    // A shape computation whose anchors went to several devices (or to none) still needs a device: the
    // first that could run it, preferring one that runs one of its anchors. Its values reach the other
    // subgraphs as constants (extract_submodel), so no shape becomes unknown.
    for (const auto& kv : left_with_support) {
        if (assigned.count(kv.first))
            continue;
        std::string chosen = kv.second.front();
        for (const auto& device : kv.second) {
            bool holds_anchor = false;
            for (const auto& anchor : anchors.at(kv.first)) {
                const auto placed = assigned.find(anchor);
                holds_anchor = holds_anchor || (placed != assigned.end() && placed->second == device);
            }
            if (holds_anchor) {
                chosen = device;
                break;
            }
        }
        assigned[kv.first] = chosen;
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
