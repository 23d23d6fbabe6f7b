# badinput: integer floor division by zero in a compiled function
# expect-exit: 1
# expect-stderr: ZeroDivisionError
import torch
f = torch.compile(lambda x, y: x // y)
f(torch.tensor([5, 6]), torch.tensor([1, 0]))
