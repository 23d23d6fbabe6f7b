// `memoryview` (CPython 3.12's memoryobject.c, observable behaviour): a view of a bytes or bytearray
// (or of another view) without copying. A view is its exporter plus an offset, shape, strides and a
// native single-character struct format; slicing makes a strided sub-view, cast() reinterprets a
// C-contiguous view as another format and/or shape (1-D <-> N-D). Items are unpacked and packed with
// the native sizes of CPython on a 64-bit host ('l'/'L'/'n'/'N'/'P' are 8 bytes, also in the wasm32
// build, so the results match). Writes through a view of a bytearray change the bytearray; while a
// view is held the bytearray cannot change size (BufferError), as in CPython. release() and `with`
// end a view: every later use is "operation forbidden on released memoryview object".
// Natives that take bytes-like arguments (bytes(), bytes methods, struct, hashlib, file writes) read
// a view's bytes through memoryview_contents (bytes_obj.h).
// Left out: views of NumPy arrays (a NotImplementedError pointing at arr.tobytes()); other objects
// get CPython's TypeError for non-buffers; multi-dimensional slicing and sub-views raise CPython's
// own NotImplementedErrors.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "tensor/dtype.h"
#include "vm/args.h"
#include "vm/bytes_obj.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/pyhash.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

struct MemoryView : NativeObj {
    explicit MemoryView(Type* t) : NativeObj(t) {}
    ~MemoryView() override { drop(); }
    void clear() override { drop(); }
    // Gives the exporter back (release(), destruction): its export count goes down once.
    void drop() {
        if (auto* b = as_bytes_obj(base); b && held) --b->exports;
        held = false;
        base = Value();
    }
    Value base;                   // the bytes or bytearray whose storage this views (mv.obj)
    int64_t offset = 0;           // byte offset of the first item
    std::vector<int64_t> shape, strides;
    std::string format = "B";     // as given to cast() ('@' kept)
    char code = 'B';              // the format's character
    int64_t itemsize = 1;
    bool readonly = false;
    bool released = false;
    bool held = false;            // counted in the exporter's exports
    std::string flat;             // the C-order bytes last handed to a native
};

MemoryView* as_view(const Value& v) {
    return v.is_obj() && v.obj()->type == memoryview_type() ? static_cast<MemoryView*>(v.obj()) : nullptr;
}

void check_live(const MemoryView* m) {
    if (m->released) raise(types().ValueError, "operation forbidden on released memoryview object");
}

MemoryView* memoryview_self(const CallArgs& a, const char* method) {
    MemoryView* m = a.nargs ? as_view(a.args[0]) : nullptr;
    if (!m)
        raise(types().TypeError, str("descriptor '", method, "' for 'memoryview' objects doesn't apply to a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
    check_live(m);
    return m;
}

// The item size of a native single-character struct format with an optional '@' (CPython's
// get_native_fmtchar), or 0 for any other format.
int64_t native_size(const std::string& f, char& code) {
    size_t at = f.size() == 2 && f[0] == '@' ? 1 : 0;
    if (f.size() != at + 1) return 0;
    code = f[at];
    switch (code) {
        case 'c': case 'b': case 'B': case '?': return 1;
        case 'h': case 'H': case 'e': return 2;
        case 'i': case 'I': case 'f': return 4;
        case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
        default: return 0;
    }
}

bool byte_format(char c) { return c == 'B' || c == 'b' || c == 'c'; }

std::string& storage(MemoryView* m) { return as_bytes_obj(m->base)->data; }

int64_t item_count(const MemoryView* m) {
    int64_t n = 1;
    for (int64_t s : m->shape) n *= s;
    return n;
}

// The byte offsets of every item in C order (last index fastest) or Fortran order (first fastest).
std::vector<int64_t> item_offsets(const MemoryView* m, bool fortran = false) {
    std::vector<int64_t> out;
    const size_t nd = m->shape.size();
    int64_t n = item_count(m);
    if (n == 0) return out;
    std::vector<int64_t> idx(nd, 0);
    out.reserve(size_t(n));
    for (int64_t k = 0; k < n; ++k) {
        int64_t pos = m->offset;
        for (size_t d = 0; d < nd; ++d) pos += idx[d] * m->strides[d];
        out.push_back(pos);
        for (size_t j = 0; j < nd; ++j) {  // advance the fastest-varying index first
            size_t d = fortran ? j : nd - 1 - j;
            if (++idx[d] < m->shape[d]) break;
            idx[d] = 0;
        }
    }
    return out;
}

std::string contents(MemoryView* m, bool fortran = false) {
    const std::string& s = storage(m);
    std::string out;
    for (int64_t pos : item_offsets(m, fortran)) {
        if (pos < 0 || size_t(pos + m->itemsize) > s.size()) raise(types().IndexError, "memoryview: the exporter's buffer shrank");
        out.append(s, size_t(pos), size_t(m->itemsize));
    }
    return out;
}

bool c_contiguous(const MemoryView* m) {
    int64_t expect = m->itemsize;
    for (size_t j = m->shape.size(); j-- > 0;) {
        if (m->shape[j] == 0) return true;
        if (m->shape[j] != 1 && m->strides[j] != expect) return false;
        expect *= m->shape[j];
    }
    return true;
}

bool f_contiguous(const MemoryView* m) {
    int64_t expect = m->itemsize;
    for (size_t j = 0; j < m->shape.size(); ++j) {
        if (m->shape[j] == 0) return true;
        if (m->shape[j] != 1 && m->strides[j] != expect) return false;
        expect *= m->shape[j];
    }
    return true;
}

template <typename T>
T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

Value unsigned_value(uint64_t u) { return u <= uint64_t(INT64_MAX) ? Value::integer(int64_t(u)) : int_value(BigInt::from_u64(u)); }

Value unpack(char code, const char* p) {
    switch (code) {
        case 'c': return new_bytes(std::string(p, 1));
        case '?': return Value::boolean(*p != 0);
        case 'b': return Value::integer(load<int8_t>(p));
        case 'B': return Value::integer(load<uint8_t>(p));
        case 'h': return Value::integer(load<int16_t>(p));
        case 'H': return Value::integer(load<uint16_t>(p));
        case 'i': return Value::integer(load<int32_t>(p));
        case 'I': return Value::integer(load<uint32_t>(p));
        case 'l': case 'q': case 'n': return Value::integer(load<int64_t>(p));
        case 'L': case 'Q': case 'N': case 'P': return unsigned_value(load<uint64_t>(p));
        case 'f': return Value::number(double(load<float>(p)));
        case 'd': return Value::number(load<double>(p));
        case 'e': return Value::number(double(half_to_float(load<uint16_t>(p))));
        default: return Value::none();
    }
}

[[noreturn]] void invalid_type(const MemoryView* m) {
    raise(types().TypeError, str("memoryview: invalid type for format '", m->format, "'"));
}
[[noreturn]] void invalid_value(const MemoryView* m) {
    raise(types().ValueError, str("memoryview: invalid value for format '", m->format, "'"));
}

// One item into `p` (CPython's pack_single): ints through __index__ (a float is the wrong type),
// out of range is the wrong value; floats through float(); 'c' takes a bytes of length 1.
void pack(Interpreter& in, MemoryView* m, const Value& v, char* p) {
    char code = m->code;
    auto store = [&](auto x) { std::memcpy(p, &x, sizeof x); };
    switch (code) {
        case '?': store(uint8_t(truthy(in, v) ? 1 : 0)); return;
        case 'c': {
            const std::string* b = nullptr;
            if (auto* o = as_bytes_obj(v); o && !bytes_obj_mutable(o)) b = &o->data;
            if (!b) invalid_type(m);
            if (b->size() != 1) invalid_value(m);
            *p = (*b)[0];
            return;
        }
        case 'f': case 'd': case 'e': {
            double d;
            if (v.is_float()) d = v.as_float();
            else if (is_int_like(v)) d = v.is_int() || v.is_bool() ? double(to_int(v, "")) : big_to_double(to_big(v));
            else if (Value f = find_dunder(v, "__float__"); !f.is_null()) d = to_double(in.call(f, {v}), "float");
            else if (Value f = find_dunder(v, "__index__"); !f.is_null()) d = double(index_value(in, v));
            else invalid_type(m);
            if (code == 'd') return store(d);
            if (code == 'f') {
                float f = float(d);
                if (std::isinf(f) && std::isfinite(d)) invalid_value(m);
                return store(f);
            }
            if (std::isfinite(d) && std::fabs(d) >= 65520.0) invalid_value(m);  // beyond half's range
            return store(float_to_half(float(d)));
        }
        default: break;
    }
    if (!is_int_like(v) && find_dunder(v, "__index__").is_null()) invalid_type(m);
    BigInt x = to_big(number_index(in, v));
    const bool is_signed = code == 'b' || code == 'h' || code == 'i' || code == 'l' || code == 'q' || code == 'n';
    const int bits = int(m->itemsize * 8);
    if (is_signed) {
        if (!x.fits_i64()) invalid_value(m);
        int64_t s = x.to_i64();
        if (bits < 64 && (s < -(int64_t(1) << (bits - 1)) || s >= (int64_t(1) << (bits - 1)))) invalid_value(m);
        switch (bits) {
            case 8: return store(int8_t(s));
            case 16: return store(int16_t(s));
            case 32: return store(int32_t(s));
            default: return store(s);
        }
    }
    if (x.negative() || x.bit_length() > bits) invalid_value(m);
    uint64_t u = x.fits_i64() ? uint64_t(x.to_i64()) : 0;
    if (!x.fits_i64())  // 2**63 <= x < 2**64
        u = uint64_t(x.shr(1).to_i64()) << 1 | uint64_t((x & BigInt(1)).is_zero() ? 0 : 1);
    switch (bits) {
        case 8: return store(uint8_t(u));
        case 16: return store(uint16_t(u));
        case 32: return store(uint32_t(u));
        default: return store(u);
    }
}

Value make_view(MemoryView* from) {
    Ref<MemoryView> m = make<MemoryView>(memoryview_type());
    m->base = from->base;
    m->offset = from->offset;
    m->shape = from->shape;
    m->strides = from->strides;
    m->format = from->format;
    m->code = from->code;
    m->itemsize = from->itemsize;
    m->readonly = from->readonly;
    if (auto* b = as_bytes_obj(m->base)) {
        ++b->exports;
        m->held = true;
    }
    return Value(m.get());
}

Value view_of(Interpreter& in, const Value& obj) {
    (void)in;
    if (MemoryView* src = as_view(obj)) {
        check_live(src);
        return make_view(src);
    }
    BytesObj* b = as_bytes_obj(obj);
    if (!b && type_of(obj)->module == "numpy" && type_name(obj) == "ndarray")  // a buffer in NumPy, not here
        raise(types().NotImplementedError, "memoryview of a numpy.ndarray is not supported in Kiln; use memoryview(arr.tobytes())");
    if (!b) raise(types().TypeError, str("memoryview: a bytes-like object is required, not '", type_name(obj), "'"));
    Ref<MemoryView> m = make<MemoryView>(memoryview_type());
    m->base = obj;
    m->shape = {int64_t(b->data.size())};
    m->strides = {1};
    m->readonly = !bytes_obj_mutable(b);
    ++b->exports;
    m->held = true;
    return Value(m.get());
}

// The byte offset of item `i` along dimension `dim` from `pos` (IndexError as CPython words it).
int64_t step_into(Interpreter& in, const MemoryView* m, size_t dim, const Value& key, int64_t pos) {
    int64_t i = index_value(in, key);
    int64_t n = m->shape[dim];
    if (i < 0) i += n;
    if (i < 0 || i >= n) raise(types().IndexError, str("index out of bounds on dimension ", dim + 1));
    return pos + i * m->strides[dim];
}

bool all_of(const Tuple* t, bool slices) {
    for (const Value& v : t->items)
        if (slices ? !v.is(Kind::Slice) : !is_index(v) && find_dunder(v, "__index__").is_null()) return false;
    return true;
}

bool is_index_key(const Value& key) { return is_index(key) || is_int_like(key) || !find_dunder(key, "__index__").is_null(); }

char* item_ptr(MemoryView* m, int64_t pos) {
    std::string& s = storage(m);
    if (pos < 0 || size_t(pos + m->itemsize) > s.size()) raise(types().IndexError, "memoryview: the exporter's buffer shrank");
    return &s[size_t(pos)];
}

// The byte offset a subscript names (an index on a 1-D view, a full tuple of indexes, () on a
// 0-dim view), or -1 for a slice; CPython's errors for the rest.
int64_t item_position(Interpreter& in, MemoryView* m, const Value& key, bool assign) {
    const size_t nd = m->shape.size();
    if (nd == 0) {
        if (auto* t = key.as<Tuple>(); t && t->items.empty()) return m->offset;
        if (key.identical(ellipsis())) return m->offset;
        raise(types().TypeError, "invalid indexing of 0-dim memory");
    }
    if (is_index_key(key) && !key.is(Kind::Tuple)) {
        if (nd != 1) raise(types().NotImplementedError, assign ? "sub-views are not implemented" : "multi-dimensional sub-views are not implemented");
        return step_into(in, m, 0, key, m->offset);
    }
    if (key.is(Kind::Slice)) return -1;
    if (auto* t = key.as<Tuple>(); t && all_of(t, false)) {
        if (t->items.size() < nd) raise(types().NotImplementedError, "sub-views are not implemented");
        if (t->items.size() > nd)
            raise(types().TypeError, str("cannot index ", nd, "-dimension view with ", t->items.size(), "-element tuple"));
        int64_t pos = m->offset;
        for (size_t d = 0; d < nd; ++d) pos = step_into(in, m, d, t->items[d], pos);
        return pos;
    }
    if (auto* t = key.as<Tuple>(); t && !t->items.empty() && all_of(t, true))
        raise(types().NotImplementedError, assign ? "memoryview slice assignments are currently restricted to ndim = 1"
                                                  : "multi-dimensional slicing is not implemented");
    raise(types().TypeError, "memoryview: invalid slice key");
}

// m[a:b:c]: the sub-view along the first dimension.
Value slice_view(MemoryView* m, const Slice& s) {
    SliceIndices ix = slice_indices(s, m->shape[0]);
    Value out = make_view(m);
    auto* v = as_view(out);
    v->offset += ix.start * m->strides[0];
    v->shape[0] = ix.count;
    v->strides[0] *= ix.step;
    return out;
}

Value to_list(MemoryView* m, size_t dim, int64_t pos) {
    if (dim == m->shape.size()) return unpack(m->code, item_ptr(m, pos));
    std::vector<Value> items;
    for (int64_t i = 0; i < m->shape[dim]; ++i) items.push_back(to_list(m, dim + 1, pos + i * m->strides[dim]));
    return new_list(std::move(items));
}

// Whether two views hold equal items (memory_richcompare: equal shapes, then item by item as the
// formats unpack them).
bool views_equal(Interpreter& in, MemoryView* a, MemoryView* b) {
    if (a->shape != b->shape) return false;
    std::vector<int64_t> pa = item_offsets(a), pb = item_offsets(b);
    for (size_t k = 0; k < pa.size(); ++k) {
        Value x = unpack(a->code, item_ptr(a, pa[k])), y = unpack(b->code, item_ptr(b, pb[k]));
        if (!equals(in, x, y)) return false;
    }
    return true;
}

Value cast(Interpreter& in, MemoryView* m, const Value& fmt, const Value& shape) {
    if (!fmt.is(Kind::Str)) raise(types().TypeError, str("cast() argument 'format' must be str, not ", type_name(fmt)));
    if (!c_contiguous(m)) raise(types().TypeError, "memoryview: casts are restricted to C-contiguous views");
    bool has_shape = !shape.is_null() && !shape.is_none();
    if ((has_shape || m->shape.size() != 1) && item_count(m) == 0)
        raise(types().TypeError, "memoryview: cannot cast view with zeros in shape or strides");
    std::vector<Value> dims;
    if (has_shape) {
        if (!shape.is(Kind::List) && !shape.is(Kind::Tuple)) raise(types().TypeError, "shape must be a list or a tuple");
        dims = to_vector(in, shape);
        if (dims.size() > 64) raise(types().ValueError, "memoryview: number of dimensions must not exceed 64");
        if (m->shape.size() != 1 && dims.size() != 1) raise(types().TypeError, "memoryview: cast must be 1D -> ND or ND -> 1D");
    }
    char code = 0;
    int64_t size = native_size(str_of(fmt), code);
    if (!size)
        raise(types().ValueError, "memoryview: destination format must be a native single character format prefixed with an optional '@'");
    if (!byte_format(code) && !byte_format(m->code)) raise(types().TypeError, "memoryview: cannot cast between two non-byte formats");
    int64_t nbytes = item_count(m) * m->itemsize;
    if (nbytes % size) raise(types().TypeError, "memoryview: length is not a multiple of itemsize");
    Value out = make_view(m);
    auto* v = as_view(out);
    v->format = str_of(fmt);
    v->code = code;
    v->itemsize = size;
    v->shape = {nbytes / size};
    v->strides = {size};
    if (has_shape) {
        int64_t product = 1;
        std::vector<int64_t> sh;
        for (const Value& d : dims) {
            if (!is_int_like(d)) raise(types().TypeError, "memoryview.cast(): elements of shape must be integers");
            if (!to_big(d).fits_i64() || to_big(d).to_i64() <= 0)
                raise(types().ValueError, "memoryview.cast(): elements of shape must be integers > 0");
            sh.push_back(to_big(d).to_i64());
            product *= sh.back();
        }
        if (product * size != nbytes) raise(types().TypeError, "memoryview: product(shape) * itemsize != buffer size");
        v->shape = sh;
        v->strides.assign(sh.size(), size);
        for (size_t j = sh.size(); j-- > 1;) v->strides[j - 1] = v->strides[j] * sh[j];
    }
    return out;
}

Value shape_tuple(const std::vector<int64_t>& v) {
    std::vector<Value> items;
    for (int64_t x : v) items.push_back(Value::integer(x));
    return new_tuple(std::move(items));
}

}  // namespace

Type* buffer_error_type() {
    static Type* t = make_exception_type("BufferError", types().Exception, "builtins");
    return t;
}

const std::string* memoryview_contents(const Value& v) {
    MemoryView* m = as_view(v);
    if (!m) return nullptr;
    check_live(m);
    m->flat = contents(m);
    return &m->flat;
}

const std::string* buffer_contents(const Value& v) {
    if (BytesObj* b = as_bytes_obj(v)) return &b->data;
    return memoryview_contents(v);
}

Type* memoryview_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("memoryview", types().object, Kind::Native);
        t->construct = [](Interpreter& in, const CallArgs& a) {
            // argument clinic's rules for memoryview(object): the count first, then the one name
            const size_t total = a.nargs + a.nkw;
            if (total > 1)
                raise(types().TypeError, str("memoryview() takes at most 1 ", a.nargs ? "" : "keyword ", "argument (", total, " given)"));
            const Value* obj = a.nargs ? &a.args[0] : a.nkw && a.kwname(0) == "object" ? &a.kwvalues[0] : nullptr;
            if (!obj) raise(types().TypeError, "memoryview() missing required argument 'object' (pos 1)");
            return view_of(in, *obj);
        };
        def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = as_view(a.args[0]);
            char addr[32];
            std::snprintf(addr, sizeof addr, "%p", static_cast<const void*>(m));
            return new_str(str(m && m->released ? "<released memory at " : "<memory at ", addr, ">"));
        });
        def_method(t, "__len__", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__len__");
            if (m->shape.empty()) raise(types().TypeError, "0-dim memory has no length");
            return Value::integer(m->shape[0]);
        });
        def_method(t, "__getitem__", [](Interpreter& in, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__getitem__");
            const Value& key = a.args[1];
            if (!m->shape.empty() && key.identical(ellipsis())) raise(types().TypeError, "memoryview: invalid slice key");
            if (m->shape.empty() && key.identical(ellipsis())) return a.args[0];
            int64_t pos = item_position(in, m, key, false);
            if (pos < 0) return slice_view(m, *key.get<Slice>());
            return unpack(m->code, item_ptr(m, pos));
        });
        def_method(t, "__setitem__", [](Interpreter& in, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__setitem__");
            if (m->readonly) raise(types().TypeError, "cannot modify read-only memory");
            const Value& key = a.args[1];
            if (!m->shape.empty() && key.identical(ellipsis())) raise(types().TypeError, "memoryview: invalid slice key");
            int64_t pos = item_position(in, m, key, true);
            if (pos >= 0) {
                pack(in, m, a.args[2], item_ptr(m, pos));
                return none();
            }
            // a slice of a 1-D view: the value must be a buffer of the same format and length
            if (m->shape.size() != 1) raise(types().NotImplementedError, "memoryview slice assignments are currently restricted to ndim = 1");
            const Value& src = a.args[2];
            MemoryView* sv = as_view(src);
            if (sv) check_live(sv);
            BytesObj* sb = as_bytes_obj(src);
            if (!sv && !sb) raise(types().TypeError, str("a bytes-like object is required, not '", type_name(src), "'"));
            Value dest = slice_view(m, *key.get<Slice>());
            MemoryView* d = as_view(dest);
            std::string src_format = sv ? sv->format : "B";
            int64_t src_itemsize = sv ? sv->itemsize : 1;
            std::vector<int64_t> src_shape = sv ? sv->shape : std::vector<int64_t>{int64_t(sb->data.size())};
            char c1 = 0, c2 = 0;
            native_size(src_format, c1);
            native_size(d->format, c2);
            if (c1 != c2 || src_itemsize != d->itemsize || src_shape != d->shape)
                raise(types().ValueError, "memoryview assignment: lvalue and rvalue have different structures");
            std::string bytes = sv ? contents(sv) : sb->data;  // a copy: source and destination may overlap
            std::vector<int64_t> at = item_offsets(d);
            for (size_t k = 0; k < at.size(); ++k)
                std::memcpy(item_ptr(d, at[k]), bytes.data() + k * size_t(d->itemsize), size_t(d->itemsize));
            return none();
        });
        def_method(t, "__delitem__", [](Interpreter&, const CallArgs& a) -> Value {
            MemoryView* m = memoryview_self(a, "__delitem__");
            if (m->readonly) raise(types().TypeError, "cannot modify read-only memory");
            raise(types().TypeError, "cannot delete memory");
        });
        def_method(t, "__iter__", [](Interpreter& in, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__iter__");
            if (m->shape.empty()) raise(types().TypeError, "invalid indexing of 0-dim memory");
            if (m->shape.size() != 1) raise(types().NotImplementedError, "multi-dimensional sub-views are not implemented");
            return get_iter(in, to_list(m, 0, m->offset));
        });
        for (bool eq : {true, false})
            def_method(t, eq ? "__eq__" : "__ne__", [eq](Interpreter& in, const CallArgs& a) {
                MemoryView* m = as_view(a.args[0]);
                const Value& other = a.args[1];
                if (!m) return not_implemented();
                bool same;
                if (other.identical(a.args[0])) same = true;
                else if (m->released) same = false;
                else if (MemoryView* o = as_view(other)) same = !o->released && views_equal(in, m, o);
                else if (as_bytes_obj(other)) {
                    Value tmp = view_of(in, other);
                    same = views_equal(in, m, as_view(tmp));
                    as_view(tmp)->drop();
                } else return not_implemented();
                return Value::boolean(same == eq);
            });
        def_method(t, "__hash__", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__hash__");
            if (!m->readonly) raise(types().ValueError, "cannot hash writable memoryview object");
            if (!byte_format(m->code)) raise(types().ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
            return Value::integer(pyhash::of_bytes(contents(m)));
        });
        def_method(t, "__enter__", [](Interpreter&, const CallArgs& a) {
            memoryview_self(a, "__enter__");
            return a.args[0];
        });
        def_method(t, "__exit__", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "__exit__");
            m->released = true;
            m->drop();
            return none();
        });
        def_method(t, "release", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = a.nargs ? as_view(a.args[0]) : nullptr;
            if (!m) raise(types().TypeError, "descriptor 'release' for 'memoryview' objects needs an argument");
            m->released = true;
            m->drop();
            return none();
        });
        def_method(t, "tobytes", [](Interpreter&, const CallArgs& a) {
            static const Signature sig("tobytes(self, /, order='C')");
            std::vector<Value> p = sig.bind(a);
            MemoryView* m = memoryview_self(a, "tobytes");
            std::string order = p[1].is_none() ? "C" : p[1].is(Kind::Str) ? str_of(p[1]) : "";
            if (order != "C" && order != "F" && order != "A") raise(types().ValueError, "order must be 'C', 'F' or 'A'");
            return new_bytes(contents(m, order == "F"));
        });
        def_method(t, "hex", [](Interpreter& in, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "hex");
            Value fn = getattr(in, new_bytes(contents(m)), "hex");  // bytes.hex's arguments and errors
            CallArgs ca = a;
            ++ca.args;
            --ca.nargs;
            return in.call(fn, ca);
        });
        def_method(t, "tolist", [](Interpreter&, const CallArgs& a) {
            MemoryView* m = memoryview_self(a, "tolist");
            return to_list(m, 0, m->offset);
        });
        def_method(t, "toreadonly", [](Interpreter&, const CallArgs& a) {
            Value v = make_view(memoryview_self(a, "toreadonly"));
            as_view(v)->readonly = true;
            return v;
        });
        def_method(t, "cast", [](Interpreter& in, const CallArgs& a) {
            static const Signature sig("cast(self, /, format, shape=None)");
            std::vector<Value> p = sig.bind(a);
            return cast(in, memoryview_self(a, "cast"), p[1], p[2]);
        });
        auto prop = [t](const char* name, Value (*get)(MemoryView*)) {
            def_property(t, name, [name, get](Interpreter&, const CallArgs& a) { return get(memoryview_self(a, name)); });
        };
        prop("obj", [](MemoryView* m) { return m->base; });
        prop("nbytes", [](MemoryView* m) { return Value::integer(item_count(m) * m->itemsize); });
        prop("readonly", [](MemoryView* m) { return Value::boolean(m->readonly); });
        prop("itemsize", [](MemoryView* m) { return Value::integer(m->itemsize); });
        prop("format", [](MemoryView* m) { return new_str(m->format); });
        prop("ndim", [](MemoryView* m) { return Value::integer(int64_t(m->shape.size())); });
        prop("shape", [](MemoryView* m) { return shape_tuple(m->shape); });
        prop("strides", [](MemoryView* m) { return shape_tuple(m->strides); });
        prop("suboffsets", [](MemoryView*) { return new_tuple({}); });
        prop("c_contiguous", [](MemoryView* m) { return Value::boolean(c_contiguous(m)); });
        prop("f_contiguous", [](MemoryView* m) { return Value::boolean(f_contiguous(m)); });
        prop("contiguous", [](MemoryView* m) { return Value::boolean(c_contiguous(m) || f_contiguous(m)); });
        return t;
    }();
    return t;
}

}  // namespace kiln::vm
