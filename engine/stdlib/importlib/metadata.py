# importlib.metadata: the installed distributions' versions, which programs and libraries check
# (`importlib.metadata.version("torch")`, `packaging.version.parse(version("numpy")) >= ...`).
# In Kiln the installed distributions are the third-party packages Kiln itself provides (torch,
# numpy, torchvision, einops, tqdm, matplotlib, packaging, ...): a distribution name, normalized as
# PEP 503 says and spelled as its import name, that Kiln provides and that is not part of the
# standard library, with the version its module declares in __version__. Anything else (a program's
# own modules, standard modules, packages Kiln does not have) is PackageNotFoundError, with
# CPython's text. Left out: entry points, files and requirements (Kiln's packages carry no
# installation records).
import re as _re
import sys as _sys

import _kiln_importlib

__all__ = ['Distribution', 'PackageMetadata', 'PackageNotFoundError', 'distribution', 'metadata', 'version']


class PackageNotFoundError(ModuleNotFoundError):
    def __str__(self):
        return f"No package metadata was found for {self.name}"

    @property
    def name(self):
        (name,) = self.args
        return name


def _import_name(distribution_name):
    # PEP 503's normalization (runs of -, _ and . are one separator), spelled as a module name
    return _re.sub(r'[-_.]+', '_', distribution_name).lower()


class PackageMetadata:
    # the core metadata fields of a distribution Kiln provides: Name and Version
    def __init__(self, name, version):
        self._fields = {'Metadata-Version': '2.1', 'Name': name, 'Version': version}

    def __getitem__(self, key):
        for k, v in self._fields.items():
            if k.lower() == key.lower():
                return v
        raise KeyError(key)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        return self.get(key) is not None

    def __iter__(self):
        return iter(self._fields)

    def __len__(self):
        return len(self._fields)

    def keys(self):
        return list(self._fields)

    def get_all(self, name, failobj=None):
        value = self.get(name)
        return [value] if value is not None else failobj

    @property
    def json(self):
        return {k.lower().replace('-', '_'): v for k, v in self._fields.items()}


class Distribution:
    def __init__(self, name, module):
        self._name = name
        self._module = module

    @classmethod
    def from_name(cls, name):
        if not name:
            raise ValueError("A distribution name is required.")
        module_name = _import_name(name)
        if module_name in _sys.stdlib_module_names or not _kiln_importlib.provided(module_name):
            raise PackageNotFoundError(name)
        module = _kiln_importlib.import_module(module_name)
        if not isinstance(getattr(module, '__version__', None), str):
            raise PackageNotFoundError(name)
        return cls(module_name, module)

    @property
    def metadata(self):
        return PackageMetadata(self._name, self.version)

    @property
    def name(self):
        return self._name

    @property
    def version(self):
        return self._module.__version__

    @property
    def requires(self):
        return None

    @property
    def files(self):
        return None


def distribution(distribution_name):
    return Distribution.from_name(distribution_name)


def metadata(distribution_name):
    return Distribution.from_name(distribution_name).metadata


def version(distribution_name):
    return Distribution.from_name(distribution_name).version


def requires(distribution_name):
    return Distribution.from_name(distribution_name).requires
