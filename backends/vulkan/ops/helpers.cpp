// SPDX-License-Identifier: Apache-2.0
#include "ops/helpers.hpp"

#include <cstring>
#include <numeric>
#include <sstream>

#include "openvino/op/constant.hpp"
#include "ops/copy_params.h"

namespace devmux {
namespace vulkan {

VulkanKernelEntry planner_entry(std::vector<std::string> types, Planner planner) {
    VulkanKernelEntry entry;
    entry.types = std::move(types);
    entry.check = [planner](const ov::Node& node) { return planner(node, nullptr); };
    entry.make = std::move(planner);
    return entry;
}

std::vector<size_t> all_inputs(const ov::Node& node) {
    std::vector<size_t> inputs(node.get_input_size());
    std::iota(inputs.begin(), inputs.end(), size_t(0));
    return inputs;
}

uint32_t as_bits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

std::string shape_text(const ov::Shape& shape) {
    std::ostringstream text;
    text << shape;
    return text.str();
}

std::vector<size_t> strides_of(const ov::Shape& shape) {
    std::vector<size_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;)
        strides[d - 1] = strides[d] * shape[d];
    return strides;
}

bool is_value_type(const ov::element::Type& type) { return type == ov::element::f32 || type == ov::element::f16; }
const char* const value_types_text = "; VULKAN computes in f32 (f16 at the f16 inference precision)";

std::string check_values(const ov::Node& node, const std::vector<size_t>& data_inputs) {
    const ov::element::Type type = node.get_output_size() ? node.get_output_element_type(0) : ov::element::f32;
    for (size_t i : data_inputs)
        if (!is_value_type(node.get_input_element_type(i)) || node.get_input_element_type(i) != type)
            return "has input " + std::to_string(i) + " of element type " + node.get_input_element_type(i).get_type_name() +
                   value_types_text;
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (!is_value_type(node.get_output_element_type(i)) || node.get_output_element_type(i) != type)
            return "has output " + std::to_string(i) + " of element type " +
                   node.get_output_element_type(i).get_type_name() + value_types_text;
    return {};
}

std::string check_rank(const ov::Node& node, size_t rank) {
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_shape(i).size() > rank)
            return "has output rank " + std::to_string(node.get_output_shape(i).size()) + "; VULKAN handles at most " +
                   std::to_string(rank);
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_shape(i).size() > rank)
            return "has input rank " + std::to_string(node.get_input_shape(i).size()) + "; VULKAN handles at most " +
                   std::to_string(rank);
    return {};
}

bool constant_ints(const ov::Node& node, size_t input, std::vector<int64_t>& values) {
    const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(input));
    if (!constant)
        return false;
    values = constant->cast_vector<int64_t>();
    return true;
}

Dispatch make_dispatch(Shader shader, size_t items) {
    Dispatch dispatch;
    dispatch.shader = shader;
    dispatch.items = items;
    return dispatch;
}

Dispatch copy_dispatch(const std::vector<size_t>& dims, const std::vector<size_t>& source_strides,
                       const std::vector<size_t>& destination_strides) {
    const size_t items = std::accumulate(dims.begin(), dims.end(), size_t(1), std::multiplies<size_t>());
    Dispatch dispatch = make_dispatch(Shader::copy, items);
    CopyParams params{};
    params.items = static_cast<uint32_t>(items);
    const size_t pad = max_rank - dims.size();
    for (size_t d = 0; d < max_rank; ++d) {
        const bool real = d >= pad;
        params.dims[d] = real ? static_cast<uint32_t>(dims[d - pad]) : 1u;
        params.source_strides[d] = real ? static_cast<uint32_t>(source_strides[d - pad]) : 0u;
        params.destination_strides[d] = real ? static_cast<uint32_t>(destination_strides[d - pad]) : 0u;
    }
    dispatch.set_params(params);
    dispatch.inputs[0] = 0;
    return dispatch;
}

std::vector<size_t> broadcast_strides(const ov::Shape& shape, const ov::Shape& out) {
    std::vector<size_t> strides(out.size(), 0);
    const auto own = strides_of(shape);
    const size_t shift = out.size() - shape.size();
    for (size_t d = 0; d < shape.size(); ++d)
        strides[d + shift] = shape[d] == 1 ? 0 : own[d];
    return strides;
}

uint32_t operand_mode(const ov::Shape& shape, const ov::Shape& out) {
    const size_t size = ov::shape_size(shape);
    if (size == 1)
        return 1;
    if (shape == out)
        return 3;
    if (size == out[1] && shape.size() <= out.size()) {
        // The channel extent sits at the channel axis once the shape is aligned to the output's rank.
        const size_t shift = out.size() - shape.size();
        for (size_t d = 0; d < shape.size(); ++d)
            if (shape[d] != 1 && d + shift != 1)
                return 0;
        return 2;
    }
    return 0;
}

void split_around(const ov::Shape& shape, size_t first, size_t last, size_t& outer, size_t& middle, size_t& inner) {
    outer = middle = inner = 1;
    for (size_t d = 0; d < shape.size(); ++d)
        (d < first ? outer : (d <= last ? middle : inner)) *= shape[d];
}

}  // namespace vulkan
}  // namespace devmux
