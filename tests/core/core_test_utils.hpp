// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <dlfcn.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/tensor.hpp"

namespace core_test {

namespace fs = std::filesystem;

inline std::string lib_dir() {
    return DEVMUX_BUILD_LIB_DIR;
}
inline std::string test_plugin_path() {
    return lib_dir() + "/libdevmux_test_plugin.so";
}
inline std::string wrong_version_path() {
    return lib_dir() + "/libdevmux_test_wrong_version.so";
}
inline std::string broken_library_path() {
    return lib_dir() + "/libdevmux_test_broken.so";
}

using devmux_test::TempDir;

inline void write_file(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// A copy of the test plugin under a new file name: a library of its own for the dynamic loader, so a
/// test can tell whether *this* copy is loaded whatever other tests in the process did.
inline std::string copy_test_plugin(const std::string& destination) {
    fs::create_directories(fs::path(destination).parent_path());
    fs::copy_file(test_plugin_path(), destination, fs::copy_options::overwrite_existing);
    return destination;
}

/// A unique library file name, so that copies made by different tests never share a loader entry.
inline std::string unique_library_name(const std::string& stem) {
    static std::atomic<int> counter{0};
    return "lib" + stem + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".so";
}

/// True when the library at @p path is loaded in this process (it is not loaded by the check).
inline bool is_loaded(const std::string& path) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD);
    if (!handle)
        return false;
    dlclose(handle);
    return true;
}

/// <ie><plugins>...</plugins></ie> around the given <plugin> elements.
inline std::string plugins_xml(const std::string& plugin_elements) {
    return "<ie>\n  <plugins>\n" + plugin_elements + "  </plugins>\n</ie>\n";
}

inline std::string plugin_element(const std::string& name, const std::string& location,
                                  const std::vector<std::pair<std::string, std::string>>& properties = {}) {
    std::string text = "    <plugin name=\"" + name + "\" location=\"" + location + "\">\n";
    if (!properties.empty()) {
        text += "      <properties>\n";
        for (const auto& kv : properties)
            text += "        <property key=\"" + kv.first + "\" value=\"" + kv.second + "\"/>\n";
        text += "      </properties>\n";
    }
    return text + "    </plugin>\n";
}

/// out = relu(a + b) * c, every port f32 {2, 3}; tensor names "a", "b", "c" and "out".
inline std::shared_ptr<ov::Model> make_model() {
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    auto b = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    auto c = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    a->output(0).set_names({"a"});
    b->output(0).set_names({"b"});
    c->output(0).set_names({"c"});
    a->set_friendly_name("a");
    b->set_friendly_name("b");
    c->set_friendly_name("c");
    auto sum = std::make_shared<ov::op::v1::Add>(a, b);
    sum->set_friendly_name("sum");
    auto relu = std::make_shared<ov::op::v0::Relu>(sum);
    relu->set_friendly_name("relu");
    auto product = std::make_shared<ov::op::v1::Multiply>(relu, c);
    product->set_friendly_name("product");
    product->output(0).set_names({"out"});
    auto result = std::make_shared<ov::op::v0::Result>(product);
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{a, b, c}, "relu_sum_product");
}

/// out = x + 1 with one input "x" and one output "y", f32 {4}.
inline std::shared_ptr<ov::Model> make_single_io_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{4});
    x->output(0).set_names({"x"});
    auto one = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1}, {1.0f});
    auto sum = std::make_shared<ov::op::v1::Add>(x, one);
    sum->output(0).set_names({"y"});
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sum)},
                                       ov::ParameterVector{x}, "increment");
}

/// A running sum: out = state + x, state = out. Variable "acc" f32 {1, 2}, initial value {0.5, -1.5}.
inline std::shared_ptr<ov::Model> make_stateful_model() {
    auto variable = std::make_shared<ov::op::util::Variable>(
        ov::op::util::VariableInfo{ov::PartialShape{1, 2}, ov::element::f32, "acc"});
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 2}, {0.5f, -1.5f});
    auto read = std::make_shared<ov::op::v6::ReadValue>(init, variable);
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 2});
    x->output(0).set_names({"x"});
    auto sum = std::make_shared<ov::op::v1::Add>(read, x);
    sum->output(0).set_names({"sum"});
    auto assign = std::make_shared<ov::op::v6::Assign>(sum, variable);
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sum)},
                                       ov::SinkVector{assign}, ov::ParameterVector{x},
                                       ov::op::util::VariableVector{variable}, "summator");
}

/// A tensor of seeded random values in [-2, 2) (never all zeros).
inline ov::Tensor random_tensor(const ov::Shape& shape, unsigned seed) {
    return devmux_test::random_f32(shape, seed, -2.0f, 2.0f);
}

/// relu(a + b) * c computed element by element, the reference for make_model().
inline std::vector<float> reference_output(const ov::Tensor& a, const ov::Tensor& b, const ov::Tensor& c) {
    std::vector<float> out(a.get_size());
    for (size_t i = 0; i < out.size(); ++i) {
        const float s = a.data<float>()[i] + b.data<float>()[i];
        out[i] = (s > 0.0f ? s : 0.0f) * c.data<float>()[i];
    }
    return out;
}

}  // namespace core_test
