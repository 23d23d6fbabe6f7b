// The playground's engine session: runs one program the way the UI asked and returns everything
// the panels show, as plain data (no ImGui, no platform code), so tests and the web API use it too.
//
//   RunOptions o; o.mode = RunMode::Compile; o.backend = "inductor";
//   RunReport r = run_program(source, o);   // stdout, stderr, error with line:col, capture summary
//
// The program runs as written, in a fresh interpreter under the VM's instruction budget and tensor
// memory cap (the UI never freezes: a runaway loop ends with KilnLimitError). The run options only
// decide what the program's own `torch.compile(...)` calls do:
//   Compile: torch.compile with the chosen backend/mode/fullgraph/dynamic as defaults (arguments the
//            program passes itself win), every TORCH_LOGS channel on;
//   Eager:   torch.compile returns its argument unchanged (what the program does without capture);
//   Trace:   the compiled target is traced with torch.jit.trace at its first call (those inputs);
//   Script:  the compiled target goes through torch.jit.script.
// The capture summary is read from the engine's own printers (the TORCH_LOGS text, split per channel
// and compile id by capture_log.h), from Dynamo's caches (graph nodes with their source lines) and
// from a wrapper around the frame-evaluation hook (one record per compiled-function call).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "backends/step_profile.h"
#include "capture/dynamo/guard_whatif.h"

namespace kiln::playground {

enum class RunMode { Eager, Trace, Script, Compile };
const char* run_mode_name(RunMode m);               // "eager", "trace", "script", "compile"
bool parse_run_mode(const std::string& s, RunMode* out);

struct RunOptions {
    RunMode mode = RunMode::Compile;
    std::string backend = "inductor";   // eager | aot_eager | inductor
    std::string compile_mode = "default";  // default | reduce-overhead | max-autotune
    bool fullgraph = false;
    std::string dynamic = "None";       // None | True | False
    // cpu | cuda: where the program's compiled (or traced, scripted) targets run: a module moves
    // there, tensor arguments are moved there at each call. The desktop app offers cuda when the
    // build has CUDA and a GPU answers.
    std::string device = "cpu";
    uint64_t max_instructions = 50'000'000;
    size_t max_tensor_mb = 512;
    // Python objects' memory (vm::Options::max_heap_bytes): no slider; the browser's wasm memory
    // ends at 2 GiB, with room for the tensor cap beside it.
    size_t max_heap_mb = 1024;
    int recursion_limit = 200;          // the browser's JS stack bounds recursion (web/main.cpp)
    std::string filename = "main.py";
    // Asked every 100k instructions by a host that runs the program off its UI thread (native
    // app): a non-empty answer stops the program with KilnLimitError(answer) (the Stop button).
    std::function<std::string()> poll;

    // After the program, one more call of a function it compiled (compile mode only), with
    // arguments the playground chose: the what-if panel's "Run with these" (measure = false), or
    // the performance panel's timing of the compiled function against the original (measure =
    // true: a warm-up, then the median of `repeats` calls of each).
    struct ExtraCall {
        std::string function;  // the compiled frame's function name ("f", "forward"); "" = none
        std::vector<std::pair<std::string, std::string>> args;  // (parameter, Python expression)
        bool measure = false;
        int repeats = 5;
    };
    ExtraCall extra;
};

// Where the run stopped with an uncaught exception (line/col in the user's file, 1-based; 0 when
// the error has no place in it).
struct SourceError {
    std::string type;     // "SyntaxError", "RuntimeError", "KilnLimitError", ...
    std::string message;
    int line = 0;
    int col = 0;
};

// One node of a captured FX graph.
struct GraphNode {
    std::string name;    // "add", "l_x_"
    std::string op;      // placeholder, call_function, call_method, call_module, get_attr, output
    std::string target;  // "operator.add", "torch.relu", "sin"
    std::string type;    // "f32[3, 4][4, 1]cpu" for tensor values
    std::vector<int> inputs;  // indices of the nodes this one reads (graph edges)
    int line = 0;             // innermost line in the user's file (0: none)
    std::vector<int> lines;   // every line of the user's file on its stack (inlined calls)
    // The modules whose forwards the node was recorded in, outermost first, as the user wrote
    // them ("self.attn", "self.attn.qkv"): PyTorch's nn_module_stack paths.
    std::vector<std::string> modules;
    // The node's Python scalar arguments (ints, floats, bools, None), as FX prints them ("0.5", "-1"):
    // the graph view shows them in the node's label instead of as input nodes.
    std::vector<std::string> scalars;
};

// One before/after step of the back end's pass pipeline (TORCH_LOGS=passes).
struct PassStep {
    std::string name;     // "input" for the re-traced graph, then each pass
    bool changed = false;
    std::string graph;    // the aten graph after the step
};

// What backend="inductor" produced for one graph (one input layout).
struct InductorArtifacts {
    std::string graph_name;  // "graph 0"
    std::vector<PassStep> passes;
    std::string post_grad;   // TORCH_LOGS=post_grad_graphs
    std::string schedule;    // the kernel plan (TORCH_LOGS=schedule)
    std::string fusion;      // kernel count and "not fused: a -> b: why" lines
    std::vector<std::string> not_fused;  // those lines, one per pair
    std::string output_code;             // generated C++ (TORCH_LOGS=output_code), or CUDA for a GPU plan
    std::string cuda_code;               // a CPU plan rendered by codegen/cuda (Kiln's cuda_code log)
    // Post-grad node name -> line in the user's file (Kiln's aten_lines log: the FX node each aten
    // node was traced from, carried through the passes): the graph view's aten nodes jump there.
    std::vector<std::pair<std::string, int>> aten_lines;
};

// One compile of a frame (a compile id "frame/attempt" as PyTorch numbers them).
struct CompileRecord {
    std::string compile_id;   // "0/0"
    std::string function;     // the code object's name ("forward", "torch_dynamo_resume_in_f_at_12")
    int first_line = 0;
    bool has_graph = false;
    std::string graph_name;   // "graph 0" (the back end's name), "" without a graph
    std::string fx_code;      // TORCH_LOGS=graph_code (annotated forward)
    std::string graph_text;   // str(gm.graph)
    std::vector<GraphNode> nodes;
    std::string guards;       // TORCH_LOGS=guards tree
    std::string bytecode_original, bytecode_modified;  // TORCH_LOGS=bytecode
    std::vector<InductorArtifacts> inductor;           // one per input layout compiled
    // The what-if panel's material: the frame's arguments at the call that made this entry (name,
    // value as the guards saw it), and its guards as data (guard_whatif.h).
    std::vector<std::pair<std::string, capture::dynamo::WhatIfValue>> inputs;
    std::vector<capture::dynamo::GuardFact> guard_facts;
};

struct GraphBreak {
    std::string compile_id;
    std::string reason;    // "Graph Break Reason: ..." text
    std::string filename;
    int line = 0;
    std::string text;      // the whole log record
};

// One call of a frame while torch.compile was active (resume functions included).
struct FrameCall {
    std::string function;
    int first_line = 0;
    std::string outcome;    // "hit", "compile", "recompile", "eager" (skipped / limit), "error"
    std::string compile_id; // the entry that ran or was made ("" when eager)
    std::vector<std::string> guard_failures;  // "0/0: tensor 'x' size mismatch at index 0 ..."
    std::vector<std::string> guard_failure_kinds;  // each failure's guard kind ("TENSOR_MATCH"): its reason class
    std::string note;       // why the frame runs eagerly ("graph break in loop", ...), if it does
    // The global state the call ran under, as Python statements that set it again ("" = the
    // defaults: grad mode on, float32, autocast off): an extra call copying this one replays it, so
    // it neither recompiles on grad mode nor changes the Breaks count.
    std::string state_setup;
};

// torch.jit.trace / torch.jit.script results in Trace/Script mode.
struct ScriptGraph {
    std::string kind;   // "trace" | "script"
    std::string name;
    std::string graph;  // str(m.graph)
    std::string code;   // m.code
};

inline constexpr int kMaxCallRecords = 400;  // a training loop calls a compiled step many times

struct RunReport {
    bool ok = true;
    std::string stdout_text;
    std::string stderr_text;  // the program's stderr (tracebacks, warnings, Kiln notes), logs removed
    std::string log_text;     // every TORCH_LOGS record, in order
    SourceError error;
    uint64_t instructions = 0;
    double millis = 0;
    // The interpreter, its limits and the prelude were made ahead, while the host was idle
    // (prepare_next_run): millis is then the program's own time, without that start.
    bool started_ahead = false;
    std::vector<CompileRecord> compiles;  // in compile order
    std::vector<GraphBreak> breaks;
    std::vector<FrameCall> calls;         // the first kMaxCallRecords calls
    int calls_total = 0;                  // all calls, recorded or not
    std::vector<std::string> recompiles;  // TORCH_LOGS=recompiles records
    std::vector<ScriptGraph> scripted;
    std::vector<std::string> notes;       // "Kiln inductor: ..." lines (fallbacks, native code)

    // RunOptions::extra, when asked: the call as Python, whether it ran, and what happened.
    std::string extra_call;   // "f(x=torch.randn(8, 4), n=3)"
    bool extra_ok = false;
    std::string extra_error;  // why it did not run ("no compiled function named ...", a Python error)
    int extra_call_record = -1;  // index in `calls` of the extra call's frame (-1: not recorded)
    double eager_ms = 0, compiled_ms = 0;  // measure: medians of one call each
    int measure_batch = 0;    // measure: calls per timed sample (batched until a sample lasts >= 5 ms)
    std::string measure_note; // measure: why there is no timing (a call too short for the clock)
    // measure: one more compiled call with its plans' launches timed (backends/step_profile.h;
    // empty where the plans ran as native code or on a GPU)
    std::vector<backends::PlanProfile> kernel_profile;

    int graph_count() const;
    // The compile record with this id, or nullptr.
    const CompileRecord* find_compile(const std::string& id) const;
};

// Runs `source` (never throws; every failure is a RunReport with ok=false and a located error).
RunReport run_program(const std::string& source, const RunOptions& options);

// Starts the next run ahead of its program while the host is idle (the browser's worker, after it
// answers a run): a fresh interpreter with the limits, log channels, Dynamo's hooks and the prelude
// (`import torch`) of `options`, kept until run_program is called. A run whose options start the
// same way (same_start in session.cpp: everything but the extra call) takes it and only runs its
// program; any other run ends it first and starts fresh. Nothing a program can see changes: the
// same steps run in the same order, the wait for them is what goes. Runs with a poll (the desktop
// app's Stop) are never prepared. drop_prepared_run ends a prepared run (its engine state restored).
void prepare_next_run(const RunOptions& options);
void drop_prepared_run();

}  // namespace kiln::playground
