# badinput: a custom backend that raises
# expect-exit: 1
# expect-stderr: ValueError: backend refuses
import torch
def backend(gm, inputs):
    raise ValueError('backend refuses')
torch.compile(lambda x: x + 1, backend=backend)(torch.ones(2))
