// torch.amp.GradScaler: loss scaling for mixed-precision training, and its deprecated spellings
// torch.cuda.amp.GradScaler and torch.cpu.amp.GradScaler (subclasses whose constructors emit
// PyTorch's FutureWarning). A program multiplies its loss by the scale before backward() so that small
// float16 gradients do not flush to zero; step(optimizer) divides the gradients by the scale again
// (unscale_), and skips optimizer.step() when any of them is inf/NaN; update() then backs the scale off
// (x backoff_factor) after a skipped step or grows it (x growth_factor) after growth_interval clean ones.
//
// The state follows torch/amp/grad_scaler.py so that programs see the same values and errors: the scale
// is a float32 0-dim tensor created lazily by the first scale() on the loss's device; the per-optimizer
// stage (READY -> UNSCALED -> STEPPED, reset by update()) is keyed by the optimizer object's identity;
// the update does PyTorch's _amp_update_scale_ arithmetic (float32 scale times a double factor). The
// constructor arguments are kept as the Python values given (get_growth_factor() returns what was
// passed), and a disabled scaler has no scale state at all, so get_growth_factor() is an AttributeError
// there as in PyTorch. GradScaler("cuda") on a machine without a GPU warns and disables itself.
// The optimizer is read through its Python surface (param_groups, p.grad, step()), so any optimizer
// object works, including ones a program defines.
#include <cmath>

#include "autograd/grad_mode.h"
#include "bindings/convert.h"
#include "cuda/cuda.h"

namespace kiln::vm::bind {

namespace {

enum class Stage { Ready, Unscaled, Stepped };

struct OptState {
    Object* optimizer;  // identity only (PyTorch keys by id(optimizer))
    Stage stage = Stage::Ready;
    bool recorded = false;  // some gradient was checked (found_inf_per_device is non-empty)
    bool found_inf = false;
};

struct ScalerObj : NativeObj {
    using NativeObj::NativeObj;
    void clear() override {
        device = enabled = init_scale = growth_factor = backoff_factor = growth_interval = init_growth_tracker = Value();
    }
    Value device, enabled;
    // Null while unset: a disabled scaler never sets them (PyTorch's missing attributes).
    Value init_scale, growth_factor, backoff_factor, growth_interval, init_growth_tracker;
    bool has_scale = false;
    Tensor scale;  // float32, 0-dim, on the first scaled output's device
    int64_t growth_tracker = 0;
    std::vector<OptState> states;

    OptState& state_of(const Value& optimizer) {
        Object* key = optimizer.is_obj() ? optimizer.obj() : nullptr;
        for (auto& s : states)
            if (s.optimizer == key) return s;
        states.push_back({key});
        return states.back();
    }
};

Type* g_scaler = nullptr;

ScalerObj* scaler_self(const Value& v) {
    auto* s = native_cast<ScalerObj>(v);
    if (!s) raise(T().TypeError, "descriptor requires a 'GradScaler' object but received a '" + type_name(v) + "'");
    return s;
}

bool enabled(Interpreter& in, ScalerObj& s) { return truthy(in, s.enabled); }

TensorOptions f32_on(Device d) {
    TensorOptions o;
    o.dtype = DType::Float32;
    o.device = d;
    return o;
}

[[noreturn]] void assertion(const std::string& msg) { raise(T().AssertionError, msg); }

const Value& attr(const Value& v, const char* name) {
    if (v.is_null()) raise(T().AttributeError, std::string("'GradScaler' object has no attribute '") + name + "'");
    return v;
}

void check_scale(ScalerObj& s, const char* fn) {
    if (!s.has_scale)
        assertion(std::string("Attempted ") + fn +
                  " but _scale is None.  This may indicate your script did not use scaler.scale(loss or outputs) "
                  "earlier in the iteration.");
}

void lazy_init(Interpreter& in, ScalerObj& s, const Tensor& like) {
    (void)in;
    s.scale = kiln::full({}, Scalar(to_double(s.init_scale, "init_scale")), f32_on(like.device()));
    s.growth_tracker = to_int(s.init_growth_tracker, "_growth_tracker");
    s.has_scale = true;
}

Value make_scaler(Interpreter& in, Type* type, const Value& device, const Value& init_scale, const Value& growth_factor,
                  const Value& backoff_factor, const Value& growth_interval, const Value& enabled_v) {
    auto s = make<ScalerObj>(type);
    s->device = device;
    s->enabled = enabled_v;
    if (device.is(Kind::Str) && str_of(device) == "cuda" && truthy(in, enabled_v) && !cuda::is_available()) {
        emit_warning(in, new_str("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling."),
                     T().UserWarning, 1);
        s->enabled = Value::boolean(false);
    }
    if (enabled(in, *s)) {
        // PyTorch 2.11 compares `growth_factor <= 1.0` and `backoff_factor >= 1.0` (a str argument's TypeError names them).
        if (truthy(in, compare(in, bytecode::CMP_LE, growth_factor, Value::number(1.0)))) assertion("The growth factor must be > 1.0.");
        if (truthy(in, compare(in, bytecode::CMP_GE, backoff_factor, Value::number(1.0)))) assertion("The backoff factor must be < 1.0.");
        s->init_scale = init_scale;
        s->growth_factor = growth_factor;
        s->backoff_factor = backoff_factor;
        s->growth_interval = growth_interval;
        s->init_growth_tracker = Value::integer(0);
    }
    return Value(s.get());
}

// scale(outputs): a tensor, or lists/tuples (nested) of tensors, multiplied by the scale.
Value apply_scale(Interpreter& in, ScalerObj& s, const Value& v, bool& inited) {
    if (is_tensor(v)) {
        const Tensor& t = to_tensor(v);
        if (!s.has_scale) lazy_init(in, s, t);
        inited = true;
        Tensor sc = s.scale.device() == t.device() ? s.scale : kiln::to_device(s.scale, t.device());
        return binary_op(in, bytecode::NB_MULTIPLY, v, wrap(sc));
    }
    if (v.is(Kind::List) || v.is(Kind::Tuple)) {
        std::vector<Value> out;
        for (const Value& x : to_vector(in, v)) out.push_back(apply_scale(in, s, x, inited));
        return v.is(Kind::List) ? new_list(std::move(out)) : new_tuple(std::move(out));
    }
    if (v.is(Kind::Iterator) || !find_dunder(v, "__iter__").is_null()) {
        // Other iterables: PyTorch returns a lazy map object; Kiln maps eagerly and returns an iterator.
        std::vector<Value> out;
        for (const Value& x : to_vector(in, v)) out.push_back(apply_scale(in, s, x, inited));
        return get_iter(in, new_list(std::move(out)));
    }
    raise(T().ValueError, "outputs must be a Tensor or an iterable of Tensors");
}

// Multiplies every gradient of the optimizer's parameters by inv_scale (in place, under no_grad) and
// records whether any of them holds an inf or NaN. The results go to plain flags: reading the
// optimizer can run program code, which may add optimizer states (and move them).
struct InfCheck {
    bool recorded = false, found_inf = false;
};

void unscale_grads(Interpreter& in, const Value& optimizer, InfCheck& st, const Tensor& inv_scale, bool allow_fp16) {
    autograd::NoGradGuard no_grad;
    const bool identity = inv_scale.item_double() == 1.0;
    Value groups = getattr(in, optimizer, "param_groups");
    for (const Value& group : to_vector(in, groups)) {
        for (const Value& p : to_vector(in, getitem(in, group, new_str("params")))) {
            if (!is_tensor(p)) assertion("");
            Value g = getattr(in, p, "grad");
            if (g.is_none()) continue;
            Tensor grad = to_tensor(g, "unscale_", "grad");
            if (!allow_fp16 && grad.dtype() == DType::Float16) raise(T().ValueError, "Attempting to unscale FP16 gradients.");
            // x * 0 is NaN exactly for the non-finite x.
            Tensor bad = kiln::any(kiln::ne(kiln::mul(grad, Scalar(0.0)), Scalar(0.0)));
            if (bad.item_double() != 0) st.found_inf = true;
            st.recorded = true;
            if (identity) continue;
            kiln::mul_(grad, inv_scale.device() == grad.device() ? inv_scale : kiln::to_device(inv_scale, grad.device()));
        }
    }
}

void unscale(Interpreter& in, ScalerObj& s, const Value& optimizer) {
    check_scale(s, "unscale_");
    OptState& st = s.state_of(optimizer);
    if (st.stage == Stage::Unscaled)
        raise(T().RuntimeError, "unscale_() has already been called on this optimizer since the last update().");
    if (st.stage == Stage::Stepped) raise(T().RuntimeError, "unscale_() is being called after step().");
    // The reciprocal in double, then float32, as PyTorch does.
    const double scale = s.scale.item_double();
    Tensor inv = kiln::full({}, Scalar(static_cast<double>(static_cast<float>(1.0 / scale))),
                           f32_on(s.scale.device()));
    InfCheck check;
    unscale_grads(in, optimizer, check, inv, false);
    OptState& after = s.state_of(optimizer);
    after.recorded = check.recorded;
    after.found_inf = check.found_inf;
    after.stage = Stage::Unscaled;
}

// torch._amp_update_scale_ on one float32 scale: backoff on inf, growth after growth_interval clean steps.
void update_scale(ScalerObj& s, bool found_inf, double growth, double backoff, int64_t interval) {
    float scale = static_cast<float>(s.scale.item_double());
    if (found_inf) {
        scale = static_cast<float>(scale * backoff);
        s.growth_tracker = 0;
    } else {
        const int64_t successful = s.growth_tracker + 1;
        if (successful == interval) {
            const float grown = static_cast<float>(scale * growth);
            if (std::isfinite(grown)) scale = grown;
            s.growth_tracker = 0;
        } else {
            s.growth_tracker = successful;
        }
    }
    kiln::fill_(s.scale, Scalar(static_cast<double>(scale)));
}

Value get_scale(Interpreter& in, ScalerObj& s) {
    if (!enabled(in, s)) return Value::number(1.0);
    return s.has_scale ? Value::number(s.scale.item_double()) : s.init_scale;
}

Value growth_tracker_value(Interpreter& in, ScalerObj& s) {
    if (!enabled(in, s)) return Value::integer(0);
    return s.has_scale ? Value::integer(s.growth_tracker) : s.init_growth_tracker;
}

Type* g_cuda_scaler = nullptr;
Type* g_cpu_scaler = nullptr;
Type* legacy_type(const char* device);

void register_scaler_type() {
    g_scaler = make_builtin_type("GradScaler", T().object, Kind::Native, "torch.amp.grad_scaler");
    g_scaler->native_dict = true;  // a Python class in PyTorch: `mocker.spy(scaler, "scale")` sets an attribute
    g_scaler->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "GradScaler(device='cuda', init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, "
            "enabled=True)");
        auto v = sig.bind(a);
        return make_scaler(in, g_scaler, v[0], v[1], v[2], v[3], v[4], v[5]);
    };
    Type* t = g_scaler;
    checked_method(t, "scale", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("scale(self, outputs)");
        auto v = sig.bind(a);
        ScalerObj& s = *scaler_self(v[0]);
        if (!enabled(in, s)) return v[1];
        bool inited = false;
        return apply_scale(in, s, v[1], inited);
    });
    checked_method(t, "unscale_", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("unscale_(self, optimizer)");
        auto v = sig.bind(a);
        ScalerObj& s = *scaler_self(v[0]);
        if (enabled(in, s)) unscale(in, s, v[1]);
        return Value::none();
    });
    checked_method(t, "step", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("step(self, optimizer, *args, return_found_inf=False, **kwargs)");
        auto v = sig.bind(a);
        ScalerObj& s = *scaler_self(v[0]);
        const Value& optimizer = v[1];
        const bool want_found_inf = truthy(in, v[3]);
        Dict* kwargs = v[4].get<Dict>();
        auto call_step = [&] { return call_unpacked(in, getattr(in, optimizer, "step"), v[2], v[4]); };
        auto result = [&](const Value& retval, bool found_inf) {
            return want_found_inf ? new_tuple({retval, Value::boolean(found_inf)}) : retval;
        };
        if (!enabled(in, s)) return result(call_step(), false);
        if (kwargs->find(new_str("closure")))
            raise(T().RuntimeError, "Closure use is not currently supported if GradScaler is enabled.");
        check_scale(s, "step");
        if (s.state_of(optimizer).stage == Stage::Stepped)
            raise(T().RuntimeError, "step() has already been called since the last update().");
        if (s.state_of(optimizer).stage == Stage::Ready) unscale(in, s, optimizer);
        if (!s.state_of(optimizer).recorded) assertion("No inf checks were recorded for this optimizer.");
        const bool found_inf = s.state_of(optimizer).found_inf;
        Value retval = Value::none();
        if (!found_inf) retval = call_step();
        s.state_of(optimizer).stage = Stage::Stepped;  // re-looked up: step() may have run user code
        return result(retval, found_inf);
    });
    checked_method(t, "update", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("update(self, new_scale=None)");
        auto v = sig.bind(a);
        ScalerObj& s = *scaler_self(v[0]);
        if (!enabled(in, s)) return Value::none();
        check_scale(s, "update");
        const Value& new_scale = v[1];
        if (!is_none(new_scale)) {
            if (!is_tensor(new_scale)) {
                kiln::fill_(s.scale, to_scalar(new_scale, "fill_", "value"));
            } else {
                const std::string reason =
                    "new_scale should be a float or a 1-element torch.cuda.FloatTensor or                     "
                    "torch.FloatTensor with requires_grad=False.";
                const Tensor& ns = to_tensor(new_scale);
                const bool same_device =
                    s.device.is(Kind::Str) && str_of(s.device) == (ns.device() == Device::CUDA ? "cuda" : "cpu");
                if (!same_device || ns.numel() != 1 || ns.requires_grad()) assertion(reason);
                autograd::NoGradGuard no_grad;
                kiln::copy_(s.scale, kiln::reshape(ns, {}));
            }
        } else {
            bool any_recorded = false, found_inf = false;
            for (const auto& st : s.states) {
                any_recorded |= st.recorded;
                found_inf |= st.recorded && st.found_inf;
            }
            if (!any_recorded) assertion("No inf checks were recorded prior to update.");
            update_scale(s, found_inf, to_double(s.growth_factor, "growth_factor"),
                         to_double(s.backoff_factor, "backoff_factor"), to_int(s.growth_interval, "growth_interval"));
        }
        s.states.clear();
        return Value::none();
    });
    checked_method(t, "get_scale", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("get_scale(self)");
        return get_scale(in, *scaler_self(sig.bind(a)[0]));
    });
    checked_method(t, "_get_growth_tracker", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_get_growth_tracker(self)");
        return growth_tracker_value(in, *scaler_self(sig.bind(a)[0]));
    });
    // get_/set_ growth_factor, backoff_factor, growth_interval.
    struct Field {
        const char* name;
        Value ScalerObj::* slot;
        const char* attr;
    };
    static const Field fields[] = {{"growth_factor", &ScalerObj::growth_factor, "_growth_factor"},
                                   {"backoff_factor", &ScalerObj::backoff_factor, "_backoff_factor"},
                                   {"growth_interval", &ScalerObj::growth_interval, "_growth_interval"}};
    for (const Field& f : fields) {
        checked_method(t, ("get_" + std::string(f.name)).c_str(), [f](Interpreter&, const CallArgs& a) {
            if (a.nargs != 1 || a.nkw) raise(T().TypeError, std::string("GradScaler.get_") + f.name + "() takes 1 positional argument");
            ScalerObj& s = *scaler_self(a.args[0]);
            return attr(s.*f.slot, f.attr);
        });
        checked_method(t, ("set_" + std::string(f.name)).c_str(), [f](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2 || a.nkw)
                raise(T().TypeError, std::string("GradScaler.set_") + f.name + "() takes 2 positional arguments");
            scaler_self(a.args[0])->*f.slot = a.args[1];
            return Value::none();
        });
    }
    checked_method(t, "is_enabled", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("is_enabled(self)");
        return scaler_self(sig.bind(a)[0])->enabled;
    });
    checked_method(t, "state_dict", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("state_dict(self)");
        ScalerObj& s = *scaler_self(sig.bind(a)[0]);
        auto d = make<Dict>();
        if (enabled(in, s)) {
            d->set(new_str("scale"), get_scale(in, s));
            d->set(new_str("growth_factor"), attr(s.growth_factor, "_growth_factor"));
            d->set(new_str("backoff_factor"), attr(s.backoff_factor, "_backoff_factor"));
            d->set(new_str("growth_interval"), attr(s.growth_interval, "_growth_interval"));
            d->set(new_str("_growth_tracker"), growth_tracker_value(in, s));
        }
        return Value(d.get());
    });
    checked_method(t, "load_state_dict", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("load_state_dict(self, state_dict)");
        auto v = sig.bind(a);
        ScalerObj& s = *scaler_self(v[0]);
        if (!enabled(in, s)) return Value::none();
        const Value& sd = v[1];
        if (length(in, sd) == 0)
            raise(T().RuntimeError,
                  "The source state dict is empty, possibly because it was saved from a disabled instance of GradScaler.");
        s.init_scale = getitem(in, sd, new_str("scale"));
        if (s.has_scale) kiln::fill_(s.scale, to_scalar(s.init_scale, "fill_", "value"));
        s.growth_factor = getitem(in, sd, new_str("growth_factor"));
        s.backoff_factor = getitem(in, sd, new_str("backoff_factor"));
        s.growth_interval = getitem(in, sd, new_str("growth_interval"));
        s.init_growth_tracker = getitem(in, sd, new_str("_growth_tracker"));
        if (s.has_scale) s.growth_tracker = to_int(s.init_growth_tracker, "_growth_tracker");
        return Value::none();
    });
    def_property(t, "_scale", [](Interpreter&, const CallArgs& a) {
        ScalerObj& s = *scaler_self(a.args[0]);
        return s.has_scale ? wrap(s.scale) : Value::none();
    });
    def_property(t, "_enabled", [](Interpreter&, const CallArgs& a) { return scaler_self(a.args[0])->enabled; });
    def_property(t, "_device", [](Interpreter&, const CallArgs& a) { return scaler_self(a.args[0])->device; });
}

// torch.cuda.amp.GradScaler / torch.cpu.amp.GradScaler: subclasses fixing the device, with the
// FutureWarning of PyTorch's @deprecated constructor.
Type* legacy_type(const char* device) {
    const std::string dev = device;
    Type* t = make_builtin_type("GradScaler", g_scaler, Kind::Native,
                                dev == "cuda" ? "torch.cuda.amp.grad_scaler" : "torch.cpu.amp.grad_scaler");
    t->construct = [dev, t](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "GradScaler(init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, enabled=True)");
        auto v = sig.bind(a);
        emit_warning(in,
                     new_str("`torch." + dev + ".amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('" +
                             dev + "', args...)` instead."),
                     T().FutureWarning, 1);
        return make_scaler(in, t, new_str(dev), v[0], v[1], v[2], v[3], v[4]);
    };
    return t;
}

}  // namespace

void register_grad_scaler_types() {
    register_scaler_type();
    g_cuda_scaler = legacy_type("cuda");
    g_cpu_scaler = legacy_type("cpu");
}

void add_grad_scaler(ModuleObj& m, const char* legacy_device) {
    Type* t = !legacy_device ? g_scaler : std::string(legacy_device) == "cuda" ? g_cuda_scaler : g_cpu_scaler;
    m.dict.set("GradScaler", Value(t));
}

}  // namespace kiln::vm::bind
