// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/strided_slice.hpp"

#include <algorithm>
#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {

// What one output dimension (or dropped input dimension) of the slice is.
struct SliceAxis {
    enum class Kind { new_axis, shrink, range } kind = Kind::range;
    size_t input_axis = 0;  // shrink and range
    int64_t start = 0;      // first input index taken (known when the input dimension is static)
    int64_t step = 1;
    Dimension length;  // output extent: 1 for new_axis, unused for shrink
};

bool flag(const std::vector<int64_t>& mask, size_t i) { return i < mask.size() && mask[i] != 0; }

struct SliceSpec {
    std::vector<int64_t> begin, end, strides;
    const std::vector<int64_t>& begin_mask;
    const std::vector<int64_t>& end_mask;
    const std::vector<int64_t>& new_axis_mask;
    const std::vector<int64_t>& shrink_axis_mask;
    const std::vector<int64_t>& ellipsis_mask;
};

// The per-axis plan of a slice of data (rank known). Shared by shape inference and evaluate(), so that both
// read masks, negative indices and clamping the same way.
std::vector<SliceAxis> plan_slice(const Node& node, const PartialShape& data, const SliceSpec& spec) {
    const auto name = devmux::ref::describe(node);
    const size_t n = spec.begin.size();
    OPENVINO_ASSERT(spec.end.size() == n, name, ": begin has ", n, " entries but end has ", spec.end.size());
    OPENVINO_ASSERT(spec.strides.empty() || spec.strides.size() == n, name, ": begin has ", n,
                    " entries but strides has ", spec.strides.size());
    const auto rank = static_cast<int64_t>(data.size());

    // ellipsis wins over new_axis, which wins over shrink.
    size_t ellipses = 0;
    int64_t consumed = 0;  // input axes named explicitly
    for (size_t i = 0; i < n; ++i) {
        if (flag(spec.ellipsis_mask, i))
            ++ellipses;
        else if (!flag(spec.new_axis_mask, i))
            ++consumed;
    }
    OPENVINO_ASSERT(ellipses <= 1, name, ": ellipsis_mask has ", ellipses, " bits set; at most one is allowed");
    OPENVINO_ASSERT(consumed <= rank, name, ": the slice names ", consumed, " input axes but the input ", data,
                    " has rank ", rank);

    std::vector<SliceAxis> plan;
    size_t in_axis = 0;
    auto full_range = [&](size_t axis) {
        SliceAxis a;
        a.input_axis = axis;
        a.length = data[axis];
        plan.push_back(a);
    };
    for (size_t i = 0; i < n; ++i) {
        if (flag(spec.ellipsis_mask, i)) {
            for (int64_t k = 0; k < rank - consumed; ++k)
                full_range(in_axis++);
            continue;
        }
        if (flag(spec.new_axis_mask, i)) {
            SliceAxis a;
            a.kind = SliceAxis::Kind::new_axis;
            a.length = Dimension(1);
            plan.push_back(a);
            continue;
        }
        const int64_t stride = spec.strides.empty() ? 1 : spec.strides[i];
        OPENVINO_ASSERT(stride != 0, name, ": stride ", i, " is 0");
        const Dimension& dim = data[in_axis];
        SliceAxis a;
        a.input_axis = in_axis++;
        a.step = stride;
        if (flag(spec.shrink_axis_mask, i)) {
            a.kind = SliceAxis::Kind::shrink;
            int64_t index = flag(spec.begin_mask, i) ? 0 : spec.begin[i];
            if (dim.is_static()) {
                const int64_t d = dim.get_length();
                const int64_t normalized = index < 0 ? index + d : index;
                OPENVINO_ASSERT(normalized >= 0 && normalized < d, name, ": shrink index ", index, " of entry ", i,
                                " is out of range for dimension ", d, " of input ", data);
                index = normalized;
            }
            a.start = index;
            plan.push_back(a);
            continue;
        }
        if (!dim.is_static()) {
            a.length = Dimension::dynamic();
            plan.push_back(a);
            continue;
        }
        const int64_t d = dim.get_length();
        int64_t b = 0, e = 0, length = 0;
        if (stride > 0) {
            b = flag(spec.begin_mask, i) ? 0 : spec.begin[i];
            b = std::clamp(b < 0 ? b + d : b, int64_t{0}, d);
            e = flag(spec.end_mask, i) ? d : spec.end[i];
            e = std::clamp(e < 0 ? e + d : e, int64_t{0}, d);
            length = e > b ? (e - b + stride - 1) / stride : 0;
        } else {
            // Walking backwards: -1 stands for "past index 0".
            b = flag(spec.begin_mask, i) ? d - 1 : spec.begin[i];
            b = std::clamp(b < 0 ? b + d : b, int64_t{-1}, d - 1);
            if (flag(spec.end_mask, i)) {
                e = -1;
            } else {
                e = spec.end[i];
                e = std::clamp(e < 0 ? e + d : e, int64_t{-1}, d - 1);
            }
            length = b > e ? (b - e - stride - 1) / (-stride) : 0;
        }
        a.start = b;
        a.length = Dimension(length);
        plan.push_back(a);
    }
    while (in_axis < data.size())
        full_range(in_axis++);
    return plan;
}

PartialShape plan_shape(const std::vector<SliceAxis>& plan) {
    std::vector<Dimension> dims;
    for (const auto& a : plan)
        if (a.kind != SliceAxis::Kind::shrink)
            dims.push_back(a.length);
    return PartialShape(dims);
}

}  // namespace

StridedSlice::StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
                           const Output<Node>& strides, const std::vector<int64_t>& begin_mask,
                           const std::vector<int64_t>& end_mask, const std::vector<int64_t>& new_axis_mask,
                           const std::vector<int64_t>& shrink_axis_mask, const std::vector<int64_t>& ellipsis_mask)
    : Op({data, begin, end, strides}),
      m_begin_mask(begin_mask),
      m_end_mask(end_mask),
      m_new_axis_mask(new_axis_mask),
      m_shrink_axis_mask(shrink_axis_mask),
      m_ellipsis_mask(ellipsis_mask) {
    constructor_validate_and_infer_types();
}

StridedSlice::StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
                           const std::vector<int64_t>& begin_mask, const std::vector<int64_t>& end_mask,
                           const std::vector<int64_t>& new_axis_mask, const std::vector<int64_t>& shrink_axis_mask,
                           const std::vector<int64_t>& ellipsis_mask)
    : Op({data, begin, end}),
      m_begin_mask(begin_mask),
      m_end_mask(end_mask),
      m_new_axis_mask(new_axis_mask),
      m_shrink_axis_mask(shrink_axis_mask),
      m_ellipsis_mask(ellipsis_mask) {
    constructor_validate_and_infer_types();
}

bool StridedSlice::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("begin_mask", m_begin_mask);
    visitor.on_attribute("end_mask", m_end_mask);
    visitor.on_attribute("new_axis_mask", m_new_axis_mask);
    visitor.on_attribute("shrink_axis_mask", m_shrink_axis_mask);
    visitor.on_attribute("ellipsis_mask", m_ellipsis_mask);
    return true;
}

void StridedSlice::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3 || get_input_size() == 4, name,
                    ": expects 3 or 4 inputs (data, begin, end[, strides]), got ", get_input_size());
    const char* input_names[] = {"data", "begin", "end", "strides"};
    for (size_t i = 1; i < get_input_size(); ++i) {
        devmux::ref::check_integral_input(*this, i, input_names[i]);
        const auto& shape = get_input_partial_shape(i);
        OPENVINO_ASSERT(!shape.rank_is_static() || shape.size() == 1, name, ": ", input_names[i],
                        " input must be 1-D, got shape ", shape);
    }
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    const auto begin = devmux::ref::constant_input(*this, 1);
    const auto end = devmux::ref::constant_input(*this, 2);
    const auto strides = devmux::ref::constant_input(*this, 3);
    if (!data.rank_is_static() || !begin || !end || (get_input_size() == 4 && !strides)) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const SliceSpec spec{begin->cast_vector<int64_t>(),
                         end->cast_vector<int64_t>(),
                         strides ? strides->cast_vector<int64_t>() : std::vector<int64_t>{},
                         m_begin_mask,
                         m_end_mask,
                         m_new_axis_mask,
                         m_shrink_axis_mask,
                         m_ellipsis_mask};
    set_output_type(0, type, plan_shape(plan_slice(*this, data, spec)));
}

std::shared_ptr<Node> StridedSlice::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 3)
        return std::make_shared<StridedSlice>(new_args[0], new_args[1], new_args[2], m_begin_mask, m_end_mask,
                                              m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask);
    OPENVINO_ASSERT(new_args.size() == 4, devmux::ref::describe(*this), ": expects 3 or 4 inputs, got ",
                    new_args.size());
    return std::make_shared<StridedSlice>(new_args[0], new_args[1], new_args[2], new_args[3], m_begin_mask,
                                          m_end_mask, m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask);
}

bool StridedSlice::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 3 || inputs.size() == 4, devmux::ref::describe(*this),
                    ": evaluate() expects 3 or 4 inputs, got ", inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    const SliceSpec spec{devmux::ref::tensor_to_i64(inputs[1]),
                         devmux::ref::tensor_to_i64(inputs[2]),
                         inputs.size() == 4 ? devmux::ref::tensor_to_i64(inputs[3]) : std::vector<int64_t>{},
                         m_begin_mask,
                         m_end_mask,
                         m_new_axis_mask,
                         m_shrink_axis_mask,
                         m_ellipsis_mask};
    const auto plan = plan_slice(*this, PartialShape(in_shape), spec);
    const Shape out_shape = plan_shape(plan).to_shape();
    const auto& type = inputs[0].get_element_type();
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const size_t count = shape_size(out_shape);
    if (count == 0)
        return true;

    // Each output axis moves through the input by a fixed number of elements; shrunk axes add a constant
    // offset.
    const auto in_strides = row_major_strides(in_shape);
    int64_t base = 0;
    std::vector<int64_t> moves;  // per output axis: input elements per step
    for (const auto& a : plan) {
        if (a.kind == SliceAxis::Kind::new_axis) {
            moves.push_back(0);
        } else {
            const auto stride = static_cast<int64_t>(in_strides[a.input_axis]);
            base += a.start * stride;
            if (a.kind == SliceAxis::Kind::range)
                moves.push_back(a.step * stride);
        }
    }
    const size_t rank = out_shape.size();
    const size_t elem = type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    std::vector<size_t> coord(rank, 0);
    int64_t offset = base;
    for (size_t n = 0; n < count; ++n) {
        std::memcpy(dst + n * elem, src + offset * static_cast<int64_t>(elem), elem);
        for (size_t d = rank; d-- > 0;) {
            offset += moves[d];
            if (++coord[d] < out_shape[d])
                break;
            offset -= static_cast<int64_t>(coord[d]) * moves[d];
            coord[d] = 0;
        }
    }
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov

