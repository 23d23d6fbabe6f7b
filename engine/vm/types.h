// The object layouts: one struct per Kind (object.h), the containers they share, and the calling
// convention of native functions.
//
// Built-in types (int, str, list, torch.Tensor, nn.Linear, ...) are immortal Type objects whose
// dicts hold Builtin functions and Property getters; a user class is a Type made by class statements
// (__build_class__) whose dict holds Python functions. Attribute lookup (ops.cpp) walks the base
// chain of a type, so a user class inheriting nn.Module finds Module's methods exactly as in Python.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bytecode/code.h"
#include "nn/module.h"
#include "support/function.h"
#include "tensor/tensor.h"
#include "vm/object.h"

namespace kiln::vm {

class Interpreter;

// ---- containers ---------------------------------------------------------------------------------

// An insertion-ordered map from names to values: module globals, class and instance dicts.
// Removal leaves a hole that iteration skips; holes are compacted when they outnumber entries.
class StrMap {
public:
    const Value* find(std::string_view key) const;
    Value* find(std::string_view key);
    void set(std::string_view key, Value v);
    bool erase(std::string_view key);
    size_t size() const { return index_.size(); }
    void clear();
    template <typename F>
    void for_each(F&& f) const {
        for (const auto& e : entries_)
            if (!e.second.is_null()) f(e.first, e.second);
    }

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    std::vector<std::pair<std::string, Value>> entries_;
    std::unordered_map<std::string, size_t, Hash, std::equal_to<>> index_;
};

// ---- native calls -------------------------------------------------------------------------------

// The arguments of a call as they lie on the VM stack: positional values, then keyword values whose
// names are in `kwnames` (a Tuple of Str, or null when there are none).
struct CallArgs {
    const Value* args = nullptr;
    size_t nargs = 0;
    const Value* kwvalues = nullptr;
    size_t nkw = 0;
    const struct Tuple* kwnames = nullptr;
    const std::string& kwname(size_t i) const;
};

using NativeFn = Function<Value(Interpreter&, const CallArgs&)>;

// The native call in progress (the innermost): PyTorch's argument parser names a positional
// argument's position in its type errors ("mm(): argument 'mat2' (position 2) must be Tensor, not
// int") and a keyword argument's not; the converters (bindings/convert.cpp) find the bad value
// among this call's arguments. `method`: args[0] is self, which positions do not count.
struct NativeCall {
    const CallArgs* args;
    bool method;
    const NativeCall* prev;
};
inline thread_local const NativeCall* t_native_call = nullptr;
struct NativeCallScope {
    NativeCall call;
    NativeCallScope(const CallArgs& a, bool method) : call{&a, method, t_native_call} { t_native_call = &call; }
    ~NativeCallScope() { t_native_call = call.prev; }
    NativeCallScope(const NativeCallScope&) = delete;
    NativeCallScope& operator=(const NativeCallScope&) = delete;
};

// ---- layouts ------------------------------------------------------------------------------------

struct Type : Object {
    static constexpr Kind kKind = Kind::Type;
    Type(Type* metatype, std::string name, Type* base, Kind instance_kind);
    void clear() override;

    std::string name;           // __name__ ("Linear")
    std::string module;         // __module__ ("torch.nn.modules.linear", "__main__")
    std::string qualname;       // __qualname__
    Ref<Type> base;             // __base__: the base whose layout instances use; null only for `object`
    std::vector<Ref<Type>> bases;  // __bases__ in order (one entry, `base`, for built-in types)
    std::vector<Type*> mro;     // __mro__ (C3 linearization), starting with this type; bases keep the rest alive
    StrMap dict;                // attributes defined by this class (not inherited)
    Kind instance_kind;         // layout of instances
    bool builtin = false;       // built-in types are immutable (no setattr)
    bool is_exception = false;  // derives from BaseException
    bool custom_getattribute = false;  // a class in the MRO defines __getattribute__ (slow path)
    bool slots_only = false;    // every class in the MRO below object has __slots__: no new attributes
    // A native type whose instances take new attributes (NativeObj::attrs): PyTorch writes it as a
    // Python class with a __dict__ (optimizers, GradScaler, no_grad, autocast), so programs and mocks
    // set attributes on its objects (`mocker.spy(scaler, "scale")`, `opt.my_flag = True`).
    bool native_dict = false;
    std::vector<std::string> slots;  // this class's __slots__ names
    // Pattern matching's Py_TPFLAGS_SEQUENCE / Py_TPFLAGS_MAPPING set on this class itself
    // (collections.abc's `__abc_tpflags__` and register(): vm/patma.h); 0 inherits along the MRO.
    uint8_t collection_flags = 0;
    // Calling a built-in type: makes an instance from the call's arguments (int("3"), nn.Linear(2, 3)).
    NativeFn construct;
    // Making an instance of a user subclass of this built-in type before its __init__ runs
    // (Exception subclasses keep the call's args; nn.Module subclasses get their C++ module).
    std::function<Value(Interpreter&, Type* cls, const CallArgs&)> allocate;

    // Looks a name up along the MRO.
    const Value* lookup(std::string_view name) const;
    bool is_subtype_of(const Type* other) const;
    // Sets __bases__ and computes __mro__ with C3 (CPython's mro_internal). Returns false with
    // CPython's "Cannot create a consistent method resolution order (MRO) ..." in *error when no
    // order exists. `base` (the layout base) is chosen by the caller.
    bool set_bases(std::vector<Ref<Type>> bs, std::string* error);
};

struct Str : Object {
    static constexpr Kind kKind = Kind::Str;
    explicit Str(std::string s);
    std::string s;
};

// CPython's interned strings, one table per interpreter: the str constant of a code object made only of
// ASCII letters, digits and '_' (its intern_string_constants, so `split is 'TRAIN'` holds when both
// sides are such literals, even in different modules), and sys.intern's results. interned_str returns
// the table's object for `s`, adding `candidate` (or a new str) the first time; the interpreter drops
// its table before its heap is torn down.
Value interned_str(const std::string& s, const Value& candidate = Value());
bool is_name_chars(const std::string& s);
void release_interned_strings(const Interpreter* owner);

struct List : Object {
    static constexpr Kind kKind = Kind::List;
    List();
    explicit List(Type* type);  // a user subclass's instance (ListInstance)
    explicit List(std::vector<Value> items);
    void clear() override { items.clear(); }
    std::vector<Value> items;
};

// A tuple, or a tuple subclass such as torch.Size (its type says which).
struct Tuple : Object {
    static constexpr Kind kKind = Kind::Tuple;
    explicit Tuple(std::vector<Value> items);
    Tuple(Type* type, std::vector<Value> items);
    void clear() override { items.clear(); }
    std::vector<Value> items;
};

// Hashing and equality of dict keys; throws TypeError for unhashable values (ops.cpp).
size_t hash_value(const Value& v);
bool keys_equal(const Value& a, const Value& b);

struct Dict : Object {
    static constexpr Kind kKind = Kind::Dict;
    Dict();
    void clear() override;
    // Instances of dict subclasses (builtin_subclass.cpp): the class, kept alive, and the attributes.
    Ref<Type> type_ref;
    std::unique_ptr<StrMap> attrs;

    // Lookups hash the key first, then compare it with the entries of equal hash. Both steps may
    // run user code (__hash__, __eq__) that changes this dict; no container walk is in progress
    // while it runs, and a lookup that finds the table changed under it starts again (CPython's
    // lookdict). The pointers returned are valid until the dict next changes.
    Value* find(const Value& key);
    const Value* find(const Value& key) const;
    void set(const Value& key, Value v);
    bool erase(const Value& key);
    size_t size() const { return index.size(); }
    // Visits the live entries in insertion order. f may call user code that changes the dict: each
    // entry is held while f runs, and the visit stops if the entries moved (a compaction, a clear).
    template <typename F>
    void for_each(F&& f) const {
        const uint64_t moved = compactions;
        for (size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].first.is_null()) continue;
            Value k = entries[i].first, val = entries[i].second;
            f(k, val);
            if (compactions != moved) break;
        }
    }
    std::vector<Value> keys() const;

    std::vector<std::pair<Value, Value>> entries;  // removed entries have a Null key
    std::vector<size_t> hashes;                    // entries[i]'s key hash
    // hash -> positions in `entries` with that hash; never hashes or compares Values itself.
    struct Identity {
        size_t operator()(size_t h) const { return h; }
    };
    std::unordered_multimap<size_t, size_t, Identity> index;
    uint64_t version = 0;      // bumped by every insertion, removal and clear
    uint64_t compactions = 0;  // bumped when entries move (erase's compaction, clear)
    // globals() and obj.__dict__ / vars(obj): the object (a module, an instance, a function...) whose
    // attribute namespace this dict mirrors; str-keyed writes and deletions go through to it, so
    // `globals()[name] = v` defines a global and `self.__dict__.update(kw)` sets attributes, as in
    // Python, where those dicts are the namespace itself.
    Ref<Object> mirror;
    // Removes every item (dict.clear()); Object::clear is the collector's and drops the layout too.
    void clear_items();
};

// Instances of user subclasses of list and tuple: the built-in layout (so every core operation and
// method applies) plus the attribute dict an instance of a Python class has (dict subclasses:
// Dict::attrs, builtin_subclass.cpp).
struct ListInstance : List {
    explicit ListInstance(Type* t) : List(t), type_ref(t) {}
    void clear() override {
        List::clear();
        attrs.clear();
        type_ref.reset();
    }
    Ref<Type> type_ref;
    StrMap attrs;
};
struct TupleInstance : Tuple {
    TupleInstance(Type* t, std::vector<Value> items) : Tuple(t, std::move(items)), type_ref(t) {}
    void clear() override {
        Tuple::clear();
        attrs.clear();
        type_ref.reset();
    }
    Ref<Type> type_ref;
    StrMap attrs;
};

struct Cell : Object {
    static constexpr Kind kKind = Kind::Cell;
    explicit Cell(Value v = Value());
    void clear() override { value = Value(); }
    Value value;  // Null when empty
};

// A code object ready to run: the compiler's CodeObject with its constants turned into values
// (nested code objects become Code values, constant tuples Tuples).
struct Code : Object {
    static constexpr Kind kKind = Kind::Code;
    explicit Code(std::shared_ptr<const bytecode::CodeObject> code);
    void clear() override { consts.clear(); }
    std::shared_ptr<const bytecode::CodeObject> code;
    std::vector<Value> consts;
    int ncells = 0;  // len(cellvars) + len(freevars)
};

struct ModuleObj;

struct Function : Object {
    static constexpr Kind kKind = Kind::Function;
    Function(Ref<Code> code, Ref<ModuleObj> globals);
    void clear() override;
    Ref<Code> code;
    Ref<ModuleObj> globals;  // the module whose dict is the function's globals
    std::vector<Value> defaults;
    Ref<Dict> kwdefaults;
    std::vector<Ref<Cell>> closure;
    std::string name, qualname;
    StrMap attrs;  // function attributes (decorators set them)
};

struct BoundMethod : Object {
    static constexpr Kind kKind = Kind::BoundMethod;
    BoundMethod(Value func, Value self);
    void clear() override;
    Value func, self;
};

struct Builtin : Object {
    static constexpr Kind kKind = Kind::Builtin;
    Builtin(std::string name, NativeFn fn, std::string qualname = "");
    std::string name;      // "len", "add"
    std::string qualname;  // "Tensor.add" for methods (error messages and repr)
    NativeFn fn;
    Value self;  // bound receiver (a method taken from an object), or Null
    // A function of a native module (len, math.sqrt, time.gmtime): CPython's
    // builtin_function_or_method, which is no descriptor, so stored on a user class it does not
    // bind (logging.Formatter.converter = time.localtime). Natives made at run time (decorator
    // wrappers such as torch.no_grad()(f)) and built-in types' methods keep binding.
    bool module_function = false;
    void clear() override { self = Value(); }
};

struct ModuleObj : Object {
    static constexpr Kind kKind = Kind::Module;
    explicit ModuleObj(std::string name);
    void clear() override { dict.clear(); }
    std::string name;
    StrMap dict;
};

// An instance of a user class (or of `object`): attributes live in its dict.
struct Instance : Object {
    static constexpr Kind kKind = Kind::Instance;
    Instance(Type* type, Kind kind = Kind::Instance);
    void clear() override;
    Ref<Type> type_ref;  // keeps a user class alive while instances exist
    StrMap dict;
};

struct TracebackEntry {
    std::string filename;
    std::string function;
    int line = 0;
    int col = 0;
    int end_line = 0;
    int end_col = 0;
    uint64_t frame_serial = 0;  // which frame activation added it (a re-raise adds no new entry)
    Value frame;  // the frame object (traceback.tb_frame): live while its call runs, then its last locals
};

struct ExceptionObj : Instance {
    static constexpr Kind kKind = Kind::Exception;
    explicit ExceptionObj(Type* type);
    void clear() override;
    Value args;  // a Tuple
    std::vector<TracebackEntry> traceback;  // outermost first
    Value cause, context;
    bool suppress_context = false;
    // BaseExceptionGroup's read-only .message (a str) and .exceptions (a tuple); null otherwise.
    Value group_message, group_excs;
    // Which raise gave the traceback its current state: a fresh number at every raise statement
    // and every entry added, copied by split()/subgroup(). An except* clause's bare `raise` keeps
    // it, which is how the end of try-except* tells a re-raised part of the caught group from a
    // newly raised exception (CPython compares the traceback objects' identity).
    uint64_t tb_serial = 0;
    // Set by the end of a try-except*: the group it re-raises gets no traceback entry for the
    // frame doing so (CPython's RERAISE adds none); cleared by the first frame that sees it.
    bool no_tb_entry_here = false;
    // A NameError's innermost frame (code and globals): the uncaught-exception printer looks for a
    // close name among its locals, globals and builtins, as CPython's _Py_Offer_Suggestions.
    Ref<Code> scope_code;
    Ref<ModuleObj> scope_globals;
    Value scope_self;  // that frame's local `self`, if bound (3.12 suggests 'self.NAME')
};

struct Range : Object {
    static constexpr Kind kKind = Kind::Range;
    Range(int64_t start, int64_t stop, int64_t step);
    int64_t start, stop, step;
    int64_t length() const;
};

struct Slice : Object {
    static constexpr Kind kKind = Kind::Slice;
    Slice(Value start, Value stop, Value step);
    Value start, stop, step;
};

// A native iterator: next() returns Null when exhausted (StopIteration without an exception).
struct Iterator : Object {
    static constexpr Kind kKind = Kind::Iterator;
    explicit Iterator(Type* type);
    virtual Value next(Interpreter& interp) = 0;
};

struct Property : Object {
    static constexpr Kind kKind = Kind::Property;
    Property(Value getter, Value setter, Value deleter = Value(), Value doc = Value());
    void clear() override;
    Value getter, setter, deleter, doc;
};

struct StaticMethod : Object {
    static constexpr Kind kKind = Kind::StaticMethod;
    explicit StaticMethod(Value func);
    void clear() override { func = Value(); }
    Value func;
};

struct ClassMethod : Object {
    static constexpr Kind kKind = Kind::ClassMethod;
    explicit ClassMethod(Value func);
    void clear() override { func = Value(); }
    Value func;
};

struct SuperObj : Object {
    static constexpr Kind kKind = Kind::Super;
    SuperObj(Ref<Type> start, Value self);
    void clear() override;
    Ref<Type> start;  // lookup starts after `start` in the MRO of self (or of self itself when it is a type)
    Value self;
};

// A torch.Tensor (or nn.Parameter: the type says which). One Python object per TensorImpl while it
// is alive (TensorImpl::py_object points back), so `m.weight is m.weight` holds as in PyTorch.
struct TensorObj : Object {
    static constexpr Kind kKind = Kind::Tensor;
    TensorObj(Type* type, Tensor t);
    ~TensorObj() override;
    void clear() override;
    Tensor tensor;
    StrMap attrs;  // Python attributes set on a tensor
    Ref<Type> type_ref;  // keeps a user subclass (class T(torch.Tensor)) alive while instances exist
};

// An nn.Module instance: a built-in layer or a user subclass. The C++ module holds parameters,
// buffers and children; the dict holds other attributes. A user subclass's C++ module is a
// PyModule whose forward calls back into the Python object.
struct ModuleInstance : Instance {
    static constexpr Kind kKind = Kind::NNModule;
    ModuleInstance(Type* type, std::shared_ptr<nn::Module> module);
    ~ModuleInstance() override;
    void clear() override;
    // After `obj.__class__ = cls` (the module's printed name follows its class)
    virtual void class_changed() {}
    std::shared_ptr<nn::Module> module;
};

// Any other C++ object exposed to programs (dtype, device, optimizers, grad-mode managers):
// bindings subclass it and recover it with native_cast<T>().
struct NativeObj : Object {
    static constexpr Kind kKind = Kind::Native;
    explicit NativeObj(Type* type) : Object(Kind::Native, type) {}
    // The instance attributes of a type with native_dict, made at the first attribute lookup or
    // assignment (attribute_dict); the heap's teardown empties it (cycles through a set attribute).
    std::unique_ptr<StrMap> attrs;
};

// Kind::Native also covers objects that are not NativeObj (None's singleton, set, bytes), so the
// cast goes from Object: a static downcast to NativeObj first would be undefined for those.
template <typename T>
T* native_cast(const Value& v) {
    return v.is(Kind::Native) ? dynamic_cast<T*>(v.obj()) : nullptr;
}

}  // namespace kiln::vm
