# logaddexp/logaddexp2, xlogy, sinc, copysign, float_power, gcd/lcm, signbit, frexp/ldexp: values at the
# edges (infinities, zeros, nan, -0.0), dtype promotion (integers to float, float_power to float64),
# Python-number operands, in-place forms (and their refusals), gradients.
import torch


def err(fn):
    try:
        fn()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)


inf = float("inf")
nan = float("nan")
a = torch.tensor([-1.0, 0.0, 1000.0, -inf, inf, 3.0])
b = torch.tensor([2.0, -inf, 1000.0, -inf, inf, -2.0])
print(torch.logaddexp(a, b))
print(torch.logaddexp2(a, b))
print(torch.logaddexp(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([0.5])).dtype)
print(a.logaddexp(torch.tensor(0.0)))
err(lambda: torch.logaddexp(torch.tensor([1]), torch.tensor([2])))

x = torch.tensor([0.0, 1.0, 2.0, 0.0, 3.0])
y = torch.tensor([0.0, 3.0, nan, nan, 0.0])
print(torch.xlogy(x, y))
print(torch.xlogy(torch.tensor([0, 1, 2]), torch.tensor([1, 2, 3])), torch.xlogy(2, torch.tensor([3, 4])))
print(torch.xlogy(torch.tensor([2.0]), 5), x.xlogy(2.0))
t = torch.tensor([1.0, 2.0])
t.xlogy_(torch.tensor([4.0, 4.0]))
print(t)
err(lambda: torch.tensor([1, 2]).xlogy_(3))

print(torch.sinc(torch.tensor([0.0, 0.5, 1.0, 1.5, -2.5])))
print(torch.sinc(torch.tensor([0, 1, 2])).dtype, torch.tensor([0.25]).sinc())
u = torch.tensor([0.5, 0.0])
u.sinc_()
print(u)

print(torch.copysign(torch.tensor([1.0, -2.0, 3.0, 0.0]), torch.tensor([-0.0, 0.0, -1.0, -5.0])))
print(torch.copysign(torch.tensor([1, -2]), -1), torch.copysign(torch.tensor([1.5]), torch.tensor([-1, 1])))
c = torch.tensor([1.0, -1.0])
c.copysign_(torch.tensor([-1.0, 2.0]))
print(c)
print(torch.signbit(torch.tensor([-0.0, 0.0, -1.0, 2.0, -inf])), torch.signbit(torch.tensor([-3, 0, 4])))
print(torch.signbit(torch.tensor([True, False])), torch.tensor([-1.5]).signbit())

print(torch.float_power(torch.tensor([2, 3]), 2), torch.float_power(torch.tensor([4.0]), torch.tensor([0.5])))
print(torch.float_power(2, torch.tensor([0.5, 3.0])), torch.tensor([2.0]).float_power(-1))
f = torch.tensor([2.0, 3.0], dtype=torch.float64)
f.float_power_(2)
print(f)
err(lambda: torch.tensor([2.0]).float_power_(2))

print(torch.gcd(torch.tensor([12, -18, 0, 7, 0]), torch.tensor([8, 12, 5, 0, 0])))
print(torch.lcm(torch.tensor([4, -6, 0, 7]), torch.tensor([6, 4, 5, 3])))
print(torch.gcd(torch.tensor([[12], [9]]), torch.tensor([8, 6])))
gg = torch.tensor([12, 18])
gg.gcd_(torch.tensor([8, 12]))
print(gg, torch.tensor([3]).lcm(torch.tensor([4])))
err(lambda: torch.gcd(torch.tensor([1.0]), torch.tensor([2.0])))

fr = torch.frexp(torch.tensor([8.0, 0.3, -5.0, 0.0, 1.0, 1024.5]))
print(type(fr).__name__, fr.mantissa, fr.exponent.tolist())
m, e = torch.tensor([0.75], dtype=torch.float64).frexp()
print(m, e.tolist())
err(lambda: torch.frexp(torch.tensor([1, 2])))
print(torch.ldexp(torch.tensor([1.0, 3.0]), torch.tensor([3, -1])), torch.ldexp(torch.tensor([1, 2]), torch.tensor([2, 2])))
ld = torch.tensor([1.5])
ld.ldexp_(torch.tensor([2]))
print(ld)

torch.manual_seed(0)
p = torch.randn(4, requires_grad=True)
q = torch.randn(4, requires_grad=True)
(torch.logaddexp(p, q) + torch.sinc(p) + torch.copysign(p, q)).sum().backward()
print(p.grad, q.grad)
r = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)
s = torch.tensor([0.0, 2.0, 3.0], requires_grad=True)
(torch.xlogy(s, r) + torch.float_power(r, 2).float()).sum().backward()
print(r.grad, s.grad)
z = torch.tensor([0.0], requires_grad=True)
torch.sinc(z).backward()
print(z.grad)

# out=
o = torch.empty(2)
print(torch.xlogy(torch.tensor([1.0, 2.0]), 3.0, out=o) is o, o)
o64 = torch.empty(0, dtype=torch.float64)
torch.float_power(torch.tensor([2, 3]), 2, out=o64)
print(o64)
err(lambda: torch.float_power(torch.tensor([2.0]), 2, out=torch.empty(1)))
g = torch.empty(3, dtype=torch.int64)
torch.gcd(torch.tensor([4, 6, 9]), torch.tensor([6, 4, 3]), out=g)
print(g, torch.signbit(torch.tensor([-1.0, 1.0]), out=torch.empty(2, dtype=torch.bool)))
