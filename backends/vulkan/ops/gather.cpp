// SPDX-License-Identifier: Apache-2.0
// Gather-1, Gather-7 and Gather-8 with a constant axis and batch_dims. Indices that are a runtime tensor (i32
// or i64) are read by gather.comp. Constant indices become box copies (copy.comp), one per run of indices that
// step evenly (3, 4, 5 or 2, 2 or 7, 5, 3) within a batch: a scalar index or a range is one copy, and no
// integer buffer needs uploading.
#include "ops/gather_params.h"
#include "ops/helpers.hpp"
#include "openvino/op/gather.hpp"

namespace devmux {
namespace vulkan {
namespace {

// Constant indices become at most this many copies; more (scattered indices) are refused.
constexpr size_t max_index_runs = 16;

// The data viewed as [batches][outer][extent][inner] and the indices as [batches][per_batch].
struct GatherView {
    size_t batches = 1, outer = 1, extent = 1, inner = 1, per_batch = 1;
};

struct IndexRun {
    size_t batch, first_index_place, length;
    int64_t first, step;
};

std::string plan_gather(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const auto index_type = node.get_input_element_type(1);
    if (index_type != ov::element::i32 && index_type != ov::element::i64)
        return std::string("has indices of element type ") + index_type.get_type_name() +
               "; VULKAN reads i32 and i64 indices";
    std::vector<int64_t> axis_value;
    if (!constant_ints(node, 2, axis_value) || axis_value.size() != 1)
        return "has an axis that is not a scalar Constant";
    const ov::Shape data = node.get_input_shape(0), indices = node.get_input_shape(1), out = node.get_output_shape(0);
    const auto rank = static_cast<int64_t>(data.size());
    const int64_t axis = axis_value[0] < 0 ? axis_value[0] + rank : axis_value[0];
    int64_t batch_dims = 0;
    if (const auto* v7 = ov::as_type<const ov::op::v7::Gather>(&node))
        batch_dims = v7->get_batch_dims();
    else if (const auto* v8 = ov::as_type<const ov::op::v8::Gather>(&node))
        batch_dims = v8->get_batch_dims();
    if (axis < 0 || axis >= rank || batch_dims < 0 || batch_dims > axis ||
        batch_dims > static_cast<int64_t>(indices.size()))
        return "has axis " + std::to_string(axis_value[0]) + " and batch_dims " + std::to_string(batch_dims) +
               " that do not fit data " + shape_text(data) + " and indices " + shape_text(indices);
    if (ov::shape_size(out) == 0)
        return "has an empty output " + shape_text(out);
    const auto a = static_cast<size_t>(axis), b = static_cast<size_t>(batch_dims);
    GatherView view;
    for (size_t d = 0; d < data.size(); ++d)
        (d < b ? view.batches : d < a ? view.outer : d == a ? view.extent : view.inner) *= data[d];
    for (size_t d = b; d < indices.size(); ++d)
        view.per_batch *= indices[d];
    // Gather-8 counts negative indices from the end; an index outside the axis gives zeros there.
    const bool negative_from_end = ov::is_type<ov::op::v8::Gather>(&node);

    std::vector<int64_t> values;
    if (constant_ints(node, 1, values)) {
        std::vector<IndexRun> runs;
        for (size_t batch = 0; batch < view.batches; ++batch)
            for (size_t j = 0; j < view.per_batch; ++j) {
                int64_t index = values[batch * view.per_batch + j];
                if (negative_from_end && index < 0)
                    index += static_cast<int64_t>(view.extent);
                if (index < 0 || index >= static_cast<int64_t>(view.extent))
                    return "has constant index " + std::to_string(values[batch * view.per_batch + j]) +
                           " outside its axis of extent " + std::to_string(view.extent);
                IndexRun* last = runs.empty() || runs.back().batch != batch ? nullptr : &runs.back();
                if (last && last->length == 1) {
                    last->step = index - last->first;
                    last->length = 2;
                } else if (last && index == last->first + static_cast<int64_t>(last->length) * last->step) {
                    ++last->length;
                } else {
                    runs.push_back({batch, j, 1, index, 0});
                }
            }
        if (runs.size() > max_index_runs)
            return "has constant indices that make " + std::to_string(runs.size()) +
                   " runs of evenly stepping indices; VULKAN copies at most " + std::to_string(max_index_runs);
        if (plan) {
            for (const auto& run : runs) {
                // [outer][length][inner] of the run, read along the axis `step` values at a time.
                const auto step = static_cast<size_t>(run.step * static_cast<int64_t>(view.inner));
                Dispatch dispatch = copy_dispatch({view.outer, run.length, view.inner},
                                                  {view.extent * view.inner, step, 1},
                                                  {view.per_batch * view.inner, view.inner, 1});
                dispatch.input_offset =
                    (run.batch * view.outer * view.extent + static_cast<size_t>(run.first)) * view.inner;
                dispatch.output_offset = (run.batch * view.outer * view.per_batch + run.first_index_place) * view.inner;
                plan->dispatches.push_back(dispatch);
            }
            plan->exec_type = "gather_copies_f32";
        }
        return {};
    }
    if (plan) {
        GatherParams params{};
        params.items = static_cast<uint32_t>(ov::shape_size(out));
        params.inner = static_cast<uint32_t>(view.inner);
        params.per_batch = static_cast<uint32_t>(view.per_batch);
        params.outer = static_cast<uint32_t>(view.outer);
        params.extent = static_cast<uint32_t>(view.extent);
        params.index_words = index_type == ov::element::i64 ? 2u : 1u;
        params.negative_from_end = negative_from_end ? 1u : 0u;
        Dispatch dispatch = make_dispatch(Shader::gather, params.items);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "gather_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry gather_entry() { return planner_entry({"Gather"}, plan_gather); }

}  // namespace vulkan
}  // namespace devmux
