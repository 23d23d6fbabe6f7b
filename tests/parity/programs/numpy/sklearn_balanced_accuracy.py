# sklearn.metrics.balanced_accuracy_score, which point-cloud classifiers (WangYueFt/dgcnn's main.py,
# PointNet ports) print as "test avg acc" beside accuracy_score: the mean recall over the classes in
# y_true, the warning when y_pred has classes y_true lacks, adjusted=True, sample weights.
import warnings

import numpy as np
from sklearn import metrics

test_true = np.array([0, 1, 2, 2, 1, 0, 3, 3, 3])
test_pred = np.array([0, 2, 2, 2, 1, 1, 3, 0, 3])
print("test acc: %.6f, test avg acc: %.6f" % (metrics.accuracy_score(test_true, test_pred),
                                              metrics.balanced_accuracy_score(test_true, test_pred)))
print(metrics.balanced_accuracy_score(test_true, test_pred, adjusted=True))
print(metrics.balanced_accuracy_score([0, 0, 1, 1], [0, 1, 1, 1], sample_weight=[1, 2, 1, 1]))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(metrics.balanced_accuracy_score([0, 1, 1], [0, 2, 1]))
print([str(x.message) for x in w])
print(type(metrics.balanced_accuracy_score(test_true, test_pred)).__name__)
