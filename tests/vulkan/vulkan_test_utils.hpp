// SPDX-License-Identifier: Apache-2.0
// Helpers of the VULKAN tests: the environment they run in, a Core that admits lavapipe, seeded inputs and
// the reference (each op's own evaluate(), through devmux::kit::ReferenceExecutor).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "devmux/kit/reference_executor.hpp"
#include "openvino/openvino.hpp"

namespace vulkan_test {

/// Admits every device type, lavapipe included.
inline const char* all_types() { return "discrete,integrated,virtual,cpu,other"; }

inline std::unique_ptr<ov::Core> make_core() {
    auto core = std::make_unique<ov::Core>();
    core->set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string(all_types())}});
    return core;
}

inline ov::Tensor random_tensor(const ov::element::Type& type, const ov::Shape& shape, unsigned seed, float lo = -1.0f,
                                float hi = 1.0f) {
    ov::Tensor tensor(type, shape);
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> values(lo, hi);
    for (size_t i = 0; i < tensor.get_size(); ++i) {
        const float value = values(generator);
        if (type == ov::element::f16)
            tensor.data<ov::float16>()[i] = ov::float16(value);
        else
            tensor.data<float>()[i] = value;
    }
    return tensor;
}

inline std::vector<float> floats(const ov::Tensor& tensor) {
    std::vector<float> values(tensor.get_size());
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = tensor.get_element_type() == ov::element::f16 ? static_cast<float>(tensor.data<ov::float16>()[i])
                                                                  : tensor.data<float>()[i];
    return values;
}

/// max |a - b| / max(max |b|, 1e-3), b the reference.
inline double relative_error(const std::vector<float>& actual, const std::vector<float>& expected) {
    EXPECT_EQ(actual.size(), expected.size());
    double scale = 1e-3, diff = 0;
    for (float value : expected)
        scale = std::max(scale, static_cast<double>(std::abs(value)));
    for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i)
        diff = std::max(diff, static_cast<double>(std::abs(actual[i] - expected[i])));
    return diff / scale;
}

/// The model's outputs for `inputs`, from each op's reference evaluate().
inline std::vector<ov::Tensor> reference_outputs(const std::shared_ptr<ov::Model>& model,
                                                 const std::vector<ov::Tensor>& inputs) {
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(model->clone(), "REFERENCE");
    devmux::kit::ReferenceExecutor executor(plan);
    std::vector<ov::Tensor> outputs;
    for (const auto& output : model->outputs())
        outputs.emplace_back(output.get_element_type(), output.get_shape());
    executor.run(inputs, outputs, false);
    return outputs;
}

}  // namespace vulkan_test
