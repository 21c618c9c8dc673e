// SPDX-License-Identifier: Apache-2.0
// A plugin library that claims another plugin API version: the Core must refuse it without calling
// its factory.

#include <cstdint>
#include <cstdlib>
#include <memory>

namespace devmux {
class IPlugin;
}

extern "C" __attribute__((visibility("default"))) uint32_t devmux_plugin_api_version() {
    return 999;
}

extern "C" __attribute__((visibility("default"))) void devmux_create_plugin(std::shared_ptr<devmux::IPlugin>&) {
    std::abort();  // never called: the version check comes first
}
