// Share-link encoding (see share.h): base64url by hand (no dependency for 40 lines) and a
// key=value&... hash whose keys stay stable, since links outlive versions of the page.
#include "share.h"

#include <cstdint>
#include <vector>

namespace kiln::playground {
namespace {

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-' || c == '+') return 62;  // '+' and '/' too: a link pasted from standard base64
    if (c == '_' || c == '/') return 63;
    return -1;
}

// Percent-decoding for the plain values (example and lesson ids may have been escaped by a browser).
std::string percent_decode(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
            int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += char(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

// Ids are short names: anything else is dropped rather than shown.
std::string clean_id(const std::string& s) {
    std::string out;
    for (char c : s)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.')
            out += c;
    return out.substr(0, 64);
}

// A comma-separated list of ids (presenter mode's panels).
std::string clean_list(const std::string& s) {
    std::string out, item;
    for (size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == ',') {
            item = clean_id(item);
            if (!item.empty()) out += (out.empty() ? "" : ",") + item;
            item.clear();
        } else {
            item += s[i];
        }
    }
    return out.substr(0, 256);
}

}  // namespace

std::string base64url_encode(const std::string& bytes) {
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint8_t(bytes[i]) << 16 | uint8_t(bytes[i + 1]) << 8 | uint8_t(bytes[i + 2]);
        for (int k = 18; k >= 0; k -= 6) out += kAlphabet[(v >> k) & 63];
    }
    if (size_t rest = bytes.size() - i) {
        uint32_t v = uint8_t(bytes[i]) << 16 | (rest == 2 ? uint8_t(bytes[i + 1]) << 8 : 0);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        if (rest == 2) out += kAlphabet[(v >> 6) & 63];
    }
    return out;
}

bool base64url_decode(const std::string& text, std::string* out) {
    std::string s = text;
    while (!s.empty() && s.back() == '=') s.pop_back();
    if (s.size() % 4 == 1) return false;
    std::string r;
    uint32_t acc = 0;
    int bits = 0;
    for (char c : s) {
        int v = sextet(c);
        if (v < 0) return false;
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            r += char((acc >> bits) & 0xff);
        }
    }
    *out = std::move(r);
    return true;
}

std::string encode_share_hash(const ShareState& s) {
    const RunOptions& o = s.options;
    std::string h = "#code=" + base64url_encode(s.code) + "&mode=" + run_mode_name(o.mode) + "&backend=" + o.backend +
                    "&cmode=" + o.compile_mode + "&fullgraph=" + (o.fullgraph ? "1" : "0") + "&dynamic=" + o.dynamic;
    if (!s.example.empty()) h += "&example=" + clean_id(s.example);
    if (!s.lesson.empty()) h += "&lesson=" + clean_id(s.lesson);
    if (!s.lesson.empty() && s.step > 0) h += "&step=" + std::to_string(s.step + 1);
    if (o.device != "cpu") h += "&device=" + clean_id(o.device);
    if (s.presenter) h += "&presenter=1";
    if (s.presenter && !s.panels.empty()) h += "&panels=" + clean_list(s.panels);
    return h;
}

ShareState decode_share_hash(const std::string& hash) {
    ShareState s;
    std::string h = !hash.empty() && hash[0] == '#' ? hash.substr(1) : hash;
    size_t start = 0;
    while (start <= h.size()) {
        size_t amp = h.find('&', start);
        if (amp == std::string::npos) amp = h.size();
        std::string pair = h.substr(start, amp - start);
        size_t eq = pair.find('=');
        std::string key = pair.substr(0, eq), value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        RunOptions& o = s.options;
        if (key == "code") {
            s.has_code = true;
            s.code_ok = base64url_decode(percent_decode(value), &s.code);
            if (!s.code_ok) s.code.clear();
        } else if (key == "mode") {
            parse_run_mode(value, &o.mode);
        } else if (key == "backend" && (value == "eager" || value == "aot_eager" || value == "inductor")) {
            o.backend = value;
        } else if (key == "cmode" && (value == "default" || value == "reduce-overhead" || value == "max-autotune")) {
            o.compile_mode = value;
        } else if (key == "fullgraph") {
            o.fullgraph = value == "1" || value == "true" || value == "True";
        } else if (key == "dynamic" && (value == "None" || value == "True" || value == "False")) {
            o.dynamic = value;
        } else if (key == "example") {
            s.example = clean_id(percent_decode(value));
        } else if (key == "lesson") {
            s.lesson = clean_id(percent_decode(value));
        } else if (key == "step") {
            // Digits only, 1 to 999: anything else keeps the lesson's first step.
            if (!value.empty() && value.size() <= 3 && value.find_first_not_of("0123456789") == std::string::npos &&
                std::stoi(value) >= 1)
                s.step = std::stoi(value) - 1;
        } else if (key == "device" && (value == "cpu" || value == "cuda")) {
            o.device = value;
        } else if (key == "presenter") {
            s.presenter = value == "1" || value == "true";
        } else if (key == "panels") {
            s.panels = clean_list(percent_decode(value));
        }
        start = amp + 1;
    }
    return s;
}

}  // namespace kiln::playground
