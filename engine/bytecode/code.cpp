// Constants and code-object helpers (see code.h).
#include "bytecode/code.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "support/pyrepr.h"
#include "vm/bigint.h"

namespace kiln::bytecode {

bool Constant::same_as(const Constant& other) const {
    if (value.index() != other.value.index()) return false;
    if (auto* d = std::get_if<double>(&value)) {
        double e = std::get<double>(other.value);
        if (std::isnan(*d) || std::isnan(e)) return false;
        return *d == e && std::signbit(*d) == std::signbit(e);
    }
    if (auto* t = std::get_if<std::vector<Constant>>(&value)) {
        const auto& u = std::get<std::vector<Constant>>(other.value);
        if (t->size() != u.size()) return false;
        for (size_t i = 0; i < t->size(); ++i)
            if (!(*t)[i].same_as(u[i])) return false;
        return true;
    }
    if (auto* t = std::get_if<FrozenSetConst>(&value)) {
        const auto& u = std::get<FrozenSetConst>(other.value);
        // Equal as sets (CPython's compiler merges equal frozenset constants, keeping the first).
        if (t->items.size() != u.items.size()) return false;
        for (const auto& x : t->items) {
            bool found = false;
            for (const auto& y : u.items) found = found || x.same_as(y);
            if (!found) return false;
        }
        return true;
    }
    if (auto* b = std::get_if<BytesConst>(&value)) return b->data == std::get<BytesConst>(other.value).data;
    if (auto* z = std::get_if<ComplexConst>(&value)) {  // bitwise, as for floats (0j != -0j)
        const auto& o = std::get<ComplexConst>(other.value);
        return std::memcmp(&z->real, &o.real, sizeof(double)) == 0 && std::memcmp(&z->imag, &o.imag, sizeof(double)) == 0;
    }
    if (auto* b = std::get_if<BigIntConst>(&value)) {
        const auto& o = std::get<BigIntConst>(other.value);
        return b->base == o.base && b->digits == o.digits && b->negative == o.negative;
    }
    if (code()) return false;
    switch (value.index()) {
        case 0: return true;
        case 1: return std::get<bool>(value) == std::get<bool>(other.value);
        case 2: return std::get<int64_t>(value) == std::get<int64_t>(other.value);
        case 4: return std::get<std::string>(value) == std::get<std::string>(other.value);
        case 5: return true;
    }
    return false;
}

std::string Constant::repr() const {
    struct V {
        std::string operator()(std::monostate) const { return "None"; }
        std::string operator()(bool b) const { return b ? "True" : "False"; }
        std::string operator()(int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return py_float_repr(d); }
        std::string operator()(const std::string& s) const { return py_str_repr(s); }
        std::string operator()(EllipsisConst) const { return "Ellipsis"; }
        std::string operator()(const std::vector<Constant>& t) const {
            std::string out = "(";
            for (size_t i = 0; i < t.size(); ++i) out += (i ? ", " : "") + t[i].repr();
            return out + (t.size() == 1 ? ",)" : ")");
        }
        std::string operator()(const FrozenSetConst& t) const {
            // Source order: CPython lists the elements in hash-table order.
            std::string out = "frozenset({";
            for (size_t i = 0; i < t.items.size(); ++i) out += (i ? ", " : "") + t.items[i].repr();
            return out + "})";
        }
        std::string operator()(const BytesConst& b) const { return "b" + py_str_repr(b.data); }
        std::string operator()(const ComplexConst& z) const { return py_complex_repr(z.real, z.imag); }
        std::string operator()(const BigIntConst& b) const {
            vm::BigInt v;
            vm::BigInt::parse(b.digits, b.base, v);
            return (b.negative ? "-" : "") + v.digits(10);
        }
        std::string operator()(const std::shared_ptr<const CodeObject>& c) const {
            // No address: listings must be stable for golden tests.
            return "<code object " + c->name + ", file \"" + c->filename + "\", line " + std::to_string(c->firstlineno) + ">";
        }
    };
    return std::visit(V{}, value);
}

int CodeObject::jump_target(int i) const {
    const Instruction& in = code[i];
    return in.op == Opcode::JUMP_BACKWARD ? i + 1 - in.arg : i + 1 + in.arg;
}

std::vector<std::pair<int, int>> CodeObject::line_table() const {
    std::vector<std::pair<int, int>> out;
    int last = -1;
    for (size_t i = 0; i < code.size(); ++i) {
        int line = code[i].span.line;
        if (line != last) out.push_back({static_cast<int>(i) * 2, line});
        last = line;
    }
    return out;
}

const std::string& CodeObject::deref_name(int i) const {
    return i < static_cast<int>(cellvars.size()) ? cellvars[i] : freevars[i - cellvars.size()];
}

}  // namespace kiln::bytecode
