// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "devmux/hetero/partition.hpp"
#include "devmux/kit/export_format.hpp"
#include "devmux/kit/model_io.hpp"
#include "devmux/kit/passes.hpp"
#include "devmux/plugin/hetero_properties.hpp"
#include "dot_writer.hpp"
#include "async_infer_request.hpp"
#include "sync_infer_request.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"
#include "plugin.hpp"

namespace devmux {
namespace hetero {
namespace {

constexpr const char* export_plugin_name = "HETERO";  // in the header of HETERO's exports
constexpr const char* affinity_key = "affinity";
constexpr const char* number_of_submodels_key = "HETERO_NUMBER_OF_SUBMODELS";

std::string base_name(const std::string& device) { return device.substr(0, device.find('.')); }

std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

std::string describe(const ov::Node& node) {
    return std::string(node.get_type_name()) + " '" + node.get_friendly_name() + "'";
}

size_t count_of(const std::string& text, const char* what) {
    try {
        size_t used = 0;
        const unsigned long long count = std::stoull(text, &used);
        if (used == text.size() && !text.empty() && text[0] != '-')
            return static_cast<size_t>(count);
    } catch (const std::exception&) {
    }
    OPENVINO_THROW("HETERO: the exported model stream has '", text.substr(0, 64), "' where its ", what, " belongs");
}

std::string file_safe(const std::string& name) {
    std::string safe = name;
    for (char& c : safe)
        if (c == '/' || c == '\\' || c == ' ')
            c = '_';
    return safe;
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config, Imported)
    : ICompiledModel(model, plugin),
      m_config(config),
      m_model_name(model->get_friendly_name()),
      m_properties(make_property_table()) {
    m_source = model->clone();
}

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config)
    : CompiledModel(model, plugin, config, Imported{}) {
    DeviceCatalog catalog(plugin->core(), m_config);

    // Manual mode: any op with rt_info "affinity" means the user assigned devices; no query runs.
    bool manual = false;
    for (const auto& node : m_source->get_ordered_ops())
        manual = manual || node->get_rt_info().count(affinity_key);

    std::map<std::string, std::string> affinities;
    if (manual) {
        std::vector<std::string> unassigned;
        for (const auto& node : m_source->get_ordered_ops()) {
            const auto found = node->get_rt_info().find(affinity_key);
            if (found == node->get_rt_info().end()) {
                if (!is_structural(*node))
                    unassigned.push_back(describe(*node));
                continue;
            }
            OPENVINO_ASSERT(found->second.is<std::string>(), "HETERO: rt_info \"", affinity_key, "\" of ",
                            describe(*node), " must be a string naming a device");
            const std::string device = found->second.as<std::string>();
            bool listed = false;
            for (const auto& candidate : m_config.devices)
                listed = listed || candidate == device || base_name(candidate) == base_name(device);
            OPENVINO_ASSERT(listed, "HETERO: ", describe(*node), " has affinity '", device,
                            "', which is not in the device list '", m_config.priorities(), "'");
            affinities[node->get_friendly_name()] = device;
        }
        OPENVINO_ASSERT(unassigned.empty(), "HETERO: model '", m_model_name,
                        "' has affinities in rt_info \"affinity\", but not for ", unassigned.size(), " op(s): ",
                        join(unassigned), "; give every op an affinity or none (then HETERO asks the devices)");
        // State lives in one device's request: the ReadValue and the Assign of a variable cannot be split.
        for (const auto& region : variable_regions(*m_source)) {
            std::vector<std::string> placed;
            bool one_device = true;
            for (const ov::Node* op : region.state_ops) {
                const std::string& device = affinities.at(op->get_friendly_name());
                placed.push_back(describe(*op) + " (affinity '" + device + "')");
                one_device = one_device && device == affinities.at(region.state_ops.front()->get_friendly_name());
            }
            OPENVINO_ASSERT(one_device, "HETERO: model '", m_model_name, "': ", join(placed), " share variable ",
                            join(region.variables),
                            ", whose state lives in one device's request; give them the same affinity");
        }
    } else {
        std::map<std::string, std::string> refusal_notes;
        affinities = assign_compute_ops(m_source, catalog, &refusal_notes);
        std::vector<std::string> unsupported;
        for (const auto& node : m_source->get_ordered_ops()) {
            if (is_structural(*node) || affinities.count(node->get_friendly_name()))
                continue;
            const auto note = refusal_notes.find(node->get_friendly_name());
            unsupported.push_back(describe(*node) + (note == refusal_notes.end() ? "" : " (" + note->second + ")"));
        }
        std::string stateful_note;
        for (const auto& region : variable_regions(*m_source)) {
            if (affinities.count(*region.ops.begin()))
                continue;
            std::vector<std::string> names(region.ops.begin(), region.ops.end());
            stateful_note += "; ops sharing variable " + join(region.variables) +
                             " go to one device all together or not at all (" + join(names) + ")";
        }
        if (!unsupported.empty()) {
            // Ops of dynamic shape go only to devices that run dynamic shapes (assign_compute_ops): when none
            // of the list does, say so, as a device that needs static shapes does, rather than blaming the ops.
            std::string dynamic_input;
            for (const auto& input : m_source->inputs()) {
                if (input.get_partial_shape().is_static())
                    continue;
                dynamic_input = "input '" + input.get_node()->get_friendly_name() + "'" +
                                (input.get_names().empty() ? std::string() : " (tensor '" + input.get_any_name() + "')") +
                                " has dynamic shape " + input.get_partial_shape().to_string();
                break;
            }
            std::vector<std::string> dynamic_ops;
            for (const auto& node : m_source->get_ordered_ops()) {
                if (is_structural(*node) || affinities.count(node->get_friendly_name()))
                    continue;
                bool dynamic = false;
                for (size_t i = 0; i < node->get_output_size(); ++i)
                    dynamic = dynamic || node->get_output_partial_shape(i).is_dynamic();
                for (size_t i = 0; i < node->get_input_size(); ++i)
                    dynamic = dynamic || node->get_input_partial_shape(i).is_dynamic();
                if (dynamic)
                    dynamic_ops.push_back(describe(*node));
            }
            if (!dynamic_input.empty() || !dynamic_ops.empty())
                OPENVINO_THROW("HETERO: model '", m_model_name, "' has dynamic shapes",
                               dynamic_input.empty() ? std::string() : " (" + dynamic_input + ")",
                               "; the devices asked (", m_config.priorities(), ") take none of ",
                               dynamic_ops.size() == 1 ? "its op" : "its ops", " with dynamic shapes (",
                               join(dynamic_ops.empty() ? unsupported : dynamic_ops),
                               "): list a device that runs dynamic shapes and these ops (CPU), or reshape the model "
                               "to static shapes first",
                               stateful_note);
        }
        OPENVINO_ASSERT(unsupported.empty(), "HETERO: model '", m_model_name, "': ", join(unsupported),
                        unsupported.size() == 1 ? " is" : " are", " not supported by any of the devices asked (",
                        m_config.priorities(), ")", stateful_note);
    }
    m_passthrough_device = passthrough_device(catalog);
    split(affinities);
    if (std::getenv("OPENVINO_HETERO_VISUALIZE"))
        write_dumps(affinities);
    m_compiled.resize(m_plan.submodels.size());
    for (size_t i = 0; i < m_plan.submodels.size(); ++i)
        compile_submodel(i, catalog, nullptr, nullptr);
}

std::string CompiledModel::passthrough_device(DeviceCatalog& catalog) const {
    for (const auto& node : m_source->get_ordered_ops())
        if (!is_structural(*node))
            return {};
    for (const auto& device : catalog.config().devices) {
        try {
            const ov::SupportedOpsMap answer =
                catalog.core().query_model(m_source, device, catalog.properties_for(device));
            bool takes_all = true;
            for (const auto& node : m_source->get_ordered_ops())
                takes_all = takes_all && answer.count(node->get_friendly_name());
            if (takes_all)  // named as the device answers, as every other subgraph's device is ("M.0")
                return answer.empty() || answer.begin()->second.empty() ? device : answer.begin()->second;
        } catch (const std::exception&) {
            // a device that cannot answer does not take it; the next one is asked
        }
    }
    return catalog.config().devices.front();  // its compile says why it cannot
}

bool CompiledModel::low_precision_asked() const {
    const auto found = m_config.shared.find(ov::hint::inference_precision.name());
    if (found == m_config.shared.end())
        return false;
    ov::element::Type precision;
    try {
        precision = found->second.is<ov::element::Type>() ? found->second.as<ov::element::Type>()
                                                          : ov::element::Type(found->second.as<std::string>());
    } catch (const std::exception&) {
        return false;  // the devices refuse the bad value themselves, naming it
    }
    return precision == ov::element::f16 || precision == ov::element::bf16;
}

void CompiledModel::split(const std::map<std::string, std::string>& affinities) {
    m_affinities = affinities;
    m_split_source = m_source;
    m_plan = collect_subgraphs(m_source, affinities, m_passthrough_device);
    bool rounding_boundary = false;
    for (const auto& link : m_plan.links) {
        const auto type = link.source.get_element_type();
        rounding_boundary = rounding_boundary || type == ov::element::f16 || type == ov::element::bf16;
    }
    // Widening needs static ports: the request converts into staging tensors made once.
    bool static_ports = true;
    for (const auto& port : m_source->inputs())
        static_ports = static_ports && port.get_partial_shape().is_static();
    for (const auto& port : m_source->outputs())
        static_ports = static_ports && port.get_partial_shape().is_static();
    if (!rounding_boundary || !static_ports || low_precision_asked())
        return;
    // Decided from the model and the affinities alone, so an import splits exactly as the compile did.
    m_split_source = m_source->clone();
    kit::convert_precision(*m_split_source, {ov::element::f16, ov::element::bf16}, ov::element::f32);
    m_plan = collect_subgraphs(m_split_source, affinities, m_passthrough_device);
}

void CompiledModel::compile_submodel(size_t index, DeviceCatalog& catalog, const std::string* blob,
                                     const std::string* ir) {
    const Submodel& submodel = m_plan.submodels[index];
    try {
        const ov::AnyMap properties = catalog.properties_for(submodel.device);
        if (blob) {
            std::istringstream stream(*blob);
            m_compiled[index] = catalog.core().import_model(stream, submodel.device, properties);
        } else if (ir) {
            std::istringstream stream(*ir);
            auto model = kit::read_model(stream, "HETERO subgraph " + std::to_string(index));
            m_compiled[index] = catalog.core().compile_model(model, submodel.device, properties);
        } else {
            m_compiled[index] = catalog.core().compile_model(submodel.part.model, submodel.device, properties);
        }
    } catch (const std::exception& e) {
        OPENVINO_THROW("HETERO: subgraph ", index, " of model '", m_model_name, "' (", submodel.part.compute_ops,
                       " ops) on device ", submodel.device, " failed to ", blob || ir ? "import" : "compile", ": ",
                       e.what());
    }
    OPENVINO_ASSERT(m_compiled[index], "HETERO: device ", submodel.device, " returned no compiled model for subgraph ",
                    index);
}

void CompiledModel::write_dumps(const std::map<std::string, std::string>& affinities) const {
    const std::string devices_first = m_config.devices.empty() ? std::string() : m_config.devices.front();
    const ov::SupportedOpsMap all = complete_assignment(*m_source, affinities, devices_first);
    std::vector<std::string> devices;
    for (const auto& submodel : m_plan.submodels)
        if (std::find(devices.begin(), devices.end(), submodel.device) == devices.end())
            devices.push_back(submodel.device);
    std::map<std::string, DotNodeStyle> styles;
    for (const auto& kv : all) {
        DotNodeStyle style;
        const auto position = std::find(devices.begin(), devices.end(), kv.second);
        style.colour_index = static_cast<size_t>(position - devices.begin());
        style.extra_label = "device=" + kv.second;
        styles[kv.first] = style;
    }
    const std::string name = file_safe(m_model_name);
    std::ofstream("hetero_affinity_" + name + ".dot") << model_to_dot(*m_source, styles);
    std::ofstream("hetero_subgraphs_" + name + ".dot") << partition_to_dot(m_source, affinities);
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> CompiledModel::create_infer_request() const {
    auto sync = std::static_pointer_cast<SyncInferRequest>(create_sync_infer_request());
    return std::make_shared<AsyncInferRequest>(sync);
}

void CompiledModel::export_model(std::ostream& stream) const {
    kit::ExportWriter writer(stream, export_plugin_name, get_plugin() ? get_plugin()->get_device_name() : "HETERO");
    writer.write_string(m_config.priorities());
    writer.write_model(*m_source);
    writer.write_string(std::to_string(m_affinities.size()));
    for (const auto& kv : m_affinities) {
        writer.write_string(kv.first);
        writer.write_string(kv.second);
    }
    writer.write_string(std::to_string(m_plan.submodels.size()));
    for (size_t i = 0; i < m_plan.submodels.size(); ++i) {
        // The device's own export when it can; otherwise the subgraph as IR, compiled again on import.
        std::ostringstream payload;
        char type = 'B';
        try {
            m_compiled[i]->export_model(payload);
        } catch (const ov::NotImplemented&) {
            type = 'I';
            payload.str("");
            kit::write_model(*m_plan.submodels[i].part.model, payload);
        }
        writer.write_string(m_plan.submodels[i].device);
        writer.write_string(std::string(1, type));
        writer.write_string(payload.str());
    }
    writer.finish();
}

std::shared_ptr<CompiledModel> CompiledModel::import(std::istream& stream, const std::shared_ptr<const Plugin>& plugin,
                                                     const ov::AnyMap& properties) {
    kit::ExportReader reader(stream, export_plugin_name, "HETERO");
    const std::string priorities = reader.read_string("device list");
    ov::AnyMap settings{{ov::device::priorities.name(), priorities}};
    for (const auto& kv : properties)
        settings[kv.first] = kv.second;  // the import's own properties win
    const Config config = plugin->merged_config(settings);
    auto model = reader.read_model();
    std::map<std::string, std::string> affinities;
    const size_t count = count_of(reader.read_string("affinity count"), "affinity count");
    for (size_t i = 0; i < count; ++i) {
        std::string name = reader.read_string("op name");
        affinities[name] = reader.read_string("op device");
    }
    std::shared_ptr<CompiledModel> compiled(new CompiledModel(model, plugin, config, Imported{}));
    DeviceCatalog catalog(plugin->core(), config);
    compiled->m_passthrough_device = compiled->passthrough_device(catalog);
    compiled->split(affinities);
    const size_t submodels = count_of(reader.read_string("subgraph count"), "subgraph count");
    OPENVINO_ASSERT(submodels == compiled->m_plan.submodels.size(), "HETERO: the exported model has ", submodels,
                    " subgraphs, but its model and affinities split into ", compiled->m_plan.submodels.size());
    compiled->m_compiled.resize(submodels);
    for (size_t i = 0; i < submodels; ++i) {
        const std::string device = reader.read_string("subgraph device");
        OPENVINO_ASSERT(device == compiled->m_plan.submodels[i].device, "HETERO: exported subgraph ", i,
                        " ran on ", device, ", but the split puts it on ", compiled->m_plan.submodels[i].device);
        const std::string type = reader.read_string("subgraph payload type");
        const std::string payload = reader.read_string("subgraph payload");
        OPENVINO_ASSERT(type == "B" || type == "I", "HETERO: exported subgraph ", i, " has unknown payload type '",
                        type, "'");
        compiled->compile_submodel(i, catalog, type == "B" ? &payload : nullptr, type == "I" ? &payload : nullptr);
    }
    compiled->m_loaded_from_cache = true;
    return compiled;
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const {
    auto runtime = m_source->clone();
    std::map<std::string, size_t> subgraph_of;
    for (size_t i = 0; i < m_plan.submodels.size(); ++i)
        for (const auto& name : m_plan.submodels[i].part.op_names)
            subgraph_of.emplace(name, i);
    for (const auto& node : runtime->get_ordered_ops()) {
        const auto found = subgraph_of.find(node->get_friendly_name());
        if (found == subgraph_of.end())
            continue;
        node->get_rt_info()[affinity_key] = m_plan.submodels[found->second].device;
        node->get_rt_info()["subgraph"] = static_cast<int64_t>(found->second);
    }
    return runtime;
}

void CompiledModel::set_property(const ov::AnyMap& properties) {
    kit::refuse_compiled_model_settings("HETERO", properties);
}

std::vector<std::string> CompiledModel::execution_devices() const {
    std::vector<std::string> devices;
    for (const auto& submodel : m_plan.submodels)
        if (std::find(devices.begin(), devices.end(), submodel.device) == devices.end())
            devices.push_back(submodel.device);
    return devices;
}

uint32_t CompiledModel::optimal_requests() const {
    // Enough requests for every device to have one in flight, and at least what any device asks for.
    uint32_t optimal = 1;
    for (const auto& compiled : m_compiled) {
        try {
            optimal = std::max(optimal, compiled->get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>());
        } catch (const std::exception&) {
            // a device that does not say keeps the others' answer
        }
    }
    return std::max(optimal, static_cast<uint32_t>(execution_devices().size()));
}

std::map<std::string, ov::AnyMap> CompiledModel::per_device_properties() const {
    std::map<std::string, ov::AnyMap> per_device;
    for (size_t i = 0; i < m_compiled.size(); ++i) {
        const std::string& device = m_plan.submodels[i].device;
        if (per_device.count(device))
            continue;
        ov::AnyMap values;
        const auto names = m_compiled[i]->get_property(ov::supported_properties.name()).as<std::vector<ov::PropertyName>>();
        for (const auto& property : names) {
            if (property == ov::supported_properties.name())
                continue;
            try {
                values[property] = m_compiled[i]->get_property(property);
            } catch (const std::exception&) {
                // listed but not readable on this compiled model: left out
            }
        }
        per_device[device] = values;
    }
    return per_device;
}

std::shared_ptr<const kit::PropertyTable> CompiledModel::make_property_table() const {
    // Read-only and computed on request: the getters read the split, which is complete before any call.
    auto table = std::make_shared<kit::PropertyTable>("HETERO compiled model '" + m_model_name + "'");
    using kit::PropertyValues;
    table->add_read_only(ov::model_name, [this](const PropertyValues&, const std::string&) { return m_model_name; })
        .add_read_only(ov::optimal_number_of_infer_requests,
                       [this](const PropertyValues&, const std::string&) { return optimal_requests(); })
        .add_read_only(ov::execution_devices,
                       [this](const PropertyValues&, const std::string&) { return execution_devices(); })
        .add_read_only(ov::device::priorities,
                       [this](const PropertyValues&, const std::string&) { return m_config.priorities(); })
        .add_read_only(ov::device::properties,
                       [this](const PropertyValues&, const std::string&) { return per_device_properties(); })
        .add_read_only(ov::loaded_from_cache,
                       [this](const PropertyValues&, const std::string&) { return m_loaded_from_cache; })
        .add_read_only(ov::enable_profiling,
                       [this](const PropertyValues&, const std::string&) { return m_config.profiling; })
        .add_read_only(number_of_submodels_key, [this](const PropertyValues&, const std::string&) {
            size_t count = 0;
            for (const auto& submodel : m_plan.submodels)
                count += submodel.part.compute_ops > 0 ? 1 : 0;
            return ov::Any(count);
        });
    return table;
}

ov::Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name); }

}  // namespace hetero
}  // namespace devmux
