# six.moves: the Python 3 names of what Python 2 called otherwise (six 1.17's _moved_attributes
# that Kiln has): builtins, the renamed standard modules, and six.moves.urllib (a package here).
import builtins
import configparser
import copyreg
import functools
import io
import itertools
import pickle
import queue
import reprlib
import shlex
import subprocess
import collections

from . import urllib

cPickle = pickle
builtins = builtins
configparser = configparser
copyreg = copyreg
queue = queue
reprlib = reprlib
filter = builtins.filter
filterfalse = itertools.filterfalse
input = builtins.input
intern = __import__("sys").intern
map = builtins.map
range = builtins.range
xrange = builtins.range
zip = builtins.zip
zip_longest = itertools.zip_longest
reduce = functools.reduce
UserDict = collections.UserDict
UserList = collections.UserList
UserString = collections.UserString
StringIO = io.StringIO
cStringIO = io.StringIO
getcwd = __import__("os").getcwd
shlex_quote = shlex.quote
getoutput = getattr(subprocess, "getoutput", None)
