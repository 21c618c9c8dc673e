// SPDX-License-Identifier: Apache-2.0
// f32 MatMul: every batch becomes one sgemm on row-major [M,K] x [K,N] (a register-tiled loop for small products,
// oneDNN's sgemm or the plugin's otherwise). A transposed operand is brought to that layout first: a Constant B
// once at compile time, anything else per inference into scratch.
#include <algorithm>
#include <vector>

#include "kernels/fast_math.hpp"
#include "kernels/gemm.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/matmul.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "kernels/dnnl_kernels.hpp"
#endif

namespace devmux {
namespace cpu {
namespace {

// dst[b][r][c] = src[b][c][r] for `batches` matrices stored [cols, rows].
void transpose_batches(const float* src, float* dst, size_t batches, size_t rows, size_t cols) {
    for (size_t b = 0; b < batches; ++b) {
        const float* s = src + b * rows * cols;
        float* d = dst + b * rows * cols;
        for (size_t r = 0; r < rows; ++r)
            for (size_t c = 0; c < cols; ++c)
                d[r * cols + c] = s[c * rows + r];
    }
}

#if defined(__x86_64__) || defined(__i386__)
// c[R rows, 8 V columns] = a[R rows, K] x b[K, 8 V columns], every row-major with the given row strides: R x V
// accumulators in registers, one load of b's row per k shared by the R rows.
template <int R, int V>
__attribute__((target("avx,fma"), always_inline)) inline void small_gemm_tile(const float* a, size_t lda,
                                                                              const float* b, size_t ldb, float* c,
                                                                              size_t ldc, size_t K) {
    __m256 acc[R][V];
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v)
            acc[r][v] = _mm256_setzero_ps();
    for (size_t k = 0; k < K; ++k) {
        __m256 bv[V];
        for (int v = 0; v < V; ++v)
            bv[v] = _mm256_loadu_ps(b + k * ldb + 8 * v);
        for (int r = 0; r < R; ++r) {
            const __m256 av = _mm256_broadcast_ss(a + r * lda + k);
            for (int v = 0; v < V; ++v)
                acc[r][v] = _mm256_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v)
            _mm256_storeu_ps(c + r * ldc + 8 * v, acc[r][v]);
}

template <int R>
__attribute__((target("avx,fma"))) void small_gemm_rows(const float* a, const float* b, float* c, size_t N, size_t K) {
    size_t n = 0;
    for (; n + 16 <= N; n += 16)
        small_gemm_tile<R, 2>(a, K, b + n, N, c + n, N, K);
    for (; n + 8 <= N; n += 8)
        small_gemm_tile<R, 1>(a, K, b + n, N, c + n, N, K);
    for (; n < N; ++n)
        for (int r = 0; r < R; ++r) {
            float sum = 0;
            for (size_t k = 0; k < K; ++k)
                sum += a[r * K + k] * b[k * N + n];
            c[r * N + n] = sum;
        }
}

// Row-major [M,K] x [K,N] in registers, 4 rows x 16 columns (8 rows x 8 columns when N < 16) at a time. For the
// small products of attention heads (a BERT's [128,8] x [8,128] and [128,128] x [128,8] per head) a library
// sgemm's call, packing and blocking cost more than the arithmetic: this runs them in half the time or less (in a
// BERT at 128 tokens, its two attention MatMuls went from 6 and 13 us to 4 and 5 us at one thread).
__attribute__((target("avx,fma"))) void small_gemm_avx(const float* a, const float* b, float* c, size_t M, size_t N,
                                                       size_t K) {
    size_t m = 0;
    if (N < 16)  // one vector of columns: 8 rows keep 8 accumulators going, as 4 rows of two vectors do
        for (; m + 8 <= M; m += 8)
            small_gemm_rows<8>(a + m * K, b, c + m * N, N, K);
    for (; m + 4 <= M; m += 4)
        small_gemm_rows<4>(a + m * K, b, c + m * N, N, K);
    for (; m < M; ++m)
        small_gemm_rows<1>(a + m * K, b, c + m * N, N, K);
}
#endif

// Products of at most this many multiply-adds per batch, and in all, run on small_gemm_avx where the CPU has AVX
// and FMA; the whole product under the second bound is also what oneDNN would run on one thread. Fewer rows than
// a tile leave each accumulator one long chain of dependent multiply-adds: a vector times a [1536, 96] matrix
// ("hey jarvis") took 18 us there against oneDNN's 10, so those stay with the library.
constexpr size_t kSmallGemmMinRows = 4;
constexpr size_t kSmallGemmBatchMacs = size_t(1) << 18;
constexpr size_t kSmallGemmTotalMacs = size_t(4) << 20;

struct MatMulGeometry {
    size_t M = 0, N = 0, K = 0;
    size_t a_batches = 1, b_batches = 1;
    bool transpose_a = false, transpose_b = false;
    std::vector<size_t> a_index, b_index;  // per output batch: which batch of A and of B it multiplies
};

class MatMulKernel final : public Kernel, public HoldsWeights {
public:
    MatMulKernel(MatMulGeometry g, std::vector<float> packed_b) : m_g(std::move(g)), m_packed_b(std::move(packed_b)) {
#if defined(__x86_64__) || defined(__i386__)
        const size_t batch_macs = m_g.M * m_g.N * m_g.K;
        m_small = cpu_has_avx_fma() && m_g.M >= kSmallGemmMinRows && batch_macs <= kSmallGemmBatchMacs &&
                  batch_macs * m_g.a_index.size() < kSmallGemmTotalMacs;
#endif
    }

#ifdef DEVMUX_CPU_HAVE_DNNL
    std::string name() const override { return m_small ? "small_gemm_f32" : "dnnl_gemm_f32"; }
#else
    std::string name() const override { return m_small ? "small_gemm_f32" : "gemm_f32"; }
#endif
    size_t scratch_bytes() const override { return (a_scratch() + b_scratch()) * sizeof(float); }
    size_t held_weight_bytes() const override { return m_packed_b.size() * sizeof(float); }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                 ExecContext& ctx) const override {
        const MatMulGeometry& g = m_g;
        const float* a = static_cast<const float*>(inputs[0].data());
        const float* b = m_packed_b.empty() ? static_cast<const float*>(inputs[1].data()) : m_packed_b.data();
        float* c = static_cast<float*>(outputs[0].data());
        float* scratch_a = static_cast<float*>(scratch);
        float* scratch_b = scratch_a + a_scratch();
        if (g.transpose_a) {
            transpose_batches(a, scratch_a, g.a_batches, g.M, g.K);
            a = scratch_a;
        }
        if (g.transpose_b && m_packed_b.empty()) {
            transpose_batches(b, scratch_b, g.b_batches, g.K, g.N);
            b = scratch_b;
        }
#if defined(__x86_64__) || defined(__i386__)
        if (m_small) {
            for (size_t i = 0; i < g.a_index.size(); ++i)
                small_gemm_avx(a + g.a_index[i] * g.M * g.K, b + g.b_index[i] * g.K * g.N, c + i * g.M * g.N, g.M, g.N,
                               g.K);
            return;
        }
#endif
#ifdef DEVMUX_CPU_HAVE_DNNL
        // oneDNN's JIT sgemm runs 2 to 4 times the plugin's sgemm on every shape measured, fully connected at
        // batch 1 included (docs/measurements/cpu.md); like the oneDNN convolutions, small products run on one thread.
        const int team = static_cast<int>(team_size(ctx.pool));
        DnnlThreads scope(dnnl_step_threads(g.a_index.size() * g.M * g.N * g.K, 4u << 20, team));
        const auto M = static_cast<dnnl_dim_t>(g.M), N = static_cast<dnnl_dim_t>(g.N), K = static_cast<dnnl_dim_t>(g.K);
        for (size_t i = 0; i < g.a_index.size(); ++i) {
            const dnnl_status_t status = dnnl_sgemm('N', 'N', M, N, K, 1.f, a + g.a_index[i] * g.M * g.K, K,
                                                    b + g.b_index[i] * g.K * g.N, N, 0.f, c + i * g.M * g.N, N);
            OPENVINO_ASSERT(status == dnnl_success, "CPU: MatMul: dnnl_sgemm failed (status ", static_cast<int>(status),
                            ") on [", g.M, ",", g.K, "] x [", g.K, ",", g.N, "]");
        }
#else
        for (size_t i = 0; i < g.a_index.size(); ++i)
            sgemm(ctx.pool, g.M, g.N, g.K, a + g.a_index[i] * g.M * g.K, g.K, b + g.b_index[i] * g.K * g.N, g.N,
                  c + i * g.M * g.N, g.N);
#endif
    }

private:
    size_t a_scratch() const { return m_g.transpose_a ? m_g.a_batches * m_g.M * m_g.K : 0; }
    size_t b_scratch() const { return m_g.transpose_b && m_packed_b.empty() ? m_g.b_batches * m_g.K * m_g.N : 0; }

    MatMulGeometry m_g;
    std::vector<float> m_packed_b;  // B as [b_batches, K, N] when it was a transposed Constant
    bool m_small = false;           // run on small_gemm_avx
};

std::optional<MatMulGeometry> matmul_geometry(const ov::Node& node, std::string* why) {
    const auto* matmul = ov::as_type<const ov::op::v0::MatMul>(&node);
    if (!matmul)
        return refuse(why, "is not a MatMul-1");
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_input_element_type(1) != ov::element::f32 ||
        node.get_output_element_type(0) != ov::element::f32)
        return refuse(why, "has operands or result other than f32");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_input_partial_shape(1).is_dynamic() ||
        node.get_output_partial_shape(0).is_dynamic())
        return refuse(why, "has a dynamic shape");
    ov::Shape sa = node.get_input_shape(0), sb = node.get_input_shape(1);
    if (sa.empty() || sb.empty())
        return refuse(why, "has a scalar operand");
    MatMulGeometry g;
    g.transpose_a = matmul->get_transpose_a() && sa.size() > 1;
    g.transpose_b = matmul->get_transpose_b() && sb.size() > 1;
    if (sa.size() == 1)
        sa.insert(sa.begin(), 1);
    if (sb.size() == 1)
        sb.push_back(1);
    const size_t ar = sa[sa.size() - 2], ac = sa.back(), br = sb[sb.size() - 2], bc = sb.back();
    g.M = g.transpose_a ? ac : ar;
    g.K = g.transpose_a ? ar : ac;
    g.N = g.transpose_b ? br : bc;
    if ((g.transpose_b ? bc : br) != g.K)
        return refuse(why, "has operands whose inner dimensions differ");

    // Batch axes, broadcast numpy-style from the right.
    const ov::Shape batch_a(sa.begin(), sa.end() - 2), batch_b(sb.begin(), sb.end() - 2);
    const size_t rank = std::max(batch_a.size(), batch_b.size());
    ov::Shape ea(rank, 1), eb(rank, 1), eo(rank, 1);
    std::copy(batch_a.begin(), batch_a.end(), ea.begin() + (rank - batch_a.size()));
    std::copy(batch_b.begin(), batch_b.end(), eb.begin() + (rank - batch_b.size()));
    for (size_t i = 0; i < rank; ++i) {
        if (ea[i] != eb[i] && ea[i] != 1 && eb[i] != 1)
            return refuse(why, "has batch axes that do not broadcast");
        eo[i] = std::max(ea[i], eb[i]);
    }
    g.a_batches = ov::shape_size(ea);
    g.b_batches = ov::shape_size(eb);
    const size_t out_batches = ov::shape_size(eo);
    if (out_batches * g.M * g.N != ov::shape_size(node.get_output_shape(0)))
        return refuse(why, "has a result shape other than its operands' product");
    std::vector<size_t> coord(rank, 0);
    for (size_t i = 0; i < out_batches; ++i) {
        size_t ia = 0, ib = 0;
        for (size_t d = 0; d < rank; ++d) {
            ia = ia * ea[d] + (ea[d] == 1 ? 0 : coord[d]);
            ib = ib * eb[d] + (eb[d] == 1 ? 0 : coord[d]);
        }
        g.a_index.push_back(ia);
        g.b_index.push_back(ib);
        for (size_t d = rank; d-- > 0;) {
            if (++coord[d] < eo[d])
                break;
            coord[d] = 0;
        }
    }
    return g;
}

std::shared_ptr<const kit::OpKernel> make_matmul_kernel(const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) {
    MatMulGeometry g = *matmul_geometry(*node, nullptr);
    std::vector<float> packed_b;
    if (g.transpose_b) {
        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(1))) {
            packed_b.resize(g.b_batches * g.K * g.N);
            transpose_batches(constant->get_data_ptr<float>(), packed_b.data(), g.b_batches, g.K, g.N);
        }
    }
    return std::make_shared<MatMulKernel>(std::move(g), std::move(packed_b));
}

}  // namespace

CpuKernelEntry matmul_entry() { return {{"MatMul"}, "", {}, refusal_of(matmul_geometry), make_matmul_kernel}; }

}  // namespace cpu
}  // namespace devmux
