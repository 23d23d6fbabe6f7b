// Factory operators: zeros/ones/empty/full, arange (end, start, start_step), linspace, eye,
// scalar_tensor, the *_like forms and the random factories, with aten's TensorOptions tail
// (`*, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None`).
//
// The tail is read by one helper: dtype becomes TensorOptions::dtype, device must be the CPU, and
// layout/pin_memory are accepted as None or their only CPU-strided values.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>
#include "graph/optable/args.h"
#include "graph/optable/optable.h"

namespace kiln::graph {

using namespace optable;

#define K [](IValueList & a) -> IValueList
// The TensorOptions arguments every factory schema ends with.
#define OPTS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"

namespace {

// dtype, layout, device, pin_memory starting at argument `i`.
TensorOptions options_at(const IValueList& a, size_t i) {
    TensorOptions o;
    o.dtype = opt_dtype(a, i);
    KILN_CHECK(a.at(i + 1).is_none() || a.at(i + 1).to_int() == 0, NotImplementedError,
               "Kiln only supports the strided layout");
    if (std::optional<Device> d = opt_device(a, i + 2)) o.device = *d;
    return o;
}

// tril_indices / triu_indices: ATen's check_args wording, then each row's run of columns in order
// (lower: [0, min(col, i + offset + 1)); upper: [max(0, i + offset), col)).
Tensor tri_indices_table(int64_t row, int64_t col, int64_t offset, bool lower, const TensorOptions& o) {
    KILN_CHECK(row >= 0, RuntimeError, "row must be non-negative, got" + std::to_string(row));
    KILN_CHECK(col >= 0, RuntimeError, "col must be non-negative, got" + std::to_string(col));
    std::vector<int64_t> rows, cols;
    for (int64_t i = 0; i < row; ++i) {
        int64_t lo = lower ? 0 : std::clamp<int64_t>(i + offset, 0, col);
        int64_t hi = lower ? std::clamp<int64_t>(i + offset + 1, 0, col) : col;
        for (int64_t j = lo; j < hi; ++j) {
            rows.push_back(i);
            cols.push_back(j);
        }
    }
    const int64_t n = static_cast<int64_t>(rows.size());
    Tensor out = empty({2, n}, TensorOptions{DType::Int64});
    int64_t* p = out.data_ptr<int64_t>();
    std::copy(rows.begin(), rows.end(), p);
    std::copy(cols.begin(), cols.end(), p + n);
    return o.dtype && *o.dtype != DType::Int64 ? to_dtype(out, *o.dtype) : out;
}

// An in-place sampler and its functional form (the name AOT autograd's functionalization writes): the
// functional one draws into a fresh empty_like(self). draw(x, a) fills x from the schema's arguments.
template <typename Draw>
void def_sampler(const char* in_place, const char* functional, Draw draw) {
    def(in_place, [draw](IValueList& a) -> IValueList {
        Tensor x = tensor_arg(a, 0);
        return one(draw(x, a));
    });
    def(functional, [draw](IValueList& a) -> IValueList {
        Tensor out = empty_like(tensor_arg(a, 0));
        return one(draw(out, a));
    });
}

// The *_like forms take (dtype, layout, device, pin_memory, memory_format) after their fixed args;
// their dtype defaults to the input's.
std::optional<DType> like_dtype(const IValueList& a, size_t i) {
    TensorOptions o = options_at(a, i);
    return o.dtype;
}

// The new_* forms' options: dtype and device default to self's (argument 0).
TensorOptions new_options(const IValueList& a, size_t i) {
    const Tensor& x = tensor_arg(a, 0);
    TensorOptions o = options_at(a, i);
    if (!o.dtype) o.dtype = x.dtype();
    if (a.at(i + 2).is_none()) o.device = x.device();
    return o;
}

}  // namespace

void register_creation_ops() {
    def("aten::zeros(SymInt[] size, *, " OPTS ") -> Tensor", K { return one(zeros(ints_arg(a, 0), options_at(a, 1))); });
    def("aten::ones(SymInt[] size, *, " OPTS ") -> Tensor", K { return one(ones(ints_arg(a, 0), options_at(a, 1))); });
    def("aten::empty.memory_format(SymInt[] size, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor",
        K { return one(empty(ints_arg(a, 0), options_at(a, 1))); });
    def("aten::full(SymInt[] size, Scalar fill_value, *, " OPTS ") -> Tensor",
        K { return one(full(ints_arg(a, 0), scalar_arg(a, 1), options_at(a, 2))); });
    def("aten::scalar_tensor(Scalar s, *, " OPTS ") -> Tensor", K {
        TensorOptions o = options_at(a, 1);
        // torch.scalar_tensor makes a default-dtype float tensor unless told otherwise.
        Tensor t = scalar_tensor(scalar_arg(a, 0), o.dtype.value_or(default_float_dtype()));
        return one(o.device == Device::CPU ? t : to_device(t, o.device));
    });
    def("aten::arange(Scalar end, *, " OPTS ") -> Tensor", K { return one(arange(scalar_arg(a, 0), options_at(a, 1))); });
    def("aten::arange.start(Scalar start, Scalar end, *, " OPTS ") -> Tensor", K {
        return one(arange(scalar_arg(a, 0), scalar_arg(a, 1), Scalar(int64_t(1)), options_at(a, 2)));
    });
    def("aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, " OPTS ") -> Tensor",
        K { return one(arange(scalar_arg(a, 0), scalar_arg(a, 1), scalar_arg(a, 2), options_at(a, 3))); });
    def("aten::linspace(Scalar start, Scalar end, int steps, *, " OPTS ") -> Tensor", K {
        return one(linspace(scalar_arg(a, 0).to_double(), scalar_arg(a, 1).to_double(), int_arg(a, 2),
                            options_at(a, 3)));
    });
    def("aten::eye(SymInt n, *, " OPTS ") -> Tensor",
        K { return one(eye(int_arg(a, 0), std::nullopt, options_at(a, 1))); });
    def("aten::eye.m(SymInt n, SymInt m, *, " OPTS ") -> Tensor",
        K { return one(eye(int_arg(a, 0), int_arg(a, 1), options_at(a, 2))); });

    // x.new_empty/new_zeros/new_ones/new_full(size): the dtype and device default to x's (timm's drop_path
    // draws its mask into `x.new_empty(shape)`).
    def("aten::new_empty(Tensor self, SymInt[] size, *, " OPTS ") -> Tensor",
        K { return one(empty(ints_arg(a, 1), new_options(a, 2))); });
    def("aten::new_zeros(Tensor self, SymInt[] size, *, " OPTS ") -> Tensor",
        K { return one(zeros(ints_arg(a, 1), new_options(a, 2))); });
    def("aten::new_ones(Tensor self, SymInt[] size, *, " OPTS ") -> Tensor",
        K { return one(ones(ints_arg(a, 1), new_options(a, 2))); });
    def("aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, " OPTS ") -> Tensor",
        K { return one(full(ints_arg(a, 1), scalar_arg(a, 2), new_options(a, 3))); });
    def("aten::zeros_like(Tensor self, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor",
        K { return one(zeros_like(tensor_arg(a, 0), like_dtype(a, 1))); });
    def("aten::ones_like(Tensor self, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor",
        K { return one(ones_like(tensor_arg(a, 0), like_dtype(a, 1))); });
    def("aten::empty_like(Tensor self, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor",
        K { return one(empty_like(tensor_arg(a, 0), like_dtype(a, 1))); });
    def("aten::full_like(Tensor self, Scalar fill_value, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor",
        K { return one(full_like(tensor_arg(a, 0), scalar_arg(a, 1), like_dtype(a, 2))); });

    // ---- random (the engine's generator; Generator arguments must be None) ----
    def("aten::rand(SymInt[] size, *, " OPTS ") -> Tensor", K { return one(rand(ints_arg(a, 0), options_at(a, 1))); });
    def("aten::randn(SymInt[] size, *, " OPTS ") -> Tensor", K { return one(randn(ints_arg(a, 0), options_at(a, 1))); });
    def("aten::randint(SymInt high, SymInt[] size, *, ScalarType? dtype=long, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        K { return one(randint(0, int_arg(a, 0), ints_arg(a, 1), options_at(a, 2))); });
    def("aten::randint.low(SymInt low, SymInt high, SymInt[] size, *, ScalarType? dtype=long, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        K { return one(randint(int_arg(a, 0), int_arg(a, 1), ints_arg(a, 2), options_at(a, 3))); });
    def("aten::rand_like(Tensor self, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor", K {
        std::optional<DType> dt = like_dtype(a, 1);
        const Tensor& x = tensor_arg(a, 0);
        return one(dt && *dt != x.dtype() ? rand(x.sizes(), TensorOptions{dt}) : rand_like(x));
    });
    def("aten::randn_like(Tensor self, *, " OPTS ", MemoryFormat? memory_format=None) -> Tensor", K {
        std::optional<DType> dt = like_dtype(a, 1);
        const Tensor& x = tensor_arg(a, 0);
        return one(dt && *dt != x.dtype() ? randn(x.sizes(), TensorOptions{dt}) : randn_like(x));
    });
    // torch.tril_indices / triu_indices (ATen's tril_indices_cpu): the (2, N) coordinates of a row x col
    // matrix's lower (upper) triangle relative to diagonal `offset`, row-major; scripted code calls them
    // (pytorch-generative's @torch.jit.script _unflatten_tril).
    def("aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        K { return one(tri_indices_table(int_arg(a, 0), int_arg(a, 1), int_arg(a, 2), true, options_at(a, 3))); });
    def("aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=long, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        K { return one(tri_indices_table(int_arg(a, 0), int_arg(a, 1), int_arg(a, 2), false, options_at(a, 3))); });
    def("aten::randperm(SymInt n, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None) -> Tensor",
        K {
            TensorOptions o = options_at(a, 1);
            Tensor p = randperm(int_arg(a, 0));
            return one(o.dtype && *o.dtype != p.dtype() ? to_dtype(p, *o.dtype) : p);
        });
    // No default for p (native_functions.yaml): one would make torch.bernoulli(probs) match this
    // overload instead of bernoulli(Tensor self, *, ...).
    def("aten::bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor", K {
        Tensor out = empty_like(tensor_arg(a, 0));
        return one(bernoulli_(out, float_arg(a, 1)));
    });
    // torch.bernoulli(probs): one draw per element with its probability (scripted code's call).
    def("aten::bernoulli(Tensor self, *, Generator? generator=None) -> Tensor", K {
        const Tensor& p = tensor_arg(a, 0);
        Tensor out = empty_like(p);
        return one(bernoulli_(out, p));
    });
    // The in-place draws Tensor.uniform_ and Tensor.exponential_ and their functional forms (PyTorch's
    // schemas; AOT autograd's functionalization rewrites x.uniform_() as uniform(x) written back): a
    // sampler written with them (gpt-fast's `torch.empty_like(probs).exponential_(1)` before an argmax)
    // traces to one node each, drawing from the engine's generator in program order as eager does,
    // instead of sending the whole compiled graph to the FX interpreter. normal_'s and bernoulli_'s
    // functional forms have other names in PyTorch (normal_functional, bernoulli.p; aot/functionalize.cpp).
    def_sampler("aten::uniform_(Tensor(a!) self, float from=0, float to=1, *, Generator? generator=None) -> Tensor(a!)",
                "aten::uniform(Tensor self, float from=0, float to=1, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return uniform_(x, float_arg(a, 1), float_arg(a, 2)); });
    def_sampler("aten::exponential_(Tensor(a!) self, float lambd=1, *, Generator? generator=None) -> Tensor(a!)",
                "aten::exponential(Tensor self, float lambd=1, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return exponential_(x, float_arg(a, 1)); });
    // The other in-place samplers and torch.poisson (ops/random.cpp: ATen's CPU draw order), so traced
    // and scripted code that calls them records one node each and draws in program order; the
    // functional forms are native_functions.yaml's.
    def_sampler("aten::cauchy_(Tensor(a!) self, float median=0, float sigma=1, *, Generator? generator=None) -> Tensor(a!)",
                "aten::cauchy(Tensor self, float median=0, float sigma=1, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return cauchy_(x, float_arg(a, 1), float_arg(a, 2)); });
    def_sampler("aten::log_normal_(Tensor(a!) self, float mean=1, float std=2, *, Generator? generator=None) -> Tensor(a!)",
                "aten::log_normal(Tensor self, float mean=1, float std=2, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return log_normal_(x, float_arg(a, 1), float_arg(a, 2)); });
    def_sampler("aten::geometric_(Tensor(a!) self, float p, *, Generator? generator=None) -> Tensor(a!)",
                "aten::geometric(Tensor self, float p, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return geometric_(x, float_arg(a, 1)); });
    def("aten::poisson(Tensor self, Generator? generator=None) -> Tensor", K { return one(poisson(tensor_arg(a, 0))); });
    def("aten::binomial(Tensor count, Tensor prob, Generator? generator=None) -> Tensor",
        K { return one(binomial(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def_sampler("aten::normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor(a!)",
                "aten::normal_functional(Tensor self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor",
                [](Tensor& x, IValueList& a) { return normal_(x, float_arg(a, 1), float_arg(a, 2)); });
    // timm's drop_path: `x.new_empty(shape).bernoulli_(keep_prob)` (functional form: bernoulli.p).
    def("aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)", K {
        Tensor x = tensor_arg(a, 0);
        return one(bernoulli_(x, float_arg(a, 1)));
    });
    // torch.equal: same sizes and elements (a Python bool, not a tensor).
    def("aten::equal(Tensor self, Tensor other) -> bool", K { return {IValue(equal(tensor_arg(a, 0), tensor_arg(a, 1)))}; });
    // torch.tensor(list) in scripted code (register_special_ops' aten::tensor(t[] data, ...)): a
    // tensor of the (nested, rectangular) list's shape; its element type gives the dtype (float: the
    // default dtype, int: int64, bool: bool) unless `dtype` is given.
    def("aten::tensor(t[] data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
        K {
            Shape shape;
            std::vector<double> values;
            bool any_float = false, all_bool = true;
            std::function<void(const IValue&, size_t)> walk = [&](const IValue& v, size_t depth) {
                if (v.is_list()) {
                    const IValueList& items = v.items();
                    if (depth == shape.size()) shape.push_back(int64_t(items.size()));
                    else
                        KILN_CHECK(shape[depth] == int64_t(items.size()), ValueError, "expected sequence of length ",
                                   shape[depth], " at dim ", depth, " (got ", items.size(), ")");
                    for (const IValue& x : items) walk(x, depth + 1);
                    return;
                }
                KILN_CHECK(depth == shape.size(), ValueError, "expected a sequence at dim ", depth);
                KILN_CHECK(v.is_double() || v.is_int() || v.is_bool(), TypeError,
                           "torch.tensor in scripted code takes lists of numbers or bools");
                any_float = any_float || v.is_double();
                all_bool = all_bool && v.is_bool();
                values.push_back(v.is_double() ? v.to_double() : v.is_bool() ? double(v.to_bool()) : double(v.to_int()));
            };
            walk(a.at(0), 0);
            std::optional<DType> dt = opt_dtype(a, 1);
            const DType dtype = dt ? *dt : any_float ? default_float_dtype() : all_bool && !values.empty() ? DType::Bool
                                                                                                              : DType::Int64;
            Tensor t = tensor(values, shape, dtype);
            if (std::optional<Device> d = opt_device(a, 2); d && *d != Device::CPU) t = to_device(t, *d);
            if (bool_arg(a, 3)) t.requires_grad_(true);
            return one(t);
        });
    // torch.tensor(number) in scripted code: a 0-dim tensor of the number's dtype (float: the
    // default dtype), or of `dtype`.
    for (const char* overload : {"float(float t", "int(int t", "bool(bool t"})
        def(std::string("aten::tensor.") + overload +
                ", *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
            K {
                Scalar v = scalar_arg(a, 0);
                std::optional<DType> dt = opt_dtype(a, 1);
                Tensor t = scalar_tensor(v, dt ? dt : std::optional<DType>(a.at(0).is_double() ? default_float_dtype()
                                                                        : a.at(0).is_bool()  ? DType::Bool
                                                                                             : DType::Int64));
                if (std::optional<Device> d = opt_device(a, 2); d && *d != Device::CPU) t = to_device(t, *d);
                if (bool_arg(a, 3)) t.requires_grad_(true);
                return one(t);
            });
}

}  // namespace kiln::graph
