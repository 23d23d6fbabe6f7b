// The script compiler (see compiler.h): walks a FunctionDef and emits graph nodes.
//
// Variables live in a stack of scopes (one per block being emitted). Control flow follows TorchScript:
//  - `if` becomes prim::If; a name (re)assigned in a branch becomes an output of the If when both
//    branches (or the enclosing scope) define it, otherwise the name is poisoned with PyTorch's
//    "y is not defined in the false branch" error, raised where it is next read. A condition that is
//    a constant (torch.jit.is_scripting()) compiles only the branch taken, as TorchScript's
//    metaprogramming does.
//  - A return is emitted as PyTorch emits it: a prim::ReturnStmt where it stands, the rest of its
//    block not emitted, and a branch that returned (or raised) giving the variables of the other
//    branch uninitialized values; transform_exits (PyTorch's TransformExits) then removes the
//    ReturnStmts, conditionalizing what follows a maybe-returning If or loop.
//  - break and continue are emitted as the prim::LoopContinuation PyTorch's LoopContinuations
//    makes of them: the loop's continue condition (false for a break) and the carried variables as
//    they stand; transform_exits then makes them loop-carried did-exit values and guards the rest
//    of the body with an If, as PyTorch's TransformExits does. Unlike a return they mark no exit
//    block (PyTorch's emitBreak/emitContinue add none to exit_blocks): the statements after one
//    are emitted (and deleted by transform_exits), and an If whose branch breaks reads that
//    branch's variables as it reads any branch's.
//  - Loops become prim::Loop; the names assigned in the body that are defined before the loop are
//    carried (block parameters in, block returns out, node outputs after). A loop over a module
//    container (ModuleList, ModuleDict, Sequential) is unrolled instead (emitUnrolledLoop).
//  - `assert c, m` is PyTorch's emitAssert: an if statement whose else branch raises
//    AssertionError(m), so it refines as an if does. A variable's declared type (`x: Optional[int]
//    = None`) is what its reads see (PyTorch's type table), not its value's type.
// Operators resolve by name and argument types against graph::overloads(), exact matches first,
// then with the conversions TorchScript allows (int for float, an int for int[]).
// Value names and numbers follow PyTorch's emitter, which writes variables as prim::Store/Load nodes
// and converts to SSA afterwards: Kiln emits SSA directly but makes a transient value (Graph::
// transient_value) wherever PyTorch makes a value that later disappears (each variable read, the
// parent-frame check of an assignment, emitToBool's constant 0, the reads after an if), makes If
// outputs last in ConvertToSSA's order, and ends with PyTorch's cleanup passes (LowerSimpleTuples,
// dead code elimination, ConstantPooling). Number literals are made once per value at the top of
// the graph (materializeConstant), which decides where ConstantPooling leaves them. Loops take
// ConvertToSSA's numbers (the carried parameters and outputs in name order, a while condition
// copied before the loop as InlineLoopCondition does) and CanonicalizeModifiedLoops' shape; a
// break/continue's cloned loads, and a continue's copy of the while condition, are numbered at the
// LoopContinuations point (number_continuations); a copied read claims its name twice, as
// Block::cloneFrom copies metadata twice (Graph::transient_clone).
#include "capture/script/compiler.h"
#include "capture/script/exit_transforms.h"

#include <climits>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <unordered_set>

#include "graph/edit.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "graph/script_traceback.h"

namespace kiln::capture::script {

using namespace kiln::lang;
using graph::IValue;
using graph::TypeKind;
using graph::TypePtr;
using GValue = graph::Value;

namespace {

// The source range PyTorch's frontend gives an expression (torch/jit/frontend.py builds each tree
// node from a small range of its own, and the C++ tree's Compound::create merges a node's range
// with its children's): a name, a number (`str(value)` long) or None/True/False covers its text; a
// string literal its opening quote and value (`col + len(value) + 1`: not the closing quote); a
// list, tuple, dict or f-string its first character; a call is its callee merged with its
// arguments (the closing parenthesis is outside); operators merge their operands. An error frame
// under-lines this range, so `raise ValueError("m")` stops before `")`.
struct PtRange {
    SourcePos start, end;  // 1-based columns, end exclusive
};

bool pos_less(const SourcePos& a, const SourcePos& b) { return a.line != b.line ? a.line < b.line : a.col < b.col; }

void merge_range(PtRange& r, const PtRange& o) {
    if (pos_less(o.start, r.start)) r.start = o.start;
    if (pos_less(r.end, o.end)) r.end = o.end;
}

PtRange leaf_range(const SourceSpan& sp, size_t len) { return {{sp.line, sp.col}, {sp.line, sp.col + int(len)}}; }

size_t utf8_chars(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

PtRange frontend_range(const Expr& e) {
    auto merged = [](PtRange r, const ExprList& parts) {
        for (const auto& p : parts)
            if (p) merge_range(r, frontend_range(*p));
        return r;
    };
    switch (e.kind) {
        case ExprKind::Name: return leaf_range(e.span, cast<Name>(e).id.size());
        case ExprKind::Constant: {
            const auto& c = cast<Constant>(e);
            switch (c.value_kind) {
                case ConstantKind::None: return leaf_range(e.span, 4);
                case ConstantKind::True: return leaf_range(e.span, 4);
                case ConstantKind::False: return leaf_range(e.span, 5);
                case ConstantKind::Str: return leaf_range(e.span, utf8_chars(c.str_value) + 1);
                case ConstantKind::Ellipsis: return leaf_range(e.span, 3);
                case ConstantKind::Int:
                    if (c.str_value.empty()) return leaf_range(e.span, std::to_string(c.int_value).size());
                    break;
                default: break;
            }
            return {e.span.start(), e.span.end()};
        }
        case ExprKind::Call: {
            const auto& c = cast<Call>(e);
            PtRange r = merged(frontend_range(*c.func), c.args);
            for (const auto& k : c.keywords) merge_range(r, frontend_range(*k.value));
            return r;
        }
        case ExprKind::Attribute: {
            PtRange r = frontend_range(*cast<Attribute>(e).value);
            merge_range(r, {e.span.end(), e.span.end()});
            return r;
        }
        case ExprKind::Subscript: {
            // build_Subscript makes a list of index expressions, each slice a SliceExpr over the
            // base's range merged with its bounds (build_SliceExpr); tree_views.h's Subscript::create
            // then ends the whole range one character past that list (its closing bracket when the
            // last index ends at it: `xs[0]` covers `]`, `xs[1:]` its `:`, `xs[:]` its `[`).
            const auto& s = cast<Subscript>(e);
            const PtRange base = frontend_range(*s.value);
            auto index_range = [&](const Expr& x) {
                if (x.kind != ExprKind::Slice) return frontend_range(x);
                const auto& sl = cast<Slice>(x);
                PtRange r = base;
                for (const ExprPtr* p : {&sl.lower, &sl.upper, &sl.step})
                    if (*p) merge_range(r, frontend_range(**p));
                return r;
            };
            PtRange r = base;
            PtRange list{};
            bool have = false;
            auto add = [&](const PtRange& x) {
                if (!have) list = x;
                else merge_range(list, x);
                have = true;
            };
            if (s.slice->kind == ExprKind::Tuple && !cast<lang::Tuple>(*s.slice).elts.empty()) {
                for (const auto& elt : cast<lang::Tuple>(*s.slice).elts) add(index_range(*elt));
            } else if (s.slice->kind == ExprKind::Tuple) {
                add(leaf_range(s.slice->span, 2));  // `x[()]`: the frontend's two-character TupleLiteral
            } else {
                add(index_range(*s.slice));
            }
            merge_range(r, list);
            merge_range(r, {list.end, {list.end.line, list.end.col + 1}});
            return r;
        }
        case ExprKind::Slice: {
            const auto& s = cast<Slice>(e);
            PtRange r = leaf_range(e.span, 1);
            for (const ExprPtr* p : {&s.lower, &s.upper, &s.step})
                if (*p) merge_range(r, frontend_range(**p));
            return r;
        }
        case ExprKind::BinOp: {
            const auto& b = cast<BinOp>(e);
            PtRange r = frontend_range(*b.left);
            merge_range(r, frontend_range(*b.right));
            return r;
        }
        case ExprKind::UnaryOp: {
            PtRange r = leaf_range(e.span, 1);
            merge_range(r, frontend_range(*cast<UnaryOp>(e).operand));
            return r;
        }
        case ExprKind::BoolOp: {
            const auto& b = cast<BoolOp>(e);
            return merged(frontend_range(*b.values.at(0)), b.values);
        }
        case ExprKind::Compare: {
            const auto& c = cast<Compare>(e);
            return merged(frontend_range(*c.left), c.comparators);
        }
        case ExprKind::IfExp: {
            const auto& i = cast<IfExp>(e);
            PtRange r = frontend_range(*i.body);
            merge_range(r, frontend_range(*i.test));
            merge_range(r, frontend_range(*i.orelse));
            return r;
        }
        case ExprKind::Starred: return merged(leaf_range(e.span, 1), {});
        case ExprKind::List: return merged(leaf_range(e.span, 1), cast<lang::List>(e).elts);
        case ExprKind::Tuple: return merged(leaf_range(e.span, 1), cast<lang::Tuple>(e).elts);
        case ExprKind::Dict: {
            const auto& d = cast<Dict>(e);
            return merged(merged(leaf_range(e.span, 1), d.keys), d.values);
        }
        case ExprKind::JoinedStr: {
            PtRange r = leaf_range(e.span, 1);
            for (const auto& v : cast<JoinedStr>(e).values)
                if (v->kind == ExprKind::FormattedValue) merge_range(r, frontend_range(*cast<FormattedValue>(*v).value));
            return r;
        }
        case ExprKind::ListComp: {
            const auto& l = cast<ListComp>(e);
            PtRange r = leaf_range(e.span, 0);
            merge_range(r, frontend_range(*l.elt));
            for (const auto& g : l.generators) {
                merge_range(r, frontend_range(*g.target));
                merge_range(r, frontend_range(*g.iter));
            }
            return r;
        }
        default: return {e.span.start(), e.span.end()};
    }
}

SourceSpan frontend_span(const Expr& e) {
    PtRange r = frontend_range(e);
    return SourceSpan::from(r.start, r.end);
}

// A statement's range as the frontend builds it: its keyword (`raise`, `assert`) merged with its
// expressions' ranges.
SourceSpan keyword_statement_range(const SourceSpan& stmt, size_t keyword, std::initializer_list<const Expr*> parts) {
    PtRange r = leaf_range(stmt, keyword);
    for (const Expr* p : parts)
        if (p) merge_range(r, frontend_range(*p));
    return SourceSpan::from(r.start, r.end);
}

// Ops TorchScript emits for range() loops that the op table does not hold.
void ensure_script_ops() {
    static std::once_flag once;
    std::call_once(once, [] {
        graph::register_op("aten::__range_length(int lo, int hi, int step) -> int", [](graph::IValueList& a) {
            int64_t lo = a.at(0).to_int(), hi = a.at(1).to_int(), step = a.at(2).to_int();
            KILN_CHECK(step != 0, RuntimeError, "range() arg 3 must not be zero");
            int64_t n = 0;
            if (step > 0 && lo < hi) n = (hi - lo + step - 1) / step;
            if (step < 0 && lo > hi) n = (lo - hi - step - 1) / (-step);
            return graph::IValueList{IValue(n)};
        });
        graph::register_op("aten::__derive_index(int index, int start, int step) -> int", [](graph::IValueList& a) {
            return graph::IValueList{IValue(a.at(1).to_int() + a.at(0).to_int() * a.at(2).to_int())};
        });
    });
}

struct Binding {
    GValue* v = nullptr;
    std::string error;  // poisoned: reading the name raises this
    // The variable's type where it is not v's own: PyTorch's emitter keeps a type table beside the
    // values (Environment::insertStore stores the annotated type of `x: Optional[int] = None`, and
    // a plain `y = x` stores the type x was read with), and every read (a prim::Load) has that
    // type, so `x is None` is not decided statically, x is refined, and a loop or an if carrying x
    // carries Optional[int]. The graph keeps v's own type (EraseLoadStores puts v in the Load's place).
    TypePtr declared;
    // A submodule (PyTorch's ModuleValue, a sugared value): setSugaredVar keeps it in the frame's
    // value table, so binding it makes no Store and no name, and reading it makes no Load.
    bool sugared = false;
};

struct Scope {
    std::map<std::string, Binding> vars;
    std::vector<std::string> assigned;  // in first-assignment order
    // Loop-carried names bound to the loop block's params: PyTorch's emitter adds those params only
    // in ConvertToSSA, so while it emits the body the names live in the parent frame.
    std::set<std::string> carried;
    bool raised = false;                // every path through the block raised
    bool returned = false;              // every path returned or raised (PyTorch's exit_blocks)
    void assign(const std::string& n, Binding b) {
        if (!vars.count(n) || std::find(assigned.begin(), assigned.end(), n) == assigned.end()) assigned.push_back(n);
        vars[n] = std::move(b);
    }
};

enum class SVKind { Value, Module, Script, PyFunc, Builtin, Method, PyValue, ClassMethod };
struct SV {
    SVKind kind = SVKind::Value;
    GValue* v = nullptr;  // Value; Method: the receiver
    std::string name;     // Module/Builtin: qualified name; Method: method name; PyValue: type name
    GlobalRef ref;
};

// The tensor methods that convert the dtype (sugared_value.cpp's builtin_cast_method_to_scalar_type):
// x.float() compiles to aten::to(x, 6).
std::optional<DType> cast_method_dtype(const std::string& name) {
    static const std::map<std::string, DType> casts = {
        {"byte", DType::UInt8},   {"char", DType::Int8},         {"double", DType::Float64},
        {"float", DType::Float32}, {"cfloat", DType::Complex64}, {"cdouble", DType::Complex128},
        {"int", DType::Int32},    {"long", DType::Int64},        {"short", DType::Int16},
        {"half", DType::Float16}};
    auto it = casts.find(name);
    return it == casts.end() ? std::nullopt : std::optional<DType>(it->second);
}

const std::set<std::string> kBuiltins = {"range", "len", "print", "int", "float", "bool", "min", "max", "abs", "str",
                                         "isinstance", "list", "sorted", "sum", "enumerate", "zip", "getattr",
                                         "any", "all"};
const std::set<std::string> kSubmodules = {"torch.nn", "torch.nn.functional", "torch.jit", "torch.linalg",
                                           "torch.fft", "torch.special"};

// A break or continue (of the loop being emitted) in `s`: an unrolled loop refuses one, and a while
// loop holding one keeps its condition's emissions as they come (see StmtKind::While).
bool has_loop_exit(const Stmt& s) {
    switch (s.kind) {
        case StmtKind::Break:
        case StmtKind::Continue: return true;
        case StmtKind::If: {
            const auto& i = cast<lang::If>(s);
            for (const auto& b : i.body) if (has_loop_exit(*b)) return true;
            for (const auto& b : i.orelse) if (has_loop_exit(*b)) return true;
            return false;
        }
        default: return false;
    }
}

void assigned_names(const Expr& t, std::vector<std::string>& out) {
    if (t.kind == ExprKind::Name) out.push_back(cast<Name>(t).id);
    else if (t.kind == ExprKind::Tuple) for (const auto& e : cast<lang::Tuple>(t).elts) assigned_names(*e, out);
    else if (t.kind == ExprKind::List) for (const auto& e : cast<lang::List>(t).elts) assigned_names(*e, out);
}

void assigned_names(const StmtList& body, std::vector<std::string>& out) {
    for (const auto& sp : body) {
        const Stmt& s = *sp;
        switch (s.kind) {
            case StmtKind::Assign: for (const auto& t : cast<Assign>(s).targets) assigned_names(*t, out); break;
            case StmtKind::AugAssign: assigned_names(*cast<AugAssign>(s).target, out); break;
            case StmtKind::AnnAssign: assigned_names(*cast<AnnAssign>(s).target, out); break;
            case StmtKind::For:
                assigned_names(*cast<For>(s).target, out);
                assigned_names(cast<For>(s).body, out);
                break;
            case StmtKind::While: assigned_names(cast<While>(s).body, out); break;
            case StmtKind::If:
                assigned_names(cast<lang::If>(s).body, out);
                assigned_names(cast<lang::If>(s).orelse, out);
                break;
            default: break;
        }
    }
}

class Compiler;

// PyTorch's ErrorReport::CallStack: the functions being compiled on this thread, outermost first. A
// call site compiles its callee on demand (a Python function, a module's method or submodule
// forward), so an error in the callee is raised with the compilers of its callers still running;
// the error text then names each caller and shows the expression it was emitting (PyTorch's
// update_pending_range in emitExpr): "'f' is being compiled since it was called from 'g'".
thread_local std::vector<Compiler*> g_compile_stack;

class Compiler {
public:
    using Kwargs = std::vector<std::pair<std::string, GValue*>>;

    Compiler(const std::string& filename, const std::string& source, Resolver& r, TypePtr self_type = nullptr)
        : file_(filename), resolver_(r), self_type_(std::move(self_type)) {
        std::istringstream in(source);
        std::string line;
        while (std::getline(in, line)) lines_.push_back(line);
    }

    std::shared_ptr<CompiledFunction> run(const FunctionDef& def) {
        ensure_script_ops();
        // The frontend's call name: the function's name, or Class.method for a method (the last
        // two atoms of its qualified name, __torch__.Masked.forward -> Masked.forward).
        call_name_ = def.name;
        if (self_type_) call_name_ = self_type_->name.substr(self_type_->name.rfind('.') + 1) + "." + def.name;
        fn_first_line_ = def.span.line;
        for (const auto& d : def.decorator_list) fn_first_line_ = std::min(fn_first_line_, d->span.line);
        fn_last_line_ = def.span.end_line;
        if (!def.body.empty()) fn_last_line_ = std::max(fn_last_line_, def.body.back()->span.end_line);
        g_compile_stack.push_back(this);
        struct Pop {
            ~Pop() { g_compile_stack.pop_back(); }
        } pop;
        for (const auto& s : def.body) scan_stmt(*s);
        auto fn = std::make_shared<CompiledFunction>();
        fn->name = def.name;
        fn->graph = std::make_shared<graph::Graph>();
        g_ = fn->graph.get();
        scopes_.emplace_back();
        const auto& args = def.args;
        if (args.vararg || args.kwarg || !args.kwonlyargs.empty())
            fail(def.span, "Compiled functions can't take variable number of arguments or use keyword-only arguments "
                           "with defaults", "NotSupportedError");
        size_t first_default = args.args.size() - args.defaults.size();
        for (size_t i = 0; i < args.args.size(); ++i) {
            const Arg& a = args.args[i];
            ScriptParam p;
            p.name = a.name;
            p.inferred = !a.annotation;
            p.type = a.annotation ? parse_type(*a.annotation) : graph::inferred_tensor_type();
            if (i >= first_default) p.default_value = constant_value(*args.defaults[i - first_default]);
            if (i == 0 && self_type_) {  // a module's method: `self` is the graph's first input
                scope().vars[a.name] = Binding{g_->add_input(self_type_, a.name), ""};
                continue;
            }
            if (i == 0 && a.name == "self" && !a.annotation) continue;  // methods: handled by the caller
            GValue* v = g_->add_input(p.type, meaningful_name(a.name) ? a.name : "");
            if (p.inferred) inferred_.insert(v);
            scope().vars[a.name] = Binding{v, ""};
            fn->params.push_back(std::move(p));
        }
        if (def.returns) declared_ret_ = parse_type(*def.returns);
        std::vector<const Stmt*> body;
        for (const auto& s : def.body) body.push_back(s.get());
        compile_seq(body, true);  // ends with `return None` where the body falls through
        // What PyTorch makes after the body, in its order: emitOutput's placeholder return value
        // (prim::Uninitialized, of the merged return type); then ConvertToSSA: the If outputs
        // (convert_to_ssa_numbers), the `false` constant LoopContinuations inserts, the erasure of
        // every prim::Load, and TransformExits, which replaces the placeholder by the returned values.
        graph::Node* placeholder = g_->insert("prim::Uninitialized", {}, 1);
        placeholder->output()->type =
            declared_ret_ ? declared_ret_ : merged_ret_type_ ? merged_ret_type_ : graph::none_type();
        g_->register_output(placeholder->output());
        convert_to_ssa_numbers(g_->block());
        // LoopContinuations' `false`, at the top of the graph: what every break continues with.
        if (break_falses_.empty()) {
            g_->transient_value("");
        } else {
            GValue* f = graph::insert_constant_before(g_->block()->nodes.front(), IValue(false));
            for (GValue* c : break_falses_) {
                c->replace_all_uses_with(f);
                c->node->destroy();
            }
        }
        number_continuations(g_->block());
        number_loop_conditions(g_->block());
        g_->erase_transients();
        transform_exits(*g_);
        graph::canonicalize_modified_loops(*g_);
        // runCleanupPasses: LowerSimpleTuples, which ends with dead code elimination (the unused
        // constants, tuple nodes, refinement casts and If outputs go), ConstantPropagation on
        // immutable types (float("-inf") becomes a constant; If outputs both blocks give alike go),
        // ConstantPooling (the constants move to the top of the graph) and CanonicalizeOutputs (If
        // and Loop outputs in the order of their first use).
        graph::lower_simple_tuples(*g_);
        graph::eliminate_dead_code(*g_);
        graph::propagate_immutable_constants(*g_);
        graph::pool_constants(*g_);
        graph::canonicalize_outputs(*g_);
        fn->return_type = declared_ret_ ? declared_ret_ : g_->outputs().at(0)->type;
        return fn;
    }

    TypePtr annotation(const Expr& e) { return parse_type(e); }

private:
    // ConvertToSSA's ControlFlowLoadStores, in its order (nested blocks first, then the node): each
    // If variable gets a prim::Load in each branch, then the If output, named after the variable.
    void convert_to_ssa_numbers(graph::Block* b) {
        for (graph::Node* n : b->nodes) {
            for (graph::Block* sub : n->blocks) convert_to_ssa_numbers(sub);
            // addLoopLoadStores, for each carried variable in name order: a prim::Load before the
            // loop, the body parameter (named), a prim::Load at the end of the body, the output.
            auto loop = ssa_loops_.find(n);
            if (loop != ssa_loops_.end()) {
                const std::vector<std::string>& carried = loop->second;
                std::vector<size_t> order(carried.size());
                for (size_t i = 0; i < order.size(); ++i) order[i] = i;
                std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return carried[a] < carried[b]; });
                for (size_t i : order) {
                    GValue* param = n->blocks[0]->params()[i + 1];
                    GValue* out = n->outputs[i];
                    g_->transient_value("");
                    g_->assign_number(param);
                    if (meaningful_name(carried[i])) param->set_debug_name(carried[i]);
                    g_->transient_value("");
                    g_->assign_number(out);
                    if (meaningful_name(carried[i])) out->set_debug_name(carried[i]);
                }
            }
            auto it = ssa_outputs_.find(n);
            if (it == ssa_outputs_.end()) continue;
            // The variables' outputs come after the If's own value (an if-expression's).
            size_t first = n->outputs.size() - it->second.size();
            for (size_t i = first; i < n->outputs.size(); ++i) {
                g_->transient_value("");
                g_->transient_value("");
                g_->assign_number(n->outputs[i]);
                if (meaningful_name(it->second[i - first])) n->outputs[i]->set_debug_name(it->second[i - first]);
            }
        }
    }

private:
    std::string file_;
    std::string call_name_;       // "f" or "Class.method": the name callers' errors give this function
    SourceSpan pending_{0, 0, 0, 0};  // the expression being emitted (line 0: none yet)
    int fn_first_line_ = 0, fn_last_line_ = 0;  // the function's text, for error excerpts
    Resolver& resolver_;
    TypePtr self_type_;
    std::vector<std::string> lines_;
    graph::Graph* g_ = nullptr;
    std::vector<Scope> scopes_;
    std::unordered_set<const GValue*> inferred_;
    TypePtr declared_ret_;
    std::string first_ret_str_;
    TypePtr first_ret_type_;
    // emitReturn's merged_return_type_: each return's type unified into the ones before it.
    TypePtr merged_ret_type_;
    std::vector<const Expr*> loops_;  // innermost last; the while test, or nullptr for `for`
    // The start condition of each loop in loops_: a `for` loop's `true`, made before the loop, is
    // also its continue condition (PyTorch's InlineLoopCondition copies an empty condition block).
    std::vector<GValue*> loop_starts_;
    // The If nodes whose outputs PyTorch makes only in ConvertToSSA, with each output's variable.
    std::map<const graph::Node*, std::vector<std::string>> ssa_outputs_;
    // The `raise AssertionError(m)` an assert statement compiles to (see StmtKind::Assert), with its assert.
    std::map<const Raise*, const Assert*> assert_raises_;
    // The field names of the named tuples ops return (max.dim: values, indices), by tuple value.
    std::map<const GValue*, std::vector<std::string>> tuple_fields_;
    // Values read through a variable whose declared type is not their own (see Binding::declared).
    std::map<const GValue*, TypePtr> read_type_;
    // The Loop nodes with carried variables (in the order of their parameters and outputs).
    std::map<const graph::Node*, std::vector<std::string>> ssa_loops_;
    // The carried variables of each loop in loops_ (name order), and each prim::LoopContinuation
    // emitted with its loop's carried variables (see emit_loop_continuation).
    std::vector<std::vector<std::string>> loop_carried_;
    std::map<const graph::Node*, std::vector<std::string>> continuations_;
    std::vector<GValue*> break_falses_;  // the stand-ins for LoopContinuations' `false`
    // A while loop's condition as first emitted (see loop_tail).
    struct CondCopy {
        GValue* value = nullptr;
        std::vector<GValue*> items;  // what the emission numbered, in order: transients and outputs
        std::unordered_set<const GValue*> transients;
        std::vector<GValue*> clone_order;  // items in the order InlineLoopCondition's copy numbers them
        bool moved = false;
        bool tail = false;  // the end of the body was emitted (move_condition ran)
    };
    // The condition of the while loop being emitted, per loop.
    CondCopy* pending_cond_ = nullptr;
    std::vector<CondCopy*> loop_conds_;
    std::map<const graph::Node*, CondCopy> moved_conds_;
    // Each continue's copy of its while loop's condition: the loop's first emission, and the
    // copy's outputs in emission order (numbered in number_continuations).
    std::map<const graph::Node*, std::pair<CondCopy, std::vector<GValue*>>> continuation_conds_;
    // Values a variable read returned: in PyTorch the read is a named prim::Load, which an
    // assignment (`y = x`) never renames.
    std::unordered_set<const GValue*> loaded_;
    // Unannotated empty list literals: no variable names them (see emit_rhs).
    std::unordered_set<const GValue*> unnamed_;

    // The number literals of the function, one constant per value (to_ir's integral_constants and
    // fp_constants): materializeConstant makes each at the top of the graph when the value is
    // first read, so they precede everything and stand in the reverse order of first appearance
    // until ConstantPooling, which then restores that order (the other constants, made where they
    // are used, interleave by their first use).
    std::map<int64_t, GValue*> int_literals_;
    std::map<double, GValue*> float_literals_;  // -0.0 and 0.0 are one key, as in PyTorch's map

    Scope& scope() { return scopes_.back(); }

    GValue* materialize_constant(const IValue& v, const SourceSpan& sp) {
        GValue*& slot = v.is_int() ? int_literals_[v.to_int()] : float_literals_[v.to_double()];
        if (slot) return slot;
        graph::Block* top = g_->block();
        graph::Block* was = g_->insertion_block();
        graph::Node* front = top->nodes.empty() ? nullptr : top->nodes.front();
        g_->set_insertion_block(top);
        slot = g_->insert_constant(v, loc(sp));
        g_->set_insertion_block(was);
        if (front) slot->node->insert_before(front);
        return slot;
    }

    // runNodeIfInputsAreConstant for a just-emitted op: its kernel run on its constant inputs, or
    // nothing when an input is not a constant or the kernel fails (the op then stays).
    static std::optional<IValue> fold_constant(graph::Node* n) {
        if (!n->schema || !n->schema->kernel || n->outputs.size() != 1) return std::nullopt;
        graph::IValueList args;
        for (GValue* in : n->inputs) {
            if (!in->node->is_constant()) return std::nullopt;
            const IValue* c = in->node->attr("value");
            if (!c) return std::nullopt;
            args.push_back(*c);
        }
        try {
            graph::IValueList out = n->schema->kernel(args);
            if (out.size() != 1 || out[0].is_tensor()) return std::nullopt;
            return out[0];
        } catch (...) {
            return std::nullopt;
        }
    }

    // ---- errors ----------------------------------------------------------------------------------
    [[noreturn]] void fail(const SourceSpan& sp, const std::string& msg, const std::string& cls = "RuntimeError") {
        // PyTorch reports an error at a tree node's range: for an expression, its frontend range
        // (a call stops before its closing parenthesis, a string literal before its closing quote).
        SourceSpan at = sp;
        for (auto it = emitting_.rbegin(); it != emitting_.rend(); ++it) {
            const SourceSpan& es = (*it)->span;
            if (es.line == sp.line && es.col == sp.col && es.end_line == sp.end_line && es.end_col == sp.end_col) {
                at = frontend_span(**it);
                break;
            }
        }
        std::string text = msg + ":\n" + highlight(at);
        // ErrorReport's stacked errors: from this function out to the outermost caller.
        auto self = std::find(g_compile_stack.begin(), g_compile_stack.end(), this);
        if (self != g_compile_stack.end())
            for (auto it = self; it != g_compile_stack.begin(); --it) {
                Compiler* caller = *(it - 1);
                text += "'" + (*it)->call_name_ + "' is being compiled since it was called from '" + caller->call_name_ +
                        "'\n";
                if (caller->pending_.line > 0) text += caller->highlight(caller->pending_);
            }
        throw ScriptError(cls, text);
    }
    // SourceRange::highlight: the file and line, then print_with_context with CONTEXT = 3 over the
    // function's text (its first decorator through its last line): up to two lines before the
    // range's line, the line, '~' under the range with " <--- HERE", up to two lines after.
    std::string highlight(const SourceSpan& sp) const {
        std::string text = "  File \"" + file_ + "\", line " + std::to_string(sp.line) + "\n";
        if (sp.line < 1 || size_t(sp.line) > lines_.size()) return text;
        const int first = fn_first_line_ > 0 ? std::max(1, fn_first_line_) : sp.line;
        const int last = fn_last_line_ > 0 ? std::min(int(lines_.size()), fn_last_line_) : sp.line;
        for (int k = std::max(first, sp.line - 2); k < sp.line; ++k) text += lines_[size_t(k - 1)] + "\n";
        const std::string& l = lines_[size_t(sp.line - 1)];
        text += l + "\n";
        int end = sp.end_line == sp.line ? sp.end_col : int(l.size()) + 1;
        text += std::string(size_t(std::max(0, sp.col - 1)), ' ') + std::string(size_t(std::max(1, end - sp.col)), '~') +
                " <--- HERE\n";
        for (int k = sp.line + 1; k <= std::min(last, sp.line + 2); ++k) text += lines_[size_t(k - 1)] + "\n";
        return text;
    }
    [[noreturn]] void unsupported(const SourceSpan& sp, const std::string& what) {
        fail(sp, what + " aren't supported", "UnsupportedNodeError");
    }
    graph::SourceLoc loc(const SourceSpan& sp) const { return {file_, sp.line, sp.col - 1, sp.end_line, sp.end_col - 1}; }

    std::string type_str(const GValue* v) const {
        return v->type->annotation_str() + (inferred_.count(v) ? " (inferred)" : "");
    }

    // ---- the frontend's syntax checks (run before emitting anything, as PyTorch's frontend does) ----
    void scan_stmt(const Stmt& s) {
        switch (s.kind) {
            case StmtKind::FunctionDef: unsupported(s.span, "function definitions");
            case StmtKind::ClassDef: unsupported(s.span, "class definitions");
            case StmtKind::Try: unsupported(s.span, "try blocks");
            // PyTorch's frontend has no builder for ast.Match: UnsupportedNodeError names the node type
            case StmtKind::Match: unsupported(s.span, "Match");
            case StmtKind::Global: unsupported(s.span, "global variables");
            case StmtKind::Nonlocal: unsupported(s.span, "nonlocal variables");
            case StmtKind::Import:
            case StmtKind::ImportFrom: unsupported(s.span, "import statements");
            case StmtKind::Return: if (cast<Return>(s).value) scan_expr(*cast<Return>(s).value); break;
            case StmtKind::Assign:
                for (const auto& t : cast<Assign>(s).targets) scan_expr(*t);
                scan_expr(*cast<Assign>(s).value);
                break;
            case StmtKind::AugAssign: scan_expr(*cast<AugAssign>(s).value); break;
            case StmtKind::AnnAssign: if (cast<AnnAssign>(s).value) scan_expr(*cast<AnnAssign>(s).value); break;
            case StmtKind::For:
                scan_expr(*cast<For>(s).iter);
                for (const auto& b : cast<For>(s).body) scan_stmt(*b);
                break;
            case StmtKind::While:
                scan_expr(*cast<While>(s).test);
                for (const auto& b : cast<While>(s).body) scan_stmt(*b);
                break;
            case StmtKind::If:
                scan_expr(*cast<lang::If>(s).test);
                for (const auto& b : cast<lang::If>(s).body) scan_stmt(*b);
                for (const auto& b : cast<lang::If>(s).orelse) scan_stmt(*b);
                break;
            case StmtKind::ExprStmt: scan_expr(*cast<ExprStmt>(s).value); break;
            default: break;
        }
    }
    void scan_expr(const Expr& e) {
        switch (e.kind) {
            case ExprKind::Lambda: fail(e.span, "Lambda aren't supported", "UnsupportedNodeError");
            // PyTorch's frontend has no builder for them: UnsupportedNodeError names the node class.
            case ExprKind::Yield: fail(e.span, "Yield aren't supported", "UnsupportedNodeError");
            case ExprKind::YieldFrom: fail(e.span, "YieldFrom aren't supported", "UnsupportedNodeError");
            case ExprKind::ListComp: {
                const auto& c = cast<ListComp>(e);
                for (const auto& g : c.generators)
                    if (!g.ifs.empty()) fail(g.ifs[0]->span, "Comprehension ifs are not supported yet", "NotSupportedError");
                break;
            }
            case ExprKind::BinOp: scan_expr(*cast<BinOp>(e).left); scan_expr(*cast<BinOp>(e).right); break;
            case ExprKind::UnaryOp: scan_expr(*cast<UnaryOp>(e).operand); break;
            case ExprKind::BoolOp: for (const auto& v : cast<BoolOp>(e).values) scan_expr(*v); break;
            case ExprKind::Compare:
                scan_expr(*cast<Compare>(e).left);
                for (const auto& v : cast<Compare>(e).comparators) scan_expr(*v);
                break;
            case ExprKind::Call:
                scan_expr(*cast<Call>(e).func);
                for (const auto& a : cast<Call>(e).args) scan_expr(*a);
                for (const auto& k : cast<Call>(e).keywords) scan_expr(*k.value);
                break;
            case ExprKind::List: for (const auto& v : cast<lang::List>(e).elts) scan_expr(*v); break;
            case ExprKind::Tuple: for (const auto& v : cast<lang::Tuple>(e).elts) scan_expr(*v); break;
            case ExprKind::Subscript: scan_expr(*cast<Subscript>(e).value); break;
            case ExprKind::Attribute: scan_expr(*cast<Attribute>(e).value); break;
            case ExprKind::IfExp:
                scan_expr(*cast<IfExp>(e).test);
                scan_expr(*cast<IfExp>(e).body);
                scan_expr(*cast<IfExp>(e).orelse);
                break;
            default: break;
        }
    }

    // ---- types -----------------------------------------------------------------------------------
    TypePtr parse_type(const Expr& e) {
        if (e.kind == ExprKind::Constant && cast<Constant>(e).value_kind == ConstantKind::None) return graph::none_type();
        std::string name;
        if (e.kind == ExprKind::Name) name = cast<Name>(e).id;
        else if (e.kind == ExprKind::Attribute) name = cast<Attribute>(e).attr;
        if (!name.empty()) {
            if (name == "int") return graph::int_type();
            if (name == "float") return graph::float_type();
            if (name == "bool") return graph::bool_type();
            if (name == "str") return graph::str_type();
            if (name == "Tensor") return graph::tensor_type();
            if (name == "Any") return graph::any_type();
            // torch/jit/annotations.py is_tensor: the legacy dtype-specific classes are Tensor, with a
            // warning (pytorch-crf's `tags: torch.LongTensor, mask: Optional[torch.ByteTensor]`).
            static const std::set<std::string> dtype_tensors = {"LongTensor",  "DoubleTensor", "FloatTensor",
                                                                "IntTensor",   "ShortTensor",  "HalfTensor",
                                                                "CharTensor",  "ByteTensor",   "BoolTensor"};
            if (dtype_tensors.count(name)) {
                resolver_.dtype_tensor_annotation(name);
                return graph::tensor_type();
            }
            fail(e.span, "Unknown type name '" + name + "'");
        }
        if (e.kind == ExprKind::Subscript) {
            const auto& s = cast<Subscript>(e);
            std::string base = s.value->kind == ExprKind::Name ? cast<Name>(*s.value).id
                               : s.value->kind == ExprKind::Attribute ? cast<Attribute>(*s.value).attr : "";
            std::vector<TypePtr> ts;
            if (s.slice->kind == ExprKind::Tuple)
                for (const auto& x : cast<lang::Tuple>(*s.slice).elts) ts.push_back(parse_type(*x));
            else ts.push_back(parse_type(*s.slice));
            if ((base == "List" || base == "list") && ts.size() == 1) return graph::list_type(ts[0]);
            if (base == "Optional" && ts.size() == 1) return graph::optional_type(ts[0]);
            if (base == "Tuple" || base == "tuple") return graph::tuple_type(ts);
            if ((base == "Dict" || base == "dict") && ts.size() == 2) return graph::dict_type(ts[0], ts[1]);
        }
        fail(e.span, "Unknown type annotation");
    }

    IValue constant_value(const Expr& e) {
        if (e.kind == ExprKind::Constant) {
            const auto& c = cast<Constant>(e);
            switch (c.value_kind) {
                case ConstantKind::None: return IValue();
                case ConstantKind::True: return IValue(true);
                case ConstantKind::False: return IValue(false);
                case ConstantKind::Int: return IValue(c.int_value);
                case ConstantKind::Float: return IValue(c.float_value);
                case ConstantKind::Str: return IValue(c.str_value);
                default: break;
            }
        }
        if (e.kind == ExprKind::UnaryOp && cast<UnaryOp>(e).op == UnaryOpKind::USub) {
            IValue v = constant_value(*cast<UnaryOp>(e).operand);
            if (v.is_int()) return IValue(-v.to_int());
            if (v.is_double()) return IValue(-v.to_double());
        }
        fail(e.span, "Default values of script parameters must be constants");
    }

    // ---- variables -------------------------------------------------------------------------------
    const Binding* find(const std::string& n) const {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            auto f = it->vars.find(n);
            if (f != it->vars.end()) return &f->second;
        }
        return nullptr;
    }
    GValue* lookup_value(const std::string& n, const SourceSpan& sp) {
        const Binding* b = find(n);
        if (!b) fail(sp, "undefined value " + n);
        if (!b->error.empty()) fail(sp, b->error);
        return b->v;
    }
    // PyTorch's meaningfulName: `$`-names and `_`, `_0`, `_12`... are not given to values.
    static bool meaningful_name(const std::string& n) {
        if (n.empty() || n[0] == '$') return false;
        if (n[0] != '_') return true;
        return n.find_first_not_of("0123456789", 1) != std::string::npos;
    }
    // A variable read: PyTorch's emitter makes a prim::Load named after the variable (erased again
    // by ConvertToSSA), which takes a number and renames the value holding the name (an input `x`
    // that is read prints as %x.1). The method's `self` is not a first-class variable there (a
    // sugared module value), so reading it makes no Load.
    GValue* read_variable(const std::string& n, const SourceSpan& sp) {
        GValue* v = lookup_value(n, sp);
        const Binding* b = find(n);
        if (b && b->sugared) return v;
        if (b && b->declared) read_type_[v] = b->declared;
        else read_type_.erase(v);
        if (!(self_type_ && !g_->inputs().empty() && v == g_->inputs()[0])) {
            g_->transient_value(meaningful_name(n) ? n : "");
            loaded_.insert(v);
        }
        return v;
    }
    // Is `n` defined in a frame outside the innermost one, as PyTorch's findInParentFrame sees it?
    bool in_parent_frame(const std::string& n) const {
        if (scopes_.back().carried.count(n)) return true;
        for (size_t i = scopes_.size() - 1; i-- > 0;) {
            auto f = scopes_[i].vars.find(n);
            if (f != scopes_[i].vars.end()) return f->second.v != nullptr;
        }
        return false;
    }
    // A submodule read from a module (prim::GetAttr of a Class-typed slot whose class is a module):
    // PyTorch's ModuleValue rather than a first-class value.
    bool is_submodule_value(const GValue* v) {
        return v->node && v->node->kind == "prim::GetAttr" && v->type->kind == TypeKind::Class &&
               resolver_.class_info(v->type->name) != nullptr;
    }
    // An assignment, as PyTorch's Environment::setSugaredVar names and stores it: the value takes
    // the variable's name when it has none and was made in this block; then the parent-frame check
    // loads the variable (one more Load, see read_variable) when an outer frame defines it.
    void bind(const std::string& n, GValue* v) {
        if (n[0] != '$' && is_submodule_value(v)) {
            scope().assign(n, Binding{v, "", nullptr, true});
            return;
        }
        if (n[0] != '$') {
            if (meaningful_name(n) && v->debug_name.empty() && !loaded_.count(v) && !unnamed_.count(v) && v->node &&
                v->node->owning_block == g_->insertion_block())
                v->set_debug_name(n);
            if (in_parent_frame(n)) g_->transient_value(meaningful_name(n) ? n : "");
        }
        auto t = read_type_.find(v);
        scope().assign(n, Binding{v, "", t != read_type_.end() ? t->second : nullptr});
    }
    // The type a value was last read with (its variable's declared type, see Binding::declared).
    TypePtr ty(const GValue* v) const {
        auto t = read_type_.find(v);
        return t != read_type_.end() ? t->second : v->type;
    }
    // The type of variable `n` as its binding declares it.
    static TypePtr binding_type(const Binding& b) { return b.declared ? b.declared : b.v->type; }

    // ---- statements ------------------------------------------------------------------------------
    // Compiles `stmts`; a tail sequence ends every path with an exit. Returns whether it exited.
    bool compile_seq(const std::vector<const Stmt*>& stmts, bool tail) {
        for (size_t i = 0; i < stmts.size(); ++i) {
            const Stmt& s = *stmts[i];
            switch (s.kind) {
                case StmtKind::If: {
                    const auto& ifs = cast<lang::If>(s);
                    if (emit_if(ifs, {}, false)) return true;
                    break;
                }
                case StmtKind::Return:
                    emit_return(cast<Return>(s));
                    scope().returned = true;
                    return true;
                case StmtKind::Break:
                case StmtKind::Continue:
                    // PyTorch's emitBreak/emitContinue insert their statement and mark no exit block
                    // (only emitReturn and emitRaise do): the statements after it are still emitted
                    // (TransformExits deletes them), and an If whose branch breaks reads the
                    // variables of that branch as of any other (emitIfElseBlocks' getVar).
                    emit_loop_continuation(s);
                    break;
                case StmtKind::Raise:
                    emit_raise(cast<Raise>(s));
                    scope().raised = true;
                    scope().returned = true;
                    return true;
                default: emit_stmt(s);
            }
        }
        if (!tail) return false;
        if (!loops_.empty()) loop_tail();
        else emit_return_value(g_->insert_constant(IValue()), SourceSpan{});
        return true;
    }

    // emitBreak/emitContinue make a prim::BreakStmt/ContinueStmt and end the block (an exit block);
    // ConvertToSSA's LoopContinuations then replaces each by a prim::LoopContinuation whose inputs are
    // the loop's continue condition (false for a break; for a continue, a copy of the loop's
    // condition block) and a copy of each of the body's final loads (the carried variables, in
    // name order), which transform_exits turns into did-exit values and guarded tails. Kiln emits
    // the LoopContinuation where the statement stands, reading the carried variables as they are
    // there; the loads' numbers are taken at the LoopContinuations point (number_continuations).
    void emit_loop_continuation(const Stmt& s) {
        KILN_CHECK(!loops_.empty(), RuntimeError, "break/continue outside a loop");
        bool brk = s.kind == StmtKind::Break;
        GValue* c;
        if (brk) {
            // A BreakStmt makes no value: its `false` is the one LoopContinuations makes at the top
            // of the graph (number_continuations), so this stand-in gives its number back.
            size_t u = g_->peek_unique();
            c = g_->insert_constant(IValue(false));
            c->unique = SIZE_MAX;
            g_->rewind_unique(u);
            break_falses_.push_back(c);
        }
        std::vector<GValue*> cond_copy;
        if (!brk) {
            const Expr* test = loops_.back();
            if (test && loop_conds_.back()) {
                // LoopContinuations clones the loop's condition block here, after ConvertToSSA's
                // load/stores: the copy is emitted with its reads muted and its numbers given back,
                // and takes them in number_continuations, in the order of the original's clone.
                size_t first = g_->peek_unique();
                g_->mute_transients = true;
                c = while_cond(*test);
                g_->mute_transients = false;
                cond_copy = outputs_from(first);
                for (GValue* x : cond_copy) x->unique = SIZE_MAX;
                g_->rewind_unique(first);
            } else {
                c = test ? while_cond(*test) : loop_starts_.back();
            }
        }
        std::vector<GValue*> ins = {c};
        const std::vector<std::string>& carried = loop_carried_.back();
        for (const auto& nm : carried) ins.push_back(lookup_value(nm, s.span));
        graph::Node* n = g_->insert("prim::LoopContinuation", ins, 0);
        n->loc = loc(s.span);
        continuations_[n] = carried;
        if (!cond_copy.empty()) continuation_conds_[n] = {*loop_conds_.back(), std::move(cond_copy)};
    }
    // LoopContinuations' numbers: the graph's nodes in order, each continuation's cloned loads
    // (clones of addLoopLoadStores' loads, which ControlFlowLoadStores makes without a name: a
    // number each, no name claimed).
    void number_continuations(graph::Block* b) {
        for (graph::Node* n : b->nodes) {
            auto cc = continuation_conds_.find(n);
            if (cc != continuation_conds_.end()) {
                // A continue's copy of the condition block, cloned node by node: a read claims the
                // name its original holds now, an output takes the number its original's position
                // in the copy gives it.
                const CondCopy& orig = cc->second.first;
                std::vector<const GValue*> originals;
                for (GValue* x : orig.items)
                    if (!orig.transients.count(x)) originals.push_back(x);
                const std::vector<GValue*>& copy = cc->second.second;
                for (GValue* x : orig.clone_order) {
                    if (orig.transients.count(x)) {
                        g_->transient_clone(x);
                        continue;
                    }
                    size_t k = size_t(std::find(originals.begin(), originals.end(), x) - originals.begin());
                    if (k < copy.size() && copy.size() == originals.size()) g_->assign_number(copy[k]);
                }
                for (GValue* x : copy)
                    if (x->unique == SIZE_MAX) g_->assign_number(x);  // not the same emission
            }
            auto it = continuations_.find(n);
            if (it != continuations_.end())
                for (size_t i = 0; i < it->second.size(); ++i) g_->transient_value("");
            for (graph::Block* sub : n->blocks) number_continuations(sub);
        }
    }

    void loop_tail() {
        const Expr* test = loops_.back();
        if (test && loop_conds_.back()) {
            bind("$cond", move_condition(*loop_conds_.back(), [&] { return while_cond(*test); }));
            return;
        }
        bind("$cond", test ? while_cond(*test) : loop_starts_.back());
    }

    // ---- InlineLoopCondition's numbers ---------------------------------------------------------------
    // PyTorch emits a while loop's condition once, into the loop's condition block; ConvertToSSA's
    // InlineLoopCondition then places a copy before the loop (the start condition: new numbers, and
    // its variable reads, cloned prim::Loads, claim their names again) and moves the original to
    // the end of the body. Kiln emits the condition before the loop and again at the end of the
    // body: the second emission takes the first one's numbers and makes no reads of its own, and
    // the first one is numbered at the InlineLoopCondition point (number_loop_conditions).
    std::vector<GValue*> outputs_from(size_t first) const {
        std::vector<GValue*> out;
        for (graph::Node* n : g_->all_nodes())
            for (GValue* o : n->outputs)
                if (o->unique != SIZE_MAX && o->unique >= first && !is_literal(o)) out.push_back(o);
        std::sort(out.begin(), out.end(), [](const GValue* a, const GValue* b) { return a->unique < b->unique; });
        return out;
    }
    bool is_literal(const GValue* v) const {
        for (const auto& [k, c] : int_literals_) if (c == v) return true;
        for (const auto& [k, c] : float_literals_) if (c == v) return true;
        return false;
    }
    template <class F>
    CondCopy capture_condition(F emit_cond) {
        CondCopy c;
        size_t first = g_->peek_unique();
        size_t t0 = g_->transients().size();
        c.value = emit_cond();
        c.items = outputs_from(first);
        for (size_t i = t0; i < g_->transients().size(); ++i) {
            c.items.push_back(g_->transients()[i]);
            c.transients.insert(g_->transients()[i]);
        }
        std::sort(c.items.begin(), c.items.end(), [](const GValue* a, const GValue* b) { return a->unique < b->unique; });
        // InlineLoopCondition clones node by node, and a cloned node takes its outputs before its
        // blocks' contents, where emission numbered an If's outputs (emitIfExpr's value) after
        // them: in the copy's order the outputs of an If come before the first value made inside
        // it (a node output in its blocks, or a variable read emitted after the last value made
        // before it).
        c.clone_order = c.items;
        auto within = [](const graph::Node* n, const graph::Node* owner) {
            for (const graph::Block* b = n ? n->owning_block : nullptr; b && b->owning_node; b = b->owning_node->owning_block)
                if (b->owning_node == owner) return true;
            return false;
        };
        for (GValue* o : c.items) {
            if (c.transients.count(o) || !o->node || o->node->kind != "prim::If" || o != o->node->outputs[0]) continue;
            const graph::Node* ifn = o->node;
            std::vector<GValue*> outs;
            for (GValue* v : ifn->outputs)
                if (std::find(c.items.begin(), c.items.end(), v) != c.items.end()) outs.push_back(v);
            std::vector<GValue*> rest;
            for (GValue* v : c.clone_order)
                if (std::find(outs.begin(), outs.end(), v) == outs.end()) rest.push_back(v);
            // The first node output inside, then back over the reads just before it.
            size_t at = rest.size();
            for (size_t i = 0; i < rest.size(); ++i)
                if (!c.transients.count(rest[i]) && within(rest[i]->node, ifn)) {
                    at = i;
                    break;
                }
            if (at == rest.size()) continue;
            while (at > 0 && c.transients.count(rest[at - 1])) --at;
            rest.insert(rest.begin() + long(at), outs.begin(), outs.end());
            c.clone_order = std::move(rest);
        }
        return c;
    }
    template <class F>
    GValue* move_condition(CondCopy& c, F emit_cond) {
        if (c.moved) return emit_cond();
        c.tail = true;
        size_t first = g_->peek_unique();
        g_->mute_transients = true;
        GValue* v = emit_cond();
        g_->mute_transients = false;
        std::vector<GValue*> now = outputs_from(first);
        std::vector<GValue*> before;
        for (GValue* x : c.items)
            if (!c.transients.count(x)) before.push_back(x);
        if (now.size() != before.size()) return v;  // not the same emission: numbered as it came
        for (size_t i = 0; i < now.size(); ++i) {
            now[i]->unique = before[i]->unique;
            before[i]->unique = SIZE_MAX;
        }
        g_->rewind_unique(first);
        c.moved = true;
        return v;
    }
    // The start conditions, numbered loop by loop (nested loops first), as InlineLoopCondition
    // clones them: a cloned read claims the name its original holds now, twice (Graph::transient_clone).
    void number_loop_conditions(graph::Block* b) {
        for (graph::Node* n : b->nodes) {
            for (graph::Block* sub : n->blocks) number_loop_conditions(sub);
            auto it = moved_conds_.find(n);
            if (it == moved_conds_.end()) continue;
            for (GValue* x : it->second.clone_order) {
                if (it->second.transients.count(x)) g_->transient_clone(x);
                else if (x->unique == SIZE_MAX) g_->assign_number(x);
            }
        }
    }

    void emit_return(const Return& r) {
        GValue* v = r.value ? emit(*r.value) : g_->insert_constant(IValue());
        emit_return_value(v, r.span);
    }

    void emit_return_value(GValue* v, const SourceSpan& sp) {
        if (declared_ret_) {
            if (!graph::is_subtype(v->type, declared_ret_))
                fail(sp, "Return value was annotated as having type " + declared_ret_->annotation_str() +
                             " but is actually of type " + type_str(v));
        } else if (first_ret_type_) {
            if (!graph::unify_types(first_ret_type_, v->type) ||
                (first_ret_type_->kind != v->type->kind && first_ret_type_->kind != TypeKind::None &&
                 v->type->kind != TypeKind::None))
                fail(sp, "Previous return statement returned a value of type " + first_ret_str_ +
                             " but this return statement returns a value of type " + type_str(v));
        } else {
            first_ret_type_ = v->type;
            first_ret_str_ = type_str(v);
        }
        if (!declared_ret_) {
            TypePtr u = merged_ret_type_ ? graph::unify_types(merged_ret_type_, v->type) : v->type;
            merged_ret_type_ = u ? u : v->type;
        }
        // The return stays where it is until transform_exits; nothing after it in this block is
        // emitted (compile_seq stops).
        g_->insert("prim::ReturnStmt", {v}, 0)->loc = loc(sp);
    }

    // emitRaise. A call of a Python exception class is PythonExceptionValue::call: the message is
    // the one argument itself (no argument: an empty string; several: a tuple of them, printed by
    // aten::str), then the class's qualified name, both constants located at the call. The
    // RaiseException, made through emitBuiltinCall, packs its zero outputs into an empty tuple
    // (a value that dead code elimination removes).
    // `AssertionError` is different: the emitter's table of builtins (consulted before the Python
    // resolver) binds it to a plain ExceptionValue, which is what emitAssert's synthesized
    // `raise AssertionError(m)` calls too. Its call builds the message in the graph:
    // "AssertionError: " then, per argument, aten::str where it is not a string and aten::add, all
    // at the call's range, and gives no class (a None constant), so the interpreter's error ends
    // "RuntimeError: AssertionError: m". ConstantPropagation later folds the adds of constants.
    void emit_raise(const Raise& r) {
        std::string cls = "builtins.RuntimeError";
        GValue* msg = nullptr;
        GValue* c = nullptr;
        auto builtin_exception = [&](const std::string& name, const std::vector<GValue*>& args, const SourceSpan& sp) {
            msg = g_->insert_constant(IValue(name + ": "), loc(sp));
            for (GValue* a : args) {
                if (a->type->kind != TypeKind::Str) a = emit_op("aten::str", {a}, {}, sp);
                msg = emit_op("aten::add", {msg, a}, {}, sp);
            }
            c = g_->insert_constant(IValue());
        };
        auto as = assert_raises_.find(&r);
        if (as != assert_raises_.end()) {
            // An assert's `raise AssertionError(m)`: the message argument (a string literal "" at
            // the statement when the assert has none), then the call.
            const Assert& a = *as->second;
            GValue* m = a.msg ? emit(*a.msg) : g_->insert_constant(IValue(std::string()), loc(a.span));
            builtin_exception("AssertionError", {m}, a.span);
        } else if (r.exc) {
            const Expr* e = r.exc.get();
            if (e->kind == ExprKind::Call) {
                const auto& call = cast<Call>(*e);
                if (call.func->kind == ExprKind::Name) cls = "builtins." + cast<Name>(*call.func).id;
                std::vector<GValue*> args;
                for (const auto& a : call.args) args.push_back(emit(*a));
                for (const auto& k : call.keywords) args.push_back(emit(*k.value));
                if (cls == "builtins.AssertionError" && call.keywords.empty()) {
                    builtin_exception("AssertionError", args, e->span);
                } else if (args.empty()) {
                    msg = g_->insert_constant(IValue(std::string()), loc(e->span));
                } else if (args.size() == 1) {
                    msg = args[0];
                } else {
                    graph::Node* t = g_->insert("prim::TupleConstruct", args, 1);
                    std::vector<TypePtr> ts;
                    for (GValue* a : args) ts.push_back(a->type);
                    t->output()->type = graph::tuple_type(ts);
                    msg = t->output();
                }
                if (!c) c = g_->insert_constant(IValue(cls), loc(e->span));
            } else if (e->kind == ExprKind::Name) {
                cls = "builtins." + cast<Name>(*e).id;
            }
        }
        if (!msg) msg = g_->insert_constant(IValue(std::string()), loc(r.span));
        if (msg->type->kind != TypeKind::Str) {
            msg = emit_op("aten::str", {msg}, {}, r.span);
            msg->node->loc = {};  // graph->insert without a range
        }
        if (!c) c = g_->insert_constant(IValue(cls));
        // The node's range: the statement's as the frontend merges it (the assert's for an assert).
        SourceSpan range = as != assert_raises_.end()
                               ? keyword_statement_range(as->second->span, 6, {as->second->test.get(), as->second->msg.get()})
                               : keyword_statement_range(r.span, 5, {r.exc.get()});
        g_->insert("prim::RaiseException", {msg, c}, 0)->loc = loc(range);
        g_->transient_value("");
    }

    void emit_stmt(const Stmt& s) {
        switch (s.kind) {
            case StmtKind::Pass: return;
            case StmtKind::ExprStmt: {
                const Expr& e = *cast<ExprStmt>(s).value;
                if (e.kind == ExprKind::Constant) return;  // docstrings
                emit_sv(e);
                return;
            }
            case StmtKind::Assign: {
                const auto& a = cast<Assign>(s);
                for (const auto& t : a.targets) check_target(*t);
                GValue* v = emit_rhs(*a.value, nullptr);
                for (const auto& t : a.targets) assign_to(*t, v);
                return;
            }
            case StmtKind::AnnAssign: {
                const auto& a = cast<AnnAssign>(s);
                TypePtr t = parse_type(*a.annotation);
                if (!a.value) return;
                GValue* v = emit_rhs(*a.value, t);
                if (!graph::is_subtype(v->type, t))
                    fail(a.value->span, "Variable '" + (a.target->kind == ExprKind::Name ? cast<Name>(*a.target).id : "") +
                                            "' is annotated with type " + t->annotation_str() +
                                            " but is being assigned to a value of type " + type_str(v));
                assign_to(*a.target, v);
                if (a.target->kind == ExprKind::Name && !graph::type_equal(v->type, t))
                    scope().vars[cast<Name>(*a.target).id].declared = t;
                return;
            }
            case StmtKind::AugAssign: {
                const auto& a = cast<AugAssign>(s);
                // `self.attr += v` reads the attribute, updates and stores it back (prim::SetAttr), as
                // PyTorch's emitAugAssignmentToSelectVar does.
                bool attr = a.target->kind == ExprKind::Attribute;
                if (a.target->kind != ExprKind::Name && !attr)
                    fail(a.span, "augmented assignment to this target is not supported");
                GValue* cur = attr ? emit(*a.target) : read_variable(cast<Name>(*a.target).id, a.target->span);
                GValue* rhs = emit(*a.value);
                GValue* out = nullptr;
                // PyTorch's getAugOp: a Tensor or a List target updates in place (aten::add_ for
                // `xs += [...]`, aten::mul_ for `xs *= n`, aten::fmod_ for a tensor's %=); other
                // types rebind the variable to the out-of-place result.
                if (cur->type->is_tensor() || cur->type->kind == TypeKind::List) {
                    static const std::map<BinOpKind, std::string> inplace = {{BinOpKind::Add, "aten::add_"},
                        {BinOpKind::Sub, "aten::sub_"}, {BinOpKind::Mult, "aten::mul_"}, {BinOpKind::Div, "aten::div_"},
                        {BinOpKind::Mod, "aten::fmod_"}};
                    auto it = inplace.find(a.op);
                    if (it != inplace.end()) out = emit_op(it->second, {cur, rhs}, {}, a.span);
                }
                if (!out) out = binary(a.op, cur, rhs, a.span);
                if (attr) assign_to(*a.target, out);
                else bind(cast<Name>(*a.target).id, out);
                return;
            }
            case StmtKind::For: emit_for(cast<For>(s)); return;
            case StmtKind::While: {
                const auto& w = cast<While>(s);
                if (!w.orelse.empty()) fail(w.span, "else branches of while loops aren't supported");
                // emitLoopCommon: the trip count of a while loop is the materialized INT64_MAX,
                // then the condition is emitted (into the condition block in PyTorch).
                GValue* max = materialize_constant(IValue(int64_t(INT64_MAX)), w.span);
                CondCopy copy = capture_condition([&] { return while_cond(*w.test); });
                pending_cond_ = &copy;
                emit_loop(max, copy.value, w.body, w.test.get(), [](GValue*) {}, w.span);
                pending_cond_ = nullptr;
                return;
            }
            case StmtKind::Assert: {
                // PyTorch's emitAssert: `assert c, m` is emitIfElseBlocks(c, [], [raise AssertionError(m)])
                // with every synthesized node at the statement's range (the `assert` keyword), the
                // message "" when there is none. Going through the If machinery gives what an if
                // statement gets: `assert x is not None` refines x after it (the raising branch
                // gives the refined variable an uninitialized value), a statically known condition
                // compiles only its branch.
                const auto& a = cast<Assert>(s);
                StmtList orelse;
                auto r = std::make_unique<Raise>();
                r->span = a.span;
                assert_raises_[r.get()] = &a;
                orelse.push_back(std::move(r));
                emit_if_parts(*a.test, StmtList{}, orelse, a.span, {}, false);
                return;
            }
            case StmtKind::Delete: unsupported(s.span, "del statements");
            case StmtKind::With: unsupported(s.span, "with statements");
            default: unsupported(s.span, std::string(stmt_kind_name(s.kind)) + " statements");
        }
    }

    void check_target(const Expr& t) {
        if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) {
            const ExprList& elts = t.kind == ExprKind::Tuple ? cast<lang::Tuple>(t).elts : cast<lang::List>(t).elts;
            for (const auto& e : elts)
                if (e->kind == ExprKind::Starred)
                    fail(t.span, "cannot statically infer the expected size of a list in this context");
        }
    }

    // An empty list/dict literal takes the annotated type (List[Tensor] / Dict[str, Tensor] otherwise).
    GValue* emit_rhs(const Expr& e, TypePtr hint) {
        if (e.kind == ExprKind::List && cast<lang::List>(e).elts.empty()) {
            TypePtr t = hint && hint->kind == TypeKind::List ? hint : graph::list_type(graph::tensor_type());
            // graph->createList, as every list literal: no source range.
            graph::Node* n = g_->insert("prim::ListConstruct", {}, 1);
            n->output()->type = t;
            // Without a type hint PyTorch's emitListLiteral makes a prim::EmptyListLiteral (so a
            // temporary `[]` can match any list type); the variable it is assigned to names that
            // node, which is then replaced by a fresh, unnamed ListConstruct of List[Tensor]. So
            // `xs = []` prints as `_0 = annotate(List[Tensor], [])` in .code, while
            // `xs: List[int] = []` keeps its name.
            if (!hint) unnamed_.insert(n->output());
            return n->output();
        }
        if (e.kind == ExprKind::Dict) return emit_dict(cast<lang::Dict>(e), hint);
        return emit(e);
    }

    // A dict literal: prim::DictConstruct(k0, v0, k1, v1...). An empty one is Dict[str, Tensor]
    // unless annotated, as in TorchScript; keys must be str or int.
    GValue* emit_dict(const lang::Dict& d, TypePtr hint) {
        std::vector<GValue*> ins;
        TypePtr kt, vt;
        for (size_t i = 0; i < d.keys.size(); ++i) {
            if (!d.keys[i]) fail(d.span, "Dict unpacking (**) is not supported in Kiln's script");
            GValue* k = emit(*d.keys[i]);
            GValue* v = emit(*d.values[i]);
            if (k->type->kind != TypeKind::Str && k->type->kind != TypeKind::Int)
                fail(d.keys[i]->span, "Dict keys must be str or int in Kiln's script, not " + type_str(k));
            kt = kt ? (graph::type_equal(kt, k->type) ? kt : nullptr) : k->type;
            vt = vt ? graph::unify_types(vt, v->type) : v->type;
            if (!kt || !vt) fail(d.span, "Dict entries must have the same key type and value type");
            ins.push_back(k);
            ins.push_back(v);
        }
        TypePtr t = hint && hint->kind == TypeKind::Dict ? hint
                    : kt ? graph::dict_type(kt, graph::erase_tensor_details(vt))
                         : graph::dict_type(graph::str_type(), graph::tensor_type());
        // graph->createDict: no source range.
        graph::Node* n = g_->insert("prim::DictConstruct", ins, 1);
        n->output()->type = t;
        return n->output();
    }

    // PyTorch's setSugaredVar: a name bound in an enclosing frame (assigned inside an if or loop body)
    // keeps its type; a value that is not a subtype of it (after tryConvertToType's implicit
    // conversions: a Tensor to a number, a tuple to a list) is refused where it is assigned.
    void check_reassign(const std::string& n, GValue* v, const SourceSpan& sp) {
        if (n.empty() || n[0] == '$' || !in_parent_frame(n) || is_submodule_value(v)) return;
        const Binding* parent = nullptr;
        for (size_t i = scopes_.size() - 1; i-- > 0 && !parent;) {
            auto f = scopes_[i].vars.find(n);
            if (f != scopes_[i].vars.end()) parent = &f->second;
        }
        if (!parent || !parent->v || parent->sugared) return;
        TypePtr pt = graph::erase_tensor_details(binding_type(*parent));
        if (graph::is_subtype(v->type, pt)) return;
        bool to_number = pt->kind == TypeKind::Int || pt->kind == TypeKind::Float || pt->kind == TypeKind::Number;
        if ((v->type->is_tensor() || v->type->kind == TypeKind::Bool || v->type->kind == TypeKind::Number) && to_number)
            return;
        if (v->type->kind == TypeKind::Tuple && pt->kind == TypeKind::List) return;
        fail(sp, "Variable '" + n + "' previously had type " + pt->annotation_str() +
                     " but is now being assigned to a value of type " + type_str(v));
    }
    void assign_to(const Expr& t, GValue* v) {
        switch (t.kind) {
            case ExprKind::Name:
                check_reassign(cast<Name>(t).id, v, t.span);
                bind(cast<Name>(t).id, v);
                return;
            case ExprKind::Tuple:
            case ExprKind::List: {
                const ExprList& elts = t.kind == ExprKind::Tuple ? cast<lang::Tuple>(t).elts : cast<lang::List>(t).elts;
                if (v->type->kind == TypeKind::List) {
                    // SimpleValue::asTuple of a list with the targets' count as its size hint:
                    // prim::ListUnpack, each output of the element type (the count is checked when
                    // it runs: "Expected 2 elements in a list but found 3").
                    graph::Node* n = g_->insert("prim::ListUnpack", {v}, elts.size());
                    for (size_t i = 0; i < elts.size(); ++i) {
                        n->outputs[i]->type = v->type->contained[0];
                        assign_to(*elts[i], n->outputs[i]);
                    }
                    return;
                }
                if (v->type->kind != TypeKind::Tuple)
                    fail(t.span, "cannot statically infer the expected size of a list in this context");
                if (v->type->contained.size() != elts.size())
                    fail(t.span, "too many values to unpack: need " + std::to_string(elts.size()) + " but found " +
                                     std::to_string(v->type->contained.size()));
                // createTupleUnpack's peephole: a tuple built right here (`h, y = a, b`) hands over
                // its items, which take the targets' names; the construct is left for dead code.
                if (v->node && v->node->kind == "prim::TupleConstruct") {
                    std::vector<GValue*> items = v->node->inputs;
                    for (size_t i = 0; i < elts.size(); ++i) assign_to(*elts[i], items[i]);
                    return;
                }
                graph::Node* n = g_->insert("prim::TupleUnpack", {v}, elts.size());
                for (size_t i = 0; i < elts.size(); ++i) {
                    n->outputs[i]->type = v->type->contained[i];
                    assign_to(*elts[i], n->outputs[i]);
                }
                return;
            }
            case ExprKind::Subscript: {
                const auto& s = cast<Subscript>(t);
                GValue* base = emit(*s.value);
                if (base->type->kind == TypeKind::List || base->type->kind == TypeKind::Dict) {
                    emit_op("aten::_set_item", {base, emit(*s.slice), v}, {}, t.span);
                    return;
                }
                if (base->type->is_tensor()) {
                    // emitSubscriptAssign: the int/slice-indexed view takes the value (aten::copy_),
                    // or aten::index_put_ with the tensor indices; a number becomes a tensor of the
                    // view's dtype and device first (emitValueToTensor).
                    auto [sliced, tensor_indices] = int_and_slice_indexing(base, s);
                    const TypeKind k = v->type->kind;
                    if (k == TypeKind::Int || k == TypeKind::Float || k == TypeKind::Bool || k == TypeKind::Number) {
                        graph::Node* dt = g_->insert("prim::dtype", {sliced}, 1);
                        dt->output()->type = graph::int_type();
                        graph::Node* dev = g_->insert("prim::device", {sliced}, 1);
                        dev->output()->type = graph::device_type();
                        v = emit_op("aten::tensor", {v}, {{"dtype", dt->output()}, {"device", dev->output()}}, t.span);
                    }
                    if (tensor_indices.empty())
                        emit_op("aten::copy_", {sliced, v}, {}, t.span);
                    else
                        emit_op("aten::index_put_", {sliced, index_list(tensor_indices), v}, {}, t.span);
                    return;
                }
                fail(t.span, "subscript assignment to a value of type " + type_str(base) +
                                 " is not supported in Kiln's script yet");
            }
            case ExprKind::Attribute: {
                // `self.attr = v` on a module: prim::SetAttr, the value checked against the slot's type.
                const auto& a = cast<Attribute>(t);
                GValue* obj = emit(*a.value);
                if (obj->type->kind != TypeKind::Class)
                    fail(t.span, "attribute assignment is supported on modules only in Kiln's script");
                TypePtr st = slot_type(class_of(obj, t.span), a.attr);
                if (!st)
                    fail(t.span, "Tried to set nonexistent attribute: " + a.attr +
                                     ". Did you forget to initialize it in __init__()?");
                if (!graph::is_subtype(v->type, st))
                    fail(t.span, "Wrong type for attribute assignment. Expected " + st->annotation_str() + " but got " +
                                     type_str(v));
                graph::Node* n = g_->insert("prim::SetAttr", {obj, v}, 0);  // no source range, as in PyTorch
                n->set_attr("name", IValue(a.attr));
                return;
            }
            default: fail(t.span, "assignment to this target is not supported in Kiln's script yet");
        }
    }

    // PyTorch's RefinementSet: the Optional locals a condition proves present when it is true and
    // when it is false. `x is not None` refines x when true, `x is None` when false; `not` swaps;
    // `a and b` refines, when true, what either does (and when false what both do), `a or b` the
    // reverse. Names keep the order they were found in (insertRefinements' order).
    struct Refinements {
        std::vector<std::string> when_true, when_false;
    };
    static std::vector<std::string> union_of(std::vector<std::string> a, const std::vector<std::string>& b) {
        for (const auto& n : b)
            if (std::find(a.begin(), a.end(), n) == a.end()) a.push_back(n);
        return a;
    }
    static std::vector<std::string> intersection_of(const std::vector<std::string>& a, const std::vector<std::string>& b) {
        std::vector<std::string> out;
        for (const auto& n : a)
            if (std::find(b.begin(), b.end(), n) != b.end()) out.push_back(n);
        return out;
    }
    Refinements refinements_of(const Expr& test) {
        if (test.kind == ExprKind::UnaryOp && cast<UnaryOp>(test).op == UnaryOpKind::Not) {
            Refinements r = refinements_of(*cast<UnaryOp>(test).operand);
            return {r.when_false, r.when_true};
        }
        if (test.kind == ExprKind::BoolOp) {
            const auto& b = cast<BoolOp>(test);
            Refinements acc = refinements_of(*b.values[0]);
            for (size_t i = 1; i < b.values.size(); ++i) {
                Refinements r = refinements_of(*b.values[i]);
                if (b.op == BoolOpKind::And) acc = {union_of(acc.when_true, r.when_true), intersection_of(acc.when_false, r.when_false)};
                else acc = {intersection_of(acc.when_true, r.when_true), union_of(acc.when_false, r.when_false)};
            }
            return acc;
        }
        if (test.kind == ExprKind::Call) {
            // isinstance(x, T) on an Optional x whose element is a T: x is the element when true.
            const auto& call = cast<Call>(test);
            if (call.func->kind != ExprKind::Name || cast<Name>(*call.func).id != "isinstance" || find("isinstance") ||
                call.args.size() != 2 || call.args[0]->kind != ExprKind::Name)
                return {};
            const std::string& name = cast<Name>(*call.args[0]).id;
            const Binding* b = find(name);
            if (!b || !b->v || binding_type(*b)->kind != TypeKind::Optional) return {};
            std::vector<IsInstanceType> rhs = isinstance_types(*call.args[1]);
            bool elem = isinstance_match(binding_type(*b)->contained[0], rhs);
            bool none = isinstance_match(graph::none_type(), rhs);
            // emitIsInstance refines both ways: the element when true, NoneType when false
            // ("~name" in the false set).
            if (elem && !none) return {{name}, {"~" + name}};
            return {};
        }
        if (test.kind != ExprKind::Compare) return {};
        const auto& c = cast<Compare>(test);
        if (c.ops.size() != 1 || (c.ops[0] != CmpOpKind::Is && c.ops[0] != CmpOpKind::IsNot)) return {};
        const Expr* l = c.left.get();
        const Expr* r = c.comparators[0].get();
        auto is_none = [](const Expr* e) {
            return e->kind == ExprKind::Constant && cast<Constant>(*e).value_kind == ConstantKind::None;
        };
        if (is_none(l) && !is_none(r)) std::swap(l, r);  // `None is x` is `x is None`
        if (l->kind != ExprKind::Name || !is_none(r)) return {};
        const Binding* b = find(cast<Name>(*l).id);
        if (!b || !b->v || binding_type(*b)->kind != TypeKind::Optional) return {};
        if (c.ops[0] == CmpOpKind::IsNot) return {{cast<Name>(*l).id}, {}};
        return {{}, {cast<Name>(*l).id}};
    }
    // insertRefinements: the variable is read (a prim::Load), cast, and assigned again in the
    // branch (setVar: a prim::Store), so it is a variable the branch defines, as any assignment
    // is: an output of the If (of the unified, Optional type), dead unless read after the If.
    // A name written "~x" refines x to NoneType (isinstance's false side).
    void refine(const std::vector<std::string>& names, const SourceSpan& sp) {
        for (const auto& entry : names) {
            bool to_none = entry[0] == '~';
            std::string name = to_none ? entry.substr(1) : entry;
            GValue* v = read_variable(name, sp);
            TypePtr t = ty(v);
            if (t->kind != TypeKind::Optional) continue;
            graph::Node* n = g_->insert("prim::unchecked_cast", {v}, 1);
            n->output()->type = to_none ? graph::none_type() : t->contained[0];
            bind(name, n->output());
        }
    }

    // emitIfExpr (an if-expression, the If of `a and b` / `a or b`) pushes a frame per branch and
    // pops it, but the refinements it inserts there are prim::Stores in the branch's block, which
    // ConvertToSSA turns into outputs of the If like any assignment: after the expression's own
    // value, in name order, the refined value from the branch that refined the variable and the
    // variable's value from the other. Reads after the If see that output (Optional again), and
    // dead code elimination drops it when nothing reads it.
    void refined_outputs(graph::Node* n, Scope (&done)[2]) {
        std::set<std::string> names;
        for (const Scope& d : done) names.insert(d.assigned.begin(), d.assigned.end());
        for (const auto& nm : names) {
            const Binding* outer = find(nm);
            GValue* vs[2] = {nullptr, nullptr};
            for (int b = 0; b < 2; ++b) {
                auto it = done[b].vars.find(nm);
                if (it != done[b].vars.end()) vs[b] = it->second.error.empty() ? it->second.v : nullptr;
                else if (outer && outer->error.empty()) vs[b] = outer->v;
            }
            if (!vs[0] || !vs[1]) continue;
            TypePtr u = graph::unify_types(vs[0]->type, vs[1]->type);
            if (!u) continue;
            n->blocks[0]->register_return(vs[0]);
            n->blocks[1]->register_return(vs[1]);
            GValue* out = n->add_output(u);
            g_->defer_number(out);
            ssa_outputs_[n].push_back(nm);
            scope().assign(nm, Binding{out, "", nullptr});
        }
    }

    static std::vector<const Stmt*> concat(const StmtList& a, const std::vector<const Stmt*>& rest) {
        std::vector<const Stmt*> out;
        for (const auto& s : a) out.push_back(s.get());
        out.insert(out.end(), rest.begin(), rest.end());
        return out;
    }

    // Returns whether every path exited.
    bool emit_if(const lang::If& s, const std::vector<const Stmt*>& rest, bool tail) {
        return emit_if_parts(*s.test, s.body, s.orelse, s.span, rest, tail);
    }
    // An if statement given by its parts (an assert is one whose body is empty and whose else
    // branch raises).
    bool emit_if_parts(const Expr& test, const StmtList& body, const StmtList& orelse, const SourceSpan& span,
                       const std::vector<const Stmt*>& rest, bool tail) {
        GValue* c = cond(test);
        if (c->node->is_constant()) {  // metaprogramming: only the branch taken exists
            bool taken = c->node->attr("value") && c->node->attr("value")->to_bool();
            return compile_seq(concat(taken ? body : orelse, rest), tail);
        }
        Refinements ref = refinements_of(test);
        graph::Node* n = g_->insert("prim::If", {c}, 0);
        n->loc = loc(span);
        graph::Block* blocks[2] = {n->add_block(), n->add_block()};
        graph::Block* saved = g_->insertion_block();
        Scope done[2];
        bool exited[2];
        for (int b = 0; b < 2; ++b) {
            g_->set_insertion_block(blocks[b]);
            scopes_.emplace_back();
            refine(b == 0 ? ref.when_true : ref.when_false, test.span);
            exited[b] = compile_seq(concat(b == 0 ? body : orelse, rest), tail);
            done[b] = std::move(scopes_.back());
            scopes_.pop_back();
        }
        g_->set_insertion_block(saved);
        auto binding_in = [&](int b, const std::string& nm) -> const Binding* {
            auto it = done[b].vars.find(nm);
            if (it != done[b].vars.end()) return it->second.error.empty() ? &it->second : nullptr;
            const Binding* o = find(nm);
            return o && o->error.empty() ? o : nullptr;
        };
        auto value_in = [&](int b, const std::string& nm) -> GValue* {
            const Binding* x = binding_in(b, nm);
            return x ? x->v : nullptr;
        };
        // PyTorch's emitIfElseBlocks then looks each variable a branch defines up from the other
        // branch (a prim::Load where it is found: see read_variable).
        for (int b = 0; b < 2; ++b)
            for (const auto& nm : done[b].assigned) {
                auto it = done[b].vars.find(nm);
                if (nm[0] != '$' && it->second.error.empty() && value_in(1 - b, nm)) g_->transient_value(nm);
            }
        // The outputs in the order of PyTorch's std::set of variable names.
        std::set<std::string> sorted(done[0].assigned.begin(), done[0].assigned.end());
        sorted.insert(done[1].assigned.begin(), done[1].assigned.end());
        std::vector<std::string> names(sorted.begin(), sorted.end());
        // A branch that returned or raised (PyTorch's exit_blocks) gives each variable of the other
        // branch an uninitialized value (it is never read: transform_exits removes it with the rest
        // of the block after the exit); when both did, the If has no outputs.
        bool ret[2] = {done[0].returned, done[1].returned};
        if (ret[0] && ret[1]) names.clear();
        for (const auto& nm : names) {
            GValue* vs[2] = {value_in(0, nm), value_in(1, nm)};
            for (int b = 0; b < 2; ++b)
                if (ret[b] && vs[1 - b]) {
                    g_->set_insertion_block(blocks[b]);
                    graph::Node* u = g_->insert("prim::Uninitialized", {}, 1);
                    u->output()->type = vs[1 - b]->type;
                    vs[b] = u->output();
                    g_->set_insertion_block(saved);
                }
            if (!vs[0] || !vs[1]) {
                if (tail || nm[0] == '$') continue;
                scope().assign(nm, Binding{nullptr, nm + " is not defined in the " + (vs[0] ? "false" : "true") + " branch"});
                continue;
            }
            TypePtr u = graph::unify_types(vs[0]->type, vs[1]->type);
            if (!u)
                fail(span, "Type mismatch: " + nm + " is set to type " + type_str(vs[0]) + " in the true branch and type " +
                                 type_str(vs[1]) + " in the false branch");
            blocks[0]->register_return(vs[0]);
            blocks[1]->register_return(vs[1]);
            // Each output's variable is read in both branches that fall through and in the enclosing
            // block; the output itself is made (numbered, named) by ConvertToSSA.
            if (nm[0] != '$') {
                for (int b = 0; b < 2; ++b)
                    if (!exited[b] && !done[b].raised) g_->transient_value(nm);
                const Binding* outer = find(nm);
                if (outer && outer->error.empty()) g_->transient_value(nm);
            }
            GValue* out = n->add_output(u);
            g_->defer_number(out);
            ssa_outputs_[n].push_back(nm);
            // emitIfElseBlocks types the variable after the If as the unified type of its reads in
            // the branches (declared types included); the output itself unifies the values' types.
            TypePtr declared;
            const Binding* bs[2] = {binding_in(0, nm), binding_in(1, nm)};
            if (bs[0] && bs[1] && (bs[0]->declared || bs[1]->declared) && !ret[0] && !ret[1])
                if (TypePtr d = graph::unify_types(binding_type(*bs[0]), binding_type(*bs[1])); d && !graph::type_equal(d, u))
                    declared = d;
            scope().assign(nm, Binding{out, "", declared});
        }
        if (done[0].raised && done[1].raised) scope().raised = true;
        if (ret[0] && ret[1]) scope().returned = true;
        return exited[0] && exited[1];
    }

    // A `for` over a module container (ModuleList, Sequential, ModuleDict; enumerate() of one; a
    // ModuleDict's items()/keys()/values()) is PyTorch's emitUnrolledLoop: for each submodule, the
    // index is materialized (a number literal), the item is read (prim::GetAttr of the child), the
    // targets are assigned and the body is emitted again, in the enclosing frame. Returns false
    // when the iterable is not one.
    // [elt for target in iter], as PyTorch's emitListComprehension: an empty list (List[Tensor]
    // until the element's type is known, or the annotated type), then the loop in a scope of its
    // own (its variables do not leak) whose body appends the element (aten::append).
    GValue* list_comprehension(const ListComp& lc, TypePtr hint) {
        if (lc.generators.size() != 1) fail(lc.span, "Only one generator is supported in list comprehensions in Kiln's script");
        const Comprehension& gen = lc.generators[0];
        if (!gen.ifs.empty()) fail(gen.ifs[0]->span, "Comprehension ifs are not supported yet", "NotSupportedError");
        graph::Node* ln = g_->insert("prim::ListConstruct", {}, 1);
        GValue* list = ln->output();
        bool typed = hint && hint->kind == TypeKind::List;
        list->type = typed ? hint : graph::list_type(graph::tensor_type());
        scopes_.emplace_back();
        StmtList no_body;
        emit_for(ForSpec{gen.target, gen.iter, no_body, lc.span, [&] {
                             GValue* item = emit(*lc.elt);
                             if (!typed) {
                                 list->type = graph::list_type(graph::erase_tensor_details(item->type));
                                 typed = true;
                             }
                             emit_op("aten::append", {list, item}, {}, lc.span);
                         }});
        scopes_.pop_back();
        return list;
    }

    // A for loop's parts: a `for` statement's, or a list comprehension's generator (whose body is
    // body_fn: evaluate the element and append it).
    struct ForSpec {
        const ExprPtr& target;
        const ExprPtr& iter;
        const StmtList& body;
        SourceSpan span;
        std::function<void()> body_fn;
    };

    bool emit_unrolled_for(const ForSpec& f) {
        const Expr* it = f.iter.get();
        std::string mode = "items";  // what each step binds: the child, (index, child), (key, child), key
        if (it->kind == ExprKind::Call) {
            const auto& c = cast<Call>(*it);
            if (c.func->kind == ExprKind::Name && cast<Name>(*c.func).id == "enumerate" && !find("enumerate") &&
                c.args.size() == 1 && c.keywords.empty()) {
                mode = "enumerate";
                it = c.args[0].get();
            } else if (c.func->kind == ExprKind::Attribute && c.args.empty() && c.keywords.empty()) {
                const auto& a = cast<Attribute>(*c.func);
                if (a.attr != "items" && a.attr != "keys" && a.attr != "values") return false;
                mode = "dict_" + a.attr;
                it = a.value.get();
            } else {
                return false;
            }
        }
        if (it->kind != ExprKind::Attribute && it->kind != ExprKind::Name) return false;
        // Only a Class-typed value can be a container: anything else compiles as a loop.
        if (it->kind == ExprKind::Name && !find(cast<Name>(*it).id)) return false;
        // Decided from the types alone (nothing is emitted for an iterable that is no container):
        // a variable holding a module, or a module's attribute holding one.
        TypePtr type;
        if (it->kind == ExprKind::Attribute) {
            const Expr& base = *cast<Attribute>(*it).value;
            const Binding* b = base.kind == ExprKind::Name ? find(cast<Name>(base).id) : nullptr;
            if (!b || !b->v || b->v->type->kind != TypeKind::Class) return false;
            const ClassInfo* owner = resolver_.class_info(b->v->type->name);
            type = owner ? slot_type(*owner, cast<Attribute>(*it).attr) : nullptr;
        } else if (const Binding* b = find(cast<Name>(*it).id); b && b->v) {
            type = b->v->type;
        }
        if (!type || type->kind != TypeKind::Class) return false;
        const ClassInfo* info = resolver_.class_info(type->name);
        if (!info || info->container.empty()) return false;
        // enumerate(xs) (emitApplySpecialForm's prim::enumerate) materializes its end, INT64_MAX,
        // before it emits its argument.
        if (mode == "enumerate") materialize_constant(IValue(int64_t(INT64_MAX)), it->span);
        GValue* cv = emit(*it);
        const ClassInfo& c = *info;
        bool dict = c.container == "ModuleDict";
        if (mode.rfind("dict_", 0) == 0 && !dict)
            fail(f.iter->span, "Module '" + c.name.substr(c.name.rfind('.') + 1) + "' has no attribute '" + mode.substr(5) + "' ");
        if (dict && mode == "items") mode = "dict_keys";  // iterating a dict gives its keys
        for (const auto& s : f.body)
            if (has_loop_exit(*s)) fail(s->span, "Because we emit iteration over modulelists or tuples as unrolled loops, we do not support break or continue inside the body of these loops");
        // ModuleValue::getSugaredDict, what iterating a container (or its items()/keys()/
        // values()) starts with: for every submodule, its name as a constant (no source range)
        // and its prim::GetAttr, all before the first step; what a step does not use is dead.
        std::vector<GValue*> keys, children;
        for (const auto& [name, type] : c.attributes) {
            if (type->kind != TypeKind::Class) continue;
            keys.push_back(g_->insert_constant(IValue(name)));
            children.push_back(class_attribute(cv, name, f.span).v);
        }
        // enumerate's RangeValue over the end alone makes its start 0 and step 1 at the call.
        if (mode == "enumerate") {
            g_->insert_constant(IValue(int64_t(0)), loc(f.iter->span));
            g_->insert_constant(IValue(int64_t(1)), loc(f.iter->span));
        }
        for (size_t i = 0; i < children.size(); ++i) {
            // emitUnrolledLoop: each step materializes its index, takes the step's items and
            // assigns the targets in the enclosing frame.
            GValue* index = materialize_constant(IValue(int64_t(i)), f.span);
            if (mode == "items" || mode == "dict_values") {
                assign_to(*f.target, children[i]);
            } else if (mode == "dict_keys") {
                assign_to(*f.target, keys[i]);
            } else {
                // (index, child) or (key, child): the target is a pair.
                if (f.target->kind != ExprKind::Tuple || cast<lang::Tuple>(*f.target).elts.size() != 2)
                    fail(f.target->span, "cannot unpack this iteration of a module container into these targets");
                const auto& elts = cast<lang::Tuple>(*f.target).elts;
                assign_to(*elts[0], mode == "enumerate" ? index : keys[i]);
                assign_to(*elts[1], children[i]);
            }
            if (f.body_fn) {
                f.body_fn();
                continue;
            }
            std::vector<const Stmt*> stmts;
            for (const auto& s : f.body) stmts.push_back(s.get());
            if (compile_seq(stmts, false)) break;
        }
        return true;
    }

    // A loop over zip(a, b, ...) or enumerate(xs, start): PyTorch's IterableTree. Each child is an
    // iterable with a length and items: a list (aten::len, aten::__getitem__), a tensor
    // (aten::len, aten::select on dim 0) or enumerate's counter, a RangeValue up to INT64_MAX (its
    // length that end when it has no start, else aten::__range_length; its item the loop index or
    // aten::__derive_index). The trip count is prim::min of the lengths, and each step binds the
    // tuple of the children's items to the targets. Returns false for other iterables.
    struct IterNode {
        GValue* seq = nullptr;                                     // a list or tensor
        GValue *start = nullptr, *end = nullptr, *step = nullptr;  // enumerate's RangeValue
        bool only_end = false;
        std::vector<IterNode> children;                            // a zip/enumerate tree
        bool tree = false;
    };
    static bool is_zip_enumerate(const Expr& e, const std::function<bool(const std::string&)>& defined) {
        if (e.kind != ExprKind::Call) return false;
        const auto& c = cast<Call>(e);
        if (c.func->kind != ExprKind::Name) return false;
        const std::string& fn = cast<Name>(*c.func).id;
        return (fn == "zip" || fn == "enumerate") && !defined(fn);
    }
    // zip(...) / enumerate(...) as PyTorch's emitApplySpecialForm builds the IterableTree.
    IterNode iterable_tree(const Call& c) {
        IterNode node;
        node.tree = true;
        const std::string& fn = cast<Name>(*c.func).id;
        auto child = [&](const Expr& e) {
            if (is_zip_enumerate(e, [&](const std::string& n) { return find(n) != nullptr; }))
                return iterable_tree(cast<Call>(e));
            IterNode leaf;
            leaf.seq = emit(e);
            if (leaf.seq->type->kind != TypeKind::List && !leaf.seq->type->is_tensor())
                fail(e.span, "'" + type_str(leaf.seq) + "' object is not iterable in Kiln's script");
            return leaf;
        };
        if (fn == "enumerate") {
            size_t n = c.args.size() + c.keywords.size();
            if (c.args.empty()) fail(c.span, "enumerate expected at least 1 arguments, got 0");
            if (n > 2) fail(c.span, "enumerate expected at most 2 arguments, got " + std::to_string(n));
            IterNode range;
            if (c.args.size() == 2) range.start = emit(*c.args[1]);
            for (const auto& k : c.keywords) {
                if (k.arg != "start") fail(c.span, "enumerate expected kwarg name 'start', got '" + k.arg + "'");
                range.start = emit(*k.value);
            }
            range.end = materialize_constant(IValue(int64_t(INT64_MAX)), c.span);
            IterNode items = child(*c.args[0]);
            // RangeValue's constructor: a missing start is 0, the step 1 (made even when unused).
            range.only_end = !range.start;
            if (!range.start) range.start = g_->insert_constant(IValue(int64_t(0)), loc(c.span));
            range.step = g_->insert_constant(IValue(int64_t(1)), loc(c.span));
            node.children.push_back(range);
            node.children.push_back(std::move(items));
        } else {
            if (!c.keywords.empty()) fail(c.span, "zip() takes no keyword arguments");
            for (const auto& a : c.args) node.children.push_back(child(*a));
        }
        return node;
    }
    // IterableTree::len over the base iterables, in order.
    void tree_lengths(const IterNode& n, std::vector<GValue*>& lens, const SourceSpan& sp) {
        if (n.tree) {
            for (const IterNode& ch : n.children) tree_lengths(ch, lens, sp);
        } else if (n.seq) {
            lens.push_back(emit_op("aten::len", {n.seq}, {}, sp));
        } else {
            lens.push_back(n.only_end ? n.end : emit_op("aten::__range_length", {n.start, n.end, n.step}, {}, sp));
        }
    }
    // IterableTree::getitem: every leaf's item at the loop index, in tree order (a list's
    // aten::__getitem__, a tensor's aten::select, enumerate's counter or aten::__derive_index).
    struct TreeItems {
        GValue* item = nullptr;  // a leaf's
        std::vector<TreeItems> children;
    };
    TreeItems tree_items(const IterNode& n, GValue* i, const SourceSpan& sp) {
        TreeItems t;
        if (!n.tree) {
            t.item = !n.seq ? (n.only_end ? i : emit_op("aten::__derive_index", {i, n.start, n.step}, {}, sp))
                     : n.seq->type->kind == TypeKind::List
                         ? emit_op("aten::__getitem__", {n.seq, i}, {}, sp)
                         : emit_op("aten::select", {n.seq, g_->insert_constant(IValue(int64_t(0))), i}, {}, sp);
            return t;
        }
        for (const IterNode& ch : n.children) t.children.push_back(tree_items(ch, i, sp));
        return t;
    }
    // emitLoopCommon takes the step's items asValue: a prim::TupleConstruct per tree, inner ones
    // first. The assignment unpacks them through createTupleUnpack's peephole (the construct's
    // inputs, no unpack node), so the constructs stay unused until dead code elimination.
    GValue* tree_tuple(const TreeItems& t) {
        if (t.item) return t.item;
        std::vector<GValue*> vals;
        std::vector<TypePtr> types;
        for (const TreeItems& ch : t.children) {
            vals.push_back(tree_tuple(ch));
            types.push_back(vals.back()->type);
        }
        graph::Node* n = g_->insert("prim::TupleConstruct", vals, 1);
        n->output()->type = graph::tuple_type(types);
        return n->output();
    }
    void bind_tree_items(const TreeItems& t, const Expr& target) {
        if (t.item) {
            assign_to(target, t.item);
            return;
        }
        if (target.kind != ExprKind::Tuple && target.kind != ExprKind::List)
            fail(target.span, "a tuple of the items of zip()/enumerate() needs as many targets in Kiln's script");
        const ExprList& elts = target.kind == ExprKind::Tuple ? cast<lang::Tuple>(target).elts : cast<lang::List>(target).elts;
        if (elts.size() != t.children.size())
            fail(target.span, "too many values to unpack: need " + std::to_string(elts.size()) + " but found " +
                                  std::to_string(t.children.size()));
        for (size_t k = 0; k < elts.size(); ++k) bind_tree_items(t.children[k], *elts[k]);
    }

    // A loop over zip(a, b, ...) or enumerate(xs, start): PyTorch's IterableTree. Each leaf is an
    // iterable with a length and items: a list (aten::len, aten::__getitem__), a tensor
    // (aten::len, aten::select on dim 0) or enumerate's counter, a RangeValue up to INT64_MAX (its
    // length that end when it has no start, else aten::__range_length; its item the loop index or
    // aten::__derive_index). The trip count is prim::min of the leaves' lengths, and each step binds
    // the (nested) tuple of items to the targets. Returns false for other iterables.
    bool emit_zip_enumerate_for(const ForSpec& f) {
        if (!is_zip_enumerate(*f.iter, [&](const std::string& n) { return find(n) != nullptr; })) return false;
        IterNode tree = iterable_tree(cast<Call>(*f.iter));
        std::vector<GValue*> lens;
        tree_lengths(tree, lens, f.span);
        graph::Node* list = g_->insert("prim::ListConstruct", lens, 1);
        list->output()->type = graph::list_type(graph::int_type());
        GValue* trips = emit_op("prim::min", {list->output()}, {}, f.span);
        emit_loop(trips, g_->insert_constant(IValue(true), loc(f.span)), f.body, nullptr,
                  [&](GValue* i) {
                      TreeItems items = tree_items(tree, i, f.span);
                      tree_tuple(items);
                      bind_tree_items(items, *f.target);
                  },
                  f.span, f.body_fn);
        return true;
    }

    void emit_for(const For& stmt) {
        if (!stmt.orelse.empty()) fail(stmt.span, "else branches of for loops aren't supported");
        emit_for(ForSpec{stmt.target, stmt.iter, stmt.body, stmt.span, nullptr});
    }
    void emit_for(const ForSpec& f) {
        if (emit_unrolled_for(f)) return;
        const Expr& it = *f.iter;
        if (it.kind == ExprKind::Call && cast<Call>(it).func->kind == ExprKind::Name &&
            cast<Name>(*cast<Call>(it).func).id == "range" && !find("range")) {
            const auto& c = cast<Call>(it);
            std::vector<GValue*> a;
            for (const auto& x : c.args) a.push_back(emit(*x));
            for (GValue* x : a)
                if (x->type->kind != TypeKind::Int)
                    fail(it.span, "range(): expected int arguments but found " + type_str(x));
            if (a.empty() || a.size() > 3) fail(it.span, "range expected at most 3 arguments, got " + std::to_string(a.size()));
            // RangeValue: range(n) makes its start 0 and step 1 (constants at the call that only
            // its len/getitem would read: unused, removed by dead code elimination), range(a, b)
            // its step 1.
            if (a.size() == 1) {
                g_->insert_constant(IValue(int64_t(0)), loc(it.span));
                g_->insert_constant(IValue(int64_t(1)), loc(it.span));
                emit_loop(a[0], g_->insert_constant(IValue(true), loc(f.span)), f.body, nullptr,
                          [&](GValue* i) { assign_to(*f.target, i); }, f.span, f.body_fn);
                return;
            }
            GValue* step = a.size() == 3 ? a[2] : g_->insert_constant(IValue(int64_t(1)), loc(it.span));
            // emitLoopCommon asks the iterable for its length and its items at the loop's range
            // (the `for` keyword), so these ops are located there.
            GValue* n = emit_op("aten::__range_length", {a[0], a[1], step}, {}, f.span);
            emit_loop(n, g_->insert_constant(IValue(true), loc(f.span)), f.body, nullptr,
                      [&](GValue* i) { assign_to(*f.target, emit_op("aten::__derive_index", {i, a[0], step}, {}, f.span)); },
                      f.span, f.body_fn);
            return;
        }
        if (emit_zip_enumerate_for(f)) return;
        GValue* seq = emit(it);
        if (seq->type->kind == TypeKind::Dict) seq = emit_op("aten::keys", {seq}, {}, f.span);  // iterating a dict
        if (seq->type->kind == TypeKind::List || seq->type->is_tensor()) {
            bool list = seq->type->kind == TypeKind::List;
            GValue* n = emit_op("aten::len", {seq}, {}, f.span);
            emit_loop(n, g_->insert_constant(IValue(true), loc(f.span)), f.body, nullptr,
                      [&](GValue* i) {
                          GValue* x = list ? emit_op("aten::__getitem__", {seq, i}, {}, f.span)
                                           : emit_op("aten::select", {seq, g_->insert_constant(IValue(int64_t(0))), i},
                                                     {}, f.span);
                          assign_to(*f.target, x);
                      },
                      f.span, f.body_fn);
            return;
        }
        fail(it.span, "'" + type_str(seq) + "' object is not iterable in Kiln's script");
    }

    void emit_loop(GValue* max, GValue* start, const StmtList& body, const Expr* while_test,
                   const std::function<void(GValue*)>& bind_target, const SourceSpan& sp,
                   const std::function<void()>& body_fn = nullptr) {
        std::vector<std::string> names;
        assigned_names(body, names);
        std::vector<std::string> carried;
        for (const auto& nm : names) {
            const Binding* b = find(nm);
            if (b && b->error.empty() && std::find(carried.begin(), carried.end(), nm) == carried.end())
                carried.push_back(nm);
        }
        // addLoopLoadStores carries the variables in name order (CanonicalizeOutputs reorders the
        // outputs by first use at the end); passes in between, such as TransformExits' outputs for
        // a loop that may return, see that order.
        std::sort(carried.begin(), carried.end());
        std::vector<GValue*> ins = {max, start};
        for (const auto& nm : carried) ins.push_back(find(nm)->v);
        graph::Node* n = g_->insert("prim::Loop", ins, 0);
        n->loc = loc(sp);
        graph::Block* b = n->add_block();
        GValue* iv = b->add_param(graph::int_type());
        graph::Block* saved = g_->insertion_block();
        g_->set_insertion_block(b);
        scopes_.emplace_back();
        std::vector<TypePtr> types;
        // The carried parameters and outputs exist only from ConvertToSSA on (addLoopLoadStores,
        // which also names them): they take their numbers and names in convert_to_ssa_numbers.
        for (const auto& nm : carried) {
            // addLoopLoadStores: the carried type unifies the variable's type outside the loop with
            // what the body assigns; the body's assignments were checked against the declared type.
            TypePtr t = binding_type(*find(nm));
            types.push_back(t);
            GValue* p = b->add_param(t);
            g_->defer_number(p);
            scope().vars[nm] = Binding{p, ""};
            scope().carried.insert(nm);
        }
        if (!carried.empty()) ssa_loops_[n] = carried;
        loops_.push_back(while_test);
        loop_carried_.push_back(carried);
        loop_starts_.push_back(start);
        loop_conds_.push_back(while_test ? pending_cond_ : nullptr);
        pending_cond_ = nullptr;
        bind_target(iv);
        if (body_fn) {
            body_fn();
            loop_tail();
        } else {
            std::vector<const Stmt*> stmts;
            for (const auto& s : body) stmts.push_back(s.get());
            compile_seq(stmts, true);
        }
        loops_.pop_back();
        loop_carried_.pop_back();
        loop_starts_.pop_back();
        if (CondCopy* cc = loop_conds_.back()) {
            // A body that always exits never reaches its end, where InlineLoopCondition moved the
            // original condition (TransformExits deletes it there): its numbers are spent, and
            // the start condition still takes new ones.
            if (!cc->moved && !cc->tail) {
                for (GValue* x : cc->items)
                    if (!cc->transients.count(x)) x->unique = SIZE_MAX;
                cc->moved = true;
            }
            if (cc->moved) moved_conds_[n] = *cc;
        }
        loop_conds_.pop_back();
        // A body that returns or raises on every path binds no condition (transform_exits gives the
        // loop the one that stops it after a return).
        GValue* cond = (scope().raised && !find("$cond")) || (scope().returned && !scope().vars.count("$cond"))
                           ? g_->insert_constant(IValue(false))
                           : lookup_value("$cond", sp);
        b->register_return(cond);
        for (size_t i = 0; i < carried.size(); ++i) {
            GValue* v = lookup_value(carried[i], sp);
            if (!graph::is_subtype(v->type, types[i]))
                fail(sp, "Variable '" + carried[i] + "' previously had type " + types[i]->annotation_str() +
                             " but is now being assigned to a value of type " + type_str(v));
            b->register_return(v);
            // addLoopLoadStores types the parameter and the output as unifyTypes(outer, body), the
            // body's type object where the outer type is a subtype of it (an unannotated
            // parameter's inferred Tensor carried through `y = y * 2` becomes the Tensor the
            // operator returns): TransformExits keys its uninitialized values on that object.
            if (TypePtr u = graph::unify_types(types[i], v->type)) {
                types[i] = u;
                b->params()[i + 1]->type = u;
            }
        }
        scopes_.pop_back();
        g_->set_insertion_block(saved);
        // ConvertToSSA's addNodeOutput: named after the variable there, not an assignment.
        for (size_t i = 0; i < carried.size(); ++i) {
            GValue* out = n->add_output(types[i]);
            g_->defer_number(out);
            scope().assign(carried[i], Binding{out, ""});
        }
    }

    // ---- expressions -----------------------------------------------------------------------------
    // A condition (of if, while, assert, a conditional expression, `not`, `and`/`or`), as PyTorch's
    // emitCondExpr emits it: `and`, `or`, `not`, `is`/`is not` and isinstance/hasattr tests make
    // their bool themselves; any other expression goes through emitToBool, a call of the `bool`
    // CastValue, which first inserts a constant 0 (unused, removed again) and so takes a number.
    // CastValue::call's `insertConstant(0)`: a real constant node where the call is emitted, never
    // used, so dead code elimination removes it in the cleanup passes. Until then it is part of
    // its block: where TransformExits copies the statements after a maybe-returning if, the copy
    // takes a number for it too.
    void cast_value_zero() {
        g_->insert_constant(IValue(int64_t(0)));
    }

    bool owns_bool(const Expr& e) {
        bool own_bool = e.kind == ExprKind::BoolOp ||
                        (e.kind == ExprKind::UnaryOp && cast<UnaryOp>(e).op == UnaryOpKind::Not);
        if (e.kind == ExprKind::Compare) {
            const auto& c = cast<Compare>(e);
            own_bool = c.ops.size() == 1 && (c.ops[0] == CmpOpKind::Is || c.ops[0] == CmpOpKind::IsNot);
        }
        if (e.kind == ExprKind::Call && cast<Call>(e).func->kind == ExprKind::Name) {
            const std::string& f = cast<Name>(*cast<Call>(e).func).id;
            own_bool = (f == "isinstance" || f == "hasattr") && !find(f);
        }
        return own_bool;
    }

    GValue* cond(const Expr& e) {
        GValue* v = emit(e);
        if (!owns_bool(e)) cast_value_zero();
        return to_bool(v, e.span);
    }

    // A while loop's condition: emitLoopCommon emits it as emitToBool(emitExpr(test)), so a test
    // that makes its own bool (and/or/not/is, isinstance) still goes through the bool CastValue
    // once after it (its constant 0).
    GValue* while_cond(const Expr& e) {
        GValue* v = cond(e);
        if (owns_bool(e)) cast_value_zero();
        return v;
    }

    GValue* to_bool(GValue* v, const SourceSpan& sp) {
        switch (v->type->kind) {
            case TypeKind::Bool: return v;
            case TypeKind::Tensor: return emit_op("aten::Bool", {v}, {}, sp);
            case TypeKind::Int:
            case TypeKind::Float: return emit_op("aten::Bool", {v}, {}, sp);
            // PyTorch 2.11 compiles the truth of a str, a list or a dict (`if s:`, `while xs:`): its
            // length's, as Python's. Other types fail with emitToBool's caught cast message.
            case TypeKind::Str:
            case TypeKind::List:
            case TypeKind::Dict: return emit_op("aten::Bool", {emit_op("aten::len", {v}, {}, sp)}, {}, sp);
            default: fail(sp, "Could not cast value of type " + v->type->annotation_str() + " to bool");
        }
    }

    GValue* emit(const Expr& e) {
        pending_ = frontend_span(e);  // ErrorReport::CallStack::update_pending_range, as emitExpr does
        return as_value(emit_sv(e), e.span);
    }

    GValue* as_value(const SV& sv, const SourceSpan& sp) {
        switch (sv.kind) {
            case SVKind::Value: return sv.v;
            case SVKind::PyValue:
                fail(sp, "python value of type '" + sv.name +
                             "' cannot be used as a value. Perhaps it is a closed over global variable? If so, please "
                             "consider passing it in as an argument or use a local variable instead.");
            case SVKind::Module: fail(sp, "Module '" + sv.name + "' cannot be used as a value");
            default: fail(sp, "a function cannot be used as a value in Kiln's script");
        }
    }

    SV value_sv(GValue* v) { return SV{SVKind::Value, v, "", {}}; }

    // The expressions being emitted, innermost last: an error reported at one of their spans
    // under-lines the range PyTorch's frontend gives that expression (fail()).
    std::vector<const Expr*> emitting_;

    SV emit_sv(const Expr& e) {
        emitting_.push_back(&e);
        struct Pop {
            std::vector<const Expr*>& v;
            ~Pop() { v.pop_back(); }
        } pop{emitting_};
        return emit_sv_of(e);
    }

    SV emit_sv_of(const Expr& e) {
        switch (e.kind) {
            case ExprKind::Constant: {
                const auto& c = cast<Constant>(e);
                if (c.value_kind == ConstantKind::Ellipsis) fail(e.span, "Ellipsis is not supported here");
                if (c.value_kind == ConstantKind::Int || c.value_kind == ConstantKind::Float)
                    return value_sv(materialize_constant(constant_value(e), e.span));
                return value_sv(g_->insert_constant(constant_value(e), loc(e.span)));
            }
            case ExprKind::Name: return name_sv(cast<Name>(e));
            case ExprKind::Attribute: return attribute_sv(cast<Attribute>(e));
            case ExprKind::Call: return call_sv(cast<Call>(e));
            case ExprKind::BinOp: {
                const auto& b = cast<BinOp>(e);
                GValue* l = emit(*b.left);
                // emitSimpleExpr's '%' emits its left operand once to see whether it is a str
                // (printf-style formatting), then emits the operation, left operand again
                // included: the first copy is dead (removed by dead code elimination, its numbers
                // taken).
                if (b.op == BinOpKind::Mod && l->type->kind != TypeKind::Str) l = emit(*b.left);
                GValue* r = emit(*b.right);
                return value_sv(binary(b.op, l, r, e.span));
            }
            case ExprKind::UnaryOp: {
                const auto& u = cast<UnaryOp>(e);
                if (u.op == UnaryOpKind::Not) return value_sv(emit_op("aten::__not__", {cond(*u.operand)}, {}, e.span));
                GValue* v = emit(*u.operand);
                if (u.op == UnaryOpKind::UAdd) return value_sv(v);
                GValue* r = emit_op(u.op == UnaryOpKind::USub ? "aten::neg" : "aten::bitwise_not", {v}, {}, e.span);
                // emitUnaryOp folds a unary op whose operand is a constant (`-1`, `~0`, `-N` of a
                // global): the result is a new constant where the op stands, located at the op;
                // the op node and the operand's constant stay until dead code elimination. A local
                // variable is never a constant there (its read is a prim::Load).
                bool local = u.operand->kind == ExprKind::Name && find(cast<Name>(*u.operand).id);
                if (!local)
                    if (std::optional<IValue> c = fold_constant(r->node)) return value_sv(g_->insert_constant(*c, loc(e.span)));
                return value_sv(r);
            }
            case ExprKind::Compare: {
                const auto& c = cast<Compare>(e);
                if (c.ops.size() != 1) fail(e.span, "chained comparisons are not supported in Kiln's script yet");
                GValue* l = emit(*c.left);
                GValue* r = emit(*c.comparators[0]);
                return value_sv(compare(c.ops[0], l, r, e.span));
            }
            case ExprKind::BoolOp: {
                const auto& b = cast<BoolOp>(e);
                GValue* acc = cond(*b.values[0]);
                Refinements so_far = refinements_of(*b.values[0]);
                for (size_t i = 1; i < b.values.size(); ++i) {
                    // Short-circuit: the right operand is evaluated inside a prim::If.
                    // emitShortCircuitLogical: the If and the constant of the short-circuited
                    // branch are located at the expression (`a and b and c` nests from its start).
                    graph::Node* n = g_->insert("prim::If", {acc}, 0);
                    n->loc = loc(e.span);
                    graph::Block* tb = n->add_block();
                    graph::Block* eb = n->add_block();
                    graph::Block* saved = g_->insertion_block();
                    bool is_and = b.op == BoolOpKind::And;
                    // emitIfExpr fills the true block first: `a and b` evaluates b there, `a or b`
                    // puts its constant True there and evaluates b in the false block. Each block
                    // first gets the left operand's refinements for its side (insertRefinements),
                    // bound in a frame of the block only: the right operand sees them
                    // (x is not None and x.dim()).
                    Scope done[2];
                    for (int blk = 0; blk < 2; ++blk) {
                        g_->set_insertion_block(blk == 0 ? tb : eb);
                        scopes_.emplace_back();
                        refine(blk == 0 ? so_far.when_true : so_far.when_false, b.values[i - 1]->span);
                        bool continues = (blk == 0) == is_and;
                        GValue* out = continues ? cond(*b.values[i]) : g_->insert_constant(IValue(!is_and), loc(e.span));
                        (blk == 0 ? tb : eb)->register_return(out);
                        done[blk] = std::move(scopes_.back());
                        scopes_.pop_back();
                    }
                    Refinements r = refinements_of(*b.values[i]);
                    so_far = is_and ? Refinements{union_of(so_far.when_true, r.when_true), intersection_of(so_far.when_false, r.when_false)}
                                    : Refinements{intersection_of(so_far.when_true, r.when_true), union_of(so_far.when_false, r.when_false)};
                    g_->set_insertion_block(saved);
                    acc = n->add_output(graph::bool_type());
                    refined_outputs(n, done);
                }
                return value_sv(acc);
            }
            case ExprKind::IfExp: {
                const auto& x = cast<IfExp>(e);
                GValue* c = cond(*x.test);
                Refinements ref = refinements_of(*x.test);  // emitIfExpr refines each branch
                graph::Node* n = g_->insert("prim::If", {c}, 0);
                n->loc = loc(e.span);
                graph::Block* tb = n->add_block();
                graph::Block* eb = n->add_block();
                graph::Block* saved = g_->insertion_block();
                Scope done[2];
                g_->set_insertion_block(tb);
                scopes_.emplace_back();
                refine(ref.when_true, x.test->span);
                GValue* a = emit(*x.body);
                done[0] = std::move(scopes_.back());
                scopes_.pop_back();
                tb->register_return(a);
                g_->set_insertion_block(eb);
                scopes_.emplace_back();
                refine(ref.when_false, x.test->span);
                GValue* b = emit(*x.orelse);
                done[1] = std::move(scopes_.back());
                scopes_.pop_back();
                eb->register_return(b);
                g_->set_insertion_block(saved);
                TypePtr u = graph::unify_types(a->type, b->type);
                if (!u) fail(e.span, "if-expression's true branch has type " + type_str(a) + " but false branch has type " + type_str(b));
                GValue* out = n->add_output(u);
                refined_outputs(n, done);
                return value_sv(out);
            }
            case ExprKind::List: {
                const auto& l = cast<lang::List>(e);
                if (l.elts.empty()) return value_sv(emit_rhs(e, nullptr));
                std::vector<GValue*> vs;
                TypePtr t;
                for (const auto& x : l.elts) {
                    vs.push_back(emit(*x));
                    t = t ? graph::unify_types(t, vs.back()->type) : vs.back()->type;
                    if (!t) fail(e.span, "Lists must contain only a single type");
                }
                graph::Node* n = g_->insert("prim::ListConstruct", vs, 1);
                n->output()->type = graph::list_type(graph::erase_tensor_details(t));
                return value_sv(n->output());
            }
            case ExprKind::Tuple: {
                std::vector<GValue*> vs;
                std::vector<TypePtr> ts;
                for (const auto& x : cast<lang::Tuple>(e).elts) {
                    vs.push_back(emit(*x));
                    ts.push_back(vs.back()->type);
                }
                graph::Node* n = g_->insert("prim::TupleConstruct", vs, 1);
                n->output()->type = graph::tuple_type(ts);
                return value_sv(n->output());
            }
            case ExprKind::Subscript: return value_sv(subscript(cast<Subscript>(e)));
            case ExprKind::JoinedStr: return value_sv(joined_str(cast<JoinedStr>(e)));
            case ExprKind::ListComp: return value_sv(list_comprehension(cast<ListComp>(e), nullptr));
            case ExprKind::Dict: return value_sv(emit_dict(cast<lang::Dict>(e), nullptr));
            case ExprKind::Lambda: fail(e.span, "Lambda aren't supported", "UnsupportedNodeError");
            // PyTorch's frontend has no builder for them: UnsupportedNodeError names the node class.
            case ExprKind::Yield: fail(e.span, "Yield aren't supported", "UnsupportedNodeError");
            case ExprKind::YieldFrom: fail(e.span, "YieldFrom aren't supported", "UnsupportedNodeError");
            case ExprKind::GeneratorExp: fail(e.span, "GeneratorExp aren't supported", "UnsupportedNodeError");
            case ExprKind::Starred: fail(e.span, "Starred expressions are not supported in Kiln's script yet");
            default:
                fail(e.span, std::string(expr_kind_name(e.kind)) + " expressions are not supported in Kiln's script yet");
        }
    }

    SV name_sv(const Name& n) {
        if (find(n.id)) return value_sv(read_variable(n.id, n.span));
        GlobalRef r = resolver_.lookup(n.id);
        switch (r.kind) {
            case GlobalRef::Kind::Module: return SV{SVKind::Module, nullptr, r.module_name, r};
            case GlobalRef::Kind::Script: return SV{SVKind::Script, nullptr, n.id, r};
            case GlobalRef::Kind::PythonFunction: return SV{SVKind::PyFunc, nullptr, n.id, r};
            case GlobalRef::Kind::PythonValue: return SV{SVKind::PyValue, nullptr, r.type_name, r};
            case GlobalRef::Kind::Missing: break;
        }
        if (n.id == "None") return value_sv(g_->insert_constant(IValue()));
        if (kBuiltins.count(n.id)) return SV{SVKind::Builtin, nullptr, n.id, {}};
        fail(n.span, "undefined value " + n.id);
    }

    SV attribute_sv(const Attribute& a) {
        SV base = emit_sv(*a.value);
        if (base.kind == SVKind::Module) {
            std::string q = base.name + "." + a.attr;
            if (kSubmodules.count(q)) return SV{SVKind::Module, nullptr, q, {}};
            // The math module's float constants are Python values: toSugaredValue makes each a
            // constant where it is read.
            if (base.name == "math") {
                static const std::map<std::string, double> math_constants = {
                    {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI},
                    {"inf", std::numeric_limits<double>::infinity()}, {"nan", std::numeric_limits<double>::quiet_NaN()}};
                auto it = math_constants.find(a.attr);
                if (it != math_constants.end()) return value_sv(g_->insert_constant(IValue(it->second), loc(a.span)));
            }
            if (base.name == "torch") {
                if (std::optional<DType> dt = dtype_from_attr_name(a.attr))
                    return value_sv(g_->insert_constant(IValue(graph::scalar_type_code(*dt))));
            }
            if (std::optional<graph::IValue> c = resolver_.module_constant(base.name, a.attr))
                return value_sv(g_->insert_constant(*c, loc(a.span)));
            if (base.name == "torch.nn.functional") resolver_.functional_referenced(a.attr);
            return SV{SVKind::Builtin, nullptr, q, {}};
        }
        if (base.kind == SVKind::PyValue)
            fail(a.span, "attribute lookup is not defined on python value of type '" + base.name + "'");
        GValue* v = as_value(base, a.value->span);
        if (v->type->kind == TypeKind::Class) return module_attribute(v, a);
        // A named tuple's field (SimpleValue::attr): prim::TupleIndex at the field's position.
        if (auto f = tuple_fields_.find(v); f != tuple_fields_.end())
            for (size_t i = 0; i < f->second.size(); ++i)
                if (f->second[i] == a.attr) {
                    graph::Node* n = g_->insert("prim::TupleIndex", {v, g_->insert_constant(IValue(int64_t(i)))}, 1);
                    n->output()->type = v->type->contained[i];
                    return value_sv(n->output());
                }
        if (v->type->is_tensor()) {
            if (a.attr == "shape") return value_sv(emit_op("aten::size", {v}, {}, a.span));
            // builtin_functions.cpp's tensor_properties, written in TorchScript and inlined: T and H
            // call numpy_T / matrix_H (their nodes at that source's lines 5 and 7), mT and mH are
            // aten properties (no source range)
            if (a.attr == "T") return value_sv(builtin_loc(emit_op("aten::numpy_T", {v}, {}, a.span), 5));
            if (a.attr == "H") return value_sv(builtin_loc(emit_op("aten::matrix_H", {v}, {}, a.span), 7));
            if (a.attr == "mT" || a.attr == "mH") {
                GValue* r = emit_op("aten::" + a.attr, {v}, {}, a.span);
                r->node->loc = {};
                return value_sv(r);
            }
            if (a.attr == "dtype") {
                graph::Node* n = g_->insert("prim::dtype", {v}, 1);
                n->output()->type = graph::int_type();
                return value_sv(n->output());
            }
            if (a.attr == "device") {
                graph::Node* n = g_->insert("prim::device", {v}, 1);
                n->output()->type = graph::device_type();
                return value_sv(n->output());
            }
            // The other properties of SimpleValue::attr's builtin_properties Kiln's tensors have.
            static const std::set<std::string> prim_properties = {
                "is_cuda", "is_cpu", "is_meta", "is_nested", "is_sparse", "is_sparse_csr", "is_mkldnn",
                "is_quantized", "is_xla", "is_xpu", "is_mps", "is_mtia", "is_vulkan", "is_ipu", "is_maia",
                "requires_grad", "ndim"};
            if (prim_properties.count(a.attr)) {
                GValue* r = emit_op("prim::" + a.attr, {v}, {}, a.span);
                r->node->loc = {};  // graph->insert(prim::..., {value}): no source range, as prim::dtype
                return value_sv(r);
            }
        }
        // SimpleValue::attr: a value that is neither a tensor, a class nor a named tuple has
        // methods only (its builtin functions); NoneType has none, so any attribute of a value
        // that is statically None fails here, at compile time, even where a check before it
        // (`self.b is not None and self.b.dtype`) shows it is never evaluated.
        if (v->type->kind == TypeKind::None)
            fail(a.span, "'NoneType' object has no attribute or method '" + a.attr + "'.");
        return SV{SVKind::Method, v, a.attr, {}};
    }

    // ---- scripted modules ------------------------------------------------------------------------
    const ClassInfo& class_of(GValue* v, const SourceSpan& sp) {
        const ClassInfo* c = resolver_.class_info(v->type->name);
        if (!c) fail(sp, "Unknown class type " + v->type->name);
        return *c;
    }
    static TypePtr slot_type(const ClassInfo& c, const std::string& name) {
        for (const auto& [n, t] : c.attributes)
            if (n == name) return t;
        return nullptr;
    }

    // `self.attr`: an attribute slot reads with prim::GetAttr; a method is called below.
    SV module_attribute(GValue* v, const Attribute& a) { return class_attribute(v, a.attr, a.span); }
    SV class_attribute(GValue* v, const std::string& attr, const SourceSpan& sp) {
        const ClassInfo& c = class_of(v, sp);
        for (const auto& [n, value] : c.constants)
            if (n == attr) return value_sv(g_->insert_constant(value, loc(sp)));
        if (TypePtr t = slot_type(c, attr)) {
            // As PyTorch's Graph::createGetAttr: the result is named after the field, and the node
            // carries no source range (insertGetAttr sets none).
            graph::Node* n = g_->insert("prim::GetAttr", {v}, 1);
            n->set_attr("name", IValue(attr));
            n->output()->type = t;
            n->output()->set_debug_name(attr);
            return value_sv(n->output());
        }
        if (c.method && c.method(attr)) return SV{SVKind::ClassMethod, v, attr, {}};
        fail(sp, "Module '" + c.name.substr(c.name.rfind('.') + 1) + "' has no attribute '" + attr + "' ");
    }

    // `self.m(args)` / `self.sub(args)`: prim::CallMethod[name=m](obj, args...).
    GValue* call_module_method(GValue* obj, const std::string& name, const std::vector<GValue*>& args,
                               const Kwargs& kw, const SourceSpan& sp) {
        const ClassInfo& c = class_of(obj, sp);
        std::optional<MethodRef> m = c.method ? c.method(name) : std::nullopt;
        if (!m) fail(sp, "Module '" + c.name.substr(c.name.rfind('.') + 1) + "' has no attribute '" + name + "' ");
        std::vector<GValue*> ins = {obj};
        TypePtr ret = m->return_type ? m->return_type : graph::tensor_type();
        if (m->python) {
            if (!kw.empty()) fail(sp, "keyword arguments to ignored methods are not supported in Kiln's script");
            ins.insert(ins.end(), args.begin(), args.end());
        } else {
            const CompiledFunction& fn = *m->fn;
            ret = fn.return_type;
            std::vector<GValue*> bound = bind_call_args(fn, args, kw, sp);
            ins.insert(ins.end(), bound.begin(), bound.end());
        }
        graph::Node* n = g_->insert("prim::CallMethod", ins, 1);
        n->set_attr("name", IValue(name));
        n->loc = loc(sp);
        n->output()->type = ret;
        return n->output();
    }

    GValue* subscript(const Subscript& s) {
        GValue* base = emit(*s.value);
        const TypePtr& t = base->type;
        if (t->kind == TypeKind::Tuple && s.slice->kind == ExprKind::Slice) {
            // emitTupleSlice: constant bounds, the items taken by prim::TupleIndex into a new tuple.
            const auto& sl = cast<Slice>(*s.slice);
            auto bound = [&](const ExprPtr& p) -> std::optional<int64_t> {
                if (!p) return std::nullopt;
                IValue v;
                try { v = constant_value(*p); } catch (const ScriptError&) { fail(p->span, "tuple slice indices must be integer constants"); }
                if (!v.is_int()) fail(p->span, "tuple slice indices must be integer constants");
                return v.to_int();
            };
            std::optional<int64_t> lo = bound(sl.lower), hi = bound(sl.upper), st = bound(sl.step);
            int64_t step = st.value_or(1);
            if (step == 0) fail(s.span, "slice step cannot be zero");
            std::vector<GValue*> items;
            std::vector<TypePtr> types;
            for (int64_t i : graph::slice_indices(int64_t(t->contained.size()), lo, hi, step)) {
                graph::Node* n = g_->insert("prim::TupleIndex", {base, g_->insert_constant(IValue(i))}, 1);
                n->output()->type = t->contained[size_t(i)];
                items.push_back(n->output());
                types.push_back(n->output()->type);
            }
            graph::Node* tn = g_->insert("prim::TupleConstruct", items, 1);
            tn->output()->type = graph::tuple_type(types);
            return tn->output();
        }
        if (t->kind == TypeKind::Tuple) {
            IValue idx;
            bool ok = true;
            try { idx = constant_value(*s.slice); } catch (const ScriptError&) { ok = false; }
            if (!ok || !idx.is_int()) fail(s.slice->span, "tuple indices must be integer constants");
            int64_t i = idx.to_int();
            if (i < 0) i += int64_t(t->contained.size());
            if (i < 0 || i >= int64_t(t->contained.size())) fail(s.span, "Tuple index out of range");
            graph::Node* n = g_->insert("prim::TupleIndex", {base, g_->insert_constant(IValue(i))}, 1);
            n->output()->type = t->contained[size_t(i)];
            return n->output();
        }
        if (s.slice->kind == ExprKind::Slice && (t->kind == TypeKind::List || t->kind == TypeKind::Str)) {
            // emitSlice on a list or string: aten::slice(l, start, end, step) (slice.t / slice.str).
            // emitSlice emits the parts written (start, end, step); emitSliceOp passes its step,
            // a constant 1 at the subscript when none is written, and schema matching then fills
            // an absent start or end with slice's default None (a constant without a range).
            const auto& sl = cast<Slice>(*s.slice);
            GValue* lo = sl.lower ? emit(*sl.lower) : nullptr;
            GValue* hi = sl.upper ? emit(*sl.upper) : nullptr;
            GValue* st = sl.step ? emit(*sl.step) : g_->insert_constant(IValue(int64_t(1)), loc(s.span));
            if (!lo) lo = g_->insert_constant(IValue());
            if (!hi) hi = g_->insert_constant(IValue());
            return emit_op("aten::slice", {base, lo, hi, st}, {}, s.span);
        }
        if (t->kind == TypeKind::List || t->kind == TypeKind::Dict)
            return emit_op("aten::__getitem__", {base, emit(*s.slice)}, {}, s.span);
        if (t->is_tensor()) {
            auto [cur, tensor_indices] = int_and_slice_indexing(base, s);
            if (tensor_indices.empty()) return cur;
            return emit_op("aten::index", {cur, index_list(tensor_indices)}, {}, s.span);
        }
        fail(s.span, "'" + type_str(base) + "' object is not subscriptable in Kiln's script");
    }

    // emitIntAndSliceIndexing over a tensor: ints select and slices/None keep a dimension on the
    // way; a tensor index is set aside at its dimension (tensor_indices, nullptr in the holes) for
    // one aten::index / aten::index_put_ over the sliced result, as at::index takes a Tensor?[]
    // with one entry per leading dimension.
    std::pair<GValue*, std::vector<GValue*>> int_and_slice_indexing(GValue* base, const Subscript& s) {
        std::vector<const Expr*> idx;
        if (s.slice->kind == ExprKind::Tuple)
            for (const auto& x : cast<lang::Tuple>(*s.slice).elts) idx.push_back(x.get());
        else idx.push_back(s.slice.get());
        GValue* cur = base;
        int64_t dim = 0;
        std::vector<GValue*> tensor_indices;
        for (const Expr* x : idx) {
            GValue* d = g_->insert_constant(IValue(dim));
            if (x->kind == ExprKind::Slice) {
                const auto& sl = cast<Slice>(*x);
                auto part = [&](const ExprPtr& p, IValue def) { return p ? emit(*p) : g_->insert_constant(def); };
                GValue* lo = part(sl.lower, IValue());
                GValue* hi = part(sl.upper, IValue());
                GValue* st = part(sl.step, IValue(int64_t(1)));
                cur = emit_op("aten::slice", {cur, d, lo, hi, st}, {}, s.span);
                ++dim;
            } else if (x->kind == ExprKind::Constant && cast<Constant>(*x).value_kind == ConstantKind::None) {
                cur = emit_op("aten::unsqueeze", {cur, d}, {}, s.span);
                ++dim;
            } else {
                GValue* i = emit(*x);
                const TypePtr& it = i->type;
                if (it->kind == TypeKind::Int) {
                    cur = emit_op("aten::select", {cur, d, i}, {}, s.span);
                } else if (it->is_tensor() || (it->kind == TypeKind::Optional && it->contained.size() == 1 &&
                                               it->contained[0]->is_tensor())) {
                    tensor_indices.resize(size_t(dim) + 1, nullptr);
                    tensor_indices[size_t(dim)] = i;
                    ++dim;
                } else if (it->kind == TypeKind::List) {
                    fail(x->span, "Kiln's script does not index tensors with lists yet (index with a tensor: "
                                  "torch.tensor(...))");
                } else {
                    fail(x->span, "Unsupported operation: indexing tensor with unsupported index type '" +
                                      type_str(i) + "'. Only ints, slices, lists and tensors are supported");
                }
            }
        }
        return {cur, tensor_indices};
    }

    // emitIndex's list: the holes become None constants, the list is typed Tensor?[].
    GValue* index_list(std::vector<GValue*> tensor_indices) {
        for (GValue*& v : tensor_indices)
            if (!v) v = g_->insert_constant(IValue());
        graph::Node* ln = g_->insert("prim::ListConstruct", tensor_indices, 1);
        ln->output()->type = graph::list_type(graph::optional_type(graph::tensor_type()));
        return ln->output();
    }

    static std::string bin_name(BinOpKind op) {
        switch (op) {
            case BinOpKind::Add: return "add";
            case BinOpKind::Sub: return "sub";
            case BinOpKind::Mult: return "mul";
            case BinOpKind::Div: return "div";
            case BinOpKind::FloorDiv: return "floordiv";
            case BinOpKind::Mod: return "remainder";
            case BinOpKind::Pow: return "pow";
            case BinOpKind::MatMult: return "matmul";
            case BinOpKind::BitAnd: return "__and__";
            case BinOpKind::BitOr: return "__or__";
            case BinOpKind::BitXor: return "__xor__";
            case BinOpKind::LShift: return "__lshift__";
            case BinOpKind::RShift: return "__rshift__";
        }
        return "";
    }

    GValue* binary(BinOpKind op, GValue* l, GValue* r, const SourceSpan& sp) {
        // Operators match their overloads and then the builtin functions for a number on the left
        // (below); PyTorch tries those builtins in the same no-conversion pass, so a tensor operand
        // never reaches the int overloads through aten::IntImplicit.
        NoTensorToNumber no_implicit(*this);
        std::string err;
        std::string name = "aten::" + bin_name(op);
        if (GValue* v = try_op(name, {l, r}, {}, sp, err)) return v;
        if (op == BinOpKind::FloorDiv)
            if (GValue* v = try_op("aten::floor_divide", {l, r}, {}, sp, err)) return v;
        if (r->type->is_tensor() && !l->type->is_tensor()) {
            if (op == BinOpKind::Add || op == BinOpKind::Mult)
                if (GValue* v = try_op(name, {r, l}, {}, sp, err)) return builtin_loc(v, op == BinOpKind::Mult ? 3 : 5);
            if (op == BinOpKind::Sub) {  // return torch.neg(b) + a
                GValue* one = g_->insert_constant(IValue(int64_t(1)));
                GValue* neg = builtin_loc(emit_op("aten::neg", {r}, {}, sp), 11);
                if (GValue* v = try_op("aten::add", {neg, l, one}, {}, sp, err)) return builtin_loc(v, 11);
            }
            if (op == BinOpKind::Div) {  // return torch.reciprocal(b) * a
                GValue* rec = builtin_loc(emit_op("aten::reciprocal", {r}, {}, sp), 13);
                if (GValue* v = try_op("aten::mul", {rec, l}, {}, sp, err)) return builtin_loc(v, 13);
            }
        }
        fail(sp, err);
    }

    // A number on the left of a tensor operator has no aten overload: PyTorch matches one of its
    // builtin functions written in TorchScript (builtin_functions.cpp's scalar_operators_source,
    // `def mul(a : Scalar, b : Tensor): return b * a`, ...) and inlines it, so the nodes carry
    // the builtin source's locations: `<string>:LINE:9`, the line of that function's return.
    GValue* builtin_loc(GValue* v, int line) {
        v->node->loc = graph::SourceLoc{"<string>", line, 9};
        return v;
    }

    GValue* compare(CmpOpKind op, GValue* l, GValue* r, const SourceSpan& sp) {
        if (op == CmpOpKind::Is || op == CmpOpKind::IsNot) {
            bool is = op == CmpOpKind::Is;
            bool ln = ty(l)->kind == TypeKind::None, rn = ty(r)->kind == TypeKind::None;
            auto opt = [&](GValue* v) { return ty(v)->kind == TypeKind::Optional || ty(v)->kind == TypeKind::Any; };
            if ((ln && !opt(r)) || (rn && !opt(l))) return g_->insert_constant(IValue(is == (ln && rn)));
            return emit_op(is ? "aten::__is__" : "aten::__isnot__", {l, r}, {}, sp);
        }
        if (op == CmpOpKind::In || op == CmpOpKind::NotIn) {
            // `k in d`: aten::__contains__(d, k) (dicts, and lists of int/float/str; a homogeneous
            // tuple converts to the list); `not in` negates it.
            GValue* c = emit_op("aten::__contains__", {r, l}, {}, sp);
            return op == CmpOpKind::In ? c : emit_op("aten::__not__", {c}, {}, sp);
        }
        NoTensorToNumber no_implicit(*this);  // as in binary()
        static const std::map<CmpOpKind, std::pair<std::string, std::string>> names = {
            {CmpOpKind::Eq, {"eq", "eq"}}, {CmpOpKind::NotEq, {"ne", "ne"}}, {CmpOpKind::Lt, {"lt", "gt"}},
            {CmpOpKind::LtE, {"le", "ge"}}, {CmpOpKind::Gt, {"gt", "lt"}},  {CmpOpKind::GtE, {"ge", "le"}}};
        const auto& [name, flipped] = names.at(op);
        std::string err;
        if (GValue* v = try_op("aten::" + name, {l, r}, {}, sp, err)) return v;
        if (r->type->is_tensor() && !l->type->is_tensor())
            if (GValue* v = try_op("aten::" + flipped, {r, l}, {}, sp, err)) {
                // eq and ne are builtin functions (`return b == a` / `return b != a`), inlined
                if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) return builtin_loc(v, op == CmpOpKind::Eq ? 9 : 7);
                return v;
            }
        fail(sp, err);
    }

    // ---- calls -----------------------------------------------------------------------------------

    SV call_sv(const Call& c) {
        SV f = emit_sv(*c.func);
        // PyTorch compiles a callee when its name resolves, before the arguments are emitted: an
        // error there shows the expression pending then, not the last argument.
        const SourceSpan pending_at_call = pending_;
        if (f.kind == SVKind::Builtin && f.name == "torch.jit.annotate") {
            if (c.args.size() != 2) fail(c.span, "torch.jit.annotate expects a type and a value");
            TypePtr t = parse_type(*c.args[0]);
            GValue* v = emit_rhs(*c.args[1], t);
            if (!graph::is_subtype(v->type, t))
                fail(c.span, "torch.jit.annotate: the value has type " + type_str(v) + ", not " + t->annotation_str());
            return value_sv(v);
        }
        if (f.kind == SVKind::Builtin && f.name == "isinstance") return value_sv(emit_isinstance(c));
        if (f.kind == SVKind::Builtin && f.name == "getattr") {
            // getattr(obj, "name") with a string literal is obj.name (how .code prints a field that
            // is no identifier, a ModuleList's getattr(layers, "0")).
            if (c.args.size() != 2 || !c.keywords.empty() || c.args[1]->kind != ExprKind::Constant ||
                cast<Constant>(*c.args[1]).value_kind != ConstantKind::Str)
                fail(c.span, "getattr's second argument must be a string literal");
            GValue* obj = emit(*c.args[0]);
            if (obj->type->kind != TypeKind::Class) fail(c.span, "getattr is supported on modules only in Kiln's script");
            return class_attribute(obj, cast<Constant>(*c.args[1]).str_value, c.span);
        }
        if (f.kind == SVKind::Builtin && f.name == "torch.jit.fork") return value_sv(emit_fork(c));
        if (f.kind == SVKind::Builtin && f.name == "torch.jit.wait") {
            if (c.args.size() != 1 || !c.keywords.empty()) fail(c.span, "torch.jit.wait expects one Future argument");
            GValue* fut = emit(*c.args[0]);
            if (fut->type->kind != TypeKind::Future)
                fail(c.args[0]->span, "torch.jit.wait expects a Future, but got a value of type " + type_str(fut));
            graph::Node* n = g_->insert("aten::wait", {fut}, 1);
            n->loc = loc(c.span);
            n->output()->type = fut->type->contained[0];
            return value_sv(n->output());
        }
        std::vector<GValue*> args;
        for (const auto& a : c.args) {
            if (a->kind == ExprKind::Starred) {
                // getNamedValues(maybe_unpack): `f(*t)` passes a tuple's items (SimpleValue::asTuple:
                // a tuple built right here hands them over, any other is prim::TupleUnpack'ed).
                GValue* tv = emit(*cast<Starred>(*a).value);
                if (tv->type->kind != TypeKind::Tuple)
                    fail(a->span, "cannot statically infer the expected size of a list in this context");
                if (tv->node && tv->node->kind == "prim::TupleConstruct") {
                    for (GValue* item : tv->node->inputs) args.push_back(item);
                    continue;
                }
                graph::Node* n = g_->insert("prim::TupleUnpack", {tv}, tv->type->contained.size());
                for (size_t i = 0; i < n->outputs.size(); ++i) {
                    n->outputs[i]->type = tv->type->contained[i];
                    args.push_back(n->outputs[i]);
                }
                continue;
            }
            args.push_back(emit(*a));
        }
        Kwargs kw;
        for (const auto& k : c.keywords) {
            if (k.arg.empty()) fail(k.span, "**kwargs are not supported in Kiln's script");
            kw.emplace_back(k.arg, emit(*k.value));
        }
        pending_ = pending_at_call;
        switch (f.kind) {
            case SVKind::Builtin: return value_sv(call_builtin(f.name, args, kw, c.span));
            case SVKind::Method: {
                if (f.v->type->is_tensor())
                    if (std::optional<DType> dt = cast_method_dtype(f.name)) {
                        // TensorCastValue: x.float() is aten::to(x, dtype), taking no arguments
                        if (!args.empty() || !kw.empty()) fail(c.span, "Expected at most 1 arguments but found " + std::to_string(args.size() + kw.size() + 1));
                        GValue* code = g_->insert_constant(IValue(graph::scalar_type_code(*dt)));
                        return value_sv(emit_op("aten::to", {f.v, code}, {}, c.span));
                    }
                if (f.name == "format" && f.v->type->kind == TypeKind::Str) {
                    if (!kw.empty()) fail(c.span, "format() doesn't accept keyword arguments in TorchScript");
                    return value_sv(emit_format(f.v, args, c.span));
                }
                std::vector<GValue*> all = {f.v};
                all.insert(all.end(), args.begin(), args.end());
                std::string op = "aten::" + f.name;
                return value_sv(emit_op(op, all, kw, c.span));
            }
            case SVKind::Script: return value_sv(emit_function_call(f.ref.script, args, kw, c.span));
            case SVKind::PyFunc: return value_sv(emit_function_call(f.ref.compile(), args, kw, c.span));
            case SVKind::PyValue: fail(c.span, "python value of type '" + f.name + "' cannot be called in script");
            case SVKind::Module: fail(c.span, "Module '" + f.name + "' is not callable");
            case SVKind::ClassMethod: return value_sv(call_module_method(f.v, f.name, args, kw, c.span));
            case SVKind::Value:
                if (f.v->type->kind == TypeKind::Class)  // calling a submodule runs its forward
                    return value_sv(call_module_method(f.v, "forward", args, kw, c.span));
                fail(c.span, "'" + type_str(f.v) + "' object is not callable");
        }
        fail(c.span, "cannot call this value");
    }

    // torch.jit.fork(fn, args...): a prim::fork node whose one block is the task. The block takes the
    // call's argument values as parameters (so the task reads nothing else from the enclosing
    // graph) and returns the call's result; the node's output is a Future of that result's type.
    // fn is a scripted or Python function (inlined into the block) or a method or
    // submodule of self (a prim::CallMethod inside the block).
    GValue* emit_fork(const Call& c) {
        if (c.args.empty()) fail(c.span, "torch.jit.fork expects a function to run as its first argument");
        SV fn = emit_sv(*c.args[0]);
        std::vector<GValue*> outer;
        GValue* receiver = nullptr;
        if (fn.kind == SVKind::ClassMethod || (fn.kind == SVKind::Value && fn.v->type->kind == TypeKind::Class)) {
            receiver = fn.v;
            outer.push_back(receiver);
        } else if (fn.kind != SVKind::Script && fn.kind != SVKind::PyFunc) {
            fail(c.args[0]->span, "torch.jit.fork expects a function or a module method to run");
        }
        for (size_t i = 1; i < c.args.size(); ++i) {
            if (c.args[i]->kind == ExprKind::Starred) fail(c.args[i]->span, "Starred arguments are not supported in Kiln's script yet");
            outer.push_back(emit(*c.args[i]));
        }
        std::vector<std::string> kw_names;
        for (const auto& k : c.keywords) {
            if (k.arg.empty()) fail(k.span, "**kwargs are not supported in Kiln's script");
            kw_names.push_back(k.arg);
            outer.push_back(emit(*k.value));
        }
        graph::Node* n = g_->insert("prim::fork", outer, 1);
        n->loc = loc(c.span);
        graph::Block* body = n->add_block();
        std::vector<GValue*> params;
        for (GValue* v : outer) params.push_back(body->add_param(v->type));
        graph::Block* saved = g_->insertion_block();
        g_->set_insertion_block(body);
        size_t first_arg = receiver ? 1 : 0;
        size_t npos = c.args.size() - 1;
        std::vector<GValue*> pos(params.begin() + long(first_arg), params.begin() + long(first_arg + npos));
        Kwargs kw;
        for (size_t i = 0; i < kw_names.size(); ++i) kw.emplace_back(kw_names[i], params[first_arg + npos + i]);
        GValue* result = nullptr;
        if (receiver)
            result = call_module_method(params[0], fn.kind == SVKind::ClassMethod ? fn.name : "forward", pos, kw, c.span);
        else if (fn.kind == SVKind::Script)
            result = inline_call(*fn.ref.script, pos, kw, c.span);
        else
            result = inline_call(*fn.ref.compile(), pos, kw, c.span);
        body->register_return(result);
        g_->set_insertion_block(saved);
        n->output()->type = graph::future_type(result->type);
        return n->output();
    }

    // isinstance(obj, classinfo), as PyTorch's emitIsInstance decides it: the object's possible
    // types (an Optional's element and None) are each matched against the listed types; when all
    // match the answer is a constant True, when none does a constant False (located at the object,
    // so an if on it compiles only its branch), otherwise a run-time prim::isinstance[types=...]
    // (refining the Optional variable to its element in the true branch: see refinements_of).
    struct IsInstanceType {
        TypePtr t;
        std::string spelling;  // as the types attribute and .code print it
        bool generic = false;  // bare list/tuple/dict: any element types
    };
    std::vector<IsInstanceType> isinstance_types(const Expr& classinfo) {
        std::vector<IsInstanceType> out;
        std::vector<const Expr*> parts;
        if (classinfo.kind == ExprKind::Tuple)
            for (const auto& x : cast<lang::Tuple>(classinfo).elts) parts.push_back(x.get());
        else parts.push_back(&classinfo);
        for (const Expr* p : parts) {
            if (p->kind == ExprKind::Name) {
                const std::string& n = cast<Name>(*p).id;
                if (n == "list") { out.push_back({graph::list_type(graph::any_type()), "list", true}); continue; }
                if (n == "tuple") { out.push_back({graph::tuple_type({}), "tuple", true}); continue; }
                if (n == "dict") { out.push_back({graph::dict_type(graph::str_type(), graph::any_type()), "dict", true}); continue; }
            }
            TypePtr t = parse_type(*p);
            out.push_back({t, t->annotation_str(), false});
        }
        return out;
    }
    static bool isinstance_match(const TypePtr& c, const std::vector<IsInstanceType>& rhs) {
        for (const auto& r : rhs)
            if (r.generic ? c->kind == r.t->kind : graph::is_subtype(c, r.t)) return true;
        return false;
    }
    std::vector<TypePtr> isinstance_candidates(const TypePtr& t) {
        if (t->kind == TypeKind::Optional) return {t->contained[0], graph::none_type()};
        return {t};
    }
    GValue* emit_isinstance(const Call& c) {
        if (c.args.size() != 2 || !c.keywords.empty()) fail(c.span, "isinstance() expects 2 arguments");
        GValue* obj = emit(*c.args[0]);
        std::vector<IsInstanceType> rhs = isinstance_types(*c.args[1]);
        TypePtr t = ty(obj);
        if (t->kind == TypeKind::Any) fail(c.span, "isinstance() of an Any value is not supported in Kiln's script");
        size_t matched = 0;
        std::vector<TypePtr> cands = isinstance_candidates(t);
        for (const TypePtr& cand : cands) matched += isinstance_match(cand, rhs) ? 1 : 0;
        if (matched == cands.size()) return g_->insert_constant(IValue(true), loc(c.args[0]->span));
        if (matched == 0) return g_->insert_constant(IValue(false), loc(c.args[0]->span));
        graph::Node* n = g_->insert("prim::isinstance", {obj}, 1);
        graph::IValueList names;
        for (const auto& r : rhs) names.push_back(IValue(r.spelling));
        n->set_attr("types", IValue::list(std::move(names)));
        n->output()->type = graph::bool_type();
        return n->output();
    }

    // str.format: aten::format(str self, ...) -> str, a vararg schema (Kiln's table has no varargs:
    // the node is made here and run by the interpreter, as prim::Print is). Each "{}" takes the next
    // argument's printed form.
    GValue* emit_format(GValue* fmt, const std::vector<GValue*>& args, const SourceSpan& sp) {
        std::vector<GValue*> ins = {fmt};
        ins.insert(ins.end(), args.begin(), args.end());
        graph::Node* n = g_->insert("aten::format", ins, 1);
        n->output()->type = graph::str_type();
        n->loc = loc(sp);
        return n->output();
    }

    // An f-string, as PyTorch's frontend builds it (build_JoinedStr): the text with "{}" for each
    // field, `.format(fields...)`, every part located at the f-string's first character. A
    // conversion (!r) or a format spec (:.2f) is refused.
    GValue* joined_str(const JoinedStr& j) {
        std::string text;
        std::vector<const Expr*> fields;
        SourceSpan at{j.span.line, j.span.col, j.span.line, j.span.col + 1};
        for (const auto& v : j.values) {
            if (v->kind == ExprKind::FormattedValue) {
                const auto& fv = cast<FormattedValue>(*v);
                if (fv.conversion) fail(at, "Don't support conversion in JoinedStr", "NotSupportedError");
                if (fv.format_spec) fail(at, "Don't support formatting in JoinedStr", "NotSupportedError");
                text += "{}";
                fields.push_back(fv.value.get());
            } else if (v->kind == ExprKind::Constant && cast<Constant>(*v).value_kind == ConstantKind::Str) {
                text += cast<Constant>(*v).str_value;
            } else {
                fail(at, "Unsupported value in JoinedStr", "NotSupportedError");
            }
        }
        GValue* fmt = g_->insert_constant(IValue(text), loc(at));
        std::vector<GValue*> args;
        for (const Expr* f : fields) args.push_back(emit(*f));
        return emit_format(fmt, args, at);
    }

    GValue* call_builtin(const std::string& name, std::vector<GValue*>& args, const Kwargs& kw, const SourceSpan& sp) {
        // torch.format is how .code prints aten::format (a saved module's code calls it).
        if (name == "torch.format" && !args.empty() && args[0]->type->kind == TypeKind::Str && kw.empty())
            return emit_format(args[0], std::vector<GValue*>(args.begin() + 1, args.end()), sp);
        if (name == "torch.jit.is_scripting") return g_->insert_constant(IValue(true));
        if (name == "torch.jit.is_tracing") return g_->insert_constant(IValue(false));
        if (name == "print") {
            if (!kw.empty()) fail(sp, "print doesn't accept any keyword arguments");
            g_->insert("prim::Print", args, 0)->loc = loc(sp);
            return g_->insert_constant(IValue());
        }
        if (name == "range") fail(sp, "range() is only supported as the iterable of a for loop in Kiln's script");
        if (name == "len") return emit_op("aten::len", args, kw, sp);
        // int/float/bool/str are PyTorch's CastValue, whose call inserts a constant 0 first (see cond).
        if ((name == "str" || name == "int" || name == "float" || name == "bool") && args.size() == 1 && kw.empty())
            cast_value_zero();
        if (name == "str") return emit_op("aten::str", args, kw, sp);
        if (name == "abs") return emit_op("aten::abs", args, kw, sp);
        // The builtins min/max are prim::min/prim::max (two numbers, or one list); on tensors
        // they are aten's.
        if (name == "min" || name == "max") {
            std::string err;
            if (GValue* v = try_op("prim::" + name, args, kw, sp, err)) return v;
            return emit_op("aten::" + name, args, kw, sp);
        }
        // sum/any/all of a list: aten::sum.int / aten::any.bool / aten::all.bool.
        if ((name == "sum" || name == "any" || name == "all") && args.size() == 1 && kw.empty() &&
            args[0]->type->kind == TypeKind::List)
            return emit_op("aten::" + name, args, kw, sp);
        if (name == "int" || name == "float" || name == "bool") {
            if (args.size() != 1 || !kw.empty()) fail(sp, name + "() takes one argument in Kiln's script");
            TypeKind want = name == "int" ? TypeKind::Int : name == "float" ? TypeKind::Float : TypeKind::Bool;
            if (args[0]->type->kind == want) return args[0];
            std::string op = name == "int" ? "aten::Int" : name == "float" ? "aten::Float" : "aten::Bool";
            return emit_op(op, args, kw, sp);
        }
        // The math module's functions are aten ops (torch/jit/_builtins.py's table).
        if (name.rfind("math.", 0) == 0) {
            static const std::map<std::string, std::string> math_ops = {
                {"ceil", "ceil"},   {"copysign", "copysign"}, {"erf", "erf"},       {"erfc", "erfc"},
                {"exp", "exp"},     {"expm1", "expm1"},       {"fabs", "fabs"},     {"floor", "floor"},
                {"gamma", "gamma"}, {"lgamma", "lgamma"},     {"log", "log"},       {"log10", "log10"},
                {"log1p", "log1p"}, {"pow", "pow"},           {"sqrt", "sqrt"},     {"isnan", "isnan"},
                {"asinh", "asinh"}, {"atanh", "atanh"},       {"cosh", "cosh"},     {"sinh", "sinh"},
                {"tanh", "tanh"},   {"acos", "acos"},         {"asin", "asin"},     {"atan", "atan"},
                {"atan2", "atan2"}, {"cos", "cos"},           {"sin", "sin"},       {"tan", "tan"},
                {"acosh", "acosh"}, {"fmod", "fmod"},         {"modf", "modf"},     {"factorial", "factorial"},
                {"frexp", "frexp"}, {"isinf", "isinf"},       {"degrees", "degrees"}, {"radians", "radians"},
                {"ldexp", "ldexp"}, {"gcd", "gcd"},           {"isfinite", "isfinite"}, {"remainder", "mathremainder"}};
            auto it = math_ops.find(name.substr(5));
            if (it != math_ops.end()) return emit_op("aten::" + it->second, args, kw, sp);
        }
        const std::string torch = "torch.", fn = "torch.nn.functional.", linalg = "torch.linalg.";
        if (name.rfind(fn, 0) == 0)
            if (GValue* v = emit_functional(name.substr(fn.size()), args, kw, sp)) return v;
        if (name.rfind(fn, 0) == 0) {
            // F functions whose TorchScript builtin is `aten::__name` (F.interpolate's
            // aten::__interpolate overloads; F.kl_div and F.embedding_bag, whose aten ops of the plain
            // name take other arguments: bindings/jit_python_ops.cpp).
            static const std::set<std::string> dunder = {"interpolate", "upsample", "upsample_bilinear", "kl_div",
                                                          "embedding_bag"};
            std::string f = name.substr(fn.size());
            if (dunder.count(f)) return emit_op("aten::__" + f, args, kw, sp);
            // The functional forms' `inplace=False` has no schema argument.
            Kwargs k2;
            for (const auto& p : kw)
                if (p.first != "inplace" || f == "rrelu") k2.push_back(p);
            return emit_op("aten::" + f, args, k2, sp);
        }
        if (name.rfind(linalg, 0) == 0) return emit_op("aten::linalg_" + name.substr(linalg.size()), args, kw, sp);
        if (name.rfind(torch, 0) == 0 && name.find('.', torch.size()) == std::string::npos)
            return emit_op("aten::" + name.substr(torch.size()), args, kw, sp);
        fail(sp, "Python builtin " + name + " is currently not supported in Kiln's script");
    }

    // torch.nn.functional's Python signatures (names, order, defaults) for the functions whose
    // aten op takes its arguments differently: F.embedding(input, weight) is aten::embedding(weight,
    // indices), F.batch_norm puts running_mean/running_var before weight/bias, F.dropout's
    // `training` is aten's `train`, F.softmax's third positional is _stacklevel, the losses' string
    // `reduction` is aten's int at::Reduction. A call binds by F's signature first (as PyTorch
    // scripts F's Python source), then passes each argument to the aten op by its schema name.
    struct FParam {
        enum Kind { Required, AtenDefault, Value, Dropped } kind;
        const char* name;
        IValue dflt;         // Value: F's default, passed explicitly (aten has none or another)
        const char* to = ""; // the aten argument's name when it differs
    };
    struct FSig {
        const char* aten;
        std::vector<FParam> params;
        std::vector<std::pair<const char*, IValue>> fixed;  // aten arguments F always passes
        // >= 0: F returns this item of the aten op's tuple (F.adaptive_max_pool2d without indices is
        // `adaptive_max_pool2d(...)[0]`, a prim::TupleIndex, as its boolean_dispatch picks).
        int take = -1;
    };

    static const std::map<std::string, FSig>& functional_signatures() {
        using P = FParam;
        const IValue none;
        auto req = [](const char* n, const char* to = "") { return P{P::Required, n, IValue(), to}; };
        auto dflt = [](const char* n, const char* to = "") { return P{P::AtenDefault, n, IValue(), to}; };
        auto val = [](const char* n, IValue v, const char* to = "") { return P{P::Value, n, std::move(v), to}; };
        // Dropped: F's parameter has no aten argument; only its default (None/False/3) is accepted.
        auto drop = [](const char* n, IValue v) { return P{P::Dropped, n, std::move(v), ""}; };
        auto pool = [&](const char* aten) {
            return FSig{aten, {req("input", "self"), req("kernel_size"), dflt("stride"), dflt("padding"), dflt("dilation"),
                               dflt("ceil_mode"), drop("return_indices", IValue(false))}, {}};
        };
        auto pool_indices = [&](const char* aten) {
            return FSig{aten, {req("input", "self"), req("kernel_size"), dflt("stride"), dflt("padding"), dflt("dilation"),
                               dflt("ceil_mode")}, {}};
        };
        auto avg_pool = [&](const char* aten) {
            return FSig{aten, {req("input", "self"), req("kernel_size"), dflt("stride"), dflt("padding"), dflt("ceil_mode"),
                               dflt("count_include_pad"), dflt("divisor_override")}, {}};
        };
        auto conv = [&](const char* aten) {
            return FSig{aten, {req("input"), req("weight"), dflt("bias"), dflt("stride"), dflt("padding"), dflt("dilation"),
                               dflt("groups")}, {}};
        };
        auto conv_t = [&](const char* aten) {
            return FSig{aten, {req("input"), req("weight"), dflt("bias"), dflt("stride"), dflt("padding"),
                               dflt("output_padding"), dflt("groups"), dflt("dilation")}, {}};
        };
        auto softmax = [&](const char* aten) {
            return FSig{aten, {req("input", "self"), dflt("dim"), drop("_stacklevel", IValue(int64_t(3))), dflt("dtype")}, {}};
        };
        auto dropout = [&](const char* aten, bool training = true) {
            return FSig{aten, {req("input"), val("p", IValue(0.5)), val("training", IValue(training), "train"),
                               drop("inplace", IValue(false))}, {}};
        };
        static const std::map<std::string, FSig> sigs = {
            {"embedding", {"aten::embedding", {req("input", "indices"), req("weight"), dflt("padding_idx"),
                                               drop("max_norm", none), drop("norm_type", IValue(2.0)),
                                               dflt("scale_grad_by_freq"), dflt("sparse")}, {}}},
            {"batch_norm", {"aten::batch_norm", {req("input"), req("running_mean"), req("running_var"),
                                                 val("weight", none), val("bias", none), val("training", IValue(false)),
                                                 val("momentum", IValue(0.1)), val("eps", IValue(1e-5))},
                            {{"cudnn_enabled", IValue(true)}}}},
            {"instance_norm", {"aten::instance_norm", {req("input"), val("running_mean", none), val("running_var", none),
                                                       val("weight", none), val("bias", none),
                                                       val("use_input_stats", IValue(true)), val("momentum", IValue(0.1)),
                                                       val("eps", IValue(1e-5))},
                               {{"cudnn_enabled", IValue(true)}}}},
            {"layer_norm", {"aten::layer_norm", {req("input"), req("normalized_shape"), dflt("weight"), dflt("bias"),
                                                 dflt("eps")}, {}}},
            {"group_norm", {"aten::group_norm", {req("input"), req("num_groups"), dflt("weight"), dflt("bias"),
                                                 dflt("eps")}, {}}},
            {"linear", {"aten::linear", {req("input"), req("weight"), dflt("bias")}, {}}},
            {"conv1d", conv("aten::conv1d")}, {"conv2d", conv("aten::conv2d")}, {"conv3d", conv("aten::conv3d")},
            {"dropout", dropout("aten::dropout")},
            // F.dropout2d is feature dropout (its 3-D input warns and is taken as (N, C, L)); F.alpha_dropout
            // and F.feature_alpha_dropout default to training=False.
            {"dropout2d", dropout("aten::feature_dropout")},
            {"alpha_dropout", dropout("aten::alpha_dropout", false)},
            {"feature_alpha_dropout", dropout("aten::feature_alpha_dropout", false)},
            {"logsigmoid", {"aten::log_sigmoid", {req("input", "self")}, {}}},
            {"softsign", {"aten::softsign", {req("input", "self")}, {}}},
            {"pad", {"aten::pad", {req("input", "self"), req("pad"), dflt("mode"), dflt("value")}, {}}},
            {"max_pool1d", pool("aten::max_pool1d")},
            {"avg_pool1d", {"aten::avg_pool1d", {req("input", "self"), req("kernel_size"), dflt("stride"), dflt("padding"),
                                                 dflt("ceil_mode"), dflt("count_include_pad")}, {}}},
            {"adaptive_avg_pool1d", {"aten::adaptive_avg_pool1d", {req("input", "self"), req("output_size")}, {}}},
            {"nll_loss", {"aten::nll_loss_nd", {req("input", "self"), req("target"), dflt("weight"),
                                                drop("size_average", none), dflt("ignore_index"), drop("reduce", none),
                                                dflt("reduction")}, {}}},
            {"max_pool2d", pool("aten::max_pool2d")},
            {"max_pool3d", pool("aten::max_pool3d")},
            {"max_pool2d_with_indices", pool_indices("aten::max_pool2d_with_indices")},
            {"max_pool3d_with_indices", pool_indices("aten::max_pool3d_with_indices")},
            {"adaptive_max_pool2d_with_indices", {"aten::adaptive_max_pool2d", {req("input", "self"), req("output_size")}, {}}},
            {"avg_pool2d", avg_pool("aten::avg_pool2d")},
            {"avg_pool3d", avg_pool("aten::avg_pool3d")},
            {"adaptive_avg_pool2d", {"aten::adaptive_avg_pool2d", {req("input", "self"), req("output_size")}, {}}},
            {"adaptive_max_pool2d", {"aten::adaptive_max_pool2d", {req("input", "self"), req("output_size"),
                                                                   drop("return_indices", IValue(false))}, {}, 0}},
            {"adaptive_avg_pool3d", {"aten::adaptive_avg_pool3d", {req("input", "self"), req("output_size")}, {}}},
            {"softmax", softmax("aten::softmax")}, {"log_softmax", softmax("aten::log_softmax")},
            {"mse_loss", {"aten::mse_loss", {req("input", "self"), req("target"), drop("size_average", none),
                                             drop("reduce", none), dflt("reduction")}, {}}},
            {"l1_loss", {"aten::l1_loss", {req("input", "self"), req("target"), drop("size_average", none),
                                           drop("reduce", none), dflt("reduction")}, {}}},
            {"cross_entropy", {"aten::cross_entropy_loss", {req("input", "self"), req("target"), dflt("weight"),
                                                            drop("size_average", none), dflt("ignore_index"),
                                                            drop("reduce", none), dflt("reduction"),
                                                            dflt("label_smoothing")}, {}}},
            // The builtins F re-exports (torch.one_hot, torch.pixel_shuffle, torch.prelu, the transposed
            // convolutions, ...) under F's parameter names, and the F functions that end in one aten op.
            {"one_hot", {"aten::one_hot", {req("tensor", "self"), dflt("num_classes")}, {}}},
            {"pixel_shuffle", {"aten::pixel_shuffle", {req("input", "self"), req("upscale_factor")}, {}}},
            {"pixel_unshuffle", {"aten::pixel_unshuffle", {req("input", "self"), req("downscale_factor")}, {}}},
            {"channel_shuffle", {"aten::channel_shuffle", {req("input", "self"), req("groups")}, {}}},
            {"prelu", {"aten::prelu", {req("input", "self"), req("weight")}, {}}},
            {"glu", {"aten::glu", {req("input", "self"), dflt("dim")}, {}}},
            {"celu", {"aten::celu", {req("input", "self"), dflt("alpha"), drop("inplace", IValue(false))}, {}}},
            {"softshrink", {"aten::softshrink", {req("input", "self"), dflt("lambd")}, {}}},
            {"hardshrink", {"aten::hardshrink", {req("input", "self"), dflt("lambd")}, {}}},
            {"bilinear", {"aten::bilinear", {req("input1"), req("input2"), req("weight"), dflt("bias")}, {}}},
            {"conv_transpose1d", conv_t("aten::conv_transpose1d")},
            {"conv_transpose2d", conv_t("aten::conv_transpose2d")},
            {"conv_transpose3d", conv_t("aten::conv_transpose3d")},
            {"unfold", {"aten::im2col", {req("input", "self"), req("kernel_size"), val("dilation", IValue(int64_t(1))),
                                         val("padding", IValue(int64_t(0))), val("stride", IValue(int64_t(1)))}, {}}},
            {"fold", {"aten::col2im", {req("input", "self"), req("output_size"), req("kernel_size"),
                                       val("dilation", IValue(int64_t(1))), val("padding", IValue(int64_t(0))),
                                       val("stride", IValue(int64_t(1)))}, {}}},
            {"affine_grid", {"aten::affine_grid_generator", {req("theta"), req("size"),
                                                             val("align_corners", IValue(false))}, {}}},
            {"margin_ranking_loss", {"aten::margin_ranking_loss", {req("input1"), req("input2"), req("target"),
                                                                   val("margin", IValue(0.0)), drop("size_average", none),
                                                                   drop("reduce", none), dflt("reduction")}, {}}},
            {"hinge_embedding_loss", {"aten::hinge_embedding_loss", {req("input", "self"), req("target"),
                                                                     val("margin", IValue(1.0)), drop("size_average", none),
                                                                     drop("reduce", none), dflt("reduction")}, {}}},
            {"cosine_embedding_loss", {"aten::cosine_embedding_loss", {req("input1"), req("input2"), req("target"),
                                                                       val("margin", IValue(0.0)),
                                                                       drop("size_average", none), drop("reduce", none),
                                                                       dflt("reduction")}, {}}},
            {"triplet_margin_loss", {"aten::triplet_margin_loss", {req("anchor"), req("positive"), req("negative"),
                                                                   dflt("margin"), dflt("p"), dflt("eps"), dflt("swap"),
                                                                   drop("size_average", none), drop("reduce", none),
                                                                   dflt("reduction")}, {}}},
            {"poisson_nll_loss", {"aten::poisson_nll_loss", {req("input"), req("target"), val("log_input", IValue(true)),
                                                             val("full", IValue(false)), drop("size_average", none),
                                                             val("eps", IValue(1e-8)), drop("reduce", none),
                                                             val("reduction", IValue(int64_t(1)))}, {}}},
            {"soft_margin_loss", {"aten::soft_margin_loss", {req("input", "self"), req("target"), drop("size_average", none),
                                                             drop("reduce", none), dflt("reduction")}, {}}},
            {"multi_margin_loss", {"aten::multi_margin_loss", {req("input", "self"), req("target"), dflt("p"),
                                                               dflt("margin"), dflt("weight"), drop("size_average", none),
                                                               drop("reduce", none), dflt("reduction")}, {}}},
            {"multilabel_margin_loss", {"aten::multilabel_margin_loss", {req("input", "self"), req("target"),
                                                                         drop("size_average", none), drop("reduce", none),
                                                                         dflt("reduction")}, {}}},
        };
        return sigs;
    }

    // The constant a value holds, when a prim::Constant makes it.
    static const IValue* constant_value(GValue* v) {
        return v->node && v->node->is_constant() ? v->node->attr("value") : nullptr;
    }

    // F.<name>(...) bound by F's signature and emitted as its aten op; nullptr when `name` is not
    // in the table (its aten op takes F's arguments as they are).
    GValue* emit_functional(const std::string& name, const std::vector<GValue*>& args, const Kwargs& kw,
                            const SourceSpan& sp) {
        const auto& sigs = functional_signatures();
        // boolean_dispatch on a constant return_indices=True: the pools' *_with_indices forms,
        // which return (values, indices).
        if (name == "max_pool2d" || name == "max_pool3d" || name == "adaptive_max_pool2d") {
            const size_t pos = name == "adaptive_max_pool2d" ? 2 : 6;
            std::vector<GValue*> a2 = args;
            Kwargs k2;
            GValue* ri = nullptr;
            if (a2.size() > pos) {
                ri = a2[pos];
                a2.erase(a2.begin() + long(pos), a2.end());
            }
            for (const auto& p : kw) {
                if (p.first == "return_indices") ri = p.second;
                else k2.push_back(p);
            }
            const IValue* c = ri ? constant_value(ri) : nullptr;
            if (c && c->is_bool() && c->to_bool() && args.size() <= pos + 1)
                return emit_functional(name + "_with_indices", a2, k2, sp);
        }
        auto it = sigs.find(name);
        if (it == sigs.end()) return nullptr;
        const FSig& sig = it->second;
        const std::string fname = "torch.nn.functional." + name;
        std::string decl = fname + "(";
        for (size_t i = 0; i < sig.params.size(); ++i) decl += (i ? ", " : "") + std::string(sig.params[i].name);
        decl += ")";
        if (args.size() > sig.params.size())
            fail(sp, fname + "() expected at most " + std::to_string(sig.params.size()) + " argument(s) but received " +
                         std::to_string(args.size()) + " argument(s). Declaration: " + decl);
        std::vector<GValue*> bound(sig.params.size(), nullptr);
        for (size_t i = 0; i < args.size(); ++i) bound[i] = args[i];
        for (const auto& [k, v] : kw) {
            size_t i = 0;
            while (i < sig.params.size() && k != sig.params[i].name) ++i;
            if (i == sig.params.size())
                fail(sp, fname + "() got an unexpected keyword argument '" + k + "'. Declaration: " + decl);
            if (bound[i]) fail(sp, fname + "() got multiple values for argument '" + k + "'. Declaration: " + decl);
            bound[i] = v;
        }
        Kwargs aten_kw;
        for (size_t i = 0; i < sig.params.size(); ++i) {
            const FParam& p = sig.params[i];
            GValue* v = bound[i];
            const std::string to = *p.to ? p.to : p.name;
            switch (p.kind) {
                case FParam::Required:
                    if (!v) fail(sp, fname + "() is missing value for argument '" + p.name + "'. Declaration: " + decl);
                    break;
                case FParam::Dropped: {
                    const IValue* c = v ? constant_value(v) : nullptr;
                    auto num = [](const IValue& x) { return x.is_bool() ? double(x.to_bool()) : x.to_double(); };
                    bool is_default = !v || (c && ((c->is_none() && p.dflt.is_none()) ||
                                                   (c->is_number() && p.dflt.is_number() && num(*c) == num(p.dflt))));
                    if (!is_default)
                        fail(sp, fname + "()'s argument '" + p.name +
                                     "' is not supported in Kiln's script (only its default value)");
                    continue;
                }
                case FParam::Value:
                    if (!v) v = g_->insert_constant(p.dflt);
                    break;
                case FParam::AtenDefault:
                    break;
            }
            // F's None where aten's argument is not optional stands for aten's default (a pool's
            // stride=None is aten's stride=[]: the kernel size).
            if (!v || (p.kind == FParam::AtenDefault && v->type->kind == TypeKind::None && to == "stride")) continue;
            // The losses' reduction: F's string, aten's at::Reduction (0 none, 1 mean, 2 sum).
            if (to == "reduction" && v->type->kind == TypeKind::Str) {
                const IValue* c = constant_value(v);
                if (!c) fail(sp, fname + "(): reduction must be a constant string in Kiln's script");
                const std::string& r = c->to_string();
                int64_t code = r == "none" ? 0 : r == "mean" ? 1 : r == "sum" ? 2 : -1;
                if (code < 0) fail(sp, "ValueError: " + r + " is not a valid value for reduction");
                v = g_->insert_constant(IValue(code));
            }
            aten_kw.emplace_back(to, v);
        }
        for (const auto& [k, c] : sig.fixed) aten_kw.emplace_back(k, g_->insert_constant(c));
        GValue* out = emit_op(sig.aten, {}, aten_kw, sp);
        if (sig.take < 0 || out->type->kind != TypeKind::Tuple) return out;
        graph::Node* n = g_->insert("prim::TupleIndex", {out, g_->insert_constant(IValue(int64_t(sig.take)))}, 1);
        n->output()->type = out->type->contained.at(size_t(sig.take));
        return n->output();
    }

    // A call of another function (scripted, or Python compiled on demand) stays a call, as PyTorch's
    // insertFunctionCall makes it: the arguments (defaults filled in), then a prim::Constant of the
    // Function (its type naming the callee, __torch__.affine), then prim::CallFunction(fn, args...).
    // `.graph` shows the call, `.code` prints `__torch__.affine(x, 3, )`, and `.inlined_graph` has the
    // callee's nodes in its place (graph::inline_function_calls).
    GValue* emit_function_call(const std::shared_ptr<const CompiledFunction>& fn, const std::vector<GValue*>& args,
                               const Kwargs& kw, const SourceSpan& sp) {
        std::vector<GValue*> ins = bind_call_args(*fn, args, kw, sp);
        auto type = std::make_shared<graph::Type>(*graph::function_type());
        type->name = register_called_function(fn);
        graph::Node* k = g_->insert("prim::Constant", {}, 1);
        k->set_attr("name", IValue(fn->name));
        k->output()->type = type;
        ins.insert(ins.begin(), k->output());
        graph::Node* call = g_->insert("prim::CallFunction", ins, 1);
        call->loc = loc(sp);
        call->output()->type = fn->return_type;
        return call->output();
    }

    GValue* inline_call(const CompiledFunction& fn, const std::vector<GValue*>& args, const Kwargs& kw,
                        const SourceSpan& sp) {
        auto outs = graph::inline_graph(*fn.graph, *g_, bind_call_args(fn, args, kw, sp));
        return outs.at(0);
    }

    // The call's arguments in parameter order (defaults filled in), checked against the parameter types.
    std::vector<GValue*> bind_call_args(const CompiledFunction& fn, const std::vector<GValue*>& args, const Kwargs& kw,
                                        const SourceSpan& sp) {
        if (args.size() > fn.params.size())
            fail(sp, fn.name + "() expected at most " + std::to_string(fn.params.size()) + " argument(s) but received " +
                         std::to_string(args.size()) + " argument(s). Declaration: " + fn.declaration());
        std::vector<GValue*> ins;
        for (size_t i = 0; i < fn.params.size(); ++i) {
            const ScriptParam& p = fn.params[i];
            GValue* v = i < args.size() ? args[i] : nullptr;
            for (const auto& [k, kv] : kw)
                if (k == p.name) v = kv;
            if (!v && p.default_value) v = g_->insert_constant(*p.default_value);
            if (!v) fail(sp, fn.name + "() is missing value for argument '" + p.name + "'. Declaration: " + fn.declaration());
            if (!graph::is_subtype(v->type, p.type) &&
                !(v->type->kind == TypeKind::Int && p.type->kind == TypeKind::Float))
                fail(sp, fn.name + "() Expected a value of type '" + p.type->annotation_str() +
                             (p.inferred ? " (inferred)" : "") + "' for argument '" + p.name +
                             "' but instead found type '" + type_str(v) + "'.");
            ins.push_back(v);
        }
        return ins;
    }

    // Overload resolution.
    bool tensor_to_number_ = true;  // the second pass may convert a tensor for an int/float formal
    struct NoTensorToNumber {
        explicit NoTensorToNumber(Compiler& c) : c(c), saved(c.tensor_to_number_) { c.tensor_to_number_ = false; }
        ~NoTensorToNumber() { c.tensor_to_number_ = saved; }
        Compiler& c;
        bool saved;
    };
    struct Plan {
        const graph::OpSchema* schema = nullptr;
        std::vector<GValue*> inputs;  // nullptr: the default
        std::vector<bool> wrap_list;  // int for int[]: wrap in a ListConstruct
        std::map<size_t, TypePtr> tuple_list;  // argument index -> element type: a tuple for a list
        std::map<size_t, std::string> implicit;  // argument index -> aten::Int / aten::Float of a number
        std::vector<GValue*> varargs; // ints given positionally for the last positional int[] (torch.zeros(3, 4))
        size_t varargs_at = size_t(-1);
        TypePtr tvar;
        int score = 0;
    };

    static bool enum_formal(const std::string& text) {
        std::string_view t(text);
        if (!t.empty() && t.back() == '?') t.remove_suffix(1);
        return t == "ScalarType" || t == "Layout" || t == "MemoryFormat";
    }

    bool plan_for(const graph::OpSchema& s, const std::vector<GValue*>& given, const Kwargs& kw, bool convert, Plan& p,
                  std::string& why) {
        p = Plan{};
        p.schema = &s;
        size_t npos = 0;
        for (const auto& a : s.args) npos += a.kwarg_only ? 0 : 1;
        // TorchScript's varargs lists (schema_matching.cpp's varargsCanBeUsedAsList): ints given
        // positionally from the schema's last positional argument on, when that argument is an int
        // list, are that one list (torch.zeros(3, 4), x.view(2, -1), x.permute(1, 0)).
        std::vector<GValue*> args = given;
        if (convert && npos >= 1 && args.size() > npos) {
            const TypePtr& t = s.args[npos - 1].type;
            const TypePtr& w = t->kind == TypeKind::Optional ? t->contained[0] : t;
            bool ints = w->kind == TypeKind::List && w->contained[0]->kind == TypeKind::Int;
            for (size_t i = npos - 1; ints && i < args.size(); ++i) ints = args[i]->type->kind == TypeKind::Int;
            if (ints) {
                p.varargs.assign(args.begin() + long(npos - 1), args.end());
                p.varargs_at = npos - 1;
                args.resize(npos);
            }
        }
        if (args.size() > npos) {
            why = "Expected at most " + std::to_string(npos) + " arguments but found " + std::to_string(args.size()) +
                  " positional arguments.";
            return false;
        }
        std::vector<bool> used(kw.size(), false);
        for (size_t i = 0; i < s.args.size(); ++i) {
            const graph::SchemaArg& a = s.args[i];
            GValue* v = nullptr;
            if (!a.kwarg_only && i < args.size()) v = args[i];
            for (size_t k = 0; k < kw.size(); ++k)
                if (kw[k].first == a.name) {
                    if (v) {
                        why = "Argument " + a.name + " specified twice.";
                        return false;
                    }
                    v = kw[k].second;
                    used[k] = true;
                }
            p.wrap_list.push_back(false);
            p.inputs.push_back(v);
            if (!v) {
                if (!a.default_value) {
                    why = "Argument " + a.name + " not provided.";
                    return false;
                }
                continue;
            }
            const TypePtr& want = a.type;
            const TypePtr& have = v->type;
            // A ScalarType / Layout / MemoryFormat formal is an int in Kiln's table, but in PyTorch's
            // type system it is its own type that an int reaches only by the second pass's
            // conversion: so x.view(-1) is view(int[] size) (the -1 packed into a list on that pass,
            // the overload PyTorch registers first), not view.dtype(ScalarType dtype).
            if (have->kind == TypeKind::Int && enum_formal(a.type_text)) {
                if (!convert) {
                    why = "Expected a value of type '" + a.type_text + "' for argument '" + a.name +
                          "' but instead found type 'int'.";
                    return false;
                }
                p.score++;
                continue;
            }
            if (graph::is_subtype(have, want)) {
                if (want->kind == TypeKind::Any) {
                    // matchTypeVariables unifies a number with a variable bound to int or float (int and
                    // float are subtypes of number), and tryConvertToType then converts the value to the
                    // bound type with aten::Int / aten::Float: `best_tags.append(t.item())` on a
                    // List[int] (pytorch-crf's Viterbi decode).
                    if (convert && p.tvar && have->kind == TypeKind::Number &&
                        (p.tvar->kind == TypeKind::Int || p.tvar->kind == TypeKind::Float)) {
                        p.implicit[p.inputs.size() - 1] = p.tvar->kind == TypeKind::Int ? "aten::Int" : "aten::Float";
                        p.score++;
                        continue;
                    }
                    if (p.tvar && !graph::is_subtype(have, p.tvar)) {
                        why = "Could not match type " + have->annotation_str() + " to " + p.tvar->annotation_str() +
                              " in argument '" + a.name + "': Type variable 't' previously matched to type " +
                              p.tvar->annotation_str() + " is matched to type " + have->annotation_str() + ".";
                        return false;
                    }
                    if (!p.tvar) p.tvar = have;
                } else if (want->kind == TypeKind::List && want->contained[0]->kind == TypeKind::Any &&
                           have->kind == TypeKind::List && !p.tvar) {
                    p.tvar = have->contained[0];
                } else if (want->kind == TypeKind::Dict && want->contained[1]->kind == TypeKind::Any &&
                           have->kind == TypeKind::Dict && !p.tvar) {
                    p.tvar = have->contained[1];
                }
                if (!graph::type_equal(have, want)) p.score++;
                continue;
            }
            // The second pass's conversions are tryConvertToType's: an int list from one int. An int
            // never converts to float (a float-only overload fails with "Expected a value of type
            // 'float' for argument ..."; the int and int_float overloads take ints).
            if (convert) {
                const TypePtr& w = want->kind == TypeKind::Optional ? want->contained[0] : want;
                // tryConvertToType's implicit conversions to a number formal (Optional[T] converts as
                // T): a tensor through aten::IntImplicit / FloatImplicit / ScalarImplicit (checked at
                // run time: 0-dim, integral for int), a number through aten::Int / aten::Float, a bool
                // through aten::Int / aten::Float. `history[:seq_ends[idx]]` slices by a 0-dim tensor.
                {
                    const char* conv = nullptr;
                    const TypeKind wk = w->kind;
                    if (have->is_tensor() && tensor_to_number_)
                        conv = wk == TypeKind::Int ? "aten::IntImplicit" : wk == TypeKind::Float ? "aten::FloatImplicit"
                               : wk == TypeKind::Number ? "aten::ScalarImplicit" : nullptr;
                    else if (have->kind == TypeKind::Number)
                        conv = wk == TypeKind::Int ? "aten::Int" : wk == TypeKind::Float ? "aten::Float" : nullptr;
                    else if (have->kind == TypeKind::Bool)
                        conv = wk == TypeKind::Float ? "aten::Float" : wk == TypeKind::Int || wk == TypeKind::Number ? "aten::Int" : nullptr;
                    if (conv) {
                        p.implicit[p.inputs.size() - 1] = conv;
                        p.score++;
                        continue;
                    }
                }
                if (have->kind == TypeKind::Int && w->kind == TypeKind::List && w->contained[0]->kind == TypeKind::Int) {
                    p.wrap_list.back() = true;
                    continue;
                }
                // A homogeneous tuple for a list (tryConvertToType: output_size=(2, 1) for int[2]).
                if (have->kind == TypeKind::Tuple && w->kind == TypeKind::List && !have->contained.empty()) {
                    bool fits = true;
                    for (const auto& e : have->contained) fits = fits && graph::is_subtype(e, w->contained[0]);
                    if (fits) {
                        p.tuple_list[p.inputs.size() - 1] = w->contained[0];
                        continue;
                    }
                }
            }
            if (want->kind == TypeKind::List && want->contained[0]->kind == TypeKind::Any && have->kind != TypeKind::List &&
                have->kind != TypeKind::Tuple) {
                // A `t[]` formal (Any in Kiln's schemas) and a value that is no list: PyTorch's
                // matchTypeVariables fails before any conversion is tried, with its own reason.
                why = "Could not match type " + type_str(v) + " to List[t] in argument '" + a.name +
                      "': Cannot match List[t] to " + type_str(v) + ".";
                return false;
            }
            why = "Expected a value of type '" + want->annotation_str() + "' for argument '" + a.name +
                  "' but instead found type '" + type_str(v) + "'.";
            return false;
        }
        for (size_t k = 0; k < kw.size(); ++k)
            if (!used[k]) {
                why = "Keyword argument " + kw[k].first + " unknown.";
                return false;
            }
        return true;
    }

    GValue* try_op(const std::string& name, const std::vector<GValue*>& args, const Kwargs& kw, const SourceSpan& sp,
                   std::string& err) {
        const auto& ovs = graph::overloads(name);
        if (ovs.empty()) {
            err = "Unknown builtin op: " + name + ".";
            return nullptr;
        }
        std::vector<std::string> whys(ovs.size());
        for (int pass = 0; pass < 2; ++pass) {
            Plan best;
            bool found = false;
            for (size_t i = 0; i < ovs.size(); ++i) {
                Plan p;
                if (plan_for(*ovs[i], args, kw, pass == 1, p, whys[i]) && (!found || p.score < best.score)) {
                    best = p;
                    found = true;
                }
            }
            if (found) {
                if (pass == 1 && named_overload_ahead(name, best)) g_->transient_value("");
                return emit_plan(best, sp);
            }
        }
        if (ovs.size() == 1) {
            err = "\n  " + ovs[0]->str() + ":\n  " + whys[0];
        } else {
            err = "Arguments for call are not valid.\nThe following variants are available:\n";
            for (size_t i = 0; i < ovs.size(); ++i) err += "  \n  " + ovs[i]->str() + ":\n  " + whys[i] + "\n";
            err += "\nThe original call is";
        }
        return nullptr;
    }

    // PyTorch registers the named-tensor factories ahead of the plain ones (native_functions.yaml:
    // zeros.names, ones.names, empty.names before zeros, ones, empty.memory_format), and
    // matchSchemas tries overloads in that order, with conversions on its second pass. A size given
    // as ints (torch.zeros(3), torch.ones(2, 3)) is packed into a list by tryCreateList while the
    // named overload is tried, which then fails on its required `names`: the list it made stays in
    // the graph, dead, until dead code elimination, and takes a value number. Kiln's table has no
    // named overloads (no named tensors), so the packing leaves that number used here.
    static bool named_overload_ahead(const std::string& name, const Plan& p) {
        static const std::set<std::string> named = {"aten::zeros", "aten::ones", "aten::empty"};
        if (!named.count(name)) return false;
        size_t npos = 0;
        for (const auto& a : p.schema->args) npos += a.kwarg_only ? 0 : 1;
        return npos >= 1 && (p.varargs_at == npos - 1 || p.wrap_list.at(npos - 1));
    }

    GValue* emit_op(const std::string& name, const std::vector<GValue*>& args, const Kwargs& kw, const SourceSpan& sp) {
        std::string err;
        if (GValue* v = try_op(name, args, kw, sp, err)) return v;
        fail(sp, err);
    }

    // A return type with the type variable `t` (Any in schemas) replaced by what it matched:
    // t, t[], t?, (str, t)[].
    static TypePtr substitute(const TypePtr& t, const TypePtr& tv) {
        if (!tv) return t;
        if (t->kind == TypeKind::Any) return tv;
        std::vector<TypePtr> c;
        bool changed = false;
        for (const auto& x : t->contained) {
            c.push_back(substitute(x, tv));
            changed = changed || c.back() != x;
        }
        if (!changed) return t;
        switch (t->kind) {
            case TypeKind::List: return graph::list_type(c[0]);
            case TypeKind::Optional: return graph::optional_type(c[0]);
            case TypeKind::Tuple: return graph::tuple_type(c);
            case TypeKind::Dict: return graph::dict_type(c[0], c[1]);
            case TypeKind::Future: return graph::future_type(c[0]);
            default: return t;
        }
    }

    GValue* emit_plan(const Plan& p, const SourceSpan& sp) {
        const graph::OpSchema& s = *p.schema;
        std::vector<GValue*> ins;
        for (size_t i = 0; i < s.args.size(); ++i) {
            GValue* v = p.inputs[i];
            if (!v) v = g_->insert_constant(*s.args[i].default_value);
            if (auto im = p.implicit.find(i); im != p.implicit.end()) v = emit_op(im->second, {v}, {}, sp);
            auto tl = p.tuple_list.find(i);
            if (tl != p.tuple_list.end()) {
                graph::Node* u = g_->insert("prim::TupleUnpack", {v}, v->type->contained.size());
                for (size_t k = 0; k < u->outputs.size(); ++k) u->outputs[k]->type = v->type->contained[k];
                graph::Node* l = g_->insert("prim::ListConstruct", u->outputs, 1);
                l->output()->type = graph::list_type(tl->second);
                v = l->output();
            }
            if (p.wrap_list[i]) {
                // A single int for a fixed-size int[N] is N copies (schema_matching's broadcast of
                // conv2d's stride=1 or adaptive_avg_pool2d's output_size=2).
                std::vector<GValue*> items{v};
                if (i == p.varargs_at) items = p.varargs;
                else if (s.args[i].list_size > 1) items.assign(size_t(s.args[i].list_size), v);
                graph::Node* l = g_->insert("prim::ListConstruct", items, 1);
                l->output()->type = graph::list_type(graph::int_type());
                v = l->output();
            }
            ins.push_back(v);
        }
        graph::Node* n = g_->insert(s.name, ins, s.returns.size());
        n->schema = &s;
        n->loc = loc(sp);
        for (size_t i = 0; i < s.returns.size(); ++i) {
            n->outputs[i]->type = substitute(s.returns[i].type, p.tvar);
        }
        if (n->outputs.empty()) return g_->insert_constant(IValue());
        if (n->outputs.size() == 1) return n->output();
        std::vector<TypePtr> ts;
        for (auto* o : n->outputs) ts.push_back(o->type);
        graph::Node* t = g_->insert("prim::TupleConstruct", n->outputs, 1);
        t->output()->type = graph::tuple_type(ts);
        // packOutputs makes a named tuple when the schema names its returns (max.dim's `values`,
        // `indices`): `.values` reads a field (see attribute_sv).
        std::vector<std::string> fields;
        for (const auto& r : s.returns) fields.push_back(r.name);
        if (!fields.empty() && !fields[0].empty()) tuple_fields_[t->output()] = fields;
        return t->output();
    }
};

const FunctionDef* find_in(const StmtList& body, int line) {
    for (const auto& s : body) {
        if (s->kind == StmtKind::FunctionDef) {
            const auto& f = cast<FunctionDef>(*s);
            // a generic def's annotation scope (FunctionDef::generic_of) shares its line: PyTorch's
            // frontend compiles the def itself, its type parameters unused
            if (!f.generic_of.empty())
                if (const FunctionDef* inner = find_in(f.body, line)) return inner;
            if (f.span.line == line) return &f;
            for (const auto& d : f.decorator_list)
                if (d->span.line == line) return &f;
            if (const FunctionDef* inner = find_in(f.body, line)) return inner;
        } else if (s->kind == StmtKind::ClassDef) {
            if (const FunctionDef* inner = find_in(cast<ClassDef>(*s).body, line)) return inner;
        } else {
            // a def nested in a compound statement (`with warnings.catch_warnings(): @torch.jit.script
            // def f`, a def under `if`/`try`/a loop): each of its statement lists
            const StmtList* lists[4] = {nullptr, nullptr, nullptr, nullptr};
            const std::vector<lang::ExceptHandler>* handlers = nullptr;
            switch (s->kind) {
                case StmtKind::If: lists[0] = &cast<lang::If>(*s).body, lists[1] = &cast<lang::If>(*s).orelse; break;
                case StmtKind::With: lists[0] = &cast<lang::With>(*s).body; break;
                case StmtKind::For: lists[0] = &cast<lang::For>(*s).body, lists[1] = &cast<lang::For>(*s).orelse; break;
                case StmtKind::While: lists[0] = &cast<lang::While>(*s).body, lists[1] = &cast<lang::While>(*s).orelse; break;
                case StmtKind::Try: {
                    const auto& t = cast<lang::Try>(*s);
                    lists[0] = &t.body, lists[1] = &t.orelse, lists[2] = &t.finalbody, handlers = &t.handlers;
                    break;
                }
                default: break;
            }
            for (const StmtList* l : lists)
                if (l)
                    if (const FunctionDef* inner = find_in(*l, line)) return inner;
            if (handlers)
                for (const auto& h : *handlers)
                    if (const FunctionDef* inner = find_in(h.body, line)) return inner;
        }
    }
    return nullptr;
}

}  // namespace

namespace {
struct CalledFunctions {
    std::map<std::string, std::shared_ptr<const CompiledFunction>> by_name;
    int mangle = 0;
};
CalledFunctions& called_functions_table() {
    static CalledFunctions t;
    return t;
}
}  // namespace

std::string register_called_function(const std::shared_ptr<const CompiledFunction>& fn) {
    CalledFunctions& t = called_functions_table();
    for (const auto& [name, known] : t.by_name)
        if (known == fn) return name;
    std::string name = "__torch__." + fn->name;
    // Another function of that name: PyTorch's mangled qualified name.
    while (t.by_name.count(name)) name = "__torch__.___torch_mangle_" + std::to_string(t.mangle++) + "." + fn->name;
    t.by_name[name] = fn;
    return name;
}

std::shared_ptr<const CompiledFunction> find_called_function(const std::string& qualified) {
    CalledFunctions& t = called_functions_table();
    auto it = t.by_name.find(qualified);
    return it == t.by_name.end() ? nullptr : it->second;
}

std::string CompiledFunction::declaration() const {
    std::string s = name + "(";
    for (size_t i = 0; i < params.size(); ++i) {
        if (i) s += ", ";
        s += params[i].type->str() + " " + params[i].name;
        if (params[i].default_value) s += "=" + params[i].default_value->repr();
    }
    return s + ") -> " + (return_type ? return_type->str() : "None");
}

std::string type_annotation_str(const TypePtr& t) { return t->annotation_str(); }

const FunctionDef* find_function(const Module& module, int line) { return find_in(module.body, line); }

std::shared_ptr<CompiledFunction> compile_function(const FunctionDef& def, const std::string& filename,
                                                   const std::string& source, Resolver& resolver, TypePtr self_type) {
    Compiler c(filename, source, resolver, std::move(self_type));
    auto fn = c.run(def);
    // The function's source as PyTorch's frontend reads it (inspect.getsourcelines: decorators
    // included), for the frames of torch.jit.Error.
    int first = def.span.line, last = def.span.end_line;
    for (const auto& d : def.decorator_list) first = std::min(first, d->span.line);  // the '@' line
    if (!def.body.empty()) last = std::max(last, def.body.back()->span.end_line);
    std::vector<std::string> lines;
    std::istringstream in(source);
    std::string l;
    for (int n = 1; std::getline(in, l); ++n)
        if (n >= first && n <= last) lines.push_back(l);
    graph::register_script_source(filename, first, lines, def.name);
    return fn;
}

TypePtr annotation_type(const Expr& e, const std::string& filename, const std::string& source, Resolver& resolver) {
    Compiler c(filename, source, resolver);
    return c.annotation(e);
}

}  // namespace kiln::capture::script
