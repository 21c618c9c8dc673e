// SPDX-License-Identifier: Apache-2.0
// opencl_cache_probe <cache_dir>: compiles a small model on OPENCL (CPU-type devices admitted) with
// ov::cache_dir, runs it once and prints the number of OpenCL programs this process built from source.
#include <iostream>

#include "openvino/openvino.hpp"
#include "openvino/op/ops.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: opencl_cache_probe <cache_dir>\n";
        return 2;
    }
    try {
        auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 3});
        auto relu = std::make_shared<ov::op::v0::Relu>(x);
        auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{x}, "probe");
        ov::Core core;
        core.set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
        auto compiled = core.compile_model(model, "OPENCL", ov::cache_dir(argv[1]));
        auto request = compiled.create_infer_request();
        request.infer();
        std::cout << core.get_property("OPENCL", "OPENCL_PROGRAM_BUILDS").as<std::string>() << "\n";
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return 0;
}
