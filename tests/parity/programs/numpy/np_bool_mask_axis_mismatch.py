# A boolean index whose length differs from the axis it covers: NumPy refuses it before indexing and
# names the axis and both sizes (pytorch-semseg's runningScore._fast_hist on a prediction smaller than
# its label map stops here). Getting and setting, masks after slices and an Ellipsis, 2-d masks.
import numpy as np

a = np.arange(12).reshape(3, 4)
keys = [np.array([True, False]), (slice(None), np.array([True, False, True])),
        (Ellipsis, np.array([1, 0, 1, 1], dtype=bool)), np.ones((3, 4), bool), np.ones((3, 3), bool),
        (np.array([True, False, True]), slice(1, 3))]
for k in keys:
    try:
        print(a[k].tolist())
    except IndexError as e:
        print("IndexError:", e)
try:
    a[np.array([True, False])] = 0
except IndexError as e:
    print("IndexError:", e)
label_true = np.zeros(16, dtype=np.int64)
mask = np.ones(20, dtype=bool)
try:
    np.bincount(5 * label_true[mask] + label_true[mask], minlength=25)
except IndexError as e:
    print("IndexError:", e)
