// SPDX-License-Identifier: Apache-2.0
// Kernels that only move elements (Select, nearest Interpolate, the strided copies of Transpose and Broadcast)
// care how wide an element is, not what it means: one instantiation per width, on the unsigned integer of that
// width, serves every element type of that size. The one switch from a width to that instantiation.
#pragma once

#include <cstddef>
#include <cstdint>

namespace devmux {
namespace cpu {

// fn(Word{}), Word the unsigned integer of `bytes` bytes: 1, 2 or 4, and 8 for any other width (the callers'
// specs admit only 1, 2, 4 and 8). Returns what fn returns.
template <typename Fn>
decltype(auto) by_element_bytes(size_t bytes, Fn&& fn) {
    switch (bytes) {
    case 1: return fn(uint8_t{});
    case 2: return fn(uint16_t{});
    case 4: return fn(uint32_t{});
    default: return fn(uint64_t{});
    }
}

}  // namespace cpu
}  // namespace devmux
