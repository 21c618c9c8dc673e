// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief The direction a recurrent sequence op runs in (IR attribute "direction": "forward", "reverse",
/// "bidirectional").
enum class RecurrentSequenceDirection { FORWARD, REVERSE, BIDIRECTIONAL };

std::ostream& operator<<(std::ostream& os, RecurrentSequenceDirection direction);
std::istream& operator>>(std::istream& is, RecurrentSequenceDirection& direction);

namespace util {

/// @brief The order of the four gate blocks in LSTM weights and biases (IR attribute "weights_format" of
/// the opset1 LSTM ops: "fico", "icof", "ifco", "ifoc", "iofc").
enum class LSTMWeightsFormat {
    FICO,  ///< forget, input, cell, output: OpenVINO's own order (LSTMCell-4, LSTMSequence-5)
    ICOF,
    IFCO,
    IFOC,
    IOFC,
};

std::ostream& operator<<(std::ostream& os, LSTMWeightsFormat format);
std::istream& operator>>(std::istream& is, LSTMWeightsFormat& format);

/// @brief Base class of the recurrent cells and sequences (LSTM, GRU, RNN): the attributes they share.
///
/// Activations are named ("sigmoid", "tanh", "relu", "hardsigmoid"); activations_alpha / activations_beta
/// give the parameters of the activations that take them, in the order of the activations list. A clip
/// above zero bounds every gate's input to [-clip, clip] before its activation.
class RNNCellBase : public Op {
public:
    OPENVINO_OP("RNNCellBase", "util", Op);

    RNNCellBase() = default;
    /// @param args The op's inputs.
    /// @param hidden_size The number of hidden units (IR attribute "hidden_size").
    /// @param clip The clipping bound of gate inputs; 0 disables clipping (IR attribute "clip").
    /// @param activations The activation functions by name (IR attribute "activations").
    /// @param activations_alpha The alpha parameters of the activations (IR attribute "activations_alpha").
    /// @param activations_beta The beta parameters of the activations (IR attribute "activations_beta").
    RNNCellBase(const OutputVector& args, std::size_t hidden_size, float clip,
                const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                const std::vector<float>& activations_beta);

    bool visit_attributes(AttributeVisitor& visitor) override;

    std::size_t get_hidden_size() const { return m_hidden_size; }
    void set_hidden_size(std::size_t hidden_size) { m_hidden_size = hidden_size; }
    float get_clip() const { return m_clip; }
    void set_clip(float clip) { m_clip = clip; }
    const std::vector<std::string>& get_activations() const { return m_activations; }
    void set_activations(const std::vector<std::string>& activations) { m_activations = activations; }
    const std::vector<float>& get_activations_alpha() const { return m_activations_alpha; }
    void set_activations_alpha(const std::vector<float>& alpha) { m_activations_alpha = alpha; }
    const std::vector<float>& get_activations_beta() const { return m_activations_beta; }
    void set_activations_beta(const std::vector<float>& beta) { m_activations_beta = beta; }

protected:
    /// Checks the attributes against the number of activations this op needs (throws naming the op).
    void validate_attributes(std::size_t activation_count) const;

    std::size_t m_hidden_size = 0;
    float m_clip = 0.f;
    std::vector<std::string> m_activations;
    std::vector<float> m_activations_alpha;
    std::vector<float> m_activations_beta;
};

}  // namespace util

using util::LSTMWeightsFormat;

}  // namespace op
}  // namespace ov
