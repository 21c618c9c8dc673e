// SPDX-License-Identifier: Apache-2.0
// CTCGreedyDecoder-1 and CTCGreedyDecoderSeqLen-6 (ops/ctc_greedy.cpp): one work-item per sequence.
#include "ctc_greedy.h"

// The best class of one step (the first of equal scores, as std::max_element picks it).
int ctc_greedy_best(__global const real* scores, int classes) {
    int best = 0;
    float best_score = (float)scores[0];
    for (int k = 1; k < classes; ++k) {
        const float v = (float)scores[k];
        if (best_score < v) {
            best = k;
            best_score = v;
        }
    }
    return best;
}

// CTCGreedyDecoder: data [T, N, C], sequence mask [T, N] (the sequence runs while it is non-zero), classes out
// [N, T, 1, 1] padded with -1; the blank is the last class.
__kernel void ctc_greedy_masked(__global const real* x, int x_off, __global const real* mask, int mask_off,
                                __global real* y, int y_off, const CtcGreedyParams p) {
    const int n = GID();
    if (n >= p.batch)
        return;
    int length = 0;
    while (length < p.steps && (float)mask[mask_off + length * p.batch + n] != 0.0f)
        ++length;
    __global real* out = y + y_off + (size_t)n * p.steps;
    int written = 0, previous = -1;
    for (int t = 0; t < length; ++t) {
        const int best = ctc_greedy_best(x + x_off + ((size_t)t * p.batch + n) * p.classes, p.classes);
        if (best != p.blank && !(p.merge_repeated && best == previous))
            out[written++] = (real)best;
        previous = best;
    }
    for (; written < p.steps; ++written)
        out[written] = (real)-1.0f;
}

// One integer of CTCGreedyDecoderSeqLen's outputs, i32 (words 1) or little-endian i64 (words 2).
void ctc_greedy_store(__global int* y, int index, int words, int value) {
    y[index * words] = value;
    if (words == 2)
        y[index * 2 + 1] = value < 0 ? -1 : 0;
}

// CTCGreedyDecoderSeqLen: data [N, T, C], lengths [N] (i32 or i64: their low words, as lengths lie in [0, T]);
// classes [N, T] padded with -1 and the decoded lengths [N], i32 or i64.
__kernel void ctc_greedy_seq_len(__global const real* x, int x_off, __global const int* lengths, int lengths_off,
                                 __global int* y, int y_off, __global int* decoded, int decoded_off,
                                 const CtcGreedyParams p) {
    const int n = GID();
    if (n >= p.batch)
        return;
    const int length = clamp(lengths[lengths_off + n * p.length_words], 0, p.steps);
    __global int* out = y + y_off;
    const int first = n * p.steps;
    int written = 0, previous = -1;
    for (int t = 0; t < length; ++t) {
        const int best = ctc_greedy_best(x + x_off + ((size_t)n * p.steps + t) * p.classes, p.classes);
        if (best != p.blank && !(p.merge_repeated && best == previous))
            ctc_greedy_store(out, first + written++, p.class_words, best);
        previous = best;
    }
    ctc_greedy_store(decoded + decoded_off, n, p.count_words, written);
    for (; written < p.steps; ++written)
        ctc_greedy_store(out, first + written, p.class_words, -1);
}
