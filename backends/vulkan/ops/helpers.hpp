// SPDX-License-Identifier: Apache-2.0
// What the op files of ops/ share: the entry helper, the checks every planner makes, and the dispatch shapes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels.hpp"
#include "openvino/core/node.hpp"

namespace devmux {
namespace vulkan {

/// The highest rank the index-walking shaders (binary, copy) handle.
constexpr size_t max_rank = 6;
/// Invocations the grid is sized for per work group: local_size_x of most shaders; the blocked convolutions
/// run groups of 8 whose invocations each loop over 8 of these items (grid-stride loops).
constexpr size_t group_size = 64;
constexpr uint32_t max_groups = 65535;

/// An entry of the types `types` whose check is `planner` without a plan and whose factory is `planner`.
VulkanKernelEntry planner_entry(std::vector<std::string> types, Planner planner);

uint32_t as_bits(float value);
std::string shape_text(const ov::Shape& shape);
/// Row-major strides of `shape`, in elements.
std::vector<size_t> strides_of(const ov::Shape& shape);

/// The types VULKAN stores values in: f32, and f16 at the f16 inference precision (prepare_model converts every
/// floating value to one of them).
bool is_value_type(const ov::element::Type& type);
extern const char* const value_types_text;
/// Every data input (the indices given) and every output must be of one value type: the refusal, or "".
std::string check_values(const ov::Node& node, const std::vector<size_t>& data_inputs);
/// Every data input of `node` (0 .. inputs - 1), for check_values.
std::vector<size_t> all_inputs(const ov::Node& node);
/// Inputs and outputs of at most `rank` dimensions: the refusal, or "".
std::string check_rank(const ov::Node& node, size_t rank);
/// Integer values of a Constant input (axes, permutations, split lengths); false when it is not constant.
bool constant_ints(const ov::Node& node, size_t input, std::vector<int64_t>& values);

Dispatch make_dispatch(Shader shader, size_t items);
/// A copy (copy.comp) of `dims` (padded to max_rank at the front) with per-dimension source and destination
/// strides, reading step input 0.
Dispatch copy_dispatch(const std::vector<size_t>& dims, const std::vector<size_t>& source_strides,
                       const std::vector<size_t>& destination_strides);
/// The strides with which an input of `shape` is read at every index of `out` (numpy broadcasting).
std::vector<size_t> broadcast_strides(const ov::Shape& shape, const ov::Shape& out);
/// How a per-output operand of `shape` broadcasts over an NCHW output: 1 one value, 2 per channel, 3 full;
/// 0 when the shader cannot read it that way.
uint32_t operand_mode(const ov::Shape& shape, const ov::Shape& out);
/// [outer, middle, inner] of `shape` around the axes [first, last].
void split_around(const ov::Shape& shape, size_t first, size_t last, size_t& outer, size_t& middle, size_t& inner);

}  // namespace vulkan
}  // namespace devmux
