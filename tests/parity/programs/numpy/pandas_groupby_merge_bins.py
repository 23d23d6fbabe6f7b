# pandas: groupby(...).agg / aggregate / transform / apply, merge (inner, left, right, outer, on /
# left_on / right_on, suffixes, indicator), pd.factorize, pd.cut / pd.qcut bin codes (labels=False).
import numpy as np
import pandas as pd

df = pd.DataFrame({
    "team": ["b", "a", "b", "c", "a", "b"],
    "score": [3, 5, 4, 10, 1, 8],
    "time": [1.5, 2.0, 0.5, 3.25, 1.0, 2.5],
})
g = df.groupby("team")
print(g.agg("sum"))
print(g.agg({"score": "max", "time": "mean"}))
print(g.agg(total=("score", "sum"), longest=("time", "max"), n=("score", "count")))
print(g["score"].agg(["sum", "mean", "max"]))
print(g["score"].agg("mean"))
print(g["time"].agg(lambda s: s.max() - s.min()))
print(g.aggregate("min"))
print(g["score"].transform("mean"))
print(g["score"].transform("sum"))
print(g["time"].transform(lambda s: s - s.mean()))
print(g.transform("max"))
print(g["score"].apply(lambda s: s.max() * 2))
df["share"] = df["score"] / g["score"].transform("sum")
print(df.round(3))

left = pd.DataFrame({"key": ["k0", "k1", "k2", "k1"], "a": [1, 2, 3, 4]})
right = pd.DataFrame({"key": ["k1", "k3", "k0", "k1"], "b": [10.0, 30.0, 0.5, 11.0]})
print(pd.merge(left, right, on="key"))
print(pd.merge(left, right, on="key", how="left"))
print(pd.merge(left, right, on="key", how="right"))
print(pd.merge(left, right, on="key", how="outer"))
print(left.merge(right, on="key", how="inner", sort=True))
print(pd.merge(left, right, on="key", how="outer", indicator=True))
l2 = pd.DataFrame({"id": [1, 2, 3], "v": [0.1, 0.2, 0.3]})
r2 = pd.DataFrame({"uid": [3, 1, 4], "v": [9, 8, 7]})
print(pd.merge(l2, r2, left_on="id", right_on="uid"))
print(pd.merge(l2, r2, left_on="id", right_on="uid", how="left", suffixes=("_l", "_r")))
print(pd.merge(l2.head(2), r2.head(2), how="cross"))

codes, uniques = pd.factorize(["b", "a", "b", "c", "a"])
print(codes, uniques)
codes, uniques = pd.factorize(["b", "a", "b", "c"], sort=True)
print(codes, uniques)
codes, uniques = pd.factorize(pd.Series([3, 1, 3, np.nan, 2]))
print(codes, uniques)
x = np.array([0.5, 1.0, 2.2, 3.7, 5.0, 9.9, 10.0])
print(pd.cut(x, 3, labels=False))
print(pd.cut(x, [0, 1, 5, 10], labels=False))
print(pd.cut(x, [0, 1, 5, 10], labels=False, right=False))
codes, edges = pd.cut(x, 4, labels=False, retbins=True)
print(codes, np.round(edges, 4))
print(pd.cut(pd.Series(x, name="v"), [0, 2, 10], labels=False))
print(pd.qcut(x, 4, labels=False))
codes, edges = pd.qcut(np.arange(10.0), 3, labels=False, retbins=True)
print(codes, np.round(edges, 4))
print(pd.cut(np.array([0.0, 1.0, 2.0]), [0, 1, 2], labels=False, include_lowest=True))
