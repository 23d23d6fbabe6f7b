// The WebAssembly code generator (see wasm.h): an eligible pointwise or row-reduction kernel -> a
// binary module and its WAT-like text, emitted together instruction by instruction.
//
// [SECTION] encoding: LEB128, the instruction emitter (bytes + one text line per instruction)
// [SECTION] eligibility: ops, dims merged as the interpreter merges them, access checks
// [SECTION] reductions: one r dim, the x dims merged into rows
// [SECTION] statements as f32x4 code (pw::exp, pw::tanh and pw::erf ported op for op)
// [SECTION] the loop nest (loop fission: stages over blocks of the row) and the module
#include "codegen/wasm.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "codegen/kernel_text.h"

namespace kiln::codegen {
namespace {

using kernel::Code;
using kernel::Kernel;
using kernel::Plan;
using kernel::Stmt;

// ---- [SECTION] encoding -------------------------------------------------------------------------
constexpr uint8_t kI32 = 0x7f, kV128 = 0x7b;

void uleb(std::vector<uint8_t>& o, uint64_t v) {
    do {
        uint8_t b = v & 0x7f;
        v >>= 7;
        if (v) b |= 0x80;
        o.push_back(b);
    } while (v);
}

void sleb(std::vector<uint8_t>& o, int64_t v) {
    for (;;) {
        uint8_t b = v & 0x7f;
        v >>= 7;  // arithmetic shift: the sign is carried
        if ((v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40))) {
            o.push_back(b);
            return;
        }
        o.push_back(b | 0x80);
    }
}

void name(std::vector<uint8_t>& o, const std::string& s) {
    uleb(o, s.size());
    o.insert(o.end(), s.begin(), s.end());
}

void section(std::vector<uint8_t>& out, uint8_t id, const std::vector<uint8_t>& content) {
    out.push_back(id);
    uleb(out, content.size());
    out.insert(out.end(), content.begin(), content.end());
}

// The shortest decimal that reads back as `v` in float (for the text only; the bytes hold the bits).
std::string float_text(float v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    char buf[48];
    for (int prec = 1; prec <= 9; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, double(v));
        if (std::strtof(buf, nullptr) == v) break;
    }
    return buf;
}

// The SIMD instructions used (0xfd prefix, then this opcode as LEB128), from the WebAssembly
// SIMD proposal's final opcode table.
namespace simd {
constexpr uint32_t load = 0x00, load32_splat = 0x09, store = 0x0b, v128_const = 0x0c;
constexpr uint32_t load32_lane = 0x56, load32_zero = 0x5c;
constexpr uint32_t f32x4_extract_lane = 0x1f;
constexpr uint32_t f32x4_eq = 0x41, f32x4_ne = 0x42, f32x4_lt = 0x43, f32x4_gt = 0x44, f32x4_le = 0x45, f32x4_ge = 0x46;
constexpr uint32_t v128_and = 0x4e, v128_andnot = 0x4f, v128_or = 0x50, v128_xor = 0x51, v128_bitselect = 0x52, v128_any_true = 0x53;
constexpr uint32_t i32x4_all_true = 0xa3;
constexpr uint32_t f32x4_ceil = 0x67, f32x4_floor = 0x68, f32x4_trunc = 0x69, f32x4_nearest = 0x6a;
constexpr uint32_t i32x4_shl = 0xab, i32x4_shr_s = 0xac, i32x4_sub = 0xb1, f32x4_convert_i32x4_s = 0xfa;
constexpr uint32_t f32x4_sqrt = 0xe3, f32x4_add = 0xe4, f32x4_sub = 0xe5,
                   f32x4_mul = 0xe6, f32x4_div = 0xe7, f32x4_pmin = 0xea, f32x4_pmax = 0xeb;
constexpr uint32_t f32x4_relaxed_madd = 0x105;  // relaxed SIMD: a * b + c, fused or not
}  // namespace simd

// One function body: every instruction appends its bytes and one line of text, indented by the
// block depth. Locals are named; their indices follow the parameters. Text arguments are C strings
// and select() takes its callbacks as templates (not std::function): the generator has hundreds of
// call sites, and both halved the object's size in the wasm build.
struct Asm {
    std::vector<uint8_t> code;
    std::vector<std::string> lines;
    int depth = 2;
    std::vector<std::string> names;    // parameters, then locals
    std::vector<uint8_t> local_types;  // locals only, in index order
    int num_params = 0;

    int param(const std::string& n) {
        names.push_back(n);
        return num_params++;
    }
    int local(const std::string& n, uint8_t type) {
        names.push_back(n);
        local_types.push_back(type);
        return int(names.size()) - 1;
    }
    void line(const std::string& s) { lines.push_back(std::string(size_t(depth) * 2, ' ') + s); }
    void comment(const std::string& s) { line(";; " + s); }
    void op(uint8_t b, const char* text) {
        code.push_back(b);
        line(text);
    }
    void simd(uint32_t sub, const char* text) {
        code.push_back(0xfd);
        uleb(code, sub);
        line(text);
    }
    void get(int l) {
        code.push_back(0x20);
        uleb(code, uint32_t(l));
        line("local.get $" + names[size_t(l)]);
    }
    void set(int l) {
        code.push_back(0x21);
        uleb(code, uint32_t(l));
        line("local.set $" + names[size_t(l)]);
    }
    void i32c(int64_t v) {
        code.push_back(0x41);
        sleb(code, int32_t(v));
        line("i32.const " + std::to_string(int32_t(v)));
    }
    void v128_bits(const uint32_t (&lanes)[4], const std::string& text) {
        code.push_back(0xfd);
        uleb(code, simd::v128_const);
        for (uint32_t u : lanes)
            for (int i = 0; i < 4; ++i) code.push_back(uint8_t(u >> (8 * i)));
        line(text);
    }
    // Splat constants are read from locals set once before the loops: V8 materializes a v128.const
    // at every use inside a loop (a few instructions each; pw::exp alone has 20 of them).
    std::map<uint32_t, int> const_local;                  // a float's bits -> local
    std::vector<std::pair<int, std::string>> const_init;  // local, its v128.const text
    void f32x4c(float v) {
        uint32_t u;
        std::memcpy(&u, &v, 4);
        const std::string t = float_text(v);
        splat_bits(u, "v128.const f32x4 " + t + " " + t + " " + t + " " + t);
    }
    // The same for integer lanes (bit patterns), written in hex.
    void i32x4c(uint32_t u) {
        char t[16];
        std::snprintf(t, sizeof t, "0x%08x", u);
        splat_bits(u, std::string("v128.const i32x4 ") + t + " " + t + " " + t + " " + t);
    }
    void splat_bits(uint32_t u, const std::string& text) {
        auto it = const_local.find(u);
        if (it == const_local.end()) {
            const int l = local("c" + std::to_string(const_local.size()), kV128);
            it = const_local.emplace(u, l).first;
            const_init.push_back({l, text});
        }
        get(it->second);
    }
    // Puts the constants' initializations in front of the code emitted so far.
    void prepend_constants() {
        std::vector<uint8_t> body;
        std::vector<std::string> body_lines;
        body.swap(code);
        body_lines.swap(lines);
        if (!const_init.empty()) comment("constants");
        for (const auto& [l, text] : const_init) {
            for (const auto& [bits, local_index] : const_local)
                if (local_index == l) v128_bits({bits, bits, bits, bits}, text);
            set(l);
        }
        code.insert(code.end(), body.begin(), body.end());
        lines.insert(lines.end(), body_lines.begin(), body_lines.end());
    }
    // Loads and stores take a memarg: log2 of the alignment the address is known to have (4 bytes:
    // float elements), then a constant offset.
    void memarg(uint32_t align_log2, uint32_t offset = 0) {
        uleb(code, align_log2);
        uleb(code, offset);
    }
    void f32_load() { op(0x2a, "f32.load align=4"), memarg(2); }
    void f32_store(uint32_t offset = 0) {
        op(0x38, offset ? ("f32.store offset=" + std::to_string(offset) + " align=4").c_str() : "f32.store align=4");
        memarg(2, offset);
    }
    void v128_load(uint32_t offset) {
        code.push_back(0xfd);
        uleb(code, simd::load);
        memarg(2, offset);
        line(offset ? "v128.load offset=" + std::to_string(offset) + " align=4" : std::string("v128.load align=4"));
    }
    void v128_load32_splat(uint32_t offset = 0) {
        simd(simd::load32_splat, offset ? ("v128.load32_splat offset=" + std::to_string(offset) + " align=4").c_str()
                                        : "v128.load32_splat align=4");
        memarg(2, offset);
    }
    // One float into lane 0, the others 0; one float into lane `lane` of the v128 on the stack.
    void v128_load32_zero(uint32_t offset) {
        simd(simd::load32_zero, offset ? ("v128.load32_zero offset=" + std::to_string(offset) + " align=4").c_str()
                                       : "v128.load32_zero align=4");
        memarg(2, offset);
    }
    void v128_load32_lane(uint32_t offset, int lane) {
        const std::string l = std::to_string(lane);
        simd(simd::load32_lane, offset ? ("v128.load32_lane offset=" + std::to_string(offset) + " align=4 " + l).c_str()
                                       : ("v128.load32_lane align=4 " + l).c_str());
        memarg(2, offset);
        code.push_back(uint8_t(lane));
    }
    void v128_store(uint32_t offset) {
        code.push_back(0xfd);
        uleb(code, simd::store);
        memarg(2, offset);
        line(offset ? "v128.store offset=" + std::to_string(offset) + " align=4" : std::string("v128.store align=4"));
    }
    void block() {
        code.push_back(0x02);
        code.push_back(0x40);
        line("block");
        ++depth;
    }
    void loop() {
        code.push_back(0x03);
        code.push_back(0x40);
        line("loop");
        ++depth;
    }
    // if (the i32 on the stack is not 0) ... end
    void if_() {
        code.push_back(0x04);
        code.push_back(0x40);
        line("if");
        ++depth;
    }
    void end() {
        --depth;
        op(0x0b, "end");
    }
    void br(int label) {
        code.push_back(0x0c);
        uleb(code, uint32_t(label));
        line("br " + std::to_string(label));
    }
    void br_if(int label) {
        code.push_back(0x0d);
        uleb(code, uint32_t(label));
        line("br_if " + std::to_string(label));
    }
};

// ---- [SECTION] eligibility ----------------------------------------------------------------------
const std::set<std::string>& unary_ops() {
    static const std::set<std::string> s = {"neg",   "abs",       "sqrt",       "rsqrt", "reciprocal", "exp",  "sigmoid", "silu",
                                            "tanh",  "gelu_tanh", "erf", "gelu", "log", "relu",       "leaky_relu", "clamp", "floor", "ceil", "round", "sign",
                                            "sgn",   "frac",      "deg2rad",    "rad2deg"};
    return s;
}
const std::set<std::string>& binary_ops() {
    static const std::set<std::string> s = {"add", "sub", "mul", "div", "maximum", "minimum", "eq",        "ne",
                                            "lt",  "le",  "gt",  "ge",  "fmax",    "fmin",    "div_trunc", "heaviside"};
    return s;
}
const std::set<std::string>& ternary_ops() {
    static const std::set<std::string> s = {"where", "addcmul", "addcdiv"};
    return s;
}

// A load or store after merging dims: strides over the merged dims (innermost last).
struct Access {
    std::vector<int64_t> strides;
    int64_t offset = 0;
};

// byte addresses are i32 in wasm32: every extent must stay below 2^31.
constexpr int64_t kMaxBytes = int64_t(1) << 31;

class Gen {
  public:
    Gen(const Plan& p, int ki, const WasmFeatures& features = {}) : p_(p), k_(p.kernels.at(size_t(ki))), features_(features) {}

    // "" when eligible; fills the merged geometry.
    std::string analyze() {
        const Kernel& k = k_;
        reduction_ = k.kind == kernel::KernelKind::Reduction;
        if (!reduction_ && k.nr != 0) return "a pointwise kernel with r dims";
        if (reduction_ && k.nr != 1) return "a reduction over " + std::to_string(k.nr) + " dims (one is generated)";
        if (k.compute != DType::Float32) return std::string("compute type ") + dtype_name(k.compute);
        // A reduction of everything (x.sum()) has no x dims: one row. A pointwise kernel of 0-d
        // values (a scalar loss's backward, x * y of two 0-d tensors) is one point: merge_dims makes it
        // one row of one element, as it does for all-size-1 dims (the op matrix found them declined).
        if (k.nx < 0 || int(k.sizes.size()) != k.nx + k.nr) return "no x dims";
        // A sum over an empty r dim (the gradient of a broadcast operand of an empty result) is its
        // identity, 0: every loop tests its bound before its first trip, so a row of 0 elements
        // stores the accumulators' start. (max/min over nothing raise in eager before any kernel.)
        bool sums_only = reduction_;
        for (const Stmt& s : k.stmts) sums_only = sums_only && (s.code != Code::Reduce || s.op == "sum");
        int64_t numel = 1;  // multiplied with a bound check: no overflow whatever the sizes
        for (size_t d = 0; d < k.sizes.size(); ++d) {
            const int64_t sz = k.sizes[d];
            if (sz == 0 && sums_only && int(d) >= k.nx) continue;
            if (sz < 1) return "an empty or negative dim";
            if (numel > (kMaxBytes / 4 - 1) / sz) return "2^29 elements or more";
            numel *= sz;
        }
        for (size_t pi = 0; pi < k.phases.size(); ++pi)
            for (int id : k.phases[pi].stmts) {
                if (id < 0 || size_t(id) >= k.stmts.size()) return "a statement id out of range";
                if (phase_of_.count(id)) return "a statement in two places";
                order_.push_back(id);
                phase_of_[id] = int(pi);
            }
        std::set<int> defined;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            for (int a : s.args) {
                if (!defined.count(a)) return "an operand used before it is defined";
                // In a reduction, from another phase only a row value (a Reduce result, an Outer
                // value) or a constant: an Inner value of another loop over r has no single value
                // here. (A pointwise kernel's phases all run at the same point: any earlier value.)
                const Stmt& as = k.stmts[size_t(a)];
                if (reduction_ && phase_of_[a] != phase_of_[id] && as.code != Code::Constant && as.code != Code::Reduce &&
                    k.phases[size_t(phase_of_[a])].kind != kernel::PhaseKind::Outer)
                    return "an operand from another phase's loop";
                // A Reduce result is ready only after its loop: not an operand inside it.
                if (as.code == Code::Reduce && phase_of_[a] == phase_of_[id]) return "a reduction's result used inside its own loop";
            }
            switch (s.code) {
                case Code::Load:
                case Code::Store: {
                    if (s.buffer < 0 || size_t(s.buffer) >= p_.buffers.size()) return "a buffer id out of range";
                    const kernel::Buffer& b = p_.buffers[size_t(s.buffer)];
                    if (b.dtype != DType::Float32) return std::string("a ") + dtype_name(b.dtype) + " buffer";
                    if (b.nbytes() >= kMaxBytes) return "a buffer of 2 GiB or more";
                    if (s.index.strides.size() != k.sizes.size()) return "an index of the wrong rank";
                    // Byte offsets are i32 constants of the module.
                    if (s.index.offset < 0 || s.index.offset >= kMaxBytes / 4) return "an offset out of range";
                    for (int64_t st : s.index.strides)
                        if (st < 0 || st >= kMaxBytes / 4) return "a stride out of range";
                    if (s.code == Code::Store && s.args.size() != 1) return "a store without a value";
                    break;
                }
                case Code::Constant: break;
                case Code::Unary:
                    if (!unary_ops().count(s.op) || s.args.size() != 1) return "op " + s.op;
                    break;
                case Code::Binary:
                    if (!binary_ops().count(s.op) || s.args.size() != 2) return "op " + s.op;
                    break;
                case Code::Ternary:
                    if (!ternary_ops().count(s.op) || s.args.size() != 3) return "op " + s.op;
                    break;
                case Code::Cast:
                    if (s.args.size() != 1 || (s.dtype != DType::Float32 && s.dtype != DType::Float64 && s.dtype != DType::Bool &&
                                               s.dtype != DType::Int64))
                        return std::string("a cast to ") + dtype_name(s.dtype);
                    break;
                case Code::Reduce:
                    if (!reduction_ || k.phases[size_t(phase_of_[id])].kind != kernel::PhaseKind::Inner) return "a misplaced reduction";
                    if ((s.op != "sum" && s.op != "max" && s.op != "min") || s.args.size() != 1) return "a " + s.op + " reduction";
                    break;
            }
            defined.insert(id);
        }
        if (reduction_) {
            const std::string why = merge_x();
            if (!why.empty()) return why;
        } else {
            merge_dims();
        }
        // Inductor's argument order, so the text reads like the C++ kernel's.
        for (const std::vector<int>* ids : {&k.in_out, &k.inputs, &k.outputs})
            for (int b : *ids) {
                if (b < 0 || size_t(b) >= p_.buffers.size()) return "a buffer id out of range";
                if (!param_of_.count(b)) {
                    param_of_[b] = int(buffers_.size());
                    buffers_.push_back(b);
                    param_names_.push_back(ids == &k.in_out ? "in_out_ptr" + std::to_string(n_inout_++)
                                           : ids == &k.inputs ? "in_ptr" + std::to_string(n_in_++)
                                                              : "out_ptr" + std::to_string(n_out_++));
                }
            }
        if (int(buffers_.size()) > kWasmMaxBuffers) return "more than " + std::to_string(kWasmMaxBuffers) + " buffers";
        if (reduction_) return check_reduction_accesses();
        std::map<int, std::vector<const Access*>> stores_of;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load && s.code != Code::Store) continue;
            if (!param_of_.count(s.buffer)) return "a buffer that is not an argument";
            const int64_t inner = access_[id].strides.back();
            if (s.code == Code::Store) {
                if (inner != 1) return "a store that is not contiguous along the innermost dim";
                stores_of[s.buffer].push_back(&access_[id]);
            } else if (inner > 1) {
                if (inner >= kMaxBytes / 12) return "a load too strided to gather (4 lanes 2 GiB apart)";
                gather_ = true;  // a transposed or strided view: 4 lanes from 4 addresses (gather())
            }
        }
        // A buffer the kernel writes may only be read at the element the same point writes: groups of
        // 4 would otherwise see a neighbour's old or new value in another order than the interpreter.
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load || !stores_of.count(s.buffer)) continue;
            for (const Access* st : stores_of[s.buffer])
                if (st->strides != access_[id].strides || st->offset != access_[id].offset)
                    return "a buffer read and written at different elements";
        }
        return "";
    }

    WasmModule emit() {
        if (reduction_) return columns_ ? emit_columns() : emit_reduction();
        const Kernel& k = k_;
        Asm a;
        plan_tiles();
        for (const std::string& n : param_names_) params_.push_back(a.param(n));
        const int scratch = tr_slot_.empty() ? -1 : a.param("scratch");
        const int n = a.param("n");
        const int m = int(sizes_.size());
        const int jb = a.local("jb", kI32), endb = a.local("endb", kI32);
        std::vector<int> idx;  // outer dim counters
        for (int d = 0; d + 1 < m; ++d) idx.push_back(a.local("i" + std::to_string(d), kI32));
        const int bound0 = m > 1 ? a.local("bound0", kI32) : -1;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Store || s.code == Code::Constant) continue;
            val_[id] = a.local(detail::tmp(id), kV128);
        }
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if ((s.code == Code::Load && access_[id].strides.back() != 0) || s.code == Code::Store)
                base_[id] = a.local("base" + std::to_string(id), kI32);
        }
        if (gather_) gaddr_ = a.local("gaddr", kI32);
        if (!tiled_) plan_fission();
        const int jg = fission_ ? a.local("jg", kI32) : -1, be = fission_ ? a.local("be", kI32) : -1,
                  endg = fission_ ? a.local("endg", kI32) : -1;
        a_ = &a;

        // Extents: the innermost in bytes; the outermost derived from n (the rest are constants).
        int64_t inner_rest = 1;
        for (int d = 1; d < m; ++d) inner_rest *= sizes_[size_t(d)];
        if (m == 1) {
            a.comment("row: n elements");
            a.get(n);
            a.i32c(2);
            a.op(0x74, "i32.shl");
        } else {
            a.comment("rows of " + std::to_string(sizes_.back()) + " elements; dim 0 extent = n / " + std::to_string(inner_rest));
            a.get(n);
            a.i32c(inner_rest);
            a.op(0x6e, "i32.div_u");
            a.set(bound0);
            a.i32c(sizes_.back() * 4);
        }
        a.set(endb);
        // Tiles: the last two dims in blocks of rows() x cols() (columns outer), else whole rows; a
        // tile's transposed loads first copied transposed into the scratch area (transpose_tile).
        const int row_dim = m - 1 - (tiled_ ? 1 : 0);  // the dims before it loop whole
        for (int d = 0; d < row_dim; ++d) loop_open(idx[size_t(d)], d, bound0);
        int jt = -1, tend = -1, it = -1, iend = -1;
        if (tiled_) {
            const int d = m - 2;
            jt = a.local("jt", kI32), tend = a.local("tend", kI32), it = a.local("it", kI32), iend = a.local("iend", kI32);
            a.comment("tiles of " + std::to_string(rows()) + " rows x " + std::to_string(cols()) +
                      " columns, so the strided loads' cache lines serve every row of a tile");
            a.i32c(0), a.set(jt);
            a.block(), a.loop();
            a.get(jt), a.get(endb), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            a.get(jt), a.i32c(cols() * 4), a.op(0x6a, "i32.add"), a.set(tend);
            min_into(tend, [&] { a.get(endb); });
            a.i32c(0), a.set(it);
            a.block(), a.loop();
            a.get(it), dim_bound(d, bound0), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            a.get(it), a.i32c(rows()), a.op(0x6a, "i32.add"), a.set(iend);
            min_into(iend, [&] { dim_bound(d, bound0); });
            transpose_tile(scratch, idx, it, iend, jt, tend);
            a.get(it), a.set(idx[size_t(d)]);
            a.block(), a.loop();
            a.get(idx[size_t(d)]), a.get(iend), a.op(0x4f, "i32.ge_u"), a.br_if(1);
        }
        // Row starts: element addresses of contiguous accesses, broadcast values.
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load && s.code != Code::Store) continue;
            if (tr_slot_.count(id)) {  // its row in the tile's transposed copy, less jt (the row loop adds jb)
                a.comment("row start of " + detail::tmp(id) + " in the tile's transposed copy");
                push_copy_row(scratch, tr_slot_.at(id), idx[size_t(m - 2)], it);
                a.get(jt), a.op(0x6b, "i32.sub");
                a.set(base_[id]);
                continue;
            }
            push_address(id, idx, m - 1);
            if (base_.count(id)) {
                a.set(base_[id]);
            } else {
                a.v128_load32_splat();  // broadcast along the row: one value for all its elements
                a.set(val_[id]);
            }
        }
        const int row_end = tiled_ ? tend : endb;
        if (tiled_) a.get(jt);
        else a.i32c(0);
        a.set(jb);
        // Groups of 4 while jb + 16 <= row_end. (Two groups per iteration measured no faster in V8:
        // the loop is bound by instruction throughput: V8 makes 55 x86 instructions of a group of
        // the benchmark's sigmoid chain, 42 with relaxed SIMD.)
        if (fission_) {
            staged_groups(jb, endb, jg, be, endg);
        } else {
            a.comment("groups of 4 elements");
            row_loop(order_, jb, row_end, true);
        }
        // The 0-3 elements left: the same statements on splatted scalars, lane 0 stored.
        a.comment("the last 0-3 elements, one at a time");
        row_loop(order_, jb, row_end, false);
        if (tiled_) {
            loop_close(idx[size_t(m - 2)]);
            a.get(it), a.i32c(rows()), a.op(0x6a, "i32.add"), a.set(it);
            a.br(0), a.end(), a.end();
            a.get(jt), a.i32c(cols() * 4), a.op(0x6a, "i32.add"), a.set(jt);
            a.br(0), a.end(), a.end();
        }
        for (int d = row_dim - 1; d >= 0; --d) loop_close(idx[size_t(d)]);
        WasmModule out = finish(a);
        out.scratch_bytes = int64_t(tr_slot_.size()) * rows() * cols() * 4;
        return out;
    }

  private:
    // ---- loops over the outer dims ----
    // Dim d's extent: dim 0's derived from n at the start (bound0), the others constants.
    void dim_bound(int d, int bound0) {
        if (d == 0) a_->get(bound0);
        else a_->i32c(sizes_[size_t(d)]);
    }
    // for (i = 0; i < extent of dim d; ++i) { ... } as block/loop, closed by loop_close.
    void loop_open(int i, int d, int bound0) {
        Asm& a = *a_;
        a.i32c(0), a.set(i);
        a.block(), a.loop();
        a.get(i), dim_bound(d, bound0), a.op(0x4f, "i32.ge_u"), a.br_if(1);
    }
    void loop_close(int i) {
        Asm& a = *a_;
        a.get(i), a.i32c(1), a.op(0x6a, "i32.add"), a.set(i);
        a.br(0), a.end(), a.end();
    }
    // x = min(x, the i32 `push_bound` pushes), unsigned.
    template <typename F>
    void min_into(int x, F push_bound) {
        Asm& a = *a_;
        push_bound(), a.get(x), a.get(x), push_bound(), a.op(0x4b, "i32.gt_u"), a.op(0x1b, "select"), a.set(x);
    }

    // ---- tiles ----
    // A load that walks the row with a stride (x.t() + y: each element of a row from another row of
    // x) reads a cache line per element; along the dim before, the next row's elements are those
    // lines' neighbours. Walking the last two dims in tiles, the lines one row of a tile brings in
    // serve the tile's next rows before they leave L1, as the interpreter's and the C++ tiles do.
    // Only 8 columns wide: a tile's column of lines are a row stride apart, and where that stride is
    // a multiple of 4 KB they all fall into one set of the L1 cache (12 ways on Zen 4/5, 8-12 on
    // Intel's). x.t() + y [1024, 1024] in V8 (dev VM, AMD EPYC): 3.6 ms untiled, 3.1 with 64 columns,
    // 2.0 with 32, 1.1 with 16, 0.95 with 8 (2.3 with 4: half of each line of y and out used);
    // the number of rows changed nothing from 8 to 1024.
    static constexpr int64_t kTileCols = 8, kTileRows = 32;
    // Tiles whose transposed loads are copied transposed (transpose_tile) read no column of lines
    // in the row loop: 16 x 16, as Inductor's, where every line of the other operands is used whole
    // within a tile. x.t() + y [1024, 1024] in V8: 0.49-0.55 ms (16 x 32: 0.63-0.74, 32 x 32:
    // 0.47-1.0, 8 columns: 1.1-1.6), where gathering took 0.95.
    static constexpr int64_t kTransposeTile = 16;
    int64_t cols() const { return tr_slot_.empty() ? kTileCols : kTransposeTile; }
    int64_t rows() const { return tr_slot_.empty() ? kTileRows : kTransposeTile; }
    void plan_tiles() {
        const int m = int(sizes_.size());
        if (!gather_ || m < 2 || sizes_[size_t(m - 2)] < 16 || sizes_.back() < 16) return;
        for (const auto& [id, ac] : access_)
            if (k_.stmts[size_t(id)].code == Code::Load && ac.strides.back() > 1 &&
                ac.strides[size_t(m - 2)] < ac.strides.back())
                tiled_ = true;
        // Loads of a transposed view (stride 1 along the row dim) over dims that are multiples of 4
        // (every block of a tile whole) and that no store writes: copied per tile, transposed.
        if (!tiled_ || sizes_[size_t(m - 2)] % 4 != 0 || sizes_.back() % 4 != 0) return;
        std::set<int> stored;
        for (int id : order_)
            if (k_.stmts[size_t(id)].code == Code::Store) stored.insert(k_.stmts[size_t(id)].buffer);
        for (int id : order_) {
            const Stmt& s = k_.stmts[size_t(id)];
            if (s.code != Code::Load) continue;
            const Access& ac = access_.at(id);
            if (ac.strides.back() > 1 && ac.strides[size_t(m - 2)] == 1 && !stored.count(s.buffer)) {
                const int slot = int(tr_slot_.size());
                tr_slot_[id] = slot;
            }
        }
    }

    // Before a tile's rows: each transposed load's tile copied into its slot of the scratch area
    // (rows() rows of cols() floats), 4 x 4 blocks at a time, 4 columns of the tile after another
    // (the 4 source lines they read stay in L1 down the tile). A block is 4 v128.loads along the
    // view's rows (4 consecutive rows of one column each: contiguous in memory), turned into 4
    // vectors of one row each by 8 i8x16.shuffles (the 32-bit interleaves V8 makes unpcklps,
    // unpckhps, movlhps and movhlps of), stored to the copy's rows. The row loop then loads the
    // copy contiguously. Per 16 elements: 4 loads, 8 shuffles, 4 stores, 4 loads, where gathering
    // took 16 lane loads.
    void transpose_tile(int scratch, const std::vector<int>& idx, int it, int iend, int jt, int tend) {
        if (tr_slot_.empty()) return;
        Asm& a = *a_;
        const int m = int(sizes_.size());
        if (tr_i_ < 0) {
            tr_i_ = a.local("tr_i", kI32), tr_j_ = a.local("tr_j", kI32), tr_src_ = a.local("tr_src", kI32), tr_dst_ = a.local("tr_dst", kI32);
            for (int q = 0; q < 4; ++q) tr_v_[q] = a.local("tr_v" + std::to_string(q), kV128);
            for (int q = 0; q < 4; ++q) tr_t_[q] = a.local("tr_t" + std::to_string(q), kV128);
        }
        for (const auto& [id, slot] : tr_slot_) {
            const Access& ac = access_.at(id);
            const int64_t sb = ac.strides.back() * 4;  // bytes between the view's columns
            a.comment("the tile of " + detail::tmp(id) + " transposed 4 x 4 at a time into the scratch area");
            a.get(jt), a.set(tr_j_);
            a.block(), a.loop();
            a.get(tr_j_), a.get(tend), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            a.get(it), a.set(tr_i_);
            a.block(), a.loop();
            a.get(tr_i_), a.get(iend), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            // src: the block's element (tr_i, tr_j / 4) of the view; its column c lies c * sb further
            push_address(id, idx, m - 2);
            a.get(tr_i_), a.i32c(4), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
            a.get(tr_j_), a.i32c(ac.strides.back()), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
            a.set(tr_src_);
            for (int c = 0; c < 4; ++c) a.get(tr_src_), a.v128_load(uint32_t(c * sb)), a.set(tr_v_[c]);
            // t0 = (v0, v1) interleaved low, t1 high, t2 = (v2, v3) low, t3 high; row r = halves of those
            shuffle32(tr_v_[0], tr_v_[1], {0, 4, 1, 5}), a.set(tr_t_[0]);
            shuffle32(tr_v_[0], tr_v_[1], {2, 6, 3, 7}), a.set(tr_t_[1]);
            shuffle32(tr_v_[2], tr_v_[3], {0, 4, 1, 5}), a.set(tr_t_[2]);
            shuffle32(tr_v_[2], tr_v_[3], {2, 6, 3, 7}), a.set(tr_t_[3]);
            // dst: the copy's row tr_i, at column bytes tr_j - jt
            push_copy_row(scratch, slot, tr_i_, it);
            a.get(tr_j_), a.get(jt), a.op(0x6b, "i32.sub"), a.op(0x6a, "i32.add");
            a.set(tr_dst_);
            const uint32_t row = uint32_t(cols() * 4);
            a.get(tr_dst_), shuffle32(tr_t_[0], tr_t_[2], {0, 1, 4, 5}), a.v128_store(0);
            a.get(tr_dst_), shuffle32(tr_t_[0], tr_t_[2], {2, 3, 6, 7}), a.v128_store(row);
            a.get(tr_dst_), shuffle32(tr_t_[1], tr_t_[3], {0, 1, 4, 5}), a.v128_store(2 * row);
            a.get(tr_dst_), shuffle32(tr_t_[1], tr_t_[3], {2, 3, 6, 7}), a.v128_store(3 * row);
            a.get(tr_i_), a.i32c(4), a.op(0x6a, "i32.add"), a.set(tr_i_);
            a.br(0), a.end(), a.end();
            a.get(tr_j_), a.i32c(16), a.op(0x6a, "i32.add"), a.set(tr_j_);
            a.br(0), a.end(), a.end();
        }
    }

    // The byte address of access `id`'s element with the counters idx[d] of the dims d < upto and
    // the others at 0: its buffer's parameter + offset + idx[d] * stride[d] for each dim it moves along.
    void push_address(int id, const std::vector<int>& idx, int upto) {
        Asm& a = *a_;
        const Access& ac = access_.at(id);
        a.get(params_[size_t(param_of_.at(k_.stmts[size_t(id)].buffer))]);
        if (ac.offset) a.i32c(ac.offset * 4), a.op(0x6a, "i32.add");
        for (int d = 0; d < upto; ++d)
            if (ac.strides[size_t(d)] != 0)
                a.get(idx[size_t(d)]), a.i32c(ac.strides[size_t(d)] * 4), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
    }
    // The address of row `row` (a local, it <= row < it + rows()) of the tile copy in scratch slot `slot`.
    void push_copy_row(int scratch, int slot, int row, int it) {
        Asm& a = *a_;
        a.get(scratch), a.i32c(slot * rows() * cols() * 4), a.op(0x6a, "i32.add");
        a.get(row), a.get(it), a.op(0x6b, "i32.sub"), a.i32c(cols() * 4), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
    }

    // i8x16.shuffle of whole floats: lanes 0-3 from local x, 4-7 from local y.
    void shuffle32(int x, int y, const std::array<int, 4>& lanes) {
        Asm& a = *a_;
        a.get(x), a.get(y);
        a.code.push_back(0xfd);
        uleb(a.code, 0x0d);  // i8x16.shuffle, then its 16 byte indices
        std::string text = "i8x16.shuffle";
        for (int lane : lanes)
            for (int b = 0; b < 4; ++b) {
                a.code.push_back(uint8_t(lane * 4 + b));
                text += ' ';  // (appended in two steps: " " + to_string trips GCC 12's -Wrestrict)
                text += std::to_string(lane * 4 + b);
            }
        a.line(text);
    }

    // 4 lanes of a strided load at byte offset jb of the row (element j at base + 4 j s): lane 0
    // by load32_zero, lanes 1-3 by load32_lane, their distance in the memarg's constant offset;
    // one element splatted when !vec.
    void gather(int id, int jb, bool vec, uint32_t offset) {
        Asm& a = *a_;
        const int64_t s = access_.at(id).strides.back();
        a.get(base_.at(id)), a.get(jb), a.i32c(s), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
        const uint32_t off = uint32_t(int64_t(offset) * s);
        if (!vec) {
            a.v128_load32_splat(off);
            return;
        }
        a.set(gaddr_);
        a.get(gaddr_), a.v128_load32_zero(off);
        for (int l = 1; l < 4; ++l) {
            a.set(val_.at(id));
            a.get(gaddr_), a.get(val_.at(id)), a.v128_load32_lane(off + uint32_t(4 * s * l), l);
        }
    }

    const Plan& p_;
    const Kernel& k_;
    const WasmFeatures features_;
    std::vector<int> order_;
    std::vector<int64_t> sizes_;     // merged dims, innermost last
    std::map<int, Access> access_;   // per Load/Store statement
    std::map<int, int> param_of_;    // buffer id -> parameter position
    std::vector<int> buffers_;
    std::vector<std::string> param_names_;
    int n_inout_ = 0, n_in_ = 0, n_out_ = 0;
    // emission state
    Asm* a_ = nullptr;
    std::vector<int> params_;
    std::map<int, int> val_;   // statement -> its v128 local
    std::map<int, int> base_;  // contiguous or strided access -> its row address local
    bool gather_ = false;      // a load strided along the row (gather())
    bool tiled_ = false;       // the last two dims walk in tiles (plan_tiles)
    int gaddr_ = -1;           // gather()'s lane 0 address
    std::map<int, int> tr_slot_;  // a transposed load -> its slot of the scratch area (transpose_tile)
    int tr_i_ = -1, tr_j_ = -1, tr_src_ = -1, tr_dst_ = -1, tr_v_[4] = {-1, -1, -1, -1}, tr_t_[4] = {-1, -1, -1, -1};
    int scratch_count_ = 0;
    // loop fission (pointwise kernels): see plan_fission
    struct Fission {
        std::vector<std::vector<int>> stages;         // the statements each stage's loop emits
        std::vector<std::vector<int>> reads, writes;  // staged values loaded at a stage's start / stored at its end
        std::map<int, int> slot;                      // staged value -> the Store whose elements hold it meanwhile
        std::string ops;                              // "sigmoid | tanh": the transcendentals per stage
    };
    std::optional<Fission> fission_;
    // reductions
    bool reduction_ = false;
    std::map<int, int> phase_of_;              // statement -> its phase
    std::map<int, std::vector<int>> acc_;      // Reduce statement -> its v128 accumulators, one per unrolled group
    std::map<int, int> tail_acc_;              // Reduce statement -> the accumulator of the row's last 0-3 elements
    int unroll_ = 0;                           // the unrolled group body() emits
    std::map<int, int> keep_in_;               // statement -> the Store whose row elements keep it for a later phase
    std::map<int, int> read_from_;             // statement -> the Store whose row elements it is read from
    std::set<int> skipped_;                    // statements a later phase no longer computes
    // column reductions (emit_columns)
    bool columns_ = false;
    int64_t col_stride_ = 0;                   // the r stride of every access that moves along r
    int64_t col_width_ = 0;                    // x points per block
    std::map<int, int> col_slot_;              // row value -> its row of the scratch area
    int rb_ = -1, xg_ = -1, jx_ = -1, sp_ = -1;  // locals: r's byte offset, x's in the block, their sum, scratch + xg
    int cur_phase_ = -1;                       // the phase body() emits
    bool cur_vec_ = false;                     // whether body() emits 4 lanes

    // A loop over the row from byte jb: groups of 4 elements (16 bytes, while jb + 16 <= endb) or
    // single elements (4 bytes, while jb < endb), running the statements `ids`; `unroll` groups
    // per iteration, the u-th with its own Reduce accumulators (a reduction folding each group into
    // one accumulator waits on the fold before: in V8 a row softmax spent most of its time there).
    static constexpr int kRowUnroll = 4;
    void row_loop(const std::vector<int>& ids, int jb, int endb, bool groups, int unroll = 1) {
        Asm& a = *a_;
        a.block();
        a.loop();
        a.get(jb);
        if (groups) {
            a.i32c(16 * unroll);
            a.op(0x6a, "i32.add");
            a.get(endb);
            a.op(0x4b, "i32.gt_u");
        } else {
            a.get(endb);
            a.op(0x4f, "i32.ge_u");
        }
        a.br_if(1);
        for (unroll_ = 0; unroll_ < unroll; ++unroll_) body(ids, jb, groups, uint32_t(16 * unroll_));
        unroll_ = 0;
        a.get(jb);
        a.i32c(groups ? 16 * unroll : 4);
        a.op(0x6a, "i32.add");
        a.set(jb);
        a.br(0);
        a.end();
        a.end();
    }

    // How many Store statements write each buffer (an output stored once can hold a value meanwhile).
    std::map<int, int> stores_per_buffer() const {
        std::map<int, int> n;
        for (int id : order_)
            if (k_.stmts[size_t(id)].code == Code::Store) ++n[k_.stmts[size_t(id)].buffer];
        return n;
    }

    // ---- loop fission ----
    // As codegen/cpp does it (KernelText::fission_stages), for the same reason: a fused body with a
    // transcendental or two is one long chain of dependent vector operations, and the CPU overlaps
    // only as many groups of 4 as its schedulers hold. Split into one loop per stage over a block of
    // the row, each loop's body is short and its groups independent. In V8 (2^20 floats, relaxed
    // SIMD, the 2-core dev VM) the anchor chain split at its sigmoid and tanh took 1.35-1.73 ms as two
    // kernels where the fused kernel took 2.1-2.5, and the benchmark's 5-op chain 0.75 ms as its
    // arithmetic then its sigmoid against 0.83 fused: here the cut before the first transcendental
    // pays as well (fewer constants live in one loop: V8 has 16 vector registers).
    //
    // The module has no memory of its own for the values that cross a cut: each is staged in the
    // elements of an output buffer that the kernel stores once, never loads, and stores only in a
    // stage at or after the value's last reader; that store overwrites it. Where the staged values
    // do not fit (more of them live at once than such outputs), the kernel keeps its one loop.
    static constexpr int64_t kFissionBlock = 1024;  // elements per block: 4 KB per staged value, in L1
    static constexpr int64_t kFissionMinRow = 64;   // a shorter row keeps the one loop

    void plan_fission() {
        if (reduction_ || sizes_.back() < kFissionMinRow) return;
        const detail::KernelText kt(p_, k_, "WebAssembly");
        const std::vector<std::vector<int>> stages = kt.fission_stages(order_, true);
        if (stages.size() < 2) return;
        std::map<int, size_t> stage_of;
        for (size_t st = 0; st < stages.size(); ++st)
            for (int id : stages[st]) stage_of[id] = st;
        // Outputs that can hold staged values: stored by one statement, never loaded.
        struct Slot {
            int store;
            size_t free_from = 0;  // the stage that last reads its previous occupant
        };
        std::map<int, int> stores = stores_per_buffer();
        std::set<int> loaded;
        for (int id : order_)
            if (k_.stmts[size_t(id)].code == Code::Load) loaded.insert(k_.stmts[size_t(id)].buffer);
        std::vector<Slot> slots;
        for (int id : order_) {
            const Stmt& s = k_.stmts[size_t(id)];
            if (s.code == Code::Store && stores[s.buffer] == 1 && !loaded.count(s.buffer)) slots.push_back({id});
        }
        Fission f;
        f.reads.resize(stages.size());
        f.writes.resize(stages.size());
        std::vector<std::set<int>> again(stages.size());
        std::map<int, size_t> last_read;  // staged value -> the last stage reading it
        for (size_t st = 1; st < stages.size(); ++st)
            for (int id : stages[st])
                for (int a : k_.stmts[size_t(id)].args) {
                    if (stage_of.at(a) == st) continue;
                    if (kt.emitted_again(a, order_)) {
                        again[st].insert(a);
                    } else if (!last_read.count(a) || last_read[a] != st) {
                        f.reads[st].push_back(a);
                        last_read[a] = st;
                    }
                }
        std::vector<int> staged;  // in the order they are defined
        for (int id : order_)
            if (last_read.count(id)) staged.push_back(id);
        for (int v : staged) {
            const size_t def = stage_of.at(v), last = last_read.at(v);
            Slot* fit = nullptr;
            for (Slot& sl : slots)
                if (sl.free_from <= def && stage_of.at(sl.store) >= last) {
                    fit = &sl;
                    break;
                }
            if (!fit) return;
            fit->free_from = last;
            f.slot[v] = fit->store;
            f.writes[def].push_back(v);
        }
        for (size_t st = 0; st < stages.size(); ++st) {
            std::vector<int> ids;
            for (int id : order_)  // loads again first, in program order (constants are pushed where used)
                if (again[st].count(id) && k_.stmts[size_t(id)].code == Code::Load) ids.push_back(id);
            ids.insert(ids.end(), stages[st].begin(), stages[st].end());
            f.stages.push_back(ids);
            std::string names;
            for (int id : stages[st])
                if (kt.transcendental(id)) names += (names.empty() ? "" : " ") + k_.stmts[size_t(id)].op;
            f.ops += (st ? " | " : "") + (names.empty() ? std::string("arithmetic") : names);
        }
        fission_ = std::move(f);
    }

    // The row's groups of 4 (bytes [0, endb) rounded down to 16), in blocks of kFissionBlock
    // elements, one loop per stage over each block; leaves jb at the first byte of the tail.
    void staged_groups(int jb, int endb, int jg, int be, int endg) {
        Asm& a = *a_;
        const Fission& f = *fission_;
        std::set<int> outs;
        for (const auto& [v, store] : f.slot) outs.insert(store);
        std::string where;
        for (int store : outs)
            where += (where.empty() ? "" : ", ") + param_names_[size_t(param_of_.at(k_.stmts[size_t(store)].buffer))];
        a.comment("loop fission: " + std::to_string(f.stages.size()) + " loops over blocks of " + std::to_string(kFissionBlock) +
                  " elements (" + f.ops + "), the values between them staged in " + where);
        a.get(endb), a.i32c(-16), a.op(0x71, "i32.and"), a.set(endg);
        a.block();
        a.loop();
        a.get(jb), a.get(endg), a.op(0x4f, "i32.ge_u"), a.br_if(1);
        // be = min(jb + block, endg)
        a.get(jb), a.i32c(kFissionBlock * 4), a.op(0x6a, "i32.add"), a.set(be);
        a.get(endg), a.get(be), a.get(be), a.get(endg), a.op(0x4b, "i32.gt_u"), a.op(0x1b, "select"), a.set(be);
        for (size_t st = 0; st < f.stages.size(); ++st) {
            a.comment("stage " + std::to_string(st + 1) + " of " + std::to_string(f.stages.size()) + ": groups of 4 elements");
            a.get(jb), a.set(jg);
            a.block();
            a.loop();
            a.get(jg), a.get(be), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            for (int v : f.reads[st]) {
                a.comment(detail::tmp(v) + " = staged");
                a.get(base_.at(f.slot.at(v))), a.get(jg), a.op(0x6a, "i32.add"), a.v128_load(0), a.set(val_.at(v));
            }
            body(f.stages[st], jg, true, 0);
            for (int v : f.writes[st]) {
                a.comment("stage " + detail::tmp(v));
                a.get(base_.at(f.slot.at(v))), a.get(jg), a.op(0x6a, "i32.add"), a.get(val_.at(v)), a.v128_store(0);
            }
            a.get(jg), a.i32c(16), a.op(0x6a, "i32.add"), a.set(jg);
            a.br(0);
            a.end();
            a.end();
        }
        a.get(be), a.set(jb);
        a.br(0);
        a.end();
        a.end();
    }

    // ---- [SECTION] reductions: one r dim, the x dims merged into rows ----
    // sizes_ becomes {rows, r}, every access {x stride, r stride}: x dims merge when every access
    // walks them as one (as merge_dims does for pointwise kernels); otherwise declined.
    std::string merge_x() {
        const Kernel& k = k_;
        std::vector<int> ids;
        for (int id : order_) {
            const Code c = k.stmts[size_t(id)].code;
            if (c == Code::Load || c == Code::Store) ids.push_back(id);
        }
        int64_t rows = 0;  // 0 until the innermost x dim of size > 1
        std::vector<int64_t> xs(ids.size(), 0);
        for (int d = k.nx - 1; d >= 0; --d) {
            const int64_t sz = k.sizes[size_t(d)];
            if (sz == 1) continue;
            for (size_t i = 0; i < ids.size(); ++i) {
                const int64_t st = k.stmts[size_t(ids[i])].index.strides[size_t(d)];
                if (rows == 0) xs[i] = st;
                else if (st != xs[i] * rows) return "x dims that do not merge into one";
            }
            rows = rows == 0 ? sz : rows * sz;
        }
        sizes_ = {rows == 0 ? 1 : rows, k.sizes.back()};
        for (size_t i = 0; i < ids.size(); ++i) {
            const Stmt& s = k.stmts[size_t(ids[i])];
            access_[ids[i]] = Access{{xs[i], s.index.strides.back()}, s.index.offset};
        }
        return "";
    }

    // Inner phases load along r contiguously or once per row (stride 0) and store contiguously;
    // Outer phases touch one element per row. A buffer both read and written is declined: the rows'
    // phases would interleave its reads and writes otherwise than the interpreter's blocks of rows.
    std::string check_reduction_accesses() {
        const Kernel& k = k_;
        for (int id : order_) {
            const Code c = k.stmts[size_t(id)].code;
            if ((c == Code::Load || c == Code::Store) && access_[id].strides[1] > 1) return check_column_accesses(access_[id].strides[1]);
        }
        std::set<int> written;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load && s.code != Code::Store) continue;
            if (!param_of_.count(s.buffer)) return "a buffer that is not an argument";
            const int64_t rs = access_[id].strides[1];
            const bool outer = k.phases[size_t(phase_of_[id])].kind == kernel::PhaseKind::Outer;
            if (outer && rs != 0) return "an Outer phase access that moves along r";
            if (s.code == Code::Store && !outer && rs != 1) return "a store that is not contiguous along r";
            if (s.code == Code::Load && rs != 0 && rs != 1) return "a load that is neither contiguous nor broadcast along r";
            if (s.code == Code::Store) written.insert(s.buffer);
        }
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Load && written.count(s.buffer)) return "a reduction that reads a buffer it writes";
        }
        return "";
    }

    // acc op v per lane for a Reduce op, with acc and v pushed by the callbacks: sum adds; max and
    // min as the interpreter's (v != v || v > acc) ? v : acc, so NaN propagates.
    template <typename A, typename V>
    void combine(const std::string& op, const A& acc, const V& v) {
        if (op == "sum") {
            acc(), v(), f(simd::f32x4_add, "f32x4.add");
            return;
        }
        select(v, acc, [&] {
            v(), v(), f(simd::f32x4_ne, "f32x4.ne");
            v(), acc(), op == "max" ? f(simd::f32x4_gt, "f32x4.gt") : f(simd::f32x4_lt, "f32x4.lt");
            f(simd::v128_or, "v128.or");
        });
    }

    // The local `l` combined with itself lanes swapped as `lanes` says (i8x16.shuffle of whole floats).
    void fold_lanes(const std::string& op, int l, const int (&lanes)[4]) {
        Asm& a = *a_;
        combine(op, [&] { a.get(l); }, [&] { shuffle32(l, l, {lanes[0], lanes[1], lanes[2], lanes[3]}); });
        a.set(l);
    }

    // A transcendental value that a later phase of a row reduction computes again the same way is
    // kept in an output's elements (KernelText::row_staging): here a store qualifies when it moves
    // with the loop's counter and has its address local.
    void plan_row_staging() {
        const detail::KernelText kt(p_, k_, "WebAssembly");
        detail::KernelText::RowStaging st = kt.row_staging([&](int id) { return moves(id) && base_.count(id); });
        keep_in_ = std::move(st.keep_in);
        read_from_ = std::move(st.read_from);
        skipped_ = std::move(st.skipped);
    }

    // Reduction kernels: for every row (the merged x dims), the phases in order. An Inner phase is
    // a loop over r in groups of 4 and a tail, Reduce statements folding into 4-lane accumulators;
    // after the loop the lanes are folded into one value, splatted into the statement's local for
    // the phases after. An Outer phase runs once per row on splatted values.
    WasmModule emit_reduction() {
        const Kernel& k = k_;
        Asm a;
        for (const std::string& n : param_names_) params_.push_back(a.param(n));
        const int n = a.param("n");
        const int row = a.local("x0", kI32), jb = a.local("jb", kI32), endb = a.local("endb", kI32);
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Store || s.code == Code::Constant) continue;
            val_[id] = a.local(detail::tmp(id), kV128);
            if (s.code == Code::Reduce) {
                for (int u = 0; u < kRowUnroll; ++u)
                    acc_[id].push_back(a.local(detail::tmp(id) + "_acc" + (u ? std::to_string(u) : std::string()), kV128));
                tail_acc_[id] = a.local(detail::tmp(id) + "_tail", kV128);
            }
        }
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Store || (s.code == Code::Load && access_[id].strides[1] == 1))
                base_[id] = a.local("base" + std::to_string(id), kI32);
        }
        plan_row_staging();
        a_ = &a;
        a.comment("rows: n of " + std::to_string(sizes_[1]) + " elements, reduced along the row");
        for (const auto& [t, store] : read_from_)
            a.comment(detail::tmp(t) + " is computed once and kept in " +
                      param_names_[size_t(param_of_.at(k.stmts[size_t(store)].buffer))] + "'s row for its later phase");
        a.i32c(sizes_[1] * 4);
        a.set(endb);
        a.i32c(0);
        a.set(row);
        a.block();
        a.loop();
        a.get(row), a.get(n), a.op(0x4f, "i32.ge_u"), a.br_if(1);
        // Row starts: element addresses of the accesses, values loaded once per row.
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load && s.code != Code::Store) continue;
            const Access& ac = access_[id];
            a.get(params_[size_t(param_of_.at(s.buffer))]);
            if (ac.offset) a.i32c(ac.offset * 4), a.op(0x6a, "i32.add");
            if (ac.strides[0]) a.get(row), a.i32c(ac.strides[0] * 4), a.op(0x6c, "i32.mul"), a.op(0x6a, "i32.add");
            if (base_.count(id)) {
                a.set(base_[id]);
            } else {
                a.v128_load32_splat();
                a.set(val_[id]);
            }
        }
        for (const kernel::Phase& ph : k.phases) {
            if (ph.kind == kernel::PhaseKind::Outer) {
                a.comment("once per row");
                body(ph.stmts, -1, false, 0);
                continue;
            }
            std::vector<int> reduces;
            for (int id : ph.stmts)
                if (k.stmts[size_t(id)].code == Code::Reduce) reduces.push_back(id);
            for (int id : reduces) {
                const std::string& op = k.stmts[size_t(id)].op;
                c(op == "sum" ? 0.0f : op == "max" ? -INFINITY : INFINITY);
                a.set(tail_acc_[id]);
                for (int acc : acc_[id]) a.get(tail_acc_[id]), a.set(acc);
            }
            a.i32c(0);
            a.set(jb);
            if (!reduces.empty()) {
                a.comment("along the row: " + std::to_string(kRowUnroll) + " groups of 4 elements at a time, each into its own accumulators");
                row_loop(ph.stmts, jb, endb, true, kRowUnroll);
            }
            a.comment("along the row: groups of 4 elements");
            row_loop(ph.stmts, jb, endb, true);
            a.comment("the last 0-3 elements, one at a time");
            row_loop(ph.stmts, jb, endb, false);
            for (int id : reduces) {
                const std::string& op = k.stmts[size_t(id)].op;
                a.comment(detail::tmp(id) + " = " + op + " of the accumulators, their 4 lanes and the tail");
                const int acc = acc_[id][0];
                for (size_t u = 1; u < acc_[id].size(); ++u) {
                    combine(op, [&] { a.get(acc); }, [&] { a.get(acc_[id][u]); });
                    a.set(acc);
                }
                fold_lanes(op, acc, {2, 3, 0, 1});
                fold_lanes(op, acc, {1, 0, 3, 2});
                combine(op, [&] { a.get(acc); }, [&] { a.get(tail_acc_[id]); });
                a.set(val_[id]);
            }
        }
        a.get(row), a.i32c(1), a.op(0x6a, "i32.add"), a.set(row);
        a.br(0);
        a.end();
        a.end();
        return finish(a);
    }

    // ---- column reductions ----
    // A reduction along a strided dim (x.sum(0), softmax over dim 0, bias gradients, batch
    // statistics): r walks S elements apart and x is the contiguous dim. Walking each row's r values
    // (the row form) would load one float per cache line, and walking r for a few x points at a time
    // touches one cache line per 4 KB page (at S = 1024) where the prefetchers do not follow: in V8,
    // x.sum(0) of [1024, 1024] took 0.15 ms in groups of 16 x points against the interpreter's 0.09.
    // So, as the interpreter and Inductor's C++ do, a block of up to kColumnWidth x points walks r in
    // the outer loop and its x points contiguously in the inner one, 4 lanes per group: each lane is
    // its own x point, and the row values (the Reduce accumulators, Outer values that later phases
    // read) live in a scratch area of the engine's memory, a row of the block's width each, which
    // the caller passes after the buffers. Every access that moves along r moves S apart and walks
    // x contiguously or not at all (then it is one value per r point, splatted); stores walk x
    // contiguously; Outer phases touch one element per x point.
    static constexpr int64_t kColumnWidth = 1024;  // x points per block: 4 KB per row value, in L1

    std::string check_column_accesses(int64_t stride) {
        const Kernel& k = k_;
        std::set<int> written, read;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code != Code::Load && s.code != Code::Store) continue;
            if (!param_of_.count(s.buffer)) return "a buffer that is not an argument";
            const int64_t xs = access_[id].strides[0], rs = access_[id].strides[1];
            const bool outer = k.phases[size_t(phase_of_[id])].kind == kernel::PhaseKind::Outer;
            if (rs != 0 && rs != stride) return "accesses that move along r by different strides";
            if (outer && rs != 0) return "an Outer phase access that moves along r";
            if (s.code == Code::Store && !outer && rs == 0) return "a store in a loop over r that does not move along r";
            if (xs != 0 && xs != 1) return "a column access that is neither contiguous nor broadcast along x";
            if (s.code == Code::Store && xs != 1) return "a store that is not contiguous along x";
            (s.code == Code::Store ? written : read).insert(s.buffer);
        }
        for (int b : read)
            if (written.count(b)) return "a reduction that reads a buffer it writes";
        columns_ = true;
        col_stride_ = stride;
        col_width_ = std::min<int64_t>(kColumnWidth, (sizes_[0] + 3) / 4 * 4);
        return "";
    }

    // Whether an access moves with the loop's counter jb: along r contiguously (rows) or S apart (columns).
    bool moves(int id) const { return access_.at(id).strides[1] == (columns_ ? col_stride_ : 1); }

    // In columns, whether `id` is read from the scratch area here: a row value of another phase, or
    // a Reduce's running value.
    bool from_scratch(int id) const {
        return columns_ && col_slot_.count(id) && (k_.stmts[size_t(id)].code == Code::Reduce || phase_of_.at(id) != cur_phase_);
    }
    uint32_t slot_offset(int id) const { return uint32_t(col_slot_.at(id) * col_width_ * 4); }

    // The address of a Load/Store statement's element at the current point: rows, base + jb (an
    // Outer phase's jb < 0: the row's element itself); columns, base + the r and x offsets it moves by.
    void address(int id, int jb) {
        Asm& a = *a_;
        a.get(base_.at(id));
        if (!columns_) {
            if (jb >= 0) a.get(jb), a.op(0x6a, "i32.add");
            return;
        }
        const Access& ac = access_.at(id);
        const int off = ac.strides[1] && ac.strides[0] ? jx_ : ac.strides[1] ? rb_ : ac.strides[0] ? xg_ : -1;
        if (off >= 0) a.get(off), a.op(0x6a, "i32.add");
    }

    WasmModule emit_columns() {
        const Kernel& k = k_;
        Asm a;
        for (const std::string& n : param_names_) params_.push_back(a.param(n));
        const int scratch = a.param("scratch"), n = a.param("n");
        const int xb = a.local("xb", kI32), endx = a.local("endx", kI32), wb = a.local("wb", kI32);
        rb_ = a.local("rb", kI32), xg_ = a.local("xg", kI32), jx_ = a.local("jx", kI32), sp_ = a.local("sp", kI32);
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Store || s.code == Code::Constant) continue;
            val_[id] = a.local(detail::tmp(id), kV128);
            // Row values: a Reduce's, and an Outer value that another phase reads.
            bool row_value = s.code == Code::Reduce;
            if (k.phases[size_t(phase_of_[id])].kind == kernel::PhaseKind::Outer)
                for (int other : order_)
                    for (int arg : k.stmts[size_t(other)].args) row_value = row_value || (arg == id && phase_of_[other] != phase_of_[id]);
            if (row_value) {
                const int slot = int(col_slot_.size());
                col_slot_[id] = slot;
            }
        }
        for (int id : order_) {
            const Code c = k.stmts[size_t(id)].code;
            if (c == Code::Load || c == Code::Store) base_[id] = a.local("base" + std::to_string(id), kI32);
        }
        plan_row_staging();
        a_ = &a;
        a.comment("columns: n x points, each reduced over " + std::to_string(sizes_[1]) + " r points " + std::to_string(col_stride_) +
                  " elements apart; blocks of up to " + std::to_string(col_width_) + " x points, r in the outer loop");
        for (const auto& [id, slot] : col_slot_)
            a.comment(detail::tmp(id) + ": row " + std::to_string(slot) + " of the scratch area (" + std::to_string(col_width_ * 4) +
                      " bytes a row)");
        for (const auto& [t, store] : read_from_)
            a.comment(detail::tmp(t) + " is computed once and kept in " +
                      param_names_[size_t(param_of_.at(k.stmts[size_t(store)].buffer))] + "'s elements for its later phase");
        a.get(n), a.i32c(2), a.op(0x74, "i32.shl"), a.set(endx);
        a.i32c(0), a.set(xb);
        a.block();
        a.loop();
        a.get(xb), a.get(endx), a.op(0x4f, "i32.ge_u"), a.br_if(1);
        // wb = min(width, endx - xb) bytes of x in this block
        a.get(endx), a.get(xb), a.op(0x6b, "i32.sub"), a.set(wb);
        a.i32c(col_width_ * 4), a.get(wb), a.get(wb), a.i32c(col_width_ * 4), a.op(0x4b, "i32.gt_u"), a.op(0x1b, "select"), a.set(wb);
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (!base_.count(id)) continue;
            const Access& ac = access_[id];
            a.get(params_[size_t(param_of_.at(s.buffer))]);
            if (ac.offset) a.i32c(ac.offset * 4), a.op(0x6a, "i32.add");
            if (ac.strides[0]) a.get(xb), a.op(0x6a, "i32.add");
            a.set(base_[id]);
        }
        for (size_t pi = 0; pi < k.phases.size(); ++pi) {
            const kernel::Phase& ph = k.phases[pi];
            cur_phase_ = int(pi);
            if (ph.kind == kernel::PhaseKind::Outer) {
                a.comment("once per x point");
                x_loops(ph.stmts, scratch, wb, false);
                continue;
            }
            for (int id : ph.stmts) {
                const Stmt& s = k.stmts[size_t(id)];
                if (s.code != Code::Reduce) continue;
                a.comment(detail::tmp(id) + "'s row starts at " + (s.op == "sum" ? "0" : s.op == "max" ? "-inf" : "inf"));
                a.i32c(0), a.set(xg_);
                a.block();
                a.loop();
                a.get(xg_), a.get(wb), a.op(0x4f, "i32.ge_u"), a.br_if(1);
                a.get(scratch), a.get(xg_), a.op(0x6a, "i32.add");
                c(s.op == "sum" ? 0.0f : s.op == "max" ? -INFINITY : INFINITY);
                a.v128_store(slot_offset(id));
                a.get(xg_), a.i32c(16), a.op(0x6a, "i32.add"), a.set(xg_);
                a.br(0);
                a.end();
                a.end();
            }
            a.comment("along r, " + std::to_string(col_stride_ * 4) + " bytes apart");
            a.i32c(0), a.set(rb_);
            a.block();
            a.loop();
            a.get(rb_), a.i32c(sizes_[1] * col_stride_ * 4), a.op(0x4f, "i32.ge_u"), a.br_if(1);
            x_loops(ph.stmts, scratch, wb, true);
            a.get(rb_), a.i32c(col_stride_ * 4), a.op(0x6a, "i32.add"), a.set(rb_);
            a.br(0);
            a.end();
            a.end();
        }
        cur_phase_ = -1;
        a.get(xb), a.i32c(col_width_ * 4), a.op(0x6a, "i32.add"), a.set(xb);
        a.br(0);
        a.end();
        a.end();
        WasmModule m = finish(a);
        m.scratch_bytes = int64_t(col_slot_.size()) * col_width_ * 4;
        return m;
    }

    // The block's x points from byte 0 to wb: groups of 4, then single points; the statements `ids`
    // at each (jx = rb + xg where the loop is over r, sp = scratch + xg).
    void x_loops(const std::vector<int>& ids, int scratch, int wb, bool along_r) {
        Asm& a = *a_;
        a.i32c(0), a.set(xg_);
        for (bool vec : {true, false}) {
            a.block();
            a.loop();
            a.get(xg_);
            if (vec) a.i32c(16), a.op(0x6a, "i32.add"), a.get(wb), a.op(0x4b, "i32.gt_u");
            else a.get(wb), a.op(0x4f, "i32.ge_u");
            a.br_if(1);
            if (along_r) a.get(rb_), a.get(xg_), a.op(0x6a, "i32.add"), a.set(jx_);
            a.get(scratch), a.get(xg_), a.op(0x6a, "i32.add"), a.set(sp_);
            body(ids, along_r ? jx_ : -1, vec, 0);
            a.get(xg_), a.i32c(vec ? 16 : 4), a.op(0x6a, "i32.add"), a.set(xg_);
            a.br(0);
            a.end();
            a.end();
        }
    }

    // Drops size-1 dims and merges neighbours that every access walks as one (stride of the outer
    // = stride of the inner * its size): a contiguous kernel of any rank becomes one row.
    void merge_dims() {
        const Kernel& k = k_;
        std::vector<int> ids;
        for (int id : order_) {
            const Stmt& s = k.stmts[size_t(id)];
            if (s.code == Code::Load || s.code == Code::Store) ids.push_back(id);
        }
        std::vector<int64_t> sizes;                     // innermost first while building
        std::vector<std::vector<int64_t>> strides(ids.size());
        for (int d = k.nx - 1; d >= 0; --d) {
            const int64_t sz = k.sizes[size_t(d)];
            if (sz == 1) continue;
            bool merge = !sizes.empty();
            for (size_t i = 0; merge && i < ids.size(); ++i)
                merge = k.stmts[size_t(ids[i])].index.strides[size_t(d)] == strides[i].back() * sizes.back();
            if (merge) {
                sizes.back() *= sz;
                continue;
            }
            sizes.push_back(sz);
            for (size_t i = 0; i < ids.size(); ++i) strides[i].push_back(k.stmts[size_t(ids[i])].index.strides[size_t(d)]);
        }
        if (sizes.empty()) {  // a single point: one "row" of one element
            sizes.push_back(1);
            for (auto& st : strides) st.push_back(1);
        }
        sizes_.assign(sizes.rbegin(), sizes.rend());
        for (size_t i = 0; i < ids.size(); ++i) {
            Access ac;
            ac.strides.assign(strides[i].rbegin(), strides[i].rend());
            ac.offset = k.stmts[size_t(ids[i])].index.offset;
            access_[ids[i]] = ac;
        }
    }

    // ---- [SECTION] statements as f32x4 code ----
    int scratch() { return a_->local("s" + std::to_string(scratch_count_++), kV128); }
    void push(int id) {
        const Stmt& s = k_.stmts[size_t(id)];
        if (s.code == Code::Constant) a_->f32x4c(float(s.value));
        else if (from_scratch(id)) a_->get(sp_), load_lanes(cur_vec_, slot_offset(id));
        else a_->get(val_.at(id));
    }
    void f(uint32_t op, const char* text) { a_->simd(op, text); }
    void c(float v) { a_->f32x4c(v); }
    // cond ? v1 : v2 per lane, with v1, v2 and the mask pushed by the callbacks in that order.
    template <typename V1, typename V2, typename M>
    void select(const V1& v1, const V2& v2, const M& mask) {
        v1();
        v2();
        mask();
        f(simd::v128_bitselect, "v128.bitselect");
    }
    // |v| and -v of the value on the stack, by the sign bit against a constant mask: V8 builds
    // f32x4.abs's and f32x4.neg's mask anew at every use (two more instructions each), where the
    // constant is a local set once (the same bits: abs and neg only touch the sign).
    void abs() { a_->i32x4c(0x7fffffffu), f(simd::v128_and, "v128.and"); }
    void neg() { a_->i32x4c(0x80000000u), f(simd::v128_xor, "v128.xor"); }
    // A comparison as the compute type's 1.0 / 0.0 (T(a < b) in the C++ rows).
    void as_one(uint32_t cmp, const char* text) {
        f(cmp, text);
        c(1.0f);
        f(simd::v128_and, "v128.and");
    }

    // a * b + c of the three values the callbacks push (in that order): with relaxed SIMD one
    // f32x4.relaxed_madd, else f32x4.mul then f32x4.add (pw::exp's two roundings). `sub`: a * b
    // subtracted from c instead, as c - a * b (relaxed: a * -b + c, the same sum: pass b negated).
    template <typename A, typename B, typename NegB, typename C>
    void mul_add(const A& a, const B& b, const NegB& neg_b, const C& addend, bool sub) {
        if (features_.relaxed_simd) {
            a(), sub ? neg_b() : b(), addend();
            a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
        } else if (sub) {
            addend(), a(), b(), f(simd::f32x4_mul, "f32x4.mul"), f(simd::f32x4_sub, "f32x4.sub");
        } else {
            a(), b(), f(simd::f32x4_mul, "f32x4.mul"), addend(), f(simd::f32x4_add, "f32x4.add");
        }
    }

    // pw::exp(x) of ops/pointwise_math.h, x in local `x`, or pw::exp(-x) when `negate`; leaves the
    // result on the stack. 24 instructions per 4 lanes (pw::exp's comment says why each is there),
    // 15 with relaxed SIMD: the multiply-adds of t, r and Q fused, and the tail 2 (r^2 Q + r) + 2 as
    // two multiply-adds. Fused, every float input gets e^x within 1.012 ulp (measured over all 2^32
    // floats on a C model with fmaf; pw::exp contracted natively reaches 1.02), and an engine that
    // does not fuse computes exactly pw::exp.
    //
    // exp(-x) (sigmoid, silu) skips the negation without changing a bit: round-to-nearest is
    // symmetric, so every value below is computed as its exact negative from x instead of -x, and
    // the steps that take the sign back restore it: the clamps become pmin(x, 87.3) then
    // pmax(., -88.8) (the negated bounds), xc * log2e becomes x * -log2e (t and n are the same),
    // r and u are computed negated (xn + n ln2_hi, + n ln2_lo), Q's Horner steps with the odd
    // coefficients negated give the same Q (each step's value alternates sign), q r u is unchanged
    // (two negated factors), and + u becomes - u. Fused multiply-adds keep the symmetry.
    //
    // `plus_one` leaves 1 + exp instead (sigmoid's and silu's denominator): with relaxed SIMD the
    // last multiply and the add are one relaxed_madd (one rounding instead of two where it fuses).
    void exp_of(int x, bool negate = false, bool plus_one = false) {
        const int xc = scratch(), t = scratch(), nn = scratch(), r = scratch(), u = scratch();
        const float sg = negate ? -1.0f : 1.0f;
        a_->comment(negate ? "exp(-x) as pw::exp, the negation folded into its constants" : "exp(x) as pw::exp");
        // x < -87.3 ? -87.3 : x is pmax(x, -87.3) (b if a < b else a), then pmin for the upper clamp:
        // the C++ selects exactly, NaN included, in one instruction each on x86.
        if (!negate) {
            a_->get(x), c(-87.3f), f(simd::f32x4_pmax, "f32x4.pmax");
            c(88.8f), f(simd::f32x4_pmin, "f32x4.pmin");
        } else {
            a_->get(x), c(87.3f), f(simd::f32x4_pmin, "f32x4.pmin");
            c(-88.8f), f(simd::f32x4_pmax, "f32x4.pmax");
        }
        a_->set(xc);
        const float shifter = 12583038.0f;  // 1.5 * 2^23 + 126
        auto get = [this](int l) { return [this, l] { a_->get(l); }; };
        auto cst = [this](float v) { return [this, v] { c(v); }; };
        mul_add(get(xc), cst(sg * 1.44269504088896341f), cst(-sg * 1.44269504088896341f), cst(shifter), false);
        a_->set(t);
        a_->get(t), c(shifter), f(simd::f32x4_sub, "f32x4.sub");
        a_->set(nn);
        // r = xc - n ln2_hi - n ln2_lo (negated: xn + n ln2_hi + n ln2_lo)
        mul_add(get(nn), cst(0.693359375f), cst(-0.693359375f), get(xc), !negate);
        a_->set(r);
        mul_add(get(nn), cst(-2.12194440e-4f), cst(2.12194440e-4f), get(r), !negate);
        a_->set(r);
        const bool fused = features_.relaxed_simd;
        if (fused) {  // r^2 for the fused tail below
            a_->get(r), a_->get(r), f(simd::f32x4_mul, "f32x4.mul");
        } else {
            a_->get(r), a_->get(r), f(simd::f32x4_add, "f32x4.add");
        }
        a_->set(u);
        // Q(r) by Horner: c6, then q * r + c5 .. c2 (q stays on the stack: the callbacks push
        // nothing for it, and relaxed_madd's operands are in the order q, r, c). For the fused tail
        // with the negation folded, -Q (every coefficient negated once more).
        const float qs[] = {1.382102026e-3f, 8.368669078e-3f, 4.166826233e-2f, 1.666652113e-1f, 4.999999404e-1f};
        const float qsign = fused && negate ? -1.0f : 1.0f;
        c(qsign * qs[0]);
        for (int k = 1; k < 5; ++k) {  // the coefficient of r^(4 - k) in Q: negated for odd powers when negate
            const float coef = qsign * (((4 - k) % 2 && negate) ? -qs[k] : qs[k]);
            if (fused) {
                a_->get(r), c(coef), a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
            } else {
                a_->get(r), f(simd::f32x4_mul, "f32x4.mul"), c(coef), f(simd::f32x4_add, "f32x4.add");
            }
        }
        if (fused) {
            // p = 2 (r + r^2 Q) + 2 (= 2 e^r) as two multiply-adds: s = r^2 Q + r, then 2 s + 2. Negated
            // (r holds -r, q holds -Q): -s = r^2 (-Q) + (-r), then -2 (-s) + 2. Two instructions fewer
            // than the plain tail (the old fused form, unfused tail, reached 0.991 ulp, this one 1.012);
            // in V8 the sigmoid's loop is bound by its count of float instructions (each multiply-add of
            // the polynomial costs ~0.75 cycles per group of 4 on the dev VM's Zen 5).
            a_->get(u), a_->get(r), a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
            c(negate ? -2.0f : 2.0f), c(2.0f), a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
        } else {
            // p = q * r * u + u + 2 (= 2 e^r; u = 2r), exactly as pw::exp rounds it
            a_->get(r), f(simd::f32x4_mul, "f32x4.mul"), a_->get(u), f(simd::f32x4_mul, "f32x4.mul");
            a_->get(u), negate ? f(simd::f32x4_sub, "f32x4.sub") : f(simd::f32x4_add, "f32x4.add");
            c(2.0f), f(simd::f32x4_add, "f32x4.add");
        }
        // times 2^(n-1), whose bits are t's shifted left by 23 (0 for n = -126: the flush)
        a_->get(t), a_->i32c(23), f(simd::i32x4_shl, "i32x4.shl");
        if (plus_one && features_.relaxed_simd) {
            c(1.0f), a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
        } else {
            f(simd::f32x4_mul, "f32x4.mul");
            if (plus_one) c(1.0f), f(simd::f32x4_add, "f32x4.add");
        }
    }

    // One Horner step on the value on the stack: v * z + coef (v * z - c is v * z + (-c) exactly).
    // With relaxed SIMD one relaxed_madd, as the C++ compiler contracts it natively.
    void horner(int z, float coef) {
        if (features_.relaxed_simd) a_->get(z), c(coef), a_->simd(simd::f32x4_relaxed_madd, "f32x4.relaxed_madd");
        else a_->get(z), f(simd::f32x4_mul, "f32x4.mul"), c(coef), f(simd::f32x4_add, "f32x4.add");
    }

    // pw::log(x) of ops/pointwise_math.h, x in local `x`; leaves the result on the stack. Op for op
    // as in C++: k and m from the bits by integer lanes (i32x4.sub, shr_s, v128.and), k converted to
    // float, P's Horner steps and the two k ln2 terms relaxed_madds under relaxed SIMD. The rare
    // lanes take branches that the C++ takes as selects: subnormals (scaled by 2^23 first) only
    // where a lane is below FLT_MIN, the special values (0 and -0: -inf, inf: inf, negative and NaN:
    // NaN) only where a lane is not positive and finite; the same values either way. In V8 the
    // selects cost more than the logarithm's polynomial (20 cycles per group of 4 with them).
    void log_of(int x) {
        const int tiny = scratch(), xs = scratch(), off = scratch(), k = scratch(), fl = scratch(), z = scratch(), y = scratch();
        const int adj = scratch(), ok = scratch(), r = scratch();
        auto get = [this](int l) { return [this, l] { a_->get(l); }; };
        auto cst = [this](float v) { return [this, v] { c(v); }; };
        a_->comment("log(x) as pw::log: x = 2^k m, m in [sqrt(1/2), sqrt(2)), log1p(m - 1) by its polynomial");
        a_->get(x), a_->set(xs);
        c(0.0f), a_->set(adj);
        a_->get(x), c(1.17549435e-38f), f(simd::f32x4_lt, "f32x4.lt"), a_->set(tiny);
        a_->get(tiny), f(simd::v128_any_true, "v128.any_true");
        a_->if_();
        a_->comment("a lane below FLT_MIN: subnormals scaled by 2^23 (k less 23)");
        select([&] { a_->get(x), c(8388608.0f), f(simd::f32x4_mul, "f32x4.mul"); }, get(x), get(tiny));
        a_->set(xs);
        a_->get(tiny), c(23.0f), f(simd::v128_and, "v128.and"), a_->set(adj);
        a_->end();
        a_->get(xs), a_->i32x4c(0x3f3504f3u), f(simd::i32x4_sub, "i32x4.sub"), a_->set(off);
        a_->get(off), a_->i32c(23), f(simd::i32x4_shr_s, "i32x4.shr_s"), f(simd::f32x4_convert_i32x4_s, "f32x4.convert_i32x4_s");
        a_->get(adj), f(simd::f32x4_sub, "f32x4.sub");
        a_->set(k);
        a_->get(xs), a_->get(off), a_->i32x4c(0xff800000u), f(simd::v128_and, "v128.and"), f(simd::i32x4_sub, "i32x4.sub");
        c(1.0f), f(simd::f32x4_sub, "f32x4.sub"), a_->set(fl);
        a_->get(fl), a_->get(fl), f(simd::f32x4_mul, "f32x4.mul"), a_->set(z);
        c(-7.636900246e-02f);
        for (float coef : {1.276246756e-01f, -1.315955371e-01f, 1.420154124e-01f, -1.662341058e-01f, 2.000124305e-01f,
                           -2.500081956e-01f, 3.333333135e-01f})
            horner(fl, coef);
        // y = p f z + k ln2_lo - z / 2; r = (f + y) + k ln2_hi
        a_->get(fl), f(simd::f32x4_mul, "f32x4.mul"), a_->get(z), f(simd::f32x4_mul, "f32x4.mul"), a_->set(y);
        mul_add(get(k), cst(-2.12194440e-4f), cst(2.12194440e-4f), get(y), false);
        a_->set(y);
        mul_add(get(z), cst(0.5f), cst(-0.5f), get(y), true);
        a_->set(y);
        mul_add(get(k), cst(0.693359375f), cst(-0.693359375f), [&] { a_->get(fl), a_->get(y), f(simd::f32x4_add, "f32x4.add"); }, false);
        a_->set(r);
        // ok = x > 0 && x < inf
        a_->get(x), c(0.0f), f(simd::f32x4_gt, "f32x4.gt"), a_->get(x), c(HUGE_VALF), f(simd::f32x4_lt, "f32x4.lt");
        f(simd::v128_and, "v128.and"), a_->set(ok);
        a_->get(ok), f(simd::i32x4_all_true, "i32x4.all_true"), a_->op(0x45, "i32.eqz");
        a_->if_();
        a_->comment("a lane not positive and finite: x == 0 ? -inf : (x > 0 ? x : NaN)");
        select(get(r),
               [&] {
                   select(cst(-HUGE_VALF),
                          [&] { select(get(x), cst(std::numeric_limits<float>::quiet_NaN()), [&] { a_->get(x), c(0.0f), f(simd::f32x4_gt, "f32x4.gt"); }); },
                          [&] { a_->get(x), c(0.0f), f(simd::f32x4_eq, "f32x4.eq"); });
               },
               get(ok));
        a_->set(r);
        a_->end();
        a_->get(r);
    }

    // pw::erf(x) of ops/pointwise_math.h, x in local `x`; leaves the result on the stack. Both
    // branches are computed and selected per lane: |x| < 0.5 by the Taylor series in x^2, beyond by
    // 1 - q(t) t e^(-x^2) with t = 1 / (1 + 0.3275911 |x|) (1 from |x| >= 4), the sign taken back,
    // NaN and +-0 passed through. Op for op as in C++ (the series' and q's Horner steps are relaxed_madds
    // under relaxed SIMD), e^(-x^2) by exp_of with the negation folded in.
    void erf_of(int x) {
        const int ax = scratch(), x2 = scratch(), small = scratch(), t = scratch(), big = scratch();
        a_->comment("erf(x) as pw::erf: the series below 0.5, Abramowitz & Stegun 7.1.26 above");
        a_->get(x), abs(), a_->set(ax);
        a_->get(x), a_->get(x), f(simd::f32x4_mul, "f32x4.mul"), a_->set(x2);
        c(-1.0f / 1320.0f);
        for (float coef : {1.0f / 216.0f, -1.0f / 42.0f, 1.0f / 10.0f, -1.0f / 3.0f}) horner(x2, coef);
        a_->set(small);  // s; small = 2/sqrt(pi) * (x + x * x2 * s)
        c(1.12837916709551257f);
        a_->get(x), a_->get(x), a_->get(x2), f(simd::f32x4_mul, "f32x4.mul"), a_->get(small), f(simd::f32x4_mul, "f32x4.mul");
        f(simd::f32x4_add, "f32x4.add"), f(simd::f32x4_mul, "f32x4.mul");
        a_->set(small);
        c(1.0f), c(1.0f), c(0.3275911f), a_->get(ax), f(simd::f32x4_mul, "f32x4.mul"), f(simd::f32x4_add, "f32x4.add");
        f(simd::f32x4_div, "f32x4.div");
        a_->set(t);
        c(1.061405429f);
        for (float coef : {-1.453152027f, 1.421413741f, -0.284496736f, 0.254829592f}) horner(t, coef);
        a_->set(big);  // q
        // big = |x| >= 4 ? 1 : 1 - q * t * e^(-x^2)
        select([&] { c(1.0f); },
               [&] {
                   c(1.0f), a_->get(big), a_->get(t), f(simd::f32x4_mul, "f32x4.mul");
                   exp_of(x2, true);
                   f(simd::f32x4_mul, "f32x4.mul"), f(simd::f32x4_sub, "f32x4.sub");
               },
               [&] { a_->get(ax), c(4.0f), f(simd::f32x4_ge, "f32x4.ge"); });
        a_->set(big);
        // (x != x || x == 0) ? x : (|x| < 0.5 ? small : (x < 0 ? -big : big))
        select([&] { a_->get(x); },
               [&] {
                   select([&] { a_->get(small); },
                          [&] {
                              select([&] { a_->get(big), neg(); }, [&] { a_->get(big); },
                                     [&] { a_->get(x), c(0.0f), f(simd::f32x4_lt, "f32x4.lt"); });
                          },
                          [&] { a_->get(ax), c(0.5f), f(simd::f32x4_lt, "f32x4.lt"); });
               },
               [&] {
                   a_->get(x), a_->get(x), f(simd::f32x4_ne, "f32x4.ne");
                   a_->get(x), c(0.0f), f(simd::f32x4_eq, "f32x4.eq"), a_->simd(simd::v128_or, "v128.or");
               });
    }

    // pw::tanh(x) of ops/pointwise_math.h, x in local `x`; leaves the result on the stack. With
    // relaxed SIMD its 9 Horner steps are relaxed_madds (fused where the hardware has FMA, as
    // pw::tanh compiled natively with contraction): the anchor chain's kernel at 2^20 in V8, 2.6 ->
    // 2.0 ms. Without, it is pw::tanh op for op (the interpreter's bits).
    void tanh_of(int x) {
        const int xc = scratch(), z = scratch(), p = scratch();
        a_->get(x), c(-9.01f), f(simd::f32x4_pmax, "f32x4.pmax");  // x < -9.01 ? -9.01 : x
        a_->set(xc);
        a_->get(xc), c(9.01f), f(simd::f32x4_pmin, "f32x4.pmin");  // xc > 9.01 ? 9.01 : xc
        a_->set(xc);
        a_->get(xc), a_->get(xc), f(simd::f32x4_mul, "f32x4.mul");
        a_->set(z);
        c(-8.489151051444736e-14f);
        for (float coef : {5.2781381442115864e-11f, -2.0225659972918308e-8f, 1.1154424430010167e-5f, 3.1039679226527478e-3f,
                           1.3084020789929937e-1f, 9.9999999343408412e-1f})
            horner(z, coef);
        a_->set(p);
        a_->get(xc), a_->get(p), f(simd::f32x4_mul, "f32x4.mul");
        c(2.5461618971108205e-4f);
        for (float coef : {2.4495225655187565e-2f, 4.6417347905347942e-1f, 1.0f}) horner(z, coef);
        f(simd::f32x4_div, "f32x4.div");
        // r > 1 ? 1 : (r < -1 ? -1 : r) == pmin(pmax(r, -1), 1): where r > 1 the inner value is r.
        c(-1.0f), f(simd::f32x4_pmax, "f32x4.pmax"), c(1.0f), f(simd::f32x4_pmin, "f32x4.pmin");
    }

    // A statement's value into a local: a local holding x (a constant operand is materialized once).
    int local_of(int id) {
        const Stmt& s = k_.stmts[size_t(id)];
        if (s.code != Code::Constant && !from_scratch(id)) return val_.at(id);
        const int l = scratch();
        push(id);
        a_->set(l);
        return l;
    }

    void unary(const Stmt& s) {
        const int xa = s.args[0];
        auto x = [&] { push(xa); };
        const float p0 = float(s.p0), p1 = float(s.p1);
        const std::string& op = s.op;
        if (op == "neg") x(), neg();
        else if (op == "abs") x(), abs();
        else if (op == "sqrt") x(), f(simd::f32x4_sqrt, "f32x4.sqrt");
        else if (op == "rsqrt") c(1.0f), x(), f(simd::f32x4_sqrt, "f32x4.sqrt"), f(simd::f32x4_div, "f32x4.div");
        else if (op == "reciprocal") c(1.0f), x(), f(simd::f32x4_div, "f32x4.div");
        else if (op == "floor") x(), f(simd::f32x4_floor, "f32x4.floor");
        else if (op == "ceil") x(), f(simd::f32x4_ceil, "f32x4.ceil");
        else if (op == "round") x(), f(simd::f32x4_nearest, "f32x4.nearest");  // nearbyint: ties to even
        else if (op == "relu") {
            // !(x <= 0) ? x : 0  ==  x & ~(x <= 0): NaN compares false and stays.
            x(), x(), c(0.0f), f(simd::f32x4_le, "f32x4.le"), f(simd::v128_andnot, "v128.andnot");
        } else if (op == "leaky_relu") {
            select(x, [&] { x(), c(p0), f(simd::f32x4_mul, "f32x4.mul"); }, [&] { x(), c(0.0f), f(simd::f32x4_gt, "f32x4.gt"); });
        } else if (op == "clamp") {
            // pw::clamp: m = x < lo ? lo : x; hi < m ? hi : m
            x(), c(p0), f(simd::f32x4_pmax, "f32x4.pmax"), c(p1), f(simd::f32x4_pmin, "f32x4.pmin");
        } else if (op == "frac") {
            x(), x(), f(simd::f32x4_trunc, "f32x4.trunc"), f(simd::f32x4_sub, "f32x4.sub");  // pw::frac: x - trunc(x)
        } else if (op == "deg2rad" || op == "rad2deg") {
            // x * T(c): the constant rounded to float32 first, as the row's float instantiation does
            x(), c(op == "deg2rad" ? float(0.017453292519943295769) : float(57.295779513082320876798)), f(simd::f32x4_mul, "f32x4.mul");
        } else if (op == "sign" || op == "sgn") {  // (sgn is sign for real values)
            // (0 < x) - (x < 0)
            c(0.0f), x(), as_one(simd::f32x4_lt, "f32x4.lt");
            x(), c(0.0f), as_one(simd::f32x4_lt, "f32x4.lt");
            f(simd::f32x4_sub, "f32x4.sub");
        } else if (op == "exp") {
            exp_of(local_of(xa));
        } else if (op == "sigmoid" || op == "silu") {
            // 1 / (1 + exp(-x)), x / (1 + exp(-x))
            const int xl = local_of(xa);
            if (op == "sigmoid") c(1.0f);
            else a_->get(xl);
            exp_of(xl, true, true);
            f(simd::f32x4_div, "f32x4.div");
        } else if (op == "tanh") {
            tanh_of(local_of(xa));
        } else if (op == "erf") {
            erf_of(local_of(xa));
        } else if (op == "log") {
            log_of(local_of(xa));
        } else if (op == "gelu") {
            // x * 0.5 * (1 + erf(x * 0.70710678118654752440))
            const int in = scratch();
            x(), c(0.70710678118654752440f), f(simd::f32x4_mul, "f32x4.mul");
            a_->set(in);
            x(), c(0.5f), f(simd::f32x4_mul, "f32x4.mul");
            c(1.0f);
            erf_of(in);
            f(simd::f32x4_add, "f32x4.add"), f(simd::f32x4_mul, "f32x4.mul");
        } else if (op == "gelu_tanh") {
            // 0.5 * x * (1 + tanh(0.79788456080286535588 * (x + 0.044715 * x * x * x)))
            const int in = scratch();
            c(0.79788456080286535588f);
            x(), c(0.044715f), x(), f(simd::f32x4_mul, "f32x4.mul"), x(), f(simd::f32x4_mul, "f32x4.mul"), x();
            f(simd::f32x4_mul, "f32x4.mul"), f(simd::f32x4_add, "f32x4.add"), f(simd::f32x4_mul, "f32x4.mul");
            a_->set(in);
            c(0.5f), x(), f(simd::f32x4_mul, "f32x4.mul");
            c(1.0f);
            tanh_of(in);
            f(simd::f32x4_add, "f32x4.add"), f(simd::f32x4_mul, "f32x4.mul");
        }
    }

    void binary(const Stmt& s) {
        auto av = [&] { push(s.args[0]); };
        auto bv = [&] { push(s.args[1]); };
        const float alpha = float(s.alpha);
        auto alpha_b = [&] {
            if (alpha != 1.0f) c(alpha), bv(), f(simd::f32x4_mul, "f32x4.mul");  // alpha * b (exact when alpha is 1)
            else bv();
        };
        const std::string& op = s.op;
        if (op == "add") av(), alpha_b(), f(simd::f32x4_add, "f32x4.add");
        else if (op == "sub") av(), alpha_b(), f(simd::f32x4_sub, "f32x4.sub");
        else if (op == "mul") av(), bv(), f(simd::f32x4_mul, "f32x4.mul");
        else if (op == "div") av(), bv(), f(simd::f32x4_div, "f32x4.div");
        else if (op == "div_trunc") av(), bv(), f(simd::f32x4_div, "f32x4.div"), f(simd::f32x4_trunc, "f32x4.trunc");
        else if (op == "heaviside") {
            // pw::heaviside: a == 0 ? b : T(a > 0)  (a NaN compares false both ways: 0)
            select(bv, [&] { av(), c(0.0f), as_one(simd::f32x4_gt, "f32x4.gt"); }, [&] { av(), c(0.0f), f(simd::f32x4_eq, "f32x4.eq"); });
        } else if (op == "fmax" || op == "fmin") {
            // pw::fmax: a != a ? b : (b != b ? a : (a < b ? b : a)); fmin: (b < a ? b : a). A NaN loses.
            const bool mx = op == "fmax";
            auto ordered = [&] {
                select(bv, av, [&] { mx ? (av(), bv()) : (bv(), av()); f(simd::f32x4_lt, "f32x4.lt"); });
            };
            auto b_nan = [&] { select(av, ordered, [&] { bv(), bv(), f(simd::f32x4_ne, "f32x4.ne"); }); };
            select(bv, b_nan, [&] { av(), av(), f(simd::f32x4_ne, "f32x4.ne"); });
        } else if (op == "maximum" || op == "minimum") {
            // (a != a || a > b) ? a : b  (minimum: a < b): NaN in either operand propagates.
            const bool mx = op == "maximum";
            select(av, bv, [&] {
                av(), av(), f(simd::f32x4_ne, "f32x4.ne");
                av(), bv(), mx ? f(simd::f32x4_gt, "f32x4.gt") : f(simd::f32x4_lt, "f32x4.lt");
                f(simd::v128_or, "v128.or");
            });
        } else {
            static const std::map<std::string, std::pair<uint32_t, const char*>> cmp = {
                {"eq", {simd::f32x4_eq, "f32x4.eq"}}, {"ne", {simd::f32x4_ne, "f32x4.ne"}}, {"lt", {simd::f32x4_lt, "f32x4.lt"}},
                {"le", {simd::f32x4_le, "f32x4.le"}}, {"gt", {simd::f32x4_gt, "f32x4.gt"}}, {"ge", {simd::f32x4_ge, "f32x4.ge"}}};
            const auto& [code, text] = cmp.at(op);
            av(), bv(), as_one(code, text);
        }
    }

    void ternary(const Stmt& s) {
        auto av = [&] { push(s.args[0]); };
        auto bv = [&] { push(s.args[1]); };
        auto cv = [&] { push(s.args[2]); };
        const float alpha = float(s.alpha);
        if (s.op == "where") {
            select(bv, cv, [&] { av(), c(0.0f), f(simd::f32x4_ne, "f32x4.ne"); });
        } else {
            // a + alpha * b * c  /  a + alpha * b / c
            av(), c(alpha), bv(), f(simd::f32x4_mul, "f32x4.mul"), cv();
            s.op == "addcmul" ? f(simd::f32x4_mul, "f32x4.mul") : f(simd::f32x4_div, "f32x4.div");
            f(simd::f32x4_add, "f32x4.add");
        }
    }

    std::string describe(int id) const {
        const Stmt& s = k_.stmts[size_t(id)];
        std::string args;
        for (int x : s.args) args += (args.empty() ? "" : ", ") + detail::tmp(x);
        switch (s.code) {
            case Code::Load: return detail::tmp(id) + " = load " + param_names_[size_t(param_of_.at(s.buffer))];
            case Code::Store: return "store " + param_names_[size_t(param_of_.at(s.buffer))] + " = " + args;
            case Code::Unary:
            case Code::Binary:
            case Code::Ternary: return detail::tmp(id) + " = " + s.op + "(" + args + ")";
            case Code::Cast: return detail::tmp(id) + " = cast " + dtype_name(s.dtype) + "(" + args + ")";
            case Code::Reduce: return detail::tmp(id) + " = reduce " + s.op + "(" + args + ")";
            default: return detail::tmp(id);
        }
    }

    // Loads 4 elements at the address on the stack (`vec`), or one splatted into all lanes.
    void load_lanes(bool vec, uint32_t offset) {
        if (vec) a_->v128_load(offset);
        else a_->v128_load32_splat(offset);
    }
    // Stores the value on the stack at the address below it: all 4 lanes (`vec`), or lane 0.
    void store_lanes(bool vec, uint32_t offset) {
        Asm& a = *a_;
        if (vec) {
            a.v128_store(offset);
            return;
        }
        a.simd(simd::f32x4_extract_lane, "f32x4.extract_lane 0");
        a.code.push_back(0);
        a.f32_store(offset);
    }

    // The statements once: `vec` over 4 elements at byte offset jb of each row, else over one.
    // The statements `ids` once: `vec` over 4 elements at byte offset jb of each row, else over one;
    // jb < 0 in an Outer phase (one value per row, stored at the row's address itself).
    void body(const std::vector<int>& ids, int jb, bool vec, uint32_t offset) {
        Asm& a = *a_;
        cur_vec_ = vec;
        for (int id : ids) {
            const Stmt& s = k_.stmts[size_t(id)];
            if (s.code == Code::Constant || skipped_.count(id)) continue;  // constants are pushed where used
            if (s.code == Code::Load && !base_.count(id)) continue;  // broadcast: set at the row start
            if (read_from_.count(id)) {
                a.comment(detail::tmp(id) + " = kept by an earlier phase");
                address(read_from_.at(id), jb);
                load_lanes(vec, offset);
                a.set(val_.at(id));
                continue;
            }
            a.comment(describe(id));
            switch (s.code) {
                case Code::Load: {
                    // In columns a load that does not walk x is one value for every lane.
                    const bool along_x = !columns_ || access_[id].strides[0] == 1;
                    if (!columns_ && !reduction_ && access_[id].strides.back() > 1 && !tr_slot_.count(id)) {
                        gather(id, jb, vec, offset);
                        break;
                    }
                    address(id, jb);
                    load_lanes(vec && along_x, along_x ? offset : 0);
                    break;
                }
                case Code::Store:
                    address(id, jb);
                    push(s.args[0]);
                    store_lanes(vec, offset);
                    continue;
                case Code::Unary: unary(s); break;
                case Code::Binary: binary(s); break;
                case Code::Ternary: ternary(s); break;
                case Code::Cast:
                    push(s.args[0]);
                    if (s.dtype == DType::Bool) c(0.0f), as_one(simd::f32x4_ne, "f32x4.ne");
                    else if (s.dtype == DType::Int64) f(simd::f32x4_trunc, "f32x4.trunc");
                    break;  // float32/float64: the value as computed
                case Code::Reduce: {
                    // Lanes fold separately over the groups (acc), the tail into all lanes alike (tail_acc).
                    if (columns_) {  // each lane its own x point: the running value in the scratch area
                        push(id);
                        a.set(val_.at(id));
                        a.get(sp_);
                        combine(s.op, [&] { a.get(val_.at(id)); }, [&] { push(s.args[0]); });
                        store_lanes(vec, slot_offset(id));
                        continue;
                    }
                    const int acc = vec ? acc_.at(id)[size_t(unroll_)] : tail_acc_.at(id);
                    combine(s.op, [&] { a.get(acc); }, [&] { push(s.args[0]); });
                    a.set(acc);
                    continue;
                }
                default: break;
            }
            a.set(val_.at(id));
            if (columns_ && col_slot_.count(id)) {  // an Outer value a later phase reads
                a.get(sp_), a.get(val_.at(id));
                store_lanes(vec, slot_offset(id));
            }
            if (keep_in_.count(id)) {
                a.comment("keep " + detail::tmp(id) + " for a later phase");
                address(keep_in_.at(id), jb);
                a.get(val_.at(id));
                store_lanes(vec, offset);
            }
        }
    }

    // ---- [SECTION] the module ----
    // The function's body is complete: its constants go in front, its end after, and the module is
    // assembled as bytes and as text.
    WasmModule finish(Asm& a) const {
        a.prepend_constants();
        a.code.push_back(0x0b);  // the function's end
        WasmModule out;
        out.buffers = buffers_;
        out.bytes = module_bytes(a);
        out.text = module_text(a);
        return out;
    }

    std::vector<uint8_t> module_bytes(const Asm& a) const {
        std::vector<uint8_t> out = {0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00};
        std::vector<uint8_t> s;
        // type 0: (i32 x params) -> ()
        uleb(s, 1);
        s.push_back(0x60);
        uleb(s, uint32_t(a.num_params));
        for (int i = 0; i < a.num_params; ++i) s.push_back(kI32);
        uleb(s, 0);
        section(out, 1, s);
        s.clear();
        // import env.memory: the engine's memory (min 1 page, no maximum: any memory matches)
        uleb(s, 1);
        name(s, "env");
        name(s, "memory");
        s.push_back(0x02);
        s.push_back(0x00);
        uleb(s, 1);
        section(out, 2, s);
        s.clear();
        uleb(s, 1);
        uleb(s, 0);
        section(out, 3, s);
        s.clear();
        uleb(s, 1);
        name(s, "kernel");
        s.push_back(0x00);
        uleb(s, 0);
        section(out, 7, s);
        s.clear();
        // code: locals as runs of one type, then the body
        std::vector<uint8_t> body;
        std::vector<std::pair<uint32_t, uint8_t>> runs;
        for (uint8_t t : a.local_types) {
            if (!runs.empty() && runs.back().second == t) ++runs.back().first;
            else runs.push_back({1, t});
        }
        uleb(body, runs.size());
        for (const auto& [count, t] : runs) {
            uleb(body, count);
            body.push_back(t);
        }
        body.insert(body.end(), a.code.begin(), a.code.end());
        uleb(s, 1);
        uleb(s, body.size());
        s.insert(s.end(), body.begin(), body.end());
        section(out, 10, s);
        return out;
    }

    std::string module_text(const Asm& a) const {
        std::ostringstream os;
        std::string dims;
        for (int64_t d : sizes_) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
        os << ";; " << k_.name << ": WebAssembly SIMD" << (features_.relaxed_simd ? " (+ relaxed SIMD)" : "") << " generated by codegen/wasm, ";
        if (columns_) os << sizes_[0] << " columns of " << sizes_[1] << " reduced along a dim " << col_stride_ << " elements apart (x dims merged), 4 x points per group\n";
        else if (reduction_) os << sizes_[0] << " rows of " << sizes_[1] << " reduced along the row (x dims merged), 4 per group\n";
        else os << k_.x_numel() << " points as [" << dims << "] (dims merged), 4 per group\n";
        os << "(module\n  (import \"env\" \"memory\" (memory 1))\n";
        os << "  (func $" << k_.name << " (export \"kernel\")";
        for (int i = 0; i < a.num_params; ++i) os << " (param $" << a.names[size_t(i)] << " i32)";
        os << "\n";
        for (size_t i = 0; i < a.local_types.size(); ++i)
            os << "    (local $" << a.names[size_t(a.num_params) + i] << (a.local_types[i] == kI32 ? " i32)" : " v128)") << "\n";
        for (const std::string& l : a.lines) os << l << "\n";
        os << "  )\n)\n";
        return os.str();
    }
};

}  // namespace

std::string wasm_ineligible_reason(const kernel::Plan& p, int kernel_index) {
    if (kernel_index < 0 || size_t(kernel_index) >= p.kernels.size()) return "no such kernel";
    if (p.kernels[size_t(kernel_index)].gemm) return "a matrix product computed in the kernel (CUDA plans only)";
    if (!p.kernels[size_t(kernel_index)].parts.empty()) return "a combo kernel (CUDA plans only)";
    try {
        return Gen(p, kernel_index).analyze();
    } catch (const std::exception& e) {
        return std::string("unexpected kernel: ") + e.what();
    }
}

std::optional<WasmModule> generate_wasm(const kernel::Plan& p, int kernel_index, std::string* why, const WasmFeatures& features) {
    std::string reason = "no such kernel";
    if (kernel_index >= 0 && size_t(kernel_index) < p.kernels.size()) {
        try {
            Gen g(p, kernel_index, features);
            reason = g.analyze();
            if (reason.empty()) return g.emit();
        } catch (const std::exception& e) {
            reason = std::string("unexpected kernel: ") + e.what();
        }
    }
    if (why) *why = reason;
    return std::nullopt;
}

std::string wasm_output_code_text(const kernel::Plan& p, const WasmFeatures& features) {
    std::string out = ";; ---- WebAssembly kernels (codegen/wasm; the browser build runs these, the interpreter the rest) ----\n";
    if (features.relaxed_simd) out += ";; relaxed SIMD: pw::exp's multiply-adds as f32x4.relaxed_madd\n";
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        std::string why;
        auto m = generate_wasm(p, int(i), &why, features);
        if (m) out += m->text;
        else out += ";; " + p.kernels[i].name + ": kernel interpreter (not generated: " + why + ")\n";
    }
    return out;
}

}  // namespace kiln::codegen
