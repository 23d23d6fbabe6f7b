# enum: a custom __init__ that replaces the member's value (self._value_ = ...), as torchvision's
# WeightsEnum does; aliases, lookup by name and value, properties forwarding to the value.
from dataclasses import dataclass
from enum import Enum


@dataclass
class Spec:
    url: str
    size: int


class SpecEnum(Enum):
    def __init__(self, value):
        self._value_ = value

    @property
    def url(self):
        return self.value.url

    def __repr__(self):
        return f"{self.__class__.__name__}.{self._name_}"


class Sizes(SpecEnum):
    SMALL = Spec("s.pth", 1)
    LARGE = Spec("l.pth", 10)
    DEFAULT = LARGE


print(list(Sizes), Sizes.DEFAULT, Sizes.DEFAULT is Sizes.LARGE)
print(Sizes["SMALL"].url, Sizes(Spec("l.pth", 10)), Sizes.LARGE.value.size)
print(len(Sizes), [m.name for m in Sizes], Sizes.__members__.keys() == {"SMALL", "LARGE", "DEFAULT"})


class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
        self._value_ = mass


print(Planet.EARTH.value, Planet.EARTH.radius, Planet.EARTH.mass)
try:
    Planet.EARTH.value = 3
except AttributeError as e:
    print(type(e).__name__)
