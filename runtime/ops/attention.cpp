// SPDX-License-Identifier: Apache-2.0
// ScaledDotProductAttention-13: shape inference with numpy broadcasting of the leading (batch, head) axes, and
// a reference that computes each attention row in double.
#include "openvino/op/scaled_dot_product_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ops/reference/broadcast_dim.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v13 {

namespace {
using devmux::ref::broadcast_dim;
using devmux::ref::describe;

const char* const sdpa_input_names[] = {"query", "key", "value", "attention_mask", "scale"};

// Broadcasts `shape` (right-aligned) into `acc`; throws naming the op and the input.
void broadcast_into(const Node& node, std::vector<Dimension>& acc, const std::vector<Dimension>& shape,
                    const char* input) {
    if (shape.size() > acc.size())
        acc.insert(acc.begin(), shape.size() - acc.size(), Dimension(1));
    const size_t offset = acc.size() - shape.size();
    for (size_t i = 0; i < shape.size(); ++i) {
        Dimension merged;
        if (!broadcast_dim(merged, acc[offset + i], shape[i]))
            OPENVINO_THROW(describe(node), ": input ", input, " has dimension ", shape[i], " at axis ", i,
                           ", which does not broadcast with ", acc[offset + i]);
        acc[offset + i] = merged;
    }
}

// Flat offset, in a row-major tensor of shape `in` right-aligned against `out`, of the element that numpy
// broadcasting sends to output coordinate `coord`.
size_t broadcast_offset(const std::vector<size_t>& coord, const Shape& in) {
    const size_t offset = coord.size() - in.size();
    size_t flat = 0;
    for (size_t i = 0; i < in.size(); ++i)
        flat = flat * in[i] + (in[i] == 1 ? 0 : coord[offset + i]);
    return flat;
}

std::vector<double> sdpa_input_as_doubles(const Tensor& t) {
    std::vector<double> out(t.get_size());
    devmux::ref::dispatch_real(t.get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        const T* p = t.data<T>();
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = static_cast<double>(static_cast<C>(p[i]));
    });
    return out;
}
}  // namespace

ScaledDotProductAttention::ScaledDotProductAttention(const OutputVector& inputs, bool causal)
    : Op(inputs), m_causal(causal) {
    constructor_validate_and_infer_types();
}

ScaledDotProductAttention::ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key,
                                                     const Output<Node>& value, const Output<Node>& attn_mask,
                                                     const Output<Node>& scale, bool causal)
    : ScaledDotProductAttention(OutputVector{query, key, value, attn_mask, scale}, causal) {}

ScaledDotProductAttention::ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key,
                                                     const Output<Node>& value, const Output<Node>& attn_mask,
                                                     bool causal)
    : ScaledDotProductAttention(OutputVector{query, key, value, attn_mask}, causal) {}

ScaledDotProductAttention::ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key,
                                                     const Output<Node>& value, bool causal)
    : ScaledDotProductAttention(OutputVector{query, key, value}, causal) {}

void ScaledDotProductAttention::validate_and_infer_types() {
    const size_t n = get_input_size();
    if (n < 3 || n > 5)
        OPENVINO_THROW(describe(*this), ": expects 3 to 5 inputs (query, key, value, attention_mask, scale), got ", n);
    element::Type type = element::dynamic;
    for (size_t i = 0; i < n; ++i) {
        const auto& t = get_input_element_type(i);
        if (i == 3 && t == element::boolean)
            continue;
        if (!t.is_dynamic() && !t.is_real())
            OPENVINO_THROW(describe(*this), ": input ", sdpa_input_names[i], " must have a real element type",
                           i == 3 ? " or boolean" : "", ", got ", t);
        element::Type merged;
        if (!element::Type::merge(merged, type, t))
            OPENVINO_THROW(describe(*this), ": input ", sdpa_input_names[i], " has element type ", t, ", expected ",
                           type, " like query");
        type = merged;
    }
    const auto& q = get_input_partial_shape(0);
    const auto& k = get_input_partial_shape(1);
    const auto& v = get_input_partial_shape(2);
    for (size_t i = 0; i < 3; ++i) {
        const auto& s = get_input_partial_shape(i);
        if (s.rank_is_static() && s.size() < 3)
            OPENVINO_THROW(describe(*this), ": input ", sdpa_input_names[i], " must have rank 3 or more, got shape ",
                           s);
    }
    if (n == 5) {
        const auto& s = get_input_partial_shape(4);
        if (s.rank_is_static() && !(s.size() == 0 || (s.size() == 1 && s[0].compatible(Dimension(1)))))
            OPENVINO_THROW(describe(*this), ": input scale must be a scalar, got shape ", s);
    }
    if (!q.rank_is_static() || !k.rank_is_static() || !v.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    auto dims = [](const PartialShape& s, size_t begin, size_t end) {
        std::vector<Dimension> d;
        for (size_t i = begin; i < end; ++i)
            d.push_back(s[i]);
        return d;
    };
    Dimension e = q[q.size() - 1], s_len = k[k.size() - 2];
    Dimension merged;
    if (!Dimension::merge(merged, e, k[k.size() - 1]))
        OPENVINO_THROW(describe(*this), ": key's last dimension ", k[k.size() - 1],
                       " differs from query's embedding size ", e);
    if (!Dimension::merge(merged, s_len, v[v.size() - 2]))
        OPENVINO_THROW(describe(*this), ": value's sequence dimension ", v[v.size() - 2],
                       " differs from key's sequence length ", s_len);
    s_len = merged;
    std::vector<Dimension> batch = dims(q, 0, q.size() - 2);
    broadcast_into(*this, batch, dims(k, 0, k.size() - 2), "key");
    broadcast_into(*this, batch, dims(v, 0, v.size() - 2), "value");
    if (n >= 4 && !m_causal) {
        const auto& m = get_input_partial_shape(3);
        if (m.rank_is_static()) {
            // The mask broadcasts to [batch..., L, S].
            std::vector<Dimension> full = batch;
            full.push_back(q[q.size() - 2]);
            full.push_back(s_len);
            std::vector<Dimension> checked = full;
            broadcast_into(*this, checked, dims(m, 0, m.size()), "attention_mask");
            if (checked.size() != full.size())
                OPENVINO_THROW(describe(*this), ": input attention_mask of shape ", m, " has a higher rank than the ",
                               "attention scores");
            for (size_t i = 0; i + 2 < checked.size(); ++i)
                batch[i] = checked[i];
        }
    }
    std::vector<Dimension> out = batch;
    out.push_back(q[q.size() - 2]);
    out.push_back(v[v.size() - 1]);
    set_output_type(0, type, PartialShape(out));
}

bool ScaledDotProductAttention::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("causal", m_causal);
    return true;
}

std::shared_ptr<Node> ScaledDotProductAttention::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() < 3 || new_args.size() > 5)
        OPENVINO_THROW(describe(*this), ": expects 3 to 5 inputs, got ", new_args.size());
    return std::make_shared<ScaledDotProductAttention>(new_args, m_causal);
}

bool ScaledDotProductAttention::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, get_input_size());
    const auto type = inputs[0].get_element_type();
    if (!devmux::ref::dispatch_real(type, [](auto) {}))
        return false;
    const Shape qs = inputs[0].get_shape(), ks = inputs[1].get_shape(), vs = inputs[2].get_shape();
    if (qs.size() < 3 || ks.size() < 3 || vs.size() < 3)
        OPENVINO_THROW(describe(*this), ": query, key and value need rank 3 or more, got ", qs, ", ", ks, ", ", vs);
    const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
    if (ks.back() != E || vs[vs.size() - 2] != S)
        OPENVINO_THROW(describe(*this), ": query ", qs, ", key ", ks, " and value ", vs, " do not fit together");

    // The broadcast batch shape, checked by the same rules as shape inference.
    auto leading = [](const Shape& s, size_t drop) { return Shape(s.begin(), s.end() - drop); };
    std::vector<Dimension> batch_dims;
    for (const Shape& s : {leading(qs, 2), leading(ks, 2), leading(vs, 2)}) {
        std::vector<Dimension> d(s.begin(), s.end());
        broadcast_into(*this, batch_dims, d, "query/key/value");
    }
    const bool use_mask = inputs.size() >= 4 && !m_causal;
    Shape mask_shape;
    if (use_mask) {
        mask_shape = inputs[3].get_shape();
        std::vector<Dimension> full = batch_dims;
        full.push_back(Dimension(static_cast<int64_t>(L)));
        full.push_back(Dimension(static_cast<int64_t>(S)));
        std::vector<Dimension> m(mask_shape.begin(), mask_shape.end());
        broadcast_into(*this, full, m, "attention_mask");
        if (full.size() != batch_dims.size() + 2 || full[full.size() - 2] != Dimension(static_cast<int64_t>(L)) ||
            full.back() != Dimension(static_cast<int64_t>(S)))
            OPENVINO_THROW(describe(*this), ": attention_mask of shape ", mask_shape,
                           " does not broadcast to the attention scores");
        for (size_t i = 0; i < batch_dims.size(); ++i)
            batch_dims[i] = full[i];
    }
    Shape batch;
    for (const auto& d : batch_dims)
        batch.push_back(static_cast<size_t>(d.get_length()));

    const auto q = sdpa_input_as_doubles(inputs[0]), k = sdpa_input_as_doubles(inputs[1]),
               v = sdpa_input_as_doubles(inputs[2]);
    std::vector<double> mask_values;
    const bool boolean_mask = use_mask && inputs[3].get_element_type() == element::boolean;
    if (use_mask) {
        if (boolean_mask) {
            const char* p = static_cast<const char*>(inputs[3].data());
            for (size_t i = 0; i < inputs[3].get_size(); ++i)
                mask_values.push_back(p[i] ? 1.0 : 0.0);
        } else {
            mask_values = sdpa_input_as_doubles(inputs[3]);
        }
    }
    double scale = 1.0 / std::sqrt(static_cast<double>(E));
    if (inputs.size() == 5) {
        if (inputs[4].get_size() != 1)
            OPENVINO_THROW(describe(*this), ": scale must hold one value, got shape ", inputs[4].get_shape());
        scale = sdpa_input_as_doubles(inputs[4])[0];
    }

    Shape out_shape = batch;
    out_shape.push_back(L);
    out_shape.push_back(Ev);
    std::vector<double> out(shape_size(out_shape), 0.0);
    const double minus_inf = -std::numeric_limits<double>::infinity();
    const Shape qb = leading(qs, 2), kb = leading(ks, 2), vb = leading(vs, 2);
    std::vector<double> scores(S);
    const size_t batch_count = shape_size(batch);
    for (size_t bi = 0; bi < batch_count; ++bi) {
        // Row-major coordinates of this batch entry.
        std::vector<size_t> coord(batch.size());
        for (size_t i = batch.size(), rest = bi; i-- > 0;) {
            coord[i] = rest % batch[i];
            rest /= batch[i];
        }
        const double* qp = q.data() + broadcast_offset(coord, qb) * L * E;
        const double* kp = k.data() + broadcast_offset(coord, kb) * S * E;
        const double* vp = v.data() + broadcast_offset(coord, vb) * S * Ev;
        for (size_t l = 0; l < L; ++l) {
            double max_score = minus_inf;
            for (size_t s = 0; s < S; ++s) {
                double dot = 0;
                for (size_t e = 0; e < E; ++e)
                    dot += qp[l * E + e] * kp[s * E + e];
                double score = dot * scale;
                if (m_causal && s > l)
                    score = minus_inf;
                if (use_mask) {
                    std::vector<size_t> full = coord;
                    full.push_back(l);
                    full.push_back(s);
                    const double mv = mask_values[broadcast_offset(full, mask_shape)];
                    score = boolean_mask ? (mv != 0 ? score : minus_inf) : score + mv;
                }
                scores[s] = score;
                max_score = std::max(max_score, score);
            }
            // Subtracting the maximum keeps exp() finite; a row masked out entirely gives NaN, as the
            // specification's softmax of all -inf does.
            double sum = 0;
            for (size_t s = 0; s < S; ++s) {
                scores[s] = std::exp(scores[s] - max_score);
                sum += scores[s];
            }
            double* op = out.data() + (bi * L + l) * Ev;
            for (size_t s = 0; s < S; ++s) {
                const double weight = scores[s] / sum;
                for (size_t e = 0; e < Ev; ++e)
                    op[e] += weight * vp[s * Ev + e];
            }
        }
    }
    devmux::ref::dispatch_real(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        T* p = devmux::ref::prepare_output(outputs, 0, type, out_shape).data<T>();
        for (size_t i = 0; i < out.size(); ++i)
            p[i] = static_cast<T>(static_cast<C>(out[i]));
    });
    return true;
}

bool ScaledDotProductAttention::has_evaluate() const {
    const auto& type = get_input_element_type(0);
    return type.is_real() && devmux::ref::dispatch_real(type, [](auto) {});
}

}  // namespace v13
}  // namespace op
}  // namespace ov
