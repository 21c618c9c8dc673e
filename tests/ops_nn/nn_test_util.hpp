// SPDX-License-Identifier: Apache-2.0
// Helpers for the convolution/pooling/MatMul/reduction tests: seeded random tensors, coordinate
// arithmetic written independently of the runtime's kernels, an attribute-recording visitor and error
// expectations.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/runtime/tensor.hpp"

namespace nntest {

using devmux_test::expect_error;
using devmux_test::param;
using devmux_test::ravel;
using devmux_test::RecordingVisitor;
using devmux_test::unravel;

/// Uniform values in [lo, hi] as doubles (the test's own copy of the inputs).
inline std::vector<double> random_values(size_t n, std::mt19937& rng, double lo = -1.0, double hi = 1.0) {
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

/// Random integers in [lo, hi] as doubles.
inline std::vector<double> random_ints(size_t n, std::mt19937& rng, int lo, int hi) {
    std::uniform_int_distribution<int> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

/// A tensor of `type` holding `values` (converted; f16 values are rounded to half precision).
inline ov::Tensor make_tensor(ov::element::Type type, const ov::Shape& shape, const std::vector<double>& values) {
    ov::Tensor t(type, shape);
    EXPECT_EQ(values.size(), t.get_size());
    for (size_t i = 0; i < values.size(); ++i) {
        switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::f32: t.data<float>()[i] = static_cast<float>(values[i]); break;
        case ov::element::Type_t::f64: t.data<double>()[i] = values[i]; break;
        case ov::element::Type_t::f16: t.data<ov::float16>()[i] = ov::float16(static_cast<float>(values[i])); break;
        case ov::element::Type_t::i32: t.data<int32_t>()[i] = static_cast<int32_t>(values[i]); break;
        case ov::element::Type_t::i64: t.data<int64_t>()[i] = static_cast<int64_t>(values[i]); break;
        default: ADD_FAILURE() << "make_tensor: unsupported type " << type; return t;
        }
    }
    return t;
}

/// The values of a tensor as doubles.
inline std::vector<double> read_tensor(const ov::Tensor& t) {
    std::vector<double> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i) {
        switch (ov::element::Type_t(t.get_element_type())) {
        case ov::element::Type_t::f32: out[i] = t.data<float>()[i]; break;
        case ov::element::Type_t::f64: out[i] = t.data<double>()[i]; break;
        case ov::element::Type_t::f16: out[i] = static_cast<float>(t.data<ov::float16>()[i]); break;
        case ov::element::Type_t::i32: out[i] = t.data<int32_t>()[i]; break;
        case ov::element::Type_t::i64: out[i] = static_cast<double>(t.data<int64_t>()[i]); break;
        default: ADD_FAILURE() << "read_tensor: unsupported type " << t.get_element_type(); return out;
        }
    }
    return out;
}

/// Rounds values as storing them in `type` would (the test's inputs after conversion).
inline std::vector<double> as_stored(ov::element::Type type, const ov::Shape& shape, const std::vector<double>& v) {
    return read_tensor(make_tensor(type, shape, v));
}

/// Expects |actual - expected| <= abs_tol + rel_tol * |expected| element-wise.
inline void expect_close(const std::vector<double>& actual, const std::vector<double>& expected, double rel_tol,
                         double abs_tol) {
    ASSERT_EQ(actual.size(), expected.size());
    size_t failures = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        const double bound = abs_tol + rel_tol * std::fabs(expected[i]);
        if (!(std::fabs(actual[i] - expected[i]) <= bound) && failures++ < 10)
            ADD_FAILURE() << "element " << i << ": got " << actual[i] << ", expected " << expected[i];
    }
    EXPECT_EQ(failures, 0u);
}

inline size_t volume(const std::vector<size_t>& shape) {
    size_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

}  // namespace nntest
