// SPDX-License-Identifier: Apache-2.0
// What is not per op: the graph VULKAN executes, the kernel every shader plan runs as (its pipelines and
// uploaded constants), the provider the kit plans with, the request arena, the dispatches bound to a request's
// buffers and recorded, and the boundary steps. The ops are in ops/ (ops/table.inc), the c4 layout in layouts.cpp.
#include "kernels.hpp"

#include <algorithm>
#include <cstring>
#include <deque>

#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "layouts.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/constant.hpp"
#include "ops/conv_params.h"
#include "ops/convolution.hpp"
#include "ops/helpers.hpp"
#include "ops/pool_params.h"
#include "ops/state.hpp"

namespace devmux {
namespace vulkan {

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model, const ov::element::Type& precision) {
    auto exec = model.clone();
    kit::PassManager passes("VULKAN");
    // f16: every floating value and constant becomes f16 (constants converted once, here); the plan converts
    // the user's tensors at the boundary.
    passes.add("inference_precision", [precision](ov::Model& m) {
              return precision == ov::element::f16
                         ? kit::convert_precision(m, {ov::element::f32, ov::element::bf16}, ov::element::f16) != 0
                         : kit::apply_inference_precision(m, ov::element::f32) != 0;
          })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; })
        .add("fuse_convolutions", [](ov::Model& m) {
            kit::ConvolutionFusionOptions options;
            // The convolution shaders' epilogue applies both (conv_epilogue.glsl).
            options.scale_shift = true;
            options.addend_first = true;
            return kit::fuse_convolutions(m, options) != 0;
        });
    passes.run(*exec);
    return exec;
}

// What `node` runs as on `device`: plan_node's plan, in the shaders' f16 variants for f16 values, conv_texel
// where the device and the shapes allow. Throws naming the op when VULKAN refuses it.
NodePlan device_plan(const ov::Node& node, const Device& device) {
    NodePlan plan;
    const std::string reason = plan_node(node, &plan);
    OPENVINO_ASSERT(reason.empty(), device.name(), ": op '", node.get_friendly_name(), "' (",
                    kit::OpSupport::describe_type(node), ") ", reason);
    // The precision changes how values are stored, never whether the op runs.
    if (node.get_output_size() > 0 && node.get_output_element_type(0) == ov::element::f16) {
        for (auto& dispatch : plan.dispatches)
            dispatch.half = true;
        const size_t at = plan.exec_type.find("_f32");
        if (at != std::string::npos)
            plan.exec_type.replace(at, 4, "_f16");
    }
    // So does the device: conv_texel where it reads vec4 texel buffers (and the shapes allow).
    use_texel_convolution(plan, device, node);
    return plan;
}

// ---- kernels ----

namespace {

// The specialization constants 0 and 1 of a dispatch's pipeline. The shaders whose dispatches the c4 layouts
// rewrite after planning (layouts.cpp) take theirs from their params; every other shader from
// Dispatch::constants, which its planner set.
std::pair<uint32_t, uint32_t> specialization(const Dispatch& dispatch) {
    switch (dispatch.shader) {
    case Shader::conv:
    case Shader::conv_block:
    case Shader::conv_texel: {
        const auto conv = dispatch.params_as<ConvParams>();
        return {conv.modes, conv.activation};  // epilogue operand modes (and c4 layout bits), activation
    }
    case Shader::pool:
    case Shader::pool_c4:
        return {dispatch.params_as<PoolParams>().average, 0};
    case Shader::pack_c4:
        return {dispatch.c4_input ? 1u : 0u, 0};  // input in layout c4
    default:
        return {dispatch.constants[0], dispatch.constants[1]};
    }
}

class ShaderKernel final : public kit::OpKernel {
public:
    ShaderKernel(const std::shared_ptr<ov::Node>& node, NodePlan plan, std::shared_ptr<Device> device)
        : m_plan(std::move(plan)), m_device(std::move(device)) {
        const std::string where = m_device->name() + ": op '" + node->get_friendly_name() + "' (" +
                                  kit::OpSupport::describe_type(*node) + ")";
        for (const auto& dispatch : m_plan.dispatches) {
            try {
                const auto constants = specialization(dispatch);
                m_pipelines.push_back(m_device->pipeline(dispatch.shader, constants.first, constants.second,
                                                         dispatch.half, {dispatch.tile_pixels, dispatch.tile_quads}));
            } catch (const std::exception& e) {
                OPENVINO_THROW(where, ": ", e.what());
            }
        }
        // Constants the shaders read are uploaded once, here; every request binds these buffers. Where the
        // device's mapped memory is not device-local they go through one staging copy into device-only memory.
        const bool staged = m_device->weights_staged();
        std::deque<std::vector<unsigned char>> staged_bytes;  // uploads point into it: a deque keeps them
        std::vector<Device::Upload> uploads;
        auto place = [&](std::vector<unsigned char> bytes, const std::string& what) {
            const auto placement = staged ? Placement::device_only : Placement::mapped;
            auto buffer = std::make_shared<Buffer>(m_device, bytes.size(), what, placement);
            if (staged) {
                staged_bytes.push_back(std::move(bytes));
                uploads.push_back({buffer.get(), staged_bytes.back().data(), staged_bytes.back().size()});
            } else {
                std::memcpy(buffer->mapped(), bytes.data(), bytes.size());
            }
            return buffer;
        };
        auto as_bytes = [](const void* data, size_t bytes) {
            const auto* first = static_cast<const unsigned char*>(data);
            return std::vector<unsigned char>(first, first + bytes);
        };
        // Repacked values, stored as the dispatch's values are (f32, or f16).
        auto stored = [&](const std::vector<float>& values, bool half) {
            if (!half)
                return as_bytes(values.data(), values.size() * sizeof(float));
            std::vector<ov::float16> halves(values.begin(), values.end());
            return as_bytes(halves.data(), halves.size() * sizeof(ov::float16));
        };
        m_weights.resize(node->get_input_size());
        for (const auto& dispatch : m_plan.dispatches)
            for (int input : dispatch.inputs) {
                if (input < 0 || m_weights[static_cast<size_t>(input)])
                    continue;
                const auto constant =
                    ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(static_cast<size_t>(input)));
                if (!constant)
                    continue;
                const std::string what = "weights of '" + node->get_friendly_name() + "'";
                if (input == 1 && dispatch.pack_block) {
                    const auto packed = pack_filters(constant->cast_vector<float>(), node->get_output_shape(0)[1],
                                                     dispatch.filter_groups, dispatch.pack_block);
                    m_weights[static_cast<size_t>(input)] = place(stored(packed, dispatch.half), what);
                } else if (input == dispatch.scale_shift) {
                    auto both = constant->cast_vector<float>();
                    const auto shifts = ov::as_type_ptr<ov::op::v0::Constant>(
                                            node->get_input_node_shared_ptr(static_cast<size_t>(input) + 1))
                                            ->cast_vector<float>();
                    both.insert(both.end(), shifts.begin(), shifts.end());
                    m_weights[static_cast<size_t>(input)] = place(stored(both, dispatch.half), what);
                } else {
                    // prepare_model gave every floating constant the values' type.
                    OPENVINO_ASSERT(constant->get_element_type().size() == value_bytes(dispatch.half), where,
                                    ": constant input ", input, " is ", constant->get_element_type(),
                                    " where the shader reads ", dispatch.half ? "f16" : "f32");
                    m_weights[static_cast<size_t>(input)] =
                        place(as_bytes(constant->get_data_ptr(), constant->get_byte_size()), what);
                }
            }
        for (const auto& dispatch : m_plan.dispatches) {
            if (!dispatch.texel_filters || m_filter_view)
                continue;
            const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(1));
            OPENVINO_ASSERT(constant, where, ": conv_texel needs constant filters");
            const auto conv = dispatch.params_as<ConvParams>();
            const size_t out_channels = node->get_output_shape(0)[1], groups = conv.groups;
            auto packed =
                pack_texel_filters(constant->cast_vector<float>(), out_channels, groups, conv.kernel_h, conv.kernel_w);
            if (dispatch.texel_bias >= 0) {
                // Per block of 16 channels of a group, their bias (zeros past the group's last channel).
                const auto bias = ov::as_type_ptr<ov::op::v0::Constant>(
                                      node->get_input_node_shared_ptr(static_cast<size_t>(dispatch.texel_bias)))
                                      ->cast_vector<float>();
                OPENVINO_ASSERT(bias.size() == out_channels, where, ": a bias of ", bias.size(), " values for ",
                                out_channels, " channels");
                const size_t kg = out_channels / groups, blocks = (kg + 15) / 16;
                OPENVINO_ASSERT(packed.size() == conv.bias_texel * size_t(4), where, ": misplaced bias texels");
                for (size_t g = 0; g < groups; ++g)
                    for (size_t b = 0; b < blocks; ++b)
                        for (size_t lane = 0; lane < 16; ++lane)
                            packed.push_back(b * 16 + lane < kg ? bias[g * kg + b * 16 + lane] : 0.0f);
            }
            m_texel_filters = place(stored(packed, dispatch.half), "texel filters of '" + node->get_friendly_name() + "'");
            m_filter_view = std::make_shared<TexelView>(m_device, m_texel_filters->handle(),
                                                        packed.size() * value_bytes(dispatch.half), where, 0,
                                                        dispatch.half);
        }
        m_device->upload(uploads, where);
    }
    std::string name() const override { return m_plan.exec_type; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        const size_t step = static_cast<size_t>(&args.step - args.plan.steps.data());
        return std::make_unique<DispatchOp>(m_device, m_plan, m_pipelines, m_weights,
                                            m_filter_view ? m_filter_view->handle() : VK_NULL_HANDLE, args, step);
    }

private:
    NodePlan m_plan;
    std::shared_ptr<Device> m_device;
    std::vector<VkPipeline> m_pipelines;
    std::vector<std::shared_ptr<Buffer>> m_weights;  // per step input: its uploaded Constant, or null
    std::shared_ptr<Buffer> m_texel_filters;         // conv_texel's filters, repacked
    std::shared_ptr<TexelView> m_filter_view;
};

class BoundaryKernel final : public kit::OpKernel {
public:
    BoundaryKernel(ov::element::Type from, ov::element::Type to) : m_from(from), m_to(to) {}
    std::string name() const override { return m_from == m_to ? "copy" : "convert_host"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<DownloadOp>(args, m_from, m_to);
    }

private:
    ov::element::Type m_from, m_to;
};

class Kernels final : public kit::KernelProvider {
public:
    Kernels(std::shared_ptr<Device> device, bool half, kit::LayoutMap layouts)
        : m_device(std::move(device)), m_half(half), m_layouts(std::move(layouts)) {}
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        NodePlan plan = device_plan(*node, *m_device);
        apply_c4_layouts(plan, *node, m_layouts);
        return std::make_shared<ShaderKernel>(node, std::move(plan), m_device);
    }
    std::string layout_of(const ov::Node& node, size_t index) const override {
        return c4_layout_of(m_layouts, node, index);
    }
    bool concatenates_like_plain(const std::string& layout, size_t axis) const override {
        return c4_concatenates_like_plain(layout, axis);
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        const auto convertible = [](const ov::element::Type& type) {
            return type == ov::element::f32 || type == ov::element::f16 || type == ov::element::bf16;
        };
        if (from != to && !(convertible(from) && convertible(to)))
            return nullptr;
        return std::make_shared<BoundaryKernel>(from, to);
    }
    std::shared_ptr<const kit::OpKernel> read_value_kernel(size_t variable, bool has_init) const override {
        return make_read_value_kernel(m_device, variable, has_init, m_half);
    }
    std::shared_ptr<const kit::OpKernel> assign_kernel(size_t variable) const override {
        return make_assign_kernel(variable);
    }

private:
    std::shared_ptr<Device> m_device;
    bool m_half;                     // the model was prepared in f16: variables too hold f16 values
    const kit::LayoutMap m_layouts;  // c4_layouts(): which values are c4, decided before planning
};

size_t aligned_down(size_t value, size_t alignment) { return value / alignment * alignment; }

bool overlaps(const BarrierTracker::Range& a, const BarrierTracker::Range& b) {
    return a.buffer == b.buffer && a.begin < b.end && b.begin < a.end;
}

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::shared_ptr<Device>& device, bool half,
                                                     kit::PlanOptions user_types) {
    kit::PlanOptions options = std::move(user_types);
    options.device = device->name();
    options.alignment = std::max<size_t>(64, device->offset_alignment());
    options.arena_space = device_memory;
    // Producers write device memory; the user's output tensors are host memory, filled after the fence.
    options.direct_outputs = false;
    return kit::build_plan(model, Kernels(device, half, c4_layouts(*model, *device)), options);
}

// ---- ArenaAllocator ----

kit::BufferRef ArenaAllocator::allocate(size_t bytes, size_t) {
    m_buffers.push_back(std::make_unique<Buffer>(m_device, bytes, "request arena"));
    return kit::BufferRef{device_memory, reinterpret_cast<void*>(m_buffers.back()->handle()), 0, bytes};
}

void ArenaAllocator::release(const kit::BufferRef& buffer) {
    m_buffers.erase(std::remove_if(m_buffers.begin(), m_buffers.end(),
                                   [&](const std::unique_ptr<Buffer>& owned) {
                                       return reinterpret_cast<void*>(owned->handle()) == buffer.base;
                                   }),
                    m_buffers.end());
}

char* ArenaAllocator::mapped(const kit::BufferRef& buffer) const {
    for (const auto& owned : m_buffers)
        if (reinterpret_cast<void*>(owned->handle()) == buffer.base)
            return static_cast<char*>(owned->mapped()) + buffer.offset;
    return nullptr;
}

// ---- DispatchOp ----

DispatchOp::DispatchOp(std::shared_ptr<Device> device, const NodePlan& plan, const std::vector<VkPipeline>& pipelines,
                       const std::vector<std::shared_ptr<Buffer>>& weights, VkBufferView filter_view,
                       const kit::BindArgs& args, size_t step)
    : m_device(std::move(device)), m_step(step) {
    m_where = m_device->name() + ": op '" + args.step.node_name + "' (" + args.step.node_type + ")";
    const Api& api = vk();
    VkDevice handle = m_device->handle();
    const auto count = static_cast<uint32_t>(plan.dispatches.size());
    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, count * binding_count},
                                          {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, count * texel_binding_count}};
    VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = count;
    pool_info.poolSizeCount = 2;
    pool_info.pPoolSizes = sizes;
    check(api.vkCreateDescriptorPool(handle, &pool_info, nullptr, &m_pool), "vkCreateDescriptorPool", m_where);
    std::vector<VkDescriptorSetLayout> layouts(count, m_device->set_layout());
    std::vector<VkDescriptorSet> sets(count);
    VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocate.descriptorPool = m_pool;
    allocate.descriptorSetCount = count;
    allocate.pSetLayouts = layouts.data();
    check(api.vkAllocateDescriptorSets(handle, &allocate, sets.data()), "vkAllocateDescriptorSets", m_where);

    // A step input's buffer: its uploaded Constant, its device value, or a mirror of the user's host tensor.
    struct Resolved {
        VkBuffer buffer;
        size_t offset, bytes;
    };
    std::vector<Resolved> inputs(args.inputs.size());
    for (size_t i = 0; i < args.inputs.size(); ++i) {
        const kit::BufferRef& ref = args.inputs[i];
        if (i < weights.size() && weights[i]) {
            inputs[i] = {weights[i]->handle(), 0, weights[i]->size()};
        } else if (ref.space == device_memory) {
            inputs[i] = {reinterpret_cast<VkBuffer>(ref.base), ref.offset, ref.bytes};
        } else {
            bool used = false;
            for (const auto& dispatch : plan.dispatches)
                used = used || std::find(dispatch.inputs.begin(), dispatch.inputs.end(), static_cast<int>(i)) !=
                                   dispatch.inputs.end();
            if (!used)
                continue;
            m_mirrors.push_back(std::make_unique<Buffer>(m_device, ref.bytes, m_where + " input mirror"));
            m_uploads.push_back({i, ref.host(), m_mirrors.back().get(), ref.bytes});
            inputs[i] = {m_mirrors.back()->handle(), 0, ref.bytes};
        }
    }

    // Every dispatch of a step stores its values alike (f32, or f16 for a model prepared in f16).
    const bool half = !plan.dispatches.empty() && plan.dispatches[0].half;
    if (plan.scratch_bytes) {
        m_scratch = std::make_unique<Buffer>(m_device, plan.scratch_bytes, m_where + " scratch");
        m_scratch_view =
            std::make_unique<TexelView>(m_device, m_scratch->handle(), plan.scratch_bytes, m_where, 0, half);
    }
    const BarrierTracker::Range scratch_range{m_scratch ? m_scratch->handle() : VK_NULL_HANDLE, 0, plan.scratch_bytes};

    // A c4 input (Dispatch::c4_input) is read where its producer wrote it: a view from an aligned-down offset,
    // the rest in whole texels through the push constant of binding 0 (which those shaders leave unused).
    uint32_t c4_origin = 0;
    BarrierTracker::Range c4_range{};
    if (std::any_of(plan.dispatches.begin(), plan.dispatches.end(), [](const Dispatch& d) { return d.c4_input; })) {
        OPENVINO_ASSERT(!inputs.empty() && inputs[0].buffer, m_where, ": a c4 input is not device memory");
        const Resolved& source = inputs[0];
        const size_t texel = texel_bytes(half);
        const size_t start = aligned_down(source.offset, m_device->texel_offset_alignment(half));
        const size_t bytes = source.offset + source.bytes - start;
        OPENVINO_ASSERT((source.offset - start) % texel == 0 && bytes % texel == 0 &&
                            bytes / texel <= m_device->max_texels(half),
                        m_where, ": the c4 input at byte ", source.offset, " (", source.bytes,
                        " bytes) cannot be viewed as texels");
        m_input_view = std::make_unique<TexelView>(m_device, source.buffer, bytes, m_where, start, half);
        c4_origin = static_cast<uint32_t>((source.offset - start) / texel);
        c4_range = {source.buffer, source.offset, source.offset + source.bytes};
    }

    std::vector<VkDescriptorBufferInfo> infos(count * binding_count);
    std::vector<VkBufferView> views(count * texel_binding_count);
    std::vector<VkWriteDescriptorSet> writes;
    for (uint32_t d = 0; d < count; ++d) {
        const Dispatch& dispatch = plan.dispatches[d];
        const kit::BufferRef& out_ref = args.outputs.at(dispatch.output);
        OPENVINO_ASSERT(out_ref.space == device_memory, m_where, ": output ", dispatch.output, " is not device memory");
        Bound bound{};
        bound.pipeline = pipelines[d];
        bound.set = sets[d];
        std::copy(std::begin(dispatch.params), std::end(dispatch.params), bound.push.params);
        const size_t groups = (dispatch.items + group_size - 1) / group_size;
        bound.groups = static_cast<uint32_t>(std::max<size_t>(1, std::min<size_t>(groups, max_groups)));
        bound.groups_y = dispatch.groups_y;
        for (uint32_t b = 0; b < binding_count; ++b) {
            Resolved target{};
            size_t element_offset = 0;
            bool written = false, read = false;
            if (b == output_binding && dispatch.output_to_scratch) {
                OPENVINO_ASSERT(m_scratch, m_where, ": a dispatch writes a scratch buffer the step does not have");
                target = {m_scratch->handle(), 0, plan.scratch_bytes};
                written = true;
            } else if (b == output_binding) {
                target = {reinterpret_cast<VkBuffer>(out_ref.base), out_ref.offset, out_ref.bytes};
                element_offset = dispatch.output_offset;
                written = true;
            } else if (dispatch.inputs[b] >= 0) {
                target = inputs[static_cast<size_t>(dispatch.inputs[b])];
                element_offset = b == 0 ? dispatch.input_offset : 0;
                read = true;
            } else {  // unused by the shader: any valid buffer
                target = {reinterpret_cast<VkBuffer>(out_ref.base), out_ref.offset, out_ref.bytes};
            }
            const size_t start = aligned_down(target.offset, m_device->offset_alignment());
            const size_t range = target.offset + target.bytes - start;
            OPENVINO_ASSERT(range <= m_device->max_range(), m_where, ": a binding of ", range,
                            " bytes exceeds the device's maxStorageBufferRange of ", m_device->max_range());
            bound.push.offsets[b] =
                static_cast<uint32_t>((target.offset - start) / value_bytes(dispatch.half) + element_offset);
            infos[d * binding_count + b] = VkDescriptorBufferInfo{target.buffer, start, std::max<size_t>(range, 4)};
            VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
            write.dstSet = sets[d];
            write.dstBinding = b;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            write.pBufferInfo = &infos[d * binding_count + b];
            writes.push_back(write);
            if (read)
                bound.reads.push_back({target.buffer, target.offset, target.offset + target.bytes});
            if (written)
                bound.writes.push_back({target.buffer, target.offset, target.offset + target.bytes});
        }
        // Shaders storing c4 texels as vec4s index the output binding in texels.
        const bool texel_output =
            dispatch.shader == Shader::pool_c4 ||
            (dispatch.shader == Shader::conv_texel && (dispatch.params_as<ConvParams>().modes & c4_quads_bit));
        OPENVINO_ASSERT(!texel_output || bound.push.offsets[output_binding] % 4 == 0, m_where,
                        ": a c4 output does not start at a whole texel of its binding");
        BarrierTracker::Range texel_input_range = scratch_range;
        VkBufferView input_view = m_scratch_view ? m_scratch_view->handle() : VK_NULL_HANDLE;
        if (dispatch.c4_input) {
            OPENVINO_ASSERT(m_input_view, m_where, ": a c4 input is not bound");
            bound.push.offsets[0] = c4_origin;
            texel_input_range = c4_range;
            input_view = m_input_view->handle();
        }
        // pack_c4 declares binding 6 for its c4 variant: the plain variant gets the scratch view there, unread.
        const bool placeholder_input = dispatch.shader == Shader::pack_c4 && !dispatch.texel_input;
        for (uint32_t t = 0; t < texel_binding_count; ++t) {
            const bool input = t == 0;
            if (!(input ? dispatch.texel_input || placeholder_input : dispatch.texel_filters))
                continue;
            VkBufferView view = input ? input_view : filter_view;
            OPENVINO_ASSERT(view, m_where, ": a dispatch reads a texel buffer the step does not have");
            views[d * texel_binding_count + t] = view;
            VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
            write.dstSet = sets[d];
            write.dstBinding = first_texel_binding + t;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
            write.pTexelBufferView = &views[d * texel_binding_count + t];
            writes.push_back(write);
            // The filters are constants, written once before any submission; the input is the scratch of this
            // step or, in layout c4, the producer's output.
            if (input && !placeholder_input)
                bound.reads.push_back(texel_input_range);
        }
        m_bound.push_back(std::move(bound));
    }
    api.vkUpdateDescriptorSets(handle, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);
}

DispatchOp::~DispatchOp() {
    if (m_pool)
        vk().vkDestroyDescriptorPool(m_device->handle(), m_pool, nullptr);  // frees its sets
}

void DispatchOp::execute(kit::ExecContext& ctx) {
    auto* request = static_cast<RequestContext*>(ctx.backend);
    for (const auto& upload : m_uploads) {
        this->upload(upload.input, upload.host, upload.mirror->mapped(), upload.bytes, ctx);
        request->uploaded_bytes += upload.bytes;
    }
    request->ops.push_back(this);
    if (!m_recorded)
        request->rerecord = true;
}

void DispatchOp::upload(size_t, const void* host, void* mirror, size_t bytes, kit::ExecContext&) {
    std::memcpy(mirror, host, bytes);
}

void DispatchOp::record(VkCommandBuffer commands, BarrierTracker& tracker, VkQueryPool queries, uint32_t query) {
    const Api& api = vk();
    if (queries)
        api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries, query);
    for (const auto& bound : m_bound) {
        bool depends = false;
        for (const auto& read : bound.reads)
            for (const auto& write : tracker.writes)
                depends = depends || overlaps(read, write);
        for (const auto& written : bound.writes) {
            for (const auto& write : tracker.writes)
                depends = depends || overlaps(written, write);
            for (const auto& read : tracker.reads)
                depends = depends || overlaps(written, read);
        }
        if (depends) {
            VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
            api.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
            tracker.reads.clear();
            tracker.writes.clear();
            ++tracker.barriers;
        }
        tracker.reads.insert(tracker.reads.end(), bound.reads.begin(), bound.reads.end());
        tracker.writes.insert(tracker.writes.end(), bound.writes.begin(), bound.writes.end());
        api.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, bound.pipeline);
        api.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, m_device->pipeline_layout(), 0, 1,
                                    &bound.set, 0, nullptr);
        api.vkCmdPushConstants(commands, m_device->pipeline_layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               sizeof(PushConstants), &bound.push);
        api.vkCmdDispatch(commands, bound.groups, bound.groups_y, 1);
    }
    if (queries)
        api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, query + 1);
    m_recorded = true;
}

// ---- DownloadOp ----

DownloadOp::DownloadOp(const kit::BindArgs& args, ov::element::Type from, ov::element::Type to)
    : m_in(args.inputs.at(0)), m_out(args.outputs.at(0)), m_from(from), m_to(to),
      m_count(args.outputs.at(0).bytes / std::max<size_t>(1, to.size())) {
    m_where = args.plan.device + ": boundary of '" + args.step.node_name + "'";
}

void DownloadOp::convert(const void* source, void* destination) const {
    if (m_from == m_to) {
        std::memcpy(destination, source, m_count * m_to.size());
        return;
    }
    // Through a host buffer, a chunk at a time: one side is mapped device memory, which on a discrete GPU is
    // write-combined and uncached, where element-sized stores and loads each cost a bus transaction (an H100
    // spent 2.9 ms of host time per SqueezeNet inference at f16 so). memcpy moves whole chunks.
    constexpr size_t chunk = 4096;
    alignas(64) unsigned char from_values[chunk * 4], to_values[chunk * 4];
    const auto* in = static_cast<const unsigned char*>(source);
    auto* out = static_cast<unsigned char*>(destination);
    for (size_t first = 0; first < m_count; first += chunk) {
        const size_t count = std::min(chunk, m_count - first);
        std::memcpy(from_values, in + first * m_from.size(), count * m_from.size());
        kit::convert_floats(from_values, m_from, to_values, m_to, count);
        std::memcpy(out + first * m_to.size(), to_values, count * m_to.size());
    }
}

// Boundary steps run on the host through mapped memory: an input (a host tensor, or a remote tensor that the
// host wrote) before the submission; a value the device writes after the fence.
void DownloadOp::resolve(const RequestContext& request) {
    m_after_fence = m_in.space == device_memory && !request.is_remote(m_in);
    m_source = m_in.space == kit::host_memory ? m_in.host() : request.mapped(m_in);
    m_destination = m_out.space == kit::host_memory ? m_out.host() : request.mapped(m_out);
    OPENVINO_ASSERT(m_source && m_destination, m_where,
                    ": the source or the destination is not memory of this request");
    const auto& device = request.arena->device();
    if (m_after_fence && device->reads_back_through_copy()) {
        const size_t bytes = m_count * m_from.size();
        m_read_back = std::make_unique<Buffer>(device, bytes, m_where + " (read-back)", Placement::read_back);
        m_copy = DeviceCopy{reinterpret_cast<VkBuffer>(m_in.base), m_in.offset, m_read_back->handle(), bytes};
        m_source = m_read_back->mapped();
    }
    m_resolved = true;
}

void DownloadOp::execute(kit::ExecContext& ctx) {
    auto* request = static_cast<RequestContext*>(ctx.backend);
    if (!m_resolved)
        resolve(*request);
    if (m_after_fence) {
        if (m_read_back) {
            request->copies.push_back(m_copy);
            request->arena->device()->count_read_back(m_copy.bytes);
        }
        request->downloads.push_back(this);  // the device writes it: read after the fence
    }
    else
        convert(m_source, m_destination);
}

void DownloadOp::finish(const RequestContext&) const { convert(m_source, m_destination); }

char* RequestContext::mapped(const kit::BufferRef& buffer) const {
    if (char* in_arena = arena->mapped(buffer))
        return in_arena;
    const auto found = remote.find(reinterpret_cast<VkBuffer>(buffer.base));
    return found == remote.end() ? nullptr : found->second + buffer.offset;
}

}  // namespace vulkan
}  // namespace devmux
