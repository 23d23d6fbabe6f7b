# torch.nn.modules.container for Kiln: the list-editing methods of nn.Sequential and nn.ModuleList
# that PyTorch writes in Python (torch/nn/modules/container.py) and real model code calls while
# building networks (lucidrains' Karras U-Net prepends decoder blocks with ModuleList.insert(0, ...);
# surgery code pops or deletes layers of a Sequential): insert, pop, __delitem__ (both renumber the
# children from 0 afterwards, as PyTorch rebuilds _modules), __add__ and __iadd__, and Sequential's
# repetition (__mul__, __rmul__, __imul__: the same layer objects repeated, as in PyTorch), with PyTorch's
# errors. engine/bindings/nn.cpp forwards these names here; the children are edited through the
# module's _modules table, whose writes reach the native module.
import operator

from torch.nn import Module, ModuleList, Sequential

__all__ = ["insert", "pop", "__delitem__", "__add__", "__iadd__", "__mul__", "__rmul__", "__imul__"]


def _renumber(self):
    mods = list(self._modules.values())
    for k in list(self._modules.keys()):
        del self._modules[k]
    for i, m in enumerate(mods):
        self._modules[str(i)] = m


def _abs_index(self, idx):
    # ModuleList._get_abs_string_index / Sequential._get_item_by_idx
    idx = operator.index(idx)
    n = len(self)
    if not (-n <= idx < n):
        raise IndexError(f"index {idx} is out of range")
    if idx < 0:
        idx += n
    return list(self._modules.keys())[idx]


def insert(self, index, module):
    if isinstance(self, Sequential):
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self
    for i in range(len(self._modules), index, -1):
        self._modules[str(i)] = self._modules[str(i - 1)]
    self._modules[str(index)] = module


def __delitem__(self, idx):
    if isinstance(idx, slice):
        for key in list(self._modules.keys())[idx]:
            del self._modules[key]
    else:
        del self._modules[_abs_index(self, idx)]
    _renumber(self)


def pop(self, key):
    v = self[key]
    __delitem__(self, key)
    return v


def __add__(self, other):
    if isinstance(self, Sequential):
        if isinstance(other, Sequential):
            ret = Sequential()
            for layer in self:
                ret.append(layer)
            for layer in other:
                ret.append(layer)
            return ret
        raise ValueError("add operator supports only objects of Sequential class, but {} is given.".format(str(type(other))))
    combined = ModuleList()
    for i, module in enumerate(list(self) + list(other)):
        combined.add_module(str(i), module)
    return combined


def __iadd__(self, other):
    if isinstance(self, Sequential):
        if isinstance(other, Sequential):
            offset = len(self)
            for i, module in enumerate(other):
                self.add_module(str(i + offset), module)
            return self
        raise ValueError("add operator supports only objects of Sequential class, but {} is given.".format(str(type(other))))
    return self.extend(other)


def _check_factor(self, other):
    if not isinstance(other, int):
        raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
    if other <= 0:
        raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")


def __mul__(self, other):
    _check_factor(self, other)
    combined = Sequential()
    offset = 0
    for _ in range(other):
        for module in self:
            combined.add_module(str(offset), module)
            offset += 1
    return combined


def __rmul__(self, other):
    return __mul__(self, other)


def __imul__(self, other):
    _check_factor(self, other)
    len_original = len(self)
    offset = len(self)
    for _ in range(other - 1):
        for i in range(len_original):
            self.add_module(str(i + offset), self._modules[str(i)])
        offset += len_original
    return self
