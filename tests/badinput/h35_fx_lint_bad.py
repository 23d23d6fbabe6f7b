# badinput: an fx graph whose output is rewired to its input still lints and runs
# expect-exit: 0
# expect-stdout: tensor([1., 1.])
import torch
import torch.fx
gm = torch.fx.symbolic_trace(torch.nn.Linear(2, 2))
nodes = list(gm.graph.nodes)
nodes[-1].args = (nodes[0],)
gm.graph.lint()
gm.recompile()
print(gm(torch.ones(2)))
