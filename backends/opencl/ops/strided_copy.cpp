// SPDX-License-Identifier: Apache-2.0
// Tile, Broadcast (1 and 3), Slice (8) and StridedSlice (1): each output element copies one input element whose
// offset is affine in the output coordinate per axis (a modulo for Tile's repeats, stride 0 for a broadcast
// axis, a negative stride for a reversal), so all four run one strided copy kernel (strided_copy.cl) whose
// plan the host derives from the node's static shapes and constant attributes.
#include <algorithm>
#include <limits>

#include "cl_kernel.hpp"
#include "index_layout.hpp"
#include "strided_copy.h"
#include "openvino/op/broadcast.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/slice.hpp"
#include "openvino/op/strided_slice.hpp"
#include "openvino/op/tile.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(StridedCopyParams) == 28 * 4, "StridedCopyParams: 32-bit fields, laid out as in OpenCL C");

// What one op reads: per output axis, outermost first, the axis extent (wrapping for Tile) and the input
// stride, plus the offset of the first element. `refusal` says why the op cannot be planned.
struct CopyPlan {
    IndexAxes axes;
    int64_t base = 0;
    std::string refusal;
};

std::vector<int64_t> constant_values(const ov::Node& node, size_t input) {
    return ov::as_type<const ov::op::v0::Constant>(node.get_input_node_ptr(input))->cast_vector<int64_t>();
}

CopyPlan refuse(std::string why) {
    CopyPlan plan;
    plan.refusal = std::move(why);
    return plan;
}

// A plan whose extents are the output's (no axis wraps) and whose single operand moves by `strides`.
CopyPlan affine_plan(const ov::Shape& out, std::vector<int64_t> strides, int64_t base) {
    CopyPlan plan;
    plan.axes.dims.assign(out.begin(), out.end());
    plan.axes.extents = plan.axes.dims;
    plan.axes.strides = {std::move(strides)};
    plan.base = base;
    return plan;
}

// Tile: the input, padded with leading 1s to the output's rank, repeats along every axis.
CopyPlan tile_plan(const ov::Node& node) {
    const auto& data = node.get_input_shape(0);
    const auto& out = node.get_output_shape(0);
    ov::Shape in(out.size() - std::min(out.size(), data.size()), 1);
    in.insert(in.end(), data.begin(), data.end());
    if (in.size() != out.size())
        return refuse("has an output of lower rank than its data");
    CopyPlan plan;
    plan.axes.dims.assign(out.begin(), out.end());
    plan.axes.extents.assign(in.begin(), in.end());
    plan.axes.strides = {element_strides(in)};
    return plan;
}

// Broadcast: which output axis each input axis lands on (by the mode), stride 0 where the input has extent 1.
CopyPlan broadcast_plan(const ov::Node& node) {
    const auto& in = node.get_input_shape(0);
    const auto& out = node.get_output_shape(0);
    ov::op::BroadcastType mode = ov::op::BroadcastType::NUMPY;
    int64_t pdpd_axis = -1;
    if (auto v3 = ov::as_type<const ov::op::v3::Broadcast>(&node)) {
        mode = v3->get_broadcast_spec().m_type;
        pdpd_axis = v3->get_broadcast_spec().m_axis;
    } else if (auto v1 = ov::as_type<const ov::op::v1::Broadcast>(&node)) {
        const auto spec = v1->get_broadcast_spec();
        mode = spec.m_type == ov::op::AutoBroadcastType::NUMPY  ? ov::op::BroadcastType::NUMPY
               : spec.m_type == ov::op::AutoBroadcastType::PDPD ? ov::op::BroadcastType::PDPD
                                                                : ov::op::BroadcastType::EXPLICIT;
        pdpd_axis = spec.m_axis;
    }
    std::vector<int64_t> axes(in.size());
    if (mode == ov::op::BroadcastType::EXPLICIT) {
        if (node.get_input_size() < 3 || !is_constant(node, 2))
            return refuse("needs a constant axes_mapping (explicit mode)");
        axes = constant_values(node, 2);
        if (axes.size() != in.size())
            return refuse("has an axes_mapping of another length than the input's rank");
    } else {
        if (in.size() > out.size())
            return refuse("has an input of higher rank than its output");
        int64_t start = static_cast<int64_t>(out.size() - in.size());
        if (mode == ov::op::BroadcastType::PDPD && pdpd_axis != -1)
            start = pdpd_axis;
        for (size_t i = 0; i < in.size(); ++i)
            axes[i] = start + static_cast<int64_t>(i);
    }
    const auto in_strides = element_strides(in);
    std::vector<int64_t> strides(out.size(), 0);
    for (size_t i = 0; i < in.size(); ++i) {
        if (axes[i] < 0 || axes[i] >= static_cast<int64_t>(out.size()))
            return refuse("maps input axis " + std::to_string(i) + " outside the output");
        strides[static_cast<size_t>(axes[i])] = in[i] == 1 ? 0 : in_strides[i];
    }
    return affine_plan(out, std::move(strides), 0);
}

// Python's slice arithmetic on an axis of extent d: the first index taken (-1 and d stand for "before the
// start" and "past the end" once clamped) and how many.
struct AxisRange {
    int64_t first = 0, length = 0;
};
AxisRange axis_range(int64_t start, int64_t stop, int64_t step, int64_t d, bool from_edge, bool to_edge) {
    AxisRange r;
    if (step > 0) {
        start = from_edge ? 0 : std::clamp(start < 0 ? start + d : start, int64_t{0}, d);
        stop = to_edge ? d : std::clamp(stop < 0 ? stop + d : stop, int64_t{0}, d);
        r.length = stop > start ? (stop - start + step - 1) / step : 0;
    } else {
        start = from_edge ? d - 1 : std::clamp(start < 0 ? start + d : start, int64_t{-1}, d - 1);
        stop = to_edge ? -1 : std::clamp(stop < 0 ? stop + d : stop, int64_t{-1}, d - 1);
        r.length = start > stop ? (start - stop - step - 1) / -step : 0;
    }
    r.first = start;
    return r;
}

// Slice-8: start, stop, step (and axes) Constants; axes it does not name are taken whole.
CopyPlan slice_plan(const ov::Node& node) {
    for (size_t i = 1; i < node.get_input_size(); ++i)
        if (!is_constant(node, i))
            return refuse("needs constant start, stop, step and axes (input " + std::to_string(i) + " is not)");
    const auto& in = node.get_input_shape(0);
    const auto start = constant_values(node, 1), stop = constant_values(node, 2), step = constant_values(node, 3);
    std::vector<int64_t> axes;
    if (node.get_input_size() > 4)
        axes = constant_values(node, 4);
    else
        for (size_t i = 0; i < start.size(); ++i)
            axes.push_back(static_cast<int64_t>(i));
    const auto in_strides = element_strides(in);
    std::vector<int64_t> strides = in_strides;
    int64_t base = 0;
    for (size_t i = 0; i < start.size(); ++i) {
        const int64_t axis = axes[i] < 0 ? axes[i] + static_cast<int64_t>(in.size()) : axes[i];
        const auto a = static_cast<size_t>(axis);
        const AxisRange r = axis_range(start[i], stop[i], step[i], static_cast<int64_t>(in[a]), false, false);
        base += r.first * in_strides[a];
        strides[a] = step[i] * in_strides[a];
    }
    return affine_plan(node.get_output_shape(0), std::move(strides), base);
}

bool bit(const std::vector<int64_t>& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

// StridedSlice-1: begin, end (and strides) Constants and every mask. Entry i of begin/end/strides either
// inserts an output axis of extent 1 (new_axis_mask), stands for every input axis no other entry names
// (ellipsis_mask), picks one index and drops the axis (shrink_axis_mask), or slices one input axis; input axes
// after the last entry are taken whole.
CopyPlan strided_slice_plan(const ov::Node& node) {
    for (size_t i = 1; i < node.get_input_size(); ++i)
        if (!is_constant(node, i))
            return refuse("needs constant begin, end and strides (input " + std::to_string(i) + " is not)");
    const auto* op = ov::as_type<const ov::op::v1::StridedSlice>(&node);
    const auto& in = node.get_input_shape(0);
    const auto begin = constant_values(node, 1), end = constant_values(node, 2);
    const auto steps = node.get_input_size() > 3 ? constant_values(node, 3) : std::vector<int64_t>(begin.size(), 1);
    const auto& begin_mask = op->get_begin_mask();
    const auto& end_mask = op->get_end_mask();
    const auto& new_axis_mask = op->get_new_axis_mask();
    const auto& shrink_mask = op->get_shrink_axis_mask();
    const auto& ellipsis_mask = op->get_ellipsis_mask();
    size_t named = 0;  // input axes the entries name one by one
    for (size_t i = 0; i < begin.size(); ++i)
        if (!bit(ellipsis_mask, i) && !bit(new_axis_mask, i))
            ++named;
    const auto in_strides = element_strides(in);
    std::vector<int64_t> dims, strides;
    int64_t base = 0;
    size_t axis = 0;
    const auto whole = [&] {
        dims.push_back(static_cast<int64_t>(in[axis]));
        strides.push_back(in_strides[axis]);
        ++axis;
    };
    for (size_t i = 0; i < begin.size(); ++i) {
        if (bit(ellipsis_mask, i)) {
            for (size_t k = named; k < in.size(); ++k)
                whole();
            continue;
        }
        if (bit(new_axis_mask, i)) {
            dims.push_back(1);
            strides.push_back(0);
            continue;
        }
        if (axis >= in.size())
            return refuse("names more axes than its input has");
        const auto d = static_cast<int64_t>(in[axis]);
        if (bit(shrink_mask, i)) {
            const int64_t index = bit(begin_mask, i) ? 0 : begin[i] < 0 ? begin[i] + d : begin[i];
            base += index * in_strides[axis];
            ++axis;
            continue;
        }
        const AxisRange r = axis_range(begin[i], end[i], steps[i], d, bit(begin_mask, i), bit(end_mask, i));
        dims.push_back(r.length);
        strides.push_back(steps[i] * in_strides[axis]);
        base += r.first * in_strides[axis];
        ++axis;
    }
    while (axis < in.size())
        whole();
    const auto& out = node.get_output_shape(0);
    if (!std::equal(dims.begin(), dims.end(), out.begin(), out.end(),
                    [](int64_t a, size_t b) { return a == static_cast<int64_t>(b); }))
        return refuse("has masks whose slice this kernel reads differently from its output shape");
    return affine_plan(out, std::move(strides), base);
}

CopyPlan plan_for(const ov::Node& node) {
    const std::string type = node.get_type_name();
    if (type == "Tile")
        return tile_plan(node);
    if (type == "Broadcast")
        return broadcast_plan(node);
    if (type == "Slice")
        return slice_plan(node);
    return strided_slice_plan(node);
}

const char* kernel_for_size(size_t bytes) {
    switch (bytes) {
    case 1: return "strided_copy_8";
    case 2: return "strided_copy_16";
    case 4: return "strided_copy_32";
    case 8: return "strided_copy_64";
    default: return nullptr;
    }
}

std::string check_strided_copy(const ov::Node& node) {
    const auto type = node.get_output_element_type(0);
    if (!kernel_for_size(type.size()) || type.bitwidth() < 8)
        return "has element type " + type.get_type_name() + "; the strided copy moves elements of 1, 2, 4 or 8 bytes";
    if (ov::shape_size(node.get_input_shape(0)) > static_cast<size_t>(std::numeric_limits<int>::max()))
        return std::string("has more input elements than the kernel indexes");
    const CopyPlan plan = plan_for(node);
    if (!plan.refusal.empty())
        return plan.refusal;
    return fits_kernel_rank(merge_axes(plan.axes), 8);
}

class StridedCopyKernel final : public ClKernel {
public:
    StridedCopyKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "strided_copy"),
          m_kernel(kernel_for_size(node.get_output_element_type(0).size())),
          m_element_size(node.get_output_element_type(0).size()) {
        const CopyPlan plan = plan_for(node);
        const IndexAxes axes = merge_axes(plan.axes);
        m_params = {};
        m_params.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        m_params.rank = static_cast<int>(axes.dims.size());
        m_params.base = static_cast<int>(plan.base);
        for (size_t d = 0; d < axes.dims.size(); ++d) {
            m_params.out_dims[d] = static_cast<int>(axes.dims[d]);
            m_params.in_extent[d] = static_cast<int>(axes.extents[d]);
            m_params.strides[d] = static_cast<int>(axes.strides[0][d]);
            if (axes.extents[d] != axes.dims[d])
                m_params.modulo = 1;
        }
        if (is_constant(node, 0))
            constant(node, 0);
    }

private:
    void setup(Binding& b) const override {
        if (m_params.count == 0)
            return;
        b.launch(m_kernel, static_cast<size_t>(m_params.count))
            << b.in(0, m_element_size) << b.out(0, m_element_size) << m_params;
    }
    const char* m_kernel;
    size_t m_element_size;
    StridedCopyParams m_params;
};

}  // namespace

OpenclKernelEntry strided_copy_entry() {
    return {{"Tile", "Broadcast", "Slice", "StridedSlice"},
            "",
            {},
            all_of(fits_int, check_strided_copy),
            make_kernel<StridedCopyKernel>()};
}

}  // namespace opencl
}  // namespace devmux
