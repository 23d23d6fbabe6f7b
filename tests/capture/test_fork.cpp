// torch.jit.fork / torch.jit.wait: eager calls run at once and hand back a finished Future; scripted
// calls compile to prim::fork (printed with its subgraph, as TorchScript does) and aten::wait; the
// graph interpreter runs pure tasks on threads and everything else at the fork, with the same results
// either way, and a task's error surfaces at wait.
#include "support/check.h"
#include "support/program.h"

#include "graph/build.h"
#include "graph/future.h"
#include "graph/interpret.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::graph::test::op;
using kiln::testing::program_output;

namespace {

// graph(x): two forks of `x * k + 1` (k = 2 and k = 3), waited for in reverse order, summed. With
// `print_in_task`, each task also prints (which keeps it on the forking thread).
std::unique_ptr<Graph> two_forks(bool print_in_task) {
    auto g = std::make_unique<Graph>();
    Value* x = g->add_input(tensor_type(), "x");
    std::vector<Value*> futures;
    for (int64_t k : {2, 3}) {
        Node* fork = g->insert("prim::fork", {x}, 1);
        Block* body = fork->add_block();
        Value* p = body->add_param(tensor_type());
        Block* saved = g->insertion_block();
        g->set_insertion_block(body);
        if (print_in_task) g->insert("prim::Print", {p}, 0);
        Node* m = op(*g, "aten::mul.Scalar", {p, g->insert_constant(IValue(k))});
        Node* a = op(*g, "aten::add.Scalar", {m->output(), g->insert_constant(IValue(int64_t(1))),
                                              g->insert_constant(IValue(int64_t(1)))});
        body->register_return(a->output());
        g->set_insertion_block(saved);
        fork->output()->type = future_type(tensor_type());
        futures.push_back(fork->output());
    }
    Value* second = g->insert("aten::wait", {futures[1]}, 1)->output();
    Value* first = g->insert("aten::wait", {futures[0]}, 1)->output();
    g->register_output(op(*g, "aten::add.Tensor", {first, second, g->insert_constant(IValue(int64_t(1)))})->output());
    verify(*g);
    return g;
}

}  // namespace

TEST_CASE("fork: forked tasks compute the same on threads and at the fork", "[jit][fork]") {
    Tensor x = tensor({1, -2}, {2});
    for (bool printing : {false, true}) {
        auto g = two_forks(printing);
        std::string printed;
        RunContext ctx;
        ctx.print = [&](const std::string& s) { printed += s; };
        IValueList out = run_graph(*g, {IValue(x)}, ctx);
        CHECK(out.at(0).to_tensor().to_double_vector() == std::vector<double>{7, -8});
        CHECK(printed.empty() == !printing);
    }
    // With grad recording, the task runs on the forking thread and its history is intact.
    Tensor w = tensor({1, -2}, {2}, DType::Float32, /*requires_grad=*/true);
    IValueList out = run_graph(*two_forks(false), {IValue(w)});
    Tensor y = out.at(0).to_tensor();
    REQUIRE(y.requires_grad());
    std::vector<Tensor> grads = autograd::grad({sum(y)}, {w});
    CHECK(grads[0].to_double_vector() == std::vector<double>{5, 5});
    CHECK(futures_run_in_parallel());  // native builds have threads (the browser build does not)
}

TEST_CASE("fork: a task's error is raised by wait, and a Future reports done", "[jit][fork]") {
    auto done = Future::completed(IValue(int64_t(3)));
    CHECK(done->done());
    CHECK(done->wait().to_int() == 3);
    auto failed = Future::spawn([]() -> IValue { KILN_FAIL(ValueError, "bad task"); });
    CHECK_THROWS_WITH(failed->wait(), "bad task");
    CHECK(failed->done());
}

TEST_CASE("fork: scripted fork/wait print as TorchScript and match eager, eager fork is synchronous", "[jit][fork]") {
    std::string out = program_output(R"(
def work(x, k: int):
    y = x
    for _ in range(k):
        y = torch.tanh(y) * 2
    return y

@torch.jit.script
def par(x):
    a = torch.jit.fork(work, x, 3)
    b = torch.jit.fork(work, x + 1, k=2)
    return torch.jit.wait(a) - torch.jit.wait(b)

def check(x: torch.Tensor):
    if x.sum() > 100:
        raise ValueError("too big")
    return x

@torch.jit.script
def failing(x):
    f = torch.jit.fork(check, x)
    return torch.jit.wait(f) + 1

x = torch.tensor([0.5, -1.0])
g = str(par.graph)
print(g.count("prim::fork_"), "with prim::fork_1 = graph(" in g, "Future[Tensor] = prim::fork_0" in g)
print(g.count("aten::wait"), "prim::Loop" in g)
print(torch.equal(par(x), work(x, 3) - work(x + 1, 2)))
fut = torch.jit.fork(work, x, 1)
print(type(fut).__name__, fut.done(), torch.equal(torch.jit.wait(fut), work(x, 1)), torch.equal(fut.wait(), fut.value()))
print(failing(x))
try:
    failing(x * -1000)
except Exception as e:
    print(type(e).__name__, "too big" in str(e))
)");
    CHECK(out ==
          "4 True True\n"
          "2 True\n"
          "True\n"
          "Future True True True\n"
          "tensor([1.5000, 0.0000])\n"
          "RuntimeError True\n");
}

TEST_CASE("fork: a scripted module forks its submodules, freezing inlines them into the tasks", "[jit][fork]") {
    std::string out = program_output(R"(
class Ensemble(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2)
        self.b = nn.Linear(2, 2)

    def forward(self, x):
        fa = torch.jit.fork(self.a, x)
        fb = torch.jit.fork(self.b, x * 2)
        return torch.jit.wait(fa) + torch.jit.wait(fb)

m = Ensemble()
with torch.no_grad():
    m.a.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 1.0]]))
    m.a.bias.copy_(torch.tensor([0.5, 0.5]))
    m.b.weight.copy_(torch.tensor([[0.0, 1.0], [1.0, 0.0]]))
    m.b.bias.zero_()
s = torch.jit.script(m)
x = torch.tensor([[1.0, 2.0]])
with torch.no_grad():
    print(s(x), m(x))
    f = torch.jit.freeze(s.eval())
    g = str(f.graph)
    print("prim::CallMethod" in g, "prim::GetAttr" in g, g.count("prim::fork_"), torch.equal(f(x), m(x)))
)");
    CHECK(out ==
          "tensor([[5.5000, 4.5000]]) tensor([[5.5000, 4.5000]])\n"
          "False False 4 True\n");
}
