import torch

# With an input that requires grad, torch.compile also compiles the backward:
# AOT autograd traces forward and backward together into one joint graph,
# then splits it into a forward graph and a backward graph. The compiled
# output's grad_fn is the node that will run that backward graph.
def f(x, w):
    return (x @ w).sin().sum()

x = torch.linspace(-1, 1, 6).reshape(2, 3)
w = torch.linspace(0, 1, 12).reshape(3, 4).requires_grad_()

cf = torch.compile(f, backend="aot_eager")
loss = cf(x, w)
print("grad_fn:", type(loss.grad_fn).__name__)
loss.backward()
w_grad = w.grad.clone()

w.grad = None
eager_loss = f(x, w)        # the same thing in eager
print("eager grad_fn:", type(eager_loss.grad_fn).__name__)
eager_loss.backward()
print("grads equal:", torch.allclose(w_grad, w.grad, atol=1e-6))
print("x needs no gradient:", x.grad is None)
