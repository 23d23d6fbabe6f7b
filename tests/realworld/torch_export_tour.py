# Real-program corpus (tests/realworld, see README.md): torch.export as its tutorial walks through
# it: exporting a module with torch.export.export, printing the ExportedProgram and its graph
# signature, running exported.module(), a dynamic batch dimension with torch.export.Dim, the error an
# untraceable data-dependent branch gives, and torch.cond as the fix: the workflow of
# pytorch/tutorials intermediate_source/torch_export_tutorial.py @
# 5130967035247c8343376ee69f49d6e10d61eaca. Written for Kiln, not copied.
import torch
from torch.export import Dim, export


class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x, y):
        return torch.nn.functional.relu(self.lin(x + y), inplace=True)


torch.manual_seed(0)
mod = MyModule()
example_args = (torch.randn(2, 4), torch.randn(2, 4))
exported_mod = export(mod, example_args)
print(type(exported_mod).__name__)
print(exported_mod.graph)
print(exported_mod.graph_signature)
print(torch.allclose(exported_mod.module()(*example_args), mod(*example_args)))


class Bad(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x.sin()
        return x.cos()


try:
    export(Bad(), (torch.randn(3),))
except Exception as e:
    print(type(e).__name__)


class Good(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.cos(), (x,))


ep = export(Good(), (torch.randn(3),))
inp = torch.tensor([0.5, -2.0, 1.0])
print(torch.allclose(ep.module()(inp), inp.cos()), torch.allclose(ep.module()(-inp), (-inp).sin()))

batch = Dim("batch")
dyn = export(mod, example_args, dynamic_shapes={"x": {0: batch}, "y": {0: batch}})
print(dyn.module()(torch.randn(5, 4), torch.randn(5, 4)).shape)
try:
    dyn.module()(torch.randn(5, 4), torch.randn(6, 4))
except Exception as e:
    print(type(e).__name__)
print([n.op for n in dyn.graph.nodes])
