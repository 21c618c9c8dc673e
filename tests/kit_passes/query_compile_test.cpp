// SPDX-License-Identifier: Apache-2.0
// "query equals compile" on the plugins built on devmux::kit::OpSupport: the CPU plugin (its classes
// linked in) and the mock plugin (through ov::Core). For every shared model, compile succeeds exactly
// when query reports every op supported; for a model with one unsupported op, compile names the op
// (name and type) and the device, and query leaves out exactly that op.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <functional>

#include "common/test_utils.hpp"
#include "core/core_test_utils.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/kit/model_io.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/runtime/core.hpp"
#include "plugin.hpp"

namespace {

using core_test::plugin_element;
using core_test::plugins_xml;
using devmux_test::TempDir;
using core_test::write_file;
using devmux_test::error_of;
using ::testing::HasSubstr;

// An op with no reference implementation and no kernel anywhere.
class NoKernelOp : public ov::op::Op {
public:
    OPENVINO_OP("NoKernelOp", "extension", ov::op::Op);
    NoKernelOp() = default;
    explicit NoKernelOp(const ov::Output<ov::Node>& arg) : ov::op::Op({arg}) { constructor_validate_and_infer_types(); }
    void validate_and_infer_types() override {
        set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
    }
    std::shared_ptr<ov::Node> clone_with_new_inputs(const ov::OutputVector& args) const override {
        return std::make_shared<NoKernelOp>(args.at(0));
    }
};

const char* const shared_models[] = {
    "squeezenet1.1-ir10/squeezenet1.1.xml",
    "squeezenet1.1-ir11/squeezenet1.1.xml",
    "gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml",
    "gaze-estimation-adas-0002/FP16-INT8/gaze-estimation-adas-0002.xml",
    "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml",
    "head-pose-estimation-adas-0001/FP16-INT8/head-pose-estimation-adas-0001.xml",
    "landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml",
    "landmarks-regression-retail-0009/FP16-INT8/landmarks-regression-retail-0009.xml",
    "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml",
    "vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml",
    "tiny/add_two_inputs_model/1/add.xml",
    "tiny/dummy/1/dummy.xml",
    "tiny/dummy_fp64/1/saved_model.xml",
    "tiny/increment_1x3x4x5/1/increment_1x3x4x5.xml",
    "tiny/passthrough/1/passthrough.xml",
    "tiny/scalar/1/saved_model.xml",
    "tiny/summator/1/summator.xml",
};

std::string model_path(const std::string& relative) { return std::string(DEVMUX_MODELS_DIR) + "/" + relative; }

std::string test_name(const ::testing::TestParamInfo<const char*>& info) {
    std::string name = info.param;
    name = name.substr(0, name.rfind('.'));  // the whole path: several models share a file name
    for (auto& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return name;
}

// Whether compile succeeds exactly when query takes every op of the model.
void expect_query_equals_compile(const ov::Model& model, const ov::SupportedOpsMap& supported,
                                 const std::function<void()>& compile, const std::string& device) {
    std::vector<std::string> left_out;
    for (const auto& node : model.get_ordered_ops())
        if (!supported.count(node->get_friendly_name()))
            left_out.push_back(node->get_friendly_name());
    for (const auto& kv : supported)
        EXPECT_EQ(kv.second, device) << kv.first;
    if (left_out.empty()) {
        EXPECT_NO_THROW(compile()) << "query reported every op supported";
    } else {
        const auto message = error_of(compile);
        EXPECT_FALSE(message.empty()) << "query left out '" << left_out[0] << "' but compile succeeded";
    }
}

class QueryEqualsCompileOnCpu : public ::testing::TestWithParam<const char*> {};

TEST_P(QueryEqualsCompileOnCpu, SharedModel) {
    if (!std::filesystem::exists(model_path(GetParam())))
        GTEST_SKIP() << "shared model " << model_path(GetParam()) << " is not present";
    auto model = devmux::kit::read_ir(model_path(GetParam()));
    auto plugin = std::make_shared<devmux::cpu::Plugin>();
    expect_query_equals_compile(*model, plugin->query_model(model, {}), [&] { plugin->compile_model(model, {}); },
                                "CPU");
}

INSTANTIATE_TEST_SUITE_P(Kit, QueryEqualsCompileOnCpu, ::testing::ValuesIn(shared_models), test_name);

class QueryEqualsCompileOnMock : public ::testing::TestWithParam<const char*> {
protected:
    TempDir dir;
};

TEST_P(QueryEqualsCompileOnMock, SharedModel) {
    if (!std::filesystem::exists(model_path(GetParam())))
        GTEST_SKIP() << "shared model " << model_path(GetParam()) << " is not present";
    const std::string xml = dir.file("plugins.xml");
    write_file(xml, plugins_xml(plugin_element("M", devmux_mock::library_path())));
    ov::Core core(xml);
    auto model = core.read_model(model_path(GetParam()));
    expect_query_equals_compile(*model, core.query_model(model, "M"), [&] { core.compile_model(model, "M"); }, "M.0");
}

INSTANTIATE_TEST_SUITE_P(Kit, QueryEqualsCompileOnMock, ::testing::ValuesIn(shared_models), test_name);

// x -> relu -> <op> -> mul(., x): every op but one is supported.
std::shared_ptr<ov::Model> model_with(const std::function<std::shared_ptr<ov::Node>(const ov::Output<ov::Node>&)>& make) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto odd = make(relu);
    odd->set_friendly_name("odd_one");
    auto mul = std::make_shared<ov::op::v1::Multiply>(odd, x);
    mul->set_friendly_name("mul");
    return std::make_shared<ov::Model>(ov::OutputVector{mul}, ov::ParameterVector{x}, "one_unsupported");
}

void expect_exactly_one_left_out(const ov::Model& model, const ov::SupportedOpsMap& supported) {
    EXPECT_EQ(supported.count("odd_one"), 0u);
    EXPECT_EQ(supported.size(), model.get_ordered_ops().size() - 1);
}

TEST(QueryEqualsCompileOnCpu, UnsupportedOpIsNamedAndExactlyItIsLeftOut) {
    auto model = model_with([](const ov::Output<ov::Node>& in) { return std::make_shared<NoKernelOp>(in); });
    auto plugin = std::make_shared<devmux::cpu::Plugin>();
    expect_exactly_one_left_out(*model, plugin->query_model(model, {}));
    const auto message = error_of([&] { plugin->compile_model(model, {}); });
    EXPECT_THAT(message, HasSubstr("'odd_one'"));
    EXPECT_THAT(message, HasSubstr("NoKernelOp"));
    EXPECT_THAT(message, HasSubstr("CPU"));
}

TEST(QueryEqualsCompileOnMock, UnsupportedOpIsNamedAndExactlyItIsLeftOut) {
    TempDir dir;
    const std::string xml = dir.file("plugins.xml");
    write_file(xml, plugins_xml(plugin_element("M", devmux_mock::library_path(),
                                               {{devmux_mock::device_ids, "0,7"},
                                                {devmux_mock::supported_ops, "Parameter,Result,Relu,Multiply"}})));
    ov::Core core(xml);
    auto model = model_with([](const ov::Output<ov::Node>& in) { return std::make_shared<ov::op::v0::Sigmoid>(in); });
    const auto supported = core.query_model(model, "M.7");
    expect_exactly_one_left_out(*model, supported);
    for (const auto& kv : supported)
        EXPECT_EQ(kv.second, "M.7") << kv.first;
    const auto message = error_of([&] { core.compile_model(model, "M.7"); });
    EXPECT_THAT(message, HasSubstr("'odd_one'"));
    EXPECT_THAT(message, HasSubstr("Sigmoid"));
    EXPECT_THAT(message, HasSubstr("M.7"));
}

// A backend that has no kernel of its own for an internal op still runs it through its reference evaluate().
TEST(QueryEqualsCompileOnCpu, FusedGraphIsSupportedAndComputesTheUnfusedValues) {
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 3, 8, 8});
    auto filters = std::make_shared<ov::op::v0::Constant>(devmux_test::random_f32({4, 3, 3, 3}, 31, -1.0f, 1.0f));
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, filters, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(
        conv, std::make_shared<ov::op::v0::Constant>(devmux_test::random_f32({1, 4, 1, 1}, 32, -1.0f, 1.0f)));
    auto relu = std::make_shared<ov::op::v0::Relu>(bias);
    auto unfused = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{data}, "conv_relu");
    auto fused = unfused->clone();
    ASSERT_EQ(devmux::kit::fuse_convolutions(*fused), 1u);

    auto plugin = std::make_shared<devmux::cpu::Plugin>();
    EXPECT_EQ(plugin->query_model(fused, {}).size(), fused->get_ordered_ops().size());
    const auto input = devmux_test::random_f32({1, 3, 8, 8}, 33, -1.0f, 1.0f);
    std::vector<std::vector<float>> results;
    for (const auto& model : {unfused, fused}) {
        auto compiled = plugin->compile_model(model, {});
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], input);
        request->infer();
        results.push_back(devmux_test::values<float>(request->get_tensor(compiled->outputs()[0])));
    }
    ASSERT_EQ(results[0].size(), results[1].size());
    size_t positive = 0;
    for (size_t i = 0; i < results[0].size(); ++i) {
        EXPECT_NEAR(results[1][i], results[0][i], 1e-4f * (1.0f + std::fabs(results[0][i]))) << i;
        positive += results[0][i] > 0.0f;
    }
    EXPECT_GT(positive, 0u);
}

}  // namespace
