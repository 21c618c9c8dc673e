// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"

namespace {

const std::string kCli = std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux";
const std::string kTinyModel = std::string(DEVMUX_MODELS_DIR) + "/tiny/increment_1x3x4x5/1/increment_1x3x4x5.xml";

struct Result {
    int exit_code = -1;
    std::string out;
    std::string err;
};

std::string read_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string quote(const std::string& arg) {
    std::string quoted = "'";
    for (char c : arg)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// Runs the CLI with stdout and stderr captured apart (both pipes: not terminals).
Result run_cli(const std::vector<std::string>& args) {
    // The pid keeps concurrent runs of the suite (several build trees) apart.
    const std::string base = ::testing::TempDir() + "devmux_cli_" + std::to_string(getpid()) + "_" +
                             ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::string command = quote(kCli);
    for (const auto& arg : args)
        command += " " + quote(arg);
    command += " >" + quote(base + ".out") + " 2>" + quote(base + ".err") + " </dev/null";
    Result result;
    const int status = std::system(command.c_str());
    if (status != -1 && WIFEXITED(status))
        result.exit_code = WEXITSTATUS(status);
    result.out = read_file(base + ".out");
    result.err = read_file(base + ".err");
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return result;
}

bool has_line_matching(const std::string& text, const std::string& pattern) {
    const std::regex re(pattern);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (std::regex_match(line, re))
            return true;
    return false;
}

std::string regex_escape(const std::string& text) {
    static const std::regex special(R"([.^$|()\[\]{}*+?\\/])");
    return std::regex_replace(text, special, R"(\$&)");
}

std::string write_bytes(const std::string& name, size_t bytes) {
    const std::string path = ::testing::TempDir() + std::to_string(getpid()) + "_" + name;
    std::ofstream file(path, std::ios::binary);
    for (size_t i = 0; i < bytes; ++i)
        file.put(static_cast<char>(i % 7 + 1));
    return path;
}

TEST(CliHelp, PrintsUsageAndSucceeds) {
    auto r = run_cli({"--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Usage: devmux"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("benchmark"), std::string::npos) << r.out;
}

TEST(CliDevices, ListsCpuWithUuidOf32HexDigits) {
    auto r = run_cli({"devices"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, "CPU")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*UUID:\s+[0-9a-f]{32})")) << r.out;
}

// A plugins.xml with the built CPU plugin (with one property) and a plugin whose library does not exist.
std::string write_plugins_xml_with_broken_plugin() {
    const std::string path = ::testing::TempDir() + std::to_string(getpid()) + "_devmux_cli_plugins.xml";
    std::ofstream file(path);
    file << "<ie>\n  <plugins>\n"
         << "    <plugin name=\"CPU\" location=\"" << DEVMUX_BUILD_LIB_DIR << "/libdevmux_cpu_plugin.so\">\n"
         << "      <properties><property key=\"NUM_STREAMS\" value=\"1\"/></properties>\n    </plugin>\n"
         << "    <plugin name=\"BROKEN\" location=\"libdevmux_no_such_plugin.so\"/>\n"
         << "  </plugins>\n</ie>\n";
    return path;
}

TEST(CliDevices, ShowsThePluginLibraryAndItsPluginsXmlProperties) {
    const auto plugins = write_plugins_xml_with_broken_plugin();
    auto r = run_cli({"devices", "--plugins", plugins});
    std::remove(plugins.c_str());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*Plugin:\s+.*libdevmux_cpu_plugin\.so.*)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*NUM_STREAMS = 1)")) << r.out;
}

TEST(CliDevices, ListsAPluginThatFailedToLoadWithItsError) {
    const auto plugins = write_plugins_xml_with_broken_plugin();
    auto r = run_cli({"devices", "--plugins", plugins});
    std::remove(plugins.c_str());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, "CPU")) << r.out;
    const auto failed = r.out.find("Failed to load:");
    ASSERT_NE(failed, std::string::npos) << r.out;
    EXPECT_NE(r.out.find("BROKEN", failed), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("libdevmux_no_such_plugin.so", failed), std::string::npos) << r.out;
}

TEST(CliQuery, ListsEveryOpOfTinyModelOnCpuWithCount) {
    auto r = run_cli({"query", "-m", kTinyModel, "-d", "CPU"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ov::Core core;
    auto model = core.read_model(kTinyModel);
    const auto ops = model->get_ordered_ops();
    ASSERT_EQ(ops.size(), 4u);
    for (const auto& op : ops)
        EXPECT_TRUE(has_line_matching(r.out, regex_escape(op->get_friendly_name()) + R"(\s+)" + op->get_type_name() +
                                                 R"(\s+\S+\s+CPU)"))
            << op->get_friendly_name() << " missing in:\n"
            << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*CPU: 4)")) << r.out;
    EXPECT_FALSE(has_line_matching(r.out, R"(.*not supported.*)")) << r.out;
}

TEST(CliBenchmark, FiveIterationsReportThroughput) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "5", "--nireq", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, "Count: 5 inferences")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(Throughput: [0-9]+\.[0-9]+ FPS)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*Median:\s+[0-9]+\.[0-9]+)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*P90:\s+[0-9]+\.[0-9]+)")) << r.out;
}

TEST(CliBenchmark, NthreadsSetsTheInferenceThreads) {
    for (const char* threads : {"1", "2"}) {
        auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "3", "-nthreads", threads});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(has_line_matching(r.out, std::string("Inference threads: ") + threads)) << r.out;
    }
    auto bad = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "3", "-nthreads", "0"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("-nthreads expects a whole number"), std::string::npos) << bad.err;
    auto misplaced = run_cli({"query", "-m", kTinyModel, "-d", "CPU", "-nthreads", "1"});
    EXPECT_NE(misplaced.exit_code, 0);
    EXPECT_NE(misplaced.err.find("-nthreads does not apply"), std::string::npos) << misplaced.err;
}

TEST(CliBenchmark, DrawsNoProgressBarWhenStderrIsNotATerminal) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
}

TEST(CliBenchmark, PerfCountsListEveryExecutedOpAndType) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "3", "--pc"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, R"(Per-op counters.*)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(Per-op-type counters.*)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*output\s+Add\s+.*)")) << r.out;
}

TEST(CliBenchmark, AcceptsInputFileOfTheRightSize) {
    const auto path = write_bytes("devmux_cli_input_ok.bin", 1 * 3 * 4 * 5 * sizeof(float));
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-i", "input=" + path});
    std::remove(path.c_str());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*input\s+f32.*file .*)")) << r.out;
}

TEST(CliBenchmark, RejectsInputFileOfTheWrongSizeNamingTheInput) {
    const auto path = write_bytes("devmux_cli_input_short.bin", 7);
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-i", "input=" + path});
    std::remove(path.c_str());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'input'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("240 bytes"), std::string::npos) << r.err;
}

TEST(CliBenchmark, RejectsUnknownInputName) {
    const auto path = write_bytes("devmux_cli_input_unknown.bin", 240);
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "-i", "nosuch=" + path});
    std::remove(path.c_str());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("nosuch"), std::string::npos) << r.err;
}

TEST(CliErrors, UnknownCommandFailsWithMessage) {
    auto r = run_cli({"frobnicate"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos) << r.err;
}

TEST(CliErrors, NoCommandFailsWithMessage) {
    auto r = run_cli({});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("no command"), std::string::npos) << r.err;
}

TEST(CliErrors, QueryWithoutModelFails) {
    auto r = run_cli({"query", "-d", "CPU"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("needs a model"), std::string::npos) << r.err;
}

TEST(CliErrors, NonNumericIterationCountFails) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "five"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'five'"), std::string::npos) << r.err;
}

TEST(CliErrors, BothCountAndTimeFail) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "5", "-t", "1"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("either -n or -t"), std::string::npos) << r.err;
}

TEST(CliErrors, OptionOfAnotherCommandFails) {
    auto r = run_cli({"devices", "--pc"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("--pc"), std::string::npos) << r.err;
}

TEST(CliErrors, MissingModelFileIsNamed) {
    auto r = run_cli({"query", "-m", "/nonexistent/model.xml", "-d", "CPU"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("/nonexistent/model.xml"), std::string::npos) << r.err;
}

TEST(CliErrors, UnknownDeviceIsNamed) {
    auto r = run_cli({"query", "-m", kTinyModel, "-d", "NOSUCHDEVICE"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("NOSUCHDEVICE"), std::string::npos) << r.err;
}

TEST(CliErrors, MissingPluginsFileIsNamed) {
    auto r = run_cli({"devices", "--plugins", "/nonexistent/plugins.xml"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("/nonexistent/plugins.xml"), std::string::npos) << r.err;
}

}  // namespace

namespace {

// The number after `"key": ` in a JSON text the CLI wrote (the first occurrence), or NaN.
double json_number(const std::string& json, const std::string& key) {
    std::smatch match;
    if (!std::regex_search(json, match, std::regex("\"" + key + "\": ([-0-9.eE]+)")))
        return std::nan("");
    return std::stod(match[1].str());
}

std::string temp_path(const std::string& suffix) {
    return ::testing::TempDir() + "devmux_cli_" + std::to_string(getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name() + suffix;
}

}  // namespace

TEST(CliBenchmark, NstreamsSetsTheStreams) {
    for (const char* streams : {"1", "2"}) {
        auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "4", "-nthreads", "2", "-nstreams", streams});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(has_line_matching(r.out, std::string("Streams: ") + streams)) << r.out;
        // Without --nireq the benchmark keeps the device's optimum in flight: one request per stream.
        EXPECT_TRUE(has_line_matching(r.out, std::string("Infer requests in flight: ") + streams)) << r.out;
    }
    auto bad = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "-nstreams", "0"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("-nstreams expects a whole number"), std::string::npos) << bad.err;
}

TEST(CliBenchmark, HintSelectsThePerformanceMode) {
    auto latency = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-nthreads", "2", "-hint", "latency"});
    ASSERT_EQ(latency.exit_code, 0) << latency.err;
    EXPECT_TRUE(has_line_matching(latency.out, "Performance hint: LATENCY")) << latency.out;
    EXPECT_TRUE(has_line_matching(latency.out, "Streams: 1")) << latency.out;
    auto throughput =
        run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-nthreads", "2", "-hint", "throughput"});
    ASSERT_EQ(throughput.exit_code, 0) << throughput.err;
    EXPECT_TRUE(has_line_matching(throughput.out, "Performance hint: THROUGHPUT")) << throughput.out;
    EXPECT_TRUE(has_line_matching(throughput.out, "Streams: 2")) << throughput.out;
    auto none = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-hint", "none"});
    ASSERT_EQ(none.exit_code, 0) << none.err;
    EXPECT_TRUE(has_line_matching(none.out, R"(Performance hint: \w+ \(device default\))")) << none.out;
    auto bad = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "-hint", "fast"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("-hint expects latency, throughput or none, got 'fast'"), std::string::npos) << bad.err;
}

TEST(CliBenchmark, InferPrecisionSetsTheHintAndShowsThePrecisionInEffect) {
    // f16 is accepted by the CPU and runs in f32: the line shows what the device runs with.
    auto f16 = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2", "-infer_precision", "f16"});
    ASSERT_EQ(f16.exit_code, 0) << f16.err;
    EXPECT_TRUE(has_line_matching(f16.out, "Inference precision: f32")) << f16.out;
    auto bad = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "-infer_precision", "i8"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("-infer_precision expects f32, f16 or bf16, got 'i8'"), std::string::npos) << bad.err;
}

TEST(CliBenchmark, BatchReshapesTheInputs) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "3", "-b", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, R"(Batch: 3 \(.*\))")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*input\s+f32 \[3,3,4,5\].*)")) << r.out;
    auto bad = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "-b", "0"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("-b expects a whole number"), std::string::npos) << bad.err;
    auto misplaced = run_cli({"query", "-m", kTinyModel, "-d", "CPU", "-b", "2"});
    EXPECT_NE(misplaced.exit_code, 0);
    EXPECT_NE(misplaced.err.find("-b does not apply"), std::string::npos) << misplaced.err;
}

TEST(CliBenchmark, ReportsMemoryOfTheCompiledModelAndTheProcess) {
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*Weights \(compiled model\): [0-9]+)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*Arena per request:\s+[0-9]+ x [0-9]+ requests)")) << r.out;
    EXPECT_TRUE(has_line_matching(r.out, R"(\s*Peak resident \(process\):\s+[1-9][0-9]*)")) << r.out;
}

TEST(CliBenchmark, JsonHoldsEveryFigureAndTheConfigurationUsed) {
    const std::string json_file = temp_path(".json");
    auto r = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "7", "--nireq", "2", "-nthreads", "2",
                      "-nstreams", "2", "-b", "2", "--json", json_file});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string json = read_file(json_file);
    std::remove(json_file.c_str());
    ASSERT_FALSE(json.empty());
    EXPECT_NE(json.find("\"device\": \"CPU\""), std::string::npos) << json;
    EXPECT_EQ(json_number(json, "count"), 7) << json;
    EXPECT_EQ(json_number(json, "threads"), 2) << json;
    EXPECT_EQ(json_number(json, "streams"), 2) << json;
    EXPECT_EQ(json_number(json, "requests"), 2) << json;
    EXPECT_EQ(json_number(json, "batch"), 2) << json;
    const double min = json_number(json, "min"), median = json_number(json, "median"), p90 = json_number(json, "p90"),
                 max = json_number(json, "max");
    EXPECT_GT(min, 0) << json;
    EXPECT_LE(min, median) << json;
    EXPECT_LE(median, p90) << json;
    EXPECT_LE(p90, max) << json;
    // Frames per second: 7 inferences of batch 2 over the run's duration.
    EXPECT_NEAR(json_number(json, "throughput_fps"), 1000.0 * 7 * 2 / json_number(json, "duration_ms"),
                0.01 * json_number(json, "throughput_fps"))
        << json;
    // The increment model holds its constant; each request needs an arena at least for its output-sized value
    // or none at all (outputs may be written in place), but the process surely holds something.
    EXPECT_GE(json_number(json, "weights"), 4) << json;
    EXPECT_GE(json_number(json, "request_arena"), 0) << json;
    EXPECT_GT(json_number(json, "peak_rss"), 1e6) << json;

    auto unwritable = run_cli({"benchmark", "-m", kTinyModel, "-d", "CPU", "-n", "1", "--json", "/nonexistent/x.json"});
    EXPECT_NE(unwritable.exit_code, 0);
    EXPECT_NE(unwritable.err.find("/nonexistent/x.json"), std::string::npos) << unwritable.err;
}

// `devmux convert` on an ONNX model: the IR it writes reloads with the same outputs and benchmarks.
TEST(CliConvert, OnnxModelToIrThatBenchmarks) {
    const std::string onnx = std::string(DEVMUX_MODELS_DIR) + "/mnist-onnx/mnist.onnx";
    ov::Core core;
    std::shared_ptr<ov::Model> original;
    try {
        original = core.read_model(onnx);
    } catch (const ov::Exception& e) {
        GTEST_SKIP() << "this build reads no ONNX: " << e.what();
    }
    const std::string base = ::testing::TempDir() + std::to_string(getpid()) + "_devmux_cli_mnist";
    const std::string xml = base + ".xml", bin = base + ".bin";
    auto r = run_cli({"convert", "-m", onnx, "-o", xml});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has_line_matching(r.out, "Wrote IR v11: " + regex_escape(xml) + R"( \([0-9]+ bytes\), .*)")) << r.out;
    EXPECT_NE(read_file(xml).find("version=\"11\""), std::string::npos);

    auto bench = run_cli({"benchmark", "-m", xml, "-d", "CPU", "-n", "2"});
    EXPECT_EQ(bench.exit_code, 0) << bench.err;
    EXPECT_TRUE(has_line_matching(bench.out, "Count: 2 inferences")) << bench.out;

    // Without --compress-to-fp16 the weights keep f32: the reloaded model's outputs are bit-identical.
    auto reloaded = core.read_model(xml);
    ov::Tensor input(ov::element::f32, original->input(0).get_shape());
    for (size_t i = 0; i < input.get_size(); ++i)
        input.data<float>()[i] = static_cast<float>((i * 37) % 255) / 255.0f;
    auto infer = [&](const std::shared_ptr<ov::Model>& model) {
        auto request = core.compile_model(model, "CPU").create_infer_request();
        request.set_input_tensor(input);
        request.infer();
        auto output = request.get_output_tensor();
        return std::vector<float>(output.data<float>(), output.data<float>() + output.get_size());
    };
    EXPECT_EQ(infer(original), infer(reloaded));

    auto compressed = run_cli({"convert", onnx, "-o", xml, "--compress-to-fp16"});  // the model given bare
    ASSERT_EQ(compressed.exit_code, 0) << compressed.err;
    EXPECT_NE(read_file(xml).find("element_type=\"f16\""), std::string::npos);
    std::remove(xml.c_str());
    std::remove(bin.c_str());
}

TEST(CliConvert, NeedsAnXmlOutputAndTakesNoDevice) {
    auto no_output = run_cli({"convert", "-m", kTinyModel});
    EXPECT_EQ(no_output.exit_code, 1);
    EXPECT_NE(no_output.err.find("-o"), std::string::npos) << no_output.err;
    auto not_xml = run_cli({"convert", "-m", kTinyModel, "-o", "out.bin"});
    EXPECT_EQ(not_xml.exit_code, 1);
    EXPECT_NE(not_xml.err.find("out.bin"), std::string::npos) << not_xml.err;
    auto device = run_cli({"convert", "-m", kTinyModel, "-o", "out.xml", "-d", "CPU"});
    EXPECT_EQ(device.exit_code, 1);
    EXPECT_NE(device.err.find("-d"), std::string::npos) << device.err;
}

TEST(CliConvert, UnwritableOutputIsNamed) {
    auto r = run_cli({"convert", "-m", kTinyModel, "-o", "/nonexistent-devmux-dir/out.xml"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("/nonexistent-devmux-dir/out.xml"), std::string::npos) << r.err;
}
