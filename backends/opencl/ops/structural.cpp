// SPDX-License-Identifier: Apache-2.0
// The ops the planner places itself, without a kernel: Parameter, Result and Constant.
#include "cl_kernel.hpp"

namespace devmux {
namespace opencl {

OpenclKernelEntry parameter_result_entry() {
    return {{"Parameter", "Result"}, "", {}, [](const ov::Node& n) {
                const auto type = n.get_output_size() ? n.get_output_element_type(0) : n.get_input_element_type(0);
                return type.bitwidth() < 8 ? "has element type " + type.get_type_name() + ", which OPENCL does not move"
                                           : std::string();
            },
            {}};
}

OpenclKernelEntry constant_entry() { return {{"Constant"}, "", {}, {}, {}}; }

}  // namespace opencl
}  // namespace devmux
