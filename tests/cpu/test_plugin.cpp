// SPDX-License-Identifier: Apache-2.0
// The CPU plugin through its developer API: properties, query_model / compile_model agreement, refusals,
// f16 boundaries, stateful models, profiling, export/import, the memory plan and concurrent requests.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <chrono>
#include <future>
#include <set>
#include <sstream>
#include <thread>
#include <condition_variable>
#include <mutex>
#include <stdexcept>

#include "compiled_model.hpp"
#include "stream_slots.hpp"
#include "thread_pool.hpp"
#include "devmux/memory_properties.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "infer_request.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "test_utils.hpp"

namespace {

using namespace cpu_test;
using ::testing::HasSubstr;

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const ov::Exception& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("non-ov exception: ") + e.what();
    }
    return "<no exception>";
}

// An op without a reference implementation, as a third-party extension might be.
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

std::shared_ptr<ov::Model> relu_model(const ov::PartialShape& shape, const ov::element::Type& type = ov::element::f32) {
    auto input = std::make_shared<ov::op::v0::Parameter>(type, shape);
    input->set_friendly_name("input");
    input->output(0).set_names({"input"});
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    relu->set_friendly_name("relu");
    auto result = std::make_shared<ov::op::v0::Result>(relu);
    result->set_friendly_name("output");
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{input}, "relu_model");
}

// ---- properties ----

TEST(CpuPluginProperties, ReportsTheHostCpu) {
    auto plugin = make_plugin();
    EXPECT_EQ(plugin->get_property(ov::device::full_name.name(), {}).as<std::string>(), devmux::host_cpu_name());
    EXPECT_EQ(plugin->get_property(ov::device::uuid.name(), {}).as<ov::device::UUID>(), devmux::host_cpu_uuid());
    EXPECT_EQ(plugin->get_property(ov::device::type.name(), {}).as<ov::device::Type>(), ov::device::Type::INTEGRATED);
    EXPECT_EQ(plugin->get_property(ov::available_devices.name(), {}).as<std::vector<std::string>>(),
              std::vector<std::string>{""});
    const auto caps = plugin->get_property(ov::device::capabilities.name(), {}).as<std::vector<std::string>>();
    EXPECT_NE(std::find(caps.begin(), caps.end(), "FP32"), caps.end());
    EXPECT_NE(std::find(caps.begin(), caps.end(), "EXPORT_IMPORT"), caps.end());
}

TEST(CpuPluginProperties, EverySupportedPropertyCanBeRead) {
    auto plugin = make_plugin();
    const auto names = plugin->get_property(ov::supported_properties.name(), {}).as<std::vector<ov::PropertyName>>();
    EXPECT_GE(names.size(), 10u);
    for (const auto& name : names)
        EXPECT_NO_THROW(plugin->get_property(name, {})) << name;
}

TEST(CpuPluginProperties, SettablePropertiesRoundTrip) {
    auto plugin = make_plugin();
    plugin->set_property({ov::enable_profiling(true), ov::inference_num_threads(3), ov::num_streams(2),
                          ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT),
                          ov::hint::num_requests(5), ov::cache_dir("/tmp/devmux-cache")});
    EXPECT_TRUE(plugin->get_property(ov::enable_profiling.name(), {}).as<bool>());
    EXPECT_EQ(plugin->get_property(ov::inference_num_threads.name(), {}).as<int32_t>(), 3);
    EXPECT_EQ(plugin->get_property(ov::num_streams.name(), {}).as<ov::streams::Num>().num, 2);
    EXPECT_EQ(plugin->get_property(ov::hint::performance_mode.name(), {}).as<ov::hint::PerformanceMode>(),
              ov::hint::PerformanceMode::THROUGHPUT);
    EXPECT_EQ(plugin->get_property(ov::hint::num_requests.name(), {}).as<uint32_t>(), 5u);
    EXPECT_EQ(plugin->get_property(ov::cache_dir.name(), {}).as<std::string>(), "/tmp/devmux-cache");
}

TEST(CpuPluginProperties, UnknownKeyErrorNamesKeyAndValue) {
    auto plugin = make_plugin();
    const auto message = error_of([&] { plugin->set_property({{"NO_SUCH_KEY", std::string("banana")}}); });
    EXPECT_THAT(message, HasSubstr("NO_SUCH_KEY"));
    EXPECT_THAT(message, HasSubstr("banana"));
    EXPECT_THAT(error_of([&] { plugin->get_property("NO_SUCH_KEY", {}); }), HasSubstr("NO_SUCH_KEY"));
}

TEST(CpuPluginProperties, InvalidValueErrorNamesKeyAndValueAndChangesNothing) {
    auto plugin = make_plugin();
    const auto message =
        error_of([&] { plugin->set_property({ov::enable_profiling(true), {ov::inference_num_threads.name(), -4}}); });
    EXPECT_THAT(message, HasSubstr("INFERENCE_NUM_THREADS"));
    EXPECT_THAT(message, HasSubstr("-4"));
    EXPECT_FALSE(plugin->get_property(ov::enable_profiling.name(), {}).as<bool>());
}

TEST(CpuPluginProperties, LowerInferencePrecisionRunsInF32AndOthersAreRefused) {
    auto plugin = make_plugin();
    plugin->set_property({ov::hint::inference_precision(ov::element::f16)});
    EXPECT_EQ(plugin->get_property(ov::hint::inference_precision.name(), {}).as<ov::element::Type>(), ov::element::f32);
    EXPECT_THAT(error_of([&] { plugin->set_property({ov::hint::inference_precision(ov::element::i8)}); }),
                HasSubstr("INFERENCE_PRECISION_HINT"));
}

TEST(CpuCompiledModelProperties, ReportsDevicesNameAndRequests) {
    auto plugin = make_plugin();
    auto compiled = plugin->compile_model(relu_model({2, 3}), {});
    EXPECT_EQ(compiled->get_property(ov::execution_devices.name()).as<std::vector<std::string>>(),
              std::vector<std::string>{"CPU"});
    EXPECT_EQ(compiled->get_property(ov::model_name.name()).as<std::string>(), "relu_model");
    EXPECT_EQ(compiled->get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>(), 1u);
    auto throughput = plugin->compile_model(
        relu_model({2, 3}), {ov::num_streams(3), ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT)});
    EXPECT_EQ(throughput->get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>(), 3u);
    // The THROUGHPUT hint alone: several streams (and requests to match) wherever there are several cores.
    auto hinted = plugin->compile_model(relu_model({2, 3}),
                                        {ov::inference_num_threads(2),
                                         ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT)});
    EXPECT_GE(hinted->get_property(ov::num_streams.name()).as<ov::streams::Num>().num, 2);
    EXPECT_EQ(hinted->get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>(),
              static_cast<uint32_t>(hinted->get_property(ov::num_streams.name()).as<ov::streams::Num>().num));
    auto capped = plugin->compile_model(relu_model({2, 3}), {ov::num_streams(3), ov::hint::num_requests(2)});
    EXPECT_EQ(capped->get_property(ov::optimal_number_of_infer_requests.name()).as<uint32_t>(), 2u);
    const auto names = compiled->get_property(ov::supported_properties.name()).as<std::vector<ov::PropertyName>>();
    for (const auto& name : names)
        EXPECT_NO_THROW(compiled->get_property(name)) << name;
    EXPECT_THROW(compiled->set_property({ov::enable_profiling(true)}), ov::NotImplemented);
}

// ---- query_model and compile_model agree ----

TEST(CpuQueryModel, EveryRealModelIsFullySupportedAndCompiles) {
    auto plugin = make_plugin();
    for (const char* xml : {"squeezenet1.1-ir10/squeezenet1.1.xml", "squeezenet1.1-ir11/squeezenet1.1.xml",
                            "landmarks-regression-retail-0009/FP16-INT8/landmarks-regression-retail-0009.xml",
                            "gaze-estimation-adas-0002/FP16-INT8/gaze-estimation-adas-0002.xml",
                            "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml",
                            "tiny/summator/1/summator.xml"}) {
        auto model = read_model(xml);
        const auto supported = plugin->query_model(model, {});
        for (const auto& node : model->get_ordered_ops()) {
            const auto it = supported.find(node->get_friendly_name());
            ASSERT_NE(it, supported.end()) << xml << ": " << *node;
            EXPECT_EQ(it->second, "CPU");
        }
        EXPECT_NO_THROW(plugin->compile_model(model, {})) << xml;
    }
}

TEST(CpuQueryModel, OpWithoutKernelIsLeftOutAndCompileNamesIt) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{4});
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    relu->set_friendly_name("relu");
    auto custom = std::make_shared<NoKernelOp>(relu);
    custom->set_friendly_name("mystery");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{custom}, ov::ParameterVector{input}, "m");
    auto plugin = make_plugin();
    const auto supported = plugin->query_model(model, {});
    EXPECT_EQ(supported.count("mystery"), 0u);
    EXPECT_EQ(supported.count("relu"), 1u);
    const auto message = error_of([&] { plugin->compile_model(model, {}); });
    EXPECT_THAT(message, HasSubstr("mystery"));
    EXPECT_THAT(message, HasSubstr("NoKernelOp"));
}

TEST(CpuQueryModel, DynamicShapesAreSupportedByQueryAndCompile) {
    // Dynamic shapes run every op's evaluate() at each inference (tests/cpu_dynamic has the details).
    auto model = relu_model(ov::PartialShape{ov::Dimension::dynamic(), 3});
    auto plugin = make_plugin();
    const auto supported = plugin->query_model(model, {});
    EXPECT_EQ(supported.count("input"), 1u);
    EXPECT_EQ(supported.count("relu"), 1u);
    auto compiled = plugin->compile_model(model, {});
    auto request = compiled->create_sync_infer_request();
    const auto input = random_tensor({2, 3}, 1234);
    request->set_tensor(compiled->inputs()[0], input);
    request->infer();
    const auto output = request->get_tensor(compiled->outputs()[0]);
    ASSERT_EQ(output.get_shape(), (ov::Shape{2, 3}));
    auto expected = to_floats(input);
    for (auto& v : expected)
        v = std::max(v, 0.0f);
    EXPECT_EQ(to_floats(output), expected);
}

// ---- f16 boundaries and weight decompression ----

TEST(CpuPrecision, F16InputsAndOutputsKeepTheirTypeAndRunInF32) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f16, ov::PartialShape{2, 3});
    auto weights = ov::op::v0::Constant::create(ov::element::f16, ov::Shape{2, 3}, {0.5f, -1.0f, 2.0f, 0.25f, 3.0f, -0.5f});
    auto mul = std::make_shared<ov::op::v1::Multiply>(input, weights);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{mul}, ov::ParameterVector{input}, "f16");
    auto compiled = make_plugin()->compile_model(model, {});
    EXPECT_EQ(compiled->inputs()[0].get_element_type(), ov::element::f16);
    EXPECT_EQ(compiled->outputs()[0].get_element_type(), ov::element::f16);
    for (const auto& node : compiled->get_runtime_model()->get_ordered_ops())
        for (size_t i = 0; i < node->get_output_size(); ++i)
            EXPECT_NE(node->get_output_element_type(i), ov::element::f16) << *node << " still computes in f16";
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], tensor_for(ov::element::f16, {2, 3}, {1, 2, 3, 4, 5, 6}));
    request->infer();
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[0])),
              (std::vector<float>{0.5f, -2.0f, 6.0f, 1.0f, 15.0f, -3.0f}));
}

// ---- stateful models ----

TEST(CpuStateful, SummatorAccumulatesResetsAndTakesSetState) {
    auto model = read_model("tiny/summator/1/summator.xml");
    auto compiled = make_plugin()->compile_model(model, {});
    auto request = compiled->create_sync_infer_request();
    auto run = [&](float x) {
        request->set_tensor(compiled->inputs()[0], tensor_for(ov::element::f32, {1, 1}, {x}));
        request->infer();
        return to_floats(request->get_tensor(compiled->outputs()[0]))[0];
    };
    const auto states = request->query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0]->get_name(), "state");
    const float init = run(0.0f);  // the ReadValue's initial value (plus 0)
    EXPECT_FLOAT_EQ(run(1.5f), init + 1.5f);
    EXPECT_FLOAT_EQ(run(2.0f), init + 3.5f);
    EXPECT_FLOAT_EQ(to_floats(states[0]->get_state())[0], init + 3.5f);
    states[0]->reset();
    EXPECT_FLOAT_EQ(run(4.0f), init + 4.0f);
    states[0]->set_state(tensor_for(ov::element::f32, {1, 1}, {10.0f}));
    EXPECT_FLOAT_EQ(run(1.0f), 11.0f);
    // Each request has its own state.
    auto other = compiled->create_sync_infer_request();
    other->set_tensor(compiled->inputs()[0], tensor_for(ov::element::f32, {1, 1}, {5.0f}));
    other->infer();
    EXPECT_FLOAT_EQ(to_floats(other->get_tensor(compiled->outputs()[0]))[0], init + 5.0f);
    EXPECT_THAT(error_of([&] { states[0]->set_state(tensor_for(ov::element::f32, {2}, {1, 2})); }),
                HasSubstr("state"));
}

TEST(CpuStateful, ReadValueAssignV3KeepAPerRequestState) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2});
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, {1.0f, -1.0f});
    auto read = std::make_shared<ov::op::v3::ReadValue>(init, "acc");
    auto sum = std::make_shared<ov::op::v1::Add>(read, input);
    auto assign = std::make_shared<ov::op::v3::Assign>(sum, "acc");
    auto result = std::make_shared<ov::op::v0::Result>(sum);
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result}, ov::SinkVector{assign},
                                             ov::ParameterVector{input}, "v3");
    auto compiled = make_plugin()->compile_model(model, {});
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], tensor_for(ov::element::f32, {2}, {0.5f, 2.0f}));
    request->infer();
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[0])), (std::vector<float>{1.5f, 1.0f}));
    request->infer();
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[0])), (std::vector<float>{2.0f, 3.0f}));
    ASSERT_EQ(request->query_state().size(), 1u);
    EXPECT_EQ(request->query_state()[0]->get_name(), "acc");
    EXPECT_EQ(to_floats(request->query_state()[0]->get_state()), (std::vector<float>{2.0f, 3.0f}));
}

// ---- graphs whose outputs are not plain intermediates ----

TEST(CpuPlan, InputsConstantsAndSharedValuesReachEveryOutput) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{3});
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    auto constant = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, {7.0f, 8.0f});
    auto model = std::make_shared<ov::Model>(
        ov::ResultVector{std::make_shared<ov::op::v0::Result>(input), std::make_shared<ov::op::v0::Result>(relu),
                         std::make_shared<ov::op::v0::Result>(relu), std::make_shared<ov::op::v0::Result>(constant)},
        ov::ParameterVector{input}, "outputs");
    auto compiled = make_plugin()->compile_model(model, {});
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], tensor_for(ov::element::f32, {3}, {-1.0f, 0.5f, 2.0f}));
    request->infer();
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[0])), (std::vector<float>{-1.0f, 0.5f, 2.0f}));
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[1])), (std::vector<float>{0.0f, 0.5f, 2.0f}));
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[2])), (std::vector<float>{0.0f, 0.5f, 2.0f}));
    EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[3])), (std::vector<float>{7.0f, 8.0f}));
}

class CpuTinyModel : public ::testing::TestWithParam<const char*> {};

TEST_P(CpuTinyModel, MatchesTheReferenceInterpreter) {
    auto model = read_model(GetParam());
    auto compiled = make_plugin()->compile_model(model, {});
    auto request = compiled->create_sync_infer_request();
    std::vector<ov::Tensor> inputs;
    unsigned seed = 7000;
    for (const auto& port : compiled->inputs()) {
        inputs.push_back(random_tensor(port.get_shape(), ++seed, -5.0f, 5.0f));
        request->set_tensor(port, inputs.back());
    }
    request->infer();
    const auto expected = reference_outputs(*model, inputs);
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(to_floats(request->get_tensor(compiled->outputs()[i])), to_floats(expected[i])) << "output " << i;
}

INSTANTIATE_TEST_SUITE_P(Tiny, CpuTinyModel,
                         ::testing::Values("tiny/add_two_inputs_model/1/add.xml", "tiny/dummy/1/dummy.xml",
                                           "tiny/increment_1x3x4x5/1/increment_1x3x4x5.xml",
                                           "tiny/scalar/1/saved_model.xml"));

TEST(CpuTinyModel, DynamicTinyModelsAreSupportedByQueryAndCompile) {
    auto plugin = make_plugin();
    for (const char* xml : {"tiny/dummy_fp64/1/saved_model.xml", "tiny/passthrough/1/passthrough.xml"}) {
        auto model = read_model(xml);
        EXPECT_EQ(plugin->query_model(model, {}).size(), model->get_ordered_ops().size()) << xml;
        auto compiled = plugin->compile_model(model, {});
        auto request = compiled->create_sync_infer_request();
        const auto& port = compiled->inputs()[0];
        // Both are input + a [1,1] constant (f64 and u8).
        double addend = 0.0;
        for (const auto& op : model->get_ordered_ops())
            if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(op.get()))
                addend = constant->cast_vector<double>().at(0);
        const ov::Shape shape{3, 10};
        const auto type = port.get_element_type();
        ASSERT_TRUE(type == ov::element::f64 || type == ov::element::u8) << xml << ": " << type;
        auto values = to_floats(random_tensor(shape, 4321, 1.0f, 100.0f));
        ov::Tensor input(type, shape);
        for (size_t i = 0; i < values.size(); ++i) {
            if (type == ov::element::f64) {
                input.data<double>()[i] = values[i];
            } else {
                values[i] = std::floor(values[i]);
                input.data<uint8_t>()[i] = static_cast<uint8_t>(values[i]);
            }
        }
        request->set_tensor(port, input);
        request->infer();
        const auto output = request->get_tensor(compiled->outputs()[0]);
        ASSERT_EQ(output.get_shape(), shape) << xml;
        for (size_t i = 0; i < values.size(); ++i) {
            const double actual = type == ov::element::f64 ? output.data<double>()[i] : output.data<uint8_t>()[i];
            EXPECT_NEAR(actual, values[i] + addend, 1e-5) << xml << " element " << i;
        }
    }
}

// ---- profiling ----

TEST(CpuProfiling, PerOpCountersWithEnableProfiling) {
    auto model = read_model("squeezenet1.1-ir11/squeezenet1.1.xml");
    auto compiled = make_plugin()->compile_model(model, {ov::enable_profiling(true)});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    const auto info = request->get_profiling_info();
    ASSERT_FALSE(info.empty());
    std::set<std::string> names;
    for (const auto& node : model->get_ordered_ops())
        names.insert(node->get_friendly_name());
    size_t convolutions = 0;
    for (const auto& entry : info) {
        EXPECT_NE(entry.status, ov::ProfilingInfo::Status::NOT_RUN) << entry.node_name;
        EXPECT_FALSE(entry.exec_type.empty()) << entry.node_name;
        EXPECT_TRUE(names.count(entry.node_name)) << entry.node_name << " is not an op of the model";
        if (entry.node_type == "Convolution" || entry.node_type == "FusedConvolution") {
            ++convolutions;
            EXPECT_TRUE(entry.exec_type == "im2col_gemm_f32" || entry.exec_type == "gemm_1x1_f32" ||
                        entry.exec_type.rfind("dnnl_", 0) == 0)
                << entry.exec_type;
        }
    }
    EXPECT_EQ(convolutions, 26u);  // SqueezeNet 1.1 (each with its bias and Relu where oneDNN fuses them)
}

TEST(CpuProfiling, NoCountersWithoutEnableProfiling) {
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"), {});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    EXPECT_TRUE(request->get_profiling_info().empty());
}

TEST(CpuProfiling, InPlaceReshapeIsReportedOptimizedOut) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 6});
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    auto shape = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{3}, {3, 2, 2});
    auto reshape = std::make_shared<ov::op::v1::Reshape>(relu, shape, false);
    reshape->set_friendly_name("flatten");
    auto relu2 = std::make_shared<ov::op::v0::Relu>(reshape);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu2}, ov::ParameterVector{input}, "m");
    auto compiled = make_plugin()->compile_model(model, {ov::enable_profiling(true)});
    auto request = compiled->create_sync_infer_request();
    auto x = random_tensor({2, 6}, 5);
    request->set_tensor(compiled->inputs()[0], x);
    request->infer();
    bool found = false;
    for (const auto& entry : request->get_profiling_info())
        if (entry.node_name == "flatten") {
            found = true;
            EXPECT_EQ(entry.status, ov::ProfilingInfo::Status::OPTIMIZED_OUT);
        }
    EXPECT_TRUE(found);
    const auto out = to_floats(request->get_tensor(compiled->outputs()[0]));
    const auto in = to_floats(x);
    for (size_t i = 0; i < in.size(); ++i)
        EXPECT_EQ(out[i], std::max(in[i], 0.0f));
}

// ---- export / import ----

TEST(CpuExportImport, ImportedModelGivesTheSameResultsAndProperties) {
    auto plugin = make_plugin();
    const char* xml = "landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml";
    auto compiled = plugin->compile_model(read_model(xml), {ov::enable_profiling(true), ov::inference_num_threads(2)});
    std::stringstream blob;
    compiled->export_model(blob);
    auto imported = plugin->import_model(blob, {});
    EXPECT_TRUE(imported->get_property(ov::enable_profiling.name()).as<bool>());
    EXPECT_EQ(imported->get_property(ov::inference_num_threads.name()).as<int32_t>(), 2);
    ASSERT_EQ(imported->inputs().size(), compiled->inputs().size());
    EXPECT_EQ(imported->inputs()[0].get_names(), compiled->inputs()[0].get_names());
    const auto& port = compiled->inputs()[0];
    const auto x = tensor_for(port.get_element_type(), port.get_shape(),
                              to_floats(random_tensor(port.get_shape(), 11, 0.0f, 255.0f)));
    std::vector<std::vector<float>> results;
    for (const auto& cm : {compiled, imported}) {
        auto request = cm->create_sync_infer_request();
        request->set_tensor(cm->inputs()[0], x);
        request->infer();
        results.push_back(to_floats(request->get_tensor(cm->outputs()[0])));
    }
    EXPECT_EQ(results[0], results[1]);
}

TEST(CpuExportImport, ForeignStreamIsRefusedClearly) {
    std::stringstream junk("<?xml version=\"1.0\"?><net/>");
    EXPECT_THAT(error_of([&] { make_plugin()->import_model(junk, {}); }), HasSubstr("not a model exported"));
}

// ---- memory plan ----

TEST(CpuMemoryPlan, OffsetsNeverOverlapWhileLivesOverlap) {
    std::mt19937 gen(3);
    std::vector<size_t> sizes, first, last, offsets;
    for (int i = 0; i < 200; ++i) {
        const size_t a = gen() % 100, b = a + gen() % 10;
        sizes.push_back(1 + gen() % 5000);
        first.push_back(a);
        last.push_back(b);
    }
    const size_t total = devmux::kit::plan_offsets(sizes, first, last, 64, offsets);
    size_t sum = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
        sum += sizes[i];
        EXPECT_EQ(offsets[i] % 64, 0u);
        EXPECT_LE(offsets[i] + sizes[i], total);
        for (size_t j = 0; j < i; ++j) {
            const bool live_together = first[i] <= last[j] && first[j] <= last[i];
            const bool overlap = offsets[i] < offsets[j] + sizes[j] && offsets[j] < offsets[i] + sizes[i];
            EXPECT_FALSE(live_together && overlap) << "blocks " << i << " and " << j;
        }
    }
    EXPECT_LT(total, sum);
}

// The arena holds the intermediates and each step's scratch (live during its step only), whose size grows
// with the inference threads: checked at 2 threads (CI) and at 16 (where a 16-core machine, the H100's host,
// had an arena of 21 MB against 15 MB of intermediates, which an earlier bound without the scratch refused).
TEST(CpuMemoryPlan, SqueezeNetArenaIsSmallerThanItsIntermediates) {
    for (const int threads : {2, 16}) {
        auto compiled = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(make_plugin()->compile_model(
            read_model("squeezenet1.1-ir11/squeezenet1.1.xml"), {ov::inference_num_threads(threads)}));
        ASSERT_TRUE(compiled);
        const auto& plan = compiled->plan();
        size_t intermediates = 0, largest_scratch = 0;
        for (const auto& value : plan.values)
            if (value.kind == devmux::kit::ValueKind::Arena)
                intermediates += value.bytes;
        for (const auto& step : plan.steps)
            largest_scratch = std::max(largest_scratch, step.scratch_bytes);
        EXPECT_GT(intermediates, 0u);
        EXPECT_LT(plan.arena_bytes, intermediates + largest_scratch) << threads << " threads";
        EXPECT_LT(plan.arena_bytes, plan.unshared_bytes / 2)
            << threads << " threads: reuse should at least halve SqueezeNet's memory";
        RecordProperty("arena_bytes_" + std::to_string(threads), std::to_string(plan.arena_bytes));
        RecordProperty("intermediates_" + std::to_string(threads), std::to_string(intermediates));
        RecordProperty("largest_scratch_" + std::to_string(threads), std::to_string(largest_scratch));
    }
}

TEST(CpuMemoryPlan, CompiledModelReportsItsWeightsArenaAndScratch) {
    auto compiled = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(
        make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"), {}));
    ASSERT_TRUE(compiled);
    const auto names = compiled->get_property(ov::supported_properties.name()).as<std::vector<ov::PropertyName>>();
    for (const auto* key : {devmux::memory::weights_bytes.name(), devmux::memory::request_arena_bytes.name(),
                            devmux::memory::request_scratch_bytes.name()})
        EXPECT_NE(std::find(names.begin(), names.end(), key), names.end()) << key;
    // The IR stores f16 weights; the plugin computes in f32, so it holds each weight as an f32 Constant, and at
    // most one more copy repacked for a kernel (give or take the channel padding of oneDNN's blocked layouts).
    // Winograd kernels hold a 3x3 filter as 4x4 transformed taps: at most 16/9 of its plain size.
    uint64_t f32_weight_bytes = 0;
    for (const auto& op : read_model("squeezenet1.1-ir11/squeezenet1.1.xml")->get_ordered_ops())
        if (ov::as_type_ptr<ov::op::v0::Constant>(op) && op->get_output_element_type(0).is_real())
            f32_weight_bytes += ov::shape_size(op->get_output_shape(0)) * sizeof(float);
    ASSERT_GT(f32_weight_bytes, 4000000u);
    const auto weights = compiled->get_property(devmux::memory::weights_bytes.name()).as<uint64_t>();
    EXPECT_GE(weights, f32_weight_bytes);
    EXPECT_LE(weights, f32_weight_bytes + f32_weight_bytes * 16 / 9 + f32_weight_bytes / 50);
    const auto& plan = compiled->plan();
    EXPECT_EQ(compiled->get_property(devmux::memory::request_arena_bytes.name()).as<uint64_t>(), plan.arena_bytes);
    uint64_t scratch = 0;
    for (const auto& step : plan.steps)
        scratch += step.scratch_bytes;
    EXPECT_EQ(compiled->get_property(devmux::memory::request_scratch_bytes.name()).as<uint64_t>(), scratch);
    EXPECT_THROW(compiled->set_property({{devmux::memory::weights_bytes.name(), uint64_t{1}}}), ov::Exception);
}

TEST(CpuMemoryPlan, BuffersStayPutAcrossInfers) {
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"), {});
    auto request = std::dynamic_pointer_cast<devmux::cpu::InferRequest>(compiled->create_sync_infer_request());
    ASSERT_TRUE(request);
    const auto& plan = std::static_pointer_cast<const devmux::cpu::CompiledModel>(compiled)->plan();
    request->infer();
    std::vector<const void*> before;
    for (size_t i = 0; i < plan.values.size(); ++i)
        before.push_back(request->buffer(i).host());
    const void* output = request->get_tensor(compiled->outputs()[0]).data();
    request->infer();
    request->infer();
    for (size_t i = 0; i < plan.values.size(); ++i)
        EXPECT_EQ(request->buffer(i).host(), before[i]) << "value " << i;
    EXPECT_EQ(request->get_tensor(compiled->outputs()[0]).data(), output);
}

TEST(CpuMemoryPlan, ReplacedUserTensorsAreUsed) {
    auto compiled = make_plugin()->compile_model(relu_model({4}), {});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    ov::Tensor in = tensor_for(ov::element::f32, {4}, {-1, 2, -3, 4});
    std::vector<float> out_storage(4, 7.0f);
    ov::Tensor out(ov::element::f32, {4}, out_storage.data());
    request->set_tensor(compiled->inputs()[0], in);
    request->set_tensor(compiled->outputs()[0], out);
    request->infer();
    EXPECT_EQ(out_storage, (std::vector<float>{0, 2, 0, 4}));
}

// ---- concurrency ----

TEST(CpuConcurrency, RequestsOnSeveralThreadsGiveTheSequentialResults) {
    auto compiled = make_plugin()->compile_model(
        read_model("landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml"), {});
    const auto& port = compiled->inputs()[0];
    constexpr int threads = 4, rounds = 3;
    std::vector<ov::Tensor> inputs;
    std::vector<std::vector<float>> expected;
    auto sequential = compiled->create_sync_infer_request();
    for (int t = 0; t < threads; ++t) {
        inputs.push_back(random_tensor(port.get_shape(), 40 + t, 0.0f, 255.0f));
        sequential->set_tensor(port, inputs.back());
        sequential->infer();
        expected.push_back(to_floats(sequential->get_tensor(compiled->outputs()[0])));
    }
    std::vector<std::vector<float>> actual(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            auto request = compiled->create_sync_infer_request();
            for (int r = 0; r < rounds; ++r) {
                request->set_tensor(port, inputs[t]);
                request->infer();
                actual[t] = to_floats(request->get_tensor(compiled->outputs()[0]));
            }
        });
    for (auto& w : workers)
        w.join();
    for (int t = 0; t < threads; ++t)
        EXPECT_EQ(actual[t], expected[t]) << "thread " << t;
    EXPECT_NE(expected[0], expected[1]) << "inputs should give different outputs";
}

}  // namespace

namespace {

size_t process_threads() {
    // A sanitizer's runtime may start a thread of its own with the process's first thread (ThreadSanitizer's
    // background thread): one started and joined before the first count keeps it out of every difference.
    static const bool runtime_threads_started = [] {
        std::thread([] {}).join();
        return true;
    }();
    (void)runtime_threads_started;
    size_t count = 0;
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Threads:", 0) == 0)
            count = std::stoul(line.substr(8));
    return count;
}

}  // namespace

TEST(CpuThreads, OneInferenceThreadStartsNoThread) {
    // inference_num_threads(1) means exactly one thread: the caller's. Neither the request's pool nor
    // oneDNN's OpenMP team may start one, at compile time or at run time.
    const size_t before = process_threads();
    ASSERT_GT(before, 0u);
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"),
                                                 {ov::inference_num_threads(1)});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    request->infer();
    EXPECT_EQ(process_threads(), before);
}

namespace {

// Runs `body(t)` on `threads` threads that start together, then waits in each thread (still alive, so that
// their OpenMP teams are too) until `while_alive` has run in the calling thread.
void run_together(int threads, const std::function<void(int)>& body, const std::function<void()>& while_alive) {
    std::mutex mutex;  // guards ready, done and counted
    std::condition_variable changed;
    int ready = 0, done = 0;
    bool counted = false;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            {
                std::unique_lock<std::mutex> lock(mutex);
                ++ready;
                changed.notify_all();
                changed.wait(lock, [&] { return ready == threads; });
            }
            body(t);
            std::unique_lock<std::mutex> lock(mutex);
            ++done;
            changed.notify_all();
            changed.wait(lock, [&] { return counted; });
        });
    {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return done == threads; });
    }
    while_alive();
    {
        std::lock_guard<std::mutex> lock(mutex);
        counted = true;
    }
    changed.notify_all();
    for (auto& w : workers)
        w.join();
}

}  // namespace

TEST(CpuStreams, NoMoreRequestsRunAtOnceThanStreams) {
    auto compiled = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(make_plugin()->compile_model(
        read_model("landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml"),
        {ov::inference_num_threads(2), ov::num_streams(2)}));
    ASSERT_TRUE(compiled);
    const auto& port = compiled->inputs()[0];
    run_together(
        5,
        [&](int t) {
            auto request = compiled->create_sync_infer_request();
            request->set_tensor(port, random_tensor(port.get_shape(), 60 + t, 0.0f, 255.0f));
            for (int r = 0; r < 3; ++r)
                request->infer();
        },
        [] {});
    EXPECT_GE(compiled->streams().peak_busy(), 1u);
    EXPECT_LE(compiled->streams().peak_busy(), 2u);
}

TEST(CpuStreams, OneOpenMpTeamPerStreamWhicheverThreadsCall) {
    // One stream of two threads, called from the test's thread and from three others that stay alive: the
    // inferences all run on the stream's own thread, so the process gains that thread and one OpenMP worker
    // only. Run in each caller's thread, every caller would keep a team (and its worker) of its own.
    // SqueezeNet: its large convolutions run on both threads, so a team is started.
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"),
                                                 {ov::inference_num_threads(2), ov::num_streams(1)});
    const auto& port = compiled->inputs()[0];
    const size_t before = process_threads();
    auto here = compiled->create_sync_infer_request();
    here->set_tensor(port, random_tensor(port.get_shape(), 80, 0.0f, 255.0f));
    here->infer();
    constexpr int callers = 3;
    size_t during = 0;
    run_together(
        callers,
        [&](int t) {
            auto request = compiled->create_sync_infer_request();
            request->set_tensor(port, random_tensor(port.get_shape(), 81 + t, 0.0f, 255.0f));
            request->infer();
        },
        [&] { during = process_threads(); });
    // Alive while counting: the callers, the stream's thread and its team's one OpenMP worker (oneDNN's), and
    // the workers of `here`'s own pool. That pool has none where the plugin's loops run on OpenMP, but a
    // build whose compiler runs no OpenMP pragma (clang with GNU's libgomp: the sanitized build, where
    // _OPENMP is not defined) runs them on the request's pool, one worker per thread beyond the caller's;
    // the callers' requests, and their pools, are gone by then. pool_threads is what the plugin sizes the
    // pools with, compiled with the plugin's OpenMP flags.
    constexpr size_t request_threads = 2;  // inference_num_threads over the one stream
    const size_t here_pool_workers = devmux::cpu::pool_threads(request_threads) - 1;
    EXPECT_EQ(during, before + callers + 1 + (request_threads - 1) + here_pool_workers);
}

TEST(CpuStreams, CompiledModelsUsedInTurnShareOneStreamThreadAndTeam) {
    // Two compiled models of two threads, inferred one after the other from one thread: both run on the
    // process's one stream thread, so the process gains that thread and its team's one OpenMP worker. A thread
    // of each model's own would keep two teams, and libgomp with more team threads than cores stops spinning
    // between steps (the speech embedding on 2 threads: 1.1 ms alone, 4.3 ms beside four such models).
    constexpr size_t request_threads = 2;
    auto plugin = make_plugin();
    auto model = read_model("squeezenet1.1-ir11/squeezenet1.1.xml");
    auto first = plugin->compile_model(model, {ov::inference_num_threads(2), ov::num_streams(1)});
    auto second = plugin->compile_model(model, {ov::inference_num_threads(2), ov::num_streams(1)});
    const auto& port = first->inputs()[0];
    auto first_request = first->create_sync_infer_request();
    auto second_request = second->create_sync_infer_request();
    first_request->set_tensor(port, random_tensor(port.get_shape(), 90, 0.0f, 255.0f));
    second_request->set_tensor(second->inputs()[0], random_tensor(port.get_shape(), 91, 0.0f, 255.0f));
    const size_t before = process_threads();  // the requests' own pools are counted in it (see below)
    first_request->infer();
    second_request->infer();
    first_request->infer();
    EXPECT_EQ(process_threads(), before + 1 + (request_threads - 1));
}

TEST(CpuStreams, AStreamThreadLeftIdleEndsWhileAnotherLives) {
    devmux::cpu::StreamThreads threads(std::chrono::milliseconds(20));
    // Two jobs that wait for each other need two threads at once.
    std::promise<void> first_running, second_running;
    std::thread other([&] {
        threads.run([&] {
            first_running.set_value();
            second_running.get_future().wait();
        });
    });
    threads.run([&] {
        second_running.set_value();
        first_running.get_future().wait();
    });
    other.join();
    EXPECT_EQ(threads.threads(), 2u);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (threads.threads() > 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(threads.threads(), 1u) << "the idle thread beyond the first should have ended";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(threads.threads(), 1u) << "the last thread stays, with its team";
    int runs = 0;
    EXPECT_FALSE(threads.run([&] { ++runs; })) << "a job that starts no team says so";
    EXPECT_EQ(runs, 1);
}

TEST(CpuStreams, AFailedInferenceOnAStreamThreadReachesItsCaller) {
    devmux::cpu::StreamSlots streams(1, 2);
    EXPECT_THROW(streams.run([] { throw std::runtime_error("step failed"); }), std::runtime_error);
    int runs = 0;
    streams.run([&] { ++runs; });
    EXPECT_EQ(runs, 1) << "the stream still serves after a failure";
}

TEST(CpuStreams, InferencesThatStartNoTeamMoveBackToTheCallingThread) {
    const auto caller = std::this_thread::get_id();
    std::thread::id first, second;
    devmux::cpu::StreamSlots small(1, 2);
    small.run([&] { first = std::this_thread::get_id(); });  // starts no OpenMP team
    small.run([&] { second = std::this_thread::get_id(); });
    EXPECT_NE(first, caller) << "the first inference runs on the stream's thread";
    EXPECT_EQ(second, caller) << "no team to keep together: the hand-over is saved";
    devmux::cpu::StreamSlots large(1, 2);
    large.run([&] {
        devmux::cpu::t_started_team = true;  // as a step on the team does
        first = std::this_thread::get_id();
    });
    large.run([&] { second = std::this_thread::get_id(); });
    EXPECT_NE(second, caller);
    EXPECT_EQ(second, first) << "one stream, one thread, one team";
}

TEST(CpuStreams, ACallerRunningInlineWaitsOnlyForTheStreamThreadsJob) {
    // The stream turns inline while a job queued before is still on its thread: a caller that arrives then
    // waits for that job, and must wake when it ends (it once waited for ever). Left behind on failure, so
    // that the stuck caller never touches freed memory.
    auto* streams = new devmux::cpu::StreamSlots(1, 2);
    std::promise<void> release_first, release_second, second_running, third_done;
    std::thread first([&] { streams->run([&] { release_first.get_future().wait(); }); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the first job holds the stream thread
    std::thread second([&] {
        streams->run([&] {
            second_running.set_value();
            release_second.get_future().wait();
        });
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the second job is queued
    release_first.set_value();  // ends having started no team: the stream turns inline
    second_running.get_future().wait();
    std::thread([streams, &third_done] {
        streams->run([] {});
        third_done.set_value();
    }).detach();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the third caller waits for the stream
    release_second.set_value();
    const bool finished = third_done.get_future().wait_for(std::chrono::seconds(10)) == std::future_status::ready;
    first.join();
    second.join();
    ASSERT_TRUE(finished) << "the inline caller was never woken";
    delete streams;
}

TEST(CpuStreams, EachStreamRunsOnItsShareOfTheCores) {
    // Four threads over four streams: one thread per stream, so running four requests at once adds no
    // OpenMP worker at all. Were every stream to use all four threads, each request's thread would keep
    // three workers.
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"),
                                                 {ov::inference_num_threads(4), ov::num_streams(4)});
    const auto& port = compiled->inputs()[0];
    constexpr int streams = 4;
    const size_t before = process_threads();
    size_t during = 0;
    run_together(
        streams,
        [&](int t) {
            auto request = compiled->create_sync_infer_request();
            request->set_tensor(port, random_tensor(port.get_shape(), 70 + t, 0.0f, 255.0f));
            request->infer();
        },
        [&] { during = process_threads(); });
    EXPECT_EQ(during, before + streams);
}
