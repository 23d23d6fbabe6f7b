# badinput: a negative or overflowing stride: computeStorageNbytes' error, not a too-small storage (a heap overrun before)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[3] and strides=[-2]
import torch
torch.ones(2).new_empty_strided((3,), (-2,))
