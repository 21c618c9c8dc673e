// SPDX-License-Identifier: Apache-2.0
// The CPU's If kernel (backends/cpu/kernels/if.cpp): an If whose condition the data decides (here
// ReduceMax(x) > 0.5, as openWakeWord's "hey jarvis" decides from its first network's score) runs the chosen
// branch as a CPU plan of its own. Values against the kit's reference executor (every op's evaluate(), the If
// through If::evaluate) on seeded random inputs that take each branch, within 1e-5 of the largest output.
#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "devmux/kit/reference_executor.hpp"
#include "devmux/memory_properties.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reduce_max.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "test_utils.hpp"

namespace {

using namespace cpu_test;
using ov::op::v0::Constant;
using ov::op::v0::Parameter;
using ov::op::v0::Result;

const ov::Shape image_shape{1, 4, 8, 8};  // x: convolved by both branches
const ov::Shape rows_shape{1, 16, 32};    // y: multiplied by a [32, 8] matrix in both branches
constexpr float threshold = 0.5f;

std::shared_ptr<Constant> random_constant(const ov::Shape& shape, unsigned seed) {
    return std::make_shared<Constant>(random_tensor(shape, seed, -0.5f, 0.5f));
}

std::shared_ptr<ov::Node> convolution(const ov::Output<ov::Node>& data, size_t out_channels, size_t kernel,
                                      unsigned seed) {
    const auto in_channels = data.get_shape()[1];
    const auto pad = static_cast<std::ptrdiff_t>(kernel / 2);
    return std::make_shared<ov::op::v1::Convolution>(data, random_constant({out_channels, in_channels, kernel, kernel}, seed),
                                                     ov::Strides{1, 1}, ov::CoordinateDiff{pad, pad},
                                                     ov::CoordinateDiff{pad, pad}, ov::Strides{1, 1});
}

// An If on `condition` whose branches both take x (as then_x and else_x) and give then_result or else_result.
ov::Output<ov::Node> one_input_if(const ov::Output<ov::Node>& condition, const ov::Output<ov::Node>& x,
                                  const std::shared_ptr<Parameter>& then_x, const std::shared_ptr<Result>& then_result,
                                  const std::shared_ptr<Parameter>& else_x, const std::shared_ptr<Result>& else_result) {
    auto choice = std::make_shared<ov::op::v8::If>(condition);
    choice->set_then_body(std::make_shared<ov::Model>(ov::ResultVector{then_result}, ov::ParameterVector{then_x}));
    choice->set_else_body(std::make_shared<ov::Model>(ov::ResultVector{else_result}, ov::ParameterVector{else_x}));
    choice->set_input(x, then_x, else_x);
    auto out = choice->set_output(then_result, else_result);
    choice->validate_and_infer_types();
    return out;
}

// then: conv3x3(x) + bias, relu(y W + b); else: relu(conv1x1(x)), y W'. Two outputs, [1,6,8,8] and [1,16,8].
// W is a Constant of the outer graph that the If passes to its then body, as ONNX Ifs take their weights.
std::shared_ptr<ov::Model> verifier_model() {
    auto x = std::make_shared<Parameter>(ov::element::f32, image_shape);
    auto y = std::make_shared<Parameter>(ov::element::f32, rows_shape);
    x->set_friendly_name("x");
    y->set_friendly_name("y");
    auto score = std::make_shared<ov::op::v1::ReduceMax>(x, Constant::create(ov::element::i64, {4}, {0, 1, 2, 3}));
    auto condition = std::make_shared<ov::op::v1::Greater>(score, Constant::create(ov::element::f32, {}, {threshold}));

    auto then_x = std::make_shared<Parameter>(ov::element::f32, image_shape);
    auto then_y = std::make_shared<Parameter>(ov::element::f32, rows_shape);
    auto then_w = std::make_shared<Parameter>(ov::element::f32, ov::Shape{32, 8});
    auto then_image = std::make_shared<ov::op::v1::Add>(convolution(then_x, 6, 3, 11), random_constant({1, 6, 1, 1}, 12));
    auto then_rows = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(
        std::make_shared<ov::op::v0::MatMul>(then_y, then_w), random_constant({8}, 14)));
    auto then_image_result = std::make_shared<Result>(then_image);
    auto then_rows_result = std::make_shared<Result>(then_rows);

    auto else_x = std::make_shared<Parameter>(ov::element::f32, image_shape);
    auto else_y = std::make_shared<Parameter>(ov::element::f32, rows_shape);
    auto else_image = std::make_shared<ov::op::v0::Relu>(convolution(else_x, 6, 1, 21));
    auto else_rows = std::make_shared<ov::op::v0::MatMul>(else_y, random_constant({32, 8}, 22));
    auto else_image_result = std::make_shared<Result>(else_image);
    auto else_rows_result = std::make_shared<Result>(else_rows);

    auto choice = std::make_shared<ov::op::v8::If>(condition);
    choice->set_friendly_name("verifier_if");
    choice->set_then_body(std::make_shared<ov::Model>(ov::ResultVector{then_image_result, then_rows_result},
                                                      ov::ParameterVector{then_x, then_y, then_w}));
    choice->set_else_body(std::make_shared<ov::Model>(ov::ResultVector{else_image_result, else_rows_result},
                                                      ov::ParameterVector{else_x, else_y}));
    choice->set_input(x, then_x, else_x);
    choice->set_input(y, then_y, else_y);
    choice->set_input(random_constant({32, 8}, 13), then_w, nullptr);
    auto image = choice->set_output(then_image_result, else_image_result);
    auto rows = choice->set_output(then_rows_result, else_rows_result);
    choice->validate_and_infer_types();
    return std::make_shared<ov::Model>(ov::OutputVector{image, rows}, ov::ParameterVector{x, y}, "verifier");
}

struct Case {
    std::vector<ov::Tensor> inputs;
    std::vector<ov::Tensor> expected;
    bool takes_then = false;
};

// x drawn in [-1, 1) has its maximum above the threshold (the then branch); in [-1, 0.4) below it.
Case make_case(const std::shared_ptr<ov::Model>& model, bool then_branch, unsigned seed) {
    Case c;
    c.inputs = {random_tensor(image_shape, seed, -1.0f, then_branch ? 1.0f : 0.4f), random_tensor(rows_shape, seed + 1)};
    const float* x = c.inputs[0].data<float>();
    c.takes_then = *std::max_element(x, x + c.inputs[0].get_size()) > threshold;
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(model->clone(), "REF");
    devmux::kit::ReferenceExecutor reference(plan);
    c.expected.resize(model->get_results().size());
    reference.run(c.inputs, c.expected, false);
    return c;
}

void expect_matches(devmux::ISyncInferRequest& request, const devmux::ICompiledModel& compiled, const Case& c) {
    for (size_t i = 0; i < c.inputs.size(); ++i)
        request.set_tensor(compiled.inputs()[i], c.inputs[i]);
    request.infer();
    for (size_t i = 0; i < c.expected.size(); ++i) {
        const auto actual = request.get_tensor(compiled.outputs()[i]);
        ASSERT_EQ(actual.get_shape(), c.expected[i].get_shape()) << "output " << i;
        EXPECT_LE(max_rel_diff(to_floats(actual), to_floats(c.expected[i])), 1e-5)
            << "output " << i << ", " << (c.takes_then ? "then" : "else") << " branch";
    }
}

std::string if_exec_type(const devmux::ISyncInferRequest& request) {
    for (const auto& record : request.get_profiling_info())
        if (record.node_type == "If")
            return record.exec_type;
    return "(no If record)";
}

TEST(CpuIfKernel, RunsEachBranchAsACpuPlanMatchingTheReference) {
    const auto model = verifier_model();
    auto compiled = make_plugin()->compile_model(model, {ov::enable_profiling(true), ov::inference_num_threads(1)});
    auto request = compiled->create_sync_infer_request();
    for (unsigned round = 0; round < 3; ++round) {
        for (bool then_branch : {true, false}) {
            const Case c = make_case(model, then_branch, 100 + 10 * round + (then_branch ? 0 : 5));
            ASSERT_EQ(c.takes_then, then_branch) << "the seeded input must take the branch under test";
            expect_matches(*request, *compiled, c);
            // One record covers the If; its exec type names what each branch's steps ran on.
            const std::string exec_type = if_exec_type(*request);
            EXPECT_EQ(exec_type.rfind("if_plans(then:", 0), 0u) << exec_type;
            EXPECT_EQ(exec_type.find("ref_"), std::string::npos) << exec_type;
        }
    }
}

TEST(CpuIfKernel, SeveralRequestsRunItAtOnce) {
    const auto model = verifier_model();
    auto compiled = make_plugin()->compile_model(model, {ov::num_streams(4), ov::inference_num_threads(4)});
    std::vector<Case> cases;
    for (unsigned i = 0; i < 4; ++i)
        cases.push_back(make_case(model, i % 2 == 0, 300 + 7 * i));
    constexpr size_t thread_count = 4;
    std::vector<std::shared_ptr<devmux::ISyncInferRequest>> requests;
    for (size_t t = 0; t < thread_count; ++t)
        requests.push_back(compiled->create_sync_infer_request());
    std::atomic<size_t> wrong{0};
    std::vector<std::thread> threads;
    for (size_t t = 0; t < thread_count; ++t)
        threads.emplace_back([&, t] {
            auto& request = *requests[t];
            for (size_t round = 0; round < 25; ++round) {
                // Each thread alternates the branches in its own phase, so both run at once on different requests.
                const Case& c = cases[(t + round) % cases.size()];
                for (size_t i = 0; i < c.inputs.size(); ++i)
                    request.set_tensor(compiled->inputs()[i], c.inputs[i]);
                request.infer();
                for (size_t i = 0; i < c.expected.size(); ++i)
                    if (max_rel_diff(to_floats(request.get_tensor(compiled->outputs()[i])), to_floats(c.expected[i])) > 1e-5)
                        ++wrong;
            }
        });
    for (auto& thread : threads)
        thread.join();
    EXPECT_EQ(wrong.load(), 0u) << "outputs off the reference by more than 1e-5";
}

// A request binds the If again whenever a tensor it reads or writes moves (Python's infer(dict) hands a new
// input tensor at every call): fresh input and output tensors at every inference, the branches alternating.
TEST(CpuIfKernel, UserTensorsAtNewAddressesEveryInference) {
    const auto model = verifier_model();
    auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(1)});
    auto request = compiled->create_sync_infer_request();
    for (unsigned round = 0; round < 6; ++round) {
        const Case c = make_case(model, round % 2 == 0, 700 + round);
        ASSERT_EQ(c.takes_then, round % 2 == 0);
        std::vector<ov::Tensor> fresh_inputs;
        for (const auto& input : c.inputs) {
            fresh_inputs.emplace_back(input.get_element_type(), input.get_shape());
            input.copy_to(fresh_inputs.back());
        }
        for (size_t i = 0; i < c.expected.size(); ++i)
            request->set_tensor(compiled->outputs()[i],
                                ov::Tensor(c.expected[i].get_element_type(), c.expected[i].get_shape()));
        Case moved = c;
        moved.inputs = fresh_inputs;
        expect_matches(*request, *compiled, moved);
    }
}

// The branches' weights are the compiled model's too: its weights_bytes counts them.
TEST(CpuIfKernel, WeightsBytesCountTheBranchesWeights) {
    const auto model = verifier_model();
    size_t branch_constants = 0;
    for (const auto& op : model->get_ordered_ops())
        if (const auto* choice = ov::as_type<const ov::op::v8::If>(op.get()))
            for (const auto& body : {choice->get_then_body(), choice->get_else_body()})
                for (const auto& inner : body->get_ordered_ops())
                    if (const auto* constant = ov::as_type<const Constant>(inner.get()))
                        branch_constants += constant->get_byte_size();
    ASSERT_GT(branch_constants, 0u);
    auto compiled = make_plugin()->compile_model(model, {});
    EXPECT_GE(compiled->get_property(devmux::memory::weights_bytes.name()).as<uint64_t>(), branch_constants);
}

// Why the kernel table's If entry refuses a node, or "" (the entry that runs If other than the reference).
std::string if_entry_refusal(const ov::Node& node) {
    for (const auto& entry : devmux::cpu::cpu_kernel_table().entries())
        if (entry.types == std::vector<std::string>{"If"})
            return entry.check(node);
    ADD_FAILURE() << "the CPU kernel table has no entry of its own for If";
    return "";
}

// A branch whose inside has a data-dependent shape (NonZero) cannot be planned: the If stays on its reference
// evaluate(), with the reason stated, and still computes the right values.
TEST(CpuIfKernel, ABranchWithDynamicShapesKeepsTheReference) {
    auto x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto condition = std::make_shared<ov::op::v1::Greater>(
        std::make_shared<ov::op::v1::ReduceMax>(x, Constant::create(ov::element::i64, {2}, {0, 1})),
        Constant::create(ov::element::f32, {}, {threshold}));
    auto then_x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto count = std::make_shared<ov::op::v1::ReduceSum>(std::make_shared<ov::op::v3::NonZero>(then_x, ov::element::i64),
                                                         Constant::create(ov::element::i64, {2}, {0, 1}));
    auto then_result = std::make_shared<Result>(std::make_shared<ov::op::v0::Convert>(count, ov::element::f32));
    auto else_x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto else_result = std::make_shared<Result>(
        std::make_shared<ov::op::v1::ReduceSum>(else_x, Constant::create(ov::element::i64, {2}, {0, 1})));
    auto out = one_input_if(condition, x, then_x, then_result, else_x, else_result);
    const auto& choice = *out.get_node();
    ASSERT_TRUE(out.get_partial_shape().is_static());
    EXPECT_NE(if_entry_refusal(choice).find("then body that has dynamic shapes"), std::string::npos)
        << if_entry_refusal(choice);

    auto model = std::make_shared<ov::Model>(ov::OutputVector{out}, ov::ParameterVector{x}, "nonzero_if");
    auto compiled = make_plugin()->compile_model(model, {ov::enable_profiling(true)});
    auto request = compiled->create_sync_infer_request();
    for (bool then_branch : {true, false}) {
        Case c;
        c.inputs = {random_tensor({2, 8}, then_branch ? 501 : 502, -1.0f, then_branch ? 1.0f : 0.4f)};
        auto plan = std::make_shared<devmux::kit::ReferencePlan>(model->clone(), "REF");
        devmux::kit::ReferenceExecutor reference(plan);
        c.expected.resize(1);
        reference.run(c.inputs, c.expected, false);
        expect_matches(*request, *compiled, c);
        EXPECT_EQ(if_exec_type(*request).rfind("ref_", 0), 0u) << if_exec_type(*request);
    }
}

// The If's ports are worked out when its kernel is built, the condition's type among them: an i32 condition of
// 256 (whose low byte is 0) takes the then branch, or 0 the else branch, through a re-bind at every inference.
TEST(CpuIfKernel, AWideIntegerConditionDecidesThroughEveryRebind) {
    auto x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto over = std::make_shared<ov::op::v1::Greater>(
        std::make_shared<ov::op::v1::ReduceMax>(x, Constant::create(ov::element::i64, {2}, {0, 1})),
        Constant::create(ov::element::f32, {}, {threshold}));
    auto as_int = std::make_shared<ov::op::v0::Convert>(over, ov::element::i32);
    auto condition = std::make_shared<ov::op::v1::Multiply>(as_int, Constant::create(ov::element::i32, {}, {256}));
    auto then_x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto then_result = std::make_shared<Result>(std::make_shared<ov::op::v0::Relu>(then_x));
    auto else_x = std::make_shared<Parameter>(ov::element::f32, ov::Shape{2, 8});
    auto else_result = std::make_shared<Result>(std::make_shared<ov::op::v1::Add>(else_x, random_constant({1, 8}, 31)));
    auto out = one_input_if(condition, x, then_x, then_result, else_x, else_result);
    const auto& choice = *out.get_node();
    ASSERT_EQ(if_entry_refusal(choice), "");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{out}, ov::ParameterVector{x}, "wide_condition_if");
    auto compiled = make_plugin()->compile_model(model, {ov::enable_profiling(true), ov::inference_num_threads(1)});
    auto request = compiled->create_sync_infer_request();
    for (unsigned round = 0; round < 4; ++round) {
        const bool then_branch = round % 2 == 0;
        Case c;
        c.inputs = {random_tensor({2, 8}, 800 + round, -1.0f, then_branch ? 1.0f : 0.4f)};
        const float* data = c.inputs[0].data<float>();
        c.takes_then = *std::max_element(data, data + c.inputs[0].get_size()) > threshold;
        ASSERT_EQ(c.takes_then, then_branch) << "the seeded input must take the branch under test";
        auto plan = std::make_shared<devmux::kit::ReferencePlan>(model->clone(), "REF");
        devmux::kit::ReferenceExecutor reference(plan);
        c.expected.resize(1);
        reference.run(c.inputs, c.expected, false);
        // A fresh output tensor each time: the If's step is bound again at every inference.
        request->set_tensor(compiled->outputs()[0], ov::Tensor(ov::element::f32, {2, 8}));
        expect_matches(*request, *compiled, c);
        EXPECT_EQ(if_exec_type(*request).rfind("if_plans(then:", 0), 0u) << if_exec_type(*request);
    }
}

}  // namespace
