# os.PathLike: the ABC library code checks paths with (isinstance(p, os.PathLike)); a class defining
# __fspath__ is a virtual subclass, one setting it to None is not, and subclassing it without
# __fspath__ leaves an abstract class.
import os
import pathlib


class P:
    def __fspath__(self):
        return 'p.txt'


class NotPath:
    __fspath__ = None


print(isinstance(pathlib.Path('a'), os.PathLike), isinstance(pathlib.PurePosixPath('a'), os.PathLike))
print(isinstance('a', os.PathLike), isinstance(b'a', os.PathLike), isinstance(P(), os.PathLike))
print(issubclass(P, os.PathLike), issubclass(NotPath, os.PathLike), issubclass(str, os.PathLike))
print(os.fspath(P()), os.PathLike.__name__, os.PathLike.__module__ in ('os', 'posix'))


class Sub(os.PathLike):
    pass


try:
    Sub()
except TypeError as e:
    print('TypeError:', e)


class Good(os.PathLike):
    def __fspath__(self):
        return 'good'


print(os.fspath(Good()), isinstance(Good(), os.PathLike))
