// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/openvino.hpp"

namespace checksum_test {

// Whether this machine has an OpenCL device the OPENCL plugin can use. A CPU-type device (PoCL) counts: CI has one.
inline bool has_opencl_device() {
    try {
        ov::Core core;
        core.set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
        return !core.get_property("OPENCL", ov::available_devices).empty();
    } catch (const ov::Exception&) {
        return false;  // no OPENCL plugin in this build
    }
}

}  // namespace checksum_test
