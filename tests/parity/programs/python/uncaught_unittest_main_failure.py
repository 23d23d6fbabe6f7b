# unittest.main() in a test script: tests run in name order (prints go to stdout), the report goes to
# stderr, and a failing test makes the script exit with status 1; the report's last line names the counts.
import unittest


class Shapes(unittest.TestCase):
    def setUp(self):
        self.sizes = [2, 3, 4]

    def test_sum(self):
        print("test_sum")
        self.assertEqual(sum(self.sizes), 9)

    def test_area(self):
        print("test_area")
        self.assertEqual(self.sizes[0] * self.sizes[1], 7)

    def test_broken(self):
        print("test_broken")
        self.sizes.missing()

    @unittest.skipIf(True, "skipped on purpose")
    def test_skip(self):
        print("never")


if __name__ == "__main__":
    unittest.main()
