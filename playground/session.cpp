// The engine session behind the playground (see session.h): one fresh interpreter per run, the
// program's torch.compile calls steered by a small Python prelude, stderr split into the program's
// text and TORCH_LOGS records, and a wrapper around Dynamo's frame hook that records every call.
#include "session.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

#include "autograd/grad_mode.h"
#include "capture/dynamo/dynamo.h"
#include "ops/autocast.h"
#include "tensor/dtype.h"
#include "capture_log.h"
#include "support/error.h"
#include "support/pyrepr.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::playground {
namespace dyn = kiln::capture::dynamo;
namespace {

// Every channel the panels read (engine README, "Running programs").
const char* const kChannels[] = {"graph_breaks", "recompiles", "guards", "graph_code", "bytecode", "passes",
                                 "post_grad_graphs", "schedule", "fusion", "output_code", "cuda_code", "aten_lines", "inductor"};

const char* const kPreludeFile = "<playground>";

std::string py_bool(bool b) { return b ? "True" : "False"; }

// The prelude replaces torch.compile for this run (see session.h for what each mode means). It is
// Python so that what the playground changes stays readable, and it keeps the torch.jit results in
// torch._kiln_records for the report. Option values are checked against fixed lists before they are
// pasted in, so no user text reaches this source.
std::string prelude_source(const RunOptions& o) {
    std::string defaults = "{'backend': '" + o.backend + "', 'fullgraph': " + py_bool(o.fullgraph);
    if (o.compile_mode != "default") defaults += ", 'mode': '" + o.compile_mode + "'";
    if (o.dynamic != "None") defaults += ", 'dynamic': " + o.dynamic;
    defaults += "}";
    return "import torch\n"
           "_MODE = '" + std::string(run_mode_name(o.mode)) + "'\n"
           "_DEFAULTS = " + defaults + "\n"
           "_DEVICE = '" + o.device + "'\n"
           "_original_compile = torch.compile\n"
           "_records = []\n"
           "torch._kiln_records = _records\n"
           "def _name_of(target):\n"
           "    if hasattr(target, '__name__'):\n"
           "        return target.__name__\n"
           "    return type(target).__name__\n"
           "def _text(compiled, attr):\n"
           "    try:\n"
           "        return str(getattr(compiled, attr))\n"
           "    except Exception as e:\n"
           "        return '(' + attr + ' not available: ' + str(e) + ')'\n"
           "def _note(kind, target, compiled):\n"
           "    _records.append((kind, _name_of(target), _text(compiled, 'graph'), _text(compiled, 'code')))\n"
           "class _TraceAtFirstCall:\n"
           "    def __init__(self, target):\n"
           "        self._target = target\n"
           "        self._traced = None\n"
           "    def __call__(self, *args):\n"
           "        if self._traced is None:\n"
           "            self._traced = torch.jit.trace(self._target, args)\n"
           "            _note('trace', self._target, self._traced)\n"
           "        return self._traced(*args)\n"
           "    def __getattr__(self, name):\n"
           "        return getattr(self._target, name)\n"
           "def _moved(v):\n"
           "    if isinstance(v, torch.Tensor):\n"
           "        return v.to(_DEVICE)\n"
           "    return v\n"
           "class _OnDevice:\n"
           "    def __init__(self, target):\n"
           "        self._target = target\n"
           "    def __call__(self, *args, **kwargs):\n"
           "        moved = {}\n"
           "        for k in kwargs:\n"
           "            moved[k] = _moved(kwargs[k])\n"
           "        return self._target(*[_moved(a) for a in args], **moved)\n"
           "    def __getattr__(self, name):\n"
           "        return getattr(self._target, name)\n"
           "def _on_device(model, compiled):\n"
           "    if _DEVICE == 'cpu':\n"
           "        return compiled\n"
           "    return _OnDevice(compiled)\n"
           "_compiled = []\n"
           "torch._kiln_compiled = _compiled\n"
           "def _find(name):\n"
           "    i = len(_compiled) - 1\n"
           "    while i >= 0:\n"
           "        target = _compiled[i][0]\n"
           "        if _name_of(target) == name or (name == 'forward' and isinstance(target, torch.nn.Module)):\n"
           "            return _compiled[i]\n"
           "        i -= 1\n"
           "    raise RuntimeError('the program compiles no function named ' + repr(name) + ' that it calls itself '\n"
           "                       '(a resume function after a graph break cannot be called on its own)')\n"
           "torch._kiln_find = _find\n"
           "torch._kiln_moved = _moved\n"
           "def _compile(model=None, **kwargs):\n"
           "    if model is None:\n"
           "        return lambda target: _compile(target, **kwargs)\n"
           "    if _DEVICE != 'cpu' and isinstance(model, torch.nn.Module):\n"
           "        model.to(_DEVICE)\n"
           "    if _MODE == 'eager':\n"
           "        return _on_device(model, model)\n"
           "    if _MODE == 'trace':\n"
           "        return _on_device(model, _TraceAtFirstCall(model))\n"
           "    if _MODE == 'script':\n"
           "        scripted = torch.jit.script(model)\n"
           "        _note('script', model, scripted)\n"
           "        return _on_device(model, scripted)\n"
           "    for key in _DEFAULTS:\n"
           "        if key not in kwargs:\n"
           "            kwargs[key] = _DEFAULTS[key]\n"
           "    compiled = _on_device(model, _original_compile(model, **kwargs))\n"
           "    _compiled.append((model, compiled))\n"
           "    return compiled\n"
           "torch.compile = _compile\n";
}

// The extra call after the program (RunOptions::ExtraCall) as Python. Argument expressions come
// from the what-if panel's parser (whatif.h: literals and torch.randn/zeros calls only).
std::string extra_call_source(const RunOptions::ExtraCall& x, const std::string& state_setup) {
    // By keyword: the same for positional and keyword-only parameters.
    std::string args;
    for (const auto& a : x.args) args += (args.empty() ? "" : ", ") + py_str_repr(a.first) + ": " + a.second;
    std::string src = "import torch\nimport time\n" + state_setup + 
                      "_target, _compiled = torch._kiln_find(" + py_str_repr(x.function) + ")\n"
                      "_given = {" + args + "}\n"
                      "_kwargs = {}\n"
                      "for _k in _given:\n"
                      "    _kwargs[_k] = torch._kiln_moved(_given[_k])\n";
    if (!x.measure) return src + "_compiled(**_kwargs)\n";
    return src +
           // A sample times a batch of calls, doubled until it lasts >= 5 ms (at most 4096 calls):
           // the browser's clock ticks in 0.1 ms, so a single short call would read 0.
           "def _median(fn):\n"
           "    fn(**_kwargs)\n"  // warm-up: the compiled side may compile here
           "    batch = 1\n"
           "    while True:\n"
           "        t0 = time.perf_counter()\n"
           "        for _ in range(batch):\n"
           "            fn(**_kwargs)\n"
           "        if time.perf_counter() - t0 >= 0.005 or batch >= 4096:\n"
           "            break\n"
           "        batch *= 2\n"
           "    times = []\n"
           "    for _ in range(" + std::to_string(std::max(1, x.repeats)) + "):\n"
           "        t0 = time.perf_counter()\n"
           "        for _ in range(batch):\n"
           "            fn(**_kwargs)\n"
           "        times.append((time.perf_counter() - t0) * 1000.0 / batch)\n"
           "    times.sort()\n"
           "    return times[len(times) // 2], batch\n"
           "torch._kiln_timings = [_median(_target), _median(_compiled)]\n"
           "torch._kiln_profiled_call = lambda: _compiled(**_kwargs)\n";
}

std::string extra_call_text(const RunOptions::ExtraCall& x) {
    std::string s = x.function + "(";
    for (size_t i = 0; i < x.args.size(); ++i) s += (i ? ", " : "") + x.args[i].first + "=" + x.args[i].second;
    return s + ")";
}

bool one_of(const std::string& s, std::initializer_list<const char*> allowed) {
    for (const char* a : allowed)
        if (s == a) return true;
    return false;
}

// Option values outside the fixed lists fall back to the defaults (they reach Python source).
RunOptions sanitized(RunOptions o) {
    if (!one_of(o.backend, {"eager", "aot_eager", "inductor"})) o.backend = "inductor";
    if (!one_of(o.compile_mode, {"default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs"}))
        o.compile_mode = "default";
    if (!one_of(o.dynamic, {"None", "True", "False"})) o.dynamic = "None";
    if (!one_of(o.device, {"cpu", "cuda"})) o.device = "cpu";
    if (o.filename.empty() || o.filename == kPreludeFile) o.filename = "main.py";
    return o;
}

// The innermost frame of the user's file in a Python traceback: `File "main.py", line 12`.
int innermost_user_line(const std::string& traceback, const std::string& filename, bool* innermost_is_user) {
    const std::string marker = "File \"";
    int line = 0;
    std::string last_file;
    size_t p = 0;
    while ((p = traceback.find(marker, p)) != std::string::npos) {
        size_t q = traceback.find('"', p + marker.size());
        if (q == std::string::npos) break;
        last_file = traceback.substr(p + marker.size(), q - p - marker.size());
        if (last_file == filename) {
            size_t l = traceback.find(", line ", q);
            if (l != std::string::npos) line = std::atoi(traceback.c_str() + l + 7);
        }
        p = q;
    }
    *innermost_is_user = last_file == filename;
    return line;
}

std::string str_value(vm::Interpreter& in, const vm::Value& v) {
    try {
        return vm::to_str(in, v);
    } catch (...) {
        return "";
    }
}

// Graph nodes with edges and source lines, from an FX graph Dynamo keeps in its cache.
std::vector<GraphNode> graph_nodes(vm::Interpreter& in, const dyn::FxGraph& g, const std::string& filename) {
    std::vector<GraphNode> out;
    std::vector<const dyn::FxNode*> order;
    for (const auto& n : g.nodes) order.push_back(n.get());
    auto index_of = [&](const dyn::FxNode* n) {
        for (size_t i = 0; i < order.size(); ++i)
            if (order[i] == n) return int(i);
        return -1;
    };
    for (const auto& ref : g.nodes) {
        const dyn::FxNode& n = *ref;
        GraphNode gn;
        gn.name = n.name;
        gn.op = dyn::fx_op_name(n.op);
        gn.target = n.target_name;
        if (!n.example.is_null()) gn.type = dyn::tensor_annotation(n.example);
        // Inputs: FX nodes directly in args/kwargs or one level down in a tuple/list (cat's list,
        // the output's tuple).
        std::function<void(const vm::Value&, int)> visit = [&](const vm::Value& v, int depth) {
            if (auto* node = vm::native_cast<dyn::FxNode>(v)) {
                int k = index_of(node);
                if (k >= 0) gn.inputs.push_back(k);
            } else if (depth < 2 && v.is(vm::Kind::Tuple)) {
                for (const auto& item : v.get<vm::Tuple>()->items) visit(item, depth + 1);
            } else if (depth < 2 && v.is(vm::Kind::List)) {
                for (const auto& item : v.get<vm::List>()->items) visit(item, depth + 1);
            }
        };
        if (!n.args.is_null()) visit(n.args, 0);
        for (const auto& kw : n.kwargs) visit(kw.second, 1);
        // Scalar arguments (top level only: a size list stays part of the op's meaning, not an input).
        auto scalar = [](const vm::Value& v) { return v.is_int() || v.is_float() || v.is_bool(); };
        if (n.args.is(vm::Kind::Tuple))
            for (const auto& a : n.args.get<vm::Tuple>()->items)
                if (scalar(a)) gn.scalars.push_back(vm::repr(in, a));
        for (const auto& kw : n.kwargs)
            if (scalar(kw.second)) gn.scalars.push_back(kw.first + "=" + vm::repr(in, kw.second));
        for (const auto& f : n.stack) {
            if (f.filename == filename && f.line > 0) {
                gn.lines.push_back(f.line);
                gn.line = f.line;
            }
            if (!f.module.empty()) gn.modules.push_back(f.module);
        }
        gn.modules.insert(gn.modules.end(), n.layers.begin(), n.layers.end());
        out.push_back(std::move(gn));
    }
    return out;
}

// The arguments of each call that compiled, by compile id (the what-if panel's starting values).
using SeenInputs = std::map<std::string, std::vector<std::pair<std::string, dyn::WhatIfValue>>>;

// Adds what Dynamo's caches know (function, first line, nodes) to the compile records.
void read_caches(vm::Interpreter& in, dyn::DynamoState& st, const std::string& filename, const SeenInputs& seen, RunReport& r) {
    for (auto& [co, cc] : st.caches) {
        for (const auto& e : cc.entries) {
            CompileRecord* rec = nullptr;
            for (auto& c : r.compiles)
                if (c.compile_id == e.compile_id) rec = &c;
            if (!rec) {
                r.compiles.push_back({});
                rec = &r.compiles.back();
                rec->compile_id = e.compile_id;
            }
            rec->function = co->name;
            rec->first_line = co->firstlineno;
            rec->guard_facts = dyn::guard_facts(in, e.guards);
            if (auto it = seen.find(e.compile_id); it != seen.end()) rec->inputs = it->second;
            if (e.graph && rec->has_graph) {
                rec->nodes = graph_nodes(in, *e.graph, filename);
                try {
                    rec->graph_text = e.graph->str(in);
                } catch (...) {
                }
            }
        }
    }
}

void read_script_records(vm::Interpreter& in, RunReport& r) {
    try {
        auto torch = in.import_module("torch");
        vm::Value* v = torch->dict.find("_kiln_records");
        if (!v || !v->is(vm::Kind::List)) return;
        for (const auto& item : v->get<vm::List>()->items) {
            if (!item.is(vm::Kind::Tuple)) continue;
            const auto& t = item.get<vm::Tuple>()->items;
            if (t.size() != 4) continue;
            r.scripted.push_back({str_value(in, t[0]), str_value(in, t[1]), str_value(in, t[2]), str_value(in, t[3])});
        }
    } catch (...) {
    }
}

// The grad mode, default dtype and autocast state now, as the statements that set them (only what
// differs from the defaults).
std::string global_state_setup() {
    std::string s;
    if (!autograd::grad_enabled()) s += "torch.set_grad_enabled(False)\n";
    if (default_float_dtype() != DType::Float32) s += "torch.set_default_dtype(" + std::string(dtype_name(default_float_dtype())) + ")\n";
    for (Device d : {Device::CPU, Device::CUDA}) {
        if (!amp::enabled(d)) continue;
        const std::string dev = d == Device::CPU ? "'cpu'" : "'cuda'";
        s += "torch.set_autocast_enabled(" + dev + ", True)\ntorch.set_autocast_dtype(" + dev + ", " + dtype_name(amp::dtype(d)) +
             ")\n";
    }
    return s;
}

// Wraps Dynamo's frame hook: one FrameCall per frame that starts while torch.compile is active.
std::vector<std::pair<std::string, dyn::WhatIfValue>> frame_arguments(vm::Interpreter& in, const vm::Frame& f) {
    std::vector<std::pair<std::string, dyn::WhatIfValue>> out;
    const int n = f.co->argcount + f.co->kwonlyargcount;
    for (int j = 0; j < n && j < int(f.co->varnames.size()) && j < int(f.fast.size()); ++j)
        if (!f.fast[size_t(j)].is_null()) out.emplace_back(f.co->varnames[size_t(j)], dyn::whatif_value(in, f.fast[size_t(j)]));
    return out;
}

void record_calls(vm::Interpreter& in, dyn::DynamoState& st, RunReport& report, SeenInputs& seen) {
    vm::EvalFrameHook original = in.eval_frame_hook();
    dyn::DynamoState* sp = &st;
    RunReport* rp = &report;
    SeenInputs* seen_p = &seen;
    in.set_eval_frame_hook([original, sp, rp, seen_p](vm::Interpreter& i, vm::Frame& f) -> vm::Value {
        dyn::DynamoState& s = *sp;
        // The frames the hook itself lets run eagerly (dynamo.cpp hook()) are not calls to record.
        if (s.active.empty() || s.internal || !f.func || f.names || s.active.back().disabled || s.stance == "force_eager")
            return original(i, f);
        ++rp->calls_total;
        if (int(rp->calls.size()) >= kMaxCallRecords) return original(i, f);
        FrameCall call;
        call.function = f.co->name;
        call.first_line = f.co->firstlineno;
        call.state_setup = global_state_setup();
        const std::string key = s.active.back().key;
        int compiles_before = 0;
        std::string hit;
        if (auto it = s.caches.find(f.co); it != s.caches.end()) {
            compiles_before = it->second.compiles;
            if (!it->second.skip)
                for (size_t k = it->second.entries.size(); k-- > 0;) {
                    const dyn::CacheEntry& e = it->second.entries[k];
                    if (e.backend != key) continue;
                    std::optional<std::string> why;
                    const dyn::Guard* failed = nullptr;
                    try {
                        why = e.guards.check(i, f, &failed);
                    } catch (...) {
                        why = "the guard check raised";
                    }
                    if (!why) {
                        hit = e.compile_id;
                        break;
                    }
                    call.guard_failures.push_back(e.compile_id + ": " + *why);
                    call.guard_failure_kinds.push_back(failed ? failed->kind_name() : "");
                }
        }
        size_t index = rp->calls.size();
        rp->calls.push_back(std::move(call));
        // Read before the frame runs: the body may rebind its parameters.
        auto arguments = hit.empty() ? frame_arguments(i, f) : decltype(frame_arguments(i, f)){};
        auto finish = [&](bool failed) {
            FrameCall& c = rp->calls[index];
            const dyn::CodeCache& cc = s.caches[f.co];
            if (cc.compiles > compiles_before) {
                c.outcome = c.guard_failures.empty() ? "compile" : "recompile";
                c.compile_id = std::to_string(cc.frame_id) + "/" + std::to_string(cc.compiles - 1);
            } else if (!hit.empty()) {
                c.outcome = "hit";
                c.compile_id = hit;
            } else {
                c.outcome = "eager";
            }
            if (cc.skip) {
                c.outcome = "eager";
                c.note = cc.skip_reason;
            } else if (cc.limit_hit && c.outcome == "eager") {
                c.note = "recompile limit reached";
            }
            if (failed) c.outcome = "error";
            if (c.outcome == "compile" || c.outcome == "recompile") (*seen_p)[c.compile_id] = arguments;
        };
        try {
            vm::Value result = original(i, f);
            finish(false);
            return result;
        } catch (...) {
            finish(true);
            throw;
        }
    });
}

// RunOptions::extra after the program: only in compile mode, only when the program ran cleanly.
void run_extra_call(vm::Interpreter& in, const RunOptions& o, RunReport& report) {
    report.extra_call = extra_call_text(o.extra);
    if (o.mode != RunMode::Compile) {
        report.extra_error = "the extra call needs compile mode";
        return;
    }
    if (!report.ok) {
        report.extra_error = "the program itself failed: fix it first";
        return;
    }
    const size_t calls_before = report.calls.size();
    // The state of the program's last call of that function (grad mode, dtype, autocast).
    std::string setup;
    for (size_t k = calls_before; k-- > 0;)
        if (report.calls[k].function == o.extra.function) {
            setup = report.calls[k].state_setup;
            break;
        }
    vm::RunResult x = in.run_source(extra_call_source(o.extra, setup), "<playground call>");
    report.extra_ok = x.ok;
    if (!x.ok) report.extra_error = x.error_type + ": " + x.error_message;
    for (size_t k = calls_before; k < report.calls.size(); ++k)
        if (report.calls[k].function == o.extra.function) {
            report.extra_call_record = int(k);
            break;
        }
    if (x.ok && o.extra.measure) {
        // One more call, its launches timed: the performance panel's timeline.
        backends::step_profile_begin();
        vm::RunResult p = in.run_source("import torch\ntorch._kiln_profiled_call()\n", "<playground call>");
        std::vector<backends::PlanProfile> profile = backends::step_profile_end();
        if (p.ok) report.kernel_profile = std::move(profile);
        try {
            auto torch = in.import_module("torch");
            vm::Value* t = torch->dict.find("_kiln_timings");
            if (t && t->is(vm::Kind::List) && t->get<vm::List>()->items.size() == 2) {
                // Each side: (milliseconds per call, calls per sample).
                int batch = 0;
                auto read = [&](const vm::Value& v, double* ms) {
                    const auto* pair = v.as<vm::Tuple>();
                    if (!pair || pair->items.size() != 2 || !pair->items[0].is_float() || !pair->items[1].is_int()) return;
                    *ms = pair->items[0].as_float();
                    batch = std::max(batch, int(pair->items[1].as_int()));
                };
                const auto& items = t->get<vm::List>()->items;
                read(items[0], &report.eager_ms);
                read(items[1], &report.compiled_ms);
                report.measure_batch = batch;
                if (report.eager_ms <= 0 || report.compiled_ms <= 0)
                    report.measure_note = "cannot measure: a call takes less than the clock can resolve, even timed " +
                                          std::to_string(batch) + " calls at a time";
            }
        } catch (...) {
        }
    }
}

}  // namespace

const char* run_mode_name(RunMode m) {
    switch (m) {
        case RunMode::Eager: return "eager";
        case RunMode::Trace: return "trace";
        case RunMode::Script: return "script";
        case RunMode::Compile: return "compile";
    }
    return "compile";
}

bool parse_run_mode(const std::string& s, RunMode* out) {
    for (RunMode m : {RunMode::Eager, RunMode::Trace, RunMode::Script, RunMode::Compile})
        if (s == run_mode_name(m)) {
            *out = m;
            return true;
        }
    return false;
}

int RunReport::graph_count() const {
    int n = 0;
    for (const auto& c : compiles) n += c.has_graph;
    return n;
}

const CompileRecord* RunReport::find_compile(const std::string& id) const {
    for (const auto& c : compiles)
        if (c.compile_id == id) return &c;
    return nullptr;
}

namespace {

// Everything one run owns, from the interpreter's start to the report: on the heap, so that the
// interpreter's sinks and Dynamo's call hook (which hold pointers into it) stay valid when a
// prepared run waits in g_prepared for its program.
struct Prepared {
    RunOptions options;  // sanitized; the key a later run must match to use this one
    RunReport report;
    std::vector<LogRecord> records;
    SeenInputs seen;
    std::unique_ptr<vm::Interpreter> in;
    bool prelude_ok = false;
    std::string prelude_error;
};

// What must be equal for a prepared interpreter to serve a run: everything that reaches the
// interpreter's options, its log channels or the prelude (the extra call runs after the program).
bool same_start(const RunOptions& a, const RunOptions& b) {
    return a.mode == b.mode && a.backend == b.backend && a.compile_mode == b.compile_mode && a.fullgraph == b.fullgraph &&
           a.dynamic == b.dynamic && a.device == b.device && a.max_instructions == b.max_instructions &&
           a.max_tensor_mb == b.max_tensor_mb && a.max_heap_mb == b.max_heap_mb && a.recursion_limit == b.recursion_limit &&
           a.filename == b.filename && !a.poll && !b.poll;
}

// The interpreter's start as a run does it: limits, the report's sinks, Dynamo's hooks, the prelude
// (whose `import torch` is most of a small program's time). May throw (the caller reports it).
std::unique_ptr<Prepared> prepare(const RunOptions& o) {
    auto p = std::make_unique<Prepared>();
    p->options = o;
    Prepared* pp = p.get();
    vm::Options vo;
    vo.out = [pp](std::string_view s) { pp->report.stdout_text += s; };
    vo.err = [pp](std::string_view s) {
        LogRecord rec;
        std::string chunk(s);
        if (classify_log_chunk(chunk, &rec)) {
            pp->records.push_back(std::move(rec));
            return;
        }
        // The back end's one-line notes stay in stderr (the program's user sees them there) and
        // are listed for the fusion panel as well.
        if (chunk.rfind("Kiln inductor: ", 0) == 0 || chunk.rfind("Kiln: backend", 0) == 0) {
            std::string line = chunk;
            while (!line.empty() && line.back() == '\n') line.pop_back();
            pp->report.notes.push_back(line);
        }
        pp->report.stderr_text += chunk;
    };
    vo.max_instructions = o.max_instructions;
    vo.max_tensor_bytes = o.max_tensor_mb << 20;
    // The playground's limits are its toolbar's sliders, not the CLI's flags.
    vo.budget_hint = "raise the \"budget (M instr.)\" slider in the toolbar";
    vo.memory_hint = "raise the \"memory cap (MB)\" slider in the toolbar";
    vo.max_heap_bytes = o.max_heap_mb << 20;
    vo.heap_hint = "the playground's fixed cap; the kiln command line's --max-heap-mb N raises it";
    vo.recursion_limit = o.recursion_limit;
    if (o.poll) {
        vo.poll = o.poll;
        vo.poll_every = 100'000;  // ~1 ms of the VM: Stop answers at once, the loop pays nothing
    }
    p->in = std::make_unique<vm::Interpreter>(vo);
    vm::Interpreter& in = *p->in;
    dyn::DynamoState& st = dyn::state(in);
    if (o.mode == RunMode::Compile)
        for (const char* ch : kChannels) st.logs.insert(ch);
    dyn::install_hook(in);
    record_calls(in, st, p->report, p->seen);
    vm::RunResult pre = in.run_source(prelude_source(o), kPreludeFile);
    p->prelude_ok = pre.ok;
    p->prelude_error = pre.error_message;
    return p;
}

// The run prepared ahead (prepare_next_run), waiting for its program. The interpreter inside has
// set the process's engine state (grad mode, default dtype, the caps) as a fresh one does; it is
// used or destroyed before any other interpreter starts (run_program under one_at_a_time).
std::unique_ptr<Prepared> g_prepared;

std::mutex& one_at_a_time() {
    static std::mutex m;
    return m;
}

}  // namespace

void prepare_next_run(const RunOptions& options) {
    std::lock_guard<std::mutex> lock(one_at_a_time());
    const RunOptions o = sanitized(options);
    if (o.poll) return;  // a polled run's answer cannot be compared: it starts fresh
    if (g_prepared && same_start(g_prepared->options, o)) return;
    g_prepared.reset();  // its interpreter ends (restoring the engine state) before the next starts
    try {
        g_prepared = prepare(o);
    } catch (const std::exception&) {
        g_prepared.reset();  // the run itself will start fresh and report what fails
    }
}

void drop_prepared_run() {
    std::lock_guard<std::mutex> lock(one_at_a_time());
    g_prepared.reset();
}

RunReport run_program(const std::string& source, const RunOptions& options_in) {
    // One program at a time per process: the engine's global state (grad mode, the default dtype,
    // the RNG, the memory cap) is per process, and the desktop app runs programs on a thread while
    // the lesson panel may check an exercise on the UI thread.
    std::lock_guard<std::mutex> lock(one_at_a_time());
    const RunOptions o = sanitized(options_in);
    auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Prepared> p;
    RunReport report;
    try {
        // A run prepared ahead with the same start is this run's start, done already (the same
        // steps in the same order; only the wait is gone). Any other is ended first.
        const bool ahead = g_prepared && same_start(g_prepared->options, o);
        if (ahead) p = std::move(g_prepared);
        g_prepared.reset();
        if (!p) p = prepare(o);
        p->report.started_ahead = ahead;
        if (!p->prelude_ok) {  // a bug of the playground, said as one rather than blamed on the program
            p->in.reset();
            report = std::move(p->report);
            report.ok = false;
            report.error = {"RuntimeError", "the playground's prelude failed: " + p->prelude_error, 0, 0};
            return report;
        }
        vm::Interpreter& in = *p->in;
        dyn::DynamoState& st = dyn::state(in);
        RunReport& rep = p->report;
        vm::RunResult r = in.run_source(source, o.filename);
        rep.ok = r.ok;
        rep.instructions = r.instructions;
        if (!r.ok) {
            rep.error.type = r.error_type;
            rep.error.message = r.error_message;
            if (r.error_type == "SyntaxError" || r.error_type == "IndentationError" || r.error_type == "TabError") {
                rep.error.line = r.error_line;
                rep.error.col = r.error_col;
            } else {
                bool innermost_is_user = false;
                int line = innermost_user_line(rep.stderr_text, o.filename, &innermost_is_user);
                rep.error.line = innermost_is_user ? r.error_line : line;
                rep.error.col = innermost_is_user ? r.error_col : 0;
            }
        }
        if (!o.extra.function.empty()) run_extra_call(in, o, rep);
        apply_log_records(p->records, rep, o.filename);
        read_caches(in, st, o.filename, p->seen, rep);
        read_script_records(in, rep);
        p->in.reset();  // the interpreter ends here, as a fresh run's did at its return (its sinks still write to rep)
        report = std::move(rep);
    } catch (const std::exception& e) {  // not expected: still a report, never a crash of the page
        if (p) {
            p->in.reset();
            report = std::move(p->report);
        }
        report.ok = false;
        report.error = {"RuntimeError", std::string("internal error: ") + e.what(), 0, 0};
    }
    report.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace kiln::playground
