// SPDX-License-Identifier: Apache-2.0
// ONNX's own backend test cases (Debian's libonnx-testdata: node, pytorch-converted, pytorch-operator, simple),
// read through the public API (Core::read_model of model.onnx) and run on CPU: each output must match the case's
// expected output at ONNX's tolerance (|actual - expected| <= 1e-7 + 1e-3 |expected|; integers and booleans
// exactly). Cases whose inputs or outputs are not plain numeric tensors (sequences, optionals, strings) are not part
// of the suite: 1030 of the 1072 cases of ONNX 1.12 are.
// A case that does not pass yet is listed, with its reason, in expected_failures.txt beside this file; a listed
// case that passes fails the test, so the list only shrinks.
// The node/ cases also run on the GPU backends of the software deployment (OnnxBackendOnGpu, below).
// The six Bernoulli cases expect one draw of numpy's generator, which no other generator reproduces (ONNX's case
// file says so). For them the output must have the expected element type and shape, as ONNX's own test of its
// reference evaluator requires (onnx/test/reference_evaluator_backend_test.py compares only those for the
// "bernoulli" cases), and every value must be 0 or 1; onnx_random_test.cpp checks the probabilities and seeds.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
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
std::map<std::string, std::string> expected_failures(const fs::path& path = list_file) {
    std::map<std::string, std::string> list;
    std::ifstream file(path);
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

// The cases whose expected output is a random draw: compared by element type, shape and 0/1 values only.
const std::set<std::string>& random_draw_cases() {
    static const std::set<std::string> cases = {"node/test_bernoulli",
                                                "node/test_bernoulli_expanded",
                                                "node/test_bernoulli_double",
                                                "node/test_bernoulli_double_expanded",
                                                "node/test_bernoulli_seed",
                                                "node/test_bernoulli_seed_expanded"};
    return cases;
}

// "" when `actual` is a Bernoulli draw shaped and typed as `expected`: every value 0 or 1.
std::string compare_draw(const ov::Tensor& actual, const ov::Tensor& expected, const std::string& name) {
    if (actual.get_element_type() != expected.get_element_type())
        return name + ": element type " + actual.get_element_type().get_type_name() + ", expected " +
               expected.get_element_type().get_type_name();
    if (actual.get_shape() != expected.get_shape())
        return name + ": shape " + actual.get_shape().to_string() + ", expected " + expected.get_shape().to_string();
    for (size_t i = 0; i < actual.get_size(); ++i) {
        const double a = value_at(actual, i);
        if (a != 0.0 && a != 1.0) {
            std::ostringstream text;
            text << name << ": element " << i << " is " << a << ", not a Bernoulli draw (0 or 1)";
            return text.str();
        }
    }
    return {};
}

// `model` reshaped to the inputs of one test data set, which land in `inputs`.
std::shared_ptr<ov::Model> shaped_for(const std::shared_ptr<ov::Model>& model, const fs::path& set_dir,
                                      std::vector<ov::Tensor>& inputs) {
    std::map<std::string, ov::PartialShape> shapes;
    for (size_t k = 0; k < model->inputs().size(); ++k) {
        const auto path = set_dir / ("input_" + std::to_string(k) + ".pb");
        const auto tensor = to_tensor(read_proto<onnx::TensorProto>(path), model->input(k).get_element_type());
        shapes[model->input(k).get_any_name()] = tensor.get_shape();
        inputs.push_back(tensor);
    }
    auto shaped = model->clone();
    if (!shapes.empty())
        shaped->reshape(shapes);
    return shaped;
}

// "" when the case passes on `device`, else why not.
std::string run_case(const Case& c, const std::string& device, ov::Core& core) {
    try {
        auto model = core.read_model((c.dir / "model.onnx").string());
        const auto proto = read_proto<onnx::ModelProto>(c.dir / "model.onnx");
        for (const auto& set : fs::directory_iterator(c.dir)) {
            if (set.path().filename().string().rfind("test_data_set_", 0) != 0)
                continue;
            std::vector<ov::Tensor> inputs;
            const auto shaped = shaped_for(model, set.path(), inputs);
            auto compiled = core.compile_model(shaped, device);
            auto request = compiled.create_infer_request();
            for (size_t k = 0; k < inputs.size(); ++k)
                request.set_input_tensor(k, inputs[k]);
            request.infer();
            for (size_t k = 0; k < compiled.outputs().size(); ++k) {
                const auto path = set.path() / ("output_" + std::to_string(k) + ".pb");
                const auto actual = request.get_output_tensor(k);
                const auto expected = to_tensor(read_proto<onnx::TensorProto>(path), actual.get_element_type());
                const auto& output_name = proto.graph().output(static_cast<int>(k)).name();
                const std::string difference = random_draw_cases().count(c.name)
                                                   ? compare_draw(actual, expected, output_name)
                                                   : compare(actual, expected, output_name);
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
    ov::Core core;
    const std::string failure = run_case(c, "CPU", core);
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
    for (const auto& name : random_draw_cases())
        EXPECT_TRUE(names.count(name)) << name << " is compared as a random draw but is not a case";
    for (const auto& [name, reason] : expected_failures()) {
        EXPECT_TRUE(names.count(name)) << list_file << " lists " << name << ", which is not a case";
        EXPECT_FALSE(reason.empty()) << list_file << " lists " << name << " without a reason";
    }
}

// The per-op cases (node/) on the GPU backends of the software deployment (plugins-software-gpu.xml: PoCL and
// lavapipe): on the GPU alias and on each backend behind HETERO with CPU taking what it refuses. A case runs on a
// device only when query_model assigns one of its ops to a GPU backend; the others run wholly on CPU there, which
// MatchesOnCpu covers. One Core serves every case: a Core per case would rebuild the OpenCL program each time.
// Cases on the CPU list are expected to fail here too; a case that passes on CPU but not on a backend is listed,
// with its device and reason, in expected_failures_gpu.txt ("DEVICE group/case: reason"), which also only shrinks.
const fs::path device_list_file = fs::path(DEVMUX_ONNX_TEST_SOURCE_DIR) / "expected_failures_gpu.txt";

std::map<std::string, std::map<std::string, std::string>> device_expected_failures() {
    std::map<std::string, std::map<std::string, std::string>> lists;
    std::ifstream file(device_list_file);
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto space = line.find(' ');
        const auto colon = line.find(": ", space);
        if (space == std::string::npos)
            continue;
        lists[line.substr(0, space)][line.substr(space + 1, colon - space - 1)] =
            colon == std::string::npos ? "" : line.substr(colon + 2);
    }
    return lists;
}

ov::Core& software_gpu_core() {
    static ov::Core* core = new ov::Core("plugins-software-gpu.xml");  // never destroyed: plugins stay loaded
    return *core;
}

// The GPU backends query_model assigns an op of the case to on `device` (Parameter, Constant and Result left out,
// as every device takes them); empty when CPU takes every op or the case cannot be read.
std::set<std::string> claiming_backends(const Case& c, const std::string& device, ov::Core& core) {
    std::set<std::string> backends;
    try {
        const auto model = core.read_model((c.dir / "model.onnx").string());
        std::vector<ov::Tensor> inputs;
        const auto shaped = shaped_for(model, c.dir / "test_data_set_0", inputs);
        const auto assigned = core.query_model(shaped, device);
        for (const auto& node : shaped->get_ordered_ops()) {
            const std::string type = node->get_type_name();
            if (type == "Parameter" || type == "Constant" || type == "Result")
                continue;
            const auto found = assigned.find(node->get_friendly_name());
            if (found != assigned.end() && found->second.rfind("CPU", 0) != 0)
                backends.insert(found->second);
        }
    } catch (const std::exception&) {
        backends.clear();
    }
    return backends;
}

class OnnxBackendOnGpu : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxBackendOnGpu, PerOpCasesMatchWhereTheBackendsRunThem) {
    const std::string device = GetParam();
    ov::Core& core = software_gpu_core();
    const auto cpu_listed = expected_failures();
    auto device_lists = device_expected_failures();
    const auto& listed = device_lists[device];
    size_t ran = 0, passed = 0, failed_as_listed = 0, cpu_only = 0;
    std::set<std::string> seen;
    for (const auto& c : all_cases()) {
        if (c.name.rfind("node/", 0) != 0)
            continue;
        const auto backends = claiming_backends(c, device, core);
        if (backends.empty()) {
            ++cpu_only;
            continue;
        }
        ++ran;
        seen.insert(c.name);
        const std::string failure = run_case(c, device, core);
        std::string where;
        for (const auto& backend : backends)
            where += (where.empty() ? "" : ",") + backend;
        const auto on_cpu_list = cpu_listed.find(c.name);
        const auto on_device_list = listed.find(c.name);
        if (failure.empty())
            ++passed;
        if (on_cpu_list != cpu_listed.end()) {
            if (failure.empty())
                std::cout << "[ note ] " << c.name << " passes on " << device << " (" << where
                          << ") though it fails on CPU: " << on_cpu_list->second << std::endl;
            else
                ++failed_as_listed;
        } else if (on_device_list != listed.end()) {
            EXPECT_FALSE(failure.empty()) << c.name << " passes on " << device << " now: remove it from "
                                          << device_list_file << " (listed as: " << on_device_list->second << ")";
            if (!failure.empty())
                ++failed_as_listed;
        } else {
            EXPECT_TRUE(failure.empty()) << c.name << " on " << device << " (" << where << "): " << failure;
        }
    }
    for (const auto& [name, reason] : listed) {
        EXPECT_TRUE(seen.count(name)) << device_list_file << " lists " << name << " for " << device
                                      << ", which does not run there";
        EXPECT_FALSE(reason.empty()) << device_list_file << " lists " << name << " without a reason";
    }
    std::cout << "[ " << device << " ] " << ran << " node/ cases ran on a GPU backend (" << passed << " passed, "
              << failed_as_listed << " failed as listed); " << cpu_only << " ran wholly on CPU" << std::endl;
}

std::string device_test_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (auto& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(SoftwareGpu, OnnxBackendOnGpu,
                         ::testing::Values("GPU", "HETERO:OPENCL,CPU", "HETERO:VULKAN,CPU"), device_test_name);

}  // namespace
