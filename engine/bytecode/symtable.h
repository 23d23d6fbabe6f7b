// Scope analysis: which names are locals, globals, cells or free variables, per scope.
//
// The compiler needs to know, before emitting a single instruction, how each name is reached:
// LOAD_FAST (function local), LOAD_DEREF (captured by an inner function: a cell; or taken from an
// enclosing one: free), LOAD_GLOBAL, or LOAD_NAME (module and class bodies). That depends on the
// whole function body (an assignment after a use still makes a name local), so it is a separate
// pass over the AST, as CPython's Python/symtable.c: first record every binding and use per scope,
// then resolve free names top-down with the set of names bound by enclosing functions.
//
// Scopes: the module, each def/lambda/comprehension (function scopes) and each class body. Class
// rules: names bound in a class body are not visible to its methods; a method that mentions `super`
// gets the implicit free variable `__class__`, which the class body provides as a cell (CPython's
// scheme for zero-argument super()).
//
// Compile-time errors (CPython's wording) are SyntaxErrors at the declaring statement:
//   name 'x' is assigned to before nonlocal declaration, ... is used prior to global declaration,
//   name 'x' is parameter and global, no binding for nonlocal 'x' found, import * only allowed at
//   module level, 'yield' outside function, 'yield' inside list comprehension (and the other
//   comprehensions and generator expressions).
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lang/ast.h"

namespace kiln::bytecode {

enum class ScopeKind { Module, Function, Class };
// How a name is reached from a scope.
enum class SymScope { Local, GlobalExplicit, GlobalImplicit, Free, Cell };
const char* sym_scope_name(SymScope s);

enum SymFlag { DEF_GLOBAL = 1, DEF_LOCAL = 2, DEF_PARAM = 4, DEF_NONLOCAL = 8, USE = 16, DEF_FREE_CLASS = 32 };

struct Scope {
    ScopeKind kind = ScopeKind::Module;
    std::string name;      // <module>, f, <lambda>, <listcomp>, class name
    std::string qualname;  // f.<locals>.g, A.f
    const void* node = nullptr;
    Scope* parent = nullptr;
    int lineno = 1;
    std::vector<std::string> order;    // names in first-seen order
    std::map<std::string, int> flags;  // SymFlag bits
    std::map<std::string, SymScope> scopes;
    std::vector<std::string> params;  // in co_varnames order
    std::vector<std::string> cellvars, freevars;  // sorted
    std::vector<std::unique_ptr<Scope>> children;
    bool uses_class_cell = false;  // class body: some method needs __class__
    bool generator = false;        // a function with yield, or a generator expression (CO_GENERATOR)
    bool annotation_scope = false;  // PEP 695's "<generic parameters of f>" (FunctionDef::generic_of)

    SymScope scope_of(const std::string& name) const;
};

// CPython's private-name mangling (_Py_Mangle): inside a class body, and in every function,
// lambda and comprehension nested in it, an identifier `__x` (two leading underscores, not ending in
// two, no dot) means `_Class__x`, Class being the nearest enclosing class's name without its leading
// underscores (no mangling when nothing is left). Both the scope analysis and the compiler apply it
// to every name they record or emit (variables, parameters, attributes, imports), so `self.__x`,
// `def __m`, and a slot named '__x' all meet at '_Class__x'.
std::string mangle(const Scope* scope, const std::string& name);

struct SymbolTable {
    std::unique_ptr<Scope> top;
    std::map<const void*, Scope*> by_node;  // AST node (FunctionDef, Lambda, ClassDef, comprehension) -> scope
    Scope* scope_for(const void* node) const;
};

// Throws lang::SyntaxError (FILE:LINE:COL) for the errors listed above.
SymbolTable build_symtable(const lang::Module& module, const std::string& filename);

// Every scope with its symbols, for tests and debugging:
//   function f (f): x=local a=cell g=global_implicit
std::string symtable_dump(const SymbolTable& table);

}  // namespace kiln::bytecode
