"""Grad-mode decorators on generator functions (torch.utils._contextlib's behaviour).

@torch.no_grad() / @torch.enable_grad() / @torch.inference_mode() on a generator function must hold
the mode while the generator's body runs, which is at each next()/send()/throw()/close(), not when
the function is called. The C++ decorator (bindings/torch_module.cpp) calls the function (which only
makes the generator) and hands it here with a factory of the context manager.
"""
import sys


def _kiln_wrap_generator(ctx_factory, gen):
    try:
        # the first step primes the generator under the mode
        with ctx_factory():
            response = gen.send(None)
        while True:
            try:
                request = yield response
            except GeneratorExit:
                # closing runs the generator's finally blocks: under the mode too
                with ctx_factory():
                    gen.close()
                raise
            except BaseException:
                with ctx_factory():
                    response = gen.throw(*sys.exc_info())
            else:
                with ctx_factory():
                    response = gen.send(request)
    except StopIteration as e:
        # the wrapped generator's return value is the wrapper's (PEP 479: no StopIteration escapes)
        return e.value
