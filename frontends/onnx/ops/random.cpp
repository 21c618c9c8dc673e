// SPDX-License-Identifier: Apache-2.0
// The random ops: RandomUniform, RandomUniformLike, RandomNormal, RandomNormalLike (opset 1) and Bernoulli
// (opset 15), all built on OpenVINO's RandomUniform-8 (Philox 4x32-10).
// - Seeds: ONNX gives an optional float `seed`. With one, the op gets a fixed, non-zero global_seed and the
//   float's bit pattern as op_seed, so a seed (0.0 included) always gives the same values, and two seeds give
//   different streams. Without one both seeds are zero, which RandomUniform-8 defines as fresh seeds at every
//   evaluation. The values cannot match another runtime's (ONNX leaves the generator to the implementation), and a
//   seeded op gives the same tensor at every inference (RandomUniform-8 restarts its stream), where ONNX Runtime
//   advances one generator per session.
// - RandomNormal is Box-Muller over one RandomUniform of shape [2, ...]: sqrt(-2 ln(1 - u0)) cos(2 pi u1), with
//   1 - u0 in (0, 1] so the logarithm stays finite; f16 is computed in f32 and converted.
// - Bernoulli: 1 where a uniform draw in [0, 1) is below the probability, so p = 0 never and p = 1 always gives 1.

#include <cmath>
#include <cstring>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// Non-zero, so that a seed of 0.0 still selects a fixed stream (both seeds zero means "random").
constexpr uint64_t onnx_seed_key = 0x6f6e6e78u;  // "onnx"

struct Seeds {
    uint64_t global = 0;
    uint64_t op = 0;
};

Seeds seeds_of(const NodeContext& node) {
    if (!node.has_attr("seed"))
        return {};
    const float seed = node.attr_float("seed", 0.0f);
    uint32_t bits = 0;
    std::memcpy(&bits, &seed, sizeof bits);
    return {onnx_seed_key, bits};
}

// The output type: the `dtype` attribute, else `fallback`, which must be a floating-point type.
ov::element::Type random_type(const NodeContext& node, const ov::element::Type& fallback) {
    const auto type = node.has_attr("dtype")
                          ? element_type_of(static_cast<int32_t>(node.attr_int("dtype")), node.describe() + " 'dtype'")
                          : fallback;
    if (type != ov::element::f16 && type != ov::element::f32 && type != ov::element::f64 &&
        type != ov::element::bf16)
        node.fail("makes random values of a floating-point type only, got " + type.get_type_name() +
                  (node.has_attr("dtype") ? std::string(" ('dtype')") : std::string(" (the input's, no 'dtype')")));
    return type;
}

ov::Output<ov::Node> uniform(const NodeContext& node, const ov::Output<ov::Node>& shape, const ov::element::Type& type,
                             double low, double high) {
    if (!(low < high))
        node.fail("needs low < high, got low " + std::to_string(low) + " and high " + std::to_string(high));
    const auto seeds = seeds_of(node);
    return std::make_shared<v8::RandomUniform>(shape, scalar_of(type, low), scalar_of(type, high), type, seeds.global,
                                               seeds.op)
        ->output(0);
}

ov::Output<ov::Node> normal(const NodeContext& node, const ov::Output<ov::Node>& shape, const ov::element::Type& type) {
    const double mean = node.attr_float("mean", 0.0f), scale = node.attr_float("scale", 1.0f);
    const auto compute = type == ov::element::f64 ? ov::element::f64 : ov::element::f32;
    auto pair_shape = std::make_shared<v0::Concat>(ov::OutputVector{i64s({2}), shape}, 0);
    const auto draws = uniform(node, pair_shape, compute, 0.0, 1.0);
    auto u0 = std::make_shared<v8::Gather>(draws, i64_scalar(0), i64_scalar(0));
    auto u1 = std::make_shared<v8::Gather>(draws, i64_scalar(1), i64_scalar(0));
    auto above_zero = std::make_shared<v1::Subtract>(scalar_of(compute, 1.0), u0);  // (0, 1]
    auto radius = std::make_shared<v0::Sqrt>(
        std::make_shared<v1::Multiply>(scalar_of(compute, -2.0), std::make_shared<v0::Log>(above_zero)));
    auto angle = std::make_shared<v1::Multiply>(scalar_of(compute, 2.0 * M_PI), u1);
    auto standard = std::make_shared<v1::Multiply>(radius, std::make_shared<v0::Cos>(angle));
    ov::Output<ov::Node> values = std::make_shared<v1::Add>(
        std::make_shared<v1::Multiply>(standard, scalar_of(compute, scale)), scalar_of(compute, mean));
    if (type != compute)
        values = std::make_shared<v0::Convert>(values, type);
    return values;
}

ov::Output<ov::Node> attribute_shape(const NodeContext& node) {
    if (!node.has_attr("shape"))
        node.fail("has no attribute 'shape', which it needs");
    const auto dims = node.attr_ints("shape");
    for (const auto d : dims)
        if (d < 0)
            node.fail("has a negative dimension " + std::to_string(d) + " in 'shape'");
    return i64s(dims);
}

}  // namespace

ov::OutputVector random_uniform(const NodeContext& node) {
    const auto type = random_type(node, ov::element::f32);
    return {uniform(node, attribute_shape(node), type, node.attr_float("low", 0.0f), node.attr_float("high", 1.0f))};
}

ov::OutputVector random_uniform_like(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = random_type(node, x.get_element_type());
    return {uniform(node, std::make_shared<v3::ShapeOf>(x, ov::element::i64), type, node.attr_float("low", 0.0f),
                    node.attr_float("high", 1.0f))};
}

ov::OutputVector random_normal(const NodeContext& node) {
    return {normal(node, attribute_shape(node), random_type(node, ov::element::f32))};
}

ov::OutputVector random_normal_like(const NodeContext& node) {
    const auto x = node.input(0);
    return {normal(node, std::make_shared<v3::ShapeOf>(x, ov::element::i64), random_type(node, x.get_element_type()))};
}

ov::OutputVector bernoulli(const NodeContext& node) {
    const auto p = node.input(0);
    const auto input_type = p.get_element_type();
    if (!input_type.is_real())
        node.fail("needs probabilities of a floating-point type, got " + input_type.get_type_name());
    const auto type = node.has_attr("dtype")
                          ? element_type_of(static_cast<int32_t>(node.attr_int("dtype")), node.describe() + " 'dtype'")
                          : input_type;
    const auto draws = uniform(node, std::make_shared<v3::ShapeOf>(p, ov::element::i64), input_type, 0.0, 1.0);
    ov::Output<ov::Node> ones = std::make_shared<v1::Less>(draws, p);
    if (type != ov::element::boolean)
        ones = std::make_shared<v0::Convert>(ones, type);
    return {ones};
}

}  // namespace onnx_frontend
}  // namespace devmux
