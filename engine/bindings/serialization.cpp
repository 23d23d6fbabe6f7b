// torch.save / torch.load in PyTorch's zip checkpoint format, and torch.serialization.
//
// torch.save(obj, path) writes PREFIX/data.pkl (pickle protocol 2), PREFIX/.format_version,
// PREFIX/byteorder, one PREFIX/data/KEY record per storage (keys "0", "1", ... in first-use order),
// PREFIX/version and PREFIX/.data/serialization_id, where PREFIX is the file name without its
// extension (PyTorch's PyTorchStreamWriter). Tensors pickle as torch._utils._rebuild_tensor_v2(
// storage persistent id, offset, size, stride, requires_grad, OrderedDict()), Parameters as
// _rebuild_parameter, so views keep sharing their storage and a tensor saved twice loads as one.
// Values: None/bool/int/float/str, list/tuple/dict, OrderedDict (state_dicts), torch.Size, dtypes,
// devices, sets, tensors of every Kiln dtype, classes and functions by reference, and any other object
// the way pickle reduces it (pickle._reduce_value: __reduce_ex__ / __reduce__ / copyreg.__newobj__ with
// its state), so whole nn.Modules (Module.__getstate__ gives PyTorch's instance __dict__ layout),
// argparse.Namespace and user classes save as PyTorch saves them.
//
// torch.load(path, map_location=None, weights_only=True by default as in PyTorch >= 2.6) reads the
// archive (serialize/archive.h: sizes and offsets checked against the file, CRC-32 verified) and
// evaluates the pickle tree. With weights_only, only PyTorch's default allow-list (plus
// torch.serialization.add_safe_globals) is reconstructed; any other GLOBAL is refused with PyTorch's
// UnpicklingError text and nothing is called. Storages are loaded once per key and bounded by their
// record; every tensor view is checked to fit its storage.
//
// `f` is a path (str or os.PathLike), read and written through the VM's file sandbox (vm/host.h:
// the program's directory, its private temporary directory and --allow-dir; PermissionError
// elsewhere), or a file-like object: torch.save calls its write() with the archive's bytes,
// torch.load reads from its current position to the end (io.BytesIO, or a file opened 'rb').
// Missing files raise CPython's FileNotFoundError; empty, truncated and corrupt data raise what
// PyTorch raises for them (EOFError, PytorchStreamReader's RuntimeError, UnpicklingError).
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "bindings/convert.h"
#include "bindings/numpy.h"
#include "bindings/storage.h"
#include "cuda/cuda.h"
#include "nn/module.h"
#include "serialize/archive.h"
#include "support/function.h"
#include "vm/bytes_obj.h"
#include "vm/host.h"
#include "vm/int_big.h"

namespace kiln::vm::bind {

namespace {

// pickle.UnpicklingError itself, as PyTorch raises pickle's class (CPython's _pickle.UnpicklingError, a
// PickleError): programs write `except pickle.UnpicklingError:` around torch.load to retry with
// weights_only=False. The fallback serves only a load with no interpreter running.
Type* unpickling_error_type() {
    if (Interpreter* in = current_interpreter_or_null()) {
        if (Ref<ModuleObj> pk = in->import_module("pickle"); pk.get())
            if (const Value* c = pk->dict.find("UnpicklingError"); c && c->is(Kind::Type)) return c->as<Type>();
    }
    static Type* t = make_exception_type("UnpicklingError", types().Exception, "_pickle");
    return t;
}

// EOFError until the VM's builtins have it (then builtin_class finds theirs).
Type* eof_error_type() {
    static Type* t = make_exception_type("EOFError", types().Exception, "builtins");
    return t;
}

// A class of the builtins namespace (FileNotFoundError, OSError, EOFError, set), else `fallback`.
Type* builtin_class(Interpreter& in, const char* name, Type* fallback) {
    const Value* v = in.builtins().find(name);
    return v && v->is(Kind::Type) ? v->get<Type>() : fallback;
}

std::set<std::string>& safe_globals() {
    static std::set<std::string> s;
    return s;
}

// PyTorch's typed storage names are the ScalarType's name + "Storage" (FloatStorage, ByteStorage,
// IntStorage, ...).
const char* storage_name(DType dt) {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (int i = 0; i < kNumDTypes; ++i) v.push_back(std::string(dtype_scalar_type_name(DType(i))) + "Storage");
        return v;
    }();
    return names[size_t(dt)].c_str();
}

std::optional<DType> storage_dtype(const std::string& name) {
    for (int i = 0; i < kNumDTypes; ++i)
        if (name == storage_name(DType(i))) return DType(i);
    return std::nullopt;
}

std::optional<DType> dtype_by_name(const std::string& name) { return dtype_from_attr_name(name); }

// PyTorch's _is_path: a str or an os.PathLike (an object with __fspath__).
bool is_path(Interpreter& in, const Value& f) { return f.is(Kind::Str) || !getattr_or_null(in, f, "__fspath__").is_null(); }

// ---- saving ---------------------------------------------------------------------------------------------

// PyTorch's legacy (pre-1.6) format, which torch.save still writes with
// _use_new_zipfile_serialization=False and which pickling a storage uses (TypedStorage.__reduce__):
// four protocol-2 pickles in a row (torch's MAGIC_NUMBER 0x1950a86a20f9469cfc6c, the protocol
// version 1001, sys_info, the object with ('storage', type, key, location, numel, view_metadata)
// persistent ids), the pickled list of storage keys, then per key an int64 element count and the
// storage's bytes.
const std::string kLegacyMagic("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19\x2e", 15);
constexpr int64_t kLegacyProtocol = 1001;

struct Saver {
    Interpreter& in;
    serialize::Pickler p;
    uint32_t next_memo = 0;
    std::unordered_map<const void*, uint32_t> memo;
    std::vector<Tensor> storages;  // one tensor per storage key, in key order
    std::unordered_map<const Storage*, size_t> storage_keys;
    std::vector<Value> keep;  // values whose addresses are memo keys stay alive while saving
    int depth = 0;
    bool legacy = false;  // _use_new_zipfile_serialization=False: the legacy ids, with view_metadata

    bool recall(const void* key) {
        auto it = memo.find(key);
        if (it == memo.end()) return false;
        p.memo_get(it->second);
        return true;
    }
    void remember(const void* key, const Value& owner) {
        keep.push_back(owner);
        memo[key] = next_memo;
        p.memo_put(next_memo++);
    }

    void empty_ordered_dict() {
        p.global("collections", "OrderedDict");
        p.tuple_begin(0);
        p.tuple_end(0);
        p.reduce();
    }

    void storage_id(const Tensor& t) {
        const Storage* s = t.impl()->storage.get();
        KILN_CHECK(!s->meta, RuntimeError, "torch.save: cannot save a tensor whose storage holds no values (meta)");
        // PyTorch writes the newer dtypes (uint16, uint32, ...) as an UntypedStorage rebuilt by
        // _rebuild_tensor_v3 with the dtype, not as a <Type>Storage: not written by Kiln yet.
        KILN_CHECK(!dtype_is_barebones_unsigned(t.dtype()), NotImplementedError, "torch.save of ", dtype_name(t.dtype()),
                   " tensors (PyTorch's UntypedStorage with _rebuild_tensor_v3) is not supported in Kiln; save t.long() or t.int()");
        size_t key;
        auto it = storage_keys.find(s);
        if (it != storage_keys.end()) {
            key = it->second;
        } else {
            key = storages.size();
            storage_keys[s] = key;
            auto impl = std::make_shared<TensorImpl>();
            impl->storage = t.impl()->storage;
            impl->dtype = t.dtype();
            impl->sizes = {int64_t(s->nbytes / dtype_size(t.dtype()))};
            impl->strides = {1};
            storages.push_back(Tensor(impl));
        }
        const size_t n = legacy ? 6 : 5;
        p.tuple_begin(n);
        p.str("storage");
        p.global("torch", storage_name(t.dtype()));
        p.str(std::to_string(key));
        p.str(t.device() == Device::CUDA ? "cuda:0" : "cpu");
        p.integer(int64_t(s->nbytes / dtype_size(t.dtype())));
        if (legacy) p.none();  // view_metadata
        p.tuple_end(n);
        p.persid();
    }

    void int_tuple(const Shape& v) {
        p.tuple_begin(v.size());
        for (int64_t x : v) p.integer(x);
        p.tuple_end(v.size());
    }

    void tensor_data(const Tensor& t) {
        p.global("torch._utils", "_rebuild_tensor_v2");
        p.tuple_begin(6);
        storage_id(t);
        p.integer(t.storage_offset());
        int_tuple(t.sizes());
        int_tuple(t.strides());
        p.boolean(t.requires_grad());
        empty_ordered_dict();
        p.tuple_end(6);
        p.reduce();
    }

    void tensor(const Value& v) {
        const Tensor& t = to_tensor(v);
        if (recall(t.impl())) return;
        if (t.impl()->is_parameter) {
            p.global("torch._utils", "_rebuild_parameter");
            p.tuple_begin(3);
            tensor_data(t.detach());
            p.boolean(t.requires_grad());
            empty_ordered_dict();
            p.tuple_end(3);
            p.reduce();
        } else {
            tensor_data(t);
        }
        remember(t.impl(), v);
    }

    void items_of(const Value& mapping) { set_items(to_vector(in, in.call_method(mapping, "items", {}))); }

    // MARK, each (key, value) pair, SETITEMS: nothing for no pairs.
    void set_items(const std::vector<Value>& pairs) {
        if (pairs.empty()) return;
        p.mark();
        for (const Value& kv : pairs) {
            const auto& two = kv.get<Tuple>()->items;
            save(two[0]);
            save(two[1]);
        }
        p.setitems();
    }

    // bytes at protocol 2, as pickle writes them: _codecs.encode(the bytes as latin-1 text, 'latin1').
    void py_bytes(const std::string& raw) {
        std::string text;
        for (unsigned char c : raw) {
            if (c < 0x80) {
                text += char(c);
            } else {
                text += char(0xC0 | (c >> 6));
                text += char(0x80 | (c & 0x3F));
            }
        }
        p.global("_codecs", "encode");
        p.tuple_begin(2);
        p.str(text);
        p.str("latin1");
        p.tuple_end(2);
        p.reduce();
    }

    // NumPy values as NumPy 2's own reductions pickle them: a dtype as numpy.dtype('f8', False, True)
    // with the BUILD state (3, '<', None, None, None, -1, -1, 0); an array as
    // numpy._core.multiarray._reconstruct(numpy.ndarray, (0,), b'b') with the BUILD state
    // (1, shape, dtype, False, C-order bytes); a scalar as numpy._core.multiarray.scalar(dtype, bytes).
    // Checkpoints keep them (np.float64 best accuracies, ndarray attributes of a saved model).
    void np_dtype(DType d) {
        p.global("numpy", "dtype");
        p.tuple_begin(3);
        p.str(numpy_typestr(d));
        p.boolean(false);
        p.boolean(true);
        p.tuple_end(3);
        p.reduce();
        p.tuple_begin(8);
        p.integer(3);
        p.str(numpy_byteorder(d));
        p.none();
        p.none();
        p.none();
        p.integer(-1);
        p.integer(-1);
        p.integer(0);
        p.tuple_end(8);
        p.build();
    }
    void np_value(const Value& v) {
        const Tensor t = contiguous(ndarray_tensor(v));
        if (dtype_is_complex(t.dtype()) || t.dtype() == DType::BFloat16)
            raise(T().TypeError, str("cannot pickle a numpy array of dtype ", dtype_name(t.dtype()), " in Kiln"));
        const std::string raw(static_cast<const char*>(t.raw_data()), size_t(t.numel()) * t.element_size());
        if (is_numpy_scalar(v)) {
            p.global("numpy._core.multiarray", "scalar");
            p.tuple_begin(2);
            np_dtype(t.dtype());
            py_bytes(raw);
            p.tuple_end(2);
            return p.reduce();
        }
        p.global("numpy._core.multiarray", "_reconstruct");
        p.tuple_begin(3);
        p.global("numpy", "ndarray");
        p.tuple_begin(1);
        p.integer(0);
        p.tuple_end(1);
        py_bytes("b");
        p.tuple_end(3);
        p.reduce();
        p.tuple_begin(5);
        p.integer(1);
        p.tuple_begin(size_t(t.dim()));
        for (int64_t s : t.sizes()) p.integer(s);
        p.tuple_end(size_t(t.dim()));
        np_dtype(t.dtype());
        p.boolean(false);
        py_bytes(raw);
        p.tuple_end(5);
        p.build();
    }

    void save(const Value& v) {
        if (++depth > 1000) raise(T().RecursionError, "maximum recursion depth exceeded while pickling an object");
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{depth};
        if (v.is_none()) return p.none();
        if (v.is_bool()) return p.boolean(v.as_bool());
        if (v.is_int()) return p.integer(v.as_int());
        if (is_big(v)) {
            // an int past int64 (a seed, a hash): pickle's LONG1/LONG4 of its two's complement bytes
            std::string le;
            bytes_data(in.call(pickle_fn("_encode_long"), {v}), le);
            return p.long_bytes(le);
        }
        if (v.is_float()) return p.floating(v.as_float());
        if (v.is(Kind::Str)) return p.str(str_of(v));
        if (is_tensor(v)) return tensor(v);
        if (is_dtype(v)) return p.global("torch", dtype_short_name(to_dtype(v)));
        Type* type = type_of(v);
        if (type->name == "TypedStorage" && type->module == "torch.storage") {
            // a storage on its own (torch.save(t.storage()), and pickle's TypedStorage.__reduce__):
            // its persistent id alone, as PyTorch's persistent_id answers for it
            if (recall(v.obj())) return;
            Value whole = in.call(getattr(in, v, "_as_tensor"), std::vector<Value>{});
            storage_id(to_tensor(whole));
            remember(v.obj(), v);
            return;
        }
        if (type == T().size) {
            p.global("torch", "Size");
            p.tuple_begin(1);
            const auto& items = v.get<Tuple>()->items;
            p.tuple_begin(items.size());
            for (const Value& x : items) save(x);
            p.tuple_end(items.size());
            p.tuple_end(1);
            return p.reduce();
        }
        if (type == type_of(device_value(Device::CPU))) {
            p.global("torch", "device");
            p.tuple_begin(1);
            p.str(to_str(in, v));
            p.tuple_end(1);
            return p.reduce();
        }
        if (auto* t = v.as<Tuple>()) {
            p.tuple_begin(t->items.size());
            for (const Value& x : t->items) save(x);
            return p.tuple_end(t->items.size());
        }
        if (auto* l = v.as<List>()) {
            if (recall(l)) return;
            p.empty_list();
            remember(l, v);
            if (l->items.empty()) return;
            p.mark();
            for (const Value& x : std::vector<Value>(l->items)) save(x);
            return p.appends();
        }
        // collections.OrderedDict (a dict subclass) pickles as PyTorch's: GLOBAL, REDUCE, its items, and a
        // BUILD of its instance attributes (a state_dict's _metadata).
        if (type->name == "OrderedDict" && type->module == "collections") {
            if (recall(v.obj())) return;
            empty_ordered_dict();
            remember(v.obj(), v);
            items_of(v);
            Value meta = getattr_or_null(in, v, "_metadata");
            if (!meta.is_null()) {
                p.empty_dict();
                p.mark();
                p.str("_metadata");
                save(meta);
                p.setitems();
                p.build();
            }
            return;
        }
        // A plain dict (and Kiln's built-in dict-like types) is EMPTY_DICT + SETITEMS. A dict subclass
        // (collections.defaultdict, Counter, a program's own) goes through its reduction below, as
        // pickle's save dispatches on the exact type: defaultdict(dict) saves its factory and loads back
        // as a defaultdict (an optimizer's `state` in a file PyTorch reads).
        if (auto* d = v.as<Dict>(); d && (type == T().dict || type->builtin)) {
            if (recall(d)) return;
            p.empty_dict();
            remember(d, v);
            return items_of(v);
        }
        if (type->name == "set" || type->name == "frozenset") {
            p.global("builtins", type->name);
            p.tuple_begin(1);
            std::vector<Value> items = to_vector(in, v);
            p.empty_list();
            if (!items.empty()) {
                p.mark();
                for (const Value& x : items) save(x);
                p.appends();
            }
            p.tuple_end(1);
            return p.reduce();
        }
        if (is_ndarray(v)) return np_value(v);
        if (type->builtin && type->name == "bytes") {
            std::string raw;
            bytes_data(v, raw);
            return py_bytes(raw);
        }
        if (type->builtin && type->name == "bytearray") {  // pickle's save_bytearray at protocol 2
            if (recall(v.obj())) return;
            std::string raw;
            bytes_data(v, raw);
            p.global("builtins", "bytearray");
            p.tuple_begin(1);
            py_bytes(raw);
            p.tuple_end(1);
            p.reduce();
            return remember(v.obj(), v);
        }
        // A class or a function: pickled by reference (module and qualified name), as pickle's save_global.
        if (v.is(Kind::Type) || v.is(Kind::Function) || v.is(Kind::Builtin)) return global_ref(v);
        // Any other object (an nn.Module, an argparse.Namespace, a user class): what pickle would save,
        // through the same reduction step as Kiln's pickle module (copyreg.__newobj__ + the state for
        // most objects; Module.__getstate__ gives PyTorch's instance __dict__ layout).
        // Builtin values torch.save has no opcode for (bytearray, complex, range, slice, Ellipsis, an
        // exception) and built-in types that define __getstate__ (torch.optim's native optimizers) reduce
        // as pickle reduces them; one pickle cannot save (a generator, a module) is its TypeError
        // "cannot pickle '...' object" from the same step.
        return reduce_object(v);
    }

    void global_ref(const Value& v) {
        Value pair = in.call(pickle_fn("_global_name"), {v, Value::none(), Value::integer(2)});
        const auto& mn = pair.get<Tuple>()->items;
        const std::string module = str_of(mn[0]), name = str_of(mn[1]);
        if (size_t dot = name.rfind('.'); dot != std::string::npos) {
            // A nested name (a class's staticmethod kept in a dict, a nested class) at protocol 2:
            // getattr(parent, last), the parent saved as a global itself, as CPython's save_global does.
            Value mod = Value(in.import_module(module).get());
            Value parent = in.call(pickle_fn("_whichmodule_getattr"), {mod, new_str(name.substr(0, dot))});
            p.global("builtins", "getattr");
            p.tuple_begin(2);
            save(parent);
            save(new_str(name.substr(dot + 1)));
            p.tuple_end(2);
            p.reduce();
            return;
        }
        p.global(module, name);
    }

    Value pickle_fn(const char* name) { return *in.import_module("pickle")->dict.find(name); }

    // pickle's save_reduce for protocol 2: (func, args, state, listitems, dictitems[, state_setter]).
    void reduce_object(const Value& v) {
        if (recall(v.obj())) return;
        Value rv = in.call(pickle_fn("_reduce_value"), {v, Value::integer(2)});
        if (rv.is(Kind::Str)) {
            Value pair = in.call(pickle_fn("_global_name"), {v, rv, Value::integer(2)});
            const auto& mn = pair.get<Tuple>()->items;
            return p.global(str_of(mn[0]), str_of(mn[1]));
        }
        const auto& r = rv.get<Tuple>()->items;
        Value func = r[0], args = r[1];
        auto part = [&](size_t i) { return i < r.size() ? r[i] : Value::none(); };
        if (!part(5).is_none())
            raise(T().NotImplementedError, "torch.save: a __reduce__ with a state setter is not supported in Kiln");
        if (!args.is(Kind::Tuple)) raise(pickle_fn("PicklingError").as<Type>(), "args from save_reduce() must be a tuple");
        const auto& av = args.get<Tuple>()->items;
        Value copyreg_newobj = *in.import_module("copyreg")->dict.find("__newobj__");
        Value copyreg_newobj_ex = *in.import_module("copyreg")->dict.find("__newobj_ex__");
        if (func.obj() == copyreg_newobj_ex.obj())
            raise(T().NotImplementedError, "torch.save: objects with keyword __getnewargs_ex__ arguments need pickle protocol 4");
        if (func.obj() == copyreg_newobj.obj()) {
            if (av.empty()) raise(pickle_fn("PicklingError").as<Type>(), "__newobj__ arglist is empty");
            save(av[0]);
            p.tuple_begin(av.size() - 1);
            for (size_t i = 1; i < av.size(); ++i) save(av[i]);
            p.tuple_end(av.size() - 1);
            p.newobj();
        } else {
            save(func);
            save(args);
            p.reduce();
        }
        remember(v.obj(), v);
        if (!part(3).is_none()) {
            std::vector<Value> items = to_vector(in, part(3));
            if (!items.empty()) {
                p.mark();
                for (const Value& x : items) save(x);
                p.appends();
            }
        }
        if (!part(4).is_none()) set_items(to_vector(in, part(4)));
        if (!part(2).is_none()) {
            save(part(2));
            p.build();
        }
    }
};

// The bytes of a storage, on the host.
std::string storage_bytes(const Tensor& whole) {
    Tensor host = whole.device() == Device::CPU ? whole : kiln::to_device(whole, Device::CPU);
    return std::string(static_cast<const char*>(host.raw_data()), size_t(host.numel()) * dtype_size(host.dtype()));
}

// PyTorchStreamWriter's archive name: the file's base name without its extension; "archive" when
// writing to a file object.
std::string archive_prefix(const std::string& path) {
    size_t slash = path.find_last_of("/\\");
    std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    size_t dot = base.find_last_of('.');
    if (dot != std::string::npos) base = base.substr(0, dot);
    return base.empty() ? "archive" : base;
}

// Writes a checkpoint file inside the sandbox with PyTorchStreamWriter's checks and messages.
void write_checkpoint_file(Interpreter& in, const Value& f, const std::string& bytes) {
    std::string name = fspath(in, f, "save");
    std::string real = checked_path(in, f, "save");
    size_t slash = name.find_last_of('/');
    if (slash != std::string::npos && slash > 0) {
        size_t rs = real.find_last_of('/');
        struct stat st;
        if (rs == std::string::npos || stat(real.substr(0, rs).c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            raise(T().RuntimeError, str("Parent directory ", name.substr(0, slash), " does not exist."));
    }
    std::FILE* fp = std::fopen(real.c_str(), "wb");
    if (!fp) raise(T().RuntimeError, str("File ", name, " cannot be opened."));
    size_t wrote = std::fwrite(bytes.data(), 1, bytes.size(), fp);
    int closed = std::fclose(fp);
    if (wrote != bytes.size() || closed != 0) raise_os_error(errno ? errno : EIO, name);
}

// PyTorch's _legacy_save around an object's pickle (see kLegacyMagic): the magic number, protocol
// version and sys_info pickles as CPython's protocol-2 pickler writes them, the object, the storage
// keys ("0", "1", ... here; PyTorch's are addresses), then each storage's element count and bytes.
std::string legacy_stream(const std::string& pkl, const std::vector<Tensor>& storages) {
    static const std::string kVersion("\x80\x02M\xe9\x03.", 6);
    static const std::string kSysInfo(
        "\x80\x02}q\x00(X\x10\x00\x00\x00protocol_versionq\x01M\xe9\x03X\r\x00\x00\x00little_endianq\x02\x88"
        "X\n\x00\x00\x00type_sizesq\x03}q\x04(X\x05\x00\x00\x00shortq\x05K\x02X\x03\x00\x00\x00intq\x06K\x04"
        "X\x04\x00\x00\x00longq\x07K\x04uu.",
        116);
    serialize::Pickler keys;
    keys.empty_list();
    keys.memo_put(0);
    if (storages.size() > 1) keys.mark();
    for (size_t k = 0; k < storages.size(); ++k) {
        keys.str(std::to_string(k));
        keys.memo_put(uint32_t(k + 1));
    }
    if (storages.size() > 1) keys.appends();
    else if (storages.size() == 1) keys.append();
    std::string out = kLegacyMagic + kVersion + kSysInfo + pkl + keys.finish();
    for (const Tensor& st : storages) {
        std::string data = storage_bytes(st);
        int64_t count = st.numel();
        out.append(reinterpret_cast<const char*>(&count), 8);
        out += data;
    }
    return out;
}

Value torch_save(Interpreter& in, std::vector<Value>& v) {
    const bool to_path = is_path(in, v[1]);
    Value write = to_path ? Value() : getattr_or_null(in, v[1], "write");
    if (!to_path && write.is_null())
        raise(T().AttributeError, "expected 'f' to be string, path, or a file-like object with a 'write' attribute");
    if (!is_none(v[3]) && to_dim(v[3], "save", "pickle_protocol") != 2)
        raise(T().NotImplementedError, "torch.save: Kiln writes pickle protocol 2 only (PyTorch's default)");
    Saver s{in, {}, 0, {}, {}, {}, {}, 0};
    s.legacy = !is_none(v[4]) && !truthy_arg(v[4]);
    s.save(v[0]);
    std::string pkl = s.p.finish();
    if (s.legacy) {
        std::string bytes = legacy_stream(pkl, s.storages);
        if (to_path) write_checkpoint_file(in, v[1], bytes);
        else in.call(write, {new_bytes(std::move(bytes))});
        return Value::none();
    }
    const std::string prefix = to_path ? archive_prefix(fspath(in, v[1], "save")) : std::string("archive");
    serialize::ZipWriter zip;
    zip.add(prefix + "/data.pkl", pkl);
    zip.add(prefix + "/.format_version", "1");
    zip.add(prefix + "/byteorder", "little");
    for (size_t k = 0; k < s.storages.size(); ++k) zip.add(prefix + "/data/" + std::to_string(k), storage_bytes(s.storages[k]));
    zip.add(prefix + "/version", "3\n");
    // PyTorch writes a random id here; Kiln derives it from the contents so saves are reproducible.
    char id[32];
    std::snprintf(id, sizeof id, "%020u", unsigned(serialize::crc32(pkl)));
    zip.add(prefix + "/.data/serialization_id", id);
    std::string bytes = zip.finish();
    if (to_path) write_checkpoint_file(in, v[1], bytes);
    else in.call(write, {new_bytes(std::move(bytes))});
    return Value::none();
}

// ---- loading --------------------------------------------------------------------------------------------

// torch.load's _get_wo_message: the WeightsUnpickler's error wrapped in advice that depends on what
// failed (a global outside the allowlist, a blocked module, an import the file needs, or anything
// else, such as an unsupported opcode).
// torch/serialization.py's UNSAFE_MESSAGE: every weights-only refusal ends its advice with it.
const char* const kUnsafe =
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` "
    "to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in "
    "arbitrary code execution. Do it only if you got the file from a trusted source.";

[[noreturn]] void weights_only_refusal(const std::string& what) {
    static const char* kDocs =
        "\n\nCheck the documentation of torch.load to learn more about types accepted by default with weights_only "
        "https://pytorch.org/docs/stable/generated/torch.load.html.";
    // PyTorch matches regular expressions; these substrings are what they match in its messages.
    auto has = [&](const char* a, const char* b) {
        size_t i = what.find(a);
        return i != std::string::npos && what.find(b, i) != std::string::npos;
    };
    std::string msg;
    if (has("GLOBAL ", " was not an allowed global by default.")) {
        msg = str("Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo "
                  "those steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) ",
                  kUnsafe,
                  "\n\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the "
                  "following error message.\n\tWeightsUnpickler error: ",
                  what);
    } else if (has(" must be ", " to load")) {
        raise(unpickling_error_type(), str("Weights only load failed. ", what));
    } else {
        msg = str("Weights only load failed. ", kUnsafe, "\n");
        if (!has("whose module ", " is blocked"))
            msg += "Please file an issue with the following so that we can make `weights_only=True` compatible with "
                   "your use case: WeightsUnpickler error: ";
        msg += what;
    }
    raise(unpickling_error_type(), msg + kDocs);
}

struct Loader {
    Interpreter& in;
    std::string_view archive;
    std::string prefix;
    std::unordered_map<std::string, serialize::ZipRecord> records;
    bool weights_only = true;
    Value map_location;
    std::unordered_map<const serialize::PNode*, Value> memo;
    std::unordered_map<std::string, Tensor> storages;
    int depth = 0;
    bool byteswap = false;  // the checkpoint's byteorder record says "big": each storage's elements are swapped
    // A legacy (pre-1.6) file: each storage's bytes by key, read after the pickles (load_legacy).
    bool legacy = false;
    std::unordered_map<std::string, std::string_view> legacy_data;

    [[noreturn]] void fail(const std::string& msg) { raise(unpickling_error_type(), msg); }

    // A GLOBAL's module and name after pickle's fix_imports mapping: a protocol-2 writer (CPython's,
    // so PyTorch's torch.save) names Python 2's modules and builtins (__builtin__.set,
    // __builtin__.xrange); the pickle module's _COMPAT tables map them back, as PyTorch's
    // weights_only unpickler does before its allow-list check.
    std::pair<std::string, std::string> mapped(const serialize::PNode* g) {
        if (g->s != "__builtin__" && g->s != "copy_reg") return {g->s, g->s2};
        Ref<ModuleObj> pk = in.import_module("pickle");
        Value hit = in.call_method(*pk->dict.find("_COMPAT"), "get", {new_tuple({new_str(g->s), new_str(g->s2)})});
        if (auto* mn = hit.as<Tuple>()) return {str_of(mn->items[0]), str_of(mn->items[1])};
        return {g->s == "__builtin__" ? "builtins" : "copyreg", g->s2};
    }
    std::string qualified(const serialize::PNode* g) {
        auto [module, name] = mapped(g);
        return module + "." + name;
    }

    bool allowed(const std::string& q) {
        static const std::set<std::string> defaults = {
            "collections.OrderedDict", "collections.Counter", "torch.Size", "torch.device", "builtins.set", "builtins.frozenset",
            "builtins.bytearray", "builtins.complex",
            "torch._utils._rebuild_tensor", "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_parameter",
            "torch._utils._rebuild_parameter_with_state", "torch._tensor._rebuild_from_type_v2",
            "torch.nn.parameter.Parameter", "torch.Tensor", "_codecs.encode"};
        return defaults.count(q) || safe_globals().count(q);
    }

    // A function as map_location (`lambda storage, loc: storage`): PyTorch's restore_location calls it
    // with each storage and its saved location; devices, strings and dicts are not called. As
    // _get_restore_location, anything else is called too: an object with __call__ works, and an int
    // or a list fails there with "'int' object is not callable" rather than naming a made-up device.
    bool map_location_is_callable() const {
        return !is_none(map_location) && !map_location.is(Kind::Str) && !as_bytes_obj(map_location) &&
               !map_location.as<Dict>() && !is_device_value(map_location);
    }

    // restore_location for a callable map_location: the CPU storage handed over as a
    // torch.storage.UntypedStorage; None keeps the saved location, else the returned storage's
    // tensor (moved by the callable, or the same one) is the storage the tensors are built on.
    Tensor restore_with_callable(const Tensor& t, const std::string& location) {
        Value result = in.call(map_location, std::vector<Value>{wrap_untyped_storage(t.impl()->storage), new_str(location)});
        if (is_none(result)) return target_device(location) == Device::CUDA ? kiln::to_device(t, Device::CUDA) : t;
        std::shared_ptr<Storage> st = untyped_storage_or_null(result);
        if (!st)
            raise(T().TypeError, str("Argument 'wrap_storage' must be UntypedStorage, but got ", repr(in, Value(type_of(result)))));
        if (st == t.impl()->storage) return t;
        const size_t need = size_t(t.numel()) * t.element_size();
        if (st->nbytes < need) raise(T().RuntimeError, str("map_location returned a storage of ", st->nbytes, " bytes for one of ", need));
        auto impl = std::make_shared<TensorImpl>();  // the saved elements over the returned bytes
        impl->storage = std::move(st);
        impl->sizes = t.sizes();
        impl->strides = t.strides();
        impl->dtype = t.dtype();
        return Tensor(std::move(impl));
    }

    // The device a storage saved at `location` goes to.
    Device target_device(const std::string& location) {
        std::string where = location;
        if (!is_none(map_location)) {
            if (map_location.is(Kind::Str)) {
                where = str_of(map_location);
            } else if (auto* d = map_location.as<Dict>()) {
                if (const Value* to = d->find(new_str(location))) where = to->is(Kind::Str) ? str_of(*to) : to_str(in, *to);
            } else if (!map_location_is_callable()) {
                where = to_str(in, map_location);
            }
        }
        if (where.rfind("cuda", 0) == 0) {
            if (!cuda::is_available())
                raise(T().RuntimeError,
                      "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you "
                      "are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') "
                      "to map your storages to the CPU.");
            return Device::CUDA;
        }
        if (where != "cpu" && where.rfind("cpu", 0) != 0)
            raise(T().RuntimeError, str("don't know how to restore data location of torch.storage.UntypedStorage (tagged with ", where, ")"));
        return Device::CPU;
    }

    Tensor storage(const serialize::PNode* pid) {
        using K = serialize::PNode::K;
        // the legacy format's ids have a sixth item, view_metadata: None unless the tensor was a view
        // of a pre-1.0 sub-storage
        const size_t n = legacy ? 6 : 5;
        if (pid->kind != K::Tuple || pid->items.size() != n || pid->items[0]->kind != K::Str ||
            pid->items[0]->s != "storage" || pid->items[1]->kind != K::Global || pid->items[2]->kind != K::Str ||
            pid->items[3]->kind != K::Str || pid->items[4]->kind != K::Int)
            fail(legacy ? "unsupported persistent id: expected ('storage', storage_type, key, location, numel, view_metadata)"
                        : "unsupported persistent id: expected ('storage', storage_type, key, location, numel)");
        if (legacy && pid->items[5]->kind != K::None)
            raise(T().NotImplementedError, "torch.load: views of sub-storages in a legacy (pre-1.0) checkpoint are not "
                                           "supported in Kiln");
        const serialize::PNode* type = pid->items[1];
        if (type->s != "torch") fail(str("unsupported storage type ", qualified(type)));
        std::optional<DType> dt = storage_dtype(type->s2);
        if (!dt) {
            if (type->s2.size() > 7 && type->s2.compare(type->s2.size() - 7, 7, "Storage") == 0)
                raise(T().NotImplementedError, str("torch.load: the checkpoint holds a torch.", type->s2,
                                                   " and Kiln has no tensors of that dtype (Kiln has float32, float64, "
                                                   "float16, bfloat16, int64 and bool)"));
            fail(str("unsupported storage type ", qualified(type)));
        }
        const std::string& key = pid->items[2]->s;
        auto cached = storages.find(key);
        if (cached != storages.end()) {
            if (cached->second.dtype() != *dt) fail(str("storage ", key, " is used with two dtypes"));
            return cached->second;
        }
        const int64_t numel = pid->items[4]->i;
        const uint64_t itemsize = dtype_size(*dt);
        if (legacy) return legacy_storage(key, *dt, numel, pid->items[3]->s);
        auto rec = records.find(prefix + "/data/" + key);
        if (rec == records.end())
            raise(T().RuntimeError, str("PytorchStreamReader failed locating file data/", key, ": file not found"));
        // PyTorch allocates numel * itemsize bytes, then getRecord compares the record's size with it;
        // Kiln compares first, so a size field never decides an allocation. A byte count no size_t
        // holds (negative, or past 2**64) keeps Kiln's own wording (PyTorch's binding refuses the call).
        if (numel < 0 || uint64_t(numel) > UINT64_MAX / itemsize)
            raise(T().RuntimeError, str("PytorchStreamReader: storage data/", key, " holds ", rec->second.size,
                                        " bytes, but the checkpoint describes ", numel, " elements of ", itemsize, " bytes"));
        if (uint64_t(numel) * itemsize != rec->second.size)
            // torch.load reads every storage as an UntypedStorage of nbytes bytes (get_storage_from_record)
            raise(T().RuntimeError, str("record size (", rec->second.size, " bytes) does not match expected size (",
                                        uint64_t(numel) * itemsize, " bytes = ", uint64_t(numel) * itemsize,
                                        " elements * 1 bytes/element) for dtype Byte"));
        return placed(key, serialize::record_data(archive, rec->second), *dt, numel, pid->items[3]->s);
    }

    // A legacy file's storage: its bytes were cut from the stream by load_legacy, whose sizes came
    // from the file's own count, so the persistent id's numel must agree with them.
    Tensor legacy_storage(const std::string& key, DType dt, int64_t numel, const std::string& location) {
        auto it = legacy_data.find(key);
        if (it == legacy_data.end()) fail(str("storage ", key, " has no data in the legacy checkpoint"));
        if (numel < 0 || uint64_t(numel) * dtype_size(dt) != it->second.size())
            raise(T().RuntimeError, str("torch.load: legacy storage ", key, " holds ", it->second.size(),
                                        " bytes, but the checkpoint describes ", numel, " elements of ", dtype_size(dt),
                                        " bytes"));
        return placed(key, it->second, dt, numel, location);
    }

    // The storage's tensor made from its bytes, on the device map_location (or its tag) names.
    Tensor placed(const std::string& key, std::string_view bytes, DType dt, int64_t numel, const std::string& location) {
        const uint64_t itemsize = dtype_size(dt);
        Tensor t = Tensor::empty({numel}, dt);
        if (!bytes.empty()) std::memcpy(t.raw_data(), bytes.data(), bytes.size());
        if (byteswap) {
            // UntypedStorage.byteswap(dtype): each element's bytes reversed, a complex number's two
            // halves each on their own
            const size_t width = dtype_is_complex(dt) ? itemsize / 2 : itemsize;
            auto* p = static_cast<unsigned char*>(t.raw_data());
            if (width > 1)
                for (size_t i = 0; i + width <= bytes.size(); i += width) std::reverse(p + i, p + i + width);
        }
        if (!is_none(map_location) && map_location_is_callable())
            t = restore_with_callable(t, location);
        else if (target_device(location) == Device::CUDA)
            t = kiln::to_device(t, Device::CUDA);
        storages[key] = t;
        return t;
    }

    std::vector<int64_t> ints(const serialize::PNode* n, const char* what) {
        if (n->kind != serialize::PNode::K::Tuple && n->kind != serialize::PNode::K::List) fail(str(what, " must be a tuple of ints"));
        std::vector<int64_t> v;
        for (const serialize::PNode* x : n->items) {
            if (x->kind != serialize::PNode::K::Int) fail(str(what, " must be a tuple of ints"));
            v.push_back(x->i);
        }
        return v;
    }

    Value rebuild_tensor(const serialize::PNode* args, bool v2) {
        using K = serialize::PNode::K;
        if (args->items.size() < (v2 ? 6u : 4u) || args->items[0]->kind != K::PersId || args->items[1]->kind != K::Int)
            fail("_rebuild_tensor_v2: unexpected arguments");
        Tensor base = storage(args->items[0]->items[0]);
        const int64_t offset = args->items[1]->i;
        Shape sizes = ints(args->items[2], "size"), strides = ints(args->items[3], "stride");
        if (sizes.size() != strides.size()) fail("_rebuild_tensor_v2: size and stride differ in length");
        // The view must fit its storage (PyTorch's set_ check), computed without overflow.
        const int64_t storage_numel = base.numel();
        bool ok = offset >= 0 && offset <= storage_numel;
        bool empty = false;
        for (size_t d = 0; d < sizes.size(); ++d) {
            ok = ok && sizes[d] >= 0 && strides[d] >= 0;
            empty = empty || sizes[d] == 0;
        }
        if (ok && !empty) {
            int64_t last = offset;
            for (size_t d = 0; ok && d < sizes.size(); ++d) {
                if (sizes[d] > 1 && strides[d] > (storage_numel - last) / (sizes[d] - 1)) ok = false;
                else last += (sizes[d] - 1) * strides[d];
            }
            ok = ok && last < storage_numel;
        }
        if (!ok)
            raise(T().RuntimeError, str("setStorage: sizes ", shape_str(sizes), ", strides ", shape_str(strides),
                                        ", storage offset ", offset, ", and itemsize ", dtype_size(base.dtype()),
                                        " are out of bounds for storage of size ",
                                        uint64_t(storage_numel) * dtype_size(base.dtype())));
        auto impl = std::make_shared<TensorImpl>();
        impl->storage = base.impl()->storage;
        impl->dtype = base.dtype();
        impl->sizes = sizes;
        impl->strides = strides;
        impl->offset = offset;
        Tensor t(impl);
        if (v2 && args->items[4]->kind == K::Bool && args->items[4]->b) {
            if (!t.is_floating_point() && !t.is_complex())
                raise(T().RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
            t.requires_grad_(true);
        }
        return wrap(t);
    }

    Value global(const serialize::PNode* g) {
        const std::string q = qualified(g);
        if (g->s == "torch") {
            if (auto dt = dtype_by_name(g->s2)) return dtype_value(*dt);
        }
        if (weights_only && !allowed(q)) {
            // the message names a builtin without its "builtins." (as it is written in Python)
            const std::string shown = q.rfind("builtins.", 0) == 0 ? q.substr(9) : q;
            weights_only_refusal(str("Unsupported global: GLOBAL ", shown, " was not an allowed global by default. Please use "
                                     "`torch.serialization.add_safe_globals([", shown, "])` or the "
                                     "`torch.serialization.safe_globals([", shown, "])` context manager to allowlist "
                                     "this global if you trust this class/function."));
        }
        if (q == "builtins.set") return Value(builtin_class(in, "set", T().list));
        // The OrderedDict that state_dict() returns (and load_state_dict takes).
        if (q == "collections.OrderedDict" && ordered_dict_type()) return Value(ordered_dict_type());
        auto [module, name] = mapped(g);
        Ref<ModuleObj> m = in.import_module(module);
        Value v = m.get() ? Value(m.get()) : Value();
        size_t start = 0;
        while (start <= name.size()) {
            size_t dot = name.find('.', start);
            std::string part = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            Value next = getattr_or_null(in, v, part);
            if (next.is_null())
                raise(T().AttributeError, str("Can't get attribute '", g->s2, "' on ",
                                              m.get() ? repr(in, Value(m.get())) : str("<module '", g->s, "'>")));
            v = next;
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
        return v;
    }

    Value call(const serialize::PNode* n) {
        using K = serialize::PNode::K;
        const serialize::PNode* fn = n->items[0];
        const serialize::PNode* args = n->items[1];
        if (fn->kind == K::Global && !n->newobj) {
            const std::string q = qualified(fn);
            if (q == "torch._utils._rebuild_tensor_v2" || q == "torch._utils._rebuild_tensor") {
                if (weights_only && !allowed(q)) global(fn);
                return rebuild_tensor(args, q == "torch._utils._rebuild_tensor_v2");
            }
            if (q == "torch._utils._rebuild_parameter" || q == "torch._utils._rebuild_parameter_with_state") {
                if (args->items.size() < 2 || args->items[1]->kind != K::Bool) fail("_rebuild_parameter: unexpected arguments");
                Value data = convert(args->items[0]);
                if (!is_tensor(data)) fail("_rebuild_parameter: data is not a tensor");
                return wrap(nn::make_parameter(to_tensor(data).detach(), args->items[1]->b));
            }
            if (q == "torch._tensor._rebuild_from_type_v2") {
                if (args->items.size() < 3 || args->items[2]->kind != K::Tuple) fail("_rebuild_from_type_v2: unexpected arguments");
                serialize::PNode inner;
                inner.kind = K::Call;
                inner.items = {args->items[0], args->items[2]};
                return call(&inner);
            }
        }
        Value f = convert(fn);
        Value a = convert(args);
        const auto& av = a.get<Tuple>()->items;
        if (n->newobj) {
            if (!f.is(Kind::Type)) fail("NEWOBJ class argument isn't a type object");
            Value obj_new = getattr(in, f, "__new__");  // pickle's NEWOBJ: cls.__new__(cls, *args)
            std::vector<Value> call_args{f};
            call_args.insert(call_args.end(), av.begin(), av.end());
            return in.call(obj_new, call_args);
        }
        return in.call(f, av);
    }

    Value convert(const serialize::PNode* n) {
        using K = serialize::PNode::K;
        if (auto it = memo.find(n); it != memo.end()) return it->second;
        if (++depth > 1000) fail("the checkpoint nests values more than 1000 deep");
        struct Leave {
            int& d;
            ~Leave() { --d; }
        } leave{depth};
        switch (n->kind) {
            case K::None: return Value::none();
            case K::Bool: return Value::boolean(n->b);
            case K::Int: return Value::integer(n->i);
            case K::Float: return Value::number(n->f);
            case K::Str: return new_str(n->s);
            case K::Bytes: return new_bytes(n->s);
            case K::BigInt: return in.call(*in.import_module("pickle")->dict.find("_decode_long"), {new_bytes(n->s)});
            case K::Tuple: {
                std::vector<Value> items;
                for (const serialize::PNode* x : n->items) items.push_back(convert(x));
                Value t = new_tuple(std::move(items));
                memo[n] = t;
                return t;
            }
            case K::List: {
                Value l = new_list({});
                memo[n] = l;
                for (const serialize::PNode* x : n->items) l.get<List>()->items.push_back(convert(x));
                return l;
            }
            case K::Dict: {
                Value d(make<Dict>().get());
                memo[n] = d;
                for (size_t k = 0; k + 1 < n->items.size(); k += 2)
                    setitem(in, d, convert(n->items[k]), convert(n->items[k + 1]));
                return d;
            }
            case K::Global: {
                Value g = global(n);
                memo[n] = g;
                return g;
            }
            case K::Call: {
                Value obj = call(n);
                memo[n] = obj;
                if (weights_only && !n->set_items.empty()) {
                    // _weights_only_unpickler's SETITEM(S): only into these three exact types, so an
                    // allow-listed defaultdict still cannot be filled
                    Type* ot = type_of(obj);
                    const std::string full = ot->module == "builtins" ? ot->name : ot->module + "." + ot->name;
                    if (full != "dict" && full != "collections.OrderedDict" && full != "collections.Counter")
                        weights_only_refusal(str("Can only SETITEM for dict, collections.OrderedDict, collections.Counter, "
                                                 "but got <class '", full, "'>"));
                }
                for (size_t k = 0; k + 1 < n->set_items.size(); k += 2)
                    setitem(in, obj, convert(n->set_items[k]), convert(n->set_items[k + 1]));
                for (const serialize::PNode* x : n->append_items) in.call_method(obj, "append", {convert(x)});
                for (const serialize::PNode* s : n->states) build(obj, convert(s));
                return obj;
            }
            case K::PersId: {
                // a storage on its own: the TypedStorage of its dtype, as torch.load gives it back
                Tensor whole = storage(n->items.empty() ? nullptr : n->items[0]);
                Value make = *in.import_module("torch.storage")->dict.find("_typed_storage_of");
                Value untyped = in.call(getattr(in, wrap(whole), "untyped_storage"), std::vector<Value>{});
                return in.call(make, {untyped, dtype_value(whole.dtype())});
            }
            case K::Mark: break;
        }
        fail("unexpected pickle value");
    }

    void build(const Value& obj, const Value& state) {
        bool is_od = type_of(obj)->name == "OrderedDict";
        Type* ot = type_of(obj);
        const bool safe = safe_globals().count(ot->module + "." + (ot->qualname.empty() ? ot->name : ot->qualname)) > 0;
        if (weights_only && !is_od && !is_tensor(obj) && !safe)
            weights_only_refusal(str("Can only build Tensor, Parameter, OrderedDict or types allowlisted via "
                                     "`add_safe_globals`, but got ", type_name(obj)));
        Value setstate = getattr_or_null(in, obj, "__setstate__");
        if (!setstate.is_null() && !is_od && !is_tensor(obj)) {
            in.call(setstate, {state});
            return;
        }
        const Value* dict_state = &state;
        if (auto* t = state.as<Tuple>(); t && t->items.size() == 2) dict_state = &t->items[0];  // (state, slotstate)
        if (auto* d = dict_state->as<Dict>()) {
            d->for_each([&](const Value& k, const Value& v) {
                if (!k.is(Kind::Str)) return;
                setattr(in, obj, str_of(k), v);
            });
        }
    }
};

}  // namespace

namespace {

bool is_legacy(const std::string& bytes) { return bytes.compare(0, kLegacyMagic.size(), kLegacyMagic) == 0; }

// What the legacy loader's first unpickling does with data that is not a checkpoint (a text file,
// random bytes, a JSON file): both unpicklers run opcode by opcode and stop at the first error.
// torch/_weights_only_unpickler.py (weights_only=True) is Python, so a stray byte ends in a plain
// Python error (IndexError "pop from empty list" for REDUCE on an empty stack, KeyError 101 for
// BINGET of an unset memo slot, struct.error for a short BININT, a bare EOFError), which torch.load
// passes on; its own UnpicklingErrors get the "Weights only load failed" text (on this path with the
// message after a blank line). CPython's C unpickler (weights_only=False) has its own words
// ("unpickling stack underflow", "Ran out of input", "'int' object is not callable", an import
// of a GLOBAL's module). This walks the bytes with a model of the loop (values reduced to their
// Python type and short str()) until it ends: an error (raised here), or an opcode that needs
// real objects (a GLOBAL that imports, persistent ids, text that is not ASCII, opcodes the model
// does not follow), where it returns false and the caller builds the pickle for real.
struct WoSimValue {
    std::string type;  // "NoneType", "int", "list", ...
    std::string text;  // str() of the value, where the loop's messages show it
};
bool unpickle_simulate(Interpreter& in, const std::string& d, bool weights_only) {
    const bool c_mode = !weights_only;
    std::vector<WoSimValue> stack;
    std::vector<std::vector<WoSimValue>> metastack;
    std::unordered_map<uint64_t, WoSimValue> memo;
    size_t pos = 0;
    auto index_error = [&](const char* m) { raise(builtin_class(in, "IndexError", T().IndexError), m); };
    auto c_error = [&](const std::string& m) { raise(unpickling_error_type(), m); };
    auto refuse = [&](const std::string& m) { weights_only_refusal("\n\n" + m); };
    auto pop = [&]() {
        if (stack.empty()) {
            if (c_mode) c_error("unpickling stack underflow");
            index_error("pop from empty list");
        }
        WoSimValue v = stack.back();
        stack.pop_back();
        return v;
    };
    auto top = [&]() -> WoSimValue& {
        if (stack.empty()) {
            if (c_mode) c_error("unpickling stack underflow");
            index_error("list index out of range");
        }
        return stack.back();
    };
    auto read_byte = [&]() -> uint64_t {  // read(1)[0]
        if (pos >= d.size()) {
            if (c_mode) c_error("pickle data was truncated");
            index_error("index out of range");
        }
        return uint8_t(d[pos++]);
    };
    auto read_le = [&](size_t n) -> uint64_t {  // unpack("<I", read(n))[0]
        if (d.size() - pos < n) {
            if (c_mode) c_error("pickle data was truncated");
            Value err = *in.import_module("struct")->dict.find("error");
            raise_value(in.call(err, {new_str(str("unpack requires a buffer of ", n, " bytes"))}));
        }
        uint64_t v = 0;
        for (size_t i = 0; i < n; ++i) v |= uint64_t(uint8_t(d[pos + i])) << (8 * i);
        pos += n;
        return v;
    };
    auto pop_mark = [&]() {
        if (metastack.empty()) {
            if (c_mode) c_error("could not find MARK");
            index_error("pop from empty list");
        }
        std::vector<WoSimValue> items = std::move(stack);
        stack = std::move(metastack.back());
        metastack.pop_back();
        return items;
    };
    auto cls = [](const WoSimValue& v) { return str("<class '", v.type, "'>"); };
    auto basic = [](const WoSimValue& v) {
        return v.type == "int" || v.type == "float" || v.type == "NoneType" || v.type == "bool" || v.type == "str" ||
               v.type == "tuple";
    };
    auto check_set_item = [&](const char* op) {
        const WoSimValue& t = top();
        if (t.type == "dict") return true;
        if (c_mode) {
            if (!basic(t)) return false;
            raise(T().TypeError, str("'", t.type, "' object does not support item assignment"));
        }
        refuse(str("Can only ", op, " for dict, collections.OrderedDict, collections.Counter, but got ", cls(t)));
        return false;
    };
    auto hashable = [](const WoSimValue& v) { return v.type != "list" && v.type != "dict" && v.type != "set"; };
    auto unhashable = [&](const WoSimValue& k) {
        raise(T().TypeError, str("unhashable type: '", k.type, "'"));
    };
    while (true) {
        if (pos >= d.size()) {
            Type* eof = builtin_class(in, "EOFError", eof_error_type());
            if (c_mode) raise(eof, "Ran out of input");
            raise_value(in.call(Value(eof), std::vector<Value>{}));
        }
        const uint8_t op = uint8_t(d[pos++]);
        switch (op) {
            case 'Q': return false;  // BINPERSID: the real loader's
            case 'c': {  // GLOBAL
                if (!c_mode) {
                    // the weights-only unpickler checks the global as soon as it reads its two lines:
                    // the real loader's check, on this one opcode (a refusal raises; an allowed global
                    // leaves the whole pickle to the real loader)
                    size_t nl1 = d.find('\n', pos);
                    size_t nl2 = nl1 == std::string::npos ? nl1 : d.find('\n', nl1 + 1);
                    if (nl2 == std::string::npos) return false;
                    const std::string probe = d.substr(pos - 1, nl2 + 2 - pos) + ".";
                    serialize::PickleTree tree;
                    try {
                        tree = serialize::unpickle(probe);
                    } catch (const serialize::UnpicklingError&) {
                        return false;
                    }
                    Loader L{in, probe, "", {}, true, Value::none(), {}, {}, 0};
                    L.convert(tree.root);
                    return false;
                }
                // the C unpickler imports the module at once (a text file's first line is no module)
                size_t nl = d.find('\n', pos);
                if (nl == std::string::npos) c_error("pickle data was truncated");
                std::string module = d.substr(pos, nl - pos);
                pos = nl + 1;
                if (d.find('\n', pos) == std::string::npos) c_error("pickle data was truncated");
                for (unsigned char ch : module)
                    if (ch >= 0x80 || ch < 0x20 || ch == ' ') return false;
                if (module.empty() || module.find("..") != std::string::npos || module.front() == '.' || module.back() == '.')
                    return false;
                in.import_module(module);  // ModuleNotFoundError for a module that does not exist
                return false;
            }
            case 'i': {  // INST (C only): a MARK first
                if (!c_mode) refuse(str("Unsupported operand ", unsigned(op)));
                if (metastack.empty()) c_error("could not find MARK");
                return false;
            }
            case 0x81: {  // NEWOBJ
                if (c_mode) return false;
                WoSimValue args = pop();
                WoSimValue c = pop();
                (void)args;
                if (c.text.empty()) return false;  // a container's str(): the real loader's
                refuse(str("Can only create new object for nn.Parameter or classes allowlisted via "
                           "`add_safe_globals` but got ", c.text));
                return false;
            }
            case 'R': {  // REDUCE
                WoSimValue args = pop();
                WoSimValue& f = top();
                if (c_mode) {
                    if (args.type != "tuple" || !basic(f)) return false;
                    raise(T().TypeError, str("'", f.type, "' object is not callable"));
                }
                if (f.text.empty()) return false;
                refuse(str("Trying to call reduce for unrecognized function ", f.text));
                return false;
            }
            case 'b': {  // BUILD
                WoSimValue state = pop();
                WoSimValue& inst = top();
                if (c_mode) {
                    // a None state builds nothing; anything else needs the real object
                    if (state.type != "NoneType" || !basic(inst)) return false;
                    break;
                }
                refuse(str("Can only build Tensor, Parameter, OrderedDict or types allowlisted via "
                           "`add_safe_globals`, but got ", cls(inst)));
                return false;
            }
            case 'a': {  // APPEND
                WoSimValue item = pop();
                WoSimValue& l = top();
                if (l.type != "list") {
                    if (c_mode) return false;
                    refuse(str("Can only append to lists, but got ", cls(l)));
                }
                l.text = "";
                (void)item;
                break;
            }
            case 'e': {  // APPENDS
                pop_mark();
                WoSimValue& l = top();
                if (l.type != "list") {
                    if (c_mode) return false;
                    refuse(str("Can only append to lists, but got ", cls(l)));
                }
                l.text = "";
                break;
            }
            case 's': {  // SETITEM
                pop();
                WoSimValue k = pop();
                if (!check_set_item("SETITEM")) return false;
                if (!hashable(k)) unhashable(k);
                top().text = "";
                break;
            }
            case 'u': {  // SETITEMS
                std::vector<WoSimValue> items = pop_mark();
                if (c_mode && items.empty()) break;
                if (!check_set_item("SETITEMS")) return false;
                for (size_t i = 0; i < items.size(); i += 2) {
                    if (!hashable(items[i])) unhashable(items[i]);
                    if (i + 1 >= items.size()) {
                        if (c_mode) c_error("odd number of items for SETITEMS");
                        index_error("list index out of range");
                    }
                }
                top().text = "";
                break;
            }
            case '(':
                metastack.push_back(std::move(stack));
                stack.clear();
                break;
            case 't': {
                std::vector<WoSimValue> items = pop_mark();
                stack.push_back({"tuple", ""});
                (void)items;
                break;
            }
            case 0x85: top() = {"tuple", ""}; break;
            case 0x86:
            case 0x87: {
                size_t n = op == 0x86 ? 2 : 3;
                if (stack.size() < n) {
                    if (c_mode) c_error("unpickling stack underflow");
                    index_error("list index out of range");
                }
                stack.resize(stack.size() - n);
                stack.push_back({"tuple", ""});
                break;
            }
            case 'N': stack.push_back({"NoneType", "None"}); break;
            case 0x88: stack.push_back({"bool", "True"}); break;
            case 0x89: stack.push_back({"bool", "False"}); break;
            case ')': stack.push_back({"tuple", "()"}); break;
            case ']': stack.push_back({"list", "[]"}); break;
            case '}': stack.push_back({"dict", "{}"}); break;
            case 0x8f: stack.push_back({"set", "set()"}); break;
            case 'J': {
                int32_t v = int32_t(uint32_t(read_le(4)));
                stack.push_back({"int", std::to_string(v)});
                break;
            }
            case 'K': stack.push_back({"int", std::to_string(read_byte())}); break;
            case 'M': stack.push_back({"int", std::to_string(read_le(2))}); break;
            case 'G': {
                if (d.size() - pos < 8) {
                    if (c_mode) c_error("pickle data was truncated");
                    Value err = *in.import_module("struct")->dict.find("error");
                    raise_value(in.call(err, {new_str("unpack requires a buffer of 8 bytes")}));
                }
                pos += 8;
                stack.push_back({"float", ""});
                break;
            }
            case 'X': case 'U': {
                uint64_t n = op == 'X' ? read_le(4) : read_byte();
                if (c_mode && n > d.size() - pos) c_error("pickle data was truncated");
                size_t take = size_t(std::min<uint64_t>(n, d.size() - pos));
                std::string_view sv(d.data() + pos, take);
                pos += take;
                for (unsigned char ch : sv)
                    if (ch >= 0x80) return false;  // decoding errors: the real loader's
                stack.push_back({"str", std::string(sv)});
                break;
            }
            case 'h': case 'j': {
                uint64_t idx = op == 'h' ? read_byte() : read_le(4);
                auto it = memo.find(idx);
                if (it == memo.end()) {
                    if (c_mode) c_error(str("Memo value not found at index ", idx));
                    raise_value(in.call(Value(T().KeyError), {Value::integer(int64_t(idx))}));
                }
                stack.push_back(it->second);
                break;
            }
            case 'q': case 'r': {
                uint64_t idx = op == 'q' ? read_byte() : read_le(4);
                memo[idx] = top();
                break;
            }
            case 0x8a: {  // LONG1
                uint64_t n = read_byte();
                if (c_mode && n > d.size() - pos) c_error("pickle data was truncated");
                pos += size_t(std::min<uint64_t>(n, d.size() - pos));
                stack.push_back({"int", ""});
                break;
            }
            case 0x80: {  // PROTO: 2 is torch.save's; another one warns (weights-only) or is checked (C)
                uint64_t proto = read_byte();
                if (proto != 2) return false;
                break;
            }
            case '.': {
                WoSimValue rc = pop();
                (void)rc;
                // the legacy loader's magic number: no basic value read here is it
                raise(T().RuntimeError, "Invalid magic number; corrupt file?");
            }
            default:
                if (c_mode) return false;  // the tree parser knows the rest of CPython's opcodes
                refuse(str("Unsupported operand ", unsigned(op)));
        }
    }
}

// Data that is not a zip archive: PyTorch hands it to the legacy (pre-1.6) loader, whose first
// step unpickles a magic number with the weights-only or the C unpickler.
[[noreturn]] void not_a_zip(Interpreter& in, const std::string& bytes, bool weights_only) {
    Type* eof = builtin_class(in, "EOFError", eof_error_type());
    if (bytes.empty()) {
        if (weights_only) raise_value(in.call(Value(eof), std::vector<Value>{}));
        raise(eof, "Ran out of input");
    }
    unpickle_simulate(in, bytes, weights_only);
    // The C unpickler (or the weights-only one on a real pickle): whatever the stream holds is
    // unpickled as the magic number (the weights-only unpickler refusing what it may not build),
    // which it then is not.
    serialize::PickleTree tree;
    try {
        tree = serialize::unpickle(bytes);
    } catch (const serialize::UnpicklingError& e) {
        if (weights_only) weights_only_refusal(e.what());
        raise(unpickling_error_type(), e.what());
    }
    Loader L{in, bytes, "", {}, weights_only, Value::none(), {}, {}, 0};
    L.convert(tree.root);
    raise(T().RuntimeError, "Invalid magic number; corrupt file?");
}

}  // namespace

// PyTorchStreamReader's constructor (caffe2/serialize/inline_container.cc): the archive's
// .data/version (else version, which must exist) is parsed as std::stoull parses (leading space, a
// sign, a negative number wrapping modulo 2**64, trailing text ignored) and must lie in
// [kMinSupportedFileFormatVersion, kMaxSupportedFileFormatVersion] = [1, 10].
static void check_format_version(Interpreter& in, const std::string& bytes,
                          const std::unordered_map<std::string, serialize::ZipRecord>& records, const std::string& prefix) {
    auto rec = records.find(prefix + "/.data/version");
    if (rec == records.end()) rec = records.find(prefix + "/version");
    if (rec == records.end())
        raise(T().RuntimeError, "Expected hasRecord(\"version\") to be true, but got false.  (Could this error message be "
                                "improved?  If so, please report an enhancement request to PyTorch.)");
    const std::string text(serialize::record_data(bytes, rec->second));
    size_t i = 0;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i])))
        raise(T().RuntimeError, str("[enforce fail at inline_container.cc:215] . Couldn't parse the version ", text,
                                    " as Long Long."));
    uint64_t v = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        const uint64_t d = uint64_t(text[i] - '0');
        // std::out_of_range from stoull, which pybind11 turns into IndexError("stoull")
        if (v > (UINT64_MAX - d) / 10) raise(T().IndexError, "stoull");
        v = v * 10 + d;
    }
    if (negative) v = uint64_t(0) - v;
    // the reader keeps the parsed value in a signed 64-bit field, so "-1" (and 2**64 - 1) is version -1;
    // its checks are CAFFE_ENFORCEs, whose messages lead with the check's place in inline_container.cc
    const int64_t version = int64_t(v);
    if (version < 1)
        raise(T().RuntimeError, str("[enforce fail at inline_container.cc:219] . Attempted to read a PyTorch file with version ",
                                    version, ", but the minimum supported version for reading is 1. Your PyTorch script "
                                    "module file is too old. Please regenerate it with latest version of PyTorch to "
                                    "mitigate this issue."));
    if (version > 10)
        raise(T().RuntimeError, str("[enforce fail at inline_container.cc:230] . Attempted to read a PyTorch file with version ",
                                    version, ", but the maximum supported version for reading is 10. The version of your "
                                    "PyTorch installation may be too old, please upgrade PyTorch to latest version to "
                                    "mitigate this issue."));
}

namespace {

// The storages' dtypes by key, from the persistent ids in a pickle tree (a legacy file's data section
// gives element counts, whose byte sizes need the dtype).
void storage_dtypes(const serialize::PNode* n, std::unordered_map<std::string, DType>& out,
                    std::unordered_set<const serialize::PNode*>& seen) {
    using K = serialize::PNode::K;
    if (!n || !seen.insert(n).second) return;
    if (n->kind == K::PersId && !n->items.empty()) {
        const serialize::PNode* id = n->items[0];
        if (id->kind == K::Tuple && id->items.size() >= 3 && id->items[1]->kind == K::Global &&
            id->items[2]->kind == K::Str && id->items[1]->s == "torch")
            if (std::optional<DType> dt = storage_dtype(id->items[1]->s2)) out.emplace(id->items[2]->s, *dt);
        return;
    }
    for (const auto* list : {&n->items, &n->set_items, &n->append_items, &n->states})
        for (const serialize::PNode* c : *list) storage_dtypes(c, out, seen);
}

Value load_legacy(Interpreter& in, const std::string& bytes, bool weights_only, const Value& map_location) {
    using K = serialize::PNode::K;
    size_t pos = 0;
    auto next = [&]() {
        serialize::PickleTree t;
        try {
            t = serialize::unpickle(std::string_view(bytes).substr(pos));
        } catch (const serialize::UnpicklingError& e) {
            if (weights_only) weights_only_refusal(e.what());
            raise(unpickling_error_type(), e.what());
        }
        pos += t.end;
        return t;
    };
    next();  // the magic number (is_legacy matched its bytes)
    serialize::PickleTree version = next();
    if (version.root->kind != K::Int || version.root->i != kLegacyProtocol)
        raise(T().RuntimeError, str("Invalid protocol version: ",
                                    version.root->kind == K::Int ? std::to_string(version.root->i) : std::string("?")));
    next();  // sys_info: the writer's endianness and C type sizes (little-endian and 2/4/4 everywhere PyTorch runs)
    serialize::PickleTree main = next();
    serialize::PickleTree keys = next();
    if (keys.root->kind != K::List) raise(unpickling_error_type(), "the legacy checkpoint's storage keys are not a list");
    std::unordered_map<std::string, DType> dtypes;
    std::unordered_set<const serialize::PNode*> seen;
    storage_dtypes(main.root, dtypes, seen);
    Loader L{in, bytes, "", {}, weights_only, is_none(map_location) ? Value::none() : map_location, {}, {}, 0};
    L.legacy = true;
    for (const serialize::PNode* k : keys.root->items) {
        if (k->kind != K::Str) raise(unpickling_error_type(), "the legacy checkpoint's storage keys are not strings");
        auto dt = dtypes.find(k->s);
        if (dt == dtypes.end()) raise(unpickling_error_type(), str("storage ", k->s, " is listed but never used"));
        // _set_from_file: an int64 element count, then the bytes (a count the data left cannot hold
        // is a truncated file, found before anything is allocated)
        if (bytes.size() - pos < 8) raise(T().RuntimeError, "unexpected EOF, expected 8 more bytes. The file might be corrupted.");
        int64_t count;
        std::memcpy(&count, bytes.data() + pos, 8);
        pos += 8;
        const uint64_t itemsize = dtype_size(dt->second);
        if (count < 0 || uint64_t(count) > (bytes.size() - pos) / itemsize)
            raise(T().RuntimeError, str("unexpected EOF, expected ", count < 0 ? 0 : uint64_t(count) * itemsize,
                                        " more bytes. The file might be corrupted."));
        L.legacy_data[k->s] = std::string_view(bytes).substr(pos, size_t(uint64_t(count) * itemsize));
        pos += size_t(uint64_t(count) * itemsize);
    }
    return L.convert(main.root);
}

}  // namespace

Value load_checkpoint_bytes(Interpreter& in, const std::string& bytes, bool weights_only, const Value& map_location) {
    if (is_legacy(bytes)) return load_legacy(in, bytes, weights_only, map_location);
    if (bytes.size() < 4 || bytes.compare(0, 4, "PK\x03\x04") != 0) not_a_zip(in, bytes, weights_only);
    Loader L{in, bytes, "", {}, weights_only, is_none(map_location) ? Value::none() : map_location, {}, {}, 0};
    std::vector<serialize::ZipRecord> recs = serialize::read_zip(bytes);
    // The archive's directory, as PyTorchStreamReader names it: the first record's
    if (!recs.empty()) {
        const std::string& first = recs.front().name;
        size_t slash = first.find('/');
        if (slash == std::string::npos) raise(T().RuntimeError, str("file in archive is not in a subdirectory: ", first));
        L.prefix = first.substr(0, slash);
    }
    for (auto& r : recs) {
        std::string name = r.name;
        L.records.emplace(name, std::move(r));
    }
    check_format_version(in, bytes, L.records, L.prefix);
    auto pkl = L.records.find(L.prefix + "/data.pkl");
    if (pkl == L.records.end()) raise(T().RuntimeError, "PytorchStreamReader failed locating file data.pkl: file not found");
    // torch.serialization._load: a byteorder record must say little or big (a big-endian writer's
    // storages are byte-swapped on this little-endian reader); no record means little.
    if (auto bo = L.records.find(L.prefix + "/byteorder"); bo != L.records.end()) {
        std::string_view order = serialize::record_data(bytes, bo->second);
        if (order != "little" && order != "big")
            raise(T().ValueError, str("Unknown endianness type: ", std::string(order)));
        L.byteswap = order == "big";
    }
    std::string_view data = serialize::record_data(bytes, pkl->second);
    serialize::PickleTree tree;
    try {
        tree = serialize::unpickle(data);
    } catch (const serialize::UnpicklingError& e) {
        if (weights_only) weights_only_refusal(e.what());
        raise(unpickling_error_type(), e.what());
    }
    return L.convert(tree.root);
}

namespace {

// The bytes of a checkpoint file inside the sandbox (CPython's open(f, 'rb') errors).
std::string read_checkpoint_file(Interpreter& in, const Value& f) {
    std::string name = fspath(in, f, "load");
    std::string real = checked_path(in, f, "load");
    struct stat st;
    if (stat(real.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) raise_os_error(EISDIR, name);
    std::FILE* fp = std::fopen(real.c_str(), "rb");
    if (!fp) raise_os_error(errno, name);
    std::string out;
    char buf[65536];
    for (size_t k; (k = std::fread(buf, 1, sizeof buf, fp)) > 0;) out.append(buf, k);
    std::fclose(fp);
    return out;
}

// A file object's bytes from its position on (PyTorch's _check_seekable first: tell and seek).
std::string read_checkpoint_buffer(Interpreter& in, const Value& f, Value& start) {
    for (const char* need : {"tell", "seek", "read"}) {
        if (!getattr_or_null(in, f, need).is_null()) continue;
        std::string msg = str("'", type_name(f), "' object has no attribute '", need, "'");
        if (std::string(need) != "read")
            msg += ". You can only torch.load from a file that is seekable. Please pre-load the data into a buffer like "
                   "io.BytesIO and try to load from it instead.";
        raise(T().AttributeError, msg);
    }
    Value pos = start = in.call(getattr(in, f, "tell"), std::vector<Value>{});
    in.call(getattr(in, f, "seek"), {pos});
    Value data = in.call(getattr(in, f, "read"), std::vector<Value>{});
    std::string out;
    if (!bytes_data(data, out)) raise(T().TypeError, str("a bytes-like object is required, not '", type_name(data), "'"));
    return out;
}

Value torch_load(Interpreter& in, std::vector<Value>& v) {
    const bool weights_only = is_none(v[3]) ? true : truthy_arg(v[3]);
    const bool path = is_path(in, v[0]);
    Value start;  // a file object's position before the read
    std::string bytes = path ? read_checkpoint_file(in, v[0]) : read_checkpoint_buffer(in, v[0], start);
    // A TorchScript archive (torch.jit.save's: Kiln's own format, where PyTorch's is a zip holding
    // constants.pkl) is torch.jit.load's, as PyTorch dispatches it: with a warning, and never under
    // weights_only (loading code is what weights_only refuses).
    if (bytes.compare(0, 8, std::string("KILNJIT\x1a", 8)) == 0) {
        emit_warning(in,
                     new_str("'torch.load' received a zip file that looks like a TorchScript archive dispatching to "
                             "'torch.jit.load' (call 'torch.jit.load' directly to silence this warning)"),
                     T().UserWarning, 2);
        if (weights_only)
            raise(T().RuntimeError,
                  str("Cannot use ``weights_only=True`` with TorchScript archives passed to ``torch.load``. ", kUnsafe));
        if (!path) in.call(getattr(in, v[0], "seek"), {start});
        Value load = getattr(in, Value(in.import_module("torch.jit").get()), "load");
        return in.call(load, {v[0], v[1]});
    }
    return load_checkpoint_bytes(in, bytes, weights_only, v[1]);
}

void serialization_module(Interpreter&, ModuleObj& m) {
    auto def = [&](const char* spec, kiln::Function<Value(Interpreter&, std::vector<Value>&)> body) {
        auto sig = std::make_shared<Signature>(spec);
        std::string name = sig->name();
        m.dict.set(name, new_builtin(name, [sig, body](Interpreter& in, const CallArgs& a) {
                       std::vector<Value> v = sig->bind(a);
                       return body(in, v);
                   }));
    };
    def("save(obj, f, pickle_module=None, pickle_protocol=None, _use_new_zipfile_serialization=None, "
        "_disable_byteorder_record=False)",
        torch_save);
    def("load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args)", torch_load);
    def("add_safe_globals(safe_globals)", [](Interpreter& in, std::vector<Value>& v) {
        for (const Value& g : to_vector(in, v[0])) {
            Value target = g;
            if (auto* t = g.as<Tuple>(); t && t->items.size() == 2) target = t->items[0];
            Value mod = getattr_or_null(in, target, "__module__");
            Value name = getattr_or_null(in, target, "__qualname__");
            if (name.is_null()) name = getattr_or_null(in, target, "__name__");
            if (!mod.is(Kind::Str) || !name.is(Kind::Str))
                raise(T().TypeError, str("add_safe_globals expects classes or functions, got ", type_name(g)));
            safe_globals().insert(str_of(mod) + "." + str_of(name));
        }
        return Value::none();
    });
    def("clear_safe_globals()", [](Interpreter&, std::vector<Value>&) {
        safe_globals().clear();
        return Value::none();
    });
    // The allow-list as qualified names, taken and put back by torch.serialization.safe_globals
    // (stdlib/torch/_weights_only_unpickler.py), PyTorch's context manager over add_safe_globals.
    def("_kiln_safe_global_names()", [](Interpreter&, std::vector<Value>&) {
        std::vector<Value> names;
        for (const std::string& n : safe_globals()) names.push_back(new_str(n));
        return new_list(std::move(names));
    });
    def("_kiln_set_safe_global_names(names)", [](Interpreter& in, std::vector<Value>& v) {
        safe_globals().clear();
        for (const Value& n : to_vector(in, v[0])) safe_globals().insert(str_of(n));
        return Value::none();
    });
    // safe_globals(safe_globals): the context manager, made on call (its class lives in Python)
    def("safe_globals(safe_globals)", [](Interpreter& in, std::vector<Value>& v) {
        Value cls = *in.import_module("torch._weights_only_unpickler")->dict.find("safe_globals");
        return in.call(cls, {v[0]});
    });
    // torch/serialization.py's helpers that checkpoint code imports (lit-llama's utils.py:
    // `from torch.serialization import normalize_storage_type`): the storage class of the same name
    // in torch (torch.FloatStorage for a FloatStorage class), and the pickle protocol torch.save uses.
    def("normalize_storage_type(storage_type)", [](Interpreter& in, std::vector<Value>& v) {
        Value name = getattr(in, v[0], "__name__");
        return getattr(in, Value(in.import_module("torch").get()), str_of(name).c_str());
    });
    // default_restore_location(storage, location): the deserializer of torch.load's location tags,
    // which map_location callables hand storages back through (fairseq / torchvision's
    // average_checkpoints: `lambda s, _: torch.serialization.default_restore_location(s, "cpu")`).
    // "cpu" keeps the storage; "cuda[:n]" moves it, failing as PyTorch does without a GPU.
    def("default_restore_location(storage, location)", [](Interpreter& in, std::vector<Value>& v) {
        std::string location = v[1].is(Kind::Str) ? str_of(v[1]) : to_str(in, v[1]);
        if (location == "cpu") return v[0];
        if (location.rfind("cuda", 0) == 0) {
            if (!cuda::is_available())
                raise(T().RuntimeError,
                      "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If "
                      "you are running on a CPU-only machine, please use torch.load with "
                      "map_location=torch.device('cpu') to map your storages to the CPU.");
            return in.call(getattr(in, v[0], "cuda"), {});
        }
        Value tn = in.call(getattr(in, Value(in.import_module("torch").get()), "typename"), {v[0]});
        raise(T().RuntimeError, str("don't know how to restore data location of ", to_str(in, tn), " (tagged with ",
                                     location, ")"));
    });
    m.dict.set("DEFAULT_PROTOCOL", Value::integer(2));
    m.dict.set("UnpicklingError", Value(unpickling_error_type()));
}

}  // namespace

void register_serialization_module() { Interpreter::register_module("torch.serialization", serialization_module); }

void add_serialization(Interpreter& in, ModuleObj& torch) {
    Ref<ModuleObj> s = in.import_module("torch.serialization");
    torch.dict.set("save", *s->dict.find("save"));
    torch.dict.set("load", *s->dict.find("load"));
    torch.dict.set("serialization", Value(s.get()));
}

}  // namespace kiln::vm::bind
