// SPDX-License-Identifier: Apache-2.0
// DetectionOutput v0 and v8 on a small SSD case worked out by hand: three priors, a background class and
// two object classes; one box suppressed by NMS, one below the confidence threshold.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset1.hpp"
#include "openvino/opsets/opset8.hpp"

using devmux_test::error_of;
using testing::HasSubstr;

namespace {

ov::Tensor f32(const ov::Shape& shape, const std::vector<float>& v) {
    ov::Tensor t(ov::element::f32, shape);
    std::copy(v.begin(), v.end(), t.data<float>());
    return t;
}

// Inputs for one image: priors (normalized, with a variance row), zero offsets except prior 2 moved right.
ov::TensorVector inputs() {
    const std::vector<float> loc = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    const std::vector<float> conf = {0.1f, 0.8f, 0.1f, 0.2f, 0.7f, 0.1f, 0.3f, 0.2f, 0.5f};
    const std::vector<float> priors = {0.1f, 0.1f, 0.3f, 0.3f, 0.12f, 0.12f, 0.32f, 0.32f, 0.6f, 0.6f, 0.9f, 0.9f,
                                       0.1f, 0.1f, 0.2f, 0.2f, 0.1f,  0.1f,  0.2f,  0.2f,  0.1f, 0.1f, 0.2f, 0.2f};
    return {f32({1, 12}, loc), f32({1, 9}, conf), f32({1, 2, 12}, priors)};
}

template <typename Attrs>
Attrs ssd_attrs(int keep_top_k) {
    Attrs a;
    a.background_label_id = 0;
    a.top_k = -1;
    a.keep_top_k = {keep_top_k};
    a.code_type = "caffe.PriorBoxParameter.CENTER_SIZE";
    a.share_location = true;
    a.nms_threshold = 0.5f;
    a.confidence_threshold = 0.15f;
    a.normalized = true;
    return a;
}

template <typename Op>
std::vector<float> run(const typename Op::Attributes& attrs, ov::Shape* shape = nullptr) {
    auto loc = devmux_test::param(ov::element::f32, {1, 12});
    auto conf = devmux_test::param(ov::element::f32, {1, 9});
    auto priors = devmux_test::param(ov::element::f32, {1, 2, 12});
    auto op = std::make_shared<Op>(loc, conf, priors, attrs);
    if (shape)
        *shape = op->get_output_partial_shape(0).to_shape();
    ov::TensorVector outputs(1);
    EXPECT_TRUE(op->evaluate(outputs, inputs()));
    return devmux_test::values<float>(outputs[0]);
}

void expect_row(const std::vector<float>& out, size_t row, const std::vector<float>& want) {
    for (size_t i = 0; i < 7; ++i)
        EXPECT_NEAR(out[row * 7 + i], want[i], 1e-5f) << "row " << row << " field " << i;
}

}  // namespace

TEST(DetectionOutput, V0DecodesSuppressesAndMarksTheEnd) {
    auto attrs = ssd_attrs<ov::opset1::DetectionOutput::Attributes>(10);
    attrs.num_classes = 3;
    ov::Shape shape;
    const auto out = run<ov::opset1::DetectionOutput>(attrs, &shape);
    EXPECT_EQ(shape, ov::Shape({1, 1, 10, 7}));
    // Class 1: prior 0 (0.8) kept, prior 1 (0.7) overlaps it with IoU 0.0324/0.0476 = 0.68 > 0.5 and goes,
    // prior 2 (0.2) kept. Class 2: prior 2 (0.5). Prior 2 moves right by 0.1 * 1 * width 0.3.
    expect_row(out, 0, {0, 1, 0.8f, 0.1f, 0.1f, 0.3f, 0.3f});
    expect_row(out, 1, {0, 1, 0.2f, 0.63f, 0.6f, 0.93f, 0.9f});
    expect_row(out, 2, {0, 2, 0.5f, 0.63f, 0.6f, 0.93f, 0.9f});
    EXPECT_EQ(out[3 * 7], -1.0f);
}

TEST(DetectionOutput, V8InfersClassesAndKeepTopKKeepsTheBest) {
    const auto attrs = ssd_attrs<ov::opset8::DetectionOutput::Attributes>(2);
    ov::Shape shape;
    const auto out = run<ov::opset8::DetectionOutput>(attrs, &shape);
    EXPECT_EQ(shape, ov::Shape({1, 1, 2, 7}));
    expect_row(out, 0, {0, 1, 0.8f, 0.1f, 0.1f, 0.3f, 0.3f});
    expect_row(out, 1, {0, 2, 0.5f, 0.63f, 0.6f, 0.93f, 0.9f});
}

TEST(DetectionOutput, CornerCodingAddsScaledOffsets) {
    auto attrs = ssd_attrs<ov::opset8::DetectionOutput::Attributes>(10);
    attrs.code_type = "caffe.PriorBoxParameter.CORNER";
    attrs.nms_threshold = 0.9f;  // keep both overlapping boxes
    const auto out = run<ov::opset8::DetectionOutput>(attrs);
    expect_row(out, 0, {0, 1, 0.8f, 0.1f, 0.1f, 0.3f, 0.3f});
    expect_row(out, 1, {0, 1, 0.7f, 0.12f, 0.12f, 0.32f, 0.32f});
    expect_row(out, 2, {0, 1, 0.2f, 0.7f, 0.6f, 0.9f, 0.9f});  // xmin + 0.1 * 1
    expect_row(out, 3, {0, 2, 0.5f, 0.7f, 0.6f, 0.9f, 0.9f});
}

TEST(DetectionOutput, RunsOnCpuAndRefusesBadAttributes) {
    const auto attrs = ssd_attrs<ov::opset8::DetectionOutput::Attributes>(10);
    auto loc = devmux_test::param(ov::element::f32, {1, 12});
    auto conf = devmux_test::param(ov::element::f32, {1, 9});
    auto priors = devmux_test::param(ov::element::f32, {1, 2, 12});
    auto op = std::make_shared<ov::opset8::DetectionOutput>(loc, conf, priors, attrs);
    auto model = std::make_shared<ov::Model>(op, ov::ParameterVector{loc, conf, priors}, "ssd_tail");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    const auto in = inputs();
    for (size_t i = 0; i < 3; ++i)
        request.set_input_tensor(i, in[i]);
    request.infer();
    const auto out = devmux_test::values<float>(request.get_output_tensor());
    expect_row(out, 0, {0, 1, 0.8f, 0.1f, 0.1f, 0.3f, 0.3f});
    expect_row(out, 2, {0, 2, 0.5f, 0.63f, 0.6f, 0.93f, 0.9f});

    auto bad = attrs;
    bad.code_type = "caffe.PriorBoxParameter.SOMETHING";
    EXPECT_THAT(error_of([&] { std::make_shared<ov::opset8::DetectionOutput>(loc, conf, priors, bad); }),
                HasSubstr("SOMETHING"));
}

// keep_top_k alone fixes the number of output rows, as in OpenVINO: a model whose priors are computed at
// run time still has a static output shape, which applications (hello_reshape_ssd) read before inference.
TEST(DetectionOutput, KeepTopKFixesTheRowsWhilePriorsAreUnknown) {
    auto loc = devmux_test::param(ov::element::f32, {2, ov::Dimension::dynamic()});
    auto conf = devmux_test::param(ov::element::f32, {2, ov::Dimension::dynamic()});
    auto priors = devmux_test::param(ov::element::f32, {1, 2, ov::Dimension::dynamic()});
    auto keep = std::make_shared<ov::opset8::DetectionOutput>(loc, conf, priors,
                                                              ssd_attrs<ov::opset8::DetectionOutput::Attributes>(5));
    EXPECT_EQ(keep->get_output_partial_shape(0), ov::PartialShape({1, 1, 10, 7}));
    // With keep_top_k = -1 the rows depend on the number of priors, which is not known yet.
    auto all = std::make_shared<ov::opset8::DetectionOutput>(loc, conf, priors,
                                                             ssd_attrs<ov::opset8::DetectionOutput::Attributes>(-1));
    EXPECT_TRUE(all->get_output_partial_shape(0)[2].is_dynamic());
}
