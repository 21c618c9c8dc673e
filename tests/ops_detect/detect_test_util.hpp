// SPDX-License-Identifier: Apache-2.0
// Helpers for the detection op tests: tensors from value lists, running an op's reference evaluate(), and an
// attribute round trip through the IR writer and reader.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
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

namespace detect_test {

using devmux_test::error_of;
using devmux_test::param;
using testing::HasSubstr;

inline ov::Tensor f32(const ov::Shape& shape, const std::vector<float>& v) {
    ov::Tensor t(ov::element::f32, shape);
    EXPECT_EQ(t.get_size(), v.size()) << "test data size";
    std::copy(v.begin(), v.end(), t.data<float>());
    return t;
}

inline ov::Tensor i64(const ov::Shape& shape, const std::vector<int64_t>& v) {
    ov::Tensor t(ov::element::i64, shape);
    std::copy(v.begin(), v.end(), t.data<int64_t>());
    return t;
}

/// Seeded uniform values in [lo, hi).
inline std::vector<float> random_values(size_t n, uint32_t seed, float lo, float hi) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(gen);
    return v;
}

/// The op's evaluate() on these inputs (outputs allocated by the op).
inline ov::TensorVector run(const std::shared_ptr<ov::Node>& op, const ov::TensorVector& inputs) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, inputs));
    return outputs;
}

inline std::vector<float> floats(const ov::Tensor& t) {
    std::vector<float> out(t.get_size());
    if (t.get_element_type() == ov::element::f16) {
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = static_cast<float>(t.data<ov::float16>()[i]);
    } else {
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = t.data<float>()[i];
    }
    return out;
}

inline std::vector<int64_t> ints(const ov::Tensor& t) {
    std::vector<int64_t> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = t.get_element_type() == ov::element::i32 ? t.data<int32_t>()[i] : t.data<int64_t>()[i];
    return out;
}

inline void expect_near(const std::vector<float>& actual, const std::vector<double>& expected, double tolerance) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], tolerance) << "element " << i;
}

/// Writes a model holding op (its inputs as they are: Parameters or Constants) as IR, reads it back and
/// returns the read op of the same type; expects the attribute text and output shapes to be equal.
inline std::shared_ptr<ov::Node> ir_round_trip(const std::shared_ptr<ov::Node>& op) {
    ov::ParameterVector parameters;
    for (const auto& input : op->input_values())
        if (auto p = std::dynamic_pointer_cast<ov::op::v0::Parameter>(input.get_node_shared_ptr()))
            parameters.push_back(p);
    return devmux_test::expect_op_round_trip(op, parameters);
}

}  // namespace detect_test
