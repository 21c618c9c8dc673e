// SPDX-License-Identifier: Apache-2.0
// run_tiny <plugins.xml>: loads the TINY plugin through a Core, runs y = relu(x * w + b) on it with
// seeded random data, and compares with the same computation done here; then exports and imports.
#include <cmath>
#include <iostream>
#include <random>
#include <sstream>

#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/openvino.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: run_tiny <plugins.xml>\n";
        return 2;
    }
    try {
        std::mt19937 rng(1234);
        std::uniform_real_distribution<float> dist(-1.f, 1.f);
        std::vector<float> w(8), b(8), x(8);
        for (auto* v : {&w, &b, &x})
            for (auto& e : *v)
                e = dist(rng);
        auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{8});
        auto mul = std::make_shared<ov::op::v1::Multiply>(
            input, std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{8}, w));
        auto add = std::make_shared<ov::op::v1::Add>(mul, std::make_shared<ov::op::v0::Constant>(ov::element::f32, ov::Shape{8}, b));
        auto relu = std::make_shared<ov::op::v0::Relu>(add);
        auto model = std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                                 ov::ParameterVector{input}, "tiny");

        ov::Core core(argv[1]);
        std::cout << "device: " << core.get_property("TINY", ov::device::full_name) << "\n";
        auto compiled = core.compile_model(model, "TINY", ov::enable_profiling(true));
        std::stringstream blob;
        compiled.export_model(blob);
        auto imported = core.import_model(blob, "TINY");
        for (auto* cm : {&compiled, &imported}) {
            auto request = cm->create_infer_request();
            ov::Tensor tensor(ov::element::f32, ov::Shape{8});
            std::copy(x.begin(), x.end(), tensor.data<float>());
            request.set_input_tensor(tensor);
            request.infer();
            const float* y = request.get_output_tensor().data<float>();
            for (size_t i = 0; i < x.size(); ++i) {
                const float expected = std::max(0.f, x[i] * w[i] + b[i]);
                if (std::fabs(y[i] - expected) > 1e-6f) {
                    std::cerr << "element " << i << ": " << y[i] << ", expected " << expected << "\n";
                    return 1;
                }
            }
        }
        try {
            core.set_property("TINY", {{"NO_SUCH_KEY", 1}});
            std::cerr << "an unknown key was accepted\n";
            return 1;
        } catch (const ov::Exception& e) {
            std::cout << "unknown key refused: " << e.what() << "\n";
        }
        std::cout << "tiny plugin outputs match\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
