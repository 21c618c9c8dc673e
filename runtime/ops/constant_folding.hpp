// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>

#include "openvino/core/model.hpp"

namespace devmux {

/// Replaces by Constants every node whose inputs are all Constants and that has a reference evaluate()
/// (Parameters, ReadValue, Assign and Results excepted), and every ShapeOf of a statically shaped input,
/// so that shape subgraphs (ShapeOf -> Gather -> Concat -> Reshape) collapse. Folding runs in topological
/// order, so chains fold in one call. Each new Constant keeps the friendly name of the node it replaces
/// (with ".<i>" appended for nodes of several outputs), its rt_info and its output tensor names.
/// Nodes whose evaluate() declines or throws are left in place: the error will surface when the model
/// runs, where it can name the inputs. Returns the number of nodes replaced.
/// The model is edited in place: nobody else may read or compile it meanwhile.
size_t fold_constants(ov::Model& model);

}  // namespace devmux
