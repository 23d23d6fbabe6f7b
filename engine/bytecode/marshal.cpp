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
    --depth;
    return co;
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
