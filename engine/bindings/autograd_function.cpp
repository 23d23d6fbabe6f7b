// torch.autograd.Function: user-defined forward/backward pairs, as PyTorch's custom functions.
//
//   class MyReLU(torch.autograd.Function):
//       @staticmethod
//       def forward(ctx, x): ctx.save_for_backward(x); return x.clamp(min=0)
//       @staticmethod
//       def backward(ctx, g): x, = ctx.saved_tensors; return g * (x > 0)
//   y = MyReLU.apply(x)        # y.grad_fn is the ctx, of class MyReLUBackward
//
// Function.apply (THPFunction_apply's rules): the ctx is an instance of the class's backward class
// (`<Name>Backward`, derived from BackwardCFunction, made once per Function class), forward runs under
// no_grad with the ctx first (or without it when the class defines setup_context, which then gets
// (ctx, inputs, output)); when grad mode is on and a tensor input requires grad, one PyFunctionNode
// is attached to the tensor outputs with one edge per forward argument (null for non-tensors), and
// ctx.save_for_backward's tensors become SavedTensors (outputs saved detached and re-attached on
// unpacking, so the node does not own itself). Outputs marked non-differentiable and non-floating
// outputs are not attached; an input returned as-is comes back as a new view of it; inputs marked
// dirty get the node as their history. backward(ctx, *grads) must return one gradient per forward
// argument (None for non-tensors), with PyTorch's errors; broadcast-compatible gradients are summed
// to the input's shape as validate_outputs does.
//
// The grad_fn of an output is the ctx itself (tensor.cpp's wrap_node asks custom_grad_fn_object), so
// attributes a forward sets on ctx are visible as y.grad_fn.attr, as in PyTorch.
#include <algorithm>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "bindings/convert.h"

namespace kiln::vm::bind {

namespace {

struct PyFunctionNode;

// One entry of ctx.save_for_backward.
struct SavedEntry {
    autograd::SavedTensor tensor;  // undefined: None, or `object`
    Value object;                  // a sparse COO tensor (a Python object: torch/sparse/__init__.py), kept as is
    bool is_output = false;        // saved detached; unpacking re-attaches the node
    uint32_t output_nr = 0;
};

// The ctx (FunctionCtx / BackwardCFunction instances): an ordinary Python object (attributes land in
// its dict) with the state apply() and backward need.
struct CtxObj : Instance {
    explicit CtxObj(Type* t) : Instance(t) {}
    void clear() override {
        to_save.clear();
        saved.clear();
        non_differentiable.clear();
        dirty.clear();
        Instance::clear();
    }
    std::vector<Value> to_save;  // save_for_backward's arguments until apply() converts them
    bool has_to_save = false;
    std::vector<SavedEntry> saved;
    bool saved_converted = false;  // saved holds the converted tensors
    bool saved_released = false;   // freed by a backward without retain_graph
    std::vector<TensorImpl*> non_differentiable, dirty;
    bool materialize_grads = true;
    std::weak_ptr<autograd::Node> node;
};

CtxObj* ctx_of(const Value& v) {
    auto* i = v.as<Instance>();
    return i ? dynamic_cast<CtxObj*>(i) : nullptr;
}

CtxObj* self_ctx(const CallArgs& a, const char* what) {
    CtxObj* c = a.nargs ? ctx_of(a.args[0]) : nullptr;
    if (!c) raise(T().TypeError, str("descriptor '", what, "' requires a 'FunctionCtx' object"));
    return c;
}

struct PyFunctionNode : autograd::Node {
    Value ctx;  // the Python ctx (also the grad_fn object programs see)
    void release_saved() override {
        if (CtxObj* c = ctx_of(ctx)) {
            c->saved.clear();
            c->saved_released = true;
        }
    }
};

Type *g_ctx_type, *g_backward_type, *g_function_type;

// ---- ctx methods -------------------------------------------------------------------------------------

// A sparse COO tensor of torch/sparse/__init__.py: a tensor to PyTorch, so save_for_backward takes it.
bool is_sparse_coo(const Value& v) { return type_of(v)->lookup("__kiln_sparse_coo__") != nullptr; }

std::vector<Value> varargs(const CallArgs& a) {
    if (a.nkw) raise(T().TypeError, "this method takes no keyword arguments");
    return std::vector<Value>(a.args + 1, a.args + a.nargs);
}

Value saved_tensors(const CallArgs& a) {
    CtxObj* c = self_ctx(a, "saved_tensors");
    if (c->saved_released) raise(T().RuntimeError, autograd::second_backward_message());
    std::vector<Value> out;
    if (!c->saved_converted) {
        // Inside forward (or a ctx that never went through apply): the objects as given.
        for (const Value& v : c->to_save) out.push_back(v);
        return new_tuple(std::move(out));
    }
    auto node = c->node.lock();
    for (const SavedEntry& e : c->saved) {
        if (!e.tensor.defined()) {
            out.push_back(e.object.is_null() ? Value::none() : e.object);
            continue;
        }
        Tensor t = e.tensor.get();  // checks the version (in-place changes after saving)
        if (e.is_output && node) {
            Tensor alias = t.detach();
            alias.impl()->grad_fn = node;
            alias.impl()->output_nr = e.output_nr;
            alias.impl()->requires_grad = true;
            t = alias;
        }
        out.push_back(wrap(t));
    }
    return new_tuple(std::move(out));
}

std::vector<TensorImpl*> tensor_impls(const std::vector<Value>& vs, const char* fn) {
    std::vector<TensorImpl*> r;
    for (size_t i = 0; i < vs.size(); ++i) {
        if (!is_tensor(vs[i]))
            raise(T().TypeError, str(fn, " only accepts Tensors, but argument ", i, " is of type ", type_name(vs[i])));
        r.push_back(to_tensor(vs[i]).impl());
    }
    return r;
}

void register_ctx_types() {
    g_ctx_type = make_builtin_type("FunctionCtx", T().object, Kind::Instance, "torch.autograd.function");
    g_ctx_type->allocate = [](Interpreter&, Type* cls, const CallArgs&) { return Value(make<CtxObj>(cls).get()); };
    g_ctx_type->construct = [](Interpreter&, const CallArgs&) { return Value(make<CtxObj>(g_ctx_type).get()); };
    def_method(g_ctx_type, "save_for_backward", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "save_for_backward");
        std::vector<Value> vs = varargs(a);
        for (size_t i = 0; i < vs.size(); ++i)
            if (!vs[i].is_none() && !is_tensor(vs[i]) && !is_sparse_coo(vs[i]))
                raise(T().TypeError, str("save_for_backward can only save variables, but argument ", i,
                                         " is of type ", type_name(vs[i])));
        c->to_save = std::move(vs);
        c->has_to_save = true;
        return Value::none();
    });
    def_method(g_ctx_type, "save_for_forward", [](Interpreter&, const CallArgs& a) -> Value {
        self_ctx(a, "save_for_forward");
        raise(T().NotImplementedError, "ctx.save_for_forward (forward-mode AD) is not supported in Kiln");
    });
    def_method(g_ctx_type, "mark_non_differentiable", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "mark_non_differentiable");
        for (TensorImpl* t : tensor_impls(varargs(a), "mark_non_differentiable")) c->non_differentiable.push_back(t);
        return Value::none();
    });
    def_method(g_ctx_type, "mark_dirty", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "mark_dirty");
        for (TensorImpl* t : tensor_impls(varargs(a), "mark_dirty")) c->dirty.push_back(t);
        return Value::none();
    });
    def_method(g_ctx_type, "set_materialize_grads", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "set_materialize_grads");
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, "set_materialize_grads() takes exactly one argument (value)");
        c->materialize_grads = truthy(current_interpreter(), a.args[1]);
        if (auto n = c->node.lock()) n->materialize_grads = c->materialize_grads;
        return Value::none();
    });
    def_property(g_ctx_type, "saved_tensors", [](Interpreter&, const CallArgs& a) { return saved_tensors(a); });
    def_property(g_ctx_type, "saved_variables", [](Interpreter&, const CallArgs& a) { return saved_tensors(a); });

    // The grad_fn side of a ctx: what torch.autograd.graph.Node offers (name(), next_functions).
    g_backward_type = make_builtin_type("BackwardCFunction", g_ctx_type, Kind::Instance, "torch.autograd.function");
    g_backward_type->allocate = g_ctx_type->allocate;
    add_node_hook_methods(g_backward_type, [](const Value& v) -> std::shared_ptr<autograd::Node> {
        CtxObj* c = ctx_of(v);
        return c ? c->node.lock() : nullptr;
    });
    def_method(g_backward_type, "name", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "name");
        return new_str(type_of(Value(c))->name);
    });
    def_property(g_backward_type, "next_functions", [](Interpreter&, const CallArgs& a) {
        CtxObj* c = self_ctx(a, "next_functions");
        std::vector<Value> out;
        if (auto n = c->node.lock())
            for (const autograd::Edge& e : n->next_edges)
                out.push_back(new_tuple({wrap_grad_fn(e.fn), Value::integer(e.input_nr)}));
        return new_tuple(std::move(out));
    });
}

// ---- Function.apply ------------------------------------------------------------------------------------

// The backward class of a Function class: `<Name>Backward`, cached as cls._backward_cls.
Type* backward_class(Type* cls) {
    if (const Value* v = cls->dict.find("_backward_cls"); v && v->is(Kind::Type)) return v->get<Type>();
    auto t = make<Type>(T().type, cls->name + "Backward", g_backward_type, Kind::Instance);
    t->module = cls->module;
    t->qualname = cls->qualname + "Backward";
    t->dict.set("_forward_cls", Value(cls));
    cls->dict.set("_backward_cls", Value(t.get()));
    return t.get();
}

// A setup_context-style forward's arguments as inspect.signature(forward).bind(...) with
// apply_defaults() gives them (what PyTorch's Function.apply does): keyword arguments placed by
// name and defaults filled in, so every argument has a position (and gets a gradient slot).
std::vector<Value> bind_arguments(const Value& forward, const CallArgs& a) {
    std::vector<Value> args(a.args, a.args + a.nargs);
    auto* fn = forward.as<Function>();
    if (!fn) {
        if (a.nkw) raise(T().TypeError, "apply() got keyword arguments, but forward is not a Python function");
        return args;
    }
    const auto& co = *fn->code->code;
    std::vector<std::string> names(co.varnames.begin(), co.varnames.begin() + co.argcount);
    std::vector<Value> bound(names.size());
    for (size_t i = 0; i < args.size() && i < bound.size(); ++i) bound[i] = args[i];
    for (size_t k = 0; k < a.nkw; ++k) {
        auto it = std::find(names.begin(), names.end(), a.kwname(k));
        if (it == names.end())
            raise(T().TypeError, str("forward() got an unexpected keyword argument '", a.kwname(k), "'"));
        size_t i = size_t(it - names.begin());
        if (!bound[i].is_null())
            raise(T().TypeError, str("forward() got multiple values for argument '", a.kwname(k), "'"));
        bound[i] = a.kwvalues[k];
    }
    // Defaults fill the last parameters.
    const size_t ndef = fn->defaults.size();
    for (size_t i = 0; i < bound.size(); ++i) {
        if (!bound[i].is_null()) continue;
        size_t from_end = names.size() - i;
        if (from_end <= ndef) {
            bound[i] = fn->defaults[ndef - from_end];
        } else {
            raise(T().TypeError, str("forward() missing 1 required positional argument: '", names[i], "'"));
        }
    }
    for (size_t i = bound.size(); i < args.size(); ++i) bound.push_back(args[i]);
    return bound;
}

bool overrides(Type* cls, const char* name) {
    const Value* v = cls->lookup(name);
    const Value* base = g_function_type->dict.find(name);
    return v && base && !(v->is_obj() && base->is_obj() && v->obj() == base->obj());
}

// Gradients from backward(ctx, *grads): one per forward argument.
std::vector<Tensor> call_backward(Interpreter& in, Type* cls, PyFunctionNode* node, const std::vector<bool>& is_tensor_arg,
                                  const std::vector<autograd::OutputMeta>& input_meta, const autograd::Grads& grads) {
    Value backward = getattr(in, Value(cls), "backward");
    std::vector<Value> args{node->ctx};
    for (const Tensor& g : grads) args.push_back(wrap(g));
    Value r = in.call(backward, args);
    std::vector<Value> rs;
    if (auto* t = r.as<Tuple>())
        rs = t->items;
    else
        rs.push_back(r);
    const size_t n = is_tensor_arg.size();
    if (rs.size() > n) {
        bool extra_none = true;
        for (size_t i = n; i < rs.size(); ++i) extra_none = extra_none && rs[i].is_none();
        if (!extra_none)
            raise(T().RuntimeError, str("function ", node->name, " returned an incorrect number of gradients (expected ",
                                        n, ", got ", rs.size(), ")"));
        rs.resize(n);
    }
    if (rs.size() < n)
        raise(T().RuntimeError, str("function ", node->name, " returned an incorrect number of gradients (expected ", n,
                                    ", got ", rs.size(), ")"));
    std::vector<Tensor> out(n);
    for (size_t i = 0; i < n; ++i) {
        if (rs[i].is_none()) continue;
        if (!is_tensor_arg[i])
            raise(T().RuntimeError, str("function ", node->name, " returned a gradient different than None at position ",
                                        i + 1, ", but the corresponding forward input was not a Variable"));
        if (!is_tensor(rs[i]))
            raise(T().TypeError, str("expected Variable or None (got ", type_name(rs[i]), ")"));
        Tensor g = to_tensor(rs[i]);
        const Shape& want = input_meta[i].sizes;
        if (g.sizes() != want && node->next_edges[i].fn) {
            // validate_outputs: a gradient the input's shape expands to is summed back to it.
            bool expandable = int64_t(want.size()) <= g.dim();
            for (size_t d = 0; expandable && d < want.size(); ++d) {
                int64_t gs = g.size(g.dim() - int64_t(want.size()) + int64_t(d));
                expandable = want[d] == gs || want[d] == 1;
            }
            if (!expandable)
                raise(T().RuntimeError, str("Function ", node->name, " returned an invalid gradient at index ", i,
                                            " - got ", shape_str(g.sizes()), " but expected shape compatible with ",
                                            shape_str(want)));
            g = autograd::sum_to(g, want);
        }
        out[i] = g;
    }
    return out;
}

// _process_forward_mode_AD: inside a dual level, when an input carries a tangent, the Function's
// jvp(ctx, *input_tangents) gives the outputs' tangents (None for non-tensor inputs; zeros for a
// tensor without one unless set_materialize_grads(False)), with PyTorch's count and type checks. It
// runs without forward AD, as the forward did.
void process_forward_ad(Interpreter& in, Type* cls, const Value& ctx, CtxObj* c, const std::vector<bool>& is_tensor_arg,
                        const std::vector<Tensor>& inputs, const std::vector<Value>& outs) {
    std::vector<Value> args{ctx};
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!is_tensor_arg[i]) {
            args.push_back(Value::none());
            continue;
        }
        Tensor t = autograd::fw_grad(inputs[i]);
        if (!t.defined() && c->materialize_grads && (inputs[i].is_floating_point() || inputs[i].is_complex())) {
            autograd::NoGradGuard no_grad;
            t = zeros_like(inputs[i]);
        }
        args.push_back(t.defined() ? wrap(t) : Value::none());
    }
    Value r;
    {
        autograd::FwGradModeGuard off(false);
        r = in.call(getattr(in, Value(cls), "jvp"), args);
    }
    std::vector<Value> grads = r.is(Kind::Tuple) ? r.get<Tuple>()->items : std::vector<Value>{r};
    if (grads.size() != outs.size())
        raise(T().RuntimeError, str("Function's jvp returned an invalid number of forward gradients (expected ", outs.size(),
                                    " but got ", grads.size(), ")"));
    for (size_t i = 0; i < outs.size(); ++i) {
        if (grads[i].is_none()) continue;
        if (!is_tensor(grads[i]))
            raise(T().RuntimeError, str("expected Variable or None (got ", type_name(grads[i]), ") for grad output ", i, "."));
        bool diff = is_tensor(outs[i]);
        if (diff) {
            const Tensor& o = to_tensor(outs[i]);
            diff = (o.is_floating_point() || o.is_complex()) &&
                   std::find(c->non_differentiable.begin(), c->non_differentiable.end(), o.impl()) == c->non_differentiable.end();
        }
        if (!diff)
            raise(T().RuntimeError, str("Function's jvp returned a gradient at position ", i,
                                        ", but  the corresponding forward output is not a differentiable Tensor.You "
                                        "should return None at that position instead."));
        autograd::set_fw_grad(to_tensor(outs[i]), to_tensor(grads[i]));
    }
}

Value apply(Interpreter& in, const CallArgs& a) {
    if (a.nargs < 1 || !a.args[0].is(Kind::Type)) raise(T().TypeError, "apply() must be called on a Function class");
    Type* cls = a.args[0].get<Type>();
    if (cls == g_function_type)
        raise(T().NotImplementedError, "You must implement the forward function for custom autograd.Function.");
    CallArgs rest = a;
    rest.args += 1;
    rest.nargs -= 1;
    const bool new_style = overrides(cls, "setup_context");
    Value forward = getattr(in, Value(cls), "forward");
    // Old-style forwards (ctx first) get apply's positional arguments as they are. New-style ones
    // have their defaults bound first (so a missing argument is reported against forward), but the
    // keywords still reach the C++ _FunctionBase.apply, which takes none: keywords never work.
    std::vector<Value> args = new_style ? bind_arguments(forward, rest) : std::vector<Value>(rest.args, rest.args + rest.nargs);
    if (rest.nkw) raise(T().TypeError, "apply() takes no keyword arguments");

    Type* bcls = backward_class(cls);
    auto ctx_ref = make<CtxObj>(bcls);
    Value ctx(ctx_ref.get());
    CtxObj* c = ctx_ref.get();

    std::vector<Tensor> inputs;
    std::vector<bool> is_tensor_arg;
    std::vector<Value> needs;
    bool any_requires = false;
    for (const Value& v : args) {
        bool t = is_tensor(v);
        is_tensor_arg.push_back(t);
        inputs.push_back(t ? to_tensor(v) : Tensor());
        bool rg = t && to_tensor(v).requires_grad();
        any_requires = any_requires || rg;
        needs.push_back(Value::boolean(rg));
    }
    c->dict.set("needs_input_grad", new_tuple(needs));
    const bool executable = autograd::grad_enabled() && any_requires;
    const bool forward_mode = autograd::forward_ad_active() && autograd::any_fw_grad(inputs);

    Value result;
    {
        autograd::NoGradGuard no_grad;
        autograd::FwGradModeGuard no_tangents(false);  // PyTorch's AutoFwGradMode(false) around forward
        if (new_style) {
            result = in.call(forward, args);
            Value setup = getattr(in, Value(cls), "setup_context");
            in.call(setup, {ctx, new_tuple(args), result});
        } else {
            std::vector<Value> with_ctx{ctx};
            with_ctx.insert(with_ctx.end(), args.begin(), args.end());
            result = in.call(forward, with_ctx);
        }
    }
    // _process_backward_mode_ad's last check (made with or without grad mode): a tensor marked dirty
    // was changed in place, and only a returned one can take the Function's node as its history.
    for (TensorImpl* d : c->dirty) {
        bool returned = false;
        auto visit = [&](const Value& o) { returned = returned || (is_tensor(o) && to_tensor(o).impl() == d); };
        if (result.is(Kind::Tuple))
            for (const Value& o : result.get<Tuple>()->items) visit(o);
        else
            visit(result);
        if (!returned)
            raise(T().RuntimeError, "Some elements marked as dirty during the forward method were not returned as output. "
                                    "The inputs that are modified inplace must all be outputs of the Function.");
    }
    if (!executable) {
        // Nothing to differentiate: outputs come back as forward made them (no history).
        if (!forward_mode) return result;
        // ... but forward mode gives them tangents; an input returned as-is is returned as an alias
        // (PyTorch's _view_as_self_with_no_grad), so the tangent does not land on the input itself.
        const bool tuple = result.is(Kind::Tuple);
        std::vector<Value> outs = tuple ? result.get<Tuple>()->items : std::vector<Value>{result};
        for (Value& o : outs) {
            if (!is_tensor(o)) continue;
            for (const Tensor& x : inputs)
                if (x.defined() && x.impl() == to_tensor(o).impl()) {
                    o = wrap(x.detach());
                    break;
                }
        }
        process_forward_ad(in, cls, ctx, c, is_tensor_arg, inputs, outs);
        return tuple ? new_tuple(std::move(outs)) : outs[0];
    }

    const bool is_tuple = result.is(Kind::Tuple);
    std::vector<Value> outs = is_tuple ? result.get<Tuple>()->items : std::vector<Value>{result};
    auto contains = [](const std::vector<TensorImpl*>& v, TensorImpl* p) {
        return std::find(v.begin(), v.end(), p) != v.end();
    };
    for (TensorImpl* d : c->dirty) {
        bool is_input = false;
        for (const Tensor& t : inputs) is_input = is_input || (t.defined() && t.impl() == d);
        if (!is_input) raise(T().RuntimeError, "mark_dirty only accepts input tensors, but argument 0 isn't one");
        for (const Tensor& t : inputs)
            if (t.defined() && t.impl() == d && t.is_leaf() && t.requires_grad())
                raise(T().RuntimeError, "a leaf Variable that requires grad has been used in an in-place operation.");
    }

    // The tensor outputs the node records (all of them, so backward gets one gradient per output).
    std::vector<Tensor> recorded;
    std::vector<size_t> recorded_pos;
    std::vector<bool> differentiable;
    for (size_t i = 0; i < outs.size(); ++i) {
        if (!is_tensor(outs[i])) continue;
        Tensor t = to_tensor(outs[i]);
        bool is_input = false;
        for (const Tensor& x : inputs) is_input = is_input || (x.defined() && x.impl() == t.impl());
        if (is_input && !contains(c->dirty, t.impl())) {
            // an input returned as-is: a new view of it (PyTorch's view_as) carries the new history
            std::shared_ptr<TensorImpl> input = t.impl_ptr();
            t = t.detach();
            t.impl()->base = input->base ? input->base : input;
            t.impl()->view_version = t.impl()->storage->version;
            outs[i] = wrap(t);
        }
        recorded.push_back(t);
        recorded_pos.push_back(i);
        differentiable.push_back(!contains(c->non_differentiable, t.impl()) && t.is_floating_point());
    }
    auto node = std::make_shared<PyFunctionNode>();
    node->name = bcls->name;
    node->ctx = ctx;
    node->materialize_grads = c->materialize_grads;
    std::vector<autograd::OutputMeta> input_meta;
    for (const Tensor& t : inputs)
        input_meta.push_back(t.defined() ? autograd::OutputMeta{t.sizes(), t.dtype(), t.device()} : autograd::OutputMeta{});
    PyFunctionNode* raw = node.get();
    Ref<Type> keep_cls(cls);
    node->backward = [raw, keep_cls, is_tensor_arg, input_meta](const autograd::Grads& grads) {
        return call_backward(current_interpreter(), keep_cls.get(), raw, is_tensor_arg, input_meta, grads);
    };
    autograd::attach(node, inputs, recorded);
    c->node = node;
    for (size_t k = 0; k < recorded.size(); ++k) {
        TensorImpl* impl = recorded[k].impl();
        if (differentiable[k]) {
            // _process_backward_mode_ad: a differentiable view output (not an input marked dirty)
            // may not be changed in place (check_inplace's handle_view_on_rebase)
            if (impl->base && !contains(c->dirty, impl)) {
                impl->creation_meta = autograd::kViewInCustomFunction;
                impl->view_version = impl->storage->version;
            }
            continue;
        }
        impl->grad_fn.reset();
        impl->requires_grad = false;
    }

    // save_for_backward's tensors, now that the outputs are known.
    for (const Value& v : c->to_save) {
        SavedEntry e;
        if (is_tensor(v)) {
            const Tensor& t = to_tensor(v);
            auto it = std::find_if(recorded.begin(), recorded.end(),
                                   [&](const Tensor& r) { return r.impl() == t.impl(); });
            if (it != recorded.end() && differentiable[size_t(it - recorded.begin())]) {
                e.tensor = autograd::SavedTensor(t.detach());
                e.is_output = true;
                e.output_nr = uint32_t(it - recorded.begin());
            } else {
                e.tensor = autograd::SavedTensor(t);
            }
        } else if (!v.is_none()) {
            e.object = v;  // a sparse COO tensor
        }
        c->saved.push_back(std::move(e));
    }
    c->saved_converted = true;
    c->to_save.clear();
    (void)recorded_pos;
    if (forward_mode) process_forward_ad(in, cls, ctx, c, is_tensor_arg, inputs, outs);
    return is_tuple ? new_tuple(std::move(outs)) : outs[0];
}

// ---- once_differentiable --------------------------------------------------------------------------------

Value once_differentiable(const Value& fn) {
    Value name = getattr_or_null(current_interpreter(), fn, "__name__");
    std::string n = name.is(Kind::Str) ? str_of(name) : "backward";
    return new_builtin(n, [fn](Interpreter& in, const CallArgs& a) {
        const bool enabled = autograd::grad_enabled();
        Value r;
        {
            autograd::NoGradGuard no_grad;
            r = in.call(fn, a);
        }
        if (!enabled) return r;
        // create_graph=True through a once-differentiable backward: the results carry a node that
        // refuses a second differentiation (PyTorch's DelayedError).
        std::vector<Tensor> grads_in;
        for (size_t i = 1; i < a.nargs; ++i)
            if (is_tensor(a.args[i])) grads_in.push_back(to_tensor(a.args[i]));
        if (!autograd::needs_grad(grads_in)) return r;
        std::vector<Value> items = r.is(Kind::Tuple) ? r.get<Tuple>()->items : std::vector<Value>{r};
        std::vector<Tensor> outs;
        for (Value& v : items) {
            if (!is_tensor(v)) continue;
            Tensor t = to_tensor(v).detach();
            v = wrap(t);
            outs.push_back(t);
        }
        if (outs.empty()) return r;
        autograd::record("DelayedError", grads_in, outs, [](const autograd::Grads&) -> autograd::Grads {
            KILN_FAIL(RuntimeError, "trying to differentiate twice a function that was marked with @once_differentiable");
        });
        return r.is(Kind::Tuple) ? new_tuple(std::move(items)) : items[0];
    });
}

void register_function_type() {
    g_function_type = make_builtin_type("Function", T().object, Kind::Instance, "torch.autograd.function");
    g_function_type->allocate = [](Interpreter&, Type* cls, const CallArgs&) { return Value(make<Instance>(cls).get()); };
    g_function_type->construct = [](Interpreter&, const CallArgs&) {
        return Value(make<Instance>(g_function_type).get());
    };
    g_function_type->dict.set("apply", Value(make<ClassMethod>(new_builtin("apply", apply)).get()));
    auto static_raiser = [](const char* name, const char* message) {
        std::string msg = message;
        return Value(make<StaticMethod>(new_builtin(name, [msg](Interpreter&, const CallArgs&) -> Value {
                         raise(T().NotImplementedError, msg);
                     })).get());
    };
    g_function_type->dict.set("forward",
                              static_raiser("forward", "You must implement the forward function for custom autograd.Function."));
    g_function_type->dict.set("setup_context", static_raiser("setup_context", "setup_context is not implemented."));
    Value bw = static_raiser("backward",
                             "You must implement either the backward or vjp method for your custom autograd.Function to "
                             "use it with backward mode AD.");
    g_function_type->dict.set("backward", bw);
    g_function_type->dict.set("vjp", bw);
    g_function_type->dict.set("jvp", static_raiser("jvp",
                                                   "You must implement the jvp function for custom autograd.Function "
                                                   "to use it with forward mode AD."));
    // Calling an instance: the pre-0.4 style with a non-static forward.
    def_method(g_function_type, "__call__", [](Interpreter&, const CallArgs&) -> Value {
        raise(T().RuntimeError,
              "Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd "
              "function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)");
    });
}

void function_module(Interpreter&, ModuleObj& m) {
    m.dict.set("Function", Value(g_function_type));
    m.dict.set("FunctionCtx", Value(g_ctx_type));
    m.dict.set("BackwardCFunction", Value(g_backward_type));
    m.dict.set("once_differentiable", new_builtin("once_differentiable", [](Interpreter&, const CallArgs& a) {
                   if (a.nargs != 1 || a.nkw) raise(T().TypeError, "once_differentiable() takes one function");
                   return once_differentiable(a.args[0]);
               }));
}

}  // namespace

Value custom_grad_fn_object(const autograd::Node* n) {
    if (auto* p = dynamic_cast<const PyFunctionNode*>(n)) return p->ctx;
    return Value();
}

void register_autograd_function() {
    register_ctx_types();
    register_function_type();
    Interpreter::register_module("torch.autograd.function", function_module);
}

void add_autograd_function(Interpreter& in, ModuleObj& autograd) {
    Ref<ModuleObj> f = in.import_module("torch.autograd.function");
    autograd.dict.set("Function", Value(g_function_type));
    autograd.dict.set("function", Value(f.get()));
}

}  // namespace kiln::vm::bind
