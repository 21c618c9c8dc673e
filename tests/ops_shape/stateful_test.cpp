// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/core/model.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/result.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::util::Variable;
using ov::op::util::VariableInfo;

namespace {
std::shared_ptr<Variable> variable(const PartialShape& shape, const ov::element::Type& type, const std::string& id) {
    return std::make_shared<Variable>(VariableInfo{shape, type, id});
}
}  // namespace

TEST(ReadValueV6, OutputFollowsVariable) {
    auto var = variable({1, 3}, ov::element::f32, "state");
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::f32, {1, 3}), var);
    EXPECT_EQ(rv->get_output_partial_shape(0), (PartialShape{1, 3}));
    EXPECT_EQ(rv->get_output_element_type(0), ov::element::f32);
    EXPECT_EQ(rv->get_variable_id(), "state");
    EXPECT_EQ(rv->get_variable(), var);
}

TEST(ReadValueV6, UntypedVariableTakesInitialValueType) {
    auto var = variable(PartialShape::dynamic(), ov::element::dynamic, "s");
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::i32, {2, 2}), var);
    EXPECT_EQ(var->get_info().data_type, ov::element::i32);
    EXPECT_EQ(var->get_info().data_shape, (PartialShape{2, 2}));
    EXPECT_EQ(var->get_info().variable_id, "s");
    EXPECT_EQ(rv->get_output_partial_shape(0), (PartialShape{2, 2}));
}

TEST(ReadValueV6, MismatchedInitialTypeNamesOp) {
    auto var = variable({1, 3}, ov::element::f32, "state");
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::f32, {1, 3}), var);
    rv->set_friendly_name("my_read");
    rv->set_argument(0, param(ov::element::i64, {1, 3}));
    expect_error([&] { rv->validate_and_infer_types(); }, {"ReadValue 'my_read'", "state", "i64"});
}

TEST(ReadValueV6, MismatchedInitialShapeNamesOp) {
    auto var = variable({1, 3}, ov::element::f32, "state");
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::f32, {1, 3}), var);
    rv->set_friendly_name("my_read");
    rv->set_argument(0, param(ov::element::f32, {3, 1}));
    expect_error([&] { rv->validate_and_infer_types(); }, {"ReadValue 'my_read'", "[3,1]"});
}

TEST(ReadValueV6, BuiltFromIdThenBound) {
    // The IR reader's path: default-construct, read variable_id, connect, bind the model's variable.
    ov::op::v6::ReadValue prototype(param(ov::element::f32, {1, 1}), variable({1, 1}, ov::element::f32, "state"));
    auto rv = std::make_shared<ov::op::v6::ReadValue>();
    copy_attributes(prototype, *rv);
    EXPECT_EQ(rv->get_variable_id(), "state");
    EXPECT_FALSE(rv->get_variable());
    rv->set_arguments({param(ov::element::f32, {1, 1})});
    rv->validate_and_infer_types();
    auto var = variable(PartialShape::dynamic(), ov::element::dynamic, rv->get_variable_id());
    ov::op::util::VariableExtension& ext = *rv;
    ext.set_variable(var);  // through the base, as a reader holding a VariableExtension would
    EXPECT_EQ(rv->get_variable(), var);
    EXPECT_EQ(var->get_info().data_type, ov::element::f32);
    EXPECT_EQ(var->get_info().data_shape, (PartialShape{1, 1}));
    EXPECT_EQ(rv->get_output_partial_shape(0), (PartialShape{1, 1}));
}

TEST(ReadValueV6, EvaluateOutputsInitialValue) {
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::f32, {2, 3}),
                                                      variable({2, 3}, ov::element::f32, "v"));
    ov::Tensor init = random_f32({2, 3}, 61);
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{2, 3})};
    ASSERT_TRUE(rv->evaluate(outputs, {init}));
    EXPECT_EQ(values<float>(outputs[0]), values<float>(init));
}

TEST(ReadValueV6, WithoutInitialValueEvaluatesToZeros) {
    auto rv = std::make_shared<ov::op::v6::ReadValue>(variable({3}, ov::element::i32, "v"));
    EXPECT_EQ(rv->get_input_size(), 0u);
    EXPECT_EQ(rv->get_output_partial_shape(0), (PartialShape{3}));
    ov::Tensor out(ov::element::i32, Shape{3});
    for (size_t i = 0; i < 3; ++i)
        out.data<int32_t>()[i] = 9;
    ov::TensorVector outputs{out};
    ASSERT_TRUE(rv->evaluate(outputs, {}));
    EXPECT_EQ(values<int32_t>(outputs[0]), (std::vector<int32_t>{0, 0, 0}));
}

TEST(ReadValueV6, NullVariableIsRejected) {
    expect_error([] { ov::op::v6::ReadValue(param(ov::element::f32, {1}), nullptr); }, {"ReadValue", "null"});
}

TEST(AssignV6, IsASinkWithOneOutput) {
    auto var = variable({1, 3}, ov::element::f32, "state");
    auto rv = std::make_shared<ov::op::v6::ReadValue>(param(ov::element::f32, {1, 3}), var);
    auto assign = std::make_shared<ov::op::v6::Assign>(rv, var);
    EXPECT_TRUE(ov::is_type<ov::op::Sink>(assign));
    EXPECT_TRUE(ov::is_type<ov::op::util::AssignBase>(assign));
    ASSERT_EQ(assign->get_output_size(), 1u);
    EXPECT_EQ(assign->get_output_partial_shape(0), (PartialShape{1, 3}));
    EXPECT_EQ(assign->get_variable_id(), "state");
    EXPECT_EQ(ov::op::v6::Assign().get_output_size(), 1u);
}

TEST(AssignV6, MismatchedValueNamesOp) {
    auto var = variable({1, 3}, ov::element::f32, "state");
    auto assign = std::make_shared<ov::op::v6::Assign>(param(ov::element::f32, {1, 3}), var);
    assign->set_friendly_name("my_assign");
    assign->set_argument(0, param(ov::element::f16, {1, 3}));
    expect_error([&] { assign->validate_and_infer_types(); }, {"Assign 'my_assign'", "state", "f16"});
}

TEST(AssignV6, EvaluatePassesThrough) {
    auto assign =
        std::make_shared<ov::op::v6::Assign>(param(ov::element::f32, {4}), variable({4}, ov::element::f32, "v"));
    ov::Tensor value = random_f32({4}, 71);
    ov::TensorVector outputs;
    ASSERT_TRUE(assign->evaluate(outputs, {value}));
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(values<float>(outputs[0]), values<float>(value));
}

TEST(AssignV6, AttributesRoundTripAndRebind) {
    auto var = variable({1}, ov::element::f32, "state");
    auto assign = std::make_shared<ov::op::v6::Assign>(param(ov::element::f32, {1}), var);
    EXPECT_EQ(attributes_of(*assign), (std::map<std::string, std::string>{{"variable_id", "state"}}));
    auto copy = std::make_shared<ov::op::v6::Assign>();
    copy_attributes(*assign, *copy);
    EXPECT_EQ(copy->get_variable_id(), "state");
    copy->set_arguments({param(ov::element::f32, {1})});
    copy->set_variable(var);
    EXPECT_EQ(copy->get_variable(), var);
}

TEST(StatefulV6, ModelCollectsVariable) {
    auto var = variable({1, 1}, ov::element::f32, "state");
    auto input = param(ov::element::f32, {1, 1});
    auto rv = std::make_shared<ov::op::v6::ReadValue>(constant(ov::element::f32, {1, 1}, std::vector<float>{0.f}), var);
    auto assign = std::make_shared<ov::op::v6::Assign>(rv, var);
    auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(rv)},
                                             ov::SinkVector{assign}, ov::ParameterVector{input});
    ASSERT_EQ(model->get_variables().size(), 1u);
    EXPECT_EQ(model->get_variables()[0], var);
    EXPECT_EQ(model->get_sinks().size(), 1u);
}

TEST(StatefulV3, AssignFindsVariableOfReadValue) {
    auto rv = std::make_shared<ov::op::v3::ReadValue>(param(ov::element::f32, {2}), "v3state");
    auto assign = std::make_shared<ov::op::v3::Assign>(rv, "v3state");
    ASSERT_TRUE(rv->get_variable());
    EXPECT_EQ(assign->get_variable(), rv->get_variable());
    EXPECT_EQ(rv->get_variable()->get_info().data_shape, (PartialShape{2}));
    EXPECT_EQ(rv->get_variable()->get_info().variable_id, "v3state");
    EXPECT_EQ(assign->get_output_size(), 1u);
}

TEST(StatefulV3, AssignWithoutReadValueNamesOp) {
    auto rv = std::make_shared<ov::op::v3::ReadValue>(param(ov::element::f32, {2}), "a");
    auto assign = std::make_shared<ov::op::v3::Assign>(rv, "a");
    assign->set_friendly_name("my_assign");
    assign->set_argument(0, param(ov::element::f32, {2}));
    expect_error([&] { assign->validate_and_infer_types(); }, {"Assign 'my_assign'", "variable_id 'a'"});
}

TEST(StatefulV3, EvaluateAndAttributes) {
    auto rv = std::make_shared<ov::op::v3::ReadValue>(param(ov::element::f32, {3}), "x");
    ov::Tensor init = random_f32({3}, 81);
    ov::TensorVector outputs;
    ASSERT_TRUE(rv->evaluate(outputs, {init}));
    EXPECT_EQ(values<float>(outputs[0]), values<float>(init));
    EXPECT_EQ(attributes_of(*rv), (std::map<std::string, std::string>{{"variable_id", "x"}}));
    ov::op::v3::ReadValue copy;
    copy_attributes(*rv, copy);
    EXPECT_EQ(copy.get_variable_id(), "x");
    EXPECT_EQ(std::string(ov::op::v3::ReadValue::get_type_info_static().version_id), "opset3");
    EXPECT_EQ(std::string(ov::op::v6::Assign::get_type_info_static().version_id), "opset6");
}
