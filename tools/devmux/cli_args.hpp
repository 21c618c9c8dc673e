// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace devmux::cli {

/// Bad command line: reported with a hint to --help, exit code 1.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string command;  // devices | query | benchmark | convert
    bool help = false;
    std::string plugins;  // empty: the runtime's default plugins.xml
    std::string model;
    std::string device;
    std::optional<uint64_t> iterations;
    std::optional<double> seconds;
    std::optional<uint32_t> nireq;
    std::optional<uint32_t> nthreads;  // benchmark: ov::inference_num_threads
    std::string infer_precision;       // benchmark: ov::hint::inference_precision; empty: not set
    std::optional<uint32_t> nstreams;  // benchmark: ov::num_streams
    std::string hint;                  // benchmark: "latency", "throughput", "none" or empty (not given)
    std::optional<uint32_t> batch;     // benchmark: the models' batch (ov::set_batch or dimension 0)
    std::string json_file;             // benchmark: write every figure here as JSON
    std::vector<std::pair<std::string, std::string>> input_files;  // NAME=FILE, in command-line order
    bool perf_counts = false;
    std::string dot_file;  // query on HETERO: write the subgraph picture (Graphviz text) here
    std::string svg_file;  // query on HETERO: render the subgraph picture with Graphviz `dot` here
    uint32_t seed = 42;
    std::string output_file;        // convert: the IR .xml to write (the .bin beside it)
    bool compress_to_fp16 = false;  // convert: store f32 weights as f16 (ov::save_model's compression)
};

/// Parses argv; throws UsageError naming the offending argument.
Options parse_args(int argc, const char* const argv[]);

/// The --help text.
std::string usage_text();

}  // namespace devmux::cli
