import re
import os
import unittest
from unittest import mock
from unittest.mock import Mock, MagicMock, patch, call, ANY, sentinel, DEFAULT, PropertyMock, NonCallableMock, create_autospec, mock_open


def scrub(s):
    return re.sub(r"id='\d+'", "id=?", str(s))


def show_error(f):
    try:
        f()
    except (AssertionError, AttributeError, TypeError, StopIteration, ValueError, KeyError) as e:
        print(type(e).__name__ + ":", scrub(e))
    else:
        print("no error")


m = Mock()
print(scrub(repr(m)), scrub(repr(m.foo)), scrub(repr(m.foo.bar.return_value)), scrub(repr(m.return_value)))
m(1, 2, a=3)
m.foo(4)
m.foo.bar(5).baz()
print(m.called, m.call_count, m.call_args, m.call_args.args, m.call_args.kwargs, m.call_args_list)
print(m.method_calls)
print(m.mock_calls)
print(m.foo.mock_calls, m.call_args == call(1, 2, a=3), m.call_args == ((1, 2), {"a": 3}))
name, args, kwargs = m.mock_calls[1]
print(name, args, kwargs)
m.assert_called_with(1, 2, a=3)
m.assert_called_once_with(1, 2, a=ANY)
m.foo.assert_called_once()
show_error(lambda: m.assert_called_with(1))
show_error(lambda: m.foo.assert_called_with(5))
show_error(lambda: Mock().assert_called_with(5))
show_error(lambda: Mock(name="thing").assert_called())
show_error(lambda: m.assert_not_called())
m(7)
show_error(lambda: m.assert_called_once())
show_error(lambda: m.assert_called_once_with(7))
show_error(lambda: m.assert_any_call(99))
m.assert_any_call(1, 2, a=3)
m.assert_has_calls([call(1, 2, a=3), call.foo(4)])
m.assert_has_calls([call(7), call(1, 2, a=3)], any_order=True)
show_error(lambda: m.assert_has_calls([call(7), call(1, 2, a=3)]))
show_error(lambda: m.assert_has_calls([call(8)], any_order=True))
show_error(lambda: m.assert_called_once_wiht(1))
show_error(lambda: m.assret_called())

# return_value, side_effect
r = Mock(return_value=42)
print(r(), r("x"))
s = Mock(side_effect=[1, 2, ValueError("boom")])
print(s(), s())
show_error(s)
show_error(s)
e = Mock(side_effect=KeyError("k"))
show_error(e)
f = Mock(side_effect=lambda x: x * 10)
print(f(3))
g = Mock(side_effect=lambda: DEFAULT, return_value="dflt")
print(g())
w = Mock(wraps=lambda a, b: a + b)
print(w(2, 3), w.call_args)
cfg = Mock(**{"method.return_value": 3, "other.side_effect": KeyError, "attr": "val"})
print(cfg.method(), cfg.attr)
show_error(cfg.other)
cfg.configure_mock(**{"a.b.c.return_value": "deep"})
print(cfg.a.b.c())

# reset
m.reset_mock()
print(m.call_count, m.call_args, m.mock_calls, m.foo.call_count)
r.reset_mock(return_value=True)
print(scrub(r()))

# MagicMock magic methods
mm = MagicMock()
print(len(mm), list(mm), 3 in mm, bool(mm), int(mm), float(mm), mm[0] is mm[1], scrub(mm[0]))
mm.__len__.return_value = 5
mm.__iter__.return_value = [1, 2, 3]
mm.__getitem__.side_effect = lambda k: k * 2
mm.__contains__.return_value = True
print(len(mm), list(mm), mm[4], "x" in mm, mm.__len__.call_count)
with mm as ctx:
    print(scrub(ctx))
mm.__enter__.return_value = "entered"
with mm as ctx:
    print(ctx)
print(mm == mm, mm != mm, mm == 1, mm < 1 if False else "skip")
print(mm.mock_calls[:4])
mm.__str__.return_value = "custom str"
print(str(mm))
n = Mock()
n.__len__ = lambda self: 11
print(len(n))
show_error(lambda: len(Mock()))

# names, parents, attach_mock
parent = Mock()
child1 = Mock(return_value=None)
child2 = Mock(return_value=None)
parent.attach_mock(child1, "child1")
parent.child2 = child2
child1(1)
child2(2)
print(parent.mock_calls, parent.method_calls)
named = Mock(name="Named")
print(scrub(named), scrub(named.attr), scrub(named.attr()))
del named.attr
show_error(lambda: named.attr)

# spec
class Api:
    x = 1
    def get(self, key, default=None):
        return key
    def put(self, key, value):
        pass
sp = Mock(spec=Api)
print(isinstance(sp, Api), scrub(sp), scrub(sp.get))
show_error(lambda: sp.missing)
sp.new_attr = 1
ss = Mock(spec_set=Api)
def set_missing():
    ss.missing = 1
show_error(set_missing)
sp2 = Mock(spec=["a", "b"])
print(scrub(sp2.a))
show_error(lambda: sp2.c)
auto = create_autospec(Api)
inst = auto()
inst.get("k")
inst.get.assert_called_with("k")
inst.get.assert_called_with(key="k")
show_error(lambda: inst.get())
show_error(lambda: inst.nope)
print(auto.mock_calls)
fn_spec = Mock(spec=lambda a, b=2: None)
fn_spec(1, b=3)
fn_spec.assert_called_with(a=1, b=3)
show_error(lambda: fn_spec(1, 2, 3))

# call objects
print(call(1, a=2), call.foo.bar(3), call(1).foo(2).call_list(), call.x)
print(call(1) == call(1), call(1) == call(2), call.a(1) == call.b(1), call(ANY) == call(5))
print(sentinel.thing, sentinel.thing is sentinel.thing, DEFAULT, ANY)

# patch as decorator / context manager / object / dict / multiple
import json
@patch("json.dumps")
def use_dumps(mock_dumps):
    mock_dumps.return_value = "patched"
    return json.dumps({"a": 1}), scrub(mock_dumps)
print(use_dumps(), json.dumps({"a": 1}))
with patch("os.getcwd", return_value="/fake") as fake:
    print(os.getcwd(), fake.call_count)
print(os.getcwd() != "/fake")

class Service:
    rate = 1.5
    def fetch(self):
        return "real"
    @property
    def name(self):
        return "real-name"

with patch.object(Service, "fetch", return_value="mocked") as mf:
    print(Service().fetch(), mf.call_count)
print(Service().fetch())
with patch.object(Service, "name", new_callable=PropertyMock) as pn:
    pn.return_value = "prop"
    print(Service().name, pn.call_count)
print(Service().name)
with patch.object(Service, "rate", 9):
    print(Service.rate)
print(Service.rate)

@patch.object(Service, "fetch")
@patch("json.loads")
def two(mock_loads, mock_fetch):
    return mock_loads._mock_name, mock_fetch._mock_name
print(two())

d = {"a": 1}
with patch.dict(d, {"b": 2}, c=3):
    print(sorted(d.items()))
print(d)
with patch.dict(d, clear=True):
    print(d)
print(d)
with patch.dict(os.environ, {"KILN_TEST_VAR": "1"}):
    print(os.environ.get("KILN_TEST_VAR"))
print(os.environ.get("KILN_TEST_VAR"))

with patch.multiple(Service, fetch=DEFAULT, rate=7) as values:
    print(sorted(values), Service.rate, scrub(Service.fetch))
print(Service.rate)

p = patch("json.dumps", return_value="started")
started = p.start()
print(json.dumps(1))
p.stop()
print(json.dumps(1))
patch("json.loads", return_value=0).start()
patch.stopall()
print(json.loads("5"))
try:
    patch("fractions.no_such_name").start()
except AttributeError as e:
    print("AttributeError", str(e).split(" does not")[1])
show_error(lambda: patch("nodots"))
with patch("json.no_such_name", create=True, new=3):
    print(json.no_such_name)
print(hasattr(json, "no_such_name"))

@patch("json.dumps", return_value="cls")
class TestThing(unittest.TestCase):
    def test_one(self, md):
        self.assertEqual(json.dumps(1), "cls")
        md.assert_called_once_with(1)
    def helper(self):
        return json.dumps(2)
t = TestThing("test_one")
res = unittest.TestResult()
t.run(res)
print(res.wasSuccessful(), res.testsRun, TestThing("test_one").helper())

# mock_open
mo = mock_open(read_data="line1\nline2\n")
with patch("builtins.open", mo):
    with open("whatever.txt") as fh:
        print(repr(fh.read()))
    with open("again.txt") as fh:
        print([l for l in fh])
    with open("out.txt", "w") as fh:
        fh.write("x")
print(mo.call_args_list)
mo.return_value.write.assert_called_once_with("x")

# NonCallableMock, PropertyMock directly
nc = NonCallableMock()
show_error(lambda: nc())
pm = PropertyMock(return_value=3)
print(pm(), pm.call_count)
print(type(MagicMock()).__name__, isinstance(MagicMock(), Mock), issubclass(type(Mock()), Mock))
