// torch.Tensor, nn.Parameter and torch.Size as Python types: methods, properties and dunders.
//
// Each method parses its arguments with a vm::Signature written in PyTorch's own parameter names and
// defaults (so keywords such as dim=, keepdim=, alpha= work as in PyTorch) and calls the eager op of
// ops/ops.h; engine errors (kiln::Error) already carry PyTorch's wording and become Python exceptions
// on their way out. Operators reach the dunders here: the VM calls Tensor.__add__ for `a + b`, the
// reflected __radd__ for `1 + t`, __iadd__ for `t += x` (in place, as PyTorch does), __getitem__ for
// `t[1:, None, mask]`, and so on.
//
// Ops that ops.h lacks but PyTorch programs use often (repeat, flip, in-place exp_, ...) are composed
// from existing differentiable ops; where the composition would print a different grad_fn name, the
// name of the node it created is set to PyTorch's (the gradient itself comes from the composition).
#include <algorithm>
#include <functional>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <memory>

#include <map>
#include <unordered_set>

#include "autograd/grad_mode.h"
#include "autograd/inplace_check.h"
#include "autograd/node.h"
#include "autograd/sparse_grad.h"
#include "bindings/convert.h"
#include "bindings/sparse_grad_py.h"
#include "capture/trace/tracer.h"
#include "bindings/storage.h"
#include "bindings/jit.h"
#include "bindings/numpy.h"
#include "bindings/torch_function.h"
#include "bytecode/opcode.h"
#include "cuda/cuda.h"
#include "cuda/dispatch.h"
#include "ops/unary_api.h"
#include "nn/module.h"
#include "ops/composite.h"
#include "ops/index_ext.h"
#include "ops/output_layout.h"
#include "ops/tensor_extra.h"
#include "support/function.h"
#include "tensor/print.h"
#include "tensor/storage_flags.h"
#include "vm/complex.h"
#include "vm/int_big.h"

namespace kiln::vm::bind {


namespace {

using Args = std::vector<Value>;
using Body = kiln::Function<Value(Interpreter&, Args&)>;

Type* g_tensor = nullptr;

[[noreturn]] void not_supported(const std::string& what) {
    raise(T().NotImplementedError, what + " is not supported in Kiln");
}

Tensor& self_of(const Args& v) { return v[0].get<TensorObj>()->tensor; }

// Registers Tensor.<name> for `spec` ("add(self, other, *, alpha=1)"): binds the call's arguments,
// checks that self is a tensor (Tensor.add(1, 2) must not crash), and runs `body`.
std::vector<std::string>& method_specs() {
    static std::vector<std::string> specs;
    return specs;
}

void method(Type* type, const char* spec, Body body) {
    if (type == g_tensor) method_specs().push_back(spec);
    auto sig = std::make_shared<Signature>(spec);
    sig->numpy_aliases().python_wording(/*method=*/true);
    std::string name = sig->name();
    def_method(type, name.c_str(), [sig, body](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0 || !a.args[0].is(Kind::Tensor))
            raise(T().TypeError,
                  str("descriptor '", sig->name(), "' for 'torch._C.TensorBase' objects doesn't apply to a '",
                      a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
        Args v = sig->bind(a);
        try {
            if (!recording_calls()) return body(in, v);
            return traced_call(in, CallKind::Method, sig->name(), sig.get(), v, [&] { return body(in, v); });
        } catch (const DeviceKernelMissing&) {
            cuda::fail_no_kernel("aten::" + sig->name());  // names the op a CUDA tensor has no kernel for
        }
    });
}

void method(const char* spec, Body body) { method(g_tensor, spec, std::move(body)); }

// Aliases share the Builtin of their target (Tensor.absolute is Tensor.abs).
void alias(const char* name, const char* target) { g_tensor->dict.set(name, *g_tensor->dict.find(target)); }

Value none() { return Value::none(); }

// An int for a dim/size/index argument: Python ints and one-element integer tensors (t.size(0) // 2
// is often a tensor in PyTorch programs too).
bool int_like(const Value& v, int64_t* out) {
    if (is_index(v) && !v.is_bool()) {
        *out = to_int(v, "");
        return true;
    }
    if (auto* t = v.as<TensorObj>();
        t && t->tensor.numel() == 1 && dtype_is_integral(t->tensor.dtype(), false) && t->tensor.dim() == 0) {
        *out = t->tensor.item().to_int();
        return true;
    }
    return false;
}

// dim=None | int | tuple/list of ints -> the engine's "all dims" (empty) or the listed dims.
std::vector<int64_t> dims_arg(const Value& v, const char* fn) {
    if (is_none(v)) return {};
    return to_int_list(v, fn, "dim");
}

// Renames a node that an op made just now, when the composition behind a binding would otherwise
// print another grad_fn than PyTorch's (see the file comment).
Tensor named(Tensor out, const char* grad_fn, const Tensor& input = Tensor()) {
    if (out.grad_fn() && (!input.defined() || out.grad_fn() != input.grad_fn())) out.grad_fn()->name = grad_fn;
    return out;
}

// ---- in place via a functional result ----------------------------------------------------------
// For in-place methods that ops.h has no kernel for (exp_, pow_, ...): computes op(x) and writes it
// back with PyTorch's checks. With autograd the result is computed from inplace_source(x) and x is
// rebased onto its node, exactly as the engine's own in-place ops do, so x.grad_fn is ExpBackward0.
// The result must be castable to x's dtype (kiln::can_cast).

template <typename F>
Value inplace(const Value& self, std::vector<Tensor> others, F compute) {
    Tensor& x = self.get<TensorObj>()->tensor;
    autograd::check_inplace(x, others);
    assert_no_internal_overlap(x);
    for (const Tensor& o : others) assert_no_partial_overlap(x, o);
    others.push_back(x);
    bool grad = autograd::needs_grad(others);
    Tensor r;
    if (grad) {
        r = compute(autograd::inplace_source(x));
    } else {
        autograd::NoGradGuard g;
        r = compute(x);
    }
    KILN_CHECK(can_cast(r.dtype(), x.dtype()), RuntimeError, "result type ", dtype_scalar_type_name(r.dtype()),
               " can't be cast to the desired output type ", dtype_scalar_type_name(x.dtype()));
    KILN_CHECK(r.sizes() == x.sizes(), RuntimeError, "output with shape ", shape_str(x.sizes()),
               " doesn't match the broadcast shape ", shape_str(r.sizes()));
    {
        autograd::NoGradGuard g;
        copy_(x, r);
    }
    if (grad) autograd::inplace_rebase(x, r);
    return self;
}

// ---- operands -------------------------------------------------------------------------------------

bool is_operand(const Value& v) { return is_tensor(v) || is_scalar(v) || is_ndarray(v); }  // ndarrays as PyTorch takes them

// A binary op's tensor-or-number operand, with PyTorch's argument-parser wording on a bad type.
Tensor other_of(const Value& v, const char* fn, const char* arg = "other", int pos = 1) {
    if (is_operand(v)) return tensor_or_scalar(v);
    raise(T().TypeError, str(where_of(fn, arg, v, pos), " must be Tensor, not ", type_name(v)));
}

// The exponent of pow: a Python number keeps the Scalar overload (PowBackward0, as PyTorch).
Tensor pow_of(const Tensor& x, const Value& e, const char* fn) {
    if (is_scalar(e)) return pow(x, to_scalar(e));
    return pow(x, to_tensor(e, fn, "exponent"));
}

std::optional<Scalar> opt_scalar(const Value& v, const char* fn, const char* arg) {
    if (is_none(v)) return std::nullopt;
    return to_scalar(v, fn, arg);
}

// clamp(min, max) with scalar or tensor bounds (tensor bounds become maximum/minimum).
Tensor clamp_of(const Tensor& x, const Value& lo, const Value& hi, const char* fn) {
    if (is_none(lo) && is_none(hi))
        raise(T().RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    bool tensors = (is_tensor(lo) && to_tensor(lo).dim() > 0) || (is_tensor(hi) && to_tensor(hi).dim() > 0);
    if (!tensors) return clamp(x, opt_scalar(lo, fn, "min"), opt_scalar(hi, fn, "max"));
    auto bound = [&](const Value& b, const char* name) {
        return is_none(b) ? std::optional<Tensor>() : std::optional<Tensor>(tensor_or_scalar(b, fn, name));
    };
    return clamp_tensors(x, bound(lo, "min"), bound(hi, "max"));
}

Tensor round_of(const Tensor& x, int64_t decimals) {
    if (decimals == 0) return round(x);
    // ATen's round_decimals_kernel: ten_pow = 10^|decimals| (exact), then nearbyint(x * ten_pow) / ten_pow
    // for decimals > 0 and nearbyint(x / ten_pow) * ten_pow for decimals < 0; scaling by 10^decimals
    // (an inexact 0.001) printed round(1200.1234, decimals=-3) as 999.9999 instead of 1000.
    double ten_pow = std::pow(10.0, double(decimals < 0 ? -decimals : decimals));
    if (decimals < 0) return named(mul(round(div(x, Scalar(ten_pow))), Scalar(ten_pow)), "RoundBackward1");
    return named(div(round(mul(x, Scalar(ten_pow))), Scalar(ten_pow)), "RoundBackward1");
}

// ---- the namedtuples of max/min(dim): torch.return_types.max(values=..., indices=...) --------------

Type* return_type(const char* name, const char* f0 = "values", const char* f1 = "indices") {
    static std::map<std::string, Type*> made;
    auto it = made.find(name);
    if (it != made.end()) return it->second;
    Type* t = make_builtin_type(name, T().tuple, Kind::Tuple, "torch.return_types");
    std::string n0 = f0, n1 = f1;
    def_method(t, "__repr__", [n0, n1](Interpreter& in, const CallArgs& a) {
        const auto& items = a.args[0].get<Tuple>()->items;
        return new_str(str(type_name(a.args[0]), "(\n", n0, "=", repr(in, items[0]), ",\n", n1,
                           "=", repr(in, items[1]), ")"));
    });
    def_property(t, f0, [](Interpreter&, const CallArgs& a) { return a.args[0].get<Tuple>()->items[0]; });
    def_property(t, f1, [](Interpreter&, const CallArgs& a) { return a.args[0].get<Tuple>()->items[1]; });
    made[name] = t;
    return t;
}

Value values_indices(const char* name, const std::pair<Tensor, Tensor>& r) {
    return Value(make<Tuple>(return_type(name), std::vector<Value>{wrap(r.first), wrap(r.second)}).get());
}

Value min_max_pair(const std::pair<Tensor, Tensor>& r) {
    return Value(
        make<Tuple>(return_type("aminmax", "min", "max"), std::vector<Value>{wrap(r.first), wrap(r.second)}).get());
}

// x.nonzero(as_tuple=True) / torch.where(cond): one int64 vector per dim.
Value nonzero_tuple(const Tensor& x) {
    Tensor nz = nonzero(x);
    std::vector<Tensor> cols;
    if (x.dim() == 0) {
        cols.push_back(reshape(nz, {-1}));  // 0-dim input: one vector of 0s, one per nonzero
        cols.back() = zeros({nz.sizes()[0]}, {DType::Int64});
    }
    for (int64_t j = 0; j < x.dim(); ++j) cols.push_back(contiguous(select(nz, 1, j)));
    return wrap_tuple(cols);
}

// Tuple subtypes (torch.Size, return_types) are not "core" objects for the VM, so subscripting and
// `in` reach these dunders; they behave as a tuple's (a slice of a Size is a Size).
void def_tuple_protocol(Type* t) {
    def_method(t, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        auto* self = a.args[0].get<Tuple>();
        Value plain = new_tuple(self->items);
        Value r = getitem(in, plain, a.args[1]);
        if (a.args[0].obj()->type == T().size && r.is(Kind::Tuple))
            r = Value(make<Tuple>(T().size, r.get<Tuple>()->items).get());
        return r;
    });
    def_method(t, "__contains__", [](Interpreter& in, const CallArgs& a) {
        return Value::boolean(contains(in, new_tuple(a.args[0].get<Tuple>()->items), a.args[1]));
    });
    def_method(t, "__eq__", [](Interpreter& in, const CallArgs& a) {
        if (!a.args[1].is(Kind::Tuple)) return not_implemented();
        return compare(in, bytecode::CMP_EQ, new_tuple(a.args[0].get<Tuple>()->items),
                       new_tuple(a.args[1].get<Tuple>()->items));
    });
    def_method(t, "__ne__", [](Interpreter& in, const CallArgs& a) {
        if (!a.args[1].is(Kind::Tuple)) return not_implemented();
        return compare(in, bytecode::CMP_NE, new_tuple(a.args[0].get<Tuple>()->items),
                       new_tuple(a.args[1].get<Tuple>()->items));
    });
}

// ---- grad_fn objects -------------------------------------------------------------------------------

// One object per node while it lives (the node borrows it as Node::py_object), as PyTorch's
// functionToPyObject returns a node's cached PyObject.
struct GradFnObj : NativeObj {
    GradFnObj(Type* t, std::shared_ptr<autograd::Node> n) : NativeObj(t), node(std::move(n)) { node->py_object = this; }
    ~GradFnObj() override {
        if (node && node->py_object == this) node->py_object = nullptr;
    }
    std::shared_ptr<autograd::Node> node;
};

Type* g_node_type = nullptr;

// PyTorch gives every backward function its own class (type(y.grad_fn).__name__ == "AddBackward0"),
// all deriving from torch.autograd.graph.Node: one immortal subclass per name, made on first use.
Type* node_class(const std::string& name) {
    static std::map<std::string, Type*> classes;
    auto it = classes.find(name);
    if (it != classes.end()) return it->second;
    Type* t = make_builtin_type(name.c_str(), g_node_type, Kind::Native, "builtins");
    classes.emplace(name, t);
    return t;
}

Value wrap_node(const std::shared_ptr<autograd::Node>& n) {
    if (!n) return Value::none();
    if (Value ctx = custom_grad_fn_object(n.get()); !ctx.is_null()) return ctx;
    if (n->py_object) return Value(static_cast<GradFnObj*>(n->py_object));
    return Value(make<GradFnObj>(node_class(n->name), n).get());
}


void register_node_type() {
    g_node_type = make_builtin_type("Node", T().object, Kind::Native, "torch.autograd.graph");
    auto node = [](const CallArgs& a) { return native_cast<GradFnObj>(a.args[0])->node; };
    def_method(g_node_type, "__repr__", [node](Interpreter&, const CallArgs& a) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(a.args[0].obj()));
        return new_str(str("<", node(a)->name, " object at ", buf, ">"));
    });
    // Node.name(): the C++ class name, which for the nodes PyTorch writes by hand rather than generates
    // (CopySlices, AccumulateGrad) carries their namespace
    def_method(g_node_type, "name", [node](Interpreter&, const CallArgs& a) {
        const std::string& n = node(a)->name;
        return new_str(n == "CopySlices" || n == "AccumulateGrad" ? "torch::autograd::" + n : n);
    });
    def_property(g_node_type, "next_functions", [node](Interpreter&, const CallArgs& a) {
        std::vector<Value> out;
        for (const autograd::Edge& e : node(a)->next_edges)
            out.push_back(new_tuple({wrap_node(e.fn), Value::integer(e.input_nr)}));
        return new_tuple(std::move(out));
    });
    def_property(g_node_type, "variable", [node](Interpreter&, const CallArgs& a) {
        auto leaf = node(a)->leaf.lock();
        if (!leaf) raise(T().AttributeError, str("'", node(a)->name, "' object has no attribute 'variable'"));
        return wrap(Tensor(leaf));
    });
    // grad_fn._saved_<name>: a tensor the node saved for backward, under derivatives.yaml's name
    // (_saved_self, _saved_other, _saved_result, ...), unpacked as backward would (the version check;
    // the unpack hook under saved-tensor hooks). After a backward without retain_graph freed them,
    // reading one raises PyTorch's second-backward error.
    def_method(g_node_type, "__getattr__", [node](Interpreter&, const CallArgs& a) -> Value {
        std::string attr = a.nargs == 2 && a.args[1].is(Kind::Str) ? std::string(a.args[1].get<Str>()->s) : "";
        const std::shared_ptr<autograd::Node>& n = node(a);
        const std::string prefix = "_saved_";
        if (attr.compare(0, prefix.size(), prefix) == 0) {
            const std::string key = attr.substr(prefix.size());
            for (const auto& [name, saved] : n->saved) {
                if (name != key) continue;
                if (n->saved_released) raise(T().RuntimeError, autograd::second_backward_message());
                return wrap(saved.get());
            }
        }
        raise(T().AttributeError, str("'", n->name, "' object has no attribute '", attr, "'"));
    });
    def_method(g_node_type, "__eq__", [node](Interpreter&, const CallArgs& a) {
        auto* o = native_cast<GradFnObj>(a.args[1]);
        return Value::boolean(o && o->node == node(a));
    });
    def_method(g_node_type, "__hash__", [node](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(reinterpret_cast<intptr_t>(node(a).get()) >> 4));
    });
}

// ---- indexing ----------------------------------------------------------------------------------------
// t[key]: ints select, slices slice, None unsqueezes, ... expands, and tensors/lists are advanced
// indices. Basic indexing makes views (shared storage, as PyTorch). Advanced indices (long tensors,
// bool masks, lists, several of them broadcast together) gather through one index_select over the
// flattened indexed dims; separated advanced dims move to the front first, as in NumPy/PyTorch.

struct IndexPlan {
    Tensor view;                                  // the base after basic indexing
    std::vector<std::pair<int64_t, Tensor>> adv;  // (dim in view, index tensor) in order
};

// PyTorch's treatSequenceAsTuple (torch/csrc/autograd/python_variable_indexing.cpp): a list index of
// fewer than 32 items is taken as a tuple of indices when an item is a tensor, a sequence, a slice,
// Ellipsis or None (the pre-NumPy-1.23 rule PyTorch keeps): t[[0, None]] is t[0, None] and
// t[[[0, 1], [1, 0]]] is t[[0, 1], [1, 0]]; a list of plain ints stays one index tensor. So does a list
// of NumPy integer scalars, which are no sequences (t[[b, b + 1]] with b from np.random.randint), where
// an ndarray item is one.
bool list_is_index_tuple(const Value& key) {
    if (!key.is(Kind::List)) return false;
    const std::vector<Value>& xs = key.get<List>()->items;
    if (xs.size() >= 32) return false;
    for (const Value& x : xs)
        if (x.is(Kind::Tensor) || x.is(Kind::List) || x.is(Kind::Tuple) || x.is(Kind::Range) ||
            (is_ndarray(x) && !is_numpy_scalar(x)) || x.as<Slice>() || x.is_none() ||
            (x.is_obj() && x.obj() == ellipsis().obj()))
            return true;
    return false;
}

// An index that is neither a tensor, a number, a slice nor a built-in sequence but an object with the
// sequence protocol (PySequence_Check: a class defining __getitem__, not a dict), such as the Subset of
// indices torch.utils.data.random_split returns: PyTorch's wrapTuple reads its items and, by
// treatSequenceAsTuple's rule, indexes with them as a tuple when they are fewer than 32 and one is a
// tensor, sequence, slice, None or Ellipsis; otherwise the items form one index tensor
// (sequenceToVariable): x[train_idx] with train_idx = random_split(torch.arange(n), [0.8, 0.2])[0].
bool is_sequence_object(const Value& key) {
    return key.is(Kind::Instance) && !find_dunder(key, "__getitem__").is_null() && !isinstance(key, T().dict);
}

std::vector<Value> sequence_object_items(const Value& key) {
    std::vector<Value> xs = to_vector(current_interpreter(), key);
    Value as_list = new_list(xs);
    if (list_is_index_tuple(as_list)) return xs;
    return {as_list};
}

std::vector<Value> index_items(const Value& key) {
    std::vector<Value> items = key.is(Kind::Tuple) && key.obj()->type == T().tuple ? key.get<Tuple>()->items
                               : list_is_index_tuple(key)                          ? key.get<List>()->items
                               : is_sequence_object(key)                           ? sequence_object_items(key)
                                                                                   : std::vector<Value>{key};
    for (Value& v : items)  // NumPy indices: integer scalars index like ints, arrays like tensors
        if (is_ndarray(v)) v = is_numpy_scalar(v) ? scalar_value(ndarray_tensor(v).item()) : wrap(ndarray_tensor(v));
    return items;
}

std::optional<int64_t> slice_bound(const Value& v) {
    if (is_none(v)) return std::nullopt;
    int64_t i;
    if (int_like(v, &i)) return i;
    // Ints past 64 bits clamp (PySlice_Unpack through _PyEval_SliceIndex): t[-2**70:2**70] is all of t
    if (is_big(v)) return big_of(v)->negative() ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
    // PySlice_Unpack takes any __index__ object: NumPy integer scalars (t[i:i + T], i an np.int64)
    if (v.is_obj() && !v.is(Kind::Type) && type_of(v)->lookup("__index__"))
        return to_int(number_index(current_interpreter(), v), "");
    raise(T().TypeError, "slice indices must be integers or None or have an __index__ method");
}

IndexPlan basic_index(Interpreter& in, const Tensor& t, const Value& key) {
    std::vector<Value> items = index_items(key);
    // A lone Python/NumPy integer takes PyTorch's 1-D path (THPUtils_checkLong, then applySelect), whose
    // 0-dim check comes before the dimension count: t[0] on a 0-dim tensor says to use item() (the
    // legacy `loss.data[0]` idiom). A tuple or a tensor index goes through the count ("too many indices").
    if (t.dim() == 0 && !key.is(Kind::Tuple) && items.size() == 1 && is_int_like(items[0]) && !items[0].is_bool() &&
        to_int(items[0], "") == 0)
        raise(T().IndexError,
              "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
              "convert a 0-dim tensor to a number");
    // int32 index tensors act as int64 ones; a uint8 index is a mask, as PyTorch still takes it with
    // its deprecation warning. int8/int16 fall through to the "must be long, int, byte or bool" error.
    for (Value& it : items) {
        auto* x = it.as<TensorObj>();
        if (!x) continue;
        if (x->tensor.dtype() == DType::Int32) {
            it = wrap(to_dtype(x->tensor.detach(), DType::Int64));
        } else if (x->tensor.dtype() == DType::UInt8) {
            emit_warning(in,
                         new_str("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
                                 "instead."),
                         T().UserWarning, 1);
            it = wrap(to_dtype(x->tensor.detach(), DType::Bool));
        }
    }
    int64_t consumed = 0, ellipses = 0;
    for (const Value& it : items) {
        if (it.is_none() || it.is_bool()) continue;
        if (it.is_obj() && it.obj() == ellipsis().obj()) {
            ++ellipses;
            continue;
        }
        if (auto* x = it.as<TensorObj>(); x && x->tensor.dtype() == DType::Bool)
            consumed += x->tensor.dim();
        else
            ++consumed;
    }
    if (ellipses > 1) raise(T().IndexError, "an index can only have a single ellipsis ('...')");
    if (consumed > t.dim()) raise(T().IndexError, str("too many indices for tensor of dimension ", t.dim()));
    IndexPlan p;
    Tensor r = t;
    int64_t d = 0, i = 0;
    int64_t od = 0;  // the dim of `t` the item indexes
    // An out-of-range integer names the item's position in the index tuple (PyTorch's applySlicing
    // passes real_dim = i), which is not the tensor's dim once None, True or an ellipsis came before.
    size_t pos = 0;
    auto select_at = [&](int64_t index) {
        if (r.dim() > 0) {
            int64_t n = r.sizes()[size_t(d)];
            if (index < -n || index >= n)
                raise(T().IndexError, str("index ", index, " is out of bounds for dimension ", pos, " with size ", n));
        }
        r = select(r, d, index);
        ++od;
    };
    for (const Value& it : items) {
        pos = size_t(&it - items.data());
        if (it.is_bool()) {  // t[True] adds a dim of size 1, t[False] one of size 0
            r = unsqueeze(r, d);
            if (!it.as_bool()) r = slice(r, d, 0, 0);
            ++d;
        } else if (it.is_none()) {
            r = unsqueeze(r, d++);
        } else if (it.is_obj() && it.obj() == ellipsis().obj()) {
            d += t.dim() - consumed;
            od += t.dim() - consumed;
        } else if (int_like(it, &i) && !it.is(Kind::Tensor)) {
            select_at(i);
        } else if (is_big(it)) {
            raise(T().RuntimeError, "Overflow when unpacking long");  // THPUtils_unpackLong
        } else if (auto* s = it.as<Slice>()) {
            std::optional<int64_t> step = slice_bound(s->step);
            // PySlice_Unpack's error for a zero step comes first (THPUtils_unpackSlice), then at::slice's
            if (step && *step == 0) raise(T().ValueError, "slice step cannot be zero");
            if (step && *step < 0) raise(T().ValueError, "step must be greater than zero");
            r = slice(r, d, slice_bound(s->start), slice_bound(s->stop), step.value_or(1));
            ++d;
            ++od;
        } else if (auto* x = it.as<TensorObj>(); x && x->tensor.dtype() == DType::Bool && x->tensor.dim() == 0) {
            r = unsqueeze(r, d);  // a 0-dim mask acts as a Python bool
            if (!x->tensor.item().to_bool()) r = slice(r, d, 0, 0);
            ++d;
        } else if (auto* x = it.as<TensorObj>()) {
            const Tensor& ix = x->tensor;
            if (ix.dtype() != DType::Bool && ix.dtype() != DType::Int64)
                raise(T().IndexError, "tensors used as indices must be long, int, byte or bool tensors");
            if (ix.dim() == 0 && ix.dtype() == DType::Int64) {
                select_at(ix.item().to_int());  // a 0-dim index acts as an int
                continue;
            }
            p.adv.emplace_back(d, ix.detach());
            d += ix.dtype() == DType::Bool ? ix.dim() : 1;
            od += ix.dtype() == DType::Bool ? ix.dim() : 1;
        } else if (it.is(Kind::List) || it.is(Kind::Range) || it.is(Kind::Tuple)) {
            // Sequences of ints/bools index like tensors (t[range(n), targets], t[(0, 2),]).
            Value seq = it.is(Kind::Range) ? new_list(to_vector(in, it)) : it;
            Tensor ix = tensor_from_data(in, seq, std::nullopt, "index");
            if (ix.numel() == 0) ix = to_dtype(ix, DType::Int64);  // t[[]] selects nothing
            if (ix.is_floating_point())
                raise(T().IndexError, "tensors used as indices must be long, int, byte or bool tensors");
            p.adv.emplace_back(d, ix);
            d += ix.dtype() == DType::Bool ? ix.dim() : 1;
            od += ix.dtype() == DType::Bool ? ix.dim() : 1;
        } else {
            // Anything else indexes as the int its __index__ gives (PyTorch's applySlicing calls
            // PyNumber_Index); without one, or when it raises, the index is invalid.
            std::optional<int64_t> k;
            if (it.is(Kind::Instance) && !find_dunder(it, "__index__").is_null()) {
                try {
                    Value n = number_index(in, it);
                    if (!is_big(n)) k = n.as_int();
                } catch (PyError&) {
                }
            }
            if (!k)
                raise(T().IndexError,
                      str("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                          "valid indices (got ",
                          type_name(it), ")"));
            select_at(*k);
        }
    }
    p.view = r;
    return p;
}

// The advanced part of an index, resolved: the (possibly permuted) base, where the indexed dims
// start, how many there are, the broadcast index shape and the flat positions into those dims.
struct Advanced {
    Tensor base;
    int64_t start = 0, count = 0;
    Shape index_shape;
    std::vector<int64_t> flat;  // row-major over index_shape: linear index into the indexed dims
    Shape result_shape() const {
        Shape s(base.sizes().begin(), base.sizes().begin() + start);
        s.insert(s.end(), index_shape.begin(), index_shape.end());
        s.insert(s.end(), base.sizes().begin() + start + count, base.sizes().end());
        return s;
    }
};

Advanced resolve_advanced(const IndexPlan& p) {
    const Tensor& r = p.view;
    // Bool masks become one long index per masked dim (their nonzero coordinates).
    std::vector<std::pair<int64_t, std::vector<int64_t>>> idx;  // dim, values
    std::vector<Shape> shapes;
    for (const auto& [d, ix] : p.adv) {
        if (ix.dtype() == DType::Bool) {
            for (int64_t j = 0; j < ix.dim(); ++j)
                if (ix.sizes()[j] != r.sizes()[d + j])
                    raise(T().IndexError, str("The shape of the mask ", shape_str(ix.sizes()), " at index ", j,
                                              " does not match the shape of the indexed tensor ", shape_str(r.sizes()),
                                              " at index ", d + j));
            std::vector<int64_t> m = ix.to_int_vector();
            std::vector<std::vector<int64_t>> coords(size_t(ix.dim()));
            Shape st = contiguous_strides(ix.sizes());
            for (int64_t pos = 0; pos < int64_t(m.size()); ++pos) {
                if (!m[size_t(pos)]) continue;
                for (int64_t j = 0; j < ix.dim(); ++j) coords[size_t(j)].push_back(pos / st[j] % ix.sizes()[j]);
            }
            for (int64_t j = 0; j < ix.dim(); ++j) {
                shapes.push_back({int64_t(coords[size_t(j)].size())});
                idx.emplace_back(d + j, std::move(coords[size_t(j)]));
            }
        } else {
            shapes.push_back(ix.sizes());
            // A meta index has sizes only: its positions stand in as 0 (the result's shape is what a
            // meta tensor's indexing computes; its values are never read).
            idx.emplace_back(d, ix.is_meta() ? std::vector<int64_t>(size_t(ix.numel()), 0) : ix.to_int_vector());
        }
    }
    Advanced a;
    a.base = r;
    a.count = int64_t(idx.size());
    bool consecutive = true;
    for (size_t j = 1; j < idx.size(); ++j) consecutive &= idx[j].first == idx[0].first + int64_t(j);
    if (!consecutive) {
        std::vector<int64_t> perm;
        for (auto& e : idx) perm.push_back(e.first);
        for (int64_t d = 0; d < r.dim(); ++d)
            if (std::find(perm.begin(), perm.end(), d) == perm.end()) perm.push_back(d);
        a.base = permute(r, perm);
        for (size_t j = 0; j < idx.size(); ++j) idx[j].first = int64_t(j);
    }
    a.start = idx[0].first;
    // Broadcast the index shapes.
    Shape b = shapes[0];
    for (size_t j = 1; j < shapes.size(); ++j) {
        try {
            b = broadcast_shapes(b, shapes[j]);
        } catch (const Error&) {
            std::string all;
            for (size_t k = 0; k < shapes.size(); ++k) all += (k ? ", " : "") + shape_str(shapes[k]);
            raise(T().IndexError,
                  "shape mismatch: indexing tensors could not be broadcast together with shapes " + all);
        }
    }
    a.index_shape = b;
    int64_t n = shape_numel(b);
    a.flat.assign(size_t(n), 0);
    Shape out_strides = contiguous_strides(b);
    for (size_t j = 0; j < idx.size(); ++j) {
        const Shape& s = shapes[j];
        int64_t size = a.base.sizes()[a.start + int64_t(j)];
        // Strides of index j broadcast to b (0 on broadcast dims).
        Shape st = contiguous_strides(s);
        for (int64_t pos = 0; pos < n; ++pos) {
            int64_t src = 0;
            for (size_t k = 0; k < b.size(); ++k) {
                int64_t coord = pos / out_strides[k] % b[k];
                int64_t sk = int64_t(k) - int64_t(b.size() - s.size());
                if (sk >= 0 && s[size_t(sk)] != 1) src += coord * st[size_t(sk)];
            }
            int64_t v = idx[j].second[size_t(src)];
            if (v < -size || v >= size)
                raise(T().IndexError, str("index ", v, " is out of bounds for dimension ",
                                          p.adv.size() == 1 ? idx[j].first : int64_t(j), " with size ", size));
            if (v < 0) v += size;
            a.flat[size_t(pos)] = a.flat[size_t(pos)] * size + v;
        }
    }
    return a;
}

// Index values computed on the host, as an int64 tensor on `device` (a CUDA tensor's indices live
// on its GPU, as PyTorch moves a list index there).
Tensor long_tensor(const std::vector<int64_t>& v, const Shape& shape, Device device = Device::CPU) {
    Tensor t = Tensor::empty(shape, DType::Int64);
    std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
    return device == Device::CPU ? t : to_device(t, device);
}

// torch.unique(x, dim=d) (ATen's _unique_dim_cpu_template): the slices along d, as rows of the
// tensor moved to the front and flattened, sorted lexicographically (always, whatever `sorted`
// says) and collapsed where equal; the values keep d with one slice per distinct row, inverse maps
// each input slice to its row, counts how many slices each row stands for.
std::vector<Tensor> unique_dim(const Tensor& x, int64_t dim, bool return_inverse, bool return_counts) {
    const int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    KILN_CHECK(x.dim() > 0, IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got ", dim, ")");
    const int64_t n = x.size(d);
    Tensor rows = contiguous(reshape(movedim(x, d, 0), {n, -1}));
    const int64_t width = n ? rows.numel() / n : 0;
    KILN_CHECK(n == 0 || width > 0 || x.numel() == 0, RuntimeError, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    std::vector<double> vals = to_dtype(rows, DType::Float64).to_double_vector();
    auto row_less = [&](int64_t a, int64_t b) {
        return std::lexicographical_compare(vals.begin() + a * width, vals.begin() + (a + 1) * width,
                                            vals.begin() + b * width, vals.begin() + (b + 1) * width);
    };
    auto row_equal = [&](int64_t a, int64_t b) {
        return std::equal(vals.begin() + a * width, vals.begin() + (a + 1) * width, vals.begin() + b * width);
    };
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) order[size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(), row_less);
    std::vector<int64_t> keep, inverse(static_cast<size_t>(n)), counts;
    for (int64_t k = 0; k < n; ++k) {
        int64_t i = order[size_t(k)];
        if (keep.empty() || !row_equal(keep.back(), i)) {
            keep.push_back(i);
            counts.push_back(0);
        }
        inverse[size_t(i)] = int64_t(keep.size()) - 1;
        ++counts.back();
    }
    const int64_t m = int64_t(keep.size());
    std::vector<Tensor> out{index_select(x, d, long_tensor(keep, {m}, x.device()))};
    if (return_inverse) out.push_back(long_tensor(inverse, {n}, x.device()));
    if (return_counts) out.push_back(long_tensor(counts, {m}, x.device()));
    return out;
}

Tensor get_index(Interpreter& in, const Tensor& t, const Value& key) {
    IndexPlan p = basic_index(in, t, key);
    if (p.adv.empty()) return p.view;
    Advanced a = resolve_advanced(p);
    Tensor flat = a.count > 1 ? flatten(a.base, a.start, a.start + a.count - 1) : a.base;
    Tensor out = index_select(flat, a.start, long_tensor(a.flat, {int64_t(a.flat.size())}, flat.device()));
    out = reshape(out, a.result_shape());
    return named(out, "IndexBackward0", a.base);
}

// Whether `t[key] = value` is PyTorch's index_put_ on t itself (IndexPutBackward0) rather than on a
// view of t (whose base then records CopySlices): THPVariable_setitem applies the basic items first
// (applySlicing: an int selects, None/True/False unsqueeze, a slice narrows, except one spelled
// 0:len(dim) that returns self) and, when tensor indices remain, calls index_put_ on what that left.
bool index_put_on_self(const Tensor& t, const Value& key) {
    bool advanced = false;
    int64_t d = 0;  // the dim of t an item indexes (for a slice's length)
    std::vector<Value> items = index_items(key);
    int64_t consumed = 0;
    for (const Value& it : items) {
        if (it.is_none() || it.is_bool() || (it.is_obj() && it.obj() == ellipsis().obj())) continue;
        auto* x = it.as<TensorObj>();
        consumed += x && x->tensor.dtype() == DType::Bool ? x->tensor.dim() : 1;
    }
    for (const Value& it : items) {
        int64_t i = 0;
        if (it.is_none() || it.is_bool()) return false;
        if (it.is_obj() && it.obj() == ellipsis().obj()) {
            d += t.dim() - consumed;
        } else if (auto* s = it.as<Slice>()) {
            if (d >= t.dim()) return false;
            const int64_t n = t.sizes()[size_t(d)];
            std::optional<int64_t> start = slice_bound(s->start), stop = slice_bound(s->stop), step = slice_bound(s->step);
            // applySlice returns self for start 0, step 1 and a stop at or past the length (`:` included,
            // whose stop unpacks as PY_SSIZE_T_MAX and is clamped first): x[:, idx] = v writes into x.
            if (step.value_or(1) != 1 || start.value_or(0) != 0 || std::min(stop.value_or(n), n) != n) return false;
            ++d;
        } else if (auto* x = it.as<TensorObj>()) {
            if (x->tensor.dim() == 0) return false;  // a 0-dim index selects (or, a mask, unsqueezes)
            advanced = true;
            d += x->tensor.dtype() == DType::Bool ? x->tensor.dim() : 1;
        } else if (it.is(Kind::List) || it.is(Kind::Range) || it.is(Kind::Tuple)) {
            advanced = true;
            ++d;
        } else if (int_like(it, &i)) {
            return false;
        }
    }
    return advanced;
}

}  // namespace

// index_put_'s assert_no_overlap (stricter than copy_'s assert_no_partial_overlap): the value or an
// index may not share any element with the written tensor, not even all of them (a[idx] = a[:2],
// a[idx] = a[0], a[idx] = a), since positions are written while others are still to be read.
// Layouts that are not dense are PyTorch's "too hard" to compare and pass. (Also Tensor.index_put_'s,
// linalg_py.cpp.)
void assert_no_overlap_index_put(const Tensor& self, const Tensor& other) {
    if (!other.defined()) return;
    const bool same = self.is_same(other);
    if (!same) {
        assert_no_partial_overlap(self, other);
        if (self.numel() == 0 || other.numel() == 0 || self.impl()->storage != other.impl()->storage) return;
        if (!non_overlapping_and_dense(self.sizes(), self.strides()) ||
            !non_overlapping_and_dense(other.sizes(), other.strides()))
            return;
        // what assert_no_partial_overlap lets pass: the same bytes with the same strides (a full overlap)
        if (self.storage_offset() * int64_t(self.element_size()) != other.storage_offset() * int64_t(other.element_size()))
            return;
    }
    raise(T().RuntimeError, "unsupported operation: some elements of the input tensor and the written-to tensor refer "
                            "to a single memory location. Please clone() the tensor before performing the operation.");
}

namespace {

// t[key] = value. Without autograd the value is written straight into a view of t (or per advanced
// position). With autograd (t or value requires grad) the update is built functionally: positions
// are scattered into t's old values with where(), and t is rebased onto that node (PyTorch's
// CopySlices, or IndexPutBackward0 for an index_put_ on t itself), so gradients flow to both the kept part of t and the assigned value.
void set_index(Interpreter& in, const Value& self, const Value& key, const Value& value) {
    Tensor& t = self.get<TensorObj>()->tensor;
    Tensor v;
    std::optional<Scalar> sv;
    if (is_scalar(value))
        sv = to_scalar(value);
    else if (is_tensor(value))
        v = to_tensor(value);
    else if (value.is(Kind::List) || value.is(Kind::Tuple))
        v = tensor_from_data(in, value, t.dtype(), "__setitem__");
    else
        raise(T().TypeError,
              str("can't assign a ", type_name(value), " to a torch.", dtype_scalar_type_name(t.dtype()), "Tensor"));
    const Tensor value_as_given = v;  // copied as it is where the indexed view has its shape (copy_to)
    if (v.defined() && v.dim() > 0 && v.sizes()[0] == 1) {
        // PyTorch's slicePrefix1sSize: the value's leading size-1 dims are dropped before it broadcasts
        // to the indexed shape (`x[mask] = self.mask_token` with a (1, 1, d) token).
        size_t k = 0;
        while (k < v.sizes().size() && v.sizes()[k] == 1) ++k;
        v = reshape(v, Shape(v.sizes().begin() + k, v.sizes().end()));
    }
    autograd::check_inplace(t, {v});
    bool grad = autograd::needs_grad({t}) || (v.defined() && autograd::needs_grad({v}));
    if (grad) {
        // Positions of the indexed elements, found by indexing a tensor of positions the same way.
        Tensor positions;
        {
            autograd::NoGradGuard g;
            Tensor all = reshape(arange(Scalar(t.numel())), t.sizes());
            positions = contiguous(get_index(in, all, key));
        }
        Tensor val = v.defined() ? v : scalar_tensor(*sv, t.dtype());
        if (val.dtype() != t.dtype()) val = to_dtype(val, t.dtype());
        if (val.dim() == 0 && val.device() != t.device()) val = to_device(val, t.device());  // a number goes anywhere
        Tensor src = autograd::inplace_source(t);
        Tensor placed = zeros({t.numel()}, {t.dtype(), t.device()});
        Tensor idx = to_device(reshape(positions, {-1}), t.device());
        Tensor vals = reshape(contiguous(expand(val, positions.sizes())), {-1});
        placed = kiln::scatter(placed, 0, idx, vals);  // a repeated position: the last write wins, as on PyTorch's CPU
        std::vector<int64_t> mask_v(size_t(t.numel()), 0);
        for (int64_t pos : idx.to_int_vector()) mask_v[size_t(pos)] = 1;
        Tensor mask = to_dtype(long_tensor(mask_v, {t.numel()}, t.device()), DType::Bool);
        Tensor r = named(reshape(where(mask, placed, reshape(src, {-1})), t.sizes()),
                         index_put_on_self(t, key) ? "IndexPutBackward0" : "CopySlices");
        {
            autograd::NoGradGuard g;
            copy_(t, r);
        }
        autograd::inplace_rebase(t, r);
        return;
    }
    IndexPlan p = basic_index(in, t, key);
    if (p.adv.empty()) {
        if (sv)
            fill_(p.view, *sv);
        else  // PyTorch's copy_to: a value of the view's own shape is copied unchanged, so `g[:] *= c` on
              // a (1, n) tensor writes g[:] back onto itself (a full overlap, allowed), not a reshaped alias
            // (and otherwise expands it first, expand_inplace's error included)
            copy_(p.view, p.view.sizes() == value_as_given.sizes() ? value_as_given : expand(v, p.view.sizes()));
        return;
    }
    if (sv && p.adv.size() == 1 && p.adv[0].first == 0 && p.adv[0].second.dtype() == DType::Bool &&
        p.adv[0].second.sizes() == p.view.sizes()) {
        masked_fill_(p.view, p.adv[0].second, *sv);  // t[mask] = 0: the common case, in one pass
        return;
    }
    assert_no_overlap_index_put(p.view, v);
    for (const auto& [dim, index] : p.adv) assert_no_overlap_index_put(p.view, index);
    Advanced a = resolve_advanced(p);
    Tensor val = v.defined() ? v : scalar_tensor(*sv, t.dtype());
    Shape rs = a.result_shape();
    Tensor vb;
    try {
        vb = expand(val, rs);
    } catch (const Error&) {  // index_put_'s make_index_put_iterator check and wording
        raise(T().RuntimeError, str("shape mismatch: value tensor of shape ", shape_str(val.sizes()),
                                    " cannot be broadcast to indexing result of shape ", shape_str(rs)));
    }
    Shape bst = contiguous_strides(a.index_shape);
    Shape dims(a.base.sizes().begin() + a.start, a.base.sizes().begin() + a.start + a.count);
    Shape dst = contiguous_strides(dims);
    for (size_t pos = 0; pos < a.flat.size(); ++pos) {
        Tensor target = a.base;
        for (int64_t j = 0; j < a.count; ++j)
            target = select(target, a.start, a.flat[pos] / dst[size_t(j)] % dims[size_t(j)]);
        Tensor piece = vb;
        for (size_t k = 0; k < a.index_shape.size(); ++k)
            piece = select(piece, a.start, int64_t(pos) / bst[k] % a.index_shape[k]);
        copy_(target, piece);
    }
}

// ---- composed ops -------------------------------------------------------------------------------------

// any/all over dims: a count of nonzero (or zero) elements compared with 0.
Tensor any_all(const Tensor& x, const Value& dim, bool keepdim, bool is_all) {
    if (is_none(dim)) return is_all ? all(x) : any(x);
    std::vector<int64_t> dims = to_int_list(dim, is_all ? "all" : "any", "dim");
    return is_all ? all(x, dims, keepdim) : any(x, dims, keepdim);
}

// std/var with PyTorch's overloads: (dim, unbiased, keepdim), (unbiased), (dim, *, correction).
Tensor std_var(const Args& v, bool is_std, const char* fn) {
    const Tensor& x = self_of(v);
    Value dim = v[1], unbiased = v[2];
    if (dim.is_bool()) {  // x.std(False): the unbiased overload
        unbiased = dim;
        dim = Value::none();
    }
    double correction = 1.0;
    if (!is_none(v[4]))
        correction = to_float(v[4], fn, "correction");
    else if (!is_none(unbiased))
        correction = to_bool(unbiased, fn, "unbiased") ? 1.0 : 0.0;
    std::vector<int64_t> dims = dims_arg(dim, fn);
    bool keepdim = to_bool(v[3], fn, "keepdim");
    return is_std ? std_dev(x, dims, correction, keepdim) : var(x, dims, correction, keepdim);
}

// ---- conversions --------------------------------------------------------------------------------------

Tensor to_device_check(const Tensor& t, Device d) { return kiln::to_device(t, d); }

// A positional ScalarType argument: a torch.dtype or one of Python's float/int/bool/complex types
// (PyTorch's argument parser takes both, so x.to(float) is x.to(torch.float64)).
static bool is_scalar_type_arg(const Value& x) {
    if (is_dtype(x)) return true;
    if (!x.is(Kind::Type)) return false;
    return x.obj() == T().float_ || x.obj() == T().int_ || x.obj() == T().bool_ || x.obj() == complex_type();
}

// Tensor.to(dtype | device | tensor, ..., dtype=, device=, copy=, non_blocking=).
Value to_method(Interpreter& in, const CallArgs& a) {
    if (a.nargs == 0 || !a.args[0].is(Kind::Tensor)) raise(T().TypeError, "descriptor 'to' requires a 'Tensor' object");
    const Tensor& t = a.args[0].get<TensorObj>()->tensor;
    std::optional<DType> dtype;
    std::optional<Device> device;
    MemoryFormat format = MemoryFormat::Preserve;
    bool copy = false;
    int bools = 0;
    // PyTorch's three overloads: to(device=None, dtype=None, non_blocking, copy), to(dtype, non_blocking,
    // copy), to(tensor, non_blocking, copy). Positionally, a dtype may follow only a device (or None),
    // and after the device/dtype/tensor only the two bools come: anything else matches none of them.
    auto lead = [](const Value& x) { return is_scalar_type_arg(x) ? 2 : x.is(Kind::Tensor) ? 3 : 1; };  // 1: a device or None
    // PyTorch's argument parser's refusal: the call's types (keywords as name=type, each followed by ", ")
    // and the three overloads
    auto invalid = [&a]() {
        std::string got;
        for (size_t j = 1; j < a.nargs; ++j) got += (got.empty() ? "" : ", ") + type_name(a.args[j]);
        if (a.nkw) got += got.empty() ? "" : ", ";
        for (size_t k = 0; k < a.nkw; ++k) got += a.kwname(k) + "=" + type_name(a.kwvalues[k]) + ", ";
        raise(T().TypeError,
              str("to() received an invalid combination of arguments - got (", got, "), but expected one of:\n"
                  " * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = "
                  "False, *, torch.memory_format memory_format = None)\n"
                  " * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format "
                  "memory_format = None)\n"
                  " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format "
                  "memory_format = None)\n"));
    };
    {
        bool ok = true;
        size_t i = 1;
        if (i < a.nargs && !a.args[i].is_bool()) {
            int k = lead(a.args[i++]);
            if (k == 1 && i < a.nargs && (is_scalar_type_arg(a.args[i]) || a.args[i].is_none())) ++i;
        }
        size_t nb = 0;
        for (; i < a.nargs; ++i) ok = ok && a.args[i].is_bool() && ++nb <= 2;
        if (!ok) invalid();
    }
    for (size_t i = 1; i < a.nargs; ++i) {
        const Value& x = a.args[i];
        if (is_scalar_type_arg(x))
            dtype = to_dtype(x);
        else if (x.is(Kind::Str) || x.is_int() || (x.is(Kind::Native) && type_of(x)->name == "device"))
            device = to_device(x, "to", "device");  // an int is an accelerator ordinal: x.to(0), x.to(rank)
        else if (auto* o = x.as<TensorObj>()) {
            dtype = o->tensor.dtype();
            device = o->tensor.device();
        } else if (x.is_bool()) {
            if (bools++ == 1) copy = x.as_bool();  // to(dtype, non_blocking, copy)
        } else if (x.is_none()) {
        } else {
            invalid();  // PyTorch's parser matched no overload: the call's types and the three signatures
        }
    }
    for (size_t k = 0; k < a.nkw; ++k) {
        const std::string& n = a.kwname(k);
        const Value& x = a.kwvalues[k];
        if (n == "dtype")
            dtype = to_opt_dtype(x, "to");
        else if (n == "device") {
            if (!x.is_none()) device = to_device(x, "to");
        } else if (n == "copy")
            copy = to_bool(x, "to", "copy");
        else if (n == "memory_format")
            format = to_memory_format(in, x, "to");
        else if (n == "tensor") {  // to(Tensor tensor, bool non_blocking=False, bool copy=False): its dtype and device
            const Tensor& o = to_tensor(x, "to", "tensor");
            dtype = o.dtype();
            device = o.device();
        } else if (n == "non_blocking") {
        } else
            invalid();
    }
    Tensor converted = kiln::to_device(t, device.value_or(t.device()), dtype.value_or(t.dtype()), copy);
    // memory_format= lays the result out in that format (a copy unless it already is)
    if (format != MemoryFormat::Preserve && !is_contiguous_as(converted, format)) converted = clone_as(converted, format);
    Value result = wrap(converted);
    if (recording_calls()) {
        // The tracer records x.to(dtype) as aten::to.dtype (or as x itself when nothing changes);
        // without this the converted tensor would be baked into the trace as a constant.
        std::vector<Value> args = {a.args[0]};
        return traced_call(in, CallKind::Method, "to", nullptr, args, [&] { return result; });
    }
    return result;
}

Value tolist_value(const NestedList& n) {
    if (n.is_scalar) return scalar_value(n.value);
    std::vector<Value> items;
    for (const auto& c : n.items) items.push_back(tolist_value(c));
    return new_list(std::move(items));
}

// TensorImpl::set_requires_grad's check, before the leaf and dtype ones (PyTorch's order).
void check_inference_requires_grad(const Tensor& x, bool flag) {
    if (flag && !inference_mode_flag() && storage_has_flag(x.impl()->storage.get(), kStorageInference))
        raise(T().RuntimeError, "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
}

std::string requires_grad_leaf_error(bool flag) {
    std::string msg = "you can only change requires_grad flags of leaf variables.";
    if (!flag)
        msg +=
            " If you want to use a computed variable in a subgraph that doesn't require differentiation use "
            "var_no_grad = var.detach().";
    return msg;
}

// ==== registration =====================================================================================

void register_properties() {
    Type* t = g_tensor;
    auto self = [](const CallArgs& a) -> Tensor& { return a.args[0].get<TensorObj>()->tensor; };
    def_property(t, "shape", [self](Interpreter& in, const CallArgs& a) {
        return tracing() ? traced_shape(in, self(a)) : size_value(self(a).sizes());
    });
    def_property(t, "dtype", [self](Interpreter&, const CallArgs& a) { return dtype_value(self(a).dtype()); });
    def_property(t, "device", [self](Interpreter&, const CallArgs& a) { return device_value(self(a).device()); });
    def_property(t, "ndim", [self](Interpreter&, const CallArgs& a) { return Value::integer(self(a).dim()); });
    // Tensor._base: the tensor a view was made from (None for a non-view), the same Python object
    def_property(t, "_base", [self](Interpreter&, const CallArgs& a) {
        const auto& base = self(a).impl()->base;
        return base ? wrap(Tensor(base)) : Value::none();
    });
    def_property(t, "is_leaf", [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).is_leaf()); });
    def_property(t, "is_cuda",
                 [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).device() == Device::CUDA); });
    def_property(t, "is_cpu",
                 [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).device() == Device::CPU); });
    def_property(t, "is_meta", [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).is_meta()); });
    // Devices Kiln does not have (device checks in portable scripts): never.
    for (const char* n : {"is_xpu", "is_mps", "is_sparse"})
        def_property(t, n, [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
    // Nor layouts and backends it does not have: quantized and nested tensors, MKL-DNN, XLA, IPU, Vulkan.
    for (const char* n : {"is_quantized", "is_nested", "is_mkldnn", "is_xla", "is_ipu", "is_vulkan", "is_maia"})
        def_property(t, n, [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
    // Which output of its grad_fn a tensor is (0 for leaves).
    def_property(t, "output_nr", [self](Interpreter&, const CallArgs& a) {
        const Tensor& x = self(a);
        return Value::integer(x.grad_fn() ? int64_t(x.impl()->output_nr) : 0);
    });
    // Tensor.names: Kiln's tensors are never named (stdlib torch/_ops_sweep.py refuses names), one None per dim.
    def_property(t, "names", [self](Interpreter&, const CallArgs& a) {
        return new_tuple(std::vector<Value>(size_t(self(a).dim()), Value::none()));
    });
    def_property(t, "itemsize",
                 [self](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(self(a).element_size())); });
    def_property(t, "nbytes", [self](Interpreter&, const CallArgs& a) {
        return Value::integer(self(a).numel() * int64_t(self(a).element_size()));
    });
    // An inference tensor has no version counter (PyTorch's VariableVersion::current_version check).
    def_property(t, "_version", [self](Interpreter&, const CallArgs& a) {
        const Tensor& x = self(a);
        KILN_CHECK(!storage_has_flag(x.impl()->storage.get(), kStorageInference), RuntimeError,
                   "Inference tensors do not track version counter.");
        return Value::integer(int64_t(x.version()));
    });
    def_property(t, "retains_grad",
                 [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).retains_grad()); });
    def_property(t, "grad_fn", [self](Interpreter&, const CallArgs& a) { return wrap_node(self(a).grad_fn()); });
    // .real / .imag: views of a complex tensor's parts (ops/complex.cpp); .real of a real tensor is
    // itself and .imag an error, as PyTorch's. Assigning copies into the view (x.real = t).
    def_property(
        t, "real", [self](Interpreter&, const CallArgs& a) { return wrap(kiln::real(self(a))); },
        [self](Interpreter&, const CallArgs& a) {
            Tensor dst = kiln::real(self(a));
            copy_(dst, tensor_or_scalar(a.args[1], "real", "value"));
            return Value::none();
        });
    def_property(
        t, "imag", [self](Interpreter&, const CallArgs& a) { return wrap(kiln::imag(self(a))); },
        [self](Interpreter&, const CallArgs& a) {
            Tensor dst = kiln::imag(self(a));
            copy_(dst, tensor_or_scalar(a.args[1], "imag", "value"));
            return Value::none();
        });
    def_property(t, "T", [self](Interpreter& in, const CallArgs& a) {
        const Tensor& x = self(a);
        // ATen's numpy_T: TORCH_WARN_ONCE (once per process) for dims other than 2, and for 0-d
        static bool warned_not_matrix = false, warned_scalar = false;
        if (x.dim() != 2 && x.dim() != 0 && !warned_not_matrix) {
            warned_not_matrix = true;
            emit_warning(in,
                         new_str("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
                                 "deprecated and it will throw an error in a future release. Consider `x.mT` to "
                                 "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to "
                                 "reverse the dimensions of a tensor."),
                         T().UserWarning, 1);
        }
        if (x.dim() == 0 && !warned_scalar) {
            warned_scalar = true;
            emit_warning(in, new_str("Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."),
                         T().UserWarning, 1);
        }
        std::vector<int64_t> dims;
        for (int64_t d = x.dim() - 1; d >= 0; --d) dims.push_back(d);
        Value r;
        {
            capture::NoTraceScope off;
            r = wrap(permute(x, dims));
        }
        return traced_property(in, "T", x, r);
    });
    // .mT / .mH / .H record their transposes when traced (jit.trace, torch.compile's aten re-trace):
    // untraced, the result would be frozen into the graph as a constant, cut from its input's gradient.
    def_property(t, "mT", [self](Interpreter& in, const CallArgs& a) {
        const Tensor& x = self(a);
        if (x.dim() < 2)
            raise(T().RuntimeError,
                  str("tensor.mT is only supported on matrices or batches of matrices. Got ", x.dim(), "-D tensor."));
        Value r;
        {
            capture::NoTraceScope off;
            r = wrap(transpose(x, -2, -1));
        }
        return traced_property(in, "mT", x, r);
    });
    // .mH / .H: the conjugate transposes, transposes for Kiln's real dtypes
    def_property(t, "mH", [self](Interpreter& in, const CallArgs& a) {
        const Tensor& x = self(a);
        if (x.dim() < 2)
            raise(T().RuntimeError,
                  str("tensor.mH is only supported on matrices or batches of matrices. Got ", x.dim(), "-D tensor."));
        Value r;
        {
            capture::NoTraceScope off;
            r = wrap(transpose(kiln::conj(x), -2, -1));
        }
        return traced_property(in, "mH", x, r);
    });
    def_property(t, "H", [self](Interpreter& in, const CallArgs& a) {
        const Tensor& x = self(a);
        if (x.dim() != 2 && x.dim() != 0)
            raise(T().RuntimeError, str("tensor.H is only supported on matrices (2-D tensors). Got ", x.dim(), "-D tensor."));
        if (x.dim() == 0) return a.args[0];
        Value r;
        {
            capture::NoTraceScope off;
            r = wrap(transpose(kiln::conj(x), 0, 1));
        }
        return traced_property(in, "H", x, r);
    });
    def_property(
        t, "grad",
        [self](Interpreter& in, const CallArgs& a) {
            const Tensor& x = self(a);
            Tensor g = x.grad();
            // TensorBody.h's grad(): reading a non-leaf's never-populated .grad is a mistake worth a warning
            if (x.grad_fn() && !x.retains_grad() && !g.defined())
                emit_warning(in,
                             new_str("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its "
                                     ".grad attribute won't be populated during autograd.backward(). If you indeed want "
                                     "the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the "
                                     "non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access "
                                     "the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more "
                                     "informations. (Triggered internally at /pytorch/build/aten/src/ATen/core/"
                                     "TensorBody.h:489.)"),
                             T().UserWarning, 1);
            // a sparse COO gradient (nn.Embedding(sparse=True)'s) shows as torch.sparse's object
            if (autograd::is_sparse_grad(g)) return sparse_grad_to_python(in, g);
            return wrap(g);
        },
        [self](Interpreter& in, const CallArgs& a) {
            Tensor& x = self(a);
            if (a.args[1].is_none()) {
                x.set_grad(Tensor());
                return none();
            }
            if (is_python_sparse_coo(a.args[1])) {
                Tensor sg = sparse_grad_from_python(in, a.args[1]);
                if (sg.dtype() != x.dtype() || sg.sizes() != x.sizes())
                    raise(T().RuntimeError, str("attempting to assign a gradient of size '", shape_str(sg.sizes()),
                                                "' to a tensor of size '", shape_str(x.sizes()),
                                                "'. Please ensure that the gradient and the tensor are the same size"));
                x.set_grad(sg);
                return none();
            }
            if (!is_tensor(a.args[1]))
                raise(T().TypeError,
                      str("assigned grad expected to be a Tensor or None but got grad of type ", type_name(a.args[1])));
            const Tensor& g = to_tensor(a.args[1]);
            // THPVariable_set_grad's checks, in its order and words (PyTorch 2.11: the gradient must match
            // the tensor's grad_dtype, which defaults to its dtype).
            if (g.dtype() != x.dtype())
                raise(T().RuntimeError,
                      str("attempting to assign a gradient with dtype '", dtype_cpp_name(g.dtype()),
                          "' to a tensor with grad_dtype '", dtype_scalar_type_name(x.dtype()),
                          "'. The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can "
                          "set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. Set "
                          "grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break downstream "
                          "systems that assume they match."));
            if (g.sizes() != x.sizes())
                raise(T().RuntimeError, str("attempting to assign a gradient of size '", shape_str(g.sizes()),
                                            "' to a tensor of size '", shape_str(x.sizes()),
                                            "'. Please ensure that the gradient and the tensor are the same size"));
            x.set_grad(g);
            return none();
        });
    def_property(
        t, "requires_grad", [self](Interpreter&, const CallArgs& a) { return Value::boolean(self(a).requires_grad()); },
        [self](Interpreter&, const CallArgs& a) {
            Tensor& x = self(a);
            // THPVariable_set_requires_grad: a bool and nothing else (an int is no flag), a RuntimeError
            if (!a.args[1].is_bool()) raise(T().RuntimeError, "requires_grad must be a bool");
            bool flag = a.args[1].as_bool();
            check_inference_requires_grad(x, flag);
            if (!x.is_leaf()) raise(T().RuntimeError, requires_grad_leaf_error(flag));
            if (flag && !x.is_floating_point() && !x.is_complex())
                raise(T().RuntimeError, "only Tensors of floating point and complex dtype can require gradients");
            x.requires_grad_(flag);
            return none();
        });
    // .volatile (PyTorch 0.3's inference flag, removed in 0.4): python_variable.cpp still answers False with
    // a warning, and ignores an assignment with another, so 0.3-era tutorials run on.
    def_property(
        t, "volatile",
        [](Interpreter& in, const CallArgs&) {
            emit_warning(in, new_str("volatile was removed (Variable.volatile is always False)"), T().UserWarning, 1);
            return Value::boolean(false);
        },
        [](Interpreter& in, const CallArgs&) {
            emit_warning(in, new_str("volatile was removed and now has no effect. Use `with torch.no_grad():` instead."),
                         T().UserWarning, 1);
            return none();
        });
    // .data: a detached alias with its own version counter (PyTorch's variable_data: writes through it
    // are not seen by autograd's saved-tensor checks); assigning replaces the tensor's data in place
    // (p.data = p.data - lr * g).
    def_property(
        t, "data",
        [self](Interpreter& in, const CallArgs& a) {
            auto alias = [&]() -> Value {
                Tensor d = self(a).detach();
                d.impl()->version_counter = std::make_shared<uint64_t>(0);
                return wrap(d);
            };
            // Under torch.export the alias stays in the graph (as aten::detach), so a write through
            // it (`x.data[0, 0] = 3`) is a mutation of x, as functionalization sees the storage PyTorch's
            // variable_data shares; jit.trace keeps it untraced (a constant), as PyTorch's tracer does.
            if (capture::Tracer* tr = capture::current_tracer(); tr && tr->export_mode && tr->is_traced(self(a))) {
                std::vector<Value> args{a.args[0]};
                return traced_call(in, CallKind::Method, "detach", nullptr, args, alias);
            }
            return alias();
        },
        [self](Interpreter&, const CallArgs& a) {
            TensorImpl* x = self(a).impl();
            const Tensor& src = to_tensor(a.args[1], "", "data");
            // VariableHooks::set_data: a tensor that requires grad keeps a differentiable dtype
            // (`conv.weight.data = torch.randint(...)` is refused, the parameter left unchanged)
            if (self(a).requires_grad() && !src.is_floating_point() && !src.is_complex())
                raise(T().RuntimeError, "data set to a tensor that requires gradients must be floating point or complex dtype");
            TensorImpl* s = src.impl();
            x->storage = s->storage;
            x->sizes = s->sizes;
            x->strides = s->strides;
            x->offset = s->offset;
            x->dtype = s->dtype;
            return none();
        });
}

void register_info_methods() {
    method("size(self, dim=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (is_none(v[1])) return size_value(x.sizes());
        return Value::integer(x.size(to_dim(v[1], "size")));
    });
    method("stride(self, dim=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (!is_none(v[1])) return Value::integer(x.stride(to_dim(v[1], "stride")));
        std::vector<Value> out;
        for (int64_t s : x.strides()) out.push_back(Value::integer(s));
        return new_tuple(std::move(out));
    });
    method("dim(self)", [](Interpreter&, Args& v) { return Value::integer(self_of(v).dim()); });
    alias("ndimension", "dim");
    method("numel(self)", [](Interpreter&, Args& v) { return Value::integer(self_of(v).numel()); });
    alias("nelement", "numel");
    method("element_size(self)",
           [](Interpreter&, Args& v) { return Value::integer(int64_t(self_of(v).element_size())); });
    method("storage_offset(self)", [](Interpreter&, Args& v) { return Value::integer(self_of(v).storage_offset()); });
    method("is_contiguous(self, memory_format=None)", [](Interpreter& in, Args& v) {
        const MemoryFormat f = to_memory_format(in, v[1], "is_contiguous");
        return Value::boolean(is_contiguous_as(self_of(v), f == MemoryFormat::Preserve ? MemoryFormat::Contiguous : f));
    });
    // Tensor._is_view(): made by a view op (it has a ._base), as autograd's view tracking sees it
    method("_is_view(self)", [](Interpreter&, Args& v) { return Value::boolean(self_of(v).impl()->base != nullptr); });
    method("is_floating_point(self)",
           [](Interpreter&, Args& v) { return Value::boolean(self_of(v).is_floating_point()); });
    method("is_complex(self)", [](Interpreter&, Args& v) { return Value::boolean(self_of(v).is_complex()); });
    method("is_conj(self)", [](Interpreter&, Args& v) { return Value::boolean(self_of(v).impl()->conj_bit); });
    method("is_neg(self)", [](Interpreter&, Args&) { return Value::boolean(false); });
    method("conj(self)", [](Interpreter&, Args& v) { return wrap(kiln::conj(self_of(v))); });
    method("conj_physical(self)", [](Interpreter&, Args& v) {
        Tensor z = kiln::conj(self_of(v));
        if (z.is_complex()) z.impl()->conj_bit = false;
        return wrap(z);
    });
    method("resolve_conj(self)", [](Interpreter&, Args& v) { return wrap(kiln::resolve_conj(self_of(v))); });
    method("resolve_neg(self)", [](Interpreter&, Args& v) { return v[0]; });
    method("angle(self)", [](Interpreter&, Args& v) { return wrap(kiln::angle(self_of(v))); });
    method("is_signed(self)", [](Interpreter&, Args& v) { return Value::boolean(dtype_is_signed(self_of(v).dtype())); });
    method("item(self)", [](Interpreter&, Args& v) { return scalar_value(self_of(v).item()); });
    method("tolist(self)", [](Interpreter&, Args& v) { return tolist_value(tolist(self_of(v))); });
    method("get_device(self)",
           [](Interpreter&, Args& v) { return Value::integer(self_of(v).device() == Device::CUDA ? 0 : -1); });
    // t.numpy(): an ndarray over the same storage (numpy.cpp), as PyTorch's shares memory.
    method("numpy(self, *, force=False)", [](Interpreter& in, Args& v) -> Value {
        Tensor t = self_of(v);
        bool force = truthy(in, v[1]);
        if (t.device() != Device::CPU) {
            if (!force)
                raise(T().TypeError, str("can't convert ", t.device() == Device::CUDA ? "cuda:0" : device_name(t.device()),
                                         " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."));
            t = kiln::to_device(t, Device::CPU);
        }
        if (t.requires_grad()) {
            if (!force) raise(T().RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
            t = t.detach();
        }
        return ndarray_from_tensor(t);
    });
    // NumPy's protocol, as torch/_tensor.py has it: np.asarray(t) is t.numpy() (cast to dtype when given);
    // a NumPy function that worked on that array hands its result back through __array_wrap__, which makes
    // a tensor of it (bool results become uint8, "torch has no built-in bool tensor" there).
    method("__array__(self, dtype=None)", [](Interpreter& in, Args& v) -> Value {
        Value arr = in.call_method(v[0], "numpy", {});
        if (is_none(v[1])) return arr;
        Value kw = new_tuple({new_str("copy")});
        std::vector<Value> all{v[1], Value::boolean(false)};
        CallArgs ca;
        ca.args = all.data();
        ca.nargs = 1;
        ca.kwvalues = all.data() + 1;
        ca.nkw = 1;
        ca.kwnames = kw.get<Tuple>();
        return in.call(getattr(in, arr, "astype"), ca);
    });
    method("__array_wrap__(self, array)", [](Interpreter& in, Args& v) -> Value {
        Value array = v[1];
        if (to_str(in, getattr(in, array, "dtype")) == "bool") array = in.call_method(array, "astype", {new_str("uint8")});
        return in.call(*in.import_module("torch")->dict.find("from_numpy"), {array});
    });
    method("data_ptr(self)", [](Interpreter&, Args& v) {
        if (self_of(v).is_meta()) return Value::integer(0);  // PyTorch's meta storage has no memory
        return Value::integer(int64_t(reinterpret_cast<intptr_t>(self_of(v).raw_data())));
    });
    // x.share_memory_(): PyTorch moves the storage to shared memory for worker processes and returns
    // x; Kiln runs one process, where every storage is already visible to all the program's code
    method("share_memory_(self)", [](Interpreter&, Args& v) { return v[0]; });
}

void register_autograd_methods() {
    method("backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None)",
           [](Interpreter& in, Args& v) {
               bool create = truthy_arg(v[3]);
               bool retain = is_none(v[2]) ? create : truthy_arg(v[2]);
               std::vector<Tensor> grads;
               if (!is_none(v[1])) {
                   // torch.autograd.backward's _tensor_or_tensors_to_tuple: a non-tensor gradient is
                   // iterated (tuple(1): "'int' object is not iterable"); its items must be tensors
                   if (is_tensor(v[1])) {
                       grads.push_back(to_tensor(v[1], "backward", "gradient"));
                   } else {
                       for (const Value& g : to_vector(in, v[1])) {
                           if (!is_tensor(g) && !is_none(g))
                               raise(T().TypeError, str("gradients can be either Tensors or None, but got ", type_name(g)));
                           grads.push_back(is_none(g) ? Tensor() : to_tensor(g));
                       }
                   }
               }
               std::vector<Tensor> inputs;
               if (!is_none(v[4])) {
                   if (is_tensor(v[4])) inputs.push_back(to_tensor(v[4]));
                   else
                       for (const Value& t : to_vector(in, v[4])) inputs.push_back(to_tensor(t, "backward", "inputs"));
                   if (inputs.empty()) raise(T().RuntimeError, "'inputs' argument to backward() cannot be empty.");
               }
               autograd::backward({self_of(v)}, grads, retain, create, inputs);
               return none();
           });
    method("detach(self)", [](Interpreter&, Args& v) { return wrap(self_of(v).detach()); });
    method("detach_(self)", [](Interpreter&, Args& v) {
        TensorImpl* x = self_of(v).impl();
        // VariableTypeManual's detach_: a view's autograd history is its base's (tensor.h's
        // requires_grad), so it cannot be cut in place
        if (x->base)
            raise(T().RuntimeError,
                  "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) "
                  "for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and "
                  "hence detach_() cannot be called on these gradients. To fix this error, please refer to the "
                  "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
        x->grad_fn.reset();
        x->requires_grad = false;
        return v[0];
    });
    method("requires_grad_(self, requires_grad=True)", [](Interpreter&, Args& v) {
        Tensor& x = self_of(v);
        bool flag = to_bool(v[1], "requires_grad_", "requires_grad");
        check_inference_requires_grad(x, flag);
        if (!x.is_leaf() && !flag) raise(T().RuntimeError, requires_grad_leaf_error(flag));
        if (flag && !x.is_floating_point() && !x.is_complex())  // PyTorch words it so for complex too
            raise(T().RuntimeError, "only Tensors of floating point dtype can require gradients");
        if (x.is_leaf()) x.requires_grad_(flag);
        return v[0];
    });
    // Inference tensors (tensor/storage_flags.h): made in torch.inference_mode().
    method("is_inference(self)", [](Interpreter&, Args& v) {
        return Value::boolean(storage_has_flag(self_of(v).impl()->storage.get(), kStorageInference));
    });
    // pin_memory(): PyTorch's copy into page-locked host memory, for asynchronous copies to the GPU.
    // Kiln's copies to CUDA need no pinning, so the copy is only marked (is_pinned()); as in PyTorch,
    // an already pinned tensor comes back itself and a CUDA tensor is refused. Without an
    // accelerator PyTorch has no pinned allocator to ask, and neither has Kiln.
    method("pin_memory(self, device=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.device() != Device::CPU) {
            std::string name = dtype_legacy_name(x.dtype());  // torch.cuda.FloatTensor
            name.insert(std::string("torch.").size(), "cuda.");
            raise(T().RuntimeError, str("cannot pin '", name, "' only dense CPU tensors can be pinned"));
        }
        if (storage_has_flag(x.impl()->storage.get(), kStoragePinned)) return v[0];
        if (!cuda::built() || cuda::device_count() == 0)
            raise(T().RuntimeError, "Cannot access accelerator device when none is available.");
        Tensor out = clone(x);
        set_storage_flag(out.impl()->storage.get(), kStoragePinned);
        return wrap(out);
    });
    method("is_pinned(self, device=None)", [](Interpreter&, Args& v) {
        return Value::boolean(storage_has_flag(self_of(v).impl()->storage.get(), kStoragePinned));
    });
    // share_memory_(): PyTorch moves a CPU storage into shared memory for worker processes (a CUDA
    // one is shared already). Kiln's DataLoader workers run in-process, so the storage stays and is
    // marked; is_shared() answers as PyTorch's.
    method("share_memory_(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.device() == Device::CPU) set_storage_flag(x.impl()->storage.get(), kStorageShared);
        return v[0];
    });
    method("is_shared(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        return Value::boolean(x.device() == Device::CUDA || storage_has_flag(x.impl()->storage.get(), kStorageShared));
    });
    method("retain_grad(self)", [](Interpreter&, Args& v) {
        self_of(v).retain_grad();
        return none();
    });
}

void register_conversion_methods() {
    def_method(g_tensor, "to", to_method);
    struct Conv {
        const char* name;
        DType dtype;
    };
    for (Conv c : {Conv{"float", DType::Float32}, Conv{"double", DType::Float64}, Conv{"half", DType::Float16},
                   Conv{"bfloat16", DType::BFloat16}, Conv{"long", DType::Int64}, Conv{"bool", DType::Bool},
                   Conv{"int", DType::Int32}, Conv{"short", DType::Int16}, Conv{"char", DType::Int8},
                   Conv{"byte", DType::UInt8}, Conv{"cfloat", DType::Complex64}, Conv{"cdouble", DType::Complex128}}) {
        DType dt = c.dtype;
        method((std::string(c.name) + "(self, memory_format=None)").c_str(),
               [dt](Interpreter&, Args& v) { return wrap(to_dtype(self_of(v), dt)); });
    }
    method("type(self, dtype=None, non_blocking=False)", [](Interpreter&, Args& v) {
        if (is_none(v[1])) return new_str(dtype_legacy_name(self_of(v).dtype()));
        if (std::optional<DType> d = legacy_tensor_type_dtype(v[1])) return wrap(to_dtype(self_of(v), *d));
        // torch.Tensor itself (and its name) stands for the default tensor type, as in PyTorch's
        // type_from_string: `batch.type(torch.Tensor)` in GAN code is a cast to the default float dtype.
        if ((v[1].is(Kind::Type) && v[1].obj() == g_tensor) || (v[1].is(Kind::Str) && str_of(v[1]) == "torch.Tensor"))
            return wrap(to_dtype(self_of(v), default_float_dtype()));
        // any other name: torch::utils::type_from_string's ValueError
        if (v[1].is(Kind::Str)) raise(T().ValueError, str("invalid type: '", str_of(v[1]), "'"));
        return wrap(to_dtype(self_of(v), to_dtype(v[1], "type")));
    });
    method("type_as(self, other)", [](Interpreter&, Args& v) {
        return wrap(to_dtype(self_of(v), to_tensor(v[1], "type_as", "other").dtype()));
    });
    method("cpu(self, memory_format=None)",
           [](Interpreter&, Args& v) { return wrap(to_device_check(self_of(v), Device::CPU)); });
    method("cuda(self, device=None, non_blocking=False, memory_format=None)",
           [](Interpreter&, Args& v) { return wrap(to_device_check(self_of(v), Device::CUDA)); });
    method("contiguous(self, memory_format=None)", [](Interpreter& in, Args& v) {
        const MemoryFormat f = is_none(v[1]) ? MemoryFormat::Contiguous : to_memory_format(in, v[1], "contiguous");
        return wrap(contiguous_as(self_of(v), f));
    });
    method("clone(self, *, memory_format=None)", [](Interpreter& in, Args& v) {
        return wrap(clone_as(self_of(v), to_memory_format(in, v[1], "clone")));
    });
}

// softmax/log_softmax without a dim: both overloads (int dim, named dim) need one, so PyTorch's parser
// lists them (torch.softmax(x) is the usual way to get here)
std::string softmax_overloads(const char* fn) {
    return str(fn, "() received an invalid combination of arguments - got (Tensor), but expected one of:\n"
                   " * (Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)\n"
                   " * (Tensor input, name dim, *, torch.dtype dtype = None)\n");
}

void register_view_methods() {
    // view(*size) and view(dtype), the second also as view(dtype=...) (aten::view.dtype's keyword).
    method("view(self, *size, dtype=None)", [](Interpreter&, Args& v) {
        const auto& items = v[1].get<Tuple>()->items;
        if (!is_none(v[2])) {
            if (!items.empty())
                raise(types().TypeError, "view() received an invalid combination of arguments: both a size and dtype=");
            return wrap(view_dtype(self_of(v), to_dtype(v[2], "view")));
        }
        if (items.size() == 1 && is_scalar_type_arg(items[0])) return wrap(view_dtype(self_of(v), to_dtype(items[0], "view")));
        // view has two overloads (dtype, size): arguments matching neither get invalid_arguments.cpp's
        // listing, whose first line names the given types
        bool ints = true;
        for (const Value& x : items) {
            auto* t = x.as<TensorObj>();
            ints = ints && (is_index(x) || is_big(x) || (t && t->tensor.numel() == 1 && !t->tensor.is_floating_point()) ||
                            (!t && type_of(x)->lookup("__index__")) ||
                            (items.size() == 1 && (x.is(Kind::Tuple) || x.is(Kind::List))));
        }
        if (!ints) {
            std::string got;
            for (const Value& x : items) got += (got.empty() ? "" : ", ") + type_name(x);
            raise(types().TypeError, str("view() received an invalid combination of arguments - got (", got,
                                         "), but expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"));
        }
        return wrap(view(self_of(v), shape_from_varargs(items, "view")));
    });
    method("view_as(self, other)",
           [](Interpreter&, Args& v) { return wrap(view(self_of(v), to_tensor(v[1], "view_as", "other").sizes())); });
    method("reshape(self, *shape)", [](Interpreter&, Args& v) {
        return wrap(reshape(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "reshape")));
    });
    // Tensor.ravel(): PyTorch's contiguous 1-d form, `self.contiguous().view(-1)` (a view when the
    // tensor is already contiguous, a copy otherwise), which is what reshape(-1) gives.
    method("ravel(self)", [](Interpreter&, Args& v) { return wrap(reshape(self_of(v), Shape{-1})); });
    method("reshape_as(self, other)", [](Interpreter&, Args& v) {
        return wrap(reshape(self_of(v), to_tensor(v[1], "reshape_as", "other").sizes()));
    });
    // implicit: set by PyTorch's own expand_as/broadcasting internals (ONNX export reads it); the result is the same.
    method("expand(self, *size, implicit=False)", [](Interpreter&, Args& v) {
        return wrap(expand(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "expand")));
    });
    method("expand_as(self, other)",
           [](Interpreter&, Args& v) { return wrap(expand_as(self_of(v), to_tensor(v[1], "expand_as", "other"))); });
    // Tensor.broadcast_to's one IntArrayRef parameter takes varargs as expand's does (x.broadcast_to(2, 3));
    // torch.broadcast_to(x, size) does not.
    method("broadcast_to(self, *size)", [](Interpreter&, Args& v) {
        return wrap(broadcast_to(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "broadcast_to")));
    });
    method("repeat(self, *repeats)", [](Interpreter&, Args& v) {
        return wrap(kiln::repeat(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "repeat")));
    });
    method("flatten(self, start_dim=0, end_dim=-1)", [](Interpreter&, Args& v) {
        return wrap(flatten(self_of(v), to_dim(v[1], "flatten", "start_dim"), to_dim(v[2], "flatten", "end_dim")));
    });
    method("unflatten(self, dim, sizes)", [](Interpreter&, Args& v) {
        return wrap(unflatten(self_of(v), to_dim(v[1], "unflatten"), to_shape(v[2], "unflatten", "sizes")));
    });
    method("squeeze(self, dim=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (is_none(v[1])) return wrap(squeeze(x));
        std::vector<int64_t> dims = to_int_list(v[1], "squeeze", "dim");
        for (int64_t& d : dims) d = wrap_dim(d, x.dim());
        std::sort(dims.rbegin(), dims.rend());
        Tensor r = x;
        for (int64_t d : dims) r = squeeze(r, d);
        return wrap(r);
    });
    method("unsqueeze(self, dim)",
           [](Interpreter&, Args& v) { return wrap(unsqueeze(self_of(v), to_dim(v[1], "unsqueeze"))); });
    method("permute(self, *dims)", [](Interpreter&, Args& v) {
        return wrap(permute(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "permute")));
    });
    method("transpose(self, dim0, dim1)", [](Interpreter&, Args& v) {
        return wrap(transpose(self_of(v), to_dim(v[1], "transpose", "dim0"), to_dim(v[2], "transpose", "dim1")));
    });
    alias("swapaxes", "transpose");
    alias("swapdims", "transpose");
    method("t(self)", [](Interpreter&, Args& v) { return wrap(t(self_of(v))); });
    // Two overloads (movedim.intlist, movedim.int): both sequences or both ints; a mix matches neither.
    method("movedim(self, source, destination)", [](Interpreter&, Args& v) {
        auto seq = [](const Value& x) { return x.is(Kind::Tuple) || x.is(Kind::List); };
        if (seq(v[1]) && seq(v[2]))
            return wrap(movedim(self_of(v), to_int_list(v[1], "movedim", "source"),
                                to_int_list(v[2], "movedim", "destination")));
        if (seq(v[1]) || seq(v[2]))
            raise(types().TypeError,
                  str("movedim() received an invalid combination of arguments - got (", type_name(v[1]), ", ",
                      type_name(v[2]), "), but expected one of:\n * (tuple of ints source, tuple of ints destination)\n"
                      " * (int source, int destination)\n"));
        return wrap(movedim(self_of(v), to_dim(v[1], "movedim", "source"), to_dim(v[2], "movedim", "destination")));
    });
    alias("moveaxis", "movedim");
    method("narrow(self, dim, start, length)", [](Interpreter&, Args& v) {
        int64_t start;
        if (!int_like(v[2], &start)) start = to_dim(v[2], "narrow", "start");
        return wrap(narrow(self_of(v), to_dim(v[1], "narrow"), start, to_dim(v[3], "narrow", "length")));
    });
    method("select(self, dim, index)", [](Interpreter&, Args& v) {
        const Tensor& t = self_of(v);
        const int64_t dim = to_dim(v[1], "select"), index = to_dim(v[2], "select", "index");
        if (t.dim() > 0) {  // Tensor.select words it differently from t[i] (select_symint)
            const int64_t n = t.sizes()[size_t(wrap_dim(dim, t.dim()))];
            if (index < -n || index >= n)
                raise(T().IndexError, str("select(): index ", index, " out of range for tensor of size ", shape_str(t.sizes()),
                                          " at dimension ", dim));
        }
        return wrap(select(t, dim, index));
    });
    method("unbind(self, dim=0)",
           [](Interpreter&, Args& v) { return wrap_tuple(unbind(self_of(v), to_dim(v[1], "unbind"))); });
    method("chunk(self, chunks, dim=0)", [](Interpreter&, Args& v) {
        return wrap_tuple(chunk(self_of(v), to_dim(v[1], "chunk", "chunks"), to_dim(v[2], "chunk")));
    });
    method("split(self, split_size, dim=0)", [](Interpreter&, Args& v) {
        int64_t dim = to_dim(v[2], "split");
        if (is_index(v[1])) return wrap_tuple(split(self_of(v), to_int(v[1], ""), dim));
        // _tensor.py's split: a one-element tensor is int(split_size), a chunk size
        if (auto* t = v[1].as<TensorObj>(); t && t->tensor.numel() == 1)
            return wrap_tuple(split(self_of(v), t->tensor.item().to_int(), dim));
        return wrap_tuple(split(self_of(v), to_int_list(v[1], "split", "split_size"), dim));
    });
    method("flip(self, *dims)", [](Interpreter&, Args& v) {
        return wrap(kiln::flip(self_of(v), shape_from_varargs(v[1].get<Tuple>()->items, "flip")));
    });
    method("tril(self, diagonal=0)",
           [](Interpreter&, Args& v) { return wrap(tril(self_of(v), to_dim(v[1], "tril", "diagonal"))); });
    method("triu(self, diagonal=0)",
           [](Interpreter&, Args& v) { return wrap(triu(self_of(v), to_dim(v[1], "triu", "diagonal"))); });
    // In place through the functional kernel (CLIP's causal mask: torch.empty(n, n).fill_(-inf).triu_(1)).
    method("tril_(self, diagonal=0)", [](Interpreter&, Args& v) {
        int64_t k = to_dim(v[1], "tril_", "diagonal");
        return inplace(v[0], {}, [k](const Tensor& x) { return tril(x, k); });
    });
    method("triu_(self, diagonal=0)", [](Interpreter&, Args& v) {
        int64_t k = to_dim(v[1], "triu_", "diagonal");
        return inplace(v[0], {}, [k](const Tensor& x) { return triu(x, k); });
    });
    method("as_strided(self, size, stride, storage_offset=None)", [](Interpreter&, Args& v) {
        return wrap(as_strided(self_of(v), to_shape(v[1], "as_strided"), to_shape(v[2], "as_strided", "stride"),
                               to_opt_int(v[3], "as_strided", "storage_offset")));
    });
}

void register_index_methods() {
    method("index_select(self, dim, index)", [](Interpreter&, Args& v) {
        return wrap(index_select(self_of(v), to_dim(v[1], "index_select"), to_tensor(v[2], "index_select", "index")));
    });
    method("gather(self, dim, index, *, sparse_grad=False)", [](Interpreter&, Args& v) {
        return wrap(gather(self_of(v), to_dim(v[1], "gather"), to_tensor(v[2], "gather", "index")));
    });
    method("scatter_add(self, dim, index, src)", [](Interpreter&, Args& v) {
        return wrap(scatter_add(self_of(v), to_dim(v[1], "scatter_add"), to_tensor(v[2], "scatter_add", "index"),
                                to_tensor(v[3], "scatter_add", "src")));
    });
    method("scatter_add_(self, dim, index, src)", [](Interpreter&, Args& v) {
        int64_t d = to_dim(v[1], "scatter_add_");
        Tensor index = to_tensor(v[2], "scatter_add_", "index"), src = to_tensor(v[3], "scatter_add_", "src");
        return inplace(v[0], {index, src},
                       [&](const Tensor& x) { return named(scatter_add(x, d, index, src), "ScatterAddBackward0"); });
    });
    method("index_copy(self, dim, index, source)", [](Interpreter&, Args& v) {
        return wrap(index_copy(self_of(v), to_dim(v[1], "index_copy"), to_tensor(v[2], "index_copy", "index"),
                               to_tensor(v[3], "index_copy", "source")));
    });
    method("index_copy_(self, dim, index, source)", [](Interpreter&, Args& v) {
        int64_t d = to_dim(v[1], "index_copy_");
        Tensor index = to_tensor(v[2], "index_copy_", "index"), source = to_tensor(v[3], "index_copy_", "source");
        return inplace(v[0], {index, source}, [&](const Tensor& x) { return index_copy(x, d, index, source); });
    });
    method("masked_select(self, mask)", [](Interpreter&, Args& v) {
        return wrap(masked_select(self_of(v), to_tensor(v[1], "masked_select", "mask")));
    });
    // The fill value: a number, or a tensor (PyTorch's masked_fill.Tensor overload, which takes only a
    // 0-dimensional one; masked_fill is clone + masked_fill_, hence the in-place name in its error).
    static auto fill_value = [](const Value& x, const char* fn) {
        if (auto* t = x.as<TensorObj>(); t && t->tensor.dim() != 0)
            raise(T().RuntimeError, str("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                                        t->tensor.dim(), " dimension(s)."));
        return to_scalar(x, fn, "value");
    };
    method("masked_fill(self, mask, value)", [](Interpreter&, Args& v) {
        return wrap(
            masked_fill(self_of(v), to_tensor(v[1], "masked_fill", "mask"), fill_value(v[2], "masked_fill")));
    });
    method("masked_fill_(self, mask, value)", [](Interpreter&, Args& v) {
        masked_fill_(self_of(v), to_tensor(v[1], "masked_fill_", "mask"), fill_value(v[2], "masked_fill_"));
        return v[0];
    });
    method("where(self, condition, other)", [](Interpreter& in, Args& v) {
        return wrap(where(where_condition(in, v[1]), self_of(v), other_of(v[2], "where", "other", 2)));
    });
}

// ---- pointwise ---------------------------------------------------------------------------------------

using Unary = Tensor (*)(const Tensor&);

void unary(const char* name, Unary f, bool with_inplace = true) {
    std::string n = name;
    method((n + "(self)").c_str(), [f](Interpreter&, Args& v) { return wrap(f(self_of(v))); });
    if (with_inplace)
        method((n + "_(self)").c_str(),
               [f](Interpreter&, Args& v) { return inplace(v[0], {}, [f](const Tensor& x) { return f(x); }); });
}

Tensor square_of(const Tensor& x) { return kiln::square(x); }
Tensor log2_of(const Tensor& x) { return kiln::log2(x); }
Tensor log10_of(const Tensor& x) { return kiln::log10(x); }
Tensor exp2_of(const Tensor& x) { return kiln::exp2(x); }
Tensor trunc_of(const Tensor& x) { return kiln::trunc(x); }
Tensor isnan_of(const Tensor& x) { return ne(x, x); }
Tensor isinf_of(const Tensor& x) {
    if (!x.is_floating_point()) return zeros_like(x, DType::Bool);
    return eq(abs(x), Scalar(HUGE_VAL));
}
Tensor isfinite_of(const Tensor& x) {
    if (!x.is_floating_point()) return ones_like(x, DType::Bool);
    return logical_not(logical_or(isnan_of(x), isinf_of(x)));
}
Tensor positive_of(const Tensor& x) { return x; }

void register_pointwise_methods() {
    struct U {
        const char* name;
        Unary f;
        bool inplace;
    };
    for (U u : {U{"neg", neg, true},
                U{"abs", abs, true},
                U{"exp", exp, true},
                U{"frac", frac, true},
                U{"bitwise_not", bitwise_not, true},
                U{"relu", relu, false},
                U{"reciprocal", reciprocal, true},
                U{"trunc", trunc_of, true},
                U{"square", square_of, true},
                U{"log2", log2_of, true},
                U{"log10", log10_of, true},
                U{"exp2", exp2_of, true},
                U{"logical_not", logical_not, false},
                U{"isnan", isnan_of, false},
                U{"isinf", isinf_of, false},
                U{"isfinite", isfinite_of, false},
                U{"positive", positive_of, false}})
        unary(u.name, u.f, u.inplace);
    // pointwise.def's KILN_UNARY_FN rows: Tensor.name and name_, and the alias (NumPy's spelling) of both
    // (METHOD_INPLACE only tells torch_module.cpp that torch.name_ does not exist).
    auto row_alias = [](const char* name, const char* a) {
        if (std::string(a) == "_") return;
        alias(a, name);
        alias((std::string(a) + "_").c_str(), (std::string(name) + "_").c_str());
    };
#define KILN_UNARY_FN(name, alias_, inplace, grad_fn, kind, saves, expr, backward) \
    if (UnaryApi::inplace != UnaryApi::SPECIAL) {                                  \
        unary(#name, name, true);                                                  \
        row_alias(#name, #alias_);                                                 \
    }
#include "ops/pointwise.def"
    method("relu_(self)", [](Interpreter&, Args& v) {
        relu_(self_of(v));
        return v[0];
    });
    alias("negative", "neg");
    alias("negative_", "neg_");
    alias("absolute", "abs");
    alias("absolute_", "abs_");
    alias("fix", "trunc");
    method("logit(self, eps=None)", [](Interpreter&, Args& v) {
        return wrap(logit(self_of(v), is_none(v[1]) ? std::nullopt : std::optional<double>(to_float(v[1], "logit", "eps"))));
    });
    method("logit_(self, eps=None)", [](Interpreter&, Args& v) {
        std::optional<double> e = is_none(v[1]) ? std::nullopt : std::optional<double>(to_float(v[1], "logit_", "eps"));
        return inplace(v[0], {}, [e](const Tensor& x) { return logit(x, e); });
    });
    method("polygamma(self, n)", [](Interpreter&, Args& v) { return wrap(polygamma(to_dim(v[1], "polygamma", "n"), self_of(v))); });
    {
        auto opt = [](const Value& x, const char* fn, const char* arg) {
            return is_none(x) ? std::nullopt : std::optional<double>(to_float(x, fn, arg));
        };
        method("nan_to_num(self, nan=None, posinf=None, neginf=None)", [opt](Interpreter&, Args& v) {
            return wrap(nan_to_num(self_of(v), opt(v[1], "nan_to_num", "nan"), opt(v[2], "nan_to_num", "posinf"),
                                   opt(v[3], "nan_to_num", "neginf")));
        });
        method("nan_to_num_(self, nan=None, posinf=None, neginf=None)", [opt](Interpreter&, Args& v) {
            auto a = opt(v[1], "nan_to_num_", "nan"), b = opt(v[2], "nan_to_num_", "posinf"), c = opt(v[3], "nan_to_num_", "neginf");
            return inplace(v[0], {}, [a, b, c](const Tensor& x) { return nan_to_num(x, a, b, c); });
        });
    }
    // Binary rows of pointwise.def (tensor or number operands, promoted).
    struct PB {
        const char* name;
        const char* arg;
        Tensor (*f)(const Tensor&, const Tensor&);
    };
    for (PB b : {PB{"hypot", "other", hypot}, PB{"fmax", "other", fmax}, PB{"fmin", "other", fmin},
                 PB{"heaviside", "values", heaviside}, PB{"bitwise_and", "other", bitwise_and},
                 PB{"bitwise_or", "other", bitwise_or}, PB{"bitwise_xor", "other", bitwise_xor},
                 PB{"bitwise_left_shift", "other", bitwise_left_shift},
                 PB{"bitwise_right_shift", "other", bitwise_right_shift}, PB{"igamma", "other", igamma},
                 PB{"igammac", "other", igammac}, PB{"nextafter", "other", nextafter}}) {
        std::string n = b.name, arg = b.arg;
        auto f = b.f;
        method((n + "(self, " + arg + ")").c_str(), [f, n, arg](Interpreter&, Args& v) {
            return wrap(f(self_of(v), other_of(v[1], n.c_str(), arg.c_str())));
        });
        if (n == "fmax" || n == "fmin") continue;  // PyTorch has no fmax_/fmin_
        method((n + "_(self, " + arg + ")").c_str(), [f, n, arg](Interpreter&, Args& v) {
            Tensor o = other_of(v[1], (n + "_").c_str(), arg.c_str());
            return inplace(v[0], {o}, [f, o](const Tensor& x) { return f(x, o); });
        });
    }
    method("round(self, *, decimals=0)",
           [](Interpreter&, Args& v) { return wrap(round_of(self_of(v), to_dim(v[1], "round", "decimals"))); });
    method("round_(self, *, decimals=0)", [](Interpreter&, Args& v) {
        int64_t d = to_dim(v[1], "round_", "decimals");
        return inplace(v[0], {}, [d](const Tensor& x) { return round_of(x, d); });
    });
    method("pow(self, exponent)", [](Interpreter&, Args& v) { return wrap(pow_of(self_of(v), v[1], "pow")); });
    method("pow_(self, exponent)", [](Interpreter&, Args& v) {
        Value e = v[1];
        std::vector<Tensor> others;
        if (is_tensor(e)) others.push_back(to_tensor(e));
        return inplace(v[0], others, [e](const Tensor& x) { return pow_of(x, e, "pow_"); });
    });
    method("clamp(self, min=None, max=None)",
           [](Interpreter&, Args& v) { return wrap(clamp_of(self_of(v), v[1], v[2], "clamp")); });
    alias("clip", "clamp");
    method("clamp_(self, min=None, max=None)", [](Interpreter&, Args& v) {
        Value lo = v[1], hi = v[2];
        if ((!is_tensor(lo) || to_tensor(lo).dim() == 0) && (!is_tensor(hi) || to_tensor(hi).dim() == 0)) {
            if (is_none(lo) && is_none(hi))
                raise(T().RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
            clamp_(self_of(v), opt_scalar(lo, "clamp_", "min"), opt_scalar(hi, "clamp_", "max"));
            return v[0];
        }
        return inplace(v[0], {}, [lo, hi](const Tensor& x) { return clamp_of(x, lo, hi, "clamp_"); });
    });
    alias("clip_", "clamp_");
    // aten::clamp_min / clamp_max are ops of their own in PyTorch (ClampMinBackward0, or ...1 for a
    // tensor bound), not clamp's ClampBackward1.
    method("clamp_min(self, min)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        return wrap(named(clamp_of(x, v[1], none(), "clamp_min"), is_tensor(v[1]) ? "ClampMinBackward1" : "ClampMinBackward0", x));
    });
    method("clamp_max(self, max)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        return wrap(named(clamp_of(x, none(), v[1], "clamp_max"), is_tensor(v[1]) ? "ClampMaxBackward1" : "ClampMaxBackward0", x));
    });
    method("clamp_min_(self, min)", [](Interpreter&, Args& v) {
        Value lo = v[1];
        return inplace(v[0], {}, [lo](const Tensor& x) { return clamp_of(x, lo, none(), "clamp_min_"); });
    });
    method("clamp_max_(self, max)", [](Interpreter&, Args& v) {
        Value hi = v[1];
        return inplace(v[0], {}, [hi](const Tensor& x) { return clamp_of(x, none(), hi, "clamp_max_"); });
    });

    // Binary ops: the other operand may be a tensor or a Python number.
    method("add(self, other, *, alpha=1)", [](Interpreter&, Args& v) {
        return wrap(add(self_of(v), other_of(v[1], "add"), to_scalar(v[2], "add", "alpha")));
    });
    method("sub(self, other, *, alpha=1)", [](Interpreter&, Args& v) {
        return wrap(sub(self_of(v), other_of(v[1], "sub"), to_scalar(v[2], "sub", "alpha")));
    });
    alias("subtract", "sub");
    method("mul(self, other)", [](Interpreter&, Args& v) { return wrap(mul(self_of(v), other_of(v[1], "mul"))); });
    alias("multiply", "mul");
    method("div(self, other, *, rounding_mode=None)", [](Interpreter&, Args& v) {
        std::string mode = is_none(v[2]) ? "" : str_of(v[2]);
        return wrap(div(self_of(v), other_of(v[1], "div"), mode));
    });
    alias("divide", "div");
    method("true_divide(self, other)",
           [](Interpreter&, Args& v) { return wrap(div(self_of(v), other_of(v[1], "true_divide"))); });
    method("floor_divide(self, other)",
           [](Interpreter&, Args& v) { return wrap(floor_divide(self_of(v), other_of(v[1], "floor_divide"))); });
    method("remainder(self, other)",
           [](Interpreter&, Args& v) { return wrap(remainder(self_of(v), other_of(v[1], "remainder"))); });
    method("fmod(self, other)",
           [](Interpreter&, Args& v) { return wrap(fmod(self_of(v), other_of(v[1], "fmod"))); });
    method("maximum(self, other)",
           [](Interpreter&, Args& v) { return wrap(maximum(self_of(v), to_tensor(v[1], "maximum", "other"))); });
    method("minimum(self, other)",
           [](Interpreter&, Args& v) { return wrap(minimum(self_of(v), to_tensor(v[1], "minimum", "other"))); });
    method("atan2(self, other)",
           [](Interpreter&, Args& v) { return wrap(atan2(self_of(v), to_tensor(v[1], "atan2", "other"))); });
    alias("arctan2", "atan2");
    using Bin = Tensor (*)(const Tensor&, const Tensor&);
    struct B {
        const char* name;
        Bin f;
    };
    for (B b : {B{"eq", eq}, B{"ne", ne}, B{"lt", lt}, B{"le", le}, B{"gt", gt}, B{"ge", ge},
                B{"logical_and", logical_and}, B{"logical_or", logical_or}, B{"logical_xor", logical_xor}}) {
        Bin f = b.f;
        std::string n = b.name;
        method((n + "(self, other)").c_str(),
               [f, n](Interpreter&, Args& v) { return wrap(f(self_of(v), other_of(v[1], n.c_str()))); });
    }
    alias("greater", "gt");
    alias("greater_equal", "ge");
    alias("less", "lt");
    alias("less_equal", "le");
    alias("not_equal", "ne");
    method("lerp(self, end, weight)", [](Interpreter&, Args& v) {
        Tensor end = to_tensor(v[1], "lerp", "end");
        if (is_tensor(v[2])) return wrap(lerp(self_of(v), end, to_tensor(v[2], "lerp", "weight")));
        Tensor r = lerp(self_of(v), end, to_scalar(v[2], "lerp", "weight"));
        return wrap(r);
    });
    method("addcmul(self, tensor1, tensor2, *, value=1)", [](Interpreter&, Args& v) {
        Tensor r = addcmul(self_of(v), to_tensor(v[1], "addcmul", "tensor1"), to_tensor(v[2], "addcmul", "tensor2"),
                 to_scalar(v[3], "addcmul", "value"));
        return wrap(r);
    });
    method("addcdiv(self, tensor1, tensor2, *, value=1)", [](Interpreter&, Args& v) {
        Tensor r = addcdiv(self_of(v), to_tensor(v[1], "addcdiv", "tensor1"), to_tensor(v[2], "addcdiv", "tensor2"),
                 to_scalar(v[3], "addcdiv", "value"));
        return wrap(r);
    });
    method("equal(self, other)",
           [](Interpreter&, Args& v) { return Value::boolean(equal(self_of(v), to_tensor(v[1], "equal", "other"))); });
    method("allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False)", [](Interpreter&, Args& v) {
        return Value::boolean(allclose(self_of(v), to_tensor(v[1], "allclose", "other"),
                                       to_float(v[2], "allclose", "rtol"), to_float(v[3], "allclose", "atol"),
                                       to_bool(v[4], "allclose", "equal_nan")));
    });
    method("isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False)", [](Interpreter&, Args& v) {
        autograd::NoGradGuard g;
        const Tensor& a = self_of(v);
        Tensor b = to_tensor(v[1], "isclose", "other");
        double rtol = to_float(v[2], "isclose", "rtol"), atol = to_float(v[3], "isclose", "atol");
        Tensor close = le(abs(sub(a, b)), add(mul(abs(b), Scalar(rtol)), Scalar(atol)));
        close = logical_or(close, eq(a, b));
        if (to_bool(v[4], "isclose", "equal_nan")) close = logical_or(close, logical_and(isnan_of(a), isnan_of(b)));
        return wrap(close);
    });

    // In place with engine kernels.
    method("add_(self, other, *, alpha=1)", [](Interpreter&, Args& v) {
        add_(self_of(v), other_of(v[1], "add_"), to_scalar(v[2], "add_", "alpha"));
        return v[0];
    });
    method("sub_(self, other, *, alpha=1)", [](Interpreter&, Args& v) {
        sub_(self_of(v), other_of(v[1], "sub_"), to_scalar(v[2], "sub_", "alpha"));
        return v[0];
    });
    alias("subtract_", "sub_");
    method("mul_(self, other)", [](Interpreter&, Args& v) {
        mul_(self_of(v), other_of(v[1], "mul_"));
        return v[0];
    });
    alias("multiply_", "mul_");
    method("div_(self, other, *, rounding_mode=None)", [](Interpreter&, Args& v) {
        Tensor o = other_of(v[1], "div_");
        if (is_none(v[2])) {
            div_(self_of(v), o);
            return v[0];
        }
        std::string mode = str_of(v[2]);
        return inplace(v[0], {o}, [o, mode](const Tensor& x) { return div(x, o, mode); });
    });
    alias("divide_", "div_");
    alias("true_divide_", "div_");
    method("floor_divide_(self, other)", [](Interpreter&, Args& v) {
        Tensor o = other_of(v[1], "floor_divide_");
        return inplace(v[0], {o}, [o](const Tensor& x) { return floor_divide(x, o); });
    });
    method("remainder_(self, other)", [](Interpreter&, Args& v) {
        Tensor o = other_of(v[1], "remainder_");
        return inplace(v[0], {o}, [o](const Tensor& x) { return remainder(x, o); });
    });
    method("zero_(self)", [](Interpreter&, Args& v) {
        zero_(self_of(v));
        return v[0];
    });
    method("fill_(self, value)", [](Interpreter&, Args& v) {
        if (auto* t = v[1].as<TensorObj>(); t && t->tensor.dim() != 0)
            raise(T().RuntimeError, str("fill_ only supports 0-dimension value tensor but got tensor with ",
                                        t->tensor.dim(), " dimensions."));
        fill_(self_of(v), to_scalar(v[1], "fill_", "value"));
        return v[0];
    });
    method("copy_(self, src, non_blocking=False)", [](Interpreter&, Args& v) {
        copy_(self_of(v), to_tensor(v[1], "copy_", "src"));
        return v[0];
    });
    method("addcmul_(self, tensor1, tensor2, *, value=1)", [](Interpreter&, Args& v) {
        addcmul_(self_of(v), to_tensor(v[1], "addcmul_", "tensor1"), to_tensor(v[2], "addcmul_", "tensor2"),
                 to_scalar(v[3], "addcmul_", "value"));
        return v[0];
    });
    method("addcdiv_(self, tensor1, tensor2, *, value=1)", [](Interpreter&, Args& v) {
        addcdiv_(self_of(v), to_tensor(v[1], "addcdiv_", "tensor1"), to_tensor(v[2], "addcdiv_", "tensor2"),
                 to_scalar(v[3], "addcdiv_", "value"));
        return v[0];
    });
    method("lerp_(self, end, weight)", [](Interpreter&, Args& v) {
        Tensor end = to_tensor(v[1], "lerp_", "end");
        if (is_tensor(v[2])) {
            Tensor r = lerp(self_of(v), end, to_tensor(v[2], "lerp_", "weight"));
            if (r.sizes() != self_of(v).sizes())
                raise(T().RuntimeError, str("output with shape ", shape_str(self_of(v).sizes()),
                                            " doesn't match the broadcast shape ", shape_str(r.sizes())));
            copy_(self_of(v), r);
            return v[0];
        }
        lerp_(self_of(v), end, to_scalar(v[2], "lerp_", "weight"));
        return v[0];
    });
    method("uniform_(self, from=0, to=1, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[3], "uniform_"));
        uniform_(self_of(v), to_float(v[1], "uniform_", "from"), to_float(v[2], "uniform_", "to"));
        return v[0];
    });
    method("normal_(self, mean=0, std=1, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[3], "normal_"));
        normal_(self_of(v), to_float(v[1], "normal_", "mean"), to_float(v[2], "normal_", "std"));
        return v[0];
    });
    method("bernoulli_(self, p=0.5, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[2], "bernoulli_"));
        if (auto* pt = v[1].as<TensorObj>()) bernoulli_(self_of(v), pt->tensor);
        else bernoulli_(self_of(v), to_float(v[1], "bernoulli_", "p"));
        return v[0];
    });
    method("bernoulli(self, p=None, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[2], "bernoulli"));
        Tensor out = empty_like(self_of(v));
        if (is_none(v[1])) bernoulli_(out, self_of(v));
        else bernoulli_(out, to_float(v[1], "bernoulli", "p"));
        return wrap(out);
    });
    method("exponential_(self, lambd=1, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[2], "exponential_"));
        exponential_(self_of(v), to_float(v[1], "exponential_", "lambd"));
        return v[0];
    });
    method("cauchy_(self, median=0, sigma=1, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[3], "cauchy_"));
        cauchy_(self_of(v), to_float(v[1], "cauchy_", "median"), to_float(v[2], "cauchy_", "sigma"));
        return v[0];
    });
    method("log_normal_(self, mean=1, std=2, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[3], "log_normal_"));
        log_normal_(self_of(v), to_float(v[1], "log_normal_", "mean"), to_float(v[2], "log_normal_", "std"));
        return v[0];
    });
    method("geometric_(self, p, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[2], "geometric_"));
        geometric_(self_of(v), to_float(v[1], "geometric_", "p"));
        return v[0];
    });
    // random_(), random_(to), random_(from, to).
    method("random_(self, *args, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[2], "random_"));
        const auto& pos = v[1].get<Tuple>()->items;
        if (pos.empty()) {
            random_(self_of(v));
        } else if (pos.size() == 1) {
            random_(self_of(v), 0, to_dim(pos[0], "random_", "to"));
        } else if (pos.size() == 2) {
            random_(self_of(v), to_dim(pos[0], "random_", "from"),
                    is_none(pos[1]) ? std::nullopt : std::optional<int64_t>(to_dim(pos[1], "random_", "to")));
        } else {
            raise(T().TypeError, "random_() takes at most 2 positional arguments");
        }
        return v[0];
    });
    method("multinomial(self, num_samples, replacement=False, *, generator=None)", [](Interpreter&, Args& v) {
        GeneratorScope gen(to_generator(v[3], "multinomial"));
        return wrap(multinomial(self_of(v), to_dim(v[1], "multinomial", "num_samples"),
                                to_bool(v[2], "multinomial", "replacement")));
    });
}

// ---- reductions and linear algebra ----------------------------------------------------------------

void register_reduction_methods() {
    method("sum(self, dim=None, keepdim=False, *, dtype=None)", [](Interpreter&, Args& v) {
        return wrap(sum(self_of(v), dims_arg(v[1], "sum"), to_bool(v[2], "sum", "keepdim"), to_opt_dtype(v[3], "sum")));
    });
    method("mean(self, dim=None, keepdim=False, *, dtype=None)", [](Interpreter&, Args& v) {
        Tensor x = self_of(v);
        if (auto dt = to_opt_dtype(v[3], "mean")) x = to_dtype(x, *dt);
        return wrap(mean(x, dims_arg(v[1], "mean"), to_bool(v[2], "mean", "keepdim")));
    });
    method("prod(self, dim=None, keepdim=False, *, dtype=None)", [](Interpreter&, Args& v) {
        Tensor x = self_of(v);
        if (auto dt = to_opt_dtype(v[3], "prod")) x = to_dtype(x, *dt);
        if (is_none(v[1])) return wrap(prod(x));
        return wrap(prod(x, to_dim(v[1], "prod"), to_bool(v[2], "prod", "keepdim")));
    });
    for (bool is_max : {true, false}) {
        const char* n = is_max ? "max" : "min";
        // Overloads max(), max(other) (also other=... by keyword, `torch.max(input=X, other=Y)`),
        // max(dim, keepdim=False).
        std::string spec = std::string(n) + "(self, dim=None, keepdim=False, *, other=None)";
        method(spec.c_str(), [is_max, n](Interpreter&, Args& v) {
            const Tensor& x = self_of(v);
            // max(other) takes nothing more (no keepdim, no dim beside other=): PyTorch's parser finds
            // no overload, and the TypeError becomes its listing (arg_signatures.cpp)
            if (!is_none(v[3]) || is_tensor(v[1])) {
                bool extra = !is_none(v[3]) && !is_none(v[1]);
                if (const NativeCall* c = t_native_call; c && c->args) {
                    const size_t self_slot = c->method ? 1 : 0;
                    extra = extra || c->args->nargs > self_slot + 1;  // self, other, keepdim
                    for (size_t k = 0; k < c->args->nkw; ++k) extra = extra || c->args->kwname(k) == "keepdim";
                }
                if (extra) raise(T().TypeError, str(n, "(): no overload takes a tensor and a dim"));
            }
            if (!is_none(v[3]) && is_none(v[1])) {
                const Tensor& o = to_tensor(v[3], n, "other");
                return wrap(is_max ? maximum(x, o) : minimum(x, o));
            }
            if (is_none(v[1])) return wrap(is_max ? max(x) : min(x));
            if (is_tensor(v[1])) return wrap(is_max ? maximum(x, to_tensor(v[1])) : minimum(x, to_tensor(v[1])));
            int64_t d = to_dim(v[1], n);
            bool keep = to_bool(v[2], n, "keepdim");
            return values_indices(n, is_max ? max(x, d, keep) : min(x, d, keep));
        });
    }
    method("amax(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(amax(self_of(v), dims_arg(v[1], "amax"), to_bool(v[2], "amax", "keepdim")));
    });
    method("amin(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(amin(self_of(v), dims_arg(v[1], "amin"), to_bool(v[2], "amin", "keepdim")));
    });
    method("argmax(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(argmax(self_of(v), to_opt_int(v[1], "argmax", "dim"), to_bool(v[2], "argmax", "keepdim")));
    });
    method("argmin(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(argmin(self_of(v), to_opt_int(v[1], "argmin", "dim"), to_bool(v[2], "argmin", "keepdim")));
    });
    method("std(self, dim=None, unbiased=None, keepdim=False, *, correction=None)",
           [](Interpreter&, Args& v) { return wrap(std_var(v, true, "std")); });
    method("var(self, dim=None, unbiased=None, keepdim=False, *, correction=None)",
           [](Interpreter&, Args& v) { return wrap(std_var(v, false, "var")); });
    method("norm(self, p='fro', dim=None, keepdim=False, dtype=None)", [](Interpreter&, Args& v) {
        double p = 2.0;
        if (v[1].is(Kind::Str)) {
            if (str_of(v[1]) != "fro") not_supported(str("norm(p='", str_of(v[1]), "')"));
        } else if (!is_none(v[1])) {
            p = to_float(v[1], "norm", "p");
        }
        Tensor x = self_of(v);
        if (auto dt = to_opt_dtype(v[4], "norm")) x = to_dtype(x, *dt);
        return wrap(norm(x, p, dims_arg(v[2], "norm"), to_bool(v[3], "norm", "keepdim")));
    });
    method("logsumexp(self, dim, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(
            logsumexp(self_of(v), to_int_list(v[1], "logsumexp", "dim"), to_bool(v[2], "logsumexp", "keepdim")));
    });
    method("softmax(self, dim=?, dtype=None)", [](Interpreter&, Args& v) {
        if (v[1].is_null()) raise(types().TypeError, softmax_overloads("softmax"));
        return wrap(softmax(self_of(v), to_dim(v[1], "softmax"), to_opt_dtype(v[2], "softmax")));
    });
    method("log_softmax(self, dim=?, dtype=None)", [](Interpreter&, Args& v) {
        if (v[1].is_null()) raise(types().TypeError, softmax_overloads("log_softmax"));
        return wrap(log_softmax(self_of(v), to_dim(v[1], "log_softmax"), to_opt_dtype(v[2], "log_softmax")));
    });
    method("cumsum(self, dim, *, dtype=None)", [](Interpreter&, Args& v) {
        Tensor x = self_of(v);
        if (auto dt = to_opt_dtype(v[2], "cumsum")) x = to_dtype(x, *dt);
        return wrap(cumsum(x, to_dim(v[1], "cumsum")));
    });
    method("cumprod(self, dim, *, dtype=None)", [](Interpreter&, Args& v) {
        Tensor x = self_of(v);
        if (auto dt = to_opt_dtype(v[2], "cumprod")) x = to_dtype(x, *dt);
        return wrap(cumprod(x, to_dim(v[1], "cumprod")));
    });
    method("sort(self, dim=-1, descending=False, *, stable=False)", [](Interpreter&, Args& v) {
        bool stable = !is_none(v[3]) && to_bool(v[3], "sort", "stable");
        return values_indices("sort", sort(self_of(v), to_dim(v[1], "sort"), to_bool(v[2], "sort", "descending"), stable));
    });
    method("argsort(self, dim=-1, descending=False, *, stable=False)", [](Interpreter&, Args& v) {
        bool stable = !is_none(v[3]) && to_bool(v[3], "argsort", "stable");
        return wrap(argsort(self_of(v), to_dim(v[1], "argsort"), to_bool(v[2], "argsort", "descending"), stable));
    });
    method("topk(self, k, dim=-1, largest=True, sorted=True)", [](Interpreter&, Args& v) {
        return values_indices("topk", topk(self_of(v), to_dim(v[1], "topk", "k"), to_dim(v[2], "topk"),
                                           to_bool(v[3], "topk", "largest"), to_bool(v[4], "topk", "sorted")));
    });
    method("median(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        if (is_none(v[1])) return wrap(median(self_of(v)));
        return values_indices("median", median(self_of(v), to_dim(v[1], "median"), to_bool(v[2], "median", "keepdim")));
    });
    method("aminmax(self, *, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return min_max_pair(aminmax(self_of(v), to_opt_int(v[1], "aminmax", "dim"), to_bool(v[2], "aminmax", "keepdim")));
    });
    method("nonzero(self, *, as_tuple=False)", [](Interpreter&, Args& v) {
        if (to_bool(v[1], "nonzero", "as_tuple")) return nonzero_tuple(self_of(v));
        return wrap(nonzero(self_of(v)));
    });
    method("unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None)", [](Interpreter&, Args& v) {
        bool inv = to_bool(v[2], "unique", "return_inverse"), cnt = to_bool(v[3], "unique", "return_counts");
        std::vector<Tensor> r = is_none(v[4]) ? unique(self_of(v), inv, cnt)
                                              : unique_dim(self_of(v), to_dim(v[4], "unique", "dim"), inv, cnt);
        if (r.size() == 1) return wrap(r[0]);
        return wrap_tuple(r);
    });
    method("roll(self, shifts, dims=None)", [](Interpreter&, Args& v) {
        std::vector<int64_t> shifts = is_index(v[1]) ? std::vector<int64_t>{to_dim(v[1], "roll", "shifts")}
                                                     : to_int_list(v[1], "roll", "shifts");
        std::vector<int64_t> dims;
        if (!is_none(v[2])) dims = is_index(v[2]) ? std::vector<int64_t>{to_dim(v[2], "roll", "dims")}
                                                  : to_int_list(v[2], "roll", "dims");
        return wrap(roll(self_of(v), shifts, dims));
    });
    method("repeat_interleave(self, repeats=None, dim=None, *, output_size=None)", [](Interpreter&, Args& v) {
        // at::repeat_interleave(repeats): each index i repeated repeats[i] times (0, 0, 1, 1, 1 for [2, 3])
        auto indices_of = [](const Tensor& reps) {
            KILN_CHECK(reps.dim() == 1, RuntimeError, "repeat_interleave only accept 1D vector as repeat");
            // ATen dispatches over the index types before its own "has to be Long or Int" check.
            KILN_CHECK(reps.dtype() == DType::Int64 || reps.dtype() == DType::Int32, RuntimeError,
                       "\"repeat_interleave_", reps.device() == Device::CPU ? "cpu" : "cuda", "\" not implemented for '",
                       dtype_scalar_type_name(reps.dtype()), "'");
            std::vector<int64_t> r = reps.to_int_vector(), out;
            for (int64_t n : r) KILN_CHECK(n >= 0, RuntimeError, "repeats can not be negative");
            for (size_t i = 0; i < r.size(); ++i) out.insert(out.end(), size_t(r[i]), int64_t(i));
            int64_t n = int64_t(out.size());
            return to_dtype(long_tensor(out, {n}, reps.device()), reps.dtype());
        };
        if (is_none(v[1])) return wrap(indices_of(self_of(v)));  // torch.repeat_interleave(repeats)
        if (is_index(v[1]))
            return wrap(repeat_interleave(self_of(v), to_dim(v[1], "repeat_interleave", "repeats"),
                                          to_opt_int(v[2], "repeat_interleave", "dim")));
        // A tensor of repeats: input.index_select(dim, repeat_interleave(repeats)), as ATen does; without
        // dim the input is flattened first. A 0-dim or 1-element repeats applies to every slice.
        Tensor reps = to_tensor(v[1]);
        Tensor input = self_of(v);
        int64_t dim = 0;
        if (is_none(v[2])) input = reshape(input, {-1});
        else dim = wrap_dim(*to_opt_int(v[2], "repeat_interleave", "dim"), input.dim());
        int64_t size = input.sizes()[size_t(dim)];
        if (reps.dim() == 0 || (reps.dim() == 1 && reps.sizes()[0] == 1))
            reps = expand(reshape(reps, {1}), {size});
        else if (reps.dim() == 1)
            KILN_CHECK(reps.sizes()[0] == size, RuntimeError,
                       "repeats must have the same size as input along dim, but got repeats.size(0) = ",
                       reps.sizes()[0], " and input.size(", dim, ") = ", size);
        else
            KILN_FAIL(RuntimeError, "repeats must be 0-dim or 1-dim tensor");
        return wrap(index_select(input, dim, to_dtype(indices_of(reps), DType::Int64)));
    });
    method("all(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(any_all(self_of(v), v[1], to_bool(v[2], "all", "keepdim"), true));
    });
    method("any(self, dim=None, keepdim=False)", [](Interpreter&, Args& v) {
        return wrap(any_all(self_of(v), v[1], to_bool(v[2], "any", "keepdim"), false));
    });
    method("count_nonzero(self, dim=None)", [](Interpreter&, Args& v) {
        Tensor nz = to_dtype(ne(self_of(v), Scalar(int64_t(0))), DType::Int64);
        return wrap(sum(nz, dims_arg(v[1], "count_nonzero")));
    });

    method("matmul(self, other)",
           [](Interpreter&, Args& v) { return wrap(matmul(self_of(v), to_tensor(v[1], "matmul", "other"))); });
    method("mm(self, mat2)", [](Interpreter&, Args& v) { return wrap(mm(self_of(v), to_tensor(v[1], "mm", "mat2"))); });
    method("bmm(self, mat2)",
           [](Interpreter&, Args& v) { return wrap(bmm(self_of(v), to_tensor(v[1], "bmm", "mat2"))); });
    method("dot(self, tensor)",
           [](Interpreter&, Args& v) { return wrap(dot(self_of(v), to_tensor(v[1], "dot", "tensor"))); });
    method("mv(self, vec)", [](Interpreter&, Args& v) { return wrap(mv(self_of(v), to_tensor(v[1], "mv", "vec"))); });
    method("baddbmm(self, batch1, batch2, *, beta=1, alpha=1)", [](Interpreter&, Args& v) {
        return wrap(baddbmm(self_of(v), to_tensor(v[1], "baddbmm", "batch1"), to_tensor(v[2], "baddbmm", "batch2"),
                            to_scalar(v[3], "baddbmm", "beta"), to_scalar(v[4], "baddbmm", "alpha")));
    });
    method("outer(self, vec2)",
           [](Interpreter&, Args& v) { return wrap(outer(self_of(v), to_tensor(v[1], "outer", "vec2"))); });
    method("addmm(self, mat1, mat2, *, beta=1, alpha=1)", [](Interpreter&, Args& v) {
        return wrap(addmm(self_of(v), to_tensor(v[1], "addmm", "mat1"), to_tensor(v[2], "addmm", "mat2"),
                          to_scalar(v[3], "addmm", "beta"), to_scalar(v[4], "addmm", "alpha")));
    });
}

// ---- resize_ -------------------------------------------------------------------------------------------------

// A CPU storage grown in place to `need` bytes (more than it has), the new bytes zeroed: every tensor
// viewing it keeps its Storage object and sees the old bytes at the same offsets (resize_, set_).
void grow_storage(Storage& st, size_t need) {
    std::shared_ptr<Storage> grown = Storage::allocate(need, st.device);
    if (st.nbytes) std::memcpy(grown->data, st.data, st.nbytes);
    std::memset(static_cast<char*>(grown->data) + st.nbytes, 0, need - st.nbytes);
    std::swap(st.data, grown->data);  // `grown` now owns (and frees) the old bytes
    std::swap(st.nbytes, grown->nbytes);
}

// x.resize_(*sizes) / x.resize_as_(other): x becomes contiguous with the new sizes over the same storage,
// from its storage offset on; the storage grows in place (keeping its bytes, so every tensor sharing it sees
// the new one) when the new size needs more. PyTorch leaves the grown part uninitialized; Kiln zeroes it.
// As in PyTorch, a tensor that requires grad cannot be resized (variable.resize_ is not differentiable).
Tensor resize_tensor(const Tensor& self, const Shape& sizes) {
    if (self.requires_grad()) raise(T().RuntimeError, "cannot resize variables that require grad");
    for (int64_t d : sizes)
        if (d < 0)
            raise(T().RuntimeError, str("Trying to create tensor with negative dimension ", d, ": ", shape_str(sizes)));
    TensorImpl* impl = self.impl();
    if (impl->sizes == sizes) return self;  // same sizes: PyTorch keeps the strides (resize_impl_cpu_)
    // checked as resize_impl's computeStorageNbytesContiguous: sizes whose byte count wraps past int64
    // must not leave a small storage under large sizes
    size_t need = checked_storage_nbytes(sizes, self.element_size());
    if (need > 0) {
        uint64_t total = 0;
        KILN_CHECK(!__builtin_add_overflow(uint64_t(need), uint64_t(impl->offset) * self.element_size(), &total) &&
                       total <= uint64_t(INT64_MAX),
                   RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(sizes));
        need = size_t(total);
    }
    Storage& st = *impl->storage;
    if (need > st.nbytes) {
        if (!st.resizable) raise(T().RuntimeError, "Trying to resize storage that is not resizable");
        if (st.device != Device::CPU)
            raise(T().NotImplementedError, "Tensor.resize_ growing a CUDA tensor's storage is not supported in Kiln");
        grow_storage(st, need);
    }
    impl->sizes = sizes;
    impl->strides = contiguous_strides(sizes);
    return self;
}

void register_resize_methods() {
    def_method(g_tensor, "resize_", [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs < 1 || !a.args[0].is(Kind::Tensor))
            raise(T().TypeError, "descriptor 'resize_' of 'torch._C.TensorBase' object needs an argument");
        std::vector<Value> sizes(a.args + 1, a.args + a.nargs);
        resize_tensor(a.args[0].get<TensorObj>()->tensor, shape_from_varargs(sizes, "resize_"));
        return a.args[0];
    });
    method("resize_as_(self, the_template, *, memory_format=None)", [](Interpreter&, Args& v) -> Value {
        resize_tensor(self_of(v), to_tensor(v[1], "resize_as_", "the_template").sizes());
        return v[0];
    });
    // x.set_(source, storage_offset=0, size=None, stride=None): x views other memory, as PyTorch's set_.
    // A tensor source lends its storage, offset, sizes and strides; a storage (UntypedStorage, or a
    // TypedStorage of x's dtype) is viewed whole as a 1-D tensor of x's dtype, or with the given
    // geometry (contiguous strides unless given), which must lie inside it (PyTorch's setStorage check).
    method("set_(self, source=None, storage_offset=0, size=None, stride=None)", [](Interpreter& in, Args& v) -> Value {
        Tensor& x = self_of(v);
        autograd::check_inplace(x);
        TensorImpl* impl = x.impl();
        if (v[1].is_none()) {  // set_(): an empty storage
            impl->storage = Storage::allocate(0, x.device());
            impl->offset = 0, impl->sizes = {0}, impl->strides = {1};
            x.bump_version();
            return v[0];
        }
        if (is_tensor(v[1])) {
            const Tensor& src = to_tensor(v[1]);
            KILN_CHECK(src.dtype() == x.dtype(), RuntimeError, "Could not set tensor of type ", dtype_scalar_type_name(src.dtype()),
                       " as source for tensor of type ", dtype_scalar_type_name(x.dtype()));
            impl->storage = src.impl()->storage;
            impl->offset = src.impl()->offset, impl->sizes = src.sizes(), impl->strides = src.strides();
            x.bump_version();
            return v[0];
        }
        std::shared_ptr<Storage> st = untyped_storage_or_null(v[1]);
        if (!st) {  // a TypedStorage (torch/storage.py) wraps one
            Value u = getattr_or_null(in, v[1], "_untyped_storage");
            st = u.is_null() ? nullptr : untyped_storage_or_null(u);
            if (!st) raise(T().TypeError, str("set_(): argument 'source' must be Tensor or Storage, not ", type_name(v[1])));
            const DType dt = to_dtype(getattr(in, v[1], "dtype"), "set_");
            KILN_CHECK(dt == x.dtype(), RuntimeError, "Expected a Storage of type ", dtype_type_meta_name(x.dtype()),
                       " or an UntypedStorage, but got type ", dtype_scalar_type_name(dt), " for argument 1 'storage'");
        }
        // checkSetStorage's device check (aten/src/ATen/native/Resize.h)
        if (st->device != impl->storage->device)
            raise(T().RuntimeError, str("Attempted to set the storage of a tensor on device \"", to_str(in, device_value(impl->storage->device)),
                                        "\" to a storage on different device \"", to_str(in, device_value(st->device)),
                                        "\".  This is no longer allowed; the devices must match."));
        const int64_t item = int64_t(x.element_size());
        const int64_t offset = to_int(v[2], "storage_offset");
        Shape sizes = v[3].is_none() ? Shape{int64_t(st->nbytes) / item} : to_int_list(v[3], "set_", "size");
        Shape strides = v[4].is_none() ? contiguous_strides(sizes) : to_int_list(v[4], "set_", "stride");
        KILN_CHECK(strides.size() == sizes.size(), RuntimeError, "unequal size length (", sizes.size(), ") and stride length (",
                   strides.size(), ")");
        KILN_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset ", offset);
        int64_t span = 1;  // elements from the first to one past the last reached (0 for an empty view)
        for (size_t d = 0; d < sizes.size(); ++d) {
            KILN_CHECK(sizes[d] >= 0, RuntimeError, "Trying to create tensor with negative dimension ", sizes[d], ": ", shape_str(sizes));
            if (sizes[d] == 0) span = 0;
        }
        if (span) {
            // computeStorageNbytes in checked arithmetic: sizes whose byte count overflows are
            // PyTorch's error, never a wrapped small count that would pass and index out of bounds.
            (void)shape_numel(sizes);  // c10's safe numel is checked before the storage size
            bool overflowed = false;
            for (size_t d = 0; d < sizes.size(); ++d) {
                int64_t step = 0;
                // c10 multiplies in uint64: a negative stride over more than one element is a huge
                // product there (overflow), never a span that shrinks back inside the storage and
                // lets the view read before its offset
                overflowed |= strides[d] < 0 && sizes[d] > 1;
                overflowed |= __builtin_mul_overflow(sizes[d] - 1, strides[d], &step);
                overflowed |= __builtin_add_overflow(span, step, &span);
            }
            int64_t need = 0;
            overflowed |= __builtin_add_overflow(span, offset, &need);
            overflowed |= __builtin_mul_overflow(need, item, &need);
            KILN_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(sizes),
                       " and strides=", shape_str(strides));
            // set_storage_cpu_ ends in resize_impl_cpu_: a view past the storage's end grows the storage
            // (the new bytes zeroed here; PyTorch leaves them uninitialized).
            if (need > int64_t(st->nbytes)) {
                if (st->device != Device::CPU)
                    raise(T().NotImplementedError, "Tensor.set_ growing a CUDA storage is not supported in Kiln");
                grow_storage(*st, size_t(need));
            }
        }
        impl->storage = st;
        impl->offset = offset, impl->sizes = sizes, impl->strides = strides;
        x.bump_version();
        return v[0];
    });
}

// ---- set_, storage ---------------------------------------------------------------------------------------

// Tensor.storage() / _typed_storage() (set_ is registered with resize_ above).
void register_storage_methods() {
    // x.storage(): the deprecated TypedStorage view of x's storage (torch/_tensor.py): the one-time
    // "TypedStorage is deprecated" UserWarning, attributed to the caller's line, then
    // TypedStorage(wrap_storage=x.untyped_storage(), dtype=x.dtype); _typed_storage() without the warning.
    auto typed = [](Interpreter& in, const Tensor& x, bool warn) {
        Ref<ModuleObj> mod = in.import_module("torch.storage");
        if (warn) in.call(*mod->dict.find("_warn_typed_storage_removal"), {Value::integer(1)});
        return in.call(*mod->dict.find("_typed_storage_of"),
                       {wrap_untyped_storage(x.impl()->storage), getattr(in, wrap(x), "dtype")});
    };
    method("storage(self)", [typed](Interpreter& in, Args& v) { return typed(in, self_of(v), true); });
    method("_typed_storage(self)", [typed](Interpreter& in, Args& v) { return typed(in, self_of(v), false); });
}

// ---- new_* factories -------------------------------------------------------------------------------------

void register_factory_methods() {
    register_resize_methods();
    register_storage_methods();
    // new_zeros(size, dtype=None, device=None, requires_grad=False): self's dtype unless given.
    struct F {
        const char* name;
        int kind;  // 0 zeros, 1 ones, 2 empty
    };
    for (F f : {F{"new_zeros", 0}, F{"new_ones", 1}, F{"new_empty", 2}}) {
        int kind = f.kind;
        std::string name = f.name;
        method((name + "(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False)")
                   .c_str(),
               [kind, name](Interpreter&, Args& v) {
                   TensorOptions o = to_options(v[2], v[3], v[4], name.c_str());
                   if (!o.dtype) o.dtype = self_of(v).dtype();
                   if (is_none(v[3])) o.device = self_of(v).device();
                   Shape s = shape_from_varargs(v[1].get<Tuple>()->items, name.c_str());
                   return wrap(kind == 0 ? zeros(s, o) : kind == 1 ? ones(s, o) : empty(s, o));
               });
    }
    method(
        "new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None, "
        "pin_memory=False)",
        [](Interpreter&, Args& v) {
            TensorOptions o = to_options(v[3], v[4], v[5], "new_full");
            if (!o.dtype) o.dtype = self_of(v).dtype();
            if (is_none(v[4])) o.device = self_of(v).device();
            return wrap(full(to_shape(v[1], "new_full"), to_scalar(v[2], "new_full", "fill_value"), o));
        });
    method("new_tensor(self, data, *, dtype=None, device=None, requires_grad=False)", [](Interpreter& in, Args& v) {
        std::optional<DType> dt = to_opt_dtype(v[2], "new_tensor");
        Tensor r = is_tensor(v[1]) ? clone(to_tensor(v[1]).detach())
                                   : tensor_from_data(in, v[1], dt.value_or(self_of(v).dtype()), "new_tensor");
        if (dt) r = to_dtype(r, *dt);
        r = to_device_check(r, is_none(v[3]) ? self_of(v).device() : to_device(v[3], "new_tensor"));
        if (to_bool(v[4], "new_tensor", "requires_grad")) r.requires_grad_(true);
        return wrap(r);
    });
}

// ---- dunders -----------------------------------------------------------------------------------------------

using BinFn = kiln::Function<Tensor(const Tensor&, const Value&)>;

bool is_type_error(const PyError& e) { return isinstance(e.exc, T().TypeError); }

// The operators registered by dunder() and inplace_dunder().
std::unordered_set<std::string>& operator_dunders() {
    static std::unordered_set<std::string> s;
    return s;
}

// Runs a dunder's body, giving NotImplemented for a TypeError (operator_wraps_type_error: it matters
// where __torch_function__ or __torch_dispatch__ handlers all returned NotImplemented, the
// dispatcher's TypeError is what they turn into Python's own).
template <typename F>
Value not_implemented_on_type_error(const std::string& name, F&& body) {
    if (!operator_wraps_type_error(name)) return body();
    try {
        return body();
    } catch (PyError& e) {
        if (!is_type_error(e)) throw;
    } catch (kiln::Error& e) {
        if (e.kind() != ErrorKind::TypeError) throw;
    }
    return not_implemented();
}

// a <op> b with a Tensor on the left: NotImplemented for operands that are not tensors or numbers, so
// the VM can try the other side and then raise Python's "unsupported operand type(s)".
void dunder(const char* name, BinFn f) {
    std::string name_s = name;
    operator_dunders().insert(name_s);
    def_method(g_tensor, name, [f, name_s](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || !a.args[0].is(Kind::Tensor)) raise(T().TypeError, "expected a Tensor and one operand");
        if (!is_operand(a.args[1])) return not_implemented();
        return not_implemented_on_type_error(name_s, [&]() -> Value {
            if (!recording_calls()) return wrap(f(a.args[0].get<TensorObj>()->tensor, a.args[1]));
            std::vector<Value> args{a.args[0], a.args[1]};
            return traced_call(in, CallKind::Dunder, name_s, nullptr, args,
                               [&] { return wrap(f(a.args[0].get<TensorObj>()->tensor, a.args[1])); });
        });
    });
}

// x <op>= y: in place into x (PyTorch's __iadd__ etc.), returning x itself.
void inplace_dunder(const char* name, kiln::Function<void(const Value& self, const Value& other)> f) {
    std::string name_s = name;
    operator_dunders().insert(name_s);
    def_method(g_tensor, name, [f, name_s](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2 || !a.args[0].is(Kind::Tensor)) raise(T().TypeError, "expected a Tensor and one operand");
        if (!is_operand(a.args[1])) return not_implemented();
        return not_implemented_on_type_error(name_s, [&]() -> Value {
            if (!recording_calls()) {
                f(a.args[0], a.args[1]);
                return a.args[0];
            }
            std::vector<Value> args{a.args[0], a.args[1]};
            return traced_call(in, CallKind::Dunder, name_s, nullptr, args, [&] {
                f(a.args[0], a.args[1]);
                return a.args[0];
            });
        });
    });
}

Tensor operand(const Value& v) { return tensor_or_scalar(v); }

// `a & b`, `a | b`, `a ^ b`: PyTorch's bitwise ops (bool and integer tensors; floating ones raise
// "\"bitwise_and_cpu\" not implemented for 'Float'").
// `a << b` / `a >> b` (Tensor.__lshift__ / __rshift__): a Python int count shifts by it, anything
// else is torch.bitwise_left_shift / bitwise_right_shift's operand (ops/ops.h).
Tensor shift(const Tensor& a, const Value& b, bool left) {
    // (a bool tensor promotes with the int count: True << 1 is tensor([2]))
    if (b.is_int() && !b.is_bool() && a.dtype() != DType::Bool) return kiln::shift(a, b.as_int(), left);
    Tensor o = operand(b);
    return left ? bitwise_left_shift(a, o) : bitwise_right_shift(a, o);
}

void register_dunders() {
    dunder("__add__", [](const Tensor& a, const Value& b) { return add(a, operand(b)); });
    dunder("__radd__", [](const Tensor& a, const Value& b) { return add(a, operand(b)); });
    dunder("__sub__", [](const Tensor& a, const Value& b) { return sub(a, operand(b)); });
    dunder("__rsub__", [](const Tensor& a, const Value& b) {
        if (is_scalar(b)) return rsub(a, to_scalar(b));
        return sub(operand(b), a);
    });
    dunder("__mul__", [](const Tensor& a, const Value& b) { return mul(a, operand(b)); });
    dunder("__rmul__", [](const Tensor& a, const Value& b) { return mul(a, operand(b)); });
    dunder("__truediv__", [](const Tensor& a, const Value& b) { return div(a, operand(b)); });
    // PyTorch's __rtruediv__ is self.reciprocal() * other (so 1 / x has grad_fn MulBackward0).
    dunder("__rtruediv__", [](const Tensor& a, const Value& b) { return mul(reciprocal(a), operand(b)); });
    dunder("__floordiv__", [](const Tensor& a, const Value& b) { return floor_divide(a, operand(b)); });
    dunder("__rfloordiv__", [](const Tensor& a, const Value& b) { return floor_divide(operand(b), a); });
    dunder("__mod__", [](const Tensor& a, const Value& b) { return remainder(a, operand(b)); });
    dunder("__rmod__", [](const Tensor& a, const Value& b) { return remainder(operand(b), a); });
    dunder("__pow__", [](const Tensor& a, const Value& b) { return pow_of(a, b, "pow"); });
    dunder("__rpow__", [](const Tensor& a, const Value& b) {
        if (is_scalar(b)) return pow(to_scalar(b), a);
        return pow(to_tensor(b), a);
    });
    dunder("__matmul__", [](const Tensor& a, const Value& b) { return matmul(a, to_tensor(b, "matmul", "other")); });
    dunder("__rmatmul__", [](const Tensor& a, const Value& b) { return matmul(to_tensor(b, "matmul", "input"), a); });
    dunder("__and__", [](const Tensor& a, const Value& b) { return bitwise_and(a, operand(b)); });
    dunder("__rand__", [](const Tensor& a, const Value& b) { return bitwise_and(a, operand(b)); });
    dunder("__or__", [](const Tensor& a, const Value& b) { return bitwise_or(a, operand(b)); });
    dunder("__ror__", [](const Tensor& a, const Value& b) { return bitwise_or(a, operand(b)); });
    dunder("__xor__", [](const Tensor& a, const Value& b) { return bitwise_xor(a, operand(b)); });
    dunder("__rxor__", [](const Tensor& a, const Value& b) { return bitwise_xor(a, operand(b)); });
    dunder("__lshift__", [](const Tensor& a, const Value& b) { return shift(a, b, true); });
    dunder("__rshift__", [](const Tensor& a, const Value& b) { return shift(a, b, false); });
    // `2 << t`, `256 >> t`: the number as a wrapped scalar of t's dtype category, shifted by t
    dunder("__rlshift__", [](const Tensor& a, const Value& b) { return bitwise_left_shift(operand(b), a); });
    dunder("__rrshift__", [](const Tensor& a, const Value& b) { return bitwise_right_shift(operand(b), a); });
    dunder("__lt__", [](const Tensor& a, const Value& b) { return lt(a, operand(b)); });
    dunder("__le__", [](const Tensor& a, const Value& b) { return le(a, operand(b)); });
    dunder("__gt__", [](const Tensor& a, const Value& b) { return gt(a, operand(b)); });
    dunder("__ge__", [](const Tensor& a, const Value& b) { return ge(a, operand(b)); });
    dunder("__eq__", [](const Tensor& a, const Value& b) { return eq(a, operand(b)); });
    dunder("__ne__", [](const Tensor& a, const Value& b) { return ne(a, operand(b)); });

    inplace_dunder("__iadd__", [](const Value& s, const Value& b) { add_(s.get<TensorObj>()->tensor, operand(b)); });
    inplace_dunder("__isub__", [](const Value& s, const Value& b) { sub_(s.get<TensorObj>()->tensor, operand(b)); });
    inplace_dunder("__imul__", [](const Value& s, const Value& b) { mul_(s.get<TensorObj>()->tensor, operand(b)); });
    inplace_dunder("__itruediv__",
                   [](const Value& s, const Value& b) { div_(s.get<TensorObj>()->tensor, operand(b)); });
    inplace_dunder("__ipow__", [](const Value& s, const Value& b) {
        std::vector<Tensor> others;
        if (is_tensor(b)) others.push_back(to_tensor(b));
        inplace(s, others, [b](const Tensor& x) { return pow_of(x, b, "pow_"); });
    });
    // The operators whose in-place form is the out-of-place op written back (`a //= b`, `a %= b`, `a &= b`,
    // ...; `a <<= b` / `a >>= b` are Tensor.bitwise_left_shift_ / right_shift_).
    using TensorBinary = Tensor (*)(const Tensor&, const Tensor&);
    static const std::pair<const char*, TensorBinary> written_back[] = {
        {"__ifloordiv__", floor_divide},          {"__imod__", remainder},
        {"__iand__", bitwise_and},                {"__ior__", bitwise_or},
        {"__ixor__", bitwise_xor},                {"__ilshift__", bitwise_left_shift},
        {"__irshift__", bitwise_right_shift}};
    for (const auto& [dunder, op] : written_back)
        inplace_dunder(dunder, [op = op](const Value& s, const Value& b) {
            Tensor o = operand(b);
            inplace(s, {o}, [o, op](const Tensor& x) { return op(x, o); });
        });

    method("__neg__(self)", [](Interpreter&, Args& v) { return wrap(neg(self_of(v))); });
    method("__pos__(self)", [](Interpreter&, Args& v) { return v[0]; });
    method("__abs__(self)", [](Interpreter&, Args& v) { return wrap(abs(self_of(v))); });
    method("__invert__(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (!x.is_floating_point()) return wrap(bitwise_not(x));
        raise(T().TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
    });
    method("__bool__(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.numel() == 0) raise(T().RuntimeError, "Boolean value of Tensor with no values is ambiguous");
        if (x.numel() > 1) raise(T().RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
        return Value::boolean(x.item().to_bool());
    });
    // c10's checked_convert: a complex value with a nonzero imaginary part "overflows" any real type,
    // so float() and int() of it raise rather than drop the imaginary part
    auto real_only = [](const Scalar& s, const char* type) {
        if (s.is_complex() && s.imag() != 0)
            raise(T().RuntimeError, str("value cannot be converted to type ", type, " without overflow"));
    };
    method("__float__(self)", [real_only](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.numel() != 1) raise(T().ValueError, "only one element tensors can be converted to Python scalars");
        Scalar s = x.item();
        real_only(s, "double");
        return Value::number(s.to_double());
    });
    method("__complex__(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.numel() != 1) raise(T().ValueError, "only one element tensors can be converted to Python scalars");
        Scalar s = x.item();
        return new_complex(s.to_double(), s.imag());
    });
    method("__int__(self)", [real_only](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.numel() != 1) raise(T().ValueError, "only one element tensors can be converted to Python scalars");
        Scalar s = x.item();
        real_only(s, "int64_t");
        if (s.is_floating()) {
            // THPVariable_integral: a float tensor goes through a Python float to an unbounded int
            double d = s.to_double();
            if (std::isnan(d)) raise(T().ValueError, "cannot convert float NaN to integer");
            if (std::isinf(d)) raise(T().OverflowError, "cannot convert float infinity to integer");
            return int_value(BigInt::from_double(d));
        }
        return Value::integer(s.to_int());
    });
    method("__index__(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.numel() != 1 || x.is_floating_point())
            raise(T().TypeError, "only integer tensors of a single element can be converted to an index");
        return Value::integer(x.item().to_int());
    });
    // No __round__: PyTorch's Tensor defines none, so round(t) / round(t, 2) is builtin round's
    // "type Tensor doesn't define __round__ method" (fairseq's safe_round tests hasattr(x, "__round__")
    // before falling back to .item()); torch.round / Tensor.round take decimals=.
    method("__len__(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() == 0) raise(T().TypeError, "len() of a 0-d tensor");
        return Value::integer(x.sizes()[0]);
    });
    method("__iter__(self)", [](Interpreter& in, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() == 0) raise(T().TypeError, "iteration over a 0-d tensor");
        // _tensor.py's __iter__ skips __torch_function__ itself and returns iter(self.unbind(0)): on a
        // subclass instance that unbind dispatches (the rows come back as the subclass).
        if (!v[0].obj()->type->builtin) return get_iter(in, in.call(getattr(in, v[0], "unbind"), {Value::integer(0)}));
        return get_iter(in, wrap_list(unbind(x, 0)));
    });
    method("__contains__(self, element)", [](Interpreter&, Args& v) {
        if (!is_operand(v[1]))
            raise(T().RuntimeError,
                  str("Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class '",
                      type_name(v[1]), "'>."));
        return Value::boolean(any(eq(self_of(v), operand(v[1]))).item().to_bool());
    });
    method("__getitem__(self, key)", [](Interpreter& in, Args& v) { return wrap(get_index(in, self_of(v), v[1])); });
    method("__setitem__(self, key, value)", [](Interpreter& in, Args& v) {
        set_index(in, v[0], v[1], v[2]);
        return none();
    });
    method("__repr__(self, *, tensor_contents=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        // _str_intern's prefix: "tensor(" for Tensor and Parameter, a subclass's own name otherwise.
        Type* t = v[0].obj()->type;
        std::string text = t == g_tensor || t == T().parameter ? x.repr() : tensor_repr(x, t->name + "(");
        // _str_intern wraps the repr of a parameter that is not plain (a Parameter subclass) in
        // "Parameter(...)"; Parameter.__repr__ then puts its "Parameter containing:" line first.
        if (t->is_subtype_of(T().parameter) && t != T().parameter) text = "Parameter(" + text + ")";
        if (t->is_subtype_of(T().parameter)) return new_str("Parameter containing:\n" + text);
        return new_str(text);
    });
    // f"{t:.3f}": a 0-dim tensor formats its item (PyTorch: type(self) is Tensor); others only with "".
    method("__format__(self, format_spec)", [](Interpreter& in, Args& v) {
        const Tensor& x = self_of(v);
        const std::string& spec = str_of(v[1]);
        if (x.dim() == 0 && v[0].obj()->type == g_tensor)
            return new_str(format_value(in, scalar_value(x.item()), spec));
        if (spec.empty()) return new_str(repr(in, v[0]));
        raise(T().TypeError, str("unsupported format string passed to ", v[0].obj()->type->name, ".__format__"));
    });
}

// ---- construction: torch.Tensor(...), nn.Parameter(...), torch.Size(...) ------------------------------------

// torch.Tensor(...) and the typed legacy constructors (torch.FloatTensor, torch.LongTensor, ...):
// a tensor from data (a list, a tuple, an ndarray), from sizes (uninitialized in PyTorch, zeros
// here), or a tensor itself. torch.Tensor makes the default float dtype and takes any tensor as it
// is; a typed one makes its dtype and takes only tensors of it.
struct LegacyType {
    const char* name;
    DType dtype;
};
constexpr LegacyType kLegacyTypes[] = {{"FloatTensor", DType::Float32}, {"DoubleTensor", DType::Float64},
                                       {"HalfTensor", DType::Float16},  {"BFloat16Tensor", DType::BFloat16},
                                       {"LongTensor", DType::Int64},    {"BoolTensor", DType::Bool},
                                       {"IntTensor", DType::Int32},     {"ShortTensor", DType::Int16},
                                       {"CharTensor", DType::Int8},     {"ByteTensor", DType::UInt8}};
Type* g_legacy_types[std::size(kLegacyTypes)];

// The keyword-only `device` of PyTorch's legacy signatures (new(*, Device? device=None), new(SymIntArrayRef
// size, *, Device? device=None), new(PyObject* data, *, Device? device=None)): 2018-era seq2seq tutorials
// write torch.Tensor([[SOS_token]], device=device). A constructor makes tensors of its own device type only
// (check_legacy_ctor_device: CPU for torch.Tensor and the torch.*Tensor types); x.new(...) may name another.
std::optional<Device> legacy_device_kw(const CallArgs& a, const char* name, bool ctor) {
    std::optional<Device> device;
    for (size_t k = 0; k < a.nkw; ++k) {
        if (a.kwname(k) != "device")
            raise(T().TypeError, str(name, "() got an unexpected keyword argument '", a.kwname(k),
                                     "' (the legacy constructor takes only device=; use torch.tensor(data, dtype=...))"));
        if (!a.kwvalues[k].is_none()) device = to_device(a.kwvalues[k], name, "device");
    }
    if (ctor && device && *device != Device::CPU)
        raise(T().RuntimeError, str("legacy constructor expects device type: cpu but device type: ", device_name(*device),
                                    " was passed"));
    return device;
}

Value construct_legacy(Interpreter& in, const CallArgs& a, std::optional<DType> typed, const char* name) {
    const DType dtype = typed ? *typed : default_float_dtype();
    legacy_device_kw(a, name, true);
    if (a.nargs == 0) return wrap(empty({0}, TensorOptions{dtype}));
    const Value& first = a.args[0];
    if (a.nargs == 1 && (first.is(Kind::List) || (first.is(Kind::Tuple) && first.obj()->type == T().tuple)))
        return wrap(to_dtype(tensor_from_data(in, first, dtype, name), dtype));
    if (a.nargs == 1 && first.is(Kind::Range))  // a sequence that is no size list: data (legacy_new_from_sequence)
        return wrap(to_dtype(tensor_from_data(in, new_list(to_vector(in, first)), dtype, name), dtype));
    if (a.nargs == 1 && is_ndarray(first))  // the array's own dtype first, then a copy in the constructor's
        return wrap(to_dtype(tensor_from_data(in, first, std::nullopt, name), dtype));
    if (a.nargs == 1 && is_tensor(first)) {
        const Tensor& t = to_tensor(first);
        if (typed && t.dtype() != dtype)
            raise(T().TypeError, str("expected ", dtype_legacy_name(dtype), " (got ", dtype_legacy_name(t.dtype()), ")"));
        return first;
    }
    std::vector<Value> args(a.args, a.args + a.nargs);
    return wrap(zeros(shape_from_varargs(args, "new"), TensorOptions{dtype}));  // PyTorch leaves these uninitialized
}

void register_constructors() {
    // torch.tensortype, the metaclass of the legacy types: `isinstance(x, torch.LongTensor)` is true
    // for a CPU tensor (or Parameter) of that dtype, as PyTorch's Tensortype_instancecheck compares
    // the tensor's dispatch key and scalar type with the type's; RL code such as
    // `if isinstance(actions, torch.LongTensor): actions = actions.squeeze(1)` depends on it.
    Type* tensortype = make_builtin_type("tensortype", T().type, Kind::Type, "torch");
    def_method(tensortype, "__instancecheck__", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "__instancecheck__() takes exactly one argument");
        if (!is_tensor(a.args[1])) return Value::boolean(false);
        const Tensor& x = to_tensor(a.args[1]);
        for (size_t i = 0; i < std::size(kLegacyTypes); ++i)
            if (a.args[0].obj() == g_legacy_types[i])
                return Value::boolean(x.device() == Device::CPU && x.dtype() == kLegacyTypes[i].dtype);
        return Value::boolean(false);
    });
    for (size_t i = 0; i < std::size(kLegacyTypes); ++i) {
        const LegacyType lt = kLegacyTypes[i];
        Type* t = make_builtin_type(lt.name, T().object, Kind::Instance, "torch");
        t->type = tensortype;
        t->construct = [lt](Interpreter& in, const CallArgs& a) { return construct_legacy(in, a, lt.dtype, lt.name); };
        g_legacy_types[i] = t;
    }
    g_tensor->construct = [](Interpreter& in, const CallArgs& a) { return construct_legacy(in, a, std::nullopt, "Tensor"); };
    // x.new(...): the legacy constructor with x's dtype and device (PyTorch's legacy_tensor_new):
    // x.new(sizes...), x.new(data), x.new(tensor of x's dtype); RNN tutorials' init_hidden uses
    // weight.new(n_layers, batch, hidden).zero_().
    def_method(g_tensor, "new", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1 || !a.args[0].is(Kind::Tensor))
            raise(T().TypeError, "descriptor 'new' of 'torch._C.TensorBase' object needs an argument");
        const Tensor& self = a.args[0].get<TensorObj>()->tensor;
        const std::optional<Device> device = legacy_device_kw(a, "new", false);
        CallArgs rest{a.args + 1, a.nargs - 1, nullptr, 0, nullptr};
        Value r = construct_legacy(in, rest, self.dtype(), "new");
        const Device target = device ? *device : self.device();
        if (target == Device::CPU) return r;
        return wrap(to_device_check(to_tensor(r), target));
    });
    T().parameter->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("Parameter(data=None, requires_grad=True)");
        auto v = sig.bind(a);
        // Parameter.__new__ takes a non-Tensor through its custom-tensor path: data.detach()
        if (!is_none(v[0]) && !v[0].as<TensorObj>())
            raise(T().AttributeError, str("'", type_name(v[0]), "' object has no attribute 'detach'"));
        // ... and so an instance of a tensor subclass (a __torch_dispatch__ wrapper): the parameter is
        // data.detach() (which the subclass's handlers answer), flagged `_is_param`, which
        // isinstance(x, nn.Parameter) accepts (_ParameterMeta.__instancecheck__).
        if (!is_none(v[0]) && type_of(v[0]) != T().tensor && type_of(v[0]) != T().parameter) {
            Value t = in.call(getattr(in, v[0], "detach"), {});
            in.call(getattr(in, t, "requires_grad_"), {Value::boolean(to_bool(v[1], "Parameter", "requires_grad"))});
            if (type_of(t) != type_of(v[0]))
                raise(T().RuntimeError,
                      str("Creating a Parameter from an instance of type ", type_of(v[0])->name,
                          " requires that detach() returns an instance of the same type, but return type ",
                          type_of(t)->name, " was found instead. To use the type as a Parameter, please correct the "
                          "detach() semantics defined by its __torch_dispatch__() implementation."));
            setattr(in, t, "_is_param", Value::boolean(true));
            return t;
        }
        Tensor data = is_none(v[0]) ? empty({0}) : to_tensor(v[0], "Parameter", "data");
        return wrap(nn::make_parameter(data, to_bool(v[1], "Parameter", "requires_grad")));
    };
    Type* size = T().size;
    size->construct = [](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0) return size_value({});
        if (a.nargs > 1) raise(T().TypeError, str("Size() takes at most 1 argument (", a.nargs, " given)"));
        std::vector<Value> items = to_vector(in, a.args[0]);
        Shape s;
        for (const Value& x : items) {
            int64_t i;
            if (!int_like(x, &i))
                raise(T().TypeError,
                      str("torch.Size() takes an iterable of 'int' (item ", s.size(), " is '", type_name(x), "')"));
            s.push_back(i);
        }
        return size_value(s);
    };
    def_method(size, "__repr__", [](Interpreter&, const CallArgs& a) {
        Shape s;
        for (const Value& x : a.args[0].get<Tuple>()->items) s.push_back(x.as_int());
        return new_str(shape_repr(s));
    });
    def_method(size, "numel", [](Interpreter&, const CallArgs& a) {
        int64_t n = 1;
        for (const Value& x : a.args[0].get<Tuple>()->items) n *= x.as_int();
        return Value::integer(n);
    });
    def_method(size, "__add__", [](Interpreter&, const CallArgs& a) {
        if (!a.args[1].is(Kind::Tuple)) return not_implemented();
        std::vector<Value> items = a.args[0].get<Tuple>()->items;
        for (const Value& x : a.args[1].get<Tuple>()->items) items.push_back(x);
        return Value(make<Tuple>(T().size, std::move(items)).get());
    });
    def_method(size, "__radd__", [](Interpreter&, const CallArgs& a) {
        if (!a.args[1].is(Kind::Tuple)) return not_implemented();
        std::vector<Value> items = a.args[1].get<Tuple>()->items;
        for (const Value& x : a.args[0].get<Tuple>()->items) items.push_back(x);
        return new_tuple(std::move(items));
    });
    def_tuple_protocol(size);
}

}  // namespace

// torch.autograd.graph.Node: the base class of every native grad_fn class (graph.py re-exports it).
Type* grad_fn_node_type() { return g_node_type; }

Tensor index_tensor(Interpreter& in, const Tensor& t, const Value& key) { return get_index(in, t, key); }
void index_put_value(Interpreter& in, const Value& tensor, const Value& key, const Value& value) {
    set_index(in, tensor, key, value);
}

// ---- diagonal, diag, trace, tile, cross (ops/tensor_extra.h) ----------------------------------------------
// torch.cross's dim=None: the first dim of size 3, with PyTorch's deprecation warning.
int64_t default_cross_dim(Interpreter& in, const Tensor& a, const Value& dim) {
    if (!is_none(dim)) return to_dim(dim, "cross", "dim");
    emit_warning(in,
                 new_str("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
                         "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
                         "with that of linalg.cross in a future release."),
                 T().UserWarning, 1);
    for (int64_t i = 0; i < a.dim(); ++i)
        if (a.sizes()[size_t(i)] == 3) return i;
    raise(T().RuntimeError, str("no dimension of size 3 in input"));
}

void register_extra_methods() {
    method("diagonal(self, offset=0, dim1=0, dim2=1)", [](Interpreter&, Args& v) {
        return wrap(diagonal(self_of(v), to_dim(v[1], "diagonal", "offset"), to_dim(v[2], "diagonal", "dim1"),
                             to_dim(v[3], "diagonal", "dim2")));
    });
    method("diag(self, diagonal=0)",
           [](Interpreter&, Args& v) { return wrap(diag(self_of(v), to_dim(v[1], "diag", "diagonal"))); });
    method("trace(self)", [](Interpreter&, Args& v) { return wrap(trace(self_of(v))); });
    // x.tile(2, 3) / x.tile((2, 3)): dims shorter than x's are padded with leading 1s, then x.repeat.
    method("tile(self, *dims)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        Shape dims = shape_from_varargs(v[1].get<Tuple>()->items, "tile");
        if (int64_t(dims.size()) < x.dim()) dims.insert(dims.begin(), size_t(x.dim()) - dims.size(), 1);
        return wrap(kiln::repeat(x, dims));
    });
    method("msort(self)", [](Interpreter&, Args& v) { return wrap(sort(self_of(v), 0).first); });
    method("argwhere(self)", [](Interpreter&, Args& v) { return wrap(nonzero(self_of(v))); });
    method("fliplr(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() < 2) raise(T().RuntimeError, "Input must be >= 2-d.");
        return wrap(kiln::flip(x, {1}));
    });
    method("flipud(self)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() < 1) raise(T().RuntimeError, "Input must be >= 1-d.");
        return wrap(kiln::flip(x, {0}));
    });
    // take: the input read as 1-d, indexed by `index` (the result has index's shape).
    method("take(self, index)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        const Tensor& idx = to_tensor(v[1], "take", "index");
        if (idx.dtype() != DType::Int64) raise(T().RuntimeError, "take(): Expected a long tensor for index, but got " + std::string(dtype_scalar_type_name(idx.dtype())));
        Tensor flat = reshape(x, {x.numel()});
        int64_t n = x.numel();
        for (int64_t i : idx.to_int_vector())
            if (i < -n || i >= n)
                raise(T().IndexError, str("out of range: tried to access index ", i, " on a tensor of ", n, " elements."));
        Tensor wrapped = remainder(idx, Scalar(n > 0 ? n : 1));
        return wrap(reshape(index_select(flat, 0, reshape(wrapped, {idx.numel()})), idx.sizes()));
    });
    // take_along_dim: gather along `dim` after broadcasting the other dims; dim=None reads both as 1-d.
    method("take_along_dim(self, indices, dim=None)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        const Tensor& idx = to_tensor(v[1], "take_along_dim", "indices");
        if (is_none(v[2])) return wrap(take_along_dim(x, idx, std::nullopt));
        return wrap(take_along_dim(x, idx, to_dim(v[2], "take_along_dim", "dim")));
    });
    // fill_diagonal_(fill_value, wrap=False): the main diagonal of a 2-d (or all-equal n-d) tensor; with
    // wrap, a tall matrix's diagonal restarts after each block of cols + 1 rows, as NumPy's.
    method("fill_diagonal_(self, fill_value, wrap=False)", [](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() < 2) raise(T().RuntimeError, "dimensions must larger than 1");
        for (int64_t i = 1; i < x.dim(); ++i)
            if (x.dim() > 2 && x.sizes()[size_t(i)] != x.sizes()[0])
                raise(T().RuntimeError, "all dimensions of input must be of equal length");
        Scalar value = to_scalar(v[1], "fill_diagonal_", "fill_value");
        const bool wrap_rows = to_bool(v[2], "fill_diagonal_", "wrap");
        int64_t n = x.numel(), step = 0, stride = 1;
        for (int64_t i = x.dim(); i-- > 0;) {
            step += stride;
            stride *= x.sizes()[size_t(i)];
        }
        int64_t count = x.sizes()[0];
        for (int64_t s : x.sizes()) count = std::min(count, s);
        int64_t limit = (x.dim() == 2 && wrap_rows) ? n : std::min(n, count * step);
        std::vector<double> mask(size_t(n), 0.0);
        for (int64_t k = 0; k < limit; k += step) mask[size_t(k)] = 1.0;
        Tensor m = reshape(ne(tensor(mask, {n}, DType::Float64), Scalar(0.0)), x.sizes());
        // fill_ on the diagonal's strided view in PyTorch: the value takes self's dtype (a bool mask's
        // `mask.fill_diagonal_(0)` in SimCLR's NT_Xent stays bool), never a promoted result type
        return inplace(v[0], {}, [m, value](const Tensor& t) {
            return where(m, to_dtype(wrapped_scalar(value), t.dtype()), t);
        });
    });
    // In-place shape ops (x.squeeze_(), x.unsqueeze_(0), x.t_(), x.transpose_(0, 1)): x takes the view's
    // sizes and strides over the same storage. Under autograd x's history is rebased onto the op's
    // node, named as PyTorch's in-place entries of derivatives.yaml are (squeeze_.dim: SqueezeBackward4),
    // and a leaf that requires grad gets PyTorch's in-place error. On a view that requires grad PyTorch
    // also rewrites the base's history; Kiln does not yet, and says so instead of giving wrong gradients.
    auto restride = [](const Value& self, const kiln::Function<Tensor(const Tensor&)>& op, const char* name,
                       const char* node) -> Value {
        Tensor& x = self.get<TensorObj>()->tensor;
        if (x.requires_grad() && autograd::grad_enabled()) {
            autograd::check_inplace(x);
            if (x.impl()->base)
                raise(T().NotImplementedError,
                      str("Tensor.", name, "() on a view that requires grad is not supported in Kiln yet; use the "
                          "out-of-place form (x = x.", std::string(name).substr(0, std::string(name).size() - 1), "(...))"));
            Tensor r = named(op(autograd::inplace_source(x)), node);
            Tensor view = op(x.detach());
            x.impl()->sizes = view.sizes();
            x.impl()->strides = view.strides();
            autograd::inplace_rebase(x, r);
            return self;
        }
        Tensor view = op(x);
        x.impl()->sizes = view.sizes();
        x.impl()->strides = view.strides();
        return self;
    };
    method("squeeze_(self, dim=None)", [restride](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (is_none(v[1])) return restride(v[0], [](const Tensor& t) { return squeeze(t); }, "squeeze_", "SqueezeBackward3");
        const bool many = v[1].is(Kind::Tuple) || v[1].is(Kind::List);
        std::vector<int64_t> dims = to_int_list(v[1], "squeeze_", "dim");
        for (int64_t& d : dims) d = wrap_dim(d, x.dim());
        std::sort(dims.rbegin(), dims.rend());
        return restride(v[0], [dims](const Tensor& t) {
            Tensor r = t;
            for (int64_t d : dims) r = squeeze(r, d);
            return r;
        }, "squeeze_", many ? "SqueezeBackward5" : "SqueezeBackward4");
    });
    method("unsqueeze_(self, dim)", [restride](Interpreter&, Args& v) {
        int64_t d = to_dim(v[1], "unsqueeze_");
        return restride(v[0], [d](const Tensor& t) { return unsqueeze(t, d); }, "unsqueeze_", "UnsqueezeBackward1");
    });
    method("t_(self)", [restride](Interpreter&, Args& v) {
        const Tensor& x = self_of(v);
        if (x.dim() > 2)
            raise(T().RuntimeError, str("t_() expects a tensor with <= 2 dimensions, but self is ", x.dim(), "D"));
        return restride(v[0], [](const Tensor& a) { return t(a); }, "t_", "TBackward1");
    });
    method("transpose_(self, dim0, dim1)", [restride](Interpreter&, Args& v) {
        int64_t d0 = to_dim(v[1], "transpose_", "dim0"), d1 = to_dim(v[2], "transpose_", "dim1");
        return restride(v[0], [d0, d1](const Tensor& t) { return transpose(t, d0, d1); }, "transpose_",
                        "TransposeBackward1");
    });
    method("cross(self, other, dim=None)", [](Interpreter& in, Args& v) {
        const Tensor& a = self_of(v);
        const Tensor& b = to_tensor(v[1], "cross", "other");
        return wrap(cross(a, b, default_cross_dim(in, a, v[2])));
    });
}

// PyTorch's deprecated overloads x.add(Number alpha, Tensor other) and add_/sub/sub_ alike (old
// tutorials' `p.data.add_(-lr, p.grad.data)`), and addcmul/addcdiv(Number value, Tensor, Tensor): the
// call computes the op with that scalar, with PyTorch's deprecation warning. Any other call goes to the
// method as registered.
// One deprecated overload family: self.name(Number..., Tensor x `tensors`) runs as
// self.name(Tensor..., <kw>=Number, ...), after PyTorch's warning naming the old and the new signature.
// `kws` names the leading numbers in order (alpha; value; beta, alpha).
void reroute_leading_numbers(std::initializer_list<const char*> names, std::vector<std::string> kws, size_t tensors,
                             const char* old_sig, const char* new_sig) {
    for (const char* n : names) {
        std::string name = n, was = old_sig, now = new_sig;
        Value current = *g_tensor->dict.find(name);
        def_method(g_tensor, n, [name, kws, was, now, tensors, current](Interpreter& in, const CallArgs& a) {
            const size_t numbers = kws.size();
            bool deprecated = a.nargs == 1 + numbers + tensors && a.nkw == 0;
            // a Scalar parameter also takes a 0-dim tensor that does not require grad (python_arg_parser's
            // SCALAR check): DARTS' `p.data.add_(R, v)` with R a norm
            auto scalar_like = [](const Value& x) {
                if (is_scalar(x)) return true;
                auto* t = x.as<TensorObj>();
                return t && t->tensor.dim() == 0 && !t->tensor.requires_grad();
            };
            for (size_t i = 0; deprecated && i < numbers; ++i) deprecated = scalar_like(a.args[1 + i]);
            for (size_t i = 0; deprecated && i < tensors; ++i) deprecated = is_tensor(a.args[1 + numbers + i]);
            if (!deprecated) return in.call(current, a);
            // PyTorch's argument parser warns with TORCH_WARN_ONCE: the first deprecated overload
            // called in the process warns, whichever it is, and no later one does.
            static bool warned = false;
            if (!warned) {
                warned = true;
                emit_warning(in, new_str(str("This overload of ", name, " is deprecated:\n\t", name, was,
                                             "\nConsider using one of the following signatures instead:\n\t", name, now)),
                             T().UserWarning);
            }
            // self and the tensors positional, the numbers by keyword
            std::vector<Value> values = {a.args[0]};
            for (size_t i = 0; i < tensors; ++i) values.push_back(a.args[1 + numbers + i]);
            std::vector<Value> names;
            for (size_t i = 0; i < numbers; ++i) {
                const Value& x = a.args[1 + i];
                auto* t = x.as<TensorObj>();
                values.push_back(t ? scalar_value(t->tensor.item()) : x);  // the 0-dim tensor's value
                names.push_back(new_str(kws[i]));
            }
            Value kwnames = new_tuple(std::move(names));
            CallArgs c;
            c.args = values.data();
            c.nargs = tensors + 1;
            c.kwvalues = values.data() + tensors + 1;
            c.nkw = numbers;
            c.kwnames = kwnames.get<Tuple>();
            return in.call(current, c);
        });
    }
}

namespace {
void reroute_leading_number(std::initializer_list<const char*> names, size_t tensors, const char* kw,
                            const char* old_sig, const char* new_sig) {
    reroute_leading_numbers(names, {kw}, tensors, old_sig, new_sig);
}
}  // namespace

void add_deprecated_alpha_overloads() {
    reroute_leading_number({"add", "add_", "sub", "sub_"}, 1, "alpha", "(Number alpha, Tensor other)",
                           "(Tensor other, *, Number alpha = 1)");
    // the Adam and RAdam copies in many repositories: `exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, grad, grad)`,
    // `p.data.addcdiv_(-step_size, exp_avg, denom)`
    reroute_leading_number({"addcmul", "addcmul_", "addcdiv", "addcdiv_"}, 2, "value",
                           "(Number value, Tensor tensor1, Tensor tensor2)",
                           "(Tensor tensor1, Tensor tensor2, *, Number value = 1)");
}

void register_untyped_storage_type();  // below: torch.UntypedStorage

void register_tensor_type(const TypeTable& t) {
    g_tensor = t.tensor;
    register_node_type();
    add_tensor_hook_methods(g_tensor);
    add_node_hook_methods(g_node_type, [](const Value& v) -> std::shared_ptr<autograd::Node> {
        auto* o = native_cast<GradFnObj>(v);
        return o ? o->node : nullptr;
    });
    register_properties();
    register_info_methods();
    register_autograd_methods();
    register_conversion_methods();
    register_view_methods();
    register_index_methods();
    register_pointwise_methods();
    register_extra_methods();
    register_reduction_methods();
    register_factory_methods();
    register_dunders();
    add_deprecated_alpha_overloads();
    register_constructors();
    register_untyped_storage_type();
    for (const char* n : {"max", "min", "sort", "topk", "median"}) def_tuple_protocol(return_type(n));
    def_tuple_protocol(return_type("aminmax", "min", "max"));
}

Value wrap_grad_fn(const std::shared_ptr<autograd::Node>& n) { return wrap_node(n); }

std::optional<DType> legacy_tensor_type_dtype(const Value& v) {
    for (size_t i = 0; i < std::size(kLegacyTypes); ++i) {
        if (v.is(Kind::Type) && v.obj() == g_legacy_types[i]) return kLegacyTypes[i].dtype;
        if (v.is(Kind::Str) && str_of(v) == dtype_legacy_name(kLegacyTypes[i].dtype)) return kLegacyTypes[i].dtype;
    }
    return std::nullopt;
}

// ---- torch.UntypedStorage ----------------------------------------------------------------------------
// x.untyped_storage(): the bytes under a tensor and all its views, as PyTorch's UntypedStorage: its
// length and nbytes() are the whole allocation's, data_ptr() its first byte, indexing and tolist() read
// bytes (uint8 values). Its __sizeof__ is PyTorch's _StorageBase.__sizeof__: the object's own size
// plus the bytes, so sys.getsizeof(storage) is 56 + nbytes (torchinfo's "Input size").
Type* g_untyped_storage_type = nullptr;

struct StorageObj : NativeObj {
    StorageObj(std::shared_ptr<Storage> s) : NativeObj(g_untyped_storage_type), storage(std::move(s)) {}
    std::shared_ptr<Storage> storage;
};

const std::shared_ptr<Storage>& storage_of(const CallArgs& a) {
    auto* o = native_cast<StorageObj>(a.args[0]);
    if (!o) raise(T().TypeError, str("descriptor requires a 'torch.UntypedStorage' object but received a '", type_name(a.args[0]), "'"));
    return o->storage;
}

// The storage's bytes as a flat uint8 tensor (read from the GPU when the storage is there).
Tensor storage_bytes(const std::shared_ptr<Storage>& st) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = st;
    impl->sizes = {int64_t(st->nbytes)};
    impl->strides = {1};
    impl->dtype = DType::UInt8;
    return Tensor(impl).host_snapshot();
}

void register_untyped_storage_type() {
    Type* s = g_untyped_storage_type = make_builtin_type("UntypedStorage", T().object, Kind::Native, "torch.storage");
    auto nbytes = [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(storage_of(a)->nbytes)); };
    def_method(s, "nbytes", nbytes);
    def_method(s, "size", nbytes);
    def_method(s, "__len__", nbytes);
    def_method(s, "element_size", [](Interpreter&, const CallArgs&) { return Value::integer(1); });
    def_method(s, "data_ptr", [](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(reinterpret_cast<intptr_t>(storage_of(a)->data)));
    });
    def_property(s, "device", [](Interpreter&, const CallArgs& a) { return device_value(storage_of(a)->device); });
    def_property(s, "is_cuda", [](Interpreter&, const CallArgs& a) { return Value::boolean(storage_of(a)->device == Device::CUDA); });
    def_method(s, "tolist", [](Interpreter&, const CallArgs& a) {
        Tensor b = storage_bytes(storage_of(a));
        const uint8_t* p = b.data_ptr<uint8_t>();
        std::vector<Value> out;
        for (size_t i = 0; i < storage_of(a)->nbytes; ++i) out.push_back(Value::integer(p[i]));
        return new_list(std::move(out));
    });
    def_method(s, "__getitem__", [](Interpreter&, const CallArgs& a) {
        const auto& st = storage_of(a);
        if (!a.args[1].is_int()) raise(T().TypeError, "can't index a torch.UntypedStorage with " + type_name(a.args[1]));
        int64_t i = a.args[1].as_int(), n = int64_t(st->nbytes);
        if (i < 0) i += n;  // PyTorch's message names the index after this adjustment
        if (i < 0 || i >= n) raise(T().IndexError, str("index ", i, " out of range for storage of size ", n));
        return Value::integer(storage_bytes(st).data_ptr<uint8_t>()[i]);
    });
    // PyTorch's _StorageBase.__sizeof__: super().__sizeof__() (24 under CPython 3.12) plus the bytes;
    // torch.UntypedStorage is a Python class there, so sys.getsizeof adds the GC header and the managed
    // __dict__ pre-header (vm/host_sys.cpp): 56 + nbytes in all.
    def_method(s, "__sizeof__", [](Interpreter&, const CallArgs& a) {
        return Value::integer(24 + int64_t(storage_of(a)->nbytes));
    });
    def_method(s, "__repr__", [](Interpreter& in, const CallArgs& a) {
        const auto& st = storage_of(a);
        std::string out;
        if (st->nbytes) {
            Tensor b = storage_bytes(st);
            const uint8_t* p = b.data_ptr<uint8_t>();
            for (size_t i = 0; i < st->nbytes; ++i) out += str(i ? "\n " : " ", int(p[i]));
        }
        return new_str(out + "\n[torch.storage.UntypedStorage(device=" + to_str(in, device_value(st->device)) + ") of size " +
                       std::to_string(st->nbytes) + "]");
    });
    // Moves and copies as PyTorch's _StorageBase: cpu()/cuda()/to() return the storage itself where it
    // already lives, else a copy of its bytes there; clone() always copies.
    auto moved = [](const std::shared_ptr<Storage>& st, Device d, bool always) -> Value {
        if (st->device == d && !always) return wrap_untyped_storage(st);
        auto impl = std::make_shared<TensorImpl>();
        impl->storage = st;
        impl->sizes = {int64_t(st->nbytes)};
        impl->strides = {1};
        impl->dtype = DType::UInt8;
        Tensor copy = to_device(Tensor(impl), d, std::nullopt, true);
        return wrap_untyped_storage(copy.impl()->storage);
    };
    def_method(s, "cpu", [moved](Interpreter&, const CallArgs& a) { return moved(storage_of(a), Device::CPU, false); });
    def_method(s, "cuda", [moved](Interpreter&, const CallArgs& a) { return moved(storage_of(a), Device::CUDA, false); });
    def_method(s, "clone", [moved](Interpreter&, const CallArgs& a) {
        const auto& st = storage_of(a);
        return moved(st, st->device, true);
    });
    def_method(s, "type", [](Interpreter&, const CallArgs& a) {
        if (a.nargs > 1 && !is_none(a.args[1])) raise(T().NotImplementedError, "UntypedStorage.type(dtype) is not supported in Kiln");
        return new_str("torch.storage.UntypedStorage");
    });
    def_property(s, "is_sparse", [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
    // storage.resize_(nbytes): THPStorage_resize_ then resize_bytes_cpu. The int is checked first; a
    // negative one reaches the allocator as a huge size_t (alloc_cpu's "negative number" enforce); a
    // storage Kiln does not own (torch.from_numpy's) cannot be resized. Growing keeps the bytes in
    // place for every tensor over the storage (zeroing the new ones, as Tensor.resize_ here). Shrinking
    // a storage that tensors still view would leave them past its end (PyTorch reads freed memory
    // then): refused unless nothing but storage objects hold it.
    def_method(s, "resize_", [](Interpreter&, const CallArgs& a) -> Value {
        const auto& st = storage_of(a);
        if (a.nargs != 2) raise(T().TypeError, str("resize_() takes exactly one argument (", a.nargs - 1, " given)"));
        const Value& n = a.args[1];
        if (!n.is_int() || n.is_bool()) raise(T().RuntimeError, str("resize_ expects an int, but got ", type_name(n)));
        int64_t want = n.as_int();
        if (want < 0)
            raise(T().RuntimeError, str("[enforce fail at alloc_cpu.cpp:98] ((ptrdiff_t)nbytes) >= 0. alloc_cpu() seems to "
                                        "have been called with negative number: ", uint64_t(want)));
        if (!st->resizable) raise(T().RuntimeError, "Trying to resize storage that is not resizable");
        size_t need = size_t(want);
        if (need == st->nbytes) return a.args[0];
        if (st->device != Device::CPU)
            raise(T().NotImplementedError, "UntypedStorage.resize_ of a storage that is not on the CPU is not supported in Kiln");
        if (need > st->nbytes) {
            grow_storage(*st, need);
            return a.args[0];
        }
        if (st.use_count() > 1)
            raise(T().NotImplementedError,
                  str("UntypedStorage.resize_ shrinking a storage that tensors still view (", st->nbytes, " to ", need,
                      " bytes) is not supported in Kiln: they would read past its end (hint: make a new tensor, or "
                      "resize the tensor with Tensor.resize_)"));
        std::shared_ptr<Storage> smaller = Storage::allocate(need, st->device);
        if (need) std::memcpy(smaller->data, st->data, need);
        std::swap(st->data, smaller->data);  // `smaller` now frees the old bytes
        std::swap(st->nbytes, smaller->nbytes);
        return a.args[0];
    });
    method("untyped_storage(self)", [](Interpreter&, Args& v) { return wrap_untyped_storage(self_of(v).impl()->storage); });
}

Value wrap_untyped_storage(std::shared_ptr<Storage> storage) {
    return Value(make<StorageObj>(std::move(storage)).get());
}

std::shared_ptr<Storage> untyped_storage_or_null(const Value& v) {
    auto* o = native_cast<StorageObj>(v);
    return o ? o->storage : nullptr;
}

void add_legacy_tensor_types(ModuleObj& torch) {
    torch.dict.set("UntypedStorage", Value(g_untyped_storage_type));
    for (size_t i = 0; i < std::size(kLegacyTypes); ++i) torch.dict.set(kLegacyTypes[i].name, Value(g_legacy_types[i]));
}

const std::vector<std::string>& tensor_method_specs() { return method_specs(); }

bool operator_wraps_type_error(const std::string& name) {
    return operator_dunders().count(name) > 0 && name != "__pow__" && name != "__ipow__";
}

NativeFn type_error_to_not_implemented(NativeFn fn) {
    return [fn](Interpreter& in, const CallArgs& a) -> Value {
        try {
            return fn(in, a);
        } catch (PyError& e) {
            if (!is_type_error(e)) throw;
        } catch (kiln::Error& e) {
            if (e.kind() != ErrorKind::TypeError) throw;
        }
        return not_implemented();
    };
}

}  // namespace kiln::vm::bind
