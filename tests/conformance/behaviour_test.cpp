// SPDX-License-Identifier: Apache-2.0
// How a compiled model behaves on every device: no allocation after the first inference (host-memory
// devices), N threads by M requests give the results of one request, export then import gives the same
// results, and bad inputs raise ov::Exception naming the key or the port.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <thread>

#include "common/test_utils.hpp"
#include "conformance.hpp"
#include "openvino/op/ops.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;

constexpr const char* unknown_key = "CONFORMANCE_NO_SUCH_KEY";
constexpr const char* input_name = "conformance_input";

// conformance_input {1,3,8,8} -> Convolution -> Sigmoid -> Reshape -> MatMul -> Add -> conformance_output {1,5}. MOCKPART runs the
// convolution and ALIASA the sigmoid and matmul, so HETERO and the alias split this model.
std::shared_ptr<ov::Model> small_model() {
    namespace v0 = ov::op::v0;
    namespace v1 = ov::op::v1;
    auto x = std::make_shared<v0::Parameter>(ov::element::f32, ov::Shape{1, 3, 8, 8});
    x->set_friendly_name(input_name);
    x->output(0).set_names({input_name});
    auto w = std::make_shared<v0::Constant>(random_tensor(ov::element::f32, {4, 3, 3, 3}, 21, -0.5, 0.5));
    auto conv = std::make_shared<v1::Convolution>(x, w, ov::Strides{2, 2}, ov::CoordinateDiff{1, 1},
                                                  ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto sigmoid = std::make_shared<v0::Sigmoid>(conv);
    auto flat = std::make_shared<v1::Reshape>(sigmoid, v0::Constant::create(ov::element::i64, {2}, {1, 64}), false);
    auto fc = std::make_shared<v0::MatMul>(
        flat, std::make_shared<v0::Constant>(random_tensor(ov::element::f32, {64, 5}, 22, -0.5, 0.5)));
    auto y = std::make_shared<v1::Add>(fc, std::make_shared<v0::Constant>(
                                               random_tensor(ov::element::f32, {1, 5}, 23, -1, 1)));
    y->set_friendly_name("conformance_output");
    y->output(0).set_names({"conformance_output"});
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<v0::Result>(y)}, ov::ParameterVector{x},
                                       "conformance_small");
}

ov::Tensor input(uint32_t seed) { return random_tensor(ov::element::f32, {1, 3, 8, 8}, seed, -2, 2); }

std::vector<float> infer_once(ov::InferRequest& request, const ov::Tensor& x) {
    request.set_input_tensor(x);
    request.infer();
    return devmux_test::values<float>(request.get_output_tensor());
}

std::vector<Device> device_list(bool host_memory_only) {
    std::vector<Device> list;
    for (const auto& device : devices())
        if (!host_memory_only || device.host_memory)
            list.push_back(device);
    return list;
}

std::string device_name(const ::testing::TestParamInfo<Device>& info) {
    return test_name(info.param.label, "");
}

class Behaviour : public ::testing::TestWithParam<Device> {};
class HostMemory : public ::testing::TestWithParam<Device> {};

TEST_P(HostMemory, NoAllocationAfterTheFirstInference) {
    const Device& device = GetParam();
    run(device, [&] {
        auto compiled = core().compile_model(small_model(), device.name);
        auto request = compiled.create_infer_request();
        request.set_input_tensor(input(1));
        request.infer();
        ov::Tensor x = request.get_input_tensor();
        const ov::Tensor fresh = input(2);
        std::copy_n(fresh.data<float>(), fresh.get_size(), x.data<float>());
        EXPECT_EQ(allocations_during([&] { request.infer(); }), 0u) << "operator new calls in the second infer()";
    });
}

TEST_P(Behaviour, MatchesTheReference) {
    const Device& device = GetParam();
    run(device, [&] {
        const auto model = small_model();
        auto compiled = core().compile_model(model, device.name);
        auto request = compiled.create_infer_request();
        const ov::Tensor x = input(3);
        request.set_input_tensor(x);
        request.infer();
        EXPECT_LE(normalised_error(request.get_output_tensor(), reference_outputs(*model, {x})[0]), 1e-5);
    });
}

TEST_P(Behaviour, ThreadsByRequestsGiveTheResultsOfOneRequest) {
    const Device& device = GetParam();
    run(device, [&] {
        constexpr size_t threads = 3, requests_per_thread = 2, inferences = 3;
        auto compiled = core().compile_model(small_model(), device.name);
        std::vector<ov::Tensor> inputs;
        std::vector<std::vector<float>> expected;
        auto single = compiled.create_infer_request();
        for (uint32_t i = 0; i < threads * requests_per_thread * inferences; ++i) {
            inputs.push_back(input(100 + i));
            expected.push_back(infer_once(single, inputs.back()));
        }
        std::vector<std::vector<std::vector<float>>> actual(threads);
        std::vector<std::string> errors(threads);
        std::vector<std::thread> workers;
        for (size_t t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                try {
                    std::vector<ov::InferRequest> requests;
                    for (size_t r = 0; r < requests_per_thread; ++r)
                        requests.push_back(compiled.create_infer_request());
                    for (size_t k = 0; k < inferences; ++k)
                        for (size_t r = 0; r < requests_per_thread; ++r)
                            actual[t].push_back(
                                infer_once(requests[r], inputs[(t * requests_per_thread + r) * inferences + k]));
                } catch (const std::exception& e) {
                    errors[t] = e.what();
                }
            });
        for (auto& worker : workers)
            worker.join();
        for (size_t t = 0; t < threads; ++t) {
            ASSERT_EQ(errors[t], "") << "thread " << t;
            size_t n = 0;
            for (size_t k = 0; k < inferences; ++k)
                for (size_t r = 0; r < requests_per_thread; ++r)
                    EXPECT_EQ(actual[t][n++], expected[(t * requests_per_thread + r) * inferences + k])
                        << "thread " << t << " request " << r << " inference " << k;
        }
    });
}

TEST_P(Behaviour, ExportThenImportGivesTheSameResults) {
    const Device& device = GetParam();
    run(device, [&] {
        const auto capabilities = core().get_property(device.property_device, ov::device::capabilities);
        const bool exports = std::find(capabilities.begin(), capabilities.end(),
                                       ov::device::capability::EXPORT_IMPORT) != capabilities.end();
        auto compiled = core().compile_model(small_model(), device.name);
        std::stringstream blob;
        if (!exports) {
            EXPECT_THROW(compiled.export_model(blob), ov::Exception) << "no EXPORT_IMPORT capability";
            return;
        }
        compiled.export_model(blob);
        auto imported = core().import_model(blob, device.name);
        ASSERT_EQ(imported.inputs().size(), 1u);
        ASSERT_EQ(imported.outputs().size(), 1u);
        auto a = compiled.create_infer_request();
        auto b = imported.create_infer_request();
        for (uint32_t seed : {31u, 32u})
            EXPECT_EQ(infer_once(a, input(seed)), infer_once(b, input(seed))) << "seed " << seed;
    });
}

TEST_P(Behaviour, WrongTensorShapeIsRefusedNamingThePort) {
    const Device& device = GetParam();
    run(device, [&] {
        auto request = core().compile_model(small_model(), device.name).create_infer_request();
        EXPECT_THAT(devmux_test::error_of(
                        [&] { request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{1, 3, 9, 8})); }),
                    HasSubstr(input_name));
        EXPECT_THAT(
            devmux_test::error_of([&] { request.set_tensor(input_name, ov::Tensor(ov::element::f32, {3, 8, 8})); }),
            HasSubstr(input_name));
    });
}

TEST_P(Behaviour, WrongTensorTypeIsRefusedNamingThePort) {
    const Device& device = GetParam();
    run(device, [&] {
        auto request = core().compile_model(small_model(), device.name).create_infer_request();
        EXPECT_THAT(devmux_test::error_of(
                        [&] { request.set_input_tensor(ov::Tensor(ov::element::i32, ov::Shape{1, 3, 8, 8})); }),
                    HasSubstr(input_name));
    });
}

TEST_P(Behaviour, MissingPortIsRefusedNamingIt) {
    const Device& device = GetParam();
    run(device, [&] {
        auto request = core().compile_model(small_model(), device.name).create_infer_request();
        EXPECT_THAT(devmux_test::error_of([&] { request.get_tensor("conformance_no_such_port"); }),
                    HasSubstr("conformance_no_such_port"));
        EXPECT_THAT(devmux_test::error_of([&] { request.set_tensor("conformance_no_such_port", input(5)); }),
                    HasSubstr("conformance_no_such_port"));
        EXPECT_THAT(devmux_test::error_of([&] { request.set_input_tensor(1, input(5)); }), HasSubstr("index 1"));
    });
}

TEST_P(Behaviour, UnknownCompilePropertyIsRefusedNamingIt) {
    const Device& device = GetParam();
    run(device, [&] {
        EXPECT_THAT(devmux_test::error_of([&] { core().compile_model(small_model(), device.name, {{unknown_key, 1}}); }),
                    HasSubstr(unknown_key));
    });
}

TEST_P(Behaviour, AsyncInferenceGivesTheResultsOfInfer) {
    const Device& device = GetParam();
    run(device, [&] {
        auto compiled = core().compile_model(small_model(), device.name);
        auto sync = compiled.create_infer_request();
        auto async = compiled.create_infer_request();
        for (uint32_t seed : {41u, 42u}) {
            const ov::Tensor x = input(seed);
            async.set_input_tensor(x);
            async.start_async();
            async.wait();
            EXPECT_EQ(devmux_test::values<float>(async.get_output_tensor()), infer_once(sync, x)) << "seed " << seed;
        }
    });
}

// out = state * 0.5 + x; state = out. Variable "conformance_acc" f32 {2, 3} starting at a seeded constant.
TEST_P(Behaviour, VariableStateCarriesOverAndResets) {
    const Device& device = GetParam();
    run(device, [&] {
        namespace v0 = ov::op::v0;
        const ov::Tensor init = random_tensor(ov::element::f32, {2, 3}, 51, -2, 2);
        auto variable = std::make_shared<ov::op::util::Variable>(
            ov::op::util::VariableInfo{ov::PartialShape{2, 3}, ov::element::f32, "conformance_acc"});
        auto read = std::make_shared<ov::op::v6::ReadValue>(std::make_shared<v0::Constant>(init), variable);
        auto x = std::make_shared<v0::Parameter>(ov::element::f32, ov::Shape{2, 3});
        auto half = v0::Constant::create(ov::element::f32, ov::Shape{}, {0.5f});
        auto out = std::make_shared<ov::op::v1::Add>(std::make_shared<ov::op::v1::Multiply>(read, half), x);
        auto assign = std::make_shared<ov::op::v6::Assign>(out, variable);
        auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<v0::Result>(out)},
                                                 ov::SinkVector{assign}, ov::ParameterVector{x},
                                                 ov::op::util::VariableVector{variable}, "conformance_state");
        auto request = core().compile_model(model, device.name).create_infer_request();
        std::vector<float> state = devmux_test::values<float>(init);
        auto step = [&](uint32_t seed) {
            const ov::Tensor in = random_tensor(ov::element::f32, {2, 3}, seed, -1, 1);
            const std::vector<float> actual = infer_once(request, in);
            for (size_t i = 0; i < state.size(); ++i)
                state[i] = state[i] * 0.5f + in.data<float>()[i];
            ASSERT_EQ(actual.size(), state.size());
            for (size_t i = 0; i < state.size(); ++i)
                EXPECT_NEAR(actual[i], state[i], 1e-6f * (1 + std::abs(state[i]))) << "seed " << seed << " element " << i;
        };
        step(52);
        step(53);
        const auto states = request.query_state();
        ASSERT_EQ(states.size(), 1u);
        EXPECT_EQ(states[0].get_name(), "conformance_acc");
        request.reset_state();
        state = devmux_test::values<float>(init);
        step(54);
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, Behaviour, ::testing::ValuesIn(device_list(false)), device_name);
INSTANTIATE_TEST_SUITE_P(Conformance, HostMemory, ::testing::ValuesIn(device_list(true)), device_name);

}  // namespace
}  // namespace conformance
