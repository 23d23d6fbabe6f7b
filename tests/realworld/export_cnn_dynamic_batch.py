# Real-program corpus (tests/realworld, see README.md): exporting an image classifier for deployment
# as torch.export's tutorial and the export docs walk through it: a small CNN with BatchNorm (its
# running statistics lifted as BUFFER inputs), evaluation mode, a dynamic batch dimension declared
# with Dim(min, max), a keyword argument, a module returning a dict of outputs, the exported
# program's state_dict/graph signature/range constraints, its module() run at several batch sizes
# against eager, and the errors for a batch outside the range and a wrong image size. The workflow
# of pytorch/tutorials intermediate_source/torch_export_tutorial.py @
# 5130967035247c8343376ee69f49d6e10d61eaca ("Dynamic Shapes" section) on a
# pytorch/examples mnist/main.py-style network. Written for Kiln, not copied.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim, export


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.bn1 = nn.BatchNorm2d(4)
        self.conv2 = nn.Conv2d(4, 8, 3, 1)
        self.fc1 = nn.Linear(8 * 5 * 5, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x, temperature=1.0):
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        feats = F.relu(self.fc1(x))
        logits = self.fc2(feats) / temperature
        return {"logits": logits, "probs": F.softmax(logits, dim=1), "features": feats}


torch.manual_seed(0)
model = Net()
# A few training steps so the BatchNorm statistics are not the initial ones.
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    data = torch.randn(8, 1, 14, 14)
    target = torch.randint(0, 10, (8,))
    loss = F.cross_entropy(model(data)["logits"], target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.4f}")
model.eval()

example = torch.randn(4, 1, 14, 14)
batch = Dim("batch", min=1, max=32)
ep = export(model, (example,), {"temperature": 2.0}, dynamic_shapes={"x": {0: batch}, "temperature": None})
print(type(ep).__name__)
print(ep.graph_signature)
print(sorted(ep.state_dict.keys()))
print(torch.equal(ep.state_dict["bn1.running_mean"], model.bn1.running_mean))
print(ep.range_constraints)
print([n.name for n in ep.graph.nodes if n.op == "placeholder"])
print(sorted({str(n.target) for n in ep.graph.nodes if n.op == "call_function"}))

exported = ep.module()
for n in (1, 5, 32):
    x = torch.randn(n, 1, 14, 14)
    got = exported(x, temperature=2.0)
    ref = model(x, temperature=2.0)
    print(n, sorted(got), got["logits"].shape, all(torch.allclose(got[k], ref[k], atol=1e-6) for k in ref))

for bad in (torch.randn(33, 1, 14, 14), torch.randn(2, 1, 16, 16)):
    try:
        exported(bad, temperature=2.0)
    except Exception as e:
        print(type(e).__name__)
