// SPDX-License-Identifier: Apache-2.0
// Gelu-2 and Gelu-7 (erf and tanh), Mish-4, SoftPlus-4, Sign-1 and Swish-4 with a constant scalar beta, f32. The
// unary kernel (ops/eltwise) runs Swish without beta or with beta 1; its entry comes first, so this one takes the
// other constant betas.
#include "activation.h"
#include "cl_kernel.hpp"
#include "devmux/kit/known_value.hpp"
#include "openvino/op/gelu.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(ActivationParams) == 3 * 4, "ActivationParams: 32-bit fields, laid out as in OpenCL C");

std::string check_activation(const ov::Node& node) {
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_output_element_type(0) != ov::element::f32)
        return "has " + node.get_input_element_type(0).get_type_name() + " data; the OPENCL kernels compute in f32";
    if (std::string(node.get_type_name()) == "Swish" && node.get_input_size() > 1) {
        const auto beta = kit::known_value(node.input_value(1));
        if (!beta)
            return std::string("needs a beta known at compile time");
        if (ov::shape_size(beta->get_shape()) != 1)
            return "has a beta of shape " + beta->get_shape().to_string() + "; OPENCL takes a scalar beta";
    }
    return {};
}

class ActivationKernel final : public ClKernel {
public:
    ActivationKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "activation_f32") {
        const std::string type = node.get_type_name();
        m_params.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        m_params.beta = 1.0f;
        if (type == "Gelu") {
            auto v7 = ov::as_type<const ov::op::v7::Gelu>(&node);
            m_params.op = v7 && v7->get_approximation_mode() == ov::op::GeluApproximationMode::TANH
                              ? DEVMUX_ACTIVATION_GELU_TANH
                              : DEVMUX_ACTIVATION_GELU_ERF;
        } else if (type == "Mish") {
            m_params.op = DEVMUX_ACTIVATION_MISH;
        } else if (type == "SoftPlus") {
            m_params.op = DEVMUX_ACTIVATION_SOFTPLUS;
        } else if (type == "Sign") {
            m_params.op = DEVMUX_ACTIVATION_SIGN;
        } else {
            OPENVINO_ASSERT(type == "Swish", "OPENCL: not an activation: ", type);
            m_params.op = DEVMUX_ACTIVATION_SWISH;
            if (node.get_input_size() > 1)
                m_params.beta = kit::known_value(node.input_value(1))->cast_vector<float>().at(0);
        }
    }
    int in_place_input() const override { return 0; }

private:
    void setup(Binding& b) const override {
        b.launch("activation_eltwise", static_cast<size_t>(m_params.count)) << b.in(0) << b.out(0) << m_params;
    }
    ActivationParams m_params{};
};

}  // namespace

OpenclKernelEntry activation_entry() {
    return {{"Gelu", "Mish", "SoftPlus", "Sign", "Swish"},
            "",
            {},
            all_of(fits_int, check_activation),
            make_kernel<ActivationKernel>()};
}

}  // namespace opencl
}  // namespace devmux
