# torch.all / torch.any over a whole long bool tensor, many times with several threads: the full
# reduction splits the row into chunks reduced in parallel, and each chunk's result must be its own
# object (Kiln kept them in a std::vector<bool>, whose bits share words: neighbouring chunks' writes
# raced and all() of an all-True tensor came out False now and then, which made
# torch.distributions' support check reject valid samples of a 512x256x3x3 Bayesian conv weight:
# piEsposito/blitz-bayesian-deep-learning's cifar10_bvgg.py, probe 28).
import torch

torch.manual_seed(0)
torch.set_num_threads(8)
ones = torch.ones(1 << 19, dtype=torch.bool)
zeros = torch.zeros(1 << 19, dtype=torch.bool)
w = torch.randn(512, 256, 4)
all_ok = any_ok = finite_ok = 0
for _ in range(2000):
    all_ok += bool(ones.all())
    any_ok += not bool(zeros.any())
    finite_ok += bool((w == w).all())
print("all(ones) True:", all_ok, "any(zeros) False:", any_ok, "all(w == w) True:", finite_ok)
one_false = ones.clone()
one_false[-1] = False
one_true = zeros.clone()
one_true[12345] = True
print(bool(one_false.all()), bool(one_true.any()), bool(ones.all()), bool(zeros.any()))
