// The graph interpreter (see interpret.h): an environment from Values to IValues, filled block by
// block. prim::If runs one of its blocks; prim::Loop runs its body while the trip count and the
// condition allow, threading the carried values through the block parameters.
#include "graph/interpret.h"
#include "graph/script_traceback.h"

#include <unordered_map>
#include <unordered_set>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "graph/future.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln::graph {

std::string ivalue_to_display(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.u.b ? "True" : "False";
        case IValue::Tag::Int: return std::to_string(v.u.i);
        case IValue::Tag::Double: return py_float_repr(v.u.d);
        case IValue::Tag::String: return *v.str;
        case IValue::Tag::Tensor: return v.tensor.repr();
        case IValue::Tag::Device: return device_name(v.u.dev);
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            bool tuple = v.is_tuple();
            std::string s = tuple ? "(" : "[";
            const auto& items = *v.seq;
            for (size_t i = 0; i < items.size(); ++i) {
                if (i) s += ", ";
                s += items[i].is_string() ? py_str_repr(*items[i].str) : ivalue_to_display(items[i]);
            }
            if (tuple && items.size() == 1) s += ",";
            return s + (tuple ? ")" : "]");
        }
        case IValue::Tag::Object: return "<" + v.obj->class_name + " object>";
        case IValue::Tag::Future: return "<Future>";
        case IValue::Tag::Dict: {
            std::string s = "{";
            const auto& items = *v.seq;
            auto one = [](const IValue& x) { return x.is_string() ? py_str_repr(*x.str) : ivalue_to_display(x); };
            for (size_t i = 0; i + 1 < items.size(); i += 2)
                s += (i ? ", " : "") + one(items[i]) + ": " + one(items[i + 1]);
            return s + "}";
        }
    }
    return "?";
}

namespace {

// A raise inside a forked function: the forked interpreter's handleError sets its future's error
// (a FutureError with the whole TorchScript traceback text), which aten::wait raises as a plain
// error, so the waiting caller reports a RuntimeError, not a JITException.
Error forked_failure(const ScriptException& e) { return Error(ErrorKind::RuntimeError, script_exception_text(e)); }

// Can a forked block run on another thread? Only pure graph work qualifies: operators that write
// none of their arguments and draw no random numbers (a thread would make their order, and so the
// numbers, vary), and the structural prim ops. Attribute access, calls (which may reach Python, whose
// interpreter is single-threaded), printing and the like keep the task on the forking thread.
bool thread_safe_block(const Block* b) {
    static const std::unordered_set<std::string> prims = {
        "prim::Constant",     "prim::ListConstruct", "prim::TupleConstruct", "prim::DictConstruct",
        "prim::ListUnpack",   "prim::TupleUnpack",   "prim::TupleIndex",     "prim::If",
        "prim::Loop",         "prim::NumToTensor",   "prim::unchecked_cast", "prim::Uninitialized",
        "prim::dtype",        "prim::device",        "prim::RaiseException", "prim::fork",
        "aten::wait"};
    for (const Node* n : b->nodes) {
        if (n->schema) {
            if (has_side_effects(n) || is_nondeterministic(n)) return false;
        } else if (!prims.count(n->kind)) {
            return false;
        }
        for (const Block* sub : n->blocks)
            if (!thread_safe_block(sub)) return false;
    }
    return true;
}

// Does any tensor in `v` (or in a list/tuple/dict inside it) require grad? Recording autograd
// history from two threads at once is not supported, so such a task stays on the forking thread.
bool requires_grad_anywhere(const IValue& v) {
    if (v.is_tensor()) return v.to_tensor().defined() && v.to_tensor().requires_grad();
    if (v.is_list() || v.is_tuple())
        for (const IValue& x : v.items())
            if (requires_grad_anywhere(x)) return true;
    if (v.is_dict())
        for (const IValue& x : v.dict_entries())
            if (requires_grad_anywhere(x)) return true;
    return false;
}

bool constants_require_grad(const Block* b) {
    for (const Node* n : b->nodes) {
        if (n->is_constant())
            if (const IValue* v = n->attr("value"); v && requires_grad_anywhere(*v)) return true;
        for (const Block* sub : n->blocks)
            if (constants_require_grad(sub)) return true;
    }
    return false;
}

StepHook g_step_hook = nullptr;

struct Frame {
    const RunContext& ctx;
    std::unordered_map<const Value*, IValue> env;
    // Tasks this frame forked: all are finished before the graph returns, so no task outlives the
    // graph whose block it runs.
    std::vector<std::shared_ptr<Future>> spawned;

    void join() {
        for (auto& f : spawned) {
            try {
                f->wait();
            } catch (...) {
                // A task nobody waited for: its error is dropped, as TorchScript drops it.
            }
        }
        spawned.clear();
    }

    const IValue& get(const Value* v) {
        auto it = env.find(v);
        KILN_CHECK(it != env.end(), RuntimeError, "graph interpreter: %", v->name(), " read before it was computed");
        return it->second;
    }

    IValueList inputs_of(const Node* n) {
        IValueList args;
        args.reserve(n->inputs.size());
        for (const Value* v : n->inputs) args.push_back(get(v));
        return args;
    }

    void set_outputs(const Node* n, IValueList outs) {
        KILN_CHECK(outs.size() == n->outputs.size(), RuntimeError, "graph interpreter: ", n->kind, " produced ",
                   outs.size(), " values for ", n->outputs.size(), " outputs");
        for (size_t i = 0; i < outs.size(); ++i) {
            if (ctx.observe) ctx.observe(n->outputs[i], outs[i]);
            env[n->outputs[i]] = std::move(outs[i]);
        }
    }

    // Runs a block whose parameters are bound to `params`; returns its return values.
    IValueList run_block(const Block* b, const IValueList& params) {
        for (size_t i = 0; i < params.size(); ++i) env[b->params()[i]] = params[i];
        for (const Node* n : b->nodes) {
            if (g_step_hook) g_step_hook();
            run_node(n);
        }
        IValueList rets;
        for (const Value* r : b->returns()) rets.push_back(get(r));
        return rets;
    }

    // A traced `x * 2` holds the 2 as a 0-dim tensor constant, but TorchScript's executor runs such
    // arithmetic as the Scalar overload (grad_fn MulBackward1, not MulBackward0): the schema of that
    // overload, or nullptr.
    static const OpSchema* scalar_overload(const Node* n) {
        static const std::unordered_map<std::string, std::string> overloads = {
            {"aten::add.Tensor", "aten::add.Scalar"},
            {"aten::sub.Tensor", "aten::sub.Scalar"},
            {"aten::mul.Tensor", "aten::mul.Scalar"},
            {"aten::div.Tensor", "aten::div.Scalar"}};
        if (n->inputs.size() < 2 || !n->inputs[1]->node || !n->inputs[1]->node->is_constant()) return nullptr;
        auto it = overloads.find(n->schema->qualified());
        if (it == overloads.end()) return nullptr;
        const IValue* c = n->inputs[1]->node->attr("value");
        if (!c || !c->is_tensor() || !c->to_tensor().defined() || c->to_tensor().dim() != 0) return nullptr;
        return find_schema(it->second);
    }

    void run_node(const Node* n) {
        const std::string& k = n->kind;
        if (n->schema) {
            IValueList args = inputs_of(n);
            // Only where the two overloads promote alike: a floating self, or an integral constant
            // (an int tensor times a 0-dim double tensor is double; times a Python float, float32).
            const OpSchema* s = scalar_overload(n);
            if (s && s->args.size() == args.size() && args[0].is_tensor() && args[0].to_tensor().defined() &&
                (args[0].to_tensor().is_floating_point() || !args[1].to_tensor().is_floating_point())) {
                args[1] = IValue::scalar(args[1].to_tensor().item());
                IValueList out = s->kernel(args);
                // The eager op records the tensor-tensor node (a Python number is a wrapped tensor
                // there); ATen's Scalar overloads have their own autograd nodes, numbered 1.
                if (out.size() == 1 && out[0].is_tensor() && out[0].to_tensor().defined()) {
                    const auto& fn = out[0].to_tensor().grad_fn();
                    const std::string zero = "Backward0";
                    if (fn && fn->name.size() > zero.size() &&
                        fn->name.compare(fn->name.size() - zero.size(), zero.size(), zero) == 0)
                        fn->name.back() = '1';
                }
                set_outputs(n, std::move(out));
                return;
            }
            set_outputs(n, n->schema->kernel(args));
            return;
        }
        if (k == "prim::Constant") {
            const IValue* v = n->attr("value");
            set_outputs(n, {v ? *v : IValue()});
        } else if (k == "prim::ListConstruct") {
            set_outputs(n, {IValue::list(inputs_of(n))});
        } else if (k == "prim::DictConstruct") {
            IValue d = IValue::dict();
            IValueList in = inputs_of(n);
            for (size_t i = 0; i + 1 < in.size(); i += 2) d.dict_set(in[i], in[i + 1]);
            set_outputs(n, {d});
        } else if (k == "prim::TupleConstruct") {
            set_outputs(n, {IValue::tuple(inputs_of(n))});
        } else if (k == "prim::ListUnpack" || k == "prim::TupleUnpack") {
            const IValue& seq = get(n->input(0));
            const IValueList& items = seq.items();
            KILN_CHECK(items.size() == n->outputs.size(), RuntimeError, "Expected ", n->outputs.size(),
                       " elements in a list but found ", items.size());
            set_outputs(n, items);
        } else if (k == "prim::TupleIndex") {
            const IValueList& items = get(n->input(0)).items();
            int64_t i = get(n->input(1)).to_int();
            if (i < 0) i += int64_t(items.size());
            KILN_CHECK(i >= 0 && i < int64_t(items.size()), IndexError, "tuple index out of range");
            set_outputs(n, {items[size_t(i)]});
        } else if (k == "prim::GetAttr") {
            const auto& obj = get(n->input(0)).to_object();
            const std::string& name = n->attr("name")->to_string();
            IValue* slot = obj->find(name);
            KILN_CHECK(slot, RuntimeError, "Module '", obj->class_name, "' has no attribute '", name, "'");
            set_outputs(n, {*slot});
        } else if (k == "prim::SetAttr") {
            get(n->input(0)).to_object()->set(n->attr("name")->to_string(), get(n->input(1)));
        } else if (k == "prim::If") {
            bool cond = get(n->input(0)).to_bool();
            set_outputs(n, run_block(n->blocks[cond ? 0 : 1], {}));
        } else if (k == "prim::Loop") {
            run_loop(n);
        } else if (k == "prim::NumToTensor") {
            set_outputs(n, {IValue(scalar_tensor(get(n->input(0)).to_scalar()))});
        } else if (k == "prim::unchecked_cast" || k == "aten::detach_if_traced") {
            set_outputs(n, {get(n->input(0))});
        } else if (k == "prim::Uninitialized") {
            set_outputs(n, {IValue()});
        } else if (k == "prim::device") {
            set_outputs(n, {IValue(get(n->input(0)).to_tensor().device())});
        } else if (k == "prim::dtype") {
            set_outputs(n, {IValue(scalar_type_code(get(n->input(0)).to_tensor().dtype()))});
        } else if (k == "prim::RaiseException") {
            IValueList args = inputs_of(n);
            std::string msg = args.empty() ? std::string() : ivalue_to_display(args[0]);
            // No class (the None of a builtin ExceptionValue such as an assert's AssertionError):
            // JITException without a Python class, whose text ends "RuntimeError: <message>".
            std::string cls = args.size() > 1 && args[1].is_string() ? args[1].to_string() : "RuntimeError";
            ErrorKind kind = ErrorKind::RuntimeError;
            if (cls.find("ValueError") != std::string::npos) kind = ErrorKind::ValueError;
            else if (cls.find("TypeError") != std::string::npos) kind = ErrorKind::TypeError;
            else if (cls.find("IndexError") != std::string::npos) kind = ErrorKind::IndexError;
            else if (cls.find("KeyError") != std::string::npos) kind = ErrorKind::KeyError;
            else if (cls.find("NotImplementedError") != std::string::npos) kind = ErrorKind::NotImplementedError;
            // PyTorch's JITException: the message and the class, located at the raise.
            throw ScriptException(kind, msg, cls, n->loc);
        } else if (k == "prim::isinstance") {
            // The value's run-time type against each listed type (their annotation spellings).
            const IValue v = get(n->input(0));
            bool match = false;
            for (const IValue& t : n->attr("types")->items()) {
                const std::string& ts = t.to_string();
                std::string kind = ts.substr(0, ts.find('['));
                match = match || (kind == "Tensor" && v.is_tensor()) || (kind == "int" && v.is_int()) ||
                        (kind == "float" && v.is_double()) || (kind == "bool" && v.is_bool()) ||
                        (kind == "str" && v.is_string()) || (kind == "NoneType" && v.is_none()) ||
                        ((kind == "List" || kind == "list") && v.is_list()) ||
                        ((kind == "Tuple" || kind == "tuple") && v.is_tuple()) ||
                        ((kind == "Dict" || kind == "dict") && v.is_dict());
            }
            set_outputs(n, {IValue(match)});
        } else if (k == "aten::format") {
            // PyTorch's FORMAT instruction: each "{}" of the text takes the next argument as it prints.
            IValueList args = inputs_of(n);
            const std::string& fmt = args.at(0).to_string();
            std::string out;
            size_t begin = 0, used = 1;
            for (size_t at; (at = fmt.find("{}", begin)) != std::string::npos; begin = at + 2, ++used) {
                out += fmt.substr(begin, at - begin);
                KILN_CHECK(used < args.size(), RuntimeError, "Too few arguments for format string: ", fmt);
                out += ivalue_to_display(args[used]);
            }
            out += fmt.substr(begin);
            set_outputs(n, {IValue(out)});
        } else if (k == "prim::Print") {
            std::string line;
            for (size_t i = 0; i < n->inputs.size(); ++i) {
                if (i) line += " ";
                line += ivalue_to_display(get(n->inputs[i]));
            }
            line += "\n";
            if (ctx.print) ctx.print(line);
        } else if (k == "prim::CallMethod") {
            KILN_CHECK(ctx.call_method, RuntimeError, "graph interpreter: prim::CallMethod needs a module context");
            IValueList args = inputs_of(n);
            auto self = args.at(0).to_object();
            args.erase(args.begin());
            set_outputs(n, ctx.call_method(self, n->attr("name")->to_string(), args));
        } else if (k == "prim::fork") {
            run_fork(n);
        } else if (k == "aten::wait") {
            set_outputs(n, {get(n->input(0)).to_future()->wait()});
        } else if (k == "prim::CallFunction") {
            KILN_CHECK(ctx.call_function, RuntimeError, "graph interpreter: prim::CallFunction needs a function context");
            IValueList args = inputs_of(n);
            // The callee: the call's name attribute (a traced call), else the qualified name its
            // Function constant's type carries (a scripted call).
            const IValue* name = n->attr("name");
            std::string callee = name ? name->to_string() : n->inputs.empty() ? std::string() : n->input(0)->type->name;
            set_outputs(n, ctx.call_function(callee, args));
        } else {
            KILN_FAIL(RuntimeError, "graph interpreter: no implementation for ", k,
                      " (an operator node without a schema, or an unknown prim:: node)");
        }
    }

    // prim::fork(captured...): its block, whose parameters are the captured values, is the task; the
    // output is a Future of the block's one result. The block reads nothing but its parameters.
    void run_fork(const Node* n) {
        KILN_CHECK(n->blocks.size() == 1 && n->blocks[0]->returns().size() == 1 &&
                       n->blocks[0]->params().size() == n->inputs.size(),
                   RuntimeError, "graph interpreter: prim::fork needs one block taking its inputs and returning one value");
        const Block* body = n->blocks[0];
        IValueList args = inputs_of(n);
        bool grad = autograd::grad_enabled();
        bool parallel = futures_run_in_parallel() && thread_safe_block(body);
        if (parallel && grad) {
            for (const IValue& a : args) parallel = parallel && !requires_grad_anywhere(a);
            parallel = parallel && !constants_require_grad(body);
        }
        std::shared_ptr<Future> fut;
        if (parallel) {
            fut = Future::spawn([body, args, grad]() {
                autograd::GradModeGuard mode(grad);  // grad mode is per thread: carry the forking thread's
                RunContext none;                     // a thread-safe block makes no calls
                Frame f{none, {}, {}};
                try {
                    IValueList r = f.run_block(body, args);
                    f.join();
                    return r.at(0);
                } catch (const ScriptException& e) {
                    throw forked_failure(e);
                }
            });
            spawned.push_back(fut);
        } else {
            try {
                Frame f{ctx, {}, {}};
                IValueList r = f.run_block(body, args);
                f.join();
                fut = Future::completed(r.at(0));
            } catch (const ScriptException& e) {
                fut = Future::failed(std::make_exception_ptr(forked_failure(e)));
            } catch (...) {
                fut = Future::failed(std::current_exception());  // raised by aten::wait, as TorchScript does
            }
        }
        set_outputs(n, {IValue::future(fut)});
    }

    // prim::Loop(max_trip_count, start_condition, carried...): block(i, carried...) -> (cond, carried...).
    void run_loop(const Node* n) {
        int64_t max_trips = get(n->input(0)).to_int();
        bool cond = get(n->input(1)).to_bool();
        IValueList carried;
        for (size_t i = 2; i < n->inputs.size(); ++i) carried.push_back(get(n->inputs[i]));
        const Block* body = n->blocks[0];
        for (int64_t i = 0; cond && i < max_trips; ++i) {
            IValueList params;
            params.reserve(carried.size() + 1);
            params.emplace_back(i);
            params.insert(params.end(), carried.begin(), carried.end());
            IValueList rets = run_block(body, params);
            cond = rets.at(0).to_bool();
            carried.assign(rets.begin() + 1, rets.end());
        }
        set_outputs(n, std::move(carried));
    }
};

}  // namespace

void set_step_hook(StepHook hook) { g_step_hook = hook; }

IValueList run_graph(const Graph& g, const IValueList& inputs, const RunContext& ctx) {
    KILN_CHECK(inputs.size() == g.inputs().size(), RuntimeError, "graph expected ", g.inputs().size(),
               " inputs but got ", inputs.size());
    Frame f{ctx, {}, {}};
    IValueList out = f.run_block(g.block(), inputs);
    f.join();
    return out;
}

}  // namespace kiln::graph
