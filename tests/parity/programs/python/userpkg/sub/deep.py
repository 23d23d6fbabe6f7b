# userpkg.sub.deep: a two-level relative import.
from ..util import double


def value():
    return double(21)
