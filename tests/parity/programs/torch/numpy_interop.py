import torch
import numpy as np

# torch.from_numpy shares memory both ways, with the array's dtype.
a = np.arange(6, dtype=np.float32).reshape(2, 3)
t = torch.from_numpy(a)
print(t, t.dtype, t.shape)
a[0, 0] = 100.0
t[1, 2] = -5.0
print(a)
print(t)
t.add_(1)
print(a[0])
d = torch.from_numpy(np.array([1.5, 2.5]))
print(d, d.dtype)
i = torch.from_numpy(np.array([1, 2, 3]))
print(i, i.dtype)
b = torch.from_numpy(np.array([True, False]))
print(b, b.dtype)
# Tensor.numpy() shares memory too.
x = torch.zeros(3)
n = x.numpy()
print(repr(n), n.dtype)
n[1] = 7.0
x[2] = 3.0
print(x, n)
print(repr(torch.arange(4).numpy()), repr(torch.ones(2, dtype=torch.float64).numpy()))
# torch.tensor copies, keeping NumPy's float64.
c = torch.tensor(np.array([0.5, 1.5]))
print(c, c.dtype)
arr = np.array([1.0, 2.0])
c2 = torch.tensor(arr)
arr[0] = 9.0
print(c2, arr)
print(torch.tensor(np.array([1, 2])).dtype, torch.tensor(np.ones((2, 2), dtype=np.float32)).dtype)
print(torch.tensor([np.float64(1.5), np.float64(2.0)]).dtype, torch.tensor(np.float32(2.5)))
# torch.as_tensor shares when it can.
s = np.array([1.0, 2.0, 3.0])
st = torch.as_tensor(s)
s[0] = -1.0
print(st, st.dtype)
f = torch.as_tensor(s, dtype=torch.float32)
s[1] = -2.0
print(f)
# .numpy() of a tensor that requires grad is refused; detach() first.
w = torch.ones(2, requires_grad=True)
try:
    w.numpy()
except RuntimeError as e:
    print("RuntimeError", e)
print(w.detach().numpy())
# Round trips and mixing.
y = torch.linspace(0, 1, 5)
print(y.numpy().sum(), np.asarray(y).shape, np.array(y).dtype)
print(torch.from_numpy(np.random.RandomState(0).rand(3)).sum().item() > 0)
print(x.numpy().tolist(), float(np.float32(2.5) * 2))
