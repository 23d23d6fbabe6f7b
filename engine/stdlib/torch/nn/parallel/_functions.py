# torch.nn.parallel._functions: the autograd Functions DataParallel moves batches with, imported by
# the DataParallel variants programs copy (transformer-xl's BalancedDataParallel: `from
# torch.nn.parallel._functions import Scatter`). Scatter cuts a tensor along dim into one chunk per
# device id (chunk_sizes, or torch.chunk's split) and copies each to cuda:<id>; Gather concatenates
# device tensors on one device. Each one's backward is the other, as in PyTorch. Broadcast copies
# each input to every device id and ReduceAddCoalesced sums per-device groups back onto one device
# (each the other's backward): the Synchronized-BatchNorm code that segmentation repositories vendor
# (`from torch.nn.parallel._functions import ReduceAddCoalesced, Broadcast`) imports them at module top.
# Kiln drives one GPU: ids past 0 fail as their devices do, and without a GPU the copies raise the
# no-driver error.
import torch
from torch.autograd import Function


def _device_index(d):
    if isinstance(d, torch.device):
        return -1 if d.type == "cpu" else (0 if d.index is None else d.index)
    if isinstance(d, str):
        return _device_index(torch.device(d))
    return int(d)


def _to(t, index):
    return t.to("cpu" if index == -1 else torch.device("cuda", index))


class Scatter(Function):
    @staticmethod
    def forward(ctx, target_gpus, chunk_sizes, dim, input):
        devices = [_device_index(d) for d in target_gpus]
        ctx.dim = dim
        ctx.input_device = -1 if input.device.type == "cpu" else input.get_device()
        if chunk_sizes is None:
            pieces = input.chunk(len(devices), dim)
        else:
            pieces = input.split(list(chunk_sizes), dim)
        return tuple(_to(p.contiguous(), d) for p, d in zip(pieces, devices))

    @staticmethod
    def backward(ctx, *grad_output):
        return None, None, None, Gather.apply(ctx.input_device, ctx.dim, *grad_output)


class Gather(Function):
    @staticmethod
    def forward(ctx, target_device, dim, *inputs):
        assert all(i.device.type != "cpu" for i in inputs), "Gather function not implemented for CPU tensors"
        target = -1 if target_device == "cpu" else _device_index(target_device)
        ctx.target_device = target
        ctx.dim = dim
        ctx.input_gpus = tuple(i.get_device() for i in inputs)
        if all(i.dim() == 0 for i in inputs) and dim == 0:
            import warnings
            inputs = tuple(i.view(1) for i in inputs)
            warnings.warn("Was asked to gather along dimension 0, but all input tensors were scalars; "
                          "will instead unsqueeze and return a vector.")
            ctx.unsqueezed_scalar = True
        else:
            ctx.unsqueezed_scalar = False
        ctx.input_sizes = tuple(i.size(ctx.dim) for i in inputs)
        return torch.cat([_to(i, target) for i in inputs], dim)

    @staticmethod
    def backward(ctx, grad_output):
        scattered = Scatter.apply(ctx.input_gpus, ctx.input_sizes, ctx.dim, grad_output)
        if ctx.unsqueezed_scalar:
            scattered = tuple(g[0] for g in scattered)
        return (None, None) + tuple(scattered)


class Broadcast(Function):
    @staticmethod
    def forward(ctx, target_gpus, *inputs):
        assert all(i.device.type != "cpu" for i in inputs), "Broadcast function not implemented for CPU tensors"
        target_gpus = [_device_index(x) for x in target_gpus]
        ctx.target_gpus = target_gpus
        if len(inputs) == 0:
            return ()
        ctx.num_inputs = len(inputs)
        ctx.input_device = inputs[0].get_device()
        # torch.cuda.comm.broadcast_coalesced: one copy of every input per device, device-major
        outputs = [[_to(i, d) for i in inputs] for d in target_gpus]
        non_differentiables = []
        for idx, input_requires_grad in enumerate(ctx.needs_input_grad[1:]):
            if not input_requires_grad:
                non_differentiables.extend(output[idx] for output in outputs)
        ctx.mark_non_differentiable(*non_differentiables)
        return tuple([t for tensors in outputs for t in tensors])

    @staticmethod
    def backward(ctx, *grad_outputs):
        return (None,) + ReduceAddCoalesced.apply(ctx.input_device, ctx.num_inputs, *grad_outputs)


class ReduceAddCoalesced(Function):
    @staticmethod
    def forward(ctx, destination, num_inputs, *grads):
        ctx.target_gpus = [grads[i].get_device() for i in range(0, len(grads), num_inputs)]
        grads_ = [grads[i:i + num_inputs] for i in range(0, len(grads), num_inputs)]
        # torch.cuda.comm.reduce_add_coalesced: the k-th tensors of every group summed on destination
        dest = -1 if destination == "cpu" else _device_index(destination)
        out = []
        for k in range(num_inputs):
            acc = _to(grads_[0][k], dest).clone()
            for g in grads_[1:]:
                acc = acc + _to(g[k], dest)
            out.append(acc)
        return tuple(out)

    @staticmethod
    def backward(ctx, *grad_outputs):
        return (None, None) + Broadcast.apply(ctx.target_gpus, *grad_outputs)
