// SPDX-License-Identifier: Apache-2.0
// Helpers for the index / gather / scatter / sort / reduction op tests: typed tensors, reading any numeric
// tensor as doubles, running an op's evaluate(), and an IR write-then-read round trip of one op.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "common/ir_round_trip.hpp"
#include "common/test_utils.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/tensor.hpp"

namespace index_test {

using devmux_test::attributes_of;
using devmux_test::expect_error;
using devmux_test::param;
using devmux_test::ravel;
using devmux_test::unravel;
using devmux_test::values;

// The area's short names for the shared conversions (f16 rounded to half precision, boolean as 0 or 1).
inline ov::Tensor tensor(const ov::element::Type& type, const ov::Shape& shape, const std::vector<double>& v) {
    return devmux_test::make_tensor(type, shape, v);
}

inline std::vector<double> doubles(const ov::Tensor& t) { return devmux_test::read_tensor(t); }

inline std::shared_ptr<ov::op::v0::Constant> i64s(const std::vector<int64_t>& v) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{v.size()}, v);
}

inline std::shared_ptr<ov::op::v0::Constant> i64_scalar(int64_t v) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{}, std::vector<int64_t>{v});
}

/// Runs op.evaluate() on inputs into fresh output tensors; fails the test when evaluate() declines.
inline ov::TensorVector run(const ov::Node& op, const ov::TensorVector& inputs) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op.evaluate(outputs, inputs)) << op.get_type_name() << " declined to evaluate";
    return outputs;
}

/// Distinct seeded values in random order: k * step + offset for a shuffled k, so sort orders are defined.
inline std::vector<double> distinct_values(size_t n, uint32_t seed, double step = 0.5, double offset = -7.25) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = static_cast<double>(i) * step + offset;
    std::mt19937 rng(seed);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
}

/// Uniform seeded values in [lo, hi).
inline std::vector<double> random_values(size_t n, uint32_t seed, double lo = -4.0, double hi = 4.0) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

/// Writes a model holding op (fed by params) as IR and reads it back; returns the read op of the same type
/// and version. Expects its attributes, output types and shapes to equal the original's.
inline std::shared_ptr<ov::Node> ir_round_trip(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& params) {
    return devmux_test::expect_op_round_trip(op, params);
}

}  // namespace index_test
