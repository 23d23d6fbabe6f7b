# A metaclass's __getattr__ and __getitem__ answer for its classes (probe 11: labml's BaseConfigs
# reads `FeedForwardConfigs.ffn`, an annotation-only name, through its metaclass's __getattr__).
# CPython looks a class attribute up on the class's MRO, then the metaclass's descriptors, and only
# then calls the metaclass's __getattr__; subscripting a class tries the metaclass's __getitem__
# before __class_getitem__.


class Meta(type):
    def __getattr__(cls, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return cls.__name__ + "." + name

    def __getitem__(cls, key):
        return (cls.__name__, key)

    def __len__(cls):
        return 3


class Configs(metaclass=Meta):
    ffn: int
    d_model = 512

    @classmethod
    def kind(cls):
        return "configs"


class Sub(Configs):
    heads: int


print(Configs.d_model, Configs.ffn, Configs.kind())
print(Sub.heads, Sub.d_model, Sub.ffn)
print(getattr(Configs, "missing"), hasattr(Configs, "x"), hasattr(Configs, "_private"))
print(Configs[3], Sub["k"], len(Sub))
try:
    Configs._hidden
except AttributeError as e:
    print("AttributeError", e)

# A plain class is untouched: misses still raise, and an instance does not see the metaclass hook.
class Plain:
    pass


try:
    Plain.nothing
except AttributeError as e:
    print(e)
try:
    Configs().ffn
except AttributeError as e:
    print(e)


class GenericLike:
    def __class_getitem__(cls, item):
        return "alias[" + str(item) + "]"


print(GenericLike[int])
