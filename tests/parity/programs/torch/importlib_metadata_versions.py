# importlib.metadata.version of the installed torch and numpy, as environment reports and version
# gates read them: the distribution's version is the one the module reports, its metadata carries
# Name and Version, and packaging compares it.
import importlib.metadata as md

import numpy
import torch
from packaging import version

print(md.version('torch') == torch.__version__, md.version('numpy') == numpy.__version__)
dist = md.distribution('torch')
print(dist.version == torch.__version__, dist.metadata['Name'].lower(), dist.metadata['Version'] == torch.__version__)
print(version.parse(md.version('torch')) >= version.parse('2.0'), md.metadata('NumPy')['Name'].lower())
try:
    md.version('definitely-not-installed-pkg')
except md.PackageNotFoundError as e:
    print(e)
