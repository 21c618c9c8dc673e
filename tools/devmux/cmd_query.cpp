// SPDX-License-Identifier: Apache-2.0
#include <map>

#include "commands.hpp"
#include "table.hpp"

namespace devmux::cli {

void run_query(const Options& options, ov::Core& core, std::ostream& out) {
    auto model = core.read_model(options.model);
    const ov::SupportedOpsMap supported = core.query_model(model, options.device);

    constexpr const char* unsupported = "-";
    Table table({"Op", "Type", "Opset", "Device"});
    std::map<std::string, size_t> per_device;
    size_t total = 0;
    for (const auto& op : model->get_ordered_ops()) {
        auto it = supported.find(op->get_friendly_name());
        const std::string device = it == supported.end() ? unsupported : it->second;
        table.add_row({op->get_friendly_name(), op->get_type_name(), op->get_type_info().get_version(), device});
        ++per_device[device];
        ++total;
    }

    out << "Model: " << options.model << "\n";
    out << "Queried device: " << options.device << "\n\n";
    table.print(out);
    out << "\nOps per device (" << total << " ops):\n";
    for (const auto& [device, count] : per_device) {
        if (device != unsupported)
            out << "  " << device << ": " << count << "\n";
    }
    auto missing = per_device.find(unsupported);
    if (missing != per_device.end())
        out << "  not supported (-): " << missing->second << "\n";
}

}  // namespace devmux::cli
