// SPDX-License-Identifier: Apache-2.0
#pragma once

// Internal properties between the runtime's proxy (device aliases) and the HETERO plugin. They are
// never listed in any supported_properties and are not meant for applications.

namespace devmux {

/// @brief Internal compile_model property of HETERO: what the first device of the HETERO device list
/// answered to query_model for this very model, as an ov::AnyMap (op friendly name -> device name,
/// each value a std::string). HETERO then uses it as that device's answer instead of asking the
/// device again; the later devices are asked as usual, about the ops still unassigned. The proxy
/// passes it after it asked the primary of a shared device, so that the primary is queried exactly
/// once per compile. Only compile_model takes it: HETERO's set_property refuses it, since an answer
/// belongs to one model.
constexpr const char* hetero_known_affinities_key = "DEVMUX_HETERO_KNOWN_AFFINITIES";

}  // namespace devmux
