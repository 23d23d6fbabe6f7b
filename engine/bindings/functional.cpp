// torch.nn.functional for programs: every functional op the engine has (ops/ops.h), under PyTorch's
// names, parameter names and defaults, plus the few PyTorch functions that are short compositions of
// those ops (binary_cross_entropy, smooth_l1_loss, pad, one_hot, scaled_dot_product_attention,
// ...). Compositions follow the formulas of ATen's reference implementations, so values and gradients
// agree with PyTorch's to rounding. The composite losses are shared with nn.cpp's loss modules.
#include <map>
#include <memory>
#include <set>
#include <cmath>

#include "ops/embedding_sparse.h"
#include "ops/attention_gqa.h"
#include "ops/composite.h"
#include "ops/conv_transpose.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "bindings/convert.h"
#include "bindings/inplace_activation.h"
#include "bindings/jit.h"
#include "vm/frame.h"
#include "nn/modules.h"
#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln::vm::bind {

namespace {

std::string size_repr(const Shape& s) {
    std::string out = "torch.Size([";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "])";
}

Tensor reduce(const Tensor& loss, const std::string& reduction) {
    if (reduction == "mean") return mean(loss);
    if (reduction == "sum") return sum(loss);
    return loss;
}

}  // namespace

// ---- shared with nn.cpp ---------------------------------------------------------------------------

// F.softmax(dim=None): PyTorch's deprecated implicit choice (0 for 0-, 1- and 3-d inputs, else 1).
int64_t implicit_softmax_dim(Interpreter& in, const char* name, int64_t ndim) {
    emit_warning(in,
                 new_str(str("Implicit dimension choice for ", name,
                             " has been deprecated. Change the call to include dim=X as an argument.")),
                 T().UserWarning, 1);
    return ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1;
}

// reduction='elementwise_mean' (the PyTorch 0.4 spelling of 'mean'): torch.nn._reduction.get_enum still
// maps it to 'mean', warning on every call.
void warn_elementwise_mean() {
    emit_warning(current_interpreter(),
                 new_str("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead."),
                 T().UserWarning, 1);
}

// The legacy size_average=/reduce= arguments (torch.nn._reduction.legacy_get_string): the reduction
// they mean, with PyTorch's deprecation warning naming it (LoRA's GPT-2 builds
// `nn.CrossEntropyLoss(ignore_index=-1, reduce=False)`).
std::string legacy_reduction(Interpreter& in, const Value& size_average, const Value& reduce_v) {
    bool sa = size_average.is_null() || size_average.is_none() || truthy(in, size_average);
    bool rd = reduce_v.is_null() || reduce_v.is_none() || truthy(in, reduce_v);
    std::string ret = sa && rd ? "mean" : rd ? "sum" : "none";
    emit_warning(in, new_str(str("size_average and reduce args will be deprecated, please use reduction='", ret,
                                 "' instead.")),
                 T().UserWarning, 1);
    return ret;
}

// mse_loss/l1_loss broadcast a target of another shape, with PyTorch's warning.
void warn_target_size(const Tensor& input, const Tensor& target) {
    if (input.sizes() == target.sizes()) return;
    emit_warning(current_interpreter(),
                 new_str(str("Using a target size (", size_repr(target.sizes()),
                             ") that is different to the input size (", size_repr(input.sizes()),
                             "). This will likely lead to incorrect results due to broadcasting. Please ensure they "
                             "have the same size.")),
                 T().UserWarning, 1);
}

Tensor bce_loss(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction) {
    if (input.sizes() != target.sizes())
        raise(T().ValueError, str("Using a target size (", size_repr(target.sizes()),
                                  ") that is different to the input size (", size_repr(input.sizes()),
                                  ") is deprecated. Please ensure they have the same size."));
    return binary_cross_entropy(input, target, weight, reduction);
}

Tensor bce_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight, const Tensor& pos_weight,
                       const std::string& reduction) {
    if (input.sizes() != target.sizes())
        raise(T().ValueError, str("Target size (", size_repr(target.sizes()), ") must be the same as input size (",
                                  size_repr(input.sizes()), ")"));
    return binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction);
}

Tensor smooth_l1(const Tensor& input, const Tensor& target, const std::string& reduction, double beta) {
    if (beta < 0) raise(T().RuntimeError, "smooth_l1_loss does not support negative values for beta.");
    return smooth_l1_loss(input, target, reduction, beta);
}

Tensor huber(const Tensor& input, const Tensor& target, const std::string& reduction, double delta) {
    if (delta <= 0) raise(T().RuntimeError, "huber_loss does not support non-positive values for delta.");
    return huber_loss(input, target, reduction, delta);
}

// The output_size of the adaptive pools as torch.nn.functional's _list_with_default reads it: an int
// stands for every spatial dim; a list needs more input dims than it has entries, and its None
// entries keep the input's size.
std::vector<int64_t> adaptive_output_size(const Value& out, const Tensor& x, size_t n, const char* fn) {
    if (!out.is(Kind::List) && !out.is(Kind::Tuple)) return std::vector<int64_t>(n, to_dim(out, fn, "output_size"));
    const auto& items = out.is(Kind::List) ? out.get<List>()->items : out.get<Tuple>()->items;
    if (int64_t(x.dim()) <= int64_t(items.size()))
        raise(T().ValueError, str("Input dimension should be at least ", items.size() + 1));
    std::vector<int64_t> size;
    for (size_t i = 0; i < items.size(); ++i)
        size.push_back(items[i].is_none() ? x.size(int64_t(x.dim() - items.size() + i)) : to_dim(items[i], fn, "output_size"));
    if (size.size() == 1) size.assign(n, size[0]);
    return size;
}

namespace {

Tensor opt_tensor(const Value& v, const char* fn, const char* arg) {
    if (v.is_none() || v.is_null()) return Tensor();
    return to_tensor(v, fn, arg);
}

// The reduction string, from reduction= or the legacy size_average=/reduce= pair.
std::string reduction_of(Interpreter& in, const Value& size_average, const Value& reduce_v, const Value& reduction) {
    if ((!size_average.is_null() && !size_average.is_none()) || (!reduce_v.is_null() && !reduce_v.is_none()))
        return legacy_reduction(in, size_average, reduce_v);
    if (!reduction.is(Kind::Str)) raise(T().TypeError, str("reduction must be a string, not ", type_name(reduction)));
    const std::string& r = str_of(reduction);
    if (r == "elementwise_mean") {
        warn_elementwise_mean();
        return "mean";
    }
    if (r != "mean" && r != "sum" && r != "none") raise(T().ValueError, str(r, " is not a valid value for reduction"));
    return r;
}

std::vector<int64_t> pair_list(const Value& v, const char* fn, const char* arg) { return to_int_list(v, fn, arg); }

// conv2d's padding: ints, or 'valid' / 'same' (stride 1, symmetric).
// conv2d's and conv3d's padding (`dims` spatial dims): ints, or 'valid' / 'same' (stride 1, symmetric).
// A convolution's padding: ints, or 'valid' / 'same' (stride 1). 'same' pads total = d * (k - 1) per
// dim, total / 2 on the left; where total is odd ATen's _convolution_mode pads the input's right side by
// the one extra (extra: F.pad's order, last dim first; empty when symmetric).
std::vector<int64_t> conv_padding(const Value& p, const Tensor& weight, const std::vector<int64_t>& stride,
                                  const std::vector<int64_t>& dilation, int dims, std::vector<int64_t>& extra) {
    const char* fn = dims == 3 ? "conv3d" : dims == 1 ? "conv1d" : "conv2d";
    extra.clear();
    if (!p.is(Kind::Str)) return to_int_list(p, fn, "padding");
    const std::string& s = str_of(p);
    if (s == "valid") return std::vector<int64_t>(size_t(dims), 0);
    if (s != "same") raise(T().ValueError, str("Invalid padding string '", s, "', should be one of {'valid', 'same'}"));
    for (int64_t st : stride)
        if (st != 1) raise(T().RuntimeError, "padding='same' is not supported for strided convolutions");
    std::vector<int64_t> out;
    bool odd = false;
    std::vector<int64_t> right(size_t(dims), 0);
    for (int i = 0; i < dims; ++i) {
        int64_t d = dilation.size() == 1 ? dilation[0] : dilation[size_t(i)];
        int64_t total = d * (weight.size(2 + i) - 1);
        out.push_back(total / 2);
        right[size_t(i)] = total - 2 * (total / 2);
        odd = odd || total % 2;
    }
    if (odd)
        for (int i = dims - 1; i >= 0; --i) {
            extra.push_back(0);
            extra.push_back(right[size_t(i)]);
        }
    return out;
}

void check_dropout_p(Interpreter& in, const Value& p, double v) {
    if (v < 0.0 || v > 1.0)
        raise(T().ValueError, str("dropout probability has to be between 0 and 1, but got ", repr(in, p)));
}

// The code objects of Kiln's Python wrappers of functions that are C in PyTorch
// (_functional_ext's _dispatching wrapper): frames the tracer's name lookup looks past.
std::set<const bytecode::CodeObject*>& frameless_codes() {
    static std::set<const bytecode::CodeObject*> codes;
    return codes;
}

void functional_module(Interpreter&, ModuleObj& m) {
    m.dict.set("_frameless", new_builtin("_frameless", [](Interpreter&, const CallArgs& a) {
                   auto* f = a.nargs == 1 ? a.args[0].as<Function>() : nullptr;
                   if (!f) raise(T().TypeError, "_frameless(fn) takes a Python function");
                   frameless_codes().insert(f->code->code.get());
                   return a.args[0];
               }));
    // Functions Kiln writes in Python whose PyTorch form is one aten call (conv_transpose1d/2d/3d, a
    // composition of ops here): `_traced_as(spec, fn, *args)` runs fn(*args) and, while tracing,
    // records the call by `spec` (PyTorch's parameter list), as the C++ function records in PyTorch,
    // instead of the ops fn runs.
    m.dict.set("_traced_as", new_builtin("_traced_as", [](Interpreter& in, const CallArgs& a) {
                   if (a.nargs < 2 || a.nkw || !a.args[0].is(Kind::Str))
                       raise(T().TypeError, "_traced_as(spec, fn, *args) takes a spec string, a function and its arguments");
                   std::vector<Value> rest(a.args + 2, a.args + a.nargs);
                   if (!recording_calls()) return in.call(a.args[1], rest);
                   static std::map<std::string, std::shared_ptr<Signature>> sigs;
                   auto& sig = sigs[a.args[0].get<Str>()->s];
                   if (!sig) sig = std::make_shared<Signature>(a.args[0].get<Str>()->s);
                   CallArgs ca;
                   ca.args = rest.data();
                   ca.nargs = rest.size();
                   std::vector<Value> v = sig->bind(ca);
                   // The recorded call's names come from the frame that called the Python stand-in,
                   // past the frames of Kiln's wrappers of functions PyTorch writes in C (which have
                   // no Python frame there: a transposed convolution's `input` is ConvTranspose2d.
                   // forward's local).
                   Frame* here = in.current_frame();
                   Frame* caller = here ? here->back : nullptr;
                   while (caller && caller->co && frameless_codes().count(caller->co)) caller = caller->back;
                   TraceNamesFrom names(caller);
                   return traced_call(in, CallKind::Function, sig->name(), sig.get(), v,
                                      [&] { return in.call(a.args[1], rest); });
               }));
    // conv_transpose2d/3d's kernels (ops/conv.cpp conv_transpose_direct), for torch.nn.functional's
    // Python form: `_conv_transpose_direct(input, weight, bias, stride, padding, output_padding, groups,
    // dilation)` (lists with one entry per spatial dim, a batched input) returns the result, or None
    // where those kernels do not apply and the Python form composes it.
    m.dict.set("_conv_transpose_direct", new_builtin("_conv_transpose_direct", [](Interpreter&, const CallArgs& a) {
                   static const Signature sig("_conv_transpose_direct(input, weight, bias, stride, padding, "
                                              "output_padding, groups, dilation)");
                   auto v = sig.bind(a);
                   const char* fn = "_conv_transpose_direct";
                   auto y = conv_transpose_direct(to_tensor(v[0], fn, "input"), to_tensor(v[1], fn, "weight"),
                                                  opt_tensor(v[2], fn, "bias"), to_int_list(v[3], fn, "stride"),
                                                  to_int_list(v[4], fn, "padding"), to_int_list(v[5], fn, "output_padding"),
                                                  to_int_list(v[7], fn, "dilation"), to_dim(v[6], fn, "groups"));
                   return y ? wrap(*y) : Value::none();
               }));
    // While tracing, a function with a trace signature (its PyTorch parameter list) is recorded as its
    // aten operator; the binding itself keeps parsing its own arguments.
    auto def = [&](const char* name, NativeFn fn) {
        const char* spec = functional_trace_signature(name);
        if (!spec) {
            // Not recorded while tracing: a call on traced tensors is noted (its result would be
            // frozen into the graph as a constant, which a compile must refuse).
            std::string fname = name;
            m.dict.set(name, new_builtin(name, [fn, fname](Interpreter& in, const CallArgs& a) {
                           if (capture::Tracer* tr = capture::current_tracer(); tr && tr->untraced_call.empty()) {
                               auto note = [&](const Value& v) {
                                   if (is_tensor(v) && tr->is_traced(to_tensor(v)))
                                       tr->untraced_call = "torch.nn.functional." + fname;
                               };
                               for (size_t i = 0; i < a.nargs; ++i) note(a.args[i]);
                               for (size_t i = 0; i < a.nkw; ++i) note(a.kwvalues[i]);
                           }
                           return fn(in, a);
                       }));
            return;
        }
        auto sig = std::make_shared<Signature>(spec);
        m.dict.set(name, new_builtin(name, [fn, sig](Interpreter& in, const CallArgs& a) {
                       if (!recording_calls()) return fn(in, a);
                       std::vector<Value> v = sig->bind(a);
                       return traced_call(in, CallKind::Function, sig->name(), sig.get(), v, [&] { return fn(in, a); });
                   }));
    };

    // ---- activations ----
    // F.<activation>(x, ..., inplace=True) where the engine has no in-place kernel
    // (bindings/inplace_activation.h).
    auto write_inplace = [](Interpreter&, const Value& self, const char* name,
                            const kiln::Function<Tensor(const Tensor&)>& f) -> Value {
        activation_inplace(to_tensor(self, name, "input"), f);
        return self;
    };
    // Unary activations taking (input) or (input, inplace=False); inplace uses the in-place kernel
    // when the engine has one.
    struct Unary {
        const char* name;
        Tensor (*f)(const Tensor&);
        Tensor& (*f_)(Tensor&);
        bool has_inplace;
    };
    for (Unary u : {Unary{"relu", kiln::relu, kiln::relu_, true}, Unary{"silu", kiln::silu, nullptr, true},
                    Unary{"sigmoid", kiln::sigmoid, nullptr, false}, Unary{"tanh", kiln::tanh, nullptr, false}}) {
        // One signature per activation (a static in this shared lambda would name them all "f" in
        // argument errors: F.relu(x, True, 1) is relu()'s error).
        auto sig = std::make_shared<Signature>(std::string(u.name) + (u.has_inplace ? "(input, inplace=False)" : "(input)"));
        sig->python_wording();  // torch.nn.functional's activations are Python functions
        def(u.name, [u, write_inplace, sig](Interpreter& in, const CallArgs& a) {
            auto v = sig->bind(a);
            const Tensor& x = to_tensor(v[0], u.name, "input");
            if (u.has_inplace && truthy(in, v[1])) {
                if (!u.f_) return write_inplace(in, v[0], u.name, u.f);
                Tensor t = x;
                u.f_(t);
                return v[0];
            }
            return wrap(u.f(x));
        });
    }
    def("relu_", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("relu_(input)");
        auto v = sig.bind(a);
        Tensor t = to_tensor(v[0], "relu_", "input");
        relu_(t);
        return v[0];
    });
    def("gelu", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("gelu(input, approximate='none')");
        auto v = sig.bind(a);
        if (!v[1].is(Kind::Str)) raise(T().TypeError, "gelu(): argument 'approximate' must be str");
        const std::string& ap = str_of(v[1]);
        if (ap != "none" && ap != "tanh") raise(T().RuntimeError, "approximate argument must be either none or tanh.");
        return wrap(gelu_cpu(to_tensor(v[0], "gelu", "input"), ap));
    });
    auto leaky_relu_fn = [write_inplace](Interpreter& in, const std::vector<Value>& v, bool inplace) {
        double slope = to_float(v[1], "leaky_relu", "negative_slope");
        auto f = [slope](const Tensor& t) { return leaky_relu(t, slope); };
        if (inplace) return write_inplace(in, v[0], "leaky_relu", f);
        return wrap(f(to_tensor(v[0], "leaky_relu", "input")));
    };
    def("leaky_relu", [leaky_relu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("leaky_relu(input, negative_slope=0.01, inplace=False)");
        auto v = sig.bind(a);
        return leaky_relu_fn(in, v, truthy(in, v[2]));
    });
    def("leaky_relu_", [leaky_relu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("leaky_relu_(input, negative_slope=0.01)");
        return leaky_relu_fn(in, sig.bind(a), true);
    });
    def("relu6", [write_inplace](Interpreter& in, const CallArgs& a) {
        static const Signature sig("relu6(input, inplace=False)");
        auto v = sig.bind(a);
        auto f = [](const Tensor& t) { return hardtanh(t, Scalar(0.0), Scalar(6.0)); };
        if (truthy(in, v[1])) return write_inplace(in, v[0], "relu6", f);
        return wrap(f(to_tensor(v[0], "relu6", "input")));
    });
    auto hardtanh_fn = [write_inplace](Interpreter& in, const std::vector<Value>& v, bool inplace) {
        Scalar lo(to_float(v[1], "hardtanh", "min_val")), hi(to_float(v[2], "hardtanh", "max_val"));
        auto f = [lo, hi](const Tensor& t) { return hardtanh(t, lo, hi); };
        if (inplace) return write_inplace(in, v[0], "hardtanh", f);
        return wrap(f(to_tensor(v[0], "hardtanh", "input")));
    };
    def("hardtanh", [hardtanh_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)");
        auto v = sig.bind(a);
        return hardtanh_fn(in, v, truthy(in, v[3]));
    });
    def("hardtanh_", [hardtanh_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("hardtanh_(input, min_val=-1.0, max_val=1.0)");
        return hardtanh_fn(in, sig.bind(a), true);
    });
    auto elu_fn = [write_inplace](Interpreter& in, const std::vector<Value>& v, bool inplace) {
        double alpha = to_float(v[1], "elu", "alpha");
        auto f = [alpha](const Tensor& t) { return kiln::elu(t, alpha); };
        if (inplace) return write_inplace(in, v[0], "elu", f);
        return wrap(f(to_tensor(v[0], "elu", "input")));
    };
    def("elu", [elu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("elu(input, alpha=1.0, inplace=False)");
        auto v = sig.bind(a);
        return elu_fn(in, v, truthy(in, v[2]));
    });
    def("elu_", [elu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("elu_(input, alpha=1.0)");
        return elu_fn(in, sig.bind(a), true);
    });
    auto selu_fn = [write_inplace](Interpreter& in, const Value& x, bool inplace) {
        auto f = [](const Tensor& t) { return kiln::selu(t); };
        if (inplace) return write_inplace(in, x, "selu", f);
        return wrap(f(to_tensor(x, "selu", "input")));
    };
    def("selu", [selu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("selu(input, inplace=False)");
        auto v = sig.bind(a);
        return selu_fn(in, v[0], truthy(in, v[1]));
    });
    def("selu_", [selu_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("selu_(input)");
        return selu_fn(in, sig.bind(a)[0], true);
    });
    def("softplus", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("softplus(input, beta=1.0, threshold=20.0)");
        auto v = sig.bind(a);
        return wrap(softplus(to_tensor(v[0], "softplus", "input"), to_float(v[1], "softplus", "beta"),
                             to_float(v[2], "softplus", "threshold")));
    });
    def("mish", [write_inplace](Interpreter& in, const CallArgs& a) {
        static const Signature sig("mish(input, inplace=False)");
        auto v = sig.bind(a);
        auto f = [](const Tensor& t) { return kiln::mish(t); };
        if (truthy(in, v[1])) return write_inplace(in, v[0], "mish", f);
        return wrap(f(to_tensor(v[0], "mish", "input")));
    });
    def("logsigmoid", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("logsigmoid(input)");
        auto v = sig.bind(a);
        return wrap(kiln::log_sigmoid(to_tensor(v[0], "logsigmoid", "input")));
    });
    def("hardsigmoid", [write_inplace](Interpreter& in, const CallArgs& a) {
        static const Signature sig("hardsigmoid(input, inplace=False)");
        auto v = sig.bind(a);
        auto f = [](const Tensor& t) { return kiln::hardsigmoid(t); };
        if (truthy(in, v[1])) return write_inplace(in, v[0], "hardsigmoid", f);
        return wrap(f(to_tensor(v[0], "hardsigmoid", "input")));
    });
    def("hardswish", [write_inplace](Interpreter& in, const CallArgs& a) {
        static const Signature sig("hardswish(input, inplace=False)");
        auto v = sig.bind(a);
        auto f = [](const Tensor& t) { return kiln::hardswish(t); };
        if (truthy(in, v[1])) return write_inplace(in, v[0], "hardswish", f);
        return wrap(f(to_tensor(v[0], "hardswish", "input")));
    });
    auto threshold_fn = [write_inplace](Interpreter& in, const std::vector<Value>& v, bool inplace) {
        Scalar th = to_scalar(v[1], "threshold", "threshold"), val = to_scalar(v[2], "threshold", "value");
        auto f = [th, val](const Tensor& t) { return kiln::threshold(t, th, val); };
        if (inplace) return write_inplace(in, v[0], "threshold", f);
        return wrap(f(to_tensor(v[0], "threshold", "input")));
    };
    def("threshold", [threshold_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("threshold(input, threshold, value, inplace=False)");
        auto v = sig.bind(a);
        return threshold_fn(in, v, truthy(in, v[3]));
    });
    def("threshold_", [threshold_fn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("threshold_(input, threshold, value)");
        return threshold_fn(in, sig.bind(a), true);
    });
    def("glu", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("glu(input, dim=-1)");
        auto v = sig.bind(a);
        const Tensor& x = to_tensor(v[0], "glu", "input");
        int64_t d = to_dim(v[1], "glu", "dim");
        if (x.dim() == 0) raise(T().RuntimeError, "glu does not support scalars because halving size must be even");
        if (x.size(d) % 2)
            raise(T().RuntimeError, str("Halving dimension must be even, but dimension ", d < 0 ? d + x.dim() : d,
                                        " is size ", x.size(d)));
        check_activation_input(x, "glu_cpu");  // after ATen's shape checks, as its kernel's dispatch
        auto halves = chunk(x, 2, d);
        return wrap(mul(halves[0], sigmoid(halves[1])));
    });

    // ---- softmax family ----
    auto softmax_fn = [&](const char* name, int kind) {  // 0 softmax, 1 log_softmax, 2 softmin
        def(name, [name, kind](Interpreter& in, const CallArgs& a) {
            static const Signature sig("softmax(input, dim=None, _stacklevel=3, dtype=None)");
            auto v = sig.bind(a);
            const Tensor& x = to_tensor(v[0], name, "input");
            int64_t dim = v[1].is_none() ? implicit_softmax_dim(in, name, x.dim()) : to_dim(v[1], name, "dim");
            auto dt = to_opt_dtype(v[3], name);
            if (kind == 1) return wrap(log_softmax(x, dim, dt));
            return wrap(softmax(kind == 2 ? neg(x) : x, dim, dt));
        });
    };
    softmax_fn("softmax", 0);
    softmax_fn("log_softmax", 1);
    softmax_fn("softmin", 2);

    // ---- linear, convolution, pooling ----
    def("linear", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("linear(input, weight, bias=None)");
        auto v = sig.bind(a);
        return wrap(linear(to_tensor(v[0], "linear", "input"), to_tensor(v[1], "linear", "weight"),
                           opt_tensor(v[2], "linear", "bias")));
    });
    def("conv2d", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)");
        auto v = sig.bind(a);
        const Tensor& w = to_tensor(v[1], "conv2d", "weight");
        auto stride = pair_list(v[3], "conv2d", "stride"), dilation = pair_list(v[5], "conv2d", "dilation");
        std::vector<int64_t> extra;
        auto padding = conv_padding(v[4], w, stride, dilation, 2, extra);
        auto two = [](std::vector<int64_t> x) { return x.size() == 1 ? std::vector<int64_t>{x[0], x[0]} : x; };
        Tensor x = to_tensor(v[0], "conv2d", "input");
        if (!extra.empty()) x = constant_pad_nd(x, extra);
        return wrap(conv2d(x, w, opt_tensor(v[2], "conv2d", "bias"), two(stride), two(padding), two(dilation),
                           to_dim(v[6], "conv2d", "groups")));
    });
    def("max_pool2d", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, "
                                   "ceil_mode=False, return_indices=False)");
        auto v = sig.bind(a);
        std::vector<int64_t> stride;
        if (!v[2].is_none()) stride = pair_list(v[2], "max_pool2d", "stride");
        if (truthy(in, v[6])) {
            const Tensor& x = to_tensor(v[0], "max_pool2d", "input");
            auto k = pair_list(v[1], "max_pool2d", "kernel_size"), p = pair_list(v[3], "max_pool2d", "padding"),
                 d = pair_list(v[4], "max_pool2d", "dilation");
            auto [vals, idx] = max_pool2d_with_indices(x, k, stride, p, d, truthy(in, v[5]));
            return wrap_tuple({vals, idx});
        }
        return wrap(max_pool2d(to_tensor(v[0], "max_pool2d", "input"), pair_list(v[1], "max_pool2d", "kernel_size"),
                               stride, pair_list(v[3], "max_pool2d", "padding"),
                               pair_list(v[4], "max_pool2d", "dilation"), truthy(in, v[5])));
    });
    def("avg_pool2d", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                                   "count_include_pad=True, divisor_override=None)");
        auto v = sig.bind(a);
        std::optional<int64_t> divisor;
        if (!v[6].is_none()) divisor = to_dim(v[6], "avg_pool2d", "divisor_override");
        std::vector<int64_t> stride;
        if (!v[2].is_none()) stride = pair_list(v[2], "avg_pool2d", "stride");
        return wrap(avg_pool2d(to_tensor(v[0], "avg_pool2d", "input"), pair_list(v[1], "avg_pool2d", "kernel_size"),
                               stride, pair_list(v[3], "avg_pool2d", "padding"), truthy(in, v[4]), truthy(in, v[5]),
                               divisor));
    });
    def("adaptive_avg_pool2d", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("adaptive_avg_pool2d(input, output_size)");
        auto v = sig.bind(a);
        const Tensor& x = to_tensor(v[0], "adaptive_avg_pool2d", "input");
        return wrap(adaptive_avg_pool2d(x, adaptive_output_size(v[1], x, 2, "adaptive_avg_pool2d")));
    });

    // ---- the 3-d forms (ops/conv.cpp runs them with the 2-d kernels' depth-aware geometry) ----
    def("conv3d", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)");
        auto v = sig.bind(a);
        const Tensor& w = to_tensor(v[1], "conv3d", "weight");
        auto stride = pair_list(v[3], "conv3d", "stride"), dilation = pair_list(v[5], "conv3d", "dilation");
        std::vector<int64_t> extra;
        auto padding = conv_padding(v[4], w, stride, dilation, 3, extra);
        auto three = [](std::vector<int64_t> x) { return x.size() == 1 ? std::vector<int64_t>(3, x[0]) : x; };
        Tensor x = to_tensor(v[0], "conv3d", "input");
        if (!extra.empty()) x = constant_pad_nd(x, extra);
        return wrap(conv3d(x, w, opt_tensor(v[2], "conv3d", "bias"), three(stride), three(padding), three(dilation),
                           to_dim(v[6], "conv3d", "groups")));
    });
    def("max_pool3d", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, "
                                   "ceil_mode=False, return_indices=False)");
        auto v = sig.bind(a);
        std::vector<int64_t> stride;
        if (!v[2].is_none()) stride = pair_list(v[2], "max_pool3d", "stride");
        auto [vals, idx] = max_pool3d_with_indices(to_tensor(v[0], "max_pool3d", "input"),
                                                   pair_list(v[1], "max_pool3d", "kernel_size"), stride,
                                                   pair_list(v[3], "max_pool3d", "padding"),
                                                   pair_list(v[4], "max_pool3d", "dilation"), truthy(in, v[5]));
        if (truthy(in, v[6])) return wrap_tuple({vals, idx});
        return wrap(vals);
    });
    def("avg_pool3d", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                                   "count_include_pad=True, divisor_override=None)");
        auto v = sig.bind(a);
        std::vector<int64_t> stride;
        if (!v[2].is_none()) stride = pair_list(v[2], "avg_pool3d", "stride");
        std::optional<int64_t> divisor;
        if (!v[6].is_none()) divisor = to_dim(v[6], "avg_pool3d", "divisor_override");
        return wrap(avg_pool3d(to_tensor(v[0], "avg_pool3d", "input"), pair_list(v[1], "avg_pool3d", "kernel_size"),
                               stride, pair_list(v[3], "avg_pool3d", "padding"), truthy(in, v[4]), truthy(in, v[5]),
                               divisor));
    });
    def("adaptive_avg_pool3d", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("adaptive_avg_pool3d(input, output_size)");
        auto v = sig.bind(a);
        const Tensor& x = to_tensor(v[0], "adaptive_avg_pool3d", "input");
        return wrap(adaptive_avg_pool3d(x, adaptive_output_size(v[1], x, 3, "adaptive_avg_pool3d")));
    });

    def("adaptive_max_pool2d", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("adaptive_max_pool2d(input, output_size, return_indices=False)");
        auto v = sig.bind(a);
        const Tensor& x = to_tensor(v[0], "adaptive_max_pool2d", "input");
        auto [vals, idx] = adaptive_max_pool2d(x, adaptive_output_size(v[1], x, 2, "adaptive_max_pool2d"));
        if (truthy(in, v[2])) return wrap_tuple({vals, idx});
        return wrap(vals);
    });
    def("conv1d", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)");
        auto v = sig.bind(a);
        const Tensor& w = to_tensor(v[1], "conv1d", "weight");
        auto one = [](const Value& x, const char* what) {
            auto l = to_int_list(x, "conv1d", what);
            std::string ls = "[";
            for (size_t i = 0; i < l.size(); ++i) ls += (i ? ", " : "") + std::to_string(l[i]);
            ls += "]";
            if (l.size() != 1) raise(T().RuntimeError, str("expected ", what, " to be a single integer value or a list "
                                                           "of 1 values to match the convolution dimensions, but got ",
                                                           what, "=", ls));
            return l[0];
        };
        int64_t stride = one(v[3], "stride"), dilation = one(v[5], "dilation"), padding = 0;
        Tensor x = to_tensor(v[0], "conv1d", "input");
        if (v[4].is(Kind::Str)) {
            std::vector<int64_t> extra;
            padding = conv_padding(v[4], w, {stride}, {dilation}, 1, extra).at(0);
            if (!extra.empty()) x = constant_pad_nd(x, extra);
        } else {
            padding = one(v[4], "padding");
        }
        return wrap(conv1d(x, w, opt_tensor(v[2], "conv1d", "bias"), stride, padding, dilation,
                           to_dim(v[6], "conv1d", "groups")));
    });

    // ---- normalization, dropout, embedding ----
    def("group_norm", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)");
        auto v = sig.bind(a);
        return wrap(group_norm(to_tensor(v[0], "group_norm", "input"), to_dim(v[1], "group_norm", "num_groups"),
                               opt_tensor(v[2], "group_norm", "weight"), opt_tensor(v[3], "group_norm", "bias"),
                               to_float(v[4], "group_norm", "eps")));
    });
    def("batch_norm", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("batch_norm(input, running_mean, running_var, weight=None, bias=None, "
                                   "training=False, momentum=0.1, eps=1e-05)");
        auto v = sig.bind(a);
        return wrap(batch_norm(to_tensor(v[0], "batch_norm", "input"), opt_tensor(v[1], "batch_norm", "running_mean"),
                               opt_tensor(v[2], "batch_norm", "running_var"), opt_tensor(v[3], "batch_norm", "weight"),
                               opt_tensor(v[4], "batch_norm", "bias"), truthy(in, v[5]),
                               to_float(v[6], "batch_norm", "momentum"), to_float(v[7], "batch_norm", "eps")));
    });
    def("layer_norm", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)");
        auto v = sig.bind(a);
        return wrap(layer_norm(to_tensor(v[0], "layer_norm", "input"), to_shape(v[1], "layer_norm", "normalized_shape"),
                               opt_tensor(v[2], "layer_norm", "weight"), opt_tensor(v[3], "layer_norm", "bias"),
                               to_float(v[4], "layer_norm", "eps")));
    });
    def("dropout", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("dropout(input, p=0.5, training=True, inplace=False)");
        auto v = sig.bind(a);
        double p = to_float(v[1], "dropout", "p");
        check_dropout_p(in, v[1], p);
        Tensor out = dropout(to_tensor(v[0], "dropout", "input"), p, truthy(in, v[2]));
        if (truthy(in, v[3])) {
            Tensor x = to_tensor(v[0]);
            copy_(x, out);
            return v[0];
        }
        return wrap(out);
    });
    // F.dropout1d/2d/3d, alpha_dropout, feature_alpha_dropout: torch/nn/functional.py's checks and
    // warnings, then ATen's feature/alpha dropout; inplace copies the result into the input.
    auto dropout_like = [&](const char* name, int nd, bool feature, bool alpha, const char* spec) {
        def(name, [name, nd, feature, alpha, sig = std::make_shared<Signature>(spec)](Interpreter& in, const CallArgs& a) {
            auto v = sig->bind(a);
            double p = to_float(v[1], name, "p");
            check_dropout_p(in, v[1], p);
            Tensor x = to_tensor(v[0], name, "input");
            const int64_t dim = x.dim();
            bool unbatched = false;
            if (nd == 1) {
                if (dim != 2 && dim != 3)
                    raise(T().RuntimeError, str("dropout1d: Expected 2D or 3D input, but received a ", dim, "D input. Note that "
                                                "dropout1d exists to provide channel-wise dropout on inputs with 1 spatial "
                                                "dimension, a channel dimension, and an optional batch dimension (i.e. 2D or "
                                                "3D inputs)."));
                unbatched = dim == 2;
            } else if (nd == 2) {
                if (dim != 3 && dim != 4)
                    emit_warning(in, new_str(str("dropout2d: Received a ", dim, "-D input to dropout2d, which is deprecated and "
                                                 "will result in an error in a future release. To retain the behavior and "
                                                 "silence this warning, please use dropout instead. Note that dropout2d exists "
                                                 "to provide channel-wise dropout on inputs with 2 spatial dimensions, a channel "
                                                 "dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")),
                                 T().UserWarning, 1);
                if (dim == 3)
                    emit_warning(in, new_str("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D "
                                             "dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
                                             "is the channel dim. This behavior will change in a future release to interpret "
                                             "the input as one without a batch dimension, i.e. shape (C, H, W). To maintain "
                                             "the 1D channel-wise dropout behavior, please switch to using dropout1d instead."),
                                 T().UserWarning, 1);
            } else if (nd == 3) {
                if (dim != 4 && dim != 5)
                    emit_warning(in, new_str(str("dropout3d: Received a ", dim, "-D input to dropout3d, which is deprecated and "
                                                 "will result in an error in a future release. To retain the behavior and "
                                                 "silence this warning, please use dropout instead. Note that dropout3d exists "
                                                 "to provide channel-wise dropout on inputs with 3 spatial dimensions, a channel "
                                                 "dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")),
                                 T().UserWarning, 1);
                unbatched = dim != 5;
            }
            Tensor in_x = unbatched ? unsqueeze(x, 0) : x;
            Tensor out = dropout_variant(in_x, p, truthy(in, v[2]), feature, alpha);
            if (unbatched) out = squeeze(out, 0);
            if (truthy(in, v[3])) {
                copy_(x, out);
                return v[0];
            }
            return wrap(out);
        });
    };
    dropout_like("dropout1d", 1, true, false, "dropout1d(input, p=0.5, training=True, inplace=False)");
    dropout_like("dropout2d", 2, true, false, "dropout2d(input, p=0.5, training=True, inplace=False)");
    dropout_like("dropout3d", 3, true, false, "dropout3d(input, p=0.5, training=True, inplace=False)");
    dropout_like("alpha_dropout", 0, false, true, "alpha_dropout(input, p=0.5, training=False, inplace=False)");
    dropout_like("feature_alpha_dropout", 0, true, true, "feature_alpha_dropout(input, p=0.5, training=False, inplace=False)");
    def("embedding", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, "
                                   "scale_grad_by_freq=False, sparse=False)");
        auto v = sig.bind(a);
        Tensor w = to_tensor(v[1], "embedding", "weight");
        if (truthy(in, v[5]))
            raise(T().NotImplementedError, "embedding(scale_grad_by_freq=True) is not supported in Kiln yet");
        auto pad = to_opt_int(v[2], "embedding", "padding_idx");
        if (pad) {
            if (*pad >= w.size(0) || *pad < -w.size(0))
                raise(T().AssertionError, "Padding_idx must be within num_embeddings");
            if (*pad < 0) *pad += w.size(0);
        }
        const Tensor& input = to_tensor(v[0], "embedding", "input");
        if (!v[3].is_none())  // the rows looked up renormalized in place first (PyTorch's embedding_renorm_)
            nn::embedding_renorm_(w, input, to_float(v[3], "embedding", "max_norm"),
                                  to_float(v[4], "embedding", "norm_type"));
        return wrap(embedding(input, w, pad, truthy(in, v[6])));  // sparse: a sparse COO weight gradient
    });
    def("one_hot", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("one_hot(tensor, num_classes=-1)");
        auto v = sig.bind(a);
        const Tensor& t = to_tensor(v[0], "one_hot", "tensor");
        if (t.dtype() != DType::Int64)
            raise(T().RuntimeError, "one_hot is only applicable to index tensor of type LongTensor.");
        int64_t n = to_dim(v[1], "one_hot", "num_classes");
        if (t.numel() > 0) {
            if (min(t).item().to_int() < 0) raise(T().RuntimeError, "Class values must be non-negative.");
            int64_t mx = max(t).item().to_int();
            if (n == -1) n = mx + 1;
            else if (mx >= n) raise(T().RuntimeError, "Class values must be smaller than num_classes.");
        } else if (n == -1) {
            raise(T().RuntimeError, "Can not infer total number of classes from empty tensor.");
        }
        Tensor classes = arange(Scalar(n), TensorOptions{DType::Int64});
        return wrap(to_dtype(eq(unsqueeze(t, -1), classes), DType::Int64));
    });
    def("pad", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("pad(input, pad, mode='constant', value=None)");
        auto v = sig.bind(a);
        Tensor x = to_tensor(v[0], "pad", "input");
        std::vector<int64_t> pads = to_int_list(v[1], "pad", "pad");
        if (!v[2].is(Kind::Str)) raise(T().TypeError, str("pad(): argument 'mode' must be str, not ", type_name(v[2])));
        const std::string mode = str_of(v[2]);
        if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular")
            raise(T().NotImplementedError, str("Unrecognised padding mode ", mode));
        if (pads.size() % 2) raise(T().RuntimeError, "Padding length must be divisible by 2");
        if (int64_t(pads.size()) > 2 * x.dim())
            raise(T().RuntimeError, "Padding length should be less than or equal to two times the input dimension but "
                                    "got padding length " + std::to_string(pads.size()) + " and input of dimension " +
                                    std::to_string(x.dim()));
        if (mode != "constant") {
            if (!v[3].is_none() && to_float(v[3], "pad", "value") != 0.0)
                raise(T().RuntimeError, str("Padding mode \"", mode, "\" doesn't take in value argument"));
            return wrap(pad_nonconstant(x, pads, mode));
        }
        Scalar fill = v[3].is_none() ? Scalar(0.0) : to_scalar(v[3], "pad", "value");
        return wrap(constant_pad_nd(x, pads, fill));
    });
    def("cosine_similarity", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("cosine_similarity(x1, x2, dim=1, eps=1e-08)");
        auto v = sig.bind(a);
        const Tensor &x1 = to_tensor(v[0], "cosine_similarity", "x1"), &x2 = to_tensor(v[1], "cosine_similarity", "x2");
        return wrap(kiln::cosine_similarity(x1, x2, to_dim(v[2], "cosine_similarity", "dim"),
                                            to_float(v[3], "cosine_similarity", "eps")));
    });
    def("pairwise_distance", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False)");
        auto v = sig.bind(a);
        const Tensor &x1 = to_tensor(v[0], "pairwise_distance", "x1"), &x2 = to_tensor(v[1], "pairwise_distance", "x2");
        return wrap(pairwise_distance(x1, x2, to_float(v[2], "pairwise_distance", "p"),
                                      to_float(v[3], "pairwise_distance", "eps"), to_bool(v[4], "pairwise_distance", "keepdim")));
    });
    def("scaled_dot_product_attention", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, "
                                   "is_causal=False, scale=None, enable_gqa=False)");
        auto v = sig.bind(a);
        const char* fn = "scaled_dot_product_attention";
        const Tensor &q = to_tensor(v[0], fn, "query"), &k = to_tensor(v[1], fn, "key"),
                     &val = to_tensor(v[2], fn, "value");
        Tensor mask = opt_tensor(v[3], fn, "attn_mask");
        std::optional<double> scale;
        if (!v[6].is_none()) scale = to_float(v[6], fn, "scale");
        if (truthy(in, v[7])) {
            auto [k2, v2] = sdpa_gqa_expand(q, k, val);
            return wrap(kiln::scaled_dot_product_attention(q, k2, v2, mask, to_float(v[4], fn, "dropout_p"),
                                                           truthy(in, v[5]), scale));
        }
        return wrap(kiln::scaled_dot_product_attention(q, k, val, mask, to_float(v[4], fn, "dropout_p"),
                                                       truthy(in, v[5]), scale));
    });

    // ---- losses ----
    def("mse_loss", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)");
        auto v = sig.bind(a);
        const Tensor &x = to_tensor(v[0], "mse_loss", "input"), &y = to_tensor(v[1], "mse_loss", "target");
        std::string r = reduction_of(in, v[2], v[3], v[4]);
        warn_target_size(x, y);
        Tensor w = opt_tensor(v[5], "mse_loss", "weight");
        if (w.defined()) {
            Tensor d = sub(x, y);
            return wrap(reduce(mul(mul(d, d), w), r));
        }
        return wrap(mse_loss(x, y, r));
    });
    def("l1_loss", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)");
        auto v = sig.bind(a);
        const Tensor &x = to_tensor(v[0], "l1_loss", "input"), &y = to_tensor(v[1], "l1_loss", "target");
        std::string r = reduction_of(in, v[2], v[3], v[4]);
        warn_target_size(x, y);
        Tensor w = opt_tensor(v[5], "l1_loss", "weight");
        if (w.defined()) return wrap(reduce(mul(abs(sub(x, y)), w), r));
        return wrap(l1_loss(x, y, r));
    });
    def("smooth_l1_loss", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', "
                                   "beta=1.0)");
        auto v = sig.bind(a);
        const Tensor &x = to_tensor(v[0], "smooth_l1_loss", "input"), &y = to_tensor(v[1], "smooth_l1_loss", "target");
        warn_target_size(x, y);
        return wrap(smooth_l1(x, y, reduction_of(in, v[2], v[3], v[4]), to_float(v[5], "smooth_l1_loss", "beta")));
    });
    def("huber_loss", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("huber_loss(input, target, reduction='mean', delta=1.0, weight=None)");
        auto v = sig.bind(a);
        const Tensor &x = to_tensor(v[0], "huber_loss", "input"), &y = to_tensor(v[1], "huber_loss", "target");
        warn_target_size(x, y);
        std::string r = reduction_of(in, Value(), Value(), v[2]);
        Tensor w = opt_tensor(v[4], "huber_loss", "weight");
        if (w.defined()) return wrap(reduce(mul(huber(x, y, "none", to_float(v[3], "huber_loss", "delta")), w), r));
        return wrap(huber(x, y, r, to_float(v[3], "huber_loss", "delta")));
    });
    def("cross_entropy", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, "
                                   "reduce=None, reduction='mean', label_smoothing=0.0)");
        auto v = sig.bind(a);
        {
            // Class-probability targets are those shaped like the input; any other target goes to
            // nll_loss, which wants class indices (Long).
            // F.cross_entropy hands its arguments to torch._C._nn.cross_entropy_loss, whose parser names them
            const Tensor &x = to_tensor(v[0], "cross_entropy_loss", "input"), &t = to_tensor(v[1], "cross_entropy_loss", "target");
            // ATen runs log_softmax over the input first: an integer input fails there
            if (!x.is_floating_point() && x.dim() > 0)
                raise(types().NotImplementedError,
                      str("\"log_softmax_", (x.dim() == 1 || x.dim() == 2) ? "lastdim_" : "", "kernel_impl\" not implemented for '",
                          dtype_scalar_type_name(x.dtype()), "'"));
            if (t.is_floating_point() && t.sizes() != x.sizes())
                raise(types().RuntimeError,
                      str("expected scalar type Long but found ", dtype_scalar_type_name(t.dtype())));
        }
        return wrap(cross_entropy(to_tensor(v[0], "cross_entropy", "input"), to_tensor(v[1], "cross_entropy", "target"),
                                  opt_tensor(v[2], "cross_entropy", "weight"), reduction_of(in, v[3], v[5], v[6]),
                                  to_dim(v[4], "cross_entropy", "ignore_index"),
                                  to_float(v[7], "cross_entropy", "label_smoothing")));
    });
    def("nll_loss", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, "
                                   "reduce=None, reduction='mean')");
        auto v = sig.bind(a);
        return wrap(nll_loss(to_tensor(v[0], "nll_loss", "input"), to_tensor(v[1], "nll_loss", "target"),
                             opt_tensor(v[2], "nll_loss", "weight"), reduction_of(in, v[3], v[5], v[6]),
                             to_dim(v[4], "nll_loss", "ignore_index")));
    });
    def("binary_cross_entropy", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, "
                                   "reduction='mean')");
        auto v = sig.bind(a);
        return wrap(bce_loss(to_tensor(v[0], "binary_cross_entropy", "input"),
                             to_tensor(v[1], "binary_cross_entropy", "target"),
                             opt_tensor(v[2], "binary_cross_entropy", "weight"), reduction_of(in, v[3], v[4], v[5])));
    });
    def("binary_cross_entropy_with_logits", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, "
                                   "reduce=None, reduction='mean', pos_weight=None)");
        auto v = sig.bind(a);
        const char* fn = "binary_cross_entropy_with_logits";
        return wrap(bce_with_logits(to_tensor(v[0], fn, "input"), to_tensor(v[1], fn, "target"),
                                    opt_tensor(v[2], fn, "weight"), opt_tensor(v[6], fn, "pos_weight"),
                                    reduction_of(in, v[3], v[4], v[5])));
    });
    def("kl_div", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("kl_div(input, target, size_average=None, reduce=None, reduction='mean', "
                                   "log_target=False)");
        auto v = sig.bind(a);
        const Tensor &x = to_tensor(v[0], "kl_div", "input"), &y = to_tensor(v[1], "kl_div", "target");
        std::string r;
        if (v[4].is(Kind::Str) && str_of(v[4]) == "batchmean" && v[2].is_none() && v[3].is_none()) {
            r = "batchmean";
        } else {
            r = reduction_of(in, v[2], v[3], v[4]);
            if (r == "mean")
                emit_warning(in,
                             new_str("reduction: 'mean' divides the total loss by both the batch size and the support "
                                     "size.'batchmean' divides only by the batch size, and aligns with the KL div math "
                                     "definition.'mean' will be changed to behave the same as 'batchmean' in the next "
                                     "major release."),
                             T().UserWarning, 1);
        }
        Tensor loss = kl_div(x, y, r == "batchmean" ? "sum" : r, truthy(in, v[5]));
        if (r == "batchmean") return wrap(x.dim() == 0 ? loss : div(loss, Scalar(x.size(0))));
        return wrap(loss);
    });
    install_torch_function(m, true);
}

}  // namespace

void register_functional_module() { Interpreter::register_module("torch.nn.functional", functional_module); }

}  // namespace kiln::vm::bind
