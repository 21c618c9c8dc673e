// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the NMS family beyond cases_detection.cpp: NonMaxSuppression-1 (a fixed row count, so
// every device can run it) and -5, MulticlassNms-8/-9, MatrixNms-8 and NMSRotated-13. Boxes are seeded random,
// valid Constants (clustered, so that suppression happens); scores are inputs in [0, 1]. Every version but
// NonMaxSuppression-1 selects a data-dependent number of rows: devices that compile static shapes only refuse
// those cases (docs/api-differences.md), and the query-equals-compile check is what they assert there; their
// values are checked against independent numbers in cases_spec_examples.cpp.
#include "box_values.hpp"
#include "case_builders.hpp"
#include "openvino/op/matrix_nms.hpp"
#include "openvino/op/multiclass_nms.hpp"
#include "openvino/op/nms_rotated.hpp"
#include "openvino/op/non_max_suppression.hpp"

namespace conformance {
namespace {

using namespace case_builders;
using box_values::BoxForm;
namespace v5 = ov::op::v5;
namespace v9 = ov::op::v9;
namespace v13 = ov::op::v13;

constexpr size_t images = 2, classes = 3, boxes_per_image = 8;

std::shared_ptr<v0::Constant> boxes_of(const Type& t, BoxForm form, uint32_t seed, float scale = 1.0f) {
    const size_t width = form == BoxForm::rotated ? 5 : 4;
    return v0::Constant::create(t, {images, boxes_per_image, width},
                                box_values::clustered(form, images, boxes_per_image, seed, scale));
}

std::shared_ptr<v0::Parameter> scores_input(const Type& t) { return par(t, {images, classes, boxes_per_image}); }

std::shared_ptr<v0::Constant> scalar(const Type& t, double value) {
    return v0::Constant::create(t, ov::Shape{}, std::vector<double>{value});
}

struct NmsInputs {
    int64_t max_boxes;
    float iou, score;
    Type max_boxes_type = ov::element::i64;
};

// NonMaxSuppression-1: min(N, max_boxes * C) rows, unused ones -1.
OpCase nms_v1(const std::string& name, bool center, bool sort, NmsInputs in, uint32_t seed) {
    using Nms = ov::op::v1::NonMaxSuppression;
    return {"NonMaxSuppression_v1_" + name, "NonMaxSuppression", reals, [=](const Type& t) {
                auto scores = scores_input(t);
                auto op = std::make_shared<Nms>(boxes_of(t, center ? BoxForm::center : BoxForm::corners, seed), scores,
                                                scalar(in.max_boxes_type, static_cast<double>(in.max_boxes)),
                                                scalar(t, in.iou), scalar(t, in.score),
                                                center ? Nms::BoxEncodingType::CENTER : Nms::BoxEncodingType::CORNER,
                                                sort);
                return model_of(op, {scores});
            },
            {Range{0, 1}}};
}

// NonMaxSuppression-5: the selected rows, their scores and their count; Soft-NMS when sigma > 0.
OpCase nms_v5(const std::string& name, bool center, bool sort, NmsInputs in, float sigma, const Type& index_type,
              uint32_t seed) {
    using Nms = v5::NonMaxSuppression;
    return {"NonMaxSuppression_v5_" + name, "NonMaxSuppression", reals, [=](const Type& t) {
                auto scores = scores_input(t);
                auto boxes = boxes_of(t, center ? BoxForm::center : BoxForm::corners, seed);
                auto max_boxes = scalar(in.max_boxes_type, static_cast<double>(in.max_boxes));
                const auto encoding = center ? Nms::BoxEncodingType::CENTER : Nms::BoxEncodingType::CORNER;
                std::shared_ptr<ov::Node> op;
                if (sigma > 0)
                    op = std::make_shared<Nms>(boxes, scores, max_boxes, scalar(t, in.iou), scalar(t, in.score),
                                               scalar(t, sigma), encoding, sort, index_type);
                else
                    op = std::make_shared<Nms>(boxes, scores, max_boxes, scalar(t, in.iou), scalar(t, in.score),
                                               encoding, sort, index_type);
                return model_of(op, {scores});
            },
            {Range{0, 1}}};
}

using MulticlassAttributes = ov::op::util::MulticlassNmsBase::Attributes;
using MulticlassSort = ov::op::util::MulticlassNmsBase::SortResultType;

template <typename Op>
OpCase multiclass_nms(const std::string& version, const std::string& name, MulticlassAttributes a, uint32_t seed) {
    return {"MulticlassNms_" + version + "_" + name, "MulticlassNms", reals, [=](const Type& t) {
                auto scores = scores_input(t);
                // Pixel-sized boxes where the IoU counts pixels (+1), unit-sized ones where it does not.
                auto boxes = boxes_of(t, BoxForm::corners, seed, a.normalized ? 1.0f : 12.0f);
                return model_of(std::make_shared<Op>(boxes, scores, a), {scores});
            },
            {Range{0, 1}}};
}

OpCase matrix_nms(const std::string& name, ov::op::v8::MatrixNms::Attributes a, uint32_t seed) {
    return {"MatrixNms_" + name, "MatrixNms", reals, [=](const Type& t) {
                auto scores = scores_input(t);
                auto boxes = boxes_of(t, BoxForm::corners, seed, a.normalized ? 1.0f : 12.0f);
                return model_of(std::make_shared<ov::op::v8::MatrixNms>(boxes, scores, a), {scores});
            },
            {Range{0, 1}}};
}

OpCase nms_rotated(const std::string& name, bool sort, bool clockwise, NmsInputs in, const Type& index_type,
                   uint32_t seed) {
    return {"NMSRotated_" + name, "NMSRotated", reals, [=](const Type& t) {
                auto scores = scores_input(t);
                auto max_boxes = scalar(in.max_boxes_type, static_cast<double>(in.max_boxes));
                auto op = std::make_shared<v13::NMSRotated>(boxes_of(t, BoxForm::rotated, seed), scores, max_boxes,
                                                            scalar(t, in.iou), scalar(t, in.score), sort, index_type,
                                                            clockwise);
                return model_of(op, {scores});
            },
            {Range{0, 1}}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    const Type i64 = ov::element::i64;
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

    // v1 keeps min(8, max_boxes * 3) rows of the 2 x 3 x 8 candidates: the first two truncate, the last pads.
    add(nms_v1("corner_sorted_max3", false, true, {3, 0.5f, 0.0f}, 31));
    add(nms_v1("center_unsorted_max2_score02", true, false, {2, 0.3f, 0.2f}, 32));
    add(nms_v1("corner_unsorted_max1_iou07_i32", false, false, {1, 0.7f, 0.1f, i32}, 33));

    add(nms_v5("corner_sorted", false, true, {3, 0.5f, 0.0f}, 0.0f, i64, 41));
    add(nms_v5("center_unsorted_i32", true, false, {2, 0.4f, 0.2f, i32}, 0.0f, i32, 42));
    add(nms_v5("soft_sigma05", false, true, {4, 0.9f, 0.05f}, 0.5f, i64, 43));

    MulticlassAttributes by_score;
    by_score.sort_result_type = MulticlassSort::SCORE;
    by_score.iou_threshold = 0.5f;
    by_score.score_threshold = 0.1f;
    MulticlassAttributes by_class_across;
    by_class_across.sort_result_type = MulticlassSort::CLASSID;
    by_class_across.sort_result_across_batch = true;
    by_class_across.iou_threshold = 0.3f;
    by_class_across.nms_top_k = 5;
    by_class_across.keep_top_k = 6;
    by_class_across.background_class = 0;
    by_class_across.normalized = false;
    by_class_across.output_type = i32;
    MulticlassAttributes adaptive;
    adaptive.iou_threshold = 0.8f;
    adaptive.nms_eta = 0.7f;
    adaptive.score_threshold = 0.2f;
    adaptive.keep_top_k = 4;
    add(multiclass_nms<ov::op::v8::MulticlassNms>("v8", "score", by_score, 51));
    add(multiclass_nms<ov::op::v8::MulticlassNms>("v8", "classid_across_batch_background0", by_class_across, 52));
    add(multiclass_nms<ov::op::v9::MulticlassNms>("v9", "score", by_score, 53));
    add(multiclass_nms<ov::op::v9::MulticlassNms>("v9", "unsorted_eta07_keep4", adaptive, 54));

    using Matrix = ov::op::v8::MatrixNms;
    Matrix::Attributes linear;
    linear.sort_result_type = Matrix::SortResultType::SCORE;
    linear.decay_function = Matrix::DecayFunction::LINEAR;
    linear.post_threshold = 0.1f;
    Matrix::Attributes gaussian;
    gaussian.sort_result_type = Matrix::SortResultType::CLASSID;
    gaussian.sort_result_across_batch = true;
    gaussian.decay_function = Matrix::DecayFunction::GAUSSIAN;
    gaussian.gaussian_sigma = 2.0f;
    gaussian.score_threshold = 0.05f;
    gaussian.nms_top_k = 4;
    gaussian.keep_top_k = 6;
    gaussian.background_class = 1;
    gaussian.normalized = false;
    gaussian.output_type = i32;
    add(matrix_nms("linear_score_post01", linear, 61));
    add(matrix_nms("gaussian_classid_across_batch_background1", gaussian, 62));

    add(nms_rotated("sorted_clockwise", true, true, {3, 0.5f, 0.0f}, i64, 71));
    add(nms_rotated("unsorted_counterclockwise_i32", false, false, {2, 0.3f, 0.2f, i32}, i32, 72));
}

}  // namespace conformance
