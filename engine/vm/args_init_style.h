// Signature errors worded as a Python class's __init__ (see args.cpp). A header of its own so that the
// few callers (the nn layer constructors) do not make every binding depend on it.
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

}  // namespace kiln::vm
