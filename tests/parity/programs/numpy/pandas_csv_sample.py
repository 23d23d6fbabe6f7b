# pandas CSV round trip and random splits: to_csv (with and without the index) to a file the program
# writes, read_csv back (header, sep, names, index_col, usecols, nrows, empty cells as NaN, quoted
# fields), sample(frac=, random_state=) as NumPy's RandomState draws it, train/test split with
# drop(train.index), reset_index(drop=True), iterrows / itertuples, and tensors from .values.
import os

import numpy as np
import pandas as pd

df = pd.DataFrame({'x1': [0.5, 1.25, -2.0, 3.5, 0.0, 7.75, 1.0, -0.5, 2.5, 4.0],
                   'x2': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                   'text': ['a', 'b,c', 'say "hi"', 'd', '', 'e', 'f', 'g', 'h', 'i'],
                   'y': ['cat', 'dog', 'cat', 'dog', 'dog', 'cat', 'cat', 'dog', 'cat', 'dog']})
df.to_csv('pandas_tmp.csv', index=False)
with open('pandas_tmp.csv') as f:
    print(f.read())
print(df.head(3).to_csv())
back = pd.read_csv('pandas_tmp.csv')
print(back)
print(back.dtypes)
print(back.shape)
print(pd.read_csv('pandas_tmp.csv', usecols=['x2', 'y'], nrows=4))
df.to_csv('pandas_tmp2.csv')
print(pd.read_csv('pandas_tmp2.csv', index_col=0).head(3))
with open('pandas_tmp3.tsv', 'w') as f:
    f.write('1\t2.5\tfoo\n2\t\tbar\n3\t4.0\t\n')
t = pd.read_csv('pandas_tmp3.tsv', sep='\t', header=None, names=['id', 'val', 'word'])
print(t)
print(t.dtypes)
print(pd.read_csv('pandas_tmp3.tsv', sep='\t', header=None))
train = df.sample(frac=0.8, random_state=200)
test = df.drop(train.index)
print(train)
print(test)
print(train.reset_index(drop=True))
print(df.sample(n=3, random_state=1))
print(df.sample(frac=1, random_state=42).reset_index(drop=True))
print(df['x2'].sample(4, random_state=0))
for i, row in df.head(3).iterrows():
    print(i, row['x1'], row['y'])
print(df.head(2).iloc[0])
for r in df.head(2).itertuples():
    print(r.Index, r.x1, r.y)
for r in df.head(2).itertuples(index=False):
    print(r)
X = df[['x1', 'x2']].values.astype(np.float32)
print(X.dtype, X[:3])
labels = {'cat': 0, 'dog': 1}
print(df['y'].map(labels).values)
f32 = pd.DataFrame({'id': [1, 2, 3], 'p': np.array([0.1, 1 / 3, 2.5], dtype=np.float32)})
print(f32.dtypes)
print(f32.to_csv(index=False))
print(f32)
for p in ('pandas_tmp.csv', 'pandas_tmp2.csv', 'pandas_tmp3.tsv'):
    os.remove(p)
