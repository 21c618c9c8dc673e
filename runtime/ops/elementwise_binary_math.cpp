// SPDX-License-Identifier: Apache-2.0
// Power, Mod, FloorMod and SquaredDifference: binary arithmetic ops on the BinaryElementwiseArithmetic base,
// which also accept PDPD broadcasting.
#include <cmath>
#include <type_traits>

#include "openvino/op/floor_mod.hpp"
#include "openvino/op/mod.hpp"
#include "openvino/op/power.hpp"
#include "openvino/op/squared_difference.hpp"
#include "ops/reference/elementwise_general.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_numbers;

void check_binary_math_input_count(const Node& node, size_t given) {
    if (given != 2)
        OPENVINO_THROW(describe(node), ": expects 2 inputs, got ", given);
}

// The base class's rule (one numeric type, no booleans) with the PDPD broadcast added.
void validate_arithmetic(Node& node, const AutoBroadcastSpec& autob) {
    check_binary_math_input_count(node, node.get_input_size());
    const auto& t0 = node.get_input_element_type(0);
    const auto& t1 = node.get_input_element_type(1);
    element::Type type;
    if (!element::Type::merge(type, t0, t1))
        OPENVINO_THROW(describe(node), ": input element types differ (", t0, " and ", t1, ")");
    if (type == element::boolean)
        OPENVINO_THROW(describe(node), ": arithmetic on boolean inputs is not supported");
    node.set_output_type(0, type,
                         devmux::ref::infer_elementwise_shape(node, node.get_input_partial_shape(0),
                                                              node.get_input_partial_shape(1), autob));
}

bool evaluates_binary_math(const Node& node) {
    return node.get_input_size() == 2 && dispatch_numbers(node.get_input_element_type(0), [](auto) {});
}

struct PowerFn {
    const Node* node;
    template <typename C>
    C operator()(C base, C exponent) const {
        if constexpr (std::is_integral<C>::value) {
            if constexpr (std::is_signed<C>::value) {
                if (exponent < 0) {
                    // 1 / base^n truncated: nonzero only for bases 1 and -1.
                    if (base == 0)
                        OPENVINO_THROW(describe(*node), ": integer 0 raised to the negative power ", exponent);
                    if (base == 1)
                        return C(1);
                    if (base == -1)
                        return (exponent % 2 == 0) ? C(1) : C(-1);
                    return C(0);
                }
            }
            // Exact by squaring, wrapping around on overflow as the other integer ops do.
            C result = 1;
            while (exponent > 0) {
                if (exponent & 1)
                    result = devmux::ref::wrap_mul(result, base);
                base = devmux::ref::wrap_mul(base, base);
                exponent = static_cast<C>(exponent >> 1);
            }
            return result;
        } else {
            return std::pow(base, exponent);
        }
    }
};

// Remainder of a / b with the sign of a (truncated division).
struct ModFn {
    const Node* node;
    template <typename C>
    C operator()(C a, C b) const {
        if constexpr (std::is_integral<C>::value) {
            if (b == 0)
                OPENVINO_THROW(describe(*node), ": integer remainder by zero");
            if constexpr (std::is_signed<C>::value) {
                if (b == -1)  // the lowest value % -1 overflows in C++; the remainder is 0 anyway
                    return C(0);
            }
            return static_cast<C>(a % b);
        } else {
            return std::fmod(a, b);
        }
    }
};

// Remainder of a / b with the sign of b (floored division).
struct FloorModFn {
    const Node* node;
    template <typename C>
    C operator()(C a, C b) const {
        const C r = ModFn{node}(a, b);
        if constexpr (std::is_unsigned<C>::value) {
            return r;
        } else {
            if (r != C(0) && ((r < C(0)) != (b < C(0))))
                return static_cast<C>(r + b);
            return r;
        }
    }
};

struct SquaredDifferenceFn {
    template <typename C>
    C operator()(C a, C b) const {
        const C d = devmux::ref::wrap_sub(a, b);
        return devmux::ref::wrap_mul(d, d);
    }
};
}  // namespace

#define DEVMUX_BINARY_MATH_OP(NAME, FUNCTOR)                                                                       \
    NAME::NAME(const Output<Node>& arg0, const Output<Node>& arg1, const AutoBroadcastSpec& auto_broadcast)        \
        : util::BinaryElementwiseArithmetic(arg0, arg1, auto_broadcast) {                                          \
        constructor_validate_and_infer_types();                                                                    \
    }                                                                                                              \
    void NAME::validate_and_infer_types() { validate_arithmetic(*this, get_autob()); }                             \
    bool NAME::visit_attributes(AttributeVisitor& visitor) {                                                       \
        AutoBroadcastSpec autob = get_autob();                                                                     \
        devmux::ref::visit_auto_broadcast(visitor, autob);                                                         \
        set_autob(autob);                                                                                          \
        return true;                                                                                               \
    }                                                                                                              \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {                        \
        check_binary_math_input_count(*this, new_args.size());                                                     \
        return std::make_shared<NAME>(new_args[0], new_args[1], get_autob());                                      \
    }                                                                                                              \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                                 \
        return devmux::ref::evaluate_binary_general<false>(*this, get_autob(), outputs, inputs, dispatch_numbers, \
                                                           FUNCTOR);                                               \
    }                                                                                                              \
    bool NAME::has_evaluate() const { return evaluates_binary_math(*this); }

namespace v1 {
DEVMUX_BINARY_MATH_OP(Power, PowerFn{this})
DEVMUX_BINARY_MATH_OP(Mod, ModFn{this})
DEVMUX_BINARY_MATH_OP(FloorMod, FloorModFn{this})
}  // namespace v1

namespace v0 {
DEVMUX_BINARY_MATH_OP(SquaredDifference, SquaredDifferenceFn{})
}  // namespace v0
#undef DEVMUX_BINARY_MATH_OP

}  // namespace op
}  // namespace ov
