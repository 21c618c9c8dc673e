// SPDX-License-Identifier: Apache-2.0
// DetectionOutput-1 and -8 (ops/detection_output.cpp), in five launches that follow the CPU reference step by
// step: decode every prior's box, rank each class's candidates by score, per-class NMS, the keep_top_k cut over
// all classes, and the [1, 1, rows, 7] list. Each launch reads what the one before wrote to the scratch memory.
// FP_CONTRACT is off so that a * b + c rounds twice, as the reference computes it, and the kept boxes match it.
#include "detection_output.h"

typedef struct DetectionOutputBox {
    float xmin, ymin, xmax, ymax;
} DetectionOutputBox;

float detection_output_area(DetectionOutputBox b, int normalized) {
#pragma OPENCL FP_CONTRACT OFF
    if (b.xmax < b.xmin || b.ymax < b.ymin)
        return 0.0f;
    const float extra = normalized ? 0.0f : 1.0f;
    return (b.xmax - b.xmin + extra) * (b.ymax - b.ymin + extra);
}

float detection_output_iou(DetectionOutputBox a, DetectionOutputBox b, int normalized) {
#pragma OPENCL FP_CONTRACT OFF
    DetectionOutputBox inter;
    inter.xmin = max(a.xmin, b.xmin);
    inter.ymin = max(a.ymin, b.ymin);
    inter.xmax = min(a.xmax, b.xmax);
    inter.ymax = min(a.ymax, b.ymax);
    if (inter.xmax < inter.xmin || inter.ymax < inter.ymin)
        return 0.0f;
    const float i = detection_output_area(inter, normalized);
    const float u = detection_output_area(a, normalized) + detection_output_area(b, normalized) - i;
    return u <= 0.0f ? 0.0f : i / u;
}

DetectionOutputBox detection_output_clip(DetectionOutputBox b) {
    DetectionOutputBox c;
    c.xmin = min(max(b.xmin, 0.0f), 1.0f);
    c.ymin = min(max(b.ymin, 0.0f), 1.0f);
    c.xmax = min(max(b.xmax, 0.0f), 1.0f);
    c.ymax = min(max(b.ymax, 0.0f), 1.0f);
    return c;
}

DetectionOutputBox detection_output_box(__global const float* s, const DetectionOutputParams* p, int n, int c,
                                        int prior) {
    const int lc = p->loc_classes == 1 ? 0 : c;
    __global const float* b = s + p->boxes_at + (((size_t)n * p->loc_classes + lc) * p->num_priors + prior) * 4;
    DetectionOutputBox box;
    box.xmin = b[0];
    box.ymin = b[1];
    box.xmax = b[2];
    box.ymax = b[3];
    return box;
}

// One work-item per (image, location class, prior): the decoded (and, with clip_before_nms, clipped) box.
__kernel void detection_output_decode(__global const real* loc, int loc_off, __global const real* priors,
                                      int priors_off, __global float* s, int s_off, const DetectionOutputParams p) {
#pragma OPENCL FP_CONTRACT OFF
    const int i = GID();
    if (i >= p.batch * p.loc_classes * p.num_priors)
        return;
    const int prior = i % p.num_priors;
    const int lc = (i / p.num_priors) % p.loc_classes;
    const int n = i / (p.num_priors * p.loc_classes);
    const int prior_len = p.num_priors * p.prior_size;
    __global const real* pb = priors + priors_off + (size_t)(p.prior_batches == 1 ? 0 : n) * p.prior_rows * prior_len;
    __global const real* b = pb + prior * p.prior_size + (p.normalized ? 0 : 1);
    float xmin = (float)b[0], ymin = (float)b[1], xmax = (float)b[2], ymax = (float)b[3];
    if (!p.normalized) {
        xmin /= p.input_width;
        xmax /= p.input_width;
        ymin /= p.input_height;
        ymax /= p.input_height;
    }
    float v0 = 1.0f, v1 = 1.0f, v2 = 1.0f, v3 = 1.0f;
    if (p.use_variance) {
        __global const real* v = b + prior_len;
        v0 = (float)v[0];
        v1 = (float)v[1];
        v2 = (float)v[2];
        v3 = (float)v[3];
    }
    __global const real* l = loc + loc_off + (((size_t)n * p.num_priors + prior) * p.loc_classes + lc) * 4;
    const float l0 = (float)l[0], l1 = (float)l[1], l2 = (float)l[2], l3 = (float)l[3];
    DetectionOutputBox box;
    if (p.center_size) {
        const float pw = xmax - xmin, ph = ymax - ymin;
        const float pcx = (xmin + xmax) / 2, pcy = (ymin + ymax) / 2;
        const float t0 = v0 * l0, t1 = v1 * l1;
        const float s0 = t0 * pw, s1 = t1 * ph;
        const float cx = s0 + pcx, cy = s1 + pcy;
        const float w = exp(v2 * l2) * pw, h = exp(v3 * l3) * ph;
        box.xmin = cx - w / 2;
        box.ymin = cy - h / 2;
        box.xmax = cx + w / 2;
        box.ymax = cy + h / 2;
    } else {
        const float d0 = v0 * l0, d1 = v1 * l1, d2 = v2 * l2, d3 = v3 * l3;
        box.xmin = xmin + d0;
        box.ymin = ymin + d1;
        box.xmax = xmax + d2;
        box.ymax = ymax + d3;
    }
    if (p.clip_before_nms)
        box = detection_output_clip(box);
    __global float* out = s + s_off + p.boxes_at + (size_t)i * 4;
    out[0] = box.xmin;
    out[1] = box.ymin;
    out[2] = box.xmax;
    out[3] = box.ymax;
}

// One work-item per (image, class, prior) above the confidence threshold: its place in the class's candidates
// sorted by score, best first, equal scores in prior order (the reference's stable sort); the first `slots`
// places are written.
__kernel void detection_output_rank(__global const real* conf, int conf_off, __global float* s, int s_off,
                                    const DetectionOutputParams p) {
    const int i = GID();
    if (i >= p.batch * p.num_classes * p.num_priors)
        return;
    const int prior = i % p.num_priors;
    const int c = (i / p.num_priors) % p.num_classes;
    const int n = i / (p.num_priors * p.num_classes);
    if (c == p.background_label_id)
        return;
    __global const real* scores = conf + conf_off + (size_t)n * p.num_priors * p.num_classes + c;
    const float score = (float)scores[(size_t)prior * p.num_classes];
    if (!(score > p.confidence_threshold))
        return;
    int rank = 0;
    for (int q = 0; q < p.num_priors && rank < p.slots; ++q) {
        const float other = (float)scores[(size_t)q * p.num_classes];
        rank += other > score || (other == score && q < prior);
    }
    if (rank < p.slots) {
        __global int* order = (__global int*)(s + s_off) + p.order_at + ((size_t)n * p.num_classes + c) * p.slots;
        order[rank] = prior;
    }
}

// Scores as unsigned integers in the same order (-0 as +0, so equal scores stay equal); no score above the
// confidence threshold is NaN, and none maps to 0.
uint detection_output_key(float score) {
    const uint bits = as_uint(score == 0.0f ? 0.0f : score);
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

// One work-group of DETECTION_OUTPUT_GROUP work-items per (image, class), for up to DETECTION_OUTPUT_SORT_CAP
// slots: the same order as detection_output_rank in O(priors + slots log² slots) rather than O(priors * slots).
// A radix select over the score keys (four 8-bit digits) finds the key of the last candidate that makes the
// slots; the candidates above it, and the first of those equal to it in prior order (a scan over each round of
// priors), are gathered in local memory, sorted best first (equal scores in prior order) by a bitonic sort and
// written. The number of candidates also goes to the list's count, so detection_output_nms does not recount.
__kernel void detection_output_rank_sorted(__global const real* conf, int conf_off, __global float* s, int s_off,
                                           const DetectionOutputParams p) {
    __local uint histogram[256];
    __local uint keys[DETECTION_OUTPUT_SORT_CAP];
    __local int priors[DETECTION_OUTPUT_SORT_CAP];
    __local int scan[DETECTION_OUTPUT_GROUP];
    __local uint cut_key;
    __local int cut_need, cut_all, gathered;
    const int lid = (int)get_local_id(0);
    const int list = (int)get_group_id(0);
    const int c = list % p.num_classes;
    const int n = list / p.num_classes;
    if (list >= p.batch * p.num_classes || c == p.background_label_id)
        return;  // the whole group: no barrier is left waiting
    __global const real* scores = conf + conf_off + (size_t)n * p.num_priors * p.num_classes + c;

    // The cut: `need` candidates of key `prefix` make the slots after every candidate of a greater key.
    uint prefix = 0, mask = 0;
    int need = p.slots;
    int take_all = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
        for (int d = lid; d < 256; d += DETECTION_OUTPUT_GROUP)
            histogram[d] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = lid; q < p.num_priors; q += DETECTION_OUTPUT_GROUP) {
            const float score = (float)scores[(size_t)q * p.num_classes];
            if (score > p.confidence_threshold) {
                const uint key = detection_output_key(score);
                if ((key & mask) == prefix)
                    atomic_inc(&histogram[(key >> shift) & 255u]);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0) {
            int above = 0, d = 255;
            while (d > 0 && above + (int)histogram[d] < need)
                above += (int)histogram[d--];
            cut_key = prefix | ((uint)d << shift);
            cut_need = need - above;
            // On the first digit every candidate is counted: when they all fit, there is no cut.
            cut_all = shift == 24 && above + (int)histogram[0] <= need && d == 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        prefix = cut_key;
        need = cut_need;
        take_all = cut_all;
        mask |= 255u << shift;
        if (take_all)
            break;
    }

    if (lid == 0)
        gathered = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int ties_before = 0;
    for (int start = 0; start < p.num_priors; start += DETECTION_OUTPUT_GROUP) {
        const int q = start + lid;
        uint key = 0;
        int take = 0, tie = 0;
        if (q < p.num_priors) {
            const float score = (float)scores[(size_t)q * p.num_classes];
            if (score > p.confidence_threshold) {
                key = detection_output_key(score);
                take = take_all || key > prefix;
                tie = !take_all && key == prefix;
            }
        }
        if (!take_all) {
            // Inclusive scan of the ties over this round: ties are taken in prior order.
            scan[lid] = tie;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (int offset = 1; offset < DETECTION_OUTPUT_GROUP; offset <<= 1) {
                const int add = lid >= offset ? scan[lid - offset] : 0;
                barrier(CLK_LOCAL_MEM_FENCE);
                scan[lid] += add;
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            take |= tie && ties_before + scan[lid] - tie < need;
            ties_before += scan[DETECTION_OUTPUT_GROUP - 1];
            barrier(CLK_LOCAL_MEM_FENCE);  // every work-item has read scan[] before the next round writes it
        }
        if (take) {
            const int at = atomic_inc(&gathered);
            keys[at] = key;
            priors[at] = q;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const int count = gathered;  // min(candidates, slots)
    int size = 1;
    while (size < count)
        size <<= 1;
    for (int i = count + lid; i < size; i += DETECTION_OUTPUT_GROUP) {
        keys[i] = 0;  // below every candidate's key
        priors[i] = INT_MAX;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 2; k <= size; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1) {
            for (int t = lid; t < size / 2; t += DETECTION_OUTPUT_GROUP) {
                const int a = (t / j) * 2 * j + t % j, b = a + j;
                const int best_first = (a & k) == 0;
                const int b_before_a = keys[b] > keys[a] || (keys[b] == keys[a] && priors[b] < priors[a]);
                if (b_before_a == best_first) {
                    const uint key = keys[a];
                    keys[a] = keys[b];
                    keys[b] = key;
                    const int prior = priors[a];
                    priors[a] = priors[b];
                    priors[b] = prior;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    __global int* order = (__global int*)(s + s_off) + p.order_at + (size_t)list * p.slots;
    for (int r = lid; r < count; r += DETECTION_OUTPUT_GROUP)
        order[r] = priors[r];
    if (lid == 0)
        ((__global int*)(s + s_off))[p.keep_count_at + list] = count;
}

// One work-item per (image, class): greedy NMS over the class's ranked candidates.
__kernel void detection_output_nms(__global const real* conf, int conf_off, __global float* s, int s_off,
                                   const DetectionOutputParams p) {
    const int i = GID();
    if (i >= p.batch * p.num_classes)
        return;
    const int c = i % p.num_classes;
    const int n = i / p.num_classes;
    __global const float* scratch = s + s_off;
    __global int* counts = (__global int*)(s + s_off) + p.keep_count_at;
    if (c == p.background_label_id) {
        counts[i] = 0;
        return;
    }
    __global const real* scores = conf + conf_off + (size_t)n * p.num_priors * p.num_classes + c;
    int candidates = 0;
    if (p.slots > 0 && p.slots <= DETECTION_OUTPUT_SORT_CAP) {
        candidates = counts[i];  // written by detection_output_rank_sorted
    } else {
        for (int q = 0; q < p.num_priors; ++q)
            candidates += (float)scores[(size_t)q * p.num_classes] > p.confidence_threshold;
        candidates = min(candidates, p.slots);
    }
    __global const int* order = (__global const int*)scratch + p.order_at + (size_t)i * p.slots;
    __global int* keep = (__global int*)(s + s_off) + p.keep_at + (size_t)i * p.slots;
    int kept = 0;
    for (int k = 0; k < candidates; ++k) {
        const int prior = order[k];
        const DetectionOutputBox box = detection_output_box(scratch, &p, n, c, prior);
        bool suppressed = false;
        for (int j = 0; j < kept && !suppressed; ++j)
            suppressed = detection_output_iou(box, detection_output_box(scratch, &p, n, c, keep[j]), p.normalized) >
                         p.nms_threshold;
        if (!suppressed)
            keep[kept++] = prior;
    }
    counts[i] = kept;
}

// One work-item per (image, class, survivor slot): whether the survivor is among the image's keep_top_k best,
// ranking equal scores by class, then by their order within the class (the reference's stable sort over the
// classes' lists in class order).
__kernel void detection_output_select(__global const real* conf, int conf_off, __global float* s, int s_off,
                                      const DetectionOutputParams p) {
    const int i = GID();
    if (i >= p.batch * p.num_classes * p.slots)
        return;
    const int k = i % p.slots;
    const int c = (i / p.slots) % p.num_classes;
    const int n = i / (p.slots * p.num_classes);
    __global const int* counts = (__global const int*)(s + s_off) + p.keep_count_at + (size_t)n * p.num_classes;
    __global const int* keep = (__global const int*)(s + s_off) + p.keep_at + (size_t)n * p.num_classes * p.slots;
    __global int* selected = (__global int*)(s + s_off) + p.selected_at;
    if (k >= counts[c]) {
        selected[i] = 0;
        return;
    }
    int total = 0;
    for (int cc = 0; cc < p.num_classes; ++cc)
        total += counts[cc];
    if (p.keep_top_k < 0 || total <= p.keep_top_k) {
        selected[i] = 1;
        return;
    }
    __global const real* scores = conf + conf_off + (size_t)n * p.num_priors * p.num_classes;
    const float score = (float)scores[(size_t)keep[c * p.slots + k] * p.num_classes + c];
    int rank = 0;
    for (int cc = 0; cc < p.num_classes && rank < p.keep_top_k; ++cc)
        for (int kk = 0; kk < counts[cc]; ++kk) {
            const float other = (float)scores[(size_t)keep[cc * p.slots + kk] * p.num_classes + cc];
            rank += other > score || (other == score && (cc < c || (cc == c && kk < k)));
        }
    selected[i] = rank < p.keep_top_k;
}

// One work-item: the selected survivors, image by image, class by class, each class best first; then the rows
// left, zero but for image -1 in the first of them (what the reference writes).
__kernel void detection_output_write(__global const real* conf, int conf_off, __global float* s, int s_off,
                                     __global real* y, int y_off, const DetectionOutputParams p) {
    if (GID() != 0)
        return;
    __global const float* scratch = s + s_off;
    __global const int* counts = (__global const int*)scratch + p.keep_count_at;
    __global const int* keep = (__global const int*)scratch + p.keep_at;
    __global const int* selected = (__global const int*)scratch + p.selected_at;
    __global real* out = y + y_off;
    int row = 0;
    for (int n = 0; n < p.batch; ++n)
        for (int c = 0; c < p.num_classes; ++c) {
            const int list = n * p.num_classes + c;
            for (int k = 0; k < counts[list] && row < p.rows; ++k) {
                if (!selected[list * p.slots + k])
                    continue;
                const int prior = keep[list * p.slots + k];
                DetectionOutputBox box = detection_output_box(scratch, &p, n, c, prior);
                if (p.clip_after_nms)
                    box = detection_output_clip(box);
                __global real* r = out + (size_t)row * 7;
                r[0] = (real)n;
                r[1] = (real)(p.decrease_label_id ? c - 1 : c);
                r[2] = conf[conf_off + ((size_t)n * p.num_priors + prior) * p.num_classes + c];
                r[3] = (real)box.xmin;
                r[4] = (real)box.ymin;
                r[5] = (real)box.xmax;
                r[6] = (real)box.ymax;
                ++row;
            }
        }
    for (int j = row * 7; j < p.rows * 7; ++j)
        out[j] = (real)(j == row * 7 ? -1.0f : 0.0f);
}
