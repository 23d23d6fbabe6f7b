# Interop files for torch.save/torch.load (engine/bindings/serialization.cpp), both directions.
#
#   python3 tests/serialize/make_torch_files.py            # on the GPU machine, PyTorch 2.11
#
# 1. Writes tests/parity/programs/torch/serialize_files/*.pt with real PyTorch (inside the parity
#    program's directory: Kiln's file sandbox lets a program read only there) (the same objects kiln_files/ holds, see
#    write_objects below); tests/parity/programs/torch/save_interop_load.py loads them in Kiln and in
#    PyTorch and prints what it finds, so the golden compares the two readers on PyTorch's bytes.
# 2. Loads tests/serialize/kiln_files/*.pt (written by Kiln: `kiln tests/serialize/make_kiln_files.py`)
#    with torch.load(weights_only=True) and checks every value, printing "OK name" or the mismatch;
#    it exits non-zero if any Kiln file does not load in PyTorch or differs.
# Files are small (a few KB) and committed.
import os
import sys
from collections import OrderedDict

import torch

here = os.path.dirname(os.path.abspath(__file__))


def expected():
    x = torch.arange(12.0).reshape(3, 4)
    lin_w = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    lin_b = torch.tensor([0.125, -0.5])
    return {
        "tensors": {
            "x": x, "row": x[1], "col": x[:, 2], "t": x.t(),
            "i64": torch.tensor([1, -2, 3]), "f64": torch.tensor([0.5, 1.5], dtype=torch.float64),
            "b": torch.tensor([True, False]), "h": torch.tensor([1.0, 2.0], dtype=torch.float16),
            "bf": torch.tensor([3.0], dtype=torch.bfloat16), "scalar": torch.tensor(7.0),
            "empty": torch.zeros(0, 3),
        },
        "state_dict": OrderedDict([("weight", lin_w), ("bias", lin_b)]),
        "values": {"nums": [1, 2.5, True, None, "text", (1, 2)], "size": torch.Size([2, 3]),
                   "dtype": torch.float64, "big": 2 ** 40, "neg": -123456},
        "grad": {"p": torch.nn.Parameter(torch.tensor([1.0, 2.0])), "q": torch.tensor([3.0], requires_grad=True)},
        "optimizer": {"state": {0: {"step": torch.tensor(3.0), "exp_avg": torch.ones(2)}},
                      "param_groups": [{"lr": 0.001, "betas": (0.9, 0.999), "params": [0]}]},
    }


def same(a, b, path):
    if isinstance(a, torch.Tensor):
        if not isinstance(b, torch.Tensor):
            return f"{path}: expected a tensor, got {type(b).__name__}"
        if a.dtype != b.dtype or a.shape != b.shape or not torch.equal(a, b):
            return f"{path}: tensor differs ({b.dtype} {tuple(b.shape)})"
        if a.stride() != b.stride() or a.requires_grad != b.requires_grad or type(a) is not type(b):
            return f"{path}: stride/requires_grad/type differs"
        return None
    if isinstance(a, dict):
        if not isinstance(b, dict) or list(a.keys()) != list(b.keys()):
            return f"{path}: keys differ"
        for k in a:
            err = same(a[k], b[k], f"{path}[{k!r}]")
            if err:
                return err
        return None
    if isinstance(a, (list, tuple)):
        if type(a) is not type(b) or len(a) != len(b):
            return f"{path}: sequence differs"
        for i, (x, y) in enumerate(zip(a, b)):
            err = same(x, y, f"{path}[{i}]")
            if err:
                return err
        return None
    return None if (a == b and type(a) is type(b)) else f"{path}: {b!r} != {a!r}"


# make_kiln_files.py's whole_module(): a model pickled whole (torch.save(model)), read with
# weights_only=False; compared by class names, training flags, state_dict and output.
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


def check_whole_module(got):
    want = whole_module()
    m, g = want["model"], got["model"]
    if [type(x).__name__ for x in m.modules()] != [type(x).__name__ for x in g.modules()]:
        return "whole_module: module classes differ"
    if [x.training for x in m.modules()] != [x.training for x in g.modules()] or repr(m) != repr(g):
        return "whole_module: training flags or repr differ"
    err = same(dict(m.state_dict()), dict(g.state_dict()), "whole_module.state_dict")
    if err:
        return err
    x = torch.tensor([[0.5, -1.0, 2.0]])
    m.eval(), g.eval()
    if not torch.equal(m(x), g(x)):
        return "whole_module: outputs differ"
    if vars(want["args"]) != vars(got["args"]) or type(got["args"]).__name__ != "Namespace":
        return "whole_module: args differ"
    return None


# A model whose class is defined in the saving script (a GLOBAL __main__.MainNet): the loading
# program defines the same class (tests/parity/programs/torch/save_main_module_load.py).
class MainNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(3, 4)
        self.fc2 = torch.nn.Linear(4, 2)
        self.register_buffer("steps", torch.tensor(5))
        self.tag = "main"

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def main_module():
    torch.manual_seed(0)
    return MainNet()


def main():
    if not torch.__version__.startswith("2.11"):
        print("make_torch_files.py: wants PyTorch 2.11, found", torch.__version__, file=sys.stderr)
    out_dir = os.path.join(here, "..", "parity", "programs", "torch", "serialize_files")
    os.makedirs(out_dir, exist_ok=True)
    for name, obj in expected().items():
        torch.save(obj, os.path.join(out_dir, name + ".pt"))
        print("wrote tests/parity/programs/torch/serialize_files/" + name + ".pt")
    torch.save(whole_module(), os.path.join(out_dir, "whole_module.pt"))
    print("wrote tests/parity/programs/torch/serialize_files/whole_module.pt")
    torch.save(main_module(), os.path.join(out_dir, "main_module.pt"))
    print("wrote tests/parity/programs/torch/serialize_files/main_module.pt")
    torch.save(expected()["tensors"], os.path.join(out_dir, "tensors_legacy.pt"), _use_new_zipfile_serialization=False)
    print("wrote tests/parity/programs/torch/serialize_files/tensors_legacy.pt")
    import pickle
    with open(os.path.join(out_dir, "whole_module.pkl"), "wb") as f:
        pickle.dump(whole_module(), f, protocol=2)
    print("wrote tests/parity/programs/torch/serialize_files/whole_module.pkl")
    failed = 0
    # Kiln's legacy-format file and its pickle.dump of a whole model, read by PyTorch
    try:
        err = same(expected()["tensors"], torch.load(os.path.join(here, "kiln_files", "tensors_legacy.pt"),
                                                     weights_only=True), "tensors_legacy")
    except Exception as e:
        err = f"tensors_legacy: {type(e).__name__} {str(e).splitlines()[0]}"
    print("OK tensors_legacy") if not err else print("FAIL", err)
    failed += bool(err)
    try:
        with open(os.path.join(here, "kiln_files", "whole_module.pkl"), "rb") as f:
            err = check_whole_module(pickle.load(f))
    except Exception as e:
        err = f"whole_module.pkl: {type(e).__name__} {str(e).splitlines()[0]}"
    print("OK whole_module.pkl") if not err else print("FAIL", err)
    failed += bool(err)
    path = os.path.join(here, "kiln_files", "whole_module.pt")
    try:
        err = check_whole_module(torch.load(path, weights_only=False))
    except Exception as e:
        err = f"whole_module: {type(e).__name__} {str(e).splitlines()[0]}"
    print("OK whole_module") if not err else print("FAIL", err)
    failed += bool(err)
    for name, obj in expected().items():
        path = os.path.join(here, "kiln_files", name + ".pt")
        if not os.path.exists(path):
            print("MISSING", path)
            failed += 1
            continue
        try:
            got = torch.load(path, weights_only=True)
        except Exception as e:
            print("FAIL", name, type(e).__name__, str(e).splitlines()[0])
            failed += 1
            continue
        err = same(obj, got, name)
        if name == "tensors" and not err:
            got["x"][1, 2] = 100.0  # views must still share the storage
            if got["row"][2].item() != 100.0 or got["t"][2, 1].item() != 100.0:
                err = "tensors: views do not share storage"
        print("OK", name) if not err else print("FAIL", err)
        failed += bool(err)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
