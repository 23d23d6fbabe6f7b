# badinput: torch.compile of a generator function returns a generator per call
# expect-exit: 0
# expect-stdout: [1.0, 2.0]
import torch
def g(x):
    yield x + 1
    yield x + 2
cg = torch.compile(g)
print([t.item() for t in cg(torch.zeros(()))])
