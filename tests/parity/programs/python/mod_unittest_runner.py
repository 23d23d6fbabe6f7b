# unittest: TestCase fixtures and assertions, skips, expected failures, subTest, the loader's order,
# and TextTestRunner's report (written to a StringIO and printed here without its timing line).
import io
import unittest

log = []


class Arithmetic(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        log.append("tearDownClass")

    def setUp(self):
        log.append("setUp " + self._testMethodName)
        self.addCleanup(log.append, "cleanup " + self._testMethodName)

    def tearDown(self):
        log.append("tearDown " + self._testMethodName)

    def test_b_equal_fails(self):
        """Compares two ints."""
        self.assertEqual(1 + 1, 3)

    def test_a_ok(self):
        self.assertTrue(isinstance(self.id(), str))
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertIn(2, [1, 2])
        with self.assertRaises(ZeroDivisionError) as cm:
            1 / 0
        log.append(type(cm.exception).__name__)
        self.assertRaises(ValueError, int, "x")

    def test_c_error(self):
        raise KeyError("k")

    @unittest.skip("not today")
    def test_d_skipped(self):
        pass

    def test_e_subtests(self):
        for i in range(4):
            with self.subTest(i=i):
                self.assertLess(i, 2)

    @unittest.expectedFailure
    def test_f_expected(self):
        self.assertIsNone(0)

    def test_g_skip_inside(self):
        self.skipTest("inside")

    def helper(self):
        pass


class Messages(unittest.TestCase):
    def test_messages(self):
        checks = [
            lambda: self.assertEqual(1, 2),
            lambda: self.assertEqual(1, 2, "custom"),
            lambda: self.assertEqual("a" * 100, "a" * 99 + "b"),
            lambda: self.assertNotEqual(3, 3),
            lambda: self.assertTrue(0),
            lambda: self.assertFalse([1]),
            lambda: self.assertIs(None, 1),
            lambda: self.assertIsNot(None, None),
            lambda: self.assertIsNotNone(None),
            lambda: self.assertIn(5, (1, 2)),
            lambda: self.assertNotIn(1, {1: 2}),
            lambda: self.assertIsInstance(3, str),
            lambda: self.assertNotIsInstance(3, int),
            lambda: self.assertAlmostEqual(1.0, 1.1),
            lambda: self.assertAlmostEqual(1.0, 1.5, delta=0.1),
            lambda: self.assertAlmostEqual(1.0, 1.01, places=3),
            lambda: self.assertNotAlmostEqual(1.0, 1.0),
            lambda: self.assertGreater(1, 2),
            lambda: self.assertGreaterEqual(1, 2),
            lambda: self.assertLessEqual(3, 2),
            lambda: self.assertRegex("hello", "^x"),
            lambda: self.assertCountEqual([1, 1, 2], [1, 2, 2]),
            lambda: self.assertRaisesRegex(ValueError, "abc", int, "x"),
            lambda: self.assertRaises(ValueError, lambda: None),
            lambda: self.assertEqual([1, 2, 3], [1, 2, 4]),
            lambda: self.assertEqual((1, 2), (1, 2, 3)),
            lambda: self.assertEqual([1, 2, 3], [1, 2]),
            lambda: self.assertSequenceEqual([1, 2], (1, 3)),
            lambda: self.assertEqual({"a": 1}, {"a": 2}),
            lambda: self.fail("plain"),
        ]
        for check in checks:
            try:
                check()
                print("no error")
            except AssertionError as e:
                print(str(e).split("\n\n- ")[0].split("\n- ")[0].rstrip("\n"))


def report(verbosity):
    stream = io.StringIO()
    suite = unittest.TestLoader().loadTestsFromTestCase(Arithmetic)
    result = unittest.TextTestRunner(stream=stream, verbosity=verbosity).run(suite)
    for line in stream.getvalue().split("\n"):
        if line.startswith("Ran "):
            line = line.split(" in ")[0]
        if line.startswith("  File ") or line.startswith("    ") or line.startswith("Traceback"):
            continue
        print(line)
    print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          len(result.expectedFailures), result.wasSuccessful())
    print([str(t) for t, _ in result.failures])
    print([(str(t), why) for t, why in result.skipped])


print(unittest.TestLoader().getTestCaseNames(Arithmetic))
report(1)
print(log)
del log[:]
report(2)
suite = unittest.TestSuite()
suite.addTest(Messages("test_messages"))
unittest.TextTestRunner(stream=io.StringIO()).run(suite)
print(str(Messages("test_messages")), Messages("test_messages").id())
unittest.main(argv=["prog", "Messages"], exit=False, testRunner=unittest.TextTestRunner(stream=io.StringIO()))
