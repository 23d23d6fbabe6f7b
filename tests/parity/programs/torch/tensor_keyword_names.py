import torch
# PyTorch binds Tensor methods and torch functions by their aten schemas' argument names, so the
# int-list arguments taken as varargs (x.permute(1, 0)) can also be given by name (x.permute(dims=(1, 0))).
x = torch.arange(24).view(2, 3, 4)
print(torch.flip(x, dims=[2])[0, 0], x.flip(dims=(0, 1))[0, 0], x.flip(0)[0, 0])
print(x.permute(dims=(2, 0, 1)).shape, torch.permute(x, dims=[1, 0, 2]).shape, x.permute([2, 1, 0]).shape)
print(x.view(size=(6, 4)).shape, x.reshape(shape=(4, 6)).shape, torch.reshape(x, shape=(24,)).shape)
print(x.repeat(repeats=(1, 2, 1)).shape, x.tile(dims=(2,)).shape, torch.tile(x, dims=(1, 1, 2)).shape)
print(x[:, :1].expand(size=(2, 3, 4)).shape, x[:, :1].expand(2, -1, 4, implicit=False).shape)
print(x.sum(dim=1, keepdim=True).shape, x.sum(axis=2).shape, torch.sum(x, dim=(0, 2)))
print(x.transpose(dim0=0, dim1=2).shape, x.unsqueeze(dim=1).shape, x.squeeze(dim=0).shape)
print(x.float().mean(dim=-1)[0], x.max(dim=1).values[0], x.argmax(dim=2, keepdim=True).shape)
print(x.narrow(dim=2, start=1, length=2).shape, x.select(dim=1, index=0).shape, x.chunk(chunks=2, dim=2)[1].shape)
print(x.roll(shifts=1, dims=2)[0, 0], x.flatten(start_dim=1).shape, x.new_zeros(size=(2,)))
for bad in (lambda: x.permute(2, 0, 1, dims=(2, 0, 1)), lambda: x.view(shape=(6, 4)), lambda: x.flip(dim=0)):
    try:
        bad()
    except TypeError:
        print("TypeError")
f = torch.jit.trace(lambda t: torch.flip(t, dims=[1]).permute(dims=(1, 0)), (torch.zeros(2, 3),))
print(f(torch.arange(6.0).view(2, 3)))
