# badinput: torch.func.jacrev with argnums past the inputs
# expect-exit: 1
# expect-stderr: RuntimeError: Got argnums=3, but only 1 positional inputs
import torch
torch.func.jacrev(lambda x: x * 2, argnums=3)(torch.ones(2))
