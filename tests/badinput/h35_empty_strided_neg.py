# badinput: a negative or overflowing stride: computeStorageNbytes' error, not a too-small storage (a heap overrun before)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[3] and strides=[-1]
import torch
x = torch.empty_strided((3,), (-1,))
x.fill_(1)
print(x)
