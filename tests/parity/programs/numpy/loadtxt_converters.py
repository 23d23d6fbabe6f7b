# np.loadtxt(converters=...): a dict keyed by file column (negative keys from the end; with usecols,
# keys naming selected columns), one callable for every column, converters receiving the field as str,
# and NumPy's errors for a bad column or a non-callable; the bike-sharing CSV of "Deep Learning with
# PyTorch" ch. 4 (`converters={1: lambda x: float(x[8:10])}` takes the day of month from a date).
import io
import os

import numpy as np

text = "instant,dteday,season,cnt\n1,2011-01-01,1,985\n2,2011-01-02,1,801\n3,2011-01-13,2,1349\n"
with open("loadtxt_conv_tmp.csv", "w") as f:
    f.write(text)
bikes = np.loadtxt("loadtxt_conv_tmp.csv", dtype=np.float32, delimiter=",", skiprows=1,
                   converters={1: lambda x: float(x[8:10])})
print(bikes.dtype, bikes.shape)
print(bikes)
seen = []
a = np.loadtxt(io.StringIO("1 2 3\n4 5 6\n"), converters={-1: lambda s: seen.append(type(s).__name__) or 10 * float(s)})
print(a, seen)
print(np.loadtxt(io.StringIO("1 2 3\n4 5 6\n"), converters=lambda s: float(s) + 0.5))
print(np.loadtxt(io.StringIO("1,x,3\n4,y,6\n"), delimiter=",", usecols=(0, 1), converters={1: lambda s: ord(s)}, dtype=int))
print(np.loadtxt(io.StringIO("1,2,3\n4,5,6\n"), delimiter=",", usecols=[2], converters={0: lambda s: 0.0, 2: lambda s: -float(s)}))
for conv in [{5: float}, {0: 3}]:
    try:
        np.loadtxt(io.StringIO("1 2\n"), converters=conv)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
os.remove("loadtxt_conv_tmp.csv")
