// SPDX-License-Identifier: Apache-2.0
// The plugin library's entry points; kept out of devmux_vulkan_obj so that tests linking the classes
// directly do not define them too.
#include "plugin.hpp"

DEVMUX_DEFINE_PLUGIN(devmux::vulkan::Plugin)
