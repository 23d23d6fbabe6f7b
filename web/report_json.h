// JSON for window.kiln: a session report (playground/session.h) and run options, so tests and
// embedding pages see what the playground's panels see.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "session.h"

namespace kiln::web {

nlohmann::json report_json(const playground::RunReport& r);
// {"mode", "backend", "compile_mode", "fullgraph", "dynamic", "max_instructions", "max_tensor_mb"};
// missing or mistyped keys keep the defaults.
playground::RunOptions options_from_json(const nlohmann::json& j);

}  // namespace kiln::web
