// SPDX-License-Identifier: Apache-2.0
// The shared IR models, translated to ONNX by an independent translator (../shared/peers/onnxruntime/ir2onnx.py,
// Python with the onnx package), read both ways: the IR and the ONNX file must give the same outputs on CPU
// (within 1e-5 of the largest output) for the same seeded random input.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "common/test_utils.hpp"
#include "openvino/runtime/core.hpp"

namespace {
namespace fs = std::filesystem;

const fs::path models = DEVMUX_MODELS_DIR;
const fs::path translator = fs::path(DEVMUX_MODELS_DIR) / ".." / "peers" / "onnxruntime" / "ir2onnx.py";

class IrAndOnnx : public ::testing::TestWithParam<std::string> {};

TEST_P(IrAndOnnx, GiveTheSameOutputs) {
    const fs::path xml = models / (GetParam() + ".xml");
    ASSERT_TRUE(fs::exists(xml)) << xml;
    ASSERT_TRUE(fs::exists(translator)) << translator;
    devmux_test::TempDir dir;
    const std::string onnx_path = dir.file("model.onnx");
    const std::string command =
        "/usr/bin/python3 '" + translator.string() + "' '" + xml.string() + "' '" + onnx_path + "' --f32 > /dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command << " failed (it needs python3-onnx and python3-numpy, "
                                                  "which scripts/build installs)";
    ov::Core core;
    auto from_ir = core.compile_model(core.read_model(xml.string()), "CPU");
    auto from_onnx = core.compile_model(core.read_model(onnx_path), "CPU");
    ASSERT_EQ(from_ir.inputs().size(), 1u);
    ASSERT_EQ(from_onnx.inputs().size(), 1u);
    ASSERT_EQ(from_ir.input().get_shape(), from_onnx.input().get_shape());
    ov::Tensor input(ov::element::f32, from_ir.input().get_shape());
    std::mt19937 generator(31);
    std::uniform_real_distribution<float> value(0.0f, 255.0f);
    for (size_t i = 0; i < input.get_size(); ++i)
        input.data<float>()[i] = value(generator);
    auto ir_request = from_ir.create_infer_request();
    auto onnx_request = from_onnx.create_infer_request();
    ir_request.set_input_tensor(input);
    onnx_request.set_input_tensor(input);
    ir_request.infer();
    onnx_request.infer();
    ASSERT_EQ(from_ir.outputs().size(), from_onnx.outputs().size());
    for (size_t k = 0; k < from_ir.outputs().size(); ++k) {
        // The translator names and orders outputs its own way: outputs pair up by their (distinct) shapes.
        const auto a = ir_request.get_output_tensor(k);
        size_t match = from_onnx.outputs().size();
        for (size_t j = 0; j < from_onnx.outputs().size(); ++j)
            if (from_onnx.output(j).get_shape() == a.get_shape())
                match = j;
        ASSERT_LT(match, from_onnx.outputs().size()) << "no ONNX output has the shape of IR output " << k;
        const auto b = onnx_request.get_output_tensor(match);
        float scale = 1e-6f, worst = 0.0f;
        for (size_t i = 0; i < a.get_size(); ++i)
            scale = std::max(scale, std::fabs(a.data<float>()[i]));
        for (size_t i = 0; i < a.get_size(); ++i)
            worst = std::max(worst, std::fabs(a.data<float>()[i] - b.data<float>()[i]));
        EXPECT_LE(worst, 1e-5f * scale) << GetParam() << " output " << k << ": max difference " << worst
                                        << " against a largest value of " << scale;
    }
}

std::string model_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = fs::path(info.param).filename().string();
    for (auto& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(SharedModels, IrAndOnnx,
                         ::testing::Values("squeezenet1.1-ir11/squeezenet1.1",
                                           "vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039",
                                           "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009"),
                         model_name);

}  // namespace
