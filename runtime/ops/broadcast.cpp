// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/broadcast.hpp"

#include <algorithm>
#include <sstream>

#include "ops/data_movement_util.hpp"
#include "ops/reference/broadcast.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

std::ostream& operator<<(std::ostream& os, BroadcastType type) {
    switch (type) {
    case BroadcastType::EXPLICIT: return os << "explicit";
    case BroadcastType::NUMPY: return os << "numpy";
    case BroadcastType::PDPD: return os << "pdpd";
    case BroadcastType::BIDIRECTIONAL: return os << "bidirectional";
    }
    return os << static_cast<int>(type);
}

std::istream& operator>>(std::istream& is, BroadcastType& type) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    if (text == "explicit" || text == "none")
        type = BroadcastType::EXPLICIT;
    else if (text == "numpy")
        type = BroadcastType::NUMPY;
    else if (text == "pdpd")
        type = BroadcastType::PDPD;
    else if (text == "bidirectional")
        type = BroadcastType::BIDIRECTIONAL;
    else
        OPENVINO_THROW("'", text, "' is not a valid broadcast type (numpy, explicit, bidirectional, pdpd)");
    return is;
}

namespace {

const char* broadcast_mode_name(BroadcastType type) {
    switch (type) {
    case BroadcastType::EXPLICIT: return "explicit";
    case BroadcastType::NUMPY: return "numpy";
    case BroadcastType::PDPD: return "pdpd";
    case BroadcastType::BIDIRECTIONAL: return "bidirectional";
    }
    return "?";
}

// For each input axis, the output axis it lands on. axes_mapping is used by EXPLICIT only.
std::vector<size_t> input_to_output_axes(const Node& node, const BroadcastModeSpec& spec, size_t in_rank,
                                         size_t out_rank, const std::vector<int64_t>& axes_mapping) {
    const auto name = devmux::ref::describe(node);
    std::vector<size_t> axes(in_rank);
    if (spec.m_type == BroadcastType::EXPLICIT) {
        OPENVINO_ASSERT(axes_mapping.size() == in_rank, name, ": axes_mapping has ", axes_mapping.size(),
                        " entries but the input has rank ", in_rank);
        for (size_t i = 0; i < in_rank; ++i) {
            OPENVINO_ASSERT(axes_mapping[i] >= 0 && static_cast<size_t>(axes_mapping[i]) < out_rank, name,
                            ": axes_mapping entry ", i, " (", axes_mapping[i], ") is out of range for the output rank ",
                            out_rank);
            OPENVINO_ASSERT(i == 0 || axes_mapping[i] > axes_mapping[i - 1], name,
                            ": axes_mapping must be strictly increasing, got entry ", i, " = ", axes_mapping[i],
                            " after ", axes_mapping[i - 1]);
            axes[i] = static_cast<size_t>(axes_mapping[i]);
        }
        return axes;
    }
    OPENVINO_ASSERT(in_rank <= out_rank, name, ": the input has rank ", in_rank, ", more than the target rank ",
                    out_rank, " (", broadcast_mode_name(spec.m_type), " broadcast)");
    size_t start = out_rank - in_rank;
    if (spec.m_type == BroadcastType::PDPD && spec.m_axis != -1) {
        OPENVINO_ASSERT(spec.m_axis >= 0 && static_cast<size_t>(spec.m_axis) + in_rank <= out_rank, name,
                        ": pdpd axis ", spec.m_axis, " does not fit an input of rank ", in_rank, " into rank ",
                        out_rank);
        start = static_cast<size_t>(spec.m_axis);
    }
    for (size_t i = 0; i < in_rank; ++i)
        axes[i] = start + i;
    return axes;
}

void check_target(const Node& node, const std::vector<int64_t>& target) {
    for (size_t i = 0; i < target.size(); ++i)
        OPENVINO_ASSERT(target[i] >= 0, devmux::ref::describe(node), ": target_shape entry ", i, " is ", target[i],
                        "; extents must be non-negative");
}

void check_fits(const Node& node, const PartialShape& data, const PartialShape& out, const std::vector<size_t>& axes) {
    for (size_t i = 0; i < axes.size(); ++i) {
        const auto& d = data[i];
        const auto& o = out[axes[i]];
        if (d.is_static() && o.is_static())
            OPENVINO_ASSERT(d.get_length() == 1 || d.get_length() == o.get_length(), devmux::ref::describe(node),
                            ": input axis ", i, " of shape ", data, " (extent ", d.get_length(),
                            ") does not broadcast to axis ", axes[i], " of the target shape ", out);
    }
}

bool uses_axes_mapping(const BroadcastModeSpec& spec) { return spec.m_type == BroadcastType::EXPLICIT; }

void infer_broadcast(Node& node, const BroadcastModeSpec& spec) {
    const auto name = devmux::ref::describe(node);
    const size_t expected = uses_axes_mapping(spec) ? 3 : 2;
    OPENVINO_ASSERT(node.get_input_size() == expected || (!uses_axes_mapping(spec) && node.get_input_size() == 3),
                    name, ": ", broadcast_mode_name(spec.m_type), " broadcast expects ",
                    expected == 3 ? "3 inputs (data, target_shape, axes_mapping)" : "2 inputs (data, target_shape)",
                    ", got ", node.get_input_size());
    devmux::ref::check_integral_input(node, 1, "target_shape");
    devmux::ref::check_vector_input(node, 1, "target_shape");
    if (uses_axes_mapping(spec)) {
        devmux::ref::check_integral_input(node, 2, "axes_mapping");
        devmux::ref::check_vector_input(node, 2, "axes_mapping", true);
    }
    const auto& type = node.get_input_element_type(0);
    const auto& data = node.get_input_partial_shape(0);
    const auto target = devmux::ref::known_i64(node, 1);
    if (!target) {
        const auto& target_shape = node.get_input_partial_shape(1);
        if (!target_shape.rank_is_static() || target_shape[0].is_dynamic()) {
            node.set_output_type(0, type, PartialShape::dynamic());
            return;
        }
        auto rank = static_cast<size_t>(target_shape[0].get_length());
        if (spec.m_type == BroadcastType::BIDIRECTIONAL) {
            if (!data.rank_is_static()) {
                node.set_output_type(0, type, PartialShape::dynamic());
                return;
            }
            rank = std::max(rank, data.size());
        }
        node.set_output_type(0, type, devmux::ref::dynamic_of_rank(rank));
        return;
    }
    check_target(node, *target);
    const PartialShape target_shape(*target);
    if (spec.m_type == BroadcastType::BIDIRECTIONAL) {
        PartialShape out;
        OPENVINO_ASSERT(devmux::ref::numpy_broadcast_shape(data, target_shape, out), name, ": input shape ", data,
                        " and target_shape ", target_shape, " do not broadcast bidirectionally");
        node.set_output_type(0, type, out);
        return;
    }
    if (data.rank_is_static()) {
        std::vector<int64_t> mapping;
        bool mapping_known = true;
        if (uses_axes_mapping(spec)) {
            const auto known = devmux::ref::known_i64(node, 2);
            mapping_known = static_cast<bool>(known);
            if (known)
                mapping = *known;
        }
        if (mapping_known)
            check_fits(node, data, target_shape, input_to_output_axes(node, spec, data.size(), target->size(), mapping));
    }
    node.set_output_type(0, type, target_shape);
}

void evaluate_broadcast(const Node& node, const BroadcastModeSpec& spec, TensorVector& outputs,
                        const TensorVector& inputs) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(inputs.size() >= (uses_axes_mapping(spec) ? 3u : 2u), name, ": evaluate() got ", inputs.size(),
                    " inputs");
    const auto target = devmux::ref::tensor_to_i64(inputs[1]);
    check_target(node, target);
    const Shape& data_shape = inputs[0].get_shape();
    Shape out_shape(target.begin(), target.end());
    if (spec.m_type == BroadcastType::BIDIRECTIONAL) {
        Shape both;
        OPENVINO_ASSERT(devmux::ref::numpy_broadcast_shape(data_shape, out_shape, both), name, ": input shape ",
                        data_shape, " and target_shape ", out_shape, " do not broadcast bidirectionally");
        out_shape = both;
    }
    const auto axes = input_to_output_axes(node, spec, data_shape.size(), out_shape.size(),
                                           uses_axes_mapping(spec) ? devmux::ref::tensor_to_i64(inputs[2])
                                                                   : std::vector<int64_t>{});
    check_fits(node, PartialShape(data_shape), PartialShape(out_shape), axes);

    // Per output axis: how far one step moves through the input (0 where it repeats).
    const auto in_strides = row_major_strides(data_shape);
    std::vector<size_t> moves(out_shape.size(), 0);
    for (size_t i = 0; i < axes.size(); ++i)
        moves[axes[i]] = data_shape[i] == 1 ? 0 : in_strides[i];
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const size_t elem = type.size();
    const void* src = inputs[0].data();
    void* dst = out.data();
    devmux::ref::for_each_coordinate(out_shape, [&](size_t flat, const std::vector<size_t>& coord) {
        size_t from = 0;
        for (size_t d = 0; d < coord.size(); ++d)
            from += coord[d] * moves[d];
        devmux::ref::copy_element(dst, flat, src, from, elem);
    });
}

// Broadcast-1's "mode" text: numpy, explicit or pdpd.
BroadcastModeSpec from_auto(const AutoBroadcastSpec& spec) { return BroadcastModeSpec(spec.m_type, spec.m_axis); }

}  // namespace

namespace v3 {

Broadcast::Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const Output<Node>& axes_mapping,
                     const BroadcastModeSpec& broadcast_spec)
    : Op({arg, target_shape, axes_mapping}), m_mode(broadcast_spec) {
    constructor_validate_and_infer_types();
}

Broadcast::Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const BroadcastModeSpec& broadcast_spec)
    : Op({arg, target_shape}), m_mode(broadcast_spec) {
    constructor_validate_and_infer_types();
}

bool Broadcast::visit_attributes(AttributeVisitor& visitor) {
    const auto before = m_mode.m_type;
    visitor.on_attribute("mode", m_mode.m_type);
    // The IR has no PDPD axis: a PDPD mode read from text aligns to the right.
    if (m_mode.m_type != before && m_mode.m_type == BroadcastType::PDPD)
        m_mode.m_axis = -1;
    return true;
}

void Broadcast::validate_and_infer_types() { infer_broadcast(*this, m_mode); }

std::shared_ptr<Node> Broadcast::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 3)
        return std::make_shared<Broadcast>(new_args[0], new_args[1], new_args[2], m_mode);
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 or 3 inputs, got ",
                    new_args.size());
    return std::make_shared<Broadcast>(new_args[0], new_args[1], m_mode);
}

bool Broadcast::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    evaluate_broadcast(*this, m_mode, outputs, inputs);
    return true;
}

}  // namespace v3

namespace v1 {

Broadcast::Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const Output<Node>& axes_mapping,
                     const AutoBroadcastSpec& broadcast_spec)
    : Op({arg, target_shape, axes_mapping}), m_broadcast_spec(broadcast_spec) {
    constructor_validate_and_infer_types();
}

Broadcast::Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const AutoBroadcastSpec& broadcast_spec)
    : Op({arg, target_shape}), m_broadcast_spec(broadcast_spec) {
    constructor_validate_and_infer_types();
}

bool Broadcast::visit_attributes(AttributeVisitor& visitor) {
    // The IR spells Broadcast-1's modes like Broadcast-3's ("explicit", not AutoBroadcastType's "none").
    const BroadcastType before = from_auto(m_broadcast_spec).m_type;
    BroadcastType type = before;
    visitor.on_attribute("mode", type);
    OPENVINO_ASSERT(type != BroadcastType::BIDIRECTIONAL, devmux::ref::describe(*this),
                    ": mode 'bidirectional' needs Broadcast-3");
    m_broadcast_spec.m_type = type == BroadcastType::NUMPY  ? AutoBroadcastType::NUMPY
                              : type == BroadcastType::PDPD ? AutoBroadcastType::PDPD
                                                            : AutoBroadcastType::EXPLICIT;
    if (type != before && type == BroadcastType::PDPD)
        m_broadcast_spec.m_axis = -1;
    return true;
}

void Broadcast::validate_and_infer_types() { infer_broadcast(*this, from_auto(m_broadcast_spec)); }

std::shared_ptr<Node> Broadcast::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 3)
        return std::make_shared<Broadcast>(new_args[0], new_args[1], new_args[2], m_broadcast_spec);
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 or 3 inputs, got ",
                    new_args.size());
    return std::make_shared<Broadcast>(new_args[0], new_args[1], m_broadcast_spec);
}

bool Broadcast::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    evaluate_broadcast(*this, from_auto(m_broadcast_spec), outputs, inputs);
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
