// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "openvino/core/model.hpp"
#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

/// @file
/// @brief Ops that exist only inside a backend's compiled graph (fusions). Each carries a reference
/// evaluate(), so a fused graph still runs on the reference path (devmux::kit::ReferenceExecutor) and in tests,
/// and each is registered with the IR reader under the opset "devmux_kit", so an exported fused graph
/// reads back.

namespace devmux {
namespace kit {

/// @brief The activation a FusedConvolution applies after its bias.
enum class FusedActivation { None, Relu, Clamp, Sigmoid, Tanh, PRelu, HSwish };

/// @brief "none", "relu", "clamp", "sigmoid", "tanh", "prelu", "hswish".
const char* to_string(FusedActivation activation);

/// @brief Convolution + bias Add + optional activation + optional scale-shift + optional following
/// elementwise Add: `y = act(conv(data, filters) + bias) [* scale + shift] [+ addend]`, or with
/// `addend_first` (a residual sum before the normalisation and activation, as in ResNet blocks):
/// `y = act((conv(data, filters) + bias + addend) [* scale + shift])`.
///
/// With filters of one more dimension than the data ([G, O/G, I/G, k...]) the convolution is a
/// GroupConvolution (is_grouped()).
///
/// Inputs: data, filters, bias (broadcast to the convolution's output), then the PRelu slope when the
/// activation is PRelu, then scale and shift when `has_scale_shift`, then the addend when `has_addend`.
/// Each step keeps the convolution's output
/// shape: a bias or addend that would widen it is refused at construction. The reference evaluate()
/// runs the steps' own ops (v1::Convolution, v1::Add, the activation) in place on the output tensor.
class FusedConvolution : public ov::op::Op {
public:
    OPENVINO_OP("FusedConvolution", "devmux_kit", ov::op::Op);

    FusedConvolution() = default;
    /// @param clamp_min, clamp_max The bounds of a Clamp activation (ignored for the others).
    FusedConvolution(const ov::OutputVector& arguments, const ov::Strides& strides,
                     const ov::CoordinateDiff& pads_begin, const ov::CoordinateDiff& pads_end,
                     const ov::Strides& dilations, const ov::op::PadType& auto_pad, FusedActivation activation,
                     double clamp_min, double clamp_max, bool has_addend, bool has_scale_shift = false,
                     bool addend_first = false);

    void validate_and_infer_types() override;
    bool visit_attributes(ov::AttributeVisitor& visitor) override;
    std::shared_ptr<ov::Node> clone_with_new_inputs(const ov::OutputVector& new_args) const override;
    bool evaluate(ov::TensorVector& outputs, const ov::TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const ov::Strides& get_strides() const { return m_strides; }
    const ov::Strides& get_dilations() const { return m_dilations; }
    /// @brief The explicit paddings, resolved from auto_pad once the input shape is known.
    const ov::CoordinateDiff& get_pads_begin() const;
    const ov::CoordinateDiff& get_pads_end() const;
    const ov::op::PadType& get_auto_pad() const { return m_auto_pad; }
    FusedActivation get_activation() const { return m_activation; }
    double get_clamp_min() const { return m_clamp_min; }
    double get_clamp_max() const { return m_clamp_max; }
    bool has_addend() const { return m_has_addend; }
    bool has_scale_shift() const { return m_has_scale_shift; }
    /// @brief The addend is summed right after the bias, before the scale-shift and the activation.
    bool addend_first() const { return m_addend_first; }
    /// @brief The filters carry a group dimension: the convolution is a GroupConvolution.
    bool is_grouped() const;
    /// @brief The input index of the PRelu slope, of the scale, of the shift, or of the addend.
    size_t slope_input() const { return 3; }
    /// @brief The PRelu slope is one number, or one per output channel as PRelu reads it: a 1-D slope as long
    /// as the channel axis, or a shape whose only dimension above 1 lies under the output's channel axis.
    /// Backends that index the slope by channel check this first.
    bool slope_per_channel() const;
    size_t scale_input() const { return m_activation == FusedActivation::PRelu ? 4 : 3; }
    size_t shift_input() const { return scale_input() + 1; }
    size_t addend_input() const { return scale_input() + (m_has_scale_shift ? 2 : 0); }

private:
    size_t expected_inputs() const;

    ov::Strides m_strides;
    ov::CoordinateDiff m_pads_begin;
    ov::CoordinateDiff m_pads_end;
    ov::Strides m_dilations;
    ov::op::PadType m_auto_pad = ov::op::PadType::EXPLICIT;
    FusedActivation m_activation = FusedActivation::None;
    double m_clamp_min = 0.0;
    double m_clamp_max = 0.0;
    bool m_has_addend = false;
    bool m_has_scale_shift = false;
    bool m_addend_first = false;
    // The steps as ops over Parameters of this node's input types and shapes, rebuilt by
    // validate_and_infer_types; evaluate() runs them, so the arithmetic is the ops' own.
    std::shared_ptr<ov::Node> m_convolution;
    std::shared_ptr<ov::Node> m_bias_add;
    std::shared_ptr<ov::Node> m_activation_op;
    std::shared_ptr<ov::Node> m_scale_multiply;
    std::shared_ptr<ov::Node> m_shift_add;
    std::shared_ptr<ov::Node> m_addend_add;
};

/// @brief What fuse_convolutions may take beyond bias, activation and addend.
struct ConvolutionFusionOptions {
    /// @brief Also take a Multiply by a Constant followed by an Add of a Constant after the activation
    /// (a scale-shift such as a batch normalisation placed after a Relu). Only for backends whose
    /// FusedConvolution kernels apply has_scale_shift().
    bool scale_shift = false;
    /// @brief Also take a Convolution, an optional bias Add of a Constant, an Add of any other value, then
    /// optionally a scale-shift and an activation: `act((conv + bias + addend) [* scale + shift])`, the
    /// residual sums of ResNet and pre-activation blocks (a zero bias stands in for a missing one). Only
    /// for backends whose FusedConvolution kernels apply addend_first().
    bool addend_first = false;
    /// @brief Also take an HSwish as the activation. Only for backends whose FusedConvolution kernels
    /// apply FusedActivation::HSwish.
    bool hswish = false;
    /// @brief Also take a GroupConvolution (v1) in the place of the Convolution where this returns true for
    /// it (empty: never). Only for backends whose FusedConvolution kernels check is_grouped().
    std::function<bool(const ov::Node& group_convolution)> grouped;
};

/// @brief Replaces every Convolution (v1) followed by a bias Add of a Constant, then optionally by a Relu,
/// Clamp, Sigmoid, Tanh or PRelu (or an HSwish, and a GroupConvolution in the Convolution's place, where
/// asked), then (when `options.scale_shift`) optionally by a Multiply by a Constant
/// and an Add of a Constant, then optionally by an Add of any other value, by one FusedConvolution
/// (each intermediate value read only by the next step), and the residual form of
/// ConvolutionFusionOptions::addend_first where asked. The fused op takes the friendly name, rt_info and
/// output tensor names of the last op it replaces.
/// @return The number of FusedConvolution ops created.
size_t fuse_convolutions(ov::Model& model, const ConvolutionFusionOptions& options = {});

}  // namespace kit
}  // namespace devmux
