// SPDX-License-Identifier: Apache-2.0
// The convention of the shaders' typed parameters, shared by the host (C++) and the shaders (GLSL).
//
// A shader's parameters are one struct of 32-bit fields (uint, int, float and fixed arrays of them) declared in
// ops/<family>_params.h between DEVMUX_PARAMS_BEGIN and DEVMUX_PARAMS_END, then DEVMUX_PARAMS_FIT(<Struct>)
// (no semicolon: GLSL refuses a stray one).
// The shader includes that header and names the struct in DEVMUX_PARAMS before including common.glsl, whose
// push-constant block then reads `uint off[6]; <Struct> p;` (std430: a struct of 32-bit scalars and arrays has
// the C layout); the host fills it with Dispatch::set_params (kernels.hpp). No vec types: their alignment
// differs between std430 and C.
#ifndef DEVMUX_VULKAN_PARAMS_H
#define DEVMUX_VULKAN_PARAMS_H

#ifdef __cplusplus
#include <cstdint>
#include <type_traits>
#define DEVMUX_PARAMS_BEGIN \
    namespace devmux {      \
    namespace vulkan {      \
    using uint = uint32_t;
#define DEVMUX_PARAMS_END \
    }                     \
    }
// The push constants hold 32 words, 6 of them the bindings' offsets (vk_device.hpp PushConstants).
#define DEVMUX_PARAMS_FIT(type)                                                                                  \
    static_assert(sizeof(devmux::vulkan::type) <= 26 * 4 && sizeof(devmux::vulkan::type) % 4 == 0 &&            \
                      std::is_trivially_copyable<devmux::vulkan::type>::value,                                  \
                  #type " does not fit the push constants after the binding offsets (26 words of 32 bits)");
#else
#define DEVMUX_PARAMS_BEGIN
#define DEVMUX_PARAMS_END
#define DEVMUX_PARAMS_FIT(type)
#endif

#endif
