// SPDX-License-Identifier: Apache-2.0
// Erf and GELU (erf form) on f32. PyTorch's ONNX exporter writes BERT's GELU as five ops,
// Mul(Mul(x, Add(Erf(Div(x, sqrt 2)), 1)), 0.5), each a pass over the activation, the Erf on the reference (a
// scalar std::erf call per element, computed in double). fuse_gelu puts one Gelu-7 (mode erf) in their place and
// the kernel below computes x / 2 * (1 + erf(x / sqrt 2)) in one vectorisable pass; a lone Erf gets the same erf.
#include <algorithm>
#include <cmath>

#include "devmux/kit/passes.hpp"
#include "kernels/fast_math.hpp"
#include "kernels/kernel.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/erf.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/multiply.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

// erf(x) without branches or calls. |x| < 0.5: its Taylor series to x^11 (truncation below 2e-8 relative); else
// 1 - t (a1 + a2 t + ... + a5 t^4) exp(-x^2) with t = 1 / (1 + p |x|), Abramowitz and Stegun 7.1.26 (error below
// 1.5e-7 in exact arithmetic). Measured in float against double erf over [0, 6]: 7.4e-8 absolute (1.6e-7
// relative) below 0.5, 3.6e-7 absolute above. Odd by construction; NaN stays NaN, +-inf give +-1. Both branches
// are computed and one is kept by a bit mask, so a loop over floats vectorises (see exp_branch_free).
inline __attribute__((always_inline)) float erf_branch_free(float x) {
    const float ax = std::fabs(x);
    const float x2 = ax * ax;
    float series = -0.0008548327023450852f;  // (-1)^n 2 / (sqrt(pi) n! (2n + 1)), n = 5 down to 0
    series = series * x2 + 0.005223977625442188f;
    series = series * x2 - 0.026866170645131252f;
    series = series * x2 + 0.11283791670955126f;
    series = series * x2 - 0.37612638903183754f;
    series = series * x2 + 1.1283791670955126f;
    series *= ax;
    const float t = 1.0f / (1.0f + 0.3275911f * ax);
    float poly = 1.061405429f;
    poly = poly * t - 1.453152027f;
    poly = poly * t + 1.421413741f;
    poly = poly * t - 0.284496736f;
    poly = poly * t + 0.254829592f;
    const float tail = 1.0f - t * poly * exp_branch_free(-x2);
    uint32_t series_bits, tail_bits;
    std::memcpy(&series_bits, &series, sizeof(series_bits));
    std::memcpy(&tail_bits, &tail, sizeof(tail_bits));
    const uint32_t small = ax < 0.5f ? ~0u : 0u;
    uint32_t bits = (series_bits & small) | (tail_bits & ~small);
    uint32_t sign;
    std::memcpy(&sign, &x, sizeof(sign));
    bits |= sign & 0x80000000u;
    float result;
    std::memcpy(&result, &bits, sizeof(result));
    return result;
}

}  // namespace

// With external linkage so the tests also run it where the CPU has AVX (tests/cpu/test_encoder_kernels.cpp).
void erf_gelu_range_baseline(const float* in, float* out, size_t begin, size_t end, bool gelu) {
    if (gelu)
        for (size_t i = begin; i < end; ++i)
            out[i] = 0.5f * in[i] * (1.0f + erf_branch_free(in[i] * 0.70710678118654752f));
    else
        for (size_t i = begin; i < end; ++i)
            out[i] = erf_branch_free(in[i]);
}

namespace {

#if defined(__x86_64__) || defined(__i386__)
// erf_branch_free on 8 floats (see exp8_avx for why by hand).
__attribute__((target("avx,fma"))) inline __m256 erf8_avx(__m256 x) {
    const __m256 sign_bit = _mm256_set1_ps(-0.0f);
    const __m256 ax = _mm256_andnot_ps(sign_bit, x);
    const __m256 x2 = _mm256_mul_ps(ax, ax);
    __m256 series = _mm256_set1_ps(-0.0008548327023450852f);
    series = _mm256_fmadd_ps(series, x2, _mm256_set1_ps(0.005223977625442188f));
    series = _mm256_fmadd_ps(series, x2, _mm256_set1_ps(-0.026866170645131252f));
    series = _mm256_fmadd_ps(series, x2, _mm256_set1_ps(0.11283791670955126f));
    series = _mm256_fmadd_ps(series, x2, _mm256_set1_ps(-0.37612638903183754f));
    series = _mm256_fmadd_ps(series, x2, _mm256_set1_ps(1.1283791670955126f));
    series = _mm256_mul_ps(series, ax);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 t = _mm256_div_ps(one, _mm256_fmadd_ps(_mm256_set1_ps(0.3275911f), ax, one));
    __m256 poly = _mm256_set1_ps(1.061405429f);
    poly = _mm256_fmadd_ps(poly, t, _mm256_set1_ps(-1.453152027f));
    poly = _mm256_fmadd_ps(poly, t, _mm256_set1_ps(1.421413741f));
    poly = _mm256_fmadd_ps(poly, t, _mm256_set1_ps(-0.284496736f));
    poly = _mm256_fmadd_ps(poly, t, _mm256_set1_ps(0.254829592f));
    const __m256 tail = _mm256_fnmadd_ps(_mm256_mul_ps(t, poly), exp8_avx(_mm256_xor_ps(x2, sign_bit)), one);
    const __m256 small = _mm256_cmp_ps(ax, _mm256_set1_ps(0.5f), _CMP_LT_OQ);
    return _mm256_or_ps(_mm256_blendv_ps(tail, series, small), _mm256_and_ps(x, sign_bit));
}

__attribute__((target("avx,fma"))) void erf_gelu_range_avx(const float* in, float* out, size_t begin, size_t end,
                                                           bool gelu) {
    size_t i = begin;
    const __m256 half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f),
                 inv_sqrt2 = _mm256_set1_ps(0.70710678118654752f);
    for (; i + 8 <= end; i += 8) {
        const __m256 x = _mm256_loadu_ps(in + i);
        const __m256 y =
            gelu ? _mm256_mul_ps(_mm256_mul_ps(half, x), _mm256_add_ps(one, erf8_avx(_mm256_mul_ps(x, inv_sqrt2))))
                 : erf8_avx(x);
        _mm256_storeu_ps(out + i, y);
    }
    erf_gelu_range_baseline(in, out, i, end, gelu);
}
#endif

class ErfGeluKernel final : public Kernel {
public:
    // The vector loop is chosen once, where the CPU has AVX and FMA.
    explicit ErfGeluKernel(bool gelu) : m_gelu(gelu) {
#if defined(__x86_64__) || defined(__i386__)
        if (cpu_has_avx_fma())
            m_range = erf_gelu_range_avx;
#endif
    }
    std::string name() const override { return m_gelu ? "gelu_erf_f32" : "erf_f32"; }
    // Each element is read before the same element is written.
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t n = inputs[0].get_size();
        for_row_ranges(ctx.pool, n, n, [&](size_t begin, size_t end) { m_range(in, out, begin, end, m_gelu); }, 1u << 15);
    }

private:
    bool m_gelu;
    void (*m_range)(const float*, float*, size_t, size_t, bool) = erf_gelu_range_baseline;
};

std::string erf_gelu_refusal(const ov::Node& node) {
    const auto* gelu7 = ov::as_type<const ov::op::v7::Gelu>(&node);
    if (!ov::is_type<ov::op::v0::Erf>(&node) && !ov::is_type<ov::op::v0::Gelu>(&node) && !gelu7)
        return "is not an Erf-1, Gelu-2 or Gelu-7";
    if (gelu7 && gelu7->get_approximation_mode() != ov::op::GeluApproximationMode::ERF)
        return "is a Gelu of the tanh approximation";
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_output_element_type(0) != ov::element::f32 ||
        node.get_input_partial_shape(0).is_dynamic())
        return "has data or result other than f32, or a dynamic shape";
    return {};
}

// ---- the pattern ----

// Whether `value` is a Constant holding one f32 within 1e-6 (relative) of `expected`.
bool is_scalar_near(const ov::Output<ov::Node>& value, float expected) {
    const auto c = ov::as_type_ptr<ov::op::v0::Constant>(value.get_node_shared_ptr());
    if (!c || c->get_element_type() != ov::element::f32 || ov::shape_size(c->get_shape()) != 1)
        return false;
    return std::fabs(c->cast_vector<float>()[0] - expected) <= 1e-6f * std::fabs(expected);
}

// The operand of `node` (of type T, numpy broadcast, two inputs) that is not the scalar `expected`; either side
// when `commutative`.
template <typename T>
bool operand_beside(const std::shared_ptr<ov::Node>& node, float expected, bool commutative,
                    ov::Output<ov::Node>& other) {
    const auto* op = ov::as_type<const T>(node.get());
    if (!op || op->get_autob().m_type != ov::op::AutoBroadcastType::NUMPY)
        return false;
    if (is_scalar_near(node->input_value(1), expected)) {
        other = node->input_value(0);
        return true;
    }
    if (commutative && is_scalar_near(node->input_value(0), expected)) {
        other = node->input_value(1);
        return true;
    }
    return false;
}

bool read_once(const ov::Output<ov::Node>& value) { return value.get_target_inputs().size() == 1; }

// x where `value` is 1 + erf(x / sqrt 2) (the division also as a Multiply by 1 / sqrt 2), each op read once.
ov::Output<ov::Node> one_plus_erf_input(const ov::Output<ov::Node>& value) {
    ov::Output<ov::Node> erf_value, scaled, x;
    if (!read_once(value) || !operand_beside<ov::op::v1::Add>(value.get_node_shared_ptr(), 1.0f, true, erf_value))
        return {};
    const auto erf = erf_value.get_node_shared_ptr();
    if (!ov::is_type<ov::op::v0::Erf>(erf) || !read_once(erf_value))
        return {};
    scaled = erf->input_value(0);
    if (!read_once(scaled))
        return {};
    if (operand_beside<ov::op::v1::Divide>(scaled.get_node_shared_ptr(), 1.41421356f, false, x) ||
        operand_beside<ov::op::v1::Multiply>(scaled.get_node_shared_ptr(), 0.70710678f, true, x))
        return x;
    return {};
}

// x for x * (1 + erf(x / sqrt 2)) * 0.5 as PyTorch writes it, Mul(Mul(x, 1 + erf), 0.5) or
// Mul(Mul(x, 0.5), 1 + erf), operands of the Multiplies in either order; every value f32 of x's shape.
ov::Output<ov::Node> gelu_input(const std::shared_ptr<ov::Node>& root) {
    ov::Output<ov::Node> x;
    ov::Output<ov::Node> product;
    if (operand_beside<ov::op::v1::Multiply>(root, 0.5f, true, product)) {
        // Mul(Mul(x, 1 + erf(x / sqrt 2)), 0.5)
        const auto inner = product.get_node_shared_ptr();
        if (!read_once(product) || !ov::is_type<ov::op::v1::Multiply>(inner))
            return {};
        for (size_t side = 0; side < 2 && !x.get_node(); ++side) {
            const ov::Output<ov::Node> candidate = one_plus_erf_input(inner->input_value(1 - side));
            if (candidate.get_node() && candidate == inner->input_value(side) &&
                ov::as_type<const ov::op::v1::Multiply>(inner.get())->get_autob().m_type ==
                    ov::op::AutoBroadcastType::NUMPY)
                x = candidate;
        }
    } else if (ov::is_type<ov::op::v1::Multiply>(root) &&
               ov::as_type<const ov::op::v1::Multiply>(root.get())->get_autob().m_type ==
                   ov::op::AutoBroadcastType::NUMPY) {
        // Mul(Mul(x, 0.5), 1 + erf(x / sqrt 2))
        for (size_t side = 0; side < 2 && !x.get_node(); ++side) {
            ov::Output<ov::Node> half_input;
            const ov::Output<ov::Node> half = root->input_value(side);
            if (!read_once(half) ||
                !operand_beside<ov::op::v1::Multiply>(half.get_node_shared_ptr(), 0.5f, true, half_input))
                continue;
            const ov::Output<ov::Node> candidate = one_plus_erf_input(root->input_value(1 - side));
            if (candidate.get_node() && candidate == half_input)
                x = candidate;
        }
    }
    if (!x.get_node() || x.get_element_type() != ov::element::f32 || x.get_partial_shape().is_dynamic() ||
        root->get_output_element_type(0) != ov::element::f32 ||
        root->get_output_partial_shape(0) != x.get_partial_shape())
        return {};
    return x;
}

}  // namespace

size_t fuse_gelu(ov::Model& model) {
    size_t fused = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (!ov::is_type<ov::op::v1::Multiply>(node) || node->get_output_size() != 1 ||
            node->output(0).get_target_inputs().empty())
            continue;
        const ov::Output<ov::Node> x = gelu_input(node);
        if (!x.get_node())
            continue;
        kit::replace_keeping_identity(node, std::make_shared<ov::op::v7::Gelu>(x, ov::op::GeluApproximationMode::ERF));
        ++fused;
    }
    return fused;
}

CpuKernelEntry erf_gelu_entry() {
    return {{"Erf", "Gelu"}, "", {}, erf_gelu_refusal,
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<ErfGeluKernel>(!ov::is_type<ov::op::v0::Erf>(node));
            }};
}

}  // namespace cpu
}  // namespace devmux
