// SPDX-License-Identifier: Apache-2.0
// Reference evaluation for the element-wise ops whose output type may differ from the input's (comparisons,
// IsNaN, ...) or whose inputs may be boolean (logical and bitwise ops), and the PDPD broadcasting rule that
// elementwise.hpp / broadcast.hpp leave out. The scalar work is a functor, as in elementwise.hpp; the element
// types are chosen by a dispatcher: a callable `(const ov::element::Type&, auto&& fn) -> bool` such as
// `[](const auto& t, auto&& f) { return dispatch_any(t, f); }`.
#pragma once

#include <array>
#include <type_traits>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/util/attr_types.hpp"
#include "openvino/runtime/tensor.hpp"
#include "ops/reference/broadcast.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/planned_shape.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace ref {

// The dispatchers of the element-wise families (generic lambdas, so that a functor is instantiated only for
// the types of its family).
inline constexpr auto dispatch_reals = [](const ov::element::Type& t, auto&& fn) { return dispatch_real(t, fn); };
inline constexpr auto dispatch_numbers = [](const ov::element::Type& t, auto&& fn) {
    return dispatch_numeric(t, fn);
};
inline constexpr auto dispatch_everything = [](const ov::element::Type& t, auto&& fn) { return dispatch_any(t, fn); };
inline constexpr auto dispatch_booleans = [](const ov::element::Type& t, auto&& fn) {
    if (t != ov::element::boolean)
        return false;
    fn(TypeTag<char, bool>{});
    return true;
};
// Integers and boolean: the bitwise ops.
inline constexpr auto dispatch_bits = [](const ov::element::Type& t, auto&& fn) {
    return dispatch_booleans(t, fn) || dispatch_integer(t, fn);
};

// PDPD broadcasting: b's axes line up with a's from `axis` on (-1: b's axes are a's last ones, after b's
// trailing 1s are dropped); each of b's extents is 1 or a's. The output has a's shape. Returns false when
// b does not fit that way; otherwise b_axes_begin is the axis of a where b's first axis lies, and b_rank
// the number of b's axes that take part.
inline bool pdpd_alignment(const ov::PartialShape& a, const ov::PartialShape& b, int64_t axis, int64_t& b_axes_begin,
                           int64_t& b_rank) {
    if (!a.rank_is_static() || !b.rank_is_static()) {
        b_axes_begin = 0;
        b_rank = 0;
        return true;
    }
    const int64_t a_rank = static_cast<int64_t>(a.size());
    b_rank = static_cast<int64_t>(b.size());
    if (axis == -1) {
        // Trailing 1s of b are not aligned with anything (PaddlePaddle's rule).
        while (b_rank > 0 && b[b_rank - 1].is_static() && b[b_rank - 1].get_length() == 1)
            --b_rank;
        axis = a_rank - b_rank;
    }
    if (axis < 0 || axis + b_rank > a_rank)
        return false;
    for (int64_t i = 0; i < b_rank; ++i) {
        const ov::Dimension& db = b[i];
        const ov::Dimension& da = a[axis + i];
        if (db.is_static() && db.get_length() == 1)
            continue;
        if (!db.compatible(da))
            return false;
    }
    b_axes_begin = axis;
    return true;
}

// Output shape of an element-wise op with inputs of shapes a and b under autob (numpy, none or pdpd). Throws
// naming the node when the shapes do not fit the rule.
inline ov::PartialShape infer_elementwise_shape(const ov::Node& node, const ov::PartialShape& a,
                                                const ov::PartialShape& b, const ov::op::AutoBroadcastSpec& autob) {
    if (autob.m_type != ov::op::AutoBroadcastType::PDPD)
        return infer_broadcast_shape(node, a, b, autob);
    int64_t begin = 0, rank = 0;
    if (!pdpd_alignment(a, b, autob.m_axis, begin, rank))
        OPENVINO_THROW(describe(node), ": input shape ", b, " does not broadcast to ", a,
                       " (auto_broadcast=pdpd, axis ", autob.m_axis, ")");
    return a;
}

// b's shape padded with 1s to a's rank along the PDPD alignment, so that numpy's walk does the PDPD broadcast.
inline ov::Shape pdpd_padded_shape(const ov::Node& node, const ov::Shape& a, const ov::Shape& b, int64_t axis) {
    int64_t begin = 0, rank = 0;
    if (!pdpd_alignment(ov::PartialShape(a), ov::PartialShape(b), axis, begin, rank))
        OPENVINO_THROW(describe(node), ": input shape ", b, " does not broadcast to ", a,
                       " (auto_broadcast=pdpd, axis ", axis, ")");
    ov::Shape padded(a.size(), 1);
    for (int64_t i = 0; i < rank; ++i)
        padded[static_cast<size_t>(begin + i)] = b[static_cast<size_t>(i)];
    return padded;
}

// Visits the "auto_broadcast" attribute (its type only, as OpenVINO's IR has it). A rule read from text takes
// its default axis, as OpenVINO's AutoBroadcastSpec(type) gives it: -1 (align at the end) for PDPD.
inline void visit_auto_broadcast(ov::AttributeVisitor& visitor, ov::op::AutoBroadcastSpec& autob) {
    const auto before = autob.m_type;
    visitor.on_attribute("auto_broadcast", autob.m_type);
    if (autob.m_type != before)
        autob.m_axis = autob.m_type == ov::op::AutoBroadcastType::PDPD ? -1 : 0;
}

// The static output shape of a binary evaluation, and the shape b is read with (b's own, or padded for PDPD).
inline void binary_eval_shapes(const ov::Node& node, const ov::Shape& a, const ov::Shape& b,
                               const ov::op::AutoBroadcastSpec& autob, ov::Shape& out, ov::Shape& b_view) {
    if (a == b) {
        out = a;
        b_view = b;
    } else if (autob.m_type == ov::op::AutoBroadcastType::PDPD) {
        out = a;
        b_view = pdpd_padded_shape(node, a, b, autob.m_axis);
    } else {
        out = infer_broadcast_shape(node, a, b, autob).to_shape();
        b_view = b;
    }
}

// out[i] = fn(in[i]). ToBoolean: the output is boolean (fn returns bool), else it has the input's type.
// Returns false for element types the dispatcher does not take.
template <bool ToBoolean, typename Dispatch, typename Fn>
bool evaluate_unary_general(const ov::Node& node, ov::TensorVector& outputs, const ov::TensorVector& inputs,
                            Dispatch dispatch, Fn fn) {
    check_evaluate_args(node, inputs, 1);
    const ov::Tensor& in = inputs[0];
    const auto type = in.get_element_type();
    const ov::Shape& shape = in.get_shape();
    return dispatch(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        using OutT = typename std::conditional<ToBoolean, char, T>::type;
        ov::Tensor& out = prepare_output(outputs, 0, ToBoolean ? ov::element::boolean : type, shape);
        const T* src = in.data<T>();
        OutT* dst = out.data<OutT>();
        const size_t n = ov::shape_size(shape);
        for (size_t i = 0; i < n; ++i)
            dst[i] = static_cast<OutT>(fn(static_cast<C>(src[i])));
    });
}

// out = fn(a, b) with a and b broadcast under autob (numpy, none or pdpd). ToBoolean as above.
template <bool ToBoolean, typename Dispatch, typename Fn>
bool evaluate_binary_general(const ov::Node& node, const ov::op::AutoBroadcastSpec& autob, ov::TensorVector& outputs,
                             const ov::TensorVector& inputs, Dispatch dispatch, Fn fn) {
    check_evaluate_args(node, inputs, 2);
    const ov::Tensor& a = inputs[0];
    const ov::Tensor& b = inputs[1];
    const auto type = a.get_element_type();
    if (b.get_element_type() != type)
        OPENVINO_THROW(describe(node), ": input element types differ (", type, " and ", b.get_element_type(), ")");
    const ov::Shape& a_shape = a.get_shape();
    const ov::Shape& b_shape = b.get_shape();
    const bool same = a_shape == b_shape;
    // Equal shapes need no broadcast shapes (which allocate), nor does a numpy broadcast on a plan, whose
    // output is bound with the shape validation found: the infer path allocates nothing in both cases.
    const ov::Shape* planned = same || autob.m_type == ov::op::AutoBroadcastType::PDPD
                                   ? nullptr
                                   : planned_output_shape(node, outputs, inputs);
    ov::Shape out_storage, b_view_storage;
    if (!same && !planned)
        binary_eval_shapes(node, a_shape, b_shape, autob, out_storage, b_view_storage);
    const ov::Shape& out_shape = same ? a_shape : (planned ? *planned : out_storage);
    const ov::Shape& b_view = same || planned ? b_shape : b_view_storage;
    return dispatch(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        using OutT = typename std::conditional<ToBoolean, char, T>::type;
        ov::Tensor& out = prepare_output(outputs, 0, ToBoolean ? ov::element::boolean : type, out_shape);
        const T* pa = a.data<T>();
        const T* pb = b.data<T>();
        OutT* po = out.data<OutT>();
        if (same) {
            const size_t n = ov::shape_size(out_shape);
            for (size_t i = 0; i < n; ++i)
                po[i] = static_cast<OutT>(fn(static_cast<C>(pa[i]), static_cast<C>(pb[i])));
        } else {
            for_each_broadcast_ref<2>(out_shape, {a_shape, b_view}, [&](size_t o, const std::array<size_t, 2>& i) {
                po[o] = static_cast<OutT>(fn(static_cast<C>(pa[i[0]]), static_cast<C>(pb[i[1]])));
            });
        }
    });
}

}  // namespace ref
}  // namespace devmux
