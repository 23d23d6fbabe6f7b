# PyTorch 2.11's DeprecationWarnings of torch.jit.save and torch.jit.load ("... Please switch to
# `torch.export`."), recorded with catch_warnings: one per call, raised before the arguments are
# checked (a missing file still warns); ScriptModule.save(f) does not warn; torch.load of a
# TorchScript archive warns its UserWarning, then torch.jit.load's.
import io
import os
import tempfile
import warnings

import torch
import torch.nn as nn


def report(label, caught):
    print(label, [w.category.__name__ + ": " + str(w.message) for w in caught])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return torch.tanh(self.fc(x))


torch.manual_seed(0)
x = torch.tensor([[1.0, 2.0, 3.0]])
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    sm = torch.jit.script(Net())
    tm = torch.jit.trace(Net(), x)

buf = io.BytesIO()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.jit.save(sm, buf)
report("jit.save(scripted):", caught)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    buf.seek(0)
    loaded = torch.jit.load(buf)
report("jit.load:", caught)
print(torch.allclose(loaded(x), sm(x)))

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "traced.pt")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tm.save(path)
    report("ScriptModule.save:", caught)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.save(tm, path)
        again = torch.jit.load(path)
    report("jit.save + jit.load (traced):", caught)
    print(torch.allclose(again(x), tm(x)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        via_torch_load = torch.load(path, weights_only=False)
    report("torch.load of an archive:", caught)
    print(torch.allclose(via_torch_load(x), tm(x)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            torch.jit.load(os.path.join(d, "missing.pt"))
        except ValueError as e:
            print("ValueError:", str(e).startswith("The provided filename"))
    report("jit.load of a missing file:", caught)

with warnings.catch_warnings():
    warnings.simplefilter("error", DeprecationWarning)
    try:
        torch.jit.save(sm, io.BytesIO())
    except DeprecationWarning as e:
        print("raised:", e)
