// SPDX-License-Identifier: Apache-2.0
// TopK-1, -3 and -11: one shape inference and one reference kernel. Ties are always broken by the lower
// index, which is what v11's "stable" asks for and a valid choice for the versions that leave ties free.
#include "openvino/op/topk.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/enum_names.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

struct ModeName {
    TopKMode value;
    const char* name;
};
struct SortName {
    TopKSortType value;
    const char* name;
};
const ModeName topk_mode_names[] = {{TopKMode::MAX, "max"}, {TopKMode::MIN, "min"}};
const SortName sort_names[] = {{TopKSortType::NONE, "none"},
                               {TopKSortType::SORT_INDICES, "index"},
                               {TopKSortType::SORT_VALUES, "value"}};

TopKMode topk_mode_from_string(const std::string& text) {
    for (const auto& n : topk_mode_names)
        if (devmux::ref::lower_case(text) == n.name)
            return n.value;
    OPENVINO_THROW("TopK: '", text, "' is not a valid mode (max, min)");
}

TopKSortType sort_from_string(const std::string& text) {
    for (const auto& n : sort_names)
        if (devmux::ref::lower_case(text) == n.name)
            return n.value;
    OPENVINO_THROW("TopK: '", text, "' is not a valid sort type (value, index, none)");
}

// k as a non-negative count; throws naming the op otherwise.
size_t checked_k(const Node& op, const std::vector<int64_t>& values) {
    DEVMUX_NODE_CHECK(op, values.size() == 1, "k must hold one value, got ", values.size());
    DEVMUX_NODE_CHECK(op, values[0] >= 0, "k must not be negative, got ", values[0]);
    return static_cast<size_t>(values[0]);
}

template <typename T, typename C, typename I>
void topk_kernel(const T* data, T* values, I* indices, const Shape& shape, size_t axis, size_t k, TopKMode mode,
                 TopKSortType sort) {
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t dim = shape[axis];
    const size_t inner = devmux::ref::product(shape, axis + 1, shape.size());
    std::vector<size_t> order(dim);
    for (size_t o = 0; o < outer; ++o) {
        for (size_t in = 0; in < inner; ++in) {
            const T* slice = data + o * dim * inner + in;
            auto at = [&](size_t i) { return static_cast<C>(slice[i * inner]); };
            // A strict total order: better value first, then lower index.
            auto before = [&](size_t a, size_t b) {
                const C va = at(a), vb = at(b);
                if (va != vb)
                    return mode == TopKMode::MAX ? va > vb : va < vb;
                return a < b;
            };
            std::iota(order.begin(), order.end(), size_t{0});
            std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(), before);
            if (sort == TopKSortType::SORT_INDICES)
                std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
            for (size_t j = 0; j < k; ++j) {
                const size_t target = (o * k + j) * inner + in;
                values[target] = slice[order[j] * inner];
                indices[target] = static_cast<I>(order[j]);
            }
        }
    }
}

}  // namespace

std::ostream& operator<<(std::ostream& os, TopKMode mode) {
    for (const auto& n : topk_mode_names)
        if (n.value == mode)
            return os << n.name;
    return os << static_cast<int>(mode);
}
std::istream& operator>>(std::istream& is, TopKMode& mode) {
    std::string text;
    is >> text;
    mode = topk_mode_from_string(text);
    return is;
}
std::ostream& operator<<(std::ostream& os, TopKSortType sort) {
    for (const auto& n : sort_names)
        if (n.value == sort)
            return os << n.name;
    return os << static_cast<int>(sort);
}
std::istream& operator>>(std::istream& is, TopKSortType& sort) {
    std::string text;
    is >> text;
    sort = sort_from_string(text);
    return is;
}

namespace util {

TopKBase::TopKBase(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
                   const std::string& sort, const element::Type& index_element_type)
    : TopKBase(data, k, axis, topk_mode_from_string(mode), sort_from_string(sort), index_element_type) {}

TopKBase::TopKBase(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
                   const TopKSortType sort, const element::Type& index_element_type)
    : Op({data, k}, 2), m_axis(axis), m_mode(mode), m_sort(sort), m_index_element_type(index_element_type) {}

bool TopKBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    visitor.on_attribute("mode", m_mode);
    visitor.on_attribute("sort", m_sort);
    visitor.on_attribute("index_element_type", m_index_element_type);
    return true;
}

void TopKBase::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, k), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_index_element_type == element::i32 || m_index_element_type == element::i64,
                      "index_element_type must be i32 or i64, got ", m_index_element_type);
    devmux::ref::check_integral_input(*this, 1, "k");
    const auto& k_shape = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this,
                      !k_shape.rank_is_static() || k_shape.size() == 0 ||
                          (k_shape.size() == 1 && k_shape.compatible(PartialShape{1})),
                      "k must be a scalar, got shape ", k_shape);
    const auto& type = get_input_element_type(0);
    const auto& data = get_input_partial_shape(0);
    if (!data.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        set_output_type(1, m_index_element_type, PartialShape::dynamic());
        return;
    }
    DEVMUX_NODE_CHECK(*this, data.size() > 0, "data must have rank 1 or more, got a scalar");
    m_normalized_axis =
        static_cast<uint64_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size())));
    std::vector<Dimension> dims(data.begin(), data.end());
    const Dimension& along = data[m_normalized_axis];
    if (const auto k_const = devmux::ref::constant_input(*this, 1)) {
        const auto k = static_cast<int64_t>(checked_k(*this, k_const->cast_vector<int64_t>()));
        // k larger than the axis keeps the whole axis.
        if (along.is_static())
            dims[m_normalized_axis] = Dimension(std::min(k, along.get_length()));
        else if (along.get_max_length() >= 0)
            dims[m_normalized_axis] = Dimension(std::min(k, along.get_min_length()), std::min(k, along.get_max_length()));
        else
            dims[m_normalized_axis] = Dimension(std::min(k, along.get_min_length()), k);
    } else {
        dims[m_normalized_axis] = Dimension(0, along.get_max_length());
    }
    set_output_type(0, type, PartialShape(dims));
    set_output_type(1, m_index_element_type, PartialShape(dims));
}

uint64_t TopKBase::get_axis() const {
    const auto& data = get_input_size() > 0 ? get_input_partial_shape(0) : PartialShape::dynamic();
    if (m_axis < 0 && data.rank_is_static())
        return static_cast<uint64_t>(m_axis + static_cast<int64_t>(data.size()));
    return static_cast<uint64_t>(m_axis);
}

void TopKBase::set_axis(const int64_t axis) {
    m_axis = axis;
    const auto& data = get_input_size() > 0 ? get_input_partial_shape(0) : PartialShape::dynamic();
    if (data.rank_is_static())
        m_normalized_axis =
            static_cast<uint64_t>(devmux::ref::normalize_axis(*this, axis, static_cast<int64_t>(data.size())));
}

size_t TopKBase::get_k() const {
    const auto k_const = devmux::ref::constant_input(*this, 1);
    if (!k_const)
        return 0;
    return checked_k(*this, k_const->cast_vector<int64_t>());
}

void TopKBase::set_k(size_t k) {
    set_argument(1, v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{static_cast<int64_t>(k)}));
}

bool TopKBase::has_evaluate() const {
    const auto& type = get_input_size() > 0 ? get_input_element_type(0) : element::dynamic;
    return type.is_static() && type != element::boolean &&
           (m_index_element_type == element::i32 || m_index_element_type == element::i64);
}

bool TopKBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    const Tensor& data = inputs[0];
    const Shape& shape = data.get_shape();
    DEVMUX_NODE_CHECK(*this, !shape.empty(), "data must have rank 1 or more, got a scalar");
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size())));
    DEVMUX_NODE_CHECK(*this, inputs[1].get_element_type().is_integral_number(),
                      "k must be an integer tensor, got element type ", inputs[1].get_element_type());
    const size_t k = std::min(checked_k(*this, devmux::ref::tensor_to_i64(inputs[1])), shape[axis]);
    Shape out_shape = shape;
    out_shape[axis] = k;
    const auto type = data.get_element_type();
    if (outputs.size() < 2)
        outputs.resize(2);  // before taking references: growing the vector later would move the tensors
    Tensor& values = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    Tensor& indices = devmux::ref::prepare_output(outputs, 1, m_index_element_type, out_shape);
    return devmux::ref::dispatch_numeric(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        const T* in = static_cast<const T*>(data.data());
        T* out = static_cast<T*>(values.data());
        if (m_index_element_type == element::i32)
            topk_kernel<T, C>(in, out, indices.data<int32_t>(), shape, axis, k, m_mode, m_sort);
        else
            topk_kernel<T, C>(in, out, indices.data<int64_t>(), shape, axis, k, m_mode, m_sort);
    });
}

}  // namespace util

namespace v1 {

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
           const std::string& sort, const element::Type& index_element_type)
    : TopKBase(data, k, axis, mode, sort, index_element_type) {
    constructor_validate_and_infer_types();
}

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const Mode mode, const SortType sort,
           const element::Type& index_element_type)
    : TopKBase(data, k, axis, mode, sort, index_element_type) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> TopK::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<TopK>(new_args[0], new_args[1], m_axis, m_mode, m_sort, m_index_element_type);
}

}  // namespace v1

namespace v3 {

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
           const std::string& sort, const element::Type& index_element_type)
    : TopKBase(data, k, axis, mode, sort, index_element_type) {
    constructor_validate_and_infer_types();
}

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
           const TopKSortType sort, const element::Type& index_element_type)
    : TopKBase(data, k, axis, mode, sort, index_element_type) {
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> TopK::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<TopK>(new_args[0], new_args[1], m_axis, m_mode, m_sort, m_index_element_type);
}

}  // namespace v3

namespace v11 {

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const std::string& mode,
           const std::string& sort, const element::Type& index_element_type, const bool stable)
    : TopKBase(data, k, axis, mode, sort, index_element_type), m_stable(stable) {
    constructor_validate_and_infer_types();
}

TopK::TopK(const Output<Node>& data, const Output<Node>& k, const int64_t axis, const TopKMode mode,
           const TopKSortType sort, const element::Type& index_element_type, const bool stable)
    : TopKBase(data, k, axis, mode, sort, index_element_type), m_stable(stable) {
    constructor_validate_and_infer_types();
}

bool TopK::visit_attributes(AttributeVisitor& visitor) {
    TopKBase::visit_attributes(visitor);
    visitor.on_attribute("stable", m_stable);
    return true;
}

std::shared_ptr<Node> TopK::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<TopK>(new_args[0], new_args[1], m_axis, m_mode, m_sort, m_index_element_type, m_stable);
}

}  // namespace v11
}  // namespace op
}  // namespace ov
