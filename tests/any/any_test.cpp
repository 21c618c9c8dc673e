// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "common/test_utils.hpp"
#include "openvino/core/any.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace {

// A type with neither operator== nor operator<<.
struct Opaque {
    int x = 0;
};

// A type with operator<< but no operator==: Any compares it by printed text.
struct PrintOnly {
    int x = 0;
};
std::ostream& operator<<(std::ostream& os, const PrintOnly& p) {
    return os << "P" << p.x;
}

// A type with a ov::util::Read / Write specialisation instead of stream operators.
struct Point {
    int x = 0;
    int y = 0;
    bool operator==(const Point& o) const {
        return x == o.x && y == o.y;
    }
};

using devmux_test::error_of;

}  // namespace

namespace ov {
namespace util {
template <>
struct Write<Point> {
    void operator()(std::ostream& os, const Point& p) const {
        os << p.x << 'x' << p.y;
    }
};
template <>
struct Read<Point> {
    void operator()(std::istream& is, Point& p) const {
        char sep = 0;
        is >> p.x >> sep >> p.y;
        if (sep != 'x')
            is.setstate(std::ios::failbit);
    }
};
}  // namespace util
}  // namespace ov

TEST(Any, DefaultIsEmpty) {
    ov::Any any;
    EXPECT_TRUE(any.empty());
    EXPECT_FALSE(any.is<int>());
    EXPECT_EQ(any.addressof(), nullptr);
}

TEST(Any, NullptrIsEmpty) {
    ov::Any any = nullptr;
    EXPECT_TRUE(any.empty());
    EXPECT_TRUE(any == nullptr);
}

TEST(Any, HoldsDecayedType) {
    const int value = 7;
    ov::Any any = value;
    EXPECT_TRUE(any.is<int>());
    EXPECT_TRUE(any.is<const int&>());
    EXPECT_FALSE(any.is<long>());
    EXPECT_EQ(any.type_info(), typeid(int));
    EXPECT_EQ(any.as<int>(), 7);
}

TEST(Any, StringLiteralIsStoredAsStdString) {
    ov::Any any = "hello";
    EXPECT_TRUE(any.is<std::string>());
    EXPECT_EQ(any.as<std::string>(), "hello");
}

TEST(Any, CharPointerIsStoredAsStdString) {
    char buffer[] = "abc";
    char* p = buffer;
    ov::Any any = p;
    EXPECT_TRUE(any.is<std::string>());
    buffer[0] = 'X';  // the Any owns a copy
    EXPECT_EQ(any.as<std::string>(), "abc");
}

TEST(Any, NullCStringThrows) {
    const char* p = nullptr;
    EXPECT_THROW(ov::Any{p}, ov::Exception);
}

TEST(Any, AsReturnsReferenceToStoredValue) {
    ov::Any any = std::vector<int>{1, 2};
    any.as<std::vector<int>>().push_back(3);
    EXPECT_EQ(any.as<std::vector<int>>(), (std::vector<int>{1, 2, 3}));
}

TEST(Any, CopyIsDeep) {
    ov::Any a = std::string("one");
    ov::Any b = a;
    b.as<std::string>() = "two";
    EXPECT_EQ(a.as<std::string>(), "one");
    EXPECT_EQ(b.as<std::string>(), "two");
}

TEST(Any, CopyAssignReplacesValueAndType) {
    ov::Any a = 1;
    const ov::Any b = std::string("x");
    a = b;
    EXPECT_TRUE(a.is<std::string>());
    EXPECT_EQ(a.as<std::string>(), "x");
}

TEST(Any, SelfAssignKeepsValue) {
    ov::Any a = 5;
    ov::Any& alias = a;
    a = alias;
    EXPECT_EQ(a.as<int>(), 5);
}

TEST(Any, MoveLeavesSourceEmpty) {
    ov::Any a = std::string("moved");
    ov::Any b = std::move(a);
    EXPECT_EQ(b.as<std::string>(), "moved");
    EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): documented state
}

TEST(Any, MakeBuildsInPlace) {
    auto any = ov::Any::make<std::vector<int>>(3, 9);
    EXPECT_EQ(any.as<std::vector<int>>(), (std::vector<int>{9, 9, 9}));
}

TEST(Any, KeepsLibraryHandleAliveAsLongAsTheValue) {
    auto handle = std::make_shared<int>(42);
    std::weak_ptr<int> watch = handle;
    {
        ov::Any copy;
        {
            ov::Any with_so(ov::Any(3), handle);
            handle.reset();
            EXPECT_FALSE(watch.expired());
            copy = with_so;
        }
        EXPECT_FALSE(watch.expired());
        EXPECT_EQ(copy.as<int>(), 3);
    }
    EXPECT_TRUE(watch.expired());
}

// ---- printing ----

TEST(AnyPrint, IntegerPrintsDecimal) {
    EXPECT_EQ(ov::Any(4).as<std::string>(), "4");
    EXPECT_EQ(ov::Any(-12).as<std::string>(), "-12");
}

TEST(AnyPrint, BoolPrintsYesNo) {
    EXPECT_EQ(ov::Any(true).as<std::string>(), "YES");
    EXPECT_EQ(ov::Any(false).as<std::string>(), "NO");
}

TEST(AnyPrint, Int8PrintsAsNumber) {
    EXPECT_EQ(ov::Any(uint8_t{200}).as<std::string>(), "200");
    EXPECT_EQ(ov::Any(int8_t{-3}).as<std::string>(), "-3");
}

TEST(AnyPrint, FloatingPrintsShortestRoundTrip) {
    EXPECT_EQ(ov::Any(0.1).as<std::string>(), "0.1");
    EXPECT_EQ(ov::Any(0.1f).as<std::string>(), "0.1");
    const double third = 1.0 / 3.0;
    EXPECT_EQ(ov::Any(ov::Any(third).as<std::string>()).as<double>(), third);
}

TEST(AnyPrint, VectorIsSpaceSeparated) {
    EXPECT_EQ(ov::Any(std::vector<std::string>{"CPU", "GPU.0", "GPU.1"}).as<std::string>(), "CPU GPU.0 GPU.1");
    EXPECT_EQ(ov::Any(std::vector<int>{}).as<std::string>(), "");
}

TEST(AnyPrint, VectorOfBoolsUsesYesNo) {
    EXPECT_EQ(ov::Any(std::vector<bool>{true, false}).as<std::string>(), "YES NO");
    EXPECT_EQ(ov::Any("NO YES").as<std::vector<bool>>(), (std::vector<bool>{false, true}));
}

TEST(AnyPrint, AnyVectorPrintsEachElement) {
    EXPECT_EQ(ov::Any(ov::AnyVector{1, "two", 3.5}).as<std::string>(), "1 two 3.5");
}

TEST(AnyPrint, SetIsSpaceSeparated) {
    EXPECT_EQ(ov::Any(std::set<int>{3, 1, 2}).as<std::string>(), "1 2 3");
}

TEST(AnyPrint, MapIsBracedAndCommaSeparated) {
    std::map<std::string, int> m{{"a", 1}, {"b", 2}};
    EXPECT_EQ(ov::Any(m).as<std::string>(), "{a:1,b:2}");
}

TEST(AnyPrint, EmptyMapPrintsNothing) {
    EXPECT_EQ(ov::Any(ov::AnyMap{}).as<std::string>(), "");
}

TEST(AnyPrint, NestedAnyMap) {
    ov::AnyMap m{{"CPU", ov::AnyMap{{"NUM_STREAMS", 4}, {"PERF_COUNT", true}}}, {"X", "y"}};
    EXPECT_EQ(ov::Any(m).as<std::string>(), "{CPU:{NUM_STREAMS:4,PERF_COUNT:YES},X:y}");
}

TEST(AnyPrint, TupleIsSpaceSeparated) {
    EXPECT_EQ(ov::Any(std::tuple<unsigned, unsigned, unsigned>{1, 8, 1}).as<std::string>(), "1 8 1");
}

TEST(AnyPrint, ElementTypeUsesItsName) {
    EXPECT_EQ(ov::Any(ov::element::f16).as<std::string>(), "f16");
}

TEST(AnyPrint, TypeWithOwnOstreamOperatorIsUsed) {
    // ov::Shape derives from std::vector<size_t> but has its own operator<<.
    ov::Shape shape{1, 3};
    std::ostringstream expected;
    expected << shape;
    EXPECT_EQ(ov::Any(shape).as<std::string>(), expected.str());
}

TEST(AnyPrint, UtilWriteSpecialisationIsUsed) {
    EXPECT_EQ(ov::Any(Point{2, 5}).as<std::string>(), "2x5");
}

TEST(AnyPrint, StreamOperatorPrintsValue) {
    std::ostringstream os;
    os << ov::Any(std::vector<int>{4, 5});
    EXPECT_EQ(os.str(), "4 5");
}

TEST(AnyPrint, EmptyAnyAsStringIsEmpty) {
    ov::Any any;
    EXPECT_EQ(any.as<std::string>(), "");
}

TEST(AnyPrint, UnprintableTypePrintsNothingButAsStringThrows) {
    ov::Any any = Opaque{3};
    std::ostringstream os;
    any.print(os);
    EXPECT_EQ(os.str(), "");
    EXPECT_THROW(any.as<std::string>(), ov::Exception);
}

// ---- parsing from a stored std::string ----

TEST(AnyParse, Integers) {
    EXPECT_EQ(ov::Any("4").as<int>(), 4);
    EXPECT_EQ(ov::Any("-4").as<int64_t>(), -4);
    EXPECT_EQ(ov::Any(" 17 ").as<uint32_t>(), 17u);
    EXPECT_EQ(ov::Any("+5").as<int>(), 5);
}

TEST(AnyParse, IntegerRejectsTrailingText) {
    EXPECT_THROW(ov::Any("4abc").as<int>(), ov::Exception);
    EXPECT_THROW(ov::Any("4 5").as<int>(), ov::Exception);
}

TEST(AnyParse, UnsignedRejectsNegative) {
    EXPECT_THROW(ov::Any("-1").as<uint32_t>(), ov::Exception);
}

TEST(AnyParse, IntegerRejectsOutOfRange) {
    EXPECT_THROW(ov::Any("300").as<uint8_t>(), ov::Exception);
    EXPECT_THROW(ov::Any("99999999999999999999").as<int64_t>(), ov::Exception);
}

TEST(AnyParse, Floating) {
    EXPECT_FLOAT_EQ(ov::Any("1.5").as<float>(), 1.5f);
    EXPECT_DOUBLE_EQ(ov::Any("-2.25e3").as<double>(), -2250.0);
}

TEST(AnyParse, BoolAcceptsYesNoTrueFalse) {
    EXPECT_TRUE(ov::Any("YES").as<bool>());
    EXPECT_FALSE(ov::Any("NO").as<bool>());
    EXPECT_TRUE(ov::Any("true").as<bool>());
    EXPECT_FALSE(ov::Any("False").as<bool>());
    EXPECT_THROW(ov::Any("maybe").as<bool>(), ov::Exception);
}

TEST(AnyParse, VectorOfStringsSplitsOnWhitespace) {
    EXPECT_EQ(ov::Any("a b  c").as<std::vector<std::string>>(), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(AnyParse, EmptyStringGivesEmptyVector) {
    EXPECT_TRUE(ov::Any("").as<std::vector<std::string>>().empty());
}

TEST(AnyParse, VectorOfIntegers) {
    EXPECT_EQ(ov::Any("1 -2 3").as<std::vector<int>>(), (std::vector<int>{1, -2, 3}));
}

TEST(AnyParse, Set) {
    EXPECT_EQ(ov::Any("b a b").as<std::set<std::string>>(), (std::set<std::string>{"a", "b"}));
}

TEST(AnyParse, MapWithTypedValues) {
    auto m = ov::Any("{a:1, b : 2}").as<std::map<std::string, int>>();
    EXPECT_EQ(m, (std::map<std::string, int>{{"a", 1}, {"b", 2}}));
}

TEST(AnyParse, AnyMapKeepsNestedMapsWhole) {
    auto m = ov::Any("{CPU:{NUM_STREAMS:4,PERF_COUNT:YES},X:y}").as<ov::AnyMap>();
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m.at("X").as<std::string>(), "y");
    auto cpu = m.at("CPU").as<ov::AnyMap>();
    EXPECT_EQ(cpu.at("NUM_STREAMS").as<int>(), 4);
    EXPECT_TRUE(cpu.at("PERF_COUNT").as<bool>());
}

TEST(AnyParse, MapValueKeepsInnerSpacesAndColons) {
    auto m = ov::Any("{path:C:/a b/c}").as<std::map<std::string, std::string>>();
    EXPECT_EQ(m.at("path"), "C:/a b/c");
}

TEST(AnyParse, MalformedMapThrows) {
    EXPECT_THROW(ov::Any("a:1").as<ov::AnyMap>(), ov::Exception);
    EXPECT_THROW(ov::Any("{a}").as<ov::AnyMap>(), ov::Exception);
    EXPECT_THROW(ov::Any("{a:{b:1}").as<ov::AnyMap>(), ov::Exception);
}

TEST(AnyParse, Tuple) {
    using T3 = std::tuple<unsigned, unsigned, unsigned>;
    EXPECT_EQ(ov::Any("1 8 2").as<T3>(), T3(1, 8, 2));
    EXPECT_THROW(ov::Any("1 8").as<T3>(), ov::Exception);
}

TEST(AnyParse, ElementTypeByName) {
    EXPECT_EQ(ov::Any("f16").as<ov::element::Type>(), ov::element::f16);
    EXPECT_EQ(ov::Any("i64").as<ov::element::Type>(), ov::element::i64);
}

TEST(AnyParse, UtilReadSpecialisationIsUsed) {
    EXPECT_EQ(ov::Any("3x4").as<Point>(), (Point{3, 4}));
    EXPECT_THROW(ov::Any("3y4").as<Point>(), ov::Exception);
}

TEST(AnyParse, RepeatedConversionKeepsEarlierReferencesValid) {
    const ov::Any any = "12";
    const int& first = any.as<int>();
    const int& second = any.as<int>();
    EXPECT_EQ(&first, &second);
    EXPECT_EQ(first, 12);
}

TEST(AnyParse, ReadIntoStoredValue) {
    ov::Any any = std::vector<int>{};
    std::istringstream is("5 6");
    any.read(is);
    EXPECT_EQ(any.as<std::vector<int>>(), (std::vector<int>{5, 6}));
}

TEST(AnyParse, ReadOfStringTakesWholeText) {
    ov::Any any = std::string();
    std::istringstream is("two words");
    any.read(is);
    EXPECT_EQ(any.as<std::string>(), "two words");
}

// ---- map conversions ----

TEST(AnyMapConversion, AnyMapToTypedMap) {
    const ov::Any any = ov::AnyMap{{"a", 1}, {"b", "2"}};
    EXPECT_EQ((any.as<std::map<std::string, int>>()), (std::map<std::string, int>{{"a", 1}, {"b", 2}}));
}

TEST(AnyMapConversion, TypedMapToAnyMap) {
    const ov::Any any = std::map<std::string, int>{{"a", 1}};
    const auto& map = any.as<ov::AnyMap>();
    ASSERT_EQ(map.size(), 1u);
    EXPECT_TRUE(map.at("a").is<int>());
    EXPECT_EQ(map.at("a").as<int>(), 1);
}

TEST(AnyMapConversion, BadEntryNamesKey) {
    const ov::Any any = ov::AnyMap{{"good", 1}, {"bad", "x"}};
    const std::string what = error_of([&] { any.as<std::map<std::string, int>>(); });
    EXPECT_NE(what.find("'bad'"), std::string::npos) << what;
    EXPECT_NE(what.find("\"x\""), std::string::npos) << what;
}

TEST(AnyMapConversion, NonStringKeyedMapIsNotConverted) {
    const ov::Any any = std::map<int, int>{{1, 2}};
    EXPECT_THROW(any.as<ov::AnyMap>(), ov::Exception);
}

// ---- arithmetic conversions ----

TEST(AnyNumber, IntToUnsigned) {
    EXPECT_EQ(ov::Any(4).as<uint32_t>(), 4u);
}

TEST(AnyNumber, IntToInt64) {
    EXPECT_EQ(ov::Any(4).as<int64_t>(), 4);
}

TEST(AnyNumber, UnsignedToInt) {
    EXPECT_EQ(ov::Any(uint64_t{9}).as<int32_t>(), 9);
}

TEST(AnyNumber, IntegerToFloating) {
    EXPECT_DOUBLE_EQ(ov::Any(3).as<double>(), 3.0);
}

TEST(AnyNumber, FloatingToIntegerTruncates) {
    EXPECT_EQ(ov::Any(2.75).as<int>(), 2);
}

TEST(AnyNumber, NegativeToUnsignedThrows) {
    EXPECT_THROW(ov::Any(-1).as<uint32_t>(), ov::Exception);
}

TEST(AnyNumber, OutOfRangeThrows) {
    EXPECT_THROW(ov::Any(int64_t{1} << 40).as<int32_t>(), ov::Exception);
    EXPECT_THROW(ov::Any(std::numeric_limits<uint64_t>::max()).as<int64_t>(), ov::Exception);
    EXPECT_THROW(ov::Any(1e300).as<float>(), ov::Exception);
    EXPECT_THROW(ov::Any(std::nan("")).as<int>(), ov::Exception);
}

TEST(AnyNumber, BoolIsNotANumber) {
    EXPECT_THROW(ov::Any(true).as<int>(), ov::Exception);
    EXPECT_THROW(ov::Any(1).as<bool>(), ov::Exception);
}

// ---- errors ----

TEST(AnyError, BadCastNamesBothTypesAndValue) {
    const std::string what = error_of([] { ov::Any(std::vector<int>{1, 2}).as<ov::element::Type>(); });
    EXPECT_NE(what.find("std::vector<int>"), std::string::npos) << what;
    EXPECT_NE(what.find("ov::element::Type"), std::string::npos) << what;
    EXPECT_NE(what.find("1 2"), std::string::npos) << what;
}

TEST(AnyError, ParseFailureNamesTypesAndText) {
    const std::string what = error_of([] { ov::Any("abc").as<int>(); });
    EXPECT_NE(what.find("std::string"), std::string::npos) << what;
    EXPECT_NE(what.find("int"), std::string::npos) << what;
    EXPECT_NE(what.find("abc"), std::string::npos) << what;
}

TEST(AnyError, OutOfRangeNamesTypesAndValue) {
    const std::string what = error_of([] { ov::Any(-5).as<unsigned int>(); });
    EXPECT_NE(what.find("unsigned int"), std::string::npos) << what;
    EXPECT_NE(what.find("-5"), std::string::npos) << what;
}

TEST(AnyError, EmptyAnyAsNonStringThrows) {
    ov::Any any;
    const std::string what = error_of([&] { any.as<int>(); });
    EXPECT_NE(what.find("empty"), std::string::npos) << what;
}

TEST(AnyError, TypeInfoOfEmptyThrows) {
    ov::Any any;
    EXPECT_THROW(any.type_info(), ov::Exception);
}

// ---- equality ----

TEST(AnyEqual, SameTypeSameValue) {
    EXPECT_TRUE(ov::Any(3) == ov::Any(3));
    EXPECT_FALSE(ov::Any(3) != ov::Any(3));
}

TEST(AnyEqual, SameTypeDifferentValue) {
    EXPECT_TRUE(ov::Any(3) != ov::Any(4));
}

TEST(AnyEqual, DifferentTypesAreNotEqual) {
    EXPECT_FALSE(ov::Any(3) == ov::Any(3u));
    EXPECT_FALSE(ov::Any("3") == ov::Any(3));
}

TEST(AnyEqual, EmptyEqualsOnlyEmpty) {
    EXPECT_TRUE(ov::Any() == ov::Any());
    EXPECT_FALSE(ov::Any() == ov::Any(0));
}

TEST(AnyEqual, AnyMapsCompareByContent) {
    ov::AnyMap a{{"K", 1}, {"L", ov::AnyMap{{"M", "x"}}}};
    ov::AnyMap b{{"K", 1}, {"L", ov::AnyMap{{"M", "x"}}}};
    ov::AnyMap c{{"K", 1}, {"L", ov::AnyMap{{"M", "y"}}}};
    EXPECT_TRUE(ov::Any(a) == ov::Any(b));
    EXPECT_FALSE(ov::Any(a) == ov::Any(c));
}

TEST(AnyEqual, WithoutOperatorEqualComparesPrintedText) {
    EXPECT_TRUE(ov::Any(PrintOnly{1}) == ov::Any(PrintOnly{1}));
    EXPECT_FALSE(ov::Any(PrintOnly{1}) == ov::Any(PrintOnly{2}));
}

TEST(AnyEqual, NeitherComparableNorPrintableThrows) {
    EXPECT_THROW((void)(ov::Any(Opaque{}) == ov::Any(Opaque{})), ov::Exception);
}

TEST(AnyEqual, ContainerOfIncomparableThrowsInsteadOfFailingToCompile) {
    using Pair = std::array<Opaque, 2>;
    EXPECT_THROW((void)(ov::Any(Pair{}) == ov::Any(Pair{})), ov::Exception);
}

TEST(AnyEqual, ComparesWithPlainValue) {
    ov::Any any = std::string("CPU");
    EXPECT_TRUE(any == std::string("CPU"));
    EXPECT_TRUE(any == "CPU");
}
