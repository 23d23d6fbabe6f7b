# matplotlib.ticker locators and formatters as training-loss plots use them (LLMs-from-scratch's
# plot_losses: ax.xaxis.set_major_locator(MaxNLocator(integer=True))): construction, set_params,
# and what the formatters return when called.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.ticker import (MaxNLocator, MultipleLocator, FixedLocator, NullLocator, AutoMinorLocator,
                               FuncFormatter, FormatStrFormatter, StrMethodFormatter, PercentFormatter,
                               NullFormatter, FixedFormatter)

fig, ax = plt.subplots()
ax.plot([0, 1, 2, 3], [3.0, 2.5, 2.1, 1.9], label="train")
ax.xaxis.set_major_locator(MaxNLocator(integer=True))
ax.yaxis.set_major_formatter(FormatStrFormatter("%.2f"))
ax.xaxis.set_minor_locator(AutoMinorLocator())
loc = MaxNLocator(nbins=5, prune="upper")
loc.set_params(integer=True)
print(type(loc).__name__)
print(FuncFormatter(lambda x, pos: f"{x:.1f}|{pos}")(2.0, 1), FormatStrFormatter("%.3f")(0.5),
      StrMethodFormatter("{x:,.0f}")(12345.6), PercentFormatter(decimals=1).__class__.__name__,
      repr(NullFormatter()(3)), FixedFormatter(["a", "b"])(0, 1))
print(FixedLocator([1, 2, 3]).tick_values(0, 5), NullLocator().tick_values(0, 1), MultipleLocator(0.5).__class__.__name__)
plt.close(fig)
print("done")
