// SPDX-License-Identifier: Apache-2.0
// The element-wise family: activations (unary.comp) and broadcasting binary ops (binary.comp).
#include "ops/binary_params.h"
#include "ops/helpers.hpp"
#include "ops/unary_params.h"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

// The activation code and its parameters for `node`, or the refusal.
std::string unary_op(const ov::Node& node, UnaryParams& params) {
    using namespace ov::op;
    params.op = DEVMUX_UNARY_COPY;
    if (ov::is_type<v0::Relu>(&node)) {
        params.op = DEVMUX_UNARY_RELU;
    } else if (ov::is_type<v0::Sigmoid>(&node)) {
        params.op = DEVMUX_UNARY_SIGMOID;
    } else if (ov::is_type<v0::Tanh>(&node)) {
        params.op = DEVMUX_UNARY_TANH;
    } else if (ov::is_type<v0::Exp>(&node)) {
        params.op = DEVMUX_UNARY_EXP;
    } else if (ov::is_type<v0::Abs>(&node)) {
        params.op = DEVMUX_UNARY_ABS;
    } else if (ov::is_type<v0::Sqrt>(&node)) {
        params.op = DEVMUX_UNARY_SQRT;
    } else if (const auto* clamp = ov::as_type<const v0::Clamp>(&node)) {
        params.op = DEVMUX_UNARY_CLAMP;
        params.alpha = static_cast<float>(clamp->get_min());
        params.beta = static_cast<float>(clamp->get_max());
    } else if (const auto* elu = ov::as_type<const v0::Elu>(&node)) {
        params.op = DEVMUX_UNARY_ELU;
        params.alpha = static_cast<float>(elu->get_alpha());
    } else if (const auto* gelu = ov::as_type<const v7::Gelu>(&node)) {
        params.op = gelu->get_approximation_mode() == GeluApproximationMode::TANH ? DEVMUX_UNARY_GELU_TANH
                                                                                 : DEVMUX_UNARY_GELU_ERF;
    } else if (ov::is_type<v0::Gelu>(&node)) {  // Gelu-2: erf
        params.op = DEVMUX_UNARY_GELU_ERF;
    } else if (ov::is_type<v4::Swish>(&node)) {
        params.op = DEVMUX_UNARY_SWISH;
        params.alpha = 1.0f;  // beta, when the input is absent
        if (node.get_input_size() > 1) {
            const auto beta = ov::as_type_ptr<v0::Constant>(node.get_input_node_shared_ptr(1));
            if (!beta)
                return "has a beta (input 1) that is not a Constant; VULKAN takes it as a parameter";
            const auto values = beta->cast_vector<float>();
            if (values.size() != 1)
                return "has a beta (input 1) of " + std::to_string(values.size()) + " values; Swish takes one";
            params.alpha = values[0];
        }
    } else if (ov::is_type<v4::HSwish>(&node)) {
        params.op = DEVMUX_UNARY_HSWISH;
    } else if (ov::is_type<v5::HSigmoid>(&node)) {
        params.op = DEVMUX_UNARY_HSIGMOID;
    } else if (ov::is_type<v4::Mish>(&node)) {
        params.op = DEVMUX_UNARY_MISH;
    } else if (ov::is_type<v4::SoftPlus>(&node)) {
        params.op = DEVMUX_UNARY_SOFTPLUS;
    } else if (ov::is_type<v0::Negative>(&node)) {
        params.op = DEVMUX_UNARY_NEGATIVE;
    } else if (ov::is_type<v0::Log>(&node)) {
        params.op = DEVMUX_UNARY_LOG;
    } else if (ov::is_type<v0::Floor>(&node)) {
        params.op = DEVMUX_UNARY_FLOOR;
    } else if (ov::is_type<v0::Ceiling>(&node)) {
        params.op = DEVMUX_UNARY_CEILING;
    } else if (ov::is_type<v0::Sign>(&node)) {
        params.op = DEVMUX_UNARY_SIGN;
    }
    return {};
}

std::string plan_unary(const ov::Node& node, NodePlan* plan) {
    UnaryParams params{};
    if (auto reason = unary_op(node, params); !reason.empty())
        return reason;
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (plan) {
        const size_t items = ov::shape_size(node.get_output_shape(0));
        Dispatch dispatch = make_dispatch(Shader::unary, items);
        dispatch.inputs[0] = 0;
        params.items = static_cast<uint32_t>(items);
        dispatch.set_params(params);
        dispatch.constants[0] = params.op;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "unary_f32";
    }
    return {};
}

std::string plan_binary(const ov::Node& node, NodePlan* plan) {
    // The shader broadcasts by numpy's rule (which also runs "none": equal shapes); PDPD aligns the second input
    // at an axis instead.
    const auto* arithmetic = dynamic_cast<const ov::op::util::BinaryElementwiseArithmetic*>(&node);
    if (arithmetic && arithmetic->get_autob().m_type == ov::op::AutoBroadcastType::PDPD)
        return "broadcasts by the pdpd rule, which VULKAN does not run";
    uint32_t op = DEVMUX_BINARY_ADD;
    if (ov::is_type<ov::op::v1::Subtract>(&node))
        op = DEVMUX_BINARY_SUBTRACT;
    else if (ov::is_type<ov::op::v1::Multiply>(&node))
        op = DEVMUX_BINARY_MULTIPLY;
    else if (ov::is_type<ov::op::v1::Divide>(&node))
        op = DEVMUX_BINARY_DIVIDE;
    else if (ov::is_type<ov::op::v1::Maximum>(&node))
        op = DEVMUX_BINARY_MAXIMUM;
    else if (ov::is_type<ov::op::v1::Minimum>(&node))
        op = DEVMUX_BINARY_MINIMUM;
    else if (ov::is_type<ov::op::v0::PRelu>(&node))
        op = DEVMUX_BINARY_PRELU;
    else if (ov::is_type<ov::op::v1::Power>(&node))
        op = DEVMUX_BINARY_POWER;
    else if (ov::is_type<ov::op::v0::SquaredDifference>(&node))
        op = DEVMUX_BINARY_SQUARED_DIFFERENCE;
    if (auto reason = check_values(node, {0, 1}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const ov::Shape out = node.get_output_shape(0);
    ov::Shape a = node.get_input_shape(0), b = node.get_input_shape(1);
    if (op == DEVMUX_BINARY_PRELU && b.size() == 1 && a.size() >= 2 && b[0] == a[1] && b[0] != 1) {
        // A 1-D slope runs along the channel axis.
        ov::Shape slope(a.size() - 1, 1);
        slope[0] = b[0];
        b = slope;
    }
    if (a.size() > out.size() || b.size() > out.size())
        return "has inputs " + shape_text(a) + " and " + shape_text(b) + " that VULKAN cannot broadcast to " +
               shape_text(out);
    for (const auto* shape : {&a, &b})
        for (size_t d = 0; d < shape->size(); ++d) {
            const size_t extent = (*shape)[d], target = out[d + out.size() - shape->size()];
            if (extent != 1 && extent != target)
                return "has inputs " + shape_text(a) + " and " + shape_text(b) +
                       " that do not broadcast (numpy) to its output " + shape_text(out);
        }
    if (plan) {
        const size_t items = ov::shape_size(out);
        Dispatch dispatch = make_dispatch(Shader::binary, items);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        BinaryParams params{};
        params.op = op;
        params.items = static_cast<uint32_t>(items);
        const auto sa = broadcast_strides(a, out), sb = broadcast_strides(b, out);
        // The layouts the shader indexes without divisions: a dense, b dense, one value or one per channel.
        const bool a_dense = ov::shape_size(a) == items, b_dense = ov::shape_size(b) == items;
        params.layout_kind = DEVMUX_BINARY_GENERAL;
        if (a_dense && b_dense) {
            params.layout_kind = DEVMUX_BINARY_BOTH_DENSE;
        } else if (a_dense && ov::shape_size(b) == 1) {
            params.layout_kind = DEVMUX_BINARY_B_SCALAR;
        } else if (a_dense && out.size() >= 2 && operand_mode(b, out) == 2) {
            const size_t rows = out[0] * out[1], inner = items / rows;
            params.layout_kind = DEVMUX_BINARY_B_PER_CHANNEL;
            params.channels = static_cast<uint32_t>(out[1]);
            params.per_channel = static_cast<uint32_t>(inner);
            // Rows of a work group's width or more: one row per work group along y.
            if (inner >= group_size && rows <= max_groups) {
                params.layout_kind = DEVMUX_BINARY_B_PER_CHANNEL_ROWS;
                dispatch.items = inner;
                dispatch.groups_y = static_cast<uint32_t>(rows);
            }
        }
        const size_t pad = max_rank - out.size();
        for (size_t d = 0; d < max_rank; ++d) {
            const bool real = d >= pad;
            params.dims[d] = real ? static_cast<uint32_t>(out[d - pad]) : 1u;
            params.a_strides[d] = real ? static_cast<uint32_t>(sa[d - pad]) : 0u;
            params.b_strides[d] = real ? static_cast<uint32_t>(sb[d - pad]) : 0u;
        }
        dispatch.set_params(params);
        dispatch.constants[0] = params.op;
        dispatch.constants[1] = params.layout_kind;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "eltwise_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry unary_entry() {
    return planner_entry({"Relu", "Sigmoid", "Tanh", "Exp", "Abs", "Sqrt", "Clamp", "Elu", "Gelu", "Swish", "HSwish",
                          "HSigmoid", "Mish", "SoftPlus", "Negative", "Log", "Floor", "Ceiling", "Sign"},
                         plan_unary);
}

VulkanKernelEntry binary_entry() {
    return planner_entry({"Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "PRelu", "Power",
                          "SquaredDifference"},
                         plan_binary);
}

}  // namespace vulkan
}  // namespace devmux
