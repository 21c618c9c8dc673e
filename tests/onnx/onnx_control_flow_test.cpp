// SPDX-License-Identifier: Apache-2.0
// The ONNX converters of If, Loop, LSTM (with and without peepholes) and GRU on models built here, run on CPU against results the test
// computes itself from ONNX's definitions (seeded random inputs; tolerance 1e-5 absolute for the control
// flow, 1e-4 for the recurrent cells, whose runtime reference computes in double and rounds once).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/core/graph_util.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

std::vector<float> values_of(const ov::Tensor& tensor) {
    return std::vector<float>(tensor.data<float>(), tensor.data<float>() + tensor.get_size());
}

ov::Tensor floats(const ov::Shape& shape, std::vector<float>& values) {
    return ov::Tensor(ov::element::f32, shape, values.data());
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// then: x * x (reading the outer x); else: x + 1 (a Constant inside the branch). Both branches read x from the
// enclosing graph, as ONNX bodies do.
TEST(OnnxControlFlow, IfRunsTheBranchItsConditionPicks) {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "cond", {}, onnx::TensorProto::BOOL);
    add_input(graph, "x", {2, 3});
    auto* choice = add_node(graph, "If", {"cond"}, {"y"});
    auto& then_branch = *set_graph(*choice, "then_branch");
    add_node(then_branch, "Mul", {"x", "x"}, {"squared"});
    add_output(then_branch, "squared");
    auto& else_branch = *set_graph(*choice, "else_branch");
    add_floats(else_branch, "one", {}, {1.0f});
    add_node(else_branch, "Add", {"x", "one"}, {"raised"});
    add_output(else_branch, "raised");
    add_output(graph, "y");

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto x = random_values(6, 11);
    for (const bool condition : {true, false}) {
        ov::Tensor c(ov::element::boolean, ov::Shape{});
        *c.data<char>() = condition;
        request.set_tensor("cond", c);
        request.set_tensor("x", floats({2, 3}, x));
        request.infer();
        const auto y = values_of(request.get_tensor("y"));
        ASSERT_EQ(y.size(), 6u);
        for (size_t i = 0; i < 6; ++i)
            EXPECT_NEAR(y[i], condition ? x[i] * x[i] : x[i] + 1.0f, 1e-5) << (condition ? "then " : "else ") << i;
    }
}

// acc' = acc * 0.5 + w * i for iteration i, while i < 2 after each iteration (so iterations 0, 1, 2 of a trip
// count of 5): the final acc and every iteration's acc stacked along a new first axis. The body reads w from
// the enclosing graph and leaves its inputs' types to inference.
TEST(OnnxControlFlow, LoopCarriesStopsOnItsConditionAndStacksScanOutputs) {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "acc0", {3});
    add_input(graph, "w", {3});
    add_ints(graph, "trip", {}, {5});
    add_ints(graph, "start", {}, {1}, onnx::TensorProto::BOOL);
    auto* loop = add_node(graph, "Loop", {"trip", "start", "acc0"}, {"acc", "history"});
    auto& body = *set_graph(*loop, "body");
    body.add_input()->set_name("i");
    body.add_input()->set_name("go");
    body.add_input()->set_name("acc_in");
    add_floats(body, "half", {}, {0.5f});
    add_ints(body, "stop", {}, {2});
    set_int(*add_node(body, "Cast", {"i"}, {"i_float"}), "to", onnx::TensorProto::FLOAT);
    add_node(body, "Mul", {"acc_in", "half"}, {"decayed"});
    add_node(body, "Mul", {"w", "i_float"}, {"step"});
    add_node(body, "Add", {"decayed", "step"}, {"acc_out"});
    add_node(body, "Less", {"i", "stop"}, {"go_on"});
    add_node(body, "Identity", {"acc_out"}, {"acc_seen"});
    add_output(body, "go_on", onnx::TensorProto::BOOL);
    add_output(body, "acc_out");
    add_output(body, "acc_seen");
    add_output(graph, "acc");
    add_output(graph, "history");

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    auto acc0 = random_values(3, 21), w = random_values(3, 22);
    request.set_tensor("acc0", floats({3}, acc0));
    request.set_tensor("w", floats({3}, w));
    request.infer();
    std::vector<double> acc(acc0.begin(), acc0.end());
    std::vector<std::vector<double>> history;
    for (int64_t i = 0; i < 5; ++i) {
        for (size_t c = 0; c < 3; ++c)
            acc[c] = acc[c] * 0.5 + w[c] * static_cast<double>(i);
        history.push_back(acc);
        if (!(i < 2))
            break;
    }
    const auto last = request.get_tensor("acc");
    const auto stacked = request.get_tensor("history");
    ASSERT_EQ(last.get_shape(), (ov::Shape{3}));
    ASSERT_EQ(stacked.get_shape(), (ov::Shape{history.size(), 3}));
    const auto got_last = values_of(last), got_stacked = values_of(stacked);
    for (size_t c = 0; c < 3; ++c)
        EXPECT_NEAR(got_last[c], acc[c], 1e-5) << c;
    for (size_t t = 0; t < history.size(); ++t)
        for (size_t c = 0; c < 3; ++c)
            EXPECT_NEAR(got_stacked[t * 3 + c], history[t][c], 1e-5) << "iteration " << t << " c" << c;
}

constexpr size_t seq = 3, batch = 2, input_size = 4, hidden = 3;

// ONNX GRU, reverse, layout 1 (X [batch, seq, input], Y [batch, seq, dirs, hidden]), linear_before_reset=1: the
// recurrence bias of the h gate stays inside the reset product.
TEST(OnnxRecurrent, ReverseBatchFirstGruWithLinearBeforeResetMatchesOnnxDefinition) {
    constexpr size_t gates = 3;
    auto x = random_values(batch * seq * input_size, 41);
    const auto w = random_values(gates * hidden * input_size, 42, -0.5f, 0.5f);
    const auto r = random_values(gates * hidden * hidden, 43, -0.5f, 0.5f);
    const auto b = random_values(2 * gates * hidden, 44, -0.5f, 0.5f);

    auto model = model_of_opset(14);
    auto& graph = *model.mutable_graph();
    add_input(graph, "X", {batch, seq, input_size});
    add_floats(graph, "W", {1, gates * hidden, input_size}, w);
    add_floats(graph, "R", {1, gates * hidden, hidden}, r);
    add_floats(graph, "B", {1, 2 * gates * hidden}, b);
    auto* gru = add_node(graph, "GRU", {"X", "W", "R", "B"}, {"Y", "Y_h"});
    set_int(*gru, "hidden_size", hidden);
    set_int(*gru, "layout", 1);
    set_int(*gru, "linear_before_reset", 1);
    set_string(*gru, "direction", "reverse");
    add_output(graph, "Y");
    add_output(graph, "Y_h");

    std::vector<double> y(batch * seq * hidden), y_h(batch * hidden);
    const float* wb = b.data();
    const float* rb = b.data() + gates * hidden;
    for (size_t n = 0; n < batch; ++n) {
        std::vector<double> h(hidden, 0.0);
        for (size_t step = 0; step < seq; ++step) {
            const size_t t = seq - 1 - step;
            std::vector<double> xw(gates * hidden), hr(gates * hidden);
            for (size_t row = 0; row < gates * hidden; ++row) {
                double from_x = wb[row], from_h = rb[row];
                for (size_t k = 0; k < input_size; ++k)
                    from_x += w[row * input_size + k] * x[(n * seq + t) * input_size + k];
                for (size_t k = 0; k < hidden; ++k)
                    from_h += r[row * hidden + k] * h[k];
                xw[row] = from_x, hr[row] = from_h;
            }
            std::vector<double> next(hidden);
            for (size_t k = 0; k < hidden; ++k) {
                const double z = sigmoid(xw[k] + hr[k]), reset = sigmoid(xw[hidden + k] + hr[hidden + k]);
                const double candidate = std::tanh(xw[2 * hidden + k] + reset * hr[2 * hidden + k]);
                next[k] = (1.0 - z) * candidate + z * h[k];
            }
            h = next;
            for (size_t k = 0; k < hidden; ++k)
                y[(n * seq + t) * hidden + k] = h[k];
        }
        for (size_t k = 0; k < hidden; ++k)
            y_h[n * hidden + k] = h[k];
    }

    ov::Core core;
    auto request = core.compile_model(read(core, model), "CPU").create_infer_request();
    request.set_tensor("X", floats({batch, seq, input_size}, x));
    request.infer();
    const auto got_y = request.get_tensor("Y");
    ASSERT_EQ(got_y.get_shape(), (ov::Shape{batch, seq, 1, hidden}));
    ASSERT_EQ(request.get_tensor("Y_h").get_shape(), (ov::Shape{batch, 1, hidden}));
    const auto got = values_of(got_y), got_h = values_of(request.get_tensor("Y_h"));
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_NEAR(got[i], y[i], 1e-4) << "Y " << i;
    for (size_t i = 0; i < y_h.size(); ++i)
        EXPECT_NEAR(got_h[i], y_h[i], 1e-4) << "Y_h " << i;
}

// ONNX LSTM, layout 0 (X [seq, batch, input]), gates i, o, f, c, with biases, initial states and sequence_lens, in
// the given direction: Y is zero past each batch's length and a reverse direction walks each batch's own steps.
// With the peephole input P (order i, o, f) the converter gives the opset1 LSTMSequence, without it LSTMSequence-5.
// The reference below is ONNX's definition (P = 0 without peepholes):
// i = f(Xi + Hi + Pi (.) C_prev + b), f = f(Xf + Hf + Pf (.) C_prev + b), c = g(Xc + Hc + b),
// C = f (.) C_prev + i (.) c, o = f(Xo + Ho + Po (.) C + b), H = o (.) h(C); with input_forget, f = 1 - i.
struct OnnxLstmCase {
    std::string direction;
    bool peepholes = false;
    bool input_forget = false;
    std::vector<int64_t> lengths;  // sequence_lens, per batch
    unsigned seed = 0;
};

void check_onnx_lstm(const OnnxLstmCase& lstm_case) {
    const std::string& direction = lstm_case.direction;
    const bool peepholes = lstm_case.peepholes, input_forget = lstm_case.input_forget;
    const std::vector<int64_t>& lengths = lstm_case.lengths;
    const unsigned seed = lstm_case.seed;
    SCOPED_TRACE(direction + (peepholes ? ", peepholes" : "") + (input_forget ? ", input_forget" : ""));
    const size_t dirs = direction == "bidirectional" ? 2 : 1, gates = 4;
    auto x = random_values(seq * batch * input_size, seed);
    const auto w = random_values(dirs * gates * hidden * input_size, seed + 1, -0.5f, 0.5f);
    const auto r = random_values(dirs * gates * hidden * hidden, seed + 2, -0.5f, 0.5f);
    const auto b = random_values(dirs * 2 * gates * hidden, seed + 3, -0.5f, 0.5f);
    const auto p = peepholes ? random_values(dirs * 3 * hidden, seed + 4, -1.0f, 1.0f)
                             : std::vector<float>(dirs * 3 * hidden, 0.0f);
    auto h0 = random_values(dirs * batch * hidden, seed + 5), c0 = random_values(dirs * batch * hidden, seed + 6);

    auto model = model_of_opset(14);
    auto& graph = *model.mutable_graph();
    add_input(graph, "X", {seq, batch, input_size});
    add_input(graph, "initial_h", {static_cast<int64_t>(dirs), batch, hidden});
    add_input(graph, "initial_c", {static_cast<int64_t>(dirs), batch, hidden});
    add_floats(graph, "W", {static_cast<int64_t>(dirs), gates * hidden, input_size}, w);
    add_floats(graph, "R", {static_cast<int64_t>(dirs), gates * hidden, hidden}, r);
    add_floats(graph, "B", {static_cast<int64_t>(dirs), 2 * gates * hidden}, b);
    std::vector<std::string> inputs{"X", "W", "R", "B", "lens", "initial_h", "initial_c"};
    if (peepholes) {
        add_floats(graph, "P", {static_cast<int64_t>(dirs), 3 * hidden}, p);
        inputs.push_back("P");
    }
    add_ints(graph, "lens", {batch}, lengths, onnx::TensorProto::INT32);
    auto* lstm = add_node(graph, "LSTM", inputs, {"Y", "Y_h", "Y_c"});
    set_int(*lstm, "hidden_size", hidden);
    set_string(*lstm, "direction", direction);
    if (input_forget)
        set_int(*lstm, "input_forget", 1);
    add_output(graph, "Y");
    add_output(graph, "Y_h");
    add_output(graph, "Y_c");

    std::vector<double> y(seq * dirs * batch * hidden, 0.0), y_h(dirs * batch * hidden), y_c(dirs * batch * hidden);
    for (size_t d = 0; d < dirs; ++d)
        for (size_t n = 0; n < batch; ++n) {
            const bool backwards = direction == "reverse" || d == 1;
            const float* pd = p.data() + d * 3 * hidden;  // i, o, f
            std::vector<double> h(hidden), c(hidden);
            for (size_t k = 0; k < hidden; ++k)
                h[k] = h0[(d * batch + n) * hidden + k], c[k] = c0[(d * batch + n) * hidden + k];
            const size_t length = static_cast<size_t>(lengths[n]);
            for (size_t step = 0; step < length; ++step) {
                const size_t t = backwards ? length - 1 - step : step;
                std::vector<double> g(gates * hidden);  // i, o, f, c
                for (size_t row = 0; row < gates * hidden; ++row) {
                    double sum = b[d * 2 * gates * hidden + row] + b[d * 2 * gates * hidden + gates * hidden + row];
                    for (size_t k = 0; k < input_size; ++k)
                        sum += w[(d * gates * hidden + row) * input_size + k] * x[(t * batch + n) * input_size + k];
                    for (size_t k = 0; k < hidden; ++k)
                        sum += r[(d * gates * hidden + row) * hidden + k] * h[k];
                    g[row] = sum;
                }
                for (size_t k = 0; k < hidden; ++k) {
                    const double i = sigmoid(g[k] + pd[k] * c[k]);
                    const double f = input_forget ? 1.0 - i : sigmoid(g[2 * hidden + k] + pd[2 * hidden + k] * c[k]);
                    c[k] = f * c[k] + i * std::tanh(g[3 * hidden + k]);
                    const double o = sigmoid(g[hidden + k] + pd[hidden + k] * c[k]);
                    h[k] = o * std::tanh(c[k]);
                    y[((t * dirs + d) * batch + n) * hidden + k] = h[k];
                }
            }
            for (size_t k = 0; k < hidden; ++k)
                y_h[(d * batch + n) * hidden + k] = h[k], y_c[(d * batch + n) * hidden + k] = c[k];
        }

    ov::Core core;
    const auto converted = read(core, model);
    auto request = core.compile_model(converted, "CPU").create_infer_request();
    request.set_tensor("X", floats({seq, batch, input_size}, x));
    request.set_tensor("initial_h", floats({dirs, batch, hidden}, h0));
    request.set_tensor("initial_c", floats({dirs, batch, hidden}, c0));
    request.infer();
    const auto got_y = request.get_tensor("Y");
    ASSERT_EQ(got_y.get_shape(), (ov::Shape{seq, dirs, batch, hidden}));
    const auto got = values_of(got_y), got_h = values_of(request.get_tensor("Y_h")),
               got_c = values_of(request.get_tensor("Y_c"));
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_NEAR(got[i], y[i], 1e-4) << "Y " << i;
    for (size_t i = 0; i < y_h.size(); ++i) {
        EXPECT_NEAR(got_h[i], y_h[i], 1e-4) << "Y_h " << i;
        EXPECT_NEAR(got_c[i], y_c[i], 1e-4) << "Y_c " << i;
    }
    if (!peepholes)
        return;

    // Saved as IR and read back, the opset1 LSTMSequence (its IOFC weights format, input_forget) gives the same
    // bits.
    const std::string xml = ::testing::TempDir() + "onnx_lstm_peepholes_" + direction + std::to_string(seed) + ".xml";
    const std::string bin = xml.substr(0, xml.size() - 4) + ".bin";
    ov::serialize(converted, xml, bin);
    auto reloaded = core.compile_model(core.read_model(xml), "CPU").create_infer_request();
    reloaded.set_tensor("X", floats({seq, batch, input_size}, x));
    reloaded.set_tensor("initial_h", floats({dirs, batch, hidden}, h0));
    reloaded.set_tensor("initial_c", floats({dirs, batch, hidden}, c0));
    reloaded.infer();
    std::remove(xml.c_str());
    std::remove(bin.c_str());
    for (const char* name : {"Y", "Y_h", "Y_c"})
        EXPECT_EQ(values_of(reloaded.get_tensor(name)), values_of(request.get_tensor(name))) << name << " from IR";
}

TEST(OnnxRecurrent, BidirectionalLstmWithLengthsMatchesOnnxDefinition) {
    check_onnx_lstm({"bidirectional", false, false, {3, 2}, 31});
}
TEST(OnnxRecurrent, LstmWithPeepholesMatchesOnnxDefinitionForward) {
    check_onnx_lstm({"forward", true, false, {2, 3}, 61});
}
TEST(OnnxRecurrent, LstmWithPeepholesMatchesOnnxDefinitionReverse) {
    check_onnx_lstm({"reverse", true, false, {2, 3}, 71});
}
TEST(OnnxRecurrent, LstmWithPeepholesMatchesOnnxDefinitionBidirectional) {
    check_onnx_lstm({"bidirectional", true, false, {2, 3}, 81});
}
TEST(OnnxRecurrent, LstmWithInputForgetAndPeepholesMatchesOnnxDefinition) {
    check_onnx_lstm({"forward", true, true, {2, 3}, 91});
}

// Without P the LSTM stays LSTMSequence-5 (the kernel the CPU plugin has); with P it is the opset1 LSTMSequence.
TEST(OnnxRecurrent, LstmPicksTheOpset1SequenceOnlyForPeepholes) {
    auto build = [](bool peepholes) {
        auto model = model_of_opset(14);
        auto& graph = *model.mutable_graph();
        add_input(graph, "X", {seq, batch, input_size});
        add_floats(graph, "W", {1, 4 * hidden, input_size}, random_values(4 * hidden * input_size, 51));
        add_floats(graph, "R", {1, 4 * hidden, hidden}, random_values(4 * hidden * hidden, 52));
        add_floats(graph, "P", {1, 3 * hidden}, random_values(3 * hidden, 53));
        auto* lstm = add_node(graph, "LSTM", {"X", "W", "R", "", "", "", "", peepholes ? "P" : ""}, {"Y"});
        set_int(*lstm, "hidden_size", hidden);
        add_output(graph, "Y");
        return model;
    };
    ov::Core core;
    for (const bool peepholes : {false, true}) {
        std::string version;
        for (const auto& op : read(core, build(peepholes))->get_ops())
            if (std::string(op->get_type_name()) == "LSTMSequence")
                version = op->get_type_info().get_version();
        EXPECT_EQ(version, peepholes ? "opset1" : "opset5") << "peepholes " << peepholes;
    }
}

}  // namespace
