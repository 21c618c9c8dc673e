// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/util/attr_types.hpp"

#include <string>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/except.hpp"
#include "ops/enum_names.hpp"

namespace ov {
namespace op {
namespace {
using devmux::ref::EnumName;
using devmux::ref::read_enum_name;
using devmux::ref::write_enum_name;

// The first name of each value is the one written.
const EnumName<PadType> pad_names[] = {{PadType::EXPLICIT, "explicit"}, {PadType::SAME_LOWER, "same_lower"},
                                       {PadType::SAME_UPPER, "same_upper"}, {PadType::VALID, "valid"},
                                       {PadType::AUTO, "auto"},           {PadType::NOTSET, "notset"}};
const EnumName<RoundingType> rounding_names[] = {
    {RoundingType::FLOOR, "floor"}, {RoundingType::CEIL, "ceil"}, {RoundingType::CEIL_TORCH, "ceil_torch"}};
const EnumName<AutoBroadcastType> broadcast_names[] = {{AutoBroadcastType::NONE, "none"},
                                                       {AutoBroadcastType::NUMPY, "numpy"},
                                                       {AutoBroadcastType::PDPD, "pdpd"},
                                                       {AutoBroadcastType::EXPLICIT, "explicit"}};
}  // namespace

const AutoBroadcastSpec AutoBroadcastSpec::NUMPY(AutoBroadcastType::NUMPY, 0);
const AutoBroadcastSpec AutoBroadcastSpec::NONE(AutoBroadcastType::NONE, 0);

std::ostream& operator<<(std::ostream& os, PadType type) { return write_enum_name(os, type, pad_names); }
std::istream& operator>>(std::istream& is, PadType& type) { return read_enum_name(is, type, pad_names, "pad type"); }
std::ostream& operator<<(std::ostream& os, RoundingType type) { return write_enum_name(os, type, rounding_names); }
std::istream& operator>>(std::istream& is, RoundingType& type) {
    return read_enum_name(is, type, rounding_names, "rounding type");
}
std::ostream& operator<<(std::ostream& os, AutoBroadcastType type) {
    return write_enum_name(os, type, broadcast_names);
}
std::istream& operator>>(std::istream& is, AutoBroadcastType& type) {
    return read_enum_name(is, type, broadcast_names, "broadcast type");
}

}  // namespace op

void AttributeVisitor::attribute_from_text(const std::string& t, bool& v) {
    if (t == "true" || t == "1" || t == "True" || t == "TRUE")
        v = true;
    else if (t == "false" || t == "0" || t == "False" || t == "FALSE")
        v = false;
    else
        OPENVINO_THROW("'", t, "' is not a boolean");
}

std::string AttributeVisitor::attribute_to_text(const PartialShape& v) {
    if (!v.rank_is_static())
        return "...";
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) {
        out += i ? "," : "";
        out += v[i].is_static() ? std::to_string(v[i].get_length()) : "?";
    }
    return out;
}

}  // namespace ov
