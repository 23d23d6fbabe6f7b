// torch.compile's front end: the frame-evaluation hook, the per-code-object cache, recompiles,
// the recompile limit, backends and the records explain() and TORCH_LOGS read.
//
// Calling a function compiled with torch.compile pushes its configuration (backend, fullgraph)
// and installs the VM's frame-evaluation hook (vm/eval_hook.h, PEP 523's analog). The hook sees
// every Python frame that starts while a configuration is active: it checks the cache entries of
// the frame's code object (newest first) against the frame; on a hit it runs that entry's
// transformed code; on a miss it translates the frame (translator.h), hands the graph to the
// backend, generates the transformed code (codegen.h), stores the entry with its guards and runs
// it. Frames of resume functions and of functions called at a graph break go through the same
// hook, which is how one Python function becomes several graphs.
//
// State lives per interpreter (an object in the torch._dynamo module), so programs never share
// caches or compiled code.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "capture/dynamo/codegen.h"
#include "capture/dynamo/fx_graph.h"
#include "capture/dynamo/guards.h"

namespace kiln::capture::dynamo {

struct CompileConfig {
    vm::Value backend;         // a callable (gm, example_inputs) -> callable, or Null for a named one
    std::string backend_name;  // "inductor", "eager", "aot_eager", "cudagraphs", or "" for a callable
    bool fullgraph = false;
    std::string dynamic = "None";  // "None", "True", "False"
    std::string mode = "None";
    vm::Value options;         // torch.compile(options={...}): a dict of backend options, or None
    std::string options_repr;  // repr(options) when given: part of the backend key
    bool disabled = false;     // frames of torch.compiler.disable'd functions run eagerly

    // Cache entries belong to one backend: another backend compiles the frame anew. The key is
    // made once per compiled call (call_compiled), not per frame the hook sees.
    std::string backend_key() const;
    std::string key;
};

struct CacheEntry {
    GuardSet guards;
    vm::Ref<vm::Code> code;  // the transformed code
    std::string compile_id;  // "0/1"
    std::string backend;     // CompileConfig::backend_key() of the compile that made it
    vm::Value backend_ref;   // keeps a callable backend alive while its key is in use
    std::shared_ptr<FxGraph> graph;
};

struct CodeCache {
    int frame_id = -1;
    std::vector<CacheEntry> entries;  // oldest first
    int compiles = 0;
    bool skip = false;                // run eagerly from now on (no graph, or a break in a loop)
    std::string skip_reason;
    bool limit_hit = false;
    vm::Ref<vm::Code> keep;           // keeps the code object alive while it is a key
    FrameState state;                 // automatic dynamic shapes: sizes and ints seen so far
};

// A graph break as explain() reports it.
struct BreakRecord {
    std::string reason;
    std::vector<UserFrame> user_stack;
};

// What explain() collects while its run is in flight.
struct ExplainRecord {
    std::vector<vm::Value> graphs;  // GraphModule objects
    std::vector<BreakRecord> breaks;
    std::vector<std::vector<vm::Value>> ops_per_graph;  // call_function targets
    std::vector<GuardSet> guards;
    std::vector<std::pair<std::string, double>> compile_times;
};

class DynamoState : public vm::NativeObj {
public:
    DynamoState();
    void clear() override;

    std::unordered_map<const bytecode::CodeObject*, CodeCache> caches;
    ResumeCache resumes;
    std::vector<CompileConfig> active;  // innermost last
    bool internal = false;              // translating or running a backend: frames run eagerly
    int next_frame_id = 0;
    int compiled_fns = 0;
    std::set<std::string> logs;         // TORCH_LOGS channels
    ExplainRecord* explain = nullptr;
    int graphs_compiled = 0;            // counters (torch._dynamo.utils.counters analogue)
    double capture_seconds = 0;         // the last compile: translation + guards + transformed bytecode
    std::shared_ptr<KnownCallables> known;  // made on the first compile
    std::string stance = "default";     // torch.compiler.set_stance
    std::unordered_map<const vm::Object*, vm::Value> disabled;  // disable() wrapper -> the function
    std::unordered_map<const vm::Object*, std::string> disabled_msg;  // disable(reason=...): str(reason)
    // torch._dynamo.allow_in_graph'd callables (kept alive in allowed_keep); torch._dynamo.reset() keeps them
    std::unordered_set<const vm::Object*> allowed_in_graph;
    // torch._dynamo.disallow_in_graph'd callables (PyTorch's _disallowed_callable_ids): a call of one is
    // a graph break whose call runs eagerly (SkipFunctionVariable). Kept alive in allowed_keep.
    std::unordered_set<const vm::Object*> disallowed_in_graph;
    std::vector<vm::Value> allowed_keep;
    // A passing guard check hands its tree's values to the compiled function the entry's transformed
    // code calls first (nothing runs in between), which reads its inputs from them (guards.h read_inputs).
    const void* pending_tree = nullptr;
    std::vector<vm::Value> pending_values;

    void reset();
};

// The state of the running interpreter (made on first use).
DynamoState& state(vm::Interpreter& in);

// Installs the frame-evaluation hook on `in` if it is not yet installed.
void install_hook(vm::Interpreter& in);

// Runs `fn(args)` with `config` active (what calling a torch.compile'd function does).
vm::Value call_compiled(vm::Interpreter& in, const CompileConfig& config, const vm::Value& fn, const vm::CallArgs& args);

// Whether a Python frame started now would be handed to Dynamo: a torch.compile'd call is in flight,
// not disabled, not the back end's own work, stance not force_eager. Native objects whose PyTorch
// counterparts Dynamo traces (the optimizers' step) run their Python form then, so it is captured.
bool frames_compiled_now(vm::Interpreter& in);

// Runs `fn(args)` with Dynamo off (what calling a torch.compiler.disable'd function does).
vm::Value call_disabled(vm::Interpreter& in, const vm::Value& fn, const vm::CallArgs& args);

// torch._dynamo.exc.FailOnRecompileLimitHit (fullgraph=True past the recompile limit).
vm::Type* fail_on_recompile_limit_hit();


// The configured recompile limit (torch._dynamo.config.recompile_limit / cache_size_limit).
int recompile_limit(vm::Interpreter& in);
// A boolean flag of torch._dynamo.config (capture_scalar_outputs, ...).
bool config_flag(vm::Interpreter& in, const char* name);

// Named backends implemented outside the front end (the Inductor-style back end lives in
// engine/passes, engine/kernel, engine/codegen and engine/backends; its Python side registers here):
// called once per compiled graph with the GraphModule and its example inputs, returns the callable
// that runs the graph. A named backend without a compiler runs the graph on the FX interpreter.
using BackendCompiler = std::function<vm::Value(vm::Interpreter&, const vm::Value& gm,
                                                const std::vector<vm::Value>& example_inputs, const CompileConfig& cfg)>;
void register_backend_compiler(const std::string& name, BackendCompiler fn);

// A TORCH_LOGS line on the err sink when `channel` is on.
void log(vm::Interpreter& in, const std::string& channel, const std::string& text);
bool logging(vm::Interpreter& in, const std::string& channel);

// A Python GraphModule for `graph` (graph_module.cpp): gm.graph, gm.code, gm.forward, gm(*inputs).
vm::Value graph_module(const std::shared_ptr<FxGraph>& graph);
std::shared_ptr<FxGraph> graph_of(const vm::Value& gm);  // null if `gm` is not a GraphModule

}  // namespace kiln::capture::dynamo
