// SPDX-License-Identifier: Apache-2.0
// Every VULKAN shader against the ops' reference evaluate(), on seeded random inputs: convolution (1x1,
// strided and padded, grouped, depthwise, fused; conv_block and conv_texel), matrix products, broadcasting element-wise ops,
// activations, pooling, reductions, softmax, Concat (in place and into slices), Transpose and Split; chains of
// convolutions, pooling and Concats kept in layout c4 between them, and the values that must stay plain.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "openvino/op/ops.hpp"
#include "vulkan_shaders.hpp"
#include "vulkan_shaders_f16.hpp"
#include "vulkan_test_utils.hpp"

namespace {

using namespace vulkan_test;
using ov::Shape;

struct OpCase {
    const char* name;
    std::vector<Shape> inputs;
    std::function<ov::OutputVector(const ov::OutputVector&)> build;
    double tolerance;
    std::vector<std::string> exec_types = {};  // each must be the exec type of some step
};

void PrintTo(const OpCase& c, std::ostream* os) { *os << c.name; }

std::shared_ptr<ov::Node> weights(const Shape& shape, unsigned seed) {
    return ov::op::v0::Constant::create(ov::element::f32, shape, floats(random_tensor(ov::element::f32, shape, seed)));
}

std::shared_ptr<ov::Node> ints(const std::vector<int64_t>& values) {
    return ov::op::v0::Constant::create(ov::element::i64, Shape{values.size()}, values);
}

ov::OutputVector conv(const ov::Output<ov::Node>& x, size_t k, size_t c, size_t kernel, size_t stride, size_t pad) {
    return {std::make_shared<ov::op::v1::Convolution>(x, weights({k, c, kernel, kernel}, 7), ov::Strides{stride, stride},
                                                      ov::CoordinateDiff{static_cast<std::ptrdiff_t>(pad),
                                                                         static_cast<std::ptrdiff_t>(pad)},
                                                      ov::CoordinateDiff{static_cast<std::ptrdiff_t>(pad),
                                                                         static_cast<std::ptrdiff_t>(pad)},
                                                      ov::Strides{1, 1})};
}

// A convolution with a per-channel bias and Relu (fused into one FusedConvolution).
std::shared_ptr<ov::Node> conv_relu(const ov::Output<ov::Node>& x, size_t k, size_t c, size_t kernel, size_t stride,
                                    size_t pad, unsigned seed) {
    auto biased = std::make_shared<ov::op::v1::Add>(conv(x, k, c, kernel, stride, pad)[0], weights({1, k, 1, 1}, seed));
    return std::make_shared<ov::op::v0::Relu>(biased);
}

ov::OutputVector group_conv(const ov::Output<ov::Node>& x, size_t groups, size_t k_per_group, size_t c_per_group) {
    return {std::make_shared<ov::op::v1::GroupConvolution>(x, weights({groups, k_per_group, c_per_group, 3, 3}, 9),
                                                           ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                           ov::CoordinateDiff{1, 1}, ov::Strides{1, 1})};
}

// A GroupConvolution with square kernels, strides and padding.
ov::OutputVector grouped(const ov::Output<ov::Node>& x, size_t groups, size_t k_per_group, size_t c_per_group,
                         size_t kernel, size_t stride, size_t pad) {
    const auto p = static_cast<std::ptrdiff_t>(pad);
    return {std::make_shared<ov::op::v1::GroupConvolution>(x, weights({groups, k_per_group, c_per_group, kernel, kernel}, 19),
                                                           ov::Strides{stride, stride}, ov::CoordinateDiff{p, p},
                                                           ov::CoordinateDiff{p, p}, ov::Strides{1, 1})};
}

const std::vector<OpCase>& cases() {
    using namespace ov::op;
    static const std::vector<OpCase> all = {
        {"conv_1x1", {{1, 16, 7, 7}}, [](const ov::OutputVector& in) { return conv(in[0], 10, 16, 1, 1, 0); }, 1e-5},
        {"conv_3x3_s2_p1", {{2, 3, 11, 11}}, [](const ov::OutputVector& in) { return conv(in[0], 5, 3, 3, 2, 1); }, 1e-5},
        // 16 or more output channels per group: conv_block where a group's input channels do not come in
        // quads (and there are several groups), else conv_texel. conv_block: a partial last block, a partial
        // last quad of pixels, strides, padding; 1x1 ones with quads of pixels that straddle two images, a
        // stride, and the offsets of a group's channels and filters.
        {"conv_block_3x3_s2_p1", {{2, 6, 9, 7}}, [](const ov::OutputVector& in) { return grouped(in[0], 2, 20, 3, 3, 2, 1); }, 1e-5},
        {"conv_block_1x1_batch2", {{2, 6, 3, 5}}, [](const ov::OutputVector& in) { return grouped(in[0], 2, 18, 3, 1, 1, 0); }, 1e-5},
        {"conv_block_1x1_stride2", {{1, 10, 7, 7}}, [](const ov::OutputVector& in) { return grouped(in[0], 2, 17, 5, 1, 2, 0); }, 1e-5},
        // conv_texel: the repacked padded input, channels padded to a quad (one group), partial last blocks
        // and quads of pixels, two images, strides, dilations, asymmetric padding, groups, fused epilogues.
        {"conv_texel_3x3_s2_p1_c5", {{2, 5, 9, 7}}, [](const ov::OutputVector& in) { return conv(in[0], 20, 5, 3, 2, 1); }, 1e-5},
        {"conv_texel_1x1_c23", {{1, 23, 5, 5}}, [](const ov::OutputVector& in) { return conv(in[0], 33, 23, 1, 1, 0); }, 1e-5},
        {"conv_texel_3x3_s2_p1", {{2, 8, 9, 7}}, [](const ov::OutputVector& in) { return conv(in[0], 20, 8, 3, 2, 1); }, 1e-5},
        {"conv_texel_1x1", {{1, 12, 5, 5}}, [](const ov::OutputVector& in) { return conv(in[0], 33, 12, 1, 1, 0); }, 1e-5},
        {"conv_texel_1x1_batch2_stride2", {{2, 16, 7, 5}}, [](const ov::OutputVector& in) { return conv(in[0], 18, 16, 1, 2, 0); }, 1e-5},
        {"conv_texel_dilated_asymmetric", {{1, 4, 10, 9}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::Convolution>(in[0], weights({17, 4, 3, 2}, 15), ov::Strides{2, 1},
                                                                       ov::CoordinateDiff{2, 0}, ov::CoordinateDiff{0, 1},
                                                                       ov::Strides{2, 3})};
         }, 1e-5},
        {"group_conv_texel", {{1, 8, 5, 6}}, [](const ov::OutputVector& in) { return grouped(in[0], 2, 17, 4, 3, 1, 1); }, 1e-5},
        {"conv_texel_bias_relu_add",
         {{1, 8, 6, 5}, {1, 20, 6, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 20, 8, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 20, 1, 1}, 16));
             auto relu = std::make_shared<v0::Relu>(biased);
             return ov::OutputVector{std::make_shared<v1::Add>(relu, in[1])};
         },
         1e-5},
        // Each fused activation is its own pipeline (specialization constants): clamp, sigmoid and tanh on
        // conv_texel, conv and conv_block, with one-value, per-channel and full operands.
        {"conv_texel_bias_clamp",
         {{1, 4, 5, 6}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 16, 4, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 16, 1, 1}, 21));
             return ov::OutputVector{std::make_shared<v0::Clamp>(biased, -0.3, 0.4)};
         },
         1e-5},
        {"conv_texel_scalar_bias_sigmoid",
         {{1, 8, 3, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 17, 8, 1, 1, 0)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 1, 1, 1}, 22));
             return ov::OutputVector{std::make_shared<v0::Sigmoid>(biased)};
         },
         1e-5},
        {"conv_bias_tanh",
         {{1, 3, 6, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 6, 3, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 6, 1, 1}, 23));
             return ov::OutputVector{std::make_shared<v0::Tanh>(biased)};
         },
         1e-5},
        {"conv_block_bias_sigmoid_add",
         {{1, 6, 5, 4}, {1, 34, 5, 4}},
         [](const ov::OutputVector& in) {
             auto c = grouped(in[0], 2, 17, 3, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 34, 1, 1}, 24));
             auto sigmoid = std::make_shared<v0::Sigmoid>(biased);
             return ov::OutputVector{std::make_shared<v1::Add>(sigmoid, in[1])};
         },
         1e-5},
        {"conv_texel_bias_prelu",
         {{1, 3, 5, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 16, 3, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 16, 1, 1}, 17));
             return ov::OutputVector{std::make_shared<v0::PRelu>(biased, weights({16}, 18))};
         },
         1e-5},
        // Layout c4 between ops (docs/vulkan.md): a SqueezeNet fire module and its neighbours. conv1 reads the
        // plain input and writes c4 for the MaxPool (conv_texel needs 16 output channels or more); squeeze reads and writes c4; expand1x1 reads c4 in place,
        // expand3x3 through pack_c4's c4 variant (it pads); both write their slices of the Concat in c4; the
        // average pooling (padding counted) reads and writes c4; the last 1x1 strided convolution reads c4 and
        // writes plain for the Result.
        {"c4_fire_module",
         {{1, 5, 17, 15}},
         [](const ov::OutputVector& in) {
             auto conv1 = conv_relu(in[0], 16, 5, 3, 2, 0, 31);
             auto pool = std::make_shared<v1::MaxPool>(conv1, ov::Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{3, 3},
                                                       ov::op::RoundingType::CEIL);
             auto squeeze = conv_relu(pool, 16, 16, 1, 1, 0, 32);
             auto expand1 = conv_relu(squeeze, 16, 16, 1, 1, 0, 33);
             auto expand3 = conv_relu(squeeze, 20, 16, 3, 1, 1, 34);
             auto concat = std::make_shared<v0::Concat>(ov::OutputVector{expand1, expand3}, 1);
             auto average = std::make_shared<v1::AvgPool>(concat, ov::Strides{1, 1}, Shape{1, 1}, Shape{1, 1},
                                                          Shape{3, 3}, false);
             return ov::OutputVector{conv_relu(average, 16, 36, 1, 2, 0, 35)};
         },
         1e-5,
         {"conv_fused_f32_texel_c4_output", "max_pool_f32_c4", "conv_fused_f32_texel_c4_output_c4_input",
          "avg_pool_f32_c4", "conv_fused_f32_texel_c4_input"}},
        // Grouped convolutions in c4: 18 channels per group (blocks start off a quad) written, then a grouped
        // convolution reading c4 through pack_c4 (it pads).
        {"c4_grouped",
         {{1, 8, 5, 6}},
         [](const ov::OutputVector& in) {
             auto a = grouped(in[0], 2, 18, 4, 3, 1, 1)[0];
             auto b = conv_relu(a, 16, 36, 1, 1, 0, 41);
             return grouped(b, 2, 16, 8, 3, 1, 1);
         },
         1e-5,
         {"group_conv_f32_texel_c4_output", "conv_fused_f32_texel_c4_output_c4_input", "group_conv_f32_texel_c4_input"}},
        // A value some plain reader also reads stays plain: here a Relu, a Result and a Concat with a plain
        // input; each convolution then packs its input as before.
        {"c4_none_plain_readers",
         {{1, 8, 6, 7}},
         [](const ov::OutputVector& in) {
             auto a = conv_relu(in[0], 16, 8, 1, 1, 0, 36);
             auto b = conv_relu(a, 16, 16, 3, 1, 1, 37);
             auto c = conv_relu(in[0], 16, 8, 1, 1, 0, 38);
             auto concat = std::make_shared<v0::Concat>(ov::OutputVector{c, std::make_shared<v0::Sigmoid>(in[0])}, 1);
             auto d = conv_relu(concat, 16, 24, 1, 1, 0, 39);
             return ov::OutputVector{std::make_shared<v0::Tanh>(a), b, conv_relu(b, 16, 16, 1, 1, 0, 40), d};
         },
         1e-5},
        {"group_conv_block_1x1", {{1, 6, 4, 3}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<ov::op::v1::GroupConvolution>(
                 in[0], weights({2, 16, 3, 1, 1}, 11), ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                 ov::CoordinateDiff{0, 0}, ov::Strides{1, 1})};
         }, 1e-5},
        {"group_conv_block", {{1, 4, 5, 5}}, [](const ov::OutputVector& in) { return group_conv(in[0], 2, 17, 2); }, 1e-5},
        // Many output channels (blocks of 16 with a partial last one), two images, fused bias and activation.
        {"conv_wide_3x3_s2_p1", {{2, 5, 7, 6}}, [](const ov::OutputVector& in) { return conv(in[0], 130, 5, 3, 2, 1); }, 1e-5},
        {"conv_wide_1x1_bias_relu", {{1, 16, 5, 5}}, [](const ov::OutputVector& in) {
             auto c = conv(in[0], 200, 16, 1, 1, 0)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 200, 1, 1}, 13));
             return ov::OutputVector{std::make_shared<v0::Relu>(biased)};
         }, 1e-5},
        {"group_conv", {{1, 8, 6, 6}}, [](const ov::OutputVector& in) { return group_conv(in[0], 2, 3, 4); }, 1e-5},
        {"depthwise_conv", {{1, 6, 6, 6}}, [](const ov::OutputVector& in) { return group_conv(in[0], 6, 1, 1); }, 1e-5},
        {"conv_bias_relu_add",
         {{1, 4, 5, 5}, {1, 6, 5, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 6, 4, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 6, 1, 1}, 3));
             auto relu = std::make_shared<v0::Relu>(biased);
             return ov::OutputVector{std::make_shared<v1::Add>(relu, in[1])};
         },
         1e-5},
        // A scale-shift after the activation (a batch normalisation placed after a Relu), fused into the
        // convolution's epilogue: per channel or one value, on conv_texel and conv (the kit fuses ungrouped
        // convolutions only, which never take conv_block), beside an addend or a PRelu (then bound where the
        // addend would be), into a c4 output read by the next convolution.
        {"conv_texel_scale_shift_add",
         {{1, 8, 6, 5}, {1, 20, 6, 5}},
         [](const ov::OutputVector& in) {
             auto relu = conv_relu(in[0], 20, 8, 3, 1, 1, 41);
             auto scaled = std::make_shared<v1::Multiply>(relu, weights({1, 20, 1, 1}, 42));
             auto shifted = std::make_shared<v1::Add>(scaled, weights({1}, 43));
             return ov::OutputVector{std::make_shared<v1::Add>(shifted, in[1])};
         },
         1e-5, {"conv_fused_f32_texel"}},
        {"conv_texel_scale_shift_c4",
         {{1, 8, 6, 6}},
         [](const ov::OutputVector& in) {
             auto relu = conv_relu(in[0], 32, 8, 1, 1, 0, 44);
             auto scaled = std::make_shared<v1::Multiply>(relu, weights({1, 32, 1, 1}, 45));
             auto shifted = std::make_shared<v1::Add>(scaled, weights({1, 32, 1, 1}, 46));
             return ov::OutputVector{conv_relu(shifted, 16, 32, 3, 1, 0, 47)};
         },
         1e-5, {"conv_fused_f32_texel_c4_output", "conv_fused_f32_texel_c4_input"}},
        {"conv_scale_shift_one_value",
         {{1, 4, 5, 5}},
         [](const ov::OutputVector& in) {
             auto relu = conv_relu(in[0], 6, 4, 3, 1, 1, 51);
             auto scaled = std::make_shared<v1::Multiply>(relu, weights({1}, 52));
             return ov::OutputVector{std::make_shared<v1::Add>(scaled, weights({1, 6, 1, 1}, 53))};
         },
         1e-5, {"conv_fused_f32"}},
        // The residual form: the sum of another value before the scale-shift and the activation (a pre-activation
        // ResNet block), with and without a bias, into conv_texel and conv.
        {"conv_texel_residual_scale_shift",
         {{1, 8, 6, 5}, {1, 20, 6, 5}},
         [](const ov::OutputVector& in) {
             auto sum = std::make_shared<v1::Add>(conv(in[0], 20, 8, 3, 1, 1)[0], in[1]);
             auto scaled = std::make_shared<v1::Multiply>(sum, weights({1, 20, 1, 1}, 67));
             auto shifted = std::make_shared<v1::Add>(scaled, weights({1, 20, 1, 1}, 68));
             return ov::OutputVector{std::make_shared<v0::Relu>(shifted)};
         },
         1e-5, {"conv_fused_f32_texel"}},
        {"conv_residual_bias_scale_shift",
         {{1, 4, 5, 5}, {1, 6, 5, 5}},
         [](const ov::OutputVector& in) {
             auto biased = std::make_shared<v1::Add>(conv(in[0], 6, 4, 3, 1, 1)[0], weights({1, 6, 1, 1}, 69));
             auto sum = std::make_shared<v1::Add>(biased, in[1]);
             auto scaled = std::make_shared<v1::Multiply>(sum, weights({1, 6, 1, 1}, 70));
             auto shifted = std::make_shared<v1::Add>(scaled, weights({1, 6, 1, 1}, 71));
             return ov::OutputVector{std::make_shared<v0::Sigmoid>(shifted)};
         },
         1e-5, {"conv_fused_f32"}},
        // One output pixel: per channel and per element coincide (operand mode 3 for a [1, C, 1, 1] scale).
        {"conv_scale_shift_one_pixel",
         {{1, 4, 3, 3}},
         [](const ov::OutputVector& in) {
             auto relu = conv_relu(in[0], 20, 4, 3, 1, 0, 58);
             auto scaled = std::make_shared<v1::Multiply>(relu, weights({1, 20, 1, 1}, 59));
             return ov::OutputVector{std::make_shared<v1::Add>(scaled, weights({1, 20, 1, 1}, 60))};
         },
         1e-5, {"conv_fused_f32_texel"}},
        {"conv_prelu_scale_shift",
         {{1, 4, 5, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 6, 4, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 6, 1, 1}, 54));
             auto prelu = std::make_shared<v0::PRelu>(biased, weights({6}, 55));
             auto scaled = std::make_shared<v1::Multiply>(prelu, weights({1, 6, 1, 1}, 56));
             return ov::OutputVector{std::make_shared<v1::Add>(scaled, weights({1, 6, 1, 1}, 57))};
         },
         1e-5, {"conv_fused_f32"}},
        {"conv_bias_prelu",
         {{1, 4, 5, 5}},
         [](const ov::OutputVector& in) {
             auto c = conv(in[0], 6, 4, 3, 1, 1)[0];
             auto biased = std::make_shared<v1::Add>(c, weights({1, 6, 1, 1}, 3));
             return ov::OutputVector{std::make_shared<v0::PRelu>(biased, weights({6}, 4))};
         },
         1e-5},
        {"matmul", {{2, 3, 5}, {5, 4}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::MatMul>(in[0], in[1])};
         }, 1e-5},
        {"matmul_transposed", {{2, 5, 3}, {2, 4, 5}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::MatMul>(in[0], in[1], true, true)};
         }, 1e-5},
        // Edges of matmul.comp's 4 x 4 output tiles in both directions (7 rows, 6 columns) and broadcasts
        // over batches on either side.
        {"matmul_tile_edges", {{7, 9}, {2, 9, 6}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::MatMul>(in[0], in[1])};
         }, 1e-5},
        {"matmul_transposed_b_tile_edges", {{2, 5, 9}, {6, 9}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::MatMul>(in[0], in[1], false, true)};
         }, 1e-5},
        {"add_broadcast", {{2, 3, 4}, {3, 1}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::Add>(in[0], in[1])};
         }, 2e-6},
        {"multiply_divide_subtract", {{2, 1, 4}, {3, 4}}, [](const ov::OutputVector& in) {
             auto m = std::make_shared<v1::Multiply>(in[0], in[1]);
             auto d = std::make_shared<v1::Divide>(m, weights({4}, 5));
             return ov::OutputVector{std::make_shared<v1::Subtract>(d, in[1])};
         }, 2e-6},
        {"per_channel_and_scalar", {{2, 3, 4, 5}}, [](const ov::OutputVector& in) {
             auto scaled = std::make_shared<v1::Multiply>(in[0], weights({1, 3, 1, 1}, 6));
             auto shifted = std::make_shared<v1::Add>(scaled, weights({1}, 7));
             return ov::OutputVector{std::make_shared<v0::PRelu>(shifted, weights({3}, 8))};
         }, 2e-6},
        // Planes of 64 values or more: one row (image, channel) per work group along y, 90 values a row.
        {"per_channel_rows", {{2, 3, 9, 10}}, [](const ov::OutputVector& in) {
             auto scaled = std::make_shared<v1::Multiply>(in[0], weights({1, 3, 1, 1}, 61));
             return ov::OutputVector{std::make_shared<v0::PRelu>(scaled, weights({3}, 62))};
         }, 2e-6},
        {"maximum_minimum", {{3, 4}, {3, 4}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::Maximum>(in[0], in[1]), std::make_shared<v1::Minimum>(in[0], in[1])};
         }, 0},
        {"activations", {{2, 3, 5}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::Sigmoid>(in[0]), std::make_shared<v0::Tanh>(in[0]),
                                     std::make_shared<v0::Exp>(in[0]), std::make_shared<v0::Clamp>(in[0], -0.5, 0.25),
                                     std::make_shared<v0::Relu>(in[0])};
         }, 1e-5},
        {"sqrt", {{17}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v0::Sqrt>(std::make_shared<v0::Exp>(in[0]))};
         }, 1e-5},
        {"max_pool_ceil", {{1, 3, 8, 8}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::MaxPool>(in[0], ov::Strides{2, 2}, Shape{0, 0}, Shape{0, 0},
                                                                   Shape{3, 3}, ov::op::RoundingType::CEIL)};
         }, 0},
        {"avg_pool_pad", {{1, 2, 7, 7}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{
                 std::make_shared<v1::AvgPool>(in[0], ov::Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}, false),
                 std::make_shared<v1::AvgPool>(in[0], ov::Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}, true)};
         }, 1e-5},
        {"reductions", {{2, 3, 4, 5}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::ReduceMean>(in[0], ints({2, 3}), true),
                                     std::make_shared<v1::ReduceSum>(in[0], ints({1}), false),
                                     std::make_shared<v1::ReduceMax>(in[0], ints({-1}), false),
                                     std::make_shared<v1::ReduceProd>(in[0], ints({0}), true)};
         }, 1e-5},
        {"softmax", {{2, 5, 3}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::Softmax>(in[0], 1), std::make_shared<v8::Softmax>(in[0], -1)};
         }, 1e-5},
        // Few long rows: a work group shares each row (1000 classes in 3 rows; 130 values two apart in 2 rows).
        {"softmax_long_rows", {{3, 1000}, {1, 130, 2}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v8::Softmax>(in[0], -1), std::make_shared<v1::Softmax>(in[1], 1)};
         }, 1e-5, {"softmax_rows_f32"}},
        {"concat_slices", {{2, 3, 4}, {2, 2, 4}}, [](const ov::OutputVector& in) {
             auto a = std::make_shared<v0::Relu>(in[0]);
             auto b = std::make_shared<v0::Relu>(in[1]);
             return ov::OutputVector{std::make_shared<v0::Concat>(ov::OutputVector{a, b}, 1)};
         }, 0},
        {"concat_in_place", {{1, 3, 4}, {1, 2, 4}}, [](const ov::OutputVector& in) {
             auto a = std::make_shared<v0::Sigmoid>(in[0]);
             auto b = std::make_shared<v0::Sigmoid>(in[1]);
             auto c = std::make_shared<v0::Concat>(ov::OutputVector{a, b}, 1);
             return ov::OutputVector{std::make_shared<v0::Relu>(c)};
         }, 1e-5},
        {"transpose", {{2, 3, 4}}, [](const ov::OutputVector& in) {
             return ov::OutputVector{std::make_shared<v1::Transpose>(in[0], ints({2, 0, 1}))};
         }, 0},
        {"split_reshape", {{2, 6, 3}}, [](const ov::OutputVector& in) {
             auto split = std::make_shared<v1::Split>(in[0], ov::op::v0::Constant::create(ov::element::i64, Shape{}, {1}), 3);
             auto r = std::make_shared<v1::Reshape>(split->output(2), ints({4, 3}), false);
             return ov::OutputVector{split->output(0), std::make_shared<v0::Relu>(r)};
         }, 0},
    };
    return all;
}

class VulkanOps : public ::testing::TestWithParam<OpCase> {};

// The case compiled at `precision`; each output's error against the reference (f32 inputs and outputs). At f16
// every step must run its shaders' f16 variant (exec type "..._f16..."), and the expected exec types are read
// so.
std::vector<double> run_case(const OpCase& c, const ov::element::Type& precision) {
    const bool half = precision == ov::element::f16;
    ov::ParameterVector parameters;
    ov::OutputVector arguments;
    for (const auto& shape : c.inputs) {
        parameters.push_back(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape));
        arguments.push_back(parameters.back());
    }
    auto model = std::make_shared<ov::Model>(c.build(arguments), parameters, c.name);
    auto core = make_core();
    const auto supported = core->query_model(model, "VULKAN", ov::hint::inference_precision(precision));
    for (const auto& op : model->get_ordered_ops())
        EXPECT_EQ(supported.count(op->get_friendly_name()), 1u) << op->get_friendly_name() << " is not supported";
    auto compiled =
        core->compile_model(model, "VULKAN", ov::enable_profiling(true), ov::hint::inference_precision(precision));
    auto request = compiled.create_infer_request();
    std::vector<ov::Tensor> inputs;
    for (size_t i = 0; i < c.inputs.size(); ++i) {
        inputs.push_back(random_tensor(ov::element::f32, c.inputs[i], 100 + static_cast<unsigned>(i)));
        request.set_input_tensor(i, inputs.back());
    }
    request.infer();
    const auto expected = reference_outputs(model, inputs);
    std::vector<double> errors;
    for (size_t o = 0; o < expected.size(); ++o) {
        EXPECT_EQ(request.get_output_tensor(o).get_element_type(), ov::element::f32) << "output " << o;
        errors.push_back(relative_error(floats(request.get_output_tensor(o)), floats(expected[o])));
    }
    // The cases named for a convolution shader ran on it (lavapipe reads vec4 texel buffers).
    const std::string name = c.name;
    bool texel = false, c4 = false;
    std::set<std::string> exec_types;
    for (const auto& info : request.get_profiling_info()) {
        texel = texel || info.exec_type.find("_texel") != std::string::npos;
        c4 = c4 || info.exec_type.find("_c4") != std::string::npos;
        exec_types.insert(info.exec_type);
        if (half)
            EXPECT_EQ(info.exec_type.find("_f32"), std::string::npos) << info.node_name << " ran in f32";
    }
    for (auto type : c.exec_types) {
        if (half && type.find("_f32") != std::string::npos)
            type.replace(type.find("_f32"), 4, "_f16");
        EXPECT_EQ(exec_types.count(type), 1u) << "no step ran as " << type;
    }
    if (name.find("scale_shift") != std::string::npos)
        EXPECT_EQ(exec_types.count(half ? "eltwise_f16" : "eltwise_f32"), 0u) << "the scale-shift was not fused";
    if (name.find("c4_none") != std::string::npos)
        EXPECT_FALSE(c4) << "a value was kept in layout c4";
    if (name.find("conv_texel") != std::string::npos)
        EXPECT_TRUE(texel) << "conv_texel did not run";
    if (name.find("conv_block") != std::string::npos)
        EXPECT_FALSE(texel) << "conv_texel ran instead of conv_block";
    return errors;
}

TEST_P(VulkanOps, MatchesTheReference) {
    const auto errors = run_case(GetParam(), ov::element::f32);
    for (size_t o = 0; o < errors.size(); ++o)
        EXPECT_LE(errors[o], GetParam().tolerance) << "output " << o;
}

// At the f16 inference precision every value is stored in f16 (inputs, intermediates, constants), the products,
// epilogues and element-wise ops compute in f16 and the long sums in f32 (common.glsl): within 1e-2 of the
// f32 reference, and not equal to it, so the values really were rounded. 1e-2 is about twenty f16 roundings
// (2^-11 each) of the largest output; the deepest case chains three convolutions, and a clamp's output is
// smaller than the sums rounded before it (conv_texel_bias_clamp: 5.4e-3, where f16 storage alone gave under
// 4e-3).
TEST_P(VulkanOps, MatchesTheReferenceInF16) {
    auto core = make_core();
    const auto capabilities = core->get_property("VULKAN", ov::device::capabilities);
    if (std::find(capabilities.begin(), capabilities.end(), ov::device::capability::FP16) == capabilities.end())
        GTEST_SKIP() << "VULKAN.0 has no f16 storage (FP16 capability); lavapipe has it";
    const auto errors = run_case(GetParam(), ov::element::f16);
    for (size_t o = 0; o < errors.size(); ++o) {
        EXPECT_LE(errors[o], std::max(GetParam().tolerance, 1e-2)) << "output " << o;
        EXPECT_GT(errors[o], 0.0) << "output " << o << " was not rounded to f16";
    }
}

INSTANTIATE_TEST_SUITE_P(Shaders, VulkanOps, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<OpCase>& info) { return std::string(info.param.name); });

// GPUs run conv_texel one pixel and one quad of channels per invocation (Device::conv_texel_tile), lavapipe 16 x 4.
// The convolution cases again at the GPU's tile and at 2 x 2 (DEVMUX_VULKAN_CONV_TILE), so that CI covers the
// path an NVIDIA GPU takes: odd channel counts, groups, padding, dilation, c4 layouts and the fused epilogues.
std::vector<OpCase> convolution_cases() {
    std::vector<OpCase> convolutions;
    for (const auto& c : cases()) {
        const std::string name = c.name;
        if (name.find("conv") != std::string::npos || name.rfind("c4_", 0) == 0)
            convolutions.push_back(c);
    }
    return convolutions;
}

class VulkanOpsGpuTiles : public ::testing::TestWithParam<OpCase> {};

TEST_P(VulkanOpsGpuTiles, MatchTheReferenceAtSmallerTiles) {
    struct Unset {
        ~Unset() { unsetenv("DEVMUX_VULKAN_CONV_TILE"); }
    } unset;
    for (const char* tile : {"1x1", "2x2"}) {
        setenv("DEVMUX_VULKAN_CONV_TILE", tile, 1);
        const auto errors = run_case(GetParam(), ov::element::f32);
        for (size_t o = 0; o < errors.size(); ++o)
            EXPECT_LE(errors[o], GetParam().tolerance) << "output " << o << " at tile " << tile;
    }
}

INSTANTIATE_TEST_SUITE_P(Shaders, VulkanOpsGpuTiles, ::testing::ValuesIn(convolution_cases()),
                         [](const ::testing::TestParamInfo<OpCase>& info) { return std::string(info.param.name); });

// The arithmetic instructions of a SPIR-V module (add, subtract, multiply, divide, negate, scale, and the
// GLSL.std.450 functions) whose result is a 16-bit float or a vector of them; conversions and loads are not
// counted.
size_t f16_arithmetic(const uint32_t* words, size_t count) {
    enum : uint32_t { ExtInst = 12, TypeFloat = 22, TypeVector = 23, FNegate = 127, FAdd = 129, FSub = 131,
                      FMul = 133, FDiv = 136, VectorTimesScalar = 142 };
    const std::set<uint32_t> arithmetic = {ExtInst, FNegate, FAdd, FSub, FMul, FDiv, VectorTimesScalar};
    std::set<uint32_t> f16_types;
    size_t found = 0;
    for (size_t at = 5; at < count;) {  // after the header: instructions of (word count << 16 | opcode)
        const uint32_t opcode = words[at] & 0xffffu, length = words[at] >> 16;
        if (length == 0 || at + length > count) {
            ADD_FAILURE() << "malformed SPIR-V at word " << at;
            return found;
        }
        if (opcode == TypeFloat && words[at + 2] == 16)
            f16_types.insert(words[at + 1]);
        if (opcode == TypeVector && f16_types.count(words[at + 2]))
            f16_types.insert(words[at + 1]);
        if (arithmetic.count(opcode) && f16_types.count(words[at + 1]))
            ++found;
        at += length;
    }
    return found;
}

// The f16 variants compute in f16 (common.glsl's afloat), not only store in it: the element-wise, activation,
// convolution and matrix-product modules hold f16 arithmetic; the f32 variants and the modules that only move
// values (copy, pack_c4) hold none.
TEST(VulkanShaders, F16VariantsComputeInF16) {
    namespace shaders = devmux::vulkan::shaders;
    struct Module {
        const char* name;
        const uint32_t* f32;
        size_t f32_words;
        const uint32_t* f16;
        size_t f16_words;
        bool computes;
    };
#define DEVMUX_MODULE(name, computes)                                                                          \
    Module { #name, shaders::name##_comp_spv, shaders::name##_comp_spv_words, shaders::name##_comp_f16_spv,   \
             shaders::name##_comp_f16_spv_words, computes }
    const Module modules[] = {DEVMUX_MODULE(binary, true),  DEVMUX_MODULE(unary, true),
                              DEVMUX_MODULE(conv, true),    DEVMUX_MODULE(conv_block, true),
                              DEVMUX_MODULE(conv_texel, true), DEVMUX_MODULE(matmul, true),
                              DEVMUX_MODULE(copy, false),   DEVMUX_MODULE(pack_c4, false)};
#undef DEVMUX_MODULE
    for (const auto& m : modules) {
        EXPECT_EQ(f16_arithmetic(m.f32, m.f32_words), 0u) << m.name << " (f32 variant)";
        if (m.computes)
            EXPECT_GT(f16_arithmetic(m.f16, m.f16_words), 0u) << m.name << " (f16 variant) computes in f32";
        else
            EXPECT_EQ(f16_arithmetic(m.f16, m.f16_words), 0u) << m.name << " (f16 variant) only moves values";
    }
}

}  // namespace
