# badinput: torch.compile with an unknown mode
# expect-exit: 1
# expect-stderr: Unrecognized mode=bogus
import torch
f = torch.compile(lambda x: x + 1, mode='bogus')
f(torch.ones(2))
