// SPDX-License-Identifier: Apache-2.0
// Parameters of the activation kernel (ops/activation.cpp, ops/activation.cl): 32-bit fields only, so the host
// and the OpenCL C source lay them out alike.
#ifndef DEVMUX_OPENCL_OPS_ACTIVATION_H
#define DEVMUX_OPENCL_OPS_ACTIVATION_H

// The activations, as ActivationParams.op.
#define DEVMUX_ACTIVATION_GELU_ERF 0
#define DEVMUX_ACTIVATION_GELU_TANH 1
#define DEVMUX_ACTIVATION_MISH 2
#define DEVMUX_ACTIVATION_SOFTPLUS 3
#define DEVMUX_ACTIVATION_SIGN 4
#define DEVMUX_ACTIVATION_SWISH 5

typedef struct ActivationParams {
    int count;
    int op;
    float beta;  // Swish's beta
} ActivationParams;

#endif
