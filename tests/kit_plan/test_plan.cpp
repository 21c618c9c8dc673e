// SPDX-License-Identifier: Apache-2.0
// The kit's execution plan: offsets by liveness, views, Concat in place, in-place results, rebinding on a
// replaced tensor, variables, profiling (with a device time source), a device arena, and the thread pool.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "devmux/plugin/iremote_context.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/remote_tensor.hpp"
#include "plan_test_utils.hpp"

namespace {

using namespace kit_test;
using devmux_test::error_of;
using devmux_test::param;
using ::testing::HasSubstr;

std::shared_ptr<ov::Node> relu(const ov::Output<ov::Node>& x, const std::string& name) {
    auto node = std::make_shared<ov::op::v0::Relu>(x);
    node->set_friendly_name(name);
    return node;
}

std::shared_ptr<ov::Node> add(const ov::Output<ov::Node>& a, const ov::Output<ov::Node>& b, const std::string& name) {
    auto node = std::make_shared<ov::op::v1::Add>(a, b);
    node->set_friendly_name(name);
    return node;
}

// The value an op output was given: the index of the step's output.
size_t output_value(const kit::ExecutionPlan& plan, const std::string& node_name) {
    for (const auto& step : plan.steps)
        if (step.node_name == node_name)
            return step.outputs.at(0);
    ADD_FAILURE() << "no step for " << node_name;
    return 0;
}

bool overlap(const kit::ExecutionPlan& plan, size_t a, size_t b) {
    const auto& va = plan.values[a];
    const auto& vb = plan.values[b];
    return va.offset < vb.offset + vb.bytes && vb.offset < va.offset + va.bytes;
}

// ---- offsets ----

TEST(KitPlanOffsets, BlocksLiveTogetherNeverOverlapAndRespectTheAlignment) {
    std::mt19937 gen(3);
    for (size_t alignment : {size_t(1), size_t(64), size_t(256)}) {
        std::vector<size_t> sizes, first, last, offsets;
        for (int i = 0; i < 150; ++i) {
            const size_t a = gen() % 80, b = a + gen() % 10;
            sizes.push_back(1 + gen() % 4000);
            first.push_back(a);
            last.push_back(b);
        }
        const size_t total = kit::plan_offsets(sizes, first, last, alignment, offsets);
        size_t sum = 0;
        for (size_t i = 0; i < sizes.size(); ++i) {
            sum += sizes[i];
            EXPECT_EQ(offsets[i] % alignment, 0u) << "alignment " << alignment;
            EXPECT_LE(offsets[i] + sizes[i], total);
            for (size_t j = 0; j < i; ++j) {
                const bool live_together = first[i] <= last[j] && first[j] <= last[i];
                const bool overlapping = offsets[i] < offsets[j] + sizes[j] && offsets[j] < offsets[i] + sizes[i];
                EXPECT_FALSE(live_together && overlapping) << "blocks " << i << " and " << j;
            }
        }
        EXPECT_LT(total, sum) << "alignment " << alignment;
    }
}

// x -> r1 -> r2 -> r3 -> r4: without in-place results, values two steps apart share memory and neighbours
// do not.
TEST(KitPlanLiveness, AChainNeedsTwoBuffersAndReusesThem) {
    auto x = param(ov::element::f32, {1000});
    auto r1 = relu(x, "r1");
    auto r2 = relu(r1, "r2");
    auto r3 = relu(r2, "r3");
    auto r4 = relu(r3, "r4");
    auto r5 = relu(r4, "r5");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{r5}, ov::ParameterVector{x});
    auto options = options_for();
    options.in_place_results = false;
    options.alignment = 128;
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options);
    ASSERT_EQ(plan->steps.size(), 5u);
    const size_t v1 = output_value(*plan, "r1"), v2 = output_value(*plan, "r2"), v3 = output_value(*plan, "r3"),
                 v4 = output_value(*plan, "r4");
    EXPECT_EQ(plan->values[output_value(*plan, "r5")].kind, kit::ValueKind::Output);
    for (size_t v : {v1, v2, v3, v4}) {
        EXPECT_EQ(plan->values[v].kind, kit::ValueKind::Arena);
        EXPECT_EQ(plan->values[v].offset % 128, 0u);
    }
    EXPECT_FALSE(overlap(*plan, v1, v2));
    EXPECT_FALSE(overlap(*plan, v2, v3));
    EXPECT_FALSE(overlap(*plan, v3, v4));
    EXPECT_EQ(plan->arena_bytes, 2 * 4096u);  // 4000 bytes rounded to 128, twice
    EXPECT_EQ(plan->unshared_bytes, 4 * 4000u);

    kit::PlanRequest request(plan);
    const auto in = random_f32({1000}, 1, -1.0f, 1.0f);
    const auto out = floats(run_once(request, in, {1000}));
    const auto expected = floats(in);
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i], std::max(expected[i], 0.0f)) << i;
}

TEST(KitPlanLiveness, InPlaceResultsReuseAnInputThatDiesThere) {
    auto x = param(ov::element::f32, {64});
    auto r1 = relu(x, "r1");
    auto r2 = relu(r1, "r2");
    auto keep = relu(x, "keep");      // r1 is read again below, so `late` cannot take r1's memory
    auto late = add(r2, r1, "late");  // r2 dies here: late takes r2's memory
    auto sum = add(late, keep, "sum");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{sum}, ov::ParameterVector{x});
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    const auto& late_value = plan->values[output_value(*plan, "late")];
    ASSERT_EQ(late_value.kind, kit::ValueKind::View);
    EXPECT_EQ(late_value.root, output_value(*plan, "r2"));
    // r2 reads r1, which `late` reads later: r2 has its own memory. r1 reads the user's input: never reused.
    EXPECT_EQ(plan->values[output_value(*plan, "r2")].kind, kit::ValueKind::Arena);
    EXPECT_EQ(plan->values[output_value(*plan, "r1")].kind, kit::ValueKind::Arena);

    kit::PlanRequest request(plan);
    const auto in = random_f32({64}, 2, -1.0f, 1.0f);
    const auto out = floats(run_once(request, in, {64}));
    const auto x_values = floats(in);
    for (size_t i = 0; i < out.size(); ++i) {
        const float r = std::max(x_values[i], 0.0f);
        EXPECT_FLOAT_EQ(out[i], r + r + r) << i;
    }
}

// ---- views ----

TEST(KitPlanViews, ReshapeCostsNothingAndIsReportedOptimizedOut) {
    auto x = param(ov::element::f32, {2, 6});
    auto r1 = relu(x, "r1");
    auto shape = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{3}, {3, 2, 2});
    auto reshape = std::make_shared<ov::op::v1::Reshape>(r1, shape, false);
    reshape->set_friendly_name("flatten");
    auto r2 = relu(reshape, "r2");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{r2}, ov::ParameterVector{x});
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    ASSERT_EQ(plan->steps.size(), 2u);
    const size_t view = plan->steps[1].inputs[0];
    EXPECT_EQ(plan->values[view].kind, kit::ValueKind::View);
    EXPECT_EQ(plan->values[view].root, plan->steps[0].outputs[0]);
    EXPECT_EQ(plan->values[view].shape, (ov::Shape{3, 2, 2}));
    ASSERT_EQ(plan->free_ops.size(), 1u);
    EXPECT_EQ(plan->free_ops[0].node_name, "flatten");

    kit::PlanRequest request(plan);
    EXPECT_EQ(request.buffer(view).host(), request.buffer(plan->steps[0].outputs[0]).host());
    const auto in = random_f32({2, 6}, 3, -1.0f, 1.0f);
    const auto out = floats(run_once(request, in, {3, 2, 2}, nullptr, true));
    const auto x_values = floats(in);
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i], std::max(x_values[i], 0.0f));
    bool reported = false;
    for (const auto& info : request.profiling_info())
        if (info.node_name == "flatten") {
            reported = true;
            EXPECT_EQ(info.status, ov::ProfilingInfo::Status::OPTIMIZED_OUT);
        }
    EXPECT_TRUE(reported);
}

// ---- Concat in place ----

std::shared_ptr<ov::Model> concat_model(int64_t axis, const ov::Shape& a_shape, const ov::Shape& b_shape) {
    auto a = param(ov::element::f32, a_shape, "a");
    auto b = param(ov::element::f32, b_shape, "b");
    auto ra = relu(a, "ra");
    auto rb = relu(b, "rb");
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{ra, rb}, axis);
    concat->set_friendly_name("concat");
    auto after = relu(concat, "after");
    return std::make_shared<ov::Model>(ov::OutputVector{after}, ov::ParameterVector{a, b});
}

TEST(KitPlanConcat, ProducersWriteIntoTheirSliceWhenNothingVariesBeforeTheAxis) {
    auto model = concat_model(1, {1, 3, 4}, {1, 5, 4});
    TestKernels kernels;
    auto options = options_for();
    options.in_place_results = false;
    auto plan = kit::build_plan(model, kernels, options);
    for (const auto& step : plan->steps)
        EXPECT_NE(step.node_name, "concat") << "the Concat should cost nothing";
    const size_t ra = output_value(*plan, "ra"), rb = output_value(*plan, "rb");
    const size_t concat = plan->steps.back().inputs[0];
    ASSERT_EQ(plan->values[ra].kind, kit::ValueKind::View);
    ASSERT_EQ(plan->values[rb].kind, kit::ValueKind::View);
    EXPECT_EQ(plan->values[ra].root, concat);
    EXPECT_EQ(plan->values[rb].root, concat);
    EXPECT_EQ(plan->values[ra].offset, 0u);
    EXPECT_EQ(plan->values[rb].offset, 3u * 4 * sizeof(float));

    kit::PlanRequest request(plan);
    const auto a = random_f32({1, 3, 4}, 4, -1.0f, 1.0f), b = random_f32({1, 5, 4}, 5, -1.0f, 1.0f);
    ov::Tensor out(ov::element::f32, {1, 8, 4});
    request.run({a, b}, {out}, kit::ExecContext{}, false);
    std::vector<float> expected = floats(a);
    const auto bv = floats(b);
    expected.insert(expected.end(), bv.begin(), bv.end());
    const auto got = floats(out);
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(got[i], std::max(expected[i], 0.0f)) << i;
}

TEST(KitPlanConcat, SlicesOfAModelOutputFollowAReplacedOutputTensor) {
    auto a = param(ov::element::f32, {1, 2, 3}, "a");
    auto b = param(ov::element::f32, {1, 4, 3}, "b");
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{relu(a, "ra"), relu(b, "rb")}, 1);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{concat}, ov::ParameterVector{a, b});
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    ASSERT_EQ(plan->steps.size(), 2u) << "ra and rb write straight into the user's output";
    const size_t out_value = plan->output_values[0];
    EXPECT_EQ(plan->values[out_value].kind, kit::ValueKind::Output);
    EXPECT_EQ(plan->values[output_value(*plan, "rb")].root, out_value);

    kit::PlanRequest request(plan);
    const auto at = random_f32({1, 2, 3}, 16, -1.0f, 1.0f), bt = random_f32({1, 4, 3}, 17, -1.0f, 1.0f);
    std::vector<float> expected = floats(at);
    const auto bv = floats(bt);
    expected.insert(expected.end(), bv.begin(), bv.end());
    for (auto& v : expected)
        v = std::max(v, 0.0f);
    ov::Tensor first(ov::element::f32, {1, 6, 3}), second(ov::element::f32, {1, 6, 3});
    request.run({at, bt}, {first}, kit::ExecContext{}, false);
    EXPECT_EQ(floats(first), expected);
    std::fill_n(first.data<float>(), first.get_size(), -7.0f);
    request.run({at, bt}, {second}, kit::ExecContext{}, false);
    EXPECT_EQ(floats(second), expected);
    EXPECT_EQ(first.data<float>()[0], -7.0f) << "the old output tensor is no longer written";
}

TEST(KitPlanConcat, RowsInterleavedAcrossTheAxisKeepTheCopy) {
    auto model = concat_model(1, {2, 3}, {2, 5});  // two rows each: slices are not contiguous
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    bool copied = false;
    for (const auto& step : plan->steps)
        copied = copied || step.node_name == "concat";
    EXPECT_TRUE(copied);
    kit::PlanRequest request(plan);
    const auto a = random_f32({2, 3}, 6, -1.0f, 1.0f), b = random_f32({2, 5}, 7, -1.0f, 1.0f);
    ov::Tensor out(ov::element::f32, {2, 8});
    request.run({a, b}, {out}, kit::ExecContext{}, false);
    const auto av = floats(a), bv = floats(b), got = floats(out);
    for (size_t row = 0; row < 2; ++row)
        for (size_t col = 0; col < 8; ++col) {
            const float x = col < 3 ? av[row * 3 + col] : bv[row * 5 + col - 3];
            EXPECT_EQ(got[row * 8 + col], std::max(x, 0.0f)) << row << "," << col;
        }
}

// ---- user tensors ----

TEST(KitPlanRebinding, AReplacedInputRebindsOnlyTheStepsThatReadIt) {
    auto x = param(ov::element::f32, {16});
    auto constant = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{16}, std::vector<float>(16, 0.25f));
    auto c1 = relu(constant, "c1");  // reads no user tensor
    auto r1 = relu(x, "r1");         // reads the input
    auto sum = add(r1, c1, "sum");   // writes the output
    auto model = std::make_shared<ov::Model>(ov::OutputVector{sum}, ov::ParameterVector{x});
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    kit::PlanRequest request(plan);
    EXPECT_EQ(kernels.total_binds(), 1) << "c1 is bound at construction, the rest on the first run";
    const auto first = random_f32({16}, 8, -1.0f, 1.0f);
    ov::Tensor out(ov::element::f32, {16});
    request.run({first}, {out}, kit::ExecContext{}, false);
    EXPECT_EQ(kernels.total_binds(), 3);
    request.run({first}, {out}, kit::ExecContext{}, false);
    EXPECT_EQ(kernels.total_binds(), 3) << "nothing moved, nothing is bound again";

    const auto second = random_f32({16}, 9, -1.0f, 1.0f);
    request.run({second}, {out}, kit::ExecContext{}, false);
    EXPECT_EQ(kernels.total_binds(), 4) << "only r1 reads the input";
    const auto xs = floats(second), got = floats(out);
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_FLOAT_EQ(got[i], std::max(xs[i], 0.0f) + 0.25f);

    ov::Tensor other_out(ov::element::f32, {16});
    request.run({second}, {other_out}, kit::ExecContext{}, false);
    EXPECT_EQ(kernels.total_binds(), 5) << "only sum writes the output";
    EXPECT_EQ(floats(other_out), got);
}

TEST(KitPlanRebinding, WrongUserTensorsAreRefusedNamingThePort) {
    auto x = param(ov::element::f32, {4});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu(x, "r")}, ov::ParameterVector{x});
    TestKernels kernels;
    kit::PlanRequest request(kit::build_plan(model, kernels, options_for("DEV.1")));
    ov::Tensor out(ov::element::f32, {4});
    EXPECT_THAT(error_of([&] { request.run({ov::Tensor(ov::element::f32, {5})}, {out}, {}, false); }),
                ::testing::AllOf(HasSubstr("DEV.1"), HasSubstr("input tensor 0"), HasSubstr("expects")));
    EXPECT_THAT(error_of([&] { request.run({ov::Tensor()}, {out}, {}, false); }), HasSubstr("is not set"));
    EXPECT_THAT(error_of([&] { request.run({random_f32({4}, 1, -1, 1)}, {ov::Tensor(ov::element::i32, {4})}, {}, false); }),
                HasSubstr("output tensor 0"));
}

TEST(KitPlanErrors, DynamicShapesAndMissingKernelsNameTheOp) {
    auto x = param(ov::element::f32, ov::PartialShape{ov::Dimension::dynamic()}, "dyn_x");
    auto dynamic = std::make_shared<ov::Model>(ov::OutputVector{relu(x, "dyn_relu")}, ov::ParameterVector{x});
    TestKernels kernels;
    EXPECT_THAT(error_of([&] { kit::build_plan(dynamic, kernels, options_for("DEV")); }),
                ::testing::AllOf(HasSubstr("DEV"), HasSubstr("dynamic"), HasSubstr("'dyn_x' (Parameter)")));

    class NoKernels : public kit::KernelProvider {
    public:
        std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>&) const override {
            return nullptr;
        }
    };
    auto y = param(ov::element::f32, {3});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu(y, "lonely")}, ov::ParameterVector{y});
    EXPECT_THAT(error_of([&] { kit::build_plan(model, NoKernels(), options_for("DEV")); }),
                ::testing::AllOf(HasSubstr("'lonely' (Relu)"), HasSubstr("no implementation")));
}

// ---- variables ----

std::shared_ptr<ov::Model> accumulator_model() {
    auto x = param(ov::element::f32, {3});
    auto init = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{3}, {1.0f, -2.0f, 0.5f});
    auto read = std::make_shared<ov::op::v3::ReadValue>(init, "acc");
    auto sum = add(read, x, "sum");
    auto assign = std::make_shared<ov::op::v3::Assign>(sum, "acc");
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(sum)},
                                       ov::SinkVector{assign}, ov::ParameterVector{x}, "acc");
}

TEST(KitPlanVariables, ReadValueAssignResetAndSetStatePerRequest) {
    TestKernels kernels;
    auto plan = kit::build_plan(accumulator_model(), kernels, options_for("DEV"));
    ASSERT_EQ(plan->variables.size(), 1u);
    kit::PlanRequest request(plan), other(plan);
    const auto x = random_f32({3}, 10, 0.5f, 1.5f);
    const auto xs = floats(x);
    const std::vector<float> init{1.0f, -2.0f, 0.5f};
    auto out = floats(run_once(request, x, {3}));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(out[i], init[i] + xs[i]);
    out = floats(run_once(request, x, {3}));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(out[i], init[i] + 2 * xs[i]);
    // Another request has its own state.
    out = floats(run_once(other, x, {3}));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(out[i], init[i] + xs[i]);

    ASSERT_EQ(request.states().size(), 1u);
    auto state = request.states()[0];
    EXPECT_EQ(state->get_name(), "acc");
    const auto held = floats(state->get_state());
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(held[i], init[i] + 2 * xs[i]);

    state->reset();
    out = floats(run_once(request, x, {3}));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(out[i], init[i] + xs[i]) << "after reset ReadValue gives its initial value";

    ov::Tensor forced(ov::element::f32, {3});
    for (size_t i = 0; i < 3; ++i)
        forced.data<float>()[i] = 10.0f * static_cast<float>(i + 1);
    state->set_state(forced);
    out = floats(run_once(request, x, {3}));
    for (size_t i = 0; i < 3; ++i)
        EXPECT_FLOAT_EQ(out[i], 10.0f * static_cast<float>(i + 1) + xs[i]);
    EXPECT_THAT(error_of([&] { state->set_state(ov::Tensor(ov::element::f32, {4})); }),
                ::testing::AllOf(HasSubstr("DEV"), HasSubstr("'acc'")));
}

// ---- profiling ----

class TimedBound final : public kit::BoundOp {
public:
    explicit TimedBound(std::unique_ptr<kit::BoundOp> inner) : m_inner(std::move(inner)) {}
    void execute(kit::ExecContext& ctx) override { m_inner->execute(ctx); }
    bool device_time(std::chrono::microseconds& time) const override {
        time = std::chrono::microseconds(1234);  // what a device event would report
        return true;
    }

private:
    std::unique_ptr<kit::BoundOp> m_inner;
};

class TimedRelu final : public kit::OpKernel {
public:
    std::string name() const override { return "timed_relu"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<TimedBound>(m_relu.bind(args));
    }

private:
    TestRelu m_relu;
};

TEST(KitPlanProfiling, DeviceTimesAreReportedWhenTheBoundOpHasThem) {
    class Provider : public TestKernels {
    public:
        std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
            if (node->get_friendly_name() == "timed")
                return std::make_shared<TimedRelu>();
            return TestKernels::kernel_for(node);
        }
    };
    auto x = param(ov::element::f32, {8});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu(relu(x, "timed"), "host")}, ov::ParameterVector{x});
    auto plan = kit::build_plan(model, Provider(), options_for());
    kit::PlanRequest request(plan);
    run_once(request, random_f32({8}, 11, -1.0f, 1.0f), {8}, nullptr, true);
    const auto& records = request.profiling_info();
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].node_name, "timed");
    EXPECT_EQ(records[0].exec_type, "timed_relu");
    EXPECT_EQ(records[0].status, ov::ProfilingInfo::Status::EXECUTED);
    EXPECT_EQ(records[0].real_time, std::chrono::microseconds(1234));
    EXPECT_EQ(records[1].node_name, "host");
    EXPECT_EQ(records[1].exec_type, "test_relu");
    EXPECT_LT(records[1].real_time, std::chrono::microseconds(1000000));
    EXPECT_EQ(records[1].real_time, records[1].cpu_time) << "no device time: the host clock";
}

// ---- a device arena, as a GPU backend would use it ----

// "Device memory": buffers of this fake device live in host vectors, reached through their handle.
struct FakeDeviceBuffer {
    std::vector<char> bytes;
};
constexpr kit::MemorySpace fake_device = 7;

class FakeDeviceArena final : public kit::ArenaAllocator {
public:
    kit::BufferRef allocate(size_t bytes, size_t) override {
        auto* buffer = new FakeDeviceBuffer{std::vector<char>(bytes)};
        ++allocations;
        return kit::BufferRef{fake_device, buffer, 0, bytes};
    }
    void release(const kit::BufferRef& buffer) override {
        delete static_cast<FakeDeviceBuffer*>(buffer.base);
        ++releases;
    }
    int allocations = 0, releases = 0;
};

void* resolve(const kit::BufferRef& ref) {
    if (ref.space == kit::host_memory)
        return ref.host();
    return static_cast<FakeDeviceBuffer*>(ref.base)->bytes.data() + ref.offset;
}

// A "device kernel": bind() records the buffer references it got, as it would set kernel arguments.
class DeviceRelu final : public kit::OpKernel {
public:
    std::string name() const override { return "device_relu"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        seen.push_back({args.inputs[0], args.outputs[0]});
        class Bound final : public kit::BoundOp {
        public:
            Bound(const float* in, float* out, size_t n) : m_in(in), m_out(out), m_n(n) {}
            void execute(kit::ExecContext&) override {
                for (size_t i = 0; i < m_n; ++i)
                    m_out[i] = m_in[i] > 0 ? m_in[i] : 0.0f;
            }

        private:
            const float* m_in;
            float* m_out;
            size_t m_n;
        };
        return std::make_unique<Bound>(static_cast<const float*>(resolve(args.inputs[0])),
                                       static_cast<float*>(resolve(args.outputs[0])),
                                       args.outputs[0].bytes / sizeof(float));
    }
    mutable std::vector<std::pair<kit::BufferRef, kit::BufferRef>> seen;
};

// Every op of the test models is a DeviceRelu.
class DeviceReluProvider : public kit::KernelProvider {
public:
    explicit DeviceReluProvider(std::shared_ptr<DeviceRelu> kernel) : m_kernel(std::move(kernel)) {}
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>&) const override { return m_kernel; }

private:
    std::shared_ptr<DeviceRelu> m_kernel;
};

TEST(KitPlanDevice, ArenaValuesAreSubRangesOfTheBackendsAllocation) {
    auto kernel = std::make_shared<DeviceRelu>();
    auto x = param(ov::element::f32, {100});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu(relu(relu(x, "r1"), "r2"), "r3")},
                                             ov::ParameterVector{x});
    auto options = options_for("FAKE");
    options.arena_space = fake_device;
    options.alignment = 256;
    auto plan = kit::build_plan(model, DeviceReluProvider(kernel), options);
    EXPECT_EQ(plan->values[output_value(*plan, "r1")].space, fake_device);
    EXPECT_THAT(error_of([&] { kit::PlanRequest request(plan); }), HasSubstr("ArenaAllocator"));

    auto arena = std::make_shared<FakeDeviceArena>();
    {
        kit::PlanRequest request(plan, arena);
        EXPECT_EQ(arena->allocations, 1);
        const auto in = random_f32({100}, 12, -1.0f, 1.0f);
        const auto out = floats(run_once(request, in, {100}));
        const auto xs = floats(in);
        for (size_t i = 0; i < out.size(); ++i)
            EXPECT_EQ(out[i], std::max(xs[i], 0.0f));
        // r2 (device -> device) is bound with the request; r1 (the user's host input -> device) and r3
        // (device -> the user's host output) on the first run.
        ASSERT_EQ(kernel->seen.size(), 3u);
        const auto& r2 = kernel->seen[0];
        EXPECT_EQ(r2.first.space, fake_device);
        EXPECT_EQ(r2.second.space, fake_device);
        EXPECT_EQ(r2.first.base, r2.second.base) << "one arena allocation";
        const auto& r1 = kernel->seen[1];
        EXPECT_EQ(r1.first.space, kit::host_memory);
        EXPECT_EQ(r1.second.space, fake_device);
        EXPECT_EQ(r1.second.offset, plan->values[output_value(*plan, "r1")].offset);
        EXPECT_EQ(r1.second.offset % 256, 0u);
        EXPECT_EQ(r1.second.bytes, 400u);
        EXPECT_EQ(kernel->seen[2].second.space, kit::host_memory);
    }
    EXPECT_EQ(arena->releases, 1);
}

// A user tensor in the fake device's memory, as a backend's remote context would make it: the host cannot
// address it (host_data() is null), so only the backend's resolver can place it.
class FakeDeviceTensor final : public devmux::IRemoteTensor {
public:
    FakeDeviceTensor(const ov::element::Type& type, const ov::Shape& shape)
        : m_type(type), m_shape(shape), m_buffer{std::vector<char>(ov::shape_size(shape) * type.size())} {}
    const ov::element::Type& get_element_type() const override { return m_type; }
    const ov::Shape& get_shape() const override { return m_shape; }
    const std::string& get_device_name() const override { return m_name; }
    const std::string& get_memory_space() const override { return m_name; }
    ov::AnyMap get_params() const override { return {{devmux::memory_space_key, m_name}}; }
    void copy_to_host(ov::Tensor& dst) const override {
        std::memcpy(dst.data(), m_buffer.bytes.data(), m_buffer.bytes.size());
    }
    void copy_from_host(const ov::Tensor& src) override {
        std::memcpy(m_buffer.bytes.data(), src.data(), m_buffer.bytes.size());
    }
    FakeDeviceBuffer* buffer() { return &m_buffer; }

private:
    ov::element::Type m_type;
    ov::Shape m_shape;
    std::string m_name = "FAKE";
    FakeDeviceBuffer m_buffer;
};

bool place_fake_tensor(const ov::Tensor& tensor, kit::BufferRef& buffer) {
    auto device = std::dynamic_pointer_cast<FakeDeviceTensor>(devmux::remote_tensor_of(tensor));
    if (!device)
        return false;
    buffer = kit::BufferRef{fake_device, device->buffer(), 0, tensor.get_byte_size()};
    return true;
}

TEST(KitPlanDevice, UserTensorsInDeviceMemoryAreBoundWithoutAHostCopy) {
    auto kernel = std::make_shared<DeviceRelu>();
    auto x = param(ov::element::f32, {50});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu(x, "r1")}, ov::ParameterVector{x});
    auto options = options_for("FAKE");
    options.arena_space = fake_device;
    auto plan = kit::build_plan(model, DeviceReluProvider(kernel), options);

    auto device_tensor = [](const ov::Shape& shape) {
        return devmux::make_remote_tensor(std::make_shared<FakeDeviceTensor>(ov::element::f32, shape));
    };
    const auto host_in = random_f32({50}, 31, -1.0f, 1.0f);
    ov::RemoteTensor in = device_tensor({50}), out = device_tensor({50});
    in.copy_from(host_in);
    ASSERT_EQ(devmux::remote_tensor_of(in)->host_data(), nullptr) << "the test needs tensors the host cannot address";

    // Without the backend's resolver the plan cannot use them, and says why.
    kit::PlanRequest plain(plan, std::make_shared<FakeDeviceArena>());
    EXPECT_THAT(error_of([&] { plain.run({in}, {out}, {}, false); }),
                ::testing::AllOf(HasSubstr("FAKE"), HasSubstr("input tensor 0"), HasSubstr("memory space 'FAKE'")));

    kit::PlanRequest request(plan, std::make_shared<FakeDeviceArena>(), place_fake_tensor);
    request.run({in}, {out}, {}, false);
    ASSERT_EQ(kernel->seen.size(), 1u);
    EXPECT_EQ(kernel->seen[0].first.space, fake_device);
    EXPECT_EQ(kernel->seen[0].second.space, fake_device);
    ov::Tensor result(ov::element::f32, {50});
    out.copy_to(result);
    const auto xs = floats(host_in), ys = floats(result);
    for (size_t i = 0; i < ys.size(); ++i)
        EXPECT_EQ(ys[i], std::max(xs[i], 0.0f)) << i;

    // The same device tensors again bind nothing; another device output rebinds the step.
    request.run({in}, {out}, {}, false);
    EXPECT_EQ(kernel->seen.size(), 1u);
    ov::Tensor other = device_tensor({50});
    request.run({in}, {other}, {}, false);
    EXPECT_EQ(kernel->seen.size(), 2u);
    // A host tensor still works next to the resolver: it declines it.
    ov::Tensor host_out(ov::element::f32, {50});
    request.run({in}, {host_out}, {}, false);
    ASSERT_EQ(kernel->seen.size(), 3u);
    EXPECT_EQ(kernel->seen[2].second.space, kit::host_memory);
    EXPECT_EQ(floats(host_out), ys);
}

// ---- the reference executor runs on the same plan ----

TEST(KitPlanReference, TheReferenceExecutorUsesTheSharedPlanner) {
    auto model = concat_model(1, {1, 2, 3}, {1, 4, 3});
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(model, "REF");
    ASSERT_TRUE(plan->execution_plan());
    EXPECT_FALSE(plan->execution_plan()->free_ops.empty()) << "the Concat is in place on the reference path too";
    devmux::kit::ReferenceExecutor executor(plan);
    const auto a = random_f32({1, 2, 3}, 13, -1.0f, 1.0f), b = random_f32({1, 4, 3}, 14, -1.0f, 1.0f);
    std::vector<ov::Tensor> outputs{ov::Tensor()};
    executor.run({a, b}, outputs, true);
    std::vector<float> expected = floats(a);
    const auto bv = floats(b);
    expected.insert(expected.end(), bv.begin(), bv.end());
    const auto got = floats(outputs[0]);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(got[i], std::max(expected[i], 0.0f));
    EXPECT_EQ(executor.profiling_info().size(), model->get_ordered_ops().size());
}

// ---- thread pool ----

TEST(KitThreadPool, RunsEveryIndexOnceAndRethrows) {
    kit::ThreadPool pool(4);
    std::vector<std::atomic<int>> hits(1000);
    pool.parallel_for(hits.size(), [&](size_t i) { hits[i]++; });
    for (size_t i = 0; i < hits.size(); ++i)
        ASSERT_EQ(hits[i].load(), 1) << "index " << i;
    EXPECT_THROW(pool.parallel_for(16,
                                   [](size_t i) {
                                       if (i == 5)
                                           throw std::runtime_error("task 5");
                                   }),
                 std::runtime_error);
    std::atomic<int> n{0};
    pool.parallel_for(10, [&](size_t) { ++n; });
    EXPECT_EQ(n.load(), 10);
}

TEST(KitThreadPool, NestedAndConcurrentCallsRunInline) {
    kit::ThreadPool pool(3);
    std::atomic<long> total{0};
    pool.parallel_for(8, [&](size_t) { pool.parallel_for(8, [&](size_t j) { total += static_cast<long>(j); }); });
    EXPECT_EQ(total.load(), 8L * 28);
    total = 0;
    std::vector<std::thread> callers;
    for (int t = 0; t < 3; ++t)
        callers.emplace_back([&] {
            for (int round = 0; round < 30; ++round)
                pool.parallel_for(32, [&](size_t i) { total += static_cast<long>(i); });
        });
    for (auto& c : callers)
        c.join();
    EXPECT_EQ(total.load(), 3L * 30 * (31 * 32 / 2));
}

TEST(KitThreadPool, RequestsWithTheirOwnPoolsRunAtOnceAndAgreeWithOneRequest) {
    auto x = param(ov::element::f32, {4096});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{add(relu(x, "r1"), relu(x, "r2"), "sum")},
                                             ov::ParameterVector{x});
    TestKernels kernels;
    auto plan = kit::build_plan(model, kernels, options_for());
    const auto in = random_f32({4096}, 15, -1.0f, 1.0f);
    kit::PlanRequest single(plan);
    kit::ThreadPool single_pool(1);
    const auto expected = floats(run_once(single, in, {4096}, &single_pool));
    std::vector<std::thread> threads;
    std::atomic<int> mismatches{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            kit::ThreadPool pool(2);
            kit::PlanRequest request(plan);
            for (int round = 0; round < 20; ++round)
                if (floats(run_once(request, in, {4096}, &pool)) != expected)
                    ++mismatches;
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
