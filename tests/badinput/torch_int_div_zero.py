# badinput: integer floor division of a tensor by zero
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
torch.tensor([5, 6]) // 0
