// kiln_parity: runs one corpus program and compares it with its golden files.
//
//   kiln_parity [--statuses-only] tests/parity/programs/python/NAME.py [MORE.py ...]
// NAME.out holds the exact stdout CPython 3.11 or PyTorch 2.11 printed; NAME.err, present when the
// reference exited non-zero, holds `exit N` and the last line of its stderr (the exception line).
// Exit status 0 when every program matches (printed decimals may differ by one unit in their last
// digit: same_within_last_digit); otherwise the first differing line of each mismatch is printed.
// (The sanitizer run passes the whole corpus to one process.)
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "capture/dynamo/verify.h"
#include "vm/interpreter.h"

namespace {

bool read(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::string last_line(const std::string& s) {
    auto ls = lines(s);
    while (!ls.empty() && ls.back().empty()) ls.pop_back();
    return ls.empty() ? "" : ls.back();
}

// A decimal number as printed: optional sign, digits, '.', digits, optional exponent.
bool number_at(const std::string& s, size_t i, size_t& end, double& value, int& decimals) {
    size_t j = i;
    if (j < s.size() && s[j] == '-') ++j;
    size_t d0 = j;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    if (j == d0 || j >= s.size() || s[j] != '.') return false;
    size_t f0 = ++j;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    decimals = int(j - f0);
    int exp10 = 0;
    if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
        size_t e0 = k;
        while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
        if (k > e0) {
            exp10 = std::stoi(s.substr(j + 1, k - j - 1));
            j = k;
        }
    }
    value = std::stod(s.substr(i, j - i));
    decimals -= exp10;
    end = j;
    return true;
}

// Lines equal up to float tolerance: the same text, where printed decimals may differ by one unit
// in their last printed digit (summation order, fused multiply-adds and libm differ between Kiln
// and PyTorch's CPU kernels), and -0.0000 matches 0.0000. Integers and everything else must be
// exact. The number of printed digits must agree, so a formatting difference still fails.
bool same_within_last_digit(const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const bool starts_a = (i == 0 || !std::isalnum(static_cast<unsigned char>(a[i - 1])));
        const bool starts_b = (j == 0 || !std::isalnum(static_cast<unsigned char>(b[j - 1])));
        size_t ea, eb;
        double va, vb;
        int da, db;
        if (starts_a && starts_b && number_at(a, i, ea, va, da) && number_at(b, j, eb, vb, db)) {
            if (da != db) return false;
            if (a.compare(i, ea - i, b, j, eb - j) != 0 && std::fabs(va - vb) > 1.0001 * std::pow(10.0, -da)) return false;
            i = ea;
            j = eb;
            continue;
        }
        if (a[i] != b[j]) return false;
        ++i;
        ++j;
    }
    return i == a.size() && j == b.size();
}

}  // namespace

// --statuses-only: the sanitizer run. Its build has no OpenMP, -O1 and no -march=native, so float
// results may differ from the reference in the last printed digit; there the programs must run to the
// expected exit status (and the sanitizers must stay quiet), while stdout is compared by the normal run.
bool g_statuses_only = false;

// 0: match, 1: mismatch, 2: unreadable files.
int check(const std::string& path) {
    std::string base = path.substr(0, path.size() - 3);
    std::string source, expected, expected_err;
    if (!read(path, source) || !read(base + ".out", expected)) {
        std::cerr << "kiln_parity: cannot read " << path << " or its .out golden\n";
        return 2;
    }
    bool expect_failure = read(base + ".err", expected_err);
    std::string out, err;
    kiln::vm::Options o;
    o.out = [&](std::string_view s) { out += s; };
    o.err = [&](std::string_view s) { err += s; };
    o.max_instructions = 200'000'000;  // a hang fails the test instead of timing it out
    // CPython ran the program in its own directory: files it writes go there (and stay in the sandbox)
    size_t slash = path.rfind('/');
    o.program_dir = o.cwd = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    kiln::vm::RunResult r;
    {
        kiln::vm::Interpreter in(o);
        std::string name = path.substr(path.rfind('/') + 1);
        r = in.run_source(source, name);
        r.exit_code = in.finalize_main(r.exit_code);  // __del__ at shutdown, as CPython's golden run had
    }
    bool ok = true;
    if (out != expected && !g_statuses_only) {
        auto a = lines(out), b = lines(expected);
        size_t i = 0;
        while (i < a.size() && i < b.size() && (a[i] == b[i] || same_within_last_digit(a[i], b[i]))) ++i;
        if (i < a.size() || i < b.size()) {
            ok = false;
            std::cout << "stdout differs at line " << i + 1 << ":\n  kiln:     " << (i < a.size() ? a[i] : "<end>")
                      << "\n  expected: " << (i < b.size() ? b[i] : "<end>") << "\n";
        }
    }
    if (expect_failure) {
        auto e = lines(expected_err);
        std::string want_exit = e.size() > 0 ? e[0] : "", want_last = e.size() > 1 ? e[1] : "";
        if ("exit " + std::to_string(r.exit_code) != want_exit) {
            ok = false;
            std::cout << "exit status " << r.exit_code << ", expected " << want_exit << "\n";
        }
        if (last_line(err) != want_last && !g_statuses_only) {
            ok = false;
            std::cout << "last stderr line:\n  kiln:     " << last_line(err) << "\n  expected: " << want_last << "\n";
        }
    } else if (!r.ok) {
        ok = false;
        std::cout << "kiln failed:\n" << err;
    }
    if (!ok && !err.empty() && expect_failure) std::cout << "kiln stderr:\n" << err;
    if (!ok) std::cout << "^ " << path << "\n";
    return ok ? 0 : 1;
}

int main(int argc, char** argv) {
    // Every transformed code object and resume function Dynamo generates is verified; a failure is
    // an error of the program, not a silent fall back to eager.
    kiln::capture::dynamo::verify_strict() = true;
    int first = 1;
    if (argc > 1 && std::string(argv[1]) == "--statuses-only") {
        g_statuses_only = true;
        first = 2;
    }
    if (argc <= first) {
        std::cerr << "usage: kiln_parity [--statuses-only] PROGRAM.py [MORE.py ...]\n";
        return 2;
    }
    int worst = 0;
    for (int i = first; i < argc; ++i) worst = std::max(worst, check(argv[i]));
    return worst;
}
