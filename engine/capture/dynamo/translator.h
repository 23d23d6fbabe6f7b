// The instruction translator: evaluates a frame's bytecode symbolically, Dynamo-style.
//
// translate() runs the frame's code object instruction by instruction on a stack of Vars
// (variables.h) instead of values. Tensor operations append nodes to an FX graph (computing an
// example result for each), Python constants fold, user functions and nn.Module forwards are
// inlined (their bytecode is translated in a nested symbolic frame), loops over constants unroll,
// and every fact about the frame's inputs that the translation relied on becomes a guard.
//
// It stops at the frame's RETURN_VALUE (the whole frame is one graph) or at the first instruction
// it cannot put in a graph: a graph break. Then the state just before that instruction (stack,
// locals, the graph so far, side effects) is handed to codegen.h, which emits bytecode that runs
// the graph, runs the instruction for real, and continues in a resume function. A break that
// happens inside an inlined call breaks the outer frame at its call instruction (the callee then
// runs as a frame of its own and is compiled separately), and a break inside a loop, or inside a
// try/with block, makes the whole frame run eagerly ("skip"), as in PyTorch 2.11.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "capture/dynamo/guards.h"
#include "capture/dynamo/variables.h"

namespace kiln::capture::dynamo {

// Why a graph broke, in PyTorch 2.11's structured form (title, explanation, hints, gb id).
struct BreakReason {
    std::string title;        // "Failed to trace builtin operator"
    std::string explanation;
    std::vector<std::string> hints;
    std::string context;      // Developer debug context
    std::string gb;           // "gb0059"
    std::vector<UserFrame> user_stack;  // outermost first
    bool jump = false;        // a data-dependent jump (explain() names it "generic_jump TensorVariable()")
    // PyTorch's step_graph_break: a break it cannot resume from (inside a try block) compiled the graph
    // up to the last speculation checkpoint; the reason text is "step_unsupported".
    bool step = false;

    // The reason text explain() and the graph_breaks log show.
    std::string str() const;
};

// A mutation of Python state the graph cannot hold, replayed by the transformed bytecode.
struct SideEffect {
    // Call: a reorderable logging call (`print(...)` with torch._dynamo.config.reorderable_logging_functions),
    // made after the graph with `callee` and the argument Vars in `args`.
    enum class Kind { StoreAttr, StoreGlobal, StoreItem, DelItem, Call };
    Kind kind = Kind::StoreAttr;
    VarP object;  // StoreAttr: the object; StoreItem/DelItem: the dict (it has a source)
    std::string name;
    vm::Value key;  // StoreItem: the key (a str or an int)
    VarP value;  // null for DelItem; Call: a tuple of the positional arguments
    vm::Value callee;  // Call
};

// The native callables the translator treats specially (print, len, torch.no_grad, ...) and the
// qualified names of those it records (torch.relu, operator.add, torch._C._nn.linear), made per
// interpreter since every interpreter has its own module objects.
struct KnownCallables;
std::shared_ptr<KnownCallables> make_known_callables(vm::Interpreter& in);
const std::string* callable_name(const KnownCallables& known, const vm::Value& fn);

// What automatic dynamic shapes remember about a frame's inputs across its compiles: the sizes
// (and int values) seen, or "dynamic" (nullopt) once they changed. A recompile that sees a new size
// makes that dimension symbolic.
struct FrameState {
    std::map<std::string, std::vector<std::optional<int64_t>>> tensors;  // by source
    std::map<std::string, std::optional<int64_t>> ints;
    std::map<std::string, std::optional<double>> floats;
    // PyTorch keeps one FrameStateSizeEntry per source, merged across compiles: a tensor's entry has
    // scalar=auto_dynamic and a number's has size=auto_dynamic, so a number seen where a tensor (or a
    // different number of the other type) was seen before is dynamic at once. True when that is the
    // case for the number `v` now at `key`; the other kinds' records at `key` are dropped, as the
    // merged entry no longer describes them (a tensor there later is dynamic in every dim).
    bool scalar_after_other(const std::string& key, double v, bool is_float) {
        bool dyn = tensors.erase(key) > 0;
        if (is_float) {
            auto it = ints.find(key);
            if (it != ints.end()) dyn = dyn || !it->second || double(*it->second) != v;
            ints.erase(key);
        } else {
            auto it = floats.find(key);
            if (it != floats.end()) dyn = dyn || !it->second || *it->second != v;
            floats.erase(key);
        }
        return dyn;
    }
};

struct TranslateOptions {
    KnownCallables* known = nullptr;
    FrameState* frame_state = nullptr;
    std::string dynamic = "None";  // torch.compile(dynamic=None|True|False)
    bool fullgraph = false;
    bool capture_scalar_outputs = false;
    vm::Value reorderable_logging;  // torch._dynamo.config.reorderable_logging_functions (a set), or null
    bool allow_rnn = false;  // torch._dynamo.config.allow_rnn: trace into nn.RNN/GRU/LSTM instead of breaking
    // torch._dynamo.allow_in_graph / torch.compiler.allow_in_graph: functions recorded as one call_function
    // node of themselves (run when the graph runs), never inlined (PyTorch's trace_rules._allowed_callable_ids)
    const std::unordered_set<const vm::Object*>* allowed_in_graph = nullptr;
    // Example values of computed nodes in meta mode (tensor/meta.h: sizes, strides and dtypes, no
    // data); a translation that needs a computed value's data is redone with real examples. Only
    // for named backends (inductor, eager...), which read no example's data: a backend written in
    // Python gets real node.meta['example_value'] tensors, as it always has.
    bool meta_examples = false;
};

struct Capture {
    // Every Var and cell the translation made (variables.h): their references to each other are
    // dropped when the capture goes, so cycles among them are freed. First, so it goes last.
    std::shared_ptr<VarArena> arena = std::make_shared<VarArena>();
    enum class Outcome { Return, Break, Skip };
    Outcome outcome = Outcome::Skip;
    std::shared_ptr<FxGraph> graph = std::make_shared<FxGraph>();
    GuardSet guards;
    std::vector<std::pair<FxNode*, SourceP>> inputs;  // placeholders in order, with their sources
    std::vector<SideEffect> side_effects;
    std::vector<vm::Ref<FxNode>> unused_inputs;  // placeholders made for inputs no operation used (Vars point at them)
    std::vector<VarP> mutated_lists;   // lists that came from the frame and were changed (replayed as xs[:] = [...])
    std::string constraint_violation;  // a mark_dynamic'd size the code specialized (raised after compiling)
    VarP return_value;  // Return

    // Break: the instruction that broke and the frame state just before it.
    int break_pc = -1;
    // A step break (BreakReason::step): break_pc is the checkpoint, an instruction with an empty stack
    // outside any block; the transformed code stores the live locals and runs the original code from
    // there (no resume function: the rest of the frame runs eagerly, as PyTorch's step_graph_break).
    bool step_break = false;
    BreakReason reason;
    std::vector<VarP> stack;
    std::vector<VarP> locals;  // by co_varnames index (null: unbound)
    // By cell index: what the translated part stored into one of the frame's own cells (a variable
    // a comprehension or inner function captures), written back before the resume; null: unchanged.
    std::vector<VarP> cell_stores;
    // The frame's cell boxes by cell index (cellvars, then freevars): a function the translated part
    // made (MAKE_FUNCTION) closes over some of them and is rebuilt with LOAD_CLOSURE of each.
    std::vector<CellP> cells;
    VarP kwnames;              // a pending KW_NAMES before a CALL
    std::vector<size_t> resume_locals;  // locals live after the break (codegen.h's finish_graph sets it)
    // The grad-mode and autocast `with` blocks active at the break, outermost first: the stack slot of the
    // manager's __exit__, the block's handler in the original code, the mode inside the block. The
    // graph has left them; the transformed code re-enters them around the breaking instruction and
    // the resume function enters them again (torch.set_grad_enabled(grad), as PyTorch's
    // GradModeVariable.reconstruct_type + ReenterWith do).
    // An autocast block (PyTorch's AutocastModeVariable) is entered again with
    // `torch.autocast(device_type, dtype, enabled, cache_enabled)`, its target values.
    struct WithBlock {
        int stack_slot = 0;
        int handler = 0;
        bool grad = false;
        bool autocast = false;
        // autocast: each target value, as a constant or (second non-empty) the torch attribute to
        // load instead (a dtype: "bfloat16").
        std::vector<std::pair<vm::Value, std::string>> autocast_args;
        // contextlib.nullcontext(): entered again as `contextlib.nullcontext()`.
        bool null_context = false;
    };
    std::vector<WithBlock> with_blocks;

    // Skip: why the frame runs eagerly.
    std::string skip_reason;
    bool skip_has_break = false;  // a graph break inside a loop/try (explain reports it)
};

// Translates `frame` (arguments bound, first instruction not run). PyErrors raised by the
// program's own operations while computing example values propagate; so does an Unsupported
// break under fullgraph=True (as a PyError of torch._dynamo.exc.Unsupported).
Capture translate(vm::Interpreter& in, const vm::Frame& frame, const TranslateOptions& options);

// The exception classes of torch._dynamo.exc (made once), in PyTorch's hierarchy:
// TorchDynamoException(RuntimeError) under Unsupported and ShortenTraceback, and
// BackendCompilerFailed(ShortenTraceback): a backend that raised, wrapped with PyTorch's message
// ("backend='name' raised:\nType: text"), `backend_name` and `inner_exception`
// (OutputGraph._call_user_compiler; dynamo.cpp's call_user_backend).
vm::Type* torch_dynamo_exception_type();
vm::Type* shorten_traceback_type();
vm::Type* backend_compiler_failed_type();
vm::Type* unsupported_error_type();
// torch.cond's hard errors: a graph break inside a branch (raise_hard_error_if_graph_break) and
// branch outputs whose metadata disagree (fake tensor propagation's TorchRuntimeError).
vm::Type* uncaptured_higher_order_op_error_type();
vm::Type* torch_runtime_error_type();
vm::Type* constraint_violation_error_type();

}  // namespace kiln::capture::dynamo
