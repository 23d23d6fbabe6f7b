// The graph-break and recompile catalogue: what the Breaks and Guards panels say about each break or
// recompile beyond the engine's own text.
//
// Breaks are keyed by Kiln's break kinds: the titles its Dynamo raises (engine/capture/dynamo/
// translator.cpp's unsupported()/skip() calls and the frame-skip titles of dynamo.cpp), which are
// PyTorch's gb_type strings wherever PyTorch has the same break. Each row gives PyTorch's
// graph-break id from torch/_dynamo/graph_break_registry.json (PyTorch 2.11; "" for a break only
// Kiln raises), a one-line explanation, who can fix it, and the lesson step that explains it.
// Recompiles are keyed by the class of the guard that failed (the engine's Guard::kind_name():
// TENSOR_MATCH, GLOBAL_STATE, ...), which is how PyTorch's guard tree names them.
// tests/playground/test_break_catalogue.cpp checks that every title the engine can raise and every
// guard kind has a row.
#pragma once
#include <string>
#include <vector>

namespace kiln::playground {

// Where the fix lives.
enum class Fixer {
    YourCode,     // change the program (the hint says how)
    Library,      // the compiler (Kiln's or PyTorch's Dynamo) or the library called does not support it yet
    Fundamental,  // no compiler can capture it as written: the program has to express it differently
};
const char* fixer_name(Fixer f);  // "your code", "a library", "fundamental"

// A standard rewrite the playground can apply to a copy of the program ("try the fix").
enum class Rewrite { None, ItemAsTensor, PrintOut };

struct BreakInfo {
    std::string title;    // Kiln's break kind (the engine's title, or a prefix of it for titles with a name in them)
    std::string phrase;   // more specific rows: a phrase the reason must also contain ("`print`"); "" = any
    std::string gb;       // PyTorch's id, "GB0059"; "" when PyTorch has no such break
    std::string gb_name;  // PyTorch's gb_type for that id
    std::string explain;  // one line for a learner
    Fixer fixer = Fixer::YourCode;
    std::string lesson, step;  // lessons/<lesson> and the heading of the step that explains it
    Rewrite rewrite = Rewrite::None;
    bool prefix = false;  // `title` is a prefix ("Unsupported Tensor." + method)

    // https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html ("" without an id)
    std::string docs_url() const;
};

struct RecompileInfo {
    std::string guard;    // the guard class: "TENSOR_MATCH"
    std::string explain;
    Fixer fixer = Fixer::YourCode;
    std::string fix;      // the usual fix, one line
    std::string lesson, step;
};

const std::vector<BreakInfo>& break_catalogue();
const std::vector<RecompileInfo>& recompile_catalogue();

// The break kind of a Breaks-panel reason ("Graph Break Reason: " optional, then the title line,
// explanation, hints...): the row for its title (a phrase row first), or a generic row (empty
// gb, title "") for a title the catalogue does not know.
const BreakInfo& break_info(const std::string& reason);
// The row for a failing guard's class (kind_name); a generic row for an unknown one.
const RecompileInfo& recompile_info(const std::string& guard_kind);
// Whether the catalogue has a row for exactly this title (prefix rows match titles that start with
// their prefix): the coverage test's question.
bool has_break_row(const std::string& title);

}  // namespace kiln::playground
