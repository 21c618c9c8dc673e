// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "openvino/core/graph_util.hpp"
#include "openvino/openvino.hpp"
#include "openvino/pass/serialize.hpp"

namespace {

const std::string kModels = DEVMUX_MODELS_DIR;
const std::string kOnnxData = "/usr/share/libonnx-testdata/data/";

std::string temp_path(const std::string& name) {
    return ::testing::TempDir() + "devmux_serialize_" + std::to_string(getpid()) + "_" + name;
}

std::string read_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

bool exists(const std::string& path) { return std::ifstream(path).good(); }

// Removes the .xml and .bin a test wrote, also when it fails.
struct SavedIr {
    explicit SavedIr(const std::string& name) : xml(temp_path(name + ".xml")), bin(temp_path(name + ".bin")) {}
    ~SavedIr() {
        std::remove(xml.c_str());
        std::remove(bin.c_str());
    }
    std::string xml;
    std::string bin;
};

ov::Tensor random_tensor(const ov::element::Type& type, const ov::Shape& shape, std::mt19937& random) {
    ov::Tensor tensor(type, shape);
    const size_t count = tensor.get_size();
    if (type == ov::element::f32) {
        std::uniform_real_distribution<float> values(-1.0f, 1.0f);
        for (size_t i = 0; i < count; ++i)
            tensor.data<float>()[i] = values(random);
    } else if (type == ov::element::i64 || type == ov::element::i32) {
        // Small positive values: valid indices (Embedding) and short trip counts (Loop).
        std::uniform_int_distribution<int> values(1, 2);
        for (size_t i = 0; i < count; ++i) {
            if (type == ov::element::i64)
                tensor.data<int64_t>()[i] = values(random);
            else
                tensor.data<int32_t>()[i] = values(random);
        }
    } else if (type == ov::element::boolean) {
        // Alternating from true: an If input takes its then-branch and a Loop's first condition lets it run
        // (a Loop of zero iterations is not what these tests are about).
        for (size_t i = 0; i < count; ++i)
            static_cast<char*>(tensor.data())[i] = i % 2 == 0 ? 1 : 0;
    } else {
        ADD_FAILURE() << "no random values for element type " << type;
    }
    return tensor;
}

// Seeded random inputs, one per model input; empty when an input's shape is not static.
std::vector<ov::Tensor> random_inputs(const std::shared_ptr<ov::Model>& model, uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<ov::Tensor> inputs;
    for (const auto& input : model->inputs()) {
        if (!input.get_partial_shape().is_static())
            return {};
        inputs.push_back(random_tensor(input.get_element_type(), input.get_shape(), random));
    }
    return inputs;
}

std::vector<ov::Tensor> infer_on_cpu(ov::Core& core, const std::shared_ptr<ov::Model>& model,
                                     const std::vector<ov::Tensor>& inputs) {
    auto compiled = core.compile_model(model, "CPU");
    auto request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_tensor(compiled.input(i), inputs[i]);
    request.infer();
    std::vector<ov::Tensor> outputs;
    for (const auto& output : compiled.outputs()) {
        auto result = request.get_tensor(output);
        ov::Tensor copy(result.get_element_type(), result.get_shape());
        result.copy_to(copy);
        outputs.push_back(copy);
    }
    return outputs;
}

void expect_bit_identical(const std::vector<ov::Tensor>& expected, const std::vector<ov::Tensor>& actual) {
    ASSERT_EQ(expected.size(), actual.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(expected[i].get_element_type(), actual[i].get_element_type()) << "output " << i;
        ASSERT_EQ(expected[i].get_shape(), actual[i].get_shape()) << "output " << i;
        EXPECT_EQ(0, std::memcmp(expected[i].data(), actual[i].data(), expected[i].get_byte_size())) << "output " << i;
    }
}

// |actual - expected| <= atol + rtol * |expected| for every f32 element; other types bit-identical.
void expect_close(const std::vector<ov::Tensor>& expected, const std::vector<ov::Tensor>& actual, float rtol, float atol) {
    ASSERT_EQ(expected.size(), actual.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(expected[i].get_element_type(), actual[i].get_element_type()) << "output " << i;
        ASSERT_EQ(expected[i].get_shape(), actual[i].get_shape()) << "output " << i;
        if (expected[i].get_element_type() != ov::element::f32) {
            EXPECT_EQ(0, std::memcmp(expected[i].data(), actual[i].data(), expected[i].get_byte_size())) << "output " << i;
            continue;
        }
        const float* want = expected[i].data<float>();
        const float* got = actual[i].data<float>();
        size_t bad = 0;
        for (size_t k = 0; k < expected[i].get_size(); ++k)
            if (!(std::fabs(got[k] - want[k]) <= atol + rtol * std::fabs(want[k])) && bad++ < 3)
                ADD_FAILURE() << "output " << i << " element " << k << ": " << got[k] << ", expected " << want[k];
        EXPECT_EQ(bad, 0u) << "output " << i << " elements beyond the tolerance";
    }
}

// The original model with every f32 Constant's values rounded to f16 and back (kept f32): what a model
// saved with compress_to_fp16 computes.
void round_weights_to_f16(ov::Model& model) {
    for (const auto& node : model.get_ordered_ops()) {
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node)) {
            if (constant->get_element_type() != ov::element::f32)
                continue;
            auto values = constant->get_vector<float>();
            for (auto& value : values)
                if (std::fabs(value) <= 65504.0f)
                    value = static_cast<float>(ov::float16(value));
            auto rounded = std::make_shared<ov::op::v0::Constant>(ov::element::f32, constant->get_shape(), values);
            rounded->output(0).set_names(constant->output(0).get_names());
            constant->output(0).replace(rounded);
        } else if (auto subgraphs = ov::as_type_ptr<ov::op::util::MultiSubGraphOp>(node)) {
            for (size_t i = 0; i < subgraphs->get_internal_subgraphs_size(); ++i)
                round_weights_to_f16(*subgraphs->get_function(i));
        }
    }
}

// What a test can compare to see that save_model left a model alone: every op, its outputs, and the
// bytes of every constant.
std::string fingerprint(const ov::Model& model) {
    std::ostringstream text;
    for (const auto& node : model.get_ordered_ops()) {
        text << node->get_type_name() << " " << node->get_friendly_name();
        for (size_t i = 0; i < node->get_output_size(); ++i)
            text << " " << node->get_output_element_type(i) << node->get_output_partial_shape(i);
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node))
            text << " " << std::string(static_cast<const char*>(constant->get_data_ptr()), constant->get_byte_size());
        if (auto subgraphs = ov::as_type_ptr<ov::op::util::MultiSubGraphOp>(node))
            for (size_t i = 0; i < subgraphs->get_internal_subgraphs_size(); ++i)
                text << " {" << fingerprint(*subgraphs->get_function(i)) << "}";
        text << "\n";
    }
    return text.str();
}

size_t count_ops(const ov::Model& model, const std::string& type, const ov::element::Type& element_type) {
    size_t count = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (node->get_type_name() == type && node->get_output_element_type(0) == element_type)
            ++count;
        if (auto subgraphs = ov::as_type_ptr<ov::op::util::MultiSubGraphOp>(node))
            for (size_t i = 0; i < subgraphs->get_internal_subgraphs_size(); ++i)
                count += count_ops(*subgraphs->get_function(i), type, element_type);
    }
    return count;
}

struct ModelCase {
    std::string name;  // test name
    std::string path;
};

std::vector<ModelCase> model_cases() {
    std::vector<ModelCase> cases{
        {"squeezenet_ir11", kModels + "/squeezenet1.1-ir11/squeezenet1.1.xml"},
        {"squeezenet_ir10", kModels + "/squeezenet1.1-ir10/squeezenet1.1.xml"},
        {"vehicle_attributes_ir",
         kModels + "/vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml"}};
#ifdef DEVMUX_HAVE_ONNX
    cases.push_back({"mnist_onnx", kModels + "/mnist-onnx/mnist.onnx"});
    for (const char* name : {"test_Conv2d", "test_Conv2d_groups", "test_BatchNorm2d_eval", "test_ConvTranspose2d",
                             "test_Linear", "test_PReLU_2d_multiparam", "test_Embedding", "test_MaxPool2d"})
        cases.push_back({name, kOnnxData + "pytorch-converted/" + name + "/model.onnx"});
    for (const char* name : {"test_gru_defaults", "test_gru_with_initial_bias", "test_lstm_defaults",
                             "test_lstm_with_initial_bias", "test_simple_rnn_defaults", "test_if", "test_loop11",
                             "test_maxpool_with_argmax_2d_precomputed_strides"})
        cases.push_back({name, kOnnxData + "node/" + name + "/model.onnx"});
    for (const char* name : {"test_sequence_model1", "test_sequence_model3", "test_sequence_model4", "test_sequence_model5"})
        cases.push_back({name, kOnnxData + "simple/" + name + "/model.onnx"});
#endif
    return cases;
}

class SaveRoundTrip : public ::testing::TestWithParam<ModelCase> {
protected:
    void SetUp() override {
        if (!exists(GetParam().path))
            GTEST_SKIP() << GetParam().path << " is not installed";
        model = core.read_model(GetParam().path);
        inputs = random_inputs(model, 2024);
        if (inputs.empty() && !model->inputs().empty())
            GTEST_SKIP() << GetParam().name << " has inputs of dynamic shape";
        expected = infer_on_cpu(core, model, inputs);
    }

    ov::Core core;
    std::shared_ptr<ov::Model> model;
    std::vector<ov::Tensor> inputs;
    std::vector<ov::Tensor> expected;
};

TEST_P(SaveRoundTrip, SerializeReloadsWithBitIdenticalOutputs) {
    SavedIr ir(GetParam().name + "_serialize");
    ov::serialize(model, ir.xml);
    ASSERT_TRUE(exists(ir.bin)) << "serialize with no bin path writes the .bin beside the .xml";
    auto reloaded = core.read_model(ir.xml);
    EXPECT_EQ(reloaded->inputs().size(), model->inputs().size());
    EXPECT_EQ(reloaded->outputs().size(), model->outputs().size());
    for (size_t i = 0; i < model->outputs().size(); ++i)
        EXPECT_EQ(reloaded->output(i).get_names(), model->output(i).get_names()) << "output " << i;
    expect_bit_identical(expected, infer_on_cpu(core, reloaded, inputs));
}

TEST_P(SaveRoundTrip, SaveModelWithoutCompressionReloadsWithBitIdenticalOutputs) {
    SavedIr ir(GetParam().name + "_plain");
    ov::save_model(model, ir.xml, false);
    auto reloaded = core.read_model(ir.xml);
    EXPECT_EQ(count_ops(*reloaded, "Constant", ov::element::f16), count_ops(*model, "Constant", ov::element::f16));
    expect_bit_identical(expected, infer_on_cpu(core, reloaded, inputs));
}

// Compressed weights: the reloaded model must compute what the original computes on weights rounded to
// f16 (the CPU runs both in f32; rtol 1e-5, atol 1e-6 leave room for a different summation order only),
// and stay within 1e-2 relative (atol 1e-3) of the original's outputs.
TEST_P(SaveRoundTrip, SaveModelCompressedMatchesTheModelWithF16RoundedWeights) {
    const std::string before = fingerprint(*model);
    SavedIr ir(GetParam().name + "_f16");
    ov::save_model(model, ir.xml);  // compress_to_fp16 defaults to true
    EXPECT_EQ(before, fingerprint(*model)) << "save_model changed the caller's model";

    auto reloaded = core.read_model(ir.xml);
    const size_t f32_constants = count_ops(*model, "Constant", ov::element::f32);
    if (f32_constants > 0) {
        EXPECT_GT(count_ops(*reloaded, "Constant", ov::element::f16), 0u);
        EXPECT_GT(count_ops(*reloaded, "Convert", ov::element::f32), 0u);
    }
    auto outputs = infer_on_cpu(core, reloaded, inputs);

    auto rounded = model->clone();
    round_weights_to_f16(*rounded);
    expect_close(infer_on_cpu(core, rounded, inputs), outputs, 1e-5f, 1e-6f);
    expect_close(expected, outputs, 1e-2f, 1e-3f);
}

INSTANTIATE_TEST_SUITE_P(Models, SaveRoundTrip, ::testing::ValuesIn(model_cases()),
                         [](const ::testing::TestParamInfo<ModelCase>& info) { return info.param.name; });

std::shared_ptr<ov::Model> squeezenet(ov::Core& core) {
    return core.read_model(kModels + "/squeezenet1.1-ir11/squeezenet1.1.xml");
}

TEST(Serialize, SavedIrDeclaresVersion11) {
    ov::Core core;
    SavedIr plain("version_plain"), compressed("version_f16");
    auto model = squeezenet(core);
    ov::serialize(model, plain.xml, plain.bin, ov::pass::Serialize::Version::IR_V11);
    ov::save_model(model, compressed.xml);
    for (const auto& xml : {plain.xml, compressed.xml}) {
        const std::string text = read_text(xml);
        EXPECT_NE(text.find("<net "), std::string::npos) << xml;
        EXPECT_NE(text.find("version=\"11\""), std::string::npos) << xml;
    }
}

// A fully connected layer with 256x256 f32 weights: the weights file of the compressed save is half.
std::shared_ptr<ov::Model> dense_model() {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> values(-1.0f, 1.0f);
    std::vector<float> weights(256 * 256), bias(256);
    for (auto& w : weights)
        w = values(random);
    for (auto& b : bias)
        b = values(random);
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 256});
    auto product = std::make_shared<ov::op::v0::MatMul>(
        input, ov::op::v0::Constant::create(ov::element::f32, ov::Shape{256, 256}, weights));
    auto sum = std::make_shared<ov::op::v1::Add>(product, ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 256}, bias));
    return std::make_shared<ov::Model>(ov::OutputVector{sum}, ov::ParameterVector{input}, "dense");
}

TEST(Serialize, CompressionHalvesTheWeightsFile) {
    ov::Core core;
    SavedIr plain("size_plain"), compressed("size_f16");
    auto model = dense_model();
    ov::save_model(model, plain.xml, false);
    ov::save_model(model, compressed.xml, true);
    const auto plain_size = read_text(plain.bin).size();
    const auto compressed_size = read_text(compressed.bin).size();
    EXPECT_EQ(plain_size, (256u * 256 + 256) * 4);
    EXPECT_EQ(compressed_size, (256u * 256 + 256) * 2);

    auto reloaded = core.read_model(compressed.xml);
    EXPECT_EQ(count_ops(*reloaded, "Constant", ov::element::f16), 2u);
    EXPECT_EQ(count_ops(*reloaded, "Convert", ov::element::f32), 2u);
    auto inputs = random_inputs(model, 11);
    auto rounded = model->clone();
    round_weights_to_f16(*rounded);
    expect_close(infer_on_cpu(core, rounded, inputs), infer_on_cpu(core, reloaded, inputs), 1e-5f, 1e-6f);
}

TEST(Serialize, ExplicitBinPathIsUsed) {
    ov::Core core;
    SavedIr ir("explicit");
    const std::string bin = temp_path("explicit_weights.data");
    ov::serialize(squeezenet(core), ir.xml, bin);
    EXPECT_TRUE(exists(bin));
    EXPECT_FALSE(exists(ir.bin));
    // The IR names no weights file: a reader finds it by the .xml's name, so read it explicitly.
    auto model = squeezenet(core);
    auto reloaded = core.read_model(ir.xml, bin);
    EXPECT_EQ(fingerprint(*reloaded), fingerprint(*model));
    std::remove(bin.c_str());
}

TEST(Serialize, PassWritesToStreams) {
    ov::Core core;
    auto model = squeezenet(core);
    std::ostringstream xml, bin;
    ov::pass::Serialize(xml, bin).run_on_model(model);
    EXPECT_NE(xml.str().find("version=\"11\""), std::string::npos);
    EXPECT_GT(bin.str().size(), 1000000u);
    ov::Tensor weights(ov::element::u8, {bin.str().size()});
    std::memcpy(weights.data(), bin.str().data(), bin.str().size());
    auto reloaded = core.read_model(xml.str(), weights);
    EXPECT_EQ(fingerprint(*reloaded), fingerprint(*model));
}

TEST(Serialize, PassWritesFiles) {
    ov::Core core;
    SavedIr ir("pass");
    ov::pass::Serialize(ir.xml, ir.bin).run_on_model(squeezenet(core));
    EXPECT_TRUE(exists(ir.xml));
    EXPECT_TRUE(exists(ir.bin));
}

TEST(Serialize, IrVersion10IsRefusedNamingTheFile) {
    ov::Core core;
    SavedIr ir("v10");
    try {
        ov::serialize(squeezenet(core), ir.xml, "", ov::pass::Serialize::Version::IR_V10);
        FAIL() << "IR v10 writing should be refused";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find(ir.xml), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("11"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(exists(ir.xml));
}

TEST(Serialize, UnwritablePathIsAnExceptionNamingTheFile) {
    ov::Core core;
    auto model = squeezenet(core);
    const std::string xml = "/nonexistent-devmux-dir/model.xml";
    for (bool compress : {false, true}) {
        try {
            ov::save_model(model, xml, compress);
            FAIL() << "saving into a missing folder should fail";
        } catch (const ov::Exception& e) {
            EXPECT_NE(std::string(e.what()).find("/nonexistent-devmux-dir/model"), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW(ov::serialize(model, xml), ov::Exception);
}

// A constant beyond f16's range stays f32 (it would become infinity); one within it is compressed.
TEST(Serialize, ConstantsBeyondF16RangeStayF32) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2});
    auto small = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, std::vector<float>{0.5f, -3.25f});
    auto large = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, std::vector<float>{1.0f, 1.0e6f});
    auto sum = std::make_shared<ov::op::v1::Add>(input, small);
    auto product = std::make_shared<ov::op::v1::Multiply>(sum, large);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{product}, ov::ParameterVector{input});

    ov::Core core;
    SavedIr ir("range");
    ov::save_model(model, ir.xml);
    auto reloaded = core.read_model(ir.xml);
    EXPECT_EQ(count_ops(*reloaded, "Constant", ov::element::f16), 1u);
    EXPECT_EQ(count_ops(*reloaded, "Constant", ov::element::f32), 1u);

    ov::Tensor values(ov::element::f32, {2});
    values.data<float>()[0] = 1.0f;
    values.data<float>()[1] = 2.0f;
    auto outputs = infer_on_cpu(core, reloaded, {values});
    EXPECT_FLOAT_EQ(outputs[0].data<float>()[0], 1.5f);
    EXPECT_FLOAT_EQ(outputs[0].data<float>()[1], -1.25e6f);
}

}  // namespace
