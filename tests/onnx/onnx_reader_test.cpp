// SPDX-License-Identifier: Apache-2.0
// The ONNX reader through the public API: what a converted model keeps (names, types, dynamic dimensions), the
// ways in (a path, compile_model on a path, bytes in memory), and the clean errors for faulty files.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "onnx_mutation.hpp"
#include "openvino/runtime/core.hpp"

namespace {
namespace fs = std::filesystem;
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

// y = relu(x * w + b) over [batch, 4], the batch dynamic.
onnx::ModelProto small_model() {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    graph.set_name("small");
    add_input(graph, "x", {-1, 4});
    add_floats(graph, "w", {4}, {0.5f, -1.0f, 2.0f, 0.25f});
    add_floats(graph, "b", {4}, {0.1f, 0.2f, -0.3f, 0.4f});
    add_node(graph, "Mul", {"x", "w"}, {"scaled"}, "scale");
    add_node(graph, "Add", {"scaled", "b"}, {"shifted"}, "shift");
    add_node(graph, "Relu", {"shifted"}, {"y"}, "act");
    add_output(graph, "y");
    return model;
}

fs::path write_model(const devmux_test::TempDir& dir, const std::string& name, const std::string& bytes) {
    return write_file(dir.file(name), bytes);
}

std::vector<float> run(ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::vector<float>& x) {
    auto shaped = model->clone();
    shaped->reshape(ov::PartialShape{static_cast<int64_t>(x.size() / 4), 4});
    auto request = core.compile_model(shaped, "CPU").create_infer_request();
    request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{x.size() / 4, 4}, const_cast<float*>(x.data())));
    request.infer();
    const auto out = request.get_output_tensor();
    return std::vector<float>(out.data<float>(), out.data<float>() + out.get_size());
}

std::vector<float> expected(const std::vector<float>& x) {
    const float w[4] = {0.5f, -1.0f, 2.0f, 0.25f}, b[4] = {0.1f, 0.2f, -0.3f, 0.4f};
    std::vector<float> y(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = std::max(0.0f, x[i] * w[i % 4] + b[i % 4]);
    return y;
}

TEST(OnnxReader, KeepsNamesTypesAndDynamicDimensionsAndComputes) {
    devmux_test::TempDir dir;
    const auto path = write_model(dir, "small.onnx", bytes_of(small_model()));
    ov::Core core;
    const auto model = core.read_model(path.string());
    ASSERT_EQ(model->inputs().size(), 1u);
    EXPECT_EQ(model->input().get_any_name(), "x");
    EXPECT_EQ(model->input().get_element_type(), ov::element::f32);
    EXPECT_TRUE(model->input().get_partial_shape()[0].is_dynamic());
    EXPECT_EQ(model->input().get_partial_shape()[1], ov::Dimension(4));
    EXPECT_EQ(model->output().get_any_name(), "y");
    EXPECT_EQ(model->get_friendly_name(), "small");
    bool named = false;
    for (const auto& op : model->get_ordered_ops())
        named = named || (op->get_friendly_name() == "act" && std::string(op->get_type_name()) == "Relu");
    EXPECT_TRUE(named) << "the Relu keeps the node's name";
    const auto x = random_values(12, 7, -2.0f, 2.0f);
    const auto y = run(core, model, x);
    const auto want = expected(x);
    ASSERT_EQ(y.size(), want.size());
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_NEAR(y[i], want[i], 1e-6f) << i;
}

TEST(OnnxReader, ReadsFromMemoryAndCompilesFromAPath) {
    devmux_test::TempDir dir;
    const std::string bytes = bytes_of(small_model());
    ov::Core core;
    const auto from_memory = core.read_model(bytes, ov::Tensor());
    const auto x = random_values(8, 11, -2.0f, 2.0f);
    EXPECT_EQ(run(core, from_memory, x), expected(x));

    // A fixed batch, so compile_model on the path compiles as it is.
    auto model = small_model();
    model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(0)->set_dim_value(2);
    const auto path = write_model(dir, "fixed.onnx", bytes_of(model));
    auto request = core.compile_model(path.string(), "CPU").create_infer_request();
    request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{2, 4}, const_cast<float*>(x.data())));
    request.infer();
    const auto out = request.get_output_tensor();
    EXPECT_EQ(std::vector<float>(out.data<float>(), out.data<float>() + 8), expected(x));
    // No extension: recognized by its content.
    const auto bare = write_model(dir, "model_without_extension", bytes_of(model));
    EXPECT_EQ(core.read_model(bare.string())->output().get_any_name(), "y");
}

TEST(OnnxReader, RefusesOpsItCannotConvertNamingTheNode) {
    ov::Core core;
    auto model = small_model();
    add_node(*model.mutable_graph(), "StringNormalizer", {"y"}, {"z"}, "normalize");  // strings: never converted
    const std::string error = error_of([&] { core.read_model(bytes_of(model), ov::Tensor()); });
    EXPECT_THAT(error, HasSubstr("node 'normalize' (StringNormalizer, opset 13)"));
    EXPECT_THAT(error, HasSubstr("has no conversion"));

    auto other_domain = small_model();
    add_node(*other_domain.mutable_graph(), "LabelEncoder", {"y"}, {"z"}, "encode")->set_domain("ai.onnx.ml");
    other_domain.add_opset_import()->set_domain("ai.onnx.ml");
    other_domain.mutable_opset_import(1)->set_version(2);
    const std::string domain_error = error_of([&] { core.read_model(bytes_of(other_domain), ov::Tensor()); });
    EXPECT_THAT(domain_error, HasSubstr("node 'encode' (LabelEncoder, domain ai.onnx.ml, opset 2)"));
    EXPECT_THAT(domain_error, HasSubstr("default ONNX domain only"));
}

TEST(OnnxReader, FaultyFilesGetCleanErrorsNamingTheFile) {
    devmux_test::TempDir dir;
    ov::Core core;
    const std::string bytes = bytes_of(small_model());
    const auto truncated = write_model(dir, "truncated.onnx", bytes.substr(0, bytes.size() / 2));
    const std::string truncated_error = error_of([&] { core.read_model(truncated.string()); });
    EXPECT_THAT(truncated_error, HasSubstr(truncated.string()));
    EXPECT_THAT(truncated_error, HasSubstr("not a valid ONNX file"));

    const fs::path missing = dir.file("missing.onnx");
    EXPECT_THAT(error_of([&] { core.read_model(missing.string()); }), HasSubstr(missing.string()));

    auto undefined = small_model();
    add_node(*undefined.mutable_graph(), "Relu", {"nowhere"}, {"z"}, "reader");
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(undefined), ov::Tensor()); }),
                HasSubstr("reads the value 'nowhere', which no earlier node"));

    auto giant = small_model();
    add_floats(*giant.mutable_graph(), "huge", {1 << 20, 1 << 20, 1 << 20}, {});
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(giant), ov::Tensor()); }), HasSubstr("'huge'"));

    auto short_data = small_model();
    short_data.mutable_graph()->mutable_initializer(0)->mutable_float_data()->RemoveLast();
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(short_data), ov::Tensor()); }),
                HasSubstr("holds 3 values for 4 elements"));
}

TEST(OnnxReader, ExternalDataIsReadBesideTheModelAndNeverOutsideItsFolder) {
    devmux_test::TempDir dir;
    ov::Core core;
    const std::vector<float> weights{0.5f, -1.0f, 2.0f, 0.25f};
    std::ofstream(dir.file("weights.bin"), std::ios::binary)
        .write(reinterpret_cast<const char*>(weights.data()), sizeof(float) * weights.size());
    auto model = small_model();
    auto* w = model.mutable_graph()->mutable_initializer(0);
    w->clear_float_data();
    w->set_data_location(onnx::TensorProto::EXTERNAL);
    auto* location = w->add_external_data();
    location->set_key("location");
    location->set_value("weights.bin");
    const auto inside = write_model(dir, "external.onnx", bytes_of(model));
    const auto x = random_values(4, 3, -2.0f, 2.0f);
    EXPECT_EQ(run(core, core.read_model(inside.string()), x), expected(x));

    location->set_value("../weights.bin");
    const auto outside = write_model(dir, "escaping.onnx", bytes_of(model));
    EXPECT_THAT(error_of([&] { core.read_model(outside.string()); }), HasSubstr("outside the model's folder"));
    location->set_value("/etc/passwd");
    const auto absolute = write_model(dir, "absolute.onnx", bytes_of(model));
    EXPECT_THAT(error_of([&] { core.read_model(absolute.string()); }), HasSubstr("outside the model's folder"));
    // From memory there is no folder to read it from.
    location->set_value("weights.bin");
    EXPECT_THAT(error_of([&] { core.read_model(bytes_of(model), ov::Tensor()); }), HasSubstr("read from memory"));
}

// Seeded mutations of real ONNX files (bytes flipped, cut, repeated) must each load or fail with an
// ov::Exception: never crash, hang or throw anything else. A failure prints the seed and iteration to replay.
TEST(OnnxReaderFuzz, MutatedFilesLoadOrFailCleanly) {
    const fs::path data = DEVMUX_ONNX_TESTDATA_DIR;
    std::vector<std::string> seeds;
    for (const char* name : {"pytorch-converted/test_Conv2d", "pytorch-converted/test_BatchNorm2d_eval",
                             "pytorch-operator/test_operator_maxpool", "node/test_resize_upsample_sizes_cubic",
                             "node/test_lstm_defaults", "node/test_slice", "node/test_gemm_all_attributes",
                             "node/test_tfidfvectorizer_tf_batch_uniandbigrams_skip5", "node/test_bernoulli_seed"}) {
        std::ifstream file(data / name / "model.onnx", std::ios::binary);
        if (file)
            seeds.emplace_back(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    seeds.push_back(bytes_of(small_model()));
    ASSERT_GE(seeds.size(), 6u) << "the seed models come from libonnx-testdata under " << data;
    const auto outcome = onnx_test::read_mutated_onnx_models(seeds, 20261127, 4000, 4);
    ASSERT_TRUE(outcome.failure.empty()) << outcome.failure;
    std::cout << "[ fuzz     ] " << outcome.loaded << " mutated models loaded, " << outcome.refused
              << " refused cleanly" << std::endl;
    EXPECT_GT(outcome.refused, 0u);
}

}  // namespace
