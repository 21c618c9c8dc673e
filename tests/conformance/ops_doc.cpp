// SPDX-License-Identifier: Apache-2.0
// devmux_ops_doc: writes docs/ops.md from the op table (runtime/ops/op_table.inc) and what the devices say
// about the conformance cases. For each op version: the opsets holding it, and on CPU, OPENCL and VULKAN
// whether it runs on a kernel of the device's own, on the reference evaluation (CPU), or not at all. A
// device supports an op version when it claims (query_model) a conformance case of it; the CPU's
// kernel or reference comes from the profiling record of one inference of that case.
//   devmux_ops_doc              the document, on standard output
//   devmux_ops_doc --check FILE exit 1, naming the first difference, when FILE is not what it would write
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "conformance.hpp"
#include "op_cases.hpp"

namespace {

struct TableLine {
    std::string type, version, opsets, header_or_reason;
    bool implemented = false;
};

std::vector<TableLine> read_table(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot read the op table " + path);
    const std::regex line_form(R"re(^DEVMUX_OP(_MISSING)?\(([A-Za-z0-9_]+), (v[0-9]+), "([0-9,-]+)", "([^"]*)"\)$)re");
    std::vector<TableLine> lines;
    std::string text;
    while (std::getline(in, text)) {
        std::smatch m;
        if (std::regex_match(text, m, line_form))
            lines.push_back({m[2], m[3], m[4], m[5], !m[1].matched});
    }
    return lines;
}

// "1-3,5" -> the opsets as the document prints them.
std::string opsets_text(const std::string& spec) {
    std::string out;
    std::stringstream parts(spec);
    std::string part;
    while (std::getline(parts, part, ','))
        out += (out.empty() ? "" : ", ") + part;
    return out;
}

std::set<int> opsets_of(const std::string& spec) {
    std::set<int> out;
    std::stringstream parts(spec);
    std::string part;
    while (std::getline(parts, part, ',')) {
        const auto dash = part.find('-');
        const int first = std::stoi(part.substr(0, dash));
        const int last = dash == std::string::npos ? first : std::stoi(part.substr(dash + 1));
        for (int n = first; n <= last; ++n)
            out.insert(n);
    }
    return out;
}

// The table line of a node: its type, and the version whose opsets hold the opset its type info names.
std::string key_of(const ov::Node& node, const std::vector<TableLine>& table) {
    const std::string type = node.get_type_name();
    const std::string opset = node.get_type_info().get_version();
    if (opset.rfind("opset", 0) != 0)
        return {};
    const int number = std::stoi(opset.substr(5));
    for (const auto& line : table)
        if (line.type == type && opsets_of(line.opsets).count(number))
            return line.type + "/" + line.version;
    return {};
}

bool is_operation_type(const std::string& type) {
    return type != "Parameter" && type != "Result" && type != "Constant";
}

bool is_operation(const ov::Node& node) { return is_operation_type(node.get_type_name()); }

const conformance::Device* device_labelled(const std::string& label) {
    for (const auto& device : conformance::devices())
        if (device.label == label)
            return &device;
    return nullptr;
}

// What a device does with each op version: "kernel", "reference", or absent.
std::map<std::string, std::string> support_on(const std::string& label, const std::vector<TableLine>& table,
                                              std::string& absent) {
    std::map<std::string, std::string> support;
    const conformance::Device* device = device_labelled(label);
    absent = device ? conformance::absence_reason(*device) : label + " is not in devices.def";
    if (!absent.empty())
        return support;
    for (const auto& op_case : conformance::op_cases()) {
        for (const auto& type : op_case.types) {
            // A case that cannot be built, queried or run here says nothing about the device: the conformance
            // suite reports it; the document counts only what worked.
            std::shared_ptr<ov::Model> model;
            ov::SupportedOpsMap claimed;
            try {
                model = op_case.build(type);
                claimed = conformance::core().query_model(model, device->name);
            } catch (const std::exception&) {
                continue;
            }
            bool all = true;
            for (const auto& node : model->get_ordered_ops())
                if (is_operation(*node) && !claimed.count(node->get_friendly_name()))
                    all = false;
            if (!all)
                continue;
            std::map<std::string, std::string> exec_types;  // friendly name -> exec type, CPU only
            if (label == "CPU") {
                try {
                    auto compiled = conformance::core().compile_model(model, device->name, ov::enable_profiling(true));
                    auto request = compiled.create_infer_request();
                    for (size_t i = 0; i < model->get_parameters().size(); ++i) {
                        const auto& parameter = model->get_parameters()[i];
                        // A case's own ranges where it has them (RandomUniform needs its low bound below its high).
                        const conformance::Range range =
                            i < op_case.ranges.size() ? op_case.ranges[i] : conformance::Range{0.5, 1.5};
                        request.set_input_tensor(i, conformance::random_tensor(parameter->get_element_type(),
                                                                               parameter->get_shape(), 7u, range.lo,
                                                                               range.hi));
                    }
                    request.infer();
                    for (const auto& record : request.get_profiling_info())
                        exec_types[record.node_name] = record.exec_type;
                } catch (const std::exception&) {
                    continue;
                }
            }
            // Every op of a claimed case counts for the device, not only the one under test (a ReadValue case
            // shows Assign, a comparison case the Convert after it).
            for (const auto& node : model->get_ordered_ops()) {
                if (!is_operation(*node))
                    continue;
                const std::string key = key_of(*node, table);
                if (key.empty())
                    continue;
                std::string how = "kernel";
                if (label == "CPU") {
                    const auto found = exec_types.find(node->get_friendly_name());
                    // Ops the CPU folds or fuses away have no record of their own: they need no kernel.
                    how = found == exec_types.end() || found->second.rfind("ref_", 0) != 0 ? "kernel" : "reference";
                }
                // A kernel for some case beats the reference for another.
                auto& entry = support[key];
                if (entry != "kernel")
                    entry = how;
            }
        }
    }
    return support;
}

std::string document(const std::string& table_path) {
    const auto table = read_table(table_path);
    std::vector<std::string> labels{"CPU", "OPENCL", "VULKAN"};
    std::map<std::string, std::map<std::string, std::string>> support;
    std::map<std::string, std::string> absent;
    for (const auto& label : labels)
        support[label] = support_on(label, table, absent[label]);

    size_t implemented = 0, left_out = 0;
    std::map<std::string, size_t> counts;
    for (const auto& line : table) {
        implemented += line.implemented;
        left_out += !line.implemented && !line.header_or_reason.empty();
        for (const auto& label : labels)
            counts[label] += support[label].count(line.type + "/" + line.version);
    }
    std::ostringstream out;
    out << "# Ops\n\n"
        << "Generated by `build/bin/devmux_ops_doc > docs/ops.md` from the op table (`runtime/ops/op_table.inc`) "
           "and the conformance cases (`tests/conformance`); the CTest `docs.ops_md` fails when this file is not "
           "what it would write. Do not edit it by hand.\n\n"
        << "Every op version of OpenVINO's opset1 to opset13, and opset14's: " << table.size()
        << " versions, of which devmux "
        << "implements " << implemented << " (shape inference, IR v10/v11 reading and writing, and a reference "
        << "evaluation); " << left_out << " are left out on purpose (the reason is in the table).\n\n"
        << "Per device: `kernel` = the device runs it with a kernel of its own; `reference` = the CPU runs the op's "
           "reference evaluation; `-` = the device refuses it (a HETERO split or the `GPU` alias then runs it "
           "elsewhere); `structural` = Parameter, Constant and Result, which every device takes. A device supports an "
           "op version when it claims (`query_model`) a conformance case that holds it; a version that no "
           "conformance case holds shows `?` (its unit tests are in `tests/ops_*`).\n\n";
    for (const auto& label : labels)
        out << "- " << label << ": " << counts[label] << " op versions"
            << (absent[label].empty() ? "" : " (not present when generated: " + absent[label] + ")") << "\n";
    // The op versions some case holds: a version no case holds is unknown (`?`), not refused (`-`).
    std::set<std::string> covered;
    for (const auto& op_case : conformance::op_cases())
        for (const auto& type : op_case.types) {
            try {
                for (const auto& node : op_case.build(type)->get_ordered_ops())
                    covered.insert(key_of(*node, table));
            } catch (const std::exception&) {
            }
        }
    out << "\n| op | version | opsets | CPU | OPENCL | VULKAN |\n|---|---|---|---|---|---|\n";
    for (const auto& line : table) {
        out << "| " << line.type << " | " << line.version << " | " << opsets_text(line.opsets) << " |";
        if (!line.implemented) {
            const std::string why = line.header_or_reason.empty() ? "not implemented" : "left out: " + line.header_or_reason;
            out << " " << why << " | | |\n";
            continue;
        }
        const std::string key = line.type + "/" + line.version;
        if (!is_operation_type(line.type)) {
            out << " structural | structural | structural |\n";  // every device takes them
            continue;
        }
        for (const auto& label : labels) {
            const auto found = support[label].find(key);
            out << " " << (found != support[label].end() ? found->second : covered.count(key) ? "-" : "?") << " |";
        }
        out << "\n";
    }
    return out.str();
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::string text = document(DEVMUX_OP_TABLE);
        if (argc == 3 && std::string(argv[1]) == "--check") {
            std::ifstream in(argv[2]);
            std::stringstream current;
            current << in.rdbuf();
            if (current.str() == text) {
                std::cout << argv[2] << " is current\n";
                return 0;
            }
            std::istringstream a(current.str()), b(text);
            std::string la, lb;
            for (size_t n = 1;; ++n) {
                const bool ga = static_cast<bool>(std::getline(a, la)), gb = static_cast<bool>(std::getline(b, lb));
                if (!ga && !gb)
                    break;
                if (!ga || !gb || la != lb) {
                    std::cerr << argv[2] << " is out of date (regenerate it: build/bin/devmux_ops_doc > docs/ops.md)\n"
                              << "line " << n << " is:\n  " << (ga ? la : "<end of file>") << "\nand would be:\n  "
                              << (gb ? lb : "<end of file>") << "\n";
                    break;
                }
            }
            return 1;
        }
        if (argc != 1) {
            std::cerr << "usage: devmux_ops_doc [--check docs/ops.md]\n";
            return 2;
        }
        std::cout << text;
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "devmux_ops_doc: " << e.what() << "\n";
        return 2;
    }
}
