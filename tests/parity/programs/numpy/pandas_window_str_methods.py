# pandas' time-series and text-cleaning Series methods: shift (upcasting int to float, fill_value),
# diff, pct_change, rolling(window, min_periods, center) sum/mean/std/var/min/max/median/count with
# NaN in the window, clip, replace (scalar, list, dict, NaN), cumprod/cummax/cummin, the .str
# accessor (lower/strip/len/contains/startswith/replace/split/slicing with missing cells) and
# DataFrame.select_dtypes, in the shapes a forecasting or text-classification script uses them.
import numpy as np
import pandas as pd

s = pd.Series([1.0, 2.5, 2.5, np.nan, 4.0, 7.25, 3.0, 3.0, 3.0, 0.5], name="close")
print(s.shift(1).tolist())
print(s.shift(-2).tolist())
print(pd.Series([1, 2, 3]).shift(1))
print(pd.Series([1, 2, 3]).shift(1, fill_value=0))
print(s.diff().tolist())
print(s.pct_change().tolist())
for w in (2, 3):
    r = s.rolling(w)
    print(w, r.sum().tolist())
    print(w, r.mean().tolist())
    print(w, r.std().tolist())
    print(w, r.var().tolist())
    print(w, r.min().tolist(), r.max().tolist())
print(s.rolling(3, min_periods=1).mean().tolist())
print(s.rolling(4, min_periods=2).median().tolist())
print(s.rolling(3, center=True).mean().tolist())
print(s.rolling(3).count().tolist())
x = pd.Series([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, -0.1, -0.2, 0.7])
print(x.rolling(3).mean().tolist())
print(x.rolling(3).std().tolist())
print(x.rolling(4).sum().tolist())
prices = pd.Series(100 + np.cumsum(np.random.RandomState(0).randn(30)))
feat = pd.DataFrame({"ma5": prices.rolling(5).mean(), "std5": prices.rolling(5).std(), "ret": prices.pct_change(),
                     "target": prices.shift(-1)})
print(feat.round(4).head(8))
print(feat.dropna().shape)
print(s.rolling(3))
print(s.clip(2, 5).tolist(), pd.Series([1, 5, 9]).clip(2, 6).tolist(), pd.Series([1, 5, 9]).clip(2.5).tolist())
print(pd.Series([1, 2, 1]).replace({1: 100}).tolist(), pd.Series(["a", "b"]).replace("a", "z").tolist())
print(pd.Series([1.0, np.nan, 3.0]).replace(np.nan, 0).tolist(), pd.Series([1, 2, 3]).replace([1, 2], 0).tolist())
print(s.cumprod().tolist(), s.cummax().tolist(), s.cummin().tolist())
t = pd.Series(["Hello World", " foo ", np.nan, "BAR baz", "a,b,,c"])
print(t.str.lower().tolist())
print(t.str.strip().tolist())
print(t.str.len().tolist(), t.str.len().dtype)
print(t.str.contains("o").tolist(), t.str.contains("O", case=False).tolist())
print(t.str.startswith("H").tolist(), t.str.endswith("z").tolist())
print(t.str.replace("o", "0").tolist())
print(t.str.replace(r"[aeiou]", "_", regex=True).tolist())
print(t.str.split().tolist())
print(t.str.split(",").tolist())
print(t.str[:3].tolist(), t.str.upper().str.slice(1, 4).tolist())
print(t.str.lower().str.replace(r"[^a-z ]", "", regex=True).str.split().tolist())
u = pd.Series(["x1", "y22", "z"])
print(u.str.len().tolist(), u.str.len().dtype, u.str.isdigit().tolist(), u.str.count(r"\d").tolist())
df = pd.DataFrame({"a": [1, 2], "b": [1.5, 2.5], "c": ["x", "y"], "d": [True, False]})
print(df.select_dtypes(include="number").columns.tolist())
print(df.select_dtypes(exclude=["number"]).columns.tolist())
print(df.select_dtypes(include=[np.number, "bool"]).columns.tolist())
print(df.select_dtypes(include="float64"))
try:
    df.select_dtypes()
except ValueError as e:
    print("ValueError:", e)
