// Opcode tables expanded from opcodes.def (see opcode.h).
#include "bytecode/opcode.h"

namespace kiln::bytecode {

namespace {
struct OpInfo {
    const char* name;
    const char* doc;
    ArgKind arg;
    Flow flow;
};
constexpr OpInfo kOps[] = {
#define KILN_OPCODE(name, in, out, jout, arg, flow, doc) {#name, doc, ArgKind::arg, Flow::flow},
#include "bytecode/opcodes.def"
#undef KILN_OPCODE
};
static_assert(sizeof(kOps) / sizeof(kOps[0]) == kNumOpcodes, "opcode table out of sync with opcodes.def");

// Hand-written operator tables: counts pinned so a change to the enums breaks the build.
constexpr const char* kBinarySymbols[] = {"+",  "&",  "//",  "<<",  "@",  "*",  "%",  "|",  "**",
                                          ">>", "-",  "/",   "^",   "+=", "&=", "//=", "<<=", "@=",
                                          "*=", "%=", "|=",  "**=", ">>=", "-=", "/=", "^="};
static_assert(sizeof(kBinarySymbols) / sizeof(kBinarySymbols[0]) == NB_COUNT, "one symbol per NB_* value");
constexpr const char* kCompareSymbols[] = {"<", "<=", "==", "!=", ">", ">="};
static_assert(sizeof(kCompareSymbols) / sizeof(kCompareSymbols[0]) == CMP_COUNT, "one symbol per CMP_* value");
}  // namespace

const char* opcode_name(Opcode op) { return kOps[static_cast<int>(op)].name; }
const char* opcode_doc(Opcode op) { return kOps[static_cast<int>(op)].doc; }
ArgKind opcode_arg_kind(Opcode op) { return kOps[static_cast<int>(op)].arg; }
Flow opcode_flow(Opcode op) { return kOps[static_cast<int>(op)].flow; }

int stack_pops(Opcode op, int oparg) {
    switch (op) {
#define KILN_OPCODE(name, in, out, jout, arg, flow, doc) \
    case Opcode::name:                                   \
        return (in);
#include "bytecode/opcodes.def"
#undef KILN_OPCODE
    }
    return 0;
}

int stack_pushes(Opcode op, int oparg, bool jump) {
    switch (op) {
#define KILN_OPCODE(name, in, out, jout, arg, flow, doc) \
    case Opcode::name:                                   \
        return (jump && Flow::flow == Flow::BRANCH) ? (jout) : (out);
#include "bytecode/opcodes.def"
#undef KILN_OPCODE
    }
    return 0;
}

const char* binary_op_symbol(int oparg) { return oparg >= 0 && oparg < NB_COUNT ? kBinarySymbols[oparg] : "?"; }
const char* compare_op_symbol(int oparg) { return oparg >= 0 && oparg < CMP_COUNT ? kCompareSymbols[oparg] : "?"; }

}  // namespace kiln::bytecode
