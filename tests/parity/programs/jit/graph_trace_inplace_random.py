import torch
# In-place random draws in traced code (gpt-fast's sampler: `torch.empty_like(probs).exponential_(1)`
# before an argmax; `uniform_`/`normal_` noise; timm's drop_path `x.new_empty(shape).bernoulli_(p)`):
# each is one aten::exponential_ / uniform_ / normal_ / bernoulli_ node with
# PyTorch's schema defaults as constants, and the traced function draws from the global generator in
# program order, so reseeding reproduces eager's values. check_trace=False: rerunning a random
# function cannot reproduce its outputs (PyTorch warns about that).
def sample(probs):
    q = torch.empty_like(probs).exponential_(1)
    return torch.argmax(probs / q, dim=-1, keepdim=True).to(dtype=torch.int)

def noise(x):
    return x + torch.empty_like(x).uniform_(-0.5, 0.5) * torch.empty_like(x).exponential_()

def drop_path(x, keep_prob=0.75):
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    return x * random_tensor.div_(keep_prob) + torch.empty_like(x).normal_(0, 0.01)

probs = torch.softmax(torch.tensor([[0.1, 2.0, 0.3, 1.0], [1.0, 1.0, 1.0, 1.0]]), dim=-1)
tr = torch.jit.trace(sample, (probs,), check_trace=False)
print("\n".join(l.split(" # ")[0] for l in str(tr.graph).split("\n")))  # source ranges carry the machine's path
torch.manual_seed(0)
a = tr(probs)
torch.manual_seed(0)
print(a.tolist(), torch.equal(a, sample(probs)))

x = torch.arange(6.).view(2, 3)
tn = torch.jit.trace(noise, (x,), check_trace=False)
print("\n".join(l.split(" # ")[0] for l in str(tn.graph).split("\n")))
torch.manual_seed(3)
b = tn(x)
torch.manual_seed(3)
print(torch.equal(b, noise(x)))

td = torch.jit.trace(drop_path, (x,), check_trace=False)
print("\n".join(l.split(" # ")[0] for l in str(td.graph).split("\n")))
torch.manual_seed(5)
d = td(x)
torch.manual_seed(5)
print(torch.equal(d, drop_path(x)))

compiled = torch.compile(sample)
torch.manual_seed(1)
c = compiled(probs)
torch.manual_seed(1)
print(torch.equal(c, sample(probs)))
