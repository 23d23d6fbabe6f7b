// The frame-evaluation hook: the VM's analog of CPython's PEP 523 `_PyInterpreterState_SetEvalFrameFunc`.
//
// Every Python-level frame (a function call, a class body, module code) goes through
// Interpreter::eval_frame, which calls the installed hook, or the default evaluator when none is
// installed. The hook gets the frame with its arguments bound before the first instruction runs; it
// may run the frame with Interpreter::eval_frame_default, run something else in its place (a
// compiled graph guarded on the frame's inputs) and return its result, or do both. Dynamo-style
// capture (engine/capture/dynamo) installs one; HookScope restores the previous hook.
#pragma once
#include <functional>

#include "vm/object.h"

namespace kiln::vm {

class Interpreter;
struct Frame;

using EvalFrameHook = std::function<Value(Interpreter&, Frame&)>;

}  // namespace kiln::vm
