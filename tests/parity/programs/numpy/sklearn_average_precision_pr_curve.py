# scikit-learn's precision-recall metrics as link-prediction and anomaly-detection scripts call them
# (GAE's get_roc_score, probe 35): precision_recall_curve (one point per distinct score, reversed so
# recall decreases, the closing (1, 0) point without a threshold, precision 0 where nothing is
# predicted positive, drop_intermediate, sample weights, pos_label) and average_precision_score
# (the uninterpolated step integral; ties; labels other than 0/1 with pos_label; NumPy and torch
# inputs; an absent pos_label is an error; no positives is a warning and a recall of 1).
import warnings

import numpy as np
import torch
from sklearn.metrics import average_precision_score, precision_recall_curve

y = [0, 0, 1, 1, 0, 1, 1, 0]
s = [0.1, 0.4, 0.35, 0.8, 0.4, 0.9, 0.35, 0.05]
p, r, t = precision_recall_curve(y, s)
print(p.tolist(), r.tolist(), t.tolist())
print(p.dtype, r.dtype, t.dtype, len(p) == len(t) + 1)
p, r, t = precision_recall_curve(y, s, drop_intermediate=True)
print(p.tolist(), r.tolist(), t.tolist())
ap = average_precision_score(y, s)
print(round(ap, 10), type(ap).__name__)
print(round(average_precision_score(np.array(y), np.array(s) * 2 - 1), 10))
print(round(average_precision_score(torch.tensor(y), torch.tensor(s)), 10))
w = [1, 2, 1, 1, 3, 1, 2, 1]
p, r, t = precision_recall_curve(y, s, sample_weight=w)
print([round(v, 6) for v in p.tolist()], [round(v, 6) for v in r.tolist()])
print(round(average_precision_score(y, s, sample_weight=w), 10))
# labels in {2, 5}: pos_label names the positive class
y25 = [2, 5, 5, 2, 5, 2]
s25 = [0.2, 0.7, 0.6, 0.65, 0.9, 0.1]
print(round(average_precision_score(y25, s25, pos_label=5), 10))
p, r, t = precision_recall_curve(y25, s25, pos_label=2)
print([round(v, 6) for v in p.tolist()], r.tolist(), t.tolist())
try:
    average_precision_score(y25, s25)
except ValueError as e:
    print("ValueError:", e)
# perfect and worst rankings
print(average_precision_score([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]),
      round(average_precision_score([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9]), 10))
# all scores tied: one threshold
p, r, t = precision_recall_curve([0, 1, 1, 0], [0.5, 0.5, 0.5, 0.5])
print(p.tolist(), r.tolist(), t.tolist(), average_precision_score([0, 1, 1, 0], [0.5] * 4))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    p, r, t = precision_recall_curve([0, 0, 0], [0.2, 0.4, 0.1])
print(p.tolist(), r.tolist(), t.tolist(), [type(w.message).__name__ for w in caught])
# a GAE-style evaluation: sigmoid scores of positive and sampled negative edges
rng = np.random.RandomState(0)
emb = rng.randn(10, 4)
rec = 1 / (1 + np.exp(-emb @ emb.T))
pos = [rec[i, (i + 1) % 10] for i in range(10)]
neg = [rec[i, (i + 5) % 10] for i in range(10)]
preds_all = np.hstack([pos, neg])
labels_all = np.hstack([np.ones(len(pos)), np.zeros(len(pos))])
print(round(average_precision_score(labels_all, preds_all), 10))
