// SPDX-License-Identifier: Apache-2.0
// Written as for OpenVINO: runs a model that adds 1 to its input and checks the output.
#include <cmath>
#include <iostream>

#include <openvino/openvino.hpp>

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::cerr << "Usage: app MODEL.xml\n";
        return 1;
    }
    try {
        ov::Core core;
        std::shared_ptr<ov::Model> model = core.read_model(argv[1]);
        ov::CompiledModel compiled_model = core.compile_model(model, "CPU");
        ov::InferRequest infer_request = compiled_model.create_infer_request();

        ov::Tensor input = infer_request.get_input_tensor();
        float* in = input.data<float>();
        for (size_t i = 0; i < input.get_size(); ++i)
            in[i] = 0.25f * static_cast<float>(i) - 3.0f;
        infer_request.infer();

        const ov::Tensor output = infer_request.get_output_tensor();
        const float* out = output.data<float>();
        if (output.get_size() != input.get_size()) {
            std::cerr << "output has " << output.get_size() << " elements, expected " << input.get_size() << "\n";
            return 1;
        }
        for (size_t i = 0; i < output.get_size(); ++i) {
            const float expected = 0.25f * static_cast<float>(i) - 3.0f + 1.0f;
            if (std::fabs(out[i] - expected) > 1e-6f) {
                std::cerr << "output[" << i << "] = " << out[i] << ", expected " << expected << "\n";
                return 1;
            }
        }
        std::cout << output.get_size() << " outputs match on";
        for (const std::string& device : compiled_model.get_property(ov::execution_devices))
            std::cout << " " << device;
        std::cout << "\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
