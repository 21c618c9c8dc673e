// SPDX-License-Identifier: Apache-2.0
// VULKAN's c4 layout: which values are kept as texels of 4 channels, and how the plans of their producers and
// consumers change for it.
#include "layouts.hpp"

#include <set>
#include <vector>

#include "ops/convolution.hpp"
#include "ops/helpers.hpp"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {

const char* const c4_layout = "c4";

// The conv_texel dispatch of a plan, or null.
const Dispatch* texel_convolution(const NodePlan& plan) {
    return plan.dispatches.size() == 2 && plan.dispatches[1].shader == Shader::conv_texel ? &plan.dispatches[1]
                                                                                          : nullptr;
}

namespace {

bool is_channel_concat(const ov::Node& node) {
    const auto* concat = ov::as_type<const ov::op::v0::Concat>(&node);
    return concat && (concat->get_axis() == 1 || concat->get_axis() == -3);
}

bool is_pool(const ov::Node& node) {
    return ov::is_type<ov::op::util::MaxPoolBase>(&node) || ov::is_type<ov::op::util::AvgPoolBase>(&node);
}

// The values VULKAN keeps in layout c4 ([C/4][H][W] texels of 4 channels, one image): what conv_texel reads,
// so that a convolution feeding convolutions (through in-place Concats and pooling or not) writes it
// directly and its consumers need no pack_c4 pass. A value may be c4 when it is one image of 4-D f32 with
// channels in quads, made by a conv_texel convolution without a per-element operand, by a channel Concat
// or by a pooling VULKAN runs (these two pass c4 through: c4 on both sides or on neither). It stays c4
// when it is read only as input 0 of conv_texel convolutions or by such Concats and poolings that are c4
// themselves. With channels in quads the layout has the plain layout's size, and channel slices lie where
// the plain ones do, so Concats stay in place (concatenates_like_plain).
class C4Rules final : public kit::LayoutRules {
public:
    C4Rules(const ov::Model& model, const Device& device) {
        for (const auto& node : model.get_ordered_ops()) {
            // MaxPool-8's second output (indices) is unread where VULKAN runs it (plan_node).
            const bool pool = is_pool(*node) && plan_node(*node, nullptr).empty();
            if ((node->get_output_size() != 1 && !pool) || !is_value_type(node->get_output_element_type(0)))
                continue;
            const bool half = node->get_output_element_type(0) == ov::element::f16;
            const auto& shape = node->get_output_partial_shape(0);
            if (!shape.is_static() || shape.rank().get_length() != 4)
                continue;
            const ov::Shape out = shape.to_shape();
            // Its readers view it as texels, from an offset aligned down by up to an alignment.
            const size_t texels =
                out[1] / 4 * out[2] * out[3] + device.texel_offset_alignment(half) / texel_bytes(half);
            const bool fits = out[0] == 1 && out[1] % 4 == 0 && texels <= device.max_texels(half);
            if (is_channel_concat(*node) || pool) {
                if (fits)
                    m_writers.insert(node.get());
                continue;
            }
            if (!plan_node(*node, nullptr).empty())
                continue;
            const NodePlan plan = device_plan(*node, device);
            const Dispatch* conv = texel_convolution(plan);
            if (!conv)
                continue;
            m_texel_readers.insert(node.get());
            if (fits && !has_per_element_operand(conv->params[16]))
                m_writers.insert(node.get());
        }
    }

    std::vector<std::string> candidates(const ov::Node& node, size_t output) const override {
        if (output == 0 && m_writers.count(&node))
            return {c4_layout};
        return {};
    }

    std::vector<size_t> passes_through(const ov::Node& node, size_t output) const override {
        std::vector<size_t> inputs;
        if (output == 0 && is_channel_concat(node))
            for (size_t i = 0; i < node.get_input_size(); ++i)
                inputs.push_back(i);
        else if (output == 0 && is_pool(node))
            inputs.push_back(0);
        return inputs;
    }

    bool reads(const ov::Node& consumer, size_t input, const std::string&) const override {
        return input == 0 && m_texel_readers.count(&consumer);
    }

private:
    std::set<const ov::Node*> m_writers;        // may write c4
    std::set<const ov::Node*> m_texel_readers;  // conv_texel convolutions: may read a c4 input 0
};

bool is_c4(const kit::Layout& layout) { return layout.name == c4_layout; }

}  // namespace

kit::LayoutMap c4_layouts(const ov::Model& model, const Device& device) {
    return kit::propagate_layouts(model, C4Rules(model, device));
}

void apply_c4_layouts(NodePlan& plan, const ov::Node& node, const kit::LayoutMap& layouts) {
    if (is_c4(layouts.of(node, 0)) && plan.dispatches.size() == 1 && plan.dispatches[0].shader == Shader::pool) {
        // Four channels per invocation, read and written in layout c4.
        Dispatch& pool = plan.dispatches[0];
        pool.shader = Shader::pool_c4;
        pool.inputs[0] = -1;
        pool.c4_input = pool.texel_input = true;
        pool.params[0] /= 4;
        pool.params[15] /= 4;
        pool.items /= 4;
        plan.exec_type += "_c4";
    }
    if (texel_convolution(plan)) {
        Dispatch conv = plan.dispatches[1];
        if (is_c4(layouts.of(node, 0))) {
            conv.params[16] |= c4_output_bit;
            // Blocks of 16 channels start at quads where a group's channels come in quads.
            const uint32_t groups = conv.params[15], per_group = conv.params[4] / groups;
            if (per_group % 4 == 0)
                conv.params[16] |= c4_quads_bit;
            plan.exec_type += "_c4_output";
        }
        if (is_c4(layouts.of_input(node, 0))) {
            const uint32_t* p = conv.params;
            const size_t hp = conv.params[22], wp = conv.params[23];
            if (p[13] == 0 && p[14] == 0 && hp <= p[2] && wp <= p[3]) {
                // The filter reads no padding: conv_texel reads the input where it lies, its plane unpadded.
                conv.params[16] |= c4_input_bit;
                conv.params[22] = p[2];
                conv.params[23] = p[3];
                conv.c4_input = true;
                plan.scratch_bytes = 0;
                plan.dispatches = {conv};
            } else {
                // pack_c4 adds the padding, one texel fetch per texel (a pass that costs less than testing
                // the padding in the convolution's inner loop, measured).
                plan.dispatches[0].c4_input = plan.dispatches[0].texel_input = true;
                plan.dispatches[0].inputs[0] = -1;
                plan.dispatches[1] = conv;
            }
            plan.exec_type += "_c4_input";
        } else {
            plan.dispatches[1] = conv;
        }
    }
}

std::string c4_layout_of(const kit::LayoutMap& layouts, const ov::Node& node, size_t index) {
    return layouts.of(node, index).name;
}

bool c4_concatenates_like_plain(const std::string& layout, size_t axis) { return layout == c4_layout && axis == 1; }

}  // namespace vulkan
}  // namespace devmux
