// SPDX-License-Identifier: Apache-2.0
// The CPU kernels and passes added for BERT-like ONNX encoders (docs/onnx.md, "Real models"): Select, Convert,
// Erf and GELU, MVN and the fusions fuse_gelu and fuse_layer_norm, small MatMuls, and the f32 binary ops'
// broadcast of an operand over the trailing axes (an attention mask added to the scores, a bias over the hidden
// axis). Seeded random inputs, in the calling thread and on a team of 3. Tolerances:
// - Select and Convert move or convert values by the reference's rule: bit-identical to evaluate();
// - small MatMuls (the register-tiled loop): within 1e-5 of the largest output of MatMul's evaluate();
// - the binary ops: within 1e-6 of the largest reference magnitude (max_rel_diff), as the other binary forms;
// - Erf: within 4e-7 of double erf, and within 2e-7 relative below |x| = 0.5 (the kernel's approximation has
//   3.6e-7 absolute in float, a series below 0.5); GELU: x / 2 (1 + erf(x / sqrt 2)) from double erf within
//   2.5e-7 |x| + 1e-7 |y|;
// - MVN against a layer normalisation computed in double: within 1e-5 of the largest output (sums of a row in
//   float), and against MVN-6's and MVN-1's own evaluate() the same;
// - the fused models against the unfused graphs' reference evaluation: within 1e-5 (layer norm) and 1e-6
//   relative to the largest output plus the erf's error (GELU).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "kernels/kernel.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/erf.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/mvn.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/subtract.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
size_t fuse_gelu(ov::Model& model);        // kernels/gelu.cpp
size_t fuse_layer_norm(ov::Model& model);  // kernels/layer_norm.cpp
// The loops without AVX that the kernels run where the CPU lacks AVX and FMA (kernels/reduce.cpp, kernels/gelu.cpp).
void softmax_row_baseline(const float* src, float* dst, size_t len);
void erf_gelu_range_baseline(const float* in, float* out, size_t begin, size_t end, bool gelu);
}  // namespace cpu
}  // namespace devmux

namespace {

using namespace cpu_test;
using devmux::cpu::ThreadPool;

std::shared_ptr<ov::op::v0::Parameter> enc_param(const ov::Shape& shape, ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v0::Parameter>(type, shape);
}

// The node's optimised kernel on `inputs` (on `pool`, or in the calling thread), its output tensor prefilled with
// garbage; the kernel's name in `name`.
ov::Tensor enc_run_kernel(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs, ThreadPool* pool,
                          std::string* name = nullptr) {
    const auto kernel = devmux::cpu::make_optimized_kernel(node);
    ov::Tensor out(node->get_output_element_type(0), node->get_output_shape(0));
    std::memset(out.data(), 0x5a, out.get_byte_size());
    if (!kernel) {
        ADD_FAILURE() << "no optimised kernel for " << *node;
        return out;
    }
    if (name)
        *name = kernel->name();
    ov::TensorVector outputs{out};
    std::vector<char> scratch(kernel->scratch_bytes() + 64);
    devmux::cpu::ExecContext ctx;
    ctx.pool = pool;
    kernel->execute(inputs, outputs, scratch.data(), ctx);
    return out;
}

ov::Tensor enc_evaluate(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs) {
    ov::TensorVector out{ov::Tensor(node->get_output_element_type(0), node->get_output_shape(0))};
    EXPECT_TRUE(node->evaluate(out, inputs)) << *node;
    return out[0];
}

bool enc_same_bytes(const ov::Tensor& a, const ov::Tensor& b) {
    return a.get_byte_size() == b.get_byte_size() && std::memcmp(a.data(), b.data(), a.get_byte_size()) == 0;
}

// ---- Select ----

TEST(CpuEncoderKernels, SelectIsBitIdenticalToReference) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape cond, then_, else_;
    };
    const Case cases[] = {
        {{1, 1, 128, 128}, {}, {1, 1, 128, 128}},  // a BERT mask: the lowest float where masked (threaded as i64)
        {{2, 3, 4}, {2, 3, 4}, {2, 3, 4}},
        {{3, 1}, {1, 5}, {3, 5}},                  // every operand broadcast differently
        {{4}, {2, 3, 4}, {1}},
        {{2, 1, 6}, {2, 5, 6}, {5, 1}},
        {{1}, {7}, {7}},                           // a scalar condition
        {{}, {}, {}},                              // all scalars
        {{300, 1}, {300, 257}, {}},                // threaded
    };
    unsigned seed = 4100;
    for (const auto& c : cases)
        for (auto type :
             {ov::element::f32, ov::element::i64, ov::element::u8, ov::element::f16, ov::element::boolean}) {
            const auto node = std::make_shared<ov::op::v1::Select>(enc_param(c.cond, ov::element::boolean),
                                                                   enc_param(c.then_, type), enc_param(c.else_, type));
            const ov::TensorVector inputs{random_bytes(ov::element::boolean, c.cond, ++seed),
                                          random_bytes(type, c.then_, ++seed), random_bytes(type, c.else_, ++seed)};
            const ov::Tensor expected = enc_evaluate(node, inputs);
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                std::string name;
                const ov::Tensor actual = enc_run_kernel(node, inputs, p, &name);
                EXPECT_EQ(name, "select");
                EXPECT_TRUE(enc_same_bytes(actual, expected))
                    << type << " " << c.cond << " " << c.then_ << " " << c.else_ << (p ? " on 3 threads" : "");
            }
        }
}

TEST(CpuEncoderKernels, SelectLeavesOtherBroadcastRulesToReference) {
    const auto node = std::make_shared<ov::op::v1::Select>(
        enc_param({2, 3}, ov::element::boolean), enc_param({2, 3}), enc_param({2, 3}),
        ov::op::AutoBroadcastSpec(ov::op::AutoBroadcastType::PDPD));
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(node), nullptr);
}

// ---- Convert ----

// Values that exercise each conversion rule: fractions of both signs, NaN, infinities, values beyond every
// integer type's range, zeros; integers as random bytes.
ov::Tensor enc_convert_input(ov::element::Type type, const ov::Shape& shape, unsigned seed) {
    if (type != ov::element::f32)
        return random_bytes(type, shape, seed);
    ov::Tensor t(type, shape);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> value(-300.0f, 300.0f);
    std::uniform_int_distribution<int> kind(0, 15);
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), 0.0f, -0.0f, 3e9f, -3e9f, 1e19f, -1e19f,
                              -0.5f, 255.5f, -128.7f};
    float* p = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i) {
        const int k = kind(gen);
        p[i] = k < 12 && kind(gen) < 4 ? specials[k] : value(gen);
    }
    return t;
}

TEST(CpuEncoderKernels, ConvertIsBitIdenticalToReference) {
    ThreadPool pool(3);
    const ov::element::Type types[] = {ov::element::f32, ov::element::i64, ov::element::i32,
                                       ov::element::u8,  ov::element::i8,  ov::element::boolean};
    unsigned seed = 4300;
    for (const auto& shape : {ov::Shape{1, 1, 128, 128}, ov::Shape{3, 7}, ov::Shape{}, ov::Shape{70000}})
        for (auto from : types)
            for (auto to : types) {
                const auto node = std::make_shared<ov::op::v0::Convert>(enc_param(shape, from), to);
                const ov::TensorVector inputs{enc_convert_input(from, shape, ++seed)};
                const ov::Tensor expected = enc_evaluate(node, inputs);
                for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                    std::string name;
                    const ov::Tensor actual = enc_run_kernel(node, inputs, p, &name);
                    EXPECT_EQ(name, "convert_" + devmux::cpu::type_suffix(from) + "_" + devmux::cpu::type_suffix(to));
                    EXPECT_TRUE(enc_same_bytes(actual, expected)) << from << " -> " << to << " " << shape;
                }
            }
    // Types outside the list stay with the reference.
    EXPECT_EQ(
        devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v0::Convert>(enc_param({4}), ov::element::f16)),
        nullptr);
}

// ---- binary ops broadcasting over trailing axes ----

TEST(CpuEncoderKernels, BinaryOpsBroadcastOverTrailingAxes) {
    ThreadPool pool(3);
    const std::vector<std::pair<ov::Shape, ov::Shape>> shapes = {
        {{1, 2, 128, 128}, {1, 1, 128, 128}},  // scores + attention mask
        {{1, 128, 16}, {16}},                  // + bias over the hidden axis
        {{32}, {4, 32}},                       // the first operand is the broadcast one
        {{8, 64, 130}, {64, 130}},             // large enough to use the pool
    };
    unsigned seed = 4500;
    for (const auto& [a, b] : shapes)
        for (int op = 0; op < 6; ++op) {
            const auto pa = enc_param(a), pb = enc_param(b);
            std::shared_ptr<ov::Node> node;
            switch (op) {
            case 0: node = std::make_shared<ov::op::v1::Add>(pa, pb); break;
            case 1: node = std::make_shared<ov::op::v1::Subtract>(pa, pb); break;
            case 2: node = std::make_shared<ov::op::v1::Multiply>(pa, pb); break;
            case 3: node = std::make_shared<ov::op::v1::Divide>(pa, pb); break;
            case 4: node = std::make_shared<ov::op::v1::Maximum>(pa, pb); break;
            default: node = std::make_shared<ov::op::v1::Minimum>(pa, pb); break;
            }
            const float lo = op == 3 ? 0.5f : -2.0f;  // divisors kept away from zero
            const ov::TensorVector inputs{random_tensor(a, ++seed, lo, 2.0f), random_tensor(b, ++seed, lo, 2.0f)};
            const ov::Tensor expected = enc_evaluate(node, inputs);
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                std::string name;
                const ov::Tensor actual = enc_run_kernel(node, inputs, p, &name);
                EXPECT_EQ(name, "eltwise_broadcast_f32");
                EXPECT_LE(max_rel_diff(to_floats(actual), to_floats(expected)), 1e-6) << *node << " " << a << " " << b;
            }
        }
}

// ---- Erf and GELU ----

TEST(CpuEncoderKernels, ErfAndGeluMatchDoubleFormulas) {
    ThreadPool pool(3);
    const ov::Shape shape{5, 7001};
    ov::Tensor x = random_tensor(shape, 4700, -6.0f, 6.0f);
    float* px = x.data<float>();
    // Every stretch of the approximation, both sides of its switch at 0.5, and the special values.
    const float specials[] = {0.0f, -0.0f, 0.4999999f, 0.5f, -0.5f, 1e-20f, -1e-30f, 9.5f, -20.0f, 100.0f,
                              std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::quiet_NaN()};
    for (size_t i = 0; i < sizeof(specials) / sizeof(specials[0]); ++i)
        px[i * 97] = specials[i];
    for (size_t i = 0; i < 2000; ++i)  // dense near zero, where erf is nearly linear
        px[i * 17 + 5] = static_cast<float>(i) * 2.5e-4f - 0.25f;
    const auto erf = std::make_shared<ov::op::v0::Erf>(enc_param(shape));
    const auto gelu = std::make_shared<ov::op::v7::Gelu>(enc_param(shape), ov::op::GeluApproximationMode::ERF);
    // The kernels (AVX where the CPU has it) in the caller and on the pool, then the loop without AVX.
    for (int run = 0; run < 3; ++run) {
        ThreadPool* p = run == 1 ? &pool : nullptr;
        ov::Tensor e(ov::element::f32, shape), g(ov::element::f32, shape);
        if (run < 2) {
            std::string erf_name, gelu_name;
            e = enc_run_kernel(erf, {x}, p, &erf_name);
            g = enc_run_kernel(gelu, {x}, p, &gelu_name);
            EXPECT_EQ(erf_name, "erf_f32");
            EXPECT_EQ(gelu_name, "gelu_erf_f32");
        } else {
            devmux::cpu::erf_gelu_range_baseline(px, e.data<float>(), 0, x.get_size(), false);
            devmux::cpu::erf_gelu_range_baseline(px, g.data<float>(), 0, x.get_size(), true);
        }
        const float* pe = e.data<float>();
        const float* pg = g.data<float>();
        for (size_t i = 0; i < x.get_size(); ++i) {
            const double v = px[i];
            if (std::isnan(v)) {
                EXPECT_TRUE(std::isnan(pe[i]) && std::isnan(pg[i])) << "NaN at " << i;
                continue;
            }
            const double want_erf = std::erf(v);
            const double tolerance = std::fabs(v) < 0.5 ? 2e-7 * std::fabs(want_erf) : 4e-7;
            ASSERT_LE(std::fabs(pe[i] - want_erf), tolerance)
                << "erf(" << v << ") = " << pe[i] << ", want " << want_erf << " (run " << run << ")";
            if (std::isinf(v))
                continue;  // GELU(+inf) = inf, GELU(-inf) = -inf * 0: the reference's NaN and the kernel's differ
            const double want_gelu = 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
            ASSERT_LE(std::fabs(pg[i] - want_gelu), 2.5e-7 * std::fabs(v) + 1e-7 * std::fabs(want_gelu))
                << "gelu(" << v << ") = " << pg[i] << ", want " << want_gelu << " (run " << run << ")";
        }
    }
    // The tanh approximation stays with the reference.
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(
                  std::make_shared<ov::op::v7::Gelu>(enc_param({4}), ov::op::GeluApproximationMode::TANH)),
              nullptr);
}

// x * (1 + erf(x / sqrt 2)) * 0.5 as PyTorch's exporter writes it: Mul(Mul(x, 1 + erf), 0.5) (form 0), the
// operands swapped and the division a Multiply by 1 / sqrt 2 (form 1), or Mul(Mul(x, 0.5), 1 + erf) (form 2).
std::shared_ptr<ov::Model> enc_decomposed_gelu(int form, float sqrt2 = 1.4142135f, bool expose_erf = false) {
    auto x = enc_param({2, 16, 32});
    auto scalar = [](float v) { return ov::op::v0::Constant::create(ov::element::f32, {}, {v}); };
    std::shared_ptr<ov::Node> scaled =
        form == 1 ? std::shared_ptr<ov::Node>(std::make_shared<ov::op::v1::Multiply>(scalar(1.0f / sqrt2), x))
                  : std::make_shared<ov::op::v1::Divide>(x, scalar(sqrt2));
    auto erf = std::make_shared<ov::op::v0::Erf>(scaled);
    auto one_plus = std::make_shared<ov::op::v1::Add>(erf, scalar(1.0f));
    std::shared_ptr<ov::Node> out;
    if (form == 2)
        out = std::make_shared<ov::op::v1::Multiply>(std::make_shared<ov::op::v1::Multiply>(x, scalar(0.5f)), one_plus);
    else if (form == 1)
        out = std::make_shared<ov::op::v1::Multiply>(scalar(0.5f), std::make_shared<ov::op::v1::Multiply>(one_plus, x));
    else
        out = std::make_shared<ov::op::v1::Multiply>(std::make_shared<ov::op::v1::Multiply>(x, one_plus), scalar(0.5f));
    out->set_friendly_name("gelu_out");
    out->output(0).set_names({"gelu_out"});
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(out)};
    if (expose_erf)
        results.push_back(std::make_shared<ov::op::v0::Result>(erf));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x});
}

size_t enc_count_type(const ov::Model& model, const std::string& type) {
    size_t n = 0;
    for (const auto& node : model.get_ops())
        n += type == node->get_type_name();
    return n;
}

TEST(CpuEncoderKernels, GeluDecompositionIsFusedWithinTheErfTolerance) {
    for (int form : {0, 1, 2}) {
        const auto original = enc_decomposed_gelu(form);
        const auto prepared = devmux::cpu::prepare_model(*original);  // the CPU's passes, fuse_gelu among them
        EXPECT_EQ(enc_count_type(*prepared, "Gelu"), 1u) << "form " << form;
        EXPECT_EQ(enc_count_type(*prepared, "Erf") + enc_count_type(*prepared, "Multiply"), 0u) << "form " << form;
        const auto& result = prepared->get_results().at(0)->input_value(0);
        EXPECT_EQ(result.get_node()->get_friendly_name(), "gelu_out");
        EXPECT_EQ(result.get_names().count("gelu_out"), 1u);
        const ov::Tensor x = random_tensor({2, 16, 32}, 4900 + static_cast<unsigned>(form), -5.0f, 5.0f);
        auto compiled = make_plugin()->compile_model(original, {});
        auto request = compiled->create_sync_infer_request();
        request->set_tensor(compiled->inputs()[0], x);
        request->infer();
        const auto expected = reference_outputs(*original, {x});
        // The erf's 3.6e-7 times |x| / 2 <= 2.5 on top of float rounding.
        EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])), to_floats(expected.at(0))), 1e-6)
            << "form " << form;
    }
}

TEST(CpuEncoderKernels, GeluLookalikesAreNotFused) {
    EXPECT_EQ(devmux::cpu::fuse_gelu(*enc_decomposed_gelu(0, 2.0f)), 0u);        // another divisor
    EXPECT_EQ(devmux::cpu::fuse_gelu(*enc_decomposed_gelu(0, 1.4142135f, true)), 0u);  // the erf read twice
}

// ---- MVN and the layer normalisation ----

// (x - mean) / sqrt(var + eps) over rows of `row` values, in double.
std::vector<float> enc_layer_norm_double(const ov::Tensor& x, size_t row, double eps) {
    const float* p = x.data<float>();
    std::vector<float> out(x.get_size());
    for (size_t r = 0; r < x.get_size() / row; ++r) {
        double mean = 0, var = 0;
        for (size_t i = 0; i < row; ++i)
            mean += p[r * row + i];
        mean /= static_cast<double>(row);
        for (size_t i = 0; i < row; ++i)
            var += (p[r * row + i] - mean) * (p[r * row + i] - mean);
        var /= static_cast<double>(row);
        for (size_t i = 0; i < row; ++i)
            out[r * row + i] = static_cast<float>((p[r * row + i] - mean) / std::sqrt(var + eps));
    }
    return out;
}

TEST(CpuEncoderKernels, MvnOverTrailingAxesMatchesDoubleAndReference) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape shape;
        std::vector<int64_t> axes;
        size_t row;
    };
    const Case cases[] = {
        {{1, 128, 16}, {-1}, 16}, {{2, 5, 3, 7}, {2, 3}, 21}, {{4, 768}, {1}, 768}, {{300, 130}, {1}, 130}};
    unsigned seed = 5100;
    for (const auto& c : cases)
        for (float eps : {1e-12f, 1e-5f}) {
            const auto node = std::make_shared<ov::op::v6::MVN>(
                enc_param(c.shape), ov::op::v0::Constant::create(ov::element::i64, {c.axes.size()}, c.axes), true, eps,
                ov::op::MVNEpsMode::INSIDE_SQRT);
            // An offset far from zero, as activations after a residual sum have: the mean matters.
            const ov::Tensor x = random_tensor(c.shape, ++seed, 2.0f, 9.0f);
            const auto axes =
                ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(1))->get_tensor_view();
            const ov::Tensor expected = enc_evaluate(node, {x, axes});
            const std::vector<float> in_double = enc_layer_norm_double(x, c.row, eps);
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
                std::string name;
                const auto actual = to_floats(enc_run_kernel(node, {x, axes}, p, &name));
                EXPECT_EQ(name, "mvn_f32");
                EXPECT_LE(max_rel_diff(actual, in_double), 1e-5) << c.shape << " eps " << eps;
                EXPECT_LE(max_rel_diff(actual, to_floats(expected)), 1e-5) << c.shape << " eps " << eps;
            }
        }
    // MVN-1: its axes given, or from the channels on (across_channels); with and without the variance.
    const std::shared_ptr<ov::Node> mvn1[] = {
        std::make_shared<ov::op::v0::MVN>(enc_param({2, 3, 4, 5}), ov::AxisSet{2, 3}, true, 1e-6),
        std::make_shared<ov::op::v0::MVN>(enc_param({2, 3, 4, 5}), true, true, 1e-3),
        std::make_shared<ov::op::v0::MVN>(enc_param({2, 3, 4, 5}), false, false, 1e-9)};
    for (const auto& node : mvn1) {
        const ov::Tensor x = random_tensor({2, 3, 4, 5}, ++seed, -3.0f, 6.0f);
        const ov::Tensor expected = enc_evaluate(node, {x});
        for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
            std::string name;
            const auto actual = to_floats(enc_run_kernel(node, {x}, p, &name));
            EXPECT_EQ(name, "mvn_f32");
            EXPECT_LE(max_rel_diff(actual, to_floats(expected)), 1e-5) << *node;
        }
    }
    // Axes that are not trailing stay with the reference.
    const auto leading =
        std::make_shared<ov::op::v6::MVN>(enc_param({4, 5}), ov::op::v0::Constant::create(ov::element::i64, {1}, {0}),
                                          true, 1e-5f, ov::op::MVNEpsMode::INSIDE_SQRT);
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(leading), nullptr);
}

// LayerNormalization as the ONNX frontend decomposes it, then a scale and a shift: d = x - mean(x), var =
// mean(d * d) (or mean(Power(d, 2)) with `power`), d * (1 / sqrt(var + eps)) (or d / sqrt(var + eps) with
// `divide`), over `axes`. `expose_d` also returns d.
std::shared_ptr<ov::Model> enc_decomposed_layer_norm(bool power, bool divide, std::vector<int64_t> axes = {-1},
                                                     bool expose_d = false) {
    const ov::Shape shape{2, 24, 16};
    auto x = enc_param(shape);
    auto axes_constant = ov::op::v0::Constant::create(ov::element::i64, {axes.size()}, axes);
    auto scalar = [](float v) { return ov::op::v0::Constant::create(ov::element::f32, {}, {v}); };
    auto mean = std::make_shared<ov::op::v1::ReduceMean>(x, axes_constant, true);
    auto d = std::make_shared<ov::op::v1::Subtract>(x, mean);
    std::shared_ptr<ov::Node> square =
        power ? std::shared_ptr<ov::Node>(std::make_shared<ov::op::v1::Power>(d, scalar(2.0f)))
              : std::make_shared<ov::op::v1::Multiply>(d, d);
    auto var = std::make_shared<ov::op::v1::ReduceMean>(square, axes_constant, true);
    auto root = std::make_shared<ov::op::v0::Sqrt>(std::make_shared<ov::op::v1::Add>(var, scalar(1e-12f)));
    std::shared_ptr<ov::Node> normalised =
        divide ? std::shared_ptr<ov::Node>(std::make_shared<ov::op::v1::Divide>(d, root))
               : std::make_shared<ov::op::v1::Multiply>(d, std::make_shared<ov::op::v1::Divide>(scalar(1.0f), root));
    normalised->set_friendly_name("normalised");
    const ov::Tensor gamma = random_tensor({16}, 5300, 0.5f, 1.5f), beta = random_tensor({16}, 5301, -1.0f, 1.0f);
    auto scaled = std::make_shared<ov::op::v1::Multiply>(
        normalised, std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{16}, gamma.data()));
    auto shifted = std::make_shared<ov::op::v1::Add>(
        scaled, std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{16}, beta.data()));
    ov::ResultVector results{std::make_shared<ov::op::v0::Result>(shifted)};
    if (expose_d)
        results.push_back(std::make_shared<ov::op::v0::Result>(d));
    return std::make_shared<ov::Model>(results, ov::ParameterVector{x});
}

TEST(CpuEncoderKernels, LayerNormDecompositionIsFusedWithTheSameResults) {
    for (bool power : {false, true})
        for (bool divide : {false, true}) {
            const auto original = enc_decomposed_layer_norm(power, divide);
            const auto prepared = devmux::cpu::prepare_model(*original);  // fuse_layer_norm among the passes
            EXPECT_EQ(enc_count_type(*prepared, "MVN"), 1u) << "power " << power << " divide " << divide;
            EXPECT_EQ(enc_count_type(*prepared, "ReduceMean") + enc_count_type(*prepared, "Sqrt"), 0u);
            const ov::Tensor x = random_tensor({2, 24, 16}, 5400 + 2 * power + divide, -3.0f, 5.0f);
            auto compiled = make_plugin()->compile_model(original, {});
            auto request = compiled->create_sync_infer_request();
            request->set_tensor(compiled->inputs()[0], x);
            request->infer();
            const auto expected = reference_outputs(*original, {x});
            EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[0])), to_floats(expected.at(0))),
                      1e-5)
                << "power " << power << " divide " << divide;
        }
}

TEST(CpuEncoderKernels, LayerNormLookalikesAreNotFused) {
    EXPECT_EQ(devmux::cpu::fuse_layer_norm(*enc_decomposed_layer_norm(false, false, {1})), 0u);     // not trailing
    EXPECT_EQ(devmux::cpu::fuse_layer_norm(*enc_decomposed_layer_norm(false, false, {-1}, true)),
              0u);                                                                                  // d read elsewhere
    EXPECT_EQ(devmux::cpu::fuse_layer_norm(*enc_decomposed_layer_norm(false, false, {1, 2})), 1u);  // two trailing axes
}

// ---- small MatMuls ----

// The attention's products per head and the small dense layers, with batches, broadcast batches, transposes and
// tails of rows and columns, against MatMul's own evaluate(): within 1e-5 of the largest output (sums of up to
// 300 products in another order). Where the CPU has AVX and FMA they run on the register-tiled loop.
TEST(CpuEncoderKernels, SmallMatMulsMatchReference) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape a, b;
        bool transpose_a, transpose_b;
    };
    const Case cases[] = {
        {{1, 2, 128, 8}, {1, 2, 8, 128}, false, false},   // scores = q k^T per head
        {{1, 2, 128, 128}, {1, 2, 128, 8}, false, false}, // context = probabilities v
        {{1, 2, 16, 8}, {1, 2, 16, 8}, false, true},      // k transposed inside the MatMul
        {{1, 128, 16}, {16, 32}, false, false},           // a dense layer
        {{3, 7, 13}, {13, 21}, false, false},             // tails: 3 rows after 4, 5 columns after 16
        {{2, 1, 5, 9}, {3, 9, 6}, false, false},          // broadcast batches, fewer columns than a vector
        {{9, 5}, {1, 9}, true, true},                     // a single column
        {{4, 300}, {300, 20}, false, false},              // a long K
        {{13, 20}, {20, 11}, false, false},               // 8 + 4 + 1 rows, a vector and 3 columns
    };
    unsigned seed = 5800;
    for (const auto& c : cases) {
        const auto node =
            std::make_shared<ov::op::v0::MatMul>(enc_param(c.a), enc_param(c.b), c.transpose_a, c.transpose_b);
        const ov::TensorVector inputs{random_tensor(c.a, ++seed), random_tensor(c.b, ++seed)};
        const ov::Tensor expected = enc_evaluate(node, inputs);
        for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
            std::string name;
            const ov::Tensor actual = enc_run_kernel(node, inputs, p, &name);
            if (__builtin_cpu_supports("avx") && __builtin_cpu_supports("fma"))
                EXPECT_EQ(name, "small_gemm_f32") << c.a << " x " << c.b;
            EXPECT_LE(max_rel_diff(to_floats(actual), to_floats(expected)), 1e-5) << c.a << " x " << c.b;
        }
    }
    // Fewer rows than a tile (a vector times a matrix) stay with the library's sgemm.
    const auto vector_times_matrix = std::make_shared<ov::op::v0::MatMul>(enc_param({1, 1536}), enc_param({1536, 96}));
    EXPECT_NE(devmux::cpu::make_optimized_kernel(vector_times_matrix)->name(), "small_gemm_f32");
}

// ---- Softmax rows without AVX ----

// The softmax kernel's row loop without AVX (the kernel's own tests, test_softmax_kernel.cpp, run the AVX one
// where the CPU has it) against softmax in double, lengths 1 to 300 with the mask's large negative values:
// within 1e-6 of each value plus 1e-37, as there.
TEST(CpuEncoderKernels, SoftmaxRowWithoutAvxMatchesDouble) {
    std::mt19937 gen(5600);
    std::uniform_real_distribution<float> value(-12.0f, 12.0f);
    std::uniform_int_distribution<int> kind(0, 9);
    for (size_t len = 1; len <= 300; len += (len < 40 ? 1 : 13)) {
        std::vector<float> row(len), out(len);
        for (size_t i = 0; i < len; ++i)
            row[i] = kind(gen) == 0 ? std::numeric_limits<float>::lowest() : value(gen);
        row[len / 2] = value(gen);  // one finite value at least
        devmux::cpu::softmax_row_baseline(row.data(), out.data(), len);
        float max = row[0];
        for (float v : row)
            max = std::max(max, v);
        double sum = 0;
        for (float v : row)
            sum += std::exp(static_cast<double>(v - max));
        for (size_t i = 0; i < len; ++i) {
            const double want = std::exp(static_cast<double>(row[i] - max)) / sum;
            ASSERT_LE(std::fabs(out[i] - want), 1e-6 * want + 1e-37) << "length " << len << " at " << i;
        }
    }
}

}  // namespace
