// Share links (playground/share.h) round-trip exactly, survive garbage; syntax classes
// (playground/highlight.h) colour what the editor shows.
#include <catch2/catch.hpp>

#include <string>

#include "highlight.h"
#include "share.h"

using namespace kiln::playground;

TEST_CASE("base64url round-trips every length and byte", "[playground]") {
    std::string all;
    for (int i = 0; i < 256; ++i) all += char(i);
    for (size_t n = 0; n <= all.size(); n += 1) {
        std::string part = all.substr(0, n), back;
        std::string enc = base64url_encode(part);
        CHECK(enc.find_first_of("+/=") == std::string::npos);
        REQUIRE(base64url_decode(enc, &back));
        CHECK(back == part);
    }
    std::string out = "kept";
    CHECK(!base64url_decode("a", &out));
    CHECK(!base64url_decode("ab$d", &out));
    CHECK(out == "kept");
}

TEST_CASE("share hash restores code and options exactly", "[playground]") {
    ShareState s;
    s.code = "import torch\n# ünïcode ✓ & = # %\nprint(torch.ones(2))\n\n";
    s.options.mode = RunMode::Trace;
    s.options.backend = "aot_eager";
    s.options.compile_mode = "max-autotune";
    s.options.fullgraph = true;
    s.options.dynamic = "True";
    s.example = "print_break";
    s.lesson = "03-graph-breaks";
    std::string hash = encode_share_hash(s);
    CHECK(hash.rfind("#code=", 0) == 0);
    ShareState b = decode_share_hash(hash);
    CHECK(b.has_code);
    CHECK(b.code_ok);
    CHECK(b.code == s.code);
    CHECK(b.options.mode == RunMode::Trace);
    CHECK(b.options.backend == "aot_eager");
    CHECK(b.options.compile_mode == "max-autotune");
    CHECK(b.options.fullgraph);
    CHECK(b.options.dynamic == "True");
    CHECK(b.example == "print_break");
    CHECK(b.lesson == "03-graph-breaks");
    CHECK(encode_share_hash(b) == hash);
}

TEST_CASE("a corrupt share hash keeps defaults and says the code was bad", "[playground]") {
    ShareState b = decode_share_hash("#code=%%%&mode=warp&backend=rm -rf&fullgraph=&dynamic=x&lesson=<script>&&=");
    CHECK(b.has_code);
    CHECK(!b.code_ok);
    CHECK(b.code.empty());
    CHECK(b.options.mode == RunMode::Compile);
    CHECK(b.options.backend == "inductor");
    CHECK(b.options.dynamic == "None");
    CHECK(b.lesson == "script");
    ShareState empty = decode_share_hash("");
    CHECK(!empty.has_code);
}

TEST_CASE("a lesson link carries its step, counted from 1", "[playground]") {
    ShareState s;
    s.code = "x = 1\n";
    s.lesson = "tracing";
    s.step = 2;
    const std::string h = encode_share_hash(s);
    CHECK(h.find("&lesson=tracing&step=3") != std::string::npos);
    CHECK(decode_share_hash(h).step == 2);
    s.step = 0;
    CHECK(encode_share_hash(s).find("step=") == std::string::npos);  // the first step needs no step=
    s.lesson.clear();
    s.step = 4;
    CHECK(encode_share_hash(s).find("step=") == std::string::npos);  // no lesson, no step
    for (const char* bad : {"#lesson=a&step=0", "#lesson=a&step=-2", "#lesson=a&step=x", "#lesson=a&step=1e9", "#lesson=a&step="})
        CHECK(decode_share_hash(bad).step == 0);
    CHECK(decode_share_hash("#step=7&lesson=a").step == 6);  // any order
}

TEST_CASE("python syntax classes", "[playground]") {
    std::string src = "def f(x):  # hi\n    return torch.relu(x) + 1.5 if 'a' else \"\"\"b\nc\"\"\"\n@torch.compile\n";
    auto cls = classify_text(src, SyntaxLanguage::Python);
    REQUIRE(cls.size() == src.size());
    auto at = [&](const std::string& needle) { return cls[src.find(needle)]; };
    CHECK(at("def") == Syntax::Keyword);
    CHECK(at("f(") == Syntax::Function);
    CHECK(at("# hi") == Syntax::Comment);
    CHECK(at("return") == Syntax::Keyword);
    CHECK(at("relu") == Syntax::Function);
    CHECK(at("1.5") == Syntax::Number);
    CHECK(at("'a'") == Syntax::String);
    CHECK(at("c\"\"\"") == Syntax::String);  // inside the triple-quoted string, across the newline
    CHECK(at("@torch") == Syntax::Decorator);
    // An unterminated string stops at the end of its line.
    std::string typing = "x = 'abc\ny = 1\n";
    auto c2 = classify_text(typing, SyntaxLanguage::Python);
    CHECK(c2[typing.find("y =")] == Syntax::Text);
}

TEST_CASE("c++ syntax classes", "[playground]") {
    std::string src = "// kernel\nfor (int64_t x0 = 0; x0 < 3; ++x0) { out[x0] = 2.0f; }\n";
    auto cls = classify_text(src, SyntaxLanguage::Cpp);
    CHECK(cls[0] == Syntax::Comment);
    CHECK(cls[src.find("for")] == Syntax::Keyword);
    CHECK(cls[src.find("int64_t")] == Syntax::Keyword);
    CHECK(cls[src.find("2.0f")] == Syntax::Number);
}

TEST_CASE("syntax classes cover any bytes", "[playground]") {
    std::string all;
    for (int i = 0; i < 256; ++i) all += char(i);
    all += "'\"\"\"#@\\";
    for (auto lang : {SyntaxLanguage::Python, SyntaxLanguage::Cpp})
        for (size_t n = 0; n <= all.size(); n += 7) CHECK(classify_text(all.substr(n), lang).size() == all.size() - n);
}
