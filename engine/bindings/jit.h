// The torch.jit side of the bindings: what every torch binding calls so that torch.jit.trace can
// record it, the TracerWarnings, and conversions between VM values and graph IValues.
//
// Binding wrappers (Tensor methods, dunders, torch.* and torch.nn.functional functions, built-in
// layers) run through traced_call(). Outside a trace it just runs the body. During a trace it runs
// the body with recording suspended, then records the call as the aten operator of the same name
// (bindings/jit_trace.cpp maps Python names and arguments onto operator schemas), and returns the
// result — or, for the calls tracing changes (x.size(i), x.shape), the traced stand-in PyTorch
// returns (a 0-dim tensor recording aten::size).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "capture/trace/tracer.h"
#include "support/profiler.h"
#include "graph/interpret.h"
#include "graph/ivalue.h"
#include "support/function.h"
#include "vm/args.h"
#include "vm/ops.h"

namespace kiln::vm {
struct Frame;
}
namespace kiln::graph {
struct Archive;
struct OpSchema;
}

namespace kiln::vm::bind {

enum class CallKind { Method, Function, Dunder };

inline bool tracing() { return capture::current_tracer() != nullptr; }
// torch_dispatch.cpp: nonzero once a tensor of a class defining __torch_dispatch__ was made or a
// TorchDispatchMode entered; from then on binding calls go through traced_call, which hands the
// ones with such arguments (or under a mode) to the handlers.
extern int g_torch_dispatch_routing;
// Whether binding calls go through traced_call: while tracing, while a profile records operator
// events (support/profiler.h), and for __torch_dispatch__.
inline bool recording_calls() { return tracing() || profiler::enabled() || g_torch_dispatch_routing > 0; }

// The aten operator overload a binding call reaches, as the tracer records it (jit_trace.cpp): its
// schema and one value per schema argument (a Null Value: the schema's default). False when no
// overload of Kiln's op table fits the call.
struct AtenCall {
    const graph::OpSchema* schema = nullptr;
    std::vector<Value> values;
};
bool aten_call_for(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                   std::vector<Value>& args, AtenCall& out);
// torch_dispatch.cpp: a binding call's turn at __torch_dispatch__ (a mode, subclass arguments);
// true with `result` set when a handler answered it, false when the call computes natively.
bool torch_dispatch_call(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                         std::vector<Value>& args, Value& result);

// Runs `body` (the binding's work on `args`, bound by `sig`) and records it when tracing.
Value traced_call(Interpreter& in, CallKind kind, const std::string& name, const Signature* sig,
                  std::vector<Value>& args, const kiln::Function<Value()>& body);

// While alive, traced values take their names from `f`'s locals (the innermost Python frame PyTorch
// would see: a Kiln-Python function standing for a C++ one names values from its caller's frame).
struct TraceNamesFrom {
    explicit TraceNamesFrom(Frame* f);
    ~TraceNamesFrom();
    TraceNamesFrom(const TraceNamesFrom&) = delete;
    TraceNamesFrom& operator=(const TraceNamesFrom&) = delete;
};

// The TracerWarnings PyTorch emits when a traced value leaves the graph.
enum class TraceLeak { Bool, Number, Int, Float, List, Len, Iterate, ListOutput };
void trace_warn(Interpreter& in, TraceLeak what);
// The TracerWarning of a tensor factory whose result becomes a constant of the trace (PyTorch's
// WARN_CONSTRUCTOR, named after the function: "torch.tensor", "torch.as_tensor", "torch.from_numpy").
void trace_warn_constructor(Interpreter& in, const char* fn);
// PyTorch 2.11's DeprecationWarning of a TorchScript entry point, raised inside torch/jit (no
// program frame blamed: the default filters ignore it, catch_warnings records it, -W error raises
// it): "`torch.jit.<api>` is deprecated. Please switch to <instead>." (trace, trace_method, script
// and script_method name `torch.compile` or `torch.export`; save and load `torch.export`).
void warn_jit_deprecated(Interpreter& in, const char* api, const char* instead);
// Properties recorded by the tracer: x.shape (returns the traced stand-in) and x.T.
Value traced_shape(Interpreter& in, const Tensor& x);
Value traced_property(Interpreter& in, const char* name, const Tensor& x, const Value& result);
// A built-in layer's forward while tracing (or profiling): records it through its functional form.
// A layer without one raises NotImplementedError, or with `must` false gives a null Value (the
// caller runs the layer natively).
Value traced_layer_forward(Interpreter& in, const Value& module, const CallArgs& a, bool must = true);
// nn.MultiheadAttention's forward as Python (bindings/attention_py.cpp): called while tracing, so its
// steps record aten ops. (self, query, key, value, need_weights=True, average_attn_weights=True)
// -> (output, weights or None); no masks.
Value mha_forward_function(Interpreter& in);

// export_trace.cpp: bool(t) during a torch.export trace: raises GuardOnDataDependentSymNode when `t`
// depends on the inputs' data (not only on their static sizes); otherwise the value is a constant.
void export_check_bool(Interpreter& in, capture::Tracer& tr, const Tensor& t);
// t.item() / int(t) / float(t) / t.tolist() during a torch.export trace: NotImplementedError when `t`
// depends on the inputs' data (PyTorch records an unbacked symbol; Kiln would freeze the value).
void export_check_value(Interpreter& in, capture::Tracer& tr, const Tensor& t, const std::string& call);
void add_export_functions(Interpreter& in, ModuleObj& m);  // export_trace.cpp: torch.fx._kiln.export_trace

// PyTorch's parameter list of torch.nn.functional.<name> when tracing records it, else nullptr.
const char* functional_trace_signature(const std::string& name);

// For a node recorded outside traced_call (bindings/ops_py.cpp's torch.ops calls): the source
// location of the current frame and the lookup that names traced values after the program's locals.
void prepare_trace_record(Interpreter& in, capture::Tracer& tr);

// VM value <-> graph IValue (tensors, numbers, None, str, lists/tuples, dtype -> int, device).
graph::IValue to_ivalue(Interpreter& in, const Value& v);
Value from_ivalue(const graph::IValue& v);

void register_jit_module();  // jit.cpp: torch.jit
// jit_python_ops.cpp: op-table entries (aten::upsample_*, im2col, grid_sampler, the margin losses,
// ...) whose kernels run Kiln's Python implementation in torch.nn.functional.
void register_python_backed_ops();
void register_quantization_modules();  // quantization.cpp: torch.ao(.quantization), torch.quantization
// jit_fork.cpp: torch.jit.fork / wait / Future, added to the torch.jit module by jit.cpp; a graph's
// Future as a Python torch.jit.Future, and back (nullptr when `v` is not a Future).
void add_fork_functions(Interpreter& in, ModuleObj& m);
Value future_value(const std::shared_ptr<graph::Future>& task);
std::shared_ptr<graph::Future> future_of(Interpreter& in, const Value& v);
// jit_script.cpp: torch.jit.script and friends, added to the torch.jit module by jit.cpp.
void add_script_functions(Interpreter& in, ModuleObj& m);
// jit_script.cpp: runs the scripted function a traced graph's prim::CallFunction[name=F] names.
graph::IValueList call_script_function(const std::string& name, graph::IValueList& args);
// jit.cpp: the torch.jit.ScriptFunction type (scripted functions subclass it) and a program-visible Graph.
Type* script_function_type();
Value graph_object(const std::shared_ptr<graph::Graph>& g);
Type* tracer_warning_type();
// jit.cpp: torch.jit.ScriptModule (scripted modules subclass it) and the qualified class name
// TorchScript gives a module (__torch__.M, __torch__.torch.nn.modules.linear.Linear).
Type* script_module_type();
std::string module_qualified_name(const Value& module);
// A scripted module's class name taken in torch.jit's compilation unit, so that a later trace of
// the class mangles its types as PyTorch's does (Kiln's script shares one class per name and does
// not mangle its own types yet).
void note_scripted_module_type(Interpreter& in, const std::string& qualname);
// A further scripted type of `qualname` (a Sequential with other children): the name mangled as
// torch.jit's compilation unit mangles a taken name, registered there.
std::string register_scripted_module_type(Interpreter& in, const std::string& qualname);
// A plain (non-tensor) Python value as a TorchScript attribute, its type inferred from the value as
// torch._C._jit_try_infer_type does; false when it has none (a function, an empty or mixed list).
bool script_attribute(Interpreter& in, const Value& v, graph::IValue& out);
// jit.cpp: a torch.jit.trace'd module (TopLevelTracedModule) as a module being scripted holds it: in
// PyTorch it is a ScriptModule already, a submodule whose class has the traced forward as its
// method. False for anything else.
struct TracedModuleParts {
    std::shared_ptr<graph::Graph> graph;    // forward with prim::CallMethod per submodule call (.code)
    std::shared_ptr<graph::Graph> inlined;  // the same, callees inlined (what runs); may be null
    std::shared_ptr<graph::Object> self;    // the object tree its prim::GetAttr nodes read
    std::string name;                       // the traced class's name
    Value module;                           // the traced nn.Module
};
bool traced_module_parts(const Value& v, TracedModuleParts& out);
// The nn.Module behind a native ScriptModule value (a traced module, a RecursiveScriptModule):
// assigned as an attribute of an nn.Module it is registered as a child (PyTorch's ScriptModule is an
// nn.Module), the C++ module tree holding the original's module. A null Value for anything else.
Value script_module_backing(const Value& v);
// dynamo.cpp: the nn.Module behind an OptimizedModule (torch.compile(module)) in a parent's tree: a plain
// Module whose one child `_orig_mod` is the compiled module, as PyTorch's OptimizedModule (an nn.Module
// that registers `_orig_mod`) sits in a ModuleList. script_module_backing answers it too. Null otherwise.
Value optimized_module_backing(const Value& v);
Value scripted_module_backing(const Value& v);  // jit_script.cpp: the RecursiveScriptModule case
// jit_script.cpp: the object of a RecursiveScriptModule (its class is a scripted class), or null. A
// module traced with a scripted submodule keeps that object and calls its compiled forward.
std::shared_ptr<graph::Object> scripted_module_object(const Value& v);
// jit_script.cpp: torch.jit.save of a RecursiveScriptModule: fills `out` (kind script_module: object
// tree, forward graph, every class with its compiled methods) and returns true; false for any other
// value. torch.jit.load of such an archive: a RecursiveScriptModule over the loaded objects.
bool scripted_module_archive(Interpreter& in, const Value& v, graph::Archive& out);
Value load_scripted_module(Interpreter& in, const graph::Archive& a);
// jit_script.cpp: what running a graph that calls scripted methods (prim::CallMethod) needs.
graph::RunContext script_run_context(Interpreter& in);
// (name, value) pairs of module.named_parameters() / named_buffers() / named_modules(); recurse=false
// keeps only the module's own members.
std::vector<std::pair<std::string, Value>> named_members(Interpreter& in, const Value& module, const char* method,
                                                         bool recurse = true);

}  // namespace kiln::vm::bind
