// SPDX-License-Identifier: Apache-2.0
// What the convolution shaders apply after the sum: the fused bias, activation, scale-shift and addend of a
// FusedConvolution (parameters: ops/conv_params.h). Operand modes (ConvParams::modes): bits 0-1 the bias (binding 2),
// 2-3 the PRelu slope (binding 3), 4-5 the addend (binding 4), each 1 one value, 2 one per channel, 3 one per
// element; 6-7 the scales and 11-12 the shifts of a scale-shift, alike (both in binding 3, or 4 after a PRelu:
// the scales, then the shifts); bit 13 the residual form (the addend and the scale-shift before the
// activation). Bits 8-10 are conv_texel's layouts.
// The operand modes and the activation (ConvParams::modes, activation) as specialization constants: each
// pipeline keeps only its own epilogue, since llvmpipe runs both sides of every branch (masked).
layout(constant_id = 0) const uint EPILOGUE_MODES = 0u;
layout(constant_id = 1) const uint EPILOGUE_ACTIVATION = 0u;

uint operand_index(uint mode, uint k, uint index) { return mode == 1u ? 0u : (mode == 2u ? k : index); }

afloat operand_at(uint binding, uint at) {
    if (binding == 2u) return afloat(in2[pc.off[2] + at]);
    if (binding == 3u) return afloat(in3[pc.off[3] + at]);
    return afloat(in4[pc.off[4] + at]);
}

afloat operand(uint mode, uint binding, uint k, uint index) { return operand_at(binding, operand_index(mode, k, index)); }

// How many values an operand of `mode` holds: one, one per channel, one per element.
uint operand_count(uint mode) {
    return mode == 1u ? 1u
                      : (mode == 2u ? pc.p.out_channels
                                    : pc.p.batch * pc.p.out_channels * pc.p.out_height * pc.p.out_width);
}

afloat scale_shift(afloat value, uint modes, uint k, uint index) {
    if (((modes >> 6) & 3u) == 0u)
        return value;
    const uint scales = (modes >> 6) & 3u, shifts = (modes >> 11) & 3u;
    const uint binding = EPILOGUE_ACTIVATION == 5u ? 4u : 3u;
    return value * operand_at(binding, operand_index(scales, k, index)) +
           operand_at(binding, operand_count(scales) + operand_index(shifts, k, index));
}

// In afloat (common.glsl): the sum arrives rounded to it.
// act(sum + bias) [* scale + shift] [+ addend], or with bit 13 (the residual form, addend first)
// act((sum + bias + addend) [* scale + shift]).
afloat finish(afloat value, uint k, uint index) {
    const uint modes = EPILOGUE_MODES;
    const bool addend_first = (modes & 8192u) != 0u;
    if ((modes & 3u) != 0u)
        value += operand(modes & 3u, 2u, k, index);
    if (addend_first) {
        if (((modes >> 4) & 3u) != 0u)
            value += operand((modes >> 4) & 3u, 4u, k, index);
        value = scale_shift(value, modes, k, index);
    }
    switch (EPILOGUE_ACTIVATION) {
    case 1u: value = max(value, afloat(0.0)); break;
    case 2u: value = min(max(value, afloat(pc.p.clamp_min)), afloat(pc.p.clamp_max)); break;
    case 3u: value = afloat(1.0) / (afloat(1.0) + exp(-value)); break;
    case 4u: value = tanh(value); break;
    case 5u: value = value < afloat(0.0) ? value * operand((modes >> 2) & 3u, 3u, k, index) : value; break;
    default: break;
    }
    if (!addend_first) {
        value = scale_shift(value, modes, k, index);
        if (((modes >> 4) & 3u) != 0u)
            value += operand((modes >> 4) & 3u, 4u, k, index);
    }
    return value;
}
