# unittest.TestLoader.discover over a package tree written to a temporary directory (CPython 3.12's
# rules; `python -m unittest discover -p '*_test.py'` is how piEsposito/blitz-bayesian-deep-learning
# runs its tests, probe 28: Kiln refused discover): the pattern, sorted order, packages entered only
# with an __init__.py, a load_tests hook, a module that fails to import turned into a failing
# _FailedTest, the top-level directory put on sys.path, and an unimportable start directory.
import io
import os
import sys
import tempfile
import unittest

FILES = {
    "pkg/__init__.py": "",
    "pkg/helper.py": "VALUE = 41\n",
    "pkg/test_math.py": (
        "import unittest\nfrom pkg.helper import VALUE\n\n"
        "class MathTest(unittest.TestCase):\n"
        "    def test_add(self):\n        self.assertEqual(VALUE + 1, 42)\n"
        "    def test_wrong(self):\n        self.assertEqual(VALUE, 42)\n"
        "    def helper(self):\n        pass\n"
    ),
    "pkg/test_broken.py": "import unittest\nimport no_such_module_for_discover\n",
    "pkg/sub/__init__.py": "",
    "pkg/sub/test_deep.py": (
        "import unittest\n\nclass Deep(unittest.TestCase):\n"
        "    def test_one(self):\n        pass\n"
        "    @unittest.skip('not today')\n    def test_skipped(self):\n        pass\n"
    ),
    "pkg/sub/deep_check.py": "import unittest\n\nclass NotMatched(unittest.TestCase):\n    def test_x(self):\n        pass\n",
    "pkg/hooked/__init__.py": (
        "import unittest\n\ndef load_tests(loader, tests, pattern):\n"
        "    suite = unittest.TestSuite()\n    suite.addTests(tests)\n    return suite\n"
    ),
    "pkg/hooked/test_hidden.py": "import unittest\n\nclass Hidden(unittest.TestCase):\n    def test_h(self):\n        pass\n",
    "pkg/nopkg/test_orphan.py": "import unittest\n\nclass Orphan(unittest.TestCase):\n    def test_o(self):\n        pass\n",
}


def ids(suite):
    out = []
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            out.extend(ids(t))
        else:
            out.append(t.id())
    return out


with tempfile.TemporaryDirectory() as root:
    for rel, text in FILES.items():
        path = os.path.join(root, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    loader = unittest.TestLoader()
    suite = loader.discover(os.path.join(root, "pkg"), pattern="test*.py", top_level_dir=root)
    print("tests:", suite.countTestCases())
    for name in ids(suite):
        print(" ", name)
    print("top level on sys.path:", sys.path[0] == os.path.abspath(root))
    print("loader errors:", len(loader.errors), loader.errors[0].splitlines()[0])
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print("run", result.testsRun, "failures", [t.id() for t, _ in result.failures],
          "errors", [t.id() for t, _ in result.errors], "skipped", [t.id() for t, _ in result.skipped])
    print("wasSuccessful", result.wasSuccessful())
    deep = unittest.TestLoader().discover(os.path.join(root, "pkg", "sub"), pattern="*_check.py", top_level_dir=root)
    print("pattern *_check.py:", ids(deep))
    try:
        unittest.TestLoader().discover(os.path.join(root, "pkg", "nopkg"), top_level_dir=root)
    except ImportError as e:
        print("ImportError:", str(e).replace(root, "<root>"))
