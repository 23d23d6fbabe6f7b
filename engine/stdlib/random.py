# random: CPython 3.12's pseudo-random numbers with the same streams. The Mersenne Twister core
# (seeding, random(), getrandbits, the rejection loop of _randbelow, getstate/setstate) is native
# (_random, engine/vm/stdlib_random.cpp); the distributions and sequence functions below consume it
# the way CPython's do, draw for draw, so seed(n) followed by any of them prints what CPython prints.
# SystemRandom draws from os.urandom (the host's entropy source), as CPython's does; it cannot be
# seeded and has no state. Not provided: seed(version=1) of a str.

import math as _math
import _random
from bisect import bisect_right as _bisect
from itertools import accumulate as _accumulate

__all__ = ['Random', 'seed', 'random', 'uniform', 'randint', 'choice', 'sample', 'randrange', 'shuffle',
           'normalvariate', 'lognormvariate', 'expovariate', 'vonmisesvariate', 'gammavariate', 'triangular',
           'gauss', 'betavariate', 'paretovariate', 'weibullvariate', 'getstate', 'setstate', 'getrandbits',
           'choices', 'randbytes', 'SystemRandom']

NV_MAGICCONST = 4 * _math.exp(-0.5) / _math.sqrt(2.0)
TWOPI = 2.0 * _math.pi
LOG4 = _math.log(4.0)
SG_MAGICCONST = 1.0 + _math.log(4.5)
BPF = 53
RECIP_BPF = 2 ** -BPF


from operator import index as _index

_ONE = 1


def _is_sequence(x):
    return isinstance(x, (list, tuple, str, range)) or (hasattr(type(x), '__getitem__') and hasattr(type(x), '__len__')
                                                          and not isinstance(x, dict))


class Random:
    VERSION = 3

    def __init__(self, x=None):
        self._mt = _random.Random()
        self.seed(x)
        self.gauss_next = None

    def seed(self, a=None, version=2):
        if version == 1 and isinstance(a, str):
            raise NotImplementedError('random.seed(str, version=1) is not supported in Kiln; use version=2')
        if not (a is None or isinstance(a, (int, float, str))):
            raise TypeError('The only supported seed types are: None,\nint, float, str, bytes, and bytearray.')
        self._mt.seed(a)
        self.gauss_next = None

    def getstate(self):
        return (self.VERSION, self._mt.getstate(), self.gauss_next)

    def setstate(self, state):
        version = state[0]
        if version == 3:
            version, internalstate, self.gauss_next = state
            self._mt.setstate(internalstate)
        elif version == 2:
            # Python 2.x's pickled states held signed words.
            version, internalstate, self.gauss_next = state
            self._mt.setstate(tuple([x % 4294967296 for x in internalstate]))
        else:
            raise ValueError(f'state with version {version} passed to Random.setstate() of version {self.VERSION}')

    def random(self):
        return self._mt.random()

    def getrandbits(self, k):
        return self._mt.getrandbits(k)

    def _randbelow(self, n):
        return self._mt._randbelow(n)

    def randbytes(self, n):
        # CPython's: n random bytes are the low-order-first bytes of getrandbits(n * 8)
        return self.getrandbits(n * 8).to_bytes(n, 'little')

    # ---- integers ----
    def randrange(self, start, stop=None, step=_ONE):
        # CPython 3.12: arguments through operator.index (floats are a TypeError now), the empty
        # range named by the arguments as given
        istart = _index(start)
        if stop is None:
            if step is not _ONE:
                raise TypeError('Missing a non-None stop argument')
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError('empty range for randrange()')
        istop = _index(stop)
        width = istop - istart
        istep = _index(step)
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError(f'empty range in randrange({start}, {stop})')
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError('zero step for randrange()')
        if n <= 0:
            raise ValueError(f'empty range in randrange({start}, {stop}, {step})')
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    # ---- sequences ----
    def choice(self, seq):
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        if not _is_sequence(population):
            raise TypeError('Population must be a sequence.  For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            cum_counts = list(_accumulate(counts))
            if len(cum_counts) != n:
                raise ValueError('The number of counts does not match the population')
            total = cum_counts.pop()
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total <= 0:
                raise ValueError('Total of counts must be greater than zero')
            selections = self.sample(range(total), k=k)
            return [population[_bisect(cum_counts, s)] for s in selections]
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        result = [None] * k
        # A partial shuffle of a copy for small populations; rejection of repeated indices for large.
        setsize = 21
        if k > 5:
            setsize += 4 ** _math.ceil(_math.log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = {}
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected[j] = True
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                nf = n + 0.0
                return [population[_math.floor(self.random() * nf)] for i in range(k)]
            try:
                cum_weights = list(_accumulate(weights))
            except TypeError:
                if not isinstance(weights, int):
                    raise
                raise TypeError(f'The number of choices must be a keyword argument: k={weights}') from None
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _math.isfinite(total):
            raise ValueError('Total of weights must be finite')
        hi = n - 1
        return [population[_bisect(cum_weights, self.random() * total, 0, hi)] for i in range(k)]

    # ---- real-valued distributions ----
    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _math.sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        # Kinderman and Monahan's ratio-of-uniforms method.
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -_math.log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        # Box-Muller, one value kept for the next call (reset by seed()).
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * TWOPI
            g2rad = _math.sqrt(-2.0 * _math.log(1.0 - self.random()))
            z = _math.cos(x2pi) * g2rad
            self.gauss_next = _math.sin(x2pi) * g2rad
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        return _math.exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd):
        return -_math.log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        if kappa <= 1e-6:
            return TWOPI * self.random()
        s = 0.5 / kappa
        r = s + _math.sqrt(1.0 + s * s)
        while True:
            u1 = self.random()
            z = _math.cos(_math.pi * u1)
            d = z / (r + z)
            u2 = self.random()
            if u2 < 1.0 - d * d or u2 <= (1.0 - d) * _math.exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        u3 = self.random()
        if u3 > 0.5:
            theta = (mu + _math.acos(f)) % TWOPI
        else:
            theta = (mu - _math.acos(f)) % TWOPI
        return theta

    def gammavariate(self, alpha, beta):
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        if alpha > 1.0:
            # Cheng's rejection algorithm GB.
            ainv = _math.sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = self.random()
                if not 1e-7 < u1 < 0.9999999:
                    continue
                u2 = 1.0 - self.random()
                v = _math.log(u1 / (1.0 - u1)) / ainv
                x = alpha * _math.exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= _math.log(z):
                    return x * beta
        elif alpha == 1.0:
            return -_math.log(1.0 - self.random()) * beta
        else:
            # Ahrens and Dieter's algorithm GS.
            while True:
                u = self.random()
                b = (_math.e + alpha) / _math.e
                p = b * u
                if p <= 1.0:
                    x = p ** (1.0 / alpha)
                else:
                    x = -_math.log((b - p) / alpha)
                u1 = self.random()
                if p > 1.0:
                    if u1 <= x ** (alpha - 1.0):
                        break
                elif u1 <= _math.exp(-x):
                    break
            return x * beta

    def betavariate(self, alpha, beta):
        y = self.gammavariate(alpha, 1.0)
        if y:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def paretovariate(self, alpha):
        u = 1.0 - self.random()
        return u ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        u = 1.0 - self.random()
        return alpha * (-_math.log(u)) ** (1.0 / beta)


class SystemRandom(Random):
    # Random numbers from os.urandom: CPython's SystemRandom, 53 random bits per float, rejection
    # sampling over getrandbits for integers (no Mersenne Twister draws at all).
    def random(self):
        return (int.from_bytes(_urandom(7)) >> 3) * RECIP_BPF

    def getrandbits(self, k):
        if k < 0:
            raise ValueError('number of bits must be non-negative')
        numbytes = (k + 7) // 8
        x = int.from_bytes(_urandom(numbytes))
        return x >> (numbytes * 8 - k)

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randbytes(self, n):
        return _urandom(n)

    def seed(self, *args, **kwds):
        return None

    def _notimplemented(self, *args, **kwds):
        raise NotImplementedError('System entropy source does not have state.')

    getstate = setstate = _notimplemented


def _urandom(n):
    import os
    return os.urandom(n)


# The module-level functions share one hidden instance, as CPython's.
_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
randbytes = _inst.randbytes
