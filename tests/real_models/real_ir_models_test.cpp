// SPDX-License-Identifier: Apache-2.0
// Real OpenVINO IR models that applications ship (DEVMUX_REAL_IR_MODELS_DIR, ../shared/real-ir-models;
// SOURCES.tsv there says where each came from). They have no reference outputs, so each model that runs is
// compiled on CPU and on "GPU" of the software deployment (OPENCL on PoCL, VULKAN on lavapipe, CPU fallback
// through HETERO) and the two must agree; the person detector also runs on a real image and its detections
// must be well-formed. A model that cannot run yet is in not_yet_running with the ops it waits for, and
// must still fail for one of them: once it runs, its test fails until it leaves the list.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "openvino/openvino.hpp"

namespace {

namespace fs = std::filesystem;

const std::string real_models_dir = DEVMUX_REAL_IR_MODELS_DIR;
const std::string models_dir = DEVMUX_MODELS_DIR;

// The models that do not run yet: why, and what the failure of reading, compiling and running it on CPU
// must say (any one of the fragments). A listed model that runs, or fails otherwise, fails its test
// until its entry is removed or updated.
struct NotYetRunning {
    std::string why;
    std::vector<std::string> failure_says;
};
const std::map<std::string, NotYetRunning> not_yet_running = {
    // Every real IR model runs. person-attributes-recognition-crossroad-0230 left the list when ReduceMax took
    // its axes from the known value of ShapeOf -> Squeeze -> Range (runtime/ops/reduce.cpp).
};

// CPU against GPU: max|cpu - gpu| <= tolerance * max(max|cpu|, 1). The GPU members compute in their own
// order (and VULKAN may compute in f16), and quantized models can move a value across a quantization step,
// so this is a bound on disagreement, not on error against a reference.
constexpr double tolerance = 0.05;

std::vector<std::string> real_models() {
    std::vector<std::string> names;
    if (!fs::is_directory(real_models_dir))
        return names;
    for (const auto& entry : fs::directory_iterator(real_models_dir)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_directory() && fs::exists(entry.path() / (name + ".xml")))
            names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string xml_of(const std::string& name) { return real_models_dir + "/" + name + "/" + name + ".xml"; }

// Never destroyed: the plugins' libraries stay loaded until the process ends.
ov::Core& software_core() {
    static ov::Core* core = new ov::Core("plugins-software-gpu.xml");
    return *core;
}

std::vector<float> read_floats(const std::string& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    EXPECT_TRUE(file) << "cannot open " << path;
    std::vector<float> values(static_cast<size_t>(file.tellg()) / sizeof(float));
    file.seekg(0);
    file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
    return values;
}

// The COCO pizza photograph (models/inputs, 299x299 BGR 0..255, interleaved) resized bilinearly to the
// model's NCHW input.
ov::Tensor real_image(const ov::Shape& shape) {
    const size_t source_size = 299;
    const std::vector<float> source = read_floats(models_dir + "/inputs/inception_tensor-1x3x299x299-f32.bgr");
    EXPECT_EQ(source.size(), source_size * source_size * 3);
    const size_t channels = shape[1], height = shape[2], width = shape[3];
    ov::Tensor tensor(ov::element::f32, shape);
    float* out = tensor.data<float>();
    for (size_t y = 0; y < height; ++y) {
        const double sy = std::min((y + 0.5) * source_size / height - 0.5, source_size - 1.0);
        const size_t y0 = static_cast<size_t>(std::max(sy, 0.0)), y1 = std::min(y0 + 1, source_size - 1);
        const double fy = std::max(sy, 0.0) - y0;
        for (size_t x = 0; x < width; ++x) {
            const double sx = std::min((x + 0.5) * source_size / width - 0.5, source_size - 1.0);
            const size_t x0 = static_cast<size_t>(std::max(sx, 0.0)), x1 = std::min(x0 + 1, source_size - 1);
            const double fx = std::max(sx, 0.0) - x0;
            for (size_t c = 0; c < channels; ++c) {
                auto at = [&](size_t yy, size_t xx) { return source[(yy * source_size + xx) * 3 + c]; };
                const double top = at(y0, x0) * (1 - fx) + at(y0, x1) * fx;
                const double bottom = at(y1, x0) * (1 - fx) + at(y1, x1) * fx;
                out[(c * height + y) * width + x] = static_cast<float>(top * (1 - fy) + bottom * fy);
            }
        }
    }
    return tensor;
}

// Pixel-like values for every input: seeded, 0..255 (the models take BGR images).
std::vector<ov::Tensor> seeded_inputs(const ov::CompiledModel& compiled) {
    std::mt19937 generator(2023);
    std::uniform_real_distribution<float> pixel(0.f, 255.f);
    std::vector<ov::Tensor> inputs;
    for (const auto& input : compiled.inputs()) {
        EXPECT_EQ(input.get_element_type(), ov::element::f32) << input.get_any_name();
        ov::Tensor tensor(ov::element::f32, input.get_shape());
        for (size_t i = 0; i < tensor.get_size(); ++i)
            tensor.data<float>()[i] = pixel(generator);
        inputs.push_back(tensor);
    }
    return inputs;
}

std::vector<ov::Tensor> infer(ov::CompiledModel& compiled, const std::vector<ov::Tensor>& inputs) {
    ov::InferRequest request = compiled.create_infer_request();
    for (size_t i = 0; i < inputs.size(); ++i)
        request.set_input_tensor(i, inputs[i]);
    request.infer();
    std::vector<ov::Tensor> outputs;
    for (size_t i = 0; i < compiled.outputs().size(); ++i) {
        const ov::Tensor output = request.get_output_tensor(i);
        ov::Tensor copy(output.get_element_type(), output.get_shape());
        output.copy_to(copy);
        outputs.push_back(copy);
    }
    return outputs;
}

// Rows of a DetectionOutput result [1,1,N,7]: image_id, label, confidence, x_min, y_min, x_max, y_max;
// the rows after the last detection start with image_id -1.
struct Detection {
    float label, confidence, x_min, y_min, x_max, y_max;
};

std::vector<Detection> detections_of(const ov::Tensor& output) {
    std::vector<Detection> detections;
    const float* rows = output.data<float>();
    for (size_t i = 0; i < output.get_size() / 7; ++i) {
        const float* row = rows + i * 7;
        if (row[0] < 0)
            break;
        detections.push_back({row[1], row[2], row[3], row[4], row[5], row[6]});
    }
    return detections;
}

void expect_well_formed(const std::vector<Detection>& detections, const std::string& where) {
    float previous = 1.f;
    for (size_t i = 0; i < detections.size(); ++i) {
        const Detection& d = detections[i];
        SCOPED_TRACE(where + " detection " + std::to_string(i));
        EXPECT_EQ(d.label, 1.f);  // person; label 0 is the background, never reported
        EXPECT_GE(d.confidence, 0.01f - 1e-6f);  // confidence_threshold of the model
        EXPECT_LE(d.confidence, previous + 1e-6f);  // sorted by confidence
        previous = d.confidence;
        EXPECT_LE(d.x_min, d.x_max);
        EXPECT_LE(d.y_min, d.y_max);
        for (float coordinate : {d.x_min, d.y_min, d.x_max, d.y_max})
            EXPECT_TRUE(std::isfinite(coordinate) && coordinate > -0.5f && coordinate < 1.5f) << coordinate;
    }
}

double disagreement(const ov::Tensor& cpu, const ov::Tensor& gpu) {
    EXPECT_EQ(cpu.get_shape(), gpu.get_shape());
    EXPECT_EQ(cpu.get_element_type(), ov::element::f32);
    EXPECT_EQ(gpu.get_element_type(), ov::element::f32);
    if (cpu.get_shape() != gpu.get_shape() || cpu.get_element_type() != ov::element::f32 ||
        gpu.get_element_type() != ov::element::f32)
        return INFINITY;
    double worst = 0, scale = 1;
    for (size_t i = 0; i < cpu.get_size(); ++i) {
        const double a = cpu.data<float>()[i], b = gpu.data<float>()[i];
        worst = std::isnan(a) || std::isnan(b) ? INFINITY : std::max(worst, std::fabs(a - b));
        scale = std::max(scale, std::fabs(a));
    }
    return worst / scale;
}

// "CPU: 2 of 398 (0.5%), OPENCL.0: 396 of 398 (99.5%)": where "GPU" runs the model's compute ops. The
// alias answers "GPU" for every op it takes, so the split is HETERO's over the alias's chain of plugins,
// which is the split the alias compiles when its primary lacks ops.
std::string gpu_share(const std::shared_ptr<ov::Model>& model) {
    std::string chain;
    std::istringstream priorities(software_core().get_property("GPU", ov::device::priorities));
    for (std::string plugin; priorities >> plugin;)
        chain += (chain.empty() ? "HETERO:" : ",") + plugin;
    const ov::SupportedOpsMap answer = software_core().query_model(model, chain);
    std::map<std::string, size_t> per_device;
    size_t compute = 0;
    for (const auto& op : model->get_ordered_ops()) {
        if (ov::is_type<ov::op::v0::Parameter>(op) || ov::is_type<ov::op::v0::Constant>(op) ||
            ov::is_type<ov::op::v0::Result>(op))
            continue;
        ++compute;
        const auto found = answer.find(op->get_friendly_name());
        ++per_device[found == answer.end() ? std::string("none") : found->second];
    }
    std::ostringstream text;
    for (const auto& kv : per_device)
        text << (text.tellp() > 0 ? ", " : "") << kv.first << ": " << kv.second << " of " << compute << " ("
             << std::fixed << std::setprecision(1) << 100.0 * kv.second / compute << "%)";
    return text.str();
}

class RealIrModel : public ::testing::TestWithParam<std::string> {};

TEST_P(RealIrModel, RunsAlikeOnCpuAndGpu) {
    const std::string name = GetParam();
    ov::Core& core = software_core();
    const auto waiting = not_yet_running.find(name);
    if (waiting != not_yet_running.end()) {
        std::string error;
        try {
            ov::CompiledModel compiled = core.compile_model(core.read_model(xml_of(name)), "CPU");
            infer(compiled, seeded_inputs(compiled));
        } catch (const std::exception& e) {
            error = e.what();
        }
        ASSERT_FALSE(error.empty()) << name << " now runs on CPU: remove it from not_yet_running ("
                                    << waiting->second.why << ")";
        bool expected = false;
        for (const auto& fragment : waiting->second.failure_says)
            expected = expected || error.find(fragment) != std::string::npos;
        EXPECT_TRUE(expected) << name << " fails otherwise than its not_yet_running entry says ("
                              << waiting->second.why << "); update the entry: " << error;
        return;
    }

    const auto model = core.read_model(xml_of(name));
    ov::CompiledModel on_cpu = core.compile_model(model, "CPU");
    ov::CompiledModel on_gpu = core.compile_model(model, "GPU");
    std::vector<ov::Tensor> inputs;
    const bool detector = name == "person-detection-retail-0013";
    if (detector) {
        ASSERT_EQ(on_cpu.inputs().size(), 1u);
        ASSERT_EQ(on_cpu.input().get_shape(), (ov::Shape{1, 3, 320, 544}));
        inputs.push_back(real_image(on_cpu.input().get_shape()));
    } else {
        inputs = seeded_inputs(on_cpu);
    }
    const auto cpu = infer(on_cpu, inputs);
    const auto gpu = infer(on_gpu, inputs);
    ASSERT_EQ(cpu.size(), gpu.size());
    std::string execution_devices;
    for (const auto& device : on_gpu.get_property(ov::execution_devices))
        execution_devices += (execution_devices.empty() ? "" : ",") + device;
    std::cout << "[ share    ] " << name << " on GPU (execution devices " << execution_devices
              << "): " << gpu_share(model) << std::endl;
    for (size_t i = 0; i < cpu.size(); ++i) {
        const std::string output = on_cpu.output(i).get_any_name();
        if (detector) {
            ASSERT_EQ(cpu[i].get_shape(), (ov::Shape{1, 1, 200, 7}));
            const auto cpu_detections = detections_of(cpu[i]);
            const auto gpu_detections = detections_of(gpu[i]);
            expect_well_formed(cpu_detections, "CPU");
            expect_well_formed(gpu_detections, "GPU");
            // Boxes near the confidence threshold may cross it or swap places; the ten best (the photograph
            // shows a pizza, so few are confident) must be found on both devices.
            const std::vector<Detection> confident(
                cpu_detections.begin(), cpu_detections.begin() + std::min<size_t>(10, cpu_detections.size()));
            std::cout << "[ detector ] " << cpu_detections.size() << " detections on CPU, " << gpu_detections.size()
                      << " on GPU; best confidence " << (confident.empty() ? 0.f : confident.front().confidence)
                      << std::endl;
            EXPECT_FALSE(confident.empty());
            for (const auto& d : confident) {
                bool matched = false;
                for (const auto& g : gpu_detections)
                    matched = matched || (std::fabs(g.confidence - d.confidence) < 0.02f &&
                                          std::fabs(g.x_min - d.x_min) < 0.02f && std::fabs(g.y_min - d.y_min) < 0.02f &&
                                          std::fabs(g.x_max - d.x_max) < 0.02f && std::fabs(g.y_max - d.y_max) < 0.02f);
                EXPECT_TRUE(matched) << "CPU detection with confidence " << d.confidence << " has no GPU match";
            }
            continue;
        }
        const double error = disagreement(cpu[i], gpu[i]);
        std::cout << "[ compare  ] " << name << " output " << output << ": max|cpu-gpu|/max(max|cpu|,1) = " << error
                  << std::endl;
        EXPECT_LE(error, tolerance) << name << " output " << output;
    }
}

// YOLOv5n (Ultralytics' export: RGB in 0..1, one row per anchor of [cx, cy, w, h, objectness, 80 class scores],
// the scores already through a sigmoid) on the pizza photograph: its most confident box must be COCO class 53,
// "pizza", confidently, inside the picture and not a speck, and CPU and GPU must find the same box.
TEST(RealIrModels, YoloFindsThePizzaInThePhotograph) {
    const std::string xml = real_models_dir + "/yolov5n/yolov5n.xml";
    ASSERT_TRUE(fs::exists(xml)) << xml << " is not here (../shared/real-ir-models)";
    ov::Core& core = software_core();
    const auto model = core.read_model(xml);
    ov::Tensor image = real_image({1, 3, 640, 640});
    float* pixels = image.data<float>();
    const size_t plane = 640 * 640;
    for (size_t i = 0; i < plane; ++i) {
        std::swap(pixels[i], pixels[2 * plane + i]);  // BGR -> RGB
        for (size_t c = 0; c < 3; ++c)
            pixels[c * plane + i] /= 255.f;
    }
    std::vector<std::vector<float>> boxes;
    for (const std::string device : {"CPU", "GPU"}) {
        auto compiled = core.compile_model(model, device);
        const auto output = infer(compiled, {image}).at(0);
        ASSERT_EQ(output.get_shape(), (ov::Shape{1, 25200, 85})) << device;
        const float* rows = output.data<const float>();
        float best = 0;
        size_t best_row = 0, best_class = 0;
        for (size_t r = 0; r < 25200; ++r)
            for (size_t c = 0; c < 80; ++c) {
                const float score = rows[r * 85 + 4] * rows[r * 85 + 5 + c];
                if (score > best) {
                    best = score;
                    best_row = r;
                    best_class = c;
                }
            }
        const float* box = rows + best_row * 85;
        std::cout << "[ yolo     ] " << device << ": class " << best_class << " score " << best << " box centre ("
                  << box[0] << ", " << box[1] << ") size " << box[2] << " x " << box[3] << std::endl;
        EXPECT_EQ(best_class, 53u) << device << ": the most confident class is not pizza";
        EXPECT_GT(best, 0.5f) << device;
        EXPECT_GT(box[2] * box[3], 160.f * 160.f) << device << ": the pizza box is a speck";
        EXPECT_TRUE(box[0] - box[2] / 2 > -8 && box[0] + box[2] / 2 < 648 && box[1] - box[3] / 2 > -8 &&
                    box[1] + box[3] / 2 < 648)
            << device << ": the pizza box leaves the picture";
        boxes.push_back({best, box[0], box[1], box[2], box[3]});
    }
    for (size_t i = 0; i < 5; ++i)
        EXPECT_NEAR(boxes[0][i], boxes[1][i], i == 0 ? 0.01 : 2.0) << "CPU and GPU disagree on the pizza box";
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(RealIrModels, RealIrModel, ::testing::ValuesIn(real_models()), test_name);

// Issue 23 §4: OPENCL took the ShapeOf -> StridedSlice -> Add -> Multiply chains that compute the sizes of
// the model's Interpolates, the split turned the sizes into run-time inputs of the CPU subgraph, and CPU
// refused the Interpolates (the error said no device supports them). Each chain now goes with its
// Interpolate.
TEST(RealIrModels, RoadSegmentationSplitsAcrossOpenclAndCpuWithEachUpsamplingWhole) {
    const std::string name = "road-segmentation-adas-0001";
    if (!fs::exists(xml_of(name)))
        GTEST_SKIP() << name << " is not under " << real_models_dir;
    ov::Core& core = software_core();
    const std::string gpu_chain = core.get_property("GPU", ov::device::priorities);
    if (gpu_chain.find("OPENCL") == std::string::npos)
        GTEST_SKIP() << "no OPENCL device serves GPU in the software deployment (" << gpu_chain << ")";
    const auto model = core.read_model(xml_of(name));
    const auto answer = core.query_model(model, "HETERO:OPENCL,CPU");
    size_t upsamplings = 0;
    for (const auto& op : model->get_ordered_ops()) {
        if (std::string(op->get_type_name()) != "Interpolate")
            continue;
        ++upsamplings;
        const std::string& device = answer.at(op->get_friendly_name());
        // Its sizes input: Multiply <- Add <- StridedSlice <- ShapeOf, all on the Interpolate's device.
        std::vector<ov::Node*> chain{op->get_input_node_ptr(1)};
        while (!chain.empty()) {
            ov::Node* node = chain.back();
            chain.pop_back();
            if (ov::is_type<ov::op::v0::Constant>(node))
                continue;
            EXPECT_EQ(answer.at(node->get_friendly_name()), device)
                << node->get_type_name() << " '" << node->get_friendly_name() << "' computes the sizes of '"
                << op->get_friendly_name() << "'";
            if (std::string(node->get_type_name()) != "ShapeOf")
                for (size_t i = 0; i < node->get_input_size(); ++i)
                    chain.push_back(node->get_input_node_ptr(i));
        }
    }
    EXPECT_EQ(upsamplings, 5u);
    ov::CompiledModel on_cpu = core.compile_model(model, "CPU");
    ov::CompiledModel split = core.compile_model(model, "HETERO:OPENCL,CPU");
    const auto inputs = seeded_inputs(on_cpu);
    const double error = disagreement(infer(on_cpu, inputs).at(0), infer(split, inputs).at(0));
    EXPECT_LE(error, tolerance);
}

// Issue 23 §4: DetectionOutput runs only on CPU, and the Convert to f32 that the legacy v10 conventions
// add after it was an extra OPENCL subgraph. It now runs on CPU with the DetectionOutput.
TEST(RealIrModels, PersonDetectionConvertsItsDetectionsWhereItDetects) {
    const std::string name = "person-detection-retail-0013";
    if (!fs::exists(xml_of(name)))
        GTEST_SKIP() << name << " is not under " << real_models_dir;
    ov::Core& core = software_core();
    std::string chain;
    std::istringstream priorities(core.get_property("GPU", ov::device::priorities));
    for (std::string plugin; priorities >> plugin;)
        chain += (chain.empty() ? "HETERO:" : ",") + plugin;
    const auto model = core.read_model(xml_of(name));
    ASSERT_EQ(model->output(0).get_element_type(), ov::element::f32);
    const ov::Node* convert = model->get_results().at(0)->get_input_node_ptr(0);
    ASSERT_EQ(std::string(convert->get_type_name()), "Convert");
    const ov::Node* detection = convert->get_input_node_ptr(0);
    ASSERT_EQ(std::string(detection->get_type_name()), "DetectionOutput");
    EXPECT_EQ(detection->get_output_element_type(0), ov::element::f16);  // what the f16 op computes
    const auto answer = core.query_model(model, chain);
    EXPECT_EQ(answer.at(convert->get_friendly_name()), answer.at(detection->get_friendly_name())) << chain;
}

TEST(RealIrModels, AreThereAndTheListOfModelsNotYetRunningNamesOnlyThem) {
    const auto names = real_models();
    ASSERT_FALSE(names.empty()) << "no models under " << real_models_dir;
    for (const auto& kv : not_yet_running)
        EXPECT_NE(std::find(names.begin(), names.end(), kv.first), names.end())
            << kv.first << " is in not_yet_running but not under " << real_models_dir;
}

}  // namespace
