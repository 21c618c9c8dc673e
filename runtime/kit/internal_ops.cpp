// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/internal_ops.hpp"

#include "devmux/kit/passes.hpp"
#include "devmux/kit/pattern.hpp"
#include "ops/reference/prelu_slope.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/prelu.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/tanh.hpp"
#include "ops/op_registry.hpp"

namespace devmux {
namespace kit {
namespace {

constexpr FusedActivation all_activations[] = {FusedActivation::None,    FusedActivation::Relu,
                                               FusedActivation::Clamp,   FusedActivation::Sigmoid,
                                               FusedActivation::Tanh,    FusedActivation::PRelu,
                                               FusedActivation::HSwish};

std::shared_ptr<ov::op::v0::Parameter> stand_in(const ov::Node& node, size_t input) {
    return std::make_shared<ov::op::v0::Parameter>(node.get_input_element_type(input),
                                                   node.get_input_partial_shape(input));
}

std::shared_ptr<ov::op::v0::Parameter> stand_in(const ov::Output<ov::Node>& value) {
    return std::make_shared<ov::op::v0::Parameter>(value.get_element_type(), value.get_partial_shape());
}

}  // namespace

const char* to_string(FusedActivation activation) {
    switch (activation) {
    case FusedActivation::None:
        return "none";
    case FusedActivation::Relu:
        return "relu";
    case FusedActivation::Clamp:
        return "clamp";
    case FusedActivation::Sigmoid:
        return "sigmoid";
    case FusedActivation::Tanh:
        return "tanh";
    case FusedActivation::PRelu:
        return "prelu";
    case FusedActivation::HSwish:
        return "hswish";
    }
    return "unknown";
}

FusedConvolution::FusedConvolution(const ov::OutputVector& arguments, const ov::Strides& strides,
                                   const ov::CoordinateDiff& pads_begin, const ov::CoordinateDiff& pads_end,
                                   const ov::Strides& dilations, const ov::op::PadType& auto_pad,
                                   FusedActivation activation, double clamp_min, double clamp_max, bool has_addend,
                                   bool has_scale_shift, bool addend_first)
    : Op(arguments),
      m_strides(strides),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_dilations(dilations),
      m_auto_pad(auto_pad),
      m_activation(activation),
      m_clamp_min(clamp_min),
      m_clamp_max(clamp_max),
      m_has_addend(has_addend),
      m_has_scale_shift(has_scale_shift),
      m_addend_first(addend_first) {
    constructor_validate_and_infer_types();
}

size_t FusedConvolution::expected_inputs() const {
    return 3 + (m_activation == FusedActivation::PRelu ? 1 : 0) + (m_has_scale_shift ? 2 : 0) + (m_has_addend ? 1 : 0);
}

const ov::CoordinateDiff& FusedConvolution::get_pads_begin() const {
    const auto conv = ov::as_type_ptr<ov::op::util::ConvolutionFwdPropBase>(m_convolution);
    return conv ? conv->get_pads_begin() : m_pads_begin;
}

const ov::CoordinateDiff& FusedConvolution::get_pads_end() const {
    const auto conv = ov::as_type_ptr<ov::op::util::ConvolutionFwdPropBase>(m_convolution);
    return conv ? conv->get_pads_end() : m_pads_end;
}

bool FusedConvolution::is_grouped() const { return ov::is_type<ov::op::v1::GroupConvolution>(m_convolution); }

bool FusedConvolution::slope_per_channel() const {
    if (m_activation != FusedActivation::PRelu || get_input_partial_shape(slope_input()).is_dynamic() ||
        get_output_partial_shape(0).is_dynamic())
        return false;
    const ov::Shape out = get_output_shape(0);
    const ov::Shape slope = devmux::ref::prelu_slope_shape(out, get_input_shape(slope_input()));
    if (ov::shape_size(slope) == 1)
        return true;
    if (out.size() < 2 || slope.size() > out.size())
        return false;
    // Right-aligned against the output, only the dimension under the channel axis may be above 1.
    for (size_t i = 0; i < slope.size(); ++i) {
        const size_t axis = out.size() - slope.size() + i;
        if (slope[i] != (axis == 1 ? out[1] : 1))
            return false;
    }
    return true;
}

void FusedConvolution::validate_and_infer_types() {
    const std::string self = "FusedConvolution '" + get_friendly_name() + "'";
    OPENVINO_ASSERT(m_has_addend || !m_addend_first, self, " sums its addend first but has none");
    OPENVINO_ASSERT(get_input_size() == expected_inputs(), self, " with activation ", to_string(m_activation),
                    m_has_scale_shift ? ", a scale-shift" : "", m_has_addend ? " and an addend" : "", " takes ",
                    expected_inputs(), " inputs, got ",
                    get_input_size());
    // Filters with a group dimension ([G, O/G, I/G, k...], one more than the data's rank) make it a
    // GroupConvolution.
    const auto data_rank = get_input_partial_shape(0).rank(), filters_rank = get_input_partial_shape(1).rank();
    if (data_rank.is_static() && filters_rank.is_static() && filters_rank.get_length() == data_rank.get_length() + 1)
        m_convolution = std::make_shared<ov::op::v1::GroupConvolution>(stand_in(*this, 0), stand_in(*this, 1), m_strides,
                                                                       m_pads_begin, m_pads_end, m_dilations, m_auto_pad);
    else
        m_convolution = std::make_shared<ov::op::v1::Convolution>(stand_in(*this, 0), stand_in(*this, 1), m_strides,
                                                                  m_pads_begin, m_pads_end, m_dilations, m_auto_pad);
    const auto conv_out = m_convolution->output(0);
    // Every later step runs in place on the convolution's output, so none may change its shape.
    const auto keeps_shape = [&](const std::shared_ptr<ov::Node>& step, const char* what) {
        OPENVINO_ASSERT(step->get_output_partial_shape(0).compatible(conv_out.get_partial_shape()) &&
                            step->get_output_element_type(0) == conv_out.get_element_type(),
                        self, ": the ", what, " turns the convolution output ", conv_out.get_partial_shape(), " (",
                        conv_out.get_element_type(), ") into ", step->get_output_partial_shape(0), " (",
                        step->get_output_element_type(0), ")");
    };
    m_bias_add = std::make_shared<ov::op::v1::Add>(stand_in(conv_out), stand_in(*this, 2));
    keeps_shape(m_bias_add, "bias");
    const auto act_in = stand_in(conv_out);
    switch (m_activation) {
    case FusedActivation::None:
        m_activation_op.reset();
        break;
    case FusedActivation::Relu:
        m_activation_op = std::make_shared<ov::op::v0::Relu>(act_in);
        break;
    case FusedActivation::Clamp:
        m_activation_op = std::make_shared<ov::op::v0::Clamp>(act_in, m_clamp_min, m_clamp_max);
        break;
    case FusedActivation::Sigmoid:
        m_activation_op = std::make_shared<ov::op::v0::Sigmoid>(act_in);
        break;
    case FusedActivation::Tanh:
        m_activation_op = std::make_shared<ov::op::v0::Tanh>(act_in);
        break;
    case FusedActivation::PRelu:
        m_activation_op = std::make_shared<ov::op::v0::PRelu>(act_in, stand_in(*this, slope_input()));
        break;
    case FusedActivation::HSwish:
        m_activation_op = std::make_shared<ov::op::v4::HSwish>(act_in);
        break;
    }
    if (m_activation_op)
        keeps_shape(m_activation_op, "activation");
    m_scale_multiply.reset();
    m_shift_add.reset();
    if (m_has_scale_shift) {
        m_scale_multiply = std::make_shared<ov::op::v1::Multiply>(stand_in(conv_out), stand_in(*this, scale_input()));
        keeps_shape(m_scale_multiply, "scale");
        m_shift_add = std::make_shared<ov::op::v1::Add>(stand_in(conv_out), stand_in(*this, shift_input()));
        keeps_shape(m_shift_add, "shift");
    }
    m_addend_add.reset();
    if (m_has_addend) {
        m_addend_add = std::make_shared<ov::op::v1::Add>(stand_in(conv_out), stand_in(*this, addend_input()));
        keeps_shape(m_addend_add, "addend");
    }
    set_output_type(0, conv_out.get_element_type(), conv_out.get_partial_shape());
}

bool FusedConvolution::visit_attributes(ov::AttributeVisitor& visitor) {
    visitor.on_attribute("strides", m_strides);
    visitor.on_attribute("dilations", m_dilations);
    visitor.on_attribute("pads_begin", m_pads_begin);
    visitor.on_attribute("pads_end", m_pads_end);
    visitor.on_attribute("auto_pad", m_auto_pad);
    std::string activation = to_string(m_activation);
    visitor.on_attribute("activation", activation);
    bool known = false;
    for (const auto candidate : all_activations)
        if (activation == to_string(candidate)) {
            m_activation = candidate;
            known = true;
        }
    OPENVINO_ASSERT(known, "FusedConvolution: unknown activation '", activation,
                    "' (none, relu, clamp, sigmoid, tanh, prelu or hswish)");
    visitor.on_attribute("clamp_min", m_clamp_min);
    visitor.on_attribute("clamp_max", m_clamp_max);
    visitor.on_attribute("has_addend", m_has_addend);
    visitor.on_attribute("has_scale_shift", m_has_scale_shift);
    visitor.on_attribute("addend_first", m_addend_first);
    return true;
}

std::shared_ptr<ov::Node> FusedConvolution::clone_with_new_inputs(const ov::OutputVector& new_args) const {
    return std::make_shared<FusedConvolution>(new_args, m_strides, m_pads_begin, m_pads_end, m_dilations, m_auto_pad,
                                              m_activation, m_clamp_min, m_clamp_max, m_has_addend,
                                              m_has_scale_shift, m_addend_first);
}

bool FusedConvolution::has_evaluate() const {
    return m_convolution && m_convolution->has_evaluate() && m_bias_add->has_evaluate() &&
           (!m_activation_op || m_activation_op->has_evaluate()) &&
           (!m_scale_multiply || (m_scale_multiply->has_evaluate() && m_shift_add->has_evaluate())) &&
           (!m_addend_add || m_addend_add->has_evaluate());
}

bool FusedConvolution::evaluate(ov::TensorVector& outputs, const ov::TensorVector& inputs) const {
    OPENVINO_ASSERT(m_convolution, "FusedConvolution '", get_friendly_name(), "' was never validated");
    OPENVINO_ASSERT(inputs.size() == expected_inputs(), "FusedConvolution '", get_friendly_name(), "': evaluate() needs ",
                    expected_inputs(), " inputs, got ", inputs.size());
    if (!m_convolution->evaluate(outputs, {inputs[0], inputs[1]}))
        return false;
    // The steps read and write the same tensor: elementwise ops read each element before writing it.
    ov::TensorVector in_place{outputs[0]};
    if (!m_bias_add->evaluate(in_place, {outputs[0], inputs[2]}))
        return false;
    const auto add_addend = [&] {
        return !m_addend_add || m_addend_add->evaluate(in_place, {outputs[0], inputs[addend_input()]});
    };
    const auto activate = [&] {
        if (!m_activation_op)
            return true;
        return m_activation == FusedActivation::PRelu
                   ? m_activation_op->evaluate(in_place, {outputs[0], inputs[slope_input()]})
                   : m_activation_op->evaluate(in_place, {outputs[0]});
    };
    const auto scale_shift = [&] {
        return !m_scale_multiply || (m_scale_multiply->evaluate(in_place, {outputs[0], inputs[scale_input()]}) &&
                                     m_shift_add->evaluate(in_place, {outputs[0], inputs[shift_input()]}));
    };
    const bool done = m_addend_first ? add_addend() && scale_shift() && activate()
                                     : activate() && scale_shift() && add_addend();
    if (!done)
        return false;
    OPENVINO_ASSERT(in_place[0].data() == outputs[0].data(), "FusedConvolution '", get_friendly_name(),
                    "': a step reallocated its output");
    return true;
}

size_t fuse_convolutions(ov::Model& model, const ConvolutionFusionOptions& options) {
    // A quick filter (FusedConvolution's constructor makes the exact check): the step keeps the shape of
    // one of its inputs, so it does not broadcast the convolution's output wider.
    const auto same_shape_as_input = [](const ov::Output<ov::Node>& value) {
        const auto& node = *value.get_node();
        if (!value.get_partial_shape().is_static())
            return false;
        for (size_t i = 0; i < node.get_input_size(); ++i)
            if (value.get_partial_shape() == node.get_input_partial_shape(i))
                return true;
        return false;
    };
    const auto conv_of = [](const ov::DiscreteTypeInfo& type) {
        return Pattern::type(type, {Pattern::any().capture("data"), Pattern::any().capture("filters")}).capture("conv");
    };
    const auto plain_conv = conv_of(ov::op::v1::Convolution::get_type_info_static());
    const auto grouped_conv =
        Pattern::type(ov::op::v1::GroupConvolution::get_type_info_static(),
                      {Pattern::any().capture("data"), Pattern::any().capture("filters")},
                      [&](const ov::Output<ov::Node>& value) { return options.grouped(*value.get_node()); })
            .capture("conv");
    const auto conv = (options.grouped ? Pattern::any_of({plain_conv, grouped_conv}) : plain_conv).single_consumer();
    const auto biased =
        Pattern::op<ov::op::v1::Add>({conv, Pattern::constant().capture("bias")}, same_shape_as_input).commutative();
    const auto biased_once = biased.single_consumer();
    // One of the activations FusedConvolution takes, on a value read by nothing else.
    const auto activation_of = [&](const Pattern& before) {
        const auto once = before.single_consumer();
        std::vector<Pattern> activations{
            Pattern::op<ov::op::v0::Relu>({once}).capture("relu"),
            Pattern::op<ov::op::v0::Clamp>({once}).capture("clamp"),
            Pattern::op<ov::op::v0::Sigmoid>({once}).capture("sigmoid"),
            Pattern::op<ov::op::v0::Tanh>({once}).capture("tanh"),
            Pattern::op<ov::op::v0::PRelu>({once, Pattern::any().capture("slope")}, same_shape_as_input).capture("prelu"),
        };
        if (options.hswish)
            activations.push_back(Pattern::op<ov::op::v4::HSwish>({once}).capture("hswish"));
        return Pattern::any_of(activations);
    };
    const auto activated = Pattern::any_of({activation_of(biased), biased});
    // A scale or shift Constant that is a scalar or varies along the channel axis (1) of a rank >= 2 value
    // only: one number per output channel, what a backend's epilogue indexes by channel.
    const auto per_channel = [](const ov::Output<ov::Node>& value) {
        const auto& shape = value.get_shape();
        const size_t size = ov::shape_size(shape);
        if (size == 1)
            return true;
        for (const auto& consumer : value.get_target_inputs()) {
            const auto rank = consumer.get_node()->get_output_partial_shape(0).rank();
            if (rank.is_dynamic() || rank.get_length() < 2)
                return false;
            const size_t out_rank = static_cast<size_t>(rank.get_length());
            if (shape.size() > out_rank || shape.size() + 1 < out_rank)
                return false;
            // Right-aligned against the output, the constant's dimension under axis 1 holds all its values.
            if (shape[shape.size() + 1 - out_rank] != size)
                return false;
        }
        return true;
    };
    const auto scale = Pattern::constant(per_channel).capture("scale");
    const auto scaled =
        Pattern::op<ov::op::v1::Multiply>({activated.single_consumer(), scale}, same_shape_as_input).commutative();
    const auto shifted =
        Pattern::op<ov::op::v1::Add>({scaled.single_consumer(), Pattern::constant(per_channel).capture("shift")},
                                     same_shape_as_input)
            .commutative()
            .capture("shifted");
    const auto summed = [&](const Pattern& before) {
        return Pattern::op<ov::op::v1::Add>({before.single_consumer(), Pattern::any().capture("addend")},
                                            same_shape_as_input)
            .commutative()
            .capture("sum");
    };
    // The residual form: the sum of another value (not a Constant: that is a bias) right after the
    // convolution or its bias, then optionally a scale-shift and an activation.
    const auto not_constant = [](const ov::Output<ov::Node>& value) {
        return !ov::is_type<ov::op::v0::Constant>(value.get_node());
    };
    const auto residual =
        Pattern::op<ov::op::v1::Add>({Pattern::any_of({biased_once, conv}), Pattern::any(not_constant).capture("addend")},
                                     same_shape_as_input)
            .commutative()
            .capture("residual");
    const auto residual_scaled = Pattern::op<ov::op::v1::Multiply>({residual.single_consumer(), scale}, same_shape_as_input)
                                     .commutative();
    const auto residual_shifted =
        Pattern::op<ov::op::v1::Add>({residual_scaled.single_consumer(), Pattern::constant(per_channel).capture("shift")},
                                     same_shape_as_input)
            .commutative()
            .capture("shifted");
    // The longer forms first; the scale-shift and residual ones only for backends whose kernels apply them.
    std::vector<Pattern> forms;
    if (options.scale_shift)
        forms = {summed(shifted), shifted};
    forms.push_back(summed(activated));
    forms.push_back(activated);
    if (options.addend_first)
        for (const auto& form : {activation_of(residual_shifted), residual_shifted, activation_of(residual), residual})
            forms.push_back(form);
    const auto root = Pattern::any_of(forms);
    size_t fused = 0;
    MatcherPass pass("fuse_convolutions", root, [&](const Match& match) {
        const auto convolution = ov::as_type_ptr<ov::op::util::ConvolutionFwdPropBase>(match.node("conv"));
        if (!convolution)
            return false;
        FusedActivation activation = FusedActivation::None;
        double clamp_min = 0.0, clamp_max = 0.0;
        if (match.has("relu"))
            activation = FusedActivation::Relu;
        else if (match.has("sigmoid"))
            activation = FusedActivation::Sigmoid;
        else if (match.has("tanh"))
            activation = FusedActivation::Tanh;
        else if (match.has("prelu"))
            activation = FusedActivation::PRelu;
        else if (match.has("hswish"))
            activation = FusedActivation::HSwish;
        else if (match.has("clamp")) {
            activation = FusedActivation::Clamp;
            const auto clamp = ov::as_type_ptr<ov::op::v0::Clamp>(match.node("clamp"));
            clamp_min = clamp->get_min();
            clamp_max = clamp->get_max();
        }
        ov::Output<ov::Node> bias;
        if (match.has("bias")) {
            bias = match.at("bias");
        } else {
            // The residual form without a bias: zeros, one per output channel, broadcast like a bias.
            const auto& out = convolution->get_output_partial_shape(0);
            if (out.rank().is_dynamic() || out.rank().get_length() < 2 || out[1].is_dynamic())
                return false;
            ov::Shape shape(static_cast<size_t>(out.rank().get_length()) - 1, 1);
            shape[0] = static_cast<size_t>(out[1].get_length());
            bias = ov::op::v0::Constant::create(convolution->get_output_element_type(0), shape, {0})->output(0);
        }
        ov::OutputVector arguments{match.at("data"), match.at("filters"), bias};
        if (activation == FusedActivation::PRelu)
            arguments.push_back(match.at("slope"));
        const bool has_scale_shift = match.has("shifted");
        if (has_scale_shift) {
            arguments.push_back(match.at("scale"));
            arguments.push_back(match.at("shift"));
        }
        const bool addend_first = match.has("residual");
        const bool has_addend = match.has("sum") || addend_first;
        if (has_addend)
            arguments.push_back(match.at("addend"));
        std::shared_ptr<FusedConvolution> replacement;
        try {
            replacement = std::make_shared<FusedConvolution>(
                arguments, convolution->get_strides(), convolution->get_pads_begin(), convolution->get_pads_end(),
                convolution->get_dilations(), convolution->get_auto_pad(), activation, clamp_min, clamp_max,
                has_addend, has_scale_shift, addend_first);
        } catch (const ov::Exception&) {
            return false;  // e.g. a slope of another element type: leave the chain unfused
        }
        if (replacement->get_output_partial_shape(0) != match.root->get_output_partial_shape(0) ||
            replacement->get_output_element_type(0) != match.root->get_output_element_type(0))
            return false;
        replace_keeping_identity(match.root, replacement);
        ++fused;
        return true;
    });
    pass.run(model);
    if (fused != 0)
        model.validate_nodes_and_infer_types();
    return fused;
}

}  // namespace kit
}  // namespace devmux

DEVMUX_REGISTER_OP(devmux::kit::FusedConvolution)
