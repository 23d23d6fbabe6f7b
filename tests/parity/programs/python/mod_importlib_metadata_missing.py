# importlib.metadata for names with no installed distribution, as CPython 3.12 answers: standard
# modules, a program's own module and unknown names raise PackageNotFoundError (a
# ModuleNotFoundError) with CPython's text, and an empty name is a ValueError.
import importlib.metadata as md
import os
import sys
import tempfile

d = tempfile.mkdtemp()
with open(os.path.join(d, 'localpkg_xyz.py'), 'w') as f:
    f.write('__version__ = "1.0"\n')
sys.path.insert(0, d)
for name in ('os', 'json', 'no-such-distribution-xyz', 'localpkg_xyz', 'Local.Pkg_XYZ'):
    for fn in (md.version, md.distribution, md.metadata):
        try:
            fn(name)
            print('found', name)
        except md.PackageNotFoundError as e:
            print(fn.__name__, type(e).__name__, e, e.name, isinstance(e, ModuleNotFoundError))
try:
    md.distribution('')
except ValueError as e:
    print('ValueError', e)
