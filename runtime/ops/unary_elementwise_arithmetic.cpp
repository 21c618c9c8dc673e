// SPDX-License-Identifier: Apache-2.0
// Relu, Sigmoid, Tanh, Exp, Sqrt and their base class.
#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

#include <cmath>

#include "openvino/op/exp.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/tanh.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::TypeSet;

void check_unary_arithmetic_input_count(const Node& node, size_t expected, size_t given) {
    if (given != expected)
        OPENVINO_THROW(describe(node), ": expects ", expected, " input, got ", given);
}

struct ReluFn {
    template <typename C>
    C operator()(C x) const {
        return x > C(0) ? x : C(0);
    }
};
struct SigmoidFn {
    template <typename C>
    C operator()(C x) const {
        return C(1) / (C(1) + std::exp(-x));
    }
};
struct TanhFn {
    template <typename C>
    C operator()(C x) const {
        return std::tanh(x);
    }
};
struct ExpFn {
    template <typename C>
    C operator()(C x) const {
        return std::exp(x);
    }
};
struct SqrtFn {
    template <typename C>
    C operator()(C x) const {
        return std::sqrt(x);
    }
};
}  // namespace

namespace util {

UnaryElementwiseArithmetic::UnaryElementwiseArithmetic(const Output<Node>& arg) : Op({arg}) {}

void UnaryElementwiseArithmetic::validate_and_infer_types() {
    check_unary_arithmetic_input_count(*this, 1, get_input_size());
    const auto& type = get_input_element_type(0);
    if (type == element::boolean)
        OPENVINO_THROW(describe(*this), ": arithmetic on a boolean input is not supported");
    set_output_type(0, type, get_input_partial_shape(0));
}

bool UnaryElementwiseArithmetic::visit_attributes(AttributeVisitor&) { return true; }

}  // namespace util

namespace v0 {

// The five ops differ only in their scalar functor and the element types they evaluate.
#define DEVMUX_UNARY_OP(NAME, FUNCTOR, TYPES)                                                                     \
    NAME::NAME(const Output<Node>& arg) : util::UnaryElementwiseArithmetic(arg) {                                 \
        constructor_validate_and_infer_types();                                                                   \
    }                                                                                                             \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {                       \
        check_unary_arithmetic_input_count(*this, 1, new_args.size());                                            \
        return std::make_shared<NAME>(new_args[0]);                                                               \
    }                                                                                                             \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                                \
        return devmux::ref::evaluate_unary<TYPES>(*this, outputs, inputs, FUNCTOR{});                             \
    }                                                                                                             \
    bool NAME::has_evaluate() const {                                                                             \
        return get_input_size() == 1 && devmux::ref::dispatch_set<TYPES>(get_input_element_type(0), [](auto) {}); \
    }

DEVMUX_UNARY_OP(Relu, ReluFn, TypeSet::Numeric)
DEVMUX_UNARY_OP(Sigmoid, SigmoidFn, TypeSet::Real)
DEVMUX_UNARY_OP(Tanh, TanhFn, TypeSet::Real)
DEVMUX_UNARY_OP(Exp, ExpFn, TypeSet::Real)
DEVMUX_UNARY_OP(Sqrt, SqrtFn, TypeSet::Real)
#undef DEVMUX_UNARY_OP

}  // namespace v0
}  // namespace op
}  // namespace ov

