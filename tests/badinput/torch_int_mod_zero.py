# badinput: integer remainder of a tensor by a zero tensor
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
torch.tensor([5, 6]) % torch.tensor([1, 0])
