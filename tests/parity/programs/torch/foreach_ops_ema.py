# torch._foreach_* multi-tensor ops as training code calls them: DINOv2's EMA teacher update
# (_foreach_mul_ then _foreach_add_ with alpha), timm's _foreach_lerp_, gradient norms through
# _foreach_norm, scalar / scalar-list / tensor-list / single-tensor second operands, the out-of-place
# forms (differentiable), in-place forms returning their first argument, and ATen's list checks.
import torch

torch.manual_seed(0)
teacher = [torch.randn(2, 3), torch.randn(4)]
student = [torch.randn(2, 3), torch.randn(4)]
t0 = [t.clone() for t in teacher]
m = 0.9
r = torch._foreach_mul_(teacher, m)
torch._foreach_add_(teacher, student, alpha=1 - m)
print(r, all(torch.allclose(a, m * b + (1 - m) * s) for a, b, s in zip(teacher, t0, student)))
ema = [t.clone() for t in t0]
torch._foreach_lerp_(ema, student, 1 - m)
print(all(torch.allclose(a, b) for a, b in zip(ema, teacher)))
print([round(v.item(), 4) for v in torch._foreach_norm(student)], [round(v.item(), 4) for v in torch._foreach_norm(student, 1)])
print([x.tolist() for x in torch._foreach_add([torch.ones(2), torch.zeros(3)], [1.0, 2.0])])
print([x.tolist() for x in torch._foreach_mul([torch.ones(2), torch.ones(2)], torch.tensor(3.0))])
print([x.tolist() for x in torch._foreach_sub([torch.ones(2)], [torch.full((2,), 0.5)], alpha=2)])
print([x.tolist() for x in torch._foreach_div([torch.ones(2)], 4)])
print([x.tolist() for x in torch._foreach_sqrt([torch.tensor([4.0, 9.0])])], [x.tolist() for x in torch._foreach_neg([torch.tensor([1, -2])])])
print([x.tolist() for x in torch._foreach_maximum([torch.tensor([1.0, 5.0])], 2.0)], [x.tolist() for x in torch._foreach_clamp_max([torch.tensor([1.0, 5.0])], 2.0)])
exp_avg, grads = [torch.zeros(3)], [torch.tensor([1.0, 2.0, 3.0])]
torch._foreach_addcmul_(exp_avg, grads, grads, value=0.5)
torch._foreach_addcdiv_(exp_avg, grads, [torch.full((3,), 2.0)], value=-1.0)
print(exp_avg[0].tolist())
zs = [torch.ones(2), torch.ones(1)]
torch._foreach_zero_(zs)
torch._foreach_copy_(zs, [torch.tensor([7.0, 8.0]), torch.tensor([9.0])])
print([z.tolist() for z in zs], [v.item() for v in torch._foreach_max([torch.tensor([1.0, 3.0]), torch.tensor([-2.0])])])
w = [torch.randn(3, requires_grad=True), torch.randn(2, requires_grad=True)]
out = torch._foreach_mul(w, 2.0)
loss = sum(o.sum() for o in out)
loss.backward()
print([g.grad.tolist() for g in w], type(out).__name__, out[0].grad_fn is not None)
for bad in [lambda: torch._foreach_add([], 1.0), lambda: torch._foreach_add([torch.ones(1)], [torch.ones(1), torch.ones(1)]),
            lambda: torch._foreach_mul([torch.ones(1), torch.ones(1)], [2.0])]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
