// NumPy's WRITEABLE flag of Kiln's ndarrays (bindings/numpy.cpp keeps it per array object), for
// torch.from_numpy's read-only warning (torch_module.cpp). A header of its own so that the bindings
// that include numpy.h need not be rebuilt for it.
#pragma once

#include "bindings/convert.h"

namespace kiln::vm::bind {

// a.flags.writeable of an ndarray; true for anything else.
bool ndarray_writeable(const Value& v);

}  // namespace kiln::vm::bind
