# badinput: a custom backend that returns None
# expect-exit: 1
# expect-stderr: Error
import torch
def backend(gm, inputs):
    return None
torch.compile(lambda x: x + 1, backend=backend)(torch.ones(2))
