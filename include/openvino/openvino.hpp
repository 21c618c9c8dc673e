// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/core.hpp"
#include "openvino/runtime/runtime.hpp"
