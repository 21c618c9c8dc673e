// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/fft_base.hpp"

namespace ov {
namespace op {
namespace v9 {

/// @brief Inverse of RDFT (IRDFT-9): complex Hermitian half spectrum in, real data out.
///
/// Inputs: data, axes (1-D integer), optional signal_size (1-D integer, one entry per axis: the size each
/// axis is trimmed or zero-padded to before the transform, -1 for its own size); the last transformed axis of the
/// output has signal_size (when given) or 2 * (n - 1) entries.
class IRDFT : public util::FFTBase {
public:
    OPENVINO_OP("IRDFT", "opset9", util::FFTBase);

    IRDFT() = default;
    IRDFT(const Output<Node>& data, const Output<Node>& axes);
    IRDFT(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
