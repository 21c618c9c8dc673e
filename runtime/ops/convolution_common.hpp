// SPDX-License-Identifier: Apache-2.0
// What the convolution family (Convolution, GroupConvolution, their backprop-data forms, BinaryConvolution and
// DeformableConvolution) checks, infers and serialises alike, kept in one place so that the variants agree.
#pragma once

#include <cstdint>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/node.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/op/util/convolution_base.hpp"
#include "ops/nn_shape.hpp"

namespace devmux {
namespace ops {

// The element type that data batch and filters share; boolean is refused because the kernels multiply.
inline ov::element::Type merge_conv_types(const ov::Node& op, const ov::element::Type& data,
                                          const ov::element::Type& filters) {
    ov::element::Type merged;
    DEVMUX_NODE_CHECK(op, ov::element::Type::merge(merged, data, filters), "element types of data batch (", data,
                      ") and filters (", filters, ") do not match");
    DEVMUX_NODE_CHECK(op, merged.is_dynamic() || merged != ov::element::boolean,
                      "element type must be numeric, got boolean");
    return merged;
}

// An attribute vector as int64 with one entry per spatial axis, `fill` standing in for an empty one (the
// attribute left to its default).
template <typename V>
std::vector<int64_t> attribute_or(const V& v, size_t spatial_axes, int64_t fill) {
    return v.empty() ? std::vector<int64_t>(spatial_axes, fill) : std::vector<int64_t>(v.begin(), v.end());
}

// The window attributes of a convolution-like op, defaults filled in: stride and dilation 1, no padding. The
// kernel, which comes from the filters' shape, is the caller's.
inline void set_window_attributes(WindowSpec& spec, const ov::op::util::ConvolutionBase& op, size_t spatial_axes) {
    spec.strides = attribute_or(op.get_strides(), spatial_axes, 1);
    spec.dilations = attribute_or(op.get_dilations(), spatial_axes, 1);
    spec.pads_begin = attribute_or(op.get_pads_begin(), spatial_axes, 0);
    spec.pads_end = attribute_or(op.get_pads_end(), spatial_axes, 0);
    spec.auto_pad = op.get_auto_pad();
}

// Checks the ranks of data batch [N, C, spatial...] and filters ([GROUPS, ] two channel axes, then one kernel
// axis per spatial axis). channel_axes names the two channel axes in the op's order, for the message:
// "C_OUT, C_IN" for the forward ops, "C_IN, C_OUT" for the backprop ones.
inline void check_conv_ranks(const ov::Node& op, const ov::PartialShape& data, const ov::PartialShape& filters,
                             bool grouped, const char* channel_axes) {
    const size_t lead = grouped ? 3 : 2;  // filter axes before the kernel axes
    check_nn_data_rank(op, data, "data batch");
    if (filters.rank_is_static())
        DEVMUX_NODE_CHECK(op, filters.size() >= lead + 1 && filters.size() <= lead + 3, "filters must have rank ",
                          lead + 1, " to ", lead + 3, " ([", grouped ? "GROUPS, " : "", channel_axes,
                          ", kernel...]), got shape ", filters);
    if (data.rank_is_static() && filters.rank_is_static())
        DEVMUX_NODE_CHECK(op, filters.size() == data.size() + lead - 2, "data batch shape ", data,
                          " and filters shape ", filters, " have different numbers of spatial axes");
}

// A forward convolution's inferred shape with the window that produced it.
struct ConvShape {
    ov::PartialShape output;
    WindowSpec spec;
    WindowResult window;
};

// Completes shape once shape.spec holds the kernel: fills in the window attributes, slides the window over
// data's spatial axes and sets the output [N, out_channels, window outputs...].
inline void finish_conv_shape(ConvShape& shape, const ov::op::util::ConvolutionBase& op, const ov::PartialShape& data,
                              const ov::Dimension& out_channels, size_t spatial_axes) {
    set_window_attributes(shape.spec, op, spatial_axes);
    std::vector<ov::Dimension> spatial(spatial_axes, ov::Dimension::dynamic());
    if (data.rank_is_static())
        spatial.assign(data.begin() + 2, data.end());
    shape.window = infer_window(op, spatial, shape.spec);
    std::vector<ov::Dimension> out{data.rank_is_static() ? data[0] : ov::Dimension::dynamic(), out_channels};
    out.insert(out.end(), shape.window.output.begin(), shape.window.output.end());
    shape.output = ov::PartialShape(out);
}

// The window attributes, visited through copies because ConvolutionBase only offers getters and setters.
// Only what the visitor changed is written back: a visitor that only reads (the IR writer, which digests a
// model the proxy may be compiling on other threads at the same time) must leave the op untouched, or it
// races with them (ThreadSanitizer: AutoSoftwareGpu.ChoosesTheGpuForSqueezeNetAndMatchesTheCpu).
inline bool visit_convolution_attributes(ov::op::util::ConvolutionBase& op, ov::AttributeVisitor& visitor) {
    auto strides = op.get_strides();
    auto dilations = op.get_dilations();
    auto pads_begin = op.get_pads_begin();
    auto pads_end = op.get_pads_end();
    auto auto_pad = op.get_auto_pad();
    visitor.on_attribute("strides", strides);
    visitor.on_attribute("dilations", dilations);
    visitor.on_attribute("pads_begin", pads_begin);
    visitor.on_attribute("pads_end", pads_end);
    visitor.on_attribute("auto_pad", auto_pad);
    if (strides != op.get_strides())
        op.set_strides(strides);
    if (dilations != op.get_dilations())
        op.set_dilations(dilations);
    if (pads_begin != op.get_pads_begin())
        op.set_pads_begin(pads_begin);
    if (pads_end != op.get_pads_end())
        op.set_pads_end(pads_end);
    if (auto_pad != op.get_auto_pad())
        op.set_auto_pad(auto_pad);
    return true;
}

}  // namespace ops
}  // namespace devmux
