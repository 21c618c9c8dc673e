// SPDX-License-Identifier: Apache-2.0
// ONNX's own backend test cases (Debian's libonnx-testdata: node, pytorch-converted, pytorch-operator, simple),
// read through the public API (Core::read_model of model.onnx) and run on CPU: each output must match the case's
// expected output at ONNX's tolerance (|actual - expected| <= 1e-7 + 1e-3 |expected|; integers and booleans
// exactly). Cases whose inputs or outputs are not plain numeric tensors (sequences, optionals, strings) are not part
// of the suite: 1030 of the 1072 cases of ONNX 1.12 are.
// A case that does not pass yet is listed, with its reason, in expected_failures.txt beside this file; a listed
// case that passes fails the test, so the list only shrinks.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "onnx/onnx_pb.h"
#include "openvino/runtime/core.hpp"

namespace {
namespace fs = std::filesystem;

const fs::path data_dir = DEVMUX_ONNX_TESTDATA_DIR;
const fs::path list_file = fs::path(DEVMUX_ONNX_TEST_SOURCE_DIR) / "expected_failures.txt";

template <typename Message>
Message read_proto(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    Message message;
    if (!file || !message.ParseFromIstream(&file))
        throw std::runtime_error("cannot read " + path.string());
    return message;
}

bool plain_tensors(const google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>& values) {
    for (const auto& value : values)
        if (!value.type().has_tensor_type() || value.type().tensor_type().elem_type() == onnx::TensorProto::STRING)
            return false;
    return true;
}

struct Case {
    std::string name;  // "node/test_abs"
    fs::path dir;
};

std::vector<Case> all_cases() {
    std::vector<Case> cases;
    if (!fs::is_directory(data_dir))
        return cases;
    for (const char* group : {"node", "pytorch-converted", "pytorch-operator", "simple"}) {
        if (!fs::is_directory(data_dir / group))
            continue;
        std::vector<fs::path> dirs;
        for (const auto& entry : fs::directory_iterator(data_dir / group))
            if (fs::exists(entry.path() / "model.onnx"))
                dirs.push_back(entry.path());
        std::sort(dirs.begin(), dirs.end());
        for (const auto& dir : dirs) {
            const auto model = read_proto<onnx::ModelProto>(dir / "model.onnx");
            if (plain_tensors(model.graph().input()) && plain_tensors(model.graph().output()))
                cases.push_back({std::string(group) + "/" + dir.filename().string(), dir});
        }
    }
    return cases;
}

// "group/case: reason" per line; '#' starts a comment.
std::map<std::string, std::string> expected_failures() {
    std::map<std::string, std::string> list;
    std::ifstream file(list_file);
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto colon = line.find(": ");
        list[line.substr(0, colon)] = colon == std::string::npos ? "" : line.substr(colon + 2);
    }
    return list;
}

ov::Tensor to_tensor(const onnx::TensorProto& proto, const ov::element::Type& type) {
    ov::Shape shape(proto.dims().begin(), proto.dims().end());
    ov::Tensor tensor(type, shape);
    const size_t count = ov::shape_size(shape);
    char* data = static_cast<char*>(tensor.data());
    if (proto.has_raw_data()) {
        if (proto.raw_data().size() != tensor.get_byte_size())
            throw std::runtime_error("raw data of " + std::to_string(proto.raw_data().size()) + " bytes for " +
                                     std::to_string(tensor.get_byte_size()));
        std::memcpy(data, proto.raw_data().data(), proto.raw_data().size());
        return tensor;
    }
    for (size_t i = 0; i < count; ++i) {
        const int k = static_cast<int>(i);
        if (type == ov::element::f32)
            reinterpret_cast<float*>(data)[i] = proto.float_data(k);
        else if (type == ov::element::f64)
            reinterpret_cast<double*>(data)[i] = proto.double_data(k);
        else if (type == ov::element::i64)
            reinterpret_cast<int64_t*>(data)[i] = proto.int64_data(k);
        else if (type == ov::element::u64)
            reinterpret_cast<uint64_t*>(data)[i] = proto.uint64_data(k);
        else if (type == ov::element::u32)
            reinterpret_cast<uint32_t*>(data)[i] = static_cast<uint32_t>(proto.uint64_data(k));
        else if (type == ov::element::i32)
            reinterpret_cast<int32_t*>(data)[i] = proto.int32_data(k);
        else if (type.size() == 2)
            reinterpret_cast<uint16_t*>(data)[i] = static_cast<uint16_t>(proto.int32_data(k));
        else if (type.size() == 1)
            data[i] = static_cast<char>(proto.int32_data(k));
        else
            throw std::runtime_error("cannot read values of " + type.get_type_name());
    }
    return tensor;
}

double value_at(const ov::Tensor& t, size_t i) {
    const auto type = t.get_element_type();
    const char* data = static_cast<const char*>(t.data());
    if (type == ov::element::f32) return reinterpret_cast<const float*>(data)[i];
    if (type == ov::element::f64) return reinterpret_cast<const double*>(data)[i];
    if (type == ov::element::f16) return static_cast<float>(reinterpret_cast<const ov::float16*>(data)[i]);
    if (type == ov::element::bf16) return static_cast<float>(reinterpret_cast<const ov::bfloat16*>(data)[i]);
    if (type == ov::element::i64) return static_cast<double>(reinterpret_cast<const int64_t*>(data)[i]);
    if (type == ov::element::u64) return static_cast<double>(reinterpret_cast<const uint64_t*>(data)[i]);
    if (type == ov::element::i32) return reinterpret_cast<const int32_t*>(data)[i];
    if (type == ov::element::u32) return reinterpret_cast<const uint32_t*>(data)[i];
    if (type == ov::element::i16) return reinterpret_cast<const int16_t*>(data)[i];
    if (type == ov::element::u16) return reinterpret_cast<const uint16_t*>(data)[i];
    if (type == ov::element::i8) return reinterpret_cast<const int8_t*>(data)[i];
    if (type == ov::element::u8 || type == ov::element::boolean) return reinterpret_cast<const uint8_t*>(data)[i];
    throw std::runtime_error("cannot compare values of " + type.get_type_name());
}

// "" when `actual` matches `expected`, else what differs.
std::string compare(const ov::Tensor& actual, const ov::Tensor& expected, const std::string& name) {
    if (actual.get_element_type() != expected.get_element_type())
        return name + ": element type " + actual.get_element_type().get_type_name() + ", expected " +
               expected.get_element_type().get_type_name();
    if (actual.get_shape() != expected.get_shape())
        return name + ": shape " + actual.get_shape().to_string() + ", expected " + expected.get_shape().to_string();
    const bool exact = !expected.get_element_type().is_real();
    for (size_t i = 0; i < expected.get_size(); ++i) {
        const double a = value_at(actual, i), e = value_at(expected, i);
        if (std::isnan(e) && std::isnan(a))
            continue;
        if (std::isinf(e) && a == e)
            continue;
        const bool ok = exact ? a == e : std::fabs(a - e) <= 1e-7 + 1e-3 * std::fabs(e);
        if (!ok) {
            std::ostringstream text;
            text << name << ": element " << i << " is " << a << ", expected " << e;
            return text.str();
        }
    }
    return {};
}

// "" when the case passes on `device`, else why not.
std::string run_case(const Case& c, const std::string& device) {
    ov::Core core;
    try {
        auto model = core.read_model((c.dir / "model.onnx").string());
        const auto proto = read_proto<onnx::ModelProto>(c.dir / "model.onnx");
        for (const auto& set : fs::directory_iterator(c.dir)) {
            if (set.path().filename().string().rfind("test_data_set_", 0) != 0)
                continue;
            std::vector<ov::Tensor> inputs;
            std::map<std::string, ov::PartialShape> shapes;
            for (size_t k = 0; k < model->inputs().size(); ++k) {
                const auto path = set.path() / ("input_" + std::to_string(k) + ".pb");
                const auto tensor = to_tensor(read_proto<onnx::TensorProto>(path), model->input(k).get_element_type());
                shapes[model->input(k).get_any_name()] = tensor.get_shape();
                inputs.push_back(tensor);
            }
            auto shaped = model->clone();
            if (!shapes.empty())
                shaped->reshape(shapes);
            auto compiled = core.compile_model(shaped, device);
            auto request = compiled.create_infer_request();
            for (size_t k = 0; k < inputs.size(); ++k)
                request.set_input_tensor(k, inputs[k]);
            request.infer();
            for (size_t k = 0; k < compiled.outputs().size(); ++k) {
                const auto path = set.path() / ("output_" + std::to_string(k) + ".pb");
                const auto actual = request.get_output_tensor(k);
                const auto expected = to_tensor(read_proto<onnx::TensorProto>(path), actual.get_element_type());
                const std::string difference =
                    compare(actual, expected, proto.graph().output(static_cast<int>(k)).name());
                if (!difference.empty())
                    return set.path().filename().string() + ": " + difference;
            }
        }
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class OnnxBackendCase : public ::testing::TestWithParam<Case> {};

TEST_P(OnnxBackendCase, MatchesOnCpu) {
    const Case& c = GetParam();
    static const auto listed = expected_failures();
    const std::string failure = run_case(c, "CPU");
    const auto entry = listed.find(c.name);
    if (entry != listed.end()) {
        EXPECT_FALSE(failure.empty()) << c.name << " passes now: remove it from " << list_file
                                      << " (it was listed as: " << entry->second << ")";
        if (!failure.empty())
            std::cout << "[ expected ] " << c.name << " fails as listed (" << entry->second << "): " << failure.substr(0, 300)
                      << std::endl;
        return;
    }
    EXPECT_TRUE(failure.empty()) << c.name << ": " << failure;
}

std::string case_test_name(const ::testing::TestParamInfo<Case>& info) {
    std::string name = info.param.name;
    for (auto& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Onnx, OnnxBackendCase, ::testing::ValuesIn(all_cases()), case_test_name);

TEST(OnnxBackendSuite, HasTheTestDataAndAnHonestList) {
    ASSERT_TRUE(fs::is_directory(data_dir / "node"))
        << data_dir << " is missing: install Debian's libonnx-testdata (scripts/build does)";
    const auto cases = all_cases();
    EXPECT_EQ(cases.size(), 1030u) << "libonnx-testdata 1.12 has 1030 cases with plain numeric tensors";
    std::set<std::string> names;
    for (const auto& c : cases)
        names.insert(c.name);
    for (const auto& [name, reason] : expected_failures()) {
        EXPECT_TRUE(names.count(name)) << list_file << " lists " << name << ", which is not a case";
        EXPECT_FALSE(reason.empty()) << list_file << " lists " << name << " without a reason";
    }
}

}  // namespace
