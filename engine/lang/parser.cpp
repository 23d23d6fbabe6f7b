// The parser (see parser.h): recursive descent, one function per grammar rule.
//
// [SECTION] cursor and errors
// [SECTION] statements
// [SECTION] targets (assignment, for, del)
// [SECTION] expressions
// [SECTION] atoms, calls, subscripts, comprehensions, f-strings
//
// The whole token list is produced first (lexer.h), so lookahead is an index. Spans: a node runs
// from its first token's start to the end of the last token consumed (last_end_).
#include "lang/parser.h"

#include <algorithm>

#include "lang/lexer.h"
#include "support/stack.h"

namespace kiln::lang {
namespace {

// Nesting limit for recursive rules: deep enough for what CPython 3.12 parses (its tokenizer's 200
// nested brackets take about 3 levels each here; CPython's parser stack, MAXSTACK, stops unary
// operators and lambdas near 3000), shallow enough that the native stack (and the browser's smaller
// one) cannot overflow on hostile input; the stack check stops it earlier where the stack is small.
// Past it, CPython's MemoryError "Parser stack overflowed".
constexpr int kMaxNesting = 1000;
constexpr int kMaxFStringLevel = 150;  // CPython 3.12's MAXFSTRINGLEVEL (Parser/tokenizer.h)
// Limit for left-deep chains (a+b+c..., a.b.c..., f()()...), which build trees without recursing
// here but recurse in every later pass: CPython's compiler ends them near 3000 with RecursionError.
constexpr int kMaxChain = 2000;
constexpr int kMaxElifChain = 2000;  // CPython 3.12 runs out of compiler recursion near 3000

template <typename T>
std::unique_ptr<T> make(SourcePos start) {
    auto n = std::make_unique<T>();
    n->span = SourceSpan::from(start, start);
    return n;
}

class Parser {
public:
    Parser(std::vector<Token> tokens, const std::string& filename) : toks_(std::move(tokens)), filename_(filename) {}

    Module parse_file();
    ExprPtr parse_eval();
    size_t position() const { return p_; }
    ExprPtr parse_fstring_field();

private:
    // ===================================================================== [SECTION] cursor and errors
    const Token& tok() const { return toks_[p_]; }
    const Token& peek(size_t n = 1) const { return toks_[std::min(p_ + n, toks_.size() - 1)]; }
    bool at(TokenKind k) const { return tok().kind == k; }
    bool at_kw(std::string_view w) const { return tok().is_name(w); }
    SourcePos here() const { return tok().span.start(); }
    const Token& take() {
        const Token& t = toks_[p_];
        // Layout tokens do not extend a node: `def f(): ...` ends at its last statement, not at
        // the NEWLINE or DEDENT after it.
        if (t.kind != TokenKind::Newline && t.kind != TokenKind::Indent && t.kind != TokenKind::Dedent &&
            t.kind != TokenKind::EndMarker)
            last_end_ = t.span.end();
        if (p_ + 1 < toks_.size()) ++p_;
        return t;
    }
    bool accept(TokenKind k) {
        if (!at(k)) return false;
        take();
        return true;
    }
    bool accept_kw(std::string_view w) {
        if (!at_kw(w)) return false;
        take();
        return true;
    }
    void finish(Expr& e, SourcePos start) const { e.span = SourceSpan::from(start, last_end_); }
    void finish(Stmt& s, SourcePos start) const { s.span = SourceSpan::from(start, last_end_); }

    [[noreturn]] void fail(SourcePos at, const std::string& message, const std::string& hint = "",
                           const std::string& kind = "SyntaxError") const {
        // CPython's _PyPegen_set_syntax_error: a generic "invalid syntax" whose token is an INDENT is
        // "IndentationError: unexpected indent" (a decorator followed by an indented line).
        if (message == "invalid syntax" && kind == "SyntaxError" && tok().is(TokenKind::Indent))
            throw_syntax_error(filename_, tok().span.end(), "unexpected indent", "indent only the body of a block",
                               "IndentationError");
        throw_syntax_error(filename_, at, message, hint, kind);
    }

    static std::string describe(const Token& t) {
        switch (t.kind) {
            case TokenKind::Newline: return "NEWLINE";
            case TokenKind::EndMarker: return "end of file";
            case TokenKind::Indent: return "INDENT";
            case TokenKind::Dedent: return "DEDENT";
            case TokenKind::String:
            case TokenKind::FString: return "string literal";
            default: return "'" + t.text + "'";
        }
    }

    // True when the token can begin an expression: used to suggest a missing comma.
    static bool starts_expression(const Token& t) {
        switch (t.kind) {
            case TokenKind::Name:
                return !is_keyword(t.text) || t.text == "True" || t.text == "False" || t.text == "None" ||
                       t.text == "not" || t.text == "lambda";
            case TokenKind::Int:
            case TokenKind::Float:
            case TokenKind::String:
            case TokenKind::FString:
            case TokenKind::LPar:
            case TokenKind::LSqb:
            case TokenKind::LBrace:
            case TokenKind::Tilde:
            case TokenKind::Ellipsis: return true;
            default: return false;
        }
    }

    // The one place that reports "expected X, got Y", so special tokens get their special messages.
    [[noreturn]] void unexpected(const std::string& expected, const std::string& hint = "") const {
        const Token& t = tok();
        if (t.is(TokenKind::ColonEqual))
            fail(here(), "invalid syntax", "an assignment expression (':=') needs parentheses here: (x := value)");
        if (t.is(TokenKind::Indent))
            fail(t.span.end(), "unexpected indent", "indent only the body of a block", "IndentationError");
        fail(here(), "expected " + expected + ", got " + describe(t), hint);
    }

    void expect(TokenKind k, const std::string& hint = "") {
        if (!accept(k)) unexpected(std::string("'") + token_kind_spelling(k) + "'", hint);
    }

    // ')' closing the bracket opened at `open`; suggests a comma when two expressions touch.
    void expect_close(TokenKind close, SourcePos open) {
        if (accept(close)) return;
        const char* c = token_kind_spelling(close);
        const char* o = close == TokenKind::RPar ? "(" : close == TokenKind::RSqb ? "[" : "{";
        if (starts_expression(tok()))
            fail(here(), "invalid syntax. Perhaps you forgot a comma?",
                 str("separate the items with ',' or close the '", o, "' opened at ", open.line, ":", open.col));
        unexpected(str("'", c, "' to close '", o, "' opened at ", open.line, ":", open.col));
    }

    std::string expect_name(const std::string& what) {
        if (!at(TokenKind::Name) || is_keyword(tok().text)) {
            if (at(TokenKind::Name))
                fail(here(), str("expected ", what, ", got keyword '", tok().text, "'"),
                     "keywords cannot be used as names");
            unexpected(what);
        }
        return take().text;
    }

    // Counts recursion depth for kMaxNesting.
    struct Nest {
        Parser& p;
        explicit Nest(Parser& parser) : p(parser) {
            if (++p.nesting_ > kMaxNesting || stack_low())
                p.fail(p.here(), "Parser stack overflowed - Python source too complex to parse",
                       str("Kiln parses ", kMaxNesting, " nested levels; split the expression into several statements"),
                       "MemoryError");
        }
        ~Nest() { --p.nesting_; }
    };
    void check_chain(int n) const {
        if (n > kMaxChain)
            fail(here(), "maximum recursion depth exceeded during compilation",
                 str("Kiln compiles ", kMaxChain, " chained operations in one expression; split it into several statements"),
                 "RecursionError");
    }

    bool named_context_ = false;  // parse_expr called for a named_expression (parse_named_expr)
    // ===================================================================== [SECTION] statements
    StmtList parse_block(const std::string& owner, int owner_line);
    StmtList parse_loop_else();
    void parse_statement(StmtList& out);
    void parse_simple_statements(StmtList& out);
    StmtPtr parse_simple_statement();
    StmtPtr parse_compound_statement();
    StmtPtr parse_decorated();
    StmtPtr parse_function_def(ExprList decorators, SourcePos start);
    StmtPtr parse_class_def(ExprList decorators, SourcePos start);
    // PEP 695 (CPython 3.12's type_params, type_alias)
    struct TypeParam {
        int kind = 0;  // 0 TypeVar, 1 TypeVarTuple (*Ts), 2 ParamSpec (**P)
        std::string name;
        ExprPtr bound;  // TypeVar only: a bound, or constraints when a parenthesized tuple
        SourcePos start;
    };
    std::vector<TypeParam> parse_type_params();
    StmtPtr generic_scope(const std::string& name, std::vector<TypeParam> params, ExprList decorators,
                          StmtList body, SourcePos start);
    // A def or class with type parameters inside its annotation scope (generic_scope): the
    // decorators move out to the scope's result, as CPython applies them to what the scope returns.
    template <class Def>
    StmtPtr in_generic_scope(std::unique_ptr<Def> def, std::vector<TypeParam> tparams, SourcePos start) {
        const std::string name = def->name;
        ExprList decorators = std::move(def->decorator_list);
        StmtList body;
        body.push_back(std::move(def));
        return generic_scope(name, std::move(tparams), std::move(decorators), std::move(body), start);
    }
    StmtPtr parse_type_alias();
    bool at_type_alias() const;
    StmtPtr parse_if(bool is_elif);
    StmtPtr parse_while();
    StmtPtr parse_for();
    StmtPtr parse_with();
    StmtPtr parse_try();
    StmtPtr parse_match();
    StmtPtr parse_expression_statement();
    StmtPtr parse_import();
    StmtPtr parse_from_import();
    void expect_colon(const std::string& construct);
    Arguments parse_parameters(TokenKind close, bool allow_annotations);
    std::string parse_dotted_name();

    // ===================================================================== [SECTION] patterns (match)
    PatternPtr parse_patterns();
    PatternPtr parse_pattern();
    PatternPtr parse_or_pattern();
    PatternPtr parse_closed_pattern();
    PatternPtr parse_maybe_star_pattern();
    PatternPtr parse_sequence_pattern(TokenKind close);
    PatternPtr parse_mapping_pattern();
    PatternPtr parse_class_pattern(ExprPtr cls, SourcePos start);
    ExprPtr parse_literal_expr();
    ExprPtr parse_signed_number();
    ExprPtr parse_name_or_attr();
    std::string parse_capture_target(const char* after);
    bool at_match_statement() const;

    // ===================================================================== [SECTION] targets
    void set_context(Expr& e, ExprContext ctx, const char* verb);
    const Expr* eq_hint_target_ = nullptr;  // the lone target of `T = V` (CPython's "Maybe you meant '=='" hint)
    void check_not_bare_starred(const Expr& e) const {
        if (e.kind == ExprKind::Starred) fail(e.span.start(), "can't use starred expression here");
    }
    ExprPtr parse_target_list();

    // ===================================================================== [SECTION] expressions
    ExprPtr parse_star_expressions();
    ExprPtr parse_star_expression(bool named = false);
    ExprPtr parse_named_expr();
    ExprPtr parse_expr();
    ExprPtr parse_disjunction();
    ExprPtr parse_conjunction();
    ExprPtr parse_inversion();
    ExprPtr parse_comparison();
    ExprPtr parse_binary(int min_prec);
    ExprPtr parse_factor();
    ExprPtr parse_power();
    ExprPtr parse_primary();
    ExprPtr parse_atom();
    ExprPtr parse_lambda();

    // ===================================================================== [SECTION] atoms ...
    ExprPtr parse_paren();
    ExprPtr parse_yield_expr();
    ExprPtr parse_star_expressions_or_yield() { return at_kw("yield") ? parse_yield_expr() : parse_star_expressions(); }
    ExprPtr parse_list();
    ExprPtr parse_brace();
    ExprPtr parse_strings();
    ExprPtr parse_call(ExprPtr func, SourcePos start);
    ExprPtr parse_subscript(ExprPtr value, SourcePos start);
    ExprPtr parse_slice();
    std::vector<Comprehension> parse_comprehension_clauses();
    ExprPtr fstring_part(const FStringPart& part);

    std::vector<Token> toks_;
    std::string filename_;
    size_t p_ = 0;
    SourcePos last_end_;
    int elif_chain_ = 0;  // elif branches of the open if statements, for kMaxElifChain
    int nesting_ = 0;
    // f-string literals around this parser's tokens (a field's expression is parsed by a sub-parser):
    // CPython's tokenizer refuses the 150th nested one (MAXFSTRINGLEVEL), however shallow the rest
    int fstring_level_ = 0;
    bool future_ok_ = true;  // a `from __future__ import` may still come (parse_file)
    int function_depth_ = 0;  // for 'return' outside function, nonlocal at module level
    int class_depth_ = 0;     // class bodies around the statement (nonlocal's message)
    int loop_depth_ = 0;      // for 'break'/'continue' outside loop (reset inside def/class)
};

// file: statement* ENDMARKER
Module Parser::parse_file() {
    Module m;
    m.filename = filename_;
    while (!at(TokenKind::EndMarker)) {
        if (accept(TokenKind::Newline)) continue;
        // Future statements may follow only the docstring and other future statements (CPython's
        // future.c): any other statement, and everything nested in it, closes the window.
        const bool future = at_kw("from") && peek().kind == TokenKind::Name && peek().text == "__future__";
        const bool docstring = m.body.empty() && at(TokenKind::String);
        if (!future && !docstring) future_ok_ = false;
        parse_statement(m.body);
    }
    m.span = SourceSpan::from({1, 1}, tok().span.end());
    return m;
}

// eval: star_expressions NEWLINE* ENDMARKER
ExprPtr Parser::parse_eval() {
    while (accept(TokenKind::Newline)) {}
    ExprPtr e = parse_star_expressions();
    check_not_bare_starred(*e);
    while (accept(TokenKind::Newline)) {}
    if (!at(TokenKind::EndMarker)) unexpected("end of expression");
    return e;
}

// fstring_field: (yield_expr | star_expressions) ENDMARKER   (the text between '{' and '!', ':' or '}')
ExprPtr Parser::parse_fstring_field() {
    // the field's ':' begins the format spec, so a bare lambda never reaches its body (CPython 3.12)
    if (at_kw("lambda")) fail(here(), "f-string: lambda expressions are not allowed without parentheses");
    // CPython 3.12's fstring_replacement_field takes a yield expression unparenthesized: f"{yield}"
    ExprPtr e = at_kw("yield") ? parse_yield_expr() : parse_star_expressions();
    check_not_bare_starred(*e);
    if (!at(TokenKind::EndMarker)) {
        if (starts_expression(tok())) fail(here(), "invalid syntax. Perhaps you forgot a comma?");  // 3.12: no prefix
        unexpected("'}' to end the f-string field");
    }
    return e;
}

// block: NEWLINE INDENT statement+ DEDENT | simple_stmts
StmtList Parser::parse_block(const std::string& owner, int owner_line) {
    Nest nest(*this);
    StmtList body;
    if (!accept(TokenKind::Newline)) {
        parse_simple_statements(body);
        return body;
    }
    if (!accept(TokenKind::Indent))
        fail(here(), str("expected an indented block after ", owner, " on line ", owner_line),
             "indent the body (4 spaces), or write 'pass' for an empty block", "IndentationError");
    while (!accept(TokenKind::Dedent)) {
        if (at(TokenKind::EndMarker)) break;
        parse_statement(body);
    }
    return body;
}

// statement: compound_stmt | simple_stmts
void Parser::parse_statement(StmtList& out) {
    if (at(TokenKind::Indent))
        fail(tok().span.end(), "unexpected indent", "indent only the body of a block", "IndentationError");
    if (StmtPtr s = parse_compound_statement()) {
        out.push_back(std::move(s));
        return;
    }
    parse_simple_statements(out);
}

// simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE
void Parser::parse_simple_statements(StmtList& out) {
    while (true) {
        out.push_back(parse_simple_statement());
        if (!accept(TokenKind::Semi)) break;
        if (at(TokenKind::Newline)) break;
    }
    if (!accept(TokenKind::Newline)) {
        // print "x": Python 2's statement (CPython's own message)
        if (!out.empty() && out.back()->kind == StmtKind::ExprStmt && starts_expression(tok())) {
            const Expr& e = *static_cast<const ExprStmt&>(*out.back()).value;
            if (e.kind == ExprKind::Name && (static_cast<const Name&>(e).id == "print" || static_cast<const Name&>(e).id == "exec")) {
                const std::string& id = static_cast<const Name&>(e).id;
                fail(e.span.start(), str("Missing parentheses in call to '", id, "'. Did you mean ", id, "(...)?"));
            }
        }
        if (starts_expression(tok()) && !at(TokenKind::LPar) && !at(TokenKind::LSqb))
            fail(here(), "invalid syntax", str("got ", describe(tok()), " after a complete statement; a missing "
                                               "operator or comma? (statements are separated by newlines or ';')"));
        unexpected("end of statement (NEWLINE or ';')");
    }
}

// simple_stmt: assignment | star_expressions | return_stmt | import_stmt | raise_stmt | 'pass'
//            | del_stmt | assert_stmt | 'break' | 'continue' | global_stmt | nonlocal_stmt
StmtPtr Parser::parse_simple_statement() {
    Nest nest(*this);
    SourcePos start = here();
    const Token& t = tok();
    if (t.kind == TokenKind::Name) {
        const std::string& w = t.text;
        if (w == "type" && at_type_alias()) return parse_type_alias();
        if (w == "pass") {
            take();
            auto s = make<Pass>(start);
            finish(*s, start);
            return s;
        }
        if (w == "break" || w == "continue") {
            if (loop_depth_ == 0) fail(start, w == "break" ? "'break' outside loop" : "'continue' not properly in loop");
            take();
            StmtPtr s;
            if (w == "break")
                s = make<Break>(start);
            else
                s = make<Continue>(start);
            finish(*s, start);
            return s;
        }
        // return_stmt: 'return' [star_expressions]
        if (w == "return") {
            if (function_depth_ == 0) fail(start, "'return' outside function");
            take();
            auto s = make<Return>(start);
            if (!at(TokenKind::Newline) && !at(TokenKind::Semi)) {
                s->value = parse_star_expressions();
                check_not_bare_starred(*s->value);
            }
            finish(*s, start);
            return s;
        }
        // raise_stmt: 'raise' [expression ['from' expression]]
        if (w == "raise") {
            take();
            auto s = make<Raise>(start);
            if (!at(TokenKind::Newline) && !at(TokenKind::Semi)) {
                s->exc = parse_expr();
                if (accept_kw("from")) s->cause = parse_expr();
            }
            finish(*s, start);
            return s;
        }
        // del_stmt: 'del' del_targets   (del_targets: del_target (',' del_target)* [','])
        if (w == "del") {
            take();
            auto s = make<Delete>(start);
            do {
                if (at(TokenKind::Newline) || at(TokenKind::Semi)) break;
                if (at(TokenKind::Star)) fail(here(), "cannot delete starred");  // CPython's invalid_del_stmt
                ExprPtr target = parse_binary(1);
                set_context(*target, ExprContext::Del, "delete");
                s->targets.push_back(std::move(target));
            } while (accept(TokenKind::Comma));
            if (s->targets.empty()) unexpected("a target to delete");
            finish(*s, start);
            return s;
        }
        // assert_stmt: 'assert' expression [',' expression]
        if (w == "assert") {
            take();
            auto s = make<Assert>(start);
            s->test = parse_expr();
            if (accept(TokenKind::Comma)) s->msg = parse_expr();
            finish(*s, start);
            return s;
        }
        // global_stmt: 'global' NAME (',' NAME)*      nonlocal_stmt: 'nonlocal' NAME (',' NAME)*
        if (w == "global" || w == "nonlocal") {
            bool is_global = w == "global";
            if (!is_global && function_depth_ == 0) {
                // in a class body at module level the name has no enclosing function to bind in
                if (class_depth_ > 0) fail(start, str("no binding for nonlocal '", peek().text, "' found"));
                fail(start, "nonlocal declaration not allowed at module level");
            }
            take();
            std::vector<std::string> names;
            do names.push_back(expect_name("a name")); while (accept(TokenKind::Comma));
            if (is_global) {
                auto s = make<Global>(start);
                s->names = std::move(names);
                finish(*s, start);
                return s;
            }
            auto s = make<Nonlocal>(start);
            s->names = std::move(names);
            finish(*s, start);
            return s;
        }
        if (w == "import") return parse_import();
        if (w == "from") return parse_from_import();
        if (w == "async") fail(start, "async code is not supported in Kiln", "use plain 'def', 'for' and 'with'");
        if (w == "else" || w == "elif" || w == "except" || w == "finally")
            fail(start, str("invalid syntax: '", w, "' without a matching block before it"),
                 "check the indentation of this line against the 'if'/'for'/'while'/'try' it belongs to");
    }
    return parse_expression_statement();
}

// assignment: (star_targets '=')+ (star_expressions)
//           | single_target ':' expression ['=' star_expressions]
//           | single_target augassign star_expressions
// star_expressions
StmtPtr Parser::parse_expression_statement() {
    SourcePos start = here();
    bool parenthesized = at(TokenKind::LPar);
    ExprPtr first = parse_star_expressions_or_yield();
    // AnnAssign
    if (at(TokenKind::Colon)) {
        take();
        if (first->kind == ExprKind::Tuple) fail(first->span.start(), "only single target (not tuple) can be annotated");
        if (first->kind == ExprKind::List) fail(first->span.start(), "only single target (not list) can be annotated");
        set_context(*first, ExprContext::Store, "assign to");
        auto s = make<AnnAssign>(start);
        s->simple = first->kind == ExprKind::Name && !parenthesized;
        s->target = std::move(first);
        s->annotation = parse_expr();
        if (accept(TokenKind::Equal)) {
            s->value = parse_star_expressions_or_yield();
            check_not_bare_starred(*s->value);
        }
        finish(*s, start);
        return s;
    }
    // AugAssign
    static const std::pair<TokenKind, BinOpKind> kAug[] = {
        {TokenKind::PlusEqual, BinOpKind::Add},         {TokenKind::MinEqual, BinOpKind::Sub},
        {TokenKind::StarEqual, BinOpKind::Mult},        {TokenKind::AtEqual, BinOpKind::MatMult},
        {TokenKind::SlashEqual, BinOpKind::Div},        {TokenKind::PercentEqual, BinOpKind::Mod},
        {TokenKind::AmperEqual, BinOpKind::BitAnd},     {TokenKind::VBarEqual, BinOpKind::BitOr},
        {TokenKind::CircumflexEqual, BinOpKind::BitXor}, {TokenKind::LeftShiftEqual, BinOpKind::LShift},
        {TokenKind::RightShiftEqual, BinOpKind::RShift}, {TokenKind::DoubleStarEqual, BinOpKind::Pow},
        {TokenKind::DoubleSlashEqual, BinOpKind::FloorDiv}};
    for (const auto& [kind, op] : kAug) {
        if (!at(kind)) continue;
        ExprKind k = first->kind;
        if (k != ExprKind::Name && k != ExprKind::Attribute && k != ExprKind::Subscript) {
            // CPython names the target as its assignment errors do ('function call', 'literal', ...)
            std::string what = k == ExprKind::Tuple ? "tuple" : k == ExprKind::List ? "list"
                               : k == ExprKind::Starred ? "starred" : "expression";
            if (k != ExprKind::Tuple && k != ExprKind::List && k != ExprKind::Starred) {
                try {
                    set_context(*first, ExprContext::Store, "assign to");
                } catch (const SyntaxError& e) {
                    const std::string m = e.cpython_message();
                    const std::string lead = "cannot assign to ";
                    if (m.rfind(lead, 0) == 0) what = m.substr(lead.size(), m.find(" here.") == std::string::npos ? std::string::npos : m.find(" here.") - lead.size());
                }
            }
            fail(first->span.start(), str("'", what, "' is an illegal expression for augmented assignment"));
        }
        take();
        set_context(*first, ExprContext::Store, "assign to");
        auto s = make<AugAssign>(start);
        s->target = std::move(first);
        s->op = op;
        s->value = parse_star_expressions_or_yield();
        check_not_bare_starred(*s->value);
        finish(*s, start);
        return s;
    }
    // Assign
    if (at(TokenKind::Equal)) {
        auto s = make<Assign>(start);
        ExprPtr value = std::move(first);
        while (accept(TokenKind::Equal)) {
            s->targets.push_back(std::move(value));
            value = parse_star_expressions_or_yield();
        }
        // Targets are checked once the statement is read: only a lone target gets CPython's
        // "... here. Maybe you meant '=='" (x = f() = 1 says "cannot assign to function call").
        eq_hint_target_ = s->targets.size() == 1 ? s->targets[0].get() : nullptr;
        for (ExprPtr& t : s->targets) set_context(*t, ExprContext::Store, "assign to");
        eq_hint_target_ = nullptr;
        check_not_bare_starred(*value);
        s->value = std::move(value);
        finish(*s, start);
        return s;
    }
    check_not_bare_starred(*first);
    auto s = make<ExprStmt>(start);
    s->value = std::move(first);
    finish(*s, start);
    return s;
}

// import_name: 'import' dotted_as_names
// dotted_as_name: dotted_name ['as' NAME]
StmtPtr Parser::parse_import() {
    SourcePos start = here();
    take();
    auto s = make<Import>(start);
    do {
        Alias a;
        SourcePos astart = here();
        a.name = parse_dotted_name();
        if (accept_kw("as")) a.asname = expect_name("a name after 'as'");
        a.span = SourceSpan::from(astart, last_end_);
        s->names.push_back(std::move(a));
    } while (accept(TokenKind::Comma));
    finish(*s, start);
    return s;
}

// dotted_name: NAME ('.' NAME)*
std::string Parser::parse_dotted_name() {
    std::string name = expect_name("a module name");
    while (accept(TokenKind::Dot)) name += "." + expect_name("a name after '.'");
    return name;
}

// import_from: 'from' ('.' | '...')* dotted_name 'import' import_from_targets
//            | 'from' ('.' | '...')+ 'import' import_from_targets
// import_from_targets: '(' import_from_as_names [','] ')' | import_from_as_names | '*'
StmtPtr Parser::parse_from_import() {
    SourcePos start = here();
    take();
    auto s = make<ImportFrom>(start);
    while (at(TokenKind::Dot) || at(TokenKind::Ellipsis)) s->level += at(TokenKind::Dot) ? 1 : 3, take();
    if (!at_kw("import")) s->module = parse_dotted_name();
    if (!accept_kw("import")) unexpected("'import'", "write 'from MODULE import NAME'");
    if (at(TokenKind::Star)) {
        SourcePos astart = here();
        take();
        s->names.push_back(Alias{"*", "", SourceSpan::from(astart, last_end_)});
    } else {
        bool paren = accept(TokenKind::LPar);
        SourcePos open = last_end_;
        do {
            if (paren && at(TokenKind::RPar)) break;
            // CPython's invalid_import_from_targets: 'from m import a,' then the line's end
            if (!paren && !s->names.empty() && at(TokenKind::Newline))
                fail(here(), "trailing comma not allowed without surrounding parentheses");
            Alias a;
            SourcePos astart = here();
            a.name = expect_name("a name to import");
            if (accept_kw("as")) a.asname = expect_name("a name after 'as'");
            a.span = SourceSpan::from(astart, last_end_);
            s->names.push_back(std::move(a));
        } while (accept(TokenKind::Comma));
        if (paren) expect_close(TokenKind::RPar, {open.line, open.col - 1});
        else if (s->names.empty()) unexpected("a name to import");
    }
    // Future statements are the compiler's (CPython's future.c): only its features exist.
    if (s->level == 0 && s->module == "__future__") {
        if (!future_ok_) fail(start, "from __future__ imports must occur at the beginning of the file");
        static const char* kFeatures[] = {"nested_scopes",  "generators",     "division",      "absolute_import",
                                          "with_statement", "print_function", "unicode_literals", "barry_as_FLUFL",
                                          "generator_stop", "annotations"};
        for (const Alias& a : s->names) {
            if (a.name == "braces") fail(a.span.start(), "not a chance");
            if (a.name == "*") fail(a.span.start(), "future feature * is not defined");
            bool known = false;
            for (const char* f : kFeatures) known |= a.name == f;
            if (!known) fail(a.span.start(), str("future feature ", a.name, " is not defined"));
        }
    }
    finish(*s, start);
    return s;
}

void Parser::expect_colon(const std::string& construct) {
    if (accept(TokenKind::Colon)) return;
    if (at(TokenKind::Equal) && (construct == "'if'" || construct == "'elif'" || construct == "'while'"))
        fail(here(), "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    unexpected("':'", str("end the ", construct, " line with ':'"));
}

// compound_stmt: function_def | if_stmt | class_def | with_stmt | for_stmt | try_stmt | while_stmt
// Returns null when the statement is not compound.
StmtPtr Parser::parse_compound_statement() {
    const Token& t = tok();
    if (t.is(TokenKind::At)) return parse_decorated();
    if (t.kind != TokenKind::Name) return nullptr;
    const std::string& w = t.text;
    if (w == "def") return parse_function_def({}, here());
    if (w == "class") return parse_class_def({}, here());
    if (w == "if") return parse_if(false);
    if (w == "while") return parse_while();
    if (w == "for") return parse_for();
    if (w == "with") return parse_with();
    if (w == "try") return parse_try();
    if (w == "async") fail(here(), "async code is not supported in Kiln", "use plain 'def', 'for' and 'with'");
    if (w == "match" && at_match_statement()) return parse_match();
    return nullptr;
}

// `match` is a soft keyword (PEP 634): it starts a match statement only where the logical line
// parses as one, and stays a name in `match = 3`, `match(x)`, `match.group(1)`, `match[0]: int`.
// CPython's PEG parser tries match_stmt first and backtracks; here the line decides: a match
// statement's header is the only simple-looking line that ends in ':' (at bracket depth 0).
bool Parser::at_match_statement() const {
    TokenKind next = peek().kind;
    if (next == TokenKind::Newline || next == TokenKind::Colon || next == TokenKind::Equal ||
        next == TokenKind::Dot || next == TokenKind::Comma || next == TokenKind::EndMarker)
        return false;
    size_t k = p_ + 1;
    int depth = 0;
    while (k < toks_.size() && !(depth == 0 && toks_[k].is(TokenKind::Newline)) && !toks_[k].is(TokenKind::EndMarker)) {
        TokenKind kk = toks_[k].kind;
        if (kk == TokenKind::LPar || kk == TokenKind::LSqb || kk == TokenKind::LBrace) ++depth;
        if (kk == TokenKind::RPar || kk == TokenKind::RSqb || kk == TokenKind::RBrace) --depth;
        // the header's ':' ends the line (`match[i]: int = 0` is an annotated assignment);
        // `match x: case 1: ...` on one line is still a match statement (CPython's "invalid
        // syntax" at `case`)
        if (depth == 0 && kk == TokenKind::Colon && k + 1 < toks_.size() &&
            (toks_[k + 1].is(TokenKind::Newline) || toks_[k + 1].is_name("case")))
            return true;
        ++k;
    }
    // `match command` without its ':' (CPython's invalid_match_stmt, "expected ':'"): a subject that
    // cannot continue an expression statement starting with the name `match` (`match - x`,
    // `match(x)`, `match[i]`, `match * 2`, `match not in xs` are expressions)
    const Token& n = peek();
    switch (n.kind) {
        case TokenKind::Int:
        case TokenKind::Float:
        case TokenKind::String:
        case TokenKind::FString:
        case TokenKind::LBrace:
        case TokenKind::Tilde: return true;
        case TokenKind::Name:
            if (!is_keyword(n.text)) return true;
            return n.text == "True" || n.text == "False" || n.text == "None" || n.text == "lambda" ||
                   (n.text == "not" && !peek(2).is_name("in"));
        default: return false;
    }
}

// match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
// subject_expr: star_named_expression ',' star_named_expressions? | named_expression
// case_block: "case" patterns guard? ':' block
// guard: 'if' named_expression
StmtPtr Parser::parse_match() {
    SourcePos start = here();
    take();
    auto s = make<Match>(start);
    SourcePos sstart = here();
    ExprPtr first = parse_star_expression(true);
    if (at(TokenKind::Comma)) {
        auto t = make<Tuple>(sstart);
        t->elts.push_back(std::move(first));
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::Colon)) break;
            t->elts.push_back(parse_star_expression(true));
        }
        finish(*t, sstart);
        s->subject = std::move(t);
    } else {
        // a lone starred subject is not a subject_expr
        if (first->kind == ExprKind::Starred) fail(here(), "invalid syntax");
        s->subject = std::move(first);
    }
    if (!accept(TokenKind::Colon)) fail(here(), "expected ':'", "end the 'match' line with ':'");
    if (!accept(TokenKind::Newline)) fail(here(), "invalid syntax", "the cases of a match statement go on their own lines");
    if (!accept(TokenKind::Indent))
        fail(here(), str("expected an indented block after 'match' statement on line ", start.line),
             "indent the 'case' blocks", "IndentationError");
    while (!accept(TokenKind::Dedent)) {
        if (at(TokenKind::EndMarker)) break;
        if (!at_kw("case")) fail(here(), "invalid syntax", "a match statement's body holds only 'case' blocks");
        MatchCase c;
        SourcePos cstart = here();
        take();
        c.pattern = parse_patterns();
        if (accept_kw("if")) c.guard = parse_named_expr();
        if (!accept(TokenKind::Colon)) fail(here(), "expected ':'", "end the 'case' line with ':'");
        c.body = parse_block("'case' statement", cstart.line);
        c.span = SourceSpan::from(cstart, last_end_);
        s->cases.push_back(std::move(c));
    }
    if (s->cases.empty()) fail(here(), "invalid syntax");
    finish(*s, start);
    return s;
}

// ===================================================================== [SECTION] patterns (match)
// CPython 3.12's pattern grammar (Grammar/python.gram), one function per rule. What the grammar
// cannot say (duplicate names, unreachable cases, keys) is the compiler's to check, as in CPython.

// patterns: open_sequence_pattern | pattern
// open_sequence_pattern: maybe_star_pattern ',' maybe_sequence_pattern?
PatternPtr Parser::parse_patterns() {
    SourcePos start = here();
    PatternPtr first = parse_maybe_star_pattern();
    if (!at(TokenKind::Comma)) {
        if (first->kind == PatternKind::MatchStar) fail(here(), "invalid syntax");
        return first;
    }
    auto seq = std::make_unique<Pattern>();
    seq->kind = PatternKind::MatchSequence;
    seq->patterns.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
        if (at(TokenKind::Colon) || at_kw("if")) break;
        seq->patterns.push_back(parse_maybe_star_pattern());
    }
    seq->span = SourceSpan::from(start, last_end_);
    return seq;
}

// maybe_star_pattern: star_pattern | pattern
// star_pattern: '*' pattern_capture_target | '*' wildcard_pattern
PatternPtr Parser::parse_maybe_star_pattern() {
    if (!at(TokenKind::Star)) return parse_pattern();
    SourcePos start = here();
    take();
    auto p = std::make_unique<Pattern>();
    p->kind = PatternKind::MatchStar;
    if (at_kw("_")) take();
    else p->name = parse_capture_target("'*'");
    p->span = SourceSpan::from(start, last_end_);
    return p;
}

// pattern_capture_target: !"_" NAME !('.' | '(' | '=')
std::string Parser::parse_capture_target(const char* after) {
    if (!at(TokenKind::Name) || is_keyword(tok().text)) fail(here(), "invalid syntax", str("expected a name after ", after));
    std::string name = take().text;
    if (at(TokenKind::Dot) || at(TokenKind::LPar) || at(TokenKind::Equal)) fail(here(), "invalid syntax");
    return name;
}

// pattern: as_pattern | or_pattern
// as_pattern: or_pattern 'as' pattern_capture_target
PatternPtr Parser::parse_pattern() {
    Nest nest(*this);
    SourcePos start = here();
    PatternPtr p = parse_or_pattern();
    if (!at_kw("as")) return p;
    take();
    // CPython's invalid_as_pattern
    if (at_kw("_")) fail(here(), "cannot use '_' as a target");
    if (!at(TokenKind::Name) || is_keyword(tok().text)) fail(here(), "invalid pattern target");
    auto as = std::make_unique<Pattern>();
    as->kind = PatternKind::MatchAs;
    as->pattern = std::move(p);
    as->name = parse_capture_target("'as'");
    as->span = SourceSpan::from(start, last_end_);
    return as;
}

// or_pattern: '|'.closed_pattern+
PatternPtr Parser::parse_or_pattern() {
    SourcePos start = here();
    PatternPtr first = parse_closed_pattern();
    if (!at(TokenKind::VBar)) return first;
    auto alt = std::make_unique<Pattern>();
    alt->kind = PatternKind::MatchOr;
    alt->patterns.push_back(std::move(first));
    while (accept(TokenKind::VBar)) alt->patterns.push_back(parse_closed_pattern());
    alt->span = SourceSpan::from(start, last_end_);
    return alt;
}

// signed_number: NUMBER | '-' NUMBER   (a UnaryOp(USub) over the Constant, as in CPython's AST)
ExprPtr Parser::parse_signed_number() {
    SourcePos start = here();
    bool neg = accept(TokenKind::Minus);
    if (!at(TokenKind::Int) && !at(TokenKind::Float)) fail(here(), "invalid syntax");
    ExprPtr num = parse_atom();
    if (!neg) return num;
    auto u = make<UnaryOp>(start);
    u->op = UnaryOpKind::USub;
    u->operand = std::move(num);
    finish(*u, start);
    return u;
}

// literal_expr: signed_number !('+' | '-') | complex_number | strings | 'None' | 'True' | 'False'
// complex_number: signed_real_number ('+' | '-') imaginary_number
ExprPtr Parser::parse_literal_expr() {
    SourcePos start = here();
    if (at(TokenKind::String) || at(TokenKind::FString)) return parse_strings();
    if (at_kw("None") || at_kw("True") || at_kw("False")) return parse_atom();
    ExprPtr num = parse_signed_number();
    if (!at(TokenKind::Plus) && !at(TokenKind::Minus)) return num;
    const Expr& real = num->kind == ExprKind::UnaryOp ? *cast<UnaryOp>(*num).operand : *num;
    if (real.kind == ExprKind::Constant && cast<Constant>(real).value_kind == ConstantKind::Complex)
        fail(num->span.start(), "real number required in complex literal");
    auto sum = make<BinOp>(start);
    sum->op = at(TokenKind::Plus) ? BinOpKind::Add : BinOpKind::Sub;
    take();
    SourcePos istart = here();
    if (!at(TokenKind::Int) && !at(TokenKind::Float)) fail(here(), "invalid syntax");
    ExprPtr imag = parse_atom();
    if (cast<Constant>(*imag).value_kind != ConstantKind::Complex)
        fail(istart, "imaginary number required in complex literal");
    sum->left = std::move(num);
    sum->right = std::move(imag);
    finish(*sum, start);
    return sum;
}

// name_or_attr: attr | NAME    (attr: name_or_attr '.' NAME)
ExprPtr Parser::parse_name_or_attr() {
    SourcePos start = here();
    auto n = make<Name>(start);
    n->id = take().text;
    finish(*n, start);
    ExprPtr e = std::move(n);
    int chain = 0;
    while (accept(TokenKind::Dot)) {
        check_chain(++chain);
        auto a = make<Attribute>(start);
        a->value = std::move(e);
        a->attr = expect_name("an attribute name after '.'");
        finish(*a, start);
        e = std::move(a);
    }
    return e;
}

// closed_pattern: literal_pattern | capture_pattern | wildcard_pattern | value_pattern
//               | group_pattern | sequence_pattern | mapping_pattern | class_pattern
PatternPtr Parser::parse_closed_pattern() {
    Nest nest(*this);
    SourcePos start = here();
    auto p = std::make_unique<Pattern>();
    const Token& t = tok();
    if (t.is(TokenKind::LPar)) {
        // group_pattern: '(' pattern ')' ; sequence_pattern: '(' open_sequence_pattern? ')'
        take();
        if (accept(TokenKind::RPar)) {
            p->kind = PatternKind::MatchSequence;
            p->span = SourceSpan::from(start, last_end_);
            return p;
        }
        PatternPtr first = parse_maybe_star_pattern();
        if (accept(TokenKind::RPar)) {
            if (first->kind == PatternKind::MatchStar) fail(last_end_, "invalid syntax");
            return first;  // a group keeps the inner span, as in CPython
        }
        if (!at(TokenKind::Comma)) fail(here(), "invalid syntax");
        p->kind = PatternKind::MatchSequence;
        p->patterns.push_back(std::move(first));
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::RPar)) break;
            p->patterns.push_back(parse_maybe_star_pattern());
        }
        expect_close(TokenKind::RPar, start);
        p->span = SourceSpan::from(start, last_end_);
        return p;
    }
    if (t.is(TokenKind::LSqb)) {
        take();
        p->kind = PatternKind::MatchSequence;
        while (!at(TokenKind::RSqb)) {
            p->patterns.push_back(parse_maybe_star_pattern());
            if (!accept(TokenKind::Comma)) break;
        }
        expect_close(TokenKind::RSqb, start);
        p->span = SourceSpan::from(start, last_end_);
        return p;
    }
    if (t.is(TokenKind::LBrace)) return parse_mapping_pattern();
    if (t.is(TokenKind::Name) && (t.text == "None" || t.text == "True" || t.text == "False")) {
        p->kind = PatternKind::MatchSingleton;
        p->value = parse_atom();
        p->span = p->value->span;
        return p;
    }
    if (t.is(TokenKind::Int) || t.is(TokenKind::Float) || t.is(TokenKind::Minus) || t.is(TokenKind::String) ||
        t.is(TokenKind::FString)) {
        p->kind = PatternKind::MatchValue;
        p->value = parse_literal_expr();
        p->span = p->value->span;
        return p;
    }
    if (!t.is(TokenKind::Name) || is_keyword(t.text)) fail(here(), "invalid syntax");
    if (t.text == "_") {
        take();  // wildcard_pattern: MatchAs with neither pattern nor name (`_.x` and `_()` are errors)
        if (at(TokenKind::Dot) || at(TokenKind::LPar)) fail(here(), "invalid syntax");
        p->span = SourceSpan::from(start, last_end_);
        return p;
    }
    ExprPtr name = parse_name_or_attr();
    if (at(TokenKind::LPar)) return parse_class_pattern(std::move(name), start);
    if (name->kind == ExprKind::Attribute) {
        // value_pattern: attr !('.' | '(' | '=')
        if (at(TokenKind::Equal)) fail(here(), "invalid syntax");
        p->kind = PatternKind::MatchValue;
        p->span = name->span;
        p->value = std::move(name);
        return p;
    }
    if (at(TokenKind::Equal)) fail(here(), "invalid syntax");
    p->name = cast<Name>(*name).id;  // capture_pattern
    p->span = name->span;
    return p;
}

// mapping_pattern: '{' '}' | '{' double_star_pattern ','? '}'
//                | '{' items_pattern ',' double_star_pattern ','? '}' | '{' items_pattern ','? '}'
// key_value_pattern: (literal_expr | attr) ':' pattern
// double_star_pattern: '**' pattern_capture_target
PatternPtr Parser::parse_mapping_pattern() {
    SourcePos start = here();
    take();
    auto p = std::make_unique<Pattern>();
    p->kind = PatternKind::MatchMapping;
    while (!at(TokenKind::RBrace)) {
        if (accept(TokenKind::DoubleStar)) {
            if (at_kw("_")) fail(here(), "invalid syntax");
            p->rest = parse_capture_target("'**'");
            accept(TokenKind::Comma);
            if (!at(TokenKind::RBrace)) fail(here(), "invalid syntax", "'**rest' must be the last item of a mapping pattern");
            break;
        }
        ExprPtr key;
        if (at(TokenKind::Name) && !is_keyword(tok().text)) {
            key = parse_name_or_attr();
            if (key->kind != ExprKind::Attribute) fail(here(), "invalid syntax", "a mapping pattern's keys are literals or dotted names");
        } else {
            key = parse_literal_expr();
        }
        if (!accept(TokenKind::Colon)) fail(here(), "invalid syntax");
        p->keys.push_back(std::move(key));
        p->patterns.push_back(parse_pattern());
        if (!accept(TokenKind::Comma)) break;
    }
    expect_close(TokenKind::RBrace, start);
    p->span = SourceSpan::from(start, last_end_);
    return p;
}

// class_pattern: name_or_attr '(' [positional_patterns [',' keyword_patterns] | keyword_patterns] ','? ')'
// keyword_pattern: NAME '=' pattern
PatternPtr Parser::parse_class_pattern(ExprPtr cls, SourcePos start) {
    SourcePos open = here();
    take();
    auto p = std::make_unique<Pattern>();
    p->kind = PatternKind::MatchClass;
    p->value = std::move(cls);
    while (!at(TokenKind::RPar)) {
        SourcePos item = here();
        if (at(TokenKind::Name) && peek().is(TokenKind::Equal) && !is_keyword(tok().text)) {
            p->kwd_attrs.push_back(take().text);
            take();
            p->kwd_patterns.push_back(parse_pattern());
            p->kwd_spans.push_back(SourceSpan::from(item, last_end_));
        } else {
            PatternPtr pos = parse_pattern();
            // CPython's invalid_class_argument_pattern
            if (!p->kwd_attrs.empty()) fail(item, "positional patterns follow keyword patterns");
            p->patterns.push_back(std::move(pos));
        }
        if (!accept(TokenKind::Comma)) break;
    }
    expect_close(TokenKind::RPar, open);
    p->span = SourceSpan::from(start, last_end_);
    return p;
}

// decorators: ('@' named_expression NEWLINE)+ ; then function_def or class_def
StmtPtr Parser::parse_decorated() {
    ExprList decorators;
    while (accept(TokenKind::At)) {
        decorators.push_back(parse_expr());
        if (!accept(TokenKind::Newline)) unexpected("NEWLINE after the decorator");
    }
    SourcePos start = here();
    if (at_kw("def")) return parse_function_def(std::move(decorators), start);
    if (at_kw("class")) return parse_class_def(std::move(decorators), start);
    if (at_kw("async")) fail(here(), "async code is not supported in Kiln", "use plain 'def'");
    fail(here(), "invalid syntax", str("a decorator applies to 'def' or 'class', not to ", describe(tok())));
}

// function_def: 'def' NAME '(' [params] ')' ['->' expression] ':' block
StmtPtr Parser::parse_function_def(ExprList decorators, SourcePos start) {
    int line = start.line;
    take();  // def
    auto s = make<FunctionDef>(start);
    s->decorator_list = std::move(decorators);
    s->name = expect_name("a function name after 'def'");
    std::vector<TypeParam> tparams;
    if (at(TokenKind::LSqb)) tparams = parse_type_params();
    SourcePos open = here();
    expect(TokenKind::LPar, "write 'def name(params):'");
    s->args = parse_parameters(TokenKind::RPar, true);
    s->args.span = SourceSpan::from(open, here());
    expect_close(TokenKind::RPar, open);
    s->args.span = SourceSpan::from(open, last_end_);
    if (accept(TokenKind::RArrow)) s->returns = parse_expr();
    expect_colon("'def'");
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    ++function_depth_;
    s->body = parse_block("function definition", line);
    --function_depth_;
    loop_depth_ = saved_loops;
    finish(*s, start);
    if (tparams.empty()) return s;
    return in_generic_scope(std::move(s), std::move(tparams), start);
}

// params (also lambda_params, without annotations):
//   param_item (',' param_item)* [',']
//   param_item: NAME [':' expression] ['=' expression] | '/' | '*' [param] | '**' param
Arguments Parser::parse_parameters(TokenKind close, bool allow_annotations) {
    Arguments a;
    bool seen_default = false, seen_star = false, bare_star = false, seen_slash = false;
    std::vector<std::string> names;
    auto parse_arg = [&]() {
        Arg arg;
        SourcePos start = here();
        arg.name = expect_name("a parameter name");
        if (std::find(names.begin(), names.end(), arg.name) != names.end())
            fail(start, str("duplicate argument '", arg.name, "' in function definition"));
        names.push_back(arg.name);
        if (allow_annotations && accept(TokenKind::Colon)) arg.annotation = parse_expr();
        arg.span = SourceSpan::from(start, last_end_);
        return arg;
    };
    while (!at(close)) {
        if (a.kwarg) fail(here(), "arguments cannot follow var-keyword argument");
        if (at(TokenKind::Slash)) {
            if (seen_star || a.kwarg) fail(here(), "/ must be ahead of *");
            if (seen_slash) fail(here(), "/ may appear only once");
            if (a.args.empty()) fail(here(), "at least one argument must precede /");
            take();
            seen_slash = true;
            a.posonlyargcount = a.args.size();
            if (!accept(TokenKind::Comma)) break;
            continue;
        }
        if (accept(TokenKind::DoubleStar)) {
            a.kwarg = std::make_unique<Arg>(parse_arg());
            if (at(TokenKind::Equal)) fail(here(), "var-keyword argument cannot have default value");
        } else if (at(TokenKind::Star)) {
            SourcePos star = here();
            take();
            if (seen_star) fail(star, "* argument may appear only once");
            seen_star = true;
            if (at(TokenKind::Comma) || at(close)) {
                bare_star = true;
            } else {
                a.vararg = std::make_unique<Arg>(parse_arg());
                if (at(TokenKind::Equal)) fail(here(), "var-positional argument cannot have default value");
            }
        } else {
            Arg arg = parse_arg();
            ExprPtr def;
            if (accept(TokenKind::Equal)) def = parse_expr();
            if (seen_star) {
                a.kwonlyargs.push_back(std::move(arg));
                a.kw_defaults.push_back(std::move(def));
                bare_star = false;
            } else {
                if (def) {
                    seen_default = true;
                    a.defaults.push_back(std::move(def));
                } else if (seen_default) {
                    fail(arg.span.start(), "parameter without a default follows parameter with a default",
                         "give this parameter a default too, or move it before the ones with defaults");
                }
                a.args.push_back(std::move(arg));
            }
        }
        if (!accept(TokenKind::Comma)) break;
    }
    if (bare_star) fail(last_end_, "named arguments must follow bare *");
    return a;
}

// class_def: 'class' NAME ['(' [arguments] ')'] ':' block
StmtPtr Parser::parse_class_def(ExprList decorators, SourcePos start) {
    int line = start.line;
    take();  // class
    auto s = make<ClassDef>(start);
    s->decorator_list = std::move(decorators);
    s->name = expect_name("a class name after 'class'");
    std::vector<TypeParam> tparams;
    if (at(TokenKind::LSqb)) tparams = parse_type_params();
    if (at(TokenKind::LPar)) {
        SourcePos cstart = here();
        auto call = parse_call(nullptr, cstart);
        Call& c = cast<Call>(*call);
        for (ExprPtr& b : c.args) {
            if (b->kind == ExprKind::Starred)
                fail(b->span.start(), "starred base classes are not supported in Kiln");
            s->bases.push_back(std::move(b));
        }
        s->keywords = std::move(c.keywords);
    }
    expect_colon("'class'");
    int saved_loops = loop_depth_, saved_functions = function_depth_;
    loop_depth_ = 0;
    function_depth_ = 0;  // a class body is not a function body: 'return' there is an error
    ++class_depth_;
    s->body = parse_block("class definition", line);
    --class_depth_;
    loop_depth_ = saved_loops;
    function_depth_ = saved_functions;
    finish(*s, start);
    if (tparams.empty()) return s;
    return in_generic_scope(std::move(s), std::move(tparams), start);
}

// type_params: '[' type_param_seq ']'   (CPython 3.12; defaults came in 3.13)
// type_param_seq: ','.type_param+ [',']
// type_param: NAME [':' expression] | '*' NAME | '**' NAME
std::vector<Parser::TypeParam> Parser::parse_type_params() {
    SourcePos open = here();
    take();  // [
    std::vector<TypeParam> out;
    if (at(TokenKind::RSqb)) fail(here(), "Type parameter list cannot be empty");
    while (!at(TokenKind::RSqb)) {
        TypeParam p;
        p.start = here();
        if (accept(TokenKind::DoubleStar)) p.kind = 2;
        else if (accept(TokenKind::Star)) p.kind = 1;
        p.name = expect_name("a type parameter name");
        if (at(TokenKind::Colon)) {
            SourcePos colon = here();
            take();
            p.bound = parse_expr();
            if (p.kind != 0) {
                bool tuple = p.bound->kind == ExprKind::Tuple;
                fail(colon, str("cannot use ", tuple ? "constraints" : "bound", " with ",
                                p.kind == 1 ? "TypeVarTuple" : "ParamSpec"));
            }
        }
        if (at(TokenKind::Equal))
            fail(here(), "invalid syntax", "type parameter defaults are Python 3.13; Kiln follows Python 3.12");
        for (const TypeParam& q : out)
            if (q.name == p.name) fail(p.start, str("duplicate type parameter '", p.name, "'"));
        out.push_back(std::move(p));
        if (!accept(TokenKind::Comma)) break;
    }
    expect_close(TokenKind::RSqb, open);
    return out;
}

// The annotation scope of a generic definition (CPython 3.12's compiler_function/compiler_class/
// compiler_typealias with type_params), as a function the compiler calls where it stands:
//     def <generic parameters of NAME>():
//         T = typing._type_param(0, 'T', lambda: BOUND)     # bounds and constraints evaluated lazily
//         <body: the def/class, or `return TypeAliasType(...)`>
//         NAME.__type_params__ = (T, ...)                   # def; a class gets it in its namespace
//         return NAME
// A class also derives from Generic[T, ...] (CPython's _Py_subscript_generic).
StmtPtr Parser::generic_scope(const std::string& name, std::vector<TypeParam> params, ExprList decorators,
                              StmtList body, SourcePos start) {
    SourceSpan at_span = SourceSpan::from(start, last_end_);
    auto with_span = [&](auto node) {
        node->span = at_span;
        return node;
    };
    auto name_of = [&](const std::string& id, ExprContext ctx) {
        auto n = with_span(make<Name>(start));
        n->id = id;
        n->ctx = ctx;
        return n;
    };
    auto str_const = [&](const std::string& v) {
        auto c = with_span(make<Constant>(start));
        c->value_kind = ConstantKind::Str;
        c->str_value = v;
        return c;
    };
    auto typing_attr = [&](const std::string& attr) {
        auto imp = with_span(make<Call>(start));
        imp->func = name_of("__import__", ExprContext::Load);
        imp->args.push_back(str_const("typing"));
        auto a = with_span(make<Attribute>(start));
        a->value = std::move(imp);
        a->attr = attr;
        return a;
    };
    auto params_tuple = [&]() {
        auto t = with_span(make<Tuple>(start));
        for (const TypeParam& p : params) t->elts.push_back(name_of(p.name, ExprContext::Load));
        return t;
    };
    auto wrapper = with_span(make<FunctionDef>(start));
    wrapper->name = "<generic parameters of " + name + ">";
    wrapper->generic_of = name;
    wrapper->decorator_list = std::move(decorators);
    for (TypeParam& p : params) {
        auto call = with_span(make<Call>(start));
        call->func = typing_attr("_type_param");
        auto kind = with_span(make<Constant>(start));
        kind->value_kind = ConstantKind::Int;
        kind->int_value = p.kind == 0 && p.bound && p.bound->kind == ExprKind::Tuple ? 3 : p.kind;
        call->args.push_back(std::move(kind));
        call->args.push_back(str_const(p.name));
        if (p.bound) {
            auto lam = make<Lambda>(p.bound->span.start());
            lam->span = p.bound->span;
            lam->body = std::move(p.bound);
            call->args.push_back(std::move(lam));
        }
        auto assign = with_span(make<Assign>(p.start));
        assign->targets.push_back(name_of(p.name, ExprContext::Store));
        assign->value = std::move(call);
        wrapper->body.push_back(std::move(assign));
    }
    bool is_def = body.size() == 1 && body[0]->kind == StmtKind::FunctionDef;
    if (body.size() == 1 && body[0]->kind == StmtKind::ClassDef) {
        ClassDef& c = cast<ClassDef>(*body[0]);
        auto generic = with_span(make<Call>(start));
        generic->func = typing_attr("_generic_base");
        generic->args.push_back(params_tuple());
        c.bases.push_back(std::move(generic));
        auto tp = with_span(make<Assign>(start));
        tp->targets.push_back(name_of("__type_params__", ExprContext::Store));
        tp->value = params_tuple();
        size_t at = !c.body.empty() && c.body[0]->kind == StmtKind::ExprStmt &&
                            cast<ExprStmt>(*c.body[0]).value->kind == ExprKind::Constant &&
                            cast<Constant>(*cast<ExprStmt>(*c.body[0]).value).value_kind == ConstantKind::Str
                        ? 1 : 0;
        c.body.insert(c.body.begin() + at, std::move(tp));
    }
    for (StmtPtr& st : body) wrapper->body.push_back(std::move(st));
    if (is_def) {
        auto attr = with_span(make<Attribute>(start));
        attr->value = name_of(name, ExprContext::Load);
        attr->attr = "__type_params__";
        attr->ctx = ExprContext::Store;
        auto tp = with_span(make<Assign>(start));
        tp->targets.push_back(std::move(attr));
        tp->value = params_tuple();
        wrapper->body.push_back(std::move(tp));
    }
    if (wrapper->body.back()->kind != StmtKind::Return) {
        auto ret = with_span(make<Return>(start));
        ret->value = name_of(name, ExprContext::Load);
        wrapper->body.push_back(std::move(ret));
    }
    return wrapper;
}

// type_alias: "type" NAME [type_params] '=' expression   (`type` is a soft keyword)
bool Parser::at_type_alias() const {
    return tok().is_name("type") && peek().kind == TokenKind::Name && !is_keyword(peek().text) &&
           (peek(2).is(TokenKind::Equal) || peek(2).is(TokenKind::LSqb));
}

StmtPtr Parser::parse_type_alias() {
    SourcePos start = here();
    take();  // type
    std::string name = expect_name("a type alias name");
    std::vector<TypeParam> tparams;
    if (at(TokenKind::LSqb)) tparams = parse_type_params();
    if (!accept(TokenKind::Equal)) unexpected("'='", "write 'type NAME = VALUE'");
    ExprPtr value = parse_expr();
    SourceSpan span = SourceSpan::from(start, last_end_);
    // TypeAliasType(NAME, lambda: VALUE, (T, ...)): the value is evaluated lazily, at __value__
    auto name_of = [&](const std::string& id, ExprContext ctx) {
        auto n = make<Name>(start);
        n->span = span;
        n->id = id;
        n->ctx = ctx;
        return n;
    };
    auto call = make<Call>(start);
    call->span = span;
    auto imp = make<Call>(start);
    imp->span = span;
    imp->func = name_of("__import__", ExprContext::Load);
    auto mod = make<Constant>(start);
    mod->span = span;
    mod->value_kind = ConstantKind::Str;
    mod->str_value = "typing";
    imp->args.push_back(std::move(mod));
    auto attr = make<Attribute>(start);
    attr->span = span;
    attr->value = std::move(imp);
    attr->attr = "_type_alias";
    call->func = std::move(attr);
    auto nm = make<Constant>(start);
    nm->span = span;
    nm->value_kind = ConstantKind::Str;
    nm->str_value = name;
    call->args.push_back(std::move(nm));
    auto lam = make<Lambda>(start);
    lam->span = value->span;
    lam->body = std::move(value);
    call->args.push_back(std::move(lam));
    auto tp = make<Tuple>(start);
    tp->span = span;
    for (const TypeParam& p : tparams) tp->elts.push_back(name_of(p.name, ExprContext::Load));
    call->args.push_back(std::move(tp));
    if (tparams.empty()) {
        auto s = make<Assign>(start);
        s->span = span;
        s->targets.push_back(name_of(name, ExprContext::Store));
        s->value = std::move(call);
        return s;
    }
    auto ret = make<Return>(start);
    ret->span = span;
    ret->value = std::move(call);
    StmtList body;
    body.push_back(std::move(ret));
    return generic_scope(name, std::move(tparams), {}, std::move(body), start);
}

// if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
// elif_stmt: 'elif' named_expression ':' block (elif_stmt | [else_block])
StmtPtr Parser::parse_if(bool is_elif) {
    SourcePos start = here();
    take();
    const char* kw = is_elif ? "'elif'" : "'if'";
    auto s = make<If>(start);
    s->test = parse_named_expr();
    expect_colon(kw);
    s->body = parse_block(str(kw, " statement"), start.line);
    if (at_kw("elif")) {
        // An elif chain nests in the tree (as in CPython's AST), and every later pass recurses
        // along it: bounded here, where the error can point at the branch.
        if (++elif_chain_ > kMaxElifChain)
            fail(here(), "maximum recursion depth exceeded during compilation",
                 str("Kiln compiles ", kMaxElifChain,
                     " 'elif' branches in one 'if' statement; use a dict of functions, or split the chain"),
                 "RecursionError");
        s->orelse.push_back(parse_if(true));
        --elif_chain_;
    } else if (at_kw("else")) {
        int line = here().line;
        take();
        expect_colon("'else'");
        s->orelse = parse_block("'else' statement", line);
    }
    finish(*s, start);
    return s;
}

// while_stmt: 'while' named_expression ':' block [else_block]
StmtPtr Parser::parse_while() {
    SourcePos start = here();
    take();
    auto s = make<While>(start);
    s->test = parse_named_expr();
    expect_colon("'while'");
    ++loop_depth_;
    s->body = parse_block("'while' statement", start.line);
    --loop_depth_;
    s->orelse = parse_loop_else();
    finish(*s, start);
    return s;
}

// else_block (of while/for): ['else' ':' block]; empty when there is no else clause.
StmtList Parser::parse_loop_else() {
    if (!at_kw("else")) return {};
    int line = here().line;
    take();
    expect_colon("'else'");
    return parse_block("'else' statement", line);
}

// for_stmt: 'for' star_targets 'in' star_expressions ':' block [else_block]
StmtPtr Parser::parse_for() {
    SourcePos start = here();
    take();
    auto s = make<For>(start);
    s->target = parse_target_list();
    if (!accept_kw("in")) unexpected("'in'", "write 'for x in iterable:'");
    s->iter = parse_star_expressions();
    check_not_bare_starred(*s->iter);
    expect_colon("'for'");
    ++loop_depth_;
    s->body = parse_block("'for' statement", start.line);
    --loop_depth_;
    s->orelse = parse_loop_else();
    finish(*s, start);
    return s;
}

// with_stmt: 'with' ','.with_item+ ':' block
// with_item: expression ['as' star_target]
StmtPtr Parser::parse_with() {
    SourcePos start = here();
    take();
    auto s = make<With>(start);
    do {
        WithItem item;
        item.context_expr = parse_expr();
        if (accept_kw("as")) {
            item.optional_vars = parse_binary(1);
            set_context(*item.optional_vars, ExprContext::Store, "assign to");
        }
        s->items.push_back(std::move(item));
    } while (accept(TokenKind::Comma));
    expect_colon("'with'");
    s->body = parse_block("'with' statement", start.line);
    finish(*s, start);
    return s;
}

// try_stmt: 'try' ':' block finally_block
//         | 'try' ':' block except_block+ [else_block] [finally_block]
//         | 'try' ':' block except_star_block+ [else_block] [finally_block]
// except_block: 'except' [expression ['as' NAME]] ':' block
// except_star_block: 'except' '*' expression ['as' NAME] ':' block
StmtPtr Parser::parse_try() {
    SourcePos start = here();
    take();
    auto s = make<Try>(start);
    expect_colon("'try'");
    s->body = parse_block("'try' statement", start.line);
    while (at_kw("except")) {
        ExceptHandler h;
        SourcePos hstart = here();
        take();
        bool star = accept(TokenKind::Star);
        // CPython's invalid_try_stmt: one kind of handler per try statement
        if (!s->handlers.empty() && star != s->is_star)
            fail(hstart, "cannot have both 'except' and 'except*' on the same 'try'");
        s->is_star = star;
        if (star && at(TokenKind::Colon)) fail(here(), "expected one or more exception types");
        if (!at(TokenKind::Colon)) {
            h.type = parse_expr();
            if (at(TokenKind::Comma))
                fail(h.type->span.start(), "multiple exception types must be parenthesized",
                     star ? "write 'except* (A, B):'" : "write 'except (A, B):'");
            if (accept_kw("as")) h.name = expect_name("a name after 'as'");
        }
        expect_colon(star ? "'except*'" : "'except'");
        h.body = parse_block(star ? "'except*' statement" : "'except' statement", hstart.line);
        h.span = SourceSpan::from(hstart, last_end_);
        s->handlers.push_back(std::move(h));
    }
    if (at_kw("else")) {
        if (s->handlers.empty()) fail(here(), "expected 'except' or 'finally' block");
        int line = here().line;
        take();
        expect_colon("'else'");
        s->orelse = parse_block("'else' statement", line);
    }
    if (at_kw("finally")) {
        int line = here().line;
        take();
        expect_colon("'finally'");
        s->finalbody = parse_block("'finally' statement", line);
    }
    if (s->handlers.empty() && s->finalbody.empty())
        fail(here(), str("expected 'except' or 'finally' block, got ", describe(tok())),
             "a 'try' needs at least one 'except' or a 'finally'");
    finish(*s, start);
    return s;
}

// ===================================================================== [SECTION] targets

// Marks `e` as an assignment (Store) or deletion (Del) target, rejecting what cannot be one.
// verb: "assign to" or "delete", for CPython's messages ("cannot assign to function call").
void Parser::set_context(Expr& e, ExprContext ctx, const char* verb) {
    auto bad = [&](const char* what) {
        // CPython's invalid_named_expression: the one target of `T = V`, at bitwise_or level and not
        // True/False/None, gets "cannot assign to literal here. Maybe you meant '==' instead of '='?";
        // other targets (comparisons, not/and/or, lambdas, ternaries, nested or chained targets, for
        // loops) its invalid_assignment's plain "cannot assign to comparison".
        bool keyword_constant = false;
        if (e.kind == ExprKind::Constant) {
            ConstantKind k = cast<Constant>(e).value_kind;
            keyword_constant = k == ConstantKind::True || k == ConstantKind::False || k == ConstantKind::None;
        }
        bool below_bitwise_or = e.kind == ExprKind::Compare || e.kind == ExprKind::BoolOp || e.kind == ExprKind::Lambda ||
                                e.kind == ExprKind::IfExp ||
                                (e.kind == ExprKind::UnaryOp && cast<UnaryOp>(e).op == UnaryOpKind::Not);
        if (&e == eq_hint_target_ && !keyword_constant && !below_bitwise_or)
            fail(e.span.start(), str("cannot ", verb, " ", what, " here. Maybe you meant '==' instead of '='?"));
        fail(e.span.start(), str("cannot ", verb, " ", what));
    };
    switch (e.kind) {
        case ExprKind::Name:
            if (cast<Name>(e).id == "__debug__") fail(e.span.start(), str("cannot ", verb, " __debug__"));
            cast<Name>(e).ctx = ctx;
            return;
        case ExprKind::Attribute: cast<Attribute>(e).ctx = ctx; return;
        case ExprKind::Subscript: cast<Subscript>(e).ctx = ctx; return;
        case ExprKind::Starred:
            if (ctx == ExprContext::Del) fail(e.span.start(), "cannot delete starred");
            fail(e.span.start(), "starred assignment target must be in a list or tuple");
        case ExprKind::Tuple:
        case ExprKind::List: {
            ExprList& elts = e.kind == ExprKind::Tuple ? cast<Tuple>(e).elts : cast<List>(e).elts;
            if (e.kind == ExprKind::Tuple) cast<Tuple>(e).ctx = ctx;
            else cast<List>(e).ctx = ctx;
            bool seen_star = false;
            for (ExprPtr& elt : elts) {
                if (elt->kind == ExprKind::Starred && ctx == ExprContext::Store) {
                    if (seen_star) fail(elt->span.start(), "multiple starred expressions in assignment");
                    seen_star = true;
                    Starred& st = cast<Starred>(*elt);
                    st.ctx = ctx;
                    set_context(*st.value, ctx, verb);
                } else {
                    set_context(*elt, ctx, verb);
                }
            }
            return;
        }
        case ExprKind::Call: return bad("function call");
        case ExprKind::Constant: {
            ConstantKind k = cast<Constant>(e).value_kind;
            if (k == ConstantKind::True) return bad("True");
            if (k == ConstantKind::False) return bad("False");
            if (k == ConstantKind::None) return bad("None");
            if (k == ConstantKind::Ellipsis) return bad("ellipsis");
            return bad("literal");
        }
        case ExprKind::Compare: return bad("comparison");
        case ExprKind::Lambda: return bad("lambda");
        case ExprKind::IfExp: return bad("conditional expression");
        case ExprKind::JoinedStr:
        case ExprKind::FormattedValue: return bad("f-string expression");
        case ExprKind::ListComp: return bad("list comprehension");
        case ExprKind::SetComp: return bad("set comprehension");
        case ExprKind::DictComp: return bad("dict comprehension");
        case ExprKind::GeneratorExp: return bad("generator expression");
        case ExprKind::Yield:
        case ExprKind::YieldFrom: return bad("yield expression");
        case ExprKind::Dict: return bad("dict literal");
        case ExprKind::Set: return bad("set display");
        default: return bad("expression");
    }
}

// star_targets (for loops and comprehensions): star_target (',' star_target)* [',']
// star_target: ['*'] target, where a target is parsed at bitwise_or level so 'in' is not consumed.
ExprPtr Parser::parse_target_list() {
    SourcePos start = here();
    auto one = [&]() -> ExprPtr {
        if (at(TokenKind::Star)) {
            SourcePos s = here();
            take();
            auto st = make<Starred>(s);
            st->value = parse_binary(1);
            finish(*st, s);
            return st;
        }
        return parse_binary(1);
    };
    ExprPtr first = one();
    if (!at(TokenKind::Comma)) {
        set_context(*first, ExprContext::Store, "assign to");
        return first;
    }
    auto t = make<Tuple>(start);
    t->elts.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
        if (at_kw("in")) break;
        t->elts.push_back(one());
    }
    finish(*t, start);
    set_context(*t, ExprContext::Store, "assign to");
    return t;
}

// ===================================================================== [SECTION] expressions

// star_expressions: star_expression (',' star_expression)* [',']   (a Tuple when there is a comma)
ExprPtr Parser::parse_star_expressions() {
    SourcePos start = here();
    ExprPtr first = parse_star_expression();
    if (!at(TokenKind::Comma)) return first;
    auto t = make<Tuple>(start);
    t->elts.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
        if (!starts_expression(tok()) && !at(TokenKind::Star) && !at(TokenKind::Minus) && !at(TokenKind::Plus))
            break;
        t->elts.push_back(parse_star_expression());
    }
    finish(*t, start);
    return t;
}

// star_expression: '*' bitwise_or | expression
// star_named_expression when `named`: a display's or a parenthesized item may be `name := value`.
ExprPtr Parser::parse_star_expression(bool named) {
    if (at(TokenKind::Star)) {
        SourcePos start = here();
        take();
        auto s = make<Starred>(start);
        s->value = parse_binary(1);
        finish(*s, start);
        return s;
    }
    return named ? parse_named_expr() : parse_expr();
}

// named_expression: NAME ':=' expression | expression
ExprPtr Parser::parse_named_expr() {
    if (!at(TokenKind::Name) || !peek().is(TokenKind::ColonEqual) || is_keyword(tok().text)) {
        named_context_ = true;
        return parse_expr();
    }
    Nest nest(*this);
    SourcePos start = here();
    auto n = make<NamedExpr>(start);
    auto target = make<Name>(start);
    target->id = take().text;
    target->ctx = ExprContext::Store;
    finish(*target, start);
    n->target = std::move(target);
    take();  // :=
    n->value = parse_expr();
    finish(*n, start);
    return n;
}

// expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef
// CPython's _PyPegen_get_expr_name, for "cannot use assignment expressions with %s"
static const char* expr_name(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Attribute: return "attribute";
        case ExprKind::Subscript: return "subscript";
        case ExprKind::Starred: return "starred";
        case ExprKind::Name: return "name";
        case ExprKind::List: return "list";
        case ExprKind::Tuple: return "tuple";
        case ExprKind::Lambda: return "lambda";
        case ExprKind::Call: return "function call";
        case ExprKind::GeneratorExp: return "generator expression";
        case ExprKind::Yield:
        case ExprKind::YieldFrom: return "yield expression";
        case ExprKind::ListComp: return "list comprehension";
        case ExprKind::SetComp: return "set comprehension";
        case ExprKind::DictComp: return "dict comprehension";
        case ExprKind::Dict: return "dict literal";
        case ExprKind::Set: return "set display";
        case ExprKind::JoinedStr:
        case ExprKind::FormattedValue: return "f-string expression";
        case ExprKind::Compare: return "comparison";
        case ExprKind::IfExp: return "conditional expression";
        case ExprKind::NamedExpr: return "named expression";
        case ExprKind::Constant: {
            ConstantKind k = cast<Constant>(e).value_kind;
            if (k == ConstantKind::True) return "True";
            if (k == ConstantKind::False) return "False";
            if (k == ConstantKind::None) return "None";
            if (k == ConstantKind::Ellipsis) return "ellipsis";
            return "literal";
        }
        default: return "expression";
    }
}

ExprPtr Parser::parse_expr() {
    Nest nest(*this);
    const bool named = named_context_;
    named_context_ = false;
    if (at_kw("lambda")) return parse_lambda();
    if (at_kw("yield")) fail(here(), "invalid syntax", "put the yield expression in parentheses: (yield x)");
    SourcePos start = here();
    ExprPtr e = parse_disjunction();
    if (at_kw("if")) {
        take();
        auto n = make<IfExp>(start);
        n->body = std::move(e);
        n->test = parse_disjunction();
        if (!accept_kw("else")) {
            // CPython 3.12's invalid_expression: a complete `a if b` without its else
            if (at(TokenKind::Newline) || at(TokenKind::RPar) || at(TokenKind::RSqb) || at(TokenKind::RBrace) ||
                at(TokenKind::Comma) || at(TokenKind::Semi) || at(TokenKind::EndMarker))
                fail(start, "expected 'else' after 'if' expression", "write 'a if condition else b'");
            unexpected("'else' in the conditional expression", "write 'a if condition else b'");
        }
        n->orelse = parse_expr();
        finish(*n, start);
        e = std::move(n);
    }
    // CPython's invalid_named_expression: where a named expression may stand, `a.b := 1`
    if (named && at(TokenKind::ColonEqual))
        fail(e->span.start(), str("cannot use assignment expressions with ", expr_name(*e)));
    if (at(TokenKind::ColonEqual)) unexpected("an operator");
    return e;
}

// lambdef: 'lambda' [lambda_params] ':' expression
ExprPtr Parser::parse_lambda() {
    SourcePos start = here();
    take();
    auto n = make<Lambda>(start);
    SourcePos pstart = here();
    n->args = parse_parameters(TokenKind::Colon, false);
    n->args.span = SourceSpan::from(pstart, last_end_);
    if (!accept(TokenKind::Colon)) unexpected("':' after the lambda parameters");
    int saved = function_depth_;
    n->body = parse_expr();
    function_depth_ = saved;
    finish(*n, start);
    return n;
}

// disjunction: conjunction ('or' conjunction)+ | conjunction
ExprPtr Parser::parse_disjunction() {
    SourcePos start = here();
    ExprPtr first = parse_conjunction();
    if (!at_kw("or")) return first;
    auto n = make<BoolOp>(start);
    n->op = BoolOpKind::Or;
    n->values.push_back(std::move(first));
    while (accept_kw("or")) n->values.push_back(parse_conjunction());
    finish(*n, start);
    return n;
}

// conjunction: inversion ('and' inversion)+ | inversion
ExprPtr Parser::parse_conjunction() {
    SourcePos start = here();
    ExprPtr first = parse_inversion();
    if (!at_kw("and")) return first;
    auto n = make<BoolOp>(start);
    n->op = BoolOpKind::And;
    n->values.push_back(std::move(first));
    while (accept_kw("and")) n->values.push_back(parse_inversion());
    finish(*n, start);
    return n;
}

// inversion: 'not' inversion | comparison
ExprPtr Parser::parse_inversion() {
    if (!at_kw("not")) return parse_comparison();
    Nest nest(*this);
    SourcePos start = here();
    take();
    auto n = make<UnaryOp>(start);
    n->op = UnaryOpKind::Not;
    n->operand = parse_inversion();
    finish(*n, start);
    return n;
}

// comparison: bitwise_or (compare_op bitwise_or)*
// compare_op: '==' | '!=' | '<=' | '<' | '>=' | '>' | 'not' 'in' | 'in' | 'is' 'not' | 'is'
ExprPtr Parser::parse_comparison() {
    SourcePos start = here();
    ExprPtr left = parse_binary(1);
    std::unique_ptr<Compare> cmp;
    while (true) {
        CmpOpKind op;
        switch (tok().kind) {
            case TokenKind::EqEqual: op = CmpOpKind::Eq; break;
            case TokenKind::NotEqual: op = CmpOpKind::NotEq; break;
            case TokenKind::Less: op = CmpOpKind::Lt; break;
            case TokenKind::LessEqual: op = CmpOpKind::LtE; break;
            case TokenKind::Greater: op = CmpOpKind::Gt; break;
            case TokenKind::GreaterEqual: op = CmpOpKind::GtE; break;
            case TokenKind::Name:
                if (at_kw("in")) {
                    op = CmpOpKind::In;
                    break;
                }
                if (at_kw("is")) {
                    op = peek().is_name("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
                    break;
                }
                if (at_kw("not") && peek().is_name("in")) {
                    op = CmpOpKind::NotIn;
                    break;
                }
                [[fallthrough]];
            default:
                if (!cmp) return left;
                finish(*cmp, start);
                return cmp;
        }
        take();
        if (op == CmpOpKind::IsNot || op == CmpOpKind::NotIn) take();
        if (!cmp) {
            cmp = make<Compare>(start);
            cmp->left = std::move(left);
        }
        cmp->ops.push_back(op);
        cmp->comparators.push_back(parse_binary(1));
    }
}

// Binary operators by precedence climbing, loosest first:
//   bitwise_or '|' < bitwise_xor '^' < bitwise_and '&' < shift_expr '<<' '>>' < sum '+' '-'
//   < term '*' '/' '//' '%' '@'        (all left-associative; operands are `factor`s)
int binary_precedence(TokenKind k, BinOpKind* op) {
    switch (k) {
        case TokenKind::VBar: *op = BinOpKind::BitOr; return 1;
        case TokenKind::Circumflex: *op = BinOpKind::BitXor; return 2;
        case TokenKind::Amper: *op = BinOpKind::BitAnd; return 3;
        case TokenKind::LeftShift: *op = BinOpKind::LShift; return 4;
        case TokenKind::RightShift: *op = BinOpKind::RShift; return 4;
        case TokenKind::Plus: *op = BinOpKind::Add; return 5;
        case TokenKind::Minus: *op = BinOpKind::Sub; return 5;
        case TokenKind::Star: *op = BinOpKind::Mult; return 6;
        case TokenKind::Slash: *op = BinOpKind::Div; return 6;
        case TokenKind::DoubleSlash: *op = BinOpKind::FloorDiv; return 6;
        case TokenKind::Percent: *op = BinOpKind::Mod; return 6;
        case TokenKind::At: *op = BinOpKind::MatMult; return 6;
        default: return 0;
    }
}

ExprPtr Parser::parse_binary(int min_prec) {
    Nest nest(*this);
    SourcePos start = here();
    ExprPtr left = parse_factor();
    BinOpKind op{};  // set by binary_precedence whenever the loop body runs
    int chain = 0;
    for (int prec; (prec = binary_precedence(tok().kind, &op)) >= min_prec;) {
        check_chain(++chain);
        take();
        auto n = make<BinOp>(start);
        n->left = std::move(left);
        n->op = op;
        n->right = parse_binary(prec + 1);
        finish(*n, start);
        left = std::move(n);
    }
    return left;
}

// factor: '+' factor | '-' factor | '~' factor | power
ExprPtr Parser::parse_factor() {
    UnaryOpKind op;
    if (at(TokenKind::Plus)) op = UnaryOpKind::UAdd;
    else if (at(TokenKind::Minus)) op = UnaryOpKind::USub;
    else if (at(TokenKind::Tilde)) op = UnaryOpKind::Invert;
    else return parse_power();
    Nest nest(*this);
    SourcePos start = here();
    take();
    auto n = make<UnaryOp>(start);
    n->op = op;
    n->operand = parse_factor();
    finish(*n, start);
    return n;
}

// power: primary '**' factor | primary      (right-associative through factor; -2**2 == -(2**2))
ExprPtr Parser::parse_power() {
    SourcePos start = here();
    ExprPtr base = parse_primary();
    if (!at(TokenKind::DoubleStar)) return base;
    Nest nest(*this);
    take();
    auto n = make<BinOp>(start);
    n->left = std::move(base);
    n->op = BinOpKind::Pow;
    n->right = parse_factor();
    finish(*n, start);
    return n;
}

// primary: primary '.' NAME | primary '(' [arguments] ')' | primary '[' slices ']' | atom
ExprPtr Parser::parse_primary() {
    SourcePos start = here();
    // Kiln refuses `async def` itself, so an `await` that parses is outside any coroutine: CPython's errors
    if (at_kw("await"))
        fail(start, function_depth_ > 0 ? "'await' outside async function" : "'await' outside function",
             "Kiln runs code synchronously (no async def); call the function directly");
    ExprPtr e = parse_atom();
    int chain = 0;
    while (true) {
        if (at(TokenKind::Dot)) {
            check_chain(++chain);
            take();
            auto n = make<Attribute>(start);
            n->value = std::move(e);
            n->attr = expect_name("an attribute name after '.'");
            finish(*n, start);
            e = std::move(n);
        } else if (at(TokenKind::LPar)) {
            check_chain(++chain);
            e = parse_call(std::move(e), start);
        } else if (at(TokenKind::LSqb)) {
            check_chain(++chain);
            e = parse_subscript(std::move(e), start);
        } else {
            return e;
        }
    }
}

// atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER | '...'
//     | (tuple | group | genexp) | (list | listcomp) | (dict | set | dictcomp | setcomp)
ExprPtr Parser::parse_atom() {
    SourcePos start = here();
    const Token& t = tok();
    switch (t.kind) {
        case TokenKind::Name: {
            if (is_keyword(t.text)) {
                ConstantKind k;
                if (t.text == "None") k = ConstantKind::None;
                else if (t.text == "True") k = ConstantKind::True;
                else if (t.text == "False") k = ConstantKind::False;
                else if (t.text == "yield") fail(start, "invalid syntax", "put the yield expression in parentheses: (yield x)");
                else if (t.text == "await") fail(start, "await is not supported in Kiln");
                else if (t.text == "lambda") fail(start, "lambda must be parenthesized here", "write '(lambda ...: ...)'");
                else unexpected("an expression");
                take();
                auto c = make<Constant>(start);
                c->value_kind = k;
                finish(*c, start);
                return c;
            }
            take();
            auto n = make<Name>(start);
            n->id = t.text;
            finish(*n, start);
            return n;
        }
        case TokenKind::Int: {
            auto c = make<Constant>(start);
            c->value_kind = ConstantKind::Int;
            c->int_value = t.int_value;
            if (t.big_int) c->str_value = t.str_value;  // digits beyond int64; int_value is the base
            take();
            finish(*c, start);
            return c;
        }
        case TokenKind::Float: {
            auto c = make<Constant>(start);
            c->value_kind = t.imaginary ? ConstantKind::Complex : ConstantKind::Float;
            c->float_value = t.float_value;
            take();
            finish(*c, start);
            return c;
        }
        case TokenKind::Ellipsis: {
            take();
            auto c = make<Constant>(start);
            c->value_kind = ConstantKind::Ellipsis;
            finish(*c, start);
            return c;
        }
        case TokenKind::String:
        case TokenKind::FString: return parse_strings();
        case TokenKind::LPar: return parse_paren();
        case TokenKind::LSqb: return parse_list();
        case TokenKind::LBrace: return parse_brace();
        case TokenKind::Star:
            fail(start, "can't use starred expression here", "a starred expression may only appear in a list, "
                                                             "tuple, call or assignment target");
        case TokenKind::DoubleStar: fail(start, "can't use double starred expression here");
        default: unexpected("an expression");
    }
}

// ===================================================================== [SECTION] atoms, calls, ...

// yield_expr: 'yield' 'from' expression | 'yield' [star_expressions]
ExprPtr Parser::parse_yield_expr() {
    SourcePos start = here();
    take();
    if (accept_kw("from")) {
        auto y = make<YieldFrom>(start);
        y->value = parse_expr();
        finish(*y, start);
        return y;
    }
    auto y = make<Yield>(start);
    const TokenKind k = tok().kind;
    if (k != TokenKind::Newline && k != TokenKind::EndMarker && k != TokenKind::RPar && k != TokenKind::Semi &&
        k != TokenKind::Equal && k != TokenKind::RSqb && k != TokenKind::RBrace) {
        y->value = parse_star_expressions();
        check_not_bare_starred(*y->value);
    }
    finish(*y, start);
    return y;
}

// tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
// group: '(' (yield_expr | named_expression) ')'
// genexp: '(' named_expression for_if_clauses ')'
ExprPtr Parser::parse_paren() {
    Nest nest(*this);
    SourcePos start = here();
    take();
    if (accept(TokenKind::RPar)) {
        auto t = make<Tuple>(start);
        finish(*t, start);
        return t;
    }
    if (at_kw("yield")) {
        ExprPtr y = parse_yield_expr();
        expect_close(TokenKind::RPar, start);
        return y;  // a group keeps the inner span, as in CPython
    }
    ExprPtr first = parse_star_expression(true);
    if (at_kw("for")) {
        if (first->kind == ExprKind::Starred) fail(first->span.start(), "iterable unpacking cannot be used in comprehension");
        auto g = make<GeneratorExp>(start);
        g->elt = std::move(first);
        g->generators = parse_comprehension_clauses();
        expect_close(TokenKind::RPar, start);
        finish(*g, start);
        return g;
    }
    if (!at(TokenKind::Comma)) {
        if (first->kind == ExprKind::Starred) fail(first->span.start(), "can't use starred expression here");
        expect_close(TokenKind::RPar, start);
        return first;  // a group keeps the inner span, as in CPython
    }
    auto t = make<Tuple>(start);
    t->elts.push_back(std::move(first));
    while (accept(TokenKind::Comma)) {
        if (at(TokenKind::RPar)) break;
        t->elts.push_back(parse_star_expression(true));
    }
    expect_close(TokenKind::RPar, start);
    finish(*t, start);
    return t;
}

// list: '[' [star_named_expressions] ']'
// listcomp: '[' named_expression for_if_clauses ']'
ExprPtr Parser::parse_list() {
    Nest nest(*this);
    SourcePos start = here();
    take();
    if (!at(TokenKind::RSqb)) {
        ExprPtr first = parse_star_expression(true);
        if (at_kw("for")) {
            if (first->kind == ExprKind::Starred)
                fail(first->span.start(), "iterable unpacking cannot be used in comprehension");
            auto c = make<ListComp>(start);
            c->elt = std::move(first);
            c->generators = parse_comprehension_clauses();
            expect_close(TokenKind::RSqb, start);
            finish(*c, start);
            return c;
        }
        auto l = make<List>(start);
        l->elts.push_back(std::move(first));
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::RSqb)) break;
            l->elts.push_back(parse_star_expression(true));
        }
        expect_close(TokenKind::RSqb, start);
        finish(*l, start);
        return l;
    }
    take();
    auto l = make<List>(start);
    finish(*l, start);
    return l;
}

// dict: '{' [double_starred_kvpairs] '}'      kvpair: expression ':' expression | '**' bitwise_or
// set: '{' star_named_expressions '}'
// dictcomp: '{' kvpair for_if_clauses '}'    setcomp: '{' named_expression for_if_clauses '}'
ExprPtr Parser::parse_brace() {
    Nest nest(*this);
    SourcePos start = here();
    take();
    if (accept(TokenKind::RBrace)) {
        auto d = make<Dict>(start);
        finish(*d, start);
        return d;
    }
    // A dict when the first item is `**x` or `k: v`.
    ExprPtr first_key, first_value;
    bool is_dict = false;
    if (accept(TokenKind::DoubleStar)) {
        is_dict = true;
        first_value = parse_binary(1);
    } else {
        first_key = parse_star_expression(true);
        if (accept(TokenKind::Colon)) {
            if (first_key->kind == ExprKind::Starred) fail(first_key->span.start(), "cannot use a starred expression in a dictionary key");
            if (first_key->kind == ExprKind::NamedExpr) fail(first_key->span.start(), "invalid syntax", "put the assignment expression in parentheses");
            is_dict = true;
            // CPython's invalid_kvpair: `{1: }`, at the ':'
            if (at(TokenKind::RBrace) || at(TokenKind::Comma))
                fail({last_end_.line, last_end_.col - 1}, "expression expected after dictionary key and ':'");
            // CPython's invalid_double_starred_kvpairs: `{k: *v}`, at the '*'
            if (at(TokenKind::Star)) fail(here(), "cannot use a starred expression in a dictionary value");
            first_value = parse_expr();
        }
    }
    if (is_dict) {
        if (first_key && at_kw("for")) {
            auto c = make<DictComp>(start);
            c->key = std::move(first_key);
            c->value = std::move(first_value);
            c->generators = parse_comprehension_clauses();
            expect_close(TokenKind::RBrace, start);
            finish(*c, start);
            return c;
        }
        auto d = make<Dict>(start);
        d->keys.push_back(std::move(first_key));
        d->values.push_back(std::move(first_value));
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::RBrace)) break;
            if (accept(TokenKind::DoubleStar)) {
                d->keys.push_back(nullptr);
                d->values.push_back(parse_binary(1));
                continue;
            }
            d->keys.push_back(parse_expr());
            if (!accept(TokenKind::Colon)) {
                // {'a': 1, 'b'}: CPython's invalid_kvpair wording, at the key
                if (at(TokenKind::Comma) || at(TokenKind::RBrace))
                    fail(d->keys.back()->span.start(), "':' expected after dictionary key");
                unexpected("':' after the dict key");
            }
            if (at(TokenKind::RBrace) || at(TokenKind::Comma))
                fail({last_end_.line, last_end_.col - 1}, "expression expected after dictionary key and ':'");
            if (at(TokenKind::Star)) fail(here(), "cannot use a starred expression in a dictionary value");
            d->values.push_back(parse_expr());
        }
        expect_close(TokenKind::RBrace, start);
        finish(*d, start);
        return d;
    }
    if (at_kw("for")) {
        if (first_key->kind == ExprKind::Starred)
            fail(first_key->span.start(), "iterable unpacking cannot be used in comprehension");
        auto c = make<SetComp>(start);
        c->elt = std::move(first_key);
        c->generators = parse_comprehension_clauses();
        expect_close(TokenKind::RBrace, start);
        finish(*c, start);
        return c;
    }
    auto s = make<Set>(start);
    s->elts.push_back(std::move(first_key));
    while (accept(TokenKind::Comma)) {
        if (at(TokenKind::RBrace)) break;
        s->elts.push_back(parse_star_expression(true));
    }
    expect_close(TokenKind::RBrace, start);
    finish(*s, start);
    return s;
}

// for_if_clauses: ('for' star_targets 'in' disjunction ('if' disjunction)*)+
std::vector<Comprehension> Parser::parse_comprehension_clauses() {
    std::vector<Comprehension> gens;
    while (at_kw("for") || at_kw("async")) {
        if (at_kw("async")) fail(here(), "async comprehensions are not supported in Kiln");
        Comprehension c;
        SourcePos start = here();
        take();
        c.target = parse_target_list();
        if (!accept_kw("in")) unexpected("'in'", "write 'for x in iterable'");
        c.iter = parse_disjunction();
        while (accept_kw("if")) c.ifs.push_back(parse_disjunction());
        c.span = SourceSpan::from(start, last_end_);
        gens.push_back(std::move(c));
    }
    return gens;
}

// arguments: ','.(starred_expression | (NAME '=' expression) | '**' expression | expression)+ [',']
// A lone generator expression may omit its parentheses: f(x for x in xs).
// With func == nullptr (class bases) a Call without func is returned for the caller to unpack.
ExprPtr Parser::parse_call(ExprPtr func, SourcePos start) {
    Nest nest(*this);
    SourcePos open = here();
    take();  // (
    auto call = make<Call>(start);
    call->func = std::move(func);
    bool seen_keyword = false, seen_double_star = false;
    while (!at(TokenKind::RPar)) {
        SourcePos astart = here();
        if (accept(TokenKind::DoubleStar)) {
            seen_double_star = true;
            Keyword k;
            k.value = parse_expr();
            k.span = SourceSpan::from(astart, last_end_);
            call->keywords.push_back(std::move(k));
        } else if (at(TokenKind::Star)) {
            if (seen_double_star)
                fail(astart, "iterable argument unpacking follows keyword argument unpacking");
            take();
            auto s = make<Starred>(astart);
            s->value = parse_expr();
            finish(*s, astart);
            call->args.push_back(std::move(s));
        } else if (at(TokenKind::Name) && peek().is(TokenKind::Equal) && !is_keyword(tok().text)) {
            seen_keyword = true;
            Keyword k;
            k.arg = take().text;
            for (const Keyword& other : call->keywords)
                if (other.arg == k.arg) fail(astart, str("keyword argument repeated: ", k.arg));
            take();  // =
            k.value = parse_expr();
            k.span = SourceSpan::from(astart, last_end_);
            call->keywords.push_back(std::move(k));
        } else {
            ExprPtr e = parse_named_expr();
            if (at(TokenKind::Equal))
                fail(e->span.start(), "expression cannot contain assignment, perhaps you meant \"==\"?");
            if (at_kw("for")) {
                auto g = make<GeneratorExp>(astart);
                g->elt = std::move(e);
                g->generators = parse_comprehension_clauses();
                finish(*g, astart);
                bool alone = call->args.empty() && call->keywords.empty() && (at(TokenKind::RPar) ||
                             (at(TokenKind::Comma) && peek().is(TokenKind::RPar)));
                if (!alone) fail(astart, "Generator expression must be parenthesized");
                e = std::move(g);
            }
            if (seen_double_star) fail(astart, "positional argument follows keyword argument unpacking");
            if (seen_keyword) fail(astart, "positional argument follows keyword argument");
            call->args.push_back(std::move(e));
        }
        if (!accept(TokenKind::Comma)) break;
    }
    expect_close(TokenKind::RPar, open);
    finish(*call, start);
    return call;
}

// slices: slice !',' | ','.(slice | starred_expression)+ [',']      (a Tuple when there is a comma)
ExprPtr Parser::parse_subscript(ExprPtr value, SourcePos start) {
    Nest nest(*this);
    SourcePos open = here();
    take();  // [
    auto n = make<Subscript>(start);
    n->value = std::move(value);
    SourcePos sstart = here();
    ExprPtr first = parse_slice();
    // A lone starred index is a one-element tuple too (PEP 646: `d[*ks]` is `d[(*ks,)]`).
    if (at(TokenKind::Comma) || first->kind == ExprKind::Starred) {
        auto t = make<Tuple>(sstart);
        t->elts.push_back(std::move(first));
        while (accept(TokenKind::Comma)) {
            if (at(TokenKind::RSqb)) break;
            t->elts.push_back(parse_slice());
        }
        finish(*t, sstart);
        n->slice = std::move(t);
    } else {
        n->slice = std::move(first);
    }
    expect_close(TokenKind::RSqb, open);
    finish(*n, start);
    return n;
}

// slice: [expression] ':' [expression] [':' [expression]] | star_expression
ExprPtr Parser::parse_slice() {
    SourcePos start = here();
    if (at(TokenKind::RSqb)) unexpected("an index or slice");
    ExprPtr lower;
    if (!at(TokenKind::Colon)) {
        lower = parse_star_expression(true);
        if (!at(TokenKind::Colon)) return lower;
        if (lower->kind == ExprKind::NamedExpr) fail(lower->span.start(), "invalid syntax", "put the assignment expression in parentheses");
    }
    auto s = make<Slice>(start);
    s->lower = std::move(lower);
    take();  // :
    auto ends_part = [&]() {
        return at(TokenKind::Colon) || at(TokenKind::Comma) || at(TokenKind::RSqb);
    };
    if (!ends_part()) s->upper = parse_expr();
    if (accept(TokenKind::Colon) && !ends_part()) s->step = parse_expr();
    finish(*s, start);
    return s;
}

// strings: (STRING | FSTRING)+   Adjacent literals concatenate; any f-string makes a JoinedStr.
ExprPtr Parser::parse_strings() {
    SourcePos start = here();
    bool any_f = false, any_bytes = false, any_text = false;
    for (size_t k = p_; toks_[k].is(TokenKind::String) || toks_[k].is(TokenKind::FString); ++k) {
        if (toks_[k].is(TokenKind::FString)) any_f = true;
        (toks_[k].is_bytes ? any_bytes : any_text) = true;
    }
    if (any_bytes && any_text) fail(start, "cannot mix bytes and nonbytes literals");
    if (!any_f) {
        auto c = make<Constant>(start);
        c->value_kind = any_bytes ? ConstantKind::Bytes : ConstantKind::Str;
        while (at(TokenKind::String)) c->str_value += take().str_value;
        finish(*c, start);
        return c;
    }
    auto j = make<JoinedStr>(start);
    // Literal pieces merge into one Constant until a field interrupts them.
    std::unique_ptr<Constant> pending;
    auto add_literal = [&](const std::string& text, const SourceSpan& span) {
        if (text.empty()) return;
        if (!pending) {
            pending = make<Constant>(span.start());
            pending->value_kind = ConstantKind::Str;
            pending->span = span;
        }
        pending->str_value += text;
        pending->span.end_line = span.end_line;
        pending->span.end_col = span.end_col;
    };
    auto flush = [&]() {
        if (pending) j->values.push_back(std::move(pending));
    };
    while (at(TokenKind::String) || at(TokenKind::FString)) {
        const Token& t = take();
        if (t.is(TokenKind::String)) {
            add_literal(t.str_value, t.span);
            continue;
        }
        if (fstring_level_ + 1 >= kMaxFStringLevel)
            fail(t.span.start(), "too many nested f-strings",
                 str("CPython nests at most ", kMaxFStringLevel - 1, " f-strings; compute the inner ones into variables first"));
        for (const FStringPart& part : *t.fstring) {
            if (!part.is_field) {
                add_literal(part.literal, part.span);
                continue;
            }
            add_literal(part.debug_text, part.span);  // f"{x=}" prints "x=" first
            flush();
            j->values.push_back(fstring_part(part));
        }
    }
    flush();
    finish(*j, start);
    return j;
}

// One {field}: its expression is lexed and parsed where it sits in the file.
ExprPtr Parser::fstring_part(const FStringPart& part) {
    Nest nest(*this);
    auto fv = make<FormattedValue>(part.span.start());
    fv->span = part.span;
    Parser sub(tokenize_expression(part.expr_source, filename_, part.expr_pos), filename_);
    sub.nesting_ = nesting_;
    sub.fstring_level_ = fstring_level_ + 1;
    sub.function_depth_ = function_depth_;
    fv->value = sub.parse_fstring_field();
    fv->conversion = part.conversion;
    // f"{x=}" without a conversion or a spec shows repr(x), as CPython.
    if (!part.debug_text.empty() && !part.conversion && !part.has_format_spec) fv->conversion = 'r';
    if (part.has_format_spec) {
        auto spec = make<JoinedStr>(part.span.start());
        for (const FStringPart& sp : part.format_spec) {
            if (sp.is_field) {
                spec->values.push_back(fstring_part(sp));
            } else {
                auto c = make<Constant>(sp.span.start());
                c->value_kind = ConstantKind::Str;
                c->str_value = sp.literal;
                c->span = sp.span;
                spec->values.push_back(std::move(c));
            }
        }
        if (!part.format_spec.empty())
            spec->span = SourceSpan::from(part.format_spec.front().span.start(), part.format_spec.back().span.end());
        fv->format_spec = std::move(spec);
    }
    return fv;
}

}  // namespace

Module parse_module(std::string_view source, const std::string& filename) {
    std::exception_ptr lex_error;
    size_t complete = 0;
    DeferredLexError mode = DeferredLexError::Lines;
    std::vector<Token> toks = tokenize_until_error(source, filename, lex_error, complete, mode);
    if (!lex_error) return Parser(std::move(toks), filename).parse_file();
    // CPython's parser pulls tokens as it goes: a syntax error in a logical line before an
    // indentation error is the one reported (an 'if' left without its body by a line that then
    // dedents to no known level); for a bracket never closed, the parser's error stands where it is
    // on the bracket's line or before it (_PyPegen_tokenize_full_source_to_check_for_errors). Where
    // the parser only stopped at the end of what was lexed, the tokenizer's error stands.
    Parser p(std::move(toks), filename);
    try {
        p.parse_file();
    } catch (const SyntaxError& e) {
        int lex_line = 0;
        try {
            std::rethrow_exception(lex_error);
        } catch (const SyntaxError& le) {
            lex_line = le.line();
        }
        const bool parser_first =
            mode == DeferredLexError::Lines     ? e.line() < lex_line
            : mode == DeferredLexError::Bracket ? e.line() <= lex_line
                                                : e.line() <= lex_line && e.kind_name() == "IndentationError" &&
                                                      e.cpython_message() == "unexpected indent";
        if (p.position() < complete && parser_first) throw;
    }
    std::rethrow_exception(lex_error);
}

ExprPtr parse_expression(std::string_view source, const std::string& filename) {
    Parser p(tokenize(source, filename), filename);
    return p.parse_eval();
}

}  // namespace kiln::lang
