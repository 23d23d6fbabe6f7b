import torch
import numpy as np

# Tensors made from ndarrays and NumPy scalars, and ndarrays as indices and operands.
a = np.array([[1.0, 2.0], [3.0, 4.0]])
print(torch.Tensor(a), torch.Tensor(a).dtype)
print(torch.tensor(a, dtype=torch.float32), torch.as_tensor(a, dtype=torch.float32))
print(torch.tensor([np.array([1.0, 2.0]), np.array([3.0, 4.0])]))
print(torch.tensor([np.array([1, 2]), np.array([3, 4])]).dtype)
print(torch.zeros(2).new_tensor(a))
print(torch.tensor(np.float64(3.5)), torch.tensor(np.int64(3)), torch.tensor([np.float32(0.5), np.float32(1.5)]).dtype)
print(torch.from_numpy(a).float() @ torch.ones(2))
print(torch.arange(6).reshape(2, 3)[np.array([1, 0]), 1], torch.arange(4)[np.int64(2)])
t = torch.ones(3)
print(t * np.float64(2.5), np.float32(2) * t, t + np.ones(3), torch.full((2,), np.float32(1.5)))
print(torch.tensor(3.0) * np.float64(2), (t + np.ones(3)).dtype)
print(np.array(torch.arange(3)), np.asarray(torch.ones(2, dtype=torch.float64)).dtype, np.array([torch.tensor(1.5), torch.tensor(2.5)]))
x = torch.linspace(0, 1, 4)
print(x.numpy().round(3), np.round(x.numpy() * 10).astype(np.int64), x.numpy().dtype)
