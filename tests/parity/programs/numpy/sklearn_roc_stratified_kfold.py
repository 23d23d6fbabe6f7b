# scikit-learn's binary ROC metrics and stratified K-fold as Kaggle-style cross-validation loops use
# them: roc_curve (stable descending sort, one threshold per distinct score, drop_intermediate corner
# points, an inf first threshold), roc_auc_score (ties, labels other than 0/1, pandas Series and torch
# inputs, the one-class error), auc (increasing and decreasing x), and StratifiedKFold's folds with and
# without shuffle (per-class fold labels from one RandomState), its warning and errors.
import warnings

import numpy as np
import pandas as pd
import torch
from sklearn.metrics import auc, roc_auc_score, roc_curve
from sklearn.model_selection import StratifiedKFold

y = [0, 0, 1, 1, 0, 1, 1, 0]
s = [0.1, 0.4, 0.35, 0.8, 0.4, 0.9, 0.35, 0.05]
fpr, tpr, thr = roc_curve(y, s)
print(fpr, tpr, thr)
fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
print(fpr.tolist(), tpr.tolist(), thr.tolist())
print(roc_auc_score(y, s), type(roc_auc_score(y, s)).__name__)
print(roc_auc_score([2, 2, 5, 5], [0.3, 0.1, 0.7, 0.2]), roc_auc_score([0, 1, 0, 1], [0.5, 0.5, 0.5, 0.5]))
print(roc_auc_score(pd.Series([0, 1, 1, 0, 1]), np.array([0.2, 0.6, 0.55, 0.7, 0.9])))
print(roc_auc_score(torch.tensor([0, 1, 1, 0]), torch.tensor([0.1, 0.8, 0.3, 0.4])))
print(auc([0, 0.5, 1], [0, 0.75, 1]), auc([1, 0.5, 0], [1, 0.75, 0]))
try:
    roc_auc_score([1, 1, 1], [0.2, 0.3, 0.4])
except ValueError as e:
    print("ValueError:", e)
try:
    auc([0, 1, 0.5], [0, 1, 1])
except ValueError as e:
    print("ValueError:", e)
rng = np.random.RandomState(0)
yy = rng.randint(0, 2, 200)
score = yy * 0.3 + rng.rand(200)
print(round(roc_auc_score(yy, score), 6))

labels = np.array([0] * 7 + [1] * 5 + [2] * 4)
for shuffle, rs in [(False, None), (True, 42), (True, 0)]:
    skf = StratifiedKFold(n_splits=3, shuffle=shuffle, random_state=rs)
    print("shuffle", shuffle, rs, skf.get_n_splits())
    for tr, te in skf.split(np.zeros(len(labels)), labels):
        print(" ", te.tolist(), np.bincount(labels[te], minlength=3).tolist(), len(tr))
strs = np.array(["b", "a", "b", "c", "a", "b", "c", "a", "b"])
for tr, te in StratifiedKFold(n_splits=2, shuffle=True, random_state=1).split(strs, strs):
    print(te.tolist(), sorted(strs[te].tolist()))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    list(StratifiedKFold(n_splits=3).split(np.zeros(6), [0, 0, 0, 0, 1, 1]))
    print([str(x.message) for x in w])
for bad in ([0, 0, 1, 1, 2, 2], ):
    try:
        list(StratifiedKFold(n_splits=3).split(np.zeros(6), bad))
    except ValueError as e:
        print("ValueError:", e)
try:
    list(StratifiedKFold(n_splits=2).split(np.zeros(4), [0.5, 1.5, 0.5, 2.5]))
except ValueError as e:
    print("ValueError:", e)
