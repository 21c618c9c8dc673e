// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <type_traits>

#include "openvino/opsets/opset1.hpp"
#include "openvino/opsets/opset8.hpp"

// The opset namespaces name the version of each op that the opset contains.
static_assert(std::is_same<ov::opset1::Gather, ov::op::v1::Gather>::value, "opset1 Gather is v1");
static_assert(std::is_same<ov::opset8::Gather, ov::op::v8::Gather>::value, "opset8 Gather is v8");
static_assert(std::is_same<ov::opset1::ShapeOf, ov::op::v0::ShapeOf>::value, "opset1 ShapeOf is v0");
static_assert(std::is_same<ov::opset8::ShapeOf, ov::op::v3::ShapeOf>::value, "opset8 ShapeOf is v3");
static_assert(std::is_same<ov::opset8::ReadValue, ov::op::v6::ReadValue>::value, "opset8 ReadValue is v6");
static_assert(std::is_same<ov::opset8::Assign, ov::op::v6::Assign>::value, "opset8 Assign is v6");
static_assert(std::is_same<ov::opset1::MaxPool, ov::op::v1::MaxPool>::value, "opset1 MaxPool is v1");
static_assert(std::is_same<ov::opset8::MaxPool, ov::op::v8::MaxPool>::value, "opset8 MaxPool is v8");
static_assert(std::is_same<ov::opset1::Softmax, ov::op::v1::Softmax>::value, "opset1 Softmax is v1");
static_assert(std::is_same<ov::opset8::Softmax, ov::op::v8::Softmax>::value, "opset8 Softmax is v8");
static_assert(std::is_same<ov::opset8::Add, ov::op::v1::Add>::value, "opset8 Add is v1");
static_assert(std::is_same<ov::opset8::Concat, ov::op::v0::Concat>::value, "opset8 Concat is v0");

TEST(Opsets, TypeInfoMatchesOpsetWhereIntroduced) {
    // Each alias resolves to a class whose type info says which opset introduced it.
    EXPECT_EQ(std::string(ov::opset8::Gather::get_type_info_static().version_id), "opset8");
    EXPECT_EQ(std::string(ov::opset8::ShapeOf::get_type_info_static().version_id), "opset3");
    EXPECT_EQ(std::string(ov::opset8::ReadValue::get_type_info_static().version_id), "opset6");
    EXPECT_EQ(std::string(ov::opset1::Reshape::get_type_info_static().version_id), "opset1");
}

TEST(Opsets, OpsBuildThroughOpsetNames) {
    auto data = std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::PartialShape{2, 3});
    auto axes = ov::opset8::Constant::create(ov::element::i64, ov::Shape{1}, {0});
    auto unsqueeze = std::make_shared<ov::opset8::Unsqueeze>(data, axes);
    auto transpose = std::make_shared<ov::opset1::Transpose>(
        unsqueeze, ov::opset1::Constant::create(ov::element::i64, ov::Shape{3}, {2, 0, 1}));
    EXPECT_EQ(transpose->get_output_partial_shape(0), (ov::PartialShape{3, 1, 2}));
}
