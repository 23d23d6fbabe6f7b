# Files written by PyTorch 2.11 (tests/serialize/make_torch_files.py) that Kiln must read as PyTorch
# does: the legacy (pre-1.6) torch.save format (_use_new_zipfile_serialization=False), a whole model
# written by pickle.dump (its storages inside as torch.storage._load_from_bytes of legacy bytes), and
# torch.save(model) of a class defined in the saving script (GLOBAL __main__.MainNet), which loads
# with weights_only=False when this program defines the same class and is refused by default.
import pickle

import torch

base = "serialize_files/"

t = torch.load(base + "tensors_legacy.pt")
for k in ["x", "row", "col", "t", "i64", "f64", "b", "h", "bf", "scalar", "empty"]:
    v = t[k]
    print(k, v.dtype, tuple(v.shape), v.stride(), v.storage_offset(), v.tolist())
t["x"][1, 2] = 100.0
print(t["row"][2].item(), t["col"][1].item(), t["t"][2, 1].item())

with open(base + "whole_module.pkl", "rb") as f:
    obj = pickle.load(f)
m = obj["model"]
print(m)
print(obj["args"], [x.training for x in m.modules()])
m.eval()
print(m(torch.tensor([[0.5, -1.0, 2.0]])))
print(type(m[0].weight).__name__, m[0].weight.requires_grad, m[0].weight.is_leaf)


class MainNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(3, 4)
        self.fc2 = torch.nn.Linear(4, 2)
        self.register_buffer("steps", torch.tensor(5))
        self.tag = "main"

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


try:
    torch.load(base + "main_module.pt")
except pickle.UnpicklingError as e:
    print("UnpicklingError", [line for line in str(e).splitlines() if "Unsupported global" in line])
net = torch.load(base + "main_module.pt", weights_only=False)
print(type(net) is MainNet, net.tag, net.steps, net.training)
print(net(torch.tensor([[1.0, 2.0, 3.0]])))
print(list(net.state_dict().keys()))
with torch.serialization.safe_globals([MainNet]):
    try:
        torch.load(base + "main_module.pt")
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1][:60])
