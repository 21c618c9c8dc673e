// SPDX-License-Identifier: Apache-2.0
// The parameters of the CTC greedy decoder kernels (ops/ctc_greedy.cl), shared with the host (ops/ctc_greedy.cpp).
#ifndef DEVMUX_OPENCL_CTC_GREEDY_H
#define DEVMUX_OPENCL_CTC_GREEDY_H

typedef struct CtcGreedyParams {
    int batch;
    int steps;
    int classes;
    int blank;           // the dropped class
    int merge_repeated;  // drop a class equal to the previous step's best class
    // CTCGreedyDecoderSeqLen's integers: 32-bit words per value (1: i32, 2: i64, low word first) of the
    // sequence lengths in, the classes out and the decoded lengths out.
    int length_words;
    int class_words;
    int count_words;
} CtcGreedyParams;

#endif
