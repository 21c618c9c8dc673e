// SPDX-License-Identifier: Apache-2.0
// Unique-10. The output sizes depend on the values, so shape inference gives bounded dynamic dimensions
// and evaluate() allocates the outputs it fills.
#include "openvino/op/unique.hpp"

#include <cstring>
#include <map>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v10 {
namespace {

// Items are the elements (no axis) or the slices along the axis; each group is one distinct item.
struct Groups {
    std::vector<size_t> first;     // per group (output order): the item where it first occurs
    std::vector<size_t> count;     // per group: how many items equal it
    std::vector<size_t> group_of;  // per item: its group's output position
};

template <typename C>
Groups group_items(const Tensor& data, size_t outer, size_t items, size_t inner, bool sorted) {
    devmux::ref::InputBuffer<C> values(data);
    // An item's values: for each outer index, the inner run at that item.
    auto item_values = [&](size_t item) {
        std::vector<C> v;
        v.reserve(outer * inner);
        for (size_t o = 0; o < outer; ++o)
            for (size_t i = 0; i < inner; ++i)
                v.push_back(values.data()[(o * items + item) * inner + i]);
        return v;
    };
    std::map<std::vector<C>, size_t> seen;  // item values -> group in order of first occurrence
    std::vector<size_t> first, count, group_of(items);
    for (size_t item = 0; item < items; ++item) {
        auto inserted = seen.emplace(item_values(item), first.size());
        if (inserted.second) {
            first.push_back(item);
            count.push_back(0);
        }
        group_of[item] = inserted.first->second;
        ++count[inserted.first->second];
    }
    Groups g;
    std::vector<size_t> position(first.size());
    if (sorted) {
        // The map iterates in ascending (lexicographic) order of the values.
        for (const auto& entry : seen) {
            position[entry.second] = g.first.size();
            g.first.push_back(first[entry.second]);
            g.count.push_back(count[entry.second]);
        }
    } else {
        for (size_t k = 0; k < first.size(); ++k)
            position[k] = k;
        g.first = first;
        g.count = count;
    }
    g.group_of.resize(items);
    for (size_t item = 0; item < items; ++item)
        g.group_of[item] = position[group_of[item]];
    return g;
}

void write_integers(Tensor& t, const std::vector<size_t>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
        if (t.get_element_type() == element::i32)
            t.data<int32_t>()[i] = static_cast<int32_t>(values[i]);
        else
            t.data<int64_t>()[i] = static_cast<int64_t>(values[i]);
    }
}

}  // namespace

Unique::Unique(const Output<Node>& data, const bool sorted, const element::Type& index_element_type,
               const element::Type& count_element_type)
    : Op({data}, 4),
      m_sorted(sorted),
      m_index_element_type(index_element_type),
      m_count_element_type(count_element_type) {
    constructor_validate_and_infer_types();
}

Unique::Unique(const Output<Node>& data, const Output<Node>& axis, const bool sorted,
               const element::Type& index_element_type, const element::Type& count_element_type)
    : Op({data, axis}, 4),
      m_sorted(sorted),
      m_index_element_type(index_element_type),
      m_count_element_type(count_element_type) {
    constructor_validate_and_infer_types();
}

bool Unique::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("sorted", m_sorted);
    visitor.on_attribute("index_element_type", m_index_element_type);
    visitor.on_attribute("count_element_type", m_count_element_type);
    return true;
}

void Unique::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1 || get_input_size() == 2, "expects 1 or 2 inputs (data, axis), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_index_element_type == element::i32 || m_index_element_type == element::i64,
                      "index_element_type must be i32 or i64, got ", m_index_element_type);
    DEVMUX_NODE_CHECK(*this, m_count_element_type == element::i32 || m_count_element_type == element::i64,
                      "count_element_type must be i32 or i64, got ", m_count_element_type);
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    // Up to n distinct items out of n (at least one when there is any item).
    auto distinct = [](const Dimension& n) {
        if (n.is_static())
            return n.get_length() == 0 ? Dimension(0) : Dimension(1, n.get_length());
        return Dimension(0, n.get_max_length());
    };
    Dimension total = Dimension::dynamic();
    if (data.rank_is_static()) {
        int64_t product = 1;
        bool known = true;
        for (const auto& d : data) {
            known = known && d.is_static();
            if (known)
                product *= d.get_length();
        }
        if (known)
            total = Dimension(product);
    }
    if (get_input_size() == 1) {
        const Dimension unique = distinct(total);
        set_output_type(0, type, PartialShape{unique});
        set_output_type(1, m_index_element_type, PartialShape{unique});
        set_output_type(2, m_index_element_type, PartialShape{total});
        set_output_type(3, m_count_element_type, PartialShape{unique});
        return;
    }
    devmux::ref::check_integral_input(*this, 1, "axis");
    const auto& axis_shape = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this,
                      !axis_shape.rank_is_static() || axis_shape.size() == 0 ||
                          (axis_shape.size() == 1 && axis_shape.compatible(PartialShape{1})),
                      "axis must be a scalar, got shape ", axis_shape);
    const auto axis_const = devmux::ref::constant_input(*this, 1);
    if (!axis_const || !data.rank_is_static()) {
        const PartialShape unknown_1d{Dimension::dynamic()};
        set_output_type(0, type, data.rank_is_static() ? PartialShape(std::vector<Dimension>(data.size()))
                                                       : PartialShape::dynamic());
        set_output_type(1, m_index_element_type, unknown_1d);
        set_output_type(2, m_index_element_type, unknown_1d);
        set_output_type(3, m_count_element_type, unknown_1d);
        return;
    }
    const auto values = axis_const->cast_vector<int64_t>();
    DEVMUX_NODE_CHECK(*this, values.size() == 1, "axis must hold one value, got ", values.size());
    DEVMUX_NODE_CHECK(*this, data.size() > 0, "data must have rank 1 or more to take an axis, got a scalar");
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, values[0], static_cast<int64_t>(data.size())));
    const Dimension unique = distinct(data[axis]);
    std::vector<Dimension> dims(data.begin(), data.end());
    dims[axis] = unique;
    set_output_type(0, type, PartialShape(dims));
    set_output_type(1, m_index_element_type, PartialShape{unique});
    set_output_type(2, m_index_element_type, PartialShape{data[axis]});
    set_output_type(3, m_count_element_type, PartialShape{unique});
}

std::shared_ptr<Node> Unique::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1 || new_args.size() == 2, "clone expects 1 or 2 inputs, got ",
                      new_args.size());
    if (new_args.size() == 1)
        return std::make_shared<Unique>(new_args[0], m_sorted, m_index_element_type, m_count_element_type);
    return std::make_shared<Unique>(new_args[0], new_args[1], m_sorted, m_index_element_type, m_count_element_type);
}

bool Unique::has_evaluate() const {
    if (get_input_size() < 1)
        return false;
    const auto& type = get_input_element_type(0);
    return type.is_static() && type != element::u64 &&
           (m_index_element_type == element::i32 || m_index_element_type == element::i64) &&
           (m_count_element_type == element::i32 || m_count_element_type == element::i64);
}

bool Unique::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 1 || inputs.size() == 2, "evaluate() needs 1 or 2 input tensors, got ",
                      inputs.size());
    devmux::ref::check_evaluate_args(*this, inputs, inputs.size());
    const Tensor& data = inputs[0];
    const auto type = data.get_element_type();
    DEVMUX_NODE_CHECK(*this, type != element::u64, "element type ", type, " is not evaluated");
    const Shape& shape = data.get_shape();
    size_t outer = 1, items = data.get_size(), inner = 1, axis = 0;
    const bool by_axis = inputs.size() == 2;
    if (by_axis) {
        DEVMUX_NODE_CHECK(*this, inputs[1].get_element_type().is_integral_number(),
                          "axis must be an integer tensor, got element type ", inputs[1].get_element_type());
        const auto values = devmux::ref::tensor_to_i64(inputs[1]);
        DEVMUX_NODE_CHECK(*this, values.size() == 1, "axis must hold one value, got ", values.size());
        axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, values[0], static_cast<int64_t>(shape.size())));
        outer = devmux::ref::product(shape, 0, axis);
        items = shape[axis];
        inner = devmux::ref::product(shape, axis + 1, shape.size());
    }
    const Groups g = type.is_real() ? group_items<double>(data, outer, items, inner, m_sorted)
                                    : group_items<int64_t>(data, outer, items, inner, m_sorted);
    const size_t unique = g.first.size();
    Shape values_shape{unique};
    if (by_axis) {
        values_shape = shape;
        values_shape[axis] = unique;
    }
    if (outputs.size() < 4)
        outputs.resize(4);  // before taking references: growing the vector later would move the tensors
    Tensor& values = devmux::ref::prepare_output(outputs, 0, type, values_shape);
    const size_t elem = type.size();
    const auto* src = static_cast<const char*>(data.data());
    auto* dst = static_cast<char*>(values.data());
    for (size_t o = 0; o < outer; ++o)
        for (size_t k = 0; k < unique; ++k)
            if (inner != 0)
                std::memcpy(dst + (o * unique + k) * inner * elem, src + (o * items + g.first[k]) * inner * elem,
                            inner * elem);
    write_integers(devmux::ref::prepare_output(outputs, 1, m_index_element_type, Shape{unique}), g.first);
    write_integers(devmux::ref::prepare_output(outputs, 2, m_index_element_type, Shape{items}), g.group_of);
    write_integers(devmux::ref::prepare_output(outputs, 3, m_count_element_type, Shape{unique}), g.count);
    return true;
}

}  // namespace v10
}  // namespace op
}  // namespace ov
