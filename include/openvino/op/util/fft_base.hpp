// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What DFT, IDFT, RDFT and IRDFT share: inputs data, axes and the optional signal_size.
///
/// Complex tensors are real tensors whose last dimension is 2 (real part, imaginary part).
class FFTBase : public Op {
public:
    OPENVINO_OP("FFTBase", "util", Op);

    FFTBase() = default;
    bool visit_attributes(AttributeVisitor& visitor) override;
    bool has_evaluate() const override;

protected:
    FFTBase(const Output<Node>& data, const Output<Node>& axes);
    FFTBase(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size);
};

}  // namespace util
}  // namespace op
}  // namespace ov
