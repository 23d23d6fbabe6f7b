# torch.load with a callable map_location, the idiom of older checkpoints loaders
# (`map_location=lambda storage, loc: storage`, StarGAN's restore_model): the callable gets each storage
# (a torch.storage.UntypedStorage on the CPU) with its saved location, in the order the pickle meets
# them; returning it, a moved copy (.cpu()) or None (keep the saved location) all load the tensors.
import io
import os
import tempfile

import torch
import torch.nn as nn

torch.manual_seed(0)
G = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Conv2d(4, 2, 1))
buf = io.BytesIO()
torch.save({"model": G.state_dict(), "step": 7, "queue": torch.arange(6.0)[2:]}, buf)

seen = []


def record(storage, location):
    seen.append((type(storage).__name__, location, storage.device.type, storage.nbytes(), len(storage),
                 storage.element_size()))
    return storage


for name, ml in [("identity", lambda storage, loc: storage), ("record", record), ("none", lambda s, l: None),
                 ("cpu", lambda s, l: s.cpu())]:
    buf.seek(0)
    ck = torch.load(buf, map_location=ml)
    print(name, ck["step"], ck["queue"], sorted(ck["model"]), ck["model"]["2.weight"].device)
print(seen)

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "6-G.ckpt")
    torch.save(G.state_dict(), path)
    H = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Conv2d(4, 2, 1))
    H.load_state_dict(torch.load(path, map_location=lambda storage, loc: storage))
    x = torch.randn(1, 3, 5, 5)
    print(torch.equal(G(x), H(x)))

storages = []
buf.seek(0)
torch.load(buf, map_location=lambda s, l: storages.append(s) or s)
s = storages[-1]
print(type(s), s.is_cuda, s.tolist())
print(s)
