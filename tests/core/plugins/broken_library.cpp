// SPDX-License-Identifier: Apache-2.0
// A shared library that is not a plugin: it exports no devmux_create_plugin.

extern "C" __attribute__((visibility("default"))) int devmux_not_a_plugin() {
    return 42;
}
