// Constants and code-object helpers (see code.h).
#include "bytecode/code.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

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

std::string float_repr(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    // Shortest precision that round-trips, as Python's repr.
    for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    std::string s = buf;
    // Python switches to exponent form at 1e16 and below 1e-4, like %g; make exponents look like Python's.
    size_t e = s.find('e');
    if (e != std::string::npos) {
        std::string mant = s.substr(0, e), ex = s.substr(e + 1);
        char sign = ex[0];
        ex = ex.substr(1);
        while (ex.size() > 2 && ex[0] == '0') ex.erase(0, 1);
        double a = std::fabs(v);
        if (a >= 1e-4 && a < 1e16) {  // %g picked exponent form where Python would not
            std::snprintf(buf, sizeof buf, "%.17f", v);
            s = buf;
            while (!s.empty() && s.back() == '0') s.pop_back();
            // Trim to shortest round-trip fixed form.
            for (int prec = 0; prec <= 17; ++prec) {
                std::snprintf(buf, sizeof buf, "%.*f", prec, v);
                if (std::strtod(buf, nullptr) == v) { s = buf; break; }
            }
            if (s.find('.') == std::string::npos) s += ".0";
            return s;
        }
        return mant + "e" + (sign == '-' ? "-" : "+") + ex;
    }
    if (s.find('.') == std::string::npos && s.find('n') == std::string::npos) s += ".0";
    return s;
}

std::string str_repr(const std::string& s) {
    char quote = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : s) {
        if (c == '\\') out += "\\\\";
        else if (c == static_cast<unsigned char>(quote)) { out += '\\'; out += quote; }
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else out += static_cast<char>(c);
    }
    out += quote;
    return out;
}

std::string Constant::repr() const {
    struct V {
        std::string operator()(std::monostate) const { return "None"; }
        std::string operator()(bool b) const { return b ? "True" : "False"; }
        std::string operator()(int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return float_repr(d); }
        std::string operator()(const std::string& s) const { return str_repr(s); }
        std::string operator()(EllipsisConst) const { return "Ellipsis"; }
        std::string operator()(const std::vector<Constant>& t) const {
            std::string out = "(";
            for (size_t i = 0; i < t.size(); ++i) out += (i ? ", " : "") + t[i].repr();
            return out + (t.size() == 1 ? ",)" : ")");
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
