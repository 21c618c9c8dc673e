// SPDX-License-Identifier: Apache-2.0
// The real models that need these ops, run node by node through evaluate(): license-plate-recognition (ends in
// CTCGreedyDecoder) and text-image-super-resolution (a ConvolutionBackpropData with stride 3). They have no
// reference outputs, so the decoder is checked against a greedy decoding of its own input computed here and
// the transposed convolution, with the model's weights, against the scatter loop.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>

#include "ir/ir_reader.hpp"
#include "norm_test_util.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/ctc_greedy_decoder.hpp"
#include "openvino/op/parameter.hpp"

using namespace normtest;
using ov::Shape;

namespace {

const std::string real_models = std::string(DEVMUX_MODELS_DIR) + "/../real-ir-models/";

std::shared_ptr<ov::Model> read_or_skip(const std::string& name) {
    const std::string xml = real_models + name + "/" + name + ".xml";
    if (!std::ifstream(xml).good())
        return nullptr;
    return devmux::ir::read_model(xml, "");
}

// Evaluates every node in order; parameters get seeded random values in [lo, hi] (or `fixed` by name).
std::map<const ov::Node*, ov::TensorVector> run_model(const ov::Model& model, double lo, double hi,
                                                      const std::map<std::string, std::vector<double>>& fixed = {}) {
    std::mt19937 rng(51);
    std::map<const ov::Node*, ov::TensorVector> values;
    for (const auto& node : model.get_ordered_ops()) {
        ov::TensorVector inputs;
        for (size_t i = 0; i < node->get_input_size(); ++i) {
            const auto source = node->input_value(i);
            inputs.push_back(values.at(source.get_node())[source.get_index()]);
        }
        ov::TensorVector outputs;
        if (ov::as_type_ptr<ov::op::v0::Parameter>(node)) {
            const Shape shape = node->get_output_shape(0);
            auto it = fixed.find(node->get_friendly_name());
            const auto given = it != fixed.end() ? it->second : random_values(shape_size(shape), rng, lo, hi);
            outputs.push_back(make_tensor(node->get_output_element_type(0), shape, given));
        } else {
            for (size_t i = 0; i < node->get_output_size(); ++i)
                outputs.emplace_back(node->get_output_element_type(i), node->get_output_shape(i));
            EXPECT_TRUE(node->evaluate(outputs, inputs))
                << node->get_type_name() << " '" << node->get_friendly_name() << "' has no evaluate";
        }
        values[node.get()] = outputs;
    }
    return values;
}

}  // namespace

TEST(RealModels, LicensePlateDecoderMatchesAGreedyDecodingOfItsInput) {
    auto model = read_or_skip("license-plate-recognition-barrier-0001");
    if (!model)
        GTEST_SKIP() << "license-plate-recognition-barrier-0001 is not in " << real_models;
    std::shared_ptr<ov::Node> decoder;
    for (const auto& node : model->get_ordered_ops())
        if (ov::as_type_ptr<ov::op::v0::CTCGreedyDecoder>(node))
            decoder = node;
    ASSERT_TRUE(decoder);
    EXPECT_EQ(decoder->get_output_partial_shape(0), ov::PartialShape({1, 88, 1, 1}));
    // The sequence mask: all 88 steps valid, as the model's users feed it.
    const auto values = run_model(*model, 0.0, 255.0, {{"seq_ind", std::vector<double>(88, 1.0)}});
    const auto scores_source = decoder->input_value(0);
    const auto scores = read_tensor(values.at(scores_source.get_node())[scores_source.get_index()]);
    const auto decoded = read_tensor(values.at(decoder.get())[0]);
    // [T = 88, N = 1, C = 71]: the best class per step, blanks (70) dropped, repeats merged.
    const size_t T = 88, C = 71;
    std::vector<double> expected;
    int previous = -1;
    for (size_t t = 0; t < T; ++t) {
        int best = 0;
        for (size_t c = 1; c < C; ++c)
            if (scores[t * C + c] > scores[t * C + size_t(best)])
                best = int(c);
        if (best != int(C) - 1 && best != previous)
            expected.push_back(best);
        previous = best;
    }
    expected.resize(T, -1.0);
    EXPECT_EQ(decoded, expected);
}

TEST(RealModels, SuperResolutionTransposedConvolution) {
    auto model = read_or_skip("text-image-super-resolution-0001");
    if (!model)
        GTEST_SKIP() << "text-image-super-resolution-0001 is not in " << real_models;
    std::shared_ptr<ov::op::v1::ConvolutionBackpropData> deconv;
    for (const auto& node : model->get_ordered_ops())
        if (auto d = ov::as_type_ptr<ov::op::v1::ConvolutionBackpropData>(node))
            deconv = d;
    ASSERT_TRUE(deconv);
    EXPECT_EQ(deconv->get_output_partial_shape(0), ov::PartialShape({1, 4, 1080, 1920}));
    EXPECT_EQ(model->get_results().at(0)->get_output_partial_shape(0), ov::PartialShape({1, 1, 1080, 1920}));

    // The model's own layer (attributes and weights) on a small input, against the scatter loop.
    const auto filters_source = deconv->input_value(1);
    auto filters_constant = ov::as_type_ptr<ov::op::v0::Constant>(filters_source.get_node_shared_ptr());
    ASSERT_TRUE(filters_constant);
    const Shape fs = filters_constant->get_shape();
    ov::TensorVector filter_values{ov::Tensor(filters_constant->get_element_type(), fs)};
    ASSERT_TRUE(filters_constant->evaluate(filter_values, {}));
    const auto w = read_tensor(filter_values[0]);
    const Shape ds{1, fs[0], 5, 7};
    std::mt19937 rng(52);
    const auto x = random_values(shape_size(ds), rng);
    auto small = deconv->clone_with_new_inputs({param(ov::element::f32, ds), filters_source});
    const auto out = run(small, {make_tensor(ov::element::f32, ds, x), filter_values[0]});
    const std::vector<size_t> strides(deconv->get_strides().begin(), deconv->get_strides().end());
    const std::vector<size_t> dilations(deconv->get_dilations().begin(), deconv->get_dilations().end());
    const std::vector<int64_t> pads(deconv->get_pads_begin().begin(), deconv->get_pads_begin().end());
    expect_close(read_tensor(out[0]),
                 scatter_backprop(x, ds, w, fs, false, strides, dilations, pads, out[0].get_shape()), 1e-5, 1e-5);

    // The whole model runs and gives finite values.
    const auto values = run_model(*model, 0.0, 1.0);
    const auto result = model->get_results().at(0);
    const auto& final_output = values.at(result->input_value(0).get_node())[result->input_value(0).get_index()];
    ASSERT_EQ(final_output.get_shape(), Shape({1, 1, 1080, 1920}));
    const float* p = final_output.data<float>();
    for (size_t i = 0; i < final_output.get_size(); i += 997)
        ASSERT_TRUE(std::isfinite(p[i])) << i;
}
