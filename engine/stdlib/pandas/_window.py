# pandas' moving-window aggregations for Kiln (Series.rolling(window).mean() and friends), the
# feature columns of time-series programs (moving averages, rolling volatility). The sums, means and
# variances follow pandas' window kernels (pandas/_libs/window/aggregations.pyx) operation for
# operation: a fixed window's bounds are start = max(end - window, 0), end = i + 1; the first
# window is accumulated, later ones remove the observations that left and add the new ones, with
# Kahan compensation for sums and means and Welford updates for variances, and a run of identical
# values returns that value (pandas' guard against floating-point artifacts). Results are float64.
# Series.ewm(span=/com=/halflife=/alpha=, adjust=).mean() is pandas' ewm kernel (MACD and RSI features).
import math


def _nan(v):
    return v is None or (isinstance(v, float) and v != v)


def _bounds(n, window, center):
    # FixedWindowIndexer.get_window_bounds: end = i + 1 (+ (window - 1) // 2 when centred),
    # start = end - window, both clipped to [0, n]
    offset = (window - 1) // 2 if center else 0
    start = []
    end = []
    for i in range(n):
        e = i + 1 + offset
        start.append(min(max(e - window, 0), n))
        end.append(min(max(e, 0), n))
    return start, end


class _Sum:
    # add_sum / remove_sum / calc_sum
    def __init__(self, first):
        self.nobs = 0
        self.sum = 0.0
        self.comp_add = 0.0
        self.comp_remove = 0.0
        self.same = 0
        self.prev = first
        self.neg = 0

    def add(self, v):
        if _nan(v):
            return
        self.nobs += 1
        y = v - self.comp_add
        t = self.sum + y
        self.comp_add = t - self.sum - y
        self.sum = t
        if math.copysign(1.0, v) < 0:
            self.neg += 1
        if v == self.prev:
            self.same += 1
        else:
            self.same = 1
        self.prev = v

    def remove(self, v):
        if _nan(v):
            return
        self.nobs -= 1
        y = -v - self.comp_remove
        t = self.sum + y
        self.comp_remove = t - self.sum - y
        self.sum = t
        if math.copysign(1.0, v) < 0:
            self.neg -= 1


class _Var:
    # add_var / remove_var (Welford with compensation)
    def __init__(self, first):
        self.nobs = 0
        self.mean = 0.0
        self.ssqdm = 0.0
        self.comp_add = 0.0
        self.comp_remove = 0.0
        self.same = 0
        self.prev = first

    def add(self, v):
        if _nan(v):
            return
        if v == self.prev:
            self.same += 1
        else:
            self.same = 1
        self.prev = v
        self.nobs += 1
        prev_mean = self.mean - self.comp_add
        y = v - self.comp_add
        t = y - self.mean
        self.comp_add = t + self.mean - y
        delta = t
        if self.nobs:
            self.mean += delta / self.nobs
        else:
            self.mean = 0.0
        self.ssqdm += (v - prev_mean) * (v - self.mean)
        if self.same >= self.nobs:
            # every observation in the window equals v: the exact state, free of rounding residue
            # (pandas' GH#42064 guard, which also restarts the next windows from it)
            self.mean = v
            self.ssqdm = 0.0

    def remove(self, v):
        if _nan(v):
            return
        self.nobs -= 1
        if self.nobs:
            prev_mean = self.mean - self.comp_remove
            y = v - self.comp_remove
            t = y - self.mean
            self.comp_remove = t + self.mean - y
            delta = t
            self.mean -= delta / self.nobs
            self.ssqdm -= (v - prev_mean) * (v - self.mean)
        else:
            self.mean = 0.0
            self.ssqdm = 0.0


def _roll(vals, start, end, make, calc):
    out = []
    acc = None
    for i in range(len(vals)):
        s, e = start[i], end[i]
        if i == 0 or s >= end[i - 1]:
            acc = make(vals[s] if s < len(vals) else float('nan'))
            for j in range(s, e):
                acc.add(vals[j])
        else:
            for j in range(start[i - 1], s):
                acc.remove(vals[j])
            for j in range(end[i - 1], e):
                acc.add(vals[j])
        out.append(calc(acc))
    return out


def roll_sum(vals, start, end, minp):
    def calc(a):
        if a.nobs == 0 == minp:
            return 0.0
        if a.nobs >= minp:
            return float(a.prev * a.nobs) if a.same >= a.nobs else a.sum
        return float('nan')
    return _roll(vals, start, end, _Sum, calc)


def roll_mean(vals, start, end, minp):
    def calc(a):
        if a.nobs >= minp and a.nobs > 0:
            r = a.sum / a.nobs
            if a.same >= a.nobs:
                r = float(a.prev)
            elif a.neg == 0 and r < 0:
                r = 0.0
            elif a.neg == a.nobs and r > 0:
                r = 0.0
            return r
        return float('nan')
    return _roll(vals, start, end, _Sum, calc)


def roll_var(vals, start, end, minp, ddof):
    def calc(a):
        if a.nobs >= minp and a.nobs > ddof:
            if a.nobs == 1 or a.same >= a.nobs:
                return 0.0
            return a.ssqdm / (a.nobs - ddof)
        return float('nan')
    return _roll(vals, start, end, _Var, calc)


def _window_values(vals, s, e):
    return [v for v in vals[s:e] if not _nan(v)]


def roll_simple(vals, start, end, minp, fn):
    out = []
    for s, e in zip(start, end):
        w = _window_values(vals, s, e)
        out.append(float(fn(w)) if len(w) >= minp and w else float('nan'))
    return out


def _median(w):
    w = sorted(w)
    n = len(w)
    return w[n // 2] if n % 2 else (w[n // 2 - 1] + w[n // 2]) / 2


class Rolling:
    """Series.rolling(window, min_periods=None, center=False): the moving aggregations."""

    def __init__(self, series, window, min_periods=None, center=False):
        if not isinstance(window, int) or isinstance(window, bool):
            raise ValueError('window must be an integer 0 or greater')
        if window < 0:
            raise ValueError('window must be an integer 0 or greater')
        if min_periods is None:
            min_periods = window
        elif min_periods > window:
            raise ValueError(f'min_periods {min_periods} must be <= window {window}')
        self._s = series
        self.window = window
        self.min_periods = min_periods
        self.center = center

    def __repr__(self):
        return f'Rolling [window={self.window},center={self.center},method=single]'

    def _values(self, name):
        s = self._s
        if s._dt in ('str', 'object'):
            raise TypeError(f'Cannot aggregate non-numeric type: {s._dt}' if s._dt == 'object'
                            else f"cannot perform {name} with type str")
        return [float(v) if not _nan(v) else float('nan') for v in s._v]

    def _result(self, out):
        return self._s._new(out, 'float64')

    def _bounds(self):
        return _bounds(len(self._s._v), self.window, self.center)

    def sum(self):
        start, end = self._bounds()
        return self._result(roll_sum(self._values('sum'), start, end, self.min_periods))

    def mean(self):
        start, end = self._bounds()
        return self._result(roll_mean(self._values('mean'), start, end, self.min_periods))

    def var(self, ddof=1):
        start, end = self._bounds()
        return self._result(roll_var(self._values('var'), start, end, self.min_periods, ddof))

    def std(self, ddof=1):
        var = self.var(ddof)
        return self._s._new([math.sqrt(v) if v == v and v > 0 else (0.0 if v == v else v) for v in var._v], 'float64')

    def min(self):
        start, end = self._bounds()
        return self._result(roll_simple(self._values('min'), start, end, self.min_periods, min))

    def max(self):
        start, end = self._bounds()
        return self._result(roll_simple(self._values('max'), start, end, self.min_periods, max))

    def median(self):
        start, end = self._bounds()
        return self._result(roll_simple(self._values('median'), start, end, self.min_periods, _median))

    def count(self):
        # pandas sums the notna indicators, so min_periods counts rows in the window, not observations
        start, end = self._bounds()
        vals = self._s._v
        out = []
        for s, e in zip(start, end):
            c = len(_window_values(vals, s, e))
            out.append(float(c) if e - s >= self.min_periods else float('nan'))
        return self._result(out)

    def apply(self, func, raw=False):
        import numpy as np
        start, end = self._bounds()
        vals = self._values('apply')
        out = []
        for s, e in zip(start, end):
            w = vals[s:e]
            n = len([v for v in w if v == v])
            if n < self.min_periods:
                out.append(float('nan'))
                continue
            arg = np.array(w, dtype='float64') if raw else self._s._take(list(range(s, e)))
            out.append(float(func(arg)))
        return self._result(out)

    def agg(self, func):
        if isinstance(func, str):
            return getattr(self, func)()
        return self.apply(func)

    aggregate = agg


def ewm_mean(vals, com, adjust, ignore_na, minp):
    # pandas' ewm kernel (normalize=True, no times): a running weighted mean whose old weight decays by
    # 1 - alpha per step (per observation with ignore_na); adjust=False keeps the recursive form
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha
    out = []
    if not vals:
        return out
    weighted = vals[0]
    nobs = 1 if weighted == weighted else 0
    out.append(weighted if nobs >= minp else float('nan'))
    old_wt = 1.0
    for i in range(1, len(vals)):
        cur = vals[i]
        is_obs = cur == cur
        nobs += 1 if is_obs else 0
        if weighted == weighted:
            if is_obs or not ignore_na:
                old_wt *= old_wt_factor
                if is_obs:
                    if weighted != cur:
                        weighted = old_wt * weighted + new_wt * cur
                        weighted /= (old_wt + new_wt)
                    if adjust:
                        old_wt += new_wt
                    else:
                        old_wt = 1.0
        elif is_obs:
            weighted = cur
        out.append(weighted if nobs >= minp else float('nan'))
    return out


class ExponentialMovingWindow:
    """Series.ewm(com=, span=, halflife=, alpha=, min_periods=0, adjust=True, ignore_na=False).mean()."""

    def __init__(self, series, com=None, span=None, halflife=None, alpha=None, min_periods=0, adjust=True,
                 ignore_na=False):
        given = sum(x is not None for x in (com, span, halflife, alpha))
        if given > 1:
            raise ValueError('comass, span, halflife, and alpha are mutually exclusive')
        if com is not None:
            if com < 0:
                raise ValueError('comass must satisfy: comass >= 0')
        elif span is not None:
            if span < 1:
                raise ValueError('span must satisfy: span >= 1')
            com = (span - 1) / 2
        elif halflife is not None:
            if halflife <= 0:
                raise ValueError('halflife must satisfy: halflife > 0')
            com = 1 / (1 - math.exp(math.log(0.5) / halflife)) - 1
        elif alpha is not None:
            if alpha <= 0 or alpha > 1:
                raise ValueError('alpha must satisfy: 0 < alpha <= 1')
            com = (1 - alpha) / alpha
        else:
            raise ValueError('Must pass one of comass, span, halflife, or alpha')
        self._s = series
        self.com = float(com)
        self.span = span
        self.halflife = halflife
        self.alpha = alpha
        self.min_periods = max(int(min_periods), 1)
        self.adjust = adjust
        self.ignore_na = ignore_na

    def mean(self):
        s = self._s
        if s._dt in ('str', 'object'):
            raise TypeError(f'Cannot aggregate non-numeric type: {s._dt}')
        vals = [float(v) if not _nan(v) else float('nan') for v in s._v]
        return s._new(ewm_mean(vals, self.com, self.adjust, self.ignore_na, self.min_periods), 'float64')
