// SPDX-License-Identifier: Apache-2.0
// HETERO tooling (issue 3 §3): `devmux query` and `devmux benchmark --pc` on HETERO devices, the
// hetero_manual_affinity example, and a real model on HETERO:M,CPU (M: the mock plugin lacking an op
// the model uses) checked against CPU alone and against what `devmux query` shows.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/openvino.hpp"

using namespace core_test;
using ::testing::HasSubstr;

namespace {

const std::string kCli = std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux";
const std::string kExample = std::string(DEVMUX_BUILD_BIN_DIR) + "/hetero_manual_affinity";
const std::string kSqueezeNet = std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml";
const std::string kLandmarks =
    std::string(DEVMUX_MODELS_DIR) + "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml";

// SqueezeNet 1.1 on a device without Concat: each of the eight fire modules' Concat goes to the CPU,
// so the model is cut into 8 CPU subgraphs between 9 mock subgraphs.
constexpr const char* kSqueezeNetOpsButConcat =
    "Parameter,Result,Constant,Convert,Convolution,Add,Relu,MaxPool,ReduceMean,Softmax";
constexpr size_t kSqueezeNetSubgraphs = 17;

struct ProgramRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

std::string quote(const std::string& arg) {
    std::string quoted = "'";
    for (char c : arg)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// Runs a program with stdout and stderr captured apart; `env` entries go before it ("PATH=/x").
ProgramRun run_program(const std::string& program, const std::vector<std::string>& args, const std::string& work_dir,
        const std::vector<std::string>& env = {}) {
    std::string command = env.empty() ? std::string() : "/usr/bin/env";
    for (const auto& entry : env)
        command += " " + quote(entry);
    command += " " + quote(program);
    for (const auto& arg : args)
        command += " " + quote(arg);
    const std::string out = work_dir + "/run.out", err = work_dir + "/run.err";
    command += " >" + quote(out) + " 2>" + quote(err) + " </dev/null";
    ProgramRun result;
    const int status = std::system(command.c_str());
    if (status != -1 && WIFEXITED(status))
        result.exit_code = WEXITSTATUS(status);
    result.out = read_file(out);
    result.err = read_file(err);
    return result;
}

std::string lib(const std::string& name) {
    return lib_dir() + "/lib" + name + ".so";
}

class HeteroTools : public ::testing::Test {
protected:
    // CPU, HETERO and the mock "M" with the given op list.
    std::string plugins_with_mock(const std::string& supported_ops) {
        const std::string path = dir.file("plugins.xml");
        write_file(path, plugins_xml(plugin_element("CPU", lib("devmux_cpu_plugin")) +
                                     plugin_element("HETERO", lib("devmux_hetero_plugin")) +
                                     plugin_element("M", devmux_mock::library_path(),
                                                    {{devmux_mock::supported_ops, supported_ops}})));
        return path;
    }

    ProgramRun cli(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
        return run_program(kCli, args, dir.path(), env);
    }

    TempDir dir;
};

size_t shown_subgraph_count(const std::string& query_output) {
    std::smatch match;
    if (!std::regex_search(query_output, match, std::regex(R"(Subgraphs \((\d+), in execution order\))")))
        return 0;
    return std::stoul(match[1].str());
}

// ---- devmux query ----

TEST_F(HeteroTools, QueryShowsEachOpsDeviceAndTheSubgraphs) {
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M,CPU"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Ops keep their per-op line; the Concat of the first fire module is the CPU's.
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\nfire2/concat +Concat +opset1 +CPU\n)"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\nconv1 +Add +opset1 +M\.0\n)"))) << r.out;
    EXPECT_EQ(shown_subgraph_count(r.out), kSqueezeNetSubgraphs);
    // Subgraph 1 is the first Concat alone on the CPU.
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\n  1 +CPU +1 +1\n)"))) << r.out;
}

TEST_F(HeteroTools, QueryShowsTheBytesCrossingEachBoundary) {
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M,CPU"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // fire2's Concat output, 1x128x56x56 f32, goes from the CPU (subgraph 1) to the mock (subgraph 2).
    const size_t concat_bytes = 1 * 128 * 56 * 56 * 4;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("\n  1 +2 +fire2/concat\\.0 +f32 +\\[1,128,56,56\\] +" + std::to_string(concat_bytes) + " B")))
        << r.out;
    // Both expand branches (1x64x56x56 f32 each) cross from subgraph 0 into the Concat's subgraph.
    const size_t branch_bytes = 1 * 64 * 56 * 56 * 4;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("\n  0 +1 +fire2/relu_expand1x1\\.0 +f32 +\\[1,64,56,56\\] +" + std::to_string(branch_bytes))))
        << r.out;
    EXPECT_THAT(r.out, HasSubstr("Boundaries (24 tensors)"));
}

TEST_F(HeteroTools, QueryOnOneDeviceSaysWhichOpsNoDeviceSupports) {
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("Subgraphs: none; no listed device supports fire2/concat (Concat)"));
}

TEST_F(HeteroTools, DotFileHoldsTheSubgraphPicture) {
    const std::string dot = dir.file("split.dot");
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M,CPU", "--dot", dot});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string text = read_file(dot);
    EXPECT_EQ(text.rfind("digraph", 0), 0u) << text.substr(0, 200);
    EXPECT_THAT(text, HasSubstr("subgraph=16"));
    EXPECT_THAT(text, HasSubstr("device=CPU"));
    EXPECT_THAT(text, HasSubstr("device=M.0"));
}

TEST_F(HeteroTools, SvgWithoutGraphvizSaysHowToGetIt) {
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M,CPU", "--svg", dir.file("split.svg")},
                       {"PATH=" + dir.file("no_programs_here")});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_THAT(r.err, HasSubstr("Graphviz"));
    EXPECT_THAT(r.err, HasSubstr("--dot"));
}

// scripts/build installs graphviz, so dot is there wherever the tests run.
TEST_F(HeteroTools, SvgIsRenderedWhenGraphvizIsInstalled) {
    ASSERT_EQ(std::system("command -v dot >/dev/null 2>&1"), 0) << "Graphviz's dot is not installed";
    const std::string svg = dir.file("split.svg");
    const auto r = cli({"query", "--plugins", plugins_with_mock(kSqueezeNetOpsButConcat), "-m", kSqueezeNet, "-d",
                        "HETERO:M,CPU", "--svg", svg});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(read_file(svg), HasSubstr("<svg"));
}

TEST_F(HeteroTools, DotOnAPlainDeviceIsAUsageError) {
    const auto r = cli({"query", "-m", kSqueezeNet, "-d", "CPU", "--dot", dir.file("x.dot")});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_THAT(r.err, HasSubstr("HETERO"));
}

// ---- devmux benchmark --pc ----

TEST_F(HeteroTools, BenchmarkCountersArePerSubgraph) {
    const auto r = cli({"benchmark", "--plugins",
                        plugins_with_mock("Parameter,Result,Constant,Convolution,GroupConvolution,MaxPool,Multiply,"
                                          "Add,Sigmoid"),
                        "-m", kLandmarks, "-d", "HETERO:M,CPU", "-n", "2", "--pc"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("Per-subgraph counters"));
    // The mock runs the first subgraph; PReLU, which it lacks, runs on the CPU.
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\n  0 +M\.0 +\d+ +[0-9.]+ +[0-9.]+%\n)"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\n  1 +CPU +\d+ +[0-9.]+ +[0-9.]+%\n)"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\n  transfers +- +\d+ )"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\n  subgraph0: \S+ +Convolution +reference )"))) << r.out;
}

// ---- the example ----

TEST_F(HeteroTools, ManualAffinityExampleRunsARealModelSplitInTwo) {
    const std::string xml = dir.file("example_plugins.xml");
    write_file(xml, plugins_xml(plugin_element("CPU", lib("devmux_cpu_plugin")) +
                                plugin_element("HETERO", lib("devmux_hetero_plugin")) +
                                plugin_element("MOCK", devmux_mock::library_path())));
    const auto r = run_program(kExample, {kLandmarks, "MOCK", "CPU", xml}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("Compiled on HETERO:MOCK,CPU: 2 subgraphs on MOCK CPU"));
    EXPECT_THAT(r.out, HasSubstr("agrees with CPU alone"));
}

TEST_F(HeteroTools, ManualAffinityExampleReportsADeviceThatCannotRunItsHalf) {
    const auto r = run_program(kExample, {kLandmarks, "M", "CPU", plugins_with_mock("Parameter,Result,Constant,Convolution")},
                       dir.path());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_THAT(r.err, HasSubstr("not supported"));
}

// ---- a real model on HETERO:M,CPU ----

TEST_F(HeteroTools, SplitModelMatchesCpuAloneWithTheSubgraphsQueryShows) {
    const std::string xml = plugins_with_mock(kSqueezeNetOpsButConcat);
    const auto r = cli({"query", "--plugins", xml, "-m", kSqueezeNet, "-d", "HETERO:M,CPU"});
    ASSERT_EQ(r.exit_code, 0) << r.err;

    ov::Core core(xml);
    auto model = core.read_model(kSqueezeNet);
    ov::CompiledModel split = core.compile_model(model, "HETERO:M,CPU");
    ov::CompiledModel cpu = core.compile_model(model, "CPU");
    EXPECT_EQ(split.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), shown_subgraph_count(r.out));
    EXPECT_EQ(split.get_property(ov::execution_devices), (std::vector<std::string>{"M.0", "CPU"}));

    ov::Tensor input(ov::element::f32, model->input().get_shape());
    std::mt19937 generator(5);
    std::uniform_real_distribution<float> pixel(-128.0f, 128.0f);
    for (size_t i = 0; i < input.get_size(); ++i)
        input.data<float>()[i] = pixel(generator);
    ov::InferRequest split_request = split.create_infer_request();
    ov::InferRequest cpu_request = cpu.create_infer_request();
    split_request.set_input_tensor(input);
    cpu_request.set_input_tensor(input);
    split_request.infer();
    cpu_request.infer();
    const ov::Tensor got = split_request.get_output_tensor(), expected = cpu_request.get_output_tensor();
    ASSERT_EQ(got.get_shape(), expected.get_shape());
    float largest = 0.0f;
    for (size_t i = 0; i < got.get_size(); ++i) {
        EXPECT_NEAR(got.data<float>()[i], expected.data<float>()[i], 1e-5f) << "element " << i;
        largest = std::max(largest, expected.data<float>()[i]);
    }
    EXPECT_GT(largest, 0.0f);
}

}  // namespace
