// The C interface between generated code and the host that runs it.
//
// The C++ code generator (codegen/cpp) emits, next to the fused kernels, a `call()` function that
// walks a Plan's steps: it asks the host for buffers, launches kernels directly, and hands extern
// kernels (mm, convolution) and fallback ops back to the host, which runs them with the eager
// engine. The generated source repeats this struct's definition verbatim (codegen/cpp.cpp reads it
// from kKilnRuntimeAbi below), so the shared library it compiles to needs no Kiln header.
//
//   extern "C" void kiln_call(KilnRuntime* rt);   // runs the whole plan once
//
// Every function pointer takes `ctx` first. Buffer ids and step ids are indices into
// Plan::buffers and Plan::steps.
#pragma once

extern "C" {
struct KilnRuntime {
    void* ctx;
    void* (*data)(void* ctx, int buffer);              // the buffer's element 0 (inputs: the tensor's data())
    void (*alloc)(void* ctx, int buffer);              // Step Alloc
    void (*reuse)(void* ctx, int buffer, int from);    // Step Reuse
    void (*release)(void* ctx, int buffer);            // Step Free
    void (*run_step)(void* ctx, int step);             // Step Extern / Fallback
};
}

namespace kiln::kernel {
// The text of the struct above, for generated sources.
inline constexpr const char* kKilnRuntimeAbi =
    "struct KilnRuntime {\n"
    "    void* ctx;\n"
    "    void* (*data)(void* ctx, int buffer);\n"
    "    void (*alloc)(void* ctx, int buffer);\n"
    "    void (*reuse)(void* ctx, int buffer, int from);\n"
    "    void (*release)(void* ctx, int buffer);\n"
    "    void (*run_step)(void* ctx, int step);\n"
    "};\n";
}  // namespace kiln::kernel
