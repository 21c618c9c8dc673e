// SPDX-License-Identifier: Apache-2.0
// Pad-1 and Pad-12 (constant, edge, reflect and symmetric; Pad-12's negative pads crop) with constant pads
// and pad value, and Tile-0 with constant repeats: each output value reads the input value its coordinates map
// to (pad.comp). A Tile whose axes fit a box copy runs copy.comp instead: each tiled axis becomes two axes of
// the box, the repeat (read with source stride 0) and the input's extent.
#include "ops/helpers.hpp"
#include "ops/pad_params.h"
#include "openvino/op/constant.hpp"
#include "openvino/op/pad.hpp"
#include "openvino/op/tile.hpp"

namespace devmux {
namespace vulkan {
namespace {

// pad.comp over `out`, reading `in` (of the same rank) with its coordinates shifted by `pads_begin`; `mode`:
// DEVMUX_PAD_*.
Dispatch pad_dispatch(const ov::Shape& out, const ov::Shape& in, const std::vector<int64_t>& pads_begin,
                      float pad_value, uint32_t mode) {
    PadParams params{};
    params.items = static_cast<uint32_t>(ov::shape_size(out));
    params.pad_value = pad_value;
    const auto in_strides = strides_of(in);
    const size_t shift = max_rank - in.size();
    for (size_t d = 0; d < max_rank; ++d) {
        const bool real = d >= shift;
        params.out_dims[d] = real ? static_cast<uint32_t>(out[d - shift]) : 1u;
        params.in_dims[d] = real ? static_cast<uint32_t>(in[d - shift]) : 1u;
        params.pads_begin[d] = real ? static_cast<int32_t>(pads_begin[d - shift]) : 0;
        params.in_strides[d] = real ? static_cast<uint32_t>(in_strides[d - shift]) : 0u;
    }
    Dispatch dispatch = make_dispatch(Shader::pad, params.items);
    dispatch.inputs[0] = 0;
    dispatch.set_params(params);
    dispatch.constants[0] = mode;
    return dispatch;
}

std::string plan_pad(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const auto* pad = ov::as_type<const ov::op::util::PadBase>(&node);
    std::vector<int64_t> begin, end;
    if (!constant_ints(node, 1, begin) || !constant_ints(node, 2, end))
        return "has pads_begin or pads_end that are not Constants";
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    if (begin.size() != in.size() || end.size() != in.size())
        return "has pads of " + std::to_string(begin.size()) + " and " + std::to_string(end.size()) +
               " axes for an input of rank " + std::to_string(in.size());
    uint32_t mode = DEVMUX_PAD_CONSTANT;
    float pad_value = 0.0f;
    switch (pad->get_pad_mode()) {
    case ov::op::PadMode::CONSTANT:
        mode = DEVMUX_PAD_CONSTANT;
        break;
    case ov::op::PadMode::EDGE:
        mode = DEVMUX_PAD_EDGE;
        break;
    case ov::op::PadMode::REFLECT:
        mode = DEVMUX_PAD_REFLECT;
        break;
    case ov::op::PadMode::SYMMETRIC:
        mode = DEVMUX_PAD_SYMMETRIC;
        break;
    }
    if (mode == DEVMUX_PAD_CONSTANT && node.get_input_size() > 3) {
        const auto value = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(3));
        if (!value)
            return "has a pad value that is not a Constant; VULKAN takes it as a parameter";
        pad_value = value->cast_vector<float>().at(0);
    }
    if (ov::shape_size(out) == 0)
        return "has an empty output " + shape_text(out);
    // Every mode but constant reads the input at the border: an axis cropped to nothing has none.
    for (size_t d = 0; d < in.size(); ++d)
        if (mode != DEVMUX_PAD_CONSTANT && in[d] == 0)
            return "pads an empty axis " + std::to_string(d) + " in a mode that reads the input's border";
    if (plan) {
        plan->dispatches.push_back(pad_dispatch(out, in, begin, pad_value, mode));
        plan->exec_type = "pad_f32";
    }
    return {};
}

// One axis of a box copy (copy.comp).
struct BoxAxis {
    size_t extent, source_stride, destination_stride;
};

std::string plan_tile(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    std::vector<int64_t> repeats;
    if (!constant_ints(node, 1, repeats))
        return "has repeats that are not a Constant";
    const ov::Shape out = node.get_output_shape(0);
    if (ov::shape_size(out) == 0)
        return "has an empty output " + shape_text(out);
    // The input aligned to the output's rank (repeats longer than the input's rank add leading axes).
    ov::Shape in = node.get_input_shape(0);
    in.insert(in.begin(), out.size() - in.size(), 1);
    const auto in_strides = strides_of(in), out_strides = strides_of(out);
    std::vector<BoxAxis> box;
    for (size_t d = 0; d < out.size(); ++d) {
        const size_t repeat = out[d] / in[d];
        if (repeat > 1)
            box.push_back({repeat, 0, in[d] * out_strides[d]});
        if (in[d] > 1)
            box.push_back({in[d], in_strides[d], out_strides[d]});
    }
    // Adjacent axes that both walk their memory contiguously make one axis.
    std::vector<BoxAxis> merged;
    for (const auto& axis : box) {
        if (!merged.empty() && merged.back().source_stride == axis.source_stride * axis.extent &&
            merged.back().destination_stride == axis.destination_stride * axis.extent) {
            merged.back() = {merged.back().extent * axis.extent, axis.source_stride, axis.destination_stride};
            continue;
        }
        merged.push_back(axis);
    }
    if (merged.empty())
        merged.push_back({1, 1, 1});
    if (!plan)
        return {};
    if (merged.size() <= max_rank) {
        std::vector<size_t> dims, source, destination;
        for (const auto& axis : merged) {
            dims.push_back(axis.extent);
            source.push_back(axis.source_stride);
            destination.push_back(axis.destination_stride);
        }
        plan->dispatches.push_back(copy_dispatch(dims, source, destination));
        plan->exec_type = "tile_f32";
        return {};
    }
    plan->dispatches.push_back(pad_dispatch(out, in, std::vector<int64_t>(out.size(), 0), 0.0f, DEVMUX_PAD_TILE));
    plan->exec_type = "tile_modulo_f32";
    return {};
}

}  // namespace

VulkanKernelEntry pad_entry() { return planner_entry({"Pad"}, plan_pad); }

VulkanKernelEntry tile_entry() { return planner_entry({"Tile"}, plan_tile); }

}  // namespace vulkan
}  // namespace devmux
