// GraphModule, Graph and Node as Python objects: what a custom backend receives.
//
// A backend written in Kiln's Python gets `gm` and `example_inputs` exactly as a PyTorch backend
// does: `gm.graph.nodes` (nodes with op, name, target, args, kwargs, meta['example_value']),
// `gm.graph.print_tabular()`, `print(gm.graph)`, `gm.code`, `gm.print_readable()`, and `gm.forward`
// / `gm(*inputs)`, which run the graph on the FX graph interpreter (the eager backend's executor).
#include "capture/dynamo/dynamo.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using vm::Kind;
using vm::Value;

namespace {

using vm::T;

struct GraphModuleObj : vm::NativeObj {
    GraphModuleObj(vm::Type* t, std::shared_ptr<FxGraph> g) : vm::NativeObj(t), graph(std::move(g)) {}
    std::shared_ptr<FxGraph> graph;
};

struct GraphObj : vm::NativeObj {
    GraphObj(vm::Type* t, std::shared_ptr<FxGraph> g) : vm::NativeObj(t), graph(std::move(g)) {}
    std::shared_ptr<FxGraph> graph;
};

template <typename O>
O& graph_module_self(const vm::CallArgs& a, const char* what) {
    O* o = a.nargs ? vm::native_cast<O>(a.args[0]) : nullptr;
    if (!o) vm::raise(T().TypeError, std::string("expected a ") + what);
    return *o;
}

FxNode& node_of(const vm::CallArgs& a) {
    FxNode* n = a.nargs ? vm::native_cast<FxNode>(a.args[0]) : nullptr;
    if (!n) vm::raise(T().TypeError, "expected a torch.fx Node");
    return *n;
}

Value run_graph(vm::Interpreter& in, const FxGraph& g, const vm::CallArgs& a, size_t skip) {
    if (a.nkw) vm::raise(T().TypeError, "forward() takes positional arguments only");
    std::vector<Value> inputs(a.args + skip, a.args + a.nargs);
    return g.run(in, inputs);
}

vm::Type* graph_type() {
    static vm::Type* t = [] {
        vm::Type* t = vm::make_builtin_type("Graph", T().object, Kind::Native, "torch.fx.graph");
        def_property(t, "nodes", [](vm::Interpreter&, const vm::CallArgs& a) {
            std::vector<Value> out;
            for (const auto& n : graph_module_self<GraphObj>(a, "Graph").graph->nodes) out.push_back(Value(n.get()));
            return vm::new_list(std::move(out));
        });
        vm::def_method(t, "print_tabular", [](vm::Interpreter& in, const vm::CallArgs& a) {
            in.write_out(graph_module_self<GraphObj>(a, "Graph").graph->tabular(in));
            return Value::none();
        });
        auto str = [](vm::Interpreter& in, const vm::CallArgs& a) {
            std::string s = graph_module_self<GraphObj>(a, "Graph").graph->str(in);
            if (!s.empty() && s.back() == '\n') s.pop_back();
            return vm::new_str(s);
        };
        vm::def_method(t, "__str__", str);
        vm::def_method(t, "__repr__", [](vm::Interpreter&, const vm::CallArgs&) { return vm::new_str("<torch.fx.graph.Graph object>"); });
        return t;
    }();
    return t;
}

vm::Type* graph_module_type() {
    static vm::Type* t = [] {
        vm::Type* t = vm::make_builtin_type("GraphModule", T().object, Kind::Native, "torch.fx.graph_module");
        def_property(t, "graph", [](vm::Interpreter&, const vm::CallArgs& a) {
            auto& gm = graph_module_self<GraphModuleObj>(a, "GraphModule");
            return Value(vm::make<GraphObj>(graph_type(), gm.graph).get());
        });
        def_property(t, "code", [](vm::Interpreter& in, const vm::CallArgs& a) {
            return vm::new_str(graph_module_self<GraphModuleObj>(a, "GraphModule").graph->python_code(in, false));
        });
        vm::def_method(t, "forward", [](vm::Interpreter& in, const vm::CallArgs& a) {
            return run_graph(in, *graph_module_self<GraphModuleObj>(a, "GraphModule").graph, a, 1);
        });
        vm::def_method(t, "__call__", [](vm::Interpreter& in, const vm::CallArgs& a) {
            return run_graph(in, *graph_module_self<GraphModuleObj>(a, "GraphModule").graph, a, 1);
        });
        // print_readable(print_output=True, include_stride=False, include_device=False, colored=False):
        // the forward with "f32[3, 4]" annotations, submodules (a torch.cond's branches) nested as classes.
        vm::def_method(t, "print_readable", [](vm::Interpreter& in, const vm::CallArgs& a) {
            auto& gm = graph_module_self<GraphModuleObj>(a, "GraphModule");
            bool print_output = a.nargs < 2 || vm::truthy(in, a.args[1]);
            for (size_t i = 0; i < a.nkw; ++i)
                if (a.kwname(i) == "print_output") print_output = vm::truthy(in, a.kwvalues[i]);
            std::string s = gm.graph->readable(in, "GraphModule");
            if (print_output) in.write_out(s + "\n");
            return vm::new_str(s);
        });
        // gm.named_children(): the submodules its get_attr nodes name, in graph order.
        vm::def_method(t, "named_children", [](vm::Interpreter&, const vm::CallArgs& a) {
            auto& gm = graph_module_self<GraphModuleObj>(a, "GraphModule");
            std::vector<Value> out;
            for (const auto& [name, g] : gm.graph->submodules)
                out.push_back(vm::new_tuple({vm::new_str(name), graph_module(g)}));
            return vm::new_list(std::move(out));
        });
        // gm.cond_true_0: a submodule by name.
        vm::def_method(t, "__getattr__", [](vm::Interpreter&, const vm::CallArgs& a) {
            auto& gm = graph_module_self<GraphModuleObj>(a, "GraphModule");
            std::string name = a.nargs > 1 ? vm::str_of(a.args[1]) : "";
            for (const auto& [n, g] : gm.graph->submodules)
                if (n == name) return graph_module(g);
            vm::raise(T().AttributeError, "'GraphModule' object has no attribute '" + name + "'");
        });
        vm::def_method(t, "__repr__", [](vm::Interpreter&, const vm::CallArgs&) { return vm::new_str("GraphModule()"); });
        return t;
    }();
    return t;
}

void add_node_properties() {
    static bool done = [] {
        vm::Type* t = fx_node_type();
        def_property(t, "op", [](vm::Interpreter&, const vm::CallArgs& a) { return vm::new_str(fx_op_name(node_of(a).op)); });
        def_property(t, "name", [](vm::Interpreter&, const vm::CallArgs& a) { return vm::new_str(node_of(a).name); });
        def_property(t, "target", [](vm::Interpreter&, const vm::CallArgs& a) { return node_of(a).target; });
        // node.type: a placeholder's input class (torch.Tensor unless recorded otherwise), None elsewhere.
        def_property(t, "type", [](vm::Interpreter& in, const vm::CallArgs& a) {
            const FxNode& n = node_of(a);
            if (n.op != FxOp::Placeholder) return vm::none();
            if (n.is_symint) {
                const vm::Value* symint = in.import_module("torch")->dict.find("SymInt");
                return symint ? *symint : vm::none();
            }
            return n.type.is_null() ? vm::Value(vm::types().tensor) : n.type;
        });
        def_property(t, "args", [](vm::Interpreter&, const vm::CallArgs& a) {
            FxNode& n = node_of(a);
            if (n.op == FxOp::Output) return n.args;
            return n.args;
        });
        def_property(t, "kwargs", [](vm::Interpreter&, const vm::CallArgs& a) {
            auto d = vm::make<vm::Dict>();
            for (const auto& [k, v] : node_of(a).kwargs) d->set(vm::new_str(k), v);
            return Value(d.get());
        });
        def_property(t, "meta", [](vm::Interpreter&, const vm::CallArgs& a) {
            auto d = vm::make<vm::Dict>();
            FxNode& n = node_of(a);
            if (!n.example.is_null() && n.op != FxOp::Output) d->set(vm::new_str("example_value"), n.example);
            return Value(d.get());
        });
        def_property(t, "users", [](vm::Interpreter&, const vm::CallArgs& a) { return Value::integer(node_of(a).users); });
        auto repr = [](vm::Interpreter&, const vm::CallArgs& a) { return vm::new_str(node_of(a).name); };
        vm::def_method(t, "__repr__", repr);
        vm::def_method(t, "__str__", repr);
        return true;
    }();
    (void)done;
}

}  // namespace

Value graph_module(const std::shared_ptr<FxGraph>& graph) {
    add_node_properties();
    return Value(vm::make<GraphModuleObj>(graph_module_type(), graph).get());
}

std::shared_ptr<FxGraph> graph_of(const Value& gm) {
    auto* o = vm::native_cast<GraphModuleObj>(gm);
    return o ? o->graph : nullptr;
}

}  // namespace kiln::capture::dynamo
