// SPDX-License-Identifier: Apache-2.0
// `devmux convert`: read a model (IR or ONNX) and save it as IR v11 through ov::save_model, the same
// writer an application calls.
#include <sys/stat.h>

#include <cstdint>
#include <string>

#include "commands.hpp"
#include "openvino/core/graph_util.hpp"

namespace devmux::cli {
namespace {

std::string weights_path_of(const std::string& xml_path) {
    return xml_path.substr(0, xml_path.size() - std::string(".xml").size()) + ".bin";
}

uint64_t file_size(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 ? static_cast<uint64_t>(info.st_size) : 0;
}

}  // namespace

void run_convert(const Options& options, ov::Core& core, std::ostream& out) {
    auto model = core.read_model(options.model);
    ov::save_model(model, options.output_file, options.compress_to_fp16);
    const std::string bin = weights_path_of(options.output_file);
    out << "Model:    " << options.model << "\n"
        << "Inputs:   " << model->inputs().size() << ", outputs: " << model->outputs().size()
        << ", ops: " << model->get_ordered_ops().size() << "\n"
        << "Weights:  " << (options.compress_to_fp16 ? "f32 stored as f16" : "as in the model") << "\n"
        << "Wrote IR v11: " << options.output_file << " (" << file_size(options.output_file) << " bytes), " << bin
        << " (" << file_size(bin) << " bytes)\n";
}

}  // namespace devmux::cli
