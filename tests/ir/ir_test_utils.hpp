// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers shared by the IR tests: the real model list, temporary directories, file IO and a graph
// comparison that does not go through the IR code under test.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/util/variable_extension.hpp"

namespace devmux_ir_test {

namespace fs = std::filesystem;

inline fs::path models_dir() { return fs::path(DEVMUX_MODELS_DIR); }

/// Every .xml under the shared models folder, sorted.
inline std::vector<std::string> all_model_xmls() {
    std::vector<std::string> paths;
    std::error_code error;
    for (fs::recursive_directory_iterator it(models_dir(), error), end; !error && it != end; it.increment(error))
        if (it->is_regular_file() && it->path().extension() == ".xml")
            paths.push_back(it->path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

/// The real OpenVINO IR models that applications ship (DEVMUX_REAL_IR_MODELS_DIR, one folder per model:
/// <name>/<name>.xml), sorted.
inline std::vector<std::string> real_ir_model_xmls() {
    std::vector<std::string> paths;
    std::error_code error;
    for (fs::directory_iterator it(fs::path(DEVMUX_REAL_IR_MODELS_DIR), error), end; !error && it != end;
         it.increment(error)) {
        const fs::path xml = it->path() / (it->path().filename().string() + ".xml");
        if (it->is_directory() && fs::exists(xml))
            paths.push_back(xml.string());
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

/// A gtest-safe name for a model path: its path below the models folder with separators as '_'.
inline std::string model_test_name(const std::string& path) {
    const fs::path real_ir_models(DEVMUX_REAL_IR_MODELS_DIR);
    const bool real_ir_model = fs::path(path).parent_path().parent_path() == real_ir_models;
    std::string relative = real_ir_model ? fs::path(path).stem().string() : fs::relative(path, models_dir()).string();
    std::string name;
    for (char c : relative)
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

using devmux_test::TempDir;

inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    ASSERT_TRUE(out.good()) << path;
}

inline void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << path;
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

inline std::vector<uint8_t> read_bytes(const std::string& path) {
    const std::string text = read_text(path);
    return std::vector<uint8_t>(text.begin(), text.end());
}

/// Records the text of every attribute an op visits.
using devmux_test::attributes_of;

/// rt_info as printed text, the form the IR keeps it in.
inline std::map<std::string, std::string> rt_text(const ov::RTMap& rt_info) {
    std::map<std::string, std::string> out;
    for (const auto& entry : rt_info) {
        std::ostringstream os;
        if (entry.second.is<ov::AnyMap>()) {
            for (const auto& nested : rt_text(entry.second.as<ov::AnyMap>()))
                os << nested.first << "=" << nested.second << ";";
        } else {
            entry.second.print(os);
        }
        out[entry.first] = os.str();
    }
    return out;
}

inline std::string where(const ov::Node& node) {
    return std::string(node.get_type_name()) + " '" + node.get_friendly_name() + "'";
}

/// Asserts (non-fatally) that two models have the same graph: ops in the same topological order with the
/// same type, version, friendly name, attributes, connections, output types, shapes, tensor names, rt_info
/// and constant bytes; the same Parameters, Results, sinks, variables and model rt_info (except the IR
/// "version" entry, which records the file read rather than the graph).
inline void expect_same_graph(const ov::Model& expected, const ov::Model& actual) {
    const auto a = expected.get_ordered_ops();
    const auto b = actual.get_ordered_ops();
    ASSERT_EQ(a.size(), b.size());
    std::unordered_map<const ov::Node*, size_t> index_a, index_b;
    for (size_t i = 0; i < a.size(); ++i) {
        index_a[a[i].get()] = i;
        index_b[b[i].get()] = i;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        ov::Node& x = *a[i];
        ov::Node& y = *b[i];
        SCOPED_TRACE("op " + std::to_string(i) + ": " + where(x));
        EXPECT_STREQ(x.get_type_name(), y.get_type_name());
        EXPECT_EQ(x.get_type_info().get_version(), y.get_type_info().get_version());
        EXPECT_EQ(x.get_friendly_name(), y.get_friendly_name());
        EXPECT_EQ(attributes_of(x), attributes_of(y));
        EXPECT_EQ(rt_text(x.get_rt_info()), rt_text(y.get_rt_info()));
        ASSERT_EQ(x.get_input_size(), y.get_input_size());
        for (size_t j = 0; j < x.get_input_size(); ++j) {
            EXPECT_EQ(index_a.at(x.input_value(j).get_node()), index_b.at(y.input_value(j).get_node()))
                << "input " << j;
            EXPECT_EQ(x.input_value(j).get_index(), y.input_value(j).get_index()) << "input " << j;
            EXPECT_EQ(rt_text(x.input(j).get_rt_info()), rt_text(y.input(j).get_rt_info())) << "input " << j;
        }
        ASSERT_EQ(x.get_output_size(), y.get_output_size());
        for (size_t j = 0; j < x.get_output_size(); ++j) {
            EXPECT_EQ(x.get_output_element_type(j), y.get_output_element_type(j)) << "output " << j;
            EXPECT_EQ(x.get_output_partial_shape(j), y.get_output_partial_shape(j)) << "output " << j;
            EXPECT_EQ(x.output(j).get_names(), y.output(j).get_names()) << "output " << j;
            EXPECT_EQ(rt_text(x.output(j).get_rt_info()), rt_text(y.output(j).get_rt_info())) << "output " << j;
        }
        if (auto cx = ov::as_type_ptr<ov::op::v0::Constant>(a[i])) {
            auto cy = ov::as_type_ptr<ov::op::v0::Constant>(b[i]);
            ASSERT_TRUE(cy);
            EXPECT_EQ(cx->get_element_type(), cy->get_element_type());
            EXPECT_EQ(cx->get_shape(), cy->get_shape());
            ASSERT_EQ(cx->get_byte_size(), cy->get_byte_size());
            EXPECT_EQ(0, std::memcmp(cx->get_data_ptr(), cy->get_data_ptr(), cx->get_byte_size()))
                << "constant bytes differ";
        }
        auto* vx = dynamic_cast<ov::op::util::VariableExtension*>(&x);
        auto* vy = dynamic_cast<ov::op::util::VariableExtension*>(&y);
        ASSERT_EQ(vx == nullptr, vy == nullptr);
        if (vx) {
            EXPECT_EQ(vx->get_variable_id(), vy->get_variable_id());
        }
    }
    ASSERT_EQ(expected.get_parameters().size(), actual.get_parameters().size());
    for (size_t i = 0; i < expected.get_parameters().size(); ++i)
        EXPECT_EQ(index_a.at(expected.get_parameters()[i].get()), index_b.at(actual.get_parameters()[i].get()))
            << "parameter " << i;
    ASSERT_EQ(expected.get_results().size(), actual.get_results().size());
    for (size_t i = 0; i < expected.get_results().size(); ++i)
        EXPECT_EQ(index_a.at(expected.get_results()[i].get()), index_b.at(actual.get_results()[i].get()))
            << "result " << i;
    ASSERT_EQ(expected.get_sinks().size(), actual.get_sinks().size());
    for (size_t i = 0; i < expected.get_sinks().size(); ++i)
        EXPECT_EQ(index_a.at(expected.get_sinks()[i].get()), index_b.at(actual.get_sinks()[i].get()))
            << "sink " << i;
    ASSERT_EQ(expected.get_variables().size(), actual.get_variables().size());
    for (size_t i = 0; i < expected.get_variables().size(); ++i)
        EXPECT_EQ(expected.get_variables()[i]->get_info().variable_id,
                  actual.get_variables()[i]->get_info().variable_id);
    auto model_rt_a = rt_text(expected.get_rt_info());
    auto model_rt_b = rt_text(actual.get_rt_info());
    model_rt_a.erase("version");
    model_rt_b.erase("version");
    EXPECT_EQ(model_rt_a, model_rt_b);
    EXPECT_EQ(expected.get_friendly_name(), actual.get_friendly_name());
}

}  // namespace devmux_ir_test
