// Constructors of the object layouts, the StrMap and Dict containers, and the built-in type table.
#include "vm/typetable.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "vm/heap.h"
#include "vm/interpreter.h"
#include "vm/complex.h"
#include "vm/int_big.h"
#include "vm/ops.h"

namespace kiln::vm {

// ---- StrMap -------------------------------------------------------------------------------------

const Value* StrMap::find(std::string_view key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

Value* StrMap::find(std::string_view key) {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

void StrMap::set(std::string_view key, Value v) {
    auto it = index_.find(key);
    if (it != index_.end()) {
        entries_[it->second].second = std::move(v);
        return;
    }
    index_.emplace(std::string(key), entries_.size());
    entries_.emplace_back(std::string(key), std::move(v));
}

bool StrMap::erase(std::string_view key) {
    auto it = index_.find(key);
    if (it == index_.end()) return false;
    entries_[it->second].second = Value();
    index_.erase(it);
    if (entries_.size() > 16 && index_.size() * 2 < entries_.size()) {
        // Compact: holes outnumber entries.
        std::vector<std::pair<std::string, Value>> kept;
        for (auto& e : entries_)
            if (!e.second.is_null()) kept.push_back(std::move(e));
        entries_ = std::move(kept);
        for (size_t i = 0; i < entries_.size(); ++i) index_[entries_[i].first] = i;
    }
    return true;
}

void StrMap::clear() {
    // Move out first: destroying values may run code that touches this map.
    auto old = std::move(entries_);
    entries_.clear();
    index_.clear();
}

// ---- Dict ---------------------------------------------------------------------------------------

Dict::Dict() : Object(Kind::Dict, types().dict) {}

void Dict::clear() {
    mirror.reset();
    auto old = std::move(entries);
    entries.clear();
    hashes.clear();
    index.clear();
    ++version;
    ++compactions;
    if (attrs) attrs->clear();
    type_ref.reset();
}

namespace {
constexpr size_t kNotFound = size_t(-1);

// The position of `key` in d.entries, or kNotFound; *hash_out gets the key's hash. User __eq__ may
// change the dict while a candidate is compared: then the lookup starts again on the new table.
size_t dict_lookup(const Dict& d, const Value& key, size_t* hash_out) {
    const size_t h = hash_value(key);
    if (hash_out) *hash_out = h;
    for (;;) {
        const uint64_t v0 = d.version;
        auto [b, e] = d.index.equal_range(h);
        if (b == e) return kNotFound;
        // The candidates first (no user code runs while the table is walked)...
        size_t small[4];
        std::vector<size_t> more;
        size_t n = 0;
        for (auto it = b; it != e; ++it) {
            if (n < 4) small[n] = it->second;
            else more.push_back(it->second);
            ++n;
        }
        // ...then identity (no user code), then equality.
        for (size_t i = 0; i < n; ++i) {
            size_t pos = i < 4 ? small[i] : more[i - 4];
            if (d.entries[pos].first.identical(key)) return pos;
        }
        bool changed = false;
        for (size_t i = 0; i < n && !changed; ++i) {
            size_t pos = i < 4 ? small[i] : more[i - 4];
            Value k = d.entries[pos].first;  // held across a user __eq__
            bool eq = keys_equal(k, key);
            if (d.version != v0) changed = true;
            else if (eq) return pos;
        }
        if (!changed) return kNotFound;
    }
}
}  // namespace

Value* Dict::find(const Value& key) {
    size_t pos = dict_lookup(*this, key, nullptr);
    return pos == kNotFound ? nullptr : &entries[pos].second;
}

const Value* Dict::find(const Value& key) const {
    size_t pos = dict_lookup(*this, key, nullptr);
    return pos == kNotFound ? nullptr : &entries[pos].second;
}

void Dict::set(const Value& key, Value v) {
    if (mirror && key.is(Kind::Str))
        if (StrMap* m = attribute_dict(Value(mirror.get()))) m->set(key.get<Str>()->s, v);
    size_t h = 0;
    size_t pos = dict_lookup(*this, key, &h);
    if (pos != kNotFound) {
        entries[pos].second = std::move(v);
        return;
    }
    index.emplace(h, entries.size());
    entries.emplace_back(key, std::move(v));
    hashes.push_back(h);
    ++version;
}

bool Dict::erase(const Value& key) {
    if (mirror && key.is(Kind::Str))
        if (StrMap* m = attribute_dict(Value(mirror.get()))) m->erase(key.get<Str>()->s);
    size_t h = 0;
    size_t pos = dict_lookup(*this, key, &h);
    if (pos == kNotFound) return false;
    auto [b, e] = index.equal_range(h);
    for (auto it = b; it != e; ++it)
        if (it->second == pos) {
            index.erase(it);
            break;
        }
    ++version;
    // The removed key and value are released last: their destructors (__del__) may run user code.
    Value k = std::move(entries[pos].first), v = std::move(entries[pos].second);
    entries[pos].first = Value();
    entries[pos].second = Value();
    if (entries.size() > 16 && index.size() * 2 < entries.size()) {
        std::vector<std::pair<Value, Value>> kept;
        std::vector<size_t> kept_hashes;
        kept.reserve(index.size());
        kept_hashes.reserve(index.size());
        for (size_t i = 0; i < entries.size(); ++i)
            if (!entries[i].first.is_null()) {
                kept.push_back(std::move(entries[i]));
                kept_hashes.push_back(hashes[i]);
            }
        entries = std::move(kept);
        hashes = std::move(kept_hashes);
        index.clear();
        for (size_t i = 0; i < entries.size(); ++i) index.emplace(hashes[i], i);
        ++compactions;
    }
    return true;
}

void Dict::clear_items() {
    if (mirror)
        if (StrMap* m = attribute_dict(Value(mirror.get())))
            for_each([&](const Value& k, const Value&) {
                if (k.is(Kind::Str)) m->erase(k.get<Str>()->s);
            });
    auto old = std::move(entries);  // released after the dict is consistent (__del__ may look at it)
    entries.clear();
    hashes.clear();
    index.clear();
    ++version;
    ++compactions;
}

std::vector<Value> Dict::keys() const {
    std::vector<Value> out;
    out.reserve(index.size());
    for_each([&](const Value& k, const Value&) { out.push_back(k); });
    return out;
}

// ---- layouts ------------------------------------------------------------------------------------

Type::Type(Type* metatype, std::string n, Type* b, Kind k)
    : Object(Kind::Type, metatype), name(std::move(n)), base(b), instance_kind(k) {
    qualname = name;
    mro.push_back(this);
    if (b) {
        is_exception = b->is_exception;
        bases.emplace_back(b);
        mro.insert(mro.end(), b->mro.begin(), b->mro.end());
    }
}

void release_metaclass(const Object* cls);  // heap.cpp

void Type::clear() {
    release_metaclass(this);
    dict.clear();
    base.reset();
    bases.clear();
    mro.clear();
}

const Value* Type::lookup(std::string_view n) const {
    for (const Type* t : mro)
        if (const Value* v = t->dict.find(n)) return v;
    return nullptr;
}

bool Type::is_subtype_of(const Type* other) const {
    if (this == other) return true;
    for (const Type* t : mro)
        if (t == other) return true;
    return false;
}

bool Type::set_bases(std::vector<Ref<Type>> bs, std::string* error) {
    // One base: the MRO is this class, then the base's (CPython's mro_implementation fast path);
    // the merge below is quadratic in the MRO's length, and a chain thousands deep is built in
    // linear time per class this way.
    if (bs.size() == 1) {
        std::vector<Type*> out{this};
        out.insert(out.end(), bs[0]->mro.begin(), bs[0]->mro.end());
        bases = std::move(bs);
        mro = std::move(out);
        if (bases[0]->is_exception) is_exception = true;
        return true;
    }
    // C3: merge the bases' MROs and the list of bases, each time taking the first head that is in
    // no other sequence's tail.
    std::vector<std::vector<Type*>> seqs;
    for (const auto& b : bs) seqs.push_back(b->mro);
    std::vector<Type*> direct;
    for (const auto& b : bs) direct.push_back(b.get());
    seqs.push_back(direct);
    std::vector<size_t> at(seqs.size(), 0);
    std::vector<Type*> out{this};
    for (;;) {
        bool left = false;
        Type* pick = nullptr;
        for (size_t i = 0; i < seqs.size() && !pick; ++i) {
            if (at[i] >= seqs[i].size()) continue;
            left = true;
            Type* head = seqs[i][at[i]];
            bool in_tail = false;
            for (size_t j = 0; j < seqs.size() && !in_tail; ++j)
                for (size_t k = at[j] + 1; k < seqs[j].size(); ++k)
                    if (seqs[j][k] == head) {
                        in_tail = true;
                        break;
                    }
            if (!in_tail) pick = head;
        }
        if (!left) break;
        if (!pick) {
            // CPython names the remaining heads, each once, in the order of the sequences.
            std::vector<Type*> heads;
            for (size_t i = 0; i < seqs.size(); ++i)
                if (at[i] < seqs[i].size() && std::find(heads.begin(), heads.end(), seqs[i][at[i]]) == heads.end())
                    heads.push_back(seqs[i][at[i]]);
            std::string msg = "Cannot create a consistent method resolution\norder (MRO) for bases";
            for (size_t i = 0; i < heads.size(); ++i) msg += (i ? ", " : " ") + heads[i]->name;
            if (error) *error = msg;
            return false;
        }
        out.push_back(pick);
        for (size_t i = 0; i < seqs.size(); ++i)
            if (at[i] < seqs[i].size() && seqs[i][at[i]] == pick) ++at[i];
    }
    bases = std::move(bs);
    mro = std::move(out);
    for (const auto& b : bases)
        if (b->is_exception) is_exception = true;
    return true;
}

Str::Str(std::string v) : Object(Kind::Str, types().str), s(std::move(v)) {}
List::List() : Object(Kind::List, types().list) {}
List::List(Type* t) : Object(Kind::List, t) {}
List::List(std::vector<Value> v) : Object(Kind::List, types().list), items(std::move(v)) {}
Tuple::Tuple(std::vector<Value> v) : Object(Kind::Tuple, types().tuple), items(std::move(v)) {}
Tuple::Tuple(Type* t, std::vector<Value> v) : Object(Kind::Tuple, t), items(std::move(v)) {}
Cell::Cell(Value v) : Object(Kind::Cell, types().cell), value(std::move(v)) {}

const std::string& CallArgs::kwname(size_t i) const { return kwnames->items[i].get<Str>()->s; }

namespace {
// Interpreters nest and may run on other threads, hence a table per interpreter behind a lock.
std::mutex g_interned_mutex;
std::unordered_map<const Interpreter*, std::unordered_map<std::string, Value>> g_interned;
}  // namespace

bool is_name_chars(const std::string& s) {
    for (char ch : s) {
        auto u = static_cast<unsigned char>(ch);
        if (!(std::isalnum(u) || u == '_') || u >= 0x80) return false;
    }
    return true;
}

Value interned_str(const std::string& s, const Value& candidate) {
    const Interpreter* owner = &current_interpreter();
    std::lock_guard<std::mutex> lock(g_interned_mutex);
    auto& table = g_interned[owner];
    auto it = table.find(s);
    if (it != table.end()) return it->second;
    Value v = candidate.is_null() ? Value(make<Str>(s).get()) : candidate;
    table.emplace(s, v);
    return v;
}

void release_interned_strings(const Interpreter* owner) {
    std::unordered_map<std::string, Value> dropped;
    {
        std::lock_guard<std::mutex> lock(g_interned_mutex);
        auto it = g_interned.find(owner);
        if (it == g_interned.end()) return;
        dropped.swap(it->second);
        g_interned.erase(it);
    }
}  // the strings are released here, outside the lock

namespace {
Value constant_value(const bytecode::Constant& c) {
    using namespace bytecode;
    switch (c.value.index()) {
        case 0: return Value::none();
        case 1: return Value::boolean(std::get<bool>(c.value));
        case 2: return Value::integer(std::get<int64_t>(c.value));
        case 3: return Value::number(std::get<double>(c.value));
        case 4: {
            const auto& text = std::get<std::string>(c.value);
            return is_name_chars(text) ? interned_str(text) : Value(make<Str>(text).get());
        }
        case 5: return ellipsis();
        case 6: {
            std::vector<Value> items;
            for (const auto& e : std::get<std::vector<Constant>>(c.value)) items.push_back(constant_value(e));
            return Value(make<Tuple>(std::move(items)).get());
        }
        case 8: {
            std::vector<Value> items;
            for (const auto& e : std::get<FrozenSetConst>(c.value).items) items.push_back(constant_value(e));
            return new_frozenset(current_interpreter(), items);
        }
        case 9: return new_bytes(std::get<BytesConst>(c.value).data);
        case 10: {
            const auto& b = std::get<BigIntConst>(c.value);
            BigInt v;
            BigInt::parse(b.digits, b.base, v);
            return int_value(b.negative ? -v : v);
        }
        case 11: {
            const auto& z = std::get<ComplexConst>(c.value);
            return new_complex(z.real, z.imag);
        }
        default: return Value(make<Code>(std::get<std::shared_ptr<const CodeObject>>(c.value)).get());
    }
}
}  // namespace

Code::Code(std::shared_ptr<const bytecode::CodeObject> c) : Object(Kind::Code, types().code), code(std::move(c)) {
    consts.reserve(code->consts.size());
    for (const auto& k : code->consts) consts.push_back(constant_value(k));
    ncells = int(code->cellvars.size() + code->freevars.size());
}

Function::Function(Ref<Code> c, Ref<ModuleObj> g)
    : Object(Kind::Function, types().function), code(std::move(c)), globals(std::move(g)) {
    name = code->code->name;
    qualname = code->code->qualname;
}

void Function::clear() {
    code.reset();
    globals.reset();
    defaults.clear();
    kwdefaults.reset();
    closure.clear();
    attrs.clear();
}

BoundMethod::BoundMethod(Value f, Value s)
    : Object(Kind::BoundMethod, types().method), func(std::move(f)), self(std::move(s)) {}
void BoundMethod::clear() {
    func = Value();
    self = Value();
}

Builtin::Builtin(std::string n, NativeFn f, std::string q)
    : Object(Kind::Builtin, types().builtin), name(std::move(n)), qualname(std::move(q)), fn(std::move(f)) {
    if (qualname.empty()) qualname = name;
}

ModuleObj::ModuleObj(std::string n) : Object(Kind::Module, types().module), name(std::move(n)) {}

Instance::Instance(Type* t, Kind k) : Object(k, t), type_ref(t) {}
void Instance::clear() {
    dict.clear();
    type_ref.reset();
}

ExceptionObj::ExceptionObj(Type* t) : Instance(t, Kind::Exception) {}
void ExceptionObj::clear() {
    Instance::clear();
    args = Value();
    group_message = Value();
    group_excs = Value();
    cause = Value();
    context = Value();
    scope_code = Ref<Code>();
    scope_globals = Ref<ModuleObj>();
    scope_self = Value();
    for (auto& t : traceback) t.frame = Value();  // a frame's locals may hold this exception
}

Range::Range(int64_t a, int64_t b, int64_t c) : Object(Kind::Range, types().range), start(a), stop(b), step(c) {}
int64_t Range::length() const {
    // In unsigned arithmetic: stop - start may not fit int64 (range(-2**63, 2**63 - 1)).
    uint64_t n = 0;
    if (step > 0 && start < stop) n = (uint64_t(stop) - uint64_t(start) - 1) / uint64_t(step) + 1;
    else if (step < 0 && start > stop) n = (uint64_t(start) - uint64_t(stop) - 1) / (uint64_t(0) - uint64_t(step)) + 1;
    if (n > uint64_t(INT64_MAX)) throw Error(ErrorKind::OverflowError, "Python int too large to convert to C ssize_t");
    return int64_t(n);
}

Slice::Slice(Value a, Value b, Value c)
    : Object(Kind::Slice, types().slice), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}

Iterator::Iterator(Type* t) : Object(Kind::Iterator, t) {}

Property::Property(Value g, Value s, Value d, Value doc)
    : Object(Kind::Property, types().property), getter(std::move(g)), setter(std::move(s)), deleter(std::move(d)), doc(std::move(doc)) {}
void Property::clear() {
    getter = Value();
    setter = Value();
    deleter = Value();
    doc = Value();
}

StaticMethod::StaticMethod(Value f) : Object(Kind::StaticMethod, types().staticmethod), func(std::move(f)) {}
ClassMethod::ClassMethod(Value f) : Object(Kind::ClassMethod, types().classmethod), func(std::move(f)) {}

SuperObj::SuperObj(Ref<Type> s, Value o) : Object(Kind::Super, types().super_), start(std::move(s)), self(std::move(o)) {}
void SuperObj::clear() {
    start.reset();
    self = Value();
}

TensorObj::TensorObj(Type* t, Tensor x) : Object(Kind::Tensor, t), tensor(std::move(x)) {
    tensor.impl()->py_object = this;
    if (!t->builtin) type_ref = Ref<Type>(t);  // built-in types are immortal
}
void TensorObj::clear() {
    attrs.clear();
    type_ref.reset();
}
namespace {

// PyTorch's PyObject preservation, for the tensor objects that carry more than their tensor: when
// the last Python reference to an instance of a tensor subclass, or to a tensor with attributes
// (`p.no_decay = True`, a Parameter subclass's extra data), goes while C++ still holds its tensor (a
// module's parameter slot, an optimizer's param group, an autograd graph), a successor object with
// the same class and attributes takes the tensor's Python slot, so reading the tensor back from
// C++ (`m.weight`, `m.parameters()`) gives its class and attributes, not a plain Tensor. (PyTorch
// keeps the very object; here its id() is new.) The successors live in this list until a sweep finds
// nothing but the list holding them (their tensor unshared): the sweep runs when the list has doubled.
std::vector<Value>& preserved_tensors() {
    static auto* v = new std::vector<Value>();  // deliberately never freed: its objects' classes may be gone at exit
    return *v;
}
size_t g_preserved_sweep_at = 64;

void sweep_preserved_tensors() {
    std::vector<Value>& all = preserved_tensors();
    std::vector<Value> live, dead;
    for (Value& v : all) {
        auto* o = v.get<TensorObj>();
        bool unused = o->refcount == 1 && o->tensor.impl_ptr().use_count() == 1;
        (unused ? dead : live).push_back(std::move(v));
    }
    all.swap(live);  // consistent before `dead` is released (their attributes' destructors may preserve more)
    g_preserved_sweep_at = std::max<size_t>(64, 2 * all.size());
}

}  // namespace

TensorObj::~TensorObj() {
    if (!tensor.defined() || tensor.impl()->py_object != this) return;
    tensor.impl()->py_object = nullptr;
    const TypeTable& tt = types();
    // (pointer comparisons only: a user class may already be gone at interpreter teardown)
    bool plain = type == tt.tensor || type == tt.parameter || type == tt.uninitialized_parameter ||
                 type == tt.uninitialized_buffer;
    if ((plain && attrs.size() == 0) || tensor.impl_ptr().use_count() <= 1) return;
    Interpreter* in = current_interpreter_or_null();
    if (!in || in->finalizing()) return;
    auto successor = make<TensorObj>(type, tensor);
    successor->attrs = std::move(attrs);
    preserved_tensors().push_back(Value(successor.get()));
    if (preserved_tensors().size() >= g_preserved_sweep_at) sweep_preserved_tensors();
}

ModuleInstance::ModuleInstance(Type* t, std::shared_ptr<nn::Module> m) : Instance(t, Kind::NNModule), module(std::move(m)) {}
ModuleInstance::~ModuleInstance() = default;
void ModuleInstance::clear() {
    Instance::clear();
    module.reset();
}

// ---- the type table -----------------------------------------------------------------------------

// CPython's messages print a type's tp_name ("'%.200s' object is not callable"): a class defined in
// Python has its bare __name__ there, but a C type is named with its module, as PyTorch's and the
// standard library's are ("'torch.Size' object is not callable", "'torch.return_types.max' object
// has no attribute 'item'", "'re.Match' object is not subscriptable"). Kiln makes many types natively
// that are Python classes in the reference (nn.Linear, optimizers), so the dotted name is kept only for
// the types that are C types there; type_name() prints it, __name__ stays bare.
namespace {
std::unordered_map<const Type*, std::string>& c_type_names() {
    static std::unordered_map<const Type*, std::string> names;
    return names;
}

void note_c_type_name(const Type* t) {
    static const std::unordered_set<std::string> dotted = {
        "torch.Size", "torch.dtype", "torch.device", "torch.layout", "torch.memory_format", "torch.finfo",
        "torch.iinfo", "torch.qscheme", "torch._C.Generator", "_io.TextIOWrapper", "_io.BufferedReader",
        "_io.BufferedWriter", "_io.StringIO", "_io.BytesIO", "_io.FileIO", "re.Pattern", "re.Match",
        "_hashlib.HASH", "numpy.ndarray", "numpy.dtype"};
    std::string full = t->module + "." + t->name;
    // torch.return_types.<op> are structseqs, C types one per op
    if (t->module == "torch.return_types" || dotted.count(full)) c_type_names()[t] = std::move(full);
}
}  // namespace

const std::string& type_name(const Value& v) {
    const Type* t = type_of(v);
    if (t->builtin) {
        const auto& names = c_type_names();
        auto it = names.find(t);
        if (it != names.end()) return it->second;
    }
    return t->name;
}


static bool g_types_ready = false;
static std::vector<Type*>& pending_iterator_types() {
    static std::vector<Type*> v;
    return v;
}
void add_iterator_protocol(Type* t);  // iter.cpp

Type* make_builtin_type(const char* name, Type* base, Kind instance_kind, const char* module) {
    // The metatype of every type is `type`; while `type` itself is being made it is patched below.
    static Type* metatype = nullptr;
    Type* t = immortal<Type>(metatype, name, base, instance_kind);
    if (!metatype) {
        metatype = t;
        t->type = t;
    }
    t->builtin = true;
    t->module = module;
    note_c_type_name(t);
    if (instance_kind == Kind::Iterator) {
        // every native iterator answers the iterator protocol by name (`it.__next__()`,
        // `iter(x).__next__` as a callable): once the type table exists, at once; before, after it
        if (g_types_ready) add_iterator_protocol(t);
        else pending_iterator_types().push_back(t);
    }
    return t;
}

namespace {
struct Singleton : Object {
    explicit Singleton(Type* t) : Object(Kind::Native, t) {}
};
Object* g_not_implemented = nullptr;
Object* g_ellipsis = nullptr;

TypeTable* build_types() {
    auto* t = new TypeTable();
    t->type = make_builtin_type("type", nullptr, Kind::Type);
    t->object = make_builtin_type("object", nullptr, Kind::Instance);
    // a bare object() has no instance dict in CPython: no __dict__, no new attributes
    t->object->slots_only = true;
    t->type->base = t->object;
    t->type->set_bases({Ref<Type>(t->object)}, nullptr);
    auto core = [&](const char* name, Kind k) { return make_builtin_type(name, t->object, k); };
    t->none = core("NoneType", Kind::Native);
    t->int_ = core("int", Kind::Native);
    t->bool_ = make_builtin_type("bool", t->int_, Kind::Native);
    t->float_ = core("float", Kind::Native);
    t->str = core("str", Kind::Str);
    t->list = core("list", Kind::List);
    t->tuple = core("tuple", Kind::Tuple);
    t->dict = core("dict", Kind::Dict);
    t->function = core("function", Kind::Function);
    t->builtin = core("builtin_function_or_method", Kind::Builtin);
    t->method = core("method", Kind::BoundMethod);
    t->module = core("module", Kind::Module);
    t->cell = core("cell", Kind::Cell);
    t->code = core("code", Kind::Code);
    t->range = core("range", Kind::Range);
    t->slice = core("slice", Kind::Slice);
    t->property = core("property", Kind::Property);
    t->staticmethod = core("staticmethod", Kind::StaticMethod);
    t->classmethod = core("classmethod", Kind::ClassMethod);
    t->super_ = core("super", Kind::Super);
    t->iterator = core("iterator", Kind::Iterator);
    t->not_implemented = core("NotImplementedType", Kind::Native);
    t->ellipsis = core("ellipsis", Kind::Native);

    auto exc = [&](const char* name, Type* base) {
        Type* e = make_builtin_type(name, base, Kind::Exception);
        e->is_exception = true;
        t->exceptions.push_back(e);
        return e;
    };
    t->BaseException = exc("BaseException", t->object);
    t->Exception = exc("Exception", t->BaseException);
    t->KeyboardInterrupt = exc("KeyboardInterrupt", t->BaseException);
    t->GeneratorExit = exc("GeneratorExit", t->BaseException);
    // PEP 654: ExceptionGroup derives from both BaseExceptionGroup (its layout base) and Exception,
    // so `except Exception` catches it and its MRO is CPython's.
    t->BaseExceptionGroup = exc("BaseExceptionGroup", t->BaseException);
    t->ArithmeticError = exc("ArithmeticError", t->Exception);
    t->OverflowError = exc("OverflowError", t->ArithmeticError);
    t->ZeroDivisionError = exc("ZeroDivisionError", t->ArithmeticError);
    t->AssertionError = exc("AssertionError", t->Exception);
    t->AttributeError = exc("AttributeError", t->Exception);
    t->ImportError = exc("ImportError", t->Exception);
    t->ModuleNotFoundError = exc("ModuleNotFoundError", t->ImportError);
    t->LookupError = exc("LookupError", t->Exception);
    t->IndexError = exc("IndexError", t->LookupError);
    t->KeyError = exc("KeyError", t->LookupError);
    t->MemoryError = exc("MemoryError", t->Exception);
    t->ExceptionGroup = exc("ExceptionGroup", t->BaseExceptionGroup);
    t->ExceptionGroup->set_bases({Ref<Type>(t->BaseExceptionGroup), Ref<Type>(t->Exception)}, nullptr);
    t->NameError = exc("NameError", t->Exception);
    t->UnboundLocalError = exc("UnboundLocalError", t->NameError);
    t->RuntimeError = exc("RuntimeError", t->Exception);
    t->NotImplementedError = exc("NotImplementedError", t->RuntimeError);
    t->RecursionError = exc("RecursionError", t->RuntimeError);
    t->StopIteration = exc("StopIteration", t->Exception);
    t->SyntaxError = exc("SyntaxError", t->Exception);
    exc("TabError", exc("IndentationError", t->SyntaxError));
    t->TypeError = exc("TypeError", t->Exception);
    t->ValueError = exc("ValueError", t->Exception);
    t->Warning = exc("Warning", t->Exception);
    t->UserWarning = exc("UserWarning", t->Warning);
    t->DeprecationWarning = exc("DeprecationWarning", t->Warning);
    t->RuntimeWarning = exc("RuntimeWarning", t->Warning);
    t->FutureWarning = exc("FutureWarning", t->Warning);
    // CPython's other builtin warning categories; the last three are ignored by the default filters
    exc("SyntaxWarning", t->Warning);
    exc("UnicodeWarning", t->Warning);
    exc("BytesWarning", t->Warning);
    exc("EncodingWarning", t->Warning);
    exc("PendingDeprecationWarning", t->Warning);
    exc("ImportWarning", t->Warning);
    exc("ResourceWarning", t->Warning);

    t->tensor = make_builtin_type("Tensor", t->object, Kind::Tensor, "torch");
    t->parameter = make_builtin_type("Parameter", t->tensor, Kind::Tensor, "torch.nn.parameter");
    t->uninitialized_parameter = make_builtin_type("UninitializedParameter", t->parameter, Kind::Tensor, "torch.nn.parameter");
    t->uninitialized_buffer = make_builtin_type("UninitializedBuffer", t->tensor, Kind::Tensor, "torch.nn.parameter");
    t->size = make_builtin_type("Size", t->tuple, Kind::Tuple, "torch");
    t->nn_module = make_builtin_type("Module", t->object, Kind::NNModule, "torch.nn.modules.module");
    return t;
}
}  // namespace

void register_slot_wrappers(const TypeTable& t);  // slot_wrappers.cpp: int.__add__, tuple.__getitem__, ...
void check_core_receivers(const TypeTable& t);  // methods_core.cpp: list.append(1, 2) is a TypeError

const TypeTable& types() {
    // Not a function-local static: the registration functions call types() again (every Builtin
    // they create asks for its type), which must see the finished table. The VM is single-threaded.
    static TypeTable* table = nullptr;
    if (!table) {
        table = build_types();
        g_not_implemented = immortal<Singleton>(table->not_implemented);
        g_ellipsis = immortal<Singleton>(table->ellipsis);
        register_core_methods(*table);
        register_exception_methods(*table);
        register_class_methods(*table);
        register_type_hint_methods(*table);
        register_torch_types(*table);
        register_slot_wrappers(*table);
        check_core_receivers(*table);  // after every registration above added its methods
        g_types_ready = true;
        for (Type* it : pending_iterator_types()) add_iterator_protocol(it);
        pending_iterator_types().clear();
    }
    return *table;
}

Value not_implemented() {
    types();
    return Value(g_not_implemented);
}
Value ellipsis() {
    types();
    return Value(g_ellipsis);
}

}  // namespace kiln::vm
