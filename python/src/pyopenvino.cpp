// SPDX-License-Identifier: Apache-2.0
// openvino._pyopenvino: the native half of the `openvino` Python package, a thin pybind11 layer over the
// ov:: C++ API. The pure-Python half (python/openvino) adds what OpenVINO's Python API does in Python:
// inputs given as dicts/lists of arrays, results as a dict-like, AsyncInferQueue, the properties modules.
// One translation unit on purpose: pybind11 code is slow to compile and the machine has two cores.
#include <pybind11/chrono.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "openvino/core/graph_util.hpp"
#include "openvino/core/layout.hpp"
#include "openvino/core/preprocess/pre_post_process.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset.hpp"

namespace py = pybind11;

namespace {

using ConstPort = ov::Output<const ov::Node>;
using Port = ov::Output<ov::Node>;

py::dtype dtype_of(const ov::element::Type& type) {
    switch (ov::element::Type_t(type)) {
    case ov::element::Type_t::boolean: return py::dtype("bool");
    case ov::element::Type_t::f16: return py::dtype("float16");
    case ov::element::Type_t::f32: return py::dtype("float32");
    case ov::element::Type_t::f64: return py::dtype("float64");
    case ov::element::Type_t::i8: return py::dtype("int8");
    case ov::element::Type_t::i16: return py::dtype("int16");
    case ov::element::Type_t::i32: return py::dtype("int32");
    case ov::element::Type_t::i64: return py::dtype("int64");
    case ov::element::Type_t::u8: return py::dtype("uint8");
    case ov::element::Type_t::u16: return py::dtype("uint16");
    case ov::element::Type_t::u32: return py::dtype("uint32");
    case ov::element::Type_t::u64: return py::dtype("uint64");
    // numpy has no bfloat16: its bits are shown as uint16, as OpenVINO does.
    case ov::element::Type_t::bf16: return py::dtype("uint16");
    default: break;
    }
    throw py::type_error("element type '" + type.get_type_name() + "' has no numpy dtype");
}

ov::element::Type type_of(const py::dtype& dtype) {
    const char kind = dtype.kind();
    const auto size = dtype.itemsize();
    if (kind == 'b')
        return ov::element::boolean;
    if (kind == 'f' && size == 2)
        return ov::element::f16;
    if (kind == 'f' && size == 4)
        return ov::element::f32;
    if (kind == 'f' && size == 8)
        return ov::element::f64;
    if (kind == 'i' || kind == 'u') {
        const bool is_signed = kind == 'i';
        switch (size) {
        case 1: return is_signed ? ov::element::i8 : ov::element::u8;
        case 2: return is_signed ? ov::element::i16 : ov::element::u16;
        case 4: return is_signed ? ov::element::i32 : ov::element::u32;
        case 8: return is_signed ? ov::element::i64 : ov::element::u64;
        default: break;
        }
    }
    throw py::type_error("numpy dtype '" + py::str(static_cast<py::handle>(dtype)).cast<std::string>() + "' has no OpenVINO element type");
}

// A Tensor as Python sees it: the ov::Tensor plus, when it was made over a numpy array's memory, that
// array, so the memory lives as long as the tensor object does.
struct PyTensor {
    ov::Tensor tensor;
    py::object owner;
};

PyTensor tensor_from_array(const py::array& array, bool shared_memory) {
    const ov::element::Type type = type_of(array.dtype());
    ov::Shape shape(array.shape(), array.shape() + array.ndim());
    const bool c_contiguous = (array.flags() & py::array::c_style) != 0;
    if (shared_memory) {
        if (!c_contiguous)
            throw py::value_error("Tensor(shared_memory=True) needs a C-contiguous array; pass a copy "
                                  "(numpy.ascontiguousarray) or shared_memory=False");
        return PyTensor{ov::Tensor(type, shape, const_cast<void*>(array.data())), array};
    }
    PyTensor result{ov::Tensor(type, shape), py::none()};
    // Copy through numpy so that strided and non-contiguous arrays land in C order.
    py::array view(array.dtype(), array.request().shape, result.tensor.data(), py::none());
    py::module_::import("numpy").attr("copyto")(view, array);
    return result;
}

py::array tensor_view(const py::object& self) {
    auto& wrapped = self.cast<PyTensor&>();
    const ov::Tensor& tensor = wrapped.tensor;
    std::vector<py::ssize_t> shape(tensor.get_shape().begin(), tensor.get_shape().end());
    const ov::Strides byte_strides = tensor.get_strides();
    std::vector<py::ssize_t> strides(byte_strides.begin(), byte_strides.end());
    // The view's base is the Python tensor object: the view keeps it (and so the memory) alive.
    return py::array(dtype_of(tensor.get_element_type()), shape, strides, tensor.data(), self);
}

std::string shape_text(const ov::Shape& shape) {
    std::ostringstream os;
    os << shape;
    return os.str();
}

// Python values become the Any the C++ properties expect; strings parse to any property type there.
ov::Any any_from_py(const py::handle& value) {
    static const py::object enum_type = py::module_::import("enum").attr("Enum");
    if (py::isinstance(value, enum_type))
        return any_from_py(value.attr("value"));
    if (py::isinstance<py::bool_>(value))
        return value.cast<bool>();
    if (py::isinstance<py::int_>(value))
        return value.cast<int64_t>();
    if (py::isinstance<py::float_>(value))
        return value.cast<double>();
    if (py::isinstance<py::str>(value))
        return value.cast<std::string>();
    if (py::isinstance<ov::element::Type>(value))
        return value.cast<ov::element::Type>();
    if (py::isinstance<py::dict>(value)) {
        ov::AnyMap map;
        for (const auto& item : value.cast<py::dict>())
            map[py::str(item.first).cast<std::string>()] = any_from_py(item.second);
        return map;
    }
    if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        // Lists such as device priorities are comma-separated strings on the C++ side.
        std::string joined;
        for (const auto& item : value) {
            if (!joined.empty())
                joined += ",";
            joined += py::str(any_from_py(item).as<std::string>()).cast<std::string>();
        }
        return joined;
    }
    return py::str(value).cast<std::string>();
}

ov::AnyMap any_map_from_py(const py::object& config) {
    ov::AnyMap map;
    if (config.is_none())
        return map;
    for (const auto& item : config.cast<py::dict>())
        map[py::str(item.first).cast<std::string>()] = any_from_py(item.second);
    return map;
}

template <class T>
bool put_if(const ov::Any& any, py::object& out) {
    if (!any.is<T>())
        return false;
    out = py::cast(any.as<T>());
    return true;
}

py::object any_to_py(const ov::Any& any) {
    if (any.empty())
        return py::none();
    py::object out;
    if (put_if<std::string>(any, out) || put_if<bool>(any, out) || put_if<int>(any, out) ||
        put_if<unsigned>(any, out) || put_if<long>(any, out) || put_if<unsigned long>(any, out) ||
        put_if<long long>(any, out) || put_if<unsigned long long>(any, out) || put_if<float>(any, out) ||
        put_if<double>(any, out) || put_if<std::vector<std::string>>(any, out) ||
        put_if<ov::element::Type>(any, out) ||
        put_if<std::tuple<unsigned, unsigned, unsigned>>(any, out) ||
        put_if<std::tuple<unsigned, unsigned>>(any, out) || put_if<std::map<std::string, std::string>>(any, out))
        return out;
    if (any.is<std::vector<ov::PropertyName>>()) {
        // As OpenVINO gives SUPPORTED_PROPERTIES: a dict of each name to "RW" (mutable) or "RO".
        py::dict names;
        for (const auto& name : any.as<std::vector<ov::PropertyName>>())
            names[py::str(static_cast<const std::string&>(name))] = py::str(name.is_mutable() ? "RW" : "RO");
        return names;
    }
    if (any.is<ov::AnyMap>()) {
        py::dict map;
        for (const auto& item : any.as<ov::AnyMap>())
            map[py::str(item.first)] = any_to_py(item.second);
        return map;
    }
    // Enums and other typed values arrive as the text C++ prints for them ("LATENCY", "HIGH", ...).
    return py::str(any.as<std::string>());
}

struct PyRequest;

// The requests alive now, so that the interpreter's exit can wait for those still running (see
// wait_for_requests_at_exit). Once Python is finalizing, a device thread that takes the GIL for a callback
// is ended by the interpreter (pthread_exit), and the forced unwind through the runtime's callback
// handler aborts the process ("FATAL: exception not rethrown"): a script that exits, or fails, with
// requests in flight crashed that way every time.
std::mutex g_live_requests_mutex;
std::set<PyRequest*> g_live_requests;
std::atomic<bool> g_python_exiting{false};

// An InferRequest as Python sees it. It keeps the Python objects the C++ request points at (tensors
// over numpy memory, the callback) and drops them only with the GIL held.
struct PyRequest {
    using Clock = std::chrono::steady_clock;

    ov::InferRequest request;
    std::map<std::string, py::object> kept_tensors;
    py::object callback = py::none();
    py::object userdata = py::none();
    // InferRequest.latency: from infer()/start_async() to the end of the run, in milliseconds. The end of
    // an asynchronous run is taken in the request's C++ callback, before any Python callback runs.
    Clock::time_point started{};
    std::atomic<double> latency_ms{0.0};
    std::atomic<bool> has_python_callback{false};

    explicit PyRequest(ov::InferRequest r) : request(std::move(r)) {
        install_callback();
        std::lock_guard<std::mutex> lock(g_live_requests_mutex);
        g_live_requests.insert(this);
    }
    PyRequest(const PyRequest&) = delete;
    PyRequest& operator=(const PyRequest&) = delete;

    void mark_started() { started = Clock::now(); }
    void mark_finished() {
        latency_ms.store(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
    }

    // The C++ callback stays installed for the request's life: it times the run, then calls the Python
    // callback if one is set (with the GIL), unless the interpreter is exiting.
    void install_callback() {
        PyRequest* target = this;
        request.set_callback([target](std::exception_ptr error) {
            target->mark_finished();
            // Without a Python callback the GIL is not needed (nor waited for).
            if (!target->has_python_callback.load() || g_python_exiting.load())
                return;
            // Runs on the device's thread: the callback is Python, so it takes the GIL.
            py::gil_scoped_acquire acquire;
            if (target->callback.is_none())
                return;
            // Called on failure too (as OpenVINO does): wait() raises the error, and AsyncInferQueue
            // must get its request back either way.
            (void)error;
            try {
                target->callback(target->userdata);
            } catch (py::error_already_set& raised) {
                raised.discard_as_unraisable("InferRequest callback");
            }
        });
    }

    ~PyRequest() {
        {
            // No holder of this lock waits for the GIL (the exit handler copies the handles, then waits).
            std::lock_guard<std::mutex> lock(g_live_requests_mutex);
            g_live_requests.erase(this);
        }
        if (!request)
            return;
        // A request still running would call back into an object being destroyed.
        try {
            py::gil_scoped_release release;
            request.wait();
        } catch (...) {
        }
        try {
            request.set_callback([](std::exception_ptr) {});
        } catch (...) {
        }
        // The request goes before the tensors it reads (members die after this body): a device may
        // still touch a tensor's host memory when its request is released. Without the GIL, as its
        // threads may be waiting for it.
        py::gil_scoped_release release;
        request = ov::InferRequest();
    }
};

std::string key_text(const py::handle& key) {
    return py::str(py::type::of(key)).cast<std::string>() + ":" + py::repr(key).cast<std::string>();
}

void set_tensor_by_key(PyRequest& self, const py::object& key, const py::object& tensor_object) {
    const auto& wrapped = tensor_object.cast<const PyTensor&>();
    if (py::isinstance<py::int_>(key))
        self.request.set_input_tensor(key.cast<size_t>(), wrapped.tensor);
    else if (py::isinstance<py::str>(key))
        self.request.set_tensor(key.cast<std::string>(), wrapped.tensor);
    else if (py::isinstance<ConstPort>(key))
        self.request.set_tensor(key.cast<ConstPort>(), wrapped.tensor);
    else if (py::isinstance<Port>(key))
        self.request.set_tensor(key.cast<Port>(), wrapped.tensor);
    else
        throw py::type_error("an input is named by an index, a tensor name or a port, not " + key_text(key));
    self.kept_tensors[key_text(key)] = tensor_object;
}

PyTensor get_tensor_by_key(PyRequest& self, const py::object& key) {
    if (py::isinstance<py::str>(key))
        return PyTensor{self.request.get_tensor(key.cast<std::string>()), py::none()};
    if (py::isinstance<ConstPort>(key))
        return PyTensor{self.request.get_tensor(key.cast<ConstPort>()), py::none()};
    if (py::isinstance<Port>(key))
        return PyTensor{self.request.get_tensor(key.cast<Port>()), py::none()};
    throw py::type_error("a tensor is named by a tensor name or a port, not " + key_text(key));
}

template <class NodeType>
void bind_port(py::module_& m, const char* name) {
    using P = ov::Output<NodeType>;
    py::class_<P>(m, name)
        .def("get_any_name", &P::get_any_name)
        .def("get_names", [](const P& p) { return std::set<std::string>(p.get_names().begin(), p.get_names().end()); })
        .def_property_readonly("any_name", &P::get_any_name)
        .def_property_readonly("names", [](const P& p) { return std::set<std::string>(p.get_names().begin(), p.get_names().end()); })
        .def("get_index", &P::get_index)
        .def_property_readonly("index", &P::get_index)
        .def("get_element_type", &P::get_element_type)
        .def_property_readonly("element_type", &P::get_element_type)
        .def("get_shape", &P::get_shape)
        .def_property_readonly("shape", &P::get_shape)
        .def("get_partial_shape", &P::get_partial_shape)
        .def_property_readonly("partial_shape", &P::get_partial_shape)
        .def("get_node_friendly_name", [](const P& p) { return p.get_node()->get_friendly_name(); })
        .def("get_node", [](const P& p) { return std::const_pointer_cast<ov::Node>(p.get_node_shared_ptr()); })
        .def_property_readonly("node", [](const P& p) { return std::const_pointer_cast<ov::Node>(p.get_node_shared_ptr()); })
        .def("get_tensor", [](const P& p) -> ov::descriptor::Tensor& { return p.get_tensor(); },
             py::return_value_policy::reference_internal)
        .def("__eq__", [](const P& a, const P& b) { return a == b; }, py::is_operator())
        .def("__hash__", [](const P& p) {
            return std::hash<const void*>()(p.get_node()) ^ (std::hash<size_t>()(p.get_index()) << 1);
        })
        .def("__repr__", [name](const P& p) {
            std::ostringstream os;
            std::string names;
            for (const auto& n : p.get_names())
                names += (names.empty() ? "'" : ", '") + n + "'";
            os << "<" << name << ": names[" << names << "] shape" << p.get_partial_shape() << " type: "
               << p.get_element_type() << ">";
            return os.str();
        });
}

// ---- Building models in Python: every op of an opset is made the way the IR reader makes a layer (a
// default-constructed op from the op table, its inputs set, its attributes visited from text, then
// validated), so the Python opset modules need no per-op code here.

// Gives an op the attributes Python passed, as the text the IR reader would hand it.
class TextAttributeSetter : public ov::AttributeVisitor {
public:
    explicit TextAttributeSetter(const std::map<std::string, std::string>& values) : m_values(values) {}
    bool on_text(const std::string& name, std::string& text) override {
        const auto found = m_values.find(name);
        if (found == m_values.end())
            return false;
        m_used.insert(name);
        text = found->second;
        return true;
    }
    const std::set<std::string>& used() const { return m_used; }

private:
    const std::map<std::string, std::string>& m_values;
    std::set<std::string> m_used;
};

// Lists an op's attributes in the order it visits them, with their current values as text.
class AttributeLister : public ov::AttributeVisitor {
public:
    bool on_text(const std::string& name, std::string& text) override {
        for (const auto& seen : m_attributes)
            if (seen.first == name)
                return false;
        m_attributes.emplace_back(name, text);
        return false;
    }
    std::vector<std::pair<std::string, std::string>> m_attributes;
};

const ov::OpSet& opset_named(const std::string& name) {
    const auto& opsets = ov::get_available_opsets();
    const auto found = opsets.find(name);
    if (found == opsets.end())
        OPENVINO_THROW("there is no opset named '", name, "'; devmux has opset1 ... opset", opsets.size());
    return found->second();
}

std::shared_ptr<ov::Node> new_op(const std::string& opset, const std::string& type) {
    std::shared_ptr<ov::Node> node(opset_named(opset).create(type));
    if (!node)
        OPENVINO_THROW("op type '", type, "' is not in ", opset, " as devmux implements it (docs/ops.md)");
    return node;
}

std::vector<std::pair<std::string, std::string>> op_attributes(const ov::Node& node) {
    AttributeLister lister;
    const_cast<ov::Node&>(node).visit_attributes(lister);
    return lister.m_attributes;
}

// ReadValue and Assign of one variable_id made in Python share one Variable, as those of one IR do: the
// latest ReadValue made for an id defines it, and the Assign made for that id after it joins it.
std::map<std::string, std::weak_ptr<ov::op::util::Variable>>& python_variables() {
    static std::map<std::string, std::weak_ptr<ov::op::util::Variable>> variables;
    return variables;
}

void bind_variable(ov::Node& node, ov::op::util::VariableExtension& extension) {
    const std::string id = extension.get_variable_id();
    OPENVINO_ASSERT(!id.empty(), node.get_type_name(), " '", node.get_friendly_name(), "' needs a variable_id");
    auto& slot = python_variables()[id];
    auto variable = slot.lock();
    if (!variable || std::string(node.get_type_name()) == "ReadValue") {
        const bool has_input = node.get_input_size() > 0;
        variable = std::make_shared<ov::op::util::Variable>(ov::op::util::VariableInfo{
            has_input ? node.get_input_partial_shape(0) : ov::PartialShape::dynamic(),
            has_input ? node.get_input_element_type(0) : ov::element::dynamic, id});
        slot = variable;
    }
    extension.set_variable(variable);
}

std::shared_ptr<ov::Node> make_op(const std::string& opset, const std::string& type, const std::vector<Port>& inputs,
                                  const std::map<std::string, std::string>& attributes, const std::string& name) {
    auto node = new_op(opset, type);
    if (!name.empty())
        node->set_friendly_name(name);
    node->set_arguments(ov::OutputVector(inputs.begin(), inputs.end()));
    TextAttributeSetter setter(attributes);
    node->visit_attributes(setter);
    for (const auto& attribute : attributes) {
        if (setter.used().count(attribute.first))
            continue;
        std::string known;
        for (const auto& item : op_attributes(*node))
            known += (known.empty() ? "" : ", ") + item.first;
        OPENVINO_THROW(type, " (", opset, ") has no attribute '", attribute.first, "'; its attributes are: ",
                       known.empty() ? std::string("(none)") : known);
    }
    if (auto* extension = dynamic_cast<ov::op::util::VariableExtension*>(node.get()))
        bind_variable(*node, *extension);
    node->validate_and_infer_types();
    return node;
}

std::shared_ptr<ov::Node> make_constant(const py::array& array, const ov::element::Type& type) {
    const py::array contiguous = py::array::ensure(array, py::array::c_style);
    ov::Shape shape(contiguous.shape(), contiguous.shape() + contiguous.ndim());
    OPENVINO_ASSERT(type_of(contiguous.dtype()).size() == type.size(), "constant: the array's dtype and element type ",
                    type, " differ in size");
    return std::make_shared<ov::op::v0::Constant>(type, shape, contiguous.data());
}

// Model(results, parameters, name) / Model(results, sinks, parameters, name), with results given as
// Result nodes, other nodes (their output 0) or ports.
ov::ResultVector results_from_py(const py::handle& value) {
    ov::ResultVector results;
    auto add = [&](const py::handle& item) {
        if (py::isinstance<ov::Node>(item)) {
            auto node = item.cast<std::shared_ptr<ov::Node>>();
            if (auto result = ov::as_type_ptr<ov::op::v0::Result>(node))
                results.push_back(result);
            else
                results.push_back(std::make_shared<ov::op::v0::Result>(node->output(0)));
        } else if (py::isinstance<Port>(item)) {
            results.push_back(std::make_shared<ov::op::v0::Result>(item.cast<Port>()));
        } else {
            throw py::type_error("a model's results are nodes or outputs, not " + key_text(item));
        }
    };
    if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        for (const auto& item : value)
            add(item);
    } else {
        add(value);
    }
    return results;
}

template <class T>
std::vector<std::shared_ptr<T>> nodes_from_py(const py::handle& value, const char* what) {
    std::vector<std::shared_ptr<T>> nodes;
    if (value.is_none())
        return nodes;
    for (const auto& item : value) {
        auto node = item.cast<std::shared_ptr<ov::Node>>();
        auto typed = std::dynamic_pointer_cast<T>(node);
        if (!typed)
            throw py::type_error(std::string("a model's ") + what + " must be " + what + " nodes, not " +
                                 node->get_type_name() + " '" + node->get_friendly_name() + "'");
        nodes.push_back(typed);
    }
    return nodes;
}

std::vector<std::shared_ptr<ov::Node>> as_nodes(const std::vector<std::shared_ptr<ov::Node>>& nodes) { return nodes; }
template <class T>
std::vector<std::shared_ptr<ov::Node>> as_nodes(const std::vector<std::shared_ptr<T>>& nodes) {
    return std::vector<std::shared_ptr<ov::Node>>(nodes.begin(), nodes.end());
}

// A VariableState as Python sees it: its tensor reads come back as numpy views over the state's copy.
struct PyVariableState {
    ov::VariableState state;
    py::object request;  // the request it belongs to stays alive as long as the state object
};


// rt_info by path, as OpenVINO's Python spells it: get_rt_info("key") or get_rt_info(["outer", "inner"]),
// nested levels being maps. Values go to and from Python as property values do (any_from_py/any_to_py).
std::vector<std::string> rt_info_path(const py::object& path) {
    if (py::isinstance<py::str>(path))
        return {path.cast<std::string>()};
    return path.cast<std::vector<std::string>>();
}

const ov::Any* find_rt_info(const ov::RTMap& map, const std::vector<std::string>& path) {
    const ov::RTMap* level = &map;
    for (size_t i = 0; i < path.size(); ++i) {
        const auto found = level->find(path[i]);
        if (found == level->end())
            return nullptr;
        if (i + 1 == path.size())
            return &found->second;
        if (!found->second.is<ov::AnyMap>())
            return nullptr;
        level = &found->second.as<ov::AnyMap>();
    }
    return nullptr;
}

std::string path_text(const std::vector<std::string>& path) {
    std::string text;
    for (const auto& key : path)
        text += (text.empty() ? "" : "/") + key;
    return text;
}

py::object get_rt_info(const ov::RTMap& map, const py::object& path, const std::string& owner) {
    if (path.is_none())
        return any_to_py(ov::Any(map));
    const auto keys = rt_info_path(path);
    const ov::Any* value = find_rt_info(map, keys);
    if (!value)
        throw py::key_error("rt_info of " + owner + " has no entry '" + path_text(keys) + "'");
    return any_to_py(*value);
}

void set_rt_info(ov::RTMap& map, const py::object& value, const py::object& path) {
    const auto keys = rt_info_path(path);
    if (keys.empty())
        throw py::value_error("set_rt_info needs a key or a non-empty list of keys");
    ov::RTMap* level = &map;
    for (size_t i = 0; i + 1 < keys.size(); ++i) {
        ov::Any& next = (*level)[keys[i]];
        if (!next.is<ov::AnyMap>())
            next = ov::AnyMap{};
        level = &next.as<ov::AnyMap>();
    }
    (*level)[keys.back()] = any_from_py(value);
}
}  // namespace

// Called by atexit (openvino/__init__.py), before the interpreter finalizes: lets the runs still in flight
// finish, their Python callbacks included, then stops callbacks from entering Python and waits once more
// for the runs that a callback started or that were about to take the GIL. The requests are waited on
// through copies of their handles, so one freed meanwhile is not touched.
static void wait_for_requests_at_exit() {
    const auto wait_all = [] {
        std::vector<ov::InferRequest> running;
        {
            std::lock_guard<std::mutex> lock(g_live_requests_mutex);
            for (PyRequest* wrapped : g_live_requests)
                running.push_back(wrapped->request);
        }
        for (auto& request : running) {
            try {
                request.wait();
            } catch (...) {
                // The run's error belongs to the application, which has stopped asking for it.
            }
        }
    };
    py::gil_scoped_release release;
    wait_all();
    g_python_exiting.store(true);
    wait_all();
}

PYBIND11_MODULE(_pyopenvino, m) {
    m.doc() = "devmux's native bindings of the OpenVINO runtime API (use the `openvino` package)";
    m.def("_wait_for_requests_at_exit", &wait_for_requests_at_exit);

    m.def("get_version", [] {
        const auto version = ov::get_openvino_version();
        return std::string(version.buildNumber);
    });

    py::class_<ov::element::Type>(m, "Type")
        .def(py::init([](const py::object& value) {
                 if (py::isinstance<py::str>(value))
                     return ov::element::Type(value.cast<std::string>());
                 return type_of(py::dtype::from_args(value));
             }),
             py::arg("type"))
        .def_property_readonly_static("undefined", [](py::object) { return ov::element::undefined; })
        .def_property_readonly_static("dynamic", [](py::object) { return ov::element::dynamic; })
        .def_property_readonly_static("boolean", [](py::object) { return ov::element::boolean; })
        .def_property_readonly_static("bf16", [](py::object) { return ov::element::bf16; })
        .def_property_readonly_static("f16", [](py::object) { return ov::element::f16; })
        .def_property_readonly_static("f32", [](py::object) { return ov::element::f32; })
        .def_property_readonly_static("f64", [](py::object) { return ov::element::f64; })
        .def_property_readonly_static("i8", [](py::object) { return ov::element::i8; })
        .def_property_readonly_static("i16", [](py::object) { return ov::element::i16; })
        .def_property_readonly_static("i32", [](py::object) { return ov::element::i32; })
        .def_property_readonly_static("i64", [](py::object) { return ov::element::i64; })
        .def_property_readonly_static("u8", [](py::object) { return ov::element::u8; })
        .def_property_readonly_static("u16", [](py::object) { return ov::element::u16; })
        .def_property_readonly_static("u32", [](py::object) { return ov::element::u32; })
        .def_property_readonly_static("u64", [](py::object) { return ov::element::u64; })
        .def("get_type_name", &ov::element::Type::get_type_name)
        .def("to_string", &ov::element::Type::to_string)
        .def("to_dtype", &dtype_of)
        .def_property_readonly("size", &ov::element::Type::size)
        .def_property_readonly("bitwidth", &ov::element::Type::bitwidth)
        .def_property_readonly("is_real", &ov::element::Type::is_real)
        .def_property_readonly("is_signed", &ov::element::Type::is_signed)
        .def("is_static", &ov::element::Type::is_static)
        .def("is_dynamic", &ov::element::Type::is_dynamic)
        .def("__eq__", [](const ov::element::Type& a, const ov::element::Type& b) { return a == b; }, py::is_operator())
        .def("__hash__", [](const ov::element::Type& t) { return static_cast<int>(ov::element::Type_t(t)); })
        .def("__str__", &ov::element::Type::to_string)
        .def("__repr__", [](const ov::element::Type& t) { return "<Type: '" + t.to_string() + "'>"; });

    py::class_<ov::Shape>(m, "Shape")
        .def(py::init<>())
        .def(py::init([](const std::vector<size_t>& dims) { return ov::Shape(dims); }))
        .def("__len__", [](const ov::Shape& s) { return s.size(); })
        .def("__getitem__", [](const ov::Shape& s, py::ssize_t i) {
            if (i < 0)
                i += static_cast<py::ssize_t>(s.size());
            if (i < 0 || static_cast<size_t>(i) >= s.size())
                throw py::index_error("Shape index out of range");
            return s[static_cast<size_t>(i)];
        })
        .def("__iter__", [](const ov::Shape& s) { return py::make_iterator(s.begin(), s.end()); }, py::keep_alive<0, 1>())
        .def("to_list", [](const ov::Shape& s) { return std::vector<size_t>(s.begin(), s.end()); })
        .def("__eq__", [](const ov::Shape& a, const py::object& b) {
            return std::vector<size_t>(a.begin(), a.end()) == py::cast<std::vector<size_t>>(py::list(b));
        })
        .def("__str__", &ov::Shape::to_string)
        .def("__repr__", [](const ov::Shape& s) { return "<Shape: " + s.to_string() + ">"; });
    py::implicitly_convertible<py::list, ov::Shape>();
    py::implicitly_convertible<py::tuple, ov::Shape>();

    py::class_<ov::Dimension>(m, "Dimension")
        .def(py::init<>())
        .def(py::init<ov::Dimension::value_type>())
        .def(py::init<ov::Dimension::value_type, ov::Dimension::value_type>())
        .def("is_static", &ov::Dimension::is_static)
        .def("is_dynamic", &ov::Dimension::is_dynamic)
        .def_property_readonly("is_static", &ov::Dimension::is_static)
        .def_property_readonly("is_dynamic", &ov::Dimension::is_dynamic)
        .def("get_length", &ov::Dimension::get_length)
        .def("get_min_length", &ov::Dimension::get_min_length)
        .def("get_max_length", &ov::Dimension::get_max_length)
        .def("__eq__", [](const ov::Dimension& a, const ov::Dimension& b) { return a == b; }, py::is_operator())
        .def("__str__", [](const ov::Dimension& d) { std::ostringstream os; os << d; return os.str(); })
        .def("__repr__", [](const ov::Dimension& d) { std::ostringstream os; os << "<Dimension: " << d << ">"; return os.str(); });
    py::implicitly_convertible<py::int_, ov::Dimension>();

    py::class_<ov::PartialShape>(m, "PartialShape")
        .def(py::init([](const py::object& value) {
                 if (py::isinstance<py::str>(value))
                     return ov::PartialShape(value.cast<std::string>());
                 if (py::isinstance<ov::Shape>(value))
                     return ov::PartialShape(value.cast<ov::Shape>());
                 std::vector<ov::Dimension> dims;
                 for (const auto& item : value) {
                     if (py::isinstance<ov::Dimension>(item))
                         dims.push_back(item.cast<ov::Dimension>());
                     else if (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item))
                         dims.emplace_back(item.cast<py::sequence>()[0].cast<int64_t>(), item.cast<py::sequence>()[1].cast<int64_t>());
                     else
                         dims.emplace_back(item.cast<int64_t>());
                 }
                 return ov::PartialShape(dims);
             }),
             py::arg("shape"))
        .def_static("dynamic", [] { return ov::PartialShape::dynamic(); })
        .def_property_readonly("is_static", &ov::PartialShape::is_static)
        .def_property_readonly("is_dynamic", &ov::PartialShape::is_dynamic)
        .def_property_readonly("rank", &ov::PartialShape::rank)
        .def("to_shape", &ov::PartialShape::to_shape)
        .def("get_shape", &ov::PartialShape::get_shape)
        .def("compatible", &ov::PartialShape::compatible)
        .def("__len__", &ov::PartialShape::size)
        .def("__getitem__", [](const ov::PartialShape& s, size_t i) {
            if (i >= s.size())
                throw py::index_error("PartialShape index out of range");
            return s[i];
        })
        .def("__iter__", [](const ov::PartialShape& s) { return py::make_iterator(s.begin(), s.end()); }, py::keep_alive<0, 1>())
        .def("__eq__", [](const ov::PartialShape& a, const ov::PartialShape& b) { return a == b; }, py::is_operator())
        .def("__str__", &ov::PartialShape::to_string)
        .def("__repr__", [](const ov::PartialShape& s) { return "<PartialShape: " + s.to_string() + ">"; });
    py::implicitly_convertible<py::list, ov::PartialShape>();
    py::implicitly_convertible<py::tuple, ov::PartialShape>();
    py::implicitly_convertible<py::str, ov::PartialShape>();
    py::implicitly_convertible<ov::Shape, ov::PartialShape>();

    py::class_<ov::Node, std::shared_ptr<ov::Node>>(m, "Node")
        .def("get_type_name", [](const ov::Node& n) { return std::string(n.get_type_name()); })
        .def("get_type_info_version", [](const ov::Node& n) { return n.get_type_info().get_version(); })
        .def("get_name", &ov::Node::get_name)
        .def("get_friendly_name", &ov::Node::get_friendly_name)
        .def("set_friendly_name", &ov::Node::set_friendly_name)
        .def_property("friendly_name", &ov::Node::get_friendly_name, &ov::Node::set_friendly_name)
        .def_property_readonly("name", &ov::Node::get_name)
        .def("get_input_size", &ov::Node::get_input_size)
        .def("get_output_size", &ov::Node::get_output_size)
        .def("output", [](ov::Node& n, size_t i) { return n.output(i); }, py::arg("index"))
        .def("outputs", [](ov::Node& n) { return n.outputs(); })
        .def("input_value", &ov::Node::input_value, py::arg("index"))
        .def("input_values", &ov::Node::input_values)
        .def("get_output_element_type", &ov::Node::get_output_element_type, py::arg("index"))
        .def("get_output_partial_shape", &ov::Node::get_output_partial_shape, py::arg("index"))
        .def("get_output_shape", &ov::Node::get_output_shape, py::arg("index"))
        .def("get_input_element_type", &ov::Node::get_input_element_type, py::arg("index"))
        .def("get_input_partial_shape", &ov::Node::get_input_partial_shape, py::arg("index"))
        .def("get_input_shape", &ov::Node::get_input_shape, py::arg("index"))
        .def("get_element_type", &ov::Node::get_element_type)
        .def("get_shape", &ov::Node::get_shape)
        .def("validate_and_infer_types", &ov::Node::validate_and_infer_types)
        .def("get_rt_info", [](const ov::Node& n, const py::object& path) {
            return get_rt_info(n.get_rt_info(), path, std::string(n.get_type_name()) + " '" + n.get_friendly_name() + "'");
        }, py::arg("path") = py::none())
        .def("set_rt_info", [](ov::Node& n, const py::object& value, const py::object& path) {
            set_rt_info(n.get_rt_info(), value, path);
        }, py::arg("obj"), py::arg("path"))
        .def("get_attributes", [](ov::Node& n) {
            py::dict attributes;
            for (const auto& item : op_attributes(n))
                attributes[py::str(item.first)] = item.second;
            return attributes;
        })
        .def("get_data", [](const ov::Node& n) {
            // A Constant's values, copied into a new array.
            const auto* constant = ov::as_type<const ov::op::v0::Constant>(&n);
            if (!constant)
                throw py::type_error(std::string(n.get_type_name()) + " '" + n.get_friendly_name() + "' is not a Constant");
            const ov::Shape& shape = constant->get_shape();
            py::array out(dtype_of(constant->get_element_type()), std::vector<py::ssize_t>(shape.begin(), shape.end()));
            std::memcpy(out.mutable_data(), constant->get_data_ptr(), constant->get_byte_size());
            return out;
        })
        .def("__repr__", [](const ov::Node& n) {
            std::ostringstream os;
            os << "<" << n.get_type_name() << ": '" << n.get_friendly_name() << "' (";
            for (size_t i = 0; i < n.get_output_size(); ++i)
                os << (i ? ", " : "") << n.get_output_element_type(i) << n.get_output_partial_shape(i);
            os << ")>";
            return os.str();
        });

    m.def("_opset_types", [](const std::string& opset) {
        std::vector<std::pair<std::string, std::string>> types;
        for (const auto& info : opset_named(opset).get_types_info())
            types.emplace_back(info.name, info.get_version());
        return types;
    });
    m.def("_op_attributes", [](const std::string& opset, const std::string& type) {
        return op_attributes(*new_op(opset, type));
    });
    m.def("_make_op", &make_op, py::arg("opset"), py::arg("type"), py::arg("inputs"), py::arg("attributes"),
          py::arg("name") = "");
    m.def("_make_constant", [](const py::array& array, const ov::element::Type& type) {
        return std::static_pointer_cast<ov::Node>(make_constant(array, type));
    });
    m.def("_make_parameter", [](const ov::element::Type& type, const ov::PartialShape& shape) {
        return std::static_pointer_cast<ov::Node>(std::make_shared<ov::op::v0::Parameter>(type, shape));
    });
    m.def("_serialize", [](const std::shared_ptr<ov::Model>& model, const std::string& xml_path, const std::string& bin_path) {
        ov::serialize(model, xml_path, bin_path);
    }, py::arg("model"), py::arg("xml_path"), py::arg("bin_path") = "", py::call_guard<py::gil_scoped_release>());
    m.def("_save_model", [](const std::shared_ptr<ov::Model>& model, const std::string& output_model, bool compress_to_fp16) {
        ov::save_model(model, output_model, compress_to_fp16);
    }, py::arg("model"), py::arg("output_model"), py::arg("compress_to_fp16") = true,
       py::call_guard<py::gil_scoped_release>());
    m.def("get_batch", [](const std::shared_ptr<ov::Model>& model) { return ov::get_batch(model); }, py::arg("model"));
    m.def("_set_batch", [](const std::shared_ptr<ov::Model>& model, const ov::Dimension& batch) { ov::set_batch(model, batch); },
          py::arg("model"), py::arg("batch_size"));
    m.def("_make_result", [](const Port& value) {
        return std::static_pointer_cast<ov::Node>(std::make_shared<ov::op::v0::Result>(value));
    });

    // The tensor a port produces: its names are what model.input("name") and compiled({"name": x}) find.
    py::class_<ov::descriptor::Tensor>(m, "DescriptorTensor")
        .def("get_names", [](const ov::descriptor::Tensor& t) { return std::set<std::string>(t.get_names().begin(), t.get_names().end()); })
        .def("set_names", [](ov::descriptor::Tensor& t, const std::set<std::string>& names) {
            t.set_names(std::unordered_set<std::string>(names.begin(), names.end()));
        }, py::arg("names"))
        .def("add_names", [](ov::descriptor::Tensor& t, const std::set<std::string>& names) {
            t.add_names(std::unordered_set<std::string>(names.begin(), names.end()));
        }, py::arg("names"))
        .def("get_any_name", &ov::descriptor::Tensor::get_any_name)
        .def("get_element_type", &ov::descriptor::Tensor::get_element_type)
        .def("get_partial_shape", &ov::descriptor::Tensor::get_partial_shape);

    bind_port<ov::Node>(m, "Output");
    bind_port<const ov::Node>(m, "ConstOutput");
    py::implicitly_convertible<Port, ConstPort>();

    py::class_<PyTensor>(m, "Tensor")
        .def(py::init([](const py::array& array, bool shared_memory) { return tensor_from_array(array, shared_memory); }),
             py::arg("array"), py::arg("shared_memory") = false)
        .def(py::init([](const ov::element::Type& type, const ov::Shape& shape) {
                 return PyTensor{ov::Tensor(type, shape), py::none()};
             }),
             py::arg("type"), py::arg("shape"))
        .def_property_readonly("data", &tensor_view)
        .def_property("shape", [](const PyTensor& t) { return t.tensor.get_shape(); },
                      [](PyTensor& t, const ov::Shape& shape) { t.tensor.set_shape(shape); })
        .def("get_shape", [](const PyTensor& t) { return t.tensor.get_shape(); })
        .def("set_shape", [](PyTensor& t, const ov::Shape& shape) { t.tensor.set_shape(shape); })
        .def_property_readonly("element_type", [](const PyTensor& t) { return t.tensor.get_element_type(); })
        .def("get_element_type", [](const PyTensor& t) { return t.tensor.get_element_type(); })
        .def_property_readonly("size", [](const PyTensor& t) { return t.tensor.get_size(); })
        .def("get_size", [](const PyTensor& t) { return t.tensor.get_size(); })
        .def_property_readonly("byte_size", [](const PyTensor& t) { return t.tensor.get_byte_size(); })
        .def("get_byte_size", [](const PyTensor& t) { return t.tensor.get_byte_size(); })
        .def_property_readonly("strides", [](const PyTensor& t) {
            const ov::Strides byte_strides = t.tensor.get_strides();
            return std::vector<size_t>(byte_strides.begin(), byte_strides.end());
        })
        .def("is_continuous", [](const PyTensor& t) { return t.tensor.is_continuous(); })
        .def("copy_to", [](const PyTensor& t, PyTensor& dst) { t.tensor.copy_to(dst.tensor); })
        .def("__repr__", [](const PyTensor& t) {
            return "<Tensor: shape" + shape_text(t.tensor.get_shape()) + " type: " +
                   t.tensor.get_element_type().to_string() + ">";
        });

    py::class_<ov::Model, std::shared_ptr<ov::Model>>(m, "Model")
        .def(py::init([](const py::object& results, const py::object& second, const py::object& third,
                         const std::string& name, const py::object& sinks_kw, const py::object& parameters_kw) {
                 // Model(results, parameters, name) or Model(results, sinks, parameters, name), positional or
                 // by keyword, as OpenVINO accepts them.
                 py::object sinks = sinks_kw, parameters = parameters_kw;
                 std::string model_name = name;
                 if (!third.is_none() && !py::isinstance<py::str>(third)) {
                     sinks = second;
                     parameters = third;
                 } else {
                     if (!second.is_none())
                         parameters = second;
                     if (py::isinstance<py::str>(third))
                         model_name = third.cast<std::string>();
                 }
                 if (parameters.is_none())
                     throw py::type_error("Model(results, parameters, name) needs its parameters");
                 const auto result_nodes = results_from_py(results);
                 const auto parameter_nodes = nodes_from_py<ov::op::v0::Parameter>(parameters, "Parameter");
                 const auto sink_nodes = nodes_from_py<ov::op::Sink>(sinks, "Sink");
                 return std::make_shared<ov::Model>(result_nodes, sink_nodes, parameter_nodes, model_name);
             }),
             py::arg("results"), py::arg("parameters_or_sinks") = py::none(), py::arg("parameters_or_name") = py::none(),
             py::arg("name") = "", py::arg("sinks") = py::none(), py::arg("parameters") = py::none())
        .def("get_parameters", [](const ov::Model& model) { return as_nodes(model.get_parameters()); })
        .def("get_results", [](const ov::Model& model) { return as_nodes(model.get_results()); })
        .def("get_sinks", [](const ov::Model& model) { return as_nodes(model.get_sinks()); })
        .def("get_ordered_ops", [](const ov::Model& model) { return model.get_ordered_ops(); })
        .def("get_ops", [](const ov::Model& model) { return model.get_ops(); })
        .def_property_readonly("parameters", [](const ov::Model& model) { return as_nodes(model.get_parameters()); })
        .def_property_readonly("results", [](const ov::Model& model) { return as_nodes(model.get_results()); })
        .def("get_parameter_index", [](const ov::Model& model, const std::shared_ptr<ov::Node>& node) {
            return model.get_parameter_index(ov::as_type_ptr<ov::op::v0::Parameter>(node));
        })
        .def("get_variable_ids", [](const ov::Model& model) {
            std::vector<std::string> ids;
            for (const auto& variable : model.get_variables())
                ids.push_back(variable->get_info().variable_id);
            return ids;
        })
        .def("validate_nodes_and_infer_types", &ov::Model::validate_nodes_and_infer_types)
        .def("clone", [](const ov::Model& model) { return model.clone(); })
        .def_property_readonly("inputs", [](ov::Model& model) { return model.inputs(); })
        .def_property_readonly("outputs", [](ov::Model& model) { return model.outputs(); })
        .def("input", [](ov::Model& model) { return model.input(); })
        .def("input", [](ov::Model& model, size_t i) { return model.input(i); })
        .def("input", [](ov::Model& model, const std::string& name) { return model.input(name); })
        .def("output", [](ov::Model& model) { return model.output(); })
        .def("output", [](ov::Model& model, size_t i) { return model.output(i); })
        .def("output", [](ov::Model& model, const std::string& name) { return model.output(name); })
        .def("get_output_size", &ov::Model::get_output_size)
        .def("get_name", &ov::Model::get_name)
        .def("get_friendly_name", &ov::Model::get_friendly_name)
        .def("set_friendly_name", &ov::Model::set_friendly_name)
        .def_property("friendly_name", &ov::Model::get_friendly_name, &ov::Model::set_friendly_name)
        .def("is_dynamic", &ov::Model::is_dynamic)
        .def("get_rt_info", [](const ov::Model& model, const py::object& path) {
            return get_rt_info(model.get_rt_info(), path, "model '" + model.get_friendly_name() + "'");
        }, py::arg("path") = py::none())
        .def("set_rt_info", [](ov::Model& model, const py::object& value, const py::object& path) {
            set_rt_info(model.get_rt_info(), value, path);
        }, py::arg("obj"), py::arg("path"))
        .def("has_rt_info", [](const ov::Model& model, const py::object& path) {
            return find_rt_info(model.get_rt_info(), rt_info_path(path)) != nullptr;
        }, py::arg("path"))
        .def("_reshape_all", [](ov::Model& model, const ov::PartialShape& shape) { model.reshape(shape); })
        .def("_reshape_by_index", [](ov::Model& model, const std::map<size_t, ov::PartialShape>& shapes) { model.reshape(shapes); })
        .def("_reshape_by_name", [](ov::Model& model, const std::map<std::string, ov::PartialShape>& shapes) { model.reshape(shapes); })
        .def("_reshape_by_port", [](ov::Model& model, const std::vector<std::pair<Port, ov::PartialShape>>& shapes) {
            std::map<Port, ov::PartialShape> by_port(shapes.begin(), shapes.end());
            model.reshape(by_port);
        })
        .def("__repr__", [](const ov::Model& model) { return "<Model: '" + model.get_friendly_name() + "'>"; });

    // OpenVINO's ProfilingInfo: one node's counters, real_time and cpu_time as datetime.timedelta (pybind11/chrono.h
    // converts std::chrono::microseconds both ways), status a nested enum whose values are also the class's attributes.
    py::class_<ov::ProfilingInfo> profiling_info(m, "ProfilingInfo",
                                                 "Performance counters of one node of an inference");
    py::enum_<ov::ProfilingInfo::Status>(profiling_info, "Status")
        .value("NOT_RUN", ov::ProfilingInfo::Status::NOT_RUN)
        .value("OPTIMIZED_OUT", ov::ProfilingInfo::Status::OPTIMIZED_OUT)
        .value("EXECUTED", ov::ProfilingInfo::Status::EXECUTED)
        .export_values();
    profiling_info.def(py::init<>())
        .def_readwrite("status", &ov::ProfilingInfo::status)
        .def_readwrite("real_time", &ov::ProfilingInfo::real_time)
        .def_readwrite("cpu_time", &ov::ProfilingInfo::cpu_time)
        .def_readwrite("node_name", &ov::ProfilingInfo::node_name)
        .def_readwrite("exec_type", &ov::ProfilingInfo::exec_type)
        .def_readwrite("node_type", &ov::ProfilingInfo::node_type)
        .def("__repr__", [](const ov::ProfilingInfo& info) {
            // The status by the name the Status enum above registered for it.
            const auto status = py::cast(info.status).attr("name").cast<std::string>();
            std::ostringstream os;
            os << "<ProfilingInfo: node_name='" << info.node_name << "', node_type='" << info.node_type
               << "', exec_type='" << info.exec_type << "', status=" << status
               << ", real_time=" << info.real_time.count() << "us, cpu_time=" << info.cpu_time.count() << "us>";
            return os.str();
        });

    py::class_<PyRequest>(m, "InferRequest")
        .def("_set_tensor", &set_tensor_by_key)
        .def("set_tensor", &set_tensor_by_key, py::arg("key"), py::arg("tensor"))
        .def("set_input_tensor", [](PyRequest& self, size_t index, const py::object& tensor) {
            set_tensor_by_key(self, py::int_(index), tensor);
        })
        .def("set_input_tensor", [](PyRequest& self, const py::object& tensor) {
            set_tensor_by_key(self, py::int_(0), tensor);
        })
        .def("get_tensor", &get_tensor_by_key, py::arg("key"))
        .def("get_input_tensor", [](PyRequest& self, size_t i) { return PyTensor{self.request.get_input_tensor(i), py::none()}; },
             py::arg("index") = 0)
        .def("get_output_tensor", [](PyRequest& self, size_t i) { return PyTensor{self.request.get_output_tensor(i), py::none()}; },
             py::arg("index") = 0)
        .def("set_output_tensor", [](PyRequest& self, size_t index, const py::object& tensor_object) {
            self.request.set_output_tensor(index, tensor_object.cast<const PyTensor&>().tensor);
            self.kept_tensors["output:" + std::to_string(index)] = tensor_object;
        })
        .def("_infer", [](PyRequest& self) {
            self.mark_started();
            self.request.infer();
            self.mark_finished();
        }, py::call_guard<py::gil_scoped_release>())
        .def("_start_async", [](PyRequest& self) {
            self.mark_started();
            self.request.start_async();
        }, py::call_guard<py::gil_scoped_release>())
        .def("wait", [](PyRequest& self) { self.request.wait(); }, py::call_guard<py::gil_scoped_release>())
        .def("wait_for", [](PyRequest& self, int64_t milliseconds) {
            return self.request.wait_for(std::chrono::milliseconds(milliseconds));
        }, py::call_guard<py::gil_scoped_release>(), py::arg("timeout"))
        .def("cancel", [](PyRequest& self) { self.request.cancel(); })
        .def("set_callback", [](PyRequest& self, py::object callback, py::object userdata) {
            // Both are read by the C++ callback with the GIL held, as they are written here.
            self.has_python_callback.store(!callback.is_none());
            self.callback = std::move(callback);
            self.userdata = std::move(userdata);
        }, py::arg("callback"), py::arg("userdata") = py::none())
        .def_property_readonly("latency", [](const PyRequest& self) { return self.latency_ms.load(); })
        .def("_time_infer_from_cpp", [](PyRequest& self, size_t iterations) {
            // The baseline of benchmarks/python_overhead.py: the same request run from C++ as an application
            // writes it (infer, then copy each output out), timed per iteration in microseconds.
            std::vector<std::vector<char>> copies;
            for (const auto& output : self.request.get_compiled_model().outputs())
                copies.emplace_back(self.request.get_tensor(output).get_byte_size());
            std::vector<double> timings;
            timings.reserve(iterations);
            for (size_t i = 0; i < iterations; ++i) {
                const auto start = PyRequest::Clock::now();
                self.request.infer();
                for (size_t k = 0; k < copies.size(); ++k) {
                    const ov::Tensor output = self.request.get_output_tensor(k);
                    std::memcpy(copies[k].data(), output.data(), copies[k].size());
                }
                timings.push_back(std::chrono::duration<double, std::micro>(PyRequest::Clock::now() - start).count());
            }
            return timings;
        }, py::arg("iterations"), py::call_guard<py::gil_scoped_release>())
        .def_property_readonly("userdata", [](const PyRequest& self) { return self.userdata; })
        .def("query_state", [](const py::object& self) {
            std::vector<PyVariableState> states;
            for (auto& state : self.cast<PyRequest&>().request.query_state())
                states.push_back(PyVariableState{std::move(state), self});
            return states;
        })
        .def("reset_state", [](PyRequest& self) { self.request.reset_state(); })
        // A list of ProfilingInfo (empty unless the model was compiled with PERF_COUNT / enable_profiling).
        .def("get_profiling_info", [](PyRequest& self) {
            std::vector<ov::ProfilingInfo> records;
            {
                // A plugin may have to wait for the device to collect its counters.
                py::gil_scoped_release release;
                records = self.request.get_profiling_info();
            }
            return records;
        });

    py::class_<ov::CompiledModel>(m, "CompiledModel")
        .def_property_readonly("inputs", [](const ov::CompiledModel& c) { return c.inputs(); })
        .def_property_readonly("outputs", [](const ov::CompiledModel& c) { return c.outputs(); })
        .def("input", [](const ov::CompiledModel& c) { return c.input(); })
        .def("input", [](const ov::CompiledModel& c, size_t i) { return c.input(i); })
        .def("input", [](const ov::CompiledModel& c, const std::string& name) { return c.input(name); })
        .def("output", [](const ov::CompiledModel& c) { return c.output(); })
        .def("output", [](const ov::CompiledModel& c, size_t i) { return c.output(i); })
        .def("output", [](const ov::CompiledModel& c, const std::string& name) { return c.output(name); })
        .def("_create_infer_request", [](ov::CompiledModel& c) {
            ov::InferRequest request;
            {
                py::gil_scoped_release release;
                request = c.create_infer_request();
            }
            return std::make_unique<PyRequest>(std::move(request));
        }, py::keep_alive<0, 1>())
        .def("get_runtime_model", [](const ov::CompiledModel& c) {
            return std::const_pointer_cast<ov::Model>(c.get_runtime_model());
        })
        .def("get_property", [](const ov::CompiledModel& c, const std::string& name) { return any_to_py(c.get_property(name)); })
        .def("set_property", [](ov::CompiledModel& c, const py::dict& config) { c.set_property(any_map_from_py(config)); })
        .def("export_model", [](ov::CompiledModel& c) {
            std::ostringstream stream;
            c.export_model(stream);
            return py::bytes(stream.str());
        });

    // Compiled models keep their Core alive and requests their compiled model (py::keep_alive below),
    // so that whatever order Python's collector frees them in, C++ sees the order an application's
    // scopes give.
    py::class_<ov::Core>(m, "Core")
        .def(py::init<const std::string&>(), py::arg("xml_config_file") = "")
        .def_property_readonly("available_devices", &ov::Core::get_available_devices)
        .def("get_available_devices", &ov::Core::get_available_devices)
        .def("get_versions", [](const ov::Core& core, const std::string& device) {
            py::dict versions;
            for (const auto& item : core.get_versions(device))
                versions[py::str(item.first)] = py::make_tuple(item.second.buildNumber, item.second.description);
            return versions;
        })
        .def("read_model", [](const ov::Core& core, const std::string& path, const std::string& weights) {
            py::gil_scoped_release release;
            return core.read_model(path, weights);
        }, py::arg("model"), py::arg("weights") = "")
        .def("_read_model_from_memory", [](const ov::Core& core, const std::string& text, const py::object& weights) {
            ov::Tensor weight_tensor;
            std::string bytes;
            if (!weights.is_none()) {
                bytes = weights.cast<std::string>();
                weight_tensor = ov::Tensor(ov::element::u8, ov::Shape{bytes.size()});
                std::copy(bytes.begin(), bytes.end(), static_cast<char*>(weight_tensor.data()));
            }
            py::gil_scoped_release release;
            return core.read_model(text, weight_tensor);
        })
        .def("_compile_model", [](ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::string& device,
                                  const py::object& config) {
            const ov::AnyMap properties = any_map_from_py(config);
            py::gil_scoped_release release;
            return device.empty() ? core.compile_model(model, properties) : core.compile_model(model, device, properties);
        }, py::keep_alive<0, 1>())
        .def("_compile_model_path", [](ov::Core& core, const std::string& path, const std::string& device,
                                       const py::object& config) {
            const ov::AnyMap properties = any_map_from_py(config);
            py::gil_scoped_release release;
            return device.empty() ? core.compile_model(path, properties) : core.compile_model(path, device, properties);
        }, py::keep_alive<0, 1>())
        .def("import_model", [](ov::Core& core, const py::bytes& blob, const std::string& device, const py::object& config) {
            const ov::AnyMap properties = any_map_from_py(config);
            std::istringstream stream(blob.cast<std::string>());
            py::gil_scoped_release release;
            return core.import_model(stream, device, properties);
        }, py::arg("model_stream"), py::arg("device_name"), py::arg("config") = py::none(), py::keep_alive<0, 1>())
        .def("query_model", [](const ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::string& device,
                               const py::object& config) {
            return core.query_model(model, device, any_map_from_py(config));
        }, py::arg("model"), py::arg("device_name"), py::arg("config") = py::none())
        .def("_set_property", [](ov::Core& core, const std::string& device, const py::dict& config) {
            if (device.empty())
                core.set_property(any_map_from_py(config));
            else
                core.set_property(device, any_map_from_py(config));
        })
        .def("get_property", [](const ov::Core& core, const std::string& device, const std::string& name) {
            return any_to_py(core.get_property(device, name));
        }, py::arg("device_name"), py::arg("property"))
        .def("get_property", [](const ov::Core& core, const std::string& name) { return any_to_py(core.get_property(name)); },
             py::arg("property"))
        .def("register_plugin", [](ov::Core& core, const std::string& plugin, const std::string& device, const py::object& config) {
            core.register_plugin(plugin, device, any_map_from_py(config));
        }, py::arg("plugin_name"), py::arg("device_name"), py::arg("config") = py::none())
        .def("register_plugins", &ov::Core::register_plugins)
        .def("unload_plugin", &ov::Core::unload_plugin);

    // ---- Layout and openvino.layout_helpers
    py::class_<ov::Layout>(m, "Layout")
        .def(py::init<>())
        .def(py::init<const std::string&>(), py::arg("layout"))
        .def_static("scalar", &ov::Layout::scalar)
        .def("has_name", &ov::Layout::has_name, py::arg("dimension_name"))
        .def("get_index_by_name", &ov::Layout::get_index_by_name, py::arg("dimension_name"))
        .def("to_string", &ov::Layout::to_string)
        .def("empty", &ov::Layout::empty)
        .def_property_readonly("is_dynamic_rank", &ov::Layout::is_dynamic_rank)
        .def_property_readonly("rank", &ov::Layout::rank)
        .def("__eq__", [](const ov::Layout& a, const ov::Layout& b) { return a == b; }, py::is_operator())
        .def("__ne__", [](const ov::Layout& a, const ov::Layout& b) { return a != b; }, py::is_operator())
        .def("__hash__", [](const ov::Layout& l) { return std::hash<std::string>()(l.to_string()); })
        .def("__str__", &ov::Layout::to_string)
        .def("__repr__", [](const ov::Layout& l) { return "<Layout: '" + l.to_string() + "'>"; });
    py::implicitly_convertible<py::str, ov::Layout>();

    auto helpers = m.def_submodule("layout_helpers", "openvino.layout_helpers: which dimension of a layout is which");
    helpers.def("has_batch", &ov::layout::has_batch, py::arg("layout"));
    helpers.def("batch_idx", &ov::layout::batch_idx, py::arg("layout"));
    helpers.def("has_channels", &ov::layout::has_channels, py::arg("layout"));
    helpers.def("channels_idx", &ov::layout::channels_idx, py::arg("layout"));
    helpers.def("has_depth", &ov::layout::has_depth, py::arg("layout"));
    helpers.def("depth_idx", &ov::layout::depth_idx, py::arg("layout"));
    helpers.def("has_height", &ov::layout::has_height, py::arg("layout"));
    helpers.def("height_idx", &ov::layout::height_idx, py::arg("layout"));
    helpers.def("has_width", &ov::layout::has_width, py::arg("layout"));
    helpers.def("width_idx", &ov::layout::width_idx, py::arg("layout"));
    helpers.def("get_layout", [](const Port& port) { return ov::layout::get_layout(port); }, py::arg("port"));
    helpers.def("get_layout", [](const ConstPort& port) { return ov::layout::get_layout(port); }, py::arg("port"));
    helpers.def("set_layout", [](const Port& port, const ov::Layout& layout) { ov::layout::set_layout(port, layout); },
                py::arg("port"), py::arg("layout"));

    // ---- openvino.preprocess over ov::preprocess. The info objects live inside their PrePostProcessor:
    // each accessor keeps it alive (reference_internal) and the setters return the same Python object.
    namespace pp = ov::preprocess;
    auto preprocess = m.def_submodule("preprocess", "openvino.preprocess: PrePostProcessor and its parts");
    constexpr auto inner = py::return_value_policy::reference_internal;
    py::enum_<pp::ResizeAlgorithm>(preprocess, "ResizeAlgorithm")
        .value("RESIZE_LINEAR", pp::ResizeAlgorithm::RESIZE_LINEAR)
        .value("RESIZE_CUBIC", pp::ResizeAlgorithm::RESIZE_CUBIC)
        .value("RESIZE_NEAREST", pp::ResizeAlgorithm::RESIZE_NEAREST)
        .value("RESIZE_BILINEAR_PILLOW", pp::ResizeAlgorithm::RESIZE_BILINEAR_PILLOW)
        .value("RESIZE_BICUBIC_PILLOW", pp::ResizeAlgorithm::RESIZE_BICUBIC_PILLOW);
    py::enum_<pp::ColorFormat>(preprocess, "ColorFormat")
        .value("UNDEFINED", pp::ColorFormat::UNDEFINED)
        .value("NV12_SINGLE_PLANE", pp::ColorFormat::NV12_SINGLE_PLANE)
        .value("NV12_TWO_PLANES", pp::ColorFormat::NV12_TWO_PLANES)
        .value("I420_SINGLE_PLANE", pp::ColorFormat::I420_SINGLE_PLANE)
        .value("I420_THREE_PLANES", pp::ColorFormat::I420_THREE_PLANES)
        .value("RGB", pp::ColorFormat::RGB)
        .value("BGR", pp::ColorFormat::BGR)
        .value("GRAY", pp::ColorFormat::GRAY)
        .value("RGBX", pp::ColorFormat::RGBX)
        .value("BGRX", pp::ColorFormat::BGRX);

    // A Python callable as a custom step: it gets the port and returns a node (its output 0) or a port.
    auto custom_step = [](py::function callback) {
        return [callback](const Port& value) -> Port {
            py::gil_scoped_acquire acquire;
            py::object made = callback(value);
            if (py::isinstance<ov::Node>(made))
                return made.cast<std::shared_ptr<ov::Node>>()->output(0);
            return made.cast<Port>();
        };
    };

    py::class_<pp::InputTensorInfo>(preprocess, "InputTensorInfo")
        .def("set_element_type", &pp::InputTensorInfo::set_element_type, inner, py::arg("type"))
        .def("set_layout", &pp::InputTensorInfo::set_layout, inner, py::arg("layout"))
        .def("set_shape", &pp::InputTensorInfo::set_shape, inner, py::arg("shape"))
        .def("set_spatial_dynamic_shape", &pp::InputTensorInfo::set_spatial_dynamic_shape, inner)
        .def("set_spatial_static_shape", &pp::InputTensorInfo::set_spatial_static_shape, inner, py::arg("height"),
             py::arg("width"))
        .def("set_color_format", &pp::InputTensorInfo::set_color_format, inner, py::arg("format"),
             py::arg("sub_names") = std::vector<std::string>{})
        .def("set_memory_type", &pp::InputTensorInfo::set_memory_type, inner, py::arg("memory_type"))
        .def("set_from", [](pp::InputTensorInfo& self, const py::object& value) -> pp::InputTensorInfo& {
            if (py::isinstance<PyTensor>(value))
                return self.set_from(value.cast<const PyTensor&>().tensor);
            return self.set_from(tensor_from_array(value.cast<py::array>(), false).tensor);
        }, inner, py::arg("runtime_tensor"));
    py::class_<pp::PreProcessSteps>(preprocess, "PreProcessSteps")
        .def("convert_element_type", &pp::PreProcessSteps::convert_element_type, inner,
             py::arg("type") = ov::element::Type{})
        .def("convert_color", &pp::PreProcessSteps::convert_color, inner, py::arg("dst_format"))
        .def("scale", py::overload_cast<float>(&pp::PreProcessSteps::scale), inner, py::arg("value"))
        .def("scale", py::overload_cast<const std::vector<float>&>(&pp::PreProcessSteps::scale), inner, py::arg("values"))
        .def("mean", py::overload_cast<float>(&pp::PreProcessSteps::mean), inner, py::arg("value"))
        .def("mean", py::overload_cast<const std::vector<float>&>(&pp::PreProcessSteps::mean), inner, py::arg("values"))
        .def("resize", py::overload_cast<pp::ResizeAlgorithm, size_t, size_t>(&pp::PreProcessSteps::resize), inner,
             py::arg("alg"), py::arg("dst_height"), py::arg("dst_width"))
        .def("resize", py::overload_cast<pp::ResizeAlgorithm>(&pp::PreProcessSteps::resize), inner, py::arg("alg"))
        .def("crop", &pp::PreProcessSteps::crop, inner, py::arg("begin"), py::arg("end"))
        .def("convert_layout", py::overload_cast<const ov::Layout&>(&pp::PreProcessSteps::convert_layout), inner,
             py::arg("dst_layout") = ov::Layout())
        .def("convert_layout", py::overload_cast<const std::vector<uint64_t>&>(&pp::PreProcessSteps::convert_layout),
             inner, py::arg("dims"))
        .def("reverse_channels", &pp::PreProcessSteps::reverse_channels, inner)
        .def("custom", [custom_step](pp::PreProcessSteps& self, py::function callback) -> pp::PreProcessSteps& {
            return self.custom(custom_step(std::move(callback)));
        }, inner, py::arg("operation"));
    py::class_<pp::InputModelInfo>(preprocess, "InputModelInfo")
        .def("set_layout", &pp::InputModelInfo::set_layout, inner, py::arg("layout"));
    py::class_<pp::InputInfo>(preprocess, "InputInfo")
        .def("tensor", &pp::InputInfo::tensor, inner)
        .def("preprocess", &pp::InputInfo::preprocess, inner)
        .def("model", &pp::InputInfo::model, inner);
    py::class_<pp::OutputTensorInfo>(preprocess, "OutputTensorInfo")
        .def("set_element_type", &pp::OutputTensorInfo::set_element_type, inner, py::arg("type"))
        .def("set_layout", &pp::OutputTensorInfo::set_layout, inner, py::arg("layout"));
    py::class_<pp::PostProcessSteps>(preprocess, "PostProcessSteps")
        .def("convert_element_type", &pp::PostProcessSteps::convert_element_type, inner,
             py::arg("type") = ov::element::Type{})
        .def("convert_layout", py::overload_cast<const ov::Layout&>(&pp::PostProcessSteps::convert_layout), inner,
             py::arg("dst_layout") = ov::Layout())
        .def("convert_layout", py::overload_cast<const std::vector<uint64_t>&>(&pp::PostProcessSteps::convert_layout),
             inner, py::arg("dims"))
        .def("custom", [custom_step](pp::PostProcessSteps& self, py::function callback) -> pp::PostProcessSteps& {
            return self.custom(custom_step(std::move(callback)));
        }, inner, py::arg("operation"));
    py::class_<pp::OutputModelInfo>(preprocess, "OutputModelInfo")
        .def("set_layout", &pp::OutputModelInfo::set_layout, inner, py::arg("layout"));
    py::class_<pp::OutputInfo>(preprocess, "OutputInfo")
        .def("tensor", &pp::OutputInfo::tensor, inner)
        .def("postprocess", &pp::OutputInfo::postprocess, inner)
        .def("model", &pp::OutputInfo::model, inner);
    py::class_<pp::PrePostProcessor>(preprocess, "PrePostProcessor")
        .def(py::init<const std::shared_ptr<ov::Model>&>(), py::arg("model"))
        .def("input", py::overload_cast<>(&pp::PrePostProcessor::input), inner)
        .def("input", py::overload_cast<size_t>(&pp::PrePostProcessor::input), inner, py::arg("input_index"))
        .def("input", py::overload_cast<const std::string&>(&pp::PrePostProcessor::input), inner, py::arg("tensor_name"))
        .def("output", py::overload_cast<>(&pp::PrePostProcessor::output), inner)
        .def("output", py::overload_cast<size_t>(&pp::PrePostProcessor::output), inner, py::arg("output_index"))
        .def("output", py::overload_cast<const std::string&>(&pp::PrePostProcessor::output), inner,
             py::arg("tensor_name"))
        .def("build", &pp::PrePostProcessor::build)
        .def("__str__", [](const pp::PrePostProcessor& self) {
            std::ostringstream os;
            os << self;
            return os.str();
        });

    // ---- VariableState: the state of a stateful model's ReadValue/Assign pairs, per request.
    py::class_<PyVariableState>(m, "VariableState")
        .def("reset", [](PyVariableState& self) { self.state.reset(); })
        .def("get_name", [](const PyVariableState& self) { return self.state.get_name(); })
        .def_property_readonly("name", [](const PyVariableState& self) { return self.state.get_name(); })
        .def("get_state", [](const PyVariableState& self) { return PyTensor{self.state.get_state(), py::none()}; })
        .def("set_state", [](PyVariableState& self, const PyTensor& tensor) { self.state.set_state(tensor.tensor); },
             py::arg("state"))
        .def_property("state", [](const PyVariableState& self) { return PyTensor{self.state.get_state(), py::none()}; },
                      [](PyVariableState& self, const PyTensor& tensor) { self.state.set_state(tensor.tensor); })
        .def("__repr__", [](const PyVariableState& self) { return "<VariableState: '" + self.state.get_name() + "'>"; });
}
