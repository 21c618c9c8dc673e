// SPDX-License-Identifier: Apache-2.0
// Text encoders (BERT-like) as applications ship them (docs/onnx.md, "Real models"): a BERT layer in the form
// PyTorch's exporter writes it (opset 18: LayerNormalization, the attention mask built from `attention_mask` by
// Shape/Expand/Where with the float's lowest value, the 1/sqrt(d) scale split over q and k, erf GELU), with a
// dynamic batch and sequence length; and the int8 form that transformers.js ships (`model_quantized.onnx`, from
// ONNX Runtime's dynamic quantization): a u8 embedding table behind DequantizeLinear, then DynamicQuantizeLinear
// and MatMulInteger with per-tensor zero points. Run on CPU (the layer also on the GPU alias of the software
// deployment) against values computed here from ONNX's definitions
// (seeded random weights and token ids, padded masks).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"
#include "openvino/runtime/properties.hpp"

namespace {
using namespace onnx_test;

constexpr int64_t vocabulary = 40, max_positions = 64, hidden = 8, heads = 2, head_size = hidden / heads,
                  intermediate = 16;
constexpr double layer_norm_epsilon = 1e-12;

// Token inputs [batch, sequence] with two distinct dynamic dimensions.
void add_token_input(onnx::GraphProto& graph, const std::string& name) {
    auto* input = graph.add_input();
    input->set_name(name);
    auto* tensor = input->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::INT64);
    tensor->mutable_shape()->add_dim()->set_dim_param("batch_size");
    tensor->mutable_shape()->add_dim()->set_dim_param("sequence_length");
}

struct Weights {
    std::vector<float> word, position, token_type, ln0_gamma, ln0_beta, wq, bq, wk, bk, wv, bv, wo, bo, ln1_gamma,
        ln1_beta, wi, bi, wo2, bo2, ln2_gamma, ln2_beta;
};

Weights random_weights() {
    unsigned seed = 100;
    auto r = [&seed](size_t n, float scale = 0.5f) { return random_values(n, seed++, -scale, scale); };
    auto around_one = [&seed](size_t n) { return random_values(n, seed++, 0.5f, 1.5f); };
    return {r(vocabulary * hidden, 1.0f), r(max_positions * hidden), r(2 * hidden), around_one(hidden), r(hidden),
            r(hidden * hidden), r(hidden), r(hidden * hidden), r(hidden), r(hidden * hidden), r(hidden),
            r(hidden * hidden), r(hidden), around_one(hidden), r(hidden), r(hidden * intermediate), r(intermediate),
            r(intermediate * hidden), r(hidden), around_one(hidden), r(hidden)};
}

void add_scalar_ints(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& values) {
    add_ints(graph, name, {static_cast<int64_t>(values.size())}, values);
}

// x @ w + b, as the exporter writes a Linear (bias first in the Add).
void add_linear(onnx::GraphProto& graph, const std::string& x, const std::string& prefix, int64_t in, int64_t out,
                const std::vector<float>& w, const std::vector<float>& b, const std::string& y) {
    add_floats(graph, prefix + ".weight", {in, out}, w);
    add_floats(graph, prefix + ".bias", {out}, b);
    add_node(graph, "MatMul", {x, prefix + ".weight"}, {prefix + "/matmul"});
    add_node(graph, "Add", {prefix + ".bias", prefix + "/matmul"}, {y});
}

void add_layer_norm(onnx::GraphProto& graph, const std::string& x, const std::string& prefix,
                    const std::vector<float>& gamma, const std::vector<float>& beta, const std::string& y) {
    add_floats(graph, prefix + ".weight", {hidden}, gamma);
    add_floats(graph, prefix + ".bias", {hidden}, beta);
    auto* norm = add_node(graph, "LayerNormalization", {x, prefix + ".weight", prefix + ".bias"}, {y});
    set_int(*norm, "axis", -1);
    add_attribute(*norm, "epsilon", onnx::AttributeProto::FLOAT)->set_f(static_cast<float>(layer_norm_epsilon));
}

// Reshape(x, [batch, -1, heads, head_size]) then Transpose(perm).
void add_split_heads(onnx::GraphProto& graph, const std::string& x, const std::vector<int64_t>& perm,
                     const std::string& y) {
    set_int(*add_node(graph, "Concat", {"batch_1d", "minus_one_1d", "heads_1d", "head_size_1d"}, {y + "/shape"}), "axis", 0);
    add_node(graph, "Reshape", {x, y + "/shape"}, {y + "/heads"});
    set_ints(*add_node(graph, "Transpose", {y + "/heads"}, {y}), "perm", perm);
}

onnx::ModelProto bert_layer(const Weights& w) {
    auto model = model_of_opset(18);
    auto& graph = *model.mutable_graph();
    add_token_input(graph, "input_ids");
    add_token_input(graph, "attention_mask");
    add_token_input(graph, "token_type_ids");

    // Embeddings: word + token type + position (a slice of a [1, max_positions] table of 0..max-1, as exported).
    std::vector<int64_t> positions(max_positions);
    for (int64_t i = 0; i < max_positions; ++i)
        positions[i] = i;
    add_ints(graph, "position_ids", {1, max_positions}, positions);
    add_ints(graph, "zero", {}, {0});
    add_ints(graph, "one", {}, {1});
    add_scalar_ints(graph, "zero_1d", {0});
    add_scalar_ints(graph, "one_1d", {1});
    add_scalar_ints(graph, "two_1d", {2});
    add_scalar_ints(graph, "minus_one_1d", {-1});
    add_scalar_ints(graph, "heads_1d", {heads});
    add_scalar_ints(graph, "head_size_1d", {head_size});
    add_scalar_ints(graph, "hidden_1d", {hidden});
    add_node(graph, "Shape", {"input_ids"}, {"ids_shape"});
    add_node(graph, "Gather", {"ids_shape", "one"}, {"sequence"});
    add_node(graph, "Gather", {"ids_shape", "zero"}, {"batch"});
    add_node(graph, "Unsqueeze", {"sequence", "zero_1d"}, {"sequence_1d"});
    add_node(graph, "Unsqueeze", {"batch", "zero_1d"}, {"batch_1d"});
    add_node(graph, "Slice", {"position_ids", "zero_1d", "sequence_1d", "one_1d", "one_1d"}, {"sliced_positions"});
    add_floats(graph, "word_embeddings", {vocabulary, hidden}, w.word);
    add_floats(graph, "token_type_embeddings", {2, hidden}, w.token_type);
    add_floats(graph, "position_embeddings", {max_positions, hidden}, w.position);
    add_node(graph, "Gather", {"word_embeddings", "input_ids"}, {"words"});
    add_node(graph, "Gather", {"token_type_embeddings", "token_type_ids"}, {"token_types"});
    add_node(graph, "Add", {"words", "token_types"}, {"words_and_types"});
    add_node(graph, "Gather", {"position_embeddings", "sliced_positions"}, {"positions"});
    add_node(graph, "Add", {"words_and_types", "positions"}, {"embedded"});
    add_layer_norm(graph, "embedded", "embeddings.LayerNorm", w.ln0_gamma, w.ln0_beta, "x");

    // Mask: Expand(mask[:, None, None, :], [batch, 1, sequence, sequence]) with -1 entries of the target shape
    // replaced by 1 (Where(Equal(shape, -1))), then (1 - mask) turned into lowest-float where the mask is 0.
    add_node(graph, "Unsqueeze", {"attention_mask", "one_1d"}, {"mask_3d"});
    add_node(graph, "Unsqueeze", {"mask_3d", "two_1d"}, {"mask_4d"});
    auto* target = add_node(graph, "Concat", {"batch_1d", "one_1d", "sequence_1d", "sequence_1d"}, {"target"});
    set_int(*target, "axis", 0);
    add_node(graph, "Reshape", {"target", "minus_one_1d"}, {"target_flat"});
    add_node(graph, "Shape", {"target_flat"}, {"target_length"});
    auto* ones = add_node(graph, "ConstantOfShape", {"target_length"}, {"target_ones"});
    auto* one_value = add_attribute(*ones, "value", onnx::AttributeProto::TENSOR)->mutable_t();
    one_value->set_data_type(onnx::TensorProto::INT64);
    one_value->add_dims(1);
    one_value->add_int64_data(1);
    add_ints(graph, "minus_one", {}, {-1});
    add_node(graph, "Mul", {"target_ones", "minus_one"}, {"minus_ones"});
    add_node(graph, "Equal", {"target_flat", "minus_ones"}, {"is_minus_one"});
    add_node(graph, "Where", {"is_minus_one", "target_ones", "target_flat"}, {"expand_shape"});
    add_node(graph, "Expand", {"mask_4d", "expand_shape"}, {"mask_expanded"});
    set_int(*add_node(graph, "Cast", {"mask_expanded"}, {"mask_float"}), "to", onnx::TensorProto::FLOAT);
    add_floats(graph, "one_float", {}, {1.0f});
    add_node(graph, "Sub", {"one_float", "mask_float"}, {"inverted"});
    set_int(*add_node(graph, "Cast", {"inverted"}, {"inverted_bool"}), "to", onnx::TensorProto::BOOL);
    add_floats(graph, "lowest", {}, {std::numeric_limits<float>::lowest()});
    add_node(graph, "Where", {"inverted_bool", "lowest", "inverted"}, {"additive_mask"});

    // Self-attention, the 1/sqrt(head_size) scale applied as its square root to q and to k^T.
    add_linear(graph, "x", "query", hidden, hidden, w.wq, w.bq, "q");
    add_linear(graph, "x", "key", hidden, hidden, w.wk, w.bk, "k");
    add_linear(graph, "x", "value", hidden, hidden, w.wv, w.bv, "v");
    add_split_heads(graph, "q", {0, 2, 1, 3}, "q_heads");
    add_split_heads(graph, "k", {0, 2, 3, 1}, "k_heads_t");
    add_split_heads(graph, "v", {0, 2, 1, 3}, "v_heads");
    add_node(graph, "Shape", {"q_heads"}, {"q_shape"});
    add_scalar_ints(graph, "last_start", {-1});
    add_scalar_ints(graph, "last_end", {std::numeric_limits<int64_t>::max()});
    add_node(graph, "Slice", {"q_shape", "last_start", "last_end"}, {"head_size_dim"});
    set_int(*add_node(graph, "Cast", {"head_size_dim"}, {"head_size_float"}), "to", onnx::TensorProto::FLOAT);
    add_node(graph, "Sqrt", {"head_size_float"}, {"sqrt_head_size"});
    add_floats(graph, "one_float_1d", {1}, {1.0f});
    add_node(graph, "Div", {"one_float_1d", "sqrt_head_size"}, {"scale"});
    add_node(graph, "Sqrt", {"scale"}, {"sqrt_scale"});
    add_node(graph, "Mul", {"q_heads", "sqrt_scale"}, {"q_scaled"});
    add_node(graph, "Mul", {"k_heads_t", "sqrt_scale"}, {"k_scaled"});
    add_node(graph, "MatMul", {"q_scaled", "k_scaled"}, {"scores"});
    add_node(graph, "Add", {"scores", "additive_mask"}, {"masked_scores"});
    set_int(*add_node(graph, "Softmax", {"masked_scores"}, {"probabilities"}), "axis", -1);
    add_node(graph, "MatMul", {"probabilities", "v_heads"}, {"context_heads"});
    set_ints(*add_node(graph, "Transpose", {"context_heads"}, {"context_t"}), "perm", {0, 2, 1, 3});
    auto* merged = add_node(graph, "Concat", {"batch_1d", "sequence_1d", "hidden_1d"}, {"merged_shape"});
    set_int(*merged, "axis", 0);
    add_node(graph, "Reshape", {"context_t", "merged_shape"}, {"context"});
    add_linear(graph, "context", "attention.output", hidden, hidden, w.wo, w.bo, "attention_dense");
    add_node(graph, "Add", {"attention_dense", "x"}, {"attention_residual"});
    add_layer_norm(graph, "attention_residual", "attention.LayerNorm", w.ln1_gamma, w.ln1_beta, "attended");

    // Feed-forward with exact GELU: x * (erf(x / sqrt(2)) + 1) * 0.5.
    add_linear(graph, "attended", "intermediate", hidden, intermediate, w.wi, w.bi, "inner");
    add_floats(graph, "sqrt2", {}, {1.41421356f});
    add_floats(graph, "half", {}, {0.5f});
    add_node(graph, "Div", {"inner", "sqrt2"}, {"inner_scaled"});
    add_node(graph, "Erf", {"inner_scaled"}, {"inner_erf"});
    add_node(graph, "Add", {"inner_erf", "one_float"}, {"inner_erf_1"});
    add_node(graph, "Mul", {"inner", "inner_erf_1"}, {"inner_gated"});
    add_node(graph, "Mul", {"inner_gated", "half"}, {"gelu"});
    add_linear(graph, "gelu", "output", intermediate, hidden, w.wo2, w.bo2, "output_dense");
    add_node(graph, "Add", {"output_dense", "attended"}, {"output_residual"});
    add_layer_norm(graph, "output_residual", "output.LayerNorm", w.ln2_gamma, w.ln2_beta, "last_hidden_state");
    add_output(graph, "last_hidden_state");
    return model;
}

struct Tokens {
    size_t batch, sequence;
    std::vector<int64_t> ids, mask, types;
};

// Random ids and token types; row b keeps its first tokens and pads the rest (mask 0) from a random point on.
Tokens random_tokens(size_t batch, size_t sequence, unsigned seed) {
    std::mt19937 generator(seed);
    Tokens t{batch, sequence, {}, {}, {}};
    std::uniform_int_distribution<int64_t> id(0, vocabulary - 1), type(0, 1);
    std::uniform_int_distribution<size_t> kept(1, sequence);
    for (size_t b = 0; b < batch; ++b) {
        const size_t length = b == 0 ? sequence : kept(generator);
        for (size_t s = 0; s < sequence; ++s) {
            t.ids.push_back(id(generator));
            t.types.push_back(type(generator));
            t.mask.push_back(s < length ? 1 : 0);
        }
    }
    return t;
}

// rows x [in] @ w [in, out] + b, in double.
std::vector<double> linear(const std::vector<double>& x, size_t rows, size_t in, size_t out,
                           const std::vector<float>& w, const std::vector<float>& b) {
    std::vector<double> y(rows * out);
    for (size_t r = 0; r < rows; ++r)
        for (size_t o = 0; o < out; ++o) {
            double sum = b[o];
            for (size_t i = 0; i < in; ++i)
                sum += x[r * in + i] * w[i * out + o];
            y[r * out + o] = sum;
        }
    return y;
}

void layer_norm(std::vector<double>& x, const std::vector<float>& gamma, const std::vector<float>& beta) {
    for (size_t r = 0; r < x.size() / hidden; ++r) {
        double mean = 0, variance = 0;
        for (int64_t h = 0; h < hidden; ++h)
            mean += x[r * hidden + h] / hidden;
        for (int64_t h = 0; h < hidden; ++h)
            variance += (x[r * hidden + h] - mean) * (x[r * hidden + h] - mean) / hidden;
        for (int64_t h = 0; h < hidden; ++h)
            x[r * hidden + h] = (x[r * hidden + h] - mean) / std::sqrt(variance + layer_norm_epsilon) * gamma[h] + beta[h];
    }
}

// The BERT layer written out from its definition, in double; masked keys get no weight.
std::vector<double> reference_bert_layer(const Weights& w, const Tokens& t) {
    const size_t rows = t.batch * t.sequence;
    std::vector<double> x(rows * hidden);
    for (size_t r = 0; r < rows; ++r)
        for (int64_t h = 0; h < hidden; ++h)
            x[r * hidden + h] = double(w.word[t.ids[r] * hidden + h]) + w.token_type[t.types[r] * hidden + h] +
                                w.position[(r % t.sequence) * hidden + h];
    layer_norm(x, w.ln0_gamma, w.ln0_beta);
    const auto q = linear(x, rows, hidden, hidden, w.wq, w.bq), k = linear(x, rows, hidden, hidden, w.wk, w.bk),
               v = linear(x, rows, hidden, hidden, w.wv, w.bv);
    std::vector<double> context(rows * hidden, 0.0);
    for (size_t b = 0; b < t.batch; ++b)
        for (int64_t head = 0; head < heads; ++head)
            for (size_t i = 0; i < t.sequence; ++i) {
                std::vector<double> weights(t.sequence, 0.0);
                double peak = -std::numeric_limits<double>::infinity(), total = 0;
                for (size_t j = 0; j < t.sequence; ++j) {
                    if (!t.mask[b * t.sequence + j])
                        continue;
                    double dot = 0;
                    for (int64_t d = 0; d < head_size; ++d)
                        dot += q[(b * t.sequence + i) * hidden + head * head_size + d] *
                               k[(b * t.sequence + j) * hidden + head * head_size + d];
                    weights[j] = dot / std::sqrt(double(head_size));
                    peak = std::max(peak, weights[j]);
                }
                for (size_t j = 0; j < t.sequence; ++j)
                    if (t.mask[b * t.sequence + j])
                        total += weights[j] = std::exp(weights[j] - peak);
                for (size_t j = 0; j < t.sequence; ++j)
                    if (t.mask[b * t.sequence + j])
                        for (int64_t d = 0; d < head_size; ++d)
                            context[(b * t.sequence + i) * hidden + head * head_size + d] +=
                                weights[j] / total * v[(b * t.sequence + j) * hidden + head * head_size + d];
            }
    auto attended = linear(context, rows, hidden, hidden, w.wo, w.bo);
    for (size_t i = 0; i < attended.size(); ++i)
        attended[i] += x[i];
    layer_norm(attended, w.ln1_gamma, w.ln1_beta);
    auto inner = linear(attended, rows, hidden, intermediate, w.wi, w.bi);
    for (auto& value : inner)
        value = 0.5 * value * (1.0 + std::erf(value / std::sqrt(2.0)));
    auto output = linear(inner, rows, intermediate, hidden, w.wo2, w.bo2);
    for (size_t i = 0; i < output.size(); ++i)
        output[i] += attended[i];
    layer_norm(output, w.ln2_gamma, w.ln2_beta);
    return output;
}

ov::Tensor infer_tokens(ov::CompiledModel& compiled, Tokens& t) {
    auto request = compiled.create_infer_request();
    const ov::Shape shape{t.batch, t.sequence};
    request.set_tensor("input_ids", ov::Tensor(ov::element::i64, shape, t.ids.data()));
    request.set_tensor("attention_mask", ov::Tensor(ov::element::i64, shape, t.mask.data()));
    request.set_tensor("token_type_ids", ov::Tensor(ov::element::i64, shape, t.types.data()));
    request.infer();
    const auto output = request.get_tensor("last_hidden_state");
    ov::Tensor copy(output.get_element_type(), output.get_shape());
    output.copy_to(copy);
    return copy;
}

// Layer-normalized outputs of magnitude about 1: 1e-4 absolute leaves room for f32 sums, no more.
void expect_close(const ov::Tensor& got, const std::vector<double>& expected, const std::string& what) {
    ASSERT_EQ(got.get_size(), expected.size()) << what;
    const float* values = got.data<const float>();
    double worst = 0;
    for (size_t i = 0; i < expected.size(); ++i)
        worst = std::max(worst, std::abs(values[i] - expected[i]));
    EXPECT_LT(worst, 1e-4) << what << ": largest |devmux - reference|";
}

TEST(OnnxEncoder, BertLayerAsExportedRunsWithDynamicBatchAndSequence) {
    const auto weights = random_weights();
    ov::Core core;
    const auto model = read(core, bert_layer(weights));
    ASSERT_TRUE(model->input("input_ids").get_partial_shape().is_dynamic());
    auto compiled = core.compile_model(model, "CPU");
    unsigned seed = 7;
    for (const auto& [batch, sequence] : {std::pair<size_t, size_t>{2, 16}, {3, 37}, {1, 5}}) {
        auto tokens = random_tokens(batch, sequence, seed++);
        const auto got = infer_tokens(compiled, tokens);
        EXPECT_EQ(got.get_shape(), (ov::Shape{batch, sequence, size_t(hidden)}));
        expect_close(got, reference_bert_layer(weights, tokens),
                     "dynamic, batch " + std::to_string(batch) + " sequence " + std::to_string(sequence));
    }
}

TEST(OnnxEncoder, BertLayerReshapedToStaticTokens) {
    const auto weights = random_weights();
    ov::Core core;
    for (const size_t sequence : {16, 64}) {
        auto model = read(core, bert_layer(weights));
        const ov::PartialShape shape{2, int64_t(sequence)};
        model->reshape({{"input_ids", shape}, {"attention_mask", shape}, {"token_type_ids", shape}});
        ASSERT_TRUE(model->output().get_partial_shape().is_static());
        auto compiled = core.compile_model(model, "CPU");
        auto tokens = random_tokens(2, sequence, 40 + unsigned(sequence));
        expect_close(infer_tokens(compiled, tokens), reference_bert_layer(weights, tokens),
                     "static sequence " + std::to_string(sequence));
    }
}

// The GPU alias of the software deployment (plugins-software-gpu.xml: PoCL and lavapipe where no GPU is present),
// where encoders run as on a GPU machine: the layer reshaped to static tokens, as the GPU backends need.
TEST(OnnxEncoder, BertLayerOnGpuAlias) {
    ov::Core core("plugins-software-gpu.xml");
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU") == devices.end())
        GTEST_SKIP() << "no GPU device in plugins-software-gpu.xml: neither the OpenCL nor the Vulkan backend was built";
    const auto weights = random_weights();
    auto model = read(core, bert_layer(weights));
    const ov::PartialShape shape{2, 24};
    model->reshape({{"input_ids", shape}, {"attention_mask", shape}, {"token_type_ids", shape}});
    auto compiled = core.compile_model(model, "GPU");
    const auto executing = compiled.get_property(ov::execution_devices);
    EXPECT_TRUE(std::any_of(executing.begin(), executing.end(),
                            [](const std::string& device) { return device.rfind("CPU", 0) != 0; }))
        << "a GPU backend runs part of the layer, not CPU alone";
    auto tokens = random_tokens(2, 24, 99);
    expect_close(infer_tokens(compiled, tokens), reference_bert_layer(weights, tokens), "GPU alias, [2,24]");
}

// ONNX's DynamicQuantizeLinear in float: scale from the range including 0, zero point and values rounded half to
// even and saturated to u8.
struct Quantized {
    std::vector<int32_t> values;
    float scale;
    int32_t zero_point;
};

Quantized dynamic_quantize(const std::vector<float>& x) {
    const float low = std::min(0.0f, *std::min_element(x.begin(), x.end()));
    const float high = std::max(0.0f, *std::max_element(x.begin(), x.end()));
    Quantized q{{}, (high - low) / 255.0f, 0};
    auto saturate = [](float v) { return static_cast<int32_t>(std::clamp(v, 0.0f, 255.0f)); };
    q.zero_point = saturate(std::nearbyint(0.0f - low / q.scale));
    for (const float v : x)
        q.values.push_back(saturate(std::nearbyint(v / q.scale) + float(q.zero_point)));
    return q;
}

// y = Cast(MatMulInteger(DynamicQuantizeLinear(Gather(DequantizeLinear(table), ids)), w)) * (x_scale * w_scale) + b,
// the form of every MatMul in a dynamically quantized encoder.
TEST(OnnxEncoder, QuantizedEmbeddingAndMatMulAsTransformersJsShipsThem) {
    constexpr int64_t rows = 2, columns = 7, out = 12;
    constexpr uint8_t table_zero_point = 128, w_zero_point = 131;
    constexpr float table_scale = 0.02f, w_scale = 0.003f;
    std::mt19937 generator(2026);
    std::uniform_int_distribution<int64_t> byte(0, 255), id(0, vocabulary - 1);
    std::vector<int64_t> table(vocabulary * hidden), w(hidden * out), ids(rows * columns);
    for (auto& v : table)
        v = byte(generator);
    for (auto& v : w)
        v = byte(generator);
    for (auto& v : ids)
        v = id(generator);
    const auto bias = random_values(out, 5);

    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "ids", {rows, columns}, onnx::TensorProto::INT64);
    add_ints(graph, "table_q", {vocabulary, hidden}, table, onnx::TensorProto::UINT8);
    add_floats(graph, "table_scale", {}, {table_scale});
    add_ints(graph, "table_zero_point", {}, {table_zero_point}, onnx::TensorProto::UINT8);
    add_ints(graph, "w_q", {hidden, out}, w, onnx::TensorProto::UINT8);
    add_floats(graph, "w_scale", {}, {w_scale});
    add_ints(graph, "w_zero_point", {}, {w_zero_point}, onnx::TensorProto::UINT8);
    add_floats(graph, "bias", {out}, bias);
    add_node(graph, "DequantizeLinear", {"table_q", "table_scale", "table_zero_point"}, {"table"});
    add_node(graph, "Gather", {"table", "ids"}, {"x"});
    add_node(graph, "DynamicQuantizeLinear", {"x"}, {"x_q", "x_scale", "x_zero_point"});
    add_node(graph, "MatMulInteger", {"x_q", "w_q", "x_zero_point", "w_zero_point"}, {"accumulated"});
    set_int(*add_node(graph, "Cast", {"accumulated"}, {"accumulated_float"}), "to", onnx::TensorProto::FLOAT);
    add_node(graph, "Mul", {"x_scale", "w_scale"}, {"scale"});
    add_node(graph, "Mul", {"accumulated_float", "scale"}, {"scaled"});
    add_node(graph, "Add", {"scaled", "bias"}, {"y"});
    add_output(graph, "y");

    std::vector<float> x;
    for (const auto i : ids)
        for (int64_t h = 0; h < hidden; ++h)
            x.push_back(float(table[i * hidden + h] - table_zero_point) * table_scale);
    const auto q = dynamic_quantize(x);
    std::vector<double> expected(rows * columns * out);
    for (int64_t r = 0; r < rows * columns; ++r)
        for (int64_t o = 0; o < out; ++o) {
            int32_t sum = 0;
            for (int64_t h = 0; h < hidden; ++h)
                sum += (q.values[r * hidden + h] - q.zero_point) * int32_t(w[h * out + o] - w_zero_point);
            expected[r * out + o] = float(sum) * (q.scale * w_scale) + bias[o];
        }

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    request.set_tensor("ids", ov::Tensor(ov::element::i64, ov::Shape{rows, columns}, ids.data()));
    request.infer();
    const auto y = request.get_tensor("y");
    ASSERT_EQ(y.get_shape(), (ov::Shape{rows, columns, out}));
    double peak = 0, worst = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        peak = std::max(peak, std::abs(expected[i]));
        worst = std::max(worst, std::abs(y.data<const float>()[i] - expected[i]));
    }
    ASSERT_GT(peak, 0.1) << "the check needs outputs that are not all near zero";
    // Integer accumulation is exact; only the final scale and bias round, so 1e-6 of the largest output.
    EXPECT_LT(worst, 1e-6 * peak);
}

}  // namespace
