// SPDX-License-Identifier: Apache-2.0
// Hostile ONNX files (issue 27): tensor data shorter (or longer) than its shape, external data that runs past
// its file, names a length other than the shape's or leaves the model's folder, and shapes no machine could
// hold (a graph input, or a node's output inferred from constants) each get an ov::Exception naming the
// tensor or node and what is wrong, before anything is allocated.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"

namespace {
namespace fs = std::filesystem;
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

// y = x + w over [2, 3]; w is an initializer of 6 floats stored as raw bytes.
onnx::ModelProto add_model() {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    graph.set_name("hostile");
    add_input(graph, "x", {2, 3});
    auto* w = add_initializer(graph, "w", {2, 3});
    const float values[6] = {0.5f, -1.f, 2.f, 0.25f, 3.f, -0.75f};
    w->set_raw_data(std::string(reinterpret_cast<const char*>(values), sizeof values));
    add_node(graph, "Add", {"x", "w"}, {"y"}, "sum");
    add_output(graph, "y");
    return model;
}

std::string write_model(const devmux_test::TempDir& dir, const std::string& name, const onnx::ModelProto& model) {
    return write_file(dir.file(name), bytes_of(model));
}

// The initializer 'w' moved to `file` (written with `file_bytes` bytes) with the given external data entries.
onnx::ModelProto with_external_w(const devmux_test::TempDir& dir, const std::string& file, size_t file_bytes,
                                 const std::vector<std::pair<std::string, std::string>>& entries) {
    std::ofstream(dir.file(file), std::ios::binary) << std::string(file_bytes, '\x01');
    auto model = add_model();
    auto* w = model.mutable_graph()->mutable_initializer(0);
    w->clear_raw_data();
    w->set_data_location(onnx::TensorProto::EXTERNAL);
    for (const auto& [key, value] : entries) {
        auto* entry = w->add_external_data();
        entry->set_key(key);
        entry->set_value(value);
    }
    return model;
}

// The error reading (from a file in `dir`) the model of with_external_w(dir, "w.bin", file_bytes, entries).
std::string external_w_error(ov::Core& core, const devmux_test::TempDir& dir, size_t file_bytes,
                             const std::vector<std::pair<std::string, std::string>>& entries) {
    const auto model = with_external_w(dir, "w.bin", file_bytes, entries);
    return error_of([&] { core.read_model(write_model(dir, "external.onnx", model)); });
}

TEST(OnnxHostileInput, RawDataShorterOrLongerThanItsShapeIsRefusedNamingTheTensorAndTheBytes) {
    ov::Core core;
    auto shorter = add_model();
    auto* w = shorter.mutable_graph()->mutable_initializer(0);
    w->set_raw_data(w->raw_data().substr(0, 20));
    const std::string error = error_of([&] { core.read_model(bytes_of(shorter), ov::Tensor()); });
    EXPECT_THAT(error, HasSubstr("tensor 'w'"));
    EXPECT_THAT(error, HasSubstr("holds 20 bytes of raw data for 6 elements"));
    EXPECT_THAT(error, HasSubstr("24 bytes"));

    auto longer = add_model();
    longer.mutable_graph()->mutable_initializer(0)->mutable_raw_data()->append(4, '\0');
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(longer), ov::Tensor()); }),
                HasSubstr("holds 28 bytes of raw data for 6 elements"));
}

TEST(OnnxHostileInput, ExternalDataPastTheEndOfItsFileIsRefusedNamingFileOffsetAndBytes) {
    devmux_test::TempDir dir;
    ov::Core core;
    // 24 bytes needed at offset 8 of a 30-byte file.
    const std::string error = external_w_error(core, dir, 30, {{"location", "w.bin"}, {"offset", "8"}});
    EXPECT_THAT(error, HasSubstr("tensor 'w'"));
    EXPECT_THAT(error, HasSubstr("has 30 bytes, too few for 24 bytes at offset 8"));

    // An offset near 2^64, where offset + bytes would wrap around.
    EXPECT_THAT(external_w_error(core, dir, 30, {{"location", "w.bin"}, {"offset", "18446744073709551610"}}),
                HasSubstr("too few for 24 bytes at offset 18446744073709551610"));
}

TEST(OnnxHostileInput, ExternalDataOfTheWrongLengthOrWithoutANumberIsRefused) {
    devmux_test::TempDir dir;
    ov::Core core;
    const std::string error = external_w_error(core, dir, 64, {{"location", "w.bin"}, {"length", "16"}});
    EXPECT_THAT(error, HasSubstr("tensor 'w'"));
    EXPECT_THAT(error, HasSubstr("external data length 16 is not the 24 bytes"));

    EXPECT_THAT(external_w_error(core, dir, 64, {{"location", "w.bin"}, {"offset", "eight"}}),
                HasSubstr("not a number"));
}

TEST(OnnxHostileInput, ExternalDataPathsOutsideTheModelsFolderOrNotAFileAreRefused) {
    devmux_test::TempDir dir;
    ov::Core core;
    // ".." inside a longer path still leaves the folder.
    const std::string error = external_w_error(core, dir, 24, {{"location", "sub/../../w.bin"}});
    EXPECT_THAT(error, HasSubstr("'sub/../../w.bin'"));
    EXPECT_THAT(error, HasSubstr("outside the model's folder"));

    fs::create_directory(dir.file("folder"));
    EXPECT_THAT(external_w_error(core, dir, 24, {{"location", "folder"}}), HasSubstr("is not a regular file"));

    const std::string missing_error = external_w_error(core, dir, 24, {{"location", "nowhere.bin"}});
    EXPECT_THAT(missing_error, HasSubstr("nowhere.bin"));
    EXPECT_THAT(missing_error, HasSubstr("cannot open"));

    EXPECT_THAT(external_w_error(core, dir, 24, {{"offset", "0"}}), HasSubstr("names no location"));
}

TEST(OnnxHostileInput, AGraphInputNoMachineCouldHoldIsRefusedNamingTheInputAndTheBytes) {
    ov::Core core;
    auto model = add_model();
    auto* dims = model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape();
    dims->mutable_dim(0)->set_dim_value(int64_t(1) << 40);
    dims->mutable_dim(1)->set_dim_value(int64_t(1) << 20);
    const std::string error = error_of([&] { core.read_model(bytes_of(model), ov::Tensor()); });
    EXPECT_THAT(error, HasSubstr("input 'x'"));
    EXPECT_THAT(error, HasSubstr("needs 4611686018427387904 bytes"));  // 2^60 floats
    dims->mutable_dim(1)->set_dim_value(int64_t(1) << 30);
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(model), ov::Tensor()); }),
                HasSubstr("more elements than a 64-bit count holds"));
}

TEST(OnnxHostileInput, ANodeWhoseInferredOutputNoMachineCouldHoldIsRefusedNamingTheNode) {
    // Expand of a scalar to a constant shape of 2^20 x 2^20 x 2^20: nothing is computed, the shape alone refuses it.
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1});
    const int64_t mega = int64_t(1) << 20;
    auto* shape = add_ints(graph, "shape", {3}, {mega, mega, mega});
    add_node(graph, "Expand", {"x", "shape"}, {"y"}, "grow");
    add_output(graph, "y");
    ov::Core core;
    const std::string error = error_of([&] { core.read_model(bytes_of(model), ov::Tensor()); });
    EXPECT_THAT(error, HasSubstr("node 'grow' (Expand"));
    EXPECT_THAT(error, HasSubstr("output 'y'"));
    EXPECT_THAT(error, HasSubstr("needs 4611686018427387904 bytes"));
    // With a small shape the same model reads: the refusal is about the size alone.
    shape->clear_int64_data();
    for (int i = 0; i < 3; ++i)
        shape->add_int64_data(2);
    EXPECT_EQ(core.read_model(bytes_of(model), ov::Tensor())->output().get_partial_shape(), ov::PartialShape({2, 2, 2}));
}

}  // namespace
