// SPDX-License-Identifier: Apache-2.0
// The plugin library's entry points.
#include "plugin.hpp"

DEVMUX_DEFINE_PLUGIN(devmux::auto_plugin::Plugin)
