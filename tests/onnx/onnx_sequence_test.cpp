// SPDX-License-Identifier: Apache-2.0
// The sequence ops, resolved while converting (docs/onnx.md, "Sequences"), and MaxPool's column-major indices
// (storage_order=1), on models built here and run on CPU against results the test computes itself (seeded random
// inputs; a sequence op only moves or concatenates values, so its results must match exactly; indices exactly).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "onnx_mutation.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

std::vector<float> sequence_test_values(const ov::Tensor& tensor) {
    return std::vector<float>(tensor.data<float>(), tensor.data<float>() + tensor.get_size());
}

// Runs `model` on CPU with the f32 inputs `inputs` (name, shape, values) and returns the request.
ov::InferRequest run_sequence_model(ov::Core& core, const onnx::ModelProto& model,
                                    std::vector<std::tuple<std::string, ov::Shape, std::vector<float>>>& inputs) {
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    for (auto& input : inputs)
        request.set_tensor(std::get<0>(input),
                           ov::Tensor(ov::element::f32, std::get<1>(input), std::get<2>(input).data()));
    request.infer();
    return request;
}

// [X, Y, Z] -> erase(-3) -> [Y, Z] -> insert X at -1 -> [Y, X, Z] -> insert Z at the end -> [Y, X, Z, Z]; then
// SequenceAt at every position (negative and not) and SequenceLength.
TEST(OnnxSequence, ConstructEraseInsertAtFollowOnnxPositions) {
    auto model = model_of_opset(12);
    auto& graph = *model.mutable_graph();
    for (const char* name : {"X", "Y", "Z"})
        add_input(graph, name, {2, 3});
    add_ints(graph, "minus_three", {}, {-3});
    add_ints(graph, "minus_one", {}, {-1});
    add_node(graph, "SequenceConstruct", {"X", "Y", "Z"}, {"s1"});
    add_node(graph, "SequenceErase", {"s1", "minus_three"}, {"s2"});
    add_node(graph, "SequenceInsert", {"s2", "X", "minus_one"}, {"s3"});
    add_node(graph, "SequenceInsert", {"s3", "Z"}, {"s4"});
    const std::vector<int64_t> positions{0, 1, 2, 3, -4, -3};
    for (size_t i = 0; i < positions.size(); ++i) {
        add_ints(graph, "p" + std::to_string(i), {}, {positions[i]});
        add_node(graph, "SequenceAt", {"s4", "p" + std::to_string(i)}, {"at" + std::to_string(i)});
        add_output(graph, "at" + std::to_string(i));
    }
    add_node(graph, "SequenceLength", {"s4"}, {"length"});
    add_output(graph, "length", onnx::TensorProto::INT64);

    std::vector<std::tuple<std::string, ov::Shape, std::vector<float>>> inputs{
        {"X", {2, 3}, random_values(6, 101)}, {"Y", {2, 3}, random_values(6, 102)}, {"Z", {2, 3}, random_values(6, 103)}};
    const std::vector<std::vector<float>> expected_sequence{std::get<2>(inputs[1]), std::get<2>(inputs[0]),
                                                            std::get<2>(inputs[2]), std::get<2>(inputs[2])};
    ov::Core core;
    auto request = run_sequence_model(core, model, inputs);
    for (size_t i = 0; i < positions.size(); ++i) {
        const size_t at = static_cast<size_t>(positions[i] < 0 ? positions[i] + 4 : positions[i]);
        EXPECT_EQ(sequence_test_values(request.get_tensor("at" + std::to_string(i))), expected_sequence[at])
            << "position " << positions[i];
    }
    const auto length = request.get_tensor("length");
    ASSERT_EQ(length.get_element_type(), ov::element::i64);
    ASSERT_EQ(length.get_size(), 1u);
    EXPECT_EQ(length.data<int64_t>()[0], 4);
}

// SequenceEmpty, two inserts, ConcatFromSequence along an existing axis and along a new one (axis -1).
TEST(OnnxSequence, EmptyInsertConcatFromSequenceMatchesConcatenation) {
    auto model = model_of_opset(12);
    auto& graph = *model.mutable_graph();
    add_input(graph, "A", {2, 3});
    add_input(graph, "B", {2, 3});
    add_node(graph, "SequenceEmpty", {}, {"empty"});
    add_node(graph, "SequenceInsert", {"empty", "A"}, {"s1"});
    add_node(graph, "SequenceInsert", {"s1", "B"}, {"s2"});
    set_int(*add_node(graph, "ConcatFromSequence", {"s2"}, {"along_rows"}), "axis", 0);
    auto* stacked = add_node(graph, "ConcatFromSequence", {"s2"}, {"stacked"});
    set_int(*stacked, "axis", -1);
    set_int(*stacked, "new_axis", 1);
    add_output(graph, "along_rows");
    add_output(graph, "stacked");

    std::vector<std::tuple<std::string, ov::Shape, std::vector<float>>> inputs{{"A", {2, 3}, random_values(6, 111)},
                                                                              {"B", {2, 3}, random_values(6, 112)}};
    const auto& a = std::get<2>(inputs[0]);
    const auto& b = std::get<2>(inputs[1]);
    std::vector<float> along_rows(a);
    along_rows.insert(along_rows.end(), b.begin(), b.end());
    std::vector<float> stacked_expected;  // [2, 3, 2]: element (i, j) of A then of B
    for (size_t i = 0; i < 6; ++i)
        stacked_expected.push_back(a[i]), stacked_expected.push_back(b[i]);

    ov::Core core;
    auto request = run_sequence_model(core, model, inputs);
    EXPECT_EQ(request.get_tensor("along_rows").get_shape(), (ov::Shape{4, 3}));
    EXPECT_EQ(sequence_test_values(request.get_tensor("along_rows")), along_rows);
    EXPECT_EQ(request.get_tensor("stacked").get_shape(), (ov::Shape{2, 3, 2}));
    EXPECT_EQ(sequence_test_values(request.get_tensor("stacked")), stacked_expected);
}

// X [3, 5]: SplitToSequence along axis 1 without split (pieces of 1, keepdims 0 drops the axis), with a scalar
// split of 2 (pieces 2, 2, 1) and with a 1-d split given at run time (its count, 2, is static), each piece checked
// against the columns it holds.
TEST(OnnxSequence, SplitToSequenceGivesTheSlicesOnnxDefines) {
    constexpr size_t rows = 3, cols = 5;
    auto model = model_of_opset(12);
    auto& graph = *model.mutable_graph();
    add_input(graph, "X", {rows, cols});
    add_input(graph, "lengths", {2}, onnx::TensorProto::INT64);
    add_ints(graph, "two", {}, {2});
    auto* ones = add_node(graph, "SplitToSequence", {"X"}, {"columns"});
    set_int(*ones, "axis", -1);
    set_int(*ones, "keepdims", 0);
    set_int(*add_node(graph, "SplitToSequence", {"X", "two"}, {"pairs"}), "axis", 1);
    set_int(*add_node(graph, "SplitToSequence", {"X", "lengths"}, {"given"}), "axis", 1);
    struct Piece {
        std::string sequence;
        int64_t position;
        size_t first_col, width;
        ov::Shape shape;
    };
    const std::vector<Piece> pieces{{"columns", 0, 0, 1, {rows}},    {"columns", 4, 4, 1, {rows}},
                                    {"columns", -2, 3, 1, {rows}},   {"pairs", 0, 0, 2, {rows, 2}},
                                    {"pairs", 1, 2, 2, {rows, 2}},   {"pairs", 2, 4, 1, {rows, 1}},
                                    {"given", 0, 0, 4, {rows, 4}},   {"given", 1, 4, 1, {rows, 1}}};
    for (size_t i = 0; i < pieces.size(); ++i) {
        const std::string at = "at" + std::to_string(i);
        add_ints(graph, "q" + std::to_string(i), {}, {pieces[i].position});
        add_node(graph, "SequenceAt", {pieces[i].sequence, "q" + std::to_string(i)}, {at});
        add_output(graph, at);
    }
    for (const char* sequence : {"columns", "pairs", "given"}) {
        add_node(graph, "SequenceLength", {sequence}, {std::string(sequence) + "_length"});
        add_output(graph, std::string(sequence) + "_length", onnx::TensorProto::INT64);
    }

    auto x = random_values(rows * cols, 121);
    std::vector<int64_t> lengths{4, 1};
    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    request.set_tensor("X", ov::Tensor(ov::element::f32, {rows, cols}, x.data()));
    request.set_tensor("lengths", ov::Tensor(ov::element::i64, {2}, lengths.data()));
    request.infer();
    for (size_t i = 0; i < pieces.size(); ++i) {
        const auto& piece = pieces[i];
        std::vector<float> expected;
        for (size_t r = 0; r < rows; ++r)
            for (size_t c = piece.first_col; c < piece.first_col + piece.width; ++c)
                expected.push_back(x[r * cols + c]);
        const auto got = request.get_tensor("at" + std::to_string(i));
        EXPECT_EQ(got.get_shape(), piece.shape) << piece.sequence << " " << piece.position;
        EXPECT_EQ(sequence_test_values(got), expected) << piece.sequence << " " << piece.position;
    }
    const std::map<std::string, int64_t> counts{{"columns", 5}, {"pairs", 3}, {"given", 2}};
    for (const auto& count : counts)
        EXPECT_EQ(request.get_tensor(count.first + "_length").data<int64_t>()[0], count.second) << count.first;
}

// Each refusal names the node, its op and opset, and why.
TEST(OnnxSequence, RefusesWhatWouldNeedASequenceAtRunTime) {
    ov::Core core;
    auto base = [] {
        auto model = model_of_opset(12);
        auto& graph = *model.mutable_graph();
        add_input(graph, "X", {2, 3});
        add_input(graph, "Y", {2, 3});
        add_node(graph, "SequenceConstruct", {"X", "Y"}, {"s"}, "make");
        return model;
    };
    {  // a position given as a graph input
        auto model = base();
        auto& graph = *model.mutable_graph();
        add_input(graph, "where", {}, onnx::TensorProto::INT64);
        add_node(graph, "SequenceAt", {"s", "where"}, {"out"}, "pick");
        add_output(graph, "out");
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("node 'pick' (SequenceAt, opset 12)"));
        EXPECT_THAT(error, HasSubstr("position (input 1) at run time"));
    }
    {  // a sequence as the model's output
        auto model = base();
        add_output(*model.mutable_graph(), "s");
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("output 's' is a sequence"));
        EXPECT_THAT(error, HasSubstr("node 'make' (SequenceConstruct, opset 12)"));
    }
    {  // an op other than the sequence ops reading a sequence
        auto model = base();
        auto& graph = *model.mutable_graph();
        add_node(graph, "Identity", {"s"}, {"out"}, "copy");
        add_output(graph, "out");
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("node 'copy' (Identity, opset 12)"));
        EXPECT_THAT(error, HasSubstr("reads the sequence 's'"));
    }
    {  // an If branch reading the enclosing graph's sequence
        auto model = base();
        auto& graph = *model.mutable_graph();
        add_input(graph, "cond", {}, onnx::TensorProto::BOOL);
        auto* branch = add_node(graph, "If", {"cond"}, {"out"}, "choose");
        for (const char* name : {"then_branch", "else_branch"}) {
            auto& body = *set_graph(*branch, name);
            add_ints(body, std::string(name) + "_zero", {}, {0});
            add_node(body, "SequenceAt", {"s", std::string(name) + "_zero"}, {std::string(name) + "_out"}, "inner");
            add_output(body, std::string(name) + "_out");
        }
        add_output(graph, "out");
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("node 'inner' (SequenceAt, opset 12)"));
        EXPECT_THAT(error, HasSubstr("cannot cross the boundary of a Loop, If or Scan body"));
    }
    {  // a position outside the sequence
        auto model = base();
        auto& graph = *model.mutable_graph();
        add_ints(graph, "far", {}, {2});
        add_node(graph, "SequenceAt", {"s", "far"}, {"out"}, "pick");
        add_output(graph, "out");
        EXPECT_THAT(error_of([&] { read(core, model); }), HasSubstr("has the position 2 in a sequence of 2 tensors"));
    }
    {  // pieces of one length along an axis whose length is only known at run time
        auto model = model_of_opset(12);
        auto& graph = *model.mutable_graph();
        add_input(graph, "X", {-1, 3});
        add_node(graph, "SplitToSequence", {"X"}, {"s"}, "cut");
        add_node(graph, "SequenceLength", {"s"}, {"n"});
        add_output(graph, "n", onnx::TensorProto::INT64);
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("node 'cut' (SplitToSequence, opset 12)"));
        EXPECT_THAT(error, HasSubstr("only known at run time"));
    }
    {  // a hostile split axis: billions of pieces are refused before any is made
        auto model = model_of_opset(12);
        auto& graph = *model.mutable_graph();
        add_input(graph, "X", {1, 3000000000});
        set_int(*add_node(graph, "SplitToSequence", {"X"}, {"s"}, "cut"), "axis", 1);
        add_node(graph, "SequenceLength", {"s"}, {"n"});
        add_output(graph, "n", onnx::TensorProto::INT64);
        EXPECT_THAT(error_of([&] { read(core, model); }), HasSubstr("would split into 3000000000 tensors"));
    }
}

// MaxPool-8 numbers its maxima row-major; ONNX's storage_order=1 numbers the position within each (n, c) plane
// column-major: plane * H * W + w * H + h in 2-d, plane * D * H * W + d + D * (h + H * w) in 3-d. The reference
// scans each window (padding excluded) and takes the first maximum.
void check_column_major_max_pool(const std::vector<size_t>& shape, const std::vector<int64_t>& kernel,
                                 const std::vector<int64_t>& strides, const std::vector<int64_t>& pads, unsigned seed) {
    const size_t spatial = shape.size() - 2;
    size_t total = 1;
    for (const auto d : shape)
        total *= d;
    auto x = random_values(total, seed);

    auto model = model_of_opset(12);
    auto& graph = *model.mutable_graph();
    add_input(graph, "X", std::vector<int64_t>(shape.begin(), shape.end()));
    auto* pool = add_node(graph, "MaxPool", {"X"}, {"Y", "I"});
    set_ints(*pool, "kernel_shape", kernel);
    set_ints(*pool, "strides", strides);
    set_ints(*pool, "pads", pads);
    set_int(*pool, "storage_order", 1);
    add_output(graph, "Y");
    add_output(graph, "I", onnx::TensorProto::INT64);

    std::vector<size_t> out_dims(spatial);
    size_t plane = 1, out_plane = 1;
    for (size_t k = 0; k < spatial; ++k) {
        out_dims[k] = (shape[k + 2] + pads[k] + pads[k + spatial] - kernel[k]) / strides[k] + 1;
        plane *= shape[k + 2];
        out_plane *= out_dims[k];
    }
    std::vector<float> expected_y;
    std::vector<int64_t> expected_i;
    for (size_t nc = 0; nc < shape[0] * shape[1]; ++nc)
        for (size_t o = 0; o < out_plane; ++o) {
            std::vector<size_t> out_at(spatial);
            for (size_t k = spatial, rest = o; k-- > 0; rest /= out_dims[k])
                out_at[k] = rest % out_dims[k];
            float best = -std::numeric_limits<float>::infinity();
            int64_t best_index = -1;
            size_t window = 1;
            for (const auto k : kernel)
                window *= static_cast<size_t>(k);
            for (size_t wpos = 0; wpos < window; ++wpos) {  // row-major over the window: first maximum wins
                std::vector<int64_t> at(spatial);
                bool inside = true;
                for (size_t k = spatial, rest = wpos; k-- > 0; rest /= static_cast<size_t>(kernel[k])) {
                    at[k] = static_cast<int64_t>(out_at[k]) * strides[k] - pads[k] +
                            static_cast<int64_t>(rest % static_cast<size_t>(kernel[k]));
                    inside = inside && at[k] >= 0 && at[k] < static_cast<int64_t>(shape[k + 2]);
                }
                if (!inside)
                    continue;
                size_t row_major = 0;
                int64_t column_major = 0, stride = 1;
                for (size_t k = 0; k < spatial; ++k) {
                    row_major = row_major * shape[k + 2] + static_cast<size_t>(at[k]);
                    column_major += at[k] * stride;
                    stride *= static_cast<int64_t>(shape[k + 2]);
                }
                const float value = x[nc * plane + row_major];
                if (value > best)
                    best = value, best_index = static_cast<int64_t>(nc * plane) + column_major;
            }
            expected_y.push_back(best);
            expected_i.push_back(best_index);
        }

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    request.set_tensor("X", ov::Tensor(ov::element::f32, ov::Shape(shape), x.data()));
    request.infer();
    EXPECT_EQ(sequence_test_values(request.get_tensor("Y")), expected_y);
    const auto indices = request.get_tensor("I");
    ASSERT_EQ(indices.get_element_type(), ov::element::i64);
    EXPECT_EQ(std::vector<int64_t>(indices.data<int64_t>(), indices.data<int64_t>() + indices.get_size()),
              expected_i);
}

TEST(OnnxMaxPool, StorageOrderOneGivesColumnMajorIndices2d) {
    check_column_major_max_pool({2, 3, 5, 7}, {3, 2}, {2, 2}, {1, 0, 1, 1}, 131);
}

TEST(OnnxMaxPool, StorageOrderOneGivesColumnMajorIndices3d) {
    check_column_major_max_pool({1, 2, 4, 5, 3}, {2, 2, 2}, {1, 2, 1}, {0, 0, 0, 0, 0, 0}, 141);
}

TEST(OnnxMaxPool, StorageOrderOutsideZeroAndOneIsRefused) {
    auto model = model_of_opset(12);
    auto& graph = *model.mutable_graph();
    add_input(graph, "X", {1, 1, 4, 4});
    auto* pool = add_node(graph, "MaxPool", {"X"}, {"Y", "I"}, "pool");
    set_ints(*pool, "kernel_shape", {2, 2});
    set_int(*pool, "storage_order", 2);
    add_output(graph, "Y");
    add_output(graph, "I", onnx::TensorProto::INT64);
    ov::Core core;
    EXPECT_THAT(error_of([&] { read(core, model); }), HasSubstr("node 'pool' (MaxPool, opset 12) has storage_order 2"));
}

// Seeded mutations (bytes flipped, cut, repeated) of ONNX's sequence, peephole-LSTM and column-major MaxPool cases
// must each load or fail with an ov::Exception: the sequence bookkeeping never crashes or throws anything else.
TEST(OnnxSequence, MutatedSequenceModelsLoadOrFailCleanly) {
    const std::filesystem::path data = DEVMUX_ONNX_TESTDATA_DIR;
    std::vector<std::string> seeds;
    for (int i = 1; i <= 8; ++i) {
        std::ifstream file(data / "simple" / ("test_sequence_model" + std::to_string(i)) / "model.onnx",
                           std::ios::binary);
        if (file)
            seeds.emplace_back(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    for (const char* name : {"node/test_lstm_with_peepholes", "node/test_maxpool_with_argmax_2d_precomputed_strides"}) {
        std::ifstream file(data / name / "model.onnx", std::ios::binary);
        if (file)
            seeds.emplace_back(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    ASSERT_EQ(seeds.size(), 10u) << "the seed models come from libonnx-testdata under " << data;
    const auto outcome = onnx_test::read_mutated_onnx_models(seeds, 20261128, 2000, 3);
    ASSERT_TRUE(outcome.failure.empty()) << outcome.failure;
    std::cout << "[ fuzz     ] " << outcome.loaded << " mutated models loaded, " << outcome.refused
              << " refused cleanly" << std::endl;
    EXPECT_GT(outcome.loaded, 0u);
    EXPECT_GT(outcome.refused, 0u);
}

}  // namespace
