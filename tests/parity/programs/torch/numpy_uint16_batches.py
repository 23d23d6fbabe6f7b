# Token batches the nanoGPT / llm.c / llama2.c way: a uint16 token file written with tofile, read
# back with np.memmap, random windows cut with torch.randint and stacked with
# torch.stack([torch.from_numpy((data[i:i+bs]).astype(np.int64)) ...]); torch.from_numpy of a uint16
# array itself (torch.uint16, PyTorch's barebones unsigned dtypes), its conversions, and
# promote_types' refusal for them.
import numpy as np, os, tempfile
import torch

torch.manual_seed(0)
d = tempfile.mkdtemp()
path = os.path.join(d, 'train.bin')
ids = (np.arange(200) * 37 % 1000).astype(np.uint16)
ids.tofile(path)

block_size, batch_size = 8, 4
def get_batch():
    data = np.memmap(path, dtype=np.uint16, mode='r')
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.from_numpy((data[i:i+block_size]).astype(np.int64)) for i in ix])
    y = torch.stack([torch.from_numpy((data[i+1:i+1+block_size]).astype(np.int64)) for i in ix])
    return x, y

for _ in range(2):
    x, y = get_batch()
    print(x.dtype, x.shape, x[0].tolist(), y[0].tolist(), bool((x[:, 1:] == y[:, :-1]).all()))

arr = np.memmap(path, dtype=np.uint16, mode='r')
t = torch.from_numpy(np.array(arr[:5]))
print(t.dtype, t.shape, t.tolist(), t.long().tolist(), t.to(torch.int64).sum().item(), t.to(torch.float32).tolist())
u = torch.from_numpy(np.array([1, 65535], dtype=np.uint16))
print(u.dtype, u.element_size(), u.dtype.is_signed, u.long().tolist(), u.int().tolist())
print(torch.uint16, torch.uint32, torch.uint16.itemsize, torch.uint32.is_signed, torch.iinfo(torch.uint16).max)
v = torch.tensor([3, 4], dtype=torch.uint32)
print(v.dtype, v.tolist(), v.numpy().dtype, torch.promote_types(torch.uint16, torch.float32))
for a, b in [(torch.uint16, torch.int64), (torch.uint32, torch.int32), (torch.uint16, torch.bool)]:
    try:
        torch.promote_types(a, b)
    except RuntimeError as e:
        print('RuntimeError:', e)
chunk = torch.from_numpy(np.array(arr[:4]).astype(np.int32)).long()
print(chunk.tolist(), chunk.dtype)
