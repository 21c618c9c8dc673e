// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/except.hpp"

namespace ov {

// Out of line on purpose: see DEVMUX_EXCEPTION_API in the header.
Exception::~Exception() = default;
NotImplemented::~NotImplemented() = default;
Cancelled::~Cancelled() = default;

}  // namespace ov
