# torch.nn.parallel.parallel_apply: run modules[i](*inputs[i], **kwargs_tup[i]) for each replica and
# return the outputs in order. PyTorch starts a thread per replica (one device each); Kiln has one
# device and runs them one after the other, which gives the same outputs. An exception in a replica is
# raised as itself, as PyTorch's ExceptionWrapper re-raises it.


def parallel_apply(modules, inputs, kwargs_tup=None, devices=None):
    assert len(modules) == len(inputs), (
        f"The number of modules {len(modules)} is not equal to the number of inputs {len(inputs)}")
    if kwargs_tup is None:
        kwargs_tup = ({},) * len(modules)
    assert len(modules) == len(kwargs_tup)
    if devices is not None:
        assert len(modules) == len(devices)
    outputs = []
    for module, args, kwargs in zip(modules, inputs, kwargs_tup):
        if not isinstance(args, (list, tuple)):
            args = (args,)
        outputs.append(module(*args, **kwargs))
    return outputs
