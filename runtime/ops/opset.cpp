// SPDX-License-Identifier: Apache-2.0
// ov::OpSet and get_opsetN(), built from the op table through the OpRegistry.
#include "openvino/opsets/opset.hpp"

#include <algorithm>

#include "ops/enum_names.hpp"
#include "ops/op_registry.hpp"

namespace ov {
namespace {

OpSet opset_from_table(int number) {
    OpSet opset("opset" + std::to_string(number));
    for (const auto& version : devmux::OpRegistry::instance().versions()) {
        if (!version.factory || !version.opsets.count(number))
            continue;
        std::unique_ptr<Node> prototype(version.factory());
        opset.insert(version.type, prototype->get_type_info(), version.factory);
    }
    return opset;
}

template <int N>
const OpSet& opset() {
    static const OpSet set = opset_from_table(N);
    return set;
}

}  // namespace

void OpSet::insert(const std::string& name, const NodeTypeInfo& type_info, std::function<Node*()> factory) {
    m_types.insert(type_info);
    m_by_name[name] = std::move(factory);
}

Node* OpSet::create(const std::string& name) const {
    const auto found = m_by_name.find(name);
    return found == m_by_name.end() ? nullptr : found->second();
}

Node* OpSet::create_insensitive(const std::string& name) const {
    const std::string wanted = devmux::ref::lower_case(name);
    for (const auto& [known, factory] : m_by_name)
        if (devmux::ref::lower_case(known) == wanted)
            return factory();
    return nullptr;
}

bool OpSet::contains_type_insensitive(const std::string& name) const {
    const std::string wanted = devmux::ref::lower_case(name);
    return std::any_of(m_by_name.begin(), m_by_name.end(),
                       [&](const auto& entry) { return devmux::ref::lower_case(entry.first) == wanted; });
}

const OpSet& get_opset1() { return opset<1>(); }
const OpSet& get_opset2() { return opset<2>(); }
const OpSet& get_opset3() { return opset<3>(); }
const OpSet& get_opset4() { return opset<4>(); }
const OpSet& get_opset5() { return opset<5>(); }
const OpSet& get_opset6() { return opset<6>(); }
const OpSet& get_opset7() { return opset<7>(); }
const OpSet& get_opset8() { return opset<8>(); }
const OpSet& get_opset9() { return opset<9>(); }
const OpSet& get_opset10() { return opset<10>(); }
const OpSet& get_opset11() { return opset<11>(); }
const OpSet& get_opset12() { return opset<12>(); }
const OpSet& get_opset13() { return opset<13>(); }
const OpSet& get_opset14() { return opset<14>(); }

const std::map<std::string, std::function<const OpSet&()>>& get_available_opsets() {
    static const std::map<std::string, std::function<const OpSet&()>> opsets{
        {"opset1", get_opset1},   {"opset2", get_opset2},   {"opset3", get_opset3},   {"opset4", get_opset4},
        {"opset5", get_opset5},   {"opset6", get_opset6},   {"opset7", get_opset7},   {"opset8", get_opset8},
        {"opset9", get_opset9},   {"opset10", get_opset10}, {"opset11", get_opset11}, {"opset12", get_opset12},
        {"opset13", get_opset13}, {"opset14", get_opset14}};
    return opsets;
}

}  // namespace ov
