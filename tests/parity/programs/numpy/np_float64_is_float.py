# numpy.float64 is a subclass of Python's float (and numpy.inexact sits between floating and number):
# isinstance checks in metric loggers, json.dumps of schedule values, float's own methods on a
# float64; arrays from objects with the sequence protocol (a deque of episode returns).
import json
from collections import deque

import numpy as np

sched = np.linspace(0.1, 0.0, 5)
lr = sched[1]
print(type(lr).__name__, isinstance(lr, float), isinstance(lr, np.floating), isinstance(lr, np.inexact))
print(issubclass(np.float64, float), issubclass(np.float32, float), issubclass(np.int64, int))
print([c.__name__ for c in np.float64.__mro__])
print(json.dumps({"lr": lr, "loss": np.float64(0.25), "list": [np.float64(1.5)]}))
print(lr.is_integer(), np.float64(2.25).as_integer_ratio(), np.float64(3.0).is_integer())
print(float(lr) == lr, lr + 1, round(lr, 3), f"{lr:.4f}", max(lr, 0.01))
returns = deque(maxlen=3)
for r in (1.0, 2.0, 4.0, 8.0):
    returns.append(r)
print(np.mean(returns), np.array(returns), np.std(returns).round(4))
print(np.array([deque([1, 2]), deque([3, 4])]).shape, np.asarray(deque()).shape)
