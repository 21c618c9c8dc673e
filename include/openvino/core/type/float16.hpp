// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <ostream>

namespace ov {

/// @brief IEEE 754 half precision value, stored as its 16 bits.
class float16 {
public:
    float16() = default;
    float16(float value);
    /// @brief Builds a value from its raw bits.
    static float16 from_bits(uint16_t bits) {
        float16 v;
        v.m_bits = bits;
        return v;
    }
    operator float() const;
    uint16_t to_bits() const { return m_bits; }

private:
    uint16_t m_bits = 0;
};

/// @brief bfloat16 value (the upper 16 bits of an IEEE 754 float).
class bfloat16 {
public:
    bfloat16() = default;
    bfloat16(float value);
    static bfloat16 from_bits(uint16_t bits) {
        bfloat16 v;
        v.m_bits = bits;
        return v;
    }
    operator float() const;
    uint16_t to_bits() const { return m_bits; }

private:
    uint16_t m_bits = 0;
};

inline std::ostream& operator<<(std::ostream& os, const float16& v) { return os << static_cast<float>(v); }
inline std::ostream& operator<<(std::ostream& os, const bfloat16& v) { return os << static_cast<float>(v); }

}  // namespace ov
