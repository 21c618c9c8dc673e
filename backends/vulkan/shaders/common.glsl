// SPDX-License-Identifier: Apache-2.0
// Shared by every shader: bindings 0..4 are inputs, 5 the output; push constants hold, per binding, the
// element offset of the first value inside its descriptor range, then the op's parameters (vk_device.hpp).
#extension GL_GOOGLE_include_directive : enable
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 64
#endif
layout(local_size_x = LOCAL_SIZE) in;
layout(std430, set = 0, binding = 0) readonly buffer Input0 { float in0[]; };
layout(std430, set = 0, binding = 1) readonly buffer Input1 { float in1[]; };
layout(std430, set = 0, binding = 2) readonly buffer Input2 { float in2[]; };
layout(std430, set = 0, binding = 3) readonly buffer Input3 { float in3[]; };
layout(std430, set = 0, binding = 4) readonly buffer Input4 { float in4[]; };
#ifndef CUSTOM_OUTPUT
layout(std430, set = 0, binding = 5) writeonly buffer Output0 { float out0[]; };
#endif
layout(push_constant) uniform Push {
    uint off[6];
    uint p[26];
} pc;

float fparam(uint i) { return uintBitsToFloat(pc.p[i]); }
int iparam(uint i) { return int(pc.p[i]); }
// Grid-stride loops: the host dispatches at most 65535 groups in x.
uint first_item() { return gl_GlobalInvocationID.x; }
uint item_stride() { return gl_NumWorkGroups.x * gl_WorkGroupSize.x; }
