// SPDX-License-Identifier: Apache-2.0
// Runs a generic lambda with the C++ types of an element type: the storage type (what the tensor holds)
// and the compute type (what reference arithmetic uses: float for f16 and bf16, the type itself
// otherwise). Usage:
//   dispatch_numeric(tensor.get_element_type(), [&](auto tag) {
//       using T = typename decltype(tag)::storage;   // e.g. ov::float16
//       using C = typename decltype(tag)::compute;   // e.g. float
//       ...
//   });
// Each dispatch_* returns false (without calling fn) for an element type outside its set.
#pragma once

#include <cstdint>

#include "openvino/core/type/element_type.hpp"
#include "openvino/core/type/float16.hpp"

namespace devmux {
namespace ref {

template <typename Storage, typename Compute = Storage>
struct TypeTag {
    using storage = Storage;
    using compute = Compute;
};

// f32, f64, f16, bf16.
template <typename Fn>
bool dispatch_real(const ov::element::Type& type, Fn&& fn) {
    switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::f32: fn(TypeTag<float>{}); return true;
        case ov::element::Type_t::f64: fn(TypeTag<double>{}); return true;
        case ov::element::Type_t::f16: fn(TypeTag<ov::float16, float>{}); return true;
        case ov::element::Type_t::bf16: fn(TypeTag<ov::bfloat16, float>{}); return true;
        default: return false;
    }
}

// i8, i16, i32, i64, u8, u16, u32, u64.
template <typename Fn>
bool dispatch_integer(const ov::element::Type& type, Fn&& fn) {
    switch (ov::element::Type_t(type)) {
        case ov::element::Type_t::i8: fn(TypeTag<int8_t>{}); return true;
        case ov::element::Type_t::i16: fn(TypeTag<int16_t>{}); return true;
        case ov::element::Type_t::i32: fn(TypeTag<int32_t>{}); return true;
        case ov::element::Type_t::i64: fn(TypeTag<int64_t>{}); return true;
        case ov::element::Type_t::u8: fn(TypeTag<uint8_t>{}); return true;
        case ov::element::Type_t::u16: fn(TypeTag<uint16_t>{}); return true;
        case ov::element::Type_t::u32: fn(TypeTag<uint32_t>{}); return true;
        case ov::element::Type_t::u64: fn(TypeTag<uint64_t>{}); return true;
        default: return false;
    }
}

// Real and integer types (everything but boolean).
template <typename Fn>
bool dispatch_numeric(const ov::element::Type& type, Fn&& fn) {
    return dispatch_real(type, fn) || dispatch_integer(type, fn);
}

// Every static element type; boolean is stored as char (0 or 1) and computed as bool.
template <typename Fn>
bool dispatch_any(const ov::element::Type& type, Fn&& fn) {
    if (type == ov::element::boolean) {
        fn(TypeTag<char, bool>{});
        return true;
    }
    return dispatch_numeric(type, fn);
}

}  // namespace ref
}  // namespace devmux
