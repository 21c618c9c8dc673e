// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/slice.hpp"

#include <algorithm>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v8 {

namespace {

const char* const slice_input_names[] = {"data", "start", "stop", "step", "axes"};

// One sliced axis: the first input index taken, the step and how many elements.
struct AxisSlice {
    int64_t first = 0;
    int64_t step = 1;
    int64_t length = 0;
};

// Python's slice arithmetic on an axis of extent d: negative start / stop count from the end, then both are
// clamped into the walk's range ([0, d] forwards, [-1, d - 1] backwards, -1 meaning "before index 0").
AxisSlice slice_axis(int64_t start, int64_t stop, int64_t step, int64_t d) {
    AxisSlice s;
    s.step = step;
    if (start < 0)
        start += d;
    if (stop < 0)
        stop += d;
    if (step > 0) {
        start = std::clamp(start, int64_t{0}, d);
        stop = std::clamp(stop, int64_t{0}, d);
        s.length = stop > start ? (stop - start + step - 1) / step : 0;
    } else {
        start = std::clamp(start, int64_t{-1}, d - 1);
        stop = std::clamp(stop, int64_t{-1}, d - 1);
        s.length = start > stop ? (start - stop + (-step) - 1) / (-step) : 0;
    }
    s.first = start;
    return s;
}

// The sliced axes, normalised; checks lengths, uniqueness and steps.
std::vector<size_t> check_spec(const Node& node, size_t rank, const std::vector<int64_t>& start,
                               const std::vector<int64_t>& stop, const std::vector<int64_t>& step,
                               const std::vector<int64_t>* axes) {
    const auto name = devmux::ref::describe(node);
    const size_t n = start.size();
    OPENVINO_ASSERT(stop.size() == n && step.size() == n, name, ": start, stop and step must have equal lengths, got ",
                    n, ", ", stop.size(), " and ", step.size());
    for (size_t i = 0; i < n; ++i)
        OPENVINO_ASSERT(step[i] != 0, name, ": step entry ", i, " is 0");
    std::vector<size_t> result(n);
    if (axes) {
        OPENVINO_ASSERT(axes->size() == n, name, ": axes has ", axes->size(), " entries but start has ", n);
        std::vector<bool> seen(rank, false);
        for (size_t i = 0; i < n; ++i) {
            const auto a = static_cast<size_t>(
                devmux::ref::normalize_axis(node, (*axes)[i], static_cast<int64_t>(rank), "axes entry"));
            OPENVINO_ASSERT(!seen[a], name, ": axes names axis ", a, " twice");
            seen[a] = true;
            result[i] = a;
        }
    } else {
        OPENVINO_ASSERT(n <= rank, name, ": start has ", n, " entries but the data has rank ", rank);
        for (size_t i = 0; i < n; ++i)
            result[i] = i;
    }
    return result;
}

}  // namespace

Slice::Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step)
    : Op({data, start, stop, step}) {
    constructor_validate_and_infer_types();
}

Slice::Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
             const Output<Node>& axes)
    : Op({data, start, stop, step, axes}) {
    constructor_validate_and_infer_types();
}

bool Slice::visit_attributes(AttributeVisitor&) { return true; }

void Slice::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 4 || get_input_size() == 5, name,
                    ": expects 4 or 5 inputs (data, start, stop, step[, axes]), got ", get_input_size());
    for (size_t i = 1; i < get_input_size(); ++i) {
        devmux::ref::check_integral_input(*this, i, slice_input_names[i]);
        devmux::ref::check_vector_input(*this, i, slice_input_names[i]);
    }
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto start = devmux::ref::known_i64(*this, 1);
    const auto stop = devmux::ref::known_i64(*this, 2);
    const auto step = devmux::ref::known_i64(*this, 3);
    const bool has_axes = get_input_size() == 5;
    const auto axes = has_axes ? devmux::ref::known_i64(*this, 4) : std::nullopt;
    std::vector<Dimension> dims(data.begin(), data.end());
    if (step)
        for (size_t i = 0; i < step->size(); ++i)
            OPENVINO_ASSERT((*step)[i] != 0, name, ": step entry ", i, " is 0");
    if (!start || !stop || !step || (has_axes && !axes)) {
        // Which axes change is known only with axes (or without it, from the number of start entries).
        if (has_axes && axes) {
            for (auto a : *axes)
                dims[static_cast<size_t>(
                    devmux::ref::normalize_axis(*this, a, static_cast<int64_t>(data.size()), "axes entry"))] =
                    Dimension::dynamic();
        } else {
            const auto& start_shape = get_input_partial_shape(1);
            size_t changed = data.size();
            if (!has_axes && start_shape.rank_is_static() && start_shape[0].is_static())
                changed = std::min(changed, static_cast<size_t>(start_shape[0].get_length()));
            for (size_t i = 0; i < changed; ++i)
                dims[i] = Dimension::dynamic();
        }
        set_output_type(0, type, PartialShape(dims));
        return;
    }
    const auto sliced = check_spec(*this, data.size(), *start, *stop, *step, has_axes ? &*axes : nullptr);
    for (size_t i = 0; i < sliced.size(); ++i) {
        auto& d = dims[sliced[i]];
        d = d.is_static() ? Dimension(slice_axis((*start)[i], (*stop)[i], (*step)[i], d.get_length()).length)
                          : Dimension::dynamic();
    }
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> Slice::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 4)
        return std::make_shared<Slice>(new_args[0], new_args[1], new_args[2], new_args[3]);
    OPENVINO_ASSERT(new_args.size() == 5, devmux::ref::describe(*this), ": expects 4 or 5 inputs, got ",
                    new_args.size());
    return std::make_shared<Slice>(new_args[0], new_args[1], new_args[2], new_args[3], new_args[4]);
}

bool Slice::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 4 || inputs.size() == 5, name, ": evaluate() expects 4 or 5 inputs, got ",
                    inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    const auto start = devmux::ref::tensor_to_i64(inputs[1]);
    const auto stop = devmux::ref::tensor_to_i64(inputs[2]);
    const auto step = devmux::ref::tensor_to_i64(inputs[3]);
    std::vector<int64_t> axes;
    if (inputs.size() == 5)
        axes = devmux::ref::tensor_to_i64(inputs[4]);
    const auto sliced = check_spec(*this, in_shape.size(), start, stop, step, inputs.size() == 5 ? &axes : nullptr);

    // Every axis walks from `first` by `step`; unsliced axes take everything.
    std::vector<AxisSlice> plan(in_shape.size());
    Shape out_shape = in_shape;
    for (size_t d = 0; d < in_shape.size(); ++d)
        plan[d] = AxisSlice{0, 1, static_cast<int64_t>(in_shape[d])};
    for (size_t i = 0; i < sliced.size(); ++i) {
        plan[sliced[i]] = slice_axis(start[i], stop[i], step[i], static_cast<int64_t>(in_shape[sliced[i]]));
        out_shape[sliced[i]] = static_cast<size_t>(plan[sliced[i]].length);
    }
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    // Within the output every axis position maps inside the input, so each term is non-negative.
    devmux::ref::gather_by_axis(inputs[0], in_shape, out, [&](size_t d, size_t c) {
        return static_cast<size_t>(plan[d].first + static_cast<int64_t>(c) * plan[d].step);
    });
    return true;
}

}  // namespace v8
}  // namespace op
}  // namespace ov
