// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "openvino/core/model.hpp"

namespace ov {
namespace pass {

/// @brief Writes a model as OpenVINO IR (.xml text and .bin weights).
///
/// devmux writes IR version 11 only: UNSPECIFIED and IR_V11 give version 11; IR_V10 is refused with an
/// ov::Exception. The model is not modified.
class Serialize {
public:
    /// @brief The IR version to write.
    enum class Version : uint8_t {
        UNSPECIFIED = 0,  ///< the newest version devmux writes (11)
        IR_V10 = 10,      ///< refused: devmux reads IR v10 but does not write it
        IR_V11 = 11,
    };

    /// @param xml_path File of the IR text.
    /// @param bin_path File of the weights; empty: xml_path with its extension replaced by ".bin".
    /// @param version IR version to write.
    Serialize(const std::string& xml_path, const std::string& bin_path, Version version = Version::UNSPECIFIED);

    /// @param xml Stream receiving the IR text.
    /// @param bin Stream receiving the weights (the text's offsets count from the first byte written).
    /// @param version IR version to write.
    Serialize(std::ostream& xml, std::ostream& bin, Version version = Version::UNSPECIFIED);

    /// @brief Writes the model; throws ov::Exception naming the file that cannot be written or the op
    /// that cannot be serialized.
    /// @return false: the model is never changed.
    bool run_on_model(const std::shared_ptr<ov::Model>& model);

private:
    std::string m_xml_path;
    std::string m_bin_path;
    std::ostream* m_xml = nullptr;
    std::ostream* m_bin = nullptr;
    Version m_version = Version::UNSPECIFIED;
};

}  // namespace pass
}  // namespace ov
