// SPDX-License-Identifier: Apache-2.0
// The pattern matcher, MatcherPass and the pass manager.

#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "devmux/kit/pattern.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/subtract.hpp"

namespace {

using devmux::kit::Match;
using devmux::kit::Pattern;
using devmux_test::param;

std::shared_ptr<ov::op::v0::Constant> scalar(float value) {
    return ov::op::v0::Constant::create(ov::element::f32, ov::Shape{}, {value});
}

size_t count_type(const ov::Model& model, const char* type) {
    size_t n = 0;
    for (const auto& node : model.get_ordered_ops())
        n += std::string(node->get_type_name()) == type;
    return n;
}

TEST(Pattern, MatchesTypeInputsAndCaptures) {
    auto x = param(ov::element::f32, ov::PartialShape{4}, "x");
    auto c = scalar(1.5f);
    auto add = std::make_shared<ov::op::v1::Add>(x, c);
    auto relu = std::make_shared<ov::op::v0::Relu>(add);
    const auto pattern = Pattern::op<ov::op::v0::Relu>(
        {Pattern::op<ov::op::v1::Add>({Pattern::any().capture("x"), Pattern::constant().capture("c")}).capture("add")});
    Match match;
    ASSERT_TRUE(pattern.match(relu->output(0), match));
    EXPECT_EQ(match.at("x"), x->output(0));
    EXPECT_EQ(match.at("c"), c->output(0));
    EXPECT_EQ(match.node("add"), add);
    EXPECT_FALSE(match.has("missing"));
    devmux_test::expect_error([&] { match.at("missing"); }, {"missing"});
    // Wrong type at the root, and a wrong input type, do not match and leave the match untouched.
    Match other;
    EXPECT_FALSE(pattern.match(add->output(0), other));
    EXPECT_TRUE(other.captures.empty());
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(x);
    EXPECT_FALSE(Pattern::op<ov::op::v0::Sigmoid>({Pattern::constant()}).match(sigmoid->output(0), other));
    EXPECT_TRUE(other.captures.empty());
}

TEST(Pattern, CommutativeTriesBothOrders) {
    auto x = param(ov::element::f32, ov::PartialShape{4}, "x");
    auto add = std::make_shared<ov::op::v1::Add>(scalar(2.0f), x);  // the constant first
    const auto strict = Pattern::op<ov::op::v1::Add>({Pattern::any().capture("x"), Pattern::constant().capture("c")});
    Match match;
    EXPECT_FALSE(strict.match(add->output(0), match));
    ASSERT_TRUE(strict.commutative().match(add->output(0), match));
    EXPECT_EQ(match.at("x"), x->output(0));
    devmux_test::expect_error([] { Pattern::any().commutative(); }, {"two inputs"});
}

TEST(Pattern, PredicatesAnyOfAndSingleConsumer) {
    auto x = param(ov::element::f32, ov::PartialShape{4}, "x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(relu);
    const auto activation = Pattern::any_of(
        {Pattern::op<ov::op::v0::Relu>().capture("relu"), Pattern::op<ov::op::v0::Sigmoid>().capture("sigmoid")});
    Match a, b;
    ASSERT_TRUE(activation.match(relu->output(0), a));
    EXPECT_TRUE(a.has("relu"));
    EXPECT_FALSE(a.has("sigmoid"));
    ASSERT_TRUE(activation.match(sigmoid->output(0), b));
    EXPECT_TRUE(b.has("sigmoid"));
    Match c;
    EXPECT_FALSE(Pattern::any([](const ov::Output<ov::Node>& v) { return v.get_partial_shape().rank().get_length() == 2; })
                     .match(x->output(0), c));
    // relu has one consumer, x has one too until a second reads it.
    EXPECT_TRUE(Pattern::any().single_consumer().match(relu->output(0), c));
    auto second = std::make_shared<ov::op::v0::Sigmoid>(x);
    EXPECT_TRUE(Pattern::any().single_consumer().match(relu->output(0), c));
    EXPECT_FALSE(Pattern::any().single_consumer().match(x->output(0), c));
}

TEST(Pattern, OneNameCapturedTwiceMustBeOneValue) {
    auto x = param(ov::element::f32, ov::PartialShape{4}, "x");
    auto y = param(ov::element::f32, ov::PartialShape{4}, "y");
    const auto square = Pattern::op<ov::op::v1::Multiply>({Pattern::any().capture("v"), Pattern::any().capture("v")});
    Match match;
    EXPECT_TRUE(square.match(std::make_shared<ov::op::v1::Multiply>(x, x)->output(0), match));
    Match other;
    EXPECT_FALSE(square.match(std::make_shared<ov::op::v1::Multiply>(x, y)->output(0), other));
}

// Relu(Relu(v)) -> Relu(v): every match is rewritten, and the replacement keeps the name and tensor names.
TEST(MatcherPass, RewritesEveryMatchAndKeepsIdentity) {
    auto x = param(ov::element::f32, ov::PartialShape{5}, "x");
    auto inner1 = std::make_shared<ov::op::v0::Relu>(x);
    auto outer1 = std::make_shared<ov::op::v0::Relu>(inner1);
    outer1->set_friendly_name("outer1");
    outer1->output(0).get_tensor().set_names({"out1"});
    auto inner2 = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Subtract>(x, scalar(0.5f)));
    auto outer2 = std::make_shared<ov::op::v0::Relu>(inner2);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{outer1, outer2}, ov::ParameterVector{x}, "double_relu");

    const auto pattern = Pattern::op<ov::op::v0::Relu>(
        {Pattern::op<ov::op::v0::Relu>({Pattern::any().capture("v")}).single_consumer()});
    devmux::kit::MatcherPass pass("collapse_relu", pattern, [](const Match& match) {
        devmux::kit::replace_keeping_identity(match.root, std::make_shared<ov::op::v0::Relu>(match.at("v")));
        return true;
    });
    EXPECT_TRUE(pass.run(*model));
    EXPECT_EQ(count_type(*model, "Relu"), 2u);
    const auto first = model->get_results()[0]->get_input_node_shared_ptr(0);
    EXPECT_EQ(first->get_friendly_name(), "outer1");
    EXPECT_EQ(first->get_input_node_shared_ptr(0), x);
    EXPECT_EQ(model->output(0).get_any_name(), "out1");
    EXPECT_FALSE(pass.run(*model));  // nothing left to match
}

TEST(PassManager, RunsInOrderToAFixedPoint) {
    auto x = param(ov::element::f32, ov::PartialShape{3}, "x");
    ov::Output<ov::Node> value = x;
    for (int i = 0; i < 4; ++i)
        value = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v0::Relu>(value));
    auto model = std::make_shared<ov::Model>(ov::OutputVector{value}, ov::ParameterVector{x}, "chain");
    std::vector<std::string> log;
    // Collapses one Relu(Relu) pair per run, so only repetition reaches the end.
    auto one_at_a_time = [&log](ov::Model& m) {
        log.push_back("collapse");
        for (const auto& node : m.get_ordered_ops()) {
            if (ov::is_type<ov::op::v0::Relu>(node) && ov::is_type<ov::op::v0::Relu>(node->get_input_node_shared_ptr(0))) {
                node->output(0).replace(node->input_value(0));
                return true;
            }
        }
        return false;
    };
    devmux::kit::PassManager manager("TEST");
    manager.add("collapse", one_at_a_time).repeat_to_fixed_point(16).validate_each_pass();
    EXPECT_EQ(manager.pass_names(), std::vector<std::string>{"collapse"});
    EXPECT_TRUE(manager.run(*model));
    EXPECT_EQ(count_type(*model, "Relu"), 1u);
    EXPECT_EQ(log.size(), 8u);  // 7 collapses, then a round that changes nothing
    EXPECT_FALSE(manager.run(*model));
}

TEST(PassManager, NamesAPassThatNeverSettles) {
    auto x = param(ov::element::f32, ov::PartialShape{3}, "x");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{std::make_shared<ov::op::v0::Relu>(x)},
                                             ov::ParameterVector{x}, "m");
    devmux::kit::PassManager manager("DEV");
    manager.add("always_changes", [](ov::Model&) { return true; }).repeat_to_fixed_point(3);
    devmux_test::expect_error([&] { manager.run(*model); }, {"DEV", "'m'", "3 rounds", "always_changes"});
}

TEST(PassManager, ValidationNamesThePassThatBrokeTheModel) {
    auto x = param(ov::element::f32, ov::PartialShape{3}, "x");
    auto y = param(ov::element::f32, ov::PartialShape{3}, "y");
    auto add = std::make_shared<ov::op::v1::Add>(x, y);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{add}, ov::ParameterVector{x, y}, "m");
    devmux::kit::PassManager manager("DEV");
    manager.add("widen_y", [&](ov::Model&) {
        y->set_partial_shape(ov::PartialShape{4});  // no longer broadcasts against x
        return true;
    });
    EXPECT_NO_THROW(devmux::kit::PassManager("DEV").add("noop", [](ov::Model&) { return false; }).run(*model));
    manager.validate_each_pass();
    devmux_test::expect_error([&] { manager.run(*model); }, {"DEV", "widen_y", "'m'"});
}

}  // namespace
