// SPDX-License-Identifier: Apache-2.0
// The CPU plugin as applications reach it: through ov::Core, which loads libdevmux_cpu_plugin.so from the
// build tree's plugins.xml.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "devmux/plugin/device_identity.hpp"
#include "openvino/openvino.hpp"
#include "test_utils.hpp"

namespace {

using namespace cpu_test;

TEST(CpuThroughCore, IsListedAsPlainCpu) {
    ov::Core core;
    const auto devices = core.get_available_devices();
    EXPECT_NE(std::find(devices.begin(), devices.end(), "CPU"), devices.end());
    EXPECT_EQ(core.get_property("CPU", ov::device::full_name), devmux::host_cpu_name());
    EXPECT_EQ(core.get_property("CPU", ov::device::uuid), devmux::host_cpu_uuid());
}

TEST(CpuThroughCore, SqueezeNetClassifiesThePizza) {
    ov::Core core;
    auto compiled = core.compile_model(models_dir() + "/squeezenet1.1-ir11/squeezenet1.1.xml", "CPU");
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"CPU"});
    auto request = compiled.create_infer_request();
    const auto& port = compiled.input();
    request.set_input_tensor(tensor_for(port.get_element_type(), port.get_shape(),
                                        read_f32_file(models_dir() + "/inputs/pizza_1x3x227x227_nchw_bgr_minus_mean.f32")));
    request.infer();
    const auto prob = to_floats(request.get_output_tensor());
    ASSERT_EQ(prob.size(), 1000u);
    EXPECT_EQ(std::max_element(prob.begin(), prob.end()) - prob.begin(), 963);
}

TEST(CpuThroughCore, AsyncRequestsAndStateWork) {
    ov::Core core;
    auto compiled = core.compile_model(core.read_model(models_dir() + "/tiny/summator/1/summator.xml"), "CPU");
    auto request = compiled.create_infer_request();
    request.set_input_tensor(tensor_for(ov::element::f32, {1, 1}, {2.0f}));
    request.start_async();
    request.wait();
    const float first = to_floats(request.get_output_tensor())[0];
    request.start_async();
    request.wait();
    EXPECT_FLOAT_EQ(to_floats(request.get_output_tensor())[0], first + 2.0f);
    ASSERT_EQ(request.query_state().size(), 1u);
    request.reset_state();
    request.infer();
    EXPECT_FLOAT_EQ(to_floats(request.get_output_tensor())[0], first);
}

TEST(CpuThroughCore, ExportImportRoundTrip) {
    ov::Core core;
    auto compiled = core.compile_model(
        models_dir() + "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml", "CPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core.import_model(blob, "CPU");
    const auto x = random_tensor(compiled.input().get_shape(), 3, 0.0f, 255.0f);
    std::vector<std::vector<float>> outputs;
    for (auto& cm : {compiled, imported}) {
        auto request = const_cast<ov::CompiledModel&>(cm).create_infer_request();
        request.set_input_tensor(x);
        request.infer();
        outputs.push_back(to_floats(request.get_output_tensor()));
    }
    EXPECT_EQ(outputs[0], outputs[1]);
}

}  // namespace
