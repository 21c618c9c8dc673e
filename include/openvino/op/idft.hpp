// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/fft_base.hpp"

namespace ov {
namespace op {
namespace v7 {

/// @brief Inverse discrete Fourier transform of complex data over the given axes (IDFT-7).
///
/// Inputs: data, axes (1-D integer), optional signal_size (1-D integer, one entry per axis: the size each
/// axis is trimmed or zero-padded to before the transform, -1 for its own size); x[n] = (1 / N) * sum_k X[k] * exp(2 *
/// pi * i * k * n / N), N the product of the transformed sizes.
class IDFT : public util::FFTBase {
public:
    OPENVINO_OP("IDFT", "opset7", util::FFTBase);

    IDFT() = default;
    IDFT(const Output<Node>& data, const Output<Node>& axes);
    IDFT(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};

}  // namespace v7
}  // namespace op
}  // namespace ov
