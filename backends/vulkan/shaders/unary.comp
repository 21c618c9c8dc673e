// SPDX-License-Identifier: Apache-2.0
// Element-wise activations. p0 op (kernels.cpp UnaryOp), p1 items, p2 alpha, p3 beta.
#version 450
#include "common.glsl"

// The op (parameter 0) as a specialization constant: llvmpipe would run every case of the switch, masked.
layout(constant_id = 0) const uint OP = 0u;

// erf by Abramowitz and Stegun 7.1.26 refined with one Newton-free series term; |error| < 2e-7.
float erf_approx(float x) {
    float s = sign(x);
    float a = abs(x);
    float t = 1.0 / (1.0 + 0.3275911 * a);
    float y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t *
                        exp(-a * a);
    return s * y;
}

float softplus(float x) { return x > 20.0 ? x : log(1.0 + exp(x)); }

float apply(uint op, float x, float alpha, float beta) {
    switch (op) {
    case 0u: return x;
    case 1u: return max(x, 0.0);
    case 2u: return 1.0 / (1.0 + exp(-x));
    case 3u: return tanh(x);
    case 4u: return exp(x);
    case 5u: return abs(x);
    case 6u: return sqrt(x);
    case 7u: return min(max(x, alpha), beta);
    case 8u: return x >= 0.0 ? x : alpha * (exp(x) - 1.0);
    case 9u: return 0.5 * x * (1.0 + erf_approx(x * 0.70710678118654752));
    case 10u: return 0.5 * x * (1.0 + tanh(0.79788456080286536 * (x + 0.044715 * x * x * x)));
    case 11u: return x / (1.0 + exp(-alpha * x));
    case 12u: return x * min(max(x + 3.0, 0.0), 6.0) / 6.0;
    case 13u: return min(max(x + 3.0, 0.0), 6.0) / 6.0;
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
        out0[pc.off[5] + i] = real(apply(OP, in0[pc.off[0] + i], fparam(2), fparam(3)));
}
