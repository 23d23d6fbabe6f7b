// The web build's JIT for generated kernels (see wasm_jit.h).
#include "backends/wasm_jit.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "codegen/wasm.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// Compiles and instantiates `len` bytes at `bytes` against the engine's own memory and puts the
// module's "kernel" export into the function table: returns its index, or 0 with the browser's
// message in `err` (a module the engine generated wrongly is refused here, never run).
// clang-format off
EM_JS(int, kiln_wasm_instantiate, (const uint8_t* bytes, int len, int nparams, char* err, int errlen), {
    try {
        var mod = new WebAssembly.Module(HEAPU8.slice(bytes, bytes + len));
        var inst = new WebAssembly.Instance(mod, {env: {memory: wasmMemory}});
        return addFunction(inst.exports.kernel, 'v' + 'i'.repeat(nparams));
    } catch (e) {
        stringToUTF8(String((e && e.message) || e), err, errlen);
        return 0;
    }
});
// Whether the engine accepts relaxed SIMD: a module of one function (v128, v128, v128) -> v128
// returning f32x4.relaxed_madd of its parameters (opcode 0xfd 0x105).
EM_JS(int, kiln_wasm_has_relaxed_simd, (), {
    try {
        return WebAssembly.validate(new Uint8Array([
            0, 97, 115, 109, 1, 0, 0, 0,                                 // magic, version
            1, 8, 1, 96, 3, 123, 123, 123, 1, 123,                       // type: (v128 x3) -> v128
            3, 2, 1, 0,                                                  // function 0 of type 0
            10, 13, 1, 11, 0, 32, 0, 32, 1, 32, 2, 253, 133, 2, 11])) ? 1 : 0;  // its body
    } catch (e) {
        return 0;
    }
});
// clang-format on
#endif

namespace kiln::backends {

bool wasm_jit_available() {
#ifdef __EMSCRIPTEN__
    return true;
#else
    return false;
#endif
}

codegen::WasmFeatures wasm_jit_features() {
    codegen::WasmFeatures f;
#ifdef __EMSCRIPTEN__
    static const bool relaxed = kiln_wasm_has_relaxed_simd() != 0;
    f.relaxed_simd = relaxed;
#endif
    return f;
}

void WasmKernel::run(void* const* buffer_data) const {
#ifdef __EMSCRIPTEN__
    // wasm32: addresses are i32. The table entry's type is (i32 x (pointers + 1)) -> (): the
    // pointer type below must match it exactly (call_indirect checks the signature).
    // The scratch area of a kernel that takes one (column reductions' row values, the copies of
    // transposed tiles): this thread's, grown to the largest kernel's need.
    static thread_local std::vector<float> scratch;
    int32_t a[codegen::kWasmMaxBuffers + 2] = {};
    size_t i = 0;
    for (int b : buffers) a[i++] = int32_t(reinterpret_cast<uintptr_t>(buffer_data[size_t(b)]));
    if (scratch_bytes > 0) {
        if (scratch.size() * 4 < size_t(scratch_bytes)) scratch.resize(size_t(scratch_bytes) / 4 + 4);
        a[i++] = int32_t(reinterpret_cast<uintptr_t>(scratch.data()));
    }
    a[i] = int32_t(numel);
    using I = int32_t;
    const uintptr_t f = uintptr_t(function);
    switch (i) {  // the pointers before n
        case 1: reinterpret_cast<void (*)(I, I)>(f)(a[0], a[1]); break;
        case 2: reinterpret_cast<void (*)(I, I, I)>(f)(a[0], a[1], a[2]); break;
        case 3: reinterpret_cast<void (*)(I, I, I, I)>(f)(a[0], a[1], a[2], a[3]); break;
        case 4: reinterpret_cast<void (*)(I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4]); break;
        case 5: reinterpret_cast<void (*)(I, I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4], a[5]); break;
        case 6: reinterpret_cast<void (*)(I, I, I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4], a[5], a[6]); break;
        case 7: reinterpret_cast<void (*)(I, I, I, I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); break;
        case 8:
            reinterpret_cast<void (*)(I, I, I, I, I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]);
            break;
        case 9:
            reinterpret_cast<void (*)(I, I, I, I, I, I, I, I, I, I)>(f)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
            break;
        default: break;  // wasm_kernel() never makes one with another count
    }
    static_assert(codegen::kWasmMaxBuffers == 8, "WasmKernel::run needs a case per pointer count (buffers and scratch)");
#else
    (void)buffer_data;
#endif
}

std::shared_ptr<const WasmKernel> wasm_kernel(const kernel::Plan& p, int kernel_index, std::string* why) {
    std::string reason;
    std::optional<codegen::WasmModule> m = codegen::generate_wasm(p, kernel_index, &reason, wasm_jit_features());
    if (!m) {
        if (why) *why = "not generated: " + reason;
        return nullptr;
    }
    if (m->buffers.empty() || m->buffers.size() > size_t(codegen::kWasmMaxBuffers)) {
        if (why) *why = "not generated: " + std::to_string(m->buffers.size()) + " buffers";
        return nullptr;
    }
#ifdef __EMSCRIPTEN__
    // Instances by module bytes (the outcome too: a refused module is not tried again).
    static std::mutex mu;
    static std::map<std::string, std::pair<int, std::string>> cache;
    std::lock_guard<std::mutex> lock(mu);
    const std::string key(m->bytes.begin(), m->bytes.end());
    auto it = cache.find(key);
    if (it == cache.end()) {
        char err[512] = {};
        const int nparams = int(m->buffers.size()) + (m->scratch_bytes > 0 ? 1 : 0) + 1;
        const int fn = kiln_wasm_instantiate(m->bytes.data(), int(m->bytes.size()), nparams, err, int(sizeof err));
        it = cache.emplace(key, std::make_pair(fn, fn ? std::string() : std::string(err))).first;
    }
    if (!it->second.first) {
        if (why) *why = "the browser refused the module: " + it->second.second;
        return nullptr;
    }
    auto k = std::make_shared<WasmKernel>();
    k->function = it->second.first;
    k->buffers = m->buffers;
    k->scratch_bytes = m->scratch_bytes;
    k->numel = p.kernels[size_t(kernel_index)].x_numel();
    return k;
#else
    if (why) *why = "generated WebAssembly runs in the browser build only";
    return nullptr;
#endif
}

}  // namespace kiln::backends
