// SPDX-License-Identifier: Apache-2.0
// Shared by the fault and soak tests (issue 27 §3 and §4): the process's resources as Linux reports them,
// whether a library is mapped, a small model with weights and its independent reference, and async
// requests waited for with a bound, so that a hang fails the test instead of stopping the suite.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/infer_request.hpp"

namespace reliability {

/// How long a test waits for one asynchronous inference before calling it hung: far beyond any inference
/// here (milliseconds), so it only ever fires on a real hang.
constexpr std::chrono::milliseconds hang_limit{30000};

// ---- the process's resources ----

/// Resident memory in bytes (/proc/self/statm, second field, in pages).
inline long long resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    long long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

inline int entries_in(const char* folder) {
    int count = 0;
    if (DIR* dir = opendir(folder)) {
        while (const dirent* entry = readdir(dir))
            if (entry->d_name[0] != '.')
                ++count;
        closedir(dir);
    }
    return count;
}

/// Open file descriptors (/proc/self/fd; the one opendir holds while counting is included every time).
inline int open_fds() {
    return entries_in("/proc/self/fd");
}

/// Threads of this process (/proc/self/task).
inline int thread_count() {
    return entries_in("/proc/self/task");
}

/// True when a file whose path contains @p path is mapped into this process (/proc/self/maps), which is
/// what "the library is still there" means to the code running from it.
inline bool is_mapped(const std::string& path) {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
        if (line.find(path) != std::string::npos)
            return true;
    return false;
}

// ---- a small model with weights ----

constexpr size_t width = 16;

/// The weights of weighted_model: seeded, never all zero.
inline std::vector<float> weights_of(uint32_t seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-0.5f, 0.5f);
    std::vector<float> w(width * width + width);
    for (auto& v : w)
        v = dist(gen);
    return w;
}

/// y = relu(x . W + b), x and y f32 [1, 16], W [16, 16] and b [16] from weights_of(seed): a MatMul, an Add
/// and a Relu that every backend runs, with Constants to load onto the device.
inline std::shared_ptr<ov::Model> weighted_model(uint32_t seed = 7) {
    const auto w = weights_of(seed);
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, width});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{width, width},
                                                std::vector<float>(w.begin(), w.begin() + width * width));
    auto bias = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, width},
                                             std::vector<float>(w.begin() + width * width, w.end()));
    auto product = std::make_shared<ov::op::v0::MatMul>(x, weights);
    product->set_friendly_name("product");
    auto sum = std::make_shared<ov::op::v1::Add>(product, bias);
    sum->set_friendly_name("sum");
    auto relu = std::make_shared<ov::op::v0::Relu>(sum);
    relu->set_friendly_name("relu");
    relu->output(0).set_names({"y"});
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                       ov::ParameterVector{x}, "weighted");
}

/// weighted_model(seed)'s output for @p x, computed here in double.
inline std::vector<float> weighted_reference(const ov::Tensor& x, uint32_t seed = 7) {
    const auto w = weights_of(seed);
    const float* in = x.data<const float>();
    std::vector<float> y(width);
    for (size_t j = 0; j < width; ++j) {
        double sum = w[width * width + j];
        for (size_t i = 0; i < width; ++i)
            sum += static_cast<double>(in[i]) * w[i * width + j];
        y[j] = static_cast<float>(std::max(0.0, sum));
    }
    return y;
}

/// A fresh seeded input for weighted_model.
inline ov::Tensor weighted_input(uint32_t seed) {
    return devmux_test::random_f32({1, width}, seed, -1.0f, 1.0f);
}

/// True when @p request's output is weighted_reference(@p x) within @p tolerance (OPENCL and VULKAN may
/// fuse or reorder the sums: 1e-3 absolute on values of order 1).
inline ::testing::AssertionResult output_matches(ov::InferRequest& request, const ov::Tensor& x,
                                                 float tolerance = 1e-3f) {
    const auto expected = weighted_reference(x);
    const ov::Tensor y = request.get_output_tensor();
    if (y.get_size() != width)
        return ::testing::AssertionFailure() << "output has " << y.get_size() << " elements";
    for (size_t i = 0; i < width; ++i)
        if (!(std::fabs(y.data<const float>()[i] - expected[i]) <= tolerance))
            return ::testing::AssertionFailure()
                   << "element " << i << ": " << y.data<const float>()[i] << ", expected " << expected[i];
    return ::testing::AssertionSuccess();
}

/// One asynchronous inference's outcome: how often its callback ran, and the error it got ("" for none).
struct AsyncOutcome {
    std::atomic<int> callbacks{0};
    std::string callback_error;  // written by the callback before it counts itself
    std::string wait_error;      // what wait_for threw; "" when it did not
    bool finished = false;       // wait_for returned within hang_limit
};

inline std::string message_of(const std::exception_ptr& error) {
    if (!error)
        return "";
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "<not a std::exception>";
    }
}

/// Sets a counting callback on @p request that records into @p outcome.
inline void count_callbacks(ov::InferRequest& request, AsyncOutcome& outcome) {
    request.set_callback([&outcome](std::exception_ptr error) {
        outcome.callback_error = message_of(error);
        ++outcome.callbacks;
    });
}

/// Waits for @p request with the hang limit and records the result into @p outcome.
inline void wait_bounded(ov::InferRequest& request, AsyncOutcome& outcome) {
    try {
        outcome.finished = request.wait_for(hang_limit);
    } catch (const std::exception& e) {
        outcome.finished = true;
        outcome.wait_error = e.what();
        if (outcome.wait_error.empty())
            outcome.wait_error = "<an exception without a message>";
    }
}

}  // namespace reliability
