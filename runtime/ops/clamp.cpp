// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/clamp.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {
using devmux::ref::describe;

// The bound as a value of C. Integer types take ceil(min) and floor(max), saturated to C's range, so that
// clamping never lets through a value outside [min, max].
template <typename C, typename std::enable_if<std::is_integral<C>::value, int>::type = 0>
C bound_as(double bound, bool is_min) {
    const double rounded = is_min ? std::ceil(bound) : std::floor(bound);
    if (rounded <= static_cast<double>(std::numeric_limits<C>::lowest()))
        return std::numeric_limits<C>::lowest();
    if (rounded >= static_cast<double>(std::numeric_limits<C>::max()))
        return std::numeric_limits<C>::max();
    return static_cast<C>(rounded);
}
template <typename C, typename std::enable_if<!std::is_integral<C>::value, int>::type = 0>
C bound_as(double bound, bool) {
    return static_cast<C>(bound);
}
}  // namespace

Clamp::Clamp(const Output<Node>& data, const double min, const double max) : Op({data}), m_min(min), m_max(max) {
    constructor_validate_and_infer_types();
}

void Clamp::validate_and_infer_types() {
    if (get_input_size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", get_input_size());
    const auto& type = get_input_element_type(0);
    if (type == element::boolean)
        OPENVINO_THROW(describe(*this), ": a boolean input is not supported");
    if (std::isnan(m_min) || std::isnan(m_max) || m_min > m_max)
        OPENVINO_THROW(describe(*this), ": attribute 'min' (", m_min, ") must not be greater than 'max' (", m_max, ")");
    set_output_type(0, type, get_input_partial_shape(0));
}

bool Clamp::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("min", m_min);
    visitor.on_attribute("max", m_max);
    return true;
}

std::shared_ptr<Node> Clamp::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 1)
        OPENVINO_THROW(describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<Clamp>(new_args[0], m_min, m_max);
}

bool Clamp::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 1);
    bool done = false;
    devmux::ref::dispatch_numeric(inputs[0].get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        const C lo = bound_as<C>(m_min, true);
        const C hi = bound_as<C>(m_max, false);
        done = devmux::ref::evaluate_unary<devmux::ref::TypeSet::Numeric>(*this, outputs, inputs,
                                                                          [lo, hi](auto x) -> decltype(x) {
                                                                              using X = decltype(x);
                                                                              const X l = static_cast<X>(lo);
                                                                              const X h = static_cast<X>(hi);
                                                                              return x < l ? l : (x > h ? h : x);
                                                                          });
    });
    return done;
}

bool Clamp::has_evaluate() const {
    return get_input_size() == 1 && devmux::ref::dispatch_numeric(get_input_element_type(0), [](auto) {});
}

}  // namespace v0
}  // namespace op
}  // namespace ov

