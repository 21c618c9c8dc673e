// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base class of element-wise unary arithmetic ops (Relu, Sigmoid, Tanh, Exp, Sqrt): one numeric
/// input; the output has its element type and shape. Boolean inputs are rejected.
class UnaryElementwiseArithmetic : public Op {
public:
    OPENVINO_OP("UnaryElementwiseArithmetic", "util", Op);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;

protected:
    UnaryElementwiseArithmetic() = default;
    explicit UnaryElementwiseArithmetic(const Output<Node>& arg);
};

}  // namespace util
}  // namespace op
}  // namespace ov
