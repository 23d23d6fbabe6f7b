// Futures for torch.jit.fork (see future.h): std::shared_future underneath, so several readers may
// wait on one task and its error is kept for each of them.
#include "graph/future.h"

#include <chrono>

namespace kiln::graph {

std::shared_ptr<Future> Future::completed(IValue value) {
    std::promise<IValue> p;
    p.set_value(std::move(value));
    auto f = std::make_shared<Future>();
    f->result_ = p.get_future().share();
    return f;
}

std::shared_ptr<Future> Future::failed(std::exception_ptr error) {
    std::promise<IValue> p;
    p.set_exception(std::move(error));
    auto f = std::make_shared<Future>();
    f->result_ = p.get_future().share();
    return f;
}

bool futures_run_in_parallel() {
#ifdef __EMSCRIPTEN__
    return false;  // no threads in the WebAssembly build: the documented sequential fallback
#else
    return true;
#endif
}

std::shared_ptr<Future> Future::spawn(std::function<IValue()> task) {
#ifndef __EMSCRIPTEN__
    if (futures_run_in_parallel()) {
        auto f = std::make_shared<Future>();
        // std::launch::async: a real thread now, never a deferred call made by whoever waits first.
        f->result_ = std::async(std::launch::async, std::move(task)).share();
        return f;
    }
#endif
    // The sequential fallback (the browser build never creates a thread): run now, keep the outcome.
    try {
        return completed(task());
    } catch (...) {
        return failed(std::current_exception());
    }
}

IValue Future::wait() { return result_.get(); }

bool Future::done() const { return result_.wait_for(std::chrono::seconds(0)) == std::future_status::ready; }

}  // namespace kiln::graph
