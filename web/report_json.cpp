// RunReport <-> JSON for window.kiln.session() and window.kiln.ui() (see report_json.h).
#include "report_json.h"

namespace kiln::web {

using nlohmann::json;

json report_json(const playground::RunReport& r) {
    json j;
    j["ok"] = r.ok;
    j["stdout"] = r.stdout_text;
    j["stderr"] = r.stderr_text;
    j["instructions"] = r.instructions;
    j["millis"] = r.millis;
    if (!r.ok) j["error"] = {{"type", r.error.type}, {"message", r.error.message}, {"line", r.error.line}, {"col", r.error.col}};
    json compiles = json::array();
    for (const auto& c : r.compiles) {
        json nodes = json::array();
        for (const auto& n : c.nodes)
            nodes.push_back({{"name", n.name}, {"op", n.op}, {"target", n.target}, {"type", n.type}, {"inputs", n.inputs}, {"line", n.line}});
        json ind = json::array();
        for (const auto& a : c.inductor) {
            json passes = json::array();
            for (const auto& p : a.passes) passes.push_back({{"name", p.name}, {"changed", p.changed}, {"graph", p.graph}});
            ind.push_back({{"graph", a.graph_name}, {"passes", passes}, {"post_grad", a.post_grad}, {"schedule", a.schedule},
                           {"not_fused", a.not_fused}, {"output_code", a.output_code}});
        }
        compiles.push_back({{"compile_id", c.compile_id}, {"function", c.function}, {"first_line", c.first_line},
                            {"has_graph", c.has_graph}, {"fx_code", c.fx_code}, {"graph", c.graph_text}, {"nodes", nodes},
                            {"guards", c.guards}, {"bytecode_original", c.bytecode_original},
                            {"bytecode_modified", c.bytecode_modified}, {"inductor", ind}});
    }
    j["compiles"] = compiles;
    json breaks = json::array();
    for (const auto& b : r.breaks) breaks.push_back({{"compile_id", b.compile_id}, {"line", b.line}, {"reason", b.reason}});
    j["breaks"] = breaks;
    json calls = json::array();
    for (const auto& c : r.calls)
        calls.push_back({{"function", c.function}, {"outcome", c.outcome}, {"compile_id", c.compile_id},
                         {"guard_failures", c.guard_failures}, {"note", c.note}});
    j["calls"] = calls;
    j["calls_total"] = r.calls_total;
    j["recompiles"] = r.recompiles;
    json scripted = json::array();
    for (const auto& s : r.scripted) scripted.push_back({{"kind", s.kind}, {"name", s.name}, {"graph", s.graph}, {"code", s.code}});
    j["scripted"] = scripted;
    j["notes"] = r.notes;
    return j;
}

playground::RunOptions options_from_json(const json& j) {
    playground::RunOptions o;
    if (!j.is_object()) return o;
    auto str = [&](const char* k, std::string& out) {
        if (j.contains(k) && j[k].is_string()) out = j[k].get<std::string>();
    };
    std::string mode;
    str("mode", mode);
    playground::parse_run_mode(mode, &o.mode);
    str("backend", o.backend);
    str("compile_mode", o.compile_mode);
    str("dynamic", o.dynamic);
    str("filename", o.filename);
    if (j.contains("fullgraph") && j["fullgraph"].is_boolean()) o.fullgraph = j["fullgraph"].get<bool>();
    if (j.contains("max_instructions") && j["max_instructions"].is_number())
        o.max_instructions = uint64_t(std::max(1.0, j["max_instructions"].get<double>()));
    if (j.contains("max_tensor_mb") && j["max_tensor_mb"].is_number())
        o.max_tensor_mb = size_t(std::max(1.0, j["max_tensor_mb"].get<double>()));
    if (j.contains("recursion_limit") && j["recursion_limit"].is_number()) o.recursion_limit = j["recursion_limit"].get<int>();
    return o;
}

}  // namespace kiln::web
