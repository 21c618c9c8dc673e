// SPDX-License-Identifier: Apache-2.0
// Element-wise activations (ops/eltwise.cpp); parameters: ops/unary_params.h.
#version 450
#include "unary_params.h"
#define DEVMUX_PARAMS UnaryParams
#include "common.glsl"

// The op (UnaryParams::op) as a specialization constant: llvmpipe would run every case of the switch, masked.
layout(constant_id = 0) const uint OP = 0u;

// erf by Abramowitz and Stegun 7.1.26 refined with one Newton-free series term; |error| < 2e-7 in f32.
afloat erf_approx(afloat x) {
    const afloat s = sign(x), a = abs(x);
    const afloat t = afloat(1.0) / (afloat(1.0) + afloat(0.3275911) * a);
    const afloat poly = ((((afloat(1.061405429) * t - afloat(1.453152027)) * t + afloat(1.421413741)) * t -
                          afloat(0.284496736)) * t + afloat(0.254829592)) * t;
    return s * (afloat(1.0) - poly * exp(-a * a));
}

// Above this softplus(x) is x to the type's precision, and exp(x) would overflow f16 (past 11.09).
#ifdef DEVMUX_F16
#define SOFTPLUS_LINEAR_ABOVE 11.0
#else
#define SOFTPLUS_LINEAR_ABOVE 20.0
#endif
afloat softplus(afloat x) { return x > afloat(SOFTPLUS_LINEAR_ABOVE) ? x : log(afloat(1.0) + exp(x)); }

afloat apply(uint op, afloat x, afloat alpha, afloat beta) {
    const afloat zero = afloat(0.0), one = afloat(1.0), one_half = afloat(0.5), three = afloat(3.0), six = afloat(6.0);
    switch (op) {
    case DEVMUX_UNARY_COPY: return x;
    case DEVMUX_UNARY_RELU: return max(x, zero);
    case DEVMUX_UNARY_SIGMOID: return one / (one + exp(-x));
    case DEVMUX_UNARY_TANH: return tanh(x);
    case DEVMUX_UNARY_EXP: return exp(x);
    case DEVMUX_UNARY_ABS: return abs(x);
    case DEVMUX_UNARY_SQRT: return sqrt(x);
    case DEVMUX_UNARY_CLAMP: return min(max(x, alpha), beta);
    case DEVMUX_UNARY_ELU: return x >= zero ? x : alpha * (exp(x) - one);
    case DEVMUX_UNARY_GELU_ERF: return one_half * x * (one + erf_approx(x * afloat(0.70710678118654752)));
    case DEVMUX_UNARY_GELU_TANH:
        return one_half * x * (one + tanh(afloat(0.79788456080286536) * (x + afloat(0.044715) * x * x * x)));
    case DEVMUX_UNARY_SWISH: return x / (one + exp(-alpha * x));
    case DEVMUX_UNARY_HSWISH: return x * min(max(x + three, zero), six) / six;
    case DEVMUX_UNARY_HSIGMOID: return min(max(x + three, zero), six) / six;
    case DEVMUX_UNARY_MISH: return x * tanh(softplus(x));
    case DEVMUX_UNARY_SOFTPLUS: return softplus(x);
    case DEVMUX_UNARY_NEGATIVE: return -x;
    case DEVMUX_UNARY_LOG: return log(x);
    case DEVMUX_UNARY_FLOOR: return floor(x);
    case DEVMUX_UNARY_CEILING: return ceil(x);
    case DEVMUX_UNARY_SIGN: return sign(x);
    default: return x;
    }
}

void main() {
    const uint items = pc.p.items;
    const afloat alpha = afloat(pc.p.alpha), beta = afloat(pc.p.beta);
    for (uint i = first_item(); i < items; i += item_stride())
        out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + i]), alpha, beta));
}
