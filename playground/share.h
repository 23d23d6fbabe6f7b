// Share links: the playground's state in the URL hash, restored exactly when the link is opened.
//
//   #code=<base64url of the UTF-8 source>&mode=compile&backend=inductor&cmode=default
//    &fullgraph=0&dynamic=None&example=print_break&lesson=ID&step=3&device=cuda&presenter=1&panels=editor,graph
//
// step= counts from 1 (the Lesson tab's "Step 3/7"); it goes with lesson= only.
//
// base64url (RFC 4648 section 5, no padding) keeps the hash free of characters that browsers
// escape. Decoding never fails hard: unknown keys are ignored, bad values keep the defaults, and a
// corrupt code= leaves `code_ok` false so the page can say so instead of showing garbage.
#pragma once
#include <string>

#include "session.h"

namespace kiln::playground {

std::string base64url_encode(const std::string& bytes);
// False (and `out` untouched) when `text` is not base64url.
bool base64url_decode(const std::string& text, std::string* out);

struct ShareState {
    std::string code;
    bool has_code = false;   // the hash carried code=
    bool code_ok = true;     // code= decoded cleanly
    RunOptions options;
    std::string example;     // the example the code started from ("" when typed)
    std::string lesson;      // lesson id
    int step = 0;            // the lesson's step, from 0 (the link's step= minus one)
    bool presenter = false;  // presenter mode (large fonts, chosen panels)
    std::string panels;      // presenter mode's panels, comma-separated ids ("editor,graph,lesson"); "" = all
};

// "#code=...&mode=..." (with the leading '#').
std::string encode_share_hash(const ShareState& s);
// Accepts the hash with or without its '#'.
ShareState decode_share_hash(const std::string& hash);

}  // namespace kiln::playground
