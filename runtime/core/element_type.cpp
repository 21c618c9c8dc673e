// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/type/element_type.hpp"

#include <algorithm>
#include <cstring>
#include <istream>

namespace ov {

float16::float16(float value) {
    uint32_t f;
    std::memcpy(&f, &value, sizeof f);
    const uint32_t sign = (f >> 16) & 0x8000u;
    const uint32_t abs = f & 0x7fffffffu;
    if (abs >= 0x7f800000u) {  // inf or nan
        m_bits = static_cast<uint16_t>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
        return;
    }
    if (abs >= 0x477ff000u) {  // rounds to a value beyond the largest half
        m_bits = static_cast<uint16_t>(sign | 0x7c00u);
        return;
    }
    if (abs < 0x38800000u) {  // subnormal half (or zero): shift the mantissa with round to nearest even
        if (abs < 0x33000000u) {
            m_bits = static_cast<uint16_t>(sign);
            return;
        }
        const uint32_t exponent = abs >> 23;
        const uint32_t mantissa = (abs & 0x7fffffu) | 0x800000u;
        const uint32_t shift = 126 - exponent;  // value / 2^-24 = mantissa * 2^(exponent - 126)
        uint32_t half = mantissa >> (shift);
        const uint32_t rest = mantissa & ((1u << shift) - 1);
        const uint32_t halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1u)))
            ++half;
        m_bits = static_cast<uint16_t>(sign | half);
        return;
    }
    uint32_t half = ((abs - 0x38000000u) >> 13);
    const uint32_t rest = abs & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
        ++half;
    m_bits = static_cast<uint16_t>(sign | half);
}

float16::operator float() const {
    const uint32_t sign = static_cast<uint32_t>(m_bits & 0x8000u) << 16;
    const uint32_t exponent = (m_bits >> 10) & 0x1fu;
    uint32_t mantissa = m_bits & 0x3ffu;
    uint32_t f;
    if (exponent == 0) {
        if (mantissa == 0) {
            f = sign;
        } else {  // subnormal: normalise
            int e = -1;
            do {
                ++e;
                mantissa <<= 1;
            } while ((mantissa & 0x400u) == 0);
            f = sign | static_cast<uint32_t>(127 - 15 - e) << 23 | (mantissa & 0x3ffu) << 13;
        }
    } else if (exponent == 0x1f) {
        f = sign | 0x7f800000u | mantissa << 13;
    } else {
        f = sign | (exponent + 127 - 15) << 23 | mantissa << 13;
    }
    float out;
    std::memcpy(&out, &f, sizeof out);
    return out;
}

bfloat16::bfloat16(float value) {
    uint32_t f;
    std::memcpy(&f, &value, sizeof f);
    if ((f & 0x7fffffffu) > 0x7f800000u) {
        m_bits = static_cast<uint16_t>((f >> 16) | 0x40u);
        return;
    }
    const uint32_t rounding = 0x7fffu + ((f >> 16) & 1u);
    m_bits = static_cast<uint16_t>((f + rounding) >> 16);
}

bfloat16::operator float() const {
    const uint32_t f = static_cast<uint32_t>(m_bits) << 16;
    float out;
    std::memcpy(&out, &f, sizeof out);
    return out;
}

namespace element {
namespace {
struct TypeDescription {
    Type_t type;
    const char* name;
    const char* ir_precision;  // the upper-case name IR ports use
    size_t size;
    bool is_real;
    bool is_signed;
};
constexpr TypeDescription descriptions[] = {
    {Type_t::undefined, "undefined", "UNSPECIFIED", 0, false, false},
    {Type_t::dynamic, "dynamic", "DYNAMIC", 0, false, false},
    {Type_t::boolean, "boolean", "BOOL", 1, false, true},
    {Type_t::bf16, "bf16", "BF16", 2, true, true},
    {Type_t::f16, "f16", "FP16", 2, true, true},
    {Type_t::f32, "f32", "FP32", 4, true, true},
    {Type_t::f64, "f64", "FP64", 8, true, true},
    {Type_t::i8, "i8", "I8", 1, false, true},
    {Type_t::i16, "i16", "I16", 2, false, true},
    {Type_t::i32, "i32", "I32", 4, false, true},
    {Type_t::i64, "i64", "I64", 8, false, true},
    {Type_t::u8, "u8", "U8", 1, false, false},
    {Type_t::u16, "u16", "U16", 2, false, false},
    {Type_t::u32, "u32", "U32", 4, false, false},
    {Type_t::u64, "u64", "U64", 8, false, false},
};

const TypeDescription& describe(Type_t t) {
    for (const auto& d : descriptions)
        if (d.type == t)
            return d;
    return descriptions[0];
}
}  // namespace

Type::Type(const std::string& name) {
    std::string upper = name;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    for (const auto& d : descriptions) {
        std::string short_upper = d.name;
        std::transform(short_upper.begin(), short_upper.end(), short_upper.begin(),
                       [](unsigned char c) { return std::toupper(c); });
        if (upper == short_upper || upper == d.ir_precision) {
            m_type = d.type;
            return;
        }
    }
    if (upper == "BOOLEAN" || upper == "BOOL") {
        m_type = Type_t::boolean;
        return;
    }
    if (upper == "?") {
        m_type = Type_t::dynamic;
        return;
    }
    OPENVINO_THROW("Unknown element type '", name, "'");
}

std::string Type::get_type_name() const { return describe(m_type).name; }
size_t Type::size() const { return describe(m_type).size; }
bool Type::is_real() const { return describe(m_type).is_real; }
bool Type::is_signed() const { return describe(m_type).is_signed; }

bool Type::merge(Type& dst, const Type& t1, const Type& t2) {
    if (t1.is_dynamic()) {
        dst = t2;
        return true;
    }
    if (t2.is_dynamic() || t1 == t2) {
        dst = t1;
        return true;
    }
    return false;
}

std::ostream& operator<<(std::ostream& out, const Type& type) { return out << type.get_type_name(); }

std::istream& operator>>(std::istream& in, Type& type) {
    std::string name;
    in >> name;
    type = Type(name);
    return in;
}

}  // namespace element
}  // namespace ov
