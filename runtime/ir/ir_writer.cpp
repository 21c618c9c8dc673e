// SPDX-License-Identifier: Apache-2.0
#include "ir/ir_writer.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <cctype>
#include <map>
#include <memory>
#include <sstream>
#include <pugixml.hpp>
#include <unordered_map>
#include <unordered_set>

#include "ir/ir_common.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"

namespace devmux {
namespace ir {
namespace {

constexpr int ir_version = 11;

// Each attribute an op visits becomes an attribute of its <data> element, in visiting order.
class DataAttributeWriter : public ov::AttributeVisitor {
public:
    explicit DataAttributeWriter(pugi::xml_node data) : m_data(data) {}
    bool on_text(const std::string& name, std::string& text) override {
        auto attribute = m_data.attribute(name.c_str());
        if (!attribute)
            attribute = m_data.append_attribute(name.c_str());
        attribute.set_value(text.c_str());
        return false;
    }

private:
    pugi::xml_node m_data;
};

// "1,3,?,224" as the Parameter shape attribute: the shape's text without brackets; "..." for dynamic rank.
std::string shape_attribute(const ov::PartialShape& shape) {
    if (!shape.rank_is_static())
        return "...";
    std::string out;
    for (size_t i = 0; i < shape.size(); ++i) {
        std::ostringstream os;
        os << shape[i];
        out += (i ? "," : "") + os.str();
    }
    return out;
}

bool any_to_string(const ov::Any& value, std::string& text) {
    try {
        if (value.is<std::string>()) {
            text = value.as<std::string>();
            return true;
        }
        text = value.as<std::string>();
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// Model rt_info keys become element names where XML allows, otherwise <info name="key" .../>.
bool is_xml_name(const std::string& name) {
    if (name.empty())
        return false;
    const auto first = static_cast<unsigned char>(name[0]);
    if (!(std::isalpha(first) || first == '_'))
        return false;
    if (name.size() >= 3) {
        std::string prefix = name.substr(0, 3);
        std::transform(prefix.begin(), prefix.end(), prefix.begin(), [](unsigned char c) { return std::tolower(c); });
        if (prefix == "xml")
            return false;
    }
    return std::all_of(name.begin(), name.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-' || c == '.';
    });
}

// The weights file and what it already holds: shared by a model's writer and the writers of its bodies, so
// every Const of every body lands in the one .bin, identical blobs once.
struct WeightsOut {
    explicit WeightsOut(std::ostream& stream) : bin(stream) {}
    std::ostream& bin;
    uint64_t size = 0;
    std::map<std::pair<size_t, uint64_t>, std::vector<std::pair<uint64_t, const char*>>> blobs;
};

class Writer {
public:
    Writer(const ov::Model& model, std::ostream& bin)
        : m_model(model), m_own_weights(std::make_unique<WeightsOut>(bin)), m_weights(*m_own_weights) {}
    // A body of an op of another writer's model: its layers and edges go under that op's layer.
    Writer(const ov::Model& body, WeightsOut& weights) : m_model(body), m_weights(weights) {}

    void write(std::ostream& xml) {
        pugi::xml_document doc;
        auto net = doc.append_child("net");
        net.append_attribute("name").set_value(m_model.get_friendly_name().c_str());
        net.append_attribute("version").set_value(ir_version);
        collect_layers();
        auto layers = net.append_child("layers");
        for (size_t id = 0; id < m_layers.size(); ++id)
            write_layer(layers, *m_layers[id], id);
        write_edges(net.append_child("edges"));
        write_model_rt_info(net);
        doc.save(xml, "\t", pugi::format_indent, pugi::encoding_utf8);
    }

    // The layers and edges of a body, under `element` (<body>, <then_body>, <else_body>).
    void write_body(pugi::xml_node element) {
        collect_layers();
        auto layers = element.append_child("layers");
        for (size_t id = 0; id < m_layers.size(); ++id)
            write_layer(layers, *m_layers[id], id);
        write_edges(element.append_child("edges"));
    }

    size_t id_of(const ov::Node* node) const { return m_ids.at(node); }

private:
    template <typename... Args>
    [[noreturn]] void fail(const Args&... args) const {
        throw ov::Exception(ov::detail::concat("Cannot write IR for model '", m_model.get_friendly_name(), "': ",
                                               args...));
    }

    static void write_slicing(pugi::xml_node entry, int64_t axis, int64_t start, int64_t end, int64_t stride,
                              int64_t part_size) {
        entry.append_attribute("axis").set_value(static_cast<long long>(axis));
        entry.append_attribute("start").set_value(static_cast<long long>(start));
        entry.append_attribute("end").set_value(static_cast<long long>(end));
        entry.append_attribute("stride").set_value(static_cast<long long>(stride));
        entry.append_attribute("part_size").set_value(static_cast<long long>(part_size));
    }

    // TensorIterator and Loop: <port_map>, <back_edges> and <body>; If: a port map and a body per branch.
    // External port ids are the layer's port ids (inputs first); internal ones the body's layer ids.
    void write_bodies(pugi::xml_node layer, const ov::op::util::MultiSubGraphOp& op) {
        using Op = ov::op::util::MultiSubGraphOp;
        const bool is_if = op.get_internal_subgraphs_size() == 2;
        const size_t input_count = op.get_input_size();
        pugi::xml_node back_edges;
        for (size_t b = 0; b < op.get_internal_subgraphs_size(); ++b) {
            const auto& body = op.get_function(b);
            if (!body)
                fail(op.get_type_name(), " '", op.get_friendly_name(), "' has no body ", b);
            Writer writer(*body, m_weights);
            auto port_map = layer.append_child(is_if ? (b == 0 ? "then_port_map" : "else_port_map") : "port_map");
            auto body_element = pugi::xml_node();
            // The body's ids exist once its layers are collected: write it into a detached element first.
            pugi::xml_document scratch;
            body_element = scratch.append_child(is_if ? (b == 0 ? "then_body" : "else_body") : "body");
            writer.write_body(body_element);
            const auto& parameters = body->get_parameters();
            const auto& results = body->get_results();
            for (const auto& d : op.get_input_descriptions(static_cast<int>(b))) {
                auto entry = port_map.append_child("input");
                entry.append_attribute("external_port_id").set_value(static_cast<unsigned long long>(d->m_input_index));
                entry.append_attribute("internal_layer_id")
                    .set_value(static_cast<unsigned long long>(writer.id_of(parameters.at(d->m_body_parameter_index).get())));
                if (const auto* slice = dynamic_cast<const Op::SliceInputDescription*>(d.get()))
                    write_slicing(entry, slice->m_axis, slice->m_start, slice->m_end, slice->m_stride, slice->m_part_size);
                if (const auto* merged = dynamic_cast<const Op::MergedInputDescription*>(d.get())) {
                    if (!back_edges)
                        back_edges = layer.append_child("back_edges");
                    auto edge = back_edges.append_child("edge");
                    edge.append_attribute("from-layer")
                        .set_value(static_cast<unsigned long long>(writer.id_of(results.at(merged->m_body_value_index).get())));
                    edge.append_attribute("to-layer")
                        .set_value(static_cast<unsigned long long>(writer.id_of(parameters.at(d->m_body_parameter_index).get())));
                }
            }
            for (const auto& d : op.get_output_descriptions(static_cast<int>(b))) {
                auto entry = port_map.append_child("output");
                entry.append_attribute("external_port_id")
                    .set_value(static_cast<unsigned long long>(input_count + d->m_output_index));
                entry.append_attribute("internal_layer_id")
                    .set_value(static_cast<unsigned long long>(writer.id_of(results.at(d->m_body_value_index).get())));
                if (const auto* concat = dynamic_cast<const Op::ConcatOutputDescription*>(d.get()))
                    write_slicing(entry, concat->m_axis, concat->m_start, concat->m_end, concat->m_stride,
                                  concat->m_part_size);
            }
            if (const auto* loop = dynamic_cast<const ov::op::v5::Loop*>(&op)) {
                const auto ports = loop->get_special_body_ports();
                if (ports.current_iteration_input_idx >= 0) {
                    auto entry = port_map.append_child("input");
                    entry.append_attribute("external_port_id").set_value(-1);
                    entry.append_attribute("internal_layer_id").set_value(static_cast<unsigned long long>(
                        writer.id_of(parameters.at(static_cast<size_t>(ports.current_iteration_input_idx)).get())));
                    entry.append_attribute("purpose").set_value("current_iteration");
                }
                if (ports.body_condition_output_idx >= 0) {
                    auto entry = port_map.append_child("output");
                    entry.append_attribute("external_port_id").set_value(-1);
                    entry.append_attribute("internal_layer_id").set_value(static_cast<unsigned long long>(
                        writer.id_of(results.at(static_cast<size_t>(ports.body_condition_output_idx)).get())));
                    entry.append_attribute("purpose").set_value("execution_condition");
                }
            }
            layer.append_copy(body_element);
        }
    }

    // Parameters and Results keep the model's order, sinks follow the ops; the rest in topological order.
    void collect_layers() {
        std::unordered_set<const ov::Node*> io;
        for (const auto& p : m_model.get_parameters())
            io.insert(p.get());
        for (const auto& r : m_model.get_results())
            io.insert(r.get());
        for (const auto& s : m_model.get_sinks())
            io.insert(s.get());
        for (const auto& p : m_model.get_parameters())
            add_layer(p);
        for (const auto& op : m_model.get_ordered_ops())
            if (!io.count(op.get()))
                add_layer(op);
        for (const auto& s : m_model.get_sinks())
            add_layer(s);
        for (const auto& r : m_model.get_results())
            add_layer(r);
    }

    void add_layer(const std::shared_ptr<ov::Node>& node) {
        if (m_ids.emplace(node.get(), m_layers.size()).second)
            m_layers.push_back(node);
    }

    uint64_t write_constant_data(const ov::op::v0::Constant& constant) {
        const size_t size = constant.get_byte_size();
        const auto* data = static_cast<const char*>(constant.get_data_ptr());
        if (size == 0)
            return m_weights.size;
        uint64_t hash = 1469598103934665603ull;  // FNV-1a: cheap enough to find identical blobs
        for (size_t i = 0; i < size; ++i)
            hash = (hash ^ static_cast<unsigned char>(data[i])) * 1099511628211ull;
        auto& candidates = m_weights.blobs[{size, hash}];
        for (const auto& blob : candidates)
            if (std::memcmp(blob.second, data, size) == 0)
                return blob.first;
        const uint64_t offset = m_weights.size;
        m_weights.bin.write(data, static_cast<std::streamsize>(size));
        if (!m_weights.bin)
            fail("writing ", size, " bytes of Const '", constant.get_friendly_name(), "' to the weights failed");
        m_weights.size += size;
        candidates.emplace_back(offset, data);
        return offset;
    }

    void write_rt_info(pugi::xml_node parent, const ov::RTMap& rt_info) {
        pugi::xml_node section;
        for (const auto& entry : rt_info) {
            std::string value;
            if (!any_to_string(entry.second, value))
                continue;  // a value with no text form cannot travel in an IR
            if (!section)
                section = parent.append_child("rt_info");
            auto attribute = section.append_child("attribute");
            attribute.append_attribute("name").set_value(entry.first.c_str());
            attribute.append_attribute("version").set_value("0");
            // OpenVINO's layout attribute carries its value under its own name; flags such as
            // "decompression" carry none.
            if (!value.empty())
                attribute.append_attribute(entry.first == "layout" ? "layout" : "value").set_value(value.c_str());
        }
    }

    static void write_dims(pugi::xml_node port, const ov::PartialShape& shape) {
        if (!shape.rank_is_static())
            return;
        for (const auto& d : shape) {
            const std::string text = d.is_static() ? std::to_string(d.get_length()) : "-1";
            port.append_child("dim").append_child(pugi::node_pcdata).set_value(text.c_str());
        }
    }

    void write_layer(pugi::xml_node layers, ov::Node& node, size_t id) {
        auto layer = layers.append_child("layer");
        layer.append_attribute("id").set_value(static_cast<unsigned long long>(id));
        layer.append_attribute("name").set_value(node.get_friendly_name().c_str());
        layer.append_attribute("type").set_value(ir_type_from_class(node.get_type_name()).c_str());
        layer.append_attribute("version").set_value(node.get_type_info().get_version().c_str());

        auto data = layer.append_child("data");
        if (auto* constant = ov::as_type<ov::op::v0::Constant>(&node)) {
            const uint64_t offset = write_constant_data(*constant);
            data.append_attribute("element_type").set_value(constant->get_element_type().get_type_name().c_str());
            data.append_attribute("shape").set_value(shape_attribute(ov::PartialShape(constant->get_shape())).c_str());
            data.append_attribute("offset").set_value(static_cast<unsigned long long>(offset));
            data.append_attribute("size").set_value(static_cast<unsigned long long>(constant->get_byte_size()));
        } else if (auto* parameter = ov::as_type<ov::op::v0::Parameter>(&node)) {
            data.append_attribute("shape").set_value(shape_attribute(parameter->get_partial_shape()).c_str());
            data.append_attribute("element_type").set_value(parameter->get_element_type().get_type_name().c_str());
        } else {
            try {
                DataAttributeWriter visitor(data);
                node.visit_attributes(visitor);
            } catch (const std::exception& e) {
                fail(node.get_type_name(), " '", node.get_friendly_name(), "': its attributes cannot be written: ",
                     e.what());
            }
        }
        if (!data.first_attribute())
            layer.remove_child(data);

        write_rt_info(layer, node.get_rt_info());

        const size_t input_count = node.get_input_size();
        if (input_count > 0) {
            auto inputs = layer.append_child("input");
            for (size_t i = 0; i < input_count; ++i) {
                auto port = inputs.append_child("port");
                port.append_attribute("id").set_value(static_cast<unsigned long long>(i));
                port.append_attribute("precision").set_value(precision_name(node.get_input_element_type(i)).c_str());
                write_dims(port, node.get_input_partial_shape(i));
                write_rt_info(port, node.input(i).get_rt_info());
            }
        }
        if (node.get_output_size() > 0 && !ov::is_type<ov::op::v0::Result>(&node)) {
            auto outputs = layer.append_child("output");
            for (size_t i = 0; i < node.get_output_size(); ++i) {
                auto output = node.output(i);
                auto port = outputs.append_child("port");
                port.append_attribute("id").set_value(static_cast<unsigned long long>(input_count + i));
                port.append_attribute("precision").set_value(precision_name(output.get_element_type()).c_str());
                const std::string names = join_tensor_names(output.get_names());
                if (!names.empty())
                    port.append_attribute("names").set_value(names.c_str());
                write_dims(port, output.get_partial_shape());
                write_rt_info(port, output.get_rt_info());
            }
        }
        if (const auto* multi = dynamic_cast<const ov::op::util::MultiSubGraphOp*>(&node))
            write_bodies(layer, *multi);
    }

    void write_edges(pugi::xml_node edges) {
        struct Edge {
            size_t from_layer, from_port, to_layer, to_port;
        };
        std::vector<Edge> list;
        for (size_t id = 0; id < m_layers.size(); ++id) {
            const auto& node = m_layers[id];
            for (size_t i = 0; i < node->get_input_size(); ++i) {
                const auto source = node->input_value(i);
                const auto found = m_ids.find(source.get_node());
                if (found == m_ids.end())
                    fail(node->get_type_name(), " '", node->get_friendly_name(), "' reads ",
                         source.get_node()->get_type_name(), " '", source.get_node()->get_friendly_name(),
                         "', which is not part of the model");
                list.push_back({found->second, source.get_node()->get_input_size() + source.get_index(), id, i});
            }
        }
        std::stable_sort(list.begin(), list.end(), [](const Edge& a, const Edge& b) { return a.from_layer < b.from_layer; });
        for (const auto& e : list) {
            auto edge = edges.append_child("edge");
            edge.append_attribute("from-layer").set_value(static_cast<unsigned long long>(e.from_layer));
            edge.append_attribute("from-port").set_value(static_cast<unsigned long long>(e.from_port));
            edge.append_attribute("to-layer").set_value(static_cast<unsigned long long>(e.to_layer));
            edge.append_attribute("to-port").set_value(static_cast<unsigned long long>(e.to_port));
        }
    }

    static void write_meta(pugi::xml_node parent, const std::string& key, const ov::Any& value) {
        pugi::xml_node element;
        if (is_xml_name(key)) {
            element = parent.append_child(key.c_str());
        } else {
            element = parent.append_child("info");
            element.append_attribute("name").set_value(key.c_str());
        }
        if (value.is<ov::AnyMap>()) {
            for (const auto& entry : value.as<ov::AnyMap>())
                write_meta(element, entry.first, entry.second);
            return;
        }
        std::string text;
        if (!any_to_string(value, text)) {
            parent.remove_child(element);
            return;
        }
        element.append_attribute("value").set_value(text.c_str());
    }

    void write_model_rt_info(pugi::xml_node net) {
        const auto& rt_info = m_model.get_rt_info();
        pugi::xml_node section;
        for (const auto& entry : rt_info) {
            // The reader records the IR version it read; the written file has its own.
            if (entry.first == "version")
                continue;
            if (!section)
                section = net.append_child("rt_info");
            write_meta(section, entry.first, entry.second);
        }
    }

    const ov::Model& m_model;
    std::unique_ptr<WeightsOut> m_own_weights;  // the model's writer owns them; body writers borrow
    WeightsOut& m_weights;
    std::vector<std::shared_ptr<ov::Node>> m_layers;
    std::unordered_map<const ov::Node*, size_t> m_ids;
};

}  // namespace

void write_model_to_streams(const ov::Model& model, std::ostream& xml, std::ostream& bin) {
    Writer writer(model, bin);
    writer.write(xml);
    if (!xml)
        OPENVINO_THROW("Cannot write IR for model '", model.get_friendly_name(), "': writing the XML text failed");
    if (!bin)
        OPENVINO_THROW("Cannot write IR for model '", model.get_friendly_name(), "': writing the weights failed");
}

void write_model(const ov::Model& model, const std::string& xml_path, const std::string& bin_path) {
    const std::string weights_path = bin_path.empty() ? default_bin_path(xml_path) : bin_path;
    std::ofstream bin(weights_path, std::ios::binary | std::ios::trunc);
    if (!bin)
        OPENVINO_THROW("Cannot write IR '", xml_path, "': the weights file '", weights_path,
                       "' cannot be opened for writing");
    std::ofstream xml(xml_path, std::ios::binary | std::ios::trunc);
    if (!xml)
        OPENVINO_THROW("Cannot write IR '", xml_path, "': the file cannot be opened for writing");
    write_model_to_streams(model, xml, bin);
    xml.close();
    bin.close();
    if (!xml)
        OPENVINO_THROW("Cannot write IR '", xml_path, "': writing the file failed");
    if (!bin)
        OPENVINO_THROW("Cannot write IR '", xml_path, "': writing the weights file '", weights_path, "' failed");
}

}  // namespace ir
}  // namespace devmux
