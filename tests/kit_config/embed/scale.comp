// SPDX-License-Identifier: Apache-2.0
// A tiny compute shader for the embedding test: y = a * x.
#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Input { float x[]; };
layout(std430, binding = 1) writeonly buffer Output { float y[]; };
layout(push_constant) uniform Parameters { float a; uint n; };
void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i < n)
        y[i] = a * x[i];
}
