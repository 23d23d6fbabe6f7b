# torch.save / torch.load through file objects (io.BytesIO), as tutorials checkpoint into memory,
# and PyTorch's errors for empty, truncated and non-checkpoint data and for missing files.
import io

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
buffer = io.BytesIO()
torch.save(model.state_dict(), buffer)
print(buffer.tell() == len(buffer.getvalue()), buffer.getvalue()[:4])
names = buffer.getvalue()
print(b"archive/data.pkl" in names, b"archive/version" in names, b"archive/byteorder" in names)
buffer.seek(0)
sd = torch.load(buffer)
print(type(sd).__name__, list(sd.keys()))
fresh = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
print(fresh.load_state_dict(sd))
x = torch.linspace(-1, 1, 8).reshape(2, 4)
print(torch.equal(model(x), fresh(x)))

# loading starts at the buffer's position
prefix = io.BytesIO()
prefix.write(b"HEADER")
torch.save({"epoch": 3, "w": torch.arange(4.0)}, prefix)
prefix.seek(6)
ck = torch.load(prefix)
print(ck["epoch"], ck["w"])

# several objects one after another in one buffer
stream = io.BytesIO()
torch.save(torch.ones(2), stream)
first_end = stream.tell()
torch.save(torch.zeros(3), stream)
stream.seek(first_end)
print(torch.load(stream))

# a training checkpoint, the tutorial's dict
ckpt = io.BytesIO()
torch.save({"epoch": 5, "model_state_dict": model.state_dict(), "loss": 0.25}, ckpt)
ckpt.seek(0)
back = torch.load(ckpt)
print(sorted(back.keys()), back["epoch"], back["loss"], back["model_state_dict"]["2.bias"].shape)

# errors
for data in [b"", b"~not a checkpoint"]:
    for wo in [True, False]:
        try:
            torch.load(io.BytesIO(data), weights_only=wo)
        except Exception as e:
            print(type(e).__name__, repr(str(e)[:40]), "Unsupported operand 126" in str(e))
good = io.BytesIO()
torch.save(torch.ones(3), good)
try:
    torch.load(io.BytesIO(good.getvalue()[:-40]))
except Exception as e:
    print(type(e).__name__, str(e)[:60])
try:
    torch.load("tmp_save_bytesio_missing.pt")
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.save(1, 42)
except Exception as e:
    print(type(e).__name__, e)
