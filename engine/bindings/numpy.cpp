// The `numpy` module: the part of NumPy that PyTorch tutorials use, over Kiln's tensor library.
//
// An ndarray is a thin object over a Kiln Tensor (storage + sizes + strides), so views share memory
// exactly as NumPy's do and torch.from_numpy / Tensor.numpy() can share one storage both ways. A
// NumPy scalar (np.float64(1.5), what a[0] and a.sum() return) is the same object over a 0-d tensor
// whose type is the dtype's scalar type (float64, float32, float16, int64, int32, int16, int8, uint32, uint16, uint8,
// bool), printed as NumPy 2 prints
// scalars (repr `np.float64(1.5)`, str `1.5`) and usable as a Python number (float(), int(),
// format specs, arithmetic with ints and floats).
//
// NumPy's rules that differ from PyTorch's and are re-implemented here:
// - dtypes: float64 is the default float and int64 the default int (np.array([1.5]) is float64,
//   np.arange(3) int64); an integer meets a float at the smallest float holding it (int8 + float16
//   is float16, int32 + float32 is float64); Python numbers are "weak" (NEP 50: a float32 array +
//   1.5 stays float32, an int64 array + 1.5 is float64, a uint8 array + 1 stays uint8, and a
//   Python int outside a narrow dtype raises OverflowError); `/` of ints is float64. Known gap:
//   sums of uint8/uint16/uint32 are int64 here, uint64 in NumPy (Kiln has no uint64).
// - ufuncs on 0-d operands return scalars; a[i] of a 1-d array is a scalar.
// - reductions: std/var default to ddof=0; sum/mean of floats add pairwise (NumPy's pairwise_sum:
//   blocks of 8 partial sums below 128 elements, halves above, in chunks of 8192 when the input is
//   cast to the accumulator, as NumPy's buffered iterator does, else whole) along the innermost
//   reduced axis and one by one along outer axes, so printed sums match NumPy to the last digit.
// - slicing with negative steps (a[::-1]) is allowed (a copy here, a view in NumPy).
// - arithmetic is rounded as NumPy rounds it: `c + a * b` is two roundings (mul_rounded keeps GCC
//   from fusing it into an fma under -march=native), which the legacy Gaussian and linspace need.
// What differs: transcendental ufuncs (exp, log, tanh, pow of arrays) use the C library; NumPy on
// AVX-512 machines uses its own SIMD versions, which can differ in the last bit (hidden by the 8
// printed digits of arrays, visible in a scalar's full repr).
// The printing lives in numpy_print.cpp, the legacy random streams in numpy_random.h.
#include "bindings/numpy.h"
#include "bindings/numpy_flags.h"
#include "vm/generator.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_set>

#include "bindings/numpy_pcg64.h"
#include "ops/tensor_extra.h"
#include "support/function.h"
#include "vm/complex.h"
#include "vm/host.h"
#include "vm/int_big.h"
#include "bindings/numpy_random.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

namespace {

using Args = std::vector<Value>;
using Body = kiln::Function<Value(Interpreter&, Args&)>;

struct NdArray : NativeObj {
    NdArray(Type* type, Tensor tensor) : NativeObj(type), t(std::move(tensor)) {}
    Tensor t;
    // NumPy's WRITEABLE flag (a.flags.writeable): false for np.frombuffer of immutable bytes, a
    // mode='r' memmap, a basic-index view of a read-only array, or after a.flags.writeable = False.
    // Assignment into such an array is NumPy's ValueError; torch.from_numpy warns (tensor_numpy.cpp).
    bool writeable = true;
    // The memory belongs to something read-only (bytes, a read-only base array): the flag cannot be
    // set back to True ("cannot set WRITEABLE flag to True of this array").
    bool readonly_base = false;
};

// a.flags: NumPy's flagsobj over one array (attributes and ['KEY'] access; writeable can be set).
struct NdFlagsObj : NativeObj {
    NdFlagsObj(Type* type, Value array) : NativeObj(type), arr(std::move(array)) {}
    Value arr;
};

// np.memmap: an ndarray over a range of a file's bytes. Kiln's VM has no mmap, so numpy.py's
// _memmap_open reads the range into the array's storage (first extending a 'w+'/'r+' file with zero
// bytes to the mapped size, as NumPy does); a writable memmap ('r+', 'w+') writes its storage back
// over the range at flush() and, when it was written to since (the storage's version counter), when
// the object ends (NumPy's map is written back when it is closed); 'r' and 'c' (copy-on-write)
// never write. Known differences: a slice or astype of a memmap is a plain ndarray here (NumPy's
// are memmap instances), a write reaches the file at flush() or the end, not at once through a
// shared map, and two memmaps of one file hold separate copies.
struct MemmapObj : NdArray {
    MemmapObj(Type* type, Tensor tensor) : NdArray(type, std::move(tensor)) {}
    ~MemmapObj() override {
        // a failure here has no one to tell (NumPy's mmap close is silent too)
        if (written() && t.version() != synced_version) write_back();
    }
    void clear() override { filename = Value(); }
    bool written() const { return !real_path.empty() && (mode == "r+" || mode == "w+"); }
    // Writes the storage over the mapped range; the errno of a failure, else 0.
    int write_back() {
        synced_version = t.version();
        const Tensor c = contiguous(t.host_snapshot());
        std::FILE* f = std::fopen(real_path.c_str(), "r+b");
        if (!f) return errno;
        int err = 0;
        const size_t n = size_t(c.numel()) * c.element_size();
        if (std::fseek(f, long(offset), SEEK_SET) != 0 || (n && std::fwrite(c.raw_data(), 1, n, f) != n)) err = errno ? errno : EIO;
        if (std::fclose(f) != 0 && !err) err = errno;
        return err;
    }
    Value filename;         // the `filename` attribute: the absolute path (str), a resolved pathlib.Path, or None
    std::string mode;       // 'r', 'c', 'r+' or 'w+'
    int64_t offset = 0;     // byte offset of the array in the file
    std::string real_path;  // the sandbox-checked path written back to ("" for none)
    uint64_t synced_version = 0;  // the storage's version when it last matched the file
};

struct DTypeObj : NativeObj {
    DTypeObj(Type* type, DType d) : NativeObj(type), dt(d) {}
    DType dt;
};

Type* g_ndarray = nullptr;
Type* g_memmap = nullptr;  // np.memmap, a subclass of ndarray (MemmapObj below)
Type* g_generic = nullptr;
Type* g_number = nullptr;
Type* g_integer = nullptr;
Type* g_signed = nullptr;    // np.signedinteger: int8 ... int64
Type* g_unsigned = nullptr;  // np.unsignedinteger: uint8, uint16, uint32
Type* g_inexact = nullptr;
Type* g_floating = nullptr;
Type* g_complexfloating = nullptr;
Type* g_dtype = nullptr;
Type* g_flagsobj = nullptr;  // numpy's flagsobj (a.flags)
Type* g_scalar[kNumDTypes] = {};
Value g_dtype_objs[kNumDTypes];
std::vector<std::pair<std::string, Type*>> g_unsupported;  // np.int32, np.uint8, ...

// NumPy's kinds: 0 bool, 1 integer, 2 floating, 3 complex.
int kind_of(DType d) { return d == DType::Bool ? 0 : dtype_is_integral(d, false) ? 1 : dtype_is_complex(d) ? 3 : 2; }
const char* np_name(DType d) { return numpy::dtype_name(d); }

// dtype=object ('O') or a str dtype given to a native function that has no such arrays: numpy/_objects.py
// makes them (np.array, asarray, empty/zeros/ones/full, astype) and the functions it wraps take them.
[[noreturn]] void unsupported_object_dtype() {
    raise(T().NotImplementedError,
          "this numpy function does not take dtype=object or a str dtype in Kiln: make such arrays with np.array, "
          "np.empty/np.zeros/np.full or astype");
}

[[noreturn]] void unsupported_dtype(const std::string& name) {
    raise(T().NotImplementedError,
          str("numpy.", name, " is not supported in Kiln (its arrays are float64, float32, float16, int64, int32, int16, int8, uint32, uint16, uint8 or bool); use np.int64 or np.float32"));
}

NdArray* as_nd(const Value& v) { return native_cast<NdArray>(v); }

Value wrap_array(const Tensor& t) { return Value(make<NdArray>(g_ndarray, t).get()); }

// a.flags: NumPy's flagsobj. The layout flags come from the tensor's strides (F_CONTIGUOUS: the
// transposed array is C-contiguous, size-1 dims ignored as NumPy does); OWNDATA is answered from the
// storage (an array covering its whole storage from its start owns it: a full view such as a[:] reads
// True here, NumPy's False); ALIGNED is always True; WRITEBACKIFCOPY False.
bool nd_f_contiguous(const Tensor& t) {
    int64_t expect = 1;
    for (int64_t d = 0; d < t.dim(); ++d) {
        const int64_t n = t.sizes()[size_t(d)];
        if (n == 0) return true;
        if (n == 1) continue;
        if (t.strides()[size_t(d)] != expect) return false;
        expect *= n;
    }
    return true;
}

bool nd_owndata(const Tensor& t) {
    return t.storage_offset() == 0 && t.is_contiguous() &&
           size_t(t.numel()) * t.element_size() == t.impl()->storage->nbytes;
}

void register_ndarray_flags() {
    g_flagsobj = make_builtin_type("flagsobj", T().object, Kind::Native, "numpy");
    auto arr_of = [](const Value& v) -> NdArray* {
        auto* f = native_cast<NdFlagsObj>(v);
        if (!f) raise(T().TypeError, "descriptor requires a 'numpy.flagsobj' object");
        return as_nd(f->arr);
    };
    static const char* const kKeys[][2] = {{"C_CONTIGUOUS", "C"}, {"F_CONTIGUOUS", "F"}, {"OWNDATA", "O"},
                                           {"WRITEABLE", "W"},    {"ALIGNED", "A"},      {"WRITEBACKIFCOPY", "X"}};
    auto value_of = [](NdArray* n, int k) -> bool {
        switch (k) {
            case 0: return n->t.is_contiguous();
            case 1: return nd_f_contiguous(n->t);
            case 2: return !n->readonly_base && nd_owndata(n->t);  // frombuffer / memmap / views view others' memory
            case 3: return n->writeable;
            case 4: return true;
            default: return false;
        }
    };
    auto set_writeable = [](NdArray* n, const Value& v) {
        const bool on = v.is_bool() ? v.as_bool() : v.is_int() ? v.as_int() != 0 : true;
        if (on && n->readonly_base) raise(T().ValueError, "cannot set WRITEABLE flag to True of this array");
        n->writeable = on;
    };
    const char* attrs[] = {"c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy"};
    for (int k = 0; k < 6; ++k) {
        NativeFn setter = nullptr;
        if (k == 3)
            setter = [arr_of, set_writeable](Interpreter&, const CallArgs& a) {
                set_writeable(arr_of(a.args[0]), a.args[1]);
                return none();
            };
        else
            setter = [attr = std::string(attrs[k])](Interpreter&, const CallArgs&) -> Value {
                raise(T().AttributeError, str("attribute '", attr, "' of 'numpy.flagsobj' objects is not writable"));
            };
        def_property(g_flagsobj, attrs[k], [arr_of, value_of, k](Interpreter&, const CallArgs& a) {
            return Value::boolean(value_of(arr_of(a.args[0]), k));
        }, setter);
    }
    def_property(g_flagsobj, "contiguous", [arr_of](Interpreter&, const CallArgs& a) {
        return Value::boolean(arr_of(a.args[0])->t.is_contiguous());
    });
    def_property(g_flagsobj, "fortran", [arr_of](Interpreter&, const CallArgs& a) {
        return Value::boolean(nd_f_contiguous(arr_of(a.args[0])->t));
    });
    auto key_index = [](const Value& key) -> int {
        if (key.is(Kind::Str)) {
            const std::string& k = str_of(key);
            for (int i = 0; i < 6; ++i)
                if (k == kKeys[i][0] || k == kKeys[i][1]) return i;
            if (k == "CONTIGUOUS") return 0;
            if (k == "FORTRAN") return 1;
        }
        raise(T().KeyError, "Unknown flag");
    };
    def_method(g_flagsobj, "__getitem__", [arr_of, value_of, key_index](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "flagsobj.__getitem__ takes one key");
        return Value::boolean(value_of(arr_of(a.args[0]), key_index(a.args[1])));
    });
    def_method(g_flagsobj, "__setitem__", [arr_of, key_index, set_writeable](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs != 3) raise(T().TypeError, "flagsobj.__setitem__ takes a key and a value");
        const int k = key_index(a.args[1]);
        if (k != 3) raise(T().KeyError, "Unknown flag");
        set_writeable(arr_of(a.args[0]), a.args[2]);
        return none();
    });
    def_method(g_flagsobj, "__repr__", [arr_of, value_of](Interpreter&, const CallArgs& a) {
        NdArray* n = arr_of(a.args[0]);
        std::string out;
        for (int k = 0; k < 6; ++k) out += str("  ", kKeys[k][0], " : ", value_of(n, k) ? "True" : "False", "\n");
        return new_str(std::move(out));
    });
    def_property(g_ndarray, "flags", [](Interpreter&, const CallArgs& a) {
        return Value(make<NdFlagsObj>(g_flagsobj, a.args[0]).get());
    });
}
// An array object (ndarray or memmap) as opposed to a NumPy scalar.
bool is_array_type(const NdArray* n) { return n->type == g_ndarray || n->type == g_memmap; }
// A NumPy scalar holds its own value: a[i] or an element met iterating an array is a copy, not a
// view that a later in-place write to the array (np.random.shuffle(a), a[:] = 0) would change.
Value wrap_scalar(const Tensor& t) { return Value(make<NdArray>(g_scalar[int(t.dtype())], clone(t)).get()); }
// A ufunc's result: 0-d results are scalars, as NumPy returns them.
Value wrap_result(const Tensor& t) { return t.dim() == 0 ? wrap_scalar(t) : wrap_array(t); }
bool is_scalar_obj(const Value& v) {
    auto* n = as_nd(v);
    return n && !is_array_type(n);
}

Tensor scalar_tensor_of(const Scalar& s, DType dt) {
    if (dtype_is_complex(dt)) return full({}, s.is_complex() ? s : Scalar::complex(s.to_double(), 0.0), TensorOptions{dt});
    if (s.is_complex())  // a complex value cast to a real dtype keeps its real part, as NumPy's astype does
        return scalar_tensor_of(Scalar(s.to_double()), dt);
    Tensor t = Tensor::empty({}, dt);
    dispatch_dtype(dt, [&](auto tag) {
        using S = typename decltype(tag)::type;
        if constexpr (std::is_same_v<S, bool>)
            *t.data_ptr<S>() = s.to_bool();
        else if constexpr (std::is_integral_v<S>)
            *t.data_ptr<S>() = S(s.to_int());
        else if constexpr (std::is_same_v<S, double>)
            *t.data_ptr<S>() = s.to_double();
        else
            *t.data_ptr<S>() = S(float(s.to_double()));
    });
    return t;
}

Tensor cast(const Tensor& t, DType dt) { return t.dtype() == dt ? t : to_dtype(t, dt); }

// NumPy's integer promotion: the smallest integer type holding both ranges. Two signed or two
// unsigned types give the wider; an unsigned type meets a wider signed type at the signed one and a
// signed type no wider than itself at the signed type of twice its width (uint8 + int8 is int16,
// uint16 + int32 is int32, uint32 + int16 is int64).
DType promote_int(DType a, DType b) {
    const bool sa = dtype_is_signed(a), sb = dtype_is_signed(b);
    if (sa == sb) return dtype_size(a) >= dtype_size(b) ? a : b;
    const DType u = sa ? b : a, s = sa ? a : b;
    if (dtype_size(s) > dtype_size(u)) return s;
    switch (dtype_size(u)) {
        case 1: return DType::Int16;
        case 2: return DType::Int32;
        default: return DType::Int64;
    }
}

// NumPy's promote_types for the dtypes Kiln has: integers by promote_int; an integer meets a float
// at the smallest float holding all its values: (u)int8 fits float16, (u)int16 float32, (u)int32
// and int64 only float64.
DType promote(DType a, DType b) {
    if (a == b) return a;
    int ka = kind_of(a), kb = kind_of(b);
    // complex meets anything at the complex type of the float that holds both real types
    // (complex64 + float64 or + int32 is complex128, complex64 + int16 stays complex64)
    if (ka == 3 || kb == 3) return dtype_to_complex(promote(dtype_to_real(a), dtype_to_real(b)));
    if (ka == 1 && kb == 1) return promote_int(a, b);
    if (ka == kb) return dtype_size(a) >= dtype_size(b) ? a : b;
    DType lo = ka < kb ? a : b, hi = ka < kb ? b : a;
    if (kind_of(lo) == 1 && kind_of(hi) == 2) {
        const size_t need = dtype_size(lo) == 1 ? 2 : dtype_size(lo) == 2 ? 4 : 8;  // float bytes
        if (dtype_size(hi) >= need) return hi;
        return need == 4 ? DType::Float32 : DType::Float64;
    }
    return hi;
}

// ---- dtypes ---------------------------------------------------------------------------------------------

std::optional<DType> dtype_from_name(const std::string& s) {
    if (s == "float64" || s == "f8" || s == "float" || s == "double" || s == "d" || s == "<f8") return DType::Float64;
    if (s == "float32" || s == "f4" || s == "single" || s == "f" || s == "<f4") return DType::Float32;
    if (s == "float16" || s == "f2" || s == "half" || s == "e") return DType::Float16;
    if (s == "int64" || s == "i8" || s == "int" || s == "long" || s == "l" || s == "<i8" || s == "int_") return DType::Int64;
    if (s == "bool" || s == "?" || s == "bool_" || s == "b1") return DType::Bool;
    if (s == "int32" || s == "i4" || s == "<i4" || s == "intc" || s == "i") return DType::Int32;
    if (s == "int16" || s == "i2" || s == "<i2" || s == "short" || s == "h") return DType::Int16;
    if (s == "int8" || s == "i1" || s == "byte" || s == "b") return DType::Int8;
    if (s == "uint8" || s == "u1" || s == "ubyte" || s == "B") return DType::UInt8;
    if (s == "uint16" || s == "u2" || s == "<u2" || s == "ushort" || s == "H") return DType::UInt16;
    if (s == "uint32" || s == "u4" || s == "<u4" || s == "uintc" || s == "I") return DType::UInt32;
    if (s == "complex128" || s == "c16" || s == "<c16" || s == "complex" || s == "cdouble" || s == "D") return DType::Complex128;
    if (s == "complex64" || s == "c8" || s == "<c8" || s == "csingle" || s == "F") return DType::Complex64;
    return std::nullopt;
}

// A dtype spec numpy/_objects.py's arrays have: str, object, np.str_, np.object_, 'U', '<U5', 'O', 'object',
// 'str', or one of that module's dtype objects.
bool names_object_dtype(const Value& v) {
    if (v.is(Kind::Type)) {
        if (v.obj() == T().str || v.obj() == T().object) return true;
        const Value* tag = v.get<Type>()->lookup("_kiln_numpy_virtual");  // np.object_
        return tag && tag->is(Kind::Str) && str_of(*tag) == "object_";
    }
    if (v.is(Kind::Str)) {
        std::string s = str_of(v);
        if (s == "O" || s == "|O" || s == "object" || s == "object_" || s == "O8" || s == "str" || s == "str_" || s == "unicode") return true;
        size_t i = (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|')) ? 1 : 0;
        if (i >= s.size() || s[i] != 'U') return false;
        for (size_t k = i + 1; k < s.size(); ++k)
            if (s[k] < '0' || s[k] > '9') return false;
        return true;
    }
    const Value* tag = type_of(v)->lookup("_kiln_numpy_virtual");
    return tag && tag->is(Kind::Str) && str_of(*tag) == "dtype";
}

std::optional<DType> to_np_dtype(const Value& v) {
    if (v.is_null() || v.is_none()) return std::nullopt;
    if (auto* d = native_cast<DTypeObj>(v)) return d->dt;
    if (v.is(Kind::Type)) {
        Type* t = v.get<Type>();
        for (int i = 0; i < kNumDTypes; ++i)
            if (g_scalar[i] == t) return DType(i);
        if (t == T().float_) return DType::Float64;
        if (t == T().int_) return DType::Int64;
        if (t == T().bool_) return DType::Bool;
        if (t == complex_type()) return DType::Complex128;
        if (t == T().object) unsupported_object_dtype();
        for (auto& [name, ty] : g_unsupported)
            if (ty == t) unsupported_dtype(name);
    }
    if (v.is(Kind::Str)) {
        const std::string& s = str_of(v);
        if (auto d = dtype_from_name(s)) return d;
        if (s == "O" || s == "|O" || s == "object" || s == "object_" || s == "O8") unsupported_object_dtype();
        for (auto& [name, ty] : g_unsupported)
            if (name == s) unsupported_dtype(name);
        raise(T().TypeError, str("data type '", s, "' not understood"));
    }
    if (is_dtype(v)) raise(T().TypeError, str("Cannot interpret '", dtype_name(to_dtype(v)), "' as a data type"));
    raise(T().TypeError, str("Cannot interpret '", type_name(v), "' object as a data type"));
}

// ---- conversion of Python data -----------------------------------------------------------------------------

struct Leaf {
    int64_t i = 0;
    double d = 0;
    bool py_int = false;  // a Python int: NumPy 2 refuses one outside the array's integer dtype (NEP 50)
    double im = 0;        // the imaginary part of a complex element
    bool py_float = false;  // a Python float: stored into an integer dtype as int(x) (check_int_of_float)
};

// A Python float stored into an integer array (np.array([x], dtype=np.int64), np.full(n, x, int),
// np.int64(x)) goes through int(x) as NumPy's setitem does (MyPyLong_AsLong): NaN and infinity are
// int()'s errors and a value past int64 is the C long's, never a silent INT64_MIN or 0 (an array
// cast, a.astype(int), is C's conversion instead).
void check_int_of_float(double d) {
    if (std::isnan(d)) raise(T().ValueError, "cannot convert float NaN to integer");
    if (std::isinf(d)) raise(T().OverflowError, "cannot convert float infinity to integer");
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        raise(T().OverflowError, "Python int too large to convert to C long");
}

struct Walk {
    Shape shape;
    std::vector<Leaf> values;
    std::optional<DType> dt;
    bool shape_known = false;

    void note(DType d) { dt = dt ? promote(*dt, d) : d; }

    void add_tensor(const Tensor& src) {
        Tensor c = contiguous(src.host_snapshot());
        note(c.dtype());
        if (c.is_complex()) {
            Tensor parts = contiguous(to_dtype(complex_as_real_raw(c), DType::Float64));
            const double* p = parts.data_ptr<double>();
            for (int64_t k = 0; k < c.numel(); ++k) values.push_back({int64_t(0), p[2 * k], false, p[2 * k + 1]});
            return;
        }
        Tensor dd = to_dtype(c, DType::Float64);
        const double* p = dd.data_ptr<double>();
        if (dtype_is_integral(c.dtype(), false)) {
            Tensor wide = to_dtype(c, DType::Int64);
            const int64_t* q = wide.data_ptr<int64_t>();
            for (int64_t k = 0; k < c.numel(); ++k) values.push_back({q[k], double(q[k])});
        } else {
            for (int64_t k = 0; k < c.numel(); ++k) values.push_back({int64_t(p[k]), p[k]});
        }
    }

    // The shape of one element (ndarray, tensor, sequence) as NumPy discovers it.
    // Walked down the first items (no recursion: a list nested 10**6 deep is one loop). Past NumPy's
    // NPY_MAXDIMS (64) nested sequences it is array_coercion.c's ValueError, not an array of
    // thousands of dimensions.
    static Shape shape_of(const Value& top) {
        Shape s;
        Value v = top;
        for (;;) {
            const bool seq = as_nd(v) || v.as<TensorObj>() || v.as<Range>() || v.is(Kind::List) || v.is(Kind::Tuple);
            if (seq && s.size() >= 64)
                raise(T().ValueError, "setting an array element with a sequence. The requested array would exceed the "
                                      "maximum number of dimension of 64.");
            Shape inner;
            if (auto* n = as_nd(v)) inner = n->t.sizes();
            else if (auto* t = v.as<TensorObj>()) inner = t->tensor.sizes();
            else if (auto* r = v.as<Range>()) inner = {r->length()};  // a range is a sequence of ints to NumPy
            if (!inner.empty() || as_nd(v) || v.as<TensorObj>() || v.as<Range>()) {
                if (s.size() + inner.size() > 64)
                    raise(T().ValueError, "setting an array element with a sequence. The requested array would exceed "
                                          "the maximum number of dimension of 64.");
                s.insert(s.end(), inner.begin(), inner.end());
                return s;
            }
            if (!(v.is(Kind::List) || v.is(Kind::Tuple))) return s;
            const auto& items = v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
            s.push_back(int64_t(items.size()));
            if (items.empty()) return s;
            Value next = items[0];
            v = next;
        }
    }

    void store(const Value& v, size_t dim) {
        if (auto* n = as_nd(v)) {
            check(n->t.sizes(), dim);
            add_tensor(n->t);
            return;
        }
        if (auto* t = v.as<TensorObj>()) {
            if (t->tensor.requires_grad())
                raise(T().RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
            check(t->tensor.sizes(), dim);
            add_tensor(t->tensor);
            return;
        }
        if (auto* r = v.as<Range>()) {
            if (dim + 1 != shape.size() || shape[dim] != r->length()) inhomogeneous(dim);
            if (r->length() > 0) note(DType::Int64);  // an empty range adds no element: float64 as []
            for (int64_t k = 0, x = r->start; k < r->length(); ++k, x += r->step) values.push_back({x, double(x), true});
            return;
        }
        if (v.is(Kind::List) || v.is(Kind::Tuple)) {
            const auto& items = v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
            if (dim >= shape.size() || shape[dim] != int64_t(items.size())) inhomogeneous(dim);
            for (const Value& x : items) store(x, dim + 1);
            return;
        }
        if (dim != shape.size()) inhomogeneous(dim);
        if (v.is_bool()) {
            note(DType::Bool);
            values.push_back({v.as_bool(), double(v.as_bool())});
        } else if (v.is_int()) {
            note(DType::Int64);
            values.push_back({v.as_int(), double(v.as_int()), true});
        } else if (v.is_float()) {
            note(DType::Float64);
            values.push_back({0, v.as_float()});
            double d = v.as_float();
            values.back().i = (d > -9.2e18 && d < 9.2e18) ? int64_t(d) : 0;
            values.back().py_float = true;
        } else if (double re, im; v.is_obj() && complex_parts(v, re, im)) {
            note(DType::Complex128);
            values.push_back({0, re, false, im});
        } else if (v.is_none()) {
            raise(T().TypeError, "float() argument must be a string or a real number, not 'NoneType'");
        } else {
            raise(T().TypeError, str("Kiln's numpy cannot make an array of '", type_name(v),
                                     "' objects (object arrays are not supported)"));
        }
    }

    void check(const Shape& s, size_t dim) {
        for (size_t k = 0; k < s.size(); ++k)
            if (dim + k >= shape.size() || shape[dim + k] != s[k]) inhomogeneous(dim);
        if (dim + s.size() != shape.size()) inhomogeneous(dim);
    }

    [[noreturn]] void inhomogeneous(size_t dim) const {
        std::string s = "(";
        for (size_t k = 0; k < dim && k < shape.size(); ++k) s += (k ? ", " : "") + std::to_string(shape[k]);
        if (dim == 1) s += ",";
        s += ")";
        raise(T().ValueError, str("setting an array element with a sequence. The requested array has an inhomogeneous shape after ",
                                  dim, " dimensions. The detected shape was ", s, " + inhomogeneous part."));
    }
};

Tensor build(const std::vector<Leaf>& values, const Shape& shape, DType dt) {
    if (dtype_is_narrow_int(dt))
        for (const Leaf& l : values)
            if (l.py_int && (l.i < dtype_int_min(dt) || l.i > dtype_int_max(dt)))
                raise(T().OverflowError, str("Python integer ", l.i, " out of bounds for ", np_name(dt)));
    if (dtype_is_integral(dt, false))
        for (const Leaf& l : values)
            if (l.py_float) check_int_of_float(l.d);
    Tensor out = Tensor::empty(shape, dt);
    if (dtype_is_complex(dt)) {
        // the (re, im) pairs in float64, then one cast to the array's dtype
        Tensor parts = Tensor::empty(Shape{int64_t(values.size()), 2}, DType::Float64);
        double* q = parts.data_ptr<double>();
        for (size_t i = 0; i < values.size(); ++i) {
            q[2 * i] = values[i].d;
            q[2 * i + 1] = values[i].im;
        }
        Tensor dst = complex_as_real_raw(reshape(out, {-1}));
        copy_(dst, to_dtype(parts, dtype_to_real(dt)));
        return out;
    }
    dispatch_dtype(dt, [&](auto tag) {
        using S = typename decltype(tag)::type;
        S* p = out.data_ptr<S>();
        for (size_t i = 0; i < values.size(); ++i) {
            if constexpr (std::is_same_v<S, bool>)
                p[i] = values[i].d != 0;
            else if constexpr (std::is_integral_v<S>)
                p[i] = S(values[i].i);  // narrow ints keep the low bits (np.array([300]).astype(np.uint8))
            else if constexpr (std::is_same_v<S, double>)
                p[i] = values[i].d;
            else
                p[i] = S(float(values[i].d));
        }
    });
    return out;
}

// NumPy takes any object with the sequence protocol (__len__ and __getitem__) as a sequence: a
// collections.deque of returns (np.mean(deque)), a user Sequence class. Such objects (instances of
// Python classes; lists, tuples and ranges are walked as they are) become lists of their items,
// nested ones too, before the walk; strings and mappings stay scalars as in NumPy.
Value sequences_as_lists(const Value& v) {
    if (v.is(Kind::List) || v.is(Kind::Tuple)) {
        const auto& items = v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
        bool changed = false;
        std::vector<Value> out;
        out.reserve(items.size());
        for (const Value& x : items) {
            out.push_back(sequences_as_lists(x));
            changed = changed || !out.back().identical(x);
        }
        return changed ? new_list(std::move(out)) : v;
    }
    if (!v.is(Kind::Instance)) return v;
    Type* t = type_of(v);
    // NumPy's array protocol: an object with __array__ is the array it returns.
    if (t->lookup("__array__")) return current_interpreter().call_method(v, "__array__", {});
    if (!t->lookup("__len__") || !t->lookup("__getitem__") || t->lookup("keys")) return v;
    Interpreter& in = current_interpreter();
    std::vector<Value> items = to_vector(in, v);
    for (Value& x : items) x = sequences_as_lists(x);
    return new_list(std::move(items));
}

// np.array(data, dtype): always a new array.
Tensor from_data(const Value& data_in, std::optional<DType> dt) {
    if (auto* n = as_nd(data_in)) return clone(cast(n->t, dt.value_or(n->t.dtype())));
    Value data = sequences_as_lists(data_in);
    if (auto* n = as_nd(data)) return clone(cast(n->t, dt.value_or(n->t.dtype())));
    Walk w;
    w.shape = Walk::shape_of(data);
    w.store(data, 0);
    DType d = dt.value_or(w.dt.value_or(DType::Float64));
    return build(w.values, w.shape, d);
}

// np.asarray: the array itself when it has the dtype asked for.
Tensor to_arr(const Value& v, std::optional<DType> dt = std::nullopt) {
    if (auto* n = as_nd(v)) return cast(n->t, dt.value_or(n->t.dtype()));
    if (auto* t = v.as<TensorObj>()) {
        if (t->tensor.requires_grad())
            raise(T().RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
        if (t->tensor.device() != Device::CPU)
            raise(T().TypeError, str("can't convert ", t->tensor.device() == Device::CUDA ? "cuda:0" : device_name(t->tensor.device()),
                                     " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."));
        return cast(ndarray_tensor(ndarray_from_tensor(t->tensor)), dt.value_or(t->tensor.dtype()));
    }
    return from_data(v, dt);
}

// ---- NumPy's fromnumeric dispatch on objects that are not ndarrays ----------------------------------------
// np.argmax(obj, ...), np.sum(obj), np.round(obj), ... on a torch.Tensor or any object with a method of
// that name call the method, as numpy/_core/fromnumeric.py does: _wrapfunc (argmax, argsort, round, clip,
// cumsum, transpose, reshape, nonzero, ...) falls back to the ndarray method on np.asarray(obj) when the
// call raises TypeError (_wrapit) and hands the result to obj.__array_wrap__ (a Tensor's makes a tensor of
// it again); _wrapreduction (sum, prod, max, min, any, all), mean, std and var let the method's errors
// through, and squeeze only looks for the method.

struct MethodCall {
    std::vector<Value> args;
    std::vector<std::pair<std::string, Value>> kwargs;
};

Value call_method_with(Interpreter& in, const Value& f, const MethodCall& c) {
    std::vector<Value> vals = c.args;
    std::vector<Value> names;
    for (const auto& [k, x] : c.kwargs) {
        vals.push_back(x);
        names.push_back(new_str(k));
    }
    Value kwnames = new_tuple(std::move(names));
    CallArgs ca;
    ca.args = vals.data();
    ca.nargs = c.args.size();
    ca.kwvalues = vals.data() + c.args.size();
    ca.nkw = c.kwargs.size();
    ca.kwnames = kwnames.get<Tuple>();
    return in.call(f, ca);
}

bool is_type_error(const PyError& e) { return isinstance(e.exc, T().TypeError); }

// The object's own method called as NumPy calls it; nullopt when `obj` is an ndarray, has no such
// method or (catch_type_error: _wrapfunc) the call raised TypeError.
std::optional<Value> own_method(Interpreter& in, const Value& obj, const std::string& method, const MethodCall& c,
                                bool catch_type_error) {
    if (as_nd(obj)) return std::nullopt;
    Value bound = getattr_or_null(in, obj, method);
    if (bound.is_null()) return std::nullopt;
    if (!catch_type_error) return call_method_with(in, bound, c);
    try {
        return call_method_with(in, bound, c);
    } catch (PyError& e) {
        if (!is_type_error(e)) throw;
    } catch (kiln::Error& e) {
        if (e.kind() != ErrorKind::TypeError) throw;
    }
    return std::nullopt;
}

// _wrapit's last step: obj.__array_wrap__(result) for an object that defines one (to_scalar=False: a
// scalar result becomes a 0-d array first). NumPy 2 passes (arr, context, return_scalar) and retries
// with fewer arguments for older signatures such as torch.Tensor's __array_wrap__(self, array).
Value array_wrap(Interpreter& in, const Value& obj, const Value& result) {
    if (as_nd(obj)) return result;
    Value wrap = getattr_or_null(in, obj, "__array_wrap__");
    if (wrap.is_null()) return result;
    Value arr = as_nd(result) ? result : wrap_array(to_arr(result));
    std::vector<std::vector<Value>> tries = {{arr, Value::none(), Value::boolean(false)}, {arr, Value::none()}, {arr}};
    for (size_t i = 0; i < tries.size(); ++i) {
        try {
            return in.call(wrap, tries[i]);
        } catch (PyError& e) {
            if (!is_type_error(e) || i + 1 == tries.size()) throw;
        }
    }
    return result;
}

// ---- operands with NumPy's promotion ----------------------------------------------------------------------

struct Operand {
    Tensor t;
    int weak = -1;  // kind of a Python number (0 bool, 1 int, 2 float, 3 complex), -1 for arrays and NumPy scalars
    Scalar s;
};

bool operand(const Value& v, Operand& o) {
    if (auto* n = as_nd(v)) {
        o.t = n->t;
        return true;
    }
    if (v.is_bool()) {
        o.weak = 0;
        o.s = Scalar(v.as_bool());
    } else if (v.is_int()) {
        o.weak = 1;
        o.s = Scalar(v.as_int());
    } else if (v.is_float()) {
        o.weak = 2;
        o.s = Scalar(v.as_float());
    } else if (double re, im; v.is_obj() && !as_nd(v) && complex_parts(v, re, im)) {
        o.weak = 3;
        o.s = Scalar::complex(re, im);
    } else if (v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::Range)) {
        o.t = from_data(v, std::nullopt);
        return true;
    } else {
        return false;
    }
    return true;
}

Operand operand_or_raise(const Value& v) {
    Operand o;
    if (!operand(v, o)) {
        if (v.is(Kind::Tensor)) {
            o.t = to_arr(v);
            return o;
        }
        raise(T().TypeError, str("unsupported operand type for a NumPy function: '", type_name(v), "'"));
    }
    return o;
}

DType result_dtype(const Operand& a, const Operand& b) {
    if (a.weak < 0 && b.weak < 0) return promote(a.t.dtype(), b.t.dtype());
    if (a.weak >= 0 && b.weak >= 0) {
        int k = std::max(a.weak, b.weak);
        return k == 0 ? DType::Bool : k == 1 ? DType::Int64 : k == 2 ? DType::Float64 : DType::Complex128;
    }
    const Operand& strong = a.weak < 0 ? a : b;
    int wk = a.weak < 0 ? b.weak : a.weak;
    DType d = strong.t.dtype();
    if (wk <= kind_of(d)) return d;
    // NEP 50: a Python complex keeps a float array's precision (float32 * 1j is complex64)
    if (wk == 3) return kind_of(d) == 2 ? dtype_to_complex(d == DType::Float64 ? d : DType::Float32) : DType::Complex128;
    return wk == 2 ? DType::Float64 : DType::Int64;
}

Tensor as_tensor_of(const Operand& o, DType dt) { return o.weak >= 0 ? scalar_tensor_of(o.s, dt) : cast(o.t, dt); }

enum class Bin { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, Max, Min, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, MatMul };

const char* ufunc_name(Bin op) {
    switch (op) {
        case Bin::Add: return "add";
        case Bin::Sub: return "subtract";
        case Bin::Mul: return "multiply";
        case Bin::Div: return "divide";
        case Bin::FloorDiv: return "floor_divide";
        case Bin::Mod: return "remainder";
        case Bin::Pow: return "power";
        case Bin::Max: return "maximum";
        case Bin::Min: return "minimum";
        case Bin::Eq: return "equal";
        case Bin::Ne: return "not_equal";
        case Bin::Lt: return "less";
        case Bin::Le: return "less_equal";
        case Bin::Gt: return "greater";
        case Bin::Ge: return "greater_equal";
        case Bin::And: return "bitwise_and";
        case Bin::Or: return "bitwise_or";
        case Bin::Xor: return "bitwise_xor";
        case Bin::MatMul: return "matmul";
    }
    return "?";
}

Tensor matmul_np(const Tensor& a, const Tensor& b) {
    if (a.dim() == 0 || b.dim() == 0)
        raise(T().ValueError, str("matmul: Input operand ", a.dim() == 0 ? 0 : 1,
                                  " does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)"));
    int64_t ka = a.size(-1), kb = b.dim() == 1 ? b.size(0) : b.size(-2);
    if (ka != kb)
        raise(T().ValueError, str("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size ",
                                  kb, " is different from ", ka, ")"));
    if (dtype_is_integral(a.dtype(), true)) {
        Tensor r = matmul(to_dtype(a, DType::Float64), to_dtype(b, DType::Float64));
        return to_dtype(a.dtype() == DType::Bool ? ne(r, Scalar(0.0)) : r, a.dtype());
    }
    return matmul(a, b);
}

std::string shape_str(const Shape& s) {
    std::string o = "(";
    for (size_t i = 0; i < s.size(); ++i) o += (i ? "," : "") + std::to_string(s[i]);
    return o + (s.size() == 1 ? ",)" : ")");
}

void check_broadcast(const Shape& a, const Shape& b) {
    for (size_t i = 1; i <= std::min(a.size(), b.size()); ++i) {
        int64_t x = a[a.size() - i], y = b[b.size() - i];
        if (x != y && x != 1 && y != 1)
            raise(T().ValueError, str("operands could not be broadcast together with shapes ", shape_str(a), " ", shape_str(b), " "));
    }
}

// NumPy's complex loops: arithmetic and equality through Kiln's complex tensor ops, orderings
// (less, maximum, ...) lexicographic on (real, imag) as NumPy's CLT/CGT macros compare; the integer-only
// ufuncs have no complex loop.
Tensor complex_binary(Bin op, const Operand& a, const Operand& b, DType dt) {
    if (op == Bin::FloorDiv || op == Bin::Mod || op == Bin::And || op == Bin::Or || op == Bin::Xor)
        raise(T().TypeError, str("ufunc '", ufunc_name(op), "' not supported for the input types, and the inputs could "
                                 "not be safely coerced to any supported types according to the casting rule ''safe''"));
    if (op == Bin::Pow && b.weak >= 0) return pow(as_tensor_of(a, dt), b.s);
    Tensor x = as_tensor_of(a, dt), y = as_tensor_of(b, dt);
    if (op != Bin::MatMul) check_broadcast(x.sizes(), y.sizes());
    auto less = [](const Tensor& p, const Tensor& q, bool or_equal) {
        Tensor pr = real(p), pi = imag(p), qr = real(q), qi = imag(q);
        return logical_or(lt(pr, qr), logical_and(eq(pr, qr), or_equal ? le(pi, qi) : lt(pi, qi)));
    };
    switch (op) {
        case Bin::Add: return add(x, y);
        case Bin::Sub: return sub(x, y);
        case Bin::Mul: return mul(x, y);
        case Bin::Div: return div(x, y);
        case Bin::Pow: return pow(x, y);
        case Bin::Eq: return eq(x, y);
        case Bin::Ne: return ne(x, y);
        case Bin::Lt: return less(x, y, false);
        case Bin::Le: return less(x, y, true);
        case Bin::Gt: return less(y, x, false);
        case Bin::Ge: return less(y, x, true);
        case Bin::Max: return where(less(y, x, true), x, y);
        case Bin::Min: return where(less(x, y, true), x, y);
        case Bin::MatMul: return matmul_np(x, y);
        default: break;
    }
    return Tensor();
}

// NumPy's integer floor_divide and remainder by zero: 0 where the divisor is 0, with the ufunc's
// "divide by zero encountered in ..." RuntimeWarning (npy_set_floatstatus_divbyzero), not the
// ZeroDivisionError a torch integer division raises.
Tensor int_div_by_zero_as_numpy(Bin op, const Tensor& x, const Tensor& y) {
    auto run = [op](const Tensor& p, const Tensor& q) { return op == Bin::FloorDiv ? floor_divide(p, q) : remainder(p, q); };
    Tensor zero = eq(y, Scalar(int64_t(0)));
    if (!kiln::any(zero).item().to_bool()) return run(x, y);
    emit_warning(current_interpreter(), new_str(str("divide by zero encountered in ", ufunc_name(op))), T().RuntimeWarning);
    Tensor r = run(x, where(zero, Scalar(int64_t(1)), y));
    return where(zero, Scalar(int64_t(0)), r);
}

Tensor binary_tensor(Bin op, const Operand& a, const Operand& b) {
    DType dt = result_dtype(a, b);
    if (op == Bin::Div && kind_of(dt) < 2) dt = DType::Float64;
    if (op == Bin::Sub && dt == DType::Bool)
        raise(T().TypeError,
              "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
    // NEP 50: a Python int meeting an integer array must fit its dtype (uint16 array + 70000 is an
    // OverflowError); comparisons take any int (NumPy 2 compares out-of-range ints by value).
    const bool compare = op == Bin::Eq || op == Bin::Ne || op == Bin::Lt || op == Bin::Le || op == Bin::Gt || op == Bin::Ge;
    if (!compare && dtype_is_narrow_int(dt))
        for (const Operand* o : {&a, &b})
            if (o->weak == 1 && (o->s.to_int() < dtype_int_min(dt) || o->s.to_int() > dtype_int_max(dt)))
                raise(T().OverflowError, str("Python integer ", o->s.to_int(), " out of bounds for ", np_name(dt)));
    if (kind_of(dt) == 3) return complex_binary(op, a, b, dt);
    Tensor x = as_tensor_of(a, dt), y = as_tensor_of(b, dt);
    if (op != Bin::MatMul) check_broadcast(x.sizes(), y.sizes());
    switch (op) {
        case Bin::Add: return dt == DType::Bool ? logical_or(x, y) : add(x, y);
        case Bin::Sub: return sub(x, y);
        case Bin::Mul: return dt == DType::Bool ? logical_and(x, y) : mul(x, y);
        case Bin::Div: return div(x, y);
        case Bin::FloorDiv:
            if (dt == DType::Bool) return to_dtype(logical_and(x, y), DType::Int64);
            return kind_of(dt) == 1 ? int_div_by_zero_as_numpy(op, x, y) : floor_divide(x, y);
        case Bin::Mod: return kind_of(dt) == 1 ? int_div_by_zero_as_numpy(op, x, y) : remainder(x, y);
        case Bin::Pow: {
            if (kind_of(dt) == 1) {
                Tensor yc = contiguous(y);
                for (int64_t v : yc.to_int_vector())
                    if (v < 0) raise(T().ValueError, "Integers to negative integer powers are not allowed.");
            }
            return pow(x, y);
        }
        case Bin::Max: return maximum(x, y);
        case Bin::Min: return minimum(x, y);
        case Bin::Eq: return eq(x, y);
        case Bin::Ne: return ne(x, y);
        case Bin::Lt: return lt(x, y);
        case Bin::Le: return le(x, y);
        case Bin::Gt: return gt(x, y);
        case Bin::Ge: return ge(x, y);
        case Bin::And:
        case Bin::Or:
        case Bin::Xor:
            if (dt == DType::Bool) return op == Bin::And ? logical_and(x, y) : op == Bin::Or ? logical_or(x, y) : logical_xor(x, y);
            if (kind_of(dt) == 2)
                raise(T().TypeError, str("ufunc '", ufunc_name(op), "' not supported for the input types, and the inputs could "
                                         "not be safely coerced to any supported types according to the casting rule ''safe''"));
            return op == Bin::And ? bitwise_and(x, y) : op == Bin::Or ? bitwise_or(x, y) : bitwise_xor(x, y);
        case Bin::MatMul: return matmul_np(x, y);
    }
    return Tensor();
}


// ---- unary ufuncs ------------------------------------------------------------------------------------------

template <typename F>
Tensor map_float(const Tensor& in, F f) {
    if (in.is_complex()) raise(T().TypeError, "this NumPy function has no complex loop (in Kiln or NumPy) for a complex array");
    DType dt = kind_of(in.dtype()) < 2 ? DType::Float64 : in.dtype();
    Tensor x = contiguous(cast(in, dt));
    if (dt == DType::Float16 || dt == DType::BFloat16) return to_dtype(map_float(to_dtype(x, DType::Float32), f), dt);
    Tensor out = Tensor::empty(x.sizes(), dt);
    int64_t n = x.numel();
    if (dt == DType::Float64) {
        const double* p = x.data_ptr<double>();
        double* q = out.data_ptr<double>();
        for (int64_t i = 0; i < n; ++i) q[i] = f(p[i]);
    } else {
        const float* p = x.data_ptr<float>();
        float* q = out.data_ptr<float>();
        for (int64_t i = 0; i < n; ++i) q[i] = f(p[i]);
    }
    return out;
}

// The float binary ufuncs (arctan2, hypot, nextafter, ...): both operands promoted as arithmetic
// promotes them (NEP 50 for Python numbers), integers and bools computed in float64, then
// broadcast; F is called with the dtype's own C type, as NumPy's loops call atan2f for float32.
template <typename F>
Tensor map_float2(const Operand& a, const Operand& b, F f) {
    DType dt = result_dtype(a, b);
    if (kind_of(dt) < 2) dt = DType::Float64;
    if (kind_of(dt) == 3) raise(T().TypeError, "this NumPy function has no complex loop (in Kiln or NumPy) for complex arrays");
    Tensor x = as_tensor_of(a, dt), y = as_tensor_of(b, dt);
    check_broadcast(x.sizes(), y.sizes());
    if (dt == DType::Float16 || dt == DType::BFloat16) {
        Operand a32{to_dtype(x, DType::Float32), -1, Scalar()}, b32{to_dtype(y, DType::Float32), -1, Scalar()};
        return to_dtype(map_float2(a32, b32, f), dt);
    }
    Shape s = broadcast_shapes(x.sizes(), y.sizes());
    x = contiguous(expand(x, s));
    y = contiguous(expand(y, s));
    Tensor out = Tensor::empty(s, dt);
    int64_t n = out.numel();
    if (dt == DType::Float64) {
        const double *p = x.data_ptr<double>(), *q = y.data_ptr<double>();
        double* o = out.data_ptr<double>();
        for (int64_t i = 0; i < n; ++i) o[i] = f(p[i], q[i]);
    } else {
        const float *p = x.data_ptr<float>(), *q = y.data_ptr<float>();
        float* o = out.data_ptr<float>();
        for (int64_t i = 0; i < n; ++i) o[i] = f(p[i], q[i]);
    }
    return out;
}

// npy_logaddexp / npy_logaddexp2: the larger operand plus log1p of the smaller's exponential, so
// neither overflows; equal operands (infinities included) add log(2) (one, in base 2).
template <typename S>
S np_logaddexp(S x, S y) {
    if (x == y) return x + S(0.693147180559945309417232121458176568);
    S d = x - y;
    if (d > 0) return x + std::log1p(std::exp(-d));
    if (d <= 0) return y + std::log1p(std::exp(d));
    return d;  // nan
}
template <typename S>
S np_logaddexp2(S x, S y) {
    const S log2e = S(1.442695040888963407359924681001892137);
    if (x == y) return x + 1;
    S d = x - y;
    if (d > 0) return x + log2e * std::log1p(std::exp2(-d));
    if (d <= 0) return y + log2e * std::log1p(std::exp2(d));
    return d;
}
template <typename S>
S np_heaviside(S x, S h0) {
    if (std::isnan(x)) return x;
    return x < 0 ? S(0) : x > 0 ? S(1) : h0;
}

// The complex loops of the unary ufuncs that have one (NumPy's npy_cexp, npy_csqrt, ... are the C
// library's cexp, csqrt, ...: std::complex's functions here), in the array's precision: complex64 in
// std::complex<float> as NumPy's float loops, complex128 in std::complex<double>. nullptr: no complex
// loop (floor, rint, cbrt, deg2rad, ...: NumPy's "not supported for the input types").
using ComplexFn = std::complex<double> (*)(std::complex<double>);
using ComplexFnF = std::complex<float> (*)(std::complex<float>);
struct ComplexUnary {
    ComplexFn d = nullptr;
    ComplexFnF f = nullptr;
};

template <typename R>
std::complex<R> c_log2(std::complex<R> z) { return std::log(z) / std::log(R(2)); }
template <typename R>
std::complex<R> c_log1p(std::complex<R> z) { return std::log(std::complex<R>(1) + z); }
template <typename R>
std::complex<R> c_expm1(std::complex<R> z) { return std::exp(z) - std::complex<R>(1); }
template <typename R>
std::complex<R> c_exp2(std::complex<R> z) { return std::exp(z * std::log(R(2))); }

ComplexUnary complex_unary_of(const std::string& name) {
#define KILN_NP_C(NAME, EXPR) \
    if (name == NAME) return {[](std::complex<double> z) { return EXPR; }, [](std::complex<float> z) { return EXPR; }}
    KILN_NP_C("exp", std::exp(z));
    KILN_NP_C("log", std::log(z));
    KILN_NP_C("sqrt", std::sqrt(z));
    KILN_NP_C("sin", std::sin(z));
    KILN_NP_C("cos", std::cos(z));
    KILN_NP_C("tan", std::tan(z));
    KILN_NP_C("tanh", std::tanh(z));
    KILN_NP_C("sinh", std::sinh(z));
    KILN_NP_C("cosh", std::cosh(z));
    KILN_NP_C("arcsin", std::asin(z));
    KILN_NP_C("arccos", std::acos(z));
    KILN_NP_C("arctan", std::atan(z));
    KILN_NP_C("arcsinh", std::asinh(z));
    KILN_NP_C("arccosh", std::acosh(z));
    KILN_NP_C("arctanh", std::atanh(z));
    KILN_NP_C("log10", std::log10(z));
    KILN_NP_C("log2", c_log2(z));
    KILN_NP_C("log1p", c_log1p(z));
    KILN_NP_C("expm1", c_expm1(z));
    KILN_NP_C("exp2", c_exp2(z));
#undef KILN_NP_C
    return {};
}

[[noreturn]] void no_complex_loop(const std::string& name) {
    raise(T().TypeError, str("ufunc '", name, "' not supported for the input types, and the inputs could not be safely coerced "
                             "to any supported types according to the casting rule ''safe''"));
}

Tensor map_complex(const Tensor& in, const std::string& name) {
    ComplexUnary fn = complex_unary_of(name);
    if (!fn.d) no_complex_loop(name);
    Tensor x = contiguous(in.host_snapshot());
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    Tensor xr = contiguous(complex_as_real_raw(x)), outr = complex_as_real_raw(out);
    auto run = [n = x.numel()](const auto* p, auto* q, auto f) {
        for (int64_t i = 0; i < n; ++i) {
            const auto r = f({p[2 * i], p[2 * i + 1]});
            q[2 * i] = r.real();
            q[2 * i + 1] = r.imag();
        }
    };
    if (x.dtype() == DType::Complex64)
        run(xr.data_ptr<float>(), outr.data_ptr<float>(), fn.f);
    else
        run(xr.data_ptr<double>(), outr.data_ptr<double>(), fn.d);
    return out;
}

// ---- reductions in NumPy's order ----------------------------------------------------------------------------

template <typename S>
S pairwise(const S* a, int64_t n) {
    if (n < 8) {
        S r = 0;
        for (int64_t i = 0; i < n; ++i) r += a[i];
        return r;
    }
    if (n <= 128) {
        S r[8];
        for (int k = 0; k < 8; ++k) r[k] = a[k];
        int64_t i = 8;
        for (; i < n - (n % 8); i += 8)
            for (int k = 0; k < 8; ++k) r[k] += a[i + k];
        S res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += a[i];
        return res;
    }
    int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, n2) + pairwise(a + n2, n - n2);
}

// NumPy's complex pairwise_sum (loops_utils.h.src): over the interleaved (re, im) values, blocks of
// 4 complex numbers with one partial sum per part and slot, n counting complex values.
template <typename S>
void pairwise_complex(const S* a, int64_t n, S& rr, S& ri) {
    if (n < 4) {
        rr = -0.0;
        ri = -0.0;
        for (int64_t j = 0; j < n; ++j) {
            rr += a[2 * j];
            ri += a[2 * j + 1];
        }
        return;
    }
    if (n <= 64) {
        S r[8];
        for (int k = 0; k < 8; ++k) r[k] = a[k];
        int64_t j = 4;
        for (; j < n - (n % 4); j += 4)
            for (int k = 0; k < 8; ++k) r[k] += a[2 * j + k];
        rr = (r[0] + r[2]) + (r[4] + r[6]);
        ri = (r[1] + r[3]) + (r[5] + r[7]);
        for (; j < n; ++j) {
            rr += a[2 * j];
            ri += a[2 * j + 1];
        }
        return;
    }
    int64_t n2 = n;  // NumPy halves the count of reals (2n) and rounds down to a multiple of 8
    n2 -= n2 % 8;
    n2 /= 2;
    S rr1, ri1, rr2, ri2;
    pairwise_complex(a, n2, rr1, ri1);
    pairwise_complex(a + 2 * n2, n - n2, rr2, ri2);
    rr = rr1 + rr2;
    ri = ri1 + ri2;
}

template <typename S>
S chunked_sum(const S* a, int64_t n) {
    S acc = 0;
    for (int64_t s = 0; s < n; s += 8192) acc += pairwise(a + s, std::min<int64_t>(8192, n - s));
    return acc;
}

std::vector<int64_t> axes_of(const Value& axis, int64_t ndim) {
    std::vector<int64_t> ax;
    if (is_none(axis)) {
        for (int64_t i = 0; i < ndim; ++i) ax.push_back(i);
        return ax;
    }
    std::vector<Value> items;
    if (axis.is(Kind::Tuple) || axis.is(Kind::List))
        items = axis.is(Kind::Tuple) ? axis.get<Tuple>()->items : axis.get<List>()->items;
    else
        items = {axis};
    for (const Value& v : items) {
        int64_t a = is_scalar_obj(v) ? as_nd(v)->t.item().to_int() : to_int(v, "axis");
        if (a < -ndim || a >= ndim) {
            // numpy.exceptions.AxisError (a ValueError and an IndexError), numpy.py's class when loaded
            std::string msg = str("axis ", a, " is out of bounds for array of dimension ", ndim);
            const Value* axis_error = current_interpreter().import_module("numpy")->dict.find("AxisError");
            if (axis_error && axis_error->as<Type>()) raise(axis_error->as<Type>(), msg);
            raise(T().IndexError, msg);
        }
        if (a < 0) a += ndim;
        if (std::find(ax.begin(), ax.end(), a) != ax.end()) raise(T().ValueError, "duplicate value in 'axis'");
        ax.push_back(a);
    }
    std::sort(ax.begin(), ax.end());
    return ax;
}

// Moves the reduced axes last: returns [kept..., reduced...] contiguous, the kept shape, K, and
// whether the reduced axes were the trailing ones (NumPy then sums them pairwise).
struct ReduceLayout {
    Tensor x;
    Shape kept;
    Shape keepdims_shape;
    int64_t m = 1, k = 1;
    bool trailing = true;
};

ReduceLayout layout(const Tensor& t, const std::vector<int64_t>& ax) {
    ReduceLayout l;
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < t.dim(); ++i)
        if (std::find(ax.begin(), ax.end(), i) == ax.end()) {
            perm.push_back(i);
            l.kept.push_back(t.size(i));
            l.m *= t.size(i);
        }
    for (int64_t a : ax) {
        perm.push_back(a);
        l.k *= t.size(a);
    }
    for (size_t i = 0; i < ax.size(); ++i)
        if (ax[i] != t.dim() - int64_t(ax.size()) + int64_t(i)) l.trailing = false;
    for (int64_t i = 0; i < t.dim(); ++i)
        l.keepdims_shape.push_back(std::find(ax.begin(), ax.end(), i) == ax.end() ? t.size(i) : 1);
    l.x = contiguous(permute(t, perm));
    return l;
}

Tensor finish(Tensor r, const ReduceLayout& l, bool keepdims) { return reshape(r, keepdims ? l.keepdims_shape : l.kept); }

// np.sum in dtype `acc` (the input cast to it first).
Tensor np_sum(const Tensor& in, const std::vector<int64_t>& ax, bool keepdims, DType acc) {
    // NumPy's iterator buffers (chunks of 8192) only when the input must be cast to the accumulator
    // dtype; otherwise its inner loop grows over the whole reduced extent and pairwise_sum sees it all
    // (20000 float64 gammas: 6149.097703551245 whole vs ...244 chunked, NumPy 2.5.2 gives the former).
    const bool chunk = in.dtype() != acc;
    ReduceLayout l = layout(cast(in, acc), ax);
    Tensor out = Tensor::empty({l.m}, acc);
    if (dtype_is_complex(acc)) {
        auto run_c = [&](const auto* src, auto* dst) {
            for (int64_t i = 0; i < l.m; ++i) {
                const auto* row = src + 2 * i * l.k;
                if (l.trailing) {
                    pairwise_complex(row, l.k, dst[2 * i], dst[2 * i + 1]);
                } else {
                    dst[2 * i] = dst[2 * i + 1] = 0;
                    for (int64_t j = 0; j < l.k; ++j) {
                        dst[2 * i] += row[2 * j];
                        dst[2 * i + 1] += row[2 * j + 1];
                    }
                }
            }
        };
        Tensor xr = contiguous(complex_as_real_raw(l.x)), outr = complex_as_real_raw(out);
        if (acc == DType::Complex128)
            run_c(xr.data_ptr<double>(), outr.data_ptr<double>());
        else
            run_c(xr.data_ptr<float>(), outr.data_ptr<float>());
        return finish(out, l, keepdims);
    }
    auto run = [&](auto* src, auto* dst) {
        using S = std::remove_pointer_t<decltype(dst)>;
        for (int64_t i = 0; i < l.m; ++i) {
            const S* row = src + i * l.k;
            if (l.trailing || std::is_integral_v<S>) {
                dst[i] = chunk ? chunked_sum(row, l.k) : pairwise(row, l.k);
            } else {
                S acc_v = 0;
                for (int64_t j = 0; j < l.k; ++j) acc_v += row[j];
                dst[i] = acc_v;
            }
        }
    };
    if (acc == DType::Float64)
        run(l.x.data_ptr<double>(), out.data_ptr<double>());
    else if (acc == DType::Float32)
        run(l.x.data_ptr<float>(), out.data_ptr<float>());
    else if (acc == DType::Int64)
        run(l.x.data_ptr<int64_t>(), out.data_ptr<int64_t>());
    else
        return to_dtype(np_sum(to_dtype(in, DType::Float32), ax, keepdims, DType::Float32), acc);
    return finish(out, l, keepdims);
}

DType sum_dtype(DType d) { return kind_of(d) < 2 ? DType::Int64 : d; }
DType mean_dtype(DType d) { return kind_of(d) < 2 ? DType::Float64 : d; }

int64_t count_of(const Tensor& t, const std::vector<int64_t>& ax) {
    int64_t n = 1;
    for (int64_t a : ax) n *= t.size(a);
    return n;
}

Tensor np_mean(const Tensor& t, const std::vector<int64_t>& ax, bool keepdims) {
    DType acc = mean_dtype(t.dtype());
    Tensor s = np_sum(t, ax, keepdims, acc);
    return div(s, scalar_tensor_of(Scalar(double(count_of(t, ax))), acc));
}

Tensor np_var(const Tensor& t, const std::vector<int64_t>& ax, bool keepdims, double ddof) {
    DType acc = mean_dtype(t.dtype());
    Tensor m = div(np_sum(t, ax, true, acc), scalar_tensor_of(Scalar(double(count_of(t, ax))), acc));
    Tensor x = sub(cast(t, acc), m);
    x = mul(x, x);
    Tensor s = np_sum(x, ax, keepdims, acc);
    double n = std::max(double(count_of(t, ax)) - ddof, 0.0);
    return div(s, scalar_tensor_of(Scalar(n), acc));
}

Tensor np_prod(const Tensor& in, const std::vector<int64_t>& ax, bool keepdims) {
    DType acc = sum_dtype(in.dtype());
    ReduceLayout l = layout(cast(in, acc), ax);
    Tensor out = Tensor::empty({l.m}, acc);
    auto run = [&](auto* src, auto* dst) {
        using S = std::remove_pointer_t<decltype(dst)>;
        for (int64_t i = 0; i < l.m; ++i) {
            S p = 1;
            for (int64_t j = 0; j < l.k; ++j) p *= src[i * l.k + j];
            dst[i] = p;
        }
    };
    if (acc == DType::Float64)
        run(l.x.data_ptr<double>(), out.data_ptr<double>());
    else if (acc == DType::Float32)
        run(l.x.data_ptr<float>(), out.data_ptr<float>());
    else
        run(l.x.data_ptr<int64_t>(), out.data_ptr<int64_t>());
    return finish(out, l, keepdims);
}

Tensor np_cum(const Tensor& in, const Value& axis, bool prod) {
    Tensor t = in;
    int64_t ax = 0;
    if (is_none(axis))
        t = reshape(contiguous(in), {-1});
    else
        ax = axes_of(axis, in.dim())[0];
    DType acc = sum_dtype(t.dtype());
    Tensor x = contiguous(movedim(cast(t, acc), ax, -1));
    Tensor out = Tensor::empty(x.sizes(), acc);
    int64_t k = x.dim() ? x.size(-1) : 1, m = k ? x.numel() / k : 0;
    auto run = [&](auto* src, auto* dst) {
        using S = std::remove_pointer_t<decltype(dst)>;
        for (int64_t i = 0; i < m; ++i) {
            S a = prod ? 1 : 0;
            for (int64_t j = 0; j < k; ++j) {
                a = prod ? S(a * src[i * k + j]) : S(a + src[i * k + j]);
                dst[i * k + j] = a;
            }
        }
    };
    if (acc == DType::Float64)
        run(x.data_ptr<double>(), out.data_ptr<double>());
    else if (acc == DType::Float32)
        run(x.data_ptr<float>(), out.data_ptr<float>());
    else
        run(x.data_ptr<int64_t>(), out.data_ptr<int64_t>());
    return contiguous(movedim(out, -1, ax));
}

[[noreturn]] void empty_reduction(const char* op) {
    raise(T().ValueError, str("zero-size array to reduction operation ", op, " which has no identity"));
}

Tensor np_minmax(const Tensor& t, const std::vector<int64_t>& ax, bool keepdims, bool is_max) {
    if (t.numel() == 0) empty_reduction(is_max ? "maximum" : "minimum");
    if (t.dim() == 0) return t;
    Tensor x = t.dtype() == DType::Bool ? to_dtype(t, DType::Int64) : t;
    Tensor r = is_max ? amax(x, ax, keepdims) : amin(x, ax, keepdims);
    return cast(r, t.dtype());
}

Tensor np_argminmax(const Tensor& t, const Value& axis, bool keepdims, bool is_max) {
    if (t.numel() == 0) raise(T().ValueError, str("attempt to get ", is_max ? "argmax" : "argmin", " of an empty sequence"));
    Tensor x = t.dtype() == DType::Bool ? to_dtype(t, DType::Int64) : t;
    if (is_none(axis)) {
        Tensor r = is_max ? argmax(reshape(contiguous(x), {-1})) : argmin(reshape(contiguous(x), {-1}));
        if (keepdims) r = reshape(r, Shape(size_t(t.dim()), 1));
        return r;
    }
    int64_t a = axes_of(axis, t.dim())[0];
    return is_max ? argmax(x, a, keepdims) : argmin(x, a, keepdims);
}

Tensor np_anyall(const Tensor& t, const std::vector<int64_t>& ax, bool keepdims, bool is_all) {
    Tensor b = ne(cast(t, t.dtype()), scalar_tensor_of(Scalar(int64_t(0)), t.dtype()));
    Tensor s = np_sum(to_dtype(b, DType::Int64), ax, keepdims, DType::Int64);
    int64_t n = count_of(t, ax);
    return is_all ? eq(s, Scalar(n)) : gt(s, Scalar(int64_t(0)));
}

// ---- indexing -------------------------------------------------------------------------------------------

bool np_is_ellipsis(const Value& v) { return v.is_obj() && v.obj() == ellipsis().obj(); }

std::vector<Value> key_items(const Value& key) {
    if (key.is(Kind::Tuple) && key.obj()->type == T().tuple) return key.get<Tuple>()->items;
    return {key};
}

// NumPy integer scalars index like ints; arrays index like tensors (tensor.cpp's advanced indexing).
Value plain_index(const Value& v) {
    if (auto* n = as_nd(v)) {
        if (!is_array_type(n)) return scalar_value(n->t.item());
        // NumPy indexes with integer arrays of every width (int16 pixel coordinates, uint8 labels,
        // which are indices, never masks) and refuses float arrays; torch's indexing takes int64.
        int k = kind_of(n->t.dtype());
        if (k == 2) raise(T().IndexError, "arrays used as indices must be of integer (or boolean) type");
        if (k == 1 && n->t.dtype() != DType::Int64) return wrap(cast(n->t, DType::Int64));
        return wrap(n->t);
    }
    return v;
}

bool is_basic(const std::vector<Value>& items) {
    for (const Value& v : items) {
        if (v.is_none() || np_is_ellipsis(v) || v.is(Kind::Slice) || v.is_int()) continue;
        if (is_scalar_obj(v) && kind_of(as_nd(v)->t.dtype()) == 1) continue;
        return false;
    }
    return true;
}

[[noreturn]] void too_many(int64_t ndim, int64_t n) {
    raise(T().IndexError, str("too many indices for array: array is ", ndim, "-dimensional, but ", n, " were indexed"));
}

// Basic indexing (ints, slices of any step, None, Ellipsis). Positive steps give views; negative
// steps gather a copy. `scalar` is set when every dimension was selected by an int.
Tensor basic_get(const Tensor& t, const std::vector<Value>& items, bool* all_ints) {
    int64_t consumed = 0;
    bool ell = false;
    for (const Value& v : items) {
        if (v.is_none()) continue;
        if (np_is_ellipsis(v)) {
            if (ell) raise(T().IndexError, "an index can only have a single ellipsis ('...')");
            ell = true;
            continue;
        }
        ++consumed;
    }
    if (consumed > t.dim()) too_many(t.dim(), consumed);
    Tensor r = t;
    int64_t d = 0;
    bool ints_only = !ell;
    for (const Value& v : items) {
        if (v.is_none()) {
            r = unsqueeze(r, d++);
            ints_only = false;
        } else if (np_is_ellipsis(v)) {
            d += t.dim() - consumed;
        } else if (v.is(Kind::Slice)) {
            ints_only = false;
            SliceIndices s = slice_indices(*v.get<Slice>(), r.size(d));
            if (s.step > 0) {
                r = slice(r, d, s.start, std::max(s.stop, s.start), s.step);
            } else {
                std::vector<int64_t> idx;
                for (int64_t k = 0; k < s.count; ++k) idx.push_back(s.start + k * s.step);
                Tensor it = Tensor::empty({int64_t(idx.size())}, DType::Int64);
                std::copy(idx.begin(), idx.end(), it.data_ptr<int64_t>());
                r = index_select(r, d, it);
            }
            ++d;
        } else {
            int64_t i = v.is_int() ? v.as_int() : as_nd(v)->t.item().to_int();
            int64_t n = r.size(d);
            if (i < -n || i >= n) raise(T().IndexError, str("index ", i, " is out of bounds for axis ", d, " with size ", n));
            r = select(r, d, i < 0 ? i + n : i);
        }
    }
    if (all_ints) *all_ints = ints_only && consumed == t.dim();
    return r;
}

// NumPy checks each boolean array index against the axes it covers before indexing, naming the
// first axis whose size differs (mapping.c): the message PyTorch's index gives would name the mask.
void check_bool_masks(const Tensor& t, const std::vector<Value>& items) {
    int64_t consumed = 0;
    for (const Value& v : items) {
        if (v.is_none() || np_is_ellipsis(v)) continue;
        auto* n = as_nd(v);
        consumed += (n && is_array_type(n) && n->t.dtype() == DType::Bool) ? n->t.dim() : 1;
    }
    int64_t axis = 0;
    for (const Value& v : items) {
        if (v.is_none()) continue;
        if (np_is_ellipsis(v)) {
            axis += std::max<int64_t>(t.dim() - consumed, 0);
            continue;
        }
        auto* n = as_nd(v);
        if (!(n && is_array_type(n) && n->t.dtype() == DType::Bool)) {
            ++axis;
            continue;
        }
        for (int64_t j = 0; j < n->t.dim(); ++j, ++axis) {
            if (axis >= t.dim()) too_many(t.dim(), consumed);
            if (t.size(axis) != n->t.size(j))
                raise(T().IndexError, str("boolean index did not match indexed array along axis ", axis, "; size of axis is ",
                                          t.size(axis), " but size of corresponding boolean axis is ", n->t.size(j)));
        }
    }
}

Value get_item(Interpreter& in, const Tensor& t, const Value& key) {
    std::vector<Value> items = key_items(key);
    if (key.is(Kind::Tuple) && items.empty()) return t.dim() == 0 ? wrap_scalar(t) : wrap_array(t);  // a[()]
    if (is_basic(items)) {
        bool all_ints = false;
        Tensor r = basic_get(t, items, &all_ints);
        return all_ints ? wrap_scalar(r) : wrap_array(r);
    }
    // Advanced indexing: tensor.cpp's NumPy-compatible implementation.
    check_bool_masks(t, items);
    std::vector<Value> conv;
    for (const Value& v : items) {
        if (v.is(Kind::Slice) && !is_none(v.get<Slice>()->step) && v.get<Slice>()->step.is_int() && v.get<Slice>()->step.as_int() < 0)
            raise(T().NotImplementedError, "a negative-step slice together with an index array is not supported in Kiln");
        conv.push_back(plain_index(v));
    }
    Value k = key.is(Kind::Tuple) ? new_tuple(conv) : conv[0];
    Tensor r = index_tensor(in, t, k);
    return wrap_array(r);
}

void set_item(Interpreter& in, const Tensor& t, const Value& key, const Value& value) {
    std::vector<Value> items = key_items(key);
    Tensor v;
    if (auto* n = as_nd(value))
        v = n->t;
    else if (value.is_bool() || value.is_int() || value.is_float())
        v = scalar_tensor_of(to_scalar(value), t.dtype());
    else
        v = to_arr(value);
    // NumPy makes a temporary copy of a source that shares memory with the destination
    // (`a[1:] = a[:-1]`, PointNet's `batch_pc[b, drop_idx, :] = batch_pc[b, 0, :]`), where PyTorch's
    // index_put_ refuses the overlap
    if (v.defined() && t.defined() && v.numel() > 0 && v.impl()->storage == t.impl()->storage) v = clone(v);
    if (is_basic(items)) {
        for (const Value& it : items)
            if (it.is(Kind::Slice) && it.get<Slice>()->step.is_int() && it.get<Slice>()->step.as_int() < 0)
                raise(T().NotImplementedError, "assigning through a negative-step slice is not supported in Kiln");
        Tensor view = basic_get(t, items, nullptr);
        Tensor src = cast(v, t.dtype());
        // NumPy broadcasts the value to the view's shape: extra leading dims of size 1 are dropped
        // (`x[0, :] = row` with a (1, n) row) and anything else that does not broadcast is refused
        Shape vs = src.sizes();
        const Shape& ds = view.sizes();
        // One element named by integers is set from a scalar: NumPy 2.5 converts the value as
        // float(v)/int(v), which refuses sequences and arrays with dimensions (the size-1
        // deprecation expired)
        bool element = ds.empty() && !vs.empty() && (as_nd(value) || value.is(Kind::List) || value.is(Kind::Tuple));
        for (const Value& it : items) element = element && !it.is(Kind::Slice) && !it.is_none() && !np_is_ellipsis(it);
        if (element) raise(T().ValueError, "setting an array element with a sequence.");
        size_t lead = 0;
        while (vs.size() - lead > ds.size() && vs[lead] == 1) ++lead;
        bool fits = vs.size() - lead <= ds.size();
        for (size_t k = 0; fits && k < vs.size() - lead; ++k) {
            int64_t a = vs[vs.size() - 1 - k], b = ds[ds.size() - 1 - k];
            fits = a == b || a == 1;
        }
        if (!fits) {
            auto shape_text = [](const Shape& sh) {
                std::string o = "(";
                for (size_t k = 0; k < sh.size(); ++k) o += (k ? "," : "") + std::to_string(sh[k]);
                return o + (sh.size() == 1 ? ",)" : ")");
            };
            raise(T().ValueError, str("could not broadcast input array from shape ", shape_text(vs), " into shape ", shape_text(ds)));
        }
        if (lead) src = reshape(src, Shape(vs.begin() + long(lead), vs.end()));
        copy_(view, src);
        return;
    }
    check_bool_masks(t, items);
    std::vector<Value> conv;
    for (const Value& x : items) conv.push_back(plain_index(x));
    Value k = key.is(Kind::Tuple) ? new_tuple(conv) : conv[0];
    index_put_value(in, wrap(t), k, wrap(cast(v, t.dtype())));
}

// ---- helpers for signatures -----------------------------------------------------------------------------

Shape shape_arg(Interpreter& in, const Value& v) {
    // PyArray_IntpConverter turns the OverflowError of a dimension past intp into this
    auto too_big = [] { raise(T().ValueError, "Maximum allowed dimension exceeded"); };
    if (is_big(v)) too_big();
    if (v.is_int() || is_scalar_obj(v)) {
        int64_t n = v.is_int() ? v.as_int() : as_nd(v)->t.item().to_int();
        if (n < 0) raise(T().ValueError, "negative dimensions are not allowed");
        return {n};
    }
    Shape s;
    for (const Value& x : to_vector(in, v)) {
        if (is_big(x)) too_big();
        int64_t n = x.is_int() ? x.as_int() : is_scalar_obj(x) ? as_nd(x)->t.item().to_int() : to_int(x, "shape");
        if (n < 0) raise(T().ValueError, "negative dimensions are not allowed");
        s.push_back(n);
    }
    return s;
}

bool flag(Interpreter& in, const Value& v) { return !is_none(v) && truthy(in, v); }

Tensor self_t(const Value& v, const char* fn) {
    auto* n = as_nd(v);
    if (!n) raise(T().TypeError, str("descriptor '", fn, "' for 'numpy.ndarray' objects doesn't apply to a '", type_name(v), "' object"));
    return n->t;
}

void def_fn(ModuleObj& m, const char* spec, Body body) {
    auto sig = std::make_shared<Signature>(spec);
    std::string name = sig->name();
    m.dict.set(name, new_builtin(name, [sig, body](Interpreter& in, const CallArgs& a) {
                   Args v = sig->bind(a);
                   return body(in, v);
               }));
}

void def_meth(const char* spec, Body body) {
    auto sig = std::make_shared<Signature>(spec);
    std::string name = sig->name();
    NativeFn fn = [sig, body](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0 || !as_nd(a.args[0]))
            raise(T().TypeError, str("descriptor '", sig->name(), "' for 'numpy.ndarray' objects doesn't apply to a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
        Args v = sig->bind(a);
        return body(in, v);
    };
    def_method(g_ndarray, name.c_str(), fn);
    def_method(g_generic, name.c_str(), fn);
}

// A method of ndarray alone: NumPy's scalars (numpy.generic) have no __len__, __iter__ or __contains__
// (hasattr(np.int32(1), '__len__') is False; d2l's Vocab.to_tokens tests it to tell one index from many).
void def_array_meth(const char* spec, Body body) {
    auto sig = std::make_shared<Signature>(spec);
    std::string name = sig->name();
    def_method(g_ndarray, name.c_str(), [sig, body](Interpreter& in, const CallArgs& a) {
        if (a.nargs == 0 || !as_nd(a.args[0]))
            raise(T().TypeError, str("descriptor '", sig->name(), "' for 'numpy.ndarray' objects doesn't apply to a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
        Args v = sig->bind(a);
        return body(in, v);
    });
}

Value py_tuple_of(const Shape& s) {
    std::vector<Value> items;
    for (int64_t x : s) items.push_back(Value::integer(x));
    return new_tuple(items);
}

Value dtype_obj(DType d) { return g_dtype_objs[int(d)]; }

Value tolist_of(const Tensor& t) {
    NestedList n = tolist(t);
    std::function<Value(const NestedList&)> conv = [&](const NestedList& x) -> Value {
        if (x.is_scalar) return scalar_value(x.value);
        std::vector<Value> items;
        for (const auto& c : x.items) items.push_back(conv(c));
        return new_list(items);
    };
    return conv(n);
}

std::vector<Tensor> arrays_of(Interpreter& in, const Value& seq) {
    std::vector<Tensor> ts;
    for (const Value& v : to_vector(in, seq)) ts.push_back(to_arr(v));
    return ts;
}

std::vector<Tensor> promoted(std::vector<Tensor> ts) {
    if (ts.empty()) raise(T().ValueError, "need at least one array to concatenate");
    DType d = ts[0].dtype();
    for (auto& t : ts) d = promote(d, t.dtype());
    for (auto& t : ts) t = cast(t, d);
    return ts;
}

Tensor concat(std::vector<Tensor> ts, const Value& axis) {
    ts = promoted(std::move(ts));
    if (is_none(axis)) {
        for (auto& t : ts) t = reshape(contiguous(t), {-1});
        return cat(ts, 0);
    }
    for (auto& t : ts)
        if (t.dim() == 0) raise(T().ValueError, "zero-dimensional arrays cannot be concatenated");
    int64_t nd = ts[0].dim();
    for (size_t i = 1; i < ts.size(); ++i)
        if (ts[i].dim() != nd)
            raise(T().ValueError, str("all the input arrays must have same number of dimensions, but the array at index 0 has ", nd,
                                      " dimension(s) and the array at index ", i, " has ", ts[i].dim(), " dimension(s)"));
    int64_t ax = axes_of(axis, nd)[0];
    // PyArray_ConcatenateArrays' check, before torch.cat's own (RuntimeError) wording could show
    for (size_t i = 1; i < ts.size(); ++i)
        for (int64_t d = 0; d < nd; ++d)
            if (d != ax && ts[i].size(d) != ts[0].size(d))
                raise(T().ValueError, str("all the input array dimensions except for the concatenation axis must match exactly, but along dimension ",
                                          d, ", the array at index 0 has size ", ts[0].size(d), " and the array at index ", i, " has size ",
                                          ts[i].size(d)));
    return cat(ts, ax);
}

Tensor atleast(const Tensor& t, int n) {
    if (t.dim() >= n) return t;
    if (n == 1) return reshape(t, {1});
    if (t.dim() == 0) return reshape(t, {1, 1});
    return unsqueeze(t, 0);
}

// Uniform samples as an array of `size` (None -> one Python float).
// choice(p=...)'s tolerance on sum(p) == 1, as mtrand.pyx / _generator.pyx compute it: sqrt(float64 eps),
// or sqrt(eps) of p's own floating dtype when p is an ndarray (float32 softmax outputs pass at 3.4e-4).
double choice_atol(const Value& p) {
    double atol = std::sqrt(2.220446049250313e-16);
    if (auto* n = as_nd(p)) {
        DType d = n->t.dtype();
        if (d == DType::Float32) atol = std::max(atol, std::sqrt(double(std::numeric_limits<float>::epsilon())));
        if (d == DType::Float16) atol = std::max(atol, std::sqrt(0.0009765625));
    }
    return atol;
}

// NumPy's kahan_sum (numpy/random/_common.pyx), which choice() checks sum(p) with.
double kahan_sum(const double* p, int64_t n) {
    double total = 0, comp = 0;
    for (int64_t i = 0; i < n; ++i) {
        double y = p[i] - comp, t = total + y;
        comp = (t - total) - y;
        total = t;
    }
    return total;
}

Value float_result(Interpreter& in, const Value& size, const kiln::Function<double()>& draw) {
    if (is_none(size)) return Value::number(draw());
    Shape s = shape_arg(in, size);
    Tensor t = Tensor::empty(s, DType::Float64);
    double* p = t.data_ptr<double>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = draw();
    return wrap_array(t);
}

// What a discrete distribution returns: a Python int for size=None, else an int64 array of draws.
Value int_result(Interpreter& in, const Value& size, const kiln::Function<int64_t()>& draw) {
    if (is_none(size)) return Value::integer(draw());
    Shape s = shape_arg(in, size);
    Tensor t = Tensor::empty(s, DType::Int64);
    int64_t* p = t.data_ptr<int64_t>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = draw();
    return wrap_array(t);
}

// A distribution with two array-like parameters (uniform's low/high, normal's loc/scale): NumPy's
// cont() broadcasts them (to `size` when given) and draws one value per element in C order.
bool array_param(const Value& v) {
    if (v.is(Kind::List) || v.is(Kind::Tuple)) return true;
    auto* n = as_nd(v);
    return n && n->t.dim() > 0;
}

Value two_param_result(Interpreter& in, const Value& a, const Value& b, const Value& size,
                       const kiln::Function<void(const Tensor&, const Tensor&)>& check,
                       const kiln::Function<double(double, double)>& draw) {
    Tensor A = to_arr(a, DType::Float64), B = to_arr(b, DType::Float64);
    Shape shape = broadcast_shapes(A.sizes(), B.sizes());
    if (!is_none(size)) {
        Shape s = shape_arg(in, size);
        if (broadcast_shapes(shape, s) != s)
            raise(T().ValueError, "shape mismatch: objects cannot be broadcast to a single shape");
        shape = s;
    }
    check(A, B);
    std::vector<double> x = contiguous(broadcast_to(A, shape)).to_double_vector();
    std::vector<double> y = contiguous(broadcast_to(B, shape)).to_double_vector();
    Tensor t = Tensor::empty(shape, DType::Float64);
    double* p = t.data_ptr<double>();
    for (size_t i = 0; i < x.size(); ++i) p[i] = draw(x[i], y[i]);
    return wrap_array(t);
}

struct RandomStateObj : NativeObj {
    explicit RandomStateObj(Type* t) : NativeObj(t) {}
    numpy::LegacyRandom rng;
};
Type* g_random_state = nullptr;

void seed_rng(Interpreter& in, numpy::LegacyRandom& rng, const Value& seed) {
    if (is_none(seed)) {
        rng.seed(uint32_t(std::chrono::high_resolution_clock::now().time_since_epoch().count()));
        return;
    }
    if (seed.is_int() || seed.is_bool() || is_scalar_obj(seed)) {
        int64_t s = seed.is_int() ? seed.as_int() : seed.is_bool() ? seed.as_bool() : as_nd(seed)->t.item().to_int();
        if (s < 0 || s > int64_t(0xffffffffll)) raise(T().ValueError, "Seed must be between 0 and 2**32 - 1");
        rng.seed(uint32_t(s));
        return;
    }
    if (seed.is_float()) raise(T().TypeError, "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'");
    std::vector<uint32_t> key;
    for (const Value& v : to_vector(in, seed)) {
        int64_t s = to_int(v, "seed");
        if (s < 0 || s > int64_t(0xffffffffll)) raise(T().ValueError, "Seed must be between 0 and 2**32 - 1");
        key.push_back(uint32_t(s));
    }
    if (key.empty()) raise(T().ValueError, "Seed must be non-empty");
    rng.seed_array(key);
}

void shuffle_tensor(numpy::LegacyRandom& rng, Tensor& x) {
    int64_t n = x.dim() ? x.size(0) : 0;
    if (x.dim() == 0) raise(T().TypeError, "len() of unsized object");
    if (x.dim() == 1) {
        for (int64_t i = n - 1; i >= 1; --i) {
            int64_t j = int64_t(rng.interval(uint64_t(i)));
            Tensor a = select(x, 0, i), b = select(x, 0, j);
            Tensor tmp = clone(b);
            copy_(b, a);
            copy_(a, tmp);
        }
        return;
    }
    for (int64_t i = n - 1; i >= 1; --i) {
        int64_t j = int64_t(rng.interval(uint64_t(i)));
        if (i == j) continue;
        Tensor a = select(x, 0, i), b = select(x, 0, j);
        Tensor tmp = clone(b);
        copy_(b, a);
        copy_(a, tmp);
    }
}

int64_t int_arg(const Value& v, const char* what) {
    if (is_scalar_obj(v)) return as_nd(v)->t.item().to_int();
    return to_int(v, what);
}

// A RandomState distribution parameter: a number or a 0-d array (array-valued parameters, which
// NumPy broadcasts against size, are not supported here), checked as numpy/random/_common.pyx's
// check_constraint does: CONS_NON_NEGATIVE rejects a set sign bit (-0.0 too) but lets NaN through,
// CONS_POSITIVE rejects val <= 0 (NaN passes).
enum class LegacyCons { NonNegative, Positive, Any };
double legacy_param(const Value& v, const char* name, LegacyCons cons) {
    if (as_nd(v) && !is_scalar_obj(v) && as_nd(v)->t.dim() > 0)
        raise(T().NotImplementedError, str("np.random: array-valued ", name, " is not supported in Kiln (pass a number)"));
    double x = as_nd(v) ? as_nd(v)->t.item().to_double() : to_double(v, name);
    if (cons == LegacyCons::NonNegative && !std::isnan(x) && std::signbit(x)) raise(T().ValueError, str(name, " < 0"));
    if (cons == LegacyCons::Positive && x <= 0) raise(T().ValueError, str(name, " <= 0"));
    return x;
}

// The RandomState methods, for np.random.* (the global state) and RandomState objects.
void random_methods(const kiln::Function<void(const char*, Body)>& def, kiln::Function<numpy::LegacyRandom&(Args&)> rng_of, size_t first) {
    def("seed(seed=None)", [rng_of, first](Interpreter& in, Args& v) {
        seed_rng(in, rng_of(v), v[first]);
        return none();
    });
    def("rand(*args)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        const auto& dims = v[first].get<Tuple>()->items;
        if (dims.empty()) return Value::number(rng.next_double());
        return float_result(in, v[first], [&] { return rng.next_double(); });
    });
    def("randn(*args)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        const auto& dims = v[first].get<Tuple>()->items;
        if (dims.empty()) return Value::number(rng.gauss());
        return float_result(in, v[first], [&] { return rng.gauss(); });
    });
    for (const char* spec : {"random(size=None)", "random_sample(size=None)", "sample(size=None)", "ranf(size=None)"}) {
        def(spec, [rng_of, first](Interpreter& in, Args& v) {
            auto& rng = rng_of(v);
            return float_result(in, v[first], [&] { return rng.next_double(); });
        });
    }
    def("standard_normal(size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        return float_result(in, v[first], [&] { return rng.gauss(); });
    });
    def("normal(loc=0.0, scale=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        if (array_param(v[first]) || array_param(v[first + 1]))
            return two_param_result(
                in, v[first], v[first + 1], v[first + 2],
                [](const Tensor&, const Tensor& scale) {
                    for (double x : scale.to_double_vector())
                        if (x < 0) raise(T().ValueError, "scale < 0");
                },
                [&](double loc, double scale) { return loc + numpy::mul_rounded(scale, rng.gauss()); });
        // A NumPy scalar (np.sqrt(0.06)) is a number here, as mtrand reads it through PyFloat_AsDouble.
        double loc = legacy_param(v[first], "loc", LegacyCons::Any), scale = legacy_param(v[first + 1], "scale", LegacyCons::Any);
        if (scale < 0) raise(T().ValueError, "scale < 0");
        return float_result(in, v[first + 2], [&] { return loc + numpy::mul_rounded(scale, rng.gauss()); });
    });
    def("uniform(low=0.0, high=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        if (array_param(v[first]) || array_param(v[first + 1]))
            return two_param_result(
                in, v[first], v[first + 1], v[first + 2],
                [](const Tensor& lo, const Tensor& hi) {
                    std::vector<double> l = contiguous(broadcast_to(lo, broadcast_shapes(lo.sizes(), hi.sizes()))).to_double_vector();
                    std::vector<double> h = contiguous(broadcast_to(hi, broadcast_shapes(lo.sizes(), hi.sizes()))).to_double_vector();
                    for (size_t i = 0; i < l.size(); ++i)
                        if (!std::isfinite(h[i] - l[i])) raise(T().OverflowError, "Range exceeds valid bounds");
                },
                [&](double lo, double hi) { return lo + numpy::mul_rounded(hi - lo, rng.next_double()); });
        double lo = legacy_param(v[first], "low", LegacyCons::Any), hi = legacy_param(v[first + 1], "high", LegacyCons::Any);
        double range = hi - lo;
        if (!std::isfinite(range)) raise(T().OverflowError, "Range exceeds valid bounds");
        return float_result(in, v[first + 2], [&] { return lo + numpy::mul_rounded(range, rng.next_double()); });
    });
    // legacy-distributions.c's draws (mtrand.pyx's parameter checks); size=None gives a Python float.
    def("standard_exponential(size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        return float_result(in, v[first], [&] { return rng.standard_exponential(); });
    });
    def("exponential(scale=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double scale = legacy_param(v[first], "scale", LegacyCons::NonNegative);
        return float_result(in, v[first + 1], [&] { return scale * rng.standard_exponential(); });
    });
    def("standard_gamma(shape, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double shape = legacy_param(v[first], "shape", LegacyCons::NonNegative);
        return float_result(in, v[first + 1], [&] { return rng.standard_gamma(shape); });
    });
    def("gamma(shape, scale=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double shape = legacy_param(v[first], "shape", LegacyCons::NonNegative);
        double scale = legacy_param(v[first + 1], "scale", LegacyCons::NonNegative);
        return float_result(in, v[first + 2], [&] { return scale * rng.standard_gamma(shape); });
    });
    def("beta(a, b, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double a = legacy_param(v[first], "a", LegacyCons::Positive);
        double b = legacy_param(v[first + 1], "b", LegacyCons::Positive);
        return float_result(in, v[first + 2], [&] { return rng.beta(a, b); });
    });
    def("chisquare(df, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double df = legacy_param(v[first], "df", LegacyCons::Positive);
        return float_result(in, v[first + 1], [&] { return 2.0 * rng.standard_gamma(df / 2.0); });
    });
    // legacy-distributions.c's discrete draws with mtrand.pyx's checks: a Python int for size=None,
    // else an int64 array (np.random.binomial(1, p, size) masks, Poisson counts).
    def("poisson(lam=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double lam = legacy_param(v[first], "lam", LegacyCons::Any);
        if (!(lam >= 0)) raise(T().ValueError, "lam < 0 or lam is NaN");
        if (!(lam <= 9.223372006484771e18)) raise(T().ValueError, "lam value too large");
        return int_result(in, v[first + 1], [&] { return rng.poisson(lam); });
    });
    def("binomial(n, p, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double p = legacy_param(v[first + 1], "p", LegacyCons::Any);
        int64_t n = int64_t(legacy_param(v[first], "n", LegacyCons::Any));
        if (!(p >= 0) || !(p <= 1)) raise(T().ValueError, "p < 0, p > 1 or p is NaN");
        if (n < 0) raise(T().ValueError, "n < 0");
        return int_result(in, v[first + 2], [&] { return rng.binomial(n, p); });
    });
    // legacy-distributions.c's legacy_random_geometric (mtrand.pyx: disc(..., CONS_BOUNDED_GT_0_1)):
    // for p >= 1/3 distributions.c's random_geometric_search (one uniform, walking the cumulative
    // probabilities), else the legacy inversion ceil(log1p(-U) / log(1 - p)); trials to the first
    // success, so 1 or more
    def("geometric(p, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double p = legacy_param(v[first], "p", LegacyCons::Any);
        if (!(p > 0) || !(p <= 1)) raise(T().ValueError, "p <= 0, p > 1 or p contains NaNs");
        return int_result(in, v[first + 1], [&]() -> int64_t {
            if (p >= 0.333333333333333333333333) {
                double u = rng.next_double(), q = 1.0 - p, prod = p, sum = p;
                int64_t x = 1;
                while (u > sum) {
                    prod *= q;
                    sum += prod;
                    ++x;
                }
                return x;
            }
            return int64_t(std::ceil(std::log1p(-rng.next_double()) / std::log(1.0 - p)));
        });
    });
    // distributions.c's random_laplace (RandomState.laplace's cont(&random_laplace)): one uniform,
    // the two tails by its half; U == 0 is drawn again.
    def("laplace(loc=0.0, scale=1.0, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        double loc = legacy_param(v[first], "loc", LegacyCons::Any);
        double scale = legacy_param(v[first + 1], "scale", LegacyCons::NonNegative);
        return float_result(in, v[first + 2], [&] {
            for (;;) {
                double u = rng.next_double();
                if (u >= 0.5) return loc - scale * std::log(2.0 - u - u);
                if (u > 0.0) return loc + scale * std::log(u + u);
            }
        });
    });
    // mtrand.pyx's multinomial: pvals checked in [0, 1] with a Kahan sum of all but the last, then
    // per sample legacy_random_multinomial: a chain of legacy binomial draws, which (unlike the
    // Generator's random_binomial) draw one uniform even for n == 0 or p == 0, as NumPy 2.x's stream
    // shows (NumPy 1.24 skipped that draw); int64 counts, shape size + (d,).
    def("multinomial(n, pvals, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        int64_t n = int_arg(v[first], "n");
        Tensor pv = to_arr(v[first + 1], DType::Float64);
        if (pv.dim() == 0) raise(T().TypeError, "pvals must be a 1-d sequence");
        if (pv.dim() > 1) raise(T().ValueError, "object too deep for desired array");
        std::vector<double> pix = contiguous(pv).to_double_vector();
        const int64_t d = int64_t(pix.size());
        for (double x : pix)
            if (!(x >= 0.0 && x <= 1.0)) raise(T().ValueError, "pvals < 0, pvals > 1 or pvals contains NaNs");
        if (d && kahan_sum(pix.data(), d - 1) > 1.0 + 1e-12) raise(T().ValueError, "sum(pvals[:-1]) > 1.0");
        Shape s = is_none(v[first + 2]) ? Shape{} : shape_arg(in, v[first + 2]);
        s.push_back(d);
        if (n < 0) raise(T().ValueError, "n < 0");
        Tensor out = zeros(s, TensorOptions{DType::Int64});
        int64_t* mnix = out.data_ptr<int64_t>();
        numpy::BinomialCache cache;
        for (int64_t off = 0; d && off < out.numel(); off += d) {
            double remaining_p = 1.0;
            int64_t dn = n;
            for (int64_t j = 0; j < d - 1; ++j) {
                mnix[off + j] = numpy::binomial_of(rng, dn, pix[j] / remaining_p, cache, true);
                dn -= mnix[off + j];
                if (dn <= 0) break;
                remaining_p -= pix[j];
            }
            if (dn > 0) mnix[off + d - 1] = dn;
        }
        return wrap_array(out);
    });
    // mtrand.pyx's dirichlet: per sample k legacy standard gammas, each scaled by 1 / their sum.
    def("dirichlet(alpha, size=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        Tensor al = to_arr(v[first], DType::Float64);
        if (al.dim() != 1) raise(T().ValueError, al.dim() == 0 ? "object of too small depth for desired array" : "object too deep for desired array");
        std::vector<double> alpha = contiguous(al).to_double_vector();
        for (double a : alpha)
            if (a <= 0) raise(T().ValueError, "alpha <= 0");
        const int64_t k = int64_t(alpha.size());
        Shape s = is_none(v[first + 1]) ? Shape{} : shape_arg(in, v[first + 1]);
        s.push_back(k);
        Tensor out = zeros(s, TensorOptions{DType::Float64});
        double* val = out.data_ptr<double>();
        for (int64_t i = 0; k && i < out.numel(); i += k) {
            double acc = 0.0;
            for (int64_t j = 0; j < k; ++j) {
                val[i + j] = rng.standard_gamma(alpha[j]);
                acc += val[i + j];
            }
            double invacc = 1 / acc;
            for (int64_t j = 0; j < k; ++j) val[i + j] *= invacc;
        }
        return wrap_array(out);
    });
    def("randint(low, high=None, size=None, dtype=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        int64_t lo = int_arg(v[first], "low"), hi;
        if (is_none(v[first + 1])) {
            hi = lo;
            lo = 0;
        } else {
            hi = int_arg(v[first + 1], "high");
        }
        if (lo >= hi) raise(T().ValueError, "low >= high");
        DType dt = to_np_dtype(v[first + 3]).value_or(DType::Int64);
        uint64_t rng_span = uint64_t(hi) - uint64_t(lo) - 1;
        if (is_none(v[first + 2])) {
            int64_t r = int64_t(uint64_t(lo) + rng.bounded(rng_span));
            if (is_none(v[first + 3]) || (v[first + 3].is(Kind::Type) && v[first + 3].get<Type>() == T().int_)) return Value::integer(r);
            return wrap_scalar(scalar_tensor_of(Scalar(r), dt));
        }
        Shape s = shape_arg(in, v[first + 2]);
        Tensor t = Tensor::empty(s, DType::Int64);
        int64_t* p = t.data_ptr<int64_t>();
        for (int64_t i = 0; i < t.numel(); ++i) p[i] = int64_t(uint64_t(lo) + rng.bounded(rng_span));
        return wrap_array(cast(t, dt));
    });
    def("shuffle(x)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        const Value& x = v[first];
        if (auto* n = as_nd(x)) {
            shuffle_tensor(rng, n->t);
            return none();
        }
        if (auto* l = x.as<List>()) {
            for (int64_t i = int64_t(l->items.size()) - 1; i >= 1; --i) {
                int64_t j = int64_t(rng.interval(uint64_t(i)));
                std::swap(l->items[size_t(i)], l->items[size_t(j)]);
            }
            return none();
        }
        if (auto* t = x.as<TensorObj>()) {
            shuffle_tensor(rng, t->tensor);
            return none();
        }
        int64_t n = length(in, x);
        for (int64_t i = n - 1; i >= 1; --i) {
            int64_t j = int64_t(rng.interval(uint64_t(i)));
            Value a = getitem(in, x, Value::integer(i)), b = getitem(in, x, Value::integer(j));
            setitem(in, x, Value::integer(i), b);
            setitem(in, x, Value::integer(j), a);
        }
        return none();
    });
    def("permutation(x)", [rng_of, first](Interpreter&, Args& v) {
        auto& rng = rng_of(v);
        const Value& x = v[first];
        if (x.is_int() || (is_scalar_obj(x) && as_nd(x)->t.dtype() == DType::Int64)) {
            Tensor t = arange(Scalar(int_arg(x, "x")), TensorOptions{DType::Int64});
            shuffle_tensor(rng, t);
            return wrap_array(t);
        }
        Tensor a = to_arr(x);
        if (a.dim() < 1) raise(T().IndexError, "x must be an integer or at least 1-dimensional");
        if (a.dim() == 1) {
            Tensor c = clone(a);
            shuffle_tensor(rng, c);
            return wrap_array(c);
        }
        Tensor idx = arange(Scalar(a.size(0)), TensorOptions{DType::Int64});
        shuffle_tensor(rng, idx);
        return wrap_array(index_select(a, 0, idx));
    });
    def("choice(a, size=None, replace=True, p=None)", [rng_of, first](Interpreter& in, Args& v) {
        auto& rng = rng_of(v);
        const Value& av = v[first];
        bool scalar_a = av.is_int() || (is_scalar_obj(av) && as_nd(av)->t.dtype() == DType::Int64);
        Tensor arr;
        Value objs = none();
        int64_t pop = 0;
        if (scalar_a) {
            pop = int_arg(av, "a");
            if (pop <= 0) raise(T().ValueError, "a must be a positive integer unless no samples are taken");
        } else {
            // a list of labels (strs, objects) or an object array: numpy/_objects.py's array holds it,
            // the positions are drawn here as for any array of its length (NumPy draws the same
            // numbers), and _choice_take indexes it; RandomState objects' choice needs this as much as
            // np.random.choice (rng.choice(['RL', 'RM']) in data generators)
            if (!as_nd(av)) {
                Value got = in.call(*in.import_module("numpy")->dict.find("_choice_objects"), {av});
                if (!is_none(got)) {
                    objs = got.get<Tuple>()->items[0];
                    pop = got.get<Tuple>()->items[1].as_int();
                }
            }
            if (is_none(objs)) {
                arr = to_arr(av);
                if (arr.dim() != 1) raise(T().ValueError, "a must be 1-dimensional");
                pop = arr.size(0);
            }
            if (pop == 0) raise(T().ValueError, "'a' cannot be empty unless no samples are taken");
        }
        Shape shape;
        bool has_shape = !is_none(v[first + 1]);
        if (has_shape) shape = shape_arg(in, v[first + 1]);
        int64_t size = has_shape ? shape_numel(shape) : 1;
        bool replace = truthy(in, v[first + 2]);
        std::vector<double> cdf;
        if (!is_none(v[first + 3])) {
            const double atol = choice_atol(v[first + 3]);
            Tensor p = contiguous(to_arr(v[first + 3], DType::Float64));
            if (p.dim() != 1) raise(T().ValueError, "'p' must be 1-dimensional");
            if (p.size(0) != pop) raise(T().ValueError, "'a' and 'p' must have same size");
            const double* pp = p.data_ptr<double>();
            double total = kahan_sum(pp, pop);
            if (std::isnan(total)) raise(T().ValueError, "probabilities contain NaN");
            for (int64_t i = 0; i < pop; ++i)
                if (pp[i] < 0) raise(T().ValueError, "probabilities are not non-negative");
            if (std::fabs(total - 1.0) > atol) raise(T().ValueError, "probabilities do not sum to 1");
            double acc = 0;
            for (int64_t i = 0; i < pop; ++i) cdf.push_back(acc += pp[i]);
            for (double& c : cdf) c /= cdf.back();
        }
        std::vector<int64_t> idx;
        if (replace) {
            if (!cdf.empty()) {
                for (int64_t i = 0; i < size; ++i) {
                    double u = rng.next_double();
                    idx.push_back(int64_t(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin()));
                }
            } else {
                for (int64_t i = 0; i < size; ++i) idx.push_back(int64_t(rng.bounded(uint64_t(pop) - 1)));
            }
        } else {
            if (size > pop) raise(T().ValueError, "Cannot take a larger sample than population when replace is False");
            if (!cdf.empty())
                raise(T().NotImplementedError, "np.random.choice with replace=False and p= is not supported in Kiln");
            Tensor perm = arange(Scalar(pop), TensorOptions{DType::Int64});
            shuffle_tensor(rng, perm);
            const int64_t* pp = perm.data_ptr<int64_t>();
            idx.assign(pp, pp + size);
        }
        Tensor it = Tensor::empty(has_shape ? shape : Shape{}, DType::Int64);
        std::copy(idx.begin(), idx.end(), it.data_ptr<int64_t>());
        if (scalar_a) return has_shape ? wrap_array(it) : Value::integer(idx[0]);
        if (!is_none(objs))
            return in.call(*in.import_module("numpy")->dict.find("_choice_take"),
                           {objs, has_shape ? wrap_array(it) : Value::integer(idx[0])});
        Tensor r = index_select(arr, 0, reshape(it, {-1}));
        r = reshape(r, has_shape ? shape : Shape{});
        return wrap_result(r);
    });
}

// ---- numpy.random.Generator (default_rng): PCG64 streams, numpy_pcg64.h ---------------------------------------

struct NpGeneratorObj : NativeObj {
    explicit NpGeneratorObj(Type* t, const std::vector<uint32_t>& entropy) : NativeObj(t), rng(entropy) {}
    numpy::PCG64Random rng;
};
Type* g_generator = nullptr;

// SeedSequence's entropy words from default_rng's seed: an int (32-bit words, low first), a sequence
// of ints (each one's words in turn), or None (fresh entropy from the host's clock).
void entropy_words(Interpreter& in, const Value& seed, std::vector<uint32_t>& out, bool top) {
    if (is_none(seed) && top) {
        uint64_t t = uint64_t(std::chrono::high_resolution_clock::now().time_since_epoch().count());
        uint64_t a = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
        for (uint64_t w : {t, uint64_t(a ^ (t << 17)), uint64_t(t * 0x9E3779B97F4A7C15ull), a})
            out.push_back(uint32_t(w)), out.push_back(uint32_t(w >> 32));
        return;
    }
    if (seed.is_float() || (is_scalar_obj(seed) && kind_of(as_nd(seed)->t.dtype()) >= 2)) raise(T().TypeError, "SeedSequence expects int or sequence of ints for entropy not " + repr(in, seed));
    if (seed.is_int() || seed.is_bool() || is_scalar_obj(seed) || is_big(seed)) {
        if (is_big(seed)) {
            // a heap int: its 32-bit words through Python arithmetic (seed % 2**32, seed >> 32)
            Value x = seed;
            if (truthy(in, compare(in, 0, x, Value::integer(0)))) raise(T().ValueError, "expected non-negative integer");
            while (truthy(in, compare(in, 4, x, Value::integer(0)))) {
                out.push_back(uint32_t(to_int(binary_op(in, bytecode::NB_AND, x, Value::integer(0xffffffffll)), "seed")));
                x = binary_op(in, bytecode::NB_RSHIFT, x, Value::integer(32));
            }
            return;
        }
        int64_t s = seed.is_int() ? seed.as_int() : seed.is_bool() ? int64_t(seed.as_bool()) : as_nd(seed)->t.item().to_int();
        if (s < 0) raise(T().ValueError, "expected non-negative integer");
        uint64_t u = uint64_t(s);
        if (u == 0) out.push_back(0);
        while (u) {
            out.push_back(uint32_t(u & 0xffffffffull));
            u >>= 32;
        }
        return;
    }
    if (auto* n = as_nd(seed)) {
        Tensor t = reshape(contiguous(n->t), {-1});
        for (int64_t i = 0; i < t.numel(); ++i) entropy_words(in, Value::integer(select(t, 0, i).item().to_int()), out, false);
        return;
    }
    for (const Value& v : to_vector(in, seed)) entropy_words(in, v, out, false);
}

numpy::PCG64Random& gen_of(const Value& v) {
    auto* g = native_cast<NpGeneratorObj>(v);
    if (!g) raise(T().TypeError, "Generator method called on a non-Generator");
    return g->rng;
}

void check_float64_dtype(const Value& dt, const char* what) {
    if (is_none(dt)) return;
    auto d = to_np_dtype(dt);
    if (!d || *d != DType::Float64) raise(T().NotImplementedError, str("Generator.", what, "(dtype=...): only float64 is supported in Kiln"));
}

double scalar_param(const Value& v, const char* what) {
    if (as_nd(v) && !is_scalar_obj(v) && as_nd(v)->t.dim() > 0)
        raise(T().NotImplementedError, str("Generator: array-valued ", what, " is not supported in Kiln (pass a number)"));
    if (auto* n = as_nd(v)) return n->t.item().to_double();
    return to_double(v, what);
}

// A real-number argument given as a NumPy scalar (rtol=np.sqrt(np.finfo(np.float64).eps) in
// scikit-learn's log_loss, atol=np.finfo(np.float32).eps, ddof=np.int64(1)): NumPy's float64 subclasses
// float and every one-element NumPy scalar converts, so they are accepted as numbers are.
double np_real_arg(const Value& v, const char* what) {
    if (auto* n = as_nd(v); n && n->t.numel() == 1 && (is_scalar_obj(v) || n->t.dim() == 0)) return n->t.item().to_double();
    return to_double(v, what);
}

// Generator.shuffle's Fisher-Yates over the first axis: j = random_interval(i) for i = n-1 .. 1.
void gen_shuffle_tensor(numpy::PCG64Random& rng, Tensor& x) {
    if (x.dim() == 0) raise(T().TypeError, "len() of unsized object");
    for (int64_t i = x.size(0) - 1; i >= 1; --i) {
        int64_t j = int64_t(rng.interval(uint64_t(i)));
        if (i == j) continue;
        Tensor a = select(x, 0, i), b = select(x, 0, j);
        Tensor tmp = clone(b);
        copy_(b, a);
        copy_(a, tmp);
    }
}

void generator_methods() {
    auto def = [](const char* spec, Body body) {
        std::string full = spec;
        full.insert(full.find('(') + 1, std::string("self") + (full[full.find('(') + 1] == ')' ? "" : ", "));
        auto sig = std::make_shared<Signature>(full);
        def_method(g_generator, sig->name().c_str(), [sig, body](Interpreter& in, const CallArgs& a) {
            Args v = sig->bind(a);
            return body(in, v);
        });
    };
    def("random(size=None, dtype=None, out=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        check_float64_dtype(v[2], "random");
        if (!is_none(v[3])) raise(T().NotImplementedError, "Generator.random(out=...) is not supported in Kiln");
        return float_result(in, v[1], [&] { return rng.next_double(); });
    });
    def("standard_normal(size=None, dtype=None, out=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        check_float64_dtype(v[2], "standard_normal");
        if (!is_none(v[3])) raise(T().NotImplementedError, "Generator.standard_normal(out=...) is not supported in Kiln");
        return float_result(in, v[1], [&] { return rng.standard_normal(); });
    });
    def("normal(loc=0.0, scale=1.0, size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double loc = scalar_param(v[1], "loc"), scale = scalar_param(v[2], "scale");
        if (scale < 0) raise(T().ValueError, "scale < 0");
        return float_result(in, v[3], [&] { return loc + numpy::mul_rounded(scale, rng.standard_normal()); });
    });
    def("uniform(low=0.0, high=1.0, size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double lo = scalar_param(v[1], "low"), hi = scalar_param(v[2], "high");
        double range = hi - lo;
        if (!std::isfinite(range)) raise(T().OverflowError, "high - low range exceeds valid bounds");
        if (range < 0) raise(T().ValueError, "high - low < 0");
        return float_result(in, v[3], [&] { return lo + numpy::mul_rounded(range, rng.next_double()); });
    });
    def("standard_exponential(size=None, dtype=None, method='zig', out=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        check_float64_dtype(v[2], "standard_exponential");
        if (!v[3].is(Kind::Str) || str_of(v[3]) != "zig") raise(T().NotImplementedError, "Generator.standard_exponential: only method='zig' is supported in Kiln");
        return float_result(in, v[1], [&] { return rng.standard_exponential(); });
    });
    def("exponential(scale=1.0, size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double scale = scalar_param(v[1], "scale");
        if (scale < 0) raise(T().ValueError, "scale < 0");
        return float_result(in, v[2], [&] { return numpy::mul_rounded(scale, rng.standard_exponential()); });
    });
    def("integers(low, high=None, size=None, dtype=None, endpoint=False)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        for (int i = 1; i <= 2; ++i)
            if (as_nd(v[i]) && !is_scalar_obj(v[i]) && as_nd(v[i])->t.dim() > 0)
                raise(T().NotImplementedError, "Generator.integers with array bounds is not supported in Kiln");
        bool py_int = !is_none(v[4]) && v[4].is(Kind::Type) && v[4].get<Type>() == T().int_;
        if (!is_none(v[4]) && !py_int) {
            auto d = to_np_dtype(v[4]);
            if (!d || *d != DType::Int64) raise(T().NotImplementedError, "Generator.integers(dtype=...): only int64 is supported in Kiln");
        }
        int64_t lo = int_arg(v[1], "low"), hi;
        if (is_none(v[2])) {
            hi = lo;
            lo = 0;
        } else {
            hi = int_arg(v[2], "high");
        }
        bool closed = truthy(in, v[5]);
        if (!closed) {
            if (hi == INT64_MIN) raise(T().ValueError, "high is out of bounds for int64");
            hi -= 1;
        }
        if (lo > hi) raise(T().ValueError, closed ? "low > high" : "low >= high");
        uint64_t span = uint64_t(hi) - uint64_t(lo);
        if (is_none(v[3])) {
            int64_t r = int64_t(uint64_t(lo) + rng.bounded(span));
            if (py_int) return Value::integer(r);
            return wrap_scalar(scalar_tensor_of(Scalar(r), DType::Int64));
        }
        Shape s = shape_arg(in, v[3]);
        Tensor t = Tensor::empty(s, DType::Int64);
        int64_t* p = t.data_ptr<int64_t>();
        for (int64_t i = 0; i < t.numel(); ++i) p[i] = int64_t(uint64_t(lo) + rng.bounded(span));
        return wrap_array(t);
    });
    def("shuffle(x, axis=0)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        const Value& x = v[1];
        if (int_arg(v[2], "axis") != 0) raise(T().NotImplementedError, "Generator.shuffle(axis=...) is not supported in Kiln");
        if (auto* n = as_nd(x)) {
            gen_shuffle_tensor(rng, n->t);
            return none();
        }
        if (auto* t = x.as<TensorObj>()) {
            gen_shuffle_tensor(rng, t->tensor);
            return none();
        }
        int64_t n = length(in, x);
        for (int64_t i = n - 1; i >= 1; --i) {
            int64_t j = int64_t(rng.interval(uint64_t(i)));
            Value a = getitem(in, x, Value::integer(i)), b = getitem(in, x, Value::integer(j));
            setitem(in, x, Value::integer(i), b);
            setitem(in, x, Value::integer(j), a);
        }
        return none();
    });
    def("permutation(x, axis=0)", [](Interpreter&, Args& v) {
        auto& rng = gen_of(v[0]);
        const Value& x = v[1];
        if (int_arg(v[2], "axis") != 0) raise(T().NotImplementedError, "Generator.permutation(axis=...) is not supported in Kiln");
        if (x.is_int() || (is_scalar_obj(x) && as_nd(x)->t.dtype() == DType::Int64)) {
            Tensor t = arange(Scalar(int_arg(x, "x")), TensorOptions{DType::Int64});
            gen_shuffle_tensor(rng, t);
            return wrap_array(t);
        }
        Tensor a = to_arr(x);
        if (a.dim() < 1) raise(T().IndexError, "x must be an integer or at least 1-dimensional");
        if (a.dim() == 1) {
            Tensor c = clone(a);
            gen_shuffle_tensor(rng, c);
            return wrap_array(c);
        }
        Tensor idx = arange(Scalar(a.size(0)), TensorOptions{DType::Int64});
        gen_shuffle_tensor(rng, idx);
        return wrap_array(index_select(a, 0, idx));
    });
    def("choice(a, size=None, replace=True, p=None, axis=0, shuffle=True)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        const Value& av = v[1];
        if (int_arg(v[5], "axis") != 0) raise(T().NotImplementedError, "Generator.choice(axis=...) is not supported in Kiln");
        bool scalar_a = av.is_int() || (is_scalar_obj(av) && as_nd(av)->t.dtype() == DType::Int64);
        Tensor arr;
        int64_t pop;
        if (scalar_a) {
            pop = int_arg(av, "a");
            if (pop <= 0) raise(T().ValueError, "a must be a positive integer unless no samples are taken");
        } else {
            arr = to_arr(av);
            if (arr.dim() < 1) raise(T().ValueError, "a must be a sequence or an integer, not 0-dimensional");
            pop = arr.size(0);
            if (pop == 0) raise(T().ValueError, "a cannot be empty unless no samples are taken");
        }
        Shape shape;
        bool has_shape = !is_none(v[2]);
        if (has_shape) shape = shape_arg(in, v[2]);
        int64_t size = has_shape ? shape_numel(shape) : 1;
        bool replace = truthy(in, v[3]);
        std::vector<double> cdf;
        if (!is_none(v[4])) {
            const double atol = choice_atol(v[4]);
            Tensor p = contiguous(to_arr(v[4], DType::Float64));
            if (p.dim() != 1) raise(T().ValueError, "p must be 1-dimensional");
            if (p.size(0) != pop) raise(T().ValueError, "a and p must have same size");
            const double* pp = p.data_ptr<double>();
            double total = 0, comp = 0;
            for (int64_t i = 0; i < pop; ++i) {
                if (std::isnan(pp[i])) raise(T().ValueError, "Probabilities contain NaN");
                if (pp[i] < 0) raise(T().ValueError, "Probabilities are not non-negative");
                double y = pp[i] - comp, t = total + y;  // NumPy's kahan_sum
                comp = (t - total) - y;
                total = t;
            }
            if (std::fabs(total - 1.0) > atol)
                raise(T().ValueError, "Probabilities do not sum to 1. See Notes section of docstring for more information.");
            double acc = 0;
            for (int64_t i = 0; i < pop; ++i) cdf.push_back(acc += pp[i]);
            double last = cdf.back();
            for (double& c : cdf) c /= last;
        }
        std::vector<int64_t> idx;
        if (replace) {
            if (!cdf.empty()) {
                for (int64_t i = 0; i < size; ++i) {
                    double u = rng.next_double();
                    idx.push_back(int64_t(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin()));
                }
            } else {
                for (int64_t i = 0; i < size; ++i) idx.push_back(int64_t(rng.bounded(uint64_t(pop) - 1)));
            }
        } else {
            if (size > pop) raise(T().ValueError, "Cannot take a larger sample than population when replace is False");
            if (!cdf.empty()) raise(T().NotImplementedError, "Generator.choice with replace=False and p= is not supported in Kiln");
            bool shuffle = truthy(in, v[6]);
            int64_t cutoff = shuffle ? 50 : 20;
            if (pop > 10000 && size > pop / cutoff) {
                // tail shuffle of the last `size` positions (Lemire draws)
                std::vector<int64_t> all(static_cast<size_t>(pop), 0);
                for (int64_t i = 0; i < pop; ++i) all[size_t(i)] = i;
                for (int64_t i = pop - 1; i >= std::max<int64_t>(pop - size, 1); --i) {
                    int64_t j = int64_t(rng.bounded(uint64_t(i)));
                    std::swap(all[size_t(i)], all[size_t(j)]);
                }
                idx.assign(all.end() - size, all.end());
            } else {
                // Floyd's algorithm, then a Lemire shuffle of the sample
                std::vector<int64_t> chosen;
                std::unordered_set<int64_t> seen;
                for (int64_t j = pop - size; j < pop; ++j) {
                    int64_t val = int64_t(rng.bounded(uint64_t(j)));
                    if (seen.insert(val).second) {
                        chosen.push_back(val);
                    } else {
                        seen.insert(j);
                        chosen.push_back(j);
                    }
                }
                if (shuffle)
                    for (int64_t i = size - 1; i >= 1; --i) {
                        int64_t j = int64_t(rng.bounded(uint64_t(i)));
                        std::swap(chosen[size_t(i)], chosen[size_t(j)]);
                    }
                idx = std::move(chosen);
            }
        }
        Tensor it = Tensor::empty(has_shape ? shape : Shape{}, DType::Int64);
        std::copy(idx.begin(), idx.end(), it.data_ptr<int64_t>());
        if (scalar_a) return has_shape ? wrap_array(it) : Value::integer(idx[0]);
        Tensor r = index_select(arr, 0, reshape(it, {-1}));
        Shape out_shape = has_shape ? shape : Shape{};
        for (int64_t d = 1; d < arr.dim(); ++d) out_shape.push_back(arr.size(d));
        r = reshape(r, out_shape);
        return wrap_result(r);
    });
    // Scalar-parameter continuous distributions: (name, spec, constraint per parameter, draw).
    enum Cons { kNone, kNonNeg, kPos };
    auto check = [](double v, Cons c, const char* name) {
        if (std::isnan(v) && c != kNone) raise(T().ValueError, str(name, " value is NaN"));
        if (c == kNonNeg && v < 0) raise(T().ValueError, str(name, " < 0"));
        if (c == kPos && v <= 0) raise(T().ValueError, str(name, " <= 0"));
    };
    def("standard_gamma(shape, size=None, dtype=None, out=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double shape = scalar_param(v[1], "shape");
        check(shape, kNonNeg, "shape");
        check_float64_dtype(v[3], "standard_gamma");
        return float_result(in, v[2], [&] { return rng.standard_gamma(shape); });
    });
    def("gamma(shape, scale=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double shape = scalar_param(v[1], "shape"), scale = scalar_param(v[2], "scale");
        check(shape, kNonNeg, "shape");
        check(scale, kNonNeg, "scale");
        return float_result(in, v[3], [&] { return numpy::mul_rounded(scale, rng.standard_gamma(shape)); });
    });
    def("beta(a, b, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double a = scalar_param(v[1], "a"), b = scalar_param(v[2], "b");
        check(a, kPos, "a");
        check(b, kPos, "b");
        return float_result(in, v[3], [&] { return rng.beta(a, b); });
    });
    def("chisquare(df, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double df = scalar_param(v[1], "df");
        check(df, kPos, "df");
        return float_result(in, v[2], [&] { return 2.0 * rng.standard_gamma(df / 2.0); });
    });
    def("standard_t(df, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double df = scalar_param(v[1], "df");
        check(df, kPos, "df");
        return float_result(in, v[2], [&] {
            double num = rng.standard_normal(), denom = rng.standard_gamma(df / 2);
            return std::sqrt(df / 2) * num / std::sqrt(denom);
        });
    });
    def("standard_cauchy(size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        return float_result(in, v[1], [&] {
            double a = rng.standard_normal(), b = rng.standard_normal();
            return a / b;
        });
    });
    def("lognormal(mean=0.0, sigma=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double mean = scalar_param(v[1], "mean"), sigma = scalar_param(v[2], "sigma");
        check(sigma, kNonNeg, "sigma");
        return float_result(in, v[3], [&] { return std::exp(mean + numpy::mul_rounded(sigma, rng.standard_normal())); });
    });
    def("laplace(loc=0.0, scale=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double loc = scalar_param(v[1], "loc"), scale = scalar_param(v[2], "scale");
        check(scale, kNonNeg, "scale");
        return float_result(in, v[3], [&] {
            for (;;) {
                double U = rng.next_double();
                if (U >= 0.5) return loc - numpy::mul_rounded(scale, std::log(2.0 - U - U));
                if (U > 0.0) return loc + numpy::mul_rounded(scale, std::log(U + U));
            }
        });
    });
    def("gumbel(loc=0.0, scale=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double loc = scalar_param(v[1], "loc"), scale = scalar_param(v[2], "scale");
        check(scale, kNonNeg, "scale");
        return float_result(in, v[3], [&] {
            for (;;) {
                double U = 1.0 - rng.next_double();
                if (U < 1.0) return loc - numpy::mul_rounded(scale, std::log(-std::log(U)));
            }
        });
    });
    def("logistic(loc=0.0, scale=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double loc = scalar_param(v[1], "loc"), scale = scalar_param(v[2], "scale");
        check(scale, kNonNeg, "scale");
        return float_result(in, v[3], [&] {
            for (;;) {
                double U = rng.next_double();
                if (U > 0.0) return loc + numpy::mul_rounded(scale, std::log(U / (1.0 - U)));
            }
        });
    });
    def("rayleigh(scale=1.0, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double scale = scalar_param(v[1], "scale");
        check(scale, kNonNeg, "scale");
        return float_result(in, v[2], [&] { return scale * std::sqrt(2.0 * rng.standard_exponential()); });
    });
    def("weibull(a, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double a = scalar_param(v[1], "a");
        check(a, kNonNeg, "a");
        return float_result(in, v[2], [&] { return a == 0.0 ? 0.0 : std::pow(rng.standard_exponential(), 1. / a); });
    });
    def("pareto(a, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double a = scalar_param(v[1], "a");
        check(a, kPos, "a");
        return float_result(in, v[2], [&] { return std::expm1(rng.standard_exponential() / a); });
    });
    def("power(a, size=None)", [check](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double a = scalar_param(v[1], "a");
        check(a, kPos, "a");
        return float_result(in, v[2], [&] { return std::pow(-std::expm1(-rng.standard_exponential()), 1. / a); });
    });
    def("poisson(lam=1.0, size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double lam = scalar_param(v[1], "lam");
        if (std::isnan(lam)) raise(T().ValueError, "lam value is NaN");
        if (lam < 0) raise(T().ValueError, "lam < 0");
        if (lam > 9.223372006484771e18) raise(T().ValueError, "lam value too large");
        return int_result(in, v[2], [&] { return rng.poisson(lam); });
    });
    def("binomial(n, p, size=None)", [](Interpreter& in, Args& v) {
        auto& rng = gen_of(v[0]);
        double p = scalar_param(v[2], "p");
        int64_t n = int64_t(scalar_param(v[1], "n"));
        if (!(p >= 0) || !(p <= 1)) raise(T().ValueError, "p < 0, p > 1 or p is NaN");
        if (n < 0) raise(T().ValueError, "n < 0");
        return int_result(in, v[3], [&] { return rng.binomial(n, p); });
    });
    def_method(g_generator, "__str__", [](Interpreter&, const CallArgs&) { return new_str("Generator(PCG64)"); });
    def_method(g_generator, "__repr__", [](Interpreter&, const CallArgs& a) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%llX", (unsigned long long)(uintptr_t)a.args[0].obj());
        return new_str(str("Generator(PCG64) at 0x", buf));
    });
}

// ---- the module -----------------------------------------------------------------------------------------

using Unary = double (*)(double);

double np_sign(double x) { return std::isnan(x) ? x : double((x > 0) - (x < 0)); }
double np_round_half_even(double x) { return std::nearbyint(x); }
// NumPy multiplies by the constant (npy_deg2rad: x * (NPY_PI / 180.0)).
double np_deg2rad(double x) { return x * (3.141592653589793238462643383279502884 / 180.0); }
double np_rad2deg(double x) { return x * (180.0 / 3.141592653589793238462643383279502884); }

Tensor round_np(const Tensor& t, int64_t decimals) {
    if (kind_of(t.dtype()) < 2) return t;
    if (t.is_complex()) return kiln::complex(round_np(real(t), decimals), round_np(imag(t), decimals));  // each part, as NumPy
    if (decimals == 0) return map_float(t, [](double x) { return std::nearbyint(x); });
    double f = std::pow(10.0, double(std::llabs(decimals)));
    if (decimals > 0) return map_float(t, [f](double x) { return std::nearbyint(x * f) / f; });
    return map_float(t, [f](double x) { return std::nearbyint(x / f) * f; });
}

Tensor clip_np(Interpreter&, const Tensor& t, const Value& lo, const Value& hi) {
    if (is_none(lo) && is_none(hi)) raise(T().ValueError, "One of max or min must be given");
    Operand cur;
    cur.t = t;
    Tensor r = t;
    if (!is_none(lo)) {
        r = binary_tensor(Bin::Max, cur, operand_or_raise(lo));
        cur.t = r;
    }
    if (!is_none(hi)) r = binary_tensor(Bin::Min, cur, operand_or_raise(hi));
    return r;
}

Tensor isclose_t(const Tensor& a0, const Tensor& b0, double rtol, double atol, bool equal_nan) {
    Shape s = broadcast_shapes(a0.sizes(), b0.sizes());
    Tensor a = contiguous(expand(to_dtype(a0, DType::Float64), s)), b = contiguous(expand(to_dtype(b0, DType::Float64), s));
    Tensor out = Tensor::empty(s, DType::Bool);
    const double *pa = a.data_ptr<double>(), *pb = b.data_ptr<double>();
    bool* q = out.data_ptr<bool>();
    for (int64_t i = 0; i < out.numel(); ++i) {
        double x = pa[i], y = pb[i];
        if (std::isnan(x) || std::isnan(y))
            q[i] = equal_nan && std::isnan(x) && std::isnan(y);
        else if (std::isinf(x) || std::isinf(y))
            q[i] = x == y;
        else
            q[i] = std::fabs(x - y) <= atol + numpy::mul_rounded(rtol, std::fabs(y));
    }
    return out;
}

Tensor dot_np(const Tensor& a, const Tensor& b) {
    if (a.dim() == 0 || b.dim() == 0) {
        Operand x, y;
        x.t = a;
        y.t = b;
        return binary_tensor(Bin::Mul, x, y);
    }
    DType d = promote(a.dtype(), b.dtype());
    Tensor x = cast(a, d), y = cast(b, d);
    if (b.dim() > 2) raise(T().NotImplementedError, "np.dot of an array with more than 2 dimensions as its second argument is not supported in Kiln; use np.matmul");
    if (a.size(-1) != (b.dim() == 1 ? b.size(0) : b.size(0))) {
        auto sh = [](const Tensor& t) {
            std::string s = "(";
            for (int64_t i = 0; i < t.dim(); ++i) s += (i ? "," : "") + std::to_string(t.size(i));
            return s + (t.dim() == 1 ? ",)" : ")");
        };
        raise(T().ValueError, str("shapes ", sh(a), " and ", sh(b), " not aligned: ", a.size(-1), " (dim ", a.dim() - 1, ") != ", b.size(0), " (dim 0)"));
    }
    return matmul_np(x, y);
}

Tensor sort_t(const Tensor& t, const Value& axis) {
    if (is_none(axis)) return sort(reshape(contiguous(t), {-1}), 0, false, true).first;
    if (t.dim() == 0) raise(T().ValueError, "Cannot sort a 0-d array");  // AxisError in NumPy
    int64_t ax = axes_of(axis, t.dim())[0];
    Tensor x = t.dtype() == DType::Bool ? to_dtype(t, DType::Int64) : t;
    return cast(sort(x, ax, false, true).first, t.dtype());
}

Tensor argsort_t(const Tensor& t, const Value& axis) {
    Tensor x = t.dtype() == DType::Bool ? to_dtype(t, DType::Int64) : t;
    if (is_none(axis)) return argsort(reshape(contiguous(x), {-1}), 0, false, true);
    int64_t ax = axes_of(axis, t.dim())[0];
    return argsort(x, ax, false, true);
}

// The kind= of sort/argsort as NumPy's sortkind_parser reads it: None, "stable", or a str starting
// with q, h, m or s (any case); anything else is its converter's error, never silently a default.
void check_np_sort_kind(const Value& kind) {
    if (kind.is_null() || is_none(kind)) return;
    if (!kind.is(Kind::Str)) raise(T().TypeError, str("sort kind must be str, not ", type_name(kind)));
    const std::string k = str_of(kind);
    const char c = k.empty() ? '\0' : char(std::tolower(static_cast<unsigned char>(k[0])));
    if (c != 'q' && c != 'h' && c != 'm' && c != 's')
        raise(T().ValueError, str("sort kind must be one of 'quick', 'heap', or 'stable' (got ", repr(current_interpreter(), kind), ")"));
}

// np.NAME(a, ...) of the reductions and reshapes below on an ndarray: the method with the same keywords
// (out= must be None).
Value ndarray_function(Interpreter& in, const std::string& name, const Signature& sig, const Args& v, const Value& arr) {
    if (name == "sort" || name == "argsort") check_np_sort_kind(v[2]);
    if (name == "sort") return wrap_array(sort_t(as_nd(arr)->t, v[1]));
    Value meth = getattr(in, arr, name);
    std::vector<std::string> names = sig.param_names();
    std::vector<Value> kwv;
    std::vector<Value> kwn;
    for (size_t i = 1; i < v.size(); ++i) {
        if (names[i] == "out") {
            if (!is_none(v[i])) raise(T().NotImplementedError, "out= is not supported in Kiln's numpy");
            continue;
        }
        if (names[i] == "kind" || names[i] == "order") continue;
        if (v[i].is_null()) continue;
        kwv.push_back(v[i]);
        kwn.push_back(new_str(names[i]));
    }
    if (name == "transpose") {
        if (is_none(v[1])) return in.call(meth, std::vector<Value>{});
        return in.call(meth, std::vector<Value>{v[1]});
    }
    if (name == "reshape") return in.call(meth, std::vector<Value>{v[1]});
    if (name == "ravel") return in.call(meth, std::vector<Value>{});
    Value kwtuple = new_tuple(kwn);
    CallArgs ca;
    ca.args = nullptr;
    ca.nargs = 0;
    ca.kwvalues = kwv.data();
    ca.nkw = kwv.size();
    ca.kwnames = kwtuple.get<Tuple>();
    return in.call(meth, ca);
}

Value nonzero_v(const Tensor& t0) {
    Tensor t = contiguous(t0.dim() == 0 ? reshape(t0, {1}) : t0);
    Tensor b = ne(to_dtype(t, DType::Float64), Scalar(0.0));
    const bool* p = contiguous(b).data_ptr<bool>();
    std::vector<std::vector<int64_t>> idx(size_t(t.dim()));
    Shape st = contiguous_strides(t.sizes());
    for (int64_t i = 0; i < t.numel(); ++i)
        if (p[i])
            for (int64_t d = 0; d < t.dim(); ++d) idx[size_t(d)].push_back(i / st[size_t(d)] % t.size(d));
    std::vector<Value> out;
    for (auto& v : idx) {
        Tensor r = Tensor::empty({int64_t(v.size())}, DType::Int64);
        std::copy(v.begin(), v.end(), r.data_ptr<int64_t>());
        out.push_back(wrap_array(r));
    }
    return new_tuple(out);
}

Value unique_v(Interpreter& in, const Tensor& t, const Value& ri, const Value& rinv, const Value& rc) {
    Tensor flat = contiguous(reshape(contiguous(t), {-1}));
    Tensor key = t.dtype() == DType::Bool ? to_dtype(flat, DType::Int64) : flat;
    Tensor order = argsort(key, 0, false, true);
    Tensor sorted_v = index_select(key, 0, order);
    std::vector<double> dv = sorted_v.to_double_vector();
    std::vector<int64_t> ord = order.to_int_vector();
    std::vector<int64_t> first_idx, counts, inverse(size_t(flat.numel()));
    std::vector<int64_t> take;
    for (size_t i = 0; i < dv.size(); ++i) {
        bool fresh = i == 0 || !(dv[i] == dv[i - 1] || (std::isnan(dv[i]) && std::isnan(dv[i - 1])));
        if (fresh) {
            take.push_back(int64_t(i));
            first_idx.push_back(ord[i]);
            counts.push_back(0);
        }
        counts.back()++;
        inverse[size_t(ord[i])] = int64_t(take.size()) - 1;
    }
    auto long_t = [](const std::vector<int64_t>& v) {
        Tensor r = Tensor::empty({int64_t(v.size())}, DType::Int64);
        std::copy(v.begin(), v.end(), r.data_ptr<int64_t>());
        return r;
    };
    Tensor u = cast(index_select(sorted_v, 0, long_t(take)), t.dtype());
    bool want_i = flag(in, ri), want_inv = flag(in, rinv), want_c = flag(in, rc);
    if (!want_i && !want_inv && !want_c) return wrap_array(u);
    std::vector<Value> out{wrap_array(u)};
    if (want_i) out.push_back(wrap_array(long_t(first_idx)));
    if (want_inv) out.push_back(wrap_array(reshape(long_t(inverse), t.dim() ? Shape{flat.numel()} : Shape{1})));
    if (want_c) out.push_back(wrap_array(long_t(counts)));
    return new_tuple(out);
}

Tensor arange_np(const Value& a0, const Value& a1, const Value& a2, std::optional<DType> dt) {
    Value start = a0, stop = a1, step = a2;
    if (is_none(stop)) {
        stop = start;
        start = Value::integer(0);
    }
    if (is_none(step)) step = Value::integer(1);
    auto pyval = [](const Value& v) { return is_scalar_obj(v) ? scalar_value(as_nd(v)->t.item()) : v; };
    start = pyval(start);
    stop = pyval(stop);
    step = pyval(step);
    bool ints = (start.is_int() || start.is_bool()) && (stop.is_int() || stop.is_bool()) && (step.is_int() || step.is_bool());
    DType d = dt.value_or(ints ? DType::Int64 : DType::Float64);
    double s0 = to_double(start, "start"), s1 = to_double(stop, "stop"), st = to_double(step, "step");
    if (st == 0) raise(T().ZeroDivisionError, "division by zero");
    // NumPy's _calc_length: the length in double, refused when it is NaN or past intp (a silent empty
    // array before: np.arange(1e30)); a step so large the quotient underflows still gives one value
    const double span = s1 - s0, q = span / st;
    if (std::isnan(q)) raise(T().ValueError, "arange: cannot compute length");
    if (std::ceil(q) >= 9223372036854775808.0) raise(T().ValueError, "Maximum allowed size exceeded");
    int64_t n = q == 0.0 && span != 0.0 ? (std::signbit(q) ? 0 : 1) : int64_t(std::max(std::ceil(q), 0.0));
    if (ints) n = std::max<int64_t>(0, (to_int(stop, "") - to_int(start, "") + to_int(step, "") - (to_int(step, "") > 0 ? 1 : -1)) / to_int(step, ""));
    n = std::max<int64_t>(n, 0);
    if (ints && kind_of(d) == 1) {
        Tensor t = Tensor::empty({n}, DType::Int64);
        int64_t* p = t.data_ptr<int64_t>();
        for (int64_t i = 0; i < n; ++i) p[i] = to_int(start, "") + i * to_int(step, "");
        return cast(t, d);  // np.arange(4, dtype=np.uint8)
    }
    Tensor t = Tensor::empty({n}, DType::Float64);
    double* p = t.data_ptr<double>();
    double delta = (s0 + st) - s0;
    for (int64_t i = 0; i < n; ++i) p[i] = i == 0 ? s0 : s0 + numpy::mul_rounded(double(i), delta);
    return cast(t, d);
}

// linspace's float32 path: NumPy computes in result_type(start, stop, float(num)), which is float32 when
// start/stop are float32 arrays or tensors (a 0-d torch tensor through __array__: x.min() - 0.1).
Tensor linspace_np_f32(float start, float stop, int64_t num, bool endpoint, double* step_out) {
    float div = endpoint ? float(num - 1) : float(num);
    float delta = stop - start;
    Tensor t = Tensor::empty({num}, DType::Float32);
    float* p = t.data_ptr<float>();
    float step = div > 0 ? delta / div : std::nanf("");
    for (int64_t i = 0; i < num; ++i) {
        volatile float y = div > 0 ? (step == 0 ? float(i) / div * delta : float(i) * step) : float(i) * delta;
        p[i] = y + start;
    }
    if (endpoint && num > 1) p[num - 1] = stop;
    if (step_out) *step_out = step;
    return t;
}

Tensor linspace_np(double start, double stop, int64_t num, bool endpoint, std::optional<DType> dt, double* step_out) {
    if (num < 0) raise(T().ValueError, str("Number of samples, ", num, ", must be non-negative."));
    double div = endpoint ? double(num - 1) : double(num);
    double delta = stop - start;
    Tensor t = Tensor::empty({num}, DType::Float64);
    double* p = t.data_ptr<double>();
    double step = div > 0 ? delta / div : std::nan("");
    for (int64_t i = 0; i < num; ++i) {
        if (div > 0)
            p[i] = step == 0 ? numpy::mul_rounded(double(i) / div, delta) + start : numpy::mul_rounded(double(i), step) + start;
        else
            p[i] = numpy::mul_rounded(double(i), delta) + start;
    }
    if (endpoint && num > 1) p[num - 1] = stop;
    if (step_out) *step_out = step;
    DType d = dt.value_or(DType::Float64);
    if (kind_of(d) == 1) t = map_float(t, [](double x) { return std::floor(x); });
    return cast(t, d);
}

// A ufunc's out= argument: the result is written into that array (NumPy's same_kind casting rule)
// and the array is returned; without it the result is returned (a scalar when 0-d).
// out= itself (a 1-tuple unwrapped into `o`): an ndarray that a result of dtype `result` may be cast into.
NdArray* ufunc_out_array(const Value& out, DType result, const char* name, Value& o) {
    o = out;
    if (o.is(Kind::Tuple) && o.get<Tuple>()->items.size() == 1) o = o.get<Tuple>()->items[0];
    auto* n = as_nd(o);
    if (!n || !is_array_type(n)) raise(T().TypeError, "return arrays must be of ArrayType");
    if (kind_of(result) > kind_of(n->t.dtype()))
        raise(T().TypeError, str("Cannot cast ufunc '", name, "' output from dtype('", np_name(result), "') to dtype('",
                                 np_name(n->t.dtype()), "') with casting rule 'same_kind'"));
    return n;
}

Value ufunc_out(const Tensor& r, const Value& out, const char* name) {
    if (is_none(out)) return wrap_result(r);
    Value o;
    NdArray* n = ufunc_out_array(out, r.dtype(), name, o);
    if (broadcast_shapes(r.sizes(), n->t.sizes()) != n->t.sizes())
        raise(T().ValueError, str("non-broadcastable output operand with shape ", shape_str(n->t.sizes()),
                                  " doesn't match the broadcast shape ", shape_str(r.sizes())));
    copy_(n->t, cast(r, n->t.dtype()));
    return o;
}

// A ufunc's result handed to its inputs' output wrapper, as NumPy's ufunc machinery does: without
// out=, the input of highest __array_priority__ that is not a NumPy array or scalar and defines
// __array_wrap__ gets the result (np.sqrt(tensor) is a tensor through torch.Tensor.__array_wrap__,
// np.greater(tensor, 0) a uint8 one); Python numbers and NumPy's own objects wrap nothing.
Value ufunc_result(Interpreter& in, std::initializer_list<Value> inputs, const Tensor& r, const Value& out, const char* name) {
    if (!is_none(out)) return ufunc_out(r, out, name);
    Value best;
    double best_priority = 0;
    for (const Value& x : inputs) {
        if (as_nd(x) || x.is_bool() || x.is_int() || x.is_float() || is_none(x)) continue;
        if (getattr_or_null(in, x, "__array_wrap__").is_null()) continue;
        double priority = 0;
        Value pr = getattr_or_null(in, x, "__array_priority__");
        if (pr.is_float()) priority = pr.as_float();
        else if (pr.is_int()) priority = double(pr.as_int());
        if (best.is_null() || priority > best_priority) {
            best = x;
            best_priority = priority;
        }
    }
    if (best.is_null()) return wrap_result(r);
    return array_wrap(in, best, wrap_array(r));
}

// A ufunc's where= mask (NumPy's `np.log(x, out=z, where=x > 0)`, GloVe's log of a co-occurrence
// matrix): positions where the broadcast mask is False keep out's values; without out= they are
// unspecified in NumPy (an uninitialised buffer), here the computed values. where=True is the plain call.
Value ufunc_result_where(Interpreter& in, std::initializer_list<Value> inputs, const Tensor& r, const Value& out,
                         const Value& where_v, const char* name) {
    if (where_v.is_bool() && where_v.as_bool()) return ufunc_result(in, inputs, r, out, name);
    Tensor mask = to_arr(where_v);
    if (mask.dtype() != DType::Bool) mask = ne(mask, Scalar(int64_t(0)));
    if (is_none(out)) return ufunc_result(in, inputs, r, out, name);
    Value o;
    NdArray* n = ufunc_out_array(out, r.dtype(), name, o);
    // the result and the mask broadcast to out's shape (out itself never grows)
    Shape out_shape = n->t.sizes();
    for (const Shape& part : {r.sizes(), mask.sizes()}) {
        bool fits = part.size() <= out_shape.size();
        for (size_t i = 0; fits && i < part.size(); ++i) {
            int64_t a = part[part.size() - 1 - i], b = out_shape[out_shape.size() - 1 - i];
            fits = a == b || a == 1;
        }
        if (!fits)
            raise(T().ValueError, str("non-broadcastable output operand with shape ", shape_str(out_shape),
                                      " doesn't match the broadcast shape ", shape_str(part)));
    }
    Tensor merged = where(mask, cast(r, n->t.dtype()), n->t);
    copy_(n->t, merged);
    return o;
}

// np.finfo / np.iinfo: machine limits of a dtype, as attributes holding NumPy scalars.
Type* g_finfo = nullptr;
Type* g_iinfo = nullptr;

Value limits_info(const Value& arg, bool floating) {
    std::optional<DType> d;
    if (auto* n = as_nd(arg)) d = n->t.dtype();
    else d = to_np_dtype(arg);
    DType dt = d.value_or(floating ? DType::Float64 : DType::Int64);
    if (floating && kind_of(dt) != 2) raise(T().ValueError, str("data type <class 'numpy.", np_name(dt), "'> not inexact"));
    if (!floating && kind_of(dt) != 1) raise(T().ValueError, str("Invalid integer data type '", dt == DType::Bool ? "b" : "f", "'."));
    auto info = make<Instance>(floating ? g_finfo : g_iinfo);
    auto sc = [dt](double v) { return wrap_scalar(scalar_tensor_of(Scalar(v), dt)); };
    info->dict.set("dtype", dtype_obj(dt));
    info->dict.set("bits", Value::integer(int64_t(dtype_size(dt) * 8)));
    if (!floating) {
        info->dict.set("min", Value::integer(dtype_int_min(dt)));
        info->dict.set("max", Value::integer(dtype_int_max(dt)));
        return Value(info.get());
    }
    double eps, mx, tiny;
    int precision;
    if (dt == DType::Float64) {
        eps = 2.220446049250313e-16, mx = 1.7976931348623157e308, tiny = 2.2250738585072014e-308, precision = 15;
    } else if (dt == DType::Float32) {
        eps = 1.1920928955078125e-07, mx = 3.4028234663852886e38, tiny = 1.1754943508222875e-38, precision = 6;
    } else {
        eps = 0.0009765625, mx = 65504.0, tiny = 6.103515625e-05, precision = 3;
    }
    info->dict.set("eps", sc(eps));
    info->dict.set("max", sc(mx));
    info->dict.set("min", sc(-mx));
    info->dict.set("tiny", sc(tiny));
    info->dict.set("smallest_normal", sc(tiny));
    info->dict.set("precision", Value::integer(precision));
    info->dict.set("resolution", sc(std::pow(10.0, -precision)));
    return Value(info.get());
}

void inherit_float_methods();  // below, with the scalar types

void numpy_module(Interpreter& in, ModuleObj& m) {
    inherit_float_methods();
    numpy::print_options() = numpy::PrintOptions();
    m.dict.set("__version__", new_str("2.5.2"));
    m.dict.set("pi", Value::number(M_PI));
    m.dict.set("e", Value::number(M_E));
    m.dict.set("inf", Value::number(HUGE_VAL));
    m.dict.set("nan", Value::number(std::nan("")));
    m.dict.set("newaxis", none());
    m.dict.set("ndarray", Value(g_ndarray));
    m.dict.set("memmap", Value(g_memmap));
    m.dict.set("generic", Value(g_generic));
    m.dict.set("number", Value(g_number));
    m.dict.set("integer", Value(g_integer));
    m.dict.set("signedinteger", Value(g_signed));
    m.dict.set("unsignedinteger", Value(g_unsigned));
    m.dict.set("inexact", Value(g_inexact));
    m.dict.set("floating", Value(g_floating));
    m.dict.set("complexfloating", Value(g_complexfloating));
    m.dict.set("dtype", Value(g_dtype));
    for (int i = 0; i < kNumDTypes; ++i)
        if (DType(i) != DType::BFloat16) m.dict.set(np_name(DType(i)), Value(g_scalar[i]));
    m.dict.set("bool_", Value(g_scalar[int(DType::Bool)]));
    m.dict.set("int_", Value(g_scalar[int(DType::Int64)]));
    m.dict.set("intp", Value(g_scalar[int(DType::Int64)]));
    m.dict.set("double", Value(g_scalar[int(DType::Float64)]));
    m.dict.set("single", Value(g_scalar[int(DType::Float32)]));
    m.dict.set("half", Value(g_scalar[int(DType::Float16)]));
    m.dict.set("intc", Value(g_scalar[int(DType::Int32)]));
    m.dict.set("cdouble", Value(g_scalar[int(DType::Complex128)]));
    m.dict.set("csingle", Value(g_scalar[int(DType::Complex64)]));
    // NumPy 2.0 brought np.long / np.ulong back as the C long types: int64 / uint64 on 64-bit Linux
    // (`np.long is np.int64`); NumPy 1.24-1.26 had them removed (torchfm's np.array(..., dtype=np.long)).
    m.dict.set("long", Value(g_scalar[int(DType::Int64)]));
    m.dict.set("short", Value(g_scalar[int(DType::Int16)]));
    m.dict.set("byte", Value(g_scalar[int(DType::Int8)]));
    m.dict.set("ubyte", Value(g_scalar[int(DType::UInt8)]));
    m.dict.set("ushort", Value(g_scalar[int(DType::UInt16)]));
    m.dict.set("uintc", Value(g_scalar[int(DType::UInt32)]));
    for (auto& [name, ty] : g_unsupported) m.dict.set(name, Value(ty));
    if (const Value* u = m.dict.find("uint64")) m.dict.set("ulong", *u);

    // ---- creation ----
    def_fn(m, "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0)", [](Interpreter& in, Args& v) {
        // NumPy 2's copy keyword: True copies, None copies only when it must, False never copies
        // and raises where it would have to (a list, a tuple, a number, another dtype) -- the
        // `np.array(batch, copy=False)` of code written for NumPy 1 fails there.
        const bool copy_false = v[2].is_bool() && !v[2].as_bool();
        const bool copy_if_needed = is_none(v[2]) || copy_false;
        if (copy_if_needed) {
            auto* n = as_nd(v[0]);
            std::optional<DType> want = to_np_dtype(v[1]);
            if (n && is_array_type(n) && (!want || *want == n->t.dtype())) {
                int64_t ndmin = to_int(v[5], "ndmin");
                if (n->t.dim() >= ndmin) return v[0];
                Tensor t = n->t;
                while (t.dim() < ndmin) t = unsqueeze(t, 0);
                return wrap_array(t);
            }
            if (copy_false && (n || getattr_or_null(in, v[0], "__array__").is_null()))
                raise(T().ValueError,
                      "Unable to avoid copy while creating an array as requested.\n"
                      "If using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed "
                      "(no behavior change in NumPy 1.x).\n"
                      "For more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html"
                      "#adapting-to-changes-in-the-copy-keyword.");
        }
        Tensor t = from_data(v[0], to_np_dtype(v[1]));
        int64_t ndmin = to_int(v[5], "ndmin");
        while (t.dim() < ndmin) t = unsqueeze(t, 0);
        return wrap_array(t);
    });
    def_fn(m, "asarray(a, dtype=None, order=None)", [](Interpreter&, Args& v) {
        if (auto* n = as_nd(v[0]); n && n->type == g_ndarray && (is_none(v[1]) || to_np_dtype(v[1]) == n->t.dtype())) return v[0];
        return wrap_array(to_arr(v[0], to_np_dtype(v[1])));
    });
    // np.frombuffer: the bytes read as `dtype` elements in the machine's (little-endian) order, as
    // MNIST's idx loaders do (np.frombuffer(f.read(), np.uint8, offset=16)). NumPy's array is a
    // read-only view of the buffer; Kiln's is a copy.
    def_fn(m, "frombuffer(buffer, dtype=None, count=-1, offset=0)", [](Interpreter&, Args& v) {
        std::string data;
        if (!bytes_data(v[0], data))
            raise(T().TypeError, str("a bytes-like object is required, not '", type_name(v[0]), "'"));
        const DType d = to_np_dtype(v[1]).value_or(DType::Float64);
        const int64_t count = to_int(v[2], "count"), offset = to_int(v[3], "offset");
        const int64_t len = int64_t(data.size()), item = int64_t(dtype_size(d));
        if (offset < 0 || offset > len)
            raise(T().ValueError, str("offset must be non-negative and no greater than buffer length (", len, ")"));
        int64_t n = count;
        if (count < 0) {
            if ((len - offset) % item != 0) raise(T().ValueError, "buffer size must be a multiple of element size");
            n = (len - offset) / item;
        } else if (count * item > len - offset) {
            raise(T().ValueError, "buffer is smaller than requested size");
        }
        Tensor t = Tensor::empty({n}, d);
        if (n > 0) std::memcpy(t.data(), data.data() + offset, size_t(n * item));
        if (d == DType::Bool)  // any nonzero byte is True
            for (int64_t i = 0; i < n; ++i) t.data_ptr<bool>()[i] = data[size_t(offset + i)] != 0;
        Value out = wrap_array(t);
        // NumPy's array views the buffer: read-only over immutable bytes, writable over a bytearray
        const char* kind = bytes_kind(v[0]);
        if (kind && std::string(kind) == "bytes") {
            as_nd(out)->writeable = false;
            as_nd(out)->readonly_base = true;
        }
        return out;
    });
    def_fn(m, "ascontiguousarray(a, dtype=None)", [](Interpreter&, Args& v) { return wrap_array(contiguous(to_arr(v[0], to_np_dtype(v[1])))); });
    def_fn(m, "copy(a)", [](Interpreter&, Args& v) { return wrap_array(clone(to_arr(v[0]))); });
    for (const char* spec : {"zeros(shape, dtype=None, order='C')", "ones(shape, dtype=None, order='C')", "empty(shape, dtype=None, order='C')"}) {
        bool one = spec[0] == 'o';
        def_fn(m, spec, [one](Interpreter& in, Args& v) {
            DType d = to_np_dtype(v[1]).value_or(DType::Float64);
            return wrap_array(one ? kiln::ones(shape_arg(in, v[0]), TensorOptions{d}) : kiln::zeros(shape_arg(in, v[0]), TensorOptions{d}));
        });
    }
    def_fn(m, "full(shape, fill_value, dtype=None, order='C')", [](Interpreter& in, Args& v) {
        Tensor f = to_arr(v[1]);
        DType d = to_np_dtype(v[2]).value_or(f.dtype());
        if (v[1].is_float() && dtype_is_integral(d, false)) check_int_of_float(v[1].as_float());  // copyto packs it
        Tensor out = kiln::zeros(shape_arg(in, v[0]), TensorOptions{d});
        copy_(out, cast(f, d));
        return wrap_array(out);
    });
    for (const char* spec : {"zeros_like(a, dtype=None)", "ones_like(a, dtype=None)", "empty_like(a, dtype=None)"}) {
        bool one = spec[0] == 'o';
        def_fn(m, spec, [one](Interpreter&, Args& v) {
            Tensor a = to_arr(v[0]);
            DType d = to_np_dtype(v[1]).value_or(a.dtype());
            return wrap_array(one ? kiln::ones(a.sizes(), TensorOptions{d}) : kiln::zeros(a.sizes(), TensorOptions{d}));
        });
    }
    def_fn(m, "full_like(a, fill_value, dtype=None)", [](Interpreter&, Args& v) {
        Tensor a = to_arr(v[0]);
        DType d = to_np_dtype(v[2]).value_or(a.dtype());
        Tensor out = kiln::zeros(a.sizes(), TensorOptions{d});
        copy_(out, cast(to_arr(v[1]), d));
        return wrap_array(out);
    });
    def_fn(m, "arange(start, stop=None, step=None, dtype=None)", [](Interpreter&, Args& v) {
        return wrap_array(arange_np(v[0], v[1], v[2], to_np_dtype(v[3])));
    });
    def_fn(m, "linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)", [](Interpreter& in, Args& v) {
        double step = 0;
        // A one-element array or tensor bound is an array to NumPy (not a weak Python scalar): its dtype
        // takes part in the result type; float32 bounds compute in float32.
        std::optional<DType> bound_dt;
        auto bound = [&](const Value& x, const char* name) {
            std::optional<Tensor> arr;
            if (auto* n = as_nd(x)) arr = n->t;
            else if (auto* tt = x.as<TensorObj>()) arr = tt->tensor.detach();
            if (!arr || arr->numel() != 1) return to_double(plain_index(x), name);
            DType d = arr->dtype();
            bound_dt = bound_dt ? promote(*bound_dt, d) : d;
            return arr->item().to_double();
        };
        double start = bound(v[0], "start"), stop = bound(v[1], "stop");
        int64_t num = int_arg(v[2], "num");
        bool f32 = bound_dt && *bound_dt == DType::Float32;
        Tensor t;
        if (f32) {
            if (num < 0) raise(T().ValueError, str("Number of samples, ", num, ", must be non-negative."));
            t = linspace_np_f32(float(start), float(stop), num, truthy(in, v[3]), &step);
            if (auto d = to_np_dtype(v[5])) t = cast(kind_of(*d) == 1 ? map_float(t, [](double x) { return std::floor(x); }) : t, *d);
        } else {
            t = linspace_np(start, stop, num, truthy(in, v[3]), to_np_dtype(v[5]), &step);
        }
        if (truthy(in, v[4])) return new_tuple({wrap_array(t), Value::number(step)});
        return wrap_array(t);
    });
    def_fn(m, "eye(N, M=None, k=0, dtype=None)", [](Interpreter&, Args& v) {
        int64_t n = int_arg(v[0], "N"), mm = is_none(v[1]) ? n : int_arg(v[1], "M"), k = int_arg(v[2], "k");
        DType d = to_np_dtype(v[3]).value_or(DType::Float64);
        Tensor t = kiln::zeros({n, mm}, TensorOptions{DType::Float64});
        double* p = t.data_ptr<double>();
        for (int64_t i = 0; i < n; ++i)
            if (i + k >= 0 && i + k < mm) p[i * mm + i + k] = 1;
        return wrap_array(cast(t, d));
    });
    def_fn(m, "identity(n, dtype=None)", [](Interpreter&, Args& v) {
        int64_t n = int_arg(v[0], "n");
        return wrap_array(cast(eye(n, n, TensorOptions{DType::Float64}), to_np_dtype(v[1]).value_or(DType::Float64)));
    });

    // ---- joining and shapes ----
    def_fn(m, "concatenate(arrays, axis=0)", [](Interpreter& in, Args& v) { return wrap_array(concat(arrays_of(in, v[0]), v[1])); });
    def_fn(m, "stack(arrays, axis=0)", [](Interpreter& in, Args& v) {
        auto ts = promoted(arrays_of(in, v[0]));
        for (size_t i = 1; i < ts.size(); ++i)
            if (ts[i].sizes() != ts[0].sizes()) raise(T().ValueError, "all input arrays must have the same shape");
        int64_t ax = axes_of(v[1], ts[0].dim() + 1)[0];
        return wrap_array(stack(ts, ax));
    });
    def_fn(m, "vstack(tup)", [](Interpreter& in, Args& v) {
        auto ts = arrays_of(in, v[0]);
        for (auto& t : ts) t = atleast(t, 2);
        return wrap_array(concat(ts, Value::integer(0)));
    });
    m.dict.set("row_stack", *m.dict.find("vstack"));
    def_fn(m, "hstack(tup)", [](Interpreter& in, Args& v) {
        auto ts = arrays_of(in, v[0]);
        for (auto& t : ts) t = atleast(t, 1);
        return wrap_array(concat(ts, Value::integer(ts.size() && ts[0].dim() == 1 ? 0 : 1)));
    });
    def_fn(m, "column_stack(tup)", [](Interpreter& in, Args& v) {
        auto ts = arrays_of(in, v[0]);
        for (auto& t : ts) t = t.dim() < 2 ? reshape(atleast(t, 1), {-1, 1}) : t;
        return wrap_array(concat(ts, Value::integer(1)));
    });
    def_fn(m, "expand_dims(a, axis)", [](Interpreter&, Args& v) {
        Tensor t = to_arr(v[0]);
        std::vector<Value> items = v[1].is(Kind::Tuple) ? v[1].get<Tuple>()->items : std::vector<Value>{v[1]};
        int64_t nd = t.dim() + int64_t(items.size());
        std::vector<int64_t> ax = axes_of(v[1], nd);
        for (int64_t a : ax) t = unsqueeze(t, a);
        return wrap_array(t);
    });
    def_fn(m, "atleast_1d(a)", [](Interpreter&, Args& v) { return wrap_array(atleast(to_arr(v[0]), 1)); });
    def_fn(m, "atleast_2d(a)", [](Interpreter&, Args& v) { return wrap_array(atleast(to_arr(v[0]), 2)); });

    // ---- ufuncs ----
    struct U {
        const char* name;
        Unary f;
    };
    for (U u : {U{"exp", std::exp}, U{"log", std::log}, U{"sqrt", std::sqrt}, U{"sin", std::sin}, U{"cos", std::cos},
                U{"tan", std::tan}, U{"tanh", std::tanh}, U{"sinh", std::sinh}, U{"cosh", std::cosh}, U{"arcsin", std::asin},
                U{"arccos", std::acos}, U{"arctan", std::atan}, U{"log2", std::log2}, U{"log10", std::log10},
                U{"log1p", std::log1p}, U{"expm1", std::expm1}, U{"floor", std::floor}, U{"ceil", std::ceil},
                U{"trunc", std::trunc}, U{"rint", np_round_half_even}, U{"exp2", std::exp2}, U{"cbrt", std::cbrt},
                U{"arcsinh", std::asinh}, U{"arccosh", std::acosh}, U{"arctanh", std::atanh}, U{"deg2rad", np_deg2rad},
                U{"radians", np_deg2rad}, U{"rad2deg", np_rad2deg}, U{"degrees", np_rad2deg}}) {
        Unary f = u.f;
        std::string spec = std::string(u.name) + "(x, /, out=None, *, where=True)";
        std::string name = u.name;
        def_fn(m, spec.c_str(), [f, name](Interpreter& in, Args& v) {
            Tensor t = to_arr(v[0]);
            if (t.is_complex()) return ufunc_result_where(in, {v[0]}, map_complex(t, name), v[1], v[2], name.c_str());
            return ufunc_result_where(in, {v[0]}, map_float(t, f), v[1], v[2], name.c_str());
        });
    }
    def_fn(m, "sign(x)", [](Interpreter& in, Args& v) {
        Tensor t = to_arr(v[0]);
        if (kind_of(t.dtype()) < 2) return ufunc_result(in, {v[0]}, to_dtype(map_float(t, np_sign), t.dtype()), Value::none(), "sign");
        return ufunc_result(in, {v[0]}, map_float(t, np_sign), Value::none(), "sign");
    });
    for (const char* name : {"abs(x)", "absolute(x)", "fabs(x)"}) {
        def_fn(m, name, [](Interpreter& in, Args& v) {
            Tensor t = to_arr(v[0]);
            return ufunc_result(in, {v[0]}, t.dtype() == DType::Bool ? clone(t) : kiln::abs(t), Value::none(), "absolute");
        });
    }
    def_fn(m, "negative(x)", [](Interpreter& in, Args& v) { return ufunc_result(in, {v[0]}, neg(to_arr(v[0])), Value::none(), "negative"); });
    // The parts of complex arrays: np.real / np.imag are views (np.imag of a real array: zeros);
    // conj is a ufunc (a new array; a real array's own values); angle is arctan2(imag, real).
    def_fn(m, "real(val)", [](Interpreter& in, Args& v) {
        if (auto r = own_method(in, v[0], "real", {}, false)) return *r;
        Tensor t = to_arr(v[0]);
        return wrap_result(t.is_complex() ? real(t) : t);
    });
    def_fn(m, "imag(val)", [](Interpreter&, Args& v) {
        Tensor t = to_arr(v[0]);
        return wrap_result(t.is_complex() ? imag(t) : zeros_like(t));
    });
    for (const char* name : {"conj(x, /, out=None)", "conjugate(x, /, out=None)"}) {
        def_fn(m, name, [](Interpreter& in, Args& v) {
            Tensor t = to_arr(v[0]);
            return ufunc_result(in, {v[0]}, t.is_complex() ? conj(t) : clone(t), v[1], "conjugate");
        });
    }
    def_fn(m, "angle(z, deg=False)", [](Interpreter& in, Args& v) {
        Tensor t = to_arr(v[0]);
        if (!t.is_complex()) t = to_dtype(t, kind_of(t.dtype()) < 2 ? DType::Complex128 : dtype_to_complex(t.dtype()));
        Tensor r = map_float2(Operand{contiguous(imag(t))}, Operand{contiguous(real(t))}, [](auto a, auto b) { return std::atan2(a, b); });
        if (flag(in, v[1])) r = map_float(r, np_rad2deg);
        return wrap_result(r);
    });
    def_fn(m, "square(x)", [](Interpreter& in, Args& v) {
        Operand a;
        a.t = to_arr(v[0]);
        return ufunc_result(in, {v[0]}, binary_tensor(Bin::Mul, a, a), Value::none(), "square");
    });
    def_fn(m, "reciprocal(x)", [](Interpreter& in, Args& v) {
        Tensor t = to_arr(v[0]);
        if (t.is_complex()) return ufunc_result(in, {v[0]}, div(full({}, Scalar::complex(1.0, 0.0), TensorOptions{t.dtype()}), t), Value::none(), "reciprocal");
        return ufunc_result(in, {v[0]}, map_float(t, [](double x) { return 1.0 / x; }), Value::none(), "reciprocal");
    });
    for (const char* name : {"isnan(x)", "isinf(x)", "isfinite(x)"}) {
        char c = name[2];
        def_fn(m, name, [c](Interpreter& in, Args& v) {
            Tensor a = to_arr(v[0]);
            if (a.is_complex()) {  // NumPy's complex loops: nan or inf in either part; finite in both
                const char* fn = c == 'n' ? "isnan" : c == 'i' ? "isinf" : "isfinite";
                Value f = *in.import_module("numpy")->dict.find(fn);
                Tensor re = as_nd(in.call(f, {wrap_array(contiguous(real(a)))}))->t, im = as_nd(in.call(f, {wrap_array(contiguous(imag(a)))}))->t;
                return ufunc_result(in, {v[0]}, c == 'f' ? logical_and(re, im) : logical_or(re, im), Value::none(), fn);
            }
            Tensor t = contiguous(to_dtype(a, DType::Float64));
            Tensor out = Tensor::empty(t.sizes(), DType::Bool);
            const double* p = t.data_ptr<double>();
            bool* q = out.data_ptr<bool>();
            for (int64_t i = 0; i < t.numel(); ++i) q[i] = c == 'n' ? std::isnan(p[i]) : c == 'i' ? std::isinf(p[i]) : std::isfinite(p[i]);
            return ufunc_result(in, {v[0]}, out, Value::none(), "isnan");
        });
    }
    for (const char* name : {"round(a, decimals=0, out=None)", "around(a, decimals=0, out=None)"}) {
        def_fn(m, name, [](Interpreter& in, Args& v) {
            if (auto r = own_method(in, v[0], "round", {{}, {{"decimals", v[1]}, {"out", v[2]}}}, true)) return *r;
            if (!is_none(v[2])) raise(T().NotImplementedError, "out= is not supported in Kiln's numpy");
            return array_wrap(in, v[0], wrap_result(round_np(to_arr(v[0]), int_arg(v[1], "decimals"))));
        });
    }
    struct B {
        const char* spec;
        Bin op;
    };
    for (B b : {B{"add(x1, x2, /, out=None, *, where=True)", Bin::Add}, B{"subtract(x1, x2, /, out=None, *, where=True)", Bin::Sub}, B{"multiply(x1, x2, /, out=None, *, where=True)", Bin::Mul},
                B{"divide(x1, x2, /, out=None, *, where=True)", Bin::Div}, B{"true_divide(x1, x2, /, out=None, *, where=True)", Bin::Div}, B{"floor_divide(x1, x2, /, out=None, *, where=True)", Bin::FloorDiv},
                B{"mod(x1, x2, /, out=None, *, where=True)", Bin::Mod}, B{"remainder(x1, x2, /, out=None, *, where=True)", Bin::Mod}, B{"power(x1, x2, /, out=None, *, where=True)", Bin::Pow},
                B{"maximum(x1, x2, /, out=None, *, where=True)", Bin::Max}, B{"minimum(x1, x2, /, out=None, *, where=True)", Bin::Min}, B{"equal(x1, x2, /, out=None, *, where=True)", Bin::Eq},
                B{"not_equal(x1, x2, /, out=None, *, where=True)", Bin::Ne}, B{"less(x1, x2, /, out=None, *, where=True)", Bin::Lt}, B{"less_equal(x1, x2, /, out=None, *, where=True)", Bin::Le},
                B{"greater(x1, x2, /, out=None, *, where=True)", Bin::Gt}, B{"greater_equal(x1, x2, /, out=None, *, where=True)", Bin::Ge}, B{"logical_and(x1, x2, /, out=None, *, where=True)", Bin::And},
                B{"logical_or(x1, x2, /, out=None, *, where=True)", Bin::Or}, B{"logical_xor(x1, x2, /, out=None, *, where=True)", Bin::Xor}, B{"matmul(x1, x2, /, out=None, *, where=True)", Bin::MatMul},
                B{"bitwise_and(x1, x2, /, out=None, *, where=True)", Bin::And}, B{"bitwise_or(x1, x2, /, out=None, *, where=True)", Bin::Or},
                B{"bitwise_xor(x1, x2, /, out=None, *, where=True)", Bin::Xor}}) {
        Bin op = b.op;
        bool logical = std::string(b.spec).rfind("logical", 0) == 0;
        def_fn(m, b.spec, [op, logical](Interpreter& in, Args& v) {
            Operand x = operand_or_raise(v[0]), y = operand_or_raise(v[1]);
            if (logical) {
                x = Operand{ne(as_tensor_of(x, x.weak >= 0 ? DType::Float64 : x.t.dtype()), Scalar(int64_t(0))), -1, Scalar()};
                y = Operand{ne(as_tensor_of(y, y.weak >= 0 ? DType::Float64 : y.t.dtype()), Scalar(int64_t(0))), -1, Scalar()};
            }
            return ufunc_result_where(in, {v[0], v[1]}, binary_tensor(op, x, y), v[2], v[3], ufunc_name(op));
        });
    }
    // Float binary ufuncs, each a loop over the promoted, broadcast operands.
#define KILN_NP_FLOAT2(NAME, EXPR)                                                                       \
    def_fn(m, NAME "(x1, x2, /, out=None, *, where=True)", [](Interpreter& in, Args& v) {                \
        Operand x = operand_or_raise(v[0]), y = operand_or_raise(v[1]);                                  \
        return ufunc_result_where(in, {v[0], v[1]}, map_float2(x, y, [](auto a, auto b) { return EXPR; }), v[2], v[3], NAME); \
    })
    KILN_NP_FLOAT2("arctan2", std::atan2(a, b));
    KILN_NP_FLOAT2("hypot", std::hypot(a, b));
    KILN_NP_FLOAT2("copysign", std::copysign(a, b));
    KILN_NP_FLOAT2("nextafter", std::nextafter(a, b));
    // fmod also has integer loops (the remainder with the dividend's sign, 0 for a zero divisor).
    def_fn(m, "fmod(x1, x2, /, out=None)", [](Interpreter& in, Args& v) {
        Operand x = operand_or_raise(v[0]), y = operand_or_raise(v[1]);
        DType dt = result_dtype(x, y);
        if (kind_of(dt) == 1) {
            Tensor a = as_tensor_of(x, dt), b = as_tensor_of(y, dt);
            check_broadcast(a.sizes(), b.sizes());
            Tensor zero = eq(b, Scalar(int64_t(0)));
            Tensor r = fmod(a, where(zero, full_like(b, Scalar(int64_t(1))), b));
            return ufunc_result(in, {v[0], v[1]}, where(zero, zeros_like(r), r), v[2], "fmod");
        }
        return ufunc_result(in, {v[0], v[1]}, map_float2(x, y, [](auto a, auto b) { return std::fmod(a, b); }), v[2], "fmod");
    });
    KILN_NP_FLOAT2("logaddexp", np_logaddexp(a, b));
    KILN_NP_FLOAT2("logaddexp2", np_logaddexp2(a, b));
    KILN_NP_FLOAT2("heaviside", np_heaviside(a, b));
#undef KILN_NP_FLOAT2
    def_fn(m, "logical_not(x)", [](Interpreter& in, Args& v) {
        Tensor t = to_arr(v[0]);
        return ufunc_result(in, {v[0]}, eq(t, Scalar(int64_t(0))), Value::none(), "logical_not");
    });
    def_fn(m, "clip(a, a_min=None, a_max=None, out=None)", [](Interpreter& in, Args& v) {
        if (auto r = own_method(in, v[0], "clip", {{v[1], v[2]}, {{"out", v[3]}}}, true)) return *r;
        if (!is_none(v[3])) raise(T().NotImplementedError, "out= is not supported in Kiln's numpy");
        return array_wrap(in, v[0], wrap_result(clip_np(in, to_arr(v[0]), v[1], v[2])));
    });
    def_fn(m, "where(condition, x=None, y=None)", [](Interpreter&, Args& v) {
        Tensor c = to_arr(v[0]);
        if (is_none(v[1]) && is_none(v[2])) return nonzero_v(c);
        if (is_none(v[1]) || is_none(v[2])) raise(T().ValueError, "either both or neither of x and y should be given");
        Operand x = operand_or_raise(v[1]), y = operand_or_raise(v[2]);
        DType d = result_dtype(x, y);
        Tensor cb = c.dtype() == DType::Bool ? c : ne(c, Scalar(int64_t(0)));
        return wrap_result(where(cb, as_tensor_of(x, d), as_tensor_of(y, d)));
    });
    def_fn(m, "nonzero(a)", [](Interpreter& in, Args& v) {
        if (auto r = own_method(in, v[0], "nonzero", {}, true)) return *r;
        return nonzero_v(to_arr(v[0]));
    });
    def_fn(m, "argwhere(a)", [](Interpreter& in, Args& v) {
        Value nz = nonzero_v(to_arr(v[0]));
        std::vector<Tensor> cols;
        for (const Value& c : nz.get<Tuple>()->items) cols.push_back(as_nd(c)->t);
        (void)in;
        return wrap_array(stack(cols, 1));
    });
    def_fn(m, "count_nonzero(a, axis=None)", [](Interpreter&, Args& v) {
        Tensor t = to_arr(v[0]);
        Tensor b = to_dtype(ne(to_dtype(t, DType::Float64), Scalar(0.0)), DType::Int64);
        Tensor r = np_sum(b, axes_of(v[1], t.dim()), false, DType::Int64);
        if (is_none(v[1])) return Value::integer(r.item().to_int());
        return wrap_result(r);
    });

    // ---- reductions (module forms; the methods share them) ----
    // keepdims=?: NumPy passes keepdims on to a method only when the caller gave it.
    for (const char* spec : {"sum(a, axis=None, dtype=None, out=None, keepdims=?)", "mean(a, axis=None, dtype=None, out=None, keepdims=?)",
                             "std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=?)", "var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=?)",
                             "max(a, axis=None, out=None, keepdims=?)", "min(a, axis=None, out=None, keepdims=?)",
                             "amax(a, axis=None, out=None, keepdims=?)", "amin(a, axis=None, out=None, keepdims=?)",
                             "prod(a, axis=None, dtype=None, out=None, keepdims=?)", "argmax(a, axis=None, out=None, *, keepdims=?)",
                             "argmin(a, axis=None, out=None, *, keepdims=?)", "cumsum(a, axis=None, dtype=None, out=None)",
                             "cumprod(a, axis=None, dtype=None, out=None)", "any(a, axis=None, out=None, keepdims=?)",
                             "all(a, axis=None, out=None, keepdims=?)", "sort(a, axis=-1, kind=None, order=None)",
                             "argsort(a, axis=-1, kind=None, order=None)", "transpose(a, axes=None)", "ravel(a, order='C')",
                             "squeeze(a, axis=None)", "reshape(a, shape, order='C')", "median(a, axis=None, out=None, keepdims=False)"}) {
        std::string name = Signature(spec).name();
        auto sig = std::make_shared<Signature>(spec);
        m.dict.set(name, new_builtin(name, [sig, name](Interpreter& in, const CallArgs& a) {
                       Args v = sig->bind(a);
                       Value arr = v[0];
                       if (name == "sum" && as_generator(arr))
                           // NumPy 2.4 expired the deprecation of NumPy 1.15 (a DeprecationWarning and the builtin
                           // sum): a generator is refused with this text (its missing space included)
                           raise(T().TypeError, "Calling np.sum(generator) is deprecated.Use np.sum(np.fromiter(generator)) or "
                                                "the python sum builtin instead.");
                       std::vector<std::string> names = sig->param_names();
                       // sort, ravel and median work on np.asanyarray(a); the others try a's own method first.
                       const bool wrapped = name != "sort" && name != "ravel" && name != "median";
                       if (wrapped && !as_nd(arr)) {
                           const std::string method = name == "amax" ? "max" : name == "amin" ? "min" : name;
                           const bool reduction = name == "sum" || name == "prod" || name == "amax" || name == "amin" ||
                                                  name == "max" || name == "min" || name == "any" || name == "all";
                           const bool positional = name == "transpose" || name == "reshape";
                           MethodCall c;
                           for (size_t i = 1; i < v.size(); ++i) {
                               if (v[i].is_null()) continue;
                               if (reduction && names[i] == "dtype" && is_none(v[i])) continue;
                               if (positional && i == 1) c.args.push_back(v[i]);
                               else if (name == "squeeze" && is_none(v[i])) continue;
                               else c.kwargs.emplace_back(names[i], v[i]);
                           }
                           if (name == "argsort") c.kwargs.emplace_back("stable", Value::none());
                           const bool wrapfunc = !reduction && name != "mean" && name != "std" && name != "var" &&
                                                 name != "squeeze";
                           if (auto r = own_method(in, arr, method, c, wrapfunc)) return *r;
                       }
                       if (as_nd(arr)) return ndarray_function(in, name, *sig, v, arr);
                       // _wrapit: the ndarray method on np.asarray(a), its result wrapped by a's __array_wrap__.
                       Value result = ndarray_function(in, name, *sig, v, wrap_array(to_arr(arr)));
                       return wrapped ? array_wrap(in, arr, result) : result;
                   }));
    }
    // np.einsum(subscripts, *operands): Kiln's einsum (ops/tensor_extra.h: the whole subscript
    // syntax, pairwise contraction) in the operands' common NumPy dtype; integer operands are
    // contracted in float64 and cast back (exact below 2**53). Summation order may differ from
    // NumPy's in the last bits of float results.
    def_fn(m, "einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe', optimize=False)", [](Interpreter&, Args& v) {
        if (!v[0].is(Kind::Str)) raise(T().NotImplementedError, "np.einsum: only the subscripts-string form is supported in Kiln");
        if (!is_none(v[2])) raise(T().NotImplementedError, "np.einsum(out=...) is not supported in Kiln");
        std::vector<Tensor> ops;
        DType common = DType::Bool;
        bool first = true;
        for (const Value& x : v[1].get<Tuple>()->items) {
            Tensor t = to_arr(x);
            common = first ? t.dtype() : promote(common, t.dtype());
            first = false;
            ops.push_back(t);
        }
        if (ops.empty()) raise(T().ValueError, "No input operands");
        DType out_dt = to_np_dtype(v[3]).value_or(common);
        DType work = kind_of(out_dt) < 2 ? DType::Float64 : out_dt;
        for (auto& t : ops) t = cast(t, work);
        Tensor r = kiln::einsum(str_of(v[0]), ops);
        return wrap_result(cast(r, out_dt));
    });
    def_fn(m, "cov(m, y=None, rowvar=True, bias=False, ddof=None)", [](Interpreter& in, Args& v) {
        Tensor x = to_dtype(atleast(to_arr(v[0]), 2), DType::Float64);
        if (!truthy(in, v[2])) x = kiln::t(x);
        double ddof = is_none(v[4]) ? (truthy(in, v[3]) ? 0.0 : 1.0) : double(int_arg(v[4], "ddof"));
        Tensor c = sub(x, np_mean(x, {1}, true));
        Tensor r = div(matmul(c, kiln::t(c)), Scalar(double(x.size(1)) - ddof));
        return wrap_result(r.size(0) == 1 ? reshape(r, {}) : r);
    });

    // ---- products, sorting, comparisons ----
    def_fn(m, "dot(a, b)", [](Interpreter&, Args& v) { return wrap_result(dot_np(to_arr(v[0]), to_arr(v[1]))); });
    def_fn(m, "vdot(a, b)", [](Interpreter&, Args& v) {
        return wrap_result(dot_np(reshape(contiguous(to_arr(v[0])), {-1}), reshape(contiguous(to_arr(v[1])), {-1})));
    });
    def_fn(m, "inner(a, b)", [](Interpreter&, Args& v) { return wrap_result(dot_np(to_arr(v[0]), kiln::t(to_arr(v[1])))); });
    def_fn(m, "outer(a, b)", [](Interpreter&, Args& v) {
        Operand x, y;
        x.t = reshape(contiguous(to_arr(v[0])), {-1, 1});
        y.t = reshape(contiguous(to_arr(v[1])), {1, -1});
        return wrap_array(binary_tensor(Bin::Mul, x, y));
    });
    def_fn(m, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None)", [](Interpreter& in, Args& v) {
        if (!is_none(v[4])) raise(T().NotImplementedError, "np.unique(axis=...) is not supported in Kiln");
        return unique_v(in, to_arr(v[0]), v[1], v[2], v[3]);
    });
    def_fn(m, "allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", [](Interpreter& in, Args& v) {
        Tensor r = isclose_t(to_arr(v[0]), to_arr(v[1]), np_real_arg(v[2], "rtol"), np_real_arg(v[3], "atol"), truthy(in, v[4]));
        bool all_v = true;
        const bool* p = r.data_ptr<bool>();
        for (int64_t i = 0; i < r.numel(); ++i) all_v = all_v && p[i];
        return Value::boolean(all_v);
    });
    def_fn(m, "isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", [](Interpreter& in, Args& v) {
        return wrap_result(isclose_t(to_arr(v[0]), to_arr(v[1]), np_real_arg(v[2], "rtol"), np_real_arg(v[3], "atol"), truthy(in, v[4])));
    });
    def_fn(m, "array_equal(a1, a2, equal_nan=False)", [](Interpreter& in, Args& v) {
        Tensor a = to_arr(v[0]), b = to_arr(v[1]);
        if (a.sizes() != b.sizes()) return Value::boolean(false);
        Tensor r = isclose_t(a, b, 0.0, 0.0, truthy(in, v[2]));
        const bool* p = r.data_ptr<bool>();
        for (int64_t i = 0; i < r.numel(); ++i)
            if (!p[i]) return Value::boolean(false);
        return Value::boolean(true);
    });
    def_fn(m, "shape(a)", [](Interpreter&, Args& v) { return py_tuple_of(to_arr(v[0]).sizes()); });
    def_fn(m, "ndim(a)", [](Interpreter&, Args& v) { return Value::integer(to_arr(v[0]).dim()); });
    // np.size(a, axis): the length along one axis (`np.size(self.limits, 0)` in SciPy-derived code).
    def_fn(m, "size(a, axis=None)", [](Interpreter&, Args& v) {
        const Tensor& a = to_arr(v[0]);
        if (is_none(v[1])) return Value::integer(a.numel());
        if (v[1].is(Kind::Tuple) || v[1].is(Kind::List)) {
            int64_t n = 1;
            for (int64_t ax : axes_of(v[1], a.dim())) n *= a.size(ax);
            return Value::integer(n);
        }
        int64_t ax = to_int(v[1], "axis");  // a.shape[axis], as NumPy's size indexes the shape tuple
        if (ax < -a.dim() || ax >= a.dim()) raise(T().IndexError, "tuple index out of range");
        return Value::integer(a.size(ax < 0 ? ax + a.dim() : ax));
    });
    def_fn(m, "isscalar(element)", [](Interpreter&, Args& v) {
        return Value::boolean(v[0].is_int() || v[0].is_float() || v[0].is_bool() || v[0].is(Kind::Str) || is_scalar_obj(v[0]));
    });
    def_fn(m, "tril(m, k=0)", [](Interpreter&, Args& v) { return wrap_array(tril(to_arr(v[0]), int_arg(v[1], "k"))); });
    def_fn(m, "triu(m, k=0)", [](Interpreter&, Args& v) { return wrap_array(triu(to_arr(v[0]), int_arg(v[1], "k"))); });
    def_fn(m, "flip(m, axis=None)", [](Interpreter& in, Args& v) {
        Tensor t = to_arr(v[0]);
        std::vector<Value> key;
        std::vector<int64_t> ax = axes_of(v[1], t.dim());
        for (int64_t i = 0; i < t.dim(); ++i)
            key.push_back(std::find(ax.begin(), ax.end(), i) != ax.end() ? Value(make<Slice>(none(), none(), Value::integer(-1)).get())
                                                                         : Value(make<Slice>(none(), none(), none()).get()));
        return get_item(in, t, new_tuple(key));
    });
    def_fn(m, "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None)",
           [](Interpreter& in, Args& v) {
               auto& o = numpy::print_options();
               if (!is_none(v[0])) o.precision = int(to_int(v[0], "precision"));
               if (!is_none(v[1])) o.threshold = to_int(v[1], "threshold");
               if (!is_none(v[2])) o.edgeitems = to_int(v[2], "edgeitems");
               if (!is_none(v[3])) o.linewidth = to_int(v[3], "linewidth");
               if (!is_none(v[4])) o.suppress = truthy(in, v[4]);
               for (size_t i = 5; i < v.size(); ++i)
                   if (!is_none(v[i])) raise(T().NotImplementedError, "np.set_printoptions: only precision, threshold, edgeitems, linewidth and suppress are supported in Kiln");
               return none();
           });
    // NumPy 2's dict, in its key order; the keys Kiln does not support hold NumPy's defaults
    def_fn(m, "get_printoptions()", [](Interpreter&, Args&) {
        const auto& o = numpy::print_options();
        auto d = make<Dict>();
        d->set(new_str("edgeitems"), Value::integer(o.edgeitems));
        d->set(new_str("threshold"), Value::integer(o.threshold));
        d->set(new_str("floatmode"), new_str("maxprec"));
        d->set(new_str("precision"), Value::integer(o.precision));
        d->set(new_str("suppress"), Value::boolean(o.suppress));
        d->set(new_str("linewidth"), Value::integer(o.linewidth));
        d->set(new_str("nanstr"), new_str("nan"));
        d->set(new_str("infstr"), new_str("inf"));
        d->set(new_str("sign"), new_str("-"));
        d->set(new_str("formatter"), none());
        d->set(new_str("legacy"), Value::boolean(false));
        d->set(new_str("override_repr"), none());
        return Value(d.get());
    });
    def_fn(m, "array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ')", [](Interpreter&, Args& v) {
        Tensor a = to_arr(v[0]);
        if (a.dim() == 0) {
            // A 0-d array goes through the array formatter (precision 8, '563766.'), unlike str() of
            // it, which is the scalar's repr: format it as one element and drop the brackets.
            std::string one = numpy::array_str(reshape(a, Shape{1}));
            if (one.size() >= 2 && one.front() == '[' && one.back() == ']') return new_str(one.substr(1, one.size() - 2));
            return new_str(one);
        }
        return new_str(numpy::array_str(a));
    });
    (void)in;
    m.dict.set("finfo", Value(g_finfo));
    m.dict.set("iinfo", Value(g_iinfo));
    m.dict.set("random", Value(in.import_module("numpy.random").get()));
    m.dict.set("linalg", Value(in.import_module("numpy.linalg").get()));
    m.dict.set("fft", Value(in.import_module("numpy.fft").get()));
    // numpy.lib.stride_tricks.as_strided's core (engine/stdlib/numpy/lib/stride_tricks.py): a view of x's
    // memory with the given shape and byte strides, starting where x starts. NumPy does no bounds
    // checking here; Kiln refuses a view that would reach outside x's storage (NumPy would read
    // arbitrary memory) and byte strides that are not a multiple of the item size.
    def_fn(m, "_as_strided(x, shape, strides)", [](Interpreter& in, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        Shape shape = shape_arg(in, v[1]);
        Shape byte_strides = shape_arg(in, v[2]);
        if (byte_strides.size() != shape.size())
            raise(T().ValueError, "mismatch in length of strides and shape");
        const int64_t item = int64_t(t.element_size());
        Shape strides;
        int64_t lo = t.storage_offset(), hi = t.storage_offset();
        bool empty = false;
        for (size_t d = 0; d < shape.size(); ++d) {
            if (shape[d] < 0) raise(T().ValueError, "negative dimensions are not allowed");
            if (byte_strides[d] % item != 0)
                raise(T().NotImplementedError, "as_strided: strides that are not a multiple of the item size are not supported in Kiln");
            strides.push_back(byte_strides[d] / item);
            if (shape[d] == 0) empty = true;
        }
        if (!empty) {
            for (size_t d = 0; d < shape.size(); ++d) {
                int64_t reach = (shape[d] - 1) * strides[d];
                if (reach < 0) lo += reach; else hi += reach;
            }
            const int64_t capacity = int64_t(t.impl()->storage->nbytes) / item;
            if (lo < 0 || hi >= capacity)
                raise(T().NotImplementedError, "as_strided: a view reaching outside the array's memory is not supported in Kiln "
                                               "(NumPy would read whatever lies there)");
        }
        return wrap_array(as_strided(t, shape, strides, t.storage_offset()));
    });
}

void np_linalg_module(Interpreter&, ModuleObj& m) {
    def_fn(m, "norm(x, ord=None, axis=None, keepdims=False)", [](Interpreter& in, Args& v) {
        if (!is_none(v[1])) raise(T().NotImplementedError, "np.linalg.norm(ord=...) is not supported in Kiln (only the 2-norm / Frobenius norm)");
        Tensor x = to_arr(v[0]);
        if (kind_of(x.dtype()) < 2) x = to_dtype(x, DType::Float64);
        Tensor sq = mul(x, x);
        Tensor s = np_sum(sq, axes_of(v[2], x.dim()), flag(in, v[3]), sq.dtype());
        return wrap_result(map_float(s, [](double d) { return std::sqrt(d); }));
    });
    for (const char* name : {"inv", "det", "solve", "eig", "svd", "qr", "pinv", "cholesky", "lstsq"}) {
        std::string n = name;
        m.dict.set(name, new_builtin(name, [n](Interpreter&, const CallArgs&) -> Value {
                       raise(T().NotImplementedError, str("np.linalg.", n, " is not supported in Kiln; use torch.linalg on a tensor"));
                   }));
    }
}

void np_random_module(Interpreter&, ModuleObj& m) {
    auto state = make<RandomStateObj>(g_random_state);
    Value sv(state.get());
    auto def = [&m](const char* spec, Body body) { def_fn(m, spec, std::move(body)); };
    random_methods(def, [sv](Args&) -> numpy::LegacyRandom& { return native_cast<RandomStateObj>(sv)->rng; }, 0);
    m.dict.set("RandomState", Value(g_random_state));
    m.dict.set("Generator", Value(g_generator));
    def_fn(m, "default_rng(seed=None)", [](Interpreter& in, Args& v) -> Value {
        if (native_cast<NpGeneratorObj>(v[0])) return v[0];
        std::vector<uint32_t> words;
        entropy_words(in, v[0], words, true);
        return Value(make<NpGeneratorObj>(g_generator, words).get());
    });
}

// ---- the ndarray type --------------------------------------------------------------------------------------

Value binop_dunder(Bin op, bool reflected, const CallArgs& a) {
    Operand x, y;
    if (!operand(a.args[0], x) || !operand(a.args[1], y)) return not_implemented();
    return wrap_result(reflected ? binary_tensor(op, y, x) : binary_tensor(op, x, y));
}

// Run when numpy is first imported (float's methods and NumPy's scalar methods are all in place then).
void inherit_float_methods() {
    static bool done = false;
    if (done) return;
    done = true;
    {
        // float's own methods and properties that NumPy's scalar types leave to float (is_integer,
        // as_integer_ratio, hex, ...) read a float's value: on a float64 they get float(self), as
        // NumPy's float64 (a float in memory) gives them.
        Type* f64 = g_scalar[int(DType::Float64)];
        auto on_float = [](const Value& fn) -> Value {
            if (fn.is_null()) return fn;
            Builtin* b = fn.get<Builtin>();
            return Value(immortal<Builtin>(b->name, [fn](Interpreter& in, const CallArgs& a) -> Value {
                std::vector<Value> args(a.args, a.args + a.nargs);
                if (!args.empty()) args[0] = in.call(Value(T().float_), {args[0]});
                CallArgs c = a;
                c.args = args.data();
                return fn.get<Builtin>()->fn(in, c);
            }, b->qualname));
        };
        std::vector<std::pair<std::string, Value>> inherited;
        T().float_->dict.for_each([&](const std::string& name, const Value& v) {
            if (f64->lookup(name) == &v) inherited.emplace_back(name, v);  // nothing before float defines it
        });
        for (auto& [name, v] : inherited) {
            if (v.is(Kind::Builtin)) {
                f64->dict.set(name, on_float(v));
            } else if (auto* p = v.as<Property>()) {
                f64->dict.set(name, Value(immortal<Property>(on_float(p->getter), Value())));
            }
        }
    }
}

void register_numpy_types() {
    g_ndarray = make_builtin_type("ndarray", T().object, Kind::Native, "numpy");
    g_memmap = make_builtin_type("memmap", g_ndarray, Kind::Native, "numpy");
    g_generic = make_builtin_type("generic", T().object, Kind::Native, "numpy");
    g_number = make_builtin_type("number", g_generic, Kind::Native, "numpy");
    g_integer = make_builtin_type("integer", g_number, Kind::Native, "numpy");
    g_signed = make_builtin_type("signedinteger", g_integer, Kind::Native, "numpy");
    g_unsigned = make_builtin_type("unsignedinteger", g_integer, Kind::Native, "numpy");
    g_inexact = make_builtin_type("inexact", g_number, Kind::Native, "numpy");
    g_floating = make_builtin_type("floating", g_inexact, Kind::Native, "numpy");
    g_complexfloating = make_builtin_type("complexfloating", g_inexact, Kind::Native, "numpy");
    g_dtype = make_builtin_type("dtype", T().object, Kind::Native, "numpy");
    // Arrays of str and of Python objects (dtype '<U5', dtype=object) are numpy/_objects.py's, a
    // Python class (Kiln's arrays are tensors of numbers): a metatype makes them ndarrays to
    // isinstance/issubclass, and their dtypes numpy dtypes, as a NumPy program expects. The Python
    // class names which native type it stands for in its `_kiln_numpy_virtual` attribute ('ndarray',
    // 'dtype'), so no per-interpreter state is kept here.
    Type* meta = make_builtin_type("_array_meta", T().type, Kind::Type, "numpy");
    auto virtual_of = [](const Value& cls, Type* t) {
        const char* want = cls.obj() == g_ndarray ? "ndarray" : cls.obj() == g_dtype ? "dtype" : nullptr;
        if (!want) return false;
        const Value* tag = t->lookup("_kiln_numpy_virtual");
        return tag && tag->is(Kind::Str) && str_of(*tag) == want;
    };
    def_method(meta, "__instancecheck__", [virtual_of](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "__instancecheck__() takes exactly one argument");
        Type* t = type_of(a.args[1]);
        return Value::boolean(t->is_subtype_of(a.args[0].get<Type>()) || virtual_of(a.args[0], t));
    });
    def_method(meta, "__subclasscheck__", [virtual_of](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "__subclasscheck__() takes exactly one argument");
        Type* t = a.args[1].as<Type>();
        if (!t) raise(T().TypeError, "issubclass() arg 1 must be a class");
        return Value::boolean(t->is_subtype_of(a.args[0].get<Type>()) || virtual_of(a.args[0], t));
    });
    g_ndarray->type = meta;
    g_dtype->type = meta;
    g_random_state = make_builtin_type("RandomState", T().object, Kind::Native, "numpy.random.mtrand");
    g_generator = make_builtin_type("Generator", T().object, Kind::Native, "numpy.random");
    generator_methods();
    g_finfo = make_builtin_type("finfo", T().object, Kind::Instance, "numpy");
    g_iinfo = make_builtin_type("iinfo", T().object, Kind::Instance, "numpy");
    g_finfo->construct = [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs != 1) raise(T().TypeError, "finfo() takes exactly one argument");
        return limits_info(a.args[0], true);
    };
    g_iinfo->construct = [](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs != 1) raise(T().TypeError, "iinfo() takes exactly one argument");
        return limits_info(a.args[0], false);
    };
    for (int i = 0; i < kNumDTypes; ++i) {
        DType d = DType(i);
        Type* base = d == DType::Bool ? g_generic : kind_of(d) == 3 ? g_complexfloating : kind_of(d) == 2 ? g_floating : dtype_is_signed(d) ? g_signed : g_unsigned;
        g_scalar[i] = make_builtin_type(np_name(d), base, Kind::Native, "numpy");
        // numpy.float64 is also a Python float (class float64(floating, float)): isinstance(x, float)
        // holds for the items of float64 arrays (MetricLogger's asserts), json writes them as floats
        if (d == DType::Float64) g_scalar[i]->set_bases({Ref<Type>(g_floating), Ref<Type>(T().float_)}, nullptr);
    }
    for (int i = 0; i < kNumDTypes; ++i) {
        DType d = DType(i);
        // NumPy 2's dtype instances belong to a class per kind and size (numpy.dtypes.Float32DType,
        // what type(np.dtype('float32')).__name__ says), each a subclass of np.dtype.
        std::string cls = d == DType::Bool ? "Bool"
                          : kind_of(d) == 3 ? "Complex" : kind_of(d) == 2 ? "Float"
                          : dtype_is_signed(d) ? "Int" : "UInt";
        if (d == DType::BFloat16) cls = "BFloat16";  // ml_dtypes' name (NumPy itself has no bfloat16)
        else if (d != DType::Bool) cls += std::to_string(8 * dtype_size(d));
        Type* dtype_class = make_builtin_type((cls + "DType").c_str(), g_dtype, Kind::Native, "numpy.dtypes");
        dtype_class->type = meta;
        g_dtype_objs[i] = Value(immortal<DTypeObj>(dtype_class, d));
        g_scalar[i]->construct = [d](Interpreter&, const CallArgs& a) -> Value {
            if (a.nargs == 0) return wrap_scalar(scalar_tensor_of(Scalar(int64_t(0)), d));
            const Value& x = a.args[0];
            if (x.is(Kind::Str)) {
                char* end = nullptr;
                const std::string& s = str_of(x);
                double dv = std::strtod(s.c_str(), &end);
                if (end == s.c_str()) raise(T().ValueError, str("could not convert string to float: '", s, "'"));
                return wrap_scalar(scalar_tensor_of(Scalar(dv), d));
            }
            Tensor t = to_arr(x, d);
            return t.dim() == 0 ? wrap_scalar(clone(t)) : wrap_array(clone(t));
        };
    }
    for (const char* name : {"uint64", "longlong", "uint"}) {
        Type* t = make_builtin_type(name, g_integer, Kind::Native, "numpy");
        std::string n = name;
        t->construct = [n](Interpreter&, const CallArgs&) -> Value { unsupported_dtype(n); };
        g_unsupported.push_back({name, t});
    }
    g_dtype->construct = [](Interpreter& in, const CallArgs& a) -> Value {
        // np.dtype(obj, align=False, copy=False): a pickled dtype comes back as dtype('f8', False, True)
        static const Signature sig("dtype(dtype, align=False, copy=False, metadata=None)");
        auto v = sig.bind(a);
        if (names_object_dtype(v[0])) return in.call(*in.import_module("numpy._objects")->dict.find("_dtype_of"), {v[0]});
        auto d = to_np_dtype(v[0]);
        return dtype_obj(d.value_or(DType::Float64));
    };
    auto dt_of = [](const CallArgs& a) { return native_cast<DTypeObj>(a.args[0])->dt; };
    def_method(g_dtype, "__repr__", [dt_of](Interpreter&, const CallArgs& a) { return new_str(str("dtype('", np_name(dt_of(a)), "')")); });
    def_method(g_dtype, "__str__", [dt_of](Interpreter&, const CallArgs& a) { return new_str(np_name(dt_of(a))); });
    def_method(g_dtype, "__hash__", [dt_of](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(dt_of(a)) + 1000); });
    def_method(g_dtype, "__eq__", [dt_of](Interpreter&, const CallArgs& a) {
        std::optional<DType> o;
        try {
            o = to_np_dtype(a.args[1]);
        } catch (const PyError&) {
            return Value::boolean(false);
        }
        return Value::boolean(o && *o == dt_of(a));
    });
    def_method(g_dtype, "__ne__", [dt_of](Interpreter&, const CallArgs& a) {
        std::optional<DType> o;
        try {
            o = to_np_dtype(a.args[1]);
        } catch (const PyError&) {
            return Value::boolean(true);
        }
        return Value::boolean(!(o && *o == dt_of(a)));
    });
    def_property(g_dtype, "name", [dt_of](Interpreter&, const CallArgs& a) { return new_str(np_name(dt_of(a))); });
    def_property(g_dtype, "str", [dt_of](Interpreter&, const CallArgs& a) {
        return new_str(str(numpy_byteorder(dt_of(a)), numpy_typestr(dt_of(a))));
    });
    def_property(g_dtype, "byteorder", [dt_of](Interpreter&, const CallArgs& a) {
        return new_str(dtype_size(dt_of(a)) == 1 ? "|" : "=");
    });
    // The BUILD step of a pickled dtype: (3, byteorder, subarray, names, fields, elsize, alignment, flags).
    // Kiln's dtypes are the plain native ones, so the state only has to agree with them.
    def_method(g_dtype, "__setstate__", [dt_of](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "__setstate__() takes exactly 1 argument");
        auto* t = a.args[1].as<Tuple>();
        if (!t || t->items.size() < 2) raise(T().ValueError, "incorrect state for a dtype");
        const Value& order = t->items[1];
        if (order.is(Kind::Str) && str_of(order) == ">" && dtype_size(dt_of(a)) > 1)
            raise(T().NotImplementedError, "numpy: big-endian dtypes are not supported in Kiln");
        for (size_t i = 2; i < 5 && i < t->items.size(); ++i)
            if (!is_none(t->items[i])) raise(T().NotImplementedError, "numpy: structured and subarray dtypes are not supported in Kiln");
        return none();
    });
    def_property(g_dtype, "itemsize", [dt_of](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(dtype_size(dt_of(a)))); });
    def_property(g_dtype, "kind", [dt_of](Interpreter&, const CallArgs& a) {
        DType d = dt_of(a);
        return new_str(d == DType::Bool ? "b" : kind_of(d) == 3 ? "c" : kind_of(d) == 2 ? "f" : dtype_is_signed(d) ? "i" : "u");
    });
    def_property(g_dtype, "type", [dt_of](Interpreter&, const CallArgs& a) { return Value(g_scalar[int(dt_of(a))]); });
    def_property(g_dtype, "char", [dt_of](Interpreter&, const CallArgs& a) {
        DType d = dt_of(a);
        // NumPy's type characters (Linux: int64 is 'l', int32 'i').
        const char* c = d == DType::Bool      ? "?"
                        : d == DType::Int64   ? "l"
                        : d == DType::Int32   ? "i"
                        : d == DType::Int16   ? "h"
                        : d == DType::Int8    ? "b"
                        : d == DType::UInt8   ? "B"
                        : d == DType::UInt16  ? "H"
                        : d == DType::UInt32  ? "I"
                        : d == DType::Float64 ? "d"
                        : d == DType::Float32 ? "f"
                        : d == DType::Complex128 ? "D"
                        : d == DType::Complex64 ? "F"
                                              : "e";
        return new_str(c);
    });

    // np.memmap(filename, dtype=uint8, mode='r+', offset=0, shape=None, order='C'): numpy.py's
    // _memmap_open checks the arguments and reads the file as NumPy's memmap.__new__ maps it.
    g_memmap->construct = [](Interpreter& in, const CallArgs& a) -> Value {
        static const Signature sig("memmap(filename, dtype=None, mode='r+', offset=0, shape=None, order='C')");
        auto v = sig.bind(a);
        const Value* fn = in.import_module("numpy")->dict.find("_memmap_open");
        if (!fn) raise(T().RuntimeError, "numpy._memmap_open is missing");
        const Value dt = is_none(v[1]) ? Value(g_scalar[int(DType::UInt8)]) : v[1];
        Value r = in.call(*fn, std::vector<Value>{v[0], dt, v[2], v[3], v[4], v[5]});
        const auto& items = r.get<Tuple>()->items;  // (array, filename attribute, mode, path to write back or None)
        auto m = make<MemmapObj>(g_memmap, as_nd(items[0])->t);
        m->filename = items[1];
        m->mode = str_of(items[2]);
        if (m->mode == "r") m->writeable = false, m->readonly_base = true;  // NumPy maps mode 'r' read-only
        m->offset = to_int(v[3], "offset");
        if (!is_none(items[3])) m->real_path = checked_path(in, items[3], "memmap");
        m->synced_version = m->t.version();
        return Value(m.get());
    };
    def_method(g_memmap, "flush", [](Interpreter&, const CallArgs& a) -> Value {
        auto* m = a.nargs == 1 ? native_cast<MemmapObj>(a.args[0]) : nullptr;
        if (!m) raise(T().TypeError, "flush() takes no arguments and needs a numpy.memmap");
        if (m->written())
            if (int err = m->write_back()) raise_os_error(err, m->real_path);
        return none();
    });
    for (const char* name : {"filename", "mode", "offset"}) {
        std::string attr = name;
        def_property(g_memmap, name, [attr](Interpreter&, const CallArgs& a) -> Value {
            auto* m = native_cast<MemmapObj>(a.args[0]);
            if (!m) return none();
            if (attr == "filename") return m->filename;
            if (attr == "mode") return new_str(m->mode);
            return Value::integer(m->offset);
        });
    }

    g_ndarray->construct = [](Interpreter& in, const CallArgs& a) -> Value {
        static const Signature sig("ndarray(shape, dtype=None, buffer=None, offset=0, strides=None, order=None)");
        auto v = sig.bind(a);
        const Shape shape = shape_arg(in, v[0]);
        const DType d = to_np_dtype(v[1]).value_or(DType::Float64);
        if (is_none(v[2])) return wrap_array(kiln::zeros(shape, TensorOptions{d}));
        // ndarray(shape, dtype, buffer=, offset=): the buffer's bytes from `offset` read as `dtype` elements
        // in C order. An ndarray buffer is shared, as in NumPy (a uint8 view of its bytes, narrowed and
        // viewed as dtype); a bytes object is copied, its data being immutable anyway.
        const bool c_order = is_none(v[5]) || (v[5].is(Kind::Str) && str_of(v[5]) == "C");
        if (!is_none(v[4]) || !c_order)
            raise(T().NotImplementedError, "numpy.ndarray(): strides= and order='F' with a buffer are not supported in Kiln");
        const int64_t offset = to_int(v[3], "offset");
        int64_t count = 1;
        for (int64_t s : shape) count *= s;
        const int64_t nbytes = count * int64_t(dtype_size(d));
        if (offset < 0) raise(T().ValueError, "offset must be non-negative and no greater than buffer length");
        if (auto* n = as_nd(v[2])) {
            if (!n->t.is_contiguous()) raise(T().ValueError, "ndarray is not C-contiguous");
            Tensor bytes = view_dtype(reshape(n->t, {-1}), DType::UInt8);
            if (offset + nbytes > bytes.numel()) raise(T().TypeError, "buffer is too small for requested array");
            return wrap_array(reshape(view_dtype(narrow(bytes, 0, offset, nbytes), d), shape));
        }
        std::string data;
        if (!bytes_data(v[2], data))
            raise(T().TypeError, str("a bytes-like object is required, not '", type_name(v[2]), "'"));
        if (offset + nbytes > int64_t(data.size())) raise(T().TypeError, "buffer is too small for requested array");
        Tensor t = Tensor::empty(shape, d);
        if (nbytes > 0) std::memcpy(t.data(), data.data() + offset, size_t(nbytes));
        return wrap_array(t);
    };
    g_random_state->construct = [](Interpreter& in, const CallArgs& a) -> Value {
        static const Signature sig("RandomState(seed=None)");
        auto v = sig.bind(a);
        auto s = make<RandomStateObj>(g_random_state);
        seed_rng(in, s->rng, v[0]);
        return Value(s.get());
    };
    random_methods(
        [](const char* spec, Body body) {
            std::string full = spec;
            full.insert(full.find('(') + 1, std::string("self") + (full[full.find('(') + 1] == ')' ? "" : ", "));
            auto sig = std::make_shared<Signature>(full);
            def_method(g_random_state, sig->name().c_str(), [sig, body](Interpreter& in, const CallArgs& a) {
                if (a.nargs == 0 || !native_cast<RandomStateObj>(a.args[0])) raise(T().TypeError, "RandomState method called on a non-RandomState");
                Args v = sig->bind(a);
                return body(in, v);
            });
        },
        [](Args& v) -> numpy::LegacyRandom& { return native_cast<RandomStateObj>(v[0])->rng; }, 1);
    // multivariate_normal is written in Python (stdlib numpy/random.py: NumPy's draw order and SVD
    // transform); the native types' methods hand their arguments, self first, to it.
    for (auto [type, fn] : {std::pair<Type*, const char*>{g_random_state, "_randomstate_mvn"},
                            std::pair<Type*, const char*>{g_generator, "_generator_mvn"}}) {
        const std::string py_name = fn;
        def_method(type, "multivariate_normal", [py_name](Interpreter& in, const CallArgs& a) {
            const Value* f = in.import_module("numpy.random")->dict.find(py_name);
            if (!f) raise(T().AttributeError, "numpy.random has no " + py_name);
            return in.call(*f, a);
        });
    }

    // properties (ndarray and scalars)
    auto prop = [](const char* name, NativeFn f) {
        def_property(g_ndarray, name, f);
        def_property(g_generic, name, f);
    };
    prop("dtype", [](Interpreter&, const CallArgs& a) { return dtype_obj(as_nd(a.args[0])->t.dtype()); });
    register_ndarray_flags();
    // a.real / a.imag: views of a complex array's parts; a real array's real is itself, its imag zeros.
    prop("real", [](Interpreter&, const CallArgs& a) {
        const Value& self = a.args[0];
        const Tensor& t = as_nd(self)->t;
        if (!t.is_complex()) return is_scalar_obj(self) ? self : wrap_array(t);
        return is_scalar_obj(self) ? wrap_scalar(real(t)) : wrap_array(real(t));
    });
    prop("imag", [](Interpreter&, const CallArgs& a) {
        const Value& self = a.args[0];
        const Tensor& t = as_nd(self)->t;
        Tensor r = t.is_complex() ? imag(t) : zeros_like(t);
        return is_scalar_obj(self) ? wrap_scalar(r) : wrap_array(r);
    });
    // a.flat: numpy.py's flatiter over the array (C-order reads, writes, iteration).
    prop("flat", [](Interpreter& in, const CallArgs& a) {
        const Value* fn = in.import_module("numpy")->dict.find("_flat");
        if (!fn) raise(T().RuntimeError, "numpy._flat is missing");
        return in.call(*fn, std::vector<Value>{a.args[0]});
    });
    prop("ndim", [](Interpreter&, const CallArgs& a) { return Value::integer(as_nd(a.args[0])->t.dim()); });
    prop("size", [](Interpreter&, const CallArgs& a) { return Value::integer(as_nd(a.args[0])->t.numel()); });
    prop("itemsize", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(as_nd(a.args[0])->t.element_size())); });
    // a.strides: the byte step along each axis (the tensor's element strides times the item size), as
    // windowing code reads it for np.lib.stride_tricks.as_strided
    prop("strides", [](Interpreter&, const CallArgs& a) {
        const Tensor& t = as_nd(a.args[0])->t;
        std::vector<Value> items;
        for (int64_t s : t.strides()) items.push_back(Value::integer(s * int64_t(t.element_size())));
        return new_tuple(std::move(items));
    });
    prop("nbytes", [](Interpreter&, const CallArgs& a) {
        const Tensor& t = as_nd(a.args[0])->t;
        return Value::integer(t.numel() * int64_t(t.element_size()));
    });
    prop("T", [](Interpreter&, const CallArgs& a) {
        const Tensor& t = as_nd(a.args[0])->t;
        std::vector<int64_t> perm;
        for (int64_t i = t.dim() - 1; i >= 0; --i) perm.push_back(i);
        return wrap_array(permute(t, perm));
    });
    def_property(g_generic, "shape", [](Interpreter&, const CallArgs&) { return new_tuple({}); });
    def_property(
        g_ndarray, "shape", [](Interpreter&, const CallArgs& a) { return py_tuple_of(as_nd(a.args[0])->t.sizes()); },
        [](Interpreter& in, const CallArgs& a) {
            auto* n = as_nd(a.args[0]);
            Shape s = shape_arg(in, a.args[1]);
            if (!n->t.is_contiguous()) raise(T().AttributeError, "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.");
            n->t = view(n->t, s);
            return none();
        });

    def_meth("__repr__(self)", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        if (n->type == g_memmap) return new_str(numpy::array_repr(n->t, "memmap("));
        return new_str(is_array_type(n) ? numpy::array_repr(n->t) : numpy::scalar_repr(n->t));
    });
    def_meth("__str__(self)", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        return new_str(is_array_type(n) ? numpy::array_str(n->t) : numpy::scalar_str(n->t));
    });
    def_meth("__format__(self, spec)", [](Interpreter& in, Args& v) {
        auto* n = as_nd(v[0]);
        const std::string& spec = str_of(v[1]);
        if (is_array_type(n)) {
            if (spec.empty()) return new_str(to_str(in, v[0]));
            if (n->t.dim() != 0) raise(T().TypeError, "unsupported format string passed to numpy.ndarray.__format__");
        }
        // NumPy scalars format as the Python number they hold (f"{np.float32(0.1)}" shows the double).
        return new_str(format_value(in, scalar_value(n->t.item()), spec));
    });
    def_array_meth("__len__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.dim() == 0) raise(T().TypeError, "len() of unsized object");
        return Value::integer(t.size(0));
    });
    def_meth("__bool__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.numel() != 1)
            raise(T().ValueError, t.numel() == 0 ? "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty."
                                                 : "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
        return Value::boolean(t.item().to_bool());
    });
    // a.tofile(fid, sep='', format='%s'): written by numpy.py's _tofile (files go through the sandbox).
    def_meth("tofile(self, fid, sep='', format='%s')", [](Interpreter& in, Args& v) {
        const Value* fn = in.import_module("numpy")->dict.find("_tofile");
        if (!fn) raise(T().RuntimeError, "numpy._tofile is missing");
        return in.call(*fn, std::vector<Value>{v[0], v[1], v[2], v[3]});
    });
    // a.repeat(repeats, axis=None): numpy.py's repeat, as NumPy's method is np.repeat on the array.
    def_meth("repeat(self, repeats, axis=None)", [](Interpreter& in, Args& v) {
        const Value* fn = in.import_module("numpy")->dict.find("repeat");
        if (!fn) raise(T().RuntimeError, "numpy.repeat is missing");
        return in.call(*fn, std::vector<Value>{v[0], v[1], v[2]});
    });
    // Methods NumPy defines as the module function applied to the array (a.take(i, axis) is
    // np.take(a, i, axis), a.diagonal() is np.diagonal(a), ...): numpy.py's function, called with the
    // bound arguments in order. partition is in place as NumPy's method is (np.partition copies).
    struct NdForward { const char* spec; const char* fn; };
    for (const NdForward& f : {NdForward{"take(self, indices, axis=None, out=None, mode='raise')", "take"},
                               NdForward{"put(self, indices, values, mode='raise')", "put"},
                               NdForward{"diagonal(self, offset=0, axis1=0, axis2=1)", "diagonal"},
                               NdForward{"trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None)", "trace"},
                               NdForward{"searchsorted(self, v, side='left', sorter=None)", "searchsorted"},
                               NdForward{"argpartition(self, kth, axis=-1, kind='introselect', order=None)", "argpartition"},
                               NdForward{"partition(self, kth, axis=-1, kind='introselect', order=None)", "_partition_inplace"}}) {
        std::string fname = f.fn;
        def_meth(f.spec, [fname](Interpreter& in, Args& v) {
            const Value* fn = in.import_module("numpy")->dict.find(fname);
            if (!fn) raise(T().RuntimeError, "numpy." + fname + " is missing");
            return in.call(*fn, std::vector<Value>(v.begin(), v.end()));
        });
    }
    // a.tobytes(): the elements' bytes in C order, native (little-endian) layout, as NumPy writes them.
    def_meth("tobytes(self, order='C')", [](Interpreter&, Args& v) {
        if (!v[1].is(Kind::Str) || str_of(v[1]) != "C") raise(T().NotImplementedError, "ndarray.tobytes(order=...): only 'C' is supported in Kiln");
        Tensor t = contiguous(as_nd(v[0])->t);
        const char* p = static_cast<const char*>(t.raw_data());
        return new_bytes(std::string(p, p + t.numel() * int64_t(dtype_size(t.dtype()))));
    });
    // The BUILD step of a pickled array (NumPy's array_setstate): (version, shape, dtype, is_fortran,
    // raw bytes) replaces the placeholder that numpy._core.multiarray._reconstruct made.
    def_meth("__setstate__(self, state)", [](Interpreter& in, Args& v) {
        auto* t = v[1].as<Tuple>();
        if (!t || (t->items.size() != 5 && t->items.size() != 4)) raise(T().ValueError, "__setstate__ needs a 4- or 5-tuple");
        const size_t k = t->items.size() == 5 ? 1 : 0;
        const Shape shape = shape_arg(in, t->items[k]);
        const std::optional<DType> d = to_np_dtype(t->items[k + 1]);
        if (!d) raise(T().TypeError, "__setstate__: a dtype is required");
        const bool fortran = truthy(in, t->items[k + 2]);
        std::string data;
        if (!bytes_data(t->items[k + 3], data)) raise(T().NotImplementedError, "numpy: pickled object arrays are not supported in Kiln");
        int64_t count = 1;
        for (int64_t s : shape) count *= s;
        if (int64_t(data.size()) != count * int64_t(dtype_size(*d)))
            raise(T().ValueError, "buffer size does not match array size");
        Shape stored(shape.rbegin(), shape.rend());  // Fortran order: the reversed shape, transposed back
        Tensor out = Tensor::empty(fortran ? stored : shape, *d);
        if (count > 0) std::memcpy(out.data(), data.data(), data.size());
        if (fortran && out.dim() > 1) {
            std::vector<int64_t> perm;
            for (int64_t i = out.dim() - 1; i >= 0; --i) perm.push_back(i);
            out = contiguous(permute(out, perm));
        }
        as_nd(v[0])->t = out;
        return none();
    });
    for (const char* spec : {"conj(self)", "conjugate(self)"}) {
        def_meth(spec, [](Interpreter&, Args& v) {
            const Tensor& t = as_nd(v[0])->t;
            return wrap_result(t.is_complex() ? conj(t) : clone(t));
        });
    }
    def_meth("__complex__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.numel() != 1) raise(T().TypeError, "only length-1 arrays can be converted to Python scalars");
        if (t.dim() > 0) raise(T().TypeError, "only 0-dimensional arrays can be converted to Python scalars");
        Scalar s = t.item();
        return new_complex(s.to_double(), s.is_complex() ? s.imag() : 0.0);
    });
    def_meth("__float__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.numel() != 1) raise(T().TypeError, "only length-1 arrays can be converted to Python scalars");
        if (t.dim() > 0) raise(T().TypeError, "only 0-dimensional arrays can be converted to Python scalars");
        return Value::number(t.item().to_double());
    });
    def_meth("__int__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.numel() != 1) raise(T().TypeError, "only length-1 arrays can be converted to Python scalars");
        if (t.dim() > 0) raise(T().TypeError, "only 0-dimensional arrays can be converted to Python scalars");
        Scalar s = t.item();
        double d = s.to_double();
        if (s.is_floating() && !std::isfinite(d)) raise(std::isnan(d) ? T().ValueError : T().OverflowError, std::isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
        return Value::integer(s.is_floating() ? int64_t(d) : s.to_int());
    });
    // __index__ on arrays (an integer 0-d array is an index; any other raises NumPy's error) and on the
    // integer scalars only: NumPy's float and bool scalars have no __index__, so seq[np.float64(1):] and
    // range(np.float32(3)) fail with CPython's own messages.
    {
        NativeFn index = [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 1 || !as_nd(a.args[0])) raise(T().TypeError, "__index__() takes no arguments");
            const Tensor& t = as_nd(a.args[0])->t;
            if (t.dim() != 0 || kind_of(t.dtype()) != 1) raise(T().TypeError, "only integer scalar arrays can be converted to a scalar index");
            return Value::integer(t.item().to_int());
        };
        def_method(g_ndarray, "__index__", index);
        def_method(g_integer, "__index__", index);
    }
    def_meth("__hash__(self)", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        if (is_array_type(n)) raise(T().TypeError, str("unhashable type: 'numpy.", n->type->name, "'"));
        return Value::integer(int64_t(hash_value(scalar_value(n->t.item()))));
    });
    def_meth("__round__(self, ndigits=None)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (is_none(v[1])) {
            if (t.dim() != 0) raise(T().TypeError, "type numpy.ndarray doesn't define __round__ method");
            double d = std::nearbyint(t.item().to_double());
            return Value::integer(int64_t(d));
        }
        return wrap_result(round_np(t, int_arg(v[1], "ndigits")));
    });
    def_array_meth("__iter__(self)", [](Interpreter& in, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.dim() == 0) raise(T().TypeError, "iteration over a 0-d array");
        std::vector<Value> items;
        for (int64_t i = 0; i < t.size(0); ++i) items.push_back(t.dim() == 1 ? wrap_scalar(select(t, 0, i)) : wrap_array(select(t, 0, i)));
        return get_iter(in, new_list(items));
    });
    def_array_meth("__contains__(self, value)", [](Interpreter&, Args& v) {
        Operand x, y;
        x.t = as_nd(v[0])->t;
        y = operand_or_raise(v[1]);
        Tensor e = binary_tensor(Bin::Eq, x, y);
        return Value::boolean(np_anyall(e, axes_of(none(), e.dim()), false, false).item().to_bool());
    });
    def_meth("__getitem__(self, key)", [](Interpreter& in, Args& v) {
        NdArray* self = as_nd(v[0]);
        Value r = get_item(in, self->t, v[1]);
        // a view (basic index) of a read-only array is read-only too, and stays so
        if (!self->writeable)
            if (NdArray* out = as_nd(r); out && out->t.impl()->storage == self->t.impl()->storage)
                out->writeable = false, out->readonly_base = true;
        return r;
    });
    // A NumPy scalar is not iterable (C types iterate by __getitem__ only through sq_item, which
    // numpy.generic lacks): without these, Kiln's __getitem__ fallback would iterate it as empty.
    def_method(g_generic, "__iter__", [](Interpreter&, const CallArgs& a) -> Value {
        raise(T().TypeError, str("'", type_name(a.args[0]), "' object is not iterable"));
    });
    def_method(g_generic, "__contains__", [](Interpreter&, const CallArgs& a) -> Value {
        raise(T().TypeError, str("argument of type '", type_name(a.args[0]), "' is not iterable"));
    });

    def_method(g_ndarray, "__setitem__", [](Interpreter& in, const CallArgs& a) {
        if (NdArray* n = as_nd(a.args[0]); n && !n->writeable) raise(T().ValueError, "assignment destination is read-only");
        set_item(in, self_t(a.args[0], "__setitem__"), a.args[1], a.args[2]);
        return none();
    });
    def_meth("__array__(self, dtype=None)", [](Interpreter&, Args& v) { return wrap_array(as_nd(v[0])->t); });

    struct D {
        const char* name;
        const char* rname;
        const char* iname;
        Bin op;
    };
    for (D d : {D{"__add__", "__radd__", "__iadd__", Bin::Add}, D{"__sub__", "__rsub__", "__isub__", Bin::Sub},
                D{"__mul__", "__rmul__", "__imul__", Bin::Mul}, D{"__truediv__", "__rtruediv__", "__itruediv__", Bin::Div},
                D{"__floordiv__", "__rfloordiv__", "__ifloordiv__", Bin::FloorDiv}, D{"__mod__", "__rmod__", "__imod__", Bin::Mod},
                D{"__pow__", "__rpow__", "__ipow__", Bin::Pow}, D{"__matmul__", "__rmatmul__", "__imatmul__", Bin::MatMul},
                D{"__and__", "__rand__", "__iand__", Bin::And}, D{"__or__", "__ror__", "__ior__", Bin::Or},
                D{"__xor__", "__rxor__", "__ixor__", Bin::Xor}, D{"__eq__", nullptr, nullptr, Bin::Eq},
                D{"__ne__", nullptr, nullptr, Bin::Ne}, D{"__lt__", nullptr, nullptr, Bin::Lt}, D{"__le__", nullptr, nullptr, Bin::Le},
                D{"__gt__", nullptr, nullptr, Bin::Gt}, D{"__ge__", nullptr, nullptr, Bin::Ge}}) {
        Bin op = d.op;
        NativeFn f = [op](Interpreter&, const CallArgs& a) { return binop_dunder(op, false, a); };
        def_method(g_ndarray, d.name, f);
        def_method(g_generic, d.name, f);
        if (d.rname) {
            NativeFn r = [op](Interpreter&, const CallArgs& a) { return binop_dunder(op, true, a); };
            def_method(g_ndarray, d.rname, r);
            def_method(g_generic, d.rname, r);
            std::string iname = d.iname;
            def_method(g_ndarray, d.iname, [op, iname](Interpreter&, const CallArgs& a) -> Value {
                auto* self = as_nd(a.args[0]);
                if (!self->writeable) raise(T().ValueError, "output array is read-only");
                Operand x, y;
                x.t = self->t;
                if (!operand(a.args[1], y)) return not_implemented();
                Tensor r = binary_tensor(op, x, y);
                if (kind_of(r.dtype()) > kind_of(self->t.dtype()))
                    raise(T().TypeError, str("Cannot cast ufunc '", ufunc_name(op), "' output from dtype('", np_name(r.dtype()), "') to dtype('",
                                             np_name(self->t.dtype()), "') with casting rule 'same_kind'"));
                if (broadcast_shapes(r.sizes(), self->t.sizes()) != self->t.sizes()) {
                    auto sh = [](const Shape& s) {
                        std::string o = "(";
                        for (size_t i = 0; i < s.size(); ++i) o += (i ? "," : "") + std::to_string(s[i]);
                        return o + (s.size() == 1 ? ",)" : ")");
                    };
                    raise(T().ValueError, str("non-broadcastable output operand with shape ", sh(self->t.sizes()),
                                              " doesn't match the broadcast shape ", sh(r.sizes())));
                }
                copy_(self->t, cast(r, self->t.dtype()));
                return a.args[0];
            });
        }
    }
    def_meth("__neg__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.dtype() == DType::Bool)
            raise(T().TypeError, "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.");
        return wrap_result(neg(t));
    });
    def_meth("__pos__(self)", [](Interpreter&, Args& v) { return wrap_result(clone(as_nd(v[0])->t)); });
    def_meth("__abs__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        return wrap_result(t.dtype() == DType::Bool ? clone(t) : kiln::abs(t));
    });
    def_meth("__invert__(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (t.dtype() == DType::Bool) return wrap_result(logical_not(t));
        if (kind_of(t.dtype()) == 1) return wrap_result(bitwise_not(t));
        raise(T().TypeError, "ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''");
    });

    // ---- methods ----
    def_meth("item(self, *args)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        const auto& args = v[1].get<Tuple>()->items;
        if (args.empty()) {
            if (t.numel() != 1) raise(T().ValueError, "can only convert an array of size 1 to a Python scalar");
            return scalar_value(t.item());
        }
        Tensor flat = reshape(contiguous(t), {-1});
        if (args.size() == 1) {
            int64_t i = int_arg(args[0], "index");
            if (i < -t.numel() || i >= t.numel()) raise(T().IndexError, str("index ", i, " is out of bounds for size ", t.numel()));
            return scalar_value(select(flat, 0, i < 0 ? i + t.numel() : i).item());
        }
        Tensor r = t;
        for (const Value& a : args) r = select(r, 0, int_arg(a, "index"));
        return scalar_value(r.item());
    });
    def_meth("tolist(self)", [](Interpreter&, Args& v) { return tolist_of(as_nd(v[0])->t); });
    def_meth("astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True)", [](Interpreter& in, Args& v) {
        if (names_object_dtype(v[1])) return in.call(*in.import_module("numpy._objects")->dict.find("_astype_native"), {v[0], v[1]});
        const Tensor& t = as_nd(v[0])->t;
        DType d = to_np_dtype(v[1]).value_or(DType::Float64);
        Tensor r = t.dtype() == d ? clone(t) : to_dtype(t, d);
        return is_array_type(as_nd(v[0])) ? wrap_array(r) : wrap_result(r);
    });
    def_meth("copy(self, order='C')", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        return is_array_type(n) ? wrap_array(clone(n->t)) : wrap_scalar(clone(n->t));
    });
    // copy.copy / copy.deepcopy: a new array with its own data (NumPy's __copy__/__deepcopy__).
    def_meth("__copy__(self)", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        return is_array_type(n) ? wrap_array(clone(n->t)) : wrap_scalar(clone(n->t));
    });
    def_meth("__deepcopy__(self, memo)", [](Interpreter&, Args& v) {
        auto* n = as_nd(v[0]);
        return is_array_type(n) ? wrap_array(clone(n->t)) : wrap_scalar(clone(n->t));
    });
    def_meth("reshape(self, *shape, order='C')", [](Interpreter& in, Args& v) {
        const auto& items = v[1].get<Tuple>()->items;
        Shape s;
        if (items.size() == 1 && !items[0].is_int() && !is_scalar_obj(items[0])) {
            for (const Value& x : to_vector(in, items[0])) s.push_back(int_arg(x, "shape"));
        } else {
            for (const Value& x : items) s.push_back(int_arg(x, "shape"));
        }
        const Tensor& t = as_nd(v[0])->t;
        int64_t known = 1, neg_count = 0;
        for (int64_t x : s) {
            if (x == -1)
                ++neg_count;
            else
                known *= x;
        }
        if (neg_count > 1) raise(T().ValueError, "can only specify one unknown dimension");
        bool ok = neg_count ? (known != 0 && t.numel() % known == 0) : known == t.numel();
        if (!ok) {
            raise(T().ValueError, str("cannot reshape array of size ", t.numel(), " into shape ", shape_str(s)));
        }
        return wrap_array(reshape(t, s));
    });
    def_meth("flatten(self, order='C')", [](Interpreter&, Args& v) { return wrap_array(clone(reshape(contiguous(as_nd(v[0])->t), {-1}))); });
    def_meth("ravel(self, order='C')", [](Interpreter&, Args& v) { return wrap_array(reshape(as_nd(v[0])->t, {-1})); });
    def_meth("transpose(self, *axes)", [](Interpreter& in, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        auto items = v[1].get<Tuple>()->items;
        if (items.size() == 1 && !is_none(items[0]) && !items[0].is_int()) items = to_vector(in, items[0]);
        std::vector<int64_t> perm;
        if (items.empty() || (items.size() == 1 && is_none(items[0]))) {
            for (int64_t i = t.dim() - 1; i >= 0; --i) perm.push_back(i);
        } else {
            if (int64_t(items.size()) != t.dim()) raise(T().ValueError, "axes don't match array");
            for (const Value& x : items) {
                int64_t a = int_arg(x, "axes");
                perm.push_back(a < 0 ? a + t.dim() : a);
            }
        }
        return wrap_array(permute(t, perm));
    });
    def_meth("swapaxes(self, axis1, axis2)", [](Interpreter&, Args& v) {
        return wrap_array(transpose(as_nd(v[0])->t, int_arg(v[1], "axis1"), int_arg(v[2], "axis2")));
    });
    def_meth("squeeze(self, axis=None)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        if (is_none(v[1])) return wrap_array(squeeze(t));
        std::vector<int64_t> ax = axes_of(v[1], t.dim());
        Tensor r = t;
        for (auto it = ax.rbegin(); it != ax.rend(); ++it) {
            if (t.size(*it) != 1) raise(T().ValueError, "cannot select an axis to squeeze out which has size not equal to one");
            r = squeeze(r, *it);
        }
        return wrap_array(r);
    });
    // a.resize(new_shape): in place, keeping the flat C-order data and filling new elements with
    // zeros (np.resize repeats them instead). An array over part of another's data (a slice) refuses
    // as NumPy does. Kiln does not count references, so refcheck's refusal (another name for the
    // array or a view of it) is not made: such views keep the old data.
    def_meth("resize(self, *new_shape, refcheck=True)", [](Interpreter& in, Args& v) {
        auto* n = as_nd(v[0]);
        const auto& items = v[1].get<Tuple>()->items;
        Shape s;
        if (items.size() == 1 && items[0].is(Kind::Tuple))  // its own "negative dimensions not allowed" below
            for (const Value& x : items[0].get<Tuple>()->items) s.push_back(int_arg(x, "new_shape"));
        else if (items.size() == 1 && !items[0].is_int() && !is_scalar_obj(items[0]))
            s = shape_arg(in, items[0]);
        else
            for (const Value& x : items) s.push_back(int_arg(x, "new_shape"));
        if (items.empty()) return none();
        int64_t size = 1;
        for (int64_t x : s) {
            if (x < 0) raise(T().ValueError, "negative dimensions not allowed");
            size *= x;
        }
        const Tensor& t = n->t;
        if (!t.is_contiguous()) raise(T().ValueError, "resize only works on single-segment arrays");
        if (t.storage_offset() != 0 || t.impl()->storage->nbytes != size_t(t.numel()) * t.element_size())
            raise(T().ValueError, "cannot resize this array: it does not own its data");
        Tensor out = zeros(s, TensorOptions{t.dtype()});
        const int64_t keep = std::min(size, t.numel());
        if (keep > 0) {
            Tensor head = narrow(reshape(out, {size}), 0, 0, keep);
            copy_(head, narrow(reshape(t, {t.numel()}), 0, 0, keep));
        }
        n->t = out;
        return none();
    });
    def_meth("fill(self, value)", [](Interpreter&, Args& v) {
        Tensor t = as_nd(v[0])->t;
        copy_(t, cast(to_arr(v[1]), t.dtype()));
        return none();
    });
    def_meth("clip(self, min=None, max=None)", [](Interpreter& in, Args& v) { return wrap_result(clip_np(in, as_nd(v[0])->t, v[1], v[2])); });
    def_meth("round(self, decimals=0)", [](Interpreter&, Args& v) { return wrap_result(round_np(as_nd(v[0])->t, int_arg(v[1], "decimals"))); });
    def_meth("dot(self, b)", [](Interpreter&, Args& v) { return wrap_result(dot_np(as_nd(v[0])->t, to_arr(v[1]))); });
    def_meth("nonzero(self)", [](Interpreter&, Args& v) { return nonzero_v(as_nd(v[0])->t); });
    def_meth("argsort(self, axis=-1, kind=None, order=None)", [](Interpreter&, Args& v) {
        check_np_sort_kind(v[2]);
        return wrap_array(argsort_t(as_nd(v[0])->t, v[1]));
    });
    def_meth("sort(self, axis=-1, kind=None, order=None)", [](Interpreter&, Args& v) {
        check_np_sort_kind(v[2]);
        Tensor t = as_nd(v[0])->t;
        copy_(t, sort_t(t, v[1]));
        return none();
    });
    def_meth("sum(self, axis=None, dtype=None, out=None, keepdims=False)", [](Interpreter& in, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        DType acc = to_np_dtype(v[2]).value_or(sum_dtype(t.dtype()));
        return wrap_result(np_sum(t, axes_of(v[1], t.dim()), flag(in, v[4]), acc));
    });
    def_meth("mean(self, axis=None, dtype=None, out=None, keepdims=False)", [](Interpreter& in, Args& v) {
        Tensor t = as_nd(v[0])->t;
        if (auto d = to_np_dtype(v[2])) t = cast(t, *d);
        return wrap_result(np_mean(t, axes_of(v[1], t.dim()), flag(in, v[4])));
    });
    for (const char* spec : {"std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", "var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False)"}) {
        bool is_std = spec[0] == 's';
        def_meth(spec, [is_std](Interpreter& in, Args& v) {
            Tensor t = as_nd(v[0])->t;
            if (auto d = to_np_dtype(v[2])) t = cast(t, *d);
            Tensor r = np_var(t, axes_of(v[1], t.dim()), flag(in, v[5]), np_real_arg(v[4], "ddof"));
            if (is_std) r = map_float(r, [](double x) { return std::sqrt(x); });
            return wrap_result(r);
        });
    }
    for (const char* spec : {"max(self, axis=None, out=None, keepdims=False)", "min(self, axis=None, out=None, keepdims=False)"}) {
        bool is_max = spec[1] == 'a';
        def_meth(spec, [is_max](Interpreter& in, Args& v) {
            const Tensor& t = as_nd(v[0])->t;
            return wrap_result(np_minmax(t, axes_of(v[1], t.dim()), flag(in, v[3]), is_max));
        });
    }
    g_ndarray->dict.set("amax", *g_ndarray->dict.find("max"));
    g_ndarray->dict.set("amin", *g_ndarray->dict.find("min"));
    def_meth("median(self, axis=None, out=None, keepdims=False)", [](Interpreter&, Args& v) {
        Tensor t = to_dtype(as_nd(v[0])->t, DType::Float64);
        if (!is_none(v[1])) raise(T().NotImplementedError, "np.median(axis=...) is not supported in Kiln");
        std::vector<double> d = contiguous(t).to_double_vector();
        if (d.empty()) return Value::number(std::nan(""));
        std::sort(d.begin(), d.end());
        size_t n = d.size();
        double r = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2.0;
        return wrap_scalar(scalar_tensor_of(Scalar(r), DType::Float64));
    });
    def_meth("prod(self, axis=None, dtype=None, out=None, keepdims=False)", [](Interpreter& in, Args& v) {
        Tensor t = as_nd(v[0])->t;
        if (auto d = to_np_dtype(v[2])) t = cast(t, *d);
        return wrap_result(np_prod(t, axes_of(v[1], t.dim()), flag(in, v[4])));
    });
    for (const char* spec : {"argmax(self, axis=None, out=None, *, keepdims=False)", "argmin(self, axis=None, out=None, *, keepdims=False)"}) {
        bool is_max = spec[4] == 'a';
        def_meth(spec, [is_max](Interpreter& in, Args& v) {
            return wrap_result(np_argminmax(as_nd(v[0])->t, v[1], flag(in, v[3]), is_max));
        });
    }
    for (const char* spec : {"cumsum(self, axis=None, dtype=None, out=None)", "cumprod(self, axis=None, dtype=None, out=None)"}) {
        bool is_prod = spec[3] == 'p';
        def_meth(spec, [is_prod](Interpreter&, Args& v) {
            Tensor t = as_nd(v[0])->t;
            if (auto d = to_np_dtype(v[2])) t = cast(t, *d);
            return wrap_array(np_cum(t, v[1], is_prod));
        });
    }
    for (const char* spec : {"any(self, axis=None, out=None, keepdims=False)", "all(self, axis=None, out=None, keepdims=False)"}) {
        bool is_all = spec[1] == 'l';
        def_meth(spec, [is_all](Interpreter& in, Args& v) {
            const Tensor& t = as_nd(v[0])->t;
            return wrap_result(np_anyall(t, axes_of(v[1], t.dim()), flag(in, v[3]), is_all));
        });
    }
    def_meth("is_integer(self)", [](Interpreter&, Args& v) {
        const Tensor& t = as_nd(v[0])->t;
        double d = t.item().to_double();
        return Value::boolean(std::isfinite(d) && d == std::floor(d));
    });
}

}  // namespace

// ---- interop ----------------------------------------------------------------------------------------------

bool is_ndarray(const Value& v) { return as_nd(v) != nullptr; }
bool is_numpy_scalar(const Value& v) { return is_scalar_obj(v); }
std::string numpy_typestr(DType d) {
    const char kind = d == DType::Bool ? 'b' : kind_of(d) == 3 ? 'c' : kind_of(d) == 2 ? 'f' : dtype_is_signed(d) ? 'i' : 'u';
    return str(kind, dtype_size(d));
}
const char* numpy_byteorder(DType d) { return dtype_size(d) == 1 ? "|" : "<"; }
Value ndarray_tolist(const Value& v) { return tolist_of(as_nd(v)->t); }

bool ndarray_writeable(const Value& v) {
    const NdArray* n = as_nd(v);
    return !n || n->writeable;
}

Tensor ndarray_tensor(const Value& v) { return as_nd(v)->t;

}

Value ndarray_from_tensor(const Tensor& t) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = t.sizes();
    impl->strides = t.strides();
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return wrap_array(Tensor(impl));
}

void register_numpy_module() {
    register_numpy_types();
    Interpreter::register_module("numpy", numpy_module);
    Interpreter::register_module("numpy.random", np_random_module);
    Interpreter::register_module("numpy.linalg", np_linalg_module);
}

}  // namespace kiln::vm::bind
