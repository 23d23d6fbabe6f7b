# Inheritance: super().__init__, overriding, isinstance, issubclass.
class Animal:
    sound = "..."
    def __init__(self, name, legs=4):
        self.name = name
        self.legs = legs
    def speak(self):
        return self.name + " says " + self.sound
    def kind(self):
        return "animal"
    def info(self):
        return self.kind() + ":" + self.name + ":" + str(self.legs)
class Dog(Animal):
    sound = "woof"
    def kind(self):
        return "dog"
class Bird(Animal):
    sound = "tweet"
    def __init__(self, name, can_fly=True):
        super().__init__(name, legs=2)
        self.can_fly = can_fly
    def kind(self):
        return "bird" if self.can_fly else "flightless bird"
    def speak(self):
        base = super().speak()
        return base + "!"
class Penguin(Bird):
    def __init__(self, name):
        super().__init__(name, can_fly=False)
    def speak(self):
        return super().speak().upper()
zoo = [Animal("Generic"), Dog("Rex"), Bird("Tweety"), Penguin("Pingu")]
for a in zoo:
    print(a.speak(), "|", a.info())
print([type(a).__name__ for a in zoo])
print(isinstance(zoo[3], Bird), isinstance(zoo[3], Animal), isinstance(zoo[1], Bird))
print(isinstance(zoo[2], (Dog, Bird)), isinstance(5, (str, float)), isinstance(5, (str, int)))
print(issubclass(Penguin, Animal), issubclass(Dog, Bird), issubclass(Dog, Dog), issubclass(Dog, object))
print(isinstance(True, int), isinstance(1, bool), isinstance(1.0, int), isinstance(None, object))
print(Penguin.sound, Dog.sound, Animal.sound)
class Base:
    def __init__(self):
        self.log = ["Base"]
class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Mid")
class Leaf(Mid):
    def __init__(self):
        super().__init__()
        self.log.append("Leaf")
print(Leaf().log)
class NoInit(Mid):
    pass
print(NoInit().log)
