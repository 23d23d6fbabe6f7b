// JSON for window.kiln: a session report (playground/session.h) and run options, so tests and
// embedding pages see what the playground's panels see; and back, for reports a worker made.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "session.h"

namespace kiln::web {

nlohmann::json report_json(const playground::RunReport& r);
// The inverse: the report a Web Worker ran (web/worker_runner.cpp) back into the UI's struct.
// Missing or mistyped keys keep the defaults.
playground::RunReport report_from_json(const nlohmann::json& j);
// Options for the worker's session() call, the extra call included.
nlohmann::json options_json(const playground::RunOptions& o);
// {"mode", "backend", "compile_mode", "fullgraph", "dynamic", "max_instructions", "max_tensor_mb"};
// missing or mistyped keys keep the defaults.
playground::RunOptions options_from_json(const nlohmann::json& j);

}  // namespace kiln::web
