# List and tuple repetition inside a compiled function stays symbolic, as in PyTorch's Dynamo:
# outs = [None] * T filled per time step (a hand-written RNN loop), [h] * layers (one tensor object
# several times), n * (a, b), xs *= 2 on a list from the caller (replayed on the caller's list); one
# graph, no break.
import torch


def rnn_loop(x, w):
    steps = x.unbind(0)
    outs = [None] * len(steps)
    h = torch.zeros(x.size(1))
    for t in range(len(steps)):
        h = torch.tanh(steps[t] * w + h)
        outs[t] = h
    return torch.stack(outs)


def repeats(x, xs):
    hs = [x] * 3
    pair = 2 * (x + 1, x - 1)
    xs *= 2
    return sum(hs) + pair[2] + pair[1], hs[0] is hs[2], len(xs), [] * 4, (x,) * 0


x = torch.arange(6.0).reshape(3, 2)
w = torch.tensor([0.5, -0.25])
e = torch._dynamo.explain(rnn_loop)(x, w)
print(e.graph_count, e.graph_break_count)
print(torch.allclose(torch.compile(rnn_loop)(x, w), rnn_loop(x, w)))

lst = [1, 2]
r = torch.compile(repeats)(torch.ones(2), lst)
print(r, lst)
e = torch._dynamo.explain(repeats)(torch.ones(2), [3])
print(e.graph_count, e.graph_break_count)
