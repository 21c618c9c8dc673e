// SPDX-License-Identifier: Apache-2.0
// PriorBox (v0, v8) and PriorBoxClustered on small feature maps whose boxes are worked out by hand, and
// their folding into Constants when the sizes are constant.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "common/test_utils.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset1.hpp"
#include "openvino/opsets/opset8.hpp"

using devmux_test::error_of;
using testing::HasSubstr;

namespace {

std::shared_ptr<ov::opset8::Constant> hw(int64_t h, int64_t w) {
    return std::make_shared<ov::opset8::Constant>(ov::element::i64, ov::Shape{2}, std::vector<int64_t>{h, w});
}

std::vector<float> evaluate(const std::shared_ptr<ov::Node>& op, int64_t layer_h, int64_t layer_w, int64_t img_h,
                            int64_t img_w) {
    ov::Tensor layer(ov::element::i64, {2}), image(ov::element::i64, {2});
    layer.data<int64_t>()[0] = layer_h;
    layer.data<int64_t>()[1] = layer_w;
    image.data<int64_t>()[0] = img_h;
    image.data<int64_t>()[1] = img_w;
    ov::TensorVector outputs(1);
    EXPECT_TRUE(op->evaluate(outputs, {layer, image}));
    return devmux_test::values<float>(outputs[0]);
}

void expect_box(const std::vector<float>& out, size_t box, const std::vector<float>& want) {
    for (size_t j = 0; j < 4; ++j)
        EXPECT_NEAR(out[box * 4 + j], want[j], 1e-5f) << "box " << box << " coordinate " << j;
}

}  // namespace

TEST(PriorBoxClustered, BoxesAroundCellCentresWithVariances) {
    ov::opset1::PriorBoxClustered::Attributes a;
    a.widths = {2.0f, 4.0f};
    a.heights = {2.0f, 2.0f};
    a.clip = false;
    a.offset = 0.5f;
    a.variances = {0.1f, 0.1f, 0.2f, 0.2f};
    auto op = std::make_shared<ov::opset1::PriorBoxClustered>(hw(2, 2), hw(8, 8), a);
    EXPECT_EQ(op->get_output_partial_shape(0), ov::PartialShape({2, 32}));
    const auto out = evaluate(op, 2, 2, 8, 8);
    // Step 8 / 2 = 4, so cell (0, 0) is centred at (2, 2) and cell (0, 1) at (6, 2).
    expect_box(out, 0, {0.125f, 0.125f, 0.375f, 0.375f});
    expect_box(out, 1, {0.0f, 0.125f, 0.5f, 0.375f});
    expect_box(out, 2, {0.625f, 0.125f, 0.875f, 0.375f});
    for (size_t j = 0; j < 32; ++j)
        EXPECT_FLOAT_EQ(out[32 + j], j % 4 < 2 ? 0.1f : 0.2f);
}

TEST(PriorBox, MinMaxAndAspectRatioBoxesInBothOrders) {
    ov::opset8::PriorBox::Attributes a;
    a.min_size = {2.0f};
    a.max_size = {8.0f};
    a.aspect_ratio = {2.0f};
    a.flip = true;
    a.clip = true;
    a.offset = 0.5f;
    EXPECT_EQ(ov::opset8::PriorBox::number_of_priors(a), 4);
    const float r = std::sqrt(2.0f);
    const std::vector<float> min_box{0.4f, 0.4f, 0.6f, 0.6f}, max_box{0.3f, 0.3f, 0.7f, 0.7f};
    const std::vector<float> wide{0.5f - 0.1f * r, 0.5f - 0.05f * r, 0.5f + 0.1f * r, 0.5f + 0.05f * r};
    const std::vector<float> tall{0.5f - 0.05f * r, 0.5f - 0.1f * r, 0.5f + 0.05f * r, 0.5f + 0.1f * r};

    auto v8 = std::make_shared<ov::opset8::PriorBox>(hw(1, 1), hw(10, 10), a);
    EXPECT_EQ(v8->get_output_partial_shape(0), ov::PartialShape({2, 16}));
    auto out = evaluate(v8, 1, 1, 10, 10);
    expect_box(out, 0, min_box);
    expect_box(out, 1, max_box);
    expect_box(out, 2, wide);
    expect_box(out, 3, tall);
    EXPECT_FLOAT_EQ(out[16], 0.1f);

    a.min_max_aspect_ratios_order = false;
    out = evaluate(std::make_shared<ov::opset8::PriorBox>(hw(1, 1), hw(10, 10), a), 1, 1, 10, 10);
    expect_box(out, 1, wide);
    expect_box(out, 3, max_box);

    ov::opset1::PriorBox::Attributes v0 = a;
    out = evaluate(std::make_shared<ov::opset1::PriorBox>(hw(1, 1), hw(10, 10), v0), 1, 1, 10, 10);
    expect_box(out, 1, max_box);

    v0.density = {1.0f};
    EXPECT_THAT(error_of([&] { std::make_shared<ov::opset1::PriorBox>(hw(1, 1), hw(10, 10), v0); }),
                HasSubstr("density"));
}

TEST(PriorBoxClustered, FoldsToAConstantAndRunsOnCpu) {
    ov::opset1::PriorBoxClustered::Attributes a;
    a.widths = {3.0f};
    a.heights = {5.0f};
    a.offset = 0.5f;
    auto priors = std::make_shared<ov::opset1::PriorBoxClustered>(hw(3, 4), hw(30, 40), a);
    ov::OutputVector folded;
    ASSERT_TRUE(priors->constant_fold(folded, priors->input_values()));
    auto constant = ov::as_type_ptr<ov::opset8::Constant>(folded.at(0).get_node_shared_ptr());
    ASSERT_TRUE(constant);
    EXPECT_EQ(constant->get_shape(), ov::Shape({2, 48}));
    // A model input joins the folded priors, so the model still computes something at run time.
    auto p = devmux_test::param(ov::element::f32, {2, 48});
    auto sum = std::make_shared<ov::opset8::Add>(p, priors);
    auto model = std::make_shared<ov::Model>(sum, ov::ParameterVector{p}, "priors");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    const auto input = devmux_test::random_f32({2, 48}, 3, -1.0f, 1.0f);
    request.set_input_tensor(input);
    request.infer();
    const auto got = devmux_test::values<float>(request.get_output_tensor());
    const auto want = evaluate(priors, 3, 4, 30, 40);
    const auto in = devmux_test::values<float>(input);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], in[i] + want[i], 1e-6f) << i;
}

// Converted SSD models feed PriorBox the sizes of a feature map and of the image through ShapeOf and
// StridedSlice, so that reshaping the input moves the priors with it. Those values are known once the
// shapes are static: the priors get a static shape, follow Model::reshape, and run on CPU.
TEST(PriorBox, SizesThroughShapeOfFollowTheModelsReshape) {
    auto image = devmux_test::param(ov::element::f32, {1, 3, 64, 96});
    auto cells = std::make_shared<ov::opset8::AvgPool>(image, ov::Strides{16, 16}, ov::Shape{0, 0}, ov::Shape{0, 0},
                                                       ov::Shape{16, 16}, true, ov::op::RoundingType::FLOOR);
    auto height_width = [](const ov::Output<ov::Node>& of) {
        auto shape = std::make_shared<ov::opset8::ShapeOf>(of);
        auto index = [](int64_t v) { return ov::opset8::Constant::create(ov::element::i64, {1}, {v}); };
        return std::make_shared<ov::opset8::StridedSlice>(shape, index(2), index(4), index(1), std::vector<int64_t>{0},
                                                          std::vector<int64_t>{0});
    };
    ov::opset8::PriorBox::Attributes a;
    a.min_size = {16.0f};
    a.step = 16.0f;
    a.offset = 0.5f;
    a.clip = true;
    a.variance = {0.1f, 0.1f, 0.2f, 0.2f};
    auto priors = std::make_shared<ov::opset8::PriorBox>(height_width(cells), height_width(image), a);
    EXPECT_EQ(priors->get_output_partial_shape(0), ov::PartialShape({2, 4 * 4 * 6}));
    // The input keeps the model computing at run time; the priors themselves come out unchanged.
    auto zero = std::make_shared<ov::opset8::ReduceMean>(
        std::make_shared<ov::opset8::Multiply>(image, ov::opset8::Constant::create(ov::element::f32, {}, {0.0f})),
        ov::opset8::Constant::create(ov::element::i64, {4}, {0, 1, 2, 3}));
    auto model =
        std::make_shared<ov::Model>(std::make_shared<ov::opset8::Add>(priors, zero), ov::ParameterVector{image});

    model->reshape(ov::PartialShape{1, 3, 128, 80});
    ASSERT_EQ(model->output().get_partial_shape(), ov::PartialShape({2, 4 * 8 * 5}));
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(devmux_test::random_f32({1, 3, 128, 80}, 5, -1.0f, 1.0f));
    request.infer();
    const auto got = devmux_test::values<float>(request.get_output_tensor());
    // Reference: the op's own evaluate() on the sizes written out by hand.
    auto reference = std::make_shared<ov::opset8::PriorBox>(hw(8, 5), hw(128, 80), a);
    const auto want = evaluate(reference, 8, 5, 128, 80);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], want[i], 1e-6f) << i;
    // Cell (row 7, column 4) of the 16-pixel grid, normalised by the 80 x 128 image.
    expect_box(got, 7 * 5 + 4, {64.0f / 80, 112.0f / 128, 80.0f / 80, 128.0f / 128});
}

// A value that depends on a model input stays unknown: the shape stays dynamic rather than guessed.
TEST(PriorBox, SizesFromARuntimeValueStayDynamic) {
    auto sizes = devmux_test::param(ov::element::i64, {2});
    ov::opset8::PriorBox::Attributes a;
    a.min_size = {16.0f};
    auto priors = std::make_shared<ov::opset8::PriorBox>(sizes, hw(64, 64), a);
    EXPECT_TRUE(priors->get_output_partial_shape(0)[1].is_dynamic());
}

// The same chain read from IR text, as converted SSD models carry it: the reader's shape inference gives
// the priors a static shape, and Model::reshape moves them.
TEST(PriorBox, IrModelWithSizesThroughShapeOfReshapes) {
    const std::string xml = R"(<?xml version="1.0"?>
<net name="priors" version="11"><layers>
<layer id="0" name="image" type="Parameter" version="opset1"><data element_type="f32" shape="1,3,4,6"/>
 <output><port id="0" precision="FP32" names="image"><dim>1</dim><dim>3</dim><dim>4</dim><dim>6</dim></port>
 </output></layer>
<layer id="1" name="shape" type="ShapeOf" version="opset3"><data output_type="i64"/>
 <input><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>4</dim><dim>6</dim></port></input>
 <output><port id="1" precision="I64"><dim>4</dim></port></output></layer>
<layer id="2" name="begin" type="Const" version="opset1"><data element_type="i64" shape="1" offset="0" size="8"/>
 <output><port id="0" precision="I64"><dim>1</dim></port></output></layer>
<layer id="3" name="end" type="Const" version="opset1"><data element_type="i64" shape="1" offset="8" size="8"/>
 <output><port id="0" precision="I64"><dim>1</dim></port></output></layer>
<layer id="4" name="stride" type="Const" version="opset1"><data element_type="i64" shape="1" offset="16" size="8"/>
 <output><port id="0" precision="I64"><dim>1</dim></port></output></layer>
<layer id="5" name="hw" type="StridedSlice" version="opset1">
 <data begin_mask="0" end_mask="0" new_axis_mask="" shrink_axis_mask="" ellipsis_mask=""/>
 <input><port id="0" precision="I64"><dim>4</dim></port><port id="1" precision="I64"><dim>1</dim></port>
  <port id="2" precision="I64"><dim>1</dim></port><port id="3" precision="I64"><dim>1</dim></port></input>
 <output><port id="4" precision="I64"><dim>2</dim></port></output></layer>
<layer id="6" name="priors" type="PriorBox" version="opset1">
 <data min_size="2" max_size="" aspect_ratio="" density="" fixed_ratio="" fixed_size="" flip="false" clip="false"
  step="1" offset="0.5" variance="0.1" scale_all_sizes="true"/>
 <input><port id="0" precision="I64"><dim>2</dim></port><port id="1" precision="I64"><dim>2</dim></port></input>
 <output><port id="2" precision="FP32" names="priors"><dim>2</dim><dim>96</dim></port></output></layer>
<layer id="7" name="out" type="Result" version="opset1">
 <input><port id="0" precision="FP32"><dim>2</dim><dim>96</dim></port></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
<edge from-layer="1" from-port="1" to-layer="5" to-port="0"/>
<edge from-layer="2" from-port="0" to-layer="5" to-port="1"/>
<edge from-layer="3" from-port="0" to-layer="5" to-port="2"/>
<edge from-layer="4" from-port="0" to-layer="5" to-port="3"/>
<edge from-layer="5" from-port="4" to-layer="6" to-port="0"/>
<edge from-layer="5" from-port="4" to-layer="6" to-port="1"/>
<edge from-layer="6" from-port="2" to-layer="7" to-port="0"/>
</edges></net>)";
    ov::Tensor weights(ov::element::u8, {24});
    const int64_t slice[3] = {2, 4, 1};
    std::memcpy(weights.data(), slice, sizeof(slice));
    ov::Core core;
    auto model = core.read_model(xml, weights);
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({2, 4 * 4 * 6}));

    model->reshape({{"image", ov::PartialShape{1, 3, 8, 4}}});
    ASSERT_EQ(model->output().get_partial_shape(), ov::PartialShape({2, 4 * 8 * 4}));
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(devmux_test::random_f32({1, 3, 8, 4}, 9, -1.0f, 1.0f));
    request.infer();
    const auto got = devmux_test::values<float>(request.get_output_tensor());
    ov::opset1::PriorBox::Attributes a;
    a.min_size = {2.0f};
    a.step = 1.0f;
    a.offset = 0.5f;
    a.variance = {0.1f};
    const auto want = evaluate(std::make_shared<ov::opset1::PriorBox>(hw(8, 4), hw(8, 4), a), 8, 4, 8, 4);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], want[i], 1e-6f) << i;
    // Pixel (row 2, column 3) of the 4-wide image: a 2-pixel box around its centre (3.5, 2.5).
    expect_box(got, 2 * 4 + 3, {2.5f / 4, 1.5f / 8, 4.5f / 4, 3.5f / 8});
}
