// SPDX-License-Identifier: Apache-2.0
// ov::Layout parsing and the ov::layout helpers, plus small API gaps applications hit (constexpr element
// type switch, data<const T>(), Node::get_output_tensor, the Model constructors, opset headers).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "openvino/core/layout.hpp"
#include "openvino/core/model.hpp"
#include "openvino/opsets/opset1.hpp"
#include "openvino/opsets/opset11.hpp"
#include "openvino/opsets/opset13.hpp"
#include "openvino/opsets/opset4.hpp"
#include "openvino/opsets/opset8.hpp"

using devmux_test::error_of;
using testing::HasSubstr;

TEST(Layout, ShortAndBracketedFormsAgree) {
    const ov::Layout a("NCHW"), b("[N,C,H,W]"), c("nchw");
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, c);
    EXPECT_EQ(a.to_string(), "[N,C,H,W]");
    EXPECT_EQ(ov::layout::batch_idx(a), 0);
    EXPECT_EQ(ov::layout::channels_idx(a), 1);
    EXPECT_EQ(ov::layout::height_idx(a), 2);
    EXPECT_EQ(ov::layout::width_idx(a), 3);
    EXPECT_FALSE(ov::layout::has_depth(a));
    EXPECT_NE(a, ov::Layout("NHWC"));
}

TEST(Layout, EllipsisCountsFromTheEnd) {
    const ov::Layout l("N...C");
    EXPECT_EQ(ov::layout::batch_idx(l), 0);
    EXPECT_EQ(ov::layout::channels_idx(l), -1);
    EXPECT_TRUE(l.is_dynamic_rank());
    const ov::Layout tail("...HW");
    EXPECT_EQ(ov::layout::height_idx(tail), -2);
    EXPECT_EQ(ov::layout::width_idx(tail), -1);
    EXPECT_FALSE(ov::layout::has_batch(tail));
    EXPECT_EQ(ov::Layout("[N,...,C]"), l);
}

TEST(Layout, UnnamedAndLongNames) {
    const ov::Layout l("N?HW");
    EXPECT_FALSE(ov::layout::has_channels(l));
    EXPECT_EQ(l.rank(), 4);
    const ov::Layout named("[batch,seq,?]");
    EXPECT_TRUE(named.has_name("SEQ"));
    EXPECT_EQ(named.get_index_by_name("seq"), 1);
    EXPECT_TRUE(ov::Layout().empty());
    EXPECT_TRUE(ov::Layout("").empty());
    EXPECT_FALSE(ov::Layout::scalar().empty());
}

TEST(Layout, BadLayoutsAreRefusedWithTheirText) {
    EXPECT_THAT(error_of([] { ov::Layout("NCHC"); }), HasSubstr("NCHC"));
    EXPECT_THAT(error_of([] { ov::Layout("N...C..."); }), HasSubstr("N...C..."));
    EXPECT_THAT(error_of([] { ov::Layout("[N,C"); }), HasSubstr("[N,C"));
    EXPECT_THAT(error_of([] { ov::layout::channels_idx(ov::Layout("NHW")); }), HasSubstr("'C'"));
}

TEST(Layout, SetOnModelInputsAndOutputs) {
    auto p = devmux_test::param(ov::element::f32, {1, 3, 4, 5});
    auto relu = std::make_shared<ov::opset8::Relu>(p);
    auto model = std::make_shared<ov::Model>(relu, ov::ParameterVector{p}, "m");
    EXPECT_TRUE(ov::layout::get_layout(model->input()).empty());
    ov::layout::set_layout(model->input(), "NCHW");
    EXPECT_EQ(ov::layout::get_layout(model->input()), ov::Layout("NCHW"));
    EXPECT_EQ(p->get_layout(), ov::Layout("NCHW"));
    ov::layout::set_layout(model->output(), "NCHW");
    EXPECT_EQ(model->get_results()[0]->get_layout(), ov::Layout("NCHW"));
    EXPECT_THAT(error_of([&] { ov::layout::set_layout(relu->output(0), "NCHW"); }), HasSubstr("Relu"));
}

namespace {
// Needs operator Type_t() to be constexpr.
const char* kind_of(ov::element::Type type) {
    switch (type) {
    case ov::element::f32: return "f32";
    case ov::element::u8: return "u8";
    case ov::element::i64: return "i64";
    default: return "other";
    }
}
}  // namespace

TEST(ApiGaps, SwitchOnElementTypes) {
    EXPECT_STREQ(kind_of(ov::element::f32), "f32");
    EXPECT_STREQ(kind_of(ov::element::u8), "u8");
    EXPECT_STREQ(kind_of(ov::element::i64), "i64");
    EXPECT_STREQ(kind_of(ov::element::f16), "other");
}

TEST(ApiGaps, ConstDataAccess) {
    ov::Tensor t(ov::element::f32, {3});
    t.data<float>()[2] = 2.5f;
    const float* p = t.data<const float>();
    EXPECT_EQ(p[2], 2.5f);
    EXPECT_THROW(t.data<const int32_t>(), ov::Exception);
    // Integers of one width are views of the same bytes, as in OpenVINO.
    ov::Tensor i(ov::element::i32, {2});
    i.data<int32_t>()[0] = -1;
    EXPECT_EQ(i.data<const uint32_t>()[0], 0xffffffffu);
    EXPECT_THROW(i.data<int64_t>(), ov::Exception);
}

TEST(ApiGaps, NodeTensorsAndNames) {
    auto p = devmux_test::param(ov::element::f32, {2, 3});
    auto relu = std::make_shared<ov::opset1::Relu>(p);
    relu->get_output_tensor(0).set_names({"out"});
    relu->get_output_tensor(0).add_names({"alias"});
    EXPECT_EQ(relu->output(0).get_names().size(), 2u);
    EXPECT_EQ(relu->get_input_tensor(0).get_partial_shape(), ov::PartialShape({2, 3}));
    auto model = std::make_shared<ov::Model>(relu, ov::ParameterVector{p}, "single_node");
    EXPECT_EQ(model->get_friendly_name(), "single_node");
    EXPECT_NO_THROW(model->output("alias"));
}

TEST(ApiGaps, OpsetsNameTheVersionsOfTheirOpset) {
    EXPECT_EQ(ov::opset1::Softmax::get_type_info_static().version_id, std::string("opset1"));
    EXPECT_EQ(ov::opset8::Softmax::get_type_info_static().version_id, std::string("opset8"));
    EXPECT_EQ(ov::opset13::Gather::get_type_info_static().version_id, std::string("opset8"));
    EXPECT_EQ(ov::opset4::Interpolate::get_type_info_static().version_id, std::string("opset4"));
    EXPECT_EQ(ov::opset11::Interpolate::get_type_info_static().version_id, std::string("opset11"));
    EXPECT_EQ(ov::opset4::ShapeOf::get_type_info_static().version_id, std::string("opset3"));
}
