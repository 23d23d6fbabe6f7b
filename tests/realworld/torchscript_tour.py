# Real-program corpus (tests/realworld, see README.md): TorchScript as the introduction tutorial
# shows it: a recurrent cell module with a decision gate, torch.jit.trace (and what it misses about
# control flow), torch.jit.script of the gate, a scripted wrapper that loops over a sequence, printing
# .code, and calling the compiled modules: the workflow of pytorch/tutorials
# beginner_source/Intro_to_TorchScript_tutorial.py @ db77dcf6e3637924f43852c014f2af9978b0f891.
# Written for Kiln, not copied.
import torch


class MyDecisionGate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x


class MyCell(torch.nn.Module):
    def __init__(self, dg):
        super(MyCell, self).__init__()
        self.dg = dg
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


torch.manual_seed(0)
x, h = torch.rand(3, 4), torch.rand(3, 4)
my_cell = MyCell(MyDecisionGate())
print(my_cell)
new_h, _ = my_cell(x, h)
print(new_h.shape)

traced_cell = torch.jit.trace(MyCell(MyDecisionGate()), (x, h))
print(type(traced_cell).__name__)
print(traced_cell.code.strip())
a, b = traced_cell(x, h)
print(a.shape, torch.equal(a, b))

scripted_gate = torch.jit.script(MyDecisionGate())
print(scripted_gate.code.strip())
print(scripted_gate(torch.tensor([-1.0, -2.0])))

my_cell = MyCell(scripted_gate)
scripted_cell = torch.jit.script(my_cell)
print(type(scripted_cell).__name__)
out, _ = scripted_cell(x, h)
print(torch.allclose(out, my_cell(x, h)[0]))


class MyRNNLoop(torch.nn.Module):
    def __init__(self):
        super(MyRNNLoop, self).__init__()
        self.cell = torch.jit.trace(MyCell(scripted_gate), (x, h))

    def forward(self, xs):
        h, y = torch.zeros(3, 4), torch.zeros(3, 4)
        for i in range(xs.size(0)):
            y, h = self.cell(xs[i], h)
        return y, h


rnn_loop = torch.jit.script(MyRNNLoop())
print(rnn_loop.code.strip())
y, hn = rnn_loop(torch.rand(5, 3, 4))
print(y.shape, torch.equal(y, hn))


@torch.jit.script
def clamp_sum(x: torch.Tensor, limit: float) -> torch.Tensor:
    total = torch.zeros(1)
    for v in x:
        if float(v) > limit:
            total += limit
        else:
            total += v
    return total


print(clamp_sum(torch.tensor([0.5, 3.0, 1.0]), 2.0))
print(clamp_sum.code.strip())
