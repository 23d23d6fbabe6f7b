# badinput: torch API misuse: out is leaf rg
# expect-exit: 1
# expect-stderr: RuntimeError: add(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.
import torch
o = torch.empty(3, requires_grad=True)
torch.add(torch.ones(3), 1, out=o)
