// SPDX-License-Identifier: Apache-2.0
// TfIdfVectorizer (opset 9) over integer tokens, as the specification's text defines it and ONNX Runtime 1.30
// computes it (checked against it, docs/onnx.md), where the text leaves details open:
// - The pool: ngram_counts[i] is where the (i+1)-grams start in pool_int64s; the n-grams are numbered in pool
//   order over all lengths, and n-gram number k counts into output ngram_indexes[k] with weights[k]. Lengths
//   outside [min_gram_length, max_gram_length] keep their numbers but are not counted. A gram listed twice (ONNX
//   Runtime refuses it) counts once, with the number of its last listing.
// - Matches: an n-gram at skip s takes the tokens at t, t + (s + 1), ..., t + (n - 1)(s + 1) of one row; every
//   n >= 2 is counted at every skip 0..max_skip_count, 1-grams once (skips do not change them).
// - Each n-gram's value is its count (TF), weights[k] if the count is not zero (IDF; 1 without weights) or the
//   count times weights[k] (TFIDF); an output position sums the values of the n-grams that map to it. (ONNX
//   Runtime's IDF gives such a shared position the weight of the last match instead of the sum; ONNX's Python
//   reference indexes weights by output position, which is the same only where ngram_indexes is 0, 1, 2, ...)
// The graph: per n-gram length and skip, n shifted slices of the [N, C] input are compared with the pool's
// n-grams ([P] constants per position), the comparisons are and-ed and summed over the window positions into
// [N, P] counts; the counts of every length are concatenated, weighted, and ScatterElementsUpdate-12 (sum) adds
// each into its output position of a zero [N, outputs]. Counts stay exact in f32 up to 2^24 per position. With
// the sequence length unknown when the model is read, at most 4096 (length, skip) pairs are built (a larger
// max_skip_count is refused); with it known, only the skips whose span fits.
// String pools (pool_strings) are refused: devmux has no string tensors.

#include <algorithm>
#include <limits>
#include <map>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

struct PoolGrams {
    std::vector<std::vector<int64_t>> grams;  // the distinct n-grams of one length, in first-listed order
    std::vector<int64_t> numbers;             // the pool number of each (its last listing)
};

// The countable n-grams of the pool by length, after checking the pool's attributes against `indexes` and
// `weights` (empty: all 1).
std::map<int64_t, PoolGrams> pool_grams(const NodeContext& node, int64_t min_length, int64_t max_length,
                                        const std::vector<int64_t>& indexes, const std::vector<float>& weights) {
    const auto pool = node.attr_ints("pool_int64s");
    const auto starts = node.attr_ints("ngram_counts");
    const int64_t total = static_cast<int64_t>(pool.size());
    std::map<int64_t, std::map<std::vector<int64_t>, int64_t>> last_number;  // length -> gram -> its last number
    std::map<int64_t, std::vector<std::vector<int64_t>>> order;
    int64_t number = 0;
    for (size_t i = 0; i < starts.size(); ++i) {
        const int64_t length = static_cast<int64_t>(i) + 1;
        const int64_t begin = starts[i], end = i + 1 < starts.size() ? starts[i + 1] : total;
        if (begin < 0 || end > total || end < begin)
            node.fail("has the (" + std::to_string(length) + ")-grams at pool positions " + std::to_string(begin) +
                      " to " + std::to_string(end) + " (ngram_counts), outside its pool of " + std::to_string(total) +
                      " or in decreasing order");
        const int64_t count = (end - begin) / length;
        for (int64_t g = 0; g < count; ++g, ++number) {
            if (length < min_length || length > max_length)
                continue;
            std::vector<int64_t> gram(pool.begin() + begin + g * length, pool.begin() + begin + (g + 1) * length);
            auto& numbers = last_number[length];
            if (!numbers.count(gram))
                order[length].push_back(gram);
            numbers[gram] = number;
        }
    }
    if (static_cast<int64_t>(indexes.size()) < number)
        node.fail("has " + std::to_string(indexes.size()) + " ngram_indexes for the " + std::to_string(number) +
                  " n-grams of its pool");
    if (!weights.empty() && static_cast<int64_t>(weights.size()) < number)
        node.fail("has " + std::to_string(weights.size()) + " weights for the " + std::to_string(number) +
                  " n-grams of its pool");
    std::map<int64_t, PoolGrams> result;
    for (auto& [length, grams] : order) {
        auto& entry = result[length];
        for (auto& gram : grams) {
            entry.numbers.push_back(last_number[length][gram]);
            entry.grams.push_back(std::move(gram));
        }
    }
    return result;
}

}  // namespace

ov::OutputVector tfidf_vectorizer(const NodeContext& node) {
    if (node.has_attr("pool_strings"))
        node.fail("has a pool of strings (pool_strings): devmux has no string tensors and converts integer pools "
                  "(pool_int64s) only");
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    if (type != ov::element::i32 && type != ov::element::i64)
        node.fail("needs int32 or int64 tokens, got " + type.get_type_name());
    const int64_t rank = static_rank(node, 0);
    if (rank != 1 && rank != 2)
        node.fail("needs a [C] or [N, C] input, got shape " + x.get_partial_shape().to_string());
    const std::string mode = node.attr_string("mode", "");
    if (mode != "TF" && mode != "IDF" && mode != "TFIDF")
        node.fail("has the mode '" + mode + "'; ONNX defines TF, IDF and TFIDF");
    const int64_t min_length = node.attr_int("min_gram_length"), max_length = node.attr_int("max_gram_length");
    const int64_t max_skip = node.attr_int("max_skip_count");
    if (min_length < 1 || max_length < min_length || max_skip < 0)
        node.fail("needs 1 <= min_gram_length <= max_gram_length and max_skip_count >= 0, got " +
                  std::to_string(min_length) + ", " + std::to_string(max_length) + " and " + std::to_string(max_skip));
    if (!node.has_attr("ngram_counts") || !node.has_attr("ngram_indexes"))
        node.fail("needs the attributes ngram_counts and ngram_indexes");
    const auto indexes = node.attr_ints("ngram_indexes");
    if (indexes.empty())
        node.fail("has no ngram_indexes, so no output size");
    for (const auto index : indexes)
        if (index < 0 || index >= std::numeric_limits<int32_t>::max())
            node.fail("has the ngram_index " + std::to_string(index) + ", outside [0, 2^31 - 1)");
    const int64_t outputs = *std::max_element(indexes.begin(), indexes.end()) + 1;
    const auto weights = mode == "TF" ? std::vector<float>{} : node.attr_floats("weights");
    const auto pool = pool_grams(node, min_length, max_length, indexes, weights);

    // [N, C] tokens as i64, so the pool's values compare without narrowing.
    ov::Output<ov::Node> tokens = x;
    if (type != ov::element::i64)
        tokens = std::make_shared<v0::Convert>(tokens, ov::element::i64);
    if (rank == 1)
        tokens = std::make_shared<v0::Unsqueeze>(tokens, i64s({0}));
    const auto& length_dim = tokens.get_partial_shape()[1];
    const int64_t known_length = length_dim.is_static() ? length_dim.get_length() : -1;

    if (known_length < 0) {
        int64_t pairs = 0;
        for (const auto& entry : pool)
            pairs += entry.first == 1 ? 1 : std::min<int64_t>(max_skip, 4096) + 1;
        if (pairs > 4096)
            node.fail("would count " + std::to_string(pairs) + " (n-gram length, skip) pairs over a sequence length "
                      "unknown when the model is read (max_skip_count " + std::to_string(max_skip) +
                      "); reshape the input to a static length");
    }

    ov::OutputVector counts;  // [N, P] per n-gram length, f32
    std::vector<int64_t> gram_outputs;
    std::vector<float> gram_weights;
    for (const auto& [length, entry] : pool) {
        const size_t grams = entry.grams.size();
        ov::Output<ov::Node> total;
        for (int64_t skip = 0; skip <= (length == 1 ? 0 : max_skip); ++skip) {
            const int64_t step = skip + 1, span = (length - 1) * step;
            if (known_length >= 0 && known_length - span <= 0)
                break;  // no window of this length fits at this skip or any larger one
            ov::Output<ov::Node> match;
            for (int64_t k = 0; k < length; ++k) {
                // Window starts t = 0 .. C - span - 1; position k reads t + k * step. With C unknown the stop is
                // counted from the end; every slice is then empty when C <= span.
                const int64_t start = k * step, from_end = span - k * step;
                const int64_t stop = known_length >= 0 ? known_length - from_end
                                     : from_end > 0  ? -from_end
                                                     : std::numeric_limits<int64_t>::max();
                auto slice = std::make_shared<v8::Slice>(tokens, i64s({start}), i64s({stop}), i64s({1}), i64s({1}));
                std::vector<int64_t> column(grams);
                for (size_t g = 0; g < grams; ++g)
                    column[g] = entry.grams[g][static_cast<size_t>(k)];
                auto equal = std::make_shared<v1::Equal>(
                    std::make_shared<v0::Unsqueeze>(slice, i64s({2})),
                    v0::Constant::create(ov::element::i64, ov::Shape{grams}, column));  // [N, W, P]
                match = k == 0 ? equal->output(0) : std::make_shared<v1::LogicalAnd>(match, equal)->output(0);
            }
            auto found = std::make_shared<v1::ReduceSum>(std::make_shared<v0::Convert>(match, ov::element::f32),
                                                         i64s({1}), false);  // [N, P]
            total = total.get_node() ? std::make_shared<v1::Add>(total, found)->output(0) : found->output(0);
        }
        if (!total.get_node())
            continue;
        counts.push_back(total);
        for (const auto number : entry.numbers) {
            gram_outputs.push_back(indexes[static_cast<size_t>(number)]);
            gram_weights.push_back(weights.empty() ? 1.0f : weights[static_cast<size_t>(number)]);
        }
    }

    // Zeros of [N, outputs], into which the counts are added.
    auto rows = std::make_shared<v8::Gather>(std::make_shared<v3::ShapeOf>(tokens, ov::element::i64), i64s({0}),
                                             i64_scalar(0));
    auto output_shape = std::make_shared<v0::Concat>(ov::OutputVector{rows, i64s({outputs})}, 0);
    ov::Output<ov::Node> y = std::make_shared<v3::Broadcast>(scalar_of(ov::element::f32, 0.0), output_shape);
    if (!counts.empty()) {
        ov::Output<ov::Node> all_counts =
            counts.size() == 1 ? counts[0] : std::make_shared<v0::Concat>(counts, 1)->output(0);  // [N, P]
        if (mode == "IDF")
            all_counts = std::make_shared<v0::Convert>(
                std::make_shared<v1::Greater>(all_counts, scalar_of(ov::element::f32, 0.0)), ov::element::f32);
        if (!weights.empty())
            all_counts = std::make_shared<v1::Multiply>(
                all_counts, v0::Constant::create(ov::element::f32, ov::Shape{gram_weights.size()}, gram_weights));
        auto targets = std::make_shared<v3::Broadcast>(
            v0::Constant::create(ov::element::i64, ov::Shape{1, gram_outputs.size()}, gram_outputs),
            std::make_shared<v3::ShapeOf>(all_counts, ov::element::i64));
        y = std::make_shared<v12::ScatterElementsUpdate>(y, targets, all_counts, i64_scalar(1),
                                                         v12::ScatterElementsUpdate::Reduction::SUM, true);
    }
    if (rank == 1)
        y = std::make_shared<v0::Squeeze>(y, i64s({0}));
    return {y};
}

}  // namespace onnx_frontend
}  // namespace devmux
