# pandas cleaning as dataset notebooks do it: isnull/isna/notna counts, fillna (scalar, per column,
# with the mean), dropna (any, subset), drop(columns=) / drop of rows, rename(columns=), astype,
# Series.map with a dict and a function, apply, unique / nunique / value_counts (normalize),
# get_dummies, and groupby(...).mean() / size() / sum().
import numpy as np
import pandas as pd

df = pd.DataFrame({'sex': ['m', 'f', 'f', None, 'm', 'f'], 'age': [22.0, None, 30.0, 41.0, None, 19.0],
                   'fare': [7.25, 71.3, 8.05, 53.1, 8.46, 30.0], 'survived': [0, 1, 1, 1, 0, 1],
                   'cls': [3, 1, 3, 1, 3, 2]})
print(df.isnull().sum())
print(df.notna().sum())
print(df['age'].isnull())
print(df.fillna(0))
print(df.fillna({'age': df['age'].mean(), 'sex': 'unknown'}))
df2 = df.copy()
df2['age'] = df2['age'].fillna(df2['age'].median())
print(df2)
print(df.dropna())
print(df.dropna(subset=['age']))
print(df.drop(columns=['fare']))
print(df.drop('cls', axis=1).drop([0, 2]))
print(df.rename(columns={'survived': 'target', 'cls': 'pclass'}))
print(df['survived'].astype('float32'))
print(df[['fare', 'cls']].astype(int))
print(df['cls'].astype(str))
print(df['sex'].map({'m': 0, 'f': 1}))
print(df['fare'].map(lambda v: round(v)))
print(df['fare'].apply(lambda v: 'high' if v > 30 else 'low'))
print(df['cls'].unique(), df['sex'].unique(), df['cls'].nunique())
print(df['cls'].value_counts())
print(df['sex'].value_counts())
print(df['survived'].value_counts(normalize=True))
print(pd.get_dummies(df['cls']))
print(pd.get_dummies(df[['sex', 'cls']].fillna('u'), columns=['sex']))
print(pd.get_dummies(df['sex'], prefix='sex', dtype=float))
print(df[['cls', 'fare', 'survived']].groupby('cls').mean())
print(df.groupby('cls').size())
print(df.groupby('sex')['fare'].sum())
for key, grp in df.groupby('survived'):
    print(key, len(grp), list(grp['fare']))
print(pd.isna(float('nan')), pd.isna(3), pd.notna(None))
print(pd.concat([df.head(2), df.tail(2)]))
print(pd.concat([df.head(2), df.tail(2)], ignore_index=True))
print(pd.concat([df['fare'], df['cls']], axis=1))
