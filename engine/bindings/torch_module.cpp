// The `torch` module (and torch.autograd, torch.cuda): factories, functional forms of the tensor
// methods, dtypes, grad-mode context managers, seeding.
//
// torch.X(input, ...) for an X that is also a Tensor method forwards to that method (tensor.cpp), so
// the two share one signature, one set of keyword names and one implementation; only functions whose
// torch form differs (a Number first argument, a list of tensors, factories) are written out here.
// Importing torch also imports torch.nn, torch.optim, torch.autograd and torch.cuda when they are
// registered, because PyTorch programs write `import torch` and then use torch.nn.Linear.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_set>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "autograd/anomaly.h"
#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "tensor/storage_flags.h"
#include "autograd/node.h"
#include "backends/disk_cache.h"
#include "bindings/convert.h"
#include "cuda/memory_stats.h"
#include "support/function.h"
#include "vm/args_init_style.h"
#include "vm/bigint.h"
#include "vm/complex.h"
#include "vm/int_big.h"
#include "bindings/jit.h"
#include "bindings/torch_function.h"
#include "bindings/numpy.h"
#include "bindings/numpy_flags.h"
#include "ops/unary_api.h"
#include "cuda/cudnn.h"
#include "cuda/dispatch.h"
#include "cuda/sync_debug.h"
#include "nn/modules.h"
#include "ops/composite.h"
#include "ops/output_layout.h"
#include "ops/rnn.h"
#include "ops/tensor_extra.h"
#include "tensor/iter.h"
#include "tensor/parallel.h"

namespace kiln::vm::bind {
// linalg_py.cpp: the torch.linalg module, and torch.<fn> / Tensor.<fn> forwarders to the ops
// implemented in Python (torch.linalg composites, torch.func.vmap, torch/_ops_ext.py).
void register_linalg_module();
void add_python_implemented_ops(Interpreter& in, ModuleObj& torch);
void add_ops_namespace(Interpreter& in, ModuleObj& torch);  // ops_py.cpp: torch._kiln_call_op, stft, sparse, layout
void install_signature_errors(ModuleObj& torch, Type* tensor);  // arg_signatures.cpp: PyTorch's overload TypeErrors
}  // namespace kiln::vm::bind

namespace kiln::vm::bind {


namespace {

using Args = std::vector<Value>;
using Body = kiln::Function<Value(Interpreter&, Args&)>;


// A fresh tensor for torch.*_like(input, memory_format=...): preserve_format (None) keeps a dense
// input's strides, contiguous_format is row-major, channels_last(_3d) orders C fastest.
Tensor like_layout(Interpreter& in, const Tensor& x, DType dt, Device device, const Value& format, const char* fn) {
    return empty_format(x, dt, device, to_memory_format(in, format, fn));
}

// out=: the result written into `out`, as PyTorch's out= variants do (then out is returned). The
// result must be castable to out's dtype; an out of another shape is resized (with PyTorch's
// deprecation warning when it had elements); out= does not take part in autograd.
Value write_out(Interpreter& in, const Value& out_v, const Value& result, const std::string& fn) {
    if (!is_tensor(out_v)) raise(T().TypeError, str(fn, "(): argument 'out' must be Tensor, not ", type_name(out_v)));
    if (!is_tensor(result)) raise(T().NotImplementedError, str(fn, "(out=...) with several outputs is not supported in Kiln"));
    Tensor out = to_tensor(out_v);
    const Tensor& r = to_tensor(result);
    if (autograd::grad_enabled() && (out.requires_grad() || r.requires_grad()))
        raise(T().RuntimeError, str(fn, "(): functions with out=... arguments don't support automatic differentiation, but "
                                        "one of the arguments requires grad."));
    const bool narrowing = (dtype_is_floating(r.dtype()) && !dtype_is_floating(out.dtype())) ||
                           (r.dtype() != DType::Bool && out.dtype() == DType::Bool);
    if (narrowing)
        raise(T().RuntimeError, str("result type ", dtype_scalar_type_name(r.dtype()), " can't be cast to the desired output type ",
                                    dtype_scalar_type_name(out.dtype())));
    if (out.sizes() != r.sizes()) {
        if (out.numel() != 0)
            emit_warning(in, new_str(str("An output with one or more elements was resized since it had shape ", shape_repr(out.sizes()),
                                         ", which does not match the required output shape ", shape_repr(r.sizes()),
                                         ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
                                         "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, "
                                         "inplace, to zero elements with t.resize_(0).")),
                         T().UserWarning);
        Tensor fresh = Tensor::empty(r.sizes(), out.dtype(), out.device());
        TensorImpl* impl = out.impl();
        impl->storage = fresh.impl()->storage;
        impl->sizes = fresh.sizes();
        impl->strides = fresh.strides();
        impl->offset = 0;
    }
    copy_(out, r);
    return out_v;
}

// TensorIterator's checks of an out= tensor against the inputs: no element written twice, and no
// input sharing some of out's elements (torch.add(a[:3], 1, out=a[1:])).
template <typename Values>
void check_out_overlap(const Value& out, const Values& inputs) {
    if (!is_tensor(out)) return;
    assert_no_internal_overlap(to_tensor(out));
    for (const Value& arg : inputs)
        if (is_tensor(arg)) assert_no_partial_overlap(to_tensor(out), to_tensor(arg));
}

// Defines m.<name> from a Python-syntax signature. A signature with `out=None` gets out= for free:
// the body computes the result as without it, and write_out puts it into the given tensor.
void def(ModuleObj& m, const char* spec, Body body) {
    auto sig = std::make_shared<Signature>(spec);
    sig->numpy_aliases().python_wording();
    std::string name = sig->name();
    std::vector<std::string> params = sig->param_names();
    int out_index = -1;
    for (size_t i = 0; i < params.size(); ++i)
        if (params[i] == "out") out_index = int(i);
    m.dict.set(name, new_builtin(name, [sig, body, out_index](Interpreter& in, const CallArgs& a) {
                   Args v = sig->bind(a);
                   if (out_index >= 0 && !is_none(v[size_t(out_index)])) {
                       Value out = v[size_t(out_index)];
                       check_out_overlap(out, v);
                       v[size_t(out_index)] = Value::none();
                       return write_out(in, out, body(in, v), sig->name());
                   }
                   try {
                       if (!recording_calls()) return body(in, v);
                       return traced_call(in, CallKind::Function, sig->name(), sig.get(), v, [&] { return body(in, v); });
                   } catch (const DeviceKernelMissing&) {
                       cuda::fail_no_kernel("aten::" + sig->name());  // names the op a CUDA tensor has no kernel for
                   }
               }));
}

void def_raw(ModuleObj& m, const char* name, NativeFn fn) { m.dict.set(name, new_builtin(name, std::move(fn))); }

std::string& g_matmul_precision() {
    static std::string p = "highest";
    return p;
}

// ---- torch.tensor(data): nested sequences of numbers ------------------------------------------------


const std::vector<Value>& seq_items(const Value& v) {
    return v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
}

// The dtype PyTorch infers for one leaf value (promoted over all leaves).
DType leaf_dtype(const Value& v, const char* fn) {
    if (v.is_bool()) return DType::Bool;
    if (v.is_int()) return DType::Int64;
    if (is_big(v)) raise(T().ValueError, "Overflow when unpacking long long");  // torch.tensor's data, as PyTorch 2.11
    if (v.is_float()) return default_float_dtype();
    if (is_complex_value(v)) return dtype_to_complex(default_float_dtype());  // torch.tensor([1+2j]): complex64
    if (auto* t = v.as<TensorObj>()) return t->tensor.dtype();
    if (is_ndarray(v)) return ndarray_tensor(v).dtype();  // NumPy scalars keep their dtype
    // PyTorch's infer_scalar_type: a str is refused by name, anything else cannot be inferred
    (void)fn;
    if (v.is(Kind::Str)) raise(T().TypeError, str("new(): invalid data type '", type_name(v), "'"));
    raise(T().RuntimeError, str("Could not infer dtype of ", type_name(v)));  // TORCH_CHECK, not TORCH_CHECK_TYPE
}

// PyTorch reads torch.tensor's data by PySequence_Check (compute_sizes, recursive_store): lists,
// tuples, ranges and any object with __len__ and __getitem__ (collections.deque, user classes; not a
// dict) are walked by their items at every depth; a tensor is a leaf (a one-element tensor stores
// its item). NumPy arrays with a dimension are sequences too, walked here as one block
// (DataWalk::store_array) so that a replay buffer of arrays is not split into Python objects.
std::optional<std::vector<Value>> sequence_items(Interpreter& in, const Value& v) {
    if (v.is(Kind::List) || v.is(Kind::Tuple)) return seq_items(v);
    if (v.is(Kind::Range)) return to_vector(in, v);
    if (v.is(Kind::Instance) && !v.as<TensorObj>() && !isinstance(v, T().dict) &&
        !getattr_or_null(in, v, "__len__").is_null() && !getattr_or_null(in, v, "__getitem__").is_null()) {
        if (!find_dunder(v, "__iter__").is_null()) return to_vector(in, v);
        // Only the sequence protocol: PyTorch reads items 0 .. len()-1 by PySequence_GetItem, so a
        // __len__ larger than what __getitem__ serves is the IndexError __getitem__ raises.
        const int64_t n = length(in, v);
        std::vector<Value> out;
        for (int64_t i = 0; i < n; ++i) out.push_back(getitem(in, v, Value::integer(i)));
        return out;
    }
    return std::nullopt;
}

bool is_array_sequence(const Value& v) { return is_ndarray(v) && !is_numpy_scalar(v) && ndarray_tensor(v).dim() > 0; }

struct DataWalk {
    Interpreter* in;
    Shape shape;
    std::vector<Scalar> values;
    DType dtype = DType::Float32;  // the tensor's dtype, known before any element is stored
    bool dtype_given = false;      // torch.tensor(data, dtype=...): no inference
    const char* fn;

    // infer_scalar_type, run over the whole data before anything is stored: leaves promoted, sequences
    // recursed (an empty one counts as the default float dtype), arrays and tensors by their dtype.
    DType infer(const Value& v) {
        if (v.as<TensorObj>() || is_ndarray(v)) return leaf_dtype(v, fn);
        auto items = sequence_items(*in, v);
        if (!items) return leaf_dtype(v, fn);
        if (items->empty()) return default_float_dtype();
        // A cycle through other lists nests without end: counted against the recursion limit, it
        // raises RecursionError before the C stack ends.
        Interpreter::DepthGuard guard(*in);
        std::optional<DType> dt;
        for (const Value& x : *items) {
            if (x.is_obj() && v.is_obj() && x.obj() == v.obj())
                raise(T().TypeError, "new(): self-referential lists are incompatible");
            DType d = infer(x);
            dt = dt ? promote_types(*dt, d) : d;
        }
        return *dt;
    }

    // compute_sizes: the shape follows first elements until a leaf or an empty sequence.
    void compute_sizes(const Value& data) {
        for (Value v = data;;) {
            if (is_array_sequence(v)) {
                for (int64_t n : ndarray_tensor(v).sizes()) {
                    shape.push_back(n);
                    if (n == 0) break;
                }
                return;
            }
            // a str is a sequence to PySequence_Check whose items are strs again: PyTorch walks it down
            // to MAX_DIMS (torch.tensor(['a'], dtype=torch.float32)); without a dtype, the inference
            // PyTorch runs first refuses it by name
            if (v.is(Kind::Str) && !dtype_given) leaf_dtype(v, fn);
            if (v.is(Kind::Str)) {
                if (str_of(v).empty()) {
                    shape.push_back(0);
                    return;
                }
                raise(T().ValueError, "too many dimensions 'str'");
            }
            auto items = sequence_items(*in, v);
            if (!items) return;
            // PyTorch's MAX_DIMS: deeper nesting is refused before store() recurses once per level.
            if (shape.size() >= 128) raise(T().ValueError, str("too many dimensions '", type_name(v), "'"));
            shape.push_back(int64_t(items->size()));
            if (items->empty()) return;
            v = (*items)[0];
        }
    }

    void check_length(int64_t n, size_t dim, size_t got) {
        if (int64_t(got) != n)
            raise(T().ValueError, str("expected sequence of length ", n, " at dim ", dim, " (got ", got, ")"));
    }

    // An ndarray at `dim`: recursive_store would check each level's length in turn (all sub-arrays
    // share one shape) and reach a NumPy scalar where it still expects a sequence.
    void store_array(const Value& v, size_t dim) {
        Tensor t = ndarray_tensor(v);
        size_t k = 0;
        for (; k < size_t(t.dim()) && dim + k < shape.size(); ++k) {
            check_length(shape[dim + k], dim + k, size_t(t.sizes()[k]));
            if (t.sizes()[k] == 0) return;
        }
        if (dim + k < shape.size()) raise(T().TypeError, "not a sequence");
        DType dt = t.dtype();
        if (k < size_t(t.dim())) {
            // Deeper than the data's shape: each leaf is a sub-array, a scalar only with one element.
            int64_t leaf = 1;
            for (size_t j = k; j < size_t(t.dim()); ++j) leaf *= t.sizes()[j];
            if (leaf != 1) raise(T().ValueError, "only one element tensors can be converted to Python scalars");
        }
        if (dtype_is_floating(dt)) {
            for (double x : t.to_double_vector()) values.push_back(Scalar(x));
        } else {
            for (int64_t x : t.to_int_vector()) values.push_back(dt == DType::Bool ? Scalar(x != 0) : Scalar(x));
        }
    }

    void store(const Value& v, size_t dim) {
        if (dim < shape.size()) {
            if (is_array_sequence(v)) return store_array(v, dim);
            auto items = sequence_items(*in, v);
            if (!items) raise(T().TypeError, "not a sequence");
            check_length(shape[dim], dim, items->size());
            for (const Value& x : *items) store(x, dim + 1);
            return;
        }
        // store_scalar of a sequence: the float unpacking's TypeError, or the integer one (bool too);
        // an array converts through its __float__/__int__ (one element only)
        if (sequence_items(*in, v)) {
            if (dtype_is_floating(dtype)) raise(T().TypeError, str("must be real number, not ", type_name(v)));
            raise(T().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
        }
        if (is_ndarray(v)) {
            if (ndarray_tensor(v).numel() != 1)
                raise(T().ValueError, "only one element tensors can be converted to Python scalars");
            values.push_back(ndarray_tensor(v).item());
        } else if (auto* t = v.as<TensorObj>()) {
            if (t->tensor.numel() != 1)
                raise(T().ValueError, "only one element tensors can be converted to Python scalars");
            values.push_back(t->tensor.item());
        } else {
            values.push_back(to_scalar(v));
        }
    }
};

Tensor from_values(const std::vector<Scalar>& values, const Shape& shape, DType dt) {
    // torch.tensor's element check (c10::checked_convert): torch.tensor([300], dtype=torch.uint8) raises.
    for (const Scalar& s : values)
        KILN_CHECK(scalar_fits_integral(s, dt), RuntimeError, "value cannot be converted to type ",
                   dtype_short_name(dt), " without overflow");
    Tensor out = Tensor::empty(shape, dt);
    if (dtype_is_complex(dt)) {  // (real, imag) pairs
        for (size_t i = 0; i < values.size(); ++i) {
            const double re = values[i].to_double(), im = values[i].imag();
            if (dt == DType::Complex64) {
                out.data_ptr<float>()[2 * i] = float(re);
                out.data_ptr<float>()[2 * i + 1] = float(im);
            } else {
                out.data_ptr<double>()[2 * i] = re;
                out.data_ptr<double>()[2 * i + 1] = im;
            }
        }
        return out;
    }
    for (const Scalar& s : values)  // store_scalar's unpacking of a Python complex into a real dtype
        if (s.is_complex()) {
            if (dtype_is_floating(dt)) raise(T().TypeError, "must be real number, not complex");
            raise(T().TypeError, "'complex' object cannot be interpreted as an integer");
        }
    dispatch_dtype(dt, [&](auto tag) {
        using S = typename decltype(tag)::type;
        S* p = out.data_ptr<S>();
        for (size_t i = 0; i < values.size(); ++i) {
            const Scalar& s = values[i];
            if constexpr (std::is_same_v<S, bool>)
                p[i] = s.to_bool();
            else if constexpr (std::is_integral_v<S>)
                p[i] = S(s.to_int());  // narrow ints wrap mod 2^n, as torch.tensor([300], dtype=torch.uint8)
            else if constexpr (std::is_same_v<S, double>)
                p[i] = s.to_double();
            else
                p[i] = S(float(s.to_double()));
        }
    });
    return out;
}

// ---- forwarding torch.f(input, ...) to Tensor.f ----------------------------------------------------------

// Calls Tensor.<method> with `input` (positional 0 or keyword input=) as self.
Value call_as_method(Interpreter& in, const std::string& fn, const Value& method, const CallArgs& a) {
    Value self, out = Value::none();
    std::vector<Value> pos, kwv, kwn;
    for (size_t i = 0; i < a.nargs; ++i) {
        if (i == 0)
            self = a.args[0];
        else
            pos.push_back(a.args[i]);
    }
    for (size_t k = 0; k < a.nkw; ++k) {
        if (a.kwname(k) == "input" && self.is_null()) {
            self = a.kwvalues[k];
            continue;
        }
        if (a.kwname(k) == "out") {
            out = a.kwvalues[k];
            continue;
        }
        kwv.push_back(a.kwvalues[k]);
        kwn.push_back(a.kwnames->items[k]);
    }
    if (self.is_null()) raise(T().TypeError, str(fn, "() missing 1 required positional arguments: \"input\""));
    // PyTorch's argument parser lets a Python number bind to the Tensor `input` of the arithmetic
    // functions it lists (should_allow_numbers_as_tensors: add, sub, mul, div and their aliases),
    // as a wrapped-number 0-dim tensor: `res = 0; res = torch.add(res, x)` (TabNet's decoder) is x.
    static const std::unordered_set<std::string> numbers_as_tensors = {
        "add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide", "floor_divide"};
    if (!is_tensor(self) && is_scalar(self) && numbers_as_tensors.count(fn)) self = wrap(tensor_or_scalar(self, fn.c_str(), "input"));
    if (!is_tensor(self))
        raise(T().TypeError, str(fn, "(): argument 'input' (position 1) must be Tensor, not ", type_name(self)));
    pos.insert(pos.begin(), self);
    Value names = new_tuple(kwn);
    CallArgs c;
    c.args = pos.data();
    c.nargs = pos.size();
    c.kwvalues = kwv.data();
    c.nkw = kwv.size();
    c.kwnames = kwn.empty() ? nullptr : names.get<Tuple>();
    if (!out.is_none()) check_out_overlap(out, pos);
    Value r;
    try {
        FunctionFormScope function_form;  // too many arguments: counted as torch.f's, input included
        r = in.call(method, c);
    } catch (PyError& e) {
        // The method's argument parser counts after self; torch.f's counts input as position 1
        // (torch.add(t, 'a'): "argument 'other' (position 2)").
        auto* x = e.exc.as<ExceptionObj>();
        auto* args = x && isinstance(e.exc, T().TypeError) ? x->args.as<Tuple>() : nullptr;
        if (args && args->items.size() == 1 && args->items[0].is(Kind::Str)) {
            const std::string msg = str_of(args->items[0]);
            const std::string lead = fn + "(): argument '";
            size_t p = msg.rfind(lead, 0) == 0 ? msg.find("' (position ", lead.size()) : std::string::npos;
            if (p != std::string::npos) {
                size_t num = p + 12, end = msg.find(')', num);
                if (end != std::string::npos && end > num && msg.find_first_not_of("0123456789", num) == end) {
                    std::string fixed = msg.substr(0, num) + std::to_string(std::stoll(msg.substr(num, end - num)) + 1) +
                                        msg.substr(end);
                    x->args = new_tuple({new_str(fixed)});
                }
            }
        }
        throw;
    }
    return out.is_none() ? r : write_out(in, out, r, fn);
}

void forward(ModuleObj& m, const char* name, const char* method_name = nullptr) {
    const Value* method = T().tensor->dict.find(method_name ? method_name : name);
    if (!method) return;  // not bound as a method (yet): leave torch.<name> undefined
    Value meth = *method;
    std::string fn = name;
    def_raw(m, name, [fn, meth](Interpreter& in, const CallArgs& a) { return call_as_method(in, fn, meth, a); });
}

// ---- grad mode: no_grad / enable_grad / set_grad_enabled / inference_mode ---------------------------------
// Context managers (restoring the previous mode on exit, exception or not) and decorators: calling one
// with a function returns a wrapper that runs it under the mode.

struct GradModeObj : NativeObj {
    GradModeObj(Type* t, bool m) : NativeObj(t), mode(m) {}
    bool mode;
    std::vector<bool> saved;           // previous modes, one per active `with`
    bool prev_at_construction = true;  // set_grad_enabled changes the mode when called
    int inference = -1;                // inference_mode objects: 1 (mode=True) or 0; -1 for the others
    std::vector<bool> saved_inference;
};

// Whether an inference_mode block (or function decorated with it) is running: what
// torch.is_inference_mode_enabled() reports, and what makes the tensors allocated meanwhile
// inference tensors (tensor/storage_flags.h keeps the flag).

struct InferenceGuard {
    explicit InferenceGuard(int inference) : active(inference >= 0), prev(inference_mode_flag()) {
        if (active) inference_mode_flag() = inference == 1;
    }
    ~InferenceGuard() {
        if (active) inference_mode_flag() = prev;
    }
    bool active, prev;
};

Type *g_no_grad, *g_enable_grad, *g_set_grad_enabled, *g_inference_mode;

Value decorate(Interpreter& in, const Value& fn, bool mode, int inference = -1) {
    Value name = getattr_or_null(in, fn, "__name__");
    std::string n = name.is(Kind::Str) ? str_of(name) : "decorated";
    // A generator function's body runs at each next()/send(), after the call has returned: PyTorch
    // (torch.utils._contextlib._wrap_generator) holds the mode around each step instead, through
    // a wrapper generator (engine/stdlib/torch/utils/_contextlib.py).
    const Function* f = fn.as<Function>();
    if (!f)
        if (auto* m = fn.as<BoundMethod>()) f = m->func.as<Function>();
    if (f && f->code && (f->code->code->flags & bytecode::CO_GENERATOR)) {
        return new_builtin(n, [fn, mode, inference](Interpreter& in, const CallArgs& a) {
            Value gen = in.call(fn, a);
            Value factory = new_builtin("grad_mode", [mode, inference](Interpreter&, const CallArgs&) {
                auto g = make<GradModeObj>(inference == 1 ? g_inference_mode : mode ? g_enable_grad : g_no_grad, mode);
                g->inference = inference;
                return Value(g.get());
            });
            Value wrap = *in.import_module("torch.utils._contextlib")->dict.find("_kiln_wrap_generator");
            return in.call(wrap, {factory, gen});
        });
    }
    return new_builtin(n, [fn, mode, inference](Interpreter& in, const CallArgs& a) {
        autograd::GradModeGuard g(mode);
        InferenceGuard ig(inference);
        return in.call(fn, a);
    });
}

bool is_function(const Value& v) { return v.is(Kind::Function) || v.is(Kind::Builtin) || v.is(Kind::BoundMethod); }

Type* grad_mode_type(const char* name, bool set_now) {
    Type* t = make_builtin_type(name, T().object, Kind::Native, "torch.autograd.grad_mode");
    t->native_dict = true;  // Python classes in PyTorch (torch/autograd/grad_mode.py)
    def_method(t, "__enter__", [set_now](Interpreter&, const CallArgs& a) {
        auto* g = native_cast<GradModeObj>(a.args[0]);
        g->saved.push_back(set_now ? g->prev_at_construction : autograd::grad_enabled());
        autograd::set_grad_enabled(g->mode);
        if (g->inference >= 0) {
            g->saved_inference.push_back(inference_mode_flag());
            inference_mode_flag() = g->inference == 1;
        }
        return Value::none();
    });
    def_method(t, "__exit__", [](Interpreter&, const CallArgs& a) {
        auto* g = native_cast<GradModeObj>(a.args[0]);
        if (!g->saved.empty()) {
            autograd::set_grad_enabled(g->saved.back());
            g->saved.pop_back();
        }
        if (!g->saved_inference.empty()) {
            inference_mode_flag() = g->saved_inference.back();
            g->saved_inference.pop_back();
        }
        return Value::boolean(false);
    });
    def_method(t, "__call__", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, "a grad-mode decorator takes one function");
        auto* g = native_cast<GradModeObj>(a.args[0]);
        return decorate(in, a.args[1], g->mode, g->inference);
    });
    def_method(t, "clone", [](Interpreter&, const CallArgs& a) {
        auto* g = native_cast<GradModeObj>(a.args[0]);
        auto c = make<GradModeObj>(g->type, g->mode);
        c->inference = g->inference;
        return Value(c.get());
    });
    return t;
}

void register_grad_mode_types() {
    g_no_grad = grad_mode_type("no_grad", false);
    g_no_grad->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 1 && !a.nkw && is_function(a.args[0])) return decorate(in, a.args[0], false);  // @torch.no_grad
        if (a.nargs || a.nkw) raise(T().TypeError, "no_grad.__init__() takes 1 positional argument");
        return Value(make<GradModeObj>(g_no_grad, false).get());
    };
    g_enable_grad = grad_mode_type("enable_grad", false);
    g_enable_grad->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 1 && !a.nkw && is_function(a.args[0])) return decorate(in, a.args[0], true);
        if (a.nargs || a.nkw) raise(T().TypeError, "enable_grad.__init__() takes 1 positional argument");
        return Value(make<GradModeObj>(g_enable_grad, true).get());
    };
    // set_grad_enabled(mode) takes effect when called (it is also usable as a plain function).
    g_set_grad_enabled = grad_mode_type("set_grad_enabled", true);
    g_set_grad_enabled->construct = [](Interpreter&, const CallArgs& a) {
        static const Signature sig("set_grad_enabled(mode)");
        auto v = sig.bind(a);
        if (!v[0].is_bool())
            // grad_mode.py's __init__ hands `mode` to torch._C._set_grad_enabled, whose PythonArgParser
            // signature is set_grad_enabled(bool enabled)
            raise(T().TypeError, "set_grad_enabled(): argument 'enabled' (position 1) must be bool, not " + type_name(v[0]));
        auto g = make<GradModeObj>(g_set_grad_enabled, v[0].as_bool());
        g->prev_at_construction = autograd::grad_enabled();
        autograd::set_grad_enabled(g->mode);
        return Value(g.get());
    };
    // inference_mode: no_grad (mode=True) / enable_grad for autograd, and the flag that makes the
    // tensors allocated meanwhile inference tensors (Tensor.is_inference()).
    g_inference_mode = grad_mode_type("inference_mode", false);
    g_inference_mode->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 1 && !a.nkw && is_function(a.args[0])) return decorate(in, a.args[0], false, 1);
        static const Signature sig("inference_mode(mode=True)");
        auto v = sig.bind(a);
        bool on = truthy_arg(v[0]);
        auto g = make<GradModeObj>(g_inference_mode, !on);
        g->inference = on ? 1 : 0;
        return Value(g.get());
    };
}

// ---- anomaly mode: torch.autograd.set_detect_anomaly / detect_anomaly (autograd/anomaly.h) ----------------
// set_detect_anomaly(mode, check_nan=True) switches when made (it is also a context manager that
// restores the previous setting); detect_anomaly(check_nan=True) warns when made and switches on for
// its `with` block.
struct AnomalyObj : NativeObj {
    AnomalyObj(Type* t, bool m, bool nan) : NativeObj(t), mode(m), check_nan(nan) {}
    bool mode, check_nan;
    autograd::AnomalyMode prev;
    std::vector<autograd::AnomalyMode> saved;  // one per active `with`
};

Type* anomaly_type(const char* name, bool set_now) {
    Type* t = make_builtin_type(name, T().object, Kind::Native, "torch.autograd.anomaly_mode");
    t->native_dict = true;  // Python classes in PyTorch (torch/autograd/anomaly_mode.py)
    def_method(t, "__enter__", [set_now](Interpreter&, const CallArgs& a) {
        auto* o = native_cast<AnomalyObj>(a.args[0]);
        o->saved.push_back(set_now ? o->prev : autograd::anomaly_mode());
        autograd::anomaly_mode() = {o->mode, o->check_nan};
        return Value::none();
    });
    def_method(t, "__exit__", [](Interpreter&, const CallArgs& a) {
        auto* o = native_cast<AnomalyObj>(a.args[0]);
        if (!o->saved.empty()) {
            autograd::anomaly_mode() = o->saved.back();
            o->saved.pop_back();
        }
        return Value::boolean(false);
    });
    return t;
}

void add_anomaly_mode(ModuleObj& m) {
    static Type* set_type = [] {
        Type* t = anomaly_type("set_detect_anomaly", true);
        t->construct = [t](Interpreter&, const CallArgs& a) {
            static const Signature sig("set_detect_anomaly(mode, check_nan=True)");
            auto v = sig.bind(a);
            auto o = make<AnomalyObj>(t, truthy_arg(v[0]),
                                      truthy_arg(v[1]));
            o->prev = autograd::anomaly_mode();
            autograd::anomaly_mode() = {o->mode, o->check_nan};
            return Value(o.get());
        };
        return t;
    }();
    static Type* detect_type = [] {
        Type* t = anomaly_type("detect_anomaly", false);
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            static const Signature sig("detect_anomaly(check_nan=True)");
            auto v = sig.bind(a);
            emit_warning(in,
                         new_str("Anomaly Detection has been enabled. This mode will increase the runtime and should "
                                 "only be enabled for debugging."),
                         T().UserWarning, 2);
            return Value(make<AnomalyObj>(t, true, truthy_arg(v[0])).get());
        };
        return t;
    }();
    m.dict.set("set_detect_anomaly", Value(set_type));
    m.dict.set("detect_anomaly", Value(detect_type));
}

void add_grad_mode(ModuleObj& m) {
    // torch.is_anomaly_enabled / is_anomaly_check_nan_enabled; the switches live in torch.autograd
    def(m, "is_anomaly_enabled()", [](Interpreter&, Args&) { return Value::boolean(autograd::anomaly_mode().enabled); });
    def(m, "is_anomaly_check_nan_enabled()",
        [](Interpreter&, Args&) { return Value::boolean(autograd::anomaly_mode().check_nan); });
    if (m.name == "torch.autograd") add_anomaly_mode(m);
    m.dict.set("no_grad", Value(g_no_grad));
    m.dict.set("enable_grad", Value(g_enable_grad));
    m.dict.set("set_grad_enabled", Value(g_set_grad_enabled));
    m.dict.set("inference_mode", Value(g_inference_mode));
    def(m, "is_grad_enabled()", [](Interpreter&, Args&) { return Value::boolean(autograd::grad_enabled()); });
    def(m, "is_inference_mode_enabled()", [](Interpreter&, Args&) { return Value::boolean(inference_mode_flag()); });
}

// ---- factories -------------------------------------------------------------------------------------------------

TensorOptions options(const Value& dtype, const Value& device, const Value& requires_grad, const char* fn) {
    TensorOptions o = to_options(dtype, device, requires_grad, fn);
    if (is_none(device) || device.is_null()) o.device = default_device();  // torch.set_default_device
    if (o.requires_grad && o.dtype && !dtype_is_floating(*o.dtype) && !dtype_is_complex(*o.dtype))
        raise(T().RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
    return o;
}

// requires_grad for the factories that take no TensorOptions.
Tensor finish(Tensor t, const Value& requires_grad, const char* fn) {
    if (!is_none(requires_grad) && to_bool(requires_grad, fn, "requires_grad")) {
        if (!t.is_floating_point() && !t.is_complex())
            raise(T().RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
        t.requires_grad_(true);
    }
    return t;
}

// Shape of zeros(2, 3) / zeros((2, 3)) / zeros(size=(2, 3)).
Shape size_args(const Value& varargs, const Value& size_kw, const char* fn) {
    const auto& items = varargs.get<Tuple>()->items;
    if (!is_none(size_kw)) {
        if (!items.empty()) raise(T().TypeError, str(fn, "() got multiple values for argument 'size'"));
        return to_shape(size_kw, fn);
    }
    return shape_from_varargs(items, fn);
}

// A factory's result moved to its device= argument (None: where it is).
Tensor place(Tensor t, const Value& device, const char* fn) {
    if (is_none(device)) return t;
    return kiln::to_device(t, to_device(device, fn));
}
// The same for a factory of new data (torch.tensor, as_tensor of a list): None is the default device.
Tensor place_new(Tensor t, const Value& device, const char* fn) {
    if (is_none(device)) return default_device() == Device::CPU ? t : kiln::to_device(t, default_device());
    return place(std::move(t), device, fn);
}

void register_factories(ModuleObj& m) {
    // torch.set_default_device / get_default_device: the device of factories called without device=
    // (PyTorch's device context). The CPU and the meta device; CUDA tensors are made with device=.
    def(m, "set_default_device(device)", [](Interpreter& in, Args& v) {
        const Device d = is_none(v[0]) ? Device::CPU : to_device(v[0], "set_default_device");
        if (d == Device::CUDA) {
            if (!cuda::is_available())  // PyTorch's error for a build or machine without CUDA
                in.call(getattr(in, Value(in.import_module("torch.cuda").get()), "current_device"), std::vector<Value>{});
            raise(T().NotImplementedError, "torch.set_default_device('cuda') is not supported in Kiln: tensors are made "
                                           "on the CPU unless a device= is given");
        }
        set_default_device(d);
        return Value::none();
    });
    def(m, "get_default_device()", [](Interpreter&, Args&) { return device_value(default_device()); });
    def(m, "tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)",
        [](Interpreter& in, Args& v) {
            std::optional<DType> dt = to_opt_dtype(v[1], "tensor");
            Tensor t;
            if (is_tensor(v[0]))
                t = to_dtype(clone(to_tensor(v[0]).detach()), dt.value_or(to_tensor(v[0]).dtype()));
            else
                t = tensor_from_data(in, v[0], dt, "tensor");
            return wrap(finish(place_new(t, v[2], "tensor"), v[3], "tensor"));
        });
    def(m, "as_tensor(data, dtype=None, device=None)", [](Interpreter& in, Args& v) {
        std::optional<DType> dt = to_opt_dtype(v[1], "as_tensor");
        if (is_tensor(v[0]))
            return wrap(place(to_dtype(to_tensor(v[0]), dt.value_or(to_tensor(v[0]).dtype())), v[2], "as_tensor"));
        if (is_ndarray(v[0])) {  // shares the array's memory when no conversion is needed, as torch.from_numpy
            Tensor t = to_tensor(in.call(*in.import_module("torch")->dict.find("from_numpy"), {v[0]}));
            return wrap(place(to_dtype(t, dt.value_or(t.dtype())), v[2], "as_tensor"));
        }
        return wrap(place_new(tensor_from_data(in, v[0], dt, "as_tensor"), v[2], "as_tensor"));
    });
    def(m, "scalar_tensor(s, *, dtype=None, device=None, requires_grad=False)", [](Interpreter&, Args& v) {
        Tensor t = scalar_tensor(to_scalar(v[0], "scalar_tensor", "s"),
                                 to_opt_dtype(v[1], "scalar_tensor").value_or(default_float_dtype()));
        return wrap(finish(place_new(t, v[2], "scalar_tensor"), v[3], "scalar_tensor"));
    });
    def(m, "from_numpy(ndarray)", [](Interpreter& in, Args& v) -> Value {
        // A tensor over the array's storage: writes through either are seen by the other.
        if (!is_ndarray(v[0])) {
            // an object array (numpy/_objects.py's ndarray) is an ndarray still: tensor_from_numpy's dtype refusal
            const Type* ty = type_of(v[0]);
            if (ty->name == "ndarray" && ty->module == "numpy")
                raise(T().TypeError, "can't convert np.ndarray of type numpy.object_. The only supported types are: float64, "
                                     "float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, "
                                     "uint16, uint8, and bool.");
            raise(T().TypeError, str("expected np.ndarray (got ", type_name(v[0]), ")"));
        }
        Tensor a = ndarray_tensor(v[0]);
        // tensor_numpy.cpp's warn_numpy_not_writeable: TORCH_WARN_ONCE, once a process
        static bool warned_not_writeable = false;
        if (!ndarray_writeable(v[0]) && !warned_not_writeable) {
            warned_not_writeable = true;
            emit_warning(in,
                         new_str("The given NumPy array is not writable, and PyTorch does not support non-writable tensors. "
                                 "This means writing to this tensor will result in undefined behavior. You may want to copy "
                                 "the array to protect its data or make it writable before converting it to a tensor. This "
                                 "type of warning will be suppressed for the rest of this program. (Triggered internally at "
                                 "/pytorch/torch/csrc/utils/tensor_numpy.cpp:206.)"),
                         T().UserWarning, 1);
        }
        auto impl = std::make_shared<TensorImpl>();
        impl->storage = a.impl()->storage;
        impl->storage->resizable = false;  // the array's memory: resize_ may not grow it (PyTorch)
        impl->sizes = a.sizes();
        impl->strides = a.strides();
        impl->offset = a.storage_offset();
        impl->dtype = a.dtype();
        return wrap(Tensor(impl));
    });
    // torch.frombuffer: a 1-d tensor of the buffer's bytes read as `dtype` in the machine's (little-endian)
    // order, with PyTorch's checks and messages (torch/csrc/utils/tensor_new.cpp tensor_frombuffer);
    // torchvision's MNIST reader uses it on the idx files. PyTorch's tensor shares the buffer's memory;
    // Kiln's is a copy (bytes, the usual argument, are immutable anyway).
    def(m, "frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False)", [](Interpreter&, Args& v) -> Value {
        std::string data;
        if (!bytes_data(v[0], data)) raise(T().TypeError, "object does not implement Python buffer protocol.");
        const DType d = to_dtype(v[1], "frombuffer");
        const int64_t count = to_opt_int(v[2], "frombuffer", "count").value_or(-1), offset = to_opt_int(v[3], "frombuffer", "offset").value_or(0);
        const int64_t len = int64_t(data.size()), elsize = int64_t(dtype_size(d));
        if (len <= 0 || count == 0)
            raise(T().ValueError, str("both buffer length (", len, ") and count (", count, ") must not be 0"));
        if (offset < 0 || offset >= len)
            raise(T().ValueError, str("offset (", offset, " bytes) must be non-negative and no greater than buffer length (",
                                      len, " bytes) minus 1"));
        if (count <= 0 && (len - offset) % elsize != 0)
            raise(T().ValueError, str("buffer length (", len - offset, " bytes) after offset (", offset,
                                      " bytes) must be a multiple of element size (", elsize, ")"));
        const int64_t n = count < 0 ? (len - offset) / elsize : count;
        if (offset + n * elsize > len)
            raise(T().ValueError, str("requested buffer length (", n, " * ", elsize, " bytes) after offset (", offset,
                                      " bytes) must not be greater than actual buffer length (", len, " bytes)"));
        Tensor t = Tensor::empty({n}, d);
        if (n > 0) std::memcpy(t.raw_data(), data.data() + offset, size_t(n * elsize));
        return wrap(finish(t, v[4], "frombuffer"));
    });
    struct Fill {
        const char* name;
        int kind;  // 0 zeros, 1 ones, 2 empty, 3 rand, 4 randn
    };
    for (Fill f : {Fill{"zeros", 0}, Fill{"ones", 1}, Fill{"empty", 2}, Fill{"rand", 3}, Fill{"randn", 4}}) {
        int kind = f.kind;
        std::string name = f.name;
        std::string spec = name +
                           "(*sizes, size=None, generator=None, out=None, dtype=None, layout=None, device=None, "
                           "pin_memory=False, requires_grad=False, memory_format=None)";
        def(m, spec.c_str(), [kind, name](Interpreter&, Args& v) {
            Shape s = size_args(v[0], v[1], name.c_str());
            TensorOptions o = options(v[4], v[6], v[8], name.c_str());
            GeneratorScope gen(to_generator(v[2], name.c_str()));
            switch (kind) {
                case 0:
                    return wrap(zeros(s, o));
                case 1:
                    return wrap(ones(s, o));
                case 2:
                    return wrap(empty(s, o));
                case 3:
                    return wrap(rand(s, o));
                default:
                    return wrap(randn(s, o));
            }
        });
    }
    // torch.empty_strided: uninitialized memory with the given strides, a tensor of its own (not a
    // view): its storage holds exactly the elements the strides reach (ATen's computeStorageNbytes).
    def(m,
        "empty_strided(size, stride, *, dtype=None, layout=None, device=None, pin_memory=False, "
        "requires_grad=False)",
        [](Interpreter&, Args& v) {
            const Shape size = to_shape(v[0], "empty_strided", "size");
            const Shape stride = to_shape(v[1], "empty_strided", "stride");
            if (size.size() != stride.size())
                raise(T().RuntimeError, str("dimensionality of sizes (", size.size(),
                                            ") must match dimensionality of strides (", stride.size(), ")"));
            for (int64_t d : size)
                if (d < 0)
                    raise(T().RuntimeError,
                          str("Trying to create tensor with negative dimension ", d, ": ", shape_str(size)));
            // computeStorageNbytes in c10's uint64 arithmetic: a negative stride over more than one
            // element, or a span that overflows, is its error, never a storage smaller than the
            // strides reach (which every later write would overrun)
            uint64_t n = 1;
            bool overflowed = false;
            for (size_t i = 0; i < size.size(); ++i) {
                if (size[i] == 0) {
                    n = 0;
                    break;
                }
                uint64_t step = 0;
                overflowed |= __builtin_mul_overflow(uint64_t(stride[i]), uint64_t(size[i] - 1), &step);
                overflowed |= __builtin_add_overflow(n, step, &n);
            }
            if (overflowed || n > uint64_t(INT64_MAX))
                raise(T().RuntimeError, str("Storage size calculation overflowed with sizes=", shape_str(size),
                                            " and strides=", shape_str(stride)));
            const TensorOptions o = options(v[2], v[4], v[6], "empty_strided");
            Tensor t = empty({int64_t(n)}, {o.dtype, o.device, false});
            t.impl()->sizes = size;
            t.impl()->strides = stride;
            if (o.requires_grad) t.requires_grad_(true);
            return wrap(t);
        });
    def(m,
        "poisson(input, generator=None)",
        [](Interpreter&, Args& v) {
            const Tensor& rates = to_tensor(v[0], "poisson", "input");
            GeneratorScope gen(to_generator(v[1], "poisson"));
            return wrap(poisson(rates));
        });
    def(m, "binomial(count, prob, generator=None)", [](Interpreter&, Args& v) {
        const Tensor& count = to_tensor(v[0], "binomial", "count");
        const Tensor& prob = to_tensor(v[1], "binomial", "prob");
        GeneratorScope gen(to_generator(v[2], "binomial"));
        return wrap(binomial(count, prob));
    });
    def(m,
        "full(size, fill_value=None, *, out=None, dtype=None, layout=None, device=None, pin_memory=False, "
        "requires_grad=False)",
        [](Interpreter&, Args& v) {
            // full has two signatures (names= and out=): with no fill value, or None, neither takes the
            // call and the parser lists both (PyTorch 2.11's text)
            if (is_none(v[1])) {
                std::string got;
                if (const NativeCall* c = t_native_call; c && c->args) {
                    auto tname = [](const Value& x) {
                        const Type* t = type_of(x);
                        return t->name != "Tensor" && t->module.rfind("torch", 0) == 0 ? "torch." + t->name : t->name;
                    };
                    for (size_t i = 0; i < c->args->nargs; ++i) got += (i ? ", " : "") + tname(c->args->args[i]);
                    for (size_t k = 0; k < c->args->nkw; ++k)
                        got += (c->args->nargs ? ", " : "") + c->args->kwname(k) + "=" + tname(c->args->kwvalues[k]) +
                               (c->args->nargs ? "" : ", ");
                }
                const char* tail = "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                                   "bool pin_memory = False, bool requires_grad = False)\n";
                raise(T().TypeError, str("full() received an invalid combination of arguments - got (", got,
                                         "), but expected one of:\n * (tuple of ints size, Number fill_value, *, tuple of "
                                         "names names, ", tail, " * (tuple of ints size, Number fill_value, *, Tensor out = None, ", tail));
            }
            return wrap(
                full(to_shape(v[0], "full"), to_scalar(v[1], "full", "fill_value"), options(v[3], v[5], v[7], "full")));
        });
    struct Like {
        const char* name;
        int kind;  // 0 zeros, 1 ones, 2 empty, 3 rand, 4 randn
    };
    for (Like f : {Like{"zeros_like", 0}, Like{"ones_like", 1}, Like{"empty_like", 2}, Like{"rand_like", 3},
                   Like{"randn_like", 4}}) {
        int kind = f.kind;
        std::string name = f.name;
        std::string spec =
            name + "(input, *, dtype=None, layout=None, device=None, requires_grad=False, memory_format=None, "
                   "pin_memory=False)";
        def(m, spec.c_str(), [kind, name](Interpreter& in, Args& v) {
            const char* fn = name.c_str();
            const Tensor& x = to_tensor(v[0], fn, "input");
            std::optional<DType> dt = to_opt_dtype(v[1], fn);
            // memory_format=None is preserve_format: a dense input's strides carry over, and the random
            // ones draw in that layout's memory order (empty_like(input).uniform_() in ATen). Made where it
            // is asked for (never copied there: a meta input has no values to copy).
            const Device dev = is_none(v[3]) ? x.device() : to_device(v[3], fn);
            Tensor r = like_layout(in, x, dt.value_or(x.dtype()), dev, v[5], fn);
            switch (kind) {
                case 0:
                    zero_(r);
                    break;
                case 1:
                    fill_(r, Scalar(int64_t(1)));
                    break;
                case 2:
                    break;
                case 3:
                    uniform_(r, 0.0, 1.0);
                    break;
                default:
                    normal_(r, 0.0, 1.0);
                    break;
            }
            return wrap(finish(r, v[4], fn));
        });
    }
    def(m,
        "full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False, "
        "memory_format=None, pin_memory=False)",
        [](Interpreter& in, Args& v) {
            const Tensor& x = to_tensor(v[0], "full_like", "input");
            const Scalar value = to_scalar(v[1], "full_like", "fill_value");
            const std::optional<DType> dt = to_opt_dtype(v[2], "full_like");
            const Device dev = is_none(v[4]) ? x.device() : to_device(v[4], "full_like");
            Tensor r = like_layout(in, x, dt.value_or(x.dtype()), dev, v[6], "full_like");
            fill_(r, value);
            return wrap(finish(r, v[5], "full_like"));
        });
    // arange(end) / arange(start, end, step=1), with dtype inferred from the numbers.
    def(m,
        "arange(*args, start=None, end=None, step=None, out=None, dtype=None, layout=None, device=None, "
        "pin_memory=False, "
        "requires_grad=False)",
        [](Interpreter&, Args& v) {
            const auto& pos = v[0].get<Tuple>()->items;
            std::optional<Value> start, end, step;
            if (pos.size() == 1)
                end = pos[0];
            else if (pos.size() >= 2) {
                start = pos[0];
                end = pos[1];
                if (pos.size() >= 3) step = pos[2];
                if (pos.size() > 3) raise(T().TypeError, "arange() takes at most 3 positional arguments");
            }
            if (!is_none(v[1])) start = v[1];
            if (!is_none(v[2])) end = v[2];
            if (!is_none(v[3])) step = v[3];
            if (!end) raise(T().TypeError, "arange() missing required argument 'end' (pos 1)");
            TensorOptions o = options(v[5], v[7], v[9], "arange");
            Scalar s0 = start ? to_scalar(*start, "arange", "start") : Scalar(int64_t(0));
            Scalar s2 = step ? to_scalar(*step, "arange", "step") : Scalar(int64_t(1));
            return wrap(arange(s0, to_scalar(*end, "arange", "end"), s2, o));
        });
    def(m,
        "linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None, pin_memory=False, "
        "requires_grad=False)",
        [](Interpreter&, Args& v) {
            return wrap(linspace(to_float(v[0], "linspace", "start"), to_float(v[1], "linspace", "end"),
                                 to_dim(v[2], "linspace", "steps"), options(v[4], v[6], v[8], "linspace")));
        });
    def(m, "eye(n, m=None, *, out=None, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False)",
        [](Interpreter&, Args& v) {
            return wrap(eye(to_dim(v[0], "eye", "n"), to_opt_int(v[1], "eye", "m"), options(v[3], v[5], v[7], "eye")));
        });
    // randint(high, size) / randint(low, high, size).
    def(m,
        "randint(*args, low=None, high=None, size=None, generator=None, out=None, dtype=None, layout=None, "
        "device=None, "
        "pin_memory=False, requires_grad=False)",
        [](Interpreter&, Args& v) {
            const auto& pos = v[0].get<Tuple>()->items;
            Value low = Value::integer(0), high, size;
            if (pos.size() == 1)
                high = pos[0];
            else if (pos.size() == 2) {
                if (is_none(v[3])) {
                    high = pos[0];
                    size = pos[1];
                } else {
                    low = pos[0];
                    high = pos[1];
                }
            } else if (pos.size() == 3) {
                low = pos[0];
                high = pos[1];
                size = pos[2];
            } else if (pos.size() > 3) {
                raise(T().TypeError, "randint() takes at most 3 positional arguments");
            }
            if (!is_none(v[1])) low = v[1];
            if (!is_none(v[2])) high = v[2];
            if (!is_none(v[3])) size = v[3];
            if (high.is_null() || size.is_null())
                raise(T().TypeError, "randint() missing required arguments 'high' and 'size'");
            // low and high are ints in every overload: anything else matches none of them
            auto int_like = [](const Value& x) {
                auto* t = x.as<TensorObj>();
                return is_index(x) || is_big(x) || (t && t->tensor.numel() == 1 && !t->tensor.is_floating_point());
            };
            if (!int_like(low) || !int_like(high)) {
                std::string got;
                for (const Value& x : pos) got += (got.empty() ? "" : ", ") + type_name(x);
                raise(T().TypeError, str("randint() received an invalid combination of arguments - got (", got,
                                         "), but expected one of:\n"
                                         " * (int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, "
                                         "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                                         "bool pin_memory = False, bool requires_grad = False)\n"
                                         " * (int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, "
                                         "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                                         "bool pin_memory = False, bool requires_grad = False)\n"));
            }
            TensorOptions o = options(v[6], v[8], v[10], "randint");
            if (!o.dtype) o.dtype = DType::Int64;
            GeneratorScope gen(to_generator(v[4], "randint"));
            return wrap(
                randint(to_dim(low, "randint", "low"), to_dim(high, "randint", "high"), to_shape(size, "randint"), o));
        });
    // randint_like(input, high) / randint_like(input, low, high): PyTorch draws as randint does
    // (empty_like(input).random_(low, high)), in input's dtype unless dtype is given.
    def(m,
        "randint_like(input, *args, low=None, high=None, dtype=None, layout=None, device=None, requires_grad=False, "
        "memory_format=None, pin_memory=False)",
        [](Interpreter&, Args& v) {
            const Tensor& x = to_tensor(v[0], "randint_like", "input");
            const auto& pos = v[1].get<Tuple>()->items;
            Value low = Value::integer(0), high;
            if (pos.size() == 1) high = pos[0];
            else if (pos.size() == 2) {
                low = pos[0];
                high = pos[1];
            } else if (pos.size() > 2) {
                raise(T().TypeError, "randint_like() takes at most 3 positional arguments");
            }
            if (!is_none(v[2])) low = v[2];
            if (!is_none(v[3])) high = v[3];
            if (high.is_null()) raise(T().TypeError, "randint_like() missing required argument 'high'");
            TensorOptions o = options(v[4], v[6], Value::boolean(false), "randint_like");
            if (!o.dtype) o.dtype = x.dtype();
            if (is_none(v[6])) o.device = x.device();  // a *_like's device is its input's
            Tensor r = randint(to_dim(low, "randint_like", "low"), to_dim(high, "randint_like", "high"), x.sizes(), o);
            return wrap(finish(r, v[7], "randint_like"));
        });
    def(m,
        "randperm(n, *, generator=None, out=None, dtype=None, layout=None, device=None, pin_memory=False, "
        "requires_grad=False)",
        [](Interpreter&, Args& v) {
            GeneratorScope gen(to_generator(v[1], "randperm"));
            Tensor r = randperm(to_dim(v[0], "randperm", "n"));
            if (auto dt = to_opt_dtype(v[3], "randperm")) r = to_dtype(r, *dt);
            return wrap(finish(r, v[7], "randperm"));
        });
    def(m,
        "normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, layout=None, device=None, "
        "pin_memory=False, requires_grad=False)",
        [](Interpreter&, Args& v) {
            if (is_tensor(v[0]) || is_tensor(v[1])) {
                // ATen's normal_out_impl: N(0, 1) (or N(0, std) for a float std) in the broadcast shape,
                // then * std + mean, so the draws are those of one normal_ fill
                GeneratorScope gen(to_generator(v[3], "normal"));
                if (is_tensor(v[0]) && !is_tensor(v[1])) {
                    Tensor r = contiguous(empty_like(to_tensor(v[0], "normal", "mean")));
                    normal_(r, 0.0, to_float(v[1], "normal", "std"));
                    add_(r, to_tensor(v[0], "normal", "mean"));
                    return wrap(r);
                }
                const Tensor& sd = to_tensor(v[1], "normal", "std");
                // PyTorch's CHECK_NORMAL_TENSOR_STD: a negative (or NaN) std anywhere is refused
                if (sd.numel() > 0) {
                    double lo = min(sd).item().to_double();
                    if (!(lo >= 0.0)) raise(T().RuntimeError, "normal expects all elements of std >= 0.0");
                }
                Tensor r;
                if (is_tensor(v[0])) {
                    const Tensor& mean = to_tensor(v[0], "normal", "mean");
                    r = empty(broadcast_shapes(mean.sizes(), sd.sizes()), TensorOptions{mean.dtype(), mean.device()});
                    normal_(r, 0.0, 1.0);
                    mul_(r, sd);
                    add_(r, mean);
                } else {
                    r = contiguous(empty_like(sd));
                    normal_(r, 0.0, 1.0);
                    mul_(r, sd);
                    add_(r, Scalar(to_float(v[0], "normal", "mean")));
                }
                return wrap(r);
            }
            if (is_none(v[2]))
                raise(T().TypeError, "normal() received an invalid combination of arguments: a float mean and std "
                                     "need a size");
            Tensor r = empty(to_shape(v[2], "normal"), options(v[5], v[7], Value(), "normal"));
            GeneratorScope gen(to_generator(v[3], "normal"));
            normal_(r, to_float(v[0], "normal", "mean"), to_float(v[1], "normal", "std"));
            return wrap(finish(r, v[9], "normal"));
        });
}

// ---- functions over tensors that are not just methods ---------------------------------------------------------

void register_functions(ModuleObj& m) {
    for (const char* n : {"cat", "concat", "concatenate"}) {
        std::string name = n;
        def(m, (name + "(tensors, dim=0, *, out=None)").c_str(), [name](Interpreter& in, Args& v) {
            // two overloads (an int or a named dim): a non-sequence first argument matches neither, and
            // invalid_arguments.cpp lists them under the given types (the first line is what users see)
            if (!v[0].is(Kind::List) && !v[0].is(Kind::Tuple)) {
                std::string got = type_name(v[0]);
                if (!(v[1].is_int() && v[1].as_int() == 0)) got += ", " + type_name(v[1]);  // dim given
                raise(T().TypeError, str(name, "() received an invalid combination of arguments - got (", got,
                                         "), but expected one of:\n * (tuple of Tensors tensors, int dim = 0, *, Tensor out = None)\n"
                                         " * (tuple of Tensors tensors, name dim, *, Tensor out = None)\n"));
            }
            return wrap(cat(to_tensor_list(in, v[0], name.c_str()), to_dim(v[1], name.c_str())));
        });
    }
    {
        struct J {
            const char* name;
            Tensor (*fn)(const std::vector<Tensor>&);
        };
        for (J j : {J{"hstack", hstack}, J{"vstack", vstack}, J{"row_stack", vstack}, J{"dstack", dstack},
                    J{"column_stack", column_stack}}) {
            std::string name = j.name;
            auto fn = j.fn;
            def(m, (name + "(tensors, *, out=None)").c_str(), [name, fn](Interpreter& in, Args& v) {
                return wrap(fn(to_tensor_list(in, v[0], name.c_str())));
            });
        }
    }
    for (bool is_std : {true, false}) {
        std::string name = is_std ? "std_mean" : "var_mean";
        def(m, (name + "(input, dim=None, unbiased=None, keepdim=False, *, correction=None)").c_str(),
            [name, is_std](Interpreter&, Args& v) {
                const char* fn = name.c_str();
                const Tensor& x = to_tensor(v[0], fn, "input");
                Value dim = v[1], unbiased = v[2];
                if (dim.is_bool()) {
                    unbiased = dim;
                    dim = Value::none();
                }
                double correction = 1.0;
                if (!is_none(v[4])) correction = to_float(v[4], fn, "correction");
                else if (!is_none(unbiased)) correction = to_bool(unbiased, fn, "unbiased") ? 1.0 : 0.0;
                std::vector<int64_t> dims = is_none(dim) ? std::vector<int64_t>{}
                                            : is_index(dim) ? std::vector<int64_t>{to_dim(dim, fn)}
                                                            : to_int_list(dim, fn, "dim");
                bool keepdim = to_bool(v[3], fn, "keepdim");
                Tensor a = is_std ? std_dev(x, dims, correction, keepdim) : var(x, dims, correction, keepdim);
                return wrap_tuple({a, mean(x, dims, keepdim)});
            });
    }
    // torch.ctc_loss: lengths as int lists or integral tensors; reduction as torch.nn._reduction's enum.
    def(m, "ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=1, zero_infinity=False)",
        [](Interpreter&, Args& v) {
            const char* fn = "ctc_loss";
            auto lengths = [&](const Value& x, const char* name) {
                if (is_tensor(x)) {
                    const Tensor& t = to_tensor(x, fn, name);
                    if (t.is_floating_point() || t.dtype() == DType::Bool)
                        raise(types().RuntimeError, str(name, " must be integral"));
                    return t.to_int_vector();
                }
                return to_int_list(x, fn, name);
            };
            static const char* const reductions[] = {"none", "mean", "sum"};
            int64_t r = to_int(v[5], "reduction");
            if (r < 0 || r > 2) raise(types().ValueError, str(r, " is not a valid value for reduction"));
            // In ATen's order: the input lengths are checked before the target lengths.
            std::vector<int64_t> il = lengths(v[2], "input_lengths");
            std::vector<int64_t> tl = lengths(v[3], "target_lengths");
            return wrap(ctc_loss(to_tensor(v[0], fn, "log_probs"), to_tensor(v[1], fn, "targets"), il, tl,
                                 to_int(v[4], "blank"), reductions[r], to_bool(v[6], fn, "zero_infinity")));
        });
    // torch._kiln_jit_cache_dir(dir): the JITs' cache folder from now on ('' gives back $KILN_CACHE_DIR or
    // the default); returns the override it replaces ('' for none), for restoring.
    // torch._inductor.utils.fresh_inductor_cache uses it.
    def(m, "_kiln_jit_cache_dir(dir)", [](Interpreter&, Args& v) {
        if (!v[0].is(Kind::Str)) raise(T().TypeError, "_kiln_jit_cache_dir(): argument 'dir' must be str");
        return new_str(backends::set_jit_cache_dir_override(str_of(v[0])));
    });
    // torch._kiln_lstm_layer: one LSTM layer's recurrence as one op (ops/rnn.cpp), which nn.LSTM runs on
    // CUDA where PyTorch runs cuDNN's RNN (engine/stdlib/torch/nn/modules/rnn.py).
    def(m, "_kiln_lstm_layer(xw, h0, c0, w_hh, b_hh, reverse)", [](Interpreter&, Args& v) {
        const char* fn = "_kiln_lstm_layer";
        Tensor b = is_none(v[4]) ? Tensor() : to_tensor(v[4], fn, "b_hh");
        auto [out, h, c] = lstm_layer(to_tensor(v[0], fn, "xw"), to_tensor(v[1], fn, "h0"), to_tensor(v[2], fn, "c0"),
                                      to_tensor(v[3], fn, "w_hh"), b, to_bool(v[5], fn, "reverse"));
        return wrap_tuple({out, h, c});
    });
    // torch.embedding_renorm_: F.embedding(_bag)'s max_norm (rows read renormalized in place).
    def(m, "embedding_renorm_(input, indices, max_norm, norm_type)", [](Interpreter&, Args& v) {
        const char* fn = "embedding_renorm_";
        Tensor w = to_tensor(v[0], fn, "input");
        nn::embedding_renorm_(w, to_tensor(v[1], fn, "indices"), to_float(v[2], fn, "max_norm"),
                              to_float(v[3], fn, "norm_type"));
        return v[0];
    });
    // torch.embedding_bag: ATen's op with its four outputs (F.embedding_bag keeps the first).
    def(m, "embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, "
           "per_sample_weights=None, include_last_offset=False, padding_idx=None)",
        [](Interpreter&, Args& v) {
            const char* fn = "embedding_bag";
            Tensor psw = is_none(v[6]) ? Tensor() : to_tensor(v[6], fn, "per_sample_weights");
            auto [out, o2b, bs, mi] =
                embedding_bag(to_tensor(v[0], fn, "weight"), to_tensor(v[1], fn, "indices"), to_tensor(v[2], fn, "offsets"),
                              to_bool(v[3], fn, "scale_grad_by_freq"), to_int(v[4], "mode"), to_bool(v[5], fn, "sparse"),
                              psw, to_bool(v[7], fn, "include_last_offset"), to_opt_int(v[8], fn, "padding_idx"));
            return wrap_tuple({out, o2b, bs, mi});
        });
    def(m, "dist(input, other, p=2)", [](Interpreter&, Args& v) {
        const Tensor& a = to_tensor(v[0], "dist", "input");
        return wrap(dist(a, to_tensor(v[1], "dist", "other"), to_float(v[2], "dist", "p")));
    });
    def(m, "stack(tensors, dim=0, *, out=None)", [](Interpreter& in, Args& v) {
        return wrap(stack(to_tensor_list(in, v[0], "stack"), to_dim(v[1], "stack")));
    });
    def(m, "split(tensor, split_size_or_sections, dim=0)", [](Interpreter&, Args& v) {
        const Tensor& x = to_tensor(v[0], "split", "tensor");
        int64_t dim = to_dim(v[2], "split");
        if (is_index(v[1])) return wrap_tuple(split(x, to_int(v[1], ""), dim));
        // functional.py hands over to Tensor.split: a one-element tensor is int(split_size), a chunk size
        if (auto* t = v[1].as<TensorObj>(); t && t->tensor.numel() == 1)
            return wrap_tuple(split(x, t->tensor.item().to_int(), dim));
        return wrap_tuple(split(x, to_int_list(v[1], "split", "split_size_or_sections"), dim));
    });
    def(m, "where(condition, input=None, other=None, *, out=None)", [](Interpreter& in, Args& v) {
        if (is_none(v[1]) && is_none(v[2])) {
            const Tensor& c = to_tensor(v[0], "where", "condition");
            Tensor nz = nonzero(c);
            std::vector<Tensor> cols;
            if (c.dim() == 0) cols.push_back(zeros({nz.sizes()[0]}, {DType::Int64}));
            for (int64_t j = 0; j < c.dim(); ++j) cols.push_back(contiguous(select(nz, 1, j)));
            return wrap_tuple(cols);
        }
        if (is_none(v[1]) || is_none(v[2]))
            raise(T().TypeError, "where() missing 1 required positional argument: 'other'");
        return wrap(where(where_condition(in, v[0]), tensor_or_scalar(v[1], "where", "input"),
                          tensor_or_scalar(v[2], "where", "other")));
    });
    def(m, "pow(input, exponent, *, out=None)", [](Interpreter&, Args& v) {
        if (is_scalar(v[0])) return wrap(pow(to_scalar(v[0]), to_tensor(v[1], "pow", "exponent")));
        const Tensor& x = to_tensor(v[0], "pow", "input");
        if (is_scalar(v[1])) return wrap(pow(x, to_scalar(v[1])));
        return wrap(pow(x, to_tensor(v[1], "pow", "exponent")));
    });
    def(m, "rsub(input, other, *, alpha=1)", [](Interpreter&, Args& v) {
        const Tensor& x = to_tensor(v[0], "rsub", "input");
        Scalar alpha = to_scalar(v[2], "rsub", "alpha");
        if (is_scalar(v[1]) && !alpha.is_floating() && alpha.to_int() == 1) return wrap(rsub(x, to_scalar(v[1])));
        return wrap(sub(tensor_or_scalar(v[1], "rsub"), x, alpha));
    });
    def(m, "is_tensor(obj)", [](Interpreter&, Args& v) { return Value::boolean(is_tensor(v[0])); });
    // torch.is_inference(input): Tensor.is_inference() as a function (tensor/storage_flags.h's mark).
    def(m, "is_inference(input)", [](Interpreter&, Args& v) {
        return Value::boolean(storage_has_flag(to_tensor(v[0], "is_inference", "input").impl()->storage.get(), kStorageInference));
    });
    // Complex tensors (ops/complex.cpp).
    def(m, "view_as_real(input)", [](Interpreter&, Args& v) { return wrap(view_as_real(to_tensor(v[0], "view_as_real", "input"))); });
    def(m, "view_as_complex(input)",
        [](Interpreter&, Args& v) { return wrap(view_as_complex(to_tensor(v[0], "view_as_complex", "input"))); });
    def(m, "complex(real, imag, *, out=None)", [](Interpreter&, Args& v) {
        return wrap(kiln::complex(to_tensor(v[0], "complex", "real"), to_tensor(v[1], "complex", "imag")));
    });
    def(m, "polar(abs, angle, *, out=None)", [](Interpreter&, Args& v) {
        return wrap(polar(to_tensor(v[0], "polar", "abs"), to_tensor(v[1], "polar", "angle")));
    });
    def(m, "real(input)", [](Interpreter&, Args& v) { return wrap(kiln::real(to_tensor(v[0], "real", "input"))); });
    def(m, "imag(input)", [](Interpreter&, Args& v) { return wrap(kiln::imag(to_tensor(v[0], "imag", "input"))); });
    def(m, "is_storage(obj)", [](Interpreter&, Args&) { return Value::boolean(false); });
    def(m, "broadcast_shapes(*shapes)", [](Interpreter&, Args& v) {
        Shape s;
        for (const Value& x : v[0].get<Tuple>()->items)
            s = broadcast_shapes(s, to_shape(x, "broadcast_shapes", "shapes"));
        return size_value(s);
    });
    def(m, "broadcast_tensors(*tensors)", [](Interpreter&, Args& v) {
        std::vector<Tensor> ts;
        for (const Value& x : v[0].get<Tuple>()->items) ts.push_back(to_tensor(x, "broadcast_tensors", "tensors"));
        return wrap_tuple(broadcast_tensors(ts));
    });
    // torch.X(input, ...) == input.X(...)
    for (const char* n : {"abs",
                          "absolute",
                          "neg",
                          "negative",
                          "exp",
                          "log2",
                          "log10",
                          "exp2",
                          "relu",
                          "relu_",
                          "reciprocal",
                          "trunc",
                          "fix",
                          "round",
                          "square",
                          "logical_not",
                          "isnan",
                          "isinf",
                          "isfinite",
                          "positive",
                          "clamp",
                          "clip",
                          "clamp_min",
                          "clamp_max",
                          "add",
                          "sub",
                          "subtract",
                          "mul",
                          "multiply",
                          "div",
                          "divide",
                          "true_divide",
                          "floor_divide",
                          "remainder",
                          "fmod",
                          "maximum",
                          "minimum",
                          "atan2",
                          "arctan2",
                          "eq",
                          "ne",
                          "lt",
                          "le",
                          "gt",
                          "ge",
                          "greater",
                          "greater_equal",
                          "less",
                          "less_equal",
                          "not_equal",
                          "logical_and",
                          "logical_or",
                          "logical_xor",
                          "lerp",
                          "addcmul",
                          "addcdiv",
                          "equal",
                          "allclose",
                          "isclose",
                          "sum",
                          "mean",
                          "prod",
                          "max",
                          "min",
                          "amax",
                          "amin",
                          "argmax",
                          "argmin",
                          "std",
                          "var",
                          "norm",
                          "logsumexp",
                          "softmax",
                          "log_softmax",
                          "cumsum", "cumprod", "sort", "argsort", "topk", "median", "aminmax", "nonzero", "unique", "roll", "repeat_interleave",
                          "all",
                          "any",
                          "count_nonzero",
                          "matmul",
                          "mm",
                          "bmm",
                          "dot",
                          "outer",
                          "mv",
                          "baddbmm",
                          "addmm",
                          "index_select",
                          "gather",
                          "scatter_add",
                          "index_copy",
                          "masked_select",
                          "masked_fill",
                          "reshape",
                          "flatten",
                          "unflatten",
                          "squeeze",
                          "unsqueeze",
                          "permute",
                          "transpose",
                          "swapaxes",
                          "swapdims",
                          "t",
                          "movedim",
                          "moveaxis",
                          "narrow",
                          "select",
                          "unbind",
                          "chunk",
                          "flip",
                          "tril",
                          "triu",
                          "clone",
                          "detach",
                          "numel",
                          "is_floating_point",
                          "is_complex", "is_conj", "conj", "conj_physical", "resolve_conj", "resolve_neg", "angle",
                          "as_strided",
                          "frac",
                          "logit", "nan_to_num", "bitwise_not", "hypot", "fmax", "fmin",
                          "heaviside", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
                          "bitwise_right_shift", "igamma", "igammac", "nextafter"})
        forward(m, n);
    for (const char* n : {"diagonal", "diag", "trace", "tile", "cross", "msort", "argwhere", "fliplr", "flipud", "take",
                          "take_along_dim", "ravel"})
        forward(m, n);
    // The in-place forms native_functions.yaml declares with `variants: function, method`: torch.sin_(t) is
    // t.sin_() (the "Tensors in depth" tutorial calls torch.sin_).
    for (const char* n : {"abs_", "neg_", "negative_", "exp_", "exp2_", "log2_", "log10_",
                          "reciprocal_", "trunc_", "round_", "square_", "clamp_", "clip_",
                          "clamp_min_", "clamp_max_", "frac_",
                          "logit_", "nan_to_num_", "sinc_", "fill_", "zero_", "xlogy_", "gcd_",
                          "lcm_", "ldexp_"})
        forward(m, n);
    // pointwise.def's KILN_UNARY_FN rows: torch.name and its alias, and torch.name_ where the in-place form is
    // a function too (FN_INPLACE).
    auto row = [&m](const char* name, const char* alias, UnaryApi inplace) {
        if (inplace == UnaryApi::SPECIAL) return;  // torch/special.py binds it
        std::string a = alias, n = name;
        for (const std::string& f : {n, a})
            if (f != "_") {
                forward(m, f.c_str());
                if (inplace == UnaryApi::FN_INPLACE) forward(m, (f + "_").c_str());
            }
    };
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) row(#name, #alias, UnaryApi::inplace);
#include "ops/pointwise.def"
    // torch.broadcast_to(input, size): two positional parameters, so no varargs (Tensor.broadcast_to takes them).
    def(m, "broadcast_to(input, size)", [](Interpreter&, Args& v) {
        return wrap(broadcast_to(to_tensor(v[0], "broadcast_to", "input"), to_shape(v[1], "broadcast_to")));
    });
    // torch.meshgrid(*tensors, indexing=None): a list or tuple may stand for the tensors.
    def(m, "meshgrid(*tensors, indexing=None)", [](Interpreter& in, Args& v) {
        const auto& items = v[0].get<Tuple>()->items;
        std::vector<Tensor> ts;
        if (items.size() == 1 && !is_tensor(items[0])) ts = to_tensor_list(in, items[0], "meshgrid", "tensors");
        else
            for (const Value& x : items) ts.push_back(to_tensor(x, "meshgrid", "tensors"));
        std::string indexing = "ij";
        // ATen's meshgrid(TensorList) warns with TORCH_WARN_ONCE: the first call without indexing= in
        // the process warns, later ones (from any line, under any warnings filter) do not
        static bool warned = false;
        if (is_none(v[1]) && !warned) {
            warned = true;
            emit_warning(in,
                         new_str("torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
                                 "argument."),
                         T().UserWarning, 1);
        }
        if (!is_none(v[1]))
            indexing = str_of(v[1]);
        return wrap_tuple(meshgrid(ts, indexing));
    });
    // torch.einsum(*args), torch/functional.py's: the equation and its operands (a list or tuple
    // may stand for the operands), or the sublist format einsum(op1, sublist1, op2, sublist2, ...,
    // [out_sublist]) whose subscripts are ints in [0, 52) (0-25 read as A-Z, 26-51 as a-z) or
    // Ellipsis, turned into the equation string as PyTorch does.
    // (The signature keeps PyTorch's argument names for tracing, which records equation and operands.)
    def(m, "einsum(equation, *operands)", [](Interpreter& in, Args& v) {
        std::vector<Value> args{v[0]};
        for (const Value& x : v[1].get<Tuple>()->items) args.push_back(x);
        if (args.size() < 2)
            raise(T().ValueError, "einsum(): must specify the equation string and at least one operand, or at least one "
                                  "operand and its subscripts list");
        std::string equation;
        std::vector<Tensor> ts;
        if (is_tensor(args[0])) {
            auto subscripts = [&](const Value& list) {
                std::string out;
                for (const Value& n : to_vector(in, list)) {
                    if (type_of(n) == T().ellipsis) {
                        out += "...";
                        continue;
                    }
                    if (!n.is_int() || n.is_bool())
                        raise(T().TypeError, str("'>=' not supported between instances of '", type_name(n), "' and 'int'"));
                    const int64_t k = n.as_int();
                    if (k < 0 || k >= 52)
                        raise(T().ValueError, "einsum(): subscript in subscript list is not within the valid range [0, 52)");
                    out += char(k < 26 ? 'A' + k : 'a' + (k - 26));
                }
                return out;
            };
            const size_t n_ops = args.size() / 2;  // an odd count ends with the output's sublist
            for (size_t i = 0; i < n_ops; ++i) {
                if (i) equation += ",";
                equation += subscripts(args[2 * i + 1]);
                ts.push_back(to_tensor(args[2 * i], "einsum", "operands"));
            }
            if (args.size() % 2 == 1) equation += "->" + subscripts(args.back());
            return wrap(einsum(equation, ts));
        }
        if (!args[0].is(Kind::Str)) raise(T().TypeError, str("einsum(): argument 'equation' must be str, not ", type_name(args[0])));
        if (args.size() == 2 && !is_tensor(args[1])) ts = to_tensor_list(in, args[1], "einsum", "operands", 1);
        else
            for (size_t i = 1; i < args.size(); ++i) ts.push_back(to_tensor(args[i], "einsum", "operands"));
        return wrap(einsum(str_of(args[0]), ts));
    });
    def(m, "cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary')", [](Interpreter& in, Args& v) {
        // torch/functional.py's mapping of compute_mode to ATen's integer
        const std::string mode = vm::to_str(in, v[3]);
        int64_t m = 0;
        if (mode == "use_mm_for_euclid_dist") m = 1;
        else if (mode == "donot_use_mm_for_euclid_dist") m = 2;
        else KILN_CHECK(mode == "use_mm_for_euclid_dist_if_necessary", ValueError, mode, " is not a valid value for compute_mode");
        return wrap(cdist(to_tensor(v[0], "cdist", "x1"), to_tensor(v[1], "cdist", "x2"), to_float(v[2], "cdist", "p"), m));
    });
    // torch.set_flush_denormal: the calling thread's SSE flush-to-zero and denormals-are-zero bits
    // (MXCSR), as at::cpu::set_flush_denormal sets them; True where the CPU has them, False elsewhere
    // (WebAssembly, whose floats keep their denormals).
    def(m, "set_flush_denormal(mode)", [](Interpreter&, Args& v) {
        if (!v[0].is_bool()) raise(T().RuntimeError, str("flush_denormal expects a bool, but got ", type_name(v[0])));
#if defined(__SSE__)
        const unsigned bits = 0x8040;  // FTZ (bit 15) | DAZ (bit 6)
        const unsigned csr = _mm_getcsr();
        _mm_setcsr(v[0].as_bool() ? (csr | bits) : (csr & ~bits));
        return Value::boolean(true);
#else
        return Value::boolean(false);
#endif
    });
    def(m, "get_num_threads()", [](Interpreter&, Args&) { return Value::integer(num_threads()); });
    def(m, "set_num_threads(int)", [](Interpreter&, Args& v) {
        // THPModule_setNumThreads: an int and not a bool, unpacked to 64 bits, then cast to a C int.
        if (!v[0].is_int() && !big_of(v[0]))
            raise(T().RuntimeError, str("set_num_threads expects an int, but got ", type_name(v[0])));
        if (big_of(v[0])) raise(T().RuntimeError, "Overflow when unpacking long");
        set_num_threads(int(int32_t(uint32_t(uint64_t(v[0].as_int())))));
        return Value::none();
    });
    def(m, "polygamma(n, input, *, out=None)", [](Interpreter&, Args& v) {
        return wrap(polygamma(to_dim(v[0], "polygamma", "n"), to_tensor(v[1], "polygamma", "input")));
    });
}

// ---- dtypes, defaults, seeding, printing ---------------------------------------------------------------------

void register_dtypes(ModuleObj& m) {
    for (const auto& [name, dt] : dtype_attr_names()) m.dict.set(name, dtype_value(dt));
    m.dict.set("dtype", Value(type_of(dtype_value(DType::Float32))));
    m.dict.set("device", Value(type_of(device_value(Device::CPU))));
    m.dict.set("Tensor", Value(T().tensor));
    add_legacy_tensor_types(m);
    m.dict.set("Size", Value(T().size));
    m.dict.set("Generator", Value(generator_type()));
    m.dict.set("inf", Value::number(HUGE_VAL));
    m.dict.set("nan", Value::number(std::nan("")));
    m.dict.set("pi", Value::number(3.141592653589793));
    m.dict.set("e", Value::number(2.718281828459045));
    def(m, "get_default_dtype()", [](Interpreter&, Args&) { return dtype_value(default_float_dtype()); });
    def(m, "promote_types(type1, type2)", [](Interpreter&, Args& v) {
        return dtype_value(promote_types(to_dtype(v[0], "promote_types", "type1"), to_dtype(v[1], "promote_types", "type2")));
    });
    def(m, "can_cast(from_, to)", [](Interpreter&, Args& v) {
        return Value::boolean(can_cast(to_dtype(v[0], "can_cast", "from_"), to_dtype(v[1], "can_cast", "to")));
    });
    def(m, "result_type(tensor1, tensor2)", [](Interpreter&, Args& v) {
        return dtype_value(result_type({tensor_or_scalar(v[0], "result_type", "tensor1"),
                                        tensor_or_scalar(v[1], "result_type", "tensor2")}));
    });
    // "highest" keeps float32 matrix products in float32; "high" and "medium" let cuBLAS use TF32
    // (the CPU GEMM is float32 either way, as PyTorch's).
    def(m, "set_float32_matmul_precision(precision)", [](Interpreter&, Args& v) {
        if (!v[0].is(Kind::Str))
            raise(T().TypeError, "set_float32_matmul_precision(): argument 'precision' must be str, not " + type_name(v[0]));
        std::string p = str_of(v[0]);
        if (p != "highest" && p != "high" && p != "medium")
            raise(T().RuntimeError, "Invalid precision \"" + p + "\"; expected one of 'highest', 'high', 'medium'");
        g_matmul_precision() = p;
        cuda::set_allow_tf32(p != "highest");
        return Value::none();
    });
    def(m, "get_float32_matmul_precision()", [](Interpreter&, Args&) { return new_str(g_matmul_precision()); });
    def(m, "set_default_dtype(d)", [](Interpreter&, Args& v) {
        set_default_float_dtype(to_dtype(v[0], "set_default_dtype", "d"));
        return Value::none();
    });
    def(m, "manual_seed(seed)", [](Interpreter& in, Args& v) {
        // torch.manual_seed starts with seed = int(seed) (1.5 and '7' are seeds), then the generator's check
        Value seed = v[0].is_int() || v[0].is_bool() ? v[0] : in.call(Value(T().int_), {v[0]});
        uint64_t s;
        if (const BigInt* b = big_of(seed)) {
            // THPGenerator_manualSeed's unpack_uint64: [2**63, 2**64) is taken unsigned; past it,
            // THPUtils_unpackLong's overflow
            if (b->negative() || b->bit_length() > 64) raise(T().ValueError, "Overflow when unpacking long long");
            const BigInt high = b->shr(32), low = *b - high.shl(32);
            s = (uint64_t(high.to_i64()) << 32) | uint64_t(low.to_i64());
        } else if (seed.is_int() || seed.is_bool()) {
            s = uint64_t(to_int(seed, ""));
        } else {
            raise(T().TypeError, str("manual_seed expected a long, but got ", type_name(seed)));
        }
        manual_seed(s);
        return generator_value(default_generator());
    });
    // the seed is a uint64_t (a negative manual_seed is taken modulo 2**64, as THPGenerator_manualSeed does)
    def(m, "initial_seed()", [](Interpreter&, Args&) { return int_value(BigInt::from_u64(initial_seed())); });
    add_random_functions(m);
    // torch.set_printoptions / get_printoptions: linalg_py.cpp (add_python_implemented_ops).
}

// ---- torch.autograd and torch.cuda ------------------------------------------------------------------------------

// torch.autograd's `(t,) if is_tensor_like(t) else tuple(t)`: any iterable of tensors, as MAML's
// torch.autograd.grad(loss, model.parameters()) passes a generator
std::vector<Tensor> tensor_or_list(Interpreter& in, const Value& v, const char* fn, const char* arg) {
    if (is_tensor(v)) return {to_tensor(v)};
    if (v.is(Kind::List) || v.is(Kind::Tuple)) return to_tensor_list(in, v, fn, arg);
    return to_tensor_list(in, new_tuple(to_vector(in, v)), fn, arg);
}

void autograd_module(Interpreter& in, ModuleObj& m) {
    def(m,
        "grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True, "
        "allow_unused=None, is_grads_batched=False, materialize_grads=False)",
        [](Interpreter& in, Args& v) {
            std::vector<Tensor> outs = tensor_or_list(in, v[0], "grad", "outputs");
            std::vector<Tensor> ins = tensor_or_list(in, v[1], "grad", "inputs");
            std::vector<Tensor> gouts;
            if (!is_none(v[2])) {
                if (is_tensor(v[2]))
                    gouts.push_back(to_tensor(v[2]));
                else
                    for (const Value& g : to_vector(in, v[2]))
                        gouts.push_back(is_none(g) ? Tensor() : to_tensor(g, "grad", "grad_outputs"));
            }
            bool create = truthy_arg(v[4]);
            bool retain = is_none(v[3]) ? create : truthy_arg(v[3]);
            bool materialize = truthy_arg(v[8]);
            bool unused = materialize || (!is_none(v[6]) && truthy_arg(v[6]));
            if (truthy_arg(v[7]))
                raise(T().NotImplementedError, "is_grads_batched is not supported in Kiln");
            std::vector<Tensor> gs = autograd::grad(outs, ins, gouts, retain, create, unused);
            if (materialize)
                for (size_t i = 0; i < gs.size(); ++i)
                    if (!gs[i].defined()) gs[i] = zeros_like(ins[i]);
            return wrap_tuple(gs);
        });
    def(m,
        "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None)",
        [](Interpreter& in, Args& v) {
            std::vector<Tensor> roots = tensor_or_list(in, v[0], "backward", "tensors");
            std::vector<Tensor> inputs;
            if (!is_none(v[5])) inputs = tensor_or_list(in, v[5], "backward", "inputs");
            std::vector<Tensor> grads;
            if (!is_none(v[1])) {
                if (is_tensor(v[1]))
                    grads.push_back(to_tensor(v[1]));
                else
                    for (const Value& g : to_vector(in, v[1])) grads.push_back(is_none(g) ? Tensor() : to_tensor(g));
            }
            bool create = truthy_arg(v[3]);
            bool retain = is_none(v[2]) ? create : truthy_arg(v[2]);
            autograd::backward(roots, grads, retain, create, inputs);
            return Value::none();
        });
    // Variable is Tensor since PyTorch 0.4, but the legacy constructor still makes a new tensor
    // (python_legacy_variable.cpp): `data.detach()`, sharing data, without history, then
    // requires_grad set on that copy. The tensor passed in is left as it was (the NLP tutorial's
    // "Variable(x, requires_grad=True)" leaves x.requires_grad False); no data gives tensor([]).
    // torch.autograd.Variable itself is the class of engine/stdlib/torch/autograd/variable.py (isinstance(t,
    // Variable) is True for every tensor, as PyTorch's VariableMeta says), reached through __getattr__
    // below; constructing one runs this.
    // volatile (PyTorch 0.3's inference mode) only warns now, from the frame that called Variable(...)
    // (level 2: Variable.__new__ in variable.py sits in between), and it cannot be combined with
    // requires_grad, as python_legacy_variable.cpp checks.
    def(m, "_legacy_variable(data=None, requires_grad=False, volatile=False)", [](Interpreter& in, Args& v) {
        bool is_volatile = to_bool(v[2], "Variable", "volatile");
        bool requires_grad = to_bool(v[1], "Variable", "requires_grad");
        if (is_volatile)
            emit_warning(in, new_str("volatile was removed and now has no effect. Use `with torch.no_grad():` instead."),
                         T().UserWarning, 2);
        if (is_volatile && requires_grad)
            raise(T().ValueError, "Variable can't be volatile and require_grad at the same time!");
        Tensor t = is_none(v[0]) ? Tensor::empty({0}, default_float_dtype())
                                 : to_tensor(v[0], "Variable", "data").detach();
        t.requires_grad_(requires_grad);
        return wrap(t);
    });
    add_grad_mode(m);
    add_autograd_function(in, m);
    add_saved_tensor_hook_functions(m);
    // forward-mode AD's natives (torch._C._enter_dual_level, torch._make_dual, ... in PyTorch), under
    // engine/stdlib/torch/autograd/forward_ad.py (autograd/forward_ad.h has the mechanism)
    def(m, "_enter_dual_level()", [](Interpreter&, Args&) { return Value::integer(autograd::enter_dual_level()); });
    def(m, "_exit_dual_level(level)", [](Interpreter&, Args& v) {
        autograd::exit_dual_level(to_int(v[0], "level"));
        return Value::none();
    });
    def(m, "_make_dual(primal, tangent, level)", [](Interpreter&, Args& v) {
        return wrap(autograd::make_dual(to_tensor(v[0], "_make_dual", "primal"), to_tensor(v[1], "_make_dual", "tangent")));
    });
    def(m, "_unpack_dual(dual, level)", [](Interpreter&, Args& v) {
        auto [primal, tangent] = autograd::unpack_dual(to_tensor(v[0], "_unpack_dual", "dual"));
        return new_tuple({wrap(primal), tangent.defined() ? wrap(tangent) : Value::none()});
    });
    def(m, "_is_fwd_grad_enabled()", [](Interpreter&, Args&) { return Value::boolean(autograd::fw_grad_enabled()); });
    def(m, "_set_fwd_grad_enabled(mode)", [](Interpreter&, Args& v) {
        autograd::set_fw_grad_enabled(to_bool(v[0], "_set_fwd_grad_enabled", "mode"));
        return Value::none();
    });
    m.dict.set("_graph_node_type", Value(grad_fn_node_type()));  // torch.autograd.graph.Node
    // gradcheck/gradgradcheck are written in Kiln's Python (engine/stdlib/torch/autograd/_gradcheck.py),
    // imported at first use (PEP 562).
    m.dict.set("__getattr__", new_builtin("__getattr__", [](Interpreter& in, const CallArgs& a) -> Value {
                   std::string name = a.nargs == 1 && a.args[0].is(Kind::Str) ? str_of(a.args[0]) : "";
                   if (name == "gradcheck" || name == "gradgradcheck" || name == "GradcheckError") {
                       Ref<ModuleObj> mod = in.import_module("torch.autograd._gradcheck");
                       if (const Value* v = mod->dict.find(name)) return *v;
                   }
                   if (name == "Variable") {
                       Ref<ModuleObj> mod = in.import_module("torch.autograd.variable");
                       if (const Value* v = mod->dict.find(name)) return *v;
                   }
                   // torch.autograd.graph (engine/stdlib/torch/autograd/graph.py): PyTorch's package
                   // imports it eagerly, so programs reach it after a bare `import torch`.
                   if (name == "graph") return Value(in.import_module("torch.autograd.graph").get());
                   if (name == "forward_ad") return Value(in.import_module("torch.autograd.forward_ad").get());
                   raise(T().AttributeError, str("module 'torch.autograd' has no attribute '", name, "'"));
               }));
}

// torch._C's device error types (torch/csrc/Exceptions.cpp): RuntimeError subclasses named
// torch.OutOfMemoryError / torch.AcceleratorError, exported as torch.X and as torch.cuda.X (torch/cuda/
// __init__.py's `OutOfMemoryError = torch._C.OutOfMemoryError`). Training scripts catch
// `torch.cuda.OutOfMemoryError` around their training call (milesial/Pytorch-UNet's train.py), which
// evaluates the name whenever another exception passes through the handler.
Type* out_of_memory_error_type() {
    static Type* t = make_exception_type("OutOfMemoryError", T().RuntimeError, "torch");
    return t;
}
Type* accelerator_error_type() {
    static Type* t = make_exception_type("AcceleratorError", T().RuntimeError, "torch");
    return t;
}

void cuda_module(Interpreter&, ModuleObj& m) {
    m.dict.set("OutOfMemoryError", Value(out_of_memory_error_type()));
    m.dict.set("AcceleratorError", Value(accelerator_error_type()));
    // engine/cuda answers: False/0 in a build without CUDA or on a machine without a GPU.
    def(m, "is_available()", [](Interpreter&, Args&) { return Value::boolean(cuda::is_available()); });
    def(m, "device_count()", [](Interpreter&, Args&) { return Value::integer(cuda::device_count()); });
    def(m, "is_initialized()", [](Interpreter&, Args&) { return Value::boolean(cuda::is_available()); });
    def(m, "current_device()", [](Interpreter&, Args&) {
        if (!cuda::is_available()) cuda::synchronize();  // raises PyTorch's "not compiled"/"no GPU" message
        return Value::integer(0);
    });
    def(m, "synchronize(device=None)", [](Interpreter&, Args&) {
        cuda::synchronize();
        return Value::none();
    });
    // torch.cuda.set_sync_debug_mode / get_sync_debug_mode (cuda/sync_debug.h): warn on, or refuse,
    // each operation that makes the host wait for the GPU.
    def(m, "set_sync_debug_mode(debug_mode)", [](Interpreter&, Args& v) {
        if (!cuda::is_available()) cuda::synchronize();  // _lazy_init(): PyTorch's "not compiled"/"no GPU" message
        int mode = 0;
        if (v[0].is(Kind::Str)) {
            const std::string& s = v[0].get<vm::Str>()->s;
            if (s == "default") mode = 0;
            else if (s == "warn") mode = 1;
            else if (s == "error") mode = 2;
            else raise(types().RuntimeError, "invalid value of debug_mode, expected one of `default`, `warn`, `error`");
        } else {
            mode = int(to_int(v[0], "debug_mode"));
        }
        cuda::set_sync_hook([](int level) {
            Interpreter* in = current_interpreter_or_null();
            if (level >= 2) raise(types().RuntimeError, "called a synchronizing CUDA operation");
            if (in) emit_warning(*in, new_str("called a synchronizing CUDA operation"), types().UserWarning);
        });
        cuda::set_sync_debug_mode(mode);
        return Value::none();
    });
    def(m, "get_sync_debug_mode()", [](Interpreter&, Args&) {
        if (!cuda::is_available()) cuda::synchronize();
        return Value::integer(cuda::sync_debug_mode());
    });
    def(m, "get_device_name(device=None)", [](Interpreter&, Args&) {
        if (!cuda::is_available()) cuda::synchronize();
        return new_str(cuda::device_name());
    });
    def(m, "empty_cache()", [](Interpreter&, Args&) {
        cuda::empty_cache();
        return Value::none();
    });
    def(m, "memory_allocated(device=None)",
        [](Interpreter&, Args&) { return Value::integer(int64_t(cuda::allocator_stats().bytes_in_use)); });
    def(m, "max_memory_allocated(device=None)",
        [](Interpreter&, Args&) { return Value::integer(int64_t(cuda::allocator_stats().peak_bytes_in_use)); });
    def(m, "reset_peak_memory_stats(device=None)", [](Interpreter&, Args&) {
        if (!cuda::is_available()) cuda::synchronize();  // PyTorch raises without CUDA too
        cuda::reset_peak_stats();
        return Value::none();
    });
    def(m, "memory_reserved(device=None)", [](Interpreter&, Args&) {
        cuda::AllocatorStats s = cuda::allocator_stats();
        return Value::integer(int64_t(s.bytes_in_use + s.bytes_cached));
    });
    // The peak of memory_reserved() since the start or reset_peak_memory_stats(); 0 in a program that
    // never used the GPU, as PyTorch's memory_stats() is empty before CUDA initializes (gpt-fast's
    // generate.py prints it after generating on the CPU).
    def(m, "max_memory_reserved(device=None)",
        [](Interpreter&, Args&) { return Value::integer(int64_t(cuda::peak_bytes_reserved())); });
    add_cuda_random_functions(m);
    // torch.backends.cudnn.allow_tf32's property (engine/stdlib/torch/backends/cudnn.py).
    def(m, "_set_conv_allow_tf32(allow)", [](Interpreter&, Args& v) {
        cuda::set_conv_allow_tf32(to_bool(v[0], "_set_conv_allow_tf32", "allow"));
        return Value::none();
    });
    def(m, "_conv_allow_tf32()", [](Interpreter&, Args&) { return Value::boolean(cuda::conv_allow_tf32()); });
    // torch.backends.cudnn: whether cuDNN loads, its version, and the enabled / benchmark /
    // deterministic switches the GPU convolutions read (cuda/cudnn.h).
    def(m, "_cudnn_available()", [](Interpreter&, Args&) { return Value::boolean(cuda::cudnn::available()); });
    def(m, "_cudnn_version()", [](Interpreter&, Args&) { return Value::integer(cuda::cudnn::version()); });
    def(m, "_set_cudnn_flag(name, value)", [](Interpreter&, Args& v) {
        const std::string name = v[0].is(Kind::Str) ? str_of(v[0]) : "";
        const bool on = to_bool(v[1], "_set_cudnn_flag", "value");
        if (name == "enabled") cuda::cudnn::set_enabled(on);
        else if (name == "benchmark") cuda::cudnn::set_benchmark(on);
        else if (name == "deterministic") cuda::cudnn::set_deterministic(on);
        else if (name == "deterministic_algorithms") cuda::cudnn::set_deterministic_algorithms(on);
        else KILN_FAIL(ValueError, "_set_cudnn_flag: unknown flag ", name);
        return Value::none();
    });
}

// ---- torch.finfo / torch.iinfo ------------------------------------------------------------------------------
// Machine limits of a dtype as Python numbers; `dtype` is the name as a str, as in PyTorch; repr as
// PyTorch's C++ prints them (six significant digits).
Type* g_finfo = nullptr;
Type* g_iinfo = nullptr;

std::string short_g(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

void add_limits(ModuleObj& m) {
    g_finfo = make_builtin_type("finfo", T().object, Kind::Instance, "torch");
    g_iinfo = make_builtin_type("iinfo", T().object, Kind::Instance, "torch");
    g_finfo->construct = [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs > 1) raise(T().TypeError, "finfo() takes at most 1 argument");
        DType dt = a.nargs == 0 ? default_float_dtype() : to_dtype(a.args[0], "finfo", "type");
        if (!dtype_is_floating(dt))
            raise(T().TypeError, "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
        double eps, mx, tiny;
        int digits;
        switch (dt) {
            case DType::Float64: eps = 2.220446049250313e-16, mx = 1.7976931348623157e308, tiny = 2.2250738585072014e-308, digits = 15; break;
            case DType::Float16: eps = 0.0009765625, mx = 65504.0, tiny = 6.103515625e-05, digits = 3; break;
            case DType::BFloat16: eps = 0.0078125, mx = 3.3895313892515355e38, tiny = 1.1754943508222875e-38, digits = 2; break;
            default: eps = 1.1920928955078125e-07, mx = 3.4028234663852886e38, tiny = 1.1754943508222875e-38, digits = 6; break;
        }
        auto info = make<Instance>(g_finfo);
        info->dict.set("bits", Value::integer(int64_t(dtype_size(dt) * 8)));
        info->dict.set("eps", Value::number(eps));
        info->dict.set("max", Value::number(mx));
        info->dict.set("min", Value::number(-mx));
        info->dict.set("tiny", Value::number(tiny));
        info->dict.set("smallest_normal", Value::number(tiny));
        info->dict.set("resolution", Value::number(std::pow(10.0, -digits)));
        info->dict.set("dtype", new_str(std::string(dtype_name(dt)).substr(6)));
        return Value(info.get());
    };
    g_iinfo->construct = [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs != 1) raise(T().TypeError, "iinfo() takes exactly one argument (0 given)");
        DType dt = to_dtype(a.args[0], "iinfo", "type");
        if (!dtype_is_integral(dt, false))
            raise(T().TypeError, "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
        auto info = make<Instance>(g_iinfo);
        info->dict.set("bits", Value::integer(int64_t(dtype_size(dt) * 8)));
        info->dict.set("max", Value::integer(dtype_int_max(dt)));
        info->dict.set("min", Value::integer(dtype_int_min(dt)));
        info->dict.set("dtype", new_str(dtype_short_name(dt)));
        return Value(info.get());
    };
    checked_method(g_finfo, "__repr__", [](Interpreter& in, const CallArgs& a) -> Value {
        auto num = [&](const char* k) { return to_float(getattr(in, a.args[0], k), "finfo", k); };
        return new_str("finfo(resolution=" + short_g(num("resolution")) + ", min=" + short_g(num("min")) + ", max=" +
                       short_g(num("max")) + ", eps=" + short_g(num("eps")) + ", smallest_normal=" +
                       short_g(num("smallest_normal")) + ", tiny=" + short_g(num("tiny")) + ", dtype=" +
                       str_of(getattr(in, a.args[0], "dtype")) + ")");
    });
    checked_method(g_iinfo, "__repr__", [](Interpreter& in, const CallArgs& a) -> Value {
        auto num = [&](const char* k) { return to_float(getattr(in, a.args[0], k), "iinfo", k); };
        return new_str("iinfo(min=" + short_g(num("min")) + ", max=" + short_g(num("max")) +
                       ", dtype=" + str_of(getattr(in, a.args[0], "dtype")) + ")");
    });
    m.dict.set("finfo", Value(g_finfo));
    m.dict.set("iinfo", Value(g_iinfo));
    m.dict.set("OutOfMemoryError", Value(out_of_memory_error_type()));
    m.dict.set("AcceleratorError", Value(accelerator_error_type()));
}

// torch.accelerator (PyTorch 2.6+'s device-generic API): the accelerator this build has (CUDA when
// built with it, as PyTorch's compile-time answer, even on a machine without a GPU) and whether one
// can be used now, so `torch.accelerator.current_accelerator().type if torch.accelerator.is_available()
// else "cpu"` picks "cpu" on a CPU-only machine.
void accelerator_module(Interpreter&, ModuleObj& m) {
    def(m, "is_available()", [](Interpreter&, Args&) { return Value::boolean(cuda::is_available() && cuda::device_count() > 0); });
    def(m, "device_count()", [](Interpreter&, Args&) { return Value::integer(cuda::is_available() ? cuda::device_count() : 0); });
    def(m, "current_accelerator(check_available=False)", [](Interpreter& in, Args& a) {
        if (!cuda::built()) return Value::none();
        if (truthy(in, a[0]) && !(cuda::is_available() && cuda::device_count() > 0)) return Value::none();
        return device_value(Device::CUDA);
    });
    for (const char* spec : {"current_device_index()", "current_device_idx()"})
        def(m, spec, [](Interpreter&, Args&) {
            if (!cuda::is_available()) cuda::synchronize();  // PyTorch's "not compiled"/"no GPU" error
            return Value::integer(0);
        });
    for (const char* spec : {"set_device_index(device)", "set_device_idx(device)"})
        def(m, spec, [](Interpreter&, Args&) {
            if (!cuda::is_available()) cuda::synchronize();
            return Value::none();
        });
    def(m, "synchronize(device=None)", [](Interpreter&, Args&) {
        cuda::synchronize();
        return Value::none();
    });
}

void torch_module(Interpreter& in, ModuleObj& m) {
    register_dtypes(m);
    register_factories(m);
    register_functions(m);
    add_limits(m);
    add_grad_mode(m);
    add_compile_function(in, m);
    add_autocast(in, m);
    install_torch_function(m, false);
    add_serialization(in, m);
    add_python_implemented_ops(in, m);  // linalg_py.cpp: torch.svd/det/..., torch.vmap, Tensor.det/...
    add_ops_namespace(in, m);
    // torch._native_multi_head_attention, nn.MultiheadAttention's fast-path op: written in Python
    // (bindings/attention_py.cpp) behind a builtin of the torch namespace, so Dynamo records a call
    // of it as one in-graph node, as PyTorch's Dynamo records the aten op, and the back end's
    // re-trace sees its steps.
    m.dict.set("_native_multi_head_attention",
               new_builtin("_native_multi_head_attention", [](Interpreter& in, const CallArgs& a) -> Value {
                   return in.call(*in.import_module("torch.nn._attention")->dict.find("native_multi_head_attention"), a);
               }));
    // Submodules that PyTorch programs reach as torch.nn.Linear after a bare `import torch`. A
    // submodule whose factory is not registered in this build is simply absent.
    for (const char* sub : {"torch.autograd", "torch.cuda", "torch.nn", "torch.optim", "torch.jit", "torch._dynamo",
                            "torch.compiler", "torch._logging", "torch.ao", "torch.random", "torch.quantization", "torch.amp", "torch.cpu",
                            "torch.cpu.amp", "torch.cuda.amp", "torch.cuda.random", "torch.version", "torch.fft", "torch.sparse", "torch.functional"}) {
        try {
            in.import_module(sub);
        } catch (PyError& e) {
            if (!isinstance(e.exc, T().ModuleNotFoundError)) throw;
        }
    }
    // torch.__version__ is torch.version's (one declaration: torch/version.py), as PyTorch's __init__ imports it.
    m.dict.set("__version__", *in.import_module("torch.version")->dict.find("__version__"));
    // torch.memory_format and its values (Python: torch/_memory_format.py)
    auto formats = in.import_module("torch._memory_format");
    for (const char* name : {"memory_format", "contiguous_format", "preserve_format", "channels_last", "channels_last_3d"})
        m.dict.set(name, *formats->dict.find(name));
    // torch.legacy_contiguous_format: PyTorch's __init__ binds it to contiguous_format itself (the
    // format nn.functional's gumbel_softmax and other unaudited call sites pass to the *_like factories).
    m.dict.set("legacy_contiguous_format", *formats->dict.find("contiguous_format"));
    // torch.layout and its values (Python: torch/_layout.py); Tensor.layout is ops_py.cpp's.
    auto layouts = in.import_module("torch._layout");
    for (const char* name : {"layout", "strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc",
                             "jagged", "_mkldnn"})
        m.dict.set(name, *layouts->dict.find(name));
    // Tensor subclasses (tensor_subclass.cpp), then __torch_function__ on every Tensor method defined
    // by now (fx.cpp): last, so that the methods torch's import added dispatch too.
    register_tensor_subclassing(T().tensor, m);
    install_tensor_torch_function(T().tensor, m);
    install_torch_dispatch(m);
    install_signature_errors(m, T().tensor);
}

}  // namespace

// ---- torch.tensor's data conversion (also used by tensor.cpp) ------------------------------------------------

Tensor tensor_from_data(Interpreter& in, const Value& data, std::optional<DType> dtype, const char* fn) {
    if (is_tensor(data)) return to_dtype(clone(to_tensor(data).detach()), dtype.value_or(to_tensor(data).dtype()));
    if (is_ndarray(data)) return to_dtype(clone(ndarray_tensor(data)), dtype.value_or(ndarray_tensor(data).dtype()));
    DataWalk w;
    w.in = &in;
    w.fn = fn;
    w.dtype_given = dtype.has_value();
    w.compute_sizes(data);
    w.dtype = dtype ? *dtype : w.infer(data);
    w.store(data, 0);
    return from_values(w.values, w.shape, w.dtype);
}

void register_torch_module() {
    register_grad_mode_types();
    register_autograd_function();
    register_random_module();
    register_serialization_module();
    Interpreter::register_module("torch", torch_module);
    Interpreter::register_module("torch.autograd", autograd_module);
    Interpreter::register_module("torch.cuda", cuda_module);
    Interpreter::register_module("torch.accelerator", accelerator_module);
    register_linalg_module();  // linalg_py.cpp
}

}  // namespace kiln::vm::bind
