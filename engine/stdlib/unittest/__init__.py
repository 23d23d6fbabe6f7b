# unittest: TestCase (setUp/tearDown, setUpClass/tearDownClass, addCleanup, subTest, skipTest, the
# assert* methods with CPython 3.11's messages, safe_repr truncation and the shortened reprs of
# assertEqual), skip/skipIf/skipUnless/expectedFailure, SkipTest, TestSuite, TestLoader (test method
# names sorted, as CPython's loader does; loadTestsFromModule/Name(s)), TestResult, TextTestResult and
# TextTestRunner (dots or verbose lines, the ERROR/FAIL blocks, "Ran N tests in T.TTTs", OK/FAILED
# summaries on stderr) and main(), which runs the TestCase classes of __main__ (or the names given in
# argv, with -v/-q) and exits 1 when a test failed, as `python -m unittest` scripts expect.
# PyTorch model repositories ship such test files (AntixK/PyTorch-VAE's tests/, torch's own style).
# Left out: the sequence/dict/multi-line diffs that assertEqual appends for lists, dicts and strings
# (the first line of those messages is CPython's; the ndiff part needs difflib), discover(), mock,
# IsolatedAsyncioTestCase and assertLogs; tracebacks of failures drop this module's frames, as
# CPython's result does.
import sys
import time

__all__ = ['TestResult', 'TestCase', 'TestSuite', 'TextTestRunner', 'TestLoader', 'FunctionTestCase',
           'main', 'defaultTestLoader', 'SkipTest', 'skip', 'skipIf', 'skipUnless', 'expectedFailure',
           'TextTestResult']

_MAX_LENGTH = 80
_PLACEHOLDER_LEN = 12
_MIN_BEGIN_LEN = 5
_MIN_END_LEN = 5
_MIN_COMMON_LEN = 5
_MIN_DIFF_LEN = _MAX_LENGTH - (_MIN_BEGIN_LEN + _PLACEHOLDER_LEN + _MIN_COMMON_LEN + _MIN_END_LEN)


def safe_repr(obj, short=False):
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < _MAX_LENGTH:
        return result
    return result[:_MAX_LENGTH] + ' [truncated]...'


def strclass(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def _shorten(s, prefixlen, suffixlen):
    skip = len(s) - prefixlen - suffixlen
    if skip > _PLACEHOLDER_LEN:
        s = '%s[%d chars]%s' % (s[:prefixlen], skip, s[len(s) - suffixlen:])
    return s


def _common_prefix(strs):
    first = strs[0]
    n = len(first)
    for s in strs[1:]:
        i = 0
        m = min(n, len(s))
        while i < m and first[i] == s[i]:
            i += 1
        n = i
    return first[:n]


def _common_shorten_repr(*args):
    # both reprs when they fit in 80 columns; otherwise the common prefix and each tail are shortened
    # to "[N chars]" placeholders, keeping where the values differ visible
    args = tuple(safe_repr(a) for a in args)
    maxlen = max(len(a) for a in args)
    if maxlen <= _MAX_LENGTH:
        return args
    prefix = _common_prefix(args)
    prefixlen = len(prefix)
    common_len = _MAX_LENGTH - (maxlen - prefixlen + _MIN_BEGIN_LEN + _PLACEHOLDER_LEN)
    if common_len > _MIN_COMMON_LEN:
        prefix = _shorten(prefix, _MIN_BEGIN_LEN, common_len)
        return tuple(prefix + s[prefixlen:] for s in args)
    prefix = _shorten(prefix, _MIN_BEGIN_LEN, _MIN_COMMON_LEN)
    return tuple(prefix + _shorten(s[prefixlen:], _MIN_DIFF_LEN, _MIN_END_LEN) for s in args)


class SkipTest(Exception):
    pass


class _ShouldStop(Exception):
    pass


def skip(reason):
    def decorator(test_item):
        test_item.__unittest_skip__ = True
        test_item.__unittest_skip_why__ = reason
        return test_item
    if callable(reason):  # @skip used without a reason: CPython's reason is then ''
        test_item = reason
        reason = ''
        return decorator(test_item)
    return decorator


def _id(obj):
    return obj


def skipIf(condition, reason):
    if condition:
        return skip(reason)
    return _id


def skipUnless(condition, reason):
    if not condition:
        return skip(reason)
    return _id


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


class _AssertRaisesContext:
    def __init__(self, expected, test_case, expected_regex=None, msg=None):
        self.expected = expected
        self.test_case = test_case
        if expected_regex is not None:
            import re
            expected_regex = re.compile(expected_regex) if isinstance(expected_regex, str) else expected_regex
        self.expected_regex = expected_regex
        self.msg = msg
        self.obj_name = None
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                exc_name = self.expected.__name__
            except AttributeError:
                exc_name = str(self.expected)
            if self.obj_name:
                self._raise_failure("{} not raised by {}".format(exc_name, self.obj_name))
            self._raise_failure("{} not raised".format(exc_name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.expected_regex is None:
            return True
        if not self.expected_regex.search(str(exc_value)):
            self._raise_failure('"{}" does not match "{}"'.format(self.expected_regex.pattern, str(exc_value)))
        return True

    def _raise_failure(self, standard_msg):
        raise self.test_case.failureException(self.test_case._formatMessage(self.msg, standard_msg))

    def handle(self, name, args, kwargs):
        # assertRaises(exc, callable, *args) or the context-manager form (no callable)
        if not args:
            self.msg = kwargs.pop('msg', None)
            if kwargs:
                raise TypeError('%r is an invalid keyword argument for this function' % (next(iter(kwargs)),))
            return self
        callable_obj = args[0]
        args = args[1:]
        try:
            self.obj_name = callable_obj.__name__
        except AttributeError:
            self.obj_name = str(callable_obj)
        with self:
            callable_obj(*args, **kwargs)
        return None


class _AssertWarnsContext:
    def __init__(self, expected, test_case, expected_regex=None, msg=None):
        self.expected = expected
        self.test_case = test_case
        self.expected_regex = expected_regex
        self.msg = msg
        self.warning = None
        self.filename = None
        self.lineno = None

    def __enter__(self):
        import warnings
        self._cm = warnings.catch_warnings(record=True)
        self.warnings = self._cm.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self._cm.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        for m in self.warnings:
            w = m.message
            if not isinstance(w, self.expected):
                continue
            if self.expected_regex is not None:
                import re
                if not re.search(self.expected_regex, str(w)):
                    continue
            self.warning = w
            self.filename = m.filename
            self.lineno = m.lineno
            return True
        name = getattr(self.expected, '__name__', str(self.expected))
        if self.expected_regex is not None:
            pattern = getattr(self.expected_regex, 'pattern', self.expected_regex)
            raise self.test_case.failureException(
                self.test_case._formatMessage(self.msg, '"{}" does not match "{}"'.format(pattern, '')))
        raise self.test_case.failureException(self.test_case._formatMessage(self.msg, "{} not triggered".format(name)))


class _SubTest:
    def __init__(self, test_case, message, params):
        self.test_case = test_case
        self._message = message
        self.params = params
        self.failureException = test_case.failureException

    def _subDescription(self):
        parts = []
        if self._message is not None:
            parts.append("[{}]".format(self._message))
        if self.params:
            parts.append("({})".format(", ".join("{}={!r}".format(k, v) for k, v in self.params.items())))
        return " ".join(parts) or '(<subtest>)'

    def id(self):
        return "{} {}".format(self.test_case.id(), self._subDescription())

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return "{} {}".format(self.test_case, self._subDescription())


class _SubTestContext:
    def __init__(self, case, msg, params):
        self.case = case
        self.sub = _SubTest(case, msg, params)

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            return False
        if issubclass(exc_type, SkipTest):
            self.case._result.addSkip(self.sub, str(exc_value))
        elif issubclass(exc_type, self.case.failureException):
            self.case._result.addSubTest(self.case, self.sub, (exc_type, exc_value, tb))
            self.case._outcome_success = False
        elif issubclass(exc_type, Exception):
            self.case._result.addSubTest(self.case, self.sub, (exc_type, exc_value, tb))
            self.case._outcome_success = False
        else:
            return False
        return True


class TestCase:
    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _classSetupFailed = False

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._cleanups = []
        self._result = None
        self._outcome_success = True
        try:
            testMethod = getattr(self, methodName)
        except AttributeError:
            if methodName != 'runTest':
                raise ValueError("no such test method in %s: %s" % (self.__class__, methodName))
            self._testMethodDoc = None
            return
        self._testMethodDoc = testMethod.__doc__

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def setUp(self):
        pass

    def tearDown(self):
        pass

    def addCleanup(self, function, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def doCleanups(self):
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def countTestCases(self):
        return 1

    def defaultTestResult(self):
        return TestResult()

    def id(self):
        return "%s.%s" % (strclass(self.__class__), self._testMethodName)

    def shortDescription(self):
        doc = self._testMethodDoc
        return doc.strip().split("\n")[0].strip() if doc else None

    def __str__(self):
        return "%s (%s.%s)" % (self._testMethodName, strclass(self.__class__), self._testMethodName)

    def __repr__(self):
        return "<%s testMethod=%s>" % (strclass(self.__class__), self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def subTest(self, msg=None, **params):
        return _SubTestContext(self, msg, params)

    def _call_phase(self, result, fn, expecting_failure):
        # runs one phase (setUp, the test, tearDown); returns False when it failed and was recorded
        try:
            fn()
            return True
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            result.addSkip(self, str(e))
            return None
        except BaseException as e:
            info = (type(e), e, e.__traceback__)
            if expecting_failure:
                result.addExpectedFailure(self, info)
            elif isinstance(e, self.failureException):
                result.addFailure(self, info)
            else:
                result.addError(self, info)
            return False

    def run(self, result=None):
        if result is None:
            result = self.defaultTestResult()
        self._result = result
        result.startTest(self)
        try:
            testMethod = getattr(self, self._testMethodName)
            if getattr(self.__class__, "__unittest_skip__", False) or getattr(testMethod, "__unittest_skip__", False):
                why = (getattr(self.__class__, '__unittest_skip_why__', '') or
                       getattr(testMethod, '__unittest_skip_why__', ''))
                result.addSkip(self, why)
                return result
            expecting_failure = getattr(testMethod, "__unittest_expecting_failure__", False) or \
                getattr(self, "__unittest_expecting_failure__", False)
            self._outcome_success = True
            ok = self._call_phase(result, self.setUp, False)
            if ok:
                ok = self._call_phase(result, testMethod, expecting_failure)
                if ok and not self._outcome_success:
                    ok = False  # a subTest failed and was recorded
                    if expecting_failure:
                        result.addExpectedFailure(self, None)
                td = self._call_phase(result, self.tearDown, False)
                if ok and td:
                    if expecting_failure:
                        result.addUnexpectedSuccess(self)
                    else:
                        result.addSuccess(self)
            while self._cleanups:
                function, args, kwargs = self._cleanups.pop()
                self._call_phase(result, lambda: function(*args, **kwargs), False)
            return result
        finally:
            result.stopTest(self)
            self._result = None

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        self.doCleanups()

    # ---- assertions: messages are CPython 3.11's ----
    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        try:
            return '%s : %s' % (standardMsg, msg)
        except UnicodeDecodeError:
            return '%s : %s' % (safe_repr(standardMsg), safe_repr(msg))

    def fail(self, msg=None):
        raise self.failureException(msg)

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, "%s is not false" % safe_repr(expr)))

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, "%s is not true" % safe_repr(expr)))

    def assertRaises(self, expected_exception, *args, **kwargs):
        return _AssertRaisesContext(expected_exception, self).handle('assertRaises', args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        return _AssertRaisesContext(expected_exception, self, expected_regex).handle('assertRaisesRegex', args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        ctx = _AssertWarnsContext(expected_warning, self, None, kwargs.pop('msg', None))
        if not args:
            return ctx
        with ctx:
            args[0](*args[1:], **kwargs)

    def assertWarnsRegex(self, expected_warning, expected_regex, *args, **kwargs):
        ctx = _AssertWarnsContext(expected_warning, self, expected_regex, kwargs.pop('msg', None))
        if not args:
            return ctx
        with ctx:
            args[0](*args[1:], **kwargs)

    def _typed_equal_header(self, first, second):
        # the first line CPython's type-specific assertEqual methods give (their diffs are left out)
        for kind, name in ((list, 'list'), (tuple, 'tuple'), (dict, None), (set, None), (frozenset, None)):
            if type(first) is kind and type(second) is kind:
                if kind is dict:
                    return '%s != %s' % _common_shorten_repr(first, second)
                if kind in (set, frozenset):
                    return None
                return self._sequence_header(first, second, name)
        return None

    def _sequence_header(self, seq1, seq2, seq_type_name):
        differing = '%ss differ: %s != %s\n' % ((seq_type_name.capitalize(),) + _common_shorten_repr(seq1, seq2))
        len1 = len(seq1)
        len2 = len(seq2)
        for i in range(min(len1, len2)):
            item1 = seq1[i]
            item2 = seq2[i]
            if item1 != item2:
                differing += '\nFirst differing element %d:\n%s\n%s\n' % ((i,) + _common_shorten_repr(item1, item2))
                return differing
        if len1 > len2:
            differing += '\nFirst %s contains %d additional elements.\n' % (seq_type_name, len1 - len2)
            differing += 'First extra element %d:\n%s\n' % (len2, safe_repr(seq1[len2]))
        elif len1 < len2:
            differing += '\nSecond %s contains %d additional elements.\n' % (seq_type_name, len2 - len1)
            differing += 'First extra element %d:\n%s\n' % (len1, safe_repr(seq2[len1]))
        return differing

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            standardMsg = self._typed_equal_header(first, second)
            if standardMsg is None:
                standardMsg = '%s != %s' % _common_shorten_repr(first, second)
            self.fail(self._formatMessage(msg, standardMsg))

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, '%s == %s' % (safe_repr(first), safe_repr(second))))

    def assertListEqual(self, list1, list2, msg=None):
        if not isinstance(list1, list):
            self.fail('First sequence is not a list: %s' % safe_repr(list1))
        if not isinstance(list2, list):
            self.fail('Second sequence is not a list: %s' % safe_repr(list2))
        self.assertEqual(list1, list2, msg)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        if not isinstance(tuple1, tuple):
            self.fail('First sequence is not a tuple: %s' % safe_repr(tuple1))
        if not isinstance(tuple2, tuple):
            self.fail('Second sequence is not a tuple: %s' % safe_repr(tuple2))
        self.assertEqual(tuple1, tuple2, msg)

    def assertDictEqual(self, d1, d2, msg=None):
        if not isinstance(d1, dict):
            self.fail('First argument is not a dictionary')
        if not isinstance(d2, dict):
            self.fail('Second argument is not a dictionary')
        self.assertEqual(d1, d2, msg)

    def assertSetEqual(self, set1, set2, msg=None):
        self.assertEqual(set1, set2, msg)

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        if seq1 == seq2:
            return
        self.fail(self._formatMessage(msg, self._sequence_header(seq1, seq2, 'sequence')))

    def assertMultiLineEqual(self, first, second, msg=None):
        self.assertEqual(first, second, msg)

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standardMsg = '%s != %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standardMsg = '%s != %s within %r places (%s difference)' % (
                safe_repr(first), safe_repr(second), places, safe_repr(diff))
        self.fail(self._formatMessage(msg, standardMsg))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standardMsg = '%s == %s within %s delta (%s difference)' % (
                safe_repr(first), safe_repr(second), safe_repr(delta), safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standardMsg = '%s == %s within %r places' % (safe_repr(first), safe_repr(second), places)
        self.fail(self._formatMessage(msg, standardMsg))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(msg, '%s is not %s' % (safe_repr(expr1), safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, 'unexpectedly identical: %s' % (safe_repr(expr1),)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, '%s is not None' % (safe_repr(obj),)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, 'unexpectedly None'))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, '%s not found in %s' % (safe_repr(member), safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, '%s unexpectedly found in %s' % (safe_repr(member),
                                                                                 safe_repr(container))))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is not an instance of %r' % (safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is an instance of %r' % (safe_repr(obj), cls)))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, '%s not less than %s' % (safe_repr(a), safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, '%s not less than or equal to %s' % (safe_repr(a), safe_repr(b))))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, '%s not greater than %s' % (safe_repr(a), safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(msg, '%s not greater than or equal to %s' % (safe_repr(a),
                                                                                       safe_repr(b))))

    def assertRegex(self, text, expected_regex, msg=None):
        import re
        if isinstance(expected_regex, str):
            expected_regex = re.compile(expected_regex)
        if not expected_regex.search(text):
            self.fail(self._formatMessage(msg, "Regex didn't match: %r not found in %r" % (expected_regex.pattern,
                                                                                           text)))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        import re
        if isinstance(unexpected_regex, str):
            unexpected_regex = re.compile(unexpected_regex)
        match = unexpected_regex.search(text)
        if match:
            standardMsg = 'Regex matched: %r matches %r in %r' % (text[match.start():match.end()],
                                                                  unexpected_regex.pattern, text)
            self.fail(self._formatMessage(msg, standardMsg))

    def assertCountEqual(self, first, second, msg=None):
        first_seq = list(first)
        second_seq = list(second)
        differences = []
        # counts of each element, in order of first appearance (first's, then second's), as CPython's
        # _count_diff_all_purpose reports them
        seen = []
        for elem in first_seq + second_seq:
            found = False
            for s in seen:
                if s == elem:
                    found = True
                    break
            if found:
                continue
            seen.append(elem)
            cnt_s = sum(1 for x in first_seq if x == elem)
            cnt_t = sum(1 for x in second_seq if x == elem)
            if cnt_s != cnt_t:
                differences.append((cnt_s, cnt_t, elem))
        if differences:
            standardMsg = 'Element counts were not equal:\n'
            lines = ['First has %d, Second has %d:  %r' % diff for diff in differences]
            standardMsg += '\n'.join(lines)
            self.fail(self._formatMessage(msg, standardMsg))

    # the 2.x spellings CPython 3.11 still has (deprecated aliases)
    failUnlessEqual = assertEquals = assertEqual
    failIfEqual = assertNotEquals = assertNotEqual
    failUnlessAlmostEqual = assertAlmostEquals = assertAlmostEqual
    failIfAlmostEqual = assertNotAlmostEquals = assertNotAlmostEqual
    failUnless = assert_ = assertTrue
    failUnlessRaises = assertRaises
    failIf = assertFalse
    assertRaisesRegexp = assertRaisesRegex
    assertRegexpMatches = assertRegex
    assertNotRegexpMatches = assertNotRegex


class FunctionTestCase(TestCase):
    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        super().__init__()
        self._setUpFunc = setUp
        self._tearDownFunc = tearDown
        self._testFunc = testFunc
        self._description = description

    def setUp(self):
        if self._setUpFunc is not None:
            self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None:
            self._tearDownFunc()

    def runTest(self):
        self._testFunc()

    def id(self):
        return self._testFunc.__name__

    def __str__(self):
        return "%s (%s)" % (strclass(self.__class__), self._testFunc.__name__)

    def shortDescription(self):
        if self._description is not None:
            return self._description
        doc = self._testFunc.__doc__
        return doc and doc.split("\n")[0].strip() or None


class TestSuite:
    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def __repr__(self):
        return "<%s tests=%s>" % (strclass(self.__class__), list(self))

    def __iter__(self):
        return iter(self._tests)

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return list(self) == list(other)

    def countTestCases(self):
        return sum(t.countTestCases() for t in self._tests)

    def addTest(self, test):
        if not callable(test):
            raise TypeError("{} is not callable".format(repr(test)))
        if isinstance(test, type) and issubclass(test, (TestCase, TestSuite)):
            raise TypeError("TestCases and TestSuites must be instantiated before passing them to addTest()")
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError("tests must be an iterable of tests, not a string")
        for test in tests:
            self.addTest(test)

    def _flat(self, out):
        for t in self._tests:
            if isinstance(t, TestSuite):
                t._flat(out)
            else:
                out.append(t)
        return out

    def run(self, result, debug=False):
        # class fixtures: setUpClass before a class's first test, tearDownClass once the run moves on
        # to another class (CPython's _handleClassSetUp/_tearDownPreviousClass, flattened)
        top = getattr(result, '_kiln_suite_running', False) is False
        if not top:
            for test in self._tests:
                if result.shouldStop:
                    break
                test(result)
            return result
        result._kiln_suite_running = True
        previous = None
        try:
            for test in self._flat([]):
                if result.shouldStop:
                    break
                cls = test.__class__
                if cls is not previous:
                    if previous is not None:
                        self._tear_down_class(previous, result)
                    previous = cls
                    cls._classSetupFailed = False
                    if not getattr(cls, '__unittest_skip__', False):
                        try:
                            cls.setUpClass()
                        except SkipTest as e:
                            cls._classSetupFailed = True
                            result.addSkip(_ErrorHolder('setUpClass (%s)' % strclass(cls)), str(e))
                        except Exception as e:
                            cls._classSetupFailed = True
                            result.addError(_ErrorHolder('setUpClass (%s)' % strclass(cls)),
                                            (type(e), e, e.__traceback__))
                if cls._classSetupFailed:
                    continue
                test(result)
            if previous is not None:
                self._tear_down_class(previous, result)
        finally:
            result._kiln_suite_running = False
        return result

    def _tear_down_class(self, cls, result):
        if cls._classSetupFailed or getattr(cls, '__unittest_skip__', False):
            return
        try:
            cls.tearDownClass()
        except Exception as e:
            result.addError(_ErrorHolder('tearDownClass (%s)' % strclass(cls)), (type(e), e, e.__traceback__))

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def debug(self):
        for test in self:
            test.debug()


class _ErrorHolder:
    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self):
        return self.description

    def shortDescription(self):
        return None

    def __str__(self):
        return self.id()

    def countTestCases(self):
        return 0


class TestLoader:
    testMethodPrefix = 'test'
    suiteClass = TestSuite
    testNamePatterns = None

    def __init__(self):
        self.errors = []

    def getTestCaseNames(self, testCaseClass):
        names = []
        for name in dir(testCaseClass):
            if not name.startswith(self.testMethodPrefix):
                continue
            if callable(getattr(testCaseClass, name)):
                names.append(name)
        names.sort()
        return names

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite. Maybe you meant to derive from "
                            "TestCase?")
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, 'runTest'):
            names = ['runTest']
        return self.suiteClass([testCaseClass(n) for n in names])

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and obj is not TestCase \
                    and obj is not FunctionTestCase:
                tests.append(self.loadTestsFromTestCase(obj))
        load_tests = getattr(module, 'load_tests', None)
        tests = self.suiteClass(tests)
        if load_tests is not None:
            return load_tests(self, tests, pattern)
        return tests

    def loadTestsFromName(self, name, module=None):
        parts = name.split('.')
        if module is None:
            import importlib
            module = importlib.import_module(parts[0])
            parts = parts[1:]
        obj = module
        parent = None
        for part in parts:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(parent, type) and issubclass(parent, TestCase):
            return self.suiteClass([parent(parts[-1])])
        if isinstance(obj, TestSuite):
            return obj
        if callable(obj):
            test = obj()
            if isinstance(test, (TestSuite, TestCase)):
                return test
            raise TypeError("calling %s returned %s, not a test" % (obj, test))
        if hasattr(obj, '__dict__') and not isinstance(obj, type):
            return self.loadTestsFromModule(obj)
        raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(name, module) for name in names])

    # discover: CPython 3.12's loader.discover. The top-level directory goes first on sys.path; the
    # start directory's files matching `pattern` (valid module names) are imported by their dotted names
    # relative to it, packages (folders with __init__.py) are entered unless their load_tests says
    # otherwise, in sorted order; a module that fails to import becomes a failing test named after it.
    # (`python -m unittest discover` is how piEsposito/blitz-bayesian-deep-learning runs its tests.)
    # Start directories given as dotted module names, namespace packages and _jython_aware_splitext
    # are left out.
    def discover(self, start_dir, pattern='test*.py', top_level_dir=None):
        import os
        set_implicit_top = False
        if top_level_dir is None and getattr(self, '_top_level_dir', None) is not None:
            top_level_dir = self._top_level_dir
        elif top_level_dir is None:
            set_implicit_top = True
            top_level_dir = start_dir
        top_level_dir = os.path.abspath(top_level_dir)
        if top_level_dir not in sys.path:
            sys.path.insert(0, top_level_dir)
        self._top_level_dir = top_level_dir
        if not hasattr(self, '_loading_packages'):
            self._loading_packages = set()
        is_not_importable = False
        if os.path.isdir(os.path.abspath(start_dir)):
            start_dir = os.path.abspath(start_dir)
            if start_dir != top_level_dir:
                is_not_importable = not os.path.isfile(os.path.join(start_dir, '__init__.py'))
        else:
            raise NotImplementedError("unittest.TestLoader.discover: a start directory given as a module "
                                      "name (%r) is not supported in Kiln; pass its folder" % (start_dir,))
        if is_not_importable:
            raise ImportError('Start directory is not importable: %r' % start_dir)
        tests = list(self._find_tests(start_dir, pattern))
        return self.suiteClass(tests)

    def _get_name_from_path(self, path):
        import os
        if path == self._top_level_dir:
            return '.'
        path = os.path.splitext(os.path.normpath(path))[0]
        _relpath = os.path.relpath(path, self._top_level_dir)
        assert not os.path.isabs(_relpath), "Path must be within the project"
        assert not _relpath.startswith('..'), "Path must be within the project"
        return _relpath.replace(os.path.sep, '.')

    def _find_tests(self, start_dir, pattern):
        import os
        name = self._get_name_from_path(start_dir)
        if name != '.' and name not in self._loading_packages:
            tests, should_recurse = self._find_test_path(start_dir, pattern)
            if tests is not None:
                yield tests
            if not should_recurse:
                return
        paths = sorted(os.listdir(start_dir))
        for path in paths:
            full_path = os.path.join(start_dir, path)
            tests, should_recurse = self._find_test_path(full_path, pattern)
            if tests is not None:
                yield tests
            if should_recurse:
                name = self._get_name_from_path(full_path)
                self._loading_packages.add(name)
                try:
                    yield from self._find_tests(full_path, pattern)
                finally:
                    self._loading_packages.discard(name)

    def _find_test_path(self, full_path, pattern):
        import os
        import re
        import fnmatch
        import importlib
        basename = os.path.basename(full_path)
        if os.path.isfile(full_path):
            if not re.match(r'[_a-z]\w*\.py$', basename, re.IGNORECASE):
                return None, False
            if not fnmatch.fnmatch(basename, pattern):
                return None, False
            name = self._get_name_from_path(full_path)
            try:
                module = importlib.import_module(name)
            except SkipTest as e:
                return self.suiteClass([_make_skipped_test(name, e)]), False
            except Exception:
                import traceback
                message = 'Failed to import test module: %s\n%s' % (name, traceback.format_exc())
                self.errors.append(message)
                return self.suiteClass([_FailedTest(name, ImportError(message))]), False
            return self.loadTestsFromModule(module, pattern=pattern), False
        elif os.path.isdir(full_path):
            if not os.path.isfile(os.path.join(full_path, '__init__.py')):
                return None, False
            name = self._get_name_from_path(full_path)
            try:
                package = importlib.import_module(name)
            except SkipTest as e:
                return self.suiteClass([_make_skipped_test(name, e)]), False
            except Exception:
                import traceback
                message = 'Failed to import test module: %s\n%s' % (name, traceback.format_exc())
                self.errors.append(message)
                return self.suiteClass([_FailedTest(name, ImportError(message))]), False
            load_tests = getattr(package, 'load_tests', None)
            self._loading_packages.add(name)
            try:
                tests = self.loadTestsFromModule(package, pattern=pattern)
                if load_tests is not None:
                    return tests, False
                return tests, True
            finally:
                self._loading_packages.discard(name)
        return None, False


class _FailedTest(TestCase):
    # unittest.loader's stand-in for a module discover could not import: one test, named after the
    # module, that raises the import error when run. Its ids read unittest.loader._FailedTest.NAME
    # as in CPython.
    __module__ = 'unittest.loader'
    _testMethodName = None

    def __init__(self, method_name, exception):
        self._exception = exception
        super().__init__(method_name)

    def __getattr__(self, name):
        if name != self._testMethodName:
            raise AttributeError(name)

        def testFailure():
            raise self._exception
        return testFailure


def _make_skipped_test(methodname, exception):
    @skip(str(exception))
    def testSkipped(self):
        pass
    attrs = {methodname: testSkipped}
    return type("ModuleSkipped", (TestCase,), attrs)(methodname)


defaultTestLoader = TestLoader()


def _format_err(test, err):
    exctype, value, tb = err
    import traceback
    lines = traceback.format_exception(exctype, value, tb)
    out = []
    skip_next = False
    for line in lines:
        # this module's frames are left out, as CPython's TestResult drops unittest's own frames
        if line.startswith('  File "<frozen unittest'):
            skip_next = True
            continue
        if skip_next and line.startswith('    '):
            skip_next = False
            continue
        skip_next = False
        out.append(line)
    return ''.join(out)


class TestResult:
    _previousTestClass = None

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False

    def startTest(self, test):
        self.testsRun += 1

    def startTestRun(self):
        pass

    def stopTest(self, test):
        pass

    def stopTestRun(self):
        pass

    def addError(self, test, err):
        self.errors.append((test, _format_err(test, err)))
        if self.failfast:
            self.stop()

    def addFailure(self, test, err):
        self.failures.append((test, _format_err(test, err)))
        if self.failfast:
            self.stop()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], test.failureException):
                errors = self.failures
            else:
                errors = self.errors
            errors.append((subtest, _format_err(test, err)))
            if self.failfast:
                self.stop()

    def addSuccess(self, test):
        pass

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, _format_err(test, err) if err is not None else ''))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return ((len(self.failures) == len(self.errors) == 0) and
                (not hasattr(self, 'unexpectedSuccesses') or len(self.unexpectedSuccesses) == 0))

    def stop(self):
        self.shouldStop = True

    def __repr__(self):
        return ("<%s run=%i errors=%i failures=%i>" %
                (strclass(self.__class__), self.testsRun, len(self.errors), len(self.failures)))


class TextTestResult(TestResult):
    separator1 = '=' * 70
    separator2 = '-' * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions
        self._newline = True

    def getDescription(self, test):
        doc_first_line = test.shortDescription()
        if self.descriptions and doc_first_line:
            return '\n'.join((str(test), doc_first_line))
        return str(test)

    def _write(self, s):
        self.stream.write(s)

    def startTest(self, test):
        super().startTest(test)
        if self.showAll:
            self._write(self.getDescription(test))
            self._write(" ... ")
            self.stream.flush()
            self._newline = False

    def _write_status(self, test, status):
        is_subtest = isinstance(test, _SubTest)
        if is_subtest or self._newline:
            if not self._newline:
                self._write("\n")
            if is_subtest:
                self._write("  ")
            self._write(self.getDescription(test))
            self._write(" ... ")
        self._write(status + "\n")
        self.stream.flush()
        self._newline = True

    def _dot(self, ch):
        self._write(ch)
        self.stream.flush()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if self.showAll:
                if issubclass(err[0], subtest.failureException):
                    self._write_status(subtest, "FAIL")
                else:
                    self._write_status(subtest, "ERROR")
            elif self.dots:
                self._dot('F' if issubclass(err[0], subtest.failureException) else 'E')
        super().addSubTest(test, subtest, err)

    def addSuccess(self, test):
        super().addSuccess(test)
        if self.showAll:
            self._write_status(test, "ok")
        elif self.dots:
            self._dot('.')

    def addError(self, test, err):
        super().addError(test, err)
        if self.showAll:
            self._write_status(test, "ERROR")
        elif self.dots:
            self._dot('E')

    def addFailure(self, test, err):
        super().addFailure(test, err)
        if self.showAll:
            self._write_status(test, "FAIL")
        elif self.dots:
            self._dot('F')

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        if self.showAll:
            self._write_status(test, "skipped {0!r}".format(reason))
        elif self.dots:
            self._dot('s')

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        if self.showAll:
            self._write_status(test, "expected failure")
        elif self.dots:
            self._dot('x')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        if self.showAll:
            self._write_status(test, "unexpected success")
        elif self.dots:
            self._dot('u')

    def printErrors(self):
        if self.dots or self.showAll:
            self._write("\n")
            self.stream.flush()
        self.printErrorList('ERROR', self.errors)
        self.printErrorList('FAIL', self.failures)
        unexpected = getattr(self, 'unexpectedSuccesses', ())
        if unexpected:
            self._write(self.separator1 + "\n")
            for test in unexpected:
                self._write("UNEXPECTED SUCCESS: %s\n" % self.getDescription(test))
            self.stream.flush()

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self._write(self.separator1 + "\n")
            self._write("%s: %s\n" % (flavour, self.getDescription(test)))
            self._write(self.separator2 + "\n")
            self._write("%s\n" % err)
            self.stream.flush()


class TextTestRunner:
    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False, buffer=False,
                 resultclass=None, warnings=None, *, tb_locals=False):
        self.stream = stream if stream is not None else sys.stderr
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        self.buffer = buffer
        self.tb_locals = tb_locals
        self.warnings = warnings
        if resultclass is not None:
            self.resultclass = resultclass

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def run(self, test):
        result = self._makeResult()
        result.failfast = self.failfast
        result.buffer = self.buffer
        startTime = time.perf_counter()
        result.startTestRun()
        try:
            test(result)
        finally:
            result.stopTestRun()
        timeTaken = time.perf_counter() - startTime
        result.printErrors()
        w = self.stream.write
        if hasattr(result, 'separator2'):
            w(result.separator2 + "\n")
        run = result.testsRun
        w("Ran %d test%s in %.3fs\n" % (run, run != 1 and "s" or "", timeTaken))
        w("\n")
        expectedFails = len(result.expectedFailures)
        unexpectedSuccesses = len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        infos = []
        if not result.wasSuccessful():
            w("FAILED")
            failed, errored = len(result.failures), len(result.errors)
            if failed:
                infos.append("failures=%d" % failed)
            if errored:
                infos.append("errors=%d" % errored)
        elif run == 0 and not skipped:
            w("NO TESTS RAN")
        else:
            w("OK")
        if skipped:
            infos.append("skipped=%d" % skipped)
        if expectedFails:
            infos.append("expected failures=%d" % expectedFails)
        if unexpectedSuccesses:
            infos.append("unexpected successes=%d" % unexpectedSuccesses)
        if infos:
            w(" (%s)\n" % (", ".join(infos),))
        else:
            w("\n")
        self.stream.flush()
        return result


class TestProgram:
    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None, catchbreak=None,
                 buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            module = sys.modules[module]
        self.module = module
        if argv is None:
            argv = sys.argv
        self.exit = exit
        self.failfast = failfast
        self.verbosity = verbosity
        self.defaultTest = defaultTest
        self.testRunner = testRunner
        self.testLoader = testLoader
        self.progName = argv[0] if argv else ''
        self.parseArgs(argv)
        self.runTests()

    def parseArgs(self, argv):
        names = []
        for a in argv[1:]:
            if a in ('-v', '--verbose'):
                self.verbosity = 2
            elif a in ('-q', '--quiet'):
                self.verbosity = 0
            elif a in ('-f', '--failfast'):
                self.failfast = True
            elif a.startswith('-'):
                pass
            else:
                names.append(a)
        if names:
            self.testNames = names
        elif self.defaultTest is None:
            self.testNames = None
        elif isinstance(self.defaultTest, str):
            self.testNames = (self.defaultTest,)
        else:
            self.testNames = list(self.defaultTest)
        if self.testNames is None:
            self.test = self.testLoader.loadTestsFromModule(self.module)
        else:
            self.test = self.testLoader.loadTestsFromNames(self.testNames, self.module)

    def runTests(self):
        testRunner = self.testRunner
        if testRunner is None:
            testRunner = TextTestRunner
        if isinstance(testRunner, type):
            testRunner = testRunner(verbosity=self.verbosity, failfast=bool(self.failfast))
        self.result = testRunner.run(self.test)
        if self.exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram
