// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace devmux::cli {

/// Renders Graphviz text to an SVG file with the `dot` program found on the PATH. Throws
/// ov::Exception saying how to get Graphviz when `dot` is not installed, and naming the file when
/// `dot` fails.
void render_svg(const std::string& dot_text, const std::string& svg_path);

}  // namespace devmux::cli
