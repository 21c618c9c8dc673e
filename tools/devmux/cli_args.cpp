// SPDX-License-Identifier: Apache-2.0
#include "cli_args.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

namespace devmux::cli {
namespace {

uint64_t parse_count(const std::string& option, const std::string& text, uint64_t max_value) {
    // strtoull accepts "-1" (wrapping) and leading blanks; insist on plain digits instead.
    bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    errno = 0;
    unsigned long long value = digits_only ? std::strtoull(text.c_str(), nullptr, 10) : 0;
    if (!digits_only || errno == ERANGE || value == 0 || value > max_value)
        throw UsageError(option + " expects a whole number from 1 to " + std::to_string(max_value) + ", got '" +
                         text + "'");
    return value;
}

double parse_seconds(const std::string& option, const std::string& text) {
    char* end = nullptr;
    errno = 0;
    double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(value) ||
        value <= 0.0)
        throw UsageError(option + " expects a positive number of seconds, got '" + text + "'");
    return value;
}

}  // namespace

std::string usage_text() {
    return R"(Usage: devmux <command> [options]

Commands:
  devices                     list the devices, their plugin libraries and properties,
                              and the plugins that failed to load
  query -m MODEL -d DEVICE [--dot FILE] [--svg FILE]
                              show which device supports each op of the model; for
                              HETERO:A,B,... also the subgraphs HETERO compiles and the
                              bytes crossing each boundary per inference
  benchmark -m MODEL -d DEVICE [-n N | -t SECONDS] [--nireq K] [-nthreads N] [-nstreams S]
            [-hint latency|throughput|none] [-infer_precision f32|f16|bf16] [-b N] [-i NAME=FILE ...]
            [--pc] [--json FILE]
                              measure latency, throughput and memory
  convert [-m] MODEL -o OUT.xml [--compress-to-fp16]
                              save the model (IR or ONNX) as IR v11: OUT.xml and OUT.bin

Options:
  --plugins FILE       plugins.xml to load devices from (default: the one beside the runtime library)
  -m, --model FILE     model: IR (.xml; the .bin beside it) or ONNX (.onnx)
  -o, --output FILE    convert: the IR .xml to write; the weights go to the .bin beside it
  --compress-to-fp16   convert: store f32 weights as f16, each followed by a Convert back to f32
  -d, --device NAME    device to use, e.g. CPU
  -n, --niter N        benchmark: run N inferences
  -t, --time SECONDS   benchmark: run for this long (default: 10 s when -n is not given)
  --nireq K            benchmark: keep K infer requests in flight (default: the device's optimum)
  -nthreads N          benchmark: compile with ov::inference_num_threads(N) (default: the device's)
  -nstreams S          benchmark: compile with ov::num_streams(S) (default: from the hint)
  -hint MODE           benchmark: ov::hint::performance_mode latency or throughput; none sets no
                       hint (the device's default)
  -infer_precision P   benchmark: compile with ov::hint::inference_precision(P): f32, f16 or bf16
  -b, --batch N        benchmark: run the model with batch N (ov::set_batch where an input's layout
                       has N, else dimension 0 of every input); throughput counts N frames per inference
  --json FILE          benchmark: also write every figure and the configuration used to FILE
  -i, --input NAME=FILE
                       benchmark: raw little-endian data for the input NAME (a tensor name of
                       the input), exactly the input's element type and size; other inputs get
                       seeded random values
  --seed N             benchmark: seed of the random inputs (default 42)
  --pc                 benchmark: report per-op performance counters (and, on HETERO, per
                       subgraph and per boundary transfer)
  --dot FILE           query on HETERO: write the subgraph picture as Graphviz text
  --svg FILE           query on HETERO: render the subgraph picture to SVG (needs Graphviz's
                       `dot` program on the PATH)
  -h, --help           show this text
)";
}

Options parse_args(int argc, const char* const argv[]) {
    Options options;
    std::set<std::string> given;  // options seen, for per-command validation
    auto value_of = [&](int& i, const std::string& option) -> std::string {
        if (i + 1 >= argc)
            throw UsageError("option " + option + " needs a value");
        return argv[++i];
    };
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        std::string name = arg;
        std::optional<std::string> inline_value;
        // Long options may be written --name=value.
        if (arg.rfind("--", 0) == 0) {
            auto eq = arg.find('=');
            if (eq != std::string::npos) {
                name = arg.substr(0, eq);
                inline_value = arg.substr(eq + 1);
            }
        }
        auto value = [&]() { return inline_value ? *inline_value : value_of(i, name); };

        if (name == "-h" || name == "--help") {
            options.help = true;
            continue;
        }
        if (name == "--plugins") {
            options.plugins = value();
            if (options.plugins.empty())
                throw UsageError("--plugins expects a file name");
        } else if (name == "-m" || name == "--model") {
            options.model = value();
            name = "-m";
        } else if (name == "-d" || name == "--device") {
            options.device = value();
            name = "-d";
        } else if (name == "-n" || name == "--niter") {
            options.iterations = parse_count(name, value(), UINT64_C(1000000000000));
            name = "-n";
        } else if (name == "-t" || name == "--time") {
            options.seconds = parse_seconds(name, value());
            name = "-t";
        } else if (name == "--nireq") {
            options.nireq = static_cast<uint32_t>(parse_count(name, value(), 1024));
        } else if (name == "-nthreads" || name == "--nthreads") {
            options.nthreads = static_cast<uint32_t>(parse_count(name, value(), 1024));
            name = "-nthreads";
        } else if (name == "-nstreams" || name == "--nstreams") {
            options.nstreams = static_cast<uint32_t>(parse_count(name, value(), 1024));
            name = "-nstreams";
        } else if (name == "-hint" || name == "--hint") {
            options.hint = value();
            if (options.hint != "latency" && options.hint != "throughput" && options.hint != "none")
                throw UsageError(name + " expects latency, throughput or none, got '" + options.hint + "'");
            name = "-hint";
        } else if (name == "-infer_precision" || name == "--infer_precision") {
            options.infer_precision = value();
            if (options.infer_precision != "f32" && options.infer_precision != "f16" && options.infer_precision != "bf16")
                throw UsageError(name + " expects f32, f16 or bf16, got '" + options.infer_precision + "'");
            name = "-infer_precision";
        } else if (name == "-b" || name == "--batch") {
            options.batch = static_cast<uint32_t>(parse_count(name, value(), 65536));
            name = "-b";
        } else if (name == "--json") {
            options.json_file = value();
            if (options.json_file.empty())
                throw UsageError("--json expects a file name");
        } else if (name == "--seed") {
            auto text = value();
            bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
            if (!digits_only || text.size() > 9)
                throw UsageError("--seed expects a whole number below 1000000000, got '" + text + "'");
            options.seed = static_cast<uint32_t>(std::stoul(text));
        } else if (name == "-i" || name == "--input") {
            auto spec = value();
            auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
                throw UsageError(name + " expects NAME=FILE, got '" + spec + "'");
            options.input_files.emplace_back(spec.substr(0, eq), spec.substr(eq + 1));
            name = "-i";
        } else if (name == "--dot" || name == "--svg") {
            std::string file = value();
            if (file.empty())
                throw UsageError(name + " expects a file name");
            (name == "--dot" ? options.dot_file : options.svg_file) = file;
        } else if (name == "-o" || name == "--output") {
            options.output_file = value();
            name = "-o";
        } else if (name == "--compress-to-fp16") {
            if (inline_value)
                throw UsageError("--compress-to-fp16 takes no value");
            options.compress_to_fp16 = true;
        } else if (name == "--pc") {
            if (inline_value)
                throw UsageError("--pc takes no value");
            options.perf_counts = true;
        } else if (!arg.empty() && arg[0] == '-') {
            throw UsageError("unknown option '" + arg + "'");
        } else if (options.command.empty()) {
            options.command = arg;
            continue;
        } else if (options.command == "convert" && options.model.empty()) {
            // `devmux convert model.onnx -o model.xml`, as OpenVINO's converter is called.
            options.model = arg;
            name = "-m";
        } else {
            throw UsageError("unexpected argument '" + arg + "'");
        }
        given.insert(name);
    }
    if (options.help)
        return options;

    if (options.command.empty())
        throw UsageError("no command given");
    static const std::set<std::string> commands{"devices", "query", "benchmark", "convert"};
    if (!commands.count(options.command))
        throw UsageError("unknown command '" + options.command + "'");

    std::set<std::string> allowed{"--plugins"};
    if (options.command == "convert") {
        allowed.insert({"-m", "-o", "--compress-to-fp16"});
        if (options.model.empty())
            throw UsageError("convert needs a model: -m MODEL");
        if (options.output_file.empty())
            throw UsageError("convert needs an output file: -o OUT.xml");
        // The weights file is named after the .xml, as the IR readers look for it there.
        const std::string extension = ".xml";
        if (options.output_file.size() <= extension.size() ||
            options.output_file.compare(options.output_file.size() - extension.size(), extension.size(), extension) != 0)
            throw UsageError("-o expects an IR file name ending in .xml, got '" + options.output_file + "'");
    } else if (options.command != "devices") {
        allowed.insert({"-m", "-d"});
        if (options.model.empty())
            throw UsageError(options.command + " needs a model: -m MODEL");
        if (options.device.empty())
            throw UsageError(options.command + " needs a device: -d DEVICE");
    }
    if (options.command == "query") {
        allowed.insert({"--dot", "--svg"});
        const bool hetero = options.device.rfind("HETERO", 0) == 0;
        if ((!options.dot_file.empty() || !options.svg_file.empty()) && !hetero)
            throw UsageError("--dot and --svg draw the subgraphs of a HETERO device (e.g. -d HETERO:GPU,CPU), not of '" +
                             options.device + "'");
    }
    if (options.command == "benchmark") {
        allowed.insert({"-n", "-t", "--nireq", "-nthreads", "-nstreams", "-hint", "-infer_precision", "-b", "--json", "-i", "--pc", "--seed"});
        if (options.iterations && options.seconds)
            throw UsageError("give either -n or -t, not both");
    }
    for (const auto& option : given)
        if (!allowed.count(option))
            throw UsageError("option " + option + " does not apply to '" + options.command + "'");
    return options;
}

}  // namespace devmux::cli
