import torch
from torch.distributions.normal import Normal
from torch.distributions.categorical import Categorical

# The graphs of torch.distributions objects made in compiled code (Normal.log_prob, Categorical's
# log_prob and entropy through its lazy `probs`): __init__ and the methods are inlined, argument and
# sample validation leave nothing in the graph (validation stays on in eager mode), and
# torch/functional.py's functions print as `torch.functional.broadcast_tensors`.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def n(m, s, a):
    return Normal(m, s).log_prob(a)


def c(logits, a):
    d = Categorical(logits=logits)
    return d.log_prob(a), d.entropy()


print(torch.distributions.Distribution._validate_args)
for fn, args in ((n, (torch.zeros(2), torch.ones(2), torch.ones(2))),
                 (c, (torch.zeros(2, 3), torch.tensor([0, 1])))):
    torch._dynamo.reset()
    print("==", fn.__name__)
    print(torch.compile(fn, backend=show)(*args))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(*args)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
