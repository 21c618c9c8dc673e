// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "openvino/core/node.hpp"

namespace devmux {

/// The ops devmux knows, built from the op table (runtime/ops/op_table.inc) at first use: for each op type,
/// its versions with the opsets each belongs to and a factory of default-constructed ops. The IR reader
/// creates an op here, lets it visit its attributes, then connects its inputs. Ops outside OpenVINO's
/// opsets (a backend kit's fused ops, opset "devmux_kit") are added with DEVMUX_REGISTER_OP and found by
/// their exact opset name.
class OpRegistry {
public:
    /// Makes a new default-constructed op; the caller owns it.
    using Factory = std::function<ov::Node*()>;

    /// One op version as the table states it.
    struct OpVersion {
        std::string type;            // "MaxPool"
        std::string version;         // "v8": the class's namespace
        std::string introduced_in;   // "opset8": the class's type info version (what the IR writer writes)
        std::set<int> opsets;        // the opsetN it is a member of
        std::string header;          // "max_pool": openvino/op/<header>.hpp; empty when not implemented
        std::string why_missing;     // for ops not implemented on purpose
        Factory factory;             // null when devmux does not implement it
    };

    static OpRegistry& instance();

    /// Adds an op class from the table: a member of the opsets in opsets_text ("1-13", "1,3-13").
    template <typename Op>
    void add_opset_op(const char* version, const char* opsets_text, const char* header) {
        const auto& info = Op::get_type_info_static();
        add_version({info.name, version, info.get_version(), parse_opsets(opsets_text), header, {},
                     [] { return static_cast<ov::Node*>(new Op()); }});
    }
    /// Adds an op version of the opsets that devmux does not implement (the reader names it when refusing).
    void add_missing(const char* type, const char* version, const char* opsets_text, const char* why);
    /// Adds an op outside OpenVINO's opsets, found only by its exact opset name (e.g. "devmux_kit").
    void add_extension(const ov::DiscreteTypeInfo& info, Factory factory);

    /// The op of this type for an IR layer of this opset: for "opsetN", the version that is a member of
    /// opsetN; for any other name, an extension op registered under exactly that name. Null otherwise:
    /// why_not() says why.
    std::shared_ptr<ov::Node> create(const std::string& type_name, const std::string& opset) const;
    /// Why create(type_name, opset) gives nothing, in words fit for an error message.
    std::string why_not(const std::string& type_name, const std::string& opset) const;

    /// Every implemented (type, opset where that version was introduced) pair, sorted.
    std::vector<std::pair<std::string, std::string>> list() const;
    /// Every op version of the table (implemented or not) and every extension op, sorted by type.
    std::vector<OpVersion> versions() const;

    /// The opsets the table describes: 1 ... newest_opset(); the newest one may be partial.
    static int newest_opset();
    /// The newest opset the table lists completely (every op version, implemented or not).
    static int newest_complete_opset();
    /// "AvgPool-14, MaxPool-14": the implemented op versions that are members of this opset.
    std::string implemented_in(int opset) const;
    /// "1,3-13" -> {1, 3, 4, ..., 13}; throws on text that is not such a list.
    static std::set<int> parse_opsets(const std::string& text);

private:
    OpRegistry();
    void add_version(OpVersion version);
    std::string why_not_locked(const std::string& type_name, const std::string& opset) const;

    mutable std::mutex m_mutex;  // guards m_types: the table is added in the constructor, extensions at load time
    std::map<std::string, std::vector<OpVersion>> m_types;
};

/// "opset8" -> 8; -1 for names that are not opsetN.
int opset_number(const std::string& opset);

template <typename Op>
struct ExtensionOpRegistration {
    ExtensionOpRegistration() {
        OpRegistry::instance().add_extension(Op::get_type_info_static(),
                                             [] { return static_cast<ov::Node*>(new Op()); });
    }
};

/// Defined in op_table.cpp: adds every line of the op table.
void add_op_table(OpRegistry& registry);

}  // namespace devmux

#define DEVMUX_CONCAT_INNER(a, b) a##b
#define DEVMUX_CONCAT(a, b) DEVMUX_CONCAT_INNER(a, b)
/// Registers an op outside OpenVINO's opsets (a default-constructible class whose type info names its own
/// opset, such as "devmux_kit") at library load. Ops of opset1 ... opset14 go in op_table.inc instead.
#define DEVMUX_REGISTER_OP(...) \
    static const ::devmux::ExtensionOpRegistration<__VA_ARGS__> DEVMUX_CONCAT(devmux_op_registration_, __LINE__){};
