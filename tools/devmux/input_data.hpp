// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "openvino/openvino.hpp"

namespace devmux::cli {

/// A tensor of the input's static type and shape filled with random values from the generator, in a
/// range that suits the element type (reals in [-1, 1), integers in [0, 9], booleans 0/1); never all zeros.
ov::Tensor make_random_tensor(const ov::Output<const ov::Node>& input, std::mt19937& generator);

/// A tensor of the input's type and shape read from a raw little-endian file; throws ov::Exception
/// naming the input and the file when the file cannot be read or its size does not match.
ov::Tensor load_tensor_from_file(const ov::Output<const ov::Node>& input, const std::string& path);

/// The input's static shape, or an ov::Exception naming the input when it is dynamic.
ov::Shape static_shape_of(const ov::Output<const ov::Node>& input);

/// A readable name of the input: its tensor name, or the producing node's friendly name.
std::string input_name(const ov::Output<const ov::Node>& input);

}  // namespace devmux::cli
