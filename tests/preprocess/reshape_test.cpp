// SPDX-License-Identifier: Apache-2.0
// Model::reshape (by shape, index, tensor name and port) re-runs shape inference through the graph;
// ov::set_batch / ov::get_batch follow the inputs' layouts.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/test_utils.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset8.hpp"

using devmux_test::error_of;
using testing::HasSubstr;

namespace {

// Parameter [1,3,8,8] "image" -> Convolution (4 filters 3x3, seeded weights) -> Relu.
std::shared_ptr<ov::Model> conv_model() {
    auto p = devmux_test::param(ov::element::f32, {1, 3, 8, 8}, "image");
    p->output(0).set_names({"image"});
    auto w = devmux_test::random_f32({4, 3, 3, 3}, 7, -1.0f, 1.0f);
    auto weights = std::make_shared<ov::opset8::Constant>(w);
    auto conv = std::make_shared<ov::opset8::Convolution>(p, weights, ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                          ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    auto relu = std::make_shared<ov::opset8::Relu>(conv);
    relu->output(0).set_names({"features"});
    return std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{p}, "conv");
}

}  // namespace

TEST(ModelReshape, FromOneShapeInfersThroughTheGraph) {
    auto model = conv_model();
    model->reshape(ov::PartialShape{2, 3, 10, 12});
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({2, 3, 10, 12}));
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({2, 4, 8, 10}));
}

TEST(ModelReshape, ByIndexNameAndPort) {
    auto model = conv_model();
    model->reshape(std::map<size_t, ov::PartialShape>{{0, ov::PartialShape{1, 3, 5, 5}}});
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({1, 4, 3, 3}));
    model->reshape(std::map<std::string, ov::PartialShape>{{"image", ov::PartialShape{3, 3, 6, 7}}});
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({3, 4, 4, 5}));
    model->reshape(std::map<ov::Output<ov::Node>, ov::PartialShape>{{model->input(), ov::PartialShape{1, 3, -1, 9}}});
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({1, 4, ov::Dimension::dynamic(), 7}));
}

TEST(ModelReshape, RefusedShapeLeavesTheModelAsItWas) {
    auto model = conv_model();
    const auto message = error_of([&] { model->reshape(ov::PartialShape{1, 5, 8, 8}); });
    EXPECT_THAT(message, HasSubstr("reshape"));
    EXPECT_EQ(model->input().get_partial_shape(), ov::PartialShape({1, 3, 8, 8}));
    EXPECT_EQ(model->output().get_partial_shape(), ov::PartialShape({1, 4, 6, 6}));
    EXPECT_THAT(error_of([&] { model->reshape(std::map<std::string, ov::PartialShape>{{"nope", {1}}}); }),
                HasSubstr("nope"));
}

TEST(ModelBatch, NeedsALayoutWithN) {
    auto model = conv_model();
    EXPECT_THAT(error_of([&] { ov::get_batch(model); }), HasSubstr("layout"));
    EXPECT_THAT(error_of([&] { ov::set_batch(model, 2); }), HasSubstr("layout"));
    ov::layout::set_layout(model->input(), "NCHW");
    EXPECT_EQ(ov::get_batch(model), ov::Dimension(1));
}

TEST(ModelBatch, SetBatchRunsEachImageAsTheOriginalModelDoes) {
    auto single = conv_model();
    auto batched = conv_model();
    ov::layout::set_layout(batched->input(), "NCHW");
    ov::set_batch(batched, 2);
    EXPECT_EQ(ov::get_batch(batched), ov::Dimension(2));
    EXPECT_EQ(batched->output().get_partial_shape(), ov::PartialShape({2, 4, 6, 6}));

    ov::Core core;
    auto one = core.compile_model(single, "CPU").create_infer_request();
    auto two = core.compile_model(batched, "CPU").create_infer_request();
    const auto a = devmux_test::random_f32({1, 3, 8, 8}, 11, -2.0f, 2.0f);
    const auto b = devmux_test::random_f32({1, 3, 8, 8}, 12, -2.0f, 2.0f);
    ov::Tensor both(ov::element::f32, {2, 3, 8, 8});
    std::copy_n(a.data<const float>(), a.get_size(), both.data<float>());
    std::copy_n(b.data<const float>(), b.get_size(), both.data<float>() + a.get_size());
    two.set_input_tensor(both);
    two.infer();
    const auto out2 = devmux_test::values<float>(two.get_output_tensor());
    for (int image = 0; image < 2; ++image) {
        one.set_input_tensor(image == 0 ? a : b);
        one.infer();
        const auto out1 = devmux_test::values<float>(one.get_output_tensor());
        ASSERT_EQ(out2.size(), 2 * out1.size());
        for (size_t i = 0; i < out1.size(); ++i)
            EXPECT_NEAR(out2[image * out1.size() + i], out1[i], 1e-5f) << "image " << image << " element " << i;
    }
}
