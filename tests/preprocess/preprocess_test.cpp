// SPDX-License-Identifier: Apache-2.0
// ov::preprocess: each step and combinations, built into the model and run on CPU, against references
// computed here; plus SqueezeNet fed a u8 NHWC photo through a preprocessing pipeline.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "common/test_utils.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset8.hpp"
#include "preprocess/resize_reference.hpp"

using devmux_test::error_of;
using testing::HasSubstr;
using ov::preprocess::ColorFormat;
using ov::preprocess::PrePostProcessor;
using ov::preprocess::ResizeAlgorithm;

namespace {

// Parameter (f32, shape) named "in" -> Relu -> Result named "out". Inputs are non-negative, so the model is
// the identity and its output shows exactly what preprocessing delivered.
std::shared_ptr<ov::Model> identity_model(const ov::PartialShape& shape, const char* layout = nullptr) {
    auto p = devmux_test::param(ov::element::f32, shape, "in");
    p->output(0).set_names({"in"});
    auto relu = std::make_shared<ov::opset8::Relu>(p);
    relu->output(0).set_names({"out"});
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{p}, "identity");
    if (layout)
        ov::layout::set_layout(model->input(), layout);
    return model;
}

ov::Tensor run(const std::shared_ptr<ov::Model>& model, const ov::Tensor& input) {
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    ov::Tensor out(request.get_output_tensor().get_element_type(), request.get_output_tensor().get_shape());
    request.get_output_tensor().copy_to(out);
    return out;
}

// A u8 tensor of seeded values in [lo, hi].
ov::Tensor random_u8(const ov::Shape& shape, uint32_t seed, int lo = 0, int hi = 255) {
    ov::Tensor t(ov::element::u8, shape);
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int> dist(lo, hi);
    for (size_t i = 0; i < t.get_size(); ++i)
        t.data<uint8_t>()[i] = static_cast<uint8_t>(dist(gen));
    return t;
}

std::vector<double> doubles(const ov::Tensor& t) {
    std::vector<double> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i) {
        if (t.get_element_type() == ov::element::u8)
            out[i] = t.data<const uint8_t>()[i];
        else
            out[i] = t.data<const float>()[i];
    }
    return out;
}

// NHWC -> NCHW of a dense buffer.
std::vector<double> to_nchw(const std::vector<double>& in, size_t n, size_t h, size_t w, size_t c) {
    std::vector<double> out(in.size());
    for (size_t b = 0; b < n; ++b)
        for (size_t y = 0; y < h; ++y)
            for (size_t x = 0; x < w; ++x)
                for (size_t ch = 0; ch < c; ++ch)
                    out[((b * c + ch) * h + y) * w + x] = in[((b * h + y) * w + x) * c + ch];
    return out;
}

void expect_values(const ov::Tensor& got, const std::vector<double>& want, double tolerance) {
    const auto g = doubles(got);
    ASSERT_EQ(g.size(), want.size());
    for (size_t i = 0; i < g.size(); ++i)
        ASSERT_NEAR(g[i], want[i], tolerance) << "element " << i;
}

}  // namespace

TEST(Preprocess, ConvertElementType) {
    auto model = identity_model({1, 2, 3, 4});
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8);
    ppp.input().preprocess().convert_element_type(ov::element::f32);
    model = ppp.build();
    EXPECT_EQ(model->input().get_element_type(), ov::element::u8);
    const auto in = random_u8({1, 2, 3, 4}, 1);
    const auto out = run(model, in);
    EXPECT_EQ(out.get_element_type(), ov::element::f32);
    expect_values(out, doubles(in), 0.0);
}

TEST(Preprocess, ImplicitConversionsFromTensorToModel) {
    // No steps: the type and the layout differ, build() converts both.
    auto model = identity_model({1, 3, 4, 5}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC");
    model = ppp.build();
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({1, 4, 5, 3}));
    EXPECT_EQ(ov::layout::get_layout(model->input()), ov::Layout("NHWC"));
    const auto in = random_u8({1, 4, 5, 3}, 2);
    expect_values(run(model, in), to_nchw(doubles(in), 1, 4, 5, 3), 0.0);
}

TEST(Preprocess, ConvertLayoutByNameAndByDims) {
    auto model = identity_model({1, 3, 4, 5});
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_layout("NHWC");
    ppp.input().preprocess().convert_layout("NCHW");
    model = ppp.build();
    const auto in = devmux_test::random_f32({1, 4, 5, 3}, 3, 0.0f, 1.0f);
    expect_values(run(model, in), to_nchw(doubles(in), 1, 4, 5, 3), 0.0);

    auto by_dims = identity_model({1, 3, 4, 5});
    PrePostProcessor ppp2(by_dims);
    ppp2.input().tensor().set_shape({1, 4, 5, 3});
    ppp2.input().preprocess().convert_layout(std::vector<uint64_t>{0, 3, 1, 2});
    by_dims = ppp2.build();
    expect_values(run(by_dims, in), to_nchw(doubles(in), 1, 4, 5, 3), 0.0);
}

class PreprocessResize : public testing::TestWithParam<std::pair<ResizeAlgorithm, resize_ref::Mode>> {};

TEST_P(PreprocessResize, ToTheModelSizeMatchesTheReference) {
    const auto [algorithm, mode] = GetParam();
    auto model = identity_model({1, 3, 6, 8}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_spatial_static_shape(4, 11);
    ppp.input().preprocess().resize(algorithm);
    model = ppp.build();
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({1, 3, 4, 11}));
    const auto in = devmux_test::random_f32({1, 3, 4, 11}, 4, 0.0f, 1.0f);
    const auto want = resize_ref::resize(doubles(in), 1, 3, 4, 11, false, 6, 8, mode);
    // Cubic overshoots below zero, which the model's Relu clips.
    std::vector<double> clipped(want);
    for (auto& v : clipped)
        v = std::max(v, 0.0);
    expect_values(run(model, in), clipped, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Preprocess, PreprocessResize,
                         testing::Values(std::make_pair(ResizeAlgorithm::RESIZE_LINEAR, resize_ref::Mode::linear),
                                         std::make_pair(ResizeAlgorithm::RESIZE_NEAREST, resize_ref::Mode::nearest),
                                         std::make_pair(ResizeAlgorithm::RESIZE_CUBIC, resize_ref::Mode::cubic)));

TEST(Preprocess, ResizeToAnExplicitSizeWithADynamicTensor) {
    auto model = identity_model({1, 2, 3, 3}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_spatial_dynamic_shape();
    ppp.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR, 3, 3);
    model = ppp.build();
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({1, 2, -1, -1}));
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({1, 2, 3, 3}));
}

TEST(Preprocess, MeanAndScalePerChannelAndScalar) {
    auto model = identity_model({1, 3, 2, 2}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().preprocess().mean({1.0f, 2.0f, 3.0f}).scale({0.5f, 0.25f, 2.0f}).mean(-10.0f).scale(4.0f);
    model = ppp.build();
    const auto in = devmux_test::random_f32({1, 3, 2, 2}, 5, 0.0f, 9.0f);
    auto want = doubles(in);
    const double mean[] = {1, 2, 3}, scale[] = {0.5, 0.25, 2};
    for (size_t i = 0; i < want.size(); ++i)
        want[i] = ((want[i] - mean[i / 4]) / scale[i / 4] + 10.0) / 4.0;
    expect_values(run(model, in), want, 1e-5);
}

TEST(Preprocess, ReverseChannelsAndColorConversion) {
    auto model = identity_model({1, 2, 2, 3}, "NHWC");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_color_format(ColorFormat::BGR);
    ppp.input().preprocess().convert_color(ColorFormat::RGB);
    model = ppp.build();
    const auto in = devmux_test::random_f32({1, 2, 2, 3}, 6, 0.0f, 1.0f);
    auto want = doubles(in);
    for (size_t px = 0; px < 4; ++px)
        std::swap(want[px * 3], want[px * 3 + 2]);
    expect_values(run(model, in), want, 0.0);

    auto reversed = identity_model({1, 2, 2, 3}, "NHWC");
    PrePostProcessor ppp2(reversed);
    ppp2.input().preprocess().reverse_channels();
    expect_values(run(ppp2.build(), in), want, 0.0);

    auto rgbx = identity_model({1, 2, 2, 3}, "NHWC");
    PrePostProcessor ppp3(rgbx);
    ppp3.input().tensor().set_color_format(ColorFormat::RGBX);
    ppp3.input().preprocess().convert_color(ColorFormat::BGR);
    rgbx = ppp3.build();
    EXPECT_EQ(rgbx->input().get_partial_shape(), ov::PartialShape({1, 2, 2, 4}));
    const auto in4 = devmux_test::random_f32({1, 2, 2, 4}, 7, 0.0f, 1.0f);
    const auto v4 = doubles(in4);
    std::vector<double> want4;
    for (size_t px = 0; px < 4; ++px)
        for (int ch : {2, 1, 0})
            want4.push_back(v4[px * 4 + ch]);
    expect_values(run(rgbx, in4), want4, 0.0);
}

TEST(Preprocess, CropAndCustomStep) {
    auto model = identity_model({1, 1, 2, 3});
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_shape({1, 1, 4, 5});
    ppp.input().preprocess().crop({0, 0, 1, 1}, {1, 1, 3, -1}).custom([](const ov::Output<ov::Node>& node) {
        auto two = std::make_shared<ov::opset8::Constant>(ov::element::f32, ov::Shape{}, std::vector<float>{2.0f});
        return std::make_shared<ov::opset8::Multiply>(node, two)->output(0);
    });
    model = ppp.build();
    const auto in = devmux_test::random_f32({1, 1, 4, 5}, 8, 0.0f, 1.0f);
    const auto v = doubles(in);
    std::vector<double> want;
    for (size_t y = 1; y < 3; ++y)
        for (size_t x = 1; x < 4; ++x)
            want.push_back(2.0 * v[y * 5 + x]);
    expect_values(run(model, in), want, 1e-6);
}

TEST(Preprocess, CombinedU8ImagePipeline) {
    // u8 NHWC 5x7 image -> f32, resize to 3x4 (linear), mean and scale per channel -> NCHW model input.
    auto model = identity_model({1, 3, 3, 4}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_spatial_static_shape(5, 7);
    ppp.input()
        .preprocess()
        .convert_element_type(ov::element::f32)
        .resize(ResizeAlgorithm::RESIZE_LINEAR)
        .mean({10.0f, 20.0f, 30.0f})
        .scale({2.0f, 4.0f, 8.0f});
    ppp.output().tensor().set_element_type(ov::element::f32);
    model = ppp.build();
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({1, 5, 7, 3}));
    EXPECT_NO_THROW(model->input("in"));
    EXPECT_NO_THROW(model->output("out"));
    const auto in = random_u8({1, 5, 7, 3}, 9, 40, 255);
    auto want = to_nchw(resize_ref::resize(doubles(in), 1, 3, 5, 7, true, 3, 4, resize_ref::Mode::linear), 1, 3, 4, 3);
    const double mean[] = {10, 20, 30}, scale[] = {2, 4, 8};
    for (size_t i = 0; i < want.size(); ++i)
        want[i] = (want[i] - mean[i / 12]) / scale[i / 12];
    expect_values(run(model, in), want, 1e-4);
}

TEST(Postprocess, ConvertTypeAndLayoutOfAnOutput) {
    auto model = identity_model({1, 2, 3, 4});
    PrePostProcessor ppp(model);
    ppp.output("out").model().set_layout("NCHW");
    ppp.output("out").tensor().set_layout("NHWC");
    ppp.output("out").postprocess().convert_element_type(ov::element::i32);
    model = ppp.build();
    EXPECT_EQ(model->output().get_element_type(), ov::element::i32);
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({1, 3, 4, 2}));
    EXPECT_NO_THROW(model->output("out"));
    ov::Tensor in(ov::element::f32, {1, 2, 3, 4});
    for (size_t i = 0; i < in.get_size(); ++i)
        in.data<float>()[i] = static_cast<float>(i);
    const auto out = run(model, in);
    ASSERT_EQ(out.get_element_type(), ov::element::i32);
    for (size_t c = 0; c < 2; ++c)
        for (size_t hw = 0; hw < 12; ++hw)
            EXPECT_EQ(out.data<const int32_t>()[hw * 2 + c], static_cast<int32_t>(c * 12 + hw));
}

TEST(Preprocess, ClearErrors) {
    auto model = identity_model({1, 3, 2, 2}, "NCHW");
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8);
    ppp.input().preprocess().mean(1.0f);
    EXPECT_THAT(error_of([&] { ppp.build(); }), HasSubstr("convert_element_type"));

    PrePostProcessor nv12(identity_model({1, 3, 2, 2}, "NCHW"));
    nv12.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES);
    EXPECT_THAT(error_of([&] { nv12.build(); }), HasSubstr("NV12_TWO_PLANES"));

    PrePostProcessor no_layout(identity_model({1, 3, 2, 2}));
    no_layout.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR);
    EXPECT_THAT(error_of([&] { no_layout.build(); }), HasSubstr("layout"));

    PrePostProcessor wrong_size(identity_model({1, 3, 2, 2}, "NCHW"));
    wrong_size.input().tensor().set_spatial_static_shape(4, 4);
    EXPECT_THAT(error_of([&] { wrong_size.build(); }), HasSubstr("resize"));

    PrePostProcessor by_name(identity_model({1, 3, 2, 2}));
    EXPECT_THAT(error_of([&] { by_name.input("missing"); }), HasSubstr("missing"));
}

TEST(PreprocessRealModel, SqueezeNetClassifiesAU8NhwcPizzaAs963) {
    const std::string dir = std::string(DEVMUX_MODELS_DIR);
    const std::string xml = dir + "/squeezenet1.1-ir11/squeezenet1.1.xml";
    const std::string image = dir + "/inputs/pizza_1x3x227x227_nchw_bgr.f32";
    std::ifstream file(image, std::ios::binary);
    if (!std::ifstream(xml) || !file)
        GTEST_SKIP() << "shared models not found under " << dir;
    std::vector<float> nchw(3 * 227 * 227);
    file.read(reinterpret_cast<char*>(nchw.data()), static_cast<std::streamsize>(nchw.size() * sizeof(float)));
    ASSERT_TRUE(file) << image;
    // A u8 NHWC BGR image twice the size, each pixel repeated 2x2: a linear resize by one half gives the
    // photo back exactly.
    const size_t size = 227, big = 2 * size;
    ov::Tensor input(ov::element::u8, {1, big, big, 3});
    auto* px = input.data<uint8_t>();
    for (size_t y = 0; y < big; ++y)
        for (size_t x = 0; x < big; ++x)
            for (size_t c = 0; c < 3; ++c) {
                const float v = nchw[(c * size + y / 2) * size + x / 2];
                px[(y * big + x) * 3 + c] = static_cast<uint8_t>(std::lround(std::min(std::max(v, 0.0f), 255.0f)));
            }

    ov::Core core;
    auto model = core.read_model(xml);
    PrePostProcessor ppp(model);
    ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_shape({1, big, big, 3});
    ppp.input()
        .preprocess()
        .convert_element_type(ov::element::f32)
        .resize(ResizeAlgorithm::RESIZE_LINEAR)
        .mean({104.0f, 117.0f, 123.0f});
    ppp.input().model().set_layout("NCHW");
    ppp.output().tensor().set_element_type(ov::element::f32);
    model = ppp.build();

    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    const auto out = request.get_output_tensor();
    ASSERT_EQ(out.get_size(), 1000u);
    const float* prob = out.data<const float>();
    const auto top = std::max_element(prob, prob + 1000) - prob;
    EXPECT_EQ(top, 963);
    EXPECT_NEAR(prob[963], 0.565f, 0.03f);
}
