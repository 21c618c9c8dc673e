// SPDX-License-Identifier: Apache-2.0
// StridedSlice-1 and Slice-8 with constant begin, end, strides (steps) and axes: one strided box copy
// (copy.comp). A negative step is a negative source stride: the copy adds strides modulo 2^32, so a stride
// of -s walks backwards from the first value taken, whose place is the dispatch's input offset.
#include <algorithm>

#include "ops/helpers.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/strided_slice.hpp"

namespace devmux {
namespace vulkan {
namespace {

// The copy a slice amounts to: per output dim its extent and source stride (in elements, possibly
// negative), and the element of the input where the walk starts.
struct SliceWalk {
    std::vector<size_t> dims;
    std::vector<int64_t> source_strides;
    int64_t first = 0;
};

// The first index and the length of a walk of `step` from `begin` towards `end` over an axis of `extent`,
// by Python's slice rules: negative indices count from the end, then both are clamped to the walk's range
// ([0, extent] forwards, [-1, extent - 1] backwards, -1 meaning before index 0).
std::pair<int64_t, int64_t> walk_axis(int64_t begin, int64_t end, int64_t step, int64_t extent) {
    if (begin < 0)
        begin += extent;
    if (end < 0)
        end += extent;
    if (step > 0) {
        begin = std::clamp<int64_t>(begin, 0, extent);
        end = std::clamp<int64_t>(end, 0, extent);
        return {begin, end > begin ? (end - begin + step - 1) / step : 0};
    }
    begin = std::clamp<int64_t>(begin, -1, extent - 1);
    end = std::clamp<int64_t>(end, -1, extent - 1);
    return {begin, begin > end ? (begin - end - step - 1) / -step : 0};
}

bool is_set(const std::vector<int64_t>& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

// The walk of a StridedSlice: its masks expanded into one entry per output dim (new axes: extent 1) plus the
// shrunk axes, which only move the start.
std::string strided_slice_walk(const ov::op::v1::StridedSlice& slice, SliceWalk& walk) {
    std::vector<int64_t> begin, end, strides;
    if (!constant_ints(slice, 1, begin) || !constant_ints(slice, 2, end) ||
        (slice.get_input_size() > 3 && !constant_ints(slice, 3, strides)))
        return "has begin, end or strides that are not Constants";
    if (strides.empty())
        strides.assign(begin.size(), 1);
    if (end.size() != begin.size() || strides.size() != begin.size())
        return "has begin, end and strides of different lengths";
    const ov::Shape in = slice.get_input_shape(0);
    const auto in_strides = strides_of(in);
    const auto& ellipsis = slice.get_ellipsis_mask();
    const auto& new_axis = slice.get_new_axis_mask();
    // Entries that name an input axis; an ellipsis stands for the axes no entry names.
    size_t named = 0;
    for (size_t i = 0; i < begin.size(); ++i)
        named += !is_set(ellipsis, i) && !is_set(new_axis, i);
    if (named > in.size())
        return "names " + std::to_string(named) + " axes of an input of rank " + std::to_string(in.size());
    size_t axis = 0;
    const auto whole_axis = [&] {
        walk.dims.push_back(in[axis]);
        walk.source_strides.push_back(static_cast<int64_t>(in_strides[axis]));
        ++axis;
    };
    for (size_t i = 0; i < begin.size(); ++i) {
        if (is_set(ellipsis, i)) {
            for (size_t k = named; k < in.size(); ++k)
                whole_axis();
            continue;
        }
        if (is_set(new_axis, i)) {
            walk.dims.push_back(1);
            walk.source_strides.push_back(0);
            continue;
        }
        if (strides[i] == 0)
            return "has stride 0 at entry " + std::to_string(i);
        const auto extent = static_cast<int64_t>(in[axis]);
        const auto stride = static_cast<int64_t>(in_strides[axis]);
        if (is_set(slice.get_shrink_axis_mask(), i)) {
            int64_t index = is_set(slice.get_begin_mask(), i) ? 0 : begin[i];
            index += index < 0 ? extent : 0;
            if (index < 0 || index >= extent)
                return "has shrink index " + std::to_string(begin[i]) + " outside axis " + std::to_string(axis);
            walk.first += index * stride;
            ++axis;
            continue;
        }
        // A masked begin or end takes the whole axis in the step's direction.
        const int64_t from = is_set(slice.get_begin_mask(), i) ? (strides[i] > 0 ? 0 : extent - 1) : begin[i];
        int64_t to = end[i];
        if (is_set(slice.get_end_mask(), i))
            to = strides[i] > 0 ? extent : -extent - 1;  // -extent - 1 lands on "before index 0"
        const auto [first, length] = walk_axis(from, to, strides[i], extent);
        walk.dims.push_back(static_cast<size_t>(length));
        walk.source_strides.push_back(strides[i] * stride);
        walk.first += first * stride;
        ++axis;
    }
    while (axis < in.size())
        whole_axis();
    return {};
}

std::string slice_walk(const ov::op::v8::Slice& slice, SliceWalk& walk) {
    std::vector<int64_t> start, stop, step, axes;
    if (!constant_ints(slice, 1, start) || !constant_ints(slice, 2, stop) || !constant_ints(slice, 3, step) ||
        (slice.get_input_size() > 4 && !constant_ints(slice, 4, axes)))
        return "has start, stop, step or axes that are not Constants";
    const ov::Shape in = slice.get_input_shape(0);
    const auto rank = static_cast<int64_t>(in.size());
    if (axes.empty())
        for (size_t i = 0; i < start.size(); ++i)
            axes.push_back(static_cast<int64_t>(i));
    if (stop.size() != start.size() || step.size() != start.size() || axes.size() != start.size())
        return "has start, stop, step and axes of different lengths";
    const auto in_strides = strides_of(in);
    walk.dims.assign(in.begin(), in.end());
    for (size_t d = 0; d < in.size(); ++d)
        walk.source_strides.push_back(static_cast<int64_t>(in_strides[d]));
    for (size_t i = 0; i < start.size(); ++i) {
        const int64_t axis = axes[i] < 0 ? axes[i] + rank : axes[i];
        if (axis < 0 || axis >= rank)
            return "has axis " + std::to_string(axes[i]) + " outside its input's rank";
        if (step[i] == 0)
            return "has step 0 at entry " + std::to_string(i);
        const auto a = static_cast<size_t>(axis);
        const auto [first, length] = walk_axis(start[i], stop[i], step[i], static_cast<int64_t>(in[a]));
        walk.dims[a] = static_cast<size_t>(length);
        walk.source_strides[a] = step[i] * static_cast<int64_t>(in_strides[a]);
        walk.first += first * static_cast<int64_t>(in_strides[a]);
    }
    return {};
}

std::string plan_slice(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    SliceWalk walk;
    const std::string reason =
        ov::is_type<ov::op::v8::Slice>(&node)
            ? slice_walk(*ov::as_type<const ov::op::v8::Slice>(&node), walk)
            : strided_slice_walk(*ov::as_type<const ov::op::v1::StridedSlice>(&node), walk);
    if (!reason.empty())
        return reason;
    const ov::Shape out = node.get_output_shape(0);
    // The walk and the op's shape inference read the attributes alike; a difference would be a planner bug.
    if (ov::Shape(walk.dims.begin(), walk.dims.end()) != out)
        return "walks a box of " + shape_text(ov::Shape(walk.dims.begin(), walk.dims.end())) +
               " where its output is " + shape_text(out);
    if (ov::shape_size(out) == 0)
        return "has an empty output " + shape_text(out);
    if (plan) {
        // Strides and the start modulo 2^32: the shader's unsigned index arithmetic wraps back into range.
        std::vector<size_t> source_strides;
        for (int64_t stride : walk.source_strides)
            source_strides.push_back(static_cast<size_t>(stride));
        Dispatch dispatch = copy_dispatch(walk.dims, source_strides, strides_of(out));
        dispatch.input_offset = static_cast<size_t>(walk.first);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "slice_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry slice_entry() { return planner_entry({"StridedSlice", "Slice"}, plan_slice); }

}  // namespace vulkan
}  // namespace devmux
