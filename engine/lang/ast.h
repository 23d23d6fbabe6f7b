// The abstract syntax tree of Kiln's Python subset: what the parser (parser.h) produces and the
// bytecode compiler consumes.
//
// Shape. Node and field names are CPython's `ast` module's (BinOp.left/op/right, Call.args/keywords,
// FunctionDef.decorator_list, ...), so Python's documentation describes them. Two node families,
// Expr and Stmt, are small class hierarchies in the style of MLIR Toy's AST: a base struct holds a
// `kind` enum and the SourceSpan; each node is a derived struct with public fields. Children are
// owned by unique_ptr (ExprPtr/StmtPtr); optional children are null. A compiler walks the tree with
// a switch on `kind` and `cast<T>()`:
//
//     switch (e.kind) {
//         case ExprKind::BinOp: { const BinOp& b = cast<BinOp>(e); visit(*b.left); ...; break; }
//         ...
//     }
//
// The kind lists are X-macros (KILN_EXPR_KINDS/KILN_STMT_KINDS) so that enums, names and the
// printer's dispatch stay in sync. Every node has a span from its first to just past its last
// character (source.h). ast_dump (ast_print.cpp) prints the tree for golden tests and the playground.
//
// What the parser already guarantees (the compiler need not re-check):
//  - Assignment, for, with-as, del and comprehension targets are Name/Attribute/Subscript, or
//    Tuple/List of targets with at most one Starred, and carry ctx = Store (Del for del).
//  - Await, async, positional-only parameters, bytes, complex numbers,
//    multiple inheritance are rejected with located "not supported in Kiln" errors.
// What the parser deliberately keeps for the compiler to decide (valid Python, outside today's
// subset or not yet implemented): Set and SetComp (set literals `{1, 2}`), DictComp, GeneratorExp
// (`sum(x for x in xs)`), annotations (kept as expressions for TorchScript-style scripting later).
// The compiler must reject what it does not implement with a located error.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lang/source.h"

namespace kiln::lang {

#define KILN_EXPR_KINDS(X) \
    X(BoolOp)              \
    X(BinOp)               \
    X(UnaryOp)             \
    X(Lambda)              \
    X(IfExp)               \
    X(NamedExpr)           \
    X(Dict)                \
    X(Set)                 \
    X(ListComp)            \
    X(SetComp)             \
    X(DictComp)            \
    X(GeneratorExp)        \
    X(Yield)               \
    X(YieldFrom)           \
    X(Compare)             \
    X(Call)                \
    X(FormattedValue)      \
    X(JoinedStr)           \
    X(Constant)            \
    X(Attribute)           \
    X(Subscript)           \
    X(Starred)             \
    X(Name)                \
    X(List)                \
    X(Tuple)               \
    X(Slice)

#define KILN_STMT_KINDS(X) \
    X(FunctionDef)         \
    X(ClassDef)            \
    X(Return)              \
    X(Delete)              \
    X(Assign)              \
    X(AugAssign)           \
    X(AnnAssign)           \
    X(For)                 \
    X(While)               \
    X(If)                  \
    X(With)                \
    X(Raise)               \
    X(Try)                 \
    X(Assert)              \
    X(Import)              \
    X(ImportFrom)          \
    X(Global)              \
    X(Nonlocal)            \
    X(ExprStmt)            \
    X(Pass)                \
    X(Break)               \
    X(Continue)            \
    X(Match)

enum class ExprKind {
#define KILN_X(k) k,
    KILN_EXPR_KINDS(KILN_X)
#undef KILN_X
};
enum class StmtKind {
#define KILN_X(k) k,
    KILN_STMT_KINDS(KILN_X)
#undef KILN_X
};
const char* expr_kind_name(ExprKind kind);
const char* stmt_kind_name(StmtKind kind);  // ExprStmt prints as "Expr", CPython's name

// Operators, CPython's names.
enum class BoolOpKind { And, Or };
enum class BinOpKind { Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv };
enum class UnaryOpKind { Invert, Not, UAdd, USub };
enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
// Load: read; Store: assignment target; Del: `del` target.
enum class ExprContext { Load, Store, Del };

const char* bool_op_name(BoolOpKind op);
const char* bin_op_name(BinOpKind op);
const char* bin_op_symbol(BinOpKind op);  // "+", "**", ... (for error messages and the compiler's dis)
const char* unary_op_name(UnaryOpKind op);
const char* cmp_op_name(CmpOpKind op);
const char* expr_context_name(ExprContext ctx);

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

struct Expr {
    const ExprKind kind;
    SourceSpan span;
    explicit Expr(ExprKind k, SourceSpan s = {}) : kind(k), span(s) {}
    virtual ~Expr() = default;
};

struct Stmt {
    const StmtKind kind;
    SourceSpan span;
    explicit Stmt(StmtKind k, SourceSpan s = {}) : kind(k), span(s) {}
    virtual ~Stmt() = default;
};

// cast<BinOp>(expr): the node as its concrete type; the caller has checked `kind`.
template <typename T, typename Base>
T& cast(Base& node) {
    return static_cast<T&>(node);
}
template <typename T, typename Base>
const T& cast(const Base& node) {
    return static_cast<const T&>(node);
}

// ---- helper records (not nodes of their own kind, but spanned) ----------------------------------

// One parameter: `x`, `x: int`.
struct Arg {
    std::string name;
    ExprPtr annotation;  // may be null
    SourceSpan span;
};

// A parameter list: def f(a, b=1, *args, c, d=2, **kwargs). `defaults` belong to the last
// len(defaults) entries of `args`; `kw_defaults` has one entry per kwonlyarg, null when it has none.
struct Arguments {
    std::vector<Arg> args;       // positional parameters; the first posonlyargcount are before '/'
    size_t posonlyargcount = 0;
    ExprList defaults;
    std::unique_ptr<Arg> vararg;  // *args, may be null
    std::vector<Arg> kwonlyargs;
    ExprList kw_defaults;
    std::unique_ptr<Arg> kwarg;   // **kwargs, may be null
    SourceSpan span;
};

// f(x=1) has keyword arg "x"; f(**d) has a keyword with an empty `arg`.
struct Keyword {
    std::string arg;
    ExprPtr value;
    SourceSpan span;
};

// `for target in iter if cond ...` inside a comprehension.
struct Comprehension {
    ExprPtr target;
    ExprPtr iter;
    ExprList ifs;
    SourceSpan span;
};

// `import a.b as c`: name "a.b", asname "c" (empty when absent). `from m import *` has name "*".
struct Alias {
    std::string name;
    std::string asname;
    SourceSpan span;
};

// `except ValueError as e:` (type and name optional).
struct ExceptHandler {
    ExprPtr type;
    std::string name;
    StmtList body;
    SourceSpan span;
};

// `with open(p) as f`: optional_vars may be null.
struct WithItem {
    ExprPtr context_expr;
    ExprPtr optional_vars;
};

// ---- expressions ---------------------------------------------------------------------------------
#define KILN_EXPR_NODE(Name) \
    static constexpr ExprKind Kind = ExprKind::Name; \
    Name() : Expr(ExprKind::Name) {}

// a and b and c: one node with all values.
struct BoolOp : Expr {
    KILN_EXPR_NODE(BoolOp)
    BoolOpKind op = BoolOpKind::And;
    ExprList values;
};
struct BinOp : Expr {
    KILN_EXPR_NODE(BinOp)
    ExprPtr left;
    BinOpKind op = BinOpKind::Add;
    ExprPtr right;
};
struct UnaryOp : Expr {
    KILN_EXPR_NODE(UnaryOp)
    UnaryOpKind op = UnaryOpKind::USub;
    ExprPtr operand;
};
struct Lambda : Expr {
    KILN_EXPR_NODE(Lambda)
    Arguments args;
    ExprPtr body;
};
// (target := value): target is a Name with ctx = Store.
struct NamedExpr : Expr {
    KILN_EXPR_NODE(NamedExpr)
    ExprPtr target;
    ExprPtr value;
};
// body if test else orelse
struct IfExp : Expr {
    KILN_EXPR_NODE(IfExp)
    ExprPtr test;
    ExprPtr body;
    ExprPtr orelse;
};
// {k: v, **d}: a null key marks `**d` (its value is d).
struct Dict : Expr {
    KILN_EXPR_NODE(Dict)
    ExprList keys;
    ExprList values;
};
struct Set : Expr {
    KILN_EXPR_NODE(Set)
    ExprList elts;
};
struct ListComp : Expr {
    KILN_EXPR_NODE(ListComp)
    ExprPtr elt;
    std::vector<Comprehension> generators;
};
struct SetComp : Expr {
    KILN_EXPR_NODE(SetComp)
    ExprPtr elt;
    std::vector<Comprehension> generators;
};
struct DictComp : Expr {
    KILN_EXPR_NODE(DictComp)
    ExprPtr key;
    ExprPtr value;
    std::vector<Comprehension> generators;
};
struct GeneratorExp : Expr {
    KILN_EXPR_NODE(GeneratorExp)
    ExprPtr elt;
    std::vector<Comprehension> generators;
};
// `yield value` (value may be null) and `yield from value`, inside a function body only (the symbol
// table rejects them elsewhere, as CPython's does).
struct Yield : Expr {
    KILN_EXPR_NODE(Yield)
    ExprPtr value;
};
struct YieldFrom : Expr {
    KILN_EXPR_NODE(YieldFrom)
    ExprPtr value;
};
// a < b <= c: left a, ops [Lt, LtE], comparators [b, c].
struct Compare : Expr {
    KILN_EXPR_NODE(Compare)
    ExprPtr left;
    std::vector<CmpOpKind> ops;
    ExprList comparators;
};
// f(a, *b, k=c, **d): args [a, Starred b], keywords [k=c, (empty)=d].
struct Call : Expr {
    KILN_EXPR_NODE(Call)
    ExprPtr func;
    ExprList args;
    std::vector<Keyword> keywords;
};
// One {field} of an f-string. conversion: 0, 'r', 's', 'a'. format_spec: a JoinedStr or null.
struct FormattedValue : Expr {
    KILN_EXPR_NODE(FormattedValue)
    ExprPtr value;
    char conversion = 0;
    ExprPtr format_spec;
};
// An f-string (possibly concatenated with plain strings): Constant str and FormattedValue parts.
struct JoinedStr : Expr {
    KILN_EXPR_NODE(JoinedStr)
    ExprList values;
};
// Bytes: str_value holds the bytes. Int beyond int64: str_value holds the digits, int_value the base.
enum class ConstantKind { None, True, False, Int, Float, Str, Ellipsis, Bytes, Complex };  // Complex: float_value is the imaginary part of a j literal
const char* constant_kind_name(ConstantKind kind);
struct Constant : Expr {
    KILN_EXPR_NODE(Constant)
    ConstantKind value_kind = ConstantKind::None;
    int64_t int_value = 0;
    double float_value = 0;
    std::string str_value;  // Str: the decoded text (adjacent literals already concatenated)
};
struct Attribute : Expr {
    KILN_EXPR_NODE(Attribute)
    ExprPtr value;
    std::string attr;
    ExprContext ctx = ExprContext::Load;
};
// value[slice]; a[1:2, 3] has a Tuple of (Slice, Constant) as slice.
struct Subscript : Expr {
    KILN_EXPR_NODE(Subscript)
    ExprPtr value;
    ExprPtr slice;
    ExprContext ctx = ExprContext::Load;
};
struct Starred : Expr {
    KILN_EXPR_NODE(Starred)
    ExprPtr value;
    ExprContext ctx = ExprContext::Load;
};
struct Name : Expr {
    KILN_EXPR_NODE(Name)
    std::string id;
    ExprContext ctx = ExprContext::Load;
};
struct List : Expr {
    KILN_EXPR_NODE(List)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
};
struct Tuple : Expr {
    KILN_EXPR_NODE(Tuple)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
};
// lower:upper:step, each part may be null. Appears only as (part of) Subscript.slice.
struct Slice : Expr {
    KILN_EXPR_NODE(Slice)
    ExprPtr lower;
    ExprPtr upper;
    ExprPtr step;
};
#undef KILN_EXPR_NODE

// ---- statements ----------------------------------------------------------------------------------
#define KILN_STMT_NODE(Name) \
    static constexpr StmtKind Kind = StmtKind::Name; \
    Name() : Stmt(StmtKind::Name) {}

// The span starts at `def` (decorators are separate nodes with their own spans, as in CPython).
struct FunctionDef : Stmt {
    KILN_STMT_NODE(FunctionDef)
    std::string name;
    Arguments args;
    StmtList body;
    ExprList decorator_list;
    ExprPtr returns;  // return annotation, may be null
    // PEP 695 (`def f[T]`, `class C[T]`, `type X[T] = ...`): the parser wraps the generic
    // definition in this function, CPython's annotation scope "<generic parameters of NAME>", which
    // makes the type parameters and returns the definition. generic_of names it: the compiler calls
    // the wrapper where it is defined and binds the result (decorated) to that name, and the
    // symbol table leaves the wrapper out of the qualnames of what it holds.
    std::string generic_of;
};
// Kiln allows at most one base (single inheritance); keywords hold e.g. metaclass=... (kept for the
// compiler to reject).
struct ClassDef : Stmt {
    KILN_STMT_NODE(ClassDef)
    std::string name;
    ExprList bases;
    std::vector<Keyword> keywords;
    StmtList body;
    ExprList decorator_list;
};
struct Return : Stmt {
    KILN_STMT_NODE(Return)
    ExprPtr value;  // may be null
};
struct Delete : Stmt {
    KILN_STMT_NODE(Delete)
    ExprList targets;
};
// a = b = value: targets [a, b].
struct Assign : Stmt {
    KILN_STMT_NODE(Assign)
    ExprList targets;
    ExprPtr value;
};
struct AugAssign : Stmt {
    KILN_STMT_NODE(AugAssign)
    ExprPtr target;
    BinOpKind op = BinOpKind::Add;
    ExprPtr value;
};
// target: annotation [= value]. simple is true for a bare name target (not `(x): int`, not a.b).
struct AnnAssign : Stmt {
    KILN_STMT_NODE(AnnAssign)
    ExprPtr target;
    ExprPtr annotation;
    ExprPtr value;  // may be null
    bool simple = true;
};
struct For : Stmt {
    KILN_STMT_NODE(For)
    ExprPtr target;
    ExprPtr iter;
    StmtList body;
    StmtList orelse;
};
struct While : Stmt {
    KILN_STMT_NODE(While)
    ExprPtr test;
    StmtList body;
    StmtList orelse;
};
// elif chains nest: `if a: .. elif b: ..` is If(a, orelse=[If(b)]), as in CPython.
struct If : Stmt {
    KILN_STMT_NODE(If)
    ExprPtr test;
    StmtList body;
    StmtList orelse;
};
struct With : Stmt {
    KILN_STMT_NODE(With)
    std::vector<WithItem> items;
    StmtList body;
};
struct Raise : Stmt {
    KILN_STMT_NODE(Raise)
    ExprPtr exc;    // may be null (bare re-raise)
    ExprPtr cause;  // `from cause`, may be null
};
struct Try : Stmt {
    KILN_STMT_NODE(Try)
    bool is_star = false;  // try-except* (CPython's TryStar node): every handler is an except*
    StmtList body;
    std::vector<ExceptHandler> handlers;
    StmtList orelse;
    StmtList finalbody;
};
struct Assert : Stmt {
    KILN_STMT_NODE(Assert)
    ExprPtr test;
    ExprPtr msg;  // may be null
};
struct Import : Stmt {
    KILN_STMT_NODE(Import)
    std::vector<Alias> names;
};
// from ..pkg.mod import a as b: module "pkg.mod" (may be empty), level 2.
struct ImportFrom : Stmt {
    KILN_STMT_NODE(ImportFrom)
    std::string module;
    std::vector<Alias> names;
    int level = 0;
};
struct Global : Stmt {
    KILN_STMT_NODE(Global)
    std::vector<std::string> names;
};
struct Nonlocal : Stmt {
    KILN_STMT_NODE(Nonlocal)
    std::vector<std::string> names;
};
// An expression used as a statement (CPython's `Expr`; renamed to avoid clashing with Expr above).
struct ExprStmt : Stmt {
    KILN_STMT_NODE(ExprStmt)
    ExprPtr value;
};
struct Pass : Stmt {
    KILN_STMT_NODE(Pass)
};
struct Break : Stmt {
    KILN_STMT_NODE(Break)
};
struct Continue : Stmt {
    KILN_STMT_NODE(Continue)
};
// ---- the match statement (PEP 634) ------------------------------------------------------------
// One pattern record for CPython's eight `pattern` node kinds (their names and fields, so the AST
// dump reads like ast.dump's); which fields a kind uses is listed next to it. An empty `name` or
// `rest` is CPython's None (a wildcard `_`, `*_`, no `**rest`).
enum class PatternKind { MatchValue, MatchSingleton, MatchSequence, MatchMapping, MatchClass, MatchStar, MatchAs, MatchOr };
const char* pattern_kind_name(PatternKind kind);
struct Pattern;
using PatternPtr = std::unique_ptr<Pattern>;
using PatternList = std::vector<PatternPtr>;
struct Pattern {
    PatternKind kind = PatternKind::MatchAs;
    SourceSpan span;
    ExprPtr value;              // MatchValue: a literal (signed numbers, complex sums, strings) or a dotted name;
                                // MatchSingleton: the None/True/False Constant; MatchClass: the class (cls)
    PatternList patterns;       // MatchSequence / MatchOr items, MatchMapping values, MatchClass positionals
    ExprList keys;              // MatchMapping keys (literals or dotted names)
    std::string rest;           // MatchMapping `**rest`
    std::vector<std::string> kwd_attrs;  // MatchClass keyword names
    PatternList kwd_patterns;            // MatchClass keyword sub-patterns
    std::vector<SourceSpan> kwd_spans;   // MatchClass: where each `name=pattern` is (error locations)
    PatternPtr pattern;         // MatchAs: `pattern as name` (null for a capture or the wildcard)
    std::string name;           // MatchAs / MatchStar: the captured name (empty: wildcard)
};
// `case pattern if guard: body`
struct MatchCase {
    PatternPtr pattern;
    ExprPtr guard;  // may be null
    StmtList body;
    SourceSpan span;
};
struct Match : Stmt {
    KILN_STMT_NODE(Match)
    ExprPtr subject;
    std::vector<MatchCase> cases;
};
#undef KILN_STMT_NODE

// A parsed file.
struct Module {
    std::string filename;
    StmtList body;
    SourceSpan span;
};

// The tree as indented text, one node per line with its span (ast_print.cpp):
//     Module
//       body:
//         Assign @1:1-1:6
//           targets:
//             Name @1:1-1:2 id='x' ctx=Store
//           value: Constant @1:5-1:6 int 1
std::string ast_dump(const Module& module);
std::string ast_dump(const Expr& expr);
std::string ast_dump(const Stmt& stmt);

}  // namespace kiln::lang
