// SPDX-License-Identifier: Apache-2.0
// Helpers that build single-op conformance cases, shared by op_cases.cpp and the per-family case files
// (cases_*.cpp), which add their cases with DEVMUX_CONFORMANCE_CASES.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "conformance.hpp"
#include "op_cases.hpp"
#include "openvino/op/ops.hpp"

namespace conformance {
namespace case_builders {

using ov::element::Type;
namespace v0 = ov::op::v0;
namespace v1 = ov::op::v1;
namespace v3 = ov::op::v3;
namespace v6 = ov::op::v6;
namespace v7 = ov::op::v7;
namespace v8 = ov::op::v8;

inline const Type f32 = ov::element::f32, f16 = ov::element::f16, i32 = ov::element::i32;
inline const std::vector<Type> reals{f32, f16};
inline const std::vector<Type> numbers{f32, f16, i32};

inline std::shared_ptr<v0::Parameter> par(const Type& type, const ov::Shape& shape) {
    return std::make_shared<v0::Parameter>(type, shape);
}

// A constant of seeded random values (weights, slopes), of the case's element type.
inline std::shared_ptr<v0::Constant> weights(const Type& type, const ov::Shape& shape, uint32_t seed, double lo = -1,
                                      double hi = 1) {
    return std::make_shared<v0::Constant>(random_tensor(type, shape, seed, lo, hi));
}

inline std::shared_ptr<v0::Constant> i64s(const std::vector<int64_t>& values) {
    return v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values);
}

inline std::shared_ptr<ov::Model> model_of(const ov::OutputVector& outputs, const ov::ParameterVector& parameters) {
    ov::ResultVector results;
    for (const auto& output : outputs)
        results.push_back(std::make_shared<v0::Result>(output));
    return std::make_shared<ov::Model>(results, parameters, "conformance_case");
}

inline std::shared_ptr<ov::Model> model_of(const std::shared_ptr<ov::Node>& op, const ov::ParameterVector& parameters) {
    return model_of(op->outputs(), parameters);
}

template <typename Op>
OpCase binary(const std::string& type_name, const std::string& shape_name, const ov::Shape& a, const ov::Shape& b,
              std::vector<Range> ranges = {}) {
    return {type_name + "_" + shape_name, type_name, numbers,
            [a, b](const Type& t) {
                auto x = par(t, a), y = par(t, b);
                return model_of(std::make_shared<Op>(x, y), {x, y});
            },
            std::move(ranges)};
}

template <typename Op>
OpCase unary(const std::string& type_name, std::vector<Type> types, Range range = {-3, 3}) {
    return {type_name + "_2x3x4", type_name, std::move(types),
            [](const Type& t) {
                auto x = par(t, {2, 3, 4});
                return model_of(std::make_shared<Op>(x), {x});
            },
            {range}};
}

}  // namespace case_builders

/// The case families that files other than op_cases.cpp add: each is called once, in registration order,
/// after op_cases.cpp's own cases.
std::vector<std::function<void(std::vector<OpCase>&)>>& registered_families();

struct CaseFamilyRegistration {
    explicit CaseFamilyRegistration(std::function<void(std::vector<OpCase>&)> family) {
        registered_families().push_back(std::move(family));
    }
};

}  // namespace conformance

#define DEVMUX_CASES_CONCAT_INNER(a, b) a##b
#define DEVMUX_CASES_CONCAT(a, b) DEVMUX_CASES_CONCAT_INNER(a, b)
/// Adds a family of op cases: DEVMUX_CONFORMANCE_CASES(cases) { cases.push_back(...); }
#define DEVMUX_CONFORMANCE_CASES(cases)                                                             \
    static void DEVMUX_CASES_CONCAT(devmux_case_family_, __LINE__)(std::vector<::conformance::OpCase>&); \
    static const ::conformance::CaseFamilyRegistration DEVMUX_CASES_CONCAT(devmux_case_registration_,    \
                                                                             __LINE__){                  \
        DEVMUX_CASES_CONCAT(devmux_case_family_, __LINE__)};                                             \
    static void DEVMUX_CASES_CONCAT(devmux_case_family_, __LINE__)(std::vector<::conformance::OpCase>& cases)
