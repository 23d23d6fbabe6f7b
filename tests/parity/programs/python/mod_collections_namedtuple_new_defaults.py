# namedtuple defaults live on the generated __new__, as in CPython: `__new__.__defaults__` reads
# them (None without defaults=, the tuple with it), and assigning it afterwards gives every field a
# default (lukemelas/EfficientNet-PyTorch: `GlobalParams.__new__.__defaults__ = (None,) *
# len(GlobalParams._fields)`, then `BlockArgs()` and `GlobalParams(width_coefficient=1.0)`), while
# _field_defaults keeps what defaults= said. Shorter tuples cover the last fields only.
import collections

P = collections.namedtuple('P', 'x y z')
print(P.__new__.__defaults__, P._field_defaults)
Q = collections.namedtuple('Q', 'a b', defaults=[7])
print(Q.__new__.__defaults__, Q._field_defaults, Q(1))
GlobalParams = collections.namedtuple('GlobalParams', ['width_coefficient', 'depth_coefficient', 'image_size', 'dropout_rate'])
GlobalParams.__new__.__defaults__ = (None,) * len(GlobalParams._fields)
print(GlobalParams(), GlobalParams(width_coefficient=1.0, dropout_rate=0.2))
print(GlobalParams._field_defaults, GlobalParams(1, 2)._replace(image_size=224))
P.__new__.__defaults__ = (0, 0)
print(P(5), P(5, 6), P(x=1, z=3))
try:
    P()
except TypeError as e:
    print(e)
P.__new__.__defaults__ = None
try:
    P(1)
except TypeError as e:
    print(e)
