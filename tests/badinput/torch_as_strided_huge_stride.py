# badinput: as_strided with a stride of 2**62
# expect-exit: 1
# expect-stderr: are out of bounds for storage of size 16
import torch
x = torch.ones(4).as_strided((3,), (2**62,))
print(x)
