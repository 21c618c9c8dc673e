// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the deterministic detection ops: RegionYolo, ReorgYolo, ROIPooling, ROIAlign,
// PSROIPooling, DeformablePSROIPooling, NonMaxSuppression, Proposal and the ExperimentalDetectron ROI feature
// extractor and prior grid (boxes and ROIs as fixed Constants, feature maps and scores as inputs).
#include <type_traits>

#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v9 = ov::op::v9;

std::shared_ptr<v0::Constant> values_of(const Type& t, const ov::Shape& shape, const std::vector<float>& v) {
    return v0::Constant::create(t, shape, v);
}

// Five ROIs of [batch, x1, y1, x2, y2] in pixels of a 2 x C x 8 x 8 map, some past its edge.
const std::vector<float> pixel_rois = {0, 0, 0, 7, 7, 1, 1, 2, 5, 4, 0, 3, 3, 4, 4, 1, 6, 0, 9, 3, 0, 2.4f, 1.6f, 6.5f, 7.2f};
// The same as normalized corners (bilinear ROIPooling).
const std::vector<float> normalized_rois = {0, 0, 0, 1, 1, 1, 0.1f, 0.2f, 0.6f, 0.5f, 0, 0.4f, 0.4f, 0.5f, 0.9f,
                                            1, 0.7f, 0, 1, 0.3f, 0, 0.25f, 0.25f, 0.75f, 0.75f};
// ROIAlign corners [x1, y1, x2, y2] and their batches.
const std::vector<float> align_rois = {0, 0, 7, 7, 1, 2, 5, 4, 3, 3, 3.5f, 3.5f, 6, 0, 9, 3, 2.4f, 1.6f, 6.5f, 7.2f};
const std::vector<int32_t> align_batches = {0, 1, 0, 1, 1};

OpCase region_yolo(const std::string& name, const ov::Shape& in, size_t coords, size_t classes, size_t regions,
                   bool softmax, std::vector<int64_t> mask, int axis, int end_axis) {
    return {"RegionYolo_" + name, "RegionYolo", reals, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(std::make_shared<v0::RegionYolo>(x, coords, classes, regions, softmax, mask, axis,
                                                                 end_axis),
                                {x});
            }};
}

OpCase reorg_yolo(const std::string& name, const ov::Shape& in, size_t stride) {
    return {"ReorgYolo_" + name, "ReorgYolo", numbers, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(std::make_shared<v0::ReorgYolo>(x, stride), {x});
            }};
}

OpCase roi_pooling(const std::string& name, size_t channels, ov::Shape pooled, float scale, const std::string& method) {
    return {"ROIPooling_" + name, "ROIPooling", reals, [=](const Type& t) {
                auto x = par(t, {2, channels, 8, 8});
                auto rois = values_of(t, {5, 5}, method == "max" ? pixel_rois : normalized_rois);
                return model_of(std::make_shared<v0::ROIPooling>(x, rois, pooled, scale, method), {x});
            }};
}

template <typename Align, typename... Extra>
OpCase roi_align(const std::string& name, int pooled_h, int pooled_w, int sampling, float scale, Extra... extra) {
    return {"ROIAlign_" + name, "ROIAlign", reals, [=](const Type& t) {
                auto x = par(t, {2, 3, 8, 8});
                auto rois = values_of(t, {5, 4}, align_rois);
                auto batches = v0::Constant::create(ov::element::i32, {5}, align_batches);
                return model_of(
                    std::make_shared<Align>(x, rois, batches, pooled_h, pooled_w, sampling, scale, extra...), {x});
            }};
}

OpCase psroi_pooling(const std::string& name, size_t output_dim, size_t group, float scale, int bins_x, int bins_y,
                     const std::string& mode) {
    const size_t channels = mode == "average" ? output_dim * group * group : output_dim * bins_x * bins_y;
    return {"PSROIPooling_" + name, "PSROIPooling", reals, [=](const Type& t) {
                auto x = par(t, {2, channels, 8, 8});
                auto rois = values_of(t, {5, 5}, mode == "average" ? pixel_rois : normalized_rois);
                return model_of(std::make_shared<v0::PSROIPooling>(x, rois, output_dim, group, scale, bins_x, bins_y, mode),
                                {x});
            }};
}

// Eight boxes per image in two clusters plus outliers; [y1, x1, y2, x2] (corner) or [xc, yc, w, h] (center).
const std::vector<float> corner_boxes = {0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0.05f, -0.1f, 1, 0.9f, 0, 10, 1, 11,
                                         0, 10.2f, 1, 11.1f, 1, 10.4f, 0.1f, 11.3f, 0, 100, 1, 101, 5, 5, 7, 8};
const std::vector<float> center_boxes = {0.5f, 0.5f, 1, 1, 0.6f, 0.5f, 1, 1.1f, 0.4f, 0.5f, 0.9f, 1, 10.5f, 0.5f, 1, 1,
                                         10.6f, 0.5f, 1.2f, 1, 10.8f, 0.6f, 0.9f, 0.8f, 100.5f, 0.5f, 1, 1, 6, 6, 2, 3};

template <typename Nms>
OpCase nms(const std::string& name, bool center, bool sort, int64_t max_out, float iou, float score_threshold,
           float sigma = -1) {
    return {"NonMaxSuppression_" + name, "NonMaxSuppression", reals, [=](const Type& t) {
                // Two images with the same boxes, three classes of scores.
                std::vector<float> boxes = center ? center_boxes : corner_boxes;
                boxes.insert(boxes.end(), boxes.begin(), boxes.end());
                auto box_values = values_of(t, {2, 8, 4}, boxes);
                auto scores = par(t, {2, 3, 8});
                auto max_boxes = v0::Constant::create(ov::element::i64, {}, {max_out});
                auto iou_threshold = v0::Constant::create(t, {}, {iou});
                auto score = v0::Constant::create(t, {}, {score_threshold});
                const auto encoding = center ? Nms::BoxEncodingType::CENTER : Nms::BoxEncodingType::CORNER;
                std::shared_ptr<ov::Node> op;
                if constexpr (std::is_constructible<Nms, ov::Output<ov::Node>, ov::Output<ov::Node>, ov::Output<ov::Node>,
                                                    ov::Output<ov::Node>, ov::Output<ov::Node>, ov::Output<ov::Node>,
                                                    typename Nms::BoxEncodingType, bool>::value) {
                    if (sigma >= 0) {
                        op = std::make_shared<Nms>(box_values, scores, max_boxes, iou_threshold, score,
                                                   v0::Constant::create(t, {}, {sigma}), encoding, sort);
                        return model_of(op, {scores});
                    }
                }
                op = std::make_shared<Nms>(box_values, scores, max_boxes, iou_threshold, score, encoding, sort);
                return model_of(op, {scores});
            },
            {Range{0, 1}}};
}

OpCase deformable_psroi(const std::string& name, bool with_offsets, int64_t bins, float trans_std) {
    return {"DeformablePSROIPooling_" + name, "DeformablePSROIPooling", reals, [=](const Type& t) {
                auto x = par(t, {2, 8, 8, 8});
                auto rois = values_of(t, {5, 5}, pixel_rois);
                std::shared_ptr<ov::Node> op;
                if (with_offsets)
                    op = std::make_shared<ov::op::v1::DeformablePSROIPooling>(
                        x, rois, weights(t, {5, 2, 2, 2}, 21, -0.3, 0.3), 2, 0.5f, 2, "bilinear_deformable", bins,
                        bins, trans_std, 2);
                else
                    op = std::make_shared<ov::op::v1::DeformablePSROIPooling>(x, rois, 2, 1.0f, 2, "bilinear_deformable",
                                                                              bins, bins, trans_std, 2);
                return model_of(op, {x});
            }};
}

OpCase roi_feature_extractor(const std::string& name, bool aligned, int64_t sampling) {
    return {"ExperimentalDetectronROIFeatureExtractor_" + name, "ExperimentalDetectronROIFeatureExtractor", reals,
            [=](const Type& t) {
                // ROIs of 16 to 120 pixels land on both levels (strides 4 and 8).
                auto rois = values_of(t, {4, 4}, {0, 0, 16, 16, 8, 4, 120, 110, 10, 10, 40, 30, 2, 3, 90, 60});
                auto fine = par(t, {1, 3, 16, 16});
                auto coarse = par(t, {1, 3, 8, 8});
                ov::op::v6::ExperimentalDetectronROIFeatureExtractor::Attributes a{3, sampling, {4, 8}, aligned};
                auto op = std::make_shared<ov::op::v6::ExperimentalDetectronROIFeatureExtractor>(
                    ov::OutputVector{rois, fine, coarse}, a);
                return model_of(op, {fine, coarse});
            }};
}

OpCase proposal(const std::string& name, bool v4, bool normalize) {
    return {"Proposal_" + name, "Proposal", reals, [=](const Type& t) {
                auto probs = par(t, {1, 6, 4, 4});
                auto deltas = par(t, {1, 12, 4, 4});
                ov::op::v0::Proposal::Attributes a;
                a.base_size = 8;
                a.pre_nms_topn = 20;
                a.post_nms_topn = 6;
                a.nms_thresh = 0.6f;
                a.feat_stride = 8;
                a.min_size = 2;
                a.ratio = {0.5f, 1.0f, 2.0f};
                a.scale = {1.0f};
                a.normalize = normalize;
                auto info = values_of(t, {3}, {32, 32, 1});
                std::shared_ptr<ov::Node> op;
                if (v4)
                    op = std::make_shared<ov::op::v4::Proposal>(probs, deltas, info, a);
                else
                    op = std::make_shared<ov::op::v0::Proposal>(probs, deltas, info, a);
                return model_of(op, {probs, deltas});
            },
            {Range{0, 1}, Range{-0.5, 0.5}}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };
    add(region_yolo("yolo3_mask3", {1, 24, 5, 4}, 4, 3, 9, false, {0, 4, 8}, 1, 3));
    add(region_yolo("yolo2_softmax", {2, 16, 3, 3}, 4, 3, 2, true, {}, 1, 3));
    add(region_yolo("yolo2_softmax_flat_hw", {1, 30, 2, 4}, 4, 5, 3, true, {}, 2, -1));
    add(reorg_yolo("s2", {1, 8, 4, 6}, 2));
    add(reorg_yolo("s3_batch2", {2, 9, 6, 3}, 3));
    add(roi_pooling("max_2x2_s1", 3, {2, 2}, 1.0f, "max"));
    add(roi_pooling("max_3x2_s05", 2, {3, 2}, 0.5f, "max"));
    add(roi_pooling("bilinear_2x3", 3, {2, 3}, 1.0f, "bilinear"));
    add(roi_pooling("bilinear_1x1", 2, {1, 1}, 1.0f, "bilinear"));
    add(roi_align<v3::ROIAlign>("v3_avg_s2", 2, 2, 2, 1.0f, std::string("avg")));
    add(roi_align<v3::ROIAlign>("v3_max_adaptive", 3, 2, 0, 0.5f, std::string("max")));
    add(roi_align<v9::ROIAlign>("v9_avg_half_pixel", 2, 3, 2, 1.0f, v9::ROIAlign::PoolingMode::AVG,
                                v9::ROIAlign::AlignedMode::HALF_PIXEL));
    add(roi_align<v9::ROIAlign>("v9_max_half_pixel_for_nn", 2, 2, 1, 0.5f, v9::ROIAlign::PoolingMode::MAX,
                                v9::ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN));
    add(psroi_pooling("average_d2_g2", 2, 2, 1.0f, 1, 1, "average"));
    add(psroi_pooling("average_d1_g3_s05", 1, 3, 0.5f, 1, 1, "average"));
    add(psroi_pooling("bilinear_d2_b2x3", 2, 2, 1.0f, 2, 3, "bilinear"));
    add(nms<v4::NonMaxSuppression>("v4_corner_sorted", false, true, 3, 0.5f, 0.0f));
    add(nms<v4::NonMaxSuppression>("v4_center_unsorted", true, false, 2, 0.3f, 0.2f));
    add(nms<v3::NonMaxSuppression>("v3_corner", false, false, 4, 0.6f, 0.1f));
    add(nms<v9::NonMaxSuppression>("v9_corner", false, true, 3, 0.5f, 0.25f));
    add(nms<v9::NonMaxSuppression>("v9_soft_center", true, false, 5, 0.8f, 0.05f, 0.5f));
    add(deformable_psroi("no_offsets_bins2", false, 2, 1.0f));
    add(deformable_psroi("offsets_bins3", true, 3, 0.5f));
    add(roi_feature_extractor("adaptive", false, 0));
    add(roi_feature_extractor("aligned_s2", true, 2));
    add(proposal("v0", false, false));
    add(proposal("v4_normalized", true, true));
}

}  // namespace conformance
