// SPDX-License-Identifier: Apache-2.0
// Classifies one image tensor with an ImageNet model and prints the five most likely labels.
//
//   classification MODEL.xml INPUT.f32 LABELS DEVICE
//
// INPUT is raw float32 data of exactly the model input's shape (e.g. 1x3x227x227, NCHW, BGR).
#include <algorithm>
#include <cstdint>
#include <exception>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"

namespace {

std::vector<float> read_floats(const std::string& path, size_t count) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file)
        throw std::runtime_error("cannot open the input file '" + path + "'");
    const auto bytes = static_cast<size_t>(file.tellg());
    if (bytes != count * sizeof(float))
        throw std::runtime_error("the input file '" + path + "' has " + std::to_string(bytes) +
                                 " bytes; the model input needs " + std::to_string(count) + " float32 values (" +
                                 std::to_string(count * sizeof(float)) + " bytes)");
    std::vector<float> values(count);
    file.seekg(0);
    if (!file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(bytes)))
        throw std::runtime_error("cannot read the input file '" + path + "'");
    return values;
}

std::vector<std::string> read_labels(const std::string& path) {
    std::ifstream file(path);
    if (!file)
        throw std::runtime_error("cannot open the labels file '" + path + "'");
    std::vector<std::string> labels;
    for (std::string line; std::getline(file, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        labels.push_back(line);
    }
    return labels;
}

// The model may declare its input in f16 (SqueezeNet 1.1 IR v10 does); the file holds f32.
void fill_input(ov::Tensor& tensor, const std::vector<float>& values) {
    const ov::element::Type type = tensor.get_element_type();
    if (type == ov::element::f32) {
        std::copy(values.begin(), values.end(), tensor.data<float>());
    } else if (type == ov::element::f16) {
        std::transform(values.begin(), values.end(), tensor.data<ov::float16>(),
                       [](float v) { return ov::float16(v); });
    } else {
        throw std::runtime_error("the model input has element type " + type.get_type_name() +
                                 "; this example feeds f32 or f16 inputs");
    }
}

std::vector<float> to_floats(const ov::Tensor& tensor) {
    const ov::element::Type type = tensor.get_element_type();
    if (type == ov::element::f32) {
        const float* data = tensor.data<float>();
        return std::vector<float>(data, data + tensor.get_size());
    }
    if (type == ov::element::f16) {
        const ov::float16* data = tensor.data<ov::float16>();
        return std::vector<float>(data, data + tensor.get_size());
    }
    throw std::runtime_error("the model output has element type " + type.get_type_name() +
                             "; this example reads f32 or f16 outputs");
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 5) {
        std::cerr << "Usage: " << argv[0] << " MODEL.xml INPUT.f32 LABELS DEVICE\n";
        return 1;
    }
    const std::string model_path = argv[1], input_path = argv[2], labels_path = argv[3], device = argv[4];
    try {
        ov::Core core;
        std::shared_ptr<ov::Model> model = core.read_model(model_path);
        ov::CompiledModel compiled = core.compile_model(model, device);

        std::cout << "Model: " << model_path << "\n";
        std::cout << "Device(s) used:";
        for (const std::string& used : compiled.get_property(ov::execution_devices))
            std::cout << " " << used;
        std::cout << "\n";

        ov::InferRequest request = compiled.create_infer_request();
        ov::Tensor input = request.get_input_tensor();
        fill_input(input, read_floats(input_path, input.get_size()));
        request.infer();

        const std::vector<float> scores = to_floats(request.get_output_tensor());
        const std::vector<std::string> labels = read_labels(labels_path);
        std::vector<size_t> order(scores.size());
        std::iota(order.begin(), order.end(), size_t{0});
        const size_t top = std::min<size_t>(5, order.size());
        std::partial_sort(order.begin(), order.begin() + top, order.end(),
                          [&](size_t a, size_t b) { return scores[a] > scores[b]; });

        std::cout << "Top " << top << ":\n";
        std::cout << "  class  probability  label\n";
        for (size_t i = 0; i < top; ++i) {
            const size_t id = order[i];
            std::cout << "  " << std::setw(5) << id << "  " << std::fixed << std::setprecision(6) << std::setw(11)
                      << scores[id] << "  " << (id < labels.size() ? labels[id] : std::string("(no label)")) << "\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
