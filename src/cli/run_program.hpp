// Outside programs behind one seam: rsvg-convert (figure -o X.pdf) and Chromium (worksheet -o X.pdf).
// The native CLI starts them with posix_spawn (run_program_posix.cpp); the Node build (preset cli-node,
// PL_CLI_NODE) has no processes of its own, so it asks Node's child_process (run_program_node.cpp). Both
// look programs up on the same PATH and report the same way, so the commands print the same messages.
#pragma once
#include <string>
#include <vector>

namespace pl::cli {

// The first of `names` that is an executable file in a folder of PATH, as that path; "" when none is.
std::string find_program(const std::vector<std::string>& names);

// Runs the program at path argv[0] with the arguments argv[1..] and waits for it. `quiet`: its stdout and
// stderr are thrown away; otherwise it writes to ours. Returns its exit code, or -1 when it could not be
// started or did not exit by itself (a signal).
int run_program(const std::vector<std::string>& argv, bool quiet);

// The path of this program's file with links resolved (native: the executable; Node: the .js file, not
// node), so `package` finds the widget beside it the same way in both builds; "" when unknown.
std::string this_program_path();

// True when the CLI runs as root (Chromium then refuses to start without --no-sandbox).
bool running_as_root();

}  // namespace pl::cli
