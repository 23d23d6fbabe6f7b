// torch.export's capture: one run of a function under the jit tracer in the compiler's quiet mode
// (static sizes are Python ints, as make_fx bakes them; no TracerWarnings), handed to Python as plain
// data that torch/export/_trace.py turns into the ATen-level torch.fx graph of an ExportedProgram.
//
// PyTorch's non-strict export runs the module's Python on fake tensors under make_fx (pre-dispatch),
// so what it records is the aten operator each torch call reaches; Kiln's tracer already records
// exactly those (bindings/jit_trace.cpp), so export reuses it with three differences that
// Tracer::export_mode switches on: a branch on a value computed from the inputs' data raises
// GuardOnDataDependentSymNode (export cannot freeze it the way torch.jit.trace does), the sizes of
// the sizes that vary with a dynamic dim are recorded as prim::ExportSym nodes, and higher-order ops
// (torch.cond) are recorded as opaque prim::ExportHOP nodes whose branches were traced on their own.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

namespace {

// The exception class torch.export passes in for data-dependent branches (GuardOnDataDependentSymNode).
thread_local Value g_guard_error;

// Whether graph value `v` depends on a graph input's data: a path back to a graph input that does not
// go through a size query. Constants and sizes are static facts of the trace.
bool data_dependent(const graph::Value* v, std::unordered_set<const graph::Value*>& seen) {
    if (!seen.insert(v).second) return false;
    const graph::Node* n = v->node;
    if (!n) return false;
    if (n->kind == "prim::Param") return true;
    if (n->kind == "prim::Constant" || n->kind == "aten::size" || n->kind == "prim::ExportSym") return false;
    for (const graph::Value* in : n->inputs)
        if (data_dependent(in, seen)) return true;
    return false;
}

const std::vector<Value>& items_of(const Value& v, const char* what) {
    if (auto* l = v.as<List>()) return l->items;
    if (auto* t = v.as<Tuple>()) return t->items;
    raise(T().TypeError, str(what, " must be a list or tuple, not ", type_name(v)));
}

// One graph node as Python data: (kind, overload, input ids, output ids, constant, args), where args
// lists the schema's arguments as (name, kwarg_only, has_default, default, type text).
Value node_record(const graph::Node* n, const std::unordered_map<const graph::Value*, int64_t>& ids) {
    std::vector<Value> ins, outs;
    for (const graph::Value* v : n->inputs) ins.push_back(Value::integer(ids.at(v)));
    for (const graph::Value* v : n->outputs) outs.push_back(Value::integer(ids.at(v)));
    Value constant = Value::none();
    if (const graph::IValue* c = n->attr("value")) {
        // A Python number the tracer wrapped into a 0-dim tensor for a Tensor argument (x + 1) is the
        // number itself in export's graphs (aten.add.Tensor(x, 1)), as the dispatcher hands it over.
        if (c->is_tensor() && c->tensor.impl()->wrapped_number) constant = from_ivalue(graph::IValue::scalar(c->tensor.item()));
        else constant = from_ivalue(*c);
    }
    if (const graph::IValue* c = n->attr("hop")) constant = from_ivalue(*c);
    std::vector<Value> args;
    if (n->schema)
        for (const graph::SchemaArg& a : n->schema->args)
            args.push_back(new_tuple({new_str(a.name), Value::boolean(a.kwarg_only), Value::boolean(a.default_value.has_value()),
                                      a.default_value ? from_ivalue(*a.default_value) : Value::none(),
                                      new_str(a.type_text)}));
    // Each output's (c10 ScalarType number, sizes) when it is a tensor the trace observed, else None:
    // the shapes print(ep) annotates.
    std::vector<Value> metas;
    for (const graph::Value* v : n->outputs) {
        if (v->type && v->type->is_complete_tensor() && v->type->dtype) {
            std::vector<Value> sizes;
            for (int64_t d : *v->type->sizes) sizes.push_back(Value::integer(d));
            metas.push_back(new_tuple({Value::integer(graph::scalar_type_code(*v->type->dtype)), new_list(std::move(sizes))}));
        } else {
            metas.push_back(Value::none());
        }
    }
    return new_tuple({new_str(n->kind), new_str(n->schema ? n->schema->overload : ""), new_list(std::move(ins)),
                      new_list(std::move(outs)), constant, new_list(std::move(args)), new_list(std::move(metas))});
}

// export_trace(fn, inputs, names, symbolic_sizes, guard_error)
//     -> (nodes, input ids, output ids, mutated, size log)
//   fn() runs the program on `inputs` (the lifted parameters and buffers, then the user's tensors)
//   and returns a flat list of its output tensors; `symbolic_sizes` lists the size queries (by their
//   order in the run) to record as prim::ExportSym nodes; the size log holds every queried size.
//   `mutated` lists (input index, value id) for inputs an in-place op changed.
Value export_trace(Interpreter& in, const CallArgs& a) {
    static const Signature sig("export_trace(fn, inputs, names, symbolic_sizes, guard_error)");
    auto v = sig.bind(a);
    const std::vector<Value>& inputs = items_of(v[1], "inputs");
    const std::vector<Value>& names = items_of(v[2], "names");
    if (names.size() != inputs.size()) raise(T().ValueError, "export_trace(): one name per input");
    capture::Tracer tr;
    tr.quiet = true;
    tr.export_mode = true;
    std::vector<graph::Value*> graph_inputs;
    std::vector<Tensor> input_tensors;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!is_tensor(inputs[i])) raise(T().TypeError, "export_trace(): inputs must be tensors");
        const Tensor& t = to_tensor(inputs[i]);
        input_tensors.push_back(t);
        graph_inputs.push_back(tr.add_tensor_input(t, names[i].is(Kind::Str) ? str_of(names[i]) : "input"));
    }
    for (const Value& k : items_of(v[3], "symbolic_sizes")) {
        if (!k.is_int()) raise(T().TypeError, "export_trace(): symbolic_sizes must hold ints");
        tr.symbolic_sizes.push_back(k.as_int());
    }
    std::sort(tr.symbolic_sizes.begin(), tr.symbolic_sizes.end());
    Value saved_error = g_guard_error;
    g_guard_error = v[4];
    std::vector<graph::Value*> outs;
    try {
        capture::TracingScope scope(&tr);
        Value out = in.call(v[0], std::vector<Value>{});
        for (const Value& o : items_of(out, "the traced function's result")) {
            if (!is_tensor(o)) raise(T().TypeError, str("export_trace(): outputs must be tensors, not ", type_name(o)));
            outs.push_back(tr.value_of(to_tensor(o)));
        }
    } catch (...) {
        g_guard_error = saved_error;
        throw;
    }
    g_guard_error = saved_error;
    if (!tr.untraced_call.empty())
        raise(T().NotImplementedError,
              str("torch.export: ", tr.untraced_call, "() is not traced into an aten operator by Kiln yet, so its result "
                  "would be frozen into the exported graph as a constant"));

    graph::Graph& g = tr.graph();
    std::unordered_map<const graph::Value*, int64_t> ids;
    int64_t next = 0;
    for (graph::Value* x : g.inputs()) ids[x] = next++;
    std::vector<Value> nodes;
    for (graph::Node* n : g.block()->nodes) {
        for (graph::Value* x : n->outputs) ids[x] = next++;
        nodes.push_back(node_record(n, ids));
    }
    std::vector<Value> in_ids, out_ids, mutated;
    for (graph::Value* x : g.inputs()) in_ids.push_back(Value::integer(ids.at(x)));
    for (graph::Value* x : outs) out_ids.push_back(Value::integer(ids.at(x)));
    for (size_t i = 0; i < input_tensors.size(); ++i) {
        graph::Value* now = tr.value_of(input_tensors[i]);
        if (now != graph_inputs[i]) mutated.push_back(new_tuple({Value::integer(int64_t(i)), Value::integer(ids.at(now))}));
    }
    std::vector<Value> log;
    for (int64_t x : tr.size_log) log.push_back(Value::integer(x));
    return new_tuple({new_list(std::move(nodes)), new_list(std::move(in_ids)), new_list(std::move(out_ids)),
                      new_list(std::move(mutated)), new_list(std::move(log))});
}

// record_hop(tag, inputs, true_outputs, false_outputs) -> the chosen outputs: during an export trace,
// one opaque node standing for torch.cond, whose subgraphs Python keeps under `tag`; inputs[0] is the
// predicate, read here outside the trace (the run continues with the branch it picks), the other
// inputs the operands. The node's outputs are bound to the chosen branch's results.
Value record_hop(Interpreter&, const CallArgs& a) {
    static const Signature sig("record_hop(tag, inputs, true_outputs, false_outputs)");
    auto v = sig.bind(a);
    capture::Tracer* tr = capture::current_tracer();
    if (!tr || !tr->export_mode) raise(T().RuntimeError, "record_hop(): no torch.export trace is running");
    if (!v[0].is_int()) raise(T().TypeError, "record_hop(): tag must be an int");
    const std::vector<Value>& ins_v = items_of(v[1], "inputs");
    if (ins_v.empty() || !is_tensor(ins_v[0])) raise(T().TypeError, "record_hop(): the predicate must be a tensor");
    bool pred;
    {
        capture::NoTraceScope off;
        pred = to_tensor(ins_v[0]).item().to_bool();
    }
    std::vector<graph::Value*> ins;
    for (const Value& x : ins_v) ins.push_back(tr->value_of(to_tensor(x)));
    const std::vector<Value>& outs = items_of(pred ? v[2] : v[3], "outputs");
    graph::Node* n = tr->record("prim::ExportHOP", nullptr, ins, outs.size());
    n->set_attr("hop", graph::IValue(v[0].as_int()));
    for (size_t i = 0; i < outs.size(); ++i) tr->bind_output(n->outputs[i], graph::IValue(to_tensor(outs[i])));
    return new_list(std::vector<Value>(outs));
}

}  // namespace

void export_check_bool(Interpreter& in, capture::Tracer& tr, const Tensor& t) {
    std::unordered_set<const graph::Value*> seen;
    if (!data_dependent(tr.value_of(t), seen)) return;
    // PyTorch's ShapeEnv names the unbacked value it cannot decide; Kiln has no symbolic values for
    // data, so the message says what was asked of which kind of value.
    std::string msg =
        "Could not guard on data-dependent expression: bool() of a tensor computed from the inputs' values "
        "(a Python `if`, `while`, `and`/`or` or assert on tensor data).\n\n"
        "torch.export traces the program without the inputs' data, so it cannot choose a branch that depends on "
        "it. Rewrite the branch with torch.cond(pred, true_fn, false_fn, operands), or compute both sides and "
        "pick with torch.where.";
    if (tr.loc.known()) msg += "\n\nCaused by: " + tr.loc.str();
    Value cls = g_guard_error;
    if (cls.is_none() || !cls.is_obj()) raise(T().RuntimeError, msg);
    throw PyError(in.call(cls, {new_str(msg)}));
}

void export_check_value(Interpreter&, capture::Tracer& tr, const Tensor& t, const std::string& call) {
    std::unordered_set<const graph::Value*> seen;
    if (!data_dependent(tr.value_of(t), seen)) return;
    std::string what = call == "item" ? "Tensor.item()" : call == "tolist" ? "Tensor.tolist()"
                       : call == "__int__" ? "int() of a tensor" : "float() of a tensor";
    std::string msg = "torch.export: " + what +
                      " of a value computed from the inputs' data is not supported by Kiln's export (PyTorch "
                      "records it as an unbacked symbol; Kiln would freeze this run's value into the graph)";
    if (tr.loc.known()) msg += " at " + tr.loc.str();
    raise(T().NotImplementedError, msg);
}

void add_export_functions(Interpreter&, ModuleObj& m) {
    m.dict.set("export_trace", new_builtin("export_trace", export_trace));
    m.dict.set("record_hop", new_builtin("record_hop", record_hop));
}

}  // namespace kiln::vm::bind
