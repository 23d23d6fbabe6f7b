# torch.cuda.device / device_of as CPU-only code paths use them: an index of -1 (SimCLR's
# --disable-cuda sets gpu_index = -1) and a CPU tensor make both no-ops.
import torch

with torch.cuda.device(-1):
    x = torch.ones(2) * 3
print(x)
with torch.cuda.device_of(torch.zeros(1)):
    print('device_of a CPU tensor')
d = torch.cuda.device(-1)
print(d.idx, d.prev_idx, d.__exit__(None, None, None), d.idx)
with torch.cuda.device(torch.device('cpu') if False else -1) as r:
    print(r)
try:
    torch.cuda.device('cpu')
except ValueError as e:
    print('ValueError', e)
