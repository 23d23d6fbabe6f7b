// torch.autocast and the torch.amp surface: the context manager / decorator that turns autocast on
// for a device type (ops/autocast.h holds the state and the per-op policy), its deprecated spellings
// torch.cpu.amp.autocast and torch.cuda.amp.autocast (FutureWarning, as PyTorch 2.x), and the query
// functions torch.is_autocast_enabled, torch.get_autocast_dtype, torch.set_autocast_enabled,
// torch.set_autocast_dtype and torch.amp.is_autocast_available. GradScaler lives in grad_scaler.cpp
// and is added to the same modules here. torch.amp.autocast_mode also holds _enter_autocast /
// _exit_autocast, the functions torch.compile's graphs call to enter and leave an autocast block
// (PyTorch's AutocastModeVariable records them as call_function nodes).
//
// Entering a region saves the device type's (enabled, dtype) and the cache flag and sets the new
// ones; leaving restores them, exception or not. A region asked for on CUDA without a GPU, or with a
// dtype the device type does not autocast to, warns and stays disabled, as PyTorch does.
#include "bindings/convert.h"
#include "cuda/cuda.h"
#include "ops/autocast.h"
#include "vm/args.h"

namespace kiln::vm::bind {

namespace {

struct Saved {
    bool enabled;
    DType dtype;
    bool cache;
};

struct AutocastObj : NativeObj {
    using NativeObj::NativeObj;
    Device device = Device::CPU;
    bool enabled = true;
    DType dtype = DType::BFloat16;
    bool cache = true;
    std::vector<Saved> saved;  // one per active `with`
};

Type* g_autocast = nullptr;

Device autocast_device(const Value& v) {
    if (!v.is(Kind::Str))
        raise(T().TypeError, "Expected `device_type` of type `str`, got: `<class '" + type_name(v) + "'>`");
    const std::string& d = str_of(v);
    if (d == "cpu") return Device::CPU;
    if (d == "cuda") return Device::CUDA;
    raise(T().RuntimeError, "User specified an unsupported autocast device_type '" + d + "'");
}

// The region an autocast(...) call describes, with PyTorch's warnings for regions that cannot apply.
Value make_autocast(Interpreter& in, const Value& device_type, const Value& dtype, const Value& enabled,
                    const Value& cache_enabled) {
    auto a = make<AutocastObj>(g_autocast);
    a->device = autocast_device(device_type);
    a->dtype = is_none(dtype) ? amp::dtype(a->device) : to_dtype(dtype, "autocast", "dtype");
    a->enabled = truthy_arg(enabled);
    a->cache = is_none(cache_enabled) ? amp::cache_enabled() : truthy_arg(cache_enabled);
    if (a->enabled && a->device == Device::CUDA && !cuda::is_available()) {
        emit_warning(in, new_str("User provided device_type of 'cuda', but CUDA is not available. Disabling"),
                     T().UserWarning, 1);
        a->enabled = false;
    }
    if (a->enabled && a->dtype != DType::BFloat16 && a->dtype != DType::Float16) {
        const bool cpu = a->device == Device::CPU;
        emit_warning(in,
                     new_str(std::string("In ") + (cpu ? "CPU" : "CUDA") +
                             " autocast, but the target dtype is not supported. Disabling autocast.\n" +
                             (cpu ? "CPU Autocast only supports dtype of torch.bfloat16, torch.float16 currently."
                                  : "CUDA Autocast only supports dtypes of torch.float16, torch.bfloat16 currently.")),
                     T().UserWarning, 1);
        a->enabled = false;
    }
    return Value(a.get());
}

void enter(AutocastObj& a) {
    a.saved.push_back({amp::enabled(a.device), amp::dtype(a.device), amp::cache_enabled()});
    amp::set_enabled(a.device, a.enabled);
    amp::set_dtype(a.device, a.dtype);
    amp::set_cache_enabled(a.cache);
    amp::enter_region();
}

void exit(AutocastObj& a) {
    if (a.saved.empty()) return;
    const Saved s = a.saved.back();
    a.saved.pop_back();
    amp::exit_region();
    amp::set_enabled(a.device, s.enabled);
    amp::set_dtype(a.device, s.dtype);
    amp::set_cache_enabled(s.cache);
}

void register_autocast_type() {
    g_autocast = make_builtin_type("autocast", T().object, Kind::Native, "torch.amp.autocast_mode");
    g_autocast->native_dict = true;  // a Python class in PyTorch (torch/amp/autocast_mode.py)
    g_autocast->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("autocast(device_type, dtype=None, enabled=True, cache_enabled=None)");
        auto v = sig.bind(a);
        return make_autocast(in, v[0], v[1], v[2], v[3]);
    };
    def_method(g_autocast, "__enter__", [](Interpreter&, const CallArgs& a) {
        enter(*native_cast<AutocastObj>(a.args[0]));
        return Value::none();
    });
    def_method(g_autocast, "__exit__", [](Interpreter&, const CallArgs& a) {
        exit(*native_cast<AutocastObj>(a.args[0]));
        return Value::boolean(false);
    });
    // The attributes PyTorch's autocast object keeps (autocast_mode.py): the device type, the
    // resolved dtype and the enabled / cache flags (what Dynamo enters a region passed in with).
    def_property(g_autocast, "device", [](Interpreter&, const CallArgs& a) {
        return new_str(native_cast<AutocastObj>(a.args[0])->device == Device::CUDA ? "cuda" : "cpu");
    });
    def_property(g_autocast, "fast_dtype", [](Interpreter&, const CallArgs& a) {
        return dtype_value(native_cast<AutocastObj>(a.args[0])->dtype);
    });
    def_property(g_autocast, "_enabled", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(native_cast<AutocastObj>(a.args[0])->enabled);
    });
    def_property(g_autocast, "_cache_enabled", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(native_cast<AutocastObj>(a.args[0])->cache);
    });
    // @torch.autocast("cpu") on a function: the function runs inside the region.
    def_method(g_autocast, "__call__", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, "an autocast decorator takes one function");
        Value self = a.args[0], fn = a.args[1];
        Value name = getattr_or_null(current_interpreter(), fn, "__name__");
        return new_builtin(name.is(Kind::Str) ? str_of(name) : "decorated", [self, fn](Interpreter& in, const CallArgs& ca) {
            auto* ac = native_cast<AutocastObj>(self);
            enter(*ac);
            struct Leave {
                AutocastObj* a;
                ~Leave() { exit(*a); }
            } leave{ac};
            return in.call(fn, ca);
        });
    });
}

// torch.cpu.amp.autocast / torch.cuda.amp.autocast: the old spellings, with PyTorch's FutureWarning.
Value legacy_autocast(Interpreter& in, const char* device, const CallArgs& a, DType default_dtype) {
    static const Signature sig("autocast(enabled=True, dtype=None, cache_enabled=True)");
    auto v = sig.bind(a);
    emit_warning(in,
                 new_str(std::string("`torch.") + device + ".amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('" +
                         device + "', args...)` instead."),
                 T().FutureWarning, 1);
    return make_autocast(in, new_str(device), is_none(v[1]) ? dtype_value(default_dtype) : v[1], v[0], v[2]);
}

Value is_enabled(const Value& device_type) {
    // With no argument PyTorch answers for CUDA (the pre-2.4 meaning of is_autocast_enabled()).
    return Value::boolean(amp::enabled(is_none(device_type) ? Device::CUDA : autocast_device(device_type)));
}

// torch.amp.autocast_mode._enter_autocast(*vals): a region made from autocast's arguments, entered;
// _exit_autocast(mode) leaves it (mode.__exit__(None, None, None)), as PyTorch's autocast_mode.py.
void add_enter_exit(ModuleObj& m) {
    m.dict.set("_enter_autocast", new_builtin("_enter_autocast", [](Interpreter& in, const CallArgs& a) {
                   static const Signature sig("_enter_autocast(device_type, dtype=None, enabled=True, cache_enabled=None)");
                   auto v = sig.bind(a);
                   Value mode = make_autocast(in, v[0], v[1], v[2], v[3]);
                   enter(*native_cast<AutocastObj>(mode));
                   return mode;
               }));
    m.dict.set("_exit_autocast", new_builtin("_exit_autocast", [](Interpreter&, const CallArgs& a) {
                   static const Signature sig("_exit_autocast(mode)");
                   auto v = sig.bind(a);
                   exit(*native_cast<AutocastObj>(v[0]));
                   return Value::none();
               }));
}

void amp_module(Interpreter& in, ModuleObj& m) {
    m.dict.set("autocast", Value(g_autocast));
    // torch/amp/__init__.py re-exports autocast_mode's functions: the same objects.
    auto mode = in.import_module("torch.amp.autocast_mode");
    m.dict.set("autocast_mode", Value(mode.get()));
    for (const char* n : {"_enter_autocast", "_exit_autocast"}) m.dict.set(n, *mode->dict.find(n));
    add_grad_scaler(m, nullptr);
    m.dict.set("is_autocast_available", new_builtin("is_autocast_available", [](Interpreter&, const CallArgs& a) {
                   static const Signature sig("is_autocast_available(device_type)");
                   auto v = sig.bind(a);
                   if (!v[0].is(Kind::Str)) raise(T().TypeError, "is_autocast_available() expects a str");
                   return Value::boolean(str_of(v[0]) == "cpu" || str_of(v[0]) == "cuda");
               }));
}

void device_amp_module(ModuleObj& m, const char* device, DType default_dtype) {
    std::string dev = device;
    m.dict.set("autocast", new_builtin("autocast", [dev, default_dtype](Interpreter& in, const CallArgs& a) {
                   return legacy_autocast(in, dev.c_str(), a, default_dtype);
               }));
    add_grad_scaler(m, device);
}

}  // namespace

void add_autocast(Interpreter& in, ModuleObj& torch) {
    (void)in;
    torch.dict.set("autocast", Value(g_autocast));
    torch.dict.set("is_autocast_enabled", new_builtin("is_autocast_enabled", [](Interpreter&, const CallArgs& a) {
                       static const Signature sig("is_autocast_enabled(device_type=None)");
                       return is_enabled(sig.bind(a)[0]);
                   }));
    torch.dict.set("get_autocast_dtype", new_builtin("get_autocast_dtype", [](Interpreter&, const CallArgs& a) {
                       static const Signature sig("get_autocast_dtype(device_type)");
                       return dtype_value(amp::dtype(autocast_device(sig.bind(a)[0])));
                   }));
    torch.dict.set("set_autocast_enabled", new_builtin("set_autocast_enabled", [](Interpreter&, const CallArgs& a) {
                       static const Signature sig("set_autocast_enabled(device_type, enabled)");
                       auto v = sig.bind(a);
                       amp::set_enabled(autocast_device(v[0]), to_bool(v[1], "set_autocast_enabled", "enabled"));
                       return Value::none();
                   }));
    torch.dict.set("set_autocast_dtype", new_builtin("set_autocast_dtype", [](Interpreter&, const CallArgs& a) {
                       static const Signature sig("set_autocast_dtype(device_type, dtype)");
                       auto v = sig.bind(a);
                       amp::set_dtype(autocast_device(v[0]), to_dtype(v[1], "set_autocast_dtype", "dtype"));
                       return Value::none();
                   }));
}

void register_amp_modules() {
    register_autocast_type();
    register_grad_scaler_types();
    Interpreter::register_module("torch.amp", amp_module);
    Interpreter::register_module("torch.amp.autocast_mode", [](Interpreter&, ModuleObj& m) {
        m.dict.set("autocast", Value(g_autocast));
        add_enter_exit(m);
    });
    Interpreter::register_module("torch.cpu", [](Interpreter&, ModuleObj&) {});
    Interpreter::register_module("torch.cpu.amp", [](Interpreter&, ModuleObj& m) { device_amp_module(m, "cpu", DType::BFloat16); });
    Interpreter::register_module("torch.cuda.amp", [](Interpreter&, ModuleObj& m) { device_amp_module(m, "cuda", DType::Float16); });
}

}  // namespace kiln::vm::bind
