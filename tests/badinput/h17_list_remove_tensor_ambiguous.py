# badinput: list.remove of a tensor compares it with an earlier multi-element tensor (ambiguous truth value)
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
xs = [torch.ones(2), torch.zeros(2)]
xs.remove(xs[1])
