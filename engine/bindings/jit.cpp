// torch.jit for programs: trace (functions and modules), the traced objects (ScriptFunction,
// TopLevelTracedModule) with .graph, and the Graph/Node objects programs inspect.
//
// torch.jit.trace(f, example_inputs) makes a Tracer current, calls f once, turns what it returned
// into the graph's outputs, removes dead nodes, and (check_trace=True, the default) traces again on
// copies of the inputs and compares the two graphs and the outputs, as PyTorch does — which is why
// every TracerWarning appears twice by default. The traced object runs its graph with the graph
// interpreter: Python control flow and values are gone, only the recorded tensor ops remain.
#include "bindings/jit.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "bindings/convert.h"
#include "capture/trace/scope_blocks.h"
#include "graph/code.h"
#include "graph/interpret.h"
#include "graph/serialize.h"
#include "graph/tabular.h"
#include "ops/ops.h"
#include "support/function.h"
#include "vm/host.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

using graph::IValue;

namespace {

Type* g_tracer_warning = nullptr;
Type* g_tracing_check_error = nullptr;
Type* g_script_function = nullptr;
Type* g_traced_module = nullptr;
Type* g_script_module = nullptr;
Type* g_loaded_module = nullptr;  // RecursiveScriptModule: what torch.jit.load returns for a module
Type* g_traced_submodule = nullptr;  // TracedModule: tm.lin, a submodule of a traced module
Type* g_graph_type = nullptr;
Type* g_node_type = nullptr;


// ---- Python objects for graphs and nodes ----------------------------------------------------------

struct GraphObj : NativeObj {
    GraphObj(std::shared_ptr<graph::Graph> g) : NativeObj(g_graph_type), graph(std::move(g)) {}
    std::shared_ptr<graph::Graph> graph;
};

struct NodeObj : NativeObj {
    NodeObj(std::shared_ptr<graph::Graph> g, graph::Node* n) : NativeObj(g_node_type), graph(std::move(g)), node(n) {}
    std::shared_ptr<graph::Graph> graph;  // keeps the node alive
    graph::Node* node;
};

Value graph_value(const std::shared_ptr<graph::Graph>& g) { return Value(make<GraphObj>(g).get()); }

// A traced function or module: the graph, and for modules the object tree its GetAttrs read.
struct TracedObj : NativeObj {
    TracedObj(Type* t) : NativeObj(t) {}
    std::shared_ptr<graph::Graph> graph;
    // A traced module's graph keeps a prim::CallMethod per submodule call (`graph`, `code`); it
    // runs, saves and prints as `inlined_graph` with the callees' nodes in place of the calls.
    std::shared_ptr<graph::Graph> inlined;
    // The submodules' methods the trace made (shared by a traced module and its TracedModules)
    // and, for a TracedModule, its path from the traced module ("fc", "block.0").
    std::shared_ptr<std::vector<capture::TracedMethod>> methods;
    std::string path;
    std::string name;              // the function's or the module class's name
    Value module;                  // the traced nn.Module (modules only)
    std::shared_ptr<graph::Object> self_object;
    // Attributes assigned on the traced module (tm.factor = 0.5): kept, but the graph baked the
    // values it read while tracing, so calls are unaffected, as in PyTorch.
    StrMap assigned;
    StrMap submodules;  // the TracedModule of each submodule read (tm.lin is tm.lin)
    void clear() override {
        module = Value();
        assigned.clear();
        submodules.clear();
    }
};

// ---- tracing ---------------------------------------------------------------------------------------

// The qualified class name TorchScript gives a module: __torch__.M for user classes,
// __torch__.torch.nn.modules.linear.Linear for built-in layers.
std::string module_class_name(const Value& m) {
    Type* t = type_of(m);
    // The file of torch/nn/modules/ defining each layer; activations are the rest (and losses by name).
    static const std::unordered_map<std::string, std::string> files = [] {
        std::unordered_map<std::string, std::string> f;
        auto put = [&](const char* file, std::initializer_list<const char*> names) {
            for (const char* n : names) f[n] = file;
        };
        put("linear", {"Identity", "Linear", "Bilinear", "LazyLinear"});
        put("conv", {"Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"});
        put("pooling", {"MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d",
                        "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d",
                        "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d"});
        put("batchnorm", {"BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm"});
        put("instancenorm", {"InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"});
        put("normalization", {"LayerNorm", "GroupNorm", "LocalResponseNorm", "RMSNorm", "CrossMapLRN2d"});
        put("dropout", {"Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout"});
        put("container", {"Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"});
        put("flatten", {"Flatten", "Unflatten"});
        put("sparse", {"Embedding", "EmbeddingBag"});
        put("padding", {"ZeroPad1d", "ZeroPad2d", "ZeroPad3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d",
                        "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d",
                        "ReplicationPad2d", "ReplicationPad3d", "CircularPad1d", "CircularPad2d", "CircularPad3d"});
        put("pixelshuffle", {"PixelShuffle", "PixelUnshuffle"});
        put("upsampling", {"Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d"});
        put("rnn", {"RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"});
        put("transformer", {"Transformer", "TransformerEncoder", "TransformerDecoder", "TransformerEncoderLayer",
                            "TransformerDecoderLayer"});
        put("distance", {"PairwiseDistance", "CosineSimilarity"});
        put("fold", {"Fold", "Unfold"});
        put("channelshuffle", {"ChannelShuffle"});
        return f;
    }();
    if (t->module == "torch.nn" || t->module.rfind("torch.nn.", 0) == 0 || t->module == "builtins") {
        auto it = files.find(t->name);
        const bool loss = t->name.size() > 4 && t->name.compare(t->name.size() - 4, 4, "Loss") == 0;
        std::string file = it != files.end() ? it->second : loss ? "loss" : "activation";
        if (t->module != "builtins" || it != files.end()) return "__torch__.torch.nn.modules." + file + "." + t->name;
    }
    return "__torch__." + t->name;
}

bool is_module(const Value& v) { return isinstance(v, T().nn_module); }

// The class names of torch.jit's Python compilation unit (_python_cu), one per interpreter: a
// module type made under a name the unit already holds is mangled as CompilationUnit::mangle does,
// `___torch_mangle_N` inserted before the class's own name, N counting every mangle of the program
// (`__torch__.torch.nn.modules.linear.___torch_mangle_0.Linear`).
struct PythonCu : NativeObj {
    static Type* type() {
        static Type* t = make_builtin_type("PythonCompilationUnit", T().object, Kind::Native, "torch.jit");
        return t;
    }
    PythonCu() : NativeObj(type()) {}
    std::unordered_set<std::string> classes;
    size_t mangle_index = 0;
};

PythonCu& python_cu(Interpreter& in) {
    auto m = in.import_module("torch.jit");
    if (Value* v = m->dict.find("_kiln_python_cu"))
        if (auto* cu = native_cast<PythonCu>(*v)) return *cu;
    auto cu = make<PythonCu>();
    m->dict.set("_kiln_python_cu", Value(cu.get()));
    return *cu;
}

// Registers a new module type named `qualname` (mangled when the name is taken) and returns its name.
std::string register_module_type(Interpreter& in, const std::string& qualname) {
    PythonCu& cu = python_cu(in);
    std::string name = qualname;
    while (cu.classes.count(name)) {
        auto dot = qualname.rfind('.');
        name = qualname.substr(0, dot + 1) + "___torch_mangle_" + std::to_string(cu.mangle_index++) +
               qualname.substr(dot);
    }
    cu.classes.insert(name);
    return name;
}

// torch.jit.trace makes a new type for every module of the tree (create_script_module with
// share_types=False): children first, in _modules order, then the module (infer_concrete_type_builder
// builds a child's type before its parent's). Returns the names by module object.
using ModuleTypeNames = std::unordered_map<const void*, std::string>;
void make_traced_types(Interpreter& in, const Value& module, ModuleTypeNames& names) {
    // A scripted submodule keeps its scripted class (and what is below it).
    if (auto obj = scripted_module_object(module)) {
        names[module.obj()] = obj->class_name;
        return;
    }
    for (const auto& [name, sub] : named_members(in, module, "named_children")) {
        (void)name;
        if (!names.count(sub.obj())) make_traced_types(in, sub, names);
    }
    names[module.obj()] = register_module_type(in, module_class_name(module));
}

// The data attributes of a traced module's TorchScript type besides its parameters, buffers and
// submodules. torch.jit.trace scripts a stand-in, not the module (TracedModule.__init__,
// torch/jit/_trace.py): a fresh nn.Module (QualnameWrapper) given only the module's training flag,
// parameters, buffers, torch.ScriptObject attributes (Kiln has none) and traced submodules. So its
// __dict__ attributes are Module.__init__'s own: `training`, then `_is_full_backward_hook` (None);
// the module's other attributes (ints, lists, plain tensors, a layer's configuration) are not part
// of the type, and a plain tensor attribute read in forward is frozen into the trace as a constant.
void data_attributes(Interpreter&, const Value&,
                     const std::function<void(const std::string&, graph::TypePtr, const Tensor*)>& add) {
    add("training", graph::bool_type(), nullptr);
    add("_is_full_backward_hook", graph::none_type(), nullptr);
}

// The runtime object tree of a module (attributes the graph's prim::GetAttr nodes read).
std::shared_ptr<graph::Object> module_object(Interpreter& in, const Value& module) {
    auto root = std::make_shared<graph::Object>();
    root->class_name = module_class_name(module);
    std::unordered_map<std::string, std::shared_ptr<graph::Object>> objs{{"", root}};
    // A scripted submodule is its own object: nothing below it is added here.
    std::vector<std::string> scripted;
    auto below_scripted = [&](const std::string& path) {
        for (const std::string& p : scripted)
            if (path.size() > p.size() && path.compare(0, p.size(), p) == 0 && path[p.size()] == '.') return true;
        return false;
    };
    for (const auto& [path, sub] : named_members(in, module, "named_modules")) {
        if (path.empty() || below_scripted(path)) continue;
        auto o = scripted_module_object(sub);
        if (o) scripted.push_back(path);
        else {
            o = std::make_shared<graph::Object>();
            o->class_name = module_class_name(sub);
        }
        auto dot = path.rfind('.');
        std::string parent = dot == std::string::npos ? "" : path.substr(0, dot);
        objs[parent]->set(path.substr(dot == std::string::npos ? 0 : dot + 1), IValue::object(o));
        objs[path] = o;
    }
    for (const char* kind : {"named_parameters", "named_buffers"})
        for (const auto& [path, t] : named_members(in, module, kind)) {
            auto dot = path.rfind('.');
            std::string parent = dot == std::string::npos ? "" : path.substr(0, dot);
            if (below_scripted(path) || (!parent.empty() && std::find(scripted.begin(), scripted.end(), parent) != scripted.end()))
                continue;
            objs[parent]->set(path.substr(dot == std::string::npos ? 0 : dot + 1), IValue(to_tensor(t)));
        }
    return root;
}

// The names of a callable's positional parameters (graph input names), `self` excluded.
std::vector<std::string> parameter_names(Interpreter& in, const Value& fn) {
    Value f = fn;
    if (is_module(fn)) f = getattr(in, fn, "forward");
    if (auto* bm = f.as<BoundMethod>()) f = bm->func;
    std::vector<std::string> names;
    if (auto* func = f.as<Function>()) {
        const auto& co = *func->code->code;
        for (int i = 0; i < co.argcount; ++i) names.push_back(co.varnames[size_t(i)]);
        if (!names.empty() && names[0] == "self" && (is_module(fn) || fn.is(Kind::BoundMethod))) names.erase(names.begin());
    }
    return names;
}

// Graph outputs from what the traced function returned.
graph::Value* output_value(Interpreter& in, capture::Tracer& tr, const Value& out, bool strict) {
    if (is_tensor(out)) return tr.value_of(to_tensor(out));
    if (auto* t = out.as<Tuple>()) {
        std::vector<graph::Value*> vs;
        std::vector<graph::TypePtr> ts;
        for (const Value& x : t->items) {
            vs.push_back(output_value(in, tr, x, strict));
            ts.push_back(vs.back()->type);
        }
        graph::Node* n = tr.record("prim::TupleConstruct", nullptr, vs, 1);
        n->output()->type = graph::tuple_type(ts);
        return n->output();
    }
    if (auto* l = out.as<List>()) {
        std::vector<graph::Value*> vs;
        for (const Value& x : l->items) vs.push_back(output_value(in, tr, x, strict));
        if (strict) trace_warn(in, TraceLeak::ListOutput);
        graph::Node* n = tr.record("prim::ListConstruct", nullptr, vs, 1);
        n->output()->type = graph::list_type(graph::tensor_type());
        return n->output();
    }
    if (out.is(Kind::Dict) && strict)
        raise(T().RuntimeError,
              "Encountering a dict at the output of the tracer might cause the trace to be incorrect, this is only "
              "valid if the container structure does not change based on the module's inputs. Consider using a "
              "constant container instead (e.g. for `list`, use a `tuple` instead. for `dict`, use a `NamedTuple` "
              "instead). If you absolutely need this and know the side effects, pass strict=False to trace() to "
              "allow this behavior.");
    if (auto* d = out.as<Dict>()) {
        // strict=False: prim::DictConstruct(key, value, ...) with the keys as constants.
        std::vector<graph::Value*> vs;
        graph::TypePtr kt;
        d->for_each([&](const Value& k, const Value& v) {
            IValue key = to_ivalue(in, k);
            if (!key.is_string() && !key.is_int())
                raise(T().RuntimeError, "Only str and int keys are supported in dicts output from traced functions");
            if (!kt) kt = key.type();
            vs.push_back(tr.constant(key));
            vs.push_back(output_value(in, tr, v, strict));
        });
        graph::Node* n = tr.record("prim::DictConstruct", nullptr, vs, 1);
        n->output()->type = graph::dict_type(kt ? kt : graph::str_type(), graph::tensor_type());
        return n->output();
    }
    if (is_none(out))
        raise(T().RuntimeError, "The traced function didn't return any values! Side-effects are not captured in "
                                "traces, so it would be a no-op.");
    raise(T().RuntimeError, str("Only tensors, lists, tuples of tensors, or dictionary of tensors can be output from "
                                "traced functions"));
}

// Removes nodes whose results nobody reads (the sizes `x.shape` recorded but the program did not use).
void drop_unused_nodes(graph::Graph& g) {
    // Last to first, so a node's users are gone before it is considered (a copy: destroy() edits the list).
    std::vector<graph::Node*> nodes(g.block()->nodes.begin(), g.block()->nodes.end());
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        graph::Node* n = *it;
        bool used = false;
        for (auto* o : n->outputs) used = used || !o->uses.empty();
        bool effect = n->schema && (n->schema->is_inplace() ||
                                    std::any_of(n->schema->args.begin(), n->schema->args.end(),
                                                [](const graph::SchemaArg& a) { return a.is_write; }));
        if (!used && !effect) n->destroy();
    }
}

struct TraceRun {
    std::shared_ptr<graph::Graph> graph;
    std::shared_ptr<graph::Graph> inlined;  // the graph with submodule calls inlined (modules)
    std::shared_ptr<std::vector<capture::TracedMethod>> methods;
    Value output;
    const graph::Graph& runnable() const { return inlined ? *inlined : *graph; }
};

// The attributes of a traced module's TorchScript type, as PyTorch's TracedModule gives it: its
// parameters, its buffers, its data attributes (`training`...), then its submodules (each followed
// by its own), each a placeholder named by its path from "__module" (gatherParametersAndBuffers).
void gather_attributes(Interpreter& in, capture::Tracer& tr, const Value& module, const std::string& prefix,
                       const ModuleTypeNames& types) {
    for (const char* kind : {"named_parameters", "named_buffers"})
        for (const auto& [name, t] : named_members(in, module, kind, false))
            if (is_tensor(t)) {
                Tensor tensor = to_tensor(t);
                tr.add_traced_attr(prefix + "." + name, graph::tensor_type(), &tensor);
            }
    data_attributes(in, module, [&](const std::string& name, graph::TypePtr type, const Tensor* t) {
        tr.add_traced_attr(prefix + "." + name, std::move(type), t);
    });
    for (const auto& [name, sub] : named_members(in, module, "named_children")) {
        std::string qualname = prefix + "." + name;
        tr.add_traced_attr(qualname, graph::class_type(types.at(sub.obj())));
        tr.register_submodule(sub.obj(), qualname);
        if (!scripted_module_object(sub)) gather_attributes(in, tr, sub, qualname, types);
    }
}

TraceRun run_trace(Interpreter& in, const Value& fn, const std::vector<Value>& inputs, bool strict) {
    capture::Tracer tr;
    bool module = is_module(fn);
    if (module) {
        ModuleTypeNames types;
        make_traced_types(in, fn, types);
        tr.add_input(graph::class_type(types.at(fn.obj())), "self");
        gather_attributes(in, tr, fn, "__module", types);
    }
    std::vector<std::string> names = parameter_names(in, fn);
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!is_tensor(inputs[i]))
            raise(T().RuntimeError, str("Type '", type_name(inputs[i]),
                                        "' cannot be traced. Only Tensors and (possibly nested) Lists, Dicts, and "
                                        "Tuples of Tensors can be traced"));
        tr.add_tensor_input(to_tensor(inputs[i]), i < names.size() ? names[i] : "input");
    }
    Value out;
    {
        capture::TracingScope scope(&tr);
        out = in.call(fn, inputs);
        tr.graph().register_output(output_value(in, tr, out, strict));
    }
    auto g = std::shared_ptr<graph::Graph>(tr.take_graph());
    TraceRun run{g, nullptr, nullptr, out};
    if (module) {
        run.methods = std::make_shared<std::vector<capture::TracedMethod>>(capture::fixup_trace_scope_blocks(*g));
        // A traced module that called a submodule prints its self as %self.1: the first scope block's
        // `self` parameter took the plain name (addSelfArgToTracedForwardNodes). Without submodule
        // calls (a built-in layer traced alone) it stays %self.
        if (!run.methods->empty()) g->inputs()[0]->set_debug_name("self.1");
        for (const capture::TracedMethod& m : *run.methods) graph::verify(*m.graph);
        run.inlined = capture::inline_traced_methods(*g, *run.methods);
        graph::verify(*run.inlined);
    } else {
        drop_unused_nodes(*g);
    }
    graph::verify(*g);
    return run;
}

std::vector<Value> example_list(Interpreter& in, const Value& ex) {
    if (is_none(ex)) return {};
    if (is_tensor(ex)) return {ex};
    if (ex.is(Kind::Tuple)) return ex.get<Tuple>()->items;
    if (ex.is(Kind::List)) return ex.get<List>()->items;
    raise(T().TypeError, str("example_inputs must be a Tensor or a tuple of Tensors, not ", type_name(ex)));
}

// Copies of the example inputs for check_trace; a tensor passed twice stays one tensor (as PyTorch's
// clone_inputs memoizes), so the re-trace sees the same aliasing.
std::vector<Value> clone_inputs(const std::vector<Value>& xs) {
    std::vector<Value> out;
    std::unordered_map<const TensorImpl*, Value> copies;
    for (const Value& x : xs) {
        if (!is_tensor(x)) {
            out.push_back(x);
            continue;
        }
        const Tensor& t = to_tensor(x);
        auto it = copies.find(t.impl());
        if (it == copies.end()) it = copies.emplace(t.impl(), wrap(clone(t.detach()))).first;
        out.push_back(it->second);
    }
    return out;
}

// Runs a traced object on Python arguments.
Value call_traced(Interpreter& in, TracedObj& t, const CallArgs& a) {
    if (a.nkw) raise(T().TypeError, str(t.name, "() got an unexpected keyword argument '", a.kwname(0), "'"));
    graph::IValueList args;
    if (t.self_object) args.push_back(IValue::object(t.self_object));
    for (size_t i = 1; i < a.nargs; ++i) args.push_back(to_ivalue(in, a.args[i]));
    size_t expected = t.graph->inputs().size();
    if (args.size() != expected)
        raise(T().RuntimeError, str(t.name, "() expected at most ", expected - (t.self_object ? 1 : 0),
                                    " argument(s) but received ", args.size() - (t.self_object ? 1 : 0),
                                    " argument(s)."));
    // Traced graphs take tensors: say which argument is wrong, as PyTorch's argument check does.
    for (size_t i = t.self_object ? 1 : 0; i < args.size(); ++i) {
        const graph::Value* in_v = t.graph->inputs()[i];
        if (in_v->type->is_tensor() && !args[i].is_tensor())
            raise(T().RuntimeError, str(t.name, "() Expected a value of type 'Tensor' for argument '", in_v->name(),
                                        "' but instead found type '", type_name(a.args[i + (t.self_object ? 0 : 1)]),
                                        "'."));
    }
    graph::IValueList outs;
    graph::RunContext ctx = script_run_context(in);  // a traced call of a scripted submodule's forward
    ctx.call_function = call_script_function;      // a traced call of a scripted function
    try {
        outs = graph::run_graph(t.inlined ? *t.inlined : *t.graph, args, ctx);
    } catch (const kiln::Error& e) {
        // An op failing inside a TorchScript graph surfaces as RuntimeError (torch.jit.Error) with
        // the interpreter's preamble, whatever Python class the eager op would have raised.
        raise(T().RuntimeError, str("The following operation failed in the TorchScript interpreter.\n"
                                    "Traceback of TorchScript (most recent call last):\n",
                                    error_kind_name(e.kind()), ": ", e.what()));
    }
    return outs.size() == 1 ? from_ivalue(outs[0]) : from_ivalue(IValue::tuple(outs));
}

// check_trace's second half: the traced graph and the Python function run on fresh copies of the
// inputs must agree (rtol = check_tolerance); a difference is a TracerWarning, as in PyTorch.
void check_outputs(Interpreter& in, const Value& fn, const graph::Graph& g, const std::vector<Value>& inputs,
                   double rtol) {
    std::vector<Value> copies = clone_inputs(inputs);
    graph::IValueList args;
    if (is_module(fn)) args.push_back(IValue::object(module_object(in, fn)));
    for (const Value& x : copies) args.push_back(to_ivalue(in, x));
    graph::RunContext ctx = script_run_context(in);
    ctx.call_function = call_script_function;
    graph::IValueList traced = graph::run_graph(g, args, ctx);
    Value python = in.call(fn, clone_inputs(inputs));
    std::vector<Tensor> expected;
    if (is_tensor(python)) expected.push_back(to_tensor(python));
    else if (auto* t = python.as<Tuple>())
        for (const Value& x : t->items)
            if (is_tensor(x)) expected.push_back(to_tensor(x));
    std::vector<Tensor> got;
    std::function<void(const IValue&)> flatten = [&](const IValue& x) {
        if (x.is_tensor()) got.push_back(x.to_tensor());
        else if (x.is_tuple() || x.is_list())
            for (const IValue& e : x.items()) flatten(e);
    };
    for (const IValue& x : traced) flatten(x);
    for (size_t i = 0; i < got.size() && i < expected.size(); ++i) {
        const Tensor& a = got[i];
        const Tensor& b = expected[i];
        bool same = a.sizes() == b.sizes() &&
                    (a.numel() == 0 || allclose(to_dtype(a.detach(), DType::Float64), to_dtype(b.detach(), DType::Float64),
                                                rtol, 1e-5, true));
        if (same) continue;
        std::string detail = a.sizes() != b.sizes() ? "The values for attribute 'shape' do not match."
                                                    : "Tensor-likes are not close!";
        emit_warning(in,
                     new_str(str("Output nr ", i + 1,
                                 ". of the traced function does not match the corresponding output of the Python "
                                 "function. Detailed error:\n",
                                 detail)),
                     g_tracer_warning, 1);
    }
}

// A graph's text without tensor shapes, strides and source locations: what check_trace compares.
std::string shapeless_str(const graph::Graph& g) {
    std::unique_ptr<graph::Graph> c = g.copy();
    for (graph::Value* in : c->inputs()) in->type = graph::erase_tensor_details(in->type);
    for (graph::Node* n : c->all_nodes())
        for (graph::Value* o : n->outputs) o->type = graph::erase_tensor_details(o->type);
    // The re-trace made new, mangled module types: _check_trace drops `___torch_mangle_N.` before comparing.
    std::string text = c->str(false), out;
    const std::string mangle = "___torch_mangle_";
    for (size_t i = 0; i < text.size();) {
        if (text.compare(i, mangle.size(), mangle) == 0) {
            size_t j = i + mangle.size();
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
            if (j > i + mangle.size() && j < text.size() && text[j] == '.') {
                i = j + 1;
                continue;
            }
        }
        out += text[i++];
    }
    return out;
}

// torch.jit.trace's and torch.jit.trace_module's warnings (the latter's text names `trace_method`):
// trace(module) goes through trace_module, and check_trace's re-trace calls trace_module (a module)
// or trace (a function) again.
void warn_trace_deprecated(Interpreter& in, bool module_entry) {
    warn_jit_deprecated(in, module_entry ? "trace_method" : "trace", "`torch.compile` or `torch.export`");
}

Value trace(Interpreter& in, std::vector<Value>& v) {
    const Value& fn = v[0];
    bool module = is_module(fn);
    warn_trace_deprecated(in, false);
    // no example inputs at all: PyTorch's trace iterates the None it was given
    if (is_none(v[1]) && is_none(v[10])) raise(T().TypeError, "'NoneType' object is not iterable");
    std::vector<Value> inputs = example_list(in, v[1]);
    bool check = truthy(in, v[3]);
    bool strict = truthy(in, v[6]);
    if (module) warn_trace_deprecated(in, true);
    TraceRun first = run_trace(in, fn, inputs, strict);
    if (check) {
        // check_inputs replaces the default check (a re-trace on copies of the example): each entry
        // is traced too, and its graph must equal the first with shapes erased (other inputs may
        // have other shapes; a different branch or a different constant is what the check catches).
        std::vector<std::vector<Value>> checks;
        if (is_none(v[4])) {
            checks.push_back(inputs);
        } else {
            for (const Value& entry : to_vector(in, v[4])) checks.push_back(example_list(in, entry));
        }
        std::string expected = shapeless_str(*first.graph);
        for (const std::vector<Value>& check_inputs : checks) {
            warn_trace_deprecated(in, module);
            TraceRun again = run_trace(in, fn, clone_inputs(check_inputs), strict);
            if (shapeless_str(*again.graph) != expected)
                raise(g_tracing_check_error, "Tracing failed sanity checks!\nERROR: Graphs differed across invocations!");
            check_outputs(in, fn, first.runnable(), check_inputs, to_double(v[5], "check_tolerance"));
        }
    }
    auto obj = make<TracedObj>(module ? g_traced_module : g_script_function);
    obj->graph = first.graph;
    obj->inlined = first.inlined;
    obj->methods = first.methods;
    if (module) {
        obj->module = fn;
        obj->self_object = module_object(in, fn);
        obj->name = type_name(fn);
    } else {
        Value f = fn;
        if (auto* func = f.as<Function>()) obj->name = func->name;
        else obj->name = "traced";
    }
    return Value(obj.get());
}

// A traced module's repr: PyTorch's `M(original_name=M)`, with its submodules indented inside.
std::string traced_repr(Interpreter& in, const Value& module) {
    std::string name = type_name(module);
    Value children = in.call(getattr(in, module, "named_children"), std::vector<Value>{});
    std::vector<Value> items = to_vector(in, children);
    if (items.empty()) return str(name, "(original_name=", name, ")");
    std::string out = str(name, "(\n  original_name=", name, "\n");
    for (const Value& pair : items) {
        const auto& t = pair.get<Tuple>()->items;
        std::string sub;
        // A scripted submodule prints itself (RecursiveScriptModule(original_name=G)).
        std::string text = scripted_module_object(t[1]) ? repr(in, t[1]) : traced_repr(in, t[1]);
        for (char c : text) sub += c == '\n' ? std::string("\n  ") : std::string(1, c);
        out += str("  (", to_str(in, t[0]), "): ", sub, "\n");
    }
    return out + ")";
}

// ---- torch.jit.save / torch.jit.load ---------------------------------------------------------------

// torch.jit.save/load's f: a path (str or os.PathLike; the explicit model path, used as given) or, as
// in PyTorch, a file-like object (save_to_buffer's bytes written to it; load reads it to the end).
bool is_path_arg(const Value& f) { return f.is(Kind::Str) || !find_dunder(f, "__fspath__").is_null(); }

// The path of a path argument; a NUL inside would cut the C calls' path short (CPython refuses it).
std::string model_path(Interpreter& in, const Value& f, const char* fn) {
    std::string p = fspath(in, f, fn);
    if (p.find('\0') != std::string::npos) raise(T().ValueError, "embedded null byte");
    return p;
}

void save_traced(Interpreter& in, const Value& obj, const Value& file) {
    auto* t = native_cast<TracedObj>(obj);
    graph::Archive a;
    if (t) {
        a.kind = t->self_object ? "module" : "function";
        a.name = t->name;
        a.graph = t->inlined ? t->inlined : t->graph;
        // A traced module's attributes are read at save time: the archive holds the current parameters.
        if (t->self_object) a.self = t->module.is_null() ? t->self_object : module_object(in, t->module);
    } else if (!scripted_module_archive(in, obj, a)) {
        // torch.jit.save(m, f) is m.save(f): an object without a save method (a plain nn.Module or
        // function, not scripted or traced) fails the attribute lookup, as in PyTorch.
        if (getattr_or_null(in, obj, "save").is_null())
            raise(T().AttributeError, str("'", type_name(obj), "' object has no attribute 'save'"));
        raise(T().NotImplementedError, str("torch.jit.save: saving a '", type_name(obj),
                                           "' is not supported in Kiln yet (traced functions and modules, and "
                                           "scripted modules are)"));
    }
    std::vector<uint8_t> bytes = graph::save_archive(a);
    if (!is_path_arg(file)) {
        in.call(getattr(in, file, "write"), {new_bytes(std::string(bytes.begin(), bytes.end()))});
        return;
    }
    std::string shown = model_path(in, file, "save"), path = shown;
    std::ofstream out(path, std::ios::binary);
    if (!out) raise(T().RuntimeError, str("File ", shown, " cannot be opened."));
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.close();  // a full disk shows at the last flush: report it, never a silent success
    if (out.fail()) raise(T().RuntimeError, str("torch.jit.save: could not write '", shown, "' (", std::strerror(errno), ")"));
}

Value load_archive_file(Interpreter& in, const Value& file) {
    std::vector<uint8_t> bytes;
    if (is_path_arg(file)) {
        std::string shown = model_path(in, file, "load"), path = shown;
        struct stat st;
        if (::stat(path.c_str(), &st) != 0) raise(T().ValueError, str("The provided filename ", shown, " does not exist"));
        if (S_ISDIR(st.st_mode)) raise(T().ValueError, str("The provided filename ", shown, " is a directory"));
        if (!S_ISREG(st.st_mode))
            raise(T().RuntimeError, str("PytorchStreamReader failed reading zip archive: ", shown, " is not a regular file"));
        std::ifstream f(path, std::ios::binary);
        if (!f) raise(T().ValueError, str("The provided filename ", shown, " does not exist"));
        bytes.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    } else {
        Value data = in.call(getattr(in, file, "read"), std::vector<Value>{});
        std::string raw;
        if (!bytes_data(data, raw)) raise(T().TypeError, str("a bytes-like object is required, not '", type_name(data), "'"));
        bytes.assign(raw.begin(), raw.end());
    }
    graph::Archive a = graph::load_archive(bytes.data(), bytes.size());
    if (a.kind == "script_module") return load_scripted_module(in, a);
    auto obj = make<TracedObj>(a.kind == "module" ? g_loaded_module : g_script_function);
    obj->graph = a.graph;
    obj->name = a.name;
    obj->self_object = a.self;
    return Value(obj.get());
}

TracedObj& traced_self(const CallArgs& a) {
    auto* t = a.nargs ? native_cast<TracedObj>(a.args[0]) : nullptr;
    if (!t) raise(T().TypeError, "expected a traced function or module");
    return *t;
}

void register_jit_types() {
    g_tracer_warning = make_exception_type("TracerWarning", T().Warning, "torch.jit");
    g_tracing_check_error = make_exception_type("TracingCheckError", T().Exception, "torch.jit");

    g_graph_type = make_builtin_type("Graph", T().object, Kind::Native, "torch");
    auto graph_str = [](Interpreter&, const CallArgs& a) {
        auto* g = native_cast<GraphObj>(a.args[0]);
        if (!g) raise(T().TypeError, "expected a Graph");
        return new_str(g->graph->str());
    };
    def_method(g_graph_type, "__str__", graph_str);
    def_method(g_graph_type, "__repr__", graph_str);
    def_method(g_graph_type, "nodes", [](Interpreter&, const CallArgs& a) {
        auto* g = native_cast<GraphObj>(a.args[0]);
        if (!g) raise(T().TypeError, "expected a Graph");
        std::vector<Value> out;
        for (graph::Node* n : g->graph->block()->nodes) out.push_back(Value(make<NodeObj>(g->graph, n).get()));
        return new_list(std::move(out));
    });
    // FX's table of nodes (graph/tabular.h), printed to stdout as torch.fx.Graph.print_tabular does.
    def_method(g_graph_type, "print_tabular", [](Interpreter& in, const CallArgs& a) {
        auto* g = native_cast<GraphObj>(a.args[0]);
        if (!g) raise(T().TypeError, "expected a Graph");
        in.write_out(graph::graph_tabular(*g->graph));
        return Value::none();
    });
    g_node_type = make_builtin_type("Node", T().object, Kind::Native, "torch");
    def_method(g_node_type, "kind", [](Interpreter&, const CallArgs& a) {
        auto* n = native_cast<NodeObj>(a.args[0]);
        if (!n) raise(T().TypeError, "expected a Node");
        return new_str(n->node->kind);
    });

    // ScriptModule is an nn.Module (isinstance(traced, nn.Module) holds); the traced module's own
    // methods below come first in lookup, and nn.Module's others check their receiver.
    // Its instances have nn.Module's layout (Kind::NNModule), so that programs can subclass it (the
    // TorchScript API before torch.jit.script(nn.Module): class Block(torch.jit.ScriptModule));
    // Kiln's own traced and scripted module types derive from it with native layouts.
    g_script_module = make_builtin_type("ScriptModule", T().nn_module, Kind::NNModule, "torch.jit");
    g_traced_submodule = make_builtin_type("TracedModule", g_script_module, Kind::Native, "torch.jit");
    def_method(g_script_module, "save", [](Interpreter& in, const CallArgs& a) {  // scripted modules: m.save(f)
        if (a.nargs != 2) raise(T().TypeError, "save() takes exactly one argument (the file path)");
        save_traced(in, a.args[0], a.args[1]);
        return Value::none();
    });
    for (Type** t : {&g_script_function, &g_traced_module, &g_loaded_module}) {
        bool fn = t == &g_script_function;
        *t = make_builtin_type(fn ? "ScriptFunction" : t == &g_traced_module ? "TopLevelTracedModule" : "RecursiveScriptModule",
                               fn ? T().object : g_script_module, Kind::Native, "torch.jit");
        def_method(*t, "save", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, "save() takes exactly one argument (the file path)");
            save_traced(in, a.args[0], a.args[1]);
            return Value::none();
        });
        def_method(*t, "__call__", [](Interpreter& in, const CallArgs& a) { return call_traced(in, traced_self(a), a); });
        def_property(*t, "graph", [](Interpreter&, const CallArgs& a) { return graph_value(traced_self(a).graph); });
        def_property(*t, "code", [](Interpreter&, const CallArgs& a) {
            TracedObj& self = traced_self(a);
            return new_str(graph::graph_code(*self.graph, self.self_object ? "forward" : self.name));
        });
        def_property(*t, "inlined_graph", [](Interpreter&, const CallArgs& a) {
            TracedObj& self = traced_self(a);
            return graph_value(self.inlined ? self.inlined : self.graph);
        });
    }
    for (Type* t : {g_traced_module, g_loaded_module})
        def_method(t, "forward", [](Interpreter& in, const CallArgs& a) { return call_traced(in, traced_self(a), a); });
    def_property(g_loaded_module, "original_name", [](Interpreter&, const CallArgs& a) {
        return new_str(traced_self(a).name);
    });
    def_method(g_loaded_module, "__repr__", [](Interpreter&, const CallArgs& a) {
        // nn.Module.__repr__ of a loaded RecursiveScriptModule: extra_repr is original_name=..., and
        // every submodule (the object's Class-typed slots, in order) is a RecursiveScriptModule
        // printed the same way, indented, so the model's structure shows after torch.jit.load.
        struct Printer {
            static std::string original(const std::string& qualified) {
                return qualified.substr(qualified.rfind('.') + 1);
            }
            static std::string repr(const graph::Object* o, const std::string& name) {
                std::string head = "RecursiveScriptModule(";
                std::vector<std::string> lines{"original_name=" + name};
                if (o)
                    for (size_t i = 0; i < o->names.size(); ++i)
                        if (o->values[i].is_object()) {
                            const graph::Object* c = o->values[i].to_object().get();
                            std::string child = repr(c, original(c->class_name));
                            std::string indented;
                            for (size_t k = 0; k < child.size(); ++k) {
                                indented += child[k];
                                if (child[k] == '\n') indented += "  ";
                            }
                            lines.push_back("(" + o->names[i] + "): " + indented);
                        }
                if (lines.size() == 1) return head + lines[0] + ")";
                std::string out = head + "\n";
                for (const std::string& l : lines) out += "  " + l + "\n";
                return out + ")";
            }
        };
        TracedObj& t = traced_self(a);
        return new_str(Printer::repr(t.self_object.get(), t.name));
    });
    // A traced module shares the original's parameters and modes.
    for (const char* m : {"parameters", "named_parameters", "buffers", "state_dict", "eval", "train",
                          "named_modules", "children", "modules"}) {
        std::string name = m;
        for (Type* ty : {g_traced_module, g_traced_submodule})
            def_method(ty, m, [name](Interpreter& in, const CallArgs& a) {
                TracedObj& t = traced_self(a);
                std::vector<Value> rest(a.args + 1, a.args + a.nargs);
                Value r = in.call(getattr(in, t.module, name), rest);
                return r.is_obj() && r.obj() == t.module.obj() ? a.args[0] : r;
            });
    }
    // Other attributes (submodules, parameters, user attributes) come from the traced module.
    for (Type* ty : {g_traced_module, g_traced_submodule})
        def_method(ty, "__getattr__", [](Interpreter& in, const CallArgs& a) {
            TracedObj& t = traced_self(a);
            if (a.nargs != 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "__getattr__ expects an attribute name");
            const std::string& n = a.args[1].get<Str>()->s;
            if (n == "original_name") return new_str(t.name);
            if (const Value* v = t.assigned.find(n)) return *v;
            Value v = getattr(in, t.module, n);
            if (!is_module(v)) return v;
            const Value* w = t.submodules.find(n);
            if (w && native_cast<TracedObj>(*w)->module.obj() == v.obj()) return *w;
            auto sub = make<TracedObj>(g_traced_submodule);
            sub->module = v;
            sub->name = type_name(v);
            sub->methods = t.methods;
            sub->path = t.path.empty() ? n : t.path + "." + n;
            // Its forward, when the trace called it: the graph its TracedModule shows.
            if (t.methods)
                for (const capture::TracedMethod& m : *t.methods)
                    if (m.path == sub->path && m.name == "forward") {
                        sub->graph = m.graph;
                        sub->inlined = capture::inline_traced_methods(*m.graph, *t.methods, m.path);
                    }
            t.submodules.set(n, Value(sub.get()));
            return Value(sub.get());
        });
    // ---- submodules of a traced module: TracedModule ----
    // tm.lin is a TracedModule over the original submodule. Kiln inlines submodule calls into the
    // top-level graph, so a TracedModule has no graph of its own: calling it runs the submodule.
    auto call_sub = [](Interpreter& in, const CallArgs& a) {
        return in.call(traced_self(a).module, std::vector<Value>(a.args + 1, a.args + a.nargs));
    };
    def_method(g_traced_submodule, "__call__", call_sub);
    // A called submodule's forward, as the trace made it (the calls it made kept or inlined).
    auto sub_graph = [](Interpreter& in, const CallArgs& a, bool inlined) {
        TracedObj& t = traced_self(a);
        if (!t.graph) return getattr(in, t.module, inlined ? "inlined_graph" : "graph");
        return graph_value(inlined ? t.inlined : t.graph);
    };
    def_property(g_traced_submodule, "graph", [sub_graph](Interpreter& in, const CallArgs& a) { return sub_graph(in, a, false); });
    def_property(g_traced_submodule, "inlined_graph",
                 [sub_graph](Interpreter& in, const CallArgs& a) { return sub_graph(in, a, true); });
    def_property(g_traced_submodule, "code", [](Interpreter& in, const CallArgs& a) {
        TracedObj& t = traced_self(a);
        if (!t.graph) return getattr(in, t.module, "code");
        return new_str(graph::graph_code(*t.graph, "forward"));
    });
    def_method(g_traced_submodule, "forward", call_sub);
    def_method(g_traced_submodule, "__repr__", [](Interpreter& in, const CallArgs& a) {
        return new_str(traced_repr(in, traced_self(a).module));
    });
    def_method(g_traced_module, "__setattr__", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 3 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "__setattr__ expects a name and a value");
        traced_self(a).assigned.set(a.args[1].get<Str>()->s, a.args[2]);
        return Value::none();
    });
    def_method(g_traced_module, "__repr__", [](Interpreter& in, const CallArgs& a) {
        TracedObj& t = traced_self(a);
        return new_str(t.module.is_null() ? str(t.name, "(original_name=", t.name, ")") : traced_repr(in, t.module));
    });
}

void jit_module(Interpreter& in, ModuleObj& m) {
    auto def = [&](const char* spec, kiln::Function<Value(Interpreter&, std::vector<Value>&)> body) {
        auto sig = std::make_shared<Signature>(spec);
        std::string name = sig->name();
        m.dict.set(name, new_builtin(name, [sig, body](Interpreter& in, const CallArgs& a) {
                       auto v = sig->bind(a);
                       return body(in, v);
                   }));
    };
    def("trace(func, example_inputs=None, optimize=None, check_trace=True, check_inputs=None, "
        "check_tolerance=1e-05, strict=True, _force_outplace=False, _module_class=None, _compilation_unit=None, "
        "example_kwarg_inputs=None, _store_inputs=True)",
        trace);
    // save and load warn before anything else (torch/jit/_serialization.py); m.save(f) does not.
    def("save(m, f, _extra_files=None)", [](Interpreter& in, std::vector<Value>& v) {
        warn_jit_deprecated(in, "save", "`torch.export`");
        save_traced(in, v[0], v[1]);
        return Value::none();
    });
    def("load(f, map_location=None, _extra_files=None, _restore_shapes=False)",
        [](Interpreter& in, std::vector<Value>& v) {
            warn_jit_deprecated(in, "load", "`torch.export`");
            return load_archive_file(in, v[0]);
        });
    def("is_tracing()", [](Interpreter&, std::vector<Value>&) { return Value::boolean(tracing()); });
    def("is_scripting()", [](Interpreter&, std::vector<Value>&) { return Value::boolean(false); });
    m.dict.set("TracerWarning", Value(g_tracer_warning));
    m.dict.set("TracingCheckError", Value(g_tracing_check_error));
    m.dict.set("ScriptFunction", Value(g_script_function));
    m.dict.set("ScriptModule", Value(g_script_module));
    add_script_functions(in, m);
    add_fork_functions(in, m);
}

}  // namespace

Type* tracer_warning_type() { return g_tracer_warning; }

void warn_jit_deprecated(Interpreter& in, const char* api, const char* instead) {
    emit_warning(in, new_str(str("`torch.jit.", api, "` is deprecated. Please switch to ", instead, ".")),
                 T().DeprecationWarning, 0);
}
// For jit_script.cpp's scripted modules: the ScriptModule base type and TorchScript's class names.
Type* script_module_type() { return g_script_module; }
std::string module_qualified_name(const Value& module) { return module_class_name(module); }
void note_scripted_module_type(Interpreter& in, const std::string& qualname) { python_cu(in).classes.insert(qualname); }
std::string register_scripted_module_type(Interpreter& in, const std::string& qualname) {
    return register_module_type(in, qualname);
}


std::vector<std::pair<std::string, Value>> named_members(Interpreter& in, const Value& module, const char* method,
                                                         bool recurse) {
    std::vector<std::pair<std::string, Value>> out;
    std::vector<Value> args;
    if (!recurse) args = {new_str(""), Value::boolean(false)};  // named_parameters(prefix='', recurse=False)
    Value items = in.call(getattr(in, module, method), args);
    for (const Value& pair : to_vector(in, items)) {
        const auto& t = pair.get<Tuple>()->items;
        out.emplace_back(to_str(in, t[0]), t[1]);
    }
    return out;
}
bool traced_module_parts(const Value& v, TracedModuleParts& out) {
    auto* t = native_cast<TracedObj>(v);
    if (!t || type_of(v) != g_traced_module || !t->self_object) return false;
    out.graph = t->graph;
    out.inlined = t->inlined;
    out.self = t->self_object;
    out.name = t->name;
    out.module = t->module;
    return true;
}

Value script_module_backing(const Value& v) {
    if (auto* t = native_cast<TracedObj>(v)) return t->self_object ? t->module : Value();
    if (Value b = optimized_module_backing(v); !b.is_null()) return b;
    return scripted_module_backing(v);
}

Type* script_function_type() { return g_script_function; }
Value graph_object(const std::shared_ptr<graph::Graph>& g) { return graph_value(g); }

void trace_warn(Interpreter& in, TraceLeak what) {
    if (capture::Tracer* tr = capture::current_tracer(); tr && tr->quiet) {
        tr->leaked = true;
        return;
    }
    static const char* const kGeneric =
        " might cause the trace to be incorrect. We can't record the data flow of Python values, so this value will "
        "be treated as a constant in the future. This means that the trace might not generalize to other inputs!";
    std::string msg;
    switch (what) {
        case TraceLeak::Bool: msg = std::string("Converting a tensor to a Python boolean") + kGeneric; break;
        case TraceLeak::Number: msg = std::string("Converting a tensor to a Python number") + kGeneric; break;
        case TraceLeak::Int: msg = std::string("Converting a tensor to a Python integer") + kGeneric; break;
        case TraceLeak::Float: msg = std::string("Converting a tensor to a Python float") + kGeneric; break;
        case TraceLeak::List: msg = std::string("Converting a tensor to a Python list") + kGeneric; break;
        case TraceLeak::Len:
            msg = "Using len to get tensor shape might cause the trace to be incorrect. Recommended usage would be "
                  "tensor.shape[0]. Passing a tensor of different shape might result in the trace being incorrect.";
            break;
        case TraceLeak::Iterate:
            msg = "Iterating over a tensor might cause the trace to be incorrect. Passing a tensor of different shape "
                  "won't change the number of iterations executed (and might lead to errors or silently give "
                  "incorrect results).";
            break;
        case TraceLeak::ListOutput:
            msg = "Encountering a list at the output of the tracer might cause the trace to be incorrect, this is "
                  "only valid if the container structure does not change based on the module's inputs. Consider "
                  "using a constant container instead (e.g. for `list`, use a `tuple` instead. for `dict`, use a "
                  "`NamedTuple` instead). If you absolutely need this and know the side effects, pass strict=False "
                  "to trace() to allow this behavior.";
            break;
    }
    emit_warning(in, new_str(msg), g_tracer_warning, 1);
}

void trace_warn_constructor(Interpreter& in, const char* fn) {
    emit_warning(in,
                 new_str(str(fn, " results are registered as constants in the trace. You can safely ignore this "
                             "warning if you use this function to create tensors out of constant variables that would "
                             "be the same every time you call this function. In any other case, this might cause the "
                             "trace to be incorrect.")),
                 g_tracer_warning, 1);
}

IValue to_ivalue(Interpreter& in, const Value& v) {
    if (v.is_null() || v.is_none()) return IValue();
    if (v.is_bool()) return IValue(v.as_bool());
    if (v.is_int()) return IValue(v.as_int());
    if (v.is_float()) return IValue(v.as_float());
    if (v.is(Kind::Str)) return IValue(v.get<Str>()->s);
    if (is_tensor(v)) return IValue(to_tensor(v));
    if (is_dtype(v)) return IValue(graph::scalar_type_code(to_dtype(v)));
    // A torch.device (device= of a factory called through torch.ops, as export's graphs call them).
    if (is_device_value(v)) return IValue(to_device(v));
    if (auto* t = v.as<Tuple>()) {
        graph::IValueList items;
        for (const Value& x : t->items) items.push_back(to_ivalue(in, x));
        return IValue::tuple(std::move(items));
    }
    if (auto* l = v.as<List>()) {
        graph::IValueList items;
        for (const Value& x : l->items) items.push_back(to_ivalue(in, x));
        return IValue::list(std::move(items));
    }
    if (auto* d = v.as<Dict>()) {
        IValue out = IValue::dict();
        d->for_each([&](const Value& k, const Value& x) { out.dict_set(to_ivalue(in, k), to_ivalue(in, x)); });
        return out;
    }
    if (auto f = future_of(in, v)) return IValue::future(f);
    raise(T().TypeError, str("a value of type '", type_name(v), "' cannot be passed to a TorchScript graph"));
}

Value from_ivalue(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return Value::none();
        case IValue::Tag::Bool: return Value::boolean(v.u.b);
        case IValue::Tag::Int: return Value::integer(v.u.i);
        case IValue::Tag::Double: return Value::number(v.u.d);
        case IValue::Tag::String: return new_str(*v.str);
        case IValue::Tag::Tensor: return wrap(v.tensor);
        case IValue::Tag::Device: return device_value(v.u.dev);
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            std::vector<Value> items;
            for (const IValue& x : *v.seq) items.push_back(from_ivalue(x));
            return v.is_list() ? new_list(std::move(items)) : new_tuple(std::move(items));
        }
        case IValue::Tag::Dict: {
            auto d = make<Dict>();
            for (size_t i = 0; i + 1 < v.seq->size(); i += 2)
                d->set(from_ivalue((*v.seq)[i]), from_ivalue((*v.seq)[i + 1]));
            return Value(d.get());
        }
        case IValue::Tag::Future: return future_value(v.fut);
        case IValue::Tag::Object: break;
    }
    raise(T().TypeError, "a TorchScript object cannot be returned to Python in Kiln yet");
}

void register_jit_module() {
    graph::set_step_hook([] {
        if (Interpreter* in = current_interpreter_or_null()) in->charge_step();
    });
    register_jit_types();
    register_python_backed_ops();
    Interpreter::register_module("torch.jit", jit_module);
    // Dynamic quantization came with the TorchScript issue (issue 4); its modules register here.
    register_quantization_modules();
}

}  // namespace kiln::vm::bind
