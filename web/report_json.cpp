// RunReport <-> JSON for window.kiln.session() and window.kiln.ui() (see report_json.h).
#include "report_json.h"

#include <algorithm>

namespace kiln::web {

using nlohmann::json;
namespace dyn = capture::dynamo;

namespace {

// What-if values and guard facts (capture/dynamo/guard_whatif.h) travel with the report.
json tensor_json(const dyn::TensorFacts& t) {
    return {{"dtype", int(t.dtype)}, {"device", int(t.device)}, {"requires_grad", t.requires_grad},
            {"sizes", t.sizes}, {"strides", t.strides}, {"contiguous", t.contiguous}};
}

dyn::TensorFacts tensor_from_json(const json& j);
dyn::WhatIfValue value_from_json(const json& j);
dyn::GuardFact fact_from_json(const json& j);

json value_json(const dyn::WhatIfValue& v) {
    return {{"kind", int(v.kind)}, {"tensor", tensor_json(v.tensor)}, {"int", v.int_value}, {"float", v.float_value},
            {"bool", v.bool_value}, {"str", v.str_value}, {"type_name", v.type_name}, {"repr", v.repr}, {"text", v.text()}};
}

json fact_json(const dyn::GuardFact& f) {
    const dyn::Guard& g = f.guard;
    return {{"kind", int(g.kind)}, {"kind_name", f.kind_name}, {"code", f.code}, {"who", f.who}, {"line", f.line},
            {"root", f.root}, {"size_dim", f.size_dim}, {"other_root", f.other_root}, {"other_who", f.other_who},
            {"other_dim", f.other_dim}, {"expected", value_json(f.expected)}, {"reason", f.reason},
            {"has_other", bool(g.other)},
            {"tensor", tensor_json({g.dtype, g.device, g.requires_grad, g.sizes, g.strides, g.contiguous})},
            {"dynamic", g.dynamic}, {"cmp", g.cmp}, {"rhs", g.rhs}, {"expected_outcome", g.expected},
            {"float_compare", g.float_compare}, {"rhs_float", g.rhs_float}, {"length", g.length}};
}

}  // namespace

json report_json(const playground::RunReport& r) {
    json j;
    j["ok"] = r.ok;
    j["stdout"] = r.stdout_text;
    j["stderr"] = r.stderr_text;
    j["instructions"] = r.instructions;
    j["millis"] = r.millis;
    j["started_ahead"] = r.started_ahead;
    if (!r.ok) j["error"] = {{"type", r.error.type}, {"message", r.error.message}, {"line", r.error.line}, {"col", r.error.col}};
    json compiles = json::array();
    for (const auto& c : r.compiles) {
        json nodes = json::array();
        for (const auto& n : c.nodes)
            nodes.push_back({{"name", n.name}, {"op", n.op}, {"target", n.target}, {"type", n.type}, {"inputs", n.inputs},
                             {"line", n.line}, {"lines", n.lines}, {"modules", n.modules}, {"scalars", n.scalars}});
        json ind = json::array();
        for (const auto& a : c.inductor) {
            json passes = json::array();
            for (const auto& p : a.passes) passes.push_back({{"name", p.name}, {"changed", p.changed}, {"graph", p.graph}});
            ind.push_back({{"graph", a.graph_name}, {"passes", passes}, {"post_grad", a.post_grad}, {"schedule", a.schedule},
                           {"fusion", a.fusion}, {"not_fused", a.not_fused}, {"output_code", a.output_code},
                           {"cuda_code", a.cuda_code}, {"aten_lines", a.aten_lines}});
        }
        json inputs = json::array();
        for (const auto& [name, v] : c.inputs) inputs.push_back({{"name", name}, {"value", value_json(v)}});
        json facts = json::array();
        for (const auto& f : c.guard_facts) facts.push_back(fact_json(f));
        compiles.push_back({{"compile_id", c.compile_id}, {"function", c.function}, {"first_line", c.first_line},
                            {"has_graph", c.has_graph}, {"graph_name", c.graph_name}, {"fx_code", c.fx_code},
                            {"graph", c.graph_text}, {"nodes", nodes}, {"guards", c.guards},
                            {"bytecode_original", c.bytecode_original}, {"bytecode_modified", c.bytecode_modified},
                            {"inductor", ind}, {"inputs", inputs}, {"guard_facts", facts}});
    }
    j["compiles"] = compiles;
    json breaks = json::array();
    for (const auto& b : r.breaks)
        breaks.push_back({{"compile_id", b.compile_id}, {"line", b.line}, {"reason", b.reason}, {"filename", b.filename}, {"text", b.text}});
    j["breaks"] = breaks;
    json calls = json::array();
    for (const auto& c : r.calls)
        calls.push_back({{"function", c.function}, {"first_line", c.first_line}, {"outcome", c.outcome}, {"compile_id", c.compile_id},
                         {"guard_failures", c.guard_failures}, {"guard_failure_kinds", c.guard_failure_kinds}, {"note", c.note},
                         {"state_setup", c.state_setup}});
    j["calls"] = calls;
    j["calls_total"] = r.calls_total;
    j["recompiles"] = r.recompiles;
    json scripted = json::array();
    for (const auto& s : r.scripted) scripted.push_back({{"kind", s.kind}, {"name", s.name}, {"graph", s.graph}, {"code", s.code}});
    j["scripted"] = scripted;
    j["notes"] = r.notes;
    j["log_text"] = r.log_text;
    json profile = json::array();
    for (const auto& run : r.kernel_profile) {
        json steps = json::array();
        for (const auto& st : run.steps)
            steps.push_back({{"name", st.name}, {"kind", st.kind}, {"engine", st.engine}, {"ms", st.ms}});
        profile.push_back({{"engine", run.engine}, {"steps", steps}, {"total_ms", run.total_ms}});
    }
    j["extra"] = {{"call", r.extra_call}, {"ok", r.extra_ok}, {"error", r.extra_error}, {"call_record", r.extra_call_record},
                  {"eager_ms", r.eager_ms}, {"compiled_ms", r.compiled_ms}, {"measure_batch", r.measure_batch},
                  {"measure_note", r.measure_note}, {"kernel_profile", profile}};
    return j;
}

// ---- back from JSON ------------------------------------------------------------------------------

namespace {

template <typename T>
void get(const json& j, const char* key, T& out) {
    if (!j.is_object() || !j.contains(key)) return;
    try {
        out = j[key].get<T>();
    } catch (const json::exception&) {  // a mistyped key keeps the default
    }
}

const json& arr(const json& j, const char* key) {
    static const json empty = json::array();
    return j.is_object() && j.contains(key) && j[key].is_array() ? j[key] : empty;
}

dyn::TensorFacts tensor_from_json(const json& j) {
    dyn::TensorFacts t;
    int dtype = int(t.dtype), device = int(t.device);
    get(j, "dtype", dtype);
    get(j, "device", device);
    t.dtype = DType(std::clamp(dtype, 0, kNumDTypes - 1));
    t.device = Device(device);
    get(j, "requires_grad", t.requires_grad);
    get(j, "sizes", t.sizes);
    get(j, "strides", t.strides);
    get(j, "contiguous", t.contiguous);
    return t;
}

dyn::WhatIfValue value_from_json(const json& j) {
    dyn::WhatIfValue v;
    int kind = int(v.kind);
    get(j, "kind", kind);
    v.kind = dyn::WhatIfValue::Kind(std::clamp(kind, 0, int(dyn::WhatIfValue::Kind::Other)));
    if (j.contains("tensor")) v.tensor = tensor_from_json(j["tensor"]);
    get(j, "int", v.int_value);
    get(j, "float", v.float_value);
    get(j, "bool", v.bool_value);
    get(j, "str", v.str_value);
    get(j, "type_name", v.type_name);
    get(j, "repr", v.repr);
    return v;
}

dyn::GuardFact fact_from_json(const json& j) {
    dyn::GuardFact f;
    dyn::Guard& g = f.guard;
    int kind = int(g.kind);
    get(j, "kind", kind);
    g.kind = dyn::Guard::Kind(std::clamp(kind, 0, int(dyn::Guard::Kind::SymCompare)));
    get(j, "kind_name", f.kind_name);
    get(j, "code", f.code);
    get(j, "who", f.who);
    get(j, "line", f.line);
    get(j, "root", f.root);
    get(j, "size_dim", f.size_dim);
    get(j, "other_root", f.other_root);
    get(j, "other_who", f.other_who);
    get(j, "other_dim", f.other_dim);
    if (j.contains("expected")) f.expected = value_from_json(j["expected"]);
    get(j, "reason", f.reason);
    bool has_other = false;
    get(j, "has_other", has_other);
    if (has_other) g.other = dyn::Source::local(f.other_root.empty() ? "?" : f.other_root);
    if (j.contains("tensor")) {
        dyn::TensorFacts t = tensor_from_json(j["tensor"]);
        g.dtype = t.dtype;
        g.device = t.device;
        g.requires_grad = t.requires_grad;
        g.sizes = t.sizes;
        g.strides = t.strides;
        g.contiguous = t.contiguous;
    }
    get(j, "dynamic", g.dynamic);
    get(j, "cmp", g.cmp);
    get(j, "rhs", g.rhs);
    get(j, "expected_outcome", g.expected);
    get(j, "float_compare", g.float_compare);
    get(j, "rhs_float", g.rhs_float);
    get(j, "length", g.length);
    return f;
}

}  // namespace

playground::RunReport report_from_json(const json& j) {
    playground::RunReport r;
    get(j, "ok", r.ok);
    get(j, "stdout", r.stdout_text);
    get(j, "stderr", r.stderr_text);
    get(j, "log_text", r.log_text);
    get(j, "instructions", r.instructions);
    get(j, "millis", r.millis);
    get(j, "started_ahead", r.started_ahead);
    if (j.contains("error")) {
        const json& e = j["error"];
        get(e, "type", r.error.type);
        get(e, "message", r.error.message);
        get(e, "line", r.error.line);
        get(e, "col", r.error.col);
    }
    for (const json& cj : arr(j, "compiles")) {
        playground::CompileRecord c;
        get(cj, "compile_id", c.compile_id);
        get(cj, "function", c.function);
        get(cj, "first_line", c.first_line);
        get(cj, "has_graph", c.has_graph);
        get(cj, "graph_name", c.graph_name);
        get(cj, "fx_code", c.fx_code);
        get(cj, "graph", c.graph_text);
        get(cj, "guards", c.guards);
        get(cj, "bytecode_original", c.bytecode_original);
        get(cj, "bytecode_modified", c.bytecode_modified);
        for (const json& nj : arr(cj, "nodes")) {
            playground::GraphNode n;
            get(nj, "name", n.name);
            get(nj, "op", n.op);
            get(nj, "target", n.target);
            get(nj, "type", n.type);
            get(nj, "inputs", n.inputs);
            get(nj, "line", n.line);
            get(nj, "lines", n.lines);
            get(nj, "modules", n.modules);
            get(nj, "scalars", n.scalars);
            c.nodes.push_back(std::move(n));
        }
        for (const json& aj : arr(cj, "inductor")) {
            playground::InductorArtifacts a;
            get(aj, "graph", a.graph_name);
            for (const json& pj : arr(aj, "passes")) {
                playground::PassStep p;
                get(pj, "name", p.name);
                get(pj, "changed", p.changed);
                get(pj, "graph", p.graph);
                a.passes.push_back(std::move(p));
            }
            get(aj, "post_grad", a.post_grad);
            get(aj, "schedule", a.schedule);
            get(aj, "fusion", a.fusion);
            get(aj, "not_fused", a.not_fused);
            get(aj, "output_code", a.output_code);
            get(aj, "cuda_code", a.cuda_code);
            get(aj, "aten_lines", a.aten_lines);
            c.inductor.push_back(std::move(a));
        }
        for (const json& ij : arr(cj, "inputs")) {
            std::string name;
            get(ij, "name", name);
            c.inputs.emplace_back(name, ij.contains("value") ? value_from_json(ij["value"]) : dyn::WhatIfValue{});
        }
        for (const json& fj : arr(cj, "guard_facts")) c.guard_facts.push_back(fact_from_json(fj));
        r.compiles.push_back(std::move(c));
    }
    for (const json& bj : arr(j, "breaks")) {
        playground::GraphBreak b;
        get(bj, "compile_id", b.compile_id);
        get(bj, "line", b.line);
        get(bj, "reason", b.reason);
        get(bj, "filename", b.filename);
        get(bj, "text", b.text);
        r.breaks.push_back(std::move(b));
    }
    for (const json& cj : arr(j, "calls")) {
        playground::FrameCall c;
        get(cj, "function", c.function);
        get(cj, "first_line", c.first_line);
        get(cj, "outcome", c.outcome);
        get(cj, "compile_id", c.compile_id);
        get(cj, "guard_failures", c.guard_failures);
        get(cj, "guard_failure_kinds", c.guard_failure_kinds);
        get(cj, "state_setup", c.state_setup);
        get(cj, "note", c.note);
        r.calls.push_back(std::move(c));
    }
    get(j, "calls_total", r.calls_total);
    get(j, "recompiles", r.recompiles);
    for (const json& sj : arr(j, "scripted")) {
        playground::ScriptGraph g;
        get(sj, "kind", g.kind);
        get(sj, "name", g.name);
        get(sj, "graph", g.graph);
        get(sj, "code", g.code);
        r.scripted.push_back(std::move(g));
    }
    get(j, "notes", r.notes);
    if (j.contains("extra")) {
        const json& x = j["extra"];
        get(x, "call", r.extra_call);
        get(x, "ok", r.extra_ok);
        get(x, "error", r.extra_error);
        get(x, "call_record", r.extra_call_record);
        get(x, "eager_ms", r.eager_ms);
        get(x, "compiled_ms", r.compiled_ms);
        get(x, "measure_batch", r.measure_batch);
        get(x, "measure_note", r.measure_note);
        for (const json& pj : arr(x, "kernel_profile")) {
            kiln::backends::PlanProfile run;
            get(pj, "engine", run.engine);
            get(pj, "total_ms", run.total_ms);
            for (const json& sj : arr(pj, "steps")) {
                kiln::backends::StepTime st;
                get(sj, "name", st.name);
                get(sj, "kind", st.kind);
                get(sj, "engine", st.engine);
                get(sj, "ms", st.ms);
                run.steps.push_back(std::move(st));
            }
            r.kernel_profile.push_back(std::move(run));
        }
    }
    return r;
}

json options_json(const playground::RunOptions& o) {
    json extra_args = json::array();
    for (const auto& [name, expr] : o.extra.args) extra_args.push_back({name, expr});
    return {{"mode", playground::run_mode_name(o.mode)}, {"backend", o.backend}, {"compile_mode", o.compile_mode},
            {"fullgraph", o.fullgraph}, {"dynamic", o.dynamic}, {"device", o.device}, {"filename", o.filename},
            {"max_instructions", o.max_instructions}, {"max_tensor_mb", o.max_tensor_mb},
            {"recursion_limit", o.recursion_limit},
            {"extra", {{"function", o.extra.function}, {"args", extra_args}, {"measure", o.extra.measure}, {"repeats", o.extra.repeats}}}};
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
    str("device", o.device);
    str("filename", o.filename);
    if (j.contains("fullgraph") && j["fullgraph"].is_boolean()) o.fullgraph = j["fullgraph"].get<bool>();
    // The limits as the toolbar's sliders hold them, clamped to what the integers carry (a double
    // past an integer's range, or NaN, converted as it is would be undefined behaviour).
    auto clamped = [&](const char* key, double lo, double hi, double current) {
        if (!j.contains(key) || !j[key].is_number()) return current;
        const double v = j[key].get<double>();
        return v != v ? current : std::min(hi, std::max(lo, v));
    };
    o.max_instructions = uint64_t(clamped("max_instructions", 1, 1e18, double(o.max_instructions)));
    o.max_tensor_mb = size_t(clamped("max_tensor_mb", 1, 1 << 20, double(o.max_tensor_mb)));
    o.recursion_limit = int(clamped("recursion_limit", 1, 1 << 30, double(o.recursion_limit)));
    if (j.contains("extra") && j["extra"].is_object()) {
        const json& x = j["extra"];
        get(x, "function", o.extra.function);
        get(x, "measure", o.extra.measure);
        get(x, "repeats", o.extra.repeats);
        for (const json& a : arr(x, "args"))
            if (a.is_array() && a.size() == 2 && a[0].is_string() && a[1].is_string())
                o.extra.args.emplace_back(a[0].get<std::string>(), a[1].get<std::string>());
    }
    return o;
}

}  // namespace kiln::web
