// SPDX-License-Identifier: Apache-2.0
// The element-wise ops inside real models: landmarks-regression-retail-0009 (PReLU with a [1] slope, Add,
// Multiply, Sigmoid; FakeQuantize and Convert in its INT8 variant).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>

#include "ir/ir_reader.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/fake_quantize.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/prelu.hpp"
#include "test_util.hpp"

using namespace ov;

namespace {

const std::string landmarks_dir = std::string(DEVMUX_MODELS_DIR) + "/landmarks-regression-retail-0009/";
const std::string landmarks_name = "landmarks-regression-retail-0009";

std::shared_ptr<Model> read(const std::string& xml) { return devmux::ir::read_model(xml, ""); }

std::shared_ptr<op::v0::Constant> constant_at(const std::shared_ptr<Node>& node, size_t i) {
    return as_type_ptr<op::v0::Constant>(node->get_input_node_shared_ptr(i));
}

TEST(RealModels, LandmarksPReluSlopesEvaluate) {
    auto model = read(landmarks_dir + "FP32/" + landmarks_name + ".xml");
    std::mt19937 rng(51);
    size_t checked = 0;
    for (const auto& node : model->get_ordered_ops()) {
        if (!is_type<op::v0::PRelu>(node))
            continue;
        const Shape data_shape = node->get_input_shape(0);
        EXPECT_EQ(node->get_output_shape(0), data_shape) << *node;
        auto slope = constant_at(node, 1);
        ASSERT_TRUE(slope) << *node << ": slope is not a Constant";
        ASSERT_EQ(shape_size(slope->get_shape()), 1u) << *node;
        const Tensor x = eltest::random_real(element::f32, data_shape, rng, -2.f, 2.f);
        TensorVector outputs;
        ASSERT_TRUE(node->evaluate(outputs, {x, slope->get_tensor_view()}));
        const float s = slope->cast_vector<float>()[0];
        const auto got = eltest::values<float>(outputs[0]);
        const auto xs = eltest::values<float>(x);
        for (size_t i = 0; i < xs.size(); ++i)
            ASSERT_EQ(got[i], xs[i] < 0 ? xs[i] * s : xs[i]) << *node << " at " << i;
        ++checked;
    }
    EXPECT_EQ(checked, 8u);
}

// The weight path of the INT8 variant: u8 Constant -> Convert(f16) -> FakeQuantize with per-output-channel
// output limits. Tolerance 1e-3 relative plus 1e-3 absolute (f16 results).
TEST(RealModels, LandmarksInt8WeightQuantization) {
    auto model = read(landmarks_dir + "FP16-INT8/" + landmarks_name + ".xml");
    size_t checked = 0;
    for (const auto& node : model->get_ordered_ops()) {
        auto fq = as_type_ptr<op::v0::FakeQuantize>(node);
        if (!fq)
            continue;
        EXPECT_EQ(fq->get_output_partial_shape(0), fq->get_input_partial_shape(0)) << *fq;
        auto convert = as_type_ptr<op::v0::Convert>(fq->get_input_node_shared_ptr(0));
        if (!convert)
            continue;
        auto weights = constant_at(convert, 0);
        std::array<std::shared_ptr<op::v0::Constant>, 4> limits;
        for (size_t i = 0; i < 4; ++i)
            limits[i] = constant_at(fq, i + 1);
        if (!weights || !limits[0] || !limits[1] || !limits[2] || !limits[3])
            continue;

        TensorVector converted;
        ASSERT_TRUE(convert->evaluate(converted, {weights->get_tensor_view()})) << *convert;
        ASSERT_EQ(converted[0].get_element_type(), convert->get_destination_type());
        TensorVector quantized;
        TensorVector fq_inputs{converted[0]};
        for (const auto& l : limits)
            fq_inputs.push_back(l->get_tensor_view());
        ASSERT_TRUE(fq->evaluate(quantized, fq_inputs)) << *fq;

        const Shape shape = weights->get_shape();
        const auto w = weights->cast_vector<float>();
        std::array<std::vector<float>, 4> lv;
        for (size_t i = 0; i < 4; ++i)
            lv[i] = limits[i]->cast_vector<float>();
        const float levels_minus_one = static_cast<float>(fq->get_levels() - 1);
        for (size_t i = 0; i < w.size(); ++i) {
            const auto c = eltest::unravel(i, shape);
            float l[4];
            for (size_t k = 0; k < 4; ++k)
                l[k] = lv[k][eltest::broadcast_source(c, limits[k]->get_shape())];
            float expected;
            if (w[i] <= std::min(l[0], l[1]))
                expected = l[2];
            else if (w[i] > std::max(l[0], l[1]))
                expected = l[3];
            else
                expected = std::nearbyint((w[i] - l[0]) / (l[1] - l[0]) * levels_minus_one) / levels_minus_one *
                               (l[3] - l[2]) +
                           l[2];
            const float got = converted[0].get_element_type() == element::f16
                                  ? static_cast<float>(quantized[0].data<float16>()[i])
                                  : quantized[0].data<float>()[i];
            ASSERT_NEAR(got, expected, 1e-3 * std::abs(expected) + 1e-3) << *fq << " at " << i;
        }
        ++checked;
    }
    EXPECT_GT(checked, 0u);
}

// Runs a model with every node's reference evaluate(), in graph order.
TensorVector evaluate_model(const Model& model, const TensorVector& inputs) {
    std::map<std::pair<const Node*, size_t>, Tensor> values;
    for (size_t i = 0; i < model.get_parameters().size(); ++i)
        values[{model.get_parameters()[i].get(), 0}] = inputs.at(i);
    for (const auto& node : model.get_ordered_ops()) {
        if (is_type<op::v0::Parameter>(node))
            continue;
        TensorVector in;
        for (size_t i = 0; i < node->get_input_size(); ++i) {
            const auto source = node->input_value(i);
            in.push_back(values.at({source.get_node(), source.get_index()}));
        }
        TensorVector out;
        for (size_t i = 0; i < node->get_output_size(); ++i)
            out.emplace_back(node->get_output_element_type(i), node->get_output_partial_shape(i).to_shape());
        OPENVINO_ASSERT(node->evaluate(out, in), "no evaluate for ", *node);
        for (size_t i = 0; i < out.size(); ++i)
            values[{node.get(), i}] = out[i];
    }
    TensorVector results;
    for (const auto& r : model.get_results())
        results.push_back(values.at({r.get(), 0}));
    return results;
}

std::vector<float> read_f32(const std::string& path, size_t count) {
    std::ifstream f(path, std::ios::binary);
    EXPECT_TRUE(f.good()) << path;
    std::vector<float> v(count);
    f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(count * sizeof(float)));
    EXPECT_EQ(static_cast<size_t>(f.gcount()), count * sizeof(float)) << path;
    return v;
}

}  // namespace

namespace {

Tensor landmarks_input(element::Type type) {
    const Shape in_shape{1, 3, 48, 48};
    const auto input = read_f32(landmarks_dir + "FP32/ref/" + landmarks_name + ".input.0.f32", shape_size(in_shape));
    Tensor in(type, in_shape);
    for (size_t i = 0; i < input.size(); ++i) {
        if (type == element::f16)
            in.data<float16>()[i] = float16(input[i]);
        else
            in.data<float>()[i] = input[i];
    }
    return in;
}

std::vector<float> to_floats(const Tensor& t) {
    return t.get_element_type() == element::f16 ? eltest::as_floats_f16(t) : eltest::values<float>(t);
}

// The FP16 IR computes in f16 end to end (f16 data, f32 PReLU slopes); its reference came from fp32
// arithmetic on the same weights, so the tolerance is f16-sized: 2e-3 absolute on outputs in [0, 1] (observed 4e-4).
TEST(RealModels, LandmarksFP16MatchesReferenceOutput) {
    auto model = read(landmarks_dir + "FP16/" + landmarks_name + ".xml");
    const auto type = model->get_parameters().at(0)->get_element_type();
    const auto out = evaluate_model(*model, {landmarks_input(type)});
    ASSERT_EQ(out.size(), 1u);
    const auto expected = read_f32(landmarks_dir + "FP16/ref/" + landmarks_name + ".output.95_sink_port_0.f32", 10);
    const auto got = to_floats(out[0]);
    ASSERT_EQ(got.size(), 10u);
    for (size_t i = 0; i < 10; ++i)
        EXPECT_NEAR(got[i], expected[i], 2e-3) << i;
}

// No reference exists for the INT8 variant (models README); its landmarks must land near the FP16 ones.
// Tolerance 0.05 absolute on normalised coordinates in [0, 1] (observed 0.018).
TEST(RealModels, LandmarksInt8LandsNearFP16Reference) {
    auto model = read(landmarks_dir + "FP16-INT8/" + landmarks_name + ".xml");
    const auto type = model->get_parameters().at(0)->get_element_type();
    const auto out = evaluate_model(*model, {landmarks_input(type)});
    ASSERT_EQ(out.size(), 1u);
    const auto expected = read_f32(landmarks_dir + "FP16/ref/" + landmarks_name + ".output.95_sink_port_0.f32", 10);
    const auto got = to_floats(out[0]);
    ASSERT_EQ(got.size(), 10u);
    for (size_t i = 0; i < 10; ++i)
        EXPECT_NEAR(got[i], expected[i], 0.05) << i;
}

}  // namespace
