import torch
# In-place random draws in traced code (gpt-fast's sampler: `torch.empty_like(probs).exponential_(1)`
# before an argmax; `uniform_` noise): each is one aten::exponential_ / aten::uniform_ node with
# PyTorch's schema defaults as constants, and the traced function draws from the global generator in
# program order, so reseeding reproduces eager's values. check_trace=False: rerunning a random
# function cannot reproduce its outputs (PyTorch warns about that).
def sample(probs):
    q = torch.empty_like(probs).exponential_(1)
    return torch.argmax(probs / q, dim=-1, keepdim=True).to(dtype=torch.int)

def noise(x):
    return x + torch.empty_like(x).uniform_(-0.5, 0.5) * torch.empty_like(x).exponential_()

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

compiled = torch.compile(sample)
torch.manual_seed(1)
c = compiled(probs)
torch.manual_seed(1)
print(torch.equal(c, sample(probs)))
