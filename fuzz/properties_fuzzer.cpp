// SPDX-License-Identifier: Apache-2.0
// The string forms of properties and device names. Input: <device name> sep <key> sep <value>.
//  - the value is parsed (ov::Any holding a string, as<T>()) into each typed property an application sets
//    from text: performance mode, number of requests, priorities, streams, log level, device type, UUID,
//    schedule policy, lists and maps, element types, layouts and shapes;
//  - the device name ("HETERO:A,B", "AUTO:-CPU", "GPU.1", "MULTI:CPU,GPU", ...) and the key/value pair go
//    through a fresh Core of the build's plugins.xml: get_versions, get_property, set_property and a
//    compile_model of a one-op model with the pair as its property (the compiled model is run once).

#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "openvino/core/except.hpp"
#include "openvino/openvino.hpp"
#include "openvino/opsets/opset8.hpp"
#include "openvino/runtime/auto/properties.hpp"

namespace {

template <typename T>
void parse_as(const std::string& text) {
    try {
        ov::Any any(text);
        (void)any.as<T>();
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
}

template <typename Construct>
void construct_from(Construct&& construct) {
    try {
        construct();
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
}

void parse_value_as_every_type(const std::string& value) {
    parse_as<ov::hint::PerformanceMode>(value);
    parse_as<ov::hint::Priority>(value);
    parse_as<ov::hint::ExecutionMode>(value);
    parse_as<ov::hint::SchedulingCoreType>(value);
    parse_as<ov::log::Level>(value);
    parse_as<ov::device::Type>(value);
    parse_as<ov::device::UUID>(value);
    parse_as<ov::device::LUID>(value);
    parse_as<ov::streams::Num>(value);
    parse_as<ov::intel_auto::SchedulePolicy>(value);
    parse_as<uint32_t>(value);
    parse_as<int32_t>(value);
    parse_as<int64_t>(value);
    parse_as<bool>(value);
    parse_as<float>(value);
    parse_as<ov::element::Type>(value);
    parse_as<std::vector<std::string>>(value);
    parse_as<std::vector<ov::element::Type>>(value);
    parse_as<std::map<std::string, std::string>>(value);
    parse_as<std::map<ov::element::Type, float>>(value);
    parse_as<std::map<std::string, std::map<std::string, ov::Any>>>(value);
    parse_as<ov::AnyMap>(value);
    parse_as<std::tuple<unsigned int, unsigned int>>(value);
    construct_from([&] { (void)ov::Layout(value).to_string(); });
    construct_from([&] { (void)ov::PartialShape(value).to_string(); });
    construct_from([&] { (void)ov::element::Type(value).get_type_name(); });
}

std::shared_ptr<ov::Model> one_op_model() {
    auto input = std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::Shape{1, 3});
    auto relu = std::make_shared<ov::opset8::Relu>(input);
    auto result = std::make_shared<ov::opset8::Result>(relu);
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{input}, "fuzz_one_op");
}

template <typename Step>
void step(Step&& run) {
    try {
        run();
    } catch (const std::exception& e) {  // ov::Exception included
        devmux_fuzz::refused(e);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const size_t plugins_held = devmux_fuzz::keep_plugins_loaded();
    (void)plugins_held;
    static const std::shared_ptr<const ov::Model> model = one_op_model();
    const auto parts = devmux_fuzz::split_parts(data, size, 3);
    const std::string& device = parts[0];
    const std::string& key = parts[1];
    const std::string& value = parts[2];

    parse_value_as_every_type(value);

    // A fresh Core per input: set_property changes a Core, and each input must run as if alone.
    std::unique_ptr<ov::Core> core;
    step([&] { core = std::make_unique<ov::Core>(devmux_fuzz::lib_dir() + "/plugins.xml"); });
    if (!core)
        return 0;
    step([&] { (void)core->get_versions(device); });
    step([&] { (void)core->get_property(device, key).as<std::string>(); });
    step([&] { core->set_property(device, ov::AnyMap{{key, value}}); });
    step([&] {
        auto compiled = core->compile_model(model, device, ov::AnyMap{{key, value}});
        (void)compiled.get_property(ov::execution_devices.name());
        auto request = compiled.create_infer_request();
        request.infer();
    });
    return 0;
}
