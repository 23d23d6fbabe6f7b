// The browser's program runner: a Web Worker with its own engine (see worker_runner.cpp).
#pragma once
#include <memory>

#include "runner.h"

namespace kiln::web {
std::unique_ptr<playground::ProgramRunner> make_worker_runner();
}  // namespace kiln::web
