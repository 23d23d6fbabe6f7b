// _kiln_importlib: the native half of importlib (engine/stdlib/importlib/): importing a module by
// its absolute name through the interpreter's import machinery (the same path `import x.y` takes,
// the program's own modules included), and asking whether a name could be imported without
// running anything new.
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

std::string name_arg(const CallArgs& a, const char* fn) {
    if (a.nargs != 1 || a.nkw || !a.args[0].is(Kind::Str))
        raise(types().TypeError, str(fn, "() takes one str argument"));
    return str_of(a.args[0]);
}

void importlib_native(Interpreter&, ModuleObj& m) {
    // import_module(name): the module itself (not its top-level package, as __import__ would give).
    m.dict.set("import_module", new_builtin("import_module", [](Interpreter& in, const CallArgs& a) {
                   return in.import_value(name_arg(a, "import_module"));
               }));
    // loaded(name): the module if this program has imported it already, else None.
    m.dict.set("loaded", new_builtin("loaded", [](Interpreter& in, const CallArgs& a) {
                   auto it = in.modules().find(name_arg(a, "loaded"));
                   return it == in.modules().end() ? Value::none() : Value(it->second.get());
               }));
    // provided(name): whether Kiln itself provides the module (native or from engine/stdlib).
    m.dict.set("provided", new_builtin("provided", [](Interpreter&, const CallArgs& a) {
                   return Value::boolean(Interpreter::module_known(name_arg(a, "provided")));
               }));
}

}  // namespace

void register_importlib_module() { Interpreter::register_module("_kiln_importlib", importlib_native); }

}  // namespace kiln::vm
