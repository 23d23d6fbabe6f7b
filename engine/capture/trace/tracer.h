// The tracer: records the tensor operations one run of a program performs into a graph
// (torch.jit.trace's capture path).
//
// While a Tracer is current, every torch operation the program calls is appended to the graph as
// an operator node whose inputs are the graph values of its tensor arguments and constants for
// everything else. A tensor's graph value is found by identity (its TensorImpl): the example inputs
// are graph inputs, every traced result maps to its node's output, module parameters and buffers
// map to attribute placeholders (later prim::GetAttr chains from `self`, scope_blocks.h), and any
// other tensor becomes a constant. Python values
// (ints, floats, branch conditions, loop counts) are not recorded at all: they are frozen at the
// values this run saw — the lesson tracing teaches. The binding layer (bindings/jit_trace.cpp)
// decides what each Python-level call records; this file knows only graphs and tensors.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/ir.h"
#include "graph/op_registry.h"

namespace kiln::capture {

class Tracer {
public:
    Tracer();

    graph::Graph& graph() { return *graph_; }
    std::unique_ptr<graph::Graph> take_graph() { return std::move(graph_); }

    // A graph input for an example tensor (typed with everything observed about it).
    graph::Value* add_tensor_input(const Tensor& t, const std::string& name);
    // A graph input of another type (a module's `self`).
    graph::Value* add_input(graph::TypePtr type, const std::string& name);

    // Module tracing (PyTorch's gatherParametersAndBuffers): each attribute of the traced module
    // tree is a prim::TracedAttr placeholder named by its qualified path ("__module.fc.weight"),
    // typed as the module's class declares it; a tensor attribute's value is its placeholder.
    // capture/trace/scope_blocks.h turns placeholders into prim::GetAttr chains after the run.
    graph::Value* add_traced_attr(const std::string& qualname, graph::TypePtr type, const Tensor* tensor = nullptr);
    // Submodules of the traced module, by object identity: their calls open a scope.
    void register_submodule(const void* module, const std::string& qualname) { submodules_[module] = qualname; }
    // The qualified name of a submodule object ("__module.fc"), or "" for any other object.
    std::string submodule_scope(const void* module) const;
    // A submodule call: ops recorded until pop_scope go into the block of a
    // prim::TracedModuleForward[scope=qualname] node, and carry the scope (PyTorch's push_scope).
    void push_scope(const std::string& qualname);
    void pop_scope();
    bool module_trace() const { return !submodules_.empty() || has_attrs_; }

    // The graph value of `t`: traced, an attribute, or (otherwise) a new tensor constant.
    graph::Value* value_of(const Tensor& t);
    bool is_traced(const Tensor& t) const;
    // Makes `t` stand for `v` from now on (op results, in-place updates).
    void set_value(const Tensor& t, graph::Value* v);

    // A prim::Constant for a non-tensor value (or a tensor constant).
    graph::Value* constant(const graph::IValue& v);

    // Appends `kind` (an operator with `schema`, or a prim:: node when schema is null) with the given
    // inputs and `num_outputs` outputs; source location and scope are the current ones.
    graph::Node* record(const std::string& kind, const graph::OpSchema* schema, const std::vector<graph::Value*>& inputs,
                        size_t num_outputs);
    // Types a node output from an observed result and maps tensors to it.
    void bind_output(graph::Value* out, const graph::IValue& result);

    // The Python variable currently holding a tensor ("" if none): a traced value without a name
    // takes it when it is next used, which is how traced graphs show %a, %b for the program's locals.
    std::function<std::string(const Tensor&)> lookup_var_name;

    // The user source location new nodes get (the binding layer updates it before each call).
    graph::SourceLoc loc;
    // Set while an FX graph runs under the tracer (the back end's re-trace, fx_graph.cpp): `loc` is
    // then the running FX node's user line, as PyTorch gives aten nodes their FX node's
    // stack_trace, and the binding layer leaves it alone.
    bool loc_pinned = false;
    // The module scope new nodes get ("__module.linear"); empty at the top level.
    std::string scope;

    // A trace made on behalf of the compiler (Inductor's re-trace of a Dynamo graph into aten ops)
    // prints no TracerWarning: a value leaving the graph only marks the trace as unusable.
    bool quiet = false;
    bool leaked = false;
    // Set when a tensor that requires grad was frozen into a constant: a training compile (AOT
    // autograd) must refuse such a graph, whose gradient could not reach that tensor.
    bool froze_requires_grad = false;
    // The first call on traced tensors that the tracer cannot see into (a torch.nn.functional
    // function computed natively without an aten operator): its result would be a constant, so a
    // compile (bindings/inductor.cpp) must refuse the graph. Empty when none.
    std::string untraced_call;

    // torch.export's trace (bindings/export_trace.cpp): a branch on a value computed from the inputs'
    // data raises GuardOnDataDependentSymNode instead of freezing it, as export's fake tensors cannot
    // answer it. Every size the program reads (x.size(d), x.shape) is logged in `size_log`, in order;
    // the queries listed in `symbolic_sizes` (found by torch.export to vary with a dynamic dim) are
    // recorded as prim::ExportSym[hop=k] nodes instead of being baked in as ints.
    bool export_mode = false;
    std::vector<int64_t> size_log;
    std::vector<int64_t> symbolic_sizes;  // sorted query indices

private:
    std::unique_ptr<graph::Graph> graph_;
    struct Entry {
        std::shared_ptr<TensorImpl> keep;  // keeps the address from being reused while tracing
        graph::Value* value = nullptr;
    };
    std::unordered_map<const TensorImpl*, Entry> values_;
    std::unordered_map<const void*, std::string> submodules_;
    bool has_attrs_ = false;
};

// The tracer of the current thread, or nullptr when not tracing. TracingScope makes one current
// for its lifetime (nested traces restore the outer one).
Tracer* current_tracer();
class TracingScope {
public:
    explicit TracingScope(Tracer* t);
    ~TracingScope();
    TracingScope(const TracingScope&) = delete;
    TracingScope& operator=(const TracingScope&) = delete;

private:
    Tracer* previous_;
};

// Suspends recording (calls made by a binding on behalf of one recorded op must not record again).
class NoTraceScope {
public:
    NoTraceScope();
    ~NoTraceScope();
    NoTraceScope(const NoTraceScope&) = delete;
    NoTraceScope& operator=(const NoTraceScope&) = delete;

private:
    Tracer* previous_;
};

}  // namespace kiln::capture
