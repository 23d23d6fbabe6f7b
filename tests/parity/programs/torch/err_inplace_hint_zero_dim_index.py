import torch
# Two errors real programs hit, with PyTorch's full text: the in-place version check's hint (probe 3:
# eriklindernoren/PyTorch-GAN softmax_gan steps D's optimizer between two backwards through D), and
# `loss.data[0]` on a 0-dim loss (PyTorch-GAN began; the pre-0.4 idiom for loss.item()).
torch.manual_seed(0)
D = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(D.parameters(), lr=0.1)
x = torch.randn(3, 4, requires_grad=True)
out = D(x)
loss_d = out.sum()
loss_d.backward(retain_graph=True)
opt.step()
try:
    (out * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
loss = torch.tensor(0.25)
for index in (0,):
    try:
        print(loss.data[index])
    except IndexError as e:
        print(index, "IndexError:", e)
try:
    print(loss[(0,)])
except IndexError as e:
    print("tuple IndexError:", e)
try:
    print(loss[torch.tensor(0)])
except IndexError as e:
    print("tensor IndexError:", e)
try:
    loss[0] = 1.0
except IndexError as e:
    print("setitem IndexError:", e)
print(loss[...], loss[None], loss.item())
