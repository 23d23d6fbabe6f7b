# badinput: empty_strided with transposed strides (valid)
# expect-exit: 0
# expect-stdout: 12.0 (1, 2)
import torch
x = torch.empty_strided((2, 3), (1, 2))
x.fill_(2)
print(x.sum().item(), x.stride())
