# SPDX-License-Identifier: Apache-2.0
"""openvino.utils: helpers OpenVINO's Python API has under this name."""
from openvino.utils import types  # noqa: F401
