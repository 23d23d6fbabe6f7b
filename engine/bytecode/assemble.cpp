// The assembler: labels -> relative jumps, then co_stacksize by a walk over the control-flow graph.
//
// Every instruction is reached with one stack depth, whatever the path (the VM and the symbolic
// evaluator rely on it: a frame's value stack has a fixed layout at each offset). The walk starts at
// instruction 0 with depth 0 and follows fall-through and jump edges using the stack effects of
// opcodes.def; a BRANCH op's jump edge uses its JUMP_OUT effect (SETUP_FINALLY's handler starts
// with the exception pushed). A depth mismatch, a negative depth or running off the end is an
// internal compiler error, never a user error. Unreachable instructions are left in place.
#include <algorithm>

#include "bytecode/compiler.h"

namespace kiln::bytecode {

namespace {
[[noreturn]] void internal_error(const CodeObject& code, int i, const std::string& what) {
    // The listing is part of the message: this is a compiler bug, and the report should show it.
    std::string listing;
    try {
        listing = dis(code);
    } catch (...) {
    }
    KILN_FAIL(RuntimeError, "internal compiler error in ", code.qualname, " at offset ", i * 2, ": ", what, "\n", listing);
}
}  // namespace

void assemble(CodeObject& code, const std::vector<int>& label_pos) {
    const int n = static_cast<int>(code.code.size());
    for (int i = 0; i < n; ++i) {
        Instruction& in = code.code[i];
        if (!opcode_is_jump(in.op)) continue;
        if (in.arg < 0 || in.arg >= static_cast<int>(label_pos.size()) || label_pos[in.arg] < 0)
            internal_error(code, i, "jump to an unbound label");
        int target = label_pos[in.arg];
        if (target <= i) {
            if (in.op != Opcode::JUMP_FORWARD) internal_error(code, i, str(opcode_name(in.op), " cannot jump backward"));
            in.op = Opcode::JUMP_BACKWARD;
            in.arg = i + 1 - target;
        } else {
            in.arg = target - (i + 1);
        }
    }
    std::vector<int> depth(n, -1);
    std::vector<int> work;
    int max_depth = 0;
    auto reach = [&](int from, int to, int d) {
        if (to >= n) internal_error(code, from, "control falls off the end of the code");
        if (d < 0) internal_error(code, from, "negative stack depth");
        max_depth = std::max(max_depth, d);
        if (depth[to] == -1) {
            depth[to] = d;
            work.push_back(to);
        } else if (depth[to] != d) {
            internal_error(code, to, str("reached with stack depth ", depth[to], " and ", d));
        }
    };
    if (n == 0) KILN_FAIL(RuntimeError, "internal compiler error in ", code.qualname, ": empty code");
    reach(0, 0, 0);
    while (!work.empty()) {
        int i = work.back();
        work.pop_back();
        const Instruction& in = code.code[i];
        int d = depth[i] - stack_pops(in.op, in.arg);
        if (d < 0) internal_error(code, i, str(opcode_name(in.op), " pops more than the stack holds"));
        switch (opcode_flow(in.op)) {
            case Flow::NEXT: reach(i, i + 1, d + stack_pushes(in.op, in.arg, false)); break;
            case Flow::BRANCH:
                reach(i, i + 1, d + stack_pushes(in.op, in.arg, false));
                reach(i, code.jump_target(i), d + stack_pushes(in.op, in.arg, true));
                break;
            case Flow::JUMP: reach(i, code.jump_target(i), d); break;
            case Flow::STOP: break;
        }
    }
    code.stacksize = max_depth;
}

}  // namespace kiln::bytecode
