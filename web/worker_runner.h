// The browser's program runner: a Web Worker with its own engine (see worker_runner.cpp).
#pragma once
#include <cstddef>
#include <memory>

#include "runner.h"

namespace kiln::web {
std::unique_ptr<playground::ProgramRunner> make_worker_runner();

// Where the last worker run's time went (window.kiln.timing(); web/tests/latency.mjs prints it):
// the worker's own time for the call (the engine's run plus the report's JSON), the answer's size,
// when it reached the page (emscripten_get_now, ms) and the page's time to parse it back.
struct WorkerTimes {
    double worker_ms = 0;
    double arrived_ms = 0;
    double parse_ms = 0;
    double bytes = 0;
};
const WorkerTimes& last_worker_times();
}  // namespace kiln::web
