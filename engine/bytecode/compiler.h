// The bytecode compiler: AST (lang/ast.h) -> CodeObject tree (code.h), and the dis printer.
//
// compile_module runs scope analysis (symtable.h), then walks the tree with one compile_<node>
// function per AST kind, emitting instructions that carry their node's span; jumps name labels that
// the assembler (assemble.cpp) turns into relative offsets before computing co_stacksize and
// verifying stack depths. Functions, lambdas, class bodies and comprehensions become nested code
// objects in co_consts, as in CPython 3.11 (`[x for x in xs]` calls a `<listcomp>` function).
//
// Errors: lang::SyntaxError `FILE:LINE:COL: SyntaxError: ...` for CPython's compile-time errors and
// for Python outside Kiln's subset ("set literals are not supported in Kiln"). A stack-depth
// verification failure is a kiln::Error "internal compiler error" (a bug in this compiler).
#pragma once
#include <memory>
#include <string>

#include "bytecode/code.h"
#include "lang/ast.h"

namespace kiln::bytecode {

std::shared_ptr<const CodeObject> compile_module(const lang::Module& module, const std::string& filename);

// CPython-3.11-style listing of `code` and, after it, of every nested code object:
//   2           2 LOAD_CONST               0 (1)
//         >>   4 STORE_NAME               0 (x)
std::string dis(const CodeObject& code);

// Internal: resolves labels to relative jumps and computes/verifies co_stacksize (assemble.cpp).
// `label_pos[i]` is the instruction index label i was bound to.
void assemble(CodeObject& code, const std::vector<int>& label_pos);

}  // namespace kiln::bytecode
