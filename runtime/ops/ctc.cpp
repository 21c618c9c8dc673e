// SPDX-License-Identifier: Apache-2.0
// The CTC family: CTCGreedyDecoder-1, CTCGreedyDecoderSeqLen-6 and CTCLoss-4.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

#include "openvino/op/ctc_greedy_decoder.hpp"
#include "openvino/op/ctc_greedy_decoder_seq_len.hpp"
#include "openvino/op/ctc_loss.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

using devmux::ref::describe;

void check_ctc_input_count(const Node& op, size_t lo, size_t hi, const char* names) {
    const std::string count = lo == hi ? std::to_string(lo) : std::to_string(lo) + " or " + std::to_string(hi);
    DEVMUX_NODE_CHECK(op, op.get_input_size() >= lo && op.get_input_size() <= hi, "expects ", count, " inputs (",
                      names, "), got ", op.get_input_size());
}

void check_real_ctc_input(const Node& op, size_t i, const char* what) {
    const auto& type = op.get_input_element_type(i);
    DEVMUX_NODE_CHECK(op, type.is_dynamic() || type.is_real(), what, " must have a real element type, got ", type);
}

void check_ctc_input_rank(const Node& op, size_t i, int64_t rank, const char* what, const char* layout) {
    const PartialShape& shape = op.get_input_partial_shape(i);
    DEVMUX_NODE_CHECK(op, shape.rank().compatible(rank), what, " must be ", rank, "-D ", layout, ", got shape ",
                      shape);
}

// Dimension `axis` of input i, or dynamic when its rank is unknown.
Dimension dim_of(const Node& op, size_t i, size_t axis) {
    const PartialShape& shape = op.get_input_partial_shape(i);
    return shape.rank_is_static() ? shape[axis] : Dimension::dynamic();
}

// Merges b into a, throwing with both inputs named when they disagree.
void merge_ctc_dim(const Node& op, Dimension& a, const Dimension& b, const char* what) {
    Dimension merged;
    DEVMUX_NODE_CHECK(op, Dimension::merge(merged, a, b), what, " differs between the inputs: ", a, " and ", b,
                      " (shapes ", op.get_input_partial_shape(0), " and ", op.get_input_partial_shape(1), ")");
    a = merged;
}

// The class with the highest score (the first one on a tie) among `classes` scores starting at p.
template <typename C>
int64_t best_class(const C* p, size_t classes) {
    return static_cast<int64_t>(std::max_element(p, p + classes) - p);
}

// Appends the classes of one sequence's steps; `step(t)` gives the scores of step t. Blanks are dropped and,
// with merge_repeated, a class equal to the previous step's best class (blank or not) is dropped too.
template <typename C, typename Step>
std::vector<int64_t> greedy_decode(size_t steps, size_t classes, int64_t blank, bool merge_repeated, Step step) {
    std::vector<int64_t> decoded;
    int64_t previous = -1;
    for (size_t t = 0; t < steps; ++t) {
        const int64_t best = best_class<C>(step(t), classes);
        if (best != blank && !(merge_repeated && best == previous))
            decoded.push_back(best);
        previous = best;
    }
    return decoded;
}

template <typename T>
void write_as(Tensor& tensor, size_t i, int64_t value) {
    static_cast<T*>(tensor.data())[i] = devmux::ref::convert_value<T>(value);
}

// Writes integer values into a tensor of any numeric element type.
void write_values(const Node& op, Tensor& tensor, const std::vector<int64_t>& values) {
    const bool known = devmux::ref::dispatch_numeric(tensor.get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::storage;
        for (size_t i = 0; i < values.size(); ++i)
            write_as<T>(tensor, i, values[i]);
    });
    DEVMUX_NODE_CHECK(op, known, "cannot write an output of element type ", tensor.get_element_type());
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
namespace v0 {

CTCGreedyDecoder::CTCGreedyDecoder(const Output<Node>& input, const Output<Node>& seq_len,
                                   const bool ctc_merge_repeated)
    : Op({input, seq_len}), m_ctc_merge_repeated(ctc_merge_repeated) {
    constructor_validate_and_infer_types();
}

void CTCGreedyDecoder::validate_and_infer_types() {
    check_ctc_input_count(*this, 2, 2, "data, sequence mask");
    check_real_ctc_input(*this, 0, "data");
    check_ctc_input_rank(*this, 0, 3, "data", "[T, N, C]");
    check_ctc_input_rank(*this, 1, 2, "sequence mask", "[T, N]");
    Dimension steps = dim_of(*this, 0, 0), batch = dim_of(*this, 0, 1);
    merge_ctc_dim(*this, steps, dim_of(*this, 1, 0), "the number of time steps T");
    merge_ctc_dim(*this, batch, dim_of(*this, 1, 1), "the batch size N");
    set_output_type(0, get_input_element_type(0), PartialShape{batch, steps, 1, 1});
}

bool CTCGreedyDecoder::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("ctc_merge_repeated", m_ctc_merge_repeated);
    return true;
}

std::shared_ptr<Node> CTCGreedyDecoder::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<CTCGreedyDecoder>(new_args[0], new_args[1], m_ctc_merge_repeated);
}

bool CTCGreedyDecoder::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate expects 2 inputs, got ", inputs.size());
    const Tensor& data = inputs[0];
    const Tensor& mask = inputs[1];
    const Shape& ds = data.get_shape();
    DEVMUX_NODE_CHECK(*this, ds.size() == 3 && mask.get_shape() == Shape({ds[0], ds[1]}),
                      "data must be [T, N, C] and the sequence mask [T, N], got shapes ", ds, " and ",
                      mask.get_shape());
    const size_t steps = ds[0], batch = ds[1], classes = ds[2];
    DEVMUX_NODE_CHECK(*this, classes > 0, "data has no classes: shape ", ds);
    std::vector<int64_t> result(batch * steps, -1);
    const bool known = devmux::ref::dispatch_real(data.get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<C> scores(data);
        devmux::ref::InputBuffer<double> flags(mask);
        for (size_t n = 0; n < batch; ++n) {
            // The sequence runs while its mask is non-zero.
            size_t length = 0;
            while (length < steps && flags.data()[length * batch + n] != 0)
                ++length;
            const auto decoded = greedy_decode<C>(length, classes, static_cast<int64_t>(classes) - 1,
                                                  m_ctc_merge_repeated,
                                                  [&](size_t t) { return scores.data() + (t * batch + n) * classes; });
            std::copy(decoded.begin(), decoded.end(), result.begin() + static_cast<std::ptrdiff_t>(n * steps));
        }
    });
    if (!known)
        return false;
    Tensor& out = devmux::ref::prepare_output(outputs, 0, data.get_element_type(), Shape{batch, steps, 1, 1});
    write_values(*this, out, result);
    return true;
}

bool CTCGreedyDecoder::has_evaluate() const {
    return get_input_size() == 2 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {}) &&
           devmux::ref::dispatch_numeric(get_input_element_type(1), [](auto) {});
}

}  // namespace v0

// ---------------------------------------------------------------------------------------------------------
namespace v6 {

CTCGreedyDecoderSeqLen::CTCGreedyDecoderSeqLen(const Output<Node>& input, const Output<Node>& seq_len,
                                               const bool merge_repeated, const element::Type& classes_index_type,
                                               const element::Type& sequence_length_type)
    : Op({input, seq_len}),
      m_merge_repeated(merge_repeated),
      m_classes_index_type(classes_index_type),
      m_sequence_length_type(sequence_length_type) {
    constructor_validate_and_infer_types();
}

CTCGreedyDecoderSeqLen::CTCGreedyDecoderSeqLen(const Output<Node>& input, const Output<Node>& seq_len,
                                               const Output<Node>& blank_index, const bool merge_repeated,
                                               const element::Type& classes_index_type,
                                               const element::Type& sequence_length_type)
    : Op({input, seq_len, blank_index}),
      m_merge_repeated(merge_repeated),
      m_classes_index_type(classes_index_type),
      m_sequence_length_type(sequence_length_type) {
    constructor_validate_and_infer_types();
}

void CTCGreedyDecoderSeqLen::validate_and_infer_types() {
    check_ctc_input_count(*this, 2, 3, "data, sequence lengths[, blank index]");
    check_real_ctc_input(*this, 0, "data");
    check_ctc_input_rank(*this, 0, 3, "data", "[N, T, C]");
    check_ctc_input_rank(*this, 1, 1, "sequence lengths", "[N]");
    devmux::ref::check_integral_input(*this, 1, "sequence lengths");
    for (const auto* type : {&m_classes_index_type, &m_sequence_length_type})
        DEVMUX_NODE_CHECK(*this, *type == element::i32 || *type == element::i64,
                          "classes_index_type and sequence_length_type must be i32 or i64, got ", *type);
    if (get_input_size() == 3) {
        devmux::ref::check_integral_input(*this, 2, "blank index");
        const PartialShape& blank = get_input_partial_shape(2);
        DEVMUX_NODE_CHECK(*this,
                          !blank.rank_is_static() || blank.size() == 0 ||
                              (blank.size() == 1 && blank[0].compatible(1)),
                          "blank index must be a scalar or a 1-element 1-D tensor, got shape ", blank);
    }
    Dimension batch = dim_of(*this, 0, 0);
    const Dimension steps = dim_of(*this, 0, 1);
    Dimension merged;
    DEVMUX_NODE_CHECK(*this, Dimension::merge(merged, batch, dim_of(*this, 1, 0)),
                      "the batch size N differs between data ", get_input_partial_shape(0), " and sequence lengths ",
                      get_input_partial_shape(1));
    batch = merged;
    set_output_type(0, m_classes_index_type, PartialShape{batch, steps});
    set_output_type(1, m_sequence_length_type, PartialShape{batch});
}

bool CTCGreedyDecoderSeqLen::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("merge_repeated", m_merge_repeated);
    visitor.on_attribute("classes_index_type", m_classes_index_type);
    visitor.on_attribute("sequence_length_type", m_sequence_length_type);
    return true;
}

std::shared_ptr<Node> CTCGreedyDecoderSeqLen::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "clone expects 2 or 3 inputs, got ",
                      new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<CTCGreedyDecoderSeqLen>(new_args[0], new_args[1], new_args[2], m_merge_repeated,
                                                        m_classes_index_type, m_sequence_length_type);
    return std::make_shared<CTCGreedyDecoderSeqLen>(new_args[0], new_args[1], m_merge_repeated, m_classes_index_type,
                                                    m_sequence_length_type);
}

bool CTCGreedyDecoderSeqLen::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == get_input_size(), "evaluate expects ", get_input_size(),
                      " inputs, got ", inputs.size());
    const Tensor& data = inputs[0];
    const Shape& ds = data.get_shape();
    DEVMUX_NODE_CHECK(*this, ds.size() == 3 && inputs[1].get_shape() == Shape{ds[0]},
                      "data must be [N, T, C] and the sequence lengths [N], got shapes ", ds, " and ",
                      inputs[1].get_shape());
    const size_t batch = ds[0], steps = ds[1], classes = ds[2];
    DEVMUX_NODE_CHECK(*this, classes > 0, "data has no classes: shape ", ds);
    const auto lengths = devmux::ref::tensor_to_i64(inputs[1]);
    int64_t blank = static_cast<int64_t>(classes) - 1;
    if (inputs.size() == 3) {
        const auto values = devmux::ref::tensor_to_i64(inputs[2]);
        DEVMUX_NODE_CHECK(*this, values.size() == 1, "blank index must hold one value, got ", values.size());
        blank = values[0] < 0 ? values[0] + static_cast<int64_t>(classes) : values[0];
        DEVMUX_NODE_CHECK(*this, blank >= 0 && blank < static_cast<int64_t>(classes), "blank index ", values[0],
                          " is out of range for ", classes, " classes");
    }
    std::vector<int64_t> result(batch * steps, -1), decoded_lengths(batch, 0);
    const bool known = devmux::ref::dispatch_real(data.get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<C> scores(data);
        for (size_t n = 0; n < batch; ++n) {
            DEVMUX_NODE_CHECK(*this, lengths[n] >= 0 && lengths[n] <= static_cast<int64_t>(steps),
                              "sequence length ", lengths[n], " of batch item ", n, " is outside [0, ", steps, "]");
            const auto decoded =
                greedy_decode<C>(static_cast<size_t>(lengths[n]), classes, blank, m_merge_repeated,
                                 [&](size_t t) { return scores.data() + (n * steps + t) * classes; });
            std::copy(decoded.begin(), decoded.end(), result.begin() + static_cast<std::ptrdiff_t>(n * steps));
            decoded_lengths[n] = static_cast<int64_t>(decoded.size());
        }
    });
    if (!known)
        return false;
    write_values(*this, devmux::ref::prepare_output(outputs, 0, m_classes_index_type, Shape{batch, steps}), result);
    write_values(*this, devmux::ref::prepare_output(outputs, 1, m_sequence_length_type, Shape{batch}),
                 decoded_lengths);
    return true;
}

bool CTCGreedyDecoderSeqLen::has_evaluate() const {
    return get_input_size() >= 2 && devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {}) &&
           get_input_element_type(1).is_integral_number();
}

}  // namespace v6

// ---------------------------------------------------------------------------------------------------------
namespace {

// log(exp(a) + exp(b)) without overflow; -inf is the log of zero.
double log_add(double a, double b) {
    if (a == -std::numeric_limits<double>::infinity())
        return b;
    if (b == -std::numeric_limits<double>::infinity())
        return a;
    const double hi = std::max(a, b);
    return hi + std::log1p(std::exp(std::min(a, b) - hi));
}

// The CTC negative log-likelihood of `target` for one sequence: log_probs[t * classes + c] are the per-step log
// softmax values. Alignments walk the target with blanks around and between the labels (2 L + 1 states).
// A state may repeat over several steps (a blank always; a label only when merge_repeated, since otherwise a
// repeated class would emit the label again), advance by one, or jump over a blank to the next label (when
// merge_repeated, only between different labels: two equal labels need a blank to stay apart).
double ctc_negative_log_likelihood(const std::vector<double>& log_probs, size_t steps, size_t classes,
                                   const std::vector<int64_t>& target, int64_t blank, bool merge_repeated) {
    const double zero = -std::numeric_limits<double>::infinity();
    const size_t states = 2 * target.size() + 1;
    const auto label_of = [&](size_t s) { return s % 2 == 0 ? blank : target[s / 2]; };
    const auto log_p = [&](size_t t, int64_t c) { return log_probs[t * classes + static_cast<size_t>(c)]; };
    if (steps == 0)
        return target.empty() ? 0.0 : std::numeric_limits<double>::infinity();
    std::vector<double> alpha(states, zero), next(states, zero);
    alpha[0] = log_p(0, blank);
    if (states > 1)
        alpha[1] = log_p(0, label_of(1));
    for (size_t t = 1; t < steps; ++t) {
        for (size_t s = 0; s < states; ++s) {
            const bool is_blank = s % 2 == 0;
            double sum = (is_blank || merge_repeated) ? alpha[s] : zero;
            if (s >= 1)
                sum = log_add(sum, alpha[s - 1]);
            if (!is_blank && s >= 2 && (!merge_repeated || label_of(s) != label_of(s - 2)))
                sum = log_add(sum, alpha[s - 2]);
            next[s] = sum == zero ? zero : sum + log_p(t, label_of(s));
        }
        std::swap(alpha, next);
    }
    double total = alpha[states - 1];
    if (states > 1)
        total = log_add(total, alpha[states - 2]);
    return -total;
}

}  // namespace

namespace v4 {

CTCLoss::CTCLoss(const Output<Node>& logits, const Output<Node>& logit_length, const Output<Node>& labels,
                 const Output<Node>& label_length, const bool preprocess_collapse_repeated,
                 const bool ctc_merge_repeated, const bool unique)
    : Op({logits, logit_length, labels, label_length}),
      m_preprocess_collapse_repeated(preprocess_collapse_repeated),
      m_ctc_merge_repeated(ctc_merge_repeated),
      m_unique(unique) {
    constructor_validate_and_infer_types();
}

CTCLoss::CTCLoss(const Output<Node>& logits, const Output<Node>& logit_length, const Output<Node>& labels,
                 const Output<Node>& label_length, const Output<Node>& blank_index,
                 const bool preprocess_collapse_repeated, const bool ctc_merge_repeated, const bool unique)
    : Op({logits, logit_length, labels, label_length, blank_index}),
      m_preprocess_collapse_repeated(preprocess_collapse_repeated),
      m_ctc_merge_repeated(ctc_merge_repeated),
      m_unique(unique) {
    constructor_validate_and_infer_types();
}

void CTCLoss::validate_and_infer_types() {
    check_ctc_input_count(*this, 4, 5, "logits, logit_length, labels, label_length[, blank_index]");
    check_real_ctc_input(*this, 0, "logits");
    check_ctc_input_rank(*this, 0, 3, "logits", "[N, T, C]");
    check_ctc_input_rank(*this, 1, 1, "logit_length", "[N]");
    check_ctc_input_rank(*this, 2, 2, "labels", "[N, T]");
    check_ctc_input_rank(*this, 3, 1, "label_length", "[N]");
    devmux::ref::check_integral_input(*this, 1, "logit_length");
    devmux::ref::check_integral_input(*this, 2, "labels");
    devmux::ref::check_integral_input(*this, 3, "label_length");
    if (get_input_size() == 5) {
        devmux::ref::check_integral_input(*this, 4, "blank_index");
        check_ctc_input_rank(*this, 4, 0, "blank_index", "(a scalar)");
    }
    Dimension batch = dim_of(*this, 0, 0);
    Dimension steps = dim_of(*this, 0, 1);
    for (size_t i = 1; i <= 3; ++i) {
        Dimension merged;
        DEVMUX_NODE_CHECK(*this, Dimension::merge(merged, batch, dim_of(*this, i, 0)),
                          "the batch size N differs between logits ", get_input_partial_shape(0), " and input ", i,
                          " ", get_input_partial_shape(i));
        batch = merged;
    }
    Dimension merged;
    DEVMUX_NODE_CHECK(*this, Dimension::merge(merged, steps, dim_of(*this, 2, 1)),
                      "the time dimension T differs between logits ", get_input_partial_shape(0), " and labels ",
                      get_input_partial_shape(2));
    set_output_type(0, get_input_element_type(0), PartialShape{batch});
}

bool CTCLoss::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("preprocess_collapse_repeated", m_preprocess_collapse_repeated);
    visitor.on_attribute("ctc_merge_repeated", m_ctc_merge_repeated);
    visitor.on_attribute("unique", m_unique);
    return true;
}

std::shared_ptr<Node> CTCLoss::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4 || new_args.size() == 5, "clone expects 4 or 5 inputs, got ",
                      new_args.size());
    if (new_args.size() == 5)
        return std::make_shared<CTCLoss>(new_args[0], new_args[1], new_args[2], new_args[3], new_args[4],
                                         m_preprocess_collapse_repeated, m_ctc_merge_repeated, m_unique);
    return std::make_shared<CTCLoss>(new_args[0], new_args[1], new_args[2], new_args[3],
                                     m_preprocess_collapse_repeated, m_ctc_merge_repeated, m_unique);
}

bool CTCLoss::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == get_input_size(), "evaluate expects ", get_input_size(),
                      " inputs, got ", inputs.size());
    const Tensor& logits = inputs[0];
    const Shape& ls = logits.get_shape();
    DEVMUX_NODE_CHECK(*this, ls.size() == 3, "logits must be [N, T, C], got shape ", ls);
    const size_t batch = ls[0], steps = ls[1], classes = ls[2];
    DEVMUX_NODE_CHECK(*this,
                      inputs[1].get_shape() == Shape{batch} && inputs[2].get_shape() == Shape({batch, steps}) &&
                          inputs[3].get_shape() == Shape{batch},
                      "logit_length, labels and label_length must be [N], [N, T] and [N] for logits ", ls, ", got ",
                      inputs[1].get_shape(), ", ", inputs[2].get_shape(), " and ", inputs[3].get_shape());
    DEVMUX_NODE_CHECK(*this, classes > 0, "logits have no classes: shape ", ls);
    const auto logit_length = devmux::ref::tensor_to_i64(inputs[1]);
    const auto labels = devmux::ref::tensor_to_i64(inputs[2]);
    const auto label_length = devmux::ref::tensor_to_i64(inputs[3]);
    int64_t blank = static_cast<int64_t>(classes) - 1;
    if (inputs.size() == 5) {
        const auto values = devmux::ref::tensor_to_i64(inputs[4]);
        DEVMUX_NODE_CHECK(*this, values.size() == 1, "blank_index must hold one value, got ", values.size());
        blank = values[0];
        DEVMUX_NODE_CHECK(*this, blank >= 0 && blank < static_cast<int64_t>(classes), "blank_index ", blank,
                          " is out of range for ", classes, " classes");
    }
    devmux::ref::InputBuffer<double> scores(logits);
    std::vector<double> loss(batch);
    std::vector<double> log_probs;
    for (size_t n = 0; n < batch; ++n) {
        const int64_t length = logit_length[n];
        const int64_t target_length = label_length[n];
        DEVMUX_NODE_CHECK(*this, length >= 0 && length <= static_cast<int64_t>(steps), "logit_length ", length,
                          " of batch item ", n, " is outside [0, ", steps, "]");
        DEVMUX_NODE_CHECK(*this, target_length >= 0 && target_length <= length, "label_length ", target_length,
                          " of batch item ", n, " is outside [0, logit_length ", length, "]");
        std::vector<int64_t> target;
        std::unordered_set<int64_t> seen;
        for (int64_t i = 0; i < target_length; ++i) {
            const int64_t label = labels[n * steps + static_cast<size_t>(i)];
            DEVMUX_NODE_CHECK(*this, label >= 0 && label < static_cast<int64_t>(classes), "label ", label,
                              " of batch item ", n, " is out of range for ", classes, " classes");
            if (m_preprocess_collapse_repeated && !target.empty() && target.back() == label)
                continue;
            if (m_unique && !seen.insert(label).second)
                continue;
            target.push_back(label);
        }
        // Log softmax over the classes of each step.
        log_probs.assign(static_cast<size_t>(length) * classes, 0.0);
        for (size_t t = 0; t < static_cast<size_t>(length); ++t) {
            const double* row = scores.data() + (n * steps + t) * classes;
            const double top = *std::max_element(row, row + classes);
            double sum = 0;
            for (size_t c = 0; c < classes; ++c)
                sum += std::exp(row[c] - top);
            const double log_sum = top + std::log(sum);
            for (size_t c = 0; c < classes; ++c)
                log_probs[t * classes + c] = row[c] - log_sum;
        }
        loss[n] = ctc_negative_log_likelihood(log_probs, static_cast<size_t>(length), classes, target, blank,
                                              m_ctc_merge_repeated);
    }
    Tensor& out = devmux::ref::prepare_output(outputs, 0, logits.get_element_type(), Shape{batch});
    devmux::ref::OutputBuffer<double> o(out);
    std::copy(loss.begin(), loss.end(), o.data());
    o.commit();
    return true;
}

bool CTCLoss::has_evaluate() const {
    if (get_input_size() < 4 || !devmux::ref::dispatch_real(get_input_element_type(0), [](auto) {}))
        return false;
    for (size_t i = 1; i < get_input_size(); ++i)
        if (!get_input_element_type(i).is_integral_number())
            return false;
    return true;
}

}  // namespace v4
}  // namespace op
}  // namespace ov
