// torch.linalg for programs, and the torch-level / Tensor-method forms of linear algebra.
//
// The native module `torch.linalg` holds the decompositions of ops/linalg_decomp.h (inv, det, slogdet,
// solve, cholesky, eigh, svd, qr, matrix_exp and their *_ex forms; eig and eigvals from
// ops/linalg_eig.h) with PyTorch's signatures and
// namedtuple results (torch.return_types.linalg_svd(U=..., S=..., Vh=...)); engine/stdlib/torch/linalg.py
// then runs in the same module dict and adds the composites (norms, pinv, lstsq, matrix_power,
// matrix_rank, multi_dot, ...). torch.svd/det/inverse/... and Tensor.det/inverse/... are native
// forwarders into that module: the Tensor type is immutable from Python, as in CPython, so methods
// implemented in Python are reached through a native method that imports their module on first use.
// The same forwarder serves the other Python-implemented ops of this branch (torch/_ops_ext.py).
//
// Numerical failures raise torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError).
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <unordered_set>

#include "autograd/grad_mode.h"
#include "autograd/inplace_check.h"
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "nn/module.h"
#include "autograd/node.h"
#include "ops/fft.h"
#include "ops/index_ext.h"
#include "ops/linalg_decomp.h"
#include "ops/linalg_eig.h"
#include "ops/multigamma.h"
#include "ops/prelu_kernel.h"
#include "support/function.h"
#include "tensor/print_options.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

void assert_no_overlap_index_put(const Tensor& self, const Tensor& other);  // tensor.cpp

namespace {

using Args = std::vector<Value>;
using Body = kiln::Function<Value(Interpreter&, Args&)>;

Type* linalg_error_type() {
    static Type* t = make_exception_type("_LinAlgError", types().RuntimeError, "torch._C");
    return t;
}

// Runs body, turning a LinAlgFailure into torch.linalg.LinAlgError.
Value guarded(Interpreter& in, Args& v, const Body& body) {
    try {
        return body(in, v);
    } catch (const LinAlgFailure& e) {
        raise(linalg_error_type(), e.what());
    }
}

// out=: the result copied into the given tensor (resized when its shape differs, with PyTorch's
// warning when it had elements); a tuple result goes into a tuple of tensors. Returns `out`.
void write_one(Interpreter& in, const Value& out_v, const Tensor& r, const std::string& fn) {
    if (!is_tensor(out_v))
        raise(T().TypeError, str(fn, "(): argument 'out' must be Tensor, not ", type_name(out_v)));
    Tensor& out = out_v.get<TensorObj>()->tensor;
    if (autograd::grad_enabled() && (out.requires_grad() || r.requires_grad()))
        raise(T().RuntimeError, str(fn, "(): functions with out=... arguments don't support automatic differentiation, but "
                                        "one of the arguments requires grad."));
    if (out.sizes() != r.sizes()) {
        if (out.numel() != 0)
            emit_warning(in, new_str(str("An output with one or more elements was resized since it had shape ", shape_repr(out.sizes()),
                                         ", which does not match the required output shape ", shape_repr(r.sizes()),
                                         ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
                                         "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, "
                                         "inplace, to zero elements with t.resize_(0).")),
                         T().UserWarning);
        Tensor fresh = Tensor::empty(r.sizes(), out.dtype(), out.device());
        out.impl()->storage = fresh.impl()->storage;
        out.impl()->sizes = fresh.sizes();
        out.impl()->strides = fresh.strides();
        out.impl()->offset = 0;
    }
    copy_(out, r);
}

Value write_out(Interpreter& in, const Value& out, const Value& result, const std::string& fn) {
    if (is_tensor(result)) {
        write_one(in, out, to_tensor(result), fn);
        return out;
    }
    const auto& items = result.get<Tuple>()->items;
    std::vector<Value> outs = to_vector(in, out);
    if (outs.size() != items.size())
        raise(T().TypeError, str(fn, "(): argument 'out' must be tuple of Tensors of length ", items.size()));
    for (size_t i = 0; i < items.size(); ++i) write_one(in, outs[i], to_tensor(items[i]), fn);
    return out;
}

// Tracing (torch.jit.trace, and the aten re-trace of torch.compile's back end): `trace_spec` is the
// call as the aten operator sees it, the same parameters under the schema's names
// ("linalg_cholesky(self, *, upper=False, out=None)" records aten::linalg_cholesky); kRefuse marks a
// function with tensor results and no operator in Kiln's table, which must not be baked into a trace
// as a constant; nullptr marks one without tensors (nothing to record).
constexpr const char* kRefuse = "!";

void def(ModuleObj& m, const char* spec, Body body, const char* trace_spec = nullptr) {
    auto sig = std::make_shared<Signature>(spec);
    std::shared_ptr<Signature> trace_sig;
    if (trace_spec && std::string(trace_spec) != kRefuse) trace_sig = std::make_shared<Signature>(trace_spec);
    const bool refuse = trace_spec && std::string(trace_spec) == kRefuse;
    std::string name = sig->name();
    int out_index = -1;
    std::vector<std::string> params = sig->param_names();
    for (size_t i = 0; i < params.size(); ++i)
        if (params[i] == "out") out_index = int(i);
    m.dict.set(name, new_builtin(name, [sig, trace_sig, refuse, body, out_index](Interpreter& in, const CallArgs& a) {
                   Args v = sig->bind(a);
                   if (out_index >= 0 && !is_none(v[size_t(out_index)])) {
                       Value out = v[size_t(out_index)];
                       v[size_t(out_index)] = Value::none();
                       return write_out(in, out, guarded(in, v, body), "linalg_" + sig->name());
                   }
                   if (recording_calls()) {
                       if (refuse && tracing())
                           raise(T().NotImplementedError, str("Kiln cannot trace torch.linalg.", sig->name(),
                                                              "() yet: no aten operator in Kiln's op table matches this call"));
                       if (trace_sig)
                           return traced_call(in, CallKind::Function, trace_sig->name(), trace_sig.get(), v,
                                              [&] { return guarded(in, v, body); });
                   }
                   return guarded(in, v, body);
               }));
}

// torch.return_types.<name>: a tuple subtype with named fields and PyTorch's repr.
Type* result_type(const std::string& name, std::vector<std::string> fields) {
    static std::map<std::string, Type*> made;
    auto it = made.find(name);
    if (it != made.end()) return it->second;
    Type* t = make_builtin_type(name.c_str(), T().tuple, Kind::Tuple, "torch.return_types");
    def_method(t, "__repr__", [fields](Interpreter& in, const CallArgs& a) {
        const auto& items = a.args[0].get<Tuple>()->items;
        std::string s = str(type_name(a.args[0]), "(");
        for (size_t i = 0; i < fields.size(); ++i) s += str(i ? ",\n" : "\n", fields[i], "=", repr(in, items[i]));
        return new_str(s + ")");
    });
    for (size_t i = 0; i < fields.size(); ++i)
        def_property(t, fields[i].c_str(), [i](Interpreter&, const CallArgs& a) { return a.args[0].get<Tuple>()->items[i]; });
    def_method(t, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        return getitem(in, new_tuple(a.args[0].get<Tuple>()->items), a.args[1]);
    });
    made[name] = t;
    return t;
}

Value named(const std::string& name, std::vector<std::string> fields, const std::vector<Tensor>& ts) {
    std::vector<Value> items;
    for (const Tensor& t : ts) items.push_back(wrap(t));
    return Value(make<Tuple>(result_type(name, std::move(fields)), std::move(items)).get());
}

Tensor info_zeros(const Tensor& A) {
    Shape batch(A.sizes().begin(), A.sizes().end() - 2);
    return zeros(batch, {DType::Int64});  // PyTorch's info is int32, which Kiln lacks
}

void linalg_module(Interpreter&, ModuleObj& m) {
    m.dict.set("LinAlgError", Value(linalg_error_type()));
    def(m, "inv(A, *, out=None)", [](Interpreter&, Args& v) { return wrap(linalg_inv(to_tensor(v[0], "linalg_inv", "A"))); },
        "linalg_inv(A, *, out=None)");
    def(m, "inv_ex(A, *, check_errors=False, out=None)", [](Interpreter&, Args& v) {
        const Tensor& A = to_tensor(v[0], "linalg_inv_ex", "A");
        return named("linalg_inv_ex", {"inverse", "info"}, {linalg_inv(A), info_zeros(A)});
    }, kRefuse);
    def(m, "det(A, *, out=None)", [](Interpreter&, Args& v) { return wrap(linalg_det(to_tensor(v[0], "linalg_det", "A"))); },
        "linalg_det(A, *, out=None)");
    def(m, "slogdet(A, *, out=None)", [](Interpreter&, Args& v) {
        auto r = linalg_slogdet(to_tensor(v[0], "linalg_slogdet", "A"));
        return named("linalg_slogdet", {"sign", "logabsdet"}, {r.first, r.second});
    }, "linalg_slogdet(A, *, out=None)");
    def(m, "solve(A, B, *, left=True, out=None)", [](Interpreter&, Args& v) {
        return wrap(linalg_solve(to_tensor(v[0], "linalg_solve", "A"), to_tensor(v[1], "linalg_solve", "B"),
                                 to_bool(v[2], "linalg_solve", "left")));
    }, "linalg_solve(A, B, *, left=True, out=None)");
    def(m, "solve_ex(A, B, *, left=True, check_errors=False, out=None)", [](Interpreter&, Args& v) {
        const Tensor& A = to_tensor(v[0], "linalg_solve_ex", "A");
        Tensor X = linalg_solve(A, to_tensor(v[1], "linalg_solve_ex", "B"), to_bool(v[2], "linalg_solve_ex", "left"));
        return named("linalg_solve_ex", {"result", "info"}, {X, info_zeros(A)});
    }, kRefuse);
    def(m, "cholesky(A, *, upper=False, out=None)", [](Interpreter&, Args& v) {
        return wrap(linalg_cholesky(to_tensor(v[0], "linalg_cholesky", "A"), to_bool(v[1], "linalg_cholesky", "upper")));
    }, "linalg_cholesky(self, *, upper=False, out=None)");
    def(m, "cholesky_ex(A, *, upper=False, check_errors=False, out=None)", [](Interpreter&, Args& v) {
        const Tensor& A = to_tensor(v[0], "linalg_cholesky_ex", "A");
        return named("linalg_cholesky_ex", {"L", "info"}, {linalg_cholesky(A, to_bool(v[1], "linalg_cholesky_ex", "upper")), info_zeros(A)});
    }, kRefuse);
    def(m, "eigh(A, UPLO='L', *, out=None)", [](Interpreter&, Args& v) {
        auto r = linalg_eigh(to_tensor(v[0], "linalg_eigh", "A"), str_of(v[1]));
        return named("linalg_eigh", {"eigenvalues", "eigenvectors"}, {r.first, r.second});
    }, "linalg_eigh(self, UPLO='L', *, out=None)");
    def(m, "eig(A, *, out=None)", [](Interpreter&, Args& v) {
        auto r = linalg_eig(to_tensor(v[0], "linalg_eig", "A"));
        return named("linalg_eig", {"eigenvalues", "eigenvectors"}, {r.first, r.second});
    }, "linalg_eig(self, *, out=None)");
    def(m, "eigvals(A, *, out=None)", [](Interpreter&, Args& v) {
        return wrap(linalg_eigvals(to_tensor(v[0], "linalg_eigvals", "A")));
    }, "linalg_eigvals(self, *, out=None)");
    def(m, "svd(A, full_matrices=True, *, driver=None, out=None)", [](Interpreter&, Args& v) {
        auto [U, S, Vh] = linalg_svd(to_tensor(v[0], "linalg_svd", "A"), to_bool(v[1], "linalg_svd", "full_matrices"));
        return named("linalg_svd", {"U", "S", "Vh"}, {U, S, Vh});
    }, "linalg_svd(A, full_matrices=True, *, driver=None, out=None)");
    def(m, "qr(A, mode='reduced', *, out=None)", [](Interpreter&, Args& v) {
        auto r = linalg_qr(to_tensor(v[0], "linalg_qr", "A"), str_of(v[1]));
        return named("linalg_qr", {"Q", "R"}, {r.first, r.second});
    }, "linalg_qr(A, mode='reduced', *, out=None)");
    def(m, "lu_factor(A, *, pivot=True, out=None)", [](Interpreter&, Args& v) {
        auto r = linalg_lu_factor(to_tensor(v[0], "linalg_lu_factor", "A"), to_bool(v[1], "linalg_lu_factor", "pivot"));
        return named("linalg_lu_factor", {"LU", "pivots"}, {r.first, r.second});
    }, kRefuse);
    def(m, "lu_factor_ex(A, *, pivot=True, check_errors=False, out=None)", [](Interpreter&, Args& v) {
        const Tensor& A = to_tensor(v[0], "linalg_lu_factor_ex", "A");
        if (to_bool(v[2], "linalg_lu_factor_ex", "check_errors")) {
            auto r = linalg_lu_factor(A, to_bool(v[1], "linalg_lu_factor_ex", "pivot"));
            return named("linalg_lu_factor_ex", {"LU", "pivots", "info"}, {r.first, r.second, info_zeros(A)});
        }
        auto [LU, pivots, info] = linalg_lu_factor_ex(A, to_bool(v[1], "linalg_lu_factor_ex", "pivot"));
        return named("linalg_lu_factor_ex", {"LU", "pivots", "info"}, {LU, pivots, info});
    }, kRefuse);
    def(m, "lu(A, *, pivot=True, out=None)", [](Interpreter&, Args& v) {
        auto [LU, pivots, info] = linalg_lu_factor_ex(to_tensor(v[0], "linalg_lu", "A"), to_bool(v[1], "linalg_lu", "pivot"));
        auto [P, L, U] = lu_unpack(LU, pivots);
        return named("linalg_lu", {"P", "L", "U"}, {P, L, U});
    }, kRefuse);
    def(m, "_lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None)", [](Interpreter&, Args& v) {
        const Tensor& LU = to_tensor(v[0], "lu_unpack", "LU_data");
        const Tensor& piv = to_tensor(v[1], "lu_unpack", "LU_pivots");
        // PyTorch's pivots are int32, which Kiln lacks: its own are int64.
        KILN_CHECK(piv.dtype() == DType::Int64, RuntimeError, "torch.lu_unpack: LU_pivots is expected to be a contiguous "
                   "tensor of torch.int64 dtype in Kiln.\nNote: this function is intended to be used with the output "
                   "produced by torch.linalg.lu_factor");
        auto [P, L, U] = lu_unpack(LU, piv);
        Tensor empty = zeros({0}, {LU.dtype()});
        return named("lu_unpack", {"P", "L", "U"}, {to_bool(v[3], "lu_unpack", "unpack_pivots") ? P : empty,
                                                    to_bool(v[2], "lu_unpack", "unpack_data") ? L : empty,
                                                    to_bool(v[2], "lu_unpack", "unpack_data") ? U : empty});
    }, kRefuse);
    def(m, "matrix_exp(A)", [](Interpreter&, Args& v) { return wrap(linalg_matrix_exp(to_tensor(v[0], "linalg_matrix_exp", "A"))); },
        "linalg_matrix_exp(self)");
    // For the Python half: torch.svd's (U, S, V) and torch.qr's results are namedtuples too.
    def(m, "_named(name, fields, values)", [](Interpreter& in, Args& v) {
        std::vector<std::string> fields;
        for (const Value& f : to_vector(in, v[1])) fields.push_back(str_of(f));
        std::vector<Value> items = to_vector(in, v[2]);
        return Value(make<Tuple>(result_type(str_of(v[0]), fields), std::move(items)).get());
    });
}

// A native callable that imports `module` and calls its `fn` with the same arguments.
NativeFn python_forwarder(std::string module, std::string fn) {
    return [module, fn](Interpreter& in, const CallArgs& a) {
        Ref<ModuleObj> mod = in.import_module(module);
        Value target = getattr(in, Value(mod.get()), fn.c_str());
        return in.call(target, a);
    };
}

// torch._C._functorch: what torch.func.functional_call needs from the C++ module tables: put any
// tensor (not only a Parameter) into a module's parameter or buffer slot, as PyTorch's
// stateless._reparametrize_module does with module._parameters[name] = tensor.
void functorch_module(Interpreter&, ModuleObj& m) {
    // _swap_tensor(module, name, tensor) -> (kind, old): kind 'parameter'/'buffer', or None when the
    // name is neither (the caller then uses setattr).
    def(m, "_swap_tensor(module, name, tensor)", [](Interpreter&, Args& v) {
        auto* mi = v[0].as<ModuleInstance>();
        if (!mi || !mi->module) raise(T().TypeError, "functional_call: expected an nn.Module");
        nn::Module& mod = *mi->module;
        const std::string& name = str_of(v[1]);
        Tensor t = is_none(v[2]) ? Tensor() : to_tensor(v[2], "functional_call", "tensor");
        auto or_none = [](const Tensor& x) { return x.defined() ? wrap(x) : Value::none(); };
        if (mod.has_parameter(name)) {
            // Straight into the slot: register_parameter refuses non-leaf tensors (PyTorch's check for
            // `module.weight = t`), but functional_call's tensors often have history (a vmapped slice
            // of stacked parameters, a grad transform's input), as PyTorch's _reparametrize_module allows.
            auto& slots = const_cast<nn::NamedTensors&>(mod.own_parameters());
            for (auto& [n, slot] : slots)
                if (n == name) {
                    Tensor old = slot;
                    slot = t;
                    return new_tuple({new_str("parameter"), or_none(old)});
                }
        }
        if (mod.has_buffer(name)) {
            Tensor old = mod.buffer(name);
            bool persistent = !old.defined();
            for (const auto& [k, x] : mod.state_dict()) persistent = persistent || k == name;
            mod.register_buffer(name, t, persistent);
            return new_tuple({new_str("buffer"), or_none(old)});
        }
        return new_tuple({Value::none(), Value::none()});
    });
}

// x.op_(...) for an op written in Python as the out-of-place `fn`: run like the native in-place
// ops (tensor.cpp's inplace): PyTorch's leaf check, fn on a copy carrying x's autograd identity,
// the result written into x, and x's history rebased onto the result's node.
Value run_inplace(Interpreter& in, const CallArgs& a, const char* name, const std::function<Value(const CallArgs&)>& fn) {
    if (a.nargs == 0 || !a.args[0].is(Kind::Tensor))
        raise(T().TypeError, str("descriptor '", name, "' for 'torch._C.TensorBase' objects doesn't apply to a '",
                                 a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
    Value self = a.args[0];
    Tensor& x = self.get<TensorObj>()->tensor;
    std::vector<Tensor> involved{x};
    for (size_t i = 1; i < a.nargs; ++i)
        if (is_tensor(a.args[i])) involved.push_back(to_tensor(a.args[i]));
    for (size_t i = 0; i < a.nkw; ++i)
        if (is_tensor(a.kwvalues[i])) involved.push_back(to_tensor(a.kwvalues[i]));
    autograd::check_inplace(x, involved);
    assert_no_internal_overlap(x);
    const bool grad = autograd::needs_grad(involved);
    std::vector<Value> args(a.args, a.args + a.nargs);
    args[0] = grad ? wrap(autograd::inplace_source(x)) : self;
    CallArgs c = a;
    c.args = args.data();
    Value r;
    if (grad) {
        r = fn(c);
    } else {
        autograd::NoGradGuard no_grad;
        r = fn(c);
    }
    const Tensor& rt = to_tensor(r, name);
    // PyTorch's in-place rule (can_cast in ops/pointwise.cpp): no floating result into an integral
    // tensor, nothing but bool into a bool one (x.xlogy_(y) on int64 x is refused, not truncated).
    const bool castable = !(dtype_is_floating(rt.dtype()) && !dtype_is_floating(x.dtype())) &&
                          !(rt.dtype() != DType::Bool && x.dtype() == DType::Bool);
    if (!castable)
        raise(T().RuntimeError, str("result type ", dtype_scalar_type_name(rt.dtype()),
                                    " can't be cast to the desired output type ", dtype_scalar_type_name(x.dtype())));
    if (rt.sizes() != x.sizes())
        raise(T().RuntimeError, str("output with shape ", shape_str(x.sizes()), " doesn't match the broadcast shape ",
                                    shape_str(rt.sizes())));
    {
        autograd::NoGradGuard no_grad;
        copy_(x, rt);
    }
    if (grad) autograd::inplace_rebase(x, rt);
    return self;
}

// Tensor.<name> (an in-place form) as run_inplace around its out-of-place computation.
void def_inplace_method(const char* name, NativeFn out_of_place) {
    def_method(types().tensor, name, [out_of_place, name](Interpreter& in, const CallArgs& a) {
        return run_inplace(in, a, name, [&](const CallArgs& c) { return out_of_place(in, c); });
    });
}

// A number given in the src position is the value form (x.scatter_(1, idx, 1)); moved there so
// that tracing records aten::scatter.value.
void normalize_scatter_args(Args& v) {
    if (!is_none(v[3]) && !is_tensor(v[3]) && is_none(v[4])) {
        v[4] = v[3];
        v[3] = Value::none();
    }
}

// torch.scatter(input, dim, index, src | value, *, reduce=None): the fourth argument is a tensor
// (src) or a number (value), positionally or by keyword.
Value scatter_call(const std::vector<Value>& v, const char* fn) {
    const Tensor& input = to_tensor(v[0], fn, "input");
    const int64_t dim = to_dim(v[1], fn, "dim");
    const Tensor& index = to_tensor(v[2], fn, "index");
    const std::string reduce = is_none(v[5]) ? std::string() : str_of(v[5]);
    Value src = !is_none(v[3]) ? v[3] : v[4];
    if (is_none(src)) raise(T().TypeError, str(fn, "() missing required argument 'src' or 'value'"));
    if (is_tensor(src)) return wrap(scatter(input, dim, index, to_tensor(src), reduce));
    return wrap(scatter(input, dim, index, to_scalar(src, fn, "value"), reduce));
}

}  // namespace

void register_linalg_module() {
    Interpreter::register_module("torch.linalg", linalg_module);
    // A LinAlgFailure raised outside this module's functions (a compiled graph's linalg kernel, a
    // backward formula's inverse) is torch.linalg.LinAlgError too, as PyTorch's are.
    add_error_type_hook([](const kiln::Error& e) -> Type* {
        return dynamic_cast<const LinAlgFailure*>(&e) ? linalg_error_type() : nullptr;
    });
    Interpreter::register_module("torch._C._functorch", functorch_module);
}

// torch.<name> and Tensor.<name> for the ops implemented in Python modules of this branch.
// tensor.cpp: a deprecated overload family of Tensor methods with leading numbers
void reroute_leading_numbers(std::initializer_list<const char*> names, std::vector<std::string> kws, size_t tensors,
                             const char* old_sig, const char* new_sig);

void add_python_implemented_ops(Interpreter& in, ModuleObj& torch) {
    struct F {
        const char* name;
        const char* module;
        const char* fn;
    };
    // torch-level functions
    static const F functions[] = {
        {"svd", "torch.linalg", "_torch_svd"}, {"det", "torch.linalg", "det"}, {"logdet", "torch.linalg", "_logdet"},
        {"slogdet", "torch.linalg", "_torch_slogdet"}, {"inverse", "torch.linalg", "inv"}, {"pinverse", "torch.linalg", "_pinverse"},
        {"matrix_exp", "torch.linalg", "matrix_exp"}, {"cholesky", "torch.linalg", "_torch_cholesky"},
        {"qr", "torch.linalg", "_torch_qr"}, {"matrix_power", "torch.linalg", "matrix_power"},
        {"chain_matmul", "torch.linalg", "_chain_matmul"}, {"cholesky_solve", "torch.linalg", "_cholesky_solve"},
        {"cholesky_inverse", "torch.linalg", "_cholesky_inverse"}, {"vmap", "torch.func", "vmap"},
        {"lu", "torch.linalg", "_torch_lu"}, {"lu_unpack", "torch.linalg", "_lu_unpack"},
        {"lu_solve", "torch.linalg", "_torch_lu_solve"}, {"cond", "torch._higher_order_ops.cond", "cond"},
    };
    for (const F& f : functions) torch.dict.set(f.name, new_builtin(f.name, python_forwarder(f.module, f.fn)));
    // torch._fft_c2c / _fft_r2c / _fft_c2r: ATen's FFT primitives (ops/fft.cpp), which stdlib/torch/fft.py's
    // transforms are compositions of; traced and re-traced as their aten ops.
    def(torch, "_fft_c2c(input, dim, normalization, forward)", [](Interpreter& in, Args& v) {
        return wrap(fft_c2c(to_tensor(v[0], "_fft_c2c"), to_int_list(v[1], "_fft_c2c"), to_int(v[2], "normalization"), truthy(in, v[3])));
    }, "_fft_c2c(self, dim, normalization, forward)");
    def(torch, "_fft_r2c(input, dim, normalization, onesided)", [](Interpreter& in, Args& v) {
        return wrap(fft_r2c(to_tensor(v[0], "_fft_r2c"), to_int_list(v[1], "_fft_r2c"), to_int(v[2], "normalization"), truthy(in, v[3])));
    }, "_fft_r2c(self, dim, normalization, onesided)");
    def(torch, "_fft_c2r(input, dim, normalization, last_dim_size)", [](Interpreter&, Args& v) {
        return wrap(fft_c2r(to_tensor(v[0], "_fft_c2r"), to_int_list(v[1], "_fft_c2r"), to_int(v[2], "normalization"),
                            to_int(v[3], "last_dim_size")));
    }, "_fft_c2r(self, dim, normalization, last_dim_size)");
    // Tensor methods (self is the first argument of the Python function)
    static const F methods[] = {
        {"det", "torch.linalg", "det"}, {"logdet", "torch.linalg", "_logdet"}, {"slogdet", "torch.linalg", "_torch_slogdet"},
        {"inverse", "torch.linalg", "inv"}, {"pinverse", "torch.linalg", "_pinverse"}, {"svd", "torch.linalg", "_torch_svd"},
        {"matrix_exp", "torch.linalg", "matrix_exp"}, {"matrix_power", "torch.linalg", "matrix_power"},
        {"cholesky", "torch.linalg", "_torch_cholesky"}, {"qr", "torch.linalg", "_torch_qr"},
        {"cholesky_solve", "torch.linalg", "_cholesky_solve"}, {"cholesky_inverse", "torch.linalg", "_cholesky_inverse"},
        {"lu", "torch.linalg", "_torch_lu"}, {"lu_solve", "torch.linalg", "_torch_lu_solve"},
    };
    for (const F& f : methods) def_method(types().tensor, f.name, python_forwarder(f.module, f.fn));

    // Ops written in Python (engine/stdlib/torch/_ops_ext.py): torch.<name> and, where PyTorch has
    // one, Tensor.<name>.
    static const char* const ext_functions[] = {
        "index_add", "bincount", "histc", "searchsorted", "bucketize", "tril_indices", "triu_indices",
        "tensordot", "kron", "block_diag", "cartesian_prod", "combinations", "cummax", "cummin", "diff",
        "logcumsumexp", "kthvalue", "mode", "quantile", "nanquantile", "nanmean", "nansum", "use_deterministic_algorithms", "are_deterministic_algorithms_enabled",
        "is_deterministic_algorithms_warn_only_enabled", "scatter_reduce", "index_reduce", "histogram", "typename",
        "is_storage"};
    // torch_module.cpp installs __torch_function__ dispatch (torch.fx Proxies, tensor subclasses) on
    // the torch functions before this runs; the Python-implemented ones get it through a staging
    // module holding just them (the builtins are wrapped in place). The global switches and index
    // factories stay out, as PyTorch's get_ignored_functions has them.
    auto dispatching = make<ModuleObj>("torch._python_implemented");
    static const std::unordered_set<std::string> no_dispatch = {
        "use_deterministic_algorithms",
        "are_deterministic_algorithms_enabled", "is_deterministic_algorithms_warn_only_enabled", "tril_indices",
        "triu_indices", "asarray", "set_default_tensor_type", "typename", "is_storage"};
    for (const char* n : ext_functions) {
        Value b = new_builtin(n, python_forwarder("torch._ops_ext", n));
        torch.dict.set(n, b);
        if (!no_dispatch.count(n)) dispatching->dict.set(n, b);
    }
    static const char* const ext_methods[] = {
        "scatter_reduce", "index_add", "unfold", "bincount", "histc", "cummax", "cummin", "diff", "logcumsumexp",
        "kthvalue", "mode", "quantile", "nanquantile", "nanmean", "nansum", "kron", "index_reduce"};
    for (const char* n : ext_methods)
        def_method(types().tensor, n, python_forwarder("torch._ops_ext", std::string("_method_") + n));
    for (const char* n : {"scatter_reduce_", "index_add_", "index_reduce_"}) {
        std::string base = n;
        base.pop_back();
        def_inplace_method(n, python_forwarder("torch._ops_ext", "_method_" + base));
    }
    // The second batch (engine/stdlib/torch/_ops_more.py): torch.<name>, Tensor.<name> through
    // _method_<name>, and Tensor.<name>_ through run_inplace around _method_<name>_.
    static const char* const more_functions[] = {
        "isin", "tensor_split", "hsplit", "vsplit", "dsplit", "rot90", "logaddexp", "logaddexp2", "cov", "corrcoef",
        "diag_embed", "diagflat", "xlogy", "sinc", "copysign", "float_power", "gcd", "lcm", "signbit", "inner", "vdot",
        "ger", "addmv", "addr", "addbmm", "index_fill", "masked_scatter", "is_nonzero", "is_same_size",
        "asarray", "trapezoid", "trapz", "cumulative_trapezoid", "nanmedian", "unique_consecutive", "renorm",
        "set_default_tensor_type", "atleast_1d", "atleast_2d", "atleast_3d", "frexp", "ldexp", "put", "_assert",
        "logspace", "ravel", "isposinf", "isneginf", "isreal", "gradient", "sym_float", "sym_int", "sym_max", "sym_min",
        "_is_all_true", "_is_any_true"};
    for (const char* n : more_functions) {
        Value b = new_builtin(n, python_forwarder("torch._ops_more", n));
        torch.dict.set(n, b);
        if (!no_dispatch.count(n)) dispatching->dict.set(n, b);
    }
    // Found missing by issue 28's API sweep (engine/stdlib/torch/_ops_sweep.py): torch.<name>,
    // Tensor.<name> through _method_<name>, Tensor.<name>_ through run_inplace around _method_<name>.
    // mvlgamma's kernel (ops/multigamma.h: one MvlgammaBackward0 node, as PyTorch's native op), which
    // _ops_sweep.mvlgamma calls after its checks and out= handling; traced as aten::mvlgamma.
    // aten::_prelu_kernel (ops/prelu_kernel.h: PreluKernelBackward0), which torch.nn.functional.prelu
    // calls after ATen's checks and weight reshape (stdlib/torch/nn/_functional_ext.py).
    def(torch, "_kiln_prelu_kernel(input, weight)", [](Interpreter&, Args& v) {
        return wrap(prelu_kernel(to_tensor(v[0], "_prelu_kernel", "self"), to_tensor(v[1], "_prelu_kernel", "weight")));
    }, "_prelu_kernel(self, weight)");
    def(torch, "_kiln_mvlgamma(input, p)", [](Interpreter&, Args& v) {
        return wrap(mvlgamma(to_tensor(v[0], "mvlgamma", "input"), to_dim(v[1], "mvlgamma", "p")));
    }, "mvlgamma(self, p)");
    for (const char* n : {"mvlgamma", "triangular_solve", "adjoint", "unravel_index", "split_with_sizes", "unsafe_split",
                          "unsafe_chunk"}) {
        Value b = new_builtin(n, python_forwarder("torch._ops_sweep", n));
        torch.dict.set(n, b);
        dispatching->dict.set(n, b);
    }
    // factories and global switches: no __torch_function__ dispatch (PyTorch's get_ignored_functions)
    for (const char* n : {"range", "get_num_interop_threads", "set_num_interop_threads", "set_warn_always",
                          "is_warn_always_enabled", "compiled_with_cxx11_abi"})
        torch.dict.set(n, new_builtin(n, python_forwarder("torch._ops_sweep", n)));
    for (const char* n : {"mvlgamma", "triangular_solve", "adjoint", "hardshrink", "histogram", "split_with_sizes",
                          "unsafe_split", "unsafe_chunk", "unsafe_split_with_sizes", "dim_order", "has_names", "rename",
                          "rename_", "refine_names"})
        def_method(types().tensor, n, python_forwarder("torch._ops_sweep", std::string("_method_") + n));
    def_inplace_method("mvlgamma_", python_forwarder("torch._ops_sweep", "_method_mvlgamma"));
    // The third batch (engine/stdlib/torch/_ops_aten.py): ATen operators PyTorch also exposes as
    // torch.<name> with ATen's schemas (torch.conv2d, torch.dropout, torch.embedding(weight, indices),
    // torch.batch_norm, the losses with an int reduction), forwarding to torch.nn.functional.
    static const char* const aten_functions[] = {
        "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "max_pool1d",
        "max_pool2d", "max_pool3d", "max_pool1d_with_indices", "avg_pool1d", "adaptive_avg_pool1d",
        "adaptive_max_pool1d", "dropout", "dropout_", "alpha_dropout", "feature_dropout", "feature_alpha_dropout",
        "batch_norm", "layer_norm", "group_norm", "instance_norm", "embedding", "pixel_shuffle", "pixel_unshuffle",
        "channel_shuffle", "bilinear", "hardshrink", "rrelu", "rrelu_", "selu", "selu_", "celu", "celu_", "prelu", "threshold",
        "threshold_", "cosine_similarity", "pairwise_distance", "pdist", "kl_div", "binary_cross_entropy_with_logits",
        "hinge_embedding_loss", "margin_ranking_loss", "cosine_embedding_loss", "poisson_nll_loss",
        "triplet_margin_loss", "select_scatter", "slice_scatter", "diagonal_scatter", "narrow_copy", "vander",
        "_standard_gamma", "_sample_dirichlet", "_standard_gamma_grad", "_dirichlet_grad"};
    for (const char* n : aten_functions) {
        if (torch.dict.find(n)) continue;  // a native op of the same name stays
        Value b = new_builtin(n, python_forwarder("torch._ops_aten", n));
        torch.dict.set(n, b);
        dispatching->dict.set(n, b);
    }
    // The fourth batch (engine/stdlib/torch/_foreach.py): PyTorch's multi-tensor ops torch._foreach_<op>
    // (EMA teachers, gradient norms, hand-written optimizers), each applying the per-tensor op to a list.
    static const char* const foreach_ops[] = {
        "add", "add_", "sub", "sub_", "mul", "mul_", "div", "div_", "pow", "pow_", "clamp_min", "clamp_min_",
        "clamp_max", "clamp_max_", "maximum", "maximum_", "minimum", "minimum_", "lerp", "lerp_", "addcmul",
        "addcmul_", "addcdiv", "addcdiv_", "abs", "abs_", "acos", "acos_", "asin", "asin_", "atan", "atan_", "ceil",
        "ceil_", "cos", "cos_", "cosh", "cosh_", "erf", "erf_", "erfc", "erfc_", "exp", "exp_", "expm1", "expm1_",
        "floor", "floor_", "frac", "frac_", "lgamma", "lgamma_", "log", "log_", "log10", "log10_", "log1p", "log1p_",
        "log2", "log2_", "neg", "neg_", "reciprocal", "reciprocal_", "round", "round_", "sigmoid", "sigmoid_", "sign",
        "sign_", "sin", "sin_", "sinh", "sinh_", "sqrt", "sqrt_", "tan", "tan_", "tanh", "tanh_", "trunc", "trunc_",
        "zero_", "copy_", "norm", "max"};
    for (const char* n : foreach_ops) {
        std::string name = std::string("_foreach_") + n;
        torch.dict.set(name, new_builtin(name, python_forwarder("torch._foreach", name)));
    }
    for (const char* n : {"select_scatter", "slice_scatter", "diagonal_scatter", "narrow_copy", "prelu"})
        def_method(types().tensor, n, python_forwarder("torch._ops_aten", std::string("_method_") + n));
    install_torch_function(*dispatching, false);
    static const char* const more_methods[] = {
        "tensor_split", "hsplit", "vsplit", "dsplit", "rot90", "logaddexp", "logaddexp2", "cov", "corrcoef",
        "diag_embed", "diagflat", "xlogy", "sinc", "copysign", "float_power", "gcd", "lcm", "signbit", "inner", "vdot",
        "ger", "addmv", "addr", "addbmm", "index_fill", "masked_scatter", "is_nonzero", "is_same_size",
        "nanmedian", "unique_consecutive", "renorm", "frexp", "ldexp", "put", "sum_to_size", "apply_", "map_",
        "ravel", "isposinf", "isneginf", "isreal", "dist", "new_empty_strided", "module_load"};
    for (const char* n : more_methods)
        def_method(types().tensor, n, python_forwarder("torch._ops_more", std::string("_method_") + n));
    // The sparse COO layout (engine/stdlib/torch/sparse/__init__.py, a Python object over indices and
    // values): torch.sparse_coo_tensor, torch.spmm, Tensor.to_sparse; a strided tensor's .layout is
    // torch.strided (torch_module.cpp sets torch.layout / strided / sparse_coo from the same module).
    for (const char* n : {"sparse_coo_tensor", "spmm"}) torch.dict.set(n, new_builtin(n, python_forwarder("torch.sparse", n)));
    for (const char* n : {"to_sparse", "to_sparse_coo"})
        def_method(types().tensor, n, python_forwarder("torch.sparse", "_to_sparse"));
    def_property(types().tensor, "layout", [](Interpreter& in, const CallArgs&) {
        return *in.import_module("torch.sparse")->dict.find("strided");
    });
    for (const char* n : {"index_fill_", "masked_scatter_", "put_", "renorm_",
                          "logical_not_", "xlogy_", "copysign_", "float_power_", "sinc_", "gcd_", "lcm_", "ldexp_",
                          "addmv_", "addr_", "addbmm_", "addmm_", "baddbmm_"})
        def_inplace_method(n, python_forwarder("torch._ops_more", std::string("_method_") + n));
    // In-place forms native_functions.yaml declares as methods whose op Kiln has only out of place
    // (x.fmod_(3), angle.atan2_(y), mask.logical_and_(m), x.lt_(0), x.cumsum_(0), x.polygamma_(1)):
    // the Tensor method `name` run in place (run_inplace: the leaf check, the dtype/shape rules, the
    // autograd rebase). A comparison's bool result is written as 1/0 in x's dtype, as in PyTorch.
    for (const char* n : {"fmod_", "atan2_", "arctan2_", "fix_", "polygamma_", "logical_and_", "logical_or_",
                          "logical_xor_", "eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "less_",
                          "greater_equal_", "less_equal_", "not_equal_", "cumsum_", "cumprod_"}) {
        std::string base = n;
        base.pop_back();
        def_inplace_method(n, [base](Interpreter& in, const CallArgs& c) {
            return in.call(getattr(in, Value(types().tensor), base.c_str()), c);
        });
    }
    // The deprecated scalar-first overloads of the matrix adds (tensor.cpp's reroute_leading_numbers):
    // center-loss's `distmat.addmm_(1, -2, x, centers.t())`, old code's `out.addmm_(0, 1, a, b)`.
    auto scalar_first = [](std::initializer_list<const char*> names, const char* a, const char* b) {
        const std::string one = str("(Number beta, Tensor ", a, ", Tensor ", b, ")");
        const std::string two = str("(Number beta, Number alpha, Tensor ", a, ", Tensor ", b, ")");
        const std::string now = str("(Tensor ", a, ", Tensor ", b, ", *, Number beta = 1, Number alpha = 1)");
        reroute_leading_numbers(names, {"beta"}, 2, one.c_str(), now.c_str());
        reroute_leading_numbers(names, {"beta", "alpha"}, 2, two.c_str(), now.c_str());
    };
    scalar_first({"addmm", "addmm_"}, "mat1", "mat2");
    scalar_first({"addbmm", "addbmm_", "baddbmm", "baddbmm_"}, "batch1", "batch2");
    scalar_first({"addmv", "addmv_"}, "mat", "vec");
    scalar_first({"addr", "addr_"}, "vec1", "vec2");
    // torch.promote_types / torch.result_type over the engine's promotion (tensor/dtype.h): Python
    // numbers count as wrapped scalars, 0-dim tensors below dimensioned ones.
    def(torch, "promote_types(type1, type2)", [](Interpreter&, Args& v) {
        return dtype_value(promote_types(to_dtype(v[0], "promote_types", "type1"), to_dtype(v[1], "promote_types", "type2")));
    });
    def(torch, "result_type(tensor, other)", [](Interpreter&, Args& v) {
        if (!is_tensor(v[0]) && !is_tensor(v[1])) {
            // two Python numbers: the dtype torch.tensor would give each, promoted
            return dtype_value(kiln::result_type({tensor_or_scalar(v[0], "result_type", "scalar1"),
                                            tensor_or_scalar(v[1], "result_type", "scalar2")}));
        }
        return dtype_value(kiln::result_type({tensor_or_scalar(v[0], "result_type", "tensor"),
                                        tensor_or_scalar(v[1], "result_type", "other")}));
    });

    // index_put (ops/index_ext.h, aten::index_put): torch.index_put, Tensor.index_put, Tensor.index_put_,
    // with PyTorch's argument checks; traced as one aten::index_put node.
    {
        static const auto call = [](Interpreter& in, Args& v) {
            const Tensor& x = to_tensor(v[0], "index_put", "input");
            if (!v[1].is(Kind::Tuple) && !v[1].is(Kind::List))
                raise(T().TypeError, str("index_put(): argument 'indices' (position 2) must be tuple of Tensors, not ",
                                         type_name(v[1])));
            std::vector<std::optional<Tensor>> idx;
            for (const Value& i : to_vector(in, v[1]))
                idx.push_back(is_none(i) ? std::nullopt : std::optional<Tensor>(to_tensor(i, "index_put", "indices")));
            const Tensor& values = to_tensor(v[2], "index_put", "values");
            if (values.dtype() != x.dtype())
                raise(T().RuntimeError, str("Index put requires the source and destination dtypes match, got ",
                                            dtype_scalar_type_name(x.dtype()), " for the destination and ",
                                            dtype_scalar_type_name(values.dtype()), " for the source."));
            return wrap(index_put(x, idx, values, to_bool(v[3], "index_put", "accumulate")));
        };
        def(torch, "index_put(input, indices, values, accumulate=False)", [](Interpreter& in, Args& v) { return call(in, v); },
            "index_put(self, indices, values, accumulate=False)");
        auto sig = std::make_shared<Signature>("index_put(self, indices, values, accumulate=False)");
        def_method(types().tensor, "index_put", [sig](Interpreter& in, const CallArgs& a) {
            Args v = sig->bind(a);
            if (recording_calls()) return traced_call(in, CallKind::Method, "index_put", sig.get(), v, [&] { return call(in, v); });
            return call(in, v);
        });
        def_method(types().tensor, "index_put_", [sig](Interpreter& in, const CallArgs& a) {
            return run_inplace(in, a, "index_put_", [&](const CallArgs& c) {
                Args v = sig->bind(c);
                // the in-place op writes self while reading values and indices (out of place, a clone)
                if (is_tensor(v[0]) && is_tensor(v[2])) assert_no_overlap_index_put(to_tensor(v[0]), to_tensor(v[2]));
                if (is_tensor(v[0]) && (v[1].is(Kind::Tuple) || v[1].is(Kind::List)))
                    for (const Value& i : to_vector(in, v[1]))
                        if (is_tensor(i)) assert_no_overlap_index_put(to_tensor(v[0]), to_tensor(i));
                return call(in, v);
            });
        });
    }
    // scatter (ops/index_ext.h): torch.scatter, Tensor.scatter, Tensor.scatter_.
    def(torch, "scatter(input, dim, index, src=None, value=None, *, reduce=None, out=None)",
        [](Interpreter&, Args& v) {
            normalize_scatter_args(v);
            return scatter_call(v, "scatter");
        },
        "scatter(self, dim, index, src=None, value=None, *, reduce=None, out=None)");
    {
        auto sig = std::make_shared<Signature>("scatter(self, dim, index, src=None, value=None, *, reduce=None)");
        def_method(types().tensor, "scatter", [sig](Interpreter& in, const CallArgs& a) {
            Args v = sig->bind(a);
            normalize_scatter_args(v);
            if (recording_calls()) return traced_call(in, CallKind::Method, "scatter", sig.get(), v, [&] { return scatter_call(v, "scatter"); });
            return scatter_call(v, "scatter");
        });
        auto sig_ = std::make_shared<Signature>("scatter_(self, dim, index, src=None, value=None, *, reduce=None)");
        def_method(types().tensor, "scatter_", [sig_](Interpreter& in, const CallArgs& a) {
            Args v0 = sig_->bind(a);
            normalize_scatter_args(v0);
            if (!is_none(v0[5]) && is_tensor(v0[3]))
                emit_warning(in, new_str("The reduce argument of torch.scatter with Tensor src is deprecated and will be "
                                         "removed in a future PyTorch release. Use torch.scatter_reduce instead for more "
                                         "reduction options."), T().UserWarning);
            auto run = [&] {
                return run_inplace(in, a, "scatter_", [&](const CallArgs& c) {
                    Args v = sig_->bind(c);
                    return scatter_call(v, "scatter_");
                });
            };
            if (recording_calls()) return traced_call(in, CallKind::Method, "scatter_", sig_.get(), v0, run);
            return run();
        });
    }

    // torch.norm / Tensor.norm with a string p: PyTorch's torch/functional.py computes p='fro' over at
    // most two dims as the 2-norm (the native norm here) and sends every other string p, and 'fro' over
    // more dims, to torch.linalg.matrix_norm (_ops_ext._norm_str), whose checks word the errors of an
    // unknown order, a 1-D input or a dim that is not a pair of ints.
    auto str_p_aware = [](Value original, bool method) -> NativeFn {
        NativeFn via_matrix_norm = python_forwarder("torch._ops_ext", method ? "_norm_str_method" : "_norm_str");
        return [original, via_matrix_norm](Interpreter& in, const CallArgs& a) {
            Value p, dim;
            if (a.nargs > 1) p = a.args[1];
            if (a.nargs > 2) dim = a.args[2];
            for (size_t i = 0; i < a.nkw; ++i) {
                if (a.kwname(i) == "p") p = a.kwvalues[i];
                if (a.kwname(i) == "dim") dim = a.kwvalues[i];
            }
            if (!p.is_null() && p.is(Kind::Str)) {
                bool pair_or_less = dim.is_null() || dim.is_none() || !(dim.is(Kind::List) || dim.is(Kind::Tuple)) ||
                                    (dim.is(Kind::List) ? dim.get<List>()->items.size() : dim.get<Tuple>()->items.size()) <= 2;
                if (str_of(p) != "fro" || !pair_or_less) return via_matrix_norm(in, a);
            }
            return in.call(original, a);
        };
    };
    if (const Value* m = types().tensor->dict.find("norm")) def_method(types().tensor, "norm", str_p_aware(*m, true));
    if (const Value* f = torch.dict.find("norm")) {
        Value original = *f;
        torch.dict.set("norm", new_builtin("norm", str_p_aware(original, false)));
    }

    // torch.set_printoptions / get_printoptions over print_options() (tensor/print.cpp).
    def(torch, "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None)",
        [](Interpreter&, Args& v) {
            PrintOptions& o = print_options();
            if (!is_none(v[4])) {
                if (!v[4].is(Kind::Str)) raise(T().TypeError, "set_printoptions(): profile must be a str");
                const std::string& p = str_of(v[4]);
                PrintOptions d;
                if (p == "default") o = d;
                else if (p == "short") {
                    o = d;
                    o.precision = 2;
                    o.edgeitems = 2;
                } else if (p == "full") {
                    o = d;
                    o.threshold = std::numeric_limits<double>::infinity();
                }
            }
            if (!is_none(v[0])) o.precision = int(to_dim(v[0], "set_printoptions", "precision"));
            if (!is_none(v[1])) o.threshold = to_float(v[1], "set_printoptions", "threshold");
            if (!is_none(v[2])) o.edgeitems = to_dim(v[2], "set_printoptions", "edgeitems");
            if (!is_none(v[3])) o.linewidth = int(to_dim(v[3], "set_printoptions", "linewidth"));
            if (is_none(v[5])) o.sci_mode.reset();
            else o.sci_mode = truthy_arg(v[5]);
            return Value::none();
        });
    def(torch, "get_printoptions()", [](Interpreter&, Args&) {
        const PrintOptions& o = print_options();
        auto d = make<Dict>();
        d->set(new_str("precision"), Value::integer(o.precision));
        d->set(new_str("threshold"), std::isinf(o.threshold) ? Value::number(o.threshold) : Value::integer(int64_t(o.threshold)));
        d->set(new_str("edgeitems"), Value::integer(o.edgeitems));
        d->set(new_str("linewidth"), Value::integer(o.linewidth));
        d->set(new_str("sci_mode"), o.sci_mode ? Value::boolean(*o.sci_mode) : Value::none());
        return Value(d.get());
    });

    // torch.random.fork_rng (Python, in _ops_ext.py).
    Ref<ModuleObj> random = in.import_module("torch.random");
    random->dict.set("fork_rng", new_builtin("fork_rng", python_forwarder("torch._ops_ext", "fork_rng")));
}

}  // namespace kiln::vm::bind
