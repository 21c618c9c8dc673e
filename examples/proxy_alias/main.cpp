// SPDX-License-Identifier: Apache-2.0
// Compiles a model for "GPU" without naming a vendor. "GPU" is an alias: the plugins.xml decides
// which vendor plugins serve it, matches their devices by UUID, and picks for each device the plugin
// (or the chain of plugins) that runs the model. The application only sees GPU, GPU.0, GPU.1, ...
//
//   proxy_alias MODEL.xml [PLUGINS_XML]
//
// e.g. proxy_alias ../shared/models/squeezenet1.1-ir11/squeezenet1.1.xml build/examples/proxy_alias_plugins.xml
// (that file, made from examples/proxy_alias/plugins.xml.in, plays two GPU vendors with devmux's mock
// plugin). Without PLUGINS_XML the default plugins.xml is used.
//
// For each GPU device it prints the plugins that serve it, compiles the model, prints the hardware
// devices that actually run it (ov::execution_devices), runs it on seeded random input and compares
// the result with the CPU's. Exit code 0 when every device agrees with the CPU, 2 when one does not.
#include <algorithm>
#include <cmath>
#include <exception>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"

namespace {

constexpr const char* alias = "GPU";
// The CPU's optimised f32 kernels against the vendors' kernels. A model that computes in f16 (IR v10
// SqueezeNet declares an f16 input) runs in f16 on the mock vendors but in f32 on the CPU, and differs
// by about 1e-3: use an f32 model (IR v11 SqueezeNet) to compare.
constexpr double tolerance = 1e-4;

std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

// Seeded values in [0, 255), the range of the image models in the shared model folder.
ov::Tensor random_input(const ov::Output<const ov::Node>& input, unsigned seed) {
    if (input.get_element_type() != ov::element::f32)
        throw std::runtime_error("input '" + input.get_any_name() + "' has element type " +
                                 input.get_element_type().get_type_name() + "; this example feeds f32 inputs");
    ov::Tensor tensor(ov::element::f32, input.get_shape());
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> values(0.0f, 255.0f);
    std::generate_n(tensor.data<float>(), tensor.get_size(), [&] { return values(generator); });
    return tensor;
}

std::vector<ov::Tensor> run(ov::CompiledModel& compiled, const std::vector<ov::Tensor>& inputs) {
    ov::InferRequest request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_input_tensor(i, inputs[i]);
    request.infer();
    std::vector<ov::Tensor> outputs;
    for (size_t i = 0; i < compiled.outputs().size(); ++i)
        outputs.push_back(request.get_output_tensor(i));
    return outputs;
}

double max_difference(const std::vector<ov::Tensor>& got, const std::vector<ov::Tensor>& expected) {
    double worst = 0.0;
    for (size_t i = 0; i < got.size(); ++i) {
        const float* a = got[i].data<float>();
        const float* b = expected[i].data<float>();
        for (size_t k = 0; k < got[i].get_size(); ++k)
            worst = std::max(worst, std::fabs(static_cast<double>(a[k]) - b[k]));
    }
    return worst;
}

size_t top_class(const ov::Tensor& output) {
    const float* values = output.data<float>();
    return static_cast<size_t>(std::max_element(values, values + output.get_size()) - values);
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc < 2 || argc > 3) {
        std::cerr << "Usage: " << argv[0] << " MODEL.xml [PLUGINS_XML]\n";
        return 1;
    }
    // The Core outlives the try block: an error raised inside a device's plugin is reported while
    // that plugin's library is still loaded.
    std::unique_ptr<ov::Core> core_holder;
    try {
        core_holder = std::make_unique<ov::Core>(argc == 3 ? argv[2] : "");
        ov::Core& core = *core_holder;

        // The vendor plugins behind the alias are not listed: only GPU devices are.
        const std::vector<std::string> available = core.get_available_devices();
        std::cout << "Available devices: " << join(available) << "\n";
        std::vector<std::string> gpus;
        for (const auto& device : available) {
            if (device == alias || device.rfind(std::string(alias) + ".", 0) == 0)
                gpus.push_back(device);
        }
        if (gpus.empty()) {
            std::cerr << "error: no " << alias << " device is available\n";
            return 1;
        }
        for (const auto& device : gpus) {
            std::cout << device << ": " << core.get_property(device, ov::device::full_name)
                      << "\n  served by (primary first): " << core.get_property(device, ov::device::priorities)
                      << "\n";
        }

        const std::shared_ptr<ov::Model> model = core.read_model(argv[1]);
        std::vector<ov::Tensor> inputs;
        unsigned seed = 2024;
        for (const auto& input : model->inputs())
            inputs.push_back(random_input(input, seed++));
        ov::CompiledModel on_cpu = core.compile_model(model, "CPU");
        const std::vector<ov::Tensor> expected = run(on_cpu, inputs);

        // Plain "GPU" is the default device; then every device of the alias by index.
        std::vector<std::string> targets{alias};
        if (gpus.size() > 1)
            targets.insert(targets.end(), gpus.begin(), gpus.end());
        bool all_agree = true;
        for (const auto& target : targets) {
            ov::CompiledModel compiled = core.compile_model(model, target);
            const std::vector<ov::Tensor> outputs = run(compiled, inputs);
            const double difference = max_difference(outputs, expected);
            const bool agrees = difference <= tolerance;
            all_agree = all_agree && agrees;
            std::cout << "Model '" << model->get_friendly_name() << "' compiled for " << target << " runs on "
                      << join(compiled.get_property(ov::execution_devices)) << ": top class "
                      << top_class(outputs.front()) << ", max |" << target << " - CPU| = " << difference
                      << (agrees ? " (agrees)" : " (DIFFERS)") << "\n";
        }
        std::cout << (all_agree ? "Every GPU device agrees with CPU.\n" : "A GPU device DIFFERS from CPU.\n");
        return all_agree ? 0 : 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
