# badinput: backward twice without retain_graph
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to backward through the graph a second time
import torch
x = torch.ones(3, requires_grad=True)
y = (x * x).sum()
y.backward()
y.backward()
