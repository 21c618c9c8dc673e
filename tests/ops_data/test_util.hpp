// SPDX-License-Identifier: Apache-2.0
// Helpers for the data-movement op tests: constants, seeded random tensors, running an op's evaluate(), and
// an independent reshape/transpose (the specification defines DepthToSpace, SpaceToBatch, ... that way).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ops_data_test {

using devmux_test::attributes_of;
using devmux_test::copy_attributes;
using devmux_test::error_of;
using devmux_test::expect_error;
using devmux_test::param;
using devmux_test::ravel;
using devmux_test::unravel;
using devmux_test::values;

/// An i64 vector constant holding exactly v (the raw-data constructor: the converting one goes through
/// double, which cannot hold INT64_MAX, Slice's usual "to the end").
inline std::shared_ptr<ov::op::v0::Constant> i64s(const std::vector<int64_t>& v) {
    return std::make_shared<ov::op::v0::Constant>(ov::element::i64, ov::Shape{v.size()},
                                                  static_cast<const void*>(v.data()));
}
inline std::shared_ptr<ov::op::v0::Constant> i32s(const std::vector<int32_t>& v) {
    return std::make_shared<ov::op::v0::Constant>(ov::element::i32, ov::Shape{v.size()}, v);
}
inline std::shared_ptr<ov::op::v0::Constant> i64_scalar(int64_t v) {
    return std::make_shared<ov::op::v0::Constant>(ov::element::i64, ov::Shape{}, std::vector<int64_t>{v});
}

template <typename T>
ov::Tensor tensor(const ov::element::Type& type, const ov::Shape& shape, const std::vector<T>& v) {
    ov::Tensor t(type, shape);
    EXPECT_EQ(v.size(), t.get_size());
    for (size_t i = 0; i < v.size() && i < t.get_size(); ++i)
        t.data<T>()[i] = v[i];
    return t;
}
inline ov::Tensor f32_tensor(const ov::Shape& shape, const std::vector<float>& v) {
    return tensor<float>(ov::element::f32, shape, v);
}
inline ov::Tensor i64_tensor(const ov::Shape& shape, const std::vector<int64_t>& v) {
    return tensor<int64_t>(ov::element::i64, shape, v);
}

/// Seeded random f32 values in [-10, 10), never all zeros.
inline ov::Tensor random_f32(const ov::Shape& shape, uint32_t seed) {
    return devmux_test::random_f32(shape, seed, -10.f, 10.f);
}

/// Seeded random i32 values in [-1000, 1000].
inline ov::Tensor random_i32(const ov::Shape& shape, uint32_t seed) {
    ov::Tensor t(ov::element::i32, shape);
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int32_t> dist(-1000, 1000);
    for (size_t i = 0; i < t.get_size(); ++i)
        t.data<int32_t>()[i] = dist(gen);
    return t;
}

/// Runs node->evaluate() on inputs and returns the outputs (fails the test when evaluate returns false).
inline ov::TensorVector run(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs) {
    ov::TensorVector outputs;
    EXPECT_TRUE(node->evaluate(outputs, inputs));
    return outputs;
}

/// Element-wise transpose of a row-major array of T: out[perm-coordinates] = in[coordinates], where output
/// axis k is input axis perm[k].
template <typename T>
std::vector<T> transpose(const std::vector<T>& in, const std::vector<size_t>& shape, const std::vector<size_t>& perm,
                         std::vector<size_t>* out_shape_ptr = nullptr) {
    std::vector<size_t> out_shape(perm.size());
    for (size_t k = 0; k < perm.size(); ++k)
        out_shape[k] = shape[perm[k]];
    std::vector<T> out(in.size());
    for (size_t flat = 0; flat < out.size(); ++flat) {
        const auto oc = unravel(flat, out_shape);
        std::vector<size_t> ic(shape.size());
        for (size_t k = 0; k < perm.size(); ++k)
            ic[perm[k]] = oc[k];
        out[flat] = in[ravel(ic, shape)];
    }
    if (out_shape_ptr)
        *out_shape_ptr = out_shape;
    return out;
}

}  // namespace ops_data_test
