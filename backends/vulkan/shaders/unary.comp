// SPDX-License-Identifier: Apache-2.0
// Element-wise activations. p0 op (kernels.cpp UnaryOp), p1 items, p2 alpha, p3 beta.
#version 450
#include "common.glsl"

// The op (parameter 0) as a specialization constant: llvmpipe would run every case of the switch, masked.
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
    case 0u: return x;
    case 1u: return max(x, zero);
    case 2u: return one / (one + exp(-x));
    case 3u: return tanh(x);
    case 4u: return exp(x);
    case 5u: return abs(x);
    case 6u: return sqrt(x);
    case 7u: return min(max(x, alpha), beta);
    case 8u: return x >= zero ? x : alpha * (exp(x) - one);
    case 9u: return one_half * x * (one + erf_approx(x * afloat(0.70710678118654752)));
    case 10u: return one_half * x * (one + tanh(afloat(0.79788456080286536) * (x + afloat(0.044715) * x * x * x)));
    case 11u: return x / (one + exp(-alpha * x));
    case 12u: return x * min(max(x + three, zero), six) / six;
    case 13u: return min(max(x + three, zero), six) / six;
    case 14u: return x * tanh(softplus(x));
    case 15u: return softplus(x);
    case 16u: return -x;
    case 17u: return log(x);
    case 18u: return floor(x);
    case 19u: return ceil(x);
    case 20u: return sign(x);
    default: return x;
    }
}

void main() {
    const uint items = pc.p[1];
    for (uint i = first_item(); i < items; i += item_stride())
        out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + i]), aparam(2), aparam(3)));
}
