// SPDX-License-Identifier: Apache-2.0
// RNN, GRU and LSTM as OpenVINO's RNNSequence-5, GRUSequence-5 and LSTMSequence-5. ONNX orders its tensors
// sequence first (layout 0) or batch first with the direction after the sequence (layout 1), and splits its
// biases into input and recurrence halves; OpenVINO takes batch, direction, sequence and one summed bias (GRU
// with linear_before_reset keeps the recurrence bias of its h gate apart). LSTM's gates are i, o, f, c in ONNX
// and f, i, c, o in OpenVINO. An LSTM with peepholes (P) or input_forget becomes the opset1 LSTMSequence, which
// has both and takes ONNX's gate order as it is.

#include <algorithm>
#include <cctype>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

enum class Cell { rnn, gru, lstm };

// ONNX's inputs: X, W, R, B, sequence_lens, initial_h (and for LSTM initial_c, P).
constexpr size_t x_input = 0, w_input = 1, r_input = 2, b_input = 3, lengths_input = 4, h_input = 5, c_input = 6,
                 p_input = 7;

size_t gates_of(Cell cell) { return cell == Cell::lstm ? 4 : cell == Cell::gru ? 3 : 1; }
size_t activations_per_direction(Cell cell) { return cell == Cell::lstm ? 3 : cell == Cell::gru ? 2 : 1; }

std::vector<std::string> default_activations(Cell cell) {
    if (cell == Cell::lstm)
        return {"sigmoid", "tanh", "tanh"};
    if (cell == Cell::gru)
        return {"sigmoid", "tanh"};
    return {"tanh"};
}

ov::Output<ov::Node> transposed(const ov::Output<ov::Node>& x, const std::vector<int64_t>& order) {
    return std::make_shared<v1::Transpose>(x, i64s(order))->output(0);
}

ov::Output<ov::Node> dim_of(const ov::Output<ov::Node>& x, int64_t axis) {
    return std::make_shared<v8::Gather>(std::make_shared<v3::ShapeOf>(x), i64s({axis}), i64_scalar(0))->output(0);
}

// The gate blocks of `x` along `axis` (each hidden_size long) reordered: result block k is ONNX block order[k].
ov::Output<ov::Node> reorder_gates(const ov::Output<ov::Node>& x, int64_t axis, const std::vector<size_t>& order) {
    auto parts = std::make_shared<v1::Split>(x, i64_scalar(axis), order.size());
    ov::OutputVector reordered;
    for (const auto k : order)
        reordered.push_back(parts->output(k));
    return std::make_shared<v0::Concat>(reordered, axis)->output(0);
}

// The activations (names lower-cased as OpenVINO spells them) with their alpha and beta, one set for all
// directions. ONNX lists one set per direction and hands out activation_alpha/beta in order to the
// activations that take them.
struct Activations {
    std::vector<std::string> names;
    std::vector<float> alpha, beta;
};

Activations activations_of(const NodeContext& node, Cell cell, size_t directions) {
    const size_t per_direction = activations_per_direction(cell);
    std::vector<std::string> names;
    for (const auto& attribute : node.proto().attribute()) {
        if (attribute.name() != "activations")
            continue;
        for (std::string name : attribute.strings()) {
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
            names.push_back(name);
        }
    }
    if (names.empty()) {
        for (size_t d = 0; d < directions; ++d)
            for (const auto& name : default_activations(cell))
                names.push_back(name);
    }
    if (names.size() != per_direction * directions)
        node.fail("lists " + std::to_string(names.size()) + " activations; " + std::to_string(directions) +
                  " direction(s) need " + std::to_string(per_direction * directions));
    const auto alpha_given = node.attr_floats("activation_alpha"), beta_given = node.attr_floats("activation_beta");
    Activations result;
    size_t next_alpha = 0, next_beta = 0;
    for (size_t i = 0; i < names.size(); ++i) {
        const auto& name = names[i];
        float alpha = 0.f, beta = 0.f;
        if (name == "hardsigmoid") {
            alpha = next_alpha < alpha_given.size() ? alpha_given[next_alpha++] : 0.2f;
            beta = next_beta < beta_given.size() ? beta_given[next_beta++] : 0.5f;
        } else if (name != "sigmoid" && name != "tanh" && name != "relu") {
            node.fail("has the activation '" + name +
                      "' in 'activations'; OpenVINO's recurrent sequences take Sigmoid, Tanh, Relu and HardSigmoid");
        }
        if (i < per_direction) {
            result.names.push_back(name);
            result.alpha.push_back(alpha);
            result.beta.push_back(beta);
        } else {
            const size_t j = i % per_direction;
            if (name != result.names[j] || alpha != result.alpha[j] || beta != result.beta[j])
                node.fail("has different 'activations' for its two directions; OpenVINO's sequences take one set");
        }
    }
    const bool any_hard_sigmoid = std::count(result.names.begin(), result.names.end(), "hardsigmoid") > 0;
    if (!any_hard_sigmoid)
        result.alpha.clear(), result.beta.clear();
    return result;
}

ov::OutputVector convert_recurrent(const NodeContext& node, Cell cell) {
    const std::string direction_name = node.attr_string("direction", "forward");
    RecurrentSequenceDirection direction;
    if (direction_name == "forward")
        direction = RecurrentSequenceDirection::FORWARD;
    else if (direction_name == "reverse")
        direction = RecurrentSequenceDirection::REVERSE;
    else if (direction_name == "bidirectional")
        direction = RecurrentSequenceDirection::BIDIRECTIONAL;
    else
        node.fail("has the direction '" + direction_name + "'; ONNX defines forward, reverse and bidirectional");
    const int64_t directions = direction == RecurrentSequenceDirection::BIDIRECTIONAL ? 2 : 1;
    const int64_t layout = node.attr_int("layout", 0);
    if (layout != 0 && layout != 1)
        node.fail("has the layout " + std::to_string(layout) + "; ONNX defines 0 and 1");
    // LSTMSequence-5 has neither peepholes nor coupled gates; the opset1 LSTMSequence has both and reads ONNX's
    // gate order (i, o, f, c) and peephole order (i, o, f) as they are.
    const bool opset1_lstm =
        cell == Cell::lstm && (node.has_input(p_input) || node.attr_int("input_forget", 0) != 0);

    const auto w = node.input(w_input), r = node.input(r_input);
    int64_t hidden = node.attr_int("hidden_size", 0);
    if (hidden <= 0) {
        const auto& r_shape = r.get_partial_shape();
        if (r_shape.rank().is_static() && r_shape.rank().get_length() == 3 && r_shape[2].is_static())
            hidden = r_shape[2].get_length();
        else
            node.fail("has no hidden_size attribute and the shape of R does not give it");
    }
    const int64_t gates = static_cast<int64_t>(gates_of(cell));
    const auto type = node.input(x_input).get_element_type();
    const Activations activations = activations_of(node, cell, static_cast<size_t>(directions));
    const float clip = node.attr_float("clip", 0.f);
    const bool linear_before_reset = cell == Cell::gru && node.attr_int("linear_before_reset", 0) != 0;

    // X as [batch, seq, input]; the states as [batch, directions, hidden].
    const auto x = layout == 0 ? transposed(node.input(x_input), {1, 0, 2}) : node.input(x_input);
    auto state = [&](size_t i) -> ov::Output<ov::Node> {
        if (node.has_input(i))
            return layout == 0 ? transposed(node.input(i), {1, 0, 2}) : node.input(i);
        auto shape = std::make_shared<v0::Concat>(ov::OutputVector{dim_of(x, 0), i64s({directions, hidden})}, 0);
        return std::make_shared<v3::Broadcast>(scalar_of(type, 0.0), shape)->output(0);
    };
    const auto initial_h = state(h_input);
    ov::Output<ov::Node> lengths;
    if (node.has_input(lengths_input))
        lengths = node.input(lengths_input);
    else
        lengths = std::make_shared<v3::Broadcast>(std::make_shared<v0::Squeeze>(dim_of(x, 1), i64s({0})), dim_of(x, 0));

    // W, R and B with OpenVINO's gate order; B summed over its input and recurrence halves.
    const std::vector<size_t> lstm_order{2, 0, 3, 1};  // f, i, c, o out of i, o, f, c
    const bool reorder = cell == Cell::lstm && !opset1_lstm;
    const auto ov_w = reorder ? reorder_gates(w, 1, lstm_order) : w;
    const auto ov_r = reorder ? reorder_gates(r, 1, lstm_order) : r;
    const int64_t bias_gates = linear_before_reset ? gates + 1 : gates;
    ov::Output<ov::Node> b;
    if (!node.has_input(b_input)) {
        b = v0::Constant::create(type, ov::Shape{static_cast<size_t>(directions), static_cast<size_t>(bias_gates * hidden)},
                                 std::vector<float>(static_cast<size_t>(directions * bias_gates * hidden), 0.f));
    } else {
        auto halves = std::make_shared<v1::Split>(node.input(b_input), i64_scalar(1), 2);
        if (linear_before_reset) {
            // z and r take both biases summed; h keeps its input bias and its recurrence bias apart.
            auto input_bias = std::make_shared<v1::Split>(halves->output(0), i64_scalar(1), 3);
            auto recurrence_bias = std::make_shared<v1::Split>(halves->output(1), i64_scalar(1), 3);
            b = std::make_shared<v0::Concat>(
                ov::OutputVector{std::make_shared<v1::Add>(input_bias->output(0), recurrence_bias->output(0)),
                                 std::make_shared<v1::Add>(input_bias->output(1), recurrence_bias->output(1)),
                                 input_bias->output(2), recurrence_bias->output(2)},
                1);
        } else {
            b = std::make_shared<v1::Add>(halves->output(0), halves->output(1));
            if (reorder)
                b = reorder_gates(b, 1, lstm_order);
        }
    }

    std::shared_ptr<ov::Node> sequence;
    if (opset1_lstm) {
        ov::Output<ov::Node> peepholes = node.has_input(p_input)
            ? node.input(p_input)
            : v0::Constant::create(type, ov::Shape{static_cast<size_t>(directions), static_cast<size_t>(3 * hidden)},
                                   std::vector<float>(static_cast<size_t>(directions * 3 * hidden), 0.f))->output(0);
        sequence = std::make_shared<v0::LSTMSequence>(x, initial_h, state(c_input), lengths, ov_w, ov_r, b, peepholes,
                                                      hidden, direction, ov::op::LSTMWeightsFormat::IOFC,
                                                      activations.alpha, activations.beta, activations.names, clip,
                                                      node.attr_int("input_forget", 0) != 0);
    } else if (cell == Cell::lstm)
        sequence = std::make_shared<v5::LSTMSequence>(x, initial_h, state(c_input), lengths, ov_w, ov_r, b, hidden,
                                                      direction, activations.alpha, activations.beta,
                                                      activations.names, clip);
    else if (cell == Cell::gru)
        sequence = std::make_shared<v5::GRUSequence>(x, initial_h, lengths, ov_w, ov_r, b, static_cast<size_t>(hidden),
                                                     direction, activations.names, activations.alpha,
                                                     activations.beta, clip, linear_before_reset);
    else
        sequence = std::make_shared<v5::RNNSequence>(x, initial_h, lengths, ov_w, ov_r, b, static_cast<size_t>(hidden),
                                                     direction, activations.names, activations.alpha,
                                                     activations.beta, clip);

    // Y from [batch, directions, seq, hidden]; the final states from [batch, directions, hidden].
    ov::OutputVector outputs{transposed(sequence->output(0), layout == 0 ? std::vector<int64_t>{2, 1, 0, 3}
                                                                          : std::vector<int64_t>{0, 2, 1, 3})};
    for (size_t i = 1; i < sequence->get_output_size(); ++i)
        outputs.push_back(layout == 0 ? transposed(sequence->output(i), {1, 0, 2}) : sequence->output(i));
    return outputs;
}

}  // namespace

ov::OutputVector rnn(const NodeContext& node) { return convert_recurrent(node, Cell::rnn); }
ov::OutputVector gru(const NodeContext& node) { return convert_recurrent(node, Cell::gru); }
ov::OutputVector lstm(const NodeContext& node) { return convert_recurrent(node, Cell::lstm); }

}  // namespace onnx_frontend
}  // namespace devmux
