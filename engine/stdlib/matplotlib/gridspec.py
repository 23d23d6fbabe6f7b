# matplotlib.gridspec for Kiln: GridSpec and the SubplotSpec cells it hands out, so the tutorial idiom
# `gs = gridspec.GridSpec(n, n); gs.update(wspace=0.05, hspace=0.05); ax = plt.subplot(gs[i])` (GAN
# sample grids) and spans such as `fig.add_subplot(gs[0, :])` work headlessly. A cell is the
# (row start, row stop, column start, column stop) block of a nrows x ncols grid; indexing follows
# matplotlib (flat indices count row by row, negative indices wrap, out of range is IndexError).
# Layout parameters are kept (get_subplot_params is not modelled: nothing is drawn).

__all__ = ["GridSpec", "GridSpecFromSubplotSpec", "SubplotSpec", "GridSpecBase"]

_LAYOUT_KEYS = ("left", "bottom", "right", "top", "wspace", "hspace")


class GridSpecBase:
    def __init__(self, nrows, ncols, height_ratios=None, width_ratios=None):
        if not isinstance(nrows, int) or nrows <= 0:
            raise ValueError(f"Number of rows must be a positive integer, not {nrows!r}")
        if not isinstance(ncols, int) or ncols <= 0:
            raise ValueError(f"Number of columns must be a positive integer, not {ncols!r}")
        self._nrows, self._ncols = nrows, ncols
        self.set_height_ratios(height_ratios)
        self.set_width_ratios(width_ratios)

    def __repr__(self):
        height_arg = f", height_ratios={self._row_height_ratios!r}" if len(set(self._row_height_ratios)) != 1 else ""
        width_arg = f", width_ratios={self._col_width_ratios!r}" if len(set(self._col_width_ratios)) != 1 else ""
        return f"{self.__class__.__name__}({self._nrows}, {self._ncols}{height_arg}{width_arg})"

    nrows = property(lambda self: self._nrows, doc="The number of rows in the grid.")
    ncols = property(lambda self: self._ncols, doc="The number of columns in the grid.")

    def get_geometry(self):
        return self._nrows, self._ncols

    def set_width_ratios(self, width_ratios):
        if width_ratios is None:
            width_ratios = [1] * self._ncols
        elif len(width_ratios) != self._ncols:
            raise ValueError("Expected the given number of width ratios to match the number of columns of the grid")
        self._col_width_ratios = width_ratios

    def get_width_ratios(self):
        return self._col_width_ratios

    def set_height_ratios(self, height_ratios):
        if height_ratios is None:
            height_ratios = [1] * self._nrows
        elif len(height_ratios) != self._nrows:
            raise ValueError("Expected the given number of height ratios to match the number of rows of the grid")
        self._row_height_ratios = height_ratios

    def get_height_ratios(self):
        return self._row_height_ratios

    def __getitem__(self, key):
        nrows, ncols = self.get_geometry()

        def _normalize(key, size, axis):
            orig_key = key
            if isinstance(key, slice):
                start, stop, _ = key.indices(size)
                if stop > start:
                    return start, stop - 1
                raise IndexError("GridSpec slice would result in no space allocated for subplot")
            else:
                if key < 0:
                    key = key + size
                if 0 <= key < size:
                    return key, key
                elif axis is not None:
                    raise IndexError(f"index {orig_key} is out of bounds for axis {axis} with size {size}")
                else:
                    raise IndexError(f"index {orig_key} is out of bounds for GridSpec with size {size}")

        if isinstance(key, tuple):
            try:
                k1, k2 = key
            except ValueError as err:
                raise ValueError("Unrecognized subplot spec") from err
            r1, r2 = _normalize(k1, nrows, 0)
            c1, c2 = _normalize(k2, ncols, 1)
            num1, num2 = r1 * ncols + c1, r2 * ncols + c2
        else:
            num1, num2 = _normalize(key, nrows * ncols, None)
        return SubplotSpec(self, num1, num2)


class GridSpec(GridSpecBase):
    def __init__(self, nrows, ncols, figure=None, left=None, bottom=None, right=None, top=None, wspace=None,
                 hspace=None, width_ratios=None, height_ratios=None):
        self.left, self.bottom, self.right, self.top = left, bottom, right, top
        self.wspace, self.hspace = wspace, hspace
        self.figure = figure
        super().__init__(nrows, ncols, width_ratios=width_ratios, height_ratios=height_ratios)

    def update(self, **kwargs):
        for k, v in kwargs.items():
            if k in _LAYOUT_KEYS:
                setattr(self, k, v)
            else:
                raise AttributeError(f"{k} is an unknown keyword")

    def get_subplot_params(self, figure=None):
        raise NotImplementedError("GridSpec.get_subplot_params: Kiln's matplotlib lays nothing out")


class GridSpecFromSubplotSpec(GridSpecBase):
    def __init__(self, nrows, ncols, subplot_spec, wspace=None, hspace=None, height_ratios=None, width_ratios=None):
        self._wspace, self._hspace = wspace, hspace
        self._subplot_spec = subplot_spec
        self.figure = getattr(subplot_spec.get_gridspec(), "figure", None)
        super().__init__(nrows, ncols, width_ratios=width_ratios, height_ratios=height_ratios)

    def get_topmost_subplotspec(self):
        return self._subplot_spec.get_topmost_subplotspec()


class SubplotSpec:
    def __init__(self, gridspec, num1, num2=None):
        self._gridspec = gridspec
        self.num1 = num1
        self.num2 = num1 if num2 is None else num2

    def __repr__(self):
        return (f"{self.get_gridspec()}[{self.rowspan.start}:{self.rowspan.stop}, "
                f"{self.colspan.start}:{self.colspan.stop}]")

    def get_gridspec(self):
        return self._gridspec

    def get_geometry(self):
        rows, cols = self.get_gridspec().get_geometry()
        return rows, cols, self.num1, self.num2

    @property
    def rowspan(self):
        ncols = self.get_gridspec().ncols
        return range(self.num1 // ncols, self.num2 // ncols + 1)

    @property
    def colspan(self):
        ncols = self.get_gridspec().ncols
        c1, c2 = sorted([self.num1 % ncols, self.num2 % ncols])
        return range(c1, c2 + 1)

    def is_first_row(self):
        return self.rowspan.start == 0

    def is_last_row(self):
        return self.rowspan.stop == self.get_gridspec().nrows

    def is_first_col(self):
        return self.colspan.start == 0

    def is_last_col(self):
        return self.colspan.stop == self.get_gridspec().ncols

    def get_topmost_subplotspec(self):
        gs = self.get_gridspec()
        return gs.get_topmost_subplotspec() if hasattr(gs, "get_topmost_subplotspec") else self

    def subgridspec(self, nrows, ncols, **kwargs):
        return GridSpecFromSubplotSpec(nrows, ncols, self, **kwargs)

    def __eq__(self, other):
        return ((self._gridspec, self.num1, self.num2)
                == (getattr(other, "_gridspec", object()), getattr(other, "num1", object()),
                    getattr(other, "num2", object())))

    def __hash__(self):
        return hash((self._gridspec, self.num1, self.num2))
