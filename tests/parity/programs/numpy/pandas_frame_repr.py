# pandas DataFrame / Series printing: int, float, str, bool and NaN columns, negative numbers, wide
# and narrow headers, string and named indexes, tiny and large floats, row truncation past 60 rows,
# empty frames, dtypes, columns / index reprs, head / tail.
import numpy as np
import pandas as pd

df = pd.DataFrame({'a': [1, 2, 10], 'b': ['x', 'yy', 'z'], 'c': [1.5, float('nan'), 2.25],
                   'flag': [True, False, True]})
print(df)
print(df.dtypes)
print(df.shape, len(df), list(df.columns), df.columns.tolist())
print(df.columns)
print(df.index)
print(df['a'])
print(df['c'])
print(df['b'])
print(df['flag'])
print(pd.DataFrame({'longname': [1, -2], 'n': [-0.5, 3.0], 's': ['hello world', None]}))
print(pd.DataFrame([[1, 2], [4, 5], [7, 8]], index=['cobra', 'viper', 'sidewinder'], columns=['max_speed', 'shield']))
print(pd.DataFrame({'tiny': [1e-8, 1.0], 'big': [12345678.9, 1.5], 'mid': [0.123456789, 100.0]}))
print(pd.DataFrame(np.arange(6).reshape(2, 3)))
print(pd.DataFrame(np.array([[0.5, 1.0], [2.0, -1.25]], dtype=np.float32), columns=['p', 'q']))
print(pd.DataFrame([{'x': 1, 'y': 'a'}, {'x': 2, 'z': 3.5}]))
print(pd.DataFrame({'a': [], 'b': []}))
s = pd.Series([0.1, 0.25, -3.0], name='x')
print(s)
print(pd.Series([1, 2, 3]))
print(pd.Series(['a', 'bb', None, 'a']))
print(pd.Series({'a': 1, 'bbb': 2}))
print(pd.Series([], dtype='float64'))
print(pd.Series([1, None, 3]))
big = pd.DataFrame({'v': list(range(100)), 'w': [i * 0.5 for i in range(100)], 's': ['r' + str(i) for i in range(100)]})
print(big)
print(big['v'])
print(big.head())
print(big.tail(3))
print(big.head(2).index, big.tail(2).index)
print(pd.Series(np.arange(70) * 1000.0, name='k'))
print(df.head(0))
