// SPDX-License-Identifier: Apache-2.0
// The CPU kernels added for ops that real ONNX models leave on the reference path (docs/onnx.md, "Real models
// that applications ship"): BatchNormInference, HardSigmoid, Power by a constant, Transpose, Interpolate
// (nearest) and (Group)ConvolutionBackpropData, each against the op's own reference evaluate() on seeded
// random inputs, in the calling thread and on a team of 3.
// Tolerances: gathers (Transpose, Interpolate) must be bit-identical; BatchNormInference, HardSigmoid and
// Power, computed in f32 where the reference uses double or another association, within 1e-5 of the largest
// reference magnitude (max_rel_diff); the transposed convolutions, sums of up to a few hundred products in
// another order, within 1e-4.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernels/kernel.hpp"
#include "openvino/op/batch_norm.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/hard_sigmoid.hpp"
#include "openvino/op/interpolate.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/hsigmoid.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/transpose.hpp"
#include "transformations.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
size_t fuse_hswish(ov::Model& model);       // kernels/hswish.cpp
size_t fold_batch_norms(ov::Model& model);  // kernels/scale_shift.cpp
}  // namespace cpu
}  // namespace devmux

namespace {

using namespace cpu_test;
using devmux::cpu::ThreadPool;

std::shared_ptr<ov::op::v0::Parameter> param(const ov::Shape& shape, ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v0::Parameter>(type, shape);
}

std::shared_ptr<ov::op::v0::Constant> f32_constant(const ov::Shape& shape, unsigned seed, float lo, float hi) {
    const ov::Tensor t = random_tensor(shape, seed, lo, hi);
    return std::make_shared<ov::op::v0::Constant>(ov::element::f32, shape, t.data());
}

// The node's inputs as tensors: `data` for input `data_input`, the Constants' values for the others.
ov::TensorVector inputs_of(const ov::Node& node, size_t data_input, const ov::Tensor& data) {
    ov::TensorVector inputs;
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        if (i == data_input) {
            inputs.push_back(data);
            continue;
        }
        const auto c = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(i));
        EXPECT_TRUE(c) << "input " << i << " of " << node << " is not a Constant";
        inputs.push_back(c ? c->get_tensor_view() : ov::Tensor());
    }
    return inputs;
}

struct Outputs {
    std::string kernel_name;
    ov::Tensor optimized, reference;
};

// Runs the node's optimised kernel (on `pool`, or in the calling thread) and its evaluate() on the same inputs.
Outputs run_both(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs, ThreadPool* pool) {
    Outputs result;
    const auto kernel = devmux::cpu::make_optimized_kernel(node);
    if (!kernel) {
        ADD_FAILURE() << "no optimised kernel for " << *node;
        return result;
    }
    result.kernel_name = kernel->name();
    const auto type = node->get_output_element_type(0);
    const auto shape = node->get_output_shape(0);
    result.optimized = ov::Tensor(type, shape);
    std::memset(result.optimized.data(), 0x5a, result.optimized.get_byte_size());  // garbage must not matter
    ov::TensorVector outputs{result.optimized};
    std::vector<char> scratch(kernel->scratch_bytes() + 64);
    devmux::cpu::ExecContext ctx;
    ctx.pool = pool;
    kernel->execute(inputs, outputs, scratch.data(), ctx);
    ov::TensorVector expected{ov::Tensor(type, shape)};
    EXPECT_TRUE(node->evaluate(expected, inputs)) << *node;
    result.reference = expected[0];
    return result;
}

bool same_bytes(const ov::Tensor& a, const ov::Tensor& b) {
    return a.get_byte_size() == b.get_byte_size() && std::memcmp(a.data(), b.data(), a.get_byte_size()) == 0;
}

// ---- BatchNormInference ----

TEST(CpuModelKernels, BatchNormInferenceMatchesReference) {
    ThreadPool pool(3);
    unsigned seed = 100;
    for (const ov::Shape& shape : {ov::Shape{1, 16, 24, 96}, ov::Shape{2, 5, 7, 9}, ov::Shape{3, 4}, ov::Shape{1, 24, 160, 160}}) {
        for (int version : {0, 5}) {
            const size_t c = shape[1];
            auto data = param(shape);
            auto gamma = f32_constant({c}, ++seed, 0.5f, 2.0f);
            auto beta = f32_constant({c}, ++seed, -1.0f, 1.0f);
            auto mean = f32_constant({c}, ++seed, -0.5f, 0.5f);
            auto variance = f32_constant({c}, ++seed, 0.1f, 3.0f);
            std::shared_ptr<ov::Node> bn;
            if (version == 5)
                bn = std::make_shared<ov::op::v5::BatchNormInference>(data, gamma, beta, mean, variance, 1e-5);
            else
                bn = std::make_shared<ov::op::v0::BatchNormInference>(data, gamma, beta, mean, variance, 1e-3);
            const size_t data_input = version == 5 ? 0 : 2;
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                const auto run = run_both(bn, inputs_of(*bn, data_input, random_tensor(shape, ++seed, -3.0f, 3.0f)), p);
                EXPECT_EQ(run.kernel_name, "scale_shift_f32");
                EXPECT_LE(max_rel_diff(to_floats(run.optimized), to_floats(run.reference)), 1e-5)
                    << "BatchNormInference-" << version << " on " << shape;
            }
        }
    }
}

TEST(CpuModelKernels, BatchNormInferenceWithComputedStatisticsStaysWithReference) {
    auto data = param({1, 3, 4, 4});
    auto gamma = param({3});  // not a Constant: nothing to fold at compile time
    auto bn = std::make_shared<ov::op::v5::BatchNormInference>(data, gamma, f32_constant({3}, 1, -1, 1),
                                                               f32_constant({3}, 2, -1, 1), f32_constant({3}, 3, 0.5, 1),
                                                               1e-5);
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(bn), nullptr);
}

// Convolution (or GroupConvolution) -> BatchNormInference; with `expose_conv` the convolution's output is
// also a model output.
std::shared_ptr<ov::Model> conv_batch_norm(bool grouped, bool expose_conv = false) {
    auto x = param({1, 6, 9, 11});
    std::shared_ptr<ov::Node> conv;
    if (grouped)
        conv = std::make_shared<ov::op::v1::GroupConvolution>(x, f32_constant({3, 4, 2, 3, 3}, 11, -1, 1),
                                                              ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                              ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    else
        conv = std::make_shared<ov::op::v1::Convolution>(x, f32_constant({12, 6, 3, 3}, 11, -1, 1), ov::Strides{2, 2},
                                                         ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
                                                         ov::Strides{1, 1});
    auto bn = std::make_shared<ov::op::v5::BatchNormInference>(conv, f32_constant({12}, 12, 0.5f, 2.0f),
                                                               f32_constant({12}, 13, -1, 1), f32_constant({12}, 14, -1, 1),
                                                               f32_constant({12}, 15, 0.1f, 3.0f), 1e-5);
    bn->set_friendly_name("bn");
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(bn)};
    if (expose_conv)
        results.push_back(std::make_shared<ov::op::v0::Result>(conv));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x});
}

size_t count_type(const ov::Model& model, const std::string& type) {
    size_t n = 0;
    for (const auto& node : model.get_ordered_ops())
        n += type == node->get_type_name();
    return n;
}

TEST(CpuModelKernels, BatchNormAfterConvolutionIsFoldedWithTheSameResults) {
    for (bool grouped : {false, true}) {
        const auto original = conv_batch_norm(grouped);
        const auto prepared = devmux::cpu::prepare_model(*original);
        EXPECT_EQ(count_type(*prepared, "BatchNormInference"), 0u) << "grouped " << grouped;
        EXPECT_EQ(prepared->get_results().at(0)->get_input_node_ptr(0)->get_friendly_name(), "bn");
        const ov::Tensor x = random_tensor({1, 6, 9, 11}, 900 + grouped, -2.0f, 2.0f);
        auto compiled = make_plugin()->compile_model(original, {});
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], x);
        request->infer();
        const auto expected = reference_outputs(*original, {x});
        // Scaled filters sum the same products in another association: within 1e-5 of the largest output.
        EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])), to_floats(expected.at(0))), 1e-5)
            << "grouped " << grouped;
    }
}

TEST(CpuModelKernels, BatchNormAfterAConvolutionReadElsewhereIsNotFolded) {
    EXPECT_EQ(devmux::cpu::fold_batch_norms(*conv_batch_norm(false, true)), 0u);
    EXPECT_EQ(devmux::cpu::fold_batch_norms(*conv_batch_norm(true, true)), 0u);
    EXPECT_EQ(devmux::cpu::fold_batch_norms(*conv_batch_norm(false)), 1u);
}

// ---- HardSigmoid and Power ----

TEST(CpuModelKernels, HardSigmoidMatchesReference) {
    ThreadPool pool(3);
    unsigned seed = 200;
    const std::pair<float, float> params[] = {{0.2f, 0.5f}, {1.0f / 6.0f, 0.5f}, {-0.7f, 0.1f}};
    for (const ov::Shape& shape : {ov::Shape{1, 480, 1, 1}, ov::Shape{2, 8, 300, 60}}) {
        for (const auto& ab : params) {
            auto data = param(shape);
            auto node = std::make_shared<ov::op::v0::HardSigmoid>(
                data, ov::op::v0::Constant::create(ov::element::f32, {}, {ab.first}),
                ov::op::v0::Constant::create(ov::element::f32, {}, {ab.second}));
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                const auto run = run_both(node, inputs_of(*node, 0, random_tensor(shape, ++seed, -6.0f, 6.0f)), p);
                EXPECT_EQ(run.kernel_name, "eltwise_f32");
                EXPECT_LE(max_rel_diff(to_floats(run.optimized), to_floats(run.reference)), 1e-5)
                    << "alpha " << ab.first << " beta " << ab.second << " on " << shape;
            }
        }
    }
}

TEST(CpuModelKernels, PowerByAConstantMatchesReference) {
    ThreadPool pool(3);
    unsigned seed = 300;
    for (float exponent : {2.0f, 0.5f, 1.0f, 3.0f, -1.5f, 0.25f}) {
        for (const ov::Shape& exponent_shape : {ov::Shape{}, ov::Shape{1, 1, 1}}) {
            const ov::Shape shape{2, 61, 257};
            auto data = param(shape);
            auto node = std::make_shared<ov::op::v1::Power>(
                data, ov::op::v0::Constant::create(ov::element::f32, exponent_shape, {exponent}));
            // Positive bases for fractional exponents (negative ones give NaN on both sides); signed for 2 and 3.
            const bool integral = exponent == 2.0f || exponent == 3.0f || exponent == 1.0f;
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                const auto run = run_both(
                    node, inputs_of(*node, 0, random_tensor(shape, ++seed, integral ? -4.0f : 0.05f, 4.0f)), p);
                EXPECT_EQ(run.kernel_name, "eltwise_f32");
                EXPECT_LE(max_rel_diff(to_floats(run.optimized), to_floats(run.reference)), 1e-5)
                    << "exponent " << exponent << " shaped " << exponent_shape;
            }
        }
    }
}

TEST(CpuModelKernels, PowerOfComputedOrBroadcastExponentStaysWithReference) {
    auto data = param({2, 3});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v1::Power>(data, param({}))), nullptr);
    // The exponent broadcasts the base to another shape: the output is not the base's shape.
    auto scalar_base = param({});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v1::Power>(
                  scalar_base, ov::op::v0::Constant::create(ov::element::f32, {2, 2}, {1.0f, 2.0f, 3.0f, 4.0f}))),
              nullptr);
}

// ---- Transpose ----

using cpu_test::random_bytes;

TEST(CpuModelKernels, TransposeIsBitIdenticalToReference) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape shape;
        std::vector<int64_t> order;
    };
    const Case cases[] = {{{1, 1, 257, 31}, {0, 1, 3, 2}},  // openWakeWord's spectrogram
                          {{2, 3, 4, 5}, {0, 2, 3, 1}},     {{2, 3, 4, 5}, {0, 3, 1, 2}},
                          {{4, 6, 8}, {2, 0, 1}},           {{64, 96}, {1, 0}},
                          {{2, 3, 4, 5}, {0, 1, 2, 3}},     {{2, 3, 4}, {}},  // empty order: reversed axes
                          {{3, 5, 7}, {-1, 0, -2}},         {{2, 3, 4, 5, 6}, {0, 3, 1, 4, 2}},
                          {{1, 40, 8, 3, 15}, {3, 0, 2, 1, 4}}, {{1, 1, 1}, {2, 1, 0}},
                          {{120, 1, 300}, {2, 0, 1}},       {{1, 2, 160, 240}, {0, 2, 3, 1}}};
    unsigned seed = 400;
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::i64, ov::element::u8, ov::element::f16}) {
            auto data = param(c.shape, type);
            auto node = std::make_shared<ov::op::v1::Transpose>(
                data, ov::op::v0::Constant::create(ov::element::i64, {c.order.size()}, c.order));
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                const auto run = run_both(node, inputs_of(*node, 0, random_bytes(type, c.shape, ++seed)), p);
                EXPECT_EQ(run.kernel_name, "transpose");
                EXPECT_TRUE(same_bytes(run.optimized, run.reference))
                    << type << " " << c.shape << " order " << ov::Shape(c.order.begin(), c.order.end());
            }
        }
    }
}

TEST(CpuModelKernels, TransposeByAComputedOrderStaysWithReference) {
    auto node = std::make_shared<ov::op::v1::Transpose>(param({2, 3}), param({2}, ov::element::i64));
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(node), nullptr);
}

// ---- Interpolate, nearest ----

using Attrs = ov::op::util::InterpolateBase::InterpolateAttrs;
using Base = ov::op::util::InterpolateBase;

TEST(CpuModelKernels, InterpolateNearestIsBitIdenticalToReference) {
    ThreadPool pool(3);
    unsigned seed = 500;
    const Base::CoordinateTransformMode transforms[] = {
        Base::CoordinateTransformMode::HALF_PIXEL, Base::CoordinateTransformMode::PYTORCH_HALF_PIXEL,
        Base::CoordinateTransformMode::ASYMMETRIC, Base::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN,
        Base::CoordinateTransformMode::ALIGN_CORNERS};
    const Base::NearestMode nearest_modes[] = {Base::NearestMode::ROUND_PREFER_FLOOR, Base::NearestMode::ROUND_PREFER_CEIL,
                                               Base::NearestMode::FLOOR, Base::NearestMode::CEIL,
                                               Base::NearestMode::SIMPLE};
    struct Case {
        ov::Shape shape;
        std::vector<float> scales;
        std::vector<int64_t> axes;
    };
    const Case cases[] = {{{1, 24, 10, 10}, {2.0f, 2.0f}, {2, 3}},   // PP-OCR's FPN: x2, x4, x8
                          {{1, 3, 5, 7}, {4.0f, 8.0f}, {2, 3}},      {{1, 2, 9, 11}, {0.5f, 0.6f}, {2, 3}},
                          {{2, 3, 6, 4}, {1.5f, 2.5f}, {-2, -1}},    {{1, 2, 6, 5}, {1.0f, 3.0f}, {2, 3}},
                          {{2, 4, 7}, {1.7f}, {2}},                  {{1, 2, 3, 4, 5}, {2.0f, 0.5f, 1.5f}, {2, 3, 4}}};
    for (const auto& c : cases) {
        for (auto transform : transforms) {
            for (auto nearest : nearest_modes) {
                Attrs attrs;
                attrs.mode = Base::InterpolateMode::NEAREST;
                attrs.shape_calculation_mode = Base::ShapeCalcMode::SCALES;
                attrs.coordinate_transformation_mode = transform;
                attrs.nearest_mode = nearest;
                auto data = param(c.shape);
                auto scales = ov::op::v0::Constant::create(ov::element::f32, {c.scales.size()}, c.scales);
                auto axes = ov::op::v0::Constant::create(ov::element::i64, {c.axes.size()}, c.axes);
                auto v11 = std::make_shared<ov::op::v11::Interpolate>(data, scales, axes, attrs);
                // The same resize by sizes, through Interpolate-4.
                std::vector<int64_t> sizes;
                for (size_t k = 0; k < c.axes.size(); ++k) {
                    const auto a = c.axes[k] < 0 ? c.axes[k] + static_cast<int64_t>(c.shape.size()) : c.axes[k];
                    sizes.push_back(static_cast<int64_t>(v11->get_output_shape(0)[static_cast<size_t>(a)]));
                }
                Attrs by_sizes = attrs;
                by_sizes.shape_calculation_mode = Base::ShapeCalcMode::SIZES;
                auto v4 = std::make_shared<ov::op::v4::Interpolate>(
                    data, ov::op::v0::Constant::create(ov::element::i64, {sizes.size()}, sizes), scales, axes, by_sizes);
                const ov::Tensor x = random_tensor(c.shape, ++seed, -5.0f, 5.0f);
                for (const std::shared_ptr<ov::Node>& node : {std::shared_ptr<ov::Node>(v11), std::shared_ptr<ov::Node>(v4)}) {
                    for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                        const auto run = run_both(node, inputs_of(*node, 0, x), p);
                        EXPECT_EQ(run.kernel_name, "interpolate_nearest");
                        EXPECT_TRUE(same_bytes(run.optimized, run.reference))
                            << node->get_type_info().version_id << " " << c.shape << " transform " << transform
                            << " nearest " << nearest << " scales " << scales->get_tensor_view().get_shape();
                    }
                }
            }
        }
    }
}

TEST(CpuModelKernels, InterpolateOtherModesOrPaddingStayWithReference) {
    auto data = param({1, 2, 4, 4});
    auto scales = ov::op::v0::Constant::create(ov::element::f32, {2}, {2.0f, 2.0f});
    auto axes = ov::op::v0::Constant::create(ov::element::i64, {2}, {2, 3});
    Attrs linear;
    linear.mode = Base::InterpolateMode::LINEAR_ONNX;
    linear.shape_calculation_mode = Base::ShapeCalcMode::SCALES;
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v11::Interpolate>(data, scales, axes, linear)),
              nullptr);
    Attrs padded;
    padded.mode = Base::InterpolateMode::NEAREST;
    padded.shape_calculation_mode = Base::ShapeCalcMode::SCALES;
    padded.pads_begin = {0, 0, 1, 1};
    padded.pads_end = {0, 0, 0, 0};
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v11::Interpolate>(data, scales, axes, padded)),
              nullptr);
}

// ---- HSwish and the fusion of its decomposition ----

TEST(CpuModelKernels, HSwishAndHSigmoidAreBitIdenticalToReference) {
    ThreadPool pool(3);
    unsigned seed = 700;
    for (const ov::Shape& shape : {ov::Shape{1, 16, 24, 96}, ov::Shape{2, 3, 300, 120}}) {
        auto data = param(shape);
        for (const std::shared_ptr<ov::Node>& node :
             {std::shared_ptr<ov::Node>(std::make_shared<ov::op::v4::HSwish>(data)),
              std::shared_ptr<ov::Node>(std::make_shared<ov::op::v5::HSigmoid>(data))}) {
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                const auto run = run_both(node, {random_tensor(shape, ++seed, -8.0f, 8.0f)}, p);
                EXPECT_EQ(run.kernel_name, "eltwise_f32");
                EXPECT_TRUE(same_bytes(run.optimized, run.reference)) << *node << " on " << shape;
            }
        }
    }
}

// x * clip(x + 3, 0, 6) / 6 in the forms exporters write; `variant` picks the clip and the operand order.
std::shared_ptr<ov::Model> decomposed_hswish(int variant, float three = 3.0f, float six = 6.0f, bool expose_sum = false) {
    const ov::Shape shape{1, 8, 10, 12};
    auto x = param(shape);
    auto scalar = [](float v) { return ov::op::v0::Constant::create(ov::element::f32, {}, {v}); };
    std::shared_ptr<ov::Node> sum = variant == 1 ? std::make_shared<ov::op::v1::Add>(scalar(three), x)
                                                 : std::make_shared<ov::op::v1::Add>(x, scalar(three));
    std::shared_ptr<ov::Node> clip;
    if (variant == 0)
        clip = std::make_shared<ov::op::v0::Clamp>(sum, 0.0, 6.0);
    else if (variant == 1)
        clip = std::make_shared<ov::op::v1::Minimum>(std::make_shared<ov::op::v1::Maximum>(sum, scalar(0.0f)), scalar(6.0f));
    else
        clip = std::make_shared<ov::op::v1::Maximum>(scalar(0.0f), std::make_shared<ov::op::v1::Minimum>(sum, scalar(6.0f)));
    std::shared_ptr<ov::Node> product = variant == 2 ? std::make_shared<ov::op::v1::Multiply>(clip, x)
                                                     : std::make_shared<ov::op::v1::Multiply>(x, clip);
    auto divide = std::make_shared<ov::op::v1::Divide>(product, ov::op::v0::Constant::create(ov::element::f32, {1}, {six}));
    divide->set_friendly_name("hardswish_out");
    divide->output(0).set_names({"hardswish_out"});
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(divide)};
    if (expose_sum)
        results.push_back(std::make_shared<ov::op::v0::Result>(sum));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x});
}

TEST(CpuModelKernels, HSwishDecompositionIsFusedWithTheSameResults) {
    for (int variant : {0, 1, 2}) {
        const auto original = decomposed_hswish(variant);
        const auto prepared = devmux::cpu::prepare_model(*original);  // the CPU's passes, fuse_hswish among them
        EXPECT_EQ(count_type(*prepared, "HSwish"), 1u) << "variant " << variant;
        EXPECT_EQ(count_type(*prepared, "Divide") + count_type(*prepared, "Multiply") + count_type(*prepared, "Add"), 0u);
        const auto& result = prepared->get_results().at(0)->input_value(0);
        EXPECT_EQ(result.get_node()->get_friendly_name(), "hardswish_out");
        EXPECT_EQ(result.get_names().count("hardswish_out"), 1u);
        const ov::Tensor x = random_tensor({1, 8, 10, 12}, 800 + static_cast<unsigned>(variant), -8.0f, 8.0f);
        // The CPU plugin's result against the unfused graph's reference evaluation: the same bits.
        auto compiled = make_plugin()->compile_model(original, {});
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], x);
        request->infer();
        const auto expected = reference_outputs(*original, {x});
        EXPECT_TRUE(same_bytes(request->get_tensor(compiled->outputs()[0]), expected.at(0))) << "variant " << variant;
    }
}

TEST(CpuModelKernels, HSwishLookalikesAreNotFused) {
    // Other constants.
    EXPECT_EQ(devmux::cpu::fuse_hswish(*decomposed_hswish(0, 2.0f)), 0u);
    EXPECT_EQ(devmux::cpu::fuse_hswish(*decomposed_hswish(1, 3.0f, 5.0f)), 0u);
    // An intermediate read twice: the Add's sum is also an output of the model.
    EXPECT_EQ(devmux::cpu::fuse_hswish(*decomposed_hswish(0, 3.0f, 6.0f, true)), 0u);
    // Multiplied by another value than the one clipped.
    auto x = param({2, 3}), y = param({2, 3});
    auto clip = std::make_shared<ov::op::v0::Clamp>(
        std::make_shared<ov::op::v1::Add>(x, ov::op::v0::Constant::create(ov::element::f32, {}, {3.0f})), 0.0, 6.0);
    auto divide = std::make_shared<ov::op::v1::Divide>(std::make_shared<ov::op::v1::Multiply>(y, clip),
                                                       ov::op::v0::Constant::create(ov::element::f32, {}, {6.0f}));
    ov::Model other(ov::ResultVector{std::make_shared<ov::op::v0::Result>(divide)}, ov::ParameterVector{x, y});
    EXPECT_EQ(devmux::cpu::fuse_hswish(other), 0u);
}

// ---- (Group)ConvolutionBackpropData ----

struct DeconvCase {
    ov::Shape data;     // N, C, [H,] W
    ov::Shape filters;  // [G,] IC, OC, [KH,] KW
    ov::Strides strides;
    ov::CoordinateDiff pads_begin, pads_end;
    ov::Strides dilations;
    ov::CoordinateDiff output_padding;
};

TEST(CpuModelKernels, ConvolutionBackpropDataMatchesReference) {
    ThreadPool pool(3);
    const DeconvCase cases[] = {
        {{1, 24, 20, 20}, {24, 24, 2, 2}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, {0, 0}},  // PP-OCRv4's DB head
        {{2, 5, 7, 6}, {5, 3, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
        {{1, 4, 6, 5}, {4, 6, 3, 2}, {1, 1}, {0, 1}, {2, 0}, {2, 1}, {0, 0}},
        {{1, 3, 5, 8}, {3, 2, 4, 4}, {3, 2}, {2, 1}, {1, 2}, {1, 2}, {2, 1}},
        {{2, 6, 17}, {6, 4, 5}, {3}, {2}, {1}, {1}, {1}},  // 1-D
        {{1, 8, 9, 9}, {2, 4, 3, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0}},  // grouped
        {{2, 6, 5, 4}, {6, 1, 1, 2, 2}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, {0, 0}},  // depthwise
    };
    unsigned seed = 600;
    for (const auto& c : cases) {
        const bool grouped = c.filters.size() == c.data.size() + 1;
        auto data = param(c.data);
        auto filters = f32_constant(c.filters, ++seed, -1.0f, 1.0f);
        std::shared_ptr<ov::Node> node;
        if (grouped)
            node = std::make_shared<ov::op::v1::GroupConvolutionBackpropData>(
                data, filters, c.strides, c.pads_begin, c.pads_end, c.dilations, ov::op::PadType::EXPLICIT,
                c.output_padding);
        else
            node = std::make_shared<ov::op::v1::ConvolutionBackpropData>(data, filters, c.strides, c.pads_begin,
                                                                         c.pads_end, c.dilations,
                                                                         ov::op::PadType::EXPLICIT, c.output_padding);
        for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
            const auto run = run_both(node, inputs_of(*node, 0, random_tensor(c.data, ++seed)), p);
            EXPECT_EQ(run.kernel_name, "gemm_col2im_f32");
            EXPECT_LE(max_rel_diff(to_floats(run.optimized), to_floats(run.reference)), 1e-4)
                << "data " << c.data << " filters " << c.filters << " strides " << c.strides << " pads "
                << c.pads_begin << "/" << c.pads_end << " output " << node->get_output_shape(0);
        }
    }
}

TEST(CpuModelKernels, ConvolutionBackpropDataWithComputedFiltersStaysWithReference) {
    auto node = std::make_shared<ov::op::v1::ConvolutionBackpropData>(param({1, 2, 4, 4}), param({2, 3, 2, 2}),
                                                                      ov::Strides{2, 2}, ov::CoordinateDiff{0, 0},
                                                                      ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(node), nullptr);
}

}  // namespace
