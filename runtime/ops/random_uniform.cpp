// SPDX-License-Identifier: Apache-2.0
// RandomUniform-8 with the specification's Philox 4x32-10 generator (TensorFlow alignment). Each generator
// call n (n = 0, 1, ...) runs ten rounds on the 128-bit counter (n, op_seed) with the key global_seed and
// yields four uint32 values, which become four f32/f16/bf16/i32 values or two f64/i64 values. Every
// evaluate() starts from n = 0, so equal seeds always give equal tensors.
#include "openvino/op/random_uniform.hpp"

#include <array>
#include <cstring>
#include <random>
#include <string>

#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

using Block = std::array<uint32_t, 4>;

// Philox 4x32 with 10 rounds. Counter words: n (low, high), then op_seed (low, high).
Block philox(uint64_t global_seed, uint64_t op_seed, uint64_t n) {
    uint32_t key[2] = {static_cast<uint32_t>(global_seed), static_cast<uint32_t>(global_seed >> 32)};
    Block c = {static_cast<uint32_t>(n), static_cast<uint32_t>(n >> 32), static_cast<uint32_t>(op_seed),
               static_cast<uint32_t>(op_seed >> 32)};
    for (int round = 0; round < 10; ++round) {
        const uint64_t p0 = uint64_t{0xD2511F53u} * c[0];
        const uint64_t p1 = uint64_t{0xCD9E8D57u} * c[2];
        c = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ key[0], static_cast<uint32_t>(p1),
             static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ key[1], static_cast<uint32_t>(p0)};
        key[0] += 0x9E3779B9u;
        key[1] += 0xBB67AE85u;
    }
    return c;
}

// [0, 1) from random bits placed in the mantissa of 1.0.
float unit_f32(uint32_t x) {
    const uint32_t bits = (uint32_t{127} << 23) | (x & 0x7fffffu);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f - 1.0f;
}

double unit_f64(uint32_t x0, uint32_t x1) {
    const uint64_t bits = (uint64_t{1023} << 52) | (uint64_t{x0 & 0xfffffu} << 32) | x1;
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d - 1.0;
}

float unit_f16(uint32_t x) {
    return static_cast<float>(float16::from_bits(static_cast<uint16_t>((15u << 10) | (x & 0x3ffu)))) - 1.0f;
}

float unit_bf16(uint32_t x) {
    return static_cast<float>(bfloat16::from_bits(static_cast<uint16_t>((127u << 7) | (x & 0x7fu)))) - 1.0f;
}

bool random_uniform_supports(const element::Type& t) {
    return t == element::f32 || t == element::f16 || t == element::bf16 || t == element::f64 || t == element::i32 ||
           t == element::i64;
}

double bound_value(const Node& op, const Tensor& t, const char* what) {
    DEVMUX_NODE_CHECK(op, t.get_size() == 1, what, " must hold one value, got shape ", t.get_shape());
    devmux::ref::InputBuffer<double> v(t);
    return v.data()[0];
}

int64_t scalar_int(const Node& op, const Tensor& t, const char* what) {
    DEVMUX_NODE_CHECK(op, t.get_size() == 1, what, " must hold one value, got shape ", t.get_shape());
    return devmux::ref::tensor_to_i64(t)[0];
}

}  // namespace

std::ostream& operator<<(std::ostream& os, PhiloxAlignment alignment) {
    switch (alignment) {
    case PhiloxAlignment::TENSORFLOW: return os << "tensorflow";
    case PhiloxAlignment::PYTORCH: return os << "pytorch";
    case PhiloxAlignment::MOCK: return os << "mock";
    }
    return os << static_cast<int>(alignment);
}

std::istream& operator>>(std::istream& is, PhiloxAlignment& alignment) {
    std::string text;
    is >> text;
    for (auto& ch : text)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (text == "tensorflow")
        alignment = PhiloxAlignment::TENSORFLOW;
    else if (text == "pytorch")
        alignment = PhiloxAlignment::PYTORCH;
    else if (text == "mock")
        alignment = PhiloxAlignment::MOCK;
    else
        OPENVINO_THROW("'", text, "' is not a valid RandomUniform alignment");
    return is;
}

namespace v8 {

RandomUniform::RandomUniform(const Output<Node>& out_shape, const Output<Node>& min_val, const Output<Node>& max_val,
                             const ov::element::Type& out_type, uint64_t global_seed, uint64_t op_seed,
                             PhiloxAlignment alignment)
    : Op({out_shape, min_val, max_val}),
      m_output_type(out_type),
      m_global_seed(global_seed),
      m_op_seed(op_seed),
      m_alignment(alignment) {
    constructor_validate_and_infer_types();
}

void RandomUniform::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3, "expects 3 inputs (shape, min_val, max_val), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, random_uniform_supports(m_output_type),
                      "output_type must be one of i32, i64, f16, bf16, f32, f64, got ", m_output_type);
    const auto& shape_type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, shape_type.is_dynamic() || shape_type == element::i32 || shape_type == element::i64,
                      "shape must be i32 or i64, got ", shape_type);
    const auto& shape = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, shape.rank().compatible(1), "shape must be 1-D, got shape ", shape);
    for (size_t i = 1; i < 3; ++i) {
        const auto& t = get_input_element_type(i);
        DEVMUX_NODE_CHECK(*this, t.is_dynamic() || t == m_output_type, i == 1 ? "min_val" : "max_val",
                          " must have the output_type ", m_output_type, ", got ", t);
        const auto& s = get_input_partial_shape(i);
        DEVMUX_NODE_CHECK(*this, s.compatible(PartialShape{}) || s.compatible(PartialShape{1}),
                          i == 1 ? "min_val" : "max_val", " must be a scalar or have one element, got shape ", s);
    }
    const auto lo = devmux::ref::constant_input(*this, 1), hi = devmux::ref::constant_input(*this, 2);
    if (lo && hi) {
        const double a = lo->cast_vector<double>().at(0), b = hi->cast_vector<double>().at(0);
        DEVMUX_NODE_CHECK(*this, a < b, "min_val (", a, ") must be less than max_val (", b, ")");
    }
    PartialShape out = PartialShape::dynamic();
    if (const auto dims = devmux::ref::constant_input(*this, 0)) {
        std::vector<Dimension> d;
        for (auto v : dims->cast_vector<int64_t>()) {
            DEVMUX_NODE_CHECK(*this, v >= 0, "shape entry ", v, " is negative");
            d.emplace_back(v);
        }
        out = PartialShape(d);
    } else if (shape.rank_is_static() && shape[0].is_static()) {
        out = PartialShape(std::vector<Dimension>(static_cast<size_t>(shape[0].get_length())));
    }
    set_output_type(0, m_output_type, out);
}

bool RandomUniform::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_type", m_output_type);
    visitor.on_attribute("op_seed", m_op_seed);
    visitor.on_attribute("global_seed", m_global_seed);
    visitor.on_attribute("alignment", m_alignment);
    return true;
}

std::shared_ptr<Node> RandomUniform::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "clone expects 3 inputs, got ", new_args.size());
    return std::make_shared<RandomUniform>(new_args[0], new_args[1], new_args[2], m_output_type, m_global_seed,
                                           m_op_seed, m_alignment);
}

bool RandomUniform::has_evaluate() const {
    return m_alignment == PhiloxAlignment::TENSORFLOW && random_uniform_supports(m_output_type);
}

bool RandomUniform::constant_fold(OutputVector&, const OutputVector&) { return false; }

bool RandomUniform::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 3, "evaluate() expects 3 inputs, got ", inputs.size());
    DEVMUX_NODE_CHECK(*this, m_alignment == PhiloxAlignment::TENSORFLOW, "alignment ", m_alignment,
                      " has no reference implementation in devmux");
    Shape shape;
    for (auto v : devmux::ref::tensor_to_i64(inputs[0])) {
        DEVMUX_NODE_CHECK(*this, v >= 0, "shape entry ", v, " is negative");
        shape.push_back(static_cast<size_t>(v));
    }
    uint64_t global_seed = m_global_seed, op_seed = m_op_seed;
    if (global_seed == 0 && op_seed == 0) {
        // The specification makes zero seeds non-deterministic.
        std::random_device device;
        global_seed = (uint64_t{device()} << 32) | device();
        op_seed = (uint64_t{device()} << 32) | device();
    }
    Tensor& out = devmux::ref::prepare_output(outputs, 0, m_output_type, shape);
    const size_t count = shape_size(shape);
    const bool wide = m_output_type == element::f64 || m_output_type == element::i64;
    const size_t per_block = wide ? 2 : 4;
    auto for_each_value = [&](auto&& store) {
        for (size_t i = 0, n = 0; i < count; ++n) {
            const Block b = philox(global_seed, op_seed, n);
            for (size_t k = 0; k < per_block && i < count; ++k, ++i)
                store(i, b, k);
        }
    };
    if (m_output_type.is_real()) {
        const double lo = bound_value(*this, inputs[1], "min_val"), hi = bound_value(*this, inputs[2], "max_val");
        DEVMUX_NODE_CHECK(*this, lo < hi, "min_val (", lo, ") must be less than max_val (", hi, ")");
        if (m_output_type == element::f64) {
            double* dst = out.data<double>();
            for_each_value([&](size_t i, const Block& b, size_t k) {
                dst[i] = unit_f64(b[2 * k], b[2 * k + 1]) * (hi - lo) + lo;
            });
        } else if (m_output_type == element::f32) {
            float* dst = out.data<float>();
            const float flo = static_cast<float>(lo), fhi = static_cast<float>(hi);
            for_each_value([&](size_t i, const Block& b, size_t k) { dst[i] = unit_f32(b[k]) * (fhi - flo) + flo; });
        } else if (m_output_type == element::f16) {
            float16* dst = out.data<float16>();
            for_each_value([&](size_t i, const Block& b, size_t k) {
                dst[i] = float16(unit_f16(b[k]) * static_cast<float>(hi - lo) + static_cast<float>(lo));
            });
        } else {
            bfloat16* dst = out.data<bfloat16>();
            for_each_value([&](size_t i, const Block& b, size_t k) {
                dst[i] = bfloat16(unit_bf16(b[k]) * static_cast<float>(hi - lo) + static_cast<float>(lo));
            });
        }
    } else {
        const int64_t lo = scalar_int(*this, inputs[1], "min_val"), hi = scalar_int(*this, inputs[2], "max_val");
        DEVMUX_NODE_CHECK(*this, lo < hi, "min_val (", lo, ") must be less than max_val (", hi, ")");
        if (m_output_type == element::i32) {
            const uint32_t range = static_cast<uint32_t>(hi - lo);
            int32_t* dst = out.data<int32_t>();
            for_each_value([&](size_t i, const Block& b, size_t k) {
                dst[i] = static_cast<int32_t>(static_cast<uint32_t>(lo) + b[k] % range);
            });
        } else {
            const uint64_t range = static_cast<uint64_t>(hi - lo);
            int64_t* dst = out.data<int64_t>();
            for_each_value([&](size_t i, const Block& b, size_t k) {
                const uint64_t bits = (uint64_t{b[2 * k]} << 32) | b[2 * k + 1];
                dst[i] = static_cast<int64_t>(static_cast<uint64_t>(lo) + bits % range);
            });
        }
    }
    return true;
}

}  // namespace v8
}  // namespace op
}  // namespace ov
