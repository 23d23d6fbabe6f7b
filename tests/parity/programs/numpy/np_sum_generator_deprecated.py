# np.sum of a generator is Python's sum with a DeprecationWarning (NumPy since 1.15), which NAS code
# relies on: DARTS' utils.count_parameters_in_MB is
# `np.sum(np.prod(v.size()) for name, v in model.named_parameters() if "auxiliary" not in name) / 1e6`.
import warnings

import numpy as np

shapes = [(3, 4), (5,), (2, 2, 2)]
print(np.sum(np.prod(s) for s in shapes) / 1e6)
print(type(np.sum(np.prod(s) for s in shapes)).__name__, np.sum(x * 0.5 for x in range(4)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    total = np.sum(i for i in range(5))
print(total, len(w), w[0].category.__name__, str(w[0].message))
out = np.zeros(())
r = np.sum((i for i in range(3)), out=out)
print(r is out, float(out))
