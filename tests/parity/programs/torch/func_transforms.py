# torch.func: grad / grad_and_value (argnums, has_aux, pytrees), vjp, jvp, jacrev, jacfwd, hessian,
# vmap (in_dims, out_dims, nesting, None dims, pytrees, randomness='same'), torch.vmap, and their
# compositions (grad of grad, vmap of grad, jvp of grad as a Hessian-vector product).
import torch
import torch.nn.functional as F
from functools import partial
from torch.func import grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap

torch.manual_seed(0)


def show(name, t):
    if isinstance(t, (tuple, list)):
        for i, x in enumerate(t):
            show(f"{name}[{i}]", x)
        return
    if isinstance(t, dict):
        for k in t:
            show(f"{name}[{k}]", t[k])
        return
    vals = [round(float(v), 4) + 0.0 for v in t.reshape(-1).tolist()]
    print(name, list(t.shape), t.requires_grad, " ".join(f"{v:.4f}" for v in vals))


x = torch.randn(5)
show("grad sin", grad(lambda t: t.sin().sum())(x))
show("grad grad", grad(grad(lambda t: t.sin().sum()))(torch.tensor(0.7)))
show("grad grad grad", grad(grad(grad(lambda t: (t ** 4).sum())))(torch.tensor(1.5)))


def loss(w, b, inp):
    return (inp @ w + b).tanh().pow(2).mean()


w = torch.randn(5, 3)
b = torch.randn(3)
inp = torch.randn(4, 5)
show("grad argnums=0", grad(loss)(w, b, inp))
show("grad argnums=(0,1)", grad(loss, argnums=(0, 1))(w, b, inp))
g, v = grad_and_value(loss, argnums=1)(w, b, inp)
show("grad_and_value grad", g)
show("grad_and_value value", v)


def with_aux(t):
    y = t.exp().sum()
    return y, {"mean": t.mean(), "max": t.max()}


g, aux = grad(with_aux, has_aux=True)(x)
show("has_aux grad", g)
show("has_aux aux", aux)
params = {"w": w, "b": b}
show("grad of dict", grad(lambda p, i: loss(p["w"], p["b"], i))(params, inp))

out, vjp_fn = vjp(torch.sin, x)
show("vjp out", out)
show("vjp", vjp_fn(torch.ones(5)))
out, vjp_fn = vjp(lambda a, c: (a * c, a + c), x, x.flip(0))
show("vjp two outputs", vjp_fn((torch.ones(5), torch.full((5,), 2.0))))
out, tangent = jvp(torch.sin, (x,), (torch.ones(5),))
show("jvp out", out)
show("jvp tangent", tangent)
out, tangent = jvp(lambda a, c: a * c, (x, x), (torch.ones(5), torch.zeros(5)))
show("jvp two inputs", tangent)


def predict(weight, bias, inp):
    return F.linear(inp, weight, bias).tanh()


D = 4
weight = torch.randn(D, D) * 0.4
bias = torch.randn(D)
feat = torch.randn(D)
show("jacrev", jacrev(predict, argnums=2)(weight, bias, feat))
show("jacfwd", jacfwd(predict, argnums=2)(weight, bias, feat))
jw, jb = jacrev(predict, argnums=(0, 1))(weight, bias, feat)
print("jacrev argnums shapes", list(jw.shape), list(jb.shape))
show("jacrev bias", jb)
tall = torch.randn(12, 2)
show("jacfwd tall", jacfwd(predict, argnums=2)(tall, torch.zeros(12), torch.randn(2)))
show("hessian", hessian(predict, argnums=2)(weight, bias, feat)[0])
show("hessian scalar", hessian(lambda t: (t ** 3).sum() + t.prod())(torch.tensor([1.0, 2.0, 3.0])))
show("jacrev jacrev", jacrev(jacrev(lambda t: t.sin().sum()))(torch.tensor([0.1, 0.2])))


def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


show("hvp", hvp(lambda t: t.sin().sum(), (x,), (torch.ones(5),)))
_, vjp_fn = vjp(partial(predict, weight, bias), feat)
(ft_jac,) = vmap(vjp_fn)(torch.eye(D))
show("vmap vjp rows", ft_jac)

# vmap
xs = torch.randn(3, 4)
ys = torch.randn(3, 4)
show("vmap dot", vmap(torch.dot)(xs, ys))
show("vmap in_dims=1", vmap(lambda a: a.sum(), in_dims=1)(xs))
show("vmap out_dims=1", vmap(lambda a: a * 2, out_dims=1)(xs))
show("vmap None", vmap(lambda a, c: a * c, in_dims=(0, None))(xs, torch.arange(4.0)))
show("nested vmap", vmap(vmap(lambda a, c: a * c))(xs, ys))
show("torch.vmap", torch.vmap(torch.outer)(xs[:, :2], ys[:, :2]))
show("vmap tuple out", vmap(lambda a: (a.sum(), a.max()))(xs))
show("vmap dict in", vmap(lambda d: d["a"] + d["b"])({"a": xs, "b": ys}))
show("vmap kwargs", vmap(lambda a, scale=1.0: a * scale)(xs, scale=3.0))
show("vmap grad", vmap(grad(lambda t: (t ** 2).sum()))(xs))
show("vmap jacrev", vmap(jacrev(torch.sin))(xs[:, :2]))
torch.manual_seed(1)
same = vmap(lambda t: t + torch.rand(()), randomness="same")(torch.zeros(3))
print("randomness same equal", bool((same == same[0]).all()))
try:
    vmap(lambda t: t + torch.rand(()))(torch.zeros(3))
except RuntimeError as e:
    print("RuntimeError", e)
torch.manual_seed(2)
diff = vmap(lambda t: t + torch.rand(2), randomness="different")(torch.zeros(3, 2))
print("randomness different", bool((diff[0] != diff[1]).all()), list(diff.shape))
try:
    vmap(torch.add)(torch.ones(2), torch.ones(3))
except ValueError as e:
    print("ValueError", e)
try:
    grad(lambda t: t * 2)(x)
except RuntimeError as e:
    print("RuntimeError", e)

# torch.autograd.functional
from torch.autograd.functional import jacobian, hessian as ag_hessian, vjp as ag_vjp, jvp as ag_jvp, hvp as ag_hvp
show("autograd jacobian", jacobian(lambda a: a ** 2, torch.tensor([1.0, 2.0])))
show("autograd jacobian tuple", jacobian(lambda a, c: a * c, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))
show("autograd hessian", ag_hessian(lambda a: (a ** 3).sum(), torch.tensor([1.0, 2.0])))
show("autograd vjp", ag_vjp(lambda a: a ** 2, torch.tensor([1.0, 2.0]), torch.tensor([1.0, 1.0])))
show("autograd jvp", ag_jvp(lambda a: a ** 2, torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0])))
show("autograd hvp", ag_hvp(lambda a: (a ** 3).sum(), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 1.0])))
