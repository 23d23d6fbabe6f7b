# cov / corrcoef (correction, fweights, aweights), nanmedian (whole and along a dim), unique_consecutive
# (inverse, counts, dim), renorm, trapezoid / trapz / cumulative_trapezoid, isin, is_nonzero,
# asarray, set_default_tensor_type and its deprecation warning, result_type / promote_types.
import warnings

import torch


def fmt(t):
    # 4 decimals, with rounding noise around 0 printed as 0 (the composed and native backward
    # formulas round differently there)
    return [[f"{0.0 if abs(v) < 5e-5 else v:.4f}" for v in row] for row in t.tolist()]


def err(fn):
    try:
        fn()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)


obs = torch.tensor([[0.0, 1.0, 2.0, 4.0], [2.0, 1.5, 0.5, -1.0], [1.0, 3.0, 2.0, 0.0]])
print(torch.cov(obs))
print(torch.cov(obs, correction=0))
print(torch.cov(obs, fweights=torch.tensor([1, 2, 1, 3]), aweights=torch.tensor([0.5, 1.0, 2.0, 1.0])))
print(torch.cov(torch.tensor([1.0, 2.0, 4.0])), torch.cov(torch.tensor([[1, 2, 4], [0, 1, 1]])))
print(obs.cov(correction=2).shape, torch.corrcoef(obs))
print(torch.corrcoef(torch.tensor([1.0, 2.0, 3.0])), obs[:2].corrcoef())
err(lambda: torch.cov(torch.zeros(2, 2, 2)))
err(lambda: torch.cov(obs, fweights=torch.tensor([1.0, 1.0, 1.0, 1.0])))
err(lambda: torch.cov(obs, fweights=torch.tensor([1, 1])))
err(lambda: torch.cov(obs, aweights=torch.tensor([1, 1, 1, 1])))
err(lambda: torch.cov(obs, aweights=torch.tensor([1.0, -1.0, 1.0, 1.0])))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(torch.cov(torch.tensor([[1.0], [2.0]])))
    print([str(x.message) for x in w])
g = obs.clone().requires_grad_()
torch.corrcoef(g)[0, 1].backward()
print(fmt(g.grad))

nan = float("nan")
print(torch.nanmedian(torch.tensor([1.0, nan, 3.0, 2.0])), torch.nanmedian(torch.tensor([nan, nan])))
md = torch.nanmedian(torch.tensor([[1.0, nan, 3.0, 7.0], [4.0, 5.0, 6.0, nan], [nan, nan, nan, nan]]), 1)
print(type(md).__name__, md)
print(md.values, md.indices)
print(torch.tensor([[2.0, nan], [1.0, 3.0]]).nanmedian(dim=0, keepdim=True))
print(torch.nanmedian(torch.tensor([5, 1, 3])), torch.median(torch.tensor([1.0, nan, 2.0])))
err(lambda: torch.nanmedian(torch.zeros(2, 0), 1))
nm = torch.tensor([3.0, nan, 1.0, 2.0], requires_grad=True)
torch.nanmedian(nm).backward()
print(nm.grad)

seq = torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])
print(torch.unique_consecutive(seq))
print(torch.unique_consecutive(seq, return_inverse=True))
print(torch.unique_consecutive(seq, return_counts=True))
out, inv, cnt = seq.unique_consecutive(return_inverse=True, return_counts=True)
print(out, inv, cnt)
rows = torch.tensor([[1, 2], [1, 2], [3, 4], [1, 2]])
print(torch.unique_consecutive(rows, dim=0, return_counts=True))
print(torch.unique_consecutive(rows.t(), return_inverse=True, dim=1))
print(torch.unique_consecutive(torch.tensor([[1.0, 1.0], [2.0, 2.0]]), return_inverse=True))

w = torch.tensor([[1.0, 2.0, 2.0], [3.0, 4.0, 0.0], [0.1, 0.1, 0.1]])
print(torch.renorm(w, 2, 0, 3.0))
print(w.renorm(1, 1, 2.0))
print(torch.renorm(w, float("inf"), 0, 1.0))
ww = w.clone()
ww.renorm_(2, 0, 1.0)
print(ww)
err(lambda: torch.renorm(w, 0, 0, 1.0))
err(lambda: torch.renorm(w, 2, 0, -1.0))
err(lambda: torch.renorm(torch.ones(3), 2, 0, 1.0))
wr = w.clone().requires_grad_()
(torch.renorm(wr, 2, 0, 2.0) * torch.arange(9.0).reshape(3, 3)).sum().backward()
print(fmt(wr.grad))

yv = torch.tensor([1.0, 4.0, 9.0, 16.0])
print(torch.trapezoid(yv), torch.trapezoid(yv, dx=0.5), torch.trapezoid(yv, torch.tensor([0.0, 1.0, 3.0, 4.0])))
print(torch.trapz(yv, torch.tensor([0.0, 1.0, 3.0, 4.0])), torch.trapz(yv, dx=2))
print(torch.trapezoid(torch.tensor([1, 2, 3])), torch.trapezoid(torch.arange(6.0).reshape(2, 3), dim=0))
print(torch.trapezoid(torch.zeros(3, 0)), torch.trapezoid(torch.arange(6.0).reshape(2, 3), torch.tensor([[0.0, 1.0, 2.0], [0.0, 2.0, 4.0]])))
print(torch.cumulative_trapezoid(yv), torch.cumulative_trapezoid(yv, dx=2), torch.cumulative_trapezoid(yv, torch.tensor([0.0, 1.0, 3.0, 4.0])))
print(torch.cumulative_trapezoid(torch.arange(6.0).reshape(2, 3), dim=0))
err(lambda: torch.trapezoid(yv, torch.tensor([0.0, 1.0])))
err(lambda: torch.trapezoid(torch.tensor([True, False])))
err(lambda: torch.cumulative_trapezoid(yv, torch.tensor([0.0, 1.0])))
ty = yv.clone().requires_grad_()
torch.trapezoid(ty, torch.tensor([0.0, 1.0, 3.0, 4.0])).backward()
print(ty.grad)

print(torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3, 9])))
print(torch.isin(torch.tensor([1.0, 2.5]), 2.5), torch.isin(3, torch.tensor([1, 3])), torch.isin(torch.tensor([1, 2]), torch.tensor([2]), invert=True))
print(torch.isin(torch.tensor([1, 2]), torch.tensor([], dtype=torch.int64)), torch.isin(torch.tensor([1, 2]), torch.tensor([2.0])))

print(torch.is_nonzero(torch.tensor([1.5])), torch.is_nonzero(torch.tensor(0)), torch.is_nonzero(torch.tensor([[False]])))
err(lambda: torch.is_nonzero(torch.tensor([])))
err(lambda: torch.is_nonzero(torch.tensor([1, 2])))

base = torch.tensor([1.0, 2.0])
print(torch.asarray(base) is base, torch.asarray([1, 2]), torch.asarray([1.5, 2]), torch.asarray(3.0))
print(torch.asarray(base, dtype=torch.float64), torch.asarray([1, 2], dtype=torch.float32))
cp = torch.asarray(base, copy=True)
cp[0] = 10.0
print(base, torch.asarray(base, requires_grad=True).requires_grad)

print(torch.result_type(torch.tensor([1]), 2.5), torch.result_type(torch.tensor([1.0]), torch.tensor(1.0, dtype=torch.float64)))
print(torch.result_type(torch.tensor(1), torch.tensor([True])), torch.result_type(2, 3.0), torch.result_type(True, 2))
print(torch.promote_types(torch.int64, torch.float32), torch.promote_types(torch.bool, torch.int64), torch.promote_types(torch.float16, torch.bfloat16))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    torch.set_default_tensor_type(torch.DoubleTensor)
    print(torch.tensor([1.5]).dtype, torch.zeros(1).dtype, torch.get_default_dtype())
    torch.set_default_tensor_type("torch.FloatTensor")
    print(torch.tensor([1.5]).dtype)
    print([(x.category.__name__, str(x.message)) for x in w])
err(lambda: torch.set_default_tensor_type(torch.LongTensor))
err(lambda: torch.set_default_tensor_type(torch.float64))
print(torch.get_default_dtype())
err(lambda: torch.isin(torch.tensor([True]), torch.tensor([False])))
