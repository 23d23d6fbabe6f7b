# @property (getter only and with setter), @staticmethod, @classmethod.
class Temperature:
    scale = "C"
    instances = 0
    def __init__(self, celsius):
        self._c = celsius
        Temperature.instances += 1
    @property
    def celsius(self):
        return self._c
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @staticmethod
    def c_to_f(c):
        return c * 9 / 5 + 32
    @staticmethod
    def describe():
        return "temperature converter"
    @classmethod
    def from_fahrenheit(cls, f):
        return cls((f - 32) * 5 / 9)
    @classmethod
    def get_scale(cls):
        return cls.__name__ + " in " + cls.scale
t = Temperature(100)
print(t.celsius, t.fahrenheit)
print(Temperature.c_to_f(0), t.c_to_f(-40), Temperature.describe())
u = Temperature.from_fahrenheit(212)
print(u.celsius, type(u).__name__, Temperature.instances)
print(Temperature.get_scale(), t.get_scale())
class Kelvin(Temperature):
    scale = "K"
k = Kelvin.from_fahrenheit(32)
print(type(k).__name__, k.celsius, Kelvin.get_scale(), isinstance(k, Temperature))
try:
    t.celsius = 5
except AttributeError as e:
    print("AttributeError caught")
print(t.celsius)
class Account:
    def __init__(self):
        self._balance = 0
    @property
    def balance(self):
        return self._balance
    @balance.setter
    def balance(self, value):
        if value < 0:
            raise ValueError("negative balance: " + str(value))
        self._balance = value
acc = Account()
acc.balance = 50
acc.balance += 25
print(acc.balance)
try:
    acc.balance = -1
except ValueError as e:
    print("ValueError:", e)
print(acc.balance, acc._balance)
