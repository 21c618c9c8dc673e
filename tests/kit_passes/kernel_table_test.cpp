// SPDX-License-Identifier: Apache-2.0
// devmux::kit::KernelTable: the entry compile_model's factory comes from is the one query_model's statement
// accepted, for every node, so the two cannot disagree.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "devmux/kit/kernel_table.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/relu.hpp"

namespace {

using devmux_test::error_of;
using devmux_test::param;
using ::testing::HasSubstr;
using Factory = std::function<std::string(const ov::Node&)>;  // what a "kernel" is here: a label
using Table = devmux::kit::KernelTable<Factory>;

std::string rank_at_most_2(const ov::Node& node) {
    return node.get_output_partial_shape(0).rank().get_length() <= 2 ? std::string() : std::string("has rank above 2");
}

const Table& table() {
    static const Table instance(
        "DEV.1",
        {{{"Parameter", "Result", "Constant"}, "", {}, {}, {}},
         {{"Relu"}, "", {ov::element::f32}, rank_at_most_2, [](const ov::Node&) { return std::string("relu_2d"); }},
         // A second entry for the same type: tried when the first refuses.
         {{"Relu"}, "", {ov::element::f32}, {}, [](const ov::Node&) { return std::string("relu_any"); }},
         {{"Add"}, "opset1", {ov::element::f16}, {}, [](const ov::Node&) { return std::string("add_f16"); }}});
    return instance;
}

TEST(KernelTable, TheFactoryComesFromTheEntryTheStatementAccepted) {
    auto x2 = param(ov::element::f32, ov::PartialShape{2, 3}, "x2");
    auto x4 = param(ov::element::f32, ov::PartialShape{1, 2, 3, 4}, "x4");
    auto relu2 = std::make_shared<ov::op::v0::Relu>(x2);
    auto relu4 = std::make_shared<ov::op::v0::Relu>(x4);
    EXPECT_EQ(table().support().unsupported_reason(*relu2), "");
    EXPECT_EQ(table().entry_for(*relu2).make(*relu2), "relu_2d");
    EXPECT_EQ(table().support().unsupported_reason(*relu4), "");
    EXPECT_EQ(table().entry_for(*relu4).make(*relu4), "relu_any");
    EXPECT_FALSE(table().entry_for(*x2).make) << "structural entries have no factory";
}

TEST(KernelTable, ARefusedNodeHasNoEntryAndTheErrorSaysWhy) {
    auto h = param(ov::element::f16, ov::PartialShape{4}, "h");
    auto relu = std::make_shared<ov::op::v0::Relu>(h);
    relu->set_friendly_name("act");
    EXPECT_THAT(table().support().unsupported_reason(*relu), HasSubstr("element type f16"));
    const std::string error = error_of([&] { table().entry_for(*relu); });
    EXPECT_THAT(error, HasSubstr("DEV.1"));
    EXPECT_THAT(error, HasSubstr("'act' (Relu-opset1)"));
    EXPECT_THAT(error, HasSubstr("element type f16"));

    auto f = param(ov::element::f32, ov::PartialShape{4}, "f");
    auto add = std::make_shared<ov::op::v1::Add>(f, f);
    add->set_friendly_name("sum");
    EXPECT_THAT(error_of([&] { table().entry_for(*add); }), HasSubstr("'sum' (Add-opset1)"));
    auto add16 = std::make_shared<ov::op::v1::Add>(h, h);
    EXPECT_EQ(table().entry_for(*add16).make(*add16), "add_f16");
}

TEST(KernelTable, DynamicShapesAreRefusedBeforeAnyEntry) {
    auto x = param(ov::element::f32, ov::PartialShape{ov::Dimension::dynamic(), 3}, "x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    EXPECT_THAT(table().support().unsupported_reason(*relu), HasSubstr("dynamic shape"));
    EXPECT_THAT(error_of([&] { table().entry_for(*relu); }), HasSubstr("dynamic shape"));
}

TEST(KernelTable, AStaticOutputOverADynamicInputIsRefusedNamingTheInput) {
    // A Gather of fixed indices from [?, 4] has a static output; a backend's checks would read its input's shape.
    auto data = param(ov::element::f32, ov::PartialShape{ov::Dimension::dynamic(), 4}, "data");
    auto relu = std::make_shared<ov::op::v0::Relu>(data);
    EXPECT_THAT(table().support().unsupported_reason(*relu), HasSubstr("dynamic shape"));
    auto fixed = param(ov::element::f32, ov::PartialShape{2, 4}, "fixed");
    auto mixed = std::make_shared<ov::op::v1::Add>(fixed, relu);
    EXPECT_THAT(table().support().unsupported_reason(*mixed), HasSubstr("input 1 has dynamic shape [?,4]"));
}

}  // namespace
