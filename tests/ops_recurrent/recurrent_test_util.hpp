// SPDX-License-Identifier: Apache-2.0
// Helpers for the recurrent and attention op tests: the gate equations of the LSTM, GRU and RNN cells written
// out in double precision, independently of the runtime's kernel, and a sequence driver that steps them.
//
// Gate orders follow the OpenVINO operation specifications: LSTMCell-4 / LSTMSequence-5 keep the blocks of W,
// R and B in the order f, i, c, o ("fico"); GRUCell-3 / GRUSequence-5 in the order z, r, h, with B holding
// [Bz, Br, WBh, RBh] when linear_before_reset is set; LSTMCell-1 peepholes P are [Pi, Po, Pf].
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "ops_norm/norm_test_util.hpp"

namespace rectest {

using namespace normtest;

using Fn = std::function<double(double)>;

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
inline double relu(double x) { return x > 0 ? x : 0.0; }
inline Fn by_name(const std::string& name) {
    if (name == "sigmoid")
        return sigmoid;
    if (name == "relu")
        return relu;
    return [](double x) { return std::tanh(x); };
}

inline double clip_to(double v, double clip) { return clip > 0 ? std::max(-clip, std::min(clip, v)) : v; }

// Row `row` of a [rows, cols] matrix times vector v.
inline double dot_row(const std::vector<double>& m, size_t row, size_t cols, const double* v) {
    double s = 0;
    for (size_t k = 0; k < cols; ++k)
        s += m[row * cols + k] * v[k];
    return s;
}

struct LstmOptions {
    Fn f = sigmoid, g = [](double x) { return std::tanh(x); }, h = [](double x) { return std::tanh(x); };
    double clip = 0;
    bool input_forget = false;
    const std::vector<double>* peepholes = nullptr;  // [Pi, Po, Pf], each hidden long
};

// One LSTM step of one batch row, weights in f, i, c, o order. Updates h and c.
inline void lstm_step(const double* x, size_t input, std::vector<double>& h, std::vector<double>& c,
                      const std::vector<double>& W, const std::vector<double>& R, const std::vector<double>& B,
                      const LstmOptions& o) {
    const size_t H = h.size();
    std::vector<double> nh(H), nc(H);
    for (size_t j = 0; j < H; ++j) {
        auto pre = [&](size_t gate) {
            const size_t row = gate * H + j;
            return dot_row(W, row, input, x) + dot_row(R, row, H, h.data()) + B[row];
        };
        const double pi = o.peepholes ? (*o.peepholes)[j] : 0, po = o.peepholes ? (*o.peepholes)[H + j] : 0,
                     pf = o.peepholes ? (*o.peepholes)[2 * H + j] : 0;
        const double i = o.f(clip_to(pre(1) + pi * c[j], o.clip));
        const double f = o.input_forget ? 1 - i : o.f(clip_to(pre(0) + pf * c[j], o.clip));
        const double cand = o.g(clip_to(pre(2), o.clip));
        nc[j] = f * c[j] + i * cand;
        const double out = o.f(clip_to(pre(3) + po * nc[j], o.clip));
        nh[j] = out * o.h(nc[j]);
    }
    h = nh;
    c = nc;
}

struct GruOptions {
    Fn f = sigmoid, g = [](double x) { return std::tanh(x); };
    double clip = 0;
    bool linear_before_reset = false;
};

// One GRU step of one batch row (z, r, h order). Updates h.
inline void gru_step(const double* x, size_t input, std::vector<double>& h, const std::vector<double>& W,
                     const std::vector<double>& R, const std::vector<double>& B, const GruOptions& o) {
    const size_t H = h.size();
    std::vector<double> r(H), nh(H);
    for (size_t j = 0; j < H; ++j)
        r[j] = o.f(clip_to(dot_row(W, H + j, input, x) + dot_row(R, H + j, H, h.data()) + B[H + j], o.clip));
    std::vector<double> rh(H);
    for (size_t k = 0; k < H; ++k)
        rh[k] = r[k] * h[k];
    for (size_t j = 0; j < H; ++j) {
        const double z = o.f(clip_to(dot_row(W, j, input, x) + dot_row(R, j, H, h.data()) + B[j], o.clip));
        double pre;
        if (o.linear_before_reset)
            pre = dot_row(W, 2 * H + j, input, x) + B[2 * H + j] +
                  r[j] * (dot_row(R, 2 * H + j, H, h.data()) + B[3 * H + j]);
        else
            pre = dot_row(W, 2 * H + j, input, x) + dot_row(R, 2 * H + j, H, rh.data()) + B[2 * H + j];
        const double cand = o.g(clip_to(pre, o.clip));
        nh[j] = (1 - z) * cand + z * h[j];
    }
    h = nh;
}

// One plain RNN step of one batch row. Updates h.
inline void rnn_step(const double* x, size_t input, std::vector<double>& h, const std::vector<double>& W,
                     const std::vector<double>& R, const std::vector<double>& B, const Fn& f, double clip) {
    const size_t H = h.size();
    std::vector<double> nh(H);
    for (size_t j = 0; j < H; ++j)
        nh[j] = f(clip_to(dot_row(W, j, input, x) + dot_row(R, j, H, h.data()) + B[j], clip));
    h = nh;
}

// A step of one direction: (x row, h, c) -> updated h, c; the weights of direction d are bound by the caller.
using Step = std::function<void(size_t d, const double* x, std::vector<double>& h, std::vector<double>& c)>;

struct SequenceResult {
    std::vector<double> y, ho, co;
};

// Steps a cell over X [batch, seq, input] for each direction (0: forward or reverse as `reverse_first`, 1:
// reverse), each batch row up to its length; Y is zero past the length, Ho/Co the states at the length.
inline SequenceResult run_sequence(const std::vector<double>& x, size_t batch, size_t seq, size_t input, size_t hidden,
                                   size_t dirs, bool reverse_first, const std::vector<double>& h0,
                                   const std::vector<double>& c0, const std::vector<int64_t>& lengths,
                                   const Step& step) {
    SequenceResult r;
    r.y.assign(batch * dirs * seq * hidden, 0.0);
    r.ho.assign(batch * dirs * hidden, 0.0);
    r.co.assign(batch * dirs * hidden, 0.0);
    for (size_t d = 0; d < dirs; ++d) {
        const bool reverse = d == 1 || reverse_first;
        for (size_t b = 0; b < batch; ++b) {
            const size_t s0 = (b * dirs + d) * hidden;
            std::vector<double> h(h0.begin() + s0, h0.begin() + s0 + hidden);
            std::vector<double> c = c0.empty() ? std::vector<double>(hidden, 0.0)
                                               : std::vector<double>(c0.begin() + s0, c0.begin() + s0 + hidden);
            const size_t len = static_cast<size_t>(lengths[b]);
            for (size_t k = 0; k < len; ++k) {
                const size_t t = reverse ? len - 1 - k : k;
                step(d, x.data() + (b * seq + t) * input, h, c);
                for (size_t j = 0; j < hidden; ++j)
                    r.y[((b * dirs + d) * seq + t) * hidden + j] = h[j];
            }
            for (size_t j = 0; j < hidden; ++j) {
                r.ho[s0 + j] = h[j];
                r.co[s0 + j] = c[j];
            }
        }
    }
    return r;
}

// The slice [index * size, (index + 1) * size) of v (one direction's weights).
inline std::vector<double> part(const std::vector<double>& v, size_t index, size_t size) {
    return std::vector<double>(v.begin() + index * size, v.begin() + (index + 1) * size);
}

inline std::shared_ptr<ov::op::v0::Constant> constant(ov::element::Type type, const ov::Shape& shape,
                                                      const std::vector<double>& values) {
    return std::make_shared<ov::op::v0::Constant>(make_tensor(type, shape, values));
}

}  // namespace rectest
