import io
import numpy as np
import torch
# uint8/int8/int16/int32 through NumPy (from_numpy / .numpy() keep the dtype and share memory) and
# through torch.save / torch.load (ByteStorage, CharStorage, ShortStorage, IntStorage).
a = np.array([[0, 128], [255, 7]], dtype=np.uint8)
t = torch.from_numpy(a)
print(t, t.dtype)
a[0, 0] = 9
print(t[0, 0].item())
for npdt in [np.int8, np.int16, np.int32, np.uint8]:
    x = torch.from_numpy(np.arange(4).astype(npdt))
    print(x.dtype, x.tolist(), x.numpy().dtype)
b = torch.tensor([1, -2, 3], dtype=torch.int32).numpy()
print(b.dtype, b, b.sum())
img = np.array([[10, 200], [30, 40]], dtype=np.uint8)
f = torch.from_numpy(img).float() / 255
print(f)
print(torch.tensor(np.array([1, 2], dtype=np.int16)).dtype, torch.as_tensor(np.int32(5)).dtype)

state = {
    "u8": torch.tensor([1, 255], dtype=torch.uint8),
    "i8": torch.tensor([-128, 127], dtype=torch.int8),
    "i16": torch.tensor([[-300, 300]], dtype=torch.int16),
    "i32": torch.arange(6, dtype=torch.int32).view(2, 3)[:, 1:],
}
buf = io.BytesIO()
torch.save(state, buf)
buf.seek(0)
back = torch.load(buf)
for k in ["u8", "i8", "i16", "i32"]:
    print(k, back[k].dtype, back[k], torch.equal(back[k], state[k]))
