// SPDX-License-Identifier: Apache-2.0
// Uses what OpenVINO applications commonly do (element type switch, ov::Layout, ov::preprocess,
// Model::reshape, ov::set_batch) and checks the result against a hand computation. Written in C++11.
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "openvino/openvino.hpp"
#include "openvino/opsets/opset8.hpp"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << std::endl;
        ++failures;
    }
}

const char* type_name(const ov::element::Type& type) {
    switch (type) {
    case ov::element::u8: return "u8";
    case ov::element::f32: return "f32";
    default: return "other";
    }
}

}  // namespace

int main() {
    try {
        // Model: data (f32, NCHW) * 2.
        std::shared_ptr<ov::opset8::Parameter> data =
            std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::Shape{1, 3, 2, 2});
        data->output(0).set_names({"data"});
        std::shared_ptr<ov::opset8::Constant> two =
            std::make_shared<ov::opset8::Constant>(ov::element::f32, ov::Shape{}, std::vector<float>{2.0f});
        std::shared_ptr<ov::opset8::Multiply> twice = std::make_shared<ov::opset8::Multiply>(data, two);
        twice->get_output_tensor(0).set_names({"result"});
        std::shared_ptr<ov::Model> model =
            std::make_shared<ov::Model>(twice, ov::ParameterVector{data}, "compat_model");

        model->reshape(ov::PartialShape{1, 3, 4, 4});
        check(model->output().get_partial_shape() == ov::PartialShape({1, 3, 4, 4}), "reshape to 1x3x4x4");

        // u8 NHWC 8x8 image in; f32, linear resize to 4x4, mean and scale per channel, NCHW for the model.
        ov::preprocess::PrePostProcessor ppp(model);
        ppp.input().tensor().set_element_type(ov::element::u8).set_layout(ov::Layout("NHWC")).set_spatial_static_shape(8, 8);
        ppp.input()
            .preprocess()
            .convert_element_type(ov::element::f32)
            .resize(ov::preprocess::ResizeAlgorithm::RESIZE_LINEAR)
            .mean({1.0f, 2.0f, 3.0f})
            .scale({2.0f, 4.0f, 8.0f});
        ppp.input().model().set_layout("NCHW");
        ppp.output().tensor().set_element_type(ov::element::f32);
        model = ppp.build();

        const ov::Layout layout = ov::layout::get_layout(model->input());
        check(layout == ov::Layout("NHWC"), "input layout NHWC");
        check(ov::layout::channels_idx(layout) == 3 && ov::layout::height_idx(layout) == 1, "layout indices");

        ov::set_batch(model, 2);
        check(ov::get_batch(model) == ov::Dimension(2), "batch 2");
        check(model->input().get_partial_shape() == ov::PartialShape({2, 8, 8, 3}), "input shape 2x8x8x3");

        ov::Core core;
        ov::CompiledModel compiled = core.compile_model(model, "CPU");
        ov::InferRequest request = compiled.create_infer_request();
        ov::Tensor input = request.get_input_tensor();
        // Each 2x2 block holds one value, so a linear resize by one half returns that value.
        switch (input.get_element_type()) {
        case ov::element::u8: {
            uint8_t* px = input.data<uint8_t>();
            for (size_t b = 0; b < 2; ++b)
                for (size_t y = 0; y < 8; ++y)
                    for (size_t x = 0; x < 8; ++x)
                        for (size_t c = 0; c < 3; ++c)
                            px[((b * 8 + y) * 8 + x) * 3 + c] =
                                static_cast<uint8_t>(10 + 40 * b + 7 * (y / 2) + 3 * (x / 2) + 11 * c);
            break;
        }
        default:
            check(false, std::string("input element type u8, got ") + type_name(input.get_element_type()));
            return EXIT_FAILURE;
        }
        request.infer();
        const ov::Tensor output = request.get_output_tensor();
        check(output.get_shape() == ov::Shape({2, 3, 4, 4}), "output shape 2x3x4x4");
        const float* out = output.data<const float>();
        const float mean[] = {1.0f, 2.0f, 3.0f}, scale[] = {2.0f, 4.0f, 8.0f};
        double worst = 0.0;
        for (size_t b = 0; b < 2; ++b)
            for (size_t c = 0; c < 3; ++c)
                for (size_t y = 0; y < 4; ++y)
                    for (size_t x = 0; x < 4; ++x) {
                        const float pixel = static_cast<float>(10 + 40 * b + 7 * y + 3 * x + 11 * c);
                        const float want = 2.0f * (pixel - mean[c]) / scale[c];
                        const double err = std::fabs(out[((b * 3 + c) * 4 + y) * 4 + x] - want);
                        worst = err > worst ? err : worst;
                    }
        check(worst < 1e-4, "values match the hand computation");
        std::cout << "largest difference " << worst << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "exception: " << e.what() << std::endl;
        return EXIT_FAILURE;
    }
    if (failures)
        return EXIT_FAILURE;
    std::cout << "compat app OK" << std::endl;
    return EXIT_SUCCESS;
}
