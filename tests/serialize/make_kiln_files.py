# Writes tests/serialize/kiln_files/*.pt with Kiln's torch.save (run from the repository root:
# build/native/native/cli/kiln tests/serialize/make_kiln_files.py). The objects are make_torch_files.py's
# expected() (kept identical by hand; that script checks the files in PyTorch 2.11).
from collections import OrderedDict

import torch

x = torch.arange(12.0).reshape(3, 4)
lin_w = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
lin_b = torch.tensor([0.125, -0.5])
sd = OrderedDict()
sd["weight"] = lin_w
sd["bias"] = lin_b
objects = {
    "tensors": {
        "x": x, "row": x[1], "col": x[:, 2], "t": x.t(),
        "i64": torch.tensor([1, -2, 3]), "f64": torch.tensor([0.5, 1.5], dtype=torch.float64),
        "b": torch.tensor([True, False]), "h": torch.tensor([1.0, 2.0], dtype=torch.float16),
        "bf": torch.tensor([3.0], dtype=torch.bfloat16), "scalar": torch.tensor(7.0),
        "empty": torch.zeros(0, 3),
    },
    "state_dict": sd,
    "values": {"nums": [1, 2.5, True, None, "text", (1, 2)], "size": torch.Size([2, 3]),
               "dtype": torch.float64, "big": 2 ** 40, "neg": -123456},
    "grad": {"p": torch.nn.Parameter(torch.tensor([1.0, 2.0])), "q": torch.tensor([3.0], requires_grad=True)},
    "optimizer": {"state": {0: {"step": torch.tensor(3.0), "exp_avg": torch.ones(2)}},
                  "param_groups": [{"lr": 0.001, "betas": (0.9, 0.999), "params": [0]}]},
}
for name in objects:
    torch.save(objects[name], "tests/serialize/kiln_files/" + name + ".pt")
    print("wrote kiln_files/" + name + ".pt")


# A whole model, pickled object and all (make_torch_files.py's whole_module(), loaded there with
# weights_only=False): built-in layers only, so that both sides find every class by import.
def whole_module():
    import argparse
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.LayerNorm(4),
                                torch.nn.Dropout(0.25), torch.nn.Linear(4, 2, bias=False))
    model[2].eval()
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.linspace(-1.0, 1.0, p.numel()).reshape(p.shape) * (i + 1))
    return {"model": model, "args": argparse.Namespace(lr=0.01, epochs=3, name="run")}


torch.save(whole_module(), "tests/serialize/kiln_files/whole_module.pt")
print("wrote kiln_files/whole_module.pt")


# The legacy (pre-1.6) format PyTorch still writes with _use_new_zipfile_serialization=False, and a
# model pickled with pickle.dump (its storages inside as legacy torch.save bytes): make_torch_files.py
# reads both with PyTorch.
torch.save(objects["tensors"], "tests/serialize/kiln_files/tensors_legacy.pt", _use_new_zipfile_serialization=False)
print("wrote kiln_files/tensors_legacy.pt")
import pickle

with open("tests/serialize/kiln_files/whole_module.pkl", "wb") as f:
    pickle.dump(whole_module(), f, protocol=2)
print("wrote kiln_files/whole_module.pkl")
