// libFuzzer harness for the language front end and compiler: lex, parse, compile to bytecode and
// disassemble arbitrary bytes. The only acceptable failure is kiln::Error (a located SyntaxError or
// compile error); anything else -- another exception, an internal compiler error from the stack
// depth verifier, a crash, a hang, a sanitizer report -- is a bug. Build and run: see
// tests/fuzz/CMakeLists.txt.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "bytecode/compiler.h"
#include "lang/lexer.h"
#include "lang/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view src(reinterpret_cast<const char*>(data), size);
    try {
        (void)kiln::lang::tokens_dump(kiln::lang::tokenize(src, "fuzz.py"));
    } catch (const kiln::Error&) {
    }
    try {
        kiln::lang::Module module = kiln::lang::parse_module(src, "fuzz.py");
        (void)kiln::lang::ast_dump(module);
        (void)kiln::bytecode::dis(*kiln::bytecode::compile_module(module, "fuzz.py"));
    } catch (const kiln::Error& e) {
        // The assembler's verifier reports compiler bugs as errors: those must never happen.
        if (std::string_view(e.what()).find("internal compiler error") != std::string_view::npos) __builtin_trap();
    }
    return 0;
}
