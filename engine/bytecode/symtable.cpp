// Scope analysis (see symtable.h): pass 1 records bindings and uses per scope; pass 2 resolves.
#include "bytecode/symtable.h"

#include <algorithm>

namespace kiln::bytecode {

using namespace kiln::lang;

const char* sym_scope_name(SymScope s) {
    switch (s) {
        case SymScope::Local: return "local";
        case SymScope::GlobalExplicit: return "global_explicit";
        case SymScope::GlobalImplicit: return "global_implicit";
        case SymScope::Free: return "free";
        case SymScope::Cell: return "cell";
    }
    return "?";
}

SymScope Scope::scope_of(const std::string& n) const {
    auto it = scopes.find(n);
    return it == scopes.end() ? SymScope::GlobalImplicit : it->second;
}

std::string mangle(const Scope* scope, const std::string& name) {
    if (name.size() < 3 || name[0] != '_' || name[1] != '_') return name;
    if (name.compare(name.size() - 2, 2, "__") == 0 || name.find('.') != std::string::npos) return name;
    while (scope && scope->kind != ScopeKind::Class) scope = scope->parent;
    if (!scope) return name;
    size_t start = scope->name.find_first_not_of('_');
    if (start == std::string::npos) return name;
    return "_" + scope->name.substr(start) + name;
}

Scope* SymbolTable::scope_for(const void* node) const {
    auto it = by_node.find(node);
    return it == by_node.end() ? nullptr : it->second;
}

namespace {

class Builder {
public:
    Builder(SymbolTable& t, const std::string& filename) : table_(t), filename_(filename) {}

    void run(const Module& m) {
        table_.top = std::make_unique<Scope>();
        cur_ = table_.top.get();
        cur_->name = "<module>";
        cur_->node = &m;
        table_.by_node[&m] = cur_;
        for (const auto& s : m.body) stmt(*s);
        analyze(cur_, {});
    }

private:
    SymbolTable& table_;
    std::string filename_;
    // comprehension iterables being visited: CPython 3.12 refuses a `:=` anywhere inside one, in
    // nested lambdas and comprehensions too
    int comp_iter_ = 0;
    Scope* cur_ = nullptr;
    std::map<Scope*, std::map<std::string, SourcePos>> decl_pos_;

    void add(const std::string& raw, int flag) {
        const std::string name = mangle(cur_, raw);
        auto it = cur_->flags.find(name);
        if (it == cur_->flags.end()) {
            cur_->order.push_back(name);
            cur_->flags[name] = flag;
        } else {
            it->second |= flag;
        }
    }

    Scope* enter(ScopeKind kind, const std::string& name, const void* node, int lineno) {
        auto s = std::make_unique<Scope>();
        s->kind = kind;
        s->name = name;
        s->node = node;
        s->parent = cur_;
        s->lineno = lineno;
        // what a generic definition's annotation scope holds is named as if the scope were not
        // there (CPython's compiler_set_qualname): `def f[T]` in class A is A.f
        const Scope* q = cur_->annotation_scope && cur_->parent ? cur_->parent : cur_;
        if (q->kind == ScopeKind::Module) s->qualname = name;
        else if (q->kind == ScopeKind::Class) s->qualname = q->qualname + "." + name;
        else s->qualname = q->qualname + ".<locals>." + name;
        Scope* raw = s.get();
        cur_->children.push_back(std::move(s));
        table_.by_node[node] = raw;
        cur_ = raw;
        return raw;
    }

    void param(const std::string& name) {
        add(name, DEF_PARAM);
        cur_->params.push_back(mangle(cur_, name));
    }

    void arguments(const Arguments& a) {
        for (const auto& x : a.args) param(x.name);
        for (const auto& x : a.kwonlyargs) param(x.name);
        if (a.vararg) param(a.vararg->name);
        if (a.kwarg) param(a.kwarg->name);
    }

    void defaults(const Arguments& a) {
        for (const auto& d : a.defaults) expr(*d);
        for (const auto& d : a.kw_defaults)
            if (d) expr(*d);
    }

    // Parameter and return annotations are evaluated where the def runs (the enclosing scope).
    void annotations(const Arguments& a, const Expr* returns) {
        auto one = [&](const Expr* e) {
            if (e) expr(*e);
        };
        for (const auto& x : a.args) one(x.annotation.get());
        if (a.vararg) one(a.vararg->annotation.get());
        for (const auto& x : a.kwonlyargs) one(x.annotation.get());
        if (a.kwarg) one(a.kwarg->annotation.get());
        one(returns);
    }

    void body(const StmtList& b) {
        for (const auto& s : b) stmt(*s);
    }

    void declare(const std::vector<std::string>& names, bool is_global, const SourceSpan& span) {
        const char* what = is_global ? "global" : "nonlocal";
        for (const auto& raw : names) {
            const std::string n = mangle(cur_, raw);
            auto it = cur_->flags.find(n);
            int f = it == cur_->flags.end() ? 0 : it->second;
            if (f & DEF_PARAM) throw_syntax_error(filename_, span.start(), "name '" + raw + "' is parameter and " + what);
            if (f & USE) throw_syntax_error(filename_, span.start(), "name '" + raw + "' is used prior to " + what + " declaration");
            if (f & DEF_LOCAL) throw_syntax_error(filename_, span.start(), "name '" + raw + "' is assigned to before " + what + " declaration");
            if (is_global && (f & DEF_NONLOCAL)) throw_syntax_error(filename_, span.start(), "name '" + raw + "' is nonlocal and global");
            if (!is_global && (f & DEF_GLOBAL)) throw_syntax_error(filename_, span.start(), "name '" + raw + "' is nonlocal and global");
            add(n, is_global ? DEF_GLOBAL : DEF_NONLOCAL);
            decl_pos_[cur_][n] = span.start();
        }
    }

    void stmt(const Stmt& s) {
        switch (s.kind) {
            case StmtKind::FunctionDef: {
                const auto& f = cast<FunctionDef>(s);
                for (const auto& d : f.decorator_list) expr(*d);
                defaults(f.args);
                annotations(f.args, f.returns.get());
                add(f.generic_of.empty() ? f.name : f.generic_of, DEF_LOCAL);
                Scope* saved = cur_;
                enter(ScopeKind::Function, f.name, &f, f.span.line)->annotation_scope = !f.generic_of.empty();
                arguments(f.args);
                body(f.body);
                cur_ = saved;
                break;
            }
            case StmtKind::ClassDef: {
                const auto& c = cast<ClassDef>(s);
                for (const auto& d : c.decorator_list) expr(*d);
                for (const auto& b : c.bases) expr(*b);
                for (const auto& k : c.keywords) expr(*k.value);
                add(c.name, DEF_LOCAL);
                Scope* saved = cur_;
                enter(ScopeKind::Class, c.name, &c, c.span.line);
                body(c.body);
                cur_ = saved;
                break;
            }
            case StmtKind::Return: if (cast<Return>(s).value) expr(*cast<Return>(s).value); break;
            case StmtKind::Delete: for (const auto& t : cast<Delete>(s).targets) expr(*t); break;
            case StmtKind::Assign: {
                const auto& a = cast<Assign>(s);
                expr(*a.value);
                for (const auto& t : a.targets) expr(*t);
                break;
            }
            case StmtKind::AugAssign: {
                const auto& a = cast<AugAssign>(s);
                expr(*a.value);
                if (a.target->kind == ExprKind::Name) add(cast<Name>(*a.target).id, DEF_LOCAL | USE);
                else expr(*a.target);
                break;
            }
            case StmtKind::AnnAssign: {
                const auto& a = cast<AnnAssign>(s);
                if (a.value) expr(*a.value);
                if (a.value || a.target->kind != ExprKind::Name) expr(*a.target);
                else add(cast<Name>(*a.target).id, DEF_LOCAL);  // `x: int` makes x local, as in CPython
                if (cur_->kind != ScopeKind::Function) expr(*a.annotation);  // evaluated in module and class bodies
                break;
            }
            case StmtKind::For: {
                const auto& f = cast<For>(s);
                expr(*f.iter);
                expr(*f.target);
                body(f.body);
                body(f.orelse);
                break;
            }
            case StmtKind::While: {
                const auto& w = cast<While>(s);
                expr(*w.test);
                body(w.body);
                body(w.orelse);
                break;
            }
            case StmtKind::If: {
                const auto& i = cast<If>(s);
                expr(*i.test);
                body(i.body);
                body(i.orelse);
                break;
            }
            case StmtKind::With: {
                const auto& w = cast<With>(s);
                for (const auto& it : w.items) {
                    expr(*it.context_expr);
                    if (it.optional_vars) expr(*it.optional_vars);
                }
                body(w.body);
                break;
            }
            case StmtKind::Raise: {
                const auto& r = cast<Raise>(s);
                if (r.exc) expr(*r.exc);
                if (r.cause) expr(*r.cause);
                break;
            }
            case StmtKind::Try: {
                const auto& t = cast<Try>(s);
                body(t.body);
                for (const auto& h : t.handlers) {
                    if (h.type) expr(*h.type);
                    if (!h.name.empty()) add(h.name, DEF_LOCAL);
                    body(h.body);
                }
                body(t.orelse);
                body(t.finalbody);
                break;
            }
            case StmtKind::Assert: {
                const auto& a = cast<Assert>(s);
                expr(*a.test);
                if (a.msg) expr(*a.msg);
                break;
            }
            case StmtKind::Import:
                for (const auto& a : cast<Import>(s).names)
                    add(!a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')), DEF_LOCAL);
                break;
            case StmtKind::ImportFrom:
                for (const auto& a : cast<ImportFrom>(s).names) {
                    if (a.name == "*") {
                        if (cur_->kind != ScopeKind::Module)
                            throw_syntax_error(filename_, s.span.start(), "import * only allowed at module level");
                        continue;
                    }
                    add(!a.asname.empty() ? a.asname : a.name, DEF_LOCAL);
                }
                break;
            case StmtKind::Global: declare(cast<Global>(s).names, true, s.span); break;
            case StmtKind::Nonlocal: declare(cast<Nonlocal>(s).names, false, s.span); break;
            case StmtKind::ExprStmt: expr(*cast<ExprStmt>(s).value); break;
            case StmtKind::Pass:
            case StmtKind::Break:
            case StmtKind::Continue: break;
            case StmtKind::Match: {
                const auto& m = cast<Match>(s);
                expr(*m.subject);
                for (const auto& c : m.cases) {
                    pattern(*c.pattern);
                    if (c.guard) expr(*c.guard);
                    body(c.body);
                }
                break;
            }
        }
    }

    // CPython's symtable_visit_pattern: captures bind names; values, classes and keys are loads.
    void pattern(const Pattern& p) {
        if (p.value) expr(*p.value);
        for (const auto& k : p.keys) expr(*k);
        for (const auto& sub : p.patterns) pattern(*sub);
        for (const auto& sub : p.kwd_patterns) pattern(*sub);
        if (p.pattern) pattern(*p.pattern);
        if (!p.name.empty()) add(p.name, DEF_LOCAL);
        if (!p.rest.empty()) add(p.rest, DEF_LOCAL);
    }

    static bool is_comprehension(const Scope* s) {
        return s->kind == ScopeKind::Function && (s->name == "<listcomp>" || s->name == "<setcomp>" ||
                                                  s->name == "<dictcomp>" || s->name == "<genexpr>");
    }

    // `name := value` binds in the scope that holds it; inside comprehensions it binds in the first
    // enclosing scope that is no comprehension (PEP 572), which the comprehensions reach as a
    // nonlocal (or as a global when that scope is the module), as CPython's symtable does.
    void named_target(const std::string& name, const SourceSpan& span) {
        if (comp_iter_ > 0)
            throw_syntax_error(filename_, span.start(), "assignment expression cannot be used in a comprehension iterable expression");
        if (!is_comprehension(cur_)) {
            add(name, DEF_LOCAL);
            return;
        }
        Scope* target = cur_;
        while (is_comprehension(target)) target = target->parent;
        if (target->kind == ScopeKind::Class)
            throw_syntax_error(filename_, span.start(), "assignment expression within a comprehension cannot be used in a class body");
        Scope* saved = cur_;
        const std::string mangled = mangle(cur_, name);  // one class encloses them all
        for (Scope* s = saved; s != target; s = s->parent) {
            cur_ = s;
            auto it = s->flags.find(mangled);
            if (it != s->flags.end() && (it->second & (DEF_PARAM | DEF_LOCAL)) && !(it->second & (DEF_NONLOCAL | DEF_GLOBAL)))
                throw_syntax_error(filename_, span.start(), "assignment expression cannot rebind comprehension iteration variable '" + name + "'");
            add(name, target->kind == ScopeKind::Module ? DEF_GLOBAL : DEF_NONLOCAL);
            decl_pos_[s][mangled] = span.start();
        }
        cur_ = target;
        add(name, DEF_LOCAL);
        cur_ = saved;
    }

    void comprehension(const Expr& node, const char* name, const std::vector<Comprehension>& gens,
                       const Expr* elt, const Expr* value) {
        // the outermost iterable is evaluated in the enclosing scope; no iterable may hold a `:=`
        ++comp_iter_;
        expr(*gens[0].iter);
        --comp_iter_;
        Scope* saved = cur_;
        enter(ScopeKind::Function, name, &node, node.span.line);
        cur_->generator = node.kind == ExprKind::GeneratorExp;
        param(".0");
        for (size_t i = 0; i < gens.size(); ++i) {
            if (i > 0) {
                ++comp_iter_;
                expr(*gens[i].iter);
                --comp_iter_;
            }
            expr(*gens[i].target);
            for (const auto& c : gens[i].ifs) expr(*c);
        }
        if (elt) expr(*elt);
        if (value) expr(*value);
        cur_ = saved;
    }

    void expr(const Expr& e) {
        switch (e.kind) {
            case ExprKind::BoolOp: for (const auto& v : cast<BoolOp>(e).values) expr(*v); break;
            case ExprKind::BinOp: expr(*cast<BinOp>(e).left); expr(*cast<BinOp>(e).right); break;
            case ExprKind::UnaryOp: expr(*cast<UnaryOp>(e).operand); break;
            case ExprKind::Lambda: {
                const auto& l = cast<Lambda>(e);
                defaults(l.args);
                Scope* saved = cur_;
                enter(ScopeKind::Function, "<lambda>", &l, l.span.line);
                arguments(l.args);
                expr(*l.body);
                cur_ = saved;
                break;
            }
            case ExprKind::IfExp: {
                const auto& i = cast<IfExp>(e);
                expr(*i.test); expr(*i.body); expr(*i.orelse);
                break;
            }
            case ExprKind::NamedExpr: {
                const auto& n = cast<NamedExpr>(e);
                expr(*n.value);
                named_target(cast<Name>(*n.target).id, e.span);
                break;
            }
            case ExprKind::Dict: {
                const auto& d = cast<Dict>(e);
                for (size_t i = 0; i < d.values.size(); ++i) {
                    if (d.keys[i]) expr(*d.keys[i]);
                    expr(*d.values[i]);
                }
                break;
            }
            case ExprKind::Set: for (const auto& v : cast<Set>(e).elts) expr(*v); break;
            case ExprKind::ListComp: comprehension(e, "<listcomp>", cast<ListComp>(e).generators, cast<ListComp>(e).elt.get(), nullptr); break;
            case ExprKind::SetComp: comprehension(e, "<setcomp>", cast<SetComp>(e).generators, cast<SetComp>(e).elt.get(), nullptr); break;
            case ExprKind::DictComp: comprehension(e, "<dictcomp>", cast<DictComp>(e).generators, cast<DictComp>(e).key.get(), cast<DictComp>(e).value.get()); break;
            case ExprKind::GeneratorExp: comprehension(e, "<genexpr>", cast<GeneratorExp>(e).generators, cast<GeneratorExp>(e).elt.get(), nullptr); break;
            case ExprKind::Yield:
            case ExprKind::YieldFrom: {
                const std::string& n = cur_->name;
                if (cur_->kind != ScopeKind::Function)
                    throw_syntax_error(filename_, e.span.start(), "'yield' outside function");
                const char* comp = n == "<listcomp>" ? "list comprehension" : n == "<setcomp>" ? "set comprehension"
                                   : n == "<dictcomp>" ? "dict comprehension" : n == "<genexpr>" ? "generator expression" : nullptr;
                if (comp) throw_syntax_error(filename_, e.span.start(), std::string("'yield' inside ") + comp);
                cur_->generator = true;
                const ExprPtr& v = e.kind == ExprKind::Yield ? cast<Yield>(e).value : cast<YieldFrom>(e).value;
                if (v) expr(*v);
                break;
            }
            case ExprKind::Compare: {
                const auto& c = cast<Compare>(e);
                expr(*c.left);
                for (const auto& v : c.comparators) expr(*v);
                break;
            }
            case ExprKind::Call: {
                const auto& c = cast<Call>(e);
                expr(*c.func);
                for (const auto& a : c.args) expr(*a);
                for (const auto& k : c.keywords) expr(*k.value);
                break;
            }
            case ExprKind::FormattedValue: {
                const auto& f = cast<FormattedValue>(e);
                expr(*f.value);
                if (f.format_spec) expr(*f.format_spec);
                break;
            }
            case ExprKind::JoinedStr: for (const auto& v : cast<JoinedStr>(e).values) expr(*v); break;
            case ExprKind::Constant: break;
            case ExprKind::Attribute: expr(*cast<Attribute>(e).value); break;
            case ExprKind::Subscript: expr(*cast<Subscript>(e).value); expr(*cast<Subscript>(e).slice); break;
            case ExprKind::Starred: expr(*cast<Starred>(e).value); break;
            case ExprKind::Name: {
                const auto& n = cast<Name>(e);
                add(n.id, n.ctx == ExprContext::Load ? USE : DEF_LOCAL);
                // Zero-argument super() reads the implicit __class__ cell (CPython does the same).
                if (n.ctx == ExprContext::Load && n.id == "super" && cur_->kind == ScopeKind::Function) add("__class__", USE);
                break;
            }
            case ExprKind::List: for (const auto& v : cast<List>(e).elts) expr(*v); break;
            case ExprKind::Tuple: for (const auto& v : cast<Tuple>(e).elts) expr(*v); break;
            case ExprKind::Slice: {
                const auto& s = cast<Slice>(e);
                if (s.lower) expr(*s.lower);
                if (s.upper) expr(*s.upper);
                if (s.step) expr(*s.step);
                break;
            }
        }
    }

    // Resolves s's names given the names bound by enclosing function scopes; returns s's free names.
    std::set<std::string> analyze(Scope* s, const std::set<std::string>& bound) {
        for (const auto& n : s->order) {
            int f = s->flags[n];
            SymScope r;
            if (f & DEF_GLOBAL) r = SymScope::GlobalExplicit;
            else if (f & DEF_NONLOCAL) {
                if (!bound.count(n)) throw_syntax_error(filename_, decl_pos_[s][n], "no binding for nonlocal '" + n + "' found");
                r = SymScope::Free;
            } else if (f & (DEF_LOCAL | DEF_PARAM)) r = SymScope::Local;
            else if (bound.count(n) && s->kind != ScopeKind::Module) r = SymScope::Free;
            else r = SymScope::GlobalImplicit;
            s->scopes[n] = r;
        }
        std::set<std::string> newbound;
        if (s->kind == ScopeKind::Function) {
            newbound = bound;
            for (const auto& [n, r] : s->scopes) {
                if (r == SymScope::Local || r == SymScope::Free) newbound.insert(n);
                if (r == SymScope::GlobalExplicit) newbound.erase(n);
            }
        } else if (s->kind == ScopeKind::Class) {
            newbound = bound;
            for (const auto& [n, r] : s->scopes)
                if (r == SymScope::GlobalExplicit) newbound.erase(n);
            newbound.insert("__class__");
        }
        std::set<std::string> child_free;
        for (auto& c : s->children) {
            auto f = analyze(c.get(), newbound);
            child_free.insert(f.begin(), f.end());
        }
        for (const auto& n : child_free) {
            auto it = s->scopes.find(n);
            if (s->kind == ScopeKind::Class && n == "__class__") {
                s->uses_class_cell = true;
                if (it == s->scopes.end()) s->order.push_back(n);
                s->scopes[n] = SymScope::Cell;
            } else if (it == s->scopes.end()) {
                s->order.push_back(n);
                s->flags[n] = 0;
                s->scopes[n] = SymScope::Free;
            } else if (s->kind == ScopeKind::Function && it->second == SymScope::Local) {
                it->second = SymScope::Cell;
            } else if (s->kind == ScopeKind::Class && it->second != SymScope::Free) {
                s->flags[n] |= DEF_FREE_CLASS;  // the class binds n itself but passes the outer n through
            } else if (it->second == SymScope::GlobalImplicit) {
                it->second = SymScope::Free;
            }
        }
        std::set<std::string> free;
        for (const auto& [n, r] : s->scopes) {
            if (r == SymScope::Cell) s->cellvars.push_back(n);
            if (r == SymScope::Free || (s->flags[n] & DEF_FREE_CLASS)) {
                s->freevars.push_back(n);
                free.insert(n);
            }
        }
        return free;  // std::map iteration order: cellvars/freevars come out sorted, as CPython's
    }
};

void dump_scope(const Scope& s, int indent, std::string& out) {
    const char* kind = s.kind == ScopeKind::Module ? "module" : s.kind == ScopeKind::Class ? "class" : "function";
    out += std::string(indent, ' ') + kind + " " + s.name + " (" + s.qualname + "):";
    for (const auto& n : s.order) {
        out += " " + n + "=" + sym_scope_name(s.scope_of(n));
        if (s.flags.count(n) && (s.flags.at(n) & DEF_FREE_CLASS)) out += "+free";
    }
    out += "\n";
    for (const auto& c : s.children) dump_scope(*c, indent + 2, out);
}

}  // namespace

SymbolTable build_symtable(const Module& module, const std::string& filename) {
    SymbolTable t;
    Builder(t, filename).run(module);
    return t;
}

std::string symtable_dump(const SymbolTable& table) {
    std::string out;
    dump_scope(*table.top, 0, out);
    return out;
}

}  // namespace kiln::bytecode
