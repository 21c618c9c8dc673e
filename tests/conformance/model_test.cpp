// SPDX-License-Identifier: Apache-2.0
// The shared real models (../shared/models, see its README.md) on every device, within 1e-3 of the
// reference outputs stored beside them (ONNX Runtime, fp32). Metric: max |a - b| / max(max |b|, 1e-3).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "conformance.hpp"

namespace conformance {
namespace {

struct Port {
    const char* name;  // tensor name, or node friendly name, as in the model's ref.json
    const char* file;  // raw little-endian f32, relative to the ref folder
};

struct RealModel {
    const char* label;
    const char* xml;  // relative to DEVMUX_MODELS_DIR
    const char* ref;  // the folder of the reference files, relative to DEVMUX_MODELS_DIR
    std::vector<Port> inputs, outputs;
};

const std::vector<RealModel>& real_models() {
    static const std::vector<RealModel> models = {
        {"squeezenet1_1_ir10",
         "squeezenet1.1-ir10/squeezenet1.1.xml",
         "squeezenet1.1-ir10/ref",
         {{"data", "squeezenet1.1.input.data.f32"}},
         {{"prob/sink_port_0", "squeezenet1.1.output.prob_sink_port_0.f32"}}},
        {"squeezenet1_1_ir11",
         "squeezenet1.1-ir11/squeezenet1.1.xml",
         "squeezenet1.1-ir11/ref",
         {{"data", "squeezenet1.1.input.data.f32"}},
         {{"prob/sink_port_0", "squeezenet1.1.output.prob_sink_port_0.f32"}}},
        {"vehicle_attributes_0039",
         "vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml",
         "vehicle-attributes-recognition-barrier-0039/ref",
         {{"input", "vehicle-attributes-recognition-barrier-0039.input.input.f32"}},
         {{"color/sink_port_0", "vehicle-attributes-recognition-barrier-0039.output.color_sink_port_0.f32"},
          {"type/sink_port_0", "vehicle-attributes-recognition-barrier-0039.output.type_sink_port_0.f32"}}},
        {"landmarks_0009_fp32",
         "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml",
         "landmarks-regression-retail-0009/FP32/ref",
         {{"0", "landmarks-regression-retail-0009.input.0.f32"}},
         {{"95/sink_port_0", "landmarks-regression-retail-0009.output.95_sink_port_0.f32"}}},
        {"landmarks_0009_fp16",
         "landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml",
         "landmarks-regression-retail-0009/FP16/ref",
         {{"0", "landmarks-regression-retail-0009.input.0.f32"}},
         {{"95/sink_port_0", "landmarks-regression-retail-0009.output.95_sink_port_0.f32"}}},
        {"head_pose_0001_fp16",
         "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml",
         "head-pose-estimation-adas-0001/FP16/ref",
         {{"data", "head-pose-estimation-adas-0001.input.data.f32"}},
         {{"angle_p_fc/sink_port_0", "head-pose-estimation-adas-0001.output.angle_p_fc_sink_port_0.f32"},
          {"angle_r_fc/sink_port_0", "head-pose-estimation-adas-0001.output.angle_r_fc_sink_port_0.f32"},
          {"angle_y_fc/sink_port_0", "head-pose-estimation-adas-0001.output.angle_y_fc_sink_port_0.f32"}}},
        {"gaze_0002_fp16",
         "gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml",
         "gaze-estimation-adas-0002/FP16/ref",
         {{"left_eye_image", "gaze-estimation-adas-0002.input.left_eye_image.f32"},
          {"right_eye_image", "gaze-estimation-adas-0002.input.right_eye_image.f32"},
          {"head_pose_angles", "gaze-estimation-adas-0002.input.head_pose_angles.f32"}},
         {{"gaze_vector/sink_port_0", "gaze-estimation-adas-0002.output.gaze_vector_sink_port_0.f32"}}},
    };
    return models;
}

std::string models_dir() { return DEVMUX_MODELS_DIR; }

std::vector<float> read_f32(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    OPENVINO_ASSERT(in, "conformance: cannot open ", path);
    const auto bytes = static_cast<size_t>(in.tellg());
    std::vector<float> values(bytes / sizeof(float));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
    return values;
}

// The stored f32 values as a tensor of the port's element type and shape.
ov::Tensor tensor_for(const ov::Output<const ov::Node>& port, const std::vector<float>& values) {
    ov::Tensor f32(ov::element::f32, port.get_shape());
    OPENVINO_ASSERT(f32.get_size() == values.size(), "conformance: ", values.size(), " stored values for port ",
                    port.get_any_name(), " of ", f32.get_size(), " elements");
    std::copy(values.begin(), values.end(), f32.data<float>());
    if (port.get_element_type() == ov::element::f32)
        return f32;
    OPENVINO_ASSERT(port.get_element_type() == ov::element::f16, "conformance: port ", port.get_any_name(),
                    " has element type ", port.get_element_type());
    ov::Tensor f16(ov::element::f16, port.get_shape());
    for (size_t i = 0; i < values.size(); ++i)
        f16.data<ov::float16>()[i] = ov::float16(values[i]);
    return f16;
}

struct ModelParam {
    const Device* device;
    const RealModel* model;
};

void PrintTo(const ModelParam& p, std::ostream* os) {
    *os << p.device->label << " " << p.model->xml;
}

std::vector<ModelParam> model_params() {
    std::vector<ModelParam> params;
    for (const auto& device : devices())
        for (const auto& model : real_models())
            params.push_back({&device, &model});
    return params;
}

// Compiles the model for the device with `config`, infers the stored inputs and returns each output's
// normalised error against the stored reference.
std::vector<double> reference_errors(const Device& device, const RealModel& model, const ov::AnyMap& config) {
    const std::string ref = models_dir() + "/" + model.ref + "/";
    auto compiled = core().compile_model(core().read_model(models_dir() + "/" + model.xml), device.name, config);
    auto request = compiled.create_infer_request();
    for (const auto& in : model.inputs) {
        const auto& port = compiled.inputs()[find_port(compiled.inputs(), in.name, false)];
        request.set_tensor(port, tensor_for(port, read_f32(ref + in.file)));
    }
    request.infer();
    std::vector<double> errors;
    for (const auto& out : model.outputs) {
        const auto& port = compiled.outputs()[find_port(compiled.outputs(), out.name, true)];
        const ov::Tensor actual = request.get_tensor(port);
        const auto expected_values = read_f32(ref + out.file);
        ov::Tensor expected(ov::element::f32, actual.get_shape());
        EXPECT_EQ(expected.get_size(), expected_values.size()) << out.name;
        std::copy_n(expected_values.begin(), std::min(expected_values.size(), expected.get_size()),
                    expected.data<float>());
        errors.push_back(normalised_error(actual, expected, 1e-3));
    }
    return errors;
}

class RealModels : public ::testing::TestWithParam<ModelParam> {};

TEST_P(RealModels, MatchReferenceOutputs) {
    const ModelParam& p = GetParam();
    run(*p.device, [&] {
        const auto errors = reference_errors(*p.device, *p.model, {});
        for (size_t o = 0; o < errors.size(); ++o)
            EXPECT_LE(errors[o], 1e-3) << p.model->xml << " output " << p.model->outputs[o].name;
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, RealModels, ::testing::ValuesIn(model_params()),
                         [](const ::testing::TestParamInfo<ModelParam>& info) {
                             return test_name(info.param.device->label, info.param.model->label);
                         });

// The devices that store values in f16 at ov::hint::inference_precision f16 (VULKAN, on devices with f16
// storage: lavapipe has it). The tolerance is f16's: about 1e-3 per rounding, over the tens of layers of these
// models; the error must also be above f32's, so the values really were stored in f16.
std::vector<ModelParam> f16_model_params() {
    std::vector<ModelParam> params;
    for (const auto& param : model_params())
        if (param.device->label == "VULKAN")
            params.push_back(param);
    return params;
}

class RealModelsF16 : public ::testing::TestWithParam<ModelParam> {};

TEST_P(RealModelsF16, MatchReferenceOutputsWithinF16Rounding) {
    const ModelParam& p = GetParam();
    run(*p.device, [&] {
        const auto capabilities = core().get_property(p.device->property_device, ov::device::capabilities);
        ASSERT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP16),
                  capabilities.end())
            << p.device->name << " lists no FP16 capability";
        const auto errors = reference_errors(*p.device, *p.model, {ov::hint::inference_precision(ov::element::f16)});
        for (size_t o = 0; o < errors.size(); ++o) {
            EXPECT_LE(errors[o], 2e-2) << p.model->xml << " output " << p.model->outputs[o].name;
            EXPECT_GT(errors[o], 1e-5) << p.model->xml << " output " << p.model->outputs[o].name
                                       << ": no f16 rounding seen";
        }
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, RealModelsF16, ::testing::ValuesIn(f16_model_params()),
                         [](const ::testing::TestParamInfo<ModelParam>& info) {
                             return test_name(info.param.device->label, info.param.model->label);
                         });

}  // namespace
}  // namespace conformance
