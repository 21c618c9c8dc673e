// SPDX-License-Identifier: Apache-2.0
// The kernels every plan can use: the op's own reference evaluate(), boundary conversions, and the
// variable reads and writes of stateful models.
#include <cstring>
#include <vector>

#include "kernels/kernel.hpp"
#include "openvino/core/type/float16.hpp"

namespace devmux {
namespace cpu {
namespace {

class ReferenceKernel final : public Kernel {
public:
    explicit ReferenceKernel(const std::shared_ptr<ov::Node>& node) : m_node(node) {
        const auto type = node->get_output_size() > 0 ? node->get_output_element_type(0)
                                                       : node->get_input_element_type(0);
        m_name = "ref_" + type_suffix(type);
    }
    std::string name() const override { return m_name; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext&) const override {
        // evaluate() may replace an output tensor it judged unfit; the plan's bindings must survive that.
        constexpr size_t kInline = 16;
        void* inline_bound[kInline];
        std::vector<void*> many_bound;  // only for nodes with more than kInline outputs
        void** bound = inline_bound;
        if (outputs.size() > kInline) {
            many_bound.resize(outputs.size());
            bound = many_bound.data();
        }
        for (size_t i = 0; i < outputs.size(); ++i)
            bound[i] = outputs[i].data();
        if (!m_node->evaluate(outputs, inputs)) {
            std::string types;
            for (const auto& t : inputs)
                types += (types.empty() ? "" : ", ") + t.get_element_type().get_type_name();
            OPENVINO_THROW("CPU: ", m_node->get_type_name(), " '", m_node->get_friendly_name(),
                           "' has no reference implementation for inputs of type ", types);
        }
        for (size_t i = 0; i < outputs.size(); ++i) {
            if (outputs[i].data() == bound[i])
                continue;
            const auto& type = m_node->get_output_element_type(i);
            const auto shape = m_node->get_output_shape(i);
            OPENVINO_ASSERT(outputs[i].get_element_type() == type && outputs[i].get_shape() == shape, "CPU: ",
                            m_node->get_type_name(), " '", m_node->get_friendly_name(), "' produced output ", i,
                            " as ", outputs[i].get_element_type(), outputs[i].get_shape(), ", the plan expects ",
                            type, shape);
            std::memcpy(bound[i], outputs[i].data(), outputs[i].get_byte_size());
            outputs[i] = ov::Tensor(type, shape, bound[i]);
        }
    }

private:
    std::shared_ptr<ov::Node> m_node;
    std::string m_name;
};

class ConvertKernel final : public Kernel {
public:
    ConvertKernel(const ov::element::Type& from, const ov::element::Type& to) : m_from(from), m_to(to) {}
    std::string name() const override {
        return m_from == m_to ? "copy_" + type_suffix(m_to) : "convert_" + type_suffix(m_from) + "_" + type_suffix(m_to);
    }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext&) const override {
        const ov::Tensor& src = inputs[0];
        ov::Tensor& dst = outputs[0];
        const size_t n = src.get_size();
        if (m_from == m_to) {
            std::memcpy(dst.data(), src.data(), src.get_byte_size());
            return;
        }
        const float* f32_in = m_from == ov::element::f32 ? static_cast<const float*>(src.data()) : nullptr;
        float* f32_out = m_to == ov::element::f32 ? static_cast<float*>(dst.data()) : nullptr;
        if (m_from == ov::element::f16 && f32_out) {
            const auto* in = static_cast<const ov::float16*>(src.data());
            for (size_t i = 0; i < n; ++i)
                f32_out[i] = static_cast<float>(in[i]);
        } else if (m_from == ov::element::bf16 && f32_out) {
            const auto* in = static_cast<const ov::bfloat16*>(src.data());
            for (size_t i = 0; i < n; ++i)
                f32_out[i] = static_cast<float>(in[i]);
        } else if (f32_in && m_to == ov::element::f16) {
            auto* out = static_cast<ov::float16*>(dst.data());
            for (size_t i = 0; i < n; ++i)
                out[i] = ov::float16(f32_in[i]);
        } else if (f32_in && m_to == ov::element::bf16) {
            auto* out = static_cast<ov::bfloat16*>(dst.data());
            for (size_t i = 0; i < n; ++i)
                out[i] = ov::bfloat16(f32_in[i]);
        } else {
            OPENVINO_THROW("CPU: no conversion from ", m_from, " to ", m_to);
        }
    }

private:
    ov::element::Type m_from, m_to;
};

class ReadValueKernel final : public Kernel {
public:
    ReadValueKernel(size_t index, bool has_init) : m_index(index), m_has_init(has_init) {}
    std::string name() const override { return "read_state"; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const VariableSlot& slot = ctx.variables[m_index];
        ov::Tensor& out = outputs[0];
        if (slot.initialized)
            std::memcpy(out.data(), slot.value.data(), out.get_byte_size());
        else if (m_has_init)
            std::memcpy(out.data(), inputs[0].data(), out.get_byte_size());
        else
            std::memset(out.data(), 0, out.get_byte_size());
    }

private:
    size_t m_index;
    bool m_has_init;
};

class AssignKernel final : public Kernel {
public:
    explicit AssignKernel(size_t index) : m_index(index) {}
    std::string name() const override { return "write_state"; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector&, void*, ExecContext& ctx) const override {
        VariableSlot& slot = ctx.variables[m_index];
        std::memcpy(slot.value.data(), inputs[0].data(), slot.value.get_byte_size());
        slot.initialized = true;
    }

private:
    size_t m_index;
};

}  // namespace

std::string type_suffix(const ov::element::Type& type) { return type.get_type_name(); }

std::shared_ptr<const Kernel> make_reference_kernel(const std::shared_ptr<ov::Node>& node) {
    return std::make_shared<ReferenceKernel>(node);
}
std::shared_ptr<const Kernel> make_convert_kernel(const ov::element::Type& from, const ov::element::Type& to) {
    return std::make_shared<ConvertKernel>(from, to);
}
std::shared_ptr<const Kernel> make_read_value_kernel(size_t index, bool has_init) {
    return std::make_shared<ReadValueKernel>(index, has_init);
}
std::shared_ptr<const Kernel> make_assign_kernel(size_t index) { return std::make_shared<AssignKernel>(index); }

}  // namespace cpu
}  // namespace devmux
