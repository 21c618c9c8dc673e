// SPDX-License-Identifier: Apache-2.0
// Independent values for ops whose op cases (cases_nms.cpp, cases_experimental_detectron.cpp,
// cases_nonzero.cpp) are otherwise judged by the reference evaluation alone: worked examples with their
// expected outputs written here as numbers, from the ONNX operator tests (NonMaxSuppression, NonZero), or worked
// by hand from the OpenVINO specification's formulas (the other ops). On every device, SpecExamples checks
// - the op's own evaluate() against those numbers; it runs for every example, also where the outputs' sizes
//   depend on the data and the device refuses the model (evaluate() sizes its outputs itself), and
// - the device: a device that claims the model (query_model) must compile it and give those numbers; one that
//   does not must refuse to compile it (query equals compile).
// Test names: Conformance/SpecExamples.MatchIndependentValues/<LABEL>__<Op>_<example>.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "case_builders.hpp"
#include "conformance.hpp"
#include "openvino/op/experimental_detectron_detection_output.hpp"
#include "openvino/op/experimental_detectron_generate_proposals.hpp"
#include "openvino/op/experimental_detectron_prior_grid_generator.hpp"
#include "openvino/op/experimental_detectron_topkrois.hpp"
#include "openvino/op/generate_proposals.hpp"
#include "openvino/op/matrix_nms.hpp"
#include "openvino/op/multiclass_nms.hpp"
#include "openvino/op/nms_rotated.hpp"
#include "openvino/op/non_max_suppression.hpp"
#include "openvino/op/non_zero.hpp"

namespace conformance {
namespace {

using namespace case_builders;
const Type i64 = ov::element::i64;

// One example: a model, its inputs (in parameter order) and the outputs the source gives for them.
struct Worked {
    std::shared_ptr<ov::Model> model;
    std::vector<ov::Tensor> inputs, expected;
    double tolerance = 1e-6;  // normalised error for real outputs; integer outputs match exactly
};

struct SpecExample {
    std::string name;  // <Op>_<example>
    std::function<Worked()> build;
};

ov::Tensor tensor(const Type& type, const ov::Shape& shape, const std::vector<double>& values) {
    ov::Tensor t(type, shape);
    OPENVINO_ASSERT(t.get_size() == values.size(), "spec example: ", values.size(), " values for shape ", shape);
    for (size_t i = 0; i < values.size(); ++i) {
        switch (ov::element::Type_t(type)) {
            case ov::element::Type_t::f32: t.data<float>()[i] = static_cast<float>(values[i]); break;
            case ov::element::Type_t::i32: t.data<int32_t>()[i] = static_cast<int32_t>(values[i]); break;
            case ov::element::Type_t::i64: t.data<int64_t>()[i] = static_cast<int64_t>(values[i]); break;
            default: OPENVINO_THROW("spec example: no values of type ", type);
        }
    }
    return t;
}

// Parameters of the inputs' types and shapes, in order.
ov::ParameterVector parameters_for(const std::vector<ov::Tensor>& inputs) {
    ov::ParameterVector parameters;
    for (const auto& input : inputs)
        parameters.push_back(par(input.get_element_type(), input.get_shape()));
    return parameters;
}

std::shared_ptr<v0::Constant> scalar(const Type& t, double value) {
    return v0::Constant::create(t, ov::Shape{}, std::vector<double>{value});
}

// The model's outputs from each node's own evaluate(), which sizes an output whose shape depends on the data
// (reference_outputs in harness.cpp allocates outputs from the inferred shapes, so it needs static ones).
std::vector<ov::Tensor> evaluated(const ov::Model& model, const std::vector<ov::Tensor>& inputs) {
    std::map<std::pair<const ov::Node*, size_t>, ov::Tensor> values;
    const auto& parameters = model.get_parameters();
    for (const auto& node : model.get_ordered_ops()) {
        if (auto parameter = std::dynamic_pointer_cast<v0::Parameter>(node)) {
            const auto pos = std::find(parameters.begin(), parameters.end(), parameter) - parameters.begin();
            values[{node.get(), 0}] = inputs.at(static_cast<size_t>(pos));
            continue;
        }
        ov::TensorVector in, out(node->get_output_size());
        for (const auto& source : node->input_values())
            in.push_back(values.at({source.get_node(), source.get_index()}));
        if (ov::is_type<v0::Result>(node)) {
            values[{node.get(), 0}] = in.at(0);
            continue;
        }
        for (size_t i = 0; i < out.size(); ++i)
            if (node->get_output_partial_shape(i).is_static())
                out[i] = ov::Tensor(node->get_output_element_type(i), node->get_output_shape(i));
        OPENVINO_ASSERT(node->evaluate(out, in), "spec example: ", node->get_type_name(), " has no evaluate()");
        for (size_t i = 0; i < out.size(); ++i)
            values[{node.get(), i}] = out[i];
    }
    std::vector<ov::Tensor> outputs;
    for (const auto& result : model.get_results())
        outputs.push_back(values.at({result.get(), 0}));
    return outputs;
}

void expect_values(const std::vector<ov::Tensor>& actual, const Worked& w, const std::string& who) {
    ASSERT_EQ(actual.size(), w.expected.size()) << who;
    for (size_t i = 0; i < actual.size(); ++i) {
        const auto& expected = w.expected[i];
        EXPECT_EQ(actual[i].get_element_type(), expected.get_element_type()) << who << ", output " << i;
        ASSERT_EQ(actual[i].get_shape(), expected.get_shape()) << who << ", output " << i;
        const double limit = expected.get_element_type().is_real() ? w.tolerance : 0.0;
        EXPECT_LE(normalised_error(actual[i], expected), limit)
            << who << ", output " << i << ": " << ::testing::PrintToString(to_doubles(actual[i])) << " instead of "
            << ::testing::PrintToString(to_doubles(expected));
    }
}

// ---- NonMaxSuppression: the ONNX operator tests (boxes [y1, x1, y2, x2] unless centred) ----------------------

const std::vector<double> onnx_boxes = {0, 0, 1, 1,  0, 0.1, 1, 1.1,  0, -0.1, 1, 0.9,
                                        0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101};
const std::vector<double> onnx_flipped_boxes = {1, 1, 0, 0,  0, 0.1, 1, 1.1,  0, 0.9, 1, -0.1,
                                                0, 10, 1, 11, 1, 10.1, 0, 11.1, 1, 101, 0, 100};
const std::vector<double> onnx_center_boxes = {0.5, 0.5, 1, 1,  0.5, 0.6, 1, 1,  0.5, 0.4, 1, 1,
                                               0.5, 10.5, 1, 1, 0.5, 10.6, 1, 1, 0.5, 100.5, 1, 1};
const std::vector<double> onnx_scores = {0.9, 0.75, 0.6, 0.95, 0.5, 0.3};

std::vector<double> repeated(const std::vector<double>& v, size_t times) {
    std::vector<double> out;
    for (size_t i = 0; i < times; ++i)
        out.insert(out.end(), v.begin(), v.end());
    return out;
}

struct NmsExample {
    std::vector<double> boxes, scores;  // one image's boxes, every image's and class's scores
    size_t batches = 1, classes = 1;
    int64_t max_boxes = 3;
    double iou = 0.5, score = 0.0;
    bool center = false, sort = true;
};

// NonMaxSuppression of any version on the example; the boxes repeat for every image.
template <typename Nms>
Worked nms_worked(const NmsExample& e, std::vector<ov::Tensor> expected) {
    const size_t n = e.boxes.size() / 4;
    std::vector<ov::Tensor> inputs{tensor(f32, {e.batches, n, 4}, repeated(e.boxes, e.batches)),
                                   tensor(f32, {e.batches, e.classes, n}, e.scores)};
    auto p = parameters_for(inputs);
    const auto encoding = e.center ? Nms::BoxEncodingType::CENTER : Nms::BoxEncodingType::CORNER;
    auto op = std::make_shared<Nms>(p[0], p[1], scalar(i64, static_cast<double>(e.max_boxes)), scalar(f32, e.iou),
                                    scalar(f32, e.score), encoding, e.sort);
    return {model_of(op, p), inputs, std::move(expected)};
}

// The fixed-row versions' selected_indices: the selected rows, then rows of -1 up to `rows`.
ov::Tensor padded_rows(const std::vector<double>& selected, size_t rows) {
    std::vector<double> values = selected;
    values.resize(rows * 3, -1.0);
    return tensor(i64, {rows, 3}, values);
}

// The selected-row versions' three outputs: indices, (batch, class, score) rows and the count.
std::vector<ov::Tensor> selected_rows(const std::vector<double>& indices, const std::vector<double>& scores) {
    const size_t rows = indices.size() / 3;
    std::vector<double> score_rows;
    for (size_t r = 0; r < rows; ++r)
        score_rows.insert(score_rows.end(), {indices[3 * r], indices[3 * r + 1], scores[r]});
    return {tensor(i64, {rows, 3}, indices), tensor(f32, {rows, 3}, score_rows),
            tensor(i64, {1}, {static_cast<double>(rows)})};
}

void add_nms_examples(std::vector<SpecExample>& out) {
    using V1 = ov::op::v1::NonMaxSuppression;
    using V4 = ov::op::v4::NonMaxSuppression;
    using V5 = ov::op::v5::NonMaxSuppression;
    using V9 = ov::op::v9::NonMaxSuppression;
    const std::vector<double> by_iou = {0, 0, 3, 0, 0, 0, 0, 0, 5};
    NmsExample base{onnx_boxes, onnx_scores};
    NmsExample flipped = base, centred = base, limited = base, by_scores = base, two_classes = base, two_images = base;
    flipped.boxes = onnx_flipped_boxes;
    centred.boxes = onnx_center_boxes;
    centred.center = true;
    limited.max_boxes = 2;
    by_scores.score = 0.4;
    // The ONNX order (image, class, then score) is the unsorted order of the versions that sort across them.
    two_classes.classes = 2;
    two_classes.scores = repeated(onnx_scores, 2);
    two_classes.max_boxes = 2;
    two_classes.sort = false;
    two_images.batches = 2;
    two_images.scores = repeated(onnx_scores, 2);
    two_images.max_boxes = 2;
    two_images.sort = false;
    NmsExample identical{repeated({0, 0, 1, 1}, 10), repeated({0.9}, 10)};
    NmsExample single{{0, 0, 1, 1}, {0.9}};

    // v1: min(N, max_boxes * C) rows.
    out.push_back({"NonMaxSuppression_v1_onnx_suppress_by_iou",
                   [=] { return nms_worked<V1>(base, {padded_rows(by_iou, 3)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_flipped_coordinates",
                   [=] { return nms_worked<V1>(flipped, {padded_rows(by_iou, 3)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_center_point_box",
                   [=] { return nms_worked<V1>(centred, {padded_rows(by_iou, 3)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_limit_output_size",
                   [=] { return nms_worked<V1>(limited, {padded_rows({0, 0, 3, 0, 0, 0}, 2)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_suppress_by_iou_and_scores",
                   [=] { return nms_worked<V1>(by_scores, {padded_rows({0, 0, 3, 0, 0, 0}, 3)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_identical_boxes",
                   [=] { return nms_worked<V1>(identical, {padded_rows({0, 0, 0}, 3)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_single_box",
                   [=] { return nms_worked<V1>(single, {padded_rows({0, 0, 0}, 1)}); }});
    out.push_back({"NonMaxSuppression_v1_onnx_two_classes", [=] {
                       return nms_worked<V1>(two_classes, {padded_rows({0, 0, 3, 0, 0, 0, 0, 1, 3, 0, 1, 0}, 4)});
                   }});
    // v4: min(N, max_boxes) * B * C rows.
    out.push_back({"NonMaxSuppression_v4_onnx_two_batches", [=] {
                       return nms_worked<V4>(two_images, {padded_rows({0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0}, 4)});
                   }});
    // v5 and v9: exactly the selected rows.
    out.push_back({"NonMaxSuppression_v5_onnx_suppress_by_iou",
                   [=] { return nms_worked<V5>(base, selected_rows(by_iou, {0.95, 0.9, 0.3})); }});
    out.push_back({"NonMaxSuppression_v5_onnx_two_batches", [=] {
                       return nms_worked<V5>(two_images, selected_rows({0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0},
                                                                       {0.95, 0.9, 0.95, 0.9}));
                   }});
    out.push_back({"NonMaxSuppression_v9_onnx_two_classes", [=] {
                       return nms_worked<V9>(two_classes, selected_rows({0, 0, 3, 0, 0, 0, 0, 1, 3, 0, 1, 0},
                                                                        {0.95, 0.9, 0.95, 0.9}));
                   }});
}

// ---- NonZero: the ONNX operator test, and one worked by hand ---------------------------------------------------

Worked non_zero_worked(ov::Tensor data, const Type& index_type, ov::Tensor expected) {
    std::vector<ov::Tensor> inputs{std::move(data)};
    auto p = parameters_for(inputs);
    return {model_of(std::make_shared<v3::NonZero>(p[0], index_type), p), inputs, {std::move(expected)}};
}

void add_non_zero_examples(std::vector<SpecExample>& out) {
    out.push_back({"NonZero_onnx_2x2", [] {
                       return non_zero_worked(tensor(i32, {2, 2}, {1, 0, 1, 1}), i64,
                                              tensor(i64, {2, 3}, {0, 1, 1, 0, 0, 1}));
                   }});
    // Non-zero at (0,0,1), (1,0,0), (1,1,1): one row per axis.
    out.push_back({"NonZero_2x2x2_f32_i32", [] {
                       return non_zero_worked(tensor(f32, {2, 2, 2}, {0, 3, 0, 0, -1.5, 0, 0, 2}), i32,
                                              tensor(i32, {3, 3}, {0, 1, 1, 0, 0, 1, 1, 0, 1}));
                   }});
}

// ---- MulticlassNms and MatrixNms: rows [class, score, x1, y1, x2, y2], indices into the flattened boxes ------

// The ONNX boxes read as [x1, y1, x2, y2]: the IoUs do not change.
template <typename Op, typename Attributes>
Worked class_nms_worked(const std::vector<double>& boxes, size_t batches, size_t classes,
                        const std::vector<double>& scores, const Attributes& a, std::vector<ov::Tensor> expected) {
    const size_t n = boxes.size() / 4;
    std::vector<ov::Tensor> inputs{tensor(f32, {batches, n, 4}, repeated(boxes, batches)),
                                   tensor(f32, {batches, classes, n}, scores)};
    auto p = parameters_for(inputs);
    return {model_of(std::make_shared<Op>(p[0], p[1], a), p), inputs, std::move(expected)};
}

std::vector<ov::Tensor> class_rows(const std::vector<double>& rows, const std::vector<double>& indices,
                                   const std::vector<double>& per_image) {
    return {tensor(f32, {indices.size(), 6}, rows), tensor(i64, {indices.size(), 1}, indices),
            tensor(i64, {per_image.size()}, per_image)};
}

void add_class_nms_examples(std::vector<SpecExample>& out) {
    using Sort = ov::op::util::MulticlassNmsBase::SortResultType;
    ov::op::util::MulticlassNmsBase::Attributes by_score;
    by_score.sort_result_type = Sort::SCORE;
    by_score.iou_threshold = 0.5f;
    const std::vector<double> kept = {0, 0.95, 0, 10, 1, 11, 0, 0.9, 0, 0, 1, 1, 0, 0.3, 0, 100, 1, 101};
    out.push_back({"MulticlassNms_v8_suppress_by_iou", [=] {
                       return class_nms_worked<ov::op::v8::MulticlassNms>(onnx_boxes, 1, 1, onnx_scores, by_score,
                                                                           class_rows(kept, {3, 0, 5}, {3}));
                   }});
    // Two images: indices count the boxes of the images before.
    out.push_back({"MulticlassNms_v8_two_images", [=] {
                       return class_nms_worked<ov::op::v8::MulticlassNms>(
                           onnx_boxes, 2, 1, repeated(onnx_scores, 2), by_score,
                           class_rows(repeated(kept, 2), {3, 0, 5, 9, 6, 11}, {3, 3}));
                   }});
    // Class 0 is the background; keep_top_k keeps the best two of class 1.
    auto background = by_score;
    background.background_class = 0;
    background.keep_top_k = 2;
    out.push_back({"MulticlassNms_v9_background_keep_top_2", [=] {
                       return class_nms_worked<ov::op::v9::MulticlassNms>(
                           onnx_boxes, 1, 2, repeated(onnx_scores, 2), background,
                           class_rows({1, 0.95, 0, 10, 1, 11, 1, 0.9, 0, 0, 1, 1}, {3, 0}, {2}));
                   }});

    // Matrix NMS: B overlaps A (IoU 1/2, A overlaps nothing better), C overlaps nothing. B's score decays by
    // (1 - 1/2) / (1 - 0) (linear) or exp((0^2 - (1/2)^2) * sigma) (gaussian, sigma 2).
    using Matrix = ov::op::v8::MatrixNms;
    const std::vector<double> boxes = {0, 0, 1, 1, 0, 0, 1, 2, 5, 5, 6, 6};
    const std::vector<double> scores = {0.9, 0.8, 0.7};
    Matrix::Attributes linear;
    linear.sort_result_type = Matrix::SortResultType::SCORE;
    linear.decay_function = Matrix::DecayFunction::LINEAR;
    auto gaussian = linear;
    gaussian.decay_function = Matrix::DecayFunction::GAUSSIAN;
    gaussian.gaussian_sigma = 2.0f;
    auto decayed_rows = [](double b_score) {
        return std::vector<double>{0, 0.9, 0, 0, 1, 1, 0, 0.7, 5, 5, 6, 6, 0, b_score, 0, 0, 1, 2};
    };
    out.push_back({"MatrixNms_linear_decay", [=] {
                       return class_nms_worked<Matrix>(boxes, 1, 1, scores, linear,
                                                       class_rows(decayed_rows(0.8 * 0.5), {0, 2, 1}, {3}));
                   }});
    out.push_back({"MatrixNms_gaussian_decay", [=] {
                       return class_nms_worked<Matrix>(boxes, 1, 1, scores, gaussian,
                                                       class_rows(decayed_rows(0.8 * std::exp(-0.5)), {0, 2, 1}, {3}));
                   }});
}

// ---- NMSRotated: squares of side 2. A and B share a centre, B turned by 45 degrees: their intersection is
// the regular octagon of area 8 (sqrt(2) - 1), so IoU = 0.7071. D is C turned by 90 degrees: the same square.
void add_rotated_examples(std::vector<SpecExample>& out) {
    const double quarter_pi = std::atan(1.0);
    const std::vector<double> boxes = {0, 0, 2, 2, 0, 0, 0, 2, 2, quarter_pi, 10, 10, 2, 2, 2 * quarter_pi,
                                       10, 10, 2, 2, 0};
    auto worked = [=](double iou, std::vector<ov::Tensor> expected) {
        std::vector<ov::Tensor> inputs{tensor(f32, {1, 4, 5}, boxes), tensor(f32, {1, 1, 4}, {0.9, 0.8, 0.7, 0.6})};
        auto p = parameters_for(inputs);
        auto op = std::make_shared<ov::op::v13::NMSRotated>(p[0], p[1], scalar(i64, 10), scalar(f32, iou),
                                                            scalar(f32, 0.0));
        return Worked{model_of(op, p), inputs, std::move(expected)};
    };
    out.push_back({"NMSRotated_45_degrees_suppressed_at_iou_05",
                   [=] { return worked(0.5, selected_rows({0, 0, 0, 0, 0, 2}, {0.9, 0.7})); }});
    out.push_back({"NMSRotated_45_degrees_kept_at_iou_075",
                   [=] { return worked(0.75, selected_rows({0, 0, 0, 0, 0, 1, 0, 0, 2}, {0.9, 0.8, 0.7})); }});
}

// ---- The ExperimentalDetectron ops and GenerateProposals, worked by hand from their formulas ----------------

void add_detectron_examples(std::vector<SpecExample>& out) {
    // PriorGridGenerator: each prior moved to each cell's centre ((w + 0.5) * stride_x, (h + 0.5) * stride_y);
    // the strides default to the image size over the grid size.
    auto grid = [](bool flatten, int64_t h_attr, int64_t w_attr, double sx_attr, double sy_attr) {
        const std::vector<double> priors = {-2, -1, 2, 1, -4, -4, 4, 4};
        std::vector<ov::Tensor> inputs{tensor(f32, {2, 4}, priors), tensor(f32, {1, 1, 2, 3}, {1, 2, 3, 4, 5, 6}),
                                       tensor(f32, {1, 1, 16, 24}, repeated({0.5}, 16 * 24))};
        auto p = parameters_for(inputs);
        v6::ExperimentalDetectronPriorGridGenerator::Attributes a{flatten, h_attr, w_attr, static_cast<float>(sx_attr),
                                                                  static_cast<float>(sy_attr)};
        const size_t H = h_attr ? h_attr : 2, W = w_attr ? w_attr : 3;
        const double sx = sx_attr ? sx_attr : 24.0 / W, sy = sy_attr ? sy_attr : 16.0 / H;
        std::vector<double> expected;
        for (size_t h = 0; h < H; ++h)
            for (size_t w = 0; w < W; ++w)
                for (size_t k = 0; k < 2; ++k)
                    for (size_t c = 0; c < 4; ++c)
                        expected.push_back(priors[4 * k + c] + (c % 2 == 0 ? (w + 0.5) * sx : (h + 0.5) * sy));
        const ov::Shape shape = flatten ? ov::Shape{H * W * 2, 4} : ov::Shape{H, W, 2, 4};
        auto op = std::make_shared<v6::ExperimentalDetectronPriorGridGenerator>(p[0], p[1], p[2], a);
        return Worked{model_of(op, p), inputs, {tensor(f32, shape, expected)}};
    };
    out.push_back({"ExperimentalDetectronPriorGridGenerator_strides_from_image",
                   [=] { return grid(true, 0, 0, 0, 0); }});
    out.push_back({"ExperimentalDetectronPriorGridGenerator_attributes_4d", [=] { return grid(false, 2, 2, 4, 10); }});

    // TopKROIs: the ROIs of the highest probabilities, best first; rows past the ROIs are zeros.
    auto top_k = [](size_t max_rois, std::vector<double> expected) {
        const std::vector<double> rois = {0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5};
        std::vector<ov::Tensor> inputs{tensor(f32, {5, 4}, rois), tensor(f32, {5}, {0.1, 0.7, 0.3, 0.9, 0.5})};
        auto p = parameters_for(inputs);
        auto op = std::make_shared<v6::ExperimentalDetectronTopKROIs>(p[0], p[1], max_rois);
        return Worked{model_of(op, p), inputs, {tensor(f32, {max_rois, 4}, expected)}};
    };
    out.push_back({"ExperimentalDetectronTopKROIs_best_3",
                   [=] { return top_k(3, {3, 3, 4, 4, 1, 1, 2, 2, 4, 4, 5, 5}); }});
    out.push_back({"ExperimentalDetectronTopKROIs_7_of_5", [=] {
                       return top_k(7, {3, 3, 4, 4, 1, 1, 2, 2, 4, 4, 5, 5, 2, 2, 3, 3, 0, 0, 1, 1,  // every ROI
                                        0, 0, 0, 0, 0, 0, 0, 0});
                   }});

    // DetectionOutput: Detectron's decoding counts pixels (+1): a ROI [20, 20, 29, 39] (10 x 20) with class-1
    // delta dx = 1 (weight 10) moves by 1/10 * 10 = 1 pixel; the other ROI keeps its box (zero deltas). Class 0
    // is the background; the third row is padding.
    out.push_back({"ExperimentalDetectronDetectionOutput_two_rois", [] {
                       std::vector<ov::Tensor> inputs{
                           tensor(f32, {2, 4}, {0, 0, 9, 9, 20, 20, 29, 39}),
                           tensor(f32, {2, 8}, {0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0}),
                           tensor(f32, {2, 2}, {0.2, 0.8, 0.4, 0.6}), tensor(f32, {1, 3}, {64, 64, 1})};
                       auto p = parameters_for(inputs);
                       v6::ExperimentalDetectronDetectionOutput::Attributes a{
                           0.05f, 0.5f, std::log(1000.0f / 16.0f), 2, 10, 3, false, {10, 10, 5, 5}};
                       auto op = std::make_shared<v6::ExperimentalDetectronDetectionOutput>(p[0], p[1], p[2], p[3], a);
                       return Worked{model_of(op, p), inputs,
                                     {tensor(f32, {3, 4}, {0, 0, 9, 9, 21, 20, 30, 39, 0, 0, 0, 0}),
                                      tensor(i32, {3}, {1, 1, 0}), tensor(f32, {3}, {0.8, 0.6, 0})}};
                   }});

    // Proposals from two anchors of one cell: anchor 0 [0, 0, 9, 9] with dx = 0.1 moves by 0.1 of its width,
    // 10 pixels counted with +1 (1 pixel), 9 without (0.9); anchor 1 keeps its box; best score first.
    const std::vector<double> anchors = {0, 0, 9, 9, 20, 20, 29, 29};
    const std::vector<double> deltas = {0.1, 0, 0, 0, 0, 0, 0, 0};
    const std::vector<double> scores = {0.6, 0.8};
    out.push_back({"ExperimentalDetectronGenerateProposalsSingleImage_two_anchors", [=] {
                       std::vector<ov::Tensor> inputs{tensor(f32, {3}, {100, 100, 1}), tensor(f32, {2, 4}, anchors),
                                                      tensor(f32, {8, 1, 1}, deltas), tensor(f32, {2, 1, 1}, scores)};
                       auto p = parameters_for(inputs);
                       auto op = std::make_shared<v6::ExperimentalDetectronGenerateProposalsSingleImage>(
                           p[0], p[1], p[2], p[3],
                           v6::ExperimentalDetectronGenerateProposalsSingleImage::Attributes{1.0f, 0.7f, 3, 10});
                       return Worked{model_of(op, p), inputs,
                                     {tensor(f32, {3, 4}, {20, 20, 29, 29, 1, 0, 10, 9, 0, 0, 0, 0}),
                                      tensor(f32, {3}, {0.8, 0.6, 0})}};
                   }});
    auto proposals = [=](bool normalized, std::vector<double> moved) {
        std::vector<ov::Tensor> inputs{tensor(f32, {1, 3}, {100, 100, 1}), tensor(f32, {1, 1, 2, 4}, anchors),
                                       tensor(f32, {1, 8, 1, 1}, deltas), tensor(f32, {1, 2, 1, 1}, scores)};
        auto p = parameters_for(inputs);
        auto op = std::make_shared<ov::op::v9::GenerateProposals>(
            p[0], p[1], p[2], p[3], ov::op::v9::GenerateProposals::Attributes{1.0f, 0.7f, 10, 5, normalized, 1.0f});
        std::vector<double> rois = {20, 20, 29, 29};
        rois.insert(rois.end(), moved.begin(), moved.end());
        return Worked{model_of(op, p), inputs,
                      {tensor(f32, {2, 4}, rois), tensor(f32, {2}, {0.8, 0.6}), tensor(i64, {1}, {2})}};
    };
    out.push_back({"GenerateProposals_pixels", [=] { return proposals(false, {1, 0, 10, 9}); }});
    out.push_back({"GenerateProposals_normalized", [=] { return proposals(true, {0.9, 0, 9.9, 9}); }});
}

const std::vector<SpecExample>& spec_examples() {
    static const std::vector<SpecExample> all = [] {
        std::vector<SpecExample> examples;
        add_nms_examples(examples);
        add_non_zero_examples(examples);
        add_class_nms_examples(examples);
        add_rotated_examples(examples);
        add_detectron_examples(examples);
        return examples;
    }();
    return all;
}

struct ExampleParam {
    const Device* device;
    const SpecExample* example;
};

void PrintTo(const ExampleParam& p, std::ostream* os) { *os << p.device->label << " " << p.example->name; }

std::vector<ExampleParam> example_params() {
    std::vector<ExampleParam> params;
    for (const auto& device : devices())
        for (const auto& example : spec_examples())
            params.push_back({&device, &example});
    return params;
}

class SpecExamples : public ::testing::TestWithParam<ExampleParam> {};

TEST_P(SpecExamples, MatchIndependentValues) {
    const ExampleParam& p = GetParam();
    run(*p.device, [&] {
        const Worked w = p.example->build();
        expect_values(evaluated(*w.model, w.inputs), w, "the reference evaluate()");
        const auto supported = core().query_model(w.model, p.device->name);
        bool claimed = true;
        for (const auto& node : w.model->get_ordered_ops())
            if (!ov::is_type<v0::Parameter>(node) && !ov::is_type<v0::Constant>(node) &&
                !ov::is_type<v0::Result>(node) && !supported.count(node->get_friendly_name()))
                claimed = false;
        ::testing::Test::RecordProperty("claimed", claimed ? "true" : "false");
        if (!claimed) {
            EXPECT_ANY_THROW(core().compile_model(w.model, p.device->name))
                << "query_model does not report every op, but compile_model accepts the model";
            return;
        }
        auto request = core().compile_model(w.model, p.device->name).create_infer_request();
        for (size_t i = 0; i < w.inputs.size(); ++i)
            request.set_input_tensor(i, w.inputs[i]);
        request.infer();
        std::vector<ov::Tensor> actual;
        for (size_t i = 0; i < w.expected.size(); ++i)
            actual.push_back(request.get_output_tensor(i));
        expect_values(actual, w, p.device->label);
    });
}

std::string example_test_name(const ::testing::TestParamInfo<ExampleParam>& info) {
    return test_name(info.param.device->label, info.param.example->name);
}

INSTANTIATE_TEST_SUITE_P(Conformance, SpecExamples, ::testing::ValuesIn(example_params()), example_test_name);

}  // namespace
}  // namespace conformance
