# matplotlib.pyplot for Kiln: pyplot's state machine (numbered figures, the current figure and axes)
# over headless Figure / Axes / artist objects, as matplotlib behaves on Linux without a display with
# its Agg backend: show() returns without drawing (no warning when there is no DISPLAY), pause(t)
# sleeps t seconds, ion()/ioff() switch interactive mode. Plotting calls keep what they are given and
# return matplotlib's kinds of objects (plot: a list of Line2D, hist: (counts as float64, bin edges,
# BarContainer) from np.histogram, bar: BarContainer, subplots: (Figure, Axes or a grid of Axes));
# axis limits autoscale from plotted data with matplotlib's 5% margins. Kiln draws nothing: savefig
# writes the figure's blank white canvas as a PNG of figsize * dpi pixels (other formats raise
# NotImplementedError). Properties no call here models are kept by the generic set_* / get_* of
# Artist (set_color, set_linewidth, ...).
import math
import time
import warnings

import matplotlib
from matplotlib import cm, colors
from matplotlib.colors import Normalize, to_rgba

# No __all__: as matplotlib's pyplot, `from matplotlib.pyplot import *` brings every public name
# (figure, plot, show, subplots, ...), which MATLAB-style scripts and matplotlib.pylab rely on.

rcParams = matplotlib.rcParams
get_cmap = cm.get_cmap
colormaps = cm.colormaps


def _values(v):
    # the floats of an array-like (list, ndarray, tensor), flattened; [] for what is not numeric
    try:
        import numpy as np
        a = np.asarray(v, dtype=float)
        return a.ravel().tolist()
    except Exception:
        return []


class Artist:
    def __init__(self, **kwargs):
        self._props = {}
        self.axes = None
        self.figure = None
        self.set(**kwargs)

    def set(self, **kwargs):
        self._props.update(kwargs)

    def __getattr__(self, name):
        if name.startswith("set_"):
            key = name[4:]

            def setter(value=None, *args, **kwargs):
                self._props[key] = value

            return setter
        if name.startswith("get_"):
            key = name[4:]
            return lambda *a, **k: self._props.get(key)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def remove(self):
        if self.axes is not None:
            for group in (self.axes.lines, self.axes.collections, self.axes.patches, self.axes.texts,
                          self.axes.images):
                if self in group:
                    group.remove(self)

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object>"


class Line2D(Artist):
    __module__ = "matplotlib.lines"

    def __init__(self, xdata, ydata, **kwargs):
        super().__init__(**kwargs)
        self._x = xdata
        self._y = ydata

    def set_data(self, *args):
        if len(args) == 1:
            args = args[0]
        self._x, self._y = args

    def set_xdata(self, x):
        self._x = x

    def set_ydata(self, y):
        self._y = y

    def get_xdata(self, orig=True):
        return self._x

    def get_ydata(self, orig=True):
        return self._y

    def get_data(self, orig=True):
        return self._x, self._y

    def get_label(self):
        return self._props.get("label", "_child")


class Text(Artist):
    __module__ = "matplotlib.text"

    def __init__(self, x=0, y=0, text="", **kwargs):
        super().__init__(**kwargs)
        self._x, self._y, self._text = x, y, str(text)

    def set_text(self, s):
        self._text = str(s)

    def get_text(self):
        return self._text

    def set_position(self, xy):
        self._x, self._y = xy

    def get_position(self):
        return self._x, self._y


class Rectangle(Artist):
    __module__ = "matplotlib.patches"

    def __init__(self, xy, width, height, **kwargs):
        super().__init__(**kwargs)
        self._xy, self._width, self._height = xy, width, height

    def get_height(self):
        return self._height

    def get_width(self):
        return self._width

    def get_x(self):
        return self._xy[0]

    def get_y(self):
        return self._xy[1]

    def set_height(self, h):
        self._height = h


class Circle(Artist):
    # matplotlib.patches.Circle(xy, radius=5): a patch centred on xy
    __module__ = "matplotlib.patches"

    def __init__(self, xy, radius=5, **kwargs):
        super().__init__(**kwargs)
        self.center, self.radius = xy, radius

    def get_radius(self):
        return self.radius

    def set_radius(self, radius):
        self.radius = radius

    def get_center(self):
        return self.center


class Arc(Artist):
    # matplotlib.patches.Arc(xy, width, height, *, angle=0.0, theta1=0.0, theta2=360.0): an unfilled
    # elliptical arc (the angle markers of geometry plots). The angles are keyword-only since
    # matplotlib 3.8, so helpers written earlier (Arc(origin, w, h, 0, theta1, theta2)) get its TypeError.
    __module__ = "matplotlib.patches"

    def __init__(self, xy, width, height, *, angle=0.0, theta1=0.0, theta2=360.0, **kwargs):
        if kwargs.get("fill"):
            raise ValueError("Arc objects cannot be filled")
        kwargs["fill"] = False
        super().__init__(**kwargs)
        self.center, self.width, self.height = xy, width, height
        self.angle, self.theta1, self.theta2 = angle, theta1, theta2

    def get_center(self):
        return self.center

    def get_width(self):
        return self.width

    def get_height(self):
        return self.height

    def get_angle(self):
        return self.angle


class FancyArrow(Artist):
    # ax.arrow's patch: the outline matplotlib's FancyArrow computes (tip at (x + dx, y + dy) unless
    # the head is added beyond it), whose vertices extend the data limits as add_patch does.
    __module__ = "matplotlib.patches"

    def __init__(self, x, y, dx, dy, *, width=0.001, length_includes_head=False, head_width=None,
                 head_length=None, shape="full", overhang=0, head_starts_at_zero=False, **kwargs):
        super().__init__(**kwargs)
        self._x, self._y, self._dx, self._dy = x, y, dx, dy
        self._width = width
        self._length_includes_head = length_includes_head
        self._head_width = 3 * width if head_width is None else head_width
        self._head_length = 1.5 * self._head_width if head_length is None else head_length
        self._shape = shape
        self._overhang = overhang
        self._head_starts_at_zero = head_starts_at_zero
        self._verts = self._make_verts()

    def _make_verts(self):
        distance = math.hypot(self._dx, self._dy)
        if distance == 0:
            return []
        hl, hw, w = self._head_length, self._head_width, self._width
        length = distance if self._length_includes_head else distance + hl
        left = [(0.0, 0.0), (-hl, -hw / 2), (-hl * (1 - self._overhang), -w / 2), (-length, -w / 2), (-length, 0.0)]
        if not self._length_includes_head:
            left = [(px + hl, py) for px, py in left]
        if self._head_starts_at_zero:
            left = [(px + hl / 2, py) for px, py in left]
        if self._shape == "left":
            coords = left
        else:
            right = [(px, -py) for px, py in left]
            coords = right if self._shape == "right" else left[:-1] + right[-2::-1]
        cx, sx = self._dx / distance, self._dy / distance
        return [(px * cx - py * sx + self._x + self._dx, px * sx + py * cx + self._y + self._dy) for px, py in coords]

    def get_xy(self):
        return [list(v) for v in self._verts]


class BarContainer(tuple):
    __module__ = "matplotlib.container"

    def __new__(cls, patches, **kwargs):
        return tuple.__new__(cls, patches)

    @property
    def patches(self):
        return list(self)

    def remove(self):
        for p in self:
            p.remove()


class PathCollection(Artist):
    __module__ = "matplotlib.collections"

    def __init__(self, offsets, **kwargs):
        super().__init__(**kwargs)
        self._offsets = offsets

    def set_offsets(self, offsets):
        self._offsets = offsets

    def get_offsets(self):
        return self._offsets


class LineCollection(Artist):
    # what hlines / vlines return: one segment per value, [((x0, y0), (x1, y1)), ...]
    __module__ = "matplotlib.collections"

    def __init__(self, segments, **kwargs):
        super().__init__(**kwargs)
        self._segments = segments

    def get_segments(self):
        # one (2, 2) float64 array of vertices per segment, as matplotlib's
        import numpy as np
        return [np.array(s, dtype=float) for s in self._segments]

    def set_segments(self, segments):
        self._segments = segments


class PatchCollection(Artist):
    # matplotlib.collections.PatchCollection(patches, *, match_original=False, **kwargs): patches drawn
    # as one collection with the collection's colours (or, match_original=True, each patch's own)
    __module__ = "matplotlib.collections"

    def __init__(self, patches, *, match_original=False, **kwargs):
        super().__init__(**kwargs)
        self._patches = list(patches)
        self._match_original = match_original

    def get_paths(self):
        return list(self._patches)


class AxesImage(Artist):
    __module__ = "matplotlib.image"

    def __init__(self, data, **kwargs):
        super().__init__(**kwargs)
        self._A = data

    def set_data(self, A):
        self._A = A

    def get_array(self):
        return self._A


class Legend(Artist):
    __module__ = "matplotlib.legend"


class Colorbar(Artist):
    __module__ = "matplotlib.colorbar"


class _Canvas:
    def __init__(self, figure):
        self.figure = figure

    def draw(self):
        pass

    def draw_idle(self):
        pass

    def flush_events(self):
        pass

    def get_width_height(self):
        w, h = self.figure.get_size_inches()
        return int(w * self.figure.dpi), int(h * self.figure.dpi)

    def mpl_connect(self, event, func):
        return 0


class Axes(Artist):
    __module__ = "matplotlib.axes._axes"
    name = "rectilinear"

    def __init__(self, fig, position=None, **kwargs):
        super().__init__()
        self.figure = fig
        self._position = position
        self.lines = []
        self.collections = []
        self.patches = []
        self.texts = []
        self.images = []
        self.artists = []
        self._title = ""
        self._xlabel = ""
        self._ylabel = ""
        self._xlim = None
        self._ylim = None
        self._data_x = []
        self._data_y = []
        self._legend = None
        self.spines = {k: Artist() for k in ("left", "right", "top", "bottom")}
        self.xaxis = Artist()
        self.yaxis = Artist()
        self.transAxes = None
        self.transData = None
        self.axes = self  # an Axes is its own axes (matplotlib's Artist.axes), so ax.axes.get_xaxis() works

    def get_xaxis(self):
        return self.xaxis

    def get_yaxis(self):
        return self.yaxis

    def _add(self, group, artist, xs=None, ys=None):
        artist.axes = self
        artist.figure = self.figure
        group.append(artist)
        if xs:
            self._data_x.extend(v for v in xs if not math.isnan(v))
        if ys:
            self._data_y.extend(v for v in ys if not math.isnan(v))
        return artist

    # ---- adding artists made elsewhere (matplotlib.axes._base): the artist joins the matching list;
    # lines, patches and (autolim=True) line collections widen the data limits with their vertices
    def add_collection(self, collection, autolim=True):
        xs = ys = None
        if autolim and isinstance(collection, PatchCollection):  # the corners of its rectangles
            rects = [r for r in collection._patches if isinstance(r, Rectangle)]
            xs = [float(r._xy[0]) + d for r in rects for d in (0.0, float(r._width))]
            ys = [float(r._xy[1]) + d for r in rects for d in (0.0, float(r._height))]
        elif autolim and hasattr(collection, "get_segments"):
            pts = [p for seg in collection.get_segments() for p in seg.tolist()]
            xs, ys = [float(p[0]) for p in pts], [float(p[1]) for p in pts]
        return self._add(self.collections, collection, xs, ys)

    def add_line(self, line):
        return self._add(self.lines, line, _values(line._x), _values(line._y))

    def add_patch(self, p):
        xs = ys = None
        if isinstance(p, Rectangle):
            (x, y), w, h = p._xy, p._width, p._height
            xs, ys = [float(x), float(x) + float(w)], [float(y), float(y) + float(h)]
        return self._add(self.patches, p, xs, ys)

    def add_artist(self, a):
        return self._add(self.artists, a)

    def add_image(self, image):
        return self._add(self.images, image)

    # ---- plotting ----
    def plot(self, *args, scalex=True, scaley=True, data=None, **kwargs):
        lines = []
        args = list(args)
        while args:
            if len(args) >= 2 and not isinstance(args[1], str):
                x, y = args[0], args[1]
                args = args[2:]
            else:
                y = args[0]
                x = None
                args = args[1:]
            fmt = args.pop(0) if args and isinstance(args[0], str) else None
            ys = _values(y)
            xs = _values(x) if x is not None else [float(i) for i in range(len(ys))]
            line = Line2D(x if x is not None else list(range(len(ys))), y, **kwargs)
            if fmt is not None:
                line._props["fmt"] = fmt
            lines.append(self._add(self.lines, line, xs, ys))
        return lines

    def semilogy(self, *args, **kwargs):
        return self.plot(*args, **kwargs)

    def semilogx(self, *args, **kwargs):
        return self.plot(*args, **kwargs)

    def loglog(self, *args, **kwargs):
        return self.plot(*args, **kwargs)

    def errorbar(self, x, y, yerr=None, xerr=None, fmt="", **kwargs):
        return self.plot(x, y, **kwargs)

    def step(self, x, y, *args, **kwargs):
        return self.plot(x, y, *args, **kwargs)

    def scatter(self, x, y, s=None, c=None, marker=None, cmap=None, **kwargs):
        pc = PathCollection((x, y), s=s, c=c, marker=marker, cmap=cmap, **kwargs)
        return self._add(self.collections, pc, _values(x), _values(y))

    def imshow(self, X, cmap=None, interpolation=None, **kwargs):
        im = AxesImage(X, cmap=cmap, interpolation=interpolation, **kwargs)
        return self._add(self.images, im)

    def matshow(self, A, **kwargs):
        return self.imshow(A, **kwargs)

    def pcolormesh(self, *args, **kwargs):
        return self._add(self.collections, PathCollection(args, **kwargs))

    def contour(self, *args, **kwargs):
        return self._add(self.collections, PathCollection(args, **kwargs))

    def contourf(self, *args, **kwargs):
        return self._add(self.collections, PathCollection(args, **kwargs))

    def hist(self, x, bins=10, range=None, density=False, weights=None, rwidth=None, **kwargs):
        # matplotlib's Axes.hist (histtype 'bar', not stacked): x is one dataset or several (a list whose
        # items are sequences, or the columns of a 2-D array, as cbook._reshape_2D reads it); several share
        # the bin edges of np.histogram_bin_edges over all their values and are drawn side by side, each in
        # 0.8 / n of a bin. One dataset returns (counts, edges, BarContainer); several return (a 2-D array
        # of counts, edges, a list of BarContainers), as matplotlib does.
        import numpy as np
        datasets = _hist_datasets(np, x)
        wsets = [None] * len(datasets) if weights is None else _hist_datasets(np, weights)
        nx = len(datasets)
        if nx > 1:
            allw = None if weights is None else np.concatenate(wsets)
            edges = np.histogram_bin_edges(np.concatenate(datasets), bins, range, allw)
            tops = [np.histogram(d, edges, weights=w, density=density)[0] for d, w in zip(datasets, wsets)]
        else:
            c, edges = np.histogram(datasets[0], bins=bins, range=range, density=density, weights=wsets[0])
            tops = [c]
        tops = [t.astype(np.float64) for t in tops]
        edges = np.asarray(edges, dtype=np.float64)
        totwidth = np.diff(edges)
        dr = float(np.clip(rwidth, 0, 1)) if rwidth is not None else (0.8 if nx > 1 else 1.0)
        width = dr * totwidth / nx
        boffset = -0.5 * dr * totwidth * (1 - 1 / nx) + 0.5 * totwidth
        containers = []
        for counts in tops:
            left = edges[:-1] + boffset - width / 2
            patches = [self._add(self.patches, Rectangle((float(left[i]), 0.0), float(width[i]), float(counts[i])))
                       for i in builtins_range(len(counts))]
            containers.append(BarContainer(patches))
            boffset = boffset + width
        self._data_x.extend([float(edges[0]), float(edges[-1])])
        self._data_y.extend([0.0, max((float(t.max()) for t in tops if len(t)), default=0.0)])
        if nx == 1:
            return tops[0], edges, containers[0]
        return np.array(tops, dtype=np.float64), edges, containers

    def hist2d(self, x, y, bins=10, range=None, density=False, weights=None, cmin=None, cmax=None, **kwargs):
        # matplotlib's Axes.hist2d: np.histogram2d's counts, with counts below cmin / above cmax set to
        # NaN, drawn as a QuadMesh (here a PathCollection); returns (h, xedges, yedges, image)
        import numpy as np
        h, xedges, yedges = np.histogram2d(np.asarray(x, dtype=float).ravel(), np.asarray(y, dtype=float).ravel(),
                                           bins=bins, range=range, density=density, weights=weights)
        if cmin is not None:
            h[h < cmin] = np.nan
        if cmax is not None:
            h[h > cmax] = np.nan
        pc = self._add(self.collections, PathCollection((xedges, yedges, h.T), **kwargs),
                       [float(xedges[0]), float(xedges[-1])], [float(yedges[0]), float(yedges[-1])])
        return h, xedges, yedges, pc

    def bar(self, x, height, width=0.8, bottom=None, **kwargs):
        xs = _values(x) if not isinstance(x, (list, tuple)) or not x or not isinstance(x[0], str) \
            else [float(i) for i in builtins_range(len(x))]
        hs = _values(height)
        if len(hs) == 1 and len(xs) > 1:
            hs = hs * len(xs)
        patches = [self._add(self.patches, Rectangle((xi - width / 2, 0.0), width, hi, **kwargs), [xi - width / 2,
                                                                                                  xi + width / 2],
                             [0.0, hi]) for xi, hi in zip(xs, hs)]
        return BarContainer(patches)

    def arrow(self, x, y, dx, dy, **kwargs):
        a = FancyArrow(x, y, dx, dy, **kwargs)
        return self._add(self.patches, a, [v[0] for v in a._verts], [v[1] for v in a._verts])

    def barh(self, y, width, height=0.8, **kwargs):
        return self.bar(y, width, height, **kwargs)

    def pie(self, x, labels=None, **kwargs):
        return [self._add(self.patches, Rectangle((0, 0), 1, v)) for v in _values(x)], []

    def fill_between(self, x, y1, y2=0, **kwargs):
        return self._add(self.collections, PathCollection((x, y1, y2), **kwargs), _values(x), _values(y1))

    def axhline(self, y=0, xmin=0, xmax=1, **kwargs):
        return self._add(self.lines, Line2D([xmin, xmax], [y, y], **kwargs))

    def axvline(self, x=0, ymin=0, ymax=1, **kwargs):
        return self._add(self.lines, Line2D([x, x], [ymin, ymax], **kwargs))

    def axvspan(self, xmin, xmax, ymin=0, ymax=1, **kwargs):
        # matplotlib 3.9+: a Rectangle spanning the axes' height (ymin/ymax in axes coordinates);
        # only its x extent enters the data limits
        return self._add(self.patches, Rectangle((xmin, ymin), xmax - xmin, ymax - ymin, **kwargs), [xmin, xmax])

    def axhspan(self, ymin, ymax, xmin=0, xmax=1, **kwargs):
        return self._add(self.patches, Rectangle((xmin, ymin), xmax - xmin, ymax - ymin, **kwargs), None, [ymin, ymax])

    def _rules(self, at, lo, hi, horizontal, kwargs):
        # hlines / vlines: a segment per value, lo / hi scalars or one per value (matplotlib broadcasts)
        ats = _values(at)
        los, his = _values(lo), _values(hi)
        los = los * len(ats) if len(los) == 1 else los
        his = his * len(ats) if len(his) == 1 else his
        segs = [((a, b), (a, c)) if not horizontal else ((b, a), (c, a)) for a, b, c in zip(ats, los, his)]
        spans = los + his
        xs, ys = (spans, ats) if horizontal else (ats, spans)
        return self._add(self.collections, LineCollection(segs, **kwargs), xs, ys)

    def hlines(self, y, xmin, xmax, colors=None, linestyles="solid", label="", **kwargs):
        return self._rules(y, xmin, xmax, True, dict(kwargs, colors=colors, linestyles=linestyles, label=label))

    def vlines(self, x, ymin, ymax, colors=None, linestyles="solid", label="", **kwargs):
        return self._rules(x, ymin, ymax, False, dict(kwargs, colors=colors, linestyles=linestyles, label=label))

    def text(self, x, y, s, **kwargs):
        return self._add(self.texts, Text(x, y, s, **kwargs))

    def annotate(self, text, xy, xytext=None, **kwargs):
        return self._add(self.texts, Text(xy[0], xy[1], text, **kwargs))

    def quiver(self, *args, **kwargs):
        return self._add(self.collections, PathCollection(args, **kwargs))

    # ---- decoration ----
    def set_title(self, label, *args, **kwargs):
        self._title = str(label)
        return Text(0.5, 1.0, label)

    def get_lines(self):
        # the Line2D artists on the axes (plot, add_line), in the order they were added
        return list(self.lines)

    def get_title(self, loc="center"):
        return self._title

    def set_xlabel(self, label, *args, **kwargs):
        self._xlabel = str(label)
        return Text(0.5, 0.0, label)

    def get_xlabel(self):
        return self._xlabel

    def set_ylabel(self, label, *args, **kwargs):
        self._ylabel = str(label)
        return Text(0.0, 0.5, label)

    def get_ylabel(self):
        return self._ylabel

    def _auto(self, data):
        if not data:
            return (0.0, 1.0)
        lo, hi = min(data), max(data)
        if lo == hi:
            return (lo - 0.055 * abs(lo), hi + 0.055 * abs(hi)) if lo else (-0.055, 0.055)
        m = (hi - lo) * 0.05
        return (lo - m, hi + m)

    def _limits(self, current, data, left, right):
        if right is None and isinstance(left, (tuple, list)):
            left, right = left
        lo, hi = current if current is not None else self._auto(data)
        return (lo if left is None else left, hi if right is None else right)

    def set_xlim(self, left=None, right=None, **kwargs):
        self._xlim = self._limits(self._xlim, self._data_x, left, right)
        return self._xlim

    def set_ylim(self, bottom=None, top=None, **kwargs):
        self._ylim = self._limits(self._ylim, self._data_y, bottom, top)
        return self._ylim

    def get_xlim(self):
        # matplotlib reads the view interval back from a float64 Bbox
        import numpy as np
        return tuple(np.float64(v) for v in (self._xlim if self._xlim is not None else self._auto(self._data_x)))

    def get_ylim(self):
        import numpy as np
        return tuple(np.float64(v) for v in (self._ylim if self._ylim is not None else self._auto(self._data_y)))

    def legend(self, *args, **kwargs):
        self._legend = Legend(**kwargs)
        return self._legend

    def get_legend(self):
        return self._legend

    def grid(self, visible=None, which="major", axis="both", **kwargs):
        pass

    def axis(self, arg=None, **kwargs):
        if isinstance(arg, (list, tuple)) and len(arg) == 4:
            self.set_xlim(arg[0], arg[1])
            self.set_ylim(arg[2], arg[3])
        xl, yl = self.get_xlim(), self.get_ylim()
        return (xl[0], xl[1], yl[0], yl[1])

    def set_xticks(self, ticks, labels=None, **kwargs):
        return []

    def set_yticks(self, ticks, labels=None, **kwargs):
        return []

    def set_xticklabels(self, labels, **kwargs):
        return []

    def set_yticklabels(self, labels, **kwargs):
        return []

    def tick_params(self, *args, **kwargs):
        pass

    def label_outer(self, remove_inner_ticks=False):
        # hides the tick labels of inner subplots in a grid; Kiln keeps no tick labels, so none change
        pass

    def set_aspect(self, aspect, adjustable=None, anchor=None, share=False):
        # matplotlib's signature: 'auto', 'equal' or a number, then adjustable 'box' / 'datalim'
        if not (aspect in ('auto', 'equal') or isinstance(aspect, (int, float))):
            try:
                aspect = float(aspect)
            except (TypeError, ValueError):
                raise ValueError("aspect must be finite and positive ") from None
        if adjustable is not None and adjustable not in ('box', 'datalim'):
            raise ValueError("%r is not a valid value for adjustable. Supported values are 'box', 'datalim'"
                             % (adjustable,))
        # get_aspect() gives 1.0 for 'equal', a float for a number, 'auto' as given
        self._aspect = 1.0 if aspect == 'equal' else aspect if aspect == 'auto' else float(aspect)

    def get_aspect(self):
        return getattr(self, '_aspect', 'auto')

    def invert_yaxis(self):
        pass

    def invert_xaxis(self):
        pass

    def set_axis_off(self):
        pass

    def set_axis_on(self):
        pass

    def margins(self, *args, **kwargs):
        pass

    def relim(self):
        pass

    def autoscale_view(self, *args, **kwargs):
        pass

    def autoscale(self, *args, **kwargs):
        pass

    def cla(self):
        Axes.__init__(self, self.figure, self._position)

    def clear(self):
        self.cla()

    def twinx(self):
        return self.figure.add_axes(self._position)

    def twiny(self):
        return self.figure.add_axes(self._position)

    def get_figure(self):
        return self.figure


# matplotlib.axes.Subplot, an alias of Axes since matplotlib 3.7 (pyplot re-exports it):
# `ax = plt.Subplot(fig, gs[i]); fig.add_subplot(ax)`
Subplot = Axes


class Axes3D(Axes):
    __module__ = "mpl_toolkits.mplot3d.axes3d"
    name = "3d"

    def __init__(self, fig=None, *args, **kwargs):
        super().__init__(fig)
        self._zlabel = ""

    def plot_surface(self, X, Y, Z, **kwargs):
        return self._add(self.collections, PathCollection((X, Y, Z), **kwargs))

    def plot_wireframe(self, X, Y, Z, **kwargs):
        return self._add(self.collections, PathCollection((X, Y, Z), **kwargs))

    def scatter(self, xs, ys, zs=0, *args, **kwargs):
        return self._add(self.collections, PathCollection((xs, ys, zs), **kwargs), _values(xs), _values(ys))

    def scatter3D(self, xs, ys, zs=0, *args, **kwargs):
        return self.scatter(xs, ys, zs, *args, **kwargs)

    def plot3D(self, xs, ys, *args, **kwargs):
        return self.plot(xs, ys, **kwargs)

    def text(self, x, y, z, s, zdir=None, **kwargs):
        return self._add(self.texts, Text(x, y, s, **kwargs))

    def text3D(self, x, y, z, s, zdir=None, **kwargs):
        return self.text(x, y, z, s, zdir, **kwargs)

    def set_zlabel(self, label, *args, **kwargs):
        self._zlabel = str(label)

    def get_zlabel(self):
        return self._zlabel

    def set_zlim(self, *args, **kwargs):
        pass

    def view_init(self, elev=None, azim=None, roll=None, **kwargs):
        pass


builtins_range = range

def _hist_datasets(np, x):
    # cbook._reshape_2D: a 2-D array is one dataset per column; a list (or tuple) whose items are all
    # sequences is one dataset per item; anything else is one dataset
    if isinstance(x, np.ndarray) or hasattr(x, "numpy"):
        a = np.asarray(x, dtype=float)
        if a.ndim == 2:
            return [a[:, j] for j in builtins_range(a.shape[1])]
        return [a.ravel()]
    if isinstance(x, (list, tuple)) and len(x) and all(hasattr(v, "__len__") and not isinstance(v, str) for v in x):
        return [np.asarray(v, dtype=float).ravel() for v in x]
    return [np.asarray(x, dtype=float).ravel()]



def _grid_position(fig, args):
    # subplot(gs[i]) / add_subplot(gs[0, :]): a gridspec cell is its own key (one Axes per cell)
    if len(args) == 1 and hasattr(args[0], "get_gridspec"):
        return args[0]
    if len(args) == 1 and isinstance(args[0], int):
        n = args[0]
        return (n // 100, (n // 10) % 10, n % 10)
    if len(args) == 3:
        return tuple(args)
    return (1, 1, 1)


class Figure(Artist):
    __module__ = "matplotlib.figure"

    def __init__(self, figsize=None, dpi=None, **kwargs):
        super().__init__(**kwargs)
        self._size = tuple(figsize) if figsize is not None else tuple(rcParams["figure.figsize"])
        self.dpi = float(dpi) if dpi is not None else float(rcParams["figure.dpi"])
        self.axes = []
        self._subplots = {}
        self.canvas = _Canvas(self)
        self.number = None
        self._suptitle = None
        self.texts = []

    def add_subplot(self, *args, projection=None, **kwargs):
        # fig.add_subplot(ax) adds an Axes made as `plt.Subplot(fig, gs[i])` (matplotlib's
        # Figure.add_subplot takes an Axes whose figure is this one)
        if len(args) == 1 and isinstance(args[0], Axes):
            ax = args[0]
            if ax.figure is not self:
                raise ValueError("The Axes must have been created in the present figure")
            if ax not in self.axes:
                self.axes.append(ax)
            return ax
        pos = _grid_position(self, args)
        if pos in self._subplots and projection is None:
            return self._subplots[pos]
        ax = Axes3D(self) if projection == "3d" else Axes(self, pos)
        ax._position = pos
        self._subplots[pos] = ax
        self.axes.append(ax)
        return ax

    def add_axes(self, rect=None, projection=None, **kwargs):
        ax = Axes3D(self) if projection == "3d" else Axes(self, rect)
        self.axes.append(ax)
        return ax

    def subplots(self, nrows=1, ncols=1, sharex=False, sharey=False, squeeze=True, subplot_kw=None, **kwargs):
        kw = subplot_kw or {}
        grid = [[self.add_subplot(nrows, ncols, r * ncols + c + 1, **kw) for c in builtins_range(ncols)]
                for r in builtins_range(nrows)]
        if squeeze and nrows == 1 and ncols == 1:
            return grid[0][0]
        # matplotlib's axes array: a NumPy object array (np.atleast_2d, .flat, axs[:, 0] as NumPy's),
        # squeezed to 1-d for a single row or column
        import numpy as np
        axs = np.empty((nrows, ncols), dtype=object)
        for r in builtins_range(nrows):
            for c in builtins_range(ncols):
                axs[r, c] = grid[r][c]
        return axs.ravel() if squeeze and (nrows == 1 or ncols == 1) else axs

    def gca(self):
        if not self.axes:
            return self.add_subplot(1, 1, 1)
        return self.axes[-1]

    def sca(self, ax):
        if ax in self.axes:
            self.axes.remove(ax)
        self.axes.append(ax)

    def suptitle(self, t, *, x=0.5, y=0.98, **kwargs):
        # matplotlib's Figure.suptitle: x and y (figure coordinates) default to 0.5 and 0.98 and may be
        # given, as fig.suptitle(title, y=1.05) moves the title above the subplots
        self._suptitle = Text(x, y, t, **kwargs)
        return self._suptitle

    def text(self, x, y, s, **kwargs):
        t = Text(x, y, s, **kwargs)
        self.texts.append(t)
        return t

    def colorbar(self, mappable=None, ax=None, **kwargs):
        return Colorbar(**kwargs)

    def tight_layout(self, *args, **kwargs):
        pass

    def subplots_adjust(self, *args, **kwargs):
        pass

    def get_size_inches(self):
        import numpy as np
        return np.array(self._size, dtype=float)

    def set_size_inches(self, w, h=None, forward=True):
        self._size = tuple(w) if h is None else (w, h)

    def get_dpi(self):
        return self.dpi

    def clf(self, keep_observers=False):
        self.axes = []
        self._subplots = {}

    def clear(self, keep_observers=False):
        self.clf()

    def show(self, warn=True):
        pass

    def savefig(self, fname, *, dpi=None, format=None, **kwargs):
        # Kiln computes what a plot holds (data, limits, colours) but renders nothing: writing a
        # blank image would pass for a plot, so nothing is written and the program is told once.
        name = fname if isinstance(fname, str) else getattr(fname, "name", repr(fname))
        global _savefig_warned
        if not _savefig_warned:
            _savefig_warned = True
            warnings.warn(f"savefig({name!r}): Kiln's matplotlib records plots but does not render them, so no "
                          "file was written (run the program with CPython and matplotlib for the picture)",
                          UserWarning, stacklevel=2)


# ---- pyplot's state ----

_figures = {}
_current = [None]


def figure(num=None, figsize=None, dpi=None, facecolor=None, edgecolor=None, frameon=True, clear=False, **kwargs):
    if isinstance(num, Figure):
        _current[0] = num
        return num
    if num is not None and num in _figures:
        fig = _figures[num]
        if clear:
            fig.clf()
        _current[0] = fig
        return fig
    if num is None:
        num = max([k for k in _figures if isinstance(k, int)], default=0) + 1
    fig = Figure(figsize=figsize, dpi=dpi, **kwargs)
    fig.number = num
    _figures[num] = fig
    _current[0] = fig
    return fig


def gcf():
    if _current[0] is None:
        return figure()
    return _current[0]


def gca(**kwargs):
    return gcf().gca()


def sca(ax):
    ax.figure.sca(ax)
    _current[0] = ax.figure


def subplot(*args, projection=None, **kwargs):
    if not args:
        args = (1, 1, 1)
    fig = gcf()
    ax = fig.add_subplot(*args, projection=projection, **kwargs)
    fig.sca(ax)
    return ax


def subplots(nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True, subplot_kw=None, gridspec_kw=None,
             figsize=None, dpi=None, **kwargs):
    fig = figure(figsize=figsize, dpi=dpi, **kwargs)
    return fig, fig.subplots(nrows, ncols, sharex=sharex, sharey=sharey, squeeze=squeeze, subplot_kw=subplot_kw)


def axes(arg=None, projection=None, **kwargs):
    return gcf().add_axes(arg, projection=projection, **kwargs)


def close(fig=None):
    if fig is None:
        if _current[0] is not None:
            close(_current[0])
        return
    if fig == "all":
        _figures.clear()
        _current[0] = None
        return
    target = fig if isinstance(fig, Figure) else _figures.get(fig)
    for k in [k for k, v in _figures.items() if v is target]:
        del _figures[k]
    if _current[0] is target:
        _current[0] = _figures[list(_figures)[-1]] if _figures else None


def get_fignums():
    return sorted(k for k in _figures if isinstance(k, int))


def fignum_exists(num):
    return num in _figures


_savefig_warned = False


def show(*args, **kwargs):
    pass  # a headless Agg backend on Linux without DISPLAY shows nothing and says nothing


def pause(interval):
    time.sleep(interval)


def draw():
    pass


def ion():
    matplotlib.interactive(True)


def ioff():
    matplotlib.interactive(False)


def isinteractive():
    return matplotlib.is_interactive()


def switch_backend(newbackend):
    # pyplot.switch_backend: selects the backend; open figures stay open between non-interactive
    # backends (matplotlib 3.10 keeps them from agg to agg or pdf). Scripts call plt.switch_backend('agg')
    # at import to plot on a server; Kiln draws with none of them.
    matplotlib.use(newbackend)


def get_backend():
    return matplotlib.get_backend()


def savefig(*args, **kwargs):
    return gcf().savefig(*args, **kwargs)


def clf():
    gcf().clf()


def cla():
    gca().cla()


def tight_layout(*args, **kwargs):
    gcf().tight_layout(*args, **kwargs)


def subplots_adjust(*args, **kwargs):
    pass


def suptitle(t, **kwargs):
    return gcf().suptitle(t, **kwargs)


def colorbar(mappable=None, cax=None, ax=None, **kwargs):
    return gcf().colorbar(mappable, ax=ax, **kwargs)


def xlim(*args, **kwargs):
    ax = gca()
    if not args and not kwargs:
        return ax.get_xlim()
    return ax.set_xlim(*args, **kwargs)


def ylim(*args, **kwargs):
    ax = gca()
    if not args and not kwargs:
        return ax.get_ylim()
    return ax.set_ylim(*args, **kwargs)


def xticks(ticks=None, labels=None, **kwargs):
    return [], []


def yticks(ticks=None, labels=None, **kwargs):
    return [], []


def xscale(value, **kwargs):
    # pyplot.xscale / yscale: the current axes' set_xscale / set_yscale ('linear', 'log', ...)
    return gca().set_xscale(value, **kwargs)


def yscale(value, **kwargs):
    return gca().set_yscale(value, **kwargs)


def rc(group, **kwargs):
    matplotlib.rc(group, **kwargs)


def sci(im):
    # the current colorable artist of its axes (what pyplot's imshow/scatter/... wrappers call)
    im.axes._current_image = im


def gci():
    # Figure._gci: the current axes' current image, else the nearest earlier axes' one, else None.
    # Only pyplot's wrappers (plt.imshow, plt.scatter, ...) and sci() make an artist current, not the
    # Axes methods (ax.imshow), as in matplotlib.
    fig = gcf()
    axes = ([fig.axes[-1]] if fig.axes else []) + list(reversed(fig.axes))
    for ax in axes:
        im = getattr(ax, "_current_image", None)
        if im is not None:
            return im
    return None


def set_cmap(cmap):
    # pyplot.set_cmap: the default colormap (rcParams['image.cmap']) becomes cmap, and the current
    # image, if any, takes it; an unknown name is get_cmap's ValueError
    cmap = get_cmap(cmap)
    rc("image", cmap=cmap.name)
    im = gci()
    if im is not None:
        im.set_cmap(cmap)


def rcdefaults():
    matplotlib.rcdefaults()


def imread(fname, format=None):
    from matplotlib import image
    return image.imread(fname, format)


def title(label, *args, **kwargs):
    return gca().set_title(label, *args, **kwargs)


def xlabel(label, *args, **kwargs):
    return gca().set_xlabel(label, *args, **kwargs)


def ylabel(label, *args, **kwargs):
    return gca().set_ylabel(label, *args, **kwargs)


_SETS_CURRENT_IMAGE = ("imshow", "matshow", "scatter", "pcolormesh", "contour", "contourf")


def _on_axes(name):
    def call(*args, **kwargs):
        r = getattr(gca(), name)(*args, **kwargs)
        if name in _SETS_CURRENT_IMAGE and r is not None:
            sci(r)
        return r

    call.__name__ = name
    return call


for _name in ["plot", "scatter", "imshow", "matshow", "hist", "hist2d", "bar", "barh", "pie", "fill_between", "axhline",
              "axvline", "axvspan", "axhspan", "hlines", "vlines", "arrow", "text", "annotate", "legend", "grid", "axis", "semilogy", "semilogx", "loglog", "errorbar",
              "step", "contour", "contourf", "pcolormesh", "quiver", "tick_params", "margins", "autoscale"]:
    globals()[_name] = _on_axes(_name)


class _Style:
    available = ["default", "classic", "ggplot", "seaborn-v0_8", "fivethirtyeight", "bmh", "dark_background",
                 "grayscale"]

    def use(self, style):
        pass

    def context(self, style, after_reset=False):
        import contextlib
        return contextlib.nullcontext()


style = _Style()
