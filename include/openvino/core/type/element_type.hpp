// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/except.hpp"
#include "openvino/core/type/float16.hpp"

namespace ov {
namespace element {

/// @brief Enumerates the element types the runtime knows.
enum class Type_t { undefined, dynamic, boolean, bf16, f16, f32, f64, i8, i16, i32, i64, u8, u16, u32, u64 };

/// @brief An element type: its name, size and class (real, signed, ...).
class Type {
public:
    constexpr Type() = default;
    constexpr Type(Type_t t) : m_type(t) {}
    /// @brief Parses a type name as OpenVINO IR writes it ("f32", "FP32", "i64", "I64", "boolean", "BOOL", ...).
    explicit Type(const std::string& name);

    /// @brief Short lower-case name ("f32", "i64", "boolean").
    std::string get_type_name() const;
    std::string to_string() const { return get_type_name(); }
    /// @brief Size of one element in bytes.
    size_t size() const;
    size_t bitwidth() const { return size() * 8; }
    bool is_real() const;
    bool is_integral() const { return !is_real(); }
    bool is_integral_number() const { return is_integral() && m_type != Type_t::boolean; }
    bool is_signed() const;
    bool is_static() const { return m_type != Type_t::dynamic && m_type != Type_t::undefined; }
    bool is_dynamic() const { return m_type == Type_t::dynamic; }
    constexpr operator Type_t() const { return m_type; }
    bool operator==(const Type& o) const { return m_type == o.m_type; }
    bool operator!=(const Type& o) const { return m_type != o.m_type; }
    bool operator<(const Type& o) const { return m_type < o.m_type; }
    /// @brief Merges two types: dynamic yields to the other, equal types merge, otherwise false.
    static bool merge(Type& dst, const Type& t1, const Type& t2);

private:
    Type_t m_type = Type_t::undefined;
};

using TypeVector = std::vector<Type>;

constexpr Type undefined(Type_t::undefined);
constexpr Type dynamic(Type_t::dynamic);
constexpr Type boolean(Type_t::boolean);
constexpr Type bf16(Type_t::bf16);
constexpr Type f16(Type_t::f16);
constexpr Type f32(Type_t::f32);
constexpr Type f64(Type_t::f64);
constexpr Type i8(Type_t::i8);
constexpr Type i16(Type_t::i16);
constexpr Type i32(Type_t::i32);
constexpr Type i64(Type_t::i64);
constexpr Type u8(Type_t::u8);
constexpr Type u16(Type_t::u16);
constexpr Type u32(Type_t::u32);
constexpr Type u64(Type_t::u64);

/// @brief The element type of a C++ type.
template <typename T>
Type from();
template <> inline Type from<char>() { return boolean; }
template <> inline Type from<bool>() { return boolean; }
template <> inline Type from<float>() { return f32; }
template <> inline Type from<double>() { return f64; }
template <> inline Type from<int8_t>() { return i8; }
template <> inline Type from<int16_t>() { return i16; }
template <> inline Type from<int32_t>() { return i32; }
template <> inline Type from<int64_t>() { return i64; }
template <> inline Type from<uint8_t>() { return u8; }
template <> inline Type from<uint16_t>() { return u16; }
template <> inline Type from<uint32_t>() { return u32; }
template <> inline Type from<uint64_t>() { return u64; }
template <> inline Type from<ov::float16>() { return f16; }
template <> inline Type from<ov::bfloat16>() { return bf16; }
template <> inline Type from<const char>() { return boolean; }
template <> inline Type from<const bool>() { return boolean; }
template <> inline Type from<const float>() { return f32; }
template <> inline Type from<const double>() { return f64; }
template <> inline Type from<const int8_t>() { return i8; }
template <> inline Type from<const int16_t>() { return i16; }
template <> inline Type from<const int32_t>() { return i32; }
template <> inline Type from<const int64_t>() { return i64; }
template <> inline Type from<const uint8_t>() { return u8; }
template <> inline Type from<const uint16_t>() { return u16; }
template <> inline Type from<const uint32_t>() { return u32; }
template <> inline Type from<const uint64_t>() { return u64; }
template <> inline Type from<const ov::float16>() { return f16; }
template <> inline Type from<const ov::bfloat16>() { return bf16; }

std::ostream& operator<<(std::ostream& out, const Type& type);
std::istream& operator>>(std::istream& in, Type& type);

}  // namespace element

/// @brief Maps an element type to its C++ storage type.
template <element::Type_t ET> struct element_type_traits;
template <> struct element_type_traits<element::Type_t::boolean> { using value_type = char; };
template <> struct element_type_traits<element::Type_t::bf16> { using value_type = bfloat16; };
template <> struct element_type_traits<element::Type_t::f16> { using value_type = float16; };
template <> struct element_type_traits<element::Type_t::f32> { using value_type = float; };
template <> struct element_type_traits<element::Type_t::f64> { using value_type = double; };
template <> struct element_type_traits<element::Type_t::i8> { using value_type = int8_t; };
template <> struct element_type_traits<element::Type_t::i16> { using value_type = int16_t; };
template <> struct element_type_traits<element::Type_t::i32> { using value_type = int32_t; };
template <> struct element_type_traits<element::Type_t::i64> { using value_type = int64_t; };
template <> struct element_type_traits<element::Type_t::u8> { using value_type = uint8_t; };
template <> struct element_type_traits<element::Type_t::u16> { using value_type = uint16_t; };
template <> struct element_type_traits<element::Type_t::u32> { using value_type = uint32_t; };
template <> struct element_type_traits<element::Type_t::u64> { using value_type = uint64_t; };

template <element::Type_t ET>
using fundamental_type_for = typename element_type_traits<ET>::value_type;

}  // namespace ov
