# SPDX-License-Identifier: Apache-2.0
"""The Python side of Core, CompiledModel, InferRequest and AsyncInferQueue: what OpenVINO's Python API
accepts (inputs as dicts or lists of arrays, scalars and lists; paths; property pairs) turned into calls
of the native classes, and results returned as an OVDict."""
import collections
import os
import threading
import weakref

import numpy as np

from openvino import _pyopenvino as _native
from openvino._pyopenvino import ConstOutput, Model, Output, Tensor


def _property_key(key):
    """A property named by its key or by an openvino.properties callable."""
    return key() if callable(key) else str(key)


def _property_dict(properties):
    """Property settings given as a dict, a (key, value) pair or a list of pairs."""
    if properties is None:
        return {}
    if isinstance(properties, tuple) and len(properties) == 2 and isinstance(properties[0], str):
        properties = [properties]
    if isinstance(properties, (list, tuple)):
        properties = dict(properties)
    return {_property_key(key): value for key, value in properties.items()}


def _path(value):
    return os.fspath(value) if isinstance(value, os.PathLike) else value


class OVDict(collections.abc.Mapping):
    """Inference results: indexed by output port (of the compiled model or the model), by output index,
    or by tensor name; iterating gives the ports, as OpenVINO's OVDict does."""

    def __init__(self, ports, arrays):
        self._ports = list(ports)
        self._arrays = list(arrays)

    def _position(self, key):
        if isinstance(key, (int, np.integer)):
            if not -len(self._ports) <= key < len(self._ports):
                raise KeyError(f"output index {key} out of range (the model has {len(self._ports)} outputs)")
            return int(key)
        if isinstance(key, str):
            for position, port in enumerate(self._ports):
                if key in port.get_names():
                    return position
            raise KeyError(f"no output is named {key!r}")
        if isinstance(key, (ConstOutput, Output)):
            for position, port in enumerate(self._ports):
                if port == key if type(port) is type(key) else False:
                    return position
            # A port of the model the compiled model came from: matched by its tensor names.
            names = key.get_names()
            for position, port in enumerate(self._ports):
                if names & port.get_names():
                    return position
            raise KeyError(f"{key!r} is not an output of this compiled model")
        raise KeyError(f"an output is named by a port, an index or a tensor name, not {key!r}")

    def __getitem__(self, key):
        return self._arrays[self._position(key)]

    def __iter__(self):
        return iter(self._ports)

    def __len__(self):
        return len(self._ports)

    def __contains__(self, key):
        try:
            self._position(key)
            return True
        except KeyError:
            return False

    def keys(self):
        return list(self._ports)

    def values(self):
        return list(self._arrays)

    def items(self):
        return list(zip(self._ports, self._arrays))

    def names(self):
        return tuple(port.get_names() for port in self._ports)

    def to_dict(self):
        return dict(zip(self._ports, self._arrays))

    def to_tuple(self):
        return tuple(self._arrays)

    def __repr__(self):
        return "<OVDict: {" + ", ".join(f"{p!r}: {a!r}" for p, a in zip(self._ports, self._arrays)) + "}>"


class InferRequest:
    """One inference request of a CompiledModel (OpenVINO's InferRequest)."""

    def __init__(self, native, compiled_model):
        self._native = native
        self._compiled = compiled_model
        self._results = None
        self.userdata = None
        # A compiled model's ports never change: read once, as every inference looks them up (and the
        # request that compiled(inputs) keeps sees its compiled model through a weak proxy, slower to ask).
        self._inputs = list(compiled_model.inputs)
        self._outputs = list(compiled_model.outputs)
        self._input_dtypes = [port.get_element_type().to_dtype() for port in self._inputs]

    # --- inputs -------------------------------------------------------------------------------------
    def _input_port(self, key):
        inputs = self._inputs
        if isinstance(key, (int, np.integer)):
            if not 0 <= key < len(inputs):
                raise IndexError(f"input index {key} out of range (the model has {len(inputs)} inputs)")
            return inputs[key]
        if isinstance(key, str):
            return self._compiled.input(key)
        if isinstance(key, ConstOutput) and any(key == port for port in inputs):
            return key
        if isinstance(key, (ConstOutput, Output)):
            names = key.get_names()
            for port in inputs:
                if names & port.get_names():
                    return port
            raise RuntimeError(f"{key!r} is not an input of this compiled model")
        raise TypeError(f"an input is named by an index, a tensor name or a port, not {key!r}")

    def _to_tensor(self, port, value, share, dtype=None):
        if isinstance(value, Tensor):
            return value
        if dtype is None:
            dtype = port.get_element_type().to_dtype()
        if isinstance(value, np.ndarray):
            if value.dtype != dtype:
                # Converted to the input's type as OpenVINO does (a copy, so never shared).
                return Tensor(np.ascontiguousarray(value, dtype=dtype), shared_memory=True)
            if share and value.flags.c_contiguous:
                return Tensor(value, shared_memory=True)
            return Tensor(value)
        # Scalars, lists and other array-likes.
        return Tensor(np.ascontiguousarray(np.array(value, dtype=dtype)), shared_memory=True)

    def _set_inputs(self, inputs, share):
        if inputs is None:
            return
        if isinstance(inputs, (dict, OVDict)):
            items = inputs.items()
        elif isinstance(inputs, (list, tuple)):
            items = enumerate(inputs)
        else:
            # One value for a model with one input.
            items = [(0, inputs)]
        for key, value in items:
            if type(key) is int and 0 <= key < len(self._inputs):
                # The common case, {0: array}: set by index, the port's element type known.
                self._native.set_tensor(key, self._to_tensor(self._inputs[key], value, share, self._input_dtypes[key]))
                continue
            port = self._input_port(key)
            self._native.set_tensor(port, self._to_tensor(port, value, share))

    def _collect(self, share_outputs):
        ports = self._outputs
        arrays = []
        for port in ports:
            data = self._native.get_tensor(port).data
            arrays.append(data if share_outputs else data.copy())
        self._results = OVDict(ports, arrays)
        return self._results

    # --- inference ----------------------------------------------------------------------------------
    def infer(self, inputs=None, share_inputs=False, share_outputs=False, **_ignored):
        """Runs the request synchronously (the GIL is released meanwhile) and returns its results."""
        self._set_inputs(inputs, share_inputs)
        self._native._infer()
        return self._collect(share_outputs)

    def start_async(self, inputs=None, userdata=None, share_inputs=False, **_ignored):
        """Starts the request; results are read after wait() (or in the callback)."""
        self._set_inputs(inputs, share_inputs)
        self.userdata = userdata
        self._native._start_async()

    def wait(self):
        self._native.wait()

    def wait_for(self, timeout):
        return self._native.wait_for(int(timeout))

    def cancel(self):
        self._native.cancel()

    def set_callback(self, callback, userdata=None):
        """callback(userdata) runs with the GIL held on the device's thread when the request finishes."""
        self._native.set_callback(callback, userdata)

    # --- tensors ------------------------------------------------------------------------------------
    def get_tensor(self, key):
        if isinstance(key, (int, np.integer)):
            raise TypeError("get_tensor takes a tensor name or a port; use get_input_tensor(index)")
        return self._native.get_tensor(key)

    def set_tensor(self, key, tensor):
        if isinstance(key, Tensor) and tensor is None:
            key, tensor = 0, key
        self._native.set_tensor(key, tensor)

    def set_tensors(self, tensors):
        for key, tensor in tensors.items():
            self._native.set_tensor(key, tensor)

    def get_input_tensor(self, index=0):
        return self._native.get_input_tensor(index)

    def get_output_tensor(self, index=0):
        return self._native.get_output_tensor(index)

    def set_input_tensor(self, *args):
        self._native.set_input_tensor(*args)

    def set_output_tensor(self, *args):
        if len(args) == 1:
            args = (0, args[0])
        self._native.set_output_tensor(*args)

    def set_input_tensors(self, tensors):
        for key, tensor in (tensors.items() if isinstance(tensors, dict) else enumerate(tensors)):
            self._native.set_input_tensor(key, tensor)

    @property
    def input_tensors(self):
        return [self._native.get_tensor(port) for port in self._inputs]

    @property
    def output_tensors(self):
        return [self._native.get_tensor(port) for port in self._outputs]

    @property
    def results(self):
        """The results of the last infer(), or of the last async run read now."""
        return self._collect(False)

    @property
    def model_inputs(self):
        return self._compiled.inputs

    @property
    def model_outputs(self):
        return self._compiled.outputs

    def get_compiled_model(self):
        return self._compiled

    @property
    def latency(self):
        """Milliseconds the last run took: infer() from call to return, start_async() from the call to the
        end of the run (taken before the callback runs)."""
        return self._native.latency

    @property
    def profiling_info(self):
        """The last run's ov.ProfilingInfo per node; empty unless compiled with enable_profiling (PERF_COUNT)."""
        return self._native.get_profiling_info()

    def get_profiling_info(self):
        """The last run's ov.ProfilingInfo per node; empty unless compiled with enable_profiling (PERF_COUNT)."""
        return self._native.get_profiling_info()

    def query_state(self):
        """The VariableStates of a stateful model (its ReadValue/Assign pairs) held by this request."""
        return self._native.query_state()

    def reset_state(self):
        """Resets every state of this request to its initial value."""
        self._native.reset_state()


class CompiledModel:
    """A model compiled for a device (OpenVINO's CompiledModel); calling it runs one inference."""

    def __init__(self, native):
        self._native = native
        # Ports are looked up on every inference: read them from C++ once.
        self._inputs = list(native.inputs)
        self._outputs = list(native.outputs)
        self._request = None

    @property
    def inputs(self):
        return self._inputs

    @property
    def outputs(self):
        return self._outputs

    def input(self, key=None):
        return self._native.input() if key is None else self._native.input(key)

    def output(self, key=None):
        return self._native.output() if key is None else self._native.output(key)

    def create_infer_request(self):
        return InferRequest(self._native._create_infer_request(), self)

    def __call__(self, inputs=None, share_inputs=True, share_outputs=False, **_ignored):
        """Runs one inference on a request the compiled model keeps, as OpenVINO's does."""
        if self._request is None:
            # The request it keeps sees it through a weak proxy: a strong reference back would make a cycle,
            # leaving the compiled model (and so its Core and the plugins) to the cycle collector instead of
            # freeing it when the application drops it. The native request keeps the native model alive.
            self._request = InferRequest(self._native._create_infer_request(), weakref.proxy(self))
        return self._request.infer(inputs, share_inputs=share_inputs, share_outputs=share_outputs)

    def infer_new_request(self, inputs=None):
        return self.create_infer_request().infer(inputs)

    def get_property(self, name):
        return self._native.get_property(_property_key(name))

    def set_property(self, properties):
        self._native.set_property(_property_dict(properties))

    def get_runtime_model(self):
        return self._native.get_runtime_model()

    def export_model(self):
        """The compiled model as bytes, for Core.import_model."""
        return self._native.export_model()


class Core:
    """OpenVINO's Core: devices, properties, reading and compiling models."""

    def __init__(self, xml_config_file=""):
        self._native = _native.Core(_path(xml_config_file) or "")

    @property
    def available_devices(self):
        return self._native.get_available_devices()

    def get_available_devices(self):
        return self._native.get_available_devices()

    def get_versions(self, device_name):
        return self._native.get_versions(device_name)

    def read_model(self, model, weights=None):
        """From a path (IR .xml, or .onnx), or from the IR text (str/bytes) with its weights (bytes)."""
        model = _path(model)
        if isinstance(model, bytes) or (isinstance(model, str) and model.lstrip().startswith("<")):
            text = model.decode() if isinstance(model, bytes) else model
            return self._native._read_model_from_memory(text, weights)
        return self._native.read_model(model, _path(weights) or "")

    def compile_model(self, model, device_name=None, config=None):
        """From a Model or a path; device_name may be left out (the C++ default device), config is a
        dict of properties."""
        if isinstance(device_name, dict) and config is None:
            device_name, config = None, device_name
        config = _property_dict(config)
        if isinstance(model, Model):
            return CompiledModel(self._native._compile_model(model, device_name or "", config))
        return CompiledModel(self._native._compile_model_path(_path(model), device_name or "", config))

    def import_model(self, model_stream, device_name, config=None):
        if hasattr(model_stream, "read"):
            model_stream = model_stream.read()
        return CompiledModel(self._native.import_model(bytes(model_stream), device_name, _property_dict(config)))

    def query_model(self, model, device_name, config=None):
        return self._native.query_model(model, device_name, _property_dict(config))

    def set_property(self, device_name=None, properties=None):
        """set_property(properties) for the Core, or set_property(device_name, properties)."""
        if properties is None and not isinstance(device_name, str):
            device_name, properties = "", device_name
        self._native._set_property(device_name or "", _property_dict(properties))

    def get_property(self, device_name, name=None):
        if name is None:
            return self._native.get_property(_property_key(device_name))
        return self._native.get_property(device_name, _property_key(name))

    def register_plugin(self, plugin_name, device_name, config=None):
        self._native.register_plugin(plugin_name, device_name, _property_dict(config))

    def register_plugins(self, xml_config_file):
        self._native.register_plugins(_path(xml_config_file))

    def unload_plugin(self, device_name):
        self._native.unload_plugin(device_name)


def compile_model(model, device_name=None, config=None):
    """ov.compile_model: reads (when given a path) and compiles with a Core of its own."""
    return Core().compile_model(model, device_name, config)


def serialize(model, xml_path, bin_path="", version="UNSPECIFIED"):
    """ov.serialize: writes the model as IR v11, xml_path and bin_path (empty: xml_path with ".bin").
    Weights keep their element types; devmux writes IR v11 only (version "IR_V10" is refused)."""
    if str(getattr(version, "name", version)).upper() not in ("UNSPECIFIED", "IR_V11", "11"):
        raise RuntimeError(f"serialize: devmux writes IR version 11 only, not {version!r}")
    _native._serialize(model, os.fspath(xml_path), os.fspath(bin_path) if bin_path else "")


def save_model(model, output_model, compress_to_fp16=True):
    """ov.save_model: writes the model as IR v11 (output_model .xml and the .bin beside it); with
    compress_to_fp16 the f32 weights are stored as f16 followed by a Convert back to f32."""
    _native._save_model(model, os.fspath(output_model), bool(compress_to_fp16))


def set_batch(model, batch_size=-1):
    """ov.set_batch: reshapes every input whose layout names N (set by PrePostProcessor or
    layout_helpers.set_layout) to batch_size (an int, -1 for dynamic, or a Dimension)."""
    from openvino._pyopenvino import Dimension
    if not isinstance(batch_size, Dimension):
        batch_size = Dimension() if int(batch_size) < 0 else Dimension(int(batch_size))
    _native._set_batch(model, batch_size)
    return model


def _reshape(self, shapes):
    """Model.reshape as OpenVINO's Python API takes it: one shape for a single-input model, or a dict
    keyed by input index, tensor name or port; shapes as PartialShape, lists, tuples or strings."""
    from openvino._pyopenvino import PartialShape

    def as_shape(value):
        return value if isinstance(value, PartialShape) else PartialShape(value)

    if not isinstance(shapes, dict):
        self._reshape_all(as_shape(shapes))
    elif all(isinstance(k, int) for k in shapes):
        self._reshape_by_index({k: as_shape(v) for k, v in shapes.items()})
    elif all(isinstance(k, str) for k in shapes):
        self._reshape_by_name({k: as_shape(v) for k, v in shapes.items()})
    else:
        by_port = []
        for key, value in shapes.items():
            port = key if isinstance(key, Output) else self.input(key)
            by_port.append((port, as_shape(value)))
        self._reshape_by_port(by_port)


# Model comes from C++ as it is (read_model, get_runtime_model); its reshape takes Python's shapes here.
Model.reshape = _reshape


class AsyncInferQueue:
    """A pool of infer requests for throughput (OpenVINO's AsyncInferQueue): start_async picks an idle
    request (waiting for one if all are busy); the callback, if set, gets (request, userdata)."""

    def __init__(self, model, jobs=0):
        if jobs <= 0:
            try:
                jobs = int(model.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS"))
            except RuntimeError:
                jobs = 1
            jobs = max(jobs, 1)
        self._requests = [model.create_infer_request() for _ in range(jobs)]
        self._userdata = [None] * jobs
        self._idle = collections.deque(range(jobs))
        self._condition = threading.Condition()
        self._callback = None
        # The requests call back through a weak reference: a bound method would make a cycle through the
        # native requests that Python's collector cannot see, and the queue would never be freed.
        queue = weakref.ref(self)

        def finished(index):
            alive = queue()
            if alive is not None:
                alive._finished(index)

        for index, request in enumerate(self._requests):
            request._native.set_callback(finished, index)

    def _finished(self, index):
        try:
            if self._callback is not None:
                self._callback(self._requests[index], self._userdata[index])
        finally:
            with self._condition:
                self._idle.append(index)
                self._condition.notify_all()

    def set_callback(self, callback):
        self._callback = callback

    def is_ready(self):
        with self._condition:
            return bool(self._idle)

    def get_idle_request_id(self):
        with self._condition:
            self._condition.wait_for(lambda: self._idle)
            return self._idle[0]

    def start_async(self, inputs=None, userdata=None, share_inputs=False):
        with self._condition:
            self._condition.wait_for(lambda: self._idle)
            index = self._idle.popleft()
        request = self._requests[index]
        self._userdata[index] = userdata
        try:
            request.start_async(inputs, userdata, share_inputs=share_inputs)
        except BaseException:
            with self._condition:
                self._idle.append(index)
                self._condition.notify_all()
            raise

    def wait_all(self):
        with self._condition:
            self._condition.wait_for(lambda: len(self._idle) == len(self._requests))
        # Errors of the runs surface here, as from InferRequest.wait().
        for request in self._requests:
            request.wait()

    @property
    def userdata(self):
        return list(self._userdata)

    def __len__(self):
        return len(self._requests)

    def __iter__(self):
        return iter(self._requests)

    def __getitem__(self, index):
        return self._requests[index]
