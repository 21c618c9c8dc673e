// SPDX-License-Identifier: Apache-2.0
#pragma once

// How the kit's planners and executors name an op in their errors.

#include <string>

#include "openvino/core/node.hpp"

namespace devmux {
namespace kit {

// "'conv1' (Convolution)": the op's friendly name, then its type.
inline std::string name_and_type(const ov::Node& node) {
    return std::string("'") + node.get_friendly_name() + "' (" + node.get_type_name() + ")";
}

}  // namespace kit
}  // namespace devmux
