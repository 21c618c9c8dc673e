// SPDX-License-Identifier: Apache-2.0
// Add, Subtract, Multiply, Divide, Maximum, Minimum and their base class.
#include "openvino/op/util/binary_elementwise_arithmetic.hpp"

#include <type_traits>

#include "openvino/op/add.hpp"
#include "openvino/op/divide.hpp"
#include "openvino/op/maximum.hpp"
#include "openvino/op/minimum.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/subtract.hpp"
#include "ops/reference/broadcast.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::TypeSet;

void check_arithmetic_input_count(const Node& node, size_t expected, size_t given) {
    if (given != expected)
        OPENVINO_THROW(describe(node), ": expects ", expected, " inputs, got ", given);
}

bool evaluates_arithmetic(const Node& node) {
    return node.get_input_size() > 0 && devmux::ref::dispatch_numeric(node.get_input_element_type(0), [](auto) {});
}

struct AddFn {
    template <typename C>
    C operator()(C a, C b) const {
        return devmux::ref::wrap_add(a, b);
    }
};
struct SubtractFn {
    template <typename C>
    C operator()(C a, C b) const {
        return devmux::ref::wrap_sub(a, b);
    }
};
struct MultiplyFn {
    template <typename C>
    C operator()(C a, C b) const {
        return devmux::ref::wrap_mul(a, b);
    }
};
struct MaximumFn {
    template <typename C>
    C operator()(C a, C b) const {
        return a > b ? a : b;
    }
};
struct MinimumFn {
    template <typename C>
    C operator()(C a, C b) const {
        return a < b ? a : b;
    }
};

struct DivideFn {
    const Node* node;
    bool pythondiv;

    template <typename C, typename std::enable_if<!std::is_integral<C>::value, int>::type = 0>
    C operator()(C a, C b) const {
        return a / b;
    }
    template <typename C, typename std::enable_if<std::is_integral<C>::value, int>::type = 0>
    C operator()(C a, C b) const {
        if (b == 0)
            OPENVINO_THROW(describe(*node), ": integer division by zero");
        return divide_integer(a, b);
    }

private:
    template <typename C, typename std::enable_if<std::is_signed<C>::value, int>::type = 0>
    C divide_integer(C a, C b) const {
        // min / -1 overflows; the wrapped result is what two's complement hardware would give.
        if (b == -1)
            return devmux::ref::wrap_sub(C(0), a);
        C q = static_cast<C>(a / b);
        // C++ truncates; floor division steps one further down when the signs differ and it was inexact.
        if (pythondiv && (a % b != 0) && ((a < 0) != (b < 0)))
            --q;
        return q;
    }
    template <typename C, typename std::enable_if<!std::is_signed<C>::value, int>::type = 0>
    C divide_integer(C a, C b) const {
        return static_cast<C>(a / b);
    }
};
}  // namespace

namespace util {

BinaryElementwiseArithmetic::BinaryElementwiseArithmetic(const AutoBroadcastSpec& autob) : m_autob(autob) {}

BinaryElementwiseArithmetic::BinaryElementwiseArithmetic(const Output<Node>& arg0, const Output<Node>& arg1,
                                                         const AutoBroadcastSpec& autob)
    : Op({arg0, arg1}), m_autob(autob) {}

void BinaryElementwiseArithmetic::validate_and_infer_types() {
    check_arithmetic_input_count(*this, 2, get_input_size());
    const auto& t0 = get_input_element_type(0);
    const auto& t1 = get_input_element_type(1);
    element::Type type;
    if (!element::Type::merge(type, t0, t1))
        OPENVINO_THROW(describe(*this), ": input element types differ (", t0, " and ", t1, ")");
    if (type == element::boolean)
        OPENVINO_THROW(describe(*this), ": arithmetic on boolean inputs is not supported");
    set_output_type(
        0, type,
        devmux::ref::infer_broadcast_shape(*this, get_input_partial_shape(0), get_input_partial_shape(1), m_autob));
}

bool BinaryElementwiseArithmetic::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("auto_broadcast", m_autob.m_type);
    return true;
}

}  // namespace util

namespace v1 {

// The six ops differ only in their scalar functor; this keeps their boilerplate in one place.
#define DEVMUX_BINARY_OP(NAME, FUNCTOR)                                                                        \
    NAME::NAME(const Output<Node>& arg0, const Output<Node>& arg1, const AutoBroadcastSpec& auto_broadcast)    \
        : util::BinaryElementwiseArithmetic(arg0, arg1, auto_broadcast) {                                      \
        constructor_validate_and_infer_types();                                                                \
    }                                                                                                          \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {                    \
        check_arithmetic_input_count(*this, 2, new_args.size());                                               \
        return std::make_shared<NAME>(new_args[0], new_args[1], get_autob());                                  \
    }                                                                                                          \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                             \
        return devmux::ref::evaluate_binary<TypeSet::Numeric>(*this, get_autob(), outputs, inputs, FUNCTOR{}); \
    }                                                                                                          \
    bool NAME::has_evaluate() const { return evaluates_arithmetic(*this); }

DEVMUX_BINARY_OP(Add, AddFn)
DEVMUX_BINARY_OP(Subtract, SubtractFn)
DEVMUX_BINARY_OP(Multiply, MultiplyFn)
DEVMUX_BINARY_OP(Maximum, MaximumFn)
DEVMUX_BINARY_OP(Minimum, MinimumFn)
#undef DEVMUX_BINARY_OP

Divide::Divide(const Output<Node>& arg0, const Output<Node>& arg1, bool pythondiv,
               const AutoBroadcastSpec& auto_broadcast)
    : util::BinaryElementwiseArithmetic(arg0, arg1, auto_broadcast), m_pythondiv(pythondiv) {
    constructor_validate_and_infer_types();
}

Divide::Divide(const Output<Node>& arg0, const Output<Node>& arg1, const AutoBroadcastSpec& auto_broadcast)
    : Divide(arg0, arg1, true, auto_broadcast) {}

bool Divide::visit_attributes(AttributeVisitor& visitor) {
    util::BinaryElementwiseArithmetic::visit_attributes(visitor);
    visitor.on_attribute("m_pythondiv", m_pythondiv);
    return true;
}

std::shared_ptr<Node> Divide::clone_with_new_inputs(const OutputVector& new_args) const {
    check_arithmetic_input_count(*this, 2, new_args.size());
    return std::make_shared<Divide>(new_args[0], new_args[1], m_pythondiv, get_autob());
}

bool Divide::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_binary<TypeSet::Numeric>(*this, get_autob(), outputs, inputs,
                                                          DivideFn{this, m_pythondiv});
}

bool Divide::has_evaluate() const { return evaluates_arithmetic(*this); }

}  // namespace v1
}  // namespace op
}  // namespace ov

