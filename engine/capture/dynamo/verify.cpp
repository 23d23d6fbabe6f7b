// The bytecode verifier for Dynamo's generated code (see verify.h).
#include "capture/dynamo/verify.h"

#include <cstdlib>
#include <optional>

#include "bytecode/compiler.h"
#include "support/error.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using bytecode::CodeObject;
using bytecode::Instruction;
using bytecode::Opcode;

namespace {

// What a stack slot holds, as far as the verifier can tell.
enum Slot : uint8_t { VALUE = 0, NUL = 1, MAYBE_NUL = 2 };

struct State {
    bool reached = false;
    std::vector<uint8_t> stack;  // bottom first
    std::vector<bool> assigned;  // per co.varnames: bound on every path here
};

Slot merge(uint8_t a, uint8_t b) { return a == b ? Slot(a) : MAYBE_NUL; }

std::string where(const CodeObject& co, int i) {
    const Instruction& ins = co.code[size_t(i)];
    std::string s = "offset " + std::to_string(2 * i) + " (" + bytecode::opcode_name(ins.op);
    if (bytecode::opcode_arg_kind(ins.op) == bytecode::ArgKind::LOCAL && ins.arg >= 0 && size_t(ins.arg) < co.varnames.size())
        s += " " + co.varnames[size_t(ins.arg)];
    else if (bytecode::opcode_has_arg(ins.op))
        s += " " + std::to_string(ins.arg);
    return s + ")";
}

// The slots an instruction pushes, given the ones it pops (bottom first).
std::vector<uint8_t> pushed(const Instruction& ins, const std::vector<uint8_t>& popped, bool jump) {
    const int n = bytecode::stack_pushes(ins.op, ins.arg, jump);
    std::vector<uint8_t> out(size_t(n), VALUE);
    switch (ins.op) {
        case Opcode::PUSH_NULL: out[0] = NUL; break;
        case Opcode::LOAD_GLOBAL:
            if (ins.arg & 1) out[0] = NUL;
            break;
        case Opcode::LOAD_METHOD: out[0] = MAYBE_NUL; break;  // meth obj | NULL attr
        case Opcode::COPY:
            out.assign(popped.begin(), popped.end());
            out.push_back(popped.front());
            break;
        case Opcode::SWAP:
            out.assign(popped.begin(), popped.end());
            std::swap(out.front(), out.back());
            break;
        default: break;
    }
    return out;
}

// Which popped slots (bottom first) may legitimately be NULL: the NULL|meth slot of a call.
bool may_take_null(const Instruction& ins, size_t k) {
    switch (ins.op) {
        case Opcode::POP_TOP:  // Kiln's POP_TOP drops a NULL (how Dynamo leaves NULLs out of a resume call)
        case Opcode::COPY:
        case Opcode::SWAP: return true;
        case Opcode::CALL:
        case Opcode::CALL_FUNCTION_EX: return k == 0;
        default: return false;
    }
}

struct Analysis {
    std::vector<State> states;
    std::string error;  // structural: depth mismatch, negative depth, falling off the end
};

Analysis analyze(const CodeObject& co) {
    Analysis a;
    const int n = int(co.code.size());
    a.states.resize(size_t(n));
    if (n == 0) {
        a.error = "empty code";
        return a;
    }
    const size_t nargs = size_t(co.argcount + co.kwonlyargcount + ((co.flags & bytecode::CO_VARARGS) ? 1 : 0) +
                                ((co.flags & bytecode::CO_VARKEYWORDS) ? 1 : 0));
    State entry;
    entry.reached = true;
    entry.assigned.assign(co.varnames.size(), false);
    for (size_t k = 0; k < nargs && k < co.varnames.size(); ++k) entry.assigned[k] = true;
    std::vector<int> work;
    auto reach = [&](int from, int to, const State& s) -> bool {
        if (to < 0 || to >= n) {
            a.error = where(co, from) + ": control runs off the end of the code";
            return false;
        }
        State& t = a.states[size_t(to)];
        if (!t.reached) {
            t = s;
            work.push_back(to);
            return true;
        }
        if (t.stack.size() != s.stack.size()) {
            a.error = where(co, to) + ": reached with stack depth " + std::to_string(t.stack.size()) + " and " +
                      std::to_string(s.stack.size());
            return false;
        }
        bool changed = false;
        for (size_t k = 0; k < s.stack.size(); ++k) {
            uint8_t m = merge(t.stack[k], s.stack[k]);
            if (m != t.stack[k]) t.stack[k] = m, changed = true;
        }
        for (size_t k = 0; k < s.assigned.size(); ++k)
            if (t.assigned[k] && !s.assigned[k]) t.assigned[k] = false, changed = true;
        if (changed) work.push_back(to);
        return true;
    };
    reach(0, 0, entry);
    while (!work.empty() && a.error.empty()) {
        const int i = work.back();
        work.pop_back();
        const Instruction& ins = co.code[size_t(i)];
        State s = a.states[size_t(i)];
        const int pops = bytecode::stack_pops(ins.op, ins.arg);
        if (pops > int(s.stack.size())) {
            a.error = where(co, i) + ": pops " + std::to_string(pops) + " values from a stack of " + std::to_string(s.stack.size());
            return a;
        }
        std::vector<uint8_t> popped(s.stack.end() - pops, s.stack.end());
        s.stack.resize(s.stack.size() - size_t(pops));
        if (ins.op == Opcode::STORE_FAST && size_t(ins.arg) < s.assigned.size()) s.assigned[size_t(ins.arg)] = popped.back() == VALUE;
        if (ins.op == Opcode::DELETE_FAST && size_t(ins.arg) < s.assigned.size()) s.assigned[size_t(ins.arg)] = false;
        auto next = [&](bool jump) {
            State t = s;
            for (uint8_t p : pushed(ins, popped, jump)) t.stack.push_back(p);
            return t;
        };
        switch (bytecode::opcode_flow(ins.op)) {
            case bytecode::Flow::NEXT: reach(i, i + 1, next(false)); break;
            case bytecode::Flow::BRANCH:
                if (reach(i, i + 1, next(false))) reach(i, co.jump_target(i), next(true));
                break;
            case bytecode::Flow::JUMP: reach(i, co.jump_target(i), s); break;
            case bytecode::Flow::STOP: break;
        }
    }
    return a;
}

}  // namespace

std::string verify_code(const CodeObject& co, const CodeObject* original, int copy_offset) {
    Analysis a = analyze(co);
    if (!a.error.empty()) return a.error;
    std::optional<Analysis> orig;
    if (original) {
        orig = analyze(*original);
        if (!orig->error.empty()) orig.reset();  // no facts about the original: every local is required
    }
    for (int i = 0; i < int(co.code.size()); ++i) {
        const State& s = a.states[size_t(i)];
        if (!s.reached) continue;
        const Instruction& ins = co.code[size_t(i)];
        const int pops = bytecode::stack_pops(ins.op, ins.arg);
        const int after = int(s.stack.size()) - pops + bytecode::stack_pushes(ins.op, ins.arg, false);
        if (std::max(after, int(s.stack.size())) > co.stacksize)
            return where(co, i) + ": stack depth " + std::to_string(std::max(after, int(s.stack.size()))) +
                   " exceeds co_stacksize " + std::to_string(co.stacksize);
        for (int k = 0; k < pops; ++k) {
            uint8_t slot = s.stack[s.stack.size() - size_t(pops) + size_t(k)];
            if (slot != VALUE && !may_take_null(ins, size_t(k)))
                return where(co, i) + ": consumes a stack slot that " + (slot == NUL ? "holds" : "may hold") +
                       " a NULL marker (stack item " + std::to_string(s.stack.size() - size_t(pops) + size_t(k)) + ")";
        }
        if (ins.op != Opcode::LOAD_FAST) continue;
        const size_t l = size_t(ins.arg);
        if (l >= co.varnames.size()) return where(co, i) + ": local index out of range";
        if (s.assigned[l]) continue;
        const std::string& name = co.varnames[l];
        bool required = !original || name.rfind("___", 0) == 0;
        if (!required && orig) {
            // The copied body: required where the original code had the local bound on every path.
            const int oi = i - copy_offset;
            if (oi >= 0 && size_t(oi) < orig->states.size() && orig->states[size_t(oi)].reached) {
                const CodeObject& oc = *original;
                for (size_t ol = 0; ol < oc.varnames.size(); ++ol)
                    if (oc.varnames[ol] == name) required = orig->states[size_t(oi)].assigned[ol];
            }
        }
        if (required) return where(co, i) + ": reads local '" + name + "', which is not assigned on every path to it";
    }
    return "";
}

bool& verify_strict() {
#ifdef NDEBUG
    static bool strict = [] {
        const char* e = std::getenv("KILN_DYNAMO_VERIFY");
        return e && std::string(e) != "0" && std::string(e) != "";
    }();
#else
    static bool strict = true;
#endif
    return strict;
}

VerifyStats& verify_stats() {
    static VerifyStats s;
    return s;
}

void check_generated(const CodeObject& co, const CodeObject* original, int copy_offset) {
    ++verify_stats().checked;
    std::string why = verify_code(co, original, copy_offset);
    if (why.empty()) return;
    ++verify_stats().failed;
    verify_stats().last_failure = co.qualname + ": " + why;
    std::string listing;
    try {
        listing = bytecode::dis(co);
    } catch (...) {
    }
    if (verify_strict())
        vm::raise(vm::types().RuntimeError, "internal error: torch._dynamo generated bytecode that fails verification in " +
                                                 co.qualname + " at " + why + "\n" + listing);
    KILN_FAIL(RuntimeError, "dynamo: generated bytecode fails verification: ", why);
}

}  // namespace kiln::capture::dynamo
