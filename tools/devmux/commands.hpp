// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <ostream>

#include "cli_args.hpp"
#include "openvino/openvino.hpp"

namespace devmux::cli {

/// Each command writes its report to `out` and throws ov::Exception (or std::exception) on failure.
void run_devices(const Options& options, ov::Core& core, std::ostream& out);
void run_query(const Options& options, ov::Core& core, std::ostream& out);
void run_benchmark(const Options& options, ov::Core& core, std::ostream& out);
void run_convert(const Options& options, ov::Core& core, std::ostream& out);

}  // namespace devmux::cli
