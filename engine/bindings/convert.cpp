// Value <-> engine conversions for the bindings (see convert.h), and the registration entry point.
#include "bindings/convert.h"
#include "bindings/inductor.h"
#include "bindings/numpy.h"
#include "cuda/cuda.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "support/pyrepr.h"
#include "vm/complex.h"
#include "vm/int_big.h"

namespace kiln::vm::bind {

static Device device_from_ordinal(int64_t index);  // below, next to to_device

namespace {
std::string where(const char* fn, const char* arg) {
    if (!fn || !*fn) return str("argument '", arg, "'");
    return str(fn, "(): argument '", arg, "'");
}


struct DTypeObj : NativeObj {
    DTypeObj(Type* t, DType d) : NativeObj(t), dtype(d) {}
    DType dtype;
};

// torch.device: a type and an optional index. A tensor's .device is cuda:0 (index 0), while
// torch.device('cuda') has none; they print and compare differently, as in PyTorch.
struct DeviceObj : NativeObj {
    DeviceObj(Type* t, Device d, int i) : NativeObj(t), device(d), index(i) {}
    Device device;
    int index;  // -1: none
    std::string text() const { return index < 0 ? device_name(device) : str(device_name(device), ":", index); }
};

Type* g_dtype_type = nullptr;
Type* g_device_type = nullptr;

// The default devices saved by the `with torch.device(...)` blocks that are open (innermost last).
std::vector<Value>& device_context_stack() {
    static std::vector<Value> stack;
    return stack;
}
Value g_dtypes[kNumDTypes];
// torch.device objects: one without an index per Device (indexed by its enumerator), and cuda:0.
Value g_devices[kNumDevices];
Value g_cuda0;

void ensure_dtype_types() {
    if (g_dtype_type) return;
    g_dtype_type = make_builtin_type("dtype", T().object, Kind::Native, "torch");
    for (int i = 0; i < kNumDTypes; ++i) g_dtypes[i] = Value(immortal<DTypeObj>(g_dtype_type, DType(i)));
    def_method(g_dtype_type, "__repr__", [](Interpreter&, const CallArgs& a) {
        return new_str(dtype_name(native_cast<DTypeObj>(a.args[0])->dtype));
    });
    def_property(g_dtype_type, "is_floating_point", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(dtype_is_floating(native_cast<DTypeObj>(a.args[0])->dtype));
    });
    def_property(g_dtype_type, "itemsize", [](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(dtype_size(native_cast<DTypeObj>(a.args[0])->dtype)));
    });
    def_property(g_dtype_type, "is_complex", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(dtype_is_complex(native_cast<DTypeObj>(a.args[0])->dtype));
    });
    // dtype.to_real() / to_complex() (torch 2.1+): complex64 <-> float32, complex128 <-> float64.
    def_method(g_dtype_type, "to_real", [](Interpreter&, const CallArgs& a) {
        DType d = native_cast<DTypeObj>(a.args[0])->dtype;
        return dtype_value(dtype_is_complex(d) ? dtype_to_real(d) : d);
    });
    def_method(g_dtype_type, "to_complex", [](Interpreter&, const CallArgs& a) {
        DType d = native_cast<DTypeObj>(a.args[0])->dtype;
        if (!dtype_is_floating(d) && !dtype_is_complex(d))
            raise(T().RuntimeError, str("Unknown Complex ScalarType for ", dtype_scalar_type_name(d)));
        return dtype_value(dtype_to_complex(d));
    });
    def_property(g_dtype_type, "is_signed", [](Interpreter&, const CallArgs& a) {
        return Value::boolean(dtype_is_signed(native_cast<DTypeObj>(a.args[0])->dtype));
    });
    g_device_type = make_builtin_type("device", T().object, Kind::Native, "torch");
    for (int d = 0; d < kNumDevices; ++d) g_devices[d] = Value(immortal<DeviceObj>(g_device_type, Device(d), -1));
    g_cuda0 = Value(immortal<DeviceObj>(g_device_type, Device::CUDA, 0));
    g_device_type->construct = [](Interpreter&, const CallArgs& a) {
        // torch.device(type, index=None), keywords included: generated torch.fx code (torch.export's
        // graphs) spells a device as device(type='cpu').
        static const Signature sig("device(type=None, index=None)");
        std::vector<Value> v = sig.bind(a);
        if (v[0].is_none()) raise(T().TypeError, "device() missing required argument 'type' (pos 1)");
        const Value& type = v[0];
        const Value& idx = v[1];
        if (native_cast<DeviceObj>(type)) return type;
        if (type.is_int()) {  // torch.device(0): the "device(Device device)" overload, an accelerator ordinal
            if (!idx.is_none()) raise(T().TypeError, "device(): argument 'type' (position 1) must be str, not int");
            device_from_ordinal(type.as_int());
            if (type.as_int() == 0) return g_cuda0;
            return Value(make<DeviceObj>(g_device_type, Device::CUDA, int(type.as_int())).get());
        }
        Device d = to_device(type, "device", "type");
        if (!idx.is_none()) {  // THPDevice_pynew's checks of an explicit index
            if (type.is(Kind::Str) && str_of(type).find(':') != std::string::npos)
                raise(T().RuntimeError, str("type (string) must not include an index because index was passed explicitly: ",
                                            str_of(type)));
            if (!is_index(idx)) raise(T().TypeError, str("device(): argument 'index' (position 2) must be int, not ", type_name(idx)));
            if (to_int(idx, "") < 0) raise(T().RuntimeError, "Device index must not be negative");
        }
        bool indexed = (type.is(Kind::Str) && str_of(type).find(':') != std::string::npos) || !idx.is_none();
        if (!indexed) return g_devices[int(d)];
        const int64_t index = !idx.is_none() ? to_int(idx, "")
                                             : std::stoll(str_of(type).substr(str_of(type).find(':') + 1));
        if (d == Device::CUDA && index == 0) return g_cuda0;
        return Value(make<DeviceObj>(g_device_type, d, int(index)).get());  // cpu:1, meta:0, ...
    };
    def_method(g_device_type, "__repr__", [](Interpreter&, const CallArgs& a) {
        auto* d = native_cast<DeviceObj>(a.args[0]);
        return new_str(d->index < 0 ? str("device(type='", device_name(d->device), "')")
                                    : str("device(type='", device_name(d->device), "', index=", d->index, ")"));
    });
    def_method(g_device_type, "__str__", [](Interpreter&, const CallArgs& a) {
        return new_str(native_cast<DeviceObj>(a.args[0])->text());
    });
    def_method(g_device_type, "__eq__", [](Interpreter&, const CallArgs& a) {
        auto* x = native_cast<DeviceObj>(a.args[0]);
        // a device equals only a device (torch.device('cpu') == 'cpu' is False in PyTorch)
        auto* y = native_cast<DeviceObj>(a.args[1]);
        return Value::boolean(y && x->device == y->device && x->index == y->index);
    });
    // `with torch.device(d):` makes d the default device of factories inside the block, through
    // torch.set_default_device (which takes what Kiln supports), and restores the previous one.
    def_method(g_device_type, "__enter__", [](Interpreter& in, const CallArgs& a) {
        ModuleObj& torch = *in.import_module("torch");
        Value previous = in.call(getattr(in, Value(&torch), "get_default_device"), std::vector<Value>{});
        in.call(getattr(in, Value(&torch), "set_default_device"), {a.args[0]});
        device_context_stack().push_back(previous);
        return a.args[0];
    });
    def_method(g_device_type, "__exit__", [](Interpreter& in, const CallArgs&) {
        if (device_context_stack().empty()) return Value::boolean(false);
        Value previous = device_context_stack().back();
        device_context_stack().pop_back();
        ModuleObj& torch = *in.import_module("torch");
        in.call(getattr(in, Value(&torch), "set_default_device"), {previous});
        return Value::boolean(false);
    });
    def_property(g_device_type, "type", [](Interpreter&, const CallArgs& a) {
        return new_str(device_name(native_cast<DeviceObj>(a.args[0])->device));
    });
    def_property(g_device_type, "index", [](Interpreter&, const CallArgs& a) {
        auto* d = native_cast<DeviceObj>(a.args[0]);
        return d->index < 0 ? Value::none() : Value::integer(d->index);
    });
}
}  // namespace

// `where` with the position PyTorch's argument parser adds for an argument passed positionally
// (FunctionSignature::parse: "(position N)", self not counted; none for a keyword argument): v is
// found among the innermost native call's arguments, by address (the converter got a reference
// into them) or else as the one argument that is v; a value not among them (a converted copy) gets
// fallback_position when the caller knows it.
std::string where_of(const char* fn, const char* arg, const Value& v, int fallback_position) {
    const NativeCall* c = t_native_call;
    auto fallback = [&] { return fallback_position > 0 ? str(where(fn, arg), " (position ", fallback_position, ")") : where(fn, arg); };
    if (!c || !fn || !*fn) return fallback();
    const CallArgs& a = *c->args;
    const size_t first = c->method ? 1 : 0;
    auto at = [&](size_t i) { return str(where(fn, arg), " (position ", i - first + 1, ")"); };
    for (size_t i = first; i < a.nargs; ++i)
        if (&a.args[i] == &v) return at(i);
    for (size_t k = 0; k < a.nkw; ++k)
        if (&a.kwvalues[k] == &v) return where(fn, arg);
    size_t found = a.nargs, hits = 0;
    for (size_t i = first; i < a.nargs; ++i)
        if (a.args[i].identical(v)) found = i, ++hits;
    for (size_t k = 0; k < a.nkw; ++k)
        if (a.kwvalues[k].identical(v)) ++hits;
    if (hits == 0) return fallback();
    return hits == 1 && found < a.nargs ? at(found) : where(fn, arg);
}

bool is_tensor(const Value& v) { return v.is(Kind::Tensor); }

const Tensor& to_tensor(const Value& v, const char* fn, const char* arg) {
    if (auto* t = v.as<TensorObj>()) return t->tensor;
    raise(T().TypeError, str(where_of(fn, arg, v), " must be Tensor, not ", type_name(v)));
}

// NumPy scalars (np.float64(1.5)) count as Python numbers, as in PyTorch's argument parser; so do
// ints beyond 64 bits (to_scalar raises PyTorch's overflow error for them).
bool is_scalar(const Value& v) {
    return v.is_int() || v.is_float() || v.is_bool() || is_numpy_scalar(v) || is_big(v) || is_complex_value(v);
}

Scalar to_scalar(const Value& v, const char* fn, const char* arg) {
    if (v.is_bool()) return Scalar(v.as_bool());
    if (v.is_int()) return Scalar(v.as_int());
    if (v.is_float()) return Scalar(v.as_float());
    if (double re, im; v.is_obj() && complex_parts(v, re, im)) return Scalar::complex(re, im);
    // A Python int past int64: PyTorch 2.11's argument parser reads [2**63, 2**64) as a uint64 Scalar
    // (int64 * 2**63 wraps, float32 * 2**63 is 9.22e18) and refuses the rest with CPython's
    // PyLong_AsUnsignedLongLong overflow text (x * 2 ** 64, torch.full(size, 2 ** 65)).
    if (is_big(v)) {
        const BigInt& b = *big_of(v);
        if (!b.negative() && b.bit_length() <= 64) {
            const BigInt lo = b.shr(32);
            const uint64_t hi32 = uint64_t(lo.to_i64()), lo32 = uint64_t((b - lo.shl(32)).to_i64());
            return Scalar::uint64((hi32 << 32) | lo32);
        }
        raise(T().OverflowError, "int too big to convert");
    }
    if (auto* t = v.as<TensorObj>(); t && t->tensor.numel() == 1) return t->tensor.item();
    if (is_numpy_scalar(v)) return ndarray_tensor(v).item();
    raise(T().TypeError, str(where_of(fn, arg, v), " must be Number, not ", type_name(v)));
}

const Tensor& where_condition(Interpreter& in, const Value& v) {
    const Tensor& c = to_tensor(v, "where", "condition");
    if (c.dtype() == DType::UInt8)
        emit_warning(in,
                     new_str("where received a uint8 condition tensor. This behavior is deprecated and will be removed "
                             "in a future version of PyTorch. Use a boolean condition instead."),
                     types().UserWarning);
    return c;
}

Tensor tensor_or_scalar(const Value& v, const char* fn, const char* arg) {
    if (auto* t = v.as<TensorObj>()) return t->tensor;
    if (is_scalar(v)) return wrapped_scalar(to_scalar(v));
    if (is_ndarray(v)) return ndarray_tensor(v);  // PyTorch takes an ndarray operand as a tensor
    raise(T().TypeError, str(where_of(fn, arg, v), " must be Tensor, not ", type_name(v)));
}

// An object with __index__ (not a tensor) as a size: PyTorch's THPUtils_checkIndex / unpackIndex
// (torch.zeros(IndexLike(3)), x.view(n, -1) with n a user index type).
static bool has_user_index(const Value& v) {
    return !v.is(Kind::Tensor) && !is_index(v) && type_of(v)->lookup("__index__") != nullptr &&
           current_interpreter_or_null() != nullptr;
}
static int64_t user_index(const Value& v) {
    Value i = number_index(*current_interpreter_or_null(), v);
    if (is_big(i)) raise(T().RuntimeError, "Overflow when unpacking long");
    return to_int(i, "");
}

// PyTorch's python_arg_parser over an int-list parameter at `position` (1-based; 0: unknown, unnamed in
// the message): the check looks at the first element only (is_int_or_symint_list), so a bad first
// element is "(position 1) must be tuple of ints, but found element of type float at pos 0", while a
// later one fails while unpacking: "failed to unpack the object at pos 2 with error \"type must be
// tuple of ints,but got float\"" (pos counted from 1 there, as intlistWithDefault reports it).
static std::string where_at(const char* fn, const char* arg, int position) {
    return position > 0 ? str(where(fn, arg), " (position ", position, ")") : where(fn, arg);
}

static bool int_like_element(const Value& x) {
    auto* t = x.as<TensorObj>();
    return is_index(x) || is_big(x) || (t && t->tensor.numel() == 1 && !t->tensor.is_floating_point()) || has_user_index(x);
}

static int64_t unpack_int_element(const Value& x, const char* fn, const char* arg, size_t i) {
    if (is_big(x)) raise(T().RuntimeError, "Overflow when unpacking long");
    if (is_index(x)) return to_int(x, "");
    if (auto* t = x.as<TensorObj>(); t && t->tensor.numel() == 1 && !t->tensor.is_floating_point()) return t->tensor.item().to_int();
    if (has_user_index(x)) return user_index(x);
    raise(T().TypeError, str(fn && *fn ? str(fn, "(): ") : std::string(), "argument '", arg, "' failed to unpack the object at pos ",
                             i + 1, " with error \"type must be tuple of ints,but got ", type_name(x), "\""));
}

static std::vector<int64_t> int_list_at(const Value& v, const char* fn, const char* arg, int position) {
    std::vector<int64_t> out;
    if (has_user_index(v)) return {user_index(v)};
    // an int past int64 is an int still: PyTorch's THPUtils_unpackLong overflow, not a type error
    if (is_big(v)) raise(T().RuntimeError, "Overflow when unpacking long");
    if (is_index(v)) return {to_int(v, "")};
    // is_int_or_symint_list's lone int: a one-element integer tensor (x.sum(dim_tensor), x.split(n_tensor, 1))
    if (auto* t = v.as<TensorObj>(); t && t->tensor.numel() == 1 && dtype_is_integral(t->tensor.dtype(), true))
        return {t->tensor.item().to_int()};
    const std::vector<Value>* items = nullptr;
    if (auto* t = v.as<Tuple>()) items = &t->items;
    else if (auto* l = v.as<List>()) items = &l->items;
    if (!items) raise(T().TypeError, str(where_at(fn, arg, position), " must be tuple of ints, not ", type_name(v)));
    for (const Value& x : *items) {
        if (out.empty() && !int_like_element(x))
            raise(T().TypeError, str(where_at(fn, arg, position), " must be tuple of ints, but found element of type ",
                                     type_name(x), " at pos 0"));
        out.push_back(unpack_int_element(x, fn, arg, out.size()));
    }
    return out;
}

std::vector<int64_t> to_int_list(const Value& v, const char* fn, const char* arg) { return int_list_at(v, fn, arg, 0); }

Shape to_shape(const Value& v, const char* fn, const char* arg) { return to_int_list(v, fn, arg); }

// The factories PyTorch binds with several signatures (python_torch_functions: a named-tensor
// overload beside the out= one; rand/randn add generator= ones): when no signature takes the
// arguments, PythonArgParser::print_error lists them all ("zeros(2.5, 3)": a float first, so not
// varargs, and two positionals for one parameter). Text as PyTorch 2.11 prints it.
static const char* factory_overloads(std::string_view fn) {
#define KILN_FACTORY_TAIL "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
    if (fn == "zeros" || fn == "ones")
        return " * (tuple of ints size, *, tuple of names names, " KILN_FACTORY_TAIL
               " * (tuple of ints size, *, Tensor out = None, " KILN_FACTORY_TAIL;
    if (fn == "empty")
        return " * (tuple of ints size, *, tuple of names names, torch.memory_format memory_format = None, " KILN_FACTORY_TAIL
               " * (tuple of ints size, *, torch.memory_format memory_format = None, Tensor out = None, " KILN_FACTORY_TAIL;
    if (fn == "rand" || fn == "randn")
        return " * (tuple of ints size, *, torch.Generator generator, tuple of names names, " KILN_FACTORY_TAIL
               " * (tuple of ints size, *, torch.Generator generator, Tensor out = None, " KILN_FACTORY_TAIL
               " * (tuple of ints size, *, Tensor out = None, " KILN_FACTORY_TAIL
               " * (tuple of ints size, *, tuple of names names, " KILN_FACTORY_TAIL;
#undef KILN_FACTORY_TAIL
    return nullptr;
}

// Py_TYPE(x)->tp_name as format_invalid_args prints it: torch's own classes carry their module
static std::string arg_type_name(const Value& v) {
    const Type* t = type_of(v);
    if (t->name != "Tensor" && t->module.rfind("torch", 0) == 0) return "torch." + t->name;
    return t->name;
}

[[noreturn]] static void invalid_combination(const char* fn, const std::vector<Value>& args, const char* overloads) {
    std::string got;
    for (const Value& a : args) got += (got.empty() ? "" : ", ") + arg_type_name(a);
    if (const NativeCall* c = t_native_call; c && c->args)
        for (size_t k = 0; k < c->args->nkw; ++k)
            got += (args.empty() ? "" : ", ") + c->args->kwname(k) + "=" + arg_type_name(c->args->kwvalues[k]) + (args.empty() ? ", " : "");
    raise(T().TypeError, str(fn, "() received an invalid combination of arguments - got (", got, "), but expected one of:\n", overloads));
}

Shape shape_from_varargs(const std::vector<Value>& args, const char* fn) {
    // f(2, 3) and f(n, -1) with n a one-element integer tensor (a size under tracing) are varargs;
    // f((2, 3)) / f([2, 3]) / f(torch.Size(...)) pass one sequence. The size is the first parameter.
    // the parameter's name in PyTorch's signature (Tensor.reshape(SymInt[] shape), permute(int[] dims))
    const std::string_view f = fn;
    const char* param = f == "reshape" ? "shape" : f == "permute" || f == "tile" || f == "flip" ? "dims" : f == "repeat" ? "repeats" : "size";
    if (args.size() == 1 && !int_like_element(args[0])) return int_list_at(args[0], fn, param, 1);
    // python_arg_parser takes the arguments as varargs only when the first one is an int; otherwise
    // they are too many for the one positional parameter
    if (!args.empty() && !int_like_element(args[0])) {
        if (const char* overloads = factory_overloads(fn)) invalid_combination(fn, args, overloads);
        raise(T().TypeError, str(fn, "() takes 1 positional argument but ", args.size(), " were given"));
    }
    Shape s;
    for (const Value& v : args) s.push_back(unpack_int_element(v, fn, param, s.size()));
    return s;
}

// argnum: the list's parameter index, which PyTorch's is_tensor_list_and_append_overloaded names
std::vector<Tensor> to_tensor_list(Interpreter& in, const Value& v, const char* fn, const char* arg, int argnum) {
    if (!v.is(Kind::List) && !v.is(Kind::Tuple))
        raise(T().TypeError, str(where(fn, arg), " must be tuple of Tensors, not ", type_name(v)));
    std::vector<Tensor> out;
    for (const Value& x : to_vector(in, v)) {
        if (!is_tensor(x))
            raise(T().TypeError, str("expected Tensor as element ", out.size(), " in argument ", argnum, ", but got ", type_name(x)));
        out.push_back(x.get<TensorObj>()->tensor);
    }
    return out;
}

Value dtype_value(DType dt) {
    ensure_dtype_types();
    return g_dtypes[int(dt)];
}

bool is_dtype(const Value& v) {
    ensure_dtype_types();
    return native_cast<DTypeObj>(v) != nullptr;
}

DType to_dtype(const Value& v, const char* fn, const char* arg) {
    ensure_dtype_types();
    if (auto* d = native_cast<DTypeObj>(v)) return d->dtype;
    // Python's float/int/bool/complex types name the default dtypes (x.to(float) is float64 in PyTorch:
    // its argument parser takes a Python scalar type wherever a ScalarType goes).
    if (v.obj() == T().float_ && v.is(Kind::Type)) return DType::Float64;
    if (v.obj() == T().int_ && v.is(Kind::Type)) return DType::Int64;
    if (v.obj() == T().bool_ && v.is(Kind::Type)) return DType::Bool;
    if (v.obj() == complex_type() && v.is(Kind::Type)) return DType::Complex128;
    raise(T().TypeError, str(where(fn, arg), " must be torch.dtype, not ", type_name(v)));
}

std::optional<DType> to_opt_dtype(const Value& v, const char* fn, const char* arg) {
    if (v.is_none() || v.is_null()) return std::nullopt;
    return to_dtype(v, fn, arg);
}

Value device_value(Device d) {
    ensure_dtype_types();
    return d == Device::CUDA ? g_cuda0 : g_devices[int(d)];  // a tensor's device: cpu, cuda:0 or meta
}

namespace {
Device g_default_device = Device::CPU;
}
Device default_device() { return g_default_device; }
void set_default_device(Device d) { g_default_device = d; }

bool is_device_value(const Value& v) { return native_cast<DeviceObj>(v) != nullptr; }

// PyTorch's deviceFromLong (python_arg_parser.h): an int in a device position is an ordinal of the
// current accelerator (x.to(0), model.cuda() code's .to(args.gpu), torch.device(local_rank)); it is
// never negative. Kiln is a CUDA build of PyTorch (torch.cuda exists, is_available() says whether a GPU
// answers), whose accelerator is CUDA whether or not a GPU is present: an ordinal names a CUDA device
// as 'cuda:N' does, and using it without a GPU raises what 'cuda' raises (a CPU-only PyTorch build
// would refuse the ordinal itself: "Cannot access accelerator device when none is available.").
static Device device_from_ordinal(int64_t index) {
    if (index < 0) raise(T().RuntimeError, "Device index must not be negative");
    return Device::CUDA;
}

Device to_device(const Value& v, const char* fn, const char* arg) {
    ensure_dtype_types();
    if (auto* d = native_cast<DeviceObj>(v)) return d->device;
    if (v.is_int()) return device_from_ordinal(v.as_int());  // THPUtils_checkLong: bool is not an ordinal
    if (v.is(Kind::Str)) {
        const std::string& s = str_of(v);
        if (s == "cpu") return Device::CPU;
        // c10::Device's parser: a name of letters, digits and '_', then optionally ':' and an index without
        // leading zeros, before the type is looked at ('float64' is a name, 'cpu:x' is not a device string)
        if (s.empty()) raise(T().RuntimeError, "Device string must not be empty");
        size_t k = 0;
        while (k < s.size() && (std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '_')) ++k;
        bool ok = k > 0;
        if (ok && k < s.size()) {
            const std::string idx = s.substr(k + 1);
            ok = s[k] == ':' && !idx.empty() && idx.size() < 19 &&
                 std::all_of(idx.begin(), idx.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                 (idx == "0" || idx[0] != '0');
        }
        if (!ok) raise(T().RuntimeError, str("Invalid device string: '", s, "'"));
        const std::string type = s.substr(0, k);
        if (Device d; device_from_name(type, &d)) return d;
        // A device type c10 knows that this build has no backend for (a Mac's 'mps', an Intel GPU's
        // 'xpu'): PyTorch's device guard refuses it when the first tensor goes there.
        static const char* kUnlinked[] = {"ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga",
                                          "maia", "xla", "lazy", "vulkan", "mps", "hpu", "mtia", "privateuseone"};
        for (const char* u : kUnlinked)
            if (type == u) raise(T().RuntimeError, str("PyTorch is not linked with support for ", type, " devices"));
        // c10's parse_type lists every device type it knows (PyTorch 2.11's, privateuseone unrenamed).
        raise(T().RuntimeError, str("Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, "
                                    "maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start "
                                    "of device string: ", type));
    }
    raise(T().TypeError, str(where(fn, arg), " must be torch.device, not ", type_name(v)));
}

Value size_value(const Shape& s) {
    std::vector<Value> items;
    items.reserve(s.size());
    for (int64_t x : s) items.push_back(Value::integer(x));
    return Value(make<Tuple>(T().size, std::move(items)).get());
}

int64_t to_dim(const Value& v, const char* fn, const char* arg) {
    if (is_index(v)) return to_int(v, "");
    // PyTorch's THPUtils_checkIndex: a NumPy integer scalar or any object with __index__ is an int
    // argument too (cleanrl's nn.Linear(np.array(space.shape).prod(), 64) passes a numpy.int64).
    if (is_numpy_scalar(v)) {
        const Tensor t = ndarray_tensor(v);
        if (dtype_is_integral(t.dtype(), false)) return t.item().to_int();
    } else if (has_user_index(v)) {
        return user_index(v);
    } else if (auto* t = v.as<TensorObj>(); t && t->tensor.numel() == 1 && dtype_is_integral(t->tensor.dtype(), false)) {
        // python_arg_parser's int64 / SymInt check: a one-element integer tensor is an int
        // (torch.randperm(counts[c]), x.narrow(0, 0, lengths[i]), torch.eye(n) with n = labels.max() + 1)
        return t->tensor.item().to_int();
    }
    raise(T().TypeError, str(where(fn, arg), " must be int, not ", type_name(v)));
}

std::optional<int64_t> to_opt_int(const Value& v, const char* fn, const char* arg) {
    if (v.is_none() || v.is_null()) return std::nullopt;
    return to_dim(v, fn, arg);
}

MemoryFormat to_memory_format(Interpreter& in, const Value& v, const char* fn) {
    if (is_none(v)) return MemoryFormat::Preserve;
    if (type_of(v)->name == "memory_format") {
        const std::string r = repr(in, v);
        if (r == "torch.contiguous_format") return MemoryFormat::Contiguous;
        if (r == "torch.channels_last") return MemoryFormat::ChannelsLast;
        if (r == "torch.channels_last_3d") return MemoryFormat::ChannelsLast3d;
        return MemoryFormat::Preserve;
    }
    raise(T().TypeError, str(fn, "(): argument 'memory_format' must be torch.memory_format, not ", type_name(v)));
}

double to_float(const Value& v, const char* fn, const char* arg) {
    if (v.is_float() || v.is_int() || v.is_bool()) return to_double(v, "");
    if (auto* t = v.as<TensorObj>(); t && t->tensor.numel() == 1) return t->tensor.item_double();
    if (is_numpy_scalar(v)) return ndarray_tensor(v).item().to_double();
    raise(T().TypeError, str(where(fn, arg), " must be float, not ", type_name(v)));
}

// A bool parameter of PyTorch's C++ argument parser takes a bool or a NumPy bool only
// (python_arg_parser.cpp: PyBool_Check || is_numpy_bool): x.sum(0, keepdim=1) is a TypeError.
bool to_bool(const Value& v, const char* fn, const char* arg) {
    if (v.is_bool()) return v.as_bool();
    if (is_numpy_scalar(v)) {
        Tensor t = ndarray_tensor(v);
        if (t.dtype() == DType::Bool) return t.item().to_bool();
    }
    raise(T().TypeError, str(where_of(fn, arg, v), " must be bool, not ", type_name(v)));
}

// A flag PyTorch reads in Python (nn.Linear's bias, register_buffer's persistent, zero_grad's
// set_to_none, backward's retain_graph): any object, by its truth value.
bool truthy_arg(const Value& v) {
    if (v.is_bool()) return v.as_bool();
    Interpreter* in = current_interpreter_or_null();
    if (!in) return !v.is_none() && !(v.is_int() && v.as_int() == 0);
    return truthy(*in, v);
}

TensorOptions to_options(const Value& dtype, const Value& device, const Value& requires_grad, const char* fn) {
    TensorOptions o;
    o.dtype = to_opt_dtype(dtype, fn);
    if (!device.is_null() && !device.is_none()) o.device = to_device(device, fn);
    // A factory's requires_grad goes through PyTorch's argument parser, whose bool parameters take a bool
    // only: torch.randn(2, requires_grad=1) is a TypeError there.
    if (!requires_grad.is_null() && !requires_grad.is_none()) {
        if (!requires_grad.is_bool())
            raise(T().TypeError, str(where(fn, "requires_grad"), " must be bool, not ", type_name(requires_grad)));
        o.requires_grad = requires_grad.as_bool();
    }
    return o;
}

// def_method with the checks CPython makes before a method of a built-in type runs: a receiver of
// the type (nn.Module.__setattr__(5, ...) is a TypeError, not a crash) and, for fixed-arity dunders
// and accessors, the argument count. Methods that bind a Signature get their other checks there.
void checked_method(Type* t, const char* name, NativeFn fn) {
    static const std::pair<const char*, size_t> kArity[] = {
        {"__len__", 1}, {"__iter__", 1}, {"__repr__", 1}, {"keys", 1}, {"values", 1}, {"items", 1}, {"copy", 1},
        {"_get_name", 1}, {"eval", 1}, {"cpu", 1}, {"children", 1}, {"named_children", 1}, {"modules", 1},
        {"extra_repr", 1}, {"reset_parameters", 1}, {"float", 1}, {"double", 1}, {"half", 1}, {"bfloat16", 1},
        {"get_last_lr", 1}, {"__getitem__", 2}, {"__contains__", 2}, {"__delitem__", 2}, {"__getattr__", 2},
        {"__delattr__", 2}, {"__setitem__", 3}, {"__setattr__", 3}};
    size_t arity = 0;
    for (const auto& [n, k] : kArity)
        if (std::string_view(n) == name) arity = k;
    std::string qual = t->module == "builtins" ? t->name : t->module + "." + t->name;
    def_method(t, name, [t, name, arity, qual, fn = std::move(fn)](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0 || !type_of(a.args[0])->is_subtype_of(t))
            raise(types().TypeError, str("descriptor '", name, "' for '", qual, "' objects doesn't apply to a '",
                                         a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
        if (arity && (a.nargs != arity || a.nkw))
            raise(types().TypeError, str(name, "() takes exactly ", arity - 1, " argument", arity == 2 ? "" : "s",
                                         " (", a.nargs + a.nkw - 1, " given)"));
        return fn(in, a);
    });
}

Value wrap_list(const std::vector<Tensor>& ts) {
    std::vector<Value> out;
    for (const auto& t : ts) out.push_back(wrap(t));
    return new_list(std::move(out));
}

Value wrap_tuple(const std::vector<Tensor>& ts) {
    std::vector<Value> out;
    for (const auto& t : ts) out.push_back(wrap(t));
    return new_tuple(std::move(out));
}

Value scalar_value(const Scalar& s) {
    if (s.is_bool()) return Value::boolean(s.to_bool());
    if (s.is_complex()) return new_complex(s.to_double(), s.imag());
    if (s.is_floating()) return Value::number(s.to_double());
    return Value::integer(s.to_int());
}

}  // namespace kiln::vm::bind

namespace kiln::vm {

void register_torch_types(const TypeTable& t) {
    bind::register_tensor_type(t);
    bind::register_nn_modules(t);
    bind::register_torch_module();
    bind::register_functional_module();
    bind::register_optim_module();
    bind::register_jit_module();
    bind::register_dynamo_modules();
    bind::register_amp_modules();
    bind::register_inductor();
    bind::register_numpy_module();
    bind::register_fx_module();
}

}  // namespace kiln::vm
