// PEP 709's inlined comprehensions, as far as they show (interpreter.cpp, frame_object.cpp).
//
// CPython 3.12 compiles a list, set or dict comprehension into the frame that holds it; Kiln still
// calls a nested code object, and hides its frame where that shows: an exception leaving it gets
// one traceback entry named for the enclosing function (which then adds none), sys._getframe()
// and f_back skip it, locals() shows the enclosing function's variables with the comprehension's.
// Generator expressions stay frames of their own, as in CPython.
#pragma once

namespace kiln::vm {

struct Frame;

// Whether f runs a list, set or dict comprehension called from another frame.
bool inlined_comprehension(const Frame& f);

}  // namespace kiln::vm
