// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/preprocess/pre_post_process.hpp"
