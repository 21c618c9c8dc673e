// SPDX-License-Identifier: Apache-2.0
#include "dot_writer.hpp"

#include <sstream>
#include <unordered_map>

namespace devmux {
namespace hetero {

const char* palette_colour(size_t index) {
    static const char* const colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69",
                                          "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f", "#a6cee3", "#b2df8a"};
    return colours[index % (sizeof(colours) / sizeof(colours[0]))];
}

namespace {
std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}
}  // namespace

std::string model_to_dot(const ov::Model& model, const std::map<std::string, DotNodeStyle>& styles) {
    std::ostringstream dot;
    dot << "digraph \"" << escape(model.get_friendly_name()) << "\" {\n  node [shape=box, style=filled];\n";
    std::unordered_map<const ov::Node*, size_t> id;
    const auto ordered = model.get_ordered_ops();
    for (const auto& node : ordered) {
        const size_t n = id.size();
        id[node.get()] = n;
        std::string label = escape(node->get_friendly_name()) + "\\n" + node->get_type_name();
        const char* fill = "white";
        const auto style = styles.find(node->get_friendly_name());
        if (style != styles.end()) {
            fill = palette_colour(style->second.colour_index);
            label += "\\n" + style->second.extra_label;  // already escaped by the caller's choice of text
        }
        dot << "  n" << n << " [label=\"" << label << "\", fillcolor=\"" << fill << "\"];\n";
    }
    for (const auto& node : ordered)
        for (size_t i = 0; i < node->get_input_size(); ++i)
            dot << "  n" << id[node->get_input_node_ptr(i)] << " -> n" << id[node.get()] << ";\n";
    dot << "}\n";
    return dot.str();
}

}  // namespace hetero
}  // namespace devmux
