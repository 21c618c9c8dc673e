// SPDX-License-Identifier: Apache-2.0
// Element-wise activations the unary kernel does not run (activation.h): one element per work-item, in f32.
#include "cl_common.clh"
#include "activation.h"

// ln(1 + e^x); where e^x overflows, x itself (as the reference does).
inline float activation_softplus(float x) {
    const float e = exp(x);
    return isinf(e) ? x : log1p(e);
}

inline float activation_apply(int op, float x, float beta) {
    switch (op) {
    case DEVMUX_ACTIVATION_GELU_ERF: return 0.5f * x * (1.0f + erf(x * 0.70710678118654752f));
    case DEVMUX_ACTIVATION_GELU_TANH:
        return 0.5f * x * (1.0f + tanh(0.79788456080286535588f * (x + 0.044715f * x * x * x)));
    case DEVMUX_ACTIVATION_MISH: return x * tanh(activation_softplus(x));
    case DEVMUX_ACTIVATION_SOFTPLUS: return activation_softplus(x);
    case DEVMUX_ACTIVATION_SIGN: return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;  // zero and NaN stay
    case DEVMUX_ACTIVATION_SWISH: return x / (1.0f + exp(-beta * x));
    default: return x;
    }
}

__kernel void activation_eltwise(__global const real* x, int x_off, __global real* y, int y_off, ActivationParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    y[y_off + i] = (real)activation_apply(p.op, (float)x[x_off + i], p.beta);
}
