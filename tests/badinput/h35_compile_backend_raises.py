# badinput: a torch.compile backend that raises (BackendCompilerFailed naming it)
# expect-exit: 1
# expect-stderr-has: ValueError: backend broke
import torch
def be(gm, inputs):
    raise ValueError("backend broke")
f = torch.compile(lambda x: x + 1, backend=be)
f(torch.ones(2))
