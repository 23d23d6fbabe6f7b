// torch.jit.script's compiler (capture/script): source -> typed graph with prim::If/prim::Loop, run
// through the graph interpreter; compile errors carry PyTorch's first line and Python class.
#include "support/check.h"

#include "capture/script/compiler.h"
#include "graph/code.h"
#include "graph/interpret.h"
#include "graph/script_traceback.h"
#include "graph/serialize.h"
#include "lang/parser.h"
#include "ops/ops.h"

#include <algorithm>
#include <sstream>

using namespace kiln;
namespace cs = kiln::capture::script;

namespace {

struct NoGlobals : cs::Resolver {
    cs::GlobalRef lookup(const std::string& name) override {
        cs::GlobalRef r;
        if (name == "torch" || name == "math") {
            r.kind = cs::GlobalRef::Kind::Module;
            r.module_name = name;
        } else if (name == "SCALE") {
            r.kind = cs::GlobalRef::Kind::PythonValue;
            r.type_name = "float";
        }
        return r;
    }
};

std::shared_ptr<cs::CompiledFunction> compile(const std::string& src) {
    lang::Module m = lang::parse_module(src, "t.py");
    const lang::FunctionDef* def = cs::find_function(m, 1);
    REQUIRE(def != nullptr);
    NoGlobals r;
    return cs::compile_function(*def, "t.py", src, r);
}

std::string compile_error(const std::string& src, std::string* cls = nullptr) {
    try {
        compile(src);
    } catch (const cs::ScriptError& e) {
        if (cls) *cls = e.py_class;
        std::string s = e.what();
        return s.substr(0, s.find('\n'));
    }
    return "compiled";
}

}  // namespace

TEST_CASE("script: if on tensor data becomes prim::If and both branches run", "[script]") {
    auto f = compile("def f(x):\n    if x.sum() > 0:\n        y = x * 2\n    else:\n        y = -x\n    return y + 1\n");
    CHECK(f->graph->str().find("prim::If") != std::string::npos);
    graph::verify(*f->graph);
    auto pos = graph::run_graph(*f->graph, {graph::IValue(ones({1}))});
    CHECK(pos[0].to_tensor().item().to_double() == 3.0);
    auto neg = graph::run_graph(*f->graph, {graph::IValue(full({1}, -1.0))});
    CHECK(neg[0].to_tensor().item().to_double() == 2.0);
    CHECK(f->declaration() == "f(Tensor x) -> Tensor");
}

TEST_CASE("script: loops with break/continue and early returns", "[script]") {
    auto f = compile("def f(n: int) -> int:\n    total = 0\n    for i in range(n):\n        if i % 2 == 0:\n"
                     "            continue\n        if i > 7:\n            break\n        total += i\n    return total\n");
    graph::verify(*f->graph);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(20))})[0].to_int() == 16);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(0))})[0].to_int() == 0);
    auto g = compile("def g(n: int) -> int:\n    c = 0\n    while n != 1:\n        if n % 2 == 0:\n            n = n // 2\n"
                     "        else:\n            n = 3 * n + 1\n        c += 1\n    return c\n");
    CHECK(graph::run_graph(*g->graph, {graph::IValue(int64_t(27))})[0].to_int() == 111);
    auto h = compile("def h(x, flag: bool):\n    if flag:\n        return x\n    return x + 1\n");
    auto r = graph::run_graph(*h->graph, {graph::IValue(zeros({1})), graph::IValue(false)});
    CHECK(r[0].to_tensor().item().to_double() == 1.0);
}

TEST_CASE("script: break/continue lower to LoopContinuations, the rest of the body guarded once", "[script]") {
    // PyTorch's LoopContinuations + TransformExits: the statements after an if holding a break are
    // moved under a guard on the loop-carried did-break value, never copied into each branch, so
    // `total += i` (line 8) is one node; a nested loop's break ends only that loop.
    auto f = compile("def f(n: int) -> int:\n    total = 0\n    for i in range(n):\n        if i > 5:\n"
                     "            if i > 7:\n                break\n            total += 100\n        total += i\n"
                     "    return total\n");
    graph::verify(*f->graph);
    std::string g = f->graph->str(true);
    size_t copies = 0;
    for (size_t at = g.find("t.py:8:"); at != std::string::npos; at = g.find("t.py:8:", at + 1)) ++copies;
    CHECK(copies == 1);  // one aten::add at line 8
    CHECK(g.find("prim::LoopContinuation") == std::string::npos);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(20))})[0].to_int() == 0 + 1 + 2 + 3 + 4 + 5 + 106 + 107);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(3))})[0].to_int() == 3);
    auto w = compile("def w(n: int) -> int:\n    c = 0\n    while n > 0:\n        n -= 1\n        if n % 3 == 0:\n"
                     "            continue\n        for j in range(n):\n            if j == 2:\n                break\n"
                     "            c += j\n    return c\n");
    graph::verify(*w->graph);
    // n = 9..1 skipping multiples of 3 (8,7,5,4,2,1): each adds 0+1 (j < 2) or 0 for n=1 (j in [0]).
    CHECK(graph::run_graph(*w->graph, {graph::IValue(int64_t(9))})[0].to_int() == 1 + 1 + 1 + 1 + 1 + 0);
}

TEST_CASE("script: PyTorch's compile errors", "[script]") {
    std::string cls;
    CHECK(compile_error("def f(x):\n    g = lambda t: t\n    return x\n", &cls) == "Lambda aren't supported:");
    CHECK(cls == "UnsupportedNodeError");
    CHECK(compile_error("def f(x, flag: bool):\n    if flag:\n        y = x\n    return y\n") ==
          "y is not defined in the false branch:");
    CHECK(compile_error("def f(x, flag: bool):\n    if flag:\n        y = x\n    else:\n        y = 1\n    return y\n") ==
          "Type mismatch: y is set to type Tensor (inferred) in the true branch and type int in the false branch:");
    CHECK(compile_error("def f(x):\n    return x * SCALE\n").rfind("python value of type 'float' cannot be used", 0) == 0);
    CHECK(compile_error("def f(x):\n    return x.no_such_op()\n") != "compiled");
}

TEST_CASE("script: dicts — literals, indexing, membership, keys in insertion order", "[script]") {
    auto f = compile("def f(n: int):\n    d = {'b': n, 'a': 2}\n    d['c'] = 3\n    t = 0\n"
                     "    for k in d.keys():\n        t = t * 10 + d[k]\n    if 'a' in d:\n        t = t + 1000\n"
                     "    return t + len(d) * 10000\n");
    CHECK(f->graph->str().find("prim::DictConstruct") != std::string::npos);
    CHECK(f->graph->str().find("aten::__getitem__") != std::string::npos);
    auto out = graph::run_graph(*f->graph, {graph::IValue(int64_t(7))});
    CHECK(out[0].to_int() == 30000 + 1000 + 723);
    // An empty literal takes the annotation; without one it is Dict[str, Tensor].
    auto g = compile("def g(n: int) -> Dict[str, int]:\n    d: Dict[str, int] = {}\n    d['n'] = n\n    return d\n");
    auto d = graph::run_graph(*g->graph, {graph::IValue(int64_t(3))})[0];
    REQUIRE(d.is_dict());
    CHECK(d.repr() == "{\"n\": 3}");
    CHECK(compile_error("def h(n: int):\n    d = {}\n    d['n'] = n\n    return d\n") != "compiled");
}

namespace {

// A resolver that also knows one module class (the test fills in its attributes).
struct OneClass : NoGlobals {
    cs::ClassInfo info;
    const cs::ClassInfo* class_info(const std::string& q) override { return q == info.name ? &info : nullptr; }
};

}  // namespace

TEST_CASE("script: module methods read and write attributes through prim::GetAttr/SetAttr", "[script]") {
    std::string src = "def forward(self, x):\n    self.calls = self.calls + 1\n    return x * self.k\n";
    lang::Module m = lang::parse_module(src, "t.py");
    OneClass r;
    r.info.name = "__torch__.M";
    r.info.attributes = {{"k", graph::int_type()}, {"calls", graph::int_type()}};
    auto fn = cs::compile_function(*cs::find_function(m, 1), "t.py", src, r, graph::class_type("__torch__.M"));
    std::string gs = fn->graph->str();
    CHECK(gs.find("prim::GetAttr[name=\"k\"]") != std::string::npos);
    CHECK(gs.find("prim::SetAttr[name=\"calls\"]") != std::string::npos);
    CHECK(fn->params.size() == 1);
    auto obj = std::make_shared<graph::Object>();
    obj->class_name = "__torch__.M";
    obj->set("k", graph::IValue(int64_t(3)));
    obj->set("calls", graph::IValue(int64_t(0)));
    auto out = graph::run_graph(*fn->graph, {graph::IValue::object(obj), graph::IValue(full({1}, 2.0))});
    CHECK(out[0].to_tensor().item().to_double() == 6.0);
    CHECK(obj->find("calls")->to_int() == 1);
    // A missing attribute is a compile error.
    std::string bad = "def forward(self, x):\n    return x * self.nope\n";
    lang::Module bm = lang::parse_module(bad, "t.py");
    CHECK_THROWS_AS(cs::compile_function(*cs::find_function(bm, 1), "t.py", bad, r, graph::class_type("__torch__.M")),
                    cs::ScriptError);
}

TEST_CASE("script: dict values keep insertion order through updates, copies and archives", "[script]") {
    graph::IValue d = graph::IValue::dict();
    d.dict_set(graph::IValue("b"), graph::IValue(int64_t(1)));
    d.dict_set(graph::IValue("a"), graph::IValue(int64_t(2)));
    graph::IValue alias = d;  // a copy shares the entries, as Python references do
    alias.dict_set(graph::IValue("b"), graph::IValue(int64_t(5)));
    CHECK(d.repr() == "{\"b\": 5, \"a\": 2}");
    CHECK(graph::type_equal(d.type(), graph::dict_type(graph::str_type(), graph::int_type())));
    CHECK(graph::ivalue_to_display(d) == "{'b': 5, 'a': 2}");
    CHECK_THROWS_AS(graph::IValue(int64_t(1)).dict_entries(), kiln::Error);
    // An object attribute holding a dict survives save/load.
    graph::Archive a;
    a.kind = "module";
    a.name = "M";
    a.graph = std::make_shared<graph::Graph>();
    a.graph->register_output(a.graph->insert_constant(graph::IValue()));
    a.self = std::make_shared<graph::Object>();
    a.self->class_name = "__torch__.M";
    a.self->set("d", d);
    auto bytes = graph::save_archive(a);
    graph::Archive b = graph::load_archive(bytes.data(), bytes.size());
    REQUIRE(b.self);
    CHECK(graph::ivalue_equal(*b.self->find("d"), d));
}

TEST_CASE("script: early returns in ifs and loops go through TransformExits", "[script]") {
    // A return inside a loop: the loop carries a has-returned flag and the value out and stops.
    auto find = compile(
        "def f(xs: List[int], t: int) -> int:\n    for i in range(len(xs)):\n        if xs[i] == t:\n"
        "            return i\n    return -1\n");
    graph::verify(*find->graph);
    std::string g = find->graph->str();
    CHECK(g.find("prim::ReturnStmt") == std::string::npos);
    CHECK(g.find("prim::Loop") != std::string::npos);
    auto list = [](const std::vector<int64_t>& v) { return graph::IValue::int_list(v); };
    CHECK(graph::run_graph(*find->graph, {list({3, 5, 7}), graph::IValue(int64_t(5))})[0].to_int() == 1);
    CHECK(graph::run_graph(*find->graph, {list({3, 5, 7}), graph::IValue(int64_t(4))})[0].to_int() == -1);
    // A return in one branch: the statements after the if run only on the other path, fused into
    // one If whose output is the function's result.
    auto early = compile("def f(x, k: int):\n    if k > 0:\n        return x + k\n    y = x * 2\n    return y - 1\n");
    graph::verify(*early->graph);
    CHECK(early->graph->str().find("prim::ReturnStmt") == std::string::npos);
    CHECK(graph::run_graph(*early->graph, {graph::IValue(ones({1})), graph::IValue(int64_t(2))})[0]
              .to_tensor().item().to_double() == 3.0);
    CHECK(graph::run_graph(*early->graph, {graph::IValue(ones({1})), graph::IValue(int64_t(-1))})[0]
              .to_tensor().item().to_double() == 1.0);
    // Returning None on one path: the result is Optional.
    auto opt = compile("def f(x, k: int):\n    if k < 0:\n        return None\n    return x\n");
    CHECK(opt->return_type->annotation_str() == "Optional[Tensor]");
}

// The printed constant lines of a graph, in order ("%3 : int = prim::Constant[value=0]() # ...").
static std::vector<std::string> constant_lines(const std::string& g) {
    std::vector<std::string> out;
    std::istringstream in(g);
    std::string l;
    while (std::getline(in, l))
        if (l.find("prim::Constant") != std::string::npos) out.push_back(l);
    return out;
}

TEST_CASE("script: number literals are made once, at the top, and pool in first-use order", "[script]") {
    // PyTorch's then_returns (script_early_return's golden): 0, 2, then 1 located at `y - 1`,
    // which add's alpha (made later, inside the branch) merges into.
    auto f = compile("def f(x, k: int):\n    if k > 0:\n        return x + k\n    y = x * 2\n    return y - 1\n");
    auto c = constant_lines(f->graph->str());
    REQUIRE(c.size() == 3);
    CHECK(c[0] == "  %3 : int = prim::Constant[value=0]() # t.py:2:11");
    CHECK(c[1] == "  %11 : int = prim::Constant[value=2]() # t.py:4:12");
    CHECK(c[2] == "  %14 : int = prim::Constant[value=1]() # t.py:5:15");
    // A minus on a literal folds into one constant at the minus (emitUnaryOp); a local variable
    // is no constant there, but the cleanup's constant propagation on immutable types folds -j and
    // -1 * -j (ConstantPropagationImmutableTypes in runCleanupPasses).
    auto neg = compile("def f(k: int) -> int:\n    j = 3\n    return -1 * -j + k\n");
    std::string g = neg->graph->str();
    CHECK(g.find("aten::neg") == std::string::npos);
    CHECK(g.find("aten::mul") == std::string::npos);
    CHECK(g.find("int = prim::Constant[value=3]()") != std::string::npos);
}

TEST_CASE("script: a for loop that a return can stop becomes a counted while loop", "[script]") {
    auto f = compile(
        "def f(xs: List[int], t: int) -> int:\n    for i in range(len(xs)):\n        if xs[i] == t:\n"
        "            return i\n    return -1\n");
    graph::verify(*f->graph);
    std::string g = f->graph->str();
    // CanonicalizeModifiedLoops: trip count INT64_MAX, start condition len > 0, a counter carried.
    CHECK(g.find("prim::Constant[value=9223372036854775807]()") != std::string::npos);
    CHECK(g.find("aten::__and__") != std::string::npos);
    CHECK(g.find("aten::lt") != std::string::npos);
    std::string code = graph::graph_code(*f->graph, "f");
    CHECK(code.find("while ") != std::string::npos);
    CHECK(code.find("xs[") != std::string::npos);  // aten::__getitem__ prints as an index
    auto list = [](const std::vector<int64_t>& v) { return graph::IValue::int_list(v); };
    CHECK(graph::run_graph(*f->graph, {list({3, 5, 7}), graph::IValue(int64_t(7))})[0].to_int() == 2);
    CHECK(graph::run_graph(*f->graph, {list({}), graph::IValue(int64_t(7))})[0].to_int() == -1);
}

TEST_CASE("script: a raise is a ScriptException with its class and the raising line", "[script]") {
    std::string src = "def f(x, k: int):\n    if k == 0:\n        raise ValueError('k must not be 0')\n    return x + k\n";
    auto f = compile(src);
    try {
        graph::run_graph(*f->graph, {graph::IValue(ones({1})), graph::IValue(int64_t(0))});
        FAIL("no exception");
    } catch (const graph::ScriptException& e) {
        CHECK(e.qualified_class() == "builtins.ValueError");
        CHECK(std::string(e.what()) == "k must not be 0");
        CHECK(graph::script_exception_text(e) ==
              "The following operation failed in the TorchScript interpreter.\n"
              "Traceback of TorchScript (most recent call last):\n"
              "  File \"t.py\", line 3, in f\n"
              "def f(x, k: int):\n"
              "    if k == 0:\n"
              "        raise ValueError('k must not be 0')\n"
              "        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ <--- HERE\n"
              "    return x + k\n"
              "builtins.ValueError: k must not be 0\n");
    }
}

TEST_CASE("script: a subscript's source range ends one past its index list (Subscript::create)", "[script]") {
    // A raise under-lines the frontend's range of the statement. tree_views.h's Subscript::create ends
    // a subscript one character past its list of indices, and a slice is a SliceExpr over the base's
    // range merged with its bounds: `xs[0]` covers its `]`, `xs[1:]` its `:`, `xs[:]` only its `[`.
    auto underline = [](const std::string& index) {
        std::string src = "def f(xs: List[int]):\n    raise ValueError('n' + str(len(xs" + index + ")))\n";
        try {
            graph::run_graph(*compile(src)->graph, {graph::IValue::int_list({1, 2})});
        } catch (const graph::ScriptException& e) {
            std::string t = graph::script_exception_text(e);
            return std::count(t.begin(), t.end(), '~');
        }
        return std::ptrdiff_t(-1);
    };
    // `raise ValueError('n' + str(len(` is 31 characters.
    CHECK(underline("[1:]") == 31 + 5);      // to `xs[1:`
    CHECK(underline("[:]") == 31 + 3);       // to `xs[`
    CHECK(underline("[:2]") == 31 + 6);      // to `xs[:2]`
    CHECK(underline("[0:1:1]") == 31 + 9);   // to `xs[0:1:1]`
    CHECK(underline("[1:][0:]") == 31 + 9);  // to `xs[1:][0:`
}

TEST_CASE("script: an assert is an if whose other branch raises AssertionError, refining what it tests", "[script]") {
    // emitAssert: `if m is not None: pass else: raise AssertionError("")`, so m is Tensor after it.
    std::string src = "def f(x, m: Optional[Tensor]):\n    assert m is not None\n    return x + m\n";
    auto f = compile(src);
    std::string g = f->graph->str(false);
    CHECK(g.find("%m : Tensor = prim::If") != std::string::npos);
    CHECK(g.find("prim::unchecked_cast(%m.1)") != std::string::npos);
    // AssertionError is the emitter's builtin ExceptionValue: the message "AssertionError: " + m
    // is built in the graph (folded to one constant here) and there is no class (None).
    CHECK(g.find("prim::Constant[value=\"AssertionError: \"]") != std::string::npos);
    CHECK(g.find("builtins.AssertionError") == std::string::npos);
    CHECK(graph::graph_code(*f->graph, "f").find("ops.prim.RaiseException(\"AssertionError: \")") != std::string::npos);
    auto ok = graph::run_graph(*f->graph, {graph::IValue(ones({1})), graph::IValue(ones({1}))});
    CHECK(ok[0].to_tensor().item().to_double() == 2.0);
    try {
        graph::run_graph(*f->graph, {graph::IValue(ones({1})), graph::IValue()});
        FAIL("no exception");
    } catch (const graph::ScriptException& e) {
        CHECK(e.qualified_class() == "RuntimeError");
        CHECK(std::string(e.what()) == "AssertionError: ");
        // The frame under-lines the statement as the frontend ranges it: the whole assert.
        CHECK(graph::script_exception_text(e).find("    assert m is not None\n    ~~~~~~~~~~~~~~~~~~~~ <--- HERE\n") !=
              std::string::npos);
    }
    // A message that is not a string goes through aten::str, then aten::add onto "AssertionError: ".
    auto h = compile("def h(k: int):\n    assert k < 3, k\n    return k\n");
    std::string hg = h->graph->str(false);
    CHECK(hg.find("aten::str(%k.1)") != std::string::npos);
    CHECK(hg.find("aten::add(") != std::string::npos);
    // A string message's range stops before its closing quote (build_Str: col + len(value) + 1).
    auto q = compile("def q(k: int):\n    assert k < 3, 'big'\n    return k\n");
    try {
        graph::run_graph(*q->graph, {graph::IValue(int64_t(5))});
        FAIL("no exception");
    } catch (const graph::ScriptException& e) {
        CHECK(std::string(e.what()) == "AssertionError: big");
        CHECK(graph::script_exception_text(e).find("    assert k < 3, 'big'\n    ~~~~~~~~~~~~~~~~~~ <--- HERE\n") !=
              std::string::npos);
    }
}

TEST_CASE("script: a variable declared Optional keeps its declared type through loops and refinements", "[script]") {
    // `found: Optional[int] = None` holds a NoneType value, but reads of it are Optional[int]
    // (PyTorch's type table): the loop carries Optional[int], `found is not None` is not static.
    std::string src =
        "def g(xs: List[int], key: int) -> int:\n    found: Optional[int] = None\n    for v in xs:\n"
        "        if v == key:\n            found = v\n    assert found is not None, key\n    return found + 1\n";
    auto f = compile(src);
    std::string g = f->graph->str(false);
    CHECK(g.find("%found.1 : NoneType = prim::Constant()") != std::string::npos);
    CHECK(g.find("int? = prim::Loop") != std::string::npos);
    CHECK(g.find("aten::__isnot__") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue::int_list({1, 2}), graph::IValue(int64_t(2))});
    CHECK(r[0].to_int() == 3);
}

TEST_CASE("script: a factory's int size leaves the dead list of the named overload PyTorch tries first", "[script]") {
    // matchSchemas tries zeros.names(int[] size, *, Dimname[]? names, ...) before zeros: packing
    // the 3 into a list, then failing on `names`. That list (%2) is dead code, but numbered.
    auto f = compile("def f(x):\n    t = torch.zeros(3)\n    return t\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("%3 : int[] = prim::ListConstruct(%1)") != std::string::npos);
    CHECK(g.find("%t.1 : Tensor = aten::zeros(%3, %4, %4, %4, %4)") != std::string::npos);
    // A list given as a list is matched without packing: no dead value.
    auto h = compile("def h(x):\n    t = torch.zeros([3])\n    return t\n");
    CHECK(h->graph->str(false).find("%2 : int[] = prim::ListConstruct(%1)") != std::string::npos);
}

TEST_CASE("script: the math module's functions are aten ops on int and float, its constants constants", "[script]") {
    // torch/jit/_builtins.py: math.sqrt -> aten::sqrt (sqrt.int(int a) -> float), math.floor ->
    // aten::floor (-> int), math.log(x, base) -> aten::log.int_int; math.pi is a float constant.
    auto f = compile("def f(n: int, x: float):\n    return math.sqrt(n) + math.floor(x) + math.log(n, 2) + math.pi\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("float = aten::sqrt(%n.1)") != std::string::npos);
    CHECK(g.find("int = aten::floor(%x.1)") != std::string::npos);
    CHECK(g.find("float = prim::Constant[value=3.1415926535897931]()") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue(int64_t(16)), graph::IValue(2.5)});
    CHECK(std::fabs(r[0].to_double() - (4.0 + 2.0 + 4.0 + 3.141592653589793)) < 1e-12);
}

TEST_CASE("script: slices of lists, strings and tuples follow Python's slice rules", "[script]") {
    // emitSlice: aten::slice.t / aten::slice.str (start, end, step); a tuple slice has constant
    // bounds and becomes prim::TupleIndex items in a new tuple.
    auto f = compile("def f(xs: List[int], s: str):\n    return xs[1:], xs[::-1], xs[-10:2], s[1:3], len(xs[5:])\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("int[] = aten::slice(%xs.1,") != std::string::npos);
    CHECK(g.find("str = aten::slice(%s.1,") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue::int_list({1, 2, 3, 4}), graph::IValue(std::string("hello"))});
    const auto& items = r[0].items();
    CHECK(items[0].to_int_list() == std::vector<int64_t>{2, 3, 4});
    CHECK(items[1].to_int_list() == std::vector<int64_t>{4, 3, 2, 1});
    CHECK(items[2].to_int_list() == std::vector<int64_t>{1, 2});
    CHECK(items[3].to_string() == "el");
    CHECK(items[4].to_int() == 0);
    auto t = compile("def t(p: Tuple[int, float, str]):\n    return p[1:]\n");
    CHECK(t->graph->str(false).find("(float, str) = prim::TupleConstruct") != std::string::npos);
}

TEST_CASE("script: the named tuples ops return have their fields (.values, .indices)", "[script]") {
    // packOutputs names the tuple after the schema's returns; SimpleValue::attr reads a field with
    // prim::TupleIndex, which LowerSimpleTuples folds into the op's output.
    auto f = compile("def f(x):\n    return x.max(dim=-1, keepdim=True).values + torch.sort(x).indices\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("prim::TupleIndex") == std::string::npos);
    CHECK(g.find("%6 : Tensor, %7 : Tensor = aten::max(%x.1, %4, %5)") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue(ones({2}))});
    CHECK(r[0].to_tensor().numel() == 2);
}

TEST_CASE("script: f-strings and str.format are aten::format", "[script]") {
    // build_JoinedStr: f"k={k} d={x.dim()}" is "k={} d={}".format(k, x.dim()); each {} takes the
    // next argument as it prints. Conversions and format specs are refused as PyTorch refuses them.
    auto f = compile("def f(x, k: int):\n    return f\"k={k} d={x.dim()}\" + \"/{}\".format(1.5)\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("prim::Constant[value=\"k={} d={}\"]") != std::string::npos);
    CHECK(g.find("str = aten::format(") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue(ones({2, 2})), graph::IValue(int64_t(3))});
    CHECK(r[0].to_string() == "k=3 d=2/1.5");
    std::string cls;
    CHECK(compile_error("def g(k: int):\n    return f\"{k!r}\"\n", &cls) == "Don't support conversion in JoinedStr:");
    CHECK(cls == "NotSupportedError");
    CHECK(compile_error("def g(k: float):\n    return f\"{k:.2f}\"\n") == "Don't support formatting in JoinedStr:");
}

namespace {
struct Classes : NoGlobals {
    std::map<std::string, cs::ClassInfo> infos;
    const cs::ClassInfo* class_info(const std::string& q) override {
        auto it = infos.find(q);
        return it == infos.end() ? nullptr : &it->second;
    }
};
}  // namespace

TEST_CASE("script: a for loop over a module container is unrolled over its submodules", "[script]") {
    // emitUnrolledLoop: `for i, layer in enumerate(self.layers)` emits the body once per child,
    // the index a constant, the child a prim::GetAttr (a numeric field prints getattr(l, "0"));
    // a ModuleDict's items() give the keys as constants. No forward of the container is needed.
    Classes r;
    auto& m = r.infos["__torch__.M"];
    m.name = "__torch__.M";
    m.attributes = {{"layers", graph::class_type("__torch__.L")}, {"heads", graph::class_type("__torch__.D")}};
    auto& l = r.infos["__torch__.L"];
    l.name = "__torch__.L";
    l.container = "ModuleList";
    l.attributes = {{"training", graph::bool_type()}, {"0", graph::class_type("__torch__.C")}, {"1", graph::class_type("__torch__.C")}};
    auto& d = r.infos["__torch__.D"];
    d.name = "__torch__.D";
    d.container = "ModuleDict";
    d.attributes = {{"a", graph::class_type("__torch__.C")}};
    auto& c = r.infos["__torch__.C"];
    c.name = "__torch__.C";
    auto fwd = std::make_shared<cs::CompiledFunction>(*compile("def forward(x):\n    return x + 1\n"));
    c.method = [fwd](const std::string& n) -> std::optional<cs::MethodRef> {
        if (n != "forward") return std::nullopt;
        return cs::MethodRef{fwd, false, fwd->return_type};
    };
    std::string src =
        "def forward(self, x):\n    for i, layer in enumerate(self.layers):\n        x = layer(x) * i\n"
        "    for k, h in self.heads.items():\n        x = h(x)\n    return x\n";
    lang::Module mod = lang::parse_module(src, "t.py");
    auto fn = cs::compile_function(*cs::find_function(mod, 1), "t.py", src, r, graph::class_type("__torch__.M"));
    std::string g = fn->graph->str(false);
    CHECK(g.find("prim::Loop") == std::string::npos);
    CHECK(g.find("prim::GetAttr[name=\"0\"](%layers)") != std::string::npos);
    CHECK(g.find("prim::GetAttr[name=\"1\"](%layers)") != std::string::npos);
    CHECK(g.find("prim::GetAttr[name=\"a\"](%heads)") != std::string::npos);
    CHECK(graph::graph_code(*fn->graph, "forward").find("getattr(layers, \"0\")") != std::string::npos);
}

TEST_CASE("script: the cleanup folds immutable-typed nodes and If outputs both blocks give alike", "[script]") {
    // ConstantPropagationImmutableTypes: float("-inf") (aten::Float.str) and 2 * 3 become constants,
    // tensor ops stay; an If output that both blocks give as one value is that value.
    auto f = compile("def f(x, n: int):\n    return x.masked_fill(x == 0, float(\"-inf\")), 2 * 3 + n\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("float = prim::Constant[value=-inf]()") != std::string::npos);
    CHECK(g.find("int = prim::Constant[value=6]()") != std::string::npos);
    CHECK(g.find("aten::Float") == std::string::npos);
    CHECK(g.find("aten::masked_fill") != std::string::npos);
    auto h = compile("def h(x, k: int):\n    y = x\n    if k > 0:\n        z = 1\n    else:\n        z = 1\n    return y + z\n");
    std::string hg = h->graph->str(false);
    CHECK(hg.find("prim::If") == std::string::npos);
    auto r = graph::run_graph(*h->graph, {graph::IValue(ones({1})), graph::IValue(int64_t(3))});
    CHECK(r[0].to_tensor().item().to_double() == 2.0);
}

TEST_CASE("script: loops over zip() and enumerate() are PyTorch's IterableTree loops", "[script]") {
    // The trip count is prim::min of the base iterables' lengths (enumerate's counter up to
    // INT64_MAX); each step binds the nested tuple of items; enumerate(xs, 1) derives its index.
    auto f = compile(
        "def f(xs: List[int], ws: List[float]) -> float:\n    s = 0.0\n"
        "    for i, (x, w) in enumerate(zip(xs, ws)):\n        s = s + x * w + i\n"
        "    for j, x in enumerate(xs, 1):\n        s = s * j\n    return s\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("int = prim::min(") != std::string::npos);
    CHECK(g.find("aten::__derive_index") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue::int_list({1, 2, 3}), graph::IValue::list({graph::IValue(0.5), graph::IValue(2.0)})});
    // (0 + 1*0.5 + 0) + 2*2 + 1 = 5.5, then * 1 * 2 * 3 = 33
    CHECK(r[0].to_double() == 33.0);
}

TEST_CASE("script: list methods, sum/any/all of lists and the builtins min/max", "[script]") {
    // aten::copy.t/insert.t/extend.t/sort.int/pop.t/reverse.t change or copy the list as Python
    // does; min(a, b) and max(list) are prim::min / prim::max, as TorchScript's builtins are.
    auto f = compile(
        "def f(xs: List[int], n: int, m: int):\n    ys = xs.copy()\n    ys.insert(0, 5)\n    ys.extend([1, 2])\n"
        "    ys.sort()\n    p = ys.pop()\n    ys.reverse()\n"
        "    return ys, p, sum(ys), min(n, m), max(ys), any([n > 0, m > 0]), all([n > 0, m > 0]), xs\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("int = prim::min(%n.1, %m.1)") != std::string::npos);
    CHECK(g.find("= prim::max(%ys.1)") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue::int_list({3, 9}), graph::IValue(int64_t(4)), graph::IValue(int64_t(-2))});
    const auto& t = r[0].items();
    CHECK(t[0].to_int_list() == std::vector<int64_t>{5, 3, 2, 1});
    CHECK(t[1].to_int() == 9);
    CHECK(t[2].to_int() == 11);
    CHECK(t[3].to_int() == -2);
    CHECK(t[4].to_int() == 5);
    CHECK(t[5].to_bool());
    CHECK(!t[6].to_bool());
    CHECK(t[7].to_int_list() == std::vector<int64_t>{3, 9});  // copy() left the argument alone
}

TEST_CASE("script: isinstance is decided statically or by prim::isinstance, refining an Optional", "[script]") {
    // emitIsInstance: an Optional[Tensor] against Tensor is a run-time prim::isinstance whose true
    // branch sees the Tensor; an int against float is a constant False (the branch is not compiled),
    // a list against (list, tuple) a constant True.
    auto f = compile(
        "def f(x: Optional[Tensor], y, n: int, xs: List[int]):\n    if isinstance(x, Tensor):\n        y = y + x\n"
        "    if isinstance(n, float):\n        y = y * 100\n    if isinstance(xs, (list, tuple)):\n        y = y + 1\n"
        "    return y\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("bool = prim::isinstance[types=[Tensor]](%x.1)") != std::string::npos);
    CHECK(g.find("prim::unchecked_cast(%x.1)") != std::string::npos);
    CHECK(g.find("aten::mul") == std::string::npos);
    // python_print never inlines a prim::isinstance (canInline): it gets a variable, then the if.
    std::string code = graph::graph_code(*f->graph, "f");
    CHECK(code.find("_0 = isinstance(x, Tensor)\n  if _0:") != std::string::npos);
    CHECK(code.find("if isinstance(") == std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue(), graph::IValue(ones({1})), graph::IValue(int64_t(1)),
                                          graph::IValue::int_list({1})});
    CHECK(r[0].to_tensor().item().to_double() == 2.0);
}

TEST_CASE("script: list comprehensions are a loop appending to a new list", "[script]") {
    // emitListComprehension: an empty list typed by the element, the loop (over a range, a list or
    // zip) in its own scope appending each element; `ifs` stay PyTorch's NotSupportedError.
    auto f = compile("def f(xs: List[int], n: int):\n    return [i * i for i in range(n)], [a + b for a, b in zip(xs, xs)]\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("int[] = aten::append(") != std::string::npos);
    auto r = graph::run_graph(*f->graph, {graph::IValue::int_list({1, 2}), graph::IValue(int64_t(3))});
    CHECK(r[0].items()[0].to_int_list() == std::vector<int64_t>{0, 1, 4});
    CHECK(r[0].items()[1].to_int_list() == std::vector<int64_t>{2, 4});
    std::string cls;
    CHECK(compile_error("def g(xs: List[int]):\n    return [x for x in xs if x > 0]\n", &cls) ==
          "Comprehension ifs are not supported yet:");
    CHECK(cls == "NotSupportedError");
}

TEST_CASE("script: str methods are aten's string ops with Python's results", "[script]") {
    auto f = compile(
        "def f(s: str, xs: List[str]):\n    return s.startswith(\"ab\"), s.endswith(\"yz\"), s.upper(), s.strip(), "
        "s.split(), \"-\".join(xs), s.replace(\"a\", \"b\"), s.find(\"z\"), \"a,b,,c\".split(\",\")\n");
    auto r = graph::run_graph(*f->graph, {graph::IValue(std::string("  abxyz \n")),
                                          graph::IValue::list({graph::IValue(std::string("p")), graph::IValue(std::string("q"))})});
    const auto& t = r[0].items();
    CHECK(!t[0].to_bool());
    CHECK(!t[1].to_bool());
    CHECK(t[2].to_string() == "  ABXYZ \n");
    CHECK(t[3].to_string() == "abxyz");
    CHECK(t[4].items().size() == 1);
    CHECK(t[5].to_string() == "p-q");
    CHECK(t[6].to_string() == "  bbxyz \n");
    CHECK(t[7].to_int() == 6);
    CHECK(t[8].items().size() == 4);
    CHECK(t[8].items()[2].to_string().empty());
}

TEST_CASE("script: a tensor index is gathered by one aten::index over the sliced tensor", "[script]") {
    // emitIntAndSliceIndexing sets a tensor index aside at its dimension (None in the holes) and
    // emitIndex applies them with aten::index(sliced, Tensor?[]): x[1:, idx, None, 0] slices,
    // unsqueezes and selects first, then indexes dim 1. The batch_gather loop of real programs
    // (`tensor[i][indices[i]]`) indexes with a 0-dim tensor.
    auto f = compile("def f(x, idx):\n    return x[1:, idx, None, 0]\n");
    std::string g = f->graph->str(false);
    CHECK(g.find("Tensor?[] = prim::ListConstruct(%") != std::string::npos);
    CHECK(g.find("aten::index(") != std::string::npos);
    Tensor x = reshape(arange(0, 24, 1), {2, 4, 3});
    auto r = graph::run_graph(*f->graph, {graph::IValue(x), graph::IValue(arange(0, 4, 2))});
    Tensor y = r[0].to_tensor();
    CHECK(y.sizes() == std::vector<int64_t>{1, 2, 1});
    CHECK(select(flatten(y), 0, 0).item().to_double() == 12.0);
    CHECK(select(flatten(y), 0, 1).item().to_double() == 18.0);
    auto b = compile("def b(t, i):\n    out = []\n    for k in range(t.size(0)):\n        out += [t[k][i[k]]]\n"
                     "    return torch.stack(out)\n");
    auto rb = graph::run_graph(*b->graph, {graph::IValue(x), graph::IValue(arange(3, 0, -2))});
    CHECK(rb[0].to_tensor().sizes() == std::vector<int64_t>{2, 3});
    CHECK(sum(rb[0].to_tensor()).item().to_double() == (9 + 10 + 11) + (15 + 16 + 17));
    CHECK(compile_error("def s(x, k: str):\n    return x[k]\n") ==
          "Unsupported operation: indexing tensor with unsupported index type 'str'. Only ints, slices, lists and "
          "tensors are supported:");
}

namespace {

// A resolver whose globals are the module's other functions, compiled on demand when a call site
// resolves them (bindings/jit_script.cpp's PythonFunction), so a callee's error is raised while its
// callers' compilers are still running.
struct SiblingFunctions : cs::Resolver {
    const lang::Module* module = nullptr;
    std::string source;
    cs::GlobalRef lookup(const std::string& name) override {
        cs::GlobalRef r;
        for (const auto& s : module->body)
            if (s->kind == lang::StmtKind::FunctionDef && lang::cast<lang::FunctionDef>(*s).name == name) {
                const auto* def = &lang::cast<lang::FunctionDef>(*s);
                r.kind = cs::GlobalRef::Kind::PythonFunction;
                r.compile = [this, def]() { return std::shared_ptr<const cs::CompiledFunction>(cs::compile_function(*def, "t.py", source, *this)); };
            }
        return r;
    }
};

std::string nested_compile_error(const std::string& src, int line) {
    lang::Module m = lang::parse_module(src, "t.py");
    SiblingFunctions r;
    r.module = &m;
    r.source = src;
    try {
        cs::compile_function(*cs::find_function(m, line), "t.py", src, r);
    } catch (const cs::ScriptError& e) {
        return e.what();
    }
    return "compiled";
}

}  // namespace

TEST_CASE("script: an error in a called function names each caller and its call (ErrorReport::CallStack)", "[script]") {
    // PyTorch's text: the error with its excerpt (two lines of context each side, within the function),
    // then per caller "'callee' is being compiled since it was called from 'caller'" and the caller's
    // pending expression (the call, highlighted before its arguments were emitted), under-lined over
    // the frontend's range of the call: callee through the last argument, the ')' outside (as the
    // PyTorch 2.11 golden of jit/script_error_call_stack shows).
    const std::string src =
        "def c(x: int) -> int:\n"
        "    y = x * 2\n"
        "    return y + undefined_name\n"
        "\n"
        "def b(x: int) -> int:\n"
        "    return c(x) + 1\n"
        "\n"
        "def a(x: int) -> int:\n"
        "    z = x\n"
        "    return b(z)\n";
    CHECK(nested_compile_error(src, 8) ==
          "undefined value undefined_name:\n"
          "  File \"t.py\", line 3\n"
          "def c(x: int) -> int:\n"
          "    y = x * 2\n"
          "    return y + undefined_name\n"
          "               ~~~~~~~~~~~~~~ <--- HERE\n"
          "'c' is being compiled since it was called from 'b'\n"
          "  File \"t.py\", line 6\n"
          "def b(x: int) -> int:\n"
          "    return c(x) + 1\n"
          "           ~~~ <--- HERE\n"
          "'b' is being compiled since it was called from 'a'\n"
          "  File \"t.py\", line 10\n"
          "def a(x: int) -> int:\n"
          "    z = x\n"
          "    return b(z)\n"
          "           ~~~ <--- HERE\n");
    // Compiled on its own, the callee's error has no trailer.
    CHECK(nested_compile_error(src, 1).find("is being compiled") == std::string::npos);
}

TEST_CASE("script: the truth of a str or a list is its length's, as PyTorch 2.11 compiles it", "[script]") {
    // aten::Bool has Tensor, int and float overloads; a str or a list is tested through aten::len.
    auto f = compile("def f(s: str) -> int:\n    if s:\n        return 1\n    return 0\n");
    CHECK(f->graph->str().find("aten::len") != std::string::npos);
    auto g = compile("def f(xs: List[int]) -> int:\n    while xs:\n        return 1\n    return 0\n");
    CHECK(g->graph->str().find("aten::len") != std::string::npos);
    CHECK(compile_error("def f(x: Optional[int]) -> int:\n    if x:\n        return 1\n    return 0\n") ==
          "Could not cast value of type Optional[int] to bool:");
}
