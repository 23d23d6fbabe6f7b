// torch.ops (the operator namespaces), torch.layout, and the torch-level entry points of the spectral
// and sparse-COO functions written in Kiln's Python.
//
// torch.ops.aten.<op>.<overload> is PyTorch's way to call one operator overload directly (custom
// backends, FX passes, tutorials on the dispatcher). Its Python half is engine/stdlib/torch/_ops.py
// (OpOverloadPacket / OpOverload with PyTorch's names, reprs and AttributeErrors; torch.library's
// custom operators); what it needs from C++ is the op table (graph/op_registry.h): the overloads of a
// name with their schema text, and a call of one overload with Python arguments bound to the schema
// the way PyTorch's createStackForSchema binds them (positional arguments in schema order, keyword
// arguments by name, defaults, "Expected a value of type ..." when one does not fit). The kernel then
// runs the eager op, so results, gradients and errors are those of torch.<op>.
//
// Native tensors are strided: Tensor.layout answers torch.strided and Tensor.is_sparse False; the
// sparse COO tensors of engine/stdlib/torch/sparse/ are Python objects with their own answers. The
// Tensor type is immutable from Python, so the methods implemented in Python (stft, istft, to_sparse,
// to_dense) are native forwarders that import their module on first use.
#include <string>
#include <vector>

#include "bindings/convert.h"
#include "bindings/jit.h"
#include "support/profiler.h"
#include "graph/op_registry.h"
#include "graph/ir.h"
#include "vm/frame.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {
namespace {

// A native callable that imports `module` and calls its `fn` with the same arguments.
NativeFn forward_to(std::string module, std::string fn) {
    return [module, fn](Interpreter& in, const CallArgs& a) {
        Ref<ModuleObj> mod = in.import_module(module);
        Value target = getattr(in, Value(mod.get()), fn.c_str());
        return in.call(target, a);
    };
}

// The Python type name PyTorch's schema matcher reports for a value ("Tensor", "int", "str", ...).
std::string found_type(const Value& v) {
    if (is_tensor(v)) return "Tensor";
    return type_name(v);
}

// "aten::add" -> "add": PyTorch's binding errors name the operator without its namespace.
std::string bare_name(const std::string& qualified) {
    size_t p = qualified.find("::");
    return p == std::string::npos ? qualified : qualified.substr(p + 2);
}

// While torch.jit.trace runs: a schema argument's graph value (a traced tensor, a list of tensors
// as prim::ListConstruct, anything else a constant).
graph::Value* traced_input(capture::Tracer& tr, const graph::IValue& v) {
    if (v.is_tensor()) return tr.value_of(v.tensor);
    if (v.is_list()) {
        bool tensors = !v.seq->empty();
        for (const graph::IValue& x : *v.seq) tensors = tensors && x.is_tensor();
        if (tensors) {
            std::vector<graph::Value*> elems;
            for (const graph::IValue& x : *v.seq) elems.push_back(tr.value_of(x.tensor));
            graph::Node* n = tr.record("prim::ListConstruct", nullptr, elems, 1);
            n->output()->type = graph::list_type(graph::tensor_type());
            n->loc = {};
            return n->output();
        }
    }
    return tr.constant(v);
}

// Records the overload call as its aten node, located at the innermost frame of the user's program
// (the Python frames of torch/_ops.py are Kiln's stand-in for PyTorch's C++ call).
void record_traced(Interpreter& in, capture::Tracer& tr, const graph::OpSchema& s, const graph::IValueList& stack,
                   const graph::IValueList& out) {
    prepare_trace_record(in, tr);
    Frame* user = nullptr;
    for (Frame* f = in.current_frame(); f; f = f->back)
        if (f->co && f->co->filename.rfind("<frozen", 0) != 0) {
            user = f;
            break;
        }
    if (!tr.loc_pinned) {
        tr.loc = {};
        if (user) {
            tr.loc.file = user->co->filename;
            tr.loc.line = user->line();
        }
    }
    // PyTorch's tracer names a value after a local of the innermost Python frame, which for a
    // torch.ops call is OpOverload.__call__ in torch/_ops.py: none of its locals is the tensor, so
    // the values stay numbered (%3, not %z).
    TraceNamesFrom names(nullptr);
    std::vector<graph::Value*> inputs;
    for (const graph::IValue& v : stack) inputs.push_back(traced_input(tr, v));
    graph::Node* n = tr.record(s.name, &s, inputs, out.size());
    for (size_t i = 0; i < out.size(); ++i) tr.bind_output(n->output(i), out[i]);
}

// Binds (args, kwargs) to `s`'s arguments in schema order and runs its kernel. Returns false with
// `why` set when the call does not fit this overload (the caller may try the next one).
bool call_schema(Interpreter& in, const graph::OpSchema& s, const std::vector<Value>& args, const Dict* kwargs,
                 Value& result, std::string& why, bool numbers_as_tensors = false) {
    const std::string fn = bare_name(s.name);
    size_t positional = 0;
    for (const graph::SchemaArg& a : s.args)
        if (!a.kwarg_only) ++positional;
    if (args.size() > positional) {
        why = str(fn, "() expected at most ", positional, " argument(s) but received ", args.size(),
                  " argument(s). Declaration: ", s.str());
        return false;
    }
    size_t used_kwargs = 0;
    graph::IValueList stack;
    for (size_t i = 0; i < s.args.size(); ++i) {
        const graph::SchemaArg& a = s.args[i];
        const Value* given = nullptr;
        Value kw;
        if (!a.kwarg_only && i < args.size()) {
            given = &args[i];
        } else if (kwargs) {
            if (const Value* f = kwargs->find(new_str(a.name))) {
                kw = *f;
                given = &kw;
                ++used_kwargs;
            }
        }
        if (!given) {
            if (!a.default_value) {
                why = str(fn, "() is missing value for argument '", a.name, "'. Declaration: ", s.str());
                return false;
            }
            stack.push_back(*a.default_value);
            continue;
        }
        graph::IValue iv;
        const bool tensor_arg = a.type && (a.type->kind == graph::TypeKind::Tensor ||
                                           (a.type->kind == graph::TypeKind::Optional && !a.type->contained.empty() &&
                                            a.type->contained[0]->kind == graph::TypeKind::Tensor));
        if (numbers_as_tensors && tensor_arg && (given->is_int() || given->is_float() || given->is_bool())) {
            // An OpOverload call takes a Python number for a Tensor argument as a wrapped number (the
            // 0-dim tensor lowest in type promotion), as torch.ops.aten.add.Tensor(x, 1) does in the
            // graphs torch.export prints and runs.
            Tensor c = scalar_tensor(given->is_float() ? Scalar(given->as_float())
                                     : given->is_bool() ? Scalar(given->as_bool()) : Scalar(given->as_int()),
                                     given->is_float() ? DType::Float64 : given->is_bool() ? DType::Bool : DType::Int64);
            c.impl()->wrapped_number = true;
            stack.push_back(graph::IValue(c));
            continue;
        }
        try {
            iv = to_ivalue(in, *given);
        } catch (const Error&) {
            why = str(fn, "() Expected a value of type '", a.type_text, "' for argument '", a.name,
                      "' but instead found type '", found_type(*given), "'.");
            return false;
        }
        if (!graph::value_fits(iv, a)) {
            why = str(fn, "() Expected a value of type '", a.type_text, "' for argument '", a.name,
                      "' but instead found type '", found_type(*given), "'.\nPosition: ", i,
                      "\nDeclaration: ", s.str());
            return false;
        }
        stack.push_back(graph::coerce_argument(iv, a));
    }
    if (kwargs && used_kwargs != kwargs->size()) {
        std::string unknown;
        kwargs->for_each([&](const Value& k, const Value&) {
            if (!unknown.empty()) return;
            const std::string& name = str_of(k);
            if (s.arg_index(name) < 0) unknown = name;
        });
        why = str(fn, "() got an unexpected keyword argument '", unknown, "'");
        return false;
    }
    KILN_CHECK(static_cast<bool>(s.kernel), NotImplementedError, "the operator ", s.qualified(),
               " has no kernel in Kiln");
    // A profiler event under the operator's name (aten::add; the profiler:: range operators are the
    // record_function ranges themselves, which PyTorch's tables leave out).
    const bool profiled = profiler::enabled() && s.name.rfind("profiler::", 0) != 0;
    profiler::Event ev;
    if (profiled) {
        ev.name = s.name;
        ev.start_ns = profiler::now_ns();
        if (profiler::record_shapes()) {
            ev.has_shapes = true;
            for (const graph::IValue& v : stack)
                ev.shapes.push_back(v.is_tensor() ? v.to_tensor().sizes() : std::vector<int64_t>{});
        }
    }
    graph::IValueList out = s.kernel(stack);
    if (profiled) {
        ev.end_ns = profiler::now_ns();
        profiler::push(std::move(ev));
    }
    if (capture::Tracer* tr = capture::current_tracer()) record_traced(in, *tr, s, stack, out);
    if (s.returns.empty()) {
        result = Value::none();
    } else if (s.returns.size() == 1 && !out.empty()) {
        result = from_ivalue(out[0]);
    } else {
        std::vector<Value> items;
        for (const graph::IValue& o : out) items.push_back(from_ivalue(o));
        result = new_tuple(std::move(items));
    }
    return true;
}

}  // namespace

void add_ops_namespace(Interpreter& in, ModuleObj& torch) {
    (void)in;
    // The profiler's native half (support/profiler.h) for stdlib/torch/profiler:
    // _kiln_profiler_start(record_shapes) -> the index of the profile's first event,
    // _kiln_profiler_stop(record_shapes), _kiln_profiler_now() -> ns on the events' clock,
    // _kiln_profiler_events(index) -> [(name, start_ns, end_ns, shapes or None, user_annotation), ...],
    // _kiln_profiler_push(name, start_ns, end_ns): a record_function range ends.
    // torch._kiln_swap_tensors(t1, t2): the native half of torch.utils.swap_tensors. PyTorch swaps the
    // two Python objects' classes, __dict__s and at::Tensors, so each object keeps its identity and takes
    // the other's contents. Kiln's layers and optimizers hold a parameter's TensorImpl itself (not the
    // Python object), so the impls' contents are swapped in place (each keeps its Python object): every
    // holder of an impl sees the contents its Python object now has, as in PyTorch.
    torch.dict.set("_kiln_swap_tensors", new_builtin("_kiln_swap_tensors", [](Interpreter&, const CallArgs& a) {
        auto* t1 = a.nargs == 2 ? a.args[0].as<TensorObj>() : nullptr;
        auto* t2 = a.nargs == 2 ? a.args[1].as<TensorObj>() : nullptr;
        if (!t1 || !t2) raise(types().TypeError, "swap_tensors(): expected two tensors");
        if (t1 == t2) return Value::none();
        TensorImpl& x = *t1->tensor.impl();
        TensorImpl& y = *t2->tensor.impl();
        if (&x != &y) {
            std::swap(x, y);
            std::swap(x.py_object, y.py_object);
        }
        std::swap(t1->type, t2->type);
        std::swap(t1->attrs, t2->attrs);
        return Value::none();
    }));
    torch.dict.set("_kiln_profiler_start", new_builtin("_kiln_profiler_start", [](Interpreter& in, const CallArgs& a) {
        return Value::integer(int64_t(profiler::start(a.nargs > 0 && truthy(in, a.args[0]))));
    }));
    torch.dict.set("_kiln_profiler_stop", new_builtin("_kiln_profiler_stop", [](Interpreter& in, const CallArgs& a) {
        profiler::stop(a.nargs > 0 && truthy(in, a.args[0]));
        return Value::none();
    }));
    torch.dict.set("_kiln_profiler_now", new_builtin("_kiln_profiler_now", [](Interpreter&, const CallArgs&) {
        return Value::integer(profiler::now_ns());
    }));
    torch.dict.set("_kiln_profiler_events", new_builtin("_kiln_profiler_events", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is_int()) raise(types().TypeError, "_kiln_profiler_events(): expected an int");
        std::vector<Value> items;
        for (const profiler::Event& e : profiler::events_since(size_t(std::max<int64_t>(a.args[0].as_int(), 0)))) {
            Value shapes = Value::none();
            if (e.has_shapes) {
                std::vector<Value> per_arg;
                for (const auto& sz : e.shapes) {
                    std::vector<Value> dims;
                    for (int64_t d : sz) dims.push_back(Value::integer(d));
                    per_arg.push_back(new_list(std::move(dims)));
                }
                shapes = new_list(std::move(per_arg));
            }
            items.push_back(new_tuple({new_str(e.name), Value::integer(e.start_ns), Value::integer(e.end_ns), shapes,
                                       Value::boolean(e.user_annotation)}));
        }
        return new_list(std::move(items));
    }));
    torch.dict.set("_kiln_profiler_push", new_builtin("_kiln_profiler_push", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 3 || !a.args[0].is(Kind::Str) || !a.args[1].is_int() || !a.args[2].is_int())
            raise(types().TypeError, "_kiln_profiler_push(): expected (name, start_ns, end_ns)");
        profiler::Event ev;
        ev.name = str_of(a.args[0]);
        ev.start_ns = a.args[1].as_int();
        ev.end_ns = a.args[2].as_int();
        ev.user_annotation = true;
        profiler::push(std::move(ev));
        return Value::none();
    }));
    // torch._kiln_op_overloads("aten::add") -> [(overload, schema text), ...] in registration order;
    // [] when the table has no such operator. The default overload's name is "".
    torch.dict.set("_kiln_op_overloads", new_builtin("_kiln_op_overloads", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is(Kind::Str))
            raise(types().TypeError, "_kiln_op_overloads(): expected the qualified operator name");
        std::vector<Value> items;
        for (const graph::OpSchema* s : graph::overloads(str_of(a.args[0])))
            items.push_back(new_tuple({new_str(s->overload), new_str(s->str())}));
        return new_list(std::move(items));
    }));
    // torch._kiln_call_op(qualified, overloads, args, kwargs): runs the first of `overloads` (names of
    // the operator `qualified`) that the arguments fit, as PyTorch's overload packet tries its
    // schemas in order; one name is an OpOverload's call. RuntimeError with the matcher's reasons when
    // none fits.
    torch.dict.set("_kiln_call_op", new_builtin("_kiln_call_op", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 4) raise(types().TypeError, "_kiln_call_op(): expected 4 arguments");
        const std::string qualified = str_of(a.args[0]);
        std::vector<std::string> wanted;
        for (const Value& n : to_vector(in, a.args[1])) wanted.push_back(str_of(n));
        std::vector<Value> args = to_vector(in, a.args[2]);
        const Dict* kwargs = a.args[3].as<Dict>();
        std::vector<std::string> reasons;
        for (const std::string& ov : wanted) {
            const graph::OpSchema* s = graph::find_schema(ov.empty() ? qualified : qualified + "." + ov);
            if (!s) continue;
            Value result;
            std::string why;
            if (call_schema(in, *s, args, kwargs, result, why, wanted.size() == 1)) return result;
            reasons.push_back(why);
        }
        if (reasons.size() == 1) raise(types().RuntimeError, reasons[0]);
        std::string msg = "Overloaded torch operator invoked from Python failed to match any schema:";
        for (const std::string& r : reasons) msg += "\n" + r + "\n";
        raise(types().RuntimeError, msg);
    }));

    // Spectral functions (engine/stdlib/torch/_spectral.py) and the sparse COO constructors
    // (engine/stdlib/torch/sparse/__init__.py) as torch.<name>.
    struct F {
        const char* name;
        const char* module;
        const char* fn;
    };
    static const F functions[] = {
        {"stft", "torch._spectral", "stft"},
        {"istft", "torch._spectral", "istft"},
        {"hann_window", "torch._spectral", "hann_window"},
        {"hamming_window", "torch._spectral", "hamming_window"},
        {"blackman_window", "torch._spectral", "blackman_window"},
        {"bartlett_window", "torch._spectral", "bartlett_window"},
        {"kaiser_window", "torch._spectral", "kaiser_window"},
        {"sparse_coo_tensor", "torch.sparse", "sparse_coo_tensor"},
        {"spmm", "torch.sparse", "mm"},
        {"smm", "torch.sparse", "_smm"},
    };
    for (const F& f : functions) torch.dict.set(f.name, new_builtin(f.name, forward_to(f.module, f.fn)));
    static const F methods[] = {
        {"stft", "torch._spectral", "stft"},
        {"istft", "torch._spectral", "istft"},
        {"to_sparse", "torch.sparse", "_dense_to_sparse"},
        {"to_sparse_coo", "torch.sparse", "_dense_to_sparse_coo"},
        {"to_dense", "torch.sparse", "_dense_to_dense"},
        {"coalesce", "torch.sparse", "_dense_coalesce"},
        {"is_coalesced", "torch.sparse", "_dense_is_coalesced"},
        {"sparse_dim", "torch.sparse", "_dense_sparse_dim"},
        {"dense_dim", "torch.sparse", "_dense_dense_dim"},
    };
    for (const F& f : methods) def_method(types().tensor, f.name, forward_to(f.module, f.fn));
    // Every native tensor is strided (dense); is_sparse is tensor.cpp's (False).
    def_property(types().tensor, "is_sparse_csr", [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
    def_property(types().tensor, "layout", [](Interpreter& in, const CallArgs&) {
        Ref<ModuleObj> mod = in.import_module("torch._layout");
        return getattr(in, Value(mod.get()), "strided");
    });
}

}  // namespace kiln::vm::bind
