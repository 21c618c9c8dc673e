// SPDX-License-Identifier: Apache-2.0
// The kernels of speech models such as Silero VAD against the ops' own reference evaluate(), on seeded random
// inputs: 1-D (and 3-D) convolutions on oneDNN, plain, grouped, depthwise and the kit's FusedConvolution with
// its epilogues (bias, activations, scale-shift, addend); LSTMSequence-5 and LSTMCell-4 on the hand-written
// kernel. And that a compiled plan runs them there (profiling exec type), not on the reference.
// Tolerances: convolutions max |a - b| / max(max |b|, 1e-3) <= 1e-4 (f32 sums of a few hundred products in
// another order); LSTM 1e-5 (f32 against the reference's doubles over at most 5 steps of bounded values).
#include <gtest/gtest.h>

#include <cstring>

#include "devmux/kit/internal_ops.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/lstm_cell.hpp"
#include "openvino/op/lstm_sequence.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/properties.hpp"
#include "test_utils.hpp"
#include "thread_pool.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "kernels/dnnl_kernels.hpp"
#endif

namespace {

using namespace cpu_test;
using devmux::kit::FusedActivation;

constexpr double kConvTolerance = 1e-4;
constexpr double kLstmTolerance = 1e-5;

std::vector<ov::Tensor> reference(const std::shared_ptr<ov::Node>& node, const std::vector<ov::Tensor>& inputs) {
    ov::TensorVector out;
    for (size_t i = 0; i < node->get_output_size(); ++i)
        out.emplace_back(node->get_output_element_type(i), node->get_output_shape(i));
    EXPECT_TRUE(node->evaluate(out, ov::TensorVector(inputs.begin(), inputs.end()))) << *node;
    return std::vector<ov::Tensor>(out.begin(), out.end());
}

#ifdef DEVMUX_CPU_HAVE_DNNL

// Binds a oneDNN kernel to the tensors the way a request binds its buffers, runs it and returns the output.
std::vector<float> run_dnnl(const devmux::kit::OpKernel& kernel, const std::vector<ov::Tensor>& inputs,
                            const ov::Shape& out_shape, int threads) {
    devmux::kit::ExecutionPlan plan;
    devmux::kit::PlanStep step;
    std::vector<char> scratch(kernel.scratch_bytes() + 64);
    const auto ref = [](const ov::Tensor& t) {
        devmux::kit::BufferRef b;
        b.base = t.data();
        b.bytes = t.get_byte_size();
        return b;
    };
    ov::Tensor output = random_tensor(out_shape, 99);  // stale values the kernel must overwrite
    devmux::kit::BindArgs args{plan, step, {}, {}, {}};
    for (const auto& t : inputs)
        args.inputs.push_back(ref(t));
    args.outputs.push_back(ref(output));
    args.scratch.base = scratch.data();
    args.scratch.bytes = kernel.scratch_bytes();
    auto bound = kernel.bind(args);
    devmux::cpu::DnnlThreads team(threads);
    devmux::cpu::ThreadPool pool(1);
    devmux::kit::ExecContext ctx;
    ctx.pool = &pool;
    bound->execute(ctx);
    return to_floats(output);
}

struct Conv1d {
    ov::Shape data, filters;  // filters [O, I, K...] or, grouped, [G, O/G, I/G, K...]
    ov::Strides strides;
    ov::CoordinateDiff pads_begin, pads_end;
    ov::Strides dilations;
    bool grouped = false;
};

std::ostream& operator<<(std::ostream& os, const Conv1d& g) {
    return os << "data " << g.data << " filters " << g.filters << (g.grouped ? " grouped" : "") << " strides "
              << g.strides << " pads " << g.pads_begin << "/" << g.pads_end << " dilations " << g.dilations;
}

// Silero VAD v5's encoder ([1,129,4], k=3, pads 1, strides 1 and 2), dilations, batch 2, and a 3-D one.
const std::vector<Conv1d>& plain_geometries() {
    static const std::vector<Conv1d> geometries{
        {{1, 129, 4}, {128, 129, 3}, {1}, {1}, {1}, {1}},
        {{1, 128, 4}, {64, 128, 3}, {2}, {1}, {1}, {1}},
        {{2, 16, 19}, {8, 16, 3}, {2}, {1}, {2}, {2}},
        {{1, 258, 5}, {16, 258, 1}, {1}, {0}, {0}, {1}},
        {{1, 4, 5, 6, 7}, {8, 4, 3, 3, 3}, {1, 2, 1}, {1, 1, 0}, {1, 0, 1}, {1, 1, 2}},
    };
    return geometries;
}

TEST(CpuConv1d, PlainGroupedAndDepthwiseMatchReference) {
    std::vector<Conv1d> geometries = plain_geometries();
    // Grouped (4 groups of 4 -> 2 channels) and depthwise (Silero VAD legacy: k=5, pads 2, and strided).
    geometries.push_back({{1, 16, 10}, {4, 2, 4, 3}, {1}, {1}, {1}, {1}, true});
    geometries.push_back({{1, 32, 9}, {32, 1, 1, 5}, {1}, {2}, {2}, {1}, true});
    geometries.push_back({{2, 24, 17}, {24, 1, 1, 3}, {2}, {1}, {0}, {2}, true});
    unsigned seed = 100;
    for (const auto& g : geometries) {
        for (int threads : {1, 2}) {
            seed += 10;
            auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, g.data);
            const auto filters = random_tensor(g.filters, seed + 1);
            auto w = std::make_shared<ov::op::v0::Constant>(filters);
            std::shared_ptr<ov::Node> conv;
            if (g.grouped)
                conv = std::make_shared<ov::op::v1::GroupConvolution>(data, w, g.strides, g.pads_begin, g.pads_end,
                                                                      g.dilations);
            else
                conv = std::make_shared<ov::op::v1::Convolution>(data, w, g.strides, g.pads_begin, g.pads_end,
                                                                 g.dilations);
            const std::vector<ov::Tensor> inputs{random_tensor(g.data, seed), filters};
            const auto expected = to_floats(reference(conv, inputs)[0]);
            auto kernel = devmux::cpu::make_dnnl_convolution_kernel(conv, threads);
            ASSERT_TRUE(kernel) << g;
            EXPECT_EQ(kernel->name().rfind("dnnl_", 0), 0u) << kernel->name();
            const auto actual = run_dnnl(*kernel, inputs, conv->get_output_shape(0), threads);
            EXPECT_LE(max_rel_diff(actual, expected), kConvTolerance) << g << " threads " << threads << " "
                                                                      << kernel->name();
        }
    }
}

struct Epilogue {
    FusedActivation activation;
    bool per_channel_slope = false;
    bool scale_shift = false;
    bool addend = false;
    bool addend_first = false;
};

TEST(CpuConv1d, FusedEpiloguesMatchReference) {
    const std::vector<Epilogue> epilogues{
        {FusedActivation::None},    {FusedActivation::Relu},          {FusedActivation::Clamp},
        {FusedActivation::Sigmoid}, {FusedActivation::Tanh},          {FusedActivation::PRelu},
        {FusedActivation::PRelu, true},
        {FusedActivation::Relu, false, true},
        {FusedActivation::Relu, false, false, true},
        {FusedActivation::Relu, false, true, true, true},
        {FusedActivation::PRelu, true, false, true},
    };
    unsigned seed = 500;
    for (const auto& g : plain_geometries()) {
        const size_t rank = g.data.size();
        const size_t channels = g.filters[0];
        ov::Shape per_channel(rank - 1, 1);  // [C,1...]: broadcast along the result's channels
        per_channel[0] = channels;
        for (const auto& e : epilogues) {
            seed += 10;
            auto data = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, g.data);
            const auto filters = random_tensor(g.filters, seed + 1, -0.2f, 0.2f);
            const auto bias = random_tensor(per_channel, seed + 2);
            ov::OutputVector arguments{data, std::make_shared<ov::op::v0::Constant>(filters),
                                       std::make_shared<ov::op::v0::Constant>(bias)};
            std::vector<ov::Tensor> inputs{random_tensor(g.data, seed), filters, bias};
            const auto constant_input = [&](const ov::Tensor& t) {
                arguments.push_back(std::make_shared<ov::op::v0::Constant>(t));
                inputs.push_back(t);
            };
            if (e.activation == FusedActivation::PRelu)
                constant_input(random_tensor(e.per_channel_slope ? per_channel : ov::Shape{1}, seed + 3, 0.05f, 0.5f));
            if (e.scale_shift) {
                constant_input(random_tensor(per_channel, seed + 4, 0.5f, 1.5f));
                constant_input(random_tensor(per_channel, seed + 5));
            }
            // The output shape, from the plain convolution.
            const auto probe = std::make_shared<ov::op::v1::Convolution>(data, arguments[1], g.strides, g.pads_begin,
                                                                         g.pads_end, g.dilations);
            const ov::Shape out_shape = probe->get_output_shape(0);
            if (e.addend) {
                arguments.push_back(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, out_shape));
                inputs.push_back(random_tensor(out_shape, seed + 6));
            }
            auto fused = std::make_shared<devmux::kit::FusedConvolution>(
                arguments, g.strides, g.pads_begin, g.pads_end, g.dilations, ov::op::PadType::EXPLICIT, e.activation,
                -0.3, 0.4, e.addend, e.scale_shift, e.addend_first);
            const auto expected = to_floats(reference(fused, inputs)[0]);
            auto kernel = devmux::cpu::make_dnnl_convolution_kernel(fused, 1);
            ASSERT_TRUE(kernel) << g << " " << devmux::kit::to_string(e.activation);
            const auto actual = run_dnnl(*kernel, inputs, out_shape, 1);
            EXPECT_LE(max_rel_diff(actual, expected), kConvTolerance)
                << g << " " << devmux::kit::to_string(e.activation) << (e.per_channel_slope ? " per channel" : "")
                << (e.scale_shift ? " scale-shift" : "") << (e.addend ? " addend" : "")
                << (e.addend_first ? " first" : "") << " kernel " << kernel->name();
        }
    }
}

#endif  // DEVMUX_CPU_HAVE_DNNL

// ---- LSTM ----

struct LstmCase {
    size_t batch, seq, input, hidden;
    ov::op::RecurrentSequenceDirection direction;
    bool constant_weights;
    float clip = 0.f;
};

std::ostream& operator<<(std::ostream& os, const LstmCase& c) {
    return os << "batch " << c.batch << " seq " << c.seq << " input " << c.input << " hidden " << c.hidden
              << " direction " << c.direction << (c.constant_weights ? " Constant" : " Parameter") << " W, R, B"
              << (c.clip > 0.f ? " clip" : "");
}

// Runs the table's hand-written kernel for `node` (asserting it has one) on `inputs`.
std::vector<ov::Tensor> run_optimized(const std::shared_ptr<ov::Node>& node, const std::vector<ov::Tensor>& inputs,
                                      const std::string& expected_name) {
    const auto kernel = devmux::cpu::make_optimized_kernel(node);
    EXPECT_TRUE(kernel) << *node;
    if (!kernel)
        return {};
    EXPECT_EQ(kernel->name(), expected_name);
    ov::TensorVector outputs;
    for (size_t i = 0; i < node->get_output_size(); ++i)
        outputs.push_back(random_tensor(node->get_output_shape(i), 77 + static_cast<unsigned>(i)));  // stale values
    std::vector<char> scratch(kernel->scratch_bytes() + 64);
    devmux::kit::ExecContext ctx;
    // Twice: nothing may carry over from one run to the next.
    for (int run = 0; run < 2; ++run)
        kernel->execute(ov::TensorVector(inputs.begin(), inputs.end()), outputs, scratch.data(), ctx);
    return std::vector<ov::Tensor>(outputs.begin(), outputs.end());
}

TEST(CpuLstm, SequenceMatchesReference) {
    using D = ov::op::RecurrentSequenceDirection;
    const std::vector<LstmCase> cases{
        {1, 1, 128, 128, D::FORWARD, true},   // Silero VAD v5's decoder
        {1, 5, 64, 64, D::FORWARD, true},     {2, 1, 16, 8, D::FORWARD, true},
        {2, 5, 16, 8, D::FORWARD, true},      {2, 5, 13, 7, D::FORWARD, false},
        {2, 5, 16, 8, D::REVERSE, true},      {2, 5, 16, 8, D::BIDIRECTIONAL, true},
        {2, 5, 16, 8, D::FORWARD, true, 0.5f},
    };
    unsigned seed = 900;
    for (const auto& c : cases) {
        seed += 10;
        const size_t dirs = c.direction == D::BIDIRECTIONAL ? 2 : 1, G = 4 * c.hidden;
        const ov::Shape x{c.batch, c.seq, c.input}, state{c.batch, dirs, c.hidden}, w{dirs, G, c.input},
            r{dirs, G, c.hidden}, b{dirs, G};
        // Batch 2 stops one row early (Y zeros and Ho, Co from there); batch 1 runs the whole sequence.
        ov::Tensor lengths(ov::element::i32, {c.batch});
        for (size_t i = 0; i < c.batch; ++i)
            lengths.data<int32_t>()[i] = static_cast<int32_t>(i == 1 && c.seq > 1 ? c.seq - 2 : c.seq);
        std::vector<ov::Tensor> inputs{random_tensor(x, seed),          random_tensor(state, seed + 1),
                                       random_tensor(state, seed + 2),  lengths,
                                       random_tensor(w, seed + 3, -0.3f, 0.3f), random_tensor(r, seed + 4, -0.3f, 0.3f),
                                       random_tensor(b, seed + 5, -0.3f, 0.3f)};
        ov::OutputVector args;
        for (size_t i = 0; i < inputs.size(); ++i) {
            const bool weight = i >= 4;
            if (weight && c.constant_weights)
                args.push_back(std::make_shared<ov::op::v0::Constant>(inputs[i]));
            else
                args.push_back(
                    std::make_shared<ov::op::v0::Parameter>(inputs[i].get_element_type(), inputs[i].get_shape()));
        }
        auto lstm = std::make_shared<ov::op::v5::LSTMSequence>(args[0], args[1], args[2], args[3], args[4], args[5],
                                                               args[6], static_cast<int64_t>(c.hidden), c.direction,
                                                               std::vector<float>{}, std::vector<float>{},
                                                               std::vector<std::string>{"sigmoid", "tanh", "tanh"},
                                                               c.clip);
        const auto expected = reference(lstm, inputs);
        const auto actual = run_optimized(lstm, inputs, "lstm_sequence_f32");
        ASSERT_EQ(actual.size(), 3u) << c;
        for (size_t i = 0; i < 3; ++i)
            EXPECT_LE(max_rel_diff(to_floats(actual[i]), to_floats(expected[i])), kLstmTolerance)
                << c << " output " << i;
    }
}

TEST(CpuLstm, CellMatchesReference) {
    unsigned seed = 1300;
    for (size_t batch : {1u, 2u}) {
        for (bool constant_weights : {true, false}) {
            seed += 10;
            const size_t input = 24, hidden = 16;
            std::vector<ov::Tensor> inputs{random_tensor({batch, input}, seed),
                                           random_tensor({batch, hidden}, seed + 1),
                                           random_tensor({batch, hidden}, seed + 2),
                                           random_tensor({4 * hidden, input}, seed + 3, -0.3f, 0.3f),
                                           random_tensor({4 * hidden, hidden}, seed + 4, -0.3f, 0.3f),
                                           random_tensor({4 * hidden}, seed + 5, -0.3f, 0.3f)};
            ov::OutputVector args;
            for (size_t i = 0; i < inputs.size(); ++i) {
                if (i >= 3 && constant_weights)
                    args.push_back(std::make_shared<ov::op::v0::Constant>(inputs[i]));
                else
                    args.push_back(std::make_shared<ov::op::v0::Parameter>(ov::element::f32, inputs[i].get_shape()));
            }
            auto cell = std::make_shared<ov::op::v4::LSTMCell>(args[0], args[1], args[2], args[3], args[4], args[5],
                                                               hidden);
            const auto expected = reference(cell, inputs);
            const auto actual = run_optimized(cell, inputs, "lstm_cell_f32");
            ASSERT_EQ(actual.size(), 2u);
            for (size_t i = 0; i < 2; ++i)
                EXPECT_LE(max_rel_diff(to_floats(actual[i]), to_floats(expected[i])), kLstmTolerance)
                    << "batch " << batch << (constant_weights ? " Constant" : " Parameter") << " output " << i;
        }
    }
}

TEST(CpuLstm, OtherActivationsStayOnTheReference) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8});
    auto h = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4});
    auto c = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 4});
    auto w = std::make_shared<ov::op::v0::Constant>(random_tensor({16, 8}, 1));
    auto r = std::make_shared<ov::op::v0::Constant>(random_tensor({16, 4}, 2));
    auto b = std::make_shared<ov::op::v0::Constant>(random_tensor({16}, 3));
    auto cell = std::make_shared<ov::op::v4::LSTMCell>(x, h, c, w, r, b, 4,
                                                       std::vector<std::string>{"relu", "tanh", "tanh"});
    EXPECT_FALSE(devmux::cpu::make_optimized_kernel(cell));
}

// ---- the plan ----

// Silero VAD v5's first encoder step (conv k=3 + bias + Relu on [1,129,4]) and an LSTMSequence after it: the
// compiled plan runs both on their kernels, not on the reference, with the reference's values.
TEST(CpuConv1d, PlanRunsOneDConvolutionsAndLstmOnKernels) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 129, 4});
    auto w = std::make_shared<ov::op::v0::Constant>(random_tensor({128, 129, 3}, 11, -0.1f, 0.1f));
    auto conv = std::make_shared<ov::op::v1::Convolution>(x, w, ov::Strides{1}, ov::CoordinateDiff{1},
                                                          ov::CoordinateDiff{1}, ov::Strides{1});
    conv->set_friendly_name("conv");
    auto bias = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 128, 1}, 12));
    auto relu = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Add>(conv, bias));
    // [1,128,4] read as a sequence of 128 steps of 4 values.
    auto h0 = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 1, 8});
    auto c0 = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 1, 8});
    auto lengths = ov::op::v0::Constant::create(ov::element::i64, {1}, {128});
    auto lw = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 32, 4}, 13, -0.3f, 0.3f));
    auto lr = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 32, 8}, 14, -0.3f, 0.3f));
    auto lb = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 32}, 15, -0.3f, 0.3f));
    auto lstm = std::make_shared<ov::op::v5::LSTMSequence>(relu, h0, c0, lengths, lw, lr, lb, 8,
                                                           ov::op::RecurrentSequenceDirection::FORWARD);
    lstm->set_friendly_name("lstm");
    // Beside them, an unfused 1-D convolution (oneDNN from 32 K multiply-adds where it is there) and a
    // depthwise one (the hand-written loop, which beat oneDNN's gemm fallback on Silero VAD legacy).
    auto plain = std::make_shared<ov::op::v1::Convolution>(
        x, std::make_shared<ov::op::v0::Constant>(random_tensor({64, 129, 3}, 19, -0.1f, 0.1f)), ov::Strides{2},
        ov::CoordinateDiff{1}, ov::CoordinateDiff{1}, ov::Strides{1});
    plain->set_friendly_name("plain");
    auto depthwise = std::make_shared<ov::op::v1::GroupConvolution>(
        x, std::make_shared<ov::op::v0::Constant>(random_tensor({129, 1, 1, 5}, 20)), ov::Strides{1},
        ov::CoordinateDiff{2}, ov::CoordinateDiff{2}, ov::Strides{1});
    depthwise->set_friendly_name("depthwise");
    auto model = std::make_shared<ov::Model>(
        ov::OutputVector{relu, lstm->output(0), lstm->output(1), plain, depthwise}, ov::ParameterVector{x, h0, c0},
        "conv1d_lstm");
    const std::vector<ov::Tensor> inputs{random_tensor({1, 129, 4}, 16), random_tensor({1, 1, 8}, 17),
                                         random_tensor({1, 1, 8}, 18)};
    const auto expected = reference_outputs(*model, inputs);
    for (int threads : {1, 2}) {
        auto compiled =
            make_plugin()->compile_model(model, {ov::inference_num_threads(threads), ov::enable_profiling(true)});
        auto request = compiled->create_sync_infer_request();
        for (size_t i = 0; i < inputs.size(); ++i)
            request->set_tensor(compiled->inputs()[i], inputs[i]);
        request->infer();
        for (size_t i = 0; i < expected.size(); ++i)
            EXPECT_LE(max_rel_diff(to_floats(request->get_tensor(compiled->outputs()[i])), to_floats(expected[i])),
                      kConvTolerance)
                << "output " << i << ", " << threads << " threads";
        size_t convolutions = 0, lstms = 0;
        for (const auto& entry : request->get_profiling_info()) {
            if (entry.node_type == "Convolution" || entry.node_type == "FusedConvolution" ||
                entry.node_type == "GroupConvolution") {
                ++convolutions;
                EXPECT_NE(entry.exec_type.rfind("ref_", 0), 0u) << entry.node_name << " runs on " << entry.exec_type;
            }
            if (entry.node_name == "depthwise")
                EXPECT_EQ(entry.exec_type, "depthwise_f32");
#ifdef DEVMUX_CPU_HAVE_DNNL
            if (entry.node_name == "plain" || entry.node_type == "FusedConvolution")
                EXPECT_EQ(entry.exec_type.rfind("dnnl_", 0), 0u) << entry.node_name << " runs on " << entry.exec_type;
#endif
            if (entry.node_type == "LSTMSequence") {
                ++lstms;
                EXPECT_EQ(entry.exec_type, "lstm_sequence_f32") << entry.node_name;
            }
        }
        EXPECT_EQ(convolutions, 3u);
        EXPECT_EQ(lstms, 1u);
    }
}

}  // namespace
