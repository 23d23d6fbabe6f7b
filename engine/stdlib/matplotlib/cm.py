# matplotlib.cm for Kiln: the named colormaps as module attributes (cm.rainbow(0.3), cm.jet(i)) and
# get_cmap. rainbow, gray, binary and jet carry matplotlib's definitions (gnuplot functions 33, 13, 10
# for rainbow; segment data for the others); every other name is a Colormap that can be passed as
# cmap= but not evaluated (see matplotlib/colors.py).
import math

from matplotlib.colors import Colormap, LinearSegmentedColormap

_rainbow = {"red": lambda x: abs(2 * x - 0.5), "green": lambda x: math.sin(x * math.pi),
            "blue": lambda x: math.cos(x * math.pi / 2)}
_gray = {"red": ((0.0, 0, 0), (1.0, 1, 1)), "green": ((0.0, 0, 0), (1.0, 1, 1)), "blue": ((0.0, 0, 0), (1.0, 1, 1))}
_binary = {"red": ((0.0, 1.0, 1.0), (1.0, 0.0, 0.0)), "green": ((0.0, 1.0, 1.0), (1.0, 0.0, 0.0)),
           "blue": ((0.0, 1.0, 1.0), (1.0, 0.0, 0.0))}
_jet = {"red": ((0.0, 0, 0), (0.35, 0, 0), (0.66, 1, 1), (0.89, 1, 1), (1, 0.5, 0.5)),
        "green": ((0.0, 0, 0), (0.125, 0, 0), (0.375, 1, 1), (0.64, 1, 1), (0.91, 0, 0), (1, 0, 0)),
        "blue": ((0.0, 0.5, 0.5), (0.11, 1, 1), (0.34, 1, 1), (0.65, 0, 0), (1, 0, 0))}

_KNOWN = {"rainbow": _rainbow, "gray": _gray, "binary": _binary, "jet": _jet}
# The rest of matplotlib's built-in colormap names (matplotlib._cm, _cm_listed and the qualitative
# sets, with the grey/gray aliases).
_OTHER = ["magma", "inferno", "plasma", "viridis", "cividis", "twilight", "twilight_shifted", "turbo", "Blues", "BrBG",
          "BuGn", "BuPu", "CMRmap", "GnBu", "Greens", "Greys", "OrRd", "Oranges", "PRGn", "PiYG", "PuBu", "PuBuGn",
          "PuOr", "PuRd", "Purples", "RdBu", "RdGy", "RdPu", "RdYlBu", "RdYlGn", "Reds", "Spectral", "Wistia", "YlGn",
          "YlGnBu", "YlOrBr", "YlOrRd", "afmhot", "autumn", "bone", "brg", "bwr", "cool", "coolwarm", "copper",
          "cubehelix", "flag", "gist_earth", "gist_gray", "gist_heat", "gist_ncar", "gist_rainbow", "gist_stern",
          "gist_yarg", "gnuplot", "gnuplot2", "hot", "hsv", "nipy_spectral", "ocean", "pink", "prism", "seismic",
          "spring", "summer", "terrain", "winter", "Accent", "Dark2", "Paired", "Pastel1", "Pastel2", "Set1", "Set2",
          "Set3", "tab10", "tab20", "tab20b", "tab20c", "grey", "gist_grey", "gist_yerg", "Grays"]

_registry = {}
for _name, _data in _KNOWN.items():
    _registry[_name] = LinearSegmentedColormap(_name, _data)
for _name in _OTHER:
    _registry[_name] = Colormap(_name)
for _name in list(_registry):
    globals()[_name] = _registry[_name]


def get_cmap(name=None, lut=None):
    if name is None:
        name = "viridis"
    if isinstance(name, Colormap):
        return name
    if name.endswith("_r") and name[:-2] in _registry:
        return _registry[name[:-2]].reversed()
    if name not in _registry:
        raise ValueError(f"{name!r} is not a valid value for cmap; supported values are "
                         + ", ".join(repr(n) for n in sorted(_registry)))
    return _registry[name]


class _Colormaps:
    def __getitem__(self, name):
        return get_cmap(name)

    def __contains__(self, name):
        return name in _registry

    def __iter__(self):
        return iter(sorted(_registry))

    def get_cmap(self, name):
        return get_cmap(name)


colormaps = _Colormaps()
