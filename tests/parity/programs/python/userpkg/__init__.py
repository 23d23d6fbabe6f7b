# A package of the parity program import_user_package.py (its own modules, found through sys.path).
VERSION = "1.0"
from .util import double
