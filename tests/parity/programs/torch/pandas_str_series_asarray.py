# np.asarray / np.array of a pandas Series of strs go through the Series' __array__ (NumPy's array
# protocol): a 1-d array of the labels, as scikit-learn's LabelEncoder needs for a DataFrame column
# (yashu-seth/pytorch-tabular's `LabelEncoder().fit_transform(data[col])`), not a 0-d wrapper.
import io

import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder

df = pd.read_csv(io.StringIO("a,b,c\n1,RL,x\n2,RM,\n3,RL,y\n4,FV,z\n"))
d = df.dropna()
for col in ("a", "b"):
    arr = np.asarray(d[col])
    print(col, arr.shape, arr.tolist(), np.array(d[col]).shape)
print(LabelEncoder().fit_transform(d["b"]).tolist(), LabelEncoder().fit(df["b"]).classes_.tolist())
d = d.copy()
d["b"] = LabelEncoder().fit_transform(d["b"])
print(d["b"].tolist(), d.dtypes["b"])
