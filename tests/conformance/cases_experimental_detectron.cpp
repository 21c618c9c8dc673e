// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the Mask R-CNN post-processing ops: ExperimentalDetectronDetectionOutput,
// -GenerateProposalsSingleImage, -PriorGridGenerator and -TopKROIs (fixed output sizes, so every device can run
// them), and GenerateProposals-9 (a data-dependent number of ROIs per image: devices that compile static shapes
// only refuse it, docs/api-differences.md). ROIs, anchors and priors are seeded random, valid Constants inside
// the image; deltas and scores are inputs. Independent values are in cases_spec_examples.cpp.
#include <cmath>

#include "box_values.hpp"
#include "case_builders.hpp"
#include "openvino/op/experimental_detectron_detection_output.hpp"
#include "openvino/op/experimental_detectron_generate_proposals.hpp"
#include "openvino/op/experimental_detectron_prior_grid_generator.hpp"
#include "openvino/op/experimental_detectron_topkrois.hpp"
#include "openvino/op/generate_proposals.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v9 = ov::op::v9;

std::shared_ptr<v0::Constant> values_of(const Type& t, const ov::Shape& shape, const std::vector<float>& v) {
    return v0::Constant::create(t, shape, v);
}

// Priors centred on 0 (the generator adds each cell's centre), seeded random sizes.
std::vector<float> centred_priors(size_t count, uint32_t seed) {
    std::vector<float> priors;
    const auto boxes = box_values::in_image(count, seed, 64, 64);
    for (size_t i = 0; i < count; ++i) {
        const float half_w = (boxes[4 * i + 2] - boxes[4 * i]) / 2, half_h = (boxes[4 * i + 3] - boxes[4 * i + 1]) / 2;
        priors.insert(priors.end(), {-half_w, -half_h, half_w, half_h});
    }
    return priors;
}

using DetectionAttributes = v6::ExperimentalDetectronDetectionOutput::Attributes;

OpCase detection_output(const std::string& name, size_t rois, DetectionAttributes a, uint32_t seed) {
    return {"ExperimentalDetectronDetectionOutput_" + name, "ExperimentalDetectronDetectionOutput", reals,
            [=](const Type& t) {
                const size_t classes = static_cast<size_t>(a.num_classes);
                auto roi_values = values_of(t, {rois, 4}, box_values::in_image(rois, seed, 48, 40));
                auto deltas = par(t, {rois, 4 * classes});
                auto scores = par(t, {rois, classes});
                auto info = values_of(t, {1, 3}, {40, 48, 1});
                auto op =
                    std::make_shared<v6::ExperimentalDetectronDetectionOutput>(roi_values, deltas, scores, info, a);
                return model_of(op, {deltas, scores});
            },
            {Range{-0.5, 0.5}, Range{0, 1}}};
}

using SingleImageAttributes = v6::ExperimentalDetectronGenerateProposalsSingleImage::Attributes;

OpCase proposals_single_image(const std::string& name, size_t anchors_per_cell, size_t h, size_t w,
                              SingleImageAttributes a, uint32_t seed) {
    return {"ExperimentalDetectronGenerateProposalsSingleImage_" + name,
            "ExperimentalDetectronGenerateProposalsSingleImage", reals,
            [=](const Type& t) {
                const size_t count = h * w * anchors_per_cell;
                auto info = values_of(t, {3}, {32, 40, 1});
                auto anchors = values_of(t, {count, 4}, box_values::in_image(count, seed, 40, 32));
                auto deltas = par(t, {4 * anchors_per_cell, h, w});
                auto scores = par(t, {anchors_per_cell, h, w});
                auto op = std::make_shared<v6::ExperimentalDetectronGenerateProposalsSingleImage>(info, anchors, deltas,
                                                                                                   scores, a);
                return model_of(op, {deltas, scores});
            },
            {Range{-0.3, 0.3}, Range{0, 1}}};
}

using GridAttributes = v6::ExperimentalDetectronPriorGridGenerator::Attributes;

// The feature map and the image give only their sizes; their values are inputs all the same, as in a network.
OpCase prior_grid(const std::string& name, size_t priors, ov::Shape map, ov::Shape image, GridAttributes a,
                  uint32_t seed) {
    return {"ExperimentalDetectronPriorGridGenerator_" + name, "ExperimentalDetectronPriorGridGenerator", reals,
            [=](const Type& t) {
                auto prior_values = values_of(t, {priors, 4}, centred_priors(priors, seed));
                auto feature_map = par(t, map);
                auto image_data = par(t, image);
                auto op = std::make_shared<v6::ExperimentalDetectronPriorGridGenerator>(prior_values, feature_map,
                                                                                         image_data, a);
                return model_of(op, {feature_map, image_data});
            }};
}

OpCase top_k_rois(const std::string& name, size_t rois, size_t max_rois, uint32_t seed) {
    return {"ExperimentalDetectronTopKROIs_" + name, "ExperimentalDetectronTopKROIs", reals, [=](const Type& t) {
                auto roi_values = values_of(t, {rois, 4}, box_values::in_image(rois, seed, 64, 48));
                auto probabilities = par(t, {rois});
                auto op = std::make_shared<v6::ExperimentalDetectronTopKROIs>(roi_values, probabilities, max_rois);
                return model_of(op, {probabilities});
            },
            {Range{0, 1}}};
}

OpCase generate_proposals(const std::string& name, bool four_value_info, v9::GenerateProposals::Attributes a,
                          const Type& roi_num_type, uint32_t seed) {
    return {"GenerateProposals_" + name, "GenerateProposals", reals, [=](const Type& t) {
                const size_t batch = 2, anchors_per_cell = 3, h = 3, w = 4;
                auto info = four_value_info ? values_of(t, {batch, 4}, {30, 40, 1, 1, 30, 40, 2, 1.5f})
                                            : values_of(t, {batch, 3}, {30, 40, 1, 30, 40, 1});
                const size_t count = h * w * anchors_per_cell;
                auto anchors = values_of(t, {h, w, anchors_per_cell, 4}, box_values::in_image(count, seed, 40, 30));
                auto deltas = par(t, {batch, 4 * anchors_per_cell, h, w});
                auto scores = par(t, {batch, anchors_per_cell, h, w});
                auto op = std::make_shared<v9::GenerateProposals>(info, anchors, deltas, scores, a, roi_num_type);
                return model_of(op, {deltas, scores});
            },
            {Range{-0.3, 0.3}, Range{0, 1}}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };
    const float max_log = std::log(1000.0f / 16.0f);

    // 3 classes with per-class deltas; 4 classes regressing one box for all (more detections than kept).
    add(detection_output("per_class_deltas", 8, {0.05f, 0.5f, max_log, 3, 5, 6, false, {10, 10, 5, 5}}, 81));
    add(detection_output("class_agnostic_limit4", 10, {0.2f, 0.3f, max_log, 4, 3, 4, true, {1, 1, 1, 1}}, 82));

    add(proposals_single_image("a3_4x4_post10", 3, 4, 4, {1.0f, 0.7f, 10, 30}, 83));
    add(proposals_single_image("a2_3x5_min4_post6_pre12", 2, 3, 5, {4.0f, 0.5f, 6, 12}, 84));

    // Grid size and steps from the inputs' shapes, flattened; then given by the attributes, as a 4D grid.
    add(prior_grid("from_shapes_flatten", 3, {1, 2, 4, 5}, {1, 3, 32, 40}, {true, 0, 0, 0.0f, 0.0f}, 85));
    add(prior_grid("attributes_4d", 2, {1, 2, 4, 5}, {1, 3, 32, 40}, {false, 3, 2, 6.0f, 5.0f}, 86));

    add(top_k_rois("8_keep3", 8, 3, 87));
    add(top_k_rois("6_keep8_pads", 6, 8, 88));

    add(generate_proposals("normalized_i64", false, {1.0f, 0.7f, 20, 8, true, 1.0f}, ov::element::i64, 89));
    add(generate_proposals("pixels_eta08_scaled_info_i32", true, {2.0f, 0.8f, 30, 10, false, 0.8f}, i32, 90));
}

}  // namespace conformance
