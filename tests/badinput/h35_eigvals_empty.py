# badinput: linalg.eigvals of a 0x0 matrix (an empty complex result)
# expect-exit: 0
# expect-stdout: tensor([], dtype=torch.complex64)
import torch
print(torch.linalg.eigvals(torch.randn(0, 0)))
