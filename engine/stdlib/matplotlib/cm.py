# matplotlib.cm for Kiln: the named colormaps as module attributes (cm.rainbow(0.3), cm.jet(i)) and
# get_cmap. rainbow, gray, binary, jet, autumn, bone, cool, copper, hot, hsv, bwr, brg and seismic carry
# matplotlib's definitions (gnuplot functions 33, 13, 10 for rainbow; segment data or color lists for the
# others, from matplotlib/_cm.py); every other name is a Colormap that can be passed as cmap= but not
# evaluated (see matplotlib/colors.py).
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

_autumn = {"red": ((0., 1.0, 1.0), (1.0, 1.0, 1.0)), "green": ((0., 0., 0.), (1.0, 1.0, 1.0)),
           "blue": ((0., 0., 0.), (1.0, 0., 0.))}
_bone = {"red": ((0., 0., 0.), (0.746032, 0.652778, 0.652778), (1.0, 1.0, 1.0)),
         "green": ((0., 0., 0.), (0.365079, 0.319444, 0.319444), (0.746032, 0.777778, 0.777778), (1.0, 1.0, 1.0)),
         "blue": ((0., 0., 0.), (0.365079, 0.444444, 0.444444), (1.0, 1.0, 1.0))}
_cool = {"red": ((0., 0., 0.), (1.0, 1.0, 1.0)), "green": ((0., 1., 1.), (1.0, 0., 0.)),
         "blue": ((0., 1., 1.), (1.0, 1., 1.))}
_copper = {"red": ((0., 0., 0.), (0.809524, 1.000000, 1.000000), (1.0, 1.0, 1.0)),
           "green": ((0., 0., 0.), (1.0, 0.7812, 0.7812)), "blue": ((0., 0., 0.), (1.0, 0.4975, 0.4975))}
_hot = {"red": ((0., 0.0416, 0.0416), (0.365079, 1.000000, 1.000000), (1.0, 1.0, 1.0)),
        "green": ((0., 0., 0.), (0.365079, 0.000000, 0.000000), (0.746032, 1.000000, 1.000000), (1.0, 1.0, 1.0)),
        "blue": ((0., 0., 0.), (0.746032, 0.000000, 0.000000), (1.0, 1.0, 1.0))}
_hsv = {"red": ((0., 1., 1.), (0.158730, 1.000000, 1.000000), (0.174603, 0.968750, 0.968750),
                (0.333333, 0.031250, 0.031250), (0.349206, 0.000000, 0.000000), (0.666667, 0.000000, 0.000000),
                (0.682540, 0.031250, 0.031250), (0.841270, 0.968750, 0.968750), (0.857143, 1.000000, 1.000000),
                (1.0, 1.0, 1.0)),
        "green": ((0., 0., 0.), (0.158730, 0.937500, 0.937500), (0.174603, 1.000000, 1.000000),
                  (0.507937, 1.000000, 1.000000), (0.666667, 0.062500, 0.062500), (0.682540, 0.000000, 0.000000),
                  (1.0, 0., 0.)),
        "blue": ((0., 0., 0.), (0.333333, 0.000000, 0.000000), (0.349206, 0.062500, 0.062500),
                 (0.507937, 1.000000, 1.000000), (0.841270, 1.000000, 1.000000), (0.857143, 0.937500, 0.937500),
                 (1.0, 0.09375, 0.09375))}

_KNOWN = {"rainbow": _rainbow, "gray": _gray, "binary": _binary, "jet": _jet, "autumn": _autumn, "bone": _bone,
          "cool": _cool, "copper": _copper, "hot": _hot, "hsv": _hsv}
# Colormaps matplotlib._cm defines as lists of colors (LinearSegmentedColormap.from_list): the
# diverging seismic (LRP relevance heatmaps), bwr and brg.
_LISTS = {"bwr": ((0.0, 0.0, 1.0), (1.0, 1.0, 1.0), (1.0, 0.0, 0.0)),
          "brg": ((0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
          "seismic": ((0.0, 0.0, 0.3), (0.0, 0.0, 1.0), (1.0, 1.0, 1.0), (1.0, 0.0, 0.0), (0.5, 0.0, 0.0))}
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
for _name, _data in _LISTS.items():
    _registry[_name] = LinearSegmentedColormap.from_list(_name, _data)
for _name in _OTHER:
    if _name not in _registry:
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
