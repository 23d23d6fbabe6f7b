import torch

# Checkpoints written by PyTorch 2.11 into serialize_files/ (tests/serialize/make_torch_files.py); the golden is PyTorch
# reading its own files, Kiln must read them the same way.
base = "serialize_files/"

t = torch.load(base + "tensors.pt")
for k in ["x", "row", "col", "t", "i64", "f64", "b", "h", "bf", "scalar", "empty"]:
    v = t[k]
    print(k, v.dtype, tuple(v.shape), v.stride(), v.storage_offset(), v.tolist())
t["x"][1, 2] = 100.0
print(t["row"][2].item(), t["col"][1].item(), t["t"][2, 1].item())

sd = torch.load(base + "state_dict.pt")
print(type(sd).__name__, list(sd.keys()), sd["weight"], sd["bias"])
lin = torch.nn.Linear(3, 2)
print(lin.load_state_dict(sd))
print(lin(torch.tensor([[1.0, 2.0, 3.0]])))

v = torch.load(base + "values.pt")
print(v)
g = torch.load(base + "grad.pt")
print(type(g["p"]).__name__, g["p"].requires_grad, g["q"].requires_grad, g["q"].is_leaf)
o = torch.load(base + "optimizer.pt", map_location="cpu")
print(o)
