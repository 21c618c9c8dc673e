// SPDX-License-Identifier: Apache-2.0
// devmux::kit::propagate_layouts with made-up rules: which outputs keep a layout other than plain through
// chains, vetoes, pass-through ops and branches, which one a group of joined values takes, and settling.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "common/test_utils.hpp"
#include "devmux/kit/layout_propagation.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/split.hpp"
#include "openvino/op/constant.hpp"

namespace {

using devmux::kit::Layout;
using devmux::kit::LayoutMap;
using devmux_test::error_of;
using devmux_test::param;
using ::testing::HasSubstr;

// Rules given by friendly name: what each node can write, which nodes pass all their inputs' layout
// through, what each consumer reads (by name, or by "name#input" for one input), and nodes that settle
// plain with a payload. Results read nothing but plain.
struct Note final : devmux::kit::LayoutPayload {
    explicit Note(std::string text) : text(std::move(text)) {}
    std::string text;
};

class TableRules final : public devmux::kit::LayoutRules {
public:
    std::map<std::string, std::vector<std::string>> writes;
    std::set<std::string> passing;
    std::map<std::string, std::set<std::string>> readable;
    std::set<std::string> settles_plain;
    mutable std::vector<std::string> settled_order;  // what settle() saw, to check the order

    std::vector<std::string> candidates(const ov::Node& node, size_t output) const override {
        const auto it = writes.find(node.get_friendly_name());
        return output == 0 && it != writes.end() ? it->second : std::vector<std::string>{};
    }
    std::vector<size_t> passes_through(const ov::Node& node, size_t output) const override {
        std::vector<size_t> inputs;
        if (output == 0 && passing.count(node.get_friendly_name()))
            for (size_t i = 0; i < node.get_input_size(); ++i)
                inputs.push_back(i);
        return inputs;
    }
    bool reads(const ov::Node& consumer, size_t input, const std::string& layout) const override {
        for (const std::string& key :
             {consumer.get_friendly_name() + "#" + std::to_string(input), consumer.get_friendly_name()}) {
            const auto it = readable.find(key);
            if (it != readable.end())
                return it->second.count(layout) != 0;
        }
        return false;
    }
    Layout settle(const ov::Node& node, size_t output, const std::string& chosen,
                  const LayoutMap& settled) const override {
        std::string seen = node.get_friendly_name() + ":" + chosen;
        for (size_t i = 0; i < node.get_input_size(); ++i)
            seen += " in=" + settled.of_input(node, i).name;
        settled_order.push_back(seen);
        if (settles_plain.count(node.get_friendly_name()))
            return Layout{devmux::kit::plain_layout, std::make_shared<Note>("plain after all")};
        return LayoutRules::settle(node, output, chosen, settled);
    }
};

std::shared_ptr<ov::Node> named(std::shared_ptr<ov::Node> node, const std::string& name) {
    node->set_friendly_name(name);
    return node;
}

std::shared_ptr<ov::Node> relu(const ov::Output<ov::Node>& input, const std::string& name) {
    return named(std::make_shared<ov::op::v0::Relu>(input), name);
}

std::shared_ptr<ov::Model> model_of(const ov::OutputVector& outputs, const ov::ParameterVector& inputs) {
    ov::ResultVector results;
    for (const auto& output : outputs)
        results.push_back(std::make_shared<ov::op::v0::Result>(output));
    return std::make_shared<ov::Model>(results, inputs);
}

std::string layout_of(const LayoutMap& map, const std::shared_ptr<ov::Node>& node) { return map.of(*node, 0).name; }

TEST(LayoutPropagation, AChainKeepsTheLayoutUpToTheLastValueItsReaderTakes) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(a, "b"), c = relu(b, "c");
    auto model = model_of({c}, {x});
    TableRules rules;
    rules.writes = {{"a", {"blk"}}, {"b", {"blk"}}, {"c", {"blk"}}};
    rules.readable = {{"b", {"blk"}}, {"c", {"blk"}}};
    const LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, a), "blk");
    EXPECT_EQ(layout_of(map, b), "blk");
    EXPECT_EQ(layout_of(map, c), "plain") << "the Result reads plain only";
    EXPECT_EQ(map.count_not_plain(), 2u);
    EXPECT_EQ(map.of_input(*c, 0).name, "blk");
    EXPECT_EQ(map.of(*x, 0).name, "plain") << "a Parameter has no candidates";
}

TEST(LayoutPropagation, AConsumerThatCannotReadALayoutVetoesIt) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(a, "b"), c = relu(a, "c");
    auto model = model_of({b, c}, {x});
    TableRules rules;
    rules.writes = {{"a", {"blk"}}};
    rules.readable = {{"b", {"blk"}}};  // c reads plain only
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "plain");
    rules.readable["c"] = {"blk"};
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "blk");
    rules.readable = {{"b", {"blk"}}, {"c#1", {"blk"}}};  // a reader's other input does not count
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "plain");
}

TEST(LayoutPropagation, APassThroughOpHoldsALayoutOnBothSidesOrOnNeither) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto conv = relu(x, "conv"), pool = relu(conv, "pool"), next = relu(pool, "next"), tail = relu(next, "tail");
    auto model = model_of({tail}, {x});
    TableRules rules;
    rules.writes = {{"conv", {"blk"}}, {"pool", {"blk"}}};
    rules.passing = {"pool"};
    rules.readable = {{"next", {"blk"}}};
    LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, conv), "blk");
    EXPECT_EQ(layout_of(map, pool), "blk");

    // The pool's reader vetoes: the pool is plain, so what it reads is plain too (reads() is not asked
    // about a passed-through input: "pool" reads nothing by the table).
    rules.readable.clear();
    map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, pool), "plain");
    EXPECT_EQ(layout_of(map, conv), "plain");

    // The pool's input cannot hold the layout: the pool cannot either.
    rules.readable = {{"next", {"blk"}}};
    rules.writes.erase("conv");
    map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, pool), "plain");
    EXPECT_EQ(map.count_not_plain(), 0u);

    // A passing op without candidates of its own refuses the layout to what it reads.
    rules.writes = {{"conv", {"blk"}}};
    rules.readable = {{"pool", {"blk"}}, {"next", {"blk"}}};
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), conv), "plain");
}

TEST(LayoutPropagation, AConcatHoldsALayoutOnlyWhenEveryInputDoes) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(x, "b");
    auto concat = named(std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, 1), "concat");
    auto reader = relu(concat, "reader");
    auto model = model_of({reader}, {x});
    TableRules rules;
    rules.writes = {{"a", {"blk"}}, {"b", {"blk"}}, {"concat", {"blk"}}};
    rules.passing = {"concat"};
    rules.readable = {{"reader", {"blk"}}};
    LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, a), "blk");
    EXPECT_EQ(layout_of(map, b), "blk");
    EXPECT_EQ(layout_of(map, concat), "blk");

    rules.writes.erase("b");  // one input plain: the Concat is plain, and so is what it reads
    map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, concat), "plain");
    EXPECT_EQ(layout_of(map, a), "plain");
    EXPECT_EQ(map.count_not_plain(), 0u);
}

TEST(LayoutPropagation, AValueReadByTwoConsumersTakesALayoutBothRead) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), left = relu(a, "left"), right = relu(a, "right");
    auto model = model_of({left, right}, {x});
    TableRules rules;
    rules.writes = {{"a", {"fast", "wide"}}};
    rules.readable = {{"left", {"fast", "wide"}}, {"right", {"wide"}}};
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "wide") << "'fast' is preferred";
    rules.readable["right"] = {"fast", "wide"};
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "fast");
    rules.readable["right"] = {"other"};
    EXPECT_EQ(layout_of(devmux::kit::propagate_layouts(*model, rules), a), "plain");
}

TEST(LayoutPropagation, ValuesJoinedThroughAReaderTakeOneLayout) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(a, "b"), c = relu(b, "c");
    auto model = model_of({c}, {x});
    TableRules rules;
    // a prefers "fast", b can only write "wide": both hold a layout and b reads a, so they share one.
    rules.writes = {{"a", {"fast", "wide"}}, {"b", {"wide"}}};
    rules.readable = {{"b", {"fast", "wide"}}, {"c", {"fast", "wide"}}};
    LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, a), "wide");
    EXPECT_EQ(layout_of(map, b), "wide");

    // Nothing in common: the whole group stays plain.
    rules.writes = {{"a", {"fast"}}, {"b", {"wide"}}};
    map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, a), "plain");
    EXPECT_EQ(layout_of(map, b), "plain");

    // A plain value between them separates the groups.
    auto y = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "y");
    auto p = relu(y, "p"), q = relu(p, "q"), r = relu(q, "r"), s = relu(r, "s");
    auto longer = model_of({s}, {y});
    rules.writes = {{"p", {"fast"}}, {"r", {"wide"}}};
    rules.readable = {{"q", {"fast"}}, {"r", {"fast"}}, {"s", {"wide"}}};
    map = devmux::kit::propagate_layouts(*longer, rules);
    EXPECT_EQ(layout_of(map, p), "fast");
    EXPECT_EQ(layout_of(map, q), "plain");
    EXPECT_EQ(layout_of(map, r), "wide");
}

TEST(LayoutPropagation, AnUnreadOutputVetoesNothing) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto axis = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{}, {1});
    auto split = named(std::make_shared<ov::op::v1::Split>(x, axis, 2), "split");
    auto model = model_of({split->output(1)}, {x});
    TableRules rules;
    rules.writes = {{"split", {"blk"}}};  // output 0 only, which nobody reads
    EXPECT_EQ(devmux::kit::propagate_layouts(*model, rules).of(*split, 0).name, "blk");
}

TEST(LayoutPropagation, SettlingSeesEarlierValuesAndMayFallBackToPlain) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(a, "b"), c = relu(b, "c");
    auto model = model_of({c}, {x});
    TableRules rules;
    rules.writes = {{"a", {"blk"}}, {"b", {"blk"}}};
    rules.readable = {{"b", {"blk"}}, {"c", {"blk"}}};
    rules.settles_plain = {"b"};
    const LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_THAT(rules.settled_order, ::testing::ElementsAre("a:blk in=plain", "b:blk in=blk"));
    EXPECT_EQ(layout_of(map, a), "blk");
    EXPECT_TRUE(map.of(*b, 0).plain());
    ASSERT_NE(map.of(*b, 0).payload_as<Note>(), nullptr) << "a plain layout keeps the payload it settled with";
    EXPECT_EQ(map.of(*b, 0).payload_as<Note>()->text, "plain after all");
    EXPECT_EQ(map.count_not_plain(), 1u);
}

TEST(LayoutPropagation, SettlingAsAnotherLayoutIsRefused) {
    class Renaming final : public devmux::kit::LayoutRules {
    public:
        std::vector<std::string> candidates(const ov::Node& node, size_t) const override {
            return node.get_friendly_name() == "a" ? std::vector<std::string>{"blk"} : std::vector<std::string>{};
        }
        bool reads(const ov::Node&, size_t, const std::string&) const override { return true; }
        Layout settle(const ov::Node&, size_t, const std::string&, const LayoutMap&) const override {
            return Layout{"other", nullptr};
        }
    };
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    auto a = relu(x, "a"), b = relu(a, "b");
    auto model = model_of({b}, {x});
    const std::string error = error_of([&] { devmux::kit::propagate_layouts(*model, Renaming()); });
    EXPECT_THAT(error, HasSubstr("'a'"));
    EXPECT_THAT(error, HasSubstr("'other'"));
}

TEST(LayoutPropagation, TheResultIsTheSameOnEveryRun) {
    auto x = param(ov::element::f32, ov::PartialShape{1, 8, 4, 4}, "x");
    ov::OutputVector branches;
    for (int i = 0; i < 6; ++i)
        branches.push_back(relu(relu(x, "head" + std::to_string(i)), "body" + std::to_string(i)));
    auto concat = named(std::make_shared<ov::op::v0::Concat>(branches, 1), "concat");
    auto model = model_of({relu(concat, "reader")}, {x});
    TableRules rules;
    rules.passing = {"concat"};
    rules.writes = {{"concat", {"wide", "fast"}}};
    for (int i = 0; i < 6; ++i) {
        rules.writes["head" + std::to_string(i)] = {"fast", "wide"};
        rules.writes["body" + std::to_string(i)] = {"fast", "wide"};
        rules.readable["body" + std::to_string(i)] = {"fast", "wide"};
    }
    rules.readable["reader"] = {"fast", "wide"};
    const auto names = [&](const LayoutMap& map) {
        std::vector<std::string> out;
        for (const auto& node : model->get_ordered_ops())
            out.push_back(node->get_friendly_name() + "=" + map.of(*node, 0).name);
        return out;
    };
    const auto first = names(devmux::kit::propagate_layouts(*model, rules));
    for (int run = 0; run < 5; ++run)
        EXPECT_EQ(names(devmux::kit::propagate_layouts(*model, rules)), first);
    // One group (joined through the Concat), led by the first head in topological order: its preference.
    const LayoutMap map = devmux::kit::propagate_layouts(*model, rules);
    EXPECT_EQ(layout_of(map, concat), "fast");
    EXPECT_EQ(map.count_not_plain(), 13u);
}

}  // namespace
