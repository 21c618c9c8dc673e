// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <memory>
#include <ostream>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief How Pad fills the new border. IR text: "constant", "edge", "reflect", "symmetric".
enum class PadMode { CONSTANT = 0, EDGE, REFLECT, SYMMETRIC };

std::ostream& operator<<(std::ostream& os, PadMode mode);
std::istream& operator>>(std::istream& is, PadMode& mode);

namespace util {

/// @brief Common base of Pad v1 and v12: adds pads_begin[i] elements before and pads_end[i] after axis i.
///
/// CONSTANT fills with pad_value (0 when absent); EDGE repeats the border element; REFLECT mirrors without
/// repeating the border (pads at most extent - 1); SYMMETRIC mirrors repeating it (pads at most the extent).
class PadBase : public Op {
public:
    OPENVINO_OP("PadBase", "util", Op);
    PadBase() = default;
    /// @brief Pad with an explicit scalar pad_value (CONSTANT mode).
    PadBase(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end,
            const Output<Node>& arg_pad_value, PadMode pad_mode);
    /// @brief Pad without pad_value (0 in CONSTANT mode).
    PadBase(const Output<Node>& arg, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode pad_mode);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    PadMode get_pad_mode() const { return m_pad_mode; }
    void set_pad_mode(PadMode pad_mode) { m_pad_mode = pad_mode; }

protected:
    /// Pad-12 also takes negative pads, which crop.
    virtual bool negative_pads_supported() const { return false; }

    PadMode m_pad_mode = PadMode::CONSTANT;
};

}  // namespace util
}  // namespace op
}  // namespace ov
