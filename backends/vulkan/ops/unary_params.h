// SPDX-License-Identifier: Apache-2.0
// unary.comp's parameters (ops/params.h): the host fills them in ops/eltwise.cpp.
#ifndef DEVMUX_VULKAN_UNARY_PARAMS_H
#define DEVMUX_VULKAN_UNARY_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// The activation codes of unary.comp's `apply` (its specialization constant 0, UnaryParams::op).
#define DEVMUX_UNARY_COPY 0u
#define DEVMUX_UNARY_RELU 1u
#define DEVMUX_UNARY_SIGMOID 2u
#define DEVMUX_UNARY_TANH 3u
#define DEVMUX_UNARY_EXP 4u
#define DEVMUX_UNARY_ABS 5u
#define DEVMUX_UNARY_SQRT 6u
#define DEVMUX_UNARY_CLAMP 7u
#define DEVMUX_UNARY_ELU 8u
#define DEVMUX_UNARY_GELU_ERF 9u
#define DEVMUX_UNARY_GELU_TANH 10u
#define DEVMUX_UNARY_SWISH 11u
#define DEVMUX_UNARY_HSWISH 12u
#define DEVMUX_UNARY_HSIGMOID 13u
#define DEVMUX_UNARY_MISH 14u
#define DEVMUX_UNARY_SOFTPLUS 15u
#define DEVMUX_UNARY_NEGATIVE 16u
#define DEVMUX_UNARY_LOG 17u
#define DEVMUX_UNARY_FLOOR 18u
#define DEVMUX_UNARY_CEILING 19u
#define DEVMUX_UNARY_SIGN 20u

struct UnaryParams {
    uint op;      // DEVMUX_UNARY_*; the shader takes it as specialization constant 0
    uint items;   // values
    float alpha;  // Clamp's min, Elu's alpha, Swish's beta
    float beta;   // Clamp's max
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(UnaryParams)

#endif
