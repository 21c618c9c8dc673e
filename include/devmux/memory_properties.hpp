// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace memory {

/// @brief Read-only compiled-model property: bytes of weights the compiled model holds, shared by all its
/// infer requests (the model's constants plus any copies repacked for a kernel's layout).
inline constexpr ov::Property<uint64_t, ov::PropertyMutability::RO> weights_bytes{"DEVMUX_WEIGHTS_BYTES"};

/// @brief Read-only compiled-model property: bytes of the arena each infer request allocates for the
/// model's intermediate values and the kernels' scratch (scratch included).
inline constexpr ov::Property<uint64_t, ov::PropertyMutability::RO> request_arena_bytes{"DEVMUX_REQUEST_ARENA_BYTES"};

/// @brief Read-only compiled-model property: the part of request_arena_bytes reserved as kernel scratch
/// (the sum over steps of each step's scratch block, before blocks share memory).
inline constexpr ov::Property<uint64_t, ov::PropertyMutability::RO> request_scratch_bytes{
    "DEVMUX_REQUEST_SCRATCH_BYTES"};

}  // namespace memory
}  // namespace devmux
