// SPDX-License-Identifier: Apache-2.0
// f32 element-wise ops that converted models leave between convolutions and that the reference evaluates in
// double with an allocation per call: BatchNormInference with constant statistics (one multiply-add per
// element, its per-channel scale and shift folded once at compile time), HardSigmoid with constant alpha and
// beta, and Power by a constant scalar exponent (squares and square roots exactly, others with std::pow).
// PP-OCR's classifier spent 60 % of its time in the reference BatchNormInference.
// Where a BatchNormInference directly follows a (Group)Convolution with constant filters, fold_batch_norms
// removes it altogether, as OpenVINO and ONNX Runtime do: the filters are scaled per output channel and the
// shift becomes a bias Add, which the convolution fusion then takes into the convolution. fold_conv_affine
// does the same for a chain of Multiplies and Adds by per-channel or scalar Constants after a convolution (its
// bias, a batch normalisation the exporter wrote as Mul and Add, PP-LCNetV3's learnable affine blocks).
#include <algorithm>
#include <cmath>
#include <vector>

#include "devmux/kit/passes.hpp"
#include "kernels/kernel.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/batch_norm.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/hard_sigmoid.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/power.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

// Splits [0, n) over the team when the tensor is large enough to pay for it (memory-bound loops).
template <typename Part>
void run_split(ExecContext& ctx, size_t n, const Part& part) {
    for_row_ranges(ctx.pool, n, n, part, 1u << 16);
}

std::shared_ptr<ov::op::v0::Constant> constant_at(const ov::Node& node, size_t input) {
    return ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(input));
}

bool plain_f32(const ov::Node& node, size_t data_input) {
    return node.get_input_element_type(data_input) == ov::element::f32 &&
           node.get_output_element_type(0) == ov::element::f32 && node.get_input_partial_shape(data_input).is_static() &&
           node.get_output_partial_shape(0).is_static() &&
           node.get_input_shape(data_input) == node.get_output_shape(0);
}

// ---- BatchNormInference: y = x * scale[c] + shift[c] ----

struct BatchNormSpec {
    size_t batch = 0, channels = 0, inner = 0;
    size_t data_input = 0;
    std::vector<float> scale, shift;
};

std::optional<BatchNormSpec> batch_norm_spec(const ov::Node& node, std::string* why) {
    BatchNormSpec spec;
    double eps = 0;
    size_t gamma = 0, beta = 0, mean = 0, variance = 0;
    if (const auto* v5 = ov::as_type<const ov::op::v5::BatchNormInference>(&node)) {
        spec.data_input = 0, gamma = 1, beta = 2, mean = 3, variance = 4;
        eps = v5->get_eps_value();
    } else if (const auto* v0 = ov::as_type<const ov::op::v0::BatchNormInference>(&node)) {
        spec.data_input = 2, gamma = 0, beta = 1, mean = 3, variance = 4;
        eps = v0->get_eps_value();
    } else {
        return refuse(why, "is not a BatchNormInference-1 or -5");
    }
    if (!plain_f32(node, spec.data_input))
        return refuse(why, "has data or result other than f32, or a dynamic shape");
    const ov::Shape shape = node.get_input_shape(spec.data_input);
    if (shape.size() < 2)
        return refuse(why, "has data of rank below 2");
    spec.batch = shape[0];
    spec.channels = shape[1];
    spec.inner = ov::shape_size(ov::Shape(shape.begin() + 2, shape.end()));
    std::vector<double> params[4];
    const size_t at[4] = {gamma, beta, mean, variance};
    for (size_t i = 0; i < 4; ++i) {
        const auto c = constant_at(node, at[i]);
        if (!c)
            return refuse(why, "has a gamma, beta, mean or variance that is not a Constant");
        params[i] = c->cast_vector<double>();
        if (params[i].size() != spec.channels)
            return refuse(why, "has a gamma, beta, mean or variance whose size is not the channel count");
    }
    spec.scale.resize(spec.channels);
    spec.shift.resize(spec.channels);
    for (size_t c = 0; c < spec.channels; ++c) {
        // As the reference: (x - mean) * gamma / sqrt(variance + eps) + beta, its constants folded in double.
        const double scale = params[0][c] / std::sqrt(params[3][c] + eps);
        spec.scale[c] = static_cast<float>(scale);
        spec.shift[c] = static_cast<float>(params[1][c] - params[2][c] * scale);
    }
    return spec;
}

class BatchNormKernel final : public Kernel {
public:
    explicit BatchNormKernel(BatchNormSpec spec) : m_spec(std::move(spec)) {}
    std::string name() const override { return "scale_shift_f32"; }
    int in_place_input() const override { return static_cast<int>(m_spec.data_input); }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[m_spec.data_input].data());
        float* out = static_cast<float*>(outputs[0].data());
        const size_t planes = m_spec.batch * m_spec.channels, inner = m_spec.inner;
        run_split(ctx, planes * inner, [&](size_t begin, size_t end) {
            // Whole planes or pieces of them: [begin, end) in elements.
            size_t i = begin;
            while (i < end) {
                const size_t plane = i / inner;
                const size_t stop = std::min(end, (plane + 1) * inner);
                const float s = m_spec.scale[plane % m_spec.channels], b = m_spec.shift[plane % m_spec.channels];
                for (size_t j = i; j < stop; ++j)
                    out[j] = in[j] * s + b;
                i = stop;
            }
        });
    }

private:
    BatchNormSpec m_spec;
};

// ---- HardSigmoid: y = max(0, min(1, alpha * x + beta)) ----

struct HardSigmoidSpec {
    float alpha = 0, beta = 0;
};

// A Constant holding one value (any shape of one element), as f32.
bool scalar_constant(const ov::Node& node, size_t input, float& value) {
    const auto c = constant_at(node, input);
    if (!c || ov::shape_size(c->get_shape()) != 1 || !c->get_element_type().is_real())
        return false;
    value = c->cast_vector<float>()[0];
    return true;
}

std::optional<HardSigmoidSpec> hard_sigmoid_spec(const ov::Node& node, std::string* why) {
    if (!ov::is_type<ov::op::v0::HardSigmoid>(&node))
        return refuse(why, "is not a HardSigmoid-1");
    if (!plain_f32(node, 0))
        return refuse(why, "has data or result other than f32, or a dynamic shape");
    HardSigmoidSpec spec;
    if (!scalar_constant(node, 1, spec.alpha) || !scalar_constant(node, 2, spec.beta))
        return refuse(why, "has an alpha or beta that is not a one-element Constant");
    return spec;
}

class HardSigmoidKernel final : public Kernel {
public:
    explicit HardSigmoidKernel(const HardSigmoidSpec& spec) : m_spec(spec) {}
    std::string name() const override { return "eltwise_f32"; }
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const float alpha = m_spec.alpha, beta = m_spec.beta;
        run_split(ctx, inputs[0].get_size(), [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                out[i] = std::max(0.0f, std::min(1.0f, alpha * in[i] + beta));
        });
    }

private:
    HardSigmoidSpec m_spec;
};

// ---- Power by a constant scalar exponent ----

struct PowerSpec {
    float exponent = 0;
};

std::optional<PowerSpec> power_spec(const ov::Node& node, std::string* why) {
    if (!ov::is_type<ov::op::v1::Power>(&node))
        return refuse(why, "is not a Power-1");
    if (!plain_f32(node, 0))
        return refuse(why, "has a base or result other than f32, of dynamic shape, or broadcast to another shape");
    PowerSpec spec;
    if (node.get_input_element_type(1) != ov::element::f32 || !scalar_constant(node, 1, spec.exponent))
        return refuse(why, "has an exponent that is not a one-element f32 Constant");
    return spec;
}

class PowerKernel final : public Kernel {
public:
    explicit PowerKernel(const PowerSpec& spec) : m_spec(spec) {}
    std::string name() const override { return "eltwise_f32"; }
    int in_place_input() const override { return 0; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const float* in = static_cast<const float*>(inputs[0].data());
        float* out = static_cast<float*>(outputs[0].data());
        const float e = m_spec.exponent;
        run_split(ctx, inputs[0].get_size(), [&](size_t begin, size_t end) {
            if (e == 2.0f) {
                for (size_t i = begin; i < end; ++i)
                    out[i] = in[i] * in[i];
            } else if (e == 1.0f) {
                for (size_t i = begin; i < end; ++i)
                    out[i] = in[i];
            } else if (e == 0.5f) {
                // sqrt of a negative is NaN, as pow(x, 0.5) is; only -0 differs (pow gives +0).
                for (size_t i = begin; i < end; ++i)
                    out[i] = in[i] == 0.0f ? 0.0f : std::sqrt(in[i]);
            } else {
                for (size_t i = begin; i < end; ++i)
                    out[i] = std::pow(in[i], e);
            }
        });
    }

private:
    PowerSpec m_spec;
};

}  // namespace

size_t fold_batch_norms(ov::Model& model) {
    size_t folded = 0;
    for (const auto& node : model.get_ordered_ops()) {
        const auto spec = batch_norm_spec(*node, nullptr);
        if (!spec)
            continue;
        const ov::Output<ov::Node> conv_out = node->input_value(spec->data_input);
        const auto conv = conv_out.get_node_shared_ptr();
        const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(conv);
        if ((!grouped && !ov::is_type<ov::op::v1::Convolution>(conv)) || conv_out.get_target_inputs().size() != 1)
            continue;
        const auto filters = ov::as_type_ptr<ov::op::v0::Constant>(conv->get_input_node_shared_ptr(1));
        if (!filters || filters->get_element_type() != ov::element::f32 || conv->get_input_element_type(0) != ov::element::f32)
            continue;
        // Filters [OC, IC, k...] or [G, OC/G, IC/G, k...]: output channel c owns a contiguous run of `per_channel`.
        const ov::Shape fs = filters->get_shape();
        const size_t lead = grouped ? 2 : 1;
        if (fs.size() < lead + 1 || ov::shape_size(ov::Shape(fs.begin(), fs.begin() + lead)) != spec->channels)
            continue;
        const size_t per_channel = ov::shape_size(ov::Shape(fs.begin() + lead, fs.end()));
        const float* w = filters->get_data_ptr<float>();
        std::vector<float> scaled(ov::shape_size(fs));
        for (size_t c = 0; c < spec->channels; ++c)
            for (size_t i = 0; i < per_channel; ++i)
                scaled[c * per_channel + i] = w[c * per_channel + i] * spec->scale[c];
        conv->input(1).replace_source_output(std::make_shared<ov::op::v0::Constant>(ov::element::f32, fs, scaled.data()));
        ov::Shape bias_shape(conv_out.get_partial_shape().size(), 1);
        bias_shape[1] = spec->channels;
        auto bias = std::make_shared<ov::op::v0::Constant>(ov::element::f32, bias_shape, spec->shift.data());
        kit::replace_keeping_identity(node, std::make_shared<ov::op::v1::Add>(conv_out, bias));
        ++folded;
    }
    return folded;
}

// The values of `value`, a f32 Constant, as one number per channel (axis 1) of a result of rank `out_rank`
// with `channels` channels: a scalar or [C,1,...] right-aligned against the result; empty otherwise. Also read
// by the oneDNN convolution's post-ops (dnnl_convolution.cpp).
std::vector<float> per_channel_constant(const ov::Output<ov::Node>& value, size_t channels, size_t out_rank) {
    const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(value.get_node_shared_ptr());
    if (!constant || constant->get_element_type() != ov::element::f32)
        return {};
    const ov::Shape shape = constant->get_shape();
    if (shape.size() > out_rank)
        return {};
    size_t extent = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
        const size_t axis = out_rank - shape.size() + i;
        if (axis == 1)
            extent = shape[i];
        else if (shape[i] != 1)
            return {};
    }
    if (extent != 1 && extent != channels)
        return {};
    const float* data = constant->get_data_ptr<float>();
    std::vector<float> values(channels);
    for (size_t c = 0; c < channels; ++c)
        values[c] = data[extent == 1 ? 0 : c];
    return values;
}

size_t fold_conv_affine(ov::Model& model) {
    size_t folded = 0;
    for (const auto& conv : model.get_ordered_ops()) {
        const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(conv);
        if (!grouped && !ov::is_type<ov::op::v1::Convolution>(conv))
            continue;
        const auto filters = ov::as_type_ptr<ov::op::v0::Constant>(conv->get_input_node_shared_ptr(1));
        if (!filters || filters->get_element_type() != ov::element::f32 ||
            conv->get_input_element_type(0) != ov::element::f32 || conv->get_output_partial_shape(0).is_dynamic())
            continue;
        const ov::Shape out = conv->get_output_shape(0);
        const ov::Shape fs = filters->get_shape();
        const size_t lead = grouped ? 2 : 1;
        if (out.size() < 2 || fs.size() < lead + 1 || ov::shape_size(ov::Shape(fs.begin(), fs.begin() + lead)) != out[1])
            continue;
        // y = conv * scale[c] + shift[c], composed along the chain; each value in it read by the next step only.
        const size_t channels = out[1];
        std::vector<float> scale(channels, 1.f), shift(channels, 0.f);
        size_t multiplies = 0, adds = 0;
        std::shared_ptr<ov::Node> last;
        ov::Output<ov::Node> value = conv->output(0);
        while (value.get_target_inputs().size() == 1) {
            const auto step = value.get_target_inputs().begin()->get_node()->shared_from_this();
            const bool multiply = ov::is_type<ov::op::v1::Multiply>(step);
            if ((!multiply && !ov::is_type<ov::op::v1::Add>(step)) || step->get_output_partial_shape(0) != out ||
                step->get_output_element_type(0) != ov::element::f32)
                break;
            const size_t other = step->input_value(0) == value ? 1 : 0;
            const std::vector<float> values = per_channel_constant(step->input_value(other), channels, out.size());
            if (values.empty())
                break;
            for (size_t c = 0; c < channels; ++c) {
                if (multiply) {
                    scale[c] *= values[c];
                    shift[c] *= values[c];
                } else {
                    shift[c] += values[c];
                }
            }
            ++(multiply ? multiplies : adds);
            last = step;
            value = step->output(0);
        }
        // One bias Add is what the convolution fusion takes as it is.
        if (multiplies == 0 && adds < 2)
            continue;
        if (multiplies != 0) {
            const size_t per_channel = ov::shape_size(fs) / channels;
            const float* w = filters->get_data_ptr<float>();
            std::vector<float> scaled(ov::shape_size(fs));
            for (size_t c = 0; c < channels; ++c)
                for (size_t i = 0; i < per_channel; ++i)
                    scaled[c * per_channel + i] = w[c * per_channel + i] * scale[c];
            conv->input(1).replace_source_output(
                std::make_shared<ov::op::v0::Constant>(ov::element::f32, fs, scaled.data()));
        }
        ov::Shape bias_shape(out.size() - 1, 1);
        bias_shape[0] = channels;
        auto bias = std::make_shared<ov::op::v0::Constant>(ov::element::f32, bias_shape, shift.data());
        kit::replace_keeping_identity(last, std::make_shared<ov::op::v1::Add>(conv->output(0), bias));
        ++folded;
    }
    return folded;
}

CpuKernelEntry batch_norm_entry() {
    return {{"BatchNormInference"}, "", {}, refusal_of(batch_norm_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<BatchNormKernel>(*batch_norm_spec(*node, nullptr));
            }};
}

CpuKernelEntry hard_sigmoid_entry() {
    return {{"HardSigmoid"}, "", {}, refusal_of(hard_sigmoid_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<HardSigmoidKernel>(*hard_sigmoid_spec(*node, nullptr));
            }};
}

CpuKernelEntry power_entry() {
    return {{"Power"}, "", {}, refusal_of(power_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<PowerKernel>(*power_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
