# typing.override (CPython 3.12, PEP 698): marks a method as overriding one of its base class by
# setting __override__ = True, skipping objects whose attributes cannot be set; nothing is checked.
import typing
from typing import override


class Base:
    def step(self):
        return 'base'

    def name(self):
        return 'Base'


class Child(Base):
    @override
    def step(self):
        return 'child'

    @override
    def missing_in_base(self):
        return 'no check at runtime'

    @typing.override
    @property
    def label(self):
        return 'label'


c = Child()
print(c.step(), c.name(), c.missing_in_base(), c.label)
print(Child.step.__override__, getattr(Base.step, '__override__', 'absent'))
print(Child.missing_in_base.__override__, Child.__dict__['label'].fget.__name__)
print(override(len) is len, hasattr(len, '__override__'))
print(override(3), override('s'), 'override' in typing.__all__)


class Meta:
    @staticmethod
    @override
    def helper():
        return 'static'

    @classmethod
    @override
    def make(cls):
        return cls.__name__


print(Meta.helper(), Meta.make(), Meta.__dict__['helper'].__func__.__override__)
