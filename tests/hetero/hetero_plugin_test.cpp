// SPDX-License-Identifier: Apache-2.0
// The HETERO plugin through ov::Core. Devices below it: CPU and the core test plugin registered as
// "TEMPLATE" (reference evaluate() per op; accepts TEST_FAIL_INFER and TEST_ECHO_* properties).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "common/test_utils.hpp"
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
namespace fs = std::filesystem;

constexpr size_t N = 16;

std::unique_ptr<ov::Core> make_core() {
    auto core = std::make_unique<ov::Core>();
    core->register_plugin(std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_test_plugin.so", "TEMPLATE");
    return core;
}

std::vector<float> weights() {
    std::vector<float> w(N);
    for (size_t i = 0; i < N; ++i)
        w[i] = 0.25f * static_cast<float>(i) - 1.5f;
    return w;
}

// out = sigmoid(relu(x) * w + x): four compute ops, named so tests can place them.
std::shared_ptr<ov::Model> small_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto w = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, weights());
    w->set_friendly_name("w");
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, w);
    mul->set_friendly_name("mul");
    auto add = std::make_shared<ov::op::v1::Add>(mul, x);
    add->set_friendly_name("add");
    auto sig = std::make_shared<ov::op::v0::Sigmoid>(add);
    sig->set_friendly_name("sigmoid");
    sig->output(0).set_names({"y"});
    auto out = std::make_shared<ov::op::v0::Result>(sig);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "small");
}

std::vector<float> expected(const std::vector<float>& x) {
    const auto w = weights();
    std::vector<float> y(N);
    for (size_t i = 0; i < N; ++i) {
        const float v = std::max(x[i], 0.f) * w[i] + x[i];
        y[i] = 1.f / (1.f + std::exp(-v));
    }
    return y;
}

std::vector<float> random_input(unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-3.f, 3.f);
    std::vector<float> x(N);
    for (auto& v : x)
        v = dist(gen);
    return x;
}

void set_affinities(const std::shared_ptr<ov::Model>& model, const std::map<std::string, std::string>& affinities) {
    for (const auto& node : model->get_ordered_ops()) {
        const auto found = affinities.find(node->get_friendly_name());
        if (found != affinities.end())
            node->get_rt_info()["affinity"] = found->second;
    }
}

// relu and add on TEMPLATE, mul and sigmoid on CPU: four subgraphs.
std::shared_ptr<ov::Model> alternating_model() {
    auto model = small_model();
    set_affinities(model, {{"relu", "TEMPLATE"}, {"mul", "CPU"}, {"add", "TEMPLATE"}, {"sigmoid", "CPU"}});
    return model;
}

void run_and_check(ov::InferRequest& request, unsigned seed) {
    const auto x = random_input(seed);
    ov::Tensor input(ov::element::f32, ov::Shape{1, N});
    std::copy(x.begin(), x.end(), input.data<float>());
    request.set_tensor("x", input);
    request.infer();
    const ov::Tensor y = request.get_tensor("y");
    const auto want = expected(x);
    for (size_t i = 0; i < N; ++i)
        EXPECT_NEAR(y.data<float>()[i], want[i], 1e-5f) << i;
}

using devmux_test::error_of;

TEST(HeteroPlugin, NoDeviceListIsAnError) {
    auto core = make_core();
    const auto text = error_of([&] { core->compile_model(small_model(), "HETERO"); });
    EXPECT_NE(text.find("no devices"), std::string::npos) << text;
    const auto empty = error_of([&] { core->compile_model(small_model(), "HETERO", {{"MULTI_DEVICE_PRIORITIES", ""}}); });
    EXPECT_NE(empty.find("no devices"), std::string::npos) << empty;
}

TEST(HeteroPlugin, UnknownDeviceIsNamed) {
    auto core = make_core();
    const auto text = error_of([&] { core->compile_model(small_model(), "HETERO:NOPE,CPU"); });
    EXPECT_NE(text.find("'NOPE'"), std::string::npos) << text;
}

// A model whose input shape is dynamic runs on a device list whose device runs dynamic shapes (CPU), as on
// that device alone; devices that need static shapes refuse it naming the shapes (hetero_dynamic_test.cpp).
TEST(HeteroPlugin, DynamicInputShapesRunOnADeviceThatRunsThem) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{-1, static_cast<int64_t>(N)});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    relu->output(0).set_names({"y"});
    auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                             ov::ParameterVector{x}, "dynamic");
    ov::Core core;
    auto request = core.compile_model(model, "HETERO:CPU").create_infer_request();
    std::mt19937 generator(57);
    std::uniform_real_distribution<float> values(-3.f, 3.f);
    for (size_t batch : {3u, 1u, 5u}) {
        ov::Tensor input(ov::element::f32, ov::Shape{batch, N});
        for (size_t i = 0; i < input.get_size(); ++i)
            input.data<float>()[i] = values(generator);
        request.set_tensor("x", input);
        request.infer();
        const ov::Tensor y = request.get_tensor("y");
        ASSERT_EQ(y.get_shape(), (ov::Shape{batch, N}));
        for (size_t i = 0; i < input.get_size(); ++i)
            EXPECT_EQ(y.data<float>()[i], std::max(input.data<float>()[i], 0.f)) << batch << " " << i;
    }
}

TEST(HeteroPlugin, PrioritiesAsAList) {
    auto core = make_core();
    auto compiled = core->compile_model(small_model(), "HETERO",
                                        {{"MULTI_DEVICE_PRIORITIES", std::vector<std::string>{"CPU", "TEMPLATE"}}});
    EXPECT_EQ(compiled.get_property(ov::device::priorities), "CPU,TEMPLATE");
    EXPECT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{"CPU"}));
}

TEST(HeteroPlugin, QueryGivesEveryOpToTheFirstDeviceThatTakesIt) {
    auto core = make_core();
    const auto answer = core->query_model(small_model(), "HETERO:TEMPLATE,CPU");
    for (const char* name : {"x", "relu", "w", "mul", "add", "sigmoid", "out"}) {
        ASSERT_TRUE(answer.count(name)) << name;
        EXPECT_EQ(answer.at(name), "TEMPLATE") << name;
    }
}

TEST(HeteroPlugin, ManualAffinitySplitsAndMatchesTheReference) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU");
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 4u);
    EXPECT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{"TEMPLATE", "CPU"}));
    EXPECT_EQ(compiled.get_property(ov::model_name), "small");
    EXPECT_GE(compiled.get_property(ov::optimal_number_of_infer_requests), 2u);
    auto request = compiled.create_infer_request();
    run_and_check(request, 1);
    run_and_check(request, 2);  // the second run reuses the same intermediate tensors
}

TEST(HeteroPlugin, PartialManualAffinityNamesTheUnassignedOps) {
    auto core = make_core();
    auto model = small_model();
    set_affinities(model, {{"relu", "TEMPLATE"}, {"mul", "CPU"}});
    const auto text = error_of([&] { core->compile_model(model, "HETERO:TEMPLATE,CPU"); });
    EXPECT_NE(text.find("'add'"), std::string::npos) << text;
    EXPECT_NE(text.find("'sigmoid'"), std::string::npos) << text;
    EXPECT_EQ(text.find("'mul'"), std::string::npos) << text;
}

TEST(HeteroPlugin, CombinedModeQueryEditCompile) {
    auto core = make_core();
    auto model = small_model();
    auto answer = core->query_model(model, "HETERO:TEMPLATE,CPU");
    answer["mul"] = "CPU";
    answer["add"] = "CPU";
    set_affinities(model, answer);
    auto compiled = core->compile_model(model, "HETERO:TEMPLATE,CPU");
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    auto request = compiled.create_infer_request();
    run_and_check(request, 3);
}

TEST(HeteroPlugin, OutputTensorOfTheUserIsWrittenInPlace) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU");
    auto request = compiled.create_infer_request();
    ov::Tensor mine(ov::element::f32, ov::Shape{1, N});
    request.set_tensor(compiled.output(0), mine);
    const auto x = random_input(4);
    std::copy(x.begin(), x.end(), request.get_tensor(compiled.input(0)).data<float>());
    request.infer();
    EXPECT_EQ(request.get_tensor(compiled.output(0)).data(), mine.data());
    EXPECT_NEAR(mine.data<float>()[3], expected(x)[3], 1e-5f);
}

TEST(HeteroPlugin, AsyncRequestsInFlightTogetherGiveTheirOwnResults) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU");
    constexpr size_t count = 4;
    std::vector<ov::InferRequest> requests;
    std::vector<std::vector<float>> inputs;
    for (size_t r = 0; r < count; ++r) {
        requests.push_back(compiled.create_infer_request());
        inputs.push_back(random_input(100 + static_cast<unsigned>(r)));
        ov::Tensor input(ov::element::f32, ov::Shape{1, N});
        std::copy(inputs[r].begin(), inputs[r].end(), input.data<float>());
        requests[r].set_tensor("x", input);
    }
    for (int round = 0; round < 3; ++round) {
        for (auto& request : requests)
            request.start_async();
        for (size_t r = 0; r < count; ++r) {
            requests[r].wait();
            const ov::Tensor y = requests[r].get_tensor("y");
            const auto want = expected(inputs[r]);
            for (size_t i = 0; i < N; ++i)
                ASSERT_NEAR(y.data<float>()[i], want[i], 1e-5f) << "request " << r << " element " << i;
        }
    }
}

TEST(HeteroPlugin, FailureInASubgraphReachesWaitNamingIt) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU",
                                        ov::device::properties("TEMPLATE", {{"TEST_FAIL_INFER", true}}));
    auto request = compiled.create_infer_request();
    request.start_async();
    const auto text = error_of([&] { request.wait(); });
    EXPECT_NE(text.find("subgraph 0"), std::string::npos) << text;
    EXPECT_NE(text.find("TEMPLATE"), std::string::npos) << text;
    const auto sync = error_of([&] { request.infer(); });
    EXPECT_NE(sync.find("subgraph 0 on device TEMPLATE"), std::string::npos) << sync;
}

TEST(HeteroPlugin, DevicePropertiesGoToTheirDeviceOnly) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU",
                                        ov::device::properties("TEMPLATE", {{"TEST_ECHO_COLOUR", "blue"}}));
    const auto per_device = compiled.get_property(ov::device::properties);
    ASSERT_TRUE(per_device.count("TEMPLATE"));
    ASSERT_TRUE(per_device.count("CPU"));
    ov::Any colour = per_device.at("TEMPLATE").at("TEST_ECHO_COLOUR");
    EXPECT_EQ(colour.as<std::string>(), "blue");
    EXPECT_FALSE(per_device.at("CPU").count("TEST_ECHO_COLOUR"));
}

TEST(HeteroPlugin, HeteroLevelPropertyReachesEveryDeviceThatSupportsIt) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU", ov::enable_profiling(true));
    const auto per_device = compiled.get_property(ov::device::properties);
    for (const char* device : {"TEMPLATE", "CPU"}) {
        ov::Any value = per_device.at(device).at(ov::enable_profiling.name());
        EXPECT_TRUE(value.as<bool>()) << device;
    }
}

TEST(HeteroPlugin, ProfilingPrefixesSubgraphsAndListsTransfers) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    run_and_check(request, 5);
    size_t subgraph_records = 0, transfers = 0;
    for (const auto& info : request.get_profiling_info()) {
        if (info.node_type == "Transfer")
            ++transfers;
        else if (info.node_name.rfind("subgraph", 0) == 0 && info.node_name.find(": ") != std::string::npos)
            ++subgraph_records;
        else
            ADD_FAILURE() << "record without a subgraph prefix: " << info.node_name;
    }
    EXPECT_GT(subgraph_records, 0u);
    EXPECT_EQ(transfers, 3u);  // relu->mul, mul->add, add->sigmoid
}

TEST(HeteroPlugin, VisualizeWritesBothDotFiles) {
    auto core = make_core();
    const fs::path dir = fs::temp_directory_path() / ("devmux_hetero_dot_" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path previous = fs::current_path();
    fs::current_path(dir);
    setenv("OPENVINO_HETERO_VISUALIZE", "1", 1);
    core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU");
    unsetenv("OPENVINO_HETERO_VISUALIZE");
    fs::current_path(previous);
    std::ifstream affinity(dir / "hetero_affinity_small.dot"), subgraphs(dir / "hetero_subgraphs_small.dot");
    ASSERT_TRUE(affinity && subgraphs);
    std::stringstream a, s;
    a << affinity.rdbuf();
    s << subgraphs.rdbuf();
    EXPECT_NE(a.str().find("device=TEMPLATE"), std::string::npos);
    EXPECT_NE(s.str().find("subgraph=3"), std::string::npos);
    fs::remove_all(dir);
}

TEST(HeteroPlugin, ExportImportGivesTheSameResults) {
    auto core = make_core();
    auto compiled = core->compile_model(alternating_model(), "HETERO:TEMPLATE,CPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core->import_model(blob, "HETERO");
    EXPECT_EQ(imported.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 4u);
    EXPECT_TRUE(imported.get_property(ov::loaded_from_cache));
    auto request = imported.create_infer_request();
    run_and_check(request, 6);
}

TEST(HeteroPlugin, UnsupportedPropertyIsRefused) {
    auto core = make_core();
    const auto text = error_of([&] {
        core->compile_model(small_model(), "HETERO:TEMPLATE,CPU", {{"NO_SUCH_KEY", 1}});
    });
    EXPECT_NE(text.find("NO_SUCH_KEY"), std::string::npos) << text;
}

// SqueezeNet with its pooling and softmax ops on TEMPLATE, the rest on CPU, against CPU alone.
TEST(HeteroPlugin, RealModelSplitMatchesCpu) {
    auto core = make_core();
    const std::string xml = std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml";
    auto model = core->read_model(xml);
    size_t moved = 0;
    for (const auto& node : model->get_ordered_ops()) {
        const std::string type = node->get_type_name();
        if (type == "Parameter" || type == "Constant" || type == "Result")
            continue;
        const bool on_template = type == "MaxPool" || type == "Softmax";
        moved += on_template ? 1 : 0;
        node->get_rt_info()["affinity"] = std::string(on_template ? "TEMPLATE" : "CPU");
    }
    ASSERT_EQ(moved, 4u);  // three MaxPools and the Softmax, each in the main chain
    auto hetero = core->compile_model(model, "HETERO:TEMPLATE,CPU");
    EXPECT_EQ(hetero.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 8u);
    auto cpu = core->compile_model(core->read_model(xml), "CPU");

    const ov::Tensor input = devmux_test::random_f32(hetero.input().get_shape(), 7, -100.f, 100.f);
    devmux_test::expect_same_output(hetero, cpu, input, 1e-5f);
}

}  // namespace
