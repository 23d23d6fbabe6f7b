// The graph-break and recompile catalogue (see break_catalogue.h). PyTorch ids and gb_type names are
// torch/_dynamo/graph_break_registry.json's (PyTorch 2.11), checked against the ids PyTorch printed
// in tests/parity/programs/dynamo/reference/*.log where a reference program hits the break.
#include "break_catalogue.h"

#include <algorithm>
#include <cctype>

namespace kiln::playground {
namespace {

constexpr const char* kBreaks = "08-graph-breaks";
constexpr const char* kCauses = "The usual causes";
constexpr const char* kResume = "Resume functions";

BreakInfo row(const char* title, const char* gb, const char* gb_name, const char* explain, Fixer fixer,
              const char* step = kCauses, Rewrite rewrite = Rewrite::None, const char* phrase = "", bool prefix = false) {
    BreakInfo b;
    b.title = title;
    b.phrase = phrase;
    b.gb = gb;
    b.gb_name = gb_name;
    b.explain = explain;
    b.fixer = fixer;
    b.lesson = kBreaks;
    b.step = step;
    b.rewrite = rewrite;
    b.prefix = prefix;
    return b;
}

// Kiln's own breaks: PyTorch either traces these or breaks with another id; the compiler is what
// stops here, so the fix is the library's (or a rewrite the explanation suggests).
BreakInfo kiln(const char* title, const char* explain, Fixer fixer = Fixer::Library, bool prefix = false) {
    return row(title, "", "", explain, fixer, kCauses, Rewrite::None, "", prefix);
}

bool contains_ci(const std::string& text, const std::string& phrase) {
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    };
    return lower(text).find(lower(phrase)) != std::string::npos;
}

// The title line of a Breaks-panel reason.
std::string title_of(const std::string& reason) {
    std::string s = reason;
    const std::string prefix = "Graph Break Reason: ";
    if (s.rfind(prefix, 0) == 0) s = s.substr(prefix.size());
    size_t eol = s.find('\n');
    if (eol != std::string::npos) s = s.substr(0, eol);
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

}  // namespace

const char* fixer_name(Fixer f) {
    switch (f) {
        case Fixer::YourCode: return "your code";
        case Fixer::Library: return "a library";
        case Fixer::Fundamental: return "fundamental";
    }
    return "?";
}

std::string BreakInfo::docs_url() const {
    if (gb.empty()) return "";
    std::string id = gb;
    std::transform(id.begin(), id.end(), id.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return "https://meta-pytorch.github.io/compile-graph-break-site/gb/" + id + ".html";
}

const std::vector<BreakInfo>& break_catalogue() {
    static const std::vector<BreakInfo> rows = {
        // PyTorch's breaks (ids from graph_break_registry.json). Phrase rows come before the plain row.
        row("Failed to trace builtin operator", "GB0059", "Failed to trace builtin operator",
            "print() writes to the console, a side effect a graph cannot hold; move it out of the compiled function",
            Fixer::YourCode, kCauses, Rewrite::PrintOut, "`print`"),
        row("Failed to trace builtin operator", "GB0059", "Failed to trace builtin operator",
            "a Python builtin Dynamo does not model with these argument types", Fixer::Library),
        row("Data-dependent branching", "GB0170", "Data-dependent branching",
            "the branch depends on tensor values, unknown while capturing; torch.where or torch.cond keeps it in the graph",
            Fixer::Fundamental),
        // Higher-order operators (torch.cond, torch.while_loop, map): Dynamo traces each branch or body
        // as a subgraph, and these stop it. PyTorch raises them as hard errors (no fallback to eager).
        row("Encountered aliasing during higher order op tracing", "GB0040",
            "Encountered aliasing during higher order op tracing",
            "a cond/while_loop branch returns one of its inputs (or a view of it); return input.clone() instead",
            Fixer::YourCode),
        row("Encountered input mutation during higher order op tracing", "", "",
            "a branch or loop body writes into one of its inputs in place; compute a new tensor instead", Fixer::YourCode),
        row("HigherOrderOperator: Mutating a variable not in the current scope (SideEffects)", "", "",
            "a branch or loop body changes a Python variable or attribute outside itself; return the value instead",
            Fixer::YourCode),
        row("HOP: non torch.Tensor leaf", "", "",
            "a branch or loop body returns something that is not a tensor (a Python number, None, a string)",
            Fixer::YourCode),
        row("HOP body taking non-Tensor as input", "", "",
            "map's body takes an argument that is not a tensor; pass tensors (or close over the constant)",
            Fixer::YourCode),
        row("map() operator doesn't support scalar or zero-sized tensors during tracing.", "", "",
            "map slices its inputs along dim 0: a 0-dim or empty tensor has no slice to trace the body on",
            Fixer::YourCode),
        row("torch.ops.higher_order.map: kwargs are not supported in the map operator.", "", "",
            "map passes its extra arguments positionally; keyword arguments are refused", Fixer::YourCode),
        row("torch.cond: improper args/kwargs", "", "",
            "torch.cond(pred, true_fn, false_fn, operands) takes exactly these four positional arguments",
            Fixer::YourCode),
        row("torch.cond: improper predicate", "", "",
            "the predicate must be a Python bool or a boolean tensor with one element", Fixer::YourCode),
        row("torch.cond: improper operands", "", "", "operands must be a list or tuple of tensors", Fixer::YourCode),
        row("torch.cond: improper operands contents", "", "",
            "operands must be (nested) lists or tuples whose leaves are all tensors", Fixer::YourCode),
        kiln("torch.cond: unsupported branch return type",
             "the branches return Python ints: PyTorch merges them into an unbacked SymInt, which Kiln's Dynamo "
             "does not have yet"),
        kiln("torch.cond: branches return different sizes",
             "the two branches return tensors of different sizes: PyTorch merges them into unbacked symbolic "
             "sizes, which Kiln's Dynamo does not have yet"),
        row("torch.while_loop: improper args/kwargs", "", "",
            "torch.while_loop(cond_fn, body_fn, carried_inputs, additional_inputs) takes these positional arguments",
            Fixer::YourCode),
        row("torch.while_loop: improper carried_inputs", "", "", "carried_inputs must be a list or tuple",
            Fixer::YourCode),
        row("torch.while_loop: improper additional_inputs", "", "", "additional_inputs must be a list or tuple",
            Fixer::YourCode),
        row("torch.while_loop: unsupported cond_fn return type", "", "",
            "cond_fn must return a bool or a boolean tensor with one element", Fixer::YourCode),
        row("torch.while_loop: body_fn output mismatch", "", "",
            "body_fn must return as many tensors as it is given (the loop's carried values)", Fixer::YourCode),
        row("torch.while_loop: body_fn output metadata differs from the carried input's", "", "",
            "each value body_fn returns must keep its carried input's dtype, size and stride", Fixer::YourCode),
        kiln("torch.while_loop: int carried input",
             "an int carried through the loop: PyTorch turns it into an unbacked SymInt, which Kiln's Dynamo "
             "does not have yet"),
        row("Unsupported Tensor.item() call with capture_scalar_outputs=False", "GB0124",
            "Unsupported Tensor.item() call with capture_scalar_outputs=False",
            "reading a tensor's value into Python leaves the graph; keep it a tensor (or set capture_scalar_outputs=True)",
            Fixer::YourCode, kCauses, Rewrite::ItemAsTensor),
        row("Dynamic shape operator", "GB0036", "Dynamic shape operator",
            "the output's shape depends on the input's values (nonzero, boolean masks), so no static graph can hold it",
            Fixer::Fundamental),
        row("RuntimeError when making fake tensor call", "GB4315", "RuntimeError when making fake tensor call",
            "an operation fails on the traced shapes (a shape or dtype mismatch, an index out of range): the same "
            "call fails eagerly too; PyTorch raises it as TorchRuntimeError instead of breaking the graph",
            Fixer::YourCode),
        row("TypeError when making fake tensor call", "GB0112", "TypeError when making fake tensor call",
            "an operation called with arguments it does not take; the call then runs eagerly and raises there",
            Fixer::YourCode),
        row("Unsupported Tensor.backward() call", "GB0123", "Unsupported Tensor.backward() call",
            "backward() inside the compiled function: compile the forward and loss, call backward() outside",
            Fixer::Library),
        row("Call to `torch._dynamo.graph_break()`", "GB0025", "Call to `torch._dynamo.graph_break()`",
            "an explicit torch._dynamo.graph_break() call", Fixer::YourCode),
        row("Call to `torch._dynamo.skip_frame()`", "GB4297", "Call to `torch._dynamo.skip_frame()`",
            "an explicit torch._dynamo.skip_frame() call: the frame that makes it runs eagerly", Fixer::YourCode),
        row("Skip calling `torch.compiler.disable()`d function", "GB0098",
            "Skip calling `torch.compiler.disable()`d function",
            "the function is wrapped in torch.compiler.disable, so it always runs eagerly", Fixer::YourCode),
        row("Skip inlining `torch.compiler.disable()`d function", "GB0099",
            "Skip inlining `torch.compiler.disable()`d function",
            "the function was marked with torch.compiler.disable(recursive=False): its own frame runs eagerly, "
            "the functions it calls are still compiled", Fixer::YourCode),
        row("Attempted to call function marked as skipped", "GB0007", "Attempted to call function marked as skipped",
            "Dynamo does not trace into this function (its module is on the skip list: RNG state, the clock...)",
            Fixer::Library),
        row("Attempted to inline function marked as skipped", "GB0008", "Attempted to inline function marked as skipped",
            "Dynamo's developers marked this function as not to be traced", Fixer::Library),
        row("Attempted to wrap RNN, GRU, or LSTM", "GB0014", "Attempted to wrap RNN, GRU, or LSTM",
            "Dynamo does not trace nn.RNN/GRU/LSTM unless torch._dynamo.config.allow_rnn is set", Fixer::Library),
        row("graph break in loop", "GB7000", "graph break in loop",
            "a break inside a for/while loop: the whole frame runs eagerly; move the break's cause out of the loop",
            Fixer::YourCode, kResume),
        // PyTorch's reason for a break it cannot resume from (inside a try block): the graph up to the
        // last checkpoint before the block is compiled and the rest of the function runs eagerly.
        kiln("step_unsupported",
             "a break inside a try block: Dynamo cannot resume inside it, so it compiles the graph up to the last "
             "line before the block and runs the rest of the function eagerly; move the break's cause out of the try",
             Fixer::YourCode),
        // Kiln's own breaks (no PyTorch id).
        kiln("graph break inside a try/with block",
             "a break inside a try block with no graph before it, or inside a with block of a manager Kiln cannot "
             "enter again: the frame runs eagerly"),
        kiln("Unsupported Tensor.", "this tensor method gives a Python value that depends on the data; keep it a tensor",
             Fixer::YourCode, true),
        kiln("Unsupported builtin on tensors", "a Python builtin (max, abs, sum...) on tensors: use the torch function instead",
             Fixer::YourCode),
        kiln("Inline depth exceeded", "calls nested more than 40 deep (recursion?) cannot be inlined", Fixer::YourCode),
        kiln("translation exceeded", "a very long loop: capture unrolls loops, and this one is too long to unroll",
             Fixer::YourCode, true),
        kiln("a comparison of computed symbolic sizes",
             "a decision on sizes computed from dynamic sizes; Kiln guards decisions on the size symbols themselves only",
             Fixer::Library, true),
        kiln("a tensor subclass with __torch_function__",
             "an input is a torch.Tensor subclass with a live __torch_function__: PyTorch's Dynamo inlines the handler, "
             "Kiln's does not trace through it, so the frame runs eagerly (same values, no graph)",
             Fixer::Library, true),
        kiln("Unsupported Python value", "a Python value Kiln's Dynamo cannot represent in a graph"),
        kiln("Unsupported output of a tensor operation", "an operation returned something other than tensors"),
        kiln("Unsupported argument to a tensor operation", "an argument Kiln's Dynamo cannot pass into the graph"),
        kiln("Unsupported binary operator", "an operator Kiln's Dynamo cannot apply to these values symbolically"),
        kiln("Unsupported comparison", "a comparison Kiln's Dynamo cannot evaluate symbolically"),
        kiln("Unsupported Tensor attribute", "a tensor attribute Kiln's Dynamo does not model"),
        kiln("Unsupported attribute source", "an attribute whose origin Kiln's Dynamo cannot guard"),
        kiln("Unsupported module attribute", "a module attribute Kiln's Dynamo cannot read symbolically"),
        kiln("Unsupported attribute access", "an attribute read Kiln's Dynamo does not model"),
        kiln("Unsupported attribute assignment", "an attribute write Kiln's Dynamo cannot replay after the graph"),
        kiln("Unsupported module index", "a module container index Kiln's Dynamo does not trace"),
        kiln("Unsupported subscript", "an index operation Kiln's Dynamo cannot evaluate symbolically"),
        kiln("Unsupported iteration", "a loop over a value Kiln's Dynamo cannot unroll"),
        kiln("Unsupported mapping pattern",
             "a match statement's mapping pattern over an object that is not a dict or a constant (a user Mapping), or "
             "with computed keys; match a dict, or convert with dict(...) first", Fixer::YourCode),
        kiln("Unsupported method call", "a method Kiln's Dynamo does not trace"),
        kiln("Unsupported call", "a call Kiln's Dynamo cannot trace"),
        kiln("Unsupported module hooks", "module hooks Kiln's Dynamo cannot run inside the graph"),
        kiln("Unsupported layer call", "a built-in layer called in a way Kiln's Dynamo does not trace"),
        kiln("Unsupported context manager", "a context manager Dynamo cannot enter symbolically: the block runs eagerly"),
        kiln("Unsupported dict construction", "a dict built from values Kiln's Dynamo cannot track"),
        kiln("Unsupported class construction", "creating an object of a user class inside the compiled function"),
        kiln("Unsupported use of a new object",
             "an object created inside the compiled function handed to native code while tracing; create it outside "
             "and pass it in", Fixer::YourCode),
        kiln("Graph break under GenericContextWrappingVariable",
             "a break inside the with block of a user-defined context manager: the block cannot be left and entered "
             "again around the break, so the frame runs eagerly (PyTorch does the same)", Fixer::YourCode),
        kiln("Unsupported closure variable", "a tensor captured by a closure; pass it as an argument"),
        kiln("Unsupported global store", "a write to a global Kiln's Dynamo cannot replay"),
        kiln("Unsupported bytecode", "a Python instruction Kiln's Dynamo does not translate"),
        kiln("Unsupported item deletion", "a `del x[k]` Kiln's Dynamo cannot replay"),
        kiln("Unsupported item assignment", "an `x[k] = v` Kiln's Dynamo cannot replay"),
        kiln("Unsupported `in` test", "an `in` test on values that are not Python constants"),
        kiln("Unsupported dict key", "a dict key that is not a Python constant"),
        kiln("Unsupported f-string", "an f-string formatting values that are not constants"),
        kiln("Unsupported ** mapping", "** unpacking of something other than a dict"),
        kiln("Unsupported ** call", "a call with ** unpacking of something other than a dict"),
        kiln("Unsupported nested function", "a nested function with keyword-only defaults"),
        kiln("Unsupported yield from", "`yield from` an iterable Kiln's Dynamo cannot unroll"),
    };
    return rows;
}

const std::vector<RecompileInfo>& recompile_catalogue() {
    static const std::vector<RecompileInfo> rows = {
        {"TENSOR_MATCH", "a tensor argument changed shape, dtype, device or requires_grad", Fixer::YourCode,
         "a size that varies: torch._dynamo.mark_dynamic(x, dim) or dynamic=True compiles one graph for all sizes",
         "07-guards", "Shapes are guarded"},
        {"SHAPE_ENV", "a dynamic size crossed a guarded bound (0/1 specialization) or flipped a decision taken on it",
         Fixer::Fundamental, "sizes 0 and 1 always specialize; branch on sizes only where the graph must differ",
         "09-dynamic-shapes", "Symbols and their guards"},
        {"EQUALS_MATCH", "a Python number or string argument changed value; constants are baked into the graph",
         Fixer::YourCode, "pass a value that changes as a tensor (or let it become dynamic after the first change)",
         "07-guards", "What else is guarded"},
        {"TYPE_MATCH", "an argument or attribute changed type", Fixer::YourCode, "call with the same types each time",
         "07-guards", "What else is guarded"},
        {"ID_MATCH", "a different object (function, class, module) where the graph used a specific one", Fixer::YourCode,
         "reuse the same object instead of making a new one per call", "07-guards", "What else is guarded"},
        {"NONE_MATCH", "an argument switched between None and a value", Fixer::YourCode,
         "keep optional arguments consistently None or set", "07-guards", "What else is guarded"},
        {"NO_HASATTR", "an attribute the graph found missing (getattr with a default, hasattr) now exists",
         Fixer::YourCode, "set the attribute before the first call (in __init__), not from inside the compiled code",
         "07-guards", "What else is guarded"},
        {"SEQUENCE_LENGTH", "a list or tuple argument changed length; loops over it were unrolled", Fixer::YourCode,
         "stack the items into one tensor, or keep the length fixed", "07-guards", "What else is guarded"},
        {"DICT_KEYS_MATCH", "a dict argument has different keys", Fixer::YourCode, "keep the dict's keys the same",
         "07-guards", "What else is guarded"},
        {"GLOBAL_STATE", "grad mode, the default dtype or autocast differ from the compile's", Fixer::YourCode,
         "call the compiled function under the same torch.no_grad()/autocast each time", "07-guards",
         "What else is guarded"},
        {"NO_TENSOR_ALIASING", "two tensor arguments are now the same tensor (or were before)", Fixer::YourCode,
         "pass distinct tensors, or the same one each time", "07-guards", "What else is guarded"},
        {"DUPLICATE_INPUT", "two arguments that were the same tensor now differ", Fixer::YourCode,
         "pass the same aliasing pattern each time", "07-guards", "What else is guarded"},
    };
    return rows;
}

const BreakInfo& break_info(const std::string& reason) {
    static const BreakInfo unknown = [] {
        BreakInfo b;
        b.explain = "why Dynamo stops a graph, and how the frame resumes";
        b.fixer = Fixer::Library;
        b.lesson = kBreaks;
        b.step = kCauses;
        return b;
    }();
    const std::string title = title_of(reason);
    for (const BreakInfo& b : break_catalogue()) {
        bool match = b.prefix ? title.rfind(b.title, 0) == 0 : title == b.title;
        if (match && (b.phrase.empty() || contains_ci(reason, b.phrase))) return b;
    }
    return unknown;
}

bool has_break_row(const std::string& title) {
    for (const BreakInfo& b : break_catalogue())
        if (b.prefix ? title.rfind(b.title, 0) == 0 : title == b.title) return true;
    return false;
}

const RecompileInfo& recompile_info(const std::string& guard_kind) {
    static const RecompileInfo unknown{"", "a guard failed: Dynamo compiles again for the new inputs", Fixer::YourCode,
                                       "", "07-guards", "What else is guarded"};
    for (const RecompileInfo& r : recompile_catalogue())
        if (r.guard == guard_kind) return r;
    return unknown;
}

}  // namespace kiln::playground
