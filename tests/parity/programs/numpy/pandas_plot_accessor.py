# pandas' plotting entry points as notebooks call them (probe 35: udacity/deep-learning-v2-pytorch's
# bike-sharing project draws `rides[:24*10].plot(x='dteday', y='cnt')`): DataFrame.plot with x/y
# (x becomes the x label, y the line's label, a new figure each time), DataFrame.plot() over the
# numeric columns only, Series.plot reusing the current figure, kind='bar'/'hist'/'scatter' and the
# plot.<kind>() methods, title/xlabel/ylabel/legend/figsize options, subplots=True, Series.hist and
# DataFrame.hist's grid of titled subplots, and the errors for a bad kind, scatter without x/y and a
# frame with no numeric column. Only what the pandas/matplotlib objects report is printed.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

df = pd.DataFrame({"day": ["mon", "tue", "wed", "thu"], "cnt": [3, 5, 2, 8], "temp": [0.5, 0.7, 0.2, 0.9]})


def lines(ax):
    return [(l.get_label(), [float(v) for v in l.get_ydata()]) for l in ax.get_lines()]


ax = df.plot(x="day", y="cnt")
print(type(ax).__name__, ax.get_xlabel(), lines(ax), plt.get_fignums())
ax2 = df.plot()
print(lines(ax2), ax2.get_xlabel() == "", len(plt.get_fignums()), ax2 is not ax)
s = df["cnt"]
ax3 = s.plot()
print(ax3 is ax2, lines(ax3)[-1], len(plt.get_fignums()))
plt.close("all")
ax4 = s.plot(title="counts", ylabel="n", figsize=(4, 3))
print(ax4.get_title(), ax4.get_ylabel(), plt.get_fignums())
ax5 = df.plot(kind="bar", x="day", y=["cnt", "temp"])
print(len(ax5.patches), ax5.get_xlabel())
ax6 = df.plot.scatter(x="temp", y="cnt")
print(ax6.get_xlabel(), ax6.get_ylabel(), len(ax6.collections))
ax7 = df["temp"].plot.hist(bins=4)
print(len(ax7.patches))
axs = df.plot(subplots=True)
print(type(axs).__name__, axs.shape, [lines(a)[0][0] for a in axs])
plt.close("all")
axh = df.hist(bins=3)
print(type(axh).__name__, axh.shape, [a.get_title() for a in axh.ravel()])
wide = pd.DataFrame({c: np.arange(4.0) * i for i, c in enumerate("abcde")})
print(wide.hist().shape)
hs = df["cnt"].hist()
print(type(hs).__name__, len(hs.patches))
for call in [lambda: df.plot(kind="nope"), lambda: df.plot(kind="scatter", x="temp"),
             lambda: pd.DataFrame({"a": ["x", "y"]}).plot()]:
    try:
        call()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
plt.close("all")
