// SPDX-License-Identifier: Apache-2.0
// Runs real models node by node through evaluate() (the reference implementations, no plugin) and compares
// their outputs with the shared reference outputs computed by ONNX Runtime. This exercises the convolution,
// pooling, MatMul and ReduceMean oracles on real attributes and shapes, together with the other ops.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <string>

#include "ir/ir_reader.hpp"
#include "nn_test_util.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/parameter.hpp"

using namespace nntest;

namespace {

const std::string models_dir = DEVMUX_MODELS_DIR;

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

std::vector<double> load_f32(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    EXPECT_TRUE(f.good()) << path;
    std::vector<float> raw;
    float v;
    while (f.read(reinterpret_cast<char*>(&v), sizeof(v)))
        raw.push_back(v);
    return std::vector<double>(raw.begin(), raw.end());
}

// Evaluates every node in topological order; returns each Result's output keyed by its friendly name with
// '/' replaced by '_' (the reference files' naming).
std::map<std::string, std::vector<double>> run_model(const std::string& folder, const std::string& stem,
                                                     const std::string& input_file) {
    auto model = devmux::ir::read_model(folder + "/" + stem + ".xml", "");
    EXPECT_EQ(model->get_parameters().size(), 1u);
    const auto input = load_f32(folder + "/ref/" + input_file);
    std::map<const ov::Node*, ov::TensorVector> values;
    for (const auto& node : model->get_ordered_ops()) {
        ov::TensorVector inputs;
        for (size_t i = 0; i < node->get_input_size(); ++i) {
            const auto source = node->input_value(i);
            inputs.push_back(values.at(source.get_node())[source.get_index()]);
        }
        ov::TensorVector outputs;
        if (ov::as_type_ptr<ov::op::v0::Parameter>(node)) {
            outputs.push_back(make_tensor(node->get_output_element_type(0), node->get_output_shape(0), input));
        } else {
            for (size_t i = 0; i < node->get_output_size(); ++i)
                outputs.emplace_back(node->get_output_element_type(i), node->get_output_shape(i));
            EXPECT_TRUE(node->evaluate(outputs, inputs))
                << node->get_type_name() << " '" << node->get_friendly_name() << "' has no evaluate";
        }
        values[node.get()] = outputs;
    }
    std::map<std::string, std::vector<double>> results;
    for (const auto& result : model->get_results()) {
        std::string name = result->get_friendly_name();
        std::replace(name.begin(), name.end(), '/', '_');
        results[name] = read_tensor(values.at(result.get())[0]);
    }
    return results;
}

// Compares every output with its reference within rel_tol of the output's largest reference magnitude.
void check_model(const std::string& folder_name, const std::string& stem, const std::string& input_file,
                 double rel_tol) {
    const std::string folder = models_dir + "/" + folder_name;
    ASSERT_TRUE(file_exists(folder + "/" + stem + ".xml")) << "model not found: " << folder;
    const auto results = run_model(folder, stem, input_file);
    ASSERT_FALSE(results.empty());
    for (const auto& entry : results) {
        const auto ref = load_f32(folder + "/ref/" + stem + ".output." + entry.first + ".f32");
        double scale = 0;
        for (double r : ref)
            scale = std::max(scale, std::fabs(r));
        SCOPED_TRACE(folder_name + " output " + entry.first);
        expect_close(entry.second, ref, 0, rel_tol * scale);
    }
}

}  // namespace

// fp32 models: the reference was computed in fp32 too; 1e-4 of the output scale.
TEST(RealModel, SqueezeNetIr11MatchesReference) {
    check_model("squeezenet1.1-ir11", "squeezenet1.1", "squeezenet1.1.input.data.f32", 1e-4);
}

TEST(RealModel, SqueezeNetIr11TopClassIsPizza) {
    const std::string folder = models_dir + "/squeezenet1.1-ir11";
    ASSERT_TRUE(file_exists(folder + "/squeezenet1.1.xml")) << "model not found: " << folder;
    const auto prob = run_model(folder, "squeezenet1.1", "squeezenet1.1.input.data.f32").at("prob_sink_port_0");
    const auto top = std::max_element(prob.begin(), prob.end());
    EXPECT_EQ(top - prob.begin(), 963);
    EXPECT_NEAR(*top, 0.565, 1e-3);
}

TEST(RealModel, LandmarksFp32MatchesReference) {
    check_model("landmarks-regression-retail-0009/FP32", "landmarks-regression-retail-0009",
                "landmarks-regression-retail-0009.input.0.f32", 1e-4);
}

TEST(RealModel, VehicleAttributesMatchesReference) {
    check_model("vehicle-attributes-recognition-barrier-0039", "vehicle-attributes-recognition-barrier-0039",
                "vehicle-attributes-recognition-barrier-0039.input.input.f32", 1e-4);
}

// f16 models store every intermediate tensor in half precision (relative step 2^-11) over tens of layers,
// while the reference kept fp32 activations: 1e-2 of the output scale.
TEST(RealModel, SqueezeNetIr10F16MatchesReference) {
    check_model("squeezenet1.1-ir10", "squeezenet1.1", "squeezenet1.1.input.data.f32", 1e-2);
}

TEST(RealModel, HeadPoseF16MatchesReference) {
    check_model("head-pose-estimation-adas-0001/FP16", "head-pose-estimation-adas-0001",
                "head-pose-estimation-adas-0001.input.data.f32", 1e-2);
}
