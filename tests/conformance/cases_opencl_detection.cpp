// SPDX-License-Identifier: Apache-2.0
// DetectionOutput and CTC greedy decoder cases for the configurations the OPENCL kernels run beyond the suite's
// small ones (cases_priors.cpp, cases_nn.cpp): SSD-like prior grids with many priors and several classes,
// candidates cut by the confidence threshold and top_k, keep_top_k truncation across classes, equal scores
// (within a class and across classes, where the order follows the reference's tie-break), per-class locations,
// CORNER decoding of pixel priors per image, priors without a variance row, and the license-plate decoder's shape.
#include <random>
#include <type_traits>

#include "case_builders.hpp"
#include "openvino/op/ctc_greedy_decoder.hpp"
#include "openvino/op/ctc_greedy_decoder_seq_len.hpp"
#include "openvino/op/detection_output.hpp"

namespace {
using namespace conformance::case_builders;

const std::vector<ov::element::Type> f32_only{ov::element::f32};

struct PriorGrid {
    size_t width = 1, height = 1;
    std::vector<float> sizes;  // one square prior per size and cell, as a fraction of the image
};

// The priors of an SSD feature map: per cell, one box per size centred on the cell, in [0, 1] coordinates,
// neighbouring boxes overlapping (so NMS suppresses some); `pixels` > 0 gives [image, x1, y1, x2, y2] rows
// scaled to a pixels x pixels image instead. The variance row follows when `variances` is set.
std::vector<float> grid_priors(const PriorGrid& g, bool variances, float pixels = 0, size_t images = 1) {
    std::vector<float> out;
    for (size_t image = 0; image < images; ++image) {
        std::vector<float> rows, variance_rows;
        for (size_t y = 0; y < g.height; ++y)
            for (size_t x = 0; x < g.width; ++x)
                for (float s : g.sizes) {
                    const float cx = (static_cast<float>(x) + 0.5f) / static_cast<float>(g.width);
                    const float cy = (static_cast<float>(y) + 0.5f) / static_cast<float>(g.height);
                    std::vector<float> box{cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2};
                    if (pixels > 0) {
                        for (float& v : box)
                            v *= pixels;
                        box.insert(box.begin(), static_cast<float>(image));
                    }
                    rows.insert(rows.end(), box.begin(), box.end());
                    std::vector<float> v{0.1f, 0.1f, 0.2f, 0.2f};
                    if (pixels > 0)
                        v.insert(v.begin(), 0.0f);
                    variance_rows.insert(variance_rows.end(), v.begin(), v.end());
                }
        out.insert(out.end(), rows.begin(), rows.end());
        if (variances)
            out.insert(out.end(), variance_rows.begin(), variance_rows.end());
    }
    return out;
}

size_t prior_count(const PriorGrid& g) { return g.width * g.height * g.sizes.size(); }

struct DetectionCase {
    PriorGrid grid;
    size_t batch = 1, classes = 2;
    bool variances = true;
    float pixels = 0;           // > 0: pixel priors (normalized false) of this image size
    bool per_image_priors = false;
    bool constant_scores = false;  // scores quantized to eighths (ties), as a Constant
};

template <typename Op>
std::shared_ptr<ov::Model> detection_model(const DetectionCase& d, typename Op::Attributes attrs) {
    const size_t priors = prior_count(d.grid);
    const size_t prior_images = d.per_image_priors ? d.batch : 1;
    const std::vector<float> prior_values = grid_priors(d.grid, d.variances, d.pixels, prior_images);
    const size_t prior_size = d.pixels > 0 ? 5 : 4;
    auto prior_boxes = v0::Constant::create(ov::element::f32,
                                            ov::Shape{prior_images, d.variances ? 2u : 1u, priors * prior_size},
                                            prior_values);
    const size_t loc_classes = attrs.share_location ? 1 : d.classes;
    auto deltas = par(ov::element::f32, {d.batch, priors * loc_classes * 4});
    ov::ParameterVector parameters{deltas};
    std::shared_ptr<ov::Node> scores;
    if (d.constant_scores) {
        std::mt19937 gen(77);
        std::uniform_int_distribution<int> eighths(0, 8);
        std::vector<float> values(d.batch * priors * d.classes);
        for (float& v : values)
            v = static_cast<float>(eighths(gen)) / 8.0f;
        scores = v0::Constant::create(ov::element::f32, ov::Shape{d.batch, priors * d.classes}, values);
    } else {
        auto p = par(ov::element::f32, {d.batch, priors * d.classes});
        parameters.push_back(p);
        scores = p;
    }
    if constexpr (std::is_same_v<Op, v0::DetectionOutput>)
        attrs.num_classes = static_cast<int>(d.classes);
    return model_of(std::make_shared<Op>(deltas, scores, prior_boxes, attrs), parameters);
}

template <typename Attributes>
Attributes ssd_attributes(int top_k, int keep_top_k, float confidence, float nms) {
    Attributes a;
    a.background_label_id = 0;
    a.top_k = top_k;
    a.keep_top_k = {keep_top_k};
    a.code_type = "caffe.PriorBoxParameter.CENTER_SIZE";
    a.share_location = true;
    a.nms_threshold = nms;
    a.confidence_threshold = confidence;
    a.normalized = true;
    a.variance_encoded_in_target = false;
    return a;
}

template <typename Op>
conformance::OpCase detection_case(const std::string& name, DetectionCase d, typename Op::Attributes attrs,
                                   conformance::Range scores = {0, 1}) {
    std::vector<conformance::Range> ranges{{-0.4, 0.4}};
    if (!d.constant_scores)
        ranges.push_back(scores);
    return {"DetectionOutput_" + name, "DetectionOutput", f32_only,
            [d, attrs](const Type&) { return detection_model<Op>(d, attrs); }, ranges};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    using V0 = v0::DetectionOutput;
    using V8 = ov::op::v8::DetectionOutput;
    // 300 priors, 4 classes: the 0.35 threshold cuts about a third of each class, top_k 100 cuts the rest down,
    // and keep_top_k 50 truncates the survivors of three classes.
    {
        DetectionCase d;
        d.grid = {10, 10, {0.12f, 0.2f, 0.3f}};
        d.classes = 4;
        cases.push_back(detection_case<V0>("ssd_grid_300_priors_4_classes", d,
                                           ssd_attributes<V0::Attributes>(100, 50, 0.35f, 0.45f)));
    }
    // person-detection-retail-0013's attributes (2 classes, top_k 400, keep_top_k 200, threshold 0.01) on
    // 2400 priors.
    {
        DetectionCase d;
        d.grid = {20, 20, {0.05f, 0.08f, 0.12f, 0.16f, 0.22f, 0.3f}};
        d.classes = 2;
        cases.push_back(detection_case<V0>("person_detection_like_2400_priors", d,
                                           ssd_attributes<V0::Attributes>(400, 200, 0.01f, 0.45f), {0, 0.3}));
    }
    // Scores in eighths: equal scores within a class (kept in prior order) and across classes (kept in class
    // order where keep_top_k cuts among them); no background class.
    {
        DetectionCase d;
        d.grid = {8, 8, {0.2f}};
        d.classes = 3;
        d.constant_scores = true;
        auto a = ssd_attributes<V8::Attributes>(20, 25, 0.2f, 0.5f);
        a.background_label_id = -1;
        cases.push_back(detection_case<V8>("tied_scores_keep_25", d, a));
        auto batch = a;
        batch.keep_top_k = {7};
        d.batch = 2;
        cases.push_back(detection_case<V8>("tied_scores_2_images_keep_7", d, batch));
    }
    // Per-class locations, CORNER decoding of per-image pixel priors (normalized false, 300 x 300), deltas
    // encoded with their variances, clipping before NMS, labels counted from the background.
    {
        DetectionCase d;
        d.grid = {6, 6, {0.15f, 0.3f}};
        d.classes = 3;
        d.batch = 2;
        d.pixels = 300;
        d.per_image_priors = true;
        auto a = ssd_attributes<V0::Attributes>(30, 15, 0.3f, 0.4f);
        a.share_location = false;
        a.code_type = "caffe.PriorBoxParameter.CORNER";
        a.normalized = false;
        a.input_width = 300;
        a.input_height = 300;
        a.variance_encoded_in_target = true;
        a.clip_before_nms = true;
        a.decrease_label_id = true;
        cases.push_back(detection_case<V0>("per_class_loc_corner_pixel_priors", d, a));
    }
    // Priors without a variance row, no top_k and no keep_top_k (every survivor, rows for all), the last class as
    // background, clipping after NMS.
    {
        DetectionCase d;
        d.grid = {5, 4, {0.25f, 0.5f}};
        d.classes = 3;
        d.variances = false;
        auto a = ssd_attributes<V8::Attributes>(-1, -1, 0.5f, 0.3f);
        a.background_label_id = 2;
        a.clip_after_nms = true;
        cases.push_back(detection_case<V8>("no_variance_keep_all_clip_after", d, a));
    }
    // Equal scores over more priors than one work-group ranks per round (400; the top_k cut falls among ~40 equal
    // scores, which the OPENCL rank kernel takes in prior order across rounds; every survivor is written), and a list longer than the OPENCL kernel sorts in
    // local memory (top_k -1 over 1152 priors: the per-candidate ranking).
    {
        DetectionCase d;
        d.grid = {20, 20, {0.2f}};
        d.classes = 3;
        d.constant_scores = true;
        auto a = ssd_attributes<V8::Attributes>(130, -1, 0.1f, 0.7f);
        a.background_label_id = -1;
        cases.push_back(detection_case<V8>("tied_scores_400_priors_top_130", d, a));
        DetectionCase many;
        many.grid = {24, 24, {0.1f, 0.2f}};
        many.classes = 2;
        cases.push_back(detection_case<V0>("top_k_all_1152_priors", many,
                                           ssd_attributes<V0::Attributes>(-1, 100, 0.6f, 0.45f)));
    }

    // CTC greedy decoders: license-plate-recognition-barrier-0001's shape (88 steps, 71 classes), and 3 classes
    // over 40 steps, where repeats and blanks are frequent.
    auto masked = [](const std::string& name, size_t steps, size_t batch, size_t classes, bool merge) {
        return conformance::OpCase{
            "CTCGreedyDecoder_" + name, "CTCGreedyDecoder", f32_only, [=](const Type& t) {
                auto x = par(t, {steps, batch, classes});
                std::vector<float> mask(steps * batch, 0.0f);
                for (size_t n = 0; n < batch; ++n)
                    for (size_t s = 0; s < steps - n * 7 && s < steps; ++s)
                        mask[s * batch + n] = 1.0f;
                return model_of(std::make_shared<v0::CTCGreedyDecoder>(
                                    x, v0::Constant::create(t, {steps, batch}, mask), merge),
                                {x});
            }};
    };
    cases.push_back(masked("license_plate_88x1x71", 88, 1, 71, true));
    cases.push_back(masked("40x4x3_merge", 40, 4, 3, true));
    cases.push_back(masked("40x4x3_no_merge", 40, 4, 3, false));
    auto seq_len = [](const std::string& name, bool merge, int64_t blank, const Type& index_type) {
        return conformance::OpCase{
            "CTCGreedyDecoderSeqLen_" + name, "CTCGreedyDecoderSeqLen", f32_only, [=](const Type& t) {
                auto x = par(t, {4, 30, 3});
                auto lengths = v0::Constant::create(index_type, {4}, {30, 17, 0, 29});
                auto op = std::make_shared<v6::CTCGreedyDecoderSeqLen>(
                    x, lengths, v0::Constant::create(index_type, {}, {blank}), merge, index_type, index_type);
                return model_of(op, {x});
            }};
    };
    cases.push_back(seq_len("4x30x3_merge_blank1_i32", true, 1, ov::element::i32));
    cases.push_back(seq_len("4x30x3_no_merge_blank_minus1_i64", false, -1, ov::element::i64));
}
