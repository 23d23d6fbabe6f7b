import torch
# torch.amp.GradScaler on the CPU: scaling tensors and nested lists/tuples, unscale_/step/update and
# their once-per-iteration stages, skipping the step on inf/NaN gradients, backoff and growth of the
# scale, the getters/setters, state_dict round trips, a disabled scaler, and the errors.

s = torch.amp.GradScaler("cpu", init_scale=1024, growth_factor=2.0, backoff_factor=0.5, growth_interval=2)
print("enabled:", s.is_enabled(), "scale before scale():", s.get_scale())
print("factors:", s.get_growth_factor(), s.get_backoff_factor(), s.get_growth_interval())
w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.25)

try:
    s.step(opt)
except AssertionError as e:
    print("AssertionError", str(e)[:60])

loss = (w * w).sum()
scaled = s.scale(loss)
print("scaled:", scaled.item(), scaled.dtype, type(scaled.grad_fn).__name__, s.get_scale())
pair = s.scale([torch.tensor([1.0, 2.0]), (torch.tensor(3.0), torch.tensor([0.5]))])
print("nested:", type(pair).__name__, pair[0].tolist(), type(pair[1]).__name__, pair[1][0].item(), pair[1][1].tolist())
try:
    s.scale(3)
except ValueError as e:
    print("ValueError", e)

scaled.backward()
print("scaled grad:", w.grad.tolist())
s.unscale_(opt)
print("unscaled grad:", w.grad.tolist())
try:
    s.unscale_(opt)
except RuntimeError as e:
    print("RuntimeError", e)
print("step returns:", s.step(opt))
print("w after step:", [round(v, 4) for v in w.tolist()])
try:
    s.step(opt)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    s.unscale_(opt)
except RuntimeError as e:
    print("RuntimeError", e)
s.update()
print("after update 1:", s.get_scale(), s.state_dict())

for i in range(3):
    opt.zero_grad()
    s.scale((w * w).sum()).backward()
    s.step(opt)
    s.update()
    print("clean step", i, "scale", s.get_scale(), "tracker", s.state_dict()["_growth_tracker"],
          [round(v, 4) for v in w.tolist()])

for bad in [float("inf"), float("nan")]:
    opt.zero_grad()
    x = torch.tensor([1.0, bad, 2.0])
    s.scale((w * x).sum()).backward()
    before = w.detach().clone()
    print("bad grad", bad, "step returns:", s.step(opt), "unchanged:", torch.equal(before, w.detach()))
    s.update()
    print("after backoff:", s.get_scale(), s.state_dict()["_growth_tracker"])

s.update(new_scale=64.0)
print("new_scale float:", s.get_scale())
s.update(torch.tensor(32.0))
print("new_scale tensor:", s.get_scale())
try:
    s.update(torch.tensor([1.0, 2.0]))
except AssertionError as e:
    print("AssertionError", str(e)[:40])

s.set_growth_factor(4.0)
s.set_backoff_factor(0.25)
s.set_growth_interval(3)
print("set:", s.get_growth_factor(), s.get_backoff_factor(), s.get_growth_interval())
sd = s.state_dict()
print("state_dict:", sorted(sd.keys()), sd["scale"], sd["growth_factor"], sd["growth_interval"])
t = torch.amp.GradScaler("cpu")
print("fresh:", t.get_scale(), t.state_dict())
t.load_state_dict(sd)
print("loaded:", t.get_scale(), t.state_dict() == sd)
try:
    t.load_state_dict({})
except RuntimeError as e:
    print("RuntimeError", str(e)[:60])

d = torch.amp.GradScaler("cpu", enabled=False)
x = torch.tensor([1.0, 2.0])
print("disabled:", d.is_enabled(), d.get_scale(), d.state_dict(), d.scale(x) is x)
opt.zero_grad()
(w * w).sum().backward()
d.unscale_(opt)
print("disabled step:", d.step(opt), [round(v, 4) for v in w.tolist()])
d.update()
d.load_state_dict({})
try:
    d.get_growth_factor()
except AttributeError as e:
    print("AttributeError", e)
print("cuda scaler enabled iff CUDA:", torch.amp.GradScaler("cuda").is_enabled() == torch.cuda.is_available())

for kw in [{"growth_factor": 1.0}, {"backoff_factor": 1.5}]:
    try:
        torch.amp.GradScaler("cpu", **kw)
    except AssertionError as e:
        print("AssertionError", e)
try:
    torch.amp.GradScaler("cpu", growth_factor="2")
except TypeError as e:
    print("TypeError", e)
u = torch.amp.GradScaler("cpu")
u.scale(torch.tensor(1.0))
try:
    u.update()
except AssertionError as e:
    print("AssertionError", e)
