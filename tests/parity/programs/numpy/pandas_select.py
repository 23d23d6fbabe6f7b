# pandas selection: df['col'], df[['a', 'b']], boolean masks (&, |, ~, isin), loc with labels,
# slices and masks, iloc with positions and slices, scalar access, .values / .to_numpy() dtypes
# handed to NumPy, column assignment, sort_values, set_index and attribute access.
import numpy as np
import pandas as pd

df = pd.DataFrame({'name': ['ann', 'bob', 'cy', 'dee', 'eve'], 'age': [23, 35, 31, 52, 44],
                   'score': [88.5, 92.0, 79.25, 60.0, 95.5], 'label': ['pos', 'neg', 'pos', 'neg', 'pos']})
print(df[['name', 'score']])
print(df[df['age'] > 30])
print(df[(df['age'] > 30) & (df['label'] == 'pos')])
print(df[(df.age < 25) | (df.score > 90)])
print(df[~df['label'].isin(['neg'])])
print(df.loc[2])
print(df.loc[1:3, ['name', 'age']])
print(df.loc[df['score'] > 80, 'name'])
print(df.loc[0, 'score'], df.iloc[-1, 1], df.iloc[2]['name'])
print(df.iloc[1:4])
print(df.iloc[[0, 2], [1, 2]])
print(df.iloc[:, 1:3])
print(df.iloc[:, -1])
X = df[['age', 'score']].values
print(type(X).__name__, X.dtype, X.shape)
print(X)
y = df['label'].to_numpy()
print(y, y.dtype)
print(df['age'].values.dtype, df['score'].to_numpy().dtype, df[['age']].to_numpy().dtype)
df['passed'] = df['score'] >= 80
df['age2'] = df['age'] * 2
df['ratio'] = df['score'] / df['age']
df['const'] = 1
print(df)
print(df.sort_values('age'))
print(df.sort_values(by='score', ascending=False).head(3))
idx = df.set_index('name')
print(idx)
print(idx.loc['cy'])
print(idx.loc['cy', 'age'], idx.index)
print(df['score'].mean(), df['score'].std(), df['age'].sum(), df['age'].min(), df['age'].max(), df['score'].median())
print(df[['age', 'score']].mean())
print(df[['age', 'score']].max())
print(df['age'] - df['age'].mean())
norm = (df[['age', 'score']] - df[['age', 'score']].mean()) / df[['age', 'score']].std()
print(norm)
print(df['score'].idxmax(), df['age'].idxmin())
