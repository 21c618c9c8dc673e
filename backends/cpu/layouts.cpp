// SPDX-License-Identifier: Apache-2.0
#include "layouts.hpp"

#include <set>
#include <vector>

#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/util/max_pool_base.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

// oneDNN's per-call cost (argument maps, OpenMP team) is a few microseconds: a convolution of fewer
// multiply-adds than this runs faster on the hand-written kernels.
bool worth_dnnl(const ov::Node& node) {
    constexpr size_t min_macs = 256 * 1024;
    if (node.get_input_size() < 2 || node.get_output_size() != 1 || node.get_output_partial_shape(0).is_dynamic() ||
        node.get_input_partial_shape(1).is_dynamic())
        return false;
    const ov::Shape filters = node.get_input_shape(1), out = node.get_output_shape(0);
    // An empty output (a zero dimension, which also rules out dividing by no channels) has nothing to compute.
    if (filters.size() < 2 || out.size() < 2 || ov::shape_size(out) == 0)
        return false;
    // Output elements times the filter taps each reads (per group: filters / output channels).
    return ov::shape_size(out) * (ov::shape_size(filters) / out[1]) >= min_macs;
}

std::shared_ptr<ov::Node> shared(const ov::Node& node) {
    return std::const_pointer_cast<ov::Node>(node.shared_from_this());
}

bool passes_layout(const ov::Node& node) {
    return ov::is_type<ov::op::util::MaxPoolBase>(&node) || ov::is_type<ov::op::v0::Concat>(&node);
}

// The largest set of values that can stay in a oneDNN layout, so no reorder runs between their steps. A
// value may be blocked when it is 4-D f32 with whole channel blocks, read by something, and its producer
// can write it so: a oneDNN convolution without a tail over the plain result, a MaxPool whose input is
// blocked, or a Concat on channels of one image whose inputs are all blocked (then made in place). It
// stays blocked only when every reader takes it so: the data input or the addend of a oneDNN convolution
// (a sum post-op reads the addend in the result's layout), or a MaxPool or Concat that is blocked itself.
// Where the blocked values meet a Concat (made in place) they must all be in the channel-blocked layout,
// whose channel blocks follow each other: the Concat's only candidate, and the pass gives values joined
// through readers one layout. Elsewhere each convolution keeps the layout oneDNN picks for it (preferred),
// a MaxPool and a sum keep their input's, and readers read that: measured faster on vehicle-attributes,
// whose channels-last brgconv beats the channel-blocked kernels (docs/cpu.md).
class DnnlLayoutRules final : public kit::LayoutRules {
public:
    DnnlLayoutRules(int threads, bool bf16)
        : m_threads(threads),
          m_bf16(bf16),
          m_blocked(dnnl_channel_block() == 16 ? dnnl_blocked16_layout : dnnl_blocked8_layout) {}

    std::vector<std::string> candidates(const ov::Node& node, size_t output) const override {
        if (output != 0 || dnnl_channel_block() == 0 || !may_be_blocked(node))
            return {};
        if (ov::is_type<ov::op::v0::Concat>(&node))
            return {m_blocked};
        return {dnnl_chosen_layout, m_blocked};
    }

    std::vector<size_t> passes_through(const ov::Node& node, size_t output) const override {
        std::vector<size_t> inputs;
        if (output == 0 && passes_layout(node))
            for (size_t i = 0; i < node.get_input_size(); ++i)
                inputs.push_back(i);
        return inputs;
    }

    bool reads(const ov::Node& consumer, size_t input, const std::string&) const override {
        return (input == 0 && dnnl_convolution_candidate(consumer)) || summed_by_convolution(consumer, input);
    }

    kit::Layout settle(const ov::Node& node, size_t, const std::string& chosen,
                       const kit::LayoutMap& settled) const override {
        const ov::Shape shape = node.get_output_shape(0);
        const kit::Layout& input = settled.of_input(node, 0);
        const DnnlLayout* input_layout = input.plain() ? nullptr : input.payload_as<DnnlLayout>();
        auto layout = std::make_shared<DnnlLayout>();
        if (ov::is_type<ov::op::util::MaxPoolBase>(&node)) {
            // A MaxPool reads and writes the layout its input's producer wrote: plain where that convolution
            // kept a plain result.
            if (!input_layout)
                return kit::Layout{};
            layout->desc = dnnl_same_layout(input_layout->desc, shape);
            return kit::Layout{chosen, layout};
        }
        if (chosen == m_blocked) {
            layout->desc = dnnl_channel_blocked_layout(shape);
            return kit::Layout{chosen, layout};
        }
        // A convolution keeping oneDNN's pick, which oneDNN tells only with the kernel.
        const dnnl::memory::desc* addend_layout = nullptr;
        if (const auto* fused = ov::as_type<const kit::FusedConvolution>(&node); fused && fused->has_addend()) {
            const kit::Layout& addend = settled.of_input(node, fused->addend_input());
            if (const auto* payload = addend.plain() ? nullptr : addend.payload_as<DnnlLayout>())
                addend_layout = &payload->desc;
        }
        dnnl::memory::desc kept;
        layout->kernel = make_dnnl_convolution_kernel(shared(node), m_threads,
                                                      input_layout ? &input_layout->desc : nullptr, nullptr, &kept,
                                                      m_bf16, addend_layout);
        layout->kernel_made = true;
        // Its readers read whatever it writes; a producer's blocked layout it cannot read.
        OPENVINO_ASSERT(layout->kernel || !input_layout, "CPU: op '", node.get_friendly_name(), "' of type ",
                        describe_type(node), " was planned with a blocked layout but oneDNN has no kernel for it");
        if (!layout->kernel || kept == dnnl::memory::desc())
            return kit::Layout{kit::plain_layout, layout};
        layout->desc = kept;
        return kit::Layout{chosen, layout};
    }

private:
    bool may_be_blocked(const ov::Node& node) const {
        if (node.get_output_size() == 0 || node.get_output_partial_shape(0).is_dynamic() ||
            node.get_output_element_type(0) != ov::element::f32 || node.get_output_target_inputs(0).empty())
            return false;
        const ov::Shape shape = node.get_output_shape(0);
        if (shape.size() != 4 || shape[1] % static_cast<size_t>(dnnl_channel_block()) != 0)
            return false;
        for (size_t i = 1; i < node.get_output_size(); ++i)
            if (!node.get_output_target_inputs(i).empty())
                return false;
        if (ov::is_type<ov::op::util::MaxPoolBase>(&node))
            return dnnl_max_pool_supported(shared(node));
        if (const auto concat = ov::as_type<const ov::op::v0::Concat>(&node)) {
            const int64_t axis = concat->get_axis() < 0 ? concat->get_axis() + 4 : concat->get_axis();
            std::set<const ov::Node*> producers;
            for (size_t i = 0; i < node.get_input_size(); ++i)
                if (node.input_value(i).get_index() != 0 || !producers.insert(node.get_input_node_ptr(i)).second)
                    return false;  // each input a distinct producer's only result, so each gets its own slice
            return axis == 1 && shape[0] == 1;
        }
        return dnnl_convolution_candidate(node) && dnnl_convolution_writes_any_layout(shared(node));
    }

    // The addend of a oneDNN convolution's sum post-op: put into the result's layout before the step (a copy
    // where the layouts agree, as the planner makes them).
    static bool summed_by_convolution(const ov::Node& consumer, size_t input) {
        const auto* fused = ov::as_type<const kit::FusedConvolution>(&consumer);
        if (!fused || !fused->has_addend() || input != fused->addend_input() || !dnnl_convolution_candidate(*fused))
            return false;
        return dnnl_convolution_writes_any_layout(shared(consumer));
    }

    int m_threads;
    bool m_bf16;
    std::string m_blocked;  // the channel-blocked layout's tag on this CPU
};

}  // namespace

bool dnnl_convolution_candidate(const ov::Node& node) {
    return (ov::is_type<kit::FusedConvolution>(&node) || worth_dnnl(node)) && dnnl_convolution_supported(shared(node));
}

kit::LayoutMap plan_dnnl_layouts(const ov::Model& model, int threads, bool bf16) {
    return kit::propagate_layouts(model, DnnlLayoutRules(threads, bf16));
}

}  // namespace cpu
}  // namespace devmux
