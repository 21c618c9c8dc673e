// SPDX-License-Identifier: Apache-2.0
// Multinomial-13, following the specification's algorithm: exponentiate log probabilities, build each row's
// CDF normalised by its last value, and give every uniform number u the first class whose CDF value is at
// least u; without replacement a drawn class' probability is removed from the CDF, which is renormalised.
// The uniform numbers are RandomUniform-8's (same seeds, probs' element type, [0, 1)), one per output in
// row-major order.
#include "openvino/op/multinomial.hpp"

#include <cmath>

#include "openvino/op/constant.hpp"
#include "openvino/op/random_uniform.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v13 {

Multinomial::Multinomial(const Output<Node>& input, const Output<Node>& num_samples,
                         const ov::element::Type_t convert_type, const bool with_replacement, const bool log_probs,
                         const uint64_t global_seed, const uint64_t op_seed)
    : Op({input, num_samples}),
      m_convert_type(convert_type),
      m_with_replacement(with_replacement),
      m_log_probs(log_probs),
      m_global_seed(global_seed),
      m_op_seed(op_seed) {
    constructor_validate_and_infer_types();
}

void Multinomial::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (probs, num_samples), got ", get_input_size());
    const element::Type convert(m_convert_type);
    DEVMUX_NODE_CHECK(*this, convert == element::i32 || convert == element::i64,
                      "convert_type must be i32 or i64, got ", convert);
    const auto& probs_type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, probs_type.is_dynamic() || probs_type.is_real(),
                      "probs must have a floating-point element type, got ", probs_type);
    const auto& samples_type = get_input_element_type(1);
    DEVMUX_NODE_CHECK(*this, samples_type.is_dynamic() || samples_type == element::i32 || samples_type == element::i64,
                      "num_samples must be i32 or i64, got ", samples_type);
    const auto& probs = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, probs.rank().compatible(1) || probs.rank().compatible(2),
                      "probs must be 1-D or 2-D ([batch_size, class_size]), got shape ", probs);
    const auto& samples = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this, samples.compatible(PartialShape{}) || samples.compatible(PartialShape{1}),
                      "num_samples must be a scalar or have one element, got shape ", samples);
    Dimension count = Dimension::dynamic();
    if (const auto value = devmux::ref::constant_input(*this, 1)) {
        const int64_t n = value->cast_vector<int64_t>().at(0);
        DEVMUX_NODE_CHECK(*this, n >= 0, "num_samples ", n, " is negative");
        count = Dimension(n);
        if (!m_with_replacement && probs.rank_is_static() && probs[probs.size() - 1].is_static())
            DEVMUX_NODE_CHECK(*this, n <= probs[probs.size() - 1].get_length(), "num_samples (", n,
                              ") exceeds the class count (", probs[probs.size() - 1],
                              ") and with_replacement is false");
    }
    PartialShape out = PartialShape::dynamic();
    if (probs.rank_is_static())
        out = probs.size() == 2 ? PartialShape{probs[0], count} : PartialShape{count};
    set_output_type(0, convert, out);
}

bool Multinomial::visit_attributes(AttributeVisitor& visitor) {
    element::Type convert(m_convert_type);
    visitor.on_attribute("convert_type", convert);
    m_convert_type = convert;
    visitor.on_attribute("with_replacement", m_with_replacement);
    visitor.on_attribute("log_probs", m_log_probs);
    visitor.on_attribute("global_seed", m_global_seed);
    visitor.on_attribute("op_seed", m_op_seed);
    return true;
}

std::shared_ptr<Node> Multinomial::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<Multinomial>(new_args[0], new_args[1], m_convert_type, m_with_replacement, m_log_probs,
                                         m_global_seed, m_op_seed);
}

bool Multinomial::has_evaluate() const {
    const auto& t = get_input_element_type(0);
    return t == element::f32 || t == element::f16 || t == element::bf16 || t == element::f64;
}

bool Multinomial::constant_fold(OutputVector&, const OutputVector&) { return false; }

bool Multinomial::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate() expects 2 inputs, got ", inputs.size());
    const Tensor& probs = inputs[0];
    const auto type = probs.get_element_type();
    DEVMUX_NODE_CHECK(*this, type.is_real(), "probs must have a floating-point element type, got ", type);
    const Shape& ps = probs.get_shape();
    DEVMUX_NODE_CHECK(*this, ps.size() == 1 || ps.size() == 2, "probs must be 1-D or 2-D, got shape ", ps);
    DEVMUX_NODE_CHECK(*this, inputs[1].get_size() == 1, "num_samples must hold one value, got shape ",
                      inputs[1].get_shape());
    const int64_t samples = devmux::ref::tensor_to_i64(inputs[1])[0];
    DEVMUX_NODE_CHECK(*this, samples >= 0, "num_samples ", samples, " is negative");
    const size_t batch = ps.size() == 2 ? ps[0] : 1, classes = ps.back(), n = static_cast<size_t>(samples);
    DEVMUX_NODE_CHECK(*this, m_with_replacement || n <= classes, "num_samples (", n, ") exceeds the class count (",
                      classes, ") and with_replacement is false");
    DEVMUX_NODE_CHECK(*this, classes > 0 || n == 0, "probs has no classes to sample from");

    // The uniform numbers: RandomUniform-8 in [0, 1) with the same seeds.
    std::vector<double> uniform;
    {
        const std::vector<int64_t> shape{static_cast<int64_t>(batch * n)};
        auto random = std::make_shared<v8::RandomUniform>(
            v0::Constant::create(element::i64, Shape{1}, shape), v0::Constant::create(type, Shape{}, {0.0}),
            v0::Constant::create(type, Shape{}, {1.0}), type, m_global_seed, m_op_seed);
        Tensor shape_tensor(element::i64, Shape{1});
        shape_tensor.data<int64_t>()[0] = shape[0];
        Tensor lo(type, Shape{}), hi(type, Shape{});
        devmux::ref::OutputBuffer<double> lo_buf(lo), hi_buf(hi);
        lo_buf.data()[0] = 0.0;
        hi_buf.data()[0] = 1.0;
        lo_buf.commit();
        hi_buf.commit();
        TensorVector values;
        random->evaluate(values, {shape_tensor, lo, hi});
        devmux::ref::InputBuffer<double> u(values[0]);
        uniform.assign(u.data(), u.data() + batch * n);
    }

    devmux::ref::InputBuffer<double> p(probs);
    const element::Type convert(m_convert_type);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, convert, ps.size() == 2 ? Shape{batch, n} : Shape{n});
    std::vector<double> weights(classes), cdf(classes);
    for (size_t b = 0; b < batch; ++b) {
        for (size_t c = 0; c < classes; ++c) {
            const double v = p.data()[b * classes + c];
            weights[c] = m_log_probs ? std::exp(v) : v;
            DEVMUX_NODE_CHECK(*this, m_log_probs || (v >= 0.0 && std::isfinite(v)),
                              "probabilities must be non-negative and finite, got ", v);
        }
        for (size_t s = 0; s < n; ++s) {
            double running = 0.0;
            for (size_t c = 0; c < classes; ++c)
                cdf[c] = running += weights[c];
            DEVMUX_NODE_CHECK(*this, running > 0.0, "the probabilities of batch ", b, " sum to zero");
            const double u = uniform[b * n + s];
            size_t chosen = classes - 1;
            for (size_t c = 0; c < classes; ++c)
                if (weights[c] > 0.0 && u <= cdf[c] / running) {  // a class of weight 0 is never drawn
                    chosen = c;
                    break;
                }
            if (convert == element::i32)
                out.data<int32_t>()[b * n + s] = static_cast<int32_t>(chosen);
            else
                out.data<int64_t>()[b * n + s] = static_cast<int64_t>(chosen);
            if (!m_with_replacement)
                weights[chosen] = 0.0;
        }
    }
    return true;
}

}  // namespace v13
}  // namespace op
}  // namespace ov
