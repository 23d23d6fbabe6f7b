// Signature errors worded as a Python class's __init__, or a Tensor method's as its torch.* function's
// (see args.cpp). A header of its own so that the few callers (the nn layer constructors, torch.X's
// forwarding to Tensor.X) do not make every binding depend on it.
#pragma once

namespace kiln::vm {

// While a scope lives, the next Signature::bind on this thread words its errors as CPython does for a
// Python class's __init__ (PyTorch's nn layers are Python classes): "Linear.__init__() missing 1
// required positional argument: 'out_features'", "takes from 3 to 6 positional arguments but 7 were
// given" (self counted). The first bind consumes it, so the layer's own signature alone is worded
// so, not the binds of whatever the constructor calls next.
struct InitStyleScope {
    InitStyleScope();
    ~InitStyleScope();
    InitStyleScope(const InitStyleScope&) = delete;
    InitStyleScope& operator=(const InitStyleScope&) = delete;
    bool saved;
};

// While a scope lives, the next Signature::bind on this thread counts a method's self among the
// positional arguments in its python_wording errors: torch.sin(x, x) runs Tensor.sin's binding and is
// worded as the function it is ("sin() takes 1 positional argument but 2 were given").
struct FunctionFormScope {
    FunctionFormScope();
    ~FunctionFormScope();
    FunctionFormScope(const FunctionFormScope&) = delete;
    FunctionFormScope& operator=(const FunctionFormScope&) = delete;
    bool saved;
};

}  // namespace kiln::vm
