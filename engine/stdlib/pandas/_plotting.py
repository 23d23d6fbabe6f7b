# pandas plotting for Kiln: Series.plot / DataFrame.plot (the PlotAccessor: plot(kind=...) and
# plot.line/bar/barh/hist/box/area/pie/scatter) and Series.hist / DataFrame.hist, drawn through Kiln's
# matplotlib (which records plots without rendering them), following pandas 3.0's matplotlib backend
# where a program can observe it: the Axes (or an array of Axes for subplots / DataFrame.hist) is
# returned; Series.plot and Series.hist draw on the current axes when a figure exists, DataFrame.plot
# opens a new figure; `x=` becomes the index (and the x label) and `y=` selects columns, labelled by
# their names; only numeric columns are drawn ("no numeric data to plot" otherwise); line plots use the
# index as x values, bar plots positions 0..n-1 with the index as tick labels and a width of 0.5;
# legends for DataFrames (legend=True), not for Series; title/xlabel/ylabel/xlim/ylim/grid/figsize
# are applied; scatter and hexbin need x and y. kde/density need scipy.stats, which Kiln does not
# provide. DataFrame.hist lays out one subplot per numeric column on pandas' grid (1x1, 1x2, 2x2, then
# k x k or k x (k-1)), titled with the column names, hiding the unused ones.
import math

import numpy as np

_SERIES_ARGS = ("kind", "ax", "figsize", "use_index", "title", "grid", "legend", "style", "logx", "logy",
                "loglog", "xticks", "yticks", "xlim", "ylim", "rot", "fontsize", "colormap", "table", "yerr",
                "xerr", "label", "secondary_y")
_FRAME_ARGS = ("x", "y", "kind", "ax", "subplots", "sharex", "sharey", "layout", "figsize", "use_index",
               "title", "grid", "legend", "style", "logx", "logy", "loglog", "xticks", "yticks", "xlim",
               "ylim", "rot", "fontsize", "colormap", "table", "yerr", "xerr", "secondary_y", "sort_columns")
_KINDS = ("line", "bar", "barh", "kde", "density", "area", "hist", "box", "pie", "scatter", "hexbin")


def _plt():
    import matplotlib.pyplot as plt
    return plt


def _is_numeric(series):
    dt = str(series.dtype)
    return dt.startswith(("int", "uint", "float")) or dt == "bool"


def _label_of(name):
    return "" if name is None else str(name)


def _new_or_current_axes(reuse, figsize=None):
    plt = _plt()
    if reuse and plt.get_fignums():
        return plt.gca()
    fig = plt.figure(figsize=figsize)
    return fig.add_subplot(111)


def _finish(ax, opts, labels, show_legend):
    if opts.get("title") is not None:
        ax.set_title(opts["title"])
    if opts.get("xlabel") is not None:
        ax.set_xlabel(opts["xlabel"])
    if opts.get("ylabel") is not None:
        ax.set_ylabel(opts["ylabel"])
    if opts.get("xlim") is not None:
        ax.set_xlim(opts["xlim"])
    if opts.get("ylim") is not None:
        ax.set_ylim(opts["ylim"])
    if opts.get("grid"):
        ax.grid(True)
    if show_legend and labels:
        ax.legend(labels=labels)


def _draw(ax, kind, columns, index, opts):
    # columns: list of (label, values as float64 ndarray); index: list of x labels
    xs = np.arange(len(index), dtype=np.float64)
    style = {k: opts[k] for k in ("color", "alpha", "linestyle", "linewidth", "marker") if k in opts}
    if kind in ("line", "area"):
        numeric_index = all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
                            for v in index)
        xv = np.asarray(index, dtype=np.float64) if numeric_index and opts.get("use_index", True) else xs
        for label, vals in columns:
            ax.plot(xv, vals, label=label, **style)
            if kind == "area":
                ax.fill_between(xv, vals, 0)
    elif kind in ("bar", "barh"):
        width = float(opts.get("width", 0.5))
        n = len(columns)
        for k, (label, vals) in enumerate(columns):
            offset = (k - (n - 1) / 2.0) * width / n if n > 1 else 0.0
            if kind == "bar":
                ax.bar(xs + offset, vals, width / n if n > 1 else width, label=label, **style)
            else:
                ax.barh(xs + offset, vals, width / n if n > 1 else width, label=label, **style)
        if kind == "bar":
            ax.set_xticks(xs, [str(v) for v in index])
        else:
            ax.set_yticks(xs, [str(v) for v in index])
    elif kind == "hist":
        bins = opts.get("bins", 10)
        for label, vals in columns:
            ax.hist(vals[~np.isnan(vals)], bins=bins, label=label, **style)
    elif kind == "box":
        ax.boxplot([vals[~np.isnan(vals)] for _, vals in columns]) if hasattr(ax, "boxplot") else None
    elif kind == "pie":
        label, vals = columns[0]
        ax.pie(vals, labels=[str(v) for v in index])
    elif kind in ("kde", "density"):
        from scipy.stats import gaussian_kde  # noqa: F401  (pandas needs SciPy here)


class PlotAccessor:
    def __init__(self, data):
        self._parent = data

    def __call__(self, *args, **kwargs):
        from pandas._core import DataFrame, Series
        data = self._parent
        names = _FRAME_ARGS if isinstance(data, DataFrame) else _SERIES_ARGS
        if len(args) > len(names):
            raise TypeError(f"Called plot with {len(args)} positional arguments, but only {len(names)} are accepted")
        for name, value in zip(names, args):
            if name in kwargs:
                raise TypeError(f"plot() got multiple values for argument '{name}'")
            kwargs[name] = value
        kind = kwargs.pop("kind", "line")
        if kind not in _KINDS:
            raise ValueError(f"{kind} is not a valid plot kind Valid plot kinds: {_KINDS}")
        ax = kwargs.pop("ax", None)
        x = kwargs.pop("x", None)
        y = kwargs.pop("y", None)
        subplots = kwargs.pop("subplots", False)
        figsize = kwargs.pop("figsize", None)
        reuse = isinstance(data, Series)
        if isinstance(data, Series):
            legend = kwargs.pop("legend", False)
            columns = [(data.name, data)]
            index = list(data.index)
            xlabel_default = data.index.name
        else:
            legend = kwargs.pop("legend", True)
            if kind in ("scatter", "hexbin"):
                if x is None or y is None:
                    raise ValueError(f"{kind} requires an x and y column")
                ax = ax if ax is not None else _new_or_current_axes(False, figsize)
                xv = np.asarray(data[x].to_numpy(), dtype=np.float64)
                yv = np.asarray(data[y].to_numpy(), dtype=np.float64)
                if kind == "scatter":
                    ax.scatter(xv, yv, s=kwargs.get("s"), c=kwargs.get("c"))
                else:
                    ax.hexbin(xv, yv) if hasattr(ax, "hexbin") else ax.scatter(xv, yv)
                ax.set_xlabel(kwargs.get("xlabel", _label_of(x)))
                ax.set_ylabel(kwargs.get("ylabel", _label_of(y)))
                _finish(ax, {k: v for k, v in kwargs.items() if k not in ("xlabel", "ylabel")}, [], False)
                return ax
            frame = data
            if x is not None:
                if isinstance(x, int) and x not in list(frame.columns):
                    x = list(frame.columns)[x]
                frame = frame.set_index(x)
            if y is not None:
                if isinstance(y, (list, tuple)):
                    cols = [list(frame.columns)[c] if isinstance(c, int) and c not in list(frame.columns) else c
                            for c in y]
                    columns = [(c, frame[c]) for c in cols]
                else:
                    if isinstance(y, int) and y not in list(frame.columns):
                        y = list(frame.columns)[y]
                    label = kwargs.pop("label", None)
                    columns = [(label if label is not None else y, frame[y])]
            else:
                columns = [(c, frame[c]) for c in frame.columns if c != x]
            index = list(frame.index)
            xlabel_default = frame.index.name
        if kind in ("line", "bar", "barh", "area", "hist", "box", "kde", "density"):
            columns = [(label, s) for label, s in columns if _is_numeric(s)]
            if not columns:
                raise TypeError("no numeric data to plot")
        cols = [(_label_of(label), np.asarray(s.to_numpy(), dtype=np.float64)) for label, s in columns]
        if subplots:
            plt = _plt()
            fig, axes = plt.subplots(len(cols), 1, figsize=figsize, squeeze=False)
            axes = axes.ravel()
            for a, col in zip(axes, cols):
                _draw(a, kind, [col], index, kwargs)
                if kind not in ("hist", "box", "pie") and xlabel_default is not None:
                    a.set_xlabel(_label_of(xlabel_default))
                _finish(a, kwargs, [col[0]], legend)
            return axes
        if ax is None:
            ax = _new_or_current_axes(reuse, figsize)
        _draw(ax, kind, cols, index, kwargs)
        if kind in ("line", "area", "bar") and xlabel_default is not None and "xlabel" not in kwargs:
            ax.set_xlabel(_label_of(xlabel_default))
        _finish(ax, kwargs, [c[0] for c in cols], legend)
        return ax

    def _kind(kind):
        def method(self, x=None, y=None, **kwargs):
            from pandas._core import DataFrame
            if isinstance(self._parent, DataFrame):
                if x is not None:
                    kwargs["x"] = x
                if y is not None:
                    kwargs["y"] = y
            elif x is not None:
                raise TypeError(f"{kind}() takes no positional arguments for a Series")
            return self(kind=kind, **kwargs)
        method.__name__ = kind
        return method

    line = _kind("line")
    bar = _kind("bar")
    barh = _kind("barh")
    box = _kind("box")
    kde = _kind("kde")
    density = _kind("density")
    area = _kind("area")
    pie = _kind("pie")
    scatter = _kind("scatter")
    hexbin = _kind("hexbin")

    def hist(self, by=None, bins=10, **kwargs):
        return self(kind="hist", bins=bins, **kwargs)

    del _kind


def _get_layout(nplots):
    layouts = {1: (1, 1), 2: (1, 2), 3: (2, 2), 4: (2, 2)}
    if nplots in layouts:
        return layouts[nplots]
    k = 1
    while k ** 2 < nplots:
        k += 1
    return (k, k - 1) if (k - 1) * k >= nplots else (k, k)


def hist_series(self, by=None, ax=None, grid=True, xlabelsize=None, xrot=None, ylabelsize=None, yrot=None,
                figsize=None, bins=10, legend=False, **kwds):
    plt = _plt()
    if ax is None:
        fig = kwds.pop("figure", plt.gcf() if plt.get_fignums() else plt.figure(figsize=figsize))
        ax = fig.gca()
    values = np.asarray(self.dropna().to_numpy(), dtype=np.float64)
    if legend:
        kwds["label"] = self.name
    ax.hist(values, bins=bins, **kwds)
    if legend:
        ax.legend()
    ax.grid(grid)
    return ax


def hist_frame(self, column=None, by=None, grid=True, xlabelsize=None, xrot=None, ylabelsize=None, yrot=None,
               ax=None, sharex=False, sharey=False, figsize=None, layout=None, bins=10, legend=False, **kwds):
    data = self
    if column is not None:
        if not isinstance(column, (list, tuple)):
            column = [column]
        data = data[list(column)]
    cols = [c for c in data.columns if _is_numeric(data[c])]
    if not cols:
        raise ValueError("hist method requires numerical or datetime columns, nothing to plot.")
    naxes = len(cols)
    nrows, ncols = layout if layout is not None else _get_layout(naxes)
    plt = _plt()
    fig, axes = plt.subplots(nrows, ncols, figsize=figsize, squeeze=False)
    flat = axes.ravel()
    for i, col in enumerate(cols):
        a = flat[i]
        if legend:
            kwds["label"] = col
        a.hist(np.asarray(data[col].dropna().to_numpy(), dtype=np.float64), bins=bins, **kwds)
        a.set_title(_label_of(col))
        a.grid(grid)
        if legend:
            a.legend()
    for a in flat[naxes:]:
        a.set_visible(False)
    return axes
