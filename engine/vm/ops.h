// The object protocol: what the instructions do to values (CPython's abstract.c / object.c).
//
// Core kinds (int, float, str, list, tuple, dict, range, ...) are handled directly in C++;
// every other object goes through its type's dunder methods (__add__, __getitem__, __repr__, ...),
// which are Builtins for torch.Tensor and nn.Module and Python functions for user classes, so the
// instructions need no knowledge of torch. Messages follow CPython 3.11 word for word.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "vm/interpreter.h"

namespace kiln::vm {

// ---- raising ------------------------------------------------------------------------------------
Value new_exception(Type* type, std::vector<Value> args);
[[noreturn]] void raise(Type* type, const std::string& message);
[[noreturn]] void raise_value(const Value& exc_or_class);
// The Python exception for an engine error (kind -> class, message kept).
Value exception_from_error(const kiln::Error& e);
// A binding's own exception class for an engine error type it defines (torch.linalg.LinAlgError for
// ops/linalg_decomp.h's LinAlgFailure, wherever it is thrown: an eager call, a backward, a compiled
// graph's kernel): exception_from_error asks the hooks before using the ErrorKind's builtin class.
using ErrorTypeHook = Type* (*)(const kiln::Error&);
void add_error_type_hook(ErrorTypeHook hook);

// ---- making values ------------------------------------------------------------------------------
inline Value none() { return Value::none(); }
Value new_str(std::string s);
Value new_list(std::vector<Value> items);
Value new_tuple(std::vector<Value> items);
Value new_builtin(std::string name, NativeFn fn);
// Sets module M's attribute NAME to a builtin function (the native modules' registrations, each file
// saying `using module_def::def;`). Its own namespace keeps argument-dependent lookup from adding it
// to the binding files' own def(module, spec, body) overloads.
namespace module_def {
void def(ModuleObj& m, const char* name, NativeFn fn);
}
// A keys (0), values (1) or items (2) view of a dict; ordered: odict_keys & co (methods_core.cpp).
Value new_dict_view(const Ref<Dict>& d, int which, bool ordered);
// Type hints (type_hints.cpp): `a | b` of classes, None, aliases and unions (NotImplemented for
// other operands); `origin[key]` as a types.GenericAlias; a union's members (null for any other
// value); whether a value is a generic alias.
Value type_union(Interpreter& in, const Value& a, const Value& b);
Value generic_alias(const Value& origin, const Value& key);
const std::vector<Value>* union_args(const Value& v);
bool is_generic_alias(const Value& v);
// Adds a method (a Builtin taking self first) or a read-only property to a built-in type's dict.
void def_method(Type* type, const char* name, NativeFn fn);
// object's comparison/hash/repr/str/format slots (ops.cpp); called once by register_class_methods.
void register_object_slots();
void def_property(Type* type, const char* name, NativeFn getter, NativeFn setter = nullptr);
// Tensors: the unique Python object of a tensor (nn.Parameter when it is one).
Value wrap_tensor(const Tensor& t);

// ---- type queries -------------------------------------------------------------------------------
Type* type_of(const Value& v);
const std::string& type_name(const Value& v);
bool isinstance(const Value& v, const Type* t);
Instance* as_instance(const Value& v);  // Instance, ExceptionObj or ModuleInstance
const std::string& str_of(const Value& v);  // the text of a Str (caller has checked)

// ---- conversions ----------------------------------------------------------------------------------
bool truthy(Interpreter& in, const Value& v);
std::string repr(Interpreter& in, const Value& v);
// The repr of v's built-in layout (list, tuple, dict, ...) whatever its class's __repr__: dict.__repr__
// on a subclass instance; v is guarded against containing itself as repr() guards it.
std::string layout_repr(Interpreter& in, const Value& v);
std::string to_str(Interpreter& in, const Value& v);  // str(v)
std::string format_value(Interpreter& in, const Value& v, std::string_view spec);
// An int argument (bool counts), with CPython's TypeError naming `what` otherwise.
int64_t to_int(const Value& v, const char* what);
// A C int argument (CPython's _PyLong_AsInt: chr, expandtabs' tabsize, sys.setrecursionlimit): to_int's
// TypeError, and OverflowError "Python int too large to convert to C int" past 32 bits either way.
int to_c_int(const Value& v);
// Python's operator.index(v): ints and bools, or an object's __index__ (range(t.size(0)) while tracing).
int64_t index_value(Interpreter& in, const Value& v);
// operator.index(v) (CPython's _PyNumber_Index): an int as it is, else a user __index__'s result,
// which must be an int; the result may be past 64 bits.
Value number_index(Interpreter& in, const Value& v);
// An integer argument as CPython's "n" converter takes it (PyNumber_AsSsize_t with OverflowError):
// __index__ honoured, past 64 bits "Python int too large to convert to C ssize_t".
int64_t ssize_arg(Interpreter& in, const Value& v);
// A float argument (int and bool count).
double to_double(const Value& v, const char* what);
// An index for subscripting (__index__ semantics: int or bool).
bool is_index(const Value& v);

// ---- attributes ---------------------------------------------------------------------------------
Value getattr(Interpreter& in, const Value& obj, std::string_view name);
Value getattr_or_null(Interpreter& in, const Value& obj, std::string_view name);  // Null if missing
void setattr(Interpreter& in, const Value& obj, std::string_view name, const Value& v);
void delattr(Interpreter& in, const Value& obj, std::string_view name);
// The same without __getattribute__/__setattr__/__delattr__ overrides (object's own methods).
Value generic_getattr(Interpreter& in, const Value& obj, std::string_view name);  // Null if missing
// The attribute namespace of an object that has one (instances, modules, functions, tensors), or null.
StrMap* attribute_dict(const Value& obj);
// A dict of the names in `names`; with a `mirror` (the object owning them) its str-keyed writes and
// deletions go through to the object: globals(), obj.__dict__, vars(obj).
Value namespace_dict(const StrMap& names, Object* mirror);
// Refuses (MemoryError) a sequence repetition whose result would be over Kiln's 1 GiB limit.
void check_repeat_size(size_t unit, size_t unit_bytes, int64_t n, const char* what);
void generic_setattr(Interpreter& in, const Value& obj, std::string_view name, const Value& v);
void generic_delattr(Interpreter& in, const Value& obj, std::string_view name);
// The method found on the type for obj.name(...), or Null (then use getattr): LOAD_METHOD.
Value lookup_method(Interpreter& in, const Value& obj, std::string_view name);
// A dunder of a non-core object's type (Null if absent).
Value find_dunder(const Value& obj, std::string_view name);

// ---- classes (classes.cpp) ------------------------------------------------------------------------
// __build_class__(body, name, *bases, metaclass=..., **kwargs)
Value build_class(Interpreter& in, const CallArgs& a);
// type.__new__(meta, name, bases, namespace, **kw): C3 MRO, __set_name__, __init_subclass__.
Value new_class(Interpreter& in, Type* meta, const std::string& name, const std::vector<Value>& bases,
                const std::vector<std::pair<std::string, Value>>& ns, const CallArgs& kw);
// Calling a class (type.__call__): the metaclass's __call__ when check_meta and it overrides it,
// else a built-in's constructor, or __new__ then __init__.
Value type_call(Interpreter& in, Type* t, const CallArgs& a, bool check_meta);
// super().name: looked up after the super's class in the MRO of the bound object.
Value super_getattr(Interpreter& in, SuperObj* s, std::string_view name);

// ---- subscripts, operators ------------------------------------------------------------------------
Value getitem(Interpreter& in, const Value& c, const Value& key);
void setitem(Interpreter& in, const Value& c, const Value& key, const Value& v);
void delitem(Interpreter& in, const Value& c, const Value& key);
// The same on the built-in layout, ignoring a user subclass's overrides (dict.__getitem__ & co.).
Value getitem_layout(Interpreter& in, const Value& c, const Value& key);
void setitem_layout(Interpreter& in, const Value& c, const Value& key, const Value& v);
void delitem_layout(Interpreter& in, const Value& c, const Value& key);
Value binary_op(Interpreter& in, int op, const Value& a, const Value& b);  // NB_* (opcode.h)
Value compare(Interpreter& in, int op, const Value& a, const Value& b);    // CMP_*
bool equals(Interpreter& in, const Value& a, const Value& b);             // bool(a == b)
bool less_than(Interpreter& in, const Value& a, const Value& b);          // bool(a < b)
// compare() without PyObject_RichCompare's C recursion unit: list.sort of items all of one type
// calls the type's tp_richcompare directly (CPython's unsafe_object_compare), so a __lt__ that
// sorts again recurses at 3 units a level, not 4.
Value compare_unchecked(Interpreter& in, int op, const Value& a, const Value& b);
bool less_than_same_type(Interpreter& in, const Value& a, const Value& b);
bool contains(Interpreter& in, const Value& container, const Value& item);
Value unary_negative(Interpreter& in, const Value& v);
Value unary_positive(Interpreter& in, const Value& v);
Value unary_invert(Interpreter& in, const Value& v);

// ---- iteration ------------------------------------------------------------------------------------
Value get_iter(Interpreter& in, const Value& v);  // an Iterator object
// The object a get_iter result iterates: the __iter__ result itself for the wrapper get_iter puts
// around an object with __next__ (what builtin iter() returns, as CPython's PyObject_GetIter), else it.
Value unwrap_iter(const Value& it);
Value call_iterator(const Value& fn, const Value& sentinel);  // iter(fn, sentinel)
Value iter_next(Interpreter& in, const Value& it);  // Null when exhausted
// One step of a native iterator; a StopIteration out of it (map's function raised it) is its end,
// as CPython's consumers (FOR_ITER, list(), ...) read StopIteration from any tp_iternext.
Value native_next(Interpreter& in, Iterator* it);
// sorted()'s algorithm (stable; key=None or a callable) for list.sort, which must not depend on what
// the name `sorted` means in builtins.
std::vector<Value> sort_values(Interpreter& in, std::vector<Value> items, const Value& key, bool reverse);
std::vector<Value> to_vector(Interpreter& in, const Value& iterable);
// func(*args, **kwargs): `args` any iterable, `kwargs` a dict or None (CALL_FUNCTION_EX's call, for natives).
Value call_unpacked(Interpreter& in, const Value& func, const Value& args, const Value& kwargs);
// The keys of a mapping that is not a dict (PyMapping_Keys): keys_method(src) as a list, with
// CPython's "M.keys() returned a non-iterable (type int)" when it gives something not iterable.
std::vector<Value> mapping_keys(Interpreter& in, const Value& src, const Value& keys_method);
// list.extend(iterable): appends each item as the iterator yields it (CPython's list_extend).
void extend_list(Interpreter& in, List* list, const Value& iterable);
int64_t length(Interpreter& in, const Value& v);

// Python slice semantics in CPython's two steps: slice_unpack turns start/stop/step into integers
// (PySlice_Unpack: None is a default, ints past 64 bits clamp, user __index__ runs here), and
// slice_adjust clamps them against a length (PySlice_AdjustIndices). A mutable container (list,
// bytearray) takes its length after unpacking: an __index__ may have resized it meanwhile.
struct SliceBounds {
    int64_t start, stop, step;
};
struct SliceIndices {
    int64_t start, stop, step, count;
};
SliceBounds slice_unpack(const Slice& s);
SliceIndices slice_adjust(SliceBounds b, int64_t length);
// Both steps, for a container whose length no __index__ can change (str, tuple, range, bytes).
SliceIndices slice_indices(const Slice& s, int64_t length);

// warnings.warn(message, category, stacklevel) for natives (stdlib.cpp): honours the filters and
// catch_warnings, prints `FILE:LINE: Category: message` with the source line once per location.
void emit_warning(Interpreter& in, const Value& message, Type* category, int stacklevel = 1);

// ---- sets (builtin_set.cpp) ------------------------------------------------------------------------
Value new_set(Interpreter& in);                                                   // BUILD_SET
void set_add_value(Interpreter& in, const Value& set, const Value& item);         // SET_ADD
void set_update_from(Interpreter& in, const Value& set, const Value& iterable);   // SET_UPDATE
Value new_frozenset(Interpreter& in, const std::vector<Value>& items);            // frozenset constants
bool is_set_object(const Value& v);                                               // set or frozenset
int64_t set_object_hash(const Value& v);  // frozenset's hash; TypeError for a set
bool set_objects_equal(const Value& a, const Value& b);
// hash(v) as CPython computes it (user classes through __hash__).
int64_t py_hash(Interpreter& in, const Value& v);

// ---- bytes (bytes.cpp) ---------------------------------------------------------------------------
Value new_bytes(std::string data);
bool bytes_data(const Value& v, std::string& out);  // the content of a bytes or bytearray
const char* bytes_kind(const Value& v);  // "bytes", "bytearray", or nullptr for any other value
std::string str_encode(const std::string& s, const std::string& encoding, const std::string& errors);
// bytes.decode(encoding, errors): UnicodeDecodeError worded as CPython's for invalid input (strict).
std::string bytes_decode(const std::string& data, const std::string& encoding, const std::string& errors);

// The iterator types of core containers (registered by types()).
void register_iterator_types(const TypeTable& t);

}  // namespace kiln::vm
