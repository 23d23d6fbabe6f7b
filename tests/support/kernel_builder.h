// Building kernel::Kernel objects by hand in tests (the interpreter, the C++ generator and the
// autotuner are tested on kernels written this way, independently of the scheduler).
//
// Each call appends one statement to the current phase (an Inner phase is opened on first use)
// and returns its id; loads register their buffer as an input and stores as an output. Build
// statements one per line: the ids are creation order, and C++ leaves the order in which
// function arguments are evaluated to the compiler.
#pragma once
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::testing {

class KernelBuilder {
public:
    kernel::Kernel k;
    // A kernel over `sizes` whose first `nx` dims are x dims (the rest are r dims).
    KernelBuilder(const std::string& name, const Shape& sizes, int nx, DType compute = DType::Float32) {
        k.name = name;
        k.sizes = sizes;
        k.nx = nx;
        k.nr = int(sizes.size()) - nx;
        k.kind = k.nr ? kernel::KernelKind::Reduction : kernel::KernelKind::Pointwise;
        k.compute = compute;
    }
    // The same with the kind said explicitly (nr must be sizes.size() - nx).
    KernelBuilder(const std::string& name, kernel::KernelKind kind, const Shape& sizes, int nx, int nr,
                  DType compute = DType::Float32)
        : KernelBuilder(name, sizes, nx, compute) {
        k.kind = kind;
        k.nr = nr;
    }
    void phase(kernel::PhaseKind kind = kernel::PhaseKind::Inner) {
        k.phases.push_back({});
        k.phases.back().kind = kind;
    }
    int push(kernel::Stmt s) {
        if (k.phases.empty()) phase();
        k.stmts.push_back(std::move(s));
        const int id = int(k.stmts.size()) - 1;
        k.phases.back().stmts.push_back(id);
        return id;
    }
    static void arg(std::vector<int>& v, int b) {
        for (int x : v)
            if (x == b) return;
        v.push_back(b);
    }
    int load(int buf, std::vector<int64_t> strides, int64_t offset = 0, DType dt = DType::Float32) {
        kernel::Stmt s;
        s.code = kernel::Code::Load;
        s.buffer = buf;
        s.index = {offset, std::move(strides)};
        s.dtype = dt;
        arg(k.inputs, buf);
        return push(s);
    }
    // Any Unary/Binary/Ternary/Reduce statement by code.
    int op(kernel::Code code, const std::string& name, std::vector<int> args, double alpha = 1) {
        kernel::Stmt s;
        s.code = code;
        s.op = name;
        s.args = std::move(args);
        s.alpha = alpha;
        return push(s);
    }
    int constant(double v) {
        kernel::Stmt s;
        s.code = kernel::Code::Constant;
        s.value = v;
        return push(s);
    }
    int unary(const std::string& op, int a, double p0 = 0, double p1 = 0) {
        kernel::Stmt s;
        s.code = kernel::Code::Unary;
        s.op = op;
        s.args = {a};
        s.p0 = p0;
        s.p1 = p1;
        return push(s);
    }
    int binary(const std::string& op, int a, int b, double alpha = 1, DType dt = DType::Float32) {
        kernel::Stmt s;
        s.code = kernel::Code::Binary;
        s.op = op;
        s.args = {a, b};
        s.alpha = alpha;
        s.dtype = dt;
        return push(s);
    }
    int ternary(const std::string& op, int a, int b, int c, double alpha = 1) {
        kernel::Stmt s;
        s.code = kernel::Code::Ternary;
        s.op = op;
        s.args = {a, b, c};
        s.alpha = alpha;
        return push(s);
    }
    int cast(int a, DType dt) {
        kernel::Stmt s;
        s.code = kernel::Code::Cast;
        s.args = {a};
        s.dtype = dt;
        return push(s);
    }
    int reduce(const std::string& op, int a) {
        kernel::Stmt s;
        s.code = kernel::Code::Reduce;
        s.op = op;
        s.args = {a};
        return push(s);
    }
    int store(int buf, std::vector<int64_t> strides, int a, int64_t offset = 0) {
        kernel::Stmt s;
        s.code = kernel::Code::Store;
        s.buffer = buf;
        s.index = {offset, std::move(strides)};
        s.args = {a};
        arg(k.outputs, buf);
        return push(s);
    }
};

}  // namespace kiln::testing
