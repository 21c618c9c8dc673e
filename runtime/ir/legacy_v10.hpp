// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/core/model.hpp"

namespace devmux {
namespace ir {

// What OpenVINO's 2.0 API does to a model read from IR v10, so that applications see the same ports:
// inputs and outputs without tensor names get their legacy names (a Parameter's friendly name; a
// Result's producer's friendly name, with ".<port>" when the producer has several outputs), and f16
// inputs and outputs become f32 ports with a Convert next to them. Returns the model unchanged for
// any other IR version (rt_info "version").
std::shared_ptr<ov::Model> apply_legacy_v10_conventions(const std::shared_ptr<ov::Model>& model);

}  // namespace ir
}  // namespace devmux
