// SPDX-License-Identifier: Apache-2.0
// A test executable of its own, because it replaces the global operator new to count allocations: after
// the first run, a PlanRequest (and the reference executor built on it) allocates nothing.
#include <gtest/gtest.h>

#include "common/counting_new.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "plan_test_utils.hpp"


namespace {

using namespace kit_test;
using devmux_test::param;

using devmux_test::allocations_during;

// Views, an in-place Concat, in-place results, a variable and a reference-evaluated Concat.
std::shared_ptr<ov::Model> mixed_model() {
    auto x = param(ov::element::f32, {1, 4, 8});
    auto a = std::make_shared<ov::op::v0::Relu>(x);
    auto b = std::make_shared<ov::op::v0::Relu>(a);
    auto joined = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, 1);  // in place
    auto shape = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {8, 8});
    auto flat = std::make_shared<ov::op::v1::Reshape>(joined, shape, false);        // a view
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{8, 8}, std::vector<float>(64, 0.5f));
    auto read = std::make_shared<ov::op::v3::ReadValue>(init, "state");
    auto sum = std::make_shared<ov::op::v1::Add>(flat, read);
    auto assign = std::make_shared<ov::op::v3::Assign>(sum, "state");
    auto copy = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{sum, sum}, 1);  // rows interleave: copied
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(copy)},
                                       ov::SinkVector{assign}, ov::ParameterVector{x}, "mixed");
}

TEST(KitPlanAllocations, TheCounterSeesAllocations) {
    EXPECT_GT(allocations_during([] { mixed_model(); }), 0u);
}

TEST(KitPlanAllocations, RunsAfterTheFirstAllocateNothingEvenWhenProfiling) {
    TestKernels kernels;
    auto plan = kit::build_plan(mixed_model(), kernels, options_for());
    kit::PlanRequest request(plan);
    kit::ThreadPool pool(3);
    kit::ExecContext ctx;
    ctx.pool = &pool;
    const std::vector<ov::Tensor> inputs{random_f32({1, 4, 8}, 1, -1.0f, 1.0f)};
    const std::vector<ov::Tensor> outputs{ov::Tensor(ov::element::f32, {8, 16})};
    request.run(inputs, outputs, ctx, true);
    EXPECT_EQ(allocations_during([&] {
                  request.run(inputs, outputs, ctx, true);
                  request.run(inputs, outputs, ctx, false);
              }),
              0u);
}

TEST(KitPlanAllocations, TheReferenceExecutorAllocatesNothingAfterTheFirstRun) {
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(mixed_model(), "REF");
    devmux::kit::ReferenceExecutor executor(plan);
    const std::vector<ov::Tensor> inputs{random_f32({1, 4, 8}, 2, -1.0f, 1.0f)};
    std::vector<ov::Tensor> outputs{ov::Tensor(ov::element::f32, {8, 16})};
    executor.run(inputs, outputs, true);
    EXPECT_EQ(allocations_during([&] { executor.run(inputs, outputs, true); }), 0u);
}

}  // namespace
