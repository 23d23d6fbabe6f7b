// _operator: the native half of the operator module (engine/stdlib/operator.py imports it), as
// CPython's operator functions are C functions: `operator.add` is a builtin_function_or_method
// that prints as <built-in function add> (torch.fx's Graph.print_tabular, reprs of partials and
// reduce calls) and pickles by name. Each applies the interpreter's own operator dispatch (the
// BINARY_OP / COMPARE_OP / unary paths), so results and errors are those of `a + b`, `a < b`, ...
// itemgetter/attrgetter/methodcaller, setitem/delitem and the rarer functions stay in operator.py;
// Dynamo turns calls of these back into the operations (capture/dynamo/translator.cpp's operator_call).
#include "bytecode/opcode.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

// CPython's argument errors: METH_O functions (neg, not_, ...) and the fixed-arity ones (add, setitem)
void need(const CallArgs& a, const char* name, size_t n) {
    if (a.nkw) raise(types().TypeError, str("_operator.", name, "() takes no keyword arguments"));
    if (a.nargs == n) return;
    if (n == 1) raise(types().TypeError, str("_operator.", name, "() takes exactly one argument (", a.nargs, " given)"));
    raise(types().TypeError, str(name, " expected ", n, " arguments, got ", a.nargs));
}

void operator_native(Interpreter&, ModuleObj& m) {
    using namespace bytecode;
    static const std::pair<const char*, int> binary[] = {
        {"add", NB_ADD},         {"and_", NB_AND},       {"floordiv", NB_FLOOR_DIVIDE}, {"lshift", NB_LSHIFT},
        {"matmul", NB_MATRIX_MULTIPLY}, {"mul", NB_MULTIPLY}, {"mod", NB_REMAINDER},   {"or_", NB_OR},
        {"pow", NB_POWER},       {"rshift", NB_RSHIFT},  {"sub", NB_SUBTRACT},          {"truediv", NB_TRUE_DIVIDE},
        {"xor", NB_XOR}};
    for (const auto& [name, op] : binary) {
        std::string n = name;
        const int code = op;
        m.dict.set(n, new_builtin(n, [n, code](Interpreter& in, const CallArgs& a) {
                       need(a, n.c_str(), 2);
                       return binary_op(in, code, a.args[0], a.args[1]);
                   }));
        // the in-place forms: iadd(a, b) is `a += b; return a`
        std::string in_name = n.back() == '_' ? "i" + n.substr(0, n.size() - 1) : "i" + n;
        m.dict.set(in_name, new_builtin(in_name, [in_name, code](Interpreter& in, const CallArgs& a) {
                       need(a, in_name.c_str(), 2);
                       return binary_op(in, code + NB_INPLACE_ADD, a.args[0], a.args[1]);
                   }));
    }
    static const std::pair<const char*, int> comparisons[] = {{"lt", CMP_LT}, {"le", CMP_LE}, {"eq", CMP_EQ},
                                                              {"ne", CMP_NE}, {"gt", CMP_GT}, {"ge", CMP_GE}};
    for (const auto& [name, op] : comparisons) {
        std::string n = name;
        const int code = op;
        m.dict.set(n, new_builtin(n, [n, code](Interpreter& in, const CallArgs& a) {
                       need(a, n.c_str(), 2);
                       return compare(in, code, a.args[0], a.args[1]);
                   }));
    }
    m.dict.set("neg", new_builtin("neg", [](Interpreter& in, const CallArgs& a) {
                   need(a, "neg", 1);
                   return unary_negative(in, a.args[0]);
               }));
    m.dict.set("pos", new_builtin("pos", [](Interpreter& in, const CallArgs& a) {
                   need(a, "pos", 1);
                   return unary_positive(in, a.args[0]);
               }));
    for (const char* name : {"invert", "inv"}) {
        std::string n = name;
        m.dict.set(n, new_builtin(n, [n](Interpreter& in, const CallArgs& a) {
                       need(a, n.c_str(), 1);
                       return unary_invert(in, a.args[0]);
                   }));
    }
    m.dict.set("not_", new_builtin("not_", [](Interpreter& in, const CallArgs& a) {
                   need(a, "not_", 1);
                   return Value::boolean(!truthy(in, a.args[0]));
               }));
    m.dict.set("truth", new_builtin("truth", [](Interpreter& in, const CallArgs& a) {
                   need(a, "truth", 1);
                   return Value::boolean(truthy(in, a.args[0]));
               }));
    m.dict.set("getitem", new_builtin("getitem", [](Interpreter& in, const CallArgs& a) {
                   need(a, "getitem", 2);
                   return getitem(in, a.args[0], a.args[1]);
               }));
}

}  // namespace

void register_operator_module() { Interpreter::register_module("_operator", operator_native); }

}  // namespace kiln::vm
