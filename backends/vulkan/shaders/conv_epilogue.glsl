// SPDX-License-Identifier: Apache-2.0
// What both convolution shaders apply after the sum: the fused bias, activation and addend of a
// FusedConvolution (parameters as in conv.comp).
// The operand modes (parameter 16) and the activation (parameter 17) as specialization constants: each
// pipeline keeps only its own epilogue, since llvmpipe runs both sides of every branch (masked).
layout(constant_id = 0) const uint EPILOGUE_MODES = 0u;
layout(constant_id = 1) const uint EPILOGUE_ACTIVATION = 0u;

float operand(uint mode, uint binding, uint k, uint index) {
    const uint at = mode == 1u ? 0u : (mode == 2u ? k : index);
    if (binding == 2u) return in2[pc.off[2] + at];
    if (binding == 3u) return in3[pc.off[3] + at];
    return in4[pc.off[4] + at];
}

float finish(float value, uint k, uint index) {
    const uint modes = EPILOGUE_MODES;
    if ((modes & 3u) != 0u)
        value += operand(modes & 3u, 2u, k, index);
    switch (EPILOGUE_ACTIVATION) {
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

