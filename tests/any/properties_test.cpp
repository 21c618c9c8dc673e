// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/runtime/properties.hpp"

namespace {

using devmux_test::error_of;

// value -> Any -> text -> Any(text) -> value, for the property's own value type.
template <class T, ov::PropertyMutability M>
void expect_round_trip(const ov::Property<T, M>& property, const T& value) {
    SCOPED_TRACE(property.name());
    const ov::Any typed = value;
    const std::string text = typed.as<std::string>();
    const ov::Any from_text = text;
    EXPECT_TRUE(from_text.as<T>() == value) << "text: \"" << text << "\"";
    // A second trip gives the same text.
    EXPECT_EQ(ov::Any(from_text.as<T>()).as<std::string>(), text);
}

ov::device::UUID sample_uuid(uint32_t seed) {
    std::mt19937 rng(seed);
    ov::device::UUID id{};
    for (auto& byte : id.uuid)
        byte = static_cast<uint8_t>(rng() & 0xff);
    id.uuid[0] = 0x0a;  // a leading digit that must keep its zero
    id.uuid[15] = 0xf0;
    return id;
}

template <class P, class = void>
struct Callable : std::false_type {};
template <class P>
struct Callable<P, std::void_t<decltype(std::declval<const P&>()(std::declval<int>()))>> : std::true_type {};

template <class... P>
ov::util::EnableIfAllStringAny<size_t, P...> count_properties(P&&...) {
    return sizeof...(P);
}

template <class Enable, class... P>
struct AcceptsProperties : std::false_type {};
template <class... P>
struct AcceptsProperties<std::void_t<decltype(count_properties(std::declval<P>()...))>, P...> : std::true_type {};

}  // namespace

// ---- keys and mutability ----

TEST(Properties, KeysMatchOpenVino) {
    EXPECT_STREQ(ov::supported_properties.name(), "SUPPORTED_PROPERTIES");
    EXPECT_STREQ(ov::available_devices.name(), "AVAILABLE_DEVICES");
    EXPECT_STREQ(ov::model_name.name(), "NETWORK_NAME");
    EXPECT_STREQ(ov::optimal_number_of_infer_requests.name(), "OPTIMAL_NUMBER_OF_INFER_REQUESTS");
    EXPECT_STREQ(ov::enable_profiling.name(), "PERF_COUNT");
    EXPECT_STREQ(ov::cache_dir.name(), "CACHE_DIR");
    EXPECT_STREQ(ov::num_streams.name(), "NUM_STREAMS");
    EXPECT_STREQ(ov::streams::num.name(), "NUM_STREAMS");
    EXPECT_STREQ(ov::inference_num_threads.name(), "INFERENCE_NUM_THREADS");
    EXPECT_STREQ(ov::execution_devices.name(), "EXECUTION_DEVICES");
    EXPECT_STREQ(ov::hint::performance_mode.name(), "PERFORMANCE_HINT");
    EXPECT_STREQ(ov::hint::inference_precision.name(), "INFERENCE_PRECISION_HINT");
    EXPECT_STREQ(ov::hint::num_requests.name(), "PERFORMANCE_HINT_NUM_REQUESTS");
    EXPECT_STREQ(ov::device::full_name.name(), "FULL_DEVICE_NAME");
    EXPECT_STREQ(ov::device::type.name(), "DEVICE_TYPE");
    EXPECT_STREQ(ov::device::uuid.name(), "DEVICE_UUID");
    EXPECT_STREQ(ov::device::luid.name(), "DEVICE_LUID");
    EXPECT_STREQ(ov::device::capabilities.name(), "OPTIMIZATION_CAPABILITIES");
    EXPECT_STREQ(ov::device::id.name(), "DEVICE_ID");
    EXPECT_STREQ(ov::device::priorities.name(), "MULTI_DEVICE_PRIORITIES");
    EXPECT_STREQ(ov::device::properties.name(), "DEVICE_PROPERTIES");
    EXPECT_STREQ(ov::range_for_async_infer_requests.name(), "RANGE_FOR_ASYNC_INFER_REQUESTS");
    EXPECT_STREQ(ov::range_for_streams.name(), "RANGE_FOR_STREAMS");
    EXPECT_STREQ(ov::loaded_from_cache.name(), "LOADED_FROM_CACHE");
}

TEST(Properties, CapabilityConstants) {
    EXPECT_STREQ(ov::device::capability::FP32, "FP32");
    EXPECT_STREQ(ov::device::capability::BF16, "BF16");
    EXPECT_STREQ(ov::device::capability::FP16, "FP16");
    EXPECT_STREQ(ov::device::capability::INT8, "INT8");
    EXPECT_STREQ(ov::device::capability::EXPORT_IMPORT, "EXPORT_IMPORT");
}

TEST(PropertyName, ReadOnlyPropertyIsImmutable) {
    const ov::PropertyName name = ov::device::full_name;
    EXPECT_EQ(name, "FULL_DEVICE_NAME");
    EXPECT_FALSE(name.is_mutable());
    EXPECT_EQ(name.get_mutability(), ov::PropertyMutability::RO);
}

TEST(PropertyName, ReadWritePropertyIsMutable) {
    const ov::PropertyName name = ov::num_streams;
    EXPECT_EQ(name, "NUM_STREAMS");
    EXPECT_TRUE(name.is_mutable());
    EXPECT_EQ(name.get_mutability(), ov::PropertyMutability::RW);
}

TEST(PropertyName, DerivedPropertyTypesKeepTheirMutability) {
    EXPECT_TRUE(ov::PropertyName(ov::device::priorities).is_mutable());
    EXPECT_TRUE(ov::PropertyName(ov::device::properties).is_mutable());
}

TEST(PropertyName, FromStringDefaultsToMutable) {
    EXPECT_TRUE(ov::PropertyName("X").is_mutable());
    EXPECT_FALSE(ov::PropertyName("X", ov::PropertyMutability::RO).is_mutable());
}

TEST(PropertyName, ListBuildsFromTypedProperties) {
    std::vector<ov::PropertyName> list{ov::supported_properties, ov::device::full_name, ov::enable_profiling};
    ASSERT_EQ(list.size(), 3u);
    EXPECT_FALSE(list[0].is_mutable());
    EXPECT_FALSE(list[1].is_mutable());
    EXPECT_TRUE(list[2].is_mutable());
}

TEST(PropertyName, PrintsAsKey) {
    std::ostringstream os;
    os << ov::PropertyName(ov::device::full_name) << ' ' << ov::device::uuid;
    EXPECT_EQ(os.str(), "FULL_DEVICE_NAME DEVICE_UUID");
}

TEST(PropertyName, ComparesWithTypedProperty) {
    const ov::PropertyName name("SUPPORTED_PROPERTIES");
    EXPECT_TRUE(name == ov::supported_properties);
    EXPECT_TRUE(ov::supported_properties == name);
    EXPECT_TRUE(name != ov::model_name);
}

TEST(PropertyName, SupportedPropertiesListPrintsAndParses) {
    const std::vector<ov::PropertyName> list{ov::supported_properties, ov::num_streams};
    const ov::Any any = list;
    EXPECT_EQ(any.as<std::string>(), "SUPPORTED_PROPERTIES NUM_STREAMS");
    auto back = ov::Any(any.as<std::string>()).as<std::vector<ov::PropertyName>>();
    EXPECT_EQ(back, (std::vector<ov::PropertyName>{"SUPPORTED_PROPERTIES", "NUM_STREAMS"}));
}

// ---- calls ----

TEST(PropertyCall, GivesKeyAndTypedValue) {
    auto kv = ov::enable_profiling(true);
    EXPECT_EQ(kv.first, "PERF_COUNT");
    EXPECT_TRUE(kv.second.is<bool>());
    EXPECT_TRUE(kv.second.as<bool>());
}

TEST(PropertyCall, IntLiteralBecomesPropertyType) {
    auto kv = ov::hint::num_requests(4);
    EXPECT_TRUE(kv.second.is<uint32_t>());
    EXPECT_EQ(kv.second.as<uint32_t>(), 4u);
    auto streams = ov::num_streams(2);
    EXPECT_TRUE(streams.second.is<ov::streams::Num>());
    EXPECT_EQ(streams.second.as<ov::streams::Num>().num, 2);
}

TEST(PropertyCall, NegativeForUnsignedPropertyThrowsNamingKey) {
    const std::string what = error_of([] { ov::hint::num_requests(-1); });
    EXPECT_NE(what.find("PERFORMANCE_HINT_NUM_REQUESTS"), std::string::npos) << what;
    EXPECT_NE(what.find("-1"), std::string::npos) << what;
}

TEST(PropertyCall, StringArgumentIsParsed) {
    EXPECT_EQ(ov::num_streams("AUTO").second.as<ov::streams::Num>(), ov::streams::AUTO);
    EXPECT_EQ(ov::hint::inference_precision("f16").second.as<ov::element::Type>(), ov::element::f16);
    EXPECT_EQ(ov::hint::performance_mode("THROUGHPUT").second.as<ov::hint::PerformanceMode>(),
              ov::hint::PerformanceMode::THROUGHPUT);
    EXPECT_EQ(ov::hint::num_requests("8").second.as<uint32_t>(), 8u);
}

TEST(PropertyCall, BadStringArgumentThrowsNamingKeyAndValue) {
    const std::string what = error_of([] { ov::hint::performance_mode("FASTEST"); });
    EXPECT_NE(what.find("PERFORMANCE_HINT"), std::string::npos) << what;
    EXPECT_NE(what.find("FASTEST"), std::string::npos) << what;
}

TEST(PropertyCall, StringPropertyKeepsTextAsIs) {
    auto kv = ov::cache_dir("my cache/dir");
    EXPECT_TRUE(kv.second.is<std::string>());
    EXPECT_EQ(kv.second.as<std::string>(), "my cache/dir");
}

TEST(PropertyCall, ModelHintStoresSharedPointer) {
    auto kv = ov::hint::model(std::shared_ptr<const ov::Model>());
    EXPECT_EQ(kv.first, "MODEL_PTR");
    EXPECT_TRUE(kv.second.is<std::shared_ptr<const ov::Model>>());
}

TEST(PropertyCall, ReadOnlyPropertyHasNoCallOperator) {
    EXPECT_FALSE(Callable<std::decay_t<decltype(ov::device::full_name)>>::value);
    EXPECT_FALSE(Callable<std::decay_t<decltype(ov::supported_properties)>>::value);
    EXPECT_TRUE(Callable<std::decay_t<decltype(ov::num_streams)>>::value);
}

TEST(PropertyCall, EnableIfAllStringAnyAcceptsOnlyPropertyPairs) {
    EXPECT_EQ(count_properties(ov::num_streams(2), ov::enable_profiling(true)), 2u);
    EXPECT_TRUE((AcceptsProperties<void, std::pair<std::string, ov::Any>>::value));
    EXPECT_FALSE((AcceptsProperties<void, int>::value));
    EXPECT_FALSE((AcceptsProperties<void, std::pair<std::string, ov::Any>, ov::AnyMap>::value));
    EXPECT_FALSE((AcceptsProperties<void>::value));
}

TEST(PropertyCall, PairsFillAnAnyMap) {
    ov::AnyMap config{ov::num_streams(ov::streams::NUMA), ov::hint::inference_precision(ov::element::bf16)};
    EXPECT_EQ(config.at("NUM_STREAMS").as<std::string>(), "NUMA");
    EXPECT_EQ(config.at("INFERENCE_PRECISION_HINT").as<std::string>(), "bf16");
}

// ---- device::priorities ----

TEST(DevicePriorities, JoinsWithComma) {
    auto kv = ov::device::priorities("GPU", "CPU");
    EXPECT_EQ(kv.first, "MULTI_DEVICE_PRIORITIES");
    EXPECT_TRUE(kv.second.is<std::string>());
    EXPECT_EQ(kv.second.as<std::string>(), "GPU,CPU");
}

TEST(DevicePriorities, SingleDeviceHasNoComma) {
    EXPECT_EQ(ov::device::priorities("CPU").second.as<std::string>(), "CPU");
}

TEST(DevicePriorities, AcceptsStdStrings) {
    const std::string a = "GPU.1", b = "GPU.0", c = "CPU";
    EXPECT_EQ(ov::device::priorities(a, b, c).second.as<std::string>(), "GPU.1,GPU.0,CPU");
}

// ---- device::properties ----

TEST(DeviceProperties, PerDeviceKeyCarriesFlatMap) {
    auto kv = ov::device::properties("CPU", ov::num_streams(4), ov::enable_profiling(true));
    EXPECT_EQ(kv.first, "DEVICE_PROPERTIES_CPU");
    ASSERT_TRUE(kv.second.is<ov::AnyMap>());
    const auto& config = kv.second.as<ov::AnyMap>();
    ASSERT_EQ(config.size(), 2u);
    EXPECT_EQ(config.at("NUM_STREAMS").as<ov::streams::Num>().num, 4);
    EXPECT_TRUE(config.at("PERF_COUNT").as<bool>());
}

TEST(DeviceProperties, PerDeviceFromAnyMap) {
    auto kv = ov::device::properties("GPU.1", ov::AnyMap{{"PERF_COUNT", "NO"}});
    EXPECT_EQ(kv.first, "DEVICE_PROPERTIES_GPU.1");
    EXPECT_FALSE(kv.second.as<ov::AnyMap>().at("PERF_COUNT").as<bool>());
}

TEST(DeviceProperties, WholeMapUsesBareKey) {
    ov::AnyMap per_device{{"CPU", ov::AnyMap{ov::num_streams(1)}}, {"GPU", ov::AnyMap{ov::enable_profiling(false)}}};
    auto kv = ov::device::properties(per_device);
    EXPECT_EQ(kv.first, "DEVICE_PROPERTIES");
    ASSERT_TRUE(kv.second.is<ov::AnyMap>());
    EXPECT_EQ(kv.second.as<ov::AnyMap>().size(), 2u);
}

TEST(DeviceProperties, WholeMapReadsAsDeclaredValueType) {
    using ValueType = std::decay_t<decltype(ov::device::properties)>::value_type;
    auto kv = ov::device::properties(ov::AnyMap{{"CPU", ov::AnyMap{ov::num_streams(3)}}});
    const auto per_device = kv.second.as<ValueType>();
    EXPECT_EQ(per_device.at("CPU").at("NUM_STREAMS").as<int>(), 3);
    // and back: a value of the declared type reads as an AnyMap
    const auto back = ov::Any(per_device).as<ov::AnyMap>();
    EXPECT_EQ(back.at("CPU").as<ov::AnyMap>().at("NUM_STREAMS").as<int>(), 3);
}

TEST(DeviceProperties, SeveralDevicesFitInOneAnyMap) {
    ov::AnyMap config{ov::device::properties("CPU", ov::num_streams(1)),
                      ov::device::properties("GPU", ov::num_streams(2))};
    EXPECT_EQ(config.size(), 2u);
    EXPECT_EQ(config.at("DEVICE_PROPERTIES_GPU").as<ov::AnyMap>().at("NUM_STREAMS").as<int>(), 2);
}

TEST(DeviceProperties, PrintsAndParsesBack) {
    auto kv = ov::device::properties("CPU", ov::num_streams(4), ov::hint::inference_precision(ov::element::f32));
    const std::string text = kv.second.as<std::string>();
    EXPECT_EQ(text, "{INFERENCE_PRECISION_HINT:f32,NUM_STREAMS:4}");
    auto back = ov::Any(text).as<ov::AnyMap>();
    EXPECT_EQ(back.at("NUM_STREAMS").as<ov::streams::Num>().num, 4);
    EXPECT_EQ(back.at("INFERENCE_PRECISION_HINT").as<ov::element::Type>(), ov::element::f32);
}

// ---- UUID / LUID ----

TEST(DeviceUuid, PrintsExactly32LowercaseHexDigits) {
    const auto id = sample_uuid(7);
    std::ostringstream os;
    os << std::uppercase << std::hex << id;  // the stream's case and base flags must not change the format
    const std::string text = os.str();
    ASSERT_EQ(text.size(), 32u) << text;
    for (char c : text)
        EXPECT_TRUE(std::isxdigit(static_cast<unsigned char>(c)) && !std::isupper(static_cast<unsigned char>(c)))
            << text;
    EXPECT_EQ(text.substr(0, 2), "0a");
    EXPECT_EQ(text.substr(30, 2), "f0");
}

TEST(DeviceUuid, HexDigitsAreTheBytesInOrder) {
    ov::device::UUID id{};
    for (size_t i = 0; i < id.uuid.size(); ++i)
        id.uuid[i] = static_cast<uint8_t>(i * 17);  // 00 11 22 ... ff
    EXPECT_EQ(ov::Any(id).as<std::string>(), "00112233445566778899aabbccddeeff");
}

TEST(DeviceUuid, RoundTrips) {
    for (uint32_t seed : {1u, 2u, 3u})
        expect_round_trip(ov::device::uuid, sample_uuid(seed));
}

TEST(DeviceUuid, ParsesUppercaseAndDashes) {
    auto id = ov::Any("00112233-4455-6677-8899-AABBCCDDEEFF").as<ov::device::UUID>();
    EXPECT_EQ(ov::Any(id).as<std::string>(), "00112233445566778899aabbccddeeff");
}

TEST(DeviceUuid, BadTextThrows) {
    EXPECT_THROW(ov::Any("0011").as<ov::device::UUID>(), ov::Exception);
    EXPECT_THROW(ov::Any("zz112233445566778899aabbccddeeff").as<ov::device::UUID>(), ov::Exception);
}

TEST(DeviceUuid, EqualityAndOrder) {
    const auto a = sample_uuid(1), b = sample_uuid(2);
    EXPECT_TRUE(a == sample_uuid(1));
    EXPECT_TRUE(a != b);
    EXPECT_NE(a < b, b < a);
    EXPECT_TRUE(ov::Any(a) == ov::Any(sample_uuid(1)));
}

TEST(DeviceLuid, Prints16HexDigitsAndRoundTrips) {
    ov::device::LUID id{};
    for (size_t i = 0; i < id.luid.size(); ++i)
        id.luid[i] = static_cast<uint8_t>(0xf0 - i);
    EXPECT_EQ(ov::Any(id).as<std::string>(), "f0efeeedecebeae9");
    expect_round_trip(ov::device::luid, id);
}

// ---- round trips of every property type ----

TEST(PropertyRoundTrip, SupportedProperties) {
    expect_round_trip(ov::supported_properties,
                      std::vector<ov::PropertyName>{ov::supported_properties, ov::device::full_name});
}

TEST(PropertyRoundTrip, AvailableDevices) {
    expect_round_trip(ov::available_devices, std::vector<std::string>{"0", "1"});
}

TEST(PropertyRoundTrip, ModelName) {
    expect_round_trip(ov::model_name, std::string("resnet 50"));
}

TEST(PropertyRoundTrip, OptimalNumberOfInferRequests) {
    expect_round_trip(ov::optimal_number_of_infer_requests, uint32_t{4});
}

TEST(PropertyRoundTrip, EnableProfiling) {
    expect_round_trip(ov::enable_profiling, true);
    expect_round_trip(ov::enable_profiling, false);
    EXPECT_EQ(ov::Any(true).as<std::string>(), "YES");
}

TEST(PropertyRoundTrip, CacheDir) {
    expect_round_trip(ov::cache_dir, std::string("/tmp/devmux cache"));
}

TEST(PropertyRoundTrip, NumStreams) {
    expect_round_trip(ov::num_streams, ov::streams::Num{3});
    expect_round_trip(ov::num_streams, ov::streams::AUTO);
    expect_round_trip(ov::num_streams, ov::streams::NUMA);
    EXPECT_EQ(ov::Any(ov::streams::AUTO).as<std::string>(), "AUTO");
    EXPECT_EQ(ov::Any(ov::streams::NUMA).as<std::string>(), "NUMA");
    EXPECT_EQ(ov::Any(ov::streams::Num{3}).as<std::string>(), "3");
}

TEST(PropertyRoundTrip, NumStreamsConvertsToAndFromIntegers) {
    EXPECT_EQ(ov::Any(ov::streams::Num{5}).as<int32_t>(), 5);
    EXPECT_EQ(ov::Any(ov::streams::Num{5}).as<uint32_t>(), 5u);
    EXPECT_EQ(ov::Any(6).as<ov::streams::Num>().num, 6);
    EXPECT_THROW(ov::Any("many").as<ov::streams::Num>(), ov::Exception);
}

TEST(PropertyRoundTrip, InferenceNumThreads) {
    expect_round_trip(ov::inference_num_threads, int32_t{8});
}

TEST(PropertyRoundTrip, ExecutionDevices) {
    expect_round_trip(ov::execution_devices, std::vector<std::string>{"CPU", "GPU.0"});
}

TEST(PropertyRoundTrip, PerformanceMode) {
    using ov::hint::PerformanceMode;
    for (auto mode : {PerformanceMode::LATENCY, PerformanceMode::THROUGHPUT, PerformanceMode::CUMULATIVE_THROUGHPUT})
        expect_round_trip(ov::hint::performance_mode, mode);
    EXPECT_EQ(ov::Any(PerformanceMode::CUMULATIVE_THROUGHPUT).as<std::string>(), "CUMULATIVE_THROUGHPUT");
    EXPECT_EQ(ov::Any("LATENCY").as<PerformanceMode>(), PerformanceMode::LATENCY);
}

TEST(PropertyRoundTrip, InferencePrecision) {
    for (auto type : {ov::element::f32, ov::element::f16, ov::element::bf16, ov::element::i8})
        expect_round_trip(ov::hint::inference_precision, type);
}

TEST(PropertyRoundTrip, NumRequests) {
    expect_round_trip(ov::hint::num_requests, uint32_t{0});
    expect_round_trip(ov::hint::num_requests, uint32_t{4000000000u});
}

TEST(PropertyRoundTrip, FullName) {
    expect_round_trip(ov::device::full_name, std::string("Intel(R) Core(TM) i7 CPU @ 2.60GHz"));
}

TEST(PropertyRoundTrip, DeviceType) {
    expect_round_trip(ov::device::type, ov::device::Type::INTEGRATED);
    expect_round_trip(ov::device::type, ov::device::Type::DISCRETE);
    EXPECT_EQ(ov::Any(ov::device::Type::INTEGRATED).as<std::string>(), "integrated");
    EXPECT_EQ(ov::Any(ov::device::Type::DISCRETE).as<std::string>(), "discrete");
}

TEST(PropertyRoundTrip, Capabilities) {
    expect_round_trip(ov::device::capabilities,
                      std::vector<std::string>{ov::device::capability::FP32, ov::device::capability::EXPORT_IMPORT});
}

TEST(PropertyRoundTrip, DeviceId) {
    expect_round_trip(ov::device::id, std::string("1"));
}

TEST(PropertyRoundTrip, Priorities) {
    expect_round_trip(ov::device::priorities, std::string("GPU,CPU"));
}

TEST(PropertyRoundTrip, DevicePropertiesMap) {
    const auto text = ov::Any(std::map<std::string, ov::AnyMap>{{"CPU", {{"NUM_STREAMS", 2}}}}).as<std::string>();
    EXPECT_EQ(text, "{CPU:{NUM_STREAMS:2}}");
    auto back = ov::Any(text).as<std::map<std::string, ov::AnyMap>>();
    EXPECT_EQ(back.at("CPU").at("NUM_STREAMS").as<int>(), 2);
}

TEST(PropertyRoundTrip, RangeForAsyncInferRequests) {
    expect_round_trip(ov::range_for_async_infer_requests, std::tuple<unsigned, unsigned, unsigned>{1, 8, 1});
}

TEST(PropertyRoundTrip, RangeForStreams) {
    expect_round_trip(ov::range_for_streams, std::tuple<unsigned, unsigned>{1, 16});
}

TEST(PropertyRoundTrip, LoadedFromCache) {
    expect_round_trip(ov::loaded_from_cache, true);
}

TEST(PropertyRoundTrip, OtherEnums) {
    expect_round_trip(ov::hint::model_priority, ov::hint::Priority::HIGH);
    expect_round_trip(ov::hint::execution_mode, ov::hint::ExecutionMode::ACCURACY);
    expect_round_trip(ov::hint::scheduling_core_type, ov::hint::SchedulingCoreType::PCORE_ONLY);
    expect_round_trip(ov::log::level, ov::log::Level::WARNING);
    EXPECT_EQ(ov::Any(ov::log::Level::NO).as<std::string>(), "LOG_NONE");
    EXPECT_EQ(ov::Any("DEFAULT").as<ov::hint::Priority>(), ov::hint::Priority::MEDIUM);
}

TEST(PropertyRoundTrip, Gops) {
    expect_round_trip(ov::device::gops, std::map<ov::element::Type, float>{{ov::element::f32, 1.5f},
                                                                           {ov::element::i8, 6.25f}});
}

TEST(PropertyRoundTrip, UnknownEnumNameThrowsListingAccepted) {
    const std::string what = error_of([] { ov::Any("fast").as<ov::device::Type>(); });
    EXPECT_NE(what.find("fast"), std::string::npos) << what;
    EXPECT_NE(what.find("integrated"), std::string::npos) << what;
}
