// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/layout.hpp"

#include <algorithm>
#include <cctype>

#include "core/layout_names.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "core/text.hpp"

namespace ov {

namespace {

constexpr const char* kLayoutKey = "layout";

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

}  // namespace

Layout::Layout(const std::string& text) {
    const std::string layout = devmux::text::trim(text);
    if (layout.empty())
        return;
    std::vector<std::string> names;
    bool ellipsis = false;
    auto add = [&](const std::string& raw) {
        const std::string name = upper(devmux::text::trim(raw));
        OPENVINO_ASSERT(!name.empty(), "Layout '", text, "': empty dimension name");
        if (name == "...") {
            OPENVINO_ASSERT(!ellipsis, "Layout '", text, "': '...' may appear only once");
            ellipsis = true;
            m_left = names;
            names.clear();
            return;
        }
        OPENVINO_ASSERT(name.find('.') == std::string::npos, "Layout '", text, "': bad dimension name '", raw, "'");
        for (char c : name)
            OPENVINO_ASSERT(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '?', "Layout '", text,
                            "': bad character '", c, "' in dimension name '", raw, "'");
        if (name != "?") {
            OPENVINO_ASSERT(name.find('?') == std::string::npos, "Layout '", text, "': bad dimension name '", raw,
                            "'");
            const bool repeated = std::find(names.begin(), names.end(), name) != names.end() ||
                                  std::find(m_left.begin(), m_left.end(), name) != m_left.end();
            OPENVINO_ASSERT(!repeated, "Layout '", text, "': dimension '", name, "' appears twice");
        }
        names.push_back(name);
    };
    if (layout.front() == '[') {
        OPENVINO_ASSERT(layout.back() == ']', "Layout '", text, "': missing ']'");
        const std::string body = layout.substr(1, layout.size() - 2);
        if (!devmux::text::trim(body).empty()) {
            size_t start = 0;
            while (true) {
                const auto comma = body.find(',', start);
                add(body.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
                if (comma == std::string::npos)
                    break;
                start = comma + 1;
            }
        }
    } else {
        for (size_t i = 0; i < layout.size();) {
            if (layout.compare(i, 3, "...") == 0) {
                add("...");
                i += 3;
            } else {
                add(std::string(1, layout[i]));
                ++i;
            }
        }
    }
    if (ellipsis) {
        m_right = names;
    } else {
        m_left = names;
        m_dynamic = false;
    }
}

Layout Layout::scalar() {
    Layout l;
    l.m_dynamic = false;
    return l;
}

bool Layout::operator==(const Layout& other) const {
    return m_left == other.m_left && m_right == other.m_right && m_dynamic == other.m_dynamic;
}

bool Layout::has_name(const std::string& dimension_name) const {
    const auto name = upper(dimension_name);
    return std::find(m_left.begin(), m_left.end(), name) != m_left.end() ||
           std::find(m_right.begin(), m_right.end(), name) != m_right.end();
}

std::int64_t Layout::get_index_by_name(const std::string& dimension_name) const {
    const auto name = upper(dimension_name);
    auto it = std::find(m_left.begin(), m_left.end(), name);
    if (it != m_left.end())
        return it - m_left.begin();
    it = std::find(m_right.begin(), m_right.end(), name);
    OPENVINO_ASSERT(it != m_right.end(), "Layout ", to_string(), " has no dimension '", dimension_name, "'");
    return -static_cast<std::int64_t>(m_right.end() - it);
}

std::int64_t Layout::rank() const {
    OPENVINO_ASSERT(!m_dynamic, "Layout ", to_string(), " has no fixed rank");
    return static_cast<std::int64_t>(m_left.size());
}

std::string Layout::to_string() const {
    if (empty())
        return {};
    std::string out = "[";
    bool first = true;
    auto put = [&](const std::string& s) {
        if (!first)
            out += ',';
        out += s;
        first = false;
    };
    for (const auto& n : m_left)
        put(n);
    if (m_dynamic)
        put("...");
    for (const auto& n : m_right)
        put(n);
    return out + "]";
}

std::ostream& operator<<(std::ostream& out, const Layout& layout) { return out << layout.to_string(); }

std::vector<std::string> LayoutNames::of(const Layout& layout, size_t rank) {
    if (!layout.m_dynamic) {
        OPENVINO_ASSERT(layout.m_left.size() == rank, "Layout ", layout.to_string(), " has rank ", layout.m_left.size(),
                        " but the tensor has rank ", rank);
        return layout.m_left;
    }
    OPENVINO_ASSERT(layout.m_left.size() + layout.m_right.size() <= rank, "Layout ", layout.to_string(),
                    " names more dimensions than the tensor's rank ", rank);
    std::vector<std::string> names = layout.m_left;
    names.resize(rank - layout.m_right.size(), "?");
    names.insert(names.end(), layout.m_right.begin(), layout.m_right.end());
    return names;
}

Layout LayoutNames::make(const std::vector<std::string>& names) {
    Layout layout;
    layout.m_dynamic = false;
    layout.m_left = names;
    return layout;
}

namespace layout {

bool has_batch(const Layout& l) { return l.has_name("N"); }
std::int64_t batch_idx(const Layout& l) { return l.get_index_by_name("N"); }
bool has_channels(const Layout& l) { return l.has_name("C"); }
std::int64_t channels_idx(const Layout& l) { return l.get_index_by_name("C"); }
bool has_depth(const Layout& l) { return l.has_name("D"); }
std::int64_t depth_idx(const Layout& l) { return l.get_index_by_name("D"); }
bool has_height(const Layout& l) { return l.has_name("H"); }
std::int64_t height_idx(const Layout& l) { return l.get_index_by_name("H"); }
bool has_width(const Layout& l) { return l.has_name("W"); }
std::int64_t width_idx(const Layout& l) { return l.get_index_by_name("W"); }

namespace {
Layout read_layout(const RTMap& rt) {
    const auto it = rt.find(kLayoutKey);
    if (it == rt.end() || it->second.empty())
        return {};
    if (it->second.is<Layout>())
        return it->second.as<Layout>();
    return Layout(it->second.as<std::string>());
}
}  // namespace

Layout get_layout(const Output<const Node>& output) { return read_layout(output.get_rt_info()); }

Layout get_layout(const Output<Node>& output) { return read_layout(output.get_rt_info()); }

void set_layout(Output<Node> output, const Layout& layout) {
    Node* node = output.get_node();
    OPENVINO_ASSERT(node && (is_type<op::v0::Parameter>(node) || is_type<op::v0::Result>(node)),
                    "ov::layout::set_layout: only a model input (Parameter) or output (Result) has a layout; got ",
                    node ? node->get_type_name() : "no node");
    auto& rt = output.get_rt_info();
    if (layout.empty())
        rt.erase(kLayoutKey);
    else
        rt[kLayoutKey] = layout;
}

}  // namespace layout

namespace op {
namespace v0 {
Layout Parameter::get_layout() const { return layout::get_layout(output(0)); }
void Parameter::set_layout(const Layout& l) { layout::set_layout(output(0), l); }
Layout Result::get_layout() const { return layout::get_layout(output(0)); }
void Result::set_layout(const Layout& l) { layout::set_layout(output(0), l); }
}  // namespace v0
}  // namespace op
}  // namespace ov
