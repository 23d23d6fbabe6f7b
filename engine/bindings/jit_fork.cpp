// torch.jit.fork / torch.jit.wait for programs, and the torch.jit.Future they pass around.
//
// Called from Python (eager code), fork runs the function right away and returns a Future that is
// already complete, as PyTorch does: asynchronous execution belongs to TorchScript. Inside a
// scripted function the same calls compile to prim::fork / aten::wait (capture/script), and the
// graph interpreter decides whether the task gets a thread (graph/future.h). A scripted function
// that returns a Future hands Python one of these objects around the graph's Future.
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "graph/future.h"
#include "vm/interpreter.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {

namespace {

Type* g_future_type = nullptr;

struct FutureObj : NativeObj {
    FutureObj() : NativeObj(g_future_type) {}
    void clear() override { value = Value(); }
    Value value;                          // an eager fork's result
    std::shared_ptr<graph::Future> task;  // or a graph's task (a scripted function returned it)
};

FutureObj& future_self(const CallArgs& a, const char* method) {
    auto* f = a.nargs ? native_cast<FutureObj>(a.args[0]) : nullptr;
    if (!f) raise(types().TypeError, str("Future.", method, "() needs a torch.jit.Future"));
    return *f;
}

Value wait_on(FutureObj& f) {
    if (!f.task) return f.value;
    return from_ivalue(f.task->wait());  // a task's error surfaces here, as in PyTorch
}

void register_future_type() {
    if (g_future_type) return;
    g_future_type = make_builtin_type("Future", types().object, Kind::Native, "torch.jit");
    def_method(g_future_type, "wait", [](Interpreter&, const CallArgs& a) { return wait_on(future_self(a, "wait")); });
    def_method(g_future_type, "value", [](Interpreter&, const CallArgs& a) { return wait_on(future_self(a, "value")); });
    def_method(g_future_type, "done", [](Interpreter&, const CallArgs& a) {
        FutureObj& f = future_self(a, "done");
        return Value::boolean(!f.task || f.task->done());
    });
}

Value fork(Interpreter& in, const CallArgs& a) {
    if (a.nargs < 1) raise(types().TypeError, "fork() missing required argument 'func'");
    CallArgs rest = a;
    ++rest.args;
    --rest.nargs;
    auto f = make<FutureObj>();
    f->value = in.call(a.args[0], rest);  // runs now: eager fork is synchronous
    return Value(f.get());
}

Value wait(Interpreter&, const CallArgs& a) {
    if (a.nargs != 1 || a.nkw) raise(types().TypeError, "wait() takes exactly one argument (the Future)");
    auto* f = native_cast<FutureObj>(a.args[0]);
    if (!f) raise(types().TypeError, str("wait(): expected a torch.jit.Future, but got ", type_name(a.args[0])));
    return wait_on(*f);
}

}  // namespace

Value future_value(const std::shared_ptr<graph::Future>& task) {
    register_future_type();
    auto f = make<FutureObj>();
    f->task = task;
    return Value(f.get());
}

std::shared_ptr<graph::Future> future_of(Interpreter& in, const Value& v) {
    auto* f = native_cast<FutureObj>(v);
    if (!f) return nullptr;
    if (f->task) return f->task;
    return graph::Future::completed(to_ivalue(in, f->value));
}

void add_fork_functions(Interpreter&, ModuleObj& m) {
    register_future_type();
    m.dict.set("fork", new_builtin("fork", fork));
    m.dict.set("wait", new_builtin("wait", wait));
    m.dict.set("Future", Value(g_future_type));
}

}  // namespace kiln::vm::bind
