// The `ast` module's literal_eval, on Kiln's own parser (lang/parser.h): real programs use it to read
// configuration values from strings (nanoGPT's configurator, minGPT's CfgNode: `literal_eval(val)`
// with `except (SyntaxError, ValueError)` falling back to the string).
//
// As CPython 3.11's: the string is stripped of leading spaces and tabs and parsed as an expression;
// constants, tuples, lists, sets, dicts, `set()` and signed numbers evaluate, anything else is
// ValueError("malformed node or string on line N: <ast.Kind object at 0x...>"). The rest of `ast`
// (parse, dump, NodeVisitor: Kiln's AST is C++, not Python objects) is an AttributeError that says so.
#include <cstdio>

#include "lang/parser.h"
#include "vm/complex.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

[[noreturn]] void malformed(const lang::Expr* e) {
    if (!e) raise(T().ValueError, "malformed node or string: None");
    char addr[32];
    std::snprintf(addr, sizeof addr, "%p", static_cast<const void*>(e));
    raise(T().ValueError, str("malformed node or string on line ", e->span.line, ": <ast.", lang::expr_kind_name(e->kind),
                              " object at ", addr, ">"));
}

Value convert_num(const lang::Expr* e) {
    if (!e || e->kind != lang::ExprKind::Constant) malformed(e);
    const auto& c = lang::cast<lang::Constant>(*e);
    if (c.value_kind == lang::ConstantKind::Int)
        return c.str_value.empty() ? Value::integer(c.int_value) : parse_big_int(c.str_value, int(c.int_value));
    if (c.value_kind == lang::ConstantKind::Float) return Value::number(c.float_value);
    if (c.value_kind == lang::ConstantKind::Complex) return new_complex(0.0, c.float_value);
    malformed(e);
}

Value convert_signed_num(Interpreter& in, const lang::Expr* e) {
    if (e && e->kind == lang::ExprKind::UnaryOp) {
        const auto& u = lang::cast<lang::UnaryOp>(*e);
        if (u.op == lang::UnaryOpKind::UAdd) return unary_positive(in, convert_num(u.operand.get()));
        if (u.op == lang::UnaryOpKind::USub) return unary_negative(in, convert_num(u.operand.get()));
    }
    return convert_num(e);
}

Value convert(Interpreter& in, const lang::Expr* e) {
    Interpreter::DepthGuard depth(in);  // nested literals recurse
    if (!e) malformed(e);
    switch (e->kind) {
        case lang::ExprKind::Constant: {
            const auto& c = lang::cast<lang::Constant>(*e);
            switch (c.value_kind) {
                case lang::ConstantKind::None: return Value::none();
                case lang::ConstantKind::True: return Value::boolean(true);
                case lang::ConstantKind::False: return Value::boolean(false);
                case lang::ConstantKind::Str: return new_str(c.str_value);
                case lang::ConstantKind::Bytes: return new_bytes(c.str_value);
                case lang::ConstantKind::Ellipsis: return ellipsis();
                default: return convert_num(e);
            }
        }
        case lang::ExprKind::Tuple:
        case lang::ExprKind::List:
        case lang::ExprKind::Set: {
            const lang::ExprList& elts = e->kind == lang::ExprKind::Tuple ? lang::cast<lang::Tuple>(*e).elts
                                         : e->kind == lang::ExprKind::List ? lang::cast<lang::List>(*e).elts
                                                                           : lang::cast<lang::Set>(*e).elts;
            std::vector<Value> items;
            for (const auto& x : elts) items.push_back(convert(in, x.get()));
            if (e->kind == lang::ExprKind::Tuple) return new_tuple(std::move(items));
            if (e->kind == lang::ExprKind::List) return new_list(std::move(items));
            Value s = new_set(in);
            for (const Value& v : items) set_add_value(in, s, v);
            return s;
        }
        case lang::ExprKind::Dict: {
            const auto& d = lang::cast<lang::Dict>(*e);
            Value out = in.call(Value(T().dict), std::vector<Value>{});
            for (size_t i = 0; i < d.keys.size(); ++i) {
                Value k = convert(in, d.keys[i].get());
                Value v = convert(in, d.values[i].get());
                setitem(in, out, k, v);
            }
            return out;
        }
        case lang::ExprKind::Call: {
            const auto& c = lang::cast<lang::Call>(*e);
            if (c.func->kind == lang::ExprKind::Name && lang::cast<lang::Name>(*c.func).id == "set" && c.args.empty() &&
                c.keywords.empty())
                return new_set(in);
            break;
        }
        case lang::ExprKind::BinOp: {
            // CPython accepts `1+2j` here (a real plus an imaginary constant); Kiln has no complex
            // numbers, so every other BinOp is malformed, as it is in CPython.
            break;
        }
        default: break;
    }
    return convert_signed_num(in, e);
}

void ast_module(Interpreter&, ModuleObj& m) {
    m.dict.set("literal_eval", new_builtin("literal_eval", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1 || a.nkw)
            raise(T().TypeError, str("literal_eval() takes 1 positional argument but ", a.nargs + a.nkw, " were given"));
        const Value& arg = a.args[0];
        if (!arg.is(Kind::Str)) raise(T().ValueError, str("malformed node or string: ", repr(in, arg)));
        std::string text(arg.get<Str>()->s);
        size_t start = text.find_first_not_of(" \t");
        lang::ExprPtr e;
        try {
            e = lang::parse_expression(start == std::string::npos ? "" : text.substr(start), "<unknown>");
        } catch (const lang::SyntaxError& err) {
            // str() of CPython's SyntaxError: "msg (<unknown>, line N)" (Kiln's parser words msg).
            raise(T().SyntaxError, str(err.message(), " (<unknown>, line ", err.line(), ")"));
        }
        return convert(in, e.get());
    }));
    m.dict.set("__getattr__", new_builtin("__getattr__", [](Interpreter&, const CallArgs& a) -> Value {
        std::string name = a.nargs == 1 && a.args[0].is(Kind::Str) ? std::string(a.args[0].get<Str>()->s) : "";
        raise(T().AttributeError, str("module 'ast' has no attribute '", name,
                                      "' (Kiln's ast provides literal_eval only: its syntax trees are C++, not Python objects)"));
    }));
}

}  // namespace

void register_ast_module() { Interpreter::register_module("ast", ast_module); }

}  // namespace kiln::vm
