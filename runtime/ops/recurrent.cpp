// SPDX-License-Identifier: Apache-2.0
// The recurrent cells and sequences: LSTMCell-1/4, GRUCell-3, RNNCell-1, LSTMSequence-1/5, GRUSequence-5 and
// RNNSequence-5, with their shared attributes (util::RNNCellBase). One shape check and one reference kernel
// serve all of them: a cell is a sequence of length one in one direction, so the kernel only knows sequences.
// The kernel computes in double whatever the element type, so f16 results differ from f32 ones only by the
// final rounding.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "openvino/op/constant.hpp"
#include "openvino/op/gru_cell.hpp"
#include "openvino/op/gru_sequence.hpp"
#include "openvino/op/lstm_cell.hpp"
#include "openvino/op/lstm_sequence.hpp"
#include "openvino/op/rnn_cell.hpp"
#include "openvino/op/rnn_sequence.hpp"
#include "openvino/op/util/rnn_cell_base.hpp"
#include "ops/enum_names.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::EnumName;
using devmux::ref::lower_case;
using devmux::ref::read_enum_name;
using devmux::ref::write_enum_name;

const EnumName<RecurrentSequenceDirection> direction_names[] = {
    {RecurrentSequenceDirection::FORWARD, "forward"},
    {RecurrentSequenceDirection::REVERSE, "reverse"},
    {RecurrentSequenceDirection::BIDIRECTIONAL, "bidirectional"},
};

const EnumName<util::LSTMWeightsFormat> weights_format_names[] = {
    {util::LSTMWeightsFormat::FICO, "fico"}, {util::LSTMWeightsFormat::ICOF, "icof"},
    {util::LSTMWeightsFormat::IFCO, "ifco"}, {util::LSTMWeightsFormat::IFOC, "ifoc"},
    {util::LSTMWeightsFormat::IOFC, "iofc"},
};

// A named activation with its alpha and beta (only hardsigmoid uses them).
struct Activation {
    enum class Kind { sigmoid, tanh, relu, hardsigmoid } kind = Kind::sigmoid;
    double alpha = 0, beta = 0;

    double operator()(double x) const {
        switch (kind) {
        case Kind::sigmoid: return 1.0 / (1.0 + std::exp(-x));
        case Kind::tanh: return std::tanh(x);
        case Kind::relu: return x > 0 ? x : 0.0;
        case Kind::hardsigmoid: return std::max(0.0, std::min(1.0, alpha * x + beta));
        }
        return x;
    }
};

// The activation at position index of the op's lists; throws naming the op for an unknown name.
Activation activation_at(const Node& node, const std::vector<std::string>& names, const std::vector<float>& alpha,
                         const std::vector<float>& beta, size_t index) {
    Activation a;
    const std::string name = lower_case(names.at(index));
    if (name == "sigmoid")
        a.kind = Activation::Kind::sigmoid;
    else if (name == "tanh")
        a.kind = Activation::Kind::tanh;
    else if (name == "relu")
        a.kind = Activation::Kind::relu;
    else if (name == "hardsigmoid")
        a.kind = Activation::Kind::hardsigmoid, a.alpha = 0.2, a.beta = 0.5;
    else
        OPENVINO_THROW(describe(node), ": unsupported activation '", names[index],
                       "' (expected sigmoid, tanh, relu or hardsigmoid)");
    if (index < alpha.size())
        a.alpha = alpha[index];
    if (index < beta.size())
        a.beta = beta[index];
    return a;
}

// Splits "sigmoid,tanh" (the IR text of a string list) into names; the inverse joins with commas.
std::vector<std::string> split_names(const std::string& text) {
    std::vector<std::string> names;
    std::string item;
    std::istringstream is(text);
    while (std::getline(is, item, ',')) {
        const auto first = item.find_first_not_of(" \t");
        const auto last = item.find_last_not_of(" \t");
        if (first != std::string::npos)
            names.push_back(item.substr(first, last - first + 1));
    }
    return names;
}

std::string join_names(const std::vector<std::string>& names) {
    std::string text;
    for (size_t i = 0; i < names.size(); ++i)
        text += (i ? "," : "") + names[i];
    return text;
}

enum class CellKind { lstm, gru, rnn };

// Where each input sits in an op's input list (-1: the op has no such input) and what the op computes.
struct RecurrentLayout {
    CellKind kind;
    bool sequence;
    int x, h, c, lengths, w, r, b, p;
};

constexpr int none = -1;
const RecurrentLayout lstm_cell_layout{CellKind::lstm, false, 0, 1, 2, none, 3, 4, 5, 6};
const RecurrentLayout gru_cell_layout{CellKind::gru, false, 0, 1, none, none, 2, 3, 4, none};
const RecurrentLayout rnn_cell_layout{CellKind::rnn, false, 0, 1, none, none, 2, 3, 4, none};
const RecurrentLayout lstm_sequence_layout{CellKind::lstm, true, 0, 1, 2, 3, 4, 5, 6, 7};
const RecurrentLayout gru_sequence_layout{CellKind::gru, true, 0, 1, none, 2, 3, 4, 5, none};
const RecurrentLayout rnn_sequence_layout{CellKind::rnn, true, 0, 1, none, 2, 3, 4, 5, none};

size_t gate_count(CellKind kind) { return kind == CellKind::lstm ? 4 : kind == CellKind::gru ? 3 : 1; }
size_t activation_count(CellKind kind) { return kind == CellKind::lstm ? 3 : kind == CellKind::gru ? 2 : 1; }

size_t direction_count(RecurrentSequenceDirection direction) {
    return direction == RecurrentSequenceDirection::BIDIRECTIONAL ? 2 : 1;
}

// Everything the shape inference of one op needs besides its inputs.
struct RecurrentConfig {
    RecurrentLayout layout;
    size_t hidden;
    size_t directions = 1;
    bool linear_before_reset = false;
    size_t min_inputs, max_inputs;
};

const char* input_name(const RecurrentLayout& l, int index) {
    if (index == l.x) return "X";
    if (index == l.h) return "initial_hidden_state";
    if (index == l.c) return "initial_cell_state";
    if (index == l.lengths) return "sequence_lengths";
    if (index == l.w) return "W";
    if (index == l.r) return "R";
    if (index == l.b) return "B";
    if (index == l.p) return "P";
    return "?";
}

// Merges the dimension of one input into acc (batch, input_size, ...); throws naming both when they differ.
void merge_recurrent_dim(const Node& node, Dimension& acc, const Dimension& d, const char* what, const char* input) {
    Dimension merged;
    if (!Dimension::merge(merged, acc, d))
        OPENVINO_THROW(describe(node), ": ", what, " of input ", input, " is ", d, ", expected ", acc);
    acc = merged;
}

// Output element type and shapes of a recurrent op (Y, Ho, Co for sequences; Ho, Co for cells).
std::vector<PartialShape> infer_recurrent(const Node& node, const RecurrentConfig& cfg, element::Type& type) {
    const RecurrentLayout& l = cfg.layout;
    const size_t n = node.get_input_size();
    if (n < cfg.min_inputs || n > cfg.max_inputs)
        OPENVINO_THROW(describe(node), ": expects ", cfg.min_inputs,
                       cfg.max_inputs == cfg.min_inputs ? "" : " to " + std::to_string(cfg.max_inputs), " inputs, got ",
                       n);
    if (cfg.hidden == 0)
        OPENVINO_THROW(describe(node), ": hidden_size must be positive");
    const int64_t hidden = static_cast<int64_t>(cfg.hidden);
    const int64_t gates = static_cast<int64_t>(gate_count(l.kind));
    const int64_t bias_gates = l.kind == CellKind::gru && cfg.linear_before_reset ? 4 : gates;
    const size_t lead = l.sequence ? 1 : 0;  // the num_directions axis of H, C, W, R, B, P

    type = element::dynamic;
    for (int i : {l.x, l.h, l.c, l.w, l.r, l.b, l.p}) {
        if (i == none || i >= static_cast<int>(n))
            continue;
        const auto& t = node.get_input_element_type(i);
        if (!t.is_dynamic() && !t.is_real())
            OPENVINO_THROW(describe(node), ": input ", input_name(l, i), " must have a real element type, got ", t);
        element::Type merged;
        if (!element::Type::merge(merged, type, t))
            OPENVINO_THROW(describe(node), ": input ", input_name(l, i), " has element type ", t, ", expected ",
                           type, " like the other inputs");
        type = merged;
    }
    if (l.lengths != none)
        devmux::ref::check_integral_input(node, l.lengths, "sequence_lengths");

    // Expected rank of each input: X and the states carry batch (and sequence / direction) axes.
    auto expected_rank = [&](int i) -> size_t {
        if (i == l.x || i == l.h || i == l.c)
            return l.sequence ? 3 : 2;
        if (i == l.lengths)
            return 1;
        if (i == l.w || i == l.r)
            return 2 + lead;
        return 1 + lead;  // B, P
    };
    std::vector<PartialShape> shapes(n);
    for (int i : {l.x, l.h, l.c, l.lengths, l.w, l.r, l.b, l.p}) {
        if (i == none || i >= static_cast<int>(n))
            continue;
        const auto& s = node.get_input_partial_shape(i);
        const size_t rank = expected_rank(i);
        if (s.rank_is_static() && s.size() != rank)
            OPENVINO_THROW(describe(node), ": input ", input_name(l, i), " must have rank ", rank, ", got shape ", s);
        shapes[i] = s.rank_is_static() ? s : PartialShape(std::vector<Dimension>(rank, Dimension::dynamic()));
    }
    auto has = [&](int i) { return i != none && i < static_cast<int>(n); };

    Dimension batch = Dimension::dynamic(), input_size = Dimension::dynamic(), seq = Dimension::dynamic();
    const Dimension dirs(static_cast<int64_t>(cfg.directions));
    merge_recurrent_dim(node, batch, shapes[l.x][0], "batch size", "X");
    merge_recurrent_dim(node, input_size, shapes[l.x][l.sequence ? 2 : 1], "input size", "X");
    if (l.sequence)
        seq = shapes[l.x][1];
    for (int i : {l.h, l.c}) {
        if (!has(i))
            continue;
        merge_recurrent_dim(node, batch, shapes[i][0], "batch size", input_name(l, i));
        if (l.sequence) {
            Dimension expected_dirs = dirs;
            merge_recurrent_dim(node, expected_dirs, shapes[i][1], "num_directions", input_name(l, i));
        }
        Dimension expected_hidden(hidden);
        merge_recurrent_dim(node, expected_hidden, shapes[i][lead + 1], "hidden size", input_name(l, i));
    }
    if (has(l.lengths))
        merge_recurrent_dim(node, batch, shapes[l.lengths][0], "batch size", "sequence_lengths");
    struct Rows {
        int input;
        int64_t rows;
    };
    for (const Rows& rows : {Rows{l.w, gates * hidden}, Rows{l.r, gates * hidden}, Rows{l.b, bias_gates * hidden},
                             Rows{l.p, 3 * hidden}}) {
        if (!has(rows.input))
            continue;
        const auto& s = shapes[rows.input];
        if (l.sequence) {
            Dimension expected_dirs = dirs;
            merge_recurrent_dim(node, expected_dirs, s[0], "num_directions", input_name(l, rows.input));
        }
        Dimension expected_rows(rows.rows);
        merge_recurrent_dim(node, expected_rows, s[lead], "gate size", input_name(l, rows.input));
    }
    merge_recurrent_dim(node, input_size, shapes[l.w][lead + 1], "input size", "W");
    Dimension expected_hidden(hidden);
    merge_recurrent_dim(node, expected_hidden, shapes[l.r][lead + 1], "hidden size", "R");

    std::vector<PartialShape> out;
    const size_t states = l.kind == CellKind::lstm ? 2 : 1;
    if (l.sequence) {
        out.push_back(PartialShape{batch, dirs, seq, Dimension(hidden)});
        for (size_t i = 0; i < states; ++i)
            out.push_back(PartialShape{batch, dirs, Dimension(hidden)});
    } else {
        for (size_t i = 0; i < states; ++i)
            out.push_back(PartialShape{batch, Dimension(hidden)});
    }
    return out;
}

void set_outputs(Node& node, const std::vector<PartialShape>& shapes, const element::Type& type) {
    node.set_output_size(shapes.size());
    for (size_t i = 0; i < shapes.size(); ++i)
        node.set_output_type(i, type, shapes[i]);
}

// The gate math of one op, independent of the element type.
struct RecurrentMath {
    CellKind kind;
    size_t hidden;
    double clip = 0;
    std::vector<Activation> activations;
    std::array<size_t, 4> lstm_block{0, 1, 2, 3};  // the weight block of the f, i, c, o gates
    bool input_forget = false;
    bool linear_before_reset = false;
    RecurrentSequenceDirection direction = RecurrentSequenceDirection::FORWARD;
};

std::array<size_t, 4> lstm_blocks(LSTMWeightsFormat format) {
    // The position of f, i, c and o among the four blocks.
    switch (format) {
    case LSTMWeightsFormat::FICO: return {0, 1, 2, 3};
    case LSTMWeightsFormat::ICOF: return {3, 0, 1, 2};
    case LSTMWeightsFormat::IFCO: return {1, 0, 2, 3};
    case LSTMWeightsFormat::IFOC: return {1, 0, 3, 2};
    case LSTMWeightsFormat::IOFC: return {2, 0, 3, 1};
    }
    return {0, 1, 2, 3};
}

RecurrentMath math_of(const util::RNNCellBase& node, CellKind kind) {
    RecurrentMath m;
    m.kind = kind;
    m.hidden = node.get_hidden_size();
    m.clip = node.get_clip();
    for (size_t i = 0; i < activation_count(kind); ++i)
        m.activations.push_back(activation_at(node, node.get_activations(), node.get_activations_alpha(),
                                              node.get_activations_beta(), i));
    return m;
}

std::vector<double> recurrent_input_as_doubles(const Node& node, const Tensor& t) {
    std::vector<double> out(t.get_size());
    const bool ok = devmux::ref::dispatch_real(t.get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::storage;
        const T* p = t.data<T>();
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = static_cast<double>(static_cast<typename decltype(tag)::compute>(p[i]));
    });
    if (!ok)
        OPENVINO_THROW(describe(node), ": unsupported element type ", t.get_element_type());
    return out;
}

void from_doubles(const std::vector<double>& values, Tensor& t) {
    devmux::ref::dispatch_real(t.get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        T* p = t.data<T>();
        for (size_t i = 0; i < values.size(); ++i)
            p[i] = static_cast<T>(static_cast<C>(values[i]));
    });
}

// One time step of one batch row in one direction: updates h (and c) in place.
class CellStep {
public:
    CellStep(const RecurrentMath& m, size_t input_size) : m_(m), input_(input_size), pre_(gate_count(m.kind) * m.hidden) {}

    void run(const double* x, std::vector<double>& h, std::vector<double>& c, const double* w, const double* r,
             const double* b, const double* p) {
        const size_t H = m_.hidden;
        const size_t rows = gate_count(m_.kind) * H;
        // x*W^T for every gate row, and h*R^T too except for GRU's candidate block, which needs r first.
        for (size_t row = 0; row < rows; ++row) {
            double s = 0;
            for (size_t k = 0; k < input_; ++k)
                s += x[k] * w[row * input_ + k];
            const bool candidate = m_.kind == CellKind::gru && row >= 2 * H;
            if (!candidate)
                for (size_t k = 0; k < H; ++k)
                    s += h[k] * r[row * H + k];
            pre_[row] = s;
        }
        switch (m_.kind) {
        case CellKind::lstm: lstm(h, c, b, p); break;
        case CellKind::gru: gru(h, b, r); break;
        case CellKind::rnn:
            for (size_t j = 0; j < H; ++j)
                h[j] = m_.activations[0](clip(pre_[j] + (b ? b[j] : 0.0)));
            break;
        }
    }

private:
    double clip(double v) const { return m_.clip > 0 ? std::max(-m_.clip, std::min(m_.clip, v)) : v; }

    void lstm(std::vector<double>& h, std::vector<double>& c, const double* b, const double* p) {
        const size_t H = m_.hidden;
        const auto& f_act = m_.activations[0];
        const auto& g_act = m_.activations[1];
        const auto& h_act = m_.activations[2];
        auto gate = [&](size_t which, size_t j) {  // which: 0 f, 1 i, 2 c, 3 o
            const size_t row = m_.lstm_block[which] * H + j;
            return pre_[row] + (b ? b[row] : 0.0);
        };
        for (size_t j = 0; j < H; ++j) {
            // Peepholes come in the order input, output, forget.
            const double pi = p ? p[j] : 0.0, po = p ? p[H + j] : 0.0, pf = p ? p[2 * H + j] : 0.0;
            const double i_gate = f_act(clip(gate(1, j) + pi * c[j]));
            const double f_gate = m_.input_forget ? 1.0 - i_gate : f_act(clip(gate(0, j) + pf * c[j]));
            const double candidate = g_act(clip(gate(2, j)));
            const double cell = f_gate * c[j] + i_gate * candidate;
            const double o_gate = f_act(clip(gate(3, j) + po * cell));
            c[j] = cell;
            h[j] = o_gate * h_act(cell);
        }
    }

    void gru(std::vector<double>& h, const double* b, const double* r) {
        const size_t H = m_.hidden;
        const auto& f_act = m_.activations[0];
        const auto& g_act = m_.activations[1];
        auto bias = [&](size_t i) { return b ? b[i] : 0.0; };
        std::vector<double> next(H);
        std::vector<double> reset_gate(H);
        for (size_t j = 0; j < H; ++j)
            reset_gate[j] = f_act(clip(pre_[H + j] + bias(H + j)));
        for (size_t j = 0; j < H; ++j) {
            const double z = f_act(clip(pre_[j] + bias(j)));
            const double* r_row = r + (2 * H + j) * H;
            double recurrent = 0;
            if (m_.linear_before_reset) {
                for (size_t k = 0; k < H; ++k)
                    recurrent += h[k] * r_row[k];
                recurrent = reset_gate[j] * (recurrent + bias(3 * H + j)) + bias(2 * H + j);
            } else {
                for (size_t k = 0; k < H; ++k)
                    recurrent += reset_gate[k] * h[k] * r_row[k];
                recurrent += bias(2 * H + j);
            }
            const double candidate = g_act(clip(pre_[2 * H + j] + recurrent));
            next[j] = (1.0 - z) * candidate + z * h[j];
        }
        h = next;
    }

    const RecurrentMath& m_;
    size_t input_;
    std::vector<double> pre_;
};

// Runs a recurrent op: inputs by layout, outputs Y/Ho/Co (sequences) or Ho/Co (cells).
bool run_recurrent(const Node& node, const RecurrentLayout& l, const RecurrentMath& m, TensorVector& outputs,
                   const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(node, inputs, node.get_input_size());
    const Tensor& x_tensor = inputs[l.x];
    const auto type = x_tensor.get_element_type();
    if (!devmux::ref::dispatch_real(type, [](auto) {}))
        return false;
    const Shape xs = x_tensor.get_shape();
    const size_t batch = xs[0];
    const size_t seq = l.sequence ? xs[1] : 1;
    const size_t input_size = xs.back();
    const size_t dirs = l.sequence ? direction_count(m.direction) : 1;
    const size_t H = m.hidden;
    const size_t gates = gate_count(m.kind);
    const size_t n = inputs.size();
    auto has = [&](int i) { return i != none && i < static_cast<int>(n); };

    // Runtime shapes may differ from the inferred ones when inputs were dynamic: check what indexing needs.
    auto expect_size = [&](int i, size_t count) {
        if (has(i) && inputs[i].get_size() != count)
            OPENVINO_THROW(describe(node), ": input ", input_name(l, i), " has shape ", inputs[i].get_shape(),
                           ", which does not fit batch ", batch, ", input size ", input_size, " and hidden size ", H);
    };
    const size_t bias_rows = m.kind == CellKind::gru && m.linear_before_reset ? 4 * H : gates * H;
    expect_size(l.h, batch * dirs * H);
    expect_size(l.c, batch * dirs * H);
    expect_size(l.lengths, batch);
    expect_size(l.w, dirs * gates * H * input_size);
    expect_size(l.r, dirs * gates * H * H);
    expect_size(l.b, dirs * bias_rows);
    expect_size(l.p, dirs * 3 * H);

    const auto x = recurrent_input_as_doubles(node, x_tensor);
    const auto h0 = recurrent_input_as_doubles(node, inputs[l.h]);
    const auto c0 = has(l.c) ? recurrent_input_as_doubles(node, inputs[l.c]) : std::vector<double>();
    const auto w = recurrent_input_as_doubles(node, inputs[l.w]);
    const auto r = recurrent_input_as_doubles(node, inputs[l.r]);
    const auto b = has(l.b) ? recurrent_input_as_doubles(node, inputs[l.b]) : std::vector<double>();
    const auto p = has(l.p) ? recurrent_input_as_doubles(node, inputs[l.p]) : std::vector<double>();
    std::vector<int64_t> lengths(batch, static_cast<int64_t>(seq));
    if (has(l.lengths)) {
        lengths = devmux::ref::tensor_to_i64(inputs[l.lengths]);
        for (size_t i = 0; i < batch; ++i)
            if (lengths[i] < 0 || lengths[i] > static_cast<int64_t>(seq))
                OPENVINO_THROW(describe(node), ": sequence_lengths[", i, "] = ", lengths[i], " is outside [0, ", seq,
                               "]");
    }

    std::vector<double> y(batch * dirs * seq * H, 0.0), ho(batch * dirs * H), co(batch * dirs * H);
    CellStep step(m, input_size);
    std::vector<double> h(H), c(H);
    for (size_t d = 0; d < dirs; ++d) {
        const bool reverse = m.direction == RecurrentSequenceDirection::REVERSE ||
                             (m.direction == RecurrentSequenceDirection::BIDIRECTIONAL && d == 1);
        const double* wd = w.data() + d * gates * H * input_size;
        const double* rd = r.data() + d * gates * H * H;
        const double* bd = b.empty() ? nullptr : b.data() + d * bias_rows;
        const double* pd = p.empty() ? nullptr : p.data() + d * 3 * H;
        for (size_t bi = 0; bi < batch; ++bi) {
            const size_t state = (bi * dirs + d) * H;  // [batch, dirs, hidden], also [batch, hidden] for cells
            std::copy(h0.begin() + state, h0.begin() + state + H, h.begin());
            if (!c0.empty())
                std::copy(c0.begin() + state, c0.begin() + state + H, c.begin());
            else
                std::fill(c.begin(), c.end(), 0.0);
            const size_t len = static_cast<size_t>(lengths[bi]);
            for (size_t k = 0; k < len; ++k) {
                const size_t t = reverse ? len - 1 - k : k;
                step.run(x.data() + (bi * seq + t) * input_size, h, c, wd, rd, bd, pd);
                std::copy(h.begin(), h.end(), y.begin() + ((bi * dirs + d) * seq + t) * H);
            }
            std::copy(h.begin(), h.end(), ho.begin() + state);
            std::copy(c.begin(), c.end(), co.begin() + state);
        }
    }

    size_t out = 0;
    if (l.sequence)
        from_doubles(y, devmux::ref::prepare_output(outputs, out++, type, Shape{batch, dirs, seq, H}));
    const Shape state_shape = l.sequence ? Shape{batch, dirs, H} : Shape{batch, H};
    from_doubles(ho, devmux::ref::prepare_output(outputs, out++, type, state_shape));
    if (m.kind == CellKind::lstm)
        from_doubles(co, devmux::ref::prepare_output(outputs, out++, type, state_shape));
    return true;
}

bool evaluates_recurrent(const Node& node) {
    const auto& type = node.get_input_element_type(0);
    return node.get_input_size() > 0 && type.is_real() && devmux::ref::dispatch_real(type, [](auto) {});
}

// A zero Constant standing in for a left-out bias or peephole input, of X's element type.
Output<Node> zeros(const Output<Node>& like, const Shape& shape) {
    auto type = like.get_element_type();
    if (type.is_dynamic() || !type.is_real())
        type = element::f32;
    return std::make_shared<v0::Constant>(type, shape, std::vector<float>(shape_size(shape), 0.f));
}

void check_clone_args(const Node& node, const OutputVector& args, size_t min_count, size_t max_count) {
    if (args.size() < min_count || args.size() > max_count)
        OPENVINO_THROW(describe(node), ": clone_with_new_inputs expects ", min_count,
                       min_count == max_count ? "" : " to " + std::to_string(max_count), " inputs, got ", args.size());
}

void visit_direction(AttributeVisitor& visitor, RecurrentSequenceDirection& direction) {
    visitor.on_attribute("direction", direction);
}
}  // namespace

std::ostream& operator<<(std::ostream& os, RecurrentSequenceDirection direction) {
    return write_enum_name(os, direction, direction_names);
}
std::istream& operator>>(std::istream& is, RecurrentSequenceDirection& direction) {
    return read_enum_name(is, direction, direction_names, "direction");
}

namespace util {

std::ostream& operator<<(std::ostream& os, LSTMWeightsFormat format) {
    return write_enum_name(os, format, weights_format_names);
}
std::istream& operator>>(std::istream& is, LSTMWeightsFormat& format) {
    return read_enum_name(is, format, weights_format_names, "weights format");
}

RNNCellBase::RNNCellBase(const OutputVector& args, std::size_t hidden_size, float clip,
                         const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                         const std::vector<float>& activations_beta)
    : Op(args),
      m_hidden_size(hidden_size),
      m_clip(clip),
      m_activations(activations),
      m_activations_alpha(activations_alpha),
      m_activations_beta(activations_beta) {}

bool RNNCellBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("hidden_size", m_hidden_size);
    // The IR writes a list of names as comma separated text, like a list of numbers.
    std::string names = join_names(m_activations);
    visitor.on_attribute("activations", names);
    m_activations = split_names(names);
    visitor.on_attribute("activations_alpha", m_activations_alpha);
    visitor.on_attribute("activations_beta", m_activations_beta);
    visitor.on_attribute("clip", m_clip);
    return true;
}

void RNNCellBase::validate_attributes(std::size_t activation_count) const {
    if (m_activations.size() < activation_count)
        OPENVINO_THROW(describe(*this), ": attribute activations needs ", activation_count, " names, got ",
                       m_activations.size(), " ('", join_names(m_activations), "')");
    for (size_t i = 0; i < m_activations.size(); ++i)
        activation_at(*this, m_activations, m_activations_alpha, m_activations_beta, i);
    if (!(m_clip >= 0.f) || std::isinf(m_clip))
        OPENVINO_THROW(describe(*this), ": attribute clip must be a finite non-negative number, got ", m_clip);
}

}  // namespace util

// ---------------------------------------------------------------------------------------------------- cells
namespace v4 {

LSTMCell::LSTMCell() { m_activations = {"sigmoid", "tanh", "tanh"}; }

LSTMCell::LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                   const Output<Node>& initial_cell_state, const Output<Node>& W, const Output<Node>& R,
                   std::size_t hidden_size, const std::vector<std::string>& activations,
                   const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip)
    : LSTMCell(X, initial_hidden_state, initial_cell_state, W, R, zeros(X, Shape{4 * hidden_size}), hidden_size,
               activations, activations_alpha, activations_beta, clip) {}

LSTMCell::LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                   const Output<Node>& initial_cell_state, const Output<Node>& W, const Output<Node>& R,
                   const Output<Node>& B, std::size_t hidden_size, const std::vector<std::string>& activations,
                   const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip)
    : RNNCellBase({X, initial_hidden_state, initial_cell_state, W, R, B}, hidden_size, clip, activations,
                  activations_alpha, activations_beta) {
    constructor_validate_and_infer_types();
}

void LSTMCell::validate_and_infer_types() {
    validate_attributes(3);
    element::Type type;
    const auto shapes = infer_recurrent(*this, {lstm_cell_layout, m_hidden_size, 1, false, 6, 6}, type);
    set_outputs(*this, shapes, type);
}

bool LSTMCell::visit_attributes(AttributeVisitor& visitor) { return RNNCellBase::visit_attributes(visitor); }

std::shared_ptr<Node> LSTMCell::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 6, 6);
    return std::make_shared<LSTMCell>(a[0], a[1], a[2], a[3], a[4], a[5], m_hidden_size, m_activations,
                                      m_activations_alpha, m_activations_beta, m_clip);
}

bool LSTMCell::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return run_recurrent(*this, lstm_cell_layout, math_of(*this, CellKind::lstm), outputs, inputs);
}

bool LSTMCell::has_evaluate() const { return evaluates_recurrent(*this); }

}  // namespace v4

namespace v0 {

LSTMCell::LSTMCell() { m_activations = {"sigmoid", "tanh", "tanh"}; }

LSTMCell::LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                   const Output<Node>& initial_cell_state, const Output<Node>& W, const Output<Node>& R,
                   std::size_t hidden_size, LSTMWeightsFormat weights_format,
                   const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                   const std::vector<float>& activations_beta, float clip, bool input_forget)
    : LSTMCell(X, initial_hidden_state, initial_cell_state, W, R, zeros(X, Shape{4 * hidden_size}),
               zeros(X, Shape{3 * hidden_size}), hidden_size, weights_format, activations, activations_alpha,
               activations_beta, clip, input_forget) {}

LSTMCell::LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                   const Output<Node>& initial_cell_state, const Output<Node>& W, const Output<Node>& R,
                   const Output<Node>& B, std::size_t hidden_size, LSTMWeightsFormat weights_format,
                   const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                   const std::vector<float>& activations_beta, float clip, bool input_forget)
    : LSTMCell(X, initial_hidden_state, initial_cell_state, W, R, B, zeros(X, Shape{3 * hidden_size}), hidden_size,
               weights_format, activations, activations_alpha, activations_beta, clip, input_forget) {}

LSTMCell::LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                   const Output<Node>& initial_cell_state, const Output<Node>& W, const Output<Node>& R,
                   const Output<Node>& B, const Output<Node>& P, std::size_t hidden_size,
                   LSTMWeightsFormat weights_format, const std::vector<std::string>& activations,
                   const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip,
                   bool input_forget)
    : RNNCellBase({X, initial_hidden_state, initial_cell_state, W, R, B, P}, hidden_size, clip, activations,
                  activations_alpha, activations_beta),
      m_input_forget(input_forget),
      m_weights_format(weights_format) {
    constructor_validate_and_infer_types();
}

void LSTMCell::validate_and_infer_types() {
    validate_attributes(3);
    element::Type type;
    // IR files may leave out B and P (zeros then), as opset1 allowed.
    const auto shapes = infer_recurrent(*this, {lstm_cell_layout, m_hidden_size, 1, false, 5, 7}, type);
    set_outputs(*this, shapes, type);
}

bool LSTMCell::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visitor.on_attribute("input_forget", m_input_forget);
    visitor.on_attribute("weights_format", m_weights_format);
    return true;
}

std::shared_ptr<Node> LSTMCell::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 5, 7);
    if (a.size() == 5)
        return std::make_shared<LSTMCell>(a[0], a[1], a[2], a[3], a[4], m_hidden_size, m_weights_format,
                                          m_activations, m_activations_alpha, m_activations_beta, m_clip,
                                          m_input_forget);
    if (a.size() == 6)
        return std::make_shared<LSTMCell>(a[0], a[1], a[2], a[3], a[4], a[5], m_hidden_size, m_weights_format,
                                          m_activations, m_activations_alpha, m_activations_beta, m_clip,
                                          m_input_forget);
    return std::make_shared<LSTMCell>(a[0], a[1], a[2], a[3], a[4], a[5], a[6], m_hidden_size, m_weights_format,
                                      m_activations, m_activations_alpha, m_activations_beta, m_clip, m_input_forget);
}

bool LSTMCell::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::lstm);
    m.lstm_block = lstm_blocks(m_weights_format);
    m.input_forget = m_input_forget;
    return run_recurrent(*this, lstm_cell_layout, m, outputs, inputs);
}

bool LSTMCell::has_evaluate() const { return evaluates_recurrent(*this); }

RNNCell::RNNCell() { m_activations = {"tanh"}; }

RNNCell::RNNCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
                 const Output<Node>& R, std::size_t hidden_size, const std::vector<std::string>& activations,
                 const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip)
    : RNNCell(X, initial_hidden_state, W, R, zeros(X, Shape{hidden_size}), hidden_size, activations,
              activations_alpha, activations_beta, clip) {}

RNNCell::RNNCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
                 const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
                 const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                 const std::vector<float>& activations_beta, float clip)
    : RNNCellBase({X, initial_hidden_state, W, R, B}, hidden_size, clip, activations, activations_alpha,
                  activations_beta) {
    constructor_validate_and_infer_types();
}

void RNNCell::validate_and_infer_types() {
    validate_attributes(1);
    element::Type type;
    const auto shapes = infer_recurrent(*this, {rnn_cell_layout, m_hidden_size, 1, false, 4, 5}, type);
    set_outputs(*this, shapes, type);
}

bool RNNCell::visit_attributes(AttributeVisitor& visitor) { return RNNCellBase::visit_attributes(visitor); }

std::shared_ptr<Node> RNNCell::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 4, 5);
    if (a.size() == 4)
        return std::make_shared<RNNCell>(a[0], a[1], a[2], a[3], m_hidden_size, m_activations, m_activations_alpha,
                                         m_activations_beta, m_clip);
    return std::make_shared<RNNCell>(a[0], a[1], a[2], a[3], a[4], m_hidden_size, m_activations, m_activations_alpha,
                                     m_activations_beta, m_clip);
}

bool RNNCell::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return run_recurrent(*this, rnn_cell_layout, math_of(*this, CellKind::rnn), outputs, inputs);
}

bool RNNCell::has_evaluate() const { return evaluates_recurrent(*this); }

}  // namespace v0

namespace v3 {

GRUCell::GRUCell() { m_activations = {"sigmoid", "tanh"}; }

GRUCell::GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
                 const Output<Node>& R, std::size_t hidden_size)
    : GRUCell(X, initial_hidden_state, W, R, hidden_size, {"sigmoid", "tanh"}, {}, {}, 0.f, false) {}

GRUCell::GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
                 const Output<Node>& R, std::size_t hidden_size, const std::vector<std::string>& activations,
                 const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip,
                 bool linear_before_reset)
    : GRUCell(X, initial_hidden_state, W, R, zeros(X, Shape{(linear_before_reset ? 4 : 3) * hidden_size}),
              hidden_size, activations, activations_alpha, activations_beta, clip, linear_before_reset) {}

GRUCell::GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
                 const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
                 const std::vector<std::string>& activations, const std::vector<float>& activations_alpha,
                 const std::vector<float>& activations_beta, float clip, bool linear_before_reset)
    : RNNCellBase({X, initial_hidden_state, W, R, B}, hidden_size, clip, activations, activations_alpha,
                  activations_beta),
      m_linear_before_reset(linear_before_reset) {
    constructor_validate_and_infer_types();
}

void GRUCell::validate_and_infer_types() {
    validate_attributes(2);
    element::Type type;
    const auto shapes =
        infer_recurrent(*this, {gru_cell_layout, m_hidden_size, 1, m_linear_before_reset, 4, 5}, type);
    set_outputs(*this, shapes, type);
}

bool GRUCell::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visitor.on_attribute("linear_before_reset", m_linear_before_reset);
    return true;
}

std::shared_ptr<Node> GRUCell::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 4, 5);
    if (a.size() == 4)
        return std::make_shared<GRUCell>(a[0], a[1], a[2], a[3], m_hidden_size, m_activations, m_activations_alpha,
                                         m_activations_beta, m_clip, m_linear_before_reset);
    return std::make_shared<GRUCell>(a[0], a[1], a[2], a[3], a[4], m_hidden_size, m_activations, m_activations_alpha,
                                     m_activations_beta, m_clip, m_linear_before_reset);
}

bool GRUCell::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::gru);
    m.linear_before_reset = m_linear_before_reset;
    return run_recurrent(*this, gru_cell_layout, m, outputs, inputs);
}

bool GRUCell::has_evaluate() const { return evaluates_recurrent(*this); }

}  // namespace v3

// ------------------------------------------------------------------------------------------------ sequences
namespace v5 {

LSTMSequence::LSTMSequence() { m_activations = {"sigmoid", "tanh", "tanh"}; }

LSTMSequence::LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                           const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths,
                           const Output<Node>& W, const Output<Node>& R, const Output<Node>& B,
                           const std::int64_t hidden_size, const direction lstm_direction,
                           const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta,
                           const std::vector<std::string>& activations, const float clip)
    : RNNCellBase({X, initial_hidden_state, initial_cell_state, sequence_lengths, W, R, B},
                  static_cast<size_t>(std::max<std::int64_t>(hidden_size, 0)), clip, activations, activations_alpha,
                  activations_beta),
      m_direction(lstm_direction) {
    constructor_validate_and_infer_types();
}

void LSTMSequence::validate_and_infer_types() {
    validate_attributes(3);
    element::Type type;
    const auto shapes = infer_recurrent(
        *this, {lstm_sequence_layout, m_hidden_size, direction_count(m_direction), false, 7, 7}, type);
    set_outputs(*this, shapes, type);
}

bool LSTMSequence::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visit_direction(visitor, m_direction);
    return true;
}

std::shared_ptr<Node> LSTMSequence::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 7, 7);
    return std::make_shared<LSTMSequence>(a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                                          static_cast<std::int64_t>(m_hidden_size), m_direction, m_activations_alpha,
                                          m_activations_beta, m_activations, m_clip);
}

bool LSTMSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::lstm);
    m.direction = m_direction;
    return run_recurrent(*this, lstm_sequence_layout, m, outputs, inputs);
}

bool LSTMSequence::has_evaluate() const { return evaluates_recurrent(*this); }

GRUSequence::GRUSequence() { m_activations = {"sigmoid", "tanh"}; }

GRUSequence::GRUSequence(const Output<Node>& X, const Output<Node>& H_t, const Output<Node>& sequence_lengths,
                         const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, size_t hidden_size,
                         op::RecurrentSequenceDirection direction, const std::vector<std::string>& activations,
                         const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta,
                         float clip, bool linear_before_reset)
    : RNNCellBase({X, H_t, sequence_lengths, W, R, B}, hidden_size, clip, activations, activations_alpha,
                  activations_beta),
      m_direction(direction),
      m_linear_before_reset(linear_before_reset) {
    constructor_validate_and_infer_types();
}

void GRUSequence::validate_and_infer_types() {
    validate_attributes(2);
    element::Type type;
    const auto shapes = infer_recurrent(
        *this, {gru_sequence_layout, m_hidden_size, direction_count(m_direction), m_linear_before_reset, 6, 6},
        type);
    set_outputs(*this, shapes, type);
}

bool GRUSequence::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visit_direction(visitor, m_direction);
    visitor.on_attribute("linear_before_reset", m_linear_before_reset);
    return true;
}

std::shared_ptr<Node> GRUSequence::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 6, 6);
    return std::make_shared<GRUSequence>(a[0], a[1], a[2], a[3], a[4], a[5], m_hidden_size, m_direction,
                                         m_activations, m_activations_alpha, m_activations_beta, m_clip,
                                         m_linear_before_reset);
}

bool GRUSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::gru);
    m.direction = m_direction;
    m.linear_before_reset = m_linear_before_reset;
    return run_recurrent(*this, gru_sequence_layout, m, outputs, inputs);
}

bool GRUSequence::has_evaluate() const { return evaluates_recurrent(*this); }

RNNSequence::RNNSequence() { m_activations = {"tanh"}; }

RNNSequence::RNNSequence(const Output<Node>& X, const Output<Node>& H_t, const Output<Node>& sequence_lengths,
                         const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, size_t hidden_size,
                         op::RecurrentSequenceDirection direction, const std::vector<std::string>& activations,
                         const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta,
                         float clip)
    : RNNCellBase({X, H_t, sequence_lengths, W, R, B}, hidden_size, clip, activations, activations_alpha,
                  activations_beta),
      m_direction(direction) {
    constructor_validate_and_infer_types();
}

void RNNSequence::validate_and_infer_types() {
    validate_attributes(1);
    element::Type type;
    const auto shapes = infer_recurrent(
        *this, {rnn_sequence_layout, m_hidden_size, direction_count(m_direction), false, 6, 6}, type);
    set_outputs(*this, shapes, type);
}

bool RNNSequence::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visit_direction(visitor, m_direction);
    return true;
}

std::shared_ptr<Node> RNNSequence::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 6, 6);
    return std::make_shared<RNNSequence>(a[0], a[1], a[2], a[3], a[4], a[5], m_hidden_size, m_direction,
                                         m_activations, m_activations_alpha, m_activations_beta, m_clip);
}

bool RNNSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::rnn);
    m.direction = m_direction;
    return run_recurrent(*this, rnn_sequence_layout, m, outputs, inputs);
}

bool RNNSequence::has_evaluate() const { return evaluates_recurrent(*this); }

}  // namespace v5

namespace v0 {

LSTMSequence::LSTMSequence() { m_activations = {"sigmoid", "tanh", "tanh"}; }

LSTMSequence::LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                           const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths,
                           const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, const Output<Node>& P,
                           const std::int64_t hidden_size, const direction lstm_direction,
                           LSTMWeightsFormat weights_format, const std::vector<float> activations_alpha,
                           const std::vector<float> activations_beta, const std::vector<std::string> activations,
                           const float clip_threshold, const bool input_forget)
    : RNNCellBase({X, initial_hidden_state, initial_cell_state, sequence_lengths, W, R, B, P},
                  static_cast<size_t>(std::max<std::int64_t>(hidden_size, 0)), clip_threshold, activations,
                  activations_alpha, activations_beta),
      m_direction(lstm_direction),
      m_input_forget(input_forget),
      m_weights_format(weights_format) {
    constructor_validate_and_infer_types();
}

LSTMSequence::LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                           const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths,
                           const Output<Node>& W, const Output<Node>& R, const Output<Node>& B,
                           const std::int64_t hidden_size, const direction lstm_direction,
                           LSTMWeightsFormat weights_format, const std::vector<float>& activations_alpha,
                           const std::vector<float>& activations_beta, const std::vector<std::string>& activations,
                           const float clip_threshold, const bool input_forget)
    : LSTMSequence(X, initial_hidden_state, initial_cell_state, sequence_lengths, W, R, B,
                   zeros(X, Shape{direction_count(lstm_direction),
                                  3 * static_cast<size_t>(std::max<std::int64_t>(hidden_size, 0))}),
                   hidden_size, lstm_direction, weights_format, activations_alpha, activations_beta, activations,
                   clip_threshold, input_forget) {}

void LSTMSequence::validate_and_infer_types() {
    validate_attributes(3);
    element::Type type;
    const auto shapes = infer_recurrent(
        *this, {lstm_sequence_layout, m_hidden_size, direction_count(m_direction), false, 7, 8}, type);
    set_outputs(*this, shapes, type);
}

bool LSTMSequence::visit_attributes(AttributeVisitor& visitor) {
    RNNCellBase::visit_attributes(visitor);
    visit_direction(visitor, m_direction);
    visitor.on_attribute("input_forget", m_input_forget);
    visitor.on_attribute("weights_format", m_weights_format);
    return true;
}

std::shared_ptr<Node> LSTMSequence::clone_with_new_inputs(const OutputVector& a) const {
    check_clone_args(*this, a, 7, 8);
    const auto hidden = static_cast<std::int64_t>(m_hidden_size);
    if (a.size() == 7)
        return std::make_shared<LSTMSequence>(a[0], a[1], a[2], a[3], a[4], a[5], a[6], hidden, m_direction,
                                              m_weights_format, m_activations_alpha, m_activations_beta,
                                              m_activations, m_clip, m_input_forget);
    return std::make_shared<LSTMSequence>(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], hidden, m_direction,
                                          m_weights_format, m_activations_alpha, m_activations_beta, m_activations,
                                          m_clip, m_input_forget);
}

bool LSTMSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    auto m = math_of(*this, CellKind::lstm);
    m.direction = m_direction;
    m.lstm_block = lstm_blocks(m_weights_format);
    m.input_forget = m_input_forget;
    return run_recurrent(*this, lstm_sequence_layout, m, outputs, inputs);
}

bool LSTMSequence::has_evaluate() const { return evaluates_recurrent(*this); }

}  // namespace v0
}  // namespace op
}  // namespace ov
