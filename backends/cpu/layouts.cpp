// SPDX-License-Identifier: Apache-2.0
#include "layouts.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#include "kernels/kernel.hpp"
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

// The inputs whose layout `node` writes its result in: all of a MaxPool's and a Concat's, the data operand
// of an element-wise op with one number on the other side; none for any other node.
std::vector<size_t> layout_passing_inputs(const ov::Node& node) {
    std::vector<size_t> inputs;
    if (ov::is_type<ov::op::util::MaxPoolBase>(&node) || ov::is_type<ov::op::v0::Concat>(&node)) {
        for (size_t i = 0; i < node.get_input_size(); ++i)
            inputs.push_back(i);
    } else if (const auto data = eltwise_scalar_constant_data_input(node)) {
        inputs.push_back(*data);
    }
    return inputs;
}

// The largest set of values that can stay in a oneDNN layout, so no reorder runs between their steps. A
// value may hold one when it is 4-D f32, read by something, and its producer can write it so: a oneDNN
// convolution without a tail over the plain result, a MaxPool or an element-wise op with one number on its
// other side (Maximum(x, c) after a convolution: openWakeWord's speech embedding) whose input holds it, or a
// Concat on channels of one image whose inputs are all channel-blocked (then made in place). It stays so
// only when every reader takes it so: the data input or the addend of a oneDNN convolution (a sum post-op
// reads the addend in the result's layout), or a MaxPool, element-wise op or Concat that keeps it itself.
// Two layouts: channel-blocked (nChw16c or nChw8c), only for whole channel blocks, since the planner's buffers
// hold the shape's bytes and no channel padding; and the one oneDNN picks for each convolution (preferred),
// which a MaxPool and an element-wise op keep and readers read, where it takes exactly the shape's bytes
// (measured faster on vehicle-attributes, whose channels-last brgconv beats the channel-blocked kernels,
// docs/cpu.md). Where the blocked values meet a Concat (made in place) they must all be channel-blocked, whose
// channel blocks follow each other: the Concat's only candidate, and the pass gives values joined through
// readers one layout.
class DnnlLayoutRules final : public kit::LayoutRules {
public:
    DnnlLayoutRules(const ov::Model& model, int threads, bool bf16)
        : m_threads(threads),
          m_bf16(bf16),
          m_blocked(dnnl_channel_block() == 16 ? dnnl_blocked16_layout : dnnl_blocked8_layout) {
        if (dnnl_channel_block() != 0)
            find_concat_neighbourhoods(model);
    }

    std::vector<std::string> candidates(const ov::Node& node, size_t output) const override {
        if (output != 0 || dnnl_channel_block() == 0 || !may_hold_dnnl_layout(node))
            return {};
        if (ov::is_type<ov::op::v0::Concat>(&node))
            return {m_blocked};
        if (whole_channel_blocks(node))
            return {dnnl_chosen_layout, m_blocked};
        // Channels that fill no whole block (openWakeWord's 24 and 72) may keep oneDNN's pick where it is
        // dense (settle), but not beside a Concat: the pass gives values joined through readers one layout,
        // and the Concat's, channel-blocked, these cannot hold, so its whole neighbourhood would stay plain.
        if (m_near_concat.count(&node))
            return {};
        return {dnnl_chosen_layout};
    }

    std::vector<size_t> passes_through(const ov::Node& node, size_t output) const override {
        return output == 0 ? layout_passing_inputs(node) : std::vector<size_t>{};
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
        if (const auto data = eltwise_scalar_constant_data_input(node)) {
            // Likewise an element-wise op with one number, whose kernel runs over the buffer as it lies: every
            // element it writes is one of the shape's, so the layout must have no padding.
            const kit::Layout& data_layout = settled.of_input(node, *data);
            const DnnlLayout* data_payload = data_layout.plain() ? nullptr : data_layout.payload_as<DnnlLayout>();
            if (!data_payload)
                return kit::Layout{};
            OPENVINO_ASSERT(data_payload->desc.get_size() == ov::shape_size(shape) * sizeof(float), "CPU: op '",
                            node.get_friendly_name(), "' of type ", describe_type(node),
                            " was planned to run over a padded oneDNN layout, which its kernel cannot");
            layout->desc = data_payload->desc;
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
        const dnnl::memory::desc* data_layout = input_layout ? &input_layout->desc : nullptr;
        dnnl::memory::desc kept;
        layout->kernel = make_dnnl_convolution_kernel(shared(node), m_threads, data_layout, nullptr, &kept, m_bf16,
                                                      addend_layout);
        if (layout->kernel && kept != dnnl::memory::desc() && !passing_readers_take(node.output(0), kept)) {
            // A MaxPool after it has no oneDNN kernel over that layout: the result is written plain instead.
            layout->kernel = make_dnnl_convolution_kernel(shared(node), m_threads, data_layout, nullptr, nullptr,
                                                          m_bf16, addend_layout);
            kept = dnnl::memory::desc();
        }
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
    static bool whole_channel_blocks(const ov::Node& node) {
        return node.get_output_shape(0)[1] % static_cast<size_t>(dnnl_channel_block()) == 0;
    }

    // Whether `node` can write its result in a oneDNN layout, whatever its channel count (see candidates).
    bool may_hold_dnnl_layout(const ov::Node& node) const {
        if (node.get_output_size() == 0 || node.get_output_partial_shape(0).is_dynamic() ||
            node.get_output_element_type(0) != ov::element::f32 || node.get_output_target_inputs(0).empty())
            return false;
        const ov::Shape shape = node.get_output_shape(0);
        if (shape.size() != 4)
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
            return axis == 1 && shape[0] == 1 && whole_channel_blocks(node);
        }
        if (eltwise_scalar_constant_data_input(node))
            return true;
        return dnnl_convolution_candidate(node) && dnnl_convolution_writes_any_layout(shared(node));
    }

    // The nodes that may hold a layout, joined where one reads another, as the pass joins them into groups
    // (a superset: before its vetoes); those of a group with a Concat that may be channel-blocked.
    void find_concat_neighbourhoods(const ov::Model& model) {
        std::map<const ov::Node*, const ov::Node*> parent;
        const auto root = [&](const ov::Node* node) {
            while (parent[node] != node)
                node = parent[node] = parent[parent[node]];
            return node;
        };
        const auto ops = model.get_ordered_ops();
        for (const auto& node : ops)
            if (may_hold_dnnl_layout(*node))
                parent[node.get()] = node.get();
        for (const auto& node : ops) {
            if (!parent.count(node.get()))
                continue;
            for (const auto& reader : node->output(0).get_target_inputs())
                if (parent.count(reader.get_node()))
                    parent[root(reader.get_node())] = root(node.get());
        }
        std::set<const ov::Node*> concat_roots;
        for (const auto& node : ops)
            if (parent.count(node.get()) && ov::is_type<ov::op::v0::Concat>(node.get()))
                concat_roots.insert(root(node.get()));
        for (const auto& node : ops)
            if (parent.count(node.get()) && concat_roots.count(root(node.get())))
                m_near_concat.insert(node.get());
    }

    // Whether the MaxPools and element-wise ops that pass `value` on, and those after them, have kernels over
    // it in `layout`.
    bool passing_readers_take(const ov::Output<const ov::Node>& value, const dnnl::memory::desc& layout) const {
        for (const auto& reader : value.get_target_inputs()) {
            const ov::Node& consumer = *reader.get_node();
            const std::vector<size_t> passed = layout_passing_inputs(consumer);
            if (std::find(passed.begin(), passed.end(), reader.get_index()) == passed.end())
                continue;
            if (ov::is_type<ov::op::v0::Concat>(&consumer))
                return false;  // channel-blocked only, which a convolution's own pick does not reach
            dnnl::memory::desc written = layout;
            if (ov::is_type<ov::op::util::MaxPoolBase>(&consumer)) {
                written = dnnl_same_layout(layout, consumer.get_output_shape(0));
                if (written == dnnl::memory::desc() || !make_dnnl_max_pool_kernel(shared(consumer), m_threads, &layout))
                    return false;
            }
            if (!passing_readers_take(consumer.output(0), written))
                return false;
        }
        return true;
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
    std::string m_blocked;                     // the channel-blocked layout's tag on this CPU
    std::set<const ov::Node*> m_near_concat;  // see find_concat_neighbourhoods
};

}  // namespace

bool dnnl_convolution_candidate(const ov::Node& node) {
    return (ov::is_type<kit::FusedConvolution>(&node) || worth_dnnl(node)) && dnnl_convolution_supported(shared(node));
}

kit::LayoutMap plan_dnnl_layouts(const ov::Model& model, int threads, bool bf16) {
    return kit::propagate_layouts(model, DnnlLayoutRules(model, threads, bf16));
}

}  // namespace cpu
}  // namespace devmux
