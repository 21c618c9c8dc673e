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

/// @brief The first line of a model exported by HETERO: the proxy reads it on import_model to tell a
/// HETERO blob from a hardware plugin's own blob.
constexpr const char* hetero_export_magic = "DEVMUX_HETERO_EXPORT 1";

}  // namespace devmux
