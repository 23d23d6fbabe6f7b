// Opcodes: the enum, names, argument kinds and stack effects generated from opcodes.def.
//
// Everything that needs to know about an opcode asks this header, never a switch of its own, so
// that adding a row to opcodes.def updates the compiler's depth checks, the assembler and dis at
// once (STYLE.md §3.3).
#pragma once
#include <cstdint>

namespace kiln::bytecode {

enum class Opcode : uint8_t {
#define KILN_OPCODE(name, in, out, jout, arg, flow, doc) name,
#include "bytecode/opcodes.def"
#undef KILN_OPCODE
};

constexpr int kNumOpcodes = 0
#define KILN_OPCODE(name, in, out, jout, arg, flow, doc) +1
#include "bytecode/opcodes.def"
#undef KILN_OPCODE
    ;

// How the oparg is interpreted, which decides how dis prints it (CPython's opcode categories).
enum class ArgKind { NONE, INT, CONST, NAME, GLOBAL, LOCAL, FREE, JUMP, CMP, BINOP, FORMAT, MAKEFN };
// Control flow after the instruction.
enum class Flow { NEXT, BRANCH, JUMP, STOP };

const char* opcode_name(Opcode op);
const char* opcode_doc(Opcode op);
ArgKind opcode_arg_kind(Opcode op);
Flow opcode_flow(Opcode op);
inline bool opcode_has_arg(Opcode op) { return opcode_arg_kind(op) != ArgKind::NONE; }
inline bool opcode_is_jump(Opcode op) { return opcode_arg_kind(op) == ArgKind::JUMP; }

// Values popped / pushed. `jump` selects the effect when a BRANCH op takes its jump.
int stack_pops(Opcode op, int oparg);
int stack_pushes(Opcode op, int oparg, bool jump);
inline int stack_effect(Opcode op, int oparg, bool jump) { return stack_pushes(op, oparg, jump) - stack_pops(op, oparg); }

// BINARY_OP arguments, CPython 3.11's NB_* numbering (inplace variants are +13).
enum BinaryOpArg {
    NB_ADD, NB_AND, NB_FLOOR_DIVIDE, NB_LSHIFT, NB_MATRIX_MULTIPLY, NB_MULTIPLY, NB_REMAINDER, NB_OR,
    NB_POWER, NB_RSHIFT, NB_SUBTRACT, NB_TRUE_DIVIDE, NB_XOR, NB_INPLACE_ADD,
    NB_COUNT = 26
};
const char* binary_op_symbol(int oparg);  // "+", "+=", ...
// COMPARE_OP arguments, CPython's order.
enum CompareOpArg { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_COUNT };
const char* compare_op_symbol(int oparg);
// MAKE_FUNCTION flags.
enum MakeFunctionFlag { MF_DEFAULTS = 0x01, MF_KWDEFAULTS = 0x02, MF_ANNOTATIONS = 0x04, MF_CLOSURE = 0x08 };
// FORMAT_VALUE flags.
enum FormatFlag { FVC_NONE = 0, FVC_STR = 1, FVC_REPR = 2, FVC_ASCII = 3, FVS_HAVE_SPEC = 4 };

}  // namespace kiln::bytecode
