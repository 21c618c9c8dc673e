// SPDX-License-Identifier: Apache-2.0
// One-input element-wise tests and negations: IsFinite, IsInf, IsNaN (real in, boolean out), LogicalNot and
// BitwiseNot.
#include <cmath>
#include <type_traits>

#include "openvino/op/bitwise_not.hpp"
#include "openvino/op/is_finite.hpp"
#include "openvino/op/is_inf.hpp"
#include "openvino/op/is_nan.hpp"
#include "openvino/op/logical_not.hpp"
#include "ops/reference/elementwise_general.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_bits;
using devmux::ref::dispatch_everything;
using devmux::ref::dispatch_reals;

void check_predicate_input_count(const Node& node, size_t given) {
    if (given != 1)
        OPENVINO_THROW(describe(node), ": expects 1 input, got ", given);
}

// IsFinite, IsInf, IsNaN: a real input, a boolean output of its shape.
void validate_real_test(Node& node) {
    check_predicate_input_count(node, node.get_input_size());
    const auto& type = node.get_input_element_type(0);
    if (!type.is_dynamic() && !type.is_real())
        OPENVINO_THROW(describe(node), ": the input must have a real element type, got ", type);
    node.set_output_type(0, element::boolean, node.get_input_partial_shape(0));
}

template <typename Dispatch>
bool evaluates_predicate(const Node& node, Dispatch dispatch) {
    return node.get_input_size() == 1 && dispatch(node.get_input_element_type(0), [](auto) {});
}

struct IsFiniteFn {
    template <typename C>
    bool operator()(C x) const {
        return std::isfinite(x);
    }
};
struct IsNaNFn {
    template <typename C>
    bool operator()(C x) const {
        return std::isnan(x);
    }
};
struct IsInfFn {
    bool negative, positive;
    template <typename C>
    bool operator()(C x) const {
        return std::isinf(x) && (x > C(0) ? positive : negative);
    }
};
struct LogicalNotFn {
    template <typename C>
    C operator()(C x) const {
        return static_cast<C>(x == C(0));
    }
};
struct BitwiseNotFn {
    template <typename C>
    C operator()(C x) const {
        if constexpr (std::is_same<C, bool>::value)
            return !x;
        else
            return static_cast<C>(~x);
    }
};
}  // namespace

namespace v10 {

#define DEVMUX_REAL_TEST_OP(NAME, FUNCTOR)                                                                          \
    NAME::NAME(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }                     \
    void NAME::validate_and_infer_types() { validate_real_test(*this); }                                            \
    bool NAME::visit_attributes(AttributeVisitor&) { return true; }                                                 \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {                         \
        check_predicate_input_count(*this, new_args.size());                                                        \
        return std::make_shared<NAME>(new_args[0]);                                                                 \
    }                                                                                                               \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                                  \
        return devmux::ref::evaluate_unary_general<true>(*this, outputs, inputs, dispatch_reals, FUNCTOR{});        \
    }                                                                                                               \
    bool NAME::has_evaluate() const { return evaluates_predicate(*this, dispatch_reals); }

DEVMUX_REAL_TEST_OP(IsFinite, IsFiniteFn)
DEVMUX_REAL_TEST_OP(IsNaN, IsNaNFn)
#undef DEVMUX_REAL_TEST_OP

IsInf::IsInf(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

IsInf::IsInf(const Output<Node>& data, const Attributes& attributes) : Op({data}), m_attributes(attributes) {
    constructor_validate_and_infer_types();
}

void IsInf::validate_and_infer_types() { validate_real_test(*this); }

bool IsInf::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("detect_negative", m_attributes.detect_negative);
    visitor.on_attribute("detect_positive", m_attributes.detect_positive);
    return true;
}

std::shared_ptr<Node> IsInf::clone_with_new_inputs(const OutputVector& new_args) const {
    check_predicate_input_count(*this, new_args.size());
    return std::make_shared<IsInf>(new_args[0], m_attributes);
}

bool IsInf::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_unary_general<true>(
        *this, outputs, inputs, dispatch_reals, IsInfFn{m_attributes.detect_negative, m_attributes.detect_positive});
}

bool IsInf::has_evaluate() const { return evaluates_predicate(*this, dispatch_reals); }

}  // namespace v10

namespace v1 {

LogicalNot::LogicalNot(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }

// Any element type is accepted (OpenVINO keeps this for old models); the output has the input's type.
void LogicalNot::validate_and_infer_types() {
    check_predicate_input_count(*this, get_input_size());
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

bool LogicalNot::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> LogicalNot::clone_with_new_inputs(const OutputVector& new_args) const {
    check_predicate_input_count(*this, new_args.size());
    return std::make_shared<LogicalNot>(new_args[0]);
}

bool LogicalNot::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_everything, LogicalNotFn{});
}

bool LogicalNot::has_evaluate() const { return evaluates_predicate(*this, dispatch_everything); }

}  // namespace v1

namespace v13 {

BitwiseNot::BitwiseNot(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }

void BitwiseNot::validate_and_infer_types() {
    check_predicate_input_count(*this, get_input_size());
    const auto& type = get_input_element_type(0);
    if (!type.is_dynamic() && !type.is_integral())
        OPENVINO_THROW(describe(*this), ": the input must have an integer or boolean element type, got ", type);
    set_output_type(0, type, get_input_partial_shape(0));
}

bool BitwiseNot::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> BitwiseNot::clone_with_new_inputs(const OutputVector& new_args) const {
    check_predicate_input_count(*this, new_args.size());
    return std::make_shared<BitwiseNot>(new_args[0]);
}

bool BitwiseNot::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_bits, BitwiseNotFn{});
}

bool BitwiseNot::has_evaluate() const { return evaluates_predicate(*this, dispatch_bits); }

}  // namespace v13
}  // namespace op
}  // namespace ov
