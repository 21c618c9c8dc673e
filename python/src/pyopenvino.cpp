// SPDX-License-Identifier: Apache-2.0
// openvino._pyopenvino: the native half of the `openvino` Python package, a thin pybind11 layer over the
// ov:: C++ API. The pure-Python half (python/openvino) adds what OpenVINO's Python API does in Python:
// inputs given as dicts/lists of arrays, results as a dict-like, AsyncInferQueue, the properties modules.
// One translation unit on purpose: pybind11 code is slow to compile and the machine has two cores.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "openvino/openvino.hpp"

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
        py::list names;
        for (const auto& name : any.as<std::vector<ov::PropertyName>>())
            names.append(py::str(static_cast<const std::string&>(name)));
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

// An InferRequest as Python sees it. It keeps the Python objects the C++ request points at (tensors
// over numpy memory, the callback) and drops them only with the GIL held.
struct PyRequest {
    ov::InferRequest request;
    std::map<std::string, py::object> kept_tensors;
    py::object callback = py::none();
    py::object userdata = py::none();

    explicit PyRequest(ov::InferRequest r) : request(std::move(r)) {}
    PyRequest(const PyRequest&) = delete;
    PyRequest& operator=(const PyRequest&) = delete;
    ~PyRequest() {
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

}  // namespace

PYBIND11_MODULE(_pyopenvino, m) {
    m.doc() = "devmux's native bindings of the OpenVINO runtime API (use the `openvino` package)";

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
        .def("_reshape_all", [](ov::Model& model, const ov::PartialShape& shape) { model.reshape(shape); })
        .def("_reshape_by_index", [](ov::Model& model, const std::map<size_t, ov::PartialShape>& shapes) { model.reshape(shapes); })
        .def("_reshape_by_name", [](ov::Model& model, const std::map<std::string, ov::PartialShape>& shapes) { model.reshape(shapes); })
        .def("_reshape_by_port", [](ov::Model& model, const std::vector<std::pair<Port, ov::PartialShape>>& shapes) {
            std::map<Port, ov::PartialShape> by_port(shapes.begin(), shapes.end());
            model.reshape(by_port);
        })
        .def("__repr__", [](const ov::Model& model) { return "<Model: '" + model.get_friendly_name() + "'>"; });

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
        .def("_infer", [](PyRequest& self) { self.request.infer(); }, py::call_guard<py::gil_scoped_release>())
        .def("_start_async", [](PyRequest& self) { self.request.start_async(); }, py::call_guard<py::gil_scoped_release>())
        .def("wait", [](PyRequest& self) { self.request.wait(); }, py::call_guard<py::gil_scoped_release>())
        .def("wait_for", [](PyRequest& self, int64_t milliseconds) {
            return self.request.wait_for(std::chrono::milliseconds(milliseconds));
        }, py::call_guard<py::gil_scoped_release>(), py::arg("timeout"))
        .def("cancel", [](PyRequest& self) { self.request.cancel(); })
        .def("set_callback", [](PyRequest& self, py::object callback, py::object userdata) {
            self.callback = std::move(callback);
            self.userdata = std::move(userdata);
            PyRequest* target = &self;
            self.request.set_callback([target](std::exception_ptr error) {
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
        }, py::arg("callback"), py::arg("userdata") = py::none())
        .def_property_readonly("userdata", [](const PyRequest& self) { return self.userdata; })
        .def("get_profiling_info", [](PyRequest& self) {
            py::list rows;
            for (const auto& info : self.request.get_profiling_info()) {
                py::dict row;
                row["node_name"] = info.node_name;
                row["node_type"] = info.node_type;
                row["exec_type"] = info.exec_type;
                row["real_time_us"] = info.real_time.count();
                row["cpu_time_us"] = info.cpu_time.count();
                row["status"] = static_cast<int>(info.status);
                rows.append(row);
            }
            return rows;
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
}
