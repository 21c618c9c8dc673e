// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <string>

#include "openvino/core/model.hpp"

namespace devmux {
namespace hetero {

struct DotNodeStyle {
    size_t colour_index = 0;
    std::string extra_label;  // appended below the op's name and type
};

/// The Graphviz text of `model`; ops named in `styles` are filled with a palette colour. Ops not
/// named there are drawn white.
std::string model_to_dot(const ov::Model& model, const std::map<std::string, DotNodeStyle>& styles);

/// The colour of one device among `devices`-many, as the affinity picture uses them.
const char* palette_colour(size_t index);

}  // namespace hetero
}  // namespace devmux
