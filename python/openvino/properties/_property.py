# SPDX-License-Identifier: Apache-2.0
"""The callable property keys of openvino.properties."""


def make_property(key):
    """A property as OpenVINO's Python API has it: called with no value it is the key, with one the
    (key, value) pair that set_property and compile_model accept."""

    def prop(*value):
        if not value:
            return key
        if len(value) == 1:
            return key, value[0]
        # e.g. device.priorities("GPU", "CPU")
        return key, ",".join(str(v) for v in value)

    prop.__name__ = key.lower()
    prop.__doc__ = f"The property {key!r}."
    return prop
