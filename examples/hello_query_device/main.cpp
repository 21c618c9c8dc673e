// SPDX-License-Identifier: Apache-2.0
// Lists every available device and each property it supports, with its value.
#include <exception>
#include <iostream>
#include <string>

#include "openvino/openvino.hpp"

int main(int argc, char* argv[]) {
    if (argc > 2 || (argc == 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help"))) {
        std::cout << "Usage: " << argv[0] << " [plugins.xml]\n";
        return argc == 2 ? 0 : 1;
    }
    try {
        ov::Core core(argc == 2 ? argv[1] : "");
        std::cout << "devmux runtime " << ov::get_openvino_version().buildNumber << "\n\n";
        std::cout << "Available devices:\n";
        for (const std::string& device : core.get_available_devices()) {
            std::cout << device << "\n";
            std::cout << "  SUPPORTED_PROPERTIES:\n";
            for (const ov::PropertyName& property : core.get_property(device, ov::supported_properties)) {
                if (property == ov::supported_properties.name())
                    continue;
                std::cout << "    " << (property.is_mutable() ? "Mutable: " : "Immutable: ") << property << " : ";
                try {
                    const ov::Any value = core.get_property(device, property);
                    std::cout << value.as<std::string>() << "\n";
                } catch (const ov::Exception& e) {
                    // Keep listing the other properties when one of them cannot be read.
                    std::cout << "(error: " << e.what() << ")\n";
                }
            }
            std::cout << "\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
