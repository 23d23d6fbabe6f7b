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
//
// launch_clock is null unless the host's step profile is open (backends/step_profile.h); then the
// generated code calls it right before (end == 0) and right after (end == 1) each kernel launch,
// with the launch's step id, so the host can time launches that never return to it. Off, a launch
// costs a null test on each side (kKilnLaunchHelpers below), no call.
#pragma once

extern "C" {
struct KilnRuntime {
    void* ctx;
    void* (*data)(void* ctx, int buffer);              // the buffer's element 0 (inputs: the tensor's data())
    void (*alloc)(void* ctx, int buffer);              // Step Alloc
    void (*reuse)(void* ctx, int buffer, int from);    // Step Reuse
    void (*release)(void* ctx, int buffer);            // Step Free
    void (*run_step)(void* ctx, int step);             // Step Extern / Fallback
    void (*launch_clock)(void* ctx, int step, int end);  // (optional) null: no profile open
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
    "    void (*launch_clock)(void* ctx, int step, int end);\n"
    "};\n";

// What kiln_call brackets each kernel launch with (emitted after the struct): the null test lives
// here, so the generated wrapper reads as one line per event.
inline constexpr const char* kKilnLaunchHelpers =
    "// Launch timing for the host's profile; rt->launch_clock is null when none is open.\n"
    "static inline void kiln_launch_begin(KilnRuntime* rt, int step) { if (rt->launch_clock) rt->launch_clock(rt->ctx, step, 0); }\n"
    "static inline void kiln_launch_end(KilnRuntime* rt, int step) { if (rt->launch_clock) rt->launch_clock(rt->ctx, step, 1); }\n";
}  // namespace kiln::kernel
