# torch.utils.checkpoint: checkpoint(function, *args, use_reentrant=...) and checkpoint_sequential.
#
# use_reentrant=True is PyTorch's CheckpointFunction: the forward runs without recording a graph
# (only the outputs are attached, through one autograd.Function node, CheckpointFunctionBackward),
# and the backward runs the function again with grad enabled, from the saved inputs and the saved
# RNG state, then back-propagates through that recomputation. As in PyTorch, gradients reach the
# function's parameters only when some tensor input requires grad ("None of the inputs have
# requires_grad=True. Gradients will be None"), and keyword arguments are refused.
# use_reentrant=False gives the same values and gradients as a plain call; Kiln keeps the
# activations instead of recomputing them (PyTorch frees and recomputes them through saved-tensor
# hooks, a memory saving Kiln does not make). Not passing use_reentrant warns as PyTorch 2.11 does
# and means True. context_fn, determinism_check and debug are accepted at their defaults only.
# get_device_states / set_device_states, the RNG bookkeeping helpers PyTorch exports here, are what
# reversible-network code (RevTorch and its many copies: `Deterministic.record_rng`) imports: the ids
# of the accelerator devices the arguments live on and those devices' RNG states (none for CPU
# tensors), and the way back.
import warnings

import torch

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointFunction", "noop_context_fn", "get_device_states",
           "set_device_states"]

_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in PyTorch 2.9, "
    "calling checkpoint without use_reentrant will raise an exception. use_reentrant=False is recommended for "
    "most use cases. If you need to preserve the legacy behavior, you can pass use_reentrant=True. Refer to docs "
    "for more details on the differences between the two variants."
)


def _tensors_in(obj, out):
    # The tensors in nested lists, tuples and dict values, in order (the pytree leaves PyTorch maps over).
    if isinstance(obj, torch.Tensor):
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            _tensors_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _tensors_in(x, out)
    return out


def get_device_states(*args):
    # (device ids, RNG states) of the non-CPU devices the argument tensors are on, one entry per
    # tensor as in PyTorch; CPU (and meta) tensors and non-tensors add nothing.
    tensors = [t for t in _tensors_in(args, []) if t.device.type not in {"cpu", "meta"}]
    fwd_device_ids = [t.get_device() for t in tensors]
    fwd_device_states = []
    if tensors:
        device_module = getattr(torch, tensors[0].device.type)
        for device_id in fwd_device_ids:
            with device_module.device(device_id):
                fwd_device_states.append(device_module.get_rng_state())
    return fwd_device_ids, fwd_device_states


def set_device_states(devices, states, *, device_type=None):
    # Restores the states get_device_states returned, device by device (device_type defaults to cuda).
    if device_type is None:
        device_type = "cuda"
    if device_type == "meta":
        return
    device_module = getattr(torch, device_type)
    for device, state in zip(devices, states):
        with device_module.device(device):
            device_module.set_rng_state(state)


def noop_context_fn():
    import contextlib
    return contextlib.nullcontext(), contextlib.nullcontext()


def _detach_inputs(inputs):
    out = []
    for inp in inputs:
        if not isinstance(inp, torch.Tensor):
            out.append(inp)
            continue
        x = inp.detach()
        x.requires_grad = inp.requires_grad
        out.append(x)
    return tuple(out)


class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = torch.get_rng_state()
        ctx.inputs = []
        ctx.tensor_indices = []
        tensor_inputs = []
        for i, arg in enumerate(args):
            if torch.is_tensor(arg):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        with torch.no_grad():
            outputs = run_function(*args)
        return outputs

    @staticmethod
    def backward(ctx, *args):
        inputs = list(ctx.inputs)
        tensors = ctx.saved_tensors
        for i, idx in enumerate(ctx.tensor_indices):
            inputs[idx] = tensors[i]
        detached = _detach_inputs(tuple(inputs))
        state = torch.get_rng_state()
        if ctx.preserve_rng_state:
            torch.set_rng_state(ctx.fwd_cpu_state)
        try:
            with torch.enable_grad():
                outputs = ctx.run_function(*detached)
        finally:
            if ctx.preserve_rng_state:
                torch.set_rng_state(state)
        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        outputs_with_grad = []
        args_with_grad = []
        for i in range(len(outputs)):
            if torch.is_tensor(outputs[i]) and outputs[i].requires_grad:
                outputs_with_grad.append(outputs[i])
                args_with_grad.append(args[i])
        if len(outputs_with_grad) == 0:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not necessary")
        torch.autograd.backward(outputs_with_grad, args_with_grad)
        grads = tuple(inp.grad if isinstance(inp, torch.Tensor) else None for inp in detached)
        return (None, None) + grads


def checkpoint(function, *args, use_reentrant=None, context_fn=noop_context_fn, determinism_check="default",
               debug=False, preserve_rng_state=True, **kwargs):
    if use_reentrant is None:
        warnings.warn(_REENTRANT_WARNING, stacklevel=2)
        use_reentrant = True
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError("Passing `context_fn` or `debug` is only supported when use_reentrant=False.")
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
        if not any(isinstance(a, torch.Tensor) and a.requires_grad for a in args):
            warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")
        return CheckpointFunction.apply(function, preserve_rng_state, *args)
    if context_fn is not noop_context_fn or determinism_check != "default" or debug:
        raise NotImplementedError(
            "Kiln's non-reentrant checkpoint takes context_fn, determinism_check and debug at their defaults only"
        )
    return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    if use_reentrant is None:
        warnings.warn(_REENTRANT_WARNING, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))

    def run_function(start, end, functions):
        def forward(input):
            for j in range(start, end + 1):
                input = functions[j](input)
            return input
        return forward

    if isinstance(functions, torch.nn.Sequential):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run_function(start, end, functions), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)
    return run_function(end + 1, len(functions) - 1, functions)(input)
