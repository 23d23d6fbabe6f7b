# badinput: torch.export dynamic_shapes naming an argument that does not exist
# expect-exit: 1
# expect-stderr: RuntimeError: When `dynamic_shapes` is specified as a dict, its top-level keys must be the arg names ['x'] of `inputs`, but here they are ['y'].
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x + 1
torch.export.export(M(), (torch.ones(2),), dynamic_shapes={"y": {0: Dim("b")}})
