// run_program.hpp for the Node build (PL_CLI_NODE): WebAssembly cannot start a process, so these ask Node
// (child_process.spawnSync, fs.accessSync, process.env.PATH). The lookup walks PATH exactly as the native
// one does, so both builds find the same program and print the same messages when there is none.
#include <emscripten.h>

#include <cstdlib>

#include "run_program.hpp"

// The JavaScript halves (EM_JS: C functions whose bodies run in Node; the C preprocessor reads them
// first, so their strings are in double quotes).

// names: NUL-separated, ending in an empty name. Writes the path found (or "") into out.
EM_JS(void, pl_find_program_js, (const char* names, char* out, int out_size), {
    const fs = require("fs");
    const dirs = (process.env.PATH || "").split(":").filter(function (d) { return d !== ""; });
    let found = "";
    for (let p = names; HEAPU8[p] !== 0 && found === ""; ) {
        const name = UTF8ToString(p);
        p += lengthBytesUTF8(name) + 1;
        for (const dir of dirs) {
            try { fs.accessSync(dir + "/" + name, fs.constants.X_OK); found = dir + "/" + name; break; } catch (e) {}
        }
    }
    stringToUTF8(found, out, out_size);
});

// argv: an array of argc C strings. Returns the exit code, or -1 (not started, or ended by a signal).
EM_JS(int, pl_run_program_js, (const char* const* argv, int argc, int quiet), {
    const words = [];
    for (let i = 0; i < argc; ++i) words.push(UTF8ToString(HEAPU32[(argv >> 2) + i]));
    const result = require("child_process").spawnSync(words[0], words.slice(1),
        {stdio: quiet ? ["inherit", "ignore", "ignore"] : "inherit"});
    if (result.error || result.status === null) return -1;
    return result.status;
});

// The program is this .js file (__filename), not process.execPath (node).
EM_JS(void, pl_this_program_js, (char* out, int out_size), {
    let file = "";
    try { file = require("fs").realpathSync(__filename); } catch (e) {}
    stringToUTF8(file, out, out_size);
});

EM_JS(int, pl_running_as_root_js, (), {
    return typeof process.geteuid === "function" && process.geteuid() === 0 ? 1 : 0;
});

namespace pl::cli {

std::string find_program(const std::vector<std::string>& names) {
    std::string joined;
    for (const std::string& name : names) joined += name + '\0';
    joined += '\0';
    std::string out(4096, '\0');
    pl_find_program_js(joined.c_str(), out.data(), static_cast<int>(out.size()));
    out.resize(out.find('\0'));
    return out;
}

int run_program(const std::vector<std::string>& argv, bool quiet) {
    std::vector<const char*> pointers;
    for (const std::string& w : argv) pointers.push_back(w.c_str());
    return pl_run_program_js(pointers.data(), static_cast<int>(pointers.size()), quiet ? 1 : 0);
}

std::string this_program_path() {
    std::string out(4096, '\0');
    pl_this_program_js(out.data(), static_cast<int>(out.size()));
    out.resize(out.find('\0'));
    return out;
}

bool running_as_root() { return pl_running_as_root_js() != 0; }

}  // namespace pl::cli
