// SPDX-License-Identifier: Apache-2.0
// The comparisons (Equal ... LessEqual), the logical ops (LogicalAnd, LogicalOr, LogicalXor, Xor), the bitwise
// ops (BitwiseAnd, BitwiseOr, BitwiseXor) and their three base classes.
#include <type_traits>

#include "openvino/op/bitwise_and.hpp"
#include "openvino/op/bitwise_or.hpp"
#include "openvino/op/bitwise_xor.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/greater.hpp"
#include "openvino/op/greater_eq.hpp"
#include "openvino/op/less.hpp"
#include "openvino/op/less_eq.hpp"
#include "openvino/op/logical_and.hpp"
#include "openvino/op/logical_or.hpp"
#include "openvino/op/logical_xor.hpp"
#include "openvino/op/not_equal.hpp"
#include "openvino/op/util/binary_elementwise_bitwise.hpp"
#include "openvino/op/util/binary_elementwise_comparison.hpp"
#include "openvino/op/util/binary_elementwise_logical.hpp"
#include "openvino/op/xor.hpp"
#include "ops/reference/elementwise_general.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_bits;
using devmux::ref::dispatch_booleans;
using devmux::ref::dispatch_everything;

void check_comparison_input_count(const Node& node, size_t given) {
    if (given != 2)
        OPENVINO_THROW(describe(node), ": expects 2 inputs, got ", given);
}

// The common element type of both inputs; throws naming the node when they differ.
element::Type merged_input_type(const Node& node) {
    check_comparison_input_count(node, node.get_input_size());
    const auto& t0 = node.get_input_element_type(0);
    const auto& t1 = node.get_input_element_type(1);
    element::Type type;
    if (!element::Type::merge(type, t0, t1))
        OPENVINO_THROW(describe(node), ": input element types differ (", t0, " and ", t1, ")");
    return type;
}

PartialShape output_shape(const Node& node, const AutoBroadcastSpec& autob) {
    return devmux::ref::infer_elementwise_shape(node, node.get_input_partial_shape(0), node.get_input_partial_shape(1),
                                                autob);
}

template <typename Dispatch>
bool evaluates_comparison(const Node& node, Dispatch dispatch) {
    return node.get_input_size() == 2 && dispatch(node.get_input_element_type(0), [](auto) {});
}

struct EqualFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a == b;
    }
};
struct NotEqualFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a != b;
    }
};
struct GreaterFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a > b;
    }
};
struct GreaterEqualFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a >= b;
    }
};
struct LessFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a < b;
    }
};
struct LessEqualFn {
    template <typename C>
    bool operator()(C a, C b) const {
        return a <= b;
    }
};
struct AndFn {
    template <typename C>
    C operator()(C a, C b) const {
        if constexpr (std::is_same<C, bool>::value)
            return a && b;
        else
            return static_cast<C>(a & b);
    }
};
struct OrFn {
    template <typename C>
    C operator()(C a, C b) const {
        if constexpr (std::is_same<C, bool>::value)
            return a || b;
        else
            return static_cast<C>(a | b);
    }
};
struct XorFn {
    template <typename C>
    C operator()(C a, C b) const {
        if constexpr (std::is_same<C, bool>::value)
            return a != b;
        else
            return static_cast<C>(a ^ b);
    }
};
}  // namespace

namespace util {

BinaryElementwiseComparison::BinaryElementwiseComparison(const AutoBroadcastSpec& autob) : m_autob(autob) {}
BinaryElementwiseComparison::BinaryElementwiseComparison(const Output<Node>& arg0, const Output<Node>& arg1,
                                                         const AutoBroadcastSpec& autob)
    : Op({arg0, arg1}), m_autob(autob) {}

void BinaryElementwiseComparison::validate_and_infer_types() {
    merged_input_type(*this);
    set_output_type(0, element::boolean, output_shape(*this, m_autob));
}

bool BinaryElementwiseComparison::visit_attributes(AttributeVisitor& visitor) {
    devmux::ref::visit_auto_broadcast(visitor, m_autob);
    return true;
}

BinaryElementwiseLogical::BinaryElementwiseLogical(const AutoBroadcastSpec& autob) : m_autob(autob) {}
BinaryElementwiseLogical::BinaryElementwiseLogical(const Output<Node>& arg0, const Output<Node>& arg1,
                                                   const AutoBroadcastSpec& autob)
    : Op({arg0, arg1}), m_autob(autob) {}

void BinaryElementwiseLogical::validate_and_infer_types() {
    const element::Type type = merged_input_type(*this);
    if (!type.is_dynamic() && type != element::boolean)
        OPENVINO_THROW(describe(*this), ": the inputs must have the boolean element type, got ", type);
    set_output_type(0, element::boolean, output_shape(*this, m_autob));
}

bool BinaryElementwiseLogical::visit_attributes(AttributeVisitor& visitor) {
    devmux::ref::visit_auto_broadcast(visitor, m_autob);
    return true;
}

BinaryElementwiseBitwise::BinaryElementwiseBitwise(const AutoBroadcastSpec& autob) : m_autob(autob) {}
BinaryElementwiseBitwise::BinaryElementwiseBitwise(const Output<Node>& arg0, const Output<Node>& arg1,
                                                   const AutoBroadcastSpec& autob)
    : Op({arg0, arg1}), m_autob(autob) {}

void BinaryElementwiseBitwise::validate_and_infer_types() {
    const element::Type type = merged_input_type(*this);
    if (!type.is_dynamic() && !type.is_integral())
        OPENVINO_THROW(describe(*this), ": the inputs must have an integer or boolean element type, got ", type);
    set_output_type(0, type, output_shape(*this, m_autob));
}

bool BinaryElementwiseBitwise::visit_attributes(AttributeVisitor& visitor) {
    devmux::ref::visit_auto_broadcast(visitor, m_autob);
    return true;
}

}  // namespace util

// BASE: the family's base class; TO_BOOLEAN: whether the output is boolean; DISPATCH: the evaluated types.
#define DEVMUX_BINARY_FAMILY_OP(NAME, BASE, FUNCTOR, TO_BOOLEAN, DISPATCH)                                    \
    NAME::NAME(const Output<Node>& arg0, const Output<Node>& arg1, const AutoBroadcastSpec& auto_broadcast)   \
        : BASE(arg0, arg1, auto_broadcast) {                                                                  \
        constructor_validate_and_infer_types();                                                               \
    }                                                                                                         \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {                   \
        check_comparison_input_count(*this, new_args.size());                                                 \
        return std::make_shared<NAME>(new_args[0], new_args[1], get_autob());                                 \
    }                                                                                                         \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                            \
        return devmux::ref::evaluate_binary_general<TO_BOOLEAN>(*this, get_autob(), outputs, inputs, DISPATCH, \
                                                                FUNCTOR{});                                   \
    }                                                                                                         \
    bool NAME::has_evaluate() const { return evaluates_comparison(*this, DISPATCH); }

namespace v1 {
DEVMUX_BINARY_FAMILY_OP(Equal, util::BinaryElementwiseComparison, EqualFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(NotEqual, util::BinaryElementwiseComparison, NotEqualFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(Greater, util::BinaryElementwiseComparison, GreaterFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(GreaterEqual, util::BinaryElementwiseComparison, GreaterEqualFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(Less, util::BinaryElementwiseComparison, LessFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(LessEqual, util::BinaryElementwiseComparison, LessEqualFn, true, dispatch_everything)
DEVMUX_BINARY_FAMILY_OP(LogicalAnd, util::BinaryElementwiseLogical, AndFn, false, dispatch_booleans)
DEVMUX_BINARY_FAMILY_OP(LogicalOr, util::BinaryElementwiseLogical, OrFn, false, dispatch_booleans)
DEVMUX_BINARY_FAMILY_OP(LogicalXor, util::BinaryElementwiseLogical, XorFn, false, dispatch_booleans)
}  // namespace v1

namespace v0 {
DEVMUX_BINARY_FAMILY_OP(Xor, util::BinaryElementwiseLogical, XorFn, false, dispatch_booleans)
}  // namespace v0

namespace v13 {
DEVMUX_BINARY_FAMILY_OP(BitwiseAnd, util::BinaryElementwiseBitwise, AndFn, false, dispatch_bits)
DEVMUX_BINARY_FAMILY_OP(BitwiseOr, util::BinaryElementwiseBitwise, OrFn, false, dispatch_bits)
DEVMUX_BINARY_FAMILY_OP(BitwiseXor, util::BinaryElementwiseBitwise, XorFn, false, dispatch_bits)
}  // namespace v13
#undef DEVMUX_BINARY_FAMILY_OP

}  // namespace op
}  // namespace ov
