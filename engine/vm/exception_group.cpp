// PEP 654's exception groups as CPython 3.12 has them (Objects/exceptions.c): BaseExceptionGroup and
// ExceptionGroup (construction and its checks, .message/.exceptions, str, derive/split/subgroup)
// and the two steps of `except*` the VM runs (interpreter.cpp):
//   CHECK_EG_MATCH      the part of the caught exception a clause's types match, and the rest
//                       (a naked exception that matches is wrapped in ExceptionGroup("", (exc,)));
//   PREP_RERAISE_STAR   what leaves the try statement: the unhandled and re-raised leaves in the
//                       caught group's own nesting, plus any newly raised exceptions beside them.
// A re-raised part is told from a raised one by its metadata: a derived group shares the original's
// traceback state (ExceptionObj::tb_serial), cause and context, and a bare `raise` keeps them.
// The uncaught-exception printer's nested "+-+---- 1 ----" layout is Interpreter::format_exception.
#include <unordered_set>

#include "support/stack.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {
// CPython's C recursion limit for the natives that walk nested groups (split, leaf collection).
constexpr int kMaxGroupNesting = 1500;

struct NestingGuard {
    explicit NestingGuard(int& depth, const char* where) : depth(depth) {
        if (++depth > kMaxGroupNesting || stack_low()) {
            --depth;
            raise(T().RecursionError, str("maximum recursion depth exceeded", where));
        }
    }
    ~NestingGuard() { --depth; }
    int& depth;
};

bool is_group(const Value& v) { return v.is(Kind::Exception) && isinstance(v, T().BaseExceptionGroup); }

const std::vector<Value>& group_items(const Value& eg) { return eg.get<ExceptionObj>()->group_excs.get<Tuple>()->items; }

// BaseExceptionGroup.__new__(cls, message, exceptions): the checks and the class choice of
// BaseExceptionGroup_new (a BaseExceptionGroup of Exceptions only is an ExceptionGroup).
Value new_group(Interpreter& in, Type* cls, const CallArgs& a, bool keywords_allowed) {
    if (a.nkw && !keywords_allowed) raise(T().TypeError, str(cls->name, "() takes no keyword arguments"));
    if (a.nargs != 2)
        raise(T().TypeError, str("BaseExceptionGroup.__new__() takes exactly 2 arguments (", a.nargs, " given)"));
    const Value& message = a.args[0];
    const Value& seq = a.args[1];
    if (!message.is(Kind::Str))
        raise(T().TypeError, str("BaseExceptionGroup.__new__() argument 1 must be str, not ", type_name(message)));
    // PySequence_Check: a list, tuple, str, range or any object with __getitem__ other than a dict
    bool sequence = seq.is(Kind::List) || seq.is(Kind::Tuple) || seq.is(Kind::Str) || seq.is(Kind::Range) ||
                    (!seq.is(Kind::Dict) && !find_dunder(seq, "__getitem__").is_null());
    if (!sequence) raise(T().TypeError, "second argument (exceptions) must be a sequence");
    std::vector<Value> excs = to_vector(in, seq);
    if (excs.empty()) raise(T().ValueError, "second argument (exceptions) must be a non-empty sequence");
    bool nested_base = false;
    for (size_t i = 0; i < excs.size(); ++i) {
        if (!excs[i].is(Kind::Exception))
            raise(T().ValueError, str("Item ", i, " of second argument (exceptions) is not an exception"));
        if (!isinstance(excs[i], T().Exception)) nested_base = true;
    }
    if (cls == T().ExceptionGroup) {
        if (nested_base) raise(T().TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
    } else if (cls == T().BaseExceptionGroup) {
        if (!nested_base) cls = T().ExceptionGroup;
    } else if (nested_base && cls->is_subtype_of(T().Exception)) {
        raise(T().TypeError, str("Cannot nest BaseExceptions in '", cls->name, "'"));
    }
    auto e = make<ExceptionObj>(cls);
    e->args = new_tuple({message, seq});
    e->group_message = message;
    e->group_excs = new_tuple(std::move(excs));
    return Value(e.get());
}

enum class Matcher { ByType, ByPredicate, ByLeafIds };

// get_matcher_type (3.12): a Python function, an exception class, or a tuple of exception classes.
Matcher matcher_type(const Value& m) {
    if (m.is(Kind::Function)) return Matcher::ByPredicate;
    auto is_exc_class = [](const Value& x) {
        auto* t = x.as<Type>();
        return t && t->is_exception;
    };
    if (is_exc_class(m)) return Matcher::ByType;
    if (auto* t = m.as<Tuple>(); t && type_of(m) == T().tuple) {
        for (const Value& x : t->items)
            if (!is_exc_class(x)) raise(T().TypeError, "expected a function, exception type or tuple of exception types");
        return Matcher::ByType;
    }
    raise(T().TypeError, "expected a function, exception type or tuple of exception types");
}

struct SplitContext {
    Interpreter& in;
    Matcher kind;
    const Value& matcher;
    const std::unordered_set<const Object*>* leaf_ids;  // ByLeafIds
    int depth = 0;
};

bool split_matches(SplitContext& c, const Value& exc) {
    switch (c.kind) {
        case Matcher::ByType: {  // PyErr_GivenExceptionMatches; matcher_type checked the classes
            if (auto* t = c.matcher.as<Tuple>()) {
                for (const Value& x : t->items)
                    if (isinstance(exc, x.as<Type>())) return true;
                return false;
            }
            return isinstance(exc, c.matcher.as<Type>());
        }
        case Matcher::ByPredicate: return truthy(c.in, c.in.call(c.matcher, {exc}));
        case Matcher::ByLeafIds: return !is_group(exc) && c.leaf_ids->count(exc.obj());
    }
    return false;
}

// exceptiongroup_subset: orig.derive(excs) carrying orig's traceback, cause, context and a copy of
// its notes; null for no exceptions.
Value subset(Interpreter& in, const Value& orig, std::vector<Value> excs) {
    if (excs.empty()) return Value();
    Value eg = in.call_method(orig, "derive", {new_list(std::move(excs))});
    if (!is_group(eg)) raise(T().TypeError, "derive must return an instance of BaseExceptionGroup");
    auto* src = orig.get<ExceptionObj>();
    auto* dst = eg.get<ExceptionObj>();
    dst->traceback = src->traceback;
    dst->tb_serial = src->tb_serial;
    dst->context = src->context;
    dst->cause = src->cause;
    dst->suppress_context = true;  // PyException_SetCause sets it, whatever the cause
    if (const Value* notes = src->dict.find("__notes__")) {
        bool sequence = notes->is(Kind::List) || notes->is(Kind::Tuple) ||
                        (!notes->is(Kind::Dict) && !find_dunder(*notes, "__getitem__").is_null());
        if (sequence) setattr(in, eg, "__notes__", new_list(to_vector(in, *notes)));
    }
    return eg;
}

// exceptiongroup_split_recursive: (match, rest), each null when empty; rest only when asked.
std::pair<Value, Value> split_recursive(SplitContext& c, const Value& exc, bool construct_rest) {
    if (split_matches(c, exc)) return {exc, Value()};
    if (!is_group(exc)) return {Value(), construct_rest ? exc : Value()};
    NestingGuard guard(c.depth, " in exceptiongroup_split_recursive");
    std::vector<Value> match, rest;
    const std::vector<Value> items = group_items(exc);  // a copy: a predicate may run any code
    for (const Value& e : items) {
        auto [m, r] = split_recursive(c, e, construct_rest);
        if (!m.is_null()) match.push_back(m);
        if (!r.is_null()) rest.push_back(r);
    }
    Value m = subset(c.in, exc, std::move(match));
    Value r = construct_rest ? subset(c.in, exc, std::move(rest)) : Value();
    return {m, r};
}

Value or_none(const Value& v) { return v.is_null() ? Value::none() : v; }

void collect_leaf_ids(const Value& exc, std::unordered_set<const Object*>& ids, int& depth) {
    if (exc.is_none() || exc.is_null()) return;
    if (!is_group(exc)) {
        ids.insert(exc.obj());
        return;
    }
    NestingGuard guard(depth, " in collect_exception_group_leaf_ids");
    for (const Value& e : group_items(exc)) collect_leaf_ids(e, ids, depth);
}

bool same_metadata(const Value& a, const Value& b) {
    auto* x = a.get<ExceptionObj>();
    auto* y = b.get<ExceptionObj>();
    return x->tb_serial == y->tb_serial && x->cause.identical(y->cause) && x->context.identical(y->context);
}

ExceptionObj* self_group(const CallArgs& a, const char* method) {
    if (a.nargs < 1 || !is_group(a.args[0]))
        raise(T().TypeError, str("descriptor '", method, "' requires a 'BaseExceptionGroup' object"));
    return a.args[0].get<ExceptionObj>();
}

void one_arg(const CallArgs& a, const char* method) {
    if (a.nkw) raise(T().TypeError, str("BaseExceptionGroup.", method, "() takes no keyword arguments"));
    if (a.nargs != 2)
        raise(T().TypeError, str("BaseExceptionGroup.", method, "() takes exactly one argument (", a.nargs - 1, " given)"));
}
}  // namespace

Value Interpreter::exception_group_match(const Value& exc, const Value& type, Value& rest) {
    // A group type can't be a clause's type: every except* would catch what it should split.
    auto check = [](const Value& x) {
        auto* t = x.as<Type>();
        if (t && t->is_subtype_of(types().BaseExceptionGroup))
            raise(types().TypeError, "catching ExceptionGroup with except* is not allowed. Use except instead.");
    };
    if (auto* t = type.as<Tuple>())
        for (const Value& x : t->items) check(x);
    else
        check(type);
    if (exc.is_none()) {
        exception_matches(exc, type);  // the clause's types are still checked
        rest = Value::none();
        return Value::none();
    }
    if (exception_matches(exc, type)) {
        rest = Value::none();
        if (is_group(exc)) return exc;
        // a naked exception: wrapped, with no traceback of its own (3.12)
        return call(Value(T().BaseExceptionGroup), {new_str(""), new_tuple({exc})});
    }
    if (is_group(exc)) {
        // a subclass may override split(): CPython's checks of what it returns (a longer tuple is
        // allowed, its first two items used)
        Value pair = call_method(exc, "split", {type});
        auto* t = pair.as<Tuple>();
        if (!t || type_of(pair) != T().tuple)
            raise(T().TypeError, str(type_name(exc), ".split must return a tuple, not ", type_name(pair)));
        if (t->items.size() < 2)
            raise(T().TypeError, str(type_name(exc), ".split must return a 2-tuple, got tuple of size ", t->items.size()));
        rest = t->items[1];
        return t->items[0];
    }
    rest = exc;
    return Value::none();
}

// _PyExc_PrepReraiseStar: None when nothing is left; the caught exception's own parts that were
// re-raised or never handled, in its nesting; newly raised exceptions join them in a new group.
Value Interpreter::prep_reraise_star(const Value& orig, const Value& excs_list) {
    const std::vector<Value> excs = excs_list.get<List>()->items;
    if (excs.empty()) return Value::none();
    if (!is_group(orig)) return excs[0];  // a naked exception: one clause ran at most (no split)
    std::vector<Value> raised, reraised;
    for (size_t i = 0; i < excs.size(); ++i) {
        const Value& e = excs[i];
        if (e.is_none()) continue;
        // an overridden split() may have handed back anything as the rest
        if (!e.is(Kind::Exception)) raise(T().TypeError, str("item ", i, " of excs is not an exception"));
        (same_metadata(e, orig) ? reraised : raised).push_back(e);
    }
    std::unordered_set<const Object*> ids;
    int depth = 0;
    for (const Value& e : reraised) collect_leaf_ids(e, ids, depth);
    Value reraised_eg;
    if (!ids.empty()) {
        Value none = Value::none();
        SplitContext c{*this, Matcher::ByLeafIds, none, &ids};
        reraised_eg = split_recursive(c, orig, false).first;
    }
    if (raised.empty()) return or_none(reraised_eg);
    if (!reraised_eg.is_null()) raised.push_back(reraised_eg);
    if (raised.size() == 1) return raised[0];
    return call(Value(T().BaseExceptionGroup), {new_str(""), new_list(std::move(raised))});
}

void register_exception_group_methods(const TypeTable& t) {
    for (Type* g : {t.BaseExceptionGroup, t.ExceptionGroup})
        g->construct = [g](Interpreter& in, const CallArgs& a) { return new_group(in, g, a, false); };
    // A user subclass: checked and made from the call's arguments, before its own __init__ runs
    // (keywords go to that __init__, as BaseException's allocation leaves them).
    t.BaseExceptionGroup->allocate = [](Interpreter& in, Type* cls, const CallArgs& a) {
        CallArgs pos = a;
        pos.nkw = 0;
        pos.kwnames = nullptr;
        return new_group(in, cls, pos, true);
    };
    def_method(t.BaseExceptionGroup, "__init__", [](Interpreter&, const CallArgs& a) {
        auto* e = self_group(a, "__init__");
        if (a.nkw) raise(types().TypeError, str(e->type->name, "() takes no keyword arguments"));
        e->args = new_tuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
        return Value::none();
    });
    def_method(t.BaseExceptionGroup, "__str__", [](Interpreter&, const CallArgs& a) {
        auto* e = self_group(a, "__str__");
        size_t n = e->group_excs.get<Tuple>()->items.size();
        return new_str(str(str_of(e->group_message), " (", n, " sub-exception", n > 1 ? "s" : "", ")"));
    });
    def_method(t.BaseExceptionGroup, "derive", [](Interpreter& in, const CallArgs& a) {
        auto* e = self_group(a, "derive");
        one_arg(a, "derive");
        return in.call(Value(types().BaseExceptionGroup), {e->group_message, a.args[1]});
    });
    def_method(t.BaseExceptionGroup, "split", [](Interpreter& in, const CallArgs& a) {
        self_group(a, "split");
        one_arg(a, "split");
        SplitContext c{in, matcher_type(a.args[1]), a.args[1], nullptr};
        auto [m, r] = split_recursive(c, a.args[0], true);
        return new_tuple({or_none(m), or_none(r)});
    });
    def_method(t.BaseExceptionGroup, "subgroup", [](Interpreter& in, const CallArgs& a) {
        self_group(a, "subgroup");
        one_arg(a, "subgroup");
        SplitContext c{in, matcher_type(a.args[1]), a.args[1], nullptr};
        return or_none(split_recursive(c, a.args[0], false).first);
    });
    // read-only members, as CPython's Py_READONLY ones
    auto readonly = [](Interpreter&, const CallArgs&) -> Value { raise(types().AttributeError, "readonly attribute"); };
    def_property(
        t.BaseExceptionGroup, "message",
        [](Interpreter&, const CallArgs& a) { return self_group(a, "message")->group_message; }, readonly);
    def_property(
        t.BaseExceptionGroup, "exceptions",
        [](Interpreter&, const CallArgs& a) { return self_group(a, "exceptions")->group_excs; }, readonly);
    // ExceptionGroup[T] (PEP 585), as list[int]
    t.BaseExceptionGroup->dict.set(
        "__class_getitem__", Value(immortal<ClassMethod>(Value(immortal<Builtin>("__class_getitem__", [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(types().TypeError, "__class_getitem__() takes exactly one argument");
            return generic_alias(a.args[0], a.args[1]);
        })))));
}

}  // namespace kiln::vm
