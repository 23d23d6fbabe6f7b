import os
import torch
import torch.nn as nn

path = "tmp_save_roundtrip.pt"

x = torch.arange(12.0).reshape(3, 4)
obj = {
    "x": x,
    "row": x[1],
    "col": x[:, 2],
    "t": x.t(),
    "i64": torch.tensor([1, -2, 3]),
    "f64": torch.tensor([0.5, 1.5], dtype=torch.float64),
    "b": torch.tensor([True, False]),
    "h": torch.tensor([1.0, 2.0], dtype=torch.float16),
    "bf": torch.tensor([3.0], dtype=torch.bfloat16),
    "scalar": torch.tensor(7.0),
    "empty": torch.zeros(0, 3),
    "nums": [1, 2.5, True, None, "text", (1, 2)],
    "size": torch.Size([2, 3]),
    "dtype": torch.float64,
    "big": 2 ** 40,
    "neg": -123456,
}
torch.save(obj, path)
back = torch.load(path)
print(sorted(back.keys()))
for k in ["x", "row", "col", "t", "i64", "f64", "b", "h", "bf", "scalar", "empty"]:
    print(k, back[k].dtype, tuple(back[k].shape), back[k].tolist() if back[k].numel() < 20 else "")
print(back["nums"], back["size"], back["dtype"], back["big"], back["neg"])
print(back["t"].stride(), back["col"].stride(), back["row"].storage_offset())
# views still share one storage
back["x"][1, 2] = 100.0
print(back["row"][2].item(), back["col"][1].item(), back["t"][2, 1].item())

# the same tensor twice stays one tensor
shared = torch.ones(2)
torch.save([shared, shared, {"again": shared}], path)
a = torch.load(path)
print(a[0] is a[1], a[2]["again"] is a[0])

# requires_grad and Parameters
p = nn.Parameter(torch.tensor([1.0, 2.0]))
q = torch.tensor([3.0], requires_grad=True)
torch.save({"p": p, "q": q}, path)
r = torch.load(path)
print(type(r["p"]).__name__, r["p"].requires_grad, r["q"].requires_grad, r["q"].is_leaf)

# a model's state_dict into a fresh model
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
torch.save(m.state_dict(), path)
sd = torch.load(path)
print(type(sd).__name__, list(sd.keys()))
m2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
print(m2.load_state_dict(sd))
inp = torch.linspace(-1, 1, 6).reshape(2, 3)
print(torch.equal(m(inp), m2(inp)))

# nested containers as an optimizer's state_dict has them
state = {"state": {0: {"step": torch.tensor(3.0), "exp_avg": torch.ones(2)}},
         "param_groups": [{"lr": 0.001, "betas": (0.9, 0.999), "params": [0]}]}
torch.save(state, path)
back = torch.load(path)
print(back["param_groups"], back["state"][0]["step"], back["state"][0]["exp_avg"])

torch.save(3.25, path)
print(torch.load(path))
torch.save("hello", path)
print(torch.load(path, weights_only=True))

os.remove(path)
