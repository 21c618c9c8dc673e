// SPDX-License-Identifier: Apache-2.0
// Helpers for the element-wise op tests: parameters, seeded random tensors, index arithmetic written
// independently of the runtime's broadcast walk, and an attribute-recording visitor.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/runtime/tensor.hpp"

namespace eltest {

using devmux_test::expect_error;
using devmux_test::param;
using devmux_test::RecordingVisitor;
using devmux_test::unravel;
using devmux_test::values;

/// Tensor of `type` filled with values from gen(), converted with static_cast.
template <typename T, typename Gen>
ov::Tensor make_tensor(ov::element::Type type, const ov::Shape& shape, Gen gen) {
    ov::Tensor t(type, shape);
    T* p = t.data<T>();
    for (size_t i = 0; i < t.get_size(); ++i)
        p[i] = static_cast<T>(gen());
    return t;
}

/// Uniform floats in [lo, hi], never all zero for a non-degenerate range.
template <typename T = float>
ov::Tensor random_real(ov::element::Type type, const ov::Shape& shape, std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> dist(lo, hi);
    return make_tensor<T>(type, shape, [&] { return dist(rng); });
}

template <typename T>
ov::Tensor random_int(ov::element::Type type, const ov::Shape& shape, std::mt19937& rng, int64_t lo, int64_t hi) {
    std::uniform_int_distribution<int64_t> dist(lo, hi);
    return make_tensor<T>(type, shape, [&] { return dist(rng); });
}

inline std::vector<float> as_floats_f16(const ov::Tensor& t) {
    std::vector<float> out;
    for (auto v : values<ov::float16>(t))
        out.push_back(static_cast<float>(v));
    return out;
}

/// Flat index in `in` of the element numpy broadcasting sends to output coordinate `out_coord`.
inline size_t broadcast_source(const std::vector<size_t>& out_coord, const ov::Shape& in) {
    const size_t offset = out_coord.size() - in.size();
    size_t flat = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        const size_t c = in[i] == 1 ? 0 : out_coord[offset + i];
        flat = flat * in[i] + c;
    }
    return flat;
}

}  // namespace eltest
