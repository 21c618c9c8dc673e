// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <string>

namespace ov {

/// @brief Per-node performance counters of one inference.
struct ProfilingInfo {
    enum class Status {
        NOT_RUN,        ///< The node was not run.
        OPTIMIZED_OUT,  ///< The node was fused or removed by the plugin.
        EXECUTED        ///< The node ran.
    };
    Status status = Status::NOT_RUN;
    std::chrono::microseconds real_time{0};
    std::chrono::microseconds cpu_time{0};
    std::string node_name;
    /// @brief The kernel that ran it (e.g. "ref_f32", "jit_gemm").
    std::string exec_type;
    std::string node_type;
};

}  // namespace ov
