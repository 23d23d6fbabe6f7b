// dis: CPython 3.11's listing format (Lib/dis.py, Instruction._disassemble), one line per
// instruction: line number (at the first instruction of a line, preceded by a blank line), `>>` on
// jump targets, byte offset, opname, oparg and the argument's meaning in parentheses. How the
// argument is explained follows its ArgKind from opcodes.def. Code objects print without an address
// so that listings are stable for golden tests.
#include <set>

#include "bytecode/compiler.h"

namespace kiln::bytecode {

namespace {

std::string argrepr(const CodeObject& co, int i) {
    const Instruction& in = co.code[i];
    int a = in.arg;
    auto name_at = [](const std::vector<std::string>& v, int k) { return k >= 0 && k < static_cast<int>(v.size()) ? v[k] : std::string("?"); };
    switch (opcode_arg_kind(in.op)) {
        case ArgKind::NONE:
        case ArgKind::INT: return "";
        case ArgKind::CONST: return a >= 0 && a < static_cast<int>(co.consts.size()) ? co.consts[a].repr() : "?";
        case ArgKind::NAME: return name_at(co.names, a);
        case ArgKind::GLOBAL: return (a & 1 ? "NULL + " : "") + name_at(co.names, a >> 1);
        case ArgKind::LOCAL: return name_at(co.varnames, a);
        case ArgKind::FREE:
            return a >= 0 && a < static_cast<int>(co.cellvars.size() + co.freevars.size()) ? co.deref_name(a) : "?";
        case ArgKind::JUMP: return "to " + std::to_string(co.jump_target(i) * 2);
        case ArgKind::CMP: return compare_op_symbol(a);
        case ArgKind::BINOP: return binary_op_symbol(a);
        case ArgKind::FORMAT: {
            static const char* conv[] = {"", "str", "repr", "ascii"};
            std::string s = conv[a & 3];
            if (a & FVS_HAVE_SPEC) s += s.empty() ? "with format" : ", with format";
            return s;
        }
        case ArgKind::MAKEFN: {
            std::string s;
            if (a & MF_DEFAULTS) s += "defaults";
            if (a & MF_KWDEFAULTS) s += (s.empty() ? "" : ", ") + std::string("kwdefaults");
            if (a & MF_ANNOTATIONS) s += (s.empty() ? "" : ", ") + std::string("annotations");
            if (a & MF_CLOSURE) s += (s.empty() ? "" : ", ") + std::string("closure");
            return s;
        }
    }
    return "";
}

std::string pad_left(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }
std::string pad_right(const std::string& s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }

void dis_one(const CodeObject& co, std::string& out) {
    std::set<int> targets;
    for (int i = 0; i < static_cast<int>(co.code.size()); ++i)
        if (opcode_is_jump(co.code[i].op)) targets.insert(co.jump_target(i));
    int maxline = 0;
    for (const auto& in : co.code) maxline = std::max(maxline, in.span.line);
    size_t lineno_width = maxline >= 1000 ? std::to_string(maxline).size() : 3;
    int maxoffset = static_cast<int>(co.code.size()) * 2 - 2;
    size_t offset_width = maxoffset >= 10000 ? std::to_string(maxoffset).size() : 4;
    int last_line = -1;
    for (int i = 0; i < static_cast<int>(co.code.size()); ++i) {
        const Instruction& in = co.code[i];
        bool starts = in.span.line != last_line;
        if (starts && i > 0) out += "\n";
        last_line = in.span.line;
        std::string line = starts ? pad_left(std::to_string(in.span.line), lineno_width) : std::string(lineno_width, ' ');
        line += " ";
        line += "   ";
        line += targets.count(i) ? " >>" : "   ";
        line += " " + pad_left(std::to_string(i * 2), offset_width);
        line += " " + pad_right(opcode_name(in.op), 20);
        if (opcode_has_arg(in.op)) {
            line += " " + pad_left(std::to_string(in.arg), 5);
            std::string r = argrepr(co, i);
            if (!r.empty()) line += " (" + r + ")";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
}

}  // namespace

std::string dis(const CodeObject& code) {
    std::string out;
    dis_one(code, out);
    for (const auto& c : code.consts)
        if (const CodeObject* nested = c.code()) out += "\nDisassembly of " + c.repr() + ":\n" + dis(*nested);
    return out;
}

}  // namespace kiln::bytecode
