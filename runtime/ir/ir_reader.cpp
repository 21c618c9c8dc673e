// SPDX-License-Identifier: Apache-2.0
#include "ir/ir_reader.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <pugixml.hpp>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "ir/ir_common.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/multi_subgraph_base.hpp"
#include "openvino/op/util/variable.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "ops/op_registry.hpp"
#include "core/text.hpp"

namespace devmux {
namespace ir {
namespace {

constexpr size_t no_index = std::numeric_limits<size_t>::max();

// The reader's own errors, already phrased with the file (and layer) at fault; anything else thrown
// while reading gets that context added once.
class IrError : public ov::Exception {
public:
    using ov::Exception::Exception;
};

// Decimal text to an unsigned integer; false for anything else (sign, garbage, overflow).
bool parse_uint(const std::string& raw, uint64_t& value) {
    const std::string text = devmux::text::trim(raw);
    if (text.empty())
        return false;
    uint64_t v = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
        const uint64_t digit = static_cast<uint64_t>(c - '0');
        if (v > (std::numeric_limits<uint64_t>::max() - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    value = v;
    return true;
}

struct PortDecl {
    uint64_t id = 0;
    bool has_precision = false;
    ov::element::Type precision;
    std::vector<ov::Dimension> dims;
    std::vector<std::string> names;
    pugi::xml_node rt_info;
};

struct Source {
    size_t layer = no_index;   // index into Reader::m_layers
    size_t output = no_index;  // output index of that layer
};

struct LayerDecl {
    pugi::xml_node xml;
    uint64_t id = 0;
    bool has_name = false;
    std::string name;
    std::string type;
    std::string version;
    std::vector<PortDecl> inputs;
    std::vector<PortDecl> outputs;
    std::vector<Source> sources;  // one per input port, in port order
    std::shared_ptr<ov::Node> node;
};

// The IR attribute visitor: each attribute an op visits takes the text of the <data> attribute of the
// same name when there is one; absent attributes keep the op's defaults (as OpenVINO's reader does).
class DataAttributeReader : public ov::AttributeVisitor {
public:
    explicit DataAttributeReader(const pugi::xml_node& data) : m_data(data) {}
    bool on_text(const std::string& name, std::string& text) override {
        if (!m_data)
            return false;
        const auto attribute = m_data.attribute(name.c_str());
        if (!attribute)
            return false;
        text = attribute.value();
        return true;
    }

private:
    pugi::xml_node m_data;
};

std::string describe_dims(const std::vector<ov::Dimension>& dims) {
    std::ostringstream os;
    os << '[';
    for (size_t i = 0; i < dims.size(); ++i)
        os << (i ? "," : "") << dims[i];
    os << ']';
    return os.str();
}

bool dims_compatible(const std::vector<ov::Dimension>& declared, const ov::PartialShape& inferred) {
    if (!inferred.rank_is_static())
        return true;
    if (declared.size() != inferred.size())
        return false;
    for (size_t i = 0; i < declared.size(); ++i)
        if (!declared[i].compatible(inferred[i]))
            return false;
    return true;
}

// Model rt_info written as <key value=".."/> or <info name="key" value=".."/>, nested elements as maps.
ov::Any parse_meta_value(const pugi::xml_node& node, int depth);

// Bounds the recursion over nested rt_info, which a hostile file could nest arbitrarily deep.
constexpr int max_meta_depth = 64;

ov::AnyMap parse_meta_map(const pugi::xml_node& node, int depth) {
    if (depth > max_meta_depth)
        OPENVINO_THROW("rt_info is nested deeper than ", max_meta_depth, " levels (at offset ", node.offset_debug(),
                       ")");
    ov::AnyMap map;
    for (const auto& child : node.children()) {
        if (child.type() != pugi::node_element)
            continue;
        const auto name_attr = child.attribute("name");
        const std::string key = name_attr ? name_attr.value() : child.name();
        map[key] = parse_meta_value(child, depth + 1);
    }
    return map;
}

// Legacy POT configs are element text; OpenVINO keeps them as one line with runs of spaces collapsed.
std::string normalise_config_text(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n')
            continue;
        if (c == ' ' && !out.empty() && out.back() == ' ')
            continue;
        out += c;
    }
    return out;
}

ov::Any parse_meta_value(const pugi::xml_node& node, int depth) {
    if (const auto value = node.attribute("value"))
        return std::string(value.value());
    if (std::string(node.name()) == "unset" && node.attribute("unset_cli_parameters"))
        return std::string(node.attribute("unset_cli_parameters").value());
    bool has_elements = false;
    for (const auto& child : node.children())
        has_elements = has_elements || child.type() == pugi::node_element;
    const std::string text = node.child_value();
    if (!has_elements && !devmux::text::trim(text).empty())
        return normalise_config_text(text);
    return parse_meta_map(node, depth);
}

class Reader {
public:
    Reader(std::shared_ptr<const std::vector<uint8_t>> weights, std::string origin, std::string bin_path)
        : m_weights(std::move(weights)), m_origin(std::move(origin)), m_bin_path(std::move(bin_path)) {}

    ~Reader() {
        // Consumers first: each node then drops the last reference to nothing but its own inputs, so
        // a long chain of layers is not destroyed recursively.
        for (auto it = m_order.rbegin(); it != m_order.rend(); ++it)
            m_layers[*it].node.reset();
    }

    std::shared_ptr<ov::Model> read(const std::string& xml_text) {
        pugi::xml_document doc;
        const auto parsed = doc.load_buffer(xml_text.data(), xml_text.size());
        if (!parsed) {
            const auto offset = static_cast<size_t>(std::max<ptrdiff_t>(parsed.offset, 0));
            size_t line = 1, column = 1;
            for (size_t i = 0; i < offset && i < xml_text.size(); ++i) {
                if (xml_text[i] == '\n') {
                    ++line;
                    column = 1;
                } else {
                    ++column;
                }
            }
            fail("malformed XML: ", parsed.description(), " at offset ", offset, " (line ", line, ", column ",
                 column, ")");
        }
        const auto net = doc.document_element();
        if (!net || std::string(net.name()) != "net")
            fail("the root element is <", net ? net.name() : "", ">, expected <net>");
        read_version(net);
        // IR v10 could carry mean values to subtract from an input; silently skipping them would give
        // wrong results, so such a file is refused.
        if (const auto pre_process = net.child("pre-process"))
            fail("<pre-process> (input mean values, at offset ", pre_process.offset_debug(), ") is not supported");
        read_layers(net);
        read_edges(net);
        order_layers();
        for (size_t index : m_order) {
            try {
                build_layer(m_layers[index]);
            } catch (const IrError&) {
                throw;
            } catch (const std::exception& e) {
                fail(describe(m_layers[index]), ": ", e.what());
            }
        }
        auto model = assemble(net);
        read_model_rt_info(net, *model);
        return model;
    }

private:
    template <typename... Args>
    [[noreturn]] void fail(const Args&... args) const {
        throw IrError(ov::detail::concat("Cannot read IR '", m_origin, "': ", args...));
    }

    static std::string describe(const LayerDecl& layer) {
        return ov::detail::concat("layer id=", layer.id, " name='", layer.name, "' type='", layer.type,
                                  "' version='", layer.version, "'");
    }

    void read_version(const pugi::xml_node& net) {
        const auto attribute = net.attribute("version");
        if (!attribute)
            fail("<net> has no version attribute (IR versions 10 and 11 are supported)");
        uint64_t version = 0;
        if (!parse_uint(attribute.value(), version) || (version != 10 && version != 11))
            fail("unsupported IR version '", attribute.value(), "' (IR versions 10 and 11 are supported)");
        m_version = static_cast<int64_t>(version);
    }

    std::vector<ov::Dimension> read_dims(const pugi::xml_node& port, const LayerDecl& layer, const char* kind,
                                         uint64_t port_id) const {
        std::vector<ov::Dimension> dims;
        for (const auto& dim : port.children("dim")) {
            const std::string text = devmux::text::trim(dim.child_value());
            uint64_t value = 0;
            if (text == "-1" || text == "?") {
                dims.emplace_back();
            } else if (parse_uint(text, value) &&
                       value <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
                dims.emplace_back(static_cast<int64_t>(value));
            } else {
                const auto range = text.find("..");
                uint64_t lo = 0, hi = 0;
                const std::string lo_text = range == std::string::npos ? "" : text.substr(0, range);
                const std::string hi_text = range == std::string::npos ? "" : text.substr(range + 2);
                const auto limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
                if (range == std::string::npos || (!lo_text.empty() && !parse_uint(lo_text, lo)) ||
                    (!hi_text.empty() && !parse_uint(hi_text, hi)) || lo > limit || hi > limit ||
                    (!hi_text.empty() && hi < lo))
                    fail(describe(layer), ": ", kind, " port ", port_id, " has an invalid dimension '", text, "'");
                dims.emplace_back(static_cast<int64_t>(lo), hi_text.empty() ? -1 : static_cast<int64_t>(hi));
            }
        }
        return dims;
    }

    PortDecl read_port(const pugi::xml_node& port, const LayerDecl& layer, const char* kind) const {
        PortDecl decl;
        if (!parse_uint(port.attribute("id").value(), decl.id))
            fail(describe(layer), ": ", kind, " port at offset ", port.offset_debug(), " has ",
                 port.attribute("id") ? "an invalid id '" + std::string(port.attribute("id").value()) + "'"
                                      : std::string("no id"));
        if (const auto precision = port.attribute("precision")) {
            const std::string text = devmux::text::trim(precision.value());
            if (text != "UNSPECIFIED" && !text.empty()) {
                try {
                    decl.precision = ov::element::Type(text);
                } catch (const std::exception&) {
                    fail(describe(layer), ": ", kind, " port ", decl.id, " has an unknown precision '", text, "'");
                }
                decl.has_precision = decl.precision.is_static();
            }
        }
        decl.dims = read_dims(port, layer, kind, decl.id);
        if (const auto names = port.attribute("names"))
            decl.names = split_tensor_names(names.value());
        decl.rt_info = port.child("rt_info");
        return decl;
    }

    void read_layers(const pugi::xml_node& net) {
        const auto layers = net.child("layers");
        if (!layers)
            fail("<net> has no <layers> element");
        for (const auto& xml : layers.children("layer")) {
            LayerDecl layer;
            layer.xml = xml;
            const auto id = xml.attribute("id");
            if (!parse_uint(id.value(), layer.id))
                fail("the <layer> at offset ", xml.offset_debug(), " (name '", xml.attribute("name").value(), "') has ",
                     id ? "an invalid id '" + std::string(id.value()) + "'" : std::string("no id"));
            layer.has_name = static_cast<bool>(xml.attribute("name"));
            layer.name = xml.attribute("name").value();
            layer.type = xml.attribute("type").value();
            layer.version = xml.attribute("version").value();
            if (layer.type.empty())
                fail(describe(layer), ": the layer has no type");
            if (m_index_of_id.count(layer.id))
                fail(describe(layer), ": layer id ", layer.id, " is used by another layer ('",
                     m_layers[m_index_of_id[layer.id]].name, "')");
            std::unordered_set<uint64_t> port_ids;
            for (const auto& port : xml.child("input").children("port")) {
                layer.inputs.push_back(read_port(port, layer, "input"));
                if (!port_ids.insert(layer.inputs.back().id).second)
                    fail(describe(layer), ": port id ", layer.inputs.back().id, " is declared twice");
            }
            for (const auto& port : xml.child("output").children("port")) {
                layer.outputs.push_back(read_port(port, layer, "output"));
                if (!port_ids.insert(layer.outputs.back().id).second)
                    fail(describe(layer), ": port id ", layer.outputs.back().id, " is declared twice");
            }
            layer.sources.resize(layer.inputs.size());
            m_index_of_id[layer.id] = m_layers.size();
            m_layers.push_back(std::move(layer));
        }
    }

    void read_edges(const pugi::xml_node& net) {
        for (const auto& edge : net.child("edges").children("edge")) {
            uint64_t ids[4] = {};
            const char* names[4] = {"from-layer", "from-port", "to-layer", "to-port"};
            for (int i = 0; i < 4; ++i) {
                const auto attribute = edge.attribute(names[i]);
                if (!parse_uint(attribute.value(), ids[i]))
                    fail("the <edge> at offset ", edge.offset_debug(), " has ",
                         attribute ? "an invalid " + std::string(names[i]) + " '" + attribute.value() + "'"
                                   : "no " + std::string(names[i]));
            }
            const std::string what = ov::detail::concat("edge from-layer=", ids[0], " from-port=", ids[1],
                                                        " to-layer=", ids[2], " to-port=", ids[3]);
            const auto from = m_index_of_id.find(ids[0]);
            if (from == m_index_of_id.end())
                fail(what, " refers to layer id ", ids[0], ", which does not exist");
            const auto to = m_index_of_id.find(ids[2]);
            if (to == m_index_of_id.end())
                fail(what, " refers to layer id ", ids[2], ", which does not exist");
            const LayerDecl& producer = m_layers[from->second];
            LayerDecl& consumer = m_layers[to->second];
            size_t output = no_index, input = no_index;
            for (size_t i = 0; i < producer.outputs.size(); ++i)
                if (producer.outputs[i].id == ids[1])
                    output = i;
            for (size_t i = 0; i < consumer.inputs.size(); ++i)
                if (consumer.inputs[i].id == ids[3])
                    input = i;
            if (output == no_index)
                fail(what, ": ", describe(producer), " has no output port ", ids[1]);
            if (input == no_index)
                fail(what, ": ", describe(consumer), " has no input port ", ids[3]);
            Source& source = consumer.sources[input];
            if (source.layer != no_index)
                fail(what, ": input port ", ids[3], " of ", describe(consumer),
                     " already has an edge from layer id=", m_layers[source.layer].id);
            source.layer = from->second;
            source.output = output;
        }
    }

    // Producers before consumers: the Parameters first (in file order, as OpenVINO keeps them), then
    // each layer after its inputs. Unlike OpenVINO, layers that feed no Result or sink are built (and
    // so checked) too, then dropped with the reader; an unknown op is never silently skipped.
    void order_layers() {
        enum Mark : char { none, open, done };
        std::vector<char> marks(m_layers.size(), none);
        for (size_t i = 0; i < m_layers.size(); ++i) {
            if (m_layers[i].type == "Parameter") {
                // Parameters are built first, before any layer: one that declares inputs (or has edges
                // into it) would read producers that do not exist yet.
                if (!m_layers[i].inputs.empty())
                    fail(describe(m_layers[i]), ": a Parameter has no inputs, but ", m_layers[i].inputs.size(),
                         m_layers[i].inputs.size() == 1 ? " input port is" : " input ports are", " declared",
                         m_layers[i].sources.empty() || m_layers[i].sources[0].layer == no_index
                             ? std::string()
                             : ov::detail::concat(" and an edge leads into it from layer id=",
                                                  m_layers[m_layers[i].sources[0].layer].id));
                marks[i] = done;
                m_order.push_back(i);
            }
        }
        for (size_t root = 0; root < m_layers.size(); ++root) {
            if (marks[root] != none)
                continue;
            std::vector<std::pair<size_t, size_t>> stack{{root, 0}};
            marks[root] = open;
            while (!stack.empty()) {
                const size_t index = stack.back().first;
                const size_t next_input = stack.back().second;
                LayerDecl& layer = m_layers[index];
                if (next_input < layer.sources.size()) {
                    ++stack.back().second;
                    const Source& source = layer.sources[next_input];
                    if (source.layer == no_index)
                        fail(describe(layer), ": input port ", layer.inputs[next_input].id,
                             " is not connected (no edge leads to it)");
                    if (marks[source.layer] == open) {
                        std::string cycle;
                        bool in_cycle = false;
                        for (const auto& entry : stack) {
                            in_cycle = in_cycle || entry.first == source.layer;
                            if (in_cycle)
                                cycle += ov::detail::concat(m_layers[entry.first].id, " ('",
                                                            m_layers[entry.first].name, "') -> ");
                        }
                        cycle += ov::detail::concat(m_layers[source.layer].id);
                        fail("the edges form a cycle through layers ", cycle);
                    }
                    if (marks[source.layer] == none) {
                        marks[source.layer] = open;
                        stack.emplace_back(source.layer, 0);
                    }
                    continue;
                }
                marks[index] = done;
                m_order.push_back(index);
                stack.pop_back();
            }
        }
    }

    static bool parse_static_shape(const std::string& text, ov::Shape& shape) {
        shape.clear();
        const std::string body = devmux::text::trim(text);
        if (body.empty())
            return true;
        std::istringstream is(body);
        std::string item;
        while (std::getline(is, item, ',')) {
            uint64_t value = 0;
            if (!parse_uint(item, value) || value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
                return false;
            shape.push_back(static_cast<size_t>(value));
        }
        return body.back() != ',';
    }

    std::string required_data(const LayerDecl& layer, const char* name) const {
        const auto attribute = layer.xml.child("data").attribute(name);
        if (!attribute)
            fail(describe(layer), ": <data> has no ", name, " attribute");
        return attribute.value();
    }

    std::shared_ptr<ov::Node> make_constant(const LayerDecl& layer) {
        const std::string type_text = required_data(layer, "element_type");
        const std::string shape_text = required_data(layer, "shape");
        uint64_t offset = 0, size = 0;
        if (!parse_uint(required_data(layer, "offset"), offset))
            fail(describe(layer), ": invalid offset '", required_data(layer, "offset"), "'");
        if (!parse_uint(required_data(layer, "size"), size))
            fail(describe(layer), ": invalid size '", required_data(layer, "size"), "'");
        ov::element::Type type;
        try {
            type = ov::element::Type(devmux::text::trim(type_text));
        } catch (const std::exception&) {
            fail(describe(layer), ": unknown element_type '", type_text, "'");
        }
        if (!type.is_static() || type.size() == 0)
            fail(describe(layer), ": a Const cannot have element_type '", type_text, "'");
        ov::Shape shape;
        if (!parse_static_shape(shape_text, shape))
            fail(describe(layer), ": invalid Const shape '", shape_text, "'");
        uint64_t expected = type.size();
        for (size_t d : shape) {
            if (d != 0 && expected > std::numeric_limits<uint64_t>::max() / d)
                fail(describe(layer), ": Const shape '", shape_text, "' is too large");
            expected *= d;
        }
        if (size != expected)
            fail(describe(layer), ": Const size ", size, " does not match its shape ", shape, " of ", type,
                 " (", expected, " bytes)");
        if (size == 0)
            return std::make_shared<ov::op::v0::Constant>(type, shape);
        if (!m_weights)
            fail(describe(layer), ": the Const needs weights (offset ", offset, ", size ", size, ") but ",
                 m_bin_path.empty() ? std::string("no weights were given")
                                    : "the weights file '" + m_bin_path + "' does not exist");
        const uint64_t bin_size = m_weights->size();
        if (offset > bin_size || size > bin_size - offset)
            fail(describe(layer), ": Const data (offset ", offset, ", size ", size, ") lies outside the weights",
                 m_bin_path.empty() ? std::string() : " file '" + m_bin_path + "'", " of ", bin_size, " bytes");
        const uint8_t* data = m_weights->data() + offset;
        // Typed kernels read constants through typed pointers: copy data the .bin leaves misaligned.
        if (reinterpret_cast<uintptr_t>(data) % type.size() != 0)
            return std::make_shared<ov::op::v0::Constant>(type, shape, static_cast<const void*>(data));
        return std::make_shared<ov::op::v0::Constant>(type, shape, std::shared_ptr<const void>(m_weights),
                                                      static_cast<const void*>(data));
    }

    std::shared_ptr<ov::Node> make_parameter(const LayerDecl& layer) {
        const std::string type_text = required_data(layer, "element_type");
        const std::string shape_text = required_data(layer, "shape");
        ov::element::Type type;
        try {
            type = ov::element::Type(devmux::text::trim(type_text));
        } catch (const std::exception&) {
            fail(describe(layer), ": unknown element_type '", type_text, "'");
        }
        ov::PartialShape shape;
        try {
            shape = ov::PartialShape(shape_text);
        } catch (const std::exception&) {
            fail(describe(layer), ": invalid Parameter shape '", shape_text, "'");
        }
        return std::make_shared<ov::op::v0::Parameter>(type, shape);
    }

    // ReadValue and Assign of one variable_id share one Variable, created on first sight of the id.
    std::shared_ptr<ov::op::util::Variable> variable_for(const LayerDecl& layer, ov::op::util::VariableExtension& op) {
        const std::string id = op.get_variable_id();
        if (id.empty())
            fail(describe(layer), ": the layer has no variable_id");
        auto& variable = m_variables[id];
        if (!variable) {
            variable = op.get_variable();
            if (!variable || variable->get_info().variable_id != id)
                variable = std::make_shared<ov::op::util::Variable>(
                    ov::op::util::VariableInfo{ov::PartialShape::dynamic(), ov::element::dynamic, id});
            m_variable_order.push_back(variable);
        }
        return variable;
    }

    // A body of TensorIterator, Loop or If: the <layers> and <edges> of `element`, read as a model of its own
    // with the same weights; `ids` maps each body layer id to its node (the port maps name them).
    std::shared_ptr<ov::Model> read_body(const LayerDecl& owner, const pugi::xml_node& element,
                                         std::unordered_map<uint64_t, std::shared_ptr<ov::Node>>& ids) {
        // Bodies nest; a hostile file could nest them without end.
        constexpr int max_body_depth = 16;
        if (m_body_depth >= max_body_depth)
            fail(describe(owner), ": bodies are nested deeper than ", max_body_depth, " levels");
        Reader body(m_weights, ov::detail::concat(m_origin, "' (the <", element.name(), "> of ", describe(owner), ")"),
                    m_bin_path);
        body.m_version = m_version;
        body.m_body_depth = m_body_depth + 1;
        body.read_layers(element);
        body.read_edges(element);
        body.order_layers();
        for (size_t index : body.m_order)
            body.build_layer(body.m_layers[index]);
        auto model = body.assemble(element);
        for (const auto& layer : body.m_layers)
            if (layer.node)
                ids[layer.id] = layer.node;
        return model;
    }

    // The port of `layer` with this id: its input index (input ports first) or its output index.
    size_t port_index(const LayerDecl& layer, const std::vector<PortDecl>& ports, uint64_t id, const char* kind) const {
        for (size_t i = 0; i < ports.size(); ++i)
            if (ports[i].id == id)
                return i;
        fail(describe(layer), ": the port map names ", kind, " port ", id, ", which the layer does not declare");
    }

    static int64_t int_attribute(const pugi::xml_node& node, const char* name, int64_t fallback) {
        const auto attribute = node.attribute(name);
        return attribute ? attribute.as_llong(fallback) : fallback;
    }

    // The bodies and port maps of TensorIterator and Loop (<body>, <port_map>, <back_edges>) or If
    // (<then_body>/<else_body>, <then_port_map>/<else_port_map>).
    void read_bodies(const LayerDecl& layer, ov::op::util::MultiSubGraphOp& op) {
        using Op = ov::op::util::MultiSubGraphOp;
        const bool is_if = op.get_internal_subgraphs_size() == 2;
        const std::vector<std::pair<const char*, const char*>> bodies =
            is_if ? std::vector<std::pair<const char*, const char*>>{{"then_body", "then_port_map"},
                                                                     {"else_body", "else_port_map"}}
                  : std::vector<std::pair<const char*, const char*>>{{"body", "port_map"}};
        int64_t current_iteration = -1, condition = -1;
        for (size_t b = 0; b < bodies.size(); ++b) {
            const auto element = layer.xml.child(bodies[b].first);
            if (!element)
                fail(describe(layer), ": has no <", bodies[b].first, ">");
            std::unordered_map<uint64_t, std::shared_ptr<ov::Node>> ids;
            auto body = read_body(layer, element, ids);
            auto body_node = [&](const pugi::xml_node& entry) {
                const auto id = entry.attribute("internal_layer_id");
                uint64_t value = 0;
                if (!id || !parse_uint(id.value(), value) || !ids.count(value))
                    fail(describe(layer), ": a <", bodies[b].second, "> entry names body layer '", id.value(),
                         "', which the body does not have");
                return ids.at(value);
            };
            auto parameter_index = [&](const pugi::xml_node& entry) {
                const auto index = body->get_parameter_index(ov::as_type_ptr<ov::op::v0::Parameter>(body_node(entry)));
                if (index < 0)
                    fail(describe(layer), ": a <", bodies[b].second, "> input names a body layer that is not a Parameter");
                return static_cast<uint64_t>(index);
            };
            auto result_index = [&](const pugi::xml_node& entry, const char* attribute = "internal_layer_id") {
                std::shared_ptr<ov::Node> node;
                if (std::string(attribute) == "internal_layer_id") {
                    node = body_node(entry);
                } else {
                    uint64_t value = 0;
                    if (!parse_uint(entry.attribute(attribute).value(), value) || !ids.count(value))
                        fail(describe(layer), ": a back edge names body layer '", entry.attribute(attribute).value(),
                             "', which the body does not have");
                    node = ids.at(value);
                }
                const auto result = ov::as_type_ptr<ov::op::v0::Result>(node);
                const auto index = result ? body->get_result_index(result->output(0)) : -1;
                if (index < 0)
                    fail(describe(layer), ": a body value named by the port map is not a Result of the body");
                return static_cast<uint64_t>(index);
            };
            // Back edges make a body Parameter a merged input: the Result they come from feeds the next iteration.
            std::unordered_map<uint64_t, uint64_t> merged_from;  // Parameter index -> Result index
            for (const auto& edge : layer.xml.child("back_edges").children("edge")) {
                uint64_t to = 0;
                if (!parse_uint(edge.attribute("to-layer").value(), to) || !ids.count(to))
                    fail(describe(layer), ": a back edge goes to body layer '", edge.attribute("to-layer").value(),
                         "', which the body does not have");
                const auto parameter = ov::as_type_ptr<ov::op::v0::Parameter>(ids.at(to));
                const auto index = parameter ? body->get_parameter_index(parameter) : -1;
                if (index < 0)
                    fail(describe(layer), ": a back edge goes to a body layer that is not a Parameter");
                merged_from[static_cast<uint64_t>(index)] = result_index(edge, "from-layer");
            }
            Op::MultiSubgraphInputDescriptionVector inputs;
            Op::MultiSubgraphOutputDescriptionVector outputs;
            const auto port_map = layer.xml.child(bodies[b].second);
            for (const auto& entry : port_map.children("input")) {
                if (std::string(entry.attribute("purpose").value()) == "current_iteration") {
                    current_iteration = static_cast<int64_t>(parameter_index(entry));
                    continue;
                }
                const uint64_t input = port_index(layer, layer.inputs, entry.attribute("external_port_id").as_ullong(),
                                                  "input");
                const uint64_t parameter = parameter_index(entry);
                if (entry.attribute("axis")) {
                    inputs.push_back(std::make_shared<Op::SliceInputDescription>(
                        input, parameter, int_attribute(entry, "start", 0), int_attribute(entry, "stride", 1),
                        int_attribute(entry, "part_size", 1), int_attribute(entry, "end", -1),
                        int_attribute(entry, "axis", 0)));
                } else if (merged_from.count(parameter)) {
                    inputs.push_back(std::make_shared<Op::MergedInputDescription>(input, parameter, merged_from[parameter]));
                } else {
                    inputs.push_back(std::make_shared<Op::InvariantInputDescription>(input, parameter));
                }
            }
            for (const auto& entry : port_map.children("output")) {
                if (std::string(entry.attribute("purpose").value()) == "execution_condition") {
                    condition = static_cast<int64_t>(result_index(entry));
                    continue;
                }
                const uint64_t output = port_index(layer, layer.outputs, entry.attribute("external_port_id").as_ullong(),
                                                   "output");
                const uint64_t value = result_index(entry);
                if (entry.attribute("axis"))
                    outputs.push_back(std::make_shared<Op::ConcatOutputDescription>(
                        value, output, int_attribute(entry, "start", 0), int_attribute(entry, "stride", 1),
                        int_attribute(entry, "part_size", 1), int_attribute(entry, "end", -1),
                        int_attribute(entry, "axis", 0)));
                else
                    outputs.push_back(std::make_shared<Op::BodyOutputDescription>(value, output, -1));
            }
            op.set_function(static_cast<int>(b), body);
            op.set_input_descriptions(static_cast<int>(b), inputs);
            op.set_output_descriptions(static_cast<int>(b), outputs);
        }
        if (auto* loop = dynamic_cast<ov::op::v5::Loop*>(&op))
            loop->set_special_body_ports({current_iteration, condition});
        op.set_output_size(layer.outputs.size());
    }

    std::shared_ptr<ov::Node> make_op(const LayerDecl& layer, const ov::OutputVector& inputs) {
        const std::string& class_type = class_type_from_ir(layer.type);
        // The table decides which op version an opsetN layer means; an opset or version devmux does not
        // know is refused, never read as a neighbouring version.
        auto node = OpRegistry::instance().create(class_type, layer.version);
        if (!node)
            fail(describe(layer), ": ", OpRegistry::instance().why_not(class_type, layer.version));
        // Named before validation so that the op's own messages carry the layer's name.
        if (layer.has_name)
            node->set_friendly_name(layer.name);
        node->set_arguments(inputs);
        if (auto* multi = dynamic_cast<ov::op::util::MultiSubGraphOp*>(node.get()))
            read_bodies(layer, *multi);
        DataAttributeReader visitor(layer.xml.child("data"));
        node->visit_attributes(visitor);
        if (auto* variable_op = dynamic_cast<ov::op::util::VariableExtension*>(node.get()))
            variable_op->set_variable(variable_for(layer, *variable_op));
        node->validate_and_infer_types();
        return node;
    }

    // The declared dims must agree with what inference gives (a wrong edge or a misread attribute shows here).
    // The declared precision is not checked, as OpenVINO's reader does not check it for an op it creates: the
    // op's own type inference decides. Real IRs rely on that: FP16 SSDs from the Model Optimizer declare
    // DetectionOutput's output FP32 while the op computes in its inputs' f16. The inferred type stands, and the
    // legacy v10 conventions then give such a model output an f32 port, as OpenVINO's 2.0 API does.
    void check_port(const LayerDecl& layer, const PortDecl& port, const char* kind, const ov::element::Type& type,
                    const ov::PartialShape& shape) const {
        if (dims_compatible(port.dims, shape))
            return;
        fail(describe(layer), ": ", kind, " port ", port.id, " declares ",
             port.has_precision ? precision_name(port.precision) : std::string("(no precision)"), " ",
             describe_dims(port.dims), " but the ", kind == std::string("input") ? "connected output has " : "op infers ",
             type, " ", shape);
    }

    void read_layer_rt_info(const pugi::xml_node& rt_info, ov::RTMap& target) const {
        for (const auto& attribute : rt_info.children("attribute")) {
            const auto name = attribute.attribute("name");
            if (!name)
                continue;
            std::string value;
            if (const auto v = attribute.attribute("value")) {
                value = v.value();
            } else {
                // Some attributes name their value after themselves: <attribute name="layout" layout="[N,C,H,W]"/>.
                for (const auto& a : attribute.attributes()) {
                    const std::string key = a.name();
                    if (key != "name" && key != "version") {
                        value = a.value();
                        break;
                    }
                }
            }
            target[name.value()] = value;
        }
    }

    // A tensor no machine could hold is refused when the model is read, before any compile plans memory
    // for it (sizes computed later would wrap around to a small number, or the allocation would fail).
    void check_output_sizes(const LayerDecl& layer, const ov::Node& node) const {
        for (size_t i = 0; i < node.get_output_size(); ++i) {
            const std::string why = why_too_large(node.get_output_element_type(i), node.get_output_partial_shape(i));
            if (!why.empty())
                fail(describe(layer), ": output ", i, ": ", why);
        }
    }

    void build_layer(LayerDecl& layer) {
        ov::OutputVector inputs;
        for (size_t i = 0; i < layer.sources.size(); ++i) {
            const Source& source = layer.sources[i];
            const auto& producer = m_layers[source.layer].node;
            if (!producer)  // order_layers builds producers first; kept as a guard against a wrong order
                fail(describe(layer), ": input port ", layer.inputs[i].id, " reads ",
                     describe(m_layers[source.layer]), ", which was not built before it");
            if (source.output >= producer->get_output_size())
                fail(describe(layer), ": input port ", layer.inputs[i].id, " reads output port ",
                     m_layers[source.layer].outputs[source.output].id, " of ", describe(m_layers[source.layer]),
                     ", but that op has only ", producer->get_output_size(), " outputs");
            inputs.push_back(producer->output(source.output));
        }
        std::shared_ptr<ov::Node> node;
        const std::string& class_type = class_type_from_ir(layer.type);
        if (class_type == "Constant" || class_type == "Parameter") {
            if (!layer.inputs.empty())
                fail(describe(layer), ": a ", layer.type, " has no inputs, but ", layer.inputs.size(),
                     " input ports are declared");
            node = class_type == "Constant" ? make_constant(layer) : make_parameter(layer);
        } else {
            node = make_op(layer, inputs);
        }
        if (layer.has_name)
            node->set_friendly_name(layer.name);
        check_output_sizes(layer, *node);

        // A layer's declared output ports are its outputs in order; Result and Assign declare none.
        if (layer.outputs.size() > node->get_output_size() ||
            (!layer.outputs.empty() && layer.outputs.size() != node->get_output_size()))
            fail(describe(layer), ": ", layer.outputs.size(), " output ports are declared but the op has ",
                 node->get_output_size(), " outputs");
        for (size_t i = 0; i < layer.inputs.size(); ++i) {
            check_port(layer, layer.inputs[i], "input", node->get_input_element_type(i),
                       node->get_input_partial_shape(i));
            if (layer.inputs[i].rt_info)
                read_layer_rt_info(layer.inputs[i].rt_info, node->input(i).get_rt_info());
        }
        for (size_t i = 0; i < layer.outputs.size(); ++i) {
            const PortDecl& port = layer.outputs[i];
            check_port(layer, port, "output", node->get_output_element_type(i), node->get_output_partial_shape(i));
            if (!port.names.empty())
                node->output(i).set_names(std::unordered_set<std::string>(port.names.begin(), port.names.end()));
            if (port.rt_info)
                read_layer_rt_info(port.rt_info, node->output(i).get_rt_info());
        }
        if (const auto rt_info = layer.xml.child("rt_info"))
            read_layer_rt_info(rt_info, node->get_rt_info());
        layer.node = std::move(node);
    }

    std::shared_ptr<ov::Model> assemble(const pugi::xml_node& net) {
        ov::ParameterVector parameters;
        ov::ResultVector results;
        ov::SinkVector sinks;
        for (auto& layer : m_layers) {
            if (!layer.node)
                continue;
            if (layer.type == "Parameter") {
                parameters.push_back(ov::as_type_ptr<ov::op::v0::Parameter>(layer.node));
            } else if (auto result = ov::as_type_ptr<ov::op::v0::Result>(layer.node)) {
                results.push_back(result);
            } else if (auto sink = ov::as_type_ptr<ov::op::Sink>(layer.node)) {
                sinks.push_back(sink);
            }
        }
        try {
            return std::make_shared<ov::Model>(results, sinks, parameters, m_variable_order,
                                               net.attribute("name").value());
        } catch (const std::exception& e) {
            fail(e.what());
        }
    }

    void read_model_rt_info(const pugi::xml_node& net, ov::Model& model) const {
        auto& rt_info = model.get_rt_info();
        if (const auto section = net.child("rt_info")) {
            for (const auto& child : section.children()) {
                if (child.type() != pugi::node_element)
                    continue;
                const auto name_attr = child.attribute("name");
                rt_info[name_attr ? name_attr.value() : child.name()] = parse_meta_value(child, 1);
            }
        } else {
            // IRs before rt_info kept the converter's settings in <meta_data> and the quantizer's in
            // <quantization_parameters>; OpenVINO presents them under these rt_info keys.
            for (const auto& child : net.child("meta_data").children()) {
                if (child.type() != pugi::node_element)
                    continue;
                const std::string name = child.name();
                rt_info[name == "cli_parameters" ? "conversion_parameters" : name] = parse_meta_value(child, 1);
            }
            if (const auto quantization = net.child("quantization_parameters"))
                rt_info["optimization"] = parse_meta_map(quantization, 1);
        }
        rt_info["version"] = m_version;
    }

    std::shared_ptr<const std::vector<uint8_t>> m_weights;
    std::string m_origin;
    std::string m_bin_path;  // for messages; empty when the weights came from memory
    int64_t m_version = 0;
    int m_body_depth = 0;  // 0 for the model, 1 for a body of it, ...
    std::vector<LayerDecl> m_layers;
    std::unordered_map<uint64_t, size_t> m_index_of_id;
    std::vector<size_t> m_order;
    std::map<std::string, std::shared_ptr<ov::op::util::Variable>> m_variables;
    ov::op::util::VariableVector m_variable_order;
};

std::shared_ptr<ov::Model> read_checked(const std::string& xml_text, std::shared_ptr<const std::vector<uint8_t>> weights,
                                        const std::string& origin, const std::string& bin_path) {
    try {
        Reader reader(std::move(weights), origin, bin_path);
        return reader.read(xml_text);
    } catch (const IrError&) {
        throw;
    } catch (const std::exception& e) {
        // Anything else (allocation failures included) still names the file.
        throw ov::Exception(ov::detail::concat("Cannot read IR '", origin, "': ", e.what()));
    }
}

bool is_regular_file(const std::string& path) {
    std::error_code error;
    return std::filesystem::is_regular_file(path, error);
}

bool read_file(const std::string& path, std::string& text) {
    if (!is_regular_file(path))
        return false;
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    if (file.bad())
        return false;
    text = buffer.str();
    return true;
}

}  // namespace

std::shared_ptr<ov::Model> read_model(const std::string& xml_path, const std::string& bin_path) {
    std::string xml_text;
    if (!read_file(xml_path, xml_text))
        OPENVINO_THROW("Cannot read IR '", xml_path, "': the file cannot be opened");
    const std::string weights_path = bin_path.empty() ? default_bin_path(xml_path) : bin_path;
    std::shared_ptr<std::vector<uint8_t>> weights;
    std::ifstream bin;
    if (is_regular_file(weights_path))
        bin.open(weights_path, std::ios::binary | std::ios::ate);
    if (bin.is_open()) {
        const std::streamoff size = bin.tellg();
        if (size < 0)
            OPENVINO_THROW("Cannot read IR '", xml_path, "': cannot read the weights file '", weights_path, "'");
        weights = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(size));
        bin.seekg(0);
        if (size > 0 && !bin.read(reinterpret_cast<char*>(weights->data()), size))
            OPENVINO_THROW("Cannot read IR '", xml_path, "': cannot read the weights file '", weights_path, "'");
    } else if (!bin_path.empty()) {
        OPENVINO_THROW("Cannot read IR '", xml_path, "': the weights file '", bin_path, "' cannot be opened");
    }
    return read_checked(xml_text, std::move(weights), xml_path, weights_path);
}

std::shared_ptr<ov::Model> read_model_from_memory(const std::string& xml_text,
                                                  std::shared_ptr<const std::vector<uint8_t>> weights,
                                                  const std::string& origin_for_messages) {
    return read_checked(xml_text, std::move(weights), origin_for_messages, "");
}

}  // namespace ir
}  // namespace devmux
