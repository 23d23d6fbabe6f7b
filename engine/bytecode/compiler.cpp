// The bytecode compiler (see compiler.h): one compile_<node> per AST kind, CPython 3.11's code
// shapes with a block-stack exception design.
//
// [SECTION] Units, emit helpers, names     [SECTION] Functions, classes, comprehensions
// [SECTION] Statements                     [SECTION] try/with and the fblock stack
// [SECTION] Expressions
//
// Exceptions (documented in README.md): instead of 3.11's exception tables, SETUP_FINALLY pushes a
// handler block recording the stack depth; when an exception escapes, the VM cuts the stack to that
// depth, pushes the exception and jumps to the handler. Handlers then follow 3.11: PUSH_EXC_INFO,
// CHECK_EXC_MATCH, a cleanup block that restores the handled exception (COPY 3; POP_EXCEPT;
// RERAISE), finally bodies compiled twice (normal and exceptional path). The exception stays on the
// stack for the whole except body (CPython pops it), so every block's depth is a prefix of the stack.
//
// Break/continue/return inside try/with/except unwind the compile-time "fblock" stack like CPython's
// compiler_unwind_fblock: pop handler blocks, inline finally bodies, call __exit__, pop iterators.
#include "bytecode/compiler.h"

#include <cmath>
#include <functional>
#include <map>
#include <unordered_map>

#include "bytecode/symtable.h"
#include "support/pyrepr.h"

namespace kiln::bytecode {

using namespace kiln::lang;

namespace {

// [SECTION] Units, emit helpers, names

// CPython's message for a clause of try-except* left by break, continue or return.
constexpr const char* kExceptStarExit = "'break', 'continue' and 'return' cannot appear in an except* block";

enum class FBType { PopValue, WhileLoop, ForLoop, TryExcept, FinallyTry, FinallyEnd, With, HandlerCleanup, ExceptGroupHandler };
struct FBlock {
    FBType type;
    int continue_label = -1;
    int break_label = -1;
    const StmtList* finalbody = nullptr;
    std::string name;  // HandlerCleanup: the `as` name, if any
    FBlock(FBType t = FBType::WhileLoop, int cont = -1, int brk = -1) : type(t), continue_label(cont), break_label(brk) {}
};

// A hash consistent with Constant::same_as (same_as-equal constants hash alike), so add_const finds
// an equal constant without comparing against every one: a literal of 100000 distinct ints was
// quadratic (minutes to compile).
size_t const_hash(const Constant& c) {
    size_t h = c.value.index() * 0x9E3779B97F4A7C15ull;
    auto mix = [&h](size_t x) { h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2); };
    if (auto* b = std::get_if<bool>(&c.value)) mix(*b);
    else if (auto* i = std::get_if<int64_t>(&c.value)) mix(std::hash<int64_t>()(*i));
    else if (auto* d = std::get_if<double>(&c.value)) mix(std::hash<double>()(*d == 0 ? 0.0 : *d) ^ size_t(std::signbit(*d)));
    else if (auto* s = std::get_if<std::string>(&c.value)) mix(std::hash<std::string>()(*s));
    else if (auto* t = std::get_if<std::vector<Constant>>(&c.value)) {
        mix(t->size());
        for (const Constant& x : *t) mix(const_hash(x));
    } else if (auto* f = std::get_if<FrozenSetConst>(&c.value)) {
        size_t sum = 0;  // order-free: equal as sets
        for (const Constant& x : f->items) sum += const_hash(x);
        mix(sum);
    } else if (auto* b = std::get_if<BytesConst>(&c.value)) mix(std::hash<std::string>()(b->data));
    else if (auto* g = std::get_if<BigIntConst>(&c.value)) mix(std::hash<std::string>()(g->digits) ^ size_t(g->negative));
    else if (auto* z = std::get_if<ComplexConst>(&c.value)) mix(std::hash<double>()(z->real) ^ (std::hash<double>()(z->imag) << 1));
    return h;
}

struct Unit {
    Scope* scope = nullptr;
    std::shared_ptr<CodeObject> code;
    std::vector<int> labels;
    std::map<std::string, int> names, varnames;
    std::vector<FBlock> fblocks;
    std::unordered_multimap<size_t, int> const_index;  // const_hash -> index in code->consts
};

class Compiler {
public:
    explicit Compiler(const std::string& filename) : filename_(filename) {}

    std::shared_ptr<const CodeObject> module(const Module& m) {
        table_ = build_symtable(m, filename_);
        enter(table_.top.get(), "<module>", "<module>", 1);
        SourceSpan resume{0, 0, 0, 0};
        emit(Opcode::RESUME, 0, resume);
        size_t start = 0;
        if (const std::string* doc = docstring(m.body)) {
            emit(Opcode::LOAD_CONST, add_const(Constant{*doc}), m.body[0]->span);
            emit(Opcode::STORE_NAME, name_index("__doc__"), m.body[0]->span);
            start = 1;
        }
        postponed_annotations_ = future_annotations(m.body, start);
        if (has_annotations(m.body)) emit(Opcode::SETUP_ANNOTATIONS, m.body[start < m.body.size() ? start : 0]->span);
        for (size_t i = start; i < m.body.size(); ++i) stmt(*m.body[i]);
        SourceSpan end = m.body.empty() ? SourceSpan{1, 1, 1, 1} : m.body.back()->span;
        end.line = end.end_line;
        return_none(end, true);
        return leave();
    }

private:
    std::string filename_;
    SymbolTable table_;
    bool postponed_annotations_ = false;  // `from __future__ import annotations` (PEP 563)

    // PEP 563: `from __future__ import annotations` among the module's leading imports (after the
    // docstring, as CPython requires of future statements) makes annotations strings, never evaluated.
    static bool future_annotations(const StmtList& body, size_t start) {
        for (size_t i = start; i < body.size() && body[i]->kind == StmtKind::ImportFrom; ++i) {
            const auto& f = cast<ImportFrom>(*body[i]);
            if (f.module != "__future__" || f.level != 0) break;
            for (const Alias& a : f.names)
                if (a.name == "annotations") return true;
        }
        return false;
    }

    // The text PEP 563 stores for an annotation: CPython unparses the expression; the forms
    // annotations take (names, dotted names, subscripts, unions with |, string and None constants,
    // lists and tuples) are written the same way here.
    static std::string unparse_annotation(const Expr& e) {
        auto join = [](const ExprList& items) {
            std::string out;
            for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + unparse_annotation(*items[i]);
            return out;
        };
        switch (e.kind) {
            case ExprKind::Name: return cast<Name>(e).id;
            case ExprKind::Attribute: return unparse_annotation(*cast<Attribute>(e).value) + "." + cast<Attribute>(e).attr;
            case ExprKind::Subscript: {
                const auto& sub = cast<Subscript>(e);
                const std::string inner = sub.slice->kind == ExprKind::Tuple ? join(cast<Tuple>(*sub.slice).elts)
                                                                             : unparse_annotation(*sub.slice);
                return unparse_annotation(*sub.value) + "[" + inner + "]";
            }
            case ExprKind::BinOp: {
                const auto& b = cast<BinOp>(e);
                if (b.op == BinOpKind::BitOr) return unparse_annotation(*b.left) + " | " + unparse_annotation(*b.right);
                break;
            }
            case ExprKind::List: return "[" + join(cast<List>(e).elts) + "]";
            case ExprKind::Tuple: return "(" + join(cast<Tuple>(e).elts) + ")";
            case ExprKind::Constant: {
                const auto& c = cast<lang::Constant>(e);
                switch (c.value_kind) {
                    case ConstantKind::None: return "None";
                    case ConstantKind::True: return "True";
                    case ConstantKind::False: return "False";
                    case ConstantKind::Ellipsis: return "...";
                    case ConstantKind::Int: return std::to_string(c.int_value);
                    case ConstantKind::Str: return py_str_repr(c.str_value);
                    default: break;
                }
                break;
            }
            default: break;
        }
        return "...";  // an expression no annotation uses in practice: kept unevaluated all the same
    }
    std::vector<Unit> units_;

    Unit& u() { return units_.back(); }

    // Whether a module or class body annotates a name anywhere outside nested functions and classes
    // (CPython's find_ann): such a body starts with SETUP_ANNOTATIONS.
    static bool has_annotations(const StmtList& b) {
        for (const auto& s : b) {
            switch (s->kind) {
                case StmtKind::AnnAssign: return true;
                case StmtKind::If: {
                    const auto& i = cast<If>(*s);
                    if (has_annotations(i.body) || has_annotations(i.orelse)) return true;
                    break;
                }
                case StmtKind::For: {
                    const auto& f = cast<For>(*s);
                    if (has_annotations(f.body) || has_annotations(f.orelse)) return true;
                    break;
                }
                case StmtKind::While: {
                    const auto& w = cast<While>(*s);
                    if (has_annotations(w.body) || has_annotations(w.orelse)) return true;
                    break;
                }
                default: break;
            }
        }
        return false;
    }
    CodeObject& co() { return *units_.back().code; }

    [[noreturn]] void error(const SourceSpan& span, const std::string& msg) { throw_syntax_error(filename_, span.start(), msg); }
    // CPython's compiler_push_fblock: at most CO_MAXBLOCKS (20) loops, try and with blocks nest.
    void push_fblock(const FBlock& fb, const SourceSpan& span) {
        if (u().fblocks.size() >= 20) error(span, "too many statically nested blocks");
        u().fblocks.push_back(fb);
    }

    void enter(Scope* scope, const std::string& name, const std::string& qualname, int line) {
        Unit unit;
        unit.scope = scope;
        unit.code = std::make_shared<CodeObject>();
        unit.code->name = name;
        unit.code->qualname = qualname;
        unit.code->filename = filename_;
        unit.code->firstlineno = line;
        unit.code->cellvars = scope->cellvars;
        unit.code->freevars = scope->freevars;
        if (scope->kind == ScopeKind::Function) {
            for (const auto& p : scope->params) add_varname(unit, p);
            for (const auto& n : scope->order)
                if (scope->scope_of(n) == SymScope::Local) add_varname(unit, n);
            unit.code->flags |= CO_OPTIMIZED | CO_NEWLOCALS;
            if (scope->parent && scope->parent->kind == ScopeKind::Function) unit.code->flags |= CO_NESTED;
            if (scope->generator) unit.code->flags |= CO_GENERATOR;
        }
        units_.push_back(std::move(unit));
    }

    static void add_varname(Unit& unit, const std::string& n) {
        if (unit.varnames.count(n)) return;
        unit.varnames[n] = static_cast<int>(unit.code->varnames.size());
        unit.code->varnames.push_back(n);
    }

    std::shared_ptr<const CodeObject> leave() {
        Unit unit = std::move(units_.back());
        units_.pop_back();
        assemble(*unit.code, unit.labels);
        return unit.code;
    }

    void emit(Opcode op, int arg, const SourceSpan& span) { co().code.push_back({op, arg, span}); }
    void emit(Opcode op, const SourceSpan& span) { emit(op, 0, span); }
    int new_label() {
        u().labels.push_back(-1);
        return static_cast<int>(u().labels.size()) - 1;
    }
    void bind(int label) { u().labels[label] = static_cast<int>(co().code.size()); }
    void jump(Opcode op, int label, const SourceSpan& span) { emit(op, label, span); }

    int add_const(Constant c) {
        auto& consts = co().consts;
        const size_t h = const_hash(c);
        auto [b, e] = u().const_index.equal_range(h);
        for (auto it = b; it != e; ++it)
            if (consts[size_t(it->second)].same_as(c)) return it->second;
        consts.push_back(std::move(c));
        const int i = static_cast<int>(consts.size()) - 1;
        u().const_index.emplace(h, i);
        return i;
    }
    void load_const(Constant c, const SourceSpan& span) { emit(Opcode::LOAD_CONST, add_const(std::move(c)), span); }
    void load_none(const SourceSpan& span) { load_const(Constant{}, span); }

    // co_names holds every name mangled (symtable.h's mangle): attributes, globals, imports
    int name_index(const std::string& raw) {
        const std::string n = mangle(u().scope, raw);
        auto it = u().names.find(n);
        if (it != u().names.end()) return it->second;
        int i = static_cast<int>(co().names.size());
        co().names.push_back(n);
        u().names[n] = i;
        return i;
    }
    int deref_index(const std::string& n) {
        const auto& c = co();
        for (size_t i = 0; i < c.cellvars.size(); ++i)
            if (c.cellvars[i] == n) return static_cast<int>(i);
        for (size_t i = 0; i < c.freevars.size(); ++i)
            if (c.freevars[i] == n) return static_cast<int>(c.cellvars.size() + i);
        KILN_FAIL(RuntimeError, "internal compiler error: no cell for '", n, "' in ", c.qualname);
    }

    // Loads, stores or deletes a name, choosing the instruction family from the scope analysis.
    void name_op(const std::string& raw, ExprContext ctx, const SourceSpan& span, bool push_null = false) {
        Scope* s = u().scope;
        const std::string n = mangle(s, raw);
        SymScope sc = s->scope_of(n);
        bool fn = s->kind == ScopeKind::Function;
        if (sc == SymScope::Free || sc == SymScope::Cell) {
            if (ctx == ExprContext::Load && s->kind == ScopeKind::Class) emit(Opcode::LOAD_CLASSDEREF, deref_index(n), span);
            else emit(ctx == ExprContext::Load ? Opcode::LOAD_DEREF : ctx == ExprContext::Store ? Opcode::STORE_DEREF : Opcode::DELETE_DEREF, deref_index(n), span);
        } else if (sc == SymScope::Local && fn) {
            emit(ctx == ExprContext::Load ? Opcode::LOAD_FAST : ctx == ExprContext::Store ? Opcode::STORE_FAST : Opcode::DELETE_FAST, u().varnames.at(n), span);
        } else if (sc == SymScope::GlobalExplicit || (sc == SymScope::GlobalImplicit && fn)) {
            if (ctx == ExprContext::Load) {
                emit(Opcode::LOAD_GLOBAL, name_index(n) << 1 | (push_null ? 1 : 0), span);
                return;
            }
            emit(ctx == ExprContext::Store ? Opcode::STORE_GLOBAL : Opcode::DELETE_GLOBAL, name_index(n), span);
        } else {
            emit(ctx == ExprContext::Load ? Opcode::LOAD_NAME : ctx == ExprContext::Store ? Opcode::STORE_NAME : Opcode::DELETE_NAME, name_index(n), span);
        }
        if (push_null) KILN_FAIL(RuntimeError, "internal compiler error: push_null on a non-global load");
    }
    bool loads_global(const std::string& n) {
        Scope* s = u().scope;
        SymScope sc = s->scope_of(mangle(s, n));
        return sc == SymScope::GlobalExplicit || (sc == SymScope::GlobalImplicit && s->kind == ScopeKind::Function);
    }

    void return_none(const SourceSpan& span, bool always) {
        auto& code = co().code;
        bool reachable_end = code.empty() || opcode_flow(code.back().op) == Flow::NEXT || opcode_flow(code.back().op) == Flow::BRANCH;
        for (int pos : u().labels)
            if (pos == static_cast<int>(code.size())) reachable_end = true;
        if (!reachable_end && !always) return;
        load_none(span);
        emit(Opcode::RETURN_VALUE, span);
    }

    // RESUME 0 opens every function body; a generator's starts with RETURN_GENERATOR, POP_TOP first
    // (CPython 3.11's prefix): calling it runs up to RETURN_GENERATOR, which hands back the generator.
    void emit_resume(const SourceSpan& span) {
        if (co().flags & CO_GENERATOR) {
            emit(Opcode::RETURN_GENERATOR, span);
            emit(Opcode::POP_TOP, span);
        }
        emit(Opcode::RESUME, 0, span);
    }

    static const std::string* docstring(const StmtList& body) {
        if (body.empty() || body[0]->kind != StmtKind::ExprStmt) return nullptr;
        const Expr& v = *cast<ExprStmt>(*body[0]).value;
        if (v.kind != ExprKind::Constant || cast<lang::Constant>(v).value_kind != ConstantKind::Str) return nullptr;
        return &cast<lang::Constant>(v).str_value;
    }

    // [SECTION] Functions, classes, comprehensions

    // Pushes the closure tuple for `code` (LOAD_CLOSURE per free variable) and returns MAKE_FUNCTION's flag.
    int closure(const CodeObject& inner, const SourceSpan& span) {
        if (inner.freevars.empty()) return 0;
        for (const auto& n : inner.freevars) emit(Opcode::LOAD_CLOSURE, deref_index(n), span);
        emit(Opcode::BUILD_TUPLE, static_cast<int>(inner.freevars.size()), span);
        return MF_CLOSURE;
    }

    int defaults(const Arguments& a, const SourceSpan& span) {
        int flags = 0;
        if (!a.defaults.empty()) {
            for (const auto& d : a.defaults) expr(*d);
            emit(Opcode::BUILD_TUPLE, static_cast<int>(a.defaults.size()), span);
            flags |= MF_DEFAULTS;
        }
        int nkw = 0;
        for (size_t i = 0; i < a.kwonlyargs.size(); ++i) {
            if (!a.kw_defaults[i]) continue;
            load_const(Constant{mangle(u().scope, a.kwonlyargs[i].name)}, a.kwonlyargs[i].span);
            expr(*a.kw_defaults[i]);
            ++nkw;
        }
        if (nkw) {
            emit(Opcode::BUILD_MAP, nkw, span);
            flags |= MF_KWDEFAULTS;
        }
        return flags;
    }

    // A def's parameter and return annotations, evaluated when the def runs, in the enclosing scope:
    // a tuple of alternating names and values (CPython 3.11's layout; MAKE_FUNCTION makes the dict
    // __annotations__ holds), parameters in signature order then 'return'; strings under
    // `from __future__ import annotations`. Lambdas have none.
    int annotations(const Arguments& a, const Expr* returns, const SourceSpan& span) {
        int n = 0;
        auto one = [&](const std::string& name, const Expr* ann, const SourceSpan& at) {
            if (!ann) return;
            load_const(Constant{mangle(u().scope, name)}, at);
            if (postponed_annotations_) load_const(Constant{unparse_annotation(*ann)}, at);
            else expr(*ann);
            ++n;
        };
        for (const auto& x : a.args) one(x.name, x.annotation.get(), x.span);
        if (a.vararg) one(a.vararg->name, a.vararg->annotation.get(), a.vararg->span);
        for (const auto& x : a.kwonlyargs) one(x.name, x.annotation.get(), x.span);
        if (a.kwarg) one(a.kwarg->name, a.kwarg->annotation.get(), a.kwarg->span);
        one("return", returns, span);
        if (!n) return 0;
        emit(Opcode::BUILD_TUPLE, 2 * n, span);
        return MF_ANNOTATIONS;
    }

    void make_function(std::shared_ptr<const CodeObject> inner, int flags, const SourceSpan& span) {
        flags |= closure(*inner, span);
        load_const(Constant{std::move(inner)}, span);
        emit(Opcode::MAKE_FUNCTION, flags, span);
    }

    void set_signature(const Arguments& a) {
        co().argcount = static_cast<int>(a.args.size());
        co().posonlyargcount = static_cast<int>(a.posonlyargcount);
        co().kwonlyargcount = static_cast<int>(a.kwonlyargs.size());
        if (a.vararg) co().flags |= CO_VARARGS;
        if (a.kwarg) co().flags |= CO_VARKEYWORDS;
    }

    void compile_function_def(const FunctionDef& f) {
        for (const auto& d : f.decorator_list) {
            emit(Opcode::PUSH_NULL, d->span);
            expr(*d);
        }
        int flags = defaults(f.args, f.span);
        flags |= annotations(f.args, f.returns.get(), f.span);
        Scope* scope = table_.scope_for(&f);
        // co_firstlineno is the first decorator's line, as CPython 3.8+'s compiler_function sets it
        // (inspect.getsourcelines and linecache users start the block there).
        enter(scope, f.name, scope->qualname, f.decorator_list.empty() ? f.span.line : f.decorator_list.front()->span.line);
        set_signature(f.args);
        SourceSpan resume_at = f.span;  // RESUME sits on co_firstlineno, as in CPython 3.11's dis
        if (!f.decorator_list.empty()) resume_at.line = f.decorator_list.front()->span.line;
        emit_resume(resume_at);
        const std::string* doc = docstring(f.body);
        add_const(doc ? Constant{*doc} : Constant{});  // co_consts[0] is the docstring or None, as CPython
        for (size_t i = doc ? 1 : 0; i < f.body.size(); ++i) stmt(*f.body[i]);
        SourceSpan last = f.body.back()->span;
        last.line = last.end_line;
        return_none(last, false);
        auto inner = leave();
        // a generic definition's annotation scope (FunctionDef::generic_of) runs where it stands,
        // and what it returns is what the decorators get
        if (!f.generic_of.empty()) emit(Opcode::PUSH_NULL, f.span);
        make_function(inner, flags, f.span);
        if (!f.generic_of.empty()) emit(Opcode::CALL, 0, f.span);
        for (size_t i = 0; i < f.decorator_list.size(); ++i) emit(Opcode::CALL, 1, f.span);
        name_op(f.generic_of.empty() ? f.name : f.generic_of, ExprContext::Store, f.span);
    }

    void compile_lambda(const Lambda& l) {
        int flags = defaults(l.args, l.span);
        Scope* scope = table_.scope_for(&l);
        enter(scope, "<lambda>", scope->qualname, l.span.line);
        set_signature(l.args);
        emit_resume(l.span);
        expr(*l.body);
        emit(Opcode::RETURN_VALUE, l.body->span);
        make_function(leave(), flags, l.span);
    }

    void compile_class_def(const ClassDef& c) {
        for (const auto& k : c.keywords)
            if (k.arg.empty()) error(k.span, "'**' in a class's keyword arguments is not supported in Kiln");
        for (const auto& d : c.decorator_list) {
            emit(Opcode::PUSH_NULL, d->span);
            expr(*d);
        }
        emit(Opcode::PUSH_NULL, c.span);
        emit(Opcode::LOAD_BUILD_CLASS, c.span);
        Scope* scope = table_.scope_for(&c);
        enter(scope, c.name, scope->qualname, c.decorator_list.empty() ? c.span.line : c.decorator_list.front()->span.line);
        SourceSpan resume_at = c.span;
        if (!c.decorator_list.empty()) resume_at.line = c.decorator_list.front()->span.line;
        emit(Opcode::RESUME, 0, resume_at);
        emit(Opcode::LOAD_NAME, name_index("__name__"), c.span);
        emit(Opcode::STORE_NAME, name_index("__module__"), c.span);
        load_const(Constant{scope->qualname}, c.span);
        emit(Opcode::STORE_NAME, name_index("__qualname__"), c.span);
        size_t start = 0;
        if (const std::string* doc = docstring(c.body)) {
            load_const(Constant{*doc}, c.body[0]->span);
            emit(Opcode::STORE_NAME, name_index("__doc__"), c.body[0]->span);
            start = 1;
        }
        if (has_annotations(c.body)) emit(Opcode::SETUP_ANNOTATIONS, c.body[start < c.body.size() ? start : 0]->span);
        for (size_t i = start; i < c.body.size(); ++i) stmt(*c.body[i]);
        SourceSpan last = c.body.back()->span;
        last.line = last.end_line;
        if (scope->uses_class_cell) {
            // The class cell is returned so __build_class__ can fill it with the new class (super()).
            emit(Opcode::LOAD_CLOSURE, deref_index("__class__"), last);
            emit(Opcode::COPY, 1, last);
            emit(Opcode::STORE_NAME, name_index("__classcell__"), last);
            emit(Opcode::RETURN_VALUE, last);
        } else {
            return_none(last, true);
        }
        make_function(leave(), 0, c.span);
        load_const(Constant{c.name}, c.span);
        for (const auto& b : c.bases) expr(*b);
        for (const auto& k : c.keywords) expr(*k.value);  // metaclass=..., __init_subclass__ keywords
        if (!c.keywords.empty()) {
            std::vector<Constant> names;
            for (const auto& k : c.keywords) names.push_back(Constant{k.arg});
            emit(Opcode::KW_NAMES, add_const(Constant{names}), c.span);
        }
        emit(Opcode::CALL, 2 + static_cast<int>(c.bases.size() + c.keywords.size()), c.span);
        for (size_t i = 0; i < c.decorator_list.size(); ++i) emit(Opcode::CALL, 1, c.span);
        name_op(c.name, ExprContext::Store, c.span);
    }

    // Comprehensions call a nested function whose one argument `.0` is the outermost iterator. A
    // generator expression's function is a generator (CO_GENERATOR) that yields each element.
    void compile_comprehension(const Expr& node, const std::vector<Comprehension>& gens, const Expr* elt,
                               const Expr* value) {
        Scope* scope = table_.scope_for(&node);
        emit(Opcode::PUSH_NULL, node.span);
        enter(scope, scope->name, scope->qualname, node.span.line);
        co().argcount = 1;
        emit_resume(node.span);
        const bool genexpr = node.kind == ExprKind::GeneratorExp;
        const bool set = node.kind == ExprKind::SetComp;
        if (!genexpr) emit(value ? Opcode::BUILD_MAP : set ? Opcode::BUILD_SET : Opcode::BUILD_LIST, 0, node.span);
        std::vector<std::pair<int, int>> loops;  // (start, end) labels
        // (generator index, label) of each `if` test's jump to that generator's back edge. Local to
        // this comprehension: a comprehension in the element ([[y for y in x] for x in xs if x])
        // compiles in its own code unit, and must not bind this unit's labels there.
        std::vector<std::pair<size_t, int>> pending_skips;
        for (size_t i = 0; i < gens.size(); ++i) {
            const Comprehension& g = gens[i];
            if (i == 0) emit(Opcode::LOAD_FAST, 0, g.iter->span);
            else {
                expr(*g.iter);
                emit(Opcode::GET_ITER, g.iter->span);
            }
            int start = new_label(), end = new_label();
            bind(start);
            jump(Opcode::FOR_ITER, end, g.span);
            store(*g.target);
            loops.push_back({start, end});
            for (const auto& cond : g.ifs) {
                expr(*cond);
                // Forward to the loop's back edge (POP_JUMP_IF_* only jump forward).
                u().labels.push_back(-1);
                int skip = static_cast<int>(u().labels.size()) - 1;
                jump(Opcode::POP_JUMP_IF_FALSE, skip, cond->span);
                pending_skips.push_back({i, skip});
            }
        }
        int depth = static_cast<int>(gens.size()) + 1;
        if (value) {
            expr(*elt);
            expr(*value);
            emit(Opcode::MAP_ADD, depth, node.span);
        } else if (genexpr) {
            expr(*elt);
            emit(Opcode::YIELD_VALUE, node.span);
            emit(Opcode::RESUME, 1, node.span);
            emit(Opcode::POP_TOP, node.span);
        } else {
            expr(*elt);
            emit(set ? Opcode::SET_ADD : Opcode::LIST_APPEND, depth, node.span);
        }
        for (size_t i = gens.size(); i-- > 0;) {
            for (auto it = pending_skips.begin(); it != pending_skips.end();) {
                if (it->first == i) {
                    bind(it->second);
                    it = pending_skips.erase(it);
                } else ++it;
            }
            jump(Opcode::JUMP_FORWARD, loops[i].first, gens[i].span);
            bind(loops[i].second);
        }
        if (genexpr) load_none(node.span);
        emit(Opcode::RETURN_VALUE, node.span);
        make_function(leave(), 0, node.span);
        expr(*gens[0].iter);
        emit(Opcode::GET_ITER, gens[0].iter->span);
        emit(Opcode::CALL, 1, node.span);
    }

    // [SECTION] Statements

    void body(const StmtList& b) {
        for (const auto& s : b) stmt(*s);
    }

    void stmt(const Stmt& s) {
        switch (s.kind) {
            case StmtKind::FunctionDef: compile_function_def(cast<FunctionDef>(s)); break;
            case StmtKind::ClassDef: compile_class_def(cast<ClassDef>(s)); break;
            case StmtKind::Return: compile_return(cast<Return>(s)); break;
            case StmtKind::Delete:
                for (const auto& t : cast<Delete>(s).targets) del(*t);
                break;
            case StmtKind::Assign: {
                const auto& a = cast<Assign>(s);
                expr(*a.value);
                for (size_t i = 0; i < a.targets.size(); ++i) {
                    if (i + 1 < a.targets.size()) emit(Opcode::COPY, 1, a.targets[i]->span);
                    store(*a.targets[i]);
                }
                break;
            }
            case StmtKind::AugAssign: compile_aug_assign(cast<AugAssign>(s)); break;
            case StmtKind::AnnAssign: {
                // `x: int` alone binds nothing. In module and class bodies the annotation is evaluated
                // after the assignment and, for a plain name, stored in __annotations__ (CPython 3.11;
                // dataclasses and typing read it); in functions annotations are not evaluated.
                const auto& a = cast<AnnAssign>(s);
                if (a.value) {
                    expr(*a.value);
                    store(*a.target);
                }
                if (u().scope->kind != ScopeKind::Function) {
                    if (postponed_annotations_) load_const(Constant{unparse_annotation(*a.annotation)}, a.span);
                    else expr(*a.annotation);
                    if (a.simple && a.target->kind == ExprKind::Name) {
                        emit(Opcode::LOAD_NAME, name_index("__annotations__"), a.span);
                        load_const(Constant{mangle(u().scope, cast<Name>(*a.target).id)}, a.span);
                        emit(Opcode::STORE_SUBSCR, a.span);
                    } else {
                        emit(Opcode::POP_TOP, a.span);
                    }
                }
                break;
            }
            case StmtKind::For: compile_for(cast<For>(s)); break;
            case StmtKind::While: compile_while(cast<While>(s)); break;
            case StmtKind::If: {
                const auto& i = cast<If>(s);
                int orelse = new_label(), end = new_label();
                expr(*i.test);
                jump(Opcode::POP_JUMP_IF_FALSE, orelse, i.test->span);
                body(i.body);
                if (!i.orelse.empty()) jump(Opcode::JUMP_FORWARD, end, i.body.back()->span);
                bind(orelse);
                body(i.orelse);
                bind(end);
                break;
            }
            case StmtKind::With: compile_with(cast<With>(s), 0); break;
            case StmtKind::Raise: {
                const auto& r = cast<Raise>(s);
                int n = 0;
                if (r.exc) { expr(*r.exc); ++n; }
                if (r.cause) { expr(*r.cause); ++n; }
                emit(Opcode::RAISE_VARARGS, n, s.span);
                break;
            }
            case StmtKind::Try: {
                const auto& t = cast<Try>(s);
                if (!t.finalbody.empty()) compile_try_finally(t);
                else if (t.is_star) compile_try_star_except(t);
                else compile_try_except(t);
                break;
            }
            case StmtKind::Assert: {
                const auto& a = cast<Assert>(s);
                int end = new_label();
                expr(*a.test);
                jump(Opcode::POP_JUMP_IF_TRUE, end, a.test->span);
                if (a.msg) {
                    emit(Opcode::PUSH_NULL, s.span);
                    emit(Opcode::LOAD_ASSERTION_ERROR, s.span);
                    expr(*a.msg);
                    emit(Opcode::CALL, 1, s.span);
                } else {
                    emit(Opcode::LOAD_ASSERTION_ERROR, s.span);
                }
                emit(Opcode::RAISE_VARARGS, 1, s.span);
                bind(end);
                break;
            }
            // the import instructions carry the statement's position, as CPython's LOC(s) (a traceback
            // through one underlines nothing)
            case StmtKind::Import:
                for (const auto& a : cast<Import>(s).names) {
                    load_const(Constant{int64_t{0}}, a.span);
                    load_none(a.span);
                    emit(Opcode::IMPORT_NAME, name_index(a.name), s.span);
                    if (a.asname.empty()) {
                        name_op(a.name.substr(0, a.name.find('.')), ExprContext::Store, a.span);
                        continue;
                    }
                    // import a.b.c as d: walk down the submodules (CPython's compiler_import_as).
                    size_t dot = a.name.find('.');
                    if (dot != std::string::npos) {
                        size_t pos = dot + 1;
                        while (true) {
                            size_t next = a.name.find('.', pos);
                            std::string part = a.name.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
                            emit(Opcode::IMPORT_FROM, name_index(part), s.span);
                            if (next == std::string::npos) break;
                            emit(Opcode::SWAP, 2, a.span);
                            emit(Opcode::POP_TOP, a.span);
                            pos = next + 1;
                        }
                        name_op(a.asname, ExprContext::Store, a.span);
                        emit(Opcode::POP_TOP, a.span);
                    } else {
                        name_op(a.asname, ExprContext::Store, a.span);
                    }
                }
                break;
            case StmtKind::ImportFrom: {
                const auto& f = cast<ImportFrom>(s);
                std::vector<Constant> fromlist;
                for (const auto& a : f.names) fromlist.push_back(Constant{a.name});
                load_const(Constant{int64_t{f.level}}, s.span);
                load_const(Constant{fromlist}, s.span);
                emit(Opcode::IMPORT_NAME, name_index(f.module), s.span);
                if (f.names.size() == 1 && f.names[0].name == "*") {
                    emit(Opcode::IMPORT_STAR, s.span);
                    break;
                }
                for (const auto& a : f.names) {
                    emit(Opcode::IMPORT_FROM, name_index(a.name), s.span);
                    name_op(a.asname.empty() ? a.name : a.asname, ExprContext::Store, a.span);
                }
                emit(Opcode::POP_TOP, s.span);
                break;
            }
            case StmtKind::Global:
            case StmtKind::Nonlocal:
            case StmtKind::Pass: break;
            case StmtKind::ExprStmt: {
                const Expr& v = *cast<ExprStmt>(s).value;
                if (v.kind == ExprKind::Constant) break;  // no effect; CPython drops it too
                expr(v);
                emit(Opcode::POP_TOP, s.span);
                break;
            }
            case StmtKind::Break: compile_break_continue(s, true); break;
            case StmtKind::Continue: compile_break_continue(s, false); break;
            case StmtKind::Match: compile_match(cast<Match>(s)); break;
        }
    }

    // ---- the match statement: CPython 3.12's compiler_match and compiler_pattern_* -----------------
    // A pattern consumes the subject on top of the stack. Captured values are not stored at once:
    // they wait on the stack (below `on_top` items the pattern still needs) until the whole case
    // has matched, then are stored in order. A failing test jumps to fail_pop[n], the entry of a
    // chain of POP_TOPs that drops the n values above the subject's slot; every fail_pop label thus
    // has one stack depth, as the assembler's check requires.
    struct PatternContext {
        std::vector<std::string> stores;  // names captured so far, the newest deepest on the stack
        bool allow_irrefutable = false;
        std::vector<int> fail_pop;  // labels: fail_pop[n] pops n items, then falls to fail_pop[n-1]
        int on_top = 0;             // items above the captures that the pattern still needs
    };

    static bool is_wildcard(const Pattern& p) { return p.kind == PatternKind::MatchAs && !p.pattern && p.name.empty(); }
    static bool is_star_wildcard(const Pattern& p) { return p.kind == PatternKind::MatchStar && p.name.empty(); }

    void ensure_fail_pop(PatternContext& pc, size_t n) {
        while (pc.fail_pop.size() < n + 1) pc.fail_pop.push_back(new_label());
    }
    void jump_to_fail_pop(PatternContext& pc, Opcode op, const SourceSpan& span) {
        size_t pops = size_t(pc.on_top) + pc.stores.size();
        ensure_fail_pop(pc, pops);
        jump(op, pc.fail_pop[pops], span);
    }
    void emit_and_reset_fail_pop(PatternContext& pc, const SourceSpan& span) {
        if (pc.fail_pop.empty()) return;
        for (size_t n = pc.fail_pop.size() - 1; n > 0; --n) {
            bind(pc.fail_pop[n]);
            emit(Opcode::POP_TOP, span);
        }
        bind(pc.fail_pop[0]);
        pc.fail_pop.clear();
    }
    // 3.10's ROT_N as SWAPs: the top item moves `count` deep.
    void rotate(int count, const SourceSpan& span) {
        while (count > 1) emit(Opcode::SWAP, count--, span);
    }
    void forbidden_store(const std::string& n, const SourceSpan& span) {
        if (n == "__debug__") error(span, "cannot assign to __debug__");
    }
    void store_capture(const std::string& n, PatternContext& pc, const SourceSpan& span) {
        if (n.empty()) {
            emit(Opcode::POP_TOP, span);
            return;
        }
        forbidden_store(n, span);
        if (std::find(pc.stores.begin(), pc.stores.end(), n) != pc.stores.end())
            error(span, "multiple assignments to name '" + n + "' in pattern");
        rotate(pc.on_top + int(pc.stores.size()) + 1, span);
        pc.stores.push_back(n);
    }
    void subpattern(const Pattern& p, PatternContext& pc) {
        bool allow = pc.allow_irrefutable;
        pc.allow_irrefutable = true;
        pattern(p, pc);
        pc.allow_irrefutable = allow;
    }

    // A literal pattern's value as a constant: numbers (signed, complex sums) and strings, as
    // CPython's AST optimizer folds them before compiling. False for dotted names and f-strings.
    static bool pattern_const(const Expr& e, Constant& out) {
        if (e.kind == ExprKind::BinOp) {
            const auto& b = cast<BinOp>(e);
            Constant re, im;
            if (!pattern_const(*b.left, re) || !pattern_const(*b.right, im)) return false;
            auto* z = std::get_if<ComplexConst>(&im.value);
            double r;
            if (auto* i = std::get_if<int64_t>(&re.value)) r = double(*i);
            else if (auto* d = std::get_if<double>(&re.value)) r = *d;
            else return false;
            if (!z) return false;
            // int/float op complex: (r op 0.0, 0.0 op imag), Python's mixed arithmetic
            if (b.op == BinOpKind::Add) out = Constant{ComplexConst{r + 0.0, 0.0 + z->imag}};
            else out = Constant{ComplexConst{r - 0.0, 0.0 - z->imag}};
            return true;
        }
        if (e.kind == ExprKind::Tuple) return false;
        return const_value(e, out);
    }
    // Python's == between two literal keys (1 == 1.0 == True, 0 == -0.0), for duplicate-key checks.
    static bool const_equal(const Constant& a, const Constant& b) {
        auto number = [](const Constant& c, double& re, double& im) {
            im = 0;
            if (auto* x = std::get_if<bool>(&c.value)) re = *x;
            else if (auto* i = std::get_if<int64_t>(&c.value)) re = double(*i);
            else if (auto* d = std::get_if<double>(&c.value)) re = *d;
            else if (auto* z = std::get_if<ComplexConst>(&c.value)) { re = z->real; im = z->imag; }
            else return false;
            return true;
        };
        double ar, ai, br, bi;
        if (number(a, ar, ai) && number(b, br, bi)) {
            auto* x = std::get_if<int64_t>(&a.value);
            auto* y = std::get_if<int64_t>(&b.value);
            if (x && y) return *x == *y;  // exact beyond 2**53
            return ar == br && ai == bi;
        }
        if (auto* g = std::get_if<BigIntConst>(&a.value)) {
            auto* h = std::get_if<BigIntConst>(&b.value);
            return h && g->digits == h->digits && g->base == h->base && g->negative == h->negative;
        }
        if (a.value.index() != b.value.index()) return false;
        if (std::holds_alternative<std::monostate>(a.value)) return true;
        if (auto* s = std::get_if<std::string>(&a.value)) return *s == std::get<std::string>(b.value);
        if (auto* s = std::get_if<BytesConst>(&a.value)) return s->data == std::get<BytesConst>(b.value).data;
        return false;
    }

    void pattern(const Pattern& p, PatternContext& pc) {
        const SourceSpan& span = p.span;
        switch (p.kind) {
            case PatternKind::MatchValue: {
                const Expr& v = *p.value;
                Constant c;
                if (pattern_const(v, c)) load_const(std::move(c), v.span);
                else if (v.kind == ExprKind::Attribute) expr(v);
                else error(span, "patterns may only match literals and attribute lookups");
                emit(Opcode::COMPARE_OP, CMP_EQ, span);
                jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
                break;
            }
            case PatternKind::MatchSingleton: {
                Constant c;
                const_value(*p.value, c);
                load_const(std::move(c), span);
                emit(Opcode::IS_OP, 0, span);
                jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
                break;
            }
            case PatternKind::MatchSequence: pattern_sequence(p, pc); break;
            case PatternKind::MatchMapping: pattern_mapping(p, pc); break;
            case PatternKind::MatchClass: pattern_class(p, pc); break;
            case PatternKind::MatchStar: store_capture(p.name, pc, span); break;
            case PatternKind::MatchAs: {
                if (!p.pattern) {
                    if (!pc.allow_irrefutable) {
                        if (!p.name.empty()) error(span, "name capture '" + p.name + "' makes remaining patterns unreachable");
                        error(span, "wildcard makes remaining patterns unreachable");
                    }
                    store_capture(p.name, pc, span);
                    break;
                }
                // keep a copy to store once the inner pattern has matched
                pc.on_top++;
                emit(Opcode::COPY, 1, span);
                pattern(*p.pattern, pc);
                pc.on_top--;
                store_capture(p.name, pc, span);
                break;
            }
            case PatternKind::MatchOr: pattern_or(p, pc); break;
        }
    }

    void pattern_sequence(const Pattern& p, PatternContext& pc) {
        const SourceSpan& span = p.span;
        const PatternList& pats = p.patterns;
        int size = int(pats.size());
        int star = -1;
        bool only_wildcard = true, star_wildcard = false;
        for (int i = 0; i < size; ++i) {
            const Pattern& sub = *pats[size_t(i)];
            if (sub.kind == PatternKind::MatchStar) {
                if (star >= 0) error(span, "multiple starred names in sequence pattern");
                star_wildcard = is_star_wildcard(sub);
                only_wildcard &= star_wildcard;
                star = i;
                continue;
            }
            only_wildcard &= is_wildcard(sub);
        }
        // the subject stays on top through the type and length checks
        pc.on_top++;
        emit(Opcode::MATCH_SEQUENCE, span);
        jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        if (star < 0) {
            emit(Opcode::GET_LEN, span);
            load_const(Constant{int64_t(size)}, span);
            emit(Opcode::COMPARE_OP, CMP_EQ, span);
            jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        } else if (size > 1) {
            // a starred pattern needs the other items: len(subject) >= size - 1
            emit(Opcode::GET_LEN, span);
            load_const(Constant{int64_t(size - 1)}, span);
            emit(Opcode::COMPARE_OP, CMP_GE, span);
            jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        }
        pc.on_top--;
        if (only_wildcard) {
            emit(Opcode::POP_TOP, span);  // [] / [_, _] / [*_] / [_, *_]: nothing to extract
        } else if (star_wildcard) {
            // [first, *_, last]: index instead of unpacking (no list built for *_)
            pc.on_top++;
            for (int i = 0; i < size; ++i) {
                const Pattern& sub = *pats[size_t(i)];
                if (is_wildcard(sub) || i == star) continue;
                emit(Opcode::COPY, 1, span);
                if (i < star) {
                    load_const(Constant{int64_t(i)}, span);
                } else {
                    // a non-negative index: the subject may not support negative ones
                    emit(Opcode::GET_LEN, span);
                    load_const(Constant{int64_t(size - i)}, span);
                    emit(Opcode::BINARY_OP, NB_SUBTRACT, span);
                }
                emit(Opcode::BINARY_SUBSCR, span);
                subpattern(sub, pc);
            }
            pc.on_top--;
            emit(Opcode::POP_TOP, span);
        } else {
            if (star >= 0) {
                if (star >= (1 << 8) || size - star - 1 >= (1 << 8))
                    error(span, "too many expressions in star-unpacking sequence pattern");
                emit(Opcode::UNPACK_EX, star | (size - star - 1) << 8, span);
            } else {
                emit(Opcode::UNPACK_SEQUENCE, size, span);
            }
            pc.on_top += size;
            for (int i = 0; i < size; ++i) {
                pc.on_top--;
                subpattern(*pats[size_t(i)], pc);
            }
        }
    }

    void pattern_mapping(const Pattern& p, PatternContext& pc) {
        const SourceSpan& span = p.span;
        int size = int(p.keys.size());
        pc.on_top++;
        emit(Opcode::MATCH_MAPPING, span);
        jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        if (!size && p.rest.empty()) {
            pc.on_top--;
            emit(Opcode::POP_TOP, span);  // `{}` matches any mapping
            return;
        }
        if (size) {
            emit(Opcode::GET_LEN, span);
            load_const(Constant{int64_t(size)}, span);
            emit(Opcode::COMPARE_OP, CMP_GE, span);
            jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        }
        std::vector<Constant> seen;
        for (const ExprPtr& key : p.keys) {
            Constant c;
            if (pattern_const(*key, c)) {
                for (const Constant& prior : seen)
                    if (const_equal(prior, c)) error(span, "mapping pattern checks duplicate key (" + c.repr() + ")");
                seen.push_back(c);
                load_const(std::move(c), key->span);
            } else if (key->kind == ExprKind::Attribute) {
                expr(*key);
            } else {
                error(span, "mapping pattern keys may only match literals and attribute lookups");
            }
        }
        emit(Opcode::BUILD_TUPLE, size, span);
        emit(Opcode::MATCH_KEYS, span);
        // the keys tuple and the values (or None) now sit on the subject
        pc.on_top += 2;
        emit(Opcode::COPY, 1, span);
        load_none(span);
        emit(Opcode::IS_OP, 1, span);
        jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        emit(Opcode::UNPACK_SEQUENCE, size, span);
        pc.on_top += size - 1;
        for (int i = 0; i < size; ++i) {
            pc.on_top--;
            subpattern(*p.patterns[size_t(i)], pc);
        }
        pc.on_top -= 2;
        if (!p.rest.empty()) {
            // rest = dict(subject); del rest[key] for each key
            emit(Opcode::BUILD_MAP, 0, span);          // subject keys {}
            emit(Opcode::SWAP, 3, span);               // {} keys subject
            emit(Opcode::DICT_UPDATE, 2, span);        // copy keys
            emit(Opcode::UNPACK_SEQUENCE, size, span);  // copy key...
            for (int n = size; n > 0; --n) {
                emit(Opcode::COPY, 1 + n, span);
                emit(Opcode::SWAP, 2, span);
                emit(Opcode::DELETE_SUBSCR, span);
            }
            store_capture(p.rest, pc, span);
        } else {
            emit(Opcode::POP_TOP, span);  // the keys
            emit(Opcode::POP_TOP, span);  // the subject
        }
    }

    void pattern_class(const Pattern& p, PatternContext& pc) {
        const SourceSpan& span = p.span;
        int nargs = int(p.patterns.size());
        int nattrs = int(p.kwd_attrs.size());
        for (int i = 0; i < nattrs; ++i) {
            const SourceSpan& at = p.kwd_patterns[size_t(i)]->span;
            forbidden_store(p.kwd_attrs[size_t(i)], at);
            for (int j = i + 1; j < nattrs; ++j)
                if (p.kwd_attrs[size_t(i)] == p.kwd_attrs[size_t(j)])
                    error(p.kwd_patterns[size_t(j)]->span, "attribute name repeated in class pattern: " + p.kwd_attrs[size_t(i)]);
        }
        expr(*p.value);
        std::vector<Constant> names;
        for (const std::string& a : p.kwd_attrs) names.push_back(Constant{a});
        load_const(Constant{std::move(names)}, span);
        emit(Opcode::MATCH_CLASS, nargs, span);
        emit(Opcode::COPY, 1, span);
        load_none(span);
        emit(Opcode::IS_OP, 1, span);
        // the attributes tuple (or None) is on top
        pc.on_top++;
        jump_to_fail_pop(pc, Opcode::POP_JUMP_IF_FALSE, span);
        emit(Opcode::UNPACK_SEQUENCE, nargs + nattrs, span);
        pc.on_top += nargs + nattrs - 1;
        for (int i = 0; i < nargs + nattrs; ++i) {
            pc.on_top--;
            const Pattern& sub = i < nargs ? *p.patterns[size_t(i)] : *p.kwd_patterns[size_t(i - nargs)];
            if (is_wildcard(sub)) {
                emit(Opcode::POP_TOP, span);
                continue;
            }
            subpattern(sub, pc);
        }
    }

    void pattern_or(const Pattern& p, PatternContext& pc) {
        const SourceSpan& span = p.span;
        int end = new_label();
        size_t size = p.patterns.size();
        PatternContext old = pc;
        std::vector<std::string> control;  // the names the first alternative binds, in stack order
        for (size_t i = 0; i < size; ++i) {
            const Pattern& alt = *p.patterns[i];
            pc.stores.clear();
            pc.allow_irrefutable = i == size - 1 && old.allow_irrefutable;
            pc.fail_pop.clear();
            pc.on_top = 0;
            emit(Opcode::COPY, 1, alt.span);
            pattern(alt, pc);
            if (i == 0) {
                control = pc.stores;
            } else if (pc.stores.size() != control.size()) {
                error(span, "alternative patterns bind different names");
            } else if (!pc.stores.empty()) {
                // same names, maybe another order: rotate them into control's order
                for (size_t icontrol = control.size(); icontrol-- > 0;) {
                    auto it = std::find(pc.stores.begin(), pc.stores.end(), control[icontrol]);
                    if (it == pc.stores.end()) error(span, "alternative patterns bind different names");
                    size_t istores = size_t(it - pc.stores.begin());
                    if (icontrol != istores) {
                        size_t rotations = istores + 1;
                        std::vector<std::string> rotated(pc.stores.begin(), pc.stores.begin() + long(rotations));
                        pc.stores.erase(pc.stores.begin(), pc.stores.begin() + long(rotations));
                        pc.stores.insert(pc.stores.begin() + long(icontrol - istores), rotated.begin(), rotated.end());
                        while (rotations--) rotate(int(icontrol) + 1, alt.span);
                    }
                }
            }
            jump(Opcode::JUMP_FORWARD, end, alt.span);
            emit_and_reset_fail_pop(pc, alt.span);
        }
        pc = old;
        // no alternative matched: drop the subject and fail
        emit(Opcode::POP_TOP, span);
        jump_to_fail_pop(pc, Opcode::JUMP_FORWARD, span);
        bind(end);
        int nrots = int(control.size()) + 1 + pc.on_top + int(pc.stores.size());
        for (const std::string& name : control) {
            rotate(nrots, span);
            if (std::find(pc.stores.begin(), pc.stores.end(), name) != pc.stores.end())
                error(span, "multiple assignments to name '" + name + "' in pattern");
            pc.stores.push_back(name);
        }
        emit(Opcode::POP_TOP, span);  // the subject's copy
    }

    void compile_match(const Match& m) {
        expr(*m.subject);
        int end = new_label();
        size_t cases = m.cases.size();
        bool has_default = is_wildcard(*m.cases.back().pattern) && cases > 1;
        PatternContext pc;
        for (size_t i = 0; i < cases - (has_default ? 1 : 0); ++i) {
            const MatchCase& c = m.cases[i];
            const SourceSpan& span = c.pattern->span;
            bool last = i == cases - (has_default ? 1 : 0) - 1;
            // every case but the last works on a copy of the subject
            if (!last) emit(Opcode::COPY, 1, span);
            pc.stores.clear();
            // an irrefutable pattern must be guarded or last
            pc.allow_irrefutable = c.guard != nullptr || i == cases - 1;
            pc.fail_pop.clear();
            pc.on_top = 0;
            pattern(*c.pattern, pc);
            for (const std::string& n : pc.stores) name_op(n, ExprContext::Store, span);
            if (c.guard) {
                ensure_fail_pop(pc, 0);
                expr(*c.guard);
                jump(Opcode::POP_JUMP_IF_FALSE, pc.fail_pop[0], c.guard->span);
            }
            if (!last) emit(Opcode::POP_TOP, span);
            body(c.body);
            jump(Opcode::JUMP_FORWARD, end, c.body.back()->span);
            emit_and_reset_fail_pop(pc, span);
        }
        if (has_default) {
            // a trailing `case _:` needs no copy of the subject
            const MatchCase& c = m.cases.back();
            if (cases == 1) emit(Opcode::POP_TOP, c.pattern->span);
            else emit(Opcode::NOP, c.pattern->span);
            if (c.guard) {
                expr(*c.guard);
                jump(Opcode::POP_JUMP_IF_FALSE, end, c.guard->span);
            }
            body(c.body);
        }
        bind(end);
    }

    void compile_return(const Return& r) {
        // CPython locates this at the returned value, when there is one
        for (const FBlock& fb : u().fblocks)
            if (fb.type == FBType::ExceptGroupHandler) error(r.value ? r.value->span : r.span, kExceptStarExit);
        if (r.value) {
            expr(*r.value);
            unwind_all(true, r.span);
        } else {
            unwind_all(false, r.span);
            load_none(r.span);
        }
        emit(Opcode::RETURN_VALUE, r.span);
    }

    void compile_break_continue(const Stmt& s, bool is_break) {
        // Unwind everything inside the innermost loop (the parser guarantees there is one).
        for (size_t i = u().fblocks.size(); i-- > 0;) {
            FBlock fb = u().fblocks[i];
            if (fb.type == FBType::WhileLoop || fb.type == FBType::ForLoop) {
                if (is_break) {
                    if (fb.type == FBType::ForLoop) emit(Opcode::POP_TOP, s.span);
                    jump(Opcode::JUMP_FORWARD, fb.break_label, s.span);
                } else {
                    jump(Opcode::JUMP_FORWARD, fb.continue_label, s.span);
                }
                return;
            }
            unwind(i, false, s.span);
        }
        error(s.span, is_break ? "'break' outside loop" : "'continue' not properly in loop");
    }

    void unwind_all(bool preserve_tos, const SourceSpan& span) {
        for (size_t i = u().fblocks.size(); i-- > 0;) unwind(i, preserve_tos, span);
    }

    // Emits what leaving fblock i early needs. A finally body is compiled with the blocks from i up
    // removed, so a return inside it unwinds only what encloses the try.
    void unwind(size_t i, bool preserve_tos, const SourceSpan& span) {
        FBlock fb = u().fblocks[i];
        switch (fb.type) {
            case FBType::WhileLoop: break;
            case FBType::PopValue:  // a return value held while a finally body runs
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_TOP, span);
                break;
            case FBType::ForLoop:
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_TOP, span);
                break;
            case FBType::TryExcept: emit(Opcode::POP_BLOCK, span); break;
            case FBType::FinallyTry: {
                emit(Opcode::POP_BLOCK, span);
                std::vector<FBlock> saved(u().fblocks.begin() + i, u().fblocks.end());
                u().fblocks.erase(u().fblocks.begin() + i, u().fblocks.end());
                // break/continue inside this finally body must drop the return value being carried.
                if (preserve_tos) u().fblocks.push_back(FBlock(FBType::PopValue));
                body(*fb.finalbody);
                if (preserve_tos) u().fblocks.pop_back();
                u().fblocks.insert(u().fblocks.end(), saved.begin(), saved.end());
                break;
            }
            case FBType::FinallyEnd:
                emit(Opcode::POP_BLOCK, span);
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_TOP, span);  // the exception
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_EXCEPT, span);
                break;
            case FBType::With:
                emit(Opcode::POP_BLOCK, span);
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                call_exit_with_nones(span);
                break;
            case FBType::ExceptGroupHandler: error(span, kExceptStarExit);
            case FBType::HandlerCleanup:
                if (!fb.name.empty()) emit(Opcode::POP_BLOCK, span);
                emit(Opcode::POP_BLOCK, span);
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_TOP, span);
                if (preserve_tos) emit(Opcode::SWAP, 2, span);
                emit(Opcode::POP_EXCEPT, span);
                if (!fb.name.empty()) clear_name(fb.name, span);
                break;
        }
    }

    // exit -- : calls exit(None, None, None) and drops the result.
    void call_exit_with_nones(const SourceSpan& span) {
        emit(Opcode::PUSH_NULL, span);
        emit(Opcode::SWAP, 2, span);
        load_none(span);
        load_none(span);
        load_none(span);
        emit(Opcode::CALL, 3, span);
        emit(Opcode::POP_TOP, span);
    }

    void clear_name(const std::string& n, const SourceSpan& span) {
        load_none(span);
        name_op(n, ExprContext::Store, span);
        name_op(n, ExprContext::Del, span);
    }

    // CPython's compiler_while: the test once before the loop (false: to the else clause), the body,
    // then the test again at the bottom, whose true outcome jumps back to the body (3.12 assembles
    // that as POP_JUMP_IF_FALSE past a JUMP_BACKWARD). `continue` jumps to the first test. The
    // layout decides where Dynamo sees a loop: a graph break at the first test is outside it (the
    // partial graph is compiled and the rest resumes), one at the bottom test is inside it.
    void compile_while(const While& w) {
        int start = new_label(), body_start = new_label(), orelse = new_label(), end = new_label();
        bind(start);
        expr(*w.test);
        jump(Opcode::POP_JUMP_IF_FALSE, orelse, w.test->span);
        push_fblock({FBType::WhileLoop, start, end}, w.span);
        bind(body_start);
        body(w.body);
        u().fblocks.pop_back();
        expr(*w.test);
        jump(Opcode::POP_JUMP_IF_FALSE, orelse, w.test->span);
        jump(Opcode::JUMP_FORWARD, body_start, w.span);
        bind(orelse);
        body(w.orelse);
        bind(end);
    }

    void compile_for(const For& f) {
        int start = new_label(), cleanup = new_label(), end = new_label();
        expr(*f.iter);
        emit(Opcode::GET_ITER, f.iter->span);
        bind(start);
        jump(Opcode::FOR_ITER, cleanup, f.span);
        store(*f.target);
        push_fblock({FBType::ForLoop, start, end}, f.span);
        body(f.body);
        u().fblocks.pop_back();
        jump(Opcode::JUMP_FORWARD, start, f.span);
        bind(cleanup);
        body(f.orelse);
        bind(end);
    }

    // [SECTION] try/with and the fblock stack

    // On entry to a cleanup handler the stack is (prev_exc, ..., new_exc): restore prev and re-raise.
    void emit_cleanup(int label, int copy, const SourceSpan& span) {
        bind(label);
        emit(Opcode::COPY, copy, span);
        emit(Opcode::POP_EXCEPT, span);
        emit(Opcode::RERAISE, span);
    }

    void compile_try_finally(const Try& t) {
        int final_exc = new_label(), cleanup = new_label(), end = new_label();
        jump(Opcode::SETUP_FINALLY, final_exc, t.span);
        FBlock fb{FBType::FinallyTry};
        fb.finalbody = &t.finalbody;
        push_fblock(fb, t.span);
        if (t.is_star) compile_try_star_except(t);
        else if (!t.handlers.empty()) compile_try_except(t);
        else body(t.body);
        u().fblocks.pop_back();
        const SourceSpan& fspan = t.finalbody[0]->span;
        emit(Opcode::POP_BLOCK, fspan);
        body(t.finalbody);
        jump(Opcode::JUMP_FORWARD, end, fspan);
        bind(final_exc);  // (exc)
        emit(Opcode::PUSH_EXC_INFO, fspan);
        jump(Opcode::SETUP_FINALLY, cleanup, fspan);
        u().fblocks.push_back({FBType::FinallyEnd});
        body(t.finalbody);
        u().fblocks.pop_back();
        emit(Opcode::RERAISE, fspan);  // still inside the cleanup block: it restores prev_exc
        emit_cleanup(cleanup, 3, fspan);
        bind(end);
    }

    // The part except and except* share: the body under SETUP_FINALLY to `handler`, the else
    // clause, the jump to `end` past the handlers; then the handler's entry, which pushes the
    // exception being handled beside the one it replaces: (prev, exc). Returns the first
    // handler's span, where the handling code is located.
    const SourceSpan& compile_try_body(const Try& t, int handler, int end) {
        jump(Opcode::SETUP_FINALLY, handler, t.span);
        push_fblock({FBType::TryExcept}, t.span);
        body(t.body);
        u().fblocks.pop_back();
        emit(Opcode::POP_BLOCK, t.body.back()->span);
        body(t.orelse);
        jump(Opcode::JUMP_FORWARD, end, t.orelse.empty() ? t.body.back()->span : t.orelse.back()->span);
        bind(handler);  // (exc)
        const SourceSpan& hspan = t.handlers[0].span;
        emit(Opcode::PUSH_EXC_INFO, hspan);  // (prev, exc)
        return hspan;
    }

    void compile_try_except(const Try& t) {
        int handler = new_label(), cleanup = new_label(), end = new_label();
        const SourceSpan& hspan = compile_try_body(t, handler, end);
        jump(Opcode::SETUP_FINALLY, cleanup, hspan);
        for (size_t k = 0; k < t.handlers.size(); ++k) {
            const ExceptHandler& h = t.handlers[k];
            if (!h.type && k + 1 < t.handlers.size()) error(h.span, "default 'except:' must be last");
            int next = new_label();
            if (h.type) {
                expr(*h.type);
                emit(Opcode::CHECK_EXC_MATCH, h.type->span);
                jump(Opcode::POP_JUMP_IF_FALSE, next, h.type->span);
            }
            FBlock fb{FBType::HandlerCleanup};
            fb.name = h.name;
            if (!h.name.empty()) {
                int name_cleanup = new_label();
                emit(Opcode::COPY, 1, h.span);
                name_op(h.name, ExprContext::Store, h.span);
                jump(Opcode::SETUP_FINALLY, name_cleanup, h.span);
                u().fblocks.push_back(fb);
                body(h.body);
                u().fblocks.pop_back();
                SourceSpan last = h.body.back()->span;
                emit(Opcode::POP_BLOCK, last);
                emit(Opcode::POP_BLOCK, last);
                emit(Opcode::POP_TOP, last);
                emit(Opcode::POP_EXCEPT, last);
                clear_name(h.name, last);
                jump(Opcode::JUMP_FORWARD, end, last);
                bind(name_cleanup);  // (prev, exc, exc2): the name is unbound even when the body raises
                clear_name(h.name, h.span);
                emit(Opcode::RERAISE, h.span);
            } else {
                u().fblocks.push_back(fb);
                body(h.body);
                u().fblocks.pop_back();
                SourceSpan last = h.body.back()->span;
                emit(Opcode::POP_BLOCK, last);
                emit(Opcode::POP_TOP, last);
                emit(Opcode::POP_EXCEPT, last);
                jump(Opcode::JUMP_FORWARD, end, last);
            }
            bind(next);
        }
        emit(Opcode::RERAISE, hspan);  // no handler matched: (prev, exc), inside the cleanup block
        emit_cleanup(cleanup, 3, hspan);
        bind(end);
    }

    // try-except* (PEP 654; CPython 3.12's compiler_try_star_except). While the clauses run the stack
    // holds (prev_exc, orig, raised, rest): the caught exception, the list of what the clauses raised
    // (and, at the end, what no clause matched), and the part not matched so far. Each clause takes
    // its part with CHECK_EG_MATCH; an exception leaving a clause's body joins the list and the next
    // clause runs; PREP_RERAISE_STAR then says what leaves the statement. break, continue and
    // return can't leave a clause (the ExceptGroupHandler fblock refuses them).
    void compile_try_star_except(const Try& t) {
        int handler = new_label(), cleanup = new_label(), end = new_label(), reraise = new_label();
        const SourceSpan& hspan = compile_try_body(t, handler, end);  // (prev, orig)
        jump(Opcode::SETUP_FINALLY, cleanup, hspan);
        push_fblock({FBType::ExceptGroupHandler}, hspan);
        emit(Opcode::BUILD_LIST, 0, hspan);  // (prev, orig, raised)
        emit(Opcode::COPY, 2, hspan);        // (prev, orig, raised, rest)
        for (const ExceptHandler& h : t.handlers) {
            int next = new_label(), no_match = new_label(), body_error = new_label();
            expr(*h.type);  // the parser guarantees one
            emit(Opcode::CHECK_EG_MATCH, h.type->span);  // (..., rest, match)
            emit(Opcode::COPY, 1, h.type->span);
            jump(Opcode::POP_JUMP_IF_NONE, no_match, h.type->span);
            if (!h.name.empty()) name_op(h.name, ExprContext::Store, h.span);
            else emit(Opcode::POP_TOP, h.span);
            jump(Opcode::SETUP_FINALLY, body_error, h.span);
            body(h.body);
            SourceSpan last = h.body.back()->span;
            emit(Opcode::POP_BLOCK, last);
            if (!h.name.empty()) clear_name(h.name, last);
            jump(Opcode::JUMP_FORWARD, next, last);
            bind(body_error);  // (..., rest, raised_exc): the name is unbound even when the body raises
            if (!h.name.empty()) clear_name(h.name, h.span);
            emit(Opcode::LIST_APPEND, 2, h.span);
            jump(Opcode::JUMP_FORWARD, next, h.span);
            bind(no_match);  // (..., rest, None)
            emit(Opcode::POP_TOP, h.span);
            bind(next);
        }
        u().fblocks.pop_back();
        emit(Opcode::LIST_APPEND, 1, hspan);      // the unmatched rest joins the list: (prev, orig, raised)
        emit(Opcode::PREP_RERAISE_STAR, hspan);  // (prev, exc or None)
        emit(Opcode::COPY, 1, hspan);
        jump(Opcode::POP_JUMP_IF_NOT_NONE, reraise, hspan);
        emit(Opcode::POP_TOP, hspan);
        emit(Opcode::POP_BLOCK, hspan);
        emit(Opcode::POP_EXCEPT, hspan);
        jump(Opcode::JUMP_FORWARD, end, hspan);
        bind(reraise);  // (prev, exc)
        emit(Opcode::POP_BLOCK, hspan);
        emit(Opcode::SWAP, 2, hspan);
        emit(Opcode::POP_EXCEPT, hspan);
        emit(Opcode::RERAISE, hspan);
        emit_cleanup(cleanup, 3, hspan);
        bind(end);
    }

    void compile_with(const With& w, size_t i) {
        const WithItem& item = w.items[i];
        const SourceSpan& span = item.context_expr->span;
        int handler = new_label(), suppress = new_label(), cleanup = new_label(), end = new_label();
        expr(*item.context_expr);
        emit(Opcode::BEFORE_WITH, span);  // (exit, value)
        if (item.optional_vars) store(*item.optional_vars);
        else emit(Opcode::POP_TOP, span);
        jump(Opcode::SETUP_FINALLY, handler, span);  // (exit)
        push_fblock({FBType::With}, span);
        if (i + 1 < w.items.size()) compile_with(w, i + 1);
        else body(w.body);
        u().fblocks.pop_back();
        emit(Opcode::POP_BLOCK, w.span);
        call_exit_with_nones(w.span);
        jump(Opcode::JUMP_FORWARD, end, w.span);
        bind(handler);  // (exit, exc)
        emit(Opcode::PUSH_EXC_INFO, w.span);  // (exit, prev, exc)
        jump(Opcode::SETUP_FINALLY, cleanup, w.span);
        emit(Opcode::WITH_EXCEPT_START, w.span);
        jump(Opcode::POP_JUMP_IF_TRUE, suppress, w.span);
        emit(Opcode::RERAISE, w.span);
        bind(suppress);  // __exit__ returned true: the exception is swallowed
        emit(Opcode::POP_BLOCK, w.span);
        emit(Opcode::POP_TOP, w.span);
        emit(Opcode::POP_EXCEPT, w.span);
        emit(Opcode::POP_TOP, w.span);
        jump(Opcode::JUMP_FORWARD, end, w.span);
        emit_cleanup(cleanup, 3, w.span);
        bind(end);
    }

    void compile_aug_assign(const AugAssign& a) {
        int op = binop_arg(a.op) + NB_INPLACE_ADD;
        const Expr& t = *a.target;
        if (t.kind == ExprKind::Name) {
            name_op(cast<Name>(t).id, ExprContext::Load, t.span);
            expr(*a.value);
            emit(Opcode::BINARY_OP, op, a.span);
            name_op(cast<Name>(t).id, ExprContext::Store, t.span);
        } else if (t.kind == ExprKind::Attribute) {
            const auto& at = cast<Attribute>(t);
            expr(*at.value);
            emit(Opcode::COPY, 1, t.span);
            emit(Opcode::LOAD_ATTR, name_index(at.attr), t.span);
            expr(*a.value);
            emit(Opcode::BINARY_OP, op, a.span);
            emit(Opcode::SWAP, 2, t.span);
            emit(Opcode::STORE_ATTR, name_index(at.attr), t.span);
        } else if (t.kind == ExprKind::Subscript) {
            const auto& s = cast<Subscript>(t);
            expr(*s.value);
            expr(*s.slice);
            emit(Opcode::COPY, 2, t.span);
            emit(Opcode::COPY, 2, t.span);
            emit(Opcode::BINARY_SUBSCR, t.span);
            expr(*a.value);
            emit(Opcode::BINARY_OP, op, a.span);
            emit(Opcode::SWAP, 3, t.span);
            emit(Opcode::SWAP, 2, t.span);
            emit(Opcode::STORE_SUBSCR, t.span);
        } else {
            error(t.span, "'" + std::string(expr_kind_name(t.kind)) + "' is an illegal expression for augmented assignment");
        }
    }

    void store(const Expr& t) {
        switch (t.kind) {
            case ExprKind::Name: name_op(cast<Name>(t).id, ExprContext::Store, t.span); break;
            case ExprKind::Attribute:
                expr(*cast<Attribute>(t).value);
                emit(Opcode::STORE_ATTR, name_index(cast<Attribute>(t).attr), t.span);
                break;
            case ExprKind::Subscript:
                expr(*cast<Subscript>(t).value);
                expr(*cast<Subscript>(t).slice);
                emit(Opcode::STORE_SUBSCR, t.span);
                break;
            case ExprKind::Tuple:
            case ExprKind::List: {
                const ExprList& elts = t.kind == ExprKind::Tuple ? cast<Tuple>(t).elts : cast<List>(t).elts;
                int star = -1;
                for (size_t i = 0; i < elts.size(); ++i)
                    if (elts[i]->kind == ExprKind::Starred) {
                        if (star >= 0) error(elts[i]->span, "multiple starred expressions in assignment");
                        star = static_cast<int>(i);
                    }
                if (star >= 0) {
                    int after = static_cast<int>(elts.size()) - star - 1;
                    if (star > 255 || after > 255) error(t.span, "too many expressions in star-unpacking assignment");
                    emit(Opcode::UNPACK_EX, star | after << 8, t.span);
                } else {
                    emit(Opcode::UNPACK_SEQUENCE, static_cast<int>(elts.size()), t.span);
                }
                for (const auto& e : elts) store(e->kind == ExprKind::Starred ? *cast<Starred>(*e).value : *e);
                break;
            }
            case ExprKind::Starred: error(t.span, "starred assignment target must be in a list or tuple");
            default: error(t.span, std::string("cannot assign to ") + expr_kind_name(t.kind));
        }
    }

    void del(const Expr& t) {
        switch (t.kind) {
            case ExprKind::Name: name_op(cast<Name>(t).id, ExprContext::Del, t.span); break;
            case ExprKind::Attribute:
                expr(*cast<Attribute>(t).value);
                emit(Opcode::DELETE_ATTR, name_index(cast<Attribute>(t).attr), t.span);
                break;
            case ExprKind::Subscript:
                expr(*cast<Subscript>(t).value);
                expr(*cast<Subscript>(t).slice);
                emit(Opcode::DELETE_SUBSCR, t.span);
                break;
            case ExprKind::Tuple: for (const auto& e : cast<Tuple>(t).elts) del(*e); break;
            case ExprKind::List: for (const auto& e : cast<List>(t).elts) del(*e); break;
            default: error(t.span, std::string("cannot delete ") + expr_kind_name(t.kind));
        }
    }

    // [SECTION] Expressions

    static int binop_arg(BinOpKind op) {
        switch (op) {
            case BinOpKind::Add: return NB_ADD;
            case BinOpKind::Sub: return NB_SUBTRACT;
            case BinOpKind::Mult: return NB_MULTIPLY;
            case BinOpKind::MatMult: return NB_MATRIX_MULTIPLY;
            case BinOpKind::Div: return NB_TRUE_DIVIDE;
            case BinOpKind::Mod: return NB_REMAINDER;
            case BinOpKind::Pow: return NB_POWER;
            case BinOpKind::LShift: return NB_LSHIFT;
            case BinOpKind::RShift: return NB_RSHIFT;
            case BinOpKind::BitOr: return NB_OR;
            case BinOpKind::BitXor: return NB_XOR;
            case BinOpKind::BitAnd: return NB_AND;
            case BinOpKind::FloorDiv: return NB_FLOOR_DIVIDE;
        }
        return NB_ADD;
    }

    void compare_op(CmpOpKind op, const SourceSpan& span) {
        switch (op) {
            case CmpOpKind::Eq: emit(Opcode::COMPARE_OP, CMP_EQ, span); break;
            case CmpOpKind::NotEq: emit(Opcode::COMPARE_OP, CMP_NE, span); break;
            case CmpOpKind::Lt: emit(Opcode::COMPARE_OP, CMP_LT, span); break;
            case CmpOpKind::LtE: emit(Opcode::COMPARE_OP, CMP_LE, span); break;
            case CmpOpKind::Gt: emit(Opcode::COMPARE_OP, CMP_GT, span); break;
            case CmpOpKind::GtE: emit(Opcode::COMPARE_OP, CMP_GE, span); break;
            case CmpOpKind::Is: emit(Opcode::IS_OP, 0, span); break;
            case CmpOpKind::IsNot: emit(Opcode::IS_OP, 1, span); break;
            case CmpOpKind::In: emit(Opcode::CONTAINS_OP, 0, span); break;
            case CmpOpKind::NotIn: emit(Opcode::CONTAINS_OP, 1, span); break;
        }
    }

    // Constant folding of literals, -literal and tuples of constants, as CPython's AST optimizer.
    static bool const_value(const Expr& e, Constant& out) {
        if (e.kind == ExprKind::Constant) {
            const auto& c = cast<lang::Constant>(e);
            switch (c.value_kind) {
                case ConstantKind::None: out = Constant{}; return true;
                case ConstantKind::True: out = Constant{true}; return true;
                case ConstantKind::False: out = Constant{false}; return true;
                case ConstantKind::Int:
                    if (!c.str_value.empty()) out = Constant{BigIntConst{int(c.int_value), c.str_value, false}};
                    else out = Constant{c.int_value};
                    return true;
                case ConstantKind::Float: out = Constant{c.float_value}; return true;
                case ConstantKind::Str: out = Constant{c.str_value}; return true;
                case ConstantKind::Bytes: out = Constant{BytesConst{c.str_value}}; return true;
                case ConstantKind::Ellipsis: out = Constant{EllipsisConst{}}; return true;
                case ConstantKind::Complex: out = Constant{ComplexConst{0.0, c.float_value}}; return true;
            }
        }
        if (e.kind == ExprKind::UnaryOp && cast<UnaryOp>(e).op == UnaryOpKind::USub &&
            cast<UnaryOp>(e).operand->kind == ExprKind::Constant) {
            const auto& c = cast<lang::Constant>(*cast<UnaryOp>(e).operand);
            if (c.value_kind == ConstantKind::Int && !c.str_value.empty()) {
                out = Constant{BigIntConst{int(c.int_value), c.str_value, true}};
                return true;
            }
            if (c.value_kind == ConstantKind::Int) { out = Constant{-c.int_value}; return true; }
            if (c.value_kind == ConstantKind::Float) { out = Constant{-c.float_value}; return true; }
            if (c.value_kind == ConstantKind::Complex) { out = Constant{ComplexConst{-0.0, -c.float_value}}; return true; }
        }
        if (e.kind == ExprKind::Tuple && cast<Tuple>(e).ctx == ExprContext::Load) {
            std::vector<Constant> items;
            for (const auto& x : cast<Tuple>(e).elts) {
                Constant c;
                if (!const_value(*x, c)) return false;
                items.push_back(std::move(c));
            }
            out = Constant{std::move(items)};
            return true;
        }
        return false;
    }

    static bool has_starred(const ExprList& elts) {
        for (const auto& e : elts)
            if (e->kind == ExprKind::Starred) return true;
        return false;
    }

    // Pushes a list of elts, expanding *items (BUILD_LIST 0 + LIST_APPEND/LIST_EXTEND when starred).
    void build_list(const ExprList& elts, const SourceSpan& span) {
        if (!has_starred(elts)) {
            for (const auto& e : elts) expr(*e);
            emit(Opcode::BUILD_LIST, static_cast<int>(elts.size()), span);
            return;
        }
        emit(Opcode::BUILD_LIST, 0, span);
        for (const auto& e : elts) {
            if (e->kind == ExprKind::Starred) {
                expr(*cast<Starred>(*e).value);
                emit(Opcode::LIST_EXTEND, 1, e->span);
            } else {
                expr(*e);
                emit(Opcode::LIST_APPEND, 1, e->span);
            }
        }
    }

    // A set display, as CPython 3.11's starunpack_helper: more than two constants fold into a
    // frozenset constant (BUILD_SET 0; LOAD_CONST; SET_UPDATE 1); otherwise BUILD_SET n, or, with
    // *items or more than 30 items, BUILD_SET then SET_ADD / SET_UPDATE per item.
    void build_set(const ExprList& elts, const SourceSpan& span) {
        const size_t n = elts.size();
        if (n > 2) {
            FrozenSetConst folded;
            bool all = true;
            for (const auto& e : elts) {
                Constant c;
                if (e->kind == ExprKind::Starred || !const_value(*e, c)) {
                    all = false;
                    break;
                }
                folded.items.push_back(std::move(c));
            }
            if (all) {
                emit(Opcode::BUILD_SET, 0, span);
                load_const(Constant{std::move(folded)}, span);
                emit(Opcode::SET_UPDATE, 1, span);
                return;
            }
        }
        const bool big = n > 30;
        if (!has_starred(elts) && !big) {
            for (const auto& e : elts) expr(*e);
            emit(Opcode::BUILD_SET, static_cast<int>(n), span);
            return;
        }
        bool built = false;
        if (big) {
            emit(Opcode::BUILD_SET, 0, span);
            built = true;
        }
        for (size_t i = 0; i < n; ++i) {
            const Expr& e = *elts[i];
            if (e.kind == ExprKind::Starred) {
                if (!built) {
                    emit(Opcode::BUILD_SET, static_cast<int>(i), span);
                    built = true;
                }
                expr(*cast<Starred>(e).value);
                emit(Opcode::SET_UPDATE, 1, e.span);
            } else {
                expr(e);
                if (built) emit(Opcode::SET_ADD, 1, e.span);
            }
        }
    }

    void compile_call(const Call& c) {
        bool ex = has_starred(c.args);
        for (const auto& k : c.keywords)
            if (k.arg.empty()) ex = true;
        if (!ex && c.func->kind == ExprKind::Attribute) {
            const auto& a = cast<Attribute>(*c.func);
            expr(*a.value);
            emit(Opcode::LOAD_METHOD, name_index(a.attr), c.func->span);
        } else if (c.func->kind == ExprKind::Name && loads_global(cast<Name>(*c.func).id)) {
            name_op(cast<Name>(*c.func).id, ExprContext::Load, c.func->span, true);
        } else {
            emit(Opcode::PUSH_NULL, c.func->span);
            expr(*c.func);
        }
        if (ex) {
            if (c.args.size() == 1 && c.args[0]->kind == ExprKind::Starred) {
                // f(*xs) passes xs itself (CPython's compiler_call_helper): CALL_FUNCTION_EX checks
                // it is iterable and names the callee ("f() argument after * must be an iterable").
                expr(*cast<Starred>(*c.args[0]).value);
            } else if (has_starred(c.args)) {
                build_list(c.args, c.span);
                emit(Opcode::LIST_TO_TUPLE, c.span);
            } else {
                for (const auto& a : c.args) expr(*a);
                emit(Opcode::BUILD_TUPLE, static_cast<int>(c.args.size()), c.span);
            }
            if (!c.keywords.empty()) {
                // As CPython: each run of named keywords becomes a dict (the first one is the call's
                // dict), later runs and ** arguments are merged with DICT_MERGE, which reports a name
                // given twice (f(**d, x=1) with x in d).
                bool have_dict = false;
                for (size_t i = 0; i < c.keywords.size();) {
                    const auto& k = c.keywords[i];
                    if (k.arg.empty()) {
                        if (!have_dict) emit(Opcode::BUILD_MAP, 0, c.span);
                        have_dict = true;
                        expr(*k.value);
                        emit(Opcode::DICT_MERGE, 1, k.span);
                        ++i;
                        continue;
                    }
                    int n = 0;
                    for (; i < c.keywords.size() && !c.keywords[i].arg.empty(); ++i, ++n) {
                        load_const(Constant{c.keywords[i].arg}, c.keywords[i].span);
                        expr(*c.keywords[i].value);
                    }
                    emit(Opcode::BUILD_MAP, n, k.span);
                    if (have_dict) emit(Opcode::DICT_MERGE, 1, k.span);
                    have_dict = true;
                }
            }
            emit(Opcode::CALL_FUNCTION_EX, c.keywords.empty() ? 0 : 1, c.span);
            return;
        }
        for (const auto& a : c.args) expr(*a);
        for (const auto& k : c.keywords) expr(*k.value);
        if (!c.keywords.empty()) {
            std::vector<Constant> names;
            for (const auto& k : c.keywords) names.push_back(Constant{k.arg});
            emit(Opcode::KW_NAMES, add_const(Constant{names}), c.span);
        }
        emit(Opcode::CALL, static_cast<int>(c.args.size() + c.keywords.size()), c.span);
    }

    void compile_joined_str(const JoinedStr& j) {
        if (j.values.empty()) {
            load_const(Constant{std::string()}, j.span);
            return;
        }
        for (const auto& v : j.values) {
            if (v->kind == ExprKind::FormattedValue) {
                const auto& f = cast<FormattedValue>(*v);
                expr(*f.value);
                int flags = f.conversion == 's' ? FVC_STR : f.conversion == 'r' ? FVC_REPR : f.conversion == 'a' ? FVC_ASCII : FVC_NONE;
                if (f.format_spec) {
                    expr(*f.format_spec);
                    flags |= FVS_HAVE_SPEC;
                }
                emit(Opcode::FORMAT_VALUE, flags, v->span);
            } else {
                expr(*v);
            }
        }
        if (j.values.size() > 1) emit(Opcode::BUILD_STRING, static_cast<int>(j.values.size()), j.span);
    }

    void expr(const Expr& e) {
        Constant folded;
        if (const_value(e, folded)) {
            load_const(std::move(folded), e.span);
            return;
        }
        switch (e.kind) {
            case ExprKind::BoolOp: {
                const auto& b = cast<BoolOp>(e);
                int end = new_label();
                Opcode op = b.op == BoolOpKind::And ? Opcode::JUMP_IF_FALSE_OR_POP : Opcode::JUMP_IF_TRUE_OR_POP;
                for (size_t i = 0; i < b.values.size(); ++i) {
                    expr(*b.values[i]);
                    if (i + 1 < b.values.size()) jump(op, end, b.values[i]->span);
                }
                bind(end);
                break;
            }
            case ExprKind::BinOp: {
                const auto& b = cast<BinOp>(e);
                expr(*b.left);
                expr(*b.right);
                emit(Opcode::BINARY_OP, binop_arg(b.op), e.span);
                break;
            }
            case ExprKind::UnaryOp: {
                const auto& un = cast<UnaryOp>(e);
                expr(*un.operand);
                Opcode op = un.op == UnaryOpKind::Not ? Opcode::UNARY_NOT : un.op == UnaryOpKind::USub ? Opcode::UNARY_NEGATIVE
                          : un.op == UnaryOpKind::UAdd ? Opcode::UNARY_POSITIVE : Opcode::UNARY_INVERT;
                emit(op, e.span);
                break;
            }
            case ExprKind::Lambda: compile_lambda(cast<Lambda>(e)); break;
            case ExprKind::Yield: {
                // The value sent by the resumer is the expression's value (CPython 3.11: RESUME 1).
                const auto& y = cast<Yield>(e);
                if (y.value) expr(*y.value);
                else load_none(e.span);
                emit(Opcode::YIELD_VALUE, e.span);
                emit(Opcode::RESUME, 1, e.span);
                break;
            }
            case ExprKind::YieldFrom: {
                // CPython 3.11's loop: SEND passes each sent value to the sub-iterator and yields what it
                // yields; when it returns, SEND jumps out with its return value. RESUME 2 marks the
                // yield as delegating (the VM forwards throw()/close() to the sub-iterator there).
                expr(*cast<YieldFrom>(e).value);
                emit(Opcode::GET_YIELD_FROM_ITER, e.span);
                load_none(e.span);
                int send = new_label(), exit = new_label();
                bind(send);
                jump(Opcode::SEND, exit, e.span);
                emit(Opcode::YIELD_VALUE, e.span);
                emit(Opcode::RESUME, 2, e.span);
                jump(Opcode::JUMP_FORWARD, send, e.span);
                bind(exit);
                break;
            }
            case ExprKind::NamedExpr: {
                const auto& n = cast<NamedExpr>(e);
                expr(*n.value);
                emit(Opcode::COPY, 1, e.span);
                name_op(cast<Name>(*n.target).id, ExprContext::Store, n.target->span);
                break;
            }
            case ExprKind::IfExp: {
                const auto& i = cast<IfExp>(e);
                int orelse = new_label(), end = new_label();
                expr(*i.test);
                jump(Opcode::POP_JUMP_IF_FALSE, orelse, i.test->span);
                expr(*i.body);
                jump(Opcode::JUMP_FORWARD, end, i.body->span);
                bind(orelse);
                expr(*i.orelse);
                bind(end);
                break;
            }
            case ExprKind::Dict: {
                const auto& d = cast<Dict>(e);
                bool unpack = false;
                for (const auto& k : d.keys)
                    if (!k) unpack = true;
                if (!unpack) {
                    for (size_t i = 0; i < d.keys.size(); ++i) {
                        expr(*d.keys[i]);
                        expr(*d.values[i]);
                    }
                    emit(Opcode::BUILD_MAP, static_cast<int>(d.keys.size()), e.span);
                    break;
                }
                emit(Opcode::BUILD_MAP, 0, e.span);
                for (size_t i = 0; i < d.keys.size(); ++i) {
                    if (d.keys[i]) {
                        expr(*d.keys[i]);
                        expr(*d.values[i]);
                        emit(Opcode::MAP_ADD, 1, d.values[i]->span);
                    } else {
                        expr(*d.values[i]);
                        emit(Opcode::DICT_UPDATE, 1, d.values[i]->span);
                    }
                }
                break;
            }
            case ExprKind::Set: build_set(cast<Set>(e).elts, e.span); break;
            case ExprKind::SetComp: compile_comprehension(e, cast<SetComp>(e).generators, cast<SetComp>(e).elt.get(), nullptr); break;
            case ExprKind::ListComp: compile_comprehension(e, cast<ListComp>(e).generators, cast<ListComp>(e).elt.get(), nullptr); break;
            case ExprKind::DictComp: compile_comprehension(e, cast<DictComp>(e).generators, cast<DictComp>(e).key.get(), cast<DictComp>(e).value.get()); break;
            case ExprKind::GeneratorExp: compile_comprehension(e, cast<GeneratorExp>(e).generators, cast<GeneratorExp>(e).elt.get(), nullptr); break;
            case ExprKind::Compare: {
                const auto& c = cast<Compare>(e);
                expr(*c.left);
                if (c.ops.size() == 1) {
                    expr(*c.comparators[0]);
                    compare_op(c.ops[0], e.span);
                    break;
                }
                // a < b < c: keep b for the next comparison; stop at the first false one.
                int cleanup = new_label(), end = new_label();
                for (size_t i = 0; i + 1 < c.ops.size(); ++i) {
                    expr(*c.comparators[i]);
                    emit(Opcode::SWAP, 2, e.span);
                    emit(Opcode::COPY, 2, e.span);
                    compare_op(c.ops[i], e.span);
                    jump(Opcode::JUMP_IF_FALSE_OR_POP, cleanup, e.span);
                }
                expr(*c.comparators.back());
                compare_op(c.ops.back(), e.span);
                jump(Opcode::JUMP_FORWARD, end, e.span);
                bind(cleanup);
                emit(Opcode::SWAP, 2, e.span);
                emit(Opcode::POP_TOP, e.span);
                bind(end);
                break;
            }
            case ExprKind::Call: compile_call(cast<Call>(e)); break;
            case ExprKind::FormattedValue:
                KILN_FAIL(RuntimeError, "internal compiler error: FormattedValue outside JoinedStr");
            case ExprKind::JoinedStr: compile_joined_str(cast<JoinedStr>(e)); break;
            case ExprKind::Constant: break;  // folded above
            case ExprKind::Attribute:
                expr(*cast<Attribute>(e).value);
                emit(Opcode::LOAD_ATTR, name_index(cast<Attribute>(e).attr), e.span);
                break;
            case ExprKind::Subscript:
                expr(*cast<Subscript>(e).value);
                expr(*cast<Subscript>(e).slice);
                emit(Opcode::BINARY_SUBSCR, e.span);
                break;
            case ExprKind::Starred: error(e.span, "can't use starred expression here");
            case ExprKind::Name: name_op(cast<Name>(e).id, ExprContext::Load, e.span); break;
            case ExprKind::List: build_list(cast<List>(e).elts, e.span); break;
            case ExprKind::Tuple: {
                const auto& t = cast<Tuple>(e);
                if (has_starred(t.elts)) {
                    build_list(t.elts, e.span);
                    emit(Opcode::LIST_TO_TUPLE, e.span);
                } else {
                    for (const auto& x : t.elts) expr(*x);
                    emit(Opcode::BUILD_TUPLE, static_cast<int>(t.elts.size()), e.span);
                }
                break;
            }
            case ExprKind::Slice: {
                const auto& s = cast<Slice>(e);
                if (s.lower) expr(*s.lower); else load_none(e.span);
                if (s.upper) expr(*s.upper); else load_none(e.span);
                if (s.step) expr(*s.step);
                emit(Opcode::BUILD_SLICE, s.step ? 3 : 2, e.span);
                break;
            }
        }
    }
};

}  // namespace

std::shared_ptr<const CodeObject> compile_module(const Module& module, const std::string& filename) {
    return Compiler(filename).module(module);
}

}  // namespace kiln::bytecode
