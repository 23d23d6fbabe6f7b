// A `raise` in TorchScript, as PyTorch's interpreter reports it. prim::RaiseException throws a
// ScriptException (PyTorch's JITException: the message and the qualified Python class name, e.g.
// "builtins.ValueError"); the caller of the scripted function turns it into torch.jit.Error whose
// text is InterpreterStateImpl::handleError's:
//
//   The following operation failed in the TorchScript interpreter.
//   Traceback of TorchScript (most recent call last):
//     File "/abs/prog.py", line 6, in f
//       <2 lines before>
//       raise ValueError("k must not be 0")
//       ~~~~~ <--- HERE
//       <2 lines after>
//   builtins.ValueError: k must not be 0
//
// The frame is SourceRange::print_with_context over the function's source as the frontend read it
// (decorators included, dedented), so the script compiler registers each function's lines here.
#pragma once
#include <string>
#include <vector>

#include "graph/ir.h"
#include "support/error.h"

namespace kiln::graph {

class ScriptException : public Error {
public:
    ScriptException(ErrorKind kind, const std::string& message, std::string qualified_class, SourceLoc at)
        : Error(kind, message), cls_(std::move(qualified_class)), at_(std::move(at)) {}
    const std::string& qualified_class() const { return cls_; }
    const SourceLoc& where() const { return at_; }

private:
    std::string cls_;
    SourceLoc at_;
};

// The source of a scripted function: `lines` are file lines first_line..last_line (1-based, the
// first decorator's line through the def's last line).
void register_script_source(const std::string& file, int first_line, const std::vector<std::string>& lines,
                            const std::string& function);

// "  File ..., line N, in fn\n" and the context of `at`, highlighting the statement keyword there
// (`raise` or `assert`, the range PyTorch's frontend gives those statements); "" when no
// registered function holds `at`.
std::string script_frame(const SourceLoc& at);

// The whole torch.jit.Error text for `e`.
std::string script_exception_text(const ScriptException& e);

}  // namespace kiln::graph
