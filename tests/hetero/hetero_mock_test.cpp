// SPDX-License-Identifier: Apache-2.0
// HETERO over mock devices with partial op sets (tests/mock_plugin, issue 3 §1): the greedy query,
// what each device is asked, unsupported ops, and a real model split by what a device lacks.
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/runtime/core.hpp"

namespace {

constexpr size_t N = 8;


// x -> relu -> mul(w) -> add(x) -> sigmoid -> out
std::shared_ptr<ov::Model> small_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto w = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, std::vector<float>(N, 0.5f));
    w->set_friendly_name("w");
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, w);
    mul->set_friendly_name("mul");
    auto add = std::make_shared<ov::op::v1::Add>(mul, x);
    add->set_friendly_name("add");
    auto sig = std::make_shared<ov::op::v0::Sigmoid>(add);
    sig->set_friendly_name("sigmoid");
    auto out = std::make_shared<ov::op::v0::Result>(sig);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "small");
}

size_t counter(ov::Core& core, const std::string& device, const std::string& key) {
    ov::Any value = core.get_property(device, key);
    if (value.is<std::string>())
        return static_cast<size_t>(std::stoul(value.as<std::string>()));
    return value.as<size_t>();
}

using devmux_test::error_of;

TEST(HeteroMock, GreedyQueryInPriorityOrder) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,Add"}});
    core.register_plugin(devmux_mock::library_path(), "MB", {});
    const auto answer = core.query_model(small_model(), "HETERO:MA,MB");
    EXPECT_EQ(answer.at("relu"), "MA.0");
    EXPECT_EQ(answer.at("add"), "MA.0");
    EXPECT_EQ(answer.at("mul"), "MB.0");
    EXPECT_EQ(answer.at("sigmoid"), "MB.0");
    EXPECT_EQ(answer.at("w"), "MB.0");    // the Constant follows its consumer
    EXPECT_EQ(answer.at("out"), "MB.0");  // the Result follows its producer
    EXPECT_EQ(answer.at("x"), "MA.0");
    EXPECT_EQ(counter(core, "MA", "MOCK_QUERY_MODEL_CALLS"), 1u);
    EXPECT_EQ(counter(core, "MB", "MOCK_QUERY_MODEL_CALLS"), 1u);
}

TEST(HeteroMock, LaterDeviceIsNotAskedWhenTheFirstTakesAll) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "MA", {});
    core.register_plugin(devmux_mock::library_path(), "MB", {});
    core.query_model(small_model(), "HETERO:MA,MB");
    EXPECT_EQ(counter(core, "MB", "MOCK_QUERY_MODEL_CALLS"), 0u);
}

TEST(HeteroMock, ParameterWhoseConsumersAreAllUnsupportedIsLeftOut) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Multiply"}});
    const auto answer = core.query_model(small_model(), "HETERO:MA");
    EXPECT_FALSE(answer.count("x"));
    EXPECT_FALSE(answer.count("relu"));
    EXPECT_EQ(answer.at("mul"), "MA.0");
}

TEST(HeteroMock, OpNoDeviceSupportsFailsCompileNamingItAndTheDevices) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu"}});
    core.register_plugin(devmux_mock::library_path(), "MB", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Add,Multiply"}});
    const auto text = error_of([&] { core.compile_model(small_model(), "HETERO:MA,MB"); });
    EXPECT_NE(text.find("'sigmoid'"), std::string::npos) << text;
    EXPECT_NE(text.find("MA,MB"), std::string::npos) << text;
}

TEST(HeteroMock, ManualAffinityRunsNoQuery) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "MA", {});
    core.register_plugin(devmux_mock::library_path(), "MB", {});
    auto model = small_model();
    for (const auto& node : model->get_ordered_ops())
        node->get_rt_info()["affinity"] = std::string(node->get_friendly_name() == "mul" ? "MB" : "MA");
    auto compiled = core.compile_model(model, "HETERO:MA,MB");
    EXPECT_EQ(counter(core, "MA", "MOCK_QUERY_MODEL_CALLS"), 0u);
    EXPECT_EQ(counter(core, "MB", "MOCK_QUERY_MODEL_CALLS"), 0u);
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    EXPECT_EQ(counter(core, "MA", "MOCK_COMPILE_MODEL_CALLS"), 2u);
    EXPECT_EQ(counter(core, "MB", "MOCK_COMPILE_MODEL_CALLS"), 1u);
}

// SqueezeNet on HETERO:M,CPU where M runs only pooling and softmax: 8 subgraphs, same outputs as CPU.
TEST(HeteroMock, RealModelOnADeviceLackingOpsMatchesCpu) {
    ov::Core core;
    core.register_plugin(devmux_mock::library_path(), "M", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,MaxPool,Softmax"}});
    const std::string xml = std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml";
    auto hetero = core.compile_model(core.read_model(xml), "HETERO:M,CPU");
    EXPECT_EQ(hetero.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 8u);
    EXPECT_EQ(hetero.get_property(ov::execution_devices), (std::vector<std::string>{"CPU", "M.0"}));
    auto cpu = core.compile_model(core.read_model(xml), "CPU");
    const ov::Tensor input = devmux_test::random_f32(hetero.input().get_shape(), 11, -100.f, 100.f);
    devmux_test::expect_same_output(hetero, cpu, input, 1e-5f);
}

}  // namespace
