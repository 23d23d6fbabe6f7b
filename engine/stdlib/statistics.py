# statistics: mean, fmean, geometric_mean, harmonic_mean, median, median_low, median_high,
# median_grouped, mode, multimode, quantiles, pvariance, variance, pstdev, stdev, correlation,
# covariance, linear_regression, NormalDist and StatisticsError, for int and float data, with
# CPython 3.11's exact arithmetic: sums and sums of squares are exact fractions (int numerator and
# denominator pairs), converted once at the end (correctly rounded; an int result stays int when
# exact, as CPython's _convert does), and stdev/pstdev take the correctly rounded square root.
# Left out: Fraction and Decimal data (Kiln has neither type); NormalDist.overlap/zscore/samples.

import math

__all__ = ['NormalDist', 'StatisticsError', 'correlation', 'covariance', 'fmean', 'geometric_mean',
           'harmonic_mean', 'linear_regression', 'mean', 'median', 'median_grouped', 'median_high',
           'median_low', 'mode', 'multimode', 'pstdev', 'pvariance', 'quantiles', 'stdev', 'variance']


class StatisticsError(ValueError):
    pass


def _ratio(x):
    if isinstance(x, bool) or isinstance(x, int):
        return int(x), 1
    if isinstance(x, float):
        if x != x or x in (float('inf'), float('-inf')):
            return None
        return x.as_integer_ratio()
    if hasattr(x, 'as_integer_ratio'):
        return x.as_integer_ratio()
    raise TypeError("can't convert type '%s' to numerator/denominator" % type(x).__name__)


def _reduce(n, d):
    if d < 0:
        n, d = -n, -d
    g = math.gcd(n, d) if n else d
    return n // g, d // g


def _add(a, b):
    return _reduce(a[0] * b[1] + b[0] * a[1], a[1] * b[1])


def _mul(a, b):
    return _reduce(a[0] * b[0], a[1] * b[1])


def _div(a, b):
    return _reduce(a[0] * b[1], a[1] * b[0])


def _kind(data):
    T = int
    for x in data:
        if isinstance(x, bool) or isinstance(x, int):
            continue
        if isinstance(x, float):
            T = float
        else:
            raise TypeError("can't convert type '%s' to numerator/denominator" % type(x).__name__)
    return T


def _sum(data):
    # (T, exact sum as a fraction or a non-finite float, count)
    T = _kind(data)
    total = (0, 1)
    special = None
    for x in data:
        r = _ratio(x)
        if r is None:
            special = x if special is None else special + x
        else:
            total = _add(total, r)
    return T, (special if special is not None else total), len(data)


def _convert(value, T):
    if not isinstance(value, tuple):
        return value
    n, d = value
    if T is int and d == 1:
        return n
    return n / d


def mean(data):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('mean requires at least one data point')
    T, total, n = _sum(data)
    if not isinstance(total, tuple):
        return total / n
    return _convert(_div(total, (n, 1)), T)


def fmean(data, weights=None):
    data = list(data)
    if weights is None:
        if not data:
            raise StatisticsError('fmean requires at least one data point')
        return math.fsum(data) / len(data)
    weights = list(weights)
    if len(weights) != len(data):
        raise StatisticsError('data and weights must be the same length')
    num = math.fsum(x * w for x, w in zip(data, weights))
    den = math.fsum(weights)
    if not den:
        raise StatisticsError('sum of weights must be non-zero')
    return num / den


def geometric_mean(data):
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError('geometric mean requires a non-empty dataset containing positive numbers') from None


def harmonic_mean(data, weights=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('harmonic_mean requires at least one data point')
    if weights is None:
        weights = [1] * len(data)
    else:
        weights = list(weights)
        if len(weights) != len(data):
            raise StatisticsError('Number of weights does not match data size')
    for x in data:
        if x < 0:
            raise StatisticsError('harmonic mean does not support negative values')
    if len(data) == 1 and weights[0] == 1:
        return data[0]
    if 0 in data:
        return 0
    # As CPython: each term w / x is a float division, the terms are summed exactly.
    terms = [w / x if w else 0 for w, x in zip(data and weights, data)]
    T = _kind(terms)
    total_w = (0, 1)
    for w in weights:
        total_w = _add(total_w, _ratio(w))
    s = (0, 1)
    for t in terms:
        s = _add(s, _ratio(t))
    if s[0] == 0:
        raise StatisticsError('Weighted sum must be positive')
    return _convert(_div(total_w, s), T)


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n == 1:
        return data[0]
    x = data[n // 2]
    for obj in (x, interval):
        if isinstance(obj, (str, bytes)):
            raise TypeError('expected number but got %r' % (obj,))
    L = x - interval / 2
    i = 0
    while i < n and data[i] < x:
        i += 1
    l1 = i
    j = l1
    while j < n and data[j] == x:
        j += 1
    cf = l1
    f = j - l1
    return L + interval * (n / 2 - cf) / f


def mode(data):
    counts = {}
    order = []
    for x in data:
        if x in counts:
            counts[x] += 1
        else:
            counts[x] = 1
            order.append(x)
    if not order:
        raise StatisticsError('no mode for empty data')
    best = order[0]
    for x in order:
        if counts[x] > counts[best]:
            best = x
    return best


def multimode(data):
    counts = {}
    order = []
    for x in data:
        if x in counts:
            counts[x] += 1
        else:
            counts[x] = 1
            order.append(x)
    if not order:
        return []
    m = max(counts.values())
    return [x for x in order if counts[x] == m]


def quantiles(data, *, n=4, method='exclusive'):
    if n < 1:
        raise StatisticsError('n must be at least 1')
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError('must have at least two data points')
    if method == 'inclusive':
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == 'exclusive':
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError('Unknown method: %r' % (method,))


def _ss(data, c=None):
    # (T, exact sum of squared deviations, exact mean, count)
    T = _kind(data)
    n = len(data)
    rs = [_ratio(x) for x in data]
    if any(r is None for r in rs):
        s = 0.0
        for x in data:
            s += x
        return T, s - s if s == s else s, s, n
    if c is None:
        total = (0, 1)
        for r in rs:
            total = _add(total, r)
        c = _div(total, (n, 1))
    else:
        c = _ratio(c)
    ss = (0, 1)
    for r in rs:
        d = _add(r, (-c[0], c[1]))
        ss = _add(ss, _mul(d, d))
    return T, ss, c, n


def variance(data, xbar=None):
    data = list(data)
    if len(data) < 2:
        raise StatisticsError('variance requires at least two data points')
    T, ss, c, n = _ss(data, xbar)
    if not isinstance(ss, tuple):
        return ss
    return _convert(_div(ss, (n - 1, 1)), T)


def pvariance(data, mu=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('pvariance requires at least one data point')
    T, ss, c, n = _ss(data, mu)
    if not isinstance(ss, tuple):
        return ss
    return _convert(_div(ss, (n, 1)), T)


def _sqrt_frac(n, m):
    # sqrt(n / m) correctly rounded to a float: an integer square root with round-to-odd on
    # enough extra bits (2 * 53 + 3), then one division.
    if n == 0:
        return 0.0
    q = (n.bit_length() - m.bit_length() - 109) // 2
    if q >= 0:
        num = _isqrt_rto(n, m << (2 * q)) << q
        den = 1
    else:
        num = _isqrt_rto(n << (-2 * q), m)
        den = 1 << -q
    return num / den


def _isqrt_rto(n, m):
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


def stdev(data, xbar=None):
    data = list(data)
    if len(data) < 2:
        raise StatisticsError('stdev requires at least two data points')
    T, ss, c, n = _ss(data, xbar)
    if not isinstance(ss, tuple):
        return math.sqrt(ss)
    v = _div(ss, (n - 1, 1))
    return _sqrt_frac(v[0], v[1])


def pstdev(data, mu=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('pstdev requires at least one data point')
    T, ss, c, n = _ss(data, mu)
    if not isinstance(ss, tuple):
        return math.sqrt(ss)
    v = _div(ss, (n, 1))
    return _sqrt_frac(v[0], v[1])


def covariance(x, y):
    x = list(x)
    y = list(y)
    n = len(x)
    if len(y) != n:
        raise StatisticsError('covariance requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError('covariance requires at least two data points')
    xbar = fmean(x)
    ybar = fmean(y)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    return sxy / (n - 1)


def correlation(x, y):
    x = list(x)
    y = list(y)
    n = len(x)
    if len(y) != n:
        raise StatisticsError('correlation requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError('correlation requires at least two data points')
    xbar = fmean(x)
    ybar = fmean(y)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = math.fsum((xi - xbar) * (xi - xbar) for xi in x)
    syy = math.fsum((yi - ybar) * (yi - ybar) for yi in y)
    try:
        return sxy / math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError('at least one of the inputs is constant')


class LinearRegression(tuple):
    def __new__(cls, slope, intercept):
        return tuple.__new__(cls, (slope, intercept))

    @property
    def slope(self):
        return self[0]

    @property
    def intercept(self):
        return self[1]

    def __repr__(self):
        return 'LinearRegression(slope=%r, intercept=%r)' % (self[0], self[1])


def linear_regression(x, y, *, proportional=False):
    x = list(x)
    y = list(y)
    n = len(x)
    if len(y) != n:
        raise StatisticsError('linear regression requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError('linear regression requires at least two data points')
    if proportional:
        sxy = math.fsum(xi * yi for xi, yi in zip(x, y))
        sxx = math.fsum(xi * xi for xi in x)
    else:
        xbar = fmean(x)
        ybar = fmean(y)
        sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = math.fsum((xi - xbar) * (xi - xbar) for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError('x is constant')
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


class NormalDist:
    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError('sigma must be non-negative')
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        data = list(data)
        return cls(fmean(data), stdev(data))

    @property
    def mean(self):
        return self._mu

    @property
    def median(self):
        return self._mu

    @property
    def mode(self):
        return self._mu

    @property
    def stdev(self):
        return self._sigma

    @property
    def variance(self):
        return self._sigma * self._sigma

    def pdf(self, x):
        variance = self._sigma * self._sigma
        if not variance:
            raise StatisticsError('pdf() not defined when sigma is zero')
        diff = x - self._mu
        return math.exp(diff * diff / (-2.0 * variance)) / math.sqrt(2.0 * math.pi * variance)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError('cdf() not defined when sigma is zero')
        return 0.5 * (1.0 + math.erf((x - self._mu) / (self._sigma * math.sqrt(2.0))))

    def __add__(self, other):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu + other._mu, math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu + other, self._sigma)

    def __sub__(self, other):
        if isinstance(other, NormalDist):
            return NormalDist(self._mu - other._mu, math.hypot(self._sigma, other._sigma))
        return NormalDist(self._mu - other, self._sigma)

    def __mul__(self, other):
        return NormalDist(self._mu * other, self._sigma * abs(other))

    def __truediv__(self, other):
        return NormalDist(self._mu / other, self._sigma / abs(other))

    def __eq__(self, other):
        if not isinstance(other, NormalDist):
            return NotImplemented
        return self._mu == other._mu and self._sigma == other._sigma

    def __hash__(self):
        return hash((self._mu, self._sigma))

    def __repr__(self):
        return '%s(mu=%r, sigma=%r)' % (type(self).__name__, self._mu, self._sigma)
