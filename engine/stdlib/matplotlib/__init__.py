# matplotlib for Kiln: the plotting library that tutorials import next to torch (import
# matplotlib.pyplot as plt). Not part of Python or PyTorch, but imported by so many real programs
# (most tutorial collections plot their data or losses) that Kiln provides its commonly used surface,
# written for Kiln, as a headless matplotlib behaves with its default non-interactive Agg backend:
# figures, axes and artists are created and kept with what the program gave them, the numbers that
# plotting calls compute and return (hist's counts and bins, axis limits, subplot grids) are
# matplotlib's, plt.show() draws nothing (with Agg's UserWarning on stderr) and plt.pause() sleeps.
# Kiln renders nothing: savefig writes no file and says so once (a UserWarning on stderr), so no
# blank image passes for a plot. Colormaps: cm.rainbow / gray / binary / jet computed as matplotlib
# defines them; other named maps can be passed around but not evaluated (NotImplementedError).
__version__ = "3.10.0"

_backend = "agg"


class RcParams(dict):
    pass


rcParams = RcParams({
    "backend": "agg",
    "figure.figsize": [6.4, 4.8],
    "figure.dpi": 100.0,
    "savefig.dpi": "figure",
    "font.size": 10.0,
    "lines.linewidth": 1.5,
    "axes.grid": False,
    "image.cmap": "viridis",
    "interactive": False,
})
rcParamsDefault = RcParams(rcParams)


def use(backend, force=True):
    global _backend
    _backend = str(backend).lower()
    rcParams["backend"] = _backend


def get_backend():
    return _backend


_RC_ALIASES = {"lw": "linewidth", "ls": "linestyle", "c": "color", "fc": "facecolor", "ec": "edgecolor",
               "mew": "markeredgewidth", "aa": "antialiased"}


def rc(group, **kwargs):
    # rc('lines', lw=2) sets rcParams['lines.linewidth']; group may be a tuple of groups.
    for g in ((group,) if isinstance(group, str) else group):
        for key, value in kwargs.items():
            rcParams[f"{g}.{_RC_ALIASES.get(key, key)}"] = value


def rcdefaults():
    rcParams.clear()
    rcParams.update(rcParamsDefault)


def interactive(b):
    rcParams["interactive"] = bool(b)


def is_interactive():
    return bool(rcParams["interactive"])
