// SPDX-License-Identifier: Apache-2.0
// Reference evaluation of element-wise ops: one loop for all unary ops and one (broadcasting) loop for all
// binary ops, parameterised by a scalar functor, plus integer arithmetic that wraps instead of overflowing
// into undefined behaviour.
#pragma once

#include <array>
#include <type_traits>

#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/util/attr_types.hpp"
#include "openvino/runtime/tensor.hpp"
#include "ops/reference/broadcast.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace ref {

// Two's complement wrap-around for integers, computed in an unsigned type at least as wide as unsigned
// int so that neither signed overflow nor promotion to int can occur; plain arithmetic for reals.
template <typename T>
using wrap_type_t =
    typename std::conditional<(sizeof(T) < sizeof(unsigned)), unsigned, typename std::make_unsigned<T>::type>::type;

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
T wrap_add(T a, T b) {
    return static_cast<T>(static_cast<wrap_type_t<T>>(a) + static_cast<wrap_type_t<T>>(b));
}
template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
T wrap_sub(T a, T b) {
    return static_cast<T>(static_cast<wrap_type_t<T>>(a) - static_cast<wrap_type_t<T>>(b));
}
template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
T wrap_mul(T a, T b) {
    return static_cast<T>(static_cast<wrap_type_t<T>>(a) * static_cast<wrap_type_t<T>>(b));
}
template <typename T, typename std::enable_if<!std::is_integral<T>::value, int>::type = 0>
T wrap_add(T a, T b) {
    return a + b;
}
template <typename T, typename std::enable_if<!std::is_integral<T>::value, int>::type = 0>
T wrap_sub(T a, T b) {
    return a - b;
}
template <typename T, typename std::enable_if<!std::is_integral<T>::value, int>::type = 0>
T wrap_mul(T a, T b) {
    return a * b;
}

// True when the tensor's elements lie row-major without gaps (extent-1 axes may have any stride).
inline bool is_dense(const ov::Tensor& t) {
    if (t.is_continuous())  // default strides: dense, and nothing to allocate on the infer path
        return true;
    const ov::Shape& shape = t.get_shape();
    const ov::Strides strides = t.get_strides();
    size_t expected = t.get_element_type().size();
    for (size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && strides[i] != expected)
            return false;
        expected *= shape[i];
    }
    return true;
}

// Checks an evaluate() call's tensor counts and that every input is allocated and dense.
inline void check_evaluate_args(const ov::Node& node, const ov::TensorVector& inputs, size_t input_count) {
    if (inputs.size() != input_count)
        OPENVINO_THROW(describe(node), ": evaluate() needs ", input_count, " input tensors, got ", inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i])
            OPENVINO_THROW(describe(node), ": evaluate() got an empty tensor for input ", i);
        if (!is_dense(inputs[i]))
            OPENVINO_THROW(describe(node), ": evaluate() needs dense tensors; input ", i, " has strides ",
                           inputs[i].get_strides());
    }
}

// The element types every op of the families here accept for evaluation.
enum class TypeSet { Real, Numeric };

// A compile-time choice, so that fn is instantiated only for the types of the set.
template <TypeSet Set, typename Fn>
bool dispatch_set(const ov::element::Type& type, Fn&& fn) {
    if constexpr (Set == TypeSet::Real)
        return dispatch_real(type, fn);
    else
        return dispatch_numeric(type, fn);
}

// out[i] = fn(in[i]) in the compute type. fn is a functor with `template <class C> C operator()(C) const`.
// Returns false for element types outside Set.
template <TypeSet Set, typename Fn>
bool evaluate_unary(const ov::Node& node, ov::TensorVector& outputs, const ov::TensorVector& inputs, Fn fn) {
    check_evaluate_args(node, inputs, 1);
    const ov::Tensor& in = inputs[0];
    const auto type = in.get_element_type();
    const ov::Shape& shape = in.get_shape();
    bool done = false;
    dispatch_set<Set>(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        ov::Tensor& out = prepare_output(outputs, 0, type, shape);
        const T* src = in.data<T>();
        T* dst = out.data<T>();
        const size_t n = ov::shape_size(shape);
        for (size_t i = 0; i < n; ++i)
            dst[i] = static_cast<T>(fn(static_cast<C>(src[i])));
        done = true;
    });
    return done;
}

// out = fn(a, b) with a and b broadcast under autob. fn is a functor with
// `template <class C> C operator()(C, C) const`. Throws when the input types differ or the shapes do not
// fit autob; returns false for element types outside Set.
template <TypeSet Set, typename Fn>
bool evaluate_binary(const ov::Node& node, const ov::op::AutoBroadcastSpec& autob, ov::TensorVector& outputs,
                     const ov::TensorVector& inputs, Fn fn) {
    check_evaluate_args(node, inputs, 2);
    const ov::Tensor& a = inputs[0];
    const ov::Tensor& b = inputs[1];
    const auto type = a.get_element_type();
    if (b.get_element_type() != type)
        OPENVINO_THROW(describe(node), ": input element types differ (", type, " and ", b.get_element_type(), ")");
    const ov::Shape& a_shape = a.get_shape();
    const ov::Shape& b_shape = b.get_shape();
    // Equal shapes need no broadcast shape (whose computation allocates): the common case on a plan.
    const ov::Shape out_shape_storage =
        a_shape == b_shape ? ov::Shape() : infer_broadcast_shape(node, a_shape, b_shape, autob).to_shape();
    const ov::Shape& out_shape = a_shape == b_shape ? a_shape : out_shape_storage;
    bool done = false;
    dispatch_set<Set>(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        ov::Tensor& out = prepare_output(outputs, 0, type, out_shape);
        const T* pa = a.data<T>();
        const T* pb = b.data<T>();
        T* po = out.data<T>();
        if (a_shape == b_shape) {
            const size_t n = ov::shape_size(out_shape);
            for (size_t i = 0; i < n; ++i)
                po[i] = static_cast<T>(fn(static_cast<C>(pa[i]), static_cast<C>(pb[i])));
        } else {
            for_each_broadcast_ref<2>(out_shape, {a_shape, b_shape}, [&](size_t o, const std::array<size_t, 2>& i) {
                po[o] = static_cast<T>(fn(static_cast<C>(pa[i[0]]), static_cast<C>(pb[i[1]])));
            });
        }
        done = true;
    });
    return done;
}

}  // namespace ref
}  // namespace devmux
