// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <string>

namespace ov {

/// @brief query_model's answer: op friendly name -> device name that supports it.
using SupportedOpsMap = std::map<std::string, std::string>;

}  // namespace ov
