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

using devmux_test::expect_close;
using devmux_test::expect_error;
using devmux_test::make_tensor;
using devmux_test::param;
using devmux_test::random_values;
using devmux_test::ravel;
using devmux_test::read_tensor;
using devmux_test::RecordingVisitor;
using devmux_test::unravel;
using devmux_test::volume;

/// Random integers in [lo, hi] as doubles.
inline std::vector<double> random_ints(size_t n, std::mt19937& rng, int lo, int hi) {
    std::uniform_int_distribution<int> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

/// Rounds values as storing them in `type` would (the test's inputs after conversion).
inline std::vector<double> as_stored(ov::element::Type type, const ov::Shape& shape, const std::vector<double>& v) {
    return read_tensor(make_tensor(type, shape, v));
}

}  // namespace nntest
