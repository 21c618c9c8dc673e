// SPDX-License-Identifier: Apache-2.0
// Helpers for the shape / data-movement op tests.
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
#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ops_shape_test {

using devmux_test::attributes_of;
using devmux_test::copy_attributes;
using devmux_test::expect_error;
using devmux_test::param;
using devmux_test::ravel;
using devmux_test::RecordingVisitor;
using devmux_test::values;

template <typename T>
std::shared_ptr<ov::op::v0::Constant> constant(const ov::element::Type& type, const ov::Shape& shape,
                                               const std::vector<T>& values) {
    return std::make_shared<ov::op::v0::Constant>(type, shape, values);
}

inline std::shared_ptr<ov::op::v0::Constant> i64_vector(const std::vector<int64_t>& values) {
    return constant(ov::element::i64, ov::Shape{values.size()}, values);
}

inline std::shared_ptr<ov::op::v0::Constant> i64_scalar(int64_t value) {
    return constant(ov::element::i64, ov::Shape{}, std::vector<int64_t>{value});
}

/// A tensor of seeded random values in [-10, 10) (f32) — never all zeros.
inline ov::Tensor random_f32(const ov::Shape& shape, uint32_t seed) {
    return devmux_test::random_f32(shape, seed, -10.f, 10.f);
}

/// A tensor whose element i is i + offset (distinct values make wrong copies visible).
template <typename T>
ov::Tensor iota_tensor(const ov::element::Type& type, const ov::Shape& shape, T offset = T{}) {
    ov::Tensor t(type, shape);
    for (size_t i = 0; i < t.get_size(); ++i)
        t.data<T>()[i] = static_cast<T>(static_cast<T>(i) + offset);
    return t;
}

inline ov::Tensor i64_tensor(const ov::Shape& shape, const std::vector<int64_t>& values) {
    ov::Tensor t(ov::element::i64, shape);
    for (size_t i = 0; i < values.size(); ++i)
        t.data<int64_t>()[i] = values[i];
    return t;
}

/// Calls fn(coordinate) for every coordinate of shape, in row-major order.
inline void for_each_coord(const ov::Shape& shape, const std::function<void(const std::vector<size_t>&)>& fn) {
    const size_t count = ov::shape_size(shape);
    std::vector<size_t> c(shape.size(), 0);
    for (size_t n = 0; n < count; ++n) {
        fn(c);
        for (size_t d = shape.size(); d-- > 0;) {
            if (++c[d] < shape[d])
                break;
            c[d] = 0;
        }
    }
}

}  // namespace ops_shape_test
