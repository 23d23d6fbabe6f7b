# Names NumPy 2.0 removed raise AttributeError with NumPy's migration note (numpy.__getattr__ over
# numpy/_expired_attrs_2_0.py): older tutorials write valid_loss_min = np.Inf. Other missing names keep
# the plain module message; hasattr is False for both.
import numpy as np

for name in ["Inf", "Infinity", "NaN", "PINF", "NINF", "float_", "complex_", "string_", "unicode_", "mat",
             "asfarray", "sctypes", "cast", "round_", "not_a_numpy_name"]:
    try:
        getattr(np, name)
        print(name, "present")
    except AttributeError as e:
        print(name, "->", e)
print(hasattr(np, "Inf"), hasattr(np, "inf"), np.inf, -np.inf, np.nan)
valid_loss_min = np.inf
print(valid_loss_min > 1e308, np.isinf(valid_loss_min))
