// SPDX-License-Identifier: Apache-2.0
// Convolution-1 and GroupConvolution-1: shape inference (paddings, dilations, auto_pad), errors, attributes,
// and evaluate() against a direct convolution written here from the definition.
#include <gtest/gtest.h>

#include <random>

#include "nn_test_util.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "ops/op_registry.hpp"

using namespace nntest;
using ov::CoordinateDiff;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;

namespace {

struct ConvParams {
    std::vector<size_t> strides, dilations;
    std::vector<int64_t> pads_begin, pads_end;  // the paddings in effect
};

// out[n, g*CO + oc, o...] = sum over ic, k... of x[n, g*CI + ic, o*s - pb + k*d] * w[g, oc, ic, k...], where
// positions outside the input contribute zero. Plain convolution: one group, filters [CO, CI, k...].
std::vector<double> naive_conv(const std::vector<double>& x, const std::vector<size_t>& xs,
                               const std::vector<double>& w, const std::vector<size_t>& ws, bool grouped,
                               const ConvParams& p, std::vector<size_t>& out_shape) {
    const size_t ns = xs.size() - 2;
    const size_t lead = grouped ? 3 : 2;
    const size_t groups = grouped ? ws[0] : 1;
    const size_t co = grouped ? ws[1] : ws[0];
    const size_t ci = grouped ? ws[2] : ws[1];
    const std::vector<size_t> kernel(ws.begin() + lead, ws.end());
    out_shape = {xs[0], groups * co};
    for (size_t i = 0; i < ns; ++i) {
        const int64_t padded = int64_t(xs[2 + i]) + p.pads_begin[i] + p.pads_end[i];
        const int64_t dk = int64_t((kernel[i] - 1) * p.dilations[i] + 1);
        out_shape.push_back(size_t((padded - dk) / int64_t(p.strides[i]) + 1));
    }
    std::vector<double> out(volume(out_shape), 0.0);
    for (size_t o = 0; o < out.size(); ++o) {
        const auto oc_full = unravel(o, out_shape);
        const size_t n = oc_full[0], g = oc_full[1] / co, oc = oc_full[1] % co;
        double acc = 0;
        for (size_t ic = 0; ic < ci; ++ic) {
            for (size_t k = 0; k < volume(kernel); ++k) {
                const auto kc = unravel(k, kernel);
                std::vector<size_t> xc{n, g * ci + ic};
                bool inside = true;
                for (size_t i = 0; i < ns; ++i) {
                    const int64_t pos = int64_t(oc_full[2 + i] * p.strides[i]) - p.pads_begin[i] +
                                        int64_t(kc[i] * p.dilations[i]);
                    inside = inside && pos >= 0 && pos < int64_t(xs[2 + i]);
                    xc.push_back(size_t(pos));
                }
                if (!inside)
                    continue;
                std::vector<size_t> wc;
                if (grouped)
                    wc = {g, oc, ic};
                else
                    wc = {oc, ic};
                wc.insert(wc.end(), kc.begin(), kc.end());
                acc += x[ravel(xc, xs)] * w[ravel(wc, ws)];
            }
        }
        out[o] = acc;
    }
    return out;
}

std::shared_ptr<ov::Node> make_conv(bool grouped, const PartialShape& data, const PartialShape& filters,
                                    const Strides& strides, const CoordinateDiff& pb, const CoordinateDiff& pe,
                                    const Strides& dilations, PadType pad = PadType::EXPLICIT,
                                    ov::element::Type type = ov::element::f32) {
    auto x = param(type, data);
    auto w = param(type, filters);
    if (grouped)
        return std::make_shared<ov::op::v1::GroupConvolution>(x, w, strides, pb, pe, dilations, pad);
    return std::make_shared<ov::op::v1::Convolution>(x, w, strides, pb, pe, dilations, pad);
}

// Runs evaluate() on seeded random data and compares with naive_conv.
void check_against_naive(bool grouped, const std::vector<size_t>& xs, const std::vector<size_t>& ws,
                         const Strides& strides, const CoordinateDiff& pb, const CoordinateDiff& pe,
                         const Strides& dilations, PadType pad, const ConvParams& effective, unsigned seed,
                         ov::element::Type type = ov::element::f32) {
    std::mt19937 rng(seed);
    const auto x = as_stored(type, Shape(xs), random_values(volume(xs), rng));
    const auto w = as_stored(type, Shape(ws), random_values(volume(ws), rng));
    auto op = make_conv(grouped, Shape(xs), Shape(ws), strides, pb, pe, dilations, pad, type);
    std::vector<size_t> expected_shape;
    const auto expected = naive_conv(x, xs, w, ws, grouped, effective, expected_shape);
    ASSERT_EQ(op->get_output_shape(0), Shape(expected_shape));

    ov::TensorVector outputs{ov::Tensor(type, op->get_output_shape(0))};
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(type, Shape(xs), x), make_tensor(type, Shape(ws), w)}));
    ASSERT_EQ(outputs[0].get_shape(), Shape(expected_shape));
    // f32: float accumulation over at most a few hundred products of values in [-1, 1].
    // f16: the output is rounded to half precision (relative step 2^-11).
    if (type == ov::element::f16)
        expect_close(read_tensor(outputs[0]), expected, 2e-3, 2e-3);
    else
        expect_close(read_tensor(outputs[0]), expected, 1e-5, 1e-5);
}

}  // namespace

TEST(Convolution, TypeInfo) {
    const auto& info = ov::op::v1::Convolution::get_type_info_static();
    EXPECT_STREQ(info.name, "Convolution");
    EXPECT_STREQ(info.version_id, "opset1");
    auto op = make_conv(false, Shape{1, 3, 8, 8}, Shape{4, 3, 3, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    EXPECT_TRUE(ov::is_type<ov::op::util::ConvolutionFwdPropBase>(op));
    EXPECT_TRUE(ov::is_type<ov::op::util::ConvolutionBase>(op));
}

TEST(Convolution, ShapeWithStridesAndPads) {
    auto op = make_conv(false, Shape{2, 3, 10, 11}, Shape{8, 3, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1});
    // (10 + 2 - 3) / 2 + 1 = 5 (floor of 4.5 + 1), (11 + 2 - 3) / 2 + 1 = 6
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 8, 5, 6}));
    EXPECT_EQ(op->get_output_element_type(0), ov::element::f32);
}

TEST(Convolution, ShapeWithDilations) {
    auto op = make_conv(false, Shape{1, 2, 9, 9}, Shape{3, 2, 3, 2}, {1, 1}, {0, 0}, {0, 0}, {2, 3});
    // dilated kernel 5 x 4: 9 - 5 + 1 = 5, 9 - 4 + 1 = 6
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 3, 5, 6}));
}

TEST(Convolution, ShapeAsymmetricAndNegativePads) {
    auto op = make_conv(false, Shape{1, 1, 8, 8}, Shape{1, 1, 3, 3}, {1, 1}, {2, -1}, {0, 1}, {1, 1});
    // 8 + 2 + 0 - 3 + 1 = 8, 8 - 1 + 1 - 3 + 1 = 6
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 8, 6}));
}

TEST(Convolution, SameUpperPutsOddPaddingAtEnd) {
    auto op = make_conv(false, Shape{1, 1, 5, 6}, Shape{1, 1, 3, 3}, {2, 2}, {}, {}, {1, 1}, PadType::SAME_UPPER);
    // out = ceil(in / stride) = 3, 3; total pads (3-1)*2 + 3 - 5 = 2 and (3-1)*2 + 3 - 6 = 1
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({1, 0}));
    EXPECT_EQ(conv->get_pads_end(), CoordinateDiff({1, 1}));
}

TEST(Convolution, SameLowerPutsOddPaddingAtBeginning) {
    auto op = make_conv(false, Shape{1, 1, 5, 6}, Shape{1, 1, 3, 3}, {2, 2}, {}, {}, {1, 1}, PadType::SAME_LOWER);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({1, 1}));
    EXPECT_EQ(conv->get_pads_end(), CoordinateDiff({1, 0}));
}

TEST(Convolution, SameUpperWithDilationKeepsCeilSize) {
    auto op = make_conv(false, Shape{1, 1, 7, 7}, Shape{1, 1, 3, 3}, {1, 1}, {}, {}, {2, 2}, PadType::SAME_UPPER);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 7, 7}));
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({2, 2}));
    EXPECT_EQ(conv->get_pads_end(), CoordinateDiff({2, 2}));
}

TEST(Convolution, ValidIgnoresGivenPads) {
    auto op = make_conv(false, Shape{1, 1, 7, 7}, Shape{1, 1, 3, 3}, {2, 2}, {3, 3}, {3, 3}, {1, 1}, PadType::VALID);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 3, 3}));
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({0, 0}));
    EXPECT_EQ(conv->get_pads_end(), CoordinateDiff({0, 0}));
}

TEST(Convolution, Shape1DAnd3D) {
    auto op1 = make_conv(false, Shape{1, 2, 10}, Shape{4, 2, 3}, {3}, {1}, {0}, {1});
    EXPECT_EQ(op1->get_output_partial_shape(0), PartialShape({1, 4, 3}));  // (10 + 1 - 3) / 3 + 1
    auto op3 = make_conv(false, Shape{1, 2, 4, 5, 6}, Shape{4, 2, 2, 2, 2}, {1, 1, 2}, {0, 0, 0}, {0, 0, 0},
                         {1, 1, 1});
    EXPECT_EQ(op3->get_output_partial_shape(0), PartialShape({1, 4, 3, 4, 3}));
}

TEST(Convolution, DefaultedAttributesAreFilledIn) {
    auto op = make_conv(false, Shape{1, 1, 5, 5}, Shape{2, 1, 3, 3}, {}, {}, {}, {});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 2, 3, 3}));
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    EXPECT_EQ(conv->get_strides(), Strides({1, 1}));
    EXPECT_EQ(conv->get_dilations(), Strides({1, 1}));
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({0, 0}));
}

TEST(Convolution, DynamicDimensionsStayDynamic) {
    auto op = make_conv(false, PartialShape{-1, 3, -1, 10}, PartialShape{8, 3, 3, 3}, {1, 1}, {0, 0}, {0, 0},
                        {1, 1});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 8, -1, 8}));
    auto dyn = make_conv(false, PartialShape::dynamic(), PartialShape{8, 3, 3, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 8, -1, -1}));
}

TEST(Convolution, ChannelMismatchNamesOp) {
    auto x = param(ov::element::f32, Shape{1, 3, 8, 8});
    auto w = param(ov::element::f32, Shape{4, 2, 3, 3});
    expect_error([&] { ov::op::v1::Convolution(x, w, {1, 1}, {0, 0}, {0, 0}, {1, 1}); },
                 {"Convolution", "channel", "[1,3,8,8]", "[4,2,3,3]"});
}

TEST(Convolution, ValidationErrorsNameTypeAndFriendlyName) {
    auto op = make_conv(false, Shape{1, 3, 8, 8}, Shape{4, 3, 3, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    op->set_friendly_name("conv_7");
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(op);
    conv->set_strides({1, 1, 1});
    expect_error([&] { op->validate_and_infer_types(); }, {"Convolution 'conv_7'", "strides"});
    conv->set_strides({1, 0});
    expect_error([&] { op->validate_and_infer_types(); }, {"Convolution 'conv_7'", "strides", "positive"});
}

TEST(Convolution, ElementTypeMismatchIsAnError) {
    auto x = param(ov::element::f32, Shape{1, 3, 8, 8});
    auto w = param(ov::element::f16, Shape{4, 3, 3, 3});
    expect_error([&] { ov::op::v1::Convolution(x, w, {1, 1}, {0, 0}, {0, 0}, {1, 1}); },
                 {"Convolution", "f32", "f16"});
}

TEST(Convolution, KernelLargerThanPaddedInputIsAnError) {
    auto x = param(ov::element::f32, Shape{1, 1, 4, 4});
    auto w = param(ov::element::f32, Shape{1, 1, 3, 3});
    expect_error([&] { ov::op::v1::Convolution(x, w, {1, 1}, {0, 0}, {0, 0}, {2, 2}); },
                 {"Convolution", "larger than the padded input"});
}

TEST(Convolution, WrongRanksAreErrors) {
    expect_error([&] { make_conv(false, Shape{3, 8}, Shape{4, 3}, {}, {}, {}, {}); }, {"Convolution", "3-D, 4-D or 5-D"});
    expect_error([&] { make_conv(false, Shape{1, 3, 8, 8}, Shape{4, 3, 3}, {}, {}, {}, {}); },
                 {"Convolution", "spatial axes"});
}

TEST(Convolution, AttributesRoundTrip) {
    auto op = make_conv(false, Shape{1, 3, 9, 9}, Shape{4, 3, 3, 3}, {2, 1}, {1, 0}, {0, 2}, {1, 2});
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("strides"), "2,1");
    EXPECT_EQ(visitor.values().at("pads_begin"), "1,0");
    EXPECT_EQ(visitor.values().at("pads_end"), "0,2");
    EXPECT_EQ(visitor.values().at("dilations"), "1,2");
    EXPECT_EQ(visitor.values().at("auto_pad"), "explicit");
    visitor.values()["auto_pad"] = "same_lower";

    auto fresh = std::make_shared<ov::op::v1::Convolution>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_EQ(fresh->get_strides(), Strides({2, 1}));
    EXPECT_EQ(fresh->get_pads_begin(), CoordinateDiff({1, 0}));
    EXPECT_EQ(fresh->get_pads_end(), CoordinateDiff({0, 2}));
    EXPECT_EQ(fresh->get_dilations(), Strides({1, 2}));
    EXPECT_EQ(fresh->get_auto_pad(), PadType::SAME_LOWER);
}

TEST(Convolution, CloneKeepsAttributes) {
    auto op = make_conv(false, Shape{1, 3, 9, 9}, Shape{4, 3, 3, 3}, {2, 2}, {1, 1}, {0, 0}, {1, 1});
    auto clone = op->clone_with_new_inputs(
        {param(ov::element::f32, Shape{2, 3, 17, 17}), param(ov::element::f32, Shape{4, 3, 3, 3})});
    auto conv = ov::as_type_ptr<ov::op::v1::Convolution>(clone);
    ASSERT_TRUE(conv);
    EXPECT_EQ(conv->get_strides(), Strides({2, 2}));
    EXPECT_EQ(conv->get_pads_begin(), CoordinateDiff({1, 1}));
    EXPECT_EQ(conv->get_output_partial_shape(0), PartialShape({2, 4, 8, 8}));  // (17 + 1 - 3) / 2 + 1
}

TEST(Convolution, RegisteredInOpset1) {
    auto node = devmux::OpRegistry::instance().create("Convolution", "opset1");
    ASSERT_TRUE(node);
    EXPECT_TRUE(ov::is_type<ov::op::v1::Convolution>(node));
    auto group = devmux::OpRegistry::instance().create("GroupConvolution", "opset8");
    ASSERT_TRUE(group);
    EXPECT_TRUE(ov::is_type<ov::op::v1::GroupConvolution>(group));
}

TEST(Convolution, EvaluateHandComputed) {
    // 3x3 input 1..9, all-ones 3x3 filter, padding 1: each output sums the input's 3x3 neighbourhood.
    auto op = make_conv(false, Shape{1, 1, 3, 3}, Shape{1, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1});
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{1, 1, 3, 3})};
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::f32, Shape{1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                                       make_tensor(ov::element::f32, Shape{1, 1, 3, 3}, std::vector<double>(9, 1.0))}));
    EXPECT_EQ(read_tensor(outputs[0]), std::vector<double>({12, 21, 16, 27, 45, 33, 24, 39, 28}));
}

TEST(Convolution, EvaluateHandComputedStrideAndDilation) {
    // 1x5 input, taps [1, -1] dilated by 2, stride 2: out[i] = x[2i] - x[2i + 2].
    auto op = make_conv(false, Shape{1, 1, 5}, Shape{1, 1, 2}, {2}, {0}, {0}, {2});
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{1, 1, 2})};
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::f32, Shape{1, 1, 5}, {1, 4, 9, 16, 25}),
                                       make_tensor(ov::element::f32, Shape{1, 1, 2}, {1, -1})}));
    EXPECT_EQ(read_tensor(outputs[0]), std::vector<double>({-8, -16}));
}

TEST(Convolution, Evaluate2DMatchesNaive) {
    check_against_naive(false, {2, 3, 9, 8}, {4, 3, 3, 2}, {2, 1}, {1, 0}, {2, 1}, {1, 2}, PadType::EXPLICIT,
                        {{2, 1}, {1, 2}, {1, 0}, {2, 1}}, 1);
}

TEST(Convolution, EvaluateNegativePadsMatchNaive) {
    check_against_naive(false, {1, 2, 8, 8}, {3, 2, 3, 3}, {1, 1}, {-1, 2}, {1, -2}, {1, 1}, PadType::EXPLICIT,
                        {{1, 1}, {1, 1}, {-1, 2}, {1, -2}}, 2);
}

TEST(Convolution, Evaluate1DMatchesNaive) {
    check_against_naive(false, {3, 2, 17}, {5, 2, 4}, {3}, {2}, {1}, {2}, PadType::EXPLICIT, {{3}, {2}, {2}, {1}}, 3);
}

TEST(Convolution, Evaluate3DMatchesNaive) {
    check_against_naive(false, {1, 2, 5, 6, 7}, {3, 2, 2, 3, 2}, {1, 2, 2}, {1, 0, 1}, {0, 1, 1}, {2, 1, 1},
                        PadType::EXPLICIT, {{1, 2, 2}, {2, 1, 1}, {1, 0, 1}, {0, 1, 1}}, 4);
}

TEST(Convolution, EvaluateSameUpperMatchesNaive) {
    // 7 x 8 input, kernel 3, stride 2: out 4 x 4, total pads (4-1)*2 + 3 - 7 = 2 -> 1/1 and 3*2 + 3 - 8 = 1 -> 0/1.
    check_against_naive(false, {1, 2, 7, 8}, {2, 2, 3, 3}, {2, 2}, {}, {}, {1, 1}, PadType::SAME_UPPER,
                        {{2, 2}, {1, 1}, {1, 0}, {1, 1}}, 5);
}

TEST(Convolution, EvaluateSameLowerMatchesNaive) {
    check_against_naive(false, {1, 2, 7, 8}, {2, 2, 3, 3}, {2, 2}, {}, {}, {1, 1}, PadType::SAME_LOWER,
                        {{2, 2}, {1, 1}, {1, 1}, {1, 0}}, 6);
}

TEST(Convolution, EvaluateValidMatchesNaive) {
    check_against_naive(false, {1, 3, 9, 9}, {2, 3, 4, 4}, {2, 2}, {5, 5}, {5, 5}, {1, 1}, PadType::VALID,
                        {{2, 2}, {1, 1}, {0, 0}, {0, 0}}, 7);
}

TEST(Convolution, EvaluateF16MatchesNaive) {
    check_against_naive(false, {1, 4, 8, 8}, {3, 4, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, PadType::EXPLICIT,
                        {{1, 1}, {1, 1}, {1, 1}, {1, 1}}, 8, ov::element::f16);
}

TEST(Convolution, EvaluateAllocatesMissingOutput) {
    auto op = make_conv(false, Shape{1, 1, 4, 4}, Shape{1, 1, 2, 2}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    ov::TensorVector outputs;
    std::mt19937 rng(9);
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::f32, Shape{1, 1, 4, 4}, random_values(16, rng)),
                                       make_tensor(ov::element::f32, Shape{1, 1, 2, 2}, random_values(4, rng))}));
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(outputs[0].get_shape(), Shape({1, 1, 3, 3}));
}

TEST(Convolution, EvaluateUsesTensorShapesOfDynamicGraph) {
    auto op = make_conv(false, PartialShape{-1, 2, -1, -1}, PartialShape{3, 2, 3, 3}, {2, 2}, {}, {}, {1, 1},
                        PadType::SAME_UPPER);
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{0})};
    std::mt19937 rng(10);
    const std::vector<size_t> xs{2, 2, 6, 5}, ws{3, 2, 3, 3};
    const auto x = as_stored(ov::element::f32, Shape(xs), random_values(volume(xs), rng));
    const auto w = as_stored(ov::element::f32, Shape(ws), random_values(volume(ws), rng));
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::f32, Shape(xs), x),
                                       make_tensor(ov::element::f32, Shape(ws), w)}));
    // out 3 x 3; total pads (3-1)*2 + 3 - 6 = 1 -> 0/1 and (3-1)*2 + 3 - 5 = 2 -> 1/1
    std::vector<size_t> expected_shape;
    const auto expected = naive_conv(x, xs, w, ws, false, {{2, 2}, {1, 1}, {0, 1}, {1, 1}}, expected_shape);
    ASSERT_EQ(outputs[0].get_shape(), Shape(expected_shape));
    expect_close(read_tensor(outputs[0]), expected, 1e-5, 1e-5);
}

TEST(Convolution, EvaluateRejectsInconsistentTensors) {
    auto op = make_conv(false, Shape{1, 2, 4, 4}, Shape{1, 2, 2, 2}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    op->set_friendly_name("c");
    ov::TensorVector outputs;
    expect_error([&] {
        op->evaluate(outputs, {ov::Tensor(ov::element::f32, Shape{1, 3, 4, 4}), ov::Tensor(ov::element::f32, Shape{1, 2, 2, 2})});
    }, {"Convolution 'c'", "channel"});
}

TEST(GroupConvolution, Shape) {
    auto op = make_conv(true, Shape{1, 4, 5, 5}, Shape{2, 3, 2, 3, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 6, 3, 3}));
    EXPECT_STREQ(op->get_type_name(), "GroupConvolution");
}

TEST(GroupConvolution, ChannelsMustBeGroupsTimesFilterInputs) {
    auto x = param(ov::element::f32, Shape{1, 5, 5, 5});
    auto w = param(ov::element::f32, Shape{2, 3, 2, 3, 3});
    expect_error([&] { ov::op::v1::GroupConvolution(x, w, {1, 1}, {0, 0}, {0, 0}, {1, 1}); },
                 {"GroupConvolution", "groups"});
}

TEST(GroupConvolution, FiltersNeedTheGroupAxis) {
    expect_error([&] { make_conv(true, Shape{1, 4, 5, 5}, Shape{4, 1, 3, 3}, {}, {}, {}, {}); },
                 {"GroupConvolution", "spatial axes"});
}

TEST(GroupConvolution, AttributesRoundTrip) {
    auto op = make_conv(true, Shape{1, 4, 9, 9}, Shape{4, 1, 1, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1});
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    auto fresh = std::make_shared<ov::op::v1::GroupConvolution>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_EQ(fresh->get_strides(), Strides({2, 2}));
    EXPECT_EQ(fresh->get_pads_begin(), CoordinateDiff({1, 1}));
    EXPECT_EQ(fresh->get_pads_end(), CoordinateDiff({1, 1}));
    EXPECT_EQ(fresh->get_dilations(), Strides({1, 1}));
    EXPECT_EQ(fresh->get_auto_pad(), PadType::EXPLICIT);
}

TEST(GroupConvolution, EvaluateDepthwiseMatchesNaive) {
    check_against_naive(true, {2, 4, 7, 7}, {4, 1, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, PadType::EXPLICIT,
                        {{1, 1}, {1, 1}, {1, 1}, {1, 1}}, 11);
}

TEST(GroupConvolution, EvaluateGeneralMatchesNaive) {
    check_against_naive(true, {1, 6, 8, 7}, {3, 2, 2, 3, 2}, {2, 1}, {0, 1}, {1, 0}, {1, 2}, PadType::EXPLICIT,
                        {{2, 1}, {1, 2}, {0, 1}, {1, 0}}, 12);
}

TEST(GroupConvolution, Evaluate1DSameUpperMatchesNaive) {
    // 9 inputs, kernel 4, stride 2: out 5, total pads 4*2 + 4 - 9 = 3 -> 1/2.
    check_against_naive(true, {1, 4, 9}, {2, 3, 2, 4}, {2}, {}, {}, {1}, PadType::SAME_UPPER, {{2}, {1}, {1}, {2}},
                        13);
}
