// SPDX-License-Identifier: Apache-2.0
// TfIdfVectorizer (frontends/onnx/ops/tfidf_vectorizer.cpp) on models built here, against a naive count written
// in this test from the specification's text as ONNX Runtime 1.30 computes it: n-grams numbered in pool order,
// n >= 2 counted at every skip 0..max_skip_count (positions t, t + s + 1, ...), 1-grams once, lengths outside
// [min_gram_length, max_gram_length] not counted, a gram listed twice counted with its last listing's number,
// weights[k] belonging to pool n-gram k, and an output position summing the values of the n-grams mapped to it.
// Tokens are seeded random integers from a small vocabulary (so that grams repeat), pools are random grams over a
// slightly larger one (so that some never match). Counts are exact in f32: the comparison is exact for TF and
// within 1e-6 relative for the weighted modes.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <utility>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

struct TfIdfSpec {
    std::string mode = "TF";
    int64_t min_gram = 1, max_gram = 2, max_skip = 0;
    std::vector<int64_t> ngram_counts, ngram_indexes, pool;
    std::vector<float> weights;
};

// Y [rows, max(ngram_indexes) + 1] of `tokens` ([rows, length], row-major) by ONNX's definition.
std::vector<float> naive_tfidf(const TfIdfSpec& spec, const std::vector<int64_t>& tokens, size_t rows, size_t length) {
    const auto& indexes = spec.ngram_indexes;
    const size_t outputs = static_cast<size_t>(*std::max_element(indexes.begin(), indexes.end())) + 1;
    // (length, gram) -> the pool number of its last listing.
    std::map<std::pair<int64_t, std::vector<int64_t>>, size_t> number_of;
    size_t number = 0;
    for (size_t i = 0; i < spec.ngram_counts.size(); ++i) {
        const int64_t n = static_cast<int64_t>(i) + 1;
        const size_t begin = static_cast<size_t>(spec.ngram_counts[i]);
        const size_t end =
            i + 1 < spec.ngram_counts.size() ? static_cast<size_t>(spec.ngram_counts[i + 1]) : spec.pool.size();
        for (size_t at = begin; at + static_cast<size_t>(n) <= end; at += static_cast<size_t>(n), ++number)
            if (n >= spec.min_gram && n <= spec.max_gram)
                number_of[{n, std::vector<int64_t>(spec.pool.begin() + at, spec.pool.begin() + at + n)}] = number;
    }
    std::vector<float> y(rows * outputs, 0.0f);
    for (size_t r = 0; r < rows; ++r) {
        std::vector<double> sums(outputs, 0.0);
        const int64_t* row = tokens.data() + r * length;
        for (const auto& [key, k] : number_of) {
            const auto& [n, gram] = key;
            double count = 0.0;
            const int64_t last_skip = n == 1 ? 0 : spec.max_skip;
            for (int64_t skip = 0; skip <= last_skip; ++skip)
                for (int64_t t = 0; t + (n - 1) * (skip + 1) < static_cast<int64_t>(length); ++t) {
                    bool same = true;
                    for (int64_t i = 0; i < n && same; ++i)
                        same = row[t + i * (skip + 1)] == gram[static_cast<size_t>(i)];
                    count += same ? 1.0 : 0.0;
                }
            const double w = spec.weights.empty() ? 1.0 : spec.weights[k];
            const double value = spec.mode == "TF" ? count : spec.mode == "IDF" ? (count > 0 ? w : 0.0) : count * w;
            sums[static_cast<size_t>(spec.ngram_indexes[k])] += value;
        }
        for (size_t j = 0; j < outputs; ++j)
            y[r * outputs + j] = static_cast<float>(sums[j]);
    }
    return y;
}

onnx::ModelProto tfidf_model(const TfIdfSpec& spec, const std::vector<int64_t>& input_dims, int32_t input_type) {
    auto model = model_of_opset(17);
    auto& graph = *model.mutable_graph();
    graph.set_name("tfidf");
    add_input(graph, "tokens", input_dims, input_type);
    auto* node = add_node(graph, "TfIdfVectorizer", {"tokens"}, {"y"}, "vectorizer");
    set_string(*node, "mode", spec.mode);
    set_int(*node, "min_gram_length", spec.min_gram);
    set_int(*node, "max_gram_length", spec.max_gram);
    set_int(*node, "max_skip_count", spec.max_skip);
    set_ints(*node, "ngram_counts", spec.ngram_counts);
    set_ints(*node, "ngram_indexes", spec.ngram_indexes);
    set_ints(*node, "pool_int64s", spec.pool);
    if (!spec.weights.empty()) {
        auto* weights = add_attribute(*node, "weights", onnx::AttributeProto::FLOATS);
        for (const auto w : spec.weights)
            weights->add_floats(w);
    }
    add_output(graph, "y");
    return model;
}

// A pool of `per_length[i]` random (i+1)-grams over tokens 0..vocabulary-1, with the output positions a seeded
// shuffle of 0..grams-1 folded onto `outputs` positions (so some positions sum two grams), and a weight per gram.
TfIdfSpec random_spec(const std::vector<size_t>& per_length, int64_t vocabulary, size_t outputs, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int64_t> token(0, vocabulary - 1);
    TfIdfSpec spec;
    size_t grams = 0;
    for (size_t i = 0; i < per_length.size(); ++i) {
        spec.ngram_counts.push_back(static_cast<int64_t>(spec.pool.size()));
        for (size_t g = 0; g < per_length[i] * (i + 1); ++g)
            spec.pool.push_back(token(generator));
        grams += per_length[i];
    }
    spec.ngram_indexes.resize(grams);
    std::iota(spec.ngram_indexes.begin(), spec.ngram_indexes.end(), 0);
    std::shuffle(spec.ngram_indexes.begin(), spec.ngram_indexes.end(), generator);
    for (auto& index : spec.ngram_indexes)
        index %= static_cast<int64_t>(outputs);
    std::uniform_real_distribution<float> weight(0.25f, 2.0f);
    for (size_t k = 0; k < grams; ++k)
        spec.weights.push_back(weight(generator));
    return spec;
}

std::vector<int64_t> random_tokens(size_t count, int64_t vocabulary, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int64_t> token(0, vocabulary - 1);
    std::vector<int64_t> tokens(count);
    for (auto& t : tokens)
        t = token(generator);
    return tokens;
}

ov::Tensor token_tensor(const std::vector<int64_t>& tokens, const ov::Shape& shape, int32_t onnx_type) {
    if (onnx_type == onnx::TensorProto::INT64) {
        ov::Tensor t(ov::element::i64, shape);
        std::copy(tokens.begin(), tokens.end(), t.data<int64_t>());
        return t;
    }
    ov::Tensor t(ov::element::i32, shape);
    std::transform(tokens.begin(), tokens.end(), t.data<int32_t>(), [](int64_t v) { return static_cast<int32_t>(v); });
    return t;
}

std::vector<float> run_tfidf(ov::Core& core, const onnx::ModelProto& model, const ov::Tensor& tokens,
                             const std::string& device = "CPU") {
    auto compiled = core.compile_model(read(core, model), device);
    auto request = compiled.create_infer_request();
    request.set_input_tensor(tokens);
    request.infer();
    const auto y = request.get_output_tensor();
    EXPECT_EQ(y.get_element_type(), ov::element::f32);
    return std::vector<float>(y.data<float>(), y.data<float>() + y.get_size());
}

// A pool written by hand: three unigrams, then bigrams (ngram_counts [0, 3]), both lengths counted, at skips 0
// and 1; mode TF until a test sets another.
TfIdfSpec unigrams_then_bigrams(std::vector<int64_t> pool, std::vector<int64_t> ngram_indexes,
                                std::vector<float> weights = {}) {
    TfIdfSpec spec;
    spec.min_gram = 1;
    spec.max_gram = 2;
    spec.max_skip = 1;
    spec.ngram_counts = {0, 3};
    spec.pool = std::move(pool);
    spec.ngram_indexes = std::move(ngram_indexes);
    spec.weights = std::move(weights);
    return spec;
}

void expect_counts(const std::vector<float>& actual, const std::vector<float>& expected, const std::string& what) {
    ASSERT_EQ(actual.size(), expected.size()) << what;
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-6 * std::abs(expected[i])) << what << " element " << i;
}

// Every mode, both token types, with unigrams, bigrams and trigrams and skips up to 2.
TEST(OnnxTfIdfVectorizer, EveryModeMatchesTheNaiveCount) {
    ov::Core core;
    unsigned seed = 11;
    for (const std::string mode : {"TF", "IDF", "TFIDF"})
        for (const int32_t type : {onnx::TensorProto::INT64, onnx::TensorProto::INT32}) {
            auto spec = random_spec({4, 6, 5}, 5, 9, seed);
            spec.mode = mode;
            spec.min_gram = 1;
            spec.max_gram = 3;
            spec.max_skip = 2;
            const size_t rows = 3, length = 14;
            const auto tokens = random_tokens(rows * length, 4, seed + 100);
            const auto expected = naive_tfidf(spec, tokens, rows, length);
            ASSERT_GT(*std::max_element(expected.begin(), expected.end()), 1.0f) << "the inputs should repeat grams";
            const auto model = tfidf_model(spec, {3, 14}, type);
            expect_counts(run_tfidf(core, model, token_tensor(tokens, {rows, length}, type)), expected,
                          mode + (type == onnx::TensorProto::INT32 ? " int32" : " int64"));
            ++seed;
        }
}

// The same on the GPU alias of the software deployment (plugins-software-gpu.xml: PoCL and lavapipe where no GPU is
// present), where the comparisons, the scatter and the weights may run on a GPU backend.
TEST(OnnxTfIdfVectorizer, EveryModeOnTheGpuAlias) {
    ov::Core core("plugins-software-gpu.xml");
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU") == devices.end())
        GTEST_SKIP() << "no GPU device in plugins-software-gpu.xml: neither the OpenCL nor the Vulkan backend was built";
    unsigned seed = 61;
    for (const std::string mode : {"TF", "IDF", "TFIDF"}) {
        auto spec = random_spec({4, 6, 5}, 5, 9, seed);
        spec.mode = mode;
        spec.max_gram = 3;
        spec.max_skip = 2;
        const auto tokens = random_tokens(3 * 14, 4, seed + 100);
        const auto model = tfidf_model(spec, {3, 14}, onnx::TensorProto::INT32);
        expect_counts(run_tfidf(core, model, token_tensor(tokens, {3, 14}, onnx::TensorProto::INT32), "GPU"),
                      naive_tfidf(spec, tokens, 3, 14), mode + " on GPU");
        ++seed;
    }
}

// min_gram_length 2 leaves unigrams out even when the pool has them; a 1-D input gives a 1-D output.
TEST(OnnxTfIdfVectorizer, MinGramLengthAndOneDimensionalInput) {
    ov::Core core;
    for (const int64_t min_gram : {1, 2, 3}) {
        auto spec = random_spec({5, 8, 4}, 4, 12, 40 + static_cast<unsigned>(min_gram));
        spec.mode = "TFIDF";
        spec.min_gram = min_gram;
        spec.max_gram = 3;
        spec.max_skip = 3;
        const auto tokens = random_tokens(20, 3, 77);
        const auto model = tfidf_model(spec, {20}, onnx::TensorProto::INT64);
        auto compiled = core.compile_model(read(core, model), "CPU");
        EXPECT_EQ(compiled.output().get_partial_shape(), ov::PartialShape({12}));
        expect_counts(run_tfidf(core, model, token_tensor(tokens, {20}, onnx::TensorProto::INT64)),
                      naive_tfidf(spec, tokens, 1, 20), "min_gram_length " + std::to_string(min_gram));
    }
}

// IDF and TFIDF without weights (weights of 1); a gram listed twice counts into its last listing's position; a
// pool value beyond int32 never matches int32 tokens (no narrowing); an empty length group (ngram_counts [0, 0]).
TEST(OnnxTfIdfVectorizer, DefaultWeightsDuplicatesAndWidePoolValues) {
    ov::Core core;
    auto spec = unigrams_then_bigrams({0, int64_t{1} << 32, 1, /* bigrams */ 0, 1, 1, 2, 0, 1}, {0, 1, 2, 3, 4, 5});
    const auto tokens = random_tokens(2 * 16, 3, 5);
    for (const std::string mode : {"TF", "IDF", "TFIDF"}) {
        spec.mode = mode;
        const auto model = tfidf_model(spec, {2, 16}, onnx::TensorProto::INT32);
        const auto actual = run_tfidf(core, model, token_tensor(tokens, {2, 16}, onnx::TensorProto::INT32));
        const auto expected = naive_tfidf(spec, tokens, 2, 16);
        expect_counts(actual, expected, mode);
        EXPECT_EQ(actual[1], 0.0f) << "2^32 must not match token 0";
        EXPECT_EQ(actual[3], 0.0f) << "[0, 1] is listed twice: it counts into position 5, its last listing";
        EXPECT_GT(actual[5], 0.0f) << mode;
    }
    TfIdfSpec only_bigrams = spec;
    only_bigrams.mode = "TF";
    only_bigrams.min_gram = 2;
    only_bigrams.ngram_counts = {0, 0};
    only_bigrams.pool = {0, 1, 1, 2};
    only_bigrams.ngram_indexes = {1, 0};
    expect_counts(run_tfidf(core, tfidf_model(only_bigrams, {2, 16}, onnx::TensorProto::INT64),
                            token_tensor(tokens, {2, 16}, onnx::TensorProto::INT64)),
                  naive_tfidf(only_bigrams, tokens, 2, 16), "ngram_counts [0, 0]");
}

// Weights belong to pool n-grams, not to output positions (ONNX's Python reference reads them the other way): a
// hand case whose ngram_indexes permute the positions. Expected values are ONNX Runtime 1.30's on this model
// (and by hand: counts 1 -> 3, 2 -> 4, 3 -> 1, [1, 2] -> 2 + 2 at skips 0 and 1, [2, 1] -> 2 + 0).
TEST(OnnxTfIdfVectorizer, WeightsBelongToPoolNgramsAsInOnnxRuntime) {
    ov::Core core;
    auto spec =
        unigrams_then_bigrams({1, 2, 3, /* bigrams */ 1, 2, 2, 1}, {3, 0, 4, 1, 2}, {0.5f, 1.5f, 2.0f, 3.0f, 4.0f});
    const std::vector<int64_t> tokens = {1, 2, 1, 3, 2, 1, 2, 2};
    const std::map<std::string, std::vector<float>> onnx_runtime = {{"IDF", {1.5f, 3.0f, 4.0f, 0.5f, 2.0f}},
                                                                    {"TFIDF", {6.0f, 12.0f, 8.0f, 1.5f, 2.0f}},
                                                                    {"TF", {4.0f, 4.0f, 2.0f, 3.0f, 1.0f}}};
    for (const auto& [mode, expected] : onnx_runtime) {
        spec.mode = mode;
        const auto model = tfidf_model(spec, {8}, onnx::TensorProto::INT64);
        const auto actual = run_tfidf(core, model, token_tensor(tokens, {8}, onnx::TensorProto::INT64));
        EXPECT_EQ(actual, expected) << mode;
        EXPECT_EQ(naive_tfidf(spec, tokens, 1, 8), expected) << mode << " (the test's own count)";
    }
}

// A sequence length not known when the model is read: slices counted from the end, also for a row shorter than
// the longest gram's span (no window fits; zero counts for it).
TEST(OnnxTfIdfVectorizer, DynamicSequenceLength) {
    ov::Core core;
    auto spec = random_spec({3, 5, 4}, 3, 7, 91);
    spec.mode = "TF";
    spec.min_gram = 1;
    spec.max_gram = 3;
    spec.max_skip = 2;
    const auto model = tfidf_model(spec, {2, -1}, onnx::TensorProto::INT64);
    auto compiled = core.compile_model(read(core, model), "CPU");
    for (const size_t length : {13, 4, 2}) {
        const auto tokens = random_tokens(2 * length, 3, 300 + static_cast<unsigned>(length));
        auto request = compiled.create_infer_request();
        request.set_input_tensor(token_tensor(tokens, {2, length}, onnx::TensorProto::INT64));
        request.infer();
        const auto y = request.get_output_tensor();
        expect_counts(std::vector<float>(y.data<float>(), y.data<float>() + y.get_size()),
                      naive_tfidf(spec, tokens, 2, length), "length " + std::to_string(length));
    }
}

// String pools are refused naming the node, its op and why; so are a pool that ngram_indexes does not cover,
// ngram_counts beyond the pool, and skips that cannot be bounded.
TEST(OnnxTfIdfVectorizer, RefusesStringPoolsAndShortIndexLists) {
    ov::Core core;
    auto model = model_of_opset(17);
    auto& graph = *model.mutable_graph();
    graph.set_name("strings");
    add_input(graph, "tokens", {4}, onnx::TensorProto::INT64);
    auto* node = add_node(graph, "TfIdfVectorizer", {"tokens"}, {"y"}, "string_vectorizer");
    set_string(*node, "mode", "TF");
    set_int(*node, "min_gram_length", 1);
    set_int(*node, "max_gram_length", 1);
    set_int(*node, "max_skip_count", 0);
    set_ints(*node, "ngram_counts", {0});
    set_ints(*node, "ngram_indexes", {0, 1});
    auto* pool = add_attribute(*node, "pool_strings", onnx::AttributeProto::STRINGS);
    pool->add_strings("hello");
    pool->add_strings("world");
    add_output(graph, "y");
    const auto error = error_of([&] { read(core, model); });
    EXPECT_THAT(error, HasSubstr("string_vectorizer"));
    EXPECT_THAT(error, HasSubstr("TfIdfVectorizer"));
    EXPECT_THAT(error, HasSubstr("pool_strings"));
    // The usual form, string tokens with a string pool, stops at the input: devmux has no string tensors.
    graph.mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::STRING);
    const auto string_tokens = error_of([&] { read(core, model); });
    EXPECT_THAT(string_tokens, HasSubstr("tokens"));
    EXPECT_THAT(string_tokens, HasSubstr("STRING"));

    TfIdfSpec spec;
    spec.ngram_counts = {0, 2};
    spec.pool = {1, 2, 3, 4};
    spec.ngram_indexes = {0, 1};  // three n-grams in the pool
    const auto short_list = error_of([&] { read(core, tfidf_model(spec, {4}, onnx::TensorProto::INT64)); });
    EXPECT_THAT(short_list, HasSubstr("vectorizer"));
    EXPECT_THAT(short_list, HasSubstr("2 ngram_indexes for the 3 n-grams"));

    spec.ngram_counts = {0, 9};  // bigrams from position 9 of a pool of 4
    spec.ngram_indexes = {0, 1, 2};
    EXPECT_THAT(error_of([&] { read(core, tfidf_model(spec, {4}, onnx::TensorProto::INT64)); }),
                HasSubstr("outside its pool of 4"));
    // Skips are unrolled: with the length unknown when the model is read, a huge max_skip_count is refused.
    spec.ngram_counts = {0, 2};
    spec.max_skip = 100000;
    EXPECT_THAT(error_of([&] { read(core, tfidf_model(spec, {-1}, onnx::TensorProto::INT64)); }),
                HasSubstr("reshape the input to a static length"));
    EXPECT_NO_THROW(read(core, tfidf_model(spec, {4}, onnx::TensorProto::INT64)));
}

}  // namespace
