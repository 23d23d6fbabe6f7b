import torch
# repeat_interleave with a tensor of repeats (per-slice counts; probe 3: lucidrains/vit-pytorch NaViT
# builds its packed-sequence ids this way) and the one-argument torch.repeat_interleave(repeats).
torch.manual_seed(0)
print(torch.repeat_interleave(torch.tensor([2, 0, 3])))
print(torch.repeat_interleave(torch.tensor([1, 2], dtype=torch.int32)))
x = torch.tensor([[1, 2], [3, 4], [5, 6]])
print(x.repeat_interleave(torch.tensor([1, 0, 2]), dim=0))
print(torch.repeat_interleave(x, torch.tensor([2, 1]), dim=1))
print(torch.repeat_interleave(x, torch.tensor([1, 2, 3, 0, 1, 1])))
print(x.repeat_interleave(torch.tensor(2), dim=-1))
print(x.repeat_interleave(torch.tensor([3]), dim=0).shape)
w = torch.randn(3, requires_grad=True)
y = w.repeat_interleave(torch.tensor([1, 2, 3]))
(y * torch.arange(6.0)).sum().backward()
print(y.shape, type(y.grad_fn).__name__, w.grad)
lengths = torch.tensor([3, 1, 2])
ids = torch.arange(len(lengths)).repeat_interleave(lengths)
print(ids)
for bad in (lambda: x.repeat_interleave(torch.tensor([1, 2]), dim=0),
            lambda: x.repeat_interleave(torch.tensor([[1]]), dim=0),
            lambda: torch.repeat_interleave(torch.tensor([1, -1])),
            lambda: torch.repeat_interleave(torch.tensor([1.0, 2.0]))):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
