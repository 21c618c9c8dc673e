// SPDX-License-Identifier: Apache-2.0
#include "onnx_reader.hpp"

#include <fcntl.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

#include "devmux/kit/known_value.hpp"
#include "graph_converter.hpp"
#include "ir/ir_common.hpp"
#include "openvino/op/result.hpp"

namespace devmux {
namespace onnx_frontend {
namespace fs = std::filesystem;

namespace {

// The largest model file read: protobuf's own limit for one message is 2 GiB.
constexpr size_t max_model_bytes = size_t(2) << 30;
// A tensor's element count above this is refused before anything is allocated (a hostile file can claim
// dims whose product overflows or exceeds any memory).
constexpr uint64_t max_tensor_elements = uint64_t(1) << 34;

template <typename T>
void check_count(const google::protobuf::RepeatedField<T>& field, size_t count, const std::string& where) {
    OPENVINO_ASSERT(static_cast<size_t>(field.size()) == count, where, " holds ", field.size(), " values for ", count,
                    " elements");
}

}  // namespace

// A whole file mapped into memory, unmapped when the last Constant that shares it goes. Mapped, not read: the
// page cache's pages are used in place, so the weights are neither copied nor zero-filled first.
class MappedFile {
public:
    /// `writable`: mapped copy-on-write, so a kernel that writes into a Constant changes its own copy of a page
    /// instead of faulting. Throws naming `what` when the file cannot be opened or mapped.
    MappedFile(const std::string& path, bool writable, bool populate, const std::string& what) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        OPENVINO_ASSERT(fd >= 0, what, ": cannot open '", path, "': ", std::strerror(errno));
        struct stat info {};
        const bool stat_ok = ::fstat(fd, &info) == 0;
        const int stat_errno = errno;
        if (!stat_ok || !S_ISREG(info.st_mode)) {
            ::close(fd);
            OPENVINO_ASSERT(stat_ok, what, ": cannot read '", path, "': ", std::strerror(stat_errno));
            OPENVINO_THROW(what, ": '", path, "' is not a regular file");
        }
        m_size = static_cast<size_t>(info.st_size);
        if (m_size > 0) {
            void* mapped = ::mmap(nullptr, m_size, writable ? PROT_READ | PROT_WRITE : PROT_READ,
                                  MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
            const int map_errno = errno;
            ::close(fd);
            OPENVINO_ASSERT(mapped != MAP_FAILED, what, ": cannot map '", path, "' (", m_size,
                            " bytes): ", std::strerror(map_errno));
            m_data = static_cast<const char*>(mapped);
        } else {
            ::close(fd);
        }
    }
    ~MappedFile() {
        if (m_data)
            ::munmap(const_cast<char*>(m_data), m_size);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const char* data() const { return m_data; }
    size_t size() const { return m_size; }

private:
    const char* m_data = nullptr;
    size_t m_size = 0;
};

// The external data files of one model (its graph and every body), by path: each is mapped once.
class ExternalFiles {
public:
    explicit ExternalFiles(std::string model_dir) : m_model_dir(std::move(model_dir)) {}

    // The bytes of `tensor`'s external data and the mapping that holds them.
    std::pair<std::shared_ptr<const MappedFile>, const char*> locate(const onnx::TensorProto& tensor, size_t bytes,
                                                                      const std::string& where) {
        std::string location;
        uint64_t offset = 0;
        int64_t length = -1;
        try {
            for (const auto& entry : tensor.external_data()) {
                if (entry.key() == "location")
                    location = entry.value();
                else if (entry.key() == "offset")
                    offset = std::stoull(entry.value());
                else if (entry.key() == "length")
                    length = std::stoll(entry.value());
            }
        } catch (const std::exception&) {
            OPENVINO_THROW(where, " has an external data offset or length that is not a number");
        }
        OPENVINO_ASSERT(!location.empty(), where, " is stored externally but names no location");
        OPENVINO_ASSERT(!m_model_dir.empty(), where, " is stored in the external file '", location,
                        "', but a model read from memory has no folder to read it from");
        const fs::path relative(location);
        bool escapes = relative.is_absolute();
        for (const auto& part : relative)
            escapes = escapes || part == "..";
        OPENVINO_ASSERT(!escapes, where, " names the external file '", location,
                        "', which is outside the model's folder; external data is read only from inside it");
        const std::string path = (fs::path(m_model_dir) / relative).lexically_normal().string();
        auto& file = m_files[path];
        if (!file)
            file = std::make_shared<const MappedFile>(path, true, false, where + ": its external data file");
        const uint64_t size = file->size();
        OPENVINO_ASSERT(length < 0 || static_cast<uint64_t>(length) == bytes, where, ": its external data length ",
                        length, " is not the ", bytes, " bytes its shape and type need");
        OPENVINO_ASSERT(offset <= size && bytes <= size - offset, where, ": the external file '", path, "' has ",
                        size, " bytes, too few for ", bytes, " bytes at offset ", offset);
        return {file, file->data() + offset};
    }

private:
    std::string m_model_dir;
    std::map<std::string, std::shared_ptr<const MappedFile>> m_files;
};

namespace {

// A Constant over `data`, shared with `owner` (kept alive by the Constant) where the data is aligned for the
// element type (typed kernels read constants through typed pointers), else copied.
std::shared_ptr<ov::op::v0::Constant> constant_over(const ov::element::Type& type, const ov::Shape& shape,
                                                    std::shared_ptr<const void> owner, const void* data) {
    const size_t alignment = std::max<size_t>(type.size(), 1);
    if (owner && reinterpret_cast<uintptr_t>(data) % alignment == 0)
        return std::make_shared<ov::op::v0::Constant>(type, shape, std::move(owner), data);
    return std::make_shared<ov::op::v0::Constant>(type, shape, data);
}

std::map<std::string, int64_t> opset_imports(const onnx::ModelProto& model) {
    std::map<std::string, int64_t> opsets;
    for (const auto& import : model.opset_import())
        opsets[import.domain() == "ai.onnx" ? std::string() : import.domain()] = import.version();
    // ONNX: a model with no import of the default domain was written for opset 1 (IR version 3 and older
    // models name none).
    opsets.emplace(std::string(), 1);
    return opsets;
}

std::shared_ptr<ov::Model> convert_model(const std::shared_ptr<const onnx::ModelProto>& model_proto,
                                         const std::string& model_dir, const std::string& origin) {
    const onnx::ModelProto& proto = *model_proto;
    OPENVINO_ASSERT(proto.has_graph(), "ONNX model '", origin, "' has no graph");
    GraphConverter converter(origin, model_dir, opset_imports(proto), model_proto);
    const ov::OutputVector outputs = converter.convert(proto.graph());
    ov::ResultVector results;
    for (size_t i = 0; i < outputs.size(); ++i) {
        auto result = std::make_shared<ov::op::v0::Result>(outputs[i]);
        result->set_friendly_name(proto.graph().output(static_cast<int>(i)).name() + "/sink_port_0");
        results.push_back(result);
    }
    auto model = std::make_shared<ov::Model>(results, converter.parameters(),
                                             proto.graph().name().empty() ? std::string("onnx_model")
                                                                          : proto.graph().name());
    return model;
}

std::shared_ptr<const onnx::ModelProto> parse(const char* bytes, size_t size, const std::string& origin) {
    OPENVINO_ASSERT(size < max_model_bytes, "ONNX model '", origin, "' is larger than 2 GiB");
    google::protobuf::io::ArrayInputStream raw(bytes, static_cast<int>(size));
    google::protobuf::io::CodedInputStream coded(&raw);
    coded.SetTotalBytesLimit(static_cast<int>(std::min<size_t>(size + 1, std::numeric_limits<int>::max())));
    coded.SetRecursionLimit(64);
    auto model = std::make_shared<onnx::ModelProto>();
    OPENVINO_ASSERT(model->ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage(), "ONNX model '", origin,
                    "' is not a valid ONNX file (the protobuf could not be parsed: truncated or not ONNX)");
    return model;
}

std::shared_ptr<ov::Model> convert_parsed(const std::shared_ptr<const onnx::ModelProto>& proto,
                                          const std::string& model_dir, const std::string& origin) {
    try {
        return convert_model(proto, model_dir, origin);
    } catch (const ov::Exception&) {
        throw;
    } catch (const std::exception& e) {
        OPENVINO_THROW("ONNX model '", origin, "' could not be read: ", e.what());
    }
}

}  // namespace

ov::element::Type element_type_of(int32_t onnx_type, const std::string& where) {
    using T = onnx::TensorProto;
    switch (onnx_type) {
    case T::FLOAT: return ov::element::f32;
    case T::UINT8: return ov::element::u8;
    case T::INT8: return ov::element::i8;
    case T::UINT16: return ov::element::u16;
    case T::INT16: return ov::element::i16;
    case T::INT32: return ov::element::i32;
    case T::INT64: return ov::element::i64;
    case T::BOOL: return ov::element::boolean;
    case T::FLOAT16: return ov::element::f16;
    case T::DOUBLE: return ov::element::f64;
    case T::UINT32: return ov::element::u32;
    case T::UINT64: return ov::element::u64;
    case T::BFLOAT16: return ov::element::bf16;
    default: break;
    }
    const auto* descriptor = T::DataType_descriptor()->FindValueByNumber(onnx_type);
    OPENVINO_THROW(where, " has the element type ", descriptor ? descriptor->name() : std::to_string(onnx_type),
                   ", which devmux does not convert");
}

namespace {

// `tensor` as a Constant. Its bytes are shared, not copied, with `owner` (the protobuf that holds `tensor`) for
// raw data and the wide typed fields, and with the mapped file for external data; narrow types stored widened
// in int32_data are converted into fresh storage.
std::shared_ptr<ov::op::v0::Constant> tensor_to_constant(const onnx::TensorProto& tensor,
                                                          const std::shared_ptr<const void>& owner,
                                                          ExternalFiles& external, const std::string& where_in) {
    const std::string where = where_in + (tensor.name().empty() ? "" : " tensor '" + tensor.name() + "'");
    OPENVINO_ASSERT(tensor.has_data_type(), where, " has no data type");
    const ov::element::Type type = element_type_of(tensor.data_type(), where);
    ov::Shape shape;
    uint64_t count = 1;
    for (const auto dim : tensor.dims()) {
        OPENVINO_ASSERT(dim >= 0, where, " has the negative dimension ", dim);
        shape.push_back(static_cast<size_t>(dim));
        OPENVINO_ASSERT(dim == 0 || count <= max_tensor_elements / static_cast<uint64_t>(dim), where,
                        " has more elements than devmux reads (its dims multiply past 2^34)");
        count *= static_cast<uint64_t>(dim);
    }
    const size_t bytes = static_cast<size_t>(count) * type.size();
    using T = onnx::TensorProto;
    if (tensor.data_location() == T::EXTERNAL) {
        const auto located = external.locate(tensor, bytes, where);
        if (bytes == 0)
            return std::make_shared<ov::op::v0::Constant>(type, shape);
        return constant_over(type, shape, located.first, located.second);
    }
    if (tensor.has_raw_data()) {
        OPENVINO_ASSERT(tensor.raw_data().size() == bytes, where, " holds ", tensor.raw_data().size(),
                        " bytes of raw data for ", count, " elements of ", type, " (", bytes, " bytes)");
        if (bytes == 0)
            return std::make_shared<ov::op::v0::Constant>(type, shape);
        return constant_over(type, shape, owner, tensor.raw_data().data());
    }
    const size_t n = static_cast<size_t>(count);
    const auto share_field = [&](const auto& field) {
        check_count(field, n, where);
        if (n == 0)
            return std::make_shared<ov::op::v0::Constant>(type, shape);
        return constant_over(type, shape, owner, field.data());
    };
    switch (tensor.data_type()) {
    case T::FLOAT: return share_field(tensor.float_data());
    case T::DOUBLE: return share_field(tensor.double_data());
    case T::INT64: return share_field(tensor.int64_data());
    case T::INT32: return share_field(tensor.int32_data());
    case T::UINT64: return share_field(tensor.uint64_data());
    default: break;
    }
    auto constant = std::make_shared<ov::op::v0::Constant>(type, shape);
    auto* data = static_cast<char*>(const_cast<void*>(constant->get_data_ptr()));
    if (tensor.data_type() == T::UINT32) {
        check_count(tensor.uint64_data(), n, where);
        for (size_t i = 0; i < n; ++i)
            reinterpret_cast<uint32_t*>(data)[i] = static_cast<uint32_t>(tensor.uint64_data(static_cast<int>(i)));
        return constant;
    }
    // The narrower types (8 and 16 bits, bool, f16 and bf16 as their bits) are stored in int32_data.
    check_count(tensor.int32_data(), n, where);
    for (size_t i = 0; i < n; ++i) {
        const int32_t value = tensor.int32_data(static_cast<int>(i));
        if (type.size() == 1)
            data[i] = static_cast<char>(type == ov::element::boolean ? (value != 0) : value);
        else
            reinterpret_cast<uint16_t*>(data)[i] = static_cast<uint16_t>(value);
    }
    return constant;
}

}  // namespace

// --- NodeContext ---

std::string NodeContext::describe() const {
    std::ostringstream text;
    text << "node '" << (m_node.name().empty() ? (m_node.output_size() ? m_node.output(0) : std::string()) : m_node.name())
         << "' (" << m_node.op_type();
    if (!m_node.domain().empty() && m_node.domain() != "ai.onnx")
        text << ", domain " << m_node.domain();
    text << ", opset " << m_opset << ")";
    return text.str();
}

void NodeContext::fail(const std::string& why) const {
    OPENVINO_THROW("ONNX model '", m_graph.origin(), "': ", describe(), " ", why);
}

ov::Output<ov::Node> NodeContext::input(size_t i) const {
    if (!has_input(i))
        fail("needs input " + std::to_string(i) + ", which is not given");
    return m_inputs[i];
}

bool NodeContext::input_is_constant(size_t i) const {
    return has_input(i) && devmux::kit::known_value(m_inputs[i]) != nullptr;
}

std::vector<int64_t> NodeContext::const_ints(size_t i, const char* what) const {
    const auto value = has_input(i) ? devmux::kit::known_value(m_inputs[i]) : nullptr;
    if (!value)
        fail(std::string("needs its ") + what + " (input " + std::to_string(i) +
             ") known when the model is read; it is computed at run time");
    return value->cast_vector<int64_t>();
}

std::vector<double> NodeContext::const_floats(size_t i, const char* what) const {
    const auto value = has_input(i) ? devmux::kit::known_value(m_inputs[i]) : nullptr;
    if (!value)
        fail(std::string("needs its ") + what + " (input " + std::to_string(i) +
             ") known when the model is read; it is computed at run time");
    return value->cast_vector<double>();
}

const onnx::AttributeProto* NodeContext::attr(const std::string& name) const {
    for (const auto& a : m_node.attribute())
        if (a.name() == name)
            return &a;
    return nullptr;
}

int64_t NodeContext::attr_int(const std::string& name, int64_t fallback) const {
    const auto* a = attr(name);
    return a ? a->i() : fallback;
}

int64_t NodeContext::attr_int(const std::string& name) const {
    const auto* a = attr(name);
    if (!a)
        fail("has no attribute '" + name + "', which it needs");
    return a->i();
}

float NodeContext::attr_float(const std::string& name, float fallback) const {
    const auto* a = attr(name);
    return a ? a->f() : fallback;
}

std::string NodeContext::attr_string(const std::string& name, const std::string& fallback) const {
    const auto* a = attr(name);
    return a ? a->s() : fallback;
}

std::vector<int64_t> NodeContext::attr_ints(const std::string& name, std::vector<int64_t> fallback) const {
    const auto* a = attr(name);
    return a ? std::vector<int64_t>(a->ints().begin(), a->ints().end()) : fallback;
}

std::vector<float> NodeContext::attr_floats(const std::string& name, std::vector<float> fallback) const {
    const auto* a = attr(name);
    return a ? std::vector<float>(a->floats().begin(), a->floats().end()) : fallback;
}

const onnx::TensorProto* NodeContext::attr_tensor(const std::string& name) const {
    const auto* a = attr(name);
    return a && a->has_t() ? &a->t() : nullptr;
}

const onnx::GraphProto* NodeContext::attr_graph(const std::string& name) const {
    const auto* a = attr(name);
    return a && a->has_g() ? &a->g() : nullptr;
}

// --- GraphConverter ---

GraphConverter::GraphConverter(std::string origin, std::string model_dir, std::map<std::string, int64_t> opsets,
                               std::shared_ptr<const void> graph_owner, GraphConverter* parent)
    : m_origin(std::move(origin)),
      m_model_dir(std::move(model_dir)),
      m_opsets(std::move(opsets)),
      m_graph_owner(std::move(graph_owner)),
      m_external_files(parent ? parent->m_external_files : std::make_shared<ExternalFiles>(m_model_dir)),
      m_parent(parent) {}

std::shared_ptr<ov::op::v0::Constant> GraphConverter::constant(const onnx::TensorProto& tensor,
                                                               const std::string& where) {
    return tensor_to_constant(tensor, m_graph_owner, *m_external_files, where);
}

bool GraphConverter::has_value(const std::string& name) const {
    return m_values.count(name) || (m_parent && m_parent->has_value(name));
}

ov::Output<ov::Node> GraphConverter::value(const std::string& name, const std::string& reader) {
    const auto found = m_values.find(name);
    if (found != m_values.end())
        return found->second;
    return outer_value(name, reader);
}

bool GraphConverter::has_sequence(const std::string& name) const {
    return m_sequences.count(name) || (!m_values.count(name) && m_parent && m_parent->has_sequence(name));
}

const GraphConverter::Sequence& GraphConverter::sequence(const std::string& name, const std::string& reader) const {
    const auto found = m_sequences.find(name);
    if (found != m_sequences.end())
        return found->second;
    if (has_sequence(name))
        OPENVINO_THROW("ONNX model '", m_origin, "': ", reader, " reads the sequence '", name,
                       "' of an enclosing graph; a sequence is resolved while converting, as a list of tensors, and "
                       "cannot cross the boundary of a Loop, If or Scan body");
    OPENVINO_THROW("ONNX model '", m_origin, "': ", reader, " reads '", name,
                   "' as a sequence, but no earlier node of this graph made a sequence of that name");
}

void GraphConverter::set_sequence(const std::string& name, Sequence sequence) {
    m_values.erase(name);
    m_sequences[name] = std::move(sequence);
}

ov::Output<ov::Node> GraphConverter::outer_value(const std::string& name, const std::string& reader) {
    if (m_parent && m_parent->has_sequence(name))
        OPENVINO_THROW("ONNX model '", m_origin, "': ", reader, " reads the sequence '", name,
                       "' of an enclosing graph; a sequence is resolved while converting, as a list of tensors, and "
                       "cannot cross the boundary of a Loop, If or Scan body");
    OPENVINO_ASSERT(m_parent && m_parent->has_value(name), "ONNX model '", m_origin, "': ", reader,
                    " reads the value '", name, "', which no earlier node, input or initializer defines");
    const ov::Output<ov::Node> outer = m_parent->value(name, reader);
    // A body reads an enclosing graph's value through a Parameter of its own, which the If/Loop/Scan
    // converter feeds from outside.
    auto parameter = std::make_shared<ov::op::v0::Parameter>(outer.get_element_type(), outer.get_partial_shape());
    parameter->set_friendly_name(name);
    m_outer_reads.emplace_back(outer, parameter);
    m_values[name] = parameter->output(0);
    return parameter->output(0);
}

ov::OutputVector GraphConverter::convert(const onnx::GraphProto& graph) {
    std::set<std::string> initialized;
    for (const auto& initializer : graph.initializer()) {
        auto constant = this->constant(initializer, "ONNX model '" + m_origin + "': initializer");
        constant->set_friendly_name(initializer.name());
        constant->output(0).set_names({initializer.name()});
        m_values[initializer.name()] = constant->output(0);
        initialized.insert(initializer.name());
    }
    for (const auto& input : graph.input()) {
        // Models of IR version 3 and older list their initializers among the inputs too.
        if (initialized.count(input.name()))
            continue;
        const std::string where = "ONNX model '" + m_origin + "': input '" + input.name() + "'";
        OPENVINO_ASSERT(input.type().has_tensor_type(), where,
                        " is not a tensor (sequences, maps and optionals are not supported)");
        const auto& tensor_type = input.type().tensor_type();
        const ov::element::Type type = element_type_of(tensor_type.elem_type(), where);
        ov::PartialShape shape = ov::PartialShape::dynamic();
        if (tensor_type.has_shape()) {
            std::vector<ov::Dimension> dims;
            for (const auto& dim : tensor_type.shape().dim())
                dims.push_back(dim.has_dim_value() && dim.dim_value() >= 0 ? ov::Dimension(dim.dim_value())
                                                                          : ov::Dimension::dynamic());
            shape = ov::PartialShape(dims);
        }
        // Refused before any compile plans memory for it, as the IR reader does (ir/ir_common.hpp).
        const std::string too_large = ir::why_too_large(type, shape);
        OPENVINO_ASSERT(too_large.empty(), where, ": ", too_large);
        auto parameter = std::make_shared<ov::op::v0::Parameter>(type, shape);
        parameter->set_friendly_name(input.name());
        parameter->output(0).set_names({input.name()});
        m_parameters.push_back(parameter);
        m_values[input.name()] = parameter->output(0);
    }
    for (const auto& node : graph.node())
        convert_node(node);
    ov::OutputVector outputs;
    for (const auto& output : graph.output()) {
        const auto sequence = m_sequences.find(output.name());
        if (sequence != m_sequences.end())
            OPENVINO_THROW("ONNX model '", m_origin, "': the ", m_parent ? "body" : "graph", " output '", output.name(),
                           "' is a sequence (made by ", sequence->second.made_by,
                           "); ov::Model has no sequence type, so sequences are resolved while converting and cannot "
                           "be a model's or a Loop, If or Scan body's output");
        auto value = this->value(output.name(), "the graph's output");
        value.add_names({output.name()});
        outputs.push_back(value);
    }
    return outputs;
}

void GraphConverter::convert_node(const onnx::NodeProto& node) {
    const std::string domain = node.domain() == "ai.onnx" ? std::string() : node.domain();
    const auto opset_it = m_opsets.find(domain);
    NodeContext described(node, opset_it == m_opsets.end() ? 0 : opset_it->second, {}, *this);
    if (!domain.empty())
        described.fail("is in the domain '" + domain +
                       "'; devmux converts the default ONNX domain only (ai.onnx.ml, com.microsoft and others are "
                       "not supported)");
    const Converter* converter = find_converter(node.op_type(), described.opset());
    if (!converter)
        described.fail("has no conversion to OpenVINO ops in devmux");
    // A sequence input reaches the sequence ops by name (GraphConverter::sequence), as an absent tensor here.
    const bool reads_sequences = is_sequence_consumer(node.op_type());
    std::vector<ov::Output<ov::Node>> inputs;
    for (int i = 0; i < node.input_size(); ++i) {
        const std::string& name = node.input(i);
        if (!name.empty() && has_sequence(name)) {
            if (!reads_sequences || i != 0)
                described.fail("reads the sequence '" + name + "' as input " + std::to_string(i) +
                               "; ov::Model has no sequence type, so devmux resolves sequences while converting, and "
                               "only SequenceAt, SequenceInsert, SequenceErase, SequenceLength and "
                               "ConcatFromSequence may read them");
            sequence(name, described.describe());  // refuses a sequence of an enclosing graph
            inputs.emplace_back();
            continue;
        }
        inputs.push_back(name.empty() ? ov::Output<ov::Node>() : value(name, described.describe()));
    }
    NodeContext context(node, described.opset(), std::move(inputs), *this);
    ov::OutputVector outputs;
    try {
        outputs = (*converter)(context);
    } catch (const ov::Exception& e) {
        const std::string what = e.what();
        if (what.find(context.describe()) != std::string::npos)
            throw;
        context.fail(std::string("could not be converted: ") + what);
    } catch (const std::exception& e) {
        // A hostile attribute (a giant size, say) can make an op's own containers throw.
        context.fail(std::string("could not be converted: ") + e.what());
    }
    // A sequence op that makes a sequence has registered it (set_sequence) and returns no tensor for it.
    if (outputs.empty() && node.output_size() == 1 && m_sequences.count(node.output(0)))
        return;
    OPENVINO_ASSERT(outputs.size() >= static_cast<size_t>(std::count_if(
                                          node.output().begin(), node.output().end(),
                                          [](const std::string& name) { return !name.empty(); })) ||
                        outputs.size() >= static_cast<size_t>(node.output_size()),
                    "ONNX model '", m_origin, "': ", context.describe(), " converted into ", outputs.size(),
                    " outputs for its ", node.output_size());
    for (int i = 0; i < node.output_size(); ++i) {
        const std::string& name = node.output(i);
        if (name.empty() || static_cast<size_t>(i) >= outputs.size())
            continue;
        ov::Output<ov::Node> output = outputs[static_cast<size_t>(i)];
        const std::string too_large = ir::why_too_large(output.get_element_type(), output.get_partial_shape());
        if (!too_large.empty())
            context.fail("has the output '" + name + "': " + too_large);
        // The op that makes an output is named after the node (or its first output), unless the converter
        // passed an input through (Identity, Dropout at inference), whose producer keeps its own name.
        const bool passed_through = std::any_of(node.input().begin(), node.input().end(), [&](const std::string& in) {
            if (!in.empty() && m_sequences.count(in)) {  // SequenceAt hands out an element as it is
                const auto& elements = m_sequences.at(in).elements;
                return std::any_of(elements.begin(), elements.end(), [&](const ov::Output<ov::Node>& element) {
                    return element.get_node() == output.get_node();
                });
            }
            return !in.empty() && has_value(in) && value(in, "").get_node() == output.get_node();
        });
        if (!passed_through)
            output.get_node()->set_friendly_name(node.name().empty() ? node.output(0) : node.name());
        output.add_names({name});
        m_sequences.erase(name);  // a tensor of the same name, in a faulty file, replaces the sequence
        m_values[name] = output;
    }
}

std::shared_ptr<ov::Model> GraphConverter::convert_body(
    const onnx::GraphProto& body,
    std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer) {
    return convert_body_owned_by(body, m_graph_owner, outer);
}

std::shared_ptr<ov::Model> GraphConverter::convert_body(
    const std::shared_ptr<const onnx::GraphProto>& body,
    std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer) {
    return convert_body_owned_by(*body, body, outer);
}

std::shared_ptr<ov::Model> GraphConverter::convert_body_owned_by(
    const onnx::GraphProto& body, std::shared_ptr<const void> owner,
    std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer) {
    GraphConverter inner(m_origin, m_model_dir, m_opsets, std::move(owner), this);
    const ov::OutputVector outputs = inner.convert(body);
    ov::ResultVector results;
    for (const auto& output : outputs)
        results.push_back(std::make_shared<ov::op::v0::Result>(output));
    ov::ParameterVector parameters = inner.parameters();
    for (const auto& read : inner.outer_reads())
        parameters.push_back(read.second);
    outer = inner.outer_reads();
    return std::make_shared<ov::Model>(results, parameters, body.name());
}

// --- entry points ---

std::shared_ptr<ov::Model> read_model_from_memory(const std::string& bytes, const std::string& model_dir,
                                                  const std::string& origin) {
    return convert_parsed(parse(bytes.data(), bytes.size(), origin), model_dir, origin);
}

std::shared_ptr<ov::Model> read_model(const std::string& path) {
    std::shared_ptr<const onnx::ModelProto> proto;
    {
        // Parsed straight from the mapped file, which goes once parsed: the Constants share the protobuf.
        const MappedFile file(path, false, true, "Cannot read the ONNX model '" + path + "'");
        proto = parse(file.data(), file.size(), path);
    }
    const std::string dir = fs::path(path).parent_path().string();
    return convert_parsed(proto, dir.empty() ? std::string(".") : dir, path);
}

}  // namespace onnx_frontend
}  // namespace devmux
