// Parser tests (engine/lang/parser.h): precedence, every statement kind, and errors with exact
// messages and locations.
#include <catch2/catch.hpp>


#include "lang/parser.h"

using namespace kiln::lang;

namespace {

std::string expr_dump(const std::string& src) { return ast_dump(*parse_expression(src, "t.py")); }

// A compact s-expression of an expression's structure, for precedence tests.
std::string sexpr(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Name: return cast<Name>(e).id;
        case ExprKind::Constant: {
            auto& c = cast<Constant>(e);
            if (c.value_kind == ConstantKind::Int) return std::to_string(c.int_value);
            return constant_kind_name(c.value_kind);
        }
        case ExprKind::BinOp: {
            auto& b = cast<BinOp>(e);
            return std::string("(") + bin_op_symbol(b.op) + " " + sexpr(*b.left) + " " + sexpr(*b.right) + ")";
        }
        case ExprKind::UnaryOp: {
            auto& u = cast<UnaryOp>(e);
            return std::string("(") + unary_op_name(u.op) + " " + sexpr(*u.operand) + ")";
        }
        case ExprKind::BoolOp: {
            auto& b = cast<BoolOp>(e);
            std::string s = std::string("(") + bool_op_name(b.op);
            for (auto& v : b.values) s += " " + sexpr(*v);
            return s + ")";
        }
        case ExprKind::Compare: {
            auto& c = cast<Compare>(e);
            std::string s = "(Compare " + sexpr(*c.left);
            for (size_t i = 0; i < c.ops.size(); ++i) s += std::string(" ") + cmp_op_name(c.ops[i]) + " " + sexpr(*c.comparators[i]);
            return s + ")";
        }
        case ExprKind::IfExp: {
            auto& i = cast<IfExp>(e);
            return "(IfExp " + sexpr(*i.test) + " " + sexpr(*i.body) + " " + sexpr(*i.orelse) + ")";
        }
        case ExprKind::Attribute: return sexpr(*cast<Attribute>(e).value) + "." + cast<Attribute>(e).attr;
        case ExprKind::Call: {
            auto& c = cast<Call>(e);
            std::string s = sexpr(*c.func) + "(";
            for (auto& a : c.args) s += sexpr(*a) + ",";
            return s + ")";
        }
        default: return expr_kind_name(e.kind);
    }
}

std::string prec(const std::string& src) { return sexpr(*parse_expression(src, "t.py")); }

std::string parse_error(const std::string& src) {
    try {
        parse_module(src, "t.py");
    } catch (const SyntaxError& e) {
        return e.what();
    }
    return "(no error)";
}

const Stmt& first_stmt(const Module& m) {
    REQUIRE(!m.body.empty());
    return *m.body[0];
}

}  // namespace

TEST_CASE("parser: arithmetic precedence and associativity", "[lang][parser]") {
    CHECK(prec("1 + 2 * 3") == "(+ 1 (* 2 3))");
    CHECK(prec("1 - 2 - 3") == "(- (- 1 2) 3)");
    CHECK(prec("a @ b + c") == "(+ (@ a b) c)");
    CHECK(prec("a // b % c") == "(% (// a b) c)");
    CHECK(prec("1 << 2 + 3") == "(<< 1 (+ 2 3))");
    CHECK(prec("a | b ^ c & d") == "(| a (^ b (& c d)))");
}

TEST_CASE("parser: power binds tighter than unary minus and is right-associative", "[lang][parser]") {
    CHECK(prec("-2**2") == "(USub (** 2 2))");
    CHECK(prec("2**-1") == "(** 2 (USub 1))");
    CHECK(prec("2**3**2") == "(** 2 (** 3 2))");
    CHECK(prec("-x.y**2") == "(USub (** x.y 2))");
    CHECK(prec("~a + -b") == "(+ (Invert a) (USub b))");
}

TEST_CASE("parser: boolean operators, not and comparisons", "[lang][parser]") {
    CHECK(prec("a or b and not c") == "(Or a (And b (Not c)))");
    CHECK(prec("a and b and c") == "(And a b c)");
    CHECK(prec("not a == b") == "(Not (Compare a Eq b))");
    CHECK(prec("a < b <= c") == "(Compare a Lt b LtE c)");
    CHECK(prec("a in b") == "(Compare a In b)");
    CHECK(prec("a not in b") == "(Compare a NotIn b)");
    CHECK(prec("a is not None") == "(Compare a IsNot None)");
    CHECK(prec("a is b != c") == "(Compare a Is b NotEq c)");
    CHECK(prec("a | b == c") == "(Compare (| a b) Eq c)");
}

TEST_CASE("parser: conditional expressions and lambda", "[lang][parser]") {
    CHECK(prec("a if b else c if d else e") == "(IfExp b a (IfExp d c e))");
    CHECK(prec("x or y if t else z") == "(IfExp t (Or x y) z)");
    auto e = parse_expression("lambda x, y=2, *a, k, **kw: x + y", "t.py");
    REQUIRE(e->kind == ExprKind::Lambda);
    auto& l = cast<Lambda>(*e);
    CHECK(l.args.args.size() == 2);
    CHECK(l.args.defaults.size() == 1);
    REQUIRE(l.args.vararg);
    CHECK(l.args.vararg->name == "a");
    CHECK(l.args.kwonlyargs.size() == 1);
    CHECK(l.args.kw_defaults[0] == nullptr);
    REQUIRE(l.args.kwarg);
    CHECK(l.args.kwarg->name == "kw");
}

TEST_CASE("parser: calls with positional, keyword, star and double-star arguments", "[lang][parser]") {
    auto e = parse_expression("f(a, *b, k=1, **d)", "t.py");
    auto& c = cast<Call>(*e);
    REQUIRE(c.args.size() == 2);
    CHECK(c.args[1]->kind == ExprKind::Starred);
    REQUIRE(c.keywords.size() == 2);
    CHECK(c.keywords[0].arg == "k");
    CHECK(c.keywords[1].arg.empty());
    auto g = parse_expression("sum(x * x for x in xs if x > 0)", "t.py");
    auto& gc = cast<Call>(*g);
    REQUIRE(gc.args.size() == 1);
    CHECK(gc.args[0]->kind == ExprKind::GeneratorExp);
}

TEST_CASE("parser: subscripts and slices", "[lang][parser]") {
    CHECK(expr_dump("a[1:2, ::3]") ==
          "Subscript @1:1-1:12 ctx=Load\n"
          "  value: Name @1:1-1:2 id='a' ctx=Load\n"
          "  slice: Tuple @1:3-1:11 ctx=Load\n"
          "    elts:\n"
          "      Slice @1:3-1:6\n"
          "        lower: Constant @1:3-1:4 int 1\n"
          "        upper: Constant @1:5-1:6 int 2\n"
          "      Slice @1:8-1:11\n"
          "        step: Constant @1:10-1:11 int 3\n");
    auto e = parse_expression("x[..., None]", "t.py");
    auto& s = cast<Subscript>(*e);
    CHECK(s.slice->kind == ExprKind::Tuple);
    auto e2 = parse_expression("x[:]", "t.py");
    CHECK(cast<Subscript>(*e2).slice->kind == ExprKind::Slice);
}

TEST_CASE("parser: containers and comprehensions", "[lang][parser]") {
    CHECK(parse_expression("()", "t.py")->kind == ExprKind::Tuple);
    CHECK(parse_expression("(1,)", "t.py")->kind == ExprKind::Tuple);
    CHECK(parse_expression("(1)", "t.py")->kind == ExprKind::Constant);
    CHECK(parse_expression("[1, *a]", "t.py")->kind == ExprKind::List);
    CHECK(parse_expression("{}", "t.py")->kind == ExprKind::Dict);
    CHECK(parse_expression("{'a': 1, **d}", "t.py")->kind == ExprKind::Dict);
    CHECK(parse_expression("{1, 2}", "t.py")->kind == ExprKind::Set);
    CHECK(parse_expression("{k: v for k, v in d.items()}", "t.py")->kind == ExprKind::DictComp);
    CHECK(parse_expression("{x for x in s}", "t.py")->kind == ExprKind::SetComp);
    auto lc = parse_expression("[x * y for x in a if x for y in b if y if x != y]", "t.py");
    auto& l = cast<ListComp>(*lc);
    REQUIRE(l.generators.size() == 2);
    CHECK(l.generators[0].ifs.size() == 1);
    CHECK(l.generators[1].ifs.size() == 2);
    CHECK(l.generators[0].target->kind == ExprKind::Name);
}

TEST_CASE("parser: string concatenation and f-strings", "[lang][parser]") {
    auto s = parse_expression("'a' \"b\" '''c'''", "t.py");
    CHECK(cast<Constant>(*s).str_value == "abc");
    CHECK(expr_dump("f'x={x:.3f}!' 'y'") ==
          "JoinedStr @1:1-1:18\n"
          "  values:\n"
          "    Constant @1:3-1:5 str 'x='\n"
          "    FormattedValue @1:5-1:12\n"
          "      value: Name @1:6-1:7 id='x' ctx=Load\n"
          "      format_spec: JoinedStr @1:8-1:11\n"
          "        values:\n"
          "          Constant @1:8-1:11 str '.3f'\n"
          "    Constant @1:12-1:18 str '!y'\n");
    auto f = parse_expression("f'{name!r:>{w}}'", "t.py");
    auto& j = cast<JoinedStr>(*f);
    REQUIRE(j.values.size() == 1);
    auto& fv = cast<FormattedValue>(*j.values[0]);
    CHECK(fv.conversion == 'r');
    auto& spec = cast<JoinedStr>(*fv.format_spec);
    REQUIRE(spec.values.size() == 2);
    CHECK(spec.values[1]->kind == ExprKind::FormattedValue);
}

TEST_CASE("parser: function definitions with every parameter form", "[lang][parser]") {
    auto m = parse_module("@torch.no_grad()\ndef f(a, b: int = 1, *args, c, d=2, **kw) -> int:\n    return a\n", "t.py");
    auto& f = cast<FunctionDef>(first_stmt(m));
    CHECK(f.name == "f");
    CHECK(span_str(f.span) == "2:1-3:13");
    REQUIRE(f.decorator_list.size() == 1);
    CHECK(f.decorator_list[0]->kind == ExprKind::Call);
    CHECK(f.args.args.size() == 2);
    CHECK(f.args.args[1].annotation != nullptr);
    CHECK(f.args.defaults.size() == 1);
    CHECK(f.args.vararg->name == "args");
    CHECK(f.args.kwonlyargs.size() == 2);
    CHECK(f.args.kw_defaults[0] == nullptr);
    CHECK(f.args.kw_defaults[1] != nullptr);
    CHECK(f.args.kwarg->name == "kw");
    CHECK(f.returns != nullptr);
    auto m2 = parse_module("def g(*, key):\n    pass\n", "t.py");
    CHECK(cast<FunctionDef>(first_stmt(m2)).args.kwonlyargs.size() == 1);
}

TEST_CASE("parser: class definitions", "[lang][parser]") {
    auto m = parse_module("@dataclass\nclass Net(nn.Module):\n    scale = 2\n    def forward(self, x):\n        return x\n", "t.py");
    auto& c = cast<ClassDef>(first_stmt(m));
    CHECK(c.name == "Net");
    CHECK(c.bases.size() == 1);
    CHECK(c.decorator_list.size() == 1);
    CHECK(c.body.size() == 2);
    auto m2 = parse_module("class A:\n    pass\nclass B():\n    pass\n", "t.py");
    CHECK(cast<ClassDef>(*m2.body[1]).bases.empty());
}

TEST_CASE("parser: assignment forms", "[lang][parser]") {
    auto m = parse_module("a = b = 1\nx, *rest = t\n[p, q] = r\no.attr[i] += 2\ny: int = 3\nz: float\n(w): int = 1\n", "t.py");
    REQUIRE(m.body.size() == 7);
    auto& a = cast<Assign>(*m.body[0]);
    CHECK(a.targets.size() == 2);
    auto& t = cast<Assign>(*m.body[1]);
    auto& tup = cast<Tuple>(*t.targets[0]);
    CHECK(tup.ctx == ExprContext::Store);
    CHECK(cast<Starred>(*tup.elts[1]).ctx == ExprContext::Store);
    CHECK(cast<Name>(*cast<Starred>(*tup.elts[1]).value).ctx == ExprContext::Store);
    CHECK(cast<List>(*cast<Assign>(*m.body[2]).targets[0]).ctx == ExprContext::Store);
    auto& aug = cast<AugAssign>(*m.body[3]);
    CHECK(aug.op == BinOpKind::Add);
    CHECK(cast<Subscript>(*aug.target).ctx == ExprContext::Store);
    auto& ann = cast<AnnAssign>(*m.body[4]);
    CHECK(ann.simple);
    CHECK(ann.value != nullptr);
    CHECK(cast<AnnAssign>(*m.body[5]).value == nullptr);
    CHECK_FALSE(cast<AnnAssign>(*m.body[6]).simple);
}

TEST_CASE("parser: control flow statements", "[lang][parser]") {
    auto m = parse_module(
        "for i, (a, b) in enumerate(zip(x, y)):\n    if a:\n        continue\n    elif b:\n        break\n"
        "    else:\n        pass\nelse:\n    pass\n"
        "while n > 0:\n    n -= 1\nelse:\n    done = True\n",
        "t.py");
    REQUIRE(m.body.size() == 2);
    auto& f = cast<For>(*m.body[0]);
    CHECK(f.target->kind == ExprKind::Tuple);
    CHECK(f.orelse.size() == 1);
    auto& i = cast<If>(*f.body[0]);
    REQUIRE(i.orelse.size() == 1);
    auto& elif = cast<If>(*i.orelse[0]);
    CHECK(elif.orelse.size() == 1);
    CHECK(span_str(elif.span) == "4:5-7:13");
    auto& w = cast<While>(*m.body[1]);
    CHECK(w.orelse.size() == 1);
}

TEST_CASE("parser: with, try and raise", "[lang][parser]") {
    auto m = parse_module(
        "with torch.no_grad(), open(p) as f:\n    pass\n"
        "try:\n    x()\nexcept (ValueError, KeyError) as e:\n    raise RuntimeError('bad') from e\n"
        "except Exception:\n    raise\nexcept:\n    pass\nelse:\n    y()\nfinally:\n    z()\n",
        "t.py");
    auto& w = cast<With>(*m.body[0]);
    REQUIRE(w.items.size() == 2);
    CHECK(w.items[0].optional_vars == nullptr);
    CHECK(cast<Name>(*w.items[1].optional_vars).ctx == ExprContext::Store);
    auto& t = cast<Try>(*m.body[1]);
    REQUIRE(t.handlers.size() == 3);
    CHECK(t.handlers[0].name == "e");
    CHECK(t.handlers[2].type == nullptr);
    CHECK(t.orelse.size() == 1);
    CHECK(t.finalbody.size() == 1);
    auto& r = cast<Raise>(*t.handlers[0].body[0]);
    CHECK(r.cause != nullptr);
    CHECK(cast<Raise>(*t.handlers[1].body[0]).exc == nullptr);
}

TEST_CASE("parser: imports, global, nonlocal, del, assert", "[lang][parser]") {
    auto m = parse_module(
        "import torch\nimport torch.nn as nn, math\nfrom torch.nn import functional as F, Linear\n"
        "from . import x\nfrom ..a.b import (c, d,)\n"
        "def f():\n    global g\n    def h():\n        nonlocal q\n    del a[0], b.c\n    assert x, 'msg'\n",
        "t.py");
    auto& i = cast<Import>(*m.body[1]);
    REQUIRE(i.names.size() == 2);
    CHECK(i.names[0].name == "torch.nn");
    CHECK(i.names[0].asname == "nn");
    auto& f = cast<ImportFrom>(*m.body[2]);
    CHECK(f.module == "torch.nn");
    CHECK(f.names[0].asname == "F");
    CHECK(cast<ImportFrom>(*m.body[3]).level == 1);
    auto& rel = cast<ImportFrom>(*m.body[4]);
    CHECK(rel.level == 2);
    CHECK(rel.module == "a.b");
    CHECK(rel.names.size() == 2);
    auto& fn = cast<FunctionDef>(*m.body[5]);
    CHECK(fn.body[0]->kind == StmtKind::Global);
    auto& d = cast<Delete>(*fn.body[2]);
    CHECK(cast<Subscript>(*d.targets[0]).ctx == ExprContext::Del);
    CHECK(cast<Assert>(*fn.body[3]).msg != nullptr);
}

TEST_CASE("parser: simple statements on one line and one-line blocks", "[lang][parser]") {
    auto m = parse_module("a = 1; b = 2;\nif a: b = 3; c = 4\n", "t.py");
    REQUIRE(m.body.size() == 3);
    CHECK(cast<If>(*m.body[2]).body.size() == 2);
}

TEST_CASE("parser: errors name place, expectation and what was found", "[lang][parser]") {
    CHECK(parse_error("if x\n    pass\n") ==
          "t.py:1:5: SyntaxError: expected ':', got NEWLINE (hint: end the 'if' line with ':')");
    CHECK(parse_error("f(a b)\n") ==
          "t.py:1:5: SyntaxError: invalid syntax. Perhaps you forgot a comma? (hint: separate the items with ',' or "
          "close the '(' opened at 1:2)");
    CHECK(parse_error("x = (1 + 2 :)\n") ==
          "t.py:1:12: SyntaxError: expected ')' to close '(' opened at 1:5, got ':'");
    // An unclosed bracket wins over what follows it, as in CPython.
    CHECK(parse_error("x = (1 +\n  2 :\n") == "t.py:1:5: SyntaxError: '(' was never closed");
    CHECK(parse_error("def f():\nreturn 1\n") ==
          "t.py:2:1: IndentationError: expected an indented block after function definition on line 1 (hint: indent "
          "the body (4 spaces), or write 'pass' for an empty block)");
    CHECK_THAT(parse_error("x = 1\n    y = 2\n"), Catch::StartsWith("t.py:2:5: IndentationError: unexpected indent"));
    CHECK(parse_error("x = \n") == "t.py:1:5: SyntaxError: expected an expression, got NEWLINE");
    CHECK(parse_error("f() = 1\n") ==
          "t.py:1:1: SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?");
    CHECK_THAT(parse_error("1 = x\n"), Catch::StartsWith("t.py:1:1: SyntaxError: cannot assign to literal"));
    CHECK_THAT(parse_error("*a = x\n"), Catch::Contains("starred assignment target must be in a list or tuple"));
    CHECK_THAT(parse_error("a, *b, *c = x\n"), Catch::Contains("1:8: SyntaxError: multiple starred expressions"));
    CHECK_THAT(parse_error("(a, b) += 1\n"), Catch::Contains("'tuple' is an illegal expression for augmented assignment"));
    CHECK_THAT(parse_error("f(k=1, 2)\n"), Catch::StartsWith("t.py:1:8: SyntaxError: positional argument follows keyword argument"));
    CHECK_THAT(parse_error("def f(a=1, b):\n    pass\n"), Catch::StartsWith("t.py:1:12: SyntaxError: parameter without a default follows parameter with a default"));
    CHECK_THAT(parse_error("def f(a, a):\n    pass\n"), Catch::Contains("duplicate argument 'a' in function definition"));
    CHECK_THAT(parse_error("return 1\n"), Catch::StartsWith("t.py:1:1: SyntaxError: 'return' outside function"));
    CHECK_THAT(parse_error("while x:\n    def f():\n        break\n"), Catch::StartsWith("t.py:3:9: SyntaxError: 'break' outside loop"));
    CHECK_THAT(parse_error("try:\n    pass\nx = 1\n"), Catch::StartsWith("t.py:3:1: SyntaxError: expected 'except' or 'finally' block"));
    CHECK_THAT(parse_error("x = [1, 2 y]\n"), Catch::StartsWith("t.py:1:11: SyntaxError: invalid syntax. Perhaps you forgot a comma?"));
    CHECK_THAT(parse_error("f(x for x in y, 1)\n"), Catch::Contains("Generator expression must be parenthesized"));
    CHECK_THAT(parse_error("x = f'{a b}'\n"), Catch::StartsWith("t.py:1:10: SyntaxError: invalid syntax. Perhaps you forgot a comma?"));
}

TEST_CASE("parser: outside the subset is 'not supported in Kiln'", "[lang][parser]") {
    CHECK_THAT(parse_error("async def f():\n    pass\n"), Catch::StartsWith("t.py:1:1: SyntaxError: async code is not supported in Kiln"));
    CHECK_THAT(parse_error("def f():\n    await g()\n"), Catch::StartsWith("t.py:2:5: SyntaxError: 'await' outside async function"));
    CHECK_THAT(parse_error("n := 10\n"), Catch::StartsWith("t.py:1:3: SyntaxError: invalid syntax"));
    // the match statement (PEP 634) parses; `match`, `case` and `_` stay names elsewhere
    CHECK(parse_module("match x:\n    case 1:\n        pass\n", "t.py").body[0]->kind == StmtKind::Match);
    CHECK(parse_module("match (x):\n    case [a, *_]:\n        pass\n", "t.py").body[0]->kind == StmtKind::Match);
    CHECK(parse_module("match[k]: int = 3\nmatch.x = 1\ncase = 2\n_ = match - case\n", "t.py").body[0]->kind == StmtKind::AnnAssign);
    CHECK_THAT(parse_error("match x\n    case 1:\n        pass\n"), Catch::StartsWith("t.py:1:8: SyntaxError: expected ':'"));
    CHECK(parse_module("match [a]:\n    case [x]:\n        pass\n", "t.py").body[0]->kind == StmtKind::Match);
    CHECK_THAT(parse_error("def f(/, b):\n    pass\n"), Catch::StartsWith("t.py:1:7: SyntaxError: at least one argument must precede /"));
    CHECK_THAT(parse_error("def f(a, /, b, /):\n    pass\n"), Catch::StartsWith("t.py:1:16: SyntaxError: / may appear only once"));
    CHECK_THAT(parse_error("def f(*, a, /):\n    pass\n"), Catch::StartsWith("t.py:1:13: SyntaxError: / must be ahead of *"));
    // PEP 654: except* parses (a Try with is_star); CPython 3.12's errors for its misuses
    CHECK(cast<Try>(*parse_module("try:\n    pass\nexcept* E:\n    pass\n", "t.py").body[0]).is_star);
    CHECK_THAT(parse_error("try:\n    pass\nexcept* E:\n    pass\nexcept F:\n    pass\n"),
               Catch::StartsWith("t.py:5:1: SyntaxError: cannot have both 'except' and 'except*' on the same 'try'"));
    CHECK_THAT(parse_error("try:\n    pass\nexcept*:\n    pass\n"), Catch::StartsWith("t.py:3:8: SyntaxError: expected one or more exception types"));
    CHECK_THAT(parse_error("try:\n    pass\nexcept* A, B:\n    pass\n"),
               Catch::StartsWith("t.py:3:9: SyntaxError: multiple exception types must be parenthesized"));
    // `match` stays an ordinary name where it is not a statement.
    CHECK(parse_module("match = 1\nmatch(x)\nre.match(p)\nmatch -x\nmatch not in y\n", "t.py").body.size() == 5);
}

TEST_CASE("parser: SyntaxError carries its location as fields", "[lang][parser]") {
    try {
        parse_module("x = 1\ny = (2 +\n", "prog.py");
        FAIL("expected a SyntaxError");
    } catch (const SyntaxError& e) {
        CHECK(e.filename() == "prog.py");
        CHECK(e.line() == 2);
        CHECK(e.col() == 5);
        CHECK(e.message() == "'(' was never closed");
        CHECK(e.kind() == kiln::ErrorKind::SyntaxError);
    }
}

TEST_CASE("parser: deep nesting is an error, not a crash", "[lang][parser]") {
    std::string deep(5000, '(');
    CHECK_THAT(parse_error("x = " + deep + "1" + std::string(5000, ')') + "\n"), Catch::Contains("too many nested parentheses"));
    std::string minus(5000, '-');
    // CPython 3.12: "MemoryError: Parser stack overflowed - Python source too complex to parse"
    CHECK_THAT(parse_error("x = " + minus + "1\n"), Catch::Contains("Parser stack overflowed"));
    // 199 brackets parse (CPython's tokenizer allows 200), the 201st is its SyntaxError
    CHECK(parse_error("x = " + std::string(199, '[') + std::string(199, ']') + "\n") == "(no error)");
    CHECK_THAT(parse_error("x = " + std::string(201, '[') + std::string(201, ']') + "\n"),
               Catch::Contains("too many nested parentheses"));
}

TEST_CASE("parser: a 1000-line file parses whole, every span on its own line", "[lang][parser]") {
    std::string src;
    for (int i = 0; i < 100; ++i) {
        src += "class Block" + std::to_string(i) + "(nn.Module):\n";
        src += "    def __init__(self, d: int = 64):\n";
        src += "        super().__init__()\n";
        src += "        self.fc = nn.Linear(d, d * 4)\n";
        src += "    def forward(self, x):\n";
        src += "        y = [F.relu(self.fc(x))[..., :i] for i in range(3) if i % 2 == 0]\n";
        src += "        if x.shape[0] > 1 and not self.training:\n";
        src += "            print(f\"{x.sum().item():.3f} {self!r}\")\n";
        src += "        return x + 2 ** -y[0] * (x @ x.T)\n";
        src += "\n";
    }
    // Parse speed is a benchmark's business (native/bench), never a timed assertion here: this
    // checks that a long file parses completely and that spans keep counting lines to the end.
    Module m = parse_module(src, "big.py");
    REQUIRE(m.body.size() == 100);
    for (size_t i = 0; i < m.body.size(); ++i) CHECK(m.body[i]->span.line == int(1 + 10 * i));
}

TEST_CASE("ast_dump: floats print like Python's repr", "[lang][parser]") {
    auto f = [](const std::string& src) {
        std::string d = ast_dump(*parse_expression(src, "t.py"));
        return d.substr(d.find("float ") + 6, d.find('\n') - d.find("float ") - 6);
    };
    CHECK(f("250.0") == "250.0");
    CHECK(f("2.5E+2") == "250.0");
    CHECK(f("0.1") == "0.1");
    CHECK(f("1e-5") == "1e-05");
    CHECK(f("1e16") == "1e+16");
    CHECK(f("1.5e300") == "1.5e+300");
    CHECK(f("123456.789") == "123456.789");
    CHECK(f("0.0001") == "0.0001");
    CHECK(f("1e22") == "1e+22");
}

TEST_CASE("parser: yield and yield from", "[lang][parser]") {
    std::string dump = ast_dump(parse_module(
        "def f(g):\n    yield\n    yield 1, 2\n    x = yield\n    y = yield from g\n    z = (yield x) + 1\n    x += yield -1\n",
        "t.py"));
    CHECK_THAT(dump, Catch::Contains("Yield"));
    CHECK_THAT(dump, Catch::Contains("YieldFrom"));
    CHECK_THAT(parse_error("def f():\n    x = 1 + yield 2\n"), Catch::StartsWith("t.py:2:13: SyntaxError: invalid syntax"));
    CHECK_THAT(parse_error("def f():\n    (yield) = 1\n"), Catch::Contains("cannot assign to yield expression"));
}
