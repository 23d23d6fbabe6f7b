// Code objects to bytes and back (see marshal.h).
//
// Layout: the magic "KBC1", one code object, and an 8-byte FNV-1a checksum of everything before it.
// Integers are LEB128 varints (signed ones zigzag-coded); a string is its length and bytes; a float
// its 8 IEEE bytes. An instruction's source span is stored relative to the previous instruction's
// line (most share it), which keeps a module's bytes near the size of its source.
#include "bytecode/marshal.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <vector>

#include "bytecode/opcode.h"
#include "support/hash.h"

namespace kiln::bytecode {
namespace {

// A field added to a code object, an instruction or a span must be written and read here too: the
// sizes below (64-bit hosts) change with it and stop the build until this file is updated.
static_assert(sizeof(void*) != 8 || sizeof(CodeObject) == 272, "CodeObject changed: marshal the new field");
static_assert(sizeof(Instruction) == 24, "Instruction changed: marshal the new field");

constexpr char kMagic[4] = {'K', 'B', 'C', '1'};

enum Tag : uint8_t { T_NONE, T_BOOL, T_INT, T_FLOAT, T_STR, T_ELLIPSIS, T_TUPLE, T_CODE, T_FROZENSET, T_BYTES, T_BIGINT, T_COMPLEX };

struct Writer {
    std::string out;
    void u(uint64_t v) {
        while (v >= 0x80) {
            out.push_back(char(v | 0x80));
            v >>= 7;
        }
        out.push_back(char(v));
    }
    void s(int64_t v) { u((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
    void str(const std::string& v) {
        u(v.size());
        out += v;
    }
    void f64(double v) {
        char b[8];
        std::memcpy(b, &v, 8);
        out.append(b, 8);
    }
    void strs(const std::vector<std::string>& v) {
        u(v.size());
        for (const std::string& x : v) str(x);
    }
    void constant(const Constant& c);
    void code(const CodeObject& co);
};

void Writer::constant(const Constant& c) {
    if (c.is_none()) {
        out.push_back(T_NONE);
    } else if (auto* b = std::get_if<bool>(&c.value)) {
        out.push_back(T_BOOL);
        out.push_back(*b ? 1 : 0);
    } else if (auto* i = std::get_if<int64_t>(&c.value)) {
        out.push_back(T_INT);
        s(*i);
    } else if (auto* d = std::get_if<double>(&c.value)) {
        out.push_back(T_FLOAT);
        f64(*d);
    } else if (auto* t = std::get_if<std::string>(&c.value)) {
        out.push_back(T_STR);
        str(*t);
    } else if (std::get_if<EllipsisConst>(&c.value)) {
        out.push_back(T_ELLIPSIS);
    } else if (auto* v = std::get_if<std::vector<Constant>>(&c.value)) {
        out.push_back(T_TUPLE);
        u(v->size());
        for (const Constant& x : *v) constant(x);
    } else if (const CodeObject* co = c.code()) {
        out.push_back(T_CODE);
        code(*co);
    } else if (auto* fs = std::get_if<FrozenSetConst>(&c.value)) {
        out.push_back(T_FROZENSET);
        u(fs->items.size());
        for (const Constant& x : fs->items) constant(x);
    } else if (auto* by = std::get_if<BytesConst>(&c.value)) {
        out.push_back(T_BYTES);
        str(by->data);
    } else if (auto* bi = std::get_if<BigIntConst>(&c.value)) {
        out.push_back(T_BIGINT);
        u(uint64_t(bi->base));
        out.push_back(bi->negative ? 1 : 0);
        str(bi->digits);
    } else {
        const ComplexConst& z = std::get<ComplexConst>(c.value);
        out.push_back(T_COMPLEX);
        f64(z.real);
        f64(z.imag);
    }
}

void Writer::code(const CodeObject& co) {
    str(co.name);
    str(co.qualname);
    str(co.filename);
    s(co.firstlineno);
    s(co.argcount);
    s(co.posonlyargcount);
    s(co.kwonlyargcount);
    s(co.flags);
    s(co.stacksize);
    strs(co.varnames);
    strs(co.cellvars);
    strs(co.freevars);
    strs(co.names);
    u(co.consts.size());
    for (const Constant& c : co.consts) constant(c);
    u(co.code.size());
    int line = co.firstlineno;
    for (const Instruction& ins : co.code) {
        out.push_back(char(uint8_t(ins.op)));
        s(ins.arg);
        s(int64_t(ins.span.line) - line);
        s(ins.span.col);
        s(int64_t(ins.span.end_line) - ins.span.line);
        s(ins.span.end_col);
        line = ins.span.line;
    }
}

// Every read checks the bytes left; a failure sets `bad` and yields zeros, and the result is
// discarded at the end (one check per object instead of one per field).
struct Reader {
    const char* p;
    const char* end;
    bool bad = false;
    int depth = 0;

    uint8_t byte() {
        if (p >= end) return fail(), 0;
        return uint8_t(*p++);
    }
    uint64_t u() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            uint8_t b = byte();
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        return fail(), 0;
    }
    int64_t s() {
        uint64_t v = u();
        return int64_t(v >> 1) ^ -int64_t(v & 1);
    }
    int i32() {
        int64_t v = s();
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return fail(), 0;
        return int(v);
    }
    // A count of items each at least one byte long: never more than the bytes left.
    size_t count() {
        uint64_t n = u();
        if (n > uint64_t(end - p)) return fail(), 0;
        return size_t(n);
    }
    std::string str() {
        size_t n = count();
        std::string v(p, bad ? 0 : n);
        p += bad ? 0 : n;
        return v;
    }
    double f64() {
        if (end - p < 8) return fail(), 0.0;
        double v;
        std::memcpy(&v, p, 8);
        p += 8;
        return v;
    }
    std::vector<std::string> strs() {
        std::vector<std::string> v(count());
        for (std::string& x : v) x = str();
        return v;
    }
    void fail() {
        bad = true;
        p = end;
    }
    Constant constant();
    std::shared_ptr<CodeObject> code();
};

bool well_formed(const CodeObject& co);

Constant Reader::constant() {
    Constant c;
    switch (byte()) {
        case T_NONE: break;
        case T_BOOL: c.value = byte() != 0; break;
        case T_INT: c.value = s(); break;
        case T_FLOAT: c.value = f64(); break;
        case T_STR: c.value = str(); break;
        case T_ELLIPSIS: c.value = EllipsisConst{}; break;
        case T_TUPLE: {
            std::vector<Constant> v(count());
            for (Constant& x : v) x = constant();
            c.value = std::move(v);
            break;
        }
        case T_CODE: c.value = std::shared_ptr<const CodeObject>(code()); break;
        case T_FROZENSET: {
            FrozenSetConst fs;
            fs.items.resize(count());
            for (Constant& x : fs.items) x = constant();
            c.value = std::move(fs);
            break;
        }
        case T_BYTES: c.value = BytesConst{str()}; break;
        case T_BIGINT: {
            BigIntConst b;
            b.base = int(u());
            b.negative = byte() != 0;
            b.digits = str();
            c.value = std::move(b);
            break;
        }
        case T_COMPLEX: {
            ComplexConst z;
            z.real = f64();
            z.imag = f64();
            c.value = z;
            break;
        }
        default: fail();
    }
    return c;
}

std::shared_ptr<CodeObject> Reader::code() {
    auto co = std::make_shared<CodeObject>();
    if (++depth > 200) {  // nested code objects: the compiler's own nesting limit is far below
        fail();
        return co;
    }
    co->name = str();
    co->qualname = str();
    co->filename = str();
    co->firstlineno = i32();
    co->argcount = i32();
    co->posonlyargcount = i32();
    co->kwonlyargcount = i32();
    co->flags = i32();
    co->stacksize = i32();
    co->varnames = strs();
    co->cellvars = strs();
    co->freevars = strs();
    co->names = strs();
    co->consts.resize(count());
    for (Constant& c : co->consts) c = constant();
    co->code.resize(count());
    int line = co->firstlineno;
    for (Instruction& ins : co->code) {
        uint8_t op = byte();
        if (op >= kNumOpcodes) fail();
        ins.op = Opcode(op);
        ins.arg = i32();
        ins.span.line = int(line + s());
        ins.span.col = i32();
        ins.span.end_line = int(ins.span.line + s());
        ins.span.end_col = i32();
        line = ins.span.line;
    }
    if (!bad && !well_formed(*co)) fail();
    --depth;
    return co;
}

// What the VM takes on trust from the compiler, checked on code read back: the checksum only
// catches damage, and the file is a user's to rewrite (a resealed file, or one from another
// build's bugs). The VM indexes co_consts, co_names, locals and cells by an instruction's argument
// without a check and sizes a frame's value stack by co_stacksize; so every argument must be in its
// table's range, every jump inside the code, and the assembler's walk must hold: each reachable
// instruction with one stack depth, never below zero (nor below what an "oparg items down" op
// reaches), at most co_stacksize, never running off the end.
bool well_formed(const CodeObject& co) {
    const int n = int(co.code.size());
    const int nvars = int(co.varnames.size());
    const int nargs = co.argcount + co.kwonlyargcount + ((co.flags & CO_VARARGS) ? 1 : 0) + ((co.flags & CO_VARKEYWORDS) ? 1 : 0);
    if (n == 0 || co.argcount < 0 || co.kwonlyargcount < 0 || co.posonlyargcount < 0 ||
        co.posonlyargcount > co.argcount || nargs > nvars || co.stacksize < 0 || co.stacksize > (1 << 20))
        return false;
    constexpr int kMaxCount = 1 << 20;  // BUILD_MAP's 2 * oparg and UNPACK_EX's sums stay far from overflow
    for (int i = 0; i < n; ++i) {
        const Instruction& in = co.code[size_t(i)];
        const int a = in.arg;
        size_t table = 0;
        switch (opcode_arg_kind(in.op)) {
            case ArgKind::NONE: continue;
            case ArgKind::INT:
                if (a < 0 || a > kMaxCount) return false;
                if ((in.op == Opcode::COPY || in.op == Opcode::SWAP) && a < 1) return false;
                continue;
            case ArgKind::CONST:
                table = co.consts.size();
                if (in.op == Opcode::KW_NAMES && a >= 0 && size_t(a) < table) {  // the VM reads a tuple of str
                    auto* names = std::get_if<std::vector<Constant>>(&co.consts[size_t(a)].value);
                    if (!names) return false;
                    for (const Constant& k : *names)
                        if (!std::holds_alternative<std::string>(k.value)) return false;
                }
                break;
            case ArgKind::NAME: table = co.names.size(); break;
            case ArgKind::GLOBAL:
                if (a < 0 || size_t(a >> 1) >= co.names.size()) return false;
                continue;
            case ArgKind::LOCAL: table = co.varnames.size(); break;
            case ArgKind::FREE: table = co.cellvars.size() + co.freevars.size(); break;
            case ArgKind::JUMP: {
                if (a < 0 || a > n) return false;
                int t = co.jump_target(i);
                if (t < 0 || t >= n) return false;
                continue;
            }
            case ArgKind::CMP: table = CMP_COUNT; break;
            case ArgKind::BINOP: table = NB_COUNT; break;
            case ArgKind::FORMAT: table = 8; break;
            case ArgKind::MAKEFN: table = 16; break;
        }
        if (a < 0 || size_t(a) >= table) return false;
    }
    std::vector<int> depth(size_t(n), -1);
    std::vector<int> work;
    auto reach = [&](int to, int d) {
        if (to < 0 || to >= n || d < 0 || d > co.stacksize) return false;
        if (depth[size_t(to)] == -1) {
            depth[size_t(to)] = d;
            work.push_back(to);
        }
        return depth[size_t(to)] == d;
    };
    if (!reach(0, 0)) return false;
    while (!work.empty()) {
        const int i = work.back();
        work.pop_back();
        const Instruction& in = co.code[size_t(i)];
        const int d = depth[size_t(i)] - stack_pops(in.op, in.arg);
        if (d < 0) return false;
        switch (in.op) {  // these reach `oparg` items below what they pop
            case Opcode::LIST_APPEND: case Opcode::LIST_EXTEND: case Opcode::SET_ADD: case Opcode::SET_UPDATE:
            case Opcode::MAP_ADD: case Opcode::DICT_UPDATE: case Opcode::DICT_MERGE:
                if (in.arg < 1 || in.arg > d) return false;
                break;
            default: break;
        }
        bool ok = true;
        switch (opcode_flow(in.op)) {
            case Flow::NEXT: ok = reach(i + 1, d + stack_pushes(in.op, in.arg, false)); break;
            case Flow::BRANCH:
                ok = reach(i + 1, d + stack_pushes(in.op, in.arg, false)) &&
                     reach(co.jump_target(i), d + stack_pushes(in.op, in.arg, true));
                break;
            case Flow::JUMP: ok = reach(co.jump_target(i), d); break;
            case Flow::STOP: break;
        }
        if (!ok) return false;
    }
    return true;
}

}  // namespace

std::string marshal_code(const CodeObject& code) {
    Writer w;
    w.out.append(kMagic, 4);
    w.code(code);
    uint64_t sum = support::fnv1a64(w.out);
    char b[8];
    std::memcpy(b, &sum, 8);
    w.out.append(b, 8);
    return std::move(w.out);
}

std::shared_ptr<const CodeObject> unmarshal_code(const std::string& bytes) {
    if (bytes.size() < 12 || std::memcmp(bytes.data(), kMagic, 4) != 0) return nullptr;
    uint64_t sum;
    std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
    if (sum != support::fnv1a64(std::string_view(bytes).substr(0, bytes.size() - 8))) return nullptr;
    Reader r{bytes.data() + 4, bytes.data() + bytes.size() - 8};
    std::shared_ptr<CodeObject> co = r.code();
    if (r.bad || r.p != r.end) return nullptr;
    return co;
}

}  // namespace kiln::bytecode
