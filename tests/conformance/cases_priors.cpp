// SPDX-License-Identifier: Apache-2.0
// PriorBox, PriorBoxClustered and DetectionOutput as single-op cases. The prior boxes depend only on constant
// sizes (a device may fold them); DetectionOutput decodes seeded box deltas and class scores against seeded,
// ordered priors. Its outputs are sorted detections, so the cases use scores far apart (no ties whose order a
// device may swap) and a confidence threshold that keeps every candidate.
#include <type_traits>

#include "case_builders.hpp"
#include "openvino/op/detection_output.hpp"
#include "openvino/op/prior_box.hpp"

namespace {
using namespace conformance::case_builders;

std::shared_ptr<v0::Constant> sizes(const std::vector<int64_t>& values) {
    return v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values);
}

// A model needs an input: the priors are added to a seeded input of their shape, so the case compares them.
std::shared_ptr<ov::Model> plus_input(const ov::Output<ov::Node>& priors) {
    auto x = par(ov::element::f32, priors.get_shape());
    return model_of({std::make_shared<v1::Add>(priors, x)->output(0)}, {x});
}

template <typename Attributes>
Attributes detection_attributes(int keep_top_k) {
    Attributes attrs;
    attrs.background_label_id = 0;
    attrs.top_k = 6;
    attrs.keep_top_k = {keep_top_k};
    attrs.code_type = "caffe.PriorBoxParameter.CENTER_SIZE";
    attrs.share_location = true;
    attrs.nms_threshold = 0.5f;
    attrs.confidence_threshold = 0.01f;
    attrs.normalized = true;
    attrs.variance_encoded_in_target = false;
    return attrs;
}

// Four priors in a row, four classes (background included); deltas and scores are model inputs.
template <typename Op>
std::shared_ptr<ov::Model> detection(int keep_top_k) {
    constexpr size_t priors = 4, classes = 4;
    std::vector<float> boxes;
    for (size_t p = 0; p < priors; ++p) {
        const float x = 0.05f + 0.22f * static_cast<float>(p);
        for (float v : {x, 0.1f + 0.05f * static_cast<float>(p), x + 0.2f, 0.5f + 0.1f * static_cast<float>(p)})
            boxes.push_back(v);
    }
    for (size_t p = 0; p < priors; ++p)
        for (float v : {0.1f, 0.1f, 0.2f, 0.2f})
            boxes.push_back(v);  // variances
    auto prior_boxes = v0::Constant::create(ov::element::f32, ov::Shape{1, 2, priors * 4}, boxes);
    auto deltas = par(ov::element::f32, {1, priors * 4});
    auto scores = par(ov::element::f32, {1, priors * classes});
    auto attrs = detection_attributes<typename Op::Attributes>(keep_top_k);
    if constexpr (std::is_same_v<Op, v0::DetectionOutput>)
        attrs.num_classes = static_cast<int>(classes);
    return model_of(std::make_shared<Op>(deltas, scores, prior_boxes, attrs), {deltas, scores});
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    const std::vector<ov::element::Type> f32_only{ov::element::f32};
    cases.push_back({"PriorBox_v0_3x4_on_30x40", "PriorBox", f32_only, [](const Type&) {
                         v0::PriorBox::Attributes attrs;
                         attrs.min_size = {8};
                         attrs.max_size = {16};
                         attrs.aspect_ratio = {2};
                         attrs.flip = true;
                         attrs.clip = true;
                         attrs.variance = {0.1f, 0.1f, 0.2f, 0.2f};
                         return plus_input(std::make_shared<v0::PriorBox>(sizes({3, 4}), sizes({30, 40}), attrs));
                     }});
    cases.push_back({"PriorBox_v8_min_max_order", "PriorBox", f32_only, [](const Type&) {
                         ov::op::v8::PriorBox::Attributes attrs;
                         attrs.min_size = {6};
                         attrs.max_size = {12};
                         attrs.aspect_ratio = {2, 3};
                         attrs.min_max_aspect_ratios_order = false;
                         attrs.step = 8;
                         attrs.offset = 0.5f;
                         attrs.variance = {0.1f};
                         return plus_input(std::make_shared<ov::op::v8::PriorBox>(sizes({2, 3}), sizes({16, 24}), attrs));
                     }});
    cases.push_back({"PriorBoxClustered_2x3", "PriorBoxClustered", f32_only, [](const Type&) {
                         v0::PriorBoxClustered::Attributes attrs;
                         attrs.widths = {4, 9};
                         attrs.heights = {5, 7};
                         attrs.variances = {0.1f, 0.1f, 0.2f, 0.2f};
                         return plus_input(std::make_shared<v0::PriorBoxClustered>(sizes({2, 3}), sizes({20, 30}), attrs));
                     }});
    // Scores in [0.02, 1] stay above the 0.01 threshold; 16 seeded floats tie with negligible probability.
    cases.push_back({"DetectionOutput_v0_keep_all", "DetectionOutput", f32_only,
                     [](const Type&) { return detection<v0::DetectionOutput>(-1); }, {{-0.5, 0.5}, {0.02, 1}}});
    cases.push_back({"DetectionOutput_v8_keep_3", "DetectionOutput", f32_only,
                     [](const Type&) { return detection<ov::op::v8::DetectionOutput>(3); }, {{-0.5, 0.5}, {0.02, 1}}});
}
