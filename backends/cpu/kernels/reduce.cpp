// SPDX-License-Identifier: Apache-2.0
// f32 ReduceMean / ReduceSum / ReduceMax / ReduceProd over one contiguous run of axes (global pooling,
// per-row sums...) and Softmax: the input seen as [outer, reduced, inner]. Other axis sets stay with the
// reference.
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "kernels/fast_math.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/reduce_max.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/reduce_prod.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/op/softmax.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

enum class ReduceOp { mean, sum, max, prod };

// Runs slab(o) for o in [0, slabs): on the team for large inputs, each thread taking a few contiguous runs
// of slabs. One task per slab made the threads fight over the shared counter: SqueezeNet's global pooling
// (1000 slabs of 169 values) took 0.16 ms on 2 threads against 0.04 on one.
template <typename Slab>
void run_slabs(ExecContext& ctx, size_t slabs, size_t elements, const Slab& slab) {
    const size_t team = ctx.pool ? team_size(ctx.pool) : 1;
    const size_t tasks = team > 1 && elements >= (1u << 16) ? std::min(slabs, team * 4) : 1;
    auto part = [&](size_t t) {
        for (size_t o = slabs * t / tasks; o < slabs * (t + 1) / tasks; ++o)
            slab(o);
    };
    if (tasks > 1)
        parallel_for(ctx.pool, tasks, part);
    else
        part(0);
}

class ReduceKernel final : public Kernel {
public:
    ReduceKernel(ReduceOp op, size_t outer, size_t reduced, size_t inner)
        : m_op(op), m_outer(outer), m_reduced(reduced), m_inner(inner) {}
    std::string name() const override { return "reduce_f32"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        auto slab = [&](size_t o) {
            const float* src = in + o * m_reduced * m_inner;
            float* dst = out + o * m_inner;
            if (m_inner == 1) {
                dst[0] = finish(reduce_run(src));
                return;
            }
            for (size_t i = 0; i < m_inner; ++i)
                dst[i] = static_cast<float>(identity());
            for (size_t r = 0; r < m_reduced; ++r) {
                const float* row = src + r * m_inner;
                switch (m_op) {
                case ReduceOp::mean:
                case ReduceOp::sum:
                    for (size_t i = 0; i < m_inner; ++i)
                        dst[i] += row[i];
                    break;
                case ReduceOp::max:
                    for (size_t i = 0; i < m_inner; ++i)
                        dst[i] = row[i] > dst[i] ? row[i] : dst[i];
                    break;
                case ReduceOp::prod:
                    for (size_t i = 0; i < m_inner; ++i)
                        dst[i] *= row[i];
                    break;
                }
            }
            if (m_op == ReduceOp::mean)
                for (size_t i = 0; i < m_inner; ++i)
                    dst[i] /= static_cast<float>(m_reduced);
        };
        run_slabs(ctx, m_outer, m_outer * m_reduced * m_inner, slab);
    }

private:
    double identity() const {
        switch (m_op) {
        case ReduceOp::max: return -std::numeric_limits<double>::infinity();
        case ReduceOp::prod: return 1.0;
        default: return 0.0;
        }
    }
    // One contiguous run per output (global pooling): accumulated in double, as long sums lose bits in
    // float, over eight independent partial results, so the adds do not wait on each other (one chain
    // made SqueezeNet's 1000-channel global pooling take 0.16 ms).
    double reduce_run(const float* src) const {
        constexpr size_t lanes = 8;
        double partial[lanes];
        for (double& p : partial)
            p = identity();
        size_t r = 0;
        if (m_op == ReduceOp::max) {
            for (; r + lanes <= m_reduced; r += lanes)
                for (size_t k = 0; k < lanes; ++k)
                    partial[k] = src[r + k] > partial[k] ? src[r + k] : partial[k];
        } else if (m_op != ReduceOp::prod) {
            for (; r + lanes <= m_reduced; r += lanes)
                for (size_t k = 0; k < lanes; ++k)
                    partial[k] += src[r + k];
        }
        double acc = identity();
        for (double p : partial)
            acc = combine(acc, p);
        for (; r < m_reduced; ++r)
            acc = combine(acc, src[r]);
        return acc;
    }
    double combine(double acc, double v) const {
        switch (m_op) {
        case ReduceOp::max: return v > acc ? v : acc;
        case ReduceOp::prod: return acc * v;
        default: return acc + v;
        }
    }
    float finish(double acc) const {
        return static_cast<float>(m_op == ReduceOp::mean ? acc / static_cast<double>(m_reduced) : acc);
    }

    ReduceOp m_op;
    size_t m_outer, m_reduced, m_inner;
};

// softmax over one contiguous row: dst[r] = exp(src[r] - max) / sum. The maximum runs as 8 independent chains
// (one chain waits a compare's latency per element: at 128 keys that alone cost more than the exps), the sum in
// double as 8 partial sums, so every loop pipelines or vectorises. In place (dst == src) is fine.
inline __attribute__((always_inline)) void softmax_row_body(const float* src, float* dst, size_t len) {
    float maxima[8];
    for (size_t k = 0; k < 8; ++k)
        maxima[k] = src[0];
    size_t r = 0;
    for (; r + 8 <= len; r += 8)
        for (size_t k = 0; k < 8; ++k)
            maxima[k] = src[r + k] > maxima[k] ? src[r + k] : maxima[k];
    float max = maxima[0];
    for (; r < len; ++r)
        max = src[r] > max ? src[r] : max;
    for (size_t k = 1; k < 8; ++k)
        max = maxima[k] > max ? maxima[k] : max;
    for (r = 0; r < len; ++r)
        dst[r] = exp_branch_free(src[r] - max);
    double partial[8] = {};
    r = 0;
    for (; r + 8 <= len; r += 8)
        for (size_t k = 0; k < 8; ++k)
            partial[k] += dst[r + k];
    double sum = 0;
    for (; r < len; ++r)
        sum += dst[r];
    for (double p : partial)
        sum += p;
    const float scale = static_cast<float>(1.0 / sum);
    for (r = 0; r < len; ++r)
        dst[r] *= scale;
}

}  // namespace

// With external linkage so the tests also run it where the CPU has AVX (tests/cpu/test_encoder_kernels.cpp).
void softmax_row_baseline(const float* src, float* dst, size_t len) { softmax_row_body(src, dst, len); }

namespace {

#if defined(__x86_64__) || defined(__i386__)
// The same steps 8 floats at a time where the CPU has AVX and FMA (the build targets baseline x86-64, whose
// 4-wide loops the compiler keeps even under a target attribute, the exp's integer steps having no 8-wide form
// in AVX): the exp is most of a softmax's time, and an attention's softmax over 128 keys was a third of a small
// BERT's.
__attribute__((target("avx,fma"))) void softmax_row_avx(const float* src, float* dst, size_t len) {
    if (len < 8) {
        softmax_row_body(src, dst, len);
        return;
    }
    // The running maximum keeps a lane's value when the new one is NaN (maxps returns its second operand); a NaN
    // anywhere in the row still makes the whole row NaN through its exp and the sum, as in the baseline.
    __m256 maxima = _mm256_loadu_ps(src);
    size_t r = 8;
    for (; r + 8 <= len; r += 8)
        maxima = _mm256_max_ps(_mm256_loadu_ps(src + r), maxima);
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, maxima);
    float max = lanes[0];
    for (size_t k = 1; k < 8; ++k)
        max = lanes[k] > max ? lanes[k] : max;
    for (; r < len; ++r)
        max = src[r] > max ? src[r] : max;
    const __m256 shift = _mm256_set1_ps(max);
    __m256d sum_lo = _mm256_setzero_pd(), sum_hi = _mm256_setzero_pd();
    for (r = 0; r + 8 <= len; r += 8) {
        const __m256 e = exp8_avx(_mm256_sub_ps(_mm256_loadu_ps(src + r), shift));
        _mm256_storeu_ps(dst + r, e);
        sum_lo = _mm256_add_pd(sum_lo, _mm256_cvtps_pd(_mm256_castps256_ps128(e)));
        sum_hi = _mm256_add_pd(sum_hi, _mm256_cvtps_pd(_mm256_extractf128_ps(e, 1)));
    }
    alignas(32) double partial[4];
    _mm256_store_pd(partial, _mm256_add_pd(sum_lo, sum_hi));
    double sum = partial[0] + partial[1] + partial[2] + partial[3];
    for (; r < len; ++r) {
        dst[r] = exp_branch_free(src[r] - max);
        sum += dst[r];
    }
    const float scale = static_cast<float>(1.0 / sum);
    const __m256 scale8 = _mm256_set1_ps(scale);
    for (r = 0; r + 8 <= len; r += 8)
        _mm256_storeu_ps(dst + r, _mm256_mul_ps(_mm256_loadu_ps(dst + r), scale8));
    for (; r < len; ++r)
        dst[r] *= scale;
}
#endif

using SoftmaxRowFn = void (*)(const float*, float*, size_t);

SoftmaxRowFn choose_softmax_row() {
#if defined(__x86_64__) || defined(__i386__)
    if (cpu_has_avx_fma())
        return softmax_row_avx;
#endif
    return softmax_row_baseline;
}

const SoftmaxRowFn softmax_row = choose_softmax_row();

// softmax(x)[o, r, i] = exp(x - max_r x) / sum_r exp(x - max_r x), per (o, i).
class SoftmaxKernel final : public Kernel {
public:
    SoftmaxKernel(size_t outer, size_t axis_len, size_t inner) : m_outer(outer), m_len(axis_len), m_inner(inner) {}
    std::string name() const override { return "softmax_f32"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        auto slab = [&](size_t o) {
            if (m_inner == 1) {
                softmax_row(in + o * m_len, out + o * m_len, m_len);
                return;
            }
            for (size_t i = 0; i < m_inner; ++i) {
                const float* src = in + o * m_len * m_inner + i;
                float* dst = out + o * m_len * m_inner + i;
                float max = src[0];
                for (size_t r = 1; r < m_len; ++r)
                    max = src[r * m_inner] > max ? src[r * m_inner] : max;
                double sum = 0;
                for (size_t r = 0; r < m_len; ++r) {
                    dst[r * m_inner] = exp_branch_free(src[r * m_inner] - max);
                    sum += dst[r * m_inner];
                }
                const float scale = static_cast<float>(1.0 / sum);
                for (size_t r = 0; r < m_len; ++r)
                    dst[r * m_inner] *= scale;
            }
        };
        run_slabs(ctx, m_outer, m_outer * m_len * m_inner, slab);
    }

private:
    size_t m_outer, m_len, m_inner;
};

// The input seen as [outer, axis_len, inner] around Softmax's axis.
struct SoftmaxSpec {
    size_t outer = 0, axis_len = 0, inner = 0;
};

std::optional<SoftmaxSpec> softmax_spec(const ov::Node& node, std::string* why) {
    int64_t axis = 0;
    if (const auto* v1 = ov::as_type<const ov::op::v1::Softmax>(&node))
        axis = static_cast<int64_t>(v1->get_axis());
    else if (const auto* v8 = ov::as_type<const ov::op::v8::Softmax>(&node))
        axis = v8->get_axis();
    else
        return refuse(why, "is not a Softmax-1 or Softmax-8");
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_partial_shape(0).is_dynamic())
        return refuse(why, "has data other than f32 or of dynamic shape");
    const ov::Shape in = node.get_input_shape(0);
    const int64_t rank = static_cast<int64_t>(in.size());
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis >= rank)
        return refuse(why, "has an axis outside its data's rank");
    const auto a = static_cast<size_t>(axis);
    if (in[a] == 0)
        return refuse(why, "has an empty axis");
    return SoftmaxSpec{ov::shape_size(ov::Shape(in.begin(), in.begin() + a)), in[a],
                       ov::shape_size(ov::Shape(in.begin() + a + 1, in.end()))};
}

// The input seen as [outer, reduced, inner] around the one contiguous run of reduced axes.
struct ReduceSpec {
    ReduceOp op;
    size_t outer = 0, reduced = 0, inner = 0;
};

std::optional<ReduceSpec> reduce_spec(const ov::Node& node, std::string* why) {
    ReduceSpec spec{};
    if (ov::is_type<ov::op::v1::ReduceMean>(&node))
        spec.op = ReduceOp::mean;
    else if (ov::is_type<ov::op::v1::ReduceSum>(&node))
        spec.op = ReduceOp::sum;
    else if (ov::is_type<ov::op::v1::ReduceMax>(&node))
        spec.op = ReduceOp::max;
    else if (ov::is_type<ov::op::v1::ReduceProd>(&node))
        spec.op = ReduceOp::prod;
    else
        return refuse(why, "is not a ReduceMean, ReduceSum, ReduceMax or ReduceProd of opset1");
    const auto* reduction = ov::as_type<const ov::op::util::ReductionBase>(&node);
    if (!reduction || !reduction->reduction_axes_constant())
        return refuse(why, "has axes that are not a Constant");
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_partial_shape(0).is_dynamic() ||
        node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has data other than f32 or a dynamic shape");
    const ov::Shape in = node.get_input_shape(0);
    const ov::AxisSet axes = reduction->get_reduction_axes();
    if (axes.empty() || *axes.rbegin() >= in.size() || *axes.rbegin() - *axes.begin() + 1 != axes.size())
        return refuse(why, "has no axes, or axes that are not one contiguous run");
    const size_t first = *axes.begin(), last = *axes.rbegin() + 1;
    spec.outer = ov::shape_size(ov::Shape(in.begin(), in.begin() + first));
    spec.reduced = ov::shape_size(ov::Shape(in.begin() + first, in.begin() + last));
    spec.inner = ov::shape_size(ov::Shape(in.begin() + last, in.end()));
    if (spec.reduced == 0)
        return refuse(why, "reduces an empty run of axes");
    return spec;
}

}  // namespace

CpuKernelEntry reduce_entry() {
    return {{"ReduceMean", "ReduceSum", "ReduceMax", "ReduceProd"}, "", {}, refusal_of(reduce_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                const ReduceSpec spec = *reduce_spec(*node, nullptr);
                return std::make_shared<ReduceKernel>(spec.op, spec.outer, spec.reduced, spec.inner);
            }};
}

CpuKernelEntry softmax_entry() {
    return {{"Softmax"}, "", {}, refusal_of(softmax_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                const SoftmaxSpec spec = *softmax_spec(*node, nullptr);
                return std::make_shared<SoftmaxKernel>(spec.outer, spec.axis_len, spec.inner);
            }};
}

}  // namespace cpu
}  // namespace devmux
