// Sources: printing, placeholder naming and resolution (see source.h).
#include "capture/dynamo/source.h"

#include "support/pyrepr.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using vm::Value;

SourceP Source::local(std::string name) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Local;
    s->name = std::move(name);
    return s;
}

SourceP Source::global(std::string name) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Global;
    s->name = std::move(name);
    return s;
}

SourceP Source::attr(SourceP base, std::string name, std::string via) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Attr;
    s->name = std::move(name);
    s->via = std::move(via);
    s->base = std::move(base);
    return s;
}

SourceP Source::item(SourceP base, Value key) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Item;
    s->key = std::move(key);
    s->base = std::move(base);
    return s;
}

SourceP Source::size(SourceP base, int64_t dim) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Size;
    s->dim = dim;
    s->base = std::move(base);
    return s;
}

SourceP Source::tensorify(SourceP base) {
    auto s = std::make_shared<Source>();
    s->kind = Kind::Tensorify;
    s->base = std::move(base);
    return s;
}

namespace {

std::string key_repr(const Value& k) {
    if (k.is(vm::Kind::Str)) return py_str_repr(vm::str_of(k));
    if (k.is_int()) return std::to_string(k.as_int());
    return "?";
}

}  // namespace

std::string Source::str() const {
    switch (kind) {
        case Kind::Local: return "L['" + name + "']";
        case Kind::Global: return "G['" + name + "']";
        case Kind::Attr:
            if (!via.empty()) return base->str() + "." + via + "['" + name + "']";
            return base->str() + "." + name;
        case Kind::Item: return base->str() + "[" + key_repr(key) + "]";
        case Kind::Size: return base->str() + ".size()[" + std::to_string(dim) + "]";
        case Kind::Tensorify: return base->str();
    }
    return "?";
}

std::string Source::user_str() const {
    switch (kind) {
        case Kind::Local: return name;
        case Kind::Global: return "G['" + name + "']";
        case Kind::Attr: return base->user_str() + "." + name;
        case Kind::Item: return base->user_str() + "[" + key_repr(key) + "]";
        case Kind::Size: return base->user_str() + ".size()[" + std::to_string(dim) + "]";
        case Kind::Tensorify: return base->user_str();
    }
    return "?";
}

std::string Source::placeholder_name() const {
    std::string s = str(), out;
    bool sep = false;
    for (char c : s) {
        bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (alnum) {
            out += c;
            sep = false;
        } else if (!sep) {
            out += '_';
            sep = true;
        }
    }
    return out;
}

std::string Source::root_local() const {
    const Source* s = this;
    while (s->base) s = s->base.get();
    return s->kind == Kind::Local ? s->name : "";
}

bool Source::is_global_rooted() const {
    const Source* s = this;
    while (s->base) s = s->base.get();
    return s->kind == Kind::Global;
}

Value frame_local(const vm::Frame& frame, const std::string& name) {
    const auto& co = *frame.co;
    // A cell variable that is also a parameter lives in its cell once the frame started.
    for (size_t i = 0; i < co.cellvars.size(); ++i)
        if (co.cellvars[i] == name) return frame.cells[i] ? frame.cells[i]->value : Value();
    for (size_t i = 0; i < co.freevars.size(); ++i)
        if (co.freevars[i] == name) {
            size_t j = co.cellvars.size() + i;
            return j < frame.cells.size() && frame.cells[j] ? frame.cells[j]->value : Value();
        }
    for (size_t i = 0; i < co.varnames.size(); ++i)
        if (co.varnames[i] == name) return frame.fast[i];
    return Value();
}

Value Source::resolve(vm::Interpreter& in, const vm::Frame& frame, std::unordered_map<const Source*, Value>* memo) const {
    if (memo && (kind == Kind::Attr || kind == Kind::Item)) {
        auto it = memo->find(this);
        if (it != memo->end()) return it->second;
        Value v = kind == Kind::Attr ? vm::getattr(in, base->resolve(in, frame, memo), name)
                                     : vm::getitem(in, base->resolve(in, frame, memo), key);
        memo->emplace(this, v);
        return v;
    }
    switch (kind) {
        case Kind::Local: {
            Value v = frame_local(frame, name);
            if (v.is_null()) vm::raise(vm::types().NameError, "local '" + name + "' is unbound");
            return v;
        }
        case Kind::Global: {
            if (const Value* v = frame.globals->dict.find(name)) return *v;
            if (const Value* v = in.builtins().find(name)) return *v;
            vm::raise(vm::types().NameError, "name '" + name + "' is not defined");
        }
        case Kind::Attr: return vm::getattr(in, base->resolve(in, frame), name);
        case Kind::Item: return vm::getitem(in, base->resolve(in, frame), key);
        case Kind::Tensorify: return base->resolve(in, frame, memo);
        case Kind::Size: {
            Value t = base->resolve(in, frame, memo);
            auto* obj = t.as<vm::TensorObj>();
            if (!obj || dim >= obj->tensor.dim()) vm::raise(vm::types().TypeError, "not a tensor of that rank");
            return Value::integer(obj->tensor.size(dim));
        }
    }
    return Value();
}

}  // namespace kiln::capture::dynamo
