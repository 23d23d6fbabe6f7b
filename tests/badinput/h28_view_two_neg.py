# badinput: view with two inferred dims
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
x = torch.randn(3, 4)
print(x.view(-1, -1))
