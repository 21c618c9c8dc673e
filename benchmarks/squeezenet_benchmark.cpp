// SPDX-License-Identifier: Apache-2.0
// End-to-end SqueezeNet 1.1 benchmarks: CPU plugin inference, and the ops' reference evaluate()
// walked node by node, to show what the plugin gains over the oracle.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>

#include "openvino/openvino.hpp"

namespace {

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

std::string squeezenet_path() {
    return models_dir() + "/squeezenet1.1-ir10/squeezenet1.1.xml";
}

// Seeded, never all zeros: pixel-like values in [0, 255).
ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(input.get_element_type(), input.get_shape());
    std::mt19937 generator(7);
    std::uniform_real_distribution<float> pixel(0.0f, 255.0f);
    if (tensor.get_element_type() == ov::element::f16) {
        auto* data = tensor.data<ov::float16>();
        for (size_t i = 0; i < tensor.get_size(); ++i)
            data[i] = ov::float16(pixel(generator));
    } else {
        auto* data = tensor.data<float>();
        for (size_t i = 0; i < tensor.get_size(); ++i)
            data[i] = pixel(generator);
    }
    return tensor;
}

void BM_SqueezeNetInfer(benchmark::State& state, const std::string& device) {
    try {
        ov::Core core;
        auto model = core.read_model(squeezenet_path());
        ov::CompiledModel compiled = core.compile_model(model, device);
        ov::InferRequest request = compiled.create_infer_request();
        request.set_input_tensor(random_input(compiled.input()));
        request.infer();  // warm-up outside the measurement
        for (auto _ : state)
            request.infer();
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

// Evaluates the model op by op with each op's reference implementation, Constants folded in advance.
class ReferenceEvaluator {
public:
    explicit ReferenceEvaluator(std::shared_ptr<ov::Model> model) : m_model(std::move(model)) {
        for (const auto& op : m_model->get_ordered_ops()) {
            if (!ov::is_type<ov::op::v0::Constant>(op))
                continue;
            ov::TensorVector outputs{ov::Tensor(op->get_output_element_type(0), op->get_output_shape(0))};
            ov::TensorVector none;
            if (!op->evaluate(outputs, none))
                OPENVINO_THROW("Constant '", op->get_friendly_name(), "' cannot be evaluated");
            m_values[op.get()] = outputs;
        }
    }

    ov::TensorVector run(const ov::TensorVector& inputs) {
        ov::TensorVector results;
        for (const auto& op : m_model->get_ordered_ops()) {
            if (ov::is_type<ov::op::v0::Constant>(op))
                continue;
            if (auto parameter = ov::as_type_ptr<ov::op::v0::Parameter>(op)) {
                m_values[op.get()] = {inputs.at(static_cast<size_t>(m_model->get_parameter_index(parameter)))};
                continue;
            }
            ov::TensorVector args;
            for (const auto& source : op->input_values())
                args.push_back(m_values.at(source.get_node()).at(source.get_index()));
            if (ov::is_type<ov::op::v0::Result>(op)) {
                results.push_back(args.at(0));
                continue;
            }
            ov::TensorVector outputs;
            for (size_t i = 0; i < op->get_output_size(); ++i)
                outputs.emplace_back(op->get_output_element_type(i), op->get_output_shape(i));
            if (!op->evaluate(outputs, args))
                OPENVINO_THROW("op '", op->get_friendly_name(), "' (", op->get_type_name(),
                               ") has no reference evaluate for these inputs");
            m_values[op.get()] = std::move(outputs);
        }
        return results;
    }

private:
    std::shared_ptr<ov::Model> m_model;
    std::map<const ov::Node*, ov::TensorVector> m_values;
};

void BM_SqueezeNetReferenceEvaluate(benchmark::State& state) {
    try {
        ov::Core core;
        auto model = core.read_model(squeezenet_path());
        std::shared_ptr<const ov::Model> const_model = model;
        ReferenceEvaluator evaluator(model);
        ov::TensorVector inputs{random_input(const_model->input())};
        evaluator.run(inputs);
        for (auto _ : state)
            benchmark::DoNotOptimize(evaluator.run(inputs));
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK_CAPTURE(BM_SqueezeNetInfer, CPU, std::string("CPU"))->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SqueezeNetReferenceEvaluate)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

BENCHMARK_MAIN();
