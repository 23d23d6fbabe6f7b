// The exception classes' behaviour: construction (args), __init__, and the attributes programs read.
//
// The hierarchy itself is in typetable.h/types.cpp; tracebacks are printed by
// Interpreter::format_exception. A user class deriving from Exception is allocated here with the
// call's positional arguments as .args (BaseException.__new__), before its own __init__ runs.
#include "vm/ops.h"

namespace kiln::vm {

namespace {
Value make_exception(Type* cls, const CallArgs& a) {
    if (a.nkw) raise(types().TypeError, str(cls->name, "() takes no keyword arguments"));
    auto e = make<ExceptionObj>(cls);
    e->args = new_tuple(std::vector<Value>(a.args, a.args + a.nargs));
    return Value(e.get());
}
}  // namespace

Type* make_exception_type(const char* name, Type* base, const char* module) {
    Type* e = make_builtin_type(name, base, Kind::Exception, module);
    e->is_exception = true;
    e->construct = [e](Interpreter&, const CallArgs& a) { return make_exception(e, a); };
    return e;
}

void register_exception_methods(const TypeTable& t) {
    for (Type* e : t.exceptions) {
        e->construct = [e](Interpreter&, const CallArgs& a) { return make_exception(e, a); };
    }
    t.BaseException->allocate = [](Interpreter&, Type* cls, const CallArgs& a) {
        CallArgs pos = a;
        pos.nkw = 0;  // keywords go to the subclass's __init__
        pos.kwnames = nullptr;
        return make_exception(cls, pos);
    };
    def_method(t.BaseException, "__init__", [](Interpreter&, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor '__init__' requires a 'BaseException' object");
        e->args = new_tuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
        return Value::none();
    });
    def_method(t.BaseException, "with_traceback", [](Interpreter&, const CallArgs& a) { return a.args[0]; });
}

}  // namespace kiln::vm
