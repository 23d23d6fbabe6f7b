# np.int / np.float / np.object / np.str / np.complex, the builtin aliases NumPy 1.24 removed and old
# code still writes (`.astype(np.int)` in AutoAugment policies): AttributeError with NumPy's long
# migration message, raised with name=None so that a traceback suggests nothing, while a misspelt
# name keeps the plain message and its suggestion; np.str/np.object also warn about becoming scalars.
import traceback
import warnings

import numpy as np

warnings.simplefilter("always")
for name in ["int", "float", "complex", "object", "str", "Inf", "flaot"]:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            getattr(np, name)
        except AttributeError as e:
            print(name, repr(e.name))
            print(e)
            if e.name is None:  # (a misspelt name's traceback line would add a "Did you mean")
                print("".join(traceback.format_exception_only(type(e), e)), end="")
        print([str(x.message) for x in w], [x.category.__name__ for x in w])
print(hasattr(np, "int"), hasattr(np, "int64"), np.int64(3) + 1)
