// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/range.hpp"

#include <cmath>

#include "ops/data_movement_util.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

const char* const range_input_names[] = {"start", "stop", "step"};

// start, stop and step as the op computes with them: truncated towards zero for an integer output type.
struct RangeBounds {
    double start = 0, stop = 0, step = 0;
};

RangeBounds make_bounds(const Node& node, double start, double stop, double step, const element::Type& out_type) {
    RangeBounds b{start, stop, step};
    if (out_type.is_integral_number()) {
        b.start = std::trunc(start);
        b.stop = std::trunc(stop);
        b.step = std::trunc(step);
    }
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(std::isfinite(b.start) && std::isfinite(b.stop) && std::isfinite(b.step), name,
                    ": start, stop and step must be finite, got ", start, ", ", stop, ", ", step);
    OPENVINO_ASSERT(b.step != 0, name, ": step is 0", out_type.is_integral_number() ? " (after truncation)" : "");
    return b;
}

// max(ceil((stop - start) / step), 0), computed in double as the specification says.
size_t range_length(const RangeBounds& b) {
    const double n = std::ceil((b.stop - b.start) / b.step);
    return n > 0 ? static_cast<size_t>(n) : 0;
}

// Shared shape inference: scalar inputs, a static length when all three values are known.
void infer_range(Node& node, const element::Type& out_type) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(node.get_input_size() == 3, name, ": expects 3 inputs (start, stop, step), got ",
                    node.get_input_size());
    for (size_t i = 0; i < 3; ++i) {
        devmux::ref::check_scalar_input(node, i, range_input_names[i]);
        const auto& t = node.get_input_element_type(i);
        OPENVINO_ASSERT(t.is_dynamic() || t != element::boolean, name, ": ", range_input_names[i],
                        " input must be numeric, got ", t);
    }
    const auto start = devmux::ref::known_f64(node, 0);
    const auto stop = devmux::ref::known_f64(node, 1);
    const auto step = devmux::ref::known_f64(node, 2);
    if (start && stop && step && start->size() == 1 && stop->size() == 1 && step->size() == 1 &&
        out_type.is_static()) {
        const auto bounds = make_bounds(node, (*start)[0], (*stop)[0], (*step)[0], out_type);
        node.set_output_type(0, out_type, PartialShape{static_cast<int64_t>(range_length(bounds))});
    } else {
        if (step && step->size() == 1)
            OPENVINO_ASSERT((*step)[0] != 0, name, ": step is 0");
        node.set_output_type(0, out_type, PartialShape{Dimension::dynamic()});
    }
}

double range_scalar_input(const Node& node, const Tensor& t, const char* what) {
    OPENVINO_ASSERT(t.get_size() == 1, devmux::ref::describe(node), ": ", what, " input must hold one value, got ",
                    t.get_size());
    double v = 0;
    const bool known = devmux::ref::dispatch_numeric(t.get_element_type(), [&](auto tag) {
        using S = typename decltype(tag)::storage;
        v = devmux::ref::convert_value<double>(static_cast<const S*>(t.data())[0]);
    });
    OPENVINO_ASSERT(known, devmux::ref::describe(node), ": ", what, " input has unsupported element type ",
                    t.get_element_type());
    return v;
}

void evaluate_range(const Node& node, TensorVector& outputs, const TensorVector& inputs,
                    const element::Type& out_type) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(inputs.size() == 3, name, ": evaluate() expects 3 inputs, got ", inputs.size());
    const auto bounds =
        make_bounds(node, range_scalar_input(node, inputs[0], "start"), range_scalar_input(node, inputs[1], "stop"),
                    range_scalar_input(node, inputs[2], "step"), out_type);
    const size_t n = range_length(bounds);
    auto& out = devmux::ref::prepare_output(outputs, 0, out_type, Shape{n});
    const bool known = devmux::ref::dispatch_numeric(out_type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        auto* dst = static_cast<S*>(out.data());
        if (out_type.is_integral_number()) {
            // Exact integer steps (double would round large int64 values).
            const auto start = static_cast<int64_t>(bounds.start);
            const auto step = static_cast<int64_t>(bounds.step);
            for (size_t i = 0; i < n; ++i)
                dst[i] = static_cast<S>(start + static_cast<int64_t>(i) * step);
        } else {
            for (size_t i = 0; i < n; ++i)
                dst[i] = devmux::ref::convert_value<S>(bounds.start + static_cast<double>(i) * bounds.step);
        }
    });
    OPENVINO_ASSERT(known, name, ": unsupported output element type ", out_type);
}

}  // namespace

namespace v4 {

Range::Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step, element::Type output_type)
    : Op({start, stop, step}), m_output_type(output_type) {
    constructor_validate_and_infer_types();
}

bool Range::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    return true;
}

void Range::validate_and_infer_types() {
    OPENVINO_ASSERT(m_output_type.is_dynamic() || m_output_type.is_integral_number() || m_output_type.is_real(),
                    devmux::ref::describe(*this), ": output_type must be numeric, got ", m_output_type);
    infer_range(*this, m_output_type);
}

std::shared_ptr<Node> Range::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Range>(new_args[0], new_args[1], new_args[2], m_output_type);
}

bool Range::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    evaluate_range(*this, outputs, inputs, m_output_type);
    return true;
}

}  // namespace v4

namespace v0 {

Range::Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step)
    : Op({start, stop, step}) {
    constructor_validate_and_infer_types();
}

bool Range::visit_attributes(AttributeVisitor&) { return true; }

void Range::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3, name, ": expects 3 inputs (start, stop, step), got ", get_input_size());
    element::Type type = element::dynamic;
    for (size_t i = 0; i < 3; ++i) {
        const auto& t = get_input_element_type(i);
        if (t.is_dynamic())
            continue;
        OPENVINO_ASSERT(type.is_dynamic() || type == t, name, ": start, stop and step must have one element type, got ",
                        get_input_element_type(0), ", ", get_input_element_type(1), ", ", get_input_element_type(2));
        type = t;
    }
    infer_range(*this, type);
}

std::shared_ptr<Node> Range::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Range>(new_args[0], new_args[1], new_args[2]);
}

bool Range::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 3, devmux::ref::describe(*this), ": evaluate() expects 3 inputs, got ",
                    inputs.size());
    evaluate_range(*this, outputs, inputs, inputs[0].get_element_type());
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
