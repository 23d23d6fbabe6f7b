# A module that replaces itself in sys.modules with an object whose attributes are properties, the
# idiom torch.backends.cudnn and libraries such as `sh` use for module attributes that run code when
# set; other names are looked up in the original module.
import sys


def helper():
    return "from the module"


class _FlagsModule:
    def __init__(self, module):
        self._module = module
        self._allow = True
        self.log = []

    def __getattr__(self, name):
        return getattr(self._module, name)

    @property
    def allow(self):
        return self._allow

    @allow.setter
    def allow(self, value):
        self.log.append(("allow", value))
        self._allow = bool(value)


class _Plain:
    answer = 42


sys.modules[__name__] = _FlagsModule(sys.modules[__name__])
sys.modules[__name__ + "_plain"] = _Plain()
