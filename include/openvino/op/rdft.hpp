// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/fft_base.hpp"

namespace ov {
namespace op {
namespace v9 {

/// @brief Discrete Fourier transform of real data (RDFT-9); the output is complex.
///
/// Inputs: data, axes (1-D integer), optional signal_size (1-D integer, one entry per axis: the size each
/// axis is trimmed or zero-padded to before the transform, -1 for its own size); the last transformed axis keeps its
/// floor(n / 2) + 1 non-redundant entries.
class RDFT : public util::FFTBase {
public:
    OPENVINO_OP("RDFT", "opset9", util::FFTBase);

    RDFT() = default;
    RDFT(const Output<Node>& data, const Output<Node>& axes);
    RDFT(const Output<Node>& data, const Output<Node>& axes, const Output<Node>& signal_size);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
