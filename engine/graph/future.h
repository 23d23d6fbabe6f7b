// Future: the result of torch.jit.fork inside a graph (TorchScript's Future[T]), ready now or later.
//
// The graph interpreter runs a prim::fork's block as a task. Natively, a task whose block is pure
// graph work (operators that write none of their arguments, no random numbers, no calls back into
// Python, no attribute access) runs on its own thread, so independent forked computations overlap;
// anything else, and every task in the browser (the WebAssembly build has no threads), runs at the
// fork, in order, and the Future is complete when fork returns. Both give the same values: the
// difference is only when the work happens. aten::wait returns the task's value or rethrows its
// error.
#pragma once
#include <functional>
#include <future>
#include <memory>

#include "graph/ivalue.h"

namespace kiln::graph {

class Future {
public:
    // A future that already holds its value (a task run at the fork; eager torch.jit.fork).
    static std::shared_ptr<Future> completed(IValue value);
    // A future that already holds an error, rethrown by wait().
    static std::shared_ptr<Future> failed(std::exception_ptr error);
    // Runs `task` on another thread (natively; at once in the browser build).
    static std::shared_ptr<Future> spawn(std::function<IValue()> task);

    // Blocks until the task is done; its value, or its error rethrown.
    IValue wait();
    // Has the task finished (wait() would not block)?
    bool done() const;

private:
    std::shared_future<IValue> result_;
};

// Whether tasks may run on threads in this build (false under Emscripten).
bool futures_run_in_parallel();

}  // namespace kiln::graph
