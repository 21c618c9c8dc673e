// SPDX-License-Identifier: Apache-2.0
// devmux::kit::OpSupport: one statement answers query_model and checks compile_model.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "devmux/kit/op_support.hpp"
#include "devmux/kit/passes.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/relu.hpp"

namespace {

using devmux_test::error_of;
using devmux_test::param;
using ::testing::HasSubstr;

devmux::kit::OpSupport statement() {
    devmux::kit::OpSupport support("DEV.1");
    support.add_types({"Parameter", "Result", "Constant"});
    support.add(devmux::kit::OpRule{"Add", "opset1", {ov::element::f32}, {}});
    support.add(devmux::kit::OpRule{"Relu", "", {ov::element::f32, ov::element::f16}, [](const ov::Node& node) {
                                        return node.get_output_partial_shape(0).rank().get_length() <= 2
                                                   ? std::string()
                                                   : std::string("has rank above 2");
                                    }});
    return support;
}

std::shared_ptr<ov::Model> model_of(const ov::element::Type& type, const ov::PartialShape& shape) {
    auto x = param(type, shape, "x");
    auto add = std::make_shared<ov::op::v1::Add>(x, ov::op::v0::Constant::create(type, ov::Shape{}, {1.0f}));
    add->set_friendly_name("add");
    auto relu = std::make_shared<ov::op::v0::Relu>(add);
    relu->set_friendly_name("relu");
    auto mul = std::make_shared<ov::op::v1::Multiply>(relu, relu);
    mul->set_friendly_name("mul");
    return std::make_shared<ov::Model>(ov::OutputVector{mul}, ov::ParameterVector{x}, "m");
}

TEST(OpSupport, RefusesByTypeElementTypeAndCheck) {
    const auto support = statement();
    auto model = model_of(ov::element::f32, ov::PartialShape{2, 3});
    const auto answer = support.query(*model, *model, "DEV.1");
    for (const char* name : {"x", "add", "relu"})
        EXPECT_EQ(answer.count(name), 1u) << name;
    EXPECT_EQ(answer.count("mul"), 0u);  // no rule for Multiply: exactly that op is left out
    EXPECT_EQ(answer.size(), model->get_ordered_ops().size() - 1);
    for (const auto& kv : answer)
        EXPECT_EQ(kv.second, "DEV.1");
    EXPECT_THAT(support.unsupported_reason(*model->get_results()[0]->get_input_node_shared_ptr(0)),
                HasSubstr("not supported by DEV.1"));
    const auto message = error_of([&] { support.check(*model, *model); });
    EXPECT_THAT(message, HasSubstr("DEV.1"));
    EXPECT_THAT(message, HasSubstr("'m'"));
    EXPECT_THAT(message, HasSubstr("'mul' (Multiply-opset1)"));

    auto f16 = model_of(ov::element::f16, ov::PartialShape{2, 3});
    EXPECT_THAT(support.unsupported_reason(*f16->get_results()[0]
                                                ->get_input_node_shared_ptr(0)
                                                ->get_input_node_shared_ptr(0)
                                                ->get_input_node_shared_ptr(0)),
                HasSubstr("element type f16"));  // Add takes f32 only; Relu takes f16 too
    auto rank3 = model_of(ov::element::f32, ov::PartialShape{2, 3, 4});
    EXPECT_EQ(support.query(*rank3, *rank3, "DEV.1").count("relu"), 0u);
    EXPECT_THAT(error_of([&] { support.check(*rank3, *rank3); }), HasSubstr("has rank above 2"));
}

TEST(OpSupport, DynamicInputsAreRefusedAndNamed) {
    const auto support = statement();
    auto model = model_of(ov::element::f32, ov::PartialShape{ov::Dimension::dynamic(), 3});
    const auto answer = support.query(*model, *model, "DEV.1");
    EXPECT_EQ(answer.count("x"), 0u);
    EXPECT_EQ(answer.count("add"), 0u);
    const auto message = error_of([&] { support.check(*model, *model); });
    EXPECT_THAT(message, HasSubstr("input 'x'"));
    EXPECT_THAT(message, HasSubstr("dynamic shape"));
    EXPECT_TRUE(devmux::kit::OpSupport("DEV").require_static_shapes(false).add_types({"Parameter"})
                    .unsupported_reason(*model->get_parameters()[0])
                    .empty());
}

TEST(OpSupport, QueryDecidesOnThePreparedGraph) {
    // The Convert to f32 of an f32 value is removed by preparation: the device needs no Convert rule.
    auto x = param(ov::element::f32, ov::PartialShape{2}, "x");
    auto convert = std::make_shared<ov::op::v0::Convert>(x, ov::element::f32);
    convert->set_friendly_name("noop");
    auto add = std::make_shared<ov::op::v1::Add>(convert, x);
    add->set_friendly_name("add");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{add}, ov::ParameterVector{x}, "prep");
    auto prepared = model->clone();
    ASSERT_EQ(devmux::kit::remove_identity_ops(*prepared), 1u);
    const auto support = statement();
    const auto answer = support.query(*model, *prepared, "DEV.1");
    EXPECT_EQ(answer.size(), model->get_ordered_ops().size());
    EXPECT_EQ(answer.count("noop"), 1u);
    EXPECT_NO_THROW(support.check(*model, *prepared));
    EXPECT_THROW(support.check(*model, *model), ov::Exception);  // unprepared, the Convert has no rule
}

}  // namespace
