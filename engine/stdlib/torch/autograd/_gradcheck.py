# torch.autograd.gradcheck / gradgradcheck: analytical gradients (torch.autograd.grad, one output
# element at a time) against central finite differences ((f(x + eps) - f(x - eps)) / 2eps, one input
# element at a time), compared with allclose(rtol, atol) as PyTorch's slow mode does. Reached as
# torch.autograd.gradcheck through the native torch.autograd module's __getattr__ (torch_module.cpp).
import warnings

import torch


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _outputs(func, inputs):
    out = _as_tuple(func(*inputs))
    return [o for o in out if isinstance(o, torch.Tensor)]


def _numerical(func, inputs, diff_idx, out_idx, eps):
    # One column per input element: d(output) / d(input[j]).
    x = inputs[diff_idx]
    flat = x.detach().view(-1)
    cols = []
    for j in range(flat.numel()):
        orig = flat[j].item()
        with torch.no_grad():
            flat[j] = orig + eps
        plus = _outputs(func, inputs)[out_idx].detach().reshape(-1).clone()
        with torch.no_grad():
            flat[j] = orig - eps
        minus = _outputs(func, inputs)[out_idx].detach().reshape(-1).clone()
        with torch.no_grad():
            flat[j] = orig
        cols.append((plus - minus) / (2 * eps))
    if not cols:
        return None
    return torch.stack(cols, 1)


def _analytical(func, inputs, diff_inputs, out_idx, diff_pos):
    out = _outputs(func, inputs)[out_idx]
    n_out = out.numel()
    rows = []
    for k in range(n_out):
        grad_out = torch.zeros_like(out).reshape(-1)
        grad_out[k] = 1.0
        grads = torch.autograd.grad(out, diff_inputs, grad_outputs=grad_out.reshape(out.shape), retain_graph=True,
                                    allow_unused=True)
        g = grads[diff_pos]
        x = diff_inputs[diff_pos]
        rows.append(torch.zeros(x.numel(), dtype=out.dtype) if g is None else g.reshape(-1).to(out.dtype))
    if not rows:
        return None
    return torch.stack(rows, 0)


def _forward_analytical(func, inputs, diff_idx, out_idx):
    # One column per input element: the output's tangent for a one-hot tangent of input[j]
    # (forward-mode AD, torch.autograd.forward_ad), as check_forward_ad compares them.
    import torch.autograd.forward_ad as fwAD
    x = inputs[diff_idx]
    cols = []
    for j in range(x.numel()):
        t = torch.zeros(x.numel(), dtype=x.dtype)
        t[j] = 1.0
        with fwAD.dual_level():
            args = list(inputs)
            args[diff_idx] = fwAD.make_dual(x.detach(), t.reshape(x.shape))
            out = _outputs(func, tuple(args))[out_idx]
            tangent = fwAD.unpack_dual(out).tangent
        cols.append(torch.zeros(out.numel(), dtype=out.dtype) if tangent is None
                    else tangent.detach().reshape(-1).to(out.dtype))
    if not cols:
        return None
    return torch.stack(cols, 1)


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False,
              masked=None):
    inputs = _as_tuple(inputs)
    diff_idx = [i for i, t in enumerate(inputs) if isinstance(t, torch.Tensor) and t.requires_grad]
    if not diff_idx:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of the them have "
                         "requires_grad=True.")
    for i in diff_idx:
        if inputs[i].dtype != torch.float64:
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point or complex. "
                          "This check will likely fail if all the inputs are not of double precision floating point "
                          "or complex. ")
    diff_inputs = [inputs[i] for i in diff_idx]
    outs = _outputs(func, inputs)
    for o_idx, out in enumerate(outs):
        if not out.requires_grad:
            continue
        for pos, i in enumerate(diff_idx):
            num = _numerical(func, inputs, i, o_idx, eps)
            modes = []
            if check_backward_ad:
                modes.append(("", _analytical(func, inputs, diff_inputs, o_idx, pos)))
            if check_forward_ad:
                modes.append(("computed with forward mode ", _forward_analytical(func, inputs, i, o_idx)))
            for mode, ana in modes:
                if num is None or ana is None:
                    continue
                num = num.to(ana.dtype)
                if not torch.allclose(ana, num, rtol, atol):
                    if not raise_exception:
                        return False
                    raise GradcheckError(f"Jacobian {mode}mismatch for output {o_idx} with respect to input {i},\n"
                                         f"numerical:{num}\nanalytical:{ana}\n")
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3, gen_non_contig_grad_outputs=False,
                  raise_exception=True, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
                  check_batched_grad=False, check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False,
                  masked=False):
    inputs = _as_tuple(inputs)
    diff = [t for t in inputs if isinstance(t, torch.Tensor) and t.requires_grad]
    outs = _outputs(func, inputs)
    if grad_outputs is None:
        grad_outputs = tuple(torch.ones_like(o).to(torch.float64 if o.dtype == torch.float64 else o.dtype).requires_grad_(True)
                             for o in outs)
    grad_outputs = _as_tuple(grad_outputs)

    def first_grads(*args):
        ins = args[:len(inputs)]
        gos = args[len(inputs):]
        os = _outputs(func, ins)
        d = [t for t in ins if isinstance(t, torch.Tensor) and t.requires_grad]
        gs = torch.autograd.grad(os, d, grad_outputs=list(gos), create_graph=True, allow_unused=True)
        return tuple(g for g in gs if g is not None)

    return gradcheck(first_grads, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)
