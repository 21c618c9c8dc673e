// SPDX-License-Identifier: Apache-2.0
// Every real model with reference outputs, compiled by the CPU plugin and compared with the references
// shipped beside it (ONNX Runtime, fp32). Metric: max |a - b| / max(max |b|, 1e-3) <= 1e-3 per output.
#include <gtest/gtest.h>

#include <iostream>

#include "test_utils.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"
#include "transformations.hpp"

namespace {

using namespace cpu_test;

struct RefModel {
    const char* xml;       // relative to DEVMUX_MODELS_DIR
    const char* ref_json;  // relative to DEVMUX_MODELS_DIR
};

std::string dir_of(const std::string& path) { return path.substr(0, path.rfind('/') + 1); }

// Compiles the model, feeds the inputs named in its ref.json and returns (name, actual, expected) per output.
struct OutputCheck {
    std::string name;
    std::vector<float> actual, expected;
};

std::vector<OutputCheck> run_against_ref(const RefModel& m, const ov::AnyMap& properties = {}) {
    const std::string json_path = models_dir() + "/" + m.ref_json;
    const Json ref = read_json(json_path);
    auto plugin = make_plugin();
    auto compiled = plugin->compile_model(read_model(m.xml), properties);
    auto request = compiled->create_sync_infer_request();
    for (const auto& [name, desc] : ref["inputs"].members) {
        const size_t index = find_input(*compiled, name);
        const auto& port = compiled->inputs()[index];
        const auto values = read_f32_file(dir_of(json_path) + desc["file"].text);
        request->set_tensor(port, tensor_for(port.get_element_type(), port.get_shape(), values));
    }
    request->infer();
    std::vector<OutputCheck> checks;
    for (const auto& [name, desc] : ref["outputs"].members) {
        const auto& port = compiled->outputs()[find_output(*compiled, name)];
        checks.push_back({name, to_floats(request->get_tensor(port)),
                          read_f32_file(dir_of(json_path) + desc["file"].text)});
    }
    return checks;
}

class CpuRealModel : public ::testing::TestWithParam<RefModel> {};

TEST_P(CpuRealModel, MatchesReferenceOutputs) {
    const auto checks = run_against_ref(GetParam());
    ASSERT_FALSE(checks.empty());
    for (const auto& check : checks)
        EXPECT_LE(max_rel_diff(check.actual, check.expected), 1e-3) << GetParam().xml << " output " << check.name;
}

// bf16 (8 significant bits) where the CPU has it natively; elsewhere the hint is refused, naming why.
// Tolerance: 5e-2 of the output's scale; the errors each model gives are printed (docs/cpu.md).
TEST_P(CpuRealModel, Bf16MatchesReferenceOutputsOrIsRefused) {
    const ov::AnyMap bf16{ov::hint::inference_precision(ov::element::bf16)};
    if (!devmux::cpu::has_native_bf16()) {
        try {
            run_against_ref(GetParam(), bf16);
            ADD_FAILURE() << "bf16 was accepted on a CPU without native bf16";
        } catch (const ov::Exception& e) {
            EXPECT_NE(std::string(e.what()).find("AVX512-BF16"), std::string::npos) << e.what();
        }
        return;
    }
    const auto checks = run_against_ref(GetParam(), bf16);
    ASSERT_FALSE(checks.empty());
    for (const auto& check : checks) {
        const double error = max_rel_diff(check.actual, check.expected);
        std::cout << "bf16 " << GetParam().xml << " output " << check.name << ": " << error << "\n";
        EXPECT_LE(error, 5e-2) << GetParam().xml << " output " << check.name;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Models, CpuRealModel,
    ::testing::Values(
        RefModel{"squeezenet1.1-ir10/squeezenet1.1.xml", "squeezenet1.1-ir10/ref/squeezenet1.1.ref.json"},
        RefModel{"squeezenet1.1-ir11/squeezenet1.1.xml", "squeezenet1.1-ir11/ref/squeezenet1.1.ref.json"},
        RefModel{"vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml",
                 "vehicle-attributes-recognition-barrier-0039/ref/vehicle-attributes-recognition-barrier-0039.ref.json"},
        RefModel{"landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml",
                 "landmarks-regression-retail-0009/FP32/ref/landmarks-regression-retail-0009.ref.json"},
        RefModel{"landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml",
                 "landmarks-regression-retail-0009/FP16/ref/landmarks-regression-retail-0009.ref.json"},
        RefModel{"head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml",
                 "head-pose-estimation-adas-0001/FP16/ref/head-pose-estimation-adas-0001.ref.json"},
        RefModel{"gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml",
                 "gaze-estimation-adas-0002/FP16/ref/gaze-estimation-adas-0002.ref.json"}),
    [](const ::testing::TestParamInfo<RefModel>& info) {
        std::string name = info.param.xml;
        name = name.substr(0, name.rfind('/'));
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return name;
    });

size_t argmax(const std::vector<float>& v) { return std::max_element(v.begin(), v.end()) - v.begin(); }

std::vector<float> classify_pizza(const char* xml, const char* input_file) {
    auto plugin = make_plugin();
    auto compiled = plugin->compile_model(read_model(xml), {});
    auto request = compiled->create_sync_infer_request();
    const auto& port = compiled->inputs()[0];
    request->set_tensor(port, tensor_for(port.get_element_type(), port.get_shape(),
                                         read_f32_file(models_dir() + "/inputs/" + input_file)));
    request->infer();
    return to_floats(request->get_tensor(compiled->outputs()[0]));
}

TEST(CpuSqueezeNet, Ir10ClassifiesThePizzaPhotoAsPizza) {
    const auto prob = classify_pizza("squeezenet1.1-ir10/squeezenet1.1.xml", "pizza_1x3x227x227_nchw_bgr.f32");
    ASSERT_EQ(prob.size(), 1000u);
    EXPECT_EQ(argmax(prob), 963u);
    EXPECT_NEAR(prob[963], 0.565, 0.01);
}

TEST(CpuSqueezeNet, Ir11ClassifiesThePizzaPhotoMinusMeanAsPizza) {
    const auto prob =
        classify_pizza("squeezenet1.1-ir11/squeezenet1.1.xml", "pizza_1x3x227x227_nchw_bgr_minus_mean.f32");
    ASSERT_EQ(prob.size(), 1000u);
    EXPECT_EQ(argmax(prob), 963u);
    EXPECT_NEAR(prob[963], 0.565, 0.01);
}

// The FP16-INT8 variants (FakeQuantize on activations and weights) have no references of their own.
// First, the plugin must compute what the graph says: compare it with the reference interpreter (every
// node's evaluate(), no plugin) with the usual 1e-3. Then its outputs must land near the FP16 model's.
// Quantizing activations to 256 levels moves these regression outputs, and the reference interpreter
// gives the same numbers as the plugin, so the differences belong to the quantized models. Observed
// max |int8 - fp16| / max |fp16| on the reference inputs: landmarks 0.017; head pose 0.076 (pitch
// -4.25 deg), 0.044 (roll -9.32 deg), 0.161 (yaw 4.70 deg: 0.76 deg off); gaze 0.120 (0.066 on a
// vector of norm ~0.6). Tolerances: about 1.5x the observed values.
// Against the interpreter, gaze gets 2e-2: its convolutions run on oneDNN, whose accumulation order
// differs from the reference's in the last bits, and a value that lands on a FakeQuantize boundary
// moves one of 256 levels (observed 0.012 on the reference inputs; the FP16 gaze model, without
// quantizers, stays within the usual 1e-3 of its reference).
struct QuantizedPair {
    const char* int8_xml;
    const char* fp16_xml;
    const char* fp16_ref_json;
    double tolerance;
    double interpreter_tolerance = 1e-3;
};

// The ref.json inputs, as tensors of the model's input types, in the model's input order.
std::vector<ov::Tensor> ref_inputs(const devmux::ICompiledModel& compiled, const std::string& ref_json) {
    const std::string json_path = models_dir() + "/" + ref_json;
    const Json ref = read_json(json_path);
    std::vector<ov::Tensor> inputs(compiled.inputs().size());
    for (const auto& [name, desc] : ref["inputs"].members) {
        const size_t index = find_input(compiled, name);
        const auto& port = compiled.inputs()[index];
        inputs[index] = tensor_for(port.get_element_type(), port.get_shape(),
                                   read_f32_file(dir_of(json_path) + desc["file"].text));
    }
    return inputs;
}

std::vector<std::vector<float>> run_plugin(const std::shared_ptr<ov::Model>& model, const std::string& ref_json) {
    auto compiled = make_plugin()->compile_model(model, {});
    const auto inputs = ref_inputs(*compiled, ref_json);
    auto request = compiled->create_sync_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request->set_tensor(compiled->inputs()[i], inputs[i]);
    request->infer();
    std::vector<std::vector<float>> outputs;
    for (const auto& port : compiled->outputs())
        outputs.push_back(to_floats(request->get_tensor(port)));
    return outputs;
}

class CpuQuantizedModel : public ::testing::TestWithParam<QuantizedPair> {};

TEST_P(CpuQuantizedModel, MatchesTheReferenceInterpreter) {
    const auto& p = GetParam();
    auto model = read_model(p.int8_xml);
    const auto actual = run_plugin(model, p.fp16_ref_json);
    auto compiled = make_plugin()->compile_model(model, {});
    // Interpret the graph the plugin plans (f16 weights widened to f32, constants folded): the f16 graph
    // itself would round every intermediate to f16, which the quantizers amplify.
    const auto prepared = devmux::cpu::prepare_model(*model);
    auto inputs = ref_inputs(*compiled, p.fp16_ref_json);
    for (auto& input : inputs)
        if (input.get_element_type() != ov::element::f32)
            input = tensor_for(ov::element::f32, input.get_shape(), to_floats(input));
    const auto expected = reference_outputs(*prepared, inputs);
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_LE(max_rel_diff(actual[i], to_floats(expected[i])), p.interpreter_tolerance)
            << p.int8_xml << " output " << i;
}

TEST_P(CpuQuantizedModel, RunsCloseToTheFp16Model) {
    const auto& p = GetParam();
    const auto fp16 = run_plugin(read_model(p.fp16_xml), p.fp16_ref_json);
    const auto int8 = run_plugin(read_model(p.int8_xml), p.fp16_ref_json);
    ASSERT_EQ(fp16.size(), int8.size());
    for (size_t i = 0; i < fp16.size(); ++i) {
        const double diff = max_rel_diff(int8[i], fp16[i]);
        EXPECT_LE(diff, p.tolerance) << p.int8_xml << " output " << i;
        RecordProperty("max_rel_diff_" + std::to_string(i), std::to_string(diff));
    }
}

INSTANTIATE_TEST_SUITE_P(
    Models, CpuQuantizedModel,
    ::testing::Values(
        QuantizedPair{"landmarks-regression-retail-0009/FP16-INT8/landmarks-regression-retail-0009.xml",
                      "landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml",
                      "landmarks-regression-retail-0009/FP16/ref/landmarks-regression-retail-0009.ref.json", 0.03},
        QuantizedPair{"head-pose-estimation-adas-0001/FP16-INT8/head-pose-estimation-adas-0001.xml",
                      "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml",
                      "head-pose-estimation-adas-0001/FP16/ref/head-pose-estimation-adas-0001.ref.json", 0.25},
        QuantizedPair{"gaze-estimation-adas-0002/FP16-INT8/gaze-estimation-adas-0002.xml",
                      "gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml",
                      "gaze-estimation-adas-0002/FP16/ref/gaze-estimation-adas-0002.ref.json", 0.18, 2e-2}),
    [](const ::testing::TestParamInfo<QuantizedPair>& info) {
        std::string name = info.param.int8_xml;
        name = name.substr(0, name.find('/'));
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return name;
    });

}  // namespace
