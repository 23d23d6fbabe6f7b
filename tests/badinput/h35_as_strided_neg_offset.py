# badinput: in-place write through an expanded (self-overlapping) view
# expect-exit: 1
# expect-stderr: RuntimeError: Tensor: invalid storage offset -1
import torch
torch.ones(4).as_strided((2,), (1,), -1)
