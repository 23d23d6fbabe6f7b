# matplotlib.colors for Kiln: Colormap / LinearSegmentedColormap with matplotlib's 256-entry lookup
# tables (built as matplotlib's _create_lookup_table builds them, from segment data or functions) and
# its __call__ (floats scaled by N, 1.0 in the last bin, under/over to the end colors, NaN to the
# transparent "bad" color; scalars give an RGBA tuple, arrays an (..., 4) array), to_rgba for named
# and hex colors, Normalize. See matplotlib/__init__.py for what Kiln's matplotlib leaves out.
import math

_BASE = {"b": (0.0, 0.0, 1.0), "g": (0.0, 0.5, 0.0), "r": (1.0, 0.0, 0.0), "c": (0.0, 0.75, 0.75),
         "m": (0.75, 0.0, 0.75), "y": (0.75, 0.75, 0.0), "k": (0.0, 0.0, 0.0), "w": (1.0, 1.0, 1.0)}
_NAMED = {"blue": "#0000FF", "green": "#008000", "red": "#FF0000", "black": "#000000", "white": "#FFFFFF",
          "orange": "#FFA500", "purple": "#800080", "gray": "#808080", "grey": "#808080", "yellow": "#FFFF00",
          "cyan": "#00FFFF", "magenta": "#FF00FF", "pink": "#FFC0CB", "brown": "#A52A2A",
          "tab:blue": "#1f77b4", "tab:orange": "#ff7f0e", "tab:green": "#2ca02c", "tab:red": "#d62728",
          "tab:purple": "#9467bd", "tab:brown": "#8c564b", "tab:pink": "#e377c2", "tab:gray": "#7f7f7f",
          "tab:olive": "#bcbd22", "tab:cyan": "#17becf"}


def _hex(h):
    h = h.lstrip("#")
    parts = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return tuple(parts) if len(parts) == 4 else tuple(parts) + (1.0,)


def to_rgba(c, alpha=None):
    if isinstance(c, str):
        key = c.lower()
        if key in _BASE:
            rgba = _BASE[key] + (1.0,)
        elif key.startswith("#"):
            rgba = _hex(key)
        elif key in _NAMED:
            rgba = _hex(_NAMED[key])
        elif key.startswith("c") and key[1:].isdigit():
            cycle = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                     "#bcbd22", "#17becf"]
            rgba = _hex(cycle[int(key[1:]) % 10])
        else:
            try:
                g = float(key)
            except ValueError:
                raise ValueError(f"{c!r} is not a valid color value.")
            rgba = (g, g, g, 1.0)
    else:
        vals = tuple(float(v) for v in c)
        rgba = vals if len(vals) == 4 else vals + (1.0,)
    if alpha is not None:
        rgba = rgba[:3] + (float(alpha),)
    return rgba


def to_rgb(c):
    return to_rgba(c)[:3]


def to_hex(c, keep_alpha=False):
    rgba = to_rgba(c)
    vals = rgba if keep_alpha else rgba[:3]
    return "#" + "".join(f"{int(round(v * 255)):02x}" for v in vals)


def _segment_lut(n, data, gamma=1.0):
    # matplotlib.colors._create_lookup_table for (x, y0, y1) rows
    if callable(data):
        return [min(max(float(data((i / (n - 1)) ** gamma)), 0.0), 1.0) for i in range(n)]
    xs = [row[0] * (n - 1) for row in data]
    y0 = [row[1] for row in data]
    y1 = [row[2] for row in data]
    lut = [y1[0]]
    for i in range(1, n - 1):
        xi = (n - 1) * (i / (n - 1)) ** gamma
        k = 0
        while k < len(xs) and xs[k] < xi:  # np.searchsorted(x, xind), side='left'
            k += 1
        d = (xi - xs[k - 1]) / (xs[k] - xs[k - 1])
        lut.append(d * (y0[k] - y1[k - 1]) + y1[k - 1])
    lut.append(y0[-1])
    return [min(max(v, 0.0), 1.0) for v in lut]


class Colormap:
    def __init__(self, name, N=256):
        self.name = name
        self.N = int(N)
        self._lut = None

    def _init(self):
        raise NotImplementedError(f"Kiln's matplotlib does not have the colors of the colormap {self.name!r} "
                                  f"(it has rainbow, gray, binary, jet, autumn, bone, cool, copper, hot, hsv, bwr, "
                                  f"brg and seismic); it can be passed as cmap= but not called")

    def _color(self, x):
        if self._lut is None:
            self._init()
        if isinstance(x, float):
            if math.isnan(x):
                return (0.0, 0.0, 0.0, 0.0)
            x = x * self.N
            if x == self.N:
                x = self.N - 1
            i = -1 if x < 0 else int(x)
        else:
            i = int(x)
        i = min(max(i, 0), self.N - 1)
        return self._lut[i]

    def __call__(self, X, alpha=None, bytes=False):
        import numpy as np
        scalar = isinstance(X, (int, float)) or (hasattr(X, "ndim") and X.ndim == 0)
        if scalar:
            x = X.item() if hasattr(X, "item") else X
            rgba = self._color(float(x) if isinstance(x, float) else int(x))
            if alpha is not None:
                rgba = rgba[:3] + (float(alpha),)
            if bytes:
                return tuple(np.uint8(int(v * 255)) for v in rgba)
            return tuple(np.float64(v) for v in rgba)  # matplotlib: tuple() of a row of its float64 table
        arr = np.asarray(X)
        floats = arr.dtype.kind == "f"
        flat = [self._color(float(v) if floats else int(v)) for v in arr.ravel().tolist()]
        if alpha is not None:
            flat = [c[:3] + (float(alpha),) for c in flat]
        out = np.array(flat).reshape(arr.shape + (4,))
        if bytes:
            return (out * 255).astype(np.uint8)
        return out

    def reversed(self, name=None):
        r = Colormap(name or self.name + "_r", self.N)
        if self._lut is None:
            self._init()
        r._lut = list(reversed(self._lut))
        return r

    def __repr__(self):
        return f"<matplotlib.colors.{type(self).__name__} object>"


class LinearSegmentedColormap(Colormap):
    def __init__(self, name, segmentdata, N=256, gamma=1.0):
        super().__init__(name, N)
        self._segmentdata = segmentdata
        self._gamma = gamma

    def _init(self):
        d = self._segmentdata
        r = _segment_lut(self.N, d["red"], self._gamma)
        g = _segment_lut(self.N, d["green"], self._gamma)
        b = _segment_lut(self.N, d["blue"], self._gamma)
        self._lut = [(r[i], g[i], b[i], 1.0) for i in range(self.N)]

    @staticmethod
    def from_list(name, colors, N=256, gamma=1.0):
        cols = [to_rgba(c) for c in colors]
        pos = [i / (len(cols) - 1) for i in range(len(cols))]
        data = {k: [(p, c[j], c[j]) for p, c in zip(pos, cols)] for j, k in enumerate(["red", "green", "blue"])}
        return LinearSegmentedColormap(name, data, N, gamma)


class ListedColormap(Colormap):
    def __init__(self, colors, name="from_list", N=None):
        cols = [to_rgba(c) for c in colors]
        super().__init__(name, len(cols) if N is None else N)
        self._lut = [cols[i % len(cols)] for i in range(self.N)]
        self.colors = colors


class Normalize:
    def __init__(self, vmin=None, vmax=None, clip=False):
        self.vmin = vmin
        self.vmax = vmax
        self.clip = clip

    def __call__(self, value, clip=None):
        import numpy as np
        v = np.asarray(value, dtype=float)
        if self.vmin is None:
            self.vmin = float(v.min())
        if self.vmax is None:
            self.vmax = float(v.max())
        r = (v - self.vmin) / (self.vmax - self.vmin)
        if clip or (clip is None and self.clip):
            r = np.clip(r, 0, 1)
        return r if r.ndim else float(r)


class LogNorm(Normalize):
    # matplotlib.colors.LogNorm: Normalize on log10 of the values; vmin/vmax from the positive data
    # when not given (non-positive values are masked, as matplotlib's masked-invalid log)
    def __call__(self, value, clip=None):
        import numpy as np
        v = np.asarray(value, dtype=float)
        if self.vmin is None or self.vmax is None:
            pos = v[v > 0]
            if self.vmin is None:
                self.vmin = float(pos.min()) if pos.size else None
            if self.vmax is None:
                self.vmax = float(pos.max()) if pos.size else None
        vmin, vmax = float(self.vmin), float(self.vmax)
        if vmin > vmax:
            raise ValueError("vmin must be less or equal to vmax")
        if vmin <= 0:
            raise ValueError("Invalid vmin or vmax")
        with np.errstate(divide='ignore', invalid='ignore'):
            lv = np.log10(np.where(v > 0, v, np.nan))
        r = (lv - np.log10(vmin)) / (np.log10(vmax) - np.log10(vmin)) if vmax > vmin else lv * 0.0
        if clip or (clip is None and self.clip):
            r = np.clip(r, 0, 1)
        return r if r.ndim else float(r)

    def inverse(self, value):
        import numpy as np
        vmin, vmax = float(self.vmin), float(self.vmax)
        return vmin * (vmax / vmin) ** np.asarray(value, dtype=float)
