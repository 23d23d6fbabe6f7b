# Real-program corpus (tests/realworld, see README.md): neural ODEs in the shape of
# rtqichen/torchdiffeq (examples/ode_demo.py with torchdiffeq/_impl/{odeint,misc,fixed_grid,
# rk_common,adjoint}.py): a fixed-grid solver class hierarchy (abc.ABCMeta with abstractmethod
# step_func, a class-level `order`), the Runge-Kutta 3/8 rule, tuple states flattened into one tensor
# by _check_inputs and restored by _flat_to_shape, `torch.linspace` time grids, a Lambda nn.Module as
# the true dynamics under no_grad, np.random.choice batches turned into tensors with from_numpy and
# `torch.stack([true_y[s + i] for i in range(T)])`, ODEFunc with nn.init.normal_/constant_ through
# `self.net.modules()`, a RunningAverageMeter, RMSprop; then odeint_adjoint: an autograd.Function
# whose forward solves under no_grad and saves `t, y, *adjoint_params`, and whose backward integrates
# the augmented system backwards in time (enable_grad inside no_grad, `t.detach().requires_grad_()`,
# `torch.as_strided(t, (), ())`, torch.autograd.grad over (t, y) + params with allow_unused and
# retain_graph, None grads replaced by zeros_like, `t[i - 1:i + 1].flip(0)`, `aug_state[2] += ...`,
# a 13-None gradient tuple followed by *adj_params), checked against direct backpropagation.
# Origin: rtqichen/torchdiffeq examples/ode_demo.py @ 01f1c190836a52588fef3fe5741d3ae5b029a23f,
# torchdiffeq/_impl/adjoint.py @ 03c6e63bdd5dd8c689134ff77f427a480dbb8451 (and the odeint, misc,
# fixed_grid and rk_common modules of the same repository).
# Written for Kiln, not copied. Changes: torchdiffeq itself is not installed, so its fixed-grid part
# is written out here (only the 'rk4' method with step_size options; no adaptive dopri5, no event
# handling, rtol/atol accepted and unused); data_size 40 over [0, 5], batch_time 5, batch_size 8,
# 30 iterations with a test every 10; no visualization, timings or device choice; the adjoint check
# runs one backward through both odeint and odeint_adjoint and prints whether the gradients agree.
import abc
import argparse
import random

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim


# ---- torchdiffeq/_impl/misc.py (the parts the fixed-grid solvers use) ----
class _TupleFunc(torch.nn.Module):
    def __init__(self, base_func, shapes):
        super(_TupleFunc, self).__init__()
        self.base_func = base_func
        self.shapes = shapes

    def forward(self, t, y):
        return _flat_to_shape_cat(self.base_func(t, _flat_to_shape(y, (), self.shapes)))


def _flat_to_shape_cat(tensors):
    return torch.cat([f_.reshape(-1) for f_ in tensors])


def _flat_to_shape(tensor, length, shapes):
    tensor_list = []
    total = 0
    for shape in shapes:
        next_total = total + shape.numel()
        tensor_list.append(tensor[..., total:next_total].view((*length, *shape)))
        total = next_total
    return tuple(tensor_list)


def _check_inputs(func, y0, t, rtol, atol, method, options, SOLVERS):
    shapes = None
    is_tuple = not isinstance(y0, torch.Tensor)
    if is_tuple:
        assert isinstance(y0, tuple), 'y0 must be either a torch.Tensor or a tuple'
        shapes = [y0_.shape for y0_ in y0]
        y0 = torch.cat([y0_.reshape(-1) for y0_ in y0])
        func = _TupleFunc(func, shapes)
    if method is None:
        method = 'rk4'
    if method not in SOLVERS:
        raise ValueError('Invalid method "{}". Must be one of {}'.format(method,
                                                                         '{"' + '", "'.join(SOLVERS.keys()) + '"}.'))
    if options is None:
        options = {}
    else:
        options = options.copy()
    if not torch.is_floating_point(y0):
        raise TypeError('`y0` must be a floating point Tensor but is a {}'.format(y0.type()))
    if not (t[1:] > t[:-1]).all() and not (t[1:] < t[:-1]).all():
        raise ValueError('t must be strictly increasing or decreasing')
    return shapes, func, y0, t, rtol, atol, method, options


# ---- torchdiffeq/_impl/solvers.py + fixed_grid.py + rk_common.py (rk4) ----
class FixedGridODESolver(metaclass=abc.ABCMeta):
    order: int

    def __init__(self, func, y0, step_size=None, **unused_kwargs):
        self.func = func
        self.y0 = y0
        self.dtype = y0.dtype
        self.step_size = step_size

    @classmethod
    def adjoint_options_from_options(cls, shapes, y0, options, adjoint_params):
        return options

    @abc.abstractmethod
    def _step_func(self, func, t0, dt, t1, y0):
        pass

    def _grid_constructor(self, t):
        if self.step_size is None:
            return t
        start_time, end_time = t[0], t[-1]
        niters = torch.ceil((end_time - start_time) / self.step_size + 1).item()
        t_infer = torch.arange(0, niters, dtype=t.dtype, device=t.device) * self.step_size + start_time
        t_infer[-1] = t[-1]
        return t_infer

    def integrate(self, t):
        time_grid = self._grid_constructor(t)
        assert time_grid[0] == t[0] and time_grid[-1] == t[-1]

        solution = torch.empty(len(t), *self.y0.shape, dtype=self.y0.dtype, device=self.y0.device)
        solution[0] = self.y0

        j = 1
        y0 = self.y0
        for t0, t1 in zip(time_grid[:-1], time_grid[1:]):
            dt = t1 - t0
            dy, f0 = self._step_func(self.func, t0, dt, t1, y0)
            y1 = y0 + dy

            while j < len(t) and t1 >= t[j]:
                solution[j] = self._linear_interp(t0, t1, y0, y1, t[j])
                j += 1
            y0 = y1
        return solution

    def _linear_interp(self, t0, t1, y0, y1, t):
        if t == t0:
            return y0
        if t == t1:
            return y1
        slope = (t - t0) / (t1 - t0)
        return y0 + slope * (y1 - y0)


_one_third = 1 / 3
_two_thirds = 2 / 3


def rk4_alt_step_func(func, t0, dt, t1, y0, f0=None):
    """Smaller error with slightly more compute (the 3/8 rule)."""
    k1 = f0
    if k1 is None:
        k1 = func(t0, y0)
    k2 = func(t0 + dt * _one_third, y0 + dt * k1 * _one_third)
    k3 = func(t0 + dt * _two_thirds, y0 + dt * (k2 - k1 * _one_third))
    k4 = func(t1, y0 + dt * (k1 - k2 + k3))
    return (k1 + 3 * (k2 + k3) + k4) * dt * 0.125


class RK4(FixedGridODESolver):
    order = 4

    def _step_func(self, func, t0, dt, t1, y0):
        f0 = func(t0, y0)
        return rk4_alt_step_func(func, t0, dt, t1, y0, f0=f0), f0


SOLVERS = {'rk4': RK4}


def odeint(func, y0, t, *, rtol=1e-7, atol=1e-9, method=None, options=None):
    shapes, func, y0, t, rtol, atol, method, options = _check_inputs(func, y0, t, rtol, atol, method, options, SOLVERS)
    solver = SOLVERS[method](func=func, y0=y0, **options)
    solution = solver.integrate(t)
    if shapes is not None:
        solution = _flat_to_shape(solution, (len(t),), shapes)
    return solution


# ---- torchdiffeq/_impl/adjoint.py ----
class OdeintAdjointMethod(torch.autograd.Function):

    @staticmethod
    def forward(ctx, shapes, func, y0, t, rtol, atol, method, options, adjoint_rtol, adjoint_atol, adjoint_method,
                adjoint_options, t_requires_grad, *adjoint_params):
        ctx.shapes = shapes
        ctx.func = func
        ctx.adjoint_rtol = adjoint_rtol
        ctx.adjoint_atol = adjoint_atol
        ctx.adjoint_method = adjoint_method
        ctx.adjoint_options = adjoint_options
        ctx.t_requires_grad = t_requires_grad

        with torch.no_grad():
            y = odeint(func, y0.detach(), t.detach(), rtol=rtol, atol=atol, method=method, options=options)
        ctx.save_for_backward(t, y, *adjoint_params)
        return y

    @staticmethod
    def backward(ctx, grad_y):
        with torch.no_grad():
            func = ctx.func
            adjoint_method = ctx.adjoint_method
            adjoint_options = ctx.adjoint_options
            t_requires_grad = ctx.t_requires_grad

            t, y, *adjoint_params = ctx.saved_tensors
            adjoint_params = tuple(adjoint_params)

            aug_state = [torch.zeros((), dtype=y.dtype, device=y.device), y[-1], grad_y[-1]]
            aug_state.extend([torch.zeros_like(param) for param in adjoint_params])

            def augmented_dynamics(t, y_aug):
                y = y_aug[1]
                adj_y = y_aug[2]
                with torch.enable_grad():
                    t_ = t.detach()
                    t = t_.requires_grad_(True)
                    y = y.detach().requires_grad_(True)
                    func_eval = func(t if t_requires_grad else t_, y)

                    # the upstream workaround for PyTorch bug #39784
                    _t = torch.as_strided(t, (), ())
                    _y = torch.as_strided(y, (), ())
                    _params = tuple(torch.as_strided(param, (), ()) for param in adjoint_params)

                    vjp_t, vjp_y, *vjp_params = torch.autograd.grad(
                        func_eval, (t, y) + adjoint_params, -adj_y,
                        allow_unused=True, retain_graph=True
                    )

                vjp_t = torch.zeros_like(t) if vjp_t is None else vjp_t
                vjp_y = torch.zeros_like(y) if vjp_y is None else vjp_y
                vjp_params = [torch.zeros_like(param) if vjp_param is None else vjp_param
                              for param, vjp_param in zip(adjoint_params, vjp_params)]

                return (vjp_t, func_eval, vjp_y, *vjp_params)

            if t_requires_grad:
                time_vjps = torch.empty(len(t), dtype=t.dtype, device=t.device)
            else:
                time_vjps = None
            for i in range(len(t) - 1, 0, -1):
                if t_requires_grad:
                    func_eval = func(t[i], y[i])
                    dLd_cur_t = func_eval.reshape(-1).dot(grad_y[i].reshape(-1))
                    aug_state[0] -= dLd_cur_t
                    time_vjps[i] = dLd_cur_t

                aug_state = odeint(
                    augmented_dynamics, tuple(aug_state),
                    t[i - 1:i + 1].flip(0),
                    method=adjoint_method, options=adjoint_options
                )
                aug_state = [a[1] for a in aug_state]
                aug_state[1] = y[i - 1]
                aug_state[2] += grad_y[i - 1]

            if t_requires_grad:
                time_vjps[0] = aug_state[0]

            adj_y = aug_state[2]
            adj_params = aug_state[3:]

        return (None, None, adj_y, time_vjps, None, None, None, None, None, None, None, None, None, *adj_params)


def odeint_adjoint(func, y0, t, rtol=1e-7, atol=1e-9, method=None, options=None, adjoint_rtol=None, adjoint_atol=None,
                   adjoint_method=None, adjoint_options=None, adjoint_params=None):
    if adjoint_params is None and not isinstance(func, nn.Module):
        raise ValueError('func must be an instance of `nn.Module` to specify the adjoint parameters; alternatively '
                         'they can be specified explicitly via the `adjoint_params` argument. If there are no '
                         'parameters then it is allowable to set `adjoint_params=()`.')

    shapes, func, y0, t, rtol, atol, method, options = _check_inputs(func, y0, t, rtol, atol, method, options, SOLVERS)

    if adjoint_rtol is None:
        adjoint_rtol = rtol
    if adjoint_atol is None:
        adjoint_atol = atol
    if adjoint_method is None:
        adjoint_method = method

    if adjoint_params is None:
        adjoint_params = tuple(find_parameters(func))
    else:
        adjoint_params = tuple(adjoint_params)
    adjoint_params = tuple(p for p in adjoint_params if p.requires_grad)

    if adjoint_options is None:
        adjoint_options = SOLVERS[adjoint_method].adjoint_options_from_options(shapes=shapes, y0=y0, options=options,
                                                                               adjoint_params=adjoint_params)

    solution = OdeintAdjointMethod.apply(shapes, func, y0, t, rtol, atol, method, options, adjoint_rtol, adjoint_atol,
                                         adjoint_method, adjoint_options, t.requires_grad, *adjoint_params)

    if shapes is not None:
        solution = _flat_to_shape(solution, (len(t),), shapes)
    return solution


def find_parameters(module):
    assert isinstance(module, nn.Module)
    if getattr(module, '_is_replica', False):
        def find_tensor_attributes(module):
            tuples = [(k, v) for k, v in module.__dict__.items() if torch.is_tensor(v) and v.requires_grad]
            return tuples
        gen = module._named_members(get_members_fn=find_tensor_attributes)
        return [param for _, param in gen]
    else:
        return list(module.parameters())


# ---- examples/ode_demo.py ----
parser = argparse.ArgumentParser('ODE demo')
parser.add_argument('--method', type=str, choices=['rk4'], default='rk4')
parser.add_argument('--data_size', type=int, default=1000)
parser.add_argument('--batch_time', type=int, default=10)
parser.add_argument('--batch_size', type=int, default=20)
parser.add_argument('--niters', type=int, default=2000)
parser.add_argument('--test_freq', type=int, default=20)
parser.add_argument('--viz', action='store_true')
parser.add_argument('--gpu', type=int, default=0)
parser.add_argument('--adjoint', action='store_true')
args = parser.parse_args(['--data_size', '40', '--batch_time', '5', '--batch_size', '8',
                          '--niters', '30', '--test_freq', '10'])
SEED = 42
torch.manual_seed(SEED)
random.seed(SEED)
np.random.seed(SEED)

device = torch.device('cuda:' + str(args.gpu) if torch.cuda.is_available() else 'cpu')
device = torch.device('cpu')

true_y0 = torch.tensor([[2., 0.]]).to(device)
t = torch.linspace(0., 5., args.data_size).to(device)
true_A = torch.tensor([[-0.1, 2.0], [-2.0, -0.1]]).to(device)


class Lambda(nn.Module):

    def forward(self, t, y):
        return torch.mm(y ** 3, true_A)


with torch.no_grad():
    true_y = odeint(Lambda(), true_y0, t, method=args.method, options=dict(step_size=0.025))
print('true_y', tuple(true_y.shape), [round(v, 4) for v in true_y[-1, 0].tolist()])


def get_batch():
    s = torch.from_numpy(np.random.choice(np.arange(args.data_size - args.batch_time, dtype=np.int64), args.batch_size, replace=False))
    batch_y0 = true_y[s]  # (M, D)
    batch_t = t[:args.batch_time]  # (T)
    batch_y = torch.stack([true_y[s + i] for i in range(args.batch_time)], dim=0)  # (T, M, D)
    return batch_y0.to(device), batch_t.to(device), batch_y.to(device)


class ODEFunc(nn.Module):

    def __init__(self):
        super(ODEFunc, self).__init__()

        self.net = nn.Sequential(
            nn.Linear(2, 50),
            nn.Tanh(),
            nn.Linear(50, 2),
        )

        for m in self.net.modules():
            if isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, mean=0, std=0.1)
                nn.init.constant_(m.bias, val=0)

    def forward(self, t, y):
        return self.net(y ** 3)


class RunningAverageMeter(object):
    """Computes and stores the average and current value"""

    def __init__(self, momentum=0.99):
        self.momentum = momentum
        self.reset()

    def reset(self):
        self.val = None
        self.avg = 0

    def update(self, val):
        if self.val is None:
            self.avg = val
        else:
            self.avg = self.avg * self.momentum + val * (1 - self.momentum)
        self.val = val


if __name__ == '__main__':
    ii = 0
    func = ODEFunc().to(device)
    optimizer = optim.RMSprop(func.parameters(), lr=1e-3)
    loss_meter = RunningAverageMeter(0.97)

    for itr in range(1, args.niters + 1):
        optimizer.zero_grad()
        batch_y0, batch_t, batch_y = get_batch()
        pred_y = odeint(func, batch_y0, batch_t).to(device)
        loss = torch.mean(torch.abs(pred_y - batch_y))
        loss.backward()
        optimizer.step()
        loss_meter.update(loss.item())

        if itr % args.test_freq == 0:
            with torch.no_grad():
                pred_y = odeint(func, true_y0, t)
                loss = torch.mean(torch.abs(pred_y - true_y))
                print('Iter {:04d} | Total Loss {:.4f} | running {:.4f}'.format(itr, loss.item(), loss_meter.avg))
                ii += 1

    # odeint_adjoint against backpropagation through the solver
    batch_y0, batch_t, batch_y = get_batch()
    func.zero_grad()
    loss = torch.mean(torch.abs(odeint(func, batch_y0, batch_t) - batch_y))
    loss.backward()
    direct = [p.grad.clone() for p in func.parameters()]
    func.zero_grad()
    y0 = batch_y0.clone().requires_grad_(True)
    tt = batch_t.clone().requires_grad_(True)
    sol = odeint_adjoint(func, y0, tt)
    print(type(sol.grad_fn).__name__, tuple(sol.shape))
    loss_adj = torch.mean(torch.abs(sol - batch_y))
    loss_adj.backward()
    print('losses agree:', torch.allclose(loss, loss_adj))
    print('max parameter grad difference below 1e-3:', max((d - p.grad).abs().max().item() for d, p in zip(direct, func.parameters())) < 1e-3)
    print('y0 grad', tuple(y0.grad.shape), 't grad', tuple(tt.grad.shape), 't grad finite', bool(torch.isfinite(tt.grad).all()))

    # tuple states through _TupleFunc
    class Coupled(nn.Module):
        def forward(self, t, state):
            x, v = state
            return v, -x
    x_t, v_t = odeint(Coupled(), (torch.tensor([1.0]), torch.tensor([0.0])), torch.linspace(0, 3.14159265, 5))
    print('oscillator x', [round(v, 3) for v in x_t.flatten().tolist()])
    try:
        odeint(func, batch_y0, batch_t, method='dopri5')
    except ValueError as e:
        print('ValueError:', e)
    try:
        odeint(func, torch.ones(2, dtype=torch.long), batch_t)
    except TypeError as e:
        print('TypeError:', e)
