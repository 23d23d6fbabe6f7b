# badinput: view int8 as int32
# expect-exit: 0
# expect-stdout: tensor([16843009], dtype=torch.int32)
import torch
print(torch.ones(4, dtype=torch.int8).view(torch.int32))
