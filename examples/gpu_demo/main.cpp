// SPDX-License-Identifier: Apache-2.0
// The devmux mission in one program: a model compiled for "GPU" without naming a vendor plugin.
//
//   gpu_demo MODEL.xml INPUT.f32 LABELS
//
// It uses the machine's GPUs through the default deployment (plugins.xml) when the "GPU" alias has
// devices, and otherwise the software deployment (plugins-software-gpu.xml: OpenCL and Vulkan drivers
// that run on the CPU, such as PoCL and lavapipe), saying which. It prints the GPU devices and the
// plugins serving each, the devices that ran the model, the top-5 classes, and the latency next to CPU.
// Then it compiles the same model behind a preprocessing step (a u8 NHWC image resized by
// Interpolate) so that the user sees "GPU" split the model when its primary backend lacks an op.
//
// INPUT is raw float32 NCHW BGR data of the model input's shape (1x3x227x227 for SqueezeNet 1.1).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
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
        throw std::runtime_error("the input file '" + path + "' has " + std::to_string(bytes) + " bytes; the model needs " +
                                 std::to_string(count * sizeof(float)));
    std::vector<float> values(count);
    file.seekg(0);
    file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(bytes));
    return values;
}

std::vector<std::string> read_labels(const std::string& path) {
    std::ifstream file(path);
    std::vector<std::string> labels;
    for (std::string line; std::getline(file, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        labels.push_back(line);
    }
    return labels;
}

std::vector<float> as_floats(const ov::Tensor& tensor) {
    std::vector<float> values(tensor.get_size());
    if (tensor.get_element_type() == ov::element::f16) {
        const ov::float16* data = tensor.data<ov::float16>();
        std::copy(data, data + values.size(), values.begin());
    } else {
        const float* data = tensor.data<float>();
        std::copy(data, data + values.size(), values.begin());
    }
    return values;
}

void fill(ov::Tensor& tensor, const std::vector<float>& values) {
    if (tensor.get_element_type() == ov::element::f16)
        std::transform(values.begin(), values.end(), tensor.data<ov::float16>(), [](float v) { return ov::float16(v); });
    else
        std::copy(values.begin(), values.end(), tensor.data<float>());
}

void print_top5(const std::vector<float>& scores, const std::vector<std::string>& labels) {
    std::vector<size_t> order(scores.size());
    std::iota(order.begin(), order.end(), size_t{0});
    const size_t top = std::min<size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
                      [&](size_t a, size_t b) { return scores[a] > scores[b]; });
    std::cout << "  Top " << top << ":  class  probability  label\n";
    for (size_t i = 0; i < top; ++i)
        std::cout << "         " << std::setw(6) << order[i] << "  " << std::fixed << std::setprecision(6) << std::setw(11)
                  << scores[order[i]] << "  " << (order[i] < labels.size() ? labels[order[i]] : "") << "\n";
}

double max_difference(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        worst = std::max(worst, static_cast<double>(std::fabs(a[i] - b[i])));
    return worst;
}

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : separator) + item;
    return text;
}

// The devices that ran each part of a compiled model, from its runtime model: HETERO marks every op
// with its subgraph and device; a model that was not split has no marks and ran on one device.
void print_split(const ov::CompiledModel& compiled) {
    std::map<int64_t, std::pair<std::string, size_t>> subgraphs;  // index -> device, op count
    for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
        const auto& info = node->get_rt_info();
        const auto subgraph = info.find("subgraph"), affinity = info.find("affinity");
        if (subgraph == info.end() || affinity == info.end())
            continue;
        auto& entry = subgraphs[subgraph->second.as<int64_t>()];
        entry.first = affinity->second.as<std::string>();
        ++entry.second;
    }
    if (subgraphs.empty()) {
        std::cout << "  Not split: one device ran every op.\n";
        return;
    }
    std::cout << "  Split into " << subgraphs.size() << " subgraphs:";
    for (const auto& subgraph : subgraphs)
        std::cout << " #" << subgraph.first << " " << subgraph.second.first << " (" << subgraph.second.second << " ops)";
    std::cout << "\n";
}

double median_latency_ms(ov::InferRequest& request, int runs) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        request.infer();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// The u8 NHWC image at twice the model's resolution that the preprocessing step resizes back: each BGR
// value of the f32 input repeated over a 2x2 block (nearest-neighbour upscaling done here, not by devmux).
ov::Tensor upscaled_u8_image(const std::vector<float>& nchw, size_t height, size_t width) {
    const size_t out_h = height * 2, out_w = width * 2;
    ov::Tensor image(ov::element::u8, ov::Shape{1, out_h, out_w, 3});
    uint8_t* pixels = image.data<uint8_t>();
    for (size_t y = 0; y < out_h; ++y)
        for (size_t x = 0; x < out_w; ++x)
            for (size_t c = 0; c < 3; ++c) {
                const float value = nchw[(c * height + y / 2) * width + x / 2];
                pixels[(y * out_w + x) * 3 + c] = static_cast<uint8_t>(std::min(255.0f, std::max(0.0f, std::round(value))));
            }
    return image;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 4) {
        std::cerr << "Usage: " << argv[0] << " MODEL.xml INPUT.f32 LABELS\n";
        return 1;
    }
    const std::string model_path = argv[1], input_path = argv[2], labels_path = argv[3];
    try {
        // 1. Which deployment: the machine's GPUs when "GPU" has devices, else the software GPU devices.
        auto core = std::make_unique<ov::Core>();
        std::vector<std::string> gpus;
        std::string why_none;
        try {
            gpus = core->get_property("GPU", ov::available_devices);
            if (gpus.empty())
                core->compile_model(core->read_model(model_path), "GPU");  // says why it has no device
        } catch (const std::exception& e) {
            why_none = e.what();
        }
        if (gpus.empty()) {
            std::cout << "No hardware GPU: \"GPU\" lists no device in the default deployment.\n";
            if (!why_none.empty())
                std::cout << "  (" << why_none.substr(0, why_none.find('\n')) << ")\n";
            std::cout << "Using the software GPU deployment (plugins-software-gpu.xml): OpenCL and Vulkan drivers "
                         "that run on the CPU.\n\n";
            core = std::make_unique<ov::Core>("plugins-software-gpu.xml");
            gpus = core->get_property("GPU", ov::available_devices);
        } else {
            std::cout << "Hardware GPU deployment (plugins.xml).\n\n";
        }

        std::cout << "GPU devices:\n";
        for (const auto& id : gpus) {
            const std::string device = "GPU." + id;
            std::cout << "  " << device << "  " << core->get_property(device, ov::device::full_name) << "\n"
                      << "         UUID " << core->get_property(device, ov::device::uuid)
                      << ", served by (primary first): " << core->get_property(device, ov::device::priorities) << "\n";
        }
        if (gpus.empty())
            throw std::runtime_error("\"GPU\" has no device even in the software deployment: is a PoCL or lavapipe driver "
                                     "installed? (scripts/build installs them)");

        // 2. The model on "GPU" and on CPU.
        const std::vector<std::string> labels = read_labels(labels_path);
        std::shared_ptr<ov::Model> model = core->read_model(model_path);
        ov::CompiledModel on_gpu = core->compile_model(model, "GPU");
        ov::CompiledModel on_cpu = core->compile_model(model, "CPU");
        ov::InferRequest gpu_request = on_gpu.create_infer_request(), cpu_request = on_cpu.create_infer_request();
        ov::Tensor gpu_input = gpu_request.get_input_tensor(), cpu_input = cpu_request.get_input_tensor();
        const std::vector<float> image = read_floats(input_path, gpu_input.get_size());
        fill(gpu_input, image);
        fill(cpu_input, image);
        gpu_request.infer();
        cpu_request.infer();
        const std::vector<float> gpu_scores = as_floats(gpu_request.get_output_tensor());
        const std::vector<float> cpu_scores = as_floats(cpu_request.get_output_tensor());

        std::cout << "\n" << model->get_friendly_name() << " compiled for \"GPU\"\n";
        std::cout << "  Device(s) used: " << joined(on_gpu.get_property(ov::execution_devices)) << "\n";
        print_split(on_gpu);
        print_top5(gpu_scores, labels);
        std::cout << "  Largest difference from CPU: " << std::scientific << std::setprecision(2)
                  << max_difference(gpu_scores, cpu_scores) << "\n";
        const double gpu_ms = median_latency_ms(gpu_request, 20), cpu_ms = median_latency_ms(cpu_request, 20);
        std::cout << std::fixed << std::setprecision(2) << "  Median latency over 20 inferences: GPU " << gpu_ms
                  << " ms, CPU " << cpu_ms << " ms\n";

        // 3. The same model behind a resize the primary backend may lack: "GPU" splits it.
        std::shared_ptr<ov::Model> with_resize = model->clone();
        const ov::Shape input_shape = model->input().get_shape();
        const size_t height = input_shape[2], width = input_shape[3];
        ov::preprocess::PrePostProcessor ppp(with_resize);
        ppp.input().tensor().set_element_type(ov::element::u8).set_layout("NHWC").set_spatial_static_shape(height * 2,
                                                                                                            width * 2);
        ppp.input().preprocess().convert_element_type(ov::element::f32).resize(
            ov::preprocess::ResizeAlgorithm::RESIZE_LINEAR);
        ppp.input().model().set_layout("NCHW");
        with_resize = ppp.build();
        ov::CompiledModel split = core->compile_model(with_resize, "GPU");
        ov::InferRequest split_request = split.create_infer_request();
        split_request.set_input_tensor(upscaled_u8_image(image, height, width));
        split_request.infer();
        const std::vector<float> split_scores = as_floats(split_request.get_output_tensor());
        std::cout << "\n" << model->get_friendly_name() << " behind a u8 NHWC " << height * 2 << "x" << width * 2
                  << " image resized to " << height << "x" << width << " (preprocessing), compiled for \"GPU\"\n";
        std::cout << "  Device(s) used: " << joined(split.get_property(ov::execution_devices)) << "\n";
        print_split(split);
        print_top5(split_scores, labels);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
