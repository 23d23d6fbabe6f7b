# np.sum of a generator: NumPy 1.15 deprecated it (the builtin sum with a DeprecationWarning) and NumPy 2.4
# refuses it with a TypeError, which NAS code written for older NumPy meets: DARTS' utils.count_parameters_in_MB is
# `np.sum(np.prod(v.size()) for name, v in model.named_parameters() if "auxiliary" not in name) / 1e6`.
# The forms NumPy's message suggests work.
import numpy as np

shapes = [(3, 4), (5,), (2, 2, 2)]
for make in (lambda: np.sum(np.prod(s) for s in shapes), lambda: np.sum((i for i in range(3)), out=np.zeros(()))):
    try:
        make()
    except TypeError as e:
        print("TypeError", e)
print(np.sum(np.fromiter((np.prod(s) for s in shapes), dtype=np.int64)) / 1e6, sum(np.prod(s) for s in shapes))
print(np.sum([np.prod(s) for s in shapes]), np.sum(np.array([x * 0.5 for x in range(4)])))
