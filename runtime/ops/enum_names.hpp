// SPDX-License-Identifier: Apache-2.0
// Text forms of op attribute enums, table-driven so that each op file only lists its names. IR files spell
// enum values in either case (OpenVINO reads them case-insensitively), hence the folding on read.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <istream>
#include <ostream>
#include <string>

#include "core/text.hpp"
#include "openvino/core/except.hpp"

namespace devmux {
namespace ref {

template <typename Enum>
struct EnumName {
    Enum value;
    const char* name;  // the spelling written back; reading also accepts other cases
};

using devmux::text::lower_case;

// A value missing from the table is written as its number, so that a bad value still shows up in a dump.
template <typename Enum, size_t N>
std::ostream& write_enum_name(std::ostream& os, Enum value, const EnumName<Enum> (&names)[N]) {
    for (const auto& n : names)
        if (n.value == value)
            return os << n.name;
    return os << static_cast<int>(value);
}

// `what` names the attribute in the error, e.g. "pad type".
template <typename Enum, size_t N>
std::istream& read_enum_name(std::istream& is, Enum& value, const EnumName<Enum> (&names)[N], const char* what) {
    std::string text;
    is >> text;
    const std::string key = lower_case(text);
    for (const auto& n : names)
        if (key == lower_case(n.name)) {
            value = n.value;
            return is;
        }
    OPENVINO_THROW("'", text, "' is not a valid ", what);
}

}  // namespace ref
}  // namespace devmux
