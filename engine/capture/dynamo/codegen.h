// Transformed bytecode: what runs in place of a captured frame, and the resume functions.
//
// For a frame that returned, the transformed code loads the graph's inputs through their sources,
// calls `__compiled_fn_N`, replays the side effects the graph cannot hold (attribute and global
// stores) and rebuilds the return value from the graph's outputs and constants. For a frame that
// broke at instruction i, it does the same up to i, rebuilds the value stack i expects, runs i
// itself (the print, the data-dependent jump, the call that could not be inlined), then calls
// `__resume_at_<offset>_<n>(stack..., live locals...)` and returns its result; a jump gets one
// resume function per target. A resume function is a copy of the original code with a prologue
// that pushes the saved stack and jumps to the instruction after the break; when it is called,
// the frame-evaluation hook captures it like any other frame. Both listings print with `dis`.
#pragma once
#include <map>
#include <string>
#include <tuple>

#include "capture/dynamo/translator.h"

namespace kiln::capture::dynamo {

// Resume functions are cached by (code, target instruction, stack depth, live locals), so that a
// recompile of the frame reuses the same resume code and its cache entries (as Dynamo's
// ContinueExecutionCache does).
struct ResumeCache {
    std::map<std::tuple<const bytecode::CodeObject*, int, int, std::string>, vm::Ref<vm::Function>> functions;
    int counter = 0;
};

struct Transformed {
    vm::Ref<vm::Code> code;
    std::vector<std::string> resume_names;
};

// The graph's output node lists the tensor values the transformed code needs (return value, stack
// and live locals at a break, side-effect values) that are not plain inputs; it also records which
// locals a resume function receives (cap.resume_locals). Call before the graph is handed to a
// backend, and before generate().
void finish_graph(Capture& cap, const vm::Frame& frame);

// Builds the transformed code. `compiled_name` is the global holding the compiled graph ("" when
// the graph has no operations and is not called). Resume functions are stored as globals of the
// frame's module. Throws kiln::Error when the state at a break cannot be rebuilt (the caller then
// runs the frame eagerly).
// `roots` (optional): the compiled function reads its inputs itself (guards.h read_inputs) and is
// called with these roots of their paths (`self`, `x`) instead of one load per input.
Transformed generate(vm::Interpreter& in, const vm::Frame& frame, const Capture& cap, const std::string& compiled_name,
                     ResumeCache& resumes, const std::vector<SourceP>* roots = nullptr);

// Locals live on entry to each instruction (read before being written on some path).
std::vector<std::vector<bool>> live_locals(const bytecode::CodeObject& co);

}  // namespace kiln::capture::dynamo
