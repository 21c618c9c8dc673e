// SPDX-License-Identifier: Apache-2.0
// checksum_cache_probe <model.xml> <cache_dir> <outputs file>: compiles the model on OPENCL (CPU-type devices
// admitted) with ov::cache_dir, infers one seeded input, writes the output's bytes to the outputs file and
// prints how many OpenCL programs this process built from source (0: the cached binary was used).
#include <fstream>
#include <iostream>
#include <random>

#include "openvino/openvino.hpp"

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: checksum_cache_probe <model.xml> <cache_dir> <outputs file>\n";
        return 2;
    }
    try {
        ov::Core core;
        core.set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
        auto compiled = core.compile_model(std::string(argv[1]), "OPENCL", ov::cache_dir(argv[2]));
        auto request = compiled.create_infer_request();
        ov::Tensor input = request.get_input_tensor();
        std::mt19937 rng(2027);
        std::uniform_real_distribution<float> values(-1.f, 1.f);
        for (size_t i = 0; i < input.get_size(); ++i)
            input.data<float>()[i] = values(rng);
        request.infer();
        const ov::Tensor output = request.get_output_tensor();
        std::ofstream out(argv[3], std::ios::binary | std::ios::trunc);
        out.write(static_cast<const char*>(output.data()), static_cast<std::streamsize>(output.get_byte_size()));
        std::cout << core.get_property("OPENCL", "OPENCL_PROGRAM_BUILDS").as<std::string>() << "\n";
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return 0;
}
