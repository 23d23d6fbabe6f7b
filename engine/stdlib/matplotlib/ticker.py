# matplotlib.ticker for Kiln: the tick locator and formatter classes programs hand to
# ax.xaxis.set_major_locator / set_major_formatter (MaxNLocator(integer=True) in training-loss plots,
# FuncFormatter, PercentFormatter, ...). Kiln draws nothing, so locators only keep their settings
# (FixedLocator also gives its tick_values); formatters format values as matplotlib
# does when called: FuncFormatter(func)(x, pos), FormatStrFormatter('%.2f'), StrMethodFormatter
# ('{x:.1f}'), PercentFormatter(xmax, decimals, symbol), NullFormatter, FixedFormatter.
import math

__all__ = ["TickHelper", "Formatter", "FixedFormatter", "NullFormatter", "FuncFormatter",
           "FormatStrFormatter", "StrMethodFormatter", "ScalarFormatter", "LogFormatter",
           "PercentFormatter", "EngFormatter", "Locator", "IndexLocator", "FixedLocator",
           "NullLocator", "LinearLocator", "LogLocator", "AutoLocator", "MultipleLocator",
           "MaxNLocator", "AutoMinorLocator", "SymmetricalLogLocator"]


class TickHelper:
    axis = None

    def set_axis(self, axis):
        self.axis = axis

    def create_dummy_axis(self, **kwargs):
        pass


class Formatter(TickHelper):
    locs = []

    def __call__(self, x, pos=None):
        raise NotImplementedError('Derived must override')

    def format_ticks(self, values):
        self.set_locs(values)
        return [self(value, i) for i, value in enumerate(values)]

    def format_data(self, value):
        return self.__call__(value)

    def format_data_short(self, value):
        return self.format_data(value)

    def get_offset(self):
        return ''

    def set_locs(self, locs):
        self.locs = locs


class NullFormatter(Formatter):
    def __call__(self, x, pos=None):
        return ''


class FixedFormatter(Formatter):
    def __init__(self, seq):
        self.seq = seq
        self.offset_string = ''

    def __call__(self, x, pos=None):
        if pos is None or pos >= len(self.seq):
            return ''
        return self.seq[pos]

    def get_offset(self):
        return self.offset_string

    def set_offset_string(self, ofs):
        self.offset_string = ofs


class FuncFormatter(Formatter):
    def __init__(self, func):
        self.func = func
        self.offset_string = ""

    def __call__(self, x, pos=None):
        return self.func(x, pos)

    def get_offset(self):
        return self.offset_string

    def set_offset_string(self, ofs):
        self.offset_string = ofs


class FormatStrFormatter(Formatter):
    def __init__(self, fmt):
        self.fmt = fmt

    def __call__(self, x, pos=None):
        return self.fmt % x


class StrMethodFormatter(Formatter):
    def __init__(self, fmt):
        self.fmt = fmt

    def __call__(self, x, pos=None):
        return self.fmt.format(x=x, pos=pos)


class ScalarFormatter(Formatter):
    def __init__(self, useOffset=None, useMathText=None, useLocale=None, *, usetex=None):
        self._useOffset = useOffset
        self._useMathText = useMathText
        self._scientific = True
        self._powerlimits = (-5, 6)

    def __call__(self, x, pos=None):
        return '%g' % x

    def set_scientific(self, b):
        self._scientific = bool(b)

    def set_powerlimits(self, lims):
        if len(lims) != 2:
            raise ValueError("'lims' must be a sequence of length 2")
        self._powerlimits = lims

    def set_useOffset(self, val):
        self._useOffset = val

    def get_useOffset(self):
        return self._useOffset

    def set_useMathText(self, val):
        self._useMathText = val


class LogFormatter(Formatter):
    def __init__(self, base=10.0, labelOnlyBase=False, minor_thresholds=None, linthresh=None):
        self._base = float(base)
        self.labelOnlyBase = labelOnlyBase

    def __call__(self, x, pos=None):
        return '%g' % x


class EngFormatter(Formatter):
    def __init__(self, unit="", places=None, sep=" ", *, usetex=None, useMathText=None):
        self.unit = unit
        self.places = places
        self.sep = sep

    def __call__(self, x, pos=None):
        prefixes = {-24: "y", -21: "z", -18: "a", -15: "f", -12: "p", -9: "n", -6: "\u03bc", -3: "m", 0: "",
                    3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E", 21: "Z", 24: "Y"}
        sign = -1 if x < 0 else 1
        x = abs(x)
        pow10 = int(math.floor(math.log10(x) / 3) * 3) if x != 0 else 0
        pow10 = max(min(pow10, 24), -24)
        mant = sign * x / (10.0 ** pow10)
        fmt = "g" if self.places is None else ".%if" % self.places
        prefix = prefixes[pow10]
        suffix = self.sep + prefix + self.unit if (self.unit or prefix) else ""
        return format(mant, fmt) + suffix


class PercentFormatter(Formatter):
    def __init__(self, xmax=100, decimals=None, symbol='%', is_latex=False):
        self.xmax = xmax + 0.0
        self.decimals = decimals
        self._symbol = symbol
        self._is_latex = is_latex

    def __call__(self, x, pos=None):
        # with no explicit decimals matplotlib picks them from the view interval; without an axis,
        # as here, that is the display-range rule for a range of 0 (decimals = 0 above 50)
        x = self.convert_to_pct(x)
        decimals = 0 if self.decimals is None else int(self.decimals)
        return '{x:0.{decimals}f}'.format(x=x, decimals=decimals) + self.symbol

    def convert_to_pct(self, x):
        return 100.0 * (x / self.xmax)

    @property
    def symbol(self):
        return self._symbol or ''

    @symbol.setter
    def symbol(self, symbol):
        self._symbol = symbol


class Locator(TickHelper):
    MAXTICKS = 1000

    def tick_values(self, vmin, vmax):
        raise NotImplementedError('Derived must override')

    def set_params(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, '_' + k, v)


class NullLocator(Locator):
    def __call__(self):
        return []

    def tick_values(self, vmin, vmax):
        return []


class FixedLocator(Locator):
    def __init__(self, locs, nbins=None):
        self.locs = list(locs)
        self.nbins = max(nbins, 2) if nbins is not None else None

    def tick_values(self, vmin, vmax):
        import numpy as np
        return np.asarray(self.locs)


class IndexLocator(Locator):
    def __init__(self, base, offset):
        self._base = base
        self.offset = offset


class LinearLocator(Locator):
    def __init__(self, numticks=None, presets=None):
        self.numticks = numticks
        self.presets = presets or {}


class MultipleLocator(Locator):
    def __init__(self, base=1.0, offset=0.0):
        self._base = base
        self._offset = offset


class MaxNLocator(Locator):
    default_params = dict(nbins=10, steps=None, integer=False, symmetric=False, prune=None, min_n_ticks=2)

    def __init__(self, nbins=None, **kwargs):
        if nbins is not None:
            kwargs['nbins'] = nbins
        params = dict(self.default_params)
        params.update(kwargs)
        self.set_params(**params)

    def set_params(self, **kwargs):
        if 'nbins' in kwargs:
            self._nbins = kwargs.pop('nbins')
            if self._nbins != 'auto':
                self._nbins = int(self._nbins)
        if 'symmetric' in kwargs:
            self._symmetric = kwargs.pop('symmetric')
        if 'prune' in kwargs:
            prune = kwargs.pop('prune')
            if prune not in ('upper', 'lower', 'both', None):
                raise ValueError(f"{prune!r} is not a valid value for prune; supported values are "
                                 "'upper', 'lower', 'both', None")
            self._prune = prune
        if 'min_n_ticks' in kwargs:
            self._min_n_ticks = max(1, kwargs.pop('min_n_ticks'))
        if 'steps' in kwargs:
            self._steps = kwargs.pop('steps')
        if 'integer' in kwargs:
            self._integer = kwargs.pop('integer')
        if kwargs:
            raise TypeError("set_params() got an unexpected keyword argument '%s'" % next(iter(kwargs)))


class AutoLocator(MaxNLocator):
    def __init__(self):
        MaxNLocator.__init__(self, nbins='auto', steps=[1, 2, 2.5, 5, 10])


class AutoMinorLocator(Locator):
    def __init__(self, n=None):
        self.ndivs = n


class LogLocator(Locator):
    def __init__(self, base=10.0, subs=(1.0,), *, numticks=None):
        self._base = float(base)
        self._subs = subs
        self.numticks = numticks


class SymmetricalLogLocator(Locator):
    def __init__(self, transform=None, subs=None, linthresh=None, base=None):
        self._subs = subs
        self._linthresh = linthresh
        self._base = base
