// SPDX-License-Identifier: Apache-2.0
// Turns each line of the op table (op_table.inc) into an OpRegistry entry.
#include "openvino/op/ops.hpp"
#include "ops/op_registry.hpp"

namespace devmux {

void add_op_table(OpRegistry& registry) {
#define DEVMUX_OP(TYPE, VERSION, OPSETS, HEADER) \
    registry.add_opset_op<ov::op::VERSION::TYPE>(#VERSION, OPSETS, HEADER);
#define DEVMUX_OP_MISSING(TYPE, VERSION, OPSETS, WHY) registry.add_missing(#TYPE, #VERSION, OPSETS, WHY);
#include "ops/op_table.inc"
#undef DEVMUX_OP
#undef DEVMUX_OP_MISSING
}

}  // namespace devmux
