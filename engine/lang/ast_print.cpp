// ast_dump: the AST as stable, indented text (golden tests, the playground's AST panel).
//
// Format, in the spirit of CPython's ast.dump(indent=2) but one node per line with its span:
//     Kind @LINE:COL-ENDLINE:ENDCOL attr=value ...
//       field: Child @...            (a single child)
//       field:                       (a list; each item on its own line, two spaces deeper)
//         Item @...
// Scalar attributes (names, operators, ctx, constant values) sit on the node's line; null children
// and empty lists are left out. Helper records use CPython's lower-case names (arguments, arg,
// keyword, comprehension, alias, excepthandler, withitem). Strings are quoted Python-style; floats
// print as Python's repr() does.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "lang/ast.h"
#include "support/pyrepr.h"

namespace kiln::lang {
namespace {

class Printer {
public:
    std::string out;

    void module(const Module& m) {
        out += "Module @" + span_str(m.span) + "\n";
        stmts(m.body, 1, "body");
    }

    void stmts(const StmtList& list, int ind, const char* field) {
        if (list.empty()) return;
        field_line(ind, field);
        for (const StmtPtr& s : list) stmt(*s, ind + 1, "");
    }

    void exprs(const ExprList& list, int ind, const char* field) {
        if (list.empty()) return;
        field_line(ind, field);
        for (const ExprPtr& e : list) {
            if (e)
                expr(*e, ind + 1, "");
            else
                text_line(ind + 1, "None");  // Dict's `**d` key, a missing kw_default
        }
    }

    void opt(const ExprPtr& e, int ind, const char* field) {
        if (e) expr(*e, ind, std::string(field) + ": ");
    }

    void stmt(const Stmt& s, int ind, const std::string& label) {
        std::string head = label + stmt_kind_name(s.kind) + " @" + span_str(s.span);
        switch (s.kind) {
            case StmtKind::FunctionDef: {
                auto& n = cast<FunctionDef>(s);
                text_line(ind, head + " name=" + py_str_repr(n.name));
                exprs(n.decorator_list, ind + 1, "decorator_list");
                arguments(n.args, ind + 1);
                opt(n.returns, ind + 1, "returns");
                stmts(n.body, ind + 1, "body");
                break;
            }
            case StmtKind::ClassDef: {
                auto& n = cast<ClassDef>(s);
                text_line(ind, head + " name=" + py_str_repr(n.name));
                exprs(n.decorator_list, ind + 1, "decorator_list");
                exprs(n.bases, ind + 1, "bases");
                keywords(n.keywords, ind + 1);
                stmts(n.body, ind + 1, "body");
                break;
            }
            case StmtKind::Return: {
                auto& n = cast<Return>(s);
                text_line(ind, head);
                opt(n.value, ind + 1, "value");
                break;
            }
            case StmtKind::Delete: {
                auto& n = cast<Delete>(s);
                text_line(ind, head);
                exprs(n.targets, ind + 1, "targets");
                break;
            }
            case StmtKind::Assign: {
                auto& n = cast<Assign>(s);
                text_line(ind, head);
                exprs(n.targets, ind + 1, "targets");
                opt(n.value, ind + 1, "value");
                break;
            }
            case StmtKind::AugAssign: {
                auto& n = cast<AugAssign>(s);
                text_line(ind, head + " op=" + bin_op_name(n.op));
                opt(n.target, ind + 1, "target");
                opt(n.value, ind + 1, "value");
                break;
            }
            case StmtKind::AnnAssign: {
                auto& n = cast<AnnAssign>(s);
                text_line(ind, head + (n.simple ? " simple=1" : " simple=0"));
                opt(n.target, ind + 1, "target");
                opt(n.annotation, ind + 1, "annotation");
                opt(n.value, ind + 1, "value");
                break;
            }
            case StmtKind::For: {
                auto& n = cast<For>(s);
                text_line(ind, head);
                opt(n.target, ind + 1, "target");
                opt(n.iter, ind + 1, "iter");
                stmts(n.body, ind + 1, "body");
                stmts(n.orelse, ind + 1, "orelse");
                break;
            }
            case StmtKind::While: {
                auto& n = cast<While>(s);
                text_line(ind, head);
                opt(n.test, ind + 1, "test");
                stmts(n.body, ind + 1, "body");
                stmts(n.orelse, ind + 1, "orelse");
                break;
            }
            case StmtKind::If: {
                auto& n = cast<If>(s);
                text_line(ind, head);
                opt(n.test, ind + 1, "test");
                stmts(n.body, ind + 1, "body");
                stmts(n.orelse, ind + 1, "orelse");
                break;
            }
            case StmtKind::With: {
                auto& n = cast<With>(s);
                text_line(ind, head);
                field_line(ind + 1, "items");
                for (const WithItem& item : n.items) {
                    text_line(ind + 2, "withitem");
                    opt(item.context_expr, ind + 3, "context_expr");
                    opt(item.optional_vars, ind + 3, "optional_vars");
                }
                stmts(n.body, ind + 1, "body");
                break;
            }
            case StmtKind::Raise: {
                auto& n = cast<Raise>(s);
                text_line(ind, head);
                opt(n.exc, ind + 1, "exc");
                opt(n.cause, ind + 1, "cause");
                break;
            }
            case StmtKind::Try: {
                auto& n = cast<Try>(s);
                text_line(ind, n.is_star ? head + " star" : head);
                stmts(n.body, ind + 1, "body");
                if (!n.handlers.empty()) field_line(ind + 1, "handlers");
                for (const ExceptHandler& h : n.handlers) {
                    text_line(ind + 2, "excepthandler @" + span_str(h.span) +
                                           (h.name.empty() ? "" : " name=" + py_str_repr(h.name)));
                    opt(h.type, ind + 3, "type");
                    stmts(h.body, ind + 3, "body");
                }
                stmts(n.orelse, ind + 1, "orelse");
                stmts(n.finalbody, ind + 1, "finalbody");
                break;
            }
            case StmtKind::Assert: {
                auto& n = cast<Assert>(s);
                text_line(ind, head);
                opt(n.test, ind + 1, "test");
                opt(n.msg, ind + 1, "msg");
                break;
            }
            case StmtKind::Import:
            case StmtKind::ImportFrom: {
                const std::vector<Alias>* names;
                if (s.kind == StmtKind::Import) {
                    names = &cast<Import>(s).names;
                    text_line(ind, head);
                } else {
                    auto& n = cast<ImportFrom>(s);
                    names = &n.names;
                    text_line(ind, head + " module=" + py_str_repr(n.module) + " level=" + std::to_string(n.level));
                }
                field_line(ind + 1, "names");
                for (const Alias& a : *names)
                    text_line(ind + 2, "alias @" + span_str(a.span) + " name=" + py_str_repr(a.name) +
                                           (a.asname.empty() ? "" : " asname=" + py_str_repr(a.asname)));
                break;
            }
            case StmtKind::Global:
            case StmtKind::Nonlocal: {
                const auto& names = s.kind == StmtKind::Global ? cast<Global>(s).names : cast<Nonlocal>(s).names;
                std::string list;
                for (const std::string& name : names) list += (list.empty() ? "" : ", ") + py_str_repr(name);
                text_line(ind, head + " names=[" + list + "]");
                break;
            }
            case StmtKind::ExprStmt: {
                text_line(ind, head);
                opt(cast<ExprStmt>(s).value, ind + 1, "value");
                break;
            }
            case StmtKind::Pass:
            case StmtKind::Break:
            case StmtKind::Continue: text_line(ind, head); break;
            case StmtKind::Match: {
                auto& n = cast<Match>(s);
                text_line(ind, head);
                opt(n.subject, ind + 1, "subject");
                field_line(ind + 1, "cases");
                for (const MatchCase& c : n.cases) {
                    text_line(ind + 2, "match_case @" + span_str(c.span));
                    pattern(*c.pattern, ind + 3, "pattern: ");
                    opt(c.guard, ind + 3, "guard");
                    stmts(c.body, ind + 3, "body");
                }
                break;
            }
        }
    }

    void patterns(const PatternList& list, int ind, const char* field) {
        if (list.empty()) return;
        field_line(ind, field);
        for (const PatternPtr& p : list) pattern(*p, ind + 1, "");
    }

    void pattern(const Pattern& p, int ind, const std::string& label) {
        std::string head = label + pattern_kind_name(p.kind) + " @" + span_str(p.span);
        switch (p.kind) {
            case PatternKind::MatchValue:
            case PatternKind::MatchSingleton:
                text_line(ind, head);
                opt(p.value, ind + 1, "value");
                break;
            case PatternKind::MatchSequence:
            case PatternKind::MatchOr:
                text_line(ind, head);
                patterns(p.patterns, ind + 1, "patterns");
                break;
            case PatternKind::MatchMapping:
                text_line(ind, head + (p.rest.empty() ? "" : " rest=" + py_str_repr(p.rest)));
                exprs(p.keys, ind + 1, "keys");
                patterns(p.patterns, ind + 1, "patterns");
                break;
            case PatternKind::MatchClass: {
                std::string attrs;
                for (const std::string& a : p.kwd_attrs) attrs += (attrs.empty() ? "" : ", ") + py_str_repr(a);
                text_line(ind, head + (attrs.empty() ? "" : " kwd_attrs=[" + attrs + "]"));
                opt(p.value, ind + 1, "cls");
                patterns(p.patterns, ind + 1, "patterns");
                patterns(p.kwd_patterns, ind + 1, "kwd_patterns");
                break;
            }
            case PatternKind::MatchStar: text_line(ind, head + (p.name.empty() ? "" : " name=" + py_str_repr(p.name))); break;
            case PatternKind::MatchAs:
                text_line(ind, head + (p.name.empty() ? "" : " name=" + py_str_repr(p.name)));
                if (p.pattern) pattern(*p.pattern, ind + 1, "pattern: ");
                break;
        }
    }

    void expr(const Expr& e, int ind, const std::string& label) {
        std::string head = label + expr_kind_name(e.kind) + " @" + span_str(e.span);
        switch (e.kind) {
            case ExprKind::BoolOp: {
                auto& n = cast<BoolOp>(e);
                text_line(ind, head + " op=" + bool_op_name(n.op));
                exprs(n.values, ind + 1, "values");
                break;
            }
            case ExprKind::BinOp: {
                auto& n = cast<BinOp>(e);
                text_line(ind, head + " op=" + bin_op_name(n.op));
                opt(n.left, ind + 1, "left");
                opt(n.right, ind + 1, "right");
                break;
            }
            case ExprKind::UnaryOp: {
                auto& n = cast<UnaryOp>(e);
                text_line(ind, head + " op=" + unary_op_name(n.op));
                opt(n.operand, ind + 1, "operand");
                break;
            }
            case ExprKind::Lambda: {
                auto& n = cast<Lambda>(e);
                text_line(ind, head);
                arguments(n.args, ind + 1);
                opt(n.body, ind + 1, "body");
                break;
            }
            case ExprKind::NamedExpr: {
                auto& n = cast<NamedExpr>(e);
                text_line(ind, head);
                opt(n.target, ind + 1, "target");
                opt(n.value, ind + 1, "value");
                break;
            }
            case ExprKind::IfExp: {
                auto& n = cast<IfExp>(e);
                text_line(ind, head);
                opt(n.test, ind + 1, "test");
                opt(n.body, ind + 1, "body");
                opt(n.orelse, ind + 1, "orelse");
                break;
            }
            case ExprKind::Dict: {
                auto& n = cast<Dict>(e);
                text_line(ind, head);
                exprs(n.keys, ind + 1, "keys");
                exprs(n.values, ind + 1, "values");
                break;
            }
            case ExprKind::Set: {
                text_line(ind, head);
                exprs(cast<Set>(e).elts, ind + 1, "elts");
                break;
            }
            case ExprKind::ListComp:
            case ExprKind::SetComp:
            case ExprKind::GeneratorExp: {
                const ExprPtr& elt = e.kind == ExprKind::ListComp  ? cast<ListComp>(e).elt
                                     : e.kind == ExprKind::SetComp ? cast<SetComp>(e).elt
                                                                   : cast<GeneratorExp>(e).elt;
                const auto& gens = e.kind == ExprKind::ListComp  ? cast<ListComp>(e).generators
                                   : e.kind == ExprKind::SetComp ? cast<SetComp>(e).generators
                                                                 : cast<GeneratorExp>(e).generators;
                text_line(ind, head);
                opt(elt, ind + 1, "elt");
                generators(gens, ind + 1);
                break;
            }
            case ExprKind::DictComp: {
                auto& n = cast<DictComp>(e);
                text_line(ind, head);
                opt(n.key, ind + 1, "key");
                opt(n.value, ind + 1, "value");
                generators(n.generators, ind + 1);
                break;
            }
            case ExprKind::Yield:
            case ExprKind::YieldFrom: {
                text_line(ind, head);
                opt(e.kind == ExprKind::Yield ? cast<Yield>(e).value : cast<YieldFrom>(e).value, ind + 1, "value");
                break;
            }
            case ExprKind::Compare: {
                auto& n = cast<Compare>(e);
                std::string ops;
                for (CmpOpKind op : n.ops) ops += (ops.empty() ? "" : ", ") + std::string(cmp_op_name(op));
                text_line(ind, head + " ops=[" + ops + "]");
                opt(n.left, ind + 1, "left");
                exprs(n.comparators, ind + 1, "comparators");
                break;
            }
            case ExprKind::Call: {
                auto& n = cast<Call>(e);
                text_line(ind, head);
                opt(n.func, ind + 1, "func");
                exprs(n.args, ind + 1, "args");
                keywords(n.keywords, ind + 1);
                break;
            }
            case ExprKind::FormattedValue: {
                auto& n = cast<FormattedValue>(e);
                text_line(ind, head + (n.conversion ? std::string(" conversion=") + n.conversion : ""));
                opt(n.value, ind + 1, "value");
                opt(n.format_spec, ind + 1, "format_spec");
                break;
            }
            case ExprKind::JoinedStr: {
                text_line(ind, head);
                exprs(cast<JoinedStr>(e).values, ind + 1, "values");
                break;
            }
            case ExprKind::Constant: {
                auto& n = cast<Constant>(e);
                std::string value;
                switch (n.value_kind) {
                    case ConstantKind::Int:
                        value = n.str_value.empty() ? "int " + std::to_string(n.int_value)
                                                    : "int (base " + std::to_string(n.int_value) + ") " + n.str_value;
                        break;
                    case ConstantKind::Float: value = "float " + py_float_repr(n.float_value); break;
                    case ConstantKind::Complex: value = "complex " + py_complex_repr(0.0, n.float_value); break;
                    case ConstantKind::Str: value = "str " + py_str_repr(n.str_value); break;
                    case ConstantKind::Bytes: value = "bytes b" + py_str_repr(n.str_value); break;
                    default: value = constant_kind_name(n.value_kind);
                }
                text_line(ind, head + " " + value);
                break;
            }
            case ExprKind::Attribute: {
                auto& n = cast<Attribute>(e);
                text_line(ind, head + " attr=" + py_str_repr(n.attr) + " ctx=" + expr_context_name(n.ctx));
                opt(n.value, ind + 1, "value");
                break;
            }
            case ExprKind::Subscript: {
                auto& n = cast<Subscript>(e);
                text_line(ind, head + " ctx=" + expr_context_name(n.ctx));
                opt(n.value, ind + 1, "value");
                opt(n.slice, ind + 1, "slice");
                break;
            }
            case ExprKind::Starred: {
                auto& n = cast<Starred>(e);
                text_line(ind, head + " ctx=" + expr_context_name(n.ctx));
                opt(n.value, ind + 1, "value");
                break;
            }
            case ExprKind::Name: {
                auto& n = cast<Name>(e);
                text_line(ind, head + " id=" + py_str_repr(n.id) + " ctx=" + expr_context_name(n.ctx));
                break;
            }
            case ExprKind::List: {
                auto& n = cast<List>(e);
                text_line(ind, head + " ctx=" + expr_context_name(n.ctx));
                exprs(n.elts, ind + 1, "elts");
                break;
            }
            case ExprKind::Tuple: {
                auto& n = cast<Tuple>(e);
                text_line(ind, head + " ctx=" + expr_context_name(n.ctx));
                exprs(n.elts, ind + 1, "elts");
                break;
            }
            case ExprKind::Slice: {
                auto& n = cast<Slice>(e);
                text_line(ind, head);
                opt(n.lower, ind + 1, "lower");
                opt(n.upper, ind + 1, "upper");
                opt(n.step, ind + 1, "step");
                break;
            }
        }
    }

private:
    void text_line(int ind, const std::string& text) {
        out.append(static_cast<size_t>(ind) * 2, ' ');
        out += text;
        out += '\n';
    }
    void field_line(int ind, const char* field) { text_line(ind, std::string(field) + ":"); }

    void arg(const Arg& a, int ind, const std::string& label) {
        text_line(ind, label + "arg @" + span_str(a.span) + " name=" + py_str_repr(a.name));
        opt(a.annotation, ind + 1, "annotation");
    }

    void arguments(const Arguments& a, int ind) {
        bool empty = a.args.empty() && !a.vararg && a.kwonlyargs.empty() && !a.kwarg;
        if (empty) return;
        text_line(ind, "args: arguments @" + span_str(a.span));
        if (!a.args.empty()) {
            field_line(ind + 1, "args");
            for (const Arg& x : a.args) arg(x, ind + 2, "");
            if (a.posonlyargcount) text_line(ind + 1, "posonlyargcount: " + std::to_string(a.posonlyargcount));
        }
        exprs(a.defaults, ind + 1, "defaults");
        if (a.vararg) arg(*a.vararg, ind + 1, "vararg: ");
        if (!a.kwonlyargs.empty()) {
            field_line(ind + 1, "kwonlyargs");
            for (const Arg& x : a.kwonlyargs) arg(x, ind + 2, "");
            exprs(a.kw_defaults, ind + 1, "kw_defaults");
        }
        if (a.kwarg) arg(*a.kwarg, ind + 1, "kwarg: ");
    }

    void keywords(const std::vector<Keyword>& list, int ind) {
        if (list.empty()) return;
        field_line(ind, "keywords");
        for (const Keyword& k : list) {
            text_line(ind + 1, "keyword @" + span_str(k.span) + (k.arg.empty() ? "" : " arg=" + py_str_repr(k.arg)));
            opt(k.value, ind + 2, "value");
        }
    }

    void generators(const std::vector<Comprehension>& gens, int ind) {
        field_line(ind, "generators");
        for (const Comprehension& c : gens) {
            text_line(ind + 1, "comprehension @" + span_str(c.span));
            opt(c.target, ind + 2, "target");
            opt(c.iter, ind + 2, "iter");
            exprs(c.ifs, ind + 2, "ifs");
        }
    }
};

}  // namespace

std::string ast_dump(const Module& module) {
    Printer p;
    p.module(module);
    return std::move(p.out);
}

std::string ast_dump(const Expr& expr) {
    Printer p;
    p.expr(expr, 0, "");
    return std::move(p.out);
}

std::string ast_dump(const Stmt& stmt) {
    Printer p;
    p.stmt(stmt, 0, "");
    return std::move(p.out);
}

}  // namespace kiln::lang
