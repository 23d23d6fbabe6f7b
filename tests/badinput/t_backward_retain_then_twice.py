# badinput: t backward retain then twice (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate value
# expect-stdout: tensor([4., 4.])
import torch
x = torch.ones(2, requires_grad=True)
y = (x * x).sum()
y.backward(retain_graph=True)
y.backward()
print(x.grad)
y.backward()
