// SPDX-License-Identifier: Apache-2.0
// f32 LSTMSequence-5 and LSTMCell-4 with the default activations (sigmoid, tanh, tanh), any direction. Each
// step's four gates are one matrix-vector product over [x_t, h] against [W | R] transposed, so the inner
// loop runs along the 4*hidden gate values (contiguous, vectorised) instead of along each gate's row.
// The transposed filters are packed once, at compile time, where W, R and B are Constants (as in every
// converted model seen so far: Silero VAD's decoder); otherwise at each run into scratch.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/lstm_cell.hpp"
#include "openvino/op/lstm_sequence.hpp"

namespace devmux {
namespace cpu {
namespace {

using Direction = ov::op::RecurrentSequenceDirection;

struct LstmSpec {
    bool sequence = false;  // LSTMSequence (X [batch, seq, input]) or LSTMCell (X [batch, input])
    size_t batch = 0, seq = 1, input = 0, hidden = 0, dirs = 1;
    Direction direction = Direction::FORWARD;
    float clip = 0.f;  // 0: none
    // Input indices of X, H0, C0, sequence_lengths (-1: none), W, R, B.
    int x = 0, h = 1, c = 2, lengths = -1, w = 3, r = 4, b = 5;
    bool constant_weights = false;

    size_t gates() const { return 4 * hidden; }
    size_t depth() const { return input + hidden; }  // rows of [W | R] transposed
    size_t packed_floats() const { return dirs * (depth() * gates() + gates()); }
};

std::optional<LstmSpec> lstm_spec(const ov::Node& node, std::string* why) {
    const auto* cell_base = ov::as_type<const ov::op::util::RNNCellBase>(&node);
    const bool sequence = ov::is_type<ov::op::v5::LSTMSequence>(&node);
    if (!cell_base || (!sequence && !ov::is_type<ov::op::v4::LSTMCell>(&node)))
        return refuse(why, "is not an LSTMSequence-5 or LSTMCell-4");
    for (size_t i = 0; i < node.get_input_size(); ++i) {
        if (node.get_input_partial_shape(i).is_dynamic())
            return refuse(why, "has a dynamic shape");
        const bool lengths_input = sequence && i == 3;
        if (!lengths_input && node.get_input_element_type(i) != ov::element::f32)
            return refuse(why, "has inputs other than f32");
        if (lengths_input && !node.get_input_element_type(i).is_integral_number())
            return refuse(why, "has sequence_lengths that are not integers");
    }
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_partial_shape(i).is_dynamic() || node.get_output_element_type(i) != ov::element::f32)
            return refuse(why, "has outputs other than static f32");
    const auto& activations = cell_base->get_activations();
    if (activations != std::vector<std::string>{"sigmoid", "tanh", "tanh"} ||
        !cell_base->get_activations_alpha().empty() || !cell_base->get_activations_beta().empty())
        return refuse(why, "has activations other than the default sigmoid, tanh, tanh");
    if (cell_base->get_clip() < 0.f)
        return refuse(why, "has a negative clip");
    LstmSpec spec;
    spec.sequence = sequence;
    spec.hidden = cell_base->get_hidden_size();
    spec.clip = cell_base->get_clip();
    const ov::Shape x = node.get_input_shape(0);
    if (sequence) {
        if (node.get_input_size() != 7 || x.size() != 3)
            return refuse(why, "does not have the 7 inputs and the 3-D X of LSTMSequence-5");
        spec.direction = ov::as_type<const ov::op::v5::LSTMSequence>(&node)->get_direction();
        spec.dirs = spec.direction == Direction::BIDIRECTIONAL ? 2 : 1;
        spec.batch = x[0];
        spec.seq = x[1];
        spec.input = x[2];
        spec.lengths = 3;
        spec.w = 4;
        spec.r = 5;
        spec.b = 6;
    } else {
        if (node.get_input_size() != 6 || x.size() != 2)
            return refuse(why, "does not have the 6 inputs and the 2-D X of LSTMCell-4");
        spec.batch = x[0];
        spec.input = x[1];
    }
    const size_t states = spec.batch * spec.dirs * spec.hidden;
    if (spec.hidden == 0 || ov::shape_size(node.get_input_shape(spec.h)) != states ||
        ov::shape_size(node.get_input_shape(spec.c)) != states ||
        ov::shape_size(node.get_input_shape(spec.w)) != spec.dirs * spec.gates() * spec.input ||
        ov::shape_size(node.get_input_shape(spec.r)) != spec.dirs * spec.gates() * spec.hidden ||
        ov::shape_size(node.get_input_shape(spec.b)) != spec.dirs * spec.gates() ||
        (sequence && ov::shape_size(node.get_input_shape(spec.lengths)) != spec.batch))
        return refuse(why, "has inputs whose shapes do not fit its batch, directions, input and hidden sizes");
    spec.constant_weights = true;
    for (const int i : {spec.w, spec.r, spec.b})
        spec.constant_weights &= ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(static_cast<size_t>(i)));
    return spec;
}

// Per direction: [W | R] transposed, [input + hidden, 4*hidden] row-major, then the bias [4*hidden].
void pack(const LstmSpec& spec, const float* w, const float* r, const float* b, float* packed) {
    const size_t G = spec.gates(), I = spec.input, H = spec.hidden;
    for (size_t d = 0; d < spec.dirs; ++d) {
        float* out = packed + d * (spec.depth() * G + G);
        const float* wd = w + d * G * I;
        const float* rd = r + d * G * H;
        for (size_t g = 0; g < G; ++g) {
            for (size_t k = 0; k < I; ++k)
                out[k * G + g] = wd[g * I + k];
            for (size_t k = 0; k < H; ++k)
                out[(I + k) * G + g] = rd[g * H + k];
        }
        std::memcpy(out + spec.depth() * G, b + d * G, G * sizeof(float));
    }
}

typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));

// acc[0..n) += sum_k a[k] * rows[k * n ..], four rows of the packed filters per pass over acc.
template <typename V>
inline __attribute__((always_inline)) void accumulate(size_t depth, const float* a, const float* rows, size_t n,
                                                      float* acc) {
    constexpr size_t L = sizeof(V) / sizeof(float);
    size_t k = 0;
    for (; k + 4 <= depth; k += 4) {
        const float a0 = a[k], a1 = a[k + 1], a2 = a[k + 2], a3 = a[k + 3];
        const float *r0 = rows + k * n, *r1 = r0 + n, *r2 = r1 + n, *r3 = r2 + n;
        size_t j = 0;
        for (; j + L <= n; j += L) {
            V s, x0, x1, x2, x3;
            std::memcpy(&s, acc + j, sizeof(V));
            std::memcpy(&x0, r0 + j, sizeof(V));
            std::memcpy(&x1, r1 + j, sizeof(V));
            std::memcpy(&x2, r2 + j, sizeof(V));
            std::memcpy(&x3, r3 + j, sizeof(V));
            s += a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3;
            std::memcpy(acc + j, &s, sizeof(V));
        }
        for (; j < n; ++j)
            acc[j] += a0 * r0[j] + a1 * r1[j] + a2 * r2[j] + a3 * r3[j];
    }
    for (; k < depth; ++k) {
        const float* row = rows + k * n;
        for (size_t j = 0; j < n; ++j)
            acc[j] += a[k] * row[j];
    }
}

void accumulate_baseline(size_t depth, const float* a, const float* rows, size_t n, float* acc) {
    accumulate<v4f>(depth, a, rows, n, acc);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,fma"))) void accumulate_avx2(size_t depth, const float* a, const float* rows, size_t n,
                                                         float* acc) {
    accumulate<v8f>(depth, a, rows, n, acc);
}
using AccumulateFn = void (*)(size_t, const float*, const float*, size_t, float*);
AccumulateFn select_accumulate() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? accumulate_avx2 : accumulate_baseline;
}
#else
using AccumulateFn = void (*)(size_t, const float*, const float*, size_t, float*);
AccumulateFn select_accumulate() { return accumulate_baseline; }
#endif
const AccumulateFn accumulate_gates = select_accumulate();

inline float sigmoid(float v) { return 1.f / (1.f + std::exp(-v)); }

class LstmKernel final : public Kernel, public HoldsWeights {
public:
    LstmKernel(const LstmSpec& spec, const ov::Node& node) : m_spec(spec) {
        if (spec.constant_weights) {
            const auto data = [&](int i) {
                return ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(static_cast<size_t>(i)))
                    ->get_data_ptr<float>();
            };
            m_packed.resize(spec.packed_floats());
            pack(spec, data(spec.w), data(spec.r), data(spec.b), m_packed.data());
        }
    }

    std::string name() const override { return m_spec.sequence ? "lstm_sequence_f32" : "lstm_cell_f32"; }
    size_t scratch_bytes() const override {
        // [x_t, h], the gates, c; and the packed filters where they are not Constants
        const size_t floats = m_spec.depth() + m_spec.gates() + m_spec.hidden +
                              (m_spec.constant_weights ? 0 : m_spec.packed_floats());
        return floats * sizeof(float);
    }
    size_t held_weight_bytes() const override { return m_packed.size() * sizeof(float); }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                 ExecContext&) const override {
        const LstmSpec& s = m_spec;
        const size_t G = s.gates(), H = s.hidden, I = s.input;
        float* xh = static_cast<float*>(scratch);
        float* gates = xh + s.depth();
        float* c = gates + G;
        const float* packed = m_packed.data();
        if (!s.constant_weights) {
            float* runtime_packed = c + H;
            pack(s, in(inputs, s.w), in(inputs, s.r), in(inputs, s.b), runtime_packed);
            packed = runtime_packed;
        }
        const float* x = in(inputs, s.x);
        const float* h0 = in(inputs, s.h);
        const float* c0 = in(inputs, s.c);
        // Outputs: Y, Ho, Co (sequence) or Ho, Co (cell).
        float* y = s.sequence ? outputs[0].data<float>() : nullptr;
        float* ho = outputs[s.sequence ? 1 : 0].data<float>();
        float* co = outputs[s.sequence ? 2 : 1].data<float>();
        if (y)
            std::fill(y, y + s.batch * s.dirs * s.seq * H, 0.f);  // past a batch's length
        for (size_t d = 0; d < s.dirs; ++d) {
            const bool reverse =
                s.direction == Direction::REVERSE || (s.direction == Direction::BIDIRECTIONAL && d == 1);
            const float* rows = packed + d * (s.depth() * G + G);
            const float* bias = rows + s.depth() * G;
            for (size_t b = 0; b < s.batch; ++b) {
                const size_t state = (b * s.dirs + d) * H;  // [batch, dirs, hidden]; [batch, hidden] for a cell
                float* h = xh + I;
                std::memcpy(h, h0 + state, H * sizeof(float));
                std::memcpy(c, c0 + state, H * sizeof(float));
                const size_t len = s.sequence ? length(inputs[static_cast<size_t>(s.lengths)], b) : 1;
                for (size_t k = 0; k < len; ++k) {
                    const size_t t = reverse ? len - 1 - k : k;
                    std::memcpy(xh, x + (b * s.seq + t) * I, I * sizeof(float));
                    std::memcpy(gates, bias, G * sizeof(float));
                    accumulate_gates(s.depth(), xh, rows, G, gates);
                    step(gates, c, h);
                    if (y)
                        std::memcpy(y + ((b * s.dirs + d) * s.seq + t) * H, h, H * sizeof(float));
                }
                std::memcpy(ho + state, h, H * sizeof(float));
                std::memcpy(co + state, c, H * sizeof(float));
            }
        }
    }

private:
    static const float* in(const ov::TensorVector& inputs, int i) {
        return static_cast<const float*>(inputs[static_cast<size_t>(i)].data());
    }

    // A batch's sequence length, checked as the reference checks it.
    size_t length(const ov::Tensor& lengths, size_t b) const {
        int64_t value = 0;
        switch (lengths.get_element_type()) {
        case ov::element::i32: value = static_cast<const int32_t*>(lengths.data())[b]; break;
        case ov::element::i64: value = static_cast<const int64_t*>(lengths.data())[b]; break;
        case ov::element::u32: value = static_cast<const uint32_t*>(lengths.data())[b]; break;
        case ov::element::u64: value = static_cast<int64_t>(static_cast<const uint64_t*>(lengths.data())[b]); break;
        case ov::element::i8: value = static_cast<const int8_t*>(lengths.data())[b]; break;
        case ov::element::u8: value = static_cast<const uint8_t*>(lengths.data())[b]; break;
        case ov::element::i16: value = static_cast<const int16_t*>(lengths.data())[b]; break;
        case ov::element::u16: value = static_cast<const uint16_t*>(lengths.data())[b]; break;
        default: OPENVINO_THROW("CPU: LSTMSequence: sequence_lengths of type ", lengths.get_element_type());
        }
        OPENVINO_ASSERT(value >= 0 && value <= static_cast<int64_t>(m_spec.seq), "CPU: LSTMSequence: sequence_lengths[",
                        b, "] = ", value, " is outside [0, ", m_spec.seq, "]");
        return static_cast<size_t>(value);
    }

    // The gates in OpenVINO's order f, i, c, o; updates c and h in place.
    void step(const float* gates, float* c, float* h) const {
        const size_t H = m_spec.hidden;
        const float clip = m_spec.clip;
        const auto clipped = [clip](float v) { return clip > 0.f ? std::min(clip, std::max(-clip, v)) : v; };
        for (size_t j = 0; j < H; ++j) {
            const float f = sigmoid(clipped(gates[j]));
            const float i = sigmoid(clipped(gates[H + j]));
            const float candidate = std::tanh(clipped(gates[2 * H + j]));
            const float o = sigmoid(clipped(gates[3 * H + j]));
            c[j] = f * c[j] + i * candidate;
            h[j] = o * std::tanh(c[j]);
        }
    }

    LstmSpec m_spec;
    std::vector<float> m_packed;  // empty where W, R or B is not a Constant
};

}  // namespace

CpuKernelEntry lstm_entry() {
    return {{"LSTMSequence", "LSTMCell"}, "", {}, refusal_of(lstm_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<LstmKernel>(*lstm_spec(*node, nullptr), *node);
            }};
}

}  // namespace cpu
}  // namespace devmux
