// SPDX-License-Identifier: Apache-2.0
// devmux: inspect devices, check where a model's ops run, benchmark a model and convert it to IR.
#include <exception>
#include <iostream>

#include "cli_args.hpp"
#include "commands.hpp"

int main(int argc, char* argv[]) {
    using namespace devmux::cli;
    Options options;
    try {
        options = parse_args(argc, argv);
    } catch (const UsageError& e) {
        std::cerr << "devmux: " << e.what() << "\nRun 'devmux --help' for usage.\n";
        return 1;
    }
    if (options.help) {
        std::cout << usage_text();
        return 0;
    }
    try {
        ov::Core core(options.plugins);
        if (options.command == "devices")
            run_devices(options, core, std::cout);
        else if (options.command == "query")
            run_query(options, core, std::cout);
        else if (options.command == "convert")
            run_convert(options, core, std::cout);
        else
            run_benchmark(options, core, std::cout);
        std::cout.flush();
        if (!std::cout) {
            std::cerr << "devmux: error: cannot write the report to standard output\n";
            return 1;
        }
        return 0;
    } catch (const std::exception& e) {
        // ov::Exception texts already name the file, device or op at fault.
        std::cout.flush();
        std::cerr << "devmux: error: " << e.what() << "\n";
        return 1;
    }
}
