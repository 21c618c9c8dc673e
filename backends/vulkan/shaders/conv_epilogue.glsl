// SPDX-License-Identifier: Apache-2.0
// What both convolution shaders apply after the sum: the fused bias, activation and addend of a
// FusedConvolution (parameters as in conv.comp).
float operand(uint mode, uint binding, uint k, uint index) {
    const uint at = mode == 1u ? 0u : (mode == 2u ? k : index);
    if (binding == 2u) return in2[pc.off[2] + at];
    if (binding == 3u) return in3[pc.off[3] + at];
    return in4[pc.off[4] + at];
}

float finish(float value, uint k, uint index) {
    const uint modes = pc.p[16];
    if ((modes & 3u) != 0u)
        value += operand(modes & 3u, 2u, k, index);
    switch (pc.p[17]) {
    case 1u: value = max(value, 0.0); break;
    case 2u: value = min(max(value, fparam(18)), fparam(19)); break;
    case 3u: value = 1.0 / (1.0 + exp(-value)); break;
    case 4u: value = tanh(value); break;
    case 5u: value = value < 0.0 ? value * operand((modes >> 2) & 3u, 3u, k, index) : value; break;
    default: break;
    }
    if (((modes >> 4) & 3u) != 0u)
        value += operand((modes >> 4) & 3u, 4u, k, index);
    return value;
}

