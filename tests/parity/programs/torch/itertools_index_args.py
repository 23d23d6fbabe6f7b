import itertools
import torch
# itertools' counts read through __index__ as CPython's argument converters do: a 0-d integer tensor
# is accepted for product(repeat=), tee(n), combinations(r) and islice, refused for permutations(r)
# ("Expected int as r"); a float tensor or a float is refused with CPython's messages.
# (pytorch-crf's test: `itertools.product(range(num_tags), repeat=mask.sum())`)
n = torch.tensor([1, 1, 0]).sum()
print(len(list(itertools.product(range(3), repeat=n))))
a, b = itertools.tee(iter([1, 2, 3]), torch.tensor(2))
print(list(a), list(b))
print(list(itertools.combinations(range(4), torch.tensor(3))))
print(list(itertools.combinations_with_replacement("ab", torch.tensor(2))))
print(list(itertools.islice(range(10), torch.tensor(2), torch.tensor(8), torch.tensor(3))))
print(list(itertools.repeat("x", torch.tensor(2))))
for call in (lambda: itertools.permutations(range(3), torch.tensor(2)),
             lambda: itertools.product(range(2), repeat=torch.tensor(2.0)),
             lambda: itertools.combinations(range(3), 1.5),
             lambda: itertools.tee([], 2.0)):
    try:
        call()
    except TypeError as e:
        print("TypeError", e)
