// SPDX-License-Identifier: Apache-2.0
// The optimised kernels against independent references: sgemm against a naive triple loop, Convolution,
// GroupConvolution and MatMul against the ops' own reference evaluate(), on seeded random inputs.
// Tolerance: max |a - b| / max(max |b|, 1e-3) <= 1e-4 (f32 sums of up to a few thousand products taken
// in a different order differ by a few ulps per product).
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <set>

#include "kernels/gemm.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/exp.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/softmax.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/tanh.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/max_pool.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/reduce_max.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/reduce_prod.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/op/subtract.hpp"
#include "openvino/op/parameter.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"

namespace {

using namespace cpu_test;
using devmux::cpu::ThreadPool;

constexpr double kTolerance = 1e-4;

// ---- ThreadPool ----

TEST(CpuThreadPool, RunsEveryIndexExactlyOnce) {
    ThreadPool pool(4);
    std::vector<std::atomic<int>> hits(1000);
    pool.parallel_for(hits.size(), [&](size_t i) { hits[i]++; });
    for (size_t i = 0; i < hits.size(); ++i)
        ASSERT_EQ(hits[i].load(), 1) << "index " << i;
}

TEST(CpuThreadPool, ServesSeveralCallersAtOnce) {
    ThreadPool pool(3);
    std::vector<std::thread> callers;
    std::atomic<long> total{0};
    for (int t = 0; t < 4; ++t)
        callers.emplace_back([&] {
            for (int round = 0; round < 50; ++round)
                pool.parallel_for(64, [&](size_t i) { total += static_cast<long>(i); });
        });
    for (auto& c : callers)
        c.join();
    EXPECT_EQ(total.load(), 4L * 50 * (63 * 64 / 2));
}

TEST(CpuThreadPool, RethrowsATaskException) {
    ThreadPool pool(3);
    EXPECT_THROW(pool.parallel_for(32,
                                   [](size_t i) {
                                       if (i == 17)
                                           throw std::runtime_error("task 17");
                                   }),
                 std::runtime_error);
    // The pool still works afterwards.
    std::atomic<int> n{0};
    pool.parallel_for(10, [&](size_t) { ++n; });
    EXPECT_EQ(n.load(), 10);
}

// ---- sgemm ----

struct GemmCase {
    size_t M, N, K, lda_pad, ldb_pad, ldc_pad;
    bool accumulate;
};

void check_sgemm(const GemmCase& c, ThreadPool* pool, unsigned seed) {
    const size_t lda = c.K + c.lda_pad, ldb = c.N + c.ldb_pad, ldc = c.N + c.ldc_pad;
    auto a = random_tensor({std::max<size_t>(1, c.M * lda)}, seed);
    auto b = random_tensor({std::max<size_t>(1, c.K * ldb)}, seed + 1);
    auto c0 = random_tensor({std::max<size_t>(1, c.M * ldc)}, seed + 2);
    std::vector<float> out(c0.data<float>(), c0.data<float>() + c0.get_size());
    std::vector<float> expected = out;
    const float* A = a.data<float>();
    const float* B = b.data<float>();
    for (size_t m = 0; m < c.M; ++m)
        for (size_t n = 0; n < c.N; ++n) {
            double sum = c.accumulate ? expected[m * ldc + n] : 0.0;
            for (size_t k = 0; k < c.K; ++k)
                sum += static_cast<double>(A[m * lda + k]) * B[k * ldb + n];
            expected[m * ldc + n] = static_cast<float>(sum);
        }
    devmux::cpu::sgemm(pool, c.M, c.N, c.K, A, lda, B, ldb, out.data(), ldc, c.accumulate);
    EXPECT_LE(max_rel_diff(out, expected), kTolerance)
        << "M=" << c.M << " N=" << c.N << " K=" << c.K << " accumulate=" << c.accumulate;
}

TEST(CpuSgemm, MatchesNaiveLoopOnEdgeSizes) {
    ThreadPool pool(3);
    const GemmCase cases[] = {{1, 1, 1, 0, 0, 0, false},   {6, 16, 8, 0, 0, 0, false},  {7, 17, 5, 0, 0, 0, false},
                              {5, 15, 300, 3, 1, 2, false}, {13, 100, 37, 0, 0, 0, true}, {1, 1000, 512, 0, 0, 0, false},
                              {96, 169, 576, 0, 0, 0, false}, {64, 33, 1, 0, 5, 0, true}};
    unsigned seed = 1;
    for (const auto& c : cases) {
        check_sgemm(c, &pool, seed += 10);
        check_sgemm(c, nullptr, seed += 10);
    }
}

TEST(CpuSgemm, MatchesNaiveLoopOnRandomSizes) {
    ThreadPool pool(2);
    std::mt19937 gen(42);
    std::uniform_int_distribution<size_t> dim(1, 90);
    for (int i = 0; i < 25; ++i) {
        GemmCase c{dim(gen), dim(gen), dim(gen), dim(gen) % 3, dim(gen) % 3, dim(gen) % 3, (i % 3) == 0};
        check_sgemm(c, &pool, 100 + static_cast<unsigned>(i));
    }
}

TEST(CpuSgemm, PortableKernelsMatchNaiveLoopToo) {
    // The 4-wide kernels run where AVX2/FMA is missing; check them here as well.
    devmux::cpu::sgemm_force_baseline(true);
    EXPECT_STREQ(devmux::cpu::sgemm_isa(), "baseline");
    ThreadPool pool(2);
    const GemmCase cases[] = {{1, 1, 1, 0, 0, 0, false}, {7, 17, 5, 0, 0, 0, false}, {13, 100, 400, 1, 2, 3, true}};
    unsigned seed = 900;
    for (const auto& c : cases)
        check_sgemm(c, &pool, seed += 10);
    devmux::cpu::sgemm_force_baseline(false);
}

TEST(CpuSgemm, ZeroDepthGivesZerosOrKeepsC) {
    std::vector<float> c(12, 5.0f);
    devmux::cpu::sgemm(nullptr, 3, 4, 0, nullptr, 0, nullptr, 4, c.data(), 4, true);
    EXPECT_EQ(c, std::vector<float>(12, 5.0f));
    devmux::cpu::sgemm(nullptr, 3, 4, 0, nullptr, 0, nullptr, 4, c.data(), 4, false);
    EXPECT_EQ(c, std::vector<float>(12, 0.0f));
}

// ---- kernels against evaluate() ----

struct KernelRun {
    std::string kernel_name;
    std::vector<float> optimized, reference;
};

KernelRun run_kernel_and_reference(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs,
                                   ThreadPool* pool) {
    KernelRun run;
    auto kernel = devmux::cpu::make_optimized_kernel(node);
    if (!kernel) {
        ADD_FAILURE() << "no optimised kernel for " << *node;
        return run;
    }
    run.kernel_name = kernel->name();
    const auto shape = node->get_output_shape(0);
    ov::TensorVector outputs{random_tensor(shape, 999)};  // garbage in the output must not matter
    std::vector<char> scratch(kernel->scratch_bytes() + 64);
    devmux::cpu::ExecContext ctx;
    ctx.pool = pool;
    kernel->execute(inputs, outputs, scratch.data(), ctx);
    run.optimized = to_floats(outputs[0]);
    ov::TensorVector expected{ov::Tensor(ov::element::f32, shape)};
    EXPECT_TRUE(node->evaluate(expected, inputs));
    run.reference = to_floats(expected[0]);
    return run;
}

struct ConvCase {
    ov::Shape data;     // N, C, [H,] W
    ov::Shape filters;  // [G,] OC, IC, [KH,] KW
    ov::Strides strides;
    ov::CoordinateDiff pads_begin, pads_end;
    ov::Strides dilations;
    ov::op::PadType auto_pad = ov::op::PadType::EXPLICIT;
    std::string expected_kernel;
};

std::ostream& operator<<(std::ostream& os, const ConvCase& c) {
    return os << "data " << c.data << " filters " << c.filters << " strides " << c.strides << " pads "
              << c.pads_begin << "/" << c.pads_end << " dilations " << c.dilations;
}

void check_convolution(const ConvCase& c, unsigned seed, ThreadPool* pool) {
    const bool grouped = c.filters.size() == c.data.size() + 1;
    auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.data);
    auto weights_tensor = random_tensor(c.filters, seed + 1);
    auto weights = std::make_shared<ov::op::v0::Constant>(weights_tensor);
    std::shared_ptr<ov::Node> conv;
    if (grouped)
        conv = std::make_shared<ov::op::v1::GroupConvolution>(data, weights, c.strides, c.pads_begin, c.pads_end,
                                                              c.dilations, c.auto_pad);
    else
        conv = std::make_shared<ov::op::v1::Convolution>(data, weights, c.strides, c.pads_begin, c.pads_end,
                                                         c.dilations, c.auto_pad);
    const auto run = run_kernel_and_reference(conv, {random_tensor(c.data, seed), weights_tensor}, pool);
    if (!c.expected_kernel.empty()) {
        EXPECT_EQ(run.kernel_name, c.expected_kernel) << c;
    }
    EXPECT_LE(max_rel_diff(run.optimized, run.reference), kTolerance) << c;
}

TEST(CpuConvolutionKernel, MatchesReferenceOnStridePadDilationVariants) {
    ThreadPool pool(3);
    const ConvCase cases[] = {
        {{1, 3, 17, 19}, {8, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, ov::op::PadType::EXPLICIT, "im2col_gemm_f32"},
        {{1, 16, 13, 13}, {24, 16, 1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::EXPLICIT, "gemm_1x1_f32"},
        {{2, 8, 9, 10}, {5, 8, 1, 1}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::EXPLICIT, "im2col_gemm_f32"},
        {{1, 4, 20, 15}, {7, 4, 5, 3}, {2, 1}, {2, 1}, {1, 0}, {1, 2}, ov::op::PadType::EXPLICIT, ""},
        {{2, 3, 11, 11}, {6, 3, 3, 3}, {3, 2}, {0, 2}, {2, 0}, {2, 2}, ov::op::PadType::EXPLICIT, ""},
        {{1, 5, 14, 9}, {4, 5, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::SAME_UPPER, ""},
        {{1, 5, 14, 9}, {4, 5, 2, 4}, {2, 3}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::SAME_LOWER, ""},
        {{1, 3, 8, 8}, {2, 3, 3, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::VALID, ""},
        {{3, 6, 40}, {5, 6, 7}, {3}, {3}, {1}, {2}, ov::op::PadType::EXPLICIT, "im2col_gemm_f32"},  // 1-D
        {{1, 2, 6, 6}, {3, 2, 3, 3}, {1, 1}, {-1, 0}, {0, -1}, {1, 1}, ov::op::PadType::EXPLICIT, ""},  // cropping
    };
    unsigned seed = 7;
    for (const auto& c : cases)
        check_convolution(c, seed += 3, &pool);
}

TEST(CpuConvolutionKernel, MatchesReferenceOnGroupVariants) {
    ThreadPool pool(3);
    const ConvCase cases[] = {
        {{1, 6, 10, 10}, {2, 4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, ov::op::PadType::EXPLICIT, "im2col_gemm_f32"},
        {{2, 8, 7, 9}, {4, 3, 2, 1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::EXPLICIT, "gemm_1x1_f32"},
        {{1, 16, 24, 24}, {16, 1, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, ov::op::PadType::EXPLICIT, "depthwise_f32"},
        {{2, 12, 15, 13}, {12, 1, 1, 3, 5}, {2, 3}, {1, 2}, {0, 2}, {2, 1}, ov::op::PadType::EXPLICIT, "depthwise_f32"},
        {{1, 4, 9, 9}, {4, 1, 1, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, ov::op::PadType::SAME_UPPER, "depthwise_f32"},
        {{1, 6, 30}, {3, 2, 2, 5}, {2}, {2}, {2}, {1}, ov::op::PadType::EXPLICIT, "im2col_gemm_f32"},  // 1-D grouped
    };
    unsigned seed = 70;
    for (const auto& c : cases)
        check_convolution(c, seed += 3, &pool);
}

TEST(CpuConvolutionKernel, MatchesReferenceOnRandomShapes) {
    ThreadPool pool(2);
    std::mt19937 gen(2024);
    auto pick = [&](size_t lo, size_t hi) { return std::uniform_int_distribution<size_t>(lo, hi)(gen); };
    for (int i = 0; i < 30; ++i) {
        const size_t groups = (i % 3 == 0) ? pick(2, 4) : 1;
        const size_t ic = pick(1, 6), oc = pick(1, 9), kh = pick(1, 4), kw = pick(1, 4);
        const size_t sh = pick(1, 3), sw = pick(1, 3), dh = pick(1, 2), dw = pick(1, 2);
        const size_t h = kh * dh + pick(0, 12), w = kw * dw + pick(0, 12);
        const ptrdiff_t pt = static_cast<ptrdiff_t>(pick(0, 2)), pl = static_cast<ptrdiff_t>(pick(0, 2)),
                        pb = static_cast<ptrdiff_t>(pick(0, 2)), pr = static_cast<ptrdiff_t>(pick(0, 2));
        ConvCase c;
        c.data = {pick(1, 2), groups * ic, h, w};
        c.filters = groups > 1 ? ov::Shape{groups, oc, ic, kh, kw} : ov::Shape{oc, ic, kh, kw};
        c.strides = {sh, sw};
        c.pads_begin = {pt, pl};
        c.pads_end = {pb, pr};
        c.dilations = {dh, dw};
        check_convolution(c, 500 + static_cast<unsigned>(i), &pool);
    }
}

TEST(CpuConvolutionKernel, DeclinesWhatItDoesNotCover) {
    // 3-D convolutions and f64 data stay with the reference implementation.
    auto data3d = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 2, 4, 4, 4});
    auto w3d = std::make_shared<ov::op::v0::Constant>(random_tensor({3, 2, 2, 2, 2}, 1));
    auto conv3d = std::make_shared<ov::op::v1::Convolution>(data3d, w3d, ov::Strides{1, 1, 1},
                                                            ov::CoordinateDiff{0, 0, 0}, ov::CoordinateDiff{0, 0, 0},
                                                            ov::Strides{1, 1, 1});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(conv3d), nullptr);
    auto data64 = std::make_shared<ov::op::v0::Parameter>(ov::element::f64, ov::PartialShape{1, 2, 4, 4});
    auto w64 = std::make_shared<ov::op::v0::Parameter>(ov::element::f64, ov::PartialShape{3, 2, 2, 2});
    auto conv64 = std::make_shared<ov::op::v1::Convolution>(data64, w64, ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                            ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(conv64), nullptr);
}

// ---- MatMul ----

struct MatMulCase {
    ov::Shape a, b;
    bool transpose_a, transpose_b, constant_b;
};

void check_matmul(const MatMulCase& c, unsigned seed, ThreadPool* pool) {
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.a);
    auto b_tensor = random_tensor(c.b, seed + 1);
    std::shared_ptr<ov::Node> b;
    if (c.constant_b)
        b = std::make_shared<ov::op::v0::Constant>(b_tensor);
    else
        b = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.b);
    auto matmul = std::make_shared<ov::op::v0::MatMul>(a, b, c.transpose_a, c.transpose_b);
    const auto run = run_kernel_and_reference(matmul, {random_tensor(c.a, seed), b_tensor}, pool);
#ifdef DEVMUX_CPU_HAVE_DNNL
    EXPECT_TRUE(run.kernel_name == "dnnl_gemm_f32" || run.kernel_name == "small_gemm_f32") << run.kernel_name;
#else
    EXPECT_TRUE(run.kernel_name == "gemm_f32" || run.kernel_name == "small_gemm_f32") << run.kernel_name;
#endif
    EXPECT_LE(max_rel_diff(run.optimized, run.reference), kTolerance)
        << "A " << c.a << " B " << c.b << " ta=" << c.transpose_a << " tb=" << c.transpose_b
        << " const_b=" << c.constant_b;
}

TEST(CpuMatMulKernel, MatchesReferenceOnTransposeBatchAndVectorVariants) {
    ThreadPool pool(3);
    const MatMulCase cases[] = {
        {{5, 7}, {7, 9}, false, false, false},
        {{7, 5}, {7, 9}, true, false, false},
        {{5, 7}, {9, 7}, false, true, false},
        {{7, 5}, {9, 7}, true, true, true},
        {{1, 300}, {20, 300}, false, true, true},  // a fully connected layer with [N, K] weights
        {{2, 1, 4, 6}, {3, 6, 5}, false, false, false},
        {{3, 4, 6}, {1, 5, 6}, false, true, true},
        {{6}, {6, 4}, false, false, false},
        {{4, 6}, {6}, false, true, false},  // transpose of a 1-D operand is ignored
        {{2, 3, 6}, {6}, false, false, true},
        // Products big enough for the request's whole team (oneDNN runs smaller ones on one thread).
        {{64, 512}, {512, 256}, false, false, true},
        {{2, 33, 300}, {200, 300}, false, true, false},
    };
    unsigned seed = 300;
    for (const auto& c : cases)
        check_matmul(c, seed += 5, &pool);
}

TEST(CpuMatMulKernel, MatchesReferenceOnRandomShapes) {
    ThreadPool pool(2);
    std::mt19937 gen(77);
    auto pick = [&](size_t lo, size_t hi) { return std::uniform_int_distribution<size_t>(lo, hi)(gen); };
    for (int i = 0; i < 20; ++i) {
        const size_t m = pick(1, 40), n = pick(1, 40), k = pick(1, 70), batch = pick(1, 3);
        const bool ta = pick(0, 1), tb = pick(0, 1);
        MatMulCase c;
        c.a = ta ? ov::Shape{batch, k, m} : ov::Shape{batch, m, k};
        c.b = tb ? ov::Shape{n, k} : ov::Shape{k, n};
        c.transpose_a = ta;
        c.transpose_b = tb;
        c.constant_b = pick(0, 1);
        check_matmul(c, 900 + static_cast<unsigned>(i), &pool);
    }
}

// ---- element-wise binary ops ----

template <typename Op>
std::shared_ptr<ov::Node> binary(const ov::Shape& a, const ov::Shape& b) {
    return std::make_shared<Op>(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, a),
                                std::make_shared<ov::op::v0::Parameter>(ov::element::f32, b));
}

TEST(CpuBinaryKernel, MatchesReferenceForEveryOpAndBroadcastForm) {
    ThreadPool pool(3);
    const std::vector<std::pair<ov::Shape, ov::Shape>> shapes = {
        {{2, 3, 4, 5}, {2, 3, 4, 5}},    // equal
        {{1, 8, 5, 5}, {1, 8, 1, 1}},    // per-channel bias
        {{1, 8, 5, 5}, {8, 1, 1}},       // per-channel, lower rank
        {{2, 3, 4}, {}},                 // scalar
        {{1, 1, 1, 5}, {2, 3, 4, 5}},    // the first operand is the broadcast one
        {{3, 4}, {3, 1}},                // a column
        {{64, 300, 7}, {64, 300, 7}},    // large enough to use the pool
        {{1, 64, 56, 56}, {1, 64, 1, 1}},
        {{1, 24, 74, 40}, {1, 1, 1, 1}},  // one number, shared out by elements over the pool
        {{1}, {1, 72, 41, 29}},           // the same, the number first, a size the tasks do not divide
    };
    using Maker = std::shared_ptr<ov::Node> (*)(const ov::Shape&, const ov::Shape&);
    const std::vector<std::pair<const char*, Maker>> ops = {
        {"Add", binary<ov::op::v1::Add>},          {"Subtract", binary<ov::op::v1::Subtract>},
        {"Multiply", binary<ov::op::v1::Multiply>}, {"Divide", binary<ov::op::v1::Divide>},
        {"Maximum", binary<ov::op::v1::Maximum>},   {"Minimum", binary<ov::op::v1::Minimum>}};
    unsigned seed = 1000;
    for (const auto& [name, make] : ops)
        for (const auto& [a, b] : shapes) {
            auto node = make(a, b);
            // Divisors kept away from zero; both signs elsewhere.
            const float lo = std::string(name) == "Divide" ? 0.5f : -2.0f;
            const auto run = run_kernel_and_reference(node, {random_tensor(a, ++seed, lo, 2.0f),
                                                             random_tensor(b, ++seed, lo, 2.0f)}, &pool);
            EXPECT_LE(max_rel_diff(run.optimized, run.reference), 1e-6) << name << " " << a << " " << b;
        }
}

TEST(CpuBinaryKernel, LeavesScatteredBroadcastsToTheReference) {
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(binary<ov::op::v1::Add>({2, 3, 4}, {2, 1, 4})), nullptr);
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(binary<ov::op::v1::Add>({2, 1, 4}, {1, 3, 1})), nullptr);
}

// ---- MaxPool ----

TEST(CpuMaxPoolKernel, MatchesReferenceExactly) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape data, kernel;
        ov::Strides strides, dilations;
        ov::Shape pads_begin, pads_end;
        ov::op::RoundingType rounding;
        ov::op::PadType auto_pad;
    };
    const Case cases[] = {
        {{1, 64, 113, 113}, {3, 3}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, ov::op::RoundingType::CEIL, ov::op::PadType::EXPLICIT},
        {{2, 3, 10, 11}, {2, 2}, {2, 2}, {1, 1}, {0, 0}, {0, 0}, ov::op::RoundingType::FLOOR, ov::op::PadType::EXPLICIT},
        {{1, 4, 9, 9}, {3, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, ov::op::RoundingType::FLOOR, ov::op::PadType::EXPLICIT},
        {{1, 2, 12, 7}, {3, 2}, {2, 3}, {1, 1}, {0, 0}, {0, 0}, ov::op::RoundingType::FLOOR, ov::op::PadType::SAME_UPPER},
        {{1, 5, 15, 15}, {3, 3}, {2, 1}, {2, 2}, {1, 0}, {2, 1}, ov::op::RoundingType::CEIL, ov::op::PadType::EXPLICIT},
    };
    unsigned seed = 2000;
    for (const auto& c : cases) {
        auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.data);
        std::shared_ptr<ov::Node> pool_node;
        if (c.dilations == ov::Strides{1, 1})
            pool_node = std::make_shared<ov::op::v1::MaxPool>(data, c.strides, c.pads_begin, c.pads_end, c.kernel,
                                                              c.rounding, c.auto_pad);
        else
            pool_node = std::make_shared<ov::op::v8::MaxPool>(data, c.strides, c.dilations, c.pads_begin, c.pads_end,
                                                              c.kernel, c.rounding, c.auto_pad);
        // MaxPool-8 has a second output (indices) the reference also fills.
        auto kernel = devmux::cpu::make_optimized_kernel(pool_node);
        ASSERT_TRUE(kernel) << "data " << c.data;
        EXPECT_EQ(kernel->name(), "max_pool_f32");
        const auto x = random_tensor(c.data, ++seed);
        ov::TensorVector outputs;
        for (size_t i = 0; i < pool_node->get_output_size(); ++i)
            outputs.emplace_back(pool_node->get_output_element_type(i), pool_node->get_output_shape(i));
        devmux::cpu::ExecContext ctx;
        ctx.pool = &pool;
        kernel->execute({x}, outputs, nullptr, ctx);
        ov::TensorVector expected;
        for (size_t i = 0; i < pool_node->get_output_size(); ++i)
            expected.emplace_back(pool_node->get_output_element_type(i), pool_node->get_output_shape(i));
        ASSERT_TRUE(pool_node->evaluate(expected, {x}));
        EXPECT_EQ(to_floats(outputs[0]), to_floats(expected[0])) << "data " << c.data << " kernel " << c.kernel;
    }
}

// ---- unary ops and Concat ----

TEST(CpuUnaryKernel, MatchesReferenceForEveryOp) {
    ThreadPool pool(3);
    for (const ov::Shape& shape : {ov::Shape{2, 3, 5}, ov::Shape{1, 64, 40, 40}}) {
        auto p = [&] { return std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape); };
        const std::vector<std::shared_ptr<ov::Node>> nodes = {
            std::make_shared<ov::op::v0::Relu>(p()), std::make_shared<ov::op::v0::Sigmoid>(p()),
            std::make_shared<ov::op::v0::Tanh>(p()), std::make_shared<ov::op::v0::Exp>(p()),
            std::make_shared<ov::op::v0::Sqrt>(p()), std::make_shared<ov::op::v0::Clamp>(p(), -0.25, 0.5)};
        unsigned seed = 3000;
        for (const auto& node : nodes) {
            const bool positive = ov::is_type<ov::op::v0::Sqrt>(node);
            const auto run = run_kernel_and_reference(node, {random_tensor(shape, ++seed, positive ? 0.0f : -3.0f, 3.0f)},
                                                      &pool);
            EXPECT_EQ(run.kernel_name, "eltwise_f32");
            EXPECT_LE(max_rel_diff(run.optimized, run.reference), 1e-6) << *node << " " << shape;
        }
    }
}

TEST(CpuConcatKernel, MatchesReferenceOnEveryAxisAndType) {
    ThreadPool pool(2);
    unsigned seed = 4000;
    for (int64_t axis : {0, 1, 2, -1}) {
        std::vector<ov::Shape> shapes(3, ov::Shape{2, 3, 4});
        const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
        shapes[1][a] = 1;
        shapes[2][a] = 5;
        ov::OutputVector args;
        ov::TensorVector inputs;
        for (const auto& shape : shapes) {
            args.push_back(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape));
            inputs.push_back(random_tensor(shape, ++seed));
        }
        auto concat = std::make_shared<ov::op::v0::Concat>(args, axis);
        const auto run = run_kernel_and_reference(concat, inputs, &pool);
        EXPECT_EQ(run.kernel_name, "concat");
        EXPECT_EQ(run.optimized, run.reference) << "axis " << axis;
    }
    // Integers are copied as bytes too.
    auto a = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2, 2}, {1, 2, 3, 4});
    auto b = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2, 1}, {-5, -6});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, 1);
    auto kernel = devmux::cpu::make_optimized_kernel(concat);
    ASSERT_TRUE(kernel);
    ov::TensorVector out{ov::Tensor(ov::element::i64, {2, 3})};
    devmux::cpu::ExecContext ctx;
    kernel->execute({a->get_tensor_view(), b->get_tensor_view()}, out, nullptr, ctx);
    const int64_t* v = out[0].data<int64_t>();
    EXPECT_EQ(std::vector<int64_t>(v, v + 6), (std::vector<int64_t>{1, 2, -5, 3, 4, -6}));
}

// ---- reductions ----

TEST(CpuReduceKernel, MatchesReferenceOnContiguousAxisRuns) {
    ThreadPool pool(2);
    const ov::Shape shape{2, 6, 13, 13};
    const std::vector<std::vector<int64_t>> axis_sets = {{2, 3}, {1}, {-1}, {1, 2}, {0, 1, 2, 3}};
    unsigned seed = 5000;
    for (const auto& axes : axis_sets)
        for (bool keep_dims : {false, true}) {
            auto p = [&] { return std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape); };
            auto ax = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{axes.size()}, axes);
            const std::vector<std::shared_ptr<ov::Node>> nodes = {
                std::make_shared<ov::op::v1::ReduceMean>(p(), ax, keep_dims),
                std::make_shared<ov::op::v1::ReduceSum>(p(), ax, keep_dims),
                std::make_shared<ov::op::v1::ReduceMax>(p(), ax, keep_dims),
                std::make_shared<ov::op::v1::ReduceProd>(p(), ax, keep_dims)};
            for (const auto& node : nodes) {
                // Products of many factors stay finite and meaningful near 1.
                const bool prod = ov::is_type<ov::op::v1::ReduceProd>(node);
                const auto x = random_tensor(shape, ++seed, prod ? 0.95f : -1.0f, prod ? 1.05f : 1.0f);
                const auto run = run_kernel_and_reference(node, {x, ax->get_tensor_view()}, &pool);
                EXPECT_EQ(run.kernel_name, "reduce_f32");
                EXPECT_LE(max_rel_diff(run.optimized, run.reference), 1e-5)
                    << *node << " axes " << ::testing::PrintToString(axes) << " keep_dims " << keep_dims;
            }
        }
}

TEST(CpuReduceKernel, LeavesScatteredAxesToTheReference) {
    auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{2, 3, 4});
    auto axes = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {0, 2});
    EXPECT_EQ(devmux::cpu::make_optimized_kernel(std::make_shared<ov::op::v1::ReduceSum>(p, axes)), nullptr);
}

TEST(CpuSoftmaxKernel, MatchesReferenceOnEveryAxis) {
    ThreadPool pool(2);
    const ov::Shape shape{2, 5, 7, 3};
    unsigned seed = 6000;
    for (int64_t axis : {0, 1, 2, 3, -1, -3}) {
        auto p = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape);
        std::shared_ptr<ov::Node> node = std::make_shared<ov::op::v8::Softmax>(p, axis);
        if (axis >= 0 && axis % 2 == 1)
            node = std::make_shared<ov::op::v1::Softmax>(p, static_cast<size_t>(axis));
        const auto run = run_kernel_and_reference(node, {random_tensor(shape, ++seed, -8.0f, 8.0f)}, &pool);
        EXPECT_EQ(run.kernel_name, "softmax_f32");
        EXPECT_LE(max_rel_diff(run.optimized, run.reference), 1e-6) << *node << " axis " << axis;
    }
}

}  // namespace
