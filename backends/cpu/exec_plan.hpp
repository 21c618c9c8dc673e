// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace cpu {

/// Where the bytes of one value of the plan live during an inference.
enum class BufferKind {
    Arena,     ///< an intermediate: [offset, offset + bytes) of the request's arena, shared over time
    Constant,  ///< a Constant's data, read in place
    Input,     ///< the user's tensor of compiled-model input `port`
    Output,    ///< the user's tensor of compiled-model output `port`, written directly by its producer
    View,      ///< the same bytes as buffer `root` under another shape (Reshape, Squeeze, Unsqueeze, Assign)
};

struct BufferDesc {
    BufferKind kind = BufferKind::Arena;
    ov::element::Type type;
    ov::Shape shape;
    size_t bytes = 0;
    size_t offset = 0;                // Arena
    const void* constant = nullptr;   // Constant
    size_t port = 0;                  // Input, Output
    size_t root = 0;                  // View: never itself a View
};

struct Step {
    std::string node_name;  // friendly name, for profiling and errors
    std::string node_type;  // op type name
    std::shared_ptr<const Kernel> kernel;
    std::vector<size_t> inputs;   // buffer indices
    std::vector<size_t> outputs;  // buffer indices
    size_t scratch_offset = 0;    // in the arena
    size_t scratch_bytes = 0;
};

struct VariableDesc {
    std::string id;
    ov::element::Type type;
    ov::Shape shape;
};

/// An ops list ready to run: kernels chosen, every value given a place, intermediates packed into one
/// arena per request by liveness. Built once per compiled model, shared read-only by its requests.
struct ExecutionPlan {
    std::shared_ptr<ov::Model> model;  // the prepared graph; keeps the nodes and Constants the plan uses alive
    std::vector<BufferDesc> buffers;
    std::vector<Step> steps;
    std::vector<VariableDesc> variables;
    /// Ops that cost nothing at run time (in-place views), as (friendly name, type), for profiling.
    std::vector<std::pair<std::string, std::string>> in_place_ops;
    size_t arena_bytes = 0;
    /// What the arena's values (intermediates and scratch) would take if none shared memory.
    size_t unshared_bytes = 0;
};

/// Builds the plan of a prepared model (see prepare_model). The user-facing element types of the inputs
/// and outputs may differ from the prepared model's (f16 ports of an f32 plan); the plan then converts.
ExecutionPlan build_plan(const std::shared_ptr<ov::Model>& model, const std::vector<ov::element::Type>& input_types,
                         const std::vector<ov::element::Type>& output_types);

/// Offsets for blocks of the given sizes, each live over steps [first[i], last[i]], so that blocks whose
/// lives overlap never overlap in memory. Returns the arena size. Offsets are multiples of `alignment`.
size_t plan_offsets(const std::vector<size_t>& sizes, const std::vector<size_t>& first, const std::vector<size_t>& last,
                    size_t alignment, std::vector<size_t>& offsets);

}  // namespace cpu
}  // namespace devmux
