# CPython's default warning filters show a DeprecationWarning only when the frame it is attributed to
# (after stacklevel) runs in __main__ (default::DeprecationWarning:__main__, then
# ignore::DeprecationWarning): a library deprecating its own internals stays quiet, a warning that
# points at the program's line shows. PendingDeprecationWarning is ignored everywhere; other
# categories show wherever they come from. stderr carries the shown ones; the record=True blocks show
# what the filters let through.
import sys
import types
import warnings

lib = types.ModuleType("lib")
exec(
    "import warnings\n"
    "def internal():\n"
    "    warnings.warn('internal detail', DeprecationWarning)\n"
    "def old_api():\n"
    "    warnings.warn('old_api is deprecated', DeprecationWarning, stacklevel=2)\n"
    "def future():\n"
    "    warnings.warn('changes soon', FutureWarning)\n"
    "def pending():\n"
    "    warnings.warn('pending', PendingDeprecationWarning, stacklevel=2)\n"
    "internal()\n",
    lib.__dict__,
)
sys.modules["lib"] = lib

with warnings.catch_warnings(record=True) as caught:
    lib.internal()
    lib.old_api()
    lib.future()
    lib.pending()
    warnings.warn("from main", DeprecationWarning)
print([(w.category.__name__, str(w.message)) for w in caught])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lib.internal()
    lib.pending()
print([(w.category.__name__, str(w.message)) for w in caught])

lib.internal()
lib.old_api()
lib.future()
print("done")
