// SPDX-License-Identifier: Apache-2.0
// Shared by every shader: bindings 0..4 are inputs, 5 the output; push constants hold, per binding, the
// element offset of the first value inside its descriptor range, then the op's parameters (vk_device.hpp).
#extension GL_GOOGLE_include_directive : enable
// Storage type of every value: f32, or f16 in the variant built with DEVMUX_F16 (the f16 inference precision,
// on devices with storageBuffer16BitAccess and shaderFloat16). Loads widen to float implicitly; stores narrow
// with real() and real4().
// Arithmetic type: afloat and afloat4, f16 in that variant too. Element-wise ops, activations, the convolution
// epilogues and every product of a convolution or matrix product compute in afloat (conv_texel also sums each
// quad of input channels in it); the running sums over hundreds of terms (convolutions, matrix products,
// reductions, average pooling, softmax) stay f32, where f16 would lose about one bit per doubling of the
// terms (docs/vulkan.md). Constants mixed into afloat arithmetic are written afloat(...): a float operand
// would promote the whole expression to f32.
#ifdef DEVMUX_F16
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#define real float16_t
#define real4 f16vec4
#define afloat float16_t
#define afloat4 f16vec4
#else
#define real float
#define real4 vec4
#define afloat float
#define afloat4 vec4
#endif
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 64
#endif
layout(local_size_x = LOCAL_SIZE) in;
// The host may set another size per device (constant_id 2, Device::local_size); every shader walks its items
// with a grid-stride loop, so any size computes the same values.
layout(local_size_x_id = 2) in;
layout(std430, set = 0, binding = 0) readonly buffer Input0 { real in0[]; };
layout(std430, set = 0, binding = 1) readonly buffer Input1 { real in1[]; };
layout(std430, set = 0, binding = 2) readonly buffer Input2 { real in2[]; };
layout(std430, set = 0, binding = 3) readonly buffer Input3 { real in3[]; };
layout(std430, set = 0, binding = 4) readonly buffer Input4 { real in4[]; };
#ifndef CUSTOM_OUTPUT
layout(std430, set = 0, binding = 5) writeonly buffer Output0 { real out0[]; };
#endif
// The op's parameters: the struct a shader names in DEVMUX_PARAMS before including this file (ops/params.h),
// read as pc.p.<field>.
#ifndef DEVMUX_PARAMS
#error "name the shader's params struct (ops/<shader>_params.h) in DEVMUX_PARAMS before including common.glsl"
#endif
layout(push_constant) uniform Push {
    uint off[6];
    DEVMUX_PARAMS p;
} pc;
// Grid-stride loops: the host dispatches at most 65535 groups in x.
uint first_item() { return gl_GlobalInvocationID.x; }
uint item_stride() { return gl_NumWorkGroups.x * gl_WorkGroupSize.x; }

// sum += x * w, the product in afloat and the sum in f32. In the f32 variant exactly sum += x * w.
#define ADD_PRODUCT(sum, x, w) sum += vec4(afloat(x) * afloat4(w))
