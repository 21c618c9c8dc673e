// SPDX-License-Identifier: Apache-2.0
// Boundary conversions (f16 / bf16 ports of an f32 plan), and the kernel table's last entry: every op's
// reference evaluate() (the kit's kernel, devmux/kit/execution_plan.hpp, as are copies and variable reads
// and writes).
#include <cstring>
#include <vector>

#include "kernels/kernel.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace cpu {
namespace {

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

// The structural ops are the plan's own steps; every other op runs its reference evaluate() where no entry
// before this one takes it.
std::string reference_refusal(const ov::Node& node) {
    const bool structural = ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
                            ov::is_type<ov::op::v0::Result>(&node) ||
                            ov::is_type<ov::op::util::ReadValueBase>(&node) ||
                            ov::is_type<ov::op::util::AssignBase>(&node);
    if (!structural && !node.has_evaluate())
        return "has no CPU implementation";
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_element_type(i).is_dynamic())
            return "output " + std::to_string(i) + " has a dynamic element type; only shapes may be dynamic";
    return {};
}

}  // namespace

std::shared_ptr<const kit::OpKernel> make_reference_cpu_kernel(const std::shared_ptr<ov::Node>& node) {
    return kit::make_reference_kernel(node, "ref_" + type_suffix(node->get_output_size() > 0
                                                                    ? node->get_output_element_type(0)
                                                                    : node->get_input_element_type(0)));
}

CpuKernelEntry reference_entry() {
    return {{"*"}, "", {}, reference_refusal,
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) { return make_reference_cpu_kernel(node); }};
}

std::string type_suffix(const ov::element::Type& type) { return type.get_type_name(); }

std::shared_ptr<const Kernel> make_convert_kernel(const ov::element::Type& from, const ov::element::Type& to) {
    return std::make_shared<ConvertKernel>(from, to);
}
}  // namespace cpu
}  // namespace devmux
