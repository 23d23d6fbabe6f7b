// Running generated WebAssembly modules in node from native tests (codegen/wasm's, the random
// graphs'): natively the engine never runs generated wasm itself (backends/wasm_jit is the
// browser's), so the tests write the module and a memory image to a temporary directory, and node
// validates the bytes (WebAssembly.validate), instantiates them against a fresh memory holding the
// image, calls the export with the buffers' addresses and writes the memory back. Next to it: the
// kernel interpreter on the same buffers, for comparison.
#pragma once
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

#include "backends/interp.h"
#include "codegen/wasm.h"
#include "kernel/ir.h"
#include "support/golden.h"

namespace kiln::testing {

inline bool have_node() {
    static const bool ok = std::system("node --version > /dev/null 2>&1") == 0;
    return ok;
}

// The node options under which V8 accepts relaxed SIMD (none in node 22+, a flag in node 20), or
// nullopt when this node cannot run it: it validates a module of one f32x4.relaxed_madd.
inline std::optional<std::string> node_relaxed_simd_flags() {
    static const std::optional<std::string> flags = []() -> std::optional<std::string> {
        if (!have_node()) return std::nullopt;
        const std::string check =
            " -e 'process.exit(WebAssembly.validate(new Uint8Array([0,97,115,109,1,0,0,0,1,8,1,96,3,123,123,123,1,123,"
            "3,2,1,0,10,13,1,11,0,32,0,32,1,32,2,253,133,2,11])) ? 0 : 1)' > /dev/null 2>&1";
        for (std::string f : {"", "--experimental-wasm-relaxed-simd"})
            if (std::system(("node " + f + check).c_str()) == 0) return f;
        return std::nullopt;
    }();
    return flags;
}

// The feature sets to generate and run: plain SIMD, and relaxed SIMD where node runs it.
inline std::vector<codegen::WasmFeatures> feature_sets() {
    std::vector<codegen::WasmFeatures> out(1);
    if (node_relaxed_simd_flags()) out.push_back(codegen::WasmFeatures{true});
    else WARN("this node cannot run relaxed SIMD: relaxed modules are checked structurally only");
    return out;
}

inline const char* const kWasmRunner = R"(const fs = require('fs');
const [modPath, imgPath, outPath, argList] = process.argv.slice(2);
const bytes = fs.readFileSync(modPath);
if (!WebAssembly.validate(bytes)) { console.log('INVALID'); process.exit(3); }
const img = fs.readFileSync(imgPath);
const memory = new WebAssembly.Memory({ initial: Math.ceil(img.length / 65536) + 1 });
new Uint8Array(memory.buffer).set(img);
const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
inst.exports.kernel(...argList.split(',').map(Number));
fs.writeFileSync(outPath, new Uint8Array(memory.buffer, 0, img.length));
)";

// Runs `m` on the buffers (element 0 of buffer b at data[b]) in node; false when node failed.
// `shift` bytes move every buffer off 16-byte alignment (v128 accesses need none).
inline bool run_in_node(const codegen::WasmModule& m, const kernel::Plan& p, int ki, std::vector<std::vector<float>>& data, int shift,
                 std::string* log, const codegen::WasmFeatures& features = {}) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("kiln-wasm-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "run_wasm.js") << kWasmRunner;
    std::ofstream(dir / "k.wasm", std::ios::binary).write(reinterpret_cast<const char*>(m.bytes.data()), long(m.bytes.size()));
    std::vector<size_t> at(data.size(), 0);
    size_t size = 64;
    for (size_t b = 0; b < data.size(); ++b) {
        at[b] = size + size_t(shift);
        size += (data[b].size() * 4 + size_t(shift) + 63) / 64 * 64 + 64;
    }
    const size_t scratch_at = size;  // the kernel's scratch area, if any: NaN bits, so nothing reads it unwritten
    size += size_t(m.scratch_bytes);
    std::vector<char> img(size, 0);
    std::memset(img.data() + scratch_at, 0xff, size_t(m.scratch_bytes));
    for (size_t b = 0; b < data.size(); ++b) std::memcpy(img.data() + at[b], data[b].data(), data[b].size() * 4);
    std::ofstream(dir / "img.bin", std::ios::binary).write(img.data(), long(img.size()));
    std::string args;
    for (int b : m.buffers) args += std::to_string(at[size_t(b)]) + ",";
    if (m.scratch_bytes > 0) args += std::to_string(scratch_at) + ",";
    args += std::to_string(p.kernels[size_t(ki)].x_numel());
    const std::string flags = features.relaxed_simd ? node_relaxed_simd_flags().value_or("") + " " : "";
    const std::string cmd = "node " + flags + (dir / "run_wasm.js").string() + " " + (dir / "k.wasm").string() + " " +
                            (dir / "img.bin").string() + " " + (dir / "out.bin").string() + " " + args + " > " +
                            (dir / "log.txt").string() + " 2>&1";
    const int rc = std::system(cmd.c_str());
    if (log) *log = kiln::testing::read_file(dir / "log.txt");
    if (rc != 0) return false;
    const std::string out = kiln::testing::read_file(dir / "out.bin");
    if (out.size() != img.size()) return false;
    for (size_t b = 0; b < data.size(); ++b) std::memcpy(data[b].data(), out.data() + at[b], data[b].size() * 4);
    fs::remove_all(dir);
    return true;
}

inline std::vector<std::vector<float>> random_buffers(const kernel::Plan& p, uint32_t seed, float scale) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> dist(0.0f, scale);
    std::vector<std::vector<float>> data;
    for (const kernel::Buffer& b : p.buffers) {
        std::vector<float> v(size_t(b.nbytes() / 4));
        for (float& x : v) x = b.kind == kernel::BufferKind::Input ? dist(rng) : std::numeric_limits<float>::quiet_NaN();
        data.push_back(v);
    }
    return data;
}

inline std::vector<std::vector<float>> run_interp(const kernel::Plan& p, std::vector<std::vector<float>> data, int ki = 0) {
    std::vector<void*> ptrs;
    for (auto& v : data) ptrs.push_back(v.data());
    backends::run_kernel(p.kernels[size_t(ki)], p, ptrs.data());
    return data;
}

// |a - b| <= atol + rtol |b| elementwise, NaN matching NaN.
inline bool close(float a, float b, double rtol, double atol) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::fabs(double(a) - double(b)) <= atol + rtol * std::fabs(double(b));
}


}  // namespace kiln::testing
