// SPDX-License-Identifier: Apache-2.0
// Interpolate v4 and v11: shape inference, attributes, and the reference evaluate() (through the CPU
// plugin) against resize_reference.hpp.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset11.hpp"
#include "openvino/opsets/opset4.hpp"
#include "preprocess/resize_reference.hpp"

using devmux_test::error_of;
using testing::HasSubstr;
using Attrs = ov::op::util::InterpolateBase::InterpolateAttrs;
using Mode = ov::op::util::InterpolateBase::InterpolateMode;
using Calc = ov::op::util::InterpolateBase::ShapeCalcMode;
using Transform = ov::op::util::InterpolateBase::CoordinateTransformMode;

namespace {

std::shared_ptr<ov::opset11::Constant> i64(const std::vector<int64_t>& v) {
    return std::make_shared<ov::opset11::Constant>(ov::element::i64, ov::Shape{v.size()}, v);
}

std::vector<double> run(const std::shared_ptr<ov::Node>& out, const std::shared_ptr<ov::opset11::Parameter>& p,
                        const ov::Tensor& input) {
    auto model = std::make_shared<ov::Model>(ov::OutputVector{out}, ov::ParameterVector{p}, "interp");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    const auto v = devmux_test::values<float>(request.get_output_tensor());
    return std::vector<double>(v.begin(), v.end());
}

std::vector<double> as_double(const ov::Tensor& t) {
    const auto v = devmux_test::values<float>(t);
    return std::vector<double>(v.begin(), v.end());
}

Attrs sizes_attrs(Mode mode) {
    Attrs a;
    a.mode = mode;
    a.shape_calculation_mode = Calc::SIZES;
    a.coordinate_transformation_mode = Transform::HALF_PIXEL;
    return a;
}

}  // namespace

class InterpolateModes : public testing::TestWithParam<std::pair<Mode, resize_ref::Mode>> {};

TEST_P(InterpolateModes, V11SizesMatchesTheReferenceUpAndDown) {
    const auto [mode, ref_mode] = GetParam();
    for (const auto& out_hw : {std::pair<size_t, size_t>{9, 13}, std::pair<size_t, size_t>{3, 4}}) {
        auto p = devmux_test::param(ov::element::f32, {2, 3, 5, 7});
        auto op = std::make_shared<ov::opset11::Interpolate>(
            p, i64({int64_t(out_hw.first), int64_t(out_hw.second)}), i64({2, 3}), sizes_attrs(mode));
        EXPECT_EQ(op->get_output_partial_shape(0), ov::PartialShape({2, 3, int64_t(out_hw.first), int64_t(out_hw.second)}));
        const auto input = devmux_test::random_f32({2, 3, 5, 7}, 21, -3.0f, 3.0f);
        const auto got = run(op, p, input);
        const auto want =
            resize_ref::resize(as_double(input), 2, 3, 5, 7, false, out_hw.first, out_hw.second, ref_mode);
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < got.size(); ++i)
            ASSERT_NEAR(got[i], want[i], 1e-4) << "element " << i << " of " << out_hw.first << "x" << out_hw.second;
    }
}

INSTANTIATE_TEST_SUITE_P(Interpolate, InterpolateModes,
                         testing::Values(std::make_pair(Mode::NEAREST, resize_ref::Mode::nearest),
                                         std::make_pair(Mode::LINEAR_ONNX, resize_ref::Mode::linear),
                                         std::make_pair(Mode::LINEAR, resize_ref::Mode::linear),
                                         std::make_pair(Mode::CUBIC, resize_ref::Mode::cubic)));

TEST(Interpolate, V4ScalesModeAndAlignCorners) {
    auto p = devmux_test::param(ov::element::f32, {1, 1, 3, 4});
    Attrs a = sizes_attrs(Mode::LINEAR_ONNX);
    a.shape_calculation_mode = Calc::SCALES;
    a.coordinate_transformation_mode = Transform::ALIGN_CORNERS;
    auto scales = std::make_shared<ov::opset4::Constant>(ov::element::f32, ov::Shape{2}, std::vector<float>{2.0f, 1.5f});
    auto op = std::make_shared<ov::opset4::Interpolate>(p, i64({0, 0}), scales, i64({2, 3}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), ov::PartialShape({1, 1, 6, 6}));
    const auto input = devmux_test::random_f32({1, 1, 3, 4}, 5, 0.0f, 10.0f);
    const auto in = as_double(input);
    const auto got = run(op, p, input);
    ASSERT_EQ(got.size(), 36u);
    // Align corners: output y maps to y * (3-1)/(6-1), x to x * (4-1)/(6-1).
    for (size_t y = 0; y < 6; ++y)
        for (size_t x = 0; x < 6; ++x) {
            const double sy = y * 2.0 / 5.0, sx = x * 3.0 / 5.0;
            const size_t y0 = size_t(sy), x0 = size_t(sx);
            const size_t y1 = std::min<size_t>(y0 + 1, 2), x1 = std::min<size_t>(x0 + 1, 3);
            const double dy = sy - y0, dx = sx - x0;
            const double want = in[y0 * 4 + x0] * (1 - dy) * (1 - dx) + in[y0 * 4 + x1] * (1 - dy) * dx +
                                in[y1 * 4 + x0] * dy * (1 - dx) + in[y1 * 4 + x1] * dy * dx;
            EXPECT_NEAR(got[y * 6 + x], want, 1e-4) << y << "," << x;
        }
}

TEST(Interpolate, ShapeInferenceWithDynamicAndUnknownInputs) {
    auto p = devmux_test::param(ov::element::f32, {1, 3, -1, 8});
    Attrs a = sizes_attrs(Mode::NEAREST);
    a.shape_calculation_mode = Calc::SCALES;
    auto scales = std::make_shared<ov::opset11::Constant>(ov::element::f32, ov::Shape{2}, std::vector<float>{2.0f, 0.5f});
    auto op = std::make_shared<ov::opset11::Interpolate>(p, scales, i64({2, 3}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), ov::PartialShape({1, 3, -1, 4}));
    auto sizes = devmux_test::param(ov::element::i64, {2});
    auto runtime_sizes = std::make_shared<ov::opset11::Interpolate>(p, sizes, i64({2, 3}), sizes_attrs(Mode::NEAREST));
    EXPECT_EQ(runtime_sizes->get_output_partial_shape(0), ov::PartialShape({1, 3, -1, -1}));
    EXPECT_THAT(error_of([&] {
                    std::make_shared<ov::opset11::Interpolate>(p, i64({4}), i64({2, 3}), sizes_attrs(Mode::NEAREST));
                }),
                HasSubstr("Interpolate"));
}

TEST(Interpolate, AttributesRoundTripThroughTheVisitor) {
    auto p = devmux_test::param(ov::element::f32, {1, 3, 4, 4});
    Attrs a = sizes_attrs(Mode::CUBIC);
    a.coordinate_transformation_mode = Transform::ASYMMETRIC;
    a.nearest_mode = ov::op::util::InterpolateBase::NearestMode::CEIL;
    a.cube_coeff = -0.5;
    a.pads_begin = {0, 0, 1, 1};
    a.pads_end = {0, 0, 1, 1};
    auto op = std::make_shared<ov::opset11::Interpolate>(p, i64({6, 6}), i64({2, 3}), a);
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("mode"), "cubic");
    EXPECT_EQ(attrs.at("coordinate_transformation_mode"), "asymmetric");
    EXPECT_EQ(attrs.at("nearest_mode"), "ceil");
    EXPECT_EQ(attrs.at("pads_begin"), "0,0,1,1");
    auto copy = std::make_shared<ov::opset11::Interpolate>();
    devmux_test::copy_attributes(*op, *copy);
    EXPECT_EQ(copy->get_attrs().mode, Mode::CUBIC);
    EXPECT_EQ(copy->get_attrs().cube_coeff, -0.5);
    EXPECT_EQ(copy->get_attrs().pads_end, (std::vector<size_t>{0, 0, 1, 1}));
}
