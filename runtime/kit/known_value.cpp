// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/known_value.hpp"

#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace kit {

std::shared_ptr<ov::op::v0::Constant> known_value(const ov::Output<ov::Node>& output) {
    return ref::known_value(output);
}

}  // namespace kit
}  // namespace devmux
