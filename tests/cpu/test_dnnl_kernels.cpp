// SPDX-License-Identifier: Apache-2.0
// The oneDNN convolution kernels against the ops' own reference evaluate() (the kit's FusedConvolution
// runs v1::Convolution, v1::Add and the activation ops), on seeded random inputs, bound to buffers the
// way a request binds them, with 1 and 2 threads. Built only where oneDNN is (DEVMUX_HAVE_DNNL).
#include <gtest/gtest.h>

#include <cstring>

#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/max_pool.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/subtract.hpp"
#include "openvino/runtime/properties.hpp"
#include "compiled_model.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"

namespace {

using namespace cpu_test;
using devmux::kit::FusedActivation;

constexpr double kTolerance = 1e-4;

struct Buffers {
    std::vector<ov::Tensor> inputs;
    ov::Tensor output;
};

// Binds `kernel` to the tensors' memory (output in place of input `alias` when >= 0), runs it twice
// (the second run must give the same result: nothing carried over) and returns the output.
std::vector<float> run_bound(const devmux::kit::OpKernel& kernel, Buffers& buffers, int alias, size_t threads) {
    devmux::kit::ExecutionPlan plan;
    devmux::kit::PlanStep step;
    std::vector<char> scratch(kernel.scratch_bytes() + 64);
    const auto ref = [](const ov::Tensor& t) {
        devmux::kit::BufferRef b;
        b.base = t.data();
        b.bytes = t.get_byte_size();
        return b;
    };
    devmux::kit::BindArgs args{plan, step, {}, {}, {}};
    for (const auto& t : buffers.inputs)
        args.inputs.push_back(ref(t));
    args.outputs.push_back(alias >= 0 ? ref(buffers.inputs[static_cast<size_t>(alias)]) : ref(buffers.output));
    args.scratch.base = scratch.data();
    args.scratch.bytes = kernel.scratch_bytes();
    auto bound = kernel.bind(args);
    devmux::cpu::DnnlThreads team(static_cast<int>(threads));  // as InferRequest::infer sets it
    devmux::cpu::ThreadPool pool(1);
    devmux::kit::ExecContext ctx;
    ctx.pool = &pool;
    const ov::Tensor out = alias >= 0 ? buffers.inputs[static_cast<size_t>(alias)] : buffers.output;
    const std::vector<float> addend_copy = alias >= 0 ? to_floats(out) : std::vector<float>();
    bound->execute(ctx);
    const auto first = to_floats(out);
    if (alias >= 0)
        std::memcpy(out.data(), addend_copy.data(), addend_copy.size() * sizeof(float));
    bound->execute(ctx);
    EXPECT_EQ(first, to_floats(out)) << "a second run differs";
    return first;
}

std::vector<float> reference(const std::shared_ptr<ov::Node>& node, const std::vector<ov::Tensor>& inputs) {
    ov::TensorVector out{ov::Tensor(ov::element::f32, node->get_output_shape(0))};
    EXPECT_TRUE(node->evaluate(out, ov::TensorVector(inputs.begin(), inputs.end())));
    return to_floats(out[0]);
}

// NCHW <-> nChw<block>c (channels a multiple of the block): the layout oneDNN's blocked values have.
size_t blocked_index(const ov::Shape& shape, size_t n, size_t c, size_t hw, size_t block) {
    const size_t plane = shape[2] * shape[3];
    return ((n * (shape[1] / block) + c / block) * plane + hw) * block + c % block;
}

ov::Tensor to_channel_blocked(const ov::Tensor& plain, size_t block) {
    const ov::Shape shape = plain.get_shape();
    ov::Tensor blocked(ov::element::f32, shape);
    const size_t plane = shape[2] * shape[3];
    const float* from = plain.data<float>();
    for (size_t n = 0, i = 0; n < shape[0]; ++n)
        for (size_t c = 0; c < shape[1]; ++c)
            for (size_t hw = 0; hw < plane; ++hw, ++i)
                blocked.data<float>()[blocked_index(shape, n, c, hw, block)] = from[i];
    return blocked;
}

std::vector<float> from_channel_blocked(const std::vector<float>& blocked, const ov::Shape& shape, size_t block) {
    std::vector<float> plain(blocked.size());
    const size_t plane = shape[2] * shape[3];
    for (size_t n = 0, i = 0; n < shape[0]; ++n)
        for (size_t c = 0; c < shape[1]; ++c)
            for (size_t hw = 0; hw < plane; ++hw, ++i)
                plain[i] = blocked[blocked_index(shape, n, c, hw, block)];
    return plain;
}

struct Geometry {
    ov::Shape data, filters;
    ov::Strides strides;
    ov::CoordinateDiff pads_begin, pads_end;
    ov::Strides dilations;
};

std::ostream& operator<<(std::ostream& os, const Geometry& g) {
    return os << "data " << g.data << " filters " << g.filters << " strides " << g.strides << " pads "
              << g.pads_begin << "/" << g.pads_end << " dilations " << g.dilations;
}

void check_plain(const Geometry& g, unsigned seed) {
    const bool grouped = g.filters.size() == 5;
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, g.data);
    const auto filters_tensor = random_tensor(g.filters, seed + 1);
    auto filters = std::make_shared<ov::op::v0::Constant>(filters_tensor);
    std::shared_ptr<ov::Node> conv;
    if (grouped)
        conv = std::make_shared<ov::op::v1::GroupConvolution>(data, filters, g.strides, g.pads_begin, g.pads_end,
                                                              g.dilations);
    else
        conv = std::make_shared<ov::op::v1::Convolution>(data, filters, g.strides, g.pads_begin, g.pads_end,
                                                         g.dilations);
    for (size_t threads : {1u, 2u}) {
        auto kernel = devmux::cpu::make_dnnl_convolution_kernel(conv, static_cast<int>(threads));
        ASSERT_TRUE(kernel) << g;
        EXPECT_EQ(kernel->name().rfind("dnnl_", 0), 0u) << kernel->name();
        Buffers buffers{{random_tensor(g.data, seed), filters_tensor}, random_tensor(conv->get_output_shape(0), 99)};
        const auto expected = reference(conv, buffers.inputs);
        EXPECT_LE(max_rel_diff(run_bound(*kernel, buffers, -1, threads), expected), kTolerance)
            << g << " threads " << threads;
    }
}

TEST(CpuDnnlConvolution, MatchesReferenceOnStridePadDilationVariants) {
    const Geometry cases[] = {
        {{1, 3, 17, 19}, {8, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
        {{1, 16, 13, 13}, {24, 16, 1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1}},
        {{2, 8, 9, 10}, {5, 8, 1, 1}, {2, 2}, {0, 0}, {0, 0}, {1, 1}},
        {{1, 4, 20, 15}, {7, 4, 5, 3}, {2, 1}, {2, 1}, {1, 0}, {1, 2}},
        {{2, 3, 11, 11}, {6, 3, 3, 3}, {3, 2}, {0, 2}, {2, 0}, {2, 2}},
        {{1, 32, 14, 14}, {48, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
    };
    unsigned seed = 11;
    for (const auto& g : cases)
        check_plain(g, seed += 3);
}

TEST(CpuDnnlConvolution, MatchesReferenceOnGroupedAndDepthwise) {
    const Geometry cases[] = {
        {{1, 6, 10, 10}, {2, 4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
        {{2, 8, 7, 9}, {4, 3, 2, 1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1}},
        {{1, 16, 24, 24}, {16, 1, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
        {{2, 12, 15, 13}, {12, 1, 1, 3, 5}, {2, 3}, {1, 2}, {0, 2}, {2, 1}},
        {{1, 32, 9, 9}, {32, 1, 1, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}},
    };
    unsigned seed = 40;
    for (const auto& g : cases)
        check_plain(g, seed += 3);
}

struct FusedCase {
    FusedActivation activation;
    bool per_channel_slope = false;
    bool addend = false;
    bool in_place = false;
    bool one_d_slope = false;  // the per-channel slope as [C], which PRelu reads along the channels too
};

TEST(CpuDnnlConvolution, FusedPostOpsMatchTheReference) {
    const FusedCase cases[] = {
        {FusedActivation::None},
        {FusedActivation::Relu},
        {FusedActivation::Clamp},
        {FusedActivation::Sigmoid},
        {FusedActivation::Tanh},
        {FusedActivation::PRelu, false},
        {FusedActivation::PRelu, true},
        {FusedActivation::PRelu, true, false, false, true},
        {FusedActivation::Relu, false, true, false},
        {FusedActivation::Relu, false, true, true},
        {FusedActivation::None, false, true, true},
        {FusedActivation::PRelu, true, true, false},
        {FusedActivation::Clamp, false, true, true},
    };
    // One 3x3 layer (oneDNN picks blocked layouts: reorders in and out) and one 1x1 layer.
    const Geometry layers[] = {
        {{1, 8, 12, 12}, {16, 8, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
        {{1, 32, 7, 7}, {16, 32, 1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1}},
    };
    unsigned seed = 300;
    for (const auto& g : layers) {
        for (const auto& c : cases) {
            seed += 5;
            const size_t channels = g.filters[0];
            const ov::Shape out_shape{g.data[0], channels, g.data[2] + 2 * static_cast<size_t>(g.pads_begin[0]) - g.filters[2] + 1,
                                      g.data[3] + 2 * static_cast<size_t>(g.pads_begin[1]) - g.filters[3] + 1};
            auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, g.data);
            const auto filters_tensor = random_tensor(g.filters, seed + 1);
            const auto bias_tensor = random_tensor({1, channels, 1, 1}, seed + 2);
            ov::OutputVector arguments{data, std::make_shared<ov::op::v0::Constant>(filters_tensor),
                                       std::make_shared<ov::op::v0::Constant>(bias_tensor)};
            std::vector<ov::Tensor> inputs{random_tensor(g.data, seed), filters_tensor, bias_tensor};
            if (c.activation == FusedActivation::PRelu) {
                const auto slope = random_tensor(!c.per_channel_slope ? ov::Shape{1} : c.one_d_slope ? ov::Shape{channels} : ov::Shape{channels, 1, 1}, seed + 3,
                                                 0.05f, 0.5f);
                arguments.push_back(std::make_shared<ov::op::v0::Constant>(slope));
                inputs.push_back(slope);
            }
            int addend_index = -1;
            if (c.addend) {
                auto addend = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, out_shape);
                arguments.push_back(addend);
                addend_index = static_cast<int>(inputs.size());
                inputs.push_back(random_tensor(out_shape, seed + 4));
            }
            auto fused = std::make_shared<devmux::kit::FusedConvolution>(
                arguments, g.strides, g.pads_begin, g.pads_end, g.dilations, ov::op::PadType::EXPLICIT, c.activation,
                -0.3, 0.4, c.addend);
            const auto expected = reference(fused, inputs);
            auto kernel = devmux::cpu::make_dnnl_convolution_kernel(fused, 2);
            ASSERT_TRUE(kernel) << devmux::kit::to_string(c.activation);
            // In place only where the kernel offers it (a sum post-op on a plain result).
            const bool in_place = c.in_place && kernel->in_place_input() == addend_index;
            Buffers buffers{inputs, random_tensor(out_shape, 77)};
            if (in_place) {  // the addend's buffer is the output: give it its own copy
                buffers.inputs[static_cast<size_t>(addend_index)] = random_tensor(out_shape, seed + 4);
            }
            const auto actual = run_bound(*kernel, buffers, in_place ? addend_index : -1, 2);
            EXPECT_LE(max_rel_diff(actual, expected), kTolerance)
                << g << " " << devmux::kit::to_string(c.activation) << (c.per_channel_slope ? " per channel" : "") << (c.one_d_slope ? " (1-D)" : "")
                << (c.addend ? " + addend" : "") << (in_place ? " in place" : "") << " kernel " << kernel->name();
        }
    }
}

TEST(CpuDnnlConvolution, DeclinesWhatItDoesNotCover) {
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4, 8, 8});
    auto runtime_filters = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{3, 4, 3, 3});
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, runtime_filters, ov::Strides{1, 1},
                                                          ov::CoordinateDiff{0, 0}, ov::CoordinateDiff{0, 0},
                                                          ov::Strides{1, 1});
    EXPECT_FALSE(devmux::cpu::make_dnnl_convolution_kernel(conv, 1)) << "filters that are not a Constant";
    // A bias that varies along the width is no per-channel bias.
    auto w = std::make_shared<ov::op::v0::Constant>(random_tensor({3, 4, 3, 3}, 2));
    auto wide_bias = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 1, 1, 6}, 3));
    auto fused = std::make_shared<devmux::kit::FusedConvolution>(
        ov::OutputVector{data, w, wide_bias}, ov::Strides{1, 1}, ov::CoordinateDiff{0, 0}, ov::CoordinateDiff{0, 0},
        ov::Strides{1, 1}, ov::op::PadType::EXPLICIT, FusedActivation::Relu, 0.0, 0.0, false);
    EXPECT_FALSE(devmux::cpu::make_dnnl_convolution_kernel(fused, 1)) << "bias along the width";
}

// Runs the compiled model on seeded input of `shape` and checks every output against the reference.
template <class Compiled>
void expect_outputs_match_reference(Compiled& compiled, const ov::Model& model, const ov::Shape& shape, unsigned seed) {
    const auto x = random_tensor(shape, seed);
    auto request = compiled.create_sync_infer_request();
    request->set_tensor(compiled.inputs()[0], x);
    request->infer();
    const auto expected = reference_outputs(model, {x});
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled.outputs()[i])), to_floats(expected[i])), kTolerance)
            << "output " << i;
}

// (conv + bias + Relu) x 3, each fused into one oneDNN convolution: the two intermediates feed only oneDNN
// convolutions, so they stay in the layout oneDNN picks (no reorders between the steps). With `tap`, the
// first intermediate is also a model output and must stay plain.
std::shared_ptr<ov::Model> conv_chain(bool tap) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 20, 20});
    std::shared_ptr<ov::Node> value = x;
    ov::ResultVector results;
    for (unsigned i = 0; i < 3; ++i) {
        auto w = std::make_shared<ov::op::v0::Constant>(random_tensor({32, i == 0 ? 16u : 32u, 3, 3}, 40 + i, -0.2f, 0.2f));
        auto conv = std::make_shared<ov::op::v1::Convolution>(value, w, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                              ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
        auto bias = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 32, 1, 1}, 50 + i));
        value = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(conv, bias));
        if (tap && i == 0)
            results.push_back(std::make_shared<ov::op::v0::Result>(value));
    }
    results.push_back(std::make_shared<ov::op::v0::Result>(value));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x}, "conv_chain");
}

TEST(CpuDnnlLayouts, BlockedValuesFlowBetweenOneDnnConvolutions) {
    for (bool tap : {false, true}) {
        const auto model = conv_chain(tap);
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(2)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        size_t blocked = 0;
        for (const auto& value : plan.values)
            blocked += value.layout == "dnnl_chosen" ? 1 : 0;
        // No channel blocks below AVX2: then every value is plain.
        const size_t expected_blocked = devmux::cpu::dnnl_channel_block() == 0 ? 0u : tap ? 1u : 2u;
        EXPECT_EQ(blocked, expected_blocked) << (tap ? "with" : "without") << " the first result as an output";
        expect_outputs_match_reference(*compiled, *model, {1, 16, 20, 20}, 77);
    }
}

// conv + bias + Relu, fused into one oneDNN convolution.
// conv + bias + Relu over a kh x kw window (openWakeWord has 1x3 and 3x1 ones), padded to keep the plane's size.
std::shared_ptr<ov::Node> conv_relu(const ov::Output<ov::Node>& value, size_t out_channels, size_t kh, size_t kw,
                                    unsigned seed) {
    auto w = std::make_shared<ov::op::v0::Constant>(
        random_tensor({out_channels, value.get_shape()[1], kh, kw}, seed, -0.2f, 0.2f));
    const ov::CoordinateDiff pads{static_cast<std::ptrdiff_t>(kh / 2), static_cast<std::ptrdiff_t>(kw / 2)};
    auto conv = std::make_shared<ov::op::v1::Convolution>(value, w, ov::Strides{1, 1}, pads, pads, ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v0::Constant>(random_tensor({1, out_channels, 1, 1}, seed + 1));
    return std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(conv, bias));
}

std::shared_ptr<ov::Node> conv_relu(const ov::Output<ov::Node>& value, size_t out_channels, size_t kernel, unsigned seed) {
    return conv_relu(value, out_channels, kernel, kernel, seed);
}

// A SqueezeNet fire module after a pooling: conv -> MaxPool -> squeeze 1x1 -> (expand 1x1, expand 3x3) ->
// Concat -> conv. With `tap` the Concat is also a model output, so it and its inputs must stay plain.
std::shared_ptr<ov::Model> fire_module(bool tap) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 24, 24});
    auto first = conv_relu(x, 32, 3, 60);
    auto pool = std::make_shared<ov::op::v1::MaxPool>(first, ov::Strides{2, 2}, ov::Shape{0, 0}, ov::Shape{0, 0},
                                                      ov::Shape{3, 3}, ov::op::RoundingType::CEIL);
    auto squeeze = conv_relu(pool, 16, 1, 62);
    auto concat = std::make_shared<ov::op::v0::Concat>(
        ov::OutputVector{conv_relu(squeeze, 32, 1, 64), conv_relu(squeeze, 32, 3, 66)}, 1);
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(conv_relu(concat, 32, 1, 68))};
    if (tap)
        results.push_back(std::make_shared<ov::op::v0::Result>(concat));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x}, "fire");
}

TEST(CpuDnnlLayouts, BlockedValuesFlowThroughMaxPoolAndAnInPlaceConcat) {
    const bool blocks = devmux::cpu::dnnl_channel_block() != 0;
    for (bool tap : {false, true}) {
        const auto model = fire_module(tap);
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(1)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        size_t blocked = 0, channel_blocked = 0;
        for (const auto& value : plan.values) {
            blocked += value.layout != "plain" ? 1 : 0;
            channel_blocked += value.layout.rfind("dnnl_nChw", 0) == 0 ? 1 : 0;
        }
        // Blocked: first conv, pool, squeeze, both expands and the Concat, all channel-blocked for the
        // Concat made in place; the last conv feeds a Result. With the tap only the first conv, the pool and
        // the squeeze stay blocked, in the layout oneDNN picks for the first conv (no Concat among them).
        EXPECT_EQ(blocked, !blocks ? 0u : tap ? 3u : 6u) << (tap ? "with" : "without") << " the concat as an output";
        EXPECT_EQ(channel_blocked, !blocks || tap ? 0u : 6u) << (tap ? "with" : "without") << " the concat as an output";
        size_t in_place = 0;
        for (const auto& free_op : plan.free_ops)
            in_place += free_op.how == "concat_in_place" ? 1 : 0;
        EXPECT_EQ(in_place, 1u) << "the expands write straight into the concat, blocked or plain";
        for (const auto& step : plan.steps)
            EXPECT_EQ(step.kernel->name().find("ref"), std::string::npos) << step.node_name << " " << step.kernel->name();
        expect_outputs_match_reference(*compiled, *model, {1, 16, 24, 24}, 78);
    }
}

std::shared_ptr<ov::op::v0::Constant> one_number(float value) {
    return ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, 1, 1, 1}, {value});
}

// openWakeWord's speech embedding in small: convolutions of 24 and 72 channels (no whole 16-channel blocks),
// each followed by an element-wise op with one number (tf.math.maximum and kin, the number first or second),
// a MaxPool between. With `tap` the first Maximum is also a model output, so it and its convolution stay plain.
std::shared_ptr<ov::Model> speech_embedding_blocks(bool tap) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 1, 30, 16});
    auto first = std::make_shared<ov::op::v1::Maximum>(conv_relu(x, 24, 3, 3, 120), one_number(0.05f));
    auto second = std::make_shared<ov::op::v1::Subtract>(one_number(0.5f), conv_relu(first, 24, 1, 3, 122));
    auto third = std::make_shared<ov::op::v1::Multiply>(conv_relu(second, 24, 3, 1, 124), one_number(1.5f));
    auto pool = std::make_shared<ov::op::v1::MaxPool>(third, ov::Strides{2, 2}, ov::Shape{0, 0}, ov::Shape{0, 0},
                                                      ov::Shape{2, 2}, ov::op::RoundingType::FLOOR);
    auto fourth = std::make_shared<ov::op::v1::Minimum>(conv_relu(pool, 72, 1, 3, 126), one_number(0.7f));
    auto fifth = std::make_shared<ov::op::v1::Maximum>(one_number(0.02f), conv_relu(fourth, 72, 3, 1, 128));
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(conv_relu(fifth, 24, 1, 3, 130))};
    if (tap)
        results.push_back(std::make_shared<ov::op::v0::Result>(first));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x}, "speech_embedding_blocks");
}

TEST(CpuDnnlLayouts, ChannelsLastFlowsThroughScalarElementwiseOpsAtAnyChannelCount) {
    const bool blocks = devmux::cpu::dnnl_channel_block() != 0;
    for (bool tap : {false, true}) {
        SCOPED_TRACE(tap ? "the first Maximum also an output" : "one output");
        const auto model = speech_embedding_blocks(tap);
        for (int threads : {1, 2}) {
            SCOPED_TRACE(std::to_string(threads) + " threads");
            auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(threads)});
            const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
            size_t convolutions = 0, elementwise = 0, kept = 0;
            const std::string tapped_name =
                tap ? model->get_results()[1]->get_input_node_ptr(0)->get_friendly_name() : std::string();
            for (const auto& step : plan.steps) {
                ASSERT_EQ(step.outputs.size(), 1u) << step.node_name;
                const std::string& layout = plan.values[step.outputs[0]].layout;
                const bool last = step.outputs[0] == plan.steps.back().outputs[0];
                if (step.node_type == "FusedConvolution") {
                    ++convolutions;
                    EXPECT_EQ(step.kernel->name().rfind("dnnl_", 0), 0u) << step.node_name << ' ' << step.kernel->name();
                } else if (step.node_type != "MaxPool") {
                    ++elementwise;
                    // The element-wise step reads and writes one layout, its data operand's.
                    for (const size_t input : step.inputs)
                        if (plan.values[input].kind != devmux::kit::ValueKind::Constant)
                            EXPECT_EQ(plan.values[input].layout, layout) << step.node_name;
                }
                // Every value but the model's outputs stays in the layout the convolutions chose (channels-last
                // on AVX-512: no reorder in or out of them), at 24 and 72 channels alike.
                const bool tapped = tap && (step.node_name == tapped_name ||
                                            (step.node_type == "FusedConvolution" && convolutions == 1));
                kept += layout != "plain" ? 1 : 0;
                if (blocks && !last && !tapped)
                    EXPECT_EQ(layout, "dnnl_chosen") << step.node_name << " (" << step.node_type << ")";
            }
            EXPECT_EQ(convolutions, 6u) << "each conv + bias + Relu one fused step";
            EXPECT_EQ(elementwise, 5u) << "the element-wise ops are steps of their own";
            // 6 convolutions, 5 element-wise ops and the MaxPool; the last convolution writes the output, and
            // with the tap the first convolution and Maximum are plain too.
            EXPECT_EQ(kept, !blocks ? 0u : tap ? 9u : 11u);
            expect_outputs_match_reference(*compiled, *model, {1, 1, 30, 16}, 131 + static_cast<unsigned>(threads));
        }
    }
}

// A MaxPool between two convolutions of 24 channels, with a window oneDNN's pooling takes (3x3, stride 2) and one
// it refuses (1x1, stride 3, ceil rounding: the last window would need padding beyond the window itself). The
// first convolution keeps oneDNN's pick where the MaxPool can read it, and is made again to write plain where it
// cannot, so the MaxPool runs on the hand-written kernel instead of failing the compile.
TEST(CpuDnnlLayouts, AConvolutionWritesPlainWhereTheMaxPoolAfterItCannotReadItsPick) {
    const bool blocks = devmux::cpu::dnnl_channel_block() != 0;
    for (const bool refused : {false, true}) {
        SCOPED_TRACE(refused ? "1x1 window, stride 3, ceil" : "3x3 window, stride 2");
        // 41x41 keeps both convolutions below Winograd's size (it would pick a padded layout) and above oneDNN's.
        auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8, 41, 41});
        auto first = conv_relu(x, 24, 3, 150);
        auto pool = std::make_shared<ov::op::v1::MaxPool>(
            first, ov::Strides{refused ? 3u : 2u, refused ? 3u : 2u}, ov::Shape{0, 0}, ov::Shape{0, 0},
            refused ? ov::Shape{1, 1} : ov::Shape{3, 3}, refused ? ov::op::RoundingType::CEIL : ov::op::RoundingType::FLOOR);
        auto model = std::make_shared<ov::Model>(ov::OutputVector{conv_relu(pool, 24, 3, 152)}, ov::ParameterVector{x},
                                                 "conv_pool_conv");
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(1)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        std::vector<std::string> layouts;  // of the first convolution's and the MaxPool's results
        for (const auto& step : plan.steps)
            if (step.node_type == "MaxPool" || (step.node_type == "FusedConvolution" && layouts.empty()))
                layouts.push_back(plan.values[step.outputs[0]].layout);
        ASSERT_EQ(layouts.size(), 2u);
        const std::string kept = !blocks || refused ? "plain" : "dnnl_chosen";
        EXPECT_EQ(layouts, (std::vector<std::string>{kept, kept}));
        expect_outputs_match_reference(*compiled, *model, {1, 8, 41, 41}, 153);
    }
}

// The fire module whose result goes on through a convolution of 24 channels, then one of 32: the 24-channel
// value cannot be channel-blocked, so it stays plain rather than take the Concat's neighbourhood (joined
// through readers into one layout) with it.
std::shared_ptr<ov::Model> fire_module_then_24_channels() {
    const auto fire = fire_module(false);
    const auto concat_conv = fire->get_results()[0]->input_value(0);
    auto narrow = conv_relu(concat_conv, 24, 1, 140);
    auto wide = conv_relu(narrow, 32, 3, 142);
    return std::make_shared<ov::Model>(ov::OutputVector{wide}, fire->get_parameters(), "fire_then_24");
}

TEST(CpuDnnlLayouts, ChannelsWithoutWholeBlocksLeaveAConcatsNeighbourhoodChannelBlocked) {
    const size_t block = static_cast<size_t>(devmux::cpu::dnnl_channel_block());
    const auto model = fire_module_then_24_channels();
    auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(1)});
    const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
    size_t channel_blocked = 0, chosen = 0;
    for (const auto& value : plan.values) {
        channel_blocked += value.layout.rfind("dnnl_nChw", 0) == 0 ? 1 : 0;
        chosen += value.layout == "dnnl_chosen" ? 1 : 0;
    }
    // The first conv, the pool, the squeeze, both expands and the Concat as in the fire module, and the conv
    // after the Concat (32 channels) now too; the 24-channel value stays plain where 24 channels are no whole
    // blocks (16-channel blocks, AVX-512), and is channel-blocked too where they are (8-channel blocks, AVX2).
    const size_t expected = block == 0 ? 0u : 24 % block == 0 ? 8u : 7u;
    EXPECT_EQ(channel_blocked, expected) << "channel block " << block;
    EXPECT_EQ(chosen, 0u);
    expect_outputs_match_reference(*compiled, *model, {1, 16, 24, 24}, 143);
}

// With a bf16 inference precision on a CPU that has it, the oneDNN convolutions compute in bf16 (their
// exec types say so) and the values stay f32 between steps; elsewhere the hint is refused.
TEST(CpuDnnlBf16, ConvolutionsComputeInBf16WhereTheCpuHasIt) {
    const auto model = fire_module(false);
    const ov::AnyMap bf16{ov::hint::inference_precision(ov::element::bf16)};
    if (!devmux::cpu::dnnl_native_bf16()) {
        EXPECT_THROW(make_plugin()->compile_model(model, bf16), ov::Exception);
        return;
    }
    auto compiled = make_plugin()->compile_model(model, bf16);
    EXPECT_EQ(compiled->get_property(ov::hint::inference_precision.name()).as<ov::element::Type>(), ov::element::bf16);
    const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
    size_t bf16_steps = 0;
    for (const auto& step : plan.steps)
        bf16_steps += step.kernel->name().find("_bf16") != std::string::npos ? 1 : 0;
    EXPECT_EQ(bf16_steps, 5u) << "every convolution";
    const auto x = random_tensor({1, 16, 24, 24}, 79);
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], x);
    request->infer();
    const auto expected = reference_outputs(*model, {x});
    const double error = max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])), to_floats(expected[0]));
    // bf16 keeps 8 significant bits: about 4e-3 per rounding, a few percent after five convolutions.
    EXPECT_LE(error, 5e-2);
    EXPECT_GT(error, 1e-5) << "as exact as f32: the convolutions did not round to bf16";
}

// A convolution without bias, the first stage of a residual block.
std::shared_ptr<ov::Node> plain_conv(const ov::Output<ov::Node>& value, size_t out_channels, size_t kernel, size_t stride,
                                     unsigned seed) {
    auto w = std::make_shared<ov::op::v0::Constant>(
        random_tensor({out_channels, value.get_shape()[1], kernel, kernel}, seed, -0.2f, 0.2f));
    const auto pad = static_cast<std::ptrdiff_t>(kernel / 2);
    return std::make_shared<ov::op::v1::Convolution>(value, w, ov::Strides{stride, stride},
                                                     ov::CoordinateDiff{pad, pad}, ov::CoordinateDiff{pad, pad},
                                                     ov::Strides{1, 1});
}

std::shared_ptr<ov::Node> scale_shift(const ov::Output<ov::Node>& value, unsigned seed) {
    const size_t channels = value.get_shape()[1];
    auto scale = std::make_shared<ov::op::v0::Constant>(random_tensor({1, channels, 1, 1}, seed, 0.5f, 1.5f));
    auto shift = std::make_shared<ov::op::v0::Constant>(random_tensor({1, channels, 1, 1}, seed + 1));
    return std::make_shared<ov::op::v1::Add>(std::make_shared<ov::op::v1::Multiply>(value, scale), shift);
}

// vehicle-attributes' pre-activation residual blocks: conv -> MaxPool -> conv -> Add(the pooled value) ->
// scale-shift -> Relu, then a strided conv pair whose sum with a strided 1x1 shortcut is the output.
std::shared_ptr<ov::Model> residual_blocks() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 20, 20});
    auto pool = std::make_shared<ov::op::v1::MaxPool>(conv_relu(x, 32, 3, 80), ov::Strides{2, 2}, ov::Shape{0, 0},
                                                      ov::Shape{0, 0}, ov::Shape{3, 3}, ov::op::RoundingType::CEIL);
    auto first_sum = std::make_shared<ov::op::v1::Add>(plain_conv(pool, 32, 3, 1, 82), pool);
    auto activated = std::make_shared<ov::op::v0::Relu>(scale_shift(first_sum, 84));
    auto strided_bias = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 64, 1, 1}, 87));
    auto strided = std::make_shared<ov::op::v0::Relu>(
        std::make_shared<ov::op::v1::Add>(plain_conv(activated, 64, 3, 2, 86), strided_bias));
    auto second_sum = std::make_shared<ov::op::v1::Add>(plain_conv(strided, 64, 3, 1, 88),
                                                        plain_conv(activated, 64, 1, 2, 90));
    return std::make_shared<ov::Model>(ov::OutputVector{second_sum}, ov::ParameterVector{x}, "residual_blocks");
}

TEST(CpuDnnlResiduals, SumsScaleShiftsAndActivationsAreConvolutionPostOps) {
    const auto model = residual_blocks();
    for (int threads : {1, 2}) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(threads)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        const bool blocks = devmux::cpu::dnnl_channel_block() != 0;
        for (const auto& step : plan.steps) {
            EXPECT_TRUE(step.node_type == "FusedConvolution" || step.node_type == "Convolution" ||
                        step.node_type == "MaxPool")
                << step.node_name << " (" << step.node_type << ") runs as a step of its own";
            // The 1x1 shortcut is too small for oneDNN (worth_dnnl) and runs on the hand-written kernel, and
            // so does the MaxPool below AVX2, where oneDNN has no JIT pooling over plain data.
            if (step.node_type == "FusedConvolution" || (step.node_type == "MaxPool" && blocks))
                EXPECT_EQ(step.kernel->name().rfind("dnnl_", 0), 0u) << step.node_name << " " << step.kernel->name();
        }
        // The first conv, the pool (read as data and as an addend) and the strided conv stay in oneDNN's
        // layout. The first sum stays plain for the hand-written shortcut, whose plain result is reordered
        // into the last sum's layout; the output is plain.
        size_t blocked = 0;
        for (const auto& value : plan.values)
            blocked += value.layout != "plain" ? 1 : 0;
        EXPECT_EQ(blocked, blocks ? 3u : 0u);
        expect_outputs_match_reference(*compiled, *model, {1, 16, 20, 20}, 91 + static_cast<unsigned>(threads));
    }
}

// A sum whose addend is a model input (plain) while the convolution writes oneDNN's layout: the addend is
// reordered into it. `after` puts the scale-shift after the activation and the sum last (head-pose's
// order); otherwise the sum comes first.
std::shared_ptr<ov::Model> residual_with_plain_addend(bool after) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 12, 12});
    auto shortcut = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 32, 12, 12});
    std::shared_ptr<ov::Node> value;
    if (after) {
        value = std::make_shared<ov::op::v1::Add>(scale_shift(conv_relu(x, 32, 3, 100), 102), shortcut);
    } else {
        auto conv = plain_conv(x, 32, 3, 1, 104);
        value = std::make_shared<ov::op::v0::Relu>(scale_shift(std::make_shared<ov::op::v1::Add>(shortcut, conv), 106));
    }
    return std::make_shared<ov::Model>(ov::OutputVector{value}, ov::ParameterVector{x, shortcut}, "plain_addend");
}

TEST(CpuDnnlResiduals, PlainAddendsInEitherOrderMatchTheReference) {
    for (bool after : {false, true}) {
        SCOPED_TRACE(after ? "scale-shift after the activation, sum last" : "sum first");
        const auto model = residual_with_plain_addend(after);
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(2)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        ASSERT_EQ(plan.steps.size(), 1u) << "one fused convolution";
        EXPECT_EQ(plan.steps[0].kernel->name().rfind("dnnl_", 0), 0u) << plan.steps[0].kernel->name();
        const auto x = random_tensor({1, 16, 12, 12}, 110), shortcut = random_tensor({1, 32, 12, 12}, 111);
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], x);
        request->set_tensor(compiled->inputs()[1], shortcut);
        for (int run = 0; run < 2; ++run) {  // the addend is put into place again at every inference
            request->infer();
            const auto expected = reference_outputs(*model, {x, shortcut});
            EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])), to_floats(expected[0])),
                      kTolerance);
        }
    }
}

TEST(CpuDnnlWinograd, ThreeByThreeConvolutionsOnBlockedImagesFrom14x14Up) {
    // A fire module on a 32x32 image pooled to 16x16: the first conv (32x32, its plain input reordered to the
    // channel-blocked layout inside the step) and the 3x3 expand (16x16) take oneDNN's Winograd kernel where
    // this CPU has one (AVX-512); the 1x1 convolutions do not, and nothing does below AVX-512.
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 16, 32, 32});
    auto pool = std::make_shared<ov::op::v1::MaxPool>(conv_relu(x, 32, 3, 120), ov::Strides{2, 2}, ov::Shape{0, 0},
                                                      ov::Shape{1, 1}, ov::Shape{3, 3}, ov::op::RoundingType::FLOOR);
    auto squeeze = conv_relu(pool, 16, 1, 122);
    auto concat = std::make_shared<ov::op::v0::Concat>(
        ov::OutputVector{conv_relu(squeeze, 32, 1, 124), conv_relu(squeeze, 32, 3, 126)}, 1);
    const auto model = std::make_shared<ov::Model>(ov::OutputVector{conv_relu(concat, 32, 1, 128)},
                                                   ov::ParameterVector{x}, "fire16");
    const bool avx512 = devmux::cpu::dnnl_channel_block() == 16;
    for (int threads : {1, 2}) {
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(threads)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        size_t winograd = 0;
        for (const auto& step : plan.steps)
            winograd += step.kernel->name().find("wino") != std::string::npos ? 1 : 0;
        EXPECT_EQ(winograd, avx512 ? 2u : 0u) << threads << " threads";
        expect_outputs_match_reference(*compiled, *model, {1, 16, 32, 32}, 130 + static_cast<unsigned>(threads));
    }
}

TEST(CpuDnnlWinograd, LargeConvolutionsTakeItThroughReordersToo) {
    // PP-OCRv4's detector head: 96 -> 24 channels 3x3 (24 fills no channel block, so the result is padded
    // inside the step and reordered out), on a plain input, with and without a fused bias and Relu; and a
    // small one (below 4 M multiply-adds) that stays direct.
    struct Case {
        size_t in_channels, out_channels, size;
        bool fused;
        bool winograd;  // on AVX-512
    };
    const Case cases[] = {{96, 24, 40, false, true}, {96, 24, 20, true, true}, {16, 24, 16, true, false}};
    const bool avx512 = devmux::cpu::dnnl_channel_block() == 16;
    unsigned seed = 140;
    for (const auto& c : cases) {
        seed += 5;
        const ov::Shape data_shape{1, c.in_channels, c.size, c.size};
        auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, data_shape);
        const auto filters_tensor = random_tensor({c.out_channels, c.in_channels, 3, 3}, seed + 1, -0.2f, 0.2f);
        const auto bias_tensor = random_tensor({1, c.out_channels, 1, 1}, seed + 2);
        auto filters = std::make_shared<ov::op::v0::Constant>(filters_tensor);
        std::shared_ptr<ov::Node> conv;
        std::vector<ov::Tensor> inputs{random_tensor(data_shape, seed), filters_tensor};
        if (c.fused) {
            conv = std::make_shared<devmux::kit::FusedConvolution>(
                ov::OutputVector{data, filters, std::make_shared<ov::op::v0::Constant>(bias_tensor)}, ov::Strides{1, 1},
                ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1}, ov::Strides{1, 1}, ov::op::PadType::EXPLICIT,
                FusedActivation::Relu, 0.0, 0.0, false);
            inputs.push_back(bias_tensor);
        } else {
            conv = std::make_shared<ov::op::v1::Convolution>(data, filters, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                             ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
        }
        const auto expected = reference(conv, inputs);
        for (int threads : {1, 2}) {
            auto kernel = devmux::cpu::make_dnnl_convolution_kernel(conv, threads);
            ASSERT_TRUE(kernel);
            const bool winograd = kernel->name().find("wino") != std::string::npos;
            EXPECT_EQ(winograd, avx512 && c.winograd) << kernel->name() << " for " << c.in_channels << " -> "
                                                      << c.out_channels << " on " << c.size << "x" << c.size;
            Buffers buffers{inputs, random_tensor(conv->get_output_shape(0), 78)};
            EXPECT_LE(max_rel_diff(run_bound(*kernel, buffers, -1, static_cast<size_t>(threads)), expected), kTolerance)
                << kernel->name() << " threads " << threads;
        }
    }
}

TEST(CpuDnnlMaxPool, MatchesReferenceExactly) {
    struct PoolCase {
        ov::Shape data;
        ov::Strides strides;
        ov::Shape pads_begin, pads_end, kernel;
        ov::op::RoundingType rounding;
    };
    const PoolCase cases[] = {
        {{1, 16, 113, 113}, {2, 2}, {0, 0}, {0, 0}, {3, 3}, ov::op::RoundingType::CEIL},  // SqueezeNet's
        {{2, 8, 20, 17}, {2, 2}, {1, 1}, {1, 1}, {3, 3}, ov::op::RoundingType::FLOOR},
        {{1, 5, 9, 11}, {1, 2}, {0, 1}, {1, 0}, {2, 3}, ov::op::RoundingType::CEIL},
        {{1, 3, 12, 12}, {3, 3}, {0, 0}, {0, 0}, {3, 3}, ov::op::RoundingType::FLOOR},
    };
    unsigned seed = 900;
    for (const auto& c : cases) {
        auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.data);
        auto pool = std::make_shared<ov::op::v1::MaxPool>(data, c.strides, c.pads_begin, c.pads_end, c.kernel,
                                                          c.rounding);
        const auto input = random_tensor(c.data, ++seed);
        const auto expected = reference(pool, {input});
        // Over channel-blocked data (where the planner keeps SqueezeNet's pooling inputs) oneDNN always
        // takes it; the blocked result, unblocked, is the reference's.
        const size_t block = static_cast<size_t>(devmux::cpu::dnnl_channel_block());
        if (block != 0 && c.data[1] % block == 0) {
            const auto blocked_layout = devmux::cpu::dnnl_channel_blocked_layout(c.data);
            auto blocked_kernel = devmux::cpu::make_dnnl_max_pool_kernel(pool, 2, &blocked_layout);
            ASSERT_TRUE(blocked_kernel) << c.data;
            Buffers buffers{{to_channel_blocked(input, block)}, random_tensor(pool->get_output_shape(0), 6)};
            const auto blocked = run_bound(*blocked_kernel, buffers, -1, 2);
            EXPECT_EQ(from_channel_blocked(blocked, pool->get_output_shape(0), block), expected) << c.data << " blocked";
        } else {
            // Below AVX2 (no channel blocks) nothing is blocked.
            EXPECT_TRUE(block == 0 || &c != &cases[0]) << "SqueezeNet's pooling has whole channel blocks";
        }
        // Over plain data only where oneDNN has a JIT implementation (AVX-512 here); else the hand-written
        // kernel takes it.
        auto kernel = devmux::cpu::make_dnnl_max_pool_kernel(pool, 2);
        if (!kernel)
            continue;
        Buffers buffers{{input}, random_tensor(pool->get_output_shape(0), 5)};
        EXPECT_EQ(run_bound(*kernel, buffers, -1, 2), expected) << c.data << " kernel " << pool->get_kernel();
    }
}

// GroupConvolution in a FusedConvolution (filters [G, O/G, I/G, kh, kw]) with an HSwish and a scale-shift as
// post-ops, against the FusedConvolution's own evaluate() (v1::GroupConvolution, Add, v4::HSwish, Multiply,
// Add). A scale-shift of one number for all channels is a linear eltwise post-op, a per-channel one binary
// post-ops: both are checked.
TEST(CpuDnnlConvolution, GroupedHSwishScaleShiftMatchTheReference) {
    struct Case {
        ov::Shape data, filters;
        ov::Strides strides;
        bool uniform_scale_shift;
        bool grouped;
    };
    const Case cases[] = {
        {{1, 32, 12, 20}, {32, 1, 1, 3, 3}, {1, 1}, true, true},    // depthwise, as in PP-LCNetV3
        {{1, 32, 12, 20}, {32, 1, 1, 5, 5}, {2, 2}, false, true},   // depthwise, strided, 5x5
        {{1, 16, 10, 10}, {2, 16, 8, 3, 3}, {1, 1}, false, true},   // two groups of 8 channels
        {{1, 16, 12, 20}, {32, 16, 1, 1}, {1, 1}, true, false},     // a plain 1x1 convolution with an HSwish
    };
    unsigned seed = 700;
    for (const auto& c : cases) {
        seed += 7;
        const size_t channels = c.grouped ? c.filters[0] * c.filters[1] : c.filters[0];
        const auto pad = static_cast<std::ptrdiff_t>(c.filters.back() / 2);
        const ov::CoordinateDiff pads{pad, pad};
        auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.data);
        const auto filters_tensor = random_tensor(c.filters, seed + 1);
        const auto bias_tensor = random_tensor({1, channels, 1, 1}, seed + 2, -2.f, 2.f);
        const ov::Shape channel_shape = c.uniform_scale_shift ? ov::Shape{1} : ov::Shape{1, channels, 1, 1};
        const auto scale_tensor = random_tensor(channel_shape, seed + 3, 0.2f, 1.5f);
        const auto shift_tensor = random_tensor(channel_shape, seed + 4);
        ov::OutputVector arguments{data, std::make_shared<ov::op::v0::Constant>(filters_tensor),
                                   std::make_shared<ov::op::v0::Constant>(bias_tensor),
                                   std::make_shared<ov::op::v0::Constant>(scale_tensor),
                                   std::make_shared<ov::op::v0::Constant>(shift_tensor)};
        auto fused = std::make_shared<devmux::kit::FusedConvolution>(
            arguments, c.strides, pads, pads, ov::Strides{1, 1}, ov::op::PadType::EXPLICIT, FusedActivation::HSwish,
            0.0, 0.0, false, true);
        ASSERT_EQ(fused->is_grouped(), c.grouped) << c.filters;
        // Inputs in [-4, 4] after the bias reach both bends of the HSwish (-3 and 3).
        const std::vector<ov::Tensor> inputs{random_tensor(c.data, seed, -2.f, 2.f), filters_tensor, bias_tensor,
                                             scale_tensor, shift_tensor};
        const auto expected = reference(fused, inputs);
        for (int threads : {1, 2}) {
            auto kernel = devmux::cpu::make_dnnl_convolution_kernel(fused, threads);
            ASSERT_TRUE(kernel) << c.filters;
            EXPECT_EQ(kernel->name().rfind("dnnl_", 0), 0u) << kernel->name();
            Buffers buffers{inputs, random_tensor(fused->get_output_shape(0), 77)};
            EXPECT_LE(max_rel_diff(run_bound(*kernel, buffers, -1, static_cast<size_t>(threads)), expected), kTolerance)
                << "data " << c.data << " filters " << c.filters << " threads " << threads << " kernel "
                << kernel->name();
        }
    }
}

// PP-OCRv4's PP-LCNetV3 block, as its ONNX export writes it: a depthwise 3x3 GroupConvolution, its bias
// Add, a learnable affine block (Multiply and Add by scalars), HSwish, another affine block, then a 1x1
// Convolution whose batch normalisation the exporter left as a per-channel Multiply and Add, its own affine
// block, HSwish and affine block. `tap` makes the first block's HSwish a model output too.
std::shared_ptr<ov::Model> lcnet_block(bool tap) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 32, 24, 40});
    const auto constant = [](const ov::Shape& shape, unsigned seed, float lo, float hi) {
        return std::make_shared<ov::op::v0::Constant>(random_tensor(shape, seed, lo, hi));
    };
    const auto affine = [&](const ov::Output<ov::Node>& value, unsigned seed) {
        auto scaled = std::make_shared<ov::op::v1::Multiply>(value, constant({1}, seed, 0.5f, 1.5f));
        return std::make_shared<ov::op::v1::Add>(scaled, constant({1}, seed + 1, -0.5f, 0.5f));
    };
    ov::ResultVector results;
    auto dw = std::make_shared<ov::op::v1::GroupConvolution>(x, constant({32, 1, 1, 3, 3}, 801, -0.5f, 0.5f),
                                                             ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                             ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto dw_biased = std::make_shared<ov::op::v1::Add>(dw, constant({1, 32, 1, 1}, 802, -1.f, 1.f));
    auto dw_act = std::make_shared<ov::op::v4::HSwish>(affine(dw_biased, 803));
    if (tap)
        results.push_back(std::make_shared<ov::op::v0::Result>(dw_act));
    auto pw = std::make_shared<ov::op::v1::Convolution>(affine(dw_act, 805), constant({64, 32, 1, 1}, 807, -0.3f, 0.3f),
                                                        ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                        ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    auto pw_biased = std::make_shared<ov::op::v1::Add>(pw, constant({1, 64, 1, 1}, 808, -1.f, 1.f));
    auto bn = std::make_shared<ov::op::v1::Add>(
        std::make_shared<ov::op::v1::Multiply>(pw_biased, constant({1, 64, 1, 1}, 809, 0.5f, 1.5f)),
        constant({1, 64, 1, 1}, 810, -0.5f, 0.5f));
    auto pw_act = std::make_shared<ov::op::v4::HSwish>(affine(bn, 811));
    results.push_back(std::make_shared<ov::op::v0::Result>(affine(pw_act, 813)));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x}, "lcnet_block");
}

TEST(CpuDnnlFusion, ConvolutionAffineAndHSwishChainsAreOneStepEach) {
    const bool blocks = devmux::cpu::dnnl_channel_block() != 0;
    for (bool tap : {false, true}) {
        const auto model = lcnet_block(tap);
        for (int threads : {1, 2}) {
            SCOPED_TRACE(std::string(tap ? "with" : "without") + " the first HSwish as an output, " +
                         std::to_string(threads) + " threads");
            auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(threads)});
            const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
            std::vector<std::string> types;
            for (const auto& step : plan.steps)
                types.push_back(step.node_type);
            if (!tap) {
                // Each convolution with its bias, affine blocks, batch normalisation and HSwish: one step.
                EXPECT_EQ(types, (std::vector<std::string>{"FusedConvolution", "FusedConvolution"}));
                for (const auto& step : plan.steps)
                    EXPECT_EQ(step.kernel->name().rfind("dnnl_", 0), 0u) << step.kernel->name();
                // The value between the two convolutions stays in oneDNN's layout: no reorder around it.
                size_t blocked = 0;
                for (const auto& value : plan.values)
                    blocked += value.layout != "plain" ? 1 : 0;
                EXPECT_EQ(blocked, blocks ? 1u : 0u);
            } else {
                // The HSwish is also an output, so its value must exist: the depthwise convolution takes
                // its bias, affine block and HSwish, but the affine block after the HSwish (read by the
                // output too) runs as a Multiply and an Add of its own; the 1x1 convolution fuses as before.
                std::vector<std::string> sorted = types;
                std::sort(sorted.begin(), sorted.end());
                EXPECT_EQ(sorted, (std::vector<std::string>{"Add", "FusedConvolution", "FusedConvolution", "Multiply"}));
            }
            // Against the unfused graph evaluated op by op.
            const auto x = random_tensor({1, 32, 24, 40}, 820 + static_cast<unsigned>(threads), -3.f, 3.f);
            auto request = compiled->create_sync_infer_request();
            request->set_tensor(compiled->inputs()[0], x);
            request->infer();
            const auto expected = reference_outputs(*model, {x});
            ASSERT_EQ(expected.size(), compiled->outputs().size());
            for (size_t i = 0; i < expected.size(); ++i)
                EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[i])), to_floats(expected[i])),
                          kTolerance)
                    << "output " << i;
        }
    }
}

// A 1-D depthwise convolution with bias and Relu (Silero VAD's) stays a GroupConvolution on the
// hand-written depthwise kernel, which beat oneDNN there, and so does a small 2-D one (landmarks-regression's
// 6x6 depthwise to 1x1, which oneDNN ran on its reference implementation): a FusedConvolution would leave that
// kernel.
TEST(CpuDnnlFusion, OneDimensionalAndSmallGroupConvolutionsStayUnfused) {
    struct Case {
        ov::Shape data, filters, bias;
        ov::Strides strides;
        ov::CoordinateDiff pads;
    };
    const Case cases[] = {
        {{1, 128, 64}, {128, 1, 1, 5}, {1, 128, 1}, {1}, {2}},
        {{1, 128, 6, 6}, {128, 1, 1, 6, 6}, {1, 128, 1, 1}, {1, 1}, {0, 0}},
    };
    unsigned seed = 830;
    for (const auto& c : cases) {
        seed += 4;
        auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.data);
        auto w = std::make_shared<ov::op::v0::Constant>(random_tensor(c.filters, seed, -0.5f, 0.5f));
        auto conv = std::make_shared<ov::op::v1::GroupConvolution>(x, w, c.strides, c.pads, c.pads,
                                                                   ov::Strides(c.strides.size(), 1));
        auto bias = std::make_shared<ov::op::v0::Constant>(random_tensor(c.bias, seed + 1));
        auto relu = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(conv, bias));
        const auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{x}, "depthwise");
        auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(1)});
        const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
        size_t grouped = 0;
        for (const auto& step : plan.steps) {
            EXPECT_NE(step.node_type, "FusedConvolution") << step.node_name << " for data " << c.data;
            grouped += step.node_type == "GroupConvolution" ? 1 : 0;
        }
        EXPECT_EQ(grouped, 1u) << c.data;
        const auto in = random_tensor(c.data, seed + 2);
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], in);
        request->infer();
        EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])),
                               to_floats(reference_outputs(*model, {in})[0])),
                  kTolerance)
            << c.data;
    }
}

}  // namespace
