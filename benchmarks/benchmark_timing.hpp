// SPDX-License-Identifier: Apache-2.0
#pragma once

// Timing helpers shared by the benchmarks that interleave several compiled models in one run.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

#include "openvino/runtime/infer_request.hpp"

namespace devmux_bench {

/// Milliseconds one synchronous inference of @p request takes.
inline double ms_to_run(ov::InferRequest& request) {
    const auto start = std::chrono::steady_clock::now();
    request.infer();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// The median of @p values (0 when empty), less sensitive than a mean to other processes on the machine.
inline double median(std::vector<double> values) {
    if (values.empty())
        return 0.0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

}  // namespace devmux_bench
