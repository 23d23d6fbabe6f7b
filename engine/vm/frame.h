// Frames: the state of one running code object, explicit so that tools can inspect it.
//
// A Frame holds the code, its globals (and the namespace that LOAD_NAME/STORE_NAME use in module
// and class bodies), the fast locals (parameters first, in co_varnames order), the cells
// (co_cellvars ++ co_freevars), the value stack, the block stack of active exception handlers and
// the instruction index. The frame-evaluation hook (eval_hook.h) receives a Frame whose arguments
// are already bound and whose first instruction has not run, which is what Dynamo-style capture
// needs to evaluate the same bytecode symbolically. A generator's frame lives in its Generator and
// is re-entered at `pc` after each yield with its stack and blocks as they were.
#pragma once
#include <vector>

#include "vm/types.h"

namespace kiln::vm {

// An active SETUP_FINALLY: where to jump, and the stack depth to cut back to.
struct Block {
    int handler;
    int level;
};

struct Frame {
    Code* code = nullptr;  // held alive by `func` or by the caller
    const bytecode::CodeObject* co = nullptr;
    Function* func = nullptr;  // null for module code run directly
    ModuleObj* globals = nullptr;
    StrMap* names = nullptr;   // module or class namespace for *_NAME ops; null in functions
    Value names_map;           // a class body's namespace from a metaclass __prepare__: *_NAME ops go
                               // through its __getitem__/__setitem__/__delitem__ (names stays empty)
    std::vector<Value> fast;   // co_varnames slots (Null: unbound)
    std::vector<Ref<Cell>> cells;
    std::vector<Value> stack;  // capacity co->stacksize, used through sp
    size_t sp = 0;             // number of values on the stack
    std::vector<Block> blocks;
    int pc = 0;     // index of the next instruction
    int lasti = 0;  // index of the instruction being executed (tracebacks, line numbers)
    Frame* back = nullptr;
    const Tuple* kwnames = nullptr;  // pending KW_NAMES for the next CALL
    struct Generator* gen = nullptr;  // a generator's frame: the generator owning it (generator.h)
    bool yielded = false;            // run() returned at YIELD_VALUE / RETURN_GENERATOR, not RETURN_VALUE
    Object* pyframe = nullptr;       // its frame object once made (a reference, dropped on return; frame_object.cpp)

    int line() const;  // source line of the current instruction
};

// Frame objects (frame_object.cpp): the object of a running frame (made once, then the same), its
// locals as locals() shows them, and the detaching its FrameGuard does when the call leaves.
Value frame_object(Frame* f);
Value frame_locals(Frame& f);
void detach_frame_object(Frame& f);

}  // namespace kiln::vm
