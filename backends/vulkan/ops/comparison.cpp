// SPDX-License-Identifier: Apache-2.0
// The comparisons (Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual; compare.comp) and Select-1
// (select.comp), under numpy broadcasting. Their booleans are OpenVINO's, one byte each; the shaders move them
// four to a 32-bit word (Vulkan 1.1 storage buffers have no byte stores without an extension), so a boolean
// tensor of VULKAN's must hold a multiple of 4 values: its binding then ends at a whole word.
#include "ops/compare_params.h"
#include "ops/helpers.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/greater_eq.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/less_eq.hpp"
#include "openvino/op/not_equal.hpp"
#include "openvino/op/select.hpp"
#include "openvino/op/util/binary_elementwise_comparison.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string check_whole_words(const ov::Shape& shape, const std::string& what) {
    if (ov::shape_size(shape) % 4 != 0 || ov::shape_size(shape) == 0)
        return "has " + what + " of shape " + shape_text(shape) +
               "; VULKAN moves booleans four to a 32-bit word and needs a non-zero multiple of 4 of them";
    return {};
}

// The operands' shapes broadcast (numpy) to the output: the refusal, or "".
std::string check_numpy(const ov::op::AutoBroadcastSpec& spec, const std::vector<ov::Shape>& operands,
                        const ov::Shape& out) {
    if (spec.m_type == ov::op::AutoBroadcastType::PDPD)
        return "broadcasts by the pdpd rule, which VULKAN does not run";
    for (const auto& shape : operands) {
        bool fits = shape.size() <= out.size();
        for (size_t d = 0; fits && d < shape.size(); ++d)
            fits = shape[d] == 1 || shape[d] == out[d + out.size() - shape.size()];
        if (!fits)
            return "has an input " + shape_text(shape) + " that does not broadcast (numpy) to its output " +
                   shape_text(out);
    }
    return {};
}

// The output's dims and each operand's broadcast strides, padded at the front to max_rank.
void fill_dims(const ov::Shape& out, uint32_t* dims) {
    const size_t pad = max_rank - out.size();
    for (size_t d = 0; d < max_rank; ++d)
        dims[d] = d >= pad ? static_cast<uint32_t>(out[d - pad]) : 1u;
}
void fill_strides(const ov::Shape& shape, const ov::Shape& out, uint32_t* strides) {
    const auto own = broadcast_strides(shape, out);
    const size_t pad = max_rank - out.size();
    for (size_t d = 0; d < max_rank; ++d)
        strides[d] = d >= pad ? static_cast<uint32_t>(own[d - pad]) : 0u;
}

uint32_t comparison_code(const ov::Node& node) {
    using namespace ov::op;
    if (ov::is_type<v1::NotEqual>(&node))
        return DEVMUX_COMPARE_NOT_EQUAL;
    if (ov::is_type<v1::Less>(&node))
        return DEVMUX_COMPARE_LESS;
    if (ov::is_type<v1::LessEqual>(&node))
        return DEVMUX_COMPARE_LESS_EQUAL;
    if (ov::is_type<v1::Greater>(&node))
        return DEVMUX_COMPARE_GREATER;
    if (ov::is_type<v1::GreaterEqual>(&node))
        return DEVMUX_COMPARE_GREATER_EQUAL;
    return DEVMUX_COMPARE_EQUAL;
}

std::string plan_comparison(const ov::Node& node, NodePlan* plan) {
    const auto type = node.get_input_element_type(0);
    if (!is_value_type(type) || node.get_input_element_type(1) != type)
        return std::string("has inputs of element types ") + type.get_type_name() + " and " +
               node.get_input_element_type(1).get_type_name() + value_types_text;
    if (node.get_output_element_type(0) != ov::element::boolean)
        return std::string("has output of element type ") + node.get_output_element_type(0).get_type_name() +
               "; VULKAN writes booleans";
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const ov::Shape a = node.get_input_shape(0), b = node.get_input_shape(1), out = node.get_output_shape(0);
    const auto* comparison = ov::as_type<const ov::op::util::BinaryElementwiseComparison>(&node);
    if (auto reason = check_numpy(comparison->get_autob(), {a, b}, out); !reason.empty())
        return reason;
    if (auto reason = check_whole_words(out, "an output"); !reason.empty())
        return reason;
    if (plan) {
        CompareParams params{};
        params.op = comparison_code(node);
        params.items = static_cast<uint32_t>(ov::shape_size(out));
        params.words = params.items / 4;
        fill_dims(out, params.dims);
        fill_strides(a, out, params.a_strides);
        fill_strides(b, out, params.b_strides);
        Dispatch dispatch = make_dispatch(Shader::compare, params.words);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        dispatch.set_params(params);
        dispatch.constants[0] = params.op;
        // The values compared pick the shader's variant; device_plan picks it by the output, booleans here.
        dispatch.half = type == ov::element::f16;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = type == ov::element::f16 ? "compare_f16" : "compare_f32";
    }
    return {};
}

std::string plan_select(const ov::Node& node, NodePlan* plan) {
    if (node.get_input_element_type(0) != ov::element::boolean)
        return std::string("has a condition of element type ") + node.get_input_element_type(0).get_type_name() +
               "; VULKAN reads booleans";
    if (auto reason = check_values(node, {1, 2}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    if (ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(0)))
        return "has a constant condition; VULKAN uploads constants as values, not booleans";
    const ov::Shape condition = node.get_input_shape(0), out = node.get_output_shape(0);
    const auto& select = *ov::as_type<const ov::op::v1::Select>(&node);
    if (auto reason = check_numpy(select.get_auto_broadcast(), {condition, node.get_input_shape(1),
                                                                node.get_input_shape(2)},
                                  out);
        !reason.empty())
        return reason;
    if (auto reason = check_whole_words(condition, "a condition"); !reason.empty())
        return reason;
    if (plan) {
        SelectParams params{};
        params.items = static_cast<uint32_t>(ov::shape_size(out));
        fill_dims(out, params.dims);
        fill_strides(condition, out, params.condition_strides);
        fill_strides(node.get_input_shape(1), out, params.then_strides);
        fill_strides(node.get_input_shape(2), out, params.else_strides);
        Dispatch dispatch = make_dispatch(Shader::select, params.items);
        dispatch.inputs = {0, 1, 2, -1, -1};
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "select_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry comparison_entry() {
    return planner_entry({"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}, plan_comparison);
}

VulkanKernelEntry select_entry() { return planner_entry({"Select"}, plan_select); }

}  // namespace vulkan
}  // namespace devmux
