import torch
# Assignments whose value has leading size-1 dims (PyTorch drops them before broadcasting: vit-pytorch's
# MPP writes a (1, 1, d) mask token into x[bool_mask]), and the broadcast error naming the last
# mismatching dim, as ATen's infer_size walks dims from the end.
torch.manual_seed(0)
x = torch.zeros(2, 3, 4)
mask = torch.tensor([[True, False, True], [False, False, True]])
token = torch.arange(4.0).reshape(1, 1, 4)
x[mask] = token
print(x)
y = torch.zeros(2, 3)
y[0] = torch.ones(1, 1, 3)
y[:, 1] = torch.full((1, 2), 5.0)
print(y)
z = torch.zeros(3, 4)
z[torch.tensor([0, 2])] = torch.tensor([[[1.0, 2.0, 3.0, 4.0]]])
print(z)
p = torch.zeros(2, 4, requires_grad=True)
q = p.clone()
t = torch.ones(1, 1, 4, requires_grad=True)
q[torch.tensor([True, False])] = t * 3
q.sum().backward()
print(q, t.grad)
for a, b in (((8, 64, 1024), (65, 64)), ((2, 3), (4, 5)), ((5, 1, 3), (2, 4))):
    try:
        torch.zeros(a) + torch.zeros(b)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    y[0] = torch.ones(2, 3)
except RuntimeError as e:
    print("RuntimeError:", e)
