# six (the Python 2/3 compatibility library) as PyTorch sources still import it:
# pytorch/examples super_resolution/data.py and the spatial-transformer tutorial do
# `from six.moves import urllib` (then urllib.request.build_opener / install_opener), older research
# code uses six.string_types, iteritems, with_metaclass / add_metaclass (ABCMeta bases), reraise and
# six.moves' renamed builtins. A class statement over six.with_metaclass must get the real metaclass
# and the bases, not the temporary class.
import abc

import six
from six.moves import urllib
from six.moves import cPickle, range, reduce, zip_longest
from six.moves.urllib.parse import urlparse, urlencode

print(six.PY2, six.PY3, six.string_types, six.integer_types, six.text_type, six.binary_type)
opener = urllib.request.build_opener()
opener.addheaders = [('User-agent', 'Mozilla/5.0')]
urllib.request.install_opener(opener)
print(opener.addheaders, urlparse('https://host/a/b?x=1').path, urlencode({'q': 'a b'}))
print(list(range(3)), reduce(lambda a, b: a * b, [1, 2, 3, 4]), list(zip_longest([1, 2], 'a', fillvalue=0)))
print(cPickle.loads(cPickle.dumps({'k': [1, 2]})))
d = {'b': 2, 'a': 1}
print(sorted(six.iteritems(d)), sorted(six.iterkeys(d)), sorted(six.itervalues(d)))
print(six.b('abc'), six.u('x'), six.ensure_str(b'y'), six.ensure_binary('z'), six.ensure_text(b'w'))
print(isinstance('s', six.string_types), isinstance(3, six.integer_types), six.callable(len))


class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns['tag'] = name.lower()
        return super().__new__(mcs, name, bases, ns)


class Base(six.with_metaclass(Meta, object)):
    pass


class Child(Base):
    pass


print(type(Base).__name__, [c.__name__ for c in Base.__mro__], Base.tag, Child.tag, type(Child).__name__)


class Abstract(six.with_metaclass(abc.ABCMeta, object)):
    @abc.abstractmethod
    def run(self):
        pass


class Impl(Abstract):
    def run(self):
        return 'ran'


try:
    Abstract()
except TypeError as e:
    print('TypeError', e)
print(Impl().run(), isinstance(Impl(), Abstract))


@six.add_metaclass(Meta)
class Decorated(object):
    x = 1


print(type(Decorated).__name__, Decorated.tag, Decorated.x)
try:
    try:
        raise KeyError('inner')
    except KeyError:
        six.reraise(ValueError, ValueError('outer'))
except ValueError as e:
    print('reraised', repr(e))
try:
    six.raise_from(RuntimeError('top'), IndexError('cause'))
except RuntimeError as e:
    print(repr(e), repr(e.__cause__))
