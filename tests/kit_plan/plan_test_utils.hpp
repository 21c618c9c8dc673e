// SPDX-License-Identifier: Apache-2.0
// Test kernels and models for the kit's planner: f32 Relu and Add host kernels written here (so the
// expected values are computed independently of the runtime's ops), a provider that uses them and falls
// back to the ops' reference evaluate(), and small graphs.
#pragma once

#include <atomic>
#include <cstring>
#include <memory>

#include "common/test_utils.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/thread_pool.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/relu.hpp"

namespace kit_test {

using devmux_test::random_f32;
namespace kit = devmux::kit;

inline std::vector<float> floats(const ov::Tensor& t) {
    const float* p = t.data<float>();
    return std::vector<float>(p, p + t.get_size());
}

// Counts bind() calls, so tests see exactly which steps were bound again.
class CountingKernel : public kit::HostKernel {
public:
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        ++binds;
        return HostKernel::bind(args);
    }
    mutable std::atomic<int> binds{0};
};

class TestRelu final : public CountingKernel {
public:
    std::string name() const override { return "test_relu"; }
    int in_place_input() const override { return 0; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*,
                 kit::ExecContext& ctx) const override {
        const float* in = inputs[0].data<float>();
        float* out = outputs[0].data<float>();
        const size_t n = inputs[0].get_size();
        auto part = [&](size_t t) {
            for (size_t i = n * t / 4; i < n * (t + 1) / 4; ++i)
                out[i] = in[i] > 0.0f ? in[i] : 0.0f;
        };
        if (ctx.pool)
            ctx.pool->parallel_for(4, part);
        else
            for (size_t t = 0; t < 4; ++t)
                part(t);
    }
};

class TestAdd final : public CountingKernel {
public:
    std::string name() const override { return "test_add"; }
    int in_place_input() const override { return 0; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, kit::ExecContext&) const override {
        const float* a = inputs[0].data<float>();
        const float* b = inputs[1].data<float>();
        float* out = outputs[0].data<float>();
        for (size_t i = 0; i < outputs[0].get_size(); ++i)
            out[i] = a[i] + b[i];
    }
};

// Relu and equal-shape Add with the kernels above; everything else on the ops' reference evaluate().
class TestKernels : public kit::KernelProvider {
public:
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        if (ov::is_type<ov::op::v0::Relu>(node)) {
            auto kernel = std::make_shared<TestRelu>();
            kernels.push_back(kernel);
            return kernel;
        }
        if (ov::is_type<ov::op::v1::Add>(node) && node->get_input_shape(0) == node->get_input_shape(1)) {
            auto kernel = std::make_shared<TestAdd>();
            kernels.push_back(kernel);
            return kernel;
        }
        return node->has_evaluate() ? kit::make_reference_kernel(node, "reference") : nullptr;
    }
    int total_binds() const {
        int n = 0;
        for (const auto& k : kernels)
            n += k->binds.load();
        return n;
    }
    mutable std::vector<std::shared_ptr<const CountingKernel>> kernels;
};

inline kit::PlanOptions options_for(const std::string& device = "TEST") {
    kit::PlanOptions options;
    options.device = device;
    return options;
}

// Runs `request` on one input and returns its single output.
inline ov::Tensor run_once(kit::PlanRequest& request, const ov::Tensor& input, const ov::Shape& out_shape,
                           kit::ThreadPool* pool = nullptr, bool profiling = false) {
    ov::Tensor out(ov::element::f32, out_shape);
    kit::ExecContext ctx;
    ctx.pool = pool;
    request.run({input}, {out}, ctx, profiling);
    return out;
}

}  // namespace kit_test
