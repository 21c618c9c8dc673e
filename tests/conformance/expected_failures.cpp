// SPDX-License-Identifier: Apache-2.0
// The expected failures of each device of devices.def, each with its reason. A pattern is matched
// against "<Suite>.<Test>/<parameters without the device label>" ('*' any run of characters). A listed
// test that fails is reported as skipped with the reason and its first failure; a listed test that passes
// fails, asking for its entry to be removed. Keep each entry as narrow as the defect.
#include "conformance.hpp"

#include <map>

namespace conformance {

const std::vector<ExpectedFailure>& expected_failures(const std::string& label) {
    static const std::map<std::string, std::vector<ExpectedFailure>> table = {};
    static const std::vector<ExpectedFailure> none;
    auto it = table.find(label);
    return it == table.end() ? none : it->second;
}

}  // namespace conformance
