// Code objects: the compiler's output and the VM's input (CPython's PyCodeObject in miniature).
//
// A CodeObject is one function body, lambda, class body, comprehension or module: its instructions
// (opcode + oparg + the source span they came from), its constants and the name tables the opargs
// index into, and the facts the VM needs to build a frame (argument counts, flags, stack size).
// Constants are a small variant independent of the VM's values so that the compiler and dis need no
// runtime. Instructions count as 2 bytes each for offsets, as in CPython, so dis listings and jump
// targets read like CPython's.
//
// Cell scheme (simpler than 3.11's MAKE_CELL/COPY_FREE_VARS): the deref index space is
// co_cellvars ++ co_freevars (CPython 3.10's). The VM creates the cells at frame entry, filling a
// cell from its argument when a cellvar is also a parameter (cell2arg), and copies the closure tuple
// into the free slots.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "bytecode/opcode.h"
#include "lang/source.h"

namespace kiln::bytecode {

struct CodeObject;

struct EllipsisConst {
    bool operator==(const EllipsisConst&) const { return true; }
};
struct Constant;
// A frozenset of constants (CPython folds `{1, 2, 3}` into BUILD_SET 0; LOAD_CONST frozenset; SET_UPDATE 1).
// The items keep source order; the VM builds the set by adding them in that order, as CPython does.
struct FrozenSetConst {
    std::vector<Constant> items;
};
// An int constant beyond int64: its digits in `base` and its sign (the VM makes a heap int).
struct BigIntConst {
    int base = 10;
    std::string digits;
    bool negative = false;
};
// A bytes constant (b'...').
struct BytesConst {
    std::string data;
};
// A complex constant (2j; -2j folds to (-0-2j) as CPython's constant folding does).
struct ComplexConst {
    double real = 0, imag = 0;
};
// A constant: None, bool, int, float, str, Ellipsis, tuple of constants, a nested code object, a
// frozenset of constants or bytes.
struct Constant {
    std::variant<std::monostate, bool, int64_t, double, std::string, EllipsisConst, std::vector<Constant>,
                 std::shared_ptr<const CodeObject>, FrozenSetConst, BytesConst, BigIntConst, ComplexConst>
        value;

    bool is_none() const { return value.index() == 0; }
    const CodeObject* code() const {
        auto* p = std::get_if<std::shared_ptr<const CodeObject>>(&value);
        return p ? p->get() : nullptr;
    }
    // Same kind and same value (1 != True, 0.0 != -0.0); code objects are never equal (no dedup).
    bool same_as(const Constant& other) const;
    // Python's repr: None, True, 1, 1.5, 'a\n', (1, 2), <code object f, file "x.py", line 3>
    std::string repr() const;
};

// Python's repr of a float (shortest round-trip form, "1.0", "inf") and of a str.
std::string float_repr(double v);
std::string str_repr(const std::string& s);

struct Instruction {
    Opcode op = Opcode::NOP;
    int arg = 0;  // JUMP ops: relative distance in instructions after assembly (a label id before)
    lang::SourceSpan span;
};

enum CodeFlag { CO_OPTIMIZED = 0x01, CO_NEWLOCALS = 0x02, CO_VARARGS = 0x04, CO_VARKEYWORDS = 0x08, CO_NESTED = 0x10, CO_GENERATOR = 0x20 };

struct CodeObject {
    std::string name;      // f, <lambda>, <listcomp>, <module>, class name
    std::string qualname;  // A.f, f.<locals>.g
    std::string filename;
    int firstlineno = 1;
    int argcount = 0;  // positional parameters, the positional-only ones included
    int posonlyargcount = 0;
    int kwonlyargcount = 0;
    int flags = 0;
    std::vector<std::string> varnames;  // parameters first (pos, kwonly, *args, **kwargs), then locals
    std::vector<std::string> cellvars;  // locals captured by inner functions (sorted, as CPython)
    std::vector<std::string> freevars;  // names from enclosing functions (sorted)
    std::vector<std::string> names;     // globals, attributes, imported names
    std::vector<Constant> consts;
    std::vector<Instruction> code;
    int stacksize = 0;

    // Jump target of the JUMP instruction at index i (an instruction index).
    int jump_target(int i) const;
    // (byte offset, line) at every instruction that starts a new line: CPython's co_lines() folded.
    std::vector<std::pair<int, int>> line_table() const;
    // Index into cellvars++freevars -> name.
    const std::string& deref_name(int i) const;
};

}  // namespace kiln::bytecode
