# badinput: a negative or overflowing stride: computeStorageNbytes' error, not a too-small storage (a heap overrun before)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[3] and strides=[-1]
import torch
x = torch.empty(0)
x.set_(torch.ones(4).untyped_storage(), 2, (3,), (-1,))
