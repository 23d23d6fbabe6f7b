// "Try the fix": a graph break's standard rewrite (break_catalogue.h's Rewrite) applied to a copy of
// the program, which then runs again so the Breaks panel can show the break count before and after.
//
//   ItemAsTensor: `s = x.sum().item()` -> `s = x.sum()` on the break's line: the value stays a
//                 tensor, so the operations that use it stay in the graph.
//   PrintOut:     the print() call on the break's line (all its lines, if it spans several) is taken
//                 out of the compiled function: replaced by `pass` with the call kept as a comment.
//
// The rewrite is text-level and local to the break's line; it says what it changed, or why it did
// not apply (the line does not hold what the break's kind says). No ImGui: tests/playground runs it.
#pragma once
#include <string>

#include "break_catalogue.h"
#include "session.h"

namespace kiln::playground {

struct FixEdit {
    bool applied = false;
    std::string source;   // the rewritten program (the original when not applied)
    std::string summary;  // "line 4: x.sum().item() -> x.sum()", or why nothing changed
};

// Applies `kind`'s rewrite at `line` (1-based) of `source`.
FixEdit apply_rewrite(const std::string& source, Rewrite kind, int line);

struct FixTrial {
    FixEdit edit;
    int breaks_before = 0, breaks_after = 0;
    bool ran = false;       // the rewritten program ran (edit applied)
    bool after_ok = false;  // ... without an uncaught error
    std::string after_error;
    RunReport after;
};

// The break's rewrite applied to a copy of `source`, run with the same options; `before` is the
// report of the original run (its break count is the "before").
FixTrial try_fix(const std::string& source, const RunOptions& options, const RunReport& before, const GraphBreak& brk);

}  // namespace kiln::playground
