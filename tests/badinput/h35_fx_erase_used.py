# badinput: fx Graph.erase_node of a node still in use
# expect-exit: 1
# expect-stderr: RuntimeError: Tried to erase Node x but it still had 1 users in the graph: {add: None}!
import torch
import torch.fx
gm = torch.fx.symbolic_trace(lambda x: x + 1)
for n in gm.graph.nodes:
    if n.op == "placeholder":
        gm.graph.erase_node(n)
