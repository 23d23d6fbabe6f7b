# badinput: t requires grad nonleaf (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiati
import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
y.requires_grad_(False)
