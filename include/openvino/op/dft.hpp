// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/fft_base.hpp"

namespace ov {
namespace op {
namespace v7 {

/// @brief Discrete Fourier transform of complex data over the given axes (DFT-7).
///
/// Inputs: data, axes (1-D integer), optional signal_size (1-D integer, one entry per axis: the size each
/// axis is trimmed or zero-padded to before the transform, -1 for its own size); X[k] = sum_n x[n] * exp(-2 * pi * i *
/// k * n / N).
class DFT : public util::FFTBase {
public:
    OPENVINO_OP("DFT", "opset7", util::FFTBase);

    DFT() = default;
    DFT(const Output<Node>& data, const Output<Node>& axes);
    DFT(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};

}  // namespace v7
}  // namespace op
}  // namespace ov
