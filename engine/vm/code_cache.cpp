// The standard library's bytecode cache (see code_cache.h).
#include "vm/code_cache.h"

#include <cstdlib>
#include <filesystem>

#include "backends/disk_cache.h"
#include "bytecode/compiler.h"
#include "bytecode/frontend_id.h"
#include "bytecode/marshal.h"
#include "lang/parser.h"
#include "support/error.h"

namespace kiln::vm {

std::string bytecode_cache_dir() {
    namespace fs = std::filesystem;
    const char* dir = std::getenv("KILN_CACHE_DIR");
    if (dir && *dir) return (fs::path(dir) / "bytecode").string();
    const char* home = std::getenv("HOME");
    return (fs::path(home && *home ? home : "/tmp") / ".cache" / "kiln" / "bytecode").string();
}

std::shared_ptr<const bytecode::CodeObject> stdlib_module_code(const std::string& source, const std::string& filename) {
#ifdef __EMSCRIPTEN__
    return bytecode::compile_module(lang::parse_module(source, filename), filename);
#else
    std::string key = std::string(bytecode::kFrontendId) + '\0' + filename + '\0' + source;
    std::string path = bytecode_cache_dir() + "/" + backends::content_hash(key) + ".kbc";
    if (std::optional<std::string> bytes = backends::read_whole_file(path))
        if (auto code = bytecode::unmarshal_code(*bytes)) return code;
    std::shared_ptr<const bytecode::CodeObject> code =
        bytecode::compile_module(lang::parse_module(source, filename), filename);
    try {
        backends::write_atomically(path, bytecode::marshal_code(*code), "bytecode cache");
    } catch (const Error&) {
        // an unwritable folder (read-only home, full disk) only costs this compile, as in CPython
    }
    return code;
#endif
}

}  // namespace kiln::vm
