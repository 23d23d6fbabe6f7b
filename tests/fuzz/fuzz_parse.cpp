// libFuzzer harness for the language front end: lex, parse and dump arbitrary bytes. The only
// acceptable failure is kiln::Error (a located SyntaxError); anything else -- another exception, a
// crash, a hang, a sanitizer report -- is a bug. Build and run: see tests/fuzz/CMakeLists.txt.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lang/lexer.h"
#include "lang/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view src(reinterpret_cast<const char*>(data), size);
    try {
        (void)kiln::lang::tokens_dump(kiln::lang::tokenize(src, "fuzz.py"));
    } catch (const kiln::Error&) {
    }
    try {
        (void)kiln::lang::ast_dump(kiln::lang::parse_module(src, "fuzz.py"));
    } catch (const kiln::Error&) {
    }
    return 0;
}
