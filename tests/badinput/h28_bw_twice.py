# badinput: backward through the same graph twice
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.
import torch
x = torch.randn(3, requires_grad=True)
y = (x * x).sum()
y.backward()
y.backward()
