# importlib.machinery: ModuleSpec and SourceFileLoader, the pieces that load a Python file from a
# path as a module: importlib.util.spec_from_file_location(name, path) gives a spec whose loader is
# a SourceFileLoader, module_from_spec makes the empty module, loader.exec_module(module) compiles
# the file's text under its own file name (tracebacks point at it) and runs it in the module's
# namespace. Config systems load Python config files this way (yacs CfgNode.load_cfg of a .py file,
# mmcv-style Config.fromfile). The file is read through open(), so it stays inside the sandbox.
# Left out: the other finders and loaders (extension modules, bytecode caches, zip imports).

SOURCE_SUFFIXES = ['.py']
BYTECODE_SUFFIXES = ['.pyc']
EXTENSION_SUFFIXES = []


def all_suffixes():
    return SOURCE_SUFFIXES + BYTECODE_SUFFIXES + EXTENSION_SUFFIXES


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.has_location = False
        self.cached = None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    def __repr__(self):
        args = [f"name={self.name!r}", f"loader={self.loader!r}"]
        if self.origin is not None:
            args.append(f"origin={self.origin!r}")
        if self.submodule_search_locations is not None:
            args.append(f"submodule_search_locations={self.submodule_search_locations}")
        return f"ModuleSpec({', '.join(args)})"

    def __eq__(self, other):
        if not isinstance(other, ModuleSpec):
            return NotImplemented
        return (self.name == other.name and self.loader == other.loader and self.origin == other.origin
                and self.submodule_search_locations == other.submodule_search_locations
                and self.cached == other.cached and self.has_location == other.has_location)


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def __eq__(self, other):
        return self.__class__ == other.__class__ and self.__dict__ == other.__dict__

    def __hash__(self):
        return hash(self.name) ^ hash(self.path)

    def get_filename(self, name=None):
        return self.path

    def is_package(self, fullname):
        import os
        filename = os.path.split(self.get_filename(fullname))[1]
        return filename.rsplit('.', 1)[0] == '__init__'

    def get_data(self, path):
        with open(path, 'rb') as f:
            return f.read()

    def get_source(self, fullname):
        return self.get_data(self.get_filename(fullname)).decode('utf-8')

    def get_code(self, fullname):
        return compile(self.get_source(fullname), self.get_filename(fullname), 'exec', dont_inherit=True)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        code = self.get_code(module.__name__)
        exec(code, module.__dict__)
