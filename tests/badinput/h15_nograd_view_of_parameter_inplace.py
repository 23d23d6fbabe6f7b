# badinput: a view of a parameter taken under no_grad (a common EMA/pruning mistake), written outside it: PyTorch's no_grad-view error comes before the view-of-a-leaf one
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).
import torch
m = torch.nn.Linear(4, 3)
with torch.no_grad():
    w = m.weight[:, :2]
w.mul_(0.5)
