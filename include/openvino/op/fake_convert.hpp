// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief Emulates a round trip through an 8-bit float type (FakeConvert-13):
/// `out = (to_f8(data * scale - shift) + shift) / scale`, where to_f8 rounds to the nearest value of
/// destination_type ("f8e4m3": saturating at +-448; "f8e5m2": overflowing to infinity) with ties to even.
///
/// Inputs: data (f32, f16 or bf16), scale and optional shift (numpy-broadcast to data, same element type).
class FakeConvert : public Op {
public:
    OPENVINO_OP("FakeConvert", "opset13", Op);

    FakeConvert() = default;
    FakeConvert(const ov::Output<ov::Node>& data, const ov::Output<ov::Node>& scale,
                std::string destination_type = "f8e4m3");
    FakeConvert(const ov::Output<ov::Node>& data, const ov::Output<ov::Node>& scale, const ov::Output<ov::Node>& shift,
                std::string destination_type = "f8e4m3");

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const std::string& get_destination_type() const { return m_destination_type; }
    void set_destination_type(const std::string& destination_type) { m_destination_type = destination_type; }

private:
    std::string m_destination_type = "f8e4m3";
};

}  // namespace v13
}  // namespace op
}  // namespace ov
