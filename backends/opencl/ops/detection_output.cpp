// SPDX-License-Identifier: Apache-2.0
// DetectionOutput-1 and -8, f32, the 3-input form (box_logits, class_preds, proposals), both code types, shared or
// per-class locations, top_k, keep_top_k, clipping before or after NMS, normalized or pixel priors,
// decrease_label_id (detection_output.cl). The kernels reproduce the CPU reference's choices exactly: which boxes
// survive, in which order (equal scores in prior order within a class, in class order across classes).
#include <algorithm>
#include <limits>

#include "cl_kernel.hpp"
#include "detection_output.h"
#include "openvino/op/detection_output.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(DetectionOutputParams) == 26 * 4, "DetectionOutputParams: 32-bit fields, laid out as in OpenCL C");

const ov::op::util::DetectionOutputBase::AttributesBase& detection_attributes(const ov::Node& node, int& num_classes) {
    if (auto v0 = ov::as_type<const ov::op::v0::DetectionOutput>(&node)) {
        num_classes = v0->get_attrs().num_classes;
        return v0->get_attrs();
    }
    auto v8 = ov::as_type<const ov::op::v8::DetectionOutput>(&node);
    OPENVINO_ASSERT(v8, "OPENCL: not a DetectionOutput: ", node.get_type_name());
    num_classes = 0;
    return v8->get_attrs();
}

// The kernel parameters (scratch offsets included), or why the node is refused.
std::string detection_params(const ov::Node& node, DetectionOutputParams& p, size_t* scratch_words) {
    if (node.get_input_size() != 3)
        return "has " + std::to_string(node.get_input_size()) +
               " inputs; OPENCL runs the 3-input form (box_logits, class_preds, proposals)";
    for (size_t i = 0; i < 3; ++i) {
        if (!node.get_input_partial_shape(i).is_static())
            return "has input " + std::to_string(i) + " of dynamic shape " + node.get_input_partial_shape(i).to_string();
        if (node.get_input_element_type(i) != ov::element::f32)
            return "has a " + node.get_input_element_type(i).get_type_name() +
                   " input; the OPENCL kernels compute in f32";
    }
    if (!node.get_output_partial_shape(0).is_static() || node.get_output_element_type(0) != ov::element::f32)
        return "has a dynamic or non-f32 output";
    int attr_classes = 0;
    const auto& a = detection_attributes(node, attr_classes);
    if (a.code_type != "caffe.PriorBoxParameter.CENTER_SIZE" && a.code_type != "caffe.PriorBoxParameter.CORNER")
        return "has code_type " + a.code_type + "; OPENCL decodes CENTER_SIZE and CORNER";
    if (a.keep_top_k.empty())
        return "has no keep_top_k value";
    const ov::Shape loc = node.get_input_shape(0), conf = node.get_input_shape(1), priors = node.get_input_shape(2);
    if (priors.size() != 3 || (priors[1] != 1 && priors[1] != 2) || loc.empty() || conf.empty())
        return "has proposals of shape " + priors.to_string() + "; expected [N or 1, 1 or 2, P * prior size]";
    const size_t batch = loc[0];
    const size_t prior_size = a.normalized ? 4 : 5;
    const size_t num_priors = priors[2] / prior_size;
    if (num_priors == 0 || priors[2] % prior_size != 0 || (priors[0] != 1 && priors[0] != batch))
        return "has proposals of shape " + priors.to_string() + " that do not fit normalized=" +
               std::to_string(a.normalized) + " and batch " + std::to_string(batch);
    const size_t num_classes = attr_classes > 0 ? static_cast<size_t>(attr_classes) : ov::shape_size(conf) / batch / num_priors;
    const size_t loc_classes = a.share_location ? 1 : num_classes;
    if (ov::shape_size(loc) != batch * loc_classes * num_priors * 4 ||
        ov::shape_size(conf) != batch * num_priors * num_classes)
        return "has box_logits " + loc.to_string() + " and class_preds " + conf.to_string() +
               " that do not match " + std::to_string(num_priors) + " priors and " + std::to_string(num_classes) +
               " classes";
    const ov::Shape out = node.get_output_shape(0);
    const size_t slots = a.top_k > -1 ? std::min(static_cast<size_t>(a.top_k), num_priors) : num_priors;
    const size_t lists = batch * num_classes;
    const size_t words = batch * loc_classes * num_priors * 4 + 3 * lists * std::max<size_t>(slots, 1) + lists;
    if (words > static_cast<size_t>(std::numeric_limits<int>::max()) ||
        batch * num_classes * num_priors > static_cast<size_t>(std::numeric_limits<int>::max()))
        return "needs more scratch than 32-bit indices address";
    p.batch = static_cast<int>(batch);
    p.num_priors = static_cast<int>(num_priors);
    p.num_classes = static_cast<int>(num_classes);
    p.loc_classes = static_cast<int>(loc_classes);
    p.slots = static_cast<int>(slots);
    p.prior_batches = static_cast<int>(priors[0]);
    p.prior_rows = static_cast<int>(priors[1]);
    p.prior_size = static_cast<int>(prior_size);
    p.use_variance = priors[1] == 2 && !a.variance_encoded_in_target;
    p.center_size = a.code_type == "caffe.PriorBoxParameter.CENTER_SIZE";
    p.clip_before_nms = a.clip_before_nms;
    p.clip_after_nms = a.clip_after_nms;
    p.normalized = a.normalized;
    p.background_label_id = a.background_label_id;
    p.keep_top_k = a.keep_top_k[0] < 0 ? -1 : a.keep_top_k[0];
    p.decrease_label_id = a.decrease_label_id;
    p.rows = static_cast<int>(out.size() == 4 ? out[2] : 0);
    p.confidence_threshold = a.confidence_threshold;
    p.nms_threshold = a.nms_threshold;
    p.input_width = static_cast<float>(a.input_width);
    p.input_height = static_cast<float>(a.input_height);
    const int slot_words = static_cast<int>(lists * std::max<size_t>(slots, 1));
    p.boxes_at = 0;
    p.order_at = static_cast<int>(batch * loc_classes * num_priors * 4);
    p.keep_at = p.order_at + slot_words;
    p.selected_at = p.keep_at + slot_words;
    p.keep_count_at = p.selected_at + slot_words;
    if (scratch_words)
        *scratch_words = words;
    return {};
}

std::string check_detection_output(const ov::Node& node) {
    DetectionOutputParams p{};
    return detection_params(node, p, nullptr);
}

class DetectionOutputKernel final : public ClKernel {
public:
    DetectionOutputKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "detection_output_f32") {
        const std::string why = detection_params(node, m_params, &m_scratch_words);
        OPENVINO_ASSERT(why.empty(), "OPENCL: op '", node.get_friendly_name(), "' ", why);
    }

    size_t scratch_bytes() const override { return m_scratch_words * 4; }

private:
    void setup(Binding& b) const override {
        // The arena (which holds the step's scratch) is device memory on OPENCL.
        const kit::BufferRef& ref = b.args.scratch;
        OPENVINO_ASSERT(ref.space == device_memory && ref.offset % 4 == 0, "OPENCL: DetectionOutput '",
                        b.args.step.node_name, "' got scratch memory outside the device arena");
        const BufferArg scratch{static_cast<cl_mem>(ref.base), static_cast<int>(ref.offset / 4)};
        const auto& p = m_params;
        const size_t per_prior = static_cast<size_t>(p.batch) * p.num_priors;
        b.launch("detection_output_decode", per_prior * p.loc_classes) << b.in(0) << b.in(2) << scratch << p;
        const size_t lists = static_cast<size_t>(p.batch) * p.num_classes;
        if (p.slots > 0 && p.slots <= DETECTION_OUTPUT_SORT_CAP)  // sorted in local memory, one group per list
            b.launch("detection_output_rank_sorted", lists * DETECTION_OUTPUT_GROUP, DETECTION_OUTPUT_GROUP)
                << b.in(1) << scratch << p;
        else
            b.launch("detection_output_rank", per_prior * p.num_classes) << b.in(1) << scratch << p;
        b.launch("detection_output_nms", lists) << b.in(1) << scratch << p;
        if (p.slots > 0)  // else no class keeps a candidate, and the write kernel reads no selection
            b.launch("detection_output_select", static_cast<size_t>(p.batch) * p.num_classes * p.slots)
                << b.in(1) << scratch << p;
        b.launch("detection_output_write", 1, 1) << b.in(1) << scratch << b.out(0) << p;
    }

    DetectionOutputParams m_params{};
    size_t m_scratch_words = 0;
};

}  // namespace

OpenclKernelEntry detection_output_entry() {
    return {{"DetectionOutput"}, "", {}, all_of(fits_int, check_detection_output),
            make_kernel<DetectionOutputKernel>()};
}

}  // namespace opencl
}  // namespace devmux
