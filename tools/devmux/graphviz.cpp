// SPDX-License-Identifier: Apache-2.0
#include "graphviz.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "openvino/core/except.hpp"

extern char** environ;

namespace devmux::cli {

void render_svg(const std::string& dot_text, const std::string& svg_path) {
    // The text goes through a file rather than a pipe, so a `dot` that fails early cannot leave
    // this process blocked on a write.
    std::string input = (std::filesystem::temp_directory_path() / "devmux_subgraphs_XXXXXX").string();
    const int fd = mkstemp(&input[0]);
    OPENVINO_ASSERT(fd >= 0, "--svg: cannot create a temporary file for Graphviz: ", std::strerror(errno));
    close(fd);
    struct RemoveOnExit {
        std::string path;
        ~RemoveOnExit() { std::remove(path.c_str()); }
    } cleanup{input};
    {
        std::ofstream file(input, std::ios::binary);
        file << dot_text;
        OPENVINO_ASSERT(file, "--svg: cannot write the temporary file '", input, "'");
    }

    std::vector<std::string> args{"dot", "-Tsvg", "-o", svg_path, input};
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(&arg[0]);
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, "dot", nullptr, nullptr, argv.data(), environ);
    if (spawned == ENOENT)
        OPENVINO_THROW("--svg ", svg_path, ": Graphviz's `dot` program is not on the PATH; install Graphviz ",
                       "(Debian/Ubuntu: apt-get install graphviz), or write the Graphviz text with --dot FILE and ",
                       "render it elsewhere (dot -Tsvg FILE -o picture.svg)");
    OPENVINO_ASSERT(spawned == 0, "--svg ", svg_path, ": cannot run Graphviz's `dot`: ", std::strerror(spawned));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        OPENVINO_ASSERT(errno == EINTR, "--svg ", svg_path, ": waiting for `dot` failed: ", std::strerror(errno));
    }
    OPENVINO_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0, "--svg ", svg_path,
                    ": Graphviz's `dot` failed (exit status ", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                    "); its messages are above");
}

}  // namespace devmux::cli
