// SPDX-License-Identifier: Apache-2.0
// TensorIterator, Loop and If as single-op cases: a device either claims the op with its body or refuses it.
#include "case_builders.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/op/tensor_iterator.hpp"

namespace {
using namespace conformance::case_builders;

// h_t = h_{t-1} * w + x_t along axis 1, forward or reversed, giving the last state and every state.
std::shared_ptr<ov::Model> accumulate(const Type& t, bool reversed) {
    auto x = par(t, {2, 4, 3});
    auto h0 = par(t, {2, 1, 3});
    auto xi = par(t, {2, 1, 3});
    auto hi = par(t, {2, 1, 3});
    auto next = std::make_shared<v1::Add>(std::make_shared<v1::Multiply>(hi, weights(t, {1, 1, 3}, 41)), xi);
    auto next_result = std::make_shared<v0::Result>(next);
    auto ti = std::make_shared<v0::TensorIterator>();
    ti->set_body(std::make_shared<ov::Model>(ov::ResultVector{next_result}, ov::ParameterVector{xi, hi}));
    if (reversed)
        ti->set_sliced_input(xi, x, -1, -1, 1, 0, 1);
    else
        ti->set_sliced_input(xi, x, 0, 1, 1, -1, 1);
    ti->set_merged_input(hi, h0, next_result);
    auto last = ti->get_iter_value(next_result, -1);
    auto all = reversed ? ti->get_concatenated_slices(next_result, -1, -1, 1, 0, 1)
                        : ti->get_concatenated_slices(next_result, 0, 1, 1, -1, 1);
    return model_of({last, all}, {x, h0});
}

// Three iterations of acc = acc * 0.5 + x, their accumulators concatenated on axis 0.
std::shared_ptr<ov::Model> loop3(const Type& t) {
    auto x = par(t, {1, 4});
    auto acc0 = par(t, {1, 4});
    auto xb = par(t, {1, 4});
    auto accb = par(t, {1, 4});
    auto half = v0::Constant::create(t, ov::Shape{}, {0.5});
    auto next_result = std::make_shared<v0::Result>(std::make_shared<v1::Add>(std::make_shared<v1::Multiply>(accb, half), xb));
    auto loop = std::make_shared<ov::op::v5::Loop>(v0::Constant::create(ov::element::i64, ov::Shape{}, {3}),
                                                   v0::Constant::create(ov::element::boolean, ov::Shape{}, {true}));
    loop->set_function(std::make_shared<ov::Model>(ov::ResultVector{next_result}, ov::ParameterVector{xb, accb}));
    loop->set_invariant_input(xb, x);
    loop->set_merged_input(accb, acc0, next_result);
    auto all = loop->get_concatenated_slices(next_result, 0, 1, 1, -1, 0);
    return model_of({loop->get_iter_value(next_result, -1), all}, {x, acc0});
}

// A constant condition picks a branch when the model is built; a Parameter condition when it runs is not
// possible for f16/f32 inputs only, so the branch reads two inputs: then x*y, else x-y.
std::shared_ptr<ov::Model> branch(const Type& t, bool condition) {
    auto x = par(t, {2, 3});
    auto y = par(t, {2, 3});
    auto tx = par(t, {2, 3}), ty = par(t, {2, 3}), ex = par(t, {2, 3}), ey = par(t, {2, 3});
    auto then_result = std::make_shared<v0::Result>(std::make_shared<v1::Multiply>(tx, ty));
    auto else_result = std::make_shared<v0::Result>(std::make_shared<v1::Subtract>(ex, ey));
    auto choice = std::make_shared<ov::op::v8::If>(v0::Constant::create(ov::element::boolean, ov::Shape{}, {condition}));
    choice->set_then_body(std::make_shared<ov::Model>(ov::ResultVector{then_result}, ov::ParameterVector{tx, ty}));
    choice->set_else_body(std::make_shared<ov::Model>(ov::ResultVector{else_result}, ov::ParameterVector{ex, ey}));
    choice->set_input(x, tx, ex);
    choice->set_input(y, ty, ey);
    return model_of({choice->set_output(then_result, else_result)}, {x, y});
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    cases.push_back({"TensorIterator_accumulate_forward", "TensorIterator", reals, [](const Type& t) { return accumulate(t, false); }});
    cases.push_back({"TensorIterator_accumulate_reversed", "TensorIterator", reals, [](const Type& t) { return accumulate(t, true); }});
    cases.push_back({"Loop_three_iterations", "Loop", reals, loop3});
    cases.push_back({"If_then", "If", numbers, [](const Type& t) { return branch(t, true); }});
    cases.push_back({"If_else", "If", numbers, [](const Type& t) { return branch(t, false); }});
}
