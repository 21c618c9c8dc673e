// SPDX-License-Identifier: Apache-2.0
// The public runtime API (Core, CompiledModel, InferRequest, VariableState) through the test plugin,
// and the Core's property routing as the plugin sees it.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <future>
#include <sstream>

#include "api/core_impl.hpp"
#include "common/test_utils.hpp"
#include "core_test_utils.hpp"
#include "devmux/kit/model_io.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/core.hpp"

using namespace core_test;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

namespace {

using devmux_test::error_of;

void expect_output(const ov::Tensor& out, const std::vector<float>& expected) {
    ASSERT_EQ(out.get_size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(out.data<float>()[i], expected[i], 1e-6f) << "element " << i;
}

class CoreApi : public ::testing::Test {
protected:
    void SetUp() override {
        write_file(dir.file("empty.xml"), plugins_xml(""));
        core = std::make_unique<ov::Core>(dir.file("empty.xml"));
        core->register_plugin(test_plugin_path(), "TEST");
    }

    std::vector<std::string> received_keys(const ov::CompiledModel& compiled) {
        return compiled.get_property("TEST_RECEIVED_KEYS").as<std::vector<std::string>>();
    }

    TempDir dir;
    std::unique_ptr<ov::Core> core;
};

// ---- compile and infer ----

TEST_F(CoreApi, CompileAndInferMatchTheReference) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST");
    ASSERT_TRUE(compiled);
    ov::InferRequest request = compiled.create_infer_request();
    const auto a = random_tensor({2, 3}, 1), b = random_tensor({2, 3}, 2), c = random_tensor({2, 3}, 3);
    request.set_tensor("a", a);
    request.set_tensor(compiled.input("b"), b);
    request.set_input_tensor(2, c);
    request.infer();
    expect_output(request.get_output_tensor(), reference_output(a, b, c));
    expect_output(request.get_tensor("out"), reference_output(a, b, c));
}

TEST_F(CoreApi, PortsOfTheUsersModelSelectTensors) {
    auto model = make_model();
    ov::CompiledModel compiled = core->compile_model(model, "TEST");
    ov::InferRequest request = compiled.create_infer_request();
    const auto a = random_tensor({2, 3}, 4), b = random_tensor({2, 3}, 5), c = random_tensor({2, 3}, 6);
    request.set_tensor(model->input(0), a);  // an Output<Node>
    request.set_tensor(model->input("b"), b);
    request.set_tensor(ov::Output<const ov::Node>(model->input(2)), c);
    request.infer();
    expect_output(request.get_tensor(model->output(0)), reference_output(a, b, c));
}

TEST_F(CoreApi, CompileFromIrFile) {
    const std::string xml = std::string(DEVMUX_MODELS_DIR) + "/tiny/add_two_inputs_model/1/add.xml";
    ov::CompiledModel compiled = core->compile_model(xml, "TEST");
    ov::InferRequest request = compiled.create_infer_request();
    const auto x = random_tensor({1, 10}, 7), y = random_tensor({1, 10}, 8);
    request.set_input_tensor(0, x);
    request.set_input_tensor(1, y);
    request.infer();
    std::vector<float> expected(10);
    for (size_t i = 0; i < 10; ++i)
        expected[i] = x.data<float>()[i] + y.data<float>()[i];
    expect_output(request.get_output_tensor(), expected);
}

TEST_F(CoreApi, ReadModelFromTextAndWeights) {
    std::ostringstream xml, bin;
    devmux::kit::write_ir(*make_single_io_model(), xml, bin);
    const std::string bytes = bin.str();
    ov::Tensor weights(ov::element::u8, {bytes.size()});
    std::memcpy(weights.data(), bytes.data(), bytes.size());
    ov::CompiledModel compiled = core->compile_model(xml.str(), weights, "TEST");
    weights = {};  // the model does not depend on the caller's tensor
    ov::InferRequest request = compiled.create_infer_request();
    const auto x = random_tensor({4}, 9);
    request.set_input_tensor(x);
    request.infer();
    expect_output(request.get_output_tensor(), {x.data<float>()[0] + 1, x.data<float>()[1] + 1,
                                                x.data<float>()[2] + 1, x.data<float>()[3] + 1});
}

TEST_F(CoreApi, ReadModelRefusesOtherFormatsNamingFileAndFormat) {
    EXPECT_THAT(error_of([&] { core->read_model("/models/net.pb"); }),
                AllOf(HasSubstr("/models/net.pb"), HasSubstr("'.pb'"), HasSubstr(".xml"), HasSubstr(".onnx")));
    // An ONNX path goes to the ONNX reader, which names the file it cannot open.
    EXPECT_THAT(error_of([&] { core->read_model("/models/net.onnx"); }), HasSubstr("/models/net.onnx"));
}

TEST_F(CoreApi, NullModelIsRefused) {
    EXPECT_THAT(error_of([&] { core->compile_model(std::shared_ptr<const ov::Model>(), "TEST"); }),
                HasSubstr("null model"));
}

TEST_F(CoreApi, QueryModelMapsEveryOpToTheDevice) {
    const auto supported = core->query_model(make_model(), "TEST");
    for (const char* op : {"a", "b", "c", "sum", "relu", "product"})
        EXPECT_EQ(supported.at(op), "TEST") << op;
}

TEST_F(CoreApi, ExportedModelImportsAndRuns) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST");
    std::stringstream stream;
    compiled.export_model(stream);
    ov::CompiledModel imported = core->import_model(stream, "TEST");
    ov::InferRequest request = imported.create_infer_request();
    const auto a = random_tensor({2, 3}, 10), b = random_tensor({2, 3}, 11), c = random_tensor({2, 3}, 12);
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.set_tensor("c", c);
    request.infer();
    expect_output(request.get_tensor("out"), reference_output(a, b, c));
}

// ---- asynchronous inference ----

TEST_F(CoreApi, StartAsyncThenWait) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    const auto a = random_tensor({2, 3}, 20), b = random_tensor({2, 3}, 21), c = random_tensor({2, 3}, 22);
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.set_tensor("c", c);
    request.start_async();
    request.wait();
    expect_output(request.get_tensor("out"), reference_output(a, b, c));
}

TEST_F(CoreApi, CallbackRunsOnceWithoutErrorAndWaitForReportsDone) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    const auto a = random_tensor({2, 3}, 23), b = random_tensor({2, 3}, 24), c = random_tensor({2, 3}, 25);
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.set_tensor("c", c);
    std::promise<std::exception_ptr> done;
    int calls = 0;
    request.set_callback([&](std::exception_ptr error) {
        ++calls;
        done.set_value(error);
    });
    request.start_async();
    EXPECT_EQ(done.get_future().get(), nullptr);
    EXPECT_TRUE(request.wait_for(std::chrono::milliseconds(60000)));
    EXPECT_EQ(calls, 1);
    expect_output(request.get_tensor("out"), reference_output(a, b, c));
}

TEST_F(CoreApi, WaitForOnAnIdleRequestReturnsTrue) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    EXPECT_TRUE(request.wait_for(std::chrono::milliseconds(0)));
}

TEST_F(CoreApi, AsyncErrorReachesCallbackAndWait) {
    ov::InferRequest request =
        core->compile_model(make_model(), "TEST", {{"TEST_FAIL_INFER", true}}).create_infer_request();
    std::promise<std::exception_ptr> done;
    request.set_callback([&](std::exception_ptr error) { done.set_value(error); });
    request.start_async();
    std::exception_ptr error = done.get_future().get();
    ASSERT_NE(error, nullptr);
    EXPECT_THAT(error_of([&] { std::rethrow_exception(error); }), HasSubstr("on purpose"));
    EXPECT_THAT(error_of([&] { request.wait(); }), HasSubstr("on purpose"));
    EXPECT_THAT(error_of([&] { request.infer(); }), HasSubstr("on purpose"));
}

// ---- tensors and ports: errors name what is wrong ----

TEST_F(CoreApi, PortOfAnotherModelIsRefused) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    auto other = make_single_io_model();
    EXPECT_THAT(error_of([&] { request.set_tensor(other->input(0), random_tensor({4}, 1)); }), HasSubstr("'x'"));
}

TEST_F(CoreApi, UnknownTensorNameIsNamedWithTheKnownOnes) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    EXPECT_THAT(error_of([&] { request.get_tensor("nope"); }),
                AllOf(HasSubstr("'nope'"), HasSubstr("a, b, c"), HasSubstr("out")));
    EXPECT_THAT(error_of([&] { request.set_tensor("nope", random_tensor({2, 3}, 1)); }), HasSubstr("'nope'"));
}

TEST_F(CoreApi, WrongTensorTypeOrShapeNamesPortAndValues) {
    ov::InferRequest request = core->compile_model(make_model(), "TEST").create_infer_request();
    EXPECT_THAT(error_of([&] { request.set_tensor("a", ov::Tensor(ov::element::i32, {2, 3})); }),
                AllOf(HasSubstr("a"), HasSubstr("i32"), HasSubstr("f32")));
    EXPECT_THAT(error_of([&] { request.set_tensor("b", random_tensor({3, 2}, 1)); }),
                AllOf(HasSubstr("b"), HasSubstr("3"), HasSubstr("2")));
}

TEST_F(CoreApi, IndexOutOfRangeAndAmbiguousSingleAccessorsAreRefused) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST");
    ov::InferRequest request = compiled.create_infer_request();
    EXPECT_THAT(error_of([&] { request.get_input_tensor(3); }), AllOf(HasSubstr("3"), HasSubstr("a, b, c")));
    EXPECT_THAT(error_of([&] { request.get_input_tensor(); }), HasSubstr("3 inputs"));
    EXPECT_NO_THROW(request.get_output_tensor());
    EXPECT_THAT(error_of([&] { request.set_output_tensor(1, random_tensor({2, 3}, 1)); }), HasSubstr("1"));
    EXPECT_THAT(error_of([&] { compiled.input(); }), AllOf(HasSubstr("3"), HasSubstr("a, b, c")));
    EXPECT_THAT(error_of([&] { compiled.input("zzz"); }), AllOf(HasSubstr("'zzz'"), HasSubstr("a, b, c")));
    EXPECT_THAT(error_of([&] { compiled.output(1); }), HasSubstr("1"));
    EXPECT_EQ(compiled.output().get_any_name(), "out");
    EXPECT_EQ(compiled.input(1).get_any_name(), "b");
    EXPECT_EQ(compiled.inputs().size(), 3u);
    EXPECT_EQ(compiled.outputs().size(), 1u);
}

TEST_F(CoreApi, EmptyObjectsThrowInsteadOfCrashing) {
    ov::CompiledModel compiled;
    ov::InferRequest request;
    ov::VariableState state;
    EXPECT_FALSE(compiled);
    EXPECT_TRUE(!request);
    EXPECT_THROW(compiled.create_infer_request(), ov::Exception);
    EXPECT_THROW(request.infer(), ov::Exception);
    EXPECT_THROW(state.get_name(), ov::Exception);
}

TEST_F(CoreApi, RequestKnowsItsCompiledModel) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST");
    ov::InferRequest first = compiled.create_infer_request();
    ov::InferRequest second = compiled.create_infer_request();
    EXPECT_TRUE(first == first);
    EXPECT_TRUE(first != second);
    ov::CompiledModel again = first.get_compiled_model();
    EXPECT_EQ(again.inputs(), compiled.inputs());
}

// ---- states and profiling ----

TEST_F(CoreApi, VariableStatesAccumulateResetAndSet) {
    ov::InferRequest request = core->compile_model(make_stateful_model(), "TEST").create_infer_request();
    auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "acc");

    ov::Tensor x(ov::element::f32, {1, 2});
    x.data<float>()[0] = 1.0f;
    x.data<float>()[1] = 2.0f;
    request.set_tensor("x", x);
    request.infer();  // initial value + x
    expect_output(request.get_tensor("sum"), {1.5f, 0.5f});
    request.infer();  // previous sum + x
    expect_output(request.get_tensor("sum"), {2.5f, 2.5f});
    expect_output(states[0].get_state(), {2.5f, 2.5f});

    request.reset_state();
    request.infer();
    expect_output(request.get_tensor("sum"), {1.5f, 0.5f});

    ov::Tensor value(ov::element::f32, {1, 2});
    value.data<float>()[0] = 10.0f;
    value.data<float>()[1] = -10.0f;
    states[0].set_state(value);
    request.infer();
    expect_output(request.get_tensor("sum"), {11.0f, -8.0f});
}

TEST_F(CoreApi, ProfilingInfoWhenEnabled) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST", ov::enable_profiling(true));
    ov::InferRequest request = compiled.create_infer_request();
    request.infer();
    std::vector<std::string> names;
    for (const auto& info : request.get_profiling_info())
        names.push_back(info.node_name);
    EXPECT_THAT(names, Contains("product"));
    EXPECT_THAT(names, Contains("relu"));

    compiled.set_property(ov::enable_profiling(false));
    EXPECT_FALSE(compiled.get_property(ov::enable_profiling));
    request.infer();
    EXPECT_TRUE(request.get_profiling_info().empty());
}

// ---- properties ----

TEST_F(CoreApi, VariadicPropertiesReachThePlugin) {
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST", ov::num_streams(2), ov::enable_profiling(true));
    EXPECT_EQ(compiled.get_property(ov::num_streams).num, 2);
    EXPECT_TRUE(compiled.get_property(ov::enable_profiling));
    EXPECT_EQ(compiled.get_property(ov::model_name), "relu_sum_product");
}

TEST_F(CoreApi, TypedGetPropertyOnTheCore) {
    EXPECT_EQ(core->get_property("TEST", ov::device::full_name), "devmux test device 0");
    EXPECT_THAT(core->get_property("TEST", ov::available_devices), ElementsAre("0"));
    const auto supported = core->get_property("TEST", ov::supported_properties);
    EXPECT_THAT(supported, Contains(ov::PropertyName("NUM_STREAMS")));
    core->set_property("TEST", ov::num_streams(5));
    EXPECT_EQ(core->get_property("TEST", ov::num_streams).num, 5);
    EXPECT_EQ(core->get_property("TEST", ov::num_streams.name()).as<std::string>(), "5");
}

TEST_F(CoreApi, DeviceIdInTheNameReachesThePluginAsDeviceId) {
    core->register_plugin(test_plugin_path(), "MULTIID", {{"TEST_DEVICE_IDS", "0 1"}});
    EXPECT_EQ(core->get_property("MULTIID.1", ov::device::full_name), "devmux test device 1");
    EXPECT_EQ(core->get_property("MULTIID", ov::device::full_name, {ov::device::id("1")}), "devmux test device 1");
    ov::CompiledModel compiled = core->compile_model(make_model(), "MULTIID.1");
    EXPECT_EQ(compiled.get_property(ov::device::id), "1");
    EXPECT_EQ(core->query_model(make_model(), "MULTIID.1").at("sum"), "MULTIID.1");
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "MULTIID.7"); }), HasSubstr("'7'"));
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "MULTIID.1", ov::device::id("0")); }),
                AllOf(HasSubstr("'1'"), HasSubstr("'0'")));
}

TEST_F(CoreApi, DevicePropertiesForTheTargetAreMergedAndOthersDropped) {
    ov::CompiledModel compiled = core->compile_model(
        make_model(), "TEST", ov::num_streams(1), ov::device::properties("TEST", ov::num_streams(3)),
        ov::device::properties("CPU", ov::enable_profiling(true), ov::AnyMap::value_type{"TEST_ECHO_CPU", 1}),
        ov::device::properties(ov::AnyMap{{"TEST", ov::AnyMap{{"TEST_ECHO_FROM_MAP", 2}}},
                                          {"GPU", ov::AnyMap{{"TEST_ECHO_GPU", 3}}}}));
    EXPECT_EQ(compiled.get_property(ov::num_streams).num, 3);
    EXPECT_FALSE(compiled.get_property(ov::enable_profiling));
    EXPECT_EQ(compiled.get_property("TEST_ECHO_FROM_MAP").as<int>(), 2);
    const auto keys = received_keys(compiled);
    EXPECT_THAT(keys, Not(Contains("TEST_ECHO_CPU")));
    EXPECT_THAT(keys, Not(Contains("TEST_ECHO_GPU")));
    for (const auto& key : keys)
        EXPECT_THAT(key, Not(HasSubstr("DEVICE_PROPERTIES")));
}

TEST_F(CoreApi, HeteroNamePassesThePriorityListAndKeepsOtherDevicesProperties) {
    core->register_plugin(test_plugin_path(), "HETERO");
    ov::CompiledModel compiled = core->compile_model(make_model(), "HETERO:TEST,CPU",
                                                     ov::device::properties("CPU", ov::num_streams(6)),
                                                     ov::device::properties("HETERO", ov::AnyMap::value_type{"TEST_ECHO_H", 1}));
    EXPECT_EQ(compiled.get_property(ov::device::priorities.name()).as<std::string>(), "TEST,CPU");
    EXPECT_EQ(compiled.get_property("TEST_ECHO_H").as<int>(), 1);
    const auto kept = compiled.get_property(ov::device::properties.name()).as<ov::AnyMap>();
    ASSERT_EQ(kept.count("CPU"), 1u);
    EXPECT_EQ(kept.at("CPU").as<ov::AnyMap>().at(ov::num_streams.name()).as<ov::streams::Num>().num, 6);
}

TEST_F(CoreApi, SetPropertyForADeviceListIsRefused) {
    EXPECT_THAT(error_of([&] { core->set_property("HETERO:TEST", ov::num_streams(2)); }),
                HasSubstr("'HETERO:TEST'"));
}

TEST_F(CoreApi, PluginRefusalOfAKeyNamesIt) {
    EXPECT_THAT(error_of([&] { core->set_property("TEST", {{"NO_SUCH_KEY", 1}}); }), HasSubstr("NO_SUCH_KEY"));
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "TEST", {{"NO_SUCH_KEY", 1}}); }),
                HasSubstr("NO_SUCH_KEY"));
}

TEST_F(CoreApi, GlobalPropertiesReachPluginsThatSupportThem) {
    core->get_property("TEST", ov::device::full_name);  // load TEST now; LATE loads after set_property
    core->register_plugin(test_plugin_path(), "LATE");
    core->set_property({ov::num_streams(7), {"NOT_A_TEST_KEY", 1}});
    EXPECT_EQ(core->get_property("TEST", ov::num_streams).num, 7);
    EXPECT_EQ(core->get_property("LATE", ov::num_streams).num, 7);
}

TEST_F(CoreApi, GlobalDevicePropertiesGoToTheirDevice) {
    core->register_plugin(test_plugin_path(), "OTHER");
    core->set_property({ov::device::properties("OTHER", ov::num_streams(9))});
    EXPECT_EQ(core->get_property("OTHER", ov::num_streams).num, 9);
    EXPECT_EQ(core->get_property("TEST", ov::num_streams).num, 1);
}

TEST_F(CoreApi, CacheDirIsACorePropertyGivenToPluginsThatSupportIt) {
    EXPECT_EQ(core->get_property(ov::cache_dir.name()).as<std::string>(), "");
    core->set_property(ov::cache_dir(dir.file("cache")));
    EXPECT_EQ(core->get_property(ov::cache_dir.name()).as<std::string>(), dir.file("cache"));
    EXPECT_EQ(core->get_property("TEST", ov::cache_dir), dir.file("cache"));
    ov::CompiledModel compiled = core->compile_model(make_model(), "TEST");
    EXPECT_EQ(compiled.get_property(ov::cache_dir), dir.file("cache"));
}

TEST_F(CoreApi, CorePropertiesAndUnknownCoreProperty) {
    EXPECT_TRUE(core->get_property(ov::enable_mmap.name()).as<bool>());
    core->set_property(ov::enable_mmap(false));
    EXPECT_FALSE(core->get_property(ov::enable_mmap.name()).as<bool>());
    const auto supported = core->get_property(ov::supported_properties.name()).as<std::vector<ov::PropertyName>>();
    EXPECT_THAT(supported, Contains(ov::PropertyName("CACHE_DIR")));
    EXPECT_THAT(error_of([&] { core->get_property("NUM_STREAMS"); }), HasSubstr("'NUM_STREAMS'"));
}

TEST_F(CoreApi, PluginsReachTheCoreThroughICore) {
    const auto& impl = devmux::CoreAccess::impl(*core);
    std::shared_ptr<devmux::ICore> icore = impl;
    EXPECT_THAT(icore->get_available_devices(), ElementsAre("TEST"));
    auto compiled = icore->compile_model(make_model(), "TEST", {});
    ASSERT_TRUE(compiled);
    EXPECT_EQ(compiled->inputs().size(), 3u);
    EXPECT_EQ(icore->get_property("TEST", ov::device::full_name.name(), {}).as<std::string>(), "devmux test device 0");
}

}  // namespace

// ---- the deployment switch ----

// Applications that construct their Core without a file (OpenVINO's samples) pick another deployment
// through DEVMUX_PLUGINS_XML; unset, the default plugins.xml beside the runtime library is read.
TEST(CoreDeploymentSwitch, EnvironmentVariableNamesThePluginsFileOfADefaultCore) {
    TempDir dir;
    write_file(dir.file("chosen.xml"), plugins_xml(plugin_element("CHOSEN", test_plugin_path())));
    ASSERT_EQ(setenv("DEVMUX_PLUGINS_XML", dir.file("chosen.xml").c_str(), 1), 0);
    std::vector<std::string> devices;
    std::string missing_error;
    {
        ov::Core core;
        devices = core.get_available_devices();
    }
    ASSERT_EQ(setenv("DEVMUX_PLUGINS_XML", dir.file("absent.xml").c_str(), 1), 0);
    missing_error = error_of([] { ov::Core core; });
    unsetenv("DEVMUX_PLUGINS_XML");
    EXPECT_THAT(devices, Contains(HasSubstr("CHOSEN")));
    EXPECT_THAT(missing_error, HasSubstr("absent.xml"));
    ov::Core default_core;
    EXPECT_THAT(default_core.get_available_devices(), Not(Contains(HasSubstr("CHOSEN"))));
}
