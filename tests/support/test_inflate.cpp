// support/inflate: the gzip reader the engine's embedded standard library goes through, and the
// checksums it shares with the zlib module; plus the embedded archive itself (every module under
// engine/stdlib is registered with its package flag).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/inflate.h"
#include "vm/interpreter.h"

using kiln::support::InflateError;

namespace {
// gzip.compress(b'hello hello hello kiln\n' * 3, mtime=0) from CPython: a fixed Huffman block.
const unsigned char kHello[] = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd,
                                0xc9, 0xc9, 0x57, 0xc8, 0x40, 0x22, 0xb3, 0x33, 0x73, 0xf2, 0xb8, 0x32, 0x48,
                                0x12, 0x06, 0x00, 0x74, 0xef, 0x6f, 0xfb, 0x45, 0x00, 0x00, 0x00};

std::string hello_gz() { return std::string(reinterpret_cast<const char*>(kHello), sizeof kHello); }

std::string error_of(const std::string& data) {
    try {
        kiln::support::gunzip(data);
    } catch (const InflateError& e) {
        return e.msg;
    }
    return "";
}
}  // namespace

TEST_CASE("support/inflate: gunzip and zlib's checksums", "[support]") {
    std::string want;
    for (int i = 0; i < 3; ++i) want += "hello hello hello kiln\n";
    CHECK(kiln::support::gunzip(hello_gz()) == want);
    CHECK(kiln::support::crc32_update(0, "123456789") == 0xcbf43926u);
    CHECK(kiln::support::adler32_update(1, "Wikipedia") == 0x11e60398u);

    std::string bad = hello_gz();
    bad[0] = 'x';
    CHECK(error_of(bad) == "incorrect header check");
    CHECK(error_of(hello_gz().substr(0, 20)) == "incomplete or truncated stream");
    std::string flipped = hello_gz();
    flipped[flipped.size() - 6] ^= 1;  // the CRC
    CHECK(error_of(flipped) == "incorrect data check");
}

TEST_CASE("the embedded standard library registers every engine/stdlib module", "[support][stdlib]") {
    namespace fs = std::filesystem;
    kiln::vm::Interpreter in;  // installs the modules
    const fs::path root = fs::path(KILN_SOURCE_DIR) / "engine/stdlib";
    int n = 0;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".py") continue;
        std::string name = fs::relative(entry.path(), root).replace_extension("").generic_string();
        for (char& c : name)
            if (c == '/') c = '.';
        if (name.size() > 9 && name.compare(name.size() - 9, 9, ".__init__") == 0) name.resize(name.size() - 9);
        INFO(name);
        CHECK(kiln::vm::Interpreter::module_known(name));
        ++n;
    }
    CHECK(n > 100);
}
