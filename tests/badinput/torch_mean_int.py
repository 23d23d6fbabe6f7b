# badinput: mean of an int tensor
# expect-exit: 1
# expect-stderr: RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long
import torch
torch.tensor([1, 2]).mean()
