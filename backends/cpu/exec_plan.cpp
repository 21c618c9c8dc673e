// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include <map>
#include <set>

#include "kernels/kernel.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/util/convolution_base.hpp"
#include "openvino/op/util/max_pool_base.hpp"
#endif
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

// Intermediates start on cache lines (and AVX-512 vectors).
constexpr size_t arena_alignment = 64;

class CpuKernels final : public kit::KernelProvider {
public:
    CpuKernels(size_t threads, bool bf16) : m_threads(static_cast<int>(threads)), m_bf16(bf16) {}

    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        plan_layouts(*node);
        const auto producer = node->get_input_size() > 0 ? m_layouts.find(node->get_input_node_ptr(0)) : m_layouts.end();
        const dnnl::memory::desc* input_layout = producer == m_layouts.end() ? nullptr : &producer->second;
        const bool channel_blocked = m_channel_blocked.count(node.get()) != 0;
        if (dnnl_convolution_candidate(*node)) {
            const dnnl::memory::desc forced =
                channel_blocked ? dnnl_channel_blocked_layout(node->get_output_shape(0)) : dnnl::memory::desc();
            dnnl::memory::desc kept;
            const dnnl::memory::desc* addend_layout = nullptr;
            if (const auto fused = ov::as_type_ptr<kit::FusedConvolution>(node); fused && fused->has_addend()) {
                const auto addend = m_layouts.find(node->get_input_node_ptr(fused->addend_input()));
                if (addend != m_layouts.end())
                    addend_layout = &addend->second;
            }
            auto kernel = make_dnnl_convolution_kernel(node, m_threads, input_layout, channel_blocked ? &forced : nullptr,
                                                       m_keep_chosen.count(node.get()) ? &kept : nullptr, m_bf16,
                                                       addend_layout);
            // Neighbours were planned around this step's layouts.
            OPENVINO_ASSERT(kernel || (!input_layout && !channel_blocked), "CPU: op '", node->get_friendly_name(),
                            "' of type ", describe_type(*node),
                            " was planned with a blocked layout but oneDNN has no kernel for it");
            if (kernel) {
                if (channel_blocked)
                    m_layouts.emplace(node.get(), forced);
                else if (kept != dnnl::memory::desc())
                    m_layouts.emplace(node.get(), kept);
                return kernel;
            }
        }
        if (ov::is_type<ov::op::util::MaxPoolBase>(node.get())) {
            // A blocked MaxPool reads and writes the layout its input's producer wrote.
            const bool blocked = channel_blocked || m_keep_chosen.count(node.get()) != 0;
            const dnnl::memory::desc* layout = blocked ? input_layout : nullptr;
            auto kernel = make_dnnl_max_pool_kernel(node, m_threads, layout);
            OPENVINO_ASSERT(kernel || !layout, "CPU: op '", node->get_friendly_name(), "' of type ",
                            describe_type(*node), " was planned with a blocked layout but oneDNN has no kernel for it");
            if (kernel) {
                if (layout)
                    m_layouts.emplace(node.get(), dnnl_same_layout(*layout, node->get_output_shape(0)));
                return kernel;
            }
        }
        // A blocked Concat (one image, whole channel blocks) is the plain Concat of the same bytes, and is
        // made in place by the planner anyway (concatenates_like_plain).
        if (channel_blocked && ov::is_type<ov::op::v0::Concat>(node.get()))
            m_layouts.emplace(node.get(), dnnl_channel_blocked_layout(node->get_output_shape(0)));
#endif
        if (auto kernel = make_optimized_kernel(node))
            return kernel;
        OPENVINO_ASSERT(node->has_evaluate(), "CPU: op '", node->get_friendly_name(), "' of type ",
                        describe_type(*node), " has no CPU implementation");
        return kit::make_reference_kernel(node, "ref_" + type_suffix(node->get_output_size() > 0
                                                                        ? node->get_output_element_type(0)
                                                                        : node->get_input_element_type(0)));
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        return make_convert_kernel(from, to);
    }

    std::string layout_of(const ov::Node& node, size_t index) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        if (index == 0 && m_layouts.count(&node))
            return m_channel_blocked.count(&node) ? (dnnl_channel_block() == 16 ? blocked16 : blocked8)
                                                  : "dnnl_chosen";
#endif
        return KernelProvider::layout_of(node, index);
    }

    bool concatenates_like_plain(const std::string& layout, size_t axis) const override {
        // Every blocked value holds whole channel blocks, so with one image its blocks follow each other.
        return axis == 1 && (layout == blocked16 || layout == blocked8);
    }

private:
    static constexpr const char* blocked16 = "dnnl_nChw16c";
    static constexpr const char* blocked8 = "dnnl_nChw8c";

#ifdef DEVMUX_CPU_HAVE_DNNL
    bool dnnl_convolution_candidate(const ov::Node& node) const {
        const auto shared = std::const_pointer_cast<ov::Node>(node.shared_from_this());
        return (ov::is_type<kit::FusedConvolution>(&node) || worth_dnnl(node)) && dnnl_convolution_supported(shared);
    }

    // Layout propagation, decided once for the whole model before its first kernel: the largest set of
    // values that can stay in a oneDNN layout, so no reorder runs between their steps. A value may be
    // blocked when it is 4-D f32 with whole channel blocks and its producer can write it so: a oneDNN
    // convolution without a tail over the plain result, a MaxPool whose input is blocked, or a Concat on
    // channels of one image whose inputs are all blocked (then made in place). It stays blocked only when
    // every reader takes it so: the data input or the addend of a oneDNN convolution (a sum post-op reads
    // the addend in the result's layout), or a MaxPool or Concat that is blocked itself. Candidates that
    // break a rule are dropped until none does.
    void plan_layouts(const ov::Node& start) const {
        if (m_layouts_planned)
            return;
        m_layouts_planned = true;
        if (dnnl_channel_block() == 0)
            return;
        std::vector<const ov::Node*> nodes;
        std::set<const ov::Node*> seen{&start};
        for (std::vector<const ov::Node*> pending{&start}; !pending.empty();) {
            const ov::Node* node = pending.back();
            pending.pop_back();
            nodes.push_back(node);
            auto visit = [&](const ov::Node* next) {
                if (seen.insert(next).second)
                    pending.push_back(next);
            };
            for (size_t i = 0; i < node->get_input_size(); ++i)
                visit(node->get_input_node_ptr(i));
            for (size_t i = 0; i < node->get_output_size(); ++i)
                for (const auto& reader : node->get_output_target_inputs(i))
                    visit(reader.get_node());
        }
        std::set<const ov::Node*> blocked;
        for (const ov::Node* node : nodes)
            if (may_be_blocked(*node))
                blocked.insert(node);
        for (bool changed = true; changed;) {
            changed = false;
            for (auto it = blocked.begin(); it != blocked.end();) {
                if (stays_blocked(**it, blocked)) {
                    ++it;
                } else {
                    it = blocked.erase(it);
                    changed = true;
                }
            }
        }
        // Where the blocked values meet a Concat (made in place) they must all be in the channel-blocked
        // layout, whose channel blocks follow each other. Elsewhere each convolution keeps the layout oneDNN
        // picks for it, a MaxPool and a sum keep their input's, and readers read that: measured faster on
        // vehicle-attributes, whose channels-last brgconv beats the channel-blocked kernels (docs/cpu.md).
        std::map<const ov::Node*, const ov::Node*> parent;
        for (const ov::Node* node : blocked)
            parent[node] = node;
        const auto root = [&](const ov::Node* node) {
            while (parent[node] != node)
                node = parent[node] = parent[parent[node]];
            return node;
        };
        for (const ov::Node* node : blocked)
            for (const auto& reader : node->get_output_target_inputs(0))
                if (blocked.count(reader.get_node()))
                    parent[root(reader.get_node())] = root(node);
        std::set<const ov::Node*> concatenated;
        for (const ov::Node* node : blocked)
            if (ov::is_type<ov::op::v0::Concat>(node))
                concatenated.insert(root(node));
        for (const ov::Node* node : blocked)
            (concatenated.count(root(node)) ? m_channel_blocked : m_keep_chosen).insert(node);
    }

    bool may_be_blocked(const ov::Node& node) const {
        if (node.get_output_size() == 0 || node.get_output_partial_shape(0).is_dynamic() ||
            node.get_output_element_type(0) != ov::element::f32)
            return false;
        const ov::Shape shape = node.get_output_shape(0);
        if (shape.size() != 4 || shape[1] % static_cast<size_t>(dnnl_channel_block()) != 0)
            return false;
        for (size_t i = 1; i < node.get_output_size(); ++i)
            if (!node.get_output_target_inputs(i).empty())
                return false;
        const auto shared = std::const_pointer_cast<ov::Node>(node.shared_from_this());
        if (ov::is_type<ov::op::util::MaxPoolBase>(&node))
            return dnnl_max_pool_supported(shared);
        if (const auto concat = ov::as_type<const ov::op::v0::Concat>(&node)) {
            const int64_t axis = concat->get_axis() < 0 ? concat->get_axis() + 4 : concat->get_axis();
            std::set<const ov::Node*> producers;
            for (size_t i = 0; i < node.get_input_size(); ++i)
                if (node.input_value(i).get_index() != 0 || !producers.insert(node.get_input_node_ptr(i)).second)
                    return false;  // each input a distinct producer's only result, so each gets its own slice
            return axis == 1 && shape[0] == 1;
        }
        return dnnl_convolution_candidate(node) && dnnl_convolution_writes_any_layout(shared);
    }

    // The addend of a oneDNN convolution's sum post-op: put into the result's layout before the step (a copy
    // where the layouts agree, as the planner makes them).
    bool summed_by_convolution(const ov::Input<ov::Node>& reader) const {
        const auto* fused = ov::as_type<const kit::FusedConvolution>(reader.get_node());
        if (!fused || !fused->has_addend() || reader.get_index() != fused->addend_input() ||
            !dnnl_convolution_candidate(*fused))
            return false;
        return dnnl_convolution_writes_any_layout(std::const_pointer_cast<ov::Node>(fused->shared_from_this()));
    }

    bool stays_blocked(const ov::Node& node, const std::set<const ov::Node*>& blocked) const {
        const auto readers = node.get_output_target_inputs(0);
        if (readers.empty())
            return false;
        for (const auto& reader : readers) {
            const ov::Node* consumer = reader.get_node();
            const bool blocked_pool_or_concat =
                blocked.count(consumer) &&
                (ov::is_type<ov::op::util::MaxPoolBase>(consumer) || ov::is_type<ov::op::v0::Concat>(consumer));
            const bool convolution_data = reader.get_index() == 0 && dnnl_convolution_candidate(*consumer);
            if (!blocked_pool_or_concat && !convolution_data && !summed_by_convolution(reader))
                return false;
        }
        if (ov::is_type<ov::op::util::MaxPoolBase>(&node) || ov::is_type<ov::op::v0::Concat>(&node))
            for (size_t i = 0; i < node.get_input_size(); ++i)
                if (!blocked.count(node.get_input_node_ptr(i)))
                    return false;
        return true;
    }
#endif

    // oneDNN's per-call cost (argument maps, OpenMP team) is a few microseconds: a convolution of fewer
    // multiply-adds than this runs faster on the hand-written kernels.
    static bool worth_dnnl(const ov::Node& node) {
        constexpr size_t min_macs = 256 * 1024;
        if (node.get_input_size() < 2 || node.get_output_size() != 1 || node.get_output_partial_shape(0).is_dynamic() ||
            node.get_input_partial_shape(1).is_dynamic())
            return false;
        const ov::Shape filters = node.get_input_shape(1), out = node.get_output_shape(0);
        if (filters.size() < 2 || out.size() < 2)
            return false;
        // Output elements times the filter taps each reads (per group: filters / output channels).
        return ov::shape_size(out) * (ov::shape_size(filters) / out[1]) >= min_macs;
    }

    int m_threads;
    bool m_bf16;  // oneDNN convolutions compute in bf16
#ifdef DEVMUX_CPU_HAVE_DNNL
    // Filled by plan_layouts at the first kernel_for and by kernel_for: the planner asks for kernels from
    // one thread, in topological order.
    mutable bool m_layouts_planned = false;
    mutable std::set<const ov::Node*> m_channel_blocked;  // results in dnnl_channel_blocked_layout
    mutable std::set<const ov::Node*> m_keep_chosen;      // convolutions keeping the layout oneDNN picks
    mutable std::map<const ov::Node*, dnnl::memory::desc> m_layouts;  // every result not plain, as it lies
#endif
};

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::vector<ov::element::Type>& input_types,
                                                     const std::vector<ov::element::Type>& output_types,
                                                     size_t threads, bool bf16) {
    kit::PlanOptions options;
    options.device = "CPU";
    options.alignment = arena_alignment;
    options.input_types = input_types;
    options.output_types = output_types;
    return kit::build_plan(model, CpuKernels(threads, bf16), options);
}

}  // namespace cpu
}  // namespace devmux
