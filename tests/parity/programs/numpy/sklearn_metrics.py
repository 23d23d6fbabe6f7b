# sklearn.metrics' classification scores on predictions a torch model would make: accuracy_score
# (normalize, sample_weight), confusion_matrix (labels, normalize), precision / recall / f1 with the
# binary, micro, macro, weighted and None averages, pos_label, zero_division, string labels and
# classification_report's table (target_names, digits, output_dict), plus the regression errors.
import warnings

import numpy as np
from sklearn.metrics import (accuracy_score, classification_report, confusion_matrix, f1_score, mean_absolute_error,
                             mean_squared_error, precision_recall_fscore_support, precision_score, r2_score,
                             recall_score)

warnings.simplefilter("ignore")
y_true = [0, 1, 2, 2, 2, 1, 0, 0, 1, 2]
y_pred = [0, 2, 2, 2, 1, 1, 0, 1, 1, 0]
print(accuracy_score(y_true, y_pred), accuracy_score(y_true, y_pred, normalize=False))
print(accuracy_score(y_true, y_pred, sample_weight=[1, 2, 1, 1, 1, 1, 1, 1, 3, 1]))
print(confusion_matrix(y_true, y_pred))
print(confusion_matrix(y_true, y_pred, labels=[2, 0]))
print(confusion_matrix(y_true, y_pred, normalize="true").round(4))
print(confusion_matrix(y_true, y_pred, normalize="all"))
for avg in ("micro", "macro", "weighted", None):
    print(avg, precision_score(y_true, y_pred, average=avg), recall_score(y_true, y_pred, average=avg),
          f1_score(y_true, y_pred, average=avg))
b_true = np.array([1, 0, 1, 1, 0, 0, 1, 0])
b_pred = np.array([1, 0, 0, 1, 1, 0, 1, 1])
print(precision_score(b_true, b_pred), recall_score(b_true, b_pred), f1_score(b_true, b_pred))
print(f1_score(b_true, b_pred, pos_label=0), precision_recall_fscore_support(b_true, b_pred))
print(precision_score([0, 0, 1], [0, 0, 0]), precision_score([0, 0, 1], [0, 0, 0], zero_division=1))
print(f1_score([0, 1, 2], [0, 0, 0], average=None), f1_score([0, 1, 2], [0, 0, 0], average="macro"))
s_true = ["cat", "dog", "cat", "eel", "dog"]
s_pred = ["cat", "cat", "cat", "eel", "dog"]
print(accuracy_score(s_true, s_pred), confusion_matrix(s_true, s_pred).tolist(),
      f1_score(s_true, s_pred, average="macro"))
print(classification_report(y_true, y_pred))
print(classification_report(b_true, b_pred, target_names=["neg", "pos"], digits=4))
print(classification_report(s_true, s_pred))
print(classification_report(y_true, y_pred, labels=[0, 1]))
rep = classification_report(b_true, b_pred, output_dict=True)
print(sorted(rep), rep["1"], rep["accuracy"])
try:
    precision_score(y_true, y_pred)
except ValueError as e:
    print("ValueError:", e)
t = np.array([3.0, -0.5, 2.0, 7.0])
p = np.array([2.5, 0.0, 2.0, 8.0])
print(mean_squared_error(t, p), mean_absolute_error(t, p), r2_score(t, p))
