// SPDX-License-Identifier: Apache-2.0
#include "ir/ir_common.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <sstream>
#include <utility>

namespace devmux {
namespace ir {
namespace {
// IR layer type <-> op class type name, for the few ops whose IR spelling predates the class names.
const std::pair<std::string, std::string> legacy_type_names[] = {
    {"Const", "Constant"},
    {"ReLU", "Relu"},
    {"SoftMax", "Softmax"},
    {"PReLU", "PRelu"},
};
}  // namespace

const std::string& class_type_from_ir(const std::string& ir_type) {
    for (const auto& names : legacy_type_names)
        if (names.first == ir_type)
            return names.second;
    return ir_type;
}

const std::string& ir_type_from_class(const std::string& class_type) {
    for (const auto& names : legacy_type_names)
        if (names.second == class_type)
            return names.first;
    return class_type;
}

std::string precision_name(const ov::element::Type& type) {
    switch (static_cast<ov::element::Type_t>(type)) {
    case ov::element::Type_t::boolean:
        return "BOOL";
    case ov::element::Type_t::bf16:
        return "BF16";
    case ov::element::Type_t::f16:
        return "FP16";
    case ov::element::Type_t::f32:
        return "FP32";
    case ov::element::Type_t::f64:
        return "FP64";
    case ov::element::Type_t::i8:
        return "I8";
    case ov::element::Type_t::i16:
        return "I16";
    case ov::element::Type_t::i32:
        return "I32";
    case ov::element::Type_t::i64:
        return "I64";
    case ov::element::Type_t::u8:
        return "U8";
    case ov::element::Type_t::u16:
        return "U16";
    case ov::element::Type_t::u32:
        return "U32";
    case ov::element::Type_t::u64:
        return "U64";
    case ov::element::Type_t::undefined:
    case ov::element::Type_t::dynamic:
        break;
    }
    return "UNSPECIFIED";
}

std::vector<std::string> split_tensor_names(const std::string& text) {
    std::vector<std::string> names;
    std::string current;
    auto flush = [&] {
        // Surrounding blanks are formatting, as in OpenVINO's reader; an empty item names nothing.
        const auto first = current.find_first_not_of(" \t\r\n");
        if (first != std::string::npos) {
            const auto last = current.find_last_not_of(" \t\r\n");
            names.push_back(current.substr(first, last - first + 1));
        }
        current.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ',') {
            current += ',';
            ++i;
        } else if (text[i] == ',') {
            flush();
        } else {
            current += text[i];
        }
    }
    flush();
    return names;
}

std::string join_tensor_names(const std::unordered_set<std::string>& names) {
    std::vector<std::string> sorted(names.begin(), names.end());
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (const auto& name : sorted) {
        if (!out.empty())
            out += ',';
        for (char c : name) {
            if (c == ',')
                out += '\\';
            out += c;
        }
    }
    return out;
}

std::string default_bin_path(const std::string& xml_path) {
    const std::string ext = ".xml";
    if (xml_path.size() >= ext.size()) {
        std::string tail = xml_path.substr(xml_path.size() - ext.size());
        std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
        if (tail == ext)
            return xml_path.substr(0, xml_path.size() - ext.size()) + ".bin";
    }
    return xml_path + ".bin";
}

std::string why_too_large(const ov::element::Type& type, const ov::PartialShape& shape) {
    if (shape.rank().is_dynamic())
        return {};
    uint64_t elements = 1;
    bool overflows = false;
    for (const auto& dim : shape) {
        if (dim.is_dynamic())
            continue;
        const auto d = static_cast<uint64_t>(dim.get_length());
        if (d == 0)
            return {};  // no elements at all, however large the other dims
        if (elements > std::numeric_limits<uint64_t>::max() / d)
            overflows = true;
        else
            elements *= d;
    }
    std::ostringstream why;
    if (overflows) {
        why << type << " " << shape << " has more elements than a 64-bit count holds; no tensor of that shape can exist";
        return why.str();
    }
    const uint64_t element_bits = type.is_static() ? std::max<uint64_t>(type.bitwidth(), 1) : 8;
    if (elements / 8 > std::numeric_limits<uint64_t>::max() / element_bits) {
        why << type << " " << shape << " needs more bytes than a 64-bit count holds; no machine can allocate it";
        return why.str();
    }
    const uint64_t bytes = elements / 8 * element_bits + (elements % 8 * element_bits + 7) / 8;
    if (bytes > max_tensor_bytes)
        why << type << " " << shape << " needs " << bytes << " bytes, more than any machine can allocate (a 48-bit "
            << "address space has " << max_tensor_bytes << ")";
    return why.str();
}

}  // namespace ir
}  // namespace devmux
