// SPDX-License-Identifier: Apache-2.0
// The parameters of the DetectionOutput kernels (ops/detection_output.cl), shared with the host
// (ops/detection_output.cpp). The kernels keep their intermediate lists in the step's scratch memory, laid out
// in 32-bit words at the *_at offsets below.
#ifndef DEVMUX_OPENCL_DETECTION_OUTPUT_H
#define DEVMUX_OPENCL_DETECTION_OUTPUT_H

// detection_output_rank_sorted: one work-group of DETECTION_OUTPUT_GROUP work-items per (image, class) list,
// for lists of up to DETECTION_OUTPUT_SORT_CAP slots (they are sorted in local memory); longer ones are ranked
// by detection_output_rank.
#define DETECTION_OUTPUT_GROUP 128
#define DETECTION_OUTPUT_SORT_CAP 1024

typedef struct DetectionOutputParams {
    int batch;
    int num_priors;
    int num_classes;
    int loc_classes;        // 1 with share_location, else num_classes
    int slots;              // candidates kept per class after top_k: min(top_k, num_priors), num_priors for -1
    int prior_batches;      // 1: every image shares the priors
    int prior_rows;         // 2 when the priors carry a variance row
    int prior_size;         // 4 (normalized) or 5 (a leading batch index)
    int use_variance;       // the variance row scales the deltas (not encoded in the target)
    int center_size;        // code_type CENTER_SIZE, else CORNER
    int clip_before_nms;
    int clip_after_nms;
    int normalized;
    int background_label_id;
    int keep_top_k;         // -1: keep every survivor
    int decrease_label_id;
    int rows;               // output rows
    float confidence_threshold;
    float nms_threshold;
    float input_width;
    float input_height;
    // Scratch offsets, in words: decoded boxes [batch][loc_classes][num_priors][4], per-class candidate order
    // [batch][num_classes][slots], survivors of NMS [batch][num_classes][slots], their counts
    // [batch][num_classes], and whether each survivor makes keep_top_k [batch][num_classes][slots].
    int boxes_at;
    int order_at;
    int keep_at;
    int keep_count_at;
    int selected_at;
} DetectionOutputParams;

#endif
