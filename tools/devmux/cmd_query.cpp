// SPDX-License-Identifier: Apache-2.0
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "devmux/hetero/partition.hpp"
#include "graphviz.hpp"
#include "table.hpp"

namespace devmux::cli {
namespace {

bool is_hetero(const std::string& device) {
    return device.rfind("HETERO", 0) == 0;
}

std::string shape_text(const ov::PartialShape& shape) {
    std::ostringstream text;
    text << shape;
    return text.str();
}

std::string element_type_text(const ov::element::Type& type) {
    std::ostringstream text;
    text << type;
    return text.str();
}

std::string ids_text(const std::vector<size_t>& ids) {
    std::string text;
    for (size_t id : ids)
        text += (text.empty() ? "" : ",") + std::to_string(id);
    return text;
}

// Bytes with a readable unit next to the exact count: "602112 B (588.0 KiB)".
std::string bytes_text(size_t bytes) {
    std::ostringstream text;
    text << bytes << " B";
    if (bytes >= 1024) {
        text.setf(std::ios::fixed);
        text.precision(1);
        if (bytes >= 1024 * 1024)
            text << " (" << bytes / (1024.0 * 1024.0) << " MiB)";
        else
            text << " (" << bytes / 1024.0 << " KiB)";
    }
    return text.str();
}

// The split HETERO compiles for the query's answer: subgraphs with their devices and op counts, then
// every tensor crossing from one subgraph into others with its size per inference.
void print_partition(const hetero::PartitionDescription& partition, std::ostream& out) {
    out << "\nSubgraphs (" << partition.subgraphs.size() << ", in execution order):\n";
    Table subgraphs({"Subgraph", "Device", "Compute ops", "All ops"});
    std::map<std::string, size_t> per_device;
    for (const auto& subgraph : partition.subgraphs) {
        subgraphs.add_row({std::to_string(subgraph.id), subgraph.device, std::to_string(subgraph.compute_ops),
                           std::to_string(subgraph.ops.size())});
        ++per_device[subgraph.device];
    }
    subgraphs.print(out, "  ");

    out << "\nBoundaries (" << partition.boundaries.size() << " tensors";
    size_t total = 0;
    bool dynamic = false;
    for (const auto& boundary : partition.boundaries) {
        // A tensor read by several subgraphs crosses into each of them.
        total += boundary.bytes() * boundary.consumer_subgraphs.size();
        dynamic = dynamic || boundary.shape.is_dynamic();
    }
    out << "):\n";
    if (partition.boundaries.empty()) {
        out << "  none: the whole model runs as one subgraph\n";
        return;
    }
    Table boundaries({"From", "To", "Tensor (producer op.port)", "Type", "Shape", "Bytes per inference"});
    for (const auto& boundary : partition.boundaries) {
        const std::string bytes = boundary.shape.is_dynamic() ? "dynamic" : bytes_text(boundary.bytes());
        boundaries.add_row({std::to_string(boundary.producer_subgraph), ids_text(boundary.consumer_subgraphs),
                            boundary.producer + "." + std::to_string(boundary.producer_port),
                            element_type_text(boundary.element_type), shape_text(boundary.shape), bytes});
    }
    boundaries.print(out, "  ");
    out << "  Total crossing per inference: " << bytes_text(total) << (dynamic ? " (plus the dynamic tensors)" : "")
        << "\n";
}

void write_text_file(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    OPENVINO_ASSERT(file, "cannot write '", path, "'");
}

// For an alias device (GPU, GPU.1): what a compile would target ("OPENCL.0", or
// "HETERO:OPENCL.0,VULKAN.0,CPU" when several plugins serve it); empty for any other device.
std::string alias_compile_target(ov::Core& core, const std::string& device) {
    if (is_hetero(device))
        return {};
    try {
        return core.get_property(device, "PROXY_COMPILE_TARGET").as<std::string>();
    } catch (const ov::Exception&) {
        return {};  // not an alias
    }
}

// For an alias device whose PROXY_BACKEND_SELECTION is MEASURED and that several backends serve: the
// measurements of a compile (one entry per backend, the chosen one marked), which is how the alias
// decides; empty for any other device. The compile is what decides, so it is made here (a decision
// already in ov::cache_dir makes it one compile).
std::vector<std::string> backend_measurements(ov::Core& core, const std::shared_ptr<ov::Model>& model,
                                              const std::string& device) {
    try {
        if (core.get_property(device, "PROXY_BACKEND_SELECTION").as<std::string>() != "MEASURED" ||
            core.get_property(device, "PROXY_SERVING_DEVICES").as<std::vector<std::string>>().size() < 2)
            return {};
    } catch (const ov::Exception&) {
        return {};  // not an alias
    }
    return core.compile_model(model, device)
        .get_property("PROXY_BACKEND_MEASUREMENTS")
        .as<std::vector<std::string>>();
}

// The compile target of the chosen entry ("VULKAN.0: 1.2 ms ..., chosen" or "VULKAN.0 via HETERO:...: ...").
std::string chosen_target(const std::vector<std::string>& measurements) {
    for (const auto& entry : measurements) {
        if (entry.find(", chosen") == std::string::npos)
            continue;
        const std::string head = entry.substr(0, entry.find(": "));
        const auto via = head.find(" via ");
        return via == std::string::npos ? head : head.substr(via + 5);
    }
    return {};
}

}  // namespace

void run_query(const Options& options, ov::Core& core, std::ostream& out) {
    auto model = core.read_model(options.model);
    // An alias answers for itself ("GPU" for every op it takes); the hardware devices behind it, and the
    // split a compile would make, come from asking its compile target instead.
    const std::vector<std::string> measurements = backend_measurements(core, model, options.device);
    const std::string chosen = chosen_target(measurements);
    const std::string target = chosen.empty() ? alias_compile_target(core, options.device) : chosen;
    const std::string queried = target.empty() ? options.device : target;
    const ov::SupportedOpsMap supported = core.query_model(model, queried);

    constexpr const char* unsupported = "-";
    Table table({"Op", "Type", "Opset", "Device"});
    std::map<std::string, size_t> per_device;
    std::vector<std::string> unassigned_compute_ops;
    size_t total = 0;
    for (const auto& op : model->get_ordered_ops()) {
        auto it = supported.find(op->get_friendly_name());
        const std::string device = it == supported.end() ? unsupported : it->second;
        table.add_row({op->get_friendly_name(), op->get_type_name(), op->get_type_info().get_version(), device});
        ++per_device[device];
        ++total;
        const std::string type = op->get_type_name();
        if (it == supported.end() && type != "Parameter" && type != "Constant" && type != "Result")
            unassigned_compute_ops.push_back(op->get_friendly_name() + " (" + type + ")");
    }

    out << "Model: " << options.model << "\n";
    out << "Queried device: " << options.device;
    if (!target.empty())
        out << " (an alias over " << target << ")";
    out << "\n";
    if (!measurements.empty()) {
        out << "Backend selection (PROXY_BACKEND_SELECTION=MEASURED), median latency per backend:\n";
        for (const auto& entry : measurements)
            out << "  " << entry << "\n";
    }
    out << "\n";
    table.print(out);
    out << "\nOps per device (" << total << " ops):\n";
    for (const auto& [device, count] : per_device) {
        if (device != unsupported)
            out << "  " << device << ": " << count << "\n";
    }
    auto missing = per_device.find(unsupported);
    if (missing != per_device.end())
        out << "  not supported (-): " << missing->second << "\n";

    if (!is_hetero(queried))
        return;
    if (!target.empty() && unassigned_compute_ops.empty() && per_device.size() == 1) {
        // The proxy's rule: a primary that runs every op gets the whole model, without HETERO.
        out << "\nThe primary runs every op: the alias compiles on " << per_device.begin()->first << " alone.\n";
        return;
    }
    if (!unassigned_compute_ops.empty()) {
        std::string names;
        for (const auto& name : unassigned_compute_ops)
            names += (names.empty() ? "" : ", ") + name;
        const std::string why = "no listed device supports " + names + ", so " + queried +
                                " cannot compile this model";
        out << "\nSubgraphs: none; " << why << "\n";
        OPENVINO_ASSERT(options.dot_file.empty() && options.svg_file.empty(), "cannot draw the subgraphs: ", why);
        return;
    }
    const std::map<std::string, std::string> affinities(supported.begin(), supported.end());
    print_partition(hetero::describe_partition(model, affinities), out);

    if (options.dot_file.empty() && options.svg_file.empty())
        return;
    const std::string dot = hetero::partition_to_dot(model, affinities);
    if (!options.dot_file.empty()) {
        write_text_file(options.dot_file, dot);
        out << "\nSubgraph picture (Graphviz): " << options.dot_file << "\n";
    }
    if (!options.svg_file.empty()) {
        render_svg(dot, options.svg_file);
        out << "Subgraph picture (SVG): " << options.svg_file << "\n";
    }
}

}  // namespace devmux::cli
