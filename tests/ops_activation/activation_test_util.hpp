// SPDX-License-Identifier: Apache-2.0
// Helpers for the element-wise family tests: evaluating one op on tensors, reading results as doubles, and a
// numpy-broadcast index written independently of the runtime's walk.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "ops_elementwise/test_util.hpp"

namespace acttest {

using eltest::expect_error;
using eltest::param;

/// Evaluates op on inputs (the output tensors are allocated by the op) and returns output 0.
inline ov::Tensor eval(const std::shared_ptr<ov::Node>& op, const ov::TensorVector& inputs) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, inputs)) << op->get_type_name();
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? ov::Tensor() : outputs[0];
}

/// Any tensor of a real, integer or boolean type, element by element as double.
inline std::vector<double> as_doubles(const ov::Tensor& t) {
    std::vector<double> out(t.get_size());
    const auto type = t.get_element_type();
    for (size_t i = 0; i < out.size(); ++i) {
        if (type == ov::element::f32)
            out[i] = t.data<float>()[i];
        else if (type == ov::element::f16)
            out[i] = static_cast<float>(t.data<ov::float16>()[i]);
        else if (type == ov::element::f64)
            out[i] = t.data<double>()[i];
        else if (type == ov::element::i32)
            out[i] = t.data<int32_t>()[i];
        else if (type == ov::element::i64)
            out[i] = static_cast<double>(t.data<int64_t>()[i]);
        else if (type == ov::element::i8)
            out[i] = t.data<int8_t>()[i];
        else if (type == ov::element::u8)
            out[i] = t.data<uint8_t>()[i];
        else if (type == ov::element::boolean)
            out[i] = t.data<char>()[i] ? 1 : 0;
        else
            ADD_FAILURE() << "as_doubles: no reader for " << type;
    }
    return out;
}

/// A tensor of `type` holding `values` (converted with static_cast; boolean as 0/1).
inline ov::Tensor tensor_of(ov::element::Type type, const ov::Shape& shape, const std::vector<double>& values) {
    ov::Tensor t(type, shape);
    EXPECT_EQ(t.get_size(), values.size());
    for (size_t i = 0; i < values.size() && i < t.get_size(); ++i) {
        const double v = values[i];
        if (type == ov::element::f32)
            t.data<float>()[i] = static_cast<float>(v);
        else if (type == ov::element::f16)
            t.data<ov::float16>()[i] = ov::float16(static_cast<float>(v));
        else if (type == ov::element::f64)
            t.data<double>()[i] = v;
        else if (type == ov::element::i32)
            t.data<int32_t>()[i] = static_cast<int32_t>(v);
        else if (type == ov::element::i64)
            t.data<int64_t>()[i] = static_cast<int64_t>(v);
        else if (type == ov::element::i8)
            t.data<int8_t>()[i] = static_cast<int8_t>(v);
        else if (type == ov::element::u8)
            t.data<uint8_t>()[i] = static_cast<uint8_t>(v);
        else if (type == ov::element::boolean)
            t.data<char>()[i] = v != 0 ? 1 : 0;
        else
            ADD_FAILURE() << "tensor_of: no writer for " << type;
    }
    return t;
}

/// Seeded uniform reals in [lo, hi] as a tensor of a real type (values stored then read back, so the
/// references see exactly the stored, possibly f16-rounded, values).
inline ov::Tensor random_reals(ov::element::Type type, const ov::Shape& shape, uint32_t seed, double lo, double hi) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(ov::shape_size(shape));
    for (auto& x : v)
        x = dist(rng);
    return tensor_of(type, shape, v);
}

/// Seeded uniform integers in [lo, hi] as a tensor of any type.
inline ov::Tensor random_integers(ov::element::Type type, const ov::Shape& shape, uint32_t seed, int64_t lo,
                                  int64_t hi) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int64_t> dist(lo, hi);
    std::vector<double> v(ov::shape_size(shape));
    for (auto& x : v)
        x = static_cast<double>(dist(rng));
    return tensor_of(type, shape, v);
}

/// Flat index in a tensor of shape `in` of the element numpy broadcasting sends to flat output index `flat` of
/// `out` (in right-aligned against out).
inline size_t numpy_source(size_t flat, const ov::Shape& out, const ov::Shape& in) {
    return eltest::broadcast_source(eltest::unravel(flat, out), in);
}

}  // namespace acttest
