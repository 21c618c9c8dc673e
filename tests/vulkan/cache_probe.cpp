// SPDX-License-Identifier: Apache-2.0
// A second process for the pipeline-cache test: compiles a model on VULKAN with ov::cache_dir and prints
// the cache file and how many of its bytes the compile merged. Usage: vulkan_cache_probe <model> <cache dir>
#include <cstdlib>
#include <iostream>

#include "openvino/openvino.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: vulkan_cache_probe <model.xml> <cache dir>\n";
        return 2;
    }
    try {
        ov::Core core;
        core.set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string("discrete,integrated,virtual,cpu,other")}});
        auto compiled = core.compile_model(std::string(argv[1]), "VULKAN", ov::cache_dir(argv[2]));
        std::cout << compiled.get_property("VULKAN_PIPELINE_CACHE_FILE").as<std::string>() << "\n"
                  << compiled.get_property("VULKAN_PIPELINE_CACHE_LOADED_BYTES").as<std::string>() << "\n";
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return 0;
}
