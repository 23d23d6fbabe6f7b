// torch.optim for programs: SGD, Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam,
// ASGD, Rprop and LBFGS over engine/optim. torch.optim.lr_scheduler is Kiln's Python
// (engine/stdlib/torch/optim/lr_scheduler.py); its step tracking is here (_kiln_track_step).
//
// The C++ optimizer does the updates; its param groups mirror a Python list of dicts
// (optimizer.param_groups), which is the source of truth for options: before every step() and
// zero_grad() each dict's values are copied into the C++ group, so `group['lr'] = 0.01` (what a
// scheduler does) takes effect at the next step, and the dicts keep the exact Python values the program
// gave (lr=1 prints as 1 in the repr, as in PyTorch).
#include <algorithm>
#include <map>
#include <cmath>
#include <string_view>

#include "autograd/grad_mode.h"
#include "bytecode/opcode.h"
#include "bindings/convert.h"
#include "bindings/numpy.h"
#include "autograd/sparse_grad.h"
#include "bindings/sparse_grad_py.h"
#include "capture/dynamo/dynamo.h"
#include "optim/optimizer.h"
#include "support/error.h"
#include "support/function.h"
#include "vm/ops.h"

namespace kiln::vm::bind {

namespace {

// Methods with CPython's receiver and arity checks (bindings/convert.h).
using method_def::method;

struct OptimizerObj : NativeObj {
    using NativeObj::NativeObj;
    void clear() override {
        groups.reset();
        defaults.reset();
        state_lists.reset();
        py_state = Value();
        synced.clear();
    }
    std::unique_ptr<optim::Optimizer> opt;
    Ref<List> groups;    // param_groups: dicts with 'params' and the options
    Ref<Dict> defaults;  // optimizer.defaults
    // _kiln_state: per group, per parameter, a dict of the state tensors (the same tensors as the C++
    // state) that the traced Python step reads and adds to (bindings/optim_py.cpp).
    Ref<List> state_lists;
    // PyTorch's lr schedulers wrap optimizer.step to set `_opt_called` (their "lr_scheduler.step()
    // before optimizer.step()" warning reads it); a native step cannot be wrapped, so a scheduler
    // asks for tracking (_kiln_track_step) and the step sets the flag itself.
    bool step_tracked = false, opt_called = false;
    // optimizer.state as one lasting defaultdict(dict), made at its first read: a subclass's own
    // step (class SGDW(torch.optim.SGD) with its loops over self.state[p]) keeps what it stores
    // there between steps, as in PyTorch, where state is a plain attribute. Each read refreshes the
    // C++ optimizer's entries into it (they are the truth for the keys the native step keeps).
    Value py_state;
    // (parameter, key) -> the tensor both sides held at the last exchange between py_state and the
    // C++ state: a side whose tensor differs from it has replaced the entry and wins.
    std::map<std::pair<const TensorImpl*, std::string>, Tensor> synced;
};

Type* g_optimizer_type = nullptr;

OptimizerObj* opt_of(const Value& v) {
    auto* o = native_cast<OptimizerObj>(v);
    if (!o || !o->opt) raise(T().TypeError, str("descriptor requires an 'Optimizer' object but received a '",
                                                type_name(v), "'"));
    return o;
}

// A number-like option value that is not a Python int or float: a one-element tensor, a NumPy scalar
// (schedulers written with NumPy set group['lr'] = np.float64(...)), or an object with __float__, as
// PyTorch's Python optimizers just compute with it. False for anything else.
bool option_number(Interpreter& in, const Value& v, Scalar& out) {
    if (auto* t = v.as<TensorObj>(); t && t->tensor.numel() == 1) {
        out = Scalar(t->tensor.item_double());
        return true;
    }
    if (is_numpy_scalar(v)) {
        out = ndarray_tensor(v).item();
        return true;
    }
    if (v.is(Kind::Str)) return false;
    if (Value f = find_dunder(v, "__float__"); !f.is_null()) {
        Value r = in.call(f, {v});
        if (!r.is_float())
            raise(T().TypeError, str(type_name(v), ".__float__ returned non-float (type ", type_name(r), ")"));
        out = Scalar(r.as_float());
        return true;
    }
    return false;
}

// A Python option value as the C++ optimizer stores it (numbers, bools, None, tuples of numbers).
bool to_option(Interpreter& in, const Value& v, optim::OptionValue& out) {
    Scalar num;
    if (v.is_none()) {
        out = optim::OptionValue::none();
    } else if (v.is_bool()) {
        out = optim::OptionValue(Scalar(v.as_bool()));
    } else if (v.is_int()) {
        out = optim::OptionValue(Scalar(v.as_int()));
    } else if (v.is_float()) {
        out = optim::OptionValue(Scalar(v.as_float()));
    } else if (v.is(Kind::Str)) {
        out = optim::OptionValue(str_of(v));
    } else if (v.is(Kind::Tuple) || v.is(Kind::List)) {
        const auto& items = v.is(Kind::Tuple) ? v.get<Tuple>()->items : v.get<List>()->items;
        std::vector<Scalar> s;
        for (const Value& x : items) {
            if (x.is_int()) s.push_back(Scalar(x.as_int()));
            else if (x.is_float()) s.push_back(Scalar(x.as_float()));
            else if (Scalar n; option_number(in, x, n)) s.push_back(n);
            else return false;
        }
        out = optim::OptionValue(std::move(s));
    } else if (option_number(in, v, num)) {
        out = optim::OptionValue(num);
    } else {
        return false;
    }
    return true;
}

std::vector<Tensor> params_of(Interpreter& in, const Value& v) {
    if (v.is(Kind::Tensor)) return {v.get<TensorObj>()->tensor};
    std::vector<Tensor> out;
    for (const Value& p : to_vector(in, v)) {
        if (!p.is(Kind::Tensor))
            raise(T().TypeError, str("optimizer can only optimize Tensors, but one of the params is ", type_name(p)));
        out.push_back(p.get<TensorObj>()->tensor);
    }
    return out;
}

const Value* dict_get(const Dict* d, const char* key) { return d->find(new_str(key)); }

// Copies the Python dicts into the C++ groups (options and parameter lists).
void sync(Interpreter& in, OptimizerObj* o) {
    auto& groups = o->opt->param_groups();
    const auto& dicts = o->groups->items;
    if (dicts.size() != groups.size())
        raise(T().RuntimeError, "optimizer.param_groups was resized; use add_param_group() to add a group");
    for (size_t i = 0; i < dicts.size(); ++i) {
        auto* d = dicts[i].as<Dict>();
        if (!d) raise(T().TypeError, "optimizer.param_groups must hold dicts");
        d->for_each([&](const Value& k, const Value& v) {
            if (!k.is(Kind::Str)) return;
            const std::string& key = str_of(k);
            if (key == "params") {
                groups[i].params = params_of(in, v);
                return;
            }
            optim::OptionValue ov;
            if (to_option(in, v, ov)) groups[i].set(key, ov);
        });
    }
}

Value group_dict(const optim::ParamGroup& g, const Dict* user, const Dict* defaults, const Value& params_list) {
    auto d = make<Dict>();
    d->set(new_str("params"), params_list);
    if (user) {
        user->for_each([&](const Value& k, const Value& v) {
            if (!(k.is(Kind::Str) && str_of(k) == "params")) d->set(k, v);
        });
    }
    defaults->for_each([&](const Value& k, const Value& v) {
        if (!d->find(k)) d->set(k, v);
    });
    (void)g;
    return Value(d.get());
}

Value tensor_list(const std::vector<Tensor>& ts) { return wrap_list(ts); }

// The option checks PyTorch's constructors make, worded with the program's own values. SGD writes
// them `if lr < 0.0` (NaN passes); the other optimizers `if not 0.0 <= lr` (NaN is refused): check_min.
// PyTorch's constructors compare the hyperparameter with a float (`if lr < 0.0` for check_nonneg's
// callers, `if not 0.0 <= lr` for check_min's): a value that is no number fails that comparison with
// Python's TypeError (lr="0.1": "'<=' not supported between instances of 'float' and 'str'").
void check_comparable(const Value& v, bool float_first, const char* op) {
    if (is_scalar(v) || v.is(Kind::Tensor)) return;
    const std::string t = type_name(v);
    raise(T().TypeError, str("'", op, "' not supported between instances of '", float_first ? "float" : t.c_str(),
                             "' and '", float_first ? t.c_str() : "float", "'"));
}
void check_nonneg(Interpreter& in, const Value& v, const char* what) {
    if (v.is_none()) return;
    check_comparable(v, false, "<");
    if (to_float(v, "", what) < 0.0) raise(T().ValueError, str("Invalid ", what, ": ", repr(in, v)));
}
void check_min(Interpreter& in, const Value& v, const char* what) {
    if (v.is_none()) return;
    check_comparable(v, true, "<=");
    if (!(to_float(v, "", what) >= 0.0)) raise(T().ValueError, str("Invalid ", what, ": ", repr(in, v)));
}

// fused=True (SGD, Adam, AdamW, Adagrad): PyTorch 2.11 has fused CPU kernels for these, doing the
// same update in one pass, so Kiln runs its usual update and keeps fused in the defaults; only the
// flag combinations PyTorch's constructors reject are errors.
void check_fused(Interpreter& in, const Value& fused, const Value& foreach, const Value& differentiable) {
    if (fused.is_none() || !truthy(in, fused)) return;
    if (!differentiable.is_none() && truthy(in, differentiable))
        raise(T().RuntimeError, "`fused` does not support `differentiable`");
    if (!foreach.is_none() && truthy(in, foreach))
        raise(T().RuntimeError, "`fused` and `foreach` cannot be `True` together.");
}

using Builder = kiln::Function<std::unique_ptr<optim::Optimizer>(std::vector<optim::ParamGroup>)>;

// Shared constructor body: params (an iterable of tensors or of dicts) into groups, the C++
// optimizer from `build`, then the Python param_groups.
Value make_optimizer(Interpreter& in, Type* type, const Value& params, const Ref<Dict>& defaults,
                     const Builder& build) {
    if (params.is(Kind::Tensor))
        raise(T().TypeError, str("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                                 "but got ", dtype_legacy_name(params.get<TensorObj>()->tensor.dtype())));
    std::vector<Value> items = to_vector(in, params);
    if (items.empty()) raise(T().ValueError, "optimizer got an empty parameter list");
    std::vector<optim::ParamGroup> groups;
    std::vector<const Dict*> user_dicts;
    if (items[0].is(Kind::Dict)) {
        for (const Value& g : items) {
            auto* d = g.as<Dict>();
            if (!d) raise(T().TypeError, "param group must be a dict");
            const Value* p = dict_get(d, "params");
            // add_param_group reads param_group["params"]: a KeyError naming the key
            if (!p) throw PyError(new_exception(T().KeyError, {new_str("params")}));
            optim::ParamGroup pg;
            pg.params = params_of(in, *p);
            d->for_each([&](const Value& k, const Value& v) {
                if (!k.is(Kind::Str) || str_of(k) == "params") return;
                optim::OptionValue ov;
                if (to_option(in, v, ov)) pg.set(str_of(k), ov);
            });
            groups.push_back(std::move(pg));
            user_dicts.push_back(d);
        }
    } else {
        optim::ParamGroup pg;
        for (const Value& p : items) {
            if (!p.is(Kind::Tensor))
                raise(T().TypeError,
                      str("optimizer can only optimize Tensors, but one of the params is ", type_name(p)));
            pg.params.push_back(p.get<TensorObj>()->tensor);
        }
        groups.push_back(std::move(pg));
        user_dicts.push_back(nullptr);
    }
    // Optimizer.add_param_group's warning for a group naming one tensor twice
    for (const optim::ParamGroup& g : groups) {
        std::vector<const void*> seen;
        for (const Tensor& t : g.params) seen.push_back(t.impl());
        std::sort(seen.begin(), seen.end());
        if (std::adjacent_find(seen.begin(), seen.end()) != seen.end())
            emit_warning(in,
                         new_str("optimizer contains a parameter group with duplicate parameters; in future, this will "
                                 "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information"),
                         T().UserWarning, 3);
    }
    auto obj = make<OptimizerObj>(type);
    obj->opt = build(std::move(groups));
    obj->defaults = defaults;
    obj->groups = make<List>();
    const auto& cgroups = obj->opt->param_groups();
    for (size_t i = 0; i < cgroups.size(); ++i)
        obj->groups->items.push_back(
            group_dict(cgroups[i], user_dicts[i], defaults.get(), tensor_list(cgroups[i].params)));
    sync(in, obj.get());
    return Value(obj.get());
}

Ref<Dict> defaults_dict(std::vector<std::pair<const char*, Value>> kv) {
    auto d = make<Dict>();
    for (auto& [k, v] : kv) d->set(new_str(k), v);
    return d;
}

// _kiln_state shaped like the C++ groups (a group added since gets its lists), each dict holding
// the C++ state tensors: an entry whose tensor differs from the C++ one (an eager step made it) is
// replaced, so the traced step always sees the current state.
List* state_lists_of(OptimizerObj* o, bool mirror) {
    if (!o->state_lists) o->state_lists = make<List>();
    auto& groups = o->opt->param_groups();
    auto& lists = o->state_lists->items;
    while (lists.size() < groups.size()) lists.push_back(Value(make<List>().get()));
    for (size_t i = 0; i < groups.size(); ++i) {
        auto* per_param = lists[i].as<List>();
        if (!per_param) raise(T().TypeError, "optimizer._kiln_state must hold lists");
        while (per_param->items.size() < groups[i].params.size()) per_param->items.push_back(Value(make<Dict>().get()));
        if (!mirror) continue;
        for (size_t j = 0; j < groups[i].params.size(); ++j) {
            const optim::ParamState* st = o->opt->find_state(groups[i].params[j]);
            auto* d = per_param->items[j].as<Dict>();
            if (!st || !d) continue;
            for (const auto& [k, t] : st->entries) {
                const Value* cur = d->find(new_str(k));
                auto* ct = cur ? cur->as<TensorObj>() : nullptr;
                if (!ct || ct->tensor.impl() != t.impl()) d->set(new_str(k), wrap(t));
            }
        }
    }
    return o->state_lists.get();
}

// The tensors of _kiln_state back into the C++ state (what the traced step created or replaced).
void store_state_lists(OptimizerObj* o) {
    if (!o->state_lists) return;
    auto& groups = o->opt->param_groups();
    const auto& lists = o->state_lists->items;
    for (size_t i = 0; i < groups.size() && i < lists.size(); ++i) {
        auto* per_param = lists[i].as<List>();
        if (!per_param) continue;
        for (size_t j = 0; j < groups[i].params.size() && j < per_param->items.size(); ++j) {
            auto* d = per_param->items[j].as<Dict>();
            if (!d || d->size() == 0) continue;
            optim::ParamState& st = o->opt->state(groups[i].params[j]);
            d->for_each([&](const Value& k, const Value& v) {
                auto* t = v.as<TensorObj>();
                if (k.is(Kind::Str) && t) st.set(str_of(k), t->tensor);
            });
        }
    }
}

std::string optimizer_repr(Interpreter& in, OptimizerObj* o) {
    std::string out = o->type->name + " (";
    for (size_t i = 0; i < o->groups->items.size(); ++i) {
        out += str("\nParameter Group ", i, "\n");
        auto* d = o->groups->items[i].as<Dict>();
        if (!d) continue;
        std::vector<std::pair<std::string, Value>> entries;
        d->for_each([&](const Value& k, const Value& v) {
            if (k.is(Kind::Str) && str_of(k) != "params") entries.emplace_back(str_of(k), v);
        });
        std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [k, v] : entries) out += "    " + k + ": " + to_str(in, v) + "\n";
    }
    return out + ")";
}

// optimizer.step(closure): the closure runs with grad enabled, then the C++ update. LBFGS calls the
// closure itself, many times, and returns its first result.
void push_python_state(Interpreter& in, OptimizerObj* o);

Value eager_step(Interpreter& in, OptimizerObj* o, const Value& closure) {
    if (o->step_tracked) o->opt_called = true;
    push_python_state(in, o);
    if (auto* lbfgs = dynamic_cast<optim::LBFGS*>(o->opt.get())) {
        if (closure.is_none())
            raise(T().TypeError, "LBFGS.step() missing 1 required positional argument: 'closure'");
        Value first;
        lbfgs->step([&]() {
            Value r = in.call(closure, std::vector<Value>{});
            if (first.is_null()) first = r;
            if (auto* t = r.as<TensorObj>()) {
                if (t->tensor.numel() != 1)
                    raise(T().RuntimeError, "a Tensor with " + std::to_string(t->tensor.numel()) +
                                                " elements cannot be converted to Scalar");
                return t->tensor.item_double();
            }
            return to_float(r, "float", "");
        });
        return first.is_null() ? Value::none() : first;
    }
    Value loss = Value::none();
    if (!closure.is_none()) {
        autograd::GradModeGuard enable(true);
        loss = in.call(closure, std::vector<Value>{});
    }
    o->opt->step();
    return loss;
}

// One state tensor as optimizer.state shows it: SGD's momentum buffer of sparse gradients is a
// SparseCOOTensor, as the sparse clone sgd.py keeps.
Value optim_state_value(Interpreter& in, const Tensor& v) {
    return autograd::is_sparse_grad(v) ? sparse_grad_to_python(in, v) : wrap(v);
}

// The parameters with state and their state, in optimizer.state's order.
std::vector<std::pair<Tensor, const optim::ParamState*>> states_in_order(OptimizerObj* o) {
    std::vector<std::pair<Tensor, const optim::ParamState*>> out;
    for (TensorImpl* impl : o->opt->state_order()) {
        const Tensor* param = nullptr;
        for (const auto& g : o->opt->param_groups())
            for (const Tensor& p : g.params)
                if (!param && p.impl() == impl) param = &p;
        if (param) out.emplace_back(*param, o->opt->find_state(*param));  // (a removed parameter: skipped)
    }
    return out;
}

// LBFGS's optimizer.state: one entry, under the first parameter, in PyTorch's key order
// (func_evals, n_iter, al once a step iterated twice, then what the end of a step stores).
Value lbfgs_state(optim::LBFGS* lbfgs) {
    auto d = make<Dict>();
    if (lbfgs->func_evals() == 0) return Value(d.get());
    auto e = make<Dict>();
    auto set = [&](const char* k, const Value& v) { e->set(new_str(k), v); };
    auto tensors = [](const std::vector<Tensor>& ts) {
        std::vector<Value> out;
        for (const Tensor& t : ts) out.push_back(t.defined() ? wrap(t) : Value::none());
        return new_list(std::move(out));
    };
    set("func_evals", Value::integer(lbfgs->func_evals()));
    set("n_iter", Value::integer(lbfgs->n_iter()));
    const optim::LBFGS::History h = lbfgs->history();
    if (!h.al.empty()) set("al", tensors(h.al));
    if (h.iterated) {
        set("d", wrap(h.d));
        set("t", h.t_tensor.defined() ? wrap(h.t_tensor) : Value::number(h.t));
        set("old_dirs", tensors(h.old_dirs));
        set("old_stps", tensors(h.old_stps));
        set("ro", tensors(h.ro));
        set("H_diag", h.h_diag.defined() ? wrap(h.h_diag) : Value::integer(1));
        set("prev_flat_grad", wrap(h.prev_flat_grad));
        set("prev_loss", Value::number(h.prev_loss));
    }
    d->set(wrap(lbfgs->param_groups()[0].params[0]), Value(e.get()));
    return Value(d.get());
}

// optimizer.state: a defaultdict(dict), as PyTorch's Optimizer.state (`self.state[p]` of a parameter
// not yet stepped is an empty dict, and `type(opt.state)` prints as PyTorch's). The same dict at
// every read (OptimizerObj::py_state), with the C++ optimizer's entries written over it first, so
// entries a program's own step stores there (other keys, other parameters) stay.
Value state_of(Interpreter& in, OptimizerObj* o) {
    sync(in, o);
    if (auto* lbfgs = dynamic_cast<optim::LBFGS*>(o->opt.get())) return lbfgs_state(lbfgs);
    if (o->py_state.is_null()) {
        Value dd = *in.import_module("collections")->dict.find("defaultdict");
        Value dict_type = *in.import_module("builtins")->dict.find("dict");
        o->py_state = in.call(dd, {dict_type});
    }
    for (const auto& [p, st] : states_in_order(o)) {
        Value key = wrap(p);
        auto* e = getitem(in, o->py_state, key).as<Dict>();  // the defaultdict makes a missing one
        if (!e) continue;  // the program put something else there: its own business
        for (const auto& [k, v] : st->entries) {
            Tensor& last = o->synced[{p.impl(), k}];
            const Value* have = dict_get(e, k.c_str());
            if (last.impl() == v.impl() && have) continue;  // unchanged on the C++ side
            e->set(new_str(k), optim_state_value(in, v));
            last = v;
        }
    }
    return o->py_state;
}

// The other way, before the native step reads its state: tensors a program's step put into
// optimizer.state in place of the C++ optimizer's (`state['exp_avg'] = state['exp_avg'] * b + g`).
void push_python_state(Interpreter& in, OptimizerObj* o) {
    if (o->py_state.is_null() || dynamic_cast<optim::LBFGS*>(o->opt.get())) return;
    for (const Value& key : to_vector(in, o->py_state)) {
        auto* kt = key.as<TensorObj>();
        auto* e = getitem(in, o->py_state, key).as<Dict>();
        if (!kt || !e) continue;
        e->for_each([&](const Value& k, const Value& x) {
            auto* t = x.as<TensorObj>();
            if (!k.is(Kind::Str) || !t) return;
            Tensor& last = o->synced[{kt->tensor.impl(), str_of(k)}];
            if (last.impl() == t->tensor.impl()) return;
            o->opt->state(kt->tensor).set(str_of(k), t->tensor);
            last = t->tensor;
        });
    }
}

// True when the program's own step stored entries the C++ optimizer does not keep (other keys, or
// parameters the native step never saw): state_dict() then packs optimizer.state as PyTorch does.
bool has_python_state(Interpreter& in, OptimizerObj* o) {
    if (o->py_state.is_null() || dynamic_cast<optim::LBFGS*>(o->opt.get())) return false;
    Value st = state_of(in, o);
    bool extra = false;
    for (const Value& key : to_vector(in, st)) {
        auto* kt = key.as<TensorObj>();
        const optim::ParamState* cs = kt ? o->opt->find_state(kt->tensor) : nullptr;
        auto* e = getitem(in, st, key).as<Dict>();
        if (!e) return true;
        e->for_each([&](const Value& k, const Value&) {
            if (!cs || !k.is(Kind::Str) || !cs->get(str_of(k)).defined()) extra = true;
        });
        if (extra) return true;
    }
    return false;
}

// Whether a step hook is registered for this optimizer or for all (torch.optim.optimizer's
// register_optimizer_step_pre_hook/post_hook); the instance's live in its attribute dict.
bool has_step_hooks(Interpreter& in, const Value& self) {
    auto nonempty = [&](const Value* d) { return d && d->as<Dict>() && d->as<Dict>()->size() > 0; };
    if (StrMap* attrs = attribute_dict(self))
        if (nonempty(attrs->find("_optimizer_step_pre_hooks")) || nonempty(attrs->find("_optimizer_step_post_hooks")))
            return true;
    auto mod = in.import_module("torch.optim.optimizer");
    return nonempty(mod->dict.find("_global_optimizer_pre_hooks")) ||
           nonempty(mod->dict.find("_global_optimizer_post_hooks"));
}

Value step_body(Interpreter& in, const Value& self, const Value& closure);
void register_optimizer_methods(Type* t);

void register_optimizer_base() {
    Type* t = g_optimizer_type = make_builtin_type("Optimizer", T().object, Kind::Native, "torch.optim.optimizer");
    t->native_dict = true;  // PyTorch's optimizers are Python objects: `opt.flag = 1`, mocks of step()
    // step(): PyTorch wraps each optimizer class's step (Optimizer._patch_step_function) to run the
    // step hooks around it. The built-in classes' step runs them here (through the Python wrapper,
    // torch.optim.optimizer._hooked_step, only when a hook is registered); a program's subclass gets
    // its class's step wrapped in Python when an instance is made (_patch_step_function), so a
    // super().step() inside an overriding step does not run them twice.
    method(t, "step", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("step(self, closure=None)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        if (o->type->builtin && has_step_hooks(in, v[0])) {
            Value hooked = *in.import_module("torch.optim.optimizer")->dict.find("_hooked_native_step");
            return in.call(hooked, a);
        }
        return step_body(in, v[0], v[1]);
    });
    method(t, "_kiln_step_unhooked", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_kiln_step_unhooked(self, closure=None)");
        auto v = sig.bind(a);
        return step_body(in, v[0], v[1]);
    });
    register_optimizer_methods(t);
}

// The native step without its hooks.
Value step_body(Interpreter& in, const Value& self, const Value& closure) {
    OptimizerObj* o = opt_of(self);
    sync(in, o);
    if (capture::dynamo::frames_compiled_now(in)) {
        // Inside a compiled call the step runs as Python, which Dynamo captures as PyTorch's
        // (bindings/optim_py.cpp); it calls the closure itself.
        Value py = *in.import_module("torch.optim._traced_step")->dict.find("step");
        return in.call(py, std::vector<Value>{self, closure});
    }
    return eager_step(in, o, closure);
}

// A program's subclass of a built-in optimizer (class MyOpt(torch.optim.SGD), calling
// super().__init__(params, lr=lr) and super().step()): instances are blank optimizers of the
// subclass (Optimizer.__new__), which the built-in class's __init__ fills as its constructor would
// (the same signature, checks and defaults), then wraps the subclass's step for the step hooks.
void subclassable_optimizer(Type* t) {
    t->allocate = [](Interpreter&, Type* cls, const CallArgs&) { return Value(make<OptimizerObj>(cls).get()); };
    method(t, "__init__", [t](Interpreter& in, const CallArgs& a) {
        auto* self = a.nargs ? native_cast<OptimizerObj>(a.args[0]) : nullptr;
        if (!self || !type_of(a.args[0])->is_subtype_of(t))
            raise(T().TypeError, str("descriptor '__init__' requires a '", t->name, "' object but received a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("nothing"), "'"));
        CallArgs rest = a;
        ++rest.args;
        --rest.nargs;
        Value fresh = t->construct(in, rest);
        OptimizerObj* f = opt_of(fresh);
        self->opt = std::move(f->opt);
        self->groups = f->groups;
        self->defaults = f->defaults;
        self->state_lists = f->state_lists;
        self->py_state = Value();
        self->synced.clear();
        if (!self->type->builtin)
            in.call(*in.import_module("torch.optim.optimizer")->dict.find("_patch_step_function"), {a.args[0]});
        return Value::none();
    });
}

void register_optimizer_methods(Type* t) {
    // The native step of the optimizers the traced step has no Python form for (it calls this, a
    // graph break under Dynamo, so the update runs eagerly).
    method(t, "_kiln_eager_step", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_kiln_eager_step(self, closure=None)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        sync(in, o);
        return eager_step(in, o, v[1]);
    });
    // Read by every guard and input reload of a compiled step (one per state tensor), so it only
    // returns the lists (shaped by the C++ groups, which _kiln_prepare_state synced just before).
    def_property(t, "_kiln_state", [](Interpreter&, const CallArgs& a) {
        return Value(state_lists_of(opt_of(a.args[0]), false));
    });
    method(t, "_kiln_track_step", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_kiln_track_step(self)");
        opt_of(sig.bind(a)[0])->step_tracked = true;
        return Value::none();
    });
    def_property(t, "_opt_called", [](Interpreter&, const CallArgs& a) -> Value {
        OptimizerObj* o = opt_of(a.args[0]);
        if (!o->step_tracked)
            raise(T().AttributeError, str("'", o->type->name, "' object has no attribute '_opt_called'"));
        return Value::boolean(o->opt_called);
    });
    method(t, "_kiln_prepare_state", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_kiln_prepare_state(self)");
        OptimizerObj* o = opt_of(sig.bind(a)[0]);
        sync(in, o);
        o->opt->prepare_state();
        state_lists_of(o, true);
        return Value::none();
    });
    method(t, "_kiln_finish_state", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_kiln_finish_state(self)");
        OptimizerObj* o = opt_of(sig.bind(a)[0]);
        sync(in, o);
        store_state_lists(o);
        return Value::none();
    });
    method(t, "zero_grad", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("zero_grad(self, set_to_none=True)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        sync(in, o);
        o->opt->zero_grad(truthy_arg(v[1]));
        return Value::none();
    });
    method(t, "add_param_group", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("add_param_group(self, param_group)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        auto* d = v[1].as<Dict>();
        if (!d) raise(T().TypeError, str("param_group must be a dict, but got ", type_name(v[1])));
        const Value* p = dict_get(d, "params");
        if (!p) throw PyError(new_exception(T().KeyError, {new_str("params")}));  // param_group["params"]
        if (p->is(Kind::Tensor) == false && p->is(Kind::Dict))
            raise(T().TypeError, "optimizer parameters need to be organized in ordered collections");
        sync(in, o);
        optim::ParamGroup pg;
        pg.params = params_of(in, *p);
        d->for_each([&](const Value& k, const Value& x) {
            if (!k.is(Kind::Str) || str_of(k) == "params") return;
            optim::OptionValue ov;
            if (to_option(in, x, ov)) pg.set(str_of(k), ov);
        });
        o->opt->add_param_group(pg);
        const auto& g = o->opt->param_groups().back();
        o->groups->items.push_back(group_dict(g, d, o->defaults.get(), tensor_list(g.params)));
        return Value::none();
    });
    def_property(t, "param_groups", [](Interpreter&, const CallArgs& a) { return Value(opt_of(a.args[0])->groups); });
    def_property(t, "defaults", [](Interpreter&, const CallArgs& a) { return Value(opt_of(a.args[0])->defaults); });
    // Pickling and copying, as PyTorch's Optimizer does it (torch/optim/optimizer.py): __getstate__
    // is {'defaults', 'state', 'param_groups'} with the parameters themselves in the groups and as the
    // state's keys, so torch.save(model) of a model holding its optimizer (Keras-style wrappers such
    // as DeepCTR-Torch's BaseModel.compile), copy.deepcopy(optimizer) and pickle all work, and a
    // parameter shared with a saved or copied module stays one object (pickle's memo, deepcopy's
    // memo). pickle's NEWOBJ makes a blank optimizer (Optimizer.__new__), which __setstate__
    // completes by building the C++ optimizer from the groups (torch.optim.optimizer's
    // _native_setstate, then _kiln_adopt) and loading each parameter's state.
    t->dict.set("__new__", Value(make<StaticMethod>(new_builtin("__new__", [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs < 1) raise(T().TypeError, "Optimizer.__new__(): not enough arguments");
        auto* cls = a.args[0].as<Type>();
        if (!cls || !cls->is_subtype_of(g_optimizer_type))
            raise(T().TypeError, str("Optimizer.__new__(X): X is not a subtype of Optimizer (", type_name(a.args[0]), ")"));
        return Value(make<OptimizerObj>(cls).get());
    })).get()));
    method(t, "__getstate__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__getstate__(self)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        auto d = make<Dict>();
        d->set(new_str("defaults"), Value(o->defaults));
        // PyTorch's optimizer.state is a defaultdict(dict) (its steps read self.state[p] of a parameter
        // not stepped yet), so a file loaded by PyTorch gets one too.
        Value dd = *in.import_module("collections")->dict.find("defaultdict");
        Value dict_type = *in.import_module("builtins")->dict.find("dict");
        d->set(new_str("state"), in.call(dd, {dict_type, getattr(in, v[0], "state")}));
        d->set(new_str("param_groups"), Value(o->groups));
        return Value(d.get());
    });
    method(t, "__setstate__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__setstate__(self, state)");
        auto v = sig.bind(a);
        if (!native_cast<OptimizerObj>(v[0])) raise(T().TypeError, "descriptor '__setstate__' requires an 'Optimizer' object");
        Value helper = *in.import_module("torch.optim.optimizer")->dict.find("_native_setstate");
        return in.call(helper, {v[0], v[1]});
    });
    method(t, "__deepcopy__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__deepcopy__(self, memo)");
        auto v = sig.bind(a);
        opt_of(v[0]);
        Value helper = *in.import_module("torch.optim.optimizer")->dict.find("_native_deepcopy");
        return in.call(helper, {v[0], v[1]});
    });
    // _kiln_adopt(self, fresh): takes over a freshly built optimizer's C++ optimizer, groups and
    // defaults (the last step of __setstate__; `fresh` is left blank).
    method(t, "_kiln_adopt", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_kiln_adopt(self, fresh)");
        auto v = sig.bind(a);
        auto* self = native_cast<OptimizerObj>(v[0]);
        OptimizerObj* fresh = opt_of(v[1]);
        if (!self) raise(T().TypeError, "_kiln_adopt() needs an optimizer");
        self->opt = std::move(fresh->opt);
        self->groups = fresh->groups;
        self->defaults = fresh->defaults;
        self->state_lists = fresh->state_lists;
        self->py_state = Value();
        self->synced.clear();
        self->step_tracked = false;
        self->opt_called = false;
        fresh->groups.reset();
        fresh->defaults.reset();
        fresh->state_lists.reset();
        return Value::none();
    });
    def_property(t, "_kiln_blank", [](Interpreter&, const CallArgs& a) {
        auto* o = native_cast<OptimizerObj>(a.args[0]);
        return Value::boolean(!o || !o->opt);
    });

    // optimizer.state: {param: {"step": ..., "exp_avg": ...}} for the parameters stepped so far.
    def_property(t, "state", [](Interpreter& in, const CallArgs& a) { return state_of(in, opt_of(a.args[0])); });
    // state_dict(): {'state': {index: {name: tensor}}, 'param_groups': [{options..., 'params': [index]}]},
    // parameters numbered across the groups in order; the state tensors are the optimizer's own.
    // The hook registrations are PyTorch's Python (torch/optim/optimizer.py), called with the
    // optimizer first; state_dict/load_state_dict run the state-dict hooks only when one is there.
    for (const char* name : {"register_step_pre_hook", "register_step_post_hook", "register_state_dict_pre_hook",
                             "register_state_dict_post_hook", "register_load_state_dict_pre_hook",
                             "register_load_state_dict_post_hook", "_patch_step_function"}) {
        method(t, name, [name](Interpreter& in, const CallArgs& a) {
            return in.call(*in.import_module("torch.optim.optimizer")->dict.find(name), a);
        });
    }
    method(t, "_optimizer_step_code", [](Interpreter&, const CallArgs&) { return Value::none(); });
    auto with_hooks = [](const char* name, const char* pre, const char* post, const char* helper, const char* inner) {
        return [=](Interpreter& in, const CallArgs& a) -> Value {
            if (a.nargs < 1) raise(T().TypeError, str(name, "() missing 1 required positional argument: 'self'"));
            Value self = a.args[0];
            opt_of(self);
            StrMap* attrs = attribute_dict(self);
            auto nonempty = [&](const char* k) {
                const Value* d = attrs ? attrs->find(k) : nullptr;
                return d && d->as<Dict>() && d->as<Dict>()->size() > 0;
            };
            Value fn = getattr(in, self, inner);
            CallArgs rest = a;
            ++rest.args;
            --rest.nargs;
            if (!nonempty(pre) && !nonempty(post)) return in.call(fn, rest);
            if (a.nkw) raise(T().TypeError, str(name, "() takes no keyword arguments"));
            std::vector<Value> args = {self};
            for (size_t i = 1; i < a.nargs; ++i) args.push_back(a.args[i]);
            args.push_back(fn);
            return in.call(*in.import_module("torch.optim.optimizer")->dict.find(helper), args);
        };
    };
    method(t, "state_dict", with_hooks("state_dict", "_optimizer_state_dict_pre_hooks", "_optimizer_state_dict_post_hooks",
                                       "_hooked_state_dict", "_kiln_state_dict"));
    method(t, "load_state_dict", with_hooks("load_state_dict", "_optimizer_load_state_dict_pre_hooks",
                                            "_optimizer_load_state_dict_post_hooks", "_hooked_load_state_dict",
                                            "_kiln_load_state_dict"));
    method(t, "_kiln_state_dict", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("state_dict(self)");
        Value self = sig.bind(a)[0];
        OptimizerObj* o = opt_of(self);
        sync(in, o);
        // entries the program's own step keeps in optimizer.state: packed from it, as PyTorch does
        if (has_python_state(in, o))
            return in.call(*in.import_module("torch.optim.optimizer")->dict.find("_state_dict"), {self});
        std::vector<TensorImpl*> order;  // parameter index -> tensor
        auto groups = make<List>();
        for (const Value& gv : o->groups->items) {
            auto* g = gv.as<Dict>();
            if (!g) raise(T().TypeError, "optimizer.param_groups must hold dicts");
            auto packed = make<Dict>();
            g->for_each([&](const Value& k, const Value& v) {
                if (!(k.is(Kind::Str) && str_of(k) == "params")) packed->set(k, v);
            });
            std::vector<Value> ids;
            const Value* params = dict_get(g, "params");
            for (const Tensor& p : params ? params_of(in, *params) : std::vector<Tensor>{}) {
                size_t id = std::find(order.begin(), order.end(), p.impl()) - order.begin();
                if (id == order.size()) order.push_back(p.impl());
                ids.push_back(Value::integer(int64_t(id)));
            }
            packed->set(new_str("params"), new_list(std::move(ids)));
            groups->items.push_back(Value(packed.get()));
        }
        auto state = make<Dict>();
        if (auto* lbfgs = dynamic_cast<optim::LBFGS*>(o->opt.get())) {
            Value st = lbfgs_state(lbfgs);
            st.get<Dict>()->for_each([&](const Value&, const Value& v) { state->set(Value::integer(0), v); });
        } else {
            for (const auto& [p, st] : states_in_order(o)) {
                size_t id = std::find(order.begin(), order.end(), p.impl()) - order.begin();
                auto e = make<Dict>();
                for (const auto& [k, v] : st->entries) e->set(new_str(k), optim_state_value(in, v));
                state->set(Value::integer(int64_t(id)), Value(e.get()));
            }
        }
        auto out = make<Dict>();
        out->set(new_str("state"), Value(state.get()));
        out->set(new_str("param_groups"), Value(groups.get()));
        return Value(out.get());
    });
    // load_state_dict(sd): the saved options replace each group's (its parameters stay), and the saved
    // state goes to the parameter with the same index, cast to its dtype ('step' kept as saved).
    method(t, "_kiln_load_state_dict", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("load_state_dict(self, state_dict)");
        auto v = sig.bind(a);
        OptimizerObj* o = opt_of(v[0]);
        sync(in, o);
        auto* sd = v[1].as<Dict>();
        if (!sd) raise(T().TypeError, str("state_dict must be a dict, not ", type_name(v[1])));
        const Value* saved_groups_v = dict_get(sd, "param_groups");
        const Value* saved_state_v = dict_get(sd, "state");
        // state_dict["param_groups"] in PyTorch: the KeyError's argument is the key itself
        if (!saved_groups_v) throw PyError(new_exception(T().KeyError, {new_str("param_groups")}));
        if (!saved_state_v) throw PyError(new_exception(T().KeyError, {new_str("state")}));
        std::vector<Value> saved_groups = to_vector(in, *saved_groups_v);
        auto& groups = o->groups->items;
        if (saved_groups.size() != groups.size())
            raise(T().ValueError, "loaded state dict has a different number of parameter groups");
        std::vector<std::pair<Value, Tensor>> id_map;  // saved id -> parameter
        for (size_t i = 0; i < groups.size(); ++i) {
            auto* sg = saved_groups[i].as<Dict>();
            if (!sg) raise(T().TypeError, "param_groups must hold dicts");
            const Value* sp = dict_get(sg, "params");
            std::vector<Value> saved_ids = sp ? to_vector(in, *sp) : std::vector<Value>{};
            const Value* cp = dict_get(groups[i].get<Dict>(), "params");
            std::vector<Tensor> current = cp ? params_of(in, *cp) : std::vector<Tensor>{};
            if (saved_ids.size() != current.size())
                raise(T().ValueError,
                      "loaded state dict contains a parameter group that doesn't match the size of optimizer's group");
            for (size_t j = 0; j < current.size(); ++j) id_map.emplace_back(saved_ids[j], current[j]);
        }
        auto* saved_state = saved_state_v->as<Dict>();
        if (!saved_state) raise(T().TypeError, "state_dict['state'] must be a dict");
        if (auto* lbfgs = dynamic_cast<optim::LBFGS*>(o->opt.get())) {
            // its one entry (under the first parameter's index): counts, direction, history
            optim::LBFGS::Saved sv;
            saved_state->for_each([&](const Value&, const Value& entry) {
                auto* e = entry.as<Dict>();
                if (!e) return;
                auto tensor_of = [&](const char* k) {
                    const Value* x = dict_get(e, k);
                    auto* t = x ? x->as<TensorObj>() : nullptr;
                    return t ? t->tensor : Tensor();
                };
                auto tensors_of = [&](const char* k) {
                    std::vector<Tensor> out;
                    if (const Value* x = dict_get(e, k))
                        for (const Value& item : to_vector(in, *x)) {
                            auto* t = item.as<TensorObj>();
                            out.push_back(t ? t->tensor : Tensor());
                        }
                    return out;
                };
                if (const Value* x = dict_get(e, "func_evals")) sv.func_evals = to_dim(*x, "load_state_dict", "func_evals");
                if (const Value* x = dict_get(e, "n_iter")) sv.n_iter = to_dim(*x, "load_state_dict", "n_iter");
                sv.d = tensor_of("d");
                if (const Value* x = dict_get(e, "t")) {
                    if (auto* t = x->as<TensorObj>()) sv.t_tensor = t->tensor;
                    else sv.t = to_float(*x, "load_state_dict", "t");
                }
                sv.old_dirs = tensors_of("old_dirs");
                sv.old_stps = tensors_of("old_stps");
                sv.ro = tensors_of("ro");
                sv.al = tensors_of("al");
                sv.h_diag = tensor_of("H_diag");
                sv.prev_flat_grad = tensor_of("prev_flat_grad");
                if (const Value* x = dict_get(e, "prev_loss")) {
                    sv.prev_loss = to_float(*x, "load_state_dict", "prev_loss");
                    sv.iterated = true;
                }
            });
            lbfgs->restore(sv);
        }
        o->opt->clear_state();
        o->state_lists.reset();
        o->py_state = Value();
        o->synced.clear();
        std::vector<std::pair<Tensor, Value>> python_entries;  // what only optimizer.state can hold
        saved_state->for_each([&](const Value& k, const Value& sv) {
            const Tensor* param = nullptr;
            for (const auto& [id, p] : id_map)
                if (equals(in, id, k)) param = &p;
            auto* entries = sv.as<Dict>();
            if (!param || !entries) return;
            optim::ParamState& st = o->opt->state(*param);
            entries->for_each([&](const Value& name, const Value& x) {
                auto* t = x.as<TensorObj>();
                if (!name.is(Kind::Str) || !t) {
                    // a subclass's own step kept a number or a list there (state['step'] = 0)
                    python_entries.emplace_back(*param, Value(entries));
                    return;
                }
                Tensor value = t->tensor;
                if (str_of(name) != "step" && param->is_floating_point() &&
                    (value.dtype() != param->dtype() || value.device() != param->device()))
                    value = to_device(to_dtype(value, param->dtype()), param->device());
                st.set(str_of(name), value);
            });
        });
        if (!python_entries.empty()) {
            Value st = state_of(in, o);
            for (const auto& [param, entries] : python_entries) {
                Value e = getitem(in, st, wrap(param));
                entries.get<Dict>()->for_each([&](const Value& k, const Value& x) {
                    if (!x.is(Kind::Tensor)) setitem(in, e, k, x);
                });
            }
        }
        // The groups: the saved options (copied), each with the current parameters.
        for (size_t i = 0; i < groups.size(); ++i) {
            auto* sg = saved_groups[i].as<Dict>();
            auto nd = make<Dict>();
            sg->for_each([&](const Value& k, const Value& x) { nd->set(k, x); });
            nd->set(new_str("params"), *dict_get(groups[i].get<Dict>(), "params"));
            groups[i] = Value(nd.get());
        }
        sync(in, o);
        return Value::none();
    });
    method(t, "__repr__", [](Interpreter& in, const CallArgs& a) {
        return new_str(optimizer_repr(in, opt_of(a.args[0])));
    });
}

Value lr_value(const Value& v) { return v; }

// ---- RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam, ASGD, Rprop, LBFGS ----------------------
//
// One declaration each: the class's signature (PyTorch's, also its __text_signature__), the checks
// its constructor makes (PyTorch's order and wording, with the program's own values), the
// param-group keys in PyTorch's `defaults` order (each from an argument slot), and the C++
// optimizer built from the bound arguments.
struct OptimizerDecl {
    const char* name;
    const char* module;
    const char* text_signature;  // without the name
    // slot name -> default tuple, for "?" slots (numbers, made into a fresh tuple per call: a
    // Value kept in a static would outlive the interpreter that made it)
    std::vector<std::pair<const char*, std::vector<Scalar>>> tuple_defaults;
    std::vector<const char*> keys;                                // defaults keys, in PyTorch's order
    kiln::Function<void(Interpreter&, std::vector<Value>&, const Signature&)> check;
    kiln::Function<std::unique_ptr<optim::Optimizer>(const std::vector<Value>&, std::vector<optim::ParamGroup>)> build;
};

int slot_of(const Signature& sig, const char* name) {
    const std::vector<std::string> names = sig.param_names();
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return int(i);
    raise(T().RuntimeError, str("optimizer declaration names no parameter '", name, "'"));
}

Type* declare_optimizer(const OptimizerDecl& decl) {
    Type* t = make_builtin_type(decl.name, g_optimizer_type, Kind::Native, decl.module);
    t->dict.set("__text_signature__", Value(immortal<Str>(decl.text_signature)));
    // The parser takes no tuple defaults: those slots are "?" and filled from tuple_defaults.
    std::string spec = std::string(decl.name) + decl.text_signature;
    for (const auto& [slot, def] : decl.tuple_defaults) {
        (void)def;
        std::string from = std::string(slot) + "=(";
        size_t at = spec.find(from);
        size_t end = spec.find(')', at);
        spec.replace(at, end + 1 - at, std::string(slot) + "=?");
    }
    auto sig = std::make_shared<Signature>(spec.c_str());
    t->construct = [t, decl, sig](Interpreter& in, const CallArgs& a) {
        auto v = sig->bind(a);
        for (const auto& [slot, def] : decl.tuple_defaults) {
            Value& x = v[size_t(slot_of(*sig, slot))];
            if (x.is_null()) {
                std::vector<Value> items;
                for (const Scalar& e : def) items.push_back(scalar_value(e));
                x = new_tuple(std::move(items));
            }
        }
        decl.check(in, v, *sig);
        auto d = make<Dict>();
        for (const char* k : decl.keys) d->set(new_str(k), v[size_t(slot_of(*sig, k))]);
        return make_optimizer(in, t, v[0], d, [&](std::vector<optim::ParamGroup> g) { return decl.build(v, std::move(g)); });
    };
    subclassable_optimizer(t);
    return t;
}

// "Invalid beta parameter at index 0: 1.0" for a betas pair (any iterable of two numbers).
std::pair<double, double> checked_betas(Interpreter& in, const Value& betas, const char* fn) {
    std::vector<Value> b = to_vector(in, betas);
    if (b.size() != 2) raise(T().ValueError, str("not enough values to unpack (expected 2, got ", b.size(), ")"));
    for (int i = 0; i < 2; ++i) {
        double x = to_float(b[size_t(i)], fn, "betas");
        if (!(0.0 <= x && x < 1.0))  // `if not 0.0 <= betas[i] < 1.0`: NaN refused
            raise(T().ValueError, str("Invalid beta parameter at index ", i, ": ", repr(in, b[size_t(i)])));
    }
    return {to_float(b[0], fn, "betas"), to_float(b[1], fn, "betas")};
}

std::pair<double, double> float_pair(Interpreter& in, const Value& v, const char* fn, const char* arg) {
    std::vector<Value> b = to_vector(in, v);
    if (b.size() != 2) raise(T().ValueError, str("not enough values to unpack (expected 2, got ", b.size(), ")"));
    return {to_float(b[0], fn, arg), to_float(b[1], fn, arg)};
}

void register_more_optimizers(ModuleObj& m) {
    static std::vector<std::pair<const char*, Type*>> types;
    if (types.empty()) {
        auto F = [](const std::vector<Value>& v, const Signature& sig, const char* name) {
            return to_float(v[size_t(slot_of(sig, name))], "", name);
        };
        auto nonneg = [](Interpreter& in, const std::vector<Value>& v, const Signature& sig, const char* name,
                         const char* what) { check_min(in, v[size_t(slot_of(sig, name))], what); };
        const std::vector<Scalar> betas_default = {Scalar(0.9), Scalar(0.999)};

        types.emplace_back("RMSprop", declare_optimizer(OptimizerDecl{
            "RMSprop", "torch.optim.rmsprop",
            "(params, lr=0.01, alpha=0.99, eps=1e-08, weight_decay=0, momentum=0, centered=False, "
            "capturable=False, foreach=None, maximize=False, differentiable=False)",
            {},
            {"lr", "momentum", "alpha", "eps", "centered", "weight_decay", "capturable", "foreach", "maximize",
             "differentiable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "eps", "epsilon value");
                nonneg(in, v, s, "momentum", "momentum value");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
                nonneg(in, v, s, "alpha", "alpha value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::RMSprop(std::move(g)));
            }}));
        types.emplace_back("Adagrad", declare_optimizer(OptimizerDecl{
            "Adagrad", "torch.optim.adagrad",
            "(params, lr=0.01, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10, foreach=None, "
            "*, maximize=False, differentiable=False, fused=None)",
            {},
            {"lr", "lr_decay", "eps", "weight_decay", "initial_accumulator_value", "foreach", "maximize",
             "differentiable", "fused"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "lr_decay", "lr_decay value");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
                nonneg(in, v, s, "initial_accumulator_value", "initial_accumulator_value value");
                nonneg(in, v, s, "eps", "epsilon value");
                check_fused(in, v[size_t(slot_of(s, "fused"))], v[size_t(slot_of(s, "foreach"))],
                            v[size_t(slot_of(s, "differentiable"))]);
            },
            [F](const std::vector<Value>& v, std::vector<optim::ParamGroup> g) {
                static const Signature s("Adagrad.__init__(params, lr=0.01, lr_decay=0, weight_decay=0, "
                                         "initial_accumulator_value=0)");
                optim::AdagradOptions o;
                // Only the accumulator's start value matters here: the constructor fills the state
                // with it (the other options come from the param-group dicts at every step).
                o.initial_accumulator_value = F(v, s, "initial_accumulator_value");
                return std::unique_ptr<optim::Optimizer>(new optim::Adagrad(std::move(g), o));
            }}));
        types.emplace_back("Adadelta", declare_optimizer(OptimizerDecl{
            "Adadelta", "torch.optim.adadelta",
            "(params, lr=1.0, rho=0.9, eps=1e-06, weight_decay=0, foreach=None, *, capturable=False, "
            "maximize=False, differentiable=False)",
            {},
            {"lr", "rho", "eps", "weight_decay", "maximize", "capturable", "foreach", "differentiable"},
            [nonneg, F](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                double rho = F(v, s, "rho");
                if (!(rho >= 0.0 && rho <= 1.0))
                    raise(T().ValueError, "Invalid rho value: " + repr(in, v[size_t(slot_of(s, "rho"))]));
                nonneg(in, v, s, "eps", "epsilon value");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::Adadelta(std::move(g)));
            }}));
        types.emplace_back("Adamax", declare_optimizer(OptimizerDecl{
            "Adamax", "torch.optim.adamax",
            "(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, foreach=None, *, maximize=False, "
            "differentiable=False, capturable=False)",
            {{"betas", betas_default}},
            {"lr", "betas", "eps", "weight_decay", "foreach", "maximize", "differentiable", "capturable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "eps", "epsilon value");
                checked_betas(in, v[size_t(slot_of(s, "betas"))], "Adamax");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::Adamax(std::move(g)));
            }}));
        types.emplace_back("NAdam", declare_optimizer(OptimizerDecl{
            "NAdam", "torch.optim.nadam",
            "(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, momentum_decay=0.004, "
            "decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False, differentiable=False)",
            {{"betas", betas_default}},
            {"lr", "betas", "eps", "weight_decay", "momentum_decay", "decoupled_weight_decay", "maximize", "foreach",
             "capturable", "differentiable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "eps", "epsilon value");
                checked_betas(in, v[size_t(slot_of(s, "betas"))], "NAdam");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
                nonneg(in, v, s, "momentum_decay", "momentum_decay value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::NAdam(std::move(g)));
            }}));
        types.emplace_back("RAdam", declare_optimizer(OptimizerDecl{
            "RAdam", "torch.optim.radam",
            "(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, decoupled_weight_decay=False, *, "
            "foreach=None, maximize=False, capturable=False, differentiable=False)",
            {{"betas", betas_default}},
            {"lr", "betas", "eps", "weight_decay", "maximize", "foreach", "capturable", "decoupled_weight_decay",
             "differentiable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "eps", "epsilon value");
                checked_betas(in, v[size_t(slot_of(s, "betas"))], "RAdam");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::RAdam(std::move(g)));
            }}));
        types.emplace_back("ASGD", declare_optimizer(OptimizerDecl{
            "ASGD", "torch.optim.asgd",
            "(params, lr=0.01, lambd=0.0001, alpha=0.75, t0=1000000.0, weight_decay=0, foreach=None, "
            "maximize=False, differentiable=False, capturable=False)",
            {},
            {"lr", "lambd", "alpha", "t0", "weight_decay", "foreach", "maximize", "differentiable", "capturable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                nonneg(in, v, s, "weight_decay", "weight_decay value");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::ASGD(std::move(g)));
            }}));
        types.emplace_back("Rprop", declare_optimizer(OptimizerDecl{
            "Rprop", "torch.optim.rprop",
            "(params, lr=0.01, etas=(0.5, 1.2), step_sizes=(1e-06, 50), *, capturable=False, foreach=None, "
            "maximize=False, differentiable=False)",
            {{"etas", {Scalar(0.5), Scalar(1.2)}}, {"step_sizes", {Scalar(1e-6), Scalar(int64_t(50))}}},
            {"lr", "etas", "step_sizes", "foreach", "maximize", "differentiable", "capturable"},
            [nonneg](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                nonneg(in, v, s, "lr", "learning rate");
                const Value& etas = v[size_t(slot_of(s, "etas"))];
                auto [minus, plus] = float_pair(in, etas, "Rprop", "etas");
                if (!(0.0 < minus && minus < 1.0 && 1.0 < plus)) {
                    std::vector<Value> e = to_vector(in, etas);
                    raise(T().ValueError, "Invalid eta values: " + to_str(in, e[0]) + ", " + to_str(in, e[1]));
                }
                float_pair(in, v[size_t(slot_of(s, "step_sizes"))], "Rprop", "step_sizes");
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::Rprop(std::move(g)));
            }}));
        types.emplace_back("LBFGS", declare_optimizer(OptimizerDecl{
            "LBFGS", "torch.optim.lbfgs",
            "(params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-07, tolerance_change=1e-09, "
            "history_size=100, line_search_fn=None)",
            {},
            {"lr", "max_iter", "max_eval", "tolerance_grad", "tolerance_change", "history_size", "line_search_fn"},
            [](Interpreter& in, std::vector<Value>& v, const Signature& s) {
                Value& max_eval = v[size_t(slot_of(s, "max_eval"))];
                const Value& max_iter = v[size_t(slot_of(s, "max_iter"))];
                if (max_eval.is_none()) {
                    // max_iter * 5 // 4, in Python's arithmetic (a float max_iter gives a float)
                    max_eval = binary_op(in, bytecode::NB_FLOOR_DIVIDE,
                                         binary_op(in, bytecode::NB_MULTIPLY, max_iter, Value::integer(5)),
                                         Value::integer(4));
                }
            },
            [](const std::vector<Value>&, std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::LBFGS(std::move(g)));
            }}));
    }
    for (const auto& [name, type] : types) m.dict.set(name, Value(type));
}

void register_optimizers(ModuleObj& m) {
    // SGD(params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
    //     foreach=None, differentiable=False, fused=None)
    static Type* sgd = [] {
        Type* t = make_builtin_type("SGD", g_optimizer_type, Kind::Native, "torch.optim.sgd");
        // inspect.signature(torch.optim.SGD) reads this (CPython's text signatures of built-ins).
        t->dict.set("__text_signature__", Value(immortal<Str>("(params, lr=0.001, momentum=0, dampening=0, weight_decay=0, "
                                                              "nesterov=False, *, maximize=False, foreach=None, "
                                                              "differentiable=False, fused=None)")));
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            static const Signature sig("SGD.__init__(params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, "
                                       "*, maximize=False, foreach=None, differentiable=False, fused=None)");
            auto v = sig.bind(a);
            check_nonneg(in, v[1], "learning rate");
            check_nonneg(in, v[2], "momentum value");
            check_nonneg(in, v[4], "weight_decay value");
            optim::SGDOptions o;
            o.lr = to_float(v[1], "SGD", "lr");
            o.momentum = to_float(v[2], "SGD", "momentum");
            o.dampening = to_float(v[3], "SGD", "dampening");
            o.weight_decay = to_float(v[4], "SGD", "weight_decay");
            o.nesterov = truthy(in, v[5]);
            o.maximize = truthy(in, v[6]);
            if (o.nesterov && (o.momentum <= 0 || o.dampening != 0))
                raise(T().ValueError, "Nesterov momentum requires a momentum and zero dampening");
            check_fused(in, v[9], v[7], v[8]);
            auto defaults = defaults_dict({{"lr", lr_value(v[1])}, {"momentum", v[2]}, {"dampening", v[3]},
                                           {"weight_decay", v[4]}, {"nesterov", v[5]}, {"maximize", v[6]},
                                           {"foreach", v[7]}, {"differentiable", v[8]}, {"fused", v[9]}});
            return make_optimizer(in, t, v[0], defaults, [o](std::vector<optim::ParamGroup> g) {
                return std::unique_ptr<optim::Optimizer>(new optim::SGD(std::move(g), o));
            });
        };
        subclassable_optimizer(t);
        return t;
    }();
    // Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *, foreach=None,
    //      maximize=False, capturable=False, differentiable=False, fused=None, decoupled_weight_decay=False);
    // AdamW: weight_decay=0.01 and decoupled weight decay.
    auto adam_type = [](const char* name, const char* module, bool adamw) {
        Type* t = make_builtin_type(name, g_optimizer_type, Kind::Native, module);
        t->dict.set("__text_signature__",
                    Value(immortal<Str>(adamw ? "(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, "
                                                "amsgrad=False, *, maximize=False, foreach=None, capturable=False, "
                                                "differentiable=False, fused=None)"
                                              : "(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, "
                                                "amsgrad=False, *, foreach=None, maximize=False, capturable=False, "
                                                "differentiable=False, fused=None, decoupled_weight_decay=False)")));
        t->construct = [t, name, adamw](Interpreter& in, const CallArgs& a) {
            static const Signature adam_sig("Adam.__init__(params, lr=0.001, betas=?, eps=1e-08, weight_decay=0, "
                                            "amsgrad=False, *, foreach=None, maximize=False, capturable=False, "
                                            "differentiable=False, fused=None, decoupled_weight_decay=False)");
            static const Signature adamw_sig("AdamW.__init__(params, lr=0.001, betas=?, eps=1e-08, "
                                             "weight_decay=0.01, amsgrad=False, *, maximize=False, foreach=None, "
                                             "capturable=False, differentiable=False, fused=None)");
            auto v = (adamw ? adamw_sig : adam_sig).bind(a);
            // The signature parser takes no tuple defaults: betas=(0.9, 0.999) is filled here.
            if (v[2].is_null()) v[2] = new_tuple({Value::number(0.9), Value::number(0.999)});
            // Slots: 0 params, 1 lr, 2 betas, 3 eps, 4 weight_decay, 5 amsgrad, then the keyword-only ones.
            Value foreach = adamw ? v[7] : v[6], maximize = adamw ? v[6] : v[7];
            Value decoupled = adamw ? Value::boolean(true) : v[11];
            check_min(in, v[1], "learning rate");
            check_min(in, v[3], "epsilon value");
            std::vector<Value> betas = to_vector(in, v[2]);
            if (betas.size() != 2) raise(T().ValueError, "betas must be a pair of floats");
            for (int i = 0; i < 2; ++i) {
                double b = to_float(betas[size_t(i)], name, "betas");
                if (!(0.0 <= b && b < 1.0))
                    raise(T().ValueError, str("Invalid beta parameter at index ", i, ": ", repr(in, betas[size_t(i)])));
            }
            check_min(in, v[4], "weight_decay value");
            check_fused(in, v[10], foreach, v[9]);
            optim::AdamOptions o;
            o.lr = to_float(v[1], name, "lr");
            o.beta1 = to_float(betas[0], name, "betas");
            o.beta2 = to_float(betas[1], name, "betas");
            o.eps = to_float(v[3], name, "eps");
            o.weight_decay = to_float(v[4], name, "weight_decay");
            o.amsgrad = truthy(in, v[5]);
            o.maximize = truthy(in, maximize);
            bool dec = truthy(in, decoupled);
            auto defaults = defaults_dict({{"lr", v[1]}, {"betas", v[2]}, {"eps", v[3]}, {"weight_decay", v[4]},
                                           {"amsgrad", v[5]}, {"maximize", maximize}, {"foreach", foreach},
                                           {"capturable", v[8]}, {"differentiable", v[9]}, {"fused", v[10]},
                                           {"decoupled_weight_decay", Value::boolean(dec)}});
            return make_optimizer(in, t, v[0], defaults, [o, adamw, dec](std::vector<optim::ParamGroup> g) {
                if (adamw || dec) return std::unique_ptr<optim::Optimizer>(new optim::AdamW(std::move(g), o));
                return std::unique_ptr<optim::Optimizer>(new optim::Adam(std::move(g), o));
            });
        };
        subclassable_optimizer(t);
        return t;
    };
    static Type* adam = adam_type("Adam", "torch.optim.adam", false);
    register_more_optimizers(m);
    static Type* adamw = adam_type("AdamW", "torch.optim.adamw", true);
    // The native base of the optimizers above; torch.optim.Optimizer is PyTorch's Python class
    // (engine/stdlib/torch/optim/optimizer.py), which programs subclass and which counts these
    // native optimizers as its instances.
    m.dict.set("_NativeOptimizer", Value(g_optimizer_type));
    m.dict.set("SGD", Value(sgd));
    m.dict.set("Adam", Value(adam));
    m.dict.set("AdamW", Value(adamw));
}

// PyTorch defines each optimizer in its own module (torch/optim/adam.py, ...): `from
// torch.optim.adam import Adam` is written by programs, and pickle names the class by that
// module (torch.save of an optimizer, or of a model that holds one, writes the global
// `torch.optim.adam Adam`). Each module holds its class and, as PyTorch's do, Optimizer.
const std::pair<const char*, const char*> kOptimizerSubmodules[] = {
    {"torch.optim.adadelta", "Adadelta"}, {"torch.optim.adagrad", "Adagrad"}, {"torch.optim.adam", "Adam"},
    {"torch.optim.adamax", "Adamax"},     {"torch.optim.adamw", "AdamW"},     {"torch.optim.asgd", "ASGD"},
    {"torch.optim.lbfgs", "LBFGS"},       {"torch.optim.nadam", "NAdam"},     {"torch.optim.radam", "RAdam"},
    {"torch.optim.rmsprop", "RMSprop"},   {"torch.optim.rprop", "Rprop"},     {"torch.optim.sgd", "SGD"}};

void optim_module(Interpreter& in, ModuleObj& m) {
    register_optimizers(m);
    m.dict.set("Optimizer", *in.import_module("torch.optim.optimizer")->dict.find("Optimizer"));
    m.dict.set("lr_scheduler", Value(in.import_module("torch.optim.lr_scheduler").get()));
    m.dict.set("swa_utils", Value(in.import_module("torch.optim.swa_utils").get()));
    // SparseAdam is Kiln's Python (stdlib/torch/optim/sparse_adam.py) over sparse COO gradients
    m.dict.set("SparseAdam", *in.import_module("torch.optim.sparse_adam")->dict.find("SparseAdam"));
    // Adafactor (PyTorch 2.5+) likewise: stdlib/torch/optim/_adafactor.py
    m.dict.set("Adafactor", *in.import_module("torch.optim._adafactor")->dict.find("Adafactor"));
    // PyTorch's torch/optim/__init__.py imports every optimizer's module and then deletes their
    // names (`del adam`, ..., `del optimizer`), keeping only lr_scheduler and swa_utils: its
    // torch.optim has no attribute `optimizer` or `adam` (dir() does not list them, and
    // torch.optim.optimizer.X raises AttributeError) although `from torch.optim.optimizer import X`
    // works. The import system binds a submodule on its parent only when it first loads it, so
    // the modules are loaded here, while torch.optim initializes, and their names then removed:
    // a later `import torch.optim.adam` finds them loaded and binds nothing, as in CPython.
    for (const auto& [module, cls] : kOptimizerSubmodules) in.import_module(module);
    for (const auto& [module, cls] : kOptimizerSubmodules) m.dict.erase(std::string_view(module).substr(12));
    m.dict.erase("optimizer");
    m.dict.erase("sparse_adam");
}

}  // namespace

void traced_step_module(Interpreter& in, ModuleObj& m);  // bindings/optim_py.cpp

// A compiled frame's optimizer.step() (Dynamo inlines the Python step instead of calling the native
// one): the scheduler's step tracking sees the call all the same.
void note_optimizer_step(const Value& optimizer) {
    if (auto* o = native_cast<OptimizerObj>(optimizer); o && o->step_tracked) o->opt_called = true;
}

void register_optim_module() {
    register_optimizer_base();
    Interpreter::register_module("torch.optim", optim_module);
    Interpreter::register_module("torch.optim._traced_step", traced_step_module);
    // The optimizers' own modules (kOptimizerSubmodules above).
    for (const auto& [module, cls] : kOptimizerSubmodules) {
        std::string name = cls;
        Interpreter::register_module(module, [name](Interpreter& in, ModuleObj& m) {
            auto optim = in.import_module("torch.optim");
            const Value* t = optim->dict.find(name);
            if (!t) raise(T().ImportError, str("cannot import name '", name, "' from 'torch.optim'"));
            m.dict.set(name, *t);
            m.dict.set("Optimizer", *optim->dict.find("Optimizer"));
            // torch/optim/lbfgs.py's line-search functions, which libraries import from it
            // (engine/stdlib/torch/optim/_line_search.py)
            if (name == "LBFGS") {
                auto ls = in.import_module("torch.optim._line_search");
                for (const char* fn : {"_cubic_interpolate", "_strong_wolfe"}) m.dict.set(fn, *ls->dict.find(fn));
            }
        });
    }
}

}  // namespace kiln::vm::bind
