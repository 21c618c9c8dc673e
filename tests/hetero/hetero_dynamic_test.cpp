// SPDX-License-Identifier: Apache-2.0
// HETERO on models whose shapes stay dynamic after reshaping (TopK with a K input, as in ONNX's TopK cases):
// the ops of dynamic shape, and those downstream that read such a shape, run on a device that runs dynamic
// shapes (CPU); a device that needs static shapes (the mock, like OPENCL and VULKAN) runs the rest, and the
// boundary tensors of dynamic shape are handed over with the shapes of each run.
#include <gtest/gtest.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>

#include "common/test_utils.hpp"
#include "gate_plugin/gate_control.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/topk.hpp"
#include "openvino/runtime/core.hpp"

namespace {

constexpr size_t rows = 4;
constexpr size_t columns = 16;

// x[4,16], k (i64 scalar) -> relu -> topk(k, axis 1, largest, sorted) -> values * 2 = "values" [4,?] and
// "indices" [4,?]; sum of the scaled values over axis 1 [4,1] -> + relu [4,16] -> sigmoid = "tail" [4,16].
// TopK's output shape depends on the value of k, so it and the Multiply and ReduceSum after it keep dynamic
// shapes whatever the inputs' shapes; the Add and Sigmoid have static shapes again.
std::shared_ptr<ov::Model> topk_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{rows, columns});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto k = std::make_shared<ov::op::v0::Parameter>(ov::element::i64, ov::Shape{});
    k->set_friendly_name("k");
    k->output(0).set_names({"k"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto topk = std::make_shared<ov::op::v11::TopK>(relu, k, 1, ov::op::TopKMode::MAX, ov::op::TopKSortType::SORT_VALUES,
                                                    ov::element::i64);
    topk->set_friendly_name("topk");
    topk->output(1).set_names({"indices"});
    auto two = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{}, {2.f});
    auto scaled = std::make_shared<ov::op::v1::Multiply>(topk->output(0), two);
    scaled->set_friendly_name("scaled");
    scaled->output(0).set_names({"values"});
    auto axis = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, {1});
    auto sum = std::make_shared<ov::op::v1::ReduceSum>(scaled, axis, true);
    sum->set_friendly_name("sum");
    auto add = std::make_shared<ov::op::v1::Add>(sum, relu);
    add->set_friendly_name("add");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(add);
    sigmoid->set_friendly_name("sigmoid");
    sigmoid->output(0).set_names({"tail"});
    ov::ResultVector results;
    for (const auto& output : {scaled->output(0), topk->output(1), sigmoid->output(0)}) {
        results.push_back(std::make_shared<ov::op::v0::Result>(output));
        results.back()->set_friendly_name(output.get_any_name() + "/out");
    }
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x, k}, "dynamic_topk");
}

// Distinct positive values (relu keeps them; no ties for TopK), fresh per seed.
ov::Tensor random_x(unsigned seed) {
    ov::Tensor tensor(ov::element::f32, ov::Shape{rows, columns});
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> values(0.05f, 3.f);
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = values(generator);
    return tensor;
}

ov::Tensor scalar_k(int64_t k) {
    ov::Tensor tensor(ov::element::i64, ov::Shape{});
    *tensor.data<int64_t>() = k;
    return tensor;
}

struct Outputs {
    ov::Tensor values, indices, tail;
};

// Computed here, independently of every device.
Outputs reference(const ov::Tensor& x, int64_t k) {
    const size_t kept = static_cast<size_t>(k);
    Outputs out{ov::Tensor(ov::element::f32, ov::Shape{rows, kept}), ov::Tensor(ov::element::i64, ov::Shape{rows, kept}),
                ov::Tensor(ov::element::f32, ov::Shape{rows, columns})};
    const float* in = x.data<float>();
    for (size_t r = 0; r < rows; ++r) {
        std::vector<size_t> order(columns);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            return std::max(in[r * columns + a], 0.f) > std::max(in[r * columns + b], 0.f);
        });
        double sum = 0;
        for (size_t j = 0; j < kept; ++j) {
            const float value = 2.f * std::max(in[r * columns + order[j]], 0.f);
            out.values.data<float>()[r * kept + j] = value;
            out.indices.data<int64_t>()[r * kept + j] = static_cast<int64_t>(order[j]);
            sum += value;
        }
        for (size_t c = 0; c < columns; ++c) {
            const double v = sum + std::max(in[r * columns + c], 0.f);
            out.tail.data<float>()[r * columns + c] = static_cast<float>(1.0 / (1.0 + std::exp(-v)));
        }
    }
    return out;
}

Outputs infer(ov::InferRequest& request, const ov::Tensor& x, int64_t k) {
    request.set_tensor("x", x);
    request.set_tensor("k", scalar_k(k));
    request.infer();
    return {request.get_tensor("values"), request.get_tensor("indices"), request.get_tensor("tail")};
}

// Values within `tolerance`, indices exactly, shapes exactly.
void expect_near(const Outputs& got, const Outputs& want, float tolerance, const std::string& what) {
    ASSERT_EQ(got.values.get_shape(), want.values.get_shape()) << what;
    ASSERT_EQ(got.indices.get_shape(), want.indices.get_shape()) << what;
    ASSERT_EQ(got.tail.get_shape(), want.tail.get_shape()) << what;
    for (size_t i = 0; i < want.values.get_size(); ++i)
        EXPECT_NEAR(got.values.data<float>()[i], want.values.data<float>()[i], tolerance) << what << " values " << i;
    for (size_t i = 0; i < want.indices.get_size(); ++i)
        EXPECT_EQ(got.indices.data<int64_t>()[i], want.indices.data<int64_t>()[i]) << what << " indices " << i;
    for (size_t i = 0; i < want.tail.get_size(); ++i)
        EXPECT_NEAR(got.tail.data<float>()[i], want.tail.data<float>()[i], tolerance) << what << " tail " << i;
}

// M needs static shapes, as OPENCL and VULKAN do: it lists TopK, Multiply and ReduceSum, yet refuses them
// here for their dynamic shapes.
void register_static_mock(ov::Core& core) {
    core.register_plugin(devmux_mock::library_path(), "M",
                         {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,TopK,Multiply,ReduceSum,Add,Sigmoid"}});
}

TEST(HeteroDynamic, OpsOfDynamicShapeGoToTheDeviceThatRunsDynamicShapes) {
    ov::Core core;
    register_static_mock(core);
    const auto answer = core.query_model(topk_model(), "HETERO:M,CPU");
    for (const char* name : {"relu", "add", "sigmoid"})
        EXPECT_EQ(answer.at(name), "M.0") << name;
    // TopK's output shape depends on k's value; the Multiply and the ReduceSum read that shape.
    for (const char* name : {"topk", "scaled", "sum"})
        EXPECT_EQ(answer.at(name), "CPU") << name;
    // CPU first takes everything, dynamic or not.
    for (const auto& [name, device] : core.query_model(topk_model(), "HETERO:CPU,M"))
        EXPECT_EQ(device, "CPU") << name;
}

TEST(HeteroDynamic, SplitModelMatchesTheReferenceAndCpuAloneAsKChanges) {
    ov::Core core;
    register_static_mock(core);
    const auto model = topk_model();
    auto compiled = core.compile_model(model, "HETERO:M,CPU");
    EXPECT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{"M.0", "CPU"}));
    // relu on M, the dynamic part on CPU, add and sigmoid on M again.
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    auto split = compiled.create_infer_request();
    auto alone = core.compile_model(model, "CPU").create_infer_request();
    // One request through several k: the boundary tensors of dynamic shape change size between runs.
    unsigned seed = 301;
    for (int64_t k : {3, 16, 1, 9}) {
        const ov::Tensor x = random_x(seed++);
        const Outputs got = infer(split, x, k);
        const std::string what = "k=" + std::to_string(k);
        expect_near(got, reference(x, k), 1e-5f, what + " against the reference");
        expect_near(got, infer(alone, x, k), 1e-6f, what + " against CPU alone");
    }
}

TEST(HeteroDynamic, DevicesThatNeedStaticShapesAloneRefuseNamingTheShapes) {
    ov::Core core;
    register_static_mock(core);
    const auto text = devmux_test::error_of([&] { core.compile_model(topk_model(), "HETERO:M"); });
    EXPECT_NE(text.find("'dynamic_topk' has dynamic shapes"), std::string::npos) << text;
    EXPECT_NE(text.find("TopK 'topk'"), std::string::npos) << text;
    EXPECT_NE(text.find("runs dynamic shapes"), std::string::npos) << text;
    EXPECT_NE(text.find("reshape the model"), std::string::npos) << text;
    EXPECT_EQ(text.find("not supported by any"), std::string::npos) << text;

    // A dynamic input is named as the cause.
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{-1, 16});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                             ov::ParameterVector{x}, "dynamic");
    const auto input_text = devmux_test::error_of([&] { core.compile_model(model, "HETERO:M"); });
    EXPECT_NE(input_text.find("input 'x' (tensor 'x') has dynamic shape [?,16]"), std::string::npos) << input_text;
    EXPECT_NE(input_text.find("Relu 'relu'"), std::string::npos) << input_text;
}

// The gate device runs dynamic shapes too, in a memory space of its own: a boundary of dynamic shape from CPU
// is copied into a tensor of the gate's context, of the shape of each run.
TEST(HeteroDynamic, BoundaryOfDynamicShapeIntoAnotherMemorySpaceIsCopiedWithItsShape) {
    ov::Core core;
    core.register_plugin(devmux_gate::library_path(), "GATE");
    core.set_property("GATE", {{devmux_gate::memory_space, "gate_memory"}});
    auto model = topk_model();
    for (const auto& node : model->get_ordered_ops()) {
        const std::string& name = node->get_friendly_name();
        if (name == "scaled" || name == "sum")
            node->get_rt_info()["affinity"] = std::string("GATE");
        else if (name == "relu" || name == "topk" || name == "add" || name == "sigmoid")
            node->get_rt_info()["affinity"] = std::string("CPU");
    }
    auto compiled = core.compile_model(model, "HETERO:CPU,GATE", ov::enable_profiling(true));
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    auto request = compiled.create_infer_request();
    unsigned seed = 401;
    for (int64_t k : {5, 12, 2}) {
        const ov::Tensor x = random_x(seed++);
        expect_near(infer(request, x, k), reference(x, k), 1e-5f, "k=" + std::to_string(k));
    }
    bool copied = false;
    for (const auto& info : request.get_profiling_info())
        copied = copied || (info.node_type == "Transfer" && info.node_name.find(": topk") != std::string::npos &&
                            info.exec_type.find("_to_gate_memory_dynamic") != std::string::npos);
    EXPECT_TRUE(copied) << "no Transfer record says the dynamic TopK output was copied into the gate's memory";
}

// A model without compute ops (ONNX's Identity, a Constant output) runs on the first device whose query takes
// all of it: the static-shape device for a static input, the device that runs dynamic shapes for a dynamic one.
TEST(HeteroDynamic, ModelWithoutComputeOpsRunsOnTheFirstDeviceThatTakesIt) {
    ov::Core core;
    register_static_mock(core);
    std::mt19937 generator(77);
    std::uniform_real_distribution<float> values(-2.f, 2.f);
    for (const bool dynamic : {false, true}) {
        auto x = std::make_shared<ov::op::v0::Parameter>(
            ov::element::f32, dynamic ? ov::PartialShape{-1, 3} : ov::PartialShape{2, 3});
        x->set_friendly_name("x");
        x->output(0).set_names({"x"});
        auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, {0.5f, -1.25f});
        weights->set_friendly_name("weights");
        weights->output(0).set_names({"weights"});
        auto model = std::make_shared<ov::Model>(
            ov::ResultVector{std::make_shared<ov::op::v0::Result>(x), std::make_shared<ov::op::v0::Result>(weights)},
            ov::ParameterVector{x}, "passthrough");
        auto compiled = core.compile_model(model, "HETERO:M,CPU");
        const std::string expected_device = dynamic ? "CPU" : "M.0";
        EXPECT_EQ(compiled.get_property(ov::execution_devices), (std::vector<std::string>{expected_device}))
            << (dynamic ? "dynamic" : "static");
        auto request = compiled.create_infer_request();
        ov::Tensor input(ov::element::f32, ov::Shape{2, 3});
        for (size_t i = 0; i < input.get_size(); ++i)
            input.data<float>()[i] = values(generator);
        request.set_tensor("x", input);
        request.infer();
        const ov::Tensor y = request.get_tensor("x");
        ASSERT_EQ(y.get_shape(), input.get_shape());
        for (size_t i = 0; i < input.get_size(); ++i)
            EXPECT_EQ(y.data<float>()[i], input.data<float>()[i]) << i;
        const ov::Tensor w = request.get_tensor("weights");
        ASSERT_EQ(w.get_size(), 2u);
        EXPECT_EQ(w.data<float>()[0], 0.5f);
        EXPECT_EQ(w.data<float>()[1], -1.25f);
    }
}

}  // namespace
