// SPDX-License-Identifier: Apache-2.0
// A tiny OpenCL C kernel for the embedding test: y = a * x. Quotes " and backslashes \ must survive.
__kernel void scale(__global const float* x, __global float* y, const float a, const uint n) {
    const size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i];
}
