// SPDX-License-Identifier: Apache-2.0
// The CPU's Softmax kernel (kernels/reduce.cpp) with its branch-free exp, against the op's own evaluate()
// (std::exp) on seeded random rows of 8 to 1000 values that include large negative ones (a BERT attention mask
// adds -10000, or the lowest float; -inf; values whose exp is subnormal), in the calling thread and on a team
// of 3, and against an independent softmax in double. Tolerance per element: |kernel - double| <= 1e-6 * |double| +
// 1e-37 (the exp's relative error is below 2e-7, the kernel sums in double; below exp(-87) it gives 0 where the
// true value is a subnormal); against evaluate(), which sums up to 1000 floats in float, 1e-5 * |reference| + 1e-37.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>
#include <sstream>
#include <vector>
#include <random>

#include "kernels/kernel.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/softmax.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"

namespace {

using devmux::cpu::ThreadPool;

ov::Tensor rows_with_large_negatives(const ov::Shape& shape, unsigned seed) {
    ov::Tensor t(ov::element::f32, shape);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> value(-12.0f, 12.0f);
    std::uniform_int_distribution<int> kind(0, 19);
    const float specials[] = {-10000.0f, std::numeric_limits<float>::lowest(), -std::numeric_limits<float>::infinity(),
                              -95.0f, -300.0f};
    float* p = t.data<float>();
    for (size_t i = 0; i < t.get_size(); ++i) {
        const int k = kind(gen);
        p[i] = k < 5 ? specials[k] : value(gen);
    }
    p[0] = value(gen);  // every row of the last-axis cases keeps finite values somewhere; this one always
    return t;
}

// softmax in double over the axis of a [outer, len, inner] view, with the expected values rounded to float. The
// differences x - max are taken in float, as any f32 softmax does (that rounding alone moves exp(-20) by 1e-6
// relative), so the comparison measures the kernel's exp and sum.
std::vector<float> softmax_in_double(const ov::Tensor& in, size_t axis) {
    const ov::Shape shape = in.get_shape();
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d)
        outer *= shape[d];
    for (size_t d = axis + 1; d < shape.size(); ++d)
        inner *= shape[d];
    const size_t len = shape[axis];
    const float* x = in.data<float>();
    std::vector<float> y(in.get_size());
    for (size_t o = 0; o < outer; ++o)
        for (size_t i = 0; i < inner; ++i) {
            const size_t base = o * len * inner + i;
            float max = x[base];
            for (size_t k = 1; k < len; ++k)
                max = std::max(max, x[base + k * inner]);
            double sum = 0;
            for (size_t k = 0; k < len; ++k)
                sum += std::exp(static_cast<double>(x[base + k * inner] - max));
            for (size_t k = 0; k < len; ++k)
                y[base + k * inner] = static_cast<float>(std::exp(static_cast<double>(x[base + k * inner] - max)) / sum);
        }
    return y;
}

void expect_close(const ov::Tensor& actual, const float* e, float relative, const std::string& what) {
    const float* a = actual.data<float>();
    size_t bad = 0;
    for (size_t i = 0; i < actual.get_size(); ++i) {
        if (!(std::fabs(a[i] - e[i]) <= relative * std::fabs(e[i]) + 1e-37f)) {
            if (++bad <= 3)
                ADD_FAILURE() << what << " element " << i << ": " << a[i] << " against " << e[i];
        }
    }
    EXPECT_EQ(bad, 0u) << what;
}

TEST(CpuSoftmaxKernel, BranchFreeExpMatchesReferenceWithLargeNegatives) {
    ThreadPool pool(3);
    struct Case {
        ov::Shape shape;
        int64_t axis;
    };
    const Case cases[] = {{{64, 8}, 1},     {{40, 13}, -1},  {{12, 128}, 1}, {{1, 2, 16, 128}, 3},
                          {{6, 333}, 1},    {{4, 1000}, 1},  {{1000, 1}, 0}, {{2, 37, 5}, 1},  // strided axes
                          {{3, 8, 20}, 0}};
    unsigned seed = 1300;
    for (const auto& c : cases) {
        auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, c.shape);
        auto node = std::make_shared<ov::op::v8::Softmax>(data, c.axis);
        const auto kernel = devmux::cpu::make_optimized_kernel(node);
        ASSERT_TRUE(kernel) << *node;
        EXPECT_EQ(kernel->name(), "softmax_f32");
        const ov::TensorVector inputs{rows_with_large_negatives(c.shape, ++seed)};
        ov::TensorVector expected{ov::Tensor(ov::element::f32, c.shape)};
        ASSERT_TRUE(node->evaluate(expected, inputs));
        const size_t axis = static_cast<size_t>(c.axis < 0 ? c.axis + static_cast<int64_t>(c.shape.size()) : c.axis);
        const std::vector<float> exact = softmax_in_double(inputs[0], axis);
        for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
            ov::Tensor actual(ov::element::f32, c.shape);
            std::memset(actual.data(), 0x5a, actual.get_byte_size());
            ov::TensorVector outputs{actual};
            std::vector<char> scratch(kernel->scratch_bytes() + 64);
            devmux::cpu::ExecContext ctx;
            ctx.pool = p;
            kernel->execute(inputs, outputs, scratch.data(), ctx);
            std::ostringstream what;
            what << c.shape << " axis " << c.axis << (p ? " on 3 threads" : " in the caller");
            expect_close(actual, exact.data(), 1e-6f, what.str() + " against double");
            expect_close(actual, expected[0].data<float>(), 1e-5f, what.str() + " against evaluate()");
        }
    }
}

}  // namespace
