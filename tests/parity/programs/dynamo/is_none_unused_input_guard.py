import torch
# `if action is None:` on a tensor argument that the graph never reads still decides what the
# trace does: the compiled code must be guarded on it, so calling again with None recompiles
# instead of reusing code traced for a tensor (the resume function after a graph break too).


def counting(gm, example_inputs):
    counting.n += 1
    return gm.forward


counting.n = 0


def pick(logits, action=None):
    if action is None:
        action = logits.argmax(-1)
    return action


def pick_after_break(logits, action=None):
    probs = logits.softmax(-1)
    torch._dynamo.graph_break()
    if action is None:
        action = probs.argmax(-1)
    return action, probs.sum(-1)


def select(x, mask=None, scale=None):
    if mask is not None:
        x = x.masked_fill(mask, 0.0)
    if scale is None:
        return x
    return x * 2


logits = torch.tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
given = torch.tensor([0, 0, 1])
for fn in (pick, pick_after_break):
    torch._dynamo.reset()
    counting.n = 0
    c = torch.compile(fn, backend=counting)
    print(fn.__name__, c(logits, given))
    print(fn.__name__, c(logits))
    print(fn.__name__, c(logits, given))
    print("compiles:", counting.n)

torch._dynamo.reset()
counting.n = 0
c = torch.compile(select, backend=counting)
x = torch.arange(4.0)
mask = torch.tensor([True, False, True, False])
print(c(x, mask, torch.ones(1)))
print(c(x, None, torch.ones(1)))
print(c(x, mask, None))
print(c(x))
print("compiles:", counting.n)
