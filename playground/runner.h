// Where a program runs, so that the UI never waits for it: the window asks for a run, draws its
// frames as usual, and polls once per frame until the report is there. A Stop button asks the run
// to end; it then reports KilnLimitError(kStoppedMessage) like any stopped program.
//
//   inline  run_program right away (tests, and a fallback: the frame that starts it waits)
//   thread  a std::thread (the desktop app); Stop answers the VM's poll (RunOptions::poll)
//   worker  a Web Worker with its own copy of the engine (web/worker_runner.cpp); Stop ends the
//           worker, since a page cannot interrupt a busy worker any other way
#pragma once
#include <memory>
#include <string>

#include "session.h"

namespace kiln::playground {

extern const char* const kStoppedMessage;  // "stopped by the user (the Stop button)"

class ProgramRunner {
public:
    virtual ~ProgramRunner() = default;
    // Starts a run; only called when busy() is false.
    virtual void start(const std::string& source, const RunOptions& options) = 0;
    // True once the run has finished (or stopped), with its report moved into *out.
    virtual bool poll(RunReport* out) = 0;
    // Asks the running program to end; poll() delivers its (stopped) report.
    virtual void stop() = 0;
    virtual bool busy() const = 0;
    virtual const char* where() const = 0;  // "inline", "thread", "worker": shown in the status line
};

std::unique_ptr<ProgramRunner> make_inline_runner();
#ifndef __EMSCRIPTEN__
std::unique_ptr<ProgramRunner> make_thread_runner();
#endif

// A report for a run that never finished: KilnLimitError(message), no output.
RunReport stopped_report(const std::string& message, double millis);

}  // namespace kiln::playground
