# x.type(torch.Tensor) / x.type('torch.Tensor') cast to the default tensor type (PyTorch's
# type_from_string: eriklindernoren/PyTorch-GAN's `Tensor = torch.cuda.FloatTensor if cuda else
# torch.Tensor` then `batch["A"].type(Tensor)`), following set_default_dtype; torch.cuda.random is
# the module of torch.cuda's RNG functions (torchattacks' APGD/FAB/Square call
# torch.cuda.random.manual_seed(seed)), and torch.cuda.manual_seed takes int(seed) first as
# torch.manual_seed does (AutoAttack passes a time.time() seed); seeding works without a GPU.
import torch
import torch.cuda.random

Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() and False else torch.Tensor
x = torch.arange(4)
print(x.type(Tensor), x.type(Tensor).dtype, x.type("torch.Tensor").dtype)
print(torch.ones(2, dtype=torch.float64).type(torch.Tensor).dtype, torch.tensor([True, False]).type(torch.Tensor))
print(x.type(torch.FloatTensor).dtype, x.type(torch.DoubleTensor).dtype, x.type(), x.type(torch.Tensor).type())
torch.set_default_dtype(torch.float64)
print(x.type(torch.Tensor).dtype, x.type(torch.Tensor).type())
torch.set_default_dtype(torch.float32)
for bad in ("torch.Tensorx", "float"):
    try:
        x.type(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

print(torch.cuda.random.__name__, torch.cuda.random.manual_seed is torch.cuda.manual_seed)
print(sorted(n for n in ("get_rng_state", "get_rng_state_all", "set_rng_state", "set_rng_state_all", "manual_seed",
                          "manual_seed_all", "seed", "seed_all", "initial_seed") if callable(getattr(torch.cuda.random, n))))
torch.random.manual_seed(7.9)
torch.cuda.random.manual_seed(7.9)
torch.cuda.manual_seed_all(3.2)
print(torch.initial_seed(), torch.rand(2))
try:
    torch.cuda.manual_seed("x")
except ValueError as e:
    print(type(e).__name__, e)
