# torch.serialization.default_restore_location as map_location callables use it (fairseq's and
# torchvision's average_checkpoints load every checkpoint with
# `map_location=lambda s, _: torch.serialization.default_restore_location(s, "cpu")`): the storage comes
# back for "cpu", checkpoints load through it, and unknown or unavailable locations fail as in PyTorch.
import io

import torch

buf = io.BytesIO()
state = {"model": {"w": torch.arange(6.0).view(2, 3), "n": torch.tensor(3)}, "epoch": 4}
torch.save(state, buf)
buf.seek(0)
seen = []


def restore(storage, location):
    seen.append(location)
    return torch.serialization.default_restore_location(storage, "cpu")


loaded = torch.load(buf, map_location=restore, weights_only=False)
print(loaded["epoch"], loaded["model"]["w"], loaded["model"]["n"], sorted(set(seen)))
s = torch.ones(3).untyped_storage()
print(torch.serialization.default_restore_location(s, "cpu") is s)
try:
    torch.serialization.default_restore_location(s, "tpu")
except RuntimeError as e:
    print("RuntimeError:", e)
