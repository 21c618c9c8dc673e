// SPDX-License-Identifier: Apache-2.0
// The one-input element-wise math ops and activations: Abs, the trigonometric and hyperbolic functions, Ceiling,
// Floor, Erf, Log, Negative, Sign, Round, Elu, Gelu, HSigmoid, HSwish, Mish, SoftPlus, SoftSign.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "openvino/op/abs.hpp"
#include "openvino/op/acos.hpp"
#include "openvino/op/acosh.hpp"
#include "openvino/op/asin.hpp"
#include "openvino/op/asinh.hpp"
#include "openvino/op/atan.hpp"
#include "openvino/op/atanh.hpp"
#include "openvino/op/ceiling.hpp"
#include "openvino/op/cos.hpp"
#include "openvino/op/cosh.hpp"
#include "openvino/op/elu.hpp"
#include "openvino/op/erf.hpp"
#include "openvino/op/floor.hpp"
#include "openvino/op/gelu.hpp"
#include "openvino/op/hsigmoid.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/log.hpp"
#include "openvino/op/mish.hpp"
#include "openvino/op/negative.hpp"
#include "openvino/op/round.hpp"
#include "openvino/op/sign.hpp"
#include "openvino/op/sin.hpp"
#include "openvino/op/sinh.hpp"
#include "openvino/op/softplus.hpp"
#include "openvino/op/softsign.hpp"
#include "openvino/op/tan.hpp"
#include "ops/enum_names.hpp"
#include "ops/reference/elementwise_general.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_numbers;
using devmux::ref::dispatch_reals;

void check_unary_math_input_count(const Node& node, size_t given) {
    if (given != 1)
        OPENVINO_THROW(describe(node), ": expects 1 input, got ", given);
}

// The ops defined on real numbers only (OpenVINO rejects other types for them).
void check_real_unary_input(const Node& node) {
    const auto& type = node.get_input_element_type(0);
    if (!type.is_dynamic() && !type.is_real())
        OPENVINO_THROW(describe(node), ": the input must have a real element type, got ", type);
}

// A real result for an integer input: rounded to the nearest integer (as OpenVINO's reference does for the
// transcendental functions), saturated to the type's range, NaN as 0, so that every input has a defined result.
template <typename C>
C round_to_integer(double v) {
    if (std::isnan(v))
        return C(0);
    const double lowest = static_cast<double>(std::numeric_limits<C>::lowest());
    const double highest = static_cast<double>(std::numeric_limits<C>::max());
    const double r = std::round(v);
    if (r <= lowest)
        return std::numeric_limits<C>::lowest();
    if (r >= highest)
        return std::numeric_limits<C>::max();
    return static_cast<C>(r);
}

// Applies a real function of one argument in C for reals and in double (then rounded) for integers.
#define DEVMUX_REAL_FUNCTOR(STRUCT, EXPR)                                       \
    struct STRUCT {                                                             \
        template <typename C>                                                   \
        C operator()(C x) const {                                               \
            if constexpr (std::is_integral<C>::value) {                         \
                return round_to_integer<C>(apply(static_cast<double>(x)));      \
            } else {                                                            \
                return apply(x);                                                \
            }                                                                   \
        }                                                                       \
        template <typename R>                                                   \
        static R apply(R x) {                                                   \
            return EXPR;                                                        \
        }                                                                       \
    };

DEVMUX_REAL_FUNCTOR(AcosFn, std::acos(x))
DEVMUX_REAL_FUNCTOR(AcoshFn, std::acosh(x))
DEVMUX_REAL_FUNCTOR(AsinFn, std::asin(x))
DEVMUX_REAL_FUNCTOR(AsinhFn, std::asinh(x))
DEVMUX_REAL_FUNCTOR(AtanFn, std::atan(x))
DEVMUX_REAL_FUNCTOR(AtanhFn, std::atanh(x))
DEVMUX_REAL_FUNCTOR(CosFn, std::cos(x))
DEVMUX_REAL_FUNCTOR(CoshFn, std::cosh(x))
DEVMUX_REAL_FUNCTOR(ErfFn, std::erf(x))
DEVMUX_REAL_FUNCTOR(LogFn, std::log(x))
DEVMUX_REAL_FUNCTOR(SinFn, std::sin(x))
DEVMUX_REAL_FUNCTOR(SinhFn, std::sinh(x))
DEVMUX_REAL_FUNCTOR(TanFn, std::tan(x))
#undef DEVMUX_REAL_FUNCTOR

struct AbsFn {
    template <typename C>
    C operator()(C x) const {
        if constexpr (std::is_unsigned<C>::value)
            return x;
        else  // the most negative integer wraps to itself, as two's complement negation does
            return x < C(0) ? devmux::ref::wrap_sub(C(0), x) : x;
    }
};
struct NegativeFn {
    template <typename C>
    C operator()(C x) const {
        return devmux::ref::wrap_sub(C(0), x);
    }
};
struct SignFn {
    template <typename C>
    C operator()(C x) const {
        if (x > C(0))
            return C(1);
        if constexpr (!std::is_unsigned<C>::value) {
            if (x < C(0))
                return C(-1);
        }
        return x;  // zero (of its sign) and NaN stay
    }
};
struct CeilingFn {
    template <typename C>
    C operator()(C x) const {
        if constexpr (std::is_integral<C>::value)
            return x;
        else
            return std::ceil(x);
    }
};
struct FloorFn {
    template <typename C>
    C operator()(C x) const {
        if constexpr (std::is_integral<C>::value)
            return x;
        else
            return std::floor(x);
    }
};

struct RoundFn {
    bool half_to_even;
    template <typename C>
    C operator()(C x) const {
        if constexpr (std::is_integral<C>::value) {
            return x;
        } else {
            const C away = std::round(x);  // ties away from zero
            // A tie rounded away from zero to an odd integer goes back one step towards zero.
            if (half_to_even && std::abs(x - std::trunc(x)) == C(0.5) && std::fmod(away, C(2)) != C(0))
                return away - std::copysign(C(1), x);
            return away;
        }
    }
};

// ln(1 + e^x); where e^x overflows the result is x to the type's precision.
template <typename C>
C softplus(C x) {
    const C e = std::exp(x);
    return std::isinf(e) ? x : std::log1p(e);
}

struct EluFn {
    double alpha;
    template <typename C>
    C operator()(C x) const {
        return x > C(0) ? x : static_cast<C>(alpha) * std::expm1(x);
    }
};
struct GeluErfFn {
    template <typename C>
    C operator()(C x) const {
        return C(0.5) * x * (C(1) + std::erf(x / std::sqrt(C(2))));
    }
};
struct GeluTanhFn {
    template <typename C>
    C operator()(C x) const {
        const C sqrt_2_over_pi = static_cast<C>(0.79788456080286535588);
        return C(0.5) * x * (C(1) + std::tanh(sqrt_2_over_pi * (x + C(0.044715) * x * x * x)));
    }
};
struct HSigmoidFn {
    template <typename C>
    C operator()(C x) const {
        return std::min(std::max(x + C(3), C(0)), C(6)) / C(6);
    }
};
struct HSwishFn {
    template <typename C>
    C operator()(C x) const {
        return x * std::min(std::max(x + C(3), C(0)), C(6)) / C(6);
    }
};
struct MishFn {
    template <typename C>
    C operator()(C x) const {
        return x * std::tanh(softplus(x));
    }
};
struct SoftPlusFn {
    template <typename C>
    C operator()(C x) const {
        return softplus(x);
    }
};
struct SoftSignFn {
    template <typename C>
    C operator()(C x) const {
        return x / (C(1) + std::abs(x));
    }
};

template <typename Dispatch>
bool evaluates_unary_math(const Node& node, Dispatch dispatch) {
    return node.get_input_size() == 1 && dispatch(node.get_input_element_type(0), [](auto) {});
}

// OpenVINO writes Gelu's modes in capitals and Round's in lower case.
const devmux::ref::EnumName<GeluApproximationMode> gelu_mode_names[] = {
    {GeluApproximationMode::ERF, "ERF"},
    {GeluApproximationMode::TANH, "TANH"}};
const devmux::ref::EnumName<v5::Round::RoundMode> round_mode_names[] = {
    {v5::Round::RoundMode::HALF_TO_EVEN, "half_to_even"},
    {v5::Round::RoundMode::HALF_AWAY_FROM_ZERO, "half_away_from_zero"}};
}  // namespace

std::ostream& operator<<(std::ostream& os, GeluApproximationMode mode) {
    return devmux::ref::write_enum_name(os, mode, gelu_mode_names);
}
std::istream& operator>>(std::istream& is, GeluApproximationMode& mode) {
    return devmux::ref::read_enum_name(is, mode, gelu_mode_names, "Gelu approximation_mode (erf or tanh)");
}

namespace v5 {
std::ostream& operator<<(std::ostream& os, Round::RoundMode mode) {
    return devmux::ref::write_enum_name(os, mode, round_mode_names);
}
std::istream& operator>>(std::istream& is, Round::RoundMode& mode) {
    return devmux::ref::read_enum_name(is, mode, round_mode_names, "Round mode (half_to_even or half_away_from_zero)");
}
}  // namespace v5

// The attribute-free ops differ only in their functor, the types they evaluate and whether they accept
// integer inputs at all.
#define DEVMUX_ELTWISE_UNARY(NAME, FUNCTOR, DISPATCH)                                                 \
    NAME::NAME(const Output<Node>& arg) : util::UnaryElementwiseArithmetic(arg) {                     \
        constructor_validate_and_infer_types();                                                       \
    }                                                                                                 \
    std::shared_ptr<Node> NAME::clone_with_new_inputs(const OutputVector& new_args) const {           \
        check_unary_math_input_count(*this, new_args.size());                                         \
        return std::make_shared<NAME>(new_args[0]);                                                   \
    }                                                                                                 \
    bool NAME::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                    \
        return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, DISPATCH, FUNCTOR); \
    }                                                                                                 \
    bool NAME::has_evaluate() const { return evaluates_unary_math(*this, DISPATCH); }

#define DEVMUX_REAL_ONLY_VALIDATION(NAME)                             \
    void NAME::validate_and_infer_types() {                           \
        util::UnaryElementwiseArithmetic::validate_and_infer_types(); \
        check_real_unary_input(*this);                                \
    }

namespace v0 {
DEVMUX_ELTWISE_UNARY(Abs, AbsFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Acos, AcosFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Asin, AsinFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Atan, AtanFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Ceiling, CeilingFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Cos, CosFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Cosh, CoshFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Erf, ErfFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Floor, FloorFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Log, LogFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Negative, NegativeFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Sign, SignFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Sin, SinFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Sinh, SinhFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Tan, TanFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Gelu, GeluErfFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(Gelu)
}  // namespace v0

namespace v3 {
DEVMUX_ELTWISE_UNARY(Acosh, AcoshFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Asinh, AsinhFn{}, dispatch_numbers)
DEVMUX_ELTWISE_UNARY(Atanh, AtanhFn{}, dispatch_numbers)
}  // namespace v3

namespace v4 {
DEVMUX_ELTWISE_UNARY(HSwish, HSwishFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(HSwish)
DEVMUX_ELTWISE_UNARY(Mish, MishFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(Mish)
DEVMUX_ELTWISE_UNARY(SoftPlus, SoftPlusFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(SoftPlus)
}  // namespace v4

namespace v5 {
DEVMUX_ELTWISE_UNARY(HSigmoid, HSigmoidFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(HSigmoid)
}  // namespace v5

namespace v9 {
DEVMUX_ELTWISE_UNARY(SoftSign, SoftSignFn{}, dispatch_reals)
DEVMUX_REAL_ONLY_VALIDATION(SoftSign)
}  // namespace v9
#undef DEVMUX_ELTWISE_UNARY
#undef DEVMUX_REAL_ONLY_VALIDATION

namespace v0 {

Elu::Elu(const Output<Node>& data, const double alpha) : util::UnaryElementwiseArithmetic(data), m_alpha(alpha) {
    constructor_validate_and_infer_types();
}

bool Elu::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("alpha", m_alpha);
    return true;
}

std::shared_ptr<Node> Elu::clone_with_new_inputs(const OutputVector& new_args) const {
    check_unary_math_input_count(*this, new_args.size());
    return std::make_shared<Elu>(new_args[0], m_alpha);
}

bool Elu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_reals, EluFn{m_alpha});
}

bool Elu::has_evaluate() const { return evaluates_unary_math(*this, dispatch_reals); }

}  // namespace v0

namespace v5 {

Round::Round(const Output<Node>& arg, const RoundMode mode) : util::UnaryElementwiseArithmetic(arg), m_mode(mode) {
    constructor_validate_and_infer_types();
}

bool Round::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("mode", m_mode);
    return true;
}

std::shared_ptr<Node> Round::clone_with_new_inputs(const OutputVector& new_args) const {
    check_unary_math_input_count(*this, new_args.size());
    return std::make_shared<Round>(new_args[0], m_mode);
}

bool Round::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_numbers,
                                                      RoundFn{m_mode == RoundMode::HALF_TO_EVEN});
}

bool Round::has_evaluate() const { return evaluates_unary_math(*this, dispatch_numbers); }

}  // namespace v5

namespace v7 {

Gelu::Gelu(const Output<Node>& data, GeluApproximationMode mode)
    : util::UnaryElementwiseArithmetic(data), m_approximation_mode(mode) {
    constructor_validate_and_infer_types();
}

void Gelu::validate_and_infer_types() {
    util::UnaryElementwiseArithmetic::validate_and_infer_types();
    check_real_unary_input(*this);
}

bool Gelu::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("approximation_mode", m_approximation_mode);
    return true;
}

std::shared_ptr<Node> Gelu::clone_with_new_inputs(const OutputVector& new_args) const {
    check_unary_math_input_count(*this, new_args.size());
    return std::make_shared<Gelu>(new_args[0], m_approximation_mode);
}

bool Gelu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    if (m_approximation_mode == GeluApproximationMode::TANH)
        return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_reals, GeluTanhFn{});
    return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_reals, GeluErfFn{});
}

bool Gelu::has_evaluate() const { return evaluates_unary_math(*this, dispatch_reals); }

}  // namespace v7
}  // namespace op
}  // namespace ov
