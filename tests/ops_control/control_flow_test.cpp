// SPDX-License-Identifier: Apache-2.0
// TensorIterator, Loop and If against loops written out in the test, on seeded random data; their shape
// inference; their IR v11 form (written, read back, evaluated again); bad port maps; the body plans they
// cache (built once per set of input shapes, shared across threads) and a branch that cannot hold for
// reshaped inputs when the condition is known only at run time.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <thread>

#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "ops/control_flow.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/tensor_iterator.hpp"

using namespace ov;

namespace {

std::vector<float> random_values(size_t n, uint32_t seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> dist(-2.f, 2.f);
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(generator);
    return v;
}

Tensor tensor_of(const Shape& shape, const std::vector<float>& values) {
    Tensor t(element::f32, shape);
    std::copy(values.begin(), values.end(), t.data<float>());
    return t;
}

std::vector<float> values_of(const Tensor& t) {
    const float* p = t.data<const float>();
    return std::vector<float>(p, p + t.get_size());
}

// Runs a model node by node on the given inputs (the same walk as the conformance reference).
TensorVector run(const Model& model, const TensorVector& inputs) {
    std::map<std::pair<const Node*, size_t>, Tensor> values;
    for (size_t i = 0; i < inputs.size(); ++i)
        values[{model.get_parameters()[i].get(), 0}] = inputs[i];
    for (const auto& node : model.get_ordered_ops()) {
        if (is_type<op::v0::Parameter>(node))
            continue;
        TensorVector in, out;
        for (size_t i = 0; i < node->get_input_size(); ++i)
            in.push_back(values.at({node->input_value(i).get_node(), node->input_value(i).get_index()}));
        if (is_type<op::v0::Result>(node)) {
            values[{node.get(), 0}] = in[0];
            continue;
        }
        for (size_t i = 0; i < node->get_output_size(); ++i)
            out.push_back(node->get_output_partial_shape(i).is_static()
                              ? Tensor(node->get_output_element_type(i), node->get_output_shape(i))
                              : Tensor());
        EXPECT_TRUE(node->evaluate(out, in)) << node->get_friendly_name();
        for (size_t i = 0; i < out.size(); ++i)
            values[{node.get(), i}] = out[i];
    }
    TensorVector outputs;
    for (const auto& result : model.get_results())
        outputs.push_back(values.at({result.get(), 0}));
    return outputs;
}

std::shared_ptr<Model> round_trip(const Model& model) {
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(model, xml, bin);
    const std::string weights = bin.str();
    auto bytes = std::make_shared<std::vector<uint8_t>>(weights.begin(), weights.end());
    return devmux::ir::read_model_from_memory(xml.str(), bytes, "round_trip.xml");
}

// h_t = h_{t-1} * w + x_t over the sequence axis 1 of x [2, T, 3]: a TensorIterator with one sliced input
// (forward or reversed), one merged state, the last state and every state concatenated.
std::shared_ptr<Model> accumulator(size_t steps, bool reversed) {
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, steps, 3});
    auto h0 = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 1, 3});
    auto xi = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 1, 3});
    auto hi = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 1, 3});
    auto w = op::v0::Constant::create(element::f32, Shape{}, {0.5f});
    auto next = std::make_shared<op::v1::Add>(std::make_shared<op::v1::Multiply>(hi, w), xi);
    auto next_result = std::make_shared<op::v0::Result>(next);
    auto body = std::make_shared<Model>(ResultVector{next_result}, ParameterVector{xi, hi});
    auto ti = std::make_shared<op::v0::TensorIterator>();
    ti->set_body(body);
    if (reversed)
        ti->set_sliced_input(xi, x, -1, -1, 1, 0, 1);
    else
        ti->set_sliced_input(xi, x, 0, 1, 1, -1, 1);
    ti->set_merged_input(hi, h0, next_result);
    auto last = ti->get_iter_value(next_result, -1);
    auto all = reversed ? ti->get_concatenated_slices(next_result, -1, -1, 1, 0, 1)
                        : ti->get_concatenated_slices(next_result, 0, 1, 1, -1, 1);
    return std::make_shared<Model>(OutputVector{last, all}, ParameterVector{x, h0});
}

void expect_accumulator_matches(const Model& model, size_t steps, bool reversed, uint32_t seed) {
    const auto x = random_values(2 * steps * 3, seed);
    const auto h0 = random_values(2 * 3, seed + 1);
    const auto outputs = run(model, {tensor_of({2, steps, 3}, x), tensor_of({2, 1, 3}, h0)});
    ASSERT_EQ(outputs.size(), 2u);
    EXPECT_EQ(outputs[0].get_shape(), (Shape{2, 1, 3}));
    EXPECT_EQ(outputs[1].get_shape(), (Shape{2, steps, 3}));
    const auto last = values_of(outputs[0]);
    const auto all = values_of(outputs[1]);
    for (size_t b = 0; b < 2; ++b)
        for (size_t c = 0; c < 3; ++c) {
            double h = h0[b * 3 + c];
            for (size_t step = 0; step < steps; ++step) {
                const size_t t = reversed ? steps - 1 - step : step;
                h = h * 0.5 + x[(b * steps + t) * 3 + c];
                // The concatenated output keeps each state at its slice's position.
                EXPECT_NEAR(all[(b * steps + t) * 3 + c], h, 1e-5) << "b" << b << " t" << t << " c" << c;
            }
            EXPECT_NEAR(last[b * 3 + c], h, 1e-5);
        }
}

}  // namespace

TEST(TensorIterator, RunsItsBodyOverTheSlicesCarryingTheState) {
    auto model = accumulator(5, false);
    EXPECT_EQ(model->get_output_partial_shape(1), (PartialShape{2, 5, 3}));
    expect_accumulator_matches(*model, 5, false, 11);
}

TEST(TensorIterator, WalksReversedSlicesBackwards) {
    auto model = accumulator(4, true);
    expect_accumulator_matches(*model, 4, true, 12);
}

TEST(TensorIterator, SurvivesAnIrRoundTrip) {
    auto model = accumulator(3, true);
    auto read = round_trip(*model);
    const auto& ti = read->get_results()[0]->get_input_node_shared_ptr(0);
    ASSERT_TRUE(is_type<op::v0::TensorIterator>(ti));
    EXPECT_EQ(read->get_output_partial_shape(1), (PartialShape{2, 3, 3}));
    expect_accumulator_matches(*read, 3, true, 13);
}

TEST(TensorIterator, ADynamicSequenceLengthGivesADynamicConcatenation) {
    auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, Dimension::dynamic(), 3});
    auto xi = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 1, 3});
    auto out = std::make_shared<op::v0::Result>(std::make_shared<op::v1::Add>(xi, xi));
    auto ti = std::make_shared<op::v0::TensorIterator>();
    ti->set_body(std::make_shared<Model>(ResultVector{out}, ParameterVector{xi}));
    ti->set_sliced_input(xi, x, 0, 1, 1, -1, 1);
    auto all = ti->get_concatenated_slices(out, 0, 1, 1, -1, 1);
    EXPECT_EQ(all.get_partial_shape(), (PartialShape{2, Dimension::dynamic(), 3}));
    EXPECT_EQ(ti->get_num_iterations(), -1);
}

namespace {

// acc_{i+1} = acc_i + i * x while i < stop (the body's condition), at most `trip` iterations; outputs the last
// accumulator and every accumulator concatenated on axis 0.
std::shared_ptr<Model> counting_loop(int64_t trip, float stop) {
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3});
    auto acc0 = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3});
    auto trip_count = op::v0::Constant::create(element::i64, Shape{}, {trip});
    auto go = op::v0::Constant::create(element::boolean, Shape{}, {true});

    auto i = std::make_shared<op::v0::Parameter>(element::i64, Shape{});
    auto xb = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3});
    auto accb = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3});
    auto i_f = std::make_shared<op::v0::Convert>(i, element::f32);
    auto next = std::make_shared<op::v1::Add>(accb, std::make_shared<op::v1::Multiply>(xb, i_f));
    auto next_result = std::make_shared<op::v0::Result>(next);
    auto again = std::make_shared<op::v0::Result>(
        std::make_shared<op::v1::Less>(i_f, op::v0::Constant::create(element::f32, Shape{}, {stop})));
    auto body = std::make_shared<Model>(ResultVector{next_result, again}, ParameterVector{i, xb, accb});

    auto loop = std::make_shared<op::v5::Loop>(trip_count, go);
    loop->set_function(body);
    loop->set_special_body_ports({0, 1});
    loop->set_invariant_input(xb, x);
    loop->set_merged_input(accb, acc0, next_result);
    auto last = loop->get_iter_value(next_result, -1);
    auto all = loop->get_concatenated_slices(next_result, 0, 1, 1, -1, 0);
    return std::make_shared<Model>(OutputVector{last, all}, ParameterVector{x, acc0});
}

void expect_loop_matches(const Model& model, int64_t trip, float stop, uint32_t seed) {
    const auto x = random_values(3, seed);
    const auto acc0 = random_values(3, seed + 1);
    const auto outputs = run(model, {tensor_of({1, 3}, x), tensor_of({1, 3}, acc0)});
    std::vector<std::vector<double>> states;
    std::vector<double> acc(acc0.begin(), acc0.end());
    for (int64_t i = 0; i < trip; ++i) {
        for (size_t c = 0; c < 3; ++c)
            acc[c] += x[c] * static_cast<double>(i);
        states.push_back(acc);
        if (!(static_cast<float>(i) < stop))
            break;  // the body's condition, computed in this iteration, ends the loop after it
    }
    ASSERT_EQ(outputs[1].get_shape(), (Shape{states.size(), 3}));
    const auto last = values_of(outputs[0]);
    const auto all = values_of(outputs[1]);
    for (size_t s = 0; s < states.size(); ++s)
        for (size_t c = 0; c < 3; ++c)
            EXPECT_NEAR(all[s * 3 + c], states[s][c], 1e-5) << "iteration " << s;
    for (size_t c = 0; c < 3; ++c)
        EXPECT_NEAR(last[c], states.back()[c], 1e-5);
}

}  // namespace

TEST(Loop, StopsWhenItsBodySaysSo) {
    // The condition i < 2 turns false in iteration 2: three iterations of the ten allowed.
    auto model = counting_loop(10, 2.f);
    EXPECT_TRUE(model->get_output_partial_shape(1)[0].is_dynamic());
    expect_loop_matches(*model, 10, 2.f, 21);
}

TEST(Loop, StopsAtItsTripCount) {
    auto model = counting_loop(4, 100.f);
    expect_loop_matches(*model, 4, 100.f, 22);
}

TEST(Loop, WithNoIterationGivesTheCarriedValueItStartedWithAndAnEmptyConcatenation) {
    // A trip count of 0 runs no iteration: the carried accumulator leaves as it came in.
    auto model = counting_loop(0, 100.f);
    const auto x = random_values(3, 23);
    const auto acc0 = random_values(3, 24);
    const auto outputs = run(*model, {tensor_of({1, 3}, x), tensor_of({1, 3}, acc0)});
    EXPECT_EQ(outputs[1].get_shape(), (Shape{0, 3}));
    const auto last = values_of(outputs[0]);
    ASSERT_EQ(last.size(), 3u);
    for (size_t c = 0; c < 3; ++c)
        EXPECT_EQ(last[c], acc0[c]);
}

TEST(Loop, SurvivesAnIrRoundTrip) {
    auto read = round_trip(*counting_loop(10, 2.f));
    auto loop = as_type_ptr<op::v5::Loop>(read->get_results()[0]->get_input_node_shared_ptr(0));
    ASSERT_TRUE(loop);
    EXPECT_EQ(loop->get_special_body_ports().current_iteration_input_idx, 0);
    EXPECT_EQ(loop->get_special_body_ports().body_condition_output_idx, 1);
    expect_loop_matches(*read, 10, 2.f, 23);
}

namespace {

// then: x * y, else: x + 1 (y unused there), on a runtime condition.
std::shared_ptr<Model> branch_model() {
    auto c = std::make_shared<op::v0::Parameter>(element::boolean, Shape{});
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 2});
    auto y = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 2});
    auto tx = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 2});
    auto ty = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 2});
    auto then_result = std::make_shared<op::v0::Result>(std::make_shared<op::v1::Multiply>(tx, ty));
    auto ex = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 2});
    auto else_result = std::make_shared<op::v0::Result>(
        std::make_shared<op::v1::Add>(ex, op::v0::Constant::create(element::f32, Shape{}, {1.f})));
    auto choice = std::make_shared<op::v8::If>(c);
    choice->set_then_body(std::make_shared<Model>(ResultVector{then_result}, ParameterVector{tx, ty}));
    choice->set_else_body(std::make_shared<Model>(ResultVector{else_result}, ParameterVector{ex}));
    choice->set_input(x, tx, ex);
    choice->set_input(y, ty, nullptr);
    auto out = choice->set_output(then_result, else_result);
    return std::make_shared<Model>(OutputVector{out}, ParameterVector{c, x, y});
}

void expect_branches(const Model& model, uint32_t seed) {
    const auto x = random_values(4, seed), y = random_values(4, seed + 1);
    for (bool condition : {true, false}) {
        Tensor c(element::boolean, Shape{});
        *c.data<char>() = condition;
        const auto out = values_of(run(model, {c, tensor_of({2, 2}, x), tensor_of({2, 2}, y)})[0]);
        for (size_t i = 0; i < 4; ++i)
            EXPECT_NEAR(out[i], condition ? x[i] * y[i] : x[i] + 1.0, 1e-6) << (condition ? "then " : "else ") << i;
    }
}

}  // namespace

TEST(If, RunsTheBranchItsConditionPicks) {
    auto model = branch_model();
    EXPECT_EQ(model->get_output_partial_shape(0), (PartialShape{2, 2}));
    expect_branches(*model, 31);
}

TEST(If, SurvivesAnIrRoundTrip) { expect_branches(*round_trip(*branch_model()), 32); }

TEST(If, BranchesOfDifferentShapesGiveTheSharedShape) {
    auto c = std::make_shared<op::v0::Parameter>(element::boolean, Shape{});
    auto a = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
    auto b = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 5});
    auto then_result = std::make_shared<op::v0::Result>(a);
    auto else_result = std::make_shared<op::v0::Result>(b);
    auto choice = std::make_shared<op::v8::If>(c);
    choice->set_then_body(std::make_shared<Model>(ResultVector{then_result}, ParameterVector{a}));
    choice->set_else_body(std::make_shared<Model>(ResultVector{else_result}, ParameterVector{b}));
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
    auto y = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 5});
    choice->set_input(x, a, nullptr);
    choice->set_input(y, nullptr, b);
    auto out = choice->set_output(then_result, else_result);
    EXPECT_EQ(out.get_partial_shape(), (PartialShape{2, Dimension::dynamic()}));
}

// A constant condition: the branch that never runs is not given the inputs' shapes, so reshaping the model to
// shapes only the taken branch holds for works (the untaken one reshapes to a fixed 2x3).
TEST(If, AConstantConditionLeavesTheOtherBranchOutOfAReshape) {
    auto c = op::v0::Constant::create(element::boolean, Shape{}, {true});
    auto a = std::make_shared<op::v0::Parameter>(element::f32, PartialShape::dynamic());
    auto b = std::make_shared<op::v0::Parameter>(element::f32, PartialShape::dynamic());
    auto then_result = std::make_shared<op::v0::Result>(std::make_shared<op::v1::Multiply>(
        a, op::v0::Constant::create(element::f32, Shape{}, {2.f})));
    auto fixed = std::make_shared<op::v1::Reshape>(b, op::v0::Constant::create(element::i64, Shape{2}, {2, 3}), false);
    auto else_result = std::make_shared<op::v0::Result>(fixed);
    auto choice = std::make_shared<op::v8::If>(c);
    choice->set_then_body(std::make_shared<Model>(ResultVector{then_result}, ParameterVector{a}));
    choice->set_else_body(std::make_shared<Model>(ResultVector{else_result}, ParameterVector{b}));
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
    choice->set_input(x, a, b);
    auto out = choice->set_output(then_result, else_result);
    auto model = std::make_shared<Model>(OutputVector{out}, ParameterVector{x});
    EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{2, 3}));
    model->reshape(PartialShape{4, 5});
    EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{4, 5}));
}

namespace {

// then: x * y, else: x + 1 (y unused there), on a runtime condition, for x and y of any 2-D shape.
std::shared_ptr<Model> dynamic_branch_model() {
    auto c = std::make_shared<op::v0::Parameter>(element::boolean, Shape{});
    auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
    auto y = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
    auto tx = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
    auto ty = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
    auto then_result = std::make_shared<op::v0::Result>(std::make_shared<op::v1::Multiply>(tx, ty));
    auto ex = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
    auto else_result = std::make_shared<op::v0::Result>(
        std::make_shared<op::v1::Add>(ex, op::v0::Constant::create(element::f32, Shape{}, {1.f})));
    auto choice = std::make_shared<op::v8::If>(c);
    choice->set_then_body(std::make_shared<Model>(ResultVector{then_result}, ParameterVector{tx, ty}));
    choice->set_else_body(std::make_shared<Model>(ResultVector{else_result}, ParameterVector{ex}));
    choice->set_input(x, tx, ex);
    choice->set_input(y, ty, nullptr);
    auto out = choice->set_output(then_result, else_result);
    return std::make_shared<Model>(OutputVector{out}, ParameterVector{c, x, y});
}

Tensor condition_of(bool value) {
    Tensor c(element::boolean, Shape{});
    *c.data<char>() = value;
    return c;
}

// Evaluates dynamic_branch_model on seeded values of `shape` and checks each element against its formula.
void expect_dynamic_branch(const Model& model, const Shape& shape, bool condition, uint32_t seed) {
    const size_t n = shape_size(shape);
    const auto x = random_values(n, seed), y = random_values(n, seed + 1);
    const auto outputs = run(model, {condition_of(condition), tensor_of(shape, x), tensor_of(shape, y)});
    ASSERT_EQ(outputs[0].get_shape(), shape);
    const auto out = values_of(outputs[0]);
    for (size_t i = 0; i < n; ++i)
        ASSERT_NEAR(out[i], condition ? double(x[i]) * y[i] : x[i] + 1.0, 1e-6) << shape << " element " << i;
}

// x * 2 in the then body; the else body reshapes its input to a fixed [2, 3], which holds only for 6 elements.
std::shared_ptr<Model> fixed_else_model(const std::shared_ptr<Node>& condition, bool then_fixed_too = false) {
    auto a = std::make_shared<op::v0::Parameter>(element::f32, PartialShape::dynamic());
    auto b = std::make_shared<op::v0::Parameter>(element::f32, PartialShape::dynamic());
    auto fixed_shape = op::v0::Constant::create(element::i64, Shape{2}, {2, 3});
    std::shared_ptr<Node> then_value =
        then_fixed_too ? std::shared_ptr<Node>(std::make_shared<op::v1::Reshape>(a, fixed_shape, false))
                       : std::shared_ptr<Node>(std::make_shared<op::v1::Multiply>(
                             a, op::v0::Constant::create(element::f32, Shape{}, {2.f})));
    auto then_result = std::make_shared<op::v0::Result>(then_value);
    auto else_result = std::make_shared<op::v0::Result>(std::make_shared<op::v1::Reshape>(b, fixed_shape, false));
    auto choice = std::make_shared<op::v8::If>(condition);
    choice->set_friendly_name("rate_choice");
    choice->set_then_body(std::make_shared<Model>(ResultVector{then_result}, ParameterVector{a}));
    choice->set_else_body(std::make_shared<Model>(ResultVector{else_result}, ParameterVector{b}));
    auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
    x->set_friendly_name("x");
    choice->set_input(x, a, b);
    auto out = choice->set_output(then_result, else_result);
    ParameterVector parameters{x};
    if (auto parameter = as_type_ptr<op::v0::Parameter>(condition))
        parameters.insert(parameters.begin(), parameter);
    return std::make_shared<Model>(OutputVector{out}, parameters);
}

}  // namespace

// The bodies are planned once per set of input shapes (a clone with its shapes inferred), then reused by
// every later evaluation with those shapes; a new shape is planned once more.
TEST(If, PlansEachBodyOnceForTheShapesItIsGiven) {
    auto model = dynamic_branch_model();
    const size_t before = devmux::ref::body_plans_built();
    for (uint32_t round = 0; round < 5; ++round)
        for (bool condition : {true, false})
            expect_dynamic_branch(*model, Shape{2, 3}, condition, 40 + round);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 2u) << "one plan per body for [2,3]";
    for (uint32_t round = 0; round < 3; ++round)
        for (bool condition : {true, false})
            expect_dynamic_branch(*model, Shape{4, 1}, condition, 50 + round);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 4u) << "and one more per body for [4,1]";
    for (bool condition : {true, false})
        expect_dynamic_branch(*model, Shape{2, 3}, condition, 60);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 4u) << "[2,3] is still planned";
}

// A body given more distinct shapes than the cache holds forgets its oldest plans and still computes right.
TEST(If, ABodyGivenManyShapesKeepsABoundedCacheAndStaysCorrect) {
    auto model = dynamic_branch_model();
    const size_t shapes = devmux::ref::body_plans_per_body + 4;
    for (size_t n = 1; n <= shapes; ++n)
        expect_dynamic_branch(*model, Shape{1, n}, true, static_cast<uint32_t>(70 + n));
    const size_t before = devmux::ref::body_plans_built();
    expect_dynamic_branch(*model, Shape{1, 1}, true, 90);  // the oldest: forgotten, planned again
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u);
    expect_dynamic_branch(*model, Shape{1, shapes}, true, 91);  // the newest: still there
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u);
}

// Plans are shared by every thread that evaluates the op: each thread's shapes and values stay its own.
TEST(If, EvaluatesFromSeveralThreadsAtOnce) {
    auto model = dynamic_branch_model();
    std::vector<std::thread> threads;
    for (size_t t = 0; t < 4; ++t)
        threads.emplace_back([&model, t] {
            // Threads 0 and 2, and 1 and 3, share a shape (and so a plan); each checks its own values.
            const Shape shape{t % 2 + 1, 3 + t % 2};
            for (uint32_t round = 0; round < 25; ++round)
                expect_dynamic_branch(*model, shape, (round + t) % 2 == 0, static_cast<uint32_t>(100 * t + round));
        });
    for (auto& thread : threads)
        thread.join();
}

// A condition known only at run time: the else body cannot hold for [4, 5] (it reshapes to a fixed [2, 3]),
// which no longer blocks reshaping the model; the op takes the then body's shapes, runs the then body, and
// fails naming itself if the else body is chosen for inputs it cannot take.
TEST(If, ABranchThatFailsForNewShapesNoLongerBlocksAReshape) {
    auto c = std::make_shared<op::v0::Parameter>(element::boolean, Shape{});
    c->set_friendly_name("c");
    auto model = fixed_else_model(c);
    ASSERT_NO_THROW(model->reshape(std::map<size_t, PartialShape>{{1, PartialShape{4, 5}}}));
    EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{4, 5}));
    const auto x = random_values(20, 110);
    const auto out = values_of(run(*model, {condition_of(true), tensor_of({4, 5}, x)})[0]);
    ASSERT_EQ(out.size(), 20u);
    for (size_t i = 0; i < 20; ++i)
        EXPECT_NEAR(out[i], 2.0 * x[i], 1e-6);
    // A compiled model is a clone: the body that cannot take [4, 5] must clone all the same.
    std::shared_ptr<Model> copy;
    ASSERT_NO_THROW(copy = model->clone());
    const auto copied = values_of(run(*copy, {condition_of(true), tensor_of({4, 5}, x)})[0]);
    ASSERT_EQ(copied.size(), 20u);
    for (size_t i = 0; i < 20; ++i)
        EXPECT_NEAR(copied[i], 2.0 * x[i], 1e-6);
    try {
        run(*model, {condition_of(false), tensor_of({4, 5}, x)});
        ADD_FAILURE() << "the else body ran on a [4,5] input";
    } catch (const ov::Exception& e) {
        EXPECT_NE(std::string(e.what()).find("rate_choice"), std::string::npos) << e.what();
    }
    // Back to shapes both bodies hold for: both run again.
    model->reshape(std::map<size_t, PartialShape>{{1, PartialShape{2, 3}}});
    EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{2, 3}));
    const auto small = random_values(6, 111);
    const auto reshaped = values_of(run(*model, {condition_of(false), tensor_of({2, 3}, small)})[0]);
    for (size_t i = 0; i < 6; ++i)
        EXPECT_EQ(reshaped[i], small[i]);
}

TEST(If, BothBranchesFailingForTheInputsIsRefusedNamingTheOp) {
    auto c = std::make_shared<op::v0::Parameter>(element::boolean, Shape{});
    auto model = fixed_else_model(c, true);
    try {
        model->reshape(std::map<size_t, PartialShape>{{1, PartialShape{4, 5}}});
        ADD_FAILURE() << "a reshape neither body holds for was accepted";
    } catch (const ov::Exception& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("rate_choice"), std::string::npos) << what;
        EXPECT_NE(what.find("neither body"), std::string::npos) << what;
    }
}

// The op's own shape inference forgets its plans: a plan made for a body before it was edited is not reused.
TEST(If, ValidatingTheOpAgainForgetsItsPlans) {
    auto model = dynamic_branch_model();
    expect_dynamic_branch(*model, Shape{2, 2}, true, 120);
    const size_t before = devmux::ref::body_plans_built();
    model->validate_nodes_and_infer_types();
    expect_dynamic_branch(*model, Shape{2, 2}, true, 121);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u);
}

// Each iteration of a Loop or TensorIterator whose shapes stay the same runs the same plan: one per body.
TEST(Loop, PlansItsBodyOnceForAllItsIterations) {
    auto model = counting_loop(10, 100.f);
    const size_t before = devmux::ref::body_plans_built();
    expect_loop_matches(*model, 10, 100.f, 130);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u) << "ten iterations, one plan";
    expect_loop_matches(*model, 10, 100.f, 131);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u) << "a second evaluation reuses it";
}

TEST(TensorIterator, PlansItsBodyOnceForAllItsIterations) {
    auto model = accumulator(9, false);
    const size_t before = devmux::ref::body_plans_built();
    expect_accumulator_matches(*model, 9, false, 140);
    expect_accumulator_matches(*model, 9, false, 141);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 1u);
}

// An op's body plans are its own: a copy of the op (with copies of its bodies) plans them for itself, and the
// plans go with the op that made them.
TEST(If, EachOpOwnsItsPlansAndTheyGoWithIt) {
    const size_t alive = devmux::ref::body_plans_alive();
    auto model = dynamic_branch_model();
    const size_t before = devmux::ref::body_plans_built();
    expect_dynamic_branch(*model, Shape{2, 3}, true, 150);
    expect_dynamic_branch(*model, Shape{2, 3}, false, 151);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 2u);
    auto copy = model->clone();
    expect_dynamic_branch(*copy, Shape{2, 3}, true, 152);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 3u) << "the copy plans its then body for itself";
    EXPECT_EQ(devmux::ref::body_plans_alive() - alive, 3u);
    model.reset();
    EXPECT_EQ(devmux::ref::body_plans_alive() - alive, 1u) << "the first op's two plans went with it";
    expect_dynamic_branch(*copy, Shape{2, 3}, true, 153);
    EXPECT_EQ(devmux::ref::body_plans_built() - before, 3u) << "the copy still has its own";
    copy.reset();
    EXPECT_EQ(devmux::ref::body_plans_alive(), alive);
}

TEST(Loop, ItsBodyPlanGoesWithIt) {
    const size_t alive = devmux::ref::body_plans_alive();
    auto model = counting_loop(10, 100.f);
    expect_loop_matches(*model, 10, 100.f, 160);
    EXPECT_EQ(devmux::ref::body_plans_alive() - alive, 1u);
    model.reset();
    EXPECT_EQ(devmux::ref::body_plans_alive(), alive);
}

TEST(ControlFlowIr, APortMapNamingAMissingBodyLayerIsRefusedNamingTheLayer) {
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(*accumulator(2, false), xml, bin);
    std::string text = xml.str();
    const auto at = text.find("internal_layer_id=\"");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, std::string("internal_layer_id=\"").size(), "internal_layer_id=\"9");
    const std::string weights = bin.str();
    try {
        devmux::ir::read_model_from_memory(text, std::make_shared<std::vector<uint8_t>>(weights.begin(), weights.end()),
                                           "bad_port_map.xml");
        FAIL() << "a port map naming a missing body layer was read";
    } catch (const Exception& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("TensorIterator"), std::string::npos) << message;
        EXPECT_NE(message.find("body"), std::string::npos) << message;
    }
}
