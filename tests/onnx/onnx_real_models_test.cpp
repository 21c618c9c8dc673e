// SPDX-License-Identifier: Apache-2.0
// Real ONNX models from ../shared/models, read as ONNX and run through the public API on CPU and on GPU of the
// software deployment (OPENCL on PoCL, VULKAN on lavapipe, CPU as the fallback), against the reference outputs an
// independent runtime (ONNX Runtime) gave for the same inputs (../shared/models/mnist-onnx/ref).

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "openvino/runtime/core.hpp"

namespace {

const std::string mnist_dir = std::string(DEVMUX_MODELS_DIR) + "/mnist-onnx";

std::vector<float> read_floats(const std::string& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file)
        throw std::runtime_error("cannot open " + path);
    std::vector<float> values(static_cast<size_t>(file.tellg()) / sizeof(float));
    file.seekg(0);
    file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
    return values;
}

class MnistOnnx : public ::testing::TestWithParam<std::string> {};

// The three reference inputs (two digits, two value ranges): every logit within 1e-4 of ONNX Runtime's (relative
// to the largest logit), and the same digit chosen.
TEST_P(MnistOnnx, MatchesOnnxRuntimesOutputs) {
    const std::string device = GetParam();
    static ov::Core core("plugins-software-gpu.xml");
    auto model = core.read_model(mnist_dir + "/mnist.onnx");
    ASSERT_EQ(model->input().get_any_name(), "Input3");
    ASSERT_EQ(model->output().get_any_name(), "Plus214_Output_0");
    auto compiled = core.compile_model(model, device);
    auto request = compiled.create_infer_request();
    for (const std::string sample : {"digit1_0to1", "digit1_0to255", "digit7_0to255"}) {
        auto input = read_floats(mnist_dir + "/ref/mnist.input.Input3." + sample + ".f32");
        const auto expected = read_floats(mnist_dir + "/ref/mnist.output." + sample + ".Plus214_Output_0.f32");
        ASSERT_EQ(input.size(), 28u * 28u);
        request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{1, 1, 28, 28}, input.data()));
        request.infer();
        const auto output = request.get_output_tensor();
        ASSERT_EQ(output.get_size(), expected.size());
        const float* actual = output.data<float>();
        float scale = 1.0f;
        for (const float v : expected)
            scale = std::max(scale, std::fabs(v));
        size_t best = 0, best_expected = 0;
        for (size_t i = 0; i < expected.size(); ++i) {
            EXPECT_NEAR(actual[i], expected[i], 1e-4f * scale) << device << " " << sample << " logit " << i;
            best = actual[i] > actual[best] ? i : best;
            best_expected = expected[i] > expected[best_expected] ? i : best_expected;
        }
        EXPECT_EQ(best, best_expected) << device << " " << sample;
    }
}

INSTANTIATE_TEST_SUITE_P(Devices, MnistOnnx, ::testing::Values("CPU", "GPU"));

}  // namespace
