// SPDX-License-Identifier: Apache-2.0
// Splits a model across two devices by hand and runs it on HETERO: the first half of the model's
// layers (in execution order) on one device, the rest on the other, as one would split a model too
// big for one accelerator. Then it checks the split model against the second device alone.
//
//   hetero_manual_affinity MODEL.xml FIRST_DEVICE SECOND_DEVICE [PLUGINS_XML]
//
// e.g. hetero_manual_affinity squeezenet1.1.xml MOCK CPU my_plugins.xml, where my_plugins.xml
// registers HETERO, CPU and a second device named MOCK.
//
// Manual affinity: every op gets rt_info "affinity" = the device it must run on. HETERO then asks
// no device what it supports; it only cuts the model where the affinity changes.
#include <algorithm>
#include <cmath>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"

namespace {

bool is_structural(const ov::Node& node) {
    const std::string type = node.get_type_name();
    return type == "Parameter" || type == "Constant" || type == "Result";
}

// The affinity of every op: compute ops by position, then Parameters and Constants with their first
// consumer and Results with their producer, so that weights never travel between devices.
std::map<std::string, std::string> split_in_two(const ov::Model& model, const std::string& first,
                                                const std::string& second) {
    const auto ops = model.get_ordered_ops();
    const size_t compute = static_cast<size_t>(
        std::count_if(ops.begin(), ops.end(), [](const std::shared_ptr<ov::Node>& op) { return !is_structural(*op); }));
    std::map<std::string, std::string> affinity;
    size_t seen = 0;
    for (const auto& op : ops) {
        if (!is_structural(*op))
            affinity[op->get_friendly_name()] = seen++ < compute / 2 ? first : second;
    }
    for (const auto& op : ops) {
        const std::string type = op->get_type_name();
        if (type == "Result") {
            affinity[op->get_friendly_name()] = affinity.at(op->get_input_node_ptr(0)->get_friendly_name());
        } else if (type == "Parameter" || type == "Constant") {
            std::string device = second;
            for (const auto& user : op->get_users()) {
                const auto found = affinity.find(user->get_friendly_name());
                if (found != affinity.end() && !is_structural(*user)) {
                    device = found->second;
                    break;
                }
            }
            affinity[op->get_friendly_name()] = device;
        }
    }
    return affinity;
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

}  // namespace

int main(int argc, char* argv[]) {
    if (argc < 4 || argc > 5) {
        std::cerr << "Usage: " << argv[0] << " MODEL.xml FIRST_DEVICE SECOND_DEVICE [PLUGINS_XML]\n";
        return 1;
    }
    // The Core outlives the try block: an error raised inside a device's plugin is reported while
    // that plugin's library is still loaded.
    std::unique_ptr<ov::Core> core_holder;
    try {
        const std::string model_path = argv[1], first = argv[2], second = argv[3];
        core_holder = std::make_unique<ov::Core>(argc == 5 ? argv[4] : "");
        ov::Core& core = *core_holder;

        // The model HETERO runs carries the affinities; the reference runs an untouched copy.
        std::shared_ptr<ov::Model> model = core.read_model(model_path);
        const std::shared_ptr<ov::Model> reference_model = model->clone();
        const auto affinity = split_in_two(*model, first, second);
        std::map<std::string, size_t> per_device;
        for (const auto& op : model->get_ordered_ops()) {
            op->get_rt_info()["affinity"] = affinity.at(op->get_friendly_name());
            if (!is_structural(*op))
                ++per_device[affinity.at(op->get_friendly_name())];
        }
        std::cout << "Model: " << model->get_friendly_name() << "\n";
        for (const auto& [device, count] : per_device)
            std::cout << "  " << count << " layers assigned to " << device << "\n";

        const std::string hetero = "HETERO:" + first + "," + second;
        ov::CompiledModel split = core.compile_model(model, hetero);
        std::cout << "Compiled on " << hetero << ": "
                  << split.get_property("HETERO_NUMBER_OF_SUBMODELS").as<std::string>() << " subgraphs on";
        for (const auto& device : split.get_property(ov::execution_devices))
            std::cout << " " << device;
        std::cout << "\n";
        ov::CompiledModel whole = core.compile_model(reference_model, second);

        ov::InferRequest split_request = split.create_infer_request();
        ov::InferRequest whole_request = whole.create_infer_request();
        unsigned seed = 2024;
        for (size_t i = 0; i < split.inputs().size(); ++i) {
            const ov::Tensor input = random_input(split.input(i), seed++);
            split_request.set_input_tensor(i, input);
            whole_request.set_input_tensor(i, input);
        }
        split_request.infer();
        whole_request.infer();

        double worst = 0.0;
        for (size_t i = 0; i < split.outputs().size(); ++i) {
            const ov::Tensor got = split_request.get_output_tensor(i);
            const ov::Tensor expected = whole_request.get_output_tensor(i);
            double difference = 0.0;
            for (size_t k = 0; k < got.get_size(); ++k)
                difference = std::max(difference, std::fabs(static_cast<double>(got.data<float>()[k]) -
                                                             expected.data<float>()[k]));
            const float* values = got.data<float>();
            const size_t top = static_cast<size_t>(std::max_element(values, values + got.get_size()) - values);
            std::cout << "Output '" << split.output(i).get_any_name() << "' " << got.get_shape() << ": largest value "
                      << values[top] << " at index " << top << "; max |split - " << second << " alone| = "
                      << difference << "\n";
            worst = std::max(worst, difference);
        }
        std::cout << (worst <= 1e-4 ? "The split model agrees with " : "The split model DIFFERS from ") << second
                  << " alone.\n";
        return worst <= 1e-4 ? 0 : 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
