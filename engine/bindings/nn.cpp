// torch.nn for programs: nn.Module (as a base for user classes and as the root of every built-in
// layer), the built-in layers of nn/modules.h plus the small ones PyTorch programs expect (Identity,
// Flatten, Softmax, pooling, losses, ...), containers (Sequential, ModuleList, ModuleDict), the
// torch.nn, torch.nn.init and torch.nn.utils modules.
//
// Every nn.Module instance is a ModuleObject (a ModuleInstance): its C++ nn::Module holds parameters,
// buffers and children, its dict holds every other attribute. A user class gets a PyModule, a C++
// module whose forward/extra_repr call back into the Python object, so C++ containers (Sequential's
// forward, repr of children) work on user modules too. Identity: a registry maps each live C++
// module to its Python object, and a parent's Python object keeps its children's Python objects
// alive (ModuleObject::kept), so `net.fc is net.fc` holds and attributes set on a child survive.
// A PyModule points back to its Python object weakly: every C++ parent link made through these
// bindings is mirrored by a `kept` link, so the Python object outlives the PyModule's use, and user
// modules created in a loop are freed by reference counting instead of waiting for teardown.
#include <algorithm>
#include <functional>
#include <string_view>
#include <cmath>
#include <map>
#include <set>
#include <typeinfo>
#include <unordered_map>

#include "ops/composite.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "bindings/convert.h"
#include "vm/complex.h"
#include "vm/module_attr.h"
#include "bindings/inplace_activation.h"
#include "bindings/jit.h"
#include "bindings/torch_function.h"
#include "support/profiler.h"
#include "cuda/cuda.h"
#include "nn/init.h"
#include "nn/modules.h"
#include "ops/rng_state.h"
#include "support/error.h"
#include "support/function.h"
#include "support/pyrepr.h"
#include "vm/args_init_style.h"
#include "vm/int_big.h"

namespace kiln::vm::bind {

// Composite losses shared with torch.nn.functional (defined in functional.cpp).
Tensor bce_loss(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction);
Tensor bce_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight, const Tensor& pos_weight,
                       const std::string& reduction);
Tensor smooth_l1(const Tensor& input, const Tensor& target, const std::string& reduction, double beta);
Tensor huber(const Tensor& input, const Tensor& target, const std::string& reduction, double delta);
int64_t implicit_softmax_dim(Interpreter& in, const char* name, int64_t ndim);
void warn_target_size(const Tensor& input, const Tensor& target);
void warn_elementwise_mean();
std::string legacy_reduction(Interpreter& in, const Value& size_average, const Value& reduce);  // functional.cpp

namespace {

// Methods with CPython's receiver and arity checks (bindings/convert.h).
using method_def::method;

CallArgs shifted(const CallArgs& a, size_t n = 1) {
    CallArgs r = a;
    r.args += n;
    r.nargs -= n;
    return r;
}

[[noreturn]] void raise_key_error(const Value& key) { raise_value(new_exception(T().KeyError, {key})); }

Value iter_of(Interpreter& in, std::vector<Value> items) { return get_iter(in, new_list(std::move(items))); }

Value int_tuple(const std::vector<int64_t>& v) {
    std::vector<Value> items;
    for (int64_t x : v) items.push_back(Value::integer(x));
    return new_tuple(std::move(items));
}

// torch.typename(obj): "torch.FloatTensor" for tensors, "int", "__main__.Foo". A class names itself
// (its own __module__ and __qualname__, as torch.typename reads them before falling back to the
// instance's class): nn.Sequential(nn.ReLU) says "torch.nn.modules.activation.ReLU is not a Module
// subclass", not "type ...".
std::string torch_typename(const Value& v) {
    if (auto* t = v.as<TensorObj>()) return dtype_legacy_name(t->tensor.dtype());
    // a function names itself by its own __module__ and __qualname__ (F.relu in nn.Sequential:
    // "torch.nn.functional.relu is not a Module subclass")
    if (v.is(Kind::Function) || v.is(Kind::Builtin)) {
        if (Interpreter* in = current_interpreter_or_null()) {
            Value m = getattr_or_null(*in, v, "__module__"), q = getattr_or_null(*in, v, "__qualname__");
            if (q.is(Kind::Str)) {
                std::string mod = m.is(Kind::Str) ? str_of(m) : "";
                return mod.empty() || mod == "builtins" ? str_of(q) : mod + "." + str_of(q);
            }
        }
    }
    Type* ty = v.is(Kind::Type) ? v.as<Type>() : type_of(v);
    const std::string& q = ty->qualname.empty() ? ty->name : ty->qualname;
    return ty->module.empty() || ty->module == "builtins" ? q : ty->module + "." + q;
}

// A Parameter, or a tensor subclass instance flagged `_is_param` (nn.Parameter's custom-tensor path).
bool is_parameter_value(const Value& v) {
    if (!v.is(Kind::Tensor)) return false;
    if (type_of(v)->is_subtype_of(T().parameter)) return true;
    const Value* flag = v.get<TensorObj>()->attrs.find("_is_param");
    return flag && flag->is_bool() && flag->as_bool();
}

// ---- Python objects of modules -------------------------------------------------------------------

struct ModuleObject;
class PyModule;

std::unordered_map<const nn::Module*, ModuleObject*>& registry() {
    static std::unordered_map<const nn::Module*, ModuleObject*> r;
    return r;
}

// Python types of the built-in layers by C++ type name, to wrap modules made in C++ (MHA's out_proj).
std::unordered_map<std::string, Type*>& layer_types() {
    static std::unordered_map<std::string, Type*> m;
    return m;
}

using LayerFactory = kiln::Function<std::shared_ptr<nn::Module>(Interpreter&, const CallArgs&, ModuleObject*)>;

// The constructors of the built-in layer types (def_layer), for unpickling (Module.__setstate__).
std::unordered_map<const Type*, LayerFactory>& layer_factories() {
    static std::unordered_map<const Type*, LayerFactory> m;
    return m;
}

struct ModuleObject : ModuleInstance {
    ModuleObject(Type* t, std::shared_ptr<nn::Module> m) : ModuleInstance(t, nullptr) { set_module(std::move(m)); }
    ~ModuleObject() override { detach(); }
    void clear() override;
    void class_changed() override;
    void set_module(std::shared_ptr<nn::Module> m);
    void detach();
    StrMap kept;                           // child name -> its Python object
    std::set<std::string> nonpersistent;   // buffers registered with persistent=False
    // A built-in layer's constructor call with the arguments it got, for copy.deepcopy (C++ layers
    // have no copy: the copy is built again, then given the copied tensors).
    std::function<std::shared_ptr<nn::Module>(Interpreter&, ModuleObject*)> remake;
    // The layer's constructor (a built-in layer made by calling its class): rebuilds a layer without a
    // C++ class when the program reassigns one of its constructor arguments (m.p = 0.0, m.dim = 1).
    std::function<std::shared_ptr<nn::Module>(Interpreter&, const CallArgs&, ModuleObject*)> factory;
};

// m.name = value on a built-in layer whose forward is a closure over its constructor arguments: true when
// `name` is one of them and the layer was rebuilt with the new value (defined with FnModule below).
bool rebuild_layer_attr(Interpreter& in, ModuleObject* o, const std::string& name);

// The C++ module of a user class: forward, extra_repr and __repr__ come from the Python class.
class PyModule : public nn::Module {
public:
    PyModule(std::string name, ModuleObject* owner) : Module(std::move(name)), py(owner) {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    std::string repr() const override;
    std::string base_repr() const { return Module::repr(); }
    ModuleObject* py;  // weak: cleared when the Python object goes away
};

void ModuleObject::class_changed() {
    if (module) module->set_repr_name(type->name);  // also a Python layer's (a lazy layer becoming ConvTranspose2d)
}

void ModuleObject::clear() {
    // The C++ side of a user class lives for this object only; its children may include the
    // module itself (a shared_ptr cycle the collector cannot see).
    if (auto* pm = dynamic_cast<PyModule*>(module.get()); pm && pm->py == this) pm->release_children();
    detach();
    kept.clear();
    remake = nullptr;
    factory = nullptr;
    ModuleInstance::clear();
}

void ModuleObject::set_module(std::shared_ptr<nn::Module> m) {
    if (m == module) return;
    detach();
    module = std::move(m);
    if (module) registry()[module.get()] = this;
    // A user subclass of a built-in layer prints its class name, also as a child of another module.
    if (module && !type->builtin && !dynamic_cast<PyModule*>(module.get()) && type->name != module->type_name())
        module->set_repr_name(type->name);
}

void ModuleObject::detach() {
    if (!module) return;
    auto it = registry().find(module.get());
    if (it != registry().end() && it->second == this) registry().erase(it);
    if (auto* pm = dynamic_cast<PyModule*>(module.get()); pm && pm->py == this) pm->py = nullptr;
}

// Sets Module::training_ of one module (Python's `m.training = flag`, not recursive).
struct TrainingFlag : nn::Module {
    static void set(nn::Module& m, bool v) { m.*(&TrainingFlag::training_) = v; }
};

ModuleObject* object_of(const Value& v) {
    auto* mi = v.as<ModuleInstance>();
    return mi ? dynamic_cast<ModuleObject*>(mi) : nullptr;
}

// The receiver of an nn.Module method, with its C++ module (PyTorch fails on _modules when
// super().__init__() was not called).
ModuleObject* module_self(const Value& v) {
    ModuleObject* o = object_of(v);
    if (!o) raise(T().TypeError, str("descriptor requires a 'Module' object but received a '", type_name(v), "'"));
    if (!o->module) raise(T().AttributeError, str("'", type_name(v), "' object has no attribute '_modules'"));
    return o;
}

// The prefix argument of named_parameters/named_buffers/named_modules/state_dict: PyTorch joins it
// to the member names with `+`, so any other type fails there.
const std::string& prefix_arg(const Value& v) {
    if (!v.is(Kind::Str))
        raise(T().TypeError, str("unsupported operand type(s) for +: '", type_name(v), "' and 'str'"));
    return str_of(v);
}

// The Python object of a C++ module: the registered one, else a new object of its layer type.
Value wrap_module(const std::shared_ptr<nn::Module>& m) {
    if (!m) return Value::none();
    auto it = registry().find(m.get());
    if (it != registry().end()) return Value(it->second);
    auto t = layer_types().find(m->type_name());
    Type* type = t != layer_types().end() ? t->second : T().nn_module;
    return Value(make<ModuleObject>(type, m).get());
}

// A child's Python object, kept alive by the parent's.
Value wrap_child(ModuleObject* parent, const std::string& name, const std::shared_ptr<nn::Module>& m) {
    if (!m) return Value::none();
    if (const Value* v = parent->kept.find(name)) {
        if (auto* o = object_of(*v); o && o->module == m) return *v;
        // A traced or scripted module registered as this child: it answers, not the module it wraps.
        if (auto* o = object_of(script_module_backing(*v)); o && o->module == m) return *v;
    }
    Value v = wrap_module(m);
    parent->kept.set(name, v);
    return v;
}

// Registers a child given as a Python value (a module or None) under `name`.
void register_child(ModuleObject* parent, const std::string& name, const Value& child) {
    if (child.is_none()) {
        parent->module->register_module(name, nullptr);
        parent->kept.erase(name);
        return;
    }
    // A native ScriptModule (a traced module, a RecursiveScriptModule) is a child too: the tree holds
    // the module it wraps (whose parameters it shares), `kept` the ScriptModule that answers for it.
    ModuleObject* c = object_of(child);
    if (!c) c = object_of(script_module_backing(child));
    if (!c) raise(T().TypeError, str(torch_typename(child), " is not a Module subclass"));
    if (!c->module)
        raise(T().AttributeError, str("cannot assign a '", type_name(child),
                                      "' whose Module.__init__() has not been called"));
    parent->module->register_module(name, c->module);
    parent->kept.set(name, child);
}

// Converts a module's Python result to the tensors a C++ caller expects.
std::vector<Tensor> tensors_of(const Value& out, const std::string& who) {
    if (out.is(Kind::Tensor)) return {out.get<TensorObj>()->tensor};
    if (out.is_none()) return {Tensor()};
    const std::vector<Value>* items = nullptr;
    if (auto* t = out.as<Tuple>()) items = &t->items;
    else if (auto* l = out.as<List>()) items = &l->items;
    if (!items)
        raise(T().TypeError, str(who, ".forward() returned '", type_name(out), "' where a Tensor was expected"));
    std::vector<Tensor> r;
    for (const Value& x : *items) {
        if (x.is_none()) r.emplace_back();
        else if (x.is(Kind::Tensor)) r.push_back(x.get<TensorObj>()->tensor);
        else raise(T().TypeError, str(who, ".forward() returned a '", type_name(x), "' where a Tensor was expected"));
    }
    return r;
}

std::vector<Tensor> PyModule::forward(const std::vector<Tensor>& inputs) {
    if (!py) KILN_FAIL(RuntimeError, "the Python object of module ", type_name(), " no longer exists");
    Interpreter& in = current_interpreter();
    std::vector<Value> args;
    for (const Tensor& t : inputs) args.push_back(wrap(t));
    return tensors_of(in.call(Value(py), args), type_name());
}

// A Python function the user class defines for `name` (not nn.Module's own builtin).
const Value* user_override(const ModuleObject* o, const char* name) {
    const Value* f = o->type->lookup(name);
    return f && f->is(Kind::Function) ? f : nullptr;
}

// The C++ module of _NormBase, _BatchNorm and of BatchNorm layers whose class overrides
// _check_input_dim: _BatchNorm.forward calls self._check_input_dim, so the check is the Python object's.
class PyBatchNorm : public nn::BatchNorm {
public:
    PyBatchNorm(std::string name, int64_t n, double eps, std::optional<double> momentum, bool affine, bool track,
                std::optional<DType> dtype)
        : BatchNorm(std::move(name), n, eps, momentum, affine, track, dtype) {}
    void check_input_dim(const Tensor& x) const override {
        auto it = registry().find(this);
        if (it == registry().end()) return;
        current_interpreter().call_method(Value(it->second), "_check_input_dim", {wrap(x)});
    }
};

std::string PyModule::extra_repr() const {
    if (!py) return "";
    const Value* f = user_override(py, "extra_repr");
    if (!f) return "";
    Interpreter& in = current_interpreter();
    return to_str(in, in.call_with_self(*f, Value(py), CallArgs{}));
}

std::string PyModule::repr() const {
    if (py) {
        // A user __repr__, or a base's other than nn.Module's (torch.jit.ScriptModule's: a scripted
        // subclass prints its original_name and scripted children).
        const Value* f = py->type->lookup("__repr__");
        if (f && !f->identical(*T().nn_module->dict.find("__repr__"))) {
            Interpreter& in = current_interpreter();
            return to_str(in, in.call_with_self(*f, Value(py), CallArgs{}));
        }
    }
    return base_repr();
}

// ---- nn.Module -----------------------------------------------------------------------------------

// Whether a module has hooks registered (torch/nn/modules/module.py keeps them in these dicts);
// Dynamo asks too (module_has_call_hooks below).
bool has_call_hooks(const ModuleObject* o) {
    for (const char* name : {"_forward_pre_hooks", "_forward_hooks", "_backward_pre_hooks", "_backward_hooks"}) {
        const Value* d = o->dict.find(name);
        if (d && d->is(Kind::Dict) && d->get<Dict>()->size()) return true;
    }
    return false;
}

Value call_forward_unscoped(Interpreter& in, const Value& self, const CallArgs& a);

// Calls forward the way Module.__call__ does (an instance attribute `forward` wins, as in Python);
// a module with hooks runs them around forward (module.py's _call_impl).
Value call_forward(Interpreter& in, const Value& self, const CallArgs& a) {
    Interpreter::DepthGuard depth(in);  // Module.__call__ is a frame in PyTorch too (nested Sequentials)
    // A subclass whose __init__ never called super().__init__(): Module._call_impl's first read of an
    // attribute Module.__init__ sets is what fails in PyTorch
    if (auto* o = object_of(self); o && !o->module)
        raise(T().AttributeError, str("'", type_name(self), "' object has no attribute '_backward_hooks'"));
    // Tracing a module: a call of one of its submodules records into that submodule's scope
    // (Module._slow_forward's push_scope/pop_scope), which becomes a prim::CallMethod.
    if (capture::Tracer* tr = capture::current_tracer(); tr && self.is_obj()) {
        std::string scope = tr->submodule_scope(self.obj());
        if (!scope.empty()) {
            struct Pop {
                capture::Tracer* tr;
                ~Pop() { tr->pop_scope(); }
            };
            tr->push_scope(scope);
            Pop pop{tr};
            return call_forward_unscoped(in, self, a);
        }
    }
    return call_forward_unscoped(in, self, a);
}

Value call_forward_unscoped(Interpreter& in, const Value& self, const CallArgs& a) {
    if (auto* o = object_of(self)) {
        if (has_call_hooks(o))
            return in.call_with_self(*in.import_module("torch.nn.modules.module")->dict.find("_call_impl"), self, a);
        if (const Value* f = o->dict.find("forward")) return in.call(*f, a);
    }
    const Value* f = type_of(self)->lookup("forward");
    if (!f) raise(T().AttributeError, str("'", type_name(self), "' object has no attribute 'forward'"));
    return in.call_with_self(*f, self, a);
}

// Module.forward for built-in layers: tensors in, tensors out through the C++ module.
Value builtin_forward(Interpreter& in, const CallArgs& a) {
    ModuleObject* self = module_self(a.args[0]);
    nn::Module& m = *self->module;
    // User modules without a forward, and the containers that have none (ModuleList, ModuleDict).
    if (dynamic_cast<PyModule*>(&m) || dynamic_cast<nn::ModuleList*>(&m) || m.type_name() == "ModuleDict")
        raise(T().NotImplementedError,
              str("Module [", type_name(a.args[0]), "] is missing the required \"forward\" function"));
    if (a.nkw)
        raise(T().TypeError, str(m.type_name(), ".forward() got an unexpected keyword argument '", a.kwname(0), "'"));
    // While tracing, the layer records its functional form (nn.Linear -> aten::linear).
    if (tracing()) return traced_layer_forward(in, a.args[0], a);
    // Under a TorchDispatchMode or with a __torch_dispatch__ input, the functional form too: its
    // calls reach the handlers as the aten calls of PyTorch's Python layers (torch_dispatch.cpp).
    if (torch_dispatch_pending(a.args + 1, a.nargs - 1))
        if (Value r = traced_layer_forward(in, a.args[0], a, false); !r.is_null()) return r;
    // While a profile records, the layer runs as its functional form too, so that its operator events
    // are PyTorch's (nn.Linear: aten::linear); layers without one run natively, unrecorded.
    std::optional<profiler::Scope> inplace_event;
    if (profiler::enabled()) {
        // An in-place activation (ReLU(inplace=True)) runs natively, as its in-place operator's event.
        static const std::pair<const char*, const char*> kInplace[] = {
            {"ReLU", "aten::relu_"},          {"ReLU6", "aten::hardtanh_"},   {"Hardtanh", "aten::hardtanh_"},
            {"LeakyReLU", "aten::leaky_relu_"}, {"ELU", "aten::elu_"},       {"SELU", "aten::selu_"},
            {"SiLU", "aten::silu_"},          {"Mish", "aten::mish_"},       {"Hardsigmoid", "aten::hardsigmoid_"},
            {"Hardswish", "aten::hardswish_"}, {"Threshold", "aten::threshold_"}, {"Dropout", "aten::dropout_"}};
        const std::string cls = type_name(a.args[0]);
        for (const auto& [layer, op] : kInplace)
            if (cls == layer && truthy(in, getattr(in, a.args[0], "inplace"))) inplace_event.emplace(op);
        if (!inplace_event)
            if (Value r = traced_layer_forward(in, a.args[0], a, false); !r.is_null()) return r;
    }
    // A non-tensor input fails where PyTorch's Python layer fails: in its functional form's argument
    // parser (nn.Linear()(3): "linear(): argument 'input' (position 1) must be Tensor, not int")
    for (size_t i = 1; i < a.nargs; ++i)
        if (!is_tensor(a.args[i]))
            if (Value r = traced_layer_forward(in, a.args[0], a, false); !r.is_null()) return r;
    std::vector<Tensor> inputs;
    for (size_t i = 1; i < a.nargs; ++i) inputs.push_back(to_tensor(a.args[i], "forward", "input"));
    std::vector<Tensor> out = m.forward(inputs);
    if (out.size() == 1) return wrap(out[0]);
    return wrap_tuple(out);
}

std::string module_repr(const ModuleObject* o) {
    if (auto* pm = dynamic_cast<PyModule*>(o->module.get())) return pm->base_repr();
    std::string r = o->module->repr();
    // A user subclass of a built-in layer (class MyLinear(nn.Linear)) prints its own class name.
    const std::string& cpp = o->module->type_name();
    if (o->type->name != cpp && !o->type->builtin && r.compare(0, cpp.size() + 1, cpp + "(") == 0)
        r = o->type->name + r.substr(cpp.size());
    return r;
}

// The module and attribute a dotted state_dict key names ("layer.0.weight").
nn::Module* submodule_path(nn::Module* m, const std::string& path) {
    size_t start = 0;
    while (m && start < path.size()) {
        size_t dot = path.find('.', start);
        std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        m = m->child(part).get();
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return m;
}

void check_attr_name(ModuleObject* self, const Value& name, const char* what, bool is_param, bool is_buffer) {
    if (!name.is(Kind::Str)) raise(T().TypeError, str(what, " name should be a string. Got ", torch_typename(name)));
    const std::string& n = str_of(name);
    if (n.find('.') != std::string::npos)
        raise(T().KeyError, str(what, " name can't contain \".\"", std::string(what) == "module" ? ", got: " + n : ""));
    if (n.empty()) raise(T().KeyError, str(what, " name can't be empty string \"\""));
    nn::Module& m = *self->module;
    bool exists = self->dict.find(n) || self->type->lookup(n) || (!is_param && m.has_parameter(n)) ||
                  (!is_buffer && m.has_buffer(n)) || (is_param || is_buffer ? m.has_child(n) : false);
    if (exists) raise(T().KeyError, str("attribute '", n, "' already exists"));
}

// collections.OrderedDict (engine/stdlib/collections: a dict subclass, as in CPython) of a state dict.
Value odict_from(Interpreter& in, const nn::StateDict& sd) {
    Value out = in.call(Value(ordered_dict_type()), {});
    Dict* d = out.as<Dict>();
    for (const auto& [k, t] : sd) d->set(new_str(k), wrap(t));
    return out;
}

// Module.to's arguments: dtype, device, a tensor (its dtype), as positionals or keywords.
std::optional<DType> parse_to(Interpreter& in, const CallArgs& a, std::optional<Device>& device,
                              std::optional<MemoryFormat>& format) {
    std::optional<DType> dtype;
    auto take = [&](const Value& v, const std::string& kw) {
        if (v.is_none()) return;
        if (kw == "memory_format") {
            format = to_memory_format(in, v, "to");
            return;
        }
        if (kw == "non_blocking" || kw == "copy") return;
        // a positional dtype may be Python's float/int/bool/complex type too (PyTorch's _parse_to)
        bool scalar_type = v.is(Kind::Type) && (v.obj() == T().float_ || v.obj() == T().int_ ||
                                                 v.obj() == T().bool_ || v.obj() == complex_type());
        if (kw == "dtype" || (kw.empty() && (is_dtype(v) || scalar_type))) {
            dtype = to_dtype(v, "to", "dtype");
        } else if (kw == "tensor" || (kw.empty() && is_tensor(v))) {
            dtype = to_tensor(v).dtype();
        } else if (kw == "device" || kw.empty()) {
            device = to_device(v, "to", "device");
        } else {
            raise(T().TypeError, str("to() received an invalid combination of arguments - got an unexpected keyword '",
                                     kw, "'"));
        }
    };
    for (size_t i = 1; i < a.nargs; ++i) take(a.args[i], "");
    for (size_t i = 0; i < a.nkw; ++i) take(a.kwvalues[i], a.kwname(i));
    if (dtype && !dtype_is_floating(*dtype) && !dtype_is_complex(*dtype))
        raise(T().TypeError, str("nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=",
                                 dtype_name(*dtype)));
    if (dtype && dtype_is_complex(*dtype))  // torch/nn/modules/module.py's Module.to warns once per call
        emit_warning(in,
                     new_str("Complex modules are a new feature under active development whose design may change, "
                             "and some modules might not work as expected when using complex tensors as parameters "
                             "or buffers. Please file an issue at "
                             "https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml if a complex "
                             "module does not work as expected."),
                     T().UserWarning, 1);
    return dtype;
}

void named_modules_walk(ModuleObject* o, const Value& self, const std::string& prefix, std::set<nn::Module*>& seen,
                        std::vector<std::pair<std::string, Value>>& out, bool dedup) {
    if (dedup && !seen.insert(o->module.get()).second) return;
    // Without deduplication `seen` holds the modules on the current path: a module that contains
    // itself would be walked forever, where PyTorch's recursive walk ends in RecursionError.
    if (!dedup && !seen.insert(o->module.get()).second) raise(T().RecursionError, "maximum recursion depth exceeded");
    out.emplace_back(prefix, self);
    for (const auto& [name, child] : o->module->own_children()) {
        if (!child) continue;
        Value c = wrap_child(o, name, child);
        // A traced or scripted child is listed itself; its children are those of the module it wraps.
        ModuleObject* co = object_of(c);
        if (!co) co = object_of(script_module_backing(c));
        named_modules_walk(co, c, prefix.empty() ? name : prefix + "." + name, seen, out, dedup);
    }
    if (!dedup) seen.erase(o->module.get());
}

// The copied tensors of one module: parameters and buffers through copy.deepcopy with the shared memo
// (tensors tied between modules stay tied in the copy), then the same for the C++ children a built-in
// layer made itself (MultiheadAttention's out_proj), which have no Python object of their own yet.
void copy_tensors_into(Interpreter& in, const Value& deepcopy, const Value& memo, const nn::Module& src, nn::Module& dst,
                       const std::set<std::string>& nonpersistent, bool children) {
    auto deep = [&](const Tensor& t) { return t.defined() ? to_tensor(in.call(deepcopy, {wrap(t), memo})) : Tensor(); };
    for (const auto& [n, t] : src.own_parameters()) dst.register_parameter(n, deep(t));
    for (const auto& [n, t] : src.named_buffers("", false)) dst.register_buffer(n, deep(t), !nonpersistent.count(n));
    TrainingFlag::set(dst, src.is_training());
    if (!children) return;
    for (const auto& [n, c] : src.own_children()) {
        if (!c) continue;
        for (const auto& [dn, dc] : dst.own_children())
            if (dn == n && dc) copy_tensors_into(in, deepcopy, memo, *c, *dc, {}, true);
    }
}

// copy.deepcopy(module) (Module.__deepcopy__): a new object of the same class; user modules and
// containers get deep copies of their children, parameters, buffers and attributes; a built-in layer
// is built again by its constructor with the arguments it got (the random generator's state put back,
// so copying draws no numbers) and given copies of the original's tensors.
Value deepcopy_module(Interpreter& in, const Value& module, const Value& memo) {
    ModuleObject* o = object_of(module);
    if (!o || !o->module) raise(T().TypeError, str("cannot deepcopy a '", type_name(module), "' whose Module.__init__() has not been called"));
    Value deepcopy = *in.import_module("copy")->dict.find("deepcopy");
    nn::Module& src = *o->module;
    auto copy = make<ModuleObject>(o->type, nullptr);
    Value result(copy.get());
    // id(module) as builtins.id computes it, without looking the name up (a program may rebind it)
    setitem(in, memo, Value::integer(int64_t(reinterpret_cast<uintptr_t>(module.obj()))), result);
    std::shared_ptr<nn::Module> m;
    bool leaf = false;
    if (auto* pm = dynamic_cast<PyModule*>(&src)) m = std::make_shared<PyModule>(pm->type_name(), copy.get());
    else if (dynamic_cast<nn::Sequential*>(&src)) m = std::make_shared<nn::Sequential>();
    else if (dynamic_cast<nn::ModuleList*>(&src)) m = std::make_shared<nn::ModuleList>();
    else if (typeid(src) == typeid(nn::Module)) m = std::make_shared<nn::Module>(src.type_name());  // ModuleDict
    else if (o->remake) {
        RngStateGuard keep_stream;
        m = o->remake(in, copy.get());
        copy->remake = o->remake;
        copy->factory = o->factory;
        leaf = true;
    } else {
        raise(T().NotImplementedError, str("copy.deepcopy() of a ", src.type_name(), " is not supported in Kiln: the layer was "
                                           "not made by calling its class"));
    }
    copy->set_module(m);
    copy->nonpersistent = o->nonpersistent;
    if (leaf) {
        // hyperparameters reassigned since construction (bn.momentum = 0.01): the layer's writable
        // properties, read from the original and set on the copy
        std::set<std::string> seen;
        for (Type* t : o->type->mro)
            t->dict.for_each([&](const std::string& k, const Value& d) {
                auto* p = d.as<Property>();
                if (!p || p->setter.is_null() || !seen.insert(k).second) return;
                in.call(p->setter, {result, in.call(p->getter, {module})});
            });
    }
    copy_tensors_into(in, deepcopy, memo, src, *m, o->nonpersistent, leaf);
    // Children: all of them for user modules and containers; for a remade built-in layer, those the
    // program added (a subclass of nn.Linear that sets `self.lora_dropout = nn.Dropout(p)`, as
    // loralib's layers do, copied by GPT-2's `copy.deepcopy(block)`), the constructor's own being
    // there already with their tensors copied.
    for (const auto& [n, c] : src.own_children()) {
        if (leaf) {
            bool made = false;
            for (const auto& [dn, dc] : m->own_children()) made = made || dn == n;
            if (made) continue;
        }
        if (!c) {
            m->register_module(n, nullptr);
            continue;
        }
        register_child(copy.get(), n, in.call(deepcopy, {wrap_child(o, n, c), memo}));
    }
    std::vector<std::pair<std::string, Value>> attrs;
    o->dict.for_each([&](const std::string& k, const Value& v) { attrs.emplace_back(k, v); });
    for (const auto& [k, v] : attrs) copy->dict.set(k, in.call(deepcopy, {v, memo}));
    return result;
}

// Module._apply's swap path for parameters that are tensor-subclass instances (a __torch_dispatch__
// wrapper), under torch.__future__.set_swap_module_params_on_conversion(True): the parameter's own
// conversion (`method`: "bfloat16", ... answered by its subclass's handlers), made a Parameter and
// swapped into the parameter object by torch.utils.swap_tensors, so the object keeps its identity
// and takes the converted contents. Without the flag the conversion changes the tensor in place
// (module->to), as PyTorch's `param.data = param_applied` does: a wrapper's dtype changes, not what
// it wraps.
void swap_subclass_parameters(Interpreter& in, ModuleObject* o, const char* method) {
    std::vector<std::pair<Tensor, Value>> subclass;
    for (const Tensor& p : o->module->parameters(true)) {
        Value v = wrap(p);
        if (type_of(v) != T().tensor && type_of(v) != T().parameter) subclass.emplace_back(p, v);
    }
    if (subclass.empty()) return;
    if (!truthy(in, in.call(*in.import_module("torch.__future__")->dict.find("get_swap_module_params_on_conversion"), {})))
        return;
    Value swap = *in.import_module("torch.utils")->dict.find("swap_tensors");
    for (const auto& [p, v] : subclass) {
        Value applied = in.call(getattr(in, v, method), {});
        Value param = in.call(Value(T().parameter), {applied, Value::boolean(p.requires_grad())});
        in.call(swap, {v, param});
    }
}

// nn.Module.__getattr__ as registered below: the fast path applies only where a class resolves
// __getattr__ to it.
Value* g_module_getattr = nullptr;  // the builtin object is immortal; its dict slot may move, so a copy

// vm/module_attr.h: `module.name` for one of the module's own parameters, buffers or children, when
// Python's lookup would reach nn.Module.__getattr__ (no __getattribute__ override, no class or
// instance attribute of that name, the class's __getattr__ is nn.Module's) and that method would
// return the entry: the same value without the str allocation, the method call and the repeated
// table scans. Null otherwise (the caller takes the general path).
Value module_attr_fast(const Value& obj, std::string_view name) {
    ModuleObject* o = object_of(obj);
    if (!o || !o->module || !g_module_getattr || vm::module_attr_observers > 0) return Value();
    if (name.size() >= 2 && name[0] == '_' && name[1] == '_') return Value();  // __class__, __dict__, __module__...
    Type* t = type_of(obj);
    if (t->custom_getattribute) return Value();
    const Value* ga = t->lookup("__getattr__");
    if (!ga || !ga->identical(*g_module_getattr)) return Value();
    if (t->lookup(name) || o->dict.find(name)) return Value();
    const nn::Module& m = *o->module;
    for (const auto& [n, p] : m.own_parameters())
        if (n == name) return wrap(p);
    const std::string key(name);
    if (m.has_buffer(key)) return wrap(m.buffer(key));
    for (const auto& [n, c] : m.own_children())
        if (n == name) return wrap_child(o, key, c);
    return Value();
}

void register_module_methods(Type* M) {
    // A built-in layer whose parameter the program replaced reads the attribute as PyTorch's forward does
    // (self.weight: a plain tensor, a parametrization's property, or AttributeError when deleted).
    nn::Module::missing_parameter_hook = [](const nn::Module& m, const std::string& name) -> Tensor {
        if (dynamic_cast<const PyModule*>(&m)) return Tensor();
        auto it = registry().find(&m);
        if (it == registry().end()) return Tensor();
        Value v = getattr(current_interpreter(), Value(it->second), name);
        if (v.is_none()) return Tensor();
        if (!v.is(Kind::Tensor))
            raise(T().TypeError, str(m.type_name(), ".", name, " must be a Tensor, not ", type_name(v)));
        return v.get<TensorObj>()->tensor;
    };
    // A user subclass of a built-in layer with its own extra_repr prints it (class StdConv2d(nn.Conv2d)).
    nn::Module::extra_repr_hook = [](const nn::Module& m) -> std::optional<std::string> {
        if (dynamic_cast<const PyModule*>(&m)) return std::nullopt;
        auto it = registry().find(&m);
        if (it == registry().end() || it->second->type->builtin) return std::nullopt;
        const Value* f = user_override(it->second, "extra_repr");
        if (!f) return std::nullopt;
        Interpreter& in = current_interpreter();
        return to_str(in, in.call_with_self(*f, Value(it->second), CallArgs{}));
    };
    // A traced or scripted module registered as a child prints itself (Cell(original_name=Cell ...)).
    nn::Module::child_repr_hook = [](const nn::Module& m, const std::string& name) -> std::optional<std::string> {
        auto it = registry().find(&m);
        if (it == registry().end()) return std::nullopt;
        const Value* kept = it->second->kept.find(name);
        if (!kept || object_of(*kept) || script_module_backing(*kept).is_null()) return std::nullopt;
        return repr(current_interpreter(), *kept);
    };
    M->allocate = [](Interpreter&, Type* cls, const CallArgs&) {
        return Value(make<ModuleObject>(cls, nullptr).get());
    };
    M->construct = [M](Interpreter&, const CallArgs& a) {
        if (a.nargs || a.nkw) raise(T().TypeError, "Module.__init__() takes 1 positional argument but more were given");
        auto o = make<ModuleObject>(M, nullptr);
        o->set_module(std::make_shared<PyModule>("Module", o.get()));
        return Value(o.get());
    };
    method(M, "__init__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = object_of(a.args[0]);
        if (!o) raise(T().TypeError, "Module.__init__() needs a Module instance");
        const std::string& name = o->type->name;
        if (a.nkw)
            raise(T().TypeError, str(name, ".__init__() got an unexpected keyword argument '", a.kwname(0), "'"));
        if (a.nargs > 1)
            raise(T().TypeError, str(name, ".__init__() takes 1 positional argument but ", a.nargs, " were given"));
        o->kept.clear();
        o->set_module(std::make_shared<PyModule>(name, o));
        return Value::none();
    });
    method(M, "__call__", [](Interpreter& in, const CallArgs& a) { return call_forward(in, a.args[0], shifted(a)); });
    // Module._version: the state_dict format version, saved in state_dict()._metadata for
    // _load_from_state_dict overrides (_NormBase's is 2).
    M->dict.set("_version", Value::integer(1));
    // The hook registrations are Python (torch/nn/modules/module.py), called with the module first.
    for (const char* name : {"register_forward_pre_hook", "register_forward_hook", "register_full_backward_pre_hook",
                             "register_full_backward_hook", "register_backward_hook", "_register_load_state_dict_pre_hook",
                             "register_load_state_dict_pre_hook", "register_load_state_dict_post_hook",
                             "register_state_dict_pre_hook",
                             "load_state_dict", "_load_from_state_dict", "get_extra_state", "set_extra_state",
                             "__getstate__", "__setstate__"}) {
        method(M, name, [name](Interpreter& in, const CallArgs& a) {
            return in.call(*in.import_module("torch.nn.modules.module")->dict.find(name), a);
        });
    }
    // Path lookups and whole-tree tensor transforms, in Python too (torch/nn/modules/module_access.py).
    for (const char* name : {"get_parameter", "get_buffer", "set_submodule", "_apply", "to_empty", "type",
                             "share_memory"}) {
        method(M, name, [name](Interpreter& in, const CallArgs& a) {
            return in.call(*in.import_module("torch.nn.modules.module_access")->dict.find(name), a);
        });
    }
    method(M, "__deepcopy__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "__deepcopy__() takes exactly one argument (the memo)");
        return deepcopy_module(in, a.args[0], a.args[1]);
    });
    method(M, "forward", builtin_forward);
    method(M, "__repr__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = object_of(a.args[0]);
        if (!o || !o->module) return new_str(type_name(a.args[0]) + "()");
        return new_str(module_repr(o));
    });
    method(M, "extra_repr", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        if (dynamic_cast<PyModule*>(o->module.get())) return new_str("");
        return new_str(o->module->extra_repr());
    });
    method(M, "_get_name", [](Interpreter&, const CallArgs& a) { return new_str(type_name(a.args[0])); });

    // Attribute protocol (Module.__getattr__ / __setattr__ / __delattr__).
    method(M, "__getattr__", [](Interpreter& in, const CallArgs& a) -> Value {
        ModuleObject* o = object_of(a.args[0]);
        const std::string& name = str_of(a.args[1]);
        if (o && o->module) {
            nn::Module& m = *o->module;
            if (m.has_parameter(name)) return wrap(m.parameter(name));
            if (m.has_buffer(name)) return wrap(m.buffer(name));
            if (m.has_child(name)) return wrap_child(o, name, m.child(name));
            // PyTorch's own tables (plain dicts there): a dict of the entries whose writes reach the module
            if (name == "_modules" || name == "_parameters" || name == "_buffers") {
                std::vector<Value> items;
                auto entry = [](const std::string& k, const Value& v) { return new_tuple({new_str(k), v}); };
                if (name == "_modules")
                    for (const auto& [k, c] : m.own_children()) items.push_back(entry(k, wrap_child(o, k, c)));
                else if (name == "_parameters")
                    for (const auto& [k, t] : m.own_parameters()) items.push_back(entry(k, t.defined() ? wrap(t) : Value::none()));
                else
                    for (const auto& [k, t] : m.own_buffers()) items.push_back(entry(k, t.defined() ? wrap(t) : Value::none()));
                Value table = *in.import_module("torch.nn._module_tables")->dict.find("table");
                return in.call(table, {a.args[0], a.args[1], new_list(std::move(items))});
            }
        }
        // PyTorch's Module.__init__ gives every module these OrderedDicts of hooks; Kiln makes one on
        // first use and keeps it in the instance dict, where register_*_hook (module.py) and
        // Module.__call__ (has_call_hooks) find it, so code that inspects or clears them
        // (`len(m._forward_hooks)`, `m._forward_hooks.clear()`) sees and changes the live hooks.
        static const char* const kHookDicts[] = {
            "_forward_hooks", "_forward_hooks_with_kwargs", "_forward_hooks_always_called", "_forward_pre_hooks",
            "_forward_pre_hooks_with_kwargs", "_backward_hooks", "_backward_pre_hooks", "_state_dict_hooks",
            "_state_dict_pre_hooks", "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks"};
        if (o && std::find_if(std::begin(kHookDicts), std::end(kHookDicts), [&](const char* n) { return name == n; }) !=
                     std::end(kHookDicts)) {
            Value d = in.call(*in.import_module("collections")->dict.find("OrderedDict"), {});
            o->dict.set(name, d);
            return d;
        }
        if (o && name == "_is_full_backward_hook") return Value::none();
        // The names of the buffers registered with persistent=False (a copy: Kiln keeps them in the C++ object).
        if (o && name == "_non_persistent_buffers_set") {
            Value out = new_set(in);
            for (const std::string& n : o->nonpersistent) set_add_value(in, out, new_str(n));
            return out;
        }
        raise(T().AttributeError, str("'", type_name(a.args[0]), "' object has no attribute '", name, "'"));
    });
    method(M, "__setattr__", [](Interpreter& in, const CallArgs& a) {
        ModuleObject* o = object_of(a.args[0]);
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, "attribute name must be string");
        const std::string& name = str_of(a.args[1]);
        const Value& v = a.args[2];
        if (name == "__class__") {  // object.__setattr__'s (torch.nn.utils.parametrize swaps the class)
            generic_setattr(in, a.args[0], name, v);
            return Value::none();
        }
        nn::Module* m = o->module.get();
        if (is_parameter_value(v)) {
            if (!m) raise(T().AttributeError, "cannot assign parameters before Module.__init__() call");
            o->dict.erase(name);
            m->register_parameter(name, v.get<TensorObj>()->tensor);
            return Value::none();
        }
        if (m && m->has_parameter(name)) {
            if (!v.is_none())
                raise(T().TypeError, str("cannot assign '", torch_typename(v), "' as parameter '", name,
                                         "' (torch.nn.Parameter or None expected)"));
            m->register_parameter(name, Tensor());
            return Value::none();
        }
        if (v.is(Kind::NNModule) || object_of(script_module_backing(v))) {
            if (!m) raise(T().AttributeError, "cannot assign module before Module.__init__() call");
            o->dict.erase(name);
            register_child(o, name, v);
            return Value::none();
        }
        if (m && m->has_child(name)) {
            if (!v.is_none())
                raise(T().TypeError, str("cannot assign '", torch_typename(v), "' as child module '", name,
                                         "' (torch.nn.Module or None expected)"));
            register_child(o, name, v);
            return Value::none();
        }
        // A tensor marked by torch.nn.Buffer(t, persistent=...) (torch/nn/_buffer.py): registered as
        // register_buffer does, with its persistent flag (PyTorch's Module.__setattr__).
        if (v.is(Kind::Tensor) && v.get<TensorObj>()->attrs.find("_is_buffer")) {
            Value mark = getattr_or_null(in, v, "_is_buffer");
            if (!mark.is_null() && truthy(in, mark)) {
                if (!m) raise(T().AttributeError, "cannot assign buffer before Module.__init__() call");
                Value p = getattr_or_null(in, v, "persistent");
                const bool persistent = p.is_null() || truthy(in, p);
                o->dict.erase(name);
                if (persistent) o->nonpersistent.erase(name);
                else o->nonpersistent.insert(name);
                m->register_buffer(name, v.get<TensorObj>()->tensor, persistent);
                return Value::none();
            }
        }
        if (m && m->has_buffer(name)) {
            if (!v.is_none() && !v.is(Kind::Tensor))
                raise(T().TypeError, str("cannot assign '", torch_typename(v), "' as buffer '", name,
                                         "' (torch.Tensor or None expected)"));
            m->register_buffer(name, v.is_none() ? Tensor() : v.get<TensorObj>()->tensor,
                               !o->nonpersistent.count(name));
            return Value::none();
        }
        o->dict.set(name, v);
        // PyTorch's layers read their hyperparameters in forward (self.p, self.dim, ...): a reassigned
        // constructor argument of a closure-backed layer rebuilds it (C++ layers have setters instead).
        if (m && o->factory) rebuild_layer_attr(in, o, name);
        return Value::none();
    });
    method(M, "__delattr__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = object_of(a.args[0]);
        const std::string& name = str_of(a.args[1]);
        // A child, a parameter, or any entry of a module written in Python, is dropped as in PyTorch
        // (torch.fx's delete_submodule; weight_norm's `del module._parameters[name]`: a built-in layer's
        // forward then reads the attribute, Module::missing_parameter_hook); a built-in layer's buffer
        // becomes None (its C++ forward reads the slot).
        if (o->module && (o->module->has_child(name) || o->module->has_parameter(name) ||
                          (dynamic_cast<PyModule*>(o->module.get()) && o->module->has_buffer(name)))) {
            o->module->erase_entry(name);
            o->kept.erase(name);
        } else if (o->module && o->module->has_buffer(name)) o->module->register_buffer(name, Tensor());
        else if (o->module && o->module->has_child(name)) register_child(o, name, Value::none());
        else if (!o->dict.erase(name))
            raise(T().AttributeError, str("'", type_name(a.args[0]), "' object has no attribute '", name, "'"));
        return Value::none();
    });

    def_property(M, "training",
        [](Interpreter&, const CallArgs& a) {
            ModuleObject* o = object_of(a.args[0]);
            if (!o) o = object_of(script_module_backing(a.args[0]));  // a traced module: its module's flag
            return Value::boolean(!o || !o->module || o->module->is_training());
        },
        [](Interpreter&, const CallArgs& a) {
            ModuleObject* o = module_self(a.args[0]);
            if (!a.args[1].is_bool()) raise(T().TypeError, "training mode is expected to be boolean");
            TrainingFlag::set(*o->module, a.args[1].as_bool());
            return Value::none();
        });

    // ---- registration ----
    method(M, "register_parameter", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("register_parameter(self, name, param)");
        auto v = sig.bind(a);
        ModuleObject* o = object_of(v[0]);
        if (!o || !o->module) raise(T().AttributeError, "cannot assign parameter before Module.__init__() call");
        check_attr_name(o, v[1], "parameter", true, false);
        if (!v[2].is_none() && !is_parameter_value(v[2]))
            raise(T().TypeError, str("cannot assign '", torch_typename(v[2]), "' object to parameter '", str_of(v[1]),
                                     "' (torch.nn.Parameter or None required)"));
        o->module->register_parameter(str_of(v[1]), v[2].is_none() ? Tensor() : to_tensor(v[2]));
        return Value::none();
    });
    method(M, "register_buffer", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("register_buffer(self, name, tensor, persistent=True)");
        auto v = sig.bind(a);
        ModuleObject* o = object_of(v[0]);
        if (!o || !o->module) raise(T().AttributeError, "cannot assign buffer before Module.__init__() call");
        // A sparse COO tensor (engine/stdlib/torch/sparse/, a Python object: the C++ module's buffers
        // are dense) is kept as an instance attribute named like the buffer, non-persistent only, as
        // whisper's alignment_heads mask is; registering it again replaces it.
        if (torch_typename(v[2]) == "torch.sparse.SparseCOOTensor") {
            const Value* prev = v[1].is(Kind::Str) ? o->dict.find(str_of(v[1])) : nullptr;
            if (!(prev && torch_typename(*prev) == "torch.sparse.SparseCOOTensor"))
                check_attr_name(o, v[1], "buffer", false, true);
            const std::string& name = str_of(v[1]);
            if (truthy_arg(v[3]))
                raise(T().NotImplementedError, str("register_buffer: the sparse COO tensor '", name, "' can only be "
                                                   "a non-persistent buffer in Kiln (persistent=False): Kiln's "
                                                   "state_dict holds dense tensors"));
            o->nonpersistent.insert(name);
            o->dict.set(name, v[2]);
            return Value::none();
        }
        check_attr_name(o, v[1], "buffer", false, true);
        const std::string& name = str_of(v[1]);
        if (!v[2].is_none() && !v[2].is(Kind::Tensor))
            raise(T().TypeError, str("cannot assign '", torch_typename(v[2]), "' object to buffer '", name,
                                     "' (torch Tensor or None required)"));
        bool persistent = truthy_arg(v[3]);
        if (persistent) o->nonpersistent.erase(name);
        else o->nonpersistent.insert(name);
        o->module->register_buffer(name, v[2].is_none() ? Tensor() : to_tensor(v[2]), persistent);
        return Value::none();
    });
    NativeFn add_module = [](Interpreter&, const CallArgs& a) {
        static const Signature sig("add_module(self, name, module)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        if (!v[2].is_none() && !v[2].is(Kind::NNModule) && !object_of(script_module_backing(v[2])))
            raise(T().TypeError, str(torch_typename(v[2]), " is not a Module subclass"));
        check_attr_name(o, v[1], "module", false, false);
        register_child(o, str_of(v[1]), v[2]);
        return Value::none();
    };
    method(M, "add_module", add_module);
    method(M, "register_module", add_module);
    method(M, "get_submodule", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("get_submodule(self, target)");
        auto v = sig.bind(a);
        Value cur = v[0];
        // PyTorch compares target with "" and then calls target.split(".")
        if (!v[1].is(Kind::Str)) raise(T().AttributeError, str("'", type_name(v[1]), "' object has no attribute 'split'"));
        const std::string& target = str_of(v[1]);
        if (target.empty()) return cur;
        size_t start = 0;
        while (true) {
            size_t dot = target.find('.', start);
            std::string item = target.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            ModuleObject* o = module_self(cur);
            if (!o->module->has_child(item))
                raise(T().AttributeError, str(o->module->type_name(), " has no attribute `", item, "`"));
            cur = wrap_child(o, item, o->module->child(item));
            if (!cur.is(Kind::NNModule)) raise(T().AttributeError, str("`", item, "` is not an nn.Module"));
            if (dot == std::string::npos) return cur;
            start = dot + 1;
        }
    });

    // ---- iteration ----
    // parameters(), named_parameters(), ... are generators, as PyTorch's (next(), exhaustion, a
    // second list() empty, "<generator object Module.parameters at 0x...>"): Python generator
    // functions (torch/nn/modules/module_access.py) over the native listings _kiln_<name> below.
    for (const char* name : {"parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children",
                             "modules", "named_modules"}) {
        method(M, name, [name](Interpreter& in, const CallArgs& a) {
            return in.call(*in.import_module("torch.nn.modules.module_access")->dict.find(name), a);
        });
    }
    method(M, "_kiln_parameters", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("parameters(self, recurse=True)");
        auto v = sig.bind(a);
        std::vector<Value> out;
        for (const Tensor& t : module_self(v[0])->module->parameters(to_bool(v[1]))) out.push_back(wrap(t));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_named_parameters", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("named_parameters(self, prefix='', recurse=True, remove_duplicate=True)");
        auto v = sig.bind(a);
        std::vector<Value> out;
        for (const auto& [n, t] : module_self(v[0])->module->named_parameters(prefix_arg(v[1]), to_bool(v[2])))
            out.push_back(new_tuple({new_str(n), wrap(t)}));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_buffers", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("buffers(self, recurse=True)");
        auto v = sig.bind(a);
        std::vector<Value> out;
        for (const Tensor& t : module_self(v[0])->module->buffers(to_bool(v[1]))) out.push_back(wrap(t));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_named_buffers", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("named_buffers(self, prefix='', recurse=True, remove_duplicate=True)");
        auto v = sig.bind(a);
        std::vector<Value> out;
        for (const auto& [n, t] : module_self(v[0])->module->named_buffers(prefix_arg(v[1]), to_bool(v[2])))
            out.push_back(new_tuple({new_str(n), wrap(t)}));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_children", [](Interpreter& in, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::vector<Value> out;
        for (const auto& [n, c] : o->module->named_children()) out.push_back(wrap_child(o, n, c));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_named_children", [](Interpreter& in, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::vector<Value> out;
        for (const auto& [n, c] : o->module->named_children())
            out.push_back(new_tuple({new_str(n), wrap_child(o, n, c)}));
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_modules", [](Interpreter& in, const CallArgs& a) {
        std::set<nn::Module*> seen;
        std::vector<std::pair<std::string, Value>> walk;
        named_modules_walk(module_self(a.args[0]), a.args[0], "", seen, walk, true);
        std::vector<Value> out;
        for (auto& [n, m] : walk) out.push_back(m);
        return iter_of(in, std::move(out));
    });
    method(M, "_kiln_named_modules", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("named_modules(self, memo=None, prefix='', remove_duplicate=True)");
        auto v = sig.bind(a);
        std::set<nn::Module*> seen;
        std::vector<std::pair<std::string, Value>> walk;
        named_modules_walk(module_self(v[0]), v[0], prefix_arg(v[2]), seen, walk, truthy(in, v[3]));
        std::vector<Value> out;
        for (auto& [n, m] : walk) out.push_back(new_tuple({new_str(n), m}));
        return iter_of(in, std::move(out));
    });
    method(M, "apply", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("apply(self, fn)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        for (const auto& [n, c] : o->module->named_children()) {
            Value child = wrap_child(o, n, c);
            // A traced or scripted child: fn reaches the module it wraps (the same parameters).
            if (!object_of(child)) child = script_module_backing(child);
            in.call_method(child, "apply", {v[1]});
        }
        in.call(v[1], {v[0]});
        return v[0];
    });

    // ---- state ----
    method(M, "state_dict", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("state_dict(self, *args, destination=None, prefix='', keep_vars=False)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        const std::string& prefix = prefix_arg(v[3]);
        const bool keep_vars = truthy_arg(v[4]);
        // Module.register_state_dict_pre_hook's hooks, hook(module, prefix, keep_vars): each module's
        // as PyTorch's recursive state_dict reaches it (parents first), before its entries are taken.
        {
            std::set<nn::Module*> seen;
            std::vector<std::pair<std::string, Value>> walk;
            named_modules_walk(o, v[0], prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1), seen, walk,
                               false);
            for (auto& [name, m] : walk) {
                ModuleObject* mo = object_of(m);
                const Value* hooks = mo ? mo->dict.find("_state_dict_pre_hooks") : nullptr;
                const Dict* d = hooks ? hooks->as<Dict>() : nullptr;
                if (!d || d->size() == 0) continue;
                std::vector<Value> fns;
                d->for_each([&](const Value&, const Value& f) { fns.push_back(f); });
                for (const Value& f : fns)
                    in.call(f, {m, new_str(name.empty() ? name : name + "."), Value::boolean(keep_vars)});
            }
        }
        nn::StateDict sd = o->module->state_dict(prefix);
        // keep_vars: the live parameters/buffers instead of detached aliases. A tensor-subclass
        // instance's detached value is its own detach() (its handlers answer it: a __torch_dispatch__
        // wrapper stays one), kept alive here until the dict holds it.
        std::vector<Value> detached;
        for (auto& [key, t] : sd) {
            std::string rel = key.substr(prefix.size());
            size_t dot = rel.rfind('.');
            nn::Module* owner = dot == std::string::npos ? o->module.get()
                                                          : submodule_path(o->module.get(), rel.substr(0, dot));
            std::string leaf = dot == std::string::npos ? rel : rel.substr(dot + 1);
            if (!owner) continue;
            Tensor live = owner->has_parameter(leaf) ? owner->parameter(leaf) : owner->buffer(leaf);
            if (keep_vars) {
                t = live;
                continue;
            }
            auto* obj = live.defined() ? static_cast<Object*>(live.impl()->py_object) : nullptr;
            if (!obj || obj->type == T().tensor || obj->type == T().parameter) continue;
            Value d = in.call(getattr(in, Value(obj), "detach"), {});
            if (!d.is(Kind::Tensor)) continue;
            detached.push_back(d);
            t = d.get<TensorObj>()->tensor;
        }
        Value out = odict_from(in, sd);
        // Module._version of every module by its key prefix, in the order PyTorch's recursive
        // state_dict visits them (shared submodules once per path): destination._metadata.
        Value metadata = in.call(Value(ordered_dict_type()), {});
        {
            std::set<nn::Module*> seen;
            std::vector<std::pair<std::string, Value>> walk;
            named_modules_walk(o, v[0], prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1), seen, walk,
                               false);
            for (auto& [name, m] : walk) {
                auto local = make<Dict>();
                local->set(new_str("version"), getattr(in, m, "_version"));
                metadata.as<Dict>()->set(new_str(name), Value(local.get()));
            }
        }
        if (!v[2].is_none()) {  // destination: filled in place and returned
            Dict* d = v[2].as<Dict>();
            if (!d) raise(T().TypeError, str("state_dict(): destination must be a dict, not ", type_name(v[2])));
            out.as<Dict>()->for_each([&](const Value& k, const Value& x) { d->set(k, x); });
            // PyTorch records the versions only where the destination has a _metadata (its own OrderedDicts).
            if (Dict* md = getattr_or_null(in, v[2], "_metadata").as<Dict>())
                metadata.as<Dict>()->for_each([&](const Value& k, const Value& x) { md->set(k, x); });
            return v[2];
        }
        setattr(in, out, "_metadata", metadata);
        return out;
    });

    // ---- modes, dtype, device ----
    // Module.train as PyTorch's: this module's flag, then `module.train(mode)` on each child through
    // attribute lookup, so a child class that overrides train() runs its override (loralib's layers
    // merge their LoRA weights into the frozen weight there); eval() is `self.train(False)`.
    method(M, "train", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("train(self, mode=True)");
        auto v = sig.bind(a);
        if (!v[1].is_bool()) raise(T().ValueError, "training mode is expected to be boolean");
        ModuleObject* o = module_self(v[0]);
        TrainingFlag::set(*o->module, v[1].as_bool());
        std::vector<std::pair<std::string, std::shared_ptr<nn::Module>>> children;
        for (const auto& [n, c] : o->module->own_children())
            if (c) children.emplace_back(n, c);
        for (const auto& [n, c] : children) {
            Value child = wrap_child(o, n, c);
            in.call(getattr(in, child, "train"), {v[1]});
        }
        return v[0];
    });
    method(M, "eval", [](Interpreter& in, const CallArgs& a) {
        module_self(a.args[0]);
        return in.call(getattr(in, a.args[0], "train"), {Value::boolean(false)});
    });
    method(M, "zero_grad", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("zero_grad(self, set_to_none=True)");
        auto v = sig.bind(a);
        module_self(v[0])->module->zero_grad(truthy_arg(v[1]));
        return Value::none();
    });
    method(M, "requires_grad_", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("requires_grad_(self, requires_grad=True)");
        auto v = sig.bind(a);
        bool flag = to_bool(v[1], "requires_grad_", "requires_grad");
        for (Tensor t : module_self(v[0])->module->parameters()) t.requires_grad_(flag);
        return v[0];
    });
    method(M, "to", [](Interpreter& in, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::optional<Device> device;
        std::optional<MemoryFormat> format;
        if (auto dt = parse_to(in, a, device, format)) o->module->to(*dt);
        if (format && *format != MemoryFormat::Preserve) o->module->to(*format);
        try {
            if (device) o->module->to(*device);
        } catch (const Error& e) {
            // Module.to's convert() adds the way out to ATen's error for meta parameters
            if (e.kind() == ErrorKind::NotImplementedError && std::string(e.what()) == "Cannot copy out of meta tensor; no data!")
                raise(T().NotImplementedError,
                      "Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty() instead of "
                      "torch.nn.Module.to() when moving module from meta to a different device.");
            throw;
        }
        return a.args[0];
    });
    auto def_cast = [M](const char* name, DType dt) {
        method(M, name, [dt, name](Interpreter& in, const CallArgs& a) {
            swap_subclass_parameters(in, module_self(a.args[0]), name);
            module_self(a.args[0])->module->to(dt);
            return a.args[0];
        });
    };
    def_cast("float", DType::Float32);
    def_cast("double", DType::Float64);
    def_cast("half", DType::Float16);
    def_cast("bfloat16", DType::BFloat16);
    method(M, "cpu", [](Interpreter&, const CallArgs& a) {
        module_self(a.args[0])->module->to(Device::CPU);
        return a.args[0];
    });
    method(M, "cuda", [](Interpreter&, const CallArgs& a) -> Value {
        if (!cuda::built()) raise(T().AssertionError, "Torch not compiled with CUDA enabled");
        module_self(a.args[0])->module->to(Device::CUDA);
        return a.args[0];
    });
}

// ---- built-in layers -----------------------------------------------------------------------------

// The layer's constructor call again, with copies of the argument values (for copy.deepcopy).
std::function<std::shared_ptr<nn::Module>(Interpreter&, ModuleObject*)> remaker(const LayerFactory& make_module,
                                                                                const CallArgs& a) {
    std::vector<Value> values(a.args, a.args + a.nargs);
    for (size_t i = 0; i < a.nkw; ++i) values.push_back(a.kwvalues[i]);
    Value kwnames = a.kwnames ? Value(const_cast<Tuple*>(a.kwnames)) : Value();
    size_t nargs = a.nargs, nkw = a.nkw;
    return [make_module, values, kwnames, nargs, nkw](Interpreter& in, ModuleObject* o) {
        CallArgs c;
        c.args = values.data();
        c.nargs = nargs;
        c.kwvalues = values.data() + nargs;
        c.nkw = nkw;
        c.kwnames = kwnames.is_null() ? nullptr : kwnames.get<Tuple>();
        return make_module(in, c, o);
    };
}

// A built-in layer type: calling it constructs; a user subclass's super().__init__(...) builds the
// same C++ module into the user's object.
// A built-in layer made for its device: its device= keyword, else torch's default device
// (torch.set_default_device, `with torch.device(...)`). The layers make their parameters on the CPU;
// a meta layer is made there with the generator's state put back afterwards (PyTorch's meta
// initializers draw no numbers, so the program's later draws match) and then moved to the meta device.
std::shared_ptr<nn::Module> build_layer(Interpreter& in, const LayerFactory& make_module, const CallArgs& a,
                                        ModuleObject* o) {
    Device device = default_device();
    for (size_t i = 0; i < a.nkw; ++i)
        if (a.kwname(i) == "device" && !is_none(a.kwvalues[i])) device = to_device(a.kwvalues[i], "device");
    // Under a TorchFunctionMode the layer's factories and initialisers are the program's torch calls
    // (nn/init.h's hooks), as PyTorch's Python __init__ makes them.
    std::unique_ptr<nn::init::ConstructionHooks> hooks = mode_construction_hooks(in);
    nn::init::ConstructionHooksScope scope(hooks.get());
    if (device != Device::Meta) return make_module(in, a, o);
    std::shared_ptr<nn::Module> m;
    {
        RngStateGuard rng;
        m = make_module(in, a, o);
    }
    if (m) m->to(Device::Meta);
    return m;
}

Type* def_layer(const char* name, const char* pymodule, LayerFactory make_module, Type* base = nullptr) {
    Type* t = make_builtin_type(name, base ? base : T().nn_module, Kind::NNModule, pymodule);
    layer_types()[name] = t;
    layer_factories()[t] = make_module;
    // A container (Sequential, ModuleList, ModuleDict) is deep-copied child by child, never remade:
    // its constructor's arguments are its first children, and keeping them would keep a child the
    // program deleted (del seq[1], ModuleList.pop) alive as long as the container, where PyTorch frees it.
    const bool container = std::string_view(pymodule) == "torch.nn.modules.container";
    t->construct = [t, make_module, container](Interpreter& in, const CallArgs& a) {
        auto o = make<ModuleObject>(t, nullptr);
        {
            InitStyleScope init_style;  // nn layers are Python classes: __init__'s call errors
            o->set_module(build_layer(in, make_module, a, o.get()));
        }
        if (!container) o->remake = remaker(make_module, a);
        o->factory = make_module;
        return Value(o.get());
    };
    method(t, "__init__", [make_module, container](Interpreter& in, const CallArgs& a) {
        ModuleObject* o = object_of(a.args[0]);
        if (!o) raise(T().TypeError, "__init__() needs a Module instance");
        {
            InitStyleScope init_style;
            o->set_module(build_layer(in, make_module, shifted(a), o));
        }
        if (!container) o->remake = remaker(make_module, shifted(a));
        o->factory = make_module;
        return Value::none();
    });
    return t;
}

template <class M>
M& layer(const Value& self) {
    ModuleObject* o = module_self(self);
    auto* m = dynamic_cast<M*>(o->module.get());
    if (!m) raise(T().TypeError, str("'", type_name(self), "' object is not the expected layer"));
    return *m;
}

template <class M, class F>
void prop(Type* t, const char* name, F get) {
    def_property(t, name, [get](Interpreter&, const CallArgs& a) -> Value { return get(layer<M>(a.args[0])); });
}

// A hyperparameter the layer's forward reads, writable as in PyTorch (bn.momentum = 0.01, conv.stride = (2, 2)):
// set(layer, value) converts and stores it (a bad value raises the TypeError the converter gives). The value is
// also stored in the instance dict so that deepcopy's rebuilt layer gets it (Module.__setattr__ path).
template <class M, class F, class S>
void prop(Type* t, const char* name, F get, S set) {
    def_property(t, name, [get](Interpreter&, const CallArgs& a) -> Value { return get(layer<M>(a.args[0])); },
                 [set](Interpreter&, const CallArgs& a) -> Value {
                     set(layer<M>(a.args[0]), a.args[1]);
                     return Value::none();
                 });
}

// A layer's device= argument: the CPU or the meta device (build_layer moves a meta layer there).
void check_cpu(const Value& device, const char* fn) {
    if (!device.is_none() && !device.is_null() && to_device(device, fn, "device") == Device::CUDA) {
        if (!cuda::built()) raise(T().AssertionError, "Torch not compiled with CUDA enabled");
        raise(T().NotImplementedError, str(fn, "(device='cuda') is not supported in Kiln yet: build the layer on the "
                                               "CPU, then move it with .cuda() or .to('cuda')"));
    }
}

int64_t int_arg(const Value& v, const char* fn, const char* arg) { return to_dim(v, fn, arg); }

// A convolution's padding given as a string: 'valid' (none) or 'same' (d * (k - 1) // 2 per dim on the
// left; the layer's forward puts an odd total's extra on the right).
std::vector<int64_t> conv_string_padding(const std::string& p, const std::vector<int64_t>& kernel,
                                         const std::vector<int64_t>& dilation, int dims) {
    if (p != "same" && p != "valid")
        raise(T().ValueError, str("Invalid padding string '", p, "', should be one of {'valid', 'same'}"));
    std::vector<int64_t> pad;
    for (size_t i = 0; i < size_t(dims); ++i) {
        const int64_t k = kernel.size() == 1 ? kernel[0] : kernel.at(i);
        const int64_t d = dilation.size() == 1 ? dilation[0] : dilation.at(i);
        pad.push_back(p == "same" ? d * (k - 1) / 2 : 0);
    }
    return pad;
}

// _ConvNd's padding_mode check.
std::string conv_padding_mode(const Value& v) {
    std::string mode = v.is(Kind::Str) ? str_of(v) : "";
    if (mode != "zeros" && mode != "reflect" && mode != "replicate" && mode != "circular")
        raise(T().ValueError, str("padding_mode must be one of {'zeros', 'reflect', 'replicate', 'circular'}, but got "
                                  "padding_mode='", v.is(Kind::Str) ? str_of(v) : type_name(v), "'"));
    return mode;
}

// Small layers with no class in nn/modules.h: a forward function and the text extra_repr prints.
class FnModule : public nn::Module {
public:
    using Fn = kiln::Function<Tensor(FnModule&, const std::vector<Tensor>&)>;
    // A forward with several outputs (returned to Python as a tuple: MaxPool2d(return_indices=True)).
    using MultiFn = kiln::Function<std::vector<Tensor>(const std::vector<Tensor>&)>;
    FnModule(std::string name, std::string extra, std::vector<std::string> args, Fn fn, MultiFn multi = nullptr)
        : Module(std::move(name)), extra_(std::move(extra)), args_(std::move(args)), fn_(std::move(fn)),
          multi_(std::move(multi)) {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override {
        if (inputs.size() > args_.size())
            KILN_FAIL(TypeError, type_name(), ".forward() takes ", args_.size() + 1, " positional arguments but ",
                      inputs.size() + 1, " were given");
        if (inputs.size() < args_.size()) {
            size_t missing = args_.size() - inputs.size();
            std::string names;
            for (size_t i = inputs.size(); i < args_.size(); ++i) {
                names += (i == inputs.size() ? "" : (i + 1 == args_.size() ? " and " : ", "));
                names += "'" + args_[i] + "'";
            }
            KILN_FAIL(TypeError, type_name(), ".forward() missing ", missing, " required positional argument",
                      missing > 1 ? "s" : "", ": ", names);
        }
        if (multi_) return multi_(inputs);
        return {fn_(*this, inputs)};
    }
    std::string extra_repr() const override { return extra_; }
    bool training() const { return is_training(); }
    // The constructor arguments the closure captured (stored as attributes of the same names).
    std::vector<std::string> params;
    // Takes the forward and repr of a layer built again with other arguments (see rebuild_layer_attr).
    void adopt(const FnModule& other) {
        extra_ = other.extra_;
        fn_ = other.fn_;
        multi_ = other.multi_;
    }

private:
    std::string extra_;
    std::vector<std::string> args_;
    Fn fn_;
    MultiFn multi_;
};

}  // namespace

// (bindings/inplace_activation.h)
Tensor activation_inplace(const Tensor& input, const kiln::Function<Tensor(const Tensor&)>& f) {
    Tensor x = input;
    autograd::check_inplace(x);
    const bool grad = autograd::needs_grad({x});
    Tensor r;
    if (grad) {
        r = f(autograd::inplace_source(x));
    } else {
        autograd::NoGradGuard no_grad;
        r = f(x);
    }
    {
        autograd::NoGradGuard no_grad;
        copy_(x, r);
    }
    if (grad) autograd::inplace_rebase(x, r);
    return x;
}

namespace {

// A module of `name` whose attributes (for m.dim, m.reduction, ...) are stored in the instance dict.
// `attrs` are constructor arguments by name (assigning one rebuilds the layer); attributes that are not
// go into o->dict directly.
std::shared_ptr<nn::Module> fn_module(ModuleObject* o, const char* name, std::string extra,
                                      std::vector<std::pair<const char*, Value>> attrs, FnModule::Fn fn,
                                      std::vector<std::string> args = {"input"}, FnModule::MultiFn multi = nullptr) {
    auto m = std::make_shared<FnModule>(name, std::move(extra), std::move(args), std::move(fn), std::move(multi));
    for (auto& [k, v] : attrs) {
        o->dict.set(k, v);
        m->params.push_back(k);
    }
    return m;
}

bool rebuild_layer_attr(Interpreter& in, ModuleObject* o, const std::string& name) {
    auto* fm = dynamic_cast<FnModule*>(o->module.get());
    if (!fm || std::find(fm->params.begin(), fm->params.end(), name) == fm->params.end()) return false;
    // The constructor again, by keyword, with every captured argument's current value.
    std::vector<Value> values, names;
    for (const std::string& p : fm->params) {
        const Value* v = o->dict.find(p);
        if (!v) return false;
        values.push_back(*v);
        names.push_back(new_str(p));
    }
    Value kwnames = new_tuple(std::move(names));
    CallArgs c;
    c.args = values.data();
    c.nargs = 0;
    c.kwvalues = values.data();
    c.nkw = values.size();
    c.kwnames = kwnames.get<Tuple>();
    std::shared_ptr<nn::Module> fresh = o->factory(in, c, o);
    auto* ff = dynamic_cast<FnModule*>(fresh.get());
    if (!ff) return false;
    fm->adopt(*ff);
    o->remake = remaker(o->factory, c);
    return true;
}

std::string inplace_repr(bool inplace) { return inplace ? "inplace=True" : ""; }

std::string reduction_arg(Interpreter& in, const Value& size_average, const Value& reduce, const Value& reduction) {
    if (!size_average.is_none() || !reduce.is_none()) return legacy_reduction(in, size_average, reduce);
    if (!reduction.is(Kind::Str)) raise(T().TypeError, "reduction must be a string");
    const std::string& r = str_of(reduction);
    // 'elementwise_mean' is still accepted: PyTorch's _Reduction.get_enum maps it to 'mean' with a
    // deprecation warning at each call (the loss modules below warn on forward)
    if (r != "mean" && r != "sum" && r != "none" && r != "elementwise_mean")
        raise(T().ValueError, str(r, " is not a valid value for reduction"));
    return r;
}

Tensor opt_tensor(const Value& v, const char* fn, const char* arg) {
    if (v.is_none() || v.is_null()) return Tensor();
    return to_tensor(v, fn, arg);
}

std::string py_float(double d) { return py_float_repr(d); }

// ---- pickling (torch.save(model) / torch.load(weights_only=False)) ---------------------------------
// PyTorch pickles a module as its class plus its instance __dict__, where its tables and every
// constructor argument live. Module.__getstate__ / __setstate__ (torch/nn/modules/module.py) build and
// read that layout; these two give them what Kiln keeps in C++.

// The attributes a built-in layer keeps in C++ (its class properties: Linear's in_features, Conv2d's
// stride, ...), as (name, value) pairs; PyTorch has them in the instance __dict__.
Value layer_attributes(Interpreter& in, const CallArgs& a) {
    ModuleObject* o = module_self(a.args[0]);
    std::vector<Value> out;
    std::set<std::string> seen{"training"};
    for (Type* t : o->type->mro) {
        if (!t->builtin) continue;
        t->dict.for_each([&](const std::string& k, const Value& d) {
            if (!d.as<Property>() || !seen.insert(k).second) return;
            if (o->module->has_parameter(k) || o->module->has_buffer(k) || o->module->has_child(k)) return;
            out.push_back(new_tuple({new_str(k), in.call(d.as<Property>()->getter, {a.args[0]})}));
        });
    }
    return new_list(std::move(out));
}

// Gives an unpickled module (made by object.__new__, no __init__) its C++ module: a user module's
// own, or a built-in layer made by its constructor with the arguments found in the pickled state
// (an attribute of the parameter's name, or `bias=` etc. from whether that parameter is None).
// The constructor's random initialisation leaves the stream as it was (PyTorch's load draws nothing);
// __setstate__ then puts the pickled tensors in.
Value build_from_state(Interpreter& in, const CallArgs& a) {
    ModuleObject* o = object_of(a.args[0]);
    if (!o) raise(T().TypeError, str("descriptor requires a 'Module' object but received a '", type_name(a.args[0]), "'"));
    if (o->module) return Value::none();
    const Type* layer = nullptr;
    for (Type* t : o->type->mro)
        if (layer_factories().count(t)) {
            layer = t;
            break;
        }
    if (!layer) {
        o->set_module(std::make_shared<PyModule>(o->type->name, o));
        return Value::none();
    }
    const LayerFactory& factory = layer_factories()[layer];
    RngStateGuard keep_stream;
    std::vector<std::string> params;
    if (const auto* names = Signature::names_of(layer->name)) params = *names;
    else {
        // A layer's signature is built on its first call; a layer without one keeps its arguments by name.
        std::shared_ptr<nn::Module> probe;
        try {
            probe = factory(in, CallArgs{}, o);
        } catch (const PyError&) {
        }
        if (const auto* names = Signature::names_of(layer->name)) params = *names;
        else if (auto* fm = dynamic_cast<FnModule*>(probe.get())) params = fm->params;
    }
    const Dict* state = a.args[1].as<Dict>();
    if (!state) raise(T().TypeError, str(type_name(a.args[0]), ".__setstate__() needs the pickled attribute dict"));
    const Value* tables = state->find(new_str("_parameters"));
    std::vector<Value> values, names;
    for (const std::string& n : params) {
        if (n == "device" || n == "dtype") continue;
        const Value* v = state->find(new_str(n));
        Value arg = v ? *v : Value();
        if (!v && tables && tables->as<Dict>())
            if (const Value* p = tables->as<Dict>()->find(new_str(n))) arg = Value::boolean(!p->is_none());
        if (arg.is_null()) continue;
        values.push_back(arg);
        names.push_back(new_str(n));
    }
    Value kwnames = new_tuple(std::move(names));
    CallArgs c;
    c.args = values.data();
    c.kwvalues = values.data();
    c.nkw = values.size();
    c.kwnames = kwnames.get<Tuple>();
    o->set_module(factory(in, c, o));
    if (o->type != layer) o->module->set_repr_name(o->type->name);  // a built-in subclass (NonDynamicallyQuantizableLinear)
    o->remake = remaker(factory, c);
    o->factory = factory;
    return Value::none();
}

void register_layers() {
    const char* kLinear = "torch.nn.modules.linear";
    const char* kAct = "torch.nn.modules.activation";
    const char* kLoss = "torch.nn.modules.loss";
    const char* kPool = "torch.nn.modules.pooling";
    const char* kCont = "torch.nn.modules.container";

    // ---- Linear, Identity ----
    Type* linear = def_layer("Linear", kLinear, [](Interpreter&, const CallArgs& a, ModuleObject*) {
        static const Signature sig("Linear(in_features, out_features, bias=True, device=None, dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[3], "Linear");
        // PyTorch's Linear first reads its sizes in torch.empty((out_features, in_features)): its
        // argument parser's wording for a float or other non-int there
        if (!is_index(v[1]) && !is_big(v[1]) && !v[1].is(Kind::Tensor) && !type_of(v[1])->lookup("__index__"))
            raise(T().TypeError, str("empty(): argument 'size' (position 1) must be tuple of ints, but found element of type ",
                                     type_name(v[1]), " at pos 0"));
        to_shape(new_tuple({v[1], v[0]}), "empty", "size");
        return std::make_shared<nn::Linear>(int_arg(v[0], "Linear", "in_features"),
                                            int_arg(v[1], "Linear", "out_features"), truthy_arg(v[2]),
                                            to_opt_dtype(v[4], "Linear"));
    });
    // Settable as in PyTorch (LazyLinear sets both once it has seen its input).
    prop<nn::Linear>(linear, "in_features", [](nn::Linear& m) { return Value::integer(m.in_features); },
                     [](nn::Linear& m, const Value& v) { m.in_features = int_arg(v, "Linear", "in_features"); });
    prop<nn::Linear>(linear, "out_features", [](nn::Linear& m) { return Value::integer(m.out_features); },
                     [](nn::Linear& m, const Value& v) { m.out_features = int_arg(v, "Linear", "out_features"); });
    method(linear, "reset_parameters", [](Interpreter&, const CallArgs& a) {
        layer<nn::Linear>(a.args[0]).reset_parameters();
        return Value::none();
    });
    Type* ndq = make_builtin_type("NonDynamicallyQuantizableLinear", linear, Kind::NNModule, kLinear);
    layer_types()["NonDynamicallyQuantizableLinear"] = ndq;

    def_layer("Identity", kLinear, [](Interpreter&, const CallArgs&, ModuleObject* o) {
        // Identity(*args, **kwargs): arguments are accepted and ignored, as in PyTorch.
        return fn_module(o, "Identity", "", {}, [](FnModule&, const std::vector<Tensor>& x) { return x[0]; });
    });

    // ---- Conv2d, pooling ----
    // Conv2d and Conv3d: kernel_size/stride/padding/dilation one int or one per spatial dim;
    // padding 'valid' / 'same' (stride 1, odd dilated kernels).
    // _ConvNd: PyTorch's base class of Conv1d/2d/3d (torch/nn/modules/conv.py), which FLOP counters,
    // pruning tools and type hints name (`from torch.nn.modules.conv import _ConvNd`,
    // `isinstance(m, _ConvNd)`). Built directly with _ConvNd.__init__'s arguments, it makes the
    // convolution of len(kernel_size) spatial dims. Kiln's transposed convolutions are Python
    // layers outside this hierarchy (_ConvTransposeNd in torch/nn/_modules_ext.py), so
    // transposed=True is refused here.
    Type* conv_nd = def_layer("_ConvNd", "torch.nn.modules.conv", [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("_ConvNd(in_channels, out_channels, kernel_size, stride, padding, dilation, "
                                   "transposed, output_padding, groups, bias, padding_mode, device=None, dtype=None)");
        auto v = sig.bind(a);
        if (truthy_arg(v[6]))
            raise(T().NotImplementedError, "_ConvNd(transposed=True): build ConvTranspose1d/2d/3d instead "
                                           "(Kiln's transposed convolutions are not _ConvNd layers)");
        size_t dims = to_int_list(v[2], "_ConvNd", "kernel_size").size();
        Type* t = layer_types()[dims == 1 ? "Conv1d" : dims == 3 ? "Conv3d" : "Conv2d"];
        std::vector<Value> args{v[0], v[1], v[2], v[3], v[4], v[5], v[8], v[9], v[10], v[11], v[12]};
        CallArgs conv_args;
        conv_args.args = args.data();
        conv_args.nargs = args.size();
        return layer_factories()[t](in, conv_args, o);
    });
    auto conv_layer = [conv_nd](const char* name, int dims) {
        return def_layer(name, "torch.nn.modules.conv", [name, dims](Interpreter&, const CallArgs& a, ModuleObject*) {
            static const Signature sig2("Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, "
                                        "groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)");
            static const Signature sig3("Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, "
                                        "groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)");
            auto v = (dims == 3 ? sig3 : sig2).bind(a);
            check_cpu(v[9], name);
            const std::string mode = conv_padding_mode(v[8]);
            std::vector<int64_t> kernel = to_int_list(v[2], name, "kernel_size");
            std::vector<int64_t> stride = to_int_list(v[3], name, "stride");
            std::vector<int64_t> dilation = to_int_list(v[5], name, "dilation");
            std::vector<int64_t> padding;
            if (v[4].is(Kind::Str)) {
                const std::string& p = str_of(v[4]);
                if (p == "same")
                    for (int64_t s : stride)
                        if (s != 1) raise(T().ValueError, "padding='same' is not supported for strided convolutions");
                padding = conv_string_padding(p, kernel, dilation, dims);
            } else {
                padding = to_int_list(v[4], name, "padding");
            }
            const int64_t cin = int_arg(v[0], name, "in_channels"), cout = int_arg(v[1], name, "out_channels"),
                          groups = int_arg(v[6], name, "groups");
            const bool bias = truthy_arg(v[7]);
            std::shared_ptr<nn::Conv2d> m;
            if (dims == 3)
                m = std::make_shared<nn::Conv3d>(cin, cout, kernel, stride, padding, dilation, groups, bias,
                                                 to_opt_dtype(v[10], name));
            else
                m = std::make_shared<nn::Conv2d>(cin, cout, kernel, stride, padding, dilation, groups, bias,
                                                 to_opt_dtype(v[10], name));
            if (v[4].is(Kind::Str)) m->padding_str = str_of(v[4]);
            m->padding_mode = mode;
            return std::shared_ptr<nn::Module>(m);
        }, conv_nd);
    };
    Type* conv = conv_layer("Conv2d", 2);
    Type* conv3 = conv_layer("Conv3d", 3);
    Type* conv1 = def_layer("Conv1d", "torch.nn.modules.conv", [](Interpreter&, const CallArgs& a, ModuleObject*) {
        static const Signature sig("Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, "
                                   "groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[9], "Conv1d");
        const std::string mode = conv_padding_mode(v[8]);
        auto one = [](const Value& x, const char* what) {
            std::vector<int64_t> l = to_int_list(x, "Conv1d", what);
            if (l.size() != 1) raise(T().ValueError, str("Conv1d: ", what, " must be an int or a 1-tuple"));
            return l[0];
        };
        int64_t kernel = one(v[2], "kernel_size"), stride = one(v[3], "stride"), dilation = one(v[5], "dilation");
        int64_t padding = 0;
        if (v[4].is(Kind::Str)) {
            const std::string& p = str_of(v[4]);
            if (p == "same" && stride != 1)
                raise(T().ValueError, "padding='same' is not supported for strided convolutions");
            padding = conv_string_padding(p, {kernel}, {dilation}, 1)[0];
        } else {
            padding = one(v[4], "padding");
        }
        auto m = std::make_shared<nn::Conv1d>(int_arg(v[0], "Conv1d", "in_channels"),
                                              int_arg(v[1], "Conv1d", "out_channels"), kernel, stride, padding,
                                              dilation, int_arg(v[6], "Conv1d", "groups"),
                                              truthy_arg(v[7]), to_opt_dtype(v[10], "Conv1d"));
        if (v[4].is(Kind::Str)) m->padding_str = str_of(v[4]);
        m->padding_mode = mode;
        return m;
    }, conv_nd);
    // The conv hyperparameters _ConvNd's forward reads (conv.stride = (1, 1) in backbone surgery): one value
    // per spatial dim, an int standing for all of them.
    auto conv_ints = [](nn::Conv2d& m, const Value& v, const char* what) {
        std::vector<int64_t> l = to_int_list(v, m.type_name().c_str(), what);
        if (l.size() == 1) l.assign(size_t(m.spatial_dims), l[0]);
        if (l.size() != size_t(m.spatial_dims))
            raise(T().RuntimeError, str("expected ", what, " to be a single integer value or a list of ", m.spatial_dims,
                                        " values to match the convolution dimensions"));
        return l;
    };
    auto set_conv_padding = [conv_ints](nn::Conv2d& m, const Value& v) {
        if (!v.is(Kind::Str)) {
            m.padding = conv_ints(m, v, "padding");
            m.padding_str.clear();
            return;
        }
        m.padding = conv_string_padding(str_of(v), m.kernel_size, m.dilation, int(m.spatial_dims));
        m.padding_str = str_of(v);
    };
    for (Type* ct : {conv_nd, conv, conv1, conv3}) {
        // _ConvNd.reset_parameters: kaiming_uniform_(a=sqrt(5)) on the weight, the bias from its fan-in
        // (the lazy convolutions draw their initial values through it).
        method(ct, "reset_parameters", [](Interpreter&, const CallArgs& a) {
            layer<nn::Conv2d>(a.args[0]).reset_parameters();
            return Value::none();
        });
        // _ConvNd's flag (the transposed layers are _modules_ext.py's): code shared by both kinds reads it.
        prop<nn::Conv2d>(ct, "transposed", [](nn::Conv2d&) { return Value::boolean(false); });
        // _ConvNd's derived attributes, in its instance __dict__ (and so in a pickled layer: PyTorch's
        // extra_repr and padded forward read them)
        prop<nn::Conv2d>(ct, "output_padding", [](nn::Conv2d& m) { return int_tuple(std::vector<int64_t>(m.spatial_dims, 0)); });
        prop<nn::Conv2d>(ct, "_reversed_padding_repeated_twice", [](nn::Conv2d& m) {
            Value t = int_tuple(m.reversed_padding_repeated_twice());  // a tuple, a list for string padding
            return m.padding_str.empty() ? t : new_list(std::vector<Value>(t.get<Tuple>()->items));
        });
        prop<nn::Conv2d>(ct, "in_channels", [](nn::Conv2d& m) { return Value::integer(m.in_channels); },
                         [](nn::Conv2d& m, const Value& v) { m.in_channels = int_arg(v, "Conv", "in_channels"); });
        prop<nn::Conv2d>(ct, "out_channels", [](nn::Conv2d& m) { return Value::integer(m.out_channels); },
                         [](nn::Conv2d& m, const Value& v) { m.out_channels = int_arg(v, "Conv", "out_channels"); });
        prop<nn::Conv2d>(ct, "groups", [](nn::Conv2d& m) { return Value::integer(m.groups); },
                         [](nn::Conv2d& m, const Value& v) { m.groups = int_arg(v, "Conv", "groups"); });
        prop<nn::Conv2d>(ct, "kernel_size", [](nn::Conv2d& m) { return int_tuple(m.kernel_size); },
                         [conv_ints](nn::Conv2d& m, const Value& v) { m.kernel_size = conv_ints(m, v, "kernel_size"); });
        prop<nn::Conv2d>(ct, "stride", [](nn::Conv2d& m) { return int_tuple(m.stride); },
                         [conv_ints](nn::Conv2d& m, const Value& v) { m.stride = conv_ints(m, v, "stride"); });
        prop<nn::Conv2d>(ct, "padding", [](nn::Conv2d& m) {
            return m.padding_str.empty() ? int_tuple(m.padding) : new_str(m.padding_str);
        }, set_conv_padding);
        prop<nn::Conv2d>(ct, "dilation", [](nn::Conv2d& m) { return int_tuple(m.dilation); },
                         [conv_ints](nn::Conv2d& m, const Value& v) { m.dilation = conv_ints(m, v, "dilation"); });
        prop<nn::Conv2d>(ct, "padding_mode", [](nn::Conv2d& m) { return new_str(m.padding_mode); },
                         [](nn::Conv2d& m, const Value& v) { m.padding_mode = conv_padding_mode(v); });
        // _ConvNd._conv_forward(input, weight, bias): the layer's convolution with other weights (weight
        // standardization and similar subclasses call it from their forward)
        method(ct, "_conv_forward", [](Interpreter&, const CallArgs& a) {
            static const Signature sig("_conv_forward(self, input, weight, bias)");
            auto v = sig.bind(a);
            nn::Conv2d& m = layer<nn::Conv2d>(v[0]);
            const Tensor& x = to_tensor(v[1], "_conv_forward", "input");
            const Tensor& w = to_tensor(v[2], "_conv_forward", "weight");
            Tensor b = opt_tensor(v[3], "_conv_forward", "bias");
            if (m.spatial_dims == 1) return wrap(conv1d(x, w, b, m.stride[0], m.padding[0], m.dilation[0], m.groups));
            if (m.spatial_dims == 3) return wrap(conv3d(x, w, b, m.stride, m.padding, m.dilation, m.groups));
            return wrap(conv2d(x, w, b, m.stride, m.padding, m.dilation, m.groups));
        });
    }

    def_layer("MaxPool2d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("MaxPool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, "
                                   "ceil_mode=False)");
        auto v = sig.bind(a);
        Value stride = v[1].is_none() ? v[0] : v[1];
        auto k = to_int_list(v[0], "MaxPool2d", "kernel_size"), s = to_int_list(stride, "MaxPool2d", "stride"),
             p = to_int_list(v[2], "MaxPool2d", "padding"), d = to_int_list(v[3], "MaxPool2d", "dilation");
        bool ceil = truthy(in, v[5]);
        std::string extra = str("kernel_size=", repr(in, v[0]), ", stride=", repr(in, stride), ", padding=",
                                repr(in, v[2]), ", dilation=", repr(in, v[3]), ", ceil_mode=", ceil ? "True" : "False");
        FnModule::MultiFn with_indices;  // return_indices: forward returns (values, indices)
        if (truthy(in, v[4]))
            with_indices = [=](const std::vector<Tensor>& x) {
                auto [vals, idx] = max_pool2d_with_indices(x.at(0), k, s, p, d, ceil);
                return std::vector<Tensor>{vals, idx};
            };
        return fn_module(o, "MaxPool2d", extra,
                         {{"kernel_size", v[0]}, {"stride", stride}, {"padding", v[2]}, {"dilation", v[3]},
                          {"return_indices", v[4]}, {"ceil_mode", Value::boolean(ceil)}},
                         [=](FnModule&, const std::vector<Tensor>& x) { return max_pool2d(x[0], k, s, p, d, ceil); },
                         {"input"}, with_indices);
    });
    def_layer("AvgPool2d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("AvgPool2d(kernel_size, stride=None, padding=0, ceil_mode=False, "
                                   "count_include_pad=True, divisor_override=None)");
        auto v = sig.bind(a);
        Value stride = v[1].is_none() ? v[0] : v[1];
        auto k = to_int_list(v[0], "AvgPool2d", "kernel_size"), s = to_int_list(stride, "AvgPool2d", "stride"),
             p = to_int_list(v[2], "AvgPool2d", "padding");
        bool ceil = truthy(in, v[3]), cip = truthy(in, v[4]);
        std::optional<int64_t> divisor;
        if (!v[5].is_none()) divisor = int_arg(v[5], "AvgPool2d", "divisor_override");
        std::string extra = str("kernel_size=", repr(in, v[0]), ", stride=", repr(in, stride), ", padding=",
                                repr(in, v[2]));
        return fn_module(o, "AvgPool2d", extra,
                         {{"kernel_size", v[0]}, {"stride", stride}, {"padding", v[2]},
                          {"ceil_mode", Value::boolean(ceil)}, {"count_include_pad", Value::boolean(cip)},
                          {"divisor_override", v[5]}},
                         [=](FnModule&, const std::vector<Tensor>& x) {
                             return avg_pool2d(x[0], k, s, p, ceil, cip, divisor);
                         });
    });
    def_layer("AdaptiveAvgPool2d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("AdaptiveAvgPool2d(output_size)");
        auto v = sig.bind(a);
        Value size = v[0];
        return fn_module(o, "AdaptiveAvgPool2d", "output_size=" + repr(in, v[0]), {{"output_size", v[0]}},
                         [size](FnModule&, const std::vector<Tensor>& x) {
                             return adaptive_avg_pool2d(x[0], adaptive_output_size(size, x[0], 2, "adaptive_avg_pool2d"));
                         });
    });

    def_layer("MaxPool3d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("MaxPool3d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, "
                                   "ceil_mode=False)");
        auto v = sig.bind(a);
        Value stride = v[1].is_none() ? v[0] : v[1];
        auto k = to_int_list(v[0], "MaxPool3d", "kernel_size"), s = to_int_list(stride, "MaxPool3d", "stride"),
             p = to_int_list(v[2], "MaxPool3d", "padding"), d = to_int_list(v[3], "MaxPool3d", "dilation");
        const bool ceil = truthy(in, v[5]), with_indices = truthy(in, v[4]);
        std::string extra = str("kernel_size=", repr(in, v[0]), ", stride=", repr(in, stride), ", padding=",
                                repr(in, v[2]), ", dilation=", repr(in, v[3]), ", ceil_mode=", ceil ? "True" : "False");
        FnModule::MultiFn both;  // return_indices: forward returns (values, indices)
        if (with_indices)
            both = [=](const std::vector<Tensor>& x) {
                auto [vals, idx] = max_pool3d_with_indices(x.at(0), k, s, p, d, ceil);
                return std::vector<Tensor>{vals, idx};
            };
        return fn_module(o, "MaxPool3d", extra,
                         {{"kernel_size", v[0]}, {"stride", stride}, {"padding", v[2]}, {"dilation", v[3]},
                          {"return_indices", v[4]}, {"ceil_mode", Value::boolean(ceil)}},
                         [=](FnModule&, const std::vector<Tensor>& x) { return max_pool3d(x[0], k, s, p, d, ceil); },
                         {"input"}, both);
    });
    def_layer("AvgPool3d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("AvgPool3d(kernel_size, stride=None, padding=0, ceil_mode=False, "
                                   "count_include_pad=True, divisor_override=None)");
        auto v = sig.bind(a);
        Value stride = v[1].is_none() ? v[0] : v[1];
        auto k = to_int_list(v[0], "AvgPool3d", "kernel_size"), s = to_int_list(stride, "AvgPool3d", "stride"),
             p = to_int_list(v[2], "AvgPool3d", "padding");
        const bool ceil = truthy(in, v[3]), cip = truthy(in, v[4]);
        std::optional<int64_t> divisor;
        if (!v[5].is_none()) divisor = int_arg(v[5], "AvgPool3d", "divisor_override");
        std::string extra = str("kernel_size=", repr(in, v[0]), ", stride=", repr(in, stride), ", padding=",
                                repr(in, v[2]));
        return fn_module(o, "AvgPool3d", extra,
                         {{"kernel_size", v[0]}, {"stride", stride}, {"padding", v[2]},
                          {"ceil_mode", Value::boolean(ceil)}, {"count_include_pad", Value::boolean(cip)},
                          {"divisor_override", v[5]}},
                         [=](FnModule&, const std::vector<Tensor>& x) {
                             return avg_pool3d(x[0], k, s, p, ceil, cip, divisor);
                         });
    });
    def_layer("AdaptiveAvgPool3d", kPool, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("AdaptiveAvgPool3d(output_size)");
        auto v = sig.bind(a);
        Value size = v[0];
        return fn_module(o, "AdaptiveAvgPool3d", "output_size=" + repr(in, v[0]), {{"output_size", v[0]}},
                         [size](FnModule&, const std::vector<Tensor>& x) {
                             return adaptive_avg_pool3d(x[0], adaptive_output_size(size, x[0], 3, "adaptive_avg_pool3d"));
                         });
    });

    // ---- normalization ----
    // torch/nn/modules/batchnorm.py's hierarchy: _NormBase (the parameters, buffers, reset_* and
    // hyperparameters; also _InstanceNorm's base) -> _BatchNorm (forward) -> BatchNorm1d/2d/3d
    // (_check_input_dim) and SyncBatchNorm (engine/stdlib/torch/nn/modules/batchnorm.py). BatchNormNd
    // built as such are nn::BatchNorm1d/2d/3d; _NormBase, _BatchNorm, their Python subclasses and
    // BatchNormNd subclasses that override _check_input_dim get a PyBatchNorm, whose forward calls
    // the Python object's _check_input_dim as _BatchNorm.forward does.
    const char* kBatchNorm = "torch.nn.modules.batchnorm";
    auto norm_factory = [](const char* name, int dims) -> LayerFactory {
        return [name, dims](Interpreter&, const CallArgs& a, ModuleObject* o) -> std::shared_ptr<nn::Module> {
            static const std::string tail = "(num_features, eps=1e-05, momentum=0.1, affine=True, "
                                            "track_running_stats=True, device=None, dtype=None)";
            static const Signature sig_base("_NormBase" + tail), sig_bn("_BatchNorm" + tail),
                sig1("BatchNorm1d" + tail), sig2("BatchNorm2d" + tail), sig3("BatchNorm3d" + tail);
            const Signature& sig = dims == 3 ? sig3 : dims == 2 ? sig2 : dims == 1 ? sig1 : dims == 0 ? sig_bn : sig_base;
            auto v = sig.bind(a);
            check_cpu(v[5], name);
            std::optional<double> momentum;
            if (!v[2].is_none()) momentum = to_float(v[2], name, "momentum");
            int64_t n = int_arg(v[0], name, "num_features");
            double eps = to_float(v[1], name, "eps");
            bool affine = truthy_arg(v[3]), track = truthy_arg(v[4]);
            auto dt = to_opt_dtype(v[6], name);
            if (dims <= 0 || (o && user_override(o, "_check_input_dim")))
                return std::make_shared<PyBatchNorm>(name, n, eps, momentum, affine, track, dt);
            if (dims == 3) return std::make_shared<nn::BatchNorm3d>(n, eps, momentum, affine, track, dt);
            if (dims == 2) return std::make_shared<nn::BatchNorm2d>(n, eps, momentum, affine, track, dt);
            return std::make_shared<nn::BatchNorm1d>(n, eps, momentum, affine, track, dt);
        };
    };
    // dims -1: _NormBase, 0: _BatchNorm.
    Type* norm_base = def_layer("_NormBase", kBatchNorm, norm_factory("_NormBase", -1));
    norm_base->dict.set("_version", Value::integer(2));
    prop<nn::BatchNorm>(norm_base, "num_features", [](nn::BatchNorm& m) { return Value::integer(m.num_features); },
                        [](nn::BatchNorm& m, const Value& v) { m.num_features = int_arg(v, "BatchNorm", "num_features"); });
    method(norm_base, "reset_running_stats", [](Interpreter&, const CallArgs& a) {
        nn::BatchNorm& m = layer<nn::BatchNorm>(a.args[0]);
        if (m.track_running_stats) {
            autograd::NoGradGuard no_grad;
            Tensor rm = m.buffer("running_mean"), rv = m.buffer("running_var"), nbt = m.buffer("num_batches_tracked");
            if (rm.defined()) zero_(rm);
            if (rv.defined()) fill_(rv, Scalar(1.0));
            if (nbt.defined()) zero_(nbt);
        }
        return Value::none();
    });
    method(norm_base, "reset_parameters", [](Interpreter& in, const CallArgs& a) {
        in.call_method(a.args[0], "reset_running_stats", {});
        nn::BatchNorm& m = layer<nn::BatchNorm>(a.args[0]);
        if (m.affine) {
            autograd::NoGradGuard no_grad;
            Tensor w = m.parameter("weight"), b = m.parameter("bias");
            if (w.defined()) nn::init::ones_(w);
            if (b.defined()) nn::init::zeros_(b);
        }
        return Value::none();
    });
    prop<nn::BatchNorm>(norm_base, "eps", [](nn::BatchNorm& m) { return Value::number(m.eps); },
                        [](nn::BatchNorm& m, const Value& v) { m.eps = to_float(v, "BatchNorm", "eps"); });
    prop<nn::BatchNorm>(norm_base, "momentum", [](nn::BatchNorm& m) {
        return m.momentum ? Value::number(*m.momentum) : Value::none();
    }, [](nn::BatchNorm& m, const Value& v) {
        m.momentum = v.is_none() ? std::nullopt : std::optional<double>(to_float(v, "BatchNorm", "momentum"));
    });
    prop<nn::BatchNorm>(norm_base, "affine", [](nn::BatchNorm& m) { return Value::boolean(m.affine); },
                        [](nn::BatchNorm& m, const Value& v) { m.affine = truthy_arg(v); });
    prop<nn::BatchNorm>(norm_base, "track_running_stats", [](nn::BatchNorm& m) {
        return Value::boolean(m.track_running_stats);
    }, [](nn::BatchNorm& m, const Value& v) {
        m.track_running_stats = truthy_arg(v);
    });
    method(norm_base, "_check_input_dim", [](Interpreter&, const CallArgs&) -> Value {
        raise_value(new_exception(T().NotImplementedError, {}));
    });
    // _NormBase has no forward (Module's _forward_unimplemented); _BatchNorm's is the C++ module's.
    method(norm_base, "forward", [](Interpreter&, const CallArgs& a) -> Value {
        raise(T().NotImplementedError,
              str("Module [", type_name(a.args[0]), "] is missing the required \"forward\" function"));
    });
    // _NormBase._load_from_state_dict (version < 2 checkpoints lack num_batches_tracked), in Python.
    method(norm_base, "_load_from_state_dict", [](Interpreter& in, const CallArgs& a) {
        return in.call(*in.import_module("torch.nn.modules.batchnorm")->dict.find("_norm_base_load_from_state_dict"), a);
    });
    Type* batch_norm = def_layer("_BatchNorm", kBatchNorm, norm_factory("_BatchNorm", 0), norm_base);
    method(batch_norm, "forward", builtin_forward);
    for (int dims : {1, 2, 3}) {
        const char* name = dims == 1 ? "BatchNorm1d" : dims == 2 ? "BatchNorm2d" : "BatchNorm3d";
        Type* t = def_layer(name, kBatchNorm, norm_factory(name, dims), batch_norm);
        method(t, "_check_input_dim", [dims](Interpreter&, const CallArgs& a) {
            static const Signature sig("_check_input_dim(self, input)");
            auto v = sig.bind(a);
            nn::batch_norm_check_input_dim(dims, to_tensor(v[1], "_check_input_dim", "input"));
            return Value::none();
        });
    }

    Type* ln = def_layer("LayerNorm", "torch.nn.modules.normalization", [](Interpreter&, const CallArgs& a,
                                                                          ModuleObject*) {
        static const Signature sig("LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, "
                                   "device=None, dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[4], "LayerNorm");
        return std::make_shared<nn::LayerNorm>(to_shape(v[0], "LayerNorm", "normalized_shape"),
                                               to_float(v[1], "LayerNorm", "eps"),
                                               truthy_arg(v[2]),
                                               truthy_arg(v[3]), to_opt_dtype(v[5], "LayerNorm"));
    });
    prop<nn::LayerNorm>(ln, "normalized_shape", [](nn::LayerNorm& m) { return int_tuple(m.normalized_shape); });
    prop<nn::LayerNorm>(ln, "eps", [](nn::LayerNorm& m) { return Value::number(m.eps); },
                        [](nn::LayerNorm& m, const Value& v) { m.eps = to_float(v, "LayerNorm", "eps"); });
    prop<nn::LayerNorm>(ln, "elementwise_affine",
                        [](nn::LayerNorm& m) { return Value::boolean(m.elementwise_affine); });

    Type* gn = def_layer("GroupNorm", "torch.nn.modules.normalization", [](Interpreter&, const CallArgs& a,
                                                                          ModuleObject*) {
        static const Signature sig("GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, device=None, "
                                   "dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[4], "GroupNorm");
        return std::make_shared<nn::GroupNorm>(int_arg(v[0], "GroupNorm", "num_groups"),
                                               int_arg(v[1], "GroupNorm", "num_channels"),
                                               to_float(v[2], "GroupNorm", "eps"), truthy_arg(v[3]),
                                               to_opt_dtype(v[5], "GroupNorm"));
    });
    prop<nn::GroupNorm>(gn, "num_groups", [](nn::GroupNorm& m) { return Value::integer(m.num_groups); },
                        [](nn::GroupNorm& m, const Value& v) { m.num_groups = int_arg(v, "GroupNorm", "num_groups"); });
    prop<nn::GroupNorm>(gn, "num_channels", [](nn::GroupNorm& m) { return Value::integer(m.num_channels); });
    prop<nn::GroupNorm>(gn, "eps", [](nn::GroupNorm& m) { return Value::number(m.eps); },
                        [](nn::GroupNorm& m, const Value& v) { m.eps = to_float(v, "GroupNorm", "eps"); });
    prop<nn::GroupNorm>(gn, "affine", [](nn::GroupNorm& m) { return Value::boolean(m.affine); });
    // reset_parameters() on the class, as PyTorch's: LoRA-style subclasses call
    // `nn.LayerNorm.reset_parameters(self)` / `nn.Embedding.reset_parameters(self)` from their own.
    // The norms: weight ones, bias zeros, where they have them (elementwise_affine/affine, bias).
    auto reset_affine = [](Interpreter&, const CallArgs& a) {
        nn::Module& m = layer<nn::Module>(a.args[0]);
        autograd::NoGradGuard no_grad;
        if (Tensor w = m.parameter("weight"); w.defined()) nn::init::ones_(w);
        if (Tensor b = m.parameter("bias"); b.defined()) nn::init::zeros_(b);
        return Value::none();
    };
    method(ln, "reset_parameters", reset_affine);
    method(gn, "reset_parameters", reset_affine);

    // ---- activations ----
    auto simple = [&](const char* name, Tensor (*f)(const Tensor&), Tensor& (*f_)(Tensor&) = nullptr) {
        def_layer(name, kAct, [name, f, f_](Interpreter& in, const CallArgs& a, ModuleObject* o) {
            // ReLU/SiLU/... (inplace=False); Tanh/Sigmoid take no arguments.
            bool inplace = false;
            if (f_ || std::string(name) == "SiLU") {
                static const Signature sig("__init__(inplace=False)");
                inplace = truthy(in, sig.bind(a)[0]);
            } else if (a.nargs || a.nkw) {
                raise(T().TypeError, str(name, ".__init__() takes 1 positional argument but ", a.nargs + 1,
                                         " were given"));
            }
            std::vector<std::pair<const char*, Value>> attrs;
            if (f_ || std::string(name) == "SiLU") attrs.push_back({"inplace", Value::boolean(inplace)});
            return fn_module(o, name, inplace_repr(inplace), attrs,
                             [f, f_, inplace](FnModule&, const std::vector<Tensor>& x) {
                                 if (inplace && f_) {
                                     Tensor t = x[0];
                                     return f_(t);
                                 }
                                 if (inplace) return activation_inplace(x[0], f);
                                 return f(x[0]);
                             });
        });
    };
    simple("ReLU", kiln::relu, kiln::relu_);
    simple("Tanh", kiln::tanh);
    simple("Sigmoid", kiln::sigmoid);
    simple("SiLU", kiln::silu);
    auto gelu_approximate = [](const Value& v) {
        if (!v.is(Kind::Str))
            raise(T().TypeError, str("gelu(): argument 'approximate' must be str, not ", type_name(v)));
        const std::string& approx = str_of(v);
        if (approx != "none" && approx != "tanh")
            raise(T().RuntimeError, "approximate argument must be either none or tanh.");
        return approx;
    };
    Type* gelu = def_layer("GELU", kAct, [gelu_approximate](Interpreter&, const CallArgs& a, ModuleObject*) {
        static const Signature sig("GELU(approximate='none')");
        return std::make_shared<nn::GELU>(gelu_approximate(sig.bind(a)[0]));
    });
    prop<nn::GELU>(gelu, "approximate", [](nn::GELU& m) { return new_str(m.approximate); },
                   [gelu_approximate](nn::GELU& m, const Value& v) { m.approximate = gelu_approximate(v); });
    def_layer("ReLU6", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("ReLU6(inplace=False)");
        bool inplace = truthy(in, sig.bind(a)[0]);
        o->dict.set("min_val", Value::number(0.0));
        o->dict.set("max_val", Value::number(6.0));
        return fn_module(o, "ReLU6", inplace_repr(inplace), {{"inplace", Value::boolean(inplace)}},
                         [inplace](FnModule&, const std::vector<Tensor>& x) {
                             auto f = [](const Tensor& t) { return hardtanh(t, Scalar(0.0), Scalar(6.0)); };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    def_layer("Hardtanh", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Hardtanh(min_val=-1.0, max_val=1.0, inplace=False)");
        auto v = sig.bind(a);
        double lo = to_float(v[0], "Hardtanh", "min_val"), hi = to_float(v[1], "Hardtanh", "max_val");
        bool inplace = truthy(in, v[2]);
        std::string extra = str("min_val=", repr(in, v[0]), ", max_val=", repr(in, v[1]),
                                inplace ? ", inplace=True" : "");
        return fn_module(o, "Hardtanh", extra, {{"min_val", v[0]}, {"max_val", v[1]}, {"inplace", v[2]}},
                         [=](FnModule&, const std::vector<Tensor>& x) {
                             auto f = [=](const Tensor& t) { return hardtanh(t, Scalar(lo), Scalar(hi)); };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    def_layer("LeakyReLU", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("LeakyReLU(negative_slope=0.01, inplace=False)");
        auto v = sig.bind(a);
        double slope = to_float(v[0], "LeakyReLU", "negative_slope");
        bool inplace = truthy(in, v[1]);
        std::string extra = str("negative_slope=", repr(in, v[0]), inplace ? ", inplace=True" : "");
        return fn_module(o, "LeakyReLU", extra, {{"negative_slope", v[0]}, {"inplace", v[1]}},
                         [=](FnModule&, const std::vector<Tensor>& x) {
                             auto f = [=](const Tensor& t) { return leaky_relu(t, slope); };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    def_layer("ELU", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("ELU(alpha=1.0, inplace=False)");
        auto v = sig.bind(a);
        double alpha = to_float(v[0], "ELU", "alpha");
        bool inplace = truthy(in, v[1]);
        std::string extra = str("alpha=", repr(in, v[0]), inplace ? ", inplace=True" : "");
        return fn_module(o, "ELU", extra, {{"alpha", v[0]}, {"inplace", v[1]}},
                         [=](FnModule&, const std::vector<Tensor>& x) {
                             auto f = [=](const Tensor& t) {
                                 return where(gt(t, Scalar(0.0)), t, mul(sub(exp(t), Scalar(1.0)), Scalar(alpha)));
                             };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    def_layer("SELU", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("SELU(inplace=False)");
        auto v = sig.bind(a);
        bool inplace = truthy(in, v[0]);
        return fn_module(o, "SELU", inplace_repr(inplace), {{"inplace", v[0]}},
                         [inplace](FnModule&, const std::vector<Tensor>& x) {
                             // F.selu's formula (bindings/functional.cpp): scale * elu(x, alpha) with SELU's constants
                             auto f = [](const Tensor& t) {
                                 const double alpha = 1.6732632423543772848170429916717,
                                              scale = 1.0507009873554804934193349852946;
                                 return mul(where(gt(t, Scalar(0.0)), t, mul(sub(exp(t), Scalar(1.0)), Scalar(alpha))),
                                            Scalar(scale));
                             };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    def_layer("Softplus", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Softplus(beta=1.0, threshold=20.0)");
        auto v = sig.bind(a);
        double beta = to_float(v[0], "Softplus", "beta"), th = to_float(v[1], "Softplus", "threshold");
        return fn_module(o, "Softplus", str("beta=", repr(in, v[0]), ", threshold=", repr(in, v[1])),
                         {{"beta", v[0]}, {"threshold", v[1]}},
                         [=](FnModule&, const std::vector<Tensor>& x) { return softplus(x[0], beta, th); });
    });
    def_layer("Mish", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Mish(inplace=False)");
        bool inplace = truthy(in, sig.bind(a)[0]);
        return fn_module(o, "Mish", inplace_repr(inplace), {{"inplace", Value::boolean(inplace)}},
                         [inplace](FnModule&, const std::vector<Tensor>& x) {
                             auto f = [](const Tensor& t) { return mish(t); };
                             return inplace ? activation_inplace(x[0], f) : f(x[0]);
                         });
    });
    auto softmax_layer = [&](const char* name, bool log) {
        def_layer(name, kAct, [name, log](Interpreter& in, const CallArgs& a, ModuleObject* o) {
            static const Signature sig("__init__(dim=None)");
            Value dimv = sig.bind(a)[0];
            std::optional<int64_t> dim = to_opt_int(dimv, name, "dim");
            std::string nm = name;
            return fn_module(o, name, "dim=" + repr(in, dimv), {{"dim", dimv}},
                             [dim, log, nm](FnModule&, const std::vector<Tensor>& x) {
                                 int64_t d = dim ? *dim
                                                 : implicit_softmax_dim(current_interpreter(),
                                                                        log ? "log_softmax" : "softmax", x[0].dim());
                                 return log ? log_softmax(x[0], d) : softmax(x[0], d);
                             });
        });
    };
    softmax_layer("Softmax", false);
    softmax_layer("LogSoftmax", true);

    // ---- Dropout, Flatten, Unflatten, Embedding ----
    def_layer("Dropout", "torch.nn.modules.dropout", [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Dropout(p=0.5, inplace=False)");
        auto v = sig.bind(a);
        // _DropoutNd.__init__'s `if p < 0 or p > 1` runs first: a str p is a comparison TypeError
        if (!less_than(in, v[0], Value::integer(0))) less_than(in, Value::integer(1), v[0]);
        double p = to_float(v[0], "Dropout", "p");
        if (p < 0 || p > 1)
            raise(T().ValueError, str("dropout probability has to be between 0 and 1, but got ", repr(in, v[0])));
        bool inplace = truthy(in, v[1]);
        return fn_module(o, "Dropout", str("p=", repr(in, v[0]), ", inplace=", inplace ? "True" : "False"),
                         {{"p", v[0]}, {"inplace", Value::boolean(inplace)}},
                         [p](FnModule& m, const std::vector<Tensor>& x) { return dropout(x[0], p, m.training()); });
    });
    def_layer("Flatten", "torch.nn.modules.flatten", [](Interpreter&, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Flatten(start_dim=1, end_dim=-1)");
        auto v = sig.bind(a);
        int64_t s = int_arg(v[0], "Flatten", "start_dim"), e = int_arg(v[1], "Flatten", "end_dim");
        return fn_module(o, "Flatten", str("start_dim=", s, ", end_dim=", e), {{"start_dim", v[0]}, {"end_dim", v[1]}},
                         [=](FnModule&, const std::vector<Tensor>& x) { return flatten(x[0], s, e); });
    });
    def_layer("Unflatten", "torch.nn.modules.flatten", [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Unflatten(dim, unflattened_size)");
        auto v = sig.bind(a);
        int64_t d = int_arg(v[0], "Unflatten", "dim");
        Shape sizes = to_shape(v[1], "Unflatten", "unflattened_size");
        return fn_module(o, "Unflatten", str("dim=", d, ", unflattened_size=", repr(in, v[1])),
                         {{"dim", v[0]}, {"unflattened_size", v[1]}},
                         [=](FnModule&, const std::vector<Tensor>& x) { return unflatten(x[0], d, sizes); });
    });
    Type* emb = def_layer("Embedding", "torch.nn.modules.sparse", [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("Embedding(num_embeddings, embedding_dim, padding_idx=None, max_norm=None, "
                                   "norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, "
                                   "_freeze=False, device=None, dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[9], "Embedding");
        if (truthy(in, v[5]))
            raise(T().NotImplementedError, "Embedding(scale_grad_by_freq=True) is not supported in Kiln yet");
        // sparse=True: the weight's gradient is a sparse COO tensor (ops/embedding_sparse.h)
        o->dict.set("scale_grad_by_freq", Value::boolean(false));
        o->dict.set("sparse", Value::boolean(truthy(in, v[6])));
        // Embedding.__init__ asserts its padding_idx range
        if (!v[2].is_none() && v[0].is_int()) {
            const int64_t num = v[0].as_int(), pad = to_dim(v[2], "Embedding", "padding_idx");
            if ((pad > 0 && pad >= num) || (pad < 0 && pad < -num))
                raise(T().AssertionError, "Padding_idx must be within num_embeddings");
        }
        std::optional<RngStateGuard> given_weight;  // with _weight PyTorch draws no initial weight
        if (!v[7].is_none()) given_weight.emplace();
        auto m = std::make_shared<nn::Embedding>(int_arg(v[0], "Embedding", "num_embeddings"),
                                                 int_arg(v[1], "Embedding", "embedding_dim"),
                                                 to_opt_int(v[2], "Embedding", "padding_idx"),
                                                 to_opt_dtype(v[10], "Embedding"));
        given_weight.reset();
        if (!v[3].is_none()) m->max_norm = to_float(v[3], "Embedding", "max_norm");
        m->norm_type = to_float(v[4], "Embedding", "norm_type");
        m->sparse = truthy(in, v[6]);
        if (!v[7].is_none()) {
            const Tensor& w = to_tensor(v[7], "Embedding", "_weight");
            if (w.sizes() != m->parameter("weight").sizes())
                raise(T().AssertionError, "Shape of weight does not match num_embeddings and embedding_dim");
            m->register_parameter("weight", nn::make_parameter(w, !truthy_arg(v[8])));
        }
        return m;
    });
    prop<nn::Embedding>(emb, "num_embeddings", [](nn::Embedding& m) { return Value::integer(m.num_embeddings); });
    prop<nn::Embedding>(emb, "embedding_dim", [](nn::Embedding& m) { return Value::integer(m.embedding_dim); });
    prop<nn::Embedding>(emb, "padding_idx", [](nn::Embedding& m) {
        return m.padding_idx ? Value::integer(*m.padding_idx) : Value::none();
    }, [](nn::Embedding& m, const Value& v) {
        // F.embedding counts a negative padding_idx from the end
        std::optional<int64_t> idx;
        if (!v.is_none()) idx = int_arg(v, "Embedding", "padding_idx");
        if (idx && *idx < 0) *idx += m.num_embeddings;
        m.padding_idx = idx;
    });
    prop<nn::Embedding>(emb, "max_norm", [](nn::Embedding& m) {
        return m.max_norm ? Value::number(*m.max_norm) : Value::none();
    }, [](nn::Embedding& m, const Value& v) {
        m.max_norm = v.is_none() ? std::nullopt : std::optional<double>(to_float(v, "Embedding", "max_norm"));
    });
    prop<nn::Embedding>(emb, "norm_type", [](nn::Embedding& m) { return Value::number(m.norm_type); },
                        [](nn::Embedding& m, const Value& v) { m.norm_type = to_float(v, "Embedding", "norm_type"); });
    // Embedding.reset_parameters(): N(0, 1) weights, the padding_idx row zeroed (PyTorch's
    // _fill_padding_idx_with_zero); loralib's lora.Embedding calls it through the class.
    method(emb, "reset_parameters", [](Interpreter&, const CallArgs& a) {
        nn::Embedding& m = layer<nn::Embedding>(a.args[0]);
        Tensor w = m.parameter("weight");
        nn::init::normal_(w);
        if (m.padding_idx) {
            autograd::NoGradGuard no_grad;
            Tensor row = select(w, 0, *m.padding_idx);
            nn::init::zeros_(row);
        }
        return Value::none();
    });
    // Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None, ...): a classmethod in PyTorch;
    // found on the class through the type's dict, it runs as a plain function.
    emb->dict.set("from_pretrained", Value(immortal<Builtin>("from_pretrained", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("from_pretrained(embeddings, freeze=True, padding_idx=None, max_norm=None, "
                                   "norm_type=2.0, scale_grad_by_freq=False, sparse=False)");
        auto v = sig.bind(a);
        const Tensor& w = to_tensor(v[0], "from_pretrained", "embeddings");
        if (w.dim() != 2) raise(T().AssertionError, "Embeddings parameter is expected to be 2-dimensional");
        std::shared_ptr<nn::Embedding> m;
        {
            // PyTorch passes _weight=embeddings, so its Embedding draws no initial weight: the layer is
            // built with the random stream put back (DDPM's U-Net draws the same numbers after it)
            RngStateGuard keep_stream;
            m = std::make_shared<nn::Embedding>(w.size(0), w.size(1), to_opt_int(v[2], "from_pretrained", "padding_idx"),
                                                w.dtype());
        }
        if (!v[3].is_none()) m->max_norm = to_float(v[3], "from_pretrained", "max_norm");
        m->norm_type = to_float(v[4], "from_pretrained", "norm_type");
        m->sparse = truthy_arg(v[6]);
        m->register_parameter("weight", nn::make_parameter(w, !truthy_arg(v[1])));
        Value r = wrap_module(m);
        module_self(r)->dict.set("scale_grad_by_freq", Value::boolean(false));
        module_self(r)->dict.set("sparse", Value::boolean(m->sparse));
        // copy.deepcopy rebuilds a built-in layer through `remake` and then copies its tensors in: an
        // Embedding of the same shape and options (the weight itself comes from the original), as
        // PyTorch's deepcopy of a from_pretrained layer (DDPM's time embedding, copied for the EMA model).
        if (ModuleObject* o = object_of(r)) {
            int64_t rows = w.size(0), cols = w.size(1);
            std::optional<int64_t> pad = m->padding_idx;
            auto dtype = w.dtype();
            auto max_norm = m->max_norm;
            double norm_type = m->norm_type;
            bool sparse = m->sparse;
            o->remake = [rows, cols, pad, dtype, max_norm, norm_type, sparse](Interpreter&, ModuleObject*) {
                auto e = std::make_shared<nn::Embedding>(rows, cols, pad, dtype);
                e->max_norm = max_norm;
                e->norm_type = norm_type;
                e->sparse = sparse;
                return std::shared_ptr<nn::Module>(e);
            };
        }
        return r;
    }, "Embedding.from_pretrained")));

    // ---- MultiheadAttention ----
    Type* mha = def_layer("MultiheadAttention", kAct, [](Interpreter& in, const CallArgs& a, ModuleObject*) {
        static const Signature sig("MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True, "
                                   "add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, "
                                   "device=None, dtype=None)");
        auto v = sig.bind(a);
        check_cpu(v[9], "MultiheadAttention");
        int64_t e = int_arg(v[0], "MultiheadAttention", "embed_dim");
        // MultiheadAttention.__init__: both positive (a ValueError), then head_dim = embed_dim // num_heads
        // and an assert
        const int64_t heads = int_arg(v[1], "MultiheadAttention", "num_heads");
        if (e <= 0 || heads <= 0)
            raise(T().ValueError, str("embed_dim and num_heads must be greater than 0, got embed_dim=", e,
                                      " and num_heads=", heads, " instead"));
        const int64_t q = e / heads - ((e % heads != 0) && ((e < 0) != (heads < 0)) ? 1 : 0);
        if (q * heads != e) raise(T().AssertionError, "embed_dim must be divisible by num_heads");
        return std::make_shared<nn::MultiheadAttention>(e, int_arg(v[1], "MultiheadAttention", "num_heads"),
                                                        to_float(v[2], "MultiheadAttention", "dropout"),
                                                        truthy_arg(v[3]),
                                                        truthy_arg(v[8]),
                                                        to_opt_dtype(v[10], "MultiheadAttention"),
                                                        to_opt_int(v[6], "MultiheadAttention", "kdim"),
                                                        to_opt_int(v[7], "MultiheadAttention", "vdim"),
                                                        truthy(in, v[4]), truthy(in, v[5]));
    });
    prop<nn::MultiheadAttention>(mha, "embed_dim",
                                 [](nn::MultiheadAttention& m) { return Value::integer(m.embed_dim); });
    prop<nn::MultiheadAttention>(mha, "kdim", [](nn::MultiheadAttention& m) { return Value::integer(m.kdim); });
    prop<nn::MultiheadAttention>(mha, "vdim", [](nn::MultiheadAttention& m) { return Value::integer(m.vdim); });
    prop<nn::MultiheadAttention>(mha, "num_heads",
                                 [](nn::MultiheadAttention& m) { return Value::integer(m.num_heads); });
    prop<nn::MultiheadAttention>(mha, "head_dim", [](nn::MultiheadAttention& m) { return Value::integer(m.head_dim); });
    prop<nn::MultiheadAttention>(mha, "dropout", [](nn::MultiheadAttention& m) { return Value::number(m.dropout); },
                                 [](nn::MultiheadAttention& m, const Value& v) {
                                     m.dropout = to_float(v, "MultiheadAttention", "dropout");
                                 });
    prop<nn::MultiheadAttention>(mha, "batch_first", [](nn::MultiheadAttention& m) {
        return Value::boolean(m.batch_first);
    }, [](nn::MultiheadAttention& m, const Value& v) { m.batch_first = truthy_arg(v); });
    prop<nn::MultiheadAttention>(mha, "_qkv_same_embed_dim",
                                 [](nn::MultiheadAttention& m) { return Value::boolean(m.qkv_same_embed_dim()); });
    // What PyTorch's layer may hold as None (q/k/v_proj_weight registered as None parameters when
    // kdim == vdim == embed_dim, bias_k/bias_v plain None without add_bias_kv): code that walks a
    // model's attention weights (CLIP's convert_weights) reads them all.
    for (const char* maybe : {"q_proj_weight", "k_proj_weight", "v_proj_weight", "bias_k", "bias_v"})
        prop<nn::MultiheadAttention>(mha, maybe, [maybe](nn::MultiheadAttention& m) {
            // has_parameter first: parameter() of an absent name asks the attribute (this property) again
            Tensor t = m.has_parameter(maybe) ? m.parameter(maybe) : Tensor();
            return t.defined() ? wrap(t) : Value::none();
        });
    prop<nn::MultiheadAttention>(mha, "add_zero_attn",
                                 [](nn::MultiheadAttention& m) { return Value::boolean(m.add_zero_attn); });
    method(mha, "forward", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("MultiheadAttention.forward(self, query, key, value, key_padding_mask=None, need_weights=True, "
                                   "attn_mask=None, average_attn_weights=True, is_causal=False)");
        auto v = sig.bind(a);
        auto& m = layer<nn::MultiheadAttention>(v[0]);
        if (tracing()) {
            if (!m.qkv_same_embed_dim() || m.add_zero_attn || m.has_parameter("bias_k"))
                raise(T().NotImplementedError, "tracing nn.MultiheadAttention with kdim/vdim, add_bias_kv or "
                                               "add_zero_attn is not supported in Kiln yet");
            // Recorded step by step (the C++ layer's ops would be invisible to the tracer).
            if (!v[4].is_none() || !v[6].is_none() || truthy(in, v[8]))
                raise(T().NotImplementedError,
                      "tracing nn.MultiheadAttention with key_padding_mask, attn_mask or is_causal is not supported in "
                      "Kiln yet");
            return in.call(mha_forward_function(in), {v[0], v[1], v[2], v[3], Value::boolean(truthy(in, v[5])),
                                                      Value::boolean(truthy(in, v[7]))});
        }
        // F.multi_head_attention_forward's `assert embed_dim == embed_dim_to_check`: an AssertionError.
        if (const Tensor& q = to_tensor(v[1], "forward", "query"); q.dim() >= 1 && q.size(-1) != m.embed_dim)
            raise(T().AssertionError, str("was expecting embedding dimension of ", m.embed_dim, ", but got ", q.size(-1)));
        // ... and its `assert in_proj_weight is not None` (a program set m.in_proj_weight = None)
        if (m.qkv_same_embed_dim() && !m.parameter("in_proj_weight").defined())
            raise(T().AssertionError, "use_separate_proj_weight is False but in_proj_weight is None");
        // ... and its `assert key.shape == value.shape` (with kdim/vdim: their sequence and batch dims),
        // on the shapes it sees: (S, N, E) after batch_first's transpose, (S, 1, E) for unbatched inputs
        {
            const Tensor& kt = to_tensor(v[2], "forward", "key");
            const Tensor& vt = to_tensor(v[3], "forward", "value");
            int64_t qd = to_tensor(v[1], "forward", "query").dim();
            if (qd == kt.dim() && qd == vt.dim() && (qd == 2 || qd == 3)) {
                auto seen = [&](const Tensor& t) {
                    Shape s = t.sizes();
                    if (qd == 2) s.insert(s.begin() + 1, 1);
                    else if (m.batch_first) std::swap(s[0], s[1]);
                    return s;
                };
                Shape ks = seen(kt), vs = seen(vt);
                if (m.qkv_same_embed_dim() && ks != vs)
                    raise(T().AssertionError, str("key shape ", shape_repr(ks), " does not match value shape ", shape_repr(vs)));
                if (!m.qkv_same_embed_dim() && (ks[0] != vs[0] || ks[1] != vs[1]))
                    raise(T().AssertionError, str("key's sequence and batch dims ", shape_repr(Shape{ks[0], ks[1]}),
                                                  " do not match value's ", shape_repr(Shape{vs[0], vs[1]})));
            }
        }
        auto [out, w] =
            m.attention(to_tensor(v[1], "forward", "query"), to_tensor(v[2], "forward", "key"),
                        to_tensor(v[3], "forward", "value"), opt_tensor(v[4], "forward", "key_padding_mask"),
                        truthy(in, v[5]), opt_tensor(v[6], "forward", "attn_mask"), truthy(in, v[7]), truthy(in, v[8]));
        return new_tuple({wrap(out), wrap(w)});
    });

    // ---- losses ----
    auto loss_layer = [&](const char* name, std::string spec, kiln::Function<Tensor(const std::vector<Value>&,
                                                                                      const std::string&,
                                                                                      FnModule&, const Tensor&,
                                                                                      const Tensor&)> fn,
                          std::vector<const char*> extra_attrs) {
        def_layer(name, kLoss, [name, spec, fn, extra_attrs](Interpreter& in, const CallArgs& a, ModuleObject* o) {
            Signature sig(spec);  // small; parsed per construction
            auto v = sig.bind(a);
            // The legacy size_average/reduce arguments, when given, decide the reduction (as in PyTorch).
            Value size_average = Value::none(), reduce = Value::none(), reduction;
            for (size_t i = 0; i < extra_attrs.size(); ++i) {
                std::string k = extra_attrs[i];
                if (k == "size_average") size_average = v[i];
                if (k == "reduce") reduce = v[i];
                if (k == "reduction") reduction = v[i];
            }
            // _Loss.__init__ stores a reduction string as given: an unknown one is refused when the
            // loss runs (F.*_loss's get_enum), not when it is built
            const bool plain = size_average.is_none() && reduce.is_none() && reduction.is(Kind::Str);
            std::string red = plain ? str_of(reduction) : reduction_arg(in, size_average, reduce, reduction);
            std::vector<std::pair<const char*, Value>> attrs;
            for (size_t i = 0; i < extra_attrs.size(); ++i) {
                std::string k = extra_attrs[i];
                if (k == "size_average" || k == "reduce" || k == "weight" || k == "pos_weight") continue;
                attrs.push_back({extra_attrs[i], k == "reduction" ? new_str(red) : v[i]});
            }
            std::vector<Value> vals = v;
            const bool legacy_mean = red == "elementwise_mean";
            const std::string eff = legacy_mean ? "mean" : red;
            auto m = fn_module(o, name, "", attrs,
                               [vals, eff, legacy_mean, fn](FnModule& self, const std::vector<Tensor>& x) {
                                   if (legacy_mean) warn_elementwise_mean();
                                   if (eff != "mean" && eff != "sum" && eff != "none")
                                       raise(T().ValueError, str(eff, " is not a valid value for reduction"));
                                   return fn(vals, eff, self, x[0], x[1]);
                               },
                               {"input", "target"});
            // weight / pos_weight are buffers, as in PyTorch (they appear in state_dict).
            for (size_t i = 0; i < extra_attrs.size(); ++i) {
                std::string k = extra_attrs[i];
                if (k == "weight" || k == "pos_weight")
                    m->register_buffer(k, opt_tensor(v[i], name, extra_attrs[i]));
            }
            return m;
        });
    };
    loss_layer("MSELoss", "MSELoss(size_average=None, reduce=None, reduction='mean')",
               [](auto&, const std::string& r, FnModule&, const Tensor& x, const Tensor& y) {
                   warn_target_size(x, y);
                   return mse_loss(x, y, r);
               },
               {"size_average", "reduce", "reduction"});
    loss_layer("L1Loss", "L1Loss(size_average=None, reduce=None, reduction='mean')",
               [](auto&, const std::string& r, FnModule&, const Tensor& x, const Tensor& y) {
                   warn_target_size(x, y);
                   return l1_loss(x, y, r);
               },
               {"size_average", "reduce", "reduction"});
    loss_layer("SmoothL1Loss", "SmoothL1Loss(size_average=None, reduce=None, reduction='mean', beta=1.0)",
               [](const std::vector<Value>& v, const std::string& r, FnModule&, const Tensor& x, const Tensor& y) {
                   return smooth_l1(x, y, r, to_float(v[3], "SmoothL1Loss", "beta"));
               },
               {"size_average", "reduce", "reduction", "beta"});
    loss_layer("HuberLoss", "HuberLoss(reduction='mean', delta=1.0)",
               [](const std::vector<Value>& v, const std::string& r, FnModule&, const Tensor& x, const Tensor& y) {
                   return huber(x, y, r, to_float(v[1], "HuberLoss", "delta"));
               },
               {"reduction", "delta"});
    loss_layer("BCELoss", "BCELoss(weight=None, size_average=None, reduce=None, reduction='mean')",
               [](auto&, const std::string& r, FnModule& m, const Tensor& x, const Tensor& y) {
                   return bce_loss(x, y, m.buffer("weight"), r);
               },
               {"weight", "size_average", "reduce", "reduction"});
    loss_layer("BCEWithLogitsLoss",
               "BCEWithLogitsLoss(weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)",
               [](auto&, const std::string& r, FnModule& m, const Tensor& x, const Tensor& y) {
                   return bce_with_logits(x, y, m.buffer("weight"), m.buffer("pos_weight"), r);
               },
               {"weight", "size_average", "reduce", "reduction", "pos_weight"});
    loss_layer("NLLLoss",
               "NLLLoss(weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')",
               [](const std::vector<Value>& v, const std::string& r, FnModule& m, const Tensor& x, const Tensor& y) {
                   return nll_loss(x, y, m.buffer("weight"), r, to_dim(v[2], "NLLLoss", "ignore_index"));
               },
               {"weight", "size_average", "ignore_index", "reduce", "reduction"});
    loss_layer("CrossEntropyLoss",
               "CrossEntropyLoss(weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', "
               "label_smoothing=0.0)",
               [](const std::vector<Value>& v, const std::string& r, FnModule& m, const Tensor& x, const Tensor& y) {
                   return cross_entropy(x, y, m.buffer("weight"), r, to_dim(v[2], "CrossEntropyLoss", "ignore_index"),
                                        to_float(v[5], "CrossEntropyLoss", "label_smoothing"));
               },
               {"weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing"});
    (void)kCont;
}

// ---- containers ----------------------------------------------------------------------------------

std::string child_name_at(ModuleObject* o, const Value& idx, const char* what) {
    if (!is_index(idx))
        raise(T().TypeError, str("'", type_name(idx), "' object cannot be interpreted as an integer"));
    const auto& kids = o->module->own_children();
    int64_t n = int64_t(kids.size()), i = to_int(idx, "");
    if (i < -n || i >= n) raise(T().IndexError, str("index ", i, " is out of range"));
    (void)what;
    return kids[size_t(i < 0 ? i + n : i)].first;
}

void append_children(Interpreter& in, ModuleObject* o, const Value& iterable) {
    for (const Value& m : to_vector(in, iterable))
        register_child(o, std::to_string(o->module->own_children().size()), m);
}

void register_containers() {
    const char* kCont = "torch.nn.modules.container";
    Type* seq = def_layer("Sequential", kCont, [](Interpreter&, const CallArgs& a, ModuleObject* o) {
        if (a.nkw)
            raise(T().TypeError, str("Sequential.__init__() got an unexpected keyword argument '", a.kwname(0), "'"));
        auto m = std::make_shared<nn::Sequential>();
        o->set_module(m);
        o->kept.clear();
        // PyTorch takes named children from an OrderedDict only; a plain dict is one (non-Module) child
        const Dict* d = a.nargs == 1 ? a.args[0].as<Dict>() : nullptr;
        if (d) {
            bool ordered = false;
            for (Type* b : type_of(a.args[0])->mro) ordered = ordered || (b->name == "OrderedDict" && b->module == "collections");
            if (!ordered) d = nullptr;
        }
        if (d) {
            d->for_each([&](const Value& k, const Value& v) {
                if (!k.is(Kind::Str)) raise(T().TypeError, str("module name should be a string. Got ", torch_typename(k)));
                register_child(o, str_of(k), v);
            });
        } else {
            for (size_t i = 0; i < a.nargs; ++i) register_child(o, std::to_string(i), a.args[i]);
        }
        return m;
    });
    Type* mlist = def_layer("ModuleList", kCont, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("ModuleList(modules=None)");
        auto v = sig.bind(a);
        auto m = std::make_shared<nn::ModuleList>();
        o->set_module(m);
        o->kept.clear();
        if (!v[0].is_none()) append_children(in, o, v[0]);
        return m;
    });
    for (Type* t : {seq, mlist}) {
        method(t, "__len__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(int64_t(module_self(a.args[0])->module->own_children().size()));
        });
        method(t, "__iter__", [](Interpreter& in, const CallArgs& a) {
            ModuleObject* o = module_self(a.args[0]);
            std::vector<Value> out;
            for (const auto& [n, c] : o->module->own_children()) out.push_back(wrap_child(o, n, c));
            return iter_of(in, std::move(out));
        });
        method(t, "__getitem__", [t, seq](Interpreter&, const CallArgs& a) {
            ModuleObject* o = module_self(a.args[0]);
            if (auto* s = a.args[1].as<Slice>()) {
                // Sequential keeps the children's names; ModuleList renumbers from 0.
                SliceBounds sb = slice_unpack(*s);  // first: an __index__ may add or drop children
                const auto& kids = o->module->own_children();
                SliceIndices si = slice_adjust(sb, int64_t(kids.size()));
                Value out = t->construct(current_interpreter(), CallArgs{});
                ModuleObject* r = object_of(out);
                for (int64_t k = 0, i = si.start; k < si.count; ++k, i += si.step) {
                    const auto& [name, c] = kids[size_t(i)];
                    register_child(r, t == seq ? name : std::to_string(k), wrap_child(o, name, c));
                }
                return out;
            }
            std::string name = child_name_at(o, a.args[1], t->name.c_str());
            return wrap_child(o, name, o->module->child(name));
        });
        method(t, "__setitem__", [t](Interpreter&, const CallArgs& a) {
            ModuleObject* o = module_self(a.args[0]);
            register_child(o, child_name_at(o, a.args[1], t->name.c_str()), a.args[2]);
            return Value::none();
        });
        method(t, "append", [](Interpreter&, const CallArgs& a) {
            static const Signature sig("append(self, module)");
            auto v = sig.bind(a);
            ModuleObject* o = module_self(v[0]);
            register_child(o, std::to_string(o->module->own_children().size()), v[1]);
            return v[0];
        });
        method(t, "extend", [](Interpreter& in, const CallArgs& a) {
            static const Signature sig("extend(self, modules)");
            auto v = sig.bind(a);
            append_children(in, module_self(v[0]), v[1]);
            return v[0];
        });
    }
    // insert / pop / del / + / +=: PyTorch's Python (torch/nn/modules/container.py), renumbering the children.
    for (Type* t : {seq, mlist})
        for (const char* name : {"insert", "pop", "__delitem__", "__add__", "__iadd__"})
            method(t, name, [name](Interpreter& in, const CallArgs& a) {
                return in.call(*in.import_module("torch.nn.modules.container")->dict.find(name), a);
            });
    for (const char* name : {"__mul__", "__rmul__", "__imul__"})  // Sequential only, as in PyTorch
        method(seq, name, [name](Interpreter& in, const CallArgs& a) {
            return in.call(*in.import_module("torch.nn.modules.container")->dict.find(name), a);
        });
    // Sequential.forward runs its children in Python (any values flow between them, user modules included).
    method(seq, "forward", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("Sequential.forward(self, input)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        Value x = v[1];
        std::vector<std::pair<std::string, std::shared_ptr<nn::Module>>> kids = o->module->own_children();
        for (const auto& [n, c] : kids)
            if (c) x = in.call(wrap_child(o, n, c), {x});
        return x;
    });

    // ModuleDict: a plain module whose children are addressed by key.
    Type* mdict = def_layer("ModuleDict", kCont, [](Interpreter& in, const CallArgs& a, ModuleObject* o) {
        static const Signature sig("ModuleDict(modules=None)");
        auto v = sig.bind(a);
        auto m = std::make_shared<nn::Module>("ModuleDict");
        o->set_module(m);
        o->kept.clear();
        if (!v[0].is_none()) in.call_method(Value(o), "update", {v[0]});
        return m;
    });
    method(mdict, "__len__", [](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(module_self(a.args[0])->module->own_children().size()));
    });
    method(mdict, "__getitem__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        if (!a.args[1].is(Kind::Str) || !o->module->has_child(str_of(a.args[1]))) raise_key_error(a.args[1]);
        return wrap_child(o, str_of(a.args[1]), o->module->child(str_of(a.args[1])));
    });
    method(mdict, "__setitem__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, str("module name should be a string. Got ", torch_typename(a.args[1])));
        register_child(o, str_of(a.args[1]), a.args[2]);
        return Value::none();
    });
    method(mdict, "__contains__", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        return Value::boolean(a.args[1].is(Kind::Str) && o->module->has_child(str_of(a.args[1])));
    });
    // del d[key] / d.pop(key) / d.clear(): PyTorch's ModuleDict deletes through delattr
    auto drop_child = [](ModuleObject* o, const Value& key) {
        if (!key.is(Kind::Str) || !o->module->has_child(str_of(key))) raise_key_error(key);
        o->module->erase_entry(str_of(key));
        o->kept.erase(str_of(key));
    };
    method(mdict, "__delitem__", [drop_child](Interpreter&, const CallArgs& a) {
        drop_child(module_self(a.args[0]), a.args[1]);
        return Value::none();
    });
    method(mdict, "pop", [drop_child](Interpreter&, const CallArgs& a) {
        static const Signature sig("pop(self, key)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        if (!v[1].is(Kind::Str) || !o->module->has_child(str_of(v[1]))) raise_key_error(v[1]);
        Value child = wrap_child(o, str_of(v[1]), o->module->child(str_of(v[1])));
        drop_child(o, v[1]);
        return child;
    });
    method(mdict, "clear", [drop_child](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::vector<std::string> names;
        for (const auto& [n, c] : o->module->own_children()) names.push_back(n);
        for (const auto& n : names) drop_child(o, new_str(n));
        return Value::none();
    });
    auto keys_of = [](ModuleObject* o) {
        std::vector<Value> out;
        for (const auto& [n, c] : o->module->own_children()) out.push_back(new_str(n));
        return out;
    };
    method(mdict, "__iter__", [keys_of](Interpreter& in, const CallArgs& a) {
        return iter_of(in, keys_of(module_self(a.args[0])));
    });
    method(mdict, "keys", [keys_of](Interpreter&, const CallArgs& a) { return new_list(keys_of(module_self(a.args[0]))); });
    method(mdict, "values", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::vector<Value> out;
        for (const auto& [n, c] : o->module->own_children()) out.push_back(wrap_child(o, n, c));
        return new_list(std::move(out));
    });
    method(mdict, "items", [](Interpreter&, const CallArgs& a) {
        ModuleObject* o = module_self(a.args[0]);
        std::vector<Value> out;
        for (const auto& [n, c] : o->module->own_children())
            out.push_back(new_tuple({new_str(n), wrap_child(o, n, c)}));
        return new_list(std::move(out));
    });
    method(mdict, "update", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("update(self, modules)");
        auto v = sig.bind(a);
        ModuleObject* o = module_self(v[0]);
        const Dict* d = v[1].as<Dict>();
        if (d) {
            d->for_each([&](const Value& k, const Value& m) {
                if (!k.is(Kind::Str)) raise(T().TypeError, str("module name should be a string. Got ", torch_typename(k)));
                register_child(o, str_of(k), m);
            });
        } else {
            for (const Value& kv : to_vector(in, v[1])) {
                std::vector<Value> pair = to_vector(in, kv);
                if (pair.size() != 2 || !pair[0].is(Kind::Str))
                    raise(T().ValueError, "ModuleDict update sequence element has wrong length or key type");
                register_child(o, str_of(pair[0]), pair[1]);
            }
        }
        return Value::none();
    });
}

// ---- torch.nn.init and torch.nn.utils ------------------------------------------------------------

void init_module(Interpreter&, ModuleObj& m) {
    auto def = [&](const char* name, NativeFn fn) { m.dict.set(name, new_builtin(name, std::move(fn))); };
    // Each initializer fills its tensor in place under no-grad and returns the same object.
    auto tensor_arg = [](const Value& v, const char* fn) {
        Tensor t = to_tensor(v, fn, "tensor");
        return t;
    };
    def("uniform_", [tensor_arg](Interpreter&, const CallArgs& a) {
        static const Signature sig("uniform_(tensor, a=0.0, b=1.0, generator=None)");
        auto v = sig.bind(a);
        Tensor t = tensor_arg(v[0], "uniform_");
        GeneratorScope gen(to_generator(v[3], "uniform_"));
        nn::init::uniform_(t, to_float(v[1], "uniform_", "a"), to_float(v[2], "uniform_", "b"));
        return v[0];
    });
    def("normal_", [tensor_arg](Interpreter&, const CallArgs& a) {
        static const Signature sig("normal_(tensor, mean=0.0, std=1.0, generator=None)");
        auto v = sig.bind(a);
        Tensor t = tensor_arg(v[0], "normal_");
        GeneratorScope gen(to_generator(v[3], "normal_"));
        nn::init::normal_(t, to_float(v[1], "normal_", "mean"), to_float(v[2], "normal_", "std"));
        return v[0];
    });
    def("constant_", [tensor_arg](Interpreter&, const CallArgs& a) {
        static const Signature sig("constant_(tensor, val)");
        auto v = sig.bind(a);
        Tensor t = tensor_arg(v[0], "constant_");
        nn::init::constant_(t, to_float(v[1], "constant_", "val"));
        return v[0];
    });
    def("zeros_", [tensor_arg](Interpreter&, const CallArgs& a) {
        static const Signature sig("zeros_(tensor)");
        auto v = sig.bind(a);
        Tensor t = tensor_arg(v[0], "zeros_");
        nn::init::zeros_(t);
        return v[0];
    });
    def("ones_", [tensor_arg](Interpreter&, const CallArgs& a) {
        static const Signature sig("ones_(tensor)");
        auto v = sig.bind(a);
        Tensor t = tensor_arg(v[0], "ones_");
        nn::init::ones_(t);
        return v[0];
    });
    auto xavier = [&](const char* name, bool normal) {
        def(name, [name, normal, tensor_arg](Interpreter&, const CallArgs& a) {
            static const Signature sig("xavier_(tensor, gain=1.0, generator=None)");
            auto v = sig.bind(a);
            Tensor t = tensor_arg(v[0], name);
            double gain = to_float(v[1], name, "gain");
            GeneratorScope gen(to_generator(v[2], name));
            if (normal) nn::init::xavier_normal_(t, gain);
            else nn::init::xavier_uniform_(t, gain);
            return v[0];
        });
    };
    xavier("xavier_uniform_", false);
    xavier("xavier_normal_", true);
    auto kaiming = [&](const char* name, bool normal) {
        def(name, [name, normal, tensor_arg](Interpreter& in, const CallArgs& a) {
            static const Signature sig(
                "kaiming_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None)");
            auto v = sig.bind(a);
            Tensor t = tensor_arg(v[0], name);
            // torch.nn.init checks `0 in tensor.shape` first: a warning, and the tensor unchanged
            if (t.numel() == 0) {
                emit_warning(in, new_str("Initializing zero-element tensors is a no-op"), T().UserWarning, 2);
                return v[0];
            }
            if (!v[2].is(Kind::Str) || !v[3].is(Kind::Str))
                raise(T().TypeError, "mode and nonlinearity must be strings");
            const std::string &mode = str_of(v[2]), &nl = str_of(v[3]);
            if (mode != "fan_in" && mode != "fan_out")
                raise(T().ValueError, str("Mode ", mode, " not supported, please use one of fan_in, fan_out"));
            GeneratorScope gen(to_generator(v[4], name));
            if (normal)
                nn::init::kaiming_normal_(t, to_float(v[1], name, "a"), mode, nl);
            else
                nn::init::kaiming_uniform_(t, to_float(v[1], name, "a"), mode, nl);
            return v[0];
        });
    };
    kaiming("kaiming_uniform_", false);
    kaiming("kaiming_normal_", true);
    def("calculate_gain", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("calculate_gain(nonlinearity, param=None)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str)) raise(T().TypeError, "nonlinearity must be a string");
        std::optional<double> p;
        // leaky_relu's slope: an int or float that is not a bool (init.py's check), else its ValueError
        if (!v[1].is_none() && str_of(v[0]) == "leaky_relu" && (v[1].is_bool() || !(v[1].is_int() || v[1].is_float())))
            raise(T().ValueError, str("negative_slope ", to_str(current_interpreter(), v[1]), " not a valid number"));
        if (!v[1].is_none() && str_of(v[0]) == "leaky_relu") p = to_float(v[1], "calculate_gain", "param");
        double g = nn::init::calculate_gain(str_of(v[0]), p);
        const std::string& nl = str_of(v[0]);
        // PyTorch returns an int 1 for the linear-like nonlinearities.
        if (nl == "linear" || nl == "sigmoid" || nl.rfind("conv", 0) == 0) return Value::integer(1);
        return Value::number(g);
    });
    def("_calculate_fan_in_and_fan_out", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("_calculate_fan_in_and_fan_out(tensor)");
        auto v = sig.bind(a);
        auto [fi, fo] =
            nn::init::calculate_fan_in_and_fan_out(to_tensor(v[0], "_calculate_fan_in_and_fan_out", "tensor"));
        return new_tuple({Value::integer(fi), Value::integer(fo)});
    });
    install_init_torch_function(m);  // fx.cpp: uniform_, normal_, constant_, kaiming_uniform_ dispatch
}

std::vector<Tensor> params_arg(Interpreter& in, const Value& v) {
    if (v.is(Kind::Tensor)) return {v.get<TensorObj>()->tensor};
    std::vector<Tensor> out;
    for (const Value& p : to_vector(in, v)) out.push_back(to_tensor(p, "clip_grad", "parameters"));
    return out;
}

void utils_module(Interpreter&, ModuleObj& m) {
    m.dict.set("clip_grad_norm_", new_builtin("clip_grad_norm_", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, "
                                   "foreach=None)");
        auto v = sig.bind(a);
        double max_norm = to_float(v[1], "clip_grad_norm_", "max_norm");
        // _get_total_norm's norm_type = float(norm_type): 'inf' is infinity, other strings a ValueError
        double p = v[2].is(Kind::Str) ? in.call(Value(T().float_), {v[2]}).as_float()
                                      : to_float(v[2], "clip_grad_norm_", "norm_type");
        std::vector<Tensor> grads;
        for (const Tensor& t : params_arg(in, v[0]))
            if (t.grad().defined()) grads.push_back(t.grad());
        if (grads.empty()) return wrap(scalar_tensor(Scalar(0.0)));
        autograd::NoGradGuard no_grad;
        Tensor total;
        if (std::isinf(p)) {
            std::vector<Tensor> maxes;
            for (const Tensor& g : grads) maxes.push_back(amax(abs(g)));
            total = amax(stack(maxes));
        } else {
            std::vector<Tensor> norms;
            for (const Tensor& g : grads) norms.push_back(norm(g, p));
            total = norm(stack(norms), p);
        }
        if (truthy(in, v[3]) && !std::isfinite(total.item_double()))
            raise(T().RuntimeError, str("The total norm of order ", py_float(p), " for gradients from `parameters` is "
                                        "non-finite, so it cannot be clipped. To disable this error and scale the "
                                        "gradients by the non-finite norm anyway, set `error_if_nonfinite=False`"));
        // max_norm / (total + 1e-6) as PyTorch divides, on the gradients' device.
        Tensor max_t = to_device(scalar_tensor(Scalar(max_norm), total.dtype()), total.device());
        Tensor coef = clamp(div(max_t, add(total, Scalar(1e-6))), std::nullopt,
                            Scalar(1.0));
        for (Tensor& g : grads) mul_(g, coef);
        return wrap(total);
    }));
    m.dict.set("clip_grad_value_", new_builtin("clip_grad_value_", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("clip_grad_value_(parameters, clip_value, foreach=None)");
        auto v = sig.bind(a);
        double c = to_float(v[1], "clip_grad_value_", "clip_value");
        autograd::NoGradGuard no_grad;
        for (const Tensor& t : params_arg(in, v[0])) {
            Tensor g = t.grad();
            if (g.defined()) clamp_(g, Scalar(-c), Scalar(c));
        }
        return Value::none();
    }));
}

// torch.nn.UninitializedParameter / UninitializedBuffer (torch/nn/parameter.py's
// UninitializedTensorMixin), the placeholders of the lazy modules (torch/nn/modules/lazy.py): an empty
// tensor of the chosen dtype and device whose materialize(shape) gives it storage of that shape in
// place and turns the same object into a Parameter (a plain Tensor for a buffer), so an optimizer made
// before the first forward holds the materialized parameter, as in PyTorch. Reading .shape before
// that raises PyTorch's RuntimeError; other ops are not refused (PyTorch's __torch_function__ raises a
// ValueError for them).
// The state lives on the TensorImpl (is_uninitialized), since the Python object of a tensor held only
// by a module is remade on the next read.
void register_uninitialized_types() {
    for (Type* t : {T().uninitialized_parameter, T().uninitialized_buffer}) {
        if (t->dict.find("materialize")) return;
        bool param = t == T().uninitialized_parameter;
        t->dict.set("cls_to_become", Value(param ? T().parameter : T().tensor));
        t->construct = [t, param](Interpreter&, const CallArgs& a) {
            static const Signature psig("UninitializedParameter(requires_grad=True, device=None, dtype=None)");
            static const Signature bsig("UninitializedBuffer(requires_grad=False, device=None, dtype=None)");
            auto v = (param ? psig : bsig).bind(a);
            const char* fn = param ? "UninitializedParameter" : "UninitializedBuffer";
            Tensor data = empty({0}, to_options(v[2], v[1], Value(), fn));
            bool rg = to_bool(v[0], fn, "requires_grad");
            Tensor x = param ? nn::make_parameter(data, rg) : data;
            if (!param && rg) x.requires_grad_(true);
            x.impl()->is_uninitialized = true;
            return Value(make<TensorObj>(t, x).get());
        };
        def_method(t, "materialize", [](Interpreter& in, const CallArgs& a) {
            static const Signature sig("materialize(self, shape, device=None, dtype=None)");
            auto v = sig.bind(a);
            auto* o = v[0].as<TensorObj>();
            if (!o) raise(T().TypeError, "materialize() needs an uninitialized parameter or buffer");
            TensorImpl* x = o->tensor.impl();
            TensorOptions opts = to_options(is_none(v[3]) ? dtype_value(x->dtype) : v[3],
                                            is_none(v[2]) ? device_value(o->tensor.device()) : v[2], Value(), "materialize");
            Tensor e = empty(to_shape(v[1], "materialize", "shape"), opts);
            TensorImpl* s = e.impl();
            x->storage = s->storage;
            x->sizes = s->sizes;
            x->strides = s->strides;
            x->offset = s->offset;
            x->dtype = s->dtype;
            x->is_uninitialized = false;
            o->type = x->is_parameter ? T().parameter : T().tensor;  // cls_to_become
            return Value::none();
        });
        def_property(t, "shape", [](Interpreter&, const CallArgs&) -> Value {
            raise(T().RuntimeError,
                  "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
                  "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
                  "`forward` to initialize the parameters before accessing their attributes.");
        });
        def_method(t, "share_memory_", [](Interpreter&, const CallArgs&) -> Value {
            raise(T().RuntimeError,
                  "Can't share memory on an uninitialized parameter or buffer. Call `forward` to initialize the "
                  "parameters before calling `module.share_memory()`.");
        });
        def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) { return new_str(str("<", type_name(a.args[0]), ">")); });
    }
}

void nn_module(Interpreter& in, ModuleObj& m) {
    m.dict.set("Module", Value(T().nn_module));
    m.dict.set("Parameter", Value(T().parameter));
    register_uninitialized_types();
    m.dict.set("UninitializedParameter", Value(T().uninitialized_parameter));
    m.dict.set("UninitializedBuffer", Value(T().uninitialized_buffer));
    for (const auto& [name, t] : layer_types())
        if (name != "NonDynamicallyQuantizableLinear" && name[0] != '_' && t->module.rfind("torch.nn", 0) == 0)
            m.dict.set(name, Value(t));
    m.dict.set("functional", Value(in.import_module("torch.nn.functional").get()));
    m.dict.set("init", Value(in.import_module("torch.nn.init").get()));
    m.dict.set("utils", Value(in.import_module("torch.nn.utils").get()));
    // Layers written in Kiln's Python (engine/stdlib/torch/nn/modules/*.py), imported at first use
    // through the module's __getattr__ (PEP 562), so programs that do not use them pay nothing.
    m.dict.set("__getattr__", new_builtin("__getattr__", [](Interpreter& in, const CallArgs& a) -> Value {
                   static const std::pair<const char*, const char*> python_layers[] = {
                       {"RNNBase", "rnn"}, {"RNN", "rnn"}, {"LSTM", "rnn"}, {"GRU", "rnn"}, {"RNNCellBase", "rnn"},
                       {"RNNCell", "rnn"}, {"LSTMCell", "rnn"}, {"GRUCell", "rnn"}, {"Transformer", "transformer"},
                       {"TransformerEncoder", "transformer"}, {"TransformerDecoder", "transformer"},
                       {"TransformerEncoderLayer", "transformer"}, {"TransformerDecoderLayer", "transformer"},
                       {"ConstantPad1d", "padding"}, {"ConstantPad2d", "padding"}, {"ConstantPad3d", "padding"},
                       {"ZeroPad1d", "padding"}, {"ZeroPad2d", "padding"}, {"ZeroPad3d", "padding"},
                       {"ReflectionPad1d", "padding"}, {"ReflectionPad2d", "padding"}, {"ReflectionPad3d", "padding"},
                       {"ReplicationPad1d", "padding"}, {"ReplicationPad2d", "padding"}, {"ReplicationPad3d", "padding"},
                       {"CircularPad1d", "padding"}, {"CircularPad2d", "padding"}, {"CircularPad3d", "padding"},
                       {"Dropout1d", "dropout"}, {"Dropout2d", "dropout"}, {"Dropout3d", "dropout"},
                       {"AlphaDropout", "dropout"}, {"FeatureAlphaDropout", "dropout"},
                       {"DataParallel", "torch.nn.parallel"}, {"LazyLinear", "lazy"}, {"LazyConv1d", "lazy"},
                       {"LazyConv2d", "lazy"}, {"LazyConv3d", "lazy"}, {"LazyConvTranspose1d", "lazy"},
                       {"LazyConvTranspose2d", "lazy"}, {"LazyConvTranspose3d", "lazy"}, {"LazyBatchNorm1d", "lazy"},
                       {"LazyBatchNorm2d", "lazy"}, {"LazyBatchNorm3d", "lazy"}, {"LazyInstanceNorm1d", "lazy"},
                       {"LazyInstanceNorm2d", "lazy"}, {"SyncBatchNorm", "batchnorm"}};
                   std::string name = a.nargs == 1 && a.args[0].is(Kind::Str) ? str_of(a.args[0]) : "";
                   for (const auto& [layer, file] : python_layers) {
                       if (name != layer) continue;
                       // A file name under torch/nn/modules/, or a whole module name.
                       std::string mod_name = std::string(file).find('.') == std::string::npos
                                                  ? std::string("torch.nn.modules.") + file
                                                  : std::string(file);
                       Ref<ModuleObj> mod = in.import_module(mod_name);
                       if (const Value* v = mod->dict.find(name)) return *v;
                   }
                   raise(T().AttributeError, str("module 'torch.nn' has no attribute '", name, "'"));
               }));
}

}  // namespace

// ---- for layers bound outside this file (bindings/quantization.cpp) ----------------------------------

Type* native_layer_type(const char* cpp_name, const char* py_name, const char* pymodule) {
    Type* t = make_builtin_type(py_name, T().nn_module, Kind::NNModule, pymodule);
    layer_types()[cpp_name] = t;
    return t;
}

Value wrap_native_module(const std::shared_ptr<nn::Module>& m) { return wrap_module(m); }

Type* ordered_dict_type() {
    const Value* t = current_interpreter().import_module("collections")->dict.find("OrderedDict");
    KILN_CHECK(t && t->is(Kind::Type), RuntimeError, "collections.OrderedDict is missing");
    return t->get<Type>();
}

// copy.deepcopy of a module tree, for quantize_dynamic(inplace=False): user modules and containers
// (Sequential, ModuleList, ModuleDict) become new objects with copied parameters, buffers, children
// and attributes. A built-in leaf layer is shared with the original, not copied: Kiln's C++ layers
// have no copy, and the callers replace the leaves they change (quantize_dynamic swaps the Linears).
Value copy_module_tree(Interpreter& in, const Value& module) {
    ModuleObject* o = object_of(module);
    if (!o || !o->module) return module;
    nn::Module& src = *o->module;
    auto copy = make<ModuleObject>(o->type, nullptr);
    std::shared_ptr<nn::Module> m;
    if (auto* pm = dynamic_cast<PyModule*>(&src)) m = std::make_shared<PyModule>(pm->type_name(), copy.get());
    else if (dynamic_cast<nn::Sequential*>(&src)) m = std::make_shared<nn::Sequential>();
    else if (dynamic_cast<nn::ModuleList*>(&src)) m = std::make_shared<nn::ModuleList>();
    else if (typeid(src) == typeid(nn::Module)) m = std::make_shared<nn::Module>(src.type_name());  // ModuleDict
    else return module;
    copy->set_module(m);
    TrainingFlag::set(*m, src.is_training());
    autograd::NoGradGuard no_grad;
    for (const auto& [n, t] : src.own_parameters())
        m->register_parameter(n, t.defined() ? nn::make_parameter(clone(t.detach()), t.requires_grad()) : Tensor());
    for (const auto& [n, t] : src.named_buffers("", false))
        m->register_buffer(n, clone(t.detach()), !o->nonpersistent.count(n));
    copy->nonpersistent = o->nonpersistent;
    for (const auto& [n, c] : src.own_children()) {
        if (!c) {
            m->register_module(n, nullptr);
            continue;
        }
        register_child(copy.get(), n, copy_module_tree(in, wrap_child(o, n, c)));
    }
    o->dict.for_each([&](const std::string& k, const Value& v) {
        copy->dict.set(k, is_tensor(v) ? wrap(clone(to_tensor(v).detach())) : v);
    });
    return Value(copy.get());
}

void register_nn_modules(const TypeTable& t) {
    register_module_methods(t.nn_module);
    static Value module_getattr = *t.nn_module->dict.find("__getattr__");
    g_module_getattr = &module_getattr;
    vm::module_attr_fast = module_attr_fast;
    register_layers();
    method(t.nn_module, "_kiln_layer_attributes", layer_attributes);
    method(t.nn_module, "_kiln_build_from_state", build_from_state);
    register_containers();
    // The modules PyTorch defines the built-in layers in (torch.nn.modules.linear, .conv, ...): pickles
    // name a layer class by its module (torch.save writes, torch.load finds it there).
    std::set<std::string> homes;
    for (const auto& [name, type] : layer_types()) homes.insert(type->module);
    for (const std::string& home : homes)
        Interpreter::register_module(home, [home](Interpreter&, ModuleObj& m) {
            for (const auto& [name, type] : layer_types())
                if (type->module == home) m.dict.set(name, Value(type));
        });
    // nn.Parameter(data=None, requires_grad=True), unless tensor.cpp already gave Parameter a constructor.
    if (!t.parameter->construct) {
        t.parameter->construct = [](Interpreter&, const CallArgs& a) {
            static const Signature sig("Parameter(data=None, requires_grad=True)");
            auto v = sig.bind(a);
            // Parameter.__new__ takes a non-Tensor through its custom-tensor path: data.detach()
            if (!is_none(v[0]) && !v[0].as<TensorObj>())
                raise(T().AttributeError, str("'", type_name(v[0]), "' object has no attribute 'detach'"));
            Tensor data = v[0].is_none() ? empty({0}) : to_tensor(v[0], "Parameter", "data");
            return wrap(nn::make_parameter(data, to_bool(v[1], "Parameter", "requires_grad")));
        };
    }
    Interpreter::register_module("torch.nn", nn_module);
    Interpreter::register_module("torch.nn.init", init_module);
    Interpreter::register_module("torch.nn.utils", utils_module);
}

bool module_has_call_hooks(const Value& module) {
    const ModuleObject* o = object_of(module);
    return o && has_call_hooks(o);
}

}  // namespace kiln::vm::bind
