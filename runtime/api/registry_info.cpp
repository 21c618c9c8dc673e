// SPDX-License-Identifier: Apache-2.0
#include "devmux/registry_info.hpp"

#include "api/core_impl.hpp"

namespace devmux {

std::vector<PluginDescription> describe_plugins(const ov::Core& core) {
    return CoreAccess::impl(core)->describe_plugins();
}

}  // namespace devmux
