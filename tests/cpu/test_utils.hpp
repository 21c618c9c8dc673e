// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the CPU plugin tests: seeded random tensors, the comparison metric, a minimal JSON
// reader for the models' ref/*.json files, and running a model through the plugin classes directly.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/kit/model_io.hpp"
#include "openvino/core/model.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/tensor.hpp"
#include "plugin.hpp"

namespace cpu_test {

inline std::string models_dir() { return DEVMUX_MODELS_DIR; }

/// Uniform values in [lo, hi) from a fixed seed: reproducible and never all zeros.
inline ov::Tensor random_tensor(const ov::Shape& shape, unsigned seed, float lo = -1.0f, float hi = 1.0f) {
    ov::Tensor t(ov::element::f32, shape);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    float* p = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i)
        p[i] = dist(gen);
    return t;
}

/// Random bytes of any element type from a fixed seed, for kernels that only move elements (a boolean's bytes
/// kept to 0 or 1).
inline ov::Tensor random_bytes(ov::element::Type type, const ov::Shape& shape, unsigned seed) {
    ov::Tensor t(type, shape);
    std::mt19937 gen(seed);
    auto* p = static_cast<unsigned char*>(t.data());
    for (size_t i = 0; i < t.get_byte_size(); ++i)
        p[i] = static_cast<unsigned char>(gen());
    if (type == ov::element::boolean)
        for (size_t i = 0; i < t.get_byte_size(); ++i)
            p[i] &= 1;
    return t;
}

inline std::vector<float> to_floats(const ov::Tensor& t) {
    std::vector<float> out(t.get_size());
    if (t.get_element_type() == ov::element::f32) {
        std::memcpy(out.data(), t.data(), t.get_byte_size());
    } else if (t.get_element_type() == ov::element::f16) {
        const auto* p = static_cast<const ov::float16*>(t.data());
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = static_cast<float>(p[i]);
    } else {
        ADD_FAILURE() << "to_floats: unexpected element type " << t.get_element_type();
    }
    return out;
}

/// The metric every numerical test here uses: max |a - b| / max(max |b|, 1e-3), b the reference.
/// Relative to the largest reference magnitude, so tiny entries do not blow it up.
inline double max_rel_diff(const std::vector<float>& actual, const std::vector<float>& expected) {
    EXPECT_EQ(actual.size(), expected.size());
    double diff = 0, scale = 1e-3;
    for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i) {
        if (std::isnan(actual[i]) != std::isnan(expected[i]))
            return INFINITY;
        diff = std::max(diff, static_cast<double>(std::fabs(actual[i] - expected[i])));
        scale = std::max(scale, static_cast<double>(std::fabs(expected[i])));
    }
    return diff / scale;
}

inline std::vector<float> read_f32_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    if (!in.good())
        return {};
    const auto size = static_cast<size_t>(in.tellg());
    std::vector<float> data(size / sizeof(float));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(float)));
    return data;
}

/// A tensor of the port's type (f32 or f16) holding `values`.
inline ov::Tensor tensor_for(const ov::element::Type& type, const ov::Shape& shape, const std::vector<float>& values) {
    ov::Tensor t(type, shape);
    EXPECT_EQ(t.get_size(), values.size()) << "for shape " << shape;
    if (type == ov::element::f32) {
        std::memcpy(t.data(), values.data(), std::min(t.get_byte_size(), values.size() * sizeof(float)));
    } else if (type == ov::element::f16) {
        auto* p = static_cast<ov::float16*>(t.data());
        for (size_t i = 0; i < std::min(t.get_size(), values.size()); ++i)
            p[i] = ov::float16(values[i]);
    } else {
        ADD_FAILURE() << "tensor_for: unexpected element type " << type;
    }
    return t;
}

// ---- a minimal JSON reader (objects, arrays, strings, numbers, literals) for ref/*.json ----

struct Json {
    enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
    double number = 0;
    std::string text;
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> members;

    const Json& operator[](const std::string& key) const {
        for (const auto& m : members)
            if (m.first == key)
                return m.second;
        static const Json null_value;
        return null_value;
    }
};

class JsonParser {
public:
    explicit JsonParser(const std::string& s) : m_s(s) {}
    Json parse() {
        Json v = value();
        skip();
        if (m_pos != m_s.size())
            fail("trailing text");
        return v;
    }

private:
    void fail(const char* why) { throw std::runtime_error(std::string("JSON: ") + why + " at " + std::to_string(m_pos)); }
    void skip() {
        while (m_pos < m_s.size() && std::isspace(static_cast<unsigned char>(m_s[m_pos])))
            ++m_pos;
    }
    char peek() {
        skip();
        if (m_pos >= m_s.size())
            fail("unexpected end");
        return m_s[m_pos];
    }
    void expect(char c) {
        if (peek() != c)
            fail("unexpected character");
        ++m_pos;
    }
    std::string string_value() {
        expect('"');
        std::string out;
        while (m_pos < m_s.size() && m_s[m_pos] != '"') {
            char c = m_s[m_pos++];
            if (c == '\\') {
                if (m_pos >= m_s.size())
                    fail("bad escape");
                const char e = m_s[m_pos++];
                c = e == 'n' ? '\n' : e == 't' ? '\t' : e;  // \uXXXX does not occur in the ref files
            }
            out += c;
        }
        expect('"');
        return out;
    }
    Json value() {
        Json v;
        const char c = peek();
        if (c == '{') {
            ++m_pos;
            v.kind = Json::Kind::object;
            if (peek() == '}') {
                ++m_pos;
                return v;
            }
            for (;;) {
                std::string key = string_value();
                expect(':');
                v.members.emplace_back(key, value());
                if (peek() == ',') {
                    ++m_pos;
                    continue;
                }
                expect('}');
                return v;
            }
        }
        if (c == '[') {
            ++m_pos;
            v.kind = Json::Kind::array;
            if (peek() == ']') {
                ++m_pos;
                return v;
            }
            for (;;) {
                v.items.push_back(value());
                if (peek() == ',') {
                    ++m_pos;
                    continue;
                }
                expect(']');
                return v;
            }
        }
        if (c == '"') {
            v.kind = Json::Kind::string;
            v.text = string_value();
            return v;
        }
        for (const char* literal : {"true", "false", "null"}) {
            if (m_s.compare(m_pos, std::strlen(literal), literal) == 0) {
                m_pos += std::strlen(literal);
                v.kind = literal[0] == 'n' ? Json::Kind::null : Json::Kind::boolean;
                v.number = literal[0] == 't' ? 1 : 0;
                return v;
            }
        }
        size_t used = 0;
        v.kind = Json::Kind::number;
        v.number = std::stod(m_s.substr(m_pos, 64), &used);
        m_pos += used;
        return v;
    }

    const std::string& m_s;
    size_t m_pos = 0;
};

inline Json read_json(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return JsonParser(text).parse();
}

// ---- running models through the plugin classes ----

inline std::shared_ptr<devmux::cpu::Plugin> make_plugin() { return std::make_shared<devmux::cpu::Plugin>(); }

inline std::shared_ptr<ov::Model> read_model(const std::string& relative_xml) {
    return devmux::kit::read_ir(models_dir() + "/" + relative_xml);
}

/// The compiled model's input whose tensor names include `name`, else whose node is named `name`.
inline size_t find_input(const devmux::ICompiledModel& compiled, const std::string& name) {
    const auto& inputs = compiled.inputs();
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].get_names().count(name) || inputs[i].get_node()->get_friendly_name() == name)
            return i;
    ADD_FAILURE() << "no input named " << name;
    return 0;
}

/// The compiled model's output for a ref.json name such as "prob/sink_port_0": the Result's friendly
/// name, else a tensor name equal to it or to its part before "/sink_port_".
inline size_t find_output(const devmux::ICompiledModel& compiled, const std::string& name) {
    const auto& outputs = compiled.outputs();
    const std::string stem = name.substr(0, name.find("/sink_port_"));
    for (size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i].get_node()->get_friendly_name() == name)
            return i;
    for (size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i].get_names().count(name) || outputs[i].get_names().count(stem))
            return i;
    ADD_FAILURE() << "no output named " << name;
    return 0;
}

/// The model's outputs computed by walking its graph and calling every node's reference evaluate():
/// no plugin, no folding, no precision change. The oracle for whole-model comparisons.
inline std::vector<ov::Tensor> reference_outputs(const ov::Model& model, const std::vector<ov::Tensor>& inputs) {
    std::map<std::pair<const ov::Node*, size_t>, ov::Tensor> values;
    const auto& parameters = model.get_parameters();
    EXPECT_EQ(parameters.size(), inputs.size());
    for (size_t i = 0; i < parameters.size() && i < inputs.size(); ++i)
        values[{parameters[i].get(), 0}] = inputs[i];
    for (const auto& node : model.get_ordered_ops()) {
        if (values.count({node.get(), 0}))
            continue;  // a Parameter
        ov::TensorVector in;
        for (const auto& value : node->input_values())
            in.push_back(values.at({value.get_node(), value.get_index()}));
        if (ov::is_type<ov::op::v0::Result>(node)) {
            values[{node.get(), 0}] = in.at(0);
            continue;
        }
        ov::TensorVector out;
        for (size_t i = 0; i < node->get_output_size(); ++i)
            out.emplace_back(node->get_output_element_type(i), node->get_output_shape(i));
        EXPECT_TRUE(node->evaluate(out, in)) << *node;
        for (size_t i = 0; i < out.size(); ++i)
            values[{node.get(), i}] = out[i];
    }
    std::vector<ov::Tensor> outputs;
    for (const auto& result : model.get_results())
        outputs.push_back(values.at({result.get(), 0}));
    return outputs;
}

}  // namespace cpu_test
