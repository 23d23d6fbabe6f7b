# badinput: a negative or overflowing stride: computeStorageNbytes' error, not a too-small storage (a heap overrun before)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2, 2] and strides=[5, -3]
import torch
torch.empty_strided((2, 2), (5, -3))
