// SPDX-License-Identifier: Apache-2.0
// The precision of HETERO's boundaries: an f16 model split op by op computes as one f32 device would
// (boundaries carry f32, the user's f16 tensors are converted at the model's own inputs and outputs),
// unless ov::hint::inference_precision asks for f16. Devices: CPU and the core test plugin (reference
// evaluate() per op, in the element types it is given).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "openvino/core/type/float16.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/subtract.hpp"
#include "openvino/runtime/core.hpp"
#include "openvino/runtime/properties.hpp"

namespace {

constexpr size_t N = 64;
constexpr float third = 1.f / 3.f;

std::unique_ptr<ov::Core> make_core() {
    auto core = std::make_unique<ov::Core>();
    const std::string library = std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_test_plugin.so";
    core->register_plugin(library, "TEMPLATE");
    return core;
}

// y = (x * f16(1/3)) * 3 - x: in f32 a small multiple of x (f16(1/3) is not 1/3), but rounding x * f16(1/3)
// to f16 on its way to the next device makes an error as large as the value itself.
std::shared_ptr<ov::Model> cancelling_model(const ov::Shape& shape, const std::string& first,
                                            const std::string& second) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f16, shape);
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto scale = std::make_shared<ov::op::v1::Multiply>(
        x, ov::op::v0::Constant::create(ov::element::f16, ov::Shape{1}, {third}));
    scale->set_friendly_name("scale");
    auto back = std::make_shared<ov::op::v1::Multiply>(
        scale, ov::op::v0::Constant::create(ov::element::f16, ov::Shape{1}, {3.f}));
    back->set_friendly_name("back");
    auto difference = std::make_shared<ov::op::v1::Subtract>(back, x);
    difference->set_friendly_name("difference");
    difference->output(0).set_names({"y"});
    auto out = std::make_shared<ov::op::v0::Result>(difference);
    auto model = std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "cancelling");
    scale->get_rt_info()["affinity"] = first;
    back->get_rt_info()["affinity"] = second;
    difference->get_rt_info()["affinity"] = first;
    return model;
}

std::vector<ov::float16> random_input(size_t count, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(1.f, 100.f);
    std::vector<ov::float16> x(count);
    for (auto& v : x)
        v = ov::float16(dist(gen) * (gen() % 2 ? 1.f : -1.f));
    return x;
}

// The f32 value of the model for each input, computed here.
float f32_reference(ov::float16 x) {
    const float w = static_cast<float>(ov::float16(third));
    return static_cast<float>(x) * w * 3.f - static_cast<float>(x);
}

// The largest error relative to the f32 reference, in units of the reference's magnitude.
float worst_relative_error(const ov::Tensor& y, const std::vector<ov::float16>& x) {
    float worst = 0.f;
    for (size_t i = 0; i < x.size(); ++i) {
        const float want = f32_reference(x[i]);
        const float got = static_cast<float>(y.data<ov::float16>()[i]);
        worst = std::max(worst, std::fabs(got - want) / std::fabs(want));
    }
    return worst;
}

ov::Tensor run(ov::CompiledModel& compiled, const std::vector<ov::float16>& x, const ov::Shape& shape) {
    auto request = compiled.create_infer_request();
    ov::Tensor input(ov::element::f16, shape);
    std::copy(x.begin(), x.end(), input.data<ov::float16>());
    request.set_tensor("x", input);
    request.infer();
    return request.get_tensor("y");
}

size_t transfer_bytes(ov::InferRequest& request) {
    size_t bytes = 0;
    for (const auto& info : request.get_profiling_info()) {
        if (info.node_type != "Transfer")
            continue;
        const auto at = info.exec_type.rfind('_');
        bytes += std::stoul(info.exec_type.substr(at + 1));
    }
    return bytes;
}

}  // namespace

// f16 rounding of the result alone is 2^-11 relative; a rounded boundary gives errors near 1.
constexpr float f16_result_tolerance = 1e-3f;

TEST(HeteroPrecision, F16ModelSplitOpByOpComputesAsOneF32Device) {
    auto core = make_core();
    auto compiled = core->compile_model(cancelling_model(ov::Shape{1, N}, "TEMPLATE", "CPU"), "HETERO:TEMPLATE,CPU");
    ASSERT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    EXPECT_EQ(compiled.input().get_element_type(), ov::element::f16);
    EXPECT_EQ(compiled.output().get_element_type(), ov::element::f16);
    for (unsigned seed : {1u, 2u}) {
        const auto x = random_input(N, seed);
        const ov::Tensor y = run(compiled, x, ov::Shape{1, N});
        EXPECT_EQ(y.get_element_type(), ov::element::f16);
        EXPECT_LT(worst_relative_error(y, x), f16_result_tolerance) << "seed " << seed;
    }
}

TEST(HeteroPrecision, BoundariesCarryF32UnlessF16IsAskedFor) {
    auto core = make_core();
    const auto model = cancelling_model(ov::Shape{1, N}, "TEMPLATE", "CPU");
    auto widened = core->compile_model(model, "HETERO:TEMPLATE,CPU", ov::enable_profiling(true));
    auto asked = core->compile_model(model, "HETERO:TEMPLATE,CPU", ov::enable_profiling(true),
                                     ov::hint::inference_precision(ov::element::f16));
    const auto x = random_input(N, 3);
    auto first = widened.create_infer_request();
    auto second = asked.create_infer_request();
    for (auto* request : {&first, &second}) {
        ov::Tensor input(ov::element::f16, ov::Shape{1, N});
        std::copy(x.begin(), x.end(), input.data<ov::float16>());
        request->set_tensor("x", input);
        request->infer();
    }
    // Two boundaries (scale -> back -> difference) and x read by two subgraphs: the links are the two.
    EXPECT_EQ(transfer_bytes(first), 2 * N * sizeof(float));
    EXPECT_EQ(transfer_bytes(second), 2 * N * sizeof(ov::float16));
    EXPECT_LT(worst_relative_error(first.get_tensor("y"), x), f16_result_tolerance);
    // Asked for f16, the boundaries round as the user wanted: the cancellation shows it.
    EXPECT_GT(worst_relative_error(second.get_tensor("y"), x), 0.05f);
}

TEST(HeteroPrecision, UserTensorsSetLaterAreConvertedToo) {
    auto core = make_core();
    auto compiled = core->compile_model(cancelling_model(ov::Shape{1, N}, "TEMPLATE", "CPU"), "HETERO:TEMPLATE,CPU");
    auto request = compiled.create_infer_request();
    const auto x = random_input(N, 4);
    ov::Tensor input(ov::element::f16, ov::Shape{1, N}), output(ov::element::f16, ov::Shape{1, N});
    std::copy(x.begin(), x.end(), input.data<ov::float16>());
    request.set_tensor("x", input);
    request.set_tensor("y", output);
    request.infer();
    EXPECT_EQ(request.get_tensor("y").data(), output.data());  // written in the user's own tensor
    EXPECT_LT(worst_relative_error(output, x), f16_result_tolerance);
}

TEST(HeteroPrecision, ExportImportKeepsTheF32Boundaries) {
    auto core = make_core();
    auto compiled = core->compile_model(cancelling_model(ov::Shape{1, N}, "TEMPLATE", "CPU"), "HETERO:TEMPLATE,CPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core->import_model(blob, "HETERO");
    EXPECT_EQ(imported.input().get_element_type(), ov::element::f16);
    const auto x = random_input(N, 5);
    EXPECT_LT(worst_relative_error(run(imported, x, ov::Shape{1, N}), x), f16_result_tolerance);
}
