# scikit-learn helpers of imbalanced and time-series training scripts: compute_class_weight('balanced')
# for CrossEntropyLoss(weight=...), compute_sample_weight, TimeSeriesSplit (test_size, gap,
# max_train_size, its errors), and the metrics root_mean_squared_error, mean_absolute_percentage_error,
# matthews_corrcoef and log_loss (binary and multiclass probabilities, clipping, normalize=False).
import warnings

import numpy as np
import torch
from sklearn.metrics import log_loss, matthews_corrcoef, mean_absolute_percentage_error, root_mean_squared_error
from sklearn.model_selection import TimeSeriesSplit
from sklearn.utils.class_weight import compute_class_weight, compute_sample_weight

y = np.array([0, 0, 0, 0, 1, 1, 2, 0, 0, 1])
w = compute_class_weight("balanced", classes=np.unique(y), y=y)
print(w, w.dtype)
print(torch.tensor(w, dtype=torch.float32))
print(compute_class_weight(None, classes=np.array([0, 1, 2]), y=y))
print(compute_class_weight({0: 1.0, 1: 3.0, 2: 5.0}, classes=np.array([0, 1, 2]), y=y))
print(compute_class_weight("balanced", classes=np.array(["a", "b"]), y=["a", "b", "b"]))
print(compute_sample_weight("balanced", y))
try:
    compute_class_weight("balanced", classes=np.array([0, 1, 5]), y=y)
except ValueError as e:
    print("ValueError:", e)

X = np.arange(12).reshape(12, 1)
for kw in ({}, {"n_splits": 3}, {"n_splits": 3, "test_size": 2}, {"n_splits": 3, "gap": 1}, {"n_splits": 3, "max_train_size": 4}):
    tss = TimeSeriesSplit(**kw)
    print(kw, tss.get_n_splits(), [(tr.tolist(), te.tolist()) for tr, te in tss.split(X)])
try:
    list(TimeSeriesSplit(n_splits=5, test_size=3).split(X))
except ValueError as e:
    print("ValueError:", e)
try:
    list(TimeSeriesSplit(n_splits=12).split(X))
except ValueError as e:
    print("ValueError:", e)

t = [3.0, -0.5, 2.0, 7.0]
p = [2.5, 0.0, 2.0, 8.0]
print(root_mean_squared_error(t, p), mean_absolute_percentage_error(t, p))
print(mean_absolute_percentage_error([0.0, 1.0], [0.1, 1.1]))
print(matthews_corrcoef([1, 1, 1, 0], [1, 0, 1, 1]), matthews_corrcoef([0, 1, 2, 2, 1], [0, 2, 2, 2, 1]),
      matthews_corrcoef([1, 1], [1, 1]))
print(log_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.35]))
print(log_loss(["spam", "ham", "ham", "spam"], [[0.1, 0.9], [0.9, 0.1], [0.8, 0.2], [0.35, 0.65]]))
print(log_loss([0, 2, 1], np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.2, 0.5, 0.3]]), normalize=False))
print(f"{log_loss([0, 1], [0.0, 1.0]):.6e}")  # clipped at eps; NumPy's log differs from libm in the last bit here
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(log_loss([0, 1, 2], [[0.5, 0.5, 0.5], [0.2, 0.2, 0.2], [0.1, 0.1, 0.8]]))
    print([str(c.message) for c in caught])
probs = torch.softmax(torch.tensor([[2.0, 0.5], [0.1, 1.5], [1.0, 1.0]]), dim=1)
print(round(log_loss([0, 1, 0], probs), 6))
# tolerances given as NumPy scalars, as log_loss passes np.sqrt(eps)
print(np.allclose([1.0], [1.0 + 1e-9], rtol=np.sqrt(np.finfo(np.float64).eps)), np.isclose(1.0, 1.0001, atol=np.float32(1e-3)),
      np.allclose([1.0, 2.0], [1.0, 2.5], atol=np.finfo(np.float32).eps), round(float(np.var([1.0, 2.0, 4.0], ddof=np.int64(1))), 6))
