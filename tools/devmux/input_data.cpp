// SPDX-License-Identifier: Apache-2.0
#include "input_data.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace devmux::cli {
namespace {

template <typename T, typename Distribution>
void fill_with(const ov::Tensor& tensor, Distribution distribution, std::mt19937& generator) {
    T* data = static_cast<T*>(tensor.data());
    const size_t n = tensor.get_size();
    bool all_zero = true;
    for (size_t i = 0; i < n; ++i) {
        data[i] = static_cast<T>(distribution(generator));
        if (static_cast<double>(static_cast<float>(data[i])) != 0.0)
            all_zero = false;
    }
    // A tiny tensor may draw only zeros, which hides bugs such as ignored inputs.
    if (all_zero && n > 0)
        data[0] = static_cast<T>(1);
}

template <typename T>
void fill_real(const ov::Tensor& tensor, std::mt19937& generator) {
    fill_with<T>(tensor, std::uniform_real_distribution<float>(-1.0f, 1.0f), generator);
}

template <typename T>
void fill_integer(const ov::Tensor& tensor, std::mt19937& generator, int low, int high) {
    fill_with<T>(tensor, std::uniform_int_distribution<int>(low, high), generator);
}

}  // namespace

std::string input_name(const ov::Output<const ov::Node>& input) {
    const auto& names = input.get_names();
    if (!names.empty())
        return input.get_any_name();
    return input.get_node()->get_friendly_name();
}

ov::Shape static_shape_of(const ov::Output<const ov::Node>& input) {
    const auto& shape = input.get_partial_shape();
    if (shape.is_dynamic())
        OPENVINO_THROW("input '", input_name(input), "' has a dynamic shape ", shape,
                       "; the benchmark needs static shapes");
    return shape.to_shape();
}

ov::Tensor make_random_tensor(const ov::Output<const ov::Node>& input, std::mt19937& generator) {
    ov::Tensor tensor(input.get_element_type(), static_shape_of(input));
    using ov::element::Type_t;
    switch (input.get_element_type()) {
    case Type_t::f32: fill_real<float>(tensor, generator); break;
    case Type_t::f64: fill_real<double>(tensor, generator); break;
    case Type_t::f16: fill_real<ov::float16>(tensor, generator); break;
    case Type_t::bf16: fill_real<ov::bfloat16>(tensor, generator); break;
    case Type_t::boolean: fill_integer<char>(tensor, generator, 0, 1); break;
    case Type_t::i8: fill_integer<int8_t>(tensor, generator, 0, 9); break;
    case Type_t::i16: fill_integer<int16_t>(tensor, generator, 0, 9); break;
    case Type_t::i32: fill_integer<int32_t>(tensor, generator, 0, 9); break;
    case Type_t::i64: fill_integer<int64_t>(tensor, generator, 0, 9); break;
    case Type_t::u8: fill_integer<uint8_t>(tensor, generator, 0, 9); break;
    case Type_t::u16: fill_integer<uint16_t>(tensor, generator, 0, 9); break;
    case Type_t::u32: fill_integer<uint32_t>(tensor, generator, 0, 9); break;
    case Type_t::u64: fill_integer<uint64_t>(tensor, generator, 0, 9); break;
    default:
        OPENVINO_THROW("input '", input_name(input), "' has element type ", input.get_element_type(),
                       ", which the benchmark cannot fill with random data");
    }
    return tensor;
}

ov::Tensor load_tensor_from_file(const ov::Output<const ov::Node>& input, const std::string& path) {
    ov::Tensor tensor(input.get_element_type(), static_shape_of(input));
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file)
        OPENVINO_THROW("cannot open the data file '", path, "' for input '", input_name(input), "'");
    const auto size = static_cast<std::streamoff>(file.tellg());
    const auto expected = static_cast<std::streamoff>(tensor.get_byte_size());
    if (size != expected)
        OPENVINO_THROW("the data file '", path, "' for input '", input_name(input), "' has ", size,
                       " bytes, but the input (", input.get_element_type(), " ", tensor.get_shape(), ") needs ",
                       expected, " bytes");
    file.seekg(0);
    if (!file.read(static_cast<char*>(tensor.data()), expected))
        OPENVINO_THROW("cannot read the data file '", path, "' for input '", input_name(input), "'");
    return tensor;
}

}  // namespace devmux::cli
