#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lists every available device and each property it supports, with its value and whether an application
may set it: the Python twin of examples/hello_query_device.

    hello_query_device.py [PLUGINS_XML]

e.g. hello_query_device.py build/lib/plugins-software-gpu.xml (the software deployment, where "GPU" is served
by OpenCL and Vulkan drivers that run on the CPU). Exit code 1 when a device cannot be listed."""
import sys

import openvino as ov
import openvino.properties as props


def as_text(value):
    if isinstance(value, (list, tuple)):
        return ", ".join(as_text(item) for item in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {as_text(item)}" for key, item in value.items()) + "}"
    return str(value)


def main(plugins_xml=""):
    core = ov.Core(plugins_xml)
    print(f"devmux runtime {ov.get_version()}\n")
    print("Available devices:")
    for device in core.available_devices:
        print(device)
        print("  SUPPORTED_PROPERTIES:")
        # A dict of property name to "RW" (the application may set it) or "RO", as OpenVINO gives it.
        for name, mutability in core.get_property(device, props.supported_properties()).items():
            if name == props.supported_properties():
                continue
            try:
                value = as_text(core.get_property(device, name))
            except RuntimeError as error:
                # Keep listing the other properties when one of them cannot be read.
                value = f"(error: {error})"
            print(f"    {'Mutable' if mutability == 'RW' else 'Immutable'}: {name} : {value}")
        print()
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help")):
        print(f"Usage: {sys.argv[0]} [plugins.xml]")
        sys.exit(0 if len(sys.argv) == 2 else 1)
    sys.exit(main(*sys.argv[1:]))
