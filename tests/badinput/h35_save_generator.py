# badinput: torch.save of a generator
# expect-exit: 1
# expect-stderr: TypeError: cannot pickle 'generator' object
import torch
def g():
    yield 1
torch.save(g(), "h35_g.pt")
