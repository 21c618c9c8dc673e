// SPDX-License-Identifier: Apache-2.0
// The activations whose parameters are inputs rather than attributes: Swish (optional beta), Selu (alpha,
// lambda) and HardSigmoid (alpha, beta). Each parameter is a one-element tensor of the data's element type.
#include <algorithm>
#include <cmath>

#include "openvino/op/hard_sigmoid.hpp"
#include "openvino/op/selu.hpp"
#include "openvino/op/swish.hpp"
#include "ops/reference/elementwise_general.hpp"

namespace ov {
namespace op {

namespace {
using devmux::ref::describe;
using devmux::ref::dispatch_reals;

// Common validation: `count` inputs (or any count in [min_count, count]), all of the data's real element
// type, each parameter input (1 ...) holding exactly one element. The output is the data's type and shape.
void validate_parametrised(Node& node, size_t min_count, size_t count, const char* const* parameter_names) {
    const size_t given = node.get_input_size();
    if (given < min_count || given > count) {
        if (min_count == count)
            OPENVINO_THROW(describe(node), ": expects ", count, " inputs, got ", given);
        OPENVINO_THROW(describe(node), ": expects ", min_count, " to ", count, " inputs, got ", given);
    }
    const auto& type = node.get_input_element_type(0);
    if (!type.is_dynamic() && !type.is_real())
        OPENVINO_THROW(describe(node), ": the data input must have a real element type, got ", type);
    for (size_t i = 1; i < given; ++i) {
        const char* what = parameter_names[i - 1];
        const auto& t = node.get_input_element_type(i);
        element::Type merged;
        if (!element::Type::merge(merged, type, t))
            OPENVINO_THROW(describe(node), ": input '", what, "' has element type ", t,
                           ", which differs from the data's ", type);
        const auto& shape = node.get_input_partial_shape(i);
        if (shape.rank().is_static()) {
            bool one_element = shape.size() <= 1;
            for (size_t d = 0; d < shape.size(); ++d)
                one_element = one_element && shape[d].compatible(1);
            if (!one_element)
                OPENVINO_THROW(describe(node), ": input '", what,
                               "' must be a scalar or a one-element 1D tensor, got shape ", shape);
        }
    }
    node.set_output_type(0, type, node.get_input_partial_shape(0));
}

// Checks the evaluate() arguments and reads parameter input i as a value of the compute type C.
template <typename T, typename C>
C read_parameter(const Node& node, const TensorVector& inputs, size_t i, const char* what) {
    const Tensor& t = inputs[i];
    if (t.get_size() != 1)
        OPENVINO_THROW(describe(node), ": input '", what, "' must hold one element, got shape ", t.get_shape());
    if (t.get_element_type() != inputs[0].get_element_type())
        OPENVINO_THROW(describe(node), ": input '", what, "' has element type ", t.get_element_type(),
                       ", which differs from the data's ", inputs[0].get_element_type());
    return static_cast<C>(t.data<T>()[0]);
}

// out[i] = fn(x[i], p1, p2, ...) with the parameters read from inputs 1 ... count-1.
template <typename Fn>
bool evaluate_parametrised(const Node& node, TensorVector& outputs, const TensorVector& inputs, size_t count,
                           const char* const* parameter_names, Fn fn) {
    devmux::ref::check_evaluate_args(node, inputs, count);
    const Tensor& in = inputs[0];
    const auto type = in.get_element_type();
    const Shape& shape = in.get_shape();
    return dispatch_reals(type, [&](auto tag) {
        using T = typename decltype(tag)::storage;
        using C = typename decltype(tag)::compute;
        C p[2] = {C(0), C(0)};
        for (size_t i = 1; i < count; ++i)
            p[i - 1] = read_parameter<T, C>(node, inputs, i, parameter_names[i - 1]);
        Tensor& out = devmux::ref::prepare_output(outputs, 0, type, shape);
        const T* src = in.data<T>();
        T* dst = out.data<T>();
        const size_t n = shape_size(shape);
        for (size_t i = 0; i < n; ++i)
            dst[i] = static_cast<T>(fn(static_cast<C>(src[i]), p[0], p[1]));
    });
}

bool evaluates_activation(const Node& node) {
    return node.get_input_size() > 0 && dispatch_reals(node.get_input_element_type(0), [](auto) {});
}

const char* const swish_parameters[] = {"beta"};
const char* const selu_parameters[] = {"alpha", "lambda"};
const char* const hard_sigmoid_parameters[] = {"alpha", "beta"};

struct SwishFn {
    template <typename C>
    C operator()(C x, C beta, C) const {
        return x / (C(1) + std::exp(-beta * x));
    }
};
struct SeluFn {
    template <typename C>
    C operator()(C x, C alpha, C lambda) const {
        return lambda * (x > C(0) ? x : alpha * std::expm1(x));
    }
};
struct HardSigmoidFn {
    template <typename C>
    C operator()(C x, C alpha, C beta) const {
        return std::max(C(0), std::min(C(1), alpha * x + beta));
    }
};
}  // namespace

namespace v4 {

Swish::Swish(const Output<Node>& arg) : Op({arg}) { constructor_validate_and_infer_types(); }

Swish::Swish(const Output<Node>& arg, const Output<Node>& beta) : Op({arg, beta}) {
    constructor_validate_and_infer_types();
}

void Swish::validate_and_infer_types() { validate_parametrised(*this, 1, 2, swish_parameters); }

bool Swish::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Swish::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 1)
        return std::make_shared<Swish>(new_args[0]);
    if (new_args.size() == 2)
        return std::make_shared<Swish>(new_args[0], new_args[1]);
    OPENVINO_THROW(describe(*this), ": expects 1 to 2 inputs, got ", new_args.size());
}

bool Swish::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    if (inputs.size() == 1) {
        // Without beta the parameter is 1: a one-element stand-in keeps a single evaluation path.
        return devmux::ref::evaluate_unary_general<false>(*this, outputs, inputs, dispatch_reals,
                                                          [](auto x) { return SwishFn{}(x, decltype(x)(1), x); });
    }
    return evaluate_parametrised(*this, outputs, inputs, 2, swish_parameters, SwishFn{});
}

bool Swish::has_evaluate() const { return evaluates_activation(*this); }

}  // namespace v4

namespace v0 {

Selu::Selu(const Output<Node>& data, const Output<Node>& alpha, const Output<Node>& lambda)
    : Op({data, alpha, lambda}) {
    constructor_validate_and_infer_types();
}

void Selu::validate_and_infer_types() { validate_parametrised(*this, 3, 3, selu_parameters); }

bool Selu::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Selu::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 3)
        OPENVINO_THROW(describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<Selu>(new_args[0], new_args[1], new_args[2]);
}

bool Selu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_parametrised(*this, outputs, inputs, 3, selu_parameters, SeluFn{});
}

bool Selu::has_evaluate() const { return evaluates_activation(*this); }

HardSigmoid::HardSigmoid(const Output<Node>& data, const Output<Node>& alpha, const Output<Node>& beta)
    : Op({data, alpha, beta}) {
    constructor_validate_and_infer_types();
}

void HardSigmoid::validate_and_infer_types() { validate_parametrised(*this, 3, 3, hard_sigmoid_parameters); }

bool HardSigmoid::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> HardSigmoid::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() != 3)
        OPENVINO_THROW(describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<HardSigmoid>(new_args[0], new_args[1], new_args[2]);
}

bool HardSigmoid::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_parametrised(*this, outputs, inputs, 3, hard_sigmoid_parameters, HardSigmoidFn{});
}

bool HardSigmoid::has_evaluate() const { return evaluates_activation(*this); }

}  // namespace v0
}  // namespace op
}  // namespace ov
