# A class whose metaclass is local to a factory function (six.with_metaclass's temporary metaclass,
# registries built in a function) keeps that metaclass alive: type(A) after the factory returned,
# calls through the metaclass's __call__, and subclassing A (the metaclass is derived from A's).
import gc


def make(tag):
    class Meta(type):
        def __call__(cls, *args):
            return (tag, cls.__name__, args)

        def __repr__(cls):
            return "<%s class %s>" % (tag, cls.__name__)

    class A(metaclass=Meta):
        pass

    return A


classes = [make("t%d" % i) for i in range(3)]
gc.collect()
junk = [[i] * 10 for i in range(2000)]
for A in classes:
    print(type(A).__name__, A, A(1, 2))


class B(classes[0]):
    pass


print(type(B).__name__, B, B(3))
print(type(B) is type(classes[0]), isinstance(B, type))
