# A module of the namespace package nspkg (no __init__.py), for the parity program
# import_namespace_package.py.
from .inner.helpers import scale


def dense(x):
    return scale(x) + 1
