# pandas' attribute access to a Series' index labels (NDFrame.__getattr__): rows from df.iterrows() and
# df.iloc[i] read their columns as row.context / row.target (the NLP book's CBOWVectorizer.from_dataframe
# and CBOWDataset.__getitem__ do). Kiln's Series had no __getattr__ (AttributeError: 'Series' object
# has no attribute 'context'). Real attributes (size, shape, name) win over labels; names starting with
# '_' and missing labels raise AttributeError.
import pandas as pd

df = pd.DataFrame([['a b', 'x', 1], ['c', 'y', 2]], columns=['context', 'target', 'n'])
for i, row in df.iterrows():
    print(i, row.context, row.target, row.n, row.name)
r = df.iloc[1]
print(r.context, r.name, r.target)
s = pd.Series([1, 2, 3], index=['size', 'b', 'name'])
print(s.b, s.size, s.shape, s.name)
print(hasattr(s, 'b'), hasattr(s, 'zz'))
try:
    r.missing
except AttributeError as e:
    print('AttributeError:', e)
num = pd.Series([10, 20], index=[0, 1])
try:
    num.x
except AttributeError as e:
    print('AttributeError:', e)
