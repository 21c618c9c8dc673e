// SPDX-License-Identifier: Apache-2.0
// Helpers for the normalisation / transposed-convolution / CTC tests: the nn helpers (seeded random values,
// tensors from doubles, tolerant comparison, index arithmetic), running one op's evaluate(), and an IR round
// trip of a one-op model.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/ir_round_trip.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/result.hpp"
#include "ops_nn/nn_test_util.hpp"

namespace normtest {

using namespace nntest;
using devmux_test::attributes_of;
using devmux_test::error_of;

/// Runs op->evaluate on these inputs; expects it to succeed.
inline ov::TensorVector run(const std::shared_ptr<ov::Node>& op, const ov::TensorVector& inputs) {
    ov::TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, inputs)) << op->get_type_name();
    return outputs;
}

/// An i64 constant of these values (1-D).
inline std::shared_ptr<ov::op::v0::Constant> i64s(const std::vector<int64_t>& values) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values);
}

/// An integer tensor of this type and shape.
inline ov::Tensor int_tensor(ov::element::Type type, const ov::Shape& shape, const std::vector<int64_t>& values) {
    return make_tensor(type, shape, std::vector<double>(values.begin(), values.end()));
}

/// Writes a model holding `op` (its inputs being whatever it was built with) to IR text and reads it back;
/// returns the node that reads back in op's place (the producer of the first Result).
inline std::shared_ptr<ov::Node> ir_round_trip(const std::shared_ptr<ov::Node>& op,
                                               const ov::ParameterVector& parameters) {
    const auto again = devmux_test::write_and_read_ir(*devmux_test::model_of_op(op, parameters)).model;
    return again->get_results().at(0)->input_value(0).get_node_shared_ptr();
}

/// The transposed convolution from its definition (the oracle for ConvolutionBackpropData): every input element
/// scatters into the output: out[n, g*CO + oc, x*s + k*d - pb] += in[n, g*CI + ic, x] * w[g, ic, oc, k] (plain
/// op: one group, filters [CI, CO, k...]); targets outside out_shape are dropped.
inline std::vector<double> scatter_backprop(const std::vector<double>& in, const std::vector<size_t>& in_shape,
                                            const std::vector<double>& w, const std::vector<size_t>& w_shape,
                                            bool grouped, const std::vector<size_t>& strides,
                                            const std::vector<size_t>& dilations,
                                            const std::vector<int64_t>& pads_begin,
                                            const std::vector<size_t>& out_shape) {
    const size_t ns = in_shape.size() - 2;
    const size_t lead = grouped ? 3 : 2;
    const size_t ci = grouped ? w_shape[1] : w_shape[0];
    const size_t co = grouped ? w_shape[2] : w_shape[1];
    const std::vector<size_t> kernel(w_shape.begin() + lead, w_shape.end());
    std::vector<double> out(volume(out_shape), 0.0);
    for (size_t i = 0; i < in.size(); ++i) {
        const auto x = unravel(i, in_shape);
        const size_t n = x[0], g = x[1] / ci, ic = x[1] % ci;
        for (size_t oc = 0; oc < co; ++oc) {
            for (size_t k = 0; k < volume(kernel); ++k) {
                const auto kc = unravel(k, kernel);
                std::vector<size_t> y{n, g * co + oc};
                bool inside = true;
                for (size_t a = 0; a < ns; ++a) {
                    const int64_t pos = int64_t(x[2 + a] * strides[a] + kc[a] * dilations[a]) - pads_begin[a];
                    inside = inside && pos >= 0 && pos < int64_t(out_shape[2 + a]);
                    y.push_back(size_t(pos));
                }
                if (!inside)
                    continue;
                std::vector<size_t> wc = grouped ? std::vector<size_t>{g, ic, oc} : std::vector<size_t>{ic, oc};
                wc.insert(wc.end(), kc.begin(), kc.end());
                out[ravel(y, out_shape)] += in[i] * w[ravel(wc, w_shape)];
            }
        }
    }
    return out;
}

}  // namespace normtest
