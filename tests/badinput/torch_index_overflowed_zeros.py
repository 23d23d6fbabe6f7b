# badinput: writing into a tensor whose size overflowed is refused before
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed
import torch
x = torch.zeros(2**32, 2**32)
x[0, 0] = 1
