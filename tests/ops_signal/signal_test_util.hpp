// SPDX-License-Identifier: Apache-2.0
// Helpers for the signal, image and convolution-like op tests: tensors from doubles and back, seeded random
// values, evaluate() on one op, tolerance checks and an IR write/read round trip.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
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

namespace sigtest {

using devmux_test::attributes_of;
using devmux_test::error_of;
using devmux_test::expect_close;
using devmux_test::expect_error;
using devmux_test::make_tensor;
using devmux_test::param;
using devmux_test::random_values;
using devmux_test::ravel;
using devmux_test::read_tensor;
using devmux_test::unravel;
using devmux_test::volume;

/// The values as storing them in `type` leaves them (what the op really reads).
inline std::vector<double> as_stored(ov::element::Type type, const std::vector<double>& v) {
    return read_tensor(make_tensor(type, ov::Shape{v.size()}, v));
}

inline std::shared_ptr<ov::op::v0::Constant> i64_constant(const std::vector<int64_t>& v) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{v.size()}, v);
}

inline ov::Tensor i64_tensor(const std::vector<int64_t>& v) {
    ov::Tensor t(ov::element::i64, ov::Shape{v.size()});
    for (size_t i = 0; i < v.size(); ++i)
        t.data<int64_t>()[i] = v[i];
    return t;
}

/// Runs node->evaluate on inputs (checking has_evaluate) and returns output 0.
inline ov::Tensor run(const std::shared_ptr<ov::Node>& node, const ov::TensorVector& inputs) {
    EXPECT_TRUE(node->has_evaluate()) << node->get_type_name();
    ov::TensorVector outputs;
    EXPECT_TRUE(node->evaluate(outputs, inputs)) << node->get_type_name();
    EXPECT_EQ(outputs.size(), 1u);
    return outputs.empty() ? ov::Tensor() : outputs[0];
}

/// Writes op's model as IR, reads it back and checks the op keeps its version, attributes, types and
/// shapes; returns the XML.
inline std::string expect_round_trip(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& params) {
    std::string xml;
    devmux_test::expect_op_round_trip(op, params, &xml);
    return xml;
}

}  // namespace sigtest
